"""Screen-reader mode through the emulator: ``/bingo accessibility``, the button offered
on a first match's first panel, and the plain sentence first on every panel and on the
board (cogs/bingo/_accessible.py)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import t
from bot.playground.models import Message
from bot.ui.lands_image import lands_alt_text
from cogs.guide import PAGES

from .helpers import BEGINS, FAST_AI, BotWorld, enabled_buttons, public_messages

#: A panel's or board's first line in screen-reader mode names a land count in words.
HAND_IN_WORDS = re.compile(
    r"Your hand: (\d+ (Plains|Islands?|Swamps?|Mountains?|Forests?)(, )?)+\."
)


def first_line(message: Message) -> str:
    """What a screen reader reads first: the content, else the embed's first line."""
    if message.content:
        return message.content.splitlines()[0]
    embed = message.embeds[0]
    assert "title" not in embed, embed  # nothing is read before the sentence
    return (embed.get("description") or "").splitlines()[0]


def panel(bw: BotWorld, name: str, label: str) -> Message | None:
    """``name``'s newest DM panel offering ``label``."""
    for message in reversed(bw.driver(name).dm_messages()):
        buttons = enabled_buttons(message)
        if buttons and (not label or label in buttons):
            return message
    return None


async def play_bot(bw: BotWorld, name: str) -> int:
    record = await bw.driver(name).slash(bw.channel, "bingo challenge", opponent=bw.emu.bot_user)
    found = BEGINS.search((await record.wait_for_response()).text)
    assert found
    return int(found.group(1))


def board_of(bw: BotWorld, match_id: int) -> Message | None:
    """The match's board: the public message whose footer names the match."""
    for message in reversed(public_messages(bw)):
        for embed in message.embeds:
            if (embed.get("footer") or {}).get("text", "").startswith(f"Match #{match_id} "):
                return message
    return None


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_screen_reader_mode_puts_the_state_first_on_panels_and_board(bingo) -> None:
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "bingo accessibility", mode="a11y_on")
    reply = await record.wait_for_response()
    assert reply.ephemeral and "Screen-reader mode is on" in reply.text
    assert (await bingo.db.user_prefs(alice.user.id)).accessible

    match_id = await play_bot(bingo, "alice")
    keep = await bingo.emu.wait_for(lambda: panel(bingo, "alice", "Keep"), message="Keep")
    line = first_line(keep)
    assert line.startswith("Mulligans. Your move. Your territory: none; ")
    assert HAND_IN_WORDS.search(line), line
    assert line.endswith("You can: Keep, Mulligan."), line

    board = await bingo.emu.wait_for(lambda: board_of(bingo, match_id), message="the board")
    assert first_line(board).startswith("Mulligans. ")
    assert "alice's territory: none; " in first_line(board)

    await alice.click(keep, "Keep")

    def decision_in_turn() -> Message | None:
        found = panel(bingo, "alice", "")
        return found if found and first_line(found).startswith("Turn ") else None

    turn = await bingo.emu.wait_for(decision_in_turn, message="her first decision in a turn")
    line = first_line(turn)
    assert re.match(r"Turn \d+\. Your move\. ", line), line
    assert HAND_IN_WORDS.search(line) and "Last: " in line, line
    choices = line.rsplit("You can: ", 1)[1]
    decisions = [b for b in enabled_buttons(turn) if b != "Turn tips off"]
    assert decisions and all(label in choices for label in decisions), (choices, decisions)

    # turned off: the panel her next click brings has its title again and no sentence
    await alice.slash(bingo.channel, "bingo accessibility", mode="a11y_off")
    await bingo.emu.wait_for(
        lambda: not bingo.service.matches[match_id].context.config.accessible[0],
        message="the mode off in her match",
    )
    assert not (await bingo.db.user_prefs(alice.user.id)).accessible
    await alice.click(turn, decisions[0])
    await bingo.emu.wait_for(
        lambda: "title" in bingo.emu.messages[turn.id].embeds[0], message="the usual panel"
    )
    assert "Your hand: " not in bingo.emu.messages[turn.id].embeds[0]["description"]


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_the_first_panel_of_a_first_match_offers_the_mode(bingo) -> None:
    bob = bingo.driver("bob")
    await play_bot(bingo, "bob")
    keep = await bingo.emu.wait_for(lambda: panel(bingo, "bob", "Keep"), message="Keep")
    assert "Screen-reader mode" in enabled_buttons(keep)
    assert keep.embeds[0].get("title")  # the mode is off: the panel as usual
    await bob.click(keep, "Screen-reader mode")
    redrawn = await bingo.emu.wait_for(
        lambda: (m := bingo.emu.messages[keep.id]).embeds and "title" not in m.embeds[0] and m,
        message="the panel in screen-reader mode",
    )
    assert first_line(redrawn).startswith("Mulligans. Your move. ")
    assert "Screen-reader mode" not in enabled_buttons(redrawn)
    assert "Keep" in enabled_buttons(redrawn)  # still his decision
    assert (await bingo.db.user_prefs(bob.user.id)).accessible


async def test_the_rules_picture_has_alt_text_in_the_members_language(bingo) -> None:
    """``discord.File(description=...)`` reaches Discord as the attachment's alt text:
    alice (Italian) gets the lands picture described in Italian."""
    alice = bingo.driver("alice")
    await alice.slash(bingo.channel, "bingo language", language="Italiano")
    message = await (await alice.slash(bingo.channel, "bingo rules")).wait_for_response()
    for page in range(PAGES.index("effects")):
        await alice.click(bingo.emu.messages[message.id], t("it", "rules-next"))
        await bingo.emu.wait_for(
            lambda p=page: f"{p + 2}" in bingo.emu.messages[message.id].embeds[0]["footer"]["text"],
            message=f"page {page + 2}",
        )
    [picture] = bingo.emu.messages[message.id].attachments
    assert picture["description"] == lands_alt_text("it")
    assert "Pianura" in picture["description"] and "Plains" not in picture["description"]
