"""A Swiss tournament through the emulator (issue 10 §1): sign-up with buttons, three
rounds of matches the bot starts itself, played out by clicks, one drop and one bye,
results reported by the matches' finished event, and the final standings posted."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.client import BingoBot
from bot.playground.permissions import MANAGE_GUILD
from bot.playground.server import Emulator
from bot.storage import Database
from bot.storage.tournaments import TournamentStore, backend_of
from tests.emulator.fixtures import build_world, emulator, running_client  # noqa: F401

from .helpers import BotWorld, enabled_buttons, play_out, settings_for

PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank")


@pytest_asyncio.fixture
async def cup(emulator: Emulator, tmp_path: Path) -> AsyncIterator[BotWorld]:  # noqa: F811
    """Six players and an organizer ("olga", Manage Server); the bot pauses 0 s."""
    world = build_world(emulator, users=(*PLAYERS, "olga"))
    role = emulator.create_role(world.guild, "Organizers", permissions=MANAGE_GUILD)
    emulator.add_role(world.guild, world.user("olga"), role)
    settings = settings_for(emulator, tmp_path / "cup.db")
    db = await Database.open(settings.database_path)
    try:
        bot = BingoBot(settings, db, guild_ready_timeout=0.05)
        async with running_client(emulator, bot):
            await emulator.wait_for_commands()
            yield BotWorld(emulator, world, bot, db)
    finally:
        await db.close()


def random_policy(rng: random.Random):
    def choose(labels: list[str]) -> str:
        return rng.choice(labels)

    return choose


async def test_six_players_three_rounds_with_a_drop_and_a_bye(cup: BotWorld, tmp_path) -> None:
    olga = cup.driver("olga")
    store = TournamentStore(backend_of(cup.db))
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
    (tournament,) = await store.open_of_guild(cup.world.guild.id)
    assert tournament.status == "swiss"
    byes: list[int] = []
    for number in (1, 2, 3):
        await cup.emu.wait_for(
            lambda n=number: _current(cup, store, n), 10.0, message=f"round {number}"
        )
        tables = [x for x in await store.tables(tournament.id) if x.round == number]
        byes += [x.a for x in tables if x.b is None]
        played = [x for x in tables if x.b is not None]
        for index, table in enumerate(played):
            if number == 1 and index == len(played) - 1:
                # frank drops during round 1 (before its last match ends): from round 2
                # on 5 players remain, so each round has a bye
                frank = cup.world.user("frank")
                dropped = await olga.slash(cup.channel, "bingo tournament drop", player=frank)
                assert dropped.acknowledged
            assert table.match_id is not None
            players = (names[table.a], names[table.b])
            await play_out(cup, table.match_id, players, random_policy(rng), max_clicks=2000)
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
