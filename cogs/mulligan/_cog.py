"""The ``/mulligan`` slash commands: practice, decks, odds, stats."""

from __future__ import annotations

import dataclasses
import json
import logging
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import limits
from bot.engine import MulliganRule, odds
from bot.engine.practice import PRESETS, PracticeDeck, PracticeOptions
from bot.i18n import t
from bot.interactions import UserFacingError, run_guarded
from bot.ui.controls import (
    MULLIGAN_KINDS,
    AgainButton,
    CardSelect,
    DailyButton,
    DailySelect,
    PracticeButton,
)
from bot.ui.text import echo
from cogs.contexts import (
    ServerOnly,
    in_server,
    manages_server,
    offered_anywhere,
    rule_choices,
    works_anywhere,
)
from cogs.reply import Reply

from ._daily import DailyService, on_daily_button, on_daily_select
from ._render import (
    DECK_NAME_SHOWN,
    deck_label,
    deck_title,
    percent,
    rule_name,
    unchecked_text,
)
from ._service import PracticeService, deck_too_many, early_1994_refusal, no_such_deck
from ._stats import leaderboard_embed, stats_embed
from ._views import on_again, on_card_select, on_practice_button

if TYPE_CHECKING:
    from bot.client import BingoBot

#: The presets offered by autocomplete; each is labelled by ``mulligan-choice-<key>``.
PRESET_CHOICES = tuple(PRESETS)
#: How often expired practice deals are deleted (also once when the cog loads).
CLEANUP_HOURS = 6.0

log = logging.getLogger(__name__)

#: A deck-name option: at most limits.DECK_NAME characters, as Discord's client enforces.
DeckName = app_commands.Range[str, 1, limits.DECK_NAME]


class DeckModal(discord.ui.Modal, title="Save a decklist"):
    """A paragraph field for a pasted decklist (Arena, MTGO, Moxfield … exports),
    titled and labelled in ``locale``'s language (the reader's)."""

    #: An example of what exports look like: card names and headers as the parser reads
    #: them, whatever the reader's language.
    EXAMPLE = "4 Lightning Bolt\n20 Mountain\n…\n\nSideboard\n2 Smash to Smithereens"

    def __init__(self, service: PracticeService, name: str, locale: object = None) -> None:
        super().__init__(title=t(locale, "mulligan-modal-title"))
        self.decklist: discord.ui.TextInput = discord.ui.TextInput(
            label=t(locale, "mulligan-modal-label"),
            style=discord.TextStyle.paragraph,
            placeholder=self.EXAMPLE,
            max_length=limits.DECKLIST,
        )
        self.add_item(self.decklist)
        self.service = service
        self.name = name

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await run_guarded(
            interaction,
            self.service.save_deck(Reply(interaction), self.name, self.decklist.value),
            where="deck save modal",
        )


# ``/mulligan`` is offered everywhere, to both installs (``cogs.contexts``): practice, odds
# and decks work in DMs and group DMs; the hand of the day, stats and the leaderboard
# belong to a server and answer privately elsewhere.
@offered_anywhere
class MulliganCog(ServerOnly, commands.GroupCog, name="Mulligan", group_name="mulligan"):
    """Practise opening-hand decisions under every mulligan rule Magic has used."""

    deck_group = app_commands.Group(name="deck", description="Your saved decklists.")

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.service = PracticeService(bot)
        self.daily = DailyService(bot, self.service)
        super().__init__()

    async def cog_load(self) -> None:
        """Register the handlers of the practice and daily controls with
        ``bot.controls``, bound to this cog's services; start deleting expired practice
        deals: now, then every few hours."""
        controls = self.bot.controls
        controls.register(PracticeButton, partial(on_practice_button, self.service))
        controls.register(CardSelect, partial(on_card_select, self.service))
        controls.register(AgainButton, partial(on_again, self.service))
        controls.register(DailyButton, partial(on_daily_button, self.daily))
        controls.register(DailySelect, partial(on_daily_select, self.daily))
        self.cleanup.start()
        self.daily.start()

    async def cog_unload(self) -> None:
        self.bot.controls.unregister(*MULLIGAN_KINDS)
        self.cleanup.cancel()
        await self.daily.stop()

    @tasks.loop(hours=CLEANUP_HOURS)
    async def cleanup(self) -> None:
        """Delete finished and abandoned practice deals older than the retention
        (``limits.PRACTICE_RETENTION_DAYS``); a failure is logged and retried next time."""
        try:
            await self.service.delete_expired()
        except Exception:  # noqa: BLE001 - keep the loop alive; the next run retries
            log.exception("Deleting expired practice deals failed")

    # -- autocomplete ------------------------------------------------------------------

    async def _deck_choices(
        self, interaction: discord.Interaction, current: str, presets: bool
    ) -> list[app_commands.Choice[str]]:
        """Presets (when asked) and the member's saved decks matching ``current``,
        labelled in the reader's language."""
        locale = await Reply(interaction).private()
        choices = []
        if presets:
            labels = {key: t(locale, f"mulligan-choice-{key}") for key in PRESET_CHOICES}
            choices = [
                app_commands.Choice(name=label[: limits.CHOICE_NAME], value=key)
                for key, label in labels.items()
                if current.casefold() in label.casefold()
            ]
        names = await self.bot.db.deck_names(
            interaction.user.id, current[: limits.DECK_NAME], limit=limits.AUTOCOMPLETE_CHOICES
        )
        choices += [
            app_commands.Choice(
                name=t(locale, "mulligan-choice-saved", name=n)[: limits.CHOICE_NAME], value=n
            )
            for n in names
            if len(n) <= limits.CHOICE_NAME
        ]
        return choices[: limits.AUTOCOMPLETE_CHOICES]

    async def deck_or_preset(self, interaction: discord.Interaction, current: str):
        return await self._deck_choices(interaction, current, presets=True)

    async def saved_deck(self, interaction: discord.Interaction, current: str):
        return await self._deck_choices(interaction, current, presets=False)

    # -- practice ----------------------------------------------------------------------

    @works_anywhere
    @app_commands.command(name="practice", description="Practise keep-or-mulligan with a hand.")
    @app_commands.describe(
        deck="A preset or one of your saved decks (default: Constructed 60/24)",
        rule="The mulligan rule (default: London)",
        free_first="The first mulligan is free (default: only for Commander)",
        on_the_play="On the play (default) or on the draw",
        private="Show the hand here, privately, instead of by DM",
    )
    @app_commands.choices(rule=rule_choices())
    @app_commands.autocomplete(deck=deck_or_preset)
    async def practice(
        self,
        interaction: discord.Interaction,
        deck: DeckName = "constructed",
        rule: str = MulliganRule.LONDON.value,
        free_first: bool | None = None,
        on_the_play: bool = True,
        private: bool = False,
    ) -> None:
        ctx = Reply(interaction)
        locale = await ctx.private()
        chosen = await self.service.resolve_deck(ctx.user_id, deck, locale)
        options = PracticeOptions(
            rule=MulliganRule(rule),
            free_first=bool(chosen.commander) if free_first is None else free_first,
            on_the_play=on_the_play,
        )
        if options.rule is MulliganRule.EARLY_1994 and all(chosen.is_land):
            raise UserFacingError(early_1994_refusal(locale))
        # Outside a server where the bot is installed (its DM, a group DM, a server of the
        # member's user install) the hand comes through the interaction itself: the bot may
        # not post there, and in its own DM that is where the member already is.
        private = private or not in_server(interaction)
        await self.service.practice(ctx, chosen, options, private)

    # -- hand of the day ----------------------------------------------------

    @app_commands.command(name="daily", description="Judge the server's hand of the day.")
    async def daily_command(self, interaction: discord.Interaction) -> None:
        await self.daily.open(Reply(interaction))

    async def daily_deck_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        locale = await Reply(interaction).private()
        rotate = t(locale, "daily-choice-rotate")
        head = [app_commands.Choice(name=rotate[: limits.CHOICE_NAME], value=DAILY_ROTATE)]
        if current.casefold() not in rotate.casefold():
            head = []
        rest = await self._deck_choices(interaction, current, presets=True)
        return (head + rest)[: limits.AUTOCOMPLETE_CHOICES]

    @app_commands.command(
        name="daily-setup",
        description="Manage Server only: set the hand of the day's channel, deck and rule.",
    )
    @app_commands.describe(
        channel="Where the hand of the day is posted each day",
        deck="A preset, one of your saved decks, or the daily rotation",
        rule="The mulligan rule (default: London)",
        stop_posting="Stop posting the hand of the day",
    )
    @app_commands.choices(rule=rule_choices())
    @app_commands.autocomplete(deck=daily_deck_choices)
    @app_commands.default_permissions(manage_guild=True)
    async def daily_setup(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        deck: DeckName | None = None,
        rule: str | None = None,
        stop_posting: bool = False,
    ) -> None:
        await daily_setup(self, Reply(interaction), channel, deck, rule, stop_posting)

    # -- decks -------------------------------------------------------------------------

    @works_anywhere
    @deck_group.command(name="save", description="Save a decklist by pasting it.")
    @app_commands.describe(name="A name for the deck")
    async def deck_save(self, interaction: discord.Interaction, name: DeckName) -> None:
        locale = await Reply(interaction).private()
        name = name.strip()
        if not name:
            raise UserFacingError(t(locale, "mulligan-deck-name-blank"))
        user_id = interaction.user.id
        if not await self.bot.db.has_deck(user_id, name):
            count = await self.bot.db.deck_count(user_id)
            if count >= limits.DECKS_PER_MEMBER:
                raise UserFacingError(deck_too_many(count, locale))
        await interaction.response.send_modal(DeckModal(self.service, name, locale))

    @works_anywhere
    @deck_group.command(name="list", description="Your saved decks.")
    async def deck_list(self, interaction: discord.Interaction) -> None:
        ctx = Reply(interaction)
        locale = await ctx.private()
        decks = await self.bot.db.list_decks(ctx.user_id)
        if not decks:
            return await ctx.tell("mulligan-no-decks")
        await ctx.defer()
        await ctx.reply_private(await self.service.deck_list(decks, locale))

    @works_anywhere
    @deck_group.command(name="delete", description="Delete one of your saved decks.")
    @app_commands.describe(name="The deck to delete")
    @app_commands.autocomplete(name=saved_deck)
    async def deck_delete(self, interaction: discord.Interaction, name: DeckName) -> None:
        ctx = Reply(interaction)
        locale = await ctx.private()
        if await self.bot.db.delete_deck(ctx.user_id, name):
            return await ctx.tell("mulligan-deck-deleted", name=echo(name.strip(), DECK_NAME_SHOWN))
        await ctx.reply_private(no_such_deck(name, locale))

    # -- odds --------------------------------------------------------------------------

    @works_anywhere
    @app_commands.command(name="odds", description="Exact opening-hand and land-drop odds.")
    @app_commands.describe(
        deck="A preset or saved deck, or give size and lands (default: Constructed 60/24)",
        size="Cards in the library",
        lands="Lands in the library",
        turns="Land drops through this turn (default 4)",
    )
    @app_commands.autocomplete(deck=deck_or_preset)
    async def odds_command(
        self,
        interaction: discord.Interaction,
        deck: DeckName | None = None,
        size: app_commands.Range[int, limits.DECK_MIN_CARDS, limits.DECK_CARDS] | None = None,
        lands: app_commands.Range[int, 0, limits.DECK_CARDS] | None = None,
        turns: app_commands.Range[int, limits.ODDS_TURNS[0], limits.ODDS_TURNS[1]] = 4,
    ) -> None:
        ctx = Reply(interaction)
        reader = await ctx.private()
        public = await ctx.public()  # the table is posted publicly
        free_first = False
        hand_size = 7
        note = None
        if deck is None and size is None and lands is None:
            deck = "constructed"  # no option at all: the Constructed preset (60 cards, 24 lands)
        if deck is not None:
            chosen = await self.service.resolve_deck(ctx.user_id, deck, reader)
            if chosen.unchecked:  # looked up again, which may take seconds: defer first
                await ctx.defer(ephemeral=False)
                chosen = await self.service.recheck(chosen)
            if chosen.unchecked:
                note = unchecked_text(chosen, "mulligan-odds-unchecked", public, 2000)
            title, size, lands = deck_label(chosen, public), chosen.size, chosen.lands
            free_first, hand_size = bool(chosen.commander), chosen.hand_size
        elif size is None or lands is None:
            raise UserFacingError(t(reader, "mulligan-odds-need-deck"))
        elif lands > size:
            raise UserFacingError(t(reader, "mulligan-odds-too-many-lands"))
        else:
            title = t(public, "mulligan-odds-custom-deck", size=size, lands=lands)
        report = odds.deck_report(size, lands, hand_size, turns, free_first)
        embed = odds_embed(title, report, turns, free_first, public)
        if note is not None:
            embed.description = note
        await ctx.reply_public(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    # -- stats -------------------------------------------------------------------------

    @app_commands.command(name="stats", description="Mulligan practice stats in this server.")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        ctx = Reply(interaction)
        assert ctx.guild_id is not None
        loc = await ctx.public()  # a public answer
        member = user or ctx.user
        await ctx.reply_public(
            embed=await stats_embed(self.bot.db, self.daily, ctx.guild_id, member, loc)
        )

    @app_commands.command(name="leaderboard", description="Who agrees with the coach most often.")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        ctx = Reply(interaction)
        assert ctx.guild_id is not None
        loc = await ctx.public()  # a public answer
        await ctx.reply_public(embed=await leaderboard_embed(self.bot.db, ctx.guild_id, loc))


#: The ``deck`` value of ``/mulligan daily-setup`` that goes back to the rotation.
DAILY_ROTATE = "rotate"


async def daily_setup(
    cog: MulliganCog,
    ctx: Reply,
    channel: discord.TextChannel | None,
    deck: str | None,
    rule: str | None,
    stop_posting: bool,
) -> None:
    """``/mulligan daily-setup``: Manage Server only; options left out stay as they
    were.  Answers privately with the settings; posts today's hand in a newly chosen
    channel."""
    locale = await ctx.private()
    if not manages_server(ctx.interaction):
        raise UserFacingError(t(locale, "daily-setup-refused"))
    guild_id = ctx.guild_id
    assert guild_id is not None
    daily = cog.daily
    old = await daily.settings(guild_id)
    new = old
    if deck is not None:
        if deck == DAILY_ROTATE:
            new = dataclasses.replace(new, deck=None)
        else:
            chosen = await cog.service.resolve_deck(ctx.user_id, deck, locale)
            new = dataclasses.replace(new, deck=json.dumps(chosen.to_json()))
    if rule is not None:
        new = dataclasses.replace(new, rule=MulliganRule(rule).value)
    if stop_posting:
        new = dataclasses.replace(new, channel_id=None)
    elif channel is not None:
        new = dataclasses.replace(new, channel_id=channel.id)
    await daily.store.set_settings(new, daily.clock())
    shown_deck = (
        t(locale, "daily-choice-rotate")
        if new.deck is None
        else echo(deck_label(PracticeDeck.from_json(json.loads(new.deck)), locale), DECK_NAME_SHOWN)
    )
    text = t(
        locale,
        "daily-setup-saved",
        channel=f"<#{new.channel_id}>" if new.channel_id else t(locale, "daily-setup-no-channel"),
        deck=shown_deck,
        rule=rule_name(MulliganRule(new.rule or MulliganRule.LONDON.value), locale),
    )
    await ctx.reply_private(text)
    if new.channel_id is not None and new.channel_id != old.channel_id:
        await daily.post_day(guild_id, daily.today(), new.channel_id)


def odds_embed(
    title: str, report: odds.DeckReport, turns: int, free_first: bool, locale: object = None
) -> discord.Embed:
    """The ``/mulligan odds`` tables in ``locale``'s language: lands in the opening
    hand, kept sizes under the London policy, and every land drop through ``turns``
    (play, draw, average).  ``title`` is the deck's, already in that language."""
    prefix = t(locale, "mulligan-odds-title", deck="")
    embed = discord.Embed(
        title=t(
            locale,
            "mulligan-odds-title",
            deck=deck_title(title, limits.EMBED_TITLE - len(prefix)),
        ),
        colour=discord.Colour.teal(),
    )

    def table(rows: list[tuple[str, str]]) -> str:
        width = max(len(label) for label, _ in rows)
        body = "\n".join(f"{label.ljust(width)} {value:>7}" for label, value in rows)
        return f"```\n{body}\n```"

    lands = [
        (t(locale, "mulligan-odds-lands-row", lands=k), percent(p, locale))
        for k, p in enumerate(report.land_distribution)
    ]
    embed.add_field(
        name=t(locale, "mulligan-odds-lands-in-hand", size=report.hand_size), value=table(lands)
    )
    kept = [
        (t(locale, "mulligan-odds-kept-row", size=size), percent(p, locale))
        for size, p in sorted(report.kept_sizes.items(), reverse=True)
    ]
    policy = t(locale, "mulligan-odds-policy-free" if free_first else "mulligan-odds-policy")
    embed.add_field(name=t(locale, "mulligan-odds-kept-size", policy=policy), value=table(kept))
    drops = report.land_drops
    if drops is not None:
        rows = [
            (t(locale, "mulligan-odds-on-the-play"), percent(drops.on_the_play, locale)),
            (t(locale, "mulligan-odds-on-the-draw"), percent(drops.on_the_draw, locale)),
            (t(locale, "mulligan-odds-average"), percent(drops.average, locale)),
        ]
        embed.add_field(
            name=t(locale, "mulligan-odds-drops", turn=report.drop_turns),
            value=table(rows),
            inline=False,
        )
    if report.empty_turn is not None:
        embed.add_field(
            name=t(locale, "mulligan-odds-runs-out", turn=turns),
            value=t(
                locale,
                "mulligan-odds-runs-out-text",
                library=report.deck_size - report.hand_size,
                draw=report.empty_turn,
                play=report.empty_turn + 1,
            ),
            inline=False,
        )
    embed.set_footer(text=t(locale, "mulligan-odds-footer"))
    return embed
