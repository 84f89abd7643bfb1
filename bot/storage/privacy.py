"""What the bot stores about a member, and erasing it (``/privacy``, docs/PRIVACY.md);
purging a server that removed the bot.

**Export.** :meth:`PrivacyStore.export_member` gathers every row that holds the member's
id into one JSON-ready dict (:data:`EXPORT_FORMAT`): settings, results and ratings per
server, matches (the other seat named as the opponent), decks, daily answers, the rest.

**Erasure.** :meth:`PrivacyStore.erase_member` deletes the member's own rows (settings,
results, ratings, decks, practice, daily answers, blocks, challenges) and their matches
against the bot (their own practice). In shared records (matches between members,
tournaments) their id is replaced by a *pseudonym*: a random negative number
(:func:`new_pseudonym`), one per server, that links to no Discord account and cannot be
computed from the member's id. In each kept match their name becomes
:data:`ERASED_NAME` (shown as "deleted member") and their seat's settings and DM
bookkeeping are forgotten (:func:`erased_ui`, :func:`erased_config`).

Nobody else's record moves: the opponents' results and ratings rows are left exactly as
they were (nothing is recomputed), and a later recompute
(:func:`bot.storage.seasons.recompute`) replays the pseudonym's matches, so it agrees. The
pseudonym itself has no results or rating row, so it is never listed. A member who comes
back later plays under their real id again, with no link to the pseudonym: a new person
with no history. The rule is written in docs/PRIVACY.md.
"""

from __future__ import annotations

import json
import secrets
import time
from datetime import UTC, date, datetime, timedelta
from typing import Any

from bot.storage import sql
from bot.storage.base import StorageBase, encode_json
from bot.storage.ladder import LadderStore
from bot.storage.ratings import rate_in
from bot.storage.seasons import recompute

#: ``format`` of an export (bumped when its shape changes; 2: ISO 8601 times and dates,
#: servers, blocks and opt-outs as objects).
EXPORT_FORMAT = "bingomagic-export/2"
#: What a match's ``ui.names`` holds for an erased member's seat (renderers show the
#: reader's "deleted member" instead).
ERASED_NAME = "\u2063deleted"


def is_erased(user_id: int | None) -> bool:
    """Whether ``user_id`` is the pseudonym of an erased member (ids are negative)."""
    return user_id is not None and user_id < 0


def new_pseudonym() -> int:
    """A fresh pseudonym: a random negative integer in ``[-2**52, -1]``, drawn from
    :mod:`secrets`. Discord ids (snowflakes) are positive, so it names no account, and
    being random it cannot be computed back from the member's id (a hash could be)."""
    return -(secrets.randbelow(2**52) + 1)


def erased_ui(ui: dict[str, Any], seat: int) -> dict[str, Any]:
    """A match's display bookkeeping (``matches.ui``, ``cogs.bingo._display``) with seat
    ``seat``'s member erased: their name is :data:`ERASED_NAME`, and their DM panel, the
    DM messages left to delete and their closed-DMs mark are forgotten (a DM channel id
    leads back to the member). Other keys are kept as they are."""
    out = dict(ui)
    names = out.get("names")
    if isinstance(names, list) and len(names) == 2:
        out["names"] = [ERASED_NAME if i == seat else n for i, n in enumerate(names)]
    panels = out.get("panels")
    if isinstance(panels, list) and len(panels) == 2:
        panel = panels[seat]
        channel = panel.get("channel") if isinstance(panel, dict) else None
        out["panels"] = [None if i == seat else p for i, p in enumerate(panels)]
        trash = out.get("trash")
        if channel is not None and isinstance(trash, list):
            out["trash"] = [pair for pair in trash if not (pair and pair[0] == channel)]
    closed = out.get("dm_closed")
    if isinstance(closed, list) and len(closed) == 2:
        out["dm_closed"] = [False if i == seat else c for i, c in enumerate(closed)]
    return out


def erased_config(config: dict[str, Any], seat: int) -> dict[str, Any]:
    """A match's configuration (``matches.config``, :class:`bot.matches.MatchConfig`)
    with seat ``seat``'s member settings (quick counter windows, private language,
    screen-reader mode) back to their defaults; the table's own settings are kept."""
    out = dict(config)
    for key, default in (("quick", False), ("languages", None), ("accessible", False)):
        values = out.get(key)
        if isinstance(values, list) and len(values) == 2:
            out[key] = [default if i == seat else v for i, v in enumerate(values)]
    return out


def erased_log(log: list[Any]) -> list[Any]:
    """A match's public log (``matches.log``) without the lines of text of matches
    stored before events were kept: they may hold the member's name. Public events
    (JSON objects) name seats, not members, and are kept."""
    return [entry for entry in log if not isinstance(entry, str)]


class MemberBusy(Exception):
    """The member is in a match in progress or a tournament not finished: erasing them
    now would break it. ``str(error)`` is ``"match"`` or ``"tournament"``."""


class PrivacyStore(StorageBase):
    """Exporting and erasing a member's data; purging a server's."""

    async def export_member(self, user_id: int, now: float) -> dict[str, Any]:
        """Everything stored about ``user_id`` as a JSON-ready dict (:data:`EXPORT_FORMAT`;
        ids as strings, times as ISO 8601 UTC, :func:`iso_time`, days as dates,
        :func:`iso_day`; ``now``: Unix seconds):

        ``format``, ``user_id``, ``exported_at``, ``settings`` (``language``, ``tips``,
        ``quick_counter``, ``dms_closed``, ``screen_reader_mode``, ``turn_reminders``
        (``/bingo reminders``),
        ``challenges_off_in_servers`` (``server_id``, ``since``), ``blocked_members``
        (``id``, ``name`` None here: the cog fills in the names it knows,
        ``blocked_at``)), ``servers`` (one per server: ``server_id``, ``results``,
        ``against_bot``, ``rating`` (``mu``, ``sigma``, ``ordinal`` = mu - 3 sigma,
        ``matches``, ``last_delta``, ``last_played``), ``seasons`` (``season``, ``name``,
        the same rating fields, wins, losses, draws), ``mulligan_stats``,
        ``daily_answers``, ``daily_streak``, ``tournaments``), ``matches`` (``id``,
        ``server_id``, ``status``, ``started_at``, ``ended_at``, ``season``, ``turns``,
        ``reason``, ``outcome`` win/loss/draw/no-result/None, ``your_seat``,
        ``opponent``), ``queue`` (``latest_entry``: the member's latest place in the ranked
        queue, ``rating``: their queue rating, ``boards_in_your_dms``: the matches whose
        board was shown in their DMs), ``ladder`` (``None`` off the global ladder, else
        ``name``, ``joined_at``, ``seasons``: :meth:`bot.storage.ladder.LadderStore.export_ladder`),
        ``decks``, ``practice_sessions``, ``challenges``,
        ``challenge_cooldowns``, ``turn_reminders`` (per match in progress, the last
        decision whose reminder was sent or cancelled: ``match_id``, ``version``,
        ``kind``, ``at``), ``puzzles`` (:func:`puzzle_export`: the puzzle rating and
        streak, every answer, the puzzles made of the member's decisions). Every object
        about a server has its ``server_id`` (``"0"``: a match of no server, played in
        DMs).
        """
        b = self.backend
        rows: dict[str, list[dict[str, Any]]] = {}
        for table, statement in sql.MEMBER_ROWS.items():
            params = (user_id,) * statement.count("?")
            rows[table] = [dict(row) for row in await b.fetchall(statement, params)]
        prefs = rows["user_prefs"][0] if rows["user_prefs"] else {}
        servers: dict[int, dict[str, Any]] = {}

        def server(guild_id: int) -> dict[str, Any]:
            return servers.setdefault(
                guild_id,
                {
                    "server_id": str(guild_id),
                    "results": None,
                    "against_bot": [],
                    "rating": None,
                    "seasons": [],
                    "mulligan_stats": None,
                    "daily_answers": [],
                    "daily_streak": None,
                    "tournaments": [],
                },
            )

        for r in rows["players"]:
            server(r["guild_id"])["results"] = _pick(r, "wins", "losses", "draws")
        for r in rows["bot_records"]:
            server(r["guild_id"])["against_bot"].append(
                _pick(r, "level", "wins", "losses", "draws")
            )
        for r in rows["ratings"]:
            rating = _pick(r, "mu", "sigma", "matches", "last_delta")
            rating["ordinal"] = r["mu"] - 3.0 * r["sigma"]
            rating["last_played"] = iso_time(r["updated_at"])
            server(r["guild_id"])["rating"] = rating
        season_names: dict[tuple[int, int], str] = {}
        for guild_id in sorted({r["guild_id"] for r in rows["season_ratings"]}):
            for found in await b.fetchall(sql.SELECT_SEASONS, (guild_id,)):
                season_names[guild_id, found["number"]] = found["name"]
        for r in rows["season_ratings"]:
            server(r["guild_id"])["seasons"].append(
                {
                    "season": r["season"],
                    "name": season_names.get((r["guild_id"], r["season"])),
                }
                | _pick(r, "mu", "sigma", "matches", "wins", "losses", "draws")
                | {
                    "ordinal": r["mu"] - 3.0 * r["sigma"],
                    "last_played": iso_time(r["last_played"]),
                }
            )
        for r in rows["mulligan_stats"]:
            stats = _pick(r, "hands", "mulligans", "keeps", "rated", "agreed")
            stats["kept_sizes"] = json.loads(r["kept_sizes"])
            server(r["guild_id"])["mulligan_stats"] = stats
        for r in rows["daily_answers"]:
            server(r["guild_id"])["daily_answers"].append(
                {"day": iso_day(r["day"])}
                | _pick(r, "decision", "kept_size")
                | {"agreed": _flag(r["agreed"]), "answered_at": iso_time(r["answered_at"])}
            )
        for r in rows["daily_streaks"]:
            server(r["guild_id"])["daily_streak"] = {"last_day": iso_day(r["last_day"])} | _pick(
                r, "answered", "answered_best", "agreed", "agreed_best"
            )
        for r in rows["tournament_players"]:
            found = await b.fetchone(sql.SELECT_TOURNAMENT_OF, (r["tournament_id"],))
            if found is not None:
                server(found["guild_id"])["tournaments"].append(
                    {"tournament_id": r["tournament_id"], "name": found["name"]}
                    | {"joined_at": iso_time(r["joined_at"]), "dropped": bool(r["dropped"])}
                )
        matches = [
            _match_for(row, user_id)
            for row in await b.fetchall(sql.SELECT_MEMBER_MATCHES, (user_id, user_id))
        ]
        return {
            "format": EXPORT_FORMAT,
            "user_id": str(user_id),
            "exported_at": iso_time(now),
            "settings": {
                "language": prefs.get("language"),
                "tips": bool(prefs.get("tips", 1)),
                "quick_counter": bool(prefs.get("quick_counter", 0)),
                "dms_closed": bool(rows["dm_closed"]),
                "screen_reader_mode": bool(prefs.get("accessible", 0)),
                "turn_reminders": bool(rows["reminder_prefs"]),
                "challenges_off_in_servers": [
                    {"server_id": str(r["guild_id"]), "since": iso_time(r["updated_at"])}
                    for r in rows["challenge_optouts"]
                ],
                "blocked_members": [
                    {
                        "id": str(r["blocked_id"]),
                        "name": None,
                        "blocked_at": iso_time(r["created_at"]),
                    }
                    for r in rows["challenge_blocks"]
                ],
            },
            "challenge_cooldowns": [
                {
                    "server_id": str(r["guild_id"]),
                    "role": "challenger" if r["challenger_id"] == user_id else "opponent",
                    "until": iso_time(r["until_at"]),
                }
                for r in rows["challenge_cooldowns"]
            ],
            "turn_reminders": [
                {"match_id": r["match_id"], "version": r["version"], "kind": r["kind"]}
                | {"at": iso_time(r["at"])}
                for r in rows["reminder_marks"]
            ],
            "servers": [servers[g] for g in sorted(servers)],
            "queue": _queue_of(rows["queue_entries"], rows["queue_ratings"])
            | {"boards_in_your_dms": [r["match_id"] for r in rows["match_boards"]]},
            "ladder": await _ladder_of(self.backend, user_id, now),
            "matches": matches,
            "puzzles": puzzle_export(rows),
            "decks": [
                {
                    "name": r["name"],
                    "cards": json.loads(r["cards"]),
                    "commander": json.loads(r["commander"]),
                }
                | _times(r, "created_at", "updated_at")
                for r in rows["decks"]
            ],
            "practice_sessions": [
                {"id": r["id"], "server_id": str(r["guild_id"])}
                | _times(r, "created_at", "updated_at")
                for r in rows["practice_sessions"]
            ],
            "challenges": [
                {
                    "id": r["id"],
                    "server_id": str(r["guild_id"]),
                    "role": "challenger" if r["challenger_id"] == user_id else "opponent",
                    "status": r["status"],
                    "created_at": iso_time(r["created_at"]),
                }
                for r in rows["challenges"]
            ],
        }

    async def erase_member(self, user_id: int, now: float | None = None) -> dict[int, int]:
        """Erase ``user_id`` (see the module docstring) in one transaction: their own
        rows go, their seats in shared records take a pseudonym per server, and nobody
        else's results or ratings change. A finished match of theirs not rated yet is
        rated first (``now``: Unix seconds, the fallback end of such a match; default
        the current time). Returns the pseudonym now in their seats, by server.

        Raises:
            MemberBusy: they are in a match in progress (``"match"``) or play in or
                organize a tournament not finished (``"tournament"``); nothing changed.
        """
        now = time.time() if now is None else now
        params = (user_id, user_id, user_id, user_id)
        known = sorted(
            {
                row["guild_id"]
                for row in await self.backend.fetchall(sql.SELECT_MEMBER_GUILDS, params)
            }
        )
        # The ratings of those servers change one writer at a time (as when rating).
        keys = [("privacy", user_id), *(("ratings", guild_id) for guild_id in known)]
        async with self.backend.transaction(*keys) as tx:
            if await tx.fetchval(sql.SELECT_MEMBER_ACTIVE, (user_id, user_id)):
                raise MemberBusy("match")
            if await tx.fetchval(sql.SELECT_MEMBER_TOURNAMENTS_LIVE, (user_id, user_id)):
                raise MemberBusy("tournament")
            # Rated as it would have been, while the member's own rating still exists.
            for row in await tx.fetchall(sql.SELECT_MEMBER_UNRATED, (user_id, user_id)):
                await rate_in(tx, row["id"], now)
            # Challenges first: one may name a match about to go (``challenges.match_id``).
            await tx.execute(sql.DELETE_MEMBER_CHALLENGES, (user_id, user_id))
            for statement in sql.DELETE_MEMBER_BOT_MATCHES:
                await tx.execute(statement, (user_id, user_id))
            for row in await tx.fetchall(sql.SELECT_MEMBER_MATCHES, (user_id, user_id)):
                seat = 0 if row["player0_id"] == user_id else 1
                await tx.execute(
                    sql.SET_MATCH_ERASED_SEAT,
                    (
                        encode_json(erased_ui(_json_object(row["ui"]), seat)),
                        encode_json(erased_config(_json_object(row["config"]), seat)),
                        encode_json(erased_log(_json_list(row["log"]))),
                        row["id"],
                    ),
                )
            shared = sorted(
                {
                    row["guild_id"]
                    for row in await tx.fetchall(sql.SELECT_MEMBER_SHARED_GUILDS, params)
                }
            )
            pseudonyms = {guild_id: new_pseudonym() for guild_id in shared}
            for guild_id, pseudonym in pseudonyms.items():
                for statement in sql.PSEUDONYMIZE:
                    await tx.execute(statement, (pseudonym, user_id, guild_id))
            await tx.execute(sql.FORGET_SEASON_STARTER, (user_id,))
            for statement in sql.DELETE_MEMBER_ROWS:
                await tx.execute(statement, (user_id,))
        return pseudonyms

    async def restore_erased_records(self) -> list[int]:
        """Give back their opponents' records in servers where an older version of the
        bot left the matches of erased members out of everybody's results and ratings
        (it recomputed them without those matches). A server is recomputed
        (:func:`bot.storage.seasons.recompute`, which counts the pseudonyms' matches
        again) only when its stored ratings disagree with its rated matches: a member's
        count of rated matches differs, or a pseudonym has a rating row; so this is
        idempotent and cheap once done. Finished matches not rated yet are rated first.
        Returns the servers recomputed."""
        fixed = []
        for found in await self.backend.fetchall(sql.SELECT_GUILDS_WITH_ERASED_SEATS):
            guild_id = found["guild_id"]
            async with self.backend.transaction(("ratings", guild_id)) as tx:
                for row in await tx.fetchall(sql.SELECT_GUILD_UNRATED, (guild_id,)):
                    await rate_in(tx, row["id"], time.time())
                counts: dict[int, int] = {}
                for row in await tx.fetchall(sql.SELECT_RATED_MATCHES, (guild_id,)):
                    for player in (row["player0_id"], row["player1_id"]):
                        if not is_erased(player):
                            counts[player] = counts.get(player, 0) + 1
                stored = {
                    row["user_id"]: row["matches"]
                    for row in await tx.fetchall(sql.SELECT_GUILD_RATED_COUNTS, (guild_id,))
                }
                if stored != counts:
                    await recompute(tx, guild_id)
                    fixed.append(guild_id)
        return fixed

    async def purge_guild(self, guild_id: int) -> None:
        """Delete every row of ``guild_id`` (matches, results, ratings, seasons, settings,
        tournaments, daily hands, practice) in one transaction."""
        async with self.backend.transaction(("ratings", guild_id)) as tx:
            for statement in sql.PURGE_GUILD:
                await tx.execute(statement, (guild_id,))

    async def guild_left(self, guild_id: int, now: float) -> None:
        """Record that the bot was removed from ``guild_id`` at ``now`` (kept if already
        recorded: the grace period runs from the first removal)."""
        await self.backend.execute(sql.UPSERT_GUILD_DEPARTURE, (guild_id, now))

    async def guild_returned(self, guild_id: int) -> bool:
        """Forget a removal of ``guild_id`` (the bot is back); whether there was one."""
        return bool(await self.backend.execute(sql.DELETE_GUILD_DEPARTURE, (guild_id,)))

    async def guild_departures(self) -> list[tuple[int, float]]:
        """Servers that removed the bot and when, oldest first."""
        rows = await self.backend.fetchall(sql.SELECT_GUILD_DEPARTURES)
        return [(row["guild_id"], row["left_at"]) for row in rows]


def puzzle_export(rows: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """The puzzle part of an export (docs/puzzles.md) from the member's rows of
    ``puzzle_players``, ``puzzle_attempts`` and ``puzzles``: ``rating`` (Glicko-2
    ``rating``, ``rd``, ``volatility``; ``None`` before a first answer), ``answered``,
    ``solved``, ``streak`` (``days``, ``best``, ``last_day``), ``answers`` (``puzzle_id``,
    ``answer``, ``solved``, ``rating_before``, ``rating_after``, ``day``,
    ``answered_at``) and ``from_your_matches`` (``puzzle_id``, ``match_id``,
    ``server_id``, ``step``: the decision's number in the match, 1-based)."""
    player = rows["puzzle_players"][0] if rows["puzzle_players"] else None
    return {
        "rating": None if player is None else _pick(player, "rating", "rd", "volatility"),
        "answered": 0 if player is None else player["attempts"],
        "solved": 0 if player is None else player["solved"],
        "streak": None
        if player is None
        else {
            "days": player["streak"],
            "best": player["streak_best"],
            "last_day": iso_day(player["last_day"]),
        },
        "answers": [
            {"puzzle_id": r["puzzle_id"], "answer": r["action"], "solved": bool(r["solved"])}
            | _pick(r, "rating_before", "rating_after")
            | {"day": iso_day(r["day"]), "answered_at": iso_time(r["answered_at"])}
            for r in rows["puzzle_attempts"]
        ],
        "from_your_matches": [
            {
                "puzzle_id": r["id"],
                "match_id": r["match_id"],
                "server_id": str(r["guild_id"]),
                "step": r["decision_index"] + 1,
            }
            for r in rows["puzzles"]
        ],
    }


def iso_time(seconds: float | None) -> str | None:
    """Unix ``seconds`` as an ISO 8601 UTC time to the second (``"2026-11-29T02:15:00Z"``),
    or None."""
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_day(day: int | None) -> str | None:
    """A UTC day number (days since 1970-01-01, :func:`bot.engine.daily.day_of`) as an
    ISO 8601 date (``"2025-11-27"``), or None."""
    if day is None:
        return None
    return (date(1970, 1, 1) + timedelta(days=day)).isoformat()


def _flag(value: int | None) -> bool | None:
    return None if value is None else bool(value)


def _times(row: dict[str, Any], *keys: str) -> dict[str, str | None]:
    """The columns ``keys`` of ``row`` (Unix seconds) as :func:`iso_time` strings."""
    return {key: iso_time(row[key]) for key in keys}


def _pick(row: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: row[key] for key in keys}


def _json_list(text: str | None) -> list[Any]:
    try:
        found = json.loads(text or "[]")
    except ValueError:
        return []
    return found if isinstance(found, list) else []


def _json_object(text: str | None) -> dict[str, Any]:
    try:
        found = json.loads(text or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _queue_of(entries: list[dict[str, Any]], ratings: list[dict[str, Any]]) -> dict[str, Any]:
    """The member's place in the ranked queue (their latest) and their queue rating
    (docs/queue.md), as exported."""
    entry = entries[0] if entries else None
    rating = ratings[0] if ratings else None
    return {
        "latest_entry": None
        if entry is None
        else {
            "status": entry["status"],
            "queued_from_server_id": None if entry["guild_id"] is None else str(entry["guild_id"]),
            "name": entry["name"],
            "joined_at": iso_time(entry["joined_at"]),
            "ended_at": iso_time(entry["ended_at"]),
            "match_id": entry["match_id"],
        },
        "rating": None
        if rating is None
        else _pick(rating, "mu", "sigma", "matches", "wins", "losses", "draws")
        | {"last_played": iso_time(rating["last_played"])},
    }


async def _ladder_of(backend: Any, user_id: int, now: float) -> dict[str, Any] | None:
    """The member's entry on the global ladder (docs/ladder.md), as exported: ``None``
    when they are not on it."""
    entry = await LadderStore(backend).export_ladder(user_id, now)
    if entry is not None:
        entry["joined_at"] = iso_time(entry["joined_at"])
    return entry


def _match_for(row: Any, user_id: int) -> dict[str, Any]:
    seat = 0 if row["player0_id"] == user_id else 1
    other_id = row["player1_id"] if seat == 0 else row["player0_id"]
    names = _json_object(row["ui"]).get("names")
    other_name = names[1 - seat] if isinstance(names, list) and len(names) == 2 else None
    if row["ai_level"] is not None:
        opponent: dict[str, Any] = {"kind": "bot", "level": row["ai_level"]}
    elif is_erased(other_id) or other_name == ERASED_NAME:
        opponent = {"kind": "deleted member"}
    else:
        opponent = {"kind": "member", "id": str(other_id), "name": other_name}
    if row["status"] != "finished":
        outcome = None
    elif row["result"] is None:
        outcome = "no-result"
    elif row["winner_id"] is None:
        outcome = "draw"
    else:
        outcome = "win" if row["winner_id"] == user_id else "loss"
    return {
        "id": row["id"],
        "server_id": str(row["guild_id"]),
        "status": row["status"],
        "started_at": iso_time(row["started_at"]),
        "ended_at": iso_time(row["ended_at"]),
        "season": row["season"],
        "turns": row["turns"],
        "reason": row["reason"],
        "outcome": outcome,
        "your_seat": seat,
        "opponent": opponent,
    }
