"""``/bingo language`` across two bot processes sharing one PostgreSQL schema (the
cluster of :mod:`tests.e2e.pg_cluster`: shard 0 and shard 1 of 2, each its own
``python -m bot``): a choice made through one process is used by the next click the
other applies, once what that process read has expired (``CACHE_SECONDS``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n.service import CACHE_SECONDS
from emulator.models import Message
from emulator_driver.driver import UserDriver

from .helpers import BotWorld, custom_ids, embed_title, enabled_buttons, prompt, start_match
from .pg_cluster import Cluster

pytestmark = pytest.mark.slow  # starts two bot processes


async def click_until(view: BotWorld, players: tuple[str, str], name: str) -> Message:
    """Click the players' DM panels (the first button offered) until ``name`` clicks one;
    return that panel once the click's answer has changed it."""
    drivers = [view.driver(player) for player in players]
    tried: set[tuple[int, str]] = set()

    def offered() -> tuple[UserDriver, Message] | None:
        for driver in drivers:
            panel = prompt(driver)  # DMs only: their clicks reach shard 0's process
            if panel is not None and (panel.id, str(custom_ids(panel))) not in tried:
                return driver, panel
        return None

    for _ in range(100):
        driver, panel = await view.emu.wait_for(offered, message="a DM panel to click")
        before = custom_ids(panel)
        tried.add((panel.id, str(before)))
        record = await driver.click(panel, enabled_buttons(panel)[0])
        assert record.acknowledged
        if driver.user.username == name:
            return await view.emu.wait_for(
                lambda p=panel.id, b=before: (
                    (m := view.emu.messages[p]) and custom_ids(m) != b and m
                ),
                message="the panel answering the click",
            )
    raise AssertionError(f"{name} was offered no DM panel")


async def test_a_language_chosen_in_one_process_is_used_by_the_other(
    cluster: Cluster,
) -> None:
    """alice plays in shard 0's server, so her DM clicks are applied by shard 0's
    process, which reads her language; she chooses Italian with ``/bingo language`` in
    shard 1's server, so in the other process. Her next DM click applied by shard 0 is
    answered with an Italian panel (a process that kept her first read for its lifetime
    answered in English for the rest of the match)."""
    zero, one = cluster.views
    alice = zero.world.user("alice")
    cluster.emu.add_member(one.world.guild, alice)
    one.world.users["alice"] = alice
    players = ("alice", "bob")
    match_id = await start_match(zero, *players)

    panel = await click_until(zero, players, "alice")
    assert embed_title(panel).startswith("alice's hand — ")

    await one.driver("alice").slash(one.channel, "bingo language", language="Italiano")
    answer = await one.driver("alice").wait_for_message(one.channel, lambda m: m.ephemeral)
    assert answer.content == "Ti scriverò in privato in italiano."
    await asyncio.sleep(CACHE_SECONDS)  # shard 0 may reuse its read of alice's choice

    panel = await click_until(zero, players, "alice")
    assert embed_title(panel) == f"La mano di alice — BingoMagic #{match_id}"
