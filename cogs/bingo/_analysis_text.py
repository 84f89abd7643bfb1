"""Words of a match analysis shared by the analysis page, the key moments and the replay
pages (docs/analysis.md): who did what, its grade, whose chance to win, the better move.

Every line names the deciding player, the move played with what it was about (the land
announced in a counter window, the card scried: :class:`bot.ai.analysis.DecisionContext`)
and the player whose chance a percentage is: "alice let BingoMagic's 💧 Island resolve —
blunder: alice's chance to win 50 % → 0 %. Better: counter with 💧 Island + 🔥 Mountain
(50 %)." The match is over, so nothing here is hidden from the reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ai.analysis import DecisionAnalysis, DecisionContext
from bot.engine.actions import Action
from bot.i18n import sentences, t
from bot.ui.lands import LAND_EMOJI, land

from ._render import action_label, bundle_has

#: Island's kind index (WUBRG): every counter discards one (RULES §1.5).
ISLAND = 1


def percent(chance: float) -> int:
    """A chance 0..1 as a whole percentage."""
    return round(100 * chance)


def when(turn: int, lang: str, *, heading: bool = False) -> str:
    """A decision's turn in words: "turn 7" ("Turn 7" as a ``heading``), the mulligans
    for turn 0 (RULES §2)."""
    if turn <= 0:
        return t(lang, "analysis-turn-mulligans" if heading else "analysis-when-mulligans")
    return t(lang, "analysis-turn" if heading else "analysis-when", turn=turn)


def move_words(
    action: str, context: DecisionContext, names: Sequence[str], lang: str, *, played: bool
) -> str:
    """``action`` of ``context``'s player in words: as played, with the player's name
    ("alice let BingoMagic's 💧 Island resolve", ``analysis-did-*``), or as advice
    ("counter with 💧 Island + 🔥 Mountain", ``analysis-do-*``). ``names``: both
    players' names, already safe to show. The raw action when it has no words."""
    try:
        parsed = Action.parse(action)
    except ValueError:
        return action
    key = f"analysis-{'did' if played else 'do'}-{parsed.verb.value}"
    player = context.player if context.player is not None else context.active
    if not bundle_has(key):
        return action
    args: dict[str, Any] = {
        "who": names[player],
        "other": names[1 - player],
        "land": land(parsed.kind, lang) if parsed.kind is not None else "",
        "island": land(ISLAND, lang),
        "pending": land(context.pending_land, lang) if context.pending_land is not None else "",
        "card": land(context.scry_card, lang) if context.scry_card is not None else "",
    }
    return t(lang, key, **args)


def step_line(
    found: DecisionAnalysis, context: DecisionContext, names: Sequence[str], lang: str
) -> str:
    """One graded decision in words: the player and the move, the grade, the player's
    chance to win (with the best move found → with the move played; just the chance
    for a best move), and for an inaccuracy or worse the better move and its chance on
    a second line."""
    who = names[found.player]
    move = move_words(found.chosen, context, names, lang, played=True)
    grade = t(lang, "analysis-grade-word", grade=found.grade)
    if found.grade == "best":
        return t(
            lang, "analysis-step-best", move=move, grade=grade, who=who, after=percent(found.after)
        )
    line = t(
        lang,
        "analysis-step",
        move=move,
        grade=grade,
        who=who,
        before=percent(found.best),
        after=percent(found.after),
    )
    better = move_words(found.best_action, context, names, lang, played=False)
    return line + "\n" + t(lang, "analysis-better", better=better, best=percent(found.best))


def decision_note(
    found: DecisionAnalysis, context: DecisionContext, names: Sequence[str], lang: str
) -> str:
    """A replay page's analysis of the decision it shows: :func:`step_line` and how
    many simulations each move had."""
    simulations = t(lang, "analysis-simulations", worlds=found.worlds)
    return sentences(lang, step_line(found, context, names, lang), simulations)


def choice_lines(
    found: DecisionAnalysis,
    context: DecisionContext,
    labels: Sequence[str],
    lang: str,
) -> list[str]:
    """The choices a player had at a key moment, best first: each legal action as its
    button was labelled, with the player's chance to win after it; the one played
    (➤, with its grade) and the best found (⭐) are marked. ``labels``: both players'
    names as button labels show them (:func:`bot.ui.text.shorten`, no markdown)."""
    player = found.player
    chances = dict(found.chances) or {found.chosen: found.after, found.best_action: found.best}
    order = {action: i for i, action in enumerate(context.legal)}
    ranked = sorted(chances.items(), key=lambda item: (-item[1], order.get(item[0], 99)))
    lines = []
    for action, chance in ranked:
        label = action_words(action, labels, player, lang)
        played, best = action == found.chosen, action == found.best_action
        if played and best:
            mark, note = "➤", t(lang, "analysis-choice-played-best")
        elif played:
            grade = t(lang, "analysis-grade-word", grade=found.grade)
            mark, note = "➤", t(lang, "analysis-choice-played", grade=grade)
        elif best:
            mark, note = "⭐", t(lang, "analysis-choice-best")
        else:
            mark, note = "•", ""
        shown = f"**{label}**" if played else label
        # a no-break space: on a phone the % never wraps away from its number
        text = f"{mark} {shown} — {percent(chance)}\u00a0%"
        lines.append(f"{text} · {note}" if note else text)
    return lines


def action_words(action: str, names: Sequence[str], player: int, lang: str) -> str:
    """An action as its button was labelled, with its land's emoji ("🔥 Counter
    (Island + Mountain)"), from the panels' labels; the raw action if it has none."""
    try:
        label, emoji = action_label(action, names, player, lang)
    except (KeyError, ValueError):
        return action
    return f"{emoji} {label}" if emoji in LAND_EMOJI else label


def stored_notes(stored: list[dict[str, Any]] | None) -> dict[int, DecisionAnalysis]:
    """A stored analysis by decision index (empty when there is none)."""
    if not stored:
        return {}
    return {d["index"]: DecisionAnalysis.from_json(d) for d in stored}
