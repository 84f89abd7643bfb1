"""50 matches at once in one server, with the bot in its own process. (The figures at 100
and 300 live matches, with Discord's limits on: ``python -m benchmarks.load``.)"""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.storage import Database
from emulator.ratelimits import DiscordLimits
from tests.emulator.fixtures import build_world

from .bot_process import BotProcess
from .helpers import BOARD_TITLE, decision_buttons, embed_title, enabled_buttons, simple_policy

pytestmark = pytest.mark.multiprocess

MATCHES = 50
RESULT = re.compile(r"\(BingoMagic #(\d+), \d+ turns\)")


def _prompts(emu) -> dict[int, object]:
    """The newest hand panel with buttons of every user, in one pass over all messages."""
    newest: dict[int, object] = {}
    for message in emu.messages.values():
        if message.deleted or not message.components or "'s hand" not in embed_title(message):
            continue
        channel = emu.channels.get(message.channel_id)
        if channel is None or channel.recipient_id is None:
            continue
        if not decision_buttons(message):  # an end panel's Replay asks nothing
            continue
        best = newest.get(channel.recipient_id)
        if best is None or message.created_order > best.created_order:
            newest[channel.recipient_id] = message
    return newest


async def test_fifty_matches_at_once(emulator, tmp_path) -> None:
    """50 simultaneous matches in one channel all finish with the right stats, and
    every interaction is acknowledged within 3 s (the emulator fails the test if not)."""
    # This measures the bot's throughput and ack latency, not Discord's per-channel bucket:
    # 50 boards edited in one channel at 5 edits per 5 s (as Discord allows) would take hours.
    # Discord's global limit (50/s) stays on.
    emulator.set_limits(DiscordLimits.global_only())
    names = [f"p{i:03d}" for i in range(2 * MATCHES)]
    world = build_world(emulator, users=names)
    bot = BotProcess(emulator, world, tmp_path / "bingomagic.db")
    bot.env["DISCORD_OUTBOUND_PER_SECOND"] = "45"
    await bot.start()
    try:
        drivers = {world.user(n).id: world.driver(n) for n in names}
        channel = world.channel
        for i in range(MATCHES):
            a, b = names[2 * i], names[2 * i + 1]
            await world.driver(a).slash(channel, "bingo challenge", opponent=world.user(b))
        challenges = await emulator.wait_for(
            lambda: (
                (
                    found := [
                        m
                        for m in emulator.channel_messages(channel)
                        if "challenges you" in m.content and enabled_buttons(m)
                    ]
                )
                and len(found) == MATCHES
                and found
            ),
            30,
        )
        opponent_of = {m.id: names[2 * i + 1] for i, m in enumerate(challenges)}
        await asyncio.gather(
            *(world.driver(opponent_of[m.id]).click(m, "Accept") for m in challenges)
        )

        clicked: set[str] = set()
        finished: set[int] = set()
        for _ in range(20000):
            for message in emulator.channel_messages(channel):
                found = RESULT.search(message.content)
                if found:
                    finished.add(int(found.group(1)))
            if len(finished) == MATCHES:
                break
            work = []
            for user_id, message in _prompts(emulator).items():
                labels = decision_buttons(message)
                key = f"{message.id}:{message.components}"
                if key in clicked:
                    continue
                clicked.add(key)
                work.append(drivers[user_id].click(message, simple_policy(labels)))
            if work:
                await asyncio.gather(*work)
            else:
                await asyncio.sleep(0.02)
        assert len(finished) == MATCHES
    finally:
        await bot.stop()

    shown = [*emulator.channel_messages(channel)]
    for thread in emulator.threads_of(channel):  # each match in its thread
        shown += emulator.channel_messages(thread)
    boards = {m.id for m in shown if BOARD_TITLE.match(embed_title(m))}
    assert len(boards) == MATCHES
    db = await Database.open(tmp_path / "bingomagic.db")
    try:
        assert await db.active_matches() == []
        played = 0
        for name in names:
            stats = await db.player_stats(world.guild.id, world.user(name).id)
            assert stats is not None and stats.played == 1
            played += stats.wins + stats.losses + stats.draws
        assert played == 2 * MATCHES
    finally:
        await db.close()
    slowest = emulator.slowest_ack()
    acks = len(emulator.ack_latencies())
    print(f"{MATCHES} matches: {acks} interactions, slowest ack {slowest:.3f} s")
    assert slowest is not None
