"""What the match service gives the helpers around it: each helper (challenges,
tournaments, the rematch, the screen-reader and tips switches) takes the narrow
protocol of what it uses, which :class:`._matches.MatchService` satisfies, instead of
the service itself; so none of them imports :mod:`._matches`, and each can be read and
tested alone. Also :class:`MatchSetup`, the new match those helpers start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.engine import BingoOptions, BingoState
from bot.engine.events import Event
from bot.matches import MatchRuntime, Scheduler, Timing
from bot.matches.config import MatchConfig
from bot.outbox import Outbox

from ._display import Display

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.storage import Database
    from bot.storage.matches import MatchColumns
    from cogs.reply import Reply

    from ._table import LiveMatch, MatchTable


@dataclass
class MatchSetup:
    """A new match before it is stored: its seed, rules, first state and setup events,
    its display bookkeeping (:class:`._display.Display`, stored as ``ui``), deadline,
    start time, public log and configuration (its languages are set by
    :meth:`MatchService.stamp_languages`)."""

    seed: int
    options: BingoOptions
    state: BingoState
    events: list[Event]
    display: Display
    deadline: float | None
    started_at: float
    #: The public log of the setup events (:mod:`bot.matches.log`).
    log: list[Any] = field(default_factory=list)
    config: MatchConfig = field(default_factory=MatchConfig)

    def stored(self) -> MatchColumns:
        """The keyword arguments of ``Database.accept_challenge`` / ``create_bot_match``
        that describe the match itself."""
        return {
            "seed": self.seed,
            "options": self.options.to_json(),
            "state": self.state.to_json(),
            "decisions": self.state.history,
            "version": self.state.version,
            "started_at": self.started_at,
            "deadline": self.deadline,
            "ui": self.display.to_json(),
            "log": self.log,
            "config": self.config.to_json(),
        }


class Kicks(Protocol):
    """Brings a match's messages up to date (:meth:`._delivery.Delivery.kick`)."""

    def kick(self, match: LiveMatch, *, redraw: bool = False, announce: bool = False) -> None: ...


class LiveMatches(Protocol):
    """The live matches of this process: their runtime, and each by its id."""

    @property
    def runtime(self) -> MatchRuntime[MatchTable]: ...
    @property
    def matches(self) -> Mapping[int, LiveMatch]: ...


class Stores(Protocol):
    """The database, the outbox and the bot's default table rules."""

    @property
    def db(self) -> Database: ...
    @property
    def outbox(self) -> Outbox: ...
    @property
    def options(self) -> BingoOptions: ...


class PanelHost(LiveMatches, Protocol):
    """What the screen-reader and tips switches use (:mod:`._accessible`, :mod:`._tips`):
    the live matches, the delivery to show a change, the answer of a click with its
    panel."""

    @property
    def db(self) -> Database: ...
    @property
    def delivery(self) -> Kicks: ...

    async def answer_with_panel(self, ctx: Reply, match: LiveMatch, player: int) -> None: ...


class Challenging(Protocol):
    """Posts a challenge (:meth:`._challenges.Challenges.challenge`)."""

    async def challenge(
        self, ctx: Reply, opponent: discord.User | discord.Member, options: BingoOptions
    ) -> None: ...


class RematchHost(Stores, Protocol):
    """What "Rematch" uses (:func:`._history.on_rematch`)."""

    @property
    def challenges(self) -> Challenging: ...


class MatchStarter(Stores, Protocol):
    """What starts a match from outside the service: a challenge accepted
    (:mod:`._challenges`), a tournament's table (:mod:`._tournaments`). The order is
    :meth:`setup`, :meth:`stamp_languages`, the store's insert, :meth:`open_thread`,
    :meth:`begin` (see :meth:`._matches.MatchService.play_bot`)."""

    @property
    def bot(self) -> BingoBot: ...
    @property
    def scheduler(self) -> Scheduler: ...

    def owns(self, guild_id: int) -> bool: ...

    def setup(
        self,
        options: BingoOptions,
        names: list[str],
        quick: tuple[bool, bool] = (False, False),
        *,
        timing: Timing | None = None,
    ) -> MatchSetup: ...

    async def quick_counter(self, user_ids: Sequence[int | None]) -> tuple[bool, bool]: ...

    async def timing_for(self, guild_id: int) -> Timing: ...

    async def stamp_languages(
        self,
        setup: MatchSetup,
        guild_id: int,
        user_ids: Sequence[int | None],
        ctx: Reply | None = None,
    ) -> None: ...

    async def open_thread(
        self,
        setup: MatchSetup,
        match_id: int,
        channel_id: int,
        permissions: discord.Permissions,
        *,
        message_id: int | None = None,
    ) -> int | None: ...

    async def begin(
        self,
        setup: MatchSetup,
        match_id: int,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        *,
        level: str | None,
    ) -> LiveMatch: ...


class ChallengeHost(MatchStarter, Protocol):
    """What :class:`._challenges.Challenges` uses: a match's start, and the display
    names of the service."""

    async def display_name(self, ctx: Reply, user_id: int) -> str: ...


class Matchmaking(Protocol):
    """The guild's matchmaking lock (:meth:`._challenges.Challenges.matchmaking`)."""

    def matchmaking(self, guild_id: int) -> AbstractAsyncContextManager[Any]: ...


class TableHost(MatchStarter, LiveMatches, Protocol):
    """What :class:`._tournaments.Tournaments` uses: a table's start (under the guild's
    matchmaking lock), the live matches, the end of a table's match from outside, and
    the wait for results to be posted."""

    @property
    def challenges(self) -> Matchmaking: ...

    async def results_posted(self, match_ids: Sequence[int], *, seconds: float) -> bool: ...
