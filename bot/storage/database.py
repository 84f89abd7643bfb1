"""SQLite persistence for challenges, matches, per-server player statistics, saved
decks, the card-type cache and mulligan practice statistics.

One :class:`Database` owns one aiosqlite connection (the bot's single writer).
Every method is a coroutine; statements run one at a time under an
:class:`asyncio.Lock`, so a multi-statement transaction is never interleaved with
another coroutine's statements. Statements outside an explicit transaction are
committed as soon as they run (autocommit), so each write is durable when the
method returns.

JSON columns (match ``options``, ``decisions``, ``state``, ``ui``) are encoded and
decoded here; callers only see Python dicts and lists. Times are Unix timestamps in
seconds (``float``); Discord ids are ``int`` snowflakes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, get_args

import aiosqlite

from bot import limits, ratings
from bot.engine import MulliganRule
from bot.storage import sql

log = logging.getLogger(__name__)

ChallengeStatus = Literal["pending", "accepted", "declined", "expired", "cancelled"]
MatchStatus = Literal["active", "finished"]
MatchResult = Literal["win", "draw"]
#: The bot's levels (issue 7 §2), as stored in ``matches.ai_level`` and ``bot_records``.
AiLevel = Literal["easy", "medium", "hard"]
#: How a match ends for :meth:`Database.finish_match_cas` (``"no_result"``: stopped from
#: outside, stored as a NULL result).
Outcome = Literal["win", "draw", "no_result"]

_CLOSED_CHALLENGE_STATUSES = frozenset(get_args(ChallengeStatus)) - {"pending"}


class DatabaseError(Exception):
    """The database cannot be used; ``str(error)`` is one human-readable sentence."""


class ChallengeLimitError(Exception):
    """A new challenge would exceed a bound on pending challenges (nothing was stored).

    ``kind``: ``"pair"`` (the two members already have a pending challenge, either way
    round: ``bot.limits.CHALLENGES_PER_PAIR``) or ``"challenger"`` (the challenger has
    ``bot.limits.CHALLENGES_PER_CHALLENGER`` pending in the guild). ``limit``: the bound.
    """

    def __init__(self, kind: Literal["pair", "challenger"], limit: int) -> None:
        super().__init__(f"pending challenge limit ({kind}: {limit}) reached")
        self.kind = kind
        self.limit = limit


@dataclass(frozen=True, slots=True)
class Challenge:
    """A row of ``challenges``: one player inviting another to a match."""

    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int
    message_id: int | None
    status: ChallengeStatus
    created_at: float
    expires_at: float
    match_id: int | None
    options: dict[str, Any]

    def involves(self, user_id: int) -> bool:
        """Whether ``user_id`` is the challenger or the opponent."""
        return user_id in (self.challenger_id, self.opponent_id)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A row of ``matches`` with its JSON columns decoded.

    ``player_ids`` is ``(player0_id, player1_id)``. ``options``, ``state`` and ``ui``
    are dicts, ``decisions`` a list, exactly as given to :meth:`Database.create_match`
    / :meth:`Database.save_match`. ``result``/``winner_id``/``loser_id``/``reason``/
    ``turns``/``ended_at`` are ``None`` while the match is active.

    A finished match with ``result`` ``None`` counted for nobody: ``reason``
    ``"no_result"`` (stopped from outside: its channel was deleted or became
    unwritable) or ``"broken"`` (its row could not be loaded; set aside by
    :meth:`Database.set_match_broken`).
    """

    id: int
    guild_id: int
    channel_id: int
    player_ids: tuple[int, int]
    seed: int
    options: dict[str, Any]
    decisions: list[Any]
    state: dict[str, Any]
    version: int
    status: MatchStatus
    ui: dict[str, Any]
    deadline: float | None
    board_message_id: int | None
    started_at: float
    ended_at: float | None
    result: MatchResult | None
    winner_id: int | None
    loser_id: int | None
    reason: str | None
    turns: int | None
    #: The seat (0 or 1) the bot plays and its level; both ``None`` between two members.
    ai_seat: int | None = None
    ai_level: AiLevel | None = None

    @property
    def active(self) -> bool:
        """Whether the match is still being played."""
        return self.status == "active"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one guild.

    ``played = wins + losses + draws``; ``win_rate`` is ``100 * wins / played`` (a
    percentage in 0-100, 0.0 when nothing was played); ``rank`` is the 1-based
    position on the guild leaderboard (wins desc, win rate desc, draws desc,
    user id asc).
    """

    guild_id: int
    user_id: int
    wins: int
    losses: int
    draws: int
    played: int
    win_rate: float
    rank: int


@dataclass(frozen=True, slots=True)
class BotRecord:
    """A member's record against the bot at one level, in one guild (``bot_records``).

    ``wins``/``losses``/``draws`` are the member's; ``played`` their sum. Matches against
    the bot never count in :class:`PlayerStats` (issue 7: the leaderboard ranks matches
    between members only).
    """

    guild_id: int
    user_id: int
    level: AiLevel
    wins: int
    losses: int
    draws: int

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


MAX_DECK_NAME_LENGTH = 100
"""The longest deck name :meth:`Database.save_deck` accepts (Discord's limit for an
autocomplete choice name)."""


class DeckLimitError(ValueError):
    """:meth:`Database.save_deck` refused a new deck: the user already has
    ``bot.limits.DECKS_PER_MEMBER`` saved decks (replacing one is still allowed)."""


@dataclass(frozen=True, slots=True)
class SavedDeck:
    """A row of ``decks``: one of a user's saved decks (usable in every server).

    ``cards`` is the main deck as ``(count, name)`` pairs in the order saved;
    ``commander`` the commander names (empty for non-Commander decks). Times are
    Unix seconds; ``created_at`` is kept when the deck is saved again.
    """

    user_id: int
    name: str
    cards: tuple[tuple[int, str], ...]
    commander: tuple[str, ...]
    created_at: float
    updated_at: float

    @property
    def card_count(self) -> int:
        """Number of cards in the main deck (sum of counts; commanders excluded)."""
        return sum(count for count, _ in self.cards)


@dataclass(frozen=True, slots=True)
class PracticeSession:
    """A row of ``practice_sessions``: one practice deal and its engine state (JSON)."""

    id: int
    guild_id: int
    user_id: int
    state: dict[str, Any]
    version: int


@dataclass(frozen=True, slots=True)
class PracticeStats:
    """A user's mulligan practice record in one guild.

    ``hands_seen`` counts every dealt hand (``mulligans + keeps`` over all finished
    practice sequences); ``keeps`` the finished sequences; ``rated`` the keeps the
    coach had an opinion on and ``agreed`` those where it agreed with the keep.
    ``agreement_rate`` is ``100 * agreed / rated`` (a percentage in 0-100, 0.0 when
    ``rated`` is 0). ``kept_sizes`` maps a kept hand size (cards) to how often a hand
    of that size was kept, sorted by size. ``rank`` is the 1-based leaderboard
    position among users with at least ``min_hands`` hands seen, or None if the user
    has fewer.
    """

    guild_id: int
    user_id: int
    hands_seen: int
    mulligans: int
    keeps: int
    rated: int
    agreed: int
    agreement_rate: float
    kept_sizes: dict[int, int]
    rank: int | None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's settings (``guild_settings``; issue 8 §4). A server that never changed
    anything gets ``GuildSettings(guild_id)``: every default.

    ``mulligan_rule``: a :class:`bot.engine.MulliganRule` value (``"vancouver"``...), or
    None for the engine's default (Vancouver). ``free_first``/``sequential``: the RULES §2
    mulligan options; ``forest_either_pile``: the RULES §1.4 house rule. Timers in seconds,
    None meaning the bot's configuration (``Settings.turn_seconds``...); a set timer lies
    within its ``bot.limits`` bounds (``TURN_SECONDS``, ``COUNTER_SECONDS``,
    ``CHOICE_SECONDS``, ``CHALLENGE_SECONDS``). ``language``: a catalog code (``"en"``,
    ``"it"``) for public messages, None for the guild's preferred locale. ``channels``:
    ids of the channels where matches may be started, sorted; empty means every channel.
    ``updated_at``: Unix seconds of the last change (None: never changed).
    """

    guild_id: int
    mulligan_rule: str | None = None
    free_first: bool = False
    sequential: bool = False
    forest_either_pile: bool = False
    turn_seconds: float | None = None
    counter_seconds: float | None = None
    choice_seconds: float | None = None
    challenge_seconds: float | None = None
    language: str | None = None
    channels: tuple[int, ...] = ()
    updated_at: float | None = None

    def allows_channel(self, channel_id: int) -> bool:
        """Whether a match may be started in ``channel_id`` (no list: everywhere)."""
        return not self.channels or channel_id in self.channels


#: The :class:`GuildSettings` fields :meth:`Database.set_guild_settings` may change.
GUILD_SETTING_FIELDS = frozenset(
    (
        "mulligan_rule",
        "free_first",
        "sequential",
        "forest_either_pile",
        "turn_seconds",
        "counter_seconds",
        "choice_seconds",
        "challenge_seconds",
        "language",
        "channels",
    )
)

_TIMER_BOUNDS = {
    "turn_seconds": limits.TURN_SECONDS,
    "counter_seconds": limits.COUNTER_SECONDS,
    "choice_seconds": limits.CHOICE_SECONDS,
    "challenge_seconds": limits.CHALLENGE_SECONDS,
}

#: The longest language code stored (BCP 47 codes such as ``"pt-BR"`` fit).
MAX_LANGUAGE_CODE = 16


@dataclass(frozen=True, slots=True)
class UserPrefs:
    """A member's own choices, the same in every server (``user_prefs``; issue 8).

    ``language``: a catalog code (``"en"``, ``"it"``) overriding their Discord client's
    locale for private text, or None (follow ``interaction.locale``). ``tips``: show
    first-match tips (default on). ``quick_counter``: quick counter windows (default off).
    """

    user_id: int
    language: str | None = None
    tips: bool = True
    quick_counter: bool = False


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's openskill rating in one server (``ratings``; see :mod:`bot.ratings`).

    ``ordinal`` = ``mu - 3 sigma`` is what is shown and ranked. ``matches``: rated matches
    played. ``last_delta``: how ``ordinal`` changed in the last rated match
    (``last_match_id``). ``rank``: 1-based position in the server's rating leaderboard
    (ordinal desc, mu desc, user id asc), or None when not asked for.
    """

    guild_id: int
    user_id: int
    mu: float
    sigma: float
    matches: int
    last_delta: float | None
    last_match_id: int | None
    updated_at: float | None
    rank: int | None = None

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


class Database:
    """The bot's SQLite database. Create with ``await Database.open(path)``."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        """Wrap an open, migrated connection; use :meth:`open` instead."""
        self._conn = connection
        self._path = path
        self._lock = asyncio.Lock()

    # --- lifecycle ------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, busy_timeout: float = 5.0) -> Database:
        """Open (creating if needed) the database file at ``path`` and migrate it.

        Creates the parent directory, enables WAL journaling (synchronous=NORMAL)
        and foreign keys, sets
        the busy timeout (``busy_timeout`` seconds; 5.0 gives ``PRAGMA
        busy_timeout=5000``), then applies pending :data:`sql.MIGRATIONS` in one
        ``BEGIN IMMEDIATE`` transaction keyed on ``PRAGMA user_version``.

        Raises:
            DatabaseError: "cannot open database at PATH: reason" when the directory
                cannot be created, the file cannot be opened or written (read-only,
                locked by another process for longer than ``busy_timeout``, not a
                database), or its schema is newer than this code knows.
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            blocker = next((p for p in reversed(path.parents) if p.is_file()), None)
            if blocker is not None:
                reason = f"{blocker} is a file, not a directory"
            else:
                reason = f"cannot create directory {path.parent}: {exc.strerror or exc}"
            raise DatabaseError(f"cannot open database at {path}: {reason}") from exc
        pending = aiosqlite.connect(path, timeout=busy_timeout, isolation_level=None)
        try:
            conn = await pending
        except sqlite3.Error as exc:
            await _join_worker(pending)
            raise DatabaseError(_describe_failure(path, exc)) from exc
        conn.row_factory = sqlite3.Row
        db = cls(conn, path)
        try:
            await db._prepare()
        except sqlite3.Error as exc:
            await conn.close()
            raise DatabaseError(_describe_failure(path, exc)) from exc
        except BaseException:
            await conn.close()
            raise
        return db

    @property
    def path(self) -> Path:
        """The database file's path as given to :meth:`open`."""
        return self._path

    async def close(self) -> None:
        """Close the connection; the object must not be used afterwards."""
        await self._conn.close()

    async def schema_version(self) -> int:
        """The schema version (``PRAGMA user_version``); ``len(sql.MIGRATIONS)`` once open."""
        row = await self._fetchone(sql.PRAGMA_USER_VERSION)
        assert row is not None
        return int(row[0])

    async def _prepare(self) -> None:
        """Set connection pragmas and apply pending migrations."""
        row = await self._fetchone(sql.PRAGMA_JOURNAL_MODE_WAL)
        mode = str(row[0]).lower() if row is not None else "unknown"
        if mode != "wal":
            log.warning("SQLite refused WAL journaling for %s (journal mode %s)", self._path, mode)
        await self._conn.execute(sql.PRAGMA_FOREIGN_KEYS_ON)
        await self._conn.execute(sql.PRAGMA_SYNCHRONOUS_NORMAL)
        async with self._transaction():
            row = await self._conn_fetchone(sql.PRAGMA_USER_VERSION)
            current = int(row[0]) if row is not None else 0
            latest = len(sql.MIGRATIONS)
            if current > latest:
                raise DatabaseError(
                    f"cannot open database at {self._path}: its schema version {current} is "
                    f"newer than this bot supports ({latest})"
                )
            for index in range(current, latest):
                for statement in _split_statements(sql.MIGRATIONS[index]):
                    await self._conn.execute(statement)
            if current < latest:
                log.info("Migrated database %s from version %s to %s", self._path, current, latest)

    # --- challenges -----------------------------------------------------------

    async def create_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        created_at: float,
        expires_at: float,
        options: dict[str, Any] | None = None,
        *,
        per_pair: int | None = None,
        per_challenger: int | None = None,
    ) -> int:
        """Insert a ``pending`` challenge and return its id.

        ``options`` (JSON-ready) are the match options the challenger asked for.
        ``per_pair`` / ``per_challenger`` (``None``: unbounded) bound the challenges still
        pending and in time (``expires_at`` after ``created_at``) in ``guild_id``: between
        the two members either way round, and sent by the challenger. The count and the
        insert are one transaction, so simultaneous challenges cannot both slip under.

        Raises:
            ChallengeLimitError: a bound is reached (``kind`` ``"pair"`` is checked first).
        """
        encoded = _encode(options or {})
        async with self._transaction():
            if per_pair is not None:
                row = await self._conn_fetchone(
                    sql.COUNT_PENDING_CHALLENGES_OF_PAIR,
                    (guild_id, created_at, challenger_id, opponent_id, opponent_id, challenger_id),
                )
                if row is not None and row[0] >= per_pair:
                    raise ChallengeLimitError("pair", per_pair)
            if per_challenger is not None:
                row = await self._conn_fetchone(
                    sql.COUNT_PENDING_CHALLENGES_BY, (guild_id, created_at, challenger_id)
                )
                if row is not None and row[0] >= per_challenger:
                    raise ChallengeLimitError("challenger", per_challenger)
            cursor = await self._conn.execute(
                sql.INSERT_CHALLENGE,
                (guild_id, channel_id, challenger_id, opponent_id, created_at, expires_at, encoded),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the id of the public message showing the challenge."""
        await self._write(sql.UPDATE_CHALLENGE_MESSAGE, (message_id, challenge_id))

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        """The challenge with this id, or None."""
        row = await self._fetchone(sql.SELECT_CHALLENGE, (challenge_id,))
        return _challenge(row) if row is not None else None

    async def close_challenge(
        self, challenge_id: int, status: ChallengeStatus, match_id: int | None = None
    ) -> bool:
        """Move a pending challenge to ``status`` (and link ``match_id``), atomically.

        Returns True only if this call changed it; False when it was no longer
        pending (already accepted/declined/expired/cancelled) or does not exist.

        Raises:
            ValueError: ``status`` is not one of accepted/declined/expired/cancelled.
        """
        if status not in _CLOSED_CHALLENGE_STATUSES:
            raise ValueError(f"cannot close a challenge with status {status!r}")
        return await self._write(sql.CLOSE_PENDING_CHALLENGE, (status, match_id, challenge_id)) > 0

    async def pending_challenges(self) -> list[Challenge]:
        """All pending challenges of every guild, oldest first."""
        rows = await self._fetchall(sql.SELECT_PENDING_CHALLENGES)
        return [_challenge(row) for row in rows]

    async def pending_challenges_of(self, guild_id: int, user_id: int) -> list[Challenge]:
        """Pending challenges in ``guild_id`` where the user is challenger or opponent."""
        rows = await self._fetchall(sql.SELECT_PENDING_CHALLENGES_OF, (guild_id, user_id, user_id))
        return [_challenge(row) for row in rows]

    async def accept_challenge(
        self,
        challenge_id: int,
        *,
        player_ids: tuple[int, int],
        seed: int,
        options: dict[str, Any],
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        started_at: float,
        deadline: float | None,
        ui: dict[str, Any],
    ) -> int | None:
        """Atomically accept a pending challenge and create its match.

        In one transaction: if the challenge is still pending, insert an active
        match in the challenge's guild/channel and mark the challenge ``accepted``
        with that ``match_id``. ``player_ids`` is the seat order and must be the
        challenger and the opponent in either order.

        Returns:
            The new match id, or None (nothing changed) if the challenge was not
            pending or does not exist.

        Raises:
            ValueError: ``player_ids`` are not the challenge's two players.
        """
        encoded = (_encode(options), _encode(decisions), _encode(state), _encode(ui))
        async with self._transaction():
            row = await self._conn_fetchone(sql.SELECT_CHALLENGE, (challenge_id,))
            if row is None or row["status"] != "pending":
                return None
            if sorted(player_ids) != sorted((row["challenger_id"], row["opponent_id"])):
                raise ValueError(
                    f"player_ids {player_ids} are not the players of challenge {challenge_id}"
                )
            cursor = await self._conn.execute(
                sql.INSERT_MATCH,
                (row["guild_id"], row["channel_id"], player_ids[0], player_ids[1], seed)
                + encoded[:3]
                + (version, encoded[3], deadline, started_at),
            )
            match_id = cursor.lastrowid
            await self._conn.execute(
                sql.CLOSE_PENDING_CHALLENGE, ("accepted", match_id, challenge_id)
            )
        return match_id

    # --- matches --------------------------------------------------------------

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        seed: int,
        options: dict[str, Any],
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        started_at: float,
        deadline: float | None,
        ui: dict[str, Any],
    ) -> int:
        """Insert an ``active`` match and return its id.

        Raises:
            ValueError: ``player_ids`` is not two different users.
            TypeError/ValueError: a JSON value cannot be encoded (e.g. NaN, sets).
        """
        if len(player_ids) != 2 or player_ids[0] == player_ids[1]:
            raise ValueError(f"a match needs two different players, got {player_ids}")
        params = (
            guild_id,
            channel_id,
            player_ids[0],
            player_ids[1],
            seed,
            _encode(options),
            _encode(decisions),
            _encode(state),
            version,
            _encode(ui),
            deadline,
            started_at,
        )
        async with self._lock:
            cursor = await self._conn.execute(sql.INSERT_MATCH, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def save_match(
        self,
        match_id: int,
        *,
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        deadline: float | None,
        ui: dict[str, Any],
    ) -> bool:
        """Store a match's new state with one UPDATE, committed before returning.

        Only active matches are updated. Returns True if the match was updated,
        False if it is finished or does not exist (nothing changed).
        """
        params = (_encode(state), _encode(decisions), version, deadline, _encode(ui), match_id)
        return await self._write(sql.UPDATE_ACTIVE_MATCH, params) > 0

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        """Remember the id of the match's public board message."""
        await self._write(sql.UPDATE_MATCH_BOARD_MESSAGE, (message_id, match_id))

    async def save_ui(self, match_id: int, ui: dict[str, Any]) -> None:
        """Replace the match's ``ui`` JSON (message ids etc.), active or finished."""
        await self._write(sql.UPDATE_MATCH_UI, (_encode(ui), match_id))

    async def finish_match(
        self,
        match_id: int,
        *,
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        ui: dict[str, Any],
        result: MatchResult | None,
        winner_id: int | None,
        loser_id: int | None,
        reason: str,
        turns: int,
        ended_at: float,
    ) -> bool:
        """Finish an active match and record the result in player stats, atomically.

        In one transaction: mark the match finished (clearing its deadline) and
        upsert ``players``: for ``"win"`` the winner gets +1 win and the loser +1
        loss; for ``"draw"`` both players get +1 draw; ``None`` (no result: the match
        was stopped from outside, ``reason`` says why) counts for nobody.

        Returns:
            True if this call finished the match; False, changing nothing, if it
            was already finished or does not exist.

        Raises:
            ValueError: ``result`` is unknown; for ``"win"`` winner/loser are not the
                match's two players; for ``"draw"`` or ``None`` a winner or loser is given.
        """
        if result == "win":
            if winner_id is None or loser_id is None or winner_id == loser_id:
                raise ValueError("a win needs a winner_id and a different loser_id")
        elif result == "draw" or result is None:
            if winner_id is not None or loser_id is not None:
                raise ValueError(f"{'a draw' if result else 'no result'} has no winner or loser")
        else:
            raise ValueError(f"unknown match result {result!r}")
        encoded = (_encode(state), _encode(decisions), version, _encode(ui))
        async with self._transaction():
            row = await self._conn_fetchone(sql.SELECT_MATCH_PLAYERS, (match_id,))
            if row is None or row["status"] != "active":
                return False
            guild_id = row["guild_id"]
            players = (row["player0_id"], row["player1_id"])
            if result == "win" and sorted((winner_id, loser_id)) != sorted(players):
                raise ValueError(f"winner {winner_id} and loser {loser_id} are not {players}")
            cursor = await self._conn.execute(
                sql.FINISH_ACTIVE_MATCH,
                encoded + (result, winner_id, loser_id, reason, turns, ended_at, match_id),
            )
            if cursor.rowcount != 1:
                return False
            if result == "win":
                deltas = [(winner_id, 1, 0, 0), (loser_id, 0, 1, 0)]
            elif result == "draw":
                deltas = [(player, 0, 0, 1) for player in players]
            else:
                deltas = []
            for user_id, wins, losses, draws in deltas:
                await self._conn.execute(
                    sql.UPSERT_PLAYER_RESULT, (guild_id, user_id, wins, losses, draws)
                )
        return True

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match with this id, or None."""
        row = await self._fetchone(sql.SELECT_MATCH, (match_id,))
        return _match(row) if row is not None else None

    async def active_matches(self) -> list[MatchRecord]:
        """All active matches of every guild, oldest first (to resume after restart).

        A row whose JSON columns cannot be decoded is logged (ERROR, with its id) and set
        aside with :meth:`set_match_broken` instead of failing the whole list.
        """
        records = []
        for row in await self._fetchall(sql.SELECT_ACTIVE_MATCHES):
            try:
                records.append(_match(row))
            except (ValueError, TypeError) as error:  # json.JSONDecodeError is a ValueError
                log.error("Match %s cannot be read (%s); setting it aside", row["id"], error)
                await self.set_match_broken(row["id"], ended_at=time.time())
        return records

    async def set_match_broken(self, match_id: int, *, ended_at: float) -> bool:
        """Set aside an active match that cannot be loaded: it stops being active (its
        players are free to play again), counts for nobody (no result, ``reason``
        ``"broken"``), is never announced nor listed in recent matches, and keeps its
        stored columns for inspection. ``ended_at``: Unix seconds.

        Returns True if this call set it aside; False if it was not active or does not
        exist.
        """
        return await self._write(sql.SET_ACTIVE_MATCH_BROKEN, (ended_at, match_id)) > 0

    async def unannounced_matches(self) -> list[MatchRecord]:
        """Finished matches not yet marked announced (:meth:`set_match_announced`): the
        process stopped between committing the result and posting it."""
        records = []
        for row in await self._fetchall(sql.SELECT_UNANNOUNCED_MATCHES):
            try:
                records.append(_match(row))
            except (ValueError, TypeError) as error:
                log.error("Match %s cannot be read (%s); not announcing it", row["id"], error)
                await self.set_match_announced(row["id"])
        return records

    async def set_match_announced(self, match_id: int) -> None:
        """Mark a finished match's result as posted (or as never to be posted: its
        channel is gone), so no later start announces it again."""
        await self._write(sql.SET_MATCH_ANNOUNCED, (match_id,))

    async def active_match_of(self, guild_id: int, user_id: int) -> MatchRecord | None:
        """The user's active match in ``guild_id`` (the oldest if several), or None."""
        row = await self._fetchone(sql.SELECT_ACTIVE_MATCH_OF, (guild_id, user_id, user_id))
        return _match(row) if row is not None else None

    async def recent_matches(
        self, guild_id: int, user_id: int, limit: int = 5
    ) -> list[MatchRecord]:
        """The user's finished matches in ``guild_id``, newest (by ``ended_at``) first."""
        rows = await self._fetchall(sql.SELECT_RECENT_MATCHES, (guild_id, user_id, user_id, limit))
        return [_match(row) for row in rows]

    # --- players --------------------------------------------------------------

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """The user's stats and leaderboard rank in ``guild_id``; None if they never
        finished a match there."""
        row = await self._fetchone(sql.SELECT_PLAYER_STATS, (guild_id, user_id))
        return _stats(row) if row is not None else None

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """The top ``limit`` players of ``guild_id`` in rank order (see PlayerStats)."""
        rows = await self._fetchall(sql.SELECT_LEADERBOARD, (guild_id, limit))
        return [_stats(row) for row in rows]

    # --- matches: compare-and-set, and matches against the bot ----------------

    async def create_bot_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        ai_seat: int,
        ai_level: AiLevel,
        seed: int,
        options: dict[str, Any],
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        started_at: float,
        deadline: float | None,
        ui: dict[str, Any],
    ) -> int | None:
        """Insert an ``active`` match between a member and the bot (seat ``ai_seat``,
        playing at ``ai_level``), unless the member already plays an active match in
        ``guild_id``: the check and the insert are one transaction, so a double
        ``/bingo challenge opponent:@bot`` starts one match. The bot's own seat is not
        checked (it plays any number of matches at once).

        Returns:
            The new match id, or None (nothing stored) if the member is busy.

        Raises:
            ValueError: ``player_ids`` is not two different users, ``ai_seat`` is not 0
                or 1, or ``ai_level`` is not easy/medium/hard.
        """
        if len(player_ids) != 2 or player_ids[0] == player_ids[1]:
            raise ValueError(f"a match needs two different players, got {player_ids}")
        if ai_seat not in (0, 1):
            raise ValueError(f"ai_seat must be 0 or 1, got {ai_seat!r}")
        if ai_level not in get_args(AiLevel):
            raise ValueError(f"unknown AI level {ai_level!r}")
        member = player_ids[1 - ai_seat]
        params = (
            guild_id,
            channel_id,
            player_ids[0],
            player_ids[1],
            seed,
            _encode(options),
            _encode(decisions),
            _encode(state),
            version,
            _encode(ui),
            deadline,
            started_at,
            ai_seat,
            ai_level,
        )
        async with self._transaction():
            busy = await self._conn_fetchone(
                sql.SELECT_ACTIVE_MATCH_ID_OF, (guild_id, member, member)
            )
            if busy is not None:
                return None
            cursor = await self._conn.execute(sql.INSERT_BOT_MATCH, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def save_match_cas(
        self,
        match_id: int,
        expected_version: int,
        *,
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        deadline: float | None,
        ui: dict[str, Any] | None = None,
    ) -> bool:
        """Compare-and-set: store a match's new ``state`` (at ``version``), ``decisions``
        and ``deadline`` (Unix seconds or None) only if it is active and still at
        ``expected_version``. ``ui``: the new ``ui`` JSON, or None to keep the stored one.
        One UPDATE, committed before returning.

        Returns:
            True if this call stored it; False (nothing changed) if the match moved on,
            is finished or does not exist.
        """
        params = (
            _encode(state),
            _encode(decisions),
            version,
            deadline,
            None if ui is None else _encode(ui),
            match_id,
            expected_version,
        )
        return await self._write(sql.SAVE_ACTIVE_MATCH_IF_VERSION, params) > 0

    async def finish_match_cas(
        self,
        match_id: int,
        expected_version: int,
        *,
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        outcome: Outcome,
        winner_id: int | None,
        loser_id: int | None,
        reason: str,
        turns: int,
        ended_at: float,
        ui: dict[str, Any] | None = None,
    ) -> bool:
        """Compare-and-set: finish a match that is active and still at
        ``expected_version``, and record its result, in one transaction.

        The match becomes ``finished`` (deadline cleared) with ``result`` ``"win"`` or
        ``"draw"``, or NULL for ``"no_result"`` (stopped from outside; ``reason`` says
        why, e.g. ``"no_result"``). Stats (RULES §1.8 results; issue 7 for the bot):

        - between two members: ``players`` gets +1 win / +1 loss, or +1 draw each;
        - against the bot (the match has an ``ai_level``): only the member's row of
          ``bot_records`` at that level changes; ``players`` never does and the bot's
          account is recorded nowhere;
        - ``"no_result"`` counts for nobody.

        ``ui``: the new ``ui`` JSON, or None to keep the stored one. Times are Unix
        seconds.

        Returns:
            True if this call finished it; False (nothing changed) if the match moved
            on, is already finished or does not exist.

        Raises:
            ValueError: ``outcome`` is unknown; a win's winner and loser are not the
                match's two players; a draw or no result names a winner or loser.
        """
        if outcome == "win":
            if winner_id is None or loser_id is None or winner_id == loser_id:
                raise ValueError("a win needs a winner_id and a different loser_id")
        elif outcome in ("draw", "no_result"):
            if winner_id is not None or loser_id is not None:
                raise ValueError(f"{outcome!r} has no winner or loser")
        else:
            raise ValueError(f"unknown match outcome {outcome!r}")
        result: MatchResult | None = None if outcome == "no_result" else outcome
        params = (
            _encode(state),
            _encode(decisions),
            version,
            None if ui is None else _encode(ui),
            result,
            winner_id,
            loser_id,
            reason,
            turns,
            ended_at,
            match_id,
            expected_version,
        )
        async with self._transaction():
            row = await self._conn_fetchone(sql.SELECT_MATCH_FOR_FINISH, (match_id,))
            if row is None or row["status"] != "active" or row["version"] != expected_version:
                return False
            guild_id = row["guild_id"]
            players = (row["player0_id"], row["player1_id"])
            if outcome == "win" and sorted((winner_id, loser_id)) != sorted(players):
                raise ValueError(f"winner {winner_id} and loser {loser_id} are not {players}")
            cursor = await self._conn.execute(sql.FINISH_ACTIVE_MATCH_IF_VERSION, params)
            if cursor.rowcount != 1:
                return False
            if result is None:
                return True
            if row["ai_level"] is None:
                if result == "win":
                    deltas = [(winner_id, 1, 0, 0), (loser_id, 0, 1, 0)]
                else:
                    deltas = [(player, 0, 0, 1) for player in players]
                for user_id, wins, losses, draws in deltas:
                    await self._conn.execute(
                        sql.UPSERT_PLAYER_RESULT, (guild_id, user_id, wins, losses, draws)
                    )
            else:
                member = players[1 - row["ai_seat"]]
                if result == "draw":
                    delta = (0, 0, 1)
                else:
                    delta = (1, 0, 0) if winner_id == member else (0, 1, 0)
                await self._conn.execute(
                    sql.UPSERT_BOT_RECORD, (guild_id, member, row["ai_level"], *delta)
                )
        return True

    async def bot_records(self, guild_id: int, user_id: int) -> list[BotRecord]:
        """The member's records against the bot in ``guild_id``, one per level played,
        in the order easy, medium, hard (empty if they never finished one)."""
        rows = await self._fetchall(sql.SELECT_BOT_RECORDS, (guild_id, user_id))
        return [
            BotRecord(
                guild_id=row["guild_id"],
                user_id=row["user_id"],
                level=row["level"],
                wins=row["wins"],
                losses=row["losses"],
                draws=row["draws"],
            )
            for row in rows
        ]

    # --- decks ----------------------------------------------------------------

    async def save_deck(
        self,
        user_id: int,
        name: str,
        cards: Sequence[tuple[int, str]],
        commander: Sequence[str],
        now: float,
        *,
        limit: int = limits.DECKS_PER_MEMBER,
    ) -> None:
        """Save a user's deck under ``name``, replacing a deck of the same name.

        ``name`` is trimmed and compared case-insensitively (ASCII), so saving "Burn"
        over "burn" replaces it and the new spelling is kept; ``created_at`` of a
        replaced deck is kept and ``updated_at`` becomes ``now`` (Unix seconds).
        ``cards`` are ``(count, name)`` pairs of the main deck, ``commander`` the
        commander names; both are stored as JSON in the given order.

        At most ``limit`` decks per user (``bot.limits.DECKS_PER_MEMBER`` by
        default): the count and the save are one transaction, so two saves at once
        cannot pass it.

        Raises:
            ValueError: the trimmed name is empty or longer than
                :data:`MAX_DECK_NAME_LENGTH`; a count is not a positive int; a card
                or commander name is empty; the deck has more than
                ``bot.limits.DECK_CARDS`` cards.
            DeckLimitError: ``name`` is new and the user already has ``limit`` decks.
        """
        name = _deck_name(name)
        pairs = []
        for count, card in cards:
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise ValueError(f"card count must be a positive int, got {count!r}")
            if not card.strip():
                raise ValueError("card names must not be empty")
            pairs.append([count, card])
        commanders = list(commander)
        if any(not card.strip() for card in commanders):
            raise ValueError("commander names must not be empty")
        if sum(count for count, _ in pairs) > limits.DECK_CARDS:
            raise ValueError(f"a deck holds at most {limits.DECK_CARDS} cards")
        params = (user_id, name, _encode(pairs), _encode(commanders), now, now)
        async with self._transaction():
            exists = await self._conn_fetchone(sql.SELECT_DECK_EXISTS, (user_id, name))
            if exists is None:
                row = await self._conn_fetchone(sql.COUNT_DECKS_OF, (user_id,))
                if row is not None and row["n"] >= limit:
                    raise DeckLimitError(f"a member may save at most {limit} decks")
            await self._conn.execute(sql.UPSERT_DECK, params)
        log.debug("Saved deck %r of user %s (%d entries)", name, user_id, len(pairs))

    async def get_deck(self, user_id: int, name: str) -> SavedDeck | None:
        """The user's deck called ``name`` (trimmed, case-insensitive), or None."""
        row = await self._fetchone(sql.SELECT_DECK, (user_id, name.strip()))
        return _deck(row) if row is not None else None

    async def list_decks(self, user_id: int) -> list[SavedDeck]:
        """All of the user's decks, by name (case-insensitive)."""
        return [_deck(row) for row in await self._fetchall(sql.SELECT_DECKS_OF, (user_id,))]

    async def deck_count(self, user_id: int) -> int:
        """How many decks the user has saved."""
        row = await self._fetchone(sql.COUNT_DECKS_OF, (user_id,))
        return int(row["n"]) if row is not None else 0

    async def has_deck(self, user_id: int, name: str) -> bool:
        """Whether the user has a deck called ``name`` (trimmed, case-insensitive)."""
        return await self._fetchone(sql.SELECT_DECK_EXISTS, (user_id, name.strip())) is not None

    async def delete_deck(self, user_id: int, name: str) -> bool:
        """Delete the user's deck called ``name`` (case-insensitive); False if none."""
        return await self._write(sql.DELETE_DECK, (user_id, name.strip())) > 0

    async def deck_names(self, user_id: int, prefix: str, limit: int = 25) -> list[str]:
        """Up to ``limit`` of the user's deck names starting with ``prefix``, by name.

        For autocomplete: the match is case-insensitive (ASCII) and ``%``, ``_`` and
        ``\\`` in ``prefix`` are literal characters; leading spaces are ignored and
        an empty prefix lists every deck.
        """
        pattern = _like_escape(prefix.lstrip()) + "%"
        rows = await self._fetchall(sql.SELECT_DECK_NAMES_LIKE, (user_id, pattern, limit))
        return [row["name"] for row in rows]

    # --- card type cache --------------------------------------------------------

    async def cached_card_types(
        self, names: Iterable[str], *, not_found_after: float | None = None
    ) -> dict[str, bool]:
        """Cached land flags for ``names``: ``{name as requested: is_land}``.

        Names match case-insensitively (ASCII). Names never cached are absent.
        Cards cached as not found by Scryfall map to False, unless
        ``not_found_after`` (Unix seconds) is given and they were checked before it,
        in which case they are absent (so they get looked up again).
        """
        requested = list(dict.fromkeys(names))
        if not requested:
            return {}
        params = (_encode(requested), not_found_after, not_found_after)
        rows = await self._fetchall(sql.SELECT_CARD_TYPES, params)
        return {row["requested"]: bool(row["is_land"] and row["found"]) for row in rows}

    async def cache_card_types(self, entries: Iterable[tuple[str, bool, bool]], now: float) -> None:
        """Store ``(name, is_land, found)`` for each entry, checked at ``now``.

        One transaction; an existing entry (same name, case-insensitively) is
        replaced. ``found=False`` records that Scryfall does not know the name.
        """
        rows = [
            (name, int(bool(is_land)), int(bool(found)), now) for name, is_land, found in entries
        ]
        if not rows:
            return
        async with self._transaction():
            await self._conn.executemany(sql.UPSERT_CARD_TYPE, rows)

    # --- mulligan practice --------------------------------------------------------

    async def record_practice(
        self, guild_id: int, user_id: int, *, mulligans: int, kept_size: int, agreed: bool | None
    ) -> None:
        """Record one finished practice sequence: ``mulligans`` mulligans, then a keep.

        Adds ``mulligans + 1`` dealt hands, ``mulligans`` mulligans and one keep of
        ``kept_size`` cards; ``agreed`` is whether the coach agreed with the keep
        (True/False both count as rated) or None when it had no opinion (not rated).
        One atomic upsert.

        Raises:
            ValueError: ``mulligans`` or ``kept_size`` is negative.
        """
        if mulligans < 0 or kept_size < 0:
            raise ValueError(
                f"mulligans and kept_size must not be negative, got {mulligans}, {kept_size}"
            )
        size = int(kept_size)
        path = f'$."{size}"'
        params = (
            guild_id,
            user_id,
            int(mulligans) + 1,
            int(mulligans),
            int(agreed is not None),
            int(agreed is True),
            str(size),
            path,
            path,
        )
        await self._write(sql.RECORD_PRACTICE, params)

    async def practice_stats(
        self, guild_id: int, user_id: int, *, min_hands: int = 20
    ) -> PracticeStats | None:
        """The user's practice record in ``guild_id``, or None if they never practised.

        ``rank`` is their leaderboard position (see :meth:`practice_leaderboard` with
        the same ``min_hands``), None below ``min_hands`` hands seen.
        """
        params = (guild_id, min_hands, guild_id, user_id)
        row = await self._fetchone(sql.SELECT_PRACTICE_STATS, params)
        return _practice(row) if row is not None else None

    async def practice_leaderboard(
        self, guild_id: int, min_hands: int = 20, limit: int = 10
    ) -> list[PracticeStats]:
        """The top ``limit`` practisers of ``guild_id`` with ``hands_seen >= min_hands``.

        Ordered by agreement rate desc, then rated keeps desc, then user id asc;
        ``rank`` is the 1-based position in that order.
        """
        params = (guild_id, min_hands, guild_id, limit)
        rows = await self._fetchall(sql.SELECT_PRACTICE_LEADERBOARD, params)
        return [_practice(row) for row in rows]

    async def create_practice(
        self, guild_id: int, user_id: int, state: dict[str, Any], version: int, now: float
    ) -> int:
        """Store a new practice deal (``guild_id`` 0 outside a server); return its id."""
        async with self._lock:
            cursor = await self._conn.execute(
                sql.INSERT_PRACTICE_SESSION,
                (guild_id, user_id, _encode(state), version, now, now),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def save_practice(
        self, session_id: int, state: dict[str, Any], version: int, now: float
    ) -> None:
        """Store the deal's new state (committed before returning)."""
        await self._write(sql.UPDATE_PRACTICE_SESSION, (_encode(state), version, now, session_id))

    async def get_practice(self, session_id: int) -> PracticeSession | None:
        """The practice deal ``session_id``, or None."""
        row = await self._fetchone(sql.SELECT_PRACTICE_SESSION, (session_id,))
        if row is None:
            return None
        return PracticeSession(
            id=row["id"],
            guild_id=row["guild_id"],
            user_id=row["user_id"],
            state=json.loads(row["state"]),
            version=row["version"],
        )

    async def delete_practice_before(self, cutoff: float) -> int:
        """Delete every practice deal last changed before ``cutoff`` (Unix seconds),
        finished or abandoned alike; return how many were deleted (retention:
        ``bot.limits.PRACTICE_RETENTION_DAYS``)."""
        return await self._write(sql.DELETE_PRACTICE_SESSIONS_BEFORE, (cutoff,))

    # --- closed DMs ---------------------------------------------------------------

    async def mark_dm_closed(self, user_id: int, now: float) -> None:
        """Remember that DMs to ``user_id`` failed with 403/50007."""
        await self._write(sql.MARK_DM_CLOSED, (user_id, now))

    async def clear_dm_closed(self, user_id: int) -> None:
        """Forget it: the user asked for their hand or a DM reached them."""
        await self._write(sql.CLEAR_DM_CLOSED, (user_id,))

    async def is_dm_closed(self, user_id: int) -> bool:
        """Whether DMs to ``user_id`` are remembered as closed."""
        return await self._fetchone(sql.SELECT_DM_CLOSED, (user_id,)) is not None

    # --- server settings (issue 8 §4) -------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The settings of ``guild_id`` (every default if it never changed any)."""
        row = await self._fetchone(sql.SELECT_GUILD_SETTINGS, (guild_id,))
        return _guild_settings(row) if row is not None else GuildSettings(guild_id)

    async def set_guild_settings(self, guild_id: int, now: float, **changes: Any) -> GuildSettings:
        """Change some of a server's settings (keywords: the fields of
        :class:`GuildSettings` listed in :data:`GUILD_SETTING_FIELDS`; ``None`` restores a
        default where the field allows it) and return the new settings. Read and write
        are one transaction. ``now``: Unix seconds. Matches in progress never read these:
        a match captures its options and timers when it starts.

        Raises:
            ValueError: an unknown field; a mulligan rule that is not a
                :class:`bot.engine.MulliganRule` playable in BingoMagic; a timer outside
                its ``bot.limits`` bounds; a language code empty or longer than
                :data:`MAX_LANGUAGE_CODE`; more than ``bot.limits.MATCH_CHANNELS``
                channels.
        """
        unknown = set(changes) - GUILD_SETTING_FIELDS
        if unknown:
            raise ValueError(f"unknown guild settings: {sorted(unknown)}")
        checked = {name: _check_setting(name, value) for name, value in changes.items()}
        async with self._transaction():
            row = await self._conn_fetchone(sql.SELECT_GUILD_SETTINGS, (guild_id,))
            current = _guild_settings(row) if row is not None else GuildSettings(guild_id)
            new = replace(current, **checked, updated_at=now)
            await self._conn.execute(
                sql.UPSERT_GUILD_SETTINGS,
                (
                    guild_id,
                    new.mulligan_rule,
                    int(new.free_first),
                    int(new.sequential),
                    int(new.forest_either_pile),
                    new.turn_seconds,
                    new.counter_seconds,
                    new.choice_seconds,
                    new.challenge_seconds,
                    new.language,
                    _encode(list(new.channels)),
                    now,
                ),
            )
        return new

    # --- member preferences (issue 8) ----------------------------------------------

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """The member's preferences (every default if they never set one)."""
        row = await self._fetchone(sql.SELECT_USER_PREFS, (user_id,))
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(
            user_id=row["user_id"],
            language=row["language"],
            tips=bool(row["tips"]),
            quick_counter=bool(row["quick_counter"]),
        )

    async def set_user_language(self, user_id: int, language: str | None) -> UserPrefs:
        """Set (a catalog code such as ``"it"``) or clear (None: follow the client's
        locale) the member's language; return the new preferences.

        Raises:
            ValueError: an empty code or one longer than :data:`MAX_LANGUAGE_CODE`.
        """
        return await self._set_prefs(user_id, language=_check_setting("language", language))

    async def set_user_tips(self, user_id: int, tips: bool) -> UserPrefs:
        """Turn first-match tips on or off for the member; return the new preferences."""
        return await self._set_prefs(user_id, tips=bool(tips))

    async def set_user_quick_counter(self, user_id: int, quick: bool) -> UserPrefs:
        """Turn quick counter windows on or off for the member; return the new
        preferences."""
        return await self._set_prefs(user_id, quick_counter=bool(quick))

    async def _set_prefs(self, user_id: int, **changes: Any) -> UserPrefs:
        async with self._transaction():
            row = await self._conn_fetchone(sql.SELECT_USER_PREFS, (user_id,))
            current = (
                UserPrefs(user_id, row["language"], bool(row["tips"]), bool(row["quick_counter"]))
                if row is not None
                else UserPrefs(user_id)
            )
            new = replace(current, **changes)
            await self._conn.execute(
                sql.UPSERT_USER_PREFS,
                (user_id, new.language, int(new.tips), int(new.quick_counter)),
            )
        return new

    # --- ratings (issue 8 §5) -------------------------------------------------------

    async def rate_match(self, match_id: int, now: float) -> tuple[Rating, Rating] | None:
        """Update the two members' ratings after finished match ``match_id``, exactly
        once: the ratings and the match's ``rated`` flag change in one transaction, and a
        match already rated changes nothing.

        Only a finished match between two members with a result (a win or a draw, RULES
        §1.8) is rated; a match against the bot, a no-result and a broken match are only
        marked considered. ``now``: Unix seconds.

        Returns:
            The two new ratings in seat order (``last_delta`` = their change), or None if
            nothing was rated (not finished, already rated, not eligible, unknown).
        """
        async with self._transaction():
            row = await self._conn_fetchone(sql.SELECT_MATCH_FOR_RATING, (match_id,))
            if row is None or row["status"] != "finished" or row["rated"]:
                return None
            await self._conn.execute(sql.SET_MATCH_RATED, (match_id,))
            if row["ai_level"] is not None or row["result"] is None:
                return None
            guild_id = row["guild_id"]
            players = (row["player0_id"], row["player1_id"])
            before = []
            for user_id in players:
                found = await self._conn_fetchone(sql.SELECT_RATING, (guild_id, user_id))
                before.append(
                    ratings.Skill(found["mu"], found["sigma"]) if found else ratings.Skill()
                )
            winner = None if row["result"] == "draw" else players.index(row["winner_id"])
            after = ratings.rate(before[0], before[1], winner)
            out = []
            for user_id, old, new in zip(players, before, after, strict=True):
                delta = new.ordinal - old.ordinal
                await self._conn.execute(
                    sql.UPSERT_RATING,
                    (guild_id, user_id, new.mu, new.sigma, delta, match_id, now),
                )
                found = await self._conn_fetchone(sql.SELECT_RATING, (guild_id, user_id))
                out.append(_rating(found))
        return out[0], out[1]

    async def unrated_matches(self) -> list[int]:
        """Ids of finished matches between members with a result whose ratings were not
        updated yet (the process stopped in between), in the order they ended."""
        return [row["id"] for row in await self._fetchall(sql.SELECT_UNRATED_MATCH_IDS)]

    async def rating(self, guild_id: int, user_id: int) -> Rating | None:
        """The member's rating in ``guild_id`` with its ``rank``; None if they never
        finished a rated match there."""
        row = await self._fetchone(sql.SELECT_RANKED_RATING, (guild_id, user_id))
        return _rating(row) if row is not None else None

    async def rating_leaderboard(self, guild_id: int, limit: int = 10) -> list[Rating]:
        """The top ``limit`` rated members of ``guild_id`` (ordinal desc, mu desc, user id
        asc), each with its ``rank``."""
        rows = await self._fetchall(sql.SELECT_RATING_LEADERBOARD, (guild_id, limit))
        return [_rating(row) for row in rows]

    # --- plumbing -------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """Hold the lock and run the block inside BEGIN IMMEDIATE ... COMMIT.

        Any exception (or a ``return`` inside the block, which still commits)
        ends the transaction; exceptions roll it back and propagate.
        """
        async with self._lock:
            await self._conn.execute(sql.BEGIN_IMMEDIATE)
            try:
                yield
            except BaseException:
                try:
                    await self._conn.execute(sql.ROLLBACK)
                except sqlite3.Error:
                    log.exception("Rolling back a failed transaction on %s failed", self._path)
                raise
            await self._conn.execute(sql.COMMIT)

    async def _write(self, statement: str, params: Sequence[Any]) -> int:
        """Run one autocommitted write; return the number of rows changed."""
        async with self._lock:
            cursor = await self._conn.execute(statement, params)
            return cursor.rowcount

    async def _fetchone(self, statement: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        async with self._lock:
            return await self._conn_fetchone(statement, params)

    async def _conn_fetchone(
        self, statement: str, params: Sequence[Any] = ()
    ) -> sqlite3.Row | None:
        """Fetch one row without taking the lock (caller holds it)."""
        async with self._conn.execute(statement, params) as cursor:
            return await cursor.fetchone()

    async def _fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock, self._conn.execute(statement, params) as cursor:
            return list(await cursor.fetchall())


async def _join_worker(connection: aiosqlite.Connection) -> None:
    """Wait for a failed connection's worker thread to exit.

    aiosqlite stops the thread of a connection that failed to open without waiting
    for it; if the event loop closes first, the thread dies with "Event loop is
    closed". Joining it here (briefly, off the loop) avoids that.
    """
    thread = getattr(connection, "_thread", None)
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, 2.0)


def _split_statements(script: str) -> Iterable[str]:
    """Split an SQL script into complete statements (no statement spans a yield)."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statement = pending.strip()
            pending = ""
            if statement:
                yield statement
    if pending.strip():
        raise ValueError(f"incomplete SQL statement in migration: {pending.strip()[:60]!r}")


def _encode(value: Any) -> str:
    """Compact JSON text; rejects NaN/Infinity and non-JSON types."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _challenge(row: sqlite3.Row) -> Challenge:
    return Challenge(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        message_id=row["message_id"],
        status=row["status"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        match_id=row["match_id"],
        options=json.loads(row["options"]),
    )


def _match(row: sqlite3.Row) -> MatchRecord:
    return MatchRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        player_ids=(row["player0_id"], row["player1_id"]),
        seed=row["seed"],
        options=json.loads(row["options"]),
        decisions=json.loads(row["decisions"]),
        state=json.loads(row["state"]),
        version=row["version"],
        status=row["status"],
        ui=json.loads(row["ui"]),
        deadline=row["deadline"],
        board_message_id=row["board_message_id"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        result=row["result"],
        winner_id=row["winner_id"],
        loser_id=row["loser_id"],
        reason=row["reason"],
        turns=row["turns"],
        ai_seat=row["ai_seat"],
        ai_level=row["ai_level"],
    )


def _guild_settings(row: sqlite3.Row) -> GuildSettings:
    return GuildSettings(
        guild_id=row["guild_id"],
        mulligan_rule=row["mulligan_rule"],
        free_first=bool(row["free_first"]),
        sequential=bool(row["sequential"]),
        forest_either_pile=bool(row["forest_either_pile"]),
        turn_seconds=row["turn_seconds"],
        counter_seconds=row["counter_seconds"],
        choice_seconds=row["choice_seconds"],
        challenge_seconds=row["challenge_seconds"],
        language=row["language"],
        channels=tuple(sorted(int(c) for c in json.loads(row["channels"]))),
        updated_at=row["updated_at"],
    )


def _check_setting(name: str, value: Any) -> Any:
    """``value`` as stored for the setting ``name``; ValueError if out of bounds."""
    if name in _TIMER_BOUNDS:
        if value is None:
            return None
        low, high = _TIMER_BOUNDS[name]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            raise ValueError(f"{name} must be between {low} and {high} seconds, got {value!r}")
        return float(value)
    if name == "mulligan_rule":
        if value is None:
            return None
        rule = MulliganRule(value)
        if rule is MulliganRule.EARLY_1994:
            raise ValueError("the 1994 mulligan is for Magic decks only (RULES §2)")
        return rule.value
    if name == "language":
        if value is None:
            return None
        code = str(value).strip()
        if not code or len(code) > MAX_LANGUAGE_CODE:
            raise ValueError(f"a language code has 1-{MAX_LANGUAGE_CODE} characters")
        return code
    if name == "channels":
        channels = tuple(sorted({int(c) for c in value}))
        if len(channels) > limits.MATCH_CHANNELS:
            raise ValueError(f"at most {limits.MATCH_CHANNELS} channels")
        return channels
    return bool(value)


def _rating(row: sqlite3.Row) -> Rating:
    return Rating(
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        mu=row["mu"],
        sigma=row["sigma"],
        matches=row["matches"],
        last_delta=row["last_delta"],
        last_match_id=row["last_match_id"],
        updated_at=row["updated_at"],
        rank=row["rank"] if "rank" in row.keys() else None,
    )


def _stats(row: sqlite3.Row) -> PlayerStats:
    return PlayerStats(
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        wins=row["wins"],
        losses=row["losses"],
        draws=row["draws"],
        played=row["played"],
        win_rate=float(row["win_rate"]),
        rank=row["rank"],
    )


def _deck_name(name: str) -> str:
    """The trimmed deck name; ValueError if empty or too long."""
    trimmed = name.strip()
    if not trimmed:
        raise ValueError("a deck name must not be empty")
    if len(trimmed) > MAX_DECK_NAME_LENGTH:
        raise ValueError(f"a deck name must be at most {MAX_DECK_NAME_LENGTH} characters")
    return trimmed


def _like_escape(text: str) -> str:
    """Escape LIKE wildcards (``%``, ``_``) and the escape character ``\\``."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _deck(row: sqlite3.Row) -> SavedDeck:
    return SavedDeck(
        user_id=row["user_id"],
        name=row["name"],
        cards=tuple((int(count), str(card)) for count, card in json.loads(row["cards"])),
        commander=tuple(str(card) for card in json.loads(row["commander"])),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


def _practice(row: sqlite3.Row) -> PracticeStats:
    sizes = json.loads(row["kept_sizes"])
    return PracticeStats(
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        hands_seen=row["hands"],
        mulligans=row["mulligans"],
        keeps=row["keeps"],
        rated=row["rated"],
        agreed=row["agreed"],
        agreement_rate=float(row["agreement_rate"]),
        kept_sizes={int(size): int(sizes[size]) for size in sorted(sizes, key=int)},
        rank=row["rank"],
    )


_REASONS_BY_ERROR = {
    "SQLITE_BUSY": "it is locked by another process",
    "SQLITE_LOCKED": "it is locked by another process",
    "SQLITE_READONLY": "it is read-only",
    "SQLITE_CANTOPEN": "the file cannot be opened or created (check the path and permissions)",
    "SQLITE_NOTADB": "the file is not an SQLite database",
    "SQLITE_CORRUPT": "the file is corrupt",
    "SQLITE_PERM": "permission denied",
    "SQLITE_IOERR": "a disk I/O error occurred",
    "SQLITE_FULL": "the disk is full",
}


def _describe_failure(path: Path, exc: sqlite3.Error) -> str:
    """One sentence "cannot open database at PATH: reason" for an sqlite3 error."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    reason = None
    for prefix, text in _REASONS_BY_ERROR.items():
        if name == prefix or name.startswith(prefix + "_"):
            reason = text
            break
    if reason is None:
        message = str(exc)
        if "locked" in message:
            reason = _REASONS_BY_ERROR["SQLITE_BUSY"]
        elif "readonly" in message or "read-only" in message:
            reason = _REASONS_BY_ERROR["SQLITE_READONLY"]
        else:
            reason = message or type(exc).__name__
    return f"cannot open database at {path}: {reason}"
