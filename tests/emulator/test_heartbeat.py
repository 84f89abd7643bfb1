"""Gateway heartbeats: the ACK comes after a network round trip, as from Discord, so that
discord.py measures each heartbeat's own latency (not the time since the previous one)."""

from __future__ import annotations

import asyncio

import discord

from emulator import Emulator
from emulator.gateway import HEARTBEAT_INTERVAL_MS
from tests.emulator.fixtures import build_world, running_client

#: A short HELLO interval (ms), so that the test sees several heartbeats.
INTERVAL_MS = 600
#: Heartbeats the client sends after the one it sends on HELLO.
BEATS = 3


async def test_hello_gives_discords_interval(emulator: Emulator) -> None:
    assert emulator.gateway.heartbeat_interval_ms == HEARTBEAT_INTERVAL_MS == 41250


async def test_latency_is_the_round_trip_of_each_heartbeat(emulator: Emulator, caplog) -> None:
    """discord.py's KeepAliveHandler stamps a heartbeat's send time after the loop has written
    it; an instant ACK can beat that stamp and be measured against the previous heartbeat (the
    playground's "Can't keep up … websocket is 41 s behind"). Every measure must be about the
    ACK delay, far below the interval."""
    emulator.gateway.heartbeat_interval_ms = INTERVAL_MS
    build_world(emulator)
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    latencies: list[float] = []
    async with running_client(emulator, client):
        # client.latency changes at each ACK (the HELLO heartbeat's first).
        while len(latencies) < 1 + BEATS:
            latency = client.latency
            if latency != float("inf") and (not latencies or latency != latencies[-1]):
                latencies.append(latency)
            await asyncio.sleep(0.02)
    interval = INTERVAL_MS / 1000
    assert all(latency < interval / 2 for latency in latencies), latencies
    # The ACK's delay shows: discord.py's send stamp can only come late (never early),
    # which shortens a measure, so the longest one is the one to compare.
    assert max(latencies) >= emulator.gateway.heartbeat_ack_delay * 0.9, latencies
    assert "Can't keep up" not in caplog.text
