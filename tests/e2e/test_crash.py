"""kill -9 the bot process at the worst moments, restart it, and finish the match.

The bot runs as its own process (``python -m bot``) against the in-process emulator;
SIGKILL gives it no chance to clean up.  After each restart the match must go on from
its stored state and end with the right stats.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from bot.engine import BingoState
from bot.storage import Database
from tests.emulator.fixtures import build_world

from .bot_process import BotProcess
from .helpers import (
    BotWorld,
    enabled_buttons,
    play_out,
    prompt,
    result_posted,
    simple_policy,
    start_match,
)

pytestmark = pytest.mark.multiprocess


#: Every decision a new DM panel (not an edit of the one just clicked): the kills of
#: :func:`_kill_after_a_new_panel` happen the moment such a panel is created.
NEW_PANELS = pytest.mark.parametrize(
    "crashable", [{"BINGO_PANEL_ATTENTION_SECONDS": "0"}], indirect=True, ids=["new-panels"]
)


@pytest.fixture
async def crashable(emulator, tmp_path, request):
    """The bot as its own process, with ``request.param`` (a dict, if the test is
    parametrized indirectly) added to its environment; ``(BotProcess, BotWorld)``."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    bot = BotProcess(emulator, world, tmp_path / "bingomagic.db")
    bot.env.update(getattr(request, "param", {}))
    await bot.start()
    try:
        yield bot, BotWorld(emulator, world, bot=None, db=None)
    finally:
        await bot.stop()
        for i, log in enumerate(bot.logs):
            print(f"==== bot log {i}\n{log[-6000:]}")
    # A killed process may leave an interaction it had received unanswered: that
    # is the crash itself, not a bug, so such late acknowledgements are consumed.
    emulator.take_problems()


async def _check_stats(database: Path, match_id: int, world) -> None:
    """Match ``match_id`` is finished and replays exactly; alice's and bob's stats count
    each of their finished matches once (the crash match and any played before it)."""
    db = await Database.open(database)
    try:
        record = await db.get_match(match_id)
        assert record.status == "finished"
        replayed = BingoState.replay(record.seed, None, record.decisions)
        assert replayed.to_json() == record.state, "the stored decisions replay exactly"
        ids = [world.user(name).id for name in ("alice", "bob")]
        expected = {uid: [0, 0, 0] for uid in ids}  # wins, losses, draws
        finished = "SELECT id FROM matches WHERE status = 'finished'"
        for row in await db.backend.fetchall(finished):
            played = await db.get_match(row["id"])
            if played.result is None:  # counted for nobody
                continue
            for uid in ids:
                if played.result == "draw":
                    expected[uid][2] += 1
                else:
                    expected[uid][0 if uid == played.winner_id else 1] += 1
        stats = [await db.player_stats(world.guild.id, uid) for uid in ids]
        assert {s.user_id: [s.wins, s.losses, s.draws] for s in stats} == expected
        assert (await db.unannounced_matches()) == []
    finally:
        await db.close()


async def _crash_at(crashable, tmp_path, until, policy=simple_policy) -> None:
    bot, bw = crashable
    for _ in range(5):  # a deal may end before the moment comes (no Swamp drawn): again
        match_id = await start_match(bw)
        reached = await play_out(bw, match_id, policy=policy, until=until)
        if isinstance(reached, tuple):
            break
    else:
        raise AssertionError("five matches ended before the moment to kill the bot")
    driver, panel = reached
    labels = enabled_buttons(panel)
    version = [c["custom_id"] for row in panel.components for c in row["components"]][0]
    await bot.kill()
    await bot.start()
    # The restarted bot redraws the waiting player's panel with working controls.
    await bw.emu.wait_for(
        lambda: (p := prompt(driver, bw.channel)) is not None and enabled_buttons(p) == labels,
        10,
        message="the panel restored after the restart",
    )
    restored = prompt(driver, bw.channel)
    assert [c["custom_id"] for row in restored.components for c in row["components"]][0] == version
    await play_out(bw, match_id, policy=policy)
    await bot.stop()
    assert "Restored 1 match(es) in progress" in bot.logs[-1]
    await _check_stats(tmp_path / "bingomagic.db", match_id, bw.world)


async def test_kill_during_mulligan_declarations(crashable, tmp_path) -> None:
    """Killed while the second player must still declare: the match resumes and ends."""

    def second_declaration(labels: list[str]) -> bool:
        second_declaration.seen += "Keep" in labels
        return second_declaration.seen == 2

    second_declaration.seen = 0
    await _crash_at(crashable, tmp_path, second_declaration)


async def test_kill_while_a_counter_window_is_open(crashable, tmp_path) -> None:
    """Killed with a counter window open: the window survives and the match ends."""
    await _crash_at(crashable, tmp_path, lambda labels: "Let it resolve" in labels)


def swamp_first(labels: list[str]) -> str:
    return "Place Swamp" if "Place Swamp" in labels else simple_policy(labels)


async def test_kill_while_a_swamp_discard_is_pending(crashable, tmp_path) -> None:
    """Killed while the opponent must discard for a Swamp: the choice survives."""
    await _crash_at(
        crashable,
        tmp_path,
        lambda labels: any(label.startswith("Discard ") for label in labels),
        policy=swamp_first,
    )


async def test_kill_after_the_winning_land_before_the_result(crashable, tmp_path) -> None:
    """Killed after the result is committed but before it is posted: the restarted bot
    posts it, and the stats count the match once."""
    bot, bw = crashable
    match_id = await start_match(bw)
    hold = bw.emu.hold(
        lambda method, path, body: (
            method == "POST"
            and path.endswith("/messages")
            and f"(BingoMagic #{match_id}," in ((body or {}).get("content") or "")
        )
    )
    finishing = asyncio.create_task(play_out(bw, match_id))
    await hold.wait_held(timeout=60)
    await bot.kill()
    hold.release()
    finishing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await finishing
    assert result_posted(bw, match_id) is None
    await bot.start()
    await bw.emu.wait_for(lambda: result_posted(bw, match_id), 10, message="the result")
    await bot.stop()
    await _check_stats(tmp_path / "bingomagic.db", match_id, bw.world)


async def _kill_after_a_new_panel(crashable):
    """Play to a counter window, answer it, take the turn, and kill the bot the moment
    its next DM panel with buttons exists, long before its ids are stored. Returns
    ``(match id, that panel)``."""
    bot, bw = crashable
    match_id = await start_match(bw)
    driver, panel = await play_out(bw, match_id, until=lambda labels: "Let it resolve" in labels)
    sent: list = []

    def on_message(event: str, message) -> None:
        if (
            event == "MESSAGE_CREATE"
            and not sent
            and "'s hand" in (message.embeds[0].get("title", "") if message.embeds else "")
            and enabled_buttons(message)
        ):
            sent.append(message)
            bot.process.send_signal(signal.SIGKILL)

    await driver.click(panel, "Let it resolve")
    # Whatever the land did, the next decision on the panel just clicked is answered by
    # the click; the first new panel with buttons is the other player's.
    bw.emu.message_listeners.append(on_message)
    drivers = [bw.driver("alice"), bw.driver("bob")]
    clicked: set[tuple[int, str]] = set()
    while not sent:
        found = await bw.emu.wait_for(
            lambda: (
                sent
                or next(
                    (
                        (d, p)
                        for d in drivers
                        if (p := prompt(d)) is not None
                        and (p.id, str(enabled_buttons(p)), p.edited_at) not in clicked
                    ),
                    None,
                )
            ),
            30,
            message="a new panel",
        )
        if sent:
            break
        d, p = found
        clicked.add((p.id, str(enabled_buttons(p)), p.edited_at))
        await d.click(p, simple_policy(enabled_buttons(p)))
    bw.emu.message_listeners.remove(on_message)
    await bot._collect()
    await bw.emu.wait_for(lambda: not bw.emu.gateway.connected_sessions(), 10, message="disconnect")
    assert enabled_buttons(bw.emu.messages[sent[0].id]), "the stray panel was live"
    # After the restart, the rest of the match shows decisions as for players who watch
    # their panels: on the panel they just clicked (the default attention time)
    bot.env.pop("BINGO_PANEL_ATTENTION_SECONDS", None)
    return match_id, sent[0]


def _owner(panel) -> str:
    return panel.embeds[0]["title"].split("'s hand")[0]


@NEW_PANELS
async def test_a_panel_sent_just_before_a_kill_loses_its_buttons(crashable, tmp_path) -> None:
    """A DM panel whose id the bot never stored (killed at once after sending it) does
    not stay clickable: after the restart its buttons are taken away, and the player
    decides on the panel the restart sent."""
    bot, bw = crashable
    match_id, stray = await _kill_after_a_new_panel(crashable)
    await bot.start()
    await bw.emu.wait_for(
        lambda: not enabled_buttons(bw.emu.messages[stray.id]),
        20,
        message="the stray panel's buttons taken away",
    )
    current = prompt(bw.driver(_owner(stray)))
    assert current is not None and current.id != stray.id
    await play_out(bw, match_id)
    await bot.stop()


@NEW_PANELS
async def test_a_click_on_a_superseded_panel_retires_it(crashable, tmp_path) -> None:
    """A click on a panel that is no longer the player's takes its buttons away and
    tells them privately where their current panel is; the match is unchanged."""
    bot, bw = crashable
    match_id, stray = await _kill_after_a_new_panel(crashable)
    # Keep the restarted bot from finding the stray by itself: the click must do it.
    reads = bw.emu.hold(lambda method, path, body: method == "GET" and "/messages" in path)
    await bot.start()
    driver = bw.driver(_owner(stray))
    current = await bw.emu.wait_for(
        lambda: (p := prompt(driver)) is not None and p.id != stray.id and p,
        20,
        message="the panel the restart sent",
    )
    record = await driver.click(bw.emu.messages[stray.id], enabled_buttons(stray)[0])
    assert record.acknowledged
    assert not enabled_buttons(bw.emu.messages[stray.id])
    notes = await bw.emu.wait_for(
        lambda: [m for m in driver.dm_messages() if "out of date" in m.content],
        10,
        message="the private note",
    )
    assert f"/{current.id}" in notes[-1].content, "it links to the current panel"
    assert enabled_buttons(bw.emu.messages[current.id]), "the current panel still works"
    reads.release()
    await play_out(bw, match_id)
    await bot.stop()
