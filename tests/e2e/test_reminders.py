"""Your-turn reminders through the emulator, with real slash commands and clicks: a member
who turned them on gets one DM when a decision of theirs has waited half its timer, deleted
once they decided; a member with them off gets none; their own interaction cancels it;
with closed DMs it comes in the match's thread, and goes too once the decision is taken.
Short timers (``BINGO_*``)."""

from __future__ import annotations

import asyncio

import pytest

from emulator.models import Message
from tests.emulator.fixtures import build_world

from .helpers import (
    board,
    decide,
    enabled_buttons,
    find_seed,
    private,
    running_bot,
    settings_for,
    start_match,
    thread_of_match,
    wait_prompt,
)

SECONDS = 16
#: Every decision's timer; its reminder falls due at half of it.
TIMERS = {f"BINGO_{kind}_SECONDS": str(SECONDS) for kind in ("TURN", "CHOICE", "COUNTER")}
HALF = SECONDS / 2
ALICE_STARTS = find_seed(lambda state: [] if state.starting == 0 else None)
BOB_STARTS = find_seed(lambda state: [] if state.starting == 1 else None)


def reminders(messages: list[Message]) -> list[Message]:
    """The reminders among ``messages`` (a DM channel's or a thread's)."""
    return [m for m in messages if "⏰" in m.content or "⚠️" in m.content]


async def turn_on(bingo, name: str) -> None:
    text = await private(bingo, name, "bingo reminders", mode="on")
    assert "reminders are **on**" in text, text


@pytest.mark.parametrize("bot_env", [TIMERS], indirect=True)
async def test_one_reminder_at_half_the_timer_and_none_with_reminders_off(bingo) -> None:
    """bob turned reminders on, alice did not: alice lets her decision wait past half its
    timer and gets nothing; bob's decision waits, and bob gets exactly one DM, naming the
    match and his opponent and linking his panel."""
    assert "reminders are **off**" in await private(bingo, "bob", "bingo reminders")
    await turn_on(bingo, "bob")
    assert "reminders are **on**" in await private(bingo, "bob", "bingo reminders")
    match_id = await start_match(bingo, seed=ALICE_STARTS)
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    await wait_prompt(bingo, alice, "Keep")
    await asyncio.sleep(HALF + 1)
    assert reminders(alice.dm_messages()) == [], "alice has reminders off"
    await decide(bingo, alice, "Keep")
    await wait_prompt(bingo, bob, "Keep")
    found = await bingo.emu.wait_for(
        lambda: reminders(bob.dm_messages()), timeout=SECONDS, message="bob's reminder"
    )
    [reminder] = found
    assert f"BingoMagic #{match_id} against alice" in reminder.content, reminder.content
    assert "[Go to your panel](https://discord.com/channels/@me/" in reminder.content
    await asyncio.sleep(1.5)
    assert len(reminders(bob.dm_messages())) == 1, "one reminder per waiting decision"
    await decide(bingo, bob, "Keep")
    await bingo.emu.wait_for(
        lambda: not reminders(bob.dm_messages()), message="the reminder deleted once decided"
    )
    assert reminders(alice.dm_messages()) == []


@pytest.mark.parametrize("bot_env", [TIMERS], indirect=True)
async def test_the_members_own_interaction_cancels_the_reminder(bingo) -> None:
    """bob (reminders on) looks at his hand with /bingo hand while his decision waits: he
    is there, so no reminder comes for that decision."""
    await turn_on(bingo, "bob")
    await start_match(bingo, seed=BOB_STARTS)
    bob = bingo.driver("bob")
    await wait_prompt(bingo, bob, "Keep")
    reply = await (await bob.slash(bingo.channel, "bingo hand")).wait_for_response()
    assert reply.ephemeral and "bob's hand" in reply.text
    await asyncio.sleep(HALF + 1.5)
    assert reminders(bob.dm_messages()) == []
    await bob.click(reply, "Keep")


@pytest.mark.parametrize("bot_env", [TIMERS], indirect=True)
async def test_closed_dms_get_the_reminder_in_the_match_thread(bingo) -> None:
    """bob's DMs are closed: his reminder mentions him in the match's thread (only him),
    in place of a DM, and is deleted once he has decided."""
    bob_user = bingo.world.user("bob")
    bingo.emu.set_dms_closed(bob_user)
    await turn_on(bingo, "bob")
    match_id = await start_match(bingo, seed=BOB_STARTS)
    thread = thread_of_match(bingo, match_id)
    assert thread is not None

    def posted(include_deleted: bool = False) -> list[Message]:
        found = bingo.emu.channel_messages(thread, include_deleted=include_deleted)
        return reminders([m for m in found if m.content.startswith(f"<@{bob_user.id}>")])

    [reminder] = await bingo.emu.wait_for(posted, timeout=SECONDS, message="the reminder")
    assert f"still your decision in BingoMagic #{match_id}" in reminder.content
    assert "Show my hand" in reminder.content
    assert [p.users for p in bingo.emu.pings if "⏰" in p.content] == [(bob_user.id,)]
    bob = bingo.driver("bob")
    assert bob.dm_messages() == []
    await bingo.emu.wait_for(lambda: "Show my hand" in enabled_buttons(board(bingo, match_id)))
    shown = await bob.click(board(bingo, match_id), "Show my hand")
    panel = await shown.wait_for_response()
    await bob.click(panel, "Keep")
    await bingo.emu.wait_for(lambda: not posted(), message="the reminder deleted")
    assert len(posted(include_deleted=True)) == 1


async def test_a_reminder_due_while_the_bot_was_down_comes_once_after_restarts(
    emulator, tmp_path
) -> None:
    """bob (reminders on) has a decision waiting when the bot stops, before its reminder
    is due; past half its timer the next process starts and sends it, once; a third
    process, the decision still waiting, sends nothing more (the reminder was recorded)."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    # Long enough that the decision still waits through the restarts (its time-out would
    # take the decision, and delete its reminder).
    seconds = 40
    timers = {name: str(seconds) for name in TIMERS}
    settings = settings_for(emulator, tmp_path / "bingomagic.db", **timers)
    bob = world.driver("bob")

    def sent() -> list[Message]:  # deleted ones too: once its decision is taken, it goes
        [channel] = {m.channel_id for m in bob.dm_messages()}
        return reminders(emulator.channel_messages(channel, include_deleted=True))

    async with running_bot(emulator, world, settings) as first:
        await turn_on(first, "bob")
        await start_match(first, seed=BOB_STARTS)
        await wait_prompt(first, bob, "Keep")
        assert sent() == []
    await asyncio.sleep(seconds / 2)
    async with running_bot(emulator, world, settings) as second:
        await second.emu.wait_for(sent, timeout=seconds / 2, message="the reminder")
        await asyncio.sleep(0.5)
    assert len(sent()) == 1
    async with running_bot(emulator, world, settings):
        await asyncio.sleep(1.0)
        assert len(sent()) == 1, "never twice"
