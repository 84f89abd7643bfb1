"""Test driver: the data of an application command as a member's Discord client sends it.

:class:`CommandBuilder` finds the command the user names (in their client language), checks
that it is available to them in that channel (contexts, ``default_member_permissions``),
and validates and resolves its options as the client would (choices, lengths, bounds,
``resolved`` users, members, channels and roles). Discord: "Application Commands"
(https://discord.com/developers/docs/interactions/application-commands).
:class:`bot.playground.driver.UserDriver` builds on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.playground import payloads
from bot.playground.models import Channel, Role, User
from bot.playground.permissions import ADMINISTRATOR, has_all

if TYPE_CHECKING:
    from bot.playground.server import Emulator

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
        contexts = cmd.get("contexts")
        if channel.is_dm:
            if cmd.get("guild_id"):
                return "guild command used in a DM"
            if contexts is not None and 1 not in contexts:
                return "not allowed in bot DMs (contexts)"
            if contexts is None and cmd.get("dm_permission") is False:
                return "dm_permission is false"
            return None
        if contexts is not None and 0 not in contexts:
            return "not allowed in guilds (contexts)"
        required = cmd.get("default_member_permissions")
        if required is not None:
            perms = self.emu.permissions_for(self.user, channel)
            needed = int(required)
            if needed == 0 and not perms & ADMINISTRATOR:
                return "disabled for non-administrators (default_member_permissions 0)"
            if not has_all(perms, needed):
                return f"missing default_member_permissions {needed}"
        return None

    def _resolve_user_value(
        self, value: Any, channel: Channel, resolved: dict[str, dict[str, Any]]
    ) -> str:
        user = self.emu.get_user(value)
        resolved.setdefault("users", {})[str(user.id)] = payloads.user_payload(user)
        if not channel.is_dm:
            guild = self.emu.guilds[channel.guild_id or 0]
            member = guild.members.get(user.id)
            if member is not None:
                perms = self.emu.permissions_for(user, channel)
                resolved.setdefault("members", {})[str(user.id)] = payloads.member_payload(
                    member, with_user=False, permissions=perms
                )
        return str(user.id)

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
            if not isinstance(value, Role):
                raise TypeError(f"option {name!r} expects a Role, got {value!r}")
            resolved.setdefault("roles", {})[str(value.id)] = payloads.role_payload(value)
            return str(value.id)
        if otype == 9:
            if isinstance(value, Role):
                resolved.setdefault("roles", {})[str(value.id)] = payloads.role_payload(value)
                return str(value.id)
            return self._resolve_user_value(value, channel, resolved)
        raise NotImplementedError(f"option {name!r} of type {otype} is not supported by the driver")

    def _build_command_data(
        self, channel: Channel, command: str, options: dict[str, Any], *, focused: str | None = None
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
                if opt.get("required") and focused is None:  # autocomplete: typed so far
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


def _choice(option: str, choices: list[dict[str, Any]], value: Any) -> Any:
    for choice in choices:
        if choice.get("value") == value:
            return value
    for choice in choices:
        if choice.get("name") == value:
            return choice.get("value")
    names = [c.get("name") for c in choices]
    raise ValueError(f"option {option!r}: {value!r} is not one of the choices {names}")
