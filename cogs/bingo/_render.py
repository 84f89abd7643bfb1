"""Text and embeds for BingoMagic: the public board, private hand panels, event lines.

Everything here is a pure function of the engine state, so what a player can see is
decided in one place: :func:`event_line` with ``viewer=None`` never names a hidden card,
and :func:`panel_embed` shows only its own player's hand.
"""

from __future__ import annotations

import discord

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.cards import NAMES
from bot.ui.lands import LAND_EMOJI, compact_line, counts_line, land

BOARD_COLOR = discord.Colour.dark_gold()
PANEL_COLOR = discord.Colour.blurple()
LOG_LINES = 8

REASONS = {
    "five_of_a_color": "five lands of one color",
    "five_colors": "one land of each color",
    "resign": "resignation",
    "timeout": "three timed-out turns in a row",
    "passes": "six passes in a row",
    "turn_limit": "the 200-turn limit",
}


def event_line(event: dict, names: list[str], viewer: int | None = None) -> str | None:
    """One event as a line of text for ``viewer`` (a player index, or ``None`` for the
    public).  Cards private to another player are never named.  ``None`` = not shown."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    mine = viewer is not None and event.get("private") == viewer
    if kind == "roll":
        rolls = ", ".join(f"{names[0]} 🎲{a} – {names[1]} 🎲{b}" for a, b in event["rolls"])
        return f"Die rolls: {rolls}. **{names[event['starting']]}** starts."
    if kind == "declare":
        if event.get("auto"):
            return f"{who} has no cards left and must keep."
        return f"{who} {'keeps' if event['choice'] == 'keep' else 'declares a mulligan'}."
    if kind == "mulligan":
        return f"{who} takes mulligan #{event['number']} → {event['hand_size']} cards."
    if kind == "bottom":
        card = land(event["card"]) if mine else "a card"
        return f"{who if not mine else 'You'} put{'s' if not mine else ''} {card} on the bottom."
    if kind == "aside":
        return f"{who} sets aside {event['count']} card(s)."
    if kind == "aside_returned":
        return f"{who}'s {event['count']} set-aside card(s) are shuffled into the library."
    if kind == "scry":
        card = land(event["card"]) if mine else "the card"
        return f"{who} scries 1 and puts {card} on the {event['choice']}."
    if kind == "scry_skipped":
        return f"{who} has nothing to scry."
    if kind == "turn":
        return f"— Turn {event['turn']}: **{who}** —"
    if kind == "draw":
        return f"You draw {land(event['card'])}." if mine else f"{who} draws a card."
    if kind == "no_draw":
        return f"{who} cannot draw: the library and both discard piles are empty."
    if kind == "reshuffle":
        return f"The library is empty: both discard piles are shuffled into a new library ({event['size']} cards)."  # noqa: E501
    if kind == "announce":
        return f"{who} places {land(event['land'])}."
    if kind == "allow":
        return None
    if kind == "counter":
        other = land(event["discarded"][1])
        return (
            f"{who} **counters** with {land(1)} + {other}! "
            f"{land(event['land'])} goes to the discard pile."
        )
    if kind == "resolve":
        return f"{land(event['land'])} enters {who}'s territory."
    if kind == "discard":
        return f"{who} discards {land(event['land'])}."
    if kind == "destroy":
        return f"{who} destroys {names[event['target']]}'s {land(event['land'])}."
    if kind == "take":
        source = (
            "their own" if event["source"] == event["player"] else f"{names[event['source']]}'s"
        )  # noqa: E501
        return f"{who} takes {land(event['land'])} from {source} discard pile."
    if kind == "no_effect":
        return f"{NAMES[event['land']]}: nothing to do."
    if kind == "pass":
        return f"{who} passes."
    if kind == "timeout":
        return f"⏰ {who} ran out of time."
    if kind == "resign":
        return f"🏳️ {who} resigns."
    if kind == "end":
        return result_line(event, names)
    return None  # deal: private, shown in the hand panel


def result_line(result: dict, names: list[str]) -> str:
    """``{"winner": 0, "reason": "five_colors"}`` → ``"🏆 Alice wins with …"``."""
    reason = REASONS.get(result["reason"], result["reason"])
    if result["winner"] is None:
        return f"🤝 The match is a draw ({reason})."
    return f"🏆 **{names[result['winner']]}** wins by {reason}!"


def waiting_for(state: BingoState, names: list[str]) -> str:
    """What the match waits for, in public words (never revealing a hand)."""
    player = state.current_player()
    if player is None:
        return "The match is over."
    who = f"**{names[player]}**"
    decision = state.decision()
    return {
        "declare": f"{who} to keep or mulligan",
        "bottom": f"{who} to put cards on the bottom",
        "aside": f"{who} to set cards aside",
        "scry": f"{who} to scry",
        "main": f"{who} to place a land or pass",
        "counter": f"{who} to counter or let it resolve",
        "swamp": f"{who} to discard a card (Swamp)",
        "mountain": f"{who} to choose a land to destroy (Mountain)",
        "forest": f"{who} to choose a land to take (Forest)",
    }[decision]


def board_embed(
    match_id: int, state: BingoState, names: list[str], log: list[str], deadline: float | None
) -> discord.Embed:
    """The public board: territories, hand sizes, library, discard piles, turn, log."""
    title = f"BingoMagic #{match_id} — {names[0]} vs {names[1]}"
    embed = discord.Embed(title=title, colour=BOARD_COLOR)
    if state.result is not None:
        embed.description = result_line(state.result.to_json(), names)
    else:
        status = f"Turn {state.turn} · " if state.turn else "Mulligans · "
        status += f"Waiting for {waiting_for(state, names)}"
        if deadline is not None:
            status += f" (time runs out <t:{int(deadline)}:R>)"
        if state.pending_land is not None:
            status += f"\nOn the stack: {land(state.pending_land)}"
        embed.description = status
    for player in (0, 1):
        starter = " 🎲" if player == state.starting else ""
        embed.add_field(
            name=f"{names[player]}{starter}",
            value=(
                f"Territory: {compact_line(state.territories[player])}\n"
                f"Hand: {sum(state.hands[player])} cards\n"
                f"Discard pile: {compact_line(state.discards[player])}"
            ),
            inline=True,
        )
    embed.add_field(name="Library", value=f"{len(state.library)} cards", inline=True)
    if log:
        embed.add_field(name="Recent", value="\n".join(log[-LOG_LINES:])[:1024], inline=False)
    embed.set_footer(text=f"Match #{match_id} · {rules_text(state.options)}")
    return embed


def rules_text(options: BingoOptions) -> str:
    """``"Vancouver (2015) mulligans, free first"`` — the table rules in a few words."""
    rules = f"{options.mulligan_rule.title} mulligans"
    if options.free_first:
        rules += ", free first"
    if options.sequential:
        rules += ", sequential"
    if options.forest_any_pile:
        rules += ", Forest from either pile"
    return rules


def prompt_text(state: BingoState, player: int, names: list[str]) -> str:
    """What ``player`` is asked to decide, or what they are waiting for."""
    if state.result is not None:
        return result_line(state.result.to_json(), names)
    current = state.current_player()
    other = names[1 - player]
    if current != player:
        return f"Waiting for {waiting_for(state, names)}."
    decision = state.decision()
    mull = state.mulligans
    assert mull is not None
    if decision == "declare":
        text = "**Keep or mulligan?**"
        if "mulligan" in state.legal_actions():
            if mull.options.rule is MulliganRule.PARTIAL_PARIS:
                text += " A mulligan sets cards aside and draws one fewer."
            else:
                size = mull.next_hand_size(state, player)
                text += f" A mulligan gives you {size} card(s)."
        declared = [
            f"{names[p]} {'keeps' if d == 'keep' else 'mulligans'}"
            for p, d in enumerate(mull.declared)
            if d is not None and p != player
        ]
        if declared:
            text += "\nAlready declared: " + ", ".join(declared) + "."
        return text
    if decision == "bottom":
        return f"**Put {mull.bottom_left[player]} card(s) on the bottom** of the library."
    if decision == "aside":
        count = mull.aside_now[player]
        return f"**Set cards aside** for your mulligan ({count} so far), then press Done."
    if decision == "scry":
        top = mull.scry_card(state, player)
        shown = land(top) if top is not None else "nothing"
        return f"**Scry 1.** The top card of the library is {shown}."
    if decision == "main":
        return "**Your turn.** Place a land or pass."
    if decision == "counter":
        assert state.pending_land is not None
        return (
            f"{other} is placing {land(state.pending_land)}. **Counter it** by discarding "
            "an Island and one more card, or let it resolve."
        )
    if decision == "swamp":
        return f"{other}'s Swamp: **choose a card to discard.**"
    if decision == "mountain":
        return f"Your Mountain: **choose a land in {other}'s territory** to destroy."
    return "Your Forest: **choose a land to take** into your hand."


def panel_embed(
    match_id: int, state: BingoState, player: int, names: list[str], deadline: float | None
) -> discord.Embed:
    """A private panel for ``player``: their hand and their pending decision."""
    embed = discord.Embed(
        title=f"{names[player]}'s hand — BingoMagic #{match_id}", colour=PANEL_COLOR
    )
    text = prompt_text(state, player, names)
    if deadline is not None and state.current_player() == player:
        text += f"\nTime runs out <t:{int(deadline)}:R>."
    embed.description = text
    embed.add_field(name="Hand", value=counts_line(state.hands[player], "(empty)"), inline=False)
    embed.add_field(
        name="Territories",
        value=(
            f"You: {compact_line(state.territories[player])}\n"
            f"{names[1 - player]}: {compact_line(state.territories[1 - player])}"
        ),
        inline=False,
    )
    embed.set_footer(text=f"Match #{match_id} · only you can see this")
    return embed


def action_label(action: str, names: list[str], player: int) -> tuple[str, str | None]:
    """A button's label and emoji for an engine action (``"place:3"`` → Place Mountain)."""
    verb, _, arg = action.partition(":")
    kind = int(arg) if arg else None
    name = NAMES[kind] if kind is not None else ""
    emoji = LAND_EMOJI[kind] if kind is not None else None
    label = {
        "keep": "Keep",
        "mulligan": "Mulligan",
        "bottom": f"Bottom {name}",
        "aside": f"Set aside {name}",
        "aside_done": "Done setting aside",
        "scry_top": "Leave on top",
        "scry_bottom": "Put on bottom",
        "place": f"Place {name}",
        "pass": "Pass",
        "allow": "Let it resolve",
        "counter": f"Counter (Island + {name})",
        "discard": f"Discard {name}",
        "destroy": f"Destroy {name}",
        "take": f"Take {name}",
        "take_opp": f"Take {names[1 - player]}'s {name}",
    }[verb]
    return label, emoji
