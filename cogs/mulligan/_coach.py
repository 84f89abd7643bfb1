"""The coach for BingoMagic hands (RULES §4), in words: the chance of winning a match.

With the BingoMagic deck every hand is all lands, so the land-drop figure of the other
decks is always 100 % and teaches nothing.  For that deck the coach estimates instead
the chance of winning a BingoMagic match (RULES §1) with the kept hand, against
mulliganing instead, by seeded simulation (the figures and the verdict are numbers of
:mod:`bot.ai.coach`: :func:`~bot.ai.coach.bingo_advice`), and shows each figure with
its 95 % Wilson interval.

Pure (no discord import, no I/O): the service runs :func:`bingo_coach` off the event
loop.
"""

from __future__ import annotations

from bot.ai.coach import COACH_GAMES, BingoAdvice, WinEstimate, bingo_advice
from bot.engine.practice import PracticeState
from bot.i18n import t

from ._format import percent, play_or_draw

#: What the hand shows while the simulation runs (English; :func:`estimating` for others).
ESTIMATING = t("en", "mulligan-coach-estimating")


def estimating(locale: object = None) -> str:
    """:data:`ESTIMATING` in ``locale``'s language."""
    return t(locale, "mulligan-coach-estimating")


def _shown(e: WinEstimate, locale: object) -> str:
    def pct(x: float) -> str:
        return percent(x, locale, places=1)

    return t(locale, "mulligan-coach-estimate", percent=pct(e.p), low=pct(e.low), high=pct(e.high))


def bingo_words(advice: BingoAdvice, locale: object = None, *, verdict: bool = True) -> str:
    """``advice`` in ``locale``'s language (a Discord locale or catalog code; English by
    default): the keep's figure, then the mulligan's and (unless ``verdict`` is false:
    the caller words the verdict itself) the comparison, or "not rated". The hand's
    next draws are added by the caller."""
    lines = [
        t(
            locale,
            "mulligan-coach-bingo",
            cards=advice.cards,
            play=play_or_draw(advice.on_the_play),
            estimate=_shown(advice.keep, locale),
            games=advice.games,
        )
    ]
    if advice.instead is None or advice.comparison is None:
        lines.append(t(locale, "mulligan-coach-unrated"))
        return "\n".join(lines)
    lines.append(
        t(
            locale,
            "mulligan-coach-bingo-instead",
            size=advice.size,
            estimate=_shown(advice.instead, locale),
            verdict=t(locale, f"mulligan-coach-{advice.comparison}") if verdict else "",
        ).rstrip()
    )
    return "\n".join(lines)


def bingo_coach(
    state: PracticeState, games: int = COACH_GAMES, locale: object = None
) -> tuple[str, bool | None]:
    """The coach's words on a kept BingoMagic hand, in ``locale``'s language, and
    whether it agrees with keeping (``None``: no mulligan was possible, so not rated).
    Runs :func:`~bot.ai.coach.bingo_advice` (CPU-bound; call it off the event loop)."""
    advice = bingo_advice(state, games)
    return bingo_words(advice, locale), advice.agreed
