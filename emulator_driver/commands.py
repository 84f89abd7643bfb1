"""Test driver: the data of an application command as a member's Discord client sends it.

:class:`CommandBuilder` finds the command the user names (in their client language), checks
that it is available to them in that channel (:func:`unavailable_reason`: the command's
``contexts`` and ``integration_types`` against the channel's interaction context and the
app's installs, ``default_member_permissions``), and validates and resolves its options as
the client would (choices, lengths, bounds, ``resolved`` users, members, channels and
roles). Discord: "Application Commands" (https://discord.com/developers/docs/interactions/application-commands).
:class:`emulator_driver.driver.UserDriver` builds on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from emulator import payloads
from emulator.interacting import authorizing_owners
from emulator.models import (
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    CONTEXT_PRIVATE_CHANNEL,
    GUILD_INSTALL,
    Channel,
    Role,
    User,
)
from emulator.permissions import ADMINISTRATOR, has_all

if TYPE_CHECKING:
    from emulator.server import Emulator

#: What Discord's client lets a member type into an option that declares no bound:
#: string options up to 6,000 characters (the largest ``max_length``), integers within
#: +/-2**53 (JSON-safe).
MAX_OPTION_LENGTH = 6000
MAX_SAFE_INTEGER = 2**53


class CommandBuilder:
    """The application-command side of a user's client: ``emu`` and ``user`` are the
    emulator and the user acting."""

    emu: Emulator
    user: User

    def _find_command(self, channel: Channel, name: str, ctype: int) -> dict[str, Any]:
        emu = self.emu
        candidates: list[dict[str, Any]] = []
        if not channel.is_dm and channel.guild_id is not None:
            candidates.extend(emu.guild_commands.get(channel.guild_id, {}).values())
        candidates.extend(emu.global_commands.values())
        for cmd in candidates:
            if cmd.get("type", 1) != ctype or not self._named(cmd, name):
                continue
            reason = self._unavailable_reason(cmd, channel)
            if reason:
                raise LookupError(
                    f"command {name!r} is not available to {self.user.username}: {reason}"
                )
            return cmd
        available = sorted({c["name"] for c in candidates if c.get("type", 1) == ctype})
        raise LookupError(f"no command {name!r} (type {ctype}) here; synced: {available}")

    def _named(self, node: dict[str, Any], name: str) -> bool:
        """Whether this user can call ``node`` (a command, option or choice) ``name``: its
        name, or its localization in the user's client language (what their client shows)."""
        localized = (node.get("name_localizations") or {}).get(self.user.locale)
        return name in (node.get("name"), localized)

    def _unavailable_reason(self, cmd: dict[str, Any], channel: Channel) -> str | None:
        return unavailable_reason(self.emu, self.user, cmd, channel)

    def _command_menu(self, channel: Channel) -> list[str]:
        """What this user's ``/`` menu offers in ``channel``: every chat-input command
        (``"help"``) and subcommand (``"bingo rules"``, ``"bingo settings show"``) of the
        commands :func:`unavailable_reason` lets through, by their default names, sorted."""
        emu = self.emu
        candidates: list[dict[str, Any]] = []
        if channel.guild_id is not None:
            candidates.extend(emu.guild_commands.get(channel.guild_id, {}).values())
        candidates.extend(emu.global_commands.values())
        found: set[str] = set()
        for cmd in candidates:
            if cmd.get("type", 1) == 1 and self._unavailable_reason(cmd, channel) is None:
                found.update(_leaf_paths(cmd["name"], cmd.get("options") or []))
        return sorted(found)

    def _resolve_user_value(
        self, value: Any, channel: Channel, resolved: dict[str, dict[str, Any]]
    ) -> str:
        user = self.emu.get_user(value)
        resolved.setdefault("users", {})[str(user.id)] = payloads.user_payload(user)
        if channel.guild_id is not None:
            guild = self.emu.guilds[channel.guild_id or 0]
            member = guild.members.get(user.id)
            if member is not None:
                perms = self.emu.permissions_for(user, channel)
                resolved.setdefault("members", {})[str(user.id)] = payloads.member_payload(
                    member, with_user=False, permissions=perms
                )
        return str(user.id)

    def _guild_role(self, value: Any, channel: Channel) -> Role | None:
        """``value`` as a role of ``channel``'s guild: a Role, or a role id (int or digits,
        as a client's role picker sends it); None if it is neither (Discord's client offers
        only the server's roles)."""
        guild = self.emu.guilds.get(channel.guild_id or 0)
        if guild is None:
            return None
        if isinstance(value, Role):
            return value if guild.roles.get(value.id) is value else None
        if isinstance(value, bool) or not isinstance(value, int | str):
            return None
        try:
            return guild.roles.get(int(value))
        except ValueError:
            return None

    def _option_value(
        self, opt: dict[str, Any], value: Any, channel: Channel, resolved: dict[str, dict[str, Any]]
    ) -> Any:
        otype = opt["type"]
        name = opt["name"]
        choices = opt.get("choices")
        if choices:
            choices = [
                {**c, "name": (c.get("name_localizations") or {}).get(self.user.locale)}
                for c in choices
                if (c.get("name_localizations") or {}).get(self.user.locale)
            ] + choices
        if otype == 3:
            if choices:
                value = _choice(name, choices, value)
            if not isinstance(value, str):
                raise TypeError(f"option {name!r} expects a str, got {value!r}")
            lo, hi = opt.get("min_length"), opt.get("max_length")
            if hi is None:
                hi = MAX_OPTION_LENGTH
            if (lo is not None and len(value) < lo) or len(value) > hi:
                raise ValueError(
                    f"option {name!r}: length {len(value)} of {value[:40]!r} outside [{lo}, {hi}]"
                )
            return value
        if otype in (4, 10):
            if choices:
                value = _choice(name, choices, value)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"option {name!r} expects a number, got {value!r}")
            if otype == 4 and not isinstance(value, int):
                raise TypeError(f"option {name!r} expects an int, got {value!r}")
            lo, hi = opt.get("min_value"), opt.get("max_value")
            lo = -MAX_SAFE_INTEGER if lo is None else lo
            hi = MAX_SAFE_INTEGER if hi is None else hi
            if value < lo or value > hi:
                raise ValueError(f"option {name!r}: {value!r} outside [{lo}, {hi}]")
            return value
        if otype == 5:
            if not isinstance(value, bool):
                raise TypeError(f"option {name!r} expects a bool, got {value!r}")
            return value
        if otype == 6:
            return self._resolve_user_value(value, channel, resolved)
        if otype == 7:
            target = self.emu.get_channel(value)
            data = payloads.channel_payload(target)
            data["permissions"] = str(self.emu.permissions_for(self.user, target))
            types = opt.get("channel_types")
            if types and target.type not in types:
                raise ValueError(f"option {name!r}: channel type {target.type} not in {types}")
            resolved.setdefault("channels", {})[str(target.id)] = data
            return str(target.id)
        if otype == 8:
            role = self._guild_role(value, channel)
            if role is None:
                raise TypeError(f"option {name!r} expects a role of this server, got {value!r}")
            resolved.setdefault("roles", {})[str(role.id)] = payloads.role_payload(role)
            return str(role.id)
        if otype == 9:
            role = self._guild_role(value, channel)
            if role is not None:
                resolved.setdefault("roles", {})[str(role.id)] = payloads.role_payload(role)
                return str(role.id)
            return self._resolve_user_value(value, channel, resolved)
        raise NotImplementedError(f"option {name!r} of type {otype} is not supported by the driver")

    def _build_command_data(
        self,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        *,
        focused: str | None = None,
        forged: frozenset[str] = frozenset(),
    ) -> tuple[dict[str, Any], str]:
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise ValueError("empty command")
        cmd = self._find_command(channel, parts[0], 1)
        data_options: list[dict[str, Any]] = []
        container = data_options
        level = cmd.get("options") or []
        for sub in parts[1:]:
            opt = next((o for o in level if self._named(o, sub) and o["type"] in (1, 2)), None)
            if opt is None:
                subs = [o["name"] for o in level if o["type"] in (1, 2)]
                raise LookupError(f"{command!r}: no subcommand {sub!r} (have {subs})")
            node: dict[str, Any] = {"type": opt["type"], "name": opt["name"], "options": []}
            container.append(node)
            container = node["options"]
            level = opt.get("options") or []
        if any(o["type"] in (1, 2) for o in level):
            subs = [o["name"] for o in level if o["type"] in (1, 2)]
            raise LookupError(f"{command!r} needs a subcommand (one of {subs})")
        known = {o["name"]: o for o in level}
        for option in level:  # the user's client language names options its own way
            localized = (option.get("name_localizations") or {}).get(self.user.locale)
            if localized and localized in options and localized not in known:
                options = {**options, option["name"]: options[localized]}
                del options[localized]
                if focused == localized:
                    focused = option["name"]
        unknown = set(options) - set(known)
        if unknown:
            raise LookupError(
                f"{command!r}: unknown option(s) {sorted(unknown)}; has {sorted(known)}"
            )
        resolved: dict[str, dict[str, Any]] = {}
        for opt in level:
            name = opt["name"]
            if name not in options:
                if opt.get("required") and focused is None and name not in forged:
                    # autocomplete: typed so far; forged: set by ``forge_slash``
                    raise ValueError(f"{command!r}: required option {name!r} missing")
                continue
            if name == focused:
                entry = {
                    "type": opt["type"],
                    "name": name,
                    "value": str(options[name]),
                    "focused": True,
                }
            else:
                value = self._option_value(opt, options[name], channel, resolved)
                entry = {"type": opt["type"], "name": name, "value": value}
            container.append(entry)
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": 1,
            "options": data_options,
        }
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return data, " ".join(parts)


def _leaf_paths(prefix: str, options: list[dict[str, Any]]) -> list[str]:
    """``prefix`` with each subcommand path under it (option types 1 and 2), or ``prefix``
    alone for a command without subcommands."""
    subs = [o for o in options if o.get("type") in (1, 2)]
    if not subs:
        return [prefix]
    paths: list[str] = []
    for sub in subs:
        paths.extend(_leaf_paths(f"{prefix} {sub['name']}", sub.get("options") or []))
    return paths


def _choice(option: str, choices: list[dict[str, Any]], value: Any) -> Any:
    for choice in choices:
        if choice.get("value") == value:
            return value
    for choice in choices:
        if choice.get("name") == value:
            return choice.get("value")
    names = [c.get("name") for c in choices]
    raise ValueError(f"option {option!r}: {value!r} is not one of the choices {names}")


def command_contexts(cmd: dict[str, Any]) -> list[int]:
    """The interaction contexts where global command ``cmd`` is offered: its ``contexts``, or
    without them every context, less the bot's DM when the legacy ``dm_permission`` is false
    (Discord "Application Command Object": ``contexts``, ``dm_permission``)."""
    contexts = cmd.get("contexts")
    if contexts is not None:
        return [int(c) for c in contexts]
    if cmd.get("dm_permission") is False:
        return [CONTEXT_GUILD]
    return [CONTEXT_GUILD, CONTEXT_BOT_DM, CONTEXT_PRIVATE_CHANNEL]


def unavailable_reason(
    emu: Emulator, user: User, cmd: dict[str, Any], channel: Channel
) -> str | None:
    """Why ``user``'s ``/`` menu in ``channel`` does not offer ``cmd``, or None if it does.

    A guild command is offered in its guild only. A global command is offered where its
    ``contexts`` include the channel's context (0 guild, 1 the bot's DM, 2 a group DM) and
    one of its ``integration_types`` reaches there: the guild install in a guild the bot is
    in and in the bot's DM, the user install (``user.installed_app``) everywhere. In a
    guild, ``default_member_permissions`` applies too. Discord: "Application Commands"
    (Contexts; Installation Context)."""
    if cmd.get("guild_id"):
        if channel.guild_id is None or str(channel.guild_id) != str(cmd["guild_id"]):
            return "guild command used outside its guild"
    else:
        context = channel.context
        if context not in command_contexts(cmd):
            where = {0: "guilds", 1: "bot DMs", 2: "private channels"}[context]
            return f"not allowed in {where} (contexts)"
        types = [int(i) for i in cmd.get("integration_types") or [GUILD_INSTALL]]
        if not authorizing_owners(emu, user, channel, types):
            return f"not installed here (integration_types {types})"
    if channel.guild_id is None:
        return None
    guild = emu.guilds.get(channel.guild_id)
    if guild is None or emu.bot_user.id not in guild.members:
        return None  # a user install: the guild's member permissions do not apply to it
    required = cmd.get("default_member_permissions")
    if required is not None:
        perms = emu.permissions_for(user, channel)
        needed = int(required)
        if needed == 0 and not perms & ADMINISTRATOR:
            return "disabled for non-administrators (default_member_permissions 0)"
        if not has_all(perms, needed):
            return f"missing default_member_permissions {needed}"
    return None
