"""How a cog names a member by id in text: a mention, or the reader's "deleted member"
for an erased member's pseudonym (:func:`bot.storage.privacy.is_erased`; docs/PRIVACY.md)."""

from __future__ import annotations

from bot.i18n import t
from bot.storage.privacy import is_erased


def member_mention(user_id: int, locale: object) -> str:
    """``<@user_id>`` (Discord's user mention, shown as the member's name), or
    ``privacy-deleted-member`` in ``locale`` when ``user_id`` is an erased member's
    pseudonym (a negative number, which Discord would show as a broken mention)."""
    if is_erased(user_id):
        return t(locale, "privacy-deleted-member")
    return f"<@{user_id}>"
