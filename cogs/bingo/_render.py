"""Text and embeds for BingoMagic: the public board, private hand panels, event lines.

Renderers take what an audience may see, never the engine state itself:
:func:`board_embed` takes :func:`bot.matches.views.public_view`, :func:`panel_embed`
takes :func:`bot.matches.views.player_view`, and :func:`event_line` redacts each engine
event (:mod:`bot.engine.events`) for its viewer with ``Event.for_viewer`` before
rendering it, dispatching on the event's class. So what a player can see is decided in
one place, covered by the engine's leak-freedom checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import discord

from bot import limits
from bot.engine import BingoOptions, MulliganRule
from bot.engine import events as ev
from bot.engine.actions import Action, Decision, Verb
from bot.engine.events import event_from_json
from bot.engine.outcome import Reason, Result
from bot.i18n import DEFAULT, attribute, bundle, join_list, language_of, sentences, t
from bot.matches.views import PlayerView, PublicView
from bot.tournaments.service import RESULT_REPORTED, ROUND_TIME_UP
from bot.ui.lands import LAND_EMOJI, compact_line, counts_line, land, land_name, one_land_wins
from bot.ui.text import echo, shorten

BOARD_COLOR = discord.Colour.dark_gold()
PANEL_COLOR = discord.Colour.blurple()
LOG_LINES = 8

#: ``say(key, **args)``: an event line's text (see :func:`event_line`).
Say = Callable[..., str]
#: Kept for callers that compare a stored reason string.
NO_RESULT = Reason.NO_RESULT.value
#: The notes a tournament gives a match it stops (``bot.tournaments.service``): each has
#: its own result line, ``bingo-result-no-result-<note>``.
TOURNAMENT_ENDINGS = (ROUND_TIME_UP, RESULT_REPORTED)


def reason_text(reason: str, options: BingoOptions | None = None, locale: object = None) -> str:
    """Why a match ended, in words, with the table's own limits (RULES §1.6, §1.8):
    ``"timeout"`` → ``"3 timed-out turns in a row"`` when ``options.max_timeouts`` is 3.

    ``options`` default to :class:`BingoOptions` (the settings a match was played with
    are in its state). ``locale``: the reader's language (:func:`bot.i18n.t`). An
    unknown reason is shown as is.
    """
    options = options or BingoOptions()
    found = {
        Reason.FIVE_OF_A_COLOR: ("bingo-reason-five-of-a-color", 0),
        Reason.FIVE_COLORS: ("bingo-reason-five-colors", 0),
        Reason.RESIGN: ("bingo-reason-resign", 0),
        Reason.TIMEOUT: ("bingo-reason-timeout", options.max_timeouts),
        Reason.PASSES: ("bingo-reason-passes", options.max_passes),
        Reason.TURN_LIMIT: ("bingo-reason-turn-limit", options.max_turns),
        Reason.NO_RESULT: ("bingo-reason-no-result", 0),
        Reason.MODERATOR: ("bingo-reason-moderator", 0),
    }.get(reason)  # type: ignore[call-overload]
    if found is None:
        return reason
    key, number = found
    return t(locale, key, n=number)


#: Event class → its line: ``(event, say, names, locale, options)`` → text or ``None``.
#: ``say(key, **args)`` formats ``bingo-event-{key}`` with ``who`` (the event's player).
_LINES: dict[type[ev.Event], Callable[..., str | None]] = {}


def _line(
    *kinds: type[ev.Event],
) -> Callable[[Callable[..., str | None]], Callable[..., str | None]]:
    """Register the function that turns events of ``kinds`` into a line."""

    def register(fn: Callable[..., str | None]) -> Callable[..., str | None]:
        for kind in kinds:
            _LINES[kind] = fn
        return fn

    return register


@_line(ev.Roll)
def _roll(e: ev.Roll, say: Say, names: Sequence[str], locale: object, _: BingoOptions) -> str:
    rolls = join_list(
        locale,
        (say("roll-pair", first=names[0], a=a, second=names[1], b=b) for a, b in e.rolls),
    )
    return say("roll", rolls=rolls, starter=names[e.starting])


@_line(ev.Declare)
def _declare(e: ev.Declare, say: Say, *_: Any) -> str:
    if e.auto:
        return say("declare-auto")
    return say("declare-keep" if e.choice == Verb.KEEP else "declare-mulligan")


@_line(ev.Mulligan)
def _mulligan(e: ev.Mulligan, say: Say, *_: Any) -> str:
    return say("mulligan", number=e.number, n=e.hand_size)


@_line(ev.Bottom)
def _bottom(e: ev.Bottom, say: Say, _: Sequence[str], locale: object, *__: Any) -> str:
    return say("bottom") if e.card is None else say("bottom-own", card=land(e.card, locale))


@_line(ev.Aside)
def _aside(e: ev.Aside, say: Say, *_: Any) -> str:
    return say("aside", n=e.count)


@_line(ev.AsideReturned)
def _aside_returned(e: ev.AsideReturned, say: Say, *_: Any) -> str:
    return say("aside-returned", n=e.count)


@_line(ev.Scry)
def _scry(e: ev.Scry, say: Say, _: Sequence[str], locale: object, *__: Any) -> str:
    where = "bottom" if e.choice == "bottom" else "top"
    if e.card is None:
        return say(f"scry-{where}")
    return say(f"scry-own-{where}", card=land(e.card, locale))


@_line(ev.Turn)
def _turn(e: ev.Turn, say: Say, *_: Any) -> str:
    return say("turn", turn=e.turn)


@_line(ev.Draw)
def _draw(e: ev.Draw, say: Say, _: Sequence[str], locale: object, *__: Any) -> str:
    return say("draw") if e.card is None else say("draw-own", card=land(e.card, locale))


@_line(ev.Reshuffle)
def _reshuffle(e: ev.Reshuffle, say: Say, *_: Any) -> str:
    return say("reshuffle", n=e.size)


@_line(ev.Announce, ev.Resolve, ev.Discard)
def _land(
    e: ev.Announce | ev.Resolve | ev.Discard, say: Say, _: Sequence[str], locale: object, *__: Any
) -> str:
    return say(e.type, land=land(e.land, locale))


@_line(ev.Counter)
def _counter(e: ev.Counter, say: Say, _: Sequence[str], locale: object, *__: Any) -> str:
    return say(
        "counter",
        island=land(1, locale),
        other=land(e.discarded[1], locale),
        land=land(e.land, locale),
    )


@_line(ev.Destroy)
def _destroy(e: ev.Destroy, say: Say, names: Sequence[str], locale: object, *_: Any) -> str:
    return say("destroy", target=names[e.target], land=land(e.land, locale))


@_line(ev.Take)
def _take(e: ev.Take, say: Say, names: Sequence[str], locale: object, *_: Any) -> str:
    if e.source == e.player:
        return say("take-own", land=land(e.land, locale))
    return say("take", land=land(e.land, locale), source=names[e.source])


@_line(ev.NoEffect)
def _no_effect(e: ev.NoEffect, say: Say, _: Sequence[str], locale: object, *__: Any) -> str:
    return say("no-effect", land=land_name(e.land, locale))


@_line(ev.ScrySkipped, ev.NoDraw, ev.Pass, ev.Timeout, ev.Resign)
def _plain(e: ev.Event, say: Say, *_: Any) -> str:
    return say(e.type.replace("_", "-"))


@_line(ev.End)
def _end(e: ev.End, _: Say, names: Sequence[str], locale: object, options: BingoOptions) -> str:
    return result_line(e.to_json(), names, options, locale)


# ``deal`` (private, shown in the hand panel), ``allow`` and ``abandon`` (the ``end`` event
# that follows says it) have no line.


def event_line(
    event: ev.Event,
    names: Sequence[str],
    viewer: int | None = None,
    options: BingoOptions | None = None,
    locale: object = None,
    *,
    spoken: bool = False,
) -> str | None:
    """One event (:mod:`bot.engine.events`) as a line of text for ``viewer`` (a player
    index, or ``None`` for the public): the event is first redacted for ``viewer``
    (:meth:`~bot.engine.events.Event.for_viewer`), so cards private to another player are
    never named.  ``None`` = not shown.

    ``names``: the two players' display names, already made safe to show
    (:func:`bot.ui.text.echo`). ``options``: the match's table rules, for the limits
    named in a result (default: :class:`BingoOptions`). ``locale``: the reader's
    language (events are stored, lines are rendered when sent). ``spoken``: for
    screen-reader mode: a line whose symbols carry meaning (a die, "+", "→") is worded
    by its ``a11y-event-*`` message instead (the caller then drops the decorative
    emoji, :func:`bot.ui.accessible.words`)."""
    render = _LINES.get(type(event))
    if render is None:
        return None
    event = event.for_viewer(viewer)
    player = getattr(event, "player", None)
    who = names[player] if player is not None else ""

    def say(key: str, **args: Any) -> str:
        if spoken and bundle_has(f"a11y-event-{key}"):
            return t(locale, f"a11y-event-{key}", who=who, **args)
        return t(locale, f"bingo-event-{key}", who=who, **args)

    return render(event, say, names, locale, options or BingoOptions())


def log_lines(
    log: Sequence[Any],
    names: Sequence[str],
    options: BingoOptions,
    locale: object = None,
    last: int | None = None,
    *,
    spoken: bool = False,
) -> list[str]:
    """The public log of a match as lines in ``locale``, oldest first: ``log`` holds public
    events (their JSON, ``Event.to_json()`` of ``events_for(events, None)``) or, in matches stored
    before events were kept, lines of text shown as they are.

    ``last``: only the newest ``last`` lines (``None``: all). The log is read from its end,
    so a board costs the same on turn 3 as on turn 60. ``spoken``: see :func:`event_line`."""
    lines: list[str] = []
    for entry in reversed(log):
        if last is not None and len(lines) >= last:
            break
        if isinstance(entry, str):
            line: str | None = entry
        else:
            line = _public_line(entry, names, options, locale, spoken)
        if line:
            lines.append(line)
    lines.reverse()
    return lines


#: How many public log lines :func:`_public_line` keeps: a board shows its match's newest
#: few, and boards are rebuilt in turn across every live match (about 10 lines each).
LINES_KEPT = 16384


def _public_line(
    entry: dict[str, Any],
    names: Sequence[str],
    options: BingoOptions,
    locale: object,
    spoken: bool,
) -> str | None:
    """:func:`event_line` of a stored public event ``entry`` (its JSON), for the public;
    kept (:data:`LINES_KEPT`), since a board shows again the lines the one before showed."""
    try:
        key = (tuple(entry.items()), tuple(names), options, language_of(locale), spoken)
        return _kept_line(key)
    except TypeError:  # a value that cannot be a key (a list): rendered afresh
        event = event_from_json(entry)
        return event_line(event, names, options=options, locale=locale, spoken=spoken)


@lru_cache(maxsize=LINES_KEPT)
def _kept_line(
    key: tuple[tuple[tuple[str, Any], ...], tuple[str, ...], BingoOptions, str, bool],
) -> str | None:
    items, names, options, language, spoken = key
    event = event_from_json(dict(items))
    return event_line(event, names, options=options, locale=language, spoken=spoken)


def result_line(
    result: dict,
    names: Sequence[str],
    options: BingoOptions | None = None,
    locale: object = None,
) -> str:
    """``{"winner": 0, "reason": "five_colors"}`` → ``"🏆 Alice wins with …"``.

    ``options``: the match's table rules, for the limits a forfeit or a stalemate
    names (see :func:`reason_text`). A ``no_result`` match has no winner and is no draw;
    one a moderator ended (``moderator``) shows the moderator's reason (``result["note"]``,
    member-typed: echoed through :func:`bot.ui.text.echo`, at most
    :data:`bot.limits.MOD_REASON` characters).
    """
    reason = reason_text(result["reason"], options, locale)
    if result["reason"] == Reason.NO_RESULT:
        if result.get("note") in TOURNAMENT_ENDINGS:  # a tournament stopped it, saying why
            return t(locale, f"bingo-result-no-result-{result['note']}")
        return t(locale, "bingo-result-no-result")
    if result["reason"] == Reason.MODERATOR:
        note = result.get("note")
        if not note:
            return t(locale, "bingo-result-moderator-no-reason")
        return t(locale, "bingo-result-moderator", reason=echo(note, limits.MOD_REASON))
    if result["winner"] is None:
        return t(locale, "bingo-result-draw", reason=reason)
    return t(locale, "bingo-result-win", winner=names[result["winner"]], reason=reason)


#: The emoji before a player's own result (:func:`personal_result`), by its key.
_PERSONAL_EMOJI = {
    "bingo-result-you-win": "🏆",
    "bingo-result-you-win-resign": "🏆",
    "bingo-result-you-win-timeout": "🏆",
    "bingo-result-you-lose": "",
    "bingo-result-you-resigned": "🏳️",
    "bingo-result-you-timed-out": "⏰",
}


def personal_result(
    result: Result,
    viewer: int,
    names: Sequence[str],
    options: BingoOptions | None = None,
    locale: object = None,
) -> str:
    """How the match ended, said to player ``viewer`` (0 or 1) in their language:
    ``"🏆 **You win** by one land of each color!"``, ``"🏳️ **You resigned**: bob
    wins."``, ``"⏰ **You lose**: you ran out of time (3 timed-out turns in a row)."``.
    A draw and a match with no result read as :func:`result_line` (they name no
    one). ``result``: the view's (:attr:`bot.matches.views.PublicView.result`)."""
    winner = result.winner
    if winner is None or result.reason == Reason.NO_RESULT:
        return result_line(result.to_json(), names, options, locale)
    reason = result.reason
    won = winner == viewer
    if reason == Reason.RESIGN:
        key = "bingo-result-you-win-resign" if won else "bingo-result-you-resigned"
    elif reason == Reason.TIMEOUT:
        key = "bingo-result-you-win-timeout" if won else "bingo-result-you-timed-out"
    else:
        key = "bingo-result-you-win" if won else "bingo-result-you-lose"
    text = t(locale, key, other=names[1 - viewer], reason=reason_text(reason, options, locale))
    emoji = _PERSONAL_EMOJI[key]
    return f"{emoji} {text}" if emoji else text


def waiting_for(view: PublicView, names: Sequence[str], locale: object = None) -> str:
    """What the match waits for, in public words (never revealing a hand):
    ``"Waiting for **Alice** to place a land or pass"``. ``view``: any view of the match
    (public or a player's)."""
    player = view.current_player
    if player is None:
        return t(locale, "bingo-over")
    return t(locale, f"bingo-waiting-{view.decision.value}", who=names[player])


def near_win_lines(view: PublicView, names: Sequence[str], locale: object = None) -> list[str]:
    """A line per player and land that would win at once (RULES §1.6, see
    :func:`bot.ui.lands.near_wins`): ``"⚠️ alice needs one Swamp to win"``. From the
    territories of ``view`` only (any view: no hand is read); none once the match is
    over. ``names``: the display names made safe to show."""
    if view.result is not None:
        return []
    return [
        t(locale, "bingo-board-near-win", name=names[player], land=land(kind, locale))
        for player, kind in one_land_wins(view.territories)
    ]


def board_embed(
    match_id: int,
    view: PublicView,
    names: Sequence[str],
    log: Sequence[Any],
    deadline: float | None,
    locale: object = None,
) -> discord.Embed:
    """The public board: territories, hand sizes, library, discard piles, turn, near
    wins (:func:`near_win_lines`), log.

    ``view``: :func:`bot.matches.views.public_view` of the match; ``names``: the two
    display names made safe to show; ``log``: see :func:`log_lines`; ``deadline``: Unix
    seconds the pending decision runs out (``None``: not shown); ``locale``: the
    server's language."""
    options = view.options
    title = t(locale, "bingo-board-title", id=match_id, first=names[0], second=names[1])
    embed = discord.Embed(title=title, colour=BOARD_COLOR)
    if view.result is not None:
        embed.description = result_line(view.result.to_json(), names, options, locale)
    else:
        waiting = waiting_for(view, names, locale)
        if view.turn:
            status = t(locale, "bingo-board-turn", turn=view.turn, waiting=waiting)
        else:
            status = t(locale, "bingo-board-mulligans", waiting=waiting)
        if deadline is not None:
            when = t(locale, "bingo-board-deadline", deadline=f"<t:{int(deadline)}:R>")
            status = sentences(locale, status, when)
        if view.pending_land is not None:
            status += "\n" + t(locale, "bingo-board-stack", land=land(view.pending_land, locale))
        for line in near_win_lines(view, names, locale):
            status += "\n" + line
        embed.description = status
    for player in (0, 1):
        starter = " 🎲" if player == view.starting else ""
        embed.add_field(
            name=f"{names[player]}{starter}",
            value=t(
                locale,
                "bingo-board-player",
                territory=compact_line(view.territories[player]),
                hand=view.hand_sizes[player],
                discard=compact_line(view.discards[player]),
            ),
            inline=True,
        )
    embed.add_field(
        name=t(locale, "bingo-board-library"),
        value=t(locale, "bingo-board-library-size", n=view.library_size),
        inline=True,
    )
    lines = log_lines(log, names, options, locale, last=LOG_LINES)
    if lines:
        embed.add_field(
            name=t(locale, "bingo-board-recent"),
            value="\n".join(lines)[:1024],
            inline=False,
        )
    embed.set_footer(
        text=t(locale, "bingo-board-footer", id=match_id, rules=rules_text(options, locale))
    )
    return embed


def rules_text(options: BingoOptions, locale: object = None) -> str:
    """``"Vancouver (2015) mulligans, free first"`` — the table rules in a few words."""
    rule = attribute(locale, f"choice-{options.mulligan_rule.value}", "name")
    rules = t(locale, "bingo-rules-mulligans", rule=rule)
    if options.free_first:
        rules += t(locale, "bingo-rules-free-first")
    if options.sequential:
        rules += t(locale, "bingo-rules-sequential")
    if options.forest_any_pile:
        rules += t(locale, "bingo-rules-forest")
    return rules


def prompt_text(view: PlayerView, names: Sequence[str], locale: object = None) -> str:
    """What the viewer of ``view`` (:func:`~bot.matches.views.player_view`) is asked to
    decide, or what they are waiting for, in ``locale`` (the viewer's language)."""
    player = view.viewer
    if view.result is not None:
        return personal_result(view.result, player, names, view.options, locale)
    if view.current_player != player:
        return t(locale, "bingo-prompt-waiting", waiting=waiting_for(view, names, locale))
    other = names[1 - player]
    decision = view.decision
    prompt = view.prompt
    if decision is Decision.DECLARE:
        text = t(locale, "bingo-prompt-declare")
        if prompt is not None and prompt.next_hand_size is not None:
            if prompt.rule == MulliganRule.PARTIAL_PARIS:
                text = sentences(locale, text, t(locale, "bingo-prompt-declare-partial"))
            else:
                more = t(locale, "bingo-prompt-declare-next", n=prompt.next_hand_size)
                text = sentences(locale, text, more)
        declared = [
            t(
                locale,
                "bingo-prompt-declared-keeps"
                if d == Verb.KEEP
                else "bingo-prompt-declared-mulligans",
                who=names[p],
            )
            for p, d in enumerate(view.mulligans.declared if view.mulligans else ())
            if d is not None and p != player
        ]
        if declared:
            text += "\n" + t(locale, "bingo-prompt-declared", list=join_list(locale, declared))
        return text
    if decision is Decision.BOTTOM:
        return t(locale, "bingo-prompt-bottom", n=prompt.bottom_left if prompt else 0)
    if decision is Decision.ASIDE:
        return t(locale, "bingo-prompt-aside", n=prompt.aside_now if prompt else 0)
    if decision is Decision.SCRY:
        top = view.scry_card
        shown = land(top, locale) if top is not None else t(locale, "bingo-prompt-scry-nothing")
        return t(locale, "bingo-prompt-scry", card=shown)
    if decision is Decision.MAIN:
        return t(locale, "bingo-prompt-main")
    if decision is Decision.COUNTER:
        assert view.pending_land is not None  # a counter window has a land on the stack
        return t(locale, "bingo-prompt-counter", other=other, land=land(view.pending_land, locale))
    if decision is Decision.SWAMP:
        return t(locale, "bingo-prompt-swamp", other=other)
    if decision is Decision.MOUNTAIN:
        return t(locale, "bingo-prompt-mountain", other=other)
    return t(locale, "bingo-prompt-forest")


def panel_embed(
    match_id: int,
    view: PlayerView,
    names: Sequence[str],
    deadline: float | None,
    locale: object = None,
) -> discord.Embed:
    """A private panel: the viewer's hand and pending decision. ``view``:
    :func:`bot.matches.views.player_view` of the player the panel is for; ``locale``:
    that player's language."""
    player = view.viewer
    embed = discord.Embed(
        title=t(locale, "bingo-panel-title", name=names[player], id=match_id), colour=PANEL_COLOR
    )
    text = prompt_text(view, names, locale)
    if deadline is not None and view.current_player == player:
        text += "\n" + t(locale, "bingo-panel-deadline", deadline=f"<t:{int(deadline)}:R>")
    embed.description = text
    embed.add_field(
        name=t(locale, "bingo-panel-hand"),
        value=counts_line(view.hand, t(locale, "bingo-panel-hand-empty"), locale),
        inline=False,
    )
    embed.add_field(
        name=t(locale, "bingo-panel-territories"),
        value=(
            t(locale, "bingo-panel-you", line=compact_line(view.territories[player]))
            + "\n"
            + t(
                locale,
                "bingo-panel-other",
                name=names[1 - player],
                line=compact_line(view.territories[1 - player]),
            )
        ),
        inline=False,
    )
    embed.set_footer(text=t(locale, "bingo-panel-footer", id=match_id))
    return embed


def action_label(
    action: Action | str, names: Sequence[str], player: int, locale: object = None
) -> tuple[str, str | None]:
    """A button's label and emoji for an action (``place:3`` → Place Mountain, 🔥), in
    ``locale`` (the player's language: buttons sit on their private panel).

    ``names``: the players' names as they chose them (a label shows no markdown and
    pings nobody), shortened to ``limits.MEMBER_NAME_LABEL``. Raises ``ValueError`` for
    an action that is not well formed, ``KeyError`` for a history-only verb."""
    if isinstance(action, str):
        action = Action.parse(action)
    kind = action.kind
    key = f"bingo-label-{action.verb.value}"
    if not bundle_has(key):
        raise KeyError(action.verb)
    label = t(
        locale,
        key,
        name=land_name(kind, locale) if kind is not None else "",
        other=shorten(names[1 - player], limits.MEMBER_NAME_LABEL),
    )
    return label, LAND_EMOJI[kind] if kind is not None else None


def bundle_has(key: str) -> bool:
    """Whether the English catalog has ``key`` (every language has the same keys)."""
    return bundle(DEFAULT).has_message(key)
