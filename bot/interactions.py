"""Helpers shared by every cog for answering interactions privately and reporting errors."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.i18n import attribute, t
from bot.storage import StorageBusy

log = logging.getLogger(__name__)

#: The catalog key (``common.ftl``) of the private answer to a click on a control that is
#: no longer current: an older version of a panel, a control the bot just removed, a
#: decision already made. Show it with ``t(locale, NOT_CURRENT)``.
NOT_CURRENT = "common-not-current"


class UserFacingError(Exception):
    """An expected problem whose message is shown privately to the user as is.

    Raise it from a command (or a view callback using :func:`report_error`) with one
    human sentence, e.g. ``raise UserFacingError("You are already in a match.")``.
    """


async def reply_private(
    interaction: discord.Interaction[Any], content: str | None = None, **kwargs: Any
) -> None:
    """Send an ephemeral reply, whether or not the interaction was answered yet.

    Uses ``interaction.response.send_message(..., ephemeral=True)`` for the first
    answer and ``interaction.followup.send(..., ephemeral=True)`` once the response
    is done (deferred or already sent). ``kwargs`` are passed through (``embed``,
    ``view``, ...).

    Raises:
        discord.HTTPException: Discord refused the message (e.g. the interaction
            token expired after 15 minutes).
    """
    kwargs["ephemeral"] = True
    if interaction.response.is_done():
        # discord.py types content as str, and sends None as no content (as send_message does)
        await interaction.followup.send(content, **kwargs)  # type: ignore[arg-type]
    else:
        await interaction.response.send_message(content, **kwargs)


async def update_message(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """Answer a click by editing the clicked message: Discord's callback of type 7,
    UPDATE_MESSAGE ("Interaction Response Object"), with ``fields`` (those of
    ``InteractionResponse.edit_message``: ``content``, ``embed``, ``embeds``,
    ``attachments``, ``view``, ``allowed_mentions``), built by the same function
    discord.py's ``edit_message`` uses (``interaction_message_response_params``).

    Unlike ``edit_message``, the callback is sent without ``with_response``: Discord
    answers 204 with no body, so no ``InteractionCallbackResponse`` and no
    ``InteractionMessage`` is built of a message the bot already has (Discord docs,
    "Create Interaction Response": the callback object is returned only when asked for).
    The interaction is then marked answered as ``edit_message`` marks it
    (``InteractionResponse._response_type``), so ``is_done()`` and follow-ups behave
    the same. A view that discord.py must keep (one with callbacks of its own), or an
    interaction that has no message to update (a slash command: ``edit_message``
    answers nothing then), goes through ``edit_message`` itself.

    Raises:
        discord.InteractionResponded: the interaction was already answered.
        discord.HTTPException: Discord refused the update (e.g. 404 for a deleted
            message).
    """
    view = fields.get("view")
    response = interaction.response
    clicked = interaction.type in (
        discord.InteractionType.component,
        discord.InteractionType.modal_submit,
    )
    if not clicked or (view is not None and view.is_dispatchable()):
        await response.edit_message(**fields)  # it answers nothing else, as here
        return
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    kind = discord.InteractionResponseType.message_update
    followup = interaction.followup  # the client's session and proxy
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    with interaction_message_response_params(
        type=kind.value, previous_allowed_mentions=interaction.client.allowed_mentions, **fields
    ) as params:
        await async_context.get().request(
            route,
            session=followup.session,
            proxy=followup.proxy,
            proxy_auth=followup.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
        )
    response._response_type = kind  # as InteractionResponse.edit_message records it


T = TypeVar("T")

#: Discord's deadline for the first answer to an interaction, in seconds, counted from
#: its creation ("Receiving and Responding": "you must send an initial response within 3
#: seconds of receiving the event").
ACK_SECONDS = 3.0
#: Seconds kept free before :data:`ACK_SECONDS` for the answer's own trip to Discord.
ACK_MARGIN_SECONDS = 0.6
#: Seconds a handler may work before its interaction is deferred (sooner when the
#: interaction reached the bot late: :func:`within_ack_deadline`).
DEFER_AFTER_SECONDS = 2.0


def interaction_age(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created ``interaction`` (the time in its snowflake id,
    "Snowflakes" in Discord's reference), by this machine's clock; at least 0."""
    created = discord.utils.snowflake_time(interaction.id)
    return max(0.0, (discord.utils.utcnow() - created).total_seconds())


def defer_after(interaction: discord.Interaction[Any], after: float = DEFER_AFTER_SECONDS) -> float:
    """Seconds from now after which work on ``interaction`` must defer it: ``after``, or
    less when the interaction is already old (a gateway RESUME replays events late), so
    that the deferral still reaches Discord within :data:`ACK_SECONDS`."""
    left = ACK_SECONDS - ACK_MARGIN_SECONDS - interaction_age(interaction)
    return max(0.0, min(after, left))


async def still_answerable(interaction: discord.Interaction[Any]) -> bool:
    """Whether Discord still waits for an answer to ``interaction``; call it before a
    click changes anything.

    A click that reaches the bot close to or past :data:`ACK_SECONDS` (delivered late,
    after a gateway RESUME replayed it) is deferred first. If Discord refuses the
    deferral (404, 10062 Unknown interaction), it has already shown the member "This
    interaction failed", so the click must change nothing: the member saw it fail and
    clicks again if they still want it. Any other failure to defer (a 5xx) leaves the
    click to go on: it may still be answered by a follow-up.
    """
    if interaction.response.is_done():
        return True
    if interaction_age(interaction) < ACK_SECONDS - ACK_MARGIN_SECONDS:
        return True
    try:
        await interaction.response.defer()
    except discord.NotFound:
        log.info(
            "Interaction %s reached the bot %.1f s after it was created: not applied",
            interaction.id,
            interaction_age(interaction),
        )
        return False
    except discord.HTTPException as error:
        log.info("Could not defer late interaction %s: %s", interaction.id, error)
    return True


async def within_ack_deadline(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    *,
    after: float = DEFER_AFTER_SECONDS,
    ephemeral: bool = True,
) -> T:
    """Await ``work`` and return its result; if it is still running ``after`` seconds in
    (less for an interaction that arrived late: :func:`defer_after`) and ``interaction``
    is not answered yet, defer the interaction first (a component's deferral keeps its
    message as it is, to be edited by ``edit_original_response``; a slash command's
    shows "thinking", ``ephemeral`` or in public, until its answer follows).

    A slow database or a busy process then costs the user a wait, never an
    "interaction failed". ``work`` is awaited to its end even if deferring fails.

    Raises: whatever ``work`` raises.
    """
    loop = asyncio.get_running_loop()
    deferral: asyncio.Task[None] | None = None

    def late() -> None:
        nonlocal deferral
        if not interaction.response.is_done():
            deferral = loop.create_task(_defer(interaction, ephemeral))

    # A timer, not a task: ``work`` runs in the caller's own task (every click passes
    # here, and most are done long before ``after``).
    timer = loop.call_later(defer_after(interaction, after), late)
    try:
        return await work
    finally:
        timer.cancel()
        if deferral is not None:
            await deferral  # the answer that follows must come after the deferral


async def _defer(interaction: discord.Interaction[Any], ephemeral: bool) -> None:
    """:func:`within_ack_deadline`'s deferral, unless the work answered meanwhile (a
    refusal is left to the answer)."""
    if interaction.response.is_done():
        return
    with contextlib.suppress(discord.HTTPException, discord.InteractionResponded):
        if interaction.type is discord.InteractionType.application_command:
            # A command's deferral shows "thinking" until its answer follows; it must
            # be ephemeral for a private answer to stay private.
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        else:
            await interaction.response.defer()


def is_dm_closed(error: discord.HTTPException) -> bool:
    """Discord's "Cannot send messages to this user" (HTTP 403, code 50007)."""
    return error.status == 403 and error.code == 50007


def new_error_id() -> str:
    """A short random id (8 hex characters) tying a user-visible error to a log line."""
    return secrets.token_hex(4)


def expected_error_message(error: BaseException, locale: object = None) -> str | None:
    """The text to show for an expected error, or None if ``error`` is unexpected.
    ``locale``: the reader's language (the interaction's locale; :func:`bot.i18n.t`).

    Expected: :class:`UserFacingError` (also when wrapped in
    ``app_commands.CommandInvokeError``), ``app_commands.CheckFailure`` (permission,
    cooldown, guild-only checks...), ``app_commands.TransformerError`` (a bad
    option value), out-of-date command definitions, and
    :class:`~bot.storage.StorageBusy` (a write that gave up waiting for the database's
    lock: nothing was applied, and the answer says so).
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, StorageBusy):
        return t(locale, "common-storage-busy")
    if isinstance(error, UserFacingError | app_commands.CheckFailure):
        return str(error) or t(locale, "common-not-now")
    if isinstance(error, app_commands.TransformerError):
        return t(locale, "common-bad-option", value=repr(error.value))
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return t(locale, "common-out-of-date")
    return None


#: Discord's option types that carry a number ("Application Command Option Type").
NUMBER_OPTIONS = (4, 10)  # INTEGER, NUMBER
#: Discord's option types that hold other options (SUB_COMMAND, SUB_COMMAND_GROUP).
NESTED_OPTIONS = (1, 2)


def option_refusal(interaction: discord.Interaction[Any]) -> str | None:
    """The private answer to a slash command whose integer or number option lies outside
    the ``min_value`` and ``max_value`` its command declares (or is not a number at all),
    in the interaction's language, naming the option as the member's client does
    (``commands.ftl``); ``None`` when every option is within bounds.

    Discord refuses such a value before the bot sees it ("Application Commands",
    Application Command Option Structure: ``min_value``, ``max_value``), and discord.py
    passes a number option on as it came (its ``Range`` declares the bounds, it does not
    check them), so this is the bot's own defence against a forged payload: a value past
    SQLite's 64-bit integers must not reach a query.
    """
    command = interaction.command
    data: Any = interaction.data or {}
    if not isinstance(command, app_commands.Command):
        return None
    options: list[Any] = list(data.get("options") or [])
    while options and options[0].get("type") in NESTED_OPTIONS:
        options = list(options[0].get("options") or [])
    parameters = {p.display_name: p for p in command.parameters}
    locale = getattr(interaction, "locale", None)
    for option in options:
        parameter = parameters.get(option.get("name"))
        if option.get("type") not in NUMBER_OPTIONS or parameter is None:
            continue
        value = option.get("value")
        if isinstance(value, bool) or not isinstance(value, int | float):
            return t(locale, "common-bad-option", value=repr(value))
        low, high = parameter.min_value, parameter.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            key = f"cmd-{command.qualified_name.replace(' ', '-')}-{parameter.display_name}"
            return t(
                locale,
                "common-out-of-range",
                option=attribute(locale, key, "name"),  # as the member's client names it
                low="" if low is None else str(low),
                high="" if high is None else str(high),
            )
    return None


async def report_error(
    interaction: discord.Interaction[Any], error: BaseException, *, where: str | None = None
) -> None:
    """Tell the user privately what went wrong with their interaction.

    Expected errors (see :func:`expected_error_message`) are shown as is. Anything
    else is logged once at ERROR with its traceback and a fresh error id, and the
    user sees "Something went wrong (error id XXXXXXXX)", in the interaction's
    language (``interaction.locale``). ``where`` names the
    command or component for the log (default: the interaction's command name).
    Failures to deliver the reply are logged, never raised.
    """
    locale = getattr(interaction, "locale", None)
    message = expected_error_message(error, locale)
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, StorageBusy):
        log.warning("A write gave up on a locked database in %s: %s", where, original)
    if message is None:
        error_id = new_error_id()
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if where is None:
            command = interaction.command
            where = f"/{command.qualified_name}" if command is not None else "an interaction"
        log.error(
            "Unexpected error %s in %s (user %s, guild %s, channel %s)",
            error_id,
            where,
            getattr(interaction.user, "id", None),
            interaction.guild_id,
            interaction.channel_id,
            exc_info=original,
        )
        message = t(locale, "common-went-wrong", id=error_id)
    try:
        await reply_private(interaction, message)
    except Exception as exc:  # noqa: BLE001 - an error reply must never raise in turn
        log.warning("Could not send an error reply for interaction %s: %r", interaction.id, exc)


async def run_guarded(
    interaction: discord.Interaction[Any], work: Awaitable[None], *, where: str
) -> None:
    """Await ``work`` (a component or modal handler); on any exception, answer through
    :func:`report_error` (one log line with an error id, a private reply with the same
    id).  discord.py's own component error path would only log, leaving the user's
    click unanswered."""
    try:
        await work
    except Exception as error:  # noqa: BLE001 - this is the one error path
        await report_error(interaction, error, where=where)
