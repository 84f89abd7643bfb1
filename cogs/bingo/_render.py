"""Text and embeds for BingoMagic: the public board, private hand panels, event lines.

Renderers take what an audience may see, never the engine state itself:
:func:`board_embed` takes :func:`bot.matches.views.public_view`, :func:`panel_embed`
takes :func:`bot.matches.views.player_view`, and log lines come from events already
filtered by :func:`bot.matches.views.events_for`. So what a player can see is decided
in one place, covered by the engine's leak-freedom checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot import limits
from bot.engine import BingoOptions, MulliganRule
from bot.engine.actions import Action, Decision, Reason, Verb
from bot.engine.cards import NAMES
from bot.ui.lands import LAND_EMOJI, compact_line, counts_line, land
from bot.ui.text import shorten

BOARD_COLOR = discord.Colour.dark_gold()
PANEL_COLOR = discord.Colour.blurple()
LOG_LINES = 8

#: Kept for callers that compare a stored reason string.
NO_RESULT = Reason.NO_RESULT.value


def reason_text(reason: str, options: BingoOptions | None = None) -> str:
    """Why a match ended, in words, with the table's own limits (RULES §1.6, §1.8):
    ``"timeout"`` → ``"3 timed-out turns in a row"`` when ``options.max_timeouts`` is 3.

    ``options`` default to :class:`BingoOptions` (the settings a match was played with
    are in its state). An unknown reason is shown as is.
    """
    options = options or BingoOptions()
    return {
        Reason.FIVE_OF_A_COLOR: "five lands of one color",
        Reason.FIVE_COLORS: "one land of each color",
        Reason.RESIGN: "resignation",
        Reason.TIMEOUT: f"{_count(options.max_timeouts, 'timed-out turn')} in a row",
        Reason.PASSES: f"{_count(options.max_passes, 'pass', 'passes')} in a row",
        Reason.TURN_LIMIT: f"the {options.max_turns}-turn limit",
        Reason.NO_RESULT: "the match could not go on",
    }.get(reason, reason)  # type: ignore[call-overload]


def _count(number: int, singular: str, plural: str | None = None) -> str:
    return f"{number} {singular if number == 1 else plural or singular + 's'}"


def event_line(
    event: dict,
    names: Sequence[str],
    viewer: int | None = None,
    options: BingoOptions | None = None,
) -> str | None:
    """One event as a line of text for ``viewer`` (a player index, or ``None`` for the
    public).  Cards private to another player are never named.  ``None`` = not shown.

    ``names``: the two players' display names, already made safe to show
    (:func:`bot.ui.text.echo`). ``options``: the match's table rules, for the limits
    named in a result (default: :class:`BingoOptions`)."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    mine = viewer is not None and event.get("private") == viewer
    if kind == "roll":
        rolls = ", ".join(f"{names[0]} 🎲{a} – {names[1]} 🎲{b}" for a, b in event["rolls"])
        return f"Die rolls: {rolls}. **{names[event['starting']]}** starts."
    if kind == "declare":
        if event.get("auto"):
            return f"{who} has no cards left and must keep."
        return f"{who} {'keeps' if event['choice'] == Verb.KEEP else 'declares a mulligan'}."
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
        return (
            "The library is empty: both discard piles are shuffled into a new library "
            f"({event['size']} cards)."
        )
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
        own = event["source"] == event["player"]
        source = "their own" if own else f"{names[event['source']]}'s"
        return f"{who} takes {land(event['land'])} from {source} discard pile."
    if kind == "no_effect":
        return f"{NAMES[event['land']]}: nothing to do."
    if kind == "pass":
        return f"{who} passes."
    if kind == "timeout":
        return f"⏰ {who} ran out of time."
    if kind == "resign":
        return f"🏳️ {who} resigns."
    if kind == "abandon":
        return None  # the "end" event that follows says it
    if kind == "end":
        return result_line(event, names, options)
    return None  # deal: private, shown in the hand panel


def log_lines(log: Sequence[Any], names: Sequence[str], options: BingoOptions) -> list[str]:
    """The public log of a match as lines: ``log`` holds public events (dicts, already
    filtered by ``events_for(events, None)``) or, in matches stored before events were
    kept, lines of text shown as they are."""
    lines = []
    for entry in log:
        line = entry if isinstance(entry, str) else event_line(entry, names, options=options)
        if line:
            lines.append(line)
    return lines


def result_line(result: dict, names: Sequence[str], options: BingoOptions | None = None) -> str:
    """``{"winner": 0, "reason": "five_colors"}`` → ``"🏆 Alice wins with …"``.

    ``options``: the match's table rules, for the limits a forfeit or a stalemate
    names (see :func:`reason_text`). A ``no_result`` match has no winner and is no draw.
    """
    reason = reason_text(result["reason"], options)
    if result["reason"] == Reason.NO_RESULT:
        return "⛔ The match ended with no result: it could not go on in its channel."
    if result["winner"] is None:
        return f"🤝 The match is a draw ({reason})."
    return f"🏆 **{names[result['winner']]}** wins by {reason}!"


WAITING = {
    Decision.DECLARE: "to keep or mulligan",
    Decision.BOTTOM: "to put cards on the bottom",
    Decision.ASIDE: "to set cards aside",
    Decision.SCRY: "to scry",
    Decision.MAIN: "to place a land or pass",
    Decision.COUNTER: "to counter or let it resolve",
    Decision.SWAMP: "to discard a card (Swamp)",
    Decision.MOUNTAIN: "to choose a land to destroy (Mountain)",
    Decision.FOREST: "to choose a land to take (Forest)",
}


def waiting_for(view: dict[str, Any], names: Sequence[str]) -> str:
    """What the match waits for, in public words (never revealing a hand).
    ``view``: any view of the match (public or a player's)."""
    player = view["current_player"]
    if player is None:
        return "The match is over."
    return f"**{names[player]}** {WAITING[Decision(view['decision'])]}"


def _options(view: dict[str, Any]) -> BingoOptions:
    return BingoOptions.from_json(view["options"])


def board_embed(
    match_id: int,
    view: dict[str, Any],
    names: Sequence[str],
    log: Sequence[Any],
    deadline: float | None,
) -> discord.Embed:
    """The public board: territories, hand sizes, library, discard piles, turn, log.

    ``view``: :func:`bot.matches.views.public_view` of the match; ``names``: the two
    display names made safe to show; ``log``: see :func:`log_lines`; ``deadline``: Unix
    seconds the pending decision runs out (``None``: not shown)."""
    options = _options(view)
    title = f"BingoMagic #{match_id} — {names[0]} vs {names[1]}"
    embed = discord.Embed(title=title, colour=BOARD_COLOR)
    if view["result"] is not None:
        embed.description = result_line(view["result"], names, options)
    else:
        status = f"Turn {view['turn']} · " if view["turn"] else "Mulligans · "
        status += f"Waiting for {waiting_for(view, names)}"
        if deadline is not None:
            status += f" (time runs out <t:{int(deadline)}:R>)"
        if view["pending_land"] is not None:
            status += f"\nOn the stack: {land(view['pending_land'])}"
        embed.description = status
    for player in (0, 1):
        starter = " 🎲" if player == view["starting"] else ""
        embed.add_field(
            name=f"{names[player]}{starter}",
            value=(
                f"Territory: {compact_line(view['territories'][player])}\n"
                f"Hand: {view['hand_sizes'][player]} cards\n"
                f"Discard pile: {compact_line(view['discards'][player])}"
            ),
            inline=True,
        )
    embed.add_field(name="Library", value=f"{view['library_size']} cards", inline=True)
    lines = log_lines(log, names, options)
    if lines:
        embed.add_field(name="Recent", value="\n".join(lines[-LOG_LINES:])[:1024], inline=False)
    embed.set_footer(text=f"Match #{match_id} · {rules_text(options)}")
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


def prompt_text(view: dict[str, Any], names: Sequence[str]) -> str:
    """What the viewer of ``view`` (:func:`~bot.matches.views.player_view`) is asked to
    decide, or what they are waiting for."""
    player = view["viewer"]
    if view["result"] is not None:
        return result_line(view["result"], names, _options(view))
    if view["current_player"] != player:
        return f"Waiting for {waiting_for(view, names)}."
    other = names[1 - player]
    decision = Decision(view["decision"])
    prompt = view["prompt"] or {}
    if decision is Decision.DECLARE:
        text = "**Keep or mulligan?**"
        if prompt.get("next_hand_size") is not None:
            if prompt["rule"] == MulliganRule.PARTIAL_PARIS:
                text += " A mulligan sets cards aside and draws one fewer."
            else:
                text += f" A mulligan gives you {prompt['next_hand_size']} card(s)."
        declared = [
            f"{names[p]} {'keeps' if d == Verb.KEEP else 'mulligans'}"
            for p, d in enumerate((view["mulligans"] or {}).get("declared", []))
            if d is not None and p != player
        ]
        if declared:
            text += "\nAlready declared: " + ", ".join(declared) + "."
        return text
    if decision is Decision.BOTTOM:
        return f"**Put {prompt.get('bottom_left', 0)} card(s) on the bottom** of the library."
    if decision is Decision.ASIDE:
        count = prompt.get("aside_now", 0)
        return f"**Set cards aside** for your mulligan ({count} so far), then press Done."
    if decision is Decision.SCRY:
        top = view["scry_card"]
        shown = land(top) if top is not None else "nothing"
        return f"**Scry 1.** The top card of the library is {shown}."
    if decision is Decision.MAIN:
        return "**Your turn.** Place a land or pass."
    if decision is Decision.COUNTER:
        return (
            f"{other} is placing {land(view['pending_land'])}. **Counter it** by discarding "
            "an Island and one more card, or let it resolve."
        )
    if decision is Decision.SWAMP:
        return f"{other}'s Swamp: **choose a card to discard.**"
    if decision is Decision.MOUNTAIN:
        return f"Your Mountain: **choose a land in {other}'s territory** to destroy."
    return "Your Forest: **choose a land to take** into your hand."


def panel_embed(
    match_id: int, view: dict[str, Any], names: Sequence[str], deadline: float | None
) -> discord.Embed:
    """A private panel: the viewer's hand and pending decision. ``view``:
    :func:`bot.matches.views.player_view` of the player the panel is for."""
    player = view["viewer"]
    embed = discord.Embed(
        title=f"{names[player]}'s hand — BingoMagic #{match_id}", colour=PANEL_COLOR
    )
    text = prompt_text(view, names)
    if deadline is not None and view["current_player"] == player:
        text += f"\nTime runs out <t:{int(deadline)}:R>."
    embed.description = text
    embed.add_field(name="Hand", value=counts_line(view["hand"], "(empty)"), inline=False)
    embed.add_field(
        name="Territories",
        value=(
            f"You: {compact_line(view['territories'][player])}\n"
            f"{names[1 - player]}: {compact_line(view['territories'][1 - player])}"
        ),
        inline=False,
    )
    embed.set_footer(text=f"Match #{match_id} · only you can see this")
    return embed


LABELS = {
    Verb.KEEP: "Keep",
    Verb.MULLIGAN: "Mulligan",
    Verb.BOTTOM: "Bottom {name}",
    Verb.ASIDE: "Set aside {name}",
    Verb.ASIDE_DONE: "Done setting aside",
    Verb.SCRY_TOP: "Leave on top",
    Verb.SCRY_BOTTOM: "Put on bottom",
    Verb.PLACE: "Place {name}",
    Verb.PASS: "Pass",
    Verb.ALLOW: "Let it resolve",
    Verb.COUNTER: "Counter (Island + {name})",
    Verb.DISCARD: "Discard {name}",
    Verb.DESTROY: "Destroy {name}",
    Verb.TAKE: "Take {name}",
    Verb.TAKE_OPP: "Take {other}'s {name}",
}


def action_label(action: Action | str, names: Sequence[str], player: int) -> tuple[str, str | None]:
    """A button's label and emoji for an action (``place:3`` → Place Mountain, 🔥).

    ``names``: the players' names as they chose them (a label shows no markdown and
    pings nobody), shortened to ``limits.MEMBER_NAME_LABEL``. Raises ``ValueError`` for
    an action that is not well formed, ``KeyError`` for a history-only verb."""
    if isinstance(action, str):
        action = Action.parse(action)
    kind = action.kind
    label = LABELS[action.verb].format(
        name=NAMES[kind] if kind is not None else "",
        other=shorten(names[1 - player], limits.MEMBER_NAME_LABEL),
    )
    return label, LAND_EMOJI[kind] if kind is not None else None
