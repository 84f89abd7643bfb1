"""Text and embeds of mulligan practice: the hand, the coach, the odds tables."""

from __future__ import annotations

from fractions import Fraction

import discord

from bot.engine.mulligan import MulliganRule
from bot.engine.practice import PracticeState

HAND_COLOR = discord.Colour.teal()


def percent(p: Fraction | float) -> str:
    """``Fraction(1, 3)`` → ``"33.33%"``."""
    return f"{float(p) * 100:.2f}%"


def grouped(state: PracticeState, counts: list[int], lands: bool) -> list[str]:
    """``["2× Forest", "1× Island"]``: the cards of ``counts`` that are (not) lands."""
    deck = state.deck
    return [f"{n}× {deck.names[k]}" for k, n in enumerate(counts) if n and deck.is_land[k] == lands]


def hand_fields(embed: discord.Embed, state: PracticeState) -> None:
    """Add the hand to ``embed``, grouped by name, lands first."""
    lands = grouped(state, state.hand, True)
    spells = grouped(state, state.hand, False)
    land_count = state.hand_lands()
    embed.add_field(name=f"Lands ({land_count})", value="\n".join(lands) or "—", inline=True)
    embed.add_field(
        name=f"Spells ({sum(state.hand) - land_count})", value="\n".join(spells) or "—", inline=True
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
        name = state.deck.names[top] if top is not None else "nothing"
        return f"**Scry 1.** The top card of your library is **{name}**. Top or bottom?"
    return "Kept."


def hand_embed(state: PracticeState, coach: str | None = None) -> discord.Embed:
    """The practice hand: deck, rule, mulligans so far, the hand, and the prompt or coach."""
    opts = state.options
    embed = discord.Embed(title=f"Opening hand — {state.deck.title}", colour=HAND_COLOR)
    embed.description = coach if state.is_over and coach else prompt(state)
    hand_fields(embed, state)
    details = f"{opts.rule.title} mulligans"
    if opts.free_first:
        details += ", free first"
    details += " · on the play" if opts.on_the_play else " · on the draw"
    details += f" · mulligans taken: {state.mulligans_taken}"
    embed.set_footer(text=details)
    return embed
