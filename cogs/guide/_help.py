"""``/help``: what the bot does and every command the member may use, privately, in the
reader's language, in pages with Previous and Next when one embed cannot hold them all.

The command list is read from the bot's command tree, with each name and description as
the reader's Discord shows it (``commands.ftl`` and the features' own ``cmd-*`` keys), so
it never falls out of date. It lists what the member may use: a command whose handler
refuses members without a permission or role (its ``audience``: organizers, Manage
Server, moderators) is listed, with its mark (🛡️ ⚙️ 🔨, explained in the footer), only to
the members it serves. Discord itself shows subcommands to every member who sees their
group ("Application Commands", Permissions: ``default_member_permissions`` applies to
top-level commands only), so those descriptions start by saying who may use them
(``commands.ftl``). A top-level command with ``default_member_permissions`` that the
member lacks is hidden, as their Discord client hides it. Outside a server (the bot's
DM), where no permission applies, every command is listed with its mark.

A section longer than one field goes on in the next field (or page) under its heading
followed by "(continued)" (``help-group-continued``).

Every page respects Discord's embed limits ("Message Resource", Embed Limits): a field
value holds at most 1,024 characters, an embed at most 25 fields and 6,000 characters in
all (title, description, field names and values, footer).

The page buttons are restart-proof ``DynamicItem`` s (:class:`bot.ui.controls.HelpButton`,
``guide:help:<page>:<prev|next>``); a click (:func:`turn_help_page`) redraws the same
ephemeral message in the language, and with the permissions, of whoever clicks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot import limits
from bot.i18n import bundle, t
from bot.storage.consent import ConsentStore
from bot.storage.tournaments import TournamentStore
from bot.ui.controls import HelpButton, view_of
from cogs.reply import Reply

COLOUR = discord.Colour.gold()
#: Discord's limits on one embed ("Message Resource", Embed Limits).
FIELD_VALUE = limits.FIELD_VALUE
FIELDS = 25
EMBED_TOTAL = 6000
#: Who may use a command, by the ``audience`` of its ``extras`` (or a parent group's):
#: the mark put before its line.
MARKS = {"organizers": "🛡️", "managers": "⚙️", "moderators": "🔨"}
#: Sections with a heading of their own (``help-group-<name>``), by the qualified name of
#: the command's group, in the order ``/help`` shows them; any other command goes under
#: its top-level group's section if that is one, else under ``help-group-other`` (last).
SECTIONS = (
    "bingo",
    "bingo-season",
    "bingo-ladder",
    "bingo-tournament",
    "bingo-settings",
    "bingo-mod",
    "mulligan",
    "mulligan-deck",
    "privacy",
)
#: Every audience: what ``/help`` lists outside a server.
EVERYONE = frozenset(MARKS)


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


def _root(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Any:
    node: Any = command
    while node.parent is not None:
        node = node.parent
    return node


def audience(command: app_commands.Command[Any, ..., Any]) -> str | None:
    """``"organizers"``, ``"managers"``, ``"moderators"`` or ``None`` (every member):
    the ``audience`` in the ``extras`` of the command or of a group above it; a
    ``default_permissions`` anywhere above it counts as ``"managers"``."""
    node: Any = command
    while node is not None:
        found = node.extras.get("audience")
        if found in MARKS:
            return str(found)
        if node.default_permissions is not None:
            return "managers"
        node = node.parent
    return None


def visible_to(
    command: app_commands.Command[Any, ..., Any], permissions: discord.Permissions | None
) -> bool:
    """Whether the member's Discord client shows ``command``: a top-level
    ``default_member_permissions`` hides it from members without those permissions
    (administrators see everything). ``permissions`` ``None``: outside a guild, where
    the setting does not apply."""
    required = _root(command).default_permissions
    if required is None or permissions is None or permissions.administrator:
        return True
    return permissions >= required


def may_use(command: app_commands.Command[Any, ..., Any], audiences: frozenset[str]) -> bool:
    """Whether a member who belongs to ``audiences`` (:func:`member_audiences`) may use
    ``command``: every member may use a command without an :func:`audience`."""
    who = audience(command)
    return who is None or who in audiences


async def member_audiences(interaction: discord.Interaction[Any]) -> frozenset[str]:
    """The audiences (:data:`MARKS`) the member of ``interaction`` belongs to, as the
    commands' own checks decide: ``"managers"``: Manage Server (or Administrator);
    ``"organizers"``: that, or the server's organizer role
    (:meth:`bot.storage.tournaments.TournamentStore.organizer_role`); ``"moderators"``:
    Manage Messages (or Administrator), or the server's moderator role
    (:meth:`bot.storage.consent.ConsentStore.moderation`). Outside a server: every one
    (:data:`EVERYONE`)."""
    if interaction.guild_id is None:
        return EVERYONE
    perms = interaction.permissions
    found: set[str] = set()
    if perms.administrator or perms.manage_guild:
        found |= {"managers", "organizers"}
    if perms.administrator or perms.manage_messages:
        found.add("moderators")
    roles = {r.id for r in getattr(interaction.user, "roles", ())}
    if roles and found != EVERYONE:
        backend = interaction.client.db.backend
        if "organizers" not in found:
            organizer = await TournamentStore(backend).organizer_role(interaction.guild_id)
            if organizer in roles:
                found.add("organizers")
        if "moderators" not in found:
            moderator = (await ConsentStore(backend).moderation(interaction.guild_id)).role_id
            if moderator in roles:
                found.add("moderators")
    return frozenset(found)


def commands_of(
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


def command_name(language: str, command: app_commands.Command[Any, ..., Any]) -> str:
    """``"/bingo challenge"`` with the reader's names (``cmd-<qualified-name>.name``)."""
    parts: list[str] = []
    node: Any = command
    while node is not None:
        key = "cmd-" + node.qualified_name.replace(" ", "-")
        parts.append(_text(language, key, "name", node.name))
        node = node.parent
    return "/" + " ".join(reversed(parts))


def command_line(language: str, command: app_commands.Command[Any, ..., Any]) -> str:
    """``"`/bingo challenge` — Challenge a member, or me, to a BingoMagic match."`` with
    the reader's names, after the mark of who may use it (:data:`MARKS`)."""
    key = "cmd-" + command.qualified_name.replace(" ", "-")
    description = _text(language, key, "description", command.description)
    who = audience(command)
    mark = f"{MARKS[who]} " if who else ""
    return f"{mark}`{command_name(language, command)}` — {description}"


def _section(command: app_commands.Command[Any, ..., Any]) -> str:
    """The section of ``command``: its group's (:data:`SECTIONS`), else its top-level
    group's, else ``"other"`` (one heading, never two sections of the same name)."""
    if command.parent is None:
        return "other"
    group = command.parent.qualified_name.replace(" ", "-")
    if group in SECTIONS:
        return group
    root = _root(command).name
    return root if root in SECTIONS else "other"


@dataclass(frozen=True, slots=True)
class HelpPage:
    """One page of ``/help``: its fields as ``(name, value)``, with the intro on the
    first page only."""

    fields: tuple[tuple[str, str], ...]
    intro: bool
    #: Whether a marked command (:data:`MARKS`) is listed on any page: the footer then
    #: explains the marks.
    marked: bool = False


def _fields(language: str, lines: dict[str, list[str]]) -> list[tuple[str, str]]:
    """Each section's lines as fields of at most :data:`FIELD_VALUE` characters (a long
    section continues in a field named "<heading> (continued)")."""
    fields: list[tuple[str, str]] = []
    for section, section_lines in lines.items():
        key = f"help-group-{section}" if section in SECTIONS else "help-group-other"
        heading = t(language, key)
        name, value = heading, ""
        for line in section_lines:
            line = line[:FIELD_VALUE]
            if value and len(value) + 1 + len(line) > FIELD_VALUE:
                fields.append((name, value))
                name, value = t(language, "help-group-continued", group=heading), ""
            value = f"{value}\n{line}" if value else line
        fields.append((name, value or "—"))
    return fields


def _frame(language: str) -> tuple[int, int]:
    """Characters every page spends outside its fields (title, footer with the largest
    page numbers and the legend), and what the first page's intro adds."""
    title = t(language, "help-title")
    footer = _footer(language, 99, 99, legend=True)
    return len(title) + len(footer), len(t(language, "help-intro"))


def _footer(language: str, page: int, pages: int, *, legend: bool) -> str:
    """The page number (when there are several), the legend of the marks (when a marked
    command is listed) and "Only you can see this"."""
    parts = [t(language, "help-page", page=page, pages=pages)] if pages > 1 else []
    parts += [t(language, "help-legend")] if legend else []
    parts += [t(language, "help-footer")]
    return " · ".join(parts)


def help_pages(
    language: str,
    tree: app_commands.CommandTree,
    permissions: discord.Permissions | None = None,
    audiences: frozenset[str] = EVERYONE,
) -> list[HelpPage]:
    """Every command the member sees (:func:`visible_to` with ``permissions``) and may
    use (:func:`may_use` with ``audiences``), grouped by section, packed into pages
    within Discord's embed limits (the module docstring)."""
    lines: dict[str, list[str]] = {}
    marked = False
    for command in commands_of(tree):
        if visible_to(command, permissions) and may_use(command, audiences):
            marked = marked or audience(command) is not None
            lines.setdefault(_section(command), []).append(command_line(language, command))
    order = {name: i for i, name in enumerate(SECTIONS)}
    lines = dict(  # the sections in :data:`SECTIONS` order, any other after, "other" last
        sorted(lines.items(), key=lambda item: (item[0] == "other", order.get(item[0], 99)))
    )
    frame, intro = _frame(language)
    pages: list[HelpPage] = []
    current: list[tuple[str, str]] = []
    used = frame + intro
    for name, value in _fields(language, lines):
        size = len(name) + len(value)
        if current and (used + size > EMBED_TOTAL or len(current) == FIELDS):
            pages.append(HelpPage(tuple(current), intro=not pages, marked=marked))
            current, used = [], frame
        current.append((name, value))
        used += size
    pages.append(HelpPage(tuple(current), intro=not pages, marked=marked))
    return pages


def help_page(
    language: str,
    tree: app_commands.CommandTree,
    page: int = 0,
    permissions: discord.Permissions | None = None,
    audiences: frozenset[str] = EVERYONE,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` (0-based, clamped) of ``/help`` in ``language`` for a member with
    ``permissions`` in ``audiences`` (:func:`help_pages`): its embed, and its Previous /
    Next buttons (``None`` when everything fits on one page)."""
    pages = help_pages(language, tree, permissions, audiences)
    page = max(0, min(page, len(pages) - 1))
    shown = pages[page]
    embed = discord.Embed(
        title=t(language, "help-title"),
        description=t(language, "help-intro") if shown.intro else None,
        colour=COLOUR,
    )
    for name, value in shown.fields:
        embed.add_field(name=name, value=value, inline=False)
    embed.set_footer(text=_footer(language, page + 1, len(pages), legend=shown.marked))
    if len(pages) == 1:
        return embed, None
    last = len(pages) - 1
    view = view_of(
        HelpButton(max(page - 1, 0), "prev", t(language, "rules-previous"), page == 0),
        HelpButton(min(page + 1, last), "next", t(language, "rules-next"), page == last),
    )
    return embed, view


def help_embed(
    language: str, tree: app_commands.CommandTree, permissions: discord.Permissions | None = None
) -> discord.Embed:
    """The first page of ``/help`` (see :func:`help_page`)."""
    return help_page(language, tree, 0, permissions)[0]


def _permissions(interaction: discord.Interaction[Any]) -> discord.Permissions | None:
    return interaction.permissions if interaction.guild_id is not None else None


async def show_help(ctx: Reply, tree: app_commands.CommandTree) -> None:
    """``/help``: the first page, privately, of what this member may use."""
    language = await ctx.private()
    audiences = await member_audiences(ctx.interaction)
    embed, view = help_page(language, tree, 0, _permissions(ctx.interaction), audiences)
    if view is None:
        await ctx.reply_private(embed=embed)
    else:
        await ctx.reply_private(embed=embed, view=view)


async def turn_help_page(interaction: discord.Interaction[Any], control: HelpButton) -> None:
    """Previous / Next: the same message shows page ``control.page``, in the language and
    with the permissions of whoever clicks."""
    ctx = Reply(interaction)
    language = await ctx.private()
    tree = ctx.client.tree
    audiences = await member_audiences(interaction)
    embed, view = help_page(language, tree, control.page, _permissions(interaction), audiences)
    await ctx.edit_message(embed=embed, view=view)


__all__ = [
    "EMBED_TOTAL",
    "EVERYONE",
    "FIELDS",
    "FIELD_VALUE",
    "MARKS",
    "audience",
    "command_line",
    "command_name",
    "commands_of",
    "help_embed",
    "help_page",
    "help_pages",
    "may_use",
    "member_audiences",
    "show_help",
    "turn_help_page",
    "visible_to",
]
