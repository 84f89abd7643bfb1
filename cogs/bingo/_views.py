"""The controls of BingoMagic, as restart-proof ``DynamicItem`` s.

Every control carries what it needs in its ``custom_id``, so a click works the same
after a restart. The strings are unchanged since the first release (live buttons keep
working); actions inside them are read and written only by
:class:`bot.engine.actions.Action`:

==================================  ==============================================
``bingo:m:<match>:<version>:<act>``  a decision (the action ``act``) at a version
``bingo:c:<challenge>:<answer>``     Accept / Decline on a challenge
``bingo:h:<match>``                  "Show my hand" on the public board
``bingo:a:<match>``                  "Play again" under a result against the bot
==================================  ==============================================

Each control is a :class:`Control`: it parses its ``custom_id`` and routes the click
to the handler the cog binds at load (:func:`bind`), through
:func:`bot.interactions.run_guarded` (the one error path). The views that carry them
never time out (``timeout=None``): a decision stops working when the match's version
moves on, not when a timer in this process fires.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Self

import discord

from bot.engine.actions import Action, Verb
from bot.i18n import t
from bot.interactions import run_guarded

from ._render import action_label

ROW_WIDTH = 5
MAX_BUTTONS = 25

#: ``handler(interaction, control)``: what a click on a control does (bound by the cog).
Handler = Callable[[discord.Interaction[Any], Any], Awaitable[None]]
_HANDLERS: dict[type[Control], Handler] = {}


def bind(handlers: Mapping[type[Control], Handler]) -> None:
    """Route clicks on each control class to its handler (the cog does this at load)."""
    _HANDLERS.update(handlers)


def unbind() -> None:
    """Forget every handler (the cog is unloading): later clicks report an error."""
    _HANDLERS.clear()


class Control(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A BingoMagic button: subclasses give a ``template`` and :meth:`parse`."""

    where: ClassVar[str] = "bingo control"

    @classmethod
    def parse(cls, found: re.Match[str]) -> Self:
        """The control described by a ``custom_id`` matching the template."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> Self:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler = _HANDLERS.get(type(self))

        async def missing() -> None:
            raise RuntimeError("the Bingo cog is not loaded")

        await run_guarded(
            interaction,
            handler(interaction, self) if handler is not None else missing(),
            where=f"{self.where} {self.custom_id}",
        )


def _button(custom_id: str, label: str, **kwargs: Any) -> discord.ui.Button:
    return discord.ui.Button(custom_id=custom_id, label=label, **kwargs)


class DecisionButton(
    Control, template=r"bingo:m:(?P<match>\d+):(?P<version>\d+):(?P<action>[a-z_]+(?::\d+)?)"
):
    """One legal action of one player at one state version. ``action`` is ``None`` when
    the custom_id holds no well-formed action (answered as no longer current)."""

    where = "bingo decision"

    def __init__(
        self,
        match_id: int,
        version: int,
        action: Action | None,
        label: str = "…",
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        raw: str | None = None,
    ) -> None:
        text = str(action) if action is not None else raw or ""
        super().__init__(
            _button(
                f"bingo:m:{match_id}:{version}:{text}", label, emoji=emoji, style=style, row=row
            )
        )
        self.match_id = match_id
        self.version = version
        self.action = action

    @classmethod
    def parse(cls, found: re.Match[str]) -> DecisionButton:
        try:
            action: Action | None = Action.parse(found["action"])
        except ValueError:
            action = None
        return cls(int(found["match"]), int(found["version"]), action, raw=found["action"])


class Answer(StrEnum):
    """The two answers to a challenge."""

    ACCEPT = "accept"
    DECLINE = "decline"


class ChallengeButton(Control, template=r"bingo:c:(?P<challenge>\d+):(?P<answer>accept|decline)"):
    """Accept or Decline on a challenge; only the challenged member may use it."""

    where = "bingo challenge"

    def __init__(self, challenge_id: int, answer: Answer, locale: object = None) -> None:
        accept = answer is Answer.ACCEPT
        super().__init__(
            _button(
                f"bingo:c:{challenge_id}:{answer.value}",
                t(locale, "bingo-button-accept" if accept else "bingo-button-decline"),
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
            )
        )
        self.challenge_id = challenge_id
        self.answer = answer

    @classmethod
    def parse(cls, found: re.Match[str]) -> ChallengeButton:
        return cls(int(found["challenge"]), Answer(found["answer"]))


class ShowHandButton(Control, template=r"bingo:h:(?P<match>\d+)"):
    """On the public board when a player's DMs are closed: answers that player privately."""

    where = "bingo show hand"

    def __init__(self, match_id: int, locale: object = None) -> None:
        super().__init__(
            _button(
                f"bingo:h:{match_id}",
                t(locale, "bingo-button-show-hand"),
                emoji="🂠",
                style=discord.ButtonStyle.primary,
            )
        )
        self.match_id = match_id

    @classmethod
    def parse(cls, found: re.Match[str]) -> ShowHandButton:
        return cls(int(found["match"]))


class PlayAgainButton(Control, template=r"bingo:a:(?P<match>\d+)"):
    """Under the result of a match against the bot: its member starts another one at the
    same level and table rules (anyone else is told privately it is not theirs)."""

    where = "bingo play again"

    def __init__(self, match_id: int, locale: object = None) -> None:
        super().__init__(
            _button(
                f"bingo:a:{match_id}",
                t(locale, "bingo-button-play-again"),
                emoji="🔁",
                style=discord.ButtonStyle.success,
            )
        )
        self.match_id = match_id

    @classmethod
    def parse(cls, found: re.Match[str]) -> PlayAgainButton:
        return cls(int(found["match"]))


DYNAMIC_ITEMS = (DecisionButton, ChallengeButton, ShowHandButton, PlayAgainButton)


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def challenge_view(challenge_id: int, locale: object = None) -> discord.ui.View:
    """Accept and Decline for one challenge (public: ``locale`` is the server's)."""
    return _view(
        ChallengeButton(challenge_id, Answer.ACCEPT, locale),
        ChallengeButton(challenge_id, Answer.DECLINE, locale),
    )


def board_view(match_id: int, locale: object = None) -> discord.ui.View:
    """The board's single control: "Show my hand" (in the server's ``locale``)."""
    return _view(ShowHandButton(match_id, locale))


def play_again_view(match_id: int, locale: object = None) -> discord.ui.View:
    """The "Play again" button under the result of a match against the bot (in the
    server's ``locale``)."""
    return _view(PlayAgainButton(match_id, locale))


PRIMARY = frozenset({Verb.KEEP, Verb.PLACE, Verb.SCRY_TOP, Verb.ASIDE_DONE})
DANGER = frozenset({Verb.COUNTER, Verb.DESTROY})


def decision_view(
    match_id: int,
    version: int,
    actions: list[str],
    names: list[str],
    player: int,
    locale: object = None,
) -> discord.ui.View | None:
    """One button per legal action (at most :data:`MAX_BUTTONS`), or ``None`` when
    there are none. ``actions``: the player's ``legal_actions`` at ``version``;
    ``locale``: the player's language (the buttons sit on their private panel)."""
    if not actions:
        return None
    items = []
    for index, text in enumerate(actions[:MAX_BUTTONS]):
        action = Action.parse(text)
        label, emoji = action_label(action, names, player, locale)
        if action.verb in PRIMARY:
            style = discord.ButtonStyle.success
        elif action.verb in DANGER:
            style = discord.ButtonStyle.danger
        else:
            style = discord.ButtonStyle.secondary
        items.append(
            DecisionButton(match_id, version, action, label, emoji, style, row=index // ROW_WIDTH)
        )
    return _view(*items)
