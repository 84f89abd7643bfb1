"""Moderation through the emulator: who moderates, ending a live match with no result
(the moderator's reason on the result, the board and both panels, also after a restart),
cancelling challenges, removing a tournament player, the moderation log and the
moderation settings in ``/bingo settings show``, and timed tournament rounds."""

from __future__ import annotations

import asyncio
import time

from bot.storage.tournaments import TournamentStore
from emulator.permissions import MANAGE_GUILD, MANAGE_MESSAGES
from tests.emulator.fixtures import build_world

from .helpers import (
    board,
    challenge,
    embed_field,
    embed_title,
    enabled_buttons,
    eventually,
    make_admin,
    private,
    public_messages,
    result_posted,
    running_bot,
    settings_for,
    start_match,
    start_tournament,
)


def log_lines(bw, channel) -> list[str]:
    return [m.content for m in bw.driver("carol").messages(channel)]


async def test_a_moderator_ends_a_match_with_no_result_and_it_is_logged(bingo) -> None:
    """carol (no permission) is refused. An admin sets a moderator role and a log
    channel; carol, given the role, ends alice and bob's match: both players read the
    reason, the match counts for nobody, and the log channel records it."""
    emu, guild = bingo.emu, bingo.world.guild
    log_channel = emu.create_text_channel(guild, "mod-log")
    admin = emu.create_user("dana")
    emu.add_member(guild, admin)
    bingo.world.users["dana"] = admin
    emu.add_role(guild, admin, emu.create_role(guild, "Admins", permissions=MANAGE_GUILD))
    match_id = await start_match(bingo, "alice", "bob")

    refused = await private(bingo, "carol", "bingo mod end", match=match_id, reason="spam")
    assert refused.startswith("Only moderators")
    assert (await bingo.db.get_match(match_id)).status == "active"
    assert "Manage Server" in await private(
        bingo, "carol", "bingo settings moderation", channel=log_channel
    )

    mods = emu.create_role(guild, "BingoMods")
    saved = await private(
        bingo, "dana", "bingo settings moderation", role=mods, channel=log_channel
    )
    assert f"<@&{mods.id}>" in saved and f"<#{log_channel.id}>" in saved
    emu.add_role(guild, bingo.world.user("carol"), mods)

    assert "no live match #999" in await private(
        bingo, "carol", "bingo mod end", match=999, reason="x"
    )
    done = await private(bingo, "carol", "bingo mod end", match=match_id, reason="Abusive names")
    assert f"Match #{match_id} is over" in done
    record = await bingo.db.get_match(match_id)
    assert record.status == "finished" and record.result is None and record.winner_id is None
    thread = record.ui.get("thread") or bingo.channel.id
    ended = await emu.wait_for(
        lambda: next(
            (
                m
                for m in bingo.driver("alice").messages(thread)
                if f"ended BingoMagic #{match_id}" in m.content
            ),
            None,
        ),
        message="the reason, where the match is played",
    )
    assert "Abusive names" in ended.content
    assert f"<@{bingo.world.user('alice').id}>" in ended.content
    assert f"<@{bingo.world.user('bob').id}>" in ended.content
    assert any(m.id == ended.id for m in bingo.driver("bob").messages(thread))
    for name in ("alice", "bob"):  # counts for nobody
        stats = await bingo.db.player_stats(guild.id, bingo.world.user(name).id)
        assert stats is None or stats.played == 0
    logged = await emu.wait_for(
        lambda: next((c for c in log_lines(bingo, log_channel) if "ended match" in c), None),
        message="the moderation log",
    )
    assert f"#{match_id}" in logged and "Abusive names" in logged
    assert f"<@{bingo.world.user('carol').id}>" in logged


async def test_manage_messages_cancels_challenges_without_a_log_channel(bingo) -> None:
    """A member with Manage Messages moderates; with no log channel set nothing is
    logged. Cancelling alice's challenges edits the challenge: no buttons, cancelled."""
    emu, guild = bingo.emu, bingo.world.guild
    emu.add_role(
        guild,
        bingo.world.user("carol"),
        emu.create_role(guild, "Mods", permissions=MANAGE_MESSAGES),
    )
    message = await challenge(bingo, "alice", "bob")
    assert "Only moderators" in await private(
        bingo, "bob", "bingo mod cancel", member=bingo.world.user("alice")
    )
    answer = await private(bingo, "carol", "bingo mod cancel", member=bingo.world.user("alice"))
    assert "One open challenge" in answer
    current = await emu.wait_for(
        lambda: (m := emu.messages[message.id]) and "cancelled" in m.content and m,
        message="the cancelled challenge",
    )
    assert enabled_buttons(current) == []
    (row,) = await bingo.db.backend.fetchall("SELECT status FROM challenges")
    assert row["status"] == "cancelled"
    assert "no open challenge" in await private(
        bingo, "carol", "bingo mod cancel", member=bingo.world.user("alice")
    )


async def test_a_moderator_removes_a_tournament_player(cup) -> None:
    """In play: the removed player's table is a loss for them and they are dropped; with
    two players the tournament ends at once."""
    store = TournamentStore(cup.db.backend)
    emu, guild = cup.emu, cup.world.guild
    emu.add_role(
        guild, cup.world.user("erin"), emu.create_role(guild, "Mods", permissions=MANAGE_MESSAGES)
    )
    await start_tournament(cup, ("alice", "bob"), name="Mod Cup", minutes=30)
    (tournament,) = await store.open_of_guild(guild.id)
    alice = cup.world.user("alice")
    assert "Only moderators" in await private(cup, "bob", "bingo mod remove", player=alice)
    assert "is removed from Mod Cup" in await private(cup, "erin", "bingo mod remove", player=alice)
    # The removal may come while round 1 is still being set up: its table then shows the
    # loss once stored
    for _ in range(500):
        tables = await store.tables(tournament.id)
        if tables and tables[0].outcome is not None:
            break
        await asyncio.sleep(0.01)
    (table,) = tables
    assert table.outcome == ("b" if table.a == alice.id else "a")
    entries = {e.user_id: e for e in await store.players(tournament.id)}
    assert entries[alice.id].dropped

    async def finished():
        got = await store.get(tournament.id)
        return got is not None and got.status == "finished"

    await eventually(finished, "the end of the tournament (one player left)")


async def test_a_round_warns_its_organizer_then_ends_by_itself(cup) -> None:
    """The round's limit is armed on the bot's scheduler from the stored deadline (as at
    a restart): 5 minutes before, olga is warned by DM; at the limit, the round ends as
    ``end-round`` does (unfinished tables draw) and the tournament moves on."""
    store = TournamentStore(cup.db.backend)
    guild = cup.world.guild
    olga = cup.driver("olga")
    await start_tournament(cup, ("alice", "bob"), name="Clock Cup", minutes=10)
    (tournament,) = await store.open_of_guild(guild.id)
    timer = cup.bot.get_cog("Bingo").tournament_group.tournaments.timer
    scheduler = cup.bot.get_cog("Bingo").service.scheduler
    await cup.emu.wait_for(
        lambda: ("round-end", tournament.id) in scheduler, message="the round's time limit"
    )
    assert ("round-warn", tournament.id) in scheduler
    assert not olga.dm_messages()
    # As at a restart: the jobs are gone, and the stored deadline arms them again.
    timer.stop()
    assert ("round-end", tournament.id) not in scheduler
    await timer.restore()
    assert ("round-end", tournament.id) in scheduler and ("round-warn", tournament.id) in scheduler

    # The warning falls due: the stored deadline moves to 5 minutes and a moment away.
    await store.set_deadline(tournament.id, 1, time.time() + 300.3)
    assert await timer.rearm(tournament.id)
    warning = await cup.emu.wait_for(
        lambda: next((m for m in olga.dm_messages() if "Clock Cup" in m.content), None),
        message="the organizer's warning",
    )
    assert "round 1 ends" in warning.content
    assert await timer.rearm(tournament.id)  # armed again: warned once only
    (table,) = await store.tables(tournament.id)
    assert table.outcome is None

    await store.set_deadline(tournament.id, 1, time.time() + 0.2)
    assert await timer.rearm(tournament.id)

    async def finished():
        got = await store.get(tournament.id)
        return got is not None and got.status == "finished"

    await eventually(finished, "the end of the round")
    (table,) = await store.tables(tournament.id)
    assert (table.outcome, table.source) == ("draw", "time")
    live = [await cup.db.active_match_of(guild.id, cup.world.user(n).id) for n in ("alice", "bob")]
    assert live == [None, None], "its match was stopped"
    await cup.emu.wait_for(
        lambda: any("time is up" in m.content for m in olga.messages(cup.channel)),
        message="the round's end post",
    )
    assert sum("Clock Cup" in m.content for m in olga.dm_messages()) == 1
    assert ("round-end", tournament.id) not in scheduler or not await timer.rearm(tournament.id)


#: What a moderator types, with markdown and a mass mention in it; on Discord it is
#: echoed (bot.ui.text.echo): markdown escaped, the mention broken by a zero-width space.
TYPED = "Testing *the* moderation tools @everyone"
ECHOED = "Testing \\*the\\* moderation tools @\u200beveryone"


def panels_of(bw, name: str, match_id: int) -> list:
    """``name``'s DM panels of ``match_id``, oldest first."""
    return [
        m
        for m in bw.driver(name).dm_messages()
        if not m.deleted and embed_title(m).endswith(f"BingoMagic #{match_id}")
    ]


async def test_a_moderators_reason_is_on_the_result_the_board_and_both_panels(bingo) -> None:
    """carol (Manage Messages) ends alice and bob's match with a reason. The result in the
    channel, the board (its embed and its picture's alt text) and both players' DM
    panels say that a moderator ended it, with the reason, as each of them sees it; none
    says it could not go on in its channel. The reason is stored with the result, and a
    match a moderator ended offers no rematch."""
    emu, guild = bingo.emu, bingo.world.guild
    carol = bingo.world.user("carol")
    emu.add_role(guild, carol, emu.create_role(guild, "Mods", permissions=MANAGE_MESSAGES))
    match_id = await start_match(bingo, "alice", "bob")

    done = await private(bingo, "carol", "bingo mod end", match=match_id, reason=TYPED)
    assert "The players have been told why" in done
    record = await bingo.db.get_match(match_id)
    assert (record.result, record.reason) == (None, "moderator")
    assert record.state["result"]["note"] == TYPED  # stored: it outlives a restart

    posted = await emu.wait_for(lambda: result_posted(bingo, match_id), message="the result")
    assert "A moderator ended the match with no result" in posted.content
    assert f"Reason: {ECHOED}" in posted.content and "could not go on" not in posted.content
    assert enabled_buttons(posted) == []  # no rematch after a moderator's end

    picture = f"Ended by a moderator: {TYPED}"  # the picture shows it as typed

    def ended_board():  # the text is edited first, the picture once drawn (a later pass)
        shown = board(bingo, match_id)
        if shown is None or ECHOED not in shown.embeds[0].get("description", ""):
            return None
        alt = [a.get("description", "") for a in shown.attachments]
        return shown if any(picture in text for text in alt) else None

    shown = await emu.wait_for(ended_board, message="the board with the moderator's reason")
    for name in ("alice", "bob", "carol"):  # the same result and board, seen by everyone
        seen = public_messages(bingo, name)
        assert any(m.id == posted.id for m in seen) and any(m.id == shown.id for m in seen)
    assert "could not go on" not in shown.embeds[0]["description"]

    for name in ("alice", "bob"):

        def final_panel(name: str = name):
            panels = panels_of(bingo, name, match_id)
            text = panels[-1].embeds[0].get("description", "") if panels else ""
            return panels[-1] if ECHOED in text else None

        panel = await emu.wait_for(final_panel, message=f"{name}'s panel with the reason")
        description = panel.embeds[0]["description"]
        assert "A moderator ended the match with no result" in description
        assert "could not go on" not in description
        assert enabled_buttons(panel) == ["Replay"]  # no decision is left, only the replay


async def test_a_match_a_moderator_ended_shows_the_reason_after_a_restart(
    emulator, tmp_path
) -> None:
    """A second process on the same database: the replay of a match a moderator ended
    shows, on its last step, that a moderator ended it and why (read from storage)."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db")
    guild = world.guild
    async with running_bot(emulator, world, settings) as first:
        mods = emulator.create_role(guild, "Mods", permissions=MANAGE_MESSAGES)
        emulator.add_role(guild, world.user("carol"), mods)
        match_id = await start_match(first, "alice", "bob")
        await private(first, "carol", "bingo mod end", match=match_id, reason=TYPED)
        await emulator.wait_for(lambda: result_posted(first, match_id), message="the result")

    async with running_bot(emulator, world, settings) as second:
        steps = len((await second.db.get_match(match_id)).decisions)
        carol = second.driver("carol")
        page = await (
            await carol.slash(world.channel, "bingo replay", match=match_id)
        ).wait_for_response()
        for _ in range(steps):
            assert (await carol.click(emulator.messages[page.id], "Next")).acknowledged
        description = emulator.messages[page.id].embeds[0]["description"]
        assert "A moderator ended the match with no result" in description
        assert ECHOED in description and "could not go on" not in description


async def test_settings_show_lists_the_moderator_role_and_the_log_channel(bingo) -> None:
    """``/bingo settings show`` lists the moderation settings: "not set" before any, then
    the role and the channel ``/bingo settings moderation`` set (and so does the form a
    later change answers with), then "not set" again once cleared."""
    emu, guild = bingo.emu, bingo.world.guild
    make_admin(bingo, "carol")
    carol = bingo.driver("carol")

    async def shown(command: str = "bingo settings show", **options) -> str | None:
        reply = await (await carol.slash(bingo.channel, command, **options)).wait_for_response()
        assert reply.ephemeral, reply.text
        return embed_field(reply, "Moderation")

    assert await shown() == "Moderator role: not set · log channel: not set"
    log_channel = emu.create_text_channel(guild, "mod-log")
    mods = emu.create_role(guild, "BingoMods")
    await private(bingo, "carol", "bingo settings moderation", role=mods, channel=log_channel)
    listed = f"Moderator role: <@&{mods.id}> · log channel: <#{log_channel.id}>"
    assert await shown() == listed
    assert await shown("bingo settings timers", turn=60) == listed
    await private(bingo, "carol", "bingo settings moderation", role=mods)
    assert await shown() == f"Moderator role: <@&{mods.id}> · log channel: not set"
    await private(bingo, "carol", "bingo settings moderation")
    assert await shown() == "Moderator role: not set · log channel: not set"
