"""Private panels stay current between a player's own decisions, and cost little.

A player's DM panel is the only place they see their hand: after every change that
concerns them (a Plains draw, their land countered, a Swamp discard, the opponent's
Mountain) it shows the current hand, with an edit in place (no notification). Edits of a
panel the player clicked go through the click's interaction webhook, outside the bot's
global rate limit.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.i18n import t
from bot.matches import player_view
from bot.ui.lands import counts_line
from emulator.models import Message

from .helpers import (
    BotWorld,
    embed_field,
    embed_title,
    enabled_buttons,
    prompt,
    result_posted,
    simple_policy,
    start_match,
)


def panels_of(bw: BotWorld, name: str, match_id: int) -> list[Message]:
    """``name``'s DM panels of ``match_id`` still in their DM, oldest first."""
    return [
        m
        for m in bw.driver(name).dm_messages()
        if not m.deleted and embed_title(m).endswith(f"BingoMagic #{match_id}")
    ]


async def a_prompt(bw: BotWorld) -> tuple[Any, Message]:
    """The driver of whichever of alice and bob has a decision to make, and its panel."""
    return await bw.emu.wait_for(
        lambda: next(
            ((d, p) for d in map(bw.driver, ("alice", "bob")) if (p := prompt(d)) is not None),
            None,
        ),
        message="a player's panel",
    )


def hand_shown(message: Message) -> str | None:
    return embed_field(message, "Hand")


def hand_now(bw: BotWorld, match_id: int, player: int) -> str:
    state = bw.service.matches[match_id].state
    view = player_view(state, player)
    return counts_line(view.hand, t(None, "bingo-panel-hand-empty"), None)


async def test_panels_show_the_current_hand_after_every_change(bingo: BotWorld) -> None:
    """Between decisions, each player's one live panel shows their current hand; no
    superseded panel keeps working buttons; panel edits use the interaction webhook."""
    bw = bingo
    match_id = await start_match(bw)
    names = ("alice", "bob")
    clicks = 0
    checked = 0
    while result_posted(bw, match_id) is None and clicks < 400:
        match = bw.service.matches.get(match_id)
        if match is None or match.state.is_over:
            break

        def settled():
            state = bw.service.matches[match_id].state
            if state.is_over:
                return "over"
            for player, name in enumerate(names):
                panels = panels_of(bw, name, match_id)
                if not panels or hand_shown(panels[-1]) != hand_now(bw, match_id, player):
                    return None
                if any(enabled_buttons(m) for m in panels[:-1]):
                    return None  # a superseded panel still offers buttons
            deciding = state.current_player()
            return prompt(bw.driver(names[deciding])) if deciding is not None else None

        found = await bw.emu.wait_for(settled, message="every panel current")
        if found == "over":
            break
        checked += 1
        record = await bw.driver(found.embeds[0]["title"].split("'s hand")[0]).click(
            found, simple_policy(enabled_buttons(found))
        )
        assert record.acknowledged
        clicks += 1
    assert checked > 10, "the match went on long enough to check"
    edits = [r for r in bw.emu.requests if r.method == "PATCH" and r.path.startswith("/webhooks/")]
    assert edits, "panels were kept current through the clicks' interaction webhooks"


async def test_a_click_on_a_panel_deleted_meanwhile_is_answered(bingo: BotWorld) -> None:
    """The panel a player clicked is deleted before the bot answers (a restart or another
    process replaced it): Discord refuses to update it (404, 10008), so the click is
    answered privately with the new state, and a new panel brings the controls."""
    bw = bingo
    match_id = await start_match(bw)
    driver, panel = await a_prompt(bw)
    answer = bw.emu.hold(lambda method, path, body: method == "POST" and path.endswith("/callback"))
    clicking = asyncio.create_task(driver.click(panel, simple_policy(enabled_buttons(panel))))
    await answer.wait_held()
    bw.emu.delete_message(panel)
    answer.release()
    record = await clicking
    assert record.acknowledged, "the click was answered although its panel is gone"
    assert record.message is not None and record.message.ephemeral
    assert embed_title(record.message).endswith(f"BingoMagic #{match_id}")
    assert not enabled_buttons(record.message), "controls only in the one live panel"
    await bw.emu.wait_for(
        lambda: (
            any(enabled_buttons(m) for m in panels_of(bw, "alice", match_id))
            or any(enabled_buttons(m) for m in panels_of(bw, "bob", match_id))
        ),
        message="a new panel with controls",
    )
    assert result_posted(bw, match_id) is None


async def test_a_click_is_answered_with_its_panel_and_no_callback_object(bingo: BotWorld) -> None:
    """The answer to a decision updates the clicked panel (an UPDATE_MESSAGE callback, type
    7, carrying the new panel) without ``with_response``: the bot reads nothing of
    Discord's answer, so it asks for none (a 204, not a callback object to parse)."""
    bw = bingo
    match_id = await start_match(bw)
    driver, panel = await a_prompt(bw)
    seen = len(bw.emu.requests)
    record = await driver.click(panel, simple_policy(enabled_buttons(panel)))
    assert record.acknowledged
    callbacks = [
        r for r in bw.emu.requests[seen:] if r.method == "POST" and r.path.endswith("/callback")
    ]
    assert len(callbacks) == 1, callbacks
    callback = callbacks[0]
    assert callback.json["type"] == 7, "the clicked panel is updated in place"
    assert callback.json["data"]["embeds"][0]["title"].endswith(f"BingoMagic #{match_id}")
    assert "with_response" not in callback.query
