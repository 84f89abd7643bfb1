"""A finished match's analysis through the emulator: /bingo analyse, the replay's
Analysis button, the grades on the replay pages (docs/analysis.md)."""

from __future__ import annotations

import pytest

from bot.ai import analysis
from bot.ai.heuristics import need
from bot.engine import BingoState

from .helpers import (
    FAST_AI,
    embed_field,
    embed_title,
    enabled_buttons,
    find_seed,
    play_out,
    preferring,
    simple_policy,
    start_match,
    wait_for_analysis,
)

#: Few simulations: the test checks the feature, not the figures' precision.
WORLDS = 8
ANALYSIS_ENV = {**FAST_AI, "BINGO_ANALYSIS_WORLDS": str(WORLDS)}


def _simple(legal: list[str]) -> str:
    """:func:`simple_policy` in engine actions (the panel lists them in this order)."""
    return preferring(legal, ("keep", "allow", "scry_top"), lambda a: a.startswith("place:"))


def _blunder_now(state: BingoState) -> bool:
    """The planted blunder's moment: the player to place holds a land that wins at once
    and the other hand is too small to counter it (RULES §1.3.3, §1.6)."""
    if state.phase != "play" or state.step != "main":
        return False
    me = state.active
    if sum(state.hands[1 - me]) >= 2:
        return False
    for k, n in enumerate(state.hands[me]):
        if n:
            after = list(state.territories[me])
            after[k] += 1
            if need(after) == 0:
                return True
    return False


def _script(state: BingoState) -> list[str] | None:
    """Play ``state`` by the simple policy, passing at the blunder's moment once; the
    match fits when that moment comes and the analysis grades it a blunder."""
    planted = None
    while state.result is None:
        if planted is None and _blunder_now(state):
            planted = len(state.history)
            state.apply("pass")
            continue
        state.apply(_simple(state.legal_actions()))
    if planted is None:
        return None
    found = analysis.analyse_decision(state.seed, None, state.history, planted, WORLDS)
    return state.history if found is not None and found.grade == "blunder" else None


@pytest.mark.parametrize("bot_env", [ANALYSIS_ENV], indirect=True)
async def test_an_analysis_grades_every_decision_and_finds_the_planted_blunder(bingo) -> None:
    """alice and bob play a seeded match in which one of them passes while holding the
    land that wins at once; carol asks for the analysis: privately, with a progress line,
    then both players' accuracy and a chart; every decision with a choice is graded, the
    pass is a blunder with the winning land as the better move on its replay page, and
    a second request reads the stored analysis."""
    seed = find_seed(_script, tries=400)
    match_id = await start_match(bingo, "alice", "bob", seed=seed)
    planted: list[int] = []

    def policy(labels: list[str]) -> str:
        state = bingo.service.matches[match_id].state
        if not planted and _blunder_now(state) and "Pass" in labels:
            planted.append(len(state.history))
            return "Pass"
        return simple_policy(labels)

    await play_out(bingo, match_id, policy=policy)
    assert planted
    carol = bingo.driver("carol")
    started = await carol.slash(bingo.channel, "bingo analyse", match=match_id)
    first = await started.wait_for_response()
    assert first.ephemeral
    done = await wait_for_analysis(bingo, first)
    assert embed_title(done) == f"Analysis of BingoMagic #{match_id} — alice vs bob"
    assert "Accuracy" in (embed_field(done, "alice") or "")
    assert "Blunder" in (embed_field(done, "alice") or "")
    assert done.attachments and done.attachments[0]["filename"] == "analysis.png"
    assert "chance to win" in done.attachments[0]["description"]  # alt text

    record = await bingo.db.get_match(match_id)
    stored = await bingo.db.analysis(match_id, analysis.VERSION)
    assert stored is not None
    points = analysis.decision_points(record.seed, record.options, record.decisions)
    assert [d["index"] for d in stored] == points
    assert {d["player"] for d in stored} == {0, 1}
    assert all(d["grade"] in analysis.GRADES for d in stored)
    blunder = next(d for d in stored if d["index"] == planted[0])
    assert blunder["grade"] == "blunder" and blunder["chosen"] == "pass"

    # A second request reads the stored analysis; its button opens the replay at the
    # decision that lost the most, which shows its grade and the better move.
    again = await carol.slash(bingo.channel, "bingo analyse", match=match_id)
    instant = await again.wait_for_response()
    assert embed_title(instant).startswith("Analysis of")  # stored: no progress line
    assert enabled_buttons(instant) == ["Biggest mistake"]
    worst = max(stored, key=lambda d: d["best"] - d["after"] if d["grade"] != "best" else 0)
    assert worst["best"] - worst["after"] >= blunder["best"] - blunder["after"]
    await carol.click(instant, "Biggest mistake")
    page = bingo.emu.messages[instant.id]
    assert embed_field(page, f"Step {worst['index'] + 1} of {len(record.decisions)}") is not None
    note = embed_field(page, "Analysis")
    assert note is not None and note.startswith("Blunder")
    assert "Better: " in note and f"{round(100 * worst['best'])} % instead of" in note
    assert enabled_buttons(page) == ["Previous", "Next", "Analysis"]
