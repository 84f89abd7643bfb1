"""The pages of ``/bingo puzzle`` (docs/puzzles.md): the puzzle as the player to move saw
it, the graded answer, and the replay of a self-play puzzle's match. Pure rendering from a
stored :class:`bot.storage.puzzles.PuzzleRecord` (its match rebuilt from its seed and
decisions, shown through :func:`bot.matches.player_view`); ``cogs.bingo._puzzles`` sends
them."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import limits
from bot.ai.puzzles import MinedPuzzle
from bot.engine import BingoOptions, BingoState
from bot.engine.actions import Action
from bot.engine.daily import utc_date_text
from bot.engine.events import Event, Turn
from bot.i18n import t
from bot.matches import player_view, public_view
from bot.ratings import Glicko
from bot.storage.matches import MatchRecord
from bot.storage.puzzles import SELFPLAY, Attempt, PuzzlePlayer, PuzzleRecord
from bot.ui.board_image import board_alt_text, board_inputs, last_move, render_board
from bot.ui.controls import (
    ROW_BUTTONS,
    PuzzleButton,
    PuzzleNextButton,
    PuzzleReplayButton,
    view_of,
)
from bot.ui.lands import compact_line, counts_line
from bot.ui.text import echo, shorten

from ._analysis_text import action_words
from ._history import replay_page, state_after
from ._render import action_label, event_line, prompt_text, rules_text
from ._views import DANGER, PRIMARY

#: The puzzle picture's file name (the embed shows ``attachment://puzzle.png``).
PICTURE_FILE = "puzzle.png"
COLOUR = discord.Colour.teal()
SOLVED_COLOUR = discord.Colour.green()
MISSED_COLOUR = discord.Colour.red()


# -- the position ----------------------------------------------------------------------------


def position(record: PuzzleRecord) -> tuple[BingoState, list[Event]]:
    """The puzzle's position, rebuilt from its match's seed, options and decisions (the
    state before decision ``record.index``), and the events of the decision before it
    (none before the first)."""
    return state_after(record.seed, record.options, record.history, record.index)


def selfplay_names(record: PuzzleRecord, lang: str) -> list[str]:
    """The seats' names of a self-play puzzle's match: the bot at each seat's level
    ("Easy bot", "Medium bot"), numbered when both seats have the same level."""
    levels = record.levels or ["medium", "medium"]
    names = [t(lang, "puzzle-bot-name", level=level) for level in levels]
    if names[0] == names[1]:
        names = [f"{name} {seat + 1}" for seat, name in enumerate(names)]
    return names


def _author(record: PuzzleRecord, kind: str, day: int, lang: str) -> str:
    if day:
        return t(lang, "puzzle-from-daily", date=utc_date_text(day))
    if record.source == SELFPLAY:
        return t(lang, "puzzle-from-selfplay")
    key = "puzzle-from-own" if kind == "own" else "puzzle-from-server"
    return t(lang, key, match=record.match_id or 0)


#: A rating deviation above this marks a rating as provisional ("1662?"), as lichess
#: marks one (its threshold for a provisional rating).
PROVISIONAL_RD = 110.0


def rating_text(rating: Glicko) -> str:
    """A rating as shown: rounded, with ``?`` while it is provisional (its deviation
    above :data:`PROVISIONAL_RD`: a few answers only)."""
    shown = str(round(rating.rating))
    return f"{shown}?" if rating.rd > PROVISIONAL_RD else shown


@dataclass(frozen=True, slots=True)
class Shown:
    """A message: its embed, view and picture (PNG bytes and alt text)."""

    embed: discord.Embed
    view: discord.ui.View | None
    png: bytes | None = None
    alt: str = ""

    def file(self) -> discord.File | None:
        if self.png is None:
            return None
        return discord.File(io.BytesIO(self.png), filename=PICTURE_FILE, description=self.alt)


def puzzle_page(
    record: PuzzleRecord,
    raw_names: Sequence[str],
    kind: str,
    day: int,
    standing: PuzzlePlayer,
    today: int,
    lang: str,
    answered: bool = False,
) -> Shown:
    """The puzzle to answer, in ``lang``: what the player to move saw then (their view,
    never the other hand or the library) with one button per legal move, the reader in
    that player's seat. ``raw_names``: the two seats' names as stored (not escaped);
    ``kind``: where it came from (``own``, ``server``, ``selfplay``); ``day``: the UTC
    day of a puzzle of the day, else 0; ``standing``: the reader's rating and streak as
    of ``today``; ``answered``: the reader answered it before (a new answer is not
    rated, and the page says so)."""
    state, events = position(record)
    player = record.player
    view = player_view(state, player)
    names = [echo(name, limits.MEMBER_NAME) for name in raw_names]
    lines = [t(lang, "puzzle-seat", name=names[player]), prompt_text(view, names, lang)]
    lines.append(
        t(lang, "puzzle-turn", turn=view.turn) if view.turn else t(lang, "puzzle-mulligans")
    )
    said = [
        line
        for event in events
        if not isinstance(event, Turn)  # the turn is said on its own line
        and (line := event_line(event, names, player, view.options, lang)) is not None
    ]
    if said:
        lines.append(t(lang, "puzzle-last", line=" · ".join(said[-2:])))
    if answered:
        lines.append(t(lang, "puzzle-answered-before"))
    embed = discord.Embed(
        title=t(lang, "puzzle-title", id=record.id),
        description="\n".join(lines)[: limits.EMBED_DESCRIPTION],
        colour=COLOUR,
    )
    embed.set_author(name=_author(record, kind, day, lang))
    embed.add_field(
        name=t(lang, "puzzle-hand"),
        value=counts_line(view.hand, t(lang, "bingo-panel-hand-empty"), lang),
        inline=False,
    )
    other = 1 - player
    table = "\n".join(
        (
            t(
                lang,
                "puzzle-table-you",
                territory=compact_line(view.territories[player]),
                discard=compact_line(view.discards[player]),
            ),
            t(
                lang,
                "puzzle-table-other",
                name=names[other],
                territory=compact_line(view.territories[other]),
                discard=compact_line(view.discards[other]),
                hand=view.hand_sizes[other],
            ),
            t(lang, "puzzle-table-library", library=view.library_size),
        )
    )
    embed.add_field(name=t(lang, "puzzle-table"), value=table, inline=False)
    embed.set_footer(
        text=t(
            lang,
            "puzzle-footer",
            rating=rating_text(standing.rating),
            streak=standing.current_streak(today),
        )
    )
    embed.set_image(url=f"attachment://{PICTURE_FILE}")
    last = last_move([event.for_viewer(None).to_json() for event in events])
    inputs = board_inputs(record.id, public_view(state), raw_names, last, lang)
    png = render_board(inputs)
    alt = t(lang, "puzzle-picture-alt", board=board_alt_text(inputs))[:1024]
    buttons = []
    for index, action in enumerate(view.legal_actions):
        label, emoji = action_label(action, raw_names, player, lang)
        verb = Action.parse(action).verb
        if verb in PRIMARY:
            style = discord.ButtonStyle.success
        elif verb in DANGER:
            style = discord.ButtonStyle.danger
        else:
            style = discord.ButtonStyle.secondary
        buttons.append(
            PuzzleButton(record.id, day, action, label, emoji, style, row=index // ROW_BUTTONS)
        )
    return Shown(embed, view_of(*buttons), png, alt)


def answer_page(
    record: PuzzleRecord,
    raw_names: Sequence[str],
    mined: MinedPuzzle,
    attempt: Attempt,
    kind: str,
    day: int,
    today: int,
    lang: str,
) -> Shown:
    """The answer, in ``lang``: right or wrong, the best move, every move's chance to
    win for the player to move (the reader stood in their seat), the move played in the
    match, the reader's rating change (their first answer only) and streak as of
    ``today``, and the buttons to the replay, the next puzzle and, after a wrong answer,
    another try (of the puzzle of ``day``, or 0)."""
    player = record.player

    def words(action: str) -> str:
        return action_words(action, raw_names, player, lang)

    solved = attempt.solved
    embed = discord.Embed(
        title=t(lang, "puzzle-solved" if solved else "puzzle-missed", id=record.id),
        colour=SOLVED_COLOUR if solved else MISSED_COLOUR,
    )
    lines = [t(lang, "puzzle-you-chose", move=words(attempt.action))]
    if not solved:
        lines.append(t(lang, "puzzle-best", move=words(mined.best)))
    played = "puzzle-played-own" if kind == "own" else "puzzle-played-other"
    lines.append(t(lang, played, move=words(mined.chosen)))
    if attempt.first:
        delta = round(attempt.rating_after) - round(attempt.rating_before)
        lines.append(
            t(
                lang,
                "puzzle-rating-change",
                before=str(round(attempt.rating_before)),
                after=rating_text(attempt.player.rating),
                delta=f"{delta:+d}",
            )
        )
    else:
        lines.append(t(lang, "puzzle-not-rated"))
    standing = attempt.player
    lines.append(
        t(lang, "puzzle-streak", streak=standing.current_streak(today), best=standing.streak_best)
    )
    embed.description = "\n".join(lines)[: limits.EMBED_DESCRIPTION]
    chances = []
    for action, chance in sorted(mined.chances.items(), key=lambda item: -item[1]):
        mark = "✅" if action == mined.best else ("👉" if action == attempt.action else "▫️")
        line = t(
            lang, "puzzle-chance-line", mark=mark, move=words(action), chance=round(100 * chance)
        )
        if action == attempt.action and action == mined.best:
            line += " 👉"
        if action == mined.chosen:
            line += " 🎯"
        chances.append(line)
    embed.add_field(
        name=t(
            lang, "puzzle-chances-head", name=shorten(raw_names[player], limits.MEMBER_NAME_LABEL)
        ),
        value="\n".join(chances)[: limits.FIELD_VALUE],
        inline=False,
    )
    solved_count = record.solved + int(attempt.first and solved)
    attempts = record.attempts + int(attempt.first)
    note = t(
        lang,
        "puzzle-chances-note",
        name=shorten(raw_names[player], limits.MEMBER_NAME),
        worlds=mined.worlds,
    )
    rating = t(
        lang,
        "puzzle-rating-of-puzzle",
        rating=str(round(attempt.puzzle_rating)),
        solved=solved_count,
        attempts=attempts,
    )
    embed.set_footer(text=f"{note}\n{rating}")
    embed.set_image(url=f"attachment://{PICTURE_FILE}")  # the puzzle's picture, kept
    buttons: list[discord.ui.Item[Any]] = [
        PuzzleReplayButton(record.id, record.index, "o", lang),
        PuzzleNextButton(0, 0, "next", lang),
    ]
    if not solved:
        buttons.append(PuzzleNextButton(record.id, day, "again", lang))
    return Shown(embed, view_of(*buttons))


def selfplay_record(record: PuzzleRecord, lang: str) -> MatchRecord:
    """A self-play puzzle's match as a finished :class:`MatchRecord` for the replay's
    pages (it has no row of its own): numbered as the puzzle, the bot's level in each
    seat as the players' names."""
    options = BingoOptions.from_json(record.options) if record.options else BingoOptions()
    state = BingoState.replay(record.seed, options, record.history)
    names = selfplay_names(record, lang)
    return MatchRecord(
        id=record.id, guild_id=0, channel_id=0, player_ids=(1, 2), seed=record.seed,
        options=record.options, decisions=record.history, state=state.to_json(), version=0,
        status="finished", ui={"names": names}, deadline=None, board_message_id=None,
        started_at=0.0, ended_at=0.0, result=None, winner_id=None, loser_id=None,
        reason=None, turns=state.turn,
    )  # fmt: skip


def selfplay_replay(record: PuzzleRecord, step: int, lang: str) -> Shown:
    """Step ``step`` of a self-play puzzle's match, as the replay shows a match, with
    Previous and Next of its own (:class:`PuzzleReplayButton`)."""
    match = selfplay_record(record, lang)
    total = len(match.decisions)
    step = max(0, min(step, total))
    embed, _, png, alt = replay_page(match, step, lang)
    embed.title = t(lang, "puzzle-replay-selfplay-title")
    options = BingoOptions.from_json(record.options) if record.options else BingoOptions()
    embed.set_footer(
        text=t(lang, "puzzle-replay-footer", id=record.id, rules=rules_text(options, lang))
    )
    embed.set_image(url=f"attachment://{PICTURE_FILE}")
    view = view_of(*PuzzleReplayButton.steps(record.id, step=step, total=total, locale=lang))
    return Shown(embed, view, png, alt)


__all__ = [
    "COLOUR",
    "PICTURE_FILE",
    "PROVISIONAL_RD",
    "Shown",
    "answer_page",
    "position",
    "puzzle_page",
    "rating_text",
    "selfplay_names",
    "selfplay_record",
    "selfplay_replay",
]
