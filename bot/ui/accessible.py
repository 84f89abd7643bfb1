"""Screen-reader mode: the state of a match as one plain line of words.

A member who turned the mode on (``/bingo accessibility``, ``UserPrefs.accessible``) sees
this line first on every panel and board of their matches. A screen reader reads a
Discord message in order, so the line goes first; it names every land in words (never an
emoji alone) and lays nothing out with spaces.

The builders are pure: they read a view of the match, never the engine state, so a
panel's line holds only what its player may see (:func:`bot.matches.views.player_view`:
their own hand, the other hand's size) and the board's line only the public
(:func:`bot.matches.views.public_view`). ``last``: what just happened, already rendered
for that audience (a line of the public log), or ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.actions import Action, Verb
from bot.engine.cards import KINDS
from bot.i18n import t
from bot.ui.lands import land_name

#: Catalog keys of a number of lands of each kind (``accessibility.ftl``), WUBRG.
COUNT_KEYS = (
    "a11y-count-plains",
    "a11y-count-island",
    "a11y-count-swamp",
    "a11y-count-mountain",
    "a11y-count-forest",
)


def plain(text: str) -> str:
    """``text`` without Discord's bold and italic markers, line breaks and runs of
    spaces: ``"**bob** places ☀️ Plains\\n"`` → ``"bob places ☀️ Plains"``."""
    return " ".join(text.replace("**", "").replace("__", "").split())


def lands_in_words(counts: Sequence[int], locale: object = None) -> str:
    """A count vector (lands per kind, WUBRG) in words: ``[2, 1, 0, 0, 0]`` →
    ``"2 Plains, 1 Island"`` (plural forms of ``locale``, CLDR); ``"none"`` when empty.

    Raises:
        ValueError: ``counts`` does not have one entry per kind.
    """
    if len(counts) != KINDS:
        raise ValueError(f"expected {KINDS} counts, got {len(counts)}")
    parts = [t(locale, COUNT_KEYS[k], n=n) for k, n in enumerate(counts) if n]
    if not parts:
        return t(locale, "a11y-none")
    return t(locale, "a11y-separator").join(parts)


def _who_moves(view: dict[str, Any], names: Sequence[str], locale: object) -> str:
    """Whose move it is (the viewer's own, ``"Your move."``, on a player's view)."""
    if view["result"] is not None:
        return t(locale, "a11y-over")
    current = view["current_player"]
    stage = (
        t(locale, "a11y-turn", turn=view["turn"]) if view["turn"] else t(locale, "a11y-mulligans")
    )
    if current is not None and current == view["viewer"]:
        return stage + t(locale, "a11y-join") + t(locale, "a11y-you-decide")
    if current is None:
        return stage
    return stage + t(locale, "a11y-join") + t(locale, "a11y-waiting", name=names[current])


def action_words(
    actions: Sequence[str], names: Sequence[str], player: int, locale: object = None
) -> list[str]:
    """The labels of ``player``'s legal actions in words, once each, in their order:
    ``["place:3", "place:3", "pass"]`` → ``["Place Mountain", "Pass"]``. Actions with
    no label (``timeout``, ``resign``, ``abandon``) are left out.

    Raises:
        ValueError: an action that is not well formed (``Action.parse``).
    """
    words: list[str] = []
    for text in actions:
        action = Action.parse(text)
        if action.verb in (Verb.TIMEOUT, Verb.RESIGN, Verb.ABANDON):
            continue
        kind = action.kind
        word = plain(
            t(
                locale,
                f"bingo-label-{action.verb.value}",
                name=land_name(kind, locale) if kind is not None else "",
                other=names[1 - player],
            )
        )
        if word not in words:
            words.append(word)
    return words


def panel_sentence(
    view: dict[str, Any], names: Sequence[str], locale: object = None, last: str | None = None
) -> str:
    """The first line of a player's panel in screen-reader mode, for example ``"Turn 3.
    Your move. Your territory: 2 Plains, 1 Island; bob's territory: 1 Swamp. Your hand:
    1 Mountain, 2 Forests. bob holds 4 cards. Last: bob places Swamp. You can: Place
    Mountain, Place Forest, Pass."``

    ``view``: :func:`bot.matches.views.player_view` (keys ``viewer``, ``hand``,
    ``hand_sizes``, ``territories``, ``current_player``, ``decision``, ``legal_actions``,
    ``turn``, ``result``, ``pending_land``, ``scry_card``); the other player's hand is
    read only as its size. ``names``: the two display names (safe to show). ``locale``:
    the viewer's language. ``last``: see the module."""
    me = view["viewer"]
    other = 1 - me
    parts = [_who_moves(view, names, locale)]
    parts.append(
        t(
            locale,
            "a11y-territories",
            mine=lands_in_words(view["territories"][me], locale),
            name=names[other],
            theirs=lands_in_words(view["territories"][other], locale),
        )
    )
    parts.append(t(locale, "a11y-hand", hand=lands_in_words(view["hand"], locale)))
    parts.append(t(locale, "a11y-holds", name=names[other], n=view["hand_sizes"][other]))
    pending = view.get("pending_land")
    if pending is not None and view["result"] is None and view["current_player"] == me:
        parts.append(t(locale, "a11y-pending", name=names[other], land=land_name(pending, locale)))
    if view.get("scry_card") is not None and view["current_player"] == me:
        parts.append(t(locale, "a11y-scry", land=land_name(view["scry_card"], locale)))
    if last:
        parts.append(t(locale, "a11y-last", line=plain(last)))
    if view["current_player"] == me and view["result"] is None:
        words = action_words(view["legal_actions"], names, me, locale)
        if words:
            actions = t(locale, "a11y-separator").join(words)
            parts.append(t(locale, "a11y-actions", actions=actions))
    return plain(t(locale, "a11y-join").join(parts))


def board_sentence(
    view: dict[str, Any], names: Sequence[str], locale: object = None, last: str | None = None
) -> str:
    """The first line of the public board in screen-reader mode: ``"Turn 3. Waiting for
    alice. alice's territory: 2 Plains; bob's territory: 1 Swamp. alice holds 4 cards.
    bob holds 3 cards. Library: 30 cards. Last: bob places Swamp."``

    ``view``: :func:`bot.matches.views.public_view` (hand sizes, no hand). ``names``,
    ``last``: as :func:`panel_sentence`; ``locale``: the board's (public) language."""
    parts = [_who_moves(view, names, locale)]
    parts.append(
        t(
            locale,
            "a11y-board-territories",
            first=names[0],
            a=lands_in_words(view["territories"][0], locale),
            second=names[1],
            b=lands_in_words(view["territories"][1], locale),
        )
    )
    for player in (0, 1):
        parts.append(t(locale, "a11y-holds", name=names[player], n=view["hand_sizes"][player]))
    parts.append(t(locale, "a11y-library", n=view["library_size"]))
    if last:
        parts.append(t(locale, "a11y-last", line=plain(last)))
    return plain(t(locale, "a11y-join").join(parts))
