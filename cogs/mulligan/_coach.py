"""The coach for BingoMagic hands (RULES §4): the chance of winning a match.

With the BingoMagic deck every hand is all lands, so the land-drop figure of the other
decks is always 100 % and teaches nothing.  For that deck the coach estimates instead
the chance of winning a BingoMagic match (RULES §1) with the kept hand, against
mulliganing instead, by seeded simulation with the ``medium`` AI in both seats
(:mod:`bot.ai.coach`), and shows each figure with its 95 % Wilson interval.

The verdict (:func:`keep_agrees`): a keep is *agreed* when its interval is not below
the alternative's, that is when ``keep.high >= mulligan.low``.  Only a keep whose
whole interval lies under the mulligan's is rated a mistake; overlapping intervals
mean the simulation cannot tell them apart, and the player is given the benefit.

Pure (no discord import, no I/O): the service runs :func:`bingo_coach` off the event
loop.  The same deal and kept hand always give the same figures (the simulation is
seeded from the deal's seed, :func:`coach_seed`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.ai.coach import estimate_keep, estimate_mulligan
from bot.engine.cards import COPIES, KINDS, NAMES
from bot.engine.practice import PracticeDeck, PracticeState
from bot.i18n import t

from ._format import percent, play_or_draw

#: Simulated matches per figure (the keep, then the mulligan instead): both together
#: took 0.95 s p50 (1.33 s max) at ~400 matches/s, and 1.45 s p50 (2.19 s max) at ~290
#: matches/s with the 2-core machine loaded about 2.3x (``python -m benchmarks.coach``):
#: within the issue's "about 2 s", for intervals about ±7 points wide.
COACH_GAMES = 200

#: What the hand shows while the simulation runs (English; :func:`estimating` for others).
ESTIMATING = t("en", "mulligan-coach-estimating")


def estimating(locale: object = None) -> str:
    """:data:`ESTIMATING` in ``locale``'s language."""
    return t(locale, "mulligan-coach-estimating")


@dataclass(frozen=True, slots=True)
class WinEstimate:
    """A simulated win rate ``p`` (draws count half) and its 95 % Wilson interval
    ``low``..``high``, all in [0, 1], over ``games`` matches."""

    p: float
    low: float
    high: float
    games: int


def is_bingomagic(deck: PracticeDeck) -> bool:
    """Whether ``deck`` is the BingoMagic library: 12 of each of the five basic lands
    in engine order, 5-card hands (RULES §1.1, §1.2.2), whatever its title."""
    return (
        deck.names == NAMES
        and deck.counts == (COPIES,) * KINDS
        and all(deck.is_land)
        and deck.hand_size == 5
        and not deck.commander
    )


def keep_agrees(keep: WinEstimate, alternative: WinEstimate) -> bool:
    """RULES §4: a keep is agreed unless its interval lies wholly below the
    alternative's, i.e. ``keep.high >= alternative.low``."""
    return keep.high >= alternative.low


def coach_seed(state: PracticeState, branch: str) -> str:
    """The simulation's seed for ``branch`` (``"keep"`` or ``"mulligan"``): the deal's
    seed, the kept hand and the play/draw, so one deal always gives one figure."""
    hand = ",".join(map(str, state.hand))
    return f"bingo-coach:{state.seed}:{hand}:{state.options.on_the_play}:{branch}"


def mulligan_size(state: PracticeState) -> int | None:
    """Cards a mulligan instead would have given: one fewer than the kept hand, or as
    many for a free first mulligan (CR 103.5c); ``None`` when the hand is empty (no
    mulligan is possible)."""
    kept = sum(state.hand)
    if kept == 0:
        return None
    if state.options.free_first and state.mulligans_taken == 0:
        return kept
    return kept - 1


def estimate(
    state: PracticeState, games: int = COACH_GAMES
) -> tuple[WinEstimate, WinEstimate | None]:
    """Win estimates for keeping ``state.hand`` and for a mulligan instead (``None``
    when none is possible), each over ``games`` simulated matches, seeded from the
    deal.  CPU-bound: about ``games / 150`` seconds (two figures, 300-400 matches/s).

    The kept hand is simulated as the opening of a match on the play or the draw as
    the practice says; cards put on the bottom count as unknown (RULES §4).  Raises
    ``ValueError`` for a deck that is not :func:`is_bingomagic`.
    """
    if not is_bingomagic(state.deck):
        raise ValueError("the win-chance coach is for the BingoMagic deck only")
    hand, play = list(state.hand), state.options.on_the_play
    keep = estimate_keep(hand, random.Random(coach_seed(state, "keep")), games, starting=play)
    size = mulligan_size(state)
    if size is None:
        return WinEstimate(*keep, games), None
    instead = estimate_mulligan(
        hand, random.Random(coach_seed(state, "mulligan")), games, starting=play, size=size
    )
    return WinEstimate(*keep, games), WinEstimate(*instead, games)


def _shown(e: WinEstimate, locale: object) -> str:
    def pct(x: float) -> str:
        return percent(x, locale, places=1)

    return t(locale, "mulligan-coach-estimate", percent=pct(e.p), low=pct(e.low), high=pct(e.high))


def bingo_coach(
    state: PracticeState, games: int = COACH_GAMES, locale: object = None
) -> tuple[str, bool | None]:
    """The coach's words on a kept BingoMagic hand, in ``locale``'s language (a
    Discord locale or catalog code; English by default), and whether it agrees with
    keeping (``None``: no mulligan was possible, so not rated).  Runs :func:`estimate`
    (CPU-bound; call it off the event loop).  The hand's next draws are added by the
    caller."""
    keep, instead = estimate(state, games)
    lines = [
        t(
            locale,
            "mulligan-coach-bingo",
            cards=sum(state.hand),
            play=play_or_draw(state.options.on_the_play),
            estimate=_shown(keep, locale),
            games=games,
        )
    ]
    if instead is None:
        lines.append(t(locale, "mulligan-coach-unrated"))
        return "\n".join(lines), None
    agreed = keep_agrees(keep, instead)
    if keep.low > instead.high:
        verdict = t(locale, "mulligan-coach-keep-better")
    elif agreed:
        verdict = t(locale, "mulligan-coach-keep-as-good")
    else:
        verdict = t(locale, "mulligan-coach-mulligan-better")
    lines.append(
        t(
            locale,
            "mulligan-coach-bingo-instead",
            size=mulligan_size(state),
            estimate=_shown(instead, locale),
            verdict=verdict,
        )
    )
    return "\n".join(lines), agreed
