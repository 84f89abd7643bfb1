"""The hand of the day through the emulator, with a clock the test moves."""

from __future__ import annotations

from bot.engine.daily import SECONDS_PER_DAY, day_of

from .helpers import embed_field, embed_title, enabled_buttons, make_admin

#: Noon UTC of some day (a Constructed day of the rotation is not needed: any deck works).
NOON = 20_000 * SECONDS_PER_DAY + 12 * 3600


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def daily_service(bw, clock: Clock):
    service = bw.bot.get_cog("Mulligan").daily
    service.clock = clock
    service.edit_delay = 0.0
    bw.bot.get_cog("Mulligan").service.coach_games = 20
    return service


def hand_lines(message) -> tuple[str | None, str | None]:
    """The hand as shown: the lands and spells fields (names and counts)."""
    fields = {}
    for embed in message.embeds:
        for field in embed.get("fields", []):
            fields[field["name"].split(" ")[0]] = field["value"]
    return fields.get("Lands"), fields.get("Spells")


def newest_ephemeral(bw, driver, before=()):
    for message in reversed(driver.ephemerals(bw.channel)):
        if message.id not in before and message.embeds:
            return message
    return None


async def open_daily(bw, name: str):
    driver = bw.driver(name)
    before = {m.id for m in driver.ephemerals(bw.channel)}
    record = await driver.slash(bw.channel, "mulligan daily")
    assert record.acknowledged
    message = await bw.emu.wait_for(
        lambda: newest_ephemeral(bw, driver, before), message=f"{name}'s hand of the day"
    )
    return driver, message


def text_of(message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts.append((embed.get("author") or {}).get("name", ""))
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
        parts.append((embed.get("footer") or {}).get("text", ""))
    return "\n".join(parts)


def assert_one_verdict_and_one_draws_line(shown: str) -> None:
    """A member's result: one labelled next-draws line, and one verdict line whose mark
    says the same as the figures' words (no "agrees" next to "would have done better")."""
    assert shown.count("Next draws after the hand you kept:") == 1
    assert shown.lower().count("next draws") == 1
    [verdict] = [line for line in shown.splitlines() if "The coach's verdict:" in line]
    agrees = verdict.startswith("✅") and "Your answer agrees." in verdict
    differs = verdict.startswith("❌") and "Your answer differs." in verdict
    assert agrees != differs, verdict
    assert shown.count("✅") + shown.count("❌") == 1, "one verdict, not two"


def post(bw):
    for message in reversed(bw.driver("carol").messages(bw.channel)):
        if not message.ephemeral and embed_title(message).startswith("Hand of the day"):
            return message
    return None


async def test_two_members_judge_one_hand_and_the_day_ends(bingo) -> None:
    clock = Clock(NOON)
    service = daily_service(bingo, clock)
    make_admin(bingo, "carol")
    # The admin chooses the channel (London, the Constructed preset): the day's post appears.
    carol = bingo.driver("carol")
    record = await carol.slash(
        bingo.channel, "mulligan daily-setup", channel=bingo.channel, deck="constructed"
    )
    reply = await record.wait_for_response()
    assert reply.ephemeral and "Hand of the day" in reply.text
    day_post = await bingo.emu.wait_for(lambda: post(bingo), message="the day's post")
    assert "No answers yet." in text_of(day_post)
    assert not day_post.attachments

    # A non-admin cannot set it up.
    record = await bingo.driver("bob").slash(bingo.channel, "mulligan daily-setup", rule="paris")
    reply = await record.wait_for_response()
    assert reply.ephemeral and "manage this server" in reply.text

    alice, a_hand = await open_daily(bingo, "alice")
    bob, b_hand = await open_daily(bingo, "bob")
    assert hand_lines(a_hand) == hand_lines(b_hand) != (None, None), "one hand for everyone"
    assert hand_lines(a_hand) == hand_lines(day_post), "the post shows the same hand"
    for hand in (a_hand, b_hand):  # no peeking: nothing of the split before answering
        assert "split" not in text_of(hand).lower() and not hand.attachments
        assert enabled_buttons(hand) == ["Keep", "Mulligan"]

    # Alice keeps: her answer, the split (text and image), the coach and the next draws.
    await alice.click(a_hand, "Keep")
    a_hand = await bingo.emu.wait_for(
        lambda: (m := bingo.emu.messages[a_hand.id]).attachments and m, message="alice's split"
    )
    shown = text_of(a_hand)
    assert "You kept the hand of the day (7 cards)" in shown
    assert "Keep: 1 (100%) · Mulligan: 0 (0%)" in shown
    assert "land drop through turn 4" in shown
    assert_one_verdict_and_one_draws_line(shown)
    assert enabled_buttons(a_hand) == []
    png = bingo.emu.attachment_data[int(a_hand.attachments[0]["id"])]
    assert png.startswith(b"\x89PNG")
    assert "Keep: 1 (100%); Mulligan: 0 (0%)" in a_hand.attachments[0]["description"]  # alt

    # The post shows the count only.
    await service.flush()
    day_post = bingo.emu.messages[day_post.id]
    assert "One answer so far." in text_of(day_post) and not day_post.attachments
    assert "Keep:" not in text_of(day_post)

    # Bob, who has not answered, still sees no split; then he mulligans and bottoms one card.
    assert "Keep:" not in text_of(bingo.emu.messages[b_hand.id])
    dealt = b_hand.components
    await bob.click(b_hand, "Mulligan")
    b_hand = await bingo.emu.wait_for(
        lambda: (
            (m := bingo.emu.messages[b_hand.id]).components != dealt
            and "Keep" in enabled_buttons(m)
            and m
        ),
        message="bob's new seven",
    )
    await bob.click(b_hand, "Keep")
    b_hand = await bingo.emu.wait_for(
        lambda: (m := bingo.emu.messages[b_hand.id]) and not enabled_buttons(m) and m
    )
    options = [
        o
        for row in b_hand.components
        for c in row.get("components", [])
        for o in c.get("options", [])
    ]
    await bob.select(b_hand, [options[0]["value"]])
    b_hand = await bingo.emu.wait_for(
        lambda: (m := bingo.emu.messages[b_hand.id]).attachments and m, message="bob's split"
    )
    shown = text_of(b_hand)
    assert "You took a mulligan, then kept 6 cards." in shown
    assert "Keep: 1 (50%) · Mulligan: 1 (50%)" in shown and "Kept sizes: 7: 1 · 6: 1" in shown
    assert_one_verdict_and_one_draws_line(shown)

    # One answer per member per day: a second /mulligan daily shows the answer and the split.
    _, again = await open_daily(bingo, "alice")
    assert "Your answer for today" in text_of(again) and again.attachments
    assert "Keep: 1 (50%) · Mulligan: 1 (50%)" in text_of(again)
    # An old button of the answered hand (a client that missed the edit) is refused
    # privately and changes nothing.
    dealt = next(i for i, v in enumerate(a_hand.versions) if "Mulligan" in str(v))
    record = await alice.click(alice.look(a_hand, version=dealt), "Mulligan")
    reply = await record.wait_for_response()
    assert reply.ephemeral and not reply.embeds and "Keep:" not in reply.text
    assert (
        await service.store.answer(bingo.world.guild.id, service.today(), alice.user.id)
    ).decision == "keep"
    await service.flush()
    day_post = bingo.emu.messages[day_post.id]
    assert "2 answers so far." in text_of(day_post) and "Keep:" not in text_of(day_post)

    # Midnight: the day's post shows the final split, the image and the coach's verdict.
    clock.now += SECONDS_PER_DAY
    service.wake()
    day_post = await bingo.emu.wait_for(
        lambda: (m := bingo.emu.messages[day_post.id]).attachments and m, message="finalized"
    )
    final = text_of(day_post)
    assert "The day is over: 2 answers." in final
    assert "Keep: 1 (50%) · Mulligan: 1 (50%)" in final and "The coach's verdict:" in final
    assert final.lower().count("next draws") == 1 and "after the hand as dealt" in final
    # ... and the next day's hand is posted.
    await bingo.emu.wait_for(lambda: post(bingo) is not None and post(bingo).id != day_post.id)

    # Streaks: alice answered yesterday; /mulligan stats shows 1 (best 1).
    record = await alice.slash(bingo.channel, "mulligan stats")
    reply = await record.wait_for_response()
    assert embed_field(reply, "Days answered in a row") == "1 (best 1)"
    agreed = embed_field(reply, "Agreed with the coach in a row")
    assert agreed in ("0 (best 0)", "1 (best 1)")
    # Two days later without answering, the current streak is 0, the best stays.
    clock.now += SECONDS_PER_DAY
    record = await alice.slash(bingo.channel, "mulligan stats")
    reply = await record.wait_for_response()
    assert embed_field(reply, "Days answered in a row") == "0 (best 1)"


async def test_restart_finalizes_a_past_day(bingo) -> None:
    """A posted day whose end was missed (the bot was down at midnight) is finalized by
    the catch-up that runs at start-up (the same rollover)."""
    clock = Clock(NOON)
    service = daily_service(bingo, clock)
    await service.store.set_settings(
        type(await service.settings(bingo.world.guild.id))(
            bingo.world.guild.id, bingo.channel.id, None, None
        ),
        clock(),
    )
    today = day_of(clock())
    await service.post_day(bingo.world.guild.id, today, bingo.channel.id)
    day_post = await bingo.emu.wait_for(lambda: post(bingo), message="the day's post")
    # Two days pass with the task asleep; a fresh rollover (as at start-up) catches up.
    clock.now += 2 * SECONDS_PER_DAY
    await service.rollover()
    await service.flush()
    final = bingo.emu.messages[day_post.id]
    assert "The day is over: nobody answered." in text_of(final)
    record = await service.store.day(bingo.world.guild.id, today)
    assert record is not None and record.finalized_at is not None
