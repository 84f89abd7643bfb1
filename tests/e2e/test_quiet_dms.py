"""Quiet DMs and quick counter windows, through the emulator.

One panel per player and match: a new decision of a player who is not looking at their
panel arrives as a new DM (Discord notifies on new messages, not on edits) and the
previous panel is deleted, so a whole match leaves one message per player; a player who
clicked their panel moments ago (``BINGO_PANEL_ATTENTION_SECONDS``) gets the decision on
that panel, edited, since they are looking at it. Quick counter windows: a player who
chose them has a short window that resolves by itself, the same to the opponent whether
or not they hold an Island.
"""

from __future__ import annotations

import asyncio
import copy
import re
from typing import Any

import pytest

from tests.emulator.fixtures import build_world

from .helpers import (
    BotWorld,
    board,
    decide,
    embed_title,
    enabled_buttons,
    opening_prompt,
    play_out,
    running_bot,
    settings_for,
    start_match,
    wait_prompt,
)

#: Seeds whose first land (alice's Plains) opens bob's counter window, bob holding an
#: Island (2) or none (3); both deal the same hand sizes and the same first land.
WITH_ISLAND, WITHOUT_ISLAND = 2, 3
QUICK = {"BINGO_QUICK_COUNTER_SECONDS": "1.5"}
#: Every decision a new DM, however soon after the player's last click it comes.
NOBODY_LOOKING = {"BINGO_PANEL_ATTENTION_SECONDS": "0"}


def panels(driver) -> list:
    """The hand panels this user sees in their DM now (deleted ones excluded)."""
    return [m for m in driver.dm_messages() if "'s hand" in embed_title(m)]


def dm_ever(bw: BotWorld, name: str) -> list:
    """Every message the bot ever sent to ``name`` by DM, deleted ones included."""
    channel = bw.emu.dm_channel(bw.world.user(name))
    return bw.emu.channel_messages(channel, include_deleted=True)


async def keep_both(bw: BotWorld, match_id: int) -> None:
    """Both players keep their opening hands, in the order the match asks."""
    for _ in range(2):
        state = bw.service.matches[match_id].state
        name = ("alice", "bob")[state.current_player()]
        await decide(bw, bw.driver(name), "Keep")


async def test_a_whole_match_leaves_one_panel_per_player(bingo) -> None:
    """After a whole match each player's DM holds one panel (the last one, showing the
    result as its player's: won or lost, with the Replay button only), although every new
    decision came as a new message."""
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    match_id = await start_match(bingo)
    await play_out(bingo, match_id)

    def settled() -> bool:
        return len(alice.dm_messages()) == 1 and len(bob.dm_messages()) == 1

    await bingo.emu.wait_for(settled, message="one DM per player")
    for driver in (alice, bob):
        [last] = panels(driver)
        said = last.embeds[0].get("description") or ""
        assert "**You win**" in said or "**You lose**" in said, said
        assert enabled_buttons(last) == ["Replay"]


@pytest.mark.parametrize("bot_env", [NOBODY_LOOKING], indirect=True)
async def test_a_new_decision_arrives_as_a_new_message(bingo) -> None:
    """When the match comes back to a player who is not looking at their panel, their
    new decision is a new DM (so they are notified) and the previous panel is deleted."""
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    match_id = await start_match(bingo, seed=WITH_ISLAND)
    await keep_both(bingo, match_id)
    await wait_prompt(bingo, alice, "Place Plains")
    # bob's panel while alice plays (his earlier one is deleted at a lower priority)
    [before] = await bingo.emu.wait_for(lambda: len(panels(bob)) == 1 and panels(bob))
    await decide(bingo, alice, "Place Plains")
    window = await wait_prompt(bingo, bob, "Let it resolve")
    assert window.id != before.id
    await bingo.emu.wait_for(lambda: bingo.emu.messages[before.id].deleted)
    assert [m.id for m in panels(bob)] == [window.id]


async def test_a_player_who_just_clicked_decides_on_the_panel_they_have(bingo) -> None:
    """A player who clicked their panel moments ago gets their next decision on that
    panel, edited (no new DM: they are looking at it), through that click's interaction
    webhook, which is outside the bot's global rate limit."""
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    match_id = await start_match(bingo, seed=WITH_ISLAND)
    await keep_both(bingo, match_id)  # bob just clicked Keep on his panel
    [before] = await bingo.emu.wait_for(lambda: len(panels(bob)) == 1 and panels(bob))
    edits = len([r for r in bingo.emu.request_records if r.path.startswith("/webhooks/")])
    await decide(bingo, alice, "Place Plains")
    window = await wait_prompt(bingo, bob, "Let it resolve")
    assert window.id == before.id, "the window is shown on the panel bob has"
    assert [m.id for m in panels(bob)] == [before.id]
    webhook = [r for r in bingo.emu.request_records if r.path.startswith("/webhooks/")]
    assert len(webhook) > edits and not webhook[-1].global_counted


def _normalize(text: str) -> str:
    text = re.sub(r"<t:\d+:R>", "<t:…:R>", text)
    return re.sub(r"#\d+", "#…", text)


def _public_payload(message) -> dict[str, Any]:
    """What the board shows in words and controls (the picture's URL aside), without the
    die rolls (a different deal rolls differently)."""
    embed = copy.deepcopy(message.embeds[0])
    embed.pop("image", None)
    for item in embed.get("fields", []):
        item["value"] = "\n".join(
            line for line in item["value"].splitlines() if not line.startswith("Die rolls")
        )
    return {"embed": _normalize(repr(embed)), "components": message.components}


async def _quick_window(bw: BotWorld, seed: int) -> dict[str, Any]:
    """Play ``seed`` up to alice's first land, bob (quick windows on) saying nothing;
    returns what alice and the public saw during bob's window, and bob's buttons."""
    alice = bw.driver("alice")
    seen: list[tuple[int, Any]] = []
    bw.emu.message_listeners.append(lambda event, m: seen.append((m.id, copy.deepcopy(m))))
    match_id = await start_match(bw, seed=seed)
    match = bw.service.matches[match_id]
    assert match.quick_counter == (False, True)
    await keep_both(bw, match_id)
    bob_messages = len(dm_ever(bw, "bob"))
    clicked = await wait_prompt(bw, alice, "Place Plains")
    await decide(bw, alice, "Place Plains")

    def resolved():
        current = board(bw, match_id)
        text = current.embeds[0].get("description") or ""
        return "Waiting for **bob** to place a land or pass" in text and current

    final = await bw.emu.wait_for(resolved, 10.0, message="the window to resolve")
    recent = next(f["value"] for f in final.embeds[0]["fields"] if f["name"] == "Recent")
    assert "⏰ bob ran out of time." in recent
    assert "enters alice's territory" in recent
    assert match.state.timeouts_in_row == [0, 0]  # a quick window is no timed-out turn
    board_id = final.id
    during = [
        m
        for i, m in seen
        if i == board_id and "Waiting for **bob** to counter" in m.embeds[0]["description"]
    ]
    assert during, "the board showed bob's window"
    alice_panel = bw.emu.messages[clicked.id]
    bob_window = [
        m
        for i, m in seen
        if m.channel_id == bw.emu.dm_channel(bw.world.user("bob")).id
        and "Let it resolve" in enabled_buttons(m)
    ]
    # the window came on bob's panel without a new message (no notification)
    assert len(dm_ever(bw, "bob")) == bob_messages + 1  # only his next turn's panel
    return {
        "board": [_public_payload(m) for m in during],
        "alice": [
            _normalize(v.embeds[0].get("description") or "")
            for v in alice_panel.versions
            if v.embeds and "Waiting for **bob** to counter" in v.embeds[0].get("description", "")
        ],
        "bob_buttons": enabled_buttons(bob_window[-1]),
    }


@pytest.mark.parametrize("bot_env", [QUICK | NOBODY_LOOKING], indirect=True)
async def test_quick_windows_look_the_same_with_or_without_an_island(bingo) -> None:
    """Bob turns quick windows on; in two matches, one where he holds an Island and one
    where he holds none, his window resolves by itself after the quick time, and alice
    and the public see exactly the same board and panel text."""
    bob = bingo.driver("bob")
    record = await bob.slash(bingo.channel, "bingo quick", mode="on")
    assert record.acknowledged
    reply = await bob.wait_for_message(bingo.channel, lambda m: "Quick counter" in m.content)
    assert "**on**" in reply.content and reply.ephemeral

    holding = await _quick_window(bingo, WITH_ISLAND)
    await bingo.driver("alice").slash(bingo.channel, "bingo resign")
    await bingo.emu.wait_for(lambda: not bingo.service.matches, message="resigned")
    empty = await _quick_window(bingo, WITHOUT_ISLAND)

    assert any(label.startswith("Counter") for label in holding["bob_buttons"])
    assert empty["bob_buttons"] == ["Let it resolve"]
    assert holding["board"][-1] == empty["board"][-1]
    assert holding["alice"] and holding["alice"] == empty["alice"]


async def test_a_restart_keeps_one_live_panel(emulator, tmp_path) -> None:
    """A panel sent by one process is redrawn in place by the next (no second panel),
    and the match goes on with one panel per player."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db")
    async with running_bot(emulator, world, settings) as first:
        match_id, starter, _, panel = await opening_prompt(first)
        await emulator.wait_for(lambda: len(panels(world.driver("alice"))) == 1)
        await emulator.wait_for(lambda: len(panels(world.driver("bob"))) == 1)
        for _ in range(500):  # the courier stores the panels' ids after sending them
            record = await first.db.get_match(match_id)
            if all(record.ui["panels"]):
                break
            await asyncio.sleep(0.01)

    async with running_bot(emulator, world, settings) as second:
        await emulator.wait_for(
            lambda: emulator.messages[panel.id].edited_at is not None, 5.0,
            message="the panel redrawn",
        )  # fmt: skip
        assert [m.id for m in panels(starter)] == [panel.id]
        await play_out(second, match_id)
        for name in ("alice", "bob"):
            driver = world.driver(name)
            await emulator.wait_for(lambda d=driver: len(d.dm_messages()) == 1)


async def test_the_panels_shown_are_stored_behind_in_one_batch(bingo) -> None:
    """How a match is shown (its ``ui``: panel and board message ids) is written behind
    the commits, every match's in one batch (``Delivery.flush``): within a second of a
    decision the stored panels are the ones the players see, and a restart finds them."""
    match_id = await start_match(bingo, seed=WITH_ISLAND)
    await keep_both(bingo, match_id)
    await bingo.emu.settle()

    async def stored_panels() -> list[int | None]:
        record = await bingo.db.get_match(match_id)
        return [p and p["message"] for p in record.ui["panels"]]

    shown = [panels(bingo.driver(name))[-1].id for name in ("alice", "bob")]
    for _ in range(40):  # 2 s at most; a batch goes every 0.5 s
        if await stored_panels() == shown:
            break
        await asyncio.sleep(0.05)
    assert await stored_panels() == shown
    record = await bingo.db.get_match(match_id)
    assert record.ui["board"] == board(bingo, match_id).id
