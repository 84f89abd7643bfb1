"""Timed tournament rounds: a round ends by itself at its time limit, exactly as
``/bingo tournament end-round`` does, and its organizer is warned
``limits.TOURNAMENT_ROUND_WARNING_SECONDS`` before.

The limit is the round's stored ``deadline`` (``tournament_rounds``), and both jobs run on
the bot's one :class:`~bot.matches.Scheduler`, keyed ``("round-end", id)`` and
``("round-warn", id)``: a restart re-arms them from the database (a limit that passed while
the bot was down ends the round at once). The warning is claimed in the database
(``warned_at``), so it is sent once however often the jobs are armed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import discord

from bot import limits
from bot.i18n import t
from bot.ui.text import echo

if TYPE_CHECKING:
    from bot.storage.tournaments import Tournament, TournamentStore
    from bot.tournaments.service import TournamentService

    from ._ports import MatchStarter

log = logging.getLogger(__name__)


class Rounds(Protocol):
    """What the round timer uses of :class:`._tournaments.Tournaments`: the store, the
    rounds' runner, and the match service (its scheduler, outbox and shards)."""

    @property
    def store(self) -> TournamentStore: ...
    @property
    def runner(self) -> TournamentService: ...
    @property
    def service(self) -> MatchStarter: ...


class RoundTimer:
    """The time limits of the running rounds of one process's tournaments."""

    def __init__(self, tournaments: Rounds) -> None:
        self.tournaments = tournaments
        self.scheduler = tournaments.service.scheduler
        self._keys: set[tuple[str, int]] = set()

    async def restore(self) -> None:
        """Arm the limit of every running round (from its stored deadline)."""
        store = self.tournaments.store
        for tournament in await store.open_tournaments():
            if tournament.status not in ("swiss", "cut"):
                continue
            if not self.tournaments.service.owns(tournament.guild_id):
                continue
            await self.rearm(tournament.id)

    async def rearm(self, tournament_id: int) -> bool:
        """Arm the current round's jobs from the database; ``False`` when no round runs."""
        store = self.tournaments.store
        tournament = await store.get(tournament_id)
        if tournament is None or tournament.status not in ("swiss", "cut"):
            return False
        current = next(
            (r for r in await store.rounds(tournament_id) if r.number == tournament.current_round),
            None,
        )
        if current is None or current.ended_at is not None:
            return False
        self.arm(tournament_id, current.number, current.deadline, started=current.started_at)
        return True

    def arm(self, tournament_id: int, number: int, deadline: float, *, started: float) -> None:
        """Arm round ``number``'s end at ``deadline`` and its organizer's warning
        ``TOURNAMENT_ROUND_WARNING_SECONDS`` before (only when the round is longer than
        that). Unix seconds."""
        end_key, warn_key = ("round-end", tournament_id), ("round-warn", tournament_id)

        async def end() -> None:
            await self._end(tournament_id, number)

        async def warn() -> None:
            await self._warn(tournament_id, number, deadline)

        self.scheduler.schedule(end_key, deadline, end)
        self._keys.add(end_key)
        warning = deadline - limits.TOURNAMENT_ROUND_WARNING_SECONDS
        if warning > started:
            self.scheduler.schedule(warn_key, warning, warn)
            self._keys.add(warn_key)
        else:
            self.scheduler.cancel(warn_key)

    def stop(self) -> None:
        for key in self._keys:
            self.scheduler.cancel(key)
        self._keys.clear()

    async def _end(self, tournament_id: int, number: int) -> None:
        """The round's time is up: as ``end-round`` (unfinished tables draw, a table
        waiting for a busy player is that player's loss), then the tournament moves on."""
        tournaments = self.tournaments
        tournament = await tournaments.store.get(tournament_id)
        if tournament is None or tournament.status not in ("swiss", "cut"):
            return
        if tournament.current_round != number:
            return  # ended by hand already (and the next round armed its own)
        ended = await tournaments.runner.end_round(tournament)
        text = _round_text(tournament, "tournament-round-timed-out", number, drawn=ended)
        await tournaments.service.outbox.send(tournament.channel_id, content=text)
        await tournaments.runner.maybe_advance(tournament_id)

    async def _warn(self, tournament_id: int, number: int, deadline: float) -> None:
        """Warn the organizer (by DM; in the tournament's channel when their DMs are
        closed) that round ``number`` ends soon. Sent once (claimed in the database)."""
        tournaments = self.tournaments
        tournament = await tournaments.store.get(tournament_id)
        if tournament is None or tournament.current_round != number:
            return
        if not await tournaments.store.claim_warning(
            tournament_id, number, tournaments.runner.clock()
        ):
            return
        deadline_text = f"<t:{int(deadline)}:R>"
        text = _round_text(tournament, "tournament-round-warning", number, deadline=deadline_text)
        outbox = tournaments.service.outbox
        sent = await outbox.dm(tournament.organizer_id, content=text)
        if not sent.ok:
            organizer = f"<@{tournament.organizer_id}>"
            await outbox.send(
                tournament.channel_id,
                content=f"{organizer} {text}"[: limits.CONTENT],
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(tournament.organizer_id)]
                ),
            )


def _round_text(tournament: Tournament, key: str, number: int, **more: object) -> str:
    """Message ``key`` about round ``number`` of ``tournament``, in the tournament's
    language, with its name (as typed, cut to ``limits.TOURNAMENT_NAME``) and ``more``."""
    name = echo(tournament.name, limits.TOURNAMENT_NAME)
    return t(tournament.language, key, name=name, round=number, **more)
