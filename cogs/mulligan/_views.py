"""Practice views and the handlers of their controls.

The controls (restart-proof ``DynamicItem`` s; their ``custom_id`` templates) are in
:mod:`bot.ui.controls`: ``mull:a`` (keep, mulligan, scry_top/bottom), ``mull:s`` (a
select of exactly N (bottom) or 1..7 (aside) cards, one option per copy) and
``mull:again`` (deal a fresh hand with the same options). ``cogs.mulligan.setup``
registers the handlers below with the bot's router.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot import limits
from bot.engine.practice import dealable
from bot.i18n import t
from bot.ui.controls import AgainButton, CardSelect, PracticeButton
from bot.ui.text import shorten
from cogs.reply import Reply

from ._render import plain_card_name, preset_key

if TYPE_CHECKING:
    from bot.engine.practice import PracticeDeck, PracticeState


class Practice(Protocol):
    """What the handlers below use of :class:`._service.PracticeService`."""

    async def act(self, ctx: Reply, session_id: int, version: int, actions: list[str]) -> None: ...

    async def again(self, ctx: Reply, session_id: int) -> None: ...


async def on_practice_button(
    service: Practice, interaction: discord.Interaction[Any], control: PracticeButton
) -> None:
    """Keep, Mulligan, Top or Bottom on a practice deal (bound to ``service`` with
    ``functools.partial`` when the cog registers it)."""
    await service.act(Reply(interaction), control.session_id, control.version, [control.action])


async def on_card_select(
    service: Practice, interaction: discord.Interaction[Any], control: CardSelect
) -> None:
    """Cards chosen from a practice hand (London bottom, Partial Paris set-aside)."""
    await service.act(Reply(interaction), control.session_id, control.version, control.actions)


async def on_again(
    service: Practice, interaction: discord.Interaction[Any], control: AgainButton
) -> None:
    """ "Practice again": a fresh hand with the same deck and options."""
    await service.again(Reply(interaction), control.session_id)


def land_suffix(deck: PracticeDeck, kind: int, name: str, locale: object = None) -> str:
    """``" (land)"`` after a land's name in a menu of cards, or ``""``: nothing after a
    spell, after a preset's cards (their names say what they are: "Land", "Forest"),
    or after a name that already says it ("Land (land)" read as a stutter)."""
    if not deck.is_land[kind] or preset_key(deck) is not None:
        return ""
    word = t(locale, "mulligan-option-land")
    if word.strip(" ()（）").casefold() in name.casefold():
        return ""
    return " " + word


def copy_options(state: PracticeState, locale: object = None) -> list[discord.SelectOption]:
    """One select option per card copy in hand (values ``"<kind>:<copy>"``), labelled
    with the card's name and :func:`land_suffix`."""
    options = []
    for kind, n in enumerate(state.hand):
        for copy in range(n):
            name = plain_card_name(state.deck, kind, locale)
            suffix = land_suffix(state.deck, kind, name, locale)
            label = shorten(name, limits.SELECT_OPTION - len(suffix)) + suffix
            options.append(discord.SelectOption(label=label, value=f"{kind}:{copy}"))
    return options


def practice_view(session_id: int, state: PracticeState, locale: object = None) -> discord.ui.View:
    """The controls for the current decision, or "Practice again" once kept, labelled
    in ``locale``'s language."""
    view = discord.ui.View(timeout=None)
    decision = state.decision()
    version = state.version
    if decision == "over":
        if dealable(state.deck, state.options):  # never offer a deal new() would refuse
            view.add_item(AgainButton(session_id, locale))
    elif decision == "bottom":
        n = state.bottom_count()
        options = copy_options(state, locale)
        view.add_item(CardSelect(session_id, version, "bottom", options, (n, n), locale))
    elif decision == "aside":
        options = copy_options(state, locale)
        view.add_item(CardSelect(session_id, version, "aside", options, (1, len(options)), locale))
    else:
        for action in state.legal_actions():
            view.add_item(PracticeButton(session_id, version, action, locale))
    return view
