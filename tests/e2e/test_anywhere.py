"""Commands outside a server: the bot's DM, a group DM of a member who installed the bot to
their account, and the ``/`` menu there (Discord "Application Commands": Contexts,
Installation Context)."""

from __future__ import annotations

from emulator.models import Channel

from .helpers import embed_title, enabled_buttons, start_match
from .practice_helpers import hand_count

#: The commands every member's ``/`` menu offers in the bot's DM and, once they installed
#: the bot to their account, in a group DM.
ANYWHERE = {
    "help",
    "bingo rules",
    "bingo hand",
    "bingo language",
    "bingo quick",
    "mulligan practice",
    "mulligan odds",
    "mulligan deck save",
    "mulligan deck list",
    "mulligan deck delete",
}

SEATS = ("alice", "bob")  # the challenger is player 0

NEEDS_SERVER = "works only in a server where I'm installed"


def _group_dm(bingo) -> Channel:
    """A group DM of alice (who installed the bot to her account), bob and carol."""
    users = bingo.world.users
    bingo.emu.install_app(users["alice"])
    return bingo.emu.create_group_dm(users["alice"], users["bob"], users["carol"], name="pals")


def _bot_posts(bingo, channel: Channel) -> list[str]:
    """The bot's own REST requests naming ``channel`` (not its interaction answers)."""
    return [
        f"{r.method} {r.path}"
        for r in bingo.emu.requests
        if r.path.startswith(f"/channels/{channel.id}")
    ]


async def test_dm_menu_offers_the_dm_commands(bingo) -> None:
    """Typing ``/`` in the bot's DM offers the commands that work there; a group DM offers
    them only to a member who installed the bot to their account; every top-level command
    is registered for both installs and every context."""
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    assert ANYWHERE <= set(alice.menu(None))
    group = _group_dm(bingo)
    assert ANYWHERE <= set(alice.menu(group))
    assert bob.menu(group) == []
    for command in bingo.emu.commands():
        assert sorted(command["contexts"]) == [0, 1, 2], command["name"]
        assert sorted(command["integration_types"]) == [0, 1], command["name"]
    assert {"bingo challenge", "bingo settings show"} <= set(alice.menu(bingo.channel))


async def test_user_installed_practice_in_a_group_dm(bingo) -> None:
    """alice's ``/mulligan practice`` in a group DM: the hand comes privately through the
    interaction (the bot may not post there, and nothing goes to her DMs), its buttons
    work, the others see nothing of it, and the bot never calls the channel's routes."""
    group = _group_dm(bingo)
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    record = await alice.slash(group, "mulligan practice")
    assert record.payload["context"] == 2
    assert record.payload["authorizing_integration_owners"] == {"1": str(alice.user.id)}
    hand = await record.wait_for_response()
    assert hand.ephemeral and embed_title(hand).startswith("Opening hand")
    assert hand_count(hand) == 7 and enabled_buttons(hand) == ["Keep", "Mulligan"]
    click = await alice.click(hand, "Keep")
    assert click.acknowledged and click.response_type == 7
    await bingo.emu.wait_for(lambda: "Keep" not in enabled_buttons(bingo.emu.messages[hand.id]))
    assert "Opening hand" not in bob.seen_text()
    assert alice.dm_messages() == []
    odds = await alice.slash(group, "mulligan odds", size=60, lands=24)
    table = await odds.wait_for_response()
    assert not table.ephemeral and bob.can_see(table)
    assert _bot_posts(bingo, group) == []


async def test_bingo_hand_in_a_dm_finds_the_match_in_a_server(bingo) -> None:
    """``/bingo hand`` in the bot's DM shows the member's panel of their match in the
    server, privately, with working controls; without a match it says so."""
    match_id = await start_match(bingo)
    state = bingo.service.matches[match_id].state
    name = SEATS[state.starting]
    starter = bingo.driver(name)
    record = await starter.slash(None, "bingo hand")
    assert record.payload["context"] == 1
    reply = await record.wait_for_response()
    assert reply.ephemeral and f"{name}'s hand" in reply.text
    await starter.click(reply, "Keep")
    await bingo.emu.wait_for(lambda: bingo.service.matches[match_id].state.version == 1)
    carol = await bingo.driver("carol").slash(None, "bingo hand")
    assert "not in a match in any server" in (await carol.wait_for_response()).text


async def test_bingo_hand_in_a_group_dm(bingo) -> None:
    """A user install's ``/bingo hand`` in a group DM finds the match in the server too,
    and only its member sees the hand."""
    match_id = await start_match(bingo)
    group = _group_dm(bingo)
    seat = bingo.service.matches[match_id].seat_of(bingo.world.user("alice").id)
    assert seat is not None
    record = await bingo.driver("alice").slash(group, "bingo hand")
    reply = await record.wait_for_response()
    assert reply.ephemeral and "alice's hand" in reply.text
    assert not bingo.driver("bob").can_see(reply)
    assert _bot_posts(bingo, group) == []


async def test_bingo_language_in_a_dm(bingo) -> None:
    """``/bingo language`` in the bot's DM sets the member's private language, which the
    next private answer there (``/bingo quick``) uses."""
    alice = bingo.driver("alice")
    record = await alice.slash(None, "bingo language", language="Italiano")
    reply = await record.wait_for_response()
    assert reply.ephemeral and "italiano" in reply.text
    assert await bingo.bot.languages.private(alice.user.id, "en-US") == "it"
    quick = await (await alice.slash(None, "bingo quick", mode="on")).wait_for_response()
    assert quick.ephemeral and "Le finestre rapide" in quick.text
    assert (await bingo.db.user_prefs(alice.user.id)).quick_counter


async def test_server_only_subcommands_answer_privately_outside_a_server(bingo) -> None:
    """``/bingo stats``, ``/bingo settings show``, ``/bingo challenge``, ``/mulligan
    leaderboard`` and the subcommands of ``/bingo``'s groups (``tournament``, ``season``)
    outside a server answer privately that they need one, and post nothing."""
    alice = bingo.driver("alice")
    group = _group_dm(bingo)
    before = len(bingo.emu.messages)
    records = [
        await alice.slash(None, "bingo stats"),
        await alice.slash(None, "bingo settings show"),
        await alice.slash(group, "bingo challenge", opponent=bingo.world.user("bob")),
        await alice.slash(group, "mulligan leaderboard"),
        await alice.slash(group, "bingo tournament standings"),
        await alice.slash(group, "bingo season list"),
    ]
    for record in records:
        reply = await record.wait_for_response()
        assert reply.ephemeral and NEEDS_SERVER in reply.text, record.description
    assert len(bingo.emu.messages) == before + len(records)
    assert _bot_posts(bingo, group) == []
    assert not await bingo.db.active_match_anywhere(alice.user.id)


async def test_rules_and_help_in_a_group_dm(bingo) -> None:
    """``/bingo rules`` turns its pages in a group DM (edits through the interactions) and
    ``/help`` answers there, both only to alice, without a post of the bot's own."""
    group = _group_dm(bingo)
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    rules = await (await alice.slash(group, "bingo rules")).wait_for_response()
    assert rules.ephemeral and "Page 1 of" in rules.embeds[0]["footer"]["text"]
    click = await alice.click(rules, "Next")
    assert click.acknowledged
    await bingo.emu.wait_for(
        lambda: "Page 2 of" in bingo.emu.messages[rules.id].embeds[0]["footer"]["text"]
    )
    help_answer = await (await alice.slash(group, "help")).wait_for_response()
    assert help_answer.ephemeral and "/bingo" in help_answer.text
    assert not bob.can_see(rules) and not bob.can_see(help_answer)
    assert _bot_posts(bingo, group) == []


async def test_a_user_install_in_a_server_without_the_bot(bingo) -> None:
    """In a server the bot is not in, alice's user install deals a practice hand privately
    through the interaction and refuses ``/bingo challenge`` privately."""
    emu, users = bingo.emu, bingo.world.users
    other = emu.create_guild("Elsewhere", with_bot=False)
    lounge = emu.create_text_channel(other, "lounge")
    emu.add_member(other, users["alice"])
    emu.add_member(other, users["bob"])
    emu.install_app(users["alice"])
    alice = bingo.driver("alice")
    hand = await (await alice.slash(lounge, "mulligan practice")).wait_for_response()
    assert hand.ephemeral and embed_title(hand).startswith("Opening hand")
    assert alice.dm_messages() == []
    refused = await alice.slash(lounge, "bingo challenge", opponent=users["bob"])
    reply = await refused.wait_for_response()
    assert reply.ephemeral and NEEDS_SERVER in reply.text
    assert _bot_posts(bingo, lounge) == []
