"""Mulligan practice sessions: deal, decide, coach, practice again; decks and odds.

A session is one deal (:class:`~bot.engine.practice.PracticeState`), stored in SQLite at
every decision, so its controls keep working across restarts.  Every decision follows
one path: apply to a copy, commit, answer the interaction by editing the hand message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.decks.lands import is_builtin_land
from bot.decks.parser import parse_decklist
from bot.engine import IllegalActionError, MulliganRule, odds
from bot.engine.practice import PRESETS, PracticeDeck, PracticeOptions, PracticeState
from bot.interactions import UserFacingError, is_dm_closed, reply_private

from ._render import hand_embed, percent
from ._views import practice_view

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

COACH_TURNS = 4
NOT_CURRENT = "That choice is no longer current."
MAX_ERRORS_SHOWN = 15


def coach(state: PracticeState) -> tuple[str, bool | None]:
    """The coach's words on a kept hand, and whether it agrees with keeping.

    The figure is the probability of making every land drop through turn 4 with this
    hand and the rest of the library (issue: "for a kept hand").  Under London it is
    compared with mulliganing instead and following the default policy; elsewhere the
    coach has no opinion (``None``).
    """
    opts, deck = state.options, state.deck
    play = "on the play" if opts.on_the_play else "on the draw"
    size, lands = state.drawable_library()
    keep = odds.land_drops_for_hand(size, lands, state.hand_lands(), COACH_TURNS, opts.on_the_play)
    lines = [
        f"**Coach.** Keeping these {sum(state.hand)} cards, you make every land drop through "
        f"turn {COACH_TURNS} {play} **{percent(keep)}** of the time."
    ]
    agreed: bool | None = None
    if opts.rule is MulliganRule.LONDON:
        try:
            alternative = odds.mulligan_instead(
                deck.size,
                deck.lands,
                state.mulligans_taken,
                hand_size=deck.hand_size,
                turns=COACH_TURNS,
                on_the_play=opts.on_the_play,
                free_first=opts.free_first,
            )
        except ValueError:
            alternative = None
        if alternative is not None:
            agreed = odds.keep_agrees(keep, alternative)
            verdict = (
                "✅ Keeping was the better choice."
                if agreed
                else "❌ A mulligan would have done better."
            )
            lines.append(
                f"Mulliganing instead and following the standard London policy: "
                f"**{percent(alternative)}**. {verdict}"
            )
    draws = [deck.names[k] for k in state.next_draws(3)]
    lines.append(f"Your next draws: {', '.join(draws) if draws else 'none'}.")
    return "\n".join(lines), agreed


class PracticeService:
    """Runs the practice sessions and decks of one bot process.

    ``seed_factory`` makes each deal's seed (tests replace it).
    """

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.db = bot.db
        self.seed_factory: Callable[[], int] = lambda: secrets.randbits(63)
        self._locks: dict[int, asyncio.Lock] = {}

    # -- decks -------------------------------------------------------------------------

    async def resolve_deck(self, user_id: int, key: str) -> PracticeDeck:
        """A preset key (``constructed``, ``limited``, ``commander``, ``bingomagic``) or
        the name of one of the user's saved decks.  Raises :class:`UserFacingError`."""
        if key in PRESETS:
            return PRESETS[key]
        saved = await self.db.get_deck(user_id, key)
        if saved is None:
            raise UserFacingError(
                f"You have no saved deck named {key!r}. Save one with `/mulligan deck save`."
            )
        names = [name for _, name in saved.cards]
        cached = await self.db.cached_card_types(names)
        lands = {name for name in names if is_builtin_land(name) or cached.get(name)}
        return PracticeDeck.from_entries(
            saved.name, [tuple(entry) for entry in saved.cards], lands,
            commander=tuple(saved.commander),
        )  # fmt: skip

    async def save_deck(self, interaction: discord.Interaction[Any], name: str, text: str) -> None:
        """Parse a pasted decklist; report bad lines (saving nothing) or save it."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        parsed = parse_decklist(text)
        if parsed.errors:
            shown = [
                f"Line {e.line_number}: `{e.line.strip()[:60]}` — {e.reason}"
                for e in parsed.errors[:MAX_ERRORS_SHOWN]
            ]
            more = len(parsed.errors) - len(shown)
            if more > 0:
                shown.append(f"…and {more} more.")
            await interaction.followup.send(
                "Nothing was saved. Please fix these lines:\n" + "\n".join(shown), ephemeral=True
            )
            return
        entries = [(e.count, e.name) for e in parsed.main]
        total = sum(count for count, _ in entries)
        if total < 7:
            await interaction.followup.send(
                f"Nothing was saved: the deck has {total} cards; practice needs at least 7.",
                ephemeral=True,
            )
            return
        commander = [e.name for e in parsed.commander]
        check = await self.bot.scryfall.classify(name for _, name in entries)
        await self.db.save_deck(interaction.user.id, name, entries, commander, time.time())
        lands = sum(count for count, card in entries if card in check.lands)
        message = f"Saved **{name}**: {total} cards, {lands} lands."
        if commander:
            message += f" Commander: {', '.join(commander)}."
        if check.unchecked:
            message += (
                "\nScryfall could not be reached for these cards, so they count as non-lands: "
                + ", ".join(check.unchecked[:20])
            )
        await interaction.followup.send(message, ephemeral=True)

    # -- sessions ----------------------------------------------------------------------

    async def practice(
        self,
        interaction: discord.Interaction[Any],
        deck: PracticeDeck,
        options: PracticeOptions,
        private: bool,
    ) -> None:
        """Deal a hand and send it by DM, or ephemerally when asked or DMs are closed."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._deal(interaction, deck, options, private, interaction.guild_id or 0)

    async def again(self, interaction: discord.Interaction[Any], session_id: int) -> None:
        """ "Practice again": a fresh deal with the session's deck and options."""
        record = await self.db.get_practice(session_id)
        if record is None or record.user_id != interaction.user.id:
            return await reply_private(interaction, "This isn't your practice hand.")
        state = PracticeState.from_json(record.state)
        message = interaction.message
        private = message is None or message.flags.ephemeral
        await interaction.response.defer(ephemeral=True, thinking=private)
        await self._deal(interaction, state.deck, state.options, private, record.guild_id)

    async def _deal(
        self,
        interaction: discord.Interaction[Any],
        deck: PracticeDeck,
        options: PracticeOptions,
        private: bool,
        guild_id: int,
    ) -> None:
        state, _ = PracticeState.new(self.seed_factory(), deck, options)
        session_id = await self.db.create_practice(
            guild_id, interaction.user.id, state.to_json(), state.version, time.time()
        )
        embed, view = self._render(session_id, state)  # a fresh deal always asks something
        if not private:  # asked for by the user, so a DM is tried even if it failed before
            try:
                await interaction.user.send(embed=embed, view=view)
                await self.db.clear_dm_closed(interaction.user.id)
                with contextlib.suppress(discord.HTTPException):
                    if interaction.guild_id is not None:
                        await interaction.followup.send("Your hand is in your DMs.", ephemeral=True)
                return
            except discord.HTTPException as error:
                if not is_dm_closed(error):
                    raise
                await self.db.mark_dm_closed(interaction.user.id, time.time())
                embed.set_author(name="Your DMs are closed, so here it is privately.")
        await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    async def act(
        self,
        interaction: discord.Interaction[Any],
        session_id: int,
        version: int,
        actions: list[str],
    ) -> None:
        """Apply one decision (a button, or a select's cards) if it is still current."""
        lock = self._locks.setdefault(session_id, asyncio.Lock())
        async with lock:
            record = await self.db.get_practice(session_id)
            if record is None or record.user_id != interaction.user.id:
                return await reply_private(interaction, "This isn't your practice hand.")
            state = PracticeState.from_json(record.state)
            if state.version != version:
                return await reply_private(interaction, NOT_CURRENT)
            try:
                for action in actions:
                    state.apply(action)
            except IllegalActionError:
                return await reply_private(interaction, NOT_CURRENT)
            await self.db.save_practice(session_id, state.to_json(), state.version, time.time())
            coach_text = await self._finish_if_kept(state, record.guild_id, record.user_id)
            embed, view = self._render(session_id, state, coach_text)
            await interaction.response.edit_message(embed=embed, view=view)
        if state.is_over:  # later clicks on this deal only read it
            self._locks.pop(session_id, None)

    async def _finish_if_kept(
        self, state: PracticeState, guild_id: int, user_id: int
    ) -> str | None:
        """Once the hand is kept: record the stats, return the coach's words."""
        if not state.is_over:
            return None
        text, agreed = coach(state)
        await self.db.record_practice(
            guild_id,
            user_id,
            mulligans=state.mulligans_taken,
            kept_size=sum(state.hand),
            agreed=agreed,
        )
        return text

    def _render(
        self, session_id: int, state: PracticeState, coach_text: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        return hand_embed(state, coach_text), practice_view(session_id, state)
