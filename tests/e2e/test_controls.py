"""Buttons posted by older code, clicked through the emulator: the running bot's control
router sends each to the handler that answered it before (see
``tests/cogs/old_controls.py`` for where the custom_ids come from)."""

from __future__ import annotations

import functools
import inspect
from typing import Any

from bot.ui import controls
from cogs.bingo._accessible import accessible_on
from cogs.bingo._challenges import Challenges
from cogs.bingo._history import on_rematch, on_replay_button
from cogs.bingo._matches import MatchService
from cogs.bingo._restore import MatchRestore
from cogs.bingo._tips import tips_off
from cogs.bingo._tournaments import Tournaments
from cogs.guide._help import turn_help_page
from cogs.guide._rules import turn_page
from cogs.mulligan._daily import on_daily_button, on_daily_select
from cogs.mulligan._views import on_again, on_card_select, on_practice_button
from tests.cogs.old_controls import OLD

from .helpers import BotWorld, custom_ids, embed_title, start_match, wait_prompt

#: A deal where the challenger (seat 0, alice) declares first.
SEED = 5


def _name(function: Any) -> str:
    """``module.qualname``: the bot imports its extensions afresh at every start
    (``load_extension``), so a function is known by its name, not its identity."""
    return f"{function.__module__}.{function.__qualname__}"


def _target(handler: Any) -> tuple[str, Any]:
    """The function a registered handler runs (:func:`_name`), and what it is bound to
    (or ``None``)."""
    if isinstance(handler, functools.partial):
        return _name(handler.func), handler.args[0]
    if inspect.ismethod(handler):
        return _name(handler.__func__), handler.__self__
    return _name(handler), None


def _expected(bw: BotWorld) -> dict[str, tuple[str, Any]]:
    """By custom_id prefix: the function that answered the old code's clicks, and the
    live object it runs on."""
    service = bw.service
    tournaments = bw.bot.get_cog("Bingo").tournament_group.tournaments
    mulligan = bw.bot.get_cog("Mulligan")
    functions = {
        "bingo:m:": (MatchService.on_decision, service),
        "bingo:c:": (Challenges.on_answer, service.challenges),
        "bingo:h:": (MatchService.on_show_hand, service),
        "bingo:a:": (MatchService.on_play_again, service),
        "bingo:rp:": (on_replay_button, bw.bot),
        "bingo:r:": (on_rematch, service),
        "bingo:tips:": (tips_off, service),
        "bingo:sr:": (accessible_on, service),
        "bingo:tj:": (Tournaments.on_signup, tournaments),
        "mull:a:": (on_practice_button, mulligan.service),
        "mull:s:": (on_card_select, mulligan.service),
        "mull:again:": (on_again, mulligan.service),
        "mull:d:": (on_daily_button, mulligan.daily),
        "mull:ds:": (on_daily_select, mulligan.daily),
        "guide:rules:": (turn_page, None),
        "guide:help:": (turn_help_page, None),
    }
    return {prefix: (_name(f), bound) for prefix, (f, bound) in functions.items()}


async def test_old_custom_ids_reach_the_handlers_that_answered_them(bingo: BotWorld) -> None:
    expected = _expected(bingo)
    for custom_id, kind, _ in OLD:
        control = controls.parse(custom_id)
        assert type(control) is kind
        prefix = max((p for p in expected if custom_id.startswith(p)), key=len)
        handler = bingo.bot.controls.handler_for(kind)
        assert handler is not None, custom_id
        assert _target(handler) == expected[prefix], custom_id


async def test_an_old_decision_button_of_a_match_gets_the_normal_answer(bingo: BotWorld) -> None:
    """alice's Keep at version 0 of match 1, by the custom_id the old code gave it: the
    decision is applied and her panel is redrawn in place."""
    match_id = await start_match(bingo, "alice", "bob", seed=SEED)
    state = bingo.service.matches[match_id].state
    assert (match_id, state.version, state.current_player()) == (1, 0, 0)
    alice = bingo.driver("alice")
    panel = await wait_prompt(bingo, alice, "Keep")
    before = custom_ids(panel)
    record = await alice.click(panel, custom_id="bingo:m:1:0:keep")
    assert record.acknowledged and record.response_type in (6, 7)  # the panel is updated
    await bingo.emu.wait_for(
        lambda: custom_ids(bingo.emu.messages[panel.id]) != before, message="the new panel"
    )
    assert bingo.service.matches[match_id].state.history[0] == [0, "keep"]


async def test_an_old_show_hand_button_under_an_old_board_answers_privately(
    bingo: BotWorld,
) -> None:
    """A board the old code posted (its "Show my hand" button ``bingo:h:1``): bob's click
    answers him with his hand, privately, as the button always did."""
    match_id = await start_match(bingo, "alice", "bob", seed=SEED)
    assert match_id == 1
    emu = bingo.emu
    old_board = emu.create_message(
        emu.channels[bingo.channel.id],
        emu.bot_user,
        {
            "content": "BingoMagic #1",
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "Show my hand", "custom_id": "bingo:h:1"}
                    ],
                }
            ],
        },
    )
    bob = bingo.driver("bob")
    seen = {m.id for m in bob.ephemerals(bingo.channel)}
    record = await bob.click(old_board, custom_id="bingo:h:1")
    assert record.acknowledged
    answer = await emu.wait_for(
        lambda: next(
            (m for m in bob.ephemerals(bingo.channel) if m.id not in seen),
            None,
        ),
        message="bob's private answer",
    )
    assert "bob" in embed_title(answer) and "'s hand" in embed_title(answer)


async def test_the_match_service_runs_on_the_bots_own_runtime(bingo: BotWorld) -> None:
    """The bot builds the runtime, its scheduler, leases and store; the Bingo cog runs its
    matches there and plugs its loader into the runtime (the metrics count the same runtime)."""
    bot, service = bingo.bot, bingo.service
    assert service.runtime is bot.runtime and bot.runtime.store is bot.match_store
    assert service.scheduler is bot.scheduler is bot.runtime.scheduler
    assert service.leases is bot.leases is bot.runtime.claims
    assert service.outbox is bot.outbox
    assert _target(bot.runtime.loader) == (_name(MatchRestore.loader), service.restore)
    assert not hasattr(bot.match_store, "ui_for")  # the commit path calls no cog
    match_id = await start_match(bingo, "alice", "bob", seed=SEED)
    assert bot.runtime.get(match_id) is service.matches[match_id]
