"""Server settings through the emulator: who may see and change them, what a
new match takes from them, what a match in progress keeps, and the allowed channels."""

from __future__ import annotations

from bot.engine import MulliganRule
from bot.storage import GuildSettings

from .helpers import board, embed_field, enabled_buttons, make_admin, start_match


async def private_reply(record) -> str:
    reply = await record.wait_for_response()
    assert reply.ephemeral, reply.text
    return reply.text


async def test_settings_by_an_admin_and_by_a_non_admin(bingo) -> None:
    """A member without Manage Server is refused privately, whatever the subcommand, and
    nothing changes; a member with it sees the form and changes each setting."""
    guild_id = bingo.world.guild.id
    bob = bingo.driver("bob")
    for command, options in (
        ("bingo settings show", {}),
        ("bingo settings mulligan", {"rule": "london"}),
        ("bingo settings timers", {"turn": 60}),
        ("bingo settings language", {"language": "it"}),
    ):
        record = await bob.slash(bingo.channel, command, **options)
        assert "Manage Server" in await private_reply(record)
    assert await bingo.db.guild_settings(guild_id) == GuildSettings(guild_id)
    assert not [m for m in bob.messages(bingo.channel) if not m.ephemeral]

    make_admin(bingo, "carol")
    carol = bingo.driver("carol")
    shown = await (await carol.slash(bingo.channel, "bingo settings show")).wait_for_response()
    assert shown.ephemeral
    assert "Vancouver (2015) (default)" in embed_field(shown, "Mulligans")
    assert "every channel" == embed_field(shown, "Channels for new matches")

    record = await carol.slash(
        bingo.channel, "bingo settings mulligan", rule="london", free_first=True
    )
    saved = await record.wait_for_response()
    assert saved.ephemeral and "Settings saved" in saved.text
    assert "London (2019)" in embed_field(saved, "Mulligans")
    await carol.slash(bingo.channel, "bingo settings timers", turn=60, counter=20)
    await carol.slash(bingo.channel, "bingo settings house-rules", forest_either_pile=True)
    await carol.slash(bingo.channel, "bingo settings language", language="it")
    await carol.slash(bingo.channel, "bingo settings channels", add=bingo.channel)
    settings = await bingo.db.guild_settings(guild_id)
    assert (settings.mulligan_rule, settings.free_first) == ("london", True)
    assert (settings.turn_seconds, settings.counter_seconds) == (60.0, 20.0)
    assert settings.forest_either_pile and settings.language == "it"
    assert settings.channels == (bingo.channel.id,)

    shown = await (await carol.slash(bingo.channel, "bingo settings show")).wait_for_response()
    assert "60 s" in embed_field(shown, "Timers") and "20 s" in embed_field(shown, "Timers")
    assert f"<#{bingo.channel.id}>" == embed_field(shown, "Channels for new matches")

    too_short = await carol.slash(bingo.channel, "bingo settings timers", turn=5)
    assert "between 30 and 600 seconds" in await private_reply(too_short)
    await carol.slash(bingo.channel, "bingo settings timers", turn=0)  # back to the default
    await carol.slash(bingo.channel, "bingo settings language", language="server-default")
    await carol.slash(bingo.channel, "bingo settings channels", everywhere=True)
    settings = await bingo.db.guild_settings(guild_id)
    assert (settings.turn_seconds, settings.language, settings.channels) == (None, None, ())
    assert settings.counter_seconds == 20.0  # untouched


async def test_a_change_applies_to_new_matches_not_to_one_in_progress(bingo) -> None:
    """Rules and timers are captured when a match is dealt: a change made during a match
    leaves it alone, and the next match takes it (an option the challenger gives still
    wins over the server's default)."""
    make_admin(bingo, "carol")
    carol = bingo.driver("carol")
    first = await start_match(bingo, "alice", "bob")
    await carol.slash(bingo.channel, "bingo settings mulligan", rule="london")
    await carol.slash(bingo.channel, "bingo settings timers", turn=45, choice=30)
    await carol.slash(bingo.channel, "bingo settings house-rules", forest_either_pile=True)

    record = await bingo.db.get_match(first)
    assert record.options["mulligan_rule"] == "vancouver"
    assert record.options["forest_any_pile"] is False
    live = bingo.service.matches[first]
    assert live.timing is not None and live.timing.turn_seconds == 600.0
    assert "Vancouver" in board(bingo, first).embeds[0]["footer"]["text"]

    await bingo.driver("alice").slash(bingo.channel, "bingo resign")
    await bingo.emu.wait_for(lambda: first not in bingo.service.matches)
    second = await start_match(bingo, "alice", "bob")
    record = await bingo.db.get_match(second)
    assert record.options["mulligan_rule"] == "london"
    assert record.options["forest_any_pile"] is True
    assert record.config["timing"] == {"turn": 45.0, "counter": 600.0, "choice": 30.0}
    assert "timing" not in record.ui
    live = bingo.service.matches[second]
    assert live.timing.turn_seconds == 45.0
    # The first decision (mulligans) runs on the server's choice timer.
    assert live.deadline is not None and live.deadline - record.started_at <= 31.0

    await bingo.driver("bob").slash(bingo.channel, "bingo resign")
    await bingo.emu.wait_for(lambda: second not in bingo.service.matches)
    alice = bingo.driver("alice")
    await alice.slash(
        bingo.channel, "bingo challenge", opponent=bingo.world.user("bob"), mulligan="paris"
    )
    await alice.wait_for_message(
        bingo.channel, lambda m: "challenges you" in m.content and enabled_buttons(m)
    )
    challenge_row = (await bingo.db.pending_challenges())[-1]
    assert challenge_row.options["mulligan_rule"] == MulliganRule.PARIS.value
    assert challenge_row.options["forest_any_pile"] is True


async def test_a_challenge_outside_the_allowed_channels_is_refused(bingo) -> None:
    """With matches limited to #matches, a challenge in #general (a member or the bot) is
    refused privately, naming the allowed channel; in #matches it is posted."""
    make_admin(bingo, "carol")
    matches = bingo.emu.create_text_channel(bingo.world.guild, "matches")
    await bingo.driver("carol").slash(bingo.channel, "bingo settings channels", add=matches)
    alice = bingo.driver("alice")
    for opponent in (bingo.world.user("bob"), bingo.emu.bot_user):
        record = await alice.slash(bingo.channel, "bingo challenge", opponent=opponent)
        text = await private_reply(record)
        assert "can't be started in this channel" in text and f"<#{matches.id}>" in text
    assert not [m for m in bingo.driver("bob").messages(bingo.channel)]
    assert await bingo.db.pending_challenges() == []

    await alice.slash(matches, "bingo challenge", opponent=bingo.world.user("bob"))
    await alice.wait_for_message(matches, lambda m: "challenges you" in m.content)
