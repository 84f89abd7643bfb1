"""Mulligan practice sessions: deal, decide, coach, practice again; decks and odds.

A session is one deal (:class:`~bot.engine.practice.PracticeState`), stored in the
database at every decision, so its controls keep working across restarts.  Every
decision follows one path (:func:`~._decide.decide_practice`): apply to a copy, commit
with a compare-and-set on the deal's version, answer the interaction by editing the
hand message.  The coach's figures are :mod:`bot.ai.coach`'s; this module words them.

The module is a little over 600 lines because it is the one host of a session's life
(deal, decide, coach, again) that the session's controls and commands call.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot import limits
from bot.ai.coach import COACH_GAMES, LandAdvice, is_bingomagic, land_advice, mulligan_advice
from bot.decks.lands import is_builtin_land
from bot.decks.parser import parse_decklist
from bot.decks.scryfall import LandCheck
from bot.engine.practice import (
    PRESETS,
    PracticeDeck,
    PracticeOptions,
    PracticeState,
    dealable,
)
from bot.i18n import join_list, sentences, t
from bot.interactions import NOT_CURRENT, UserFacingError
from bot.outbox import SendStatus
from bot.storage import DeckLimitError, PracticeSession, SavedDeck
from bot.ui.text import echo
from cogs.reply import Reply

from ._coach import bingo_coach, estimating
from ._decide import decide_practice
from ._render import (
    CARD_NAME_SHOWN,
    DECK_NAME_SHOWN,
    card_name,
    fit_lines,
    hand_embed,
    more_lines,
    percent,
    play_or_draw,
    preset_key,
)
from ._views import practice_view

if TYPE_CHECKING:
    from bot.client import BingoBot

log = logging.getLogger(__name__)

MAX_ERRORS_SHOWN = 15
#: Characters of a bad decklist line quoted in a save error.
LINE_SHOWN = 60
RETENTION_SECONDS = limits.PRACTICE_RETENTION_DAYS * 24 * 3600


def expired(locale: object = None) -> str:
    """The answer to a control of a deal deleted after ``limits.PRACTICE_RETENTION_DAYS``."""
    return t(locale, "mulligan-expired", days=limits.PRACTICE_RETENTION_DAYS)


def deck_too_many(count: int, locale: object = None) -> str:
    """The refusal for a member who has ``count`` decks (at the cap)."""
    return t(locale, "mulligan-deck-too-many", count=count, max=limits.DECKS_PER_MEMBER)


def no_such_deck(name: str, locale: object = None) -> str:
    """The refusal for a deck name the member has not saved (the name echoed safely)."""
    return t(locale, "mulligan-no-such-deck", name=echo(name, DECK_NAME_SHOWN))


def land_words(
    advice: LandAdvice, state: PracticeState, locale: object = None, *, day: bool = False
) -> str:
    """The land-drop coach's ``advice`` on ``state``'s kept hand in ``locale``'s
    language (English by default).  Rated: the verdict, what decides it
    (:func:`decides_line`: the hand, its figure, what a mulligan instead gives up), then
    the mulligan's figure with the policy after it spelled out; not rated: the figure
    and why there is no verdict.  Then the next draws.  ``day``: for the hand of the day, no verdict
    sentence and no next draws (its result words them itself)."""
    play = play_or_draw(state.options.on_the_play)
    if advice.keep is None:  # a deck no bigger than its hand: nothing to draw on the draw
        return t(locale, "mulligan-coach-empty-library", play=play)
    if advice.instead is None or advice.comparison is None:
        lines = [
            t(
                locale,
                "mulligan-coach-keep",
                cards=advice.cards,
                turns=advice.turns,
                play=play,
                percent=percent(advice.keep, locale),
            )
        ]
        if advice.runs_out:
            lines.append(t(locale, "mulligan-coach-runs-out", turn=advice.turns + 1))
        elif advice.unrated == "1994":
            lines.append(t(locale, "mulligan-coach-unrated-1994"))
        elif advice.unrated == "no-mulligan":
            lines.append(t(locale, "mulligan-coach-unrated"))
    else:  # the verdict first, then what decides it, then the mulligan's figure
        verdict = t(locale, f"mulligan-coach-{advice.comparison}")
        lines = [] if day else [sentences(locale, t(locale, "mulligan-coach-head"), verdict)]
        lines.append(decides_line(advice, state, locale))
        lines.append(
            t(
                locale,
                "mulligan-coach-instead",
                policy=t(locale, "mulligan-coach-policy"),
                percent=percent(advice.instead, locale),
            )
        )
    if not day:
        lines.append(next_draws_line(state, locale))
    return "\n".join(lines)


def _named(state: PracticeState, cards: tuple[tuple[int, int], ...], locale: object) -> str:
    """``cards`` (``(kind, copies)``) named as a list: "Lightning Bolt and 2× Goblin
    Guide"; a preset's stand-in "Land" and "Spell" cards counted instead ("5 spells"),
    which reads better than "5× Spell"."""
    deck = state.deck
    if preset_key(deck) is not None:
        lands = sum(n for k, n in cards if deck.is_land[k])
        spells = sum(n for _, n in cards) - lands
        counted = [t(locale, "mulligan-coach-lands", count=lands)] if lands else []
        if spells:
            counted.append(t(locale, "mulligan-coach-spells", count=spells))
        return join_list(locale, counted)
    return join_list(
        locale,
        [
            f"{n}× {card_name(state, k, locale)}" if n > 1 else card_name(state, k, locale)
            for k, n in cards
        ],
    )


def mulligan_phrase(
    advice: LandAdvice, state: PracticeState, locale: object = None, *, done: bool = False
) -> str:
    """What the mulligan of ``advice`` gives up, as a clause in ``locale``'s language
    (``done``: the mulligan just taken, in the past tense).  Every rule but Partial
    Paris shuffles the whole hand away: its spells are named (RULES §4 "What decides
    it"), with a card it costs unless it is free (CR 103.5c; the 1994 rule's new full
    hand).  A Partial Paris mulligan names what it sets aside when that is known (the
    player's own choice, or every spell of the hand), else counts it ("one of its
    spells": the policy's choice among like cards), and how many cards it draws."""
    assert advice.mulligan_to is not None, "a rated advice says where a mulligan leads"
    size = advice.mulligan_to
    if advice.aside is None:
        count = sum(n for _, n in advice.spells)
        return t(
            locale,
            "mulligan-coach-gives-up",
            size=size,
            free="yes" if size >= advice.cards else "no",
            count=count,
            spells=_named(state, advice.spells, locale),
            done="yes" if done else "no",
        )
    aside = advice.aside
    if advice.aside_cards:
        given = _named(state, advice.aside_cards, locale)
    elif aside.lands:
        given = t(locale, "mulligan-coach-aside-lands", count=aside.lands)
    else:
        given = t(locale, "mulligan-coach-aside-spells", count=aside.spells)
    return t(
        locale,
        "mulligan-coach-sets-aside",
        size=size,
        given=given,
        drawn=size - (advice.cards - aside.cards),
        done="yes" if done else "no",
    )


def decides_line(advice: LandAdvice, state: PracticeState, locale: object = None) -> str:
    """What decides a rated keep's verdict, in ``locale``'s language: the kept hand
    (its cards and lands, and a Vancouver scry after it), the exact chance of making
    every land drop through turn ``advice.turns`` on the play or the draw as dealt,
    and what a mulligan instead gives up (:func:`mulligan_phrase`)."""
    assert advice.keep is not None
    return t(
        locale,
        "mulligan-coach-decides",
        cards=advice.cards,
        lands=advice.lands,
        then="scry" if advice.scry else "none",
        turns=advice.turns,
        play=play_or_draw(state.options.on_the_play),
        percent=percent(advice.keep, locale),
        mulligan=mulligan_phrase(advice, state, locale),
    )


#: The words of the verdict on a mulligan taken, by :attr:`LandAdvice.comparison`.
MULLIGAN_VERDICTS = {
    "mulligan-better": "mulligan-coach-mulligan-was-better",
    "tie": "mulligan-coach-mulligan-was-tie",
    "keep-better": "mulligan-coach-mulligan-was-worse",
}


def mulligan_note(state: PracticeState, locale: object = None) -> str | None:
    """The coach on ``state``'s last mulligan (:func:`bot.ai.coach.mulligan_advice`),
    shown above the hand it led to, in ``locale``'s language: the hand given up and
    the exact chance of its land drops had it been kept, what the mulligan gave up and
    its own figure, and the verdict on it.  ``None``: no mulligan to judge, the
    BingoMagic deck (all lands: the land-drop figure teaches nothing), or no figure."""
    if is_bingomagic(state.deck):
        return None
    advice = mulligan_advice(state)
    if advice is None or advice.keep is None or advice.instead is None:
        return None
    comparison = advice.comparison
    assert comparison is not None
    then = "bottom" if advice.bottom else "scry" if advice.scry else "none"
    return t(
        locale,
        "mulligan-coach-on-mulligan",
        cards=advice.cards,
        lands=advice.lands,
        then=then,
        bottom=advice.bottom,
        turns=advice.turns,
        play=play_or_draw(state.options.on_the_play),
        keep=percent(advice.keep, locale),
        mulligan=mulligan_phrase(advice, state, locale, done=True),
        instead=percent(advice.instead, locale),
        policy=t(locale, "mulligan-coach-policy"),
        verdict=t(locale, MULLIGAN_VERDICTS[comparison]),
    )


def coach(state: PracticeState, locale: object = None) -> tuple[str, bool | None]:
    """The coach's words on a kept hand (:func:`bot.ai.coach.land_advice`: the chance
    of every land drop through turn 4, against a mulligan instead under the deal's
    rule), in ``locale``'s language (English by default), and whether it agrees with
    keeping (``None``: no opinion)."""
    advice = land_advice(state)
    return land_words(advice, state, locale), advice.agreed


#: Seconds the land-drop coach's words may take before a click is acknowledged first
#: (:meth:`PracticeService.act`; Discord waits 3 s for an interaction's first answer).
WORDS_BUDGET = 1.5


def land_coach_words(
    state: PracticeState, locale: object = None
) -> tuple[str | None, bool | None, str | None]:
    """What the hand shows after a decision, in ``locale``'s language: ``(the coach's
    words on a kept hand, whether it agrees with keeping, the coach on the mulligan
    just taken)``; the words ``None`` until the hand is kept, the note ``None`` but
    while the hand a mulligan led to is weighed (:func:`mulligan_note`).  CPU-bound for
    a moment (exact figures): the service runs it in a thread."""
    if state.is_over:
        text, agreed = coach(state, locale)
        return text, agreed, None
    note = mulligan_note(state, locale) if state.decision() == "declare" else None
    return None, None, note


def next_draws_line(state: PracticeState, locale: object = None) -> str:
    """The kept hand's next three draws, named as members may see them."""
    draws = [card_name(state, k, locale) for k in state.next_draws(3)]
    shown = join_list(locale, draws) if draws else t(locale, "mulligan-next-draws-none")
    return t(locale, "mulligan-next-draws", cards=shown)


def bingo_coach_text(
    state: PracticeState, games: int, locale: object = None
) -> tuple[str, bool | None]:
    """:func:`~._coach.bingo_coach` plus the next draws, in ``locale``'s language
    (CPU-bound: off the loop)."""
    text, agreed = bingo_coach(state, games, locale)
    return f"{text}\n{next_draws_line(state, locale)}", agreed


def early_1994_refusal(locale: object = None) -> str:
    """The refusal of the 1994 rule for a deck of only lands (RULES §2)."""
    return t(locale, "mulligan-1994-refusal")


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
        self.estimate_lock = asyncio.Semaphore(1)

    # -- decks -------------------------------------------------------------------------

    async def resolve_deck(self, user_id: int, key: str, locale: object = None) -> PracticeDeck:
        """A preset key (``constructed``, ``limited``, ``commander``, ``bingomagic``) or
        the name of one of the user's saved decks.  Raises :class:`UserFacingError`
        (in ``locale``'s language)."""
        if key in PRESETS:
            return PRESETS[key]
        saved = await self.db.get_deck(user_id, key)
        if saved is None:
            raise UserFacingError(no_such_deck(key, locale))
        if saved.card_count > limits.DECK_CARDS:  # saved before decks were bounded
            raise UserFacingError(
                t(
                    locale,
                    "mulligan-deck-too-big",
                    name=echo(saved.name, DECK_NAME_SHOWN),
                    count=saved.card_count,
                    max=limits.DECK_CARDS,
                )
            )
        check = await self.classify([name for _, name in saved.cards], lookup=False)
        return PracticeDeck.from_entries(
            saved.name, list(saved.cards), check.lands,
            commander=tuple(saved.commander), unchecked=check.unchecked,
        )  # fmt: skip

    async def classify(self, names: list[str], *, lookup: bool) -> LandCheck:
        """Which of ``names`` are lands (:meth:`bot.decks.scryfall.ScryfallLands.classify`):
        the lands known without Scryfall, the cache, and with ``lookup`` Scryfall itself
        (which may take seconds: answer or defer the interaction first).  Names neither
        known nor cached nor answered are ``unchecked``: they count as non-lands until a
        later lookup (:meth:`recheck`)."""
        if self.bot.scryfall is not None:
            return await self.bot.scryfall.classify(names, lookup=lookup)
        cached = await self.db.cached_card_types(names)  # no Scryfall client: the cache
        lands = frozenset(n for n in names if is_builtin_land(n) or cached.get(n))
        unchecked = tuple(n for n in names if n not in lands and n not in cached)
        return LandCheck(lands, frozenset(names) - lands, unchecked)

    async def recheck(self, deck: PracticeDeck) -> PracticeDeck:
        """``deck`` after looking its unchecked cards up on Scryfall again (Scryfall's
        pacing and lock-out apply, so this may take seconds: after the interaction is
        answered or deferred).  Found cards are cached, so every later use of the saved
        deck counts them right; cards still unreachable stay unchecked."""
        if not deck.unchecked:
            return deck
        check = await self.classify(list(deck.unchecked), lookup=True)
        return deck.rechecked(check.lands, check.unchecked)

    async def save_deck(self, ctx: Reply, name: str, text: str) -> None:
        """Parse a pasted decklist; report bad lines (saving nothing) or save it.  Every
        answer is private, in the reader's language."""
        await ctx.defer()
        locale = await ctx.private()
        shown_name = echo(name, DECK_NAME_SHOWN)
        if not await self.db.has_deck(ctx.user_id, name):
            count = await self.db.deck_count(ctx.user_id)
            if count >= limits.DECKS_PER_MEMBER:
                await ctx.reply_private(deck_too_many(count, locale))
                return
        parsed = parse_decklist(text)
        more = more_lines(locale)
        if parsed.errors:
            head = t(locale, "mulligan-save-bad-lines")
            lines = [
                t(
                    locale,
                    "mulligan-save-bad-line",
                    number=str(e.line_number),
                    line=echo(e.line.strip(), LINE_SHOWN),
                    reason=echo(e.localized(locale), 200),
                )
                for e in parsed.errors[:MAX_ERRORS_SHOWN]
            ]
            left = len(parsed.errors) - len(lines)
            if left > 0:
                lines.append(more(left))
            body = fit_lines(lines, limits.CONTENT - len(head) - 1, more)
            await ctx.reply_private(f"{head}\n{body}")
            return
        entries = [(e.count, e.name) for e in parsed.main]
        total = sum(count for count, _ in entries)
        if total < limits.DECK_MIN_CARDS:
            await ctx.tell("mulligan-save-too-few", count=total, min=limits.DECK_MIN_CARDS)
            return
        commander = [e.name for e in parsed.commander]
        check = await self.classify([name for _, name in entries], lookup=True)
        try:
            await self.db.save_deck(ctx.user_id, name, entries, commander, time.time())
        except DeckLimitError:  # another save took the last place meanwhile
            count = await self.db.deck_count(ctx.user_id)
            await ctx.reply_private(deck_too_many(count, locale))
            return
        deck = PracticeDeck.from_entries(name, entries, check.lands, unchecked=check.unchecked)
        message = t(
            locale,
            "mulligan-saved",
            name=shown_name,
            count=total,
            lands=deck.lands,
            unchecked=deck.unchecked_cards,
        )
        if commander:
            named = fit_lines(
                [echo(c, CARD_NAME_SHOWN) for c in commander],
                400,
                more_lines(locale, "mulligan-more-short"),
            )
            commanders = t(locale, "mulligan-saved-commander", names=named.replace("\n", ", "))
            message += f" {commanders}"
        if deck.unchecked:
            head = t(locale, "mulligan-saved-unchecked")
            room = limits.CONTENT - len(message) - len(head) - 2
            names = fit_lines([echo(c, CARD_NAME_SHOWN) for c in deck.unchecked], room, more)
            message += f"\n{head}\n{names}"
        await ctx.reply_private(message)

    async def deck_list(self, decks: list[SavedDeck], locale: str) -> str:
        """``/mulligan deck list``: one line per saved deck (its size, lands and cards
        still unchecked), in ``locale``, fit to a message. The cards no look-up has
        answered yet are asked about once for all the decks (then cached), so each
        deck's line counts them when Scryfall answers."""
        waiting = {name for saved in decks for _, name in saved.cards}
        await self.classify(sorted(waiting), lookup=True)
        lines = []
        for saved in decks:
            shown = echo(saved.name, DECK_NAME_SHOWN)
            try:
                practice = await self.resolve_deck(saved.user_id, saved.name)
            except UserFacingError:  # a deck saved before decks were bounded
                lines.append(
                    t(locale, "mulligan-deck-line-too-big", name=shown, count=saved.card_count)
                )
                continue
            lines.append(
                t(
                    locale,
                    "mulligan-deck-line",
                    name=shown,
                    count=practice.size,
                    lands=practice.lands,
                    unchecked=practice.unchecked_cards,
                )
            )
        return fit_lines(lines, limits.CONTENT, more_lines(locale))

    # -- sessions ----------------------------------------------------------------------

    async def practice(
        self, ctx: Reply, deck: PracticeDeck, options: PracticeOptions, private: bool
    ) -> None:
        """Deal a hand and send it by DM, or ephemerally when asked or DMs are closed."""
        await ctx.defer()
        deck = await self.recheck(deck)
        await self._deal(ctx, deck, options, private, ctx.guild_id or 0)

    async def _own_deal(self, ctx: Reply, session_id: int) -> tuple[str, PracticeSession] | None:
        """``(the clicker's private language, deal session_id)`` when the deal still
        exists and is the clicker's; else ``None``, the clicker told why, privately (the
        deal expired, or it is someone else's)."""
        locale = await ctx.private()
        record = await self.db.get_practice(session_id)
        if record is None:
            await ctx.reply_private(expired(locale))
            return None
        if record.user_id != ctx.user_id:
            await ctx.tell("mulligan-not-yours")
            return None
        return locale, record

    async def again(self, ctx: Reply, session_id: int) -> None:
        """ "Practice again": a fresh deal with the session's deck and options."""
        owned = await self._own_deal(ctx, session_id)
        if owned is None:
            return
        locale, record = owned
        state = PracticeState.from_json(record.state)
        if not dealable(state.deck, state.options):  # a deal stored before the check
            return await ctx.reply_private(early_1994_refusal(locale))
        message = ctx.interaction.message
        private = message is None or message.flags.ephemeral
        await ctx.defer(thinking=private)
        deck = await self.recheck(state.deck)
        await self._deal(ctx, deck, state.options, private, record.guild_id)

    async def _deal(
        self,
        ctx: Reply,
        deck: PracticeDeck,
        options: PracticeOptions,
        private: bool,
        guild_id: int,
    ) -> None:
        locale = await ctx.private()
        try:
            state, _ = PracticeState.new(self.seed_factory(), deck, options)
        except ValueError as error:  # the 1994 rule with a deck of only lands
            raise UserFacingError(early_1994_refusal(locale)) from error
        session_id = await self.db.create_practice(
            guild_id, ctx.user_id, state.to_json(), state.version, time.time()
        )
        # A fresh deal always asks something.
        embed, view = self._render(session_id, state, None, locale)
        if not private:
            # Through the bot's outbox (paced, DM channel cached).  Asked for by the
            # user, so it is tried even if their DMs were closed before (force): success
            # clears the closed mark, a 403/50007 sets it (the outbox does both).
            outbox = self.bot.outbox
            assert outbox is not None, "the outbox is created in BingoBot.setup_hook"
            sent = await outbox.dm(ctx.user_id, force=True, embed=embed, view=view)
            if sent.ok:
                with contextlib.suppress(discord.HTTPException):
                    if ctx.guild_id is not None:
                        await ctx.tell("mulligan-hand-in-dms")
                return
            if sent.status is SendStatus.DM_CLOSED:
                embed.set_author(name=t(locale, "mulligan-dms-closed"))
            else:
                log.warning("Practice DM to %s failed: %s", ctx.user_id, sent.error)
                embed.set_author(name=t(locale, "mulligan-dm-failed"))
        await ctx.reply_private(embed=embed, view=view)

    async def act(self, ctx: Reply, session_id: int, version: int, actions: list[str]) -> None:
        """Apply one decision (a button, or a select's cards) if it is still current.

        The deal's existence and owner are checked, then the decision is applied through
        :func:`~._decide.decide_practice` (a compare-and-set on the deal's version, so of
        two concurrent clicks, in any processes, exactly one is applied; the other is
        answered privately with :data:`~bot.interactions.NOT_CURRENT`).  A kept
        BingoMagic hand first shows :func:`~._coach.estimating`, then the coach's
        estimate, computed in a thread; any other hand shows the land-drop coach's words
        (:func:`land_coach_words`: on a kept hand, or on the mulligan just taken), also
        computed in a thread.  The hand is redrawn in the clicker's language (it is
        private to them).
        """
        owned = await self._own_deal(ctx, session_id)
        if owned is None:
            return
        locale, record = owned
        result = await decide_practice(self.db, record, version, actions, time.time())
        if result.new is None:
            return await ctx.tell(NOT_CURRENT)
        state = result.new
        if state.is_over and is_bingomagic(state.deck):
            embed, view = self._render(session_id, state, estimating(locale), locale)
            await ctx.edit_message(embed=embed, view=view)
            coach_text: str | None = await self._finish_bingo(
                state, record.guild_id, record.user_id, locale
            )
            embed, view = self._render(session_id, state, coach_text, locale)
            await ctx.edit(embed=embed, view=view)
            return
        # The land-drop coach's exact figures take milliseconds, a few hundred on a busy
        # machine: off the event loop, and past WORDS_BUDGET the click is acknowledged
        # first (Discord waits 3 s for the first answer), the hand edited when ready.
        words = asyncio.ensure_future(asyncio.to_thread(land_coach_words, state, locale))
        done, _ = await asyncio.wait({words}, timeout=WORDS_BUDGET)
        if not done:
            await ctx.defer(thinking=False)
        coach_text, agreed, note = await words
        if state.is_over:
            await self._record(state, record.guild_id, record.user_id, agreed)
        embed, view = self._render(session_id, state, coach_text, locale, note)
        if done:
            await ctx.edit_message(embed=embed, view=view)
        else:
            await ctx.edit(embed=embed, view=view)

    async def delete_expired(self, now: float | None = None) -> int:
        """Delete the deals (finished or abandoned) untouched for
        ``limits.PRACTICE_RETENTION_DAYS`` days before ``now`` (Unix seconds, default
        the clock); return how many.  Their controls then answer :func:`expired`."""
        cutoff = (time.time() if now is None else now) - RETENTION_SECONDS
        deleted = await self.db.delete_practice_before(cutoff)
        if deleted:
            log.info(
                "Deleted %d practice deals older than %d days",
                deleted,
                limits.PRACTICE_RETENTION_DAYS,
            )
        return deleted

    async def _finish_bingo(
        self, state: PracticeState, guild_id: int, user_id: int, locale: str
    ) -> str:
        """A kept BingoMagic hand: estimate its win chance in a thread (one estimate
        at a time), record the stats with the verdict, return the coach's words."""
        async with self.estimate_lock:
            try:
                text, agreed = await asyncio.to_thread(
                    bingo_coach_text, state, self.coach_games, locale
                )
            except Exception:  # noqa: BLE001 - the hand is kept either way; say so
                log.exception("The BingoMagic coach failed for practice seed %s", state.seed)
                text, agreed = t(locale, "mulligan-coach-failed"), None
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
        self,
        session_id: int,
        state: PracticeState,
        coach_text: str | None = None,
        locale: object = None,
        note: str | None = None,
    ) -> tuple[discord.Embed, discord.ui.View]:
        embed = hand_embed(state, coach_text, locale, note=note)
        return embed, practice_view(session_id, state, locale)
