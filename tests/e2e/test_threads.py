"""A BingoMagic match per public thread (cogs/bingo/_threads.py), seen as members see it:
the board in the thread, the channel keeping the challenge, the start line and the result;
the thread archived and locked after the result; the channel itself without thread
permissions; tournament tables in threads of their own."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage.tournaments import TournamentStore
from emulator.permissions import CREATE_PUBLIC_THREADS, MANAGE_THREADS
from tests.emulator.fixtures import build_world

from .helpers import (
    BOARD_TITLE,
    FAST_AI,
    BotWorld,
    board,
    embed_title,
    make_admin,
    play_out,
    play_the_bot,
    result_posted,
    running_bot,
    settings_for,
    start_match,
    start_tournament,
    thread_of_match,
)

#: The thread closes half a second after the result (a test waits for it).
QUICK_CLOSE = {"BINGO_THREAD_CLOSE_SECONDS": "0.5"}


def board_edits_in(bw: BotWorld, channel_id: int) -> int:
    """How many versions the boards posted in ``channel_id`` went through."""
    return sum(
        len(m.versions)
        for m in bw.emu.channel_messages(channel_id)
        if BOARD_TITLE.match(embed_title(m))
    )


@pytest.mark.parametrize("bot_env", [QUICK_CLOSE], indirect=True)
async def test_a_whole_match_in_its_thread(bingo) -> None:
    """The thread starts from the challenge, is named after the match, holds the board
    (edited there, never in the channel); the channel has only the challenge (now the
    start line linking the thread) and the result; then the thread is archived and
    locked, and the match's stored ui says so."""
    match_id = await start_match(bingo)
    thread = thread_of_match(bingo, match_id)
    assert thread is not None
    assert thread.name == f"BingoMagic #{match_id} · alice vs bob"
    assert thread.auto_archive_duration == 1440
    carol = bingo.driver("carol")
    starter = next(m for m in carol.messages(bingo.channel) if m.thread_id == thread.id)
    assert f"<#{thread.id}>" in starter.content and "begins" in starter.content
    assert board(bingo, match_id).channel_id == thread.id

    result = await play_out(bingo, match_id)
    assert result.channel_id == bingo.channel.id
    public = [m for m in carol.messages(bingo.channel)]
    assert [m.id for m in public] == [starter.id, result.id]
    assert board_edits_in(bingo, thread.id) > 1
    assert board_edits_in(bingo, bingo.channel.id) == 0

    await bingo.emu.wait_for(lambda: thread.archived and thread.locked, message="closed")
    for _ in range(100):  # the stored ui learns it too (a restart leaves it closed)
        stored = await bingo.db.get_match(match_id)
        if stored is not None and stored.ui.get("thread_closed"):
            break
        await asyncio.sleep(0.05)
    assert stored is not None and stored.ui["thread"] == thread.id
    assert stored.ui["thread_closed"] and "thread_close_at" in stored.ui
    with pytest.raises(PermissionError):
        await bingo.driver("alice").send(thread.id, "gg")


async def test_a_thread_discord_made_but_answered_503_is_used(bingo) -> None:
    """Discord starts the thread from the challenge, then answers 503: the next try is
    refused (one thread per message, 400/160004), and the match is played in the thread
    that is there (its id is the challenge's), not in the channel."""
    failure = bingo.emu.fail_route(
        lambda method, path: method == "POST" and path.endswith("/threads"),
        status=503, count=1, applied=True,
    )  # fmt: skip
    match_id = await start_match(bingo)
    assert len(failure.failed) == 1
    [thread] = bingo.emu.threads_of(bingo.channel)
    assert thread.name == f"BingoMagic #{match_id} · alice vs bob"
    assert board(bingo, match_id).channel_id == thread.id
    assert board_edits_in(bingo, bingo.channel.id) == 0
    bingo.emu.take_problems()  # the refused second try


async def test_without_thread_permissions_the_match_stays_in_the_channel(bingo) -> None:
    """No Create Public Threads in the channel: no thread, the board in the channel, and
    /bingo settings show says so and why."""
    emu = bingo.emu
    emu.set_channel_permissions(bingo.channel, emu.bot_user, deny=CREATE_PUBLIC_THREADS)
    match_id = await start_match(bingo)
    assert emu.threads_of(bingo.channel) == []
    assert board(bingo, match_id).channel_id == bingo.channel.id
    make_admin(bingo, "carol")
    shown = await (
        await bingo.driver("carol").slash(bingo.channel, "bingo settings show")
    ).wait_for_response()
    assert "In the channel itself" in shown.text and "Create Public Threads" in shown.text


async def test_settings_show_the_thread_mode(bingo) -> None:
    """With the default permissions, matches get threads; without Manage Threads they are
    archived but not locked, and the settings say that too."""
    make_admin(bingo, "carol")
    carol = bingo.driver("carol")
    shown = await (await carol.slash(bingo.channel, "bingo settings show")).wait_for_response()
    assert "thread of its own, archived and locked" in shown.text
    bingo.emu.set_channel_permissions(bingo.channel, bingo.emu.bot_user, deny=MANAGE_THREADS)
    shown = await (await carol.slash(bingo.channel, "bingo settings show")).wait_for_response()
    assert "not locked" in shown.text


@pytest.mark.parametrize("bot_env", [{**FAST_AI, **QUICK_CLOSE}], indirect=True)
async def test_a_match_against_the_bot_in_its_thread(bingo) -> None:
    """Against the bot, the thread starts from the message announcing the match; without
    Manage Threads the thread is archived but left unlocked."""
    bingo.emu.set_channel_permissions(bingo.channel, bingo.emu.bot_user, deny=MANAGE_THREADS)
    match_id = await play_the_bot(bingo, "alice", "easy")
    thread = thread_of_match(bingo, match_id)
    assert thread is not None and bingo.emu.messages[thread.id].channel_id == bingo.channel.id
    assert f"<#{thread.id}>" in bingo.emu.messages[thread.id].content
    assert board(bingo, match_id).channel_id == thread.id
    await play_out(bingo, match_id, players=("alice",))
    await bingo.emu.wait_for(lambda: thread.archived, message="archived")
    assert not thread.locked


async def test_the_thread_closes_after_a_restart(emulator, tmp_path) -> None:
    """The closing time is stored: a bot stopped after the result and started again
    later archives and locks the thread."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db", BINGO_THREAD_CLOSE_SECONDS="2")
    async with running_bot(emulator, world, settings) as first:
        match_id = await start_match(first)
        await play_out(first, match_id)
        await first.service.delivery.flush()
        assert result_posted(first, match_id)
    thread = thread_of_match(first, match_id)
    assert thread is not None and not thread.archived  # stopped before its time
    async with running_bot(emulator, world, settings):
        await emulator.wait_for(lambda: thread.archived and thread.locked, message="closed")


async def test_tournament_tables_in_threads(cup: BotWorld) -> None:  # noqa: F811
    """Each table of a round is played in a thread of its own (started without a message),
    which the pairings post links."""
    olga = cup.driver("olga")
    await start_tournament(cup, ("alice", "bob", "carol", "dave"), name="Duel", minutes=30)
    pairings = await olga.wait_for_message(cup.channel, lambda m: "Table 2" in m.content)
    store = TournamentStore(cup.db.backend)
    (tournament,) = await store.open_of_guild(cup.world.guild.id)
    tables = [x for x in await store.tables(tournament.id) if x.round == 1]
    assert len(tables) == 2
    for table in tables:
        assert table.match_id is not None
        thread = thread_of_match(cup, table.match_id)
        assert thread is not None and f"<#{thread.id}>" in pairings.content
        await cup.emu.wait_for(lambda t=table: board(cup, t.match_id), message="a board")
        assert board(cup, table.match_id).channel_id == thread.id
    names = {cup.world.user(n).id: n for n in ("alice", "bob", "carol", "dave")}
    table = tables[0]
    await play_out(cup, table.match_id, (names[table.a], names[table.b]))
    assert result_posted(cup, table.match_id).channel_id == cup.channel.id


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_a_match_started_inside_a_thread_stays_there(bingo) -> None:
    """carol challenges the bot from inside alice and bob's thread: no thread of a
    thread (Discord refuses one), her board goes to that thread."""
    match_id = await start_match(bingo)
    thread = thread_of_match(bingo, match_id)
    carol = bingo.driver("carol")
    record = await carol.slash(thread.id, "bingo challenge", opponent=bingo.emu.bot_user)
    reply = await record.wait_for_response()
    assert reply.channel_id == thread.id and not reply.ephemeral
    await bingo.emu.wait_for(lambda: board(bingo, match_id + 1), message="carol's board")
    assert board(bingo, match_id + 1).channel_id == thread.id
    assert len(bingo.emu.threads_of(bingo.channel)) == 1
