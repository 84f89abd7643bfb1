"""One object per interaction: its languages, and every way a cog answers it.

A handler makes one :class:`Reply` from its interaction (``ctx = Reply(interaction)``)
and passes it down instead of the interaction: the helpers it calls then share the
member's private language and the server's public one, each resolved at most once
(:meth:`Reply.private`, :meth:`Reply.public`, through the bot's one
:class:`bot.i18n.service.LanguageService`, whose read of the database is bounded, so a
click is still answered within Discord's 3 seconds), and answer through the same
helpers: a catalog message privately (:meth:`Reply.tell`), any private or public
message (:meth:`Reply.reply_private`, :meth:`Reply.reply_public`, each the first
response or a follow-up, whichever is due), a deferral, an edit of the answer, and the
one error answer (:meth:`Reply.error`, :func:`bot.interactions.report_error`).

The languages' rules are :mod:`cogs.languages`'; this module only caches them for one
interaction.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.interactions import reply_private, report_error, update_message
from cogs.languages import client_locale, guild_locale, service


class Reply:
    """The context of one interaction: who and where, its two languages (resolved
    lazily, then cached on the object), and its answers.

    ``Reply(interaction)`` is cheap: nothing is read until a language is asked for.
    """

    __slots__ = ("interaction", "_private", "_public")

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self._private: str | None = None
        self._public: str | None = None

    # -- who and where -------------------------------------------------------------

    @property
    def client(self) -> Any:
        """The bot (``interaction.client``, a ``BingoBot``)."""
        return self.interaction.client

    @property
    def user(self) -> discord.User | discord.Member:
        """The member who used the command or the control."""
        return self.interaction.user

    @property
    def user_id(self) -> int:
        """The member's id."""
        return self.interaction.user.id

    @property
    def guild_id(self) -> int | None:
        """The server's id, or ``None`` in a DM (also set in a server where only the
        member's user install reaches: :func:`cogs.contexts.in_server`)."""
        return self.interaction.guild_id

    @property
    def guild(self) -> discord.Guild | None:
        """The cached server, if the bot is in it."""
        return self.interaction.guild

    # -- languages -----------------------------------------------------------------

    async def private(self) -> str:
        """The language of a private answer (a catalog code for :func:`bot.i18n.t`): the
        member's ``/bingo language`` choice, else their client's locale
        (:meth:`LanguageService.private`). Resolved once per object."""
        if self._private is None:
            languages = service(self.client)
            self._private = await languages.private(self.user_id, client_locale(self.interaction))
        return self._private

    async def public(self) -> str:
        """The language of public text: the server's setting, else the guild's locale
        (:func:`cogs.languages.guild_locale`); outside a server, :meth:`private` (a DM
        has no server setting: its reader's language). Resolved once per object."""
        if self._public is None:
            if self.guild_id is None:
                self._public = await self.private()
            else:
                locale = guild_locale(self.interaction)
                self._public = await service(self.client).public(self.guild_id, locale)
        return self._public

    async def text(self, key: str, **args: Any) -> str:
        """Catalog message ``key`` with ``args``, in the private language."""
        return t(await self.private(), key, **args)

    # -- answers -------------------------------------------------------------------

    def is_done(self) -> bool:
        """Whether the interaction has had its first response (sent or deferred)."""
        return self.interaction.response.is_done()

    async def tell(self, key: str, **args: Any) -> None:
        """Answer privately with catalog message ``key`` (``args`` are its Fluent
        variables) in the private language (:meth:`reply_private`)."""
        await self.reply_private(await self.text(key, **args))

    async def reply_private(self, content: str | None = None, **kwargs: Any) -> None:
        """An ephemeral message: the first response, or a follow-up once the interaction
        is answered or deferred (:func:`bot.interactions.reply_private`). ``kwargs``:
        ``embed``, ``view``, ``file`` …

        Raises:
            discord.HTTPException: Discord refused the message.
        """
        await reply_private(self.interaction, content, **kwargs)

    async def reply_public(self, content: str | None = None, **kwargs: Any) -> None:
        """A message everyone in the channel sees: the first response, or a follow-up
        once the interaction is answered or deferred (a public deferral's "thinking"
        then becomes this message).

        Raises:
            discord.HTTPException: Discord refused the message.
        """
        if self.is_done():
            # discord.py types content as str, and sends None as no content
            await self.interaction.followup.send(content, **kwargs)  # type: ignore[arg-type]
        else:
            await self.interaction.response.send_message(content, **kwargs)

    async def defer(self, *, ephemeral: bool = True, thinking: bool = True) -> None:
        """Acknowledge now, answer later (``interaction.response.defer``): for a command
        by default a private "thinking" that the next follow-up or :meth:`edit` replaces;
        ``thinking=False`` for a component whose message is edited later."""
        if thinking:
            await self.interaction.response.defer(ephemeral=ephemeral, thinking=True)
        else:
            await self.interaction.response.defer()

    async def edit(self, **kwargs: Any) -> None:
        """Edit the answer already given (``edit_original_response``: the deferred
        "thinking", or the message of a deferred component)."""
        await self.interaction.edit_original_response(**kwargs)

    async def edit_message(self, **kwargs: Any) -> None:
        """Answer a component by editing its message
        (:func:`bot.interactions.update_message`).

        Raises:
            discord.InteractionResponded: it was already answered.
            discord.HTTPException: Discord refused the update.
        """
        await update_message(self.interaction, **kwargs)

    async def update(self, **kwargs: Any) -> None:
        """Show ``kwargs`` on the clicked component's message: as the answer
        (:meth:`edit_message`), or by :meth:`edit` once the click was deferred (work that
        took past :func:`bot.interactions.within_ack_deadline`'s deferral).

        Raises:
            discord.HTTPException: Discord refused the edit.
        """
        if self.is_done():
            await self.edit(**kwargs)
        else:
            await self.edit_message(**kwargs)

    async def error(self, error: BaseException, *, where: str | None = None) -> None:
        """The one error answer (:func:`bot.interactions.report_error`): an expected
        error as is, anything else logged with an error id the member sees."""
        await report_error(self.interaction, error, where=where)
