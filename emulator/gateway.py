"""Gateway v10 (JSON, uncompressed text frames) for the emulator.

Protocol handled: op 10 Hello -> op 2 Identify (token checked) -> READY + GUILD_CREATE per guild;
op 1 heartbeat -> op 11 ack (after a network round trip, ``heartbeat_ack_delay``);
IDENTIFY's ``shard: [id, count]`` makes a session receive only its guilds' events (those with
``(guild_id >> 22) % count == id``) and, on shard 0, DMs; a bad pair closes with 4010;
op 6 Resume -> replay of missed dispatches (with their original
sequence numbers) + RESUMED; op 8 Request Guild Members -> GUILD_MEMBERS_CHUNK; op 3/4 ignored.
The server can send op 7 Reconnect and op 9 Invalid Session.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from emulator import payloads
from emulator.faults import RequestLog
from emulator.payloads import dumps

if TYPE_CHECKING:
    from emulator.server import Emulator

log = logging.getLogger(__name__)

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

#: The interval Discord's HELLO gives (docs: Gateway, "Sending Heartbeats"), in milliseconds.
HEARTBEAT_INTERVAL_MS = 41250
#: Seconds between a heartbeat and its ACK: the network's round trip to Discord (tens of
#: milliseconds), which the emulator, on the same machine, must add itself. discord.py's
#: ``KeepAliveHandler`` records a heartbeat's send time in its own thread only after the loop
#: has written the frame; an ACK arriving before that is measured against the PREVIOUS
#: heartbeat, a whole interval earlier, and logs "Can't keep up, shard ID None websocket is
#: 41.3s behind" (discord/gateway.py, ``KeepAliveHandler.run`` and ``ack``).
HEARTBEAT_ACK_DELAY = 0.1
REPLAY_BUFFER = 5000


@dataclass(frozen=True)
class _Close:
    code: int
    message: str


@dataclass(eq=False)
class GatewaySession:
    """An identified gateway session; survives disconnects so it can be resumed."""

    session_id: str
    intents: int
    shard: tuple[int, int] | None = None
    seq: int = 0
    buffer: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=REPLAY_BUFFER))
    connection: GatewayConnection | None = None
    invalidated: bool = False
    ready: bool = False

    def wants(self, intent: int | None) -> bool:
        """True if this session subscribed to ``intent`` (None = always delivered)."""
        return intent is None or bool(self.intents & intent)


@dataclass(eq=False)
class GatewayConnection:
    """One websocket connection; frames go through a queue so their order is preserved."""

    ws: web.WebSocketResponse
    queue: asyncio.Queue[str | _Close] = field(default_factory=asyncio.Queue)
    session: GatewaySession | None = None
    closed: bool = False

    def send(self, payload: dict[str, Any]) -> None:
        """Queue a JSON payload."""
        if not self.closed:
            self.queue.put_nowait(dumps(payload).decode())

    def send_frame(self, frame: str) -> None:
        """Queue an already encoded frame."""
        if not self.closed:
            self.queue.put_nowait(frame)

    def close(self, code: int, message: str = "") -> None:
        """Queue a close (after the frames already queued)."""
        if not self.closed:
            self.queue.put_nowait(_Close(code, message))

    async def run_writer(self) -> None:
        """Write queued frames until a close is requested or the socket dies."""
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, _Close):
                    self.closed = True
                    await self.ws.close(code=item.code, message=item.message.encode())
                    return
                await self.ws.send_str(item)
        except (ConnectionError, RuntimeError) as exc:
            log.debug("gateway writer stopped: %r", exc)


class Gateway:
    """Gateway endpoint plus session bookkeeping for one Emulator."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: set[GatewayConnection] = set()
        self.identify_count = 0
        self.resume_count = 0
        #: HELLO's ``heartbeat_interval`` (ms) and the ACK's delay (s); tests may shorten the
        #: interval to see several heartbeats.
        self.heartbeat_interval_ms = HEARTBEAT_INTERVAL_MS
        self.heartbeat_ack_delay = HEARTBEAT_ACK_DELAY

    # ----------------------------------------------------------------- dispatch
    def live_sessions(self) -> list[GatewaySession]:
        """Sessions that receive dispatches (connected or resumable)."""
        return [s for s in self.sessions.values() if not s.invalidated]

    def connected_sessions(self) -> list[GatewaySession]:
        """Sessions with an open, READY connection."""
        return [
            s
            for s in self.live_sessions()
            if s.ready and s.connection is not None and not s.connection.closed
        ]

    def _session_gets_guild(self, session: GatewaySession, guild_id: int | None) -> bool:
        if session.shard is None:
            return True
        shard_id, count = session.shard
        if guild_id is None:  # DMs go to shard 0
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id

    def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int | None = None,
        guild_id: int | None = None,
        transform: Any = None,
    ) -> int:
        """Send a DISPATCH to every live session subscribed to ``intent``; return how many.

        ``transform(session, data) -> data`` may adapt the payload per session (e.g. strip
        message content without the MESSAGE_CONTENT intent). Nothing of a guild the bot is
        not in is sent, but the interactions of its members' user installs (and the
        GUILD_DELETE that says it was removed). Events for
        disconnected but resumable sessions are buffered and replayed on RESUME.
        """
        count = 0
        # GUILD_DELETE tells the bot it was removed: it is sent after its membership ends.
        if guild_id is not None and event not in ("INTERACTION_CREATE", "GUILD_DELETE"):
            guild = self.emu.guilds.get(guild_id)
            if guild is not None and self.emu.bot_user.id not in guild.members:
                return 0  # a guild the bot is not in (its members may have a user install)
        for session in self.live_sessions():
            if not session.wants(intent) or not self._session_gets_guild(session, guild_id):
                continue
            body = transform(session, data) if transform is not None else data
            self._dispatch_to(session, event, body)
            count += 1
        return count

    def _dispatch_to(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        self.emu.note_activity()
        session.seq += 1
        frame = dumps({"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data}).decode()
        session.buffer.append((session.seq, frame))
        if session.connection is not None:
            session.connection.send_frame(frame)
        log.debug("dispatch %s seq=%s to %s", event, session.seq, session.session_id)

    # ----------------------------------------------------------------- control
    def send_reconnect(self) -> int:
        """Send op 7 to every open connection; return how many got it."""
        count = 0
        for conn in list(self.connections):
            if not conn.closed:
                conn.send({"op": OP_RECONNECT, "d": None, "s": None, "t": None})
                count += 1
        return count

    def send_invalid_session(self, resumable: bool) -> int:
        """Send op 9 to every open connection (non-resumable also forgets the sessions)."""
        count = 0
        for conn in list(self.connections):
            if conn.closed:
                continue
            conn.send({"op": OP_INVALID_SESSION, "d": resumable, "s": None, "t": None})
            if not resumable and conn.session is not None:
                conn.session.invalidated = True
                conn.session.connection = None
                conn.session = None
            count += 1
        return count

    async def close_all(self) -> None:
        """Close every connection (1001 going away)."""
        for conn in list(self.connections):
            conn.closed = True
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001, message=b"emulator stopping")

    # ----------------------------------------------------------------- websocket
    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp handler for GET /gateway (websocket upgrade)."""
        if request.query.get("encoding", "json") != "json":
            self.emu.add_problem(f"gateway: unsupported encoding {request.query.get('encoding')!r}")
        for hold in self.emu.gateway_holds:
            if hold.matches("GET", "/gateway", None):
                entry = RequestLog("GET", "/gateway", None)
                if not await hold.hold(entry, request):
                    return web.Response(status=503)
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = GatewayConnection(ws)
        self.connections.add(conn)
        writer = asyncio.create_task(conn.run_writer(), name="emulator-gateway-writer")
        conn.send(
            {
                "op": OP_HELLO,
                "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                "s": None,
                "t": None,
            }
        )
        try:
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    raw = (
                        msg.data
                        if isinstance(msg.data, str)
                        else msg.data.decode("utf-8", "replace")
                    )
                    try:
                        self._on_message(conn, raw)
                    except Exception as exc:  # an emulator bug: report it, keep the socket
                        log.exception("emulator error handling a gateway frame")
                        self.emu.add_problem(f"emulator internal error on gateway frame: {exc!r}")
                elif msg.type == WSMsgType.ERROR:
                    break
                if conn.closed:
                    break
        finally:
            conn.closed = True
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self.connections.discard(conn)
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(_Close(1000, ""))
            try:
                await asyncio.wait_for(writer, timeout=1.0)
            except (TimeoutError, asyncio.CancelledError):
                writer.cancel()
            if not ws.closed:
                with contextlib.suppress(Exception):
                    await ws.close()
        return ws

    def _on_message(self, conn: GatewayConnection, raw: str) -> None:
        try:
            msg = json.loads(raw)
            op = msg["op"]
            data = msg.get("d")
        except (ValueError, KeyError, TypeError) as exc:
            self.emu.add_problem(f"gateway: could not parse frame {raw[:200]!r}: {exc}")
            conn.close(4002, "Decode error")
            return
        if op == OP_HEARTBEAT:
            ack = {"op": OP_HEARTBEAT_ACK, "d": None, "s": None, "t": None}
            asyncio.get_running_loop().call_later(self.heartbeat_ack_delay, conn.send, ack)
        elif op == OP_IDENTIFY:
            self._identify(conn, data or {})
        elif op == OP_RESUME:
            self._resume(conn, data or {})
        elif op == OP_REQUEST_MEMBERS:
            self._request_members(conn, data or {})
        elif op in (OP_PRESENCE, OP_VOICE_STATE):
            if conn.session is None:
                conn.close(4003, "Not authenticated")
            if op == OP_PRESENCE:
                self.emu.presence = data
        else:
            self.emu.add_problem(f"gateway: unknown opcode {op}")
            conn.close(4001, "Unknown opcode")

    def _identify(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        if conn.session is not None:
            self.emu.add_problem("gateway: IDENTIFY sent twice on one connection")
            conn.close(4005, "Already authenticated")
            return
        if data.get("token") != self.emu.bot_token:
            self.emu.add_problem("gateway: IDENTIFY with a bad token")
            conn.close(4004, "Authentication failed")
            return
        try:
            shard_tuple = _shard(data.get("shard"))
        except ValueError:
            self.emu.add_problem(f"gateway: IDENTIFY with an invalid shard {data.get('shard')!r}")
            conn.close(4010, "Invalid shard")
            return
        # A fresh IDENTIFY supersedes sessions of the same shard that were left disconnected
        # (another process's shards stay resumable).
        for old in self.sessions.values():
            if old.connection is None and (
                old.shard is None or shard_tuple is None or old.shard == shard_tuple
            ):
                old.invalidated = True
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            intents=int(data.get("intents", 0) or 0),
            shard=shard_tuple,
        )
        session.connection = conn
        conn.session = session
        self.sessions[session.session_id] = session
        self.identify_count += 1
        emu = self.emu
        guild_ids = [g.id for g in emu.guilds.values() if emu.bot_user.id in g.members]
        guild_ids = [gid for gid in guild_ids if self._session_gets_guild(session, gid)]
        ready = {
            "v": 10,
            "user": payloads.self_user_payload(emu.bot_user),
            "guilds": [{"id": str(gid), "unavailable": True} for gid in guild_ids],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": emu.gateway_url,
            "application": {"id": str(emu.application_id), "flags": emu.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["emulator"],
        }
        if shard_tuple is not None:
            ready["shard"] = list(shard_tuple)
        self._dispatch_to(session, "READY", ready)
        for gid in guild_ids:
            guild = emu.guilds[gid]
            self._dispatch_to(
                session,
                "GUILD_CREATE",
                payloads.gateway_guild_payload(
                    emu, guild, all_members=bool(session.intents & INTENT_GUILD_MEMBERS)
                ),
            )
        session.ready = True
        log.info(
            "gateway: session %s identified (intents=%s, shard=%s)",
            session.session_id,
            session.intents,
            shard_tuple,
        )

    def _resume(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        if data.get("token") != self.emu.bot_token:
            self.emu.add_problem("gateway: RESUME with a bad token")
            conn.close(4004, "Authentication failed")
            return
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq") or 0
        if session is None or session.invalidated or seq > session.seq:
            conn.send({"op": OP_INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        missed = [frame for s, frame in session.buffer if s > seq]
        if session.buffer and session.buffer[0][0] > seq + 1:
            conn.send({"op": OP_INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        if session.connection is not None and session.connection is not conn:
            session.connection.close(4000, "Session resumed elsewhere")
        session.connection = conn
        conn.session = session
        self.resume_count += 1
        for frame in missed:
            conn.send_frame(frame)
        self._dispatch_to(session, "RESUMED", {"_trace": ["emulator"]})
        log.info(
            "gateway: session %s resumed from seq %s (%d replayed)",
            session.session_id,
            seq,
            len(missed),
        )

    def _request_members(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            conn.close(4003, "Not authenticated")
            return
        guild = self.emu.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        members = list(guild.members.values())
        user_ids = data.get("user_ids")
        not_found: list[str] = []
        if user_ids:
            wanted = {int(u) for u in user_ids}
            members = [m for m in members if m.user.id in wanted]
            not_found = [str(u) for u in wanted - {m.user.id for m in members}]
        query = data.get("query")
        if query:
            members = [m for m in members if m.user.username.lower().startswith(str(query).lower())]
        limit = data.get("limit") or 0
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [payloads.member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": not_found,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        if data.get("presences"):
            chunk["presences"] = []
        self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)


def _shard(raw: Any) -> tuple[int, int] | None:
    """IDENTIFY's ``shard``: ``(id, count)``, or None when absent.

    Raises:
        ValueError: not two whole numbers with ``0 <= id < count``.
    """
    if raw is None:
        return None
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in raw)
    ):
        raise ValueError(raw)
    shard_id, count = raw
    if count < 1 or not 0 <= shard_id < count:
        raise ValueError(raw)
    return shard_id, count
