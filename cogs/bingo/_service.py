"""The BingoMagic match service: challenges, decisions, timers, board and hand panels.

The engine decides everything; this layer only moves decisions in and messages out.
Each change of a match follows one path (:meth:`MatchService._change`): apply the
decision to a *copy* of the state, commit it to SQLite, then answer the interaction,
then publish (board, the other player's panel, timer).  A failure before the commit
leaves the match exactly as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from aiolimiter import AsyncLimiter

from bot.engine import BingoOptions, BingoState, IllegalActionError
from bot.interactions import is_dm_closed, reply_private

from ._render import board_embed, event_line, panel_embed, result_line, rules_text
from ._views import board_view, challenge_view, decision_view

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.storage import Challenge, MatchRecord

log = logging.getLogger(__name__)

USER_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
NO_MENTIONS = discord.AllowedMentions.none()
LOG_KEEP = 12

NOT_CURRENT = "That choice is no longer current."
NOT_YOURS = "This isn't your match."


@dataclass
class LiveMatch:
    """A match being played: its engine state plus where its messages are.

    ``ui`` (JSON, stored with the match): ``names`` (two display names), ``log``
    (recent public lines), ``dm_closed`` (two flags), ``panels`` (per player ``None``
    or ``{"channel", "message", "version", "controls", "ephemeral"}``) and ``board``
    (the board's channel message id).
    """

    id: int
    guild_id: int
    channel_id: int
    players: tuple[int, int]
    state: BingoState
    ui: dict[str, Any]
    started_at: float
    deadline: float | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def names(self) -> list[str]:
        return self.ui["names"]

    def seat(self, user_id: int) -> int | None:
        """The player index of ``user_id``, or ``None`` for anyone else."""
        return self.players.index(user_id) if user_id in self.players else None

    @classmethod
    def from_record(cls, record: MatchRecord) -> LiveMatch:
        return cls(
            id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            players=tuple(record.player_ids),  # type: ignore[arg-type]
            state=BingoState.from_json(record.state),
            ui=record.ui,
            started_at=record.started_at,
            deadline=record.deadline,
        )


class MatchService:
    """Runs every BingoMagic match of one bot process.

    ``seed_factory`` makes each new match's seed (tests replace it to deal known hands).
    """

    def __init__(self, bot: BingoBot) -> None:
        self.bot = bot
        self.db = bot.db
        self.settings = bot.settings
        self.options = BingoOptions(max_timeouts=bot.settings.max_timeouts)
        self.seed_factory: Callable[[], int] = lambda: secrets.randbits(63)
        self.matches: dict[int, LiveMatch] = {}
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._challenge_timers: dict[int, asyncio.Task[None]] = {}
        self._matchmaking = asyncio.Lock()
        self._restore_task: asyncio.Task[None] | None = None
        self._dm_channels: dict[int, int] = {}
        # One request every 1/rate seconds, no bursts: smooth pacing of DMs, edits and
        # posts (interaction answers are not paced: Discord limits them separately).
        self.outbound = AsyncLimiter(1, 1 / bot.settings.outbound_per_second)

    # -- life cycle --------------------------------------------------------------------

    async def start(self) -> None:
        """Reload matches in progress and open challenges; re-arm their timers (a
        deadline that passed while the bot was down fires at once); then, once the
        gateway is ready, redraw every board and panel and announce any result that
        the last process committed but did not post."""
        active = []
        for record in await self.db.active_matches():
            match = LiveMatch.from_record(record)
            self.matches[match.id] = match
            active.append(match)
            self._arm(match)
        for challenge in await self.db.pending_challenges():
            self._arm_challenge(challenge.id, challenge.expires_at)
        finished = [LiveMatch.from_record(r) for r in await self.db.unannounced_matches()]
        if active or finished:
            self._restore_task = asyncio.create_task(
                self._restore(active, finished), name="bingo-restore"
            )
        log.info("Restored %s match(es) in progress", len(active))

    async def _restore(self, active: list[LiveMatch], finished: list[LiveMatch]) -> None:
        await self.bot.wait_until_ready()
        for match in [*active, *finished]:
            try:
                async with match.lock:
                    if match.state.is_over:
                        await self._publish(match)
                    else:
                        for player in (0, 1):
                            await self._redraw_panel(match, player)
                        await self._update_board(match)
                        await self.db.save_ui(match.id, match.ui)
            except Exception:
                log.exception("Could not restore the messages of match %s", match.id)
        log.info("Redrew %s match(es) after start-up", len(active) + len(finished))

    async def stop(self) -> None:
        """Cancel every timer (the stored deadlines survive for the next start)."""
        tasks = [*self._timers.values(), *self._challenge_timers.values()]
        if self._restore_task is not None:
            tasks.append(self._restore_task)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._timers.clear()
        self._challenge_timers.clear()

    async def get(self, match_id: int) -> LiveMatch | None:
        """The live match ``match_id`` (loaded from SQLite if needed), or ``None``."""
        match = self.matches.get(match_id)
        if match is None:
            record = await self.db.get_match(match_id)
            if record is None or record.status != "active":
                return None
            match = self.matches.setdefault(match_id, LiveMatch.from_record(record))
        return match

    # -- challenges --------------------------------------------------------------------

    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.User,
        options: BingoOptions | None = None,
    ) -> None:
        """``/bingo challenge``: post a public challenge with Accept and Decline.

        ``options``: the table rules of the match (default: Vancouver, no house rules).

        Refused privately: challenging yourself, a bot, or a member already in a match.
        """
        user = interaction.user
        guild_id = interaction.guild_id
        assert guild_id is not None and interaction.channel_id is not None
        if opponent.id == user.id:
            return await reply_private(interaction, "You can't challenge yourself.")
        if opponent.bot:
            return await reply_private(interaction, "Bots can't play BingoMagic.")
        async with self._matchmaking:
            if await self.db.active_match_of(guild_id, user.id):
                return await reply_private(
                    interaction, "You're already in a match here. Finish it or `/bingo resign`."
                )
            if await self.db.active_match_of(guild_id, opponent.id):
                return await reply_private(
                    interaction, f"{opponent.display_name} is already in a match."
                )
            now = time.time()
            expires = now + self.settings.challenge_seconds
            options = options or self.options
            challenge_id = await self.db.create_challenge(
                guild_id, interaction.channel_id, user.id, opponent.id, now, expires,
                options.to_json(),
            )  # fmt: skip
        await interaction.response.send_message(
            f"⚔️ {opponent.mention}, {user.mention} challenges you to a BingoMagic match! "
            f"Rules: {rules_text(options)}. The challenge expires <t:{int(expires)}:R>.",
            view=challenge_view(challenge_id),
            allowed_mentions=USER_MENTIONS,
        )
        message = await interaction.original_response()
        await self.db.set_challenge_message(challenge_id, message.id)
        self._arm_challenge(challenge_id, expires)

    async def answer_challenge(
        self, interaction: discord.Interaction[Any], challenge_id: int, answer: str
    ) -> None:
        """Accept or Decline, by the challenged member only."""
        challenge = await self.db.get_challenge(challenge_id)
        if challenge is None or challenge.status != "pending":
            return await reply_private(interaction, "This challenge is no longer open.")
        if interaction.user.id != challenge.opponent_id:
            return await reply_private(
                interaction, f"Only <@{challenge.opponent_id}> can answer this challenge."
            )
        if answer == "decline":
            if not await self.db.close_challenge(challenge_id, "declined"):
                return await reply_private(interaction, "This challenge is no longer open.")
            self._cancel_challenge_timer(challenge_id)
            return await interaction.response.edit_message(
                content=f"❌ <@{challenge.opponent_id}> declined the challenge from "
                f"<@{challenge.challenger_id}>.",
                view=None,
                allowed_mentions=NO_MENTIONS,
            )
        await self._accept(interaction, challenge)

    async def _accept(self, interaction: discord.Interaction[Any], challenge: Challenge) -> None:
        # Looking up display names may wait on Discord (and on the pacer): defer first.
        await interaction.response.defer()
        async with self._matchmaking:
            for uid in (challenge.challenger_id, challenge.opponent_id):
                if await self.db.active_match_of(challenge.guild_id, uid):
                    await self.db.close_challenge(challenge.id, "cancelled")
                    self._cancel_challenge_timer(challenge.id)
                    return await interaction.edit_original_response(
                        content=f"This challenge was cancelled: <@{uid}> is already in a match.",
                        view=None,
                        allowed_mentions=NO_MENTIONS,
                    )
            players = (challenge.challenger_id, challenge.opponent_id)
            seed = self.seed_factory()
            options = (
                BingoOptions.from_json(challenge.options) if challenge.options else self.options
            )
            state, events = BingoState.new(seed, options)
            names = [await self._display_name(interaction, uid) for uid in players]
            ui: dict[str, Any] = {
                "names": names,
                "log": [],
                "dm_closed": [False, False],
                "panels": [None, None],
                "board": None,
            }
            self._log(ui, events)
            deadline = self._deadline(state)
            match_id = await self.db.accept_challenge(
                challenge.id,
                player_ids=players,
                seed=seed,
                options=options.to_json(),
                state=state.to_json(),
                decisions=state.history,
                version=state.version,
                started_at=time.time(),
                deadline=deadline,
                ui=ui,
            )
        if match_id is None:
            return await reply_private(interaction, "This challenge is no longer open.")
        self._cancel_challenge_timer(challenge.id)
        match = LiveMatch(
            match_id,
            challenge.guild_id,
            challenge.channel_id,
            players,
            state,
            ui,
            time.time(),
            deadline,
        )
        self.matches[match_id] = match
        await interaction.edit_original_response(
            content=f"✅ <@{players[1]}> accepted the challenge from <@{players[0]}>: "
            f"BingoMagic match #{match_id} begins. Hands are on their way by DM.",
            view=None,
            allowed_mentions=NO_MENTIONS,
        )
        async with match.lock:
            await self._publish(match)

    async def _display_name(self, interaction: discord.Interaction[Any], user_id: int) -> str:
        if interaction.user.id == user_id:
            return interaction.user.display_name
        guild = interaction.guild
        member = guild.get_member(user_id) if guild else None
        if member is None and guild is not None:
            with contextlib.suppress(discord.HTTPException):
                async with self.outbound:
                    member = await guild.fetch_member(user_id)
        if member is not None:
            return member.display_name
        user = self.bot.get_user(user_id)
        if user is None:
            async with self.outbound:
                user = await self.bot.fetch_user(user_id)
        return user.display_name

    def _arm_challenge(self, challenge_id: int, expires_at: float) -> None:
        self._cancel_challenge_timer(challenge_id)
        self._challenge_timers[challenge_id] = asyncio.create_task(
            self._expire_challenge(challenge_id, expires_at), name=f"challenge-{challenge_id}"
        )

    def _cancel_challenge_timer(self, challenge_id: int) -> None:
        task = self._challenge_timers.pop(challenge_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _expire_challenge(self, challenge_id: int, expires_at: float) -> None:
        await asyncio.sleep(max(0.0, expires_at - time.time()))
        self._challenge_timers.pop(challenge_id, None)
        try:
            if not await self.db.close_challenge(challenge_id, "expired"):
                return
            challenge = await self.db.get_challenge(challenge_id)
            assert challenge is not None
            channel = self.bot.get_partial_messageable(challenge.channel_id)
            text = (
                f"⌛ The challenge from <@{challenge.challenger_id}> to "
                f"<@{challenge.opponent_id}> expired."
            )
            if challenge.message_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    async with self.outbound:
                        await channel.get_partial_message(challenge.message_id).edit(
                            content=text, view=None, allowed_mentions=NO_MENTIONS
                        )
            await self._send_quietly(channel, content=text)
        except Exception:
            log.exception("Could not expire challenge %s", challenge_id)

    # -- decisions ---------------------------------------------------------------------

    async def act(
        self, interaction: discord.Interaction[Any], match_id: int, version: int, action: str
    ) -> None:
        """A decision button was pressed: apply it if it is still current.

        Private answers: not a player, match over, stale version, not your decision.
        """
        match = await self.get(match_id)
        if match is None:
            return await reply_private(interaction, "This match is over.")
        player = match.seat(interaction.user.id)
        if player is None:
            return await reply_private(interaction, NOT_YOURS)
        if match.lock.locked():
            await interaction.response.defer()
        async with match.lock:
            state = match.state
            if state.version != version or state.current_player() != player:
                return await reply_private(interaction, NOT_CURRENT)
            new = state.clone()
            try:
                events = new.apply(action, player=player)
            except IllegalActionError:
                return await reply_private(interaction, NOT_CURRENT)
            await self._commit(match, new, events)
            await self._answer_with_panel(interaction, match, player)
            await self._publish(match, responded=player)

    async def timeout(self, match_id: int, version: int) -> None:
        """The decision pending at ``version`` ran out of time (RULES §1.8)."""
        match = await self.get(match_id)
        if match is None:
            return
        async with match.lock:
            if match.state.version != version or match.state.is_over:
                return
            new = match.state.clone()
            events = new.apply_timeout()
            await self._commit(match, new, events)
            await self._publish(match)

    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        """``/bingo resign``: the member's match in this server ends; they lose."""
        assert interaction.guild_id is not None
        record = await self.db.active_match_of(interaction.guild_id, interaction.user.id)
        match = await self.get(record.id) if record else None
        if match is None:
            return await reply_private(interaction, "You're not in a match in this server.")
        if match.lock.locked():
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with match.lock:
            if match.state.is_over:
                return await reply_private(interaction, "This match is already over.")
            player = match.seat(interaction.user.id)
            assert player is not None
            new = match.state.clone()
            events = new.resign(player)
            await self._commit(match, new, events)
            await reply_private(interaction, f"You resigned BingoMagic match #{match.id}.")
            await self._publish(match)

    async def show_hand(
        self, interaction: discord.Interaction[Any], match_id: int | None = None
    ) -> None:
        """ "Show my hand" / ``/bingo hand``: the player's panel and controls, ephemerally."""
        asked = match_id is None  # /bingo hand: the player asks, so try DMs again from now on
        if asked:
            assert interaction.guild_id is not None
            await self.db.clear_dm_closed(interaction.user.id)
            record = await self.db.active_match_of(interaction.guild_id, interaction.user.id)
            match_id = record.id if record else None
        match = await self.get(match_id) if match_id is not None else None
        if match is None:
            return await reply_private(interaction, "You're not in a match in this server.")
        player = match.seat(interaction.user.id)
        if player is None:
            return await reply_private(interaction, NOT_YOURS)
        if match.lock.locked():
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with match.lock:
            if asked:
                match.ui["dm_closed"] = [
                    closed and seat != player for seat, closed in enumerate(match.ui["dm_closed"])
                ]
            embed, view = self._panel(match, player)
            await reply_private(interaction, embed=embed, **({"view": view} if view else {}))
            match.ui["panels"][player] = {
                "channel": None,
                "message": None,
                "version": match.state.version,
                "controls": view is not None,
                "ephemeral": True,
            }
            await self.db.save_ui(match.id, match.ui)

    # -- the one path of every change --------------------------------------------------

    async def _commit(self, match: LiveMatch, new: BingoState, events: list[dict]) -> None:
        """Store ``new`` (and the public log of ``events``), then make it the state."""
        ui = {**match.ui, "log": list(match.ui["log"])}
        self._log(ui, events)
        deadline = self._deadline(new)
        if new.result is not None:
            result = new.result
            winner = None if result.winner is None else match.players[result.winner]
            loser = None if result.loser is None else match.players[result.loser]
            await self.db.finish_match(
                match.id,
                state=new.to_json(),
                decisions=new.history,
                version=new.version,
                ui=ui,
                result="draw" if winner is None else "win",
                winner_id=winner,
                loser_id=loser,
                reason=result.reason,
                turns=new.turn,
                ended_at=time.time(),
            )
        else:
            await self.db.save_match(
                match.id,
                state=new.to_json(),
                decisions=new.history,
                version=new.version,
                deadline=deadline,
                ui=ui,
            )
        match.state, match.ui, match.deadline = new, ui, deadline

    def _log(self, ui: dict[str, Any], events: list[dict]) -> None:
        lines = [event_line(e, ui["names"]) for e in events]
        ui["log"] = (ui["log"] + [line for line in lines if line])[-LOG_KEEP:]

    def _deadline(self, state: BingoState) -> float | None:
        decision = state.decision()
        if decision == "over":
            return None
        settings = self.settings
        seconds = {"main": settings.turn_seconds, "counter": settings.counter_seconds}.get(
            decision, settings.choice_seconds
        )
        return time.time() + seconds

    def _panel(self, match: LiveMatch, player: int) -> tuple[discord.Embed, discord.ui.View | None]:
        state = match.state
        embed = panel_embed(match.id, state, player, match.names, match.deadline)
        actions = state.legal_actions() if state.current_player() == player else []
        view = decision_view(match.id, state.version, actions, match.names, player)
        return embed, view

    async def _answer_with_panel(
        self, interaction: discord.Interaction[Any], match: LiveMatch, player: int
    ) -> None:
        """Replace the clicked panel with the player's new panel."""
        embed, view = self._panel(match, player)
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await interaction.response.edit_message(embed=embed, view=view)
        message = interaction.message
        ephemeral = message is None or message.flags.ephemeral
        match.ui["panels"][player] = {
            "channel": None if ephemeral else message.channel.id,
            "message": None if ephemeral else message.id,
            "version": match.state.version,
            "controls": view is not None,
            "ephemeral": ephemeral,
        }

    async def _publish(self, match: LiveMatch, responded: int | None = None) -> None:
        """Bring the board and the panels up to date; arm the timer or close the match."""
        for player in (0, 1):
            if player != responded:
                await self._sync_panel(match, player)
        await self._update_board(match)
        await self.db.save_ui(match.id, match.ui)
        if match.state.is_over:
            self._cancel_timer(match.id)
            self.matches.pop(match.id, None)
            channel = self.bot.get_partial_messageable(match.channel_id)
            result = match.state.result
            assert result is not None
            await self._send_quietly(
                channel,
                content=f"{result_line(result.to_json(), match.names)} "
                f"(BingoMagic #{match.id}, {match.state.turn} turns)",
            )
            match.ui["announced"] = True
            await self.db.save_ui(match.id, match.ui)
        else:
            self._arm(match)

    async def _sync_panel(self, match: LiveMatch, player: int) -> None:
        """Send ``player`` a new panel when a decision of theirs is new; otherwise take
        the controls off a panel that no longer has anything to decide."""
        state = match.state
        panel = match.ui["panels"][player]
        deciding = state.current_player() == player
        if panel is not None and panel["version"] == state.version:
            return
        if deciding or panel is None:
            if panel is not None and panel["controls"] and not panel["ephemeral"]:
                await self._edit_panel(match, player, panel, strip=True)
            await self._send_panel(match, player)
        elif not panel["ephemeral"] and (panel["controls"] or state.is_over):
            await self._edit_panel(match, player, panel)

    async def _send_panel(self, match: LiveMatch, player: int) -> None:
        embed, view = self._panel(match, player)
        record = {
            "channel": None,
            "message": None,
            "version": match.state.version,
            "controls": view is not None,
            "ephemeral": True,
        }
        user_id = match.players[player]
        if not match.ui["dm_closed"][player] and await self.db.is_dm_closed(user_id):
            self._mark_closed(match, player)
        if not match.ui["dm_closed"][player]:
            try:
                async with self.outbound:
                    channel = await self._dm_channel(user_id)
                    message = await channel.send(embed=embed, **({"view": view} if view else {}))
                record.update(channel=message.channel.id, message=message.id, ephemeral=False)
            except discord.HTTPException as error:
                if not is_dm_closed(error):
                    raise
                log.info("DMs closed for user %s (match %s)", user_id, match.id)
                await self.db.mark_dm_closed(user_id, time.time())
                self._mark_closed(match, player)
        match.ui["panels"][player] = record
        if record["ephemeral"] and view is not None:
            channel = self.bot.get_partial_messageable(match.channel_id)
            await self._send_quietly(
                channel,
                content=f"<@{match.players[player]}>, your decision in BingoMagic "
                f"#{match.id}: press **Show my hand** on the board (your DMs are closed).",
                allowed_mentions=USER_MENTIONS,
            )

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel with ``user_id``: opened once (one REST call), then remembered,
        so later DMs cost a single request each."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            channel_id = (await user.create_dm()).id
            self._dm_channels[user_id] = channel_id
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    @staticmethod
    def _mark_closed(match: LiveMatch, player: int) -> None:
        match.ui["dm_closed"] = [
            closed or seat == player for seat, closed in enumerate(match.ui["dm_closed"])
        ]

    async def _redraw_panel(self, match: LiveMatch, player: int) -> None:
        """After a restart: edit the player's last DM panel to the current state (with
        the current controls), or send a new one if it is gone and they must decide."""
        panel = match.ui["panels"][player]
        deciding = match.state.current_player() == player
        if panel is not None and not panel["ephemeral"]:
            embed, view = self._panel(match, player)
            message = self.bot.get_partial_messageable(panel["channel"]).get_partial_message(
                panel["message"]
            )
            try:
                async with self.outbound:
                    await message.edit(embed=embed, view=view)
                panel.update(version=match.state.version, controls=view is not None)
                return
            except discord.NotFound:
                match.ui["panels"][player] = None
        if deciding:
            await self._send_panel(match, player)

    async def _edit_panel(
        self, match: LiveMatch, player: int, panel: dict[str, Any], strip: bool = False
    ) -> None:
        """Edit a DM panel: ``strip`` only removes its controls (it stays as it was);
        otherwise it is redrawn with the current hand and no controls."""
        message = self.bot.get_partial_messageable(panel["channel"]).get_partial_message(
            panel["message"]
        )
        try:
            async with self.outbound:
                if strip:
                    await message.edit(view=None)
                else:
                    embed, _ = self._panel(match, player)
                    await message.edit(embed=embed, view=None)
        except discord.NotFound:
            pass
        panel.update(controls=False, version=match.state.version)

    async def _update_board(self, match: LiveMatch) -> None:
        embed = board_embed(match.id, match.state, match.names, match.ui["log"], match.deadline)
        view = (
            board_view(match.id) if any(match.ui["dm_closed"]) and not match.state.is_over else None
        )
        channel = self.bot.get_partial_messageable(match.channel_id)
        board_id = match.ui.get("board")
        if board_id is not None:
            try:
                async with self.outbound:
                    await channel.get_partial_message(board_id).edit(embed=embed, view=view)
                return
            except discord.NotFound:
                log.info("Board of match %s was deleted; posting a new one", match.id)
        async with self.outbound:
            message = await channel.send(embed=embed, **({"view": view} if view else {}))
        match.ui["board"] = message.id
        await self.db.set_board_message(match.id, message.id)

    async def _send_quietly(self, channel: discord.abc.Messageable, **kwargs: Any) -> None:
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        try:
            async with self.outbound:
                await channel.send(**kwargs)
        except discord.HTTPException:
            log.warning("Could not post to channel %s", getattr(channel, "id", "?"))

    # -- timers ------------------------------------------------------------------------

    def _arm(self, match: LiveMatch) -> None:
        self._cancel_timer(match.id)
        if match.deadline is None:
            return
        self._timers[match.id] = asyncio.create_task(
            self._expire(match.id, match.state.version, match.deadline),
            name=f"bingo-timer-{match.id}",
        )

    def _cancel_timer(self, match_id: int) -> None:
        task = self._timers.pop(match_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _expire(self, match_id: int, version: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        try:
            await self.timeout(match_id, version)
        except Exception:
            log.exception("Timer of match %s failed", match_id)
