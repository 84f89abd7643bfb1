"""The hand of the day: one seeded opening hand per server per UTC day.

Pure (no discord, no I/O, no global random): the seed of a day, the deck the rotation
picks, the day's opening deal, whether a member's answer agrees with the coach, and the
streak rules.

Days are numbered from the Unix epoch in UTC (day 0 = 1970-01-01): :func:`day_of` turns
Unix seconds into a day number, :func:`day_start` gives its first second.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta

from .mulligan import MulliganRule
from .practice import PRESETS, PracticeDeck, PracticeOptions, PracticeState, dealable

SECONDS_PER_DAY = 86_400
#: The decks the hand of the day rotates through, one a day (``day % 4``): the three
#: Magic presets and the BingoMagic library (keys of :data:`~.practice.PRESETS`).
ROTATION = ("constructed", "limited", "commander", "bingomagic")
#: The rule when the server sets none: London, the current rule (as in practice).
DEFAULT_RULE = MulliganRule.LONDON
#: A member's first decision on the day's hand: the answer that is counted.
DECISIONS = ("keep", "mulligan")
_EPOCH = date(1970, 1, 1)


def day_of(now: float) -> int:
    """The UTC day number of ``now`` (Unix seconds): whole days since 1970-01-01."""
    return int(now // SECONDS_PER_DAY)


def day_start(day: int) -> float:
    """The first second (Unix seconds, UTC midnight) of day number ``day``."""
    return float(day * SECONDS_PER_DAY)


def day_date(day: int) -> date:
    """The calendar date (UTC) of day number ``day``."""
    return _EPOCH + timedelta(days=day)


def seconds_to_next_day(now: float) -> float:
    """Seconds from ``now`` until the next UTC midnight, in ``(0, 86400]``."""
    return day_start(day_of(now) + 1) - now


def daily_seed(guild_id: int, day: int) -> int:
    """The day's seed for a server: a 63-bit integer from SHA-256 of the guild id and
    the ISO date, so the same server and day always give the same hand, on any
    machine and in any process (unlike :func:`hash`)."""
    text = f"bingomagic-daily:{guild_id}:{day_date(day).isoformat()}"
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def rotation_key(day: int) -> str:
    """The preset the rotation picks for day number ``day`` (:data:`ROTATION`)."""
    return ROTATION[day % len(ROTATION)]


def on_the_play(seed: int) -> bool:
    """Whether the day's hand is on the play (versus the draw): a fair coin from ``seed``."""
    return random.Random(f"daily-play:{seed}").random() < 0.5


def day_options(seed: int, deck: PracticeDeck, rule: MulliganRule | None = None) -> PracticeOptions:
    """The day's options: ``rule`` (London when ``None``; London too when the rule
    cannot deal ``deck``, such as 1994 with the BingoMagic library, RULES §2), a free
    first mulligan for a deck with a commander (as practice does), play or draw from
    ``seed``."""
    options = PracticeOptions(
        rule=rule or DEFAULT_RULE,
        free_first=bool(deck.commander),
        on_the_play=on_the_play(seed),
    )
    if not dealable(deck, options):
        options = replace(options, rule=DEFAULT_RULE)
    return options


def day_deck(day: int, chosen: PracticeDeck | None = None) -> PracticeDeck:
    """The day's deck: the server's ``chosen`` deck, else the rotation's preset."""
    return chosen if chosen is not None else PRESETS[rotation_key(day)]


def day_hand(seed: int, deck: PracticeDeck, options: PracticeOptions) -> PracticeState:
    """The day's opening deal before any decision (RULES §2), from ``seed``.

    Raises:
        ValueError: ``options`` cannot deal ``deck`` (see :func:`day_options`).
    """
    state, _ = PracticeState.new(seed, deck, options)
    return state


@dataclass(frozen=True, slots=True)
class Verdict:
    """The coach on the day's opening hand: whether keeping it is sound (``keep_ok``)
    and whether a mulligan is (``mulligan_ok``); ``None`` for both when the coach has
    no opinion (a rule other than London for a Magic deck, or no mulligan possible).

    A decision is sound unless its figure lies below the other's: exact figures for
    Magic decks (land drops, both sound on a tie), simulated figures for BingoMagic
    (sound unless the 95 % interval of the difference lies wholly below 0, RULES §4).
    """

    keep_ok: bool | None
    mulligan_ok: bool | None

    @property
    def rated(self) -> bool:
        return self.keep_ok is not None and self.mulligan_ok is not None

    @property
    def advice(self) -> str | None:
        """``"keep"``, ``"mulligan"``, ``"either"`` or ``None`` (no opinion)."""
        if not self.rated:
            return None
        if self.keep_ok and self.mulligan_ok:
            return "either"
        return "keep" if self.keep_ok else "mulligan"

    def agrees(self, decision: str) -> bool | None:
        """Whether ``decision`` (``"keep"`` or ``"mulligan"``) agrees with the coach;
        ``None`` when the day is not rated.  Raises ``ValueError`` for another word."""
        if decision not in DECISIONS:
            raise ValueError(f"not a daily decision: {decision!r}")
        if not self.rated:
            return None
        return bool(self.keep_ok if decision == "keep" else self.mulligan_ok)


UNRATED = Verdict(None, None)


@dataclass(frozen=True, slots=True)
class Streak:
    """A member's streaks in one server, in days.

    ``answered``: days answered in a row ending on ``last_day``; ``agreed``: answers in a
    row that agreed with the coach, ending on ``last_day``.  ``*_best``: the longest
    ever.  A missed day breaks both; an answer the coach did not rate (no opinion)
    keeps the agreement streak as it was, neither longer nor broken.
    """

    last_day: int
    answered: int = 0
    answered_best: int = 0
    agreed: int = 0
    agreed_best: int = 0

    @classmethod
    def first(cls, day: int, agreed: bool | None) -> Streak:
        """The streak of a member whose first answer is on ``day``."""
        return cls(day - 2).after(day, agreed)

    def after(self, day: int, agreed: bool | None) -> Streak:
        """The streak once the member answers day ``day`` (after :attr:`last_day`);
        ``agreed`` is :meth:`Verdict.agrees` of their decision.

        Raises:
            ValueError: ``day`` is not after :attr:`last_day` (one answer per day).
        """
        if day <= self.last_day:
            raise ValueError(f"day {day} is not after the last answered day {self.last_day}")
        consecutive = day == self.last_day + 1
        answered = self.answered + 1 if consecutive else 1
        previous = self.agreed if consecutive else 0
        if agreed is None:
            agreed_run = previous
        else:
            agreed_run = previous + 1 if agreed else 0
        return Streak(
            last_day=day,
            answered=answered,
            answered_best=max(self.answered_best, answered),
            agreed=agreed_run,
            agreed_best=max(self.agreed_best, agreed_run),
        )

    def current(self, today: int) -> tuple[int, int]:
        """``(answered, agreed)`` as of day ``today``: the streaks still run when the
        last answer was today or yesterday (today's may still come); otherwise 0."""
        if today - self.last_day > 1:
            return 0, 0
        return self.answered, self.agreed


def utc_date_text(day: int) -> str:
    """``"2026-11-23"``: the ISO date of day ``day`` (shown in titles)."""
    return day_date(day).isoformat()


def now_utc(now: float) -> datetime:
    """``now`` (Unix seconds) as an aware UTC datetime."""
    return datetime.fromtimestamp(now, UTC)
