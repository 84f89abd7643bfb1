"""A match's configuration: what it was set up with when it began, kept for the whole
match and stored with it (``matches.config``, a JSON object).

``timing``: the server's decision timers when the match began (``/bingo settings
timers``), as ``(turn, counter, choice)`` seconds, or ``None`` for a match stored before
matches kept their own (the runtime's :class:`~bot.matches.runtime.Timing` then).
``quick``: per seat, whether its counter windows are quick (the member's ``/bingo quick``
choice when the match began; ``Match.quick_counter``). ``language``: the language of the
match's public text (the server's when it began; ``None``: English, or a match stored
before matches kept their languages, see :attr:`MatchConfig.has_language`).
``languages``: per seat, the language of the player's private text (their choice, or
their last interaction's locale, see :mod:`bot.i18n.service`; ``None``: the match's
``language``; the bot's seat has none); it follows the players during the match.
``tips``: the tips of a member's first match against the bot (:class:`Tips`, or ``None``).
``accessible``: per seat, whether its member uses screen-reader mode (``/bingo
accessibility``; read when the match begins, changed at once by the command).
``tournament``: the id of the tournament whose table the match is (``None``: a match of
its own); its result offers no rematch (the tournament pairs its players).

``languages``, ``tips`` and ``accessible`` change during a match: the owner replaces the
configuration (it is frozen) and stores it again with the match's display bookkeeping. Rows stored
before they moved here kept them in the ``ui`` JSON (``ui["languages"]``, ``ui["tips"]``):
:meth:`MatchConfig.from_json` reads those keys too. Message ids and the like are display
bookkeeping, kept in the ``ui`` column by the delivery instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .runtime import Timing


@dataclass(frozen=True, slots=True)
class Tips:
    """The tips of a member's first match against the bot: the seat they are shown to
    (``player``) and, per kind of decision (``"mulligan"``, ``"counter"``...), the
    version whose panel shows it (``shown``: a kind is shown at one version only).
    Stored as ``{"player": int, "shown": {kind: version}}``."""

    player: int
    shown: tuple[tuple[str, int], ...] = ()

    def version_of(self, kind: str) -> int | None:
        """The version whose panel shows the tip ``kind``, or ``None`` (not yet)."""
        return dict(self.shown).get(kind)

    def showing(self, kind: str, version: int) -> Tips:
        """These tips with ``kind`` shown at ``version``."""
        return Tips(self.player, (*((k, v) for k, v in self.shown if k != kind), (kind, version)))

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "shown": dict(self.shown)}

    @classmethod
    def from_json(cls, stored: Mapping[str, Any] | None) -> Tips | None:
        """The tips :meth:`to_json` stored (``None``: none). Raises ``KeyError`` or
        ``TypeError`` for another shape."""
        if not stored:
            return None
        shown = stored.get("shown") or {}
        return cls(int(stored["player"]), tuple((str(k), int(v)) for k, v in shown.items()))


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """A match's configuration (see the module docstring)."""

    timing: tuple[float, float, float] | None = None
    quick: tuple[bool, bool] = (False, False)
    language: str | None = None
    #: Whether ``language`` was stored (matches stored before it existed lack it: the
    #: owner fills in the server's language when loading them).
    has_language: bool = True
    #: Per seat, the language of the player's private text (``None``: ``language``).
    languages: tuple[str | None, str | None] = (None, None)
    #: The tips of a first match against the bot (:class:`Tips`), or ``None``.
    tips: Tips | None = None
    #: Per seat, whether its member uses screen-reader mode.
    accessible: tuple[bool, bool] = (False, False)
    #: The tournament whose table this match is (``None``: none).
    tournament: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The stored JSON object: ``{"quick": [bool, bool], "language": str | None}``
        and, when set, ``"timing": {"turn", "counter", "choice"}`` (seconds),
        ``"languages": [str | None, str | None]``, ``"tips": {"player", "shown"}``,
        ``"accessible": [bool, bool]`` and ``"tournament": int``."""
        stored: dict[str, Any] = {"quick": list(self.quick)}
        if self.has_language:
            stored["language"] = self.language
        if any(self.languages):
            stored["languages"] = list(self.languages)
        if self.tips is not None:
            stored["tips"] = self.tips.to_json()
        if any(self.accessible):
            stored["accessible"] = list(self.accessible)
        if self.tournament is not None:
            stored["tournament"] = self.tournament
        if self.timing is not None:
            turn, counter, choice = self.timing
            stored["timing"] = {"turn": turn, "counter": counter, "choice": choice}
        return stored

    @classmethod
    def from_json(cls, stored: Mapping[str, Any]) -> MatchConfig:
        """The configuration :meth:`to_json` stored (also as the keys of an old ``ui``
        held them); missing keys read as a match stored before they existed.

        Raises:
            KeyError/TypeError/ValueError: a key holds something else.
        """
        quick = stored.get("quick") or [False, False]
        timing = stored.get("timing")
        languages = stored.get("languages") or [None, None]
        accessible = stored.get("accessible") or [False, False]
        tournament = stored.get("tournament")
        return cls(
            timing=None
            if not timing
            else (float(timing["turn"]), float(timing["counter"]), float(timing["choice"])),
            quick=(bool(quick[0]), bool(quick[1])),
            language=stored.get("language"),
            has_language="language" in stored,
            languages=(languages[0], languages[1]),
            tips=Tips.from_json(stored.get("tips")),
            accessible=(bool(accessible[0]), bool(accessible[1])),
            tournament=None if tournament is None else int(tournament),
        )

    @classmethod
    def of(cls, timing: Timing | None, quick: tuple[bool, bool]) -> MatchConfig:
        """A new match's configuration: its ``timing`` (``None``: the runtime's) and its
        seats' ``quick`` counter windows; its language is not set yet
        (:meth:`with_language`)."""
        seconds = (
            None
            if timing is None
            else (timing.turn_seconds, timing.counter_seconds, timing.choice_seconds)
        )
        return cls(seconds, (bool(quick[0]), bool(quick[1])), None, has_language=False)

    def timing_over(self, base: Timing) -> Timing | None:
        """The match's own timers on top of ``base`` (its other fields kept), or ``None``
        when it has none (the runtime's apply)."""
        if self.timing is None:
            return None
        turn, counter, choice = self.timing
        return dataclasses.replace(
            base, turn_seconds=turn, counter_seconds=counter, choice_seconds=choice
        )

    def with_language(self, language: str | None) -> MatchConfig:
        """This configuration with its public ``language`` set."""
        return dataclasses.replace(self, language=language, has_language=True)

    def with_seat_language(self, player: int, language: str | None) -> MatchConfig:
        """This configuration with seat ``player``'s private ``language`` set."""
        if self.languages[player] == language:
            return self
        languages = list(self.languages)
        languages[player] = language
        return dataclasses.replace(self, languages=(languages[0], languages[1]))

    def with_tips(self, tips: Tips | None) -> MatchConfig:
        """This configuration with its ``tips`` replaced (``None``: tips off)."""
        return dataclasses.replace(self, tips=tips)

    def with_tournament(self, tournament_id: int | None) -> MatchConfig:
        """This configuration as a table of tournament ``tournament_id`` (``None``: none)."""
        return dataclasses.replace(self, tournament=tournament_id)

    def with_seat_accessible(self, player: int, on: bool) -> MatchConfig:
        """This configuration with seat ``player``'s screen-reader mode set to ``on``."""
        if self.accessible[player] == on:
            return self
        seats = list(self.accessible)
        seats[player] = on
        return dataclasses.replace(self, accessible=(seats[0], seats[1]))
