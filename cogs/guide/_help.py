"""``/help``: what the bot does and its commands, on one screen, privately, in the
reader's language. The command list is read from the bot's command tree, with each
name and description as the reader's Discord shows it (``commands.ftl`` and the
features' own ``cmd-*`` keys), so it never falls out of date."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands

from bot.i18n import bundle, t
from bot.interactions import reply_private
from cogs.languages import private_language

COLOUR = discord.Colour.gold()


def _text(language: str, key: str, attribute: str, default: str) -> str:
    """A command's ``name`` or ``description`` in ``language``, else ``default`` (the
    English the cog declares)."""
    catalog = bundle(language)
    if catalog.has_message(key):
        pattern = catalog.get_message(key).attributes.get(attribute)
        if pattern is not None:
            text, errors = catalog.format_pattern(pattern, {})
            assert isinstance(text, str)  # a top-level Pattern is never FluentNone
            if not errors:
                return text
    return default


def _commands(
    tree: app_commands.CommandTree,
) -> Iterator[app_commands.Command[Any, ..., Any]]:
    """Every slash command of the tree, subcommands of groups included, in order."""

    def walk(item: Any) -> Iterator[app_commands.Command[Any, ..., Any]]:
        if isinstance(item, app_commands.Group):
            for child in item.commands:
                yield from walk(child)
        elif isinstance(item, app_commands.Command):
            yield item

    for item in tree.get_commands(type=discord.AppCommandType.chat_input):
        yield from walk(item)


def command_line(language: str, command: app_commands.Command[Any, ..., Any]) -> str:
    """``"`/bingo challenge` — Challenge a member, or me, to a BingoMagic match."`` with
    the reader's names."""
    parts: list[str] = []
    node: Any = command
    while node is not None:
        key = "cmd-" + node.qualified_name.replace(" ", "-")
        parts.append(_text(language, key, "name", node.name))
        node = node.parent
    key = "cmd-" + command.qualified_name.replace(" ", "-")
    description = _text(language, key, "description", command.description)
    return f"`/{' '.join(reversed(parts))}` — {description}"


def help_embed(language: str, tree: app_commands.CommandTree) -> discord.Embed:
    """The help screen: what the bot does, then every command grouped by its top-level
    name (``bingo``, ``mulligan``, the rest)."""
    embed = discord.Embed(
        title=t(language, "help-title"), description=t(language, "help-intro"), colour=COLOUR
    )
    groups: dict[str, list[str]] = {}
    for command in _commands(tree):
        root = command.qualified_name.split(" ", 1)[0] if command.parent else ""
        groups.setdefault(root, []).append(command_line(language, command))
    for root, lines in groups.items():
        name = (
            t(language, f"help-group-{root}")
            if root in ("bingo", "mulligan")
            else t(language, "help-group-other")
        )
        value = ""
        for line in lines:  # an embed field holds 1024 characters
            if len(value) + len(line) + 1 > 1024:
                break
            value += line + "\n"
        embed.add_field(name=name, value=value or "—", inline=False)
    embed.set_footer(text=t(language, "help-footer"))
    return embed


async def show_help(interaction: discord.Interaction[Any], tree: app_commands.CommandTree) -> None:
    """``/help``: the help screen, privately."""
    language = await private_language(interaction)
    await reply_private(interaction, embed=help_embed(language, tree))
