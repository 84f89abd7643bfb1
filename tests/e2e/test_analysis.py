"""A finished match's analysis through the emulator: /bingo analyse, the replay's
Analysis button, the grades on the replay pages (docs/analysis.md)."""

from __future__ import annotations

import re

import pytest

from bot.ai import analysis
from bot.engine import BingoState

from .helpers import (
    FAST_AI,
    embed_field,
    embed_title,
    enabled_buttons,
    find_seed,
    plant_blunder,
    play_out_with_blunder,
    start_match,
    wait_for_analysis,
)

#: Few simulations: the test checks the feature, not the figures' precision.
WORLDS = 8
ANALYSIS_ENV = {**FAST_AI, "BINGO_ANALYSIS_WORLDS": str(WORLDS)}


def _script(state: BingoState) -> list[str] | None:
    """Play ``state`` by the simple policy, passing at the blunder's moment once; the
    match fits when that moment comes and the analysis grades it a blunder."""
    planted = plant_blunder(state)
    if planted is None:
        return None
    found = analysis.analyse_decision(state.seed, None, state.history, planted, WORLDS)
    return state.history if found is not None and found.grade == "blunder" else None


@pytest.mark.parametrize("bot_env", [ANALYSIS_ENV], indirect=True)
async def test_an_analysis_grades_every_decision_and_finds_the_planted_blunder(bingo) -> None:
    """alice and bob play a seeded match in which one of them passes while holding the
    land that wins at once; carol asks for the analysis: privately, with a progress line,
    then both players' accuracy and a chart; every decision with a choice is graded, the
    pass is a blunder, named with its player, its move and whose chance it cost, among
    that player's key moments; its button opens, in a new private message, the replay
    at the position before the pass with the choices that player had (the pass played,
    the winning land the best); Next shows the pass and its grade in words; a second
    request reads the stored analysis."""
    seed = find_seed(_script, tries=400)
    match_id = await start_match(bingo, "alice", "bob", seed=seed)
    planted = await play_out_with_blunder(bingo, match_id)
    carol = bingo.driver("carol")
    started = await carol.slash(bingo.channel, "bingo analyse", match=match_id)
    first = await started.wait_for_response()
    assert first.ephemeral
    done = await wait_for_analysis(bingo, first)
    assert embed_title(done) == f"Analysis of BingoMagic #{match_id} — alice vs bob"
    assert "Accuracy" in (embed_field(done, "alice") or "")
    assert "Average loss" in (embed_field(done, "alice") or "")
    assert done.attachments and done.attachments[0]["filename"] == "analysis.png"
    alt = done.attachments[0]["description"]  # the chart's alt text
    assert "alice's chance to win" in alt and "turn" in alt

    record = await bingo.db.get_match(match_id)
    stored = await bingo.db.analysis(match_id, analysis.VERSION)
    assert stored is not None
    points = analysis.decision_points(record.seed, record.options, record.decisions)
    assert [d["index"] for d in stored] == points
    assert {d["player"] for d in stored} == {0, 1}
    assert all(d["grade"] in analysis.GRADES for d in stored)
    blunder = next(d for d in stored if d["index"] == planted)
    assert blunder["grade"] == "blunder" and blunder["chosen"] == "pass"
    who = record.ui["names"][blunder["player"]]
    counted = re.search(r"Blunder: (\d+)", embed_field(done, who) or "")
    assert counted is not None and int(counted[1]) >= 1

    # The pass is among its player's key moments, in words: who, what, whose chance.
    moments = embed_field(done, f"Key moments: {who}") or ""
    best = round(100 * blunder["best"])
    words = f"{who} passed — blunder: {who}'s chance to win {best}\u00a0% → "
    assert words in moments, moments
    assert "Better: place " in moments

    # A second request reads the stored analysis: no progress line, one button per
    # key moment and "Step through the match".
    again = await carol.slash(bingo.channel, "bingo analyse", match=match_id)
    instant = await again.wait_for_response()
    assert embed_title(instant).startswith("Analysis of")
    labels = enabled_buttons(instant)
    assert labels[-1] == "Step through the match"
    assert any(label.endswith(f"· {who}, turn {_turn(record, planted)}") for label in labels)

    # Its button: the position before the pass, in a new private message.
    click = await carol.click(instant, custom_id=f"bingo:km:{match_id}:{planted}")
    page = await click.wait_for_response()
    assert page.ephemeral and page.id != instant.id
    assert embed_title(bingo.emu.messages[instant.id]).startswith("Analysis of")  # still there
    total = len(record.decisions)
    assert embed_field(page, f"Step {planted} of {total}") is not None  # before the pass
    choices = page.embeds[0]["fields"][0]
    assert choices["name"].startswith("Key moment ")
    assert choices["name"].endswith(f"Turn {_turn(record, planted)}: {who} to decide")
    lines = choices["value"].splitlines()
    played = next(line for line in lines if line.startswith("➤"))
    assert "**Pass**" in played and played.endswith("played, blunder")
    top = next(line for line in lines if line.startswith("⭐"))
    assert "Place" in top and top.endswith(f"— {best}\u00a0% · best")
    assert enabled_buttons(page) == ["Previous", "Next", "Analysis"]

    # Next: the pass itself, with its grade in words.
    await carol.click(page, "Next")
    shown = bingo.emu.messages[page.id]
    assert embed_field(shown, f"Step {planted + 1} of {total}") is not None
    note = embed_field(shown, "Analysis")
    assert note is not None and note.startswith(words)


def _turn(record, index: int) -> int:
    """The turn of decision ``index`` of ``record`` (RULES §1.3)."""
    return analysis.contexts(record.seed, record.options, record.decisions)[index].turn
