"""Consent to be challenged: ``/bingo challenges on|off``, ``/bingo block`` and
``/bingo unblock``, all answered privately.

An opt-out holds in the server where it was given; a block holds in every server (the
blocked member's challenges to the blocker are refused wherever they meet). A refused
challenger reads the same private text for both (``consent-not-taking``), so a block is
never revealed (docs/RULES.md, "Consent"). The refusal itself is in
:meth:`cogs.bingo._challenges.Challenges.challenge`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import limits
from bot.ui.text import echo
from cogs.contexts import mode_choices, require_server
from cogs.reply import Reply

if TYPE_CHECKING:
    from bot.storage.consent import ConsentStore


async def set_challenges(consent: ConsentStore, ctx: Reply, mode: str | None) -> None:
    """``mode`` ``"challenges_on"`` / ``"challenges_off"``: take challenges here or not;
    ``None``: show the member's choice."""
    assert ctx.guild_id is not None
    guild_id, user_id = ctx.guild_id, ctx.user_id
    if mode is None:
        off = await consent.opted_out(guild_id, user_id)
        return await ctx.tell("consent-challenges-off" if off else "consent-challenges-on")
    off = mode == "challenges_off"
    await consent.set_opted_out(guild_id, user_id, off, time.time())
    await ctx.tell("consent-challenges-now-off" if off else "consent-challenges-now-on")


async def set_block(consent: ConsentStore, ctx: Reply, member: discord.abc.User, on: bool) -> None:
    """Block (``on``) or unblock ``member``: the answer is private, and the member is
    never told."""
    name = echo(member.display_name, limits.MEMBER_NAME)
    if member.id == ctx.user_id:
        return await ctx.tell("consent-block-self")
    changed = await consent.set_block(ctx.user_id, member.id, on, time.time())
    if on:
        key = "consent-blocked" if changed else "consent-already-blocked"
    else:
        key = "consent-unblocked" if changed else "consent-not-blocked"
    await ctx.tell(key, name=name)


def consent_commands(consent: ConsentStore) -> list[app_commands.Command[Any, Any, Any]]:
    """The ``/bingo challenges``, ``/bingo block`` and ``/bingo unblock`` commands."""

    @app_commands.command(
        name="challenges", description="Take challenges from members, or not (only you see it)."
    )
    @app_commands.describe(mode="On or off (leave it out to see your choice)")
    @app_commands.choices(mode=mode_choices("challenges", "on", "off"))
    async def challenges(interaction: discord.Interaction, mode: str | None = None) -> None:
        await set_challenges(consent, Reply(interaction), mode)

    @app_commands.command(
        name="block", description="Refuse every challenge from a member (only you see it)."
    )
    @app_commands.describe(member="The member whose challenges you refuse")
    async def block(interaction: discord.Interaction, member: discord.User) -> None:
        await set_block(consent, Reply(interaction), member, True)

    @app_commands.command(name="unblock", description="Take challenges from a member again.")
    @app_commands.describe(member="The member you blocked")
    async def unblock(interaction: discord.Interaction, member: discord.User) -> None:
        await set_block(consent, Reply(interaction), member, False)

    commands: list[app_commands.Command[Any, Any, Any]] = [challenges, block, unblock]
    for command in commands:  # added to /bingo as they are: the cog's check does not apply
        command.add_check(require_server)
    return commands
