"""Emulator REST routes of interactions: the callback and the interaction webhooks.

Discord: "Receiving and Responding",
https://discord.com/developers/docs/interactions/receiving-and-responding
"""

from __future__ import annotations

import copy
import time
from typing import Any

from emulator import payloads
from emulator.errors import ApiError, invalid_form, not_found
from emulator.models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_MESSAGE_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    INTERACTION_PING,
    InteractionRecord,
    Message,
)
from emulator.rest_common import (
    NO_CONTENT,
    ApiRequest,
    RouteDef,
    RouteGroup,
    log,
    snowflake,
    truthy,
)
from emulator.validation import (
    validate_message,
    validate_modal,
)

#: Callback types allowed per interaction type.
ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    INTERACTION_PING: frozenset({1}),
    INTERACTION_APPLICATION_COMMAND: frozenset({4, 5, 9}),
    INTERACTION_MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9}),
    INTERACTION_AUTOCOMPLETE: frozenset({8}),
    INTERACTION_MODAL_SUBMIT: frozenset({4, 5, 6, 7}),
}


class InteractionRoutes(RouteGroup):
    """Interaction callbacks and webhooks
    (a part of :class:`emulator.rest.RestApi`)."""

    def routes(self) -> list[RouteDef]:
        """The routes these handlers serve (none needs the bot's token)."""
        callback = "/interactions/{interaction_id}/{token}/callback"
        webhook = "/webhooks/{app_id}/{token}"
        message = webhook + "/messages/{message_id}"
        return [
            RouteDef("POST", callback, self.callback, auth=False),
            RouteDef("POST", webhook, self.execute_webhook, auth=False),
            RouteDef("GET", message, self.get_webhook_message, auth=False),
            RouteDef("PATCH", message, self.edit_webhook_message, auth=False),
            RouteDef("DELETE", message, self.delete_webhook_message, auth=False),
        ]

    # ================================================================ interactions
    async def callback(self, req: ApiRequest) -> Any:
        """POST /interactions/{id}/{token}/callback (types 1, 4, 5, 6, 7, 8, 9).

        Late (after the deadline) -> 404/10062; second callback -> 400/40060 (+ problem).
        With ``with_response`` the InteractionCallbackResponse body is returned, else 204.
        """
        emu = self.emu
        rec = emu.interactions.get(
            snowflake(req.params["interaction_id"], not_found(10062, "interaction"))
        )
        if rec is None or rec.token != req.params["token"]:
            raise ApiError(
                404, 10062, "Unknown interaction", problem="callback for an unknown interaction"
            )
        rec.callbacks += 1
        if emu.channels[rec.channel_id].deleted:
            raise not_found(10003, "Channel")
        elapsed = time.monotonic() - rec.created_monotonic
        if rec.response_type is not None:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                problem=f"interaction {rec.id} ({rec.description}) acknowledged twice "
                f"(second callback type {(req.body or {}).get('type')})",
            )
        if rec.late or elapsed > emu.ack_deadline:
            if not rec.late:
                rec.late = True
                emu.add_problem(
                    f"interaction {rec.id} ({rec.description}) not acknowledged within "
                    f"{emu.ack_deadline:.1f} s (callback after {elapsed:.2f} s)"
                )
            raise ApiError(404, 10062, "Unknown interaction")
        body = req.body if isinstance(req.body, dict) else {}
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = ALLOWED_CALLBACKS.get(rec.type, frozenset())
        source = emu.messages.get(rec.source_message_id) if rec.source_message_id else None
        if rtype not in allowed or (rtype in (6, 7) and source is None):
            raise invalid_form(
                [
                    (
                        "type",
                        f"Interaction callback type {rtype} is invalid for interaction "
                        f"type {rec.type}",
                    )
                ]
            )
        channel = emu.channels[rec.channel_id]
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        visible_to = frozenset({rec.user.id}) if ephemeral else None
        msg_type = 20 if rec.type == INTERACTION_APPLICATION_COMMAND else 0
        resource: dict[str, Any] = {"type": rtype}
        message: Message | None = None
        if rtype == 4:
            validate_message(data, creating=True, has_files=bool(req.files))
            message = emu.create_message(
                channel,
                emu.bot_user,
                data,
                files=req.files,
                visible_to=visible_to,
                msg_type=msg_type,
                interaction=rec,
            )
        elif rtype == 5:
            message = emu.create_message(
                channel,
                emu.bot_user,
                {},
                visible_to=visible_to,
                msg_type=msg_type,
                interaction=rec,
                extra_flags=FLAG_LOADING,
            )
        elif rtype in (6, 7):
            assert source is not None
            if source.deleted:
                raise not_found(10008, "Message")
            if rtype == 7:
                validate_message(data, creating=False)
                emu.edit_message(source, data, files=req.files)
                message = source
            ephemeral = source.ephemeral
            rec.original_message_id = source.id
        elif rtype == 8:
            choices = data.get("choices") or []
            errors: list[tuple[str, str]] = []
            if len(choices) > 25:
                errors.append(("data.choices", "Must be 25 or fewer in length."))
            for i, choice in enumerate(choices if isinstance(choices, list) else []):
                name = choice.get("name") if isinstance(choice, dict) else None
                value = choice.get("value") if isinstance(choice, dict) else None
                if not isinstance(name, str) or not 1 <= len(name) <= 100:
                    errors.append(
                        (f"data.choices.{i}.name", "Must be between 1 and 100 in length.")
                    )
                if isinstance(value, str) and len(value) > 100:
                    errors.append((f"data.choices.{i}.value", "Must be 100 or fewer in length."))
                elif value is None:
                    errors.append((f"data.choices.{i}.value", "This field is required"))
            if errors:
                raise invalid_form(errors)
            rec.autocomplete_choices = copy.deepcopy(choices)
        elif rtype == 9:
            validate_modal(data)
            rec.modal = copy.deepcopy(data)
        if message is not None:
            rec.original_message_id = message.id
            resource["message"] = payloads.message_payload(emu, message)
        emu.mark_acknowledged(rec, rtype)
        log.info(
            "interaction %s acknowledged with type %s after %.3fs", rec.id, rtype, rec.ack_latency
        )
        if not truthy(req.query.get("with_response")):
            return NO_CONTENT
        info: dict[str, Any] = {
            "id": str(rec.id),
            "type": rec.type,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": ephemeral,
        }
        if message is not None:
            info["response_message_id"] = str(message.id)
        return {"interaction": info, "resource": resource}

    def _webhook_interaction(self, req: ApiRequest) -> InteractionRecord:
        rec = self.emu.interaction_by_token(req.params["token"])
        if rec is None or req.params["app_id"] != str(self.emu.application_id):
            raise ApiError(
                404, 10015, "Unknown Webhook", problem="webhook request with an unknown token"
            )
        if self.emu.channels[rec.channel_id].deleted:
            raise not_found(10003, "Channel")
        return rec

    async def execute_webhook(self, req: ApiRequest) -> Any:
        """POST /webhooks/{app}/{token}: interaction follow-up (``wait`` -> message body).

        The first follow-up after a type-5 deferral completes the "thinking" original response
        (as Discord does); otherwise a new message is created (ephemeral with flags 64).
        """
        emu = self.emu
        rec = self._webhook_interaction(req)
        if not rec.acknowledged:
            raise ApiError(
                404,
                10015,
                "Unknown Webhook",
                problem=f"follow-up to interaction {rec.id} ({rec.description}) "
                "before it was acknowledged",
            )
        body = req.body if isinstance(req.body, dict) else {}
        validate_message(body, creating=True, has_files=bool(req.files))
        original = rec.message
        if (
            rec.response_type == 5
            and original is not None
            and original.loading
            and not original.deleted
        ):
            message = emu.edit_message(original, body, files=req.files)
        else:
            channel = emu.channels[rec.channel_id]
            ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
            message = emu.create_message(
                channel,
                emu.bot_user,
                body,
                files=req.files,
                visible_to=frozenset({rec.user.id}) if ephemeral else None,
                interaction=rec,
            )
            message.original_response_message_id = rec.original_message_id
            rec.followup_ids.append(message.id)
        if truthy(req.query.get("wait")):
            return payloads.message_payload(emu, message)
        return NO_CONTENT

    def _webhook_message(self, req: ApiRequest) -> tuple[InteractionRecord, Message]:
        emu = self.emu
        rec = self._webhook_interaction(req)
        raw = req.params["message_id"]
        if raw == "@original":
            message = rec.message
            if message is None:
                raise ApiError(
                    404,
                    10008,
                    "Unknown Message",
                    problem=f"{req.method} @original of interaction {rec.id} ({rec.description}) "
                    "which has no original response",
                )
        else:
            error = not_found(10008, "Message")
            message = emu.messages.get(snowflake(raw, error))
            if (
                message is None
                or message.webhook_id != emu.application_id
                or message.channel_id != rec.channel_id
                or not message.visible_for(rec.user.id)
            ):
                raise error
        if message.deleted:
            raise not_found(10008, "Message")
        return rec, message

    async def get_webhook_message(self, req: ApiRequest) -> Any:
        """GET /webhooks/{app}/{token}/messages/{id|@original}."""
        _, message = self._webhook_message(req)
        return payloads.message_payload(self.emu, message)

    async def edit_webhook_message(self, req: ApiRequest) -> Any:
        """PATCH /webhooks/{app}/{token}/messages/{id|@original} (keeps history)."""
        _, message = self._webhook_message(req)
        body = req.body if isinstance(req.body, dict) else {}
        validate_message(body, creating=False)
        self.emu.edit_message(message, body, files=req.files)
        return payloads.message_payload(self.emu, message)

    async def delete_webhook_message(self, req: ApiRequest) -> Any:
        """DELETE /webhooks/{app}/{token}/messages/{id|@original} -> 204."""
        _, message = self._webhook_message(req)
        self.emu.delete_message(message)
        return NO_CONTENT
