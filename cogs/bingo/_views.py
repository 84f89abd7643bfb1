"""The views of a BingoMagic match: a player's decision buttons, a challenge's Accept /
Decline, the board's "Show my hand" and "Play again" under a result against the bot.

The controls themselves (their ``custom_id`` templates, unchanged since the first
release, and the router that answers their clicks) are in :mod:`bot.ui.controls`; the
cog registers their handlers when it loads.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache
from typing import Any

import discord

from bot.engine.actions import Action, Verb
from bot.ui.controls import (
    MAX_BUTTONS,
    ROW_BUTTONS,
    Answer,
    Buttons,
    ChallengeButton,
    DecisionButton,
    MatchButton,
    PlayAgainButton,
    ShowHandButton,
    button_payload,
    view_of,
)
from cogs.reply import Reply

from ._render import action_label


def challenge_view(challenge_id: int, locale: object = None) -> discord.ui.View:
    """Accept and Decline for one challenge (public: ``locale`` is the server's)."""
    return view_of(
        ChallengeButton(challenge_id, Answer.ACCEPT, locale),
        ChallengeButton(challenge_id, Answer.DECLINE, locale),
    )


def board_view(match_id: int, locale: object = None) -> discord.ui.View:
    """The board's single control: "Show my hand" (in the server's ``locale``)."""
    return view_of(ShowHandButton(match_id, locale))


def play_again_view(match_id: int, locale: object = None) -> discord.ui.View:
    """The "Play again" button under the result of a match against the bot (in the
    server's ``locale``)."""
    return view_of(PlayAgainButton(match_id, locale))


async def on_match_button(
    show: Callable[[Reply, int], Awaitable[None]],
    interaction: discord.Interaction[Any],
    control: MatchButton,
) -> None:
    """A click on a button naming a match ("Show my hand", "Analysis"): what its command
    does with that match number, ``show(ctx, match_id)``."""
    await show(Reply(interaction), control.match_id)


PRIMARY = frozenset({Verb.KEEP, Verb.PLACE, Verb.SCRY_TOP, Verb.ASIDE_DONE})
DANGER = frozenset({Verb.COUNTER, Verb.DESTROY})


def decision_view(
    match_id: int,
    version: int,
    actions: Sequence[str],
    names: list[str],
    player: int,
    locale: object = None,
) -> Buttons | None:
    """One button per legal action (at most :data:`MAX_BUTTONS`, :data:`ROW_BUTTONS` a
    row), or ``None`` when there are none. ``actions``: the player's ``legal_actions`` at
    ``version``; ``locale``: the player's language (the buttons sit on their private
    panel). Their ``custom_id`` is :class:`DecisionButton`'s; built as payload
    (:class:`Buttons`): a panel is rebuilt after every change of its match."""
    if not actions:
        return None
    other = names[1 - player]
    rows: list[list[dict[str, Any]]] = []
    for index, text in enumerate(actions[:MAX_BUTTONS]):
        label, emoji, style = _decision_look(text, other, locale)
        if index % ROW_BUTTONS == 0:
            rows.append([])
        custom_id = DecisionButton.custom_id_of(match_id, version, text)
        rows[-1].append(button_payload(custom_id, label, emoji, style))
    return Buttons(rows)


@lru_cache(maxsize=4096)
def _decision_look(
    text: str, other: str, locale: object
) -> tuple[str, str | None, discord.ButtonStyle]:
    """The label, emoji and style of the decision button of action ``text`` (the
    opponent's name ``other``, in ``locale``): the same few for every panel of every match.
    Raises ``ValueError`` for an action that is not well formed."""
    action = Action.parse(text)
    label, emoji = action_label(action, ["", other], 0, locale)
    if action.verb in PRIMARY:
        return label, emoji, discord.ButtonStyle.success
    if action.verb in DANGER:
        return label, emoji, discord.ButtonStyle.danger
    return label, emoji, discord.ButtonStyle.secondary
