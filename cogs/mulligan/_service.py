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
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.decks.lands import is_builtin_land
from bot.decks.parser import parse_decklist
from bot.engine import IllegalActionError, MulliganRule, odds
from bot.engine.practice import (
    PRESETS,
    PracticeDeck,
    PracticeOptions,
    PracticeState,
    dealable,
)
from bot.interactions import UserFacingError, reply_private
from bot.outbox import Delivery
from bot.storage.database import DeckLimitError
from bot.ui.text import echo

from ._coach import COACH_GAMES, ESTIMATING, bingo_coach, is_bingomagic
from ._render import CARD_NAME_SHOWN, DECK_NAME_SHOWN, card_name, fit_lines, hand_embed, percent
from ._views import practice_view

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

COACH_TURNS = 4
NOT_CURRENT = "That choice is no longer current."
NOT_YOURS = "This isn't your practice hand."
EXPIRED = (
    f"This practice hand is gone: deals are kept {limits.PRACTICE_RETENTION_DAYS} days. "
    "Start a new one with `/mulligan practice`."
)
MAX_ERRORS_SHOWN = 15
#: Characters of a bad decklist line quoted in a save error.
LINE_SHOWN = 60
RETENTION_SECONDS = limits.PRACTICE_RETENTION_DAYS * 24 * 3600


def deck_too_many(count: int) -> str:
    """The refusal for a member who has ``count`` decks (at the cap)."""
    return (
        f"You have {count} saved decks, the most a member may keep "
        f"({limits.DECKS_PER_MEMBER}). Delete one with `/mulligan deck delete` first, "
        "or save over one of your deck names."
    )


def no_such_deck(name: str) -> str:
    """The refusal for a deck name the member has not saved (the name echoed safely)."""
    return (
        f"You have no saved deck named “{echo(name, DECK_NAME_SHOWN)}”. "
        "Save one with `/mulligan deck save`."
    )


def coach(state: PracticeState) -> tuple[str, bool | None]:
    """The coach's words on a kept hand, and whether it agrees with keeping.

    The figure is the probability of making every land drop through turn 4 (or the
    last turn the library supplies, when it runs out sooner) with this hand and the
    cards above the bottomed ones (issue: "for a kept hand").  Under London it is
    compared with mulliganing instead and following the default policy; elsewhere the
    coach has no opinion (``None``).
    """
    opts, deck = state.options, state.deck
    play = "on the play" if opts.on_the_play else "on the draw"
    size, lands = state.drawable_library()
    turns = min(COACH_TURNS, odds.drawable_turns(size, opts.on_the_play))
    if turns < 1:  # a deck no bigger than its hand: nothing to draw on the draw
        return (
            f"**Coach.** Your library is empty, so your first draw {play} loses the game: "
            "no land-drop figure to give.",
            None,
        )
    keep = odds.land_drops_for_hand(size, lands, state.hand_lands(), turns, opts.on_the_play)
    lines = [
        f"**Coach.** Keeping these {sum(state.hand)} cards, you make every land drop through "
        f"turn {turns} {play} **{percent(keep)}** of the time."
    ]
    if turns < COACH_TURNS:
        lines.append(f"Your library is empty from turn {turns + 1}.")
    agreed: bool | None = None
    if opts.rule is MulliganRule.LONDON and turns == COACH_TURNS:
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
    lines.append(next_draws_line(state))
    return "\n".join(lines), agreed


def next_draws_line(state: PracticeState) -> str:
    """The kept hand's next three draws, named as members may see them."""
    draws = [card_name(state, k) for k in state.next_draws(3)]
    return f"Your next draws: {', '.join(draws) if draws else 'none'}."


def bingo_coach_text(state: PracticeState, games: int) -> tuple[str, bool | None]:
    """:func:`~._coach.bingo_coach` plus the next draws (CPU-bound: off the loop)."""
    text, agreed = bingo_coach(state, games)
    return f"{text}\n{next_draws_line(state)}", agreed


EARLY_1994_REFUSAL = "The 1994 mulligan is for Magic decks: every card here is a land."


class PracticeService:
    """Runs the practice sessions and decks of one bot process.

    ``seed_factory`` makes each deal's seed (tests replace it).  ``coach_games``:
    simulated matches per figure of the BingoMagic coach (:mod:`._coach`).
    """

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.db = bot.db
        self.seed_factory: Callable[[], int] = lambda: secrets.randbits(63)
        self.coach_games = COACH_GAMES
        # One BingoMagic estimate at a time: it runs in a thread that shares the GIL
        # with the event loop, so running several at once would only slow them all.
        self._estimating = asyncio.Semaphore(1)
        # One lock per deal being clicked; an entry lives only while a click holds it.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # -- decks -------------------------------------------------------------------------

    async def resolve_deck(self, user_id: int, key: str) -> PracticeDeck:
        """A preset key (``constructed``, ``limited``, ``commander``, ``bingomagic``) or
        the name of one of the user's saved decks.  Raises :class:`UserFacingError`."""
        if key in PRESETS:
            return PRESETS[key]
        saved = await self.db.get_deck(user_id, key)
        if saved is None:
            raise UserFacingError(no_such_deck(key))
        if saved.card_count > limits.DECK_CARDS:  # saved before decks were bounded
            raise UserFacingError(
                f"“{echo(saved.name, DECK_NAME_SHOWN)}” has {saved.card_count} cards; a deck "
                f"holds at most {limits.DECK_CARDS}. Save it again with fewer cards."
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
        shown_name = echo(name, DECK_NAME_SHOWN)
        if not await self.db.has_deck(interaction.user.id, name):
            count = await self.db.deck_count(interaction.user.id)
            if count >= limits.DECKS_PER_MEMBER:
                await interaction.followup.send(deck_too_many(count), ephemeral=True)
                return
        parsed = parse_decklist(text)
        if parsed.errors:
            head = "Nothing was saved. Please fix these lines:"
            lines = [
                f"Line {e.line_number}: {echo(e.line.strip(), LINE_SHOWN)} — {echo(e.reason, 200)}"
                for e in parsed.errors[:MAX_ERRORS_SHOWN]
            ]
            more = len(parsed.errors) - len(lines)
            if more > 0:
                lines.append(f"…and {more} more.")
            body = fit_lines(lines, limits.CONTENT - len(head) - 1)
            await interaction.followup.send(f"{head}\n{body}", ephemeral=True)
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
        try:
            await self.db.save_deck(interaction.user.id, name, entries, commander, time.time())
        except DeckLimitError:  # another save took the last place meanwhile
            count = await self.db.deck_count(interaction.user.id)
            await interaction.followup.send(deck_too_many(count), ephemeral=True)
            return
        lands = sum(count for count, card in entries if card in check.lands)
        message = f"Saved **{shown_name}**: {total} cards, {lands} lands."
        if commander:
            named = fit_lines([echo(c, CARD_NAME_SHOWN) for c in commander], 400, "{n} more")
            message += f" Commander: {named.replace(chr(10), ', ')}."
        if check.unchecked:
            head = "Scryfall could not be reached for these cards, so they count as non-lands:"
            room = limits.CONTENT - len(message) - len(head) - 2
            names = fit_lines([echo(c, CARD_NAME_SHOWN) for c in check.unchecked], room)
            message += f"\n{head}\n{names}"
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
        if record is None:
            return await reply_private(interaction, EXPIRED)
        if record.user_id != interaction.user.id:
            return await reply_private(interaction, NOT_YOURS)
        state = PracticeState.from_json(record.state)
        if not dealable(state.deck, state.options):  # a deal stored before the check
            return await reply_private(interaction, EARLY_1994_REFUSAL)
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
        try:
            state, _ = PracticeState.new(self.seed_factory(), deck, options)
        except ValueError as error:  # the 1994 rule with a deck of only lands
            raise UserFacingError(EARLY_1994_REFUSAL) from error
        session_id = await self.db.create_practice(
            guild_id, interaction.user.id, state.to_json(), state.version, time.time()
        )
        embed, view = self._render(session_id, state)  # a fresh deal always asks something
        if not private:
            # Through the bot's outbox (paced, DM channel cached).  Asked for by the
            # user, so it is tried even if their DMs were closed before (force): success
            # clears the closed mark, a 403/50007 sets it (the outbox does both).
            outbox = self.bot.outbox
            assert outbox is not None, "the outbox is created in BingoBot.setup_hook"
            sent = await outbox.dm(interaction.user.id, force=True, embed=embed, view=view)
            if sent.ok:
                with contextlib.suppress(discord.HTTPException):
                    if interaction.guild_id is not None:
                        await interaction.followup.send("Your hand is in your DMs.", ephemeral=True)
                return
            if sent.status is Delivery.DM_CLOSED:
                embed.set_author(name="Your DMs are closed, so here it is privately.")
            else:
                log.warning("Practice DM to %s failed: %s", interaction.user.id, sent.error)
                embed.set_author(name="I couldn't DM you, so here it is privately.")
        await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    async def act(
        self,
        interaction: discord.Interaction[Any],
        session_id: int,
        version: int,
        actions: list[str],
    ) -> None:
        """Apply one decision (a button, or a select's cards) if it is still current.

        The deal's existence and owner are checked before its lock is taken; the lock
        lives only while clicks hold it (a weak dictionary), so no entry outlives them,
        and only while the decision is applied and committed: the answer is sent after
        (a later click then finds the new version).  A kept BingoMagic hand first shows
        :data:`~._coach.ESTIMATING`, then the coach's estimate, computed in a thread.
        """
        record = await self.db.get_practice(session_id)
        if record is None:
            return await reply_private(interaction, EXPIRED)
        if record.user_id != interaction.user.id:
            return await reply_private(interaction, NOT_YOURS)
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        async with lock:
            record = await self.db.get_practice(session_id)  # as the previous click left it
            if record is None:
                return await reply_private(interaction, EXPIRED)
            state = PracticeState.from_json(record.state)
            if state.version != version:
                return await reply_private(interaction, NOT_CURRENT)
            try:
                for action in actions:
                    state.apply(action)
            except IllegalActionError:
                return await reply_private(interaction, NOT_CURRENT)
            await self.db.save_practice(session_id, state.to_json(), state.version, time.time())
        if state.is_over and is_bingomagic(state.deck):
            embed, view = self._render(session_id, state, ESTIMATING)
            await interaction.response.edit_message(embed=embed, view=view)
            coach_text = await self._finish_bingo(state, record.guild_id, record.user_id)
            embed, view = self._render(session_id, state, coach_text)
            await interaction.edit_original_response(embed=embed, view=view)
            return
        coach_text = await self._finish_if_kept(state, record.guild_id, record.user_id)
        embed, view = self._render(session_id, state, coach_text)
        await interaction.response.edit_message(embed=embed, view=view)

    async def delete_expired(self, now: float | None = None) -> int:
        """Delete the deals (finished or abandoned) untouched for
        ``limits.PRACTICE_RETENTION_DAYS`` days before ``now`` (Unix seconds, default
        the clock); return how many.  Their controls then answer :data:`EXPIRED`."""
        cutoff = (time.time() if now is None else now) - RETENTION_SECONDS
        deleted = await self.db.delete_practice_before(cutoff)
        if deleted:
            log.info(
                "Deleted %d practice deals older than %d days",
                deleted,
                limits.PRACTICE_RETENTION_DAYS,
            )
        return deleted

    async def _finish_if_kept(
        self, state: PracticeState, guild_id: int, user_id: int
    ) -> str | None:
        """Once the hand is kept: record the stats, return the coach's words."""
        if not state.is_over:
            return None
        text, agreed = coach(state)
        await self._record(state, guild_id, user_id, agreed)
        return text

    async def _finish_bingo(self, state: PracticeState, guild_id: int, user_id: int) -> str:
        """A kept BingoMagic hand: estimate its win chance in a thread (one estimate
        at a time), record the stats with the verdict, return the coach's words."""
        async with self._estimating:
            try:
                text, agreed = await asyncio.to_thread(bingo_coach_text, state, self.coach_games)
            except Exception:  # noqa: BLE001 - the hand is kept either way; say so
                log.exception("The BingoMagic coach failed for practice seed %s", state.seed)
                text, agreed = "**Coach.** The estimate failed this time; no figure.", None
        await self._record(state, guild_id, user_id, agreed)
        return text

    async def _record(
        self, state: PracticeState, guild_id: int, user_id: int, agreed: bool | None
    ) -> None:
        await self.db.record_practice(
            guild_id,
            user_id,
            mulligans=state.mulligans_taken,
            kept_size=sum(state.hand),
            agreed=agreed,
        )

    def _render(
        self, session_id: int, state: PracticeState, coach_text: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        return hand_embed(state, coach_text), practice_view(session_id, state)
