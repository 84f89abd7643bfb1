"""Discord faults: 429s, deleted messages, gateway reconnects, closed DMs remembered."""

from __future__ import annotations

import asyncio
import re
import sqlite3

import pytest

from bot.engine import BingoState
from bot.i18n.service import CACHE_SECONDS
from emulator.permissions import SEND_MESSAGES, SEND_MESSAGES_IN_THREADS

from .helpers import (
    BOARD_TITLE,
    board,
    challenge,
    decide,
    embed_title,
    enabled_buttons,
    eventually,
    opening_prompt,
    play_out,
    players_of,
    prompt,
    public_messages,
    start_match,
    wait_prompt,
)


async def _finished(bingo, match_id: int):
    record = await bingo.db.get_match(match_id)
    assert record.status == "finished"
    assert BingoState.replay(record.seed, None, record.decisions).to_json() == record.state
    return record


async def test_a_429_burst_is_absorbed(bingo) -> None:
    """Five 429s in a row slow the bot down but lose nothing: the match ends normally."""
    match_id = await start_match(bingo)
    bingo.emu.burst_429(4, retry_after=0.1)
    await play_out(bingo, match_id)
    assert len(bingo.emu.rate_limited) == 4
    await _finished(bingo, match_id)


@pytest.mark.parametrize("bot_env", [{"DISCORD_OUTBOUND_PER_SECOND": "16"}], indirect=True)
async def test_pacing_keeps_a_busy_server_clear_of_429s(bingo) -> None:
    """Three matches at once under a 20-per-second limit: the bot's pacing never hits it."""
    for name in ("dave", "erin", "frank"):
        user = bingo.emu.create_user(name)
        bingo.emu.add_member(bingo.world.guild, user)
        bingo.world.users[name] = user
    # Interaction answers (callbacks, webhooks) are outside Discord's global limit.
    bingo.emu.rate_limit(
        lambda method, path: not path.startswith(("/webhooks", "/interactions")),
        limit=20,
        per=1.0,
    )
    pairs = [("alice", "bob"), ("carol", "dave"), ("erin", "frank")]
    ids = [await start_match(bingo, a, b) for a, b in pairs]
    await asyncio.gather(*(play_out(bingo, i, pair) for i, pair in zip(ids, pairs, strict=True)))
    assert bingo.emu.rate_limited == []
    for match_id in ids:
        await _finished(bingo, match_id)


async def test_a_deleted_board_is_posted_again(bingo) -> None:
    """A moderator deletes the board: the next update posts a new one, and play goes on."""
    match_id = await start_match(bingo)
    first = board(bingo, match_id)
    bingo.emu.delete_message(first)
    await play_out(bingo, match_id)
    boards = [
        m
        for m in public_messages(bingo)
        if BOARD_TITLE.match(embed_title(m)) and f"#{match_id} " in embed_title(m)
    ]
    assert len(boards) == 1 and boards[0].id != first.id
    assert "wins" in boards[0].text or "draw" in boards[0].text
    await _finished(bingo, match_id)


async def test_a_deleted_panel_comes_back_with_bingo_hand(bingo) -> None:
    """The DM holding a player's controls is deleted: /bingo hand brings them back."""
    match_id, starter, _, panel = await opening_prompt(bingo)
    bingo.emu.delete_message(panel)
    record = await starter.slash(bingo.channel, "bingo hand")
    reply = await record.wait_for_response()
    assert reply.ephemeral and enabled_buttons(reply) == ["Keep", "Mulligan"]
    await starter.click(reply, "Keep")
    await bingo.emu.wait_for(lambda: bingo.service.matches[match_id].state.version == 1)
    await play_out(bingo, match_id)
    await _finished(bingo, match_id)


@pytest.mark.slow
async def test_reconnect_and_invalid_session_lose_nothing(bingo) -> None:
    """op 7 (resume) and op 9 (new session) mid-match: no decision lost or doubled."""
    emu = bingo.emu
    match_id = await start_match(bingo)
    starter, _ = players_of(bingo, match_id)
    await decide(bingo, starter, "Keep")

    resumes = emu.gateway_resumes
    await emu.send_reconnect()
    await emu.wait_for(lambda: emu.gateway_resumes > resumes, 15, message="RESUME")
    other = bingo.driver("bob" if starter.user.username == "alice" else "alice")
    await decide(bingo, other, "Keep")

    connects = emu.gateway_connects
    await emu.send_invalid_session(resumable=False)
    await emu.wait_for(lambda: emu.gateway_connects > connects, 15, message="IDENTIFY")
    await emu.wait_for(lambda: emu.gateway.connected_sessions(), 15)
    await play_out(bingo, match_id)
    record = await _finished(bingo, match_id)
    assert [a for _, a in record.decisions[:2]] == ["keep", "keep"]
    assert (
        len(
            [
                m
                for m in bingo.driver("carol").messages(bingo.channel)
                if f"(BingoMagic #{match_id}," in m.content
            ]
        )
        == 1
    )


async def test_closed_dms_are_remembered_across_matches(bingo) -> None:
    """After one 403 the bot stops DMing that user, until they ask with /bingo hand."""
    emu = bingo.emu
    emu.set_dms_closed(bingo.world.user("bob"))
    first = await start_match(bingo)
    await emu.wait_for(lambda: "Show my hand" in enabled_buttons(board(bingo, first)))
    forbidden = emu.invalid_requests
    await bingo.driver("alice").slash(bingo.channel, "bingo resign")
    second = await start_match(bingo, "carol", "bob")
    await emu.wait_for(lambda: "Show my hand" in enabled_buttons(board(bingo, second)))
    assert emu.invalid_requests == forbidden, "no new 403 for bob in the second match"

    emu.set_dms_closed(bingo.world.user("bob"), False)
    record = await bingo.driver("bob").slash(bingo.channel, "bingo hand")
    assert (await record.wait_for_response()).ephemeral
    assert not await bingo.db.is_dm_closed(bingo.world.user("bob").id)
    await play_out(bingo, second, ("carol", "bob"))
    assert prompt(bingo.driver("bob")) is None
    assert any("bob's hand" in m.text for m in bingo.driver("bob").dm_messages())


async def test_an_unexpected_error_is_reported_once_and_changes_nothing(bingo, caplog) -> None:
    """A failing commit: one log line with an error id, the same id privately to the
    player, the match unchanged; the same click works once the fault is gone."""
    match_id = await start_match(bingo)
    live = bingo.service.matches[match_id]
    starter = bingo.driver(("alice", "bob")[live.state.starting])
    panel = await wait_prompt(bingo, starter, "Keep")

    real_save = bingo.db.save_match_cas

    async def failing_save(*args, **kwargs):
        raise RuntimeError("disk on fire")

    bingo.db.save_match_cas = failing_save
    try:
        with caplog.at_level("ERROR"):
            await starter.click(panel, "Keep")
            reply = await bingo.emu.wait_for(
                lambda: next(
                    (m for m in starter.dm_messages() if "Something went wrong" in m.text), None
                )
            )
    finally:
        bingo.db.save_match_cas = real_save
    error_id = reply.text.split("error id ")[1].rstrip(").")
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and error_id in errors[0].getMessage()
    assert errors[0].exc_info and "disk on fire" in str(errors[0].exc_info[1])
    assert bingo.emu.bot_token not in caplog.text
    assert live.state.version == 0 and (await bingo.db.get_match(match_id)).version == 0

    await decide(bingo, starter, "Keep")
    assert (await bingo.db.get_match(match_id)).version == 1


# -- Discord failing while a match is shown: the match never gets stuck ----------------


def _posts_in(bingo):
    """A route filter: the bot's new messages in ``bingo``'s channel or in its threads
    (where matches are played)."""
    channel, emu = bingo.channel, bingo.emu

    def hit(method: str, path: str) -> bool:
        found = re.fullmatch(r"/channels/(\d+)/messages", path)
        if method != "POST" or found is None:
            return False
        target = emu.channels.get(int(found.group(1)))
        return target is not None and channel.id in (target.id, target.parent_id)

    return hit


async def _ended_with_no_result(bingo, match_id: int, why: str) -> None:
    """The match ended with no result, counted for nobody, and each player was told
    privately why; neither is blocked from a new match."""
    await bingo.emu.wait_for(
        lambda: all(
            any("counts for nobody" in m.text for m in bingo.driver(n).dm_messages())
            for n in ("alice", "bob")
        ),
        message="both players told privately",
    )
    record = await _finished(bingo, match_id)
    assert (record.result, record.reason, record.winner_id) == (None, "no_result", None)
    assert record.decisions[-1] == [None, "abandon"]
    for name in ("alice", "bob"):
        driver = bingo.driver(name)
        told = [m.text for m in driver.dm_messages() if "counts for nobody" in m.text]
        assert len(told) == 1 and why in told[0]
        assert prompt(driver) is None, "no controls left"
        user = bingo.world.user(name)
        assert await bingo.db.player_stats(bingo.world.guild.id, user.id) is None
        assert await bingo.db.active_match_of(bingo.world.guild.id, user.id) is None
    assert match_id not in bingo.service.matches
    assert ("match", match_id) not in bingo.service.scheduler


async def test_a_board_post_refused_403_ends_the_match_with_no_result(bingo) -> None:
    """The bot lost Send Messages and Send Messages in Threads in the channel (403/50013)
    before the board is posted: the match ends with no result (no win, loss or draw),
    both players are told by DM, and both may start a new match."""
    message = await challenge(bingo, "alice", "bob")
    bingo.emu.set_channel_permissions(
        bingo.channel, bingo.emu.bot_user, deny=SEND_MESSAGES | SEND_MESSAGES_IN_THREADS
    )
    await bingo.driver("bob").click(message, "Accept")

    async def started():
        """the match is stored"""
        return await bingo.db.get_match(1)

    match_id = (await eventually(started)).id
    await _ended_with_no_result(bingo, match_id, "may no longer post in its channel")
    assert board(bingo, match_id) is None
    again = await bingo.driver("alice").slash(
        bingo.channel, "bingo challenge", opponent=bingo.world.user("bob")
    )
    assert again.message is not None and "already in a match" not in again.message.text


async def test_a_deleted_channel_ends_the_match_with_no_result(bingo) -> None:
    """The match's channel is deleted mid-match (404/10003): the next decision ends the
    match with no result and both players learn why by DM."""
    match_id, starter, _, panel = await opening_prompt(bingo)
    bingo.emu.delete_channel(bingo.channel)
    await starter.click(panel, "Keep")
    await _ended_with_no_result(bingo, match_id, "its channel was deleted")


async def test_a_transient_failure_is_retried(bingo) -> None:
    """The board post fails once with a 503: the match's timer runs all the same, and
    the board is posted on a later try."""
    bingo.service.delivery.retry_delays = (0.2, 0.2, 0.2)
    failure = bingo.emu.fail_route(_posts_in(bingo), status=503, count=1)
    match_id = await start_match(bingo)  # waits for the board
    assert failure.failed
    assert ("match", match_id) in bingo.service.scheduler
    assert (await bingo.db.get_match(match_id)).status == "active"


@pytest.mark.parametrize(
    "bot_env",
    [{"BINGO_TURN_SECONDS": "0.2", "BINGO_CHOICE_SECONDS": "0.2", "BINGO_COUNTER_SECONDS": "0.2"}],
    indirect=True,
)
async def test_a_lasting_failure_never_stops_the_timers(bingo) -> None:
    """Every post in the channel fails (5xx) from the start: there is no board, yet the
    timers run and the match ends by its forfeit rule instead of staying stuck."""
    bingo.service.delivery.retry_delays = (0.1,)
    message = await challenge(bingo, "alice", "bob")
    failure = bingo.emu.fail_route(_posts_in(bingo), status=503)
    await bingo.driver("bob").click(message, "Accept")

    async def finished():
        """the match ends"""
        record = await bingo.db.get_match(1)
        return record if record is not None and record.status == "finished" else None

    record = await eventually(finished)
    failure.stop()
    assert record.reason == "timeout" and board(bingo, record.id) is None
    for name in ("alice", "bob"):
        user = bingo.world.user(name).id
        assert await bingo.db.active_match_of(bingo.world.guild.id, user) is None


async def test_clicks_while_another_connection_holds_the_write_lock(bingo) -> None:
    """Another connection holds SQLite's write lock for 5 s while the players act.
    The player to decide clicks, then clicks the same panel again; the other asks for
    their stats (reads that queued behind the blocked write on the bot's one connection);
    the first asks with ``/bingo hand`` (a write before its answer). Every interaction is
    answered within Discord's 3 s (the emulator records any that is not, and the fixture
    fails on it), the decision is applied once the lock is gone, and the second click
    changes nothing."""
    match_id = await start_match(bingo)
    decider = await bingo.emu.wait_for(
        lambda: next(
            (bingo.driver(n) for n in ("alice", "bob") if prompt(bingo.driver(n), bingo.channel)),
            None,
        ),
        message="a player to decide",
    )
    other = bingo.driver("bob" if decider.user.username == "alice" else "alice")
    panel = await wait_prompt(bingo, decider, "Keep")
    before = len((await bingo.db.get_match(match_id)).decisions)
    await asyncio.sleep(CACHE_SECONDS + 0.5)  # the player thinks: no language is cached
    holder = sqlite3.connect(bingo.bot.settings.database_path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        released = asyncio.get_running_loop().time() + 5.0
        records = await asyncio.gather(
            decider.click(panel, "Keep"),
            _later(0.3, decider.click(panel, "Keep")),
            _later(0.5, other.slash(bingo.channel, "bingo stats")),
            _later(0.7, decider.slash(bingo.channel, "bingo hand")),
        )
        await asyncio.sleep(max(0.0, released - asyncio.get_running_loop().time()))
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert all(record.acknowledged for record in records)

    async def applied():
        """the keep is stored"""
        record = await bingo.db.get_match(match_id)
        return record if len(record.decisions) > before else None

    await eventually(applied)
    await asyncio.sleep(0.5)  # the second click, answered, had its chance to apply
    assert len((await bingo.db.get_match(match_id)).decisions) == before + 1


async def _later(seconds: float, work):
    await asyncio.sleep(seconds)
    return await work


def _creates(method: str, path: str) -> bool:
    return method == "POST" and re.fullmatch(r"/channels/\d+/messages", path) is not None


def _dm_creates(bingo):
    def check(method: str, path: str) -> bool:
        if not _creates(method, path):
            return False
        channel = bingo.emu.channels.get(int(path.split("/")[2]))
        return channel is not None and channel.is_dm

    return check


def _is_board(body) -> bool:
    embeds = (body or {}).get("embeds") or [{}]
    return BOARD_TITLE.match(embeds[0].get("title") or "") is not None


def _is_result(body) -> bool:
    return "(BingoMagic #" in ((body or {}).get("content") or "")


@pytest.mark.parametrize("drop", [False, True], ids=["503", "dropped"])
async def test_posts_carried_out_then_failed_are_not_doubled(bingo, drop: bool) -> None:
    """Discord creates the board, the first DM panels and the result, then answers 503
    (or drops the connection), twice each: the bot sends each again with the same nonce
    (``enforce_nonce``), so every player sees each message once."""
    emu = bingo.emu
    failures = [
        emu.fail_route(_creates, status=503, count=2, applied=True, drop=drop,
                       body_filter=_is_board),
        emu.fail_route(_dm_creates(bingo), status=503, count=2, applied=True, drop=drop),
        emu.fail_route(_creates, status=503, count=2, applied=True, drop=drop,
                       body_filter=_is_result),
    ]  # fmt: skip
    match_id = await start_match(bingo)
    await play_out(bingo, match_id)
    announced = "SELECT announced FROM matches WHERE id = ?"
    await emu.wait_for(lambda: not failures[2].active, message="the result's second try")
    for _ in range(500):  # the bot marks the result announced once its post went through
        if await bingo.db.backend.fetchval(announced, (match_id,)):
            break
        await asyncio.sleep(0.02)
    await emu.settle(quiet=0.3, timeout=20)
    assert [len(f.failed) for f in failures] == [2, 2, 2]
    for name in ("alice", "bob", "carol"):
        seen = public_messages(bingo, name)
        boards = [m for m in seen if (t := BOARD_TITLE.match(embed_title(m))) and
                  int(t.group(1)) == match_id]  # fmt: skip
        results = [m for m in seen if f"(BingoMagic #{match_id}," in m.content]
        assert (len(boards), len(results)) == (1, 1), name
    for name in ("alice", "bob"):  # superseded panels are deleted: one is left
        panels = [m for m in bingo.driver(name).dm_messages()
                  if embed_title(m) == f"{name}'s hand — BingoMagic #{match_id}"]  # fmt: skip
        assert len(panels) == 1, name


async def test_a_board_refused_once_is_posted_with_its_picture(bingo) -> None:
    """The board's first post is answered 503 before Discord creates it: the next try
    uploads the whole picture again (discord.py read the first upload to its end)."""
    failure = bingo.emu.fail_route(_creates, status=503, count=1, body_filter=_is_board)
    match_id = await start_match(bingo)
    assert len(failure.failed) == 1
    shown = board(bingo, match_id)
    assert shown is not None and len(shown.attachments) == 1
    picture = bingo.emu.attachment_data[int(shown.attachments[0]["id"])]
    assert picture.startswith(b"\x89PNG") and shown.attachments[0]["size"] == len(picture)


async def test_a_board_does_not_wait_for_the_dm_channels(bingo) -> None:
    """Discord is slow to open DM channels (a few a second for the whole bot): a new
    match's board is posted meanwhile, and the players' panels follow once their DM
    channels open."""
    opening = bingo.emu.hold(lambda method, path, body: path == "/users/@me/channels")
    match_id = await start_match(bingo)  # returns once the board is up
    assert opening.waiting and prompt(bingo.driver("alice")) is None
    opening.release()
    await play_out(bingo, match_id)
    await _finished(bingo, match_id)
