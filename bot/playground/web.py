"""The playground's page: static files, and one WebSocket per browser tab acting as one member.

Routes (added to the emulator's own aiohttp app, before its Discord catch-all):

* ``GET /`` the page; ``GET /static/{name}`` its CSS, JavaScript modules and icon (all local);
* ``GET /playground/files/{attachment_id}/{filename}`` message attachments, with their type;
* ``GET /playground/ws?member=alice`` the live connection.

The page's own labels are in ``static/labels.json`` (one dictionary per language the
selector offers, :data:`LOCALES`); the bot's texts come from the bot, in the tab's locale.

Protocol (JSON text frames). The server sends ``ready`` (the world as that member sees it,
with each member's ``roles``: owner, moderator or member, the server's roles in
``guild_roles`` and who holds which in ``member_roles``, each channel's ``send_block``: why
the member's client refuses to post there, and ``suggested``, the command the empty #general
suggests, named in the tab's language),
then ``message`` / ``delete`` as messages are created, edited and deleted, ``status`` when the
bot goes on- or offline or re-registers its commands, and per action ``result`` (``ok``,
``failed`` = "This interaction failed", ``error`` = refused before reaching the bot, with a
``code`` when the page has words for it, ``modal``)
or ``choices`` (autocomplete). The page sends ``locale``, ``command``, ``autocomplete``,
``click``, ``select``, ``modal`` and ``send``; each action carries a ``nonce`` echoed back.

About 650 lines: the page's server side is one protocol, read best in one file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import mimetypes
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from emulator.models import (
    INTERACTION_APPLICATION_COMMAND,
    Channel,
    Guild,
    InteractionRecord,
    Message,
    User,
)
from emulator.permissions import ADMINISTRATOR, MANAGE_GUILD
from emulator.server import Emulator
from emulator_driver.driver import UserDriver

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).resolve().with_name("static")
#: Locales the page offers (Discord locale codes), with their names.
LOCALES = {"en-US": "English", "it": "Italiano", "pl": "Polski", "ja": "日本語"}
#: How often the status (bot online, commands registered) is checked, in seconds.
STATUS_INTERVAL = 0.25
#: The command the empty #general suggests (default names; shown in the tab's language).
SUGGESTED_COMMAND = "bingo challenge"
#: Option types whose values are snowflakes (user, channel, role, mentionable): the page
#: sends the id its picker chose, as Discord's client does.
ID_OPTION_TYPES = (6, 7, 8, 9)


@dataclass(eq=False)
class Tab:
    """One browser tab: the member it acts as, its locale, and its outgoing frames."""

    user: User
    locale: str
    ws: web.WebSocketResponse
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def send(self, frame: dict[str, Any] | None) -> None:
        """Queue ``frame`` for this tab (frames leave in order; None stops the tab's sender)."""
        self.queue.put_nowait(frame)


class PlaygroundWeb:
    """The page and its live connections for ``members`` of ``guild`` in ``emu``.

    ``notices`` are shown at the top of the page (e.g. "a .env file was ignored").
    Register with ``emu.extra_routes.extend(web.routes())`` before ``emu.start()`` and
    ``emu.message_listeners.append(web.on_message)`` (and ``emu.channel_listeners.append(
    web.on_channel)`` for threads); ``start()`` / ``close()`` run the
    status watcher and close the sockets.
    """

    def __init__(
        self,
        emu: Emulator,
        guild: Guild,
        channel: Channel,
        members: dict[str, User],
        *,
        notices: list[str] | None = None,
        elsewhere: dict[int, tuple[Guild, Channel]] | None = None,
    ) -> None:
        self.emu = emu
        self.guild = guild
        self.channel = channel
        self.members = members
        #: user id -> the server (and its first channel) of a member who is not in
        #: ``guild`` (the playground's second server); everyone else's is ``guild``.
        self.elsewhere = dict(elsewhere or {})
        self.notices = list(notices or [])
        self.tabs: set[Tab] = set()
        self._status: dict[str, Any] = {}
        self._watcher: asyncio.Task[None] | None = None

    # ================================================================ lifecycle
    def routes(self) -> list[web.RouteDef]:
        """The page's routes, to add to the emulator's app."""
        return [
            web.get("/", self.index),
            web.get("/static/{name}", self.static),
            web.get("/playground/files/{attachment_id}/{filename}", self.attachment),
            web.get("/playground/ws", self.socket),
            web.get("/favicon.ico", self.favicon),
        ]

    async def start(self) -> None:
        """Start watching the bot's status (online, registered commands)."""
        self._status = self.status()
        self._watcher = asyncio.create_task(self._watch(), name="playground-status")

    async def close(self) -> None:
        """Stop the watcher and close every tab's socket."""
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
        for tab in list(self.tabs):
            for task in list(tab.tasks):
                task.cancel()
            tab.send(None)
            with contextlib.suppress(Exception):
                await tab.ws.close()

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(STATUS_INTERVAL)
            current = self.status()
            if current != self._status:
                self._status = current
                for tab in self.tabs:
                    tab.send(self.status_frame(tab.locale))

    def suggested(self, locale: str) -> str:
        """:data:`SUGGESTED_COMMAND` as a client in ``locale`` shows it."""
        commands = [*self.emu.guild_commands.get(self.guild.id, {}).values()]
        commands += self.emu.global_commands.values()
        return localized_path(commands, SUGGESTED_COMMAND, locale)

    def status_frame(self, locale: str) -> dict[str, Any]:
        """The ``status`` frame for a tab in ``locale``: the status, the commands and the
        suggested command as that client shows them."""
        return {
            "op": "status",
            **self.status(),
            "commands": self.commands(locale),
            "suggested": self.suggested(locale),
        }

    def status(self) -> dict[str, Any]:
        """``{"bot_online": bool, "syncs": int}``."""
        return {
            "bot_online": bool(self.emu.gateway.connected_sessions()),
            "syncs": self.emu.command_syncs,
        }

    # ================================================================ HTTP
    async def index(self, request: web.Request) -> web.StreamResponse:
        """The page."""
        return web.FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    async def static(self, request: web.Request) -> web.StreamResponse:
        """A file of ``static/`` (404 for anything else)."""
        name = request.match_info["name"]
        path = (STATIC_DIR / name).resolve()
        if path.parent != STATIC_DIR or not path.is_file():
            raise web.HTTPNotFound()
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".js":
            content_type = "text/javascript"
        return web.FileResponse(
            path, headers={"Content-Type": content_type, "Cache-Control": "no-cache"}
        )

    async def favicon(self, request: web.Request) -> web.StreamResponse:
        """Browsers ask for it whatever the page says."""
        raise web.HTTPFound("/static/icon.svg")

    async def attachment(self, request: web.Request) -> web.StreamResponse:
        """An attachment's bytes with the content type it was uploaded with."""
        try:
            attachment_id = int(request.match_info["attachment_id"])
            data = self.emu.attachment_data[attachment_id]
        except (ValueError, KeyError):
            raise web.HTTPNotFound() from None
        content_type = "application/octet-stream"
        for message in self.emu.messages.values():
            for att in message.attachments:
                if str(att.get("id")) == str(attachment_id):
                    content_type = att.get("content_type") or content_type
        return web.Response(body=data, content_type=content_type.split(";")[0])

    # ================================================================ WebSocket
    async def socket(self, request: web.Request) -> web.StreamResponse:
        """One tab's live connection; ``?member=name`` (default: the first member)."""
        name = request.query.get("member") or next(iter(self.members))
        user = self.members.get(name)
        if user is None:
            raise web.HTTPNotFound(text=f"no member {name!r}")
        locale = request.query.get("locale") or "en-US"
        ws = web.WebSocketResponse(heartbeat=20)
        await ws.prepare(request)
        tab = Tab(user=user, locale=locale if locale in LOCALES else "en-US", ws=ws)
        self.tabs.add(tab)
        writer = asyncio.create_task(self._write(tab), name=f"playground-ws-{name}")
        tab.send(self.ready(tab))
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                try:
                    data = json.loads(frame.data)
                except ValueError:
                    continue
                if isinstance(data, dict):
                    self.handle(tab, data)
        finally:
            self.tabs.discard(tab)
            tab.send(None)
            for task in list(tab.tasks):
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        return ws

    async def _write(self, tab: Tab) -> None:
        while True:
            frame = await tab.queue.get()
            if frame is None or tab.ws.closed:
                return
            try:
                await tab.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    # ================================================================ what a member sees
    def home(self, user: User) -> tuple[Guild, Channel]:
        """The server ``user`` sees in the page, and its first channel."""
        return self.elsewhere.get(user.id, (self.guild, self.channel))

    def channels_for(self, user: User) -> list[Channel]:
        """The member's server's text channels, each followed by its threads (oldest
        first), then the member's DM with the bot."""
        found: list[Channel] = []
        for cid in self.home(user)[0].channel_ids:
            found.append(self.emu.channels[cid])
            found.extend(self.emu.threads_of(cid))
        return [*found, self.emu.dm_channel(user)]

    def ready(self, tab: Tab) -> dict[str, Any]:
        """Everything the page needs to draw itself for ``tab.user``."""
        emu = self.emu
        driver = UserDriver(emu, tab.user)
        channels = self.channels_for(tab.user)
        guild, channel = self.home(tab.user)
        messages = [
            self.message_json(m, tab.user)
            for ch in channels
            for m in emu.channel_messages(ch)
            if driver.can_see(m)
        ]
        return {
            "op": "ready",
            "me": user_json(tab.user),
            "bot": user_json(emu.bot_user),
            "guild": {"id": str(guild.id), "name": guild.name},
            "channels": [self.channel_json(ch, tab.user) for ch in channels],
            "members": [
                user_json(u)
                for u in [emu.bot_user, *self.members.values()]
                if u.id in guild.members or u.id == emu.bot_user.id
            ],
            "guild_roles": self.guild_roles(guild),
            "member_roles": self.member_roles(guild),
            "member_names": list(self.members),
            "roles": {
                name: self.role_of(user, guild, channel) for name, user in self.members.items()
            },
            "locale": tab.locale,
            "locales": LOCALES,
            "notices": self.notices,
            "commands": self.commands(tab.locale),
            "suggested": self.suggested(tab.locale),
            "messages": messages,
            "ack_deadline": emu.ack_deadline,
            **self.status(),
        }

    def role_of(
        self, user: User, guild: Guild | None = None, channel: Channel | None = None
    ) -> str:
        """``"owner"`` (owns the server, the playground's first one by default),
        ``"moderator"`` (Manage Server or Administrator in its first channel: the bot's
        settings and tournaments are theirs), ``"member"``, or ``"elsewhere"`` (not a
        member of it)."""
        guild, channel = guild or self.guild, channel or self.channel
        if user.id not in guild.members:
            return "elsewhere"
        if guild.owner_id == user.id:
            return "owner"
        if self.emu.permissions_for(user, channel) & (MANAGE_GUILD | ADMINISTRATOR):
            return "moderator"
        return "member"

    def guild_roles(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """The server's roles as Discord's role picker lists them, highest first, @everyone
        last: ``[{"id", "name", "color", "managed"}]`` (``color`` 0 for none)."""
        guild = guild or self.guild
        roles = sorted(guild.roles.values(), key=lambda r: (r.id != guild.id, r.position))
        return [
            {"id": str(r.id), "name": r.name, "color": r.color, "managed": r.managed}
            for r in reversed(roles)
        ]

    def member_roles(self, guild: Guild | None = None) -> dict[str, list[str]]:
        """User id -> the ids of their roles (without @everyone), for the page's members."""
        found = {}
        for user in [self.emu.bot_user, *self.members.values()]:
            member = (guild or self.guild).members.get(user.id)
            if member is not None:
                found[str(user.id)] = [str(r) for r in member.roles]
        return found

    def channel_json(self, channel: Channel, viewer: User) -> dict[str, Any]:
        """``{"id", "kind": "text"|"thread"|"dm", "name", "send_block"}`` as ``viewer`` sees
        it (a DM is named after the bot; ``send_block``: None, ``"thread_locked"`` or
        ``"missing_permissions"``, :meth:`UserDriver.cannot_send`); a thread adds
        ``parent_id``, ``archived`` and ``locked``."""
        block = UserDriver(self.emu, viewer).cannot_send(channel)
        if channel.is_dm:
            return {
                "id": str(channel.id),
                "kind": "dm",
                "name": self.emu.bot_user.username,
                "send_block": block,
            }
        if channel.is_thread:
            return {
                "id": str(channel.id),
                "kind": "thread",
                "name": channel.name,
                "parent_id": str(channel.parent_id),
                "archived": channel.archived,
                "locked": channel.locked,
                "send_block": block,
            }
        return {"id": str(channel.id), "kind": "text", "name": channel.name, "send_block": block}

    def commands(self, locale: str | None = None) -> list[dict[str, Any]]:
        """Slash commands the bot registered: this server's, then global ones, named as a
        client in ``locale`` shows them (their localizations, if the bot gave any)."""
        found = self.emu.commands(self.guild, locale=locale) + self.emu.commands(locale=locale)
        return [c for c in found if c.get("type", 1) == 1]

    def message_json(self, message: Message, viewer: User) -> dict[str, Any]:
        """A message as the page draws it (attachment URLs point at this app)."""
        emu = self.emu
        attachments = []
        for att in message.attachments:
            item = dict(att)
            item["url"] = f"/playground/files/{att['id']}/{att['filename']}"
            attachments.append(item)
        used = None
        rec = emu.interactions.get(message.interaction_id or 0)
        if rec is not None and rec.type == INTERACTION_APPLICATION_COMMAND:
            used = {"user": user_json(rec.user), "command": typed_command_path(emu, rec)}
        return {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": user_json(message.author),
            "content": message.content,
            "embeds": message.embeds,
            "components": message.components,
            "attachments": attachments,
            "flags": message.flags,
            "ephemeral": message.ephemeral,
            "loading": message.loading,
            "edited": message.edited_at is not None,
            "timestamp": message.created_at.isoformat(),
            "order": message.created_order,
            "used": used,
            "mine": message.author.id == viewer.id,
            # the answer to this member's own command or click: the page scrolls to it
            "answers_me": message.interaction_user_id == viewer.id,
            "thread_id": str(message.thread_id) if message.thread_id is not None else None,
        }

    def on_message(self, event: str, message: Message) -> None:
        """Emulator listener: forward a created/edited/deleted message to the tabs that see it."""
        for tab in self.tabs:
            visible = message.visible_for(tab.user.id) and self.emu.can_view_channel(
                tab.user, message.channel_id
            )
            if not visible:
                continue
            if message.deleted:
                tab.send(
                    {"op": "delete", "id": str(message.id), "channel_id": str(message.channel_id)}
                )
            else:
                tab.send({"op": "message", "message": self.message_json(message, tab.user)})

    def on_channel(self, event: str, channel: Channel) -> None:
        """Emulator listener: a thread was created or changed; tabs that see it redraw it."""
        for tab in self.tabs:
            if self.emu.can_view_channel(tab.user, channel):
                tab.send({"op": "channel", "channel": self.channel_json(channel, tab.user)})

    # ================================================================ actions
    def handle(self, tab: Tab, data: dict[str, Any]) -> None:
        """Dispatch one frame from the page."""
        op = data.get("op")
        nonce = data.get("nonce")
        if op == "locale":
            locale = str(data.get("locale"))
            if locale in LOCALES:
                tab.locale = locale
                tab.send(self.status_frame(locale))
            return
        actions: dict[str, Callable[[UserDriver, dict[str, Any]], Awaitable[Any]]] = {
            "command": self._command,
            "autocomplete": self._autocomplete,
            "click": self._click,
            "select": self._select,
            "modal": self._modal,
            "send": self._send,
        }
        action = actions.get(str(op))
        if action is None:
            tab.send({"op": "result", "nonce": nonce, "status": "error", "text": f"unknown {op}"})
            return
        task = asyncio.create_task(self._run(tab, nonce, action, data))
        tab.tasks.add(task)
        task.add_done_callback(tab.tasks.discard)
        task.add_done_callback(_log_failure)

    async def _run(
        self,
        tab: Tab,
        nonce: Any,
        action: Callable[[UserDriver, dict[str, Any]], Awaitable[Any]],
        data: dict[str, Any],
    ) -> None:
        # The interaction is dispatched synchronously at the start of the driver call, so the
        # tab's locale is the one the member sees, even with several tabs of one member.
        tab.user.locale = tab.locale
        driver = UserDriver(self.emu, tab.user)
        try:
            outcome = await action(driver, data)
        except Refused as exc:
            tab.send(
                {
                    "op": "result",
                    "nonce": nonce,
                    "status": "error",
                    "text": str(exc),
                    "code": exc.code,
                }
            )
            return
        except (
            LookupError,
            ValueError,
            TypeError,
            RuntimeError,
            NotImplementedError,
            PermissionError,  # e.g. a post in a locked thread (UserDriver.send)
        ) as exc:
            tab.send({"op": "result", "nonce": nonce, "status": "error", "text": str(exc)})
            return
        except AssertionError as exc:  # autocomplete not answered
            tab.send({"op": "choices", "nonce": nonce, "choices": [], "text": str(exc)})
            return
        except Exception as exc:  # a bug here: the page still hears of it
            log.exception("playground action %s failed", data.get("op"))
            tab.send({"op": "result", "nonce": nonce, "status": "error", "text": repr(exc)})
            return
        if isinstance(outcome, list):
            tab.send({"op": "choices", "nonce": nonce, "choices": outcome})
            return
        tab.send({"op": "result", "nonce": nonce, **interaction_outcome(outcome)})

    def _channel(self, driver: UserDriver, data: dict[str, Any]) -> Channel:
        channel = self.emu.get_channel(int(data["channel_id"]))
        if not self.emu.can_view_channel(driver.user, channel):
            raise LookupError("you cannot see that channel")
        return channel

    def _options(self, channel: Channel, name: str, options: Any) -> dict[str, Any]:
        """Page option values, with user, channel, role and mentionable options (the id the
        page's picker chose) turned into ids the driver resolves.

        Raises TypeError for such an option whose value is not an id."""
        if not isinstance(options, dict):
            raise TypeError("options must be an object")
        level = option_definitions(self.emu, channel, name)
        converted = {}
        for key, value in options.items():
            definition = level.get(key)
            if definition is not None and definition["type"] in ID_OPTION_TYPES:
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    raise TypeError(f"option {key!r}: pick one from the list") from None
            converted[str(key)] = value
        return converted

    async def _command(self, driver: UserDriver, data: dict[str, Any]) -> InteractionRecord:
        channel = self._channel(driver, data)
        name = str(data.get("name", ""))
        options = self._options(channel, name, data.get("options") or {})
        return await driver.slash(channel, name, **options)

    async def _autocomplete(self, driver: UserDriver, data: dict[str, Any]) -> list[Any]:
        """Choices for the focused option; none if the partial command does not validate."""
        channel = self._channel(driver, data)
        name = str(data.get("name", ""))
        focused = str(data.get("focused", ""))
        raw = data.get("options") or {}
        options = self._options(channel, name, raw)
        options[focused] = str(raw.get(focused, "")) if isinstance(raw, dict) else ""
        try:
            return await driver.autocomplete(channel, name, focused=focused, **options)
        except (LookupError, ValueError, TypeError, AssertionError) as exc:
            log.info("autocomplete of %s [%s]: %s", name, focused, exc)
            return []

    def _message(self, driver: UserDriver, data: dict[str, Any]) -> Message:
        message = self.emu.messages.get(int(data["message_id"]))
        if message is None or not driver.can_see(message):
            raise LookupError("that message is gone")
        return message

    async def _click(self, driver: UserDriver, data: dict[str, Any]) -> InteractionRecord:
        message = self._message(driver, data)
        return await driver.click(message, custom_id=str(data["custom_id"]))

    async def _select(self, driver: UserDriver, data: dict[str, Any]) -> InteractionRecord:
        message = self._message(driver, data)
        values = [str(v) for v in data.get("values") or []]
        return await driver.select(message, values, custom_id=str(data["custom_id"]))

    async def _modal(self, driver: UserDriver, data: dict[str, Any]) -> InteractionRecord:
        rec = self.emu.interactions.get(int(data["interaction_id"]))
        if rec is None or rec.user.id != driver.user.id:
            raise LookupError("that form is gone")
        values = data.get("values") or {}
        if not isinstance(values, dict):
            raise TypeError("values must be an object")
        return await driver.submit_modal(rec, values)

    async def _send(self, driver: UserDriver, data: dict[str, Any]) -> None:
        channel = self._channel(driver, data)
        content = str(data.get("content", ""))[:2000]
        reason = driver.cannot_send(channel)
        if reason is not None:  # e.g. locked after the page last heard of the thread
            raise Refused(reason, f"{driver.user.username} cannot post in {channel.name}: {reason}")
        if content.strip():
            await driver.send(channel, content)


class Refused(PermissionError):
    """What the member's client would not let them do; ``code`` names it for the page
    (``"thread_locked"``, ``"missing_permissions"``: its label ``send_block_<code>``)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


def _log_failure(task: asyncio.Task[None]) -> None:
    """Done callback of a tab's action: log what :meth:`PlaygroundWeb._run` did not expect
    (retrieving it, so asyncio never reports "Task exception was never retrieved")."""
    if not task.cancelled() and task.exception() is not None:
        log.error("playground action failed", exc_info=task.exception())


def user_json(user: User) -> dict[str, Any]:
    """``{"id", "name", "bot"}``."""
    return {"id": str(user.id), "name": user.display_name, "bot": user.bot}


def command_path(rec: InteractionRecord) -> str:
    """``"bingo challenge"`` for an application command interaction."""
    data = rec.payload.get("data") or {}
    parts = [str(data.get("name", ""))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        parts.append(str(options[0].get("name")))
        options = options[0].get("options") or []
    return " ".join(parts)


def typed_command_path(emu: Emulator, rec: InteractionRecord) -> str:
    """The command of an application command interaction as its user typed it: each name in
    the interaction's ``locale`` when the bot registered a localization (``"aiuto"`` for
    ``/help`` from an Italian client), as Discord's "used /…" line shows it."""
    data = rec.payload.get("data") or {}
    candidates = list(emu.global_commands.values())
    for store in emu.guild_commands.values():
        candidates.extend(store.values())
    command = next((c for c in candidates if str(c.get("id")) == str(data.get("id"))), None)
    path = command_path(rec)
    if command is None:
        return path
    return localized_path([command], path, str(rec.payload.get("locale") or ""))


def localized_path(commands: list[dict[str, Any]], path: str, locale: str) -> str:
    """``path`` (default names, ``"bingo challenge"``) as a client in ``locale`` shows it,
    looked up in ``commands`` (registration payloads); ``path`` itself if it is not there."""
    level = commands
    parts = []
    for name in path.split(" "):
        node = next((o for o in level if o.get("name") == name), None)
        if node is None:
            return path
        parts.append((node.get("name_localizations") or {}).get(locale) or name)
        level = [o for o in node.get("options") or [] if o.get("type") in (1, 2)]
    return " ".join(parts)


def option_definitions(emu: Emulator, channel: Channel, name: str) -> dict[str, dict[str, Any]]:
    """The options (by name) of command ``name`` (``"group sub"``) usable in ``channel``;
    empty if there is no such command (the driver then reports it)."""
    parts = name.strip().lstrip("/").split()
    if not parts:
        return {}
    candidates = list(emu.global_commands.values())
    if channel.guild_id is not None:
        candidates = list(emu.guild_commands.get(channel.guild_id, {}).values()) + candidates
    command = next((c for c in candidates if c.get("name") == parts[0]), None)
    level = (command or {}).get("options") or []
    for part in parts[1:]:
        sub = next((o for o in level if o.get("name") == part and o.get("type") in (1, 2)), None)
        level = (sub or {}).get("options") or []
    return {o["name"]: o for o in level if o.get("type") not in (1, 2)}


def interaction_outcome(rec: InteractionRecord | None) -> dict[str, Any]:
    """``status``: ``ok``, ``modal`` (with the form) or ``failed`` (not answered in time)."""
    if rec is None:
        return {"status": "ok"}
    if not rec.acknowledged:
        return {"status": "failed", "interaction_id": str(rec.id)}
    if rec.modal is not None and not rec.modal_submitted:
        return {"status": "modal", "interaction_id": str(rec.id), "modal": rec.modal}
    message = rec.message
    return {
        "status": "ok",
        "interaction_id": str(rec.id),
        "message_id": str(message.id) if message is not None else None,
    }
