"""The hand of the day keeps its days: a button of a past UTC day changes nothing."""

from __future__ import annotations

from bot.engine.daily import SECONDS_PER_DAY, day_of

from .helpers import enabled_buttons
from .test_daily import NOON, Clock, daily_service, open_daily


async def test_an_answer_after_midnight_is_refused_and_changes_nothing(bingo) -> None:
    """alice opens the hand at noon; the clock passes midnight before she answers: her
    Keep gets a private "That day is over" and no answer, count or streak is stored.
    Today's hand still takes her answer."""
    clock = Clock(NOON)
    service = daily_service(bingo, clock)
    guild = bingo.world.guild.id
    alice_id = bingo.world.user("alice").id
    yesterday = day_of(NOON)
    alice, hand = await open_daily(bingo, "alice")
    assert enabled_buttons(hand) == ["Keep", "Mulligan"]

    clock.now = (yesterday + 1) * SECONDS_PER_DAY + 1.0  # one second past midnight UTC
    before = {m.id for m in alice.ephemerals(bingo.channel)}
    record = await alice.click(hand, "Keep")
    assert record.acknowledged
    refusal = await bingo.emu.wait_for(
        lambda: next((m for m in alice.ephemerals(bingo.channel) if m.id not in before), None),
        message="the private refusal",
    )
    assert refusal.text.startswith("That day is over")
    assert "That day is over" not in bingo.driver("bob").seen_text()
    assert await service.store.answer(guild, yesterday, alice_id) is None
    split = await service.store.split(guild, yesterday)
    assert split.answers == 0
    assert await service.store.streak(guild, alice_id) is None
    assert enabled_buttons(bingo.emu.messages[hand.id]) == ["Keep", "Mulligan"], "unchanged"

    _, today = await open_daily(bingo, "alice")
    await alice.click(today, "Keep")
    await bingo.emu.wait_for(
        lambda: bingo.emu.messages[today.id].attachments, message="today's answer"
    )
    answer = await service.store.answer(guild, yesterday + 1, alice_id)
    assert answer is not None and answer.decision == "keep"
