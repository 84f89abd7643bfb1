"""The bot's one outbox: every message it posts, edits, deletes or DMs outside an
interaction answer goes through here.

* **Priorities** (:class:`Priority`): ``TURN`` (the next decider's panel) is served before
  ``RESULT`` (a match's result), then ``PUBLIC`` (boards, challenges, thread creations,
  other posts), then ``TIDY`` (deleting superseded panels, other tidying). Defaults:
  :meth:`Outbox.dm` TURN (a DM is what a member acts on: their hand, their deal),
  :meth:`Outbox.send`, :meth:`Outbox.edit` and :meth:`Outbox.call` PUBLIC,
  :meth:`Outbox.delete` TIDY; a match's courier asks RESULT for its result.
* **Queues, pacing, retries** (:class:`bot.pacing.Pacer`, whose docstring details them): a
  queue per rate-limit bucket behind one global pacer that follows Discord's rate-limit
  headers; transient failures tried again with a bounded backoff.
* **One message, one nonce**: :meth:`Outbox.send` and :meth:`Outbox.dm` send every try
  of a message with the same nonce (``enforce_nonce``, :func:`once`), so a try Discord
  carried out but answered with a 503 or a dropped connection is not posted twice; files
  are uploaded whole on every try (:func:`with_fresh_files`).
* **DM channels**: opened once per user (one REST call), then remembered.
* **Closed DMs**: a DM refused with 403/50007 is remembered in the database and later
  DMs to that user are skipped (reported as :attr:`SendStatus.DM_CLOSED`) until the user
  asks again (``force=True``).
* **Gone**: 403/50013 or 403/50001 or 404/10003 on a channel is ``CHANNEL_GONE`` (the
  caller abandons what lives there, e.g. ``MatchRuntime.abandon``); 404/10008 on a
  message is ``MESSAGE_GONE`` (the caller posts a new one).

Nothing here raises for a Discord answer: every call returns a :class:`Sent`. The names of
:mod:`bot.pacing` callers use (``SendStatus``, ``Sent``, ``Priority``, ``classify``,
``bucket_of``...) are re-exported here.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol, cast

import discord
from discord.http import MultipartParameters, handle_message_parameters
from discord.webhook.async_ import async_context

from bot import metrics
from bot.pacing import (
    CANNOT_DM,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    Bucket,
    OutboxClosed,
    Pacer,
    Priority,
    SendStatus,
    Sent,
    bucket_of,
    classify,
)

__all__ = [
    "CANNOT_DM",
    "DMS_CLOSED_TRUST_SECONDS",
    "MISSING_ACCESS",
    "MISSING_PERMISSIONS",
    "ORIGINAL",
    "UNKNOWN_CHANNEL",
    "UNKNOWN_MESSAGE",
    "Bucket",
    "ClosedDms",
    "SendStatus",
    "Outbox",
    "OutboxClosed",
    "Priority",
    "Sent",
    "bucket_of",
    "classify",
]

log = logging.getLogger(__name__)


#: Seconds a process trusts what it last read of a member's closed DMs.
DMS_CLOSED_TRUST_SECONDS = 30.0


def new_nonce() -> str:
    """A message nonce: 64 random bits in decimal (at most 20 characters; Discord "Create
    Message" takes up to 25), as discord.py draws one for each ``send``."""
    return str(secrets.randbits(64))


#: The message id of an interaction's original response in Discord's webhook routes
#: ("Edit Original Interaction Response": ``PATCH
#: /webhooks/{application.id}/{interaction.token}/messages/@original``); discord.py's
#: webhook routes put the id given into the path as is.
ORIGINAL = cast(int, "@original")


def with_fresh_files(kwargs: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    """The keywords of one message for each try: ``kwargs`` with each ``discord.File``
    under ``file``, ``files`` or ``attachments`` read once now and made anew on every call
    (discord.py reads a file to its end when it uploads it and closes it afterwards, so a
    second try of the same ``File`` would upload nothing)."""
    makers: dict[str, Any] = {}
    for key in ("file", "files", "attachments"):
        value = kwargs.get(key)
        if isinstance(value, discord.File):
            makers[key] = _file_maker(value)
        elif isinstance(value, list | tuple) and any(isinstance(v, discord.File) for v in value):
            makers[key] = [_file_maker(v) if isinstance(v, discord.File) else v for v in value]
    if not makers:
        return lambda: kwargs

    def fields() -> dict[str, Any]:
        fresh = dict(kwargs)
        for key, maker in makers.items():
            if isinstance(maker, list):
                fresh[key] = [m() if callable(m) else m for m in maker]
            else:
                fresh[key] = maker()
        return fresh

    return fields


def _file_maker(file: discord.File) -> Callable[[], discord.File]:
    file.reset()
    data = file.fp.read()
    file.close()
    name, description = file.filename, file.description
    return lambda: discord.File(io.BytesIO(data), filename=name, description=description)


def once(kwargs: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    """The keywords of one new message for each try (:func:`with_fresh_files`), with one
    ``nonce`` for all of them (the caller's, else :func:`new_nonce`). discord.py sends a
    nonce with ``enforce_nonce: true``: when a try was carried out by Discord but its
    answer was lost (a 503, a dropped connection), the next one gets that message back
    instead of posting it twice (Discord "Create Message": "If another message was created
    by the same author with the same nonce, that message will be returned and no new
    message will be created"; it checks "the past few minutes")."""
    if kwargs.get("nonce") is None:
        kwargs = {**kwargs, "nonce": new_nonce()}
    return with_fresh_files(kwargs)


class ClosedDms(Protocol):
    """Where closed DMs are remembered (``bot.storage.Database`` has these methods)."""

    async def is_dm_closed(self, user_id: int) -> bool: ...

    async def mark_dm_closed(self, user_id: int, now: float) -> None: ...

    async def clear_dm_closed(self, user_id: int) -> None: ...


class Outbox(Pacer):
    """Prioritised, paced, retried delivery for one ``discord.Client``.

    ``closed_dms``: see :class:`ClosedDms`. ``per_second``, ``attempts``, ``backoff``,
    ``max_backoff``, ``sleep``, ``clock``: see :class:`~bot.pacing.Pacer`.

    Call :meth:`attach` with the client's ``http_trace`` before it logs in, so that pacing
    follows Discord's rate-limit headers.

    Raises:
        ValueError: ``per_second`` <= 0 or ``attempts`` < 1.
    """

    def __init__(
        self,
        client: discord.Client,
        closed_dms: ClosedDms,
        *,
        per_second: float = 45.0,
        attempts: int = 4,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(
            per_second=per_second,
            attempts=attempts,
            backoff=backoff,
            max_backoff=max_backoff,
            sleep=sleep,
            clock=clock,
        )
        self.client = client
        self.closed_dms = closed_dms
        self._dm_channels: dict[int, int] = {}
        #: user id -> the DM channel opening in flight and its priority (:meth:`dm_channel`).
        self._opening: dict[int, tuple[asyncio.Task[Sent[int]], Priority]] = {}
        #: user id -> the newest DM this process sent them (:meth:`last_dm`).
        self._last_dm: dict[int, int | None] = {}
        #: user id -> (DMs closed, ``time.monotonic()`` when read): :meth:`dms_closed`.
        self._dms_closed: dict[int, tuple[bool, float]] = {}

    # -- channels and messages ---------------------------------------------------------

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        """A messageable for ``channel_id`` (no request)."""
        return self.client.get_partial_messageable(channel_id)

    async def send(
        self, channel_id: int, *, priority: Priority = Priority.PUBLIC, **kwargs: Any
    ) -> Sent[discord.Message]:
        """Post a message (``channel.send(**kwargs)``) in ``channel_id``; bucket
        ``("post", channel_id)``. Every try carries the same nonce (:func:`once`)."""
        channel = self.channel(channel_id)
        message = once(kwargs)
        return await self.call(
            lambda: channel.send(**message()),
            what=f"post in {channel_id}",
            priority=priority,
            bucket=("post", channel_id),
        )

    async def edit(
        self, channel_id: int, message_id: int, *, priority: Priority = Priority.PUBLIC,
        **kwargs: Any,
    ) -> Sent[Any]:  # fmt: skip
        """Edit message ``message_id`` of ``channel_id`` (``MESSAGE_GONE`` if deleted);
        bucket ``("edit", channel_id)``. ``kwargs``: those of ``PartialMessage.edit``
        (``content``, ``embed``, ``embeds``, ``attachments``, ``view``,
        ``allowed_mentions``); ``Sent.value`` is the edited message as Discord returns it
        (a dict, "Message Object"): no caller reads it, so discord.py's route
        (``HTTPClient.edit_message``, which ``PartialMessage.edit`` calls) is used without
        building a ``discord.Message`` of it, with the parameters ``PartialMessage.edit``
        gives it (``handle_message_parameters``; the client's mention policy for new
        content). A view of controls is never kept by discord.py
        (:meth:`bot.ui.controls.Control.is_dispatchable`)."""
        http = self.client.http

        def route(params: MultipartParameters, message: dict[str, Any]) -> Awaitable[Any]:
            return http.edit_message(channel_id, message_id, params=params)

        return await self.call(
            self._editing(route, kwargs),
            what=f"edit {channel_id}/{message_id}",
            priority=priority,
            bucket=("edit", channel_id),
        )

    async def edit_original(
        self, webhook: discord.Webhook, *, what: str = "edit an interaction's response",
        **kwargs: Any,
    ) -> Sent[Any]:  # fmt: skip
        """Edit the original response of the interaction whose webhook is ``webhook``
        (``interaction.followup``: the application id and the interaction's token):
        ``PATCH /webhooks/{application.id}/{token}/messages/@original``, Discord's "Edit
        Original Interaction Response", at once and outside the global rate limit (Discord
        docs, Rate Limits: "Interaction endpoints are not bound to the bot's Global Rate
        Limit"). ``what`` names it in logs; ``kwargs``: as :meth:`edit`. As :meth:`edit`,
        the answer (a dict) is not made a ``discord.WebhookMessage``: discord.py's route
        (the webhook adapter's ``edit_webhook_message``, which ``Webhook.edit_message``
        calls) is used with the parameters ``Webhook.edit_message`` gives it.

        Raises:
            ValueError: ``webhook`` has no token.
        """
        token = webhook.token
        if token is None:
            raise ValueError("an interaction webhook has a token")

        def route(params: MultipartParameters, message: dict[str, Any]) -> Awaitable[Any]:
            return async_context.get().edit_webhook_message(
                webhook.id, token, ORIGINAL, session=webhook.session,
                proxy=webhook.proxy, proxy_auth=webhook.proxy_auth,
                payload=params.payload, multipart=params.multipart, files=params.files,
                with_components=bool(message.get("view")),
            )  # fmt: skip

        return await self.call(self._editing(route, kwargs), what=what, paced=False)

    def _editing(
        self,
        route: Callable[[MultipartParameters, dict[str, Any]], Awaitable[Any]],
        kwargs: dict[str, Any],
    ) -> Callable[[], Awaitable[Any]]:
        """One try of an edit: ``route(params, message)`` with the parameters of the
        message of ``kwargs`` (``handle_message_parameters``, files made anew for each
        try; the client's mention policy for new content), as discord.py's ``edit``
        methods build them."""
        mentions = self.client.allowed_mentions
        fields = with_fresh_files(kwargs)

        async def edit() -> Any:
            message = fields()
            previous = mentions if "content" in message else None
            with handle_message_parameters(previous_allowed_mentions=previous, **message) as params:
                return await route(params, message)

        return edit

    async def delete(
        self, channel_id: int, message_id: int, *, priority: Priority = Priority.TIDY
    ) -> Sent[Any]:
        """Delete message ``message_id`` of ``channel_id`` (the bot's own, or with Manage
        Messages). ``MESSAGE_GONE`` when it was already deleted. Bucket
        ``("delete", channel_id)``."""
        message = self.channel(channel_id).get_partial_message(message_id)
        return await self.call(
            message.delete,
            what=f"delete {channel_id}/{message_id}",
            priority=priority,
            bucket=("delete", channel_id),
        )

    # -- direct messages ---------------------------------------------------------------

    async def dm_channel(
        self, user_id: int, *, priority: Priority = Priority.TURN
    ) -> Sent[discord.PartialMessageable]:
        """The DM channel with ``user_id``: opened once (at ``priority``, bucket
        ``("open-dm",)``), then remembered. A caller asking while it is being opened at
        the same or a more urgent priority shares that request; a more urgent caller
        opens it again (Discord answers with the same channel)."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            pending, urgency = self._opening.get(user_id, (None, priority))
            if pending is None or priority < urgency:
                pending = asyncio.get_running_loop().create_task(
                    self._open_dm(user_id, priority), name=f"outbox:open DM {user_id}"
                )
                self._opening[user_id] = (pending, priority)
                self._background.add(pending)
                pending.add_done_callback(self._background.discard)
                pending.add_done_callback(lambda done: self._forget_opening(user_id, done))
            try:
                opened = await asyncio.shield(pending)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise  # this caller was cancelled
                # the shared opening was (the outbox closed under it)
                return Sent(SendStatus.FAILED, None, OutboxClosed("the outbox is closed"), 0)
            if not opened.ok:
                return Sent(opened.status, None, opened.error, opened.attempts)
            assert opened.value is not None
            channel_id = opened.value
        channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        return Sent(SendStatus.SENT, channel)

    def _forget_opening(self, user_id: int, task: asyncio.Task[Sent[int]]) -> None:
        if self._opening.get(user_id, (None,))[0] is task:
            del self._opening[user_id]

    async def _open_dm(self, user_id: int, priority: Priority) -> Sent[int]:
        """Open the DM channel with ``user_id`` and remember its id; ``Sent.value`` is
        that id. One request, by the user's id (Discord "Create DM": ``recipient_id``):
        the user need not be fetched first, which in a burst of new matches would cost
        the global budget a request per player."""
        http = self.client.http
        opened = await self.call(
            lambda: http.start_private_message(user_id),
            what=f"open DM with {user_id}",
            priority=priority,
            bucket=("open-dm",),
        )
        if not opened.ok:
            return Sent(opened.status, None, opened.error, opened.attempts)
        assert opened.value is not None
        channel_id = self._dm_channels[user_id] = int(opened.value["id"])
        return Sent(SendStatus.SENT, channel_id)

    def open_dms_ahead(self, user_ids: Iterable[int]) -> None:
        """Open the DM channels of ``user_ids`` now, in the background, before anything
        is sent there (a challenge's two members, while the challenge waits for its
        answer). Discord allows few DM openings a second (bucket ``("open-dm",)``):
        opened ahead, they do not hold up the match's first panels. At TURN priority, as
        the first panel's own opening would be, so that one shares this request rather
        than opening again. Users whose channel is known or being opened are skipped."""
        if self._closed:
            return
        for user_id in user_ids:
            if user_id in self._dm_channels or user_id in self._opening:
                continue
            task = asyncio.get_running_loop().create_task(
                self.dm_channel(user_id, priority=Priority.TURN),
                name=f"outbox:open DM ahead {user_id}",
            )
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def dm(
        self,
        user_id: int,
        *,
        force: bool = False,
        priority: Priority = Priority.TURN,
        newest: bool = True,
        **kwargs: Any,
    ) -> Sent[Any]:
        """DM ``user_id`` (``send(**kwargs)``), following the closed-DM policy; bucket
        ``("post", dm_channel_id)``, counted as kind "dm". ``priority`` TURN by default (a
        DM is what its member acts on): pass PUBLIC for notices nobody waits for.
        ``newest`` False: the DM does not become :meth:`last_dm` (a short-lived notice,
        deleted soon, that should not stop a panel above it from being edited in place).

        Without ``force``, a user remembered as closed is skipped (``DM_CLOSED``, no
        request). A 403/50007 marks them closed. ``force`` (the user asked): try anyway,
        and forget the closed mark when it arrives.
        """
        if not force and await self.dms_closed(user_id):
            return Sent(SendStatus.DM_CLOSED)
        opened = await self.dm_channel(user_id, priority=priority)
        if not opened.ok:
            return opened
        channel = opened.value
        assert channel is not None
        message = once(kwargs)
        sent = await self.call(
            lambda: channel.send(**message()),
            what=f"DM to {user_id}",
            priority=priority,
            bucket=("post", channel.id),
            kind="dm",
        )
        if sent.status is SendStatus.DM_CLOSED:
            log.info("DMs closed for user %s", user_id)
            metrics.DMS_REFUSED.inc()
            await self.closed_dms.mark_dm_closed(user_id, time.time())
            self._dms_closed[user_id] = (True, time.monotonic())
        elif sent.status is SendStatus.CHANNEL_GONE:
            self._dm_channels.pop(user_id, None)
        elif sent.ok:
            if newest:
                self._last_dm[user_id] = getattr(sent.value, "id", None)
            if force:
                await self.reopen_dms(user_id)
        return sent

    def last_dm(self, user_id: int) -> int | None:
        """The id of the newest DM this process sent ``user_id`` (``None``: none yet)."""
        return self._last_dm.get(user_id)

    async def dms_closed(self, user_id: int) -> bool:
        """Whether DMs to ``user_id`` are remembered as closed: read from the store at
        most once every :data:`DMS_CLOSED_TRUST_SECONDS` (another process may change
        it meanwhile: a stale "open" costs one refused DM, a stale "closed" the DMs of
        those seconds, in which the member has "Show my hand")."""
        now = time.monotonic()
        known = self._dms_closed.get(user_id)
        if known is not None and now - known[1] < DMS_CLOSED_TRUST_SECONDS:
            return known[0]
        closed = await self.closed_dms.is_dm_closed(user_id)
        self._dms_closed[user_id] = (closed, now)
        return closed

    async def reopen_dms(self, user_id: int) -> None:
        """Forget that DMs to ``user_id`` were closed (they asked for their hand, or a DM
        reached them): the next DM is tried."""
        await self.closed_dms.clear_dm_closed(user_id)
        self._dms_closed[user_id] = (False, time.monotonic())
