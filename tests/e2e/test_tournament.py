"""A Swiss tournament through the emulator: sign-up with buttons, three
rounds of matches the bot starts itself, played out by clicks, one drop and one bye,
results reported by the matches' finished event, and the final standings posted."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.client import BingoBot
from bot.storage import Database
from bot.storage.tournaments import TournamentStore
from emulator.models import Message
from emulator.permissions import MANAGE_GUILD
from emulator.server import Emulator
from tests.emulator.fixtures import build_world, emulator, running_client  # noqa: F401

from .helpers import (
    PLAYERS,
    BotWorld,
    enabled_buttons,
    eventually,
    play_out,
    settings_for,
    start_tournament,
)


async def play_one_stop_other(bw: BotWorld, names: dict[int, str], played, stopped) -> None:
    """Play table ``played``'s match to its end, and table ``stopped``'s only past both
    opening hands (``names``: user id -> name of the tables' players)."""
    await play_out(bw, played.match_id, (names[played.a], names[played.b]), max_clicks=2000)
    await play_out(
        bw,
        stopped.match_id,
        (names[stopped.a], names[stopped.b]),
        until=lambda labels: "Keep" not in labels and "Mulligan" not in labels,
        max_clicks=2000,
    )


def random_policy(rng: random.Random):
    def choose(labels: list[str]) -> str:
        return rng.choice(labels)

    return choose


@pytest.mark.slow
async def test_six_players_three_rounds_with_a_drop_and_a_bye(cup: BotWorld, tmp_path) -> None:
    olga = cup.driver("olga")
    store = TournamentStore(cup.db.backend)
    names = {cup.world.user(n).id: n for n in PLAYERS}
    rng = random.Random(10)

    # A member without Manage Server cannot create one.
    refused = await cup.driver("alice").slash(
        cup.channel, "bingo tournament create", name="Nope", minutes=30
    )
    assert (await refused.wait_for_response()).ephemeral

    record = await olga.slash(cup.channel, "bingo tournament create", name="Friday Cup", minutes=30)
    signup = await record.wait_for_response()
    assert enabled_buttons(signup) == ["Join", "Leave"]
    for name in PLAYERS:
        assert (await cup.driver(name).click(signup, "Join")).acknowledged
    again = await cup.driver("alice").click(signup, "Join")  # twice: a private answer
    assert again.acknowledged
    assert all(f"<@{uid}>" in cup.emu.messages[signup.id].content for uid in names)

    record = await olga.slash(cup.channel, "bingo tournament start")
    assert record.acknowledged

    async def started():
        """the start's first round is stored (the start is answered first)"""
        (tournament,) = await store.open_of_guild(cup.world.guild.id)
        return tournament if tournament.status == "swiss" else None

    tournament = await eventually(started, "the tournament to start")
    # the sign-up message no longer says sign-up is open, and loses its buttons
    closed = await cup.emu.wait_for(
        lambda: "sign-up is closed" in (m := cup.emu.messages[signup.id]).content and m,
        message="the sign-up message closed",
    )
    assert "sign-up is open" not in closed.content and not enabled_buttons(closed)
    assert "Swiss rounds: 3 · 30 minutes a round" in closed.content
    byes: list[int] = []
    for number in (1, 2, 3):
        await cup.emu.wait_for(
            lambda n=number: _current(cup, store, n), 10.0, message=f"round {number}"
        )
        tables = [x for x in await store.tables(tournament.id) if x.round == number]
        byes += [x.a for x in tables if x.b is None]
        played = [x for x in tables if x.b is not None]
        if number == 1:
            # frank drops during round 1, before its matches end: from round 2 on 5
            # players remain, so each round has a bye
            frank = cup.world.user("frank")
            dropped = await olga.slash(cup.channel, "bingo tournament drop", player=frank)
            assert dropped.acknowledged
        assert all(table.match_id is not None for table in played)
        # a round's tables are played at the same time, as at a real event
        await asyncio.gather(
            *(
                play_out(
                    cup,
                    table.match_id,
                    (names[table.a], names[table.b]),
                    random_policy(random.Random(rng.random())),
                    max_clicks=2000,
                )
                for table in played
            )
        )
        await cup.emu.wait_for(
            lambda n=number: _round_done(cup, store, tournament.id, n), 20.0, message="results"
        )
    await cup.emu.wait_for(
        lambda: any("final standings" in m.content for m in olga.messages(cup.channel)),
        20.0,
        message="the final standings",
    )
    final = next(m for m in olga.messages(cup.channel) if "final standings" in m.content)
    table = final.content
    for uid, name in names.items():
        table = table.replace(f"<@{uid}>", name)
    print("\n" + table)
    (tmp_path / "standings.txt").write_text(table, encoding="utf-8")
    assert len(byes) == 2 and len(set(byes)) == 2  # rounds 2 and 3, never the same player
    done = await store.get(tournament.id)
    assert done is not None and done.status == "finished"
    pairs = [frozenset((x.a, x.b)) for x in await store.tables(tournament.id) if x.b is not None]
    assert len(pairs) == len(set(pairs))  # no rematch
    assert "(dropped)" in next(line for line in table.splitlines() if "frank" in line)


@pytest.mark.slow
async def test_round_posts_end_in_order_and_results_offer_no_rematch(cup: BotWorld) -> None:
    """Four players, two rounds. Round 1 is played out; round 2's one table is played
    out and the other ended by the organizer (end-round). Each round's pairing post is
    edited once the round is over (no time limit left, each table's result); in the
    channel, every result of round 1 comes before round 2's thread lines and pairings,
    and every result of round 2 before the final standings; no tournament result offers
    Rematch (nor Play again)."""
    olga = cup.driver("olga")
    store = TournamentStore(cup.db.backend)
    players = PLAYERS[:4]
    names = {cup.world.user(n).id: n for n in players}
    await start_tournament(cup, players, name="Order Cup", minutes=30, rounds=2)
    (tournament,) = await store.open_of_guild(cup.world.guild.id)

    def channel() -> list[Message]:
        return olga.messages(cup.channel)

    def pairing_post(number: int) -> Message | None:
        return next(
            (m for m in channel() if f"Order Cup**: pairings of round {number}" in m.content),
            None,
        )

    async def round_tables(number: int):
        tables = [x for x in await store.tables(tournament.id) if x.round == number]
        return tables if tables and all(x.match_id for x in tables) else None

    first_tables = await eventually(lambda: round_tables(1), "round 1")
    first_post = await cup.emu.wait_for(lambda: pairing_post(1), message="round 1's pairings")
    assert "(ends <t:" in first_post.content
    for table in first_tables:
        await play_out(cup, table.match_id, (names[table.a], names[table.b]), max_clicks=2000)
    second_tables = await eventually(lambda: round_tables(2), "round 2")
    second_post = await cup.emu.wait_for(lambda: pairing_post(2), message="round 2's pairings")

    # Round 1's post shows it ended, with its results and no time limit.
    first = cup.emu.messages[first_post.id]
    assert "Order Cup**: round 1 — ended" in first.content, first.content
    assert "<t:" not in first.content and "pairings of round 1" not in first.content
    first_stored = [x for x in await store.tables(tournament.id) if x.round == 1]
    for table in first_stored:
        winner = table.a if table.outcome == "a" else table.b if table.outcome == "b" else None
        shown = f"<@{winner}> won" if winner is not None else "a draw"
        assert f"Table {table.table}: <@{table.a}> vs <@{table.b}> · {shown}" in first.content
    # Round 2's post still counts down.
    assert "(ends <t:" in cup.emu.messages[second_post.id].content

    def result_of(match_id: int | None) -> Message:
        found = next((m for m in channel() if f"(BingoMagic #{match_id}," in m.content), None)
        assert found is not None, f"no result of match {match_id}"
        return found

    # In the channel: round 1's results, then round 2's thread lines and its pairings.
    results_one = [result_of(x.match_id) for x in first_tables]
    thread_lines = [m for m in channel() if m.type == 18]  # THREAD_CREATED
    opened_two = [m for m in thread_lines if m.created_order > first_post.created_order]
    assert len(opened_two) == 2, [m.content for m in thread_lines]
    last_result = max(m.created_order for m in results_one)
    assert all(last_result < m.created_order for m in opened_two)
    assert last_result < second_post.created_order

    # Round 2: one table played out, the other ended by the organizer mid-game.
    played, stopped = second_tables
    await play_one_stop_other(cup, names, played, stopped)
    assert (await olga.slash(cup.channel, "bingo tournament end-round")).acknowledged
    final = await cup.emu.wait_for(
        lambda: next((m for m in channel() if "final standings" in m.content), None),
        20.0,
        message="the final standings",
    )
    second = await cup.emu.wait_for(
        lambda: "round 2 — ended" in (m := cup.emu.messages[second_post.id]).content and m,
        message="round 2's post ended",
    )
    assert "<t:" not in second.content
    assert f"<@{stopped.a}> vs <@{stopped.b}> · a draw" in second.content
    results_two = [result_of(x.match_id) for x in second_tables]
    assert all(m.created_order < final.created_order for m in results_two)
    # The match the round's end stopped says so (a draw), not "it could not go on".
    stopped_result = cup.emu.messages[results_two[1].id].content
    assert "round's time ran out" in stopped_result and "draw" in stopped_result
    assert "could not go on" not in stopped_result

    # No tournament result offers a rematch (nor "Play again").
    for message in results_one + results_two:
        message = cup.emu.messages[message.id]
        assert not message.components, (message.content, enabled_buttons(message))


_progress: dict[int, bool] = {}


def _current(cup: BotWorld, store: TournamentStore, number: int) -> bool:
    """Polled by wait_for (sync): schedule a look at the database, answer the last."""
    import asyncio

    async def look() -> None:
        (t,) = await store.open_of_guild(cup.world.guild.id) or [None]
        tables = [x for x in await store.tables(t.id) if x.round == number] if t else []
        _progress[number] = bool(tables) and all(x.b is None or x.match_id for x in tables)

    asyncio.get_running_loop().create_task(look())
    return _progress.get(number, False)


_done: dict[int, bool] = {}


def _round_done(cup: BotWorld, store: TournamentStore, tid: int, number: int) -> bool:
    import asyncio

    async def look() -> None:
        t = await store.get(tid)
        _done[number] = t is not None and (t.current_round > number or t.status == "finished")

    asyncio.get_running_loop().create_task(look())
    return _done.get(number, False)


@pytest.mark.slow
async def test_a_restart_in_the_middle_of_a_round(emulator: Emulator, tmp_path: Path) -> None:  # noqa: F811
    """Four players, two rounds. The bot stops with one table of round 1 finished and
    the other in play; the next process takes the old buttons, records that result,
    pairs round 2 (once) and posts the final standings (once)."""
    players = PLAYERS[:4]
    world = build_world(emulator, users=(*players, "olga"))
    role = emulator.create_role(world.guild, "Organizers", permissions=MANAGE_GUILD)
    emulator.add_role(world.guild, world.user("olga"), role)
    settings = settings_for(emulator, tmp_path / "restart.db")
    names = {world.user(n).id: n for n in players}
    olga = world.driver("olga")

    db = await Database.open(settings.database_path)
    try:
        bot = BingoBot(settings, db, guild_ready_timeout=0.05)
        async with running_client(emulator, bot):
            await emulator.wait_for_commands()
            first = BotWorld(emulator, world, bot, db)
            store = TournamentStore(db.backend)
            await start_tournament(first, players, name="Restart Cup", minutes=30, rounds=2)
            (tournament,) = await store.open_of_guild(world.guild.id)

            async def round_tables(number: int):
                tables = [x for x in await store.tables(tournament.id) if x.round == number]
                return tables if tables and all(x.match_id for x in tables) else None

            done, playing = await eventually(lambda: round_tables(1), "round 1")
            assert done.b is not None and playing.b is not None, "4 players: no bye"
            # The other table is past its opening hands when the bot stops.
            await play_one_stop_other(first, names, done, playing)

            async def recorded():
                tables = await round_tables(1)
                return tables and tables[0].outcome is not None

            await eventually(recorded, "table 1's result")
    finally:
        await db.close()
    assert (await db_tables(settings, tournament.id, 1))[1].outcome is None, "mid-round"

    db = await Database.open(settings.database_path)
    try:
        bot = BingoBot(settings, db, guild_ready_timeout=0.05)
        async with running_client(emulator, bot):
            second = BotWorld(emulator, world, bot, db)
            store = TournamentStore(db.backend)
            assert playing.match_id in second.service.matches
            await play_out(
                second, playing.match_id, (names[playing.a], names[playing.b]), max_clicks=2000
            )
            tables = await eventually(lambda: round_tables(2), "round 2")
            assert len(tables) == 2 and all(x.b is not None for x in tables)
            for table in tables:
                await play_out(
                    second, table.match_id, (names[table.a], names[table.b]), max_clicks=2000
                )

            async def finished():
                got = await store.get(tournament.id)
                return got is not None and got.status == "finished"

            await eventually(finished, "the end of the tournament")
            await emulator.wait_for(
                lambda: any("final standings" in m.content for m in olga.messages(world.channel)),
                20.0,
                message="the final standings",
            )
            await emulator.settle()
            everything = await store.tables(tournament.id)
            shape = sorted((x.round, x.table) for x in everything)
            assert shape == [(1, 1), (1, 2), (2, 1), (2, 2)]
            assert all(x.outcome is not None and x.source == "match" for x in everything)
            pairs = [frozenset((x.a, x.b)) for x in everything]
            assert len(set(pairs)) == 4, "no rematch in round 2"
            posts = [m for m in olga.messages(world.channel) if "final standings" in m.content]
            assert len(posts) == 1
            rounds = await store.rounds(tournament.id)
            for done_round in rounds:  # each pairing post shows its round ended
                assert done_round.message_id is not None and done_round.message_ended_at
                shown = emulator.messages[done_round.message_id].content
                assert f"round {done_round.number} — ended" in shown and "<t:" not in shown
    finally:
        await db.close()

    # A process that stopped between ending round 2 and editing its post left the post
    # showing its time limit (and the database saying so): the next start edits it.
    stale = emulator.messages[rounds[1].message_id]
    stale.content = "**Restart Cup**: pairings of round 2 (ends <t:1:R>)"
    db = await Database.open(settings.database_path)
    try:
        await db.backend.execute(
            "UPDATE tournament_rounds SET message_ended_at = NULL WHERE number = 2", ()
        )
        bot = BingoBot(settings, db, guild_ready_timeout=0.05)
        async with running_client(emulator, bot):
            await emulator.wait_for(
                lambda: "round 2 — ended" in stale.content, message="round 2's post edited"
            )
            assert "<t:" not in stale.content
            store = TournamentStore(db.backend)

            async def recorded() -> bool:
                return not await store.stale_round_posts()

            await eventually(recorded, "round 2's post recorded as shown ended")
    finally:
        await db.close()


async def db_tables(settings, tournament_id: int, number: int):
    """Round ``number``'s tables as stored (opening the database for a moment)."""
    db = await Database.open(settings.database_path)
    try:
        tables = await TournamentStore(db.backend).tables(tournament_id)
        return [x for x in tables if x.round == number]
    finally:
        await db.close()


async def test_the_organizer_role(emulator: Emulator, tmp_path: Path) -> None:  # noqa: F811
    """An organizer has Manage Server, or the role set in settings. Only
    Manage Server sets (or clears) the role; a member holding it (without Manage Server)
    creates and starts a tournament; a member without it is refused privately."""
    world = build_world(emulator, users=("alice", "bob", "olga", "rita"))
    managers = emulator.create_role(world.guild, "Managers", permissions=MANAGE_GUILD)
    emulator.add_role(world.guild, world.user("olga"), managers)
    staff = emulator.create_role(world.guild, "Tournament staff")
    emulator.add_role(world.guild, world.user("rita"), staff)
    settings = settings_for(emulator, tmp_path / "role.db")
    olga, rita, alice = world.driver("olga"), world.driver("rita"), world.driver("alice")

    async def refused(driver, command: str, **options) -> str:
        reply = await (await driver.slash(world.channel, command, **options)).wait_for_response()
        assert reply.ephemeral, command
        return reply.content

    db = await Database.open(settings.database_path)
    try:
        bot = BingoBot(settings, db, guild_ready_timeout=0.05)
        async with running_client(emulator, bot):
            await emulator.wait_for_commands()
            store = TournamentStore(db.backend)
            # No role set yet: rita is no organizer, and only Manage Server sets the role.
            assert "organizer" in await refused(
                rita, "bingo tournament create", name="X", minutes=30
            )
            assert "Manage Server" in await refused(rita, "bingo tournament organizer", role=staff)
            assert await store.organizer_role(world.guild.id) is None

            answer = await refused(olga, "bingo tournament organizer", role=staff)
            assert f"<@&{staff.id}>" in answer
            assert await store.organizer_role(world.guild.id) == staff.id

            record = await rita.slash(
                world.channel, "bingo tournament create", name="Cup", minutes=30
            )
            signup = await record.wait_for_response()
            assert not signup.ephemeral and enabled_buttons(signup) == ["Join", "Leave"]
            for name in ("alice", "bob"):
                assert (await world.driver(name).click(signup, "Join")).acknowledged
            # alice holds no organizer role: refused privately, nothing starts
            assert "organizer" in await refused(alice, "bingo tournament start")
            (tournament,) = await store.open_of_guild(world.guild.id)
            assert tournament.status == "signup"
            assert (await rita.slash(world.channel, "bingo tournament start")).acknowledged

            async def started():
                record = await store.get(tournament.id)
                return record is not None and record.status == "swiss"

            # The start is answered (deferred) before its round is stored.
            await eventually(started, "the tournament to start")

            # Cleared: rita is no organizer any more.
            assert "Manage Server only" in await refused(olga, "bingo tournament organizer")
            assert await store.organizer_role(world.guild.id) is None
            assert "organizer" in await refused(
                rita, "bingo tournament end-round", tournament=tournament.id
            )
    finally:
        await db.close()
