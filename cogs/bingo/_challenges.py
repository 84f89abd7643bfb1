"""Challenges between members: post, answer (Accept / Decline), expire, and the
matchmaking that turns an accepted challenge into a match.

No lock is held across a call to Discord: names are looked up after deferring, with no
lock; a per-guild lock guards only the database check-and-insert that starts a match
(two accepts cannot seat one member in two matches); ``/bingo challenge`` takes no lock
(its limits are checked and the challenge stored in one transaction). Expiry is a job
of the cog's one scheduler, keyed ``("challenge", id)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.engine import BingoOptions
from bot.i18n import t
from bot.storage import ChallengeLimitError
from bot.storage.consent import ConsentStore
from bot.ui.controls import Answer
from bot.ui.text import echo
from cogs.languages import guild_language
from cogs.reply import Reply

from ._render import rules_text
from ._settings import challenge_seconds
from ._views import challenge_view

if TYPE_CHECKING:
    from bot.storage import Challenge
    from bot.ui.controls import ChallengeButton

    from ._ports import ChallengeHost

log = logging.getLogger(__name__)

#: Catalog key (``bingo.ftl``) of the private answer to a challenge no longer open.
NOT_OPEN = "bingo-challenge-not-open"
#: Catalog key (``consent.ftl``) of the refusal of a challenge to a member who takes no
#: challenges from the challenger: opted out (``/bingo challenges off``) or blocked them
#: (``/bingo block``). One text for both, so a blocked member cannot tell a block from
#: an opt-out (docs/RULES.md, "Consent").
NOT_TAKING = "consent-not-taking"


def _key(challenge_id: int) -> tuple[str, int]:
    return ("challenge", challenge_id)


class Challenges:
    """The challenges of one bot process; ``service`` starts the accepted matches."""

    def __init__(self, service: ChallengeHost) -> None:
        self.service = service
        self.bot = service.bot
        self.db = service.db
        self.scheduler = service.scheduler
        self.consent = ConsentStore(self.db.backend)
        # Per guild, held only for the database work that starts a match.
        self._matchmaking: dict[int, asyncio.Lock] = {}

    async def restore(self) -> None:
        """Re-arm the expiry of every pending challenge (one that expired while the bot
        was down expires at once)."""
        for challenge in await self.db.pending_challenges():
            if self.service.owns(challenge.guild_id):  # the others: their own process
                self._arm(challenge.id, challenge.expires_at)

    def expire_soon(self, challenge_id: int) -> None:
        """Expire a challenge found overdue by the service's poll (any server's, e.g. a
        dead process's), unless its own timer is already on it here."""
        if _key(challenge_id) not in self.scheduler:
            self._arm(challenge_id, 0.0)

    async def challenge(
        self, ctx: Reply, opponent: discord.User | discord.Member, options: BingoOptions
    ) -> None:
        """Post a public challenge to ``opponent`` with Accept and Decline, pinging the
        challenged member (and nobody else). ``options``: the match's table rules.

        Refused privately, with no ping: a member already in a match (either side), a
        member who takes no challenges from the challenger (opted out here, or blocked
        them: one text, :data:`NOT_TAKING`), a challenger still in their cooldown on this
        member after a declined or expired challenge (``BINGO_CHALLENGE_COOLDOWN_SECONDS``),
        a second pending challenge between the same two members
        (``limits.CHALLENGES_PER_PAIR``), or more than ``limits.CHALLENGES_PER_CHALLENGER``
        pending from one member in this server. The caller has already refused yourself
        and other bots.
        """
        user = ctx.user
        guild_id, channel_id = ctx.guild_id, ctx.interaction.channel_id
        assert guild_id is not None and channel_id is not None
        name = echo(opponent.display_name, limits.MEMBER_NAME)
        now = time.time()
        refusal = await self._refusal(guild_id, user.id, opponent.id, now)
        if refusal is not None:
            key, args = refusal
            return await ctx.tell(key, name=name, **args)
        expires = now + challenge_seconds(
            await self.db.guild_settings(guild_id), self.bot.settings.challenge_seconds
        )
        try:
            challenge_id = await self.db.create_challenge(
                guild_id, channel_id, user.id, opponent.id, now, expires,
                options.to_json(),
                per_pair=limits.CHALLENGES_PER_PAIR,
                per_challenger=limits.CHALLENGES_PER_CHALLENGER,
            )  # fmt: skip
        except ChallengeLimitError as error:
            if error.kind == "pair":
                return await ctx.tell("bingo-challenge-pair", name=name)
            return await ctx.tell("bingo-challenge-limit", n=error.limit)
        self._arm(challenge_id, expires)
        public = await ctx.public()
        await ctx.reply_public(
            t(
                public,
                "bingo-challenge-post",
                opponent=opponent.mention,
                challenger=user.mention,
                rules=rules_text(options, public),
                deadline=f"<t:{int(expires)}:R>",
            ),
            view=challenge_view(challenge_id, public),
            allowed_mentions=discord.AllowedMentions(users=[opponent]),
        )
        message = await ctx.interaction.original_response()
        await self.db.set_challenge_message(challenge_id, message.id)
        # Both members get their hands by DM if the challenge is accepted: open those DM
        # channels while it waits (Discord allows few openings a second).
        self.service.outbox.open_dms_ahead((user.id, opponent.id))

    async def _refusal(
        self, guild_id: int, user_id: int, opponent_id: int, now: float
    ) -> tuple[str, dict[str, Any]] | None:
        """Why member ``user_id`` may not challenge ``opponent_id`` in ``guild_id`` at
        ``now`` (Unix seconds), before the limits the store checks: the catalog key of
        the refusal and its variables besides the opponent's ``name``, or ``None``.
        In order: the challenger in a match, the opponent taking no challenges from them,
        the opponent in a match, the challenger's cooldown on the opponent."""
        if await self.db.active_match_of(guild_id, user_id):
            return "bingo-busy", {}
        if await self.consent.opted_out(guild_id, opponent_id) or await self.consent.blocks(
            opponent_id, user_id
        ):
            return NOT_TAKING, {}
        if await self.db.active_match_of(guild_id, opponent_id):
            return "bingo-challenge-opponent-busy", {}
        until = await self.consent.cooldown_until(guild_id, user_id, opponent_id)
        if now < until:
            return "consent-cooldown", {"when": f"<t:{int(until) + 1}:R>"}
        return None

    async def on_answer(
        self, interaction: discord.Interaction[Any], control: ChallengeButton
    ) -> None:
        """Accept or Decline, by the challenged member only."""
        ctx = Reply(interaction)
        challenge_id = control.challenge_id
        challenge = await self.db.get_challenge(challenge_id)
        if challenge is None or challenge.status != "pending":
            return await ctx.tell(NOT_OPEN)
        if ctx.user_id != challenge.opponent_id:
            return await ctx.tell(
                "bingo-challenge-only-opponent", opponent=f"<@{challenge.opponent_id}>"
            )
        if control.answer is Answer.DECLINE:
            if not await self.db.close_challenge(challenge_id, "declined"):
                return await ctx.tell(NOT_OPEN)
            self.scheduler.cancel(_key(challenge_id))
            await self.start_cooldown(challenge)
            public = await ctx.public()
            await ctx.edit_message(
                content=t(
                    public,
                    "bingo-challenge-declined",
                    opponent=f"<@{challenge.opponent_id}>",
                    challenger=f"<@{challenge.challenger_id}>",
                ),
                view=None,
            )
            return
        await self._accept(ctx, challenge)

    async def start_cooldown(self, challenge: Challenge) -> None:
        """Start the challenger's cooldown on the challenged member (a declined or an
        expired challenge): ``BINGO_CHALLENGE_COOLDOWN_SECONDS`` from now."""
        seconds = self.bot.settings.challenge_cooldown_seconds
        if seconds > 0:
            await self.consent.set_cooldown(
                challenge.guild_id,
                challenge.challenger_id,
                challenge.opponent_id,
                time.time() + seconds,
            )

    def matchmaking(self, guild_id: int) -> asyncio.Lock:
        """The guild's matchmaking lock: held around every check-and-store that seats
        members in a new match (challenges, tournament tables), so that no path seats a
        member twice."""
        return self._lock(guild_id)

    def _lock(self, guild_id: int) -> asyncio.Lock:
        lock = self._matchmaking.get(guild_id)
        if lock is None:
            lock = self._matchmaking[guild_id] = asyncio.Lock()
        return lock

    async def _accept(self, ctx: Reply, challenge: Challenge) -> None:
        """Start the match of an accepted challenge.

        Names are looked up (over REST if need be) before any lock is taken; then, under
        the guild's matchmaking lock and with database work only, the challenge is checked
        again (a second Accept finds it no longer pending and is answered privately,
        leaving the accepted message alone), the players are checked to be free, and the
        match is stored. Then it is started (its deadline armed), then shown.
        """
        await ctx.defer(thinking=False)  # name look-ups may wait on Discord
        players = (challenge.challenger_id, challenge.opponent_id)
        names = [await self.service.display_name(ctx, uid) for uid in players]
        options = (
            BingoOptions.from_json(challenge.options) if challenge.options else self.service.options
        )
        setup = self.service.setup(
            options,
            names,
            await self.service.quick_counter(players),
            timing=await self.service.timing_for(challenge.guild_id),
        )
        await self.service.stamp_languages(setup, challenge.guild_id, players, ctx)
        public = setup.config.language
        busy: int | None = None
        match_id: int | None = None
        cancelled = False
        async with self._lock(challenge.guild_id):
            current = await self.db.get_challenge(challenge.id)
            if current is not None and current.status == "pending":
                for uid in players:
                    if await self.db.active_match_of(challenge.guild_id, uid):
                        busy = uid
                        cancelled = await self.db.close_challenge(challenge.id, "cancelled")
                        break
                else:
                    match_id = await self.db.accept_challenge(
                        challenge.id, player_ids=players, **setup.stored()
                    )
        if match_id is None:
            if busy is not None and cancelled:
                self.scheduler.cancel(_key(challenge.id))
                await ctx.edit(
                    content=t(public, "bingo-challenge-cancelled", user=f"<@{busy}>"), view=None
                )
                return
            return await ctx.tell(NOT_OPEN)
        self.scheduler.cancel(_key(challenge.id))
        thread: int | None = None
        try:  # the match's thread starts from the challenge message (see ._threads)
            message = ctx.interaction.message
            message_id = message.id if message is not None else challenge.message_id
            thread = await self.service.open_thread(
                setup, match_id, challenge.channel_id, ctx.interaction.app_permissions,
                message_id=message_id,
            )  # fmt: skip
        finally:
            await self.service.begin(
                setup, match_id, challenge.guild_id, challenge.channel_id, players, level=None
            )
        args = {"opponent": f"<@{players[1]}>", "challenger": f"<@{players[0]}>", "id": match_id}
        try:
            await ctx.edit(
                content=t(public, "bingo-challenge-accepted", **args)
                if thread is None
                else t(public, "bingo-challenge-accepted-thread", thread=f"<#{thread}>", **args),
                view=None,
            )
        except discord.HTTPException as error:
            log.warning("Could not mark challenge %s accepted: %s", challenge.id, error)

    async def cancel(self, challenge: Challenge) -> bool:
        """Cancel a pending challenge (a moderator's decision): closed, its expiry
        unarmed, its message shown cancelled without buttons. ``False`` if it was no
        longer pending. No cooldown starts: neither member chose this."""
        if not await self.db.close_challenge(challenge.id, "cancelled"):
            return False
        self.scheduler.cancel(_key(challenge.id))
        if challenge.message_id is not None:
            text = t(
                await guild_language(self.service.bot, challenge.guild_id),
                "mod-challenge-cancelled",
                challenger=f"<@{challenge.challenger_id}>",
                opponent=f"<@{challenge.opponent_id}>",
            )
            await self.service.outbox.edit(
                challenge.channel_id, challenge.message_id, content=text, view=None
            )
        return True

    # -- expiry ------------------------------------------------------------------------

    def _arm(self, challenge_id: int, expires_at: float) -> None:
        async def expire() -> None:
            await self._expire(challenge_id)

        self.scheduler.schedule(_key(challenge_id), expires_at, expire)

    async def _expire(self, challenge_id: int) -> None:
        if not await self.db.close_challenge(challenge_id, "expired"):
            return
        challenge = await self.db.get_challenge(challenge_id)
        assert challenge is not None
        await self.start_cooldown(challenge)
        outbox = self.service.outbox
        text = t(
            await guild_language(self.service.bot, challenge.guild_id),
            "bingo-challenge-expired",
            challenger=f"<@{challenge.challenger_id}>",
            opponent=f"<@{challenge.opponent_id}>",
        )
        if challenge.message_id is not None:
            await outbox.edit(challenge.channel_id, challenge.message_id, content=text, view=None)
        with contextlib.suppress(Exception):
            await outbox.send(challenge.channel_id, content=text)
