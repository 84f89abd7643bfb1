"""Ratings, replays and rematches.

**Ratings.** :func:`rate_finished` runs on every ``bingo_match_finished``: a finished match
between two members with a result updates both members' openskill ratings in this server
(:meth:`bot.storage.Database.rate_match`: the change and the match's ``rated`` flag are one
transaction, so a result announced twice, or again after a restart, counts once). Matches
against the bot and no-results change nothing. :func:`catch_up` rates at start-up any match
finished but not rated (the process stopped in between).

**Replays.** ``/bingo replay match:`` shows one step of a finished match of this server,
privately, with Previous and Next (:class:`bot.ui.controls.ReplayButton`, restart-proof:
the step is in the ``custom_id``). Each step is rebuilt from the stored seed, options and
decisions with :meth:`bot.engine.BingoState.replay`; the match is over, so both hands are
shown. The board picture (:mod:`bot.ui.board_image`) is attached to every step, with the
text embed kept.

**Analysis.** A replay page carries the Analysis button (``cogs.bingo._analysis``); once
a match is analysed, each step shows its decision in words: who did what, its grade,
whose chance to win, the better move.

A step's events are worded for any reader: the match is over, so a card drawn or put on
the bottom is named, with the player who drew it (:func:`replay_line`), never as "You
draw …", the private panel's wording for the card's owner.

**Rematch.** Under the result of a match between members, "Rematch"
(:class:`bot.ui.controls.RematchButton`) lets either player challenge the other again with
the same table rules; the other accepts it like any challenge
(:meth:`._challenges.Challenges.challenge`). A tournament's table offers none: the
tournament pairs its players.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.ai.analysis import VERSION as ANALYSIS_VERSION
from bot.ai.analysis import DecisionAnalysis, context_at
from bot.engine import BingoOptions, BingoState
from bot.engine import events as ev
from bot.engine.bingo import ABANDON, RESIGN, TIMEOUT
from bot.engine.events import Event
from bot.engine.outcome import Reason
from bot.i18n import t
from bot.interactions import within_ack_deadline
from bot.matches import public_view
from bot.storage import Rating
from bot.storage.privacy import ERASED_NAME, is_erased
from bot.storage.tournaments import TournamentStore
from bot.ui.board_image import board_inputs, drawn_board, last_move
from bot.ui.controls import (
    AnalysisButton,
    RematchButton,
    ReplayButton,
    WorstMoveButton,
    view_of,
)
from bot.ui.lands import counts_line, land
from bot.ui.text import echo
from bot.workers import run_first
from cogs.reply import Reply

from ._analysis_text import decision_note, stored_notes
from ._display import names_of
from ._render import board_embed, event_line
from ._settings import channel_refusal

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.storage import Database, MatchRecord

    from ._ports import RematchHost

log = logging.getLogger(__name__)

#: The replay picture's file name (the embed shows ``attachment://replay.png``).
REPLAY_FILE = "replay.png"


# -- ratings ---------------------------------------------------------------------------------


async def rate_finished(db: Database, match_id: int) -> tuple[Rating, Rating] | None:
    """Rate finished match ``match_id`` once (see the module docstring); the two new
    ratings in seat order, or ``None`` when it changed nothing."""
    rated = await db.rate_match(match_id, time.time())
    if rated is not None:
        log.info(
            "Rated match %s: %s",
            match_id,
            ", ".join(f"{r.user_id} {r.ordinal:.2f} ({r.last_delta:+.2f})" for r in rated),
        )
    return rated


async def catch_up(db: Database) -> int:
    """Rate every finished match not rated yet, in the order they ended; how many."""
    done = 0
    for match_id in await db.unrated_matches():
        if await rate_finished(db, match_id) is not None:
            done += 1
    return done


# -- replays -----------------------------------------------------------------------------------


def replay_step(record: MatchRecord, step: int) -> tuple[BingoState, list[Event]]:
    """The state of ``record``'s match after its first ``step`` decisions (0: the deal),
    rebuilt from its seed, options and decisions (:meth:`BingoState.replay`), and the
    events of that step.

    Raises:
        ValueError: ``step`` is outside ``0..len(record.decisions)``.
        bot.engine.IllegalActionError: the stored decisions do not fit the match.
    """
    history = record.decisions
    if not 0 <= step <= len(history):
        raise ValueError(f"step {step} is outside 0..{len(history)}")
    return state_after(record.seed, record.options, history, step, record.state.get("result"))


def state_after(
    seed: int,
    options: dict[str, Any] | None,
    history: list[list[Any]],
    step: int,
    result: dict[str, Any] | None = None,
) -> tuple[BingoState, list[Event]]:
    """The state of a stored match after the first ``step`` decisions of ``history``
    (``[player, action]`` pairs; 0 <= ``step`` <= its length; 0: the deal), rebuilt
    from ``seed`` and ``options`` (:meth:`BingoOptions.to_json`, empty or None for the
    defaults), and the events of that step.  ``result``: the match's stored result,
    whose reason and note an abandonment's events give.  Raises
    :class:`bot.engine.IllegalActionError` when the decisions do not fit the match."""
    opts = BingoOptions.from_json(options) if options else None
    if step == 0:
        return BingoState.new(seed, opts)
    state = BingoState.replay(seed, opts, history[: step - 1])
    player, action = history[step - 1]
    if action == RESIGN:
        events = state.resign(player)
    elif action == ABANDON:  # why (a moderator's words too) the stored result says
        ending = result or {}
        events = state.abandon(Reason(ending.get("reason", Reason.NO_RESULT)), ending.get("note"))
    elif action == TIMEOUT:
        events = state.apply_timeout()
    else:
        events = state.apply(action, player=player)
    return state, events


def player_names(record: MatchRecord, lang: str) -> list[str]:
    """The two players' names as stored with finished match ``record`` (their display
    names when it began; not escaped), an erased member's as the reader's "deleted
    member" (docs/PRIVACY.md)."""
    return [
        t(lang, "privacy-deleted-member")
        if name == ERASED_NAME or is_erased(user_id)
        else str(name)
        for name, user_id in zip(names_of(record.ui), record.player_ids, strict=False)
    ]


def replay_page(
    record: MatchRecord, step: int, lang: str, notes: dict[int, DecisionAnalysis] | None = None
) -> tuple[discord.Embed, discord.ui.View, bytes, str]:
    """Step ``step`` of a finished match, in ``lang``: the board embed (both hands shown:
    the match is over), Previous / Next / Analysis, the board picture (PNG bytes) and its
    alt text (:func:`~bot.ui.board_image.board_alt_text`). ``notes``: the match's stored
    analysis by decision index (``cogs.bingo._analysis``); the step's decision then shows
    its grade, and the better move for an inaccuracy or worse."""
    embed, view, inputs = replay_words(record, step, lang, notes)
    png, alt = drawn_board(inputs)
    return embed, view, png, alt


def replay_words(
    record: MatchRecord, step: int, lang: str, notes: dict[int, DecisionAnalysis] | None = None
) -> tuple[discord.Embed, discord.ui.View, dict[str, Any]]:
    """:func:`replay_page` without its picture: the embed, the buttons and the
    :func:`~bot.ui.board_image.board_inputs` that :func:`~bot.ui.board_image.drawn_board`
    draws (in the render pool, :func:`replay_message`)."""
    state, events = replay_step(record, step)
    raw_names = player_names(record, lang)
    names = [echo(name, limits.MEMBER_NAME) for name in raw_names]
    view = public_view(state)
    embed = board_embed(record.id, view, names, [], None, lang)
    total = len(record.decisions)
    embed.title = t(lang, "replay-title", id=record.id, first=names[0], second=names[1])
    options = BingoOptions.from_json(record.options) if record.options else BingoOptions()
    lines = []
    for event in events:
        line = replay_line(event, names, options, lang)
        if line:
            lines.append(line)
    embed.add_field(
        name=t(lang, "replay-step", step=step, total=total),
        value="\n".join(lines)[: limits.FIELD_VALUE] or t(lang, "replay-nothing"),
        inline=False,
    )
    hands = "\n".join(
        f"{names[p]}: {counts_line(state.hands[p], t(lang, 'replay-empty-hand'), lang)}"
        for p in (0, 1)
    )
    embed.add_field(name=t(lang, "replay-hands"), value=hands[: limits.FIELD_VALUE], inline=False)
    note = (notes or {}).get(step - 1)
    if note is not None:
        context = context_at(record.seed, record.options or None, record.decisions, step - 1)
        embed.add_field(
            name=t(lang, "analysis-field"),
            value=decision_note(note, context, names, lang)[: limits.FIELD_VALUE],
            inline=False,
        )
    embed.set_image(url=f"attachment://{REPLAY_FILE}")
    last = last_move([event.for_viewer(None).to_json() for event in events])
    inputs = board_inputs(record.id, view, raw_names, last, lang)
    buttons = view_of(
        *ReplayButton.steps(record.id, step=step, total=total, locale=lang),
        AnalysisButton(record.id, lang),
    )
    return embed, buttons, inputs


def replay_line(event: Event, names: list[str], options: BingoOptions, lang: str) -> str | None:
    """One event of a replay step as a line for any reader. The match is over, so a
    private card is shown to everyone (as to its owner, :func:`event_line`), but the
    private panel's second person ("You draw 💧 Island") would name the reader: a card
    drawn or put on the bottom is worded with its player's name instead
    (``replay-event-draw``, ``replay-event-bottom``)."""
    if isinstance(event, ev.Draw | ev.Bottom) and event.card is not None:
        key = "replay-event-draw" if isinstance(event, ev.Draw) else "replay-event-bottom"
        return t(lang, key, who=names[event.player], card=land(event.card, lang))
    return event_line(event, names, event.private, options, lang)


async def replayable(db: Database, ctx: Reply, match_id: int) -> MatchRecord | None:
    """The finished match ``match_id`` of this server, or of any place for one of its
    players (the "Replay" button of their end panel is in their DMs), or ``None`` after a
    private refusal."""
    record = await db.get_match(match_id)
    if record is None or (record.guild_id != ctx.guild_id and ctx.user_id not in record.player_ids):
        await ctx.tell("replay-unknown", id=match_id)
        return None
    if record.active:
        await ctx.tell("replay-not-over", id=match_id)
        return None
    if record.reason == "broken":
        await ctx.tell("replay-broken", id=match_id)
        return None
    return record


async def replay_message(
    bot: BingoBot, record: MatchRecord, step: int, lang: str
) -> tuple[discord.Embed, discord.ui.View, discord.File]:
    """Step ``step`` of ``record`` in ``lang``, with its stored analysis notes, as a
    message's embed, buttons and picture file (:data:`REPLAY_FILE`). The words are built
    in a thread (the match is replayed from its seed) and the picture is drawn in the
    render pool (``BingoBot.render_pool``, as a board's, but ahead of the boards waiting
    there: :func:`bot.workers.run_first`), so the bot's own process does not draw it.
    Raises what replaying a broken record raises."""
    notes = stored_notes(await bot.db.analysis(record.id, ANALYSIS_VERSION))
    embed, view, inputs = await asyncio.to_thread(replay_words, record, step, lang, notes)
    png, alt = await run_first(bot.render_pool, drawn_board, inputs)
    return embed, view, discord.File(io.BytesIO(png), filename=REPLAY_FILE, description=alt)


async def show_replay(bot: BingoBot, ctx: Reply, match_id: int) -> None:
    """``/bingo replay match:``: the deal of a finished match of this server, privately,
    with Previous and Next. Refused privately: unknown here, still being played, broken."""
    lang = await ctx.private()
    record = await replayable(bot.db, ctx, match_id)
    if record is None:
        return
    try:
        embed, view, picture = await within_ack_deadline(
            ctx.interaction, replay_message(bot, record, 0, lang)
        )
    except Exception:
        log.exception("Match %s cannot be replayed", match_id)
        return await ctx.tell("replay-broken", id=match_id)
    await ctx.reply_private(embed=embed, view=view, file=picture)


async def on_replay_button(
    bot: BingoBot, interaction: discord.Interaction[Any], control: ReplayButton | WorstMoveButton
) -> None:
    """Previous / Next (and an analysis's "Biggest mistake"): the same message shows step
    ``control.step``. The "Replay" button of an end panel
    (:attr:`bot.ui.controls.ReplayButton.opens`) opens it as a new private message
    instead, so the result stays."""
    ctx = Reply(interaction)
    if isinstance(control, ReplayButton) and control.opens:
        return await show_replay(bot, ctx, control.match_id)
    lang = await ctx.private()
    record = await replayable(bot.db, ctx, control.match_id)
    if record is None:
        return
    step = min(control.step, len(record.decisions))
    try:
        embed, view, picture = await within_ack_deadline(
            interaction, replay_message(bot, record, step, lang)
        )
    except Exception:
        log.exception("Match %s cannot be replayed", control.match_id)
        return await ctx.tell("replay-broken", id=control.match_id)
    await ctx.update(embed=embed, view=view, attachments=[picture])


# -- rematch -----------------------------------------------------------------------------------


def rematch_view(match_id: int, locale: object = None) -> discord.ui.View:
    """The "Rematch" button under the result of a match between members (in the
    server's ``locale``)."""
    return view_of(RematchButton(match_id, locale))


async def on_rematch(
    service: RematchHost, interaction: discord.Interaction[Any], control: RematchButton
) -> None:
    """ "Rematch": the clicking player challenges the other with the match's table rules
    (the usual challenge refusals apply: busy players, pending limits, the server's
    channels). Anyone else, a match against the bot, or a tournament's table (a button
    posted before tournament results lost it) is answered privately."""
    ctx = Reply(interaction)
    db = service.db
    record = await db.get_match(control.match_id)
    refusal = await _rematch_refusal(db, record, ctx.user_id)
    if refusal is not None:
        return await ctx.tell(refusal)
    assert record is not None
    channel_id = interaction.channel_id
    assert ctx.guild_id is not None and channel_id is not None
    server = await db.guild_settings(ctx.guild_id)
    if not server.allows_channel(channel_id):
        return await ctx.reply_private(channel_refusal(server, await ctx.private()))
    other_id = record.player_ids[1 - record.player_ids.index(ctx.user_id)]
    opponent = await _member(service, ctx, other_id)
    if opponent is None:
        return await ctx.tell("rematch-gone")
    options = BingoOptions.from_json(record.options) if record.options else service.options
    await service.challenges.challenge(ctx, opponent, options)


async def _rematch_refusal(db: Database, record: MatchRecord | None, user_id: int) -> str | None:
    """Why member ``user_id`` may not ask for a rematch of ``record``: the catalog key
    of the refusal, or ``None``. Unavailable: an unknown or live match, one against the
    bot, a tournament's table, a player erased since; not theirs: they did not play it."""
    if (
        record is None
        or record.active
        or record.ai_level is not None
        or record.config.get("tournament") is not None
        or await TournamentStore(db.backend).table_of_match(record.id) is not None
    ):
        return "rematch-unavailable"
    if user_id not in record.player_ids:
        return "rematch-not-yours"
    if any(is_erased(player) for player in record.player_ids):
        # The other player erased their data (docs/PRIVACY.md): nobody to challenge.
        return "rematch-unavailable"
    return None


async def _member(service: RematchHost, ctx: Reply, user_id: int) -> discord.Member | None:
    """The member ``user_id`` of the interaction's guild (REST if not cached), or None
    when they left."""
    guild = ctx.guild
    if guild is None:
        return None
    member = guild.get_member(user_id)
    if member is None:
        fetched = await service.outbox.call(
            lambda: guild.fetch_member(user_id), what=f"fetch member {user_id}"
        )
        member = fetched.value
    return member
