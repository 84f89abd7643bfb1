"""A match analysis in words (cogs/bingo/_analysis_text.py, cogs/bingo/_analysis.py):
every graded step names the player, the move and whose chance; key moments; the
replay's lines for any reader (docs/analysis.md)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.ai import analysis, choose_action
from bot.ai.analysis import DecisionAnalysis, DecisionContext
from bot.engine import BingoState
from bot.i18n import LANGUAGES, t
from bot.storage import Database
from bot.storage.matches import MatchRecord
from bot.ui.controls import KeyMomentButton, ReplayButton
from bot.ui.lands import land
from cogs.bingo._analysis import (
    analysis_view,
    chart_file,
    key_moment_page,
    key_numbers,
    match_contexts,
    summary_embed,
)
from cogs.bingo._analysis_text import choice_lines, move_words, step_line
from cogs.bingo._history import replay_message, replay_page

from .render_helpers import ENGLISH, embed_text

NAMES = ["alice", "BingoMagic"]
#: alice's turn is over; BingoMagic announced an Island, alice may counter it.
WINDOW = DecisionContext(
    index=32, player=0, turn=17, decision="counter", legal=("allow", "counter:3", "counter:4"),
    active=1, pending_land=1, scry_card=None,
)  # fmt: skip
BLUNDER = DecisionAnalysis(
    index=32, player=0, decision="counter", chosen="allow", best_action="counter:3",
    before=0.45, after=0.0, best=0.5, noise=0.01, worlds=40, grade="blunder",
    chances={"allow": 0.0, "counter:3": 0.5, "counter:4": 0.47},
)  # fmt: skip


def test_a_step_names_the_player_the_move_whose_chance_and_the_better_move() -> None:
    assert step_line(BLUNDER, WINDOW, NAMES, "en") == (
        "alice let BingoMagic's 💧 Island resolve — blunder: alice's chance to win"
        " 50\u00a0% → 0\u00a0%."
        "\nBetter: counter with 💧 Island + 🔥 Mountain (50\u00a0%)."
    )


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_step_in_every_language(lang: str) -> None:
    """The same facts in each language: both names, the land announced and the lands of
    the better counter in that language, both percentages; no English word."""
    line = step_line(BLUNDER, WINDOW, NAMES, lang)
    for part in ("alice", "BingoMagic", land(1, lang), land(3, lang), "50\u00a0%", "0\u00a0%"):
        assert part in line, (lang, part, line)
    assert t(lang, "analysis-grade-word", grade="blunder") in line
    assert ENGLISH.search(line) is None, line


def test_a_best_move_says_whose_chance_it_kept() -> None:
    best = DecisionAnalysis(
        index=32, player=0, decision="counter", chosen="counter:3", best_action="counter:3",
        before=0.45, after=0.5, best=0.5, noise=0.01, worlds=40, grade="best",
        chances={"allow": 0.0, "counter:3": 0.5, "counter:4": 0.47},
    )  # fmt: skip
    assert step_line(best, WINDOW, NAMES, "en") == (
        "alice countered BingoMagic's 💧 Island with 💧 Island + 🔥 Mountain — best: "
        "alice's chance to win 50\u00a0%."
    )


def _main(player: int, verb_context: dict[str, Any] | None = None) -> DecisionContext:
    fields: dict[str, Any] = {
        "index": 5, "player": player, "turn": 3, "decision": "main", "legal": (),
        "active": player, "pending_land": 2, "scry_card": 4,
    }  # fmt: skip
    fields.update(verb_context or {})
    return DecisionContext(**fields)


ACTIONS = (
    "keep mulligan bottom:2 aside:2 aside_done scry_top scry_bottom place:2 pass allow "
    "counter:2 discard:2 destroy:2 take:2 take_opp:2"
).split()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_has_words_played_and_as_advice(lang: str) -> None:
    """Every verb of the engine (RULES §1.3–1.5, §2) in words, never the raw action; a
    land the action names, the land a counter window is about and the card a scry
    looks at are named."""
    context = _main(1)
    for action in ACTIONS:
        for played in (True, False):
            words = move_words(action, context, NAMES, lang, played=played)
            assert words != action and ":" + action not in words, (lang, action)
            if played:
                assert words.count("BingoMagic") >= 1, (lang, action, words)
            if action.endswith(":2"):
                assert land(2, lang) in words, (lang, action, words)
            if action.startswith("scry"):
                assert land(4, lang) in words, (lang, action, words)
        if action in ("allow", "counter:2"):
            assert land(2, lang) in move_words(action, context, NAMES, lang, played=True)


def test_the_choices_mark_the_move_played_and_the_best() -> None:
    lines = choice_lines(BLUNDER, WINDOW, NAMES, "en")
    assert lines == [
        "⭐ 🔥 Counter (Island + Mountain) — 50\u00a0% · best",
        "• 🌳 Counter (Island + Forest) — 47\u00a0%",
        "➤ **Let it resolve** — 0\u00a0% · played, blunder",
    ]


def _record(seed: int, levels: tuple[str, str] = ("easy", "medium")) -> MatchRecord:
    state, _ = BingoState.new(seed)
    rng = random.Random(seed)
    while state.result is None:
        player = state.current_player()
        assert player is not None
        state.apply(choose_action(state.observation(player), levels[player], rng), player)
    return MatchRecord(
        id=7, guild_id=1, channel_id=1, player_ids=(11, 12), seed=seed, options={},
        decisions=state.history, state={}, version=len(state.history), status="finished",
        ui={"names": NAMES}, deadline=None, board_message_id=None, started_at=0.0,
        ended_at=1.0, result=None, winner_id=None, loser_id=None, reason=None, turns=None,
    )  # fmt: skip


def _graded(record: MatchRecord) -> list[DecisionAnalysis]:
    """Every decision with a choice, graded by a made-up rule (every fifth a mistake of
    15 points, every seventh a blunder of 30): the words, not the estimates, are tested."""
    found = []
    for context in match_contexts(record):
        if len(context.legal) < 2 or context.player is None:
            continue
        chosen = record.decisions[context.index][1]
        other = next(a for a in context.legal if a != chosen)
        drop = 0.3 if context.index % 7 == 0 else 0.15 if context.index % 5 == 0 else 0.0
        grade = analysis.grade(drop, 0.01)
        best = other if drop else chosen
        found.append(
            DecisionAnalysis(
                index=context.index, player=context.player, decision=context.decision,
                chosen=chosen, best_action=best, before=0.5, after=0.6 - drop, best=0.6,
                noise=0.01, worlds=40, grade=grade,
                chances={a: 0.6 if a == best else 0.6 - drop for a in context.legal},
            )
        )  # fmt: skip
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_analysis_lists_key_moments_with_a_button_each(lang: str) -> None:
    """Each player's key moments in words, numbered in match order; one button each
    (the first player's on the first row) opening the position before the decision;
    then "Step through the match"."""
    record = _record(3)
    decisions = _graded(record)
    contexts = match_contexts(record)
    embed = summary_embed(record, decisions, contexts, NAMES, lang)
    numbers = key_numbers(decisions)
    assert 2 <= len(numbers) <= 6 and sorted(numbers.values()) == list(range(1, len(numbers) + 1))
    text = embed_text(embed)
    for player in (0, 1):
        field = t(lang, "analysis-key-moments", who=NAMES[player])
        value = next(f.value for f in embed.fields if f.name == field)
        for found in analysis.key_moments(decisions, player):
            assert f"**{numbers[found.index]}**" in value
            assert step_line(found, contexts[found.index], NAMES, lang) in value
    assert t(lang, "analysis-accuracy", accuracy=0).split("**")[0] in text
    view = analysis_view(record, decisions, contexts, NAMES, lang)
    buttons = [item for item in view.children if isinstance(item, KeyMomentButton)]
    assert sorted(b.decision for b in buttons) == sorted(numbers)
    assert all(b.custom_id == f"bingo:km:7:{b.decision}" for b in buttons)
    assert [b.item.row for b in buttons] == sorted(b.item.row or 0 for b in buttons)
    assert isinstance(view.children[-1], ReplayButton) and view.children[-1].opens
    picture = chart_file(record, decisions, contexts, NAMES, lang)
    alt = picture.description or ""
    assert "alice" in alt and "BingoMagic" in alt and t(lang, "analysis-when", turn=3)[:3] in alt


def test_a_key_moment_opens_the_position_before_the_move_with_its_choices() -> None:
    record = _record(3)
    decisions = _graded(record)
    index = min(key_numbers(decisions))
    found = next(d for d in decisions if d.index == index)
    embed, _, _, _ = key_moment_page(record, decisions, index, "en")
    assert embed.fields[0].name.startswith("Key moment 1 · ")
    assert embed.fields[0].name.endswith(f"{NAMES[found.player]} to decide")
    choices = embed.fields[0].value
    assert "played" in choices and "best" in choices
    assert sum(line.startswith(("➤", "⭐", "•")) for line in choices.splitlines()) == len(
        found.chances
    )
    # the page is the replay at step `index`: the position before decision `index`
    assert any(f.name == f"Step {index} of {len(record.decisions)}" for f in embed.fields)


def test_a_replay_step_names_who_draws_for_any_reader() -> None:
    """The bot's draw on its own turn reads "BingoMagic draws 🔥 Mountain.", not the
    private panel's "You draw …" (which named the reader)."""
    record = _record(5, ("medium", "medium"))
    state = BingoState.replay(record.seed, None, record.decisions[:5])
    assert record.decisions[5] == [1, "allow"]  # alice's Plains resolves, then turn 2
    embed, *_ = replay_page(record, 6, "en")
    step = next(f.value for f in embed.fields if f.name.startswith("Step 6 "))
    assert "You draw" not in step
    assert "alice draws 💀 Swamp." in step and "BingoMagic draws 🔥 Mountain." in step
    assert state.active == 0
    for lang in LANGUAGES:
        own = t(lang, "bingo-event-draw-own", card="").strip(" .。")
        for number in range(1, len(record.decisions) + 1):
            embed, *_ = replay_page(record, number, lang)
            assert own not in embed_text(embed), (lang, number)


def test_long_names_keep_the_answer_within_discords_limits() -> None:
    """Names of 64 characters (the most a name is shown with): every field within 1024
    characters, the whole embed within 6000 (Discord's "Embed Limits")."""
    record = _record(3)
    decisions = _graded(record)
    names = ["a" * 64, "b" * 64]
    for lang in LANGUAGES:
        embed = summary_embed(record, decisions, match_contexts(record), names, lang)
        assert all(len(f.value or "") <= 1024 for f in embed.fields)
        assert len(embed) <= 6000


class _RecordingPool(ThreadPoolExecutor):
    """A render pool that notes the name of each function it is given."""

    def __init__(self) -> None:
        super().__init__(1)
        self.jobs: list[str] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.jobs.append(fn.__name__)
        return super().submit(fn, *args, **kwargs)


async def test_a_replay_picture_is_drawn_in_the_render_pool(tmp_path: Path) -> None:
    """``replay_message`` draws the step's picture in ``bot.render_pool`` (as a board's),
    not in the bot's own process; its words and picture are ``replay_page``'s."""
    record = _record(5, ("medium", "medium"))
    pool = _RecordingPool()
    database = await Database.open(tmp_path / "replay.db")
    try:
        bot: Any = SimpleNamespace(db=database, render_pool=pool)
        embed, view, file = await replay_message(bot, record, 6, "en")
    finally:
        await database.close()
        pool.shutdown()
    assert pool.jobs == ["drawn_board"]
    page_embed, page_view, png, alt = replay_page(record, 6, "en")
    assert embed.to_dict() == page_embed.to_dict()
    assert view.to_components() == page_view.to_components()
    assert file.fp.read() == png and file.description == alt
    assert png.startswith(b"\x89PNG")
