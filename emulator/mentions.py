"""Who a message would ping: Discord's mention parsing with ``allowed_mentions``.

Discord parses mentions in a message's ``content`` only (never in embeds):

* ``<@id>`` / ``<@!id>`` users, ``<@&id>`` roles, ``@everyone`` and ``@here``;
* with no ``allowed_mentions`` in the body, every mention in the content is parsed, and a reply
  pings the replied-to author;
* with ``allowed_mentions``: ``parse`` (a list of ``"users"``, ``"roles"``, ``"everyone"``)
  parses that kind wholesale; ``users`` / ``roles`` (id lists, at most 100 each, mutually
  exclusive with the same kind in ``parse``) allow exactly those ids, and still only when the
  content mentions them; ``replied_user`` (default false) pings the replied-to author;
* ``@everyone`` / ``@here`` ping only if the author has Mention Everyone (1 << 17) in the
  channel; a role pings only if it is mentionable or the author has Mention Everyone;
* nobody is notified of a mention in a channel they cannot see, nor of their own mention.

Ephemeral messages notify nobody. The result feeds ``Message.mention_ids`` /
``mention_role_ids`` / ``mention_everyone`` (the message object's ``mentions``,
``mention_roles`` and ``mention_everyone``) and, for the bot's messages, ``Emulator.pings``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from emulator.errors import invalid_form
from emulator.models import Channel, User
from emulator.permissions import MENTION_EVERYONE, has_all

if TYPE_CHECKING:
    from emulator.server import Emulator

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(everyone|here)")

_PARSE_KINDS = frozenset({"users", "roles", "everyone"})


@dataclass(frozen=True)
class Mentions:
    """Resolved mentions of one message version: user ids, role ids, and whether
    @everyone/@here notifies."""

    users: tuple[int, ...] = ()
    roles: tuple[int, ...] = ()
    everyone: bool = False

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.everyone)


@dataclass(frozen=True)
class Ping:
    """A message of the bot that notifies someone (``Emulator.pings``).

    ``kind`` is ``"create"`` or ``"edit"`` (an edit that changed the content); ``route`` is
    the request that produced it, e.g. ``"POST /channels/1/messages"`` (None when unknown).
    """

    message_id: int
    channel_id: int
    kind: str
    users: tuple[int, ...]
    roles: tuple[int, ...]
    everyone: bool
    content: str
    route: str | None = None

    def describe(self, emu: Emulator) -> str:
        """One line naming who is pinged, for assertion messages."""
        who = [f"@{emu.users[u].username}" if u in emu.users else f"user {u}" for u in self.users]
        who += [f"role {r}" for r in self.roles]
        if self.everyone:
            who.append("@everyone/@here")
        text = self.content if len(self.content) <= 120 else self.content[:117] + "..."
        return f"message {self.message_id} ({self.kind}) pings {', '.join(who)}: {text!r}"


def validate_allowed_mentions(value: Any) -> None:
    """400/50035 (a problem) for a malformed ``allowed_mentions`` object, as Discord answers."""
    if value is None:
        return
    if not isinstance(value, dict):
        raise invalid_form([("allowed_mentions", "Must be an object")])
    errors: list[tuple[str, str]] = []
    parse = value.get("parse")
    if parse is not None:
        if not isinstance(parse, list) or any(p not in _PARSE_KINDS for p in parse):
            errors.append(("allowed_mentions.parse", f"Invalid parse value {parse!r}"))
            parse = []
    for kind in ("users", "roles"):
        ids = value.get(kind)
        if ids is None:
            continue
        if not isinstance(ids, list):
            errors.append((f"allowed_mentions.{kind}", "Must be an array"))
            continue
        if len(ids) > 100:
            errors.append((f"allowed_mentions.{kind}", "Must be 100 or fewer in length."))
        if ids and parse and kind in parse:
            errors.append(
                (
                    f"allowed_mentions.{kind}",
                    f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.',
                )
            )
    if errors:
        raise invalid_form(errors)


def _ids(values: Iterable[Any]) -> set[int]:
    found: set[int] = set()
    for value in values:
        try:
            found.add(int(value))
        except (TypeError, ValueError):
            continue
    return found


def resolve(
    emu: Emulator,
    channel: Channel,
    author: User,
    content: str,
    allowed_mentions: dict[str, Any] | None,
    *,
    replied_author_id: int | None = None,
) -> Mentions:
    """Who ``content`` by ``author`` in ``channel`` notifies under ``allowed_mentions`` (None:
    the field was absent, so everything is parsed). ``replied_author_id``: author of the
    message this one replies to, if any."""
    everything = allowed_mentions is None
    rules = allowed_mentions or {}
    parse = set(rules.get("parse") or []) if not everything else set(_PARSE_KINDS)
    allowed_users = _ids(rules.get("users") or [])
    allowed_roles = _ids(rules.get("roles") or [])

    def can_see(user_id: int) -> bool:
        return user_id in emu.users and emu.can_view_channel(user_id, channel)

    mention_everyone_ok = not channel.is_dm and has_all(
        emu.permissions_for(author, channel), MENTION_EVERYONE
    )

    users: list[int] = []
    for raw in USER_MENTION.findall(content):
        uid = int(raw)
        if uid in users or uid == author.id or not can_see(uid):
            continue
        if "users" in parse or uid in allowed_users:
            users.append(uid)
    replied = rules.get("replied_user", True) if everything else rules.get("replied_user", False)
    if (
        replied
        and replied_author_id is not None
        and replied_author_id != author.id
        and replied_author_id not in users
        and can_see(replied_author_id)
    ):
        users.append(replied_author_id)

    roles: list[int] = []
    guild = emu.guilds.get(channel.guild_id or 0)
    if guild is not None:
        for raw in ROLE_MENTION.findall(content):
            rid = int(raw)
            role = guild.roles.get(rid)
            if role is None or rid == guild.id or rid in roles:
                continue
            if not (role.mentionable or mention_everyone_ok):
                continue
            if "roles" in parse or rid in allowed_roles:
                roles.append(rid)

    everyone = (
        "everyone" in parse and mention_everyone_ok and EVERYONE_MENTION.search(content) is not None
    )
    return Mentions(tuple(users), tuple(roles), everyone)
