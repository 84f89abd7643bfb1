"""Where the slash commands are offered, and the private refusal of a server-only
subcommand used outside a server.

Discord offers a command in the interaction contexts its TOP-LEVEL command lists
(``contexts``: 0 a guild, 1 the bot's DM, 2 a private channel such as a group DM) to the
installs it lists (``integration_types``: 0 the app installed to a server, 1 installed to
a user's account). Discord docs: "Application Commands" (Contexts, Installation Context);
discord.py: ``app_commands.allowed_contexts``, ``app_commands.allowed_installs`` (both
ignored on subcommands).

- :func:`offered_anywhere` decorates a top-level command or ``GroupCog``: every context,
  both installs.
- :func:`works_anywhere` marks a subcommand that needs no server (``/bingo rules``).
- :func:`require_server` is the ``interaction_check`` of a cog or group whose top-level
  command is offered anywhere: an unmarked subcommand used outside a server where the bot
  is installed fails with :class:`app_commands.NoPrivateMessage`, whose text the tree's
  error handler (``bot.client.BingoTree``) answers privately, and nothing is posted.
  :class:`ServerOnly` makes it the ``interaction_check`` of a cog or group;
  :class:`ServerGroup` is an ``app_commands.Group`` with it.
- :func:`manages_server` and :func:`manager_language`: who may change a server's setup
  (Manage Server or Administrator), and the private refusal of anyone else.
- :data:`RecordNumber`, :data:`TOURNAMENT`, :func:`mode_choices` and
  :func:`rule_choices`: options several commands share.
- :func:`each_day`: the loop of a cog's task that runs once a UTC day (the hand of the
  day's rollover, the puzzles of the day's posts), so that both wake, wait and survive a
  failure alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot import limits
from bot.engine import MulliganRule
from bot.engine.daily import seconds_to_next_day
from cogs.reply import Reply

#: The ``extras`` key of a subcommand that works outside a server.
ANYWHERE = "anywhere"

#: The catalog key (``anywhere.ftl``) of the refusal of a server-only subcommand.
NEEDS_SERVER = "anywhere-needs-server"

T = TypeVar("T")
C = TypeVar("C", bound=app_commands.Command[Any, ..., Any])


def offered_anywhere(item: T) -> T:
    """``item`` (a top-level command, or a ``GroupCog`` class) offered in servers, the
    bot's DM and private channels, to both installs (server and user)."""
    item = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(item)
    return app_commands.allowed_installs(guilds=True, users=True)(item)


def works_anywhere(command: C) -> C:
    """Mark ``command`` (a subcommand) as needing no server: :func:`require_server` lets
    it run in DMs, group DMs and servers without the bot. Apply it above
    ``@app_commands.command``."""
    command.extras[ANYWHERE] = True
    return command


def in_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether ``interaction`` happened in a server where the bot is installed (its guild
    install authorized it: ``authorizing_integration_owners["0"]`` is the guild's id).
    False in DMs, group DMs, and servers where only the member's user install reaches."""
    return interaction.is_guild_integration()


async def require_server(interaction: discord.Interaction[Any]) -> bool:
    """The check of a command offered anywhere: True in a server where the bot is
    installed, or for a command marked :func:`works_anywhere`; otherwise
    :class:`app_commands.NoPrivateMessage` with the private refusal in the reader's
    language (a clear private error for every bad input). discord.py runs it before the
    command, not before its autocomplete.

    Raises:
        app_commands.NoPrivateMessage: a server-only command outside a server.
    """
    command = interaction.command
    if in_server(interaction) or (command is not None and command.extras.get(ANYWHERE)):
        return True
    raise app_commands.NoPrivateMessage(await Reply(interaction).text(NEEDS_SERVER))


class ServerOnly:
    """Mixin of a cog (``commands.GroupCog``) or an ``app_commands.Group`` under a
    command offered anywhere: its ``interaction_check`` is :func:`require_server`, so its
    subcommands not marked :func:`works_anywhere` are refused privately outside a server.
    discord.py runs a group's check only for the commands it binds (a nested group needs
    its own), so every group under ``/bingo`` but ``works_anywhere`` ones takes it."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Outside a server, answer privately that this needs one (:func:`require_server`).

        Raises:
            app_commands.NoPrivateMessage: a server-only command outside a server.
        """
        return await require_server(interaction)


class ServerGroup(ServerOnly, app_commands.Group):
    """An ``app_commands.Group`` whose subcommands need a server (:class:`ServerOnly`)."""


def manages_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether ``interaction`` happened in a server and its member has Manage Server (or
    Administrator) there (``interaction.permissions``: the member's in the channel)."""
    perms = interaction.permissions
    return interaction.guild_id is not None and bool(perms.manage_guild or perms.administrator)


async def manager_language(ctx: Reply, refusal: str) -> str | None:
    """The reader's private language if they manage the server (:func:`manages_server`);
    otherwise answer privately with the catalog key ``refusal`` in that language and
    return ``None``."""
    language = await ctx.private()
    if not manages_server(ctx.interaction):
        await ctx.tell(refusal)
        return None
    return language


def mode_choices(prefix: str, *modes: str) -> list[app_commands.Choice[str]]:
    """The choices of a command's ``mode`` option: each of ``modes`` (``"on"``,
    ``"off"`` ...) by that name, valued ``<prefix>_<mode>``."""
    return [app_commands.Choice(name=mode, value=f"{prefix}_{mode}") for mode in modes]


def rule_choices(*, early_1994: bool = True) -> list[app_commands.Choice[str]]:
    """The choices of a command's mulligan rule option: each rule by its title, valued
    by its name (``MulliganRule.value``); without the 1994 rule unless ``early_1994``."""
    return [
        app_commands.Choice(name=rule.title, value=rule.value)
        for rule in MulliganRule
        if early_1994 or rule is not MulliganRule.EARLY_1994
    ]


#: The description of a command's optional ``tournament`` option (a :data:`RecordNumber`).
TOURNAMENT = "The tournament's number (default: the newest open one)"

#: A command option naming a stored record (a match's or a tournament's number): an
#: integer Discord bounds to :data:`bot.limits.RECORD_NUMBER` before the bot sees it.
RecordNumber = app_commands.Range[int, limits.RECORD_NUMBER[0], limits.RECORD_NUMBER[1]]


async def each_day(
    bot: Any,
    wake: asyncio.Event,
    job: Callable[[], Awaitable[None]],
    clock: Callable[[], float],
    *,
    after: float,
    log: logging.Logger,
    failed: str,
) -> None:
    """Once ``bot`` is ready, run ``job``; then again ``after`` seconds past each UTC
    midnight of ``clock`` (seconds since the epoch), or as soon as ``wake`` is set (tests
    move the clock, then set it). A failure of ``job`` is logged with ``failed`` (on
    ``log``) and the next run tries again. Never returns: cancel the task to stop it."""
    await bot.wait_until_ready()
    while True:
        wake.clear()
        try:
            await job()
        except Exception:  # noqa: BLE001 - keep the task alive; the next run retries
            log.exception(failed)
        delay = seconds_to_next_day(clock()) + after
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), delay)
