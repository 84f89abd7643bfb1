"""Text and embeds of mulligan practice: the hand, the coach, the odds tables."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import discord

from bot import limits
from bot.engine.mulligan import MulliganRule
from bot.engine.practice import PracticeState
from bot.ui.text import echo

#: Characters of one card name in a hand field, a prompt or the coach's words.
CARD_NAME_SHOWN = 80
#: Characters of a deck name in a title or a reply (the whole name fits: limits.DECK_NAME).
DECK_NAME_SHOWN = limits.DECK_NAME

HAND_COLOR = discord.Colour.teal()


def percent(p: Fraction | float) -> str:
    """``Fraction(1, 3)`` → ``"33.33%"``."""
    return f"{float(p) * 100:.2f}%"


def fit_lines(lines: Sequence[str], limit: int, more: str = "…and {n} more.") -> str:
    """``lines`` joined by newlines, as many as fit in ``limit`` characters, then
    ``more`` (with ``{n}``, the lines left out) when some did not fit.  Each line
    must already be shorter than ``limit`` (echo it with a limit); the result is at
    most ``limit`` characters."""
    shown: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        left = len(lines) - index - 1
        tail = len(more.format(n=left + 1)) + 1 if left else 0
        cost = len(line) + (1 if shown else 0)
        if used + cost + tail > limit:
            rest = more.format(n=len(lines) - index)
            return "\n".join([*shown, rest])[:limit]
        shown.append(line)
        used += cost
    return "\n".join(shown)


def card_name(state: PracticeState, kind: int) -> str:
    """The card's name as members may see it: escaped and shortened (member text)."""
    return echo(state.deck.names[kind], CARD_NAME_SHOWN)


def deck_title(state_or_title: PracticeState | str, room: int = DECK_NAME_SHOWN) -> str:
    """The deck's title, escaped and shortened to ``room`` characters."""
    title = state_or_title if isinstance(state_or_title, str) else state_or_title.deck.title
    return echo(title, room)


def grouped(state: PracticeState, counts: list[int], lands: bool) -> list[str]:
    """``["2× Forest", "1× Island"]``: the cards of ``counts`` that are (not) lands."""
    deck = state.deck
    return [
        f"{n}× {card_name(state, k)}"
        for k, n in enumerate(counts)
        if n and deck.is_land[k] == lands
    ]


def hand_fields(embed: discord.Embed, state: PracticeState) -> None:
    """Add the hand to ``embed``, grouped by name, lands first."""
    lands = grouped(state, state.hand, True)
    spells = grouped(state, state.hand, False)
    land_count = state.hand_lands()
    embed.add_field(name=f"Lands ({land_count})", value=fit_lines(lands, limits.FIELD_VALUE) or "—")
    embed.add_field(
        name=f"Spells ({sum(state.hand) - land_count})",
        value=fit_lines(spells, limits.FIELD_VALUE) or "—",
    )


def prompt(state: PracticeState) -> str:
    """What the player decides now, with how many cards the next mulligan gives."""
    decision = state.decision()
    if decision == "declare":
        if "mulligan" not in state.legal_actions():
            if state.options.rule is MulliganRule.EARLY_1994:
                return "**Keep?** The 1994 mulligan needs a hand of all lands or no lands."
            return "**Keep.** No more mulligans are possible."
        if state.options.rule is MulliganRule.PARTIAL_PARIS:
            return (
                "**Keep or mulligan?** A mulligan sets cards aside and draws one fewer "
                f"(this hand: {sum(state.hand)} cards → {state.next_hand_size()})."
            )
        if state.options.rule is MulliganRule.EARLY_1994:
            return (
                "**Keep or mulligan?** This hand qualifies for the 1994 mulligan: a new full hand."
            )
        return f"**Keep or mulligan?** The next mulligan gives you {state.next_hand_size()} cards."
    if decision == "bottom":
        return f"**Choose {state.bottom_count()} card(s) to put on the bottom** of your library."
    if decision == "aside":
        return "**Choose the cards to set aside.** You draw one fewer than you set aside."
    if decision == "scry":
        top = state.scry_card()
        name = card_name(state, top) if top is not None else "nothing"
        return f"**Scry 1.** The top card of your library is **{name}**. Top or bottom?"
    return "Kept."


def hand_embed(state: PracticeState, coach: str | None = None) -> discord.Embed:
    """The practice hand: deck, rule, mulligans so far, the hand, and the prompt or coach."""
    opts = state.options
    prefix = "Opening hand — "
    title = prefix + deck_title(state, limits.EMBED_TITLE - len(prefix))
    embed = discord.Embed(title=title, colour=HAND_COLOR)
    embed.description = coach if state.is_over and coach else prompt(state)
    hand_fields(embed, state)
    details = f"{opts.rule.title} mulligans"
    if opts.free_first:
        details += ", free first"
    details += " · on the play" if opts.on_the_play else " · on the draw"
    details += f" · mulligans taken: {state.mulligans_taken}"
    embed.set_footer(text=details)
    return embed
