"""The ``/mulligan`` slash commands: practice, decks, odds, stats."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import limits
from bot.engine import MulliganRule, odds
from bot.engine.practice import PracticeOptions
from bot.interactions import UserFacingError, reply_private, run_guarded
from bot.ui.text import echo

from ._render import DECK_NAME_SHOWN, deck_title, fit_lines, percent
from ._service import PracticeService, deck_too_many, no_such_deck

if TYPE_CHECKING:
    from bot.client import BingoBot

PRESET_CHOICES = {
    "constructed": "Preset: Constructed (60 cards, 24 lands)",
    "limited": "Preset: Limited (40 cards, 17 lands)",
    "commander": "Preset: Commander (99 + commander, 36 lands)",
    "bingomagic": "Preset: BingoMagic (60 basic lands, 5-card hands)",
}
LEADERBOARD_MIN_HANDS = 20
#: How often expired practice deals are deleted (also once when the cog loads).
CLEANUP_HOURS = 6.0

log = logging.getLogger(__name__)

#: A deck-name option: at most limits.DECK_NAME characters, as Discord's client enforces.
DeckName = app_commands.Range[str, 1, limits.DECK_NAME]


class DeckModal(discord.ui.Modal, title="Save a decklist"):
    """A paragraph field for a pasted decklist (Arena, MTGO, Moxfield … exports)."""

    decklist: discord.ui.TextInput = discord.ui.TextInput(
        label="Decklist",
        style=discord.TextStyle.paragraph,
        placeholder="4 Lightning Bolt\n20 Mountain\n…\n\nSideboard\n2 Smash to Smithereens",
        max_length=limits.DECKLIST,
    )

    def __init__(self, service: PracticeService, name: str) -> None:
        super().__init__()
        self.service = service
        self.name = name

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await run_guarded(
            interaction,
            self.service.save_deck(interaction, self.name, self.decklist.value),
            where="deck save modal",
        )


@app_commands.guild_only()
class MulliganCog(commands.GroupCog, name="Mulligan", group_name="mulligan"):
    """Practise opening-hand decisions under every mulligan rule Magic has used."""

    deck_group = app_commands.Group(name="deck", description="Your saved decklists.")

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.service = PracticeService(bot)
        super().__init__()

    async def cog_load(self) -> None:
        """Start deleting expired practice deals: now, then every few hours."""
        self.cleanup.start()

    async def cog_unload(self) -> None:
        self.cleanup.cancel()

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
        choices = []
        if presets:
            choices = [
                app_commands.Choice(name=label, value=key)
                for key, label in PRESET_CHOICES.items()
                if current.casefold() in label.casefold()
            ]
        names = await self.bot.db.deck_names(
            interaction.user.id, current[: limits.DECK_NAME], limit=limits.AUTOCOMPLETE_CHOICES
        )
        choices += [
            app_commands.Choice(name=f"Saved: {n}"[: limits.CHOICE_NAME], value=n)
            for n in names
            if len(n) <= limits.CHOICE_NAME
        ]
        return choices[: limits.AUTOCOMPLETE_CHOICES]

    async def deck_or_preset(self, interaction: discord.Interaction, current: str):
        return await self._deck_choices(interaction, current, presets=True)

    async def saved_deck(self, interaction: discord.Interaction, current: str):
        return await self._deck_choices(interaction, current, presets=False)

    # -- practice ----------------------------------------------------------------------

    @app_commands.command(name="practice", description="Practise keep-or-mulligan with a hand.")
    @app_commands.describe(
        deck="A preset or one of your saved decks (default: Constructed 60/24)",
        rule="The mulligan rule (default: London)",
        free_first="The first mulligan is free (default: only for Commander)",
        on_the_play="On the play (default) or on the draw",
        private="Show the hand here, privately, instead of by DM",
    )
    @app_commands.choices(
        rule=[app_commands.Choice(name=r.title, value=r.value) for r in MulliganRule]
    )
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
        chosen = await self.service.resolve_deck(interaction.user.id, deck)
        options = PracticeOptions(
            rule=MulliganRule(rule),
            free_first=bool(chosen.commander) if free_first is None else free_first,
            on_the_play=on_the_play,
        )
        if options.rule is MulliganRule.EARLY_1994 and all(chosen.is_land):
            raise UserFacingError(
                "The 1994 mulligan is for Magic decks: every card here is a land."
            )
        await self.service.practice(interaction, chosen, options, private)

    # -- decks -------------------------------------------------------------------------

    @deck_group.command(name="save", description="Save a decklist by pasting it.")
    @app_commands.describe(name="A name for the deck")
    async def deck_save(self, interaction: discord.Interaction, name: DeckName) -> None:
        name = name.strip()
        if not name:
            raise UserFacingError("A deck name needs at least one character besides spaces.")
        user_id = interaction.user.id
        if not await self.bot.db.has_deck(user_id, name):
            count = await self.bot.db.deck_count(user_id)
            if count >= limits.DECKS_PER_MEMBER:
                raise UserFacingError(deck_too_many(count))
        await interaction.response.send_modal(DeckModal(self.service, name))

    @deck_group.command(name="list", description="Your saved decks.")
    async def deck_list(self, interaction: discord.Interaction) -> None:
        decks = await self.bot.db.list_decks(interaction.user.id)
        if not decks:
            return await reply_private(
                interaction, "You have no saved decks. Use `/mulligan deck save`."
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        lines = []
        for saved in decks:
            shown = echo(saved.name, DECK_NAME_SHOWN)
            try:
                practice = await self.service.resolve_deck(interaction.user.id, saved.name)
            except UserFacingError:  # a deck saved before decks were bounded
                lines.append(f"**{shown}** — {saved.card_count} cards (too many to practise)")
                continue
            lines.append(f"**{shown}** — {practice.size} cards, {practice.lands} lands")
        await reply_private(interaction, fit_lines(lines, limits.CONTENT))

    @deck_group.command(name="delete", description="Delete one of your saved decks.")
    @app_commands.autocomplete(name=saved_deck)
    async def deck_delete(self, interaction: discord.Interaction, name: DeckName) -> None:
        if await self.bot.db.delete_deck(interaction.user.id, name):
            return await reply_private(
                interaction, f"Deleted **{echo(name.strip(), DECK_NAME_SHOWN)}**."
            )
        await reply_private(interaction, no_such_deck(name))

    # -- odds --------------------------------------------------------------------------

    @app_commands.command(name="odds", description="Exact opening-hand and land-drop odds.")
    @app_commands.describe(
        deck="A preset or saved deck (or give size and lands)",
        size="Cards in the library",
        lands="Lands in the library",
        turns="Land drops through this turn (default 4)",
    )
    @app_commands.autocomplete(deck=deck_or_preset)
    async def odds_command(
        self,
        interaction: discord.Interaction,
        deck: DeckName | None = None,
        size: app_commands.Range[int, 7, 250] | None = None,
        lands: app_commands.Range[int, 0, 250] | None = None,
        turns: app_commands.Range[int, 1, 10] = 4,
    ) -> None:
        free_first = False
        hand_size = 7
        if deck is not None:
            chosen = await self.service.resolve_deck(interaction.user.id, deck)
            title, size, lands = chosen.title, chosen.size, chosen.lands
            free_first, hand_size = bool(chosen.commander), chosen.hand_size
        elif size is None or lands is None:
            raise UserFacingError("Give a deck, or both `size` and `lands`.")
        elif lands > size:
            raise UserFacingError("A deck can't have more lands than cards.")
        else:
            title = f"{size} cards, {lands} lands"
        report = odds.deck_report(size, lands, hand_size, turns, free_first)
        await interaction.response.send_message(
            embed=odds_embed(title, report, turns, free_first),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # -- stats -------------------------------------------------------------------------

    @app_commands.command(name="stats", description="Mulligan practice stats in this server.")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        assert interaction.guild_id is not None
        target = user or interaction.user
        stats = await self.bot.db.practice_stats(interaction.guild_id, target.id)
        embed = discord.Embed(
            title=f"Mulligan practice — {target.display_name}", colour=discord.Colour.teal()
        )
        if stats is None:
            embed.description = "No practice hands in this server yet."
        else:
            embed.add_field(name="Hands seen", value=str(stats.hands_seen))
            embed.add_field(name="Mulligans taken", value=str(stats.mulligans))
            embed.add_field(name="Keeps", value=str(stats.keeps))
            rate = (
                f"{stats.agreement_rate:.1f}% ({stats.agreed}/{stats.rated})"
                if stats.rated
                else "—"
            )
            embed.add_field(name="Coach agreed", value=rate)
            sizes = " · ".join(
                f"{size}: {n}" for size, n in sorted(stats.kept_sizes.items(), reverse=True)
            )
            embed.add_field(name="Kept hand sizes", value=sizes or "—", inline=False)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="leaderboard", description="Who agrees with the coach most often.")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        top = await self.bot.db.practice_leaderboard(
            interaction.guild_id, min_hands=LEADERBOARD_MIN_HANDS, limit=10
        )
        embed = discord.Embed(title="Mulligan practice leaderboard", colour=discord.Colour.teal())
        embed.description = (
            "\n".join(
                f"**{s.rank}.** <@{s.user_id}> — {s.agreement_rate:.1f}% agreed "
                f"({s.agreed}/{s.rated}, {s.hands_seen} hands)"
                for s in top
            )
            or f"Nobody has practised {LEADERBOARD_MIN_HANDS} hands in this server yet."
        )
        embed.set_footer(
            text=f"Ranked by agreement with the coach; at least {LEADERBOARD_MIN_HANDS} hands."
        )
        await interaction.response.send_message(embed=embed)


def odds_embed(title: str, report, turns: int, free_first: bool) -> discord.Embed:
    """The ``/mulligan odds`` tables: lands in the opening hand, kept sizes under the
    London policy, and every land drop through ``turns`` (play, draw, average)."""
    prefix = "Odds — "
    embed = discord.Embed(
        title=prefix + deck_title(title, limits.EMBED_TITLE - len(prefix)),
        colour=discord.Colour.teal(),
    )
    dist = "\n".join(f"{k} lands: {percent(p):>7}" for k, p in enumerate(report.land_distribution))
    embed.add_field(name=f"Lands in the opening {report.hand_size}", value=f"```\n{dist}\n```")
    kept = "\n".join(
        f"{size} cards: {percent(p):>7}"
        for size, p in sorted(report.kept_sizes.items(), reverse=True)
    )
    policy = "London policy" + (", free first" if free_first else "")
    embed.add_field(name=f"Kept hand size ({policy})", value=f"```\n{kept}\n```")
    drops = report.land_drops
    if drops is not None:
        embed.add_field(
            name=f"Every land drop through turn {report.drop_turns}",
            value=(
                f"```\nOn the play: {percent(drops.on_the_play):>7}\n"
                f"On the draw: {percent(drops.on_the_draw):>7}\n"
                f"Average:     {percent(drops.average):>7}\n```"
            ),
            inline=False,
        )
    if report.empty_turn is not None:
        library = report.deck_size - report.hand_size
        embed.add_field(
            name=f"The library runs out before turn {turns}",
            value=(
                f"After the opening hand it holds {library} cards: it is empty from turn "
                f"{report.empty_turn} on the draw (turn {report.empty_turn + 1} on the play), "
                "and drawing from an empty library loses the game."
            ),
            inline=False,
        )
    embed.set_footer(text="Exact figures (hypergeometric), not a simulation.")
    return embed
