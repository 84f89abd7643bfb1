"""``/help`` lists every command the member's Discord shows them, in every language, in
pages within Discord's embed limits; commands only organizers or managers may use are
marked."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import LANGUAGES, t
from cogs.guide._help import EMBED_TOTAL, FIELD_VALUE, FIELDS, MARKS

from .helpers import BotWorld

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


async def test_help_marks_what_only_organizers_and_managers_may_use(bingo: BotWorld) -> None:
    """A member without permissions still sees the organizers' and managers' commands
    (Discord shows them every subcommand), each marked, and the marks explained."""
    pages = await _all_pages(bingo, "bob", "help", "en")
    lines = {
        re.search(r"`(/[^`]+)`", line)[1]: line  # type: ignore[index]
        for embed in pages
        for field in embed["fields"]
        for line in field["value"].splitlines()
    }
    assert lines["/bingo tournament create"].startswith(MARKS["organizers"])
    assert lines["/bingo settings show"].startswith(MARKS["managers"])
    assert lines["/mulligan daily-setup"].startswith(MARKS["managers"])
    assert not lines["/bingo challenge"].startswith(tuple(MARKS.values()))
    assert not lines["/bingo tournament standings"].startswith(tuple(MARKS.values()))
    assert MARKS["organizers"] in pages[0]["footer"]["text"]
    headings = [field["name"] for embed in pages for field in embed["fields"]]
    # a section longer than one field goes on in fields of the same name
    headings = [h for i, h in enumerate(headings) if i == 0 or headings[i - 1] != h]
    assert headings == [
        "BingoMagic",
        "Tournaments",
        "Server settings",
        "Moderation",
        "Mulligan practice",
        "Your decklists",
        "Other",
    ]
