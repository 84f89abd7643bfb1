"""Test driver: act as a human Discord user against the emulator.

A :class:`UserDriver` only sees what that user could see in a real client: public messages of
guild channels they are a member of, their own ephemeral messages, and their own DM with the bot.
Actions (slash commands, clicks, selects, modal submissions) dispatch INTERACTION_CREATE to the
bot and wait until it acknowledges (or the deadline + 0.5 s passes).

About 650 lines, one class: a member's client (reading, typing, clicking, picking, filling
modals); the command-building half is already apart in :mod:`emulator_driver.commands`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from emulator import payloads
from emulator.interacting import authorizing_owners
from emulator.models import (
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_MESSAGE_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    WAIT_SECONDS,
    Channel,
    InteractionRecord,
    Member,
    Message,
    SeenMessage,
    User,
)
from emulator.permissions import (
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    has_all,
)
from emulator.text import (
    ACTION_ROW,
    BUTTON,
    LABEL,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    USER_SELECT,
    walk_components,
)
from emulator_driver.commands import CommandBuilder

if TYPE_CHECKING:
    from emulator.server import Emulator

log = logging.getLogger(__name__)

ChannelArg = Channel | int | None
MessageArg = Message | int
#: A message now, or as this user saw it earlier (``look``).
ClickTarget = Message | int | SeenMessage

#: What Discord's client lets a member type into a text input that declares no bound
#: (options: :mod:`emulator_driver.commands`).
MAX_TEXT_INPUT_LENGTH = 4000


class UserDriver(CommandBuilder):
    """Acts as ``user`` (a human or bot account) in the emulated Discord."""

    def __init__(self, emu: Emulator, user: User) -> None:
        self.emu = emu
        self.user = user

    def __repr__(self) -> str:
        return f"<UserDriver {self.user.username}>"

    # ================================================================ reading
    def _channel(self, channel: ChannelArg) -> Channel:
        """Resolve a channel argument (None = this user's DM with the bot) and check access."""
        ch = self.emu.dm_channel(self.user) if channel is None else self.emu.get_channel(channel)
        if not self.emu.can_view_channel(self.user, ch):
            kind = "another user's DM" if ch.is_dm else f"channel #{ch.name}"
            raise LookupError(f"{self.user.username} cannot see {kind}")
        return ch

    def can_see(self, message: Message) -> bool:
        """Whether this user can see ``message`` now (not deleted, channel access, ephemerality)."""
        return (
            not message.deleted
            and message.visible_for(self.user.id)
            and self.emu.can_view_channel(self.user, message.channel_id)
        )

    def messages(self, channel: ChannelArg) -> list[Message]:
        """Messages this user sees in ``channel`` (None = their DM), oldest first; deleted excluded.

        Raises LookupError if the user cannot see the channel at all.
        """
        ch = self._channel(channel)
        return [m for m in self.emu.channel_messages(ch) if m.visible_for(self.user.id)]

    def threads(self, channel: ChannelArg, *, archived: bool = True) -> list[Channel]:
        """The threads of text channel ``channel`` this user sees, oldest first (``archived``
        False: the active ones only). Raises LookupError if the user cannot see the channel."""
        ch = self._channel(channel)
        return self.emu.threads_of(ch, archived=archived)

    def thread_of(self, message: MessageArg) -> Channel | None:
        """The thread started from ``message`` (a visible message), or None."""
        msg = self._visible(message)
        if msg.thread_id is None:
            return None
        thread = self.emu.channels.get(msg.thread_id)
        return None if thread is None or thread.deleted else thread

    def dm_messages(self) -> list[Message]:
        """Messages in this user's DM channel with the bot, oldest first."""
        return self.messages(None)

    def ephemerals(self, channel: ChannelArg) -> list[Message]:
        """This user's ephemeral messages in ``channel``, oldest first."""
        return [m for m in self.messages(channel) if m.ephemeral]

    def last_message(self, channel: ChannelArg = None) -> Message | None:
        """Newest message visible in ``channel`` (None = newest DM), or None if there is none."""
        found = self.messages(channel)
        return found[-1] if found else None

    def seen_text(self) -> str:
        """Every version of every message this user could ever see, as one newline-joined string.

        Includes edited-away versions and since-deleted messages; never other users' ephemerals
        or DMs.
        """
        emu = self.emu
        parts: list[str] = []
        for message in sorted(emu.messages.values(), key=lambda m: m.created_order):
            if not message.visible_for(self.user.id):
                continue
            if not emu.can_view_channel(self.user, message.channel_id):
                continue
            for version in message.versions:
                if version.text:
                    parts.append(version.text)
        return "\n".join(parts)

    def buttons(self, message: MessageArg) -> list[tuple[str, bool]]:
        """``(label, disabled)`` for every button of the message (label, else emoji name)."""
        msg = self._visible(message)
        return [
            (_button_label(c), bool(c.get("disabled", False)))
            for c in walk_components(msg.components)
            if c.get("type") == BUTTON
        ]

    async def wait_for_message(
        self,
        channel: ChannelArg = None,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = WAIT_SECONDS,  # noqa: ASYNC109
    ) -> Message:
        """Wait until a visible message in ``channel`` (None = DM) matches ``predicate``.

        The newest match wins.

        Loading ("thinking") messages never match. Raises AssertionError on timeout.
        """

        def find() -> Message | None:
            for message in reversed(self.messages(channel)):
                if not message.loading and (predicate is None or predicate(message)):
                    return message
            return None

        result: Message = await self.emu.wait_for(
            find, timeout, message=f"a message visible to {self.user.username}"
        )
        return result

    # ================================================================ plain messages
    async def send(self, channel: ChannelArg, content: str) -> Message:
        """Post a plain message as this user (dispatches MESSAGE_CREATE, content per intents).

        Raises PermissionError where :meth:`cannot_send` gives a reason. A message
        unarchives an archived (unlocked) thread (THREAD_UPDATE).
        """
        ch = self._channel(channel)
        reason = self.cannot_send(ch)
        if reason == "thread_locked":
            raise PermissionError(f"thread {ch.name} is locked")
        if reason is not None:
            raise PermissionError(f"{self.user.username} cannot send messages in {ch.name}")
        if ch.is_thread and ch.archived:
            self.emu.update_thread(ch, archived=False)
        return self.emu.create_message(ch, self.user, {"content": content})

    def cannot_send(self, channel: ChannelArg) -> str | None:
        """Why this user's client refuses to post in ``channel``, or None if it may:
        ``"thread_locked"`` (a locked thread, without Manage Threads: Discord "Thread Metadata
        Object", ``locked``; the client shows "This thread is locked") or
        ``"missing_permissions"`` (no Send Messages in a text channel, no Send Messages in
        Threads in a thread: Discord "Permissions"). DMs and group DMs are always open."""
        ch = self._channel(channel)
        if ch.is_dm or ch.is_group_dm:
            return None
        perms = self.emu.permissions_for(self.user, ch)
        if ch.is_thread:
            if ch.locked and not has_all(perms, MANAGE_THREADS):
                return "thread_locked"
            if not has_all(perms, SEND_MESSAGES_IN_THREADS):
                return "missing_permissions"
            return None
        return None if has_all(perms, SEND_MESSAGES) else "missing_permissions"

    async def delete(self, message: MessageArg) -> None:
        """Delete a message as this user (dispatches MESSAGE_DELETE to the bot).

        Allowed for the user's own messages, and for other users' (including the bot's) guild
        channel messages when this user owns the guild or has MANAGE_MESSAGES there. Nobody can
        delete the bot's messages in a DM or someone's ephemeral message (a client can only
        dismiss it locally): use ``emu.delete_message(message)`` as an admin action instead.
        Raises LookupError if the message is not visible to this user, PermissionError if the
        deletion is not allowed. Afterwards the bot's requests on the message get 404/10008.
        """
        msg = self._visible(message)
        channel = self.emu.get_channel(msg.channel_id)
        if msg.ephemeral:
            raise PermissionError(f"ephemeral message {msg.id} can only be dismissed locally")
        if msg.author.id != self.user.id:
            if channel.is_dm:
                raise PermissionError(
                    f"{self.user.username} cannot delete {msg.author.username}'s DM message"
                )
            if not has_all(self.emu.permissions_for(self.user, channel), MANAGE_MESSAGES):
                raise PermissionError(
                    f"{self.user.username} lacks MANAGE_MESSAGES in #{channel.name}"
                )
        self.emu.delete_message(msg)

    async def slash(
        self, channel: ChannelArg, command: str, /, **options: Any
    ) -> InteractionRecord:
        """Run ``/command`` (``"cmd"`` or ``"group sub"``) in ``channel`` (None = DM with the bot).

        Options are given by name: str/int/float/bool values, User/Member for user options,
        Channel/Role for channel/role options, choice names or values for choice options.
        Raises LookupError (unknown/unavailable command or option), ValueError/TypeError (bad
        values, missing required options). Returns once the bot acknowledged (or the deadline
        passed): check ``rec.acknowledged``.
        """
        ch = self._channel(channel)
        data, path = self._build_command_data(ch, command, options)
        return await self._run_command(
            ch, data, f"/{path} by {self.user.username}", self._owners(ch, data)
        )

    async def forge_slash(
        self,
        channel: ChannelArg,
        command: str,
        /,
        forged: dict[str, Any],
        **options: Any,
    ) -> InteractionRecord:
        """Run ``/command`` as :meth:`slash` does, but with the ``forged`` option values put
        into the payload as they are, past every check of Discord's client and server (an
        integer beyond its ``max_value`` or beyond 2^53, a string for a number ...).

        Discord never delivers such a payload; this is for testing that the bot still
        defends itself (a bot must not trust its input). ``options`` are checked as in
        :meth:`slash`; ``forged`` names options the command declares (canonical names).
        Raises LookupError for an unknown forged option.
        """
        ch = self._channel(channel)
        data, path = self._build_command_data(ch, command, options, forged=frozenset(forged))
        container = data["options"]
        while container and container[0]["type"] in (1, 2):
            container = container[0]["options"]
        store = (
            self.emu.guild_commands.get(int(data["guild_id"]), {})
            if data.get("guild_id")
            else self.emu.global_commands
        )
        level = store[int(data["id"])].get("options") or []
        for part in path.split()[1:]:
            level = next(o for o in level if self._named(o, part) and o["type"] in (1, 2))
            level = level.get("options") or []
        declared = {o["name"]: o for o in level}
        for name, value in forged.items():
            if name not in declared:
                raise LookupError(f"{command!r}: no option {name!r} to forge")
            container[:] = [e for e in container if e["name"] != name]
            container.append({"type": declared[name]["type"], "name": name, "value": value})
        return await self._run_command(
            ch, data, f"forged /{path} by {self.user.username}", self._owners(ch, data)
        )

    def menu(self, channel: ChannelArg = None) -> list[str]:
        """What typing ``/`` in ``channel`` (None = this user's DM with the bot) offers this
        user: the paths of the commands and subcommands available there (``"help"``,
        ``"bingo rules"``), sorted. It follows each command's ``contexts`` and
        ``integration_types`` (a group DM offers only what the user installed to their
        account) and, in a guild, ``default_member_permissions``.
        Raises LookupError if the user cannot see the channel."""
        return self._command_menu(self._channel(channel))

    def _owners(self, channel: Channel, data: dict[str, Any]) -> dict[str, str]:
        """``authorizing_integration_owners`` of this user's command ``data`` in ``channel``:
        the installs of the command's ``integration_types`` that reach them there."""
        store = (
            self.emu.guild_commands.get(int(data["guild_id"]), {})
            if data.get("guild_id")
            else self.emu.global_commands
        )
        cmd = store.get(int(data["id"])) or {}
        types = [int(i) for i in cmd.get("integration_types") or [0]]
        return authorizing_owners(self.emu, self.user, channel, types)

    async def autocomplete(
        self, channel: ChannelArg, command: str, /, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """Ask for autocomplete of option ``focused`` (partial text in ``options``); return choices.

        Raises AssertionError if the bot does not answer with type 8 in time.
        """
        ch = self._channel(channel)
        options.setdefault(focused, "")
        data, path = self._build_command_data(ch, command, options, focused=focused)
        rec = await self._interact(
            INTERACTION_AUTOCOMPLETE,
            ch,
            data,
            f"autocomplete /{path} [{focused}] by {self.user.username}",
        )
        if rec.autocomplete_choices is None:
            raise AssertionError(f"bot did not answer {rec.description}")
        return rec.autocomplete_choices

    async def user_command(
        self, channel: ChannelArg, name: str, target: User | Member
    ) -> InteractionRecord:
        """Run the user context-menu command ``name`` on ``target``."""
        ch = self._channel(channel)
        cmd = self._find_command(ch, name, 2)
        resolved: dict[str, dict[str, Any]] = {}
        target_id = self._resolve_user_value(target, ch, resolved)
        return await self._context_command(ch, cmd, name, 2, target_id, resolved)

    async def message_command(self, name: str, message: MessageArg) -> InteractionRecord:
        """Run the message context-menu command ``name`` on a message this user can see."""
        msg = self._visible(message)
        ch = self._channel(msg.channel_id)
        cmd = self._find_command(ch, name, 3)
        resolved = {"messages": {str(msg.id): payloads.message_payload(self.emu, msg)}}
        return await self._context_command(ch, cmd, name, 3, str(msg.id), resolved)

    async def _context_command(
        self,
        channel: Channel,
        cmd: dict[str, Any],
        name: str,
        ctype: int,
        target_id: str,
        resolved: dict[str, Any],
    ) -> InteractionRecord:
        """Run the context-menu command ``cmd`` called ``name`` (``ctype`` 2: user,
        3: message) on ``target_id`` with its ``resolved`` data.
        https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-application-command-data-structure
        """
        data = {
            "id": cmd["id"],
            "name": name,
            "type": ctype,
            "target_id": target_id,
            "resolved": resolved,
        }
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        kind = "user" if ctype == 2 else "message"
        return await self._run_command(
            channel, data, f"{kind} command {name!r} by {self.user.username}"
        )

    async def _run_command(
        self,
        channel: Channel,
        data: dict[str, Any],
        description: str,
        owners: dict[str, str] | None = None,
    ) -> InteractionRecord:
        """Start an application-command interaction of ``data`` by this user in
        ``channel`` and return once the bot acknowledged it (or its deadline passed)."""
        return await self._interact(
            INTERACTION_APPLICATION_COMMAND, channel, data, description, owners=owners
        )

    async def _interact(
        self,
        itype: int,
        channel: Channel,
        data: dict[str, Any],
        description: str,
        *,
        message: Message | None = None,
        owners: dict[str, str] | None = None,
    ) -> InteractionRecord:
        """Start an interaction of type ``itype`` by this user in ``channel`` (see
        ``Emulator.start_interaction``) and return once the bot acknowledged it (or its
        deadline passed)."""
        rec = self.emu.start_interaction(
            itype=itype,
            user=self.user,
            channel=channel,
            data=data,
            description=description,
            message=message,
            owners=owners,
        )
        await self.emu.wait_for_ack(rec)
        return rec

    # ================================================================ components
    def _visible(self, message: MessageArg) -> Message:
        msg = message if isinstance(message, Message) else self.emu.messages.get(int(message))
        if msg is None:
            raise LookupError(f"unknown message {message!r}")
        msg = self.emu.messages.get(msg.id, msg)
        if not self.can_see(msg):
            raise LookupError(f"message {msg.id} is not visible to {self.user.username}")
        return msg

    async def _component_interaction(
        self, msg: Message, data: dict[str, Any], description: str
    ) -> InteractionRecord:
        ch = self._channel(msg.channel_id)
        if msg.loading:
            raise LookupError(f"message {msg.id} is still loading")
        return await self._interact(
            INTERACTION_MESSAGE_COMPONENT, ch, data, description, message=msg
        )

    def look(self, message: MessageArg, version: int | None = None) -> SeenMessage:
        """The message as this user's client shows it now (``version``: an index into
        ``message.versions``, e.g. -2 for the version before the last edit, as a client that
        missed that edit still shows it).

        Click or select on the result later to act on what the user saw, even if the bot has
        edited the message since: the interaction carries the old control's custom_id and the
        message as it is now, as Discord delivers a click from a client that lagged behind.
        Raises LookupError if the message is not visible to this user, IndexError for a
        version it never had.
        """
        msg = self._visible(message)
        snapshot = msg.snapshot() if version is None else msg.versions[version]
        return SeenMessage(message_id=msg.id, version=snapshot)

    def _target(self, message: ClickTarget) -> tuple[Message, list[dict[str, Any]]]:
        """The live message and the components the user acts on (the seen ones for a
        SeenMessage)."""
        if isinstance(message, SeenMessage):
            return self._visible(message.message_id), message.components
        msg = self._visible(message)
        return msg, msg.components

    async def click(
        self, message: ClickTarget, label: str | None = None, *, custom_id: str | None = None
    ) -> InteractionRecord:
        """Click the first button whose label is exactly ``label`` (or emoji name if it has no
        label), or whose custom_id is ``custom_id``.

        ``message`` may be a :class:`SeenMessage` from :meth:`look`: the button is looked up
        in that (possibly outdated) version. Raises LookupError if the message is not visible
        to this user, no such button exists, it is disabled, or it is a link/premium button.
        """
        if label is None and custom_id is None:
            raise ValueError("give a label or a custom_id")
        msg, shown = self._target(message)
        buttons = [c for c in walk_components(shown) if c.get("type") == BUTTON]
        for button in buttons:
            if custom_id is not None:
                if button.get("custom_id") != custom_id:
                    continue
            elif _button_label(button) != label:
                continue
            what = label if label is not None else custom_id
            if button.get("disabled"):
                raise LookupError(f"button {what!r} is disabled")
            if button.get("style") in (5, 6) or not button.get("custom_id"):
                raise LookupError(f"button {what!r} is a link/premium button")
            data: dict[str, Any] = {"custom_id": button["custom_id"], "component_type": BUTTON}
            if "id" in button:
                data["id"] = button["id"]
            return await self._component_interaction(
                msg, data, f"click {what!r} on message {msg.id} by {self.user.username}"
            )
        have = [_button_label(b) for b in buttons]
        raise LookupError(f"no button {label or custom_id!r} on message {msg.id}; buttons: {have}")

    async def select(
        self,
        message: ClickTarget,
        values: Sequence[Any] | str,
        custom_id: str | None = None,
    ) -> InteractionRecord:
        """Choose ``values`` in a select menu (string selects: option labels or values;
        user selects: User/Member objects). ``message`` may be a :class:`SeenMessage`.

        Raises LookupError (no/ambiguous/disabled select, unknown option) or ValueError (count
        outside min_values..max_values).
        """
        msg, shown = self._target(message)
        if isinstance(values, str):
            values = [values]
        selects = [
            c
            for c in walk_components(shown)
            if c.get("type") in SELECT_TYPES
            and (custom_id is None or c.get("custom_id") == custom_id)
        ]
        if not selects:
            raise LookupError(f"no select {custom_id or ''!r} on message {msg.id}")
        if len(selects) > 1:
            raise LookupError(
                f"message {msg.id} has {len(selects)} selects; pass custom_id= one of "
                f"{[s.get('custom_id') for s in selects]}"
            )
        menu = selects[0]
        if menu.get("disabled"):
            raise LookupError(f"select {menu.get('custom_id')!r} is disabled")
        ch = self.emu.get_channel(msg.channel_id)
        chosen, resolved = self._select_values(menu, values, ch)
        lo, hi = menu.get("min_values", 1), menu.get("max_values", 1)
        if not lo <= len(chosen) <= hi:
            raise ValueError(
                f"select {menu.get('custom_id')!r} takes {lo}..{hi} values, got {len(chosen)}"
            )
        data: dict[str, Any] = {
            "custom_id": menu["custom_id"],
            "component_type": menu["type"],
            "values": chosen,
        }
        if resolved:
            data["resolved"] = resolved
        return await self._component_interaction(
            msg, data, f"select {chosen} in {menu['custom_id']!r} by {self.user.username}"
        )

    def _select_values(
        self, menu: dict[str, Any], values: Iterable[Any], channel: Channel
    ) -> tuple[list[str], dict[str, dict[str, Any]]]:
        resolved: dict[str, dict[str, Any]] = {}
        chosen: list[str] = []
        if menu["type"] == STRING_SELECT:
            options = menu.get("options") or []
            for wanted in values:
                option = next((o for o in options if o.get("label") == wanted), None) or next(
                    (o for o in options if o.get("value") == wanted), None
                )
                if option is None:
                    labels = [o.get("label") for o in options]
                    raise LookupError(
                        f"select {menu.get('custom_id')!r} has no option {wanted!r}; "
                        f"options: {labels}"
                    )
                chosen.append(option["value"])
            return chosen, resolved
        if menu["type"] == USER_SELECT:
            return [self._resolve_user_value(v, channel, resolved) for v in values], resolved
        raise NotImplementedError(f"select type {menu['type']} is not supported by the driver")

    # ================================================================ modals
    async def submit_modal(
        self, rec: InteractionRecord, values: dict[str, Any]
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``rec`` with ``{custom_id: value}``.

        Text inputs take str (missing ones get their prefilled value or ""); selects inside labels
        take a list of option labels/values. Raises LookupError (no modal, unknown field),
        ValueError (required field empty, length limits), RuntimeError (already submitted).
        """
        modal = rec.modal
        if modal is None:
            raise LookupError(f"the bot did not open a modal for {rec.description}")
        if rec.modal_submitted:
            raise RuntimeError(f"modal {modal.get('title')!r} was already submitted")
        remaining = dict(values)
        channel = self.emu.get_channel(rec.channel_id)
        answers: list[dict[str, Any]] = []
        for top in modal.get("components") or []:
            if top.get("type") == ACTION_ROW:
                inner = [
                    self._modal_answer(c, remaining, channel) for c in top.get("components") or []
                ]
                answers.append({"type": ACTION_ROW, "components": inner})
            elif top.get("type") == LABEL and isinstance(top.get("component"), dict):
                answer: dict[str, Any] = {
                    "type": LABEL,
                    "component": self._modal_answer(top["component"], remaining, channel),
                }
                if "id" in top:
                    answer["id"] = top["id"]
                answers.append(answer)
        if remaining:
            raise LookupError(f"modal {modal.get('title')!r} has no field(s) {sorted(remaining)}")
        rec.modal_submitted = True
        source = self.emu.messages.get(rec.source_message_id) if rec.source_message_id else None
        return await self._interact(
            INTERACTION_MODAL_SUBMIT,
            channel,
            {"custom_id": modal["custom_id"], "components": answers},
            f"submit modal {modal.get('title')!r} by {self.user.username}",
            message=source,
        )

    def _modal_answer(
        self, component: dict[str, Any], remaining: dict[str, Any], channel: Channel
    ) -> dict[str, Any]:
        custom_id = component.get("custom_id")
        ctype = component.get("type")
        answer: dict[str, Any] = {"type": ctype, "custom_id": custom_id}
        if "id" in component:
            answer["id"] = component["id"]
        if ctype == TEXT_INPUT:
            value = remaining.pop(custom_id, None) if custom_id in remaining else None
            if value is None:
                value = component.get("value") or ""
            if not isinstance(value, str):
                raise TypeError(f"text input {custom_id!r} takes a str, got {value!r}")
            required = component.get("required", True)
            if required and not value:
                raise ValueError(f"text input {custom_id!r} is required")
            lo, hi = component.get("min_length"), component.get("max_length")
            if hi is None:
                hi = MAX_TEXT_INPUT_LENGTH
            if value and ((lo is not None and len(value) < lo) or len(value) > hi):
                raise ValueError(
                    f"text input {custom_id!r}: length {len(value)} outside [{lo}, {hi}]"
                )
            answer["value"] = value
            return answer
        if ctype in SELECT_TYPES:
            raw = remaining.pop(str(custom_id), [])
            chosen, resolved = self._select_values(
                component, [raw] if isinstance(raw, str) else raw, channel
            )
            answer["values"] = chosen
            if resolved:
                answer["resolved"] = resolved
            return answer
        return answer


def _button_label(button: dict[str, Any]) -> str:
    if button.get("label"):
        return str(button["label"])
    emoji = button.get("emoji") or {}
    return str(emoji.get("name") or "")
