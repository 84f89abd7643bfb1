"""``/help`` lists every command the member's Discord shows them, in every language, in
pages within Discord's embed limits; commands only organizers or managers may use are
marked."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import LANGUAGES, t
from bot.storage.consent import ConsentStore
from cogs.guide._help import EMBED_TOTAL, FIELD_VALUE, FIELDS, MARKS
from emulator.permissions import ADMINISTRATOR

from .helpers import BotWorld, make_admin

#: A Discord client locale for each catalog language.
LOCALES = {"en": "en-US", "it": "it", "pl": "pl", "ja": "ja"}
SUBCOMMAND, GROUP = 1, 2


def _synced_names(emu: Any, locale: str) -> set[str]:
    """Every slash command and subcommand the bot synced, as ``/a b c`` with each part in
    ``locale`` as a Discord client shows it (``name_localizations``, else ``name``)."""

    def name(node: dict[str, Any]) -> str:
        return (node.get("name_localizations") or {}).get(locale) or node["name"]

    def walk(node: dict[str, Any], prefix: str) -> set[str]:
        here = f"{prefix} {name(node)}".strip()
        children = [o for o in node.get("options") or [] if o["type"] in (SUBCOMMAND, GROUP)]
        if not children:
            return {"/" + here}
        return set().union(*(walk(child, here) for child in children))

    commands = list(emu.global_commands.values())
    for guild in emu.guild_commands.values():
        commands.extend(guild.values())
    return set().union(*(walk(c, "") for c in commands if c.get("type", 1) == 1))


def _embed_size(embed: dict[str, Any]) -> int:
    fields = embed.get("fields", [])
    return (
        len(embed.get("title", ""))
        + len(embed.get("description", ""))
        + sum(len(f["name"]) + len(f["value"]) for f in fields)
        + len(embed.get("footer", {}).get("text", ""))
    )


async def _all_pages(bingo: BotWorld, user: str, command: str, language: str) -> list[dict]:
    """The embeds of every ``/help`` page ``user`` sees, walking them with Next."""
    driver = bingo.driver(user)
    record = await driver.slash(bingo.channel, command)
    message = await record.wait_for_response()
    assert message.ephemeral
    embeds = [message.embeds[0]]
    next_label = t(language, "rules-next")
    while any(
        c.get("label") == next_label and not c.get("disabled")
        for row in bingo.emu.messages[message.id].components
        for c in row.get("components", [])
    ):
        before = bingo.emu.messages[message.id].embeds[0]["footer"]["text"]
        click = await driver.click(bingo.emu.messages[message.id], next_label)
        assert click.acknowledged
        await bingo.emu.wait_for(
            lambda b=before: bingo.emu.messages[message.id].embeds[0]["footer"]["text"] != b,
            message="the next help page",
        )
        embeds.append(bingo.emu.messages[message.id].embeds[0])
        assert len(embeds) < 20, "the pages never end"
    return embeds


@pytest.mark.parametrize("language", LANGUAGES)
async def test_help_lists_every_synced_command_in_every_language(
    bingo: BotWorld, language: str
) -> None:
    """Every command and subcommand synced to Discord (the bot's registered tree, as the
    member's client names it) is on exactly one ``/help`` line, with nothing else listed;
    every page is within Discord's embed limits."""
    locale = LOCALES[language]
    bingo.world.user("alice").locale = locale
    admin = bingo.emu.create_role(bingo.world.guild, "Admins", permissions=ADMINISTRATOR)
    bingo.emu.add_role(bingo.world.guild, bingo.world.user("alice"), admin)  # may use all
    expected = _synced_names(bingo.emu, locale)
    [help_command] = [c for c in bingo.emu.global_commands.values() if c["name"] == "help"]
    help_name = (help_command.get("name_localizations") or {}).get(locale) or "help"
    pages = await _all_pages(bingo, "alice", help_name, language)
    listed: list[str] = []
    for embed in pages:
        assert len(embed.get("fields", [])) <= FIELDS
        assert _embed_size(embed) <= EMBED_TOTAL
        for field in embed["fields"]:
            assert len(field["value"]) <= FIELD_VALUE
            for line in field["value"].splitlines():
                found = re.search(r"`(/[^`]+)`", line)
                assert found, line
                listed.append(found[1])
    assert len(listed) == len(set(listed)), "a command listed twice"
    assert set(listed) == expected
    assert len(expected) > 30  # the tree has more than one embed field can hold


def _lines(pages: list[dict]) -> dict[str, str]:
    """Every ``/help`` line of ``pages`` by the command it lists."""
    return {
        re.search(r"`(/[^`]+)`", line)[1]: line  # type: ignore[index]
        for embed in pages
        for field in embed["fields"]
        for line in field["value"].splitlines()
    }


def _headings(pages: list[dict]) -> list[str]:
    return [field["name"] for embed in pages for field in embed["fields"]]


async def test_help_lists_what_the_member_may_use(bingo: BotWorld) -> None:
    """bob, a plain member, is listed no command only organizers, managers or moderators
    may use (nor the legend of their marks); carol (Manage Server) sees the managers'
    and organizers' ones, marked, but not the moderators'; a member with the moderator
    role sees those. No heading is repeated: a section continued says so."""
    guild = bingo.world.guild
    bob = await _all_pages(bingo, "bob", "help", "en")
    listed = _lines(bob)
    assert not [line for line in listed.values() if line.startswith(tuple(MARKS.values()))]
    assert not {
        "/bingo tournament create",
        "/bingo season start",
        "/bingo settings show",
        "/bingo mod end",
        "/mulligan daily-setup",
    } & set(listed)
    assert {"/bingo challenge", "/bingo tournament standings", "/bingo season list"} <= set(listed)
    assert MARKS["organizers"] not in bob[0]["footer"]["text"]
    assert _headings(bob) == [
        "BingoMagic",
        "BingoMagic (continued)",  # more than one field's 1,024 characters
        "Seasons",
        "Global ladder (across servers)",
        "Tournaments",
        "Mulligan practice",
        "Your decklists",
        "Your data",
        "Other",
    ]

    make_admin(bingo, "carol")
    carol = await _all_pages(bingo, "carol", "help", "en")
    lines = _lines(carol)
    assert lines["/bingo tournament create"].startswith(MARKS["organizers"])
    assert lines["/bingo season start"].startswith(MARKS["managers"])
    assert lines["/bingo settings show"].startswith(MARKS["managers"])
    assert lines["/mulligan daily-setup"].startswith(MARKS["managers"])
    assert not lines["/bingo challenge"].startswith(tuple(MARKS.values()))
    assert not lines["/bingo tournament standings"].startswith(tuple(MARKS.values()))
    assert "/bingo mod end" not in lines
    assert MARKS["organizers"] in carol[0]["footer"]["text"]
    headings = _headings(carol)
    assert len(headings) == len(set(headings)), headings
    sections = [heading for heading in headings if not heading.endswith(" (continued)")]
    assert sections[:5] == [
        "BingoMagic",
        "Seasons",
        "Global ladder (across servers)",
        "Tournaments",
        "Server settings",
    ]

    role = bingo.emu.create_role(guild, "Referees")
    await ConsentStore(bingo.db.backend).set_moderation(guild.id, role.id, None, 0.0)
    bingo.emu.add_role(guild, bingo.world.user("bob"), role)
    referee = _lines(await _all_pages(bingo, "bob", "help", "en"))
    assert referee["/bingo mod end"].startswith(MARKS["moderators"])
    assert "/bingo settings show" not in referee


#: How each language's description of a command only some members may use begins.
WHO_MAY = {
    "en": {"managers": "Manage Server only: ", "organizers": "Organizers only: ",
           "moderators": "Moderators only: "},
    "it": {"managers": "Solo Gestisci server: ", "organizers": "Solo organizzatori: ",
           "moderators": "Solo moderatori: "},
    "pl": {"managers": "Tylko z uprawnieniem Zarządzanie serwerem: ",
           "organizers": "Tylko organizatorzy: ", "moderators": "Tylko moderatorzy: "},
    "ja": {"managers": "サーバー管理のみ：", "organizers": "主催者のみ：",
           "moderators": "モデレーターのみ："},
}  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_command_not_for_every_member_says_so_in_its_description(
    bingo: BotWorld, language: str
) -> None:
    """Discord shows every subcommand of ``/bingo`` to every member (a subcommand has no
    ``default_member_permissions``), so the description in the command picker of each
    command only some members may use starts by saying who; no other does."""
    bingo.world.user("alice").locale = LOCALES[language]
    admin = bingo.emu.create_role(bingo.world.guild, "Admins", permissions=ADMINISTRATOR)
    bingo.emu.add_role(bingo.world.guild, bingo.world.user("alice"), admin)
    [help_command] = [c for c in bingo.emu.global_commands.values() if c["name"] == "help"]
    name = (help_command.get("name_localizations") or {}).get(LOCALES[language]) or "help"
    marked = 0
    starts = WHO_MAY[language]
    for line in _lines(await _all_pages(bingo, "alice", name, language)).values():
        description = line.split(" — ", 1)[1]
        who = next((w for w, mark in MARKS.items() if line.startswith(mark)), None)
        if who is None:
            assert not description.startswith(tuple(starts.values())), line
        else:
            assert description.startswith(starts[who]), line
            marked += 1
    assert marked >= 15
