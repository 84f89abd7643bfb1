"""Server settings: ``/bingo settings …`` and what a new match takes from them.

Why subcommands rather than one view of selects and modals: each setting is one command
that Discord itself validates (timer ranges as ``min_value``/``max_value``, channels as a
channel picker, rules as choices), every one is localized by the command Translator like
any other command, a change is one interaction with nothing to expire or lose at a
restart, and ``show`` lists them all (the moderation ones too, set by
``/bingo settings moderation`` in :mod:`._moderation`). Only members with Manage Server
(or Administrator) may use them; anyone else gets a private refusal. Every answer is
private.

A match captures its rules (``matches.options``) and its timers (``matches.config``) when it
is dealt, so a change never alters a match in progress; a challenge's expiry is fixed when
it is posted. Answers are private, in the reader's language (:mod:`cogs.languages`).
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

import discord
from discord import app_commands

from bot import limits
from bot.engine import BingoOptions, MulliganRule
from bot.i18n import attribute, join_list, language_of, t
from bot.i18n.commands import language_choices
from bot.matches import Timing
from bot.storage import GuildSettings
from bot.storage.consent import ConsentStore, ModerationSettings
from bot.storage.queue import QueueStore
from cogs.contexts import ServerGroup, manager_language, rule_choices
from cogs.reply import Reply

from ._leaderboard import set_min_games
from ._threads import missing_thread_permissions

if TYPE_CHECKING:
    from bot.client import BingoBot

#: The ``language`` choice meaning "the guild's preferred locale".
SERVER_DEFAULT = "server-default"
#: The mulligan rules a BingoMagic match offers (RULES §2: not the 1994 rule).
RULE_CHOICES = rule_choices(early_1994=False)


# -- what a new match takes from the settings ----------------------------------------------


def given(**values: Any) -> dict[str, Any]:
    """The ``values`` given explicitly (those not ``None``), by name: the changes an
    option left out makes none of."""
    return {name: value for name, value in values.items() if value is not None}


def default_options(settings: GuildSettings, *, max_timeouts: int) -> BingoOptions:
    """The table rules of a new match in a server whose settings are ``settings``, before
    the challenger's own choices (RULES §2 mulligans, §1.4 house rule)."""
    return BingoOptions(
        mulligan_rule=MulliganRule(settings.mulligan_rule or MulliganRule.VANCOUVER.value),
        free_first=settings.free_first,
        sequential=settings.sequential,
        forest_any_pile=settings.forest_either_pile,
        max_timeouts=max_timeouts,
    )


def challenge_options(
    settings: GuildSettings,
    *,
    max_timeouts: int,
    mulligan: str | None = None,
    free_first: bool | None = None,
    sequential: bool | None = None,
    forest_either_pile: bool | None = None,
) -> BingoOptions:
    """The server's defaults, with each option the challenger gave explicitly (not
    ``None``) winning."""
    base = default_options(settings, max_timeouts=max_timeouts)
    changes = given(
        mulligan_rule=None if mulligan is None else MulliganRule(mulligan),
        free_first=free_first,
        sequential=sequential,
        forest_any_pile=forest_either_pile,
    )
    return dataclasses.replace(base, **changes)


def match_timing(base: Timing, settings: GuildSettings) -> Timing:
    """``base`` (the bot's configured timers) with the server's own timers in their
    place (RULES §1.8 time limits)."""
    changes = given(
        turn_seconds=settings.turn_seconds,
        counter_seconds=settings.counter_seconds,
        choice_seconds=settings.choice_seconds,
    )
    return dataclasses.replace(base, **changes)


def challenge_seconds(settings: GuildSettings, default: float) -> float:
    """How long a new challenge waits for its answer in this server (seconds)."""
    return settings.challenge_seconds if settings.challenge_seconds is not None else default


def channel_refusal(settings: GuildSettings, lang: str) -> str:
    """The private refusal of a match started outside the server's allowed channels."""
    channels = join_list(lang, (f"<#{channel}>" for channel in settings.channels), choice=True)
    return t(lang, "settings-channel-refused", channels=channels)


# -- /bingo settings -----------------------------------------------------------------------


def _seconds(value: float | None, default: float, lang: str) -> str:
    if value is None:
        return t(lang, "settings-default-seconds", seconds=round(default))
    return t(lang, "settings-seconds", seconds=round(value))


def _yes_no(value: bool, lang: str) -> str:
    return t(lang, "settings-yes" if value else "settings-no")


def settings_embed(
    settings: GuildSettings,
    bot_settings: Any,
    guild: discord.Guild | None,
    lang: str,
    permissions: discord.Permissions | None = None,
    moderation: ModerationSettings | None = None,
    ladder: int | None = None,
) -> discord.Embed:
    """The ``show`` form: every setting with its current value, in ``lang``; with
    ``permissions`` (the bot's in the channel asked from), also where matches started
    there are played: in threads, or in the channel and which permission it lacks; with
    ``moderation``, the moderator role and the moderation log channel (or "not set"), and
    the ladder channel ``ladder`` (``/bingo settings ladder``, docs/queue.md)."""
    embed = discord.Embed(title=t(lang, "settings-title"), colour=discord.Colour.gold())

    def field(name: str, value: str) -> None:
        embed.add_field(name=t(lang, f"settings-field-{name}"), value=value, inline=False)

    rule = settings.mulligan_rule or MulliganRule.VANCOUVER.value
    mulligan = attribute(lang, f"choice-{rule}", "name")
    if settings.mulligan_rule is None:
        mulligan = t(lang, "settings-default-value", value=mulligan)
    free, sequential = _yes_no(settings.free_first, lang), _yes_no(settings.sequential, lang)
    field(
        "mulligan",
        t(lang, "settings-mulligan-value", rule=mulligan, free_first=free, sequential=sequential),
    )
    field(
        "timers",
        t(
            lang,
            "settings-timers-value",
            turn=_seconds(settings.turn_seconds, bot_settings.turn_seconds, lang),
            counter=_seconds(settings.counter_seconds, bot_settings.counter_seconds, lang),
            choice=_seconds(settings.choice_seconds, bot_settings.choice_seconds, lang),
            challenge=_seconds(settings.challenge_seconds, bot_settings.challenge_seconds, lang),
        ),
    )
    forest = _yes_no(settings.forest_either_pile, lang)
    field("house-rules", t(lang, "settings-house-rules-value", forest=forest))
    if settings.language:
        language = attribute(lang, f"choice-{settings.language}", "name")
    else:
        guild_language = language_of(guild.preferred_locale if guild is not None else None)
        language = t(
            lang,
            "settings-default-value",
            value=attribute(lang, f"choice-{guild_language}", "name"),
        )
    field("language", language)
    channels = (
        join_list(lang, (f"<#{channel}>" for channel in settings.channels))
        if settings.channels
        else t(lang, "settings-channels-all")
    )
    field("channels", channels)
    if moderation is not None:
        unset = t(lang, "settings-not-set")
        role, log = moderation.role_id, moderation.log_channel_id
        field(
            "moderation",
            t(
                lang,
                "settings-moderation-value",
                role=unset if role is None else f"<@&{role}>",
                channel=unset if log is None else f"<#{log}>",
            ),
        )
        field("ladder", unset if ladder is None else f"<#{ladder}>")
    if permissions is not None:
        field("place", place_text(permissions, lang))
    embed.set_footer(text=t(lang, "settings-footer"))
    return embed


def place_text(permissions: discord.Permissions, lang: str) -> str:
    """Where a match started in a channel where the bot has ``permissions`` is played (see
    :mod:`._threads`), and why, in ``lang``."""
    missing = missing_thread_permissions(permissions)
    if missing:
        names = join_list(lang, (t(lang, key) for key in missing))
        return t(lang, "settings-place-channel", missing=names)
    if permissions.administrator or permissions.manage_threads:
        return t(lang, "settings-place-threads")
    return t(lang, "settings-place-threads-unlocked")


P = ParamSpec("P")


def _managers_only(
    command: Callable[Concatenate[SettingsGroup, Reply, P], Awaitable[None]],
) -> Callable[Concatenate[SettingsGroup, discord.Interaction, P], Coroutine[Any, Any, None]]:
    """The callback of a ``/bingo settings`` subcommand from ``command(group, ctx,
    **options)``: whoever does not manage the server is refused privately
    (:meth:`SettingsGroup._admin`); anyone else gets ``command`` with the interaction's
    :class:`Reply`. discord.py reads the options from ``command``'s signature
    (``functools.wraps`` keeps it, as ``__wrapped__``, which ``inspect.signature``
    follows) and calls the callback with them by name."""

    @functools.wraps(command)
    async def callback(
        group: SettingsGroup, interaction: discord.Interaction, /, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        ctx = await group._admin(interaction)
        if ctx is not None:
            await command(group, ctx, *args, **kwargs)

    return callback


class SettingsGroup(ServerGroup):
    """``/bingo settings``: show and change the server's settings (Manage Server only)."""

    def __init__(self, bot: BingoBot) -> None:
        super().__init__(
            name="settings",
            description="BingoMagic settings of this server (Manage Server).",
            extras={"audience": "managers"},  # /help marks it (cogs/guide/_help.py)
        )
        self.bot = bot
        self.consent = ConsentStore(bot.db.backend)

    async def _admin(self, interaction: discord.Interaction[Any]) -> Reply | None:
        """The interaction's :class:`Reply` if its member may change settings; otherwise
        refuse privately and return ``None`` (:func:`cogs.contexts.manager_language`)."""
        ctx = Reply(interaction)
        return ctx if await manager_language(ctx, "settings-refused") is not None else None

    async def _change(self, ctx: Reply, **changes: Any) -> None:
        assert ctx.guild_id is not None
        try:
            new = await self.bot.db.set_guild_settings(ctx.guild_id, time.time(), **changes)
        except ValueError:
            return await ctx.tell("settings-invalid")
        self.bot.languages.server_changed(new)
        embed = await self._embed(ctx, new)
        await ctx.reply_private(await ctx.text("settings-saved"), embed=embed)

    async def _embed(
        self, ctx: Reply, settings: GuildSettings, permissions: discord.Permissions | None = None
    ) -> discord.Embed:
        """:func:`settings_embed` of ``settings`` (the server's), in the reader's private
        language, with the server's moderation settings and ladder channel."""
        assert ctx.guild_id is not None
        moderation = await self.consent.moderation(ctx.guild_id)
        ladder = await QueueStore(self.bot.db.backend).ladder_channel(ctx.guild_id)
        lang = await ctx.private()
        return settings_embed(
            settings, self.bot.settings, ctx.guild, lang, permissions, moderation, ladder
        )

    @app_commands.command(
        name="show", description="Manage Server only: show this server's BingoMagic settings."
    )
    @_managers_only
    async def show(self, ctx: Reply) -> None:
        assert ctx.guild_id is not None
        current = await self.bot.db.guild_settings(ctx.guild_id)
        embed = await self._embed(ctx, current, ctx.interaction.app_permissions)
        await ctx.reply_private(embed=embed)

    @app_commands.command(
        name="mulligan", description="Manage Server only: the default mulligan rule and options."
    )
    @app_commands.describe(
        rule="The default mulligan rule",
        free_first="The first mulligan is free",
        sequential="Each player mulligans until keeping before the next declares",
    )
    @app_commands.choices(rule=RULE_CHOICES)
    @_managers_only
    async def mulligan(
        self,
        ctx: Reply,
        rule: str | None = None,
        free_first: bool | None = None,
        sequential: bool | None = None,
    ) -> None:
        await self._change(
            ctx, **given(mulligan_rule=rule, free_first=free_first, sequential=sequential)
        )

    @app_commands.command(
        name="timers", description="Manage Server only: time limits, in seconds (0: the default)."
    )
    @app_commands.describe(
        # The bounds are the options' own ranges (limits.py), which Discord shows and enforces.
        turn="Seconds for a turn's main step (0: default)",
        counter="Seconds for a counter window (0: default)",
        choice="Seconds for other decisions (0: default)",
        challenge="Seconds a challenge waits for its answer (0: default)",
    )
    @_managers_only
    async def timers(
        self,
        ctx: Reply,
        turn: app_commands.Range[int, 0, limits.TURN_SECONDS[1]] | None = None,
        counter: app_commands.Range[int, 0, limits.COUNTER_SECONDS[1]] | None = None,
        choice: app_commands.Range[int, 0, limits.CHOICE_SECONDS[1]] | None = None,
        challenge: app_commands.Range[int, 0, limits.CHALLENGE_SECONDS[1]] | None = None,
    ) -> None:
        given = {
            "turn_seconds": (turn, limits.TURN_SECONDS),
            "counter_seconds": (counter, limits.COUNTER_SECONDS),
            "choice_seconds": (choice, limits.CHOICE_SECONDS),
            "challenge_seconds": (challenge, limits.CHALLENGE_SECONDS),
        }
        changes: dict[str, Any] = {}
        for name, (value, (low, high)) in given.items():
            if value is None:
                continue
            if value != 0 and not low <= value <= high:
                return await ctx.tell("settings-timer-bounds", low=low, high=high)
            changes[name] = value or None
        await self._change(ctx, **changes)

    @app_commands.command(
        name="leaderboard", description="Manage Server only: who is listed on the leaderboard."
    )
    @app_commands.describe(min_games="Rated matches a member needs to be listed (default 5)")
    @_managers_only
    async def leaderboard(
        self,
        ctx: Reply,
        min_games: app_commands.Range[
            int, limits.LEADERBOARD_MIN_GAMES[0], limits.LEADERBOARD_MIN_GAMES[1]
        ],
    ) -> None:
        """The minimum of rated matches to appear on ``/bingo leaderboard``
        (``cogs.bingo._leaderboard``)."""
        await set_min_games(self.bot, ctx, min_games)

    @app_commands.command(
        name="house-rules", description="Manage Server only: the server's house rules."
    )
    @app_commands.describe(forest_either_pile="Forest may take from either discard pile")
    @_managers_only
    async def house_rules(self, ctx: Reply, forest_either_pile: bool | None = None) -> None:
        await self._change(ctx, **given(forest_either_pile=forest_either_pile))

    @app_commands.command(
        name="language", description="Manage Server only: the language of the bot's public posts."
    )
    @app_commands.describe(language="A language, or the server's own (its preferred locale)")
    @app_commands.choices(
        language=[
            app_commands.Choice(name="Server default", value=SERVER_DEFAULT),
            *language_choices(),
        ]
    )
    @_managers_only
    async def language(self, ctx: Reply, language: str) -> None:
        await self._change(ctx, language=None if language == SERVER_DEFAULT else language)

    @app_commands.command(
        name="channels",
        description="Manage Server only: the channels where matches may be started.",
    )
    @app_commands.describe(
        add="Allow matches in this channel",
        remove="No longer allow matches in this channel",
        everywhere="Allow matches in every channel again",
    )
    @_managers_only
    async def channels(
        self,
        ctx: Reply,
        add: discord.TextChannel | None = None,
        remove: discord.TextChannel | None = None,
        everywhere: bool = False,
    ) -> None:
        assert ctx.guild_id is not None
        current = set((await self.bot.db.guild_settings(ctx.guild_id)).channels)
        if everywhere:
            current.clear()
        if add is not None:
            current.add(add.id)
        if remove is not None:
            current.discard(remove.id)
        if len(current) > limits.MATCH_CHANNELS:
            return await ctx.tell("settings-channels-full", n=limits.MATCH_CHANNELS)
        await self._change(ctx, channels=sorted(current))
