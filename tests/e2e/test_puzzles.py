"""Puzzles from real matches through the emulator (docs/puzzles.md): a match with a
planted blunder is analysed, the blunder is mined into a puzzle, and members answer it
with /bingo puzzle and its buttons."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from bot.ai import analysis, puzzles
from bot.engine import BingoState
from bot.engine.daily import SECONDS_PER_DAY, day_of
from bot.storage.puzzles import PuzzleStore
from bot.ui.lands import counts_line
from cogs.bingo._analysis_text import action_words
from cogs.bingo._render import action_label
from tests.emulator.fixtures import build_world

from .helpers import (
    FAST_AI,
    embed_field,
    embed_title,
    enabled_buttons,
    eventually,
    find_seed,
    plant_blunder,
    play_out_with_blunder,
    running_bot,
    settings_for,
    start_match,
    wait_for_analysis,
)

#: Few simulations: the test checks the feature, not the figures' precision.
ANALYSIS_WORLDS = 8
PUZZLE_WORLDS = 16
PUZZLE_ENV = {
    **FAST_AI,
    "BINGO_ANALYSIS_WORLDS": str(ANALYSIS_WORLDS),
    "BINGO_PUZZLE_WORLDS": str(PUZZLE_WORLDS),
}


def _lost(found: puzzles.MinedPuzzle) -> float:
    return found.chances[found.best] - found.chances[found.chosen]


def _script(state: BingoState) -> list[str] | None:
    """Play ``state`` by the simple policy, passing at the blunder's moment once. The
    match fits when, as the bot will analyse and mine it, the pass is a puzzle, its
    player's costliest mistake (their first puzzle: learn from your mistakes) and the
    match's last puzzle (the server's first for a member with none of their own)."""
    planted = plant_blunder(state)
    if planted is None:
        return None
    seed, history = state.seed, state.history
    graded = analysis.analyse_decision(seed, None, history, planted, ANALYSIS_WORLDS)
    if graded is None or graded.grade not in puzzles.CANDIDATE_GRADES:
        return None
    if puzzles.mine_decision(seed, None, history, planted, PUZZLE_WORLDS) is None:
        return None
    stored = [d.to_json() for d in analysis.analyse(seed, None, history, ANALYSIS_WORLDS)]
    found = [
        mined
        for index in puzzles.candidates(stored)
        if (mined := puzzles.mine_decision(seed, None, history, index, PUZZLE_WORLDS))
    ]
    mine = [f for f in found if f.player == history[planted][0]]
    if max(mine, key=lambda f: (_lost(f), -f.index)).index != planted:
        return None
    return history if max(f.index for f in found) == planted else None


async def _mined(bingo, match_id: int) -> list:
    store = PuzzleStore(bingo.db.backend)

    async def check():
        """the match's puzzles, once mined"""
        if match_id in await store.unmined_matches(analysis.VERSION, puzzles.VERSION):
            return None
        return await store.match_puzzles(match_id)

    return await eventually(check, timeout=180)


@pytest.mark.parametrize("bot_env", [PUZZLE_ENV], indirect=True)
async def test_a_planted_blunder_becomes_a_puzzle_answered_right_and_wrong(bingo) -> None:
    """alice and bob play a seeded match in which one of them passes while holding the
    land that wins at once; its analysis is mined in the background. carol, with no
    mistakes of her own, gets it as the server's puzzle: a wrong move is graded wrong
    (her rating falls, "Try again" offered), the retry is graded right but not rated.
    The player who blundered gets it first as their own mistake: the best move is graded
    right and their rating rises; "Replay the match" opens the replay at that step."""
    # in a thread: the search takes seconds, and the bot shares this event loop
    seed = await asyncio.to_thread(find_seed, _script, 600)
    match_id = await start_match(bingo, "alice", "bob", seed=seed)
    index = await play_out_with_blunder(bingo, match_id)
    record = await bingo.db.get_match(match_id)
    player = record.decisions[index][0]
    who = ("alice", "bob")[player]
    other = ("alice", "bob")[1 - player]

    started = await bingo.driver(who).slash(bingo.channel, "bingo analyse", match=match_id)
    done = await wait_for_analysis(bingo, await started.wait_for_response())
    # the analysis names the player and the move of the planted blunder (a key moment)
    moments = embed_field(done, f"Key moments: {who}") or ""
    assert re.search(rf"{who} passed — (mistake|blunder): {who}'s chance to win", moments), moments
    found = await _mined(bingo, match_id)
    [puzzle] = [p for p in found if p.index == index]
    assert puzzle.user_id == record.player_ids[player] and puzzle.player == player
    mined = puzzles.MinedPuzzle.from_json(puzzle.data)
    assert mined.chosen == "pass" and mined.best.startswith("place:")
    assert mined.gap - puzzles.Z * mined.noise >= puzzles.GAP
    position = BingoState.replay(record.seed, None, record.decisions[:index])
    names = ["alice", "bob"]
    label = {a: action_label(a, names, player, "en")[0] for a in position.legal_actions()}
    # the answer's text names a move as the analysis does: its land's emoji, then the label
    words = {a: action_words(a, names, player, "en") for a in position.legal_actions()}
    wrong = next(a for a in position.legal_actions() if a != mined.best)
    store = PuzzleStore(bingo.db.backend)

    # carol: the server's puzzle, as the player to move saw it
    carol = bingo.driver("carol")
    asked = await carol.slash(bingo.channel, "bingo puzzle")
    shown = await asked.wait_for_response()
    assert shown.ephemeral
    assert embed_title(shown) == f"🧩 Puzzle #{puzzle.id}: find the best move"
    embed = shown.embeds[0]
    assert embed["author"]["name"] == f"From match #{match_id} of this server"
    assert f"You play as **{who}**." in embed["description"]
    assert embed_field(shown, "Your hand") == counts_line(position.hands[player], locale="en")
    table = embed_field(shown, "Table") or ""
    other_cards = sum(position.hands[1 - player])
    assert f"{other}: " in table and f"{other_cards} card" in table
    # the other hand is never shown, only its size
    assert counts_line(position.hands[1 - player], locale="en") not in str(shown.embeds)
    assert shown.attachments and shown.attachments[0]["filename"] == "puzzle.png"
    assert enabled_buttons(shown) == [label[a] for a in position.legal_actions()]

    await carol.click(shown, label[wrong])
    answer = await bingo.emu.wait_for(
        lambda: (
            (m := bingo.emu.messages[shown.id]).embeds and embed_title(m).startswith("❌") and m
        ),
        message="the graded answer",
    )
    assert embed_title(answer) == f"❌ Not the best move. Puzzle #{puzzle.id}"
    text = answer.embeds[0]["description"]
    assert f"Best move: **{words[mined.best]}**." in text
    assert f"In the match, the player to move chose {words['pass']}." in text
    assert "Your puzzle rating: 1500 → **" in text
    chances = embed_field(answer, f"Chance that {who} (the player to move) wins after each move")
    assert chances is not None and f"✅ {words[mined.best]}: 100\u00a0%" in chances
    assert enabled_buttons(answer) == ["Replay the match", "Next puzzle", "Try again"]
    carols = await store.player(bingo.world.user("carol").id)
    assert carols.rating.rating < 1500 and (carols.attempts, carols.solved) == (1, 0)

    await carol.click(answer, "Try again")
    again = await bingo.emu.wait_for(
        lambda: (m := bingo.emu.messages[shown.id]).embeds and "find" in embed_title(m) and m,
        message="the puzzle again",
    )
    assert (
        "You answered this puzzle before: this answer is not rated."
        in again.embeds[0]["description"]
    )
    await carol.click(again, label[mined.best])
    retried = await bingo.emu.wait_for(
        lambda: (
            (m := bingo.emu.messages[shown.id]).embeds and embed_title(m).startswith("✅") and m
        ),
        message="the retry's answer",
    )
    assert (
        "Not rated: only your first answer to a puzzle counts." in retried.embeds[0]["description"]
    )
    assert (await store.player(bingo.world.user("carol").id)).rating == carols.rating

    # the player who blundered: learn from your mistakes
    driver = bingo.driver(who)
    asked = await driver.slash(bingo.channel, "bingo puzzle")
    own = await asked.wait_for_response()
    assert embed_title(own) == f"🧩 Puzzle #{puzzle.id}: find the best move"
    assert own.embeds[0]["author"]["name"] == (
        f"From your match #{match_id}: learn from your mistakes"
    )
    await driver.click(own, label[mined.best])
    solved = await bingo.emu.wait_for(
        lambda: (m := bingo.emu.messages[own.id]).embeds and embed_title(m).startswith("✅") and m,
        message="the solved puzzle",
    )
    assert embed_title(solved) == f"✅ Solved! Puzzle #{puzzle.id}"
    text = solved.embeds[0]["description"]
    assert f"In your match you chose {words['pass']}." in text
    assert "Streak: 1 day in a row with a puzzle solved (best: 1)." in text
    standing = await store.player(record.player_ids[player])
    assert standing.rating.rating > 1500 and standing.solved == 1 and standing.streak == 1
    assert (
        f"Your puzzle rating: 1500 → **{round(standing.rating.rating)}?** (+" in text
    )  # provisional
    assert enabled_buttons(solved) == ["Replay the match", "Next puzzle"]

    replay = await driver.click(solved, "Replay the match")
    page = await replay.wait_for_response()
    assert (
        page.ephemeral and embed_title(page) == f"Replay of BingoMagic #{match_id} — alice vs bob"
    )
    assert embed_field(page, f"Step {index} of {len(record.decisions)}") is not None
    assert enabled_buttons(page) == ["Previous", "Next", "Analysis"]
    assert (await store.player(bingo.world.user(other).id)).attempts == 0

    # /privacy export holds the puzzle rating, the answer and the puzzle of their decision;
    # /privacy delete erases them, and the puzzle goes with them (bob's match stays)
    exported = await driver.slash(bingo.channel, "privacy export")
    assert exported.acknowledged
    sent = await driver.wait_for_message(
        bingo.channel, lambda m: any(a["filename"].endswith(".json") for a in m.attachments)
    )
    data = json.loads(bingo.emu.attachment_data[int(sent.attachments[0]["id"])])
    mine = data["puzzles"]
    assert mine["rating"]["rating"] == pytest.approx(standing.rating.rating)
    assert mine["streak"]["days"] == 1 and mine["solved"] == 1
    [answered] = mine["answers"]
    assert (answered["puzzle_id"], answered["answer"], answered["solved"]) == (
        puzzle.id,
        mined.best,
        True,
    )
    assert {"puzzle_id": puzzle.id, "match_id": match_id, "step": index + 1}.items() <= (
        next(p for p in mine["from_your_matches"] if p["puzzle_id"] == puzzle.id).items()
    )
    asked = await driver.slash(bingo.channel, "privacy delete")
    confirm = await asked.wait_for_response()
    await driver.click(confirm, confirm.components[0]["components"][0]["label"])
    await eventually(
        lambda: _gone(store, puzzle.id), what="the puzzle erased with its member's data"
    )
    assert (await store.player(record.player_ids[player])).attempts == 0
    assert await store.attempt_of(puzzle.id, bingo.world.user("carol").id) is None


async def _gone(store: PuzzleStore, puzzle_id: int) -> bool:
    return await store.puzzle(puzzle_id) is None


async def test_a_self_play_puzzle_in_a_dm_answered_after_a_restart(emulator, tmp_path) -> None:
    """In her DM with the bot, alice has no match: she gets one of the puzzles of the
    bot's games against itself that ship with it. The bot restarts before she answers;
    her click on the old buttons is still graded, and the replay of that match opens
    with its own Previous and Next. The puzzle of the day needs a server."""
    world = build_world(emulator, users=("alice", "bob"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db", **FAST_AI)
    alice = world.driver("alice")
    async with running_bot(emulator, world, settings) as first:
        asked = await alice.slash(None, "bingo puzzle")
        shown = await asked.wait_for_response()
        assert shown.embeds[0]["author"]["name"] == "From a match I played against myself"
        puzzle_id = int(embed_title(shown).split("#")[1].split(":")[0])
        record = await PuzzleStore(first.db.backend).puzzle(puzzle_id)
        assert record is not None and record.source == "selfplay" and record.guild_id is None
        daily = await alice.slash(None, "bingo daily-puzzle")
        refusal = await daily.wait_for_response()
        assert refusal.ephemeral and "server" in refusal.text
    mined = puzzles.MinedPuzzle.from_json(record.data)
    names = [f"BingoMagic ({level})" for level in record.levels or []]
    best = action_label(mined.best, names, record.player, "en")[0]
    assert best in enabled_buttons(shown)

    async with running_bot(emulator, world, settings) as second:
        await alice.click(shown, best)
        solved = await second.emu.wait_for(
            lambda: (
                (m := second.emu.messages[shown.id]).embeds
                and embed_title(m).startswith("✅")
                and m
            ),
            message="the answer after the restart",
        )
        assert "In the match, the player to move chose" in solved.embeds[0]["description"]
        assert (await PuzzleStore(second.db.backend).player(world.user("alice").id)).solved == 1
        replay = await alice.click(solved, "Replay the match")
        page = await replay.wait_for_response()
        assert embed_title(page) == "Replay: a match I played against myself"
        assert embed_field(page, f"Step {record.index} of {len(record.history)}") is not None
        assert enabled_buttons(page) == ["Previous", "Next"]
        await alice.click(page, "Next")
        step = f"Step {record.index + 1} of {len(record.history)}"
        await second.emu.wait_for(
            lambda: embed_field(second.emu.messages[page.id], step) is not None,
            message="the next step",
        )


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_the_puzzle_of_the_day_keeps_its_day(bingo) -> None:
    """The server's puzzle of the day is the same for everyone; a click on it after
    midnight UTC is answered "That day is over" and changes nothing."""
    service = bingo.bot.get_cog("Bingo").puzzles
    noon = (day_of(service.clock()) + 0.5) * SECONDS_PER_DAY
    service.clock = lambda: noon
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    first = await (await alice.slash(bingo.channel, "bingo daily-puzzle")).wait_for_response()
    second = await (await bob.slash(bingo.channel, "bingo daily-puzzle")).wait_for_response()
    assert embed_title(first) == embed_title(second)
    assert first.embeds[0]["author"]["name"].startswith("Puzzle of the day · ")
    moves = enabled_buttons(first)
    service.clock = lambda: noon + SECONDS_PER_DAY  # the next day
    before = {m.id for m in alice.ephemerals(bingo.channel)}
    await alice.click(first, moves[0])
    refusal = await bingo.emu.wait_for(
        lambda: next((m for m in alice.ephemerals(bingo.channel) if m.id not in before), None),
        message="the private refusal",
    )
    assert refusal.text.startswith("That day is over")
    assert (await PuzzleStore(bingo.db.backend).player(bingo.world.user("alice").id)).attempts == 0
