"""Screen-reader mode through the emulator: ``/bingo accessibility``, the button offered
on a first match's first panel, and the plain sentence first on every panel and on the
board (cogs/bingo/_accessible.py): the decision actually asked, the time left, words
only. And each player's end-of-match panel: their own result in their language, and
the button to the match's replay."""

from __future__ import annotations

import re

import pytest

from bot.i18n import t
from bot.ui.accessible import is_symbol
from bot.ui.lands_image import lands_alt_text
from bot.ui.rules import PAGES
from emulator.models import Message
from emulator_driver.driver import UserDriver

from .helpers import (
    BEGINS,
    FAST_AI,
    LANDS,
    BotWorld,
    custom_ids,
    embed_title,
    enabled_buttons,
    public_messages,
    result_posted,
    simple_policy,
    start_match,
)

#: Discord's relative timestamp (markup Discord shows, and keeps current, as words).
TIMESTAMP = re.compile(r"<t:\d+:R>")

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
    assert re.match(
        r"Mulligans\. Your move: keep or mulligan\. Time runs out <t:\d+:R>\. "
        r"Your territory: none; ",
        line,
    ), line
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
    assert re.match(r"Turn \d+\. (Your move: |\S+ placed )", line), line
    assert HAND_IN_WORDS.search(line) and "Last: " in line, line
    choices = line.rsplit("You can: ", 1)[1]
    decisions = [b for b in enabled_buttons(turn) if b != "Turn tips off"]
    # Every button is named in words: "Counter (Island + Plains)" is read "Counter with
    # Island and Plains" (no symbols in the sentence), so each label's words are looked for.
    said = set(re.findall(r"\w+", choices))
    assert decisions and all(set(re.findall(r"\w+", b)) <= said for b in decisions), (
        choices,
        decisions,
    )

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
    assert first_line(redrawn).startswith("Mulligans. Your move: keep or mulligan. ")
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


async def until_counter_window(bw: BotWorld, match_id: int) -> tuple[UserDriver, Message]:
    """alice and bob play (:func:`simple_policy`) until one of them is offered "Let it
    resolve"; returns them and that panel (panels have no title in screen-reader mode,
    so this finds them by their buttons)."""
    tried: set[tuple[int, str]] = set()
    for _ in range(200):

        def ready() -> tuple[UserDriver, Message] | None:
            for name in ("alice", "bob"):
                found = panel(bw, name, "")
                if found and (found.id, str(custom_ids(found))) not in tried:
                    return bw.driver(name), found
            return None

        driver, message = await bw.emu.wait_for(ready, message="someone to decide")
        labels = enabled_buttons(message)
        if "Let it resolve" in labels:
            return driver, message
        tried.add((message.id, str(custom_ids(message))))
        assert (await driver.click(message, simple_policy(labels))).acknowledged
    raise AssertionError(f"no counter window in match {match_id}")


def words_only(line: str) -> bool:
    """Whether ``line`` holds no emoji and no symbol (its timestamp aside)."""
    return not any(is_symbol(c) for c in TIMESTAMP.sub("", line))


async def test_a_counter_window_says_what_is_decided_the_time_left_and_words_only(
    bingo,
) -> None:
    """On the other player's turn, the sentence of the player who may counter says
    what was placed and what they may do (never "Your move"), the time left, and no
    emoji; the board's says the land is on its way."""
    match_id = await start_match(bingo)  # the board has its title until the mode is on
    for name in ("alice", "bob"):
        await bingo.driver(name).slash(bingo.channel, "bingo accessibility", mode="a11y_on")
    await bingo.emu.wait_for(
        lambda: all(bingo.service.matches[match_id].context.config.accessible),
        message="the mode on in their match",
    )
    driver, message = await until_counter_window(bingo, match_id)
    me = driver.user.username
    other = "bob" if me == "alice" else "alice"
    line = first_line(message)
    lands = "|".join(LANDS)
    assert re.match(
        rf"Turn \d+\. {other} placed ({lands}): you may counter it or let it resolve\. "
        r"Time runs out <t:\d+:R>\. ",
        line,
    ), line
    assert "Your move" not in line and words_only(line), line
    assert "You can: Let it resolve" in line, line

    def placing() -> Message | None:
        found = board_of(bingo, match_id)
        if found is None or "title" in found.embeds[0]:  # not yet redrawn in the mode
            return None
        return found if "is placing" in first_line(found) else None

    shown = await bingo.emu.wait_for(placing, message="the board with the land on its way")
    assert re.search(rf"{other} is placing ({lands})\.", first_line(shown)), first_line(shown)
    assert words_only(first_line(shown)), first_line(shown)


def end_panel(bw: BotWorld, name: str, match_id: int) -> Message | None:
    """``name``'s DM panel of ``match_id`` once it shows the end (its Replay button)."""
    for message in reversed(bw.driver(name).dm_messages()):
        footer = ((message.embeds or [{}])[0].get("footer") or {}).get("text", "")
        if footer.startswith(f"Match #{match_id} ") or f"#{match_id} " in footer:
            return message if len(enabled_buttons(message)) == 1 else None
    return None


async def test_each_end_panel_addresses_its_player_and_opens_the_replay(bingo) -> None:
    """alice resigns: her panel says she resigned, bob's (in Italian, his language) that
    he won; neither calls its reader by name. Each carries the replay button, which
    opens the replay privately and leaves the result in place."""
    alice, bob = bingo.driver("alice"), bingo.driver("bob")
    await bob.slash(bingo.channel, "bingo language", language="Italiano")
    match_id = await start_match(bingo)
    await alice.slash(bingo.channel, "bingo resign")
    await bingo.emu.wait_for(lambda: result_posted(bingo, match_id), message="the result")
    mine = await bingo.emu.wait_for(
        lambda: end_panel(bingo, "alice", match_id), message="alice's end panel"
    )
    theirs = await bingo.emu.wait_for(
        lambda: end_panel(bingo, "bob", match_id), message="bob's end panel"
    )
    said = mine.embeds[0]["description"]
    assert "**You resigned**: bob wins." in said, said
    assert "alice" not in said, said
    said = theirs.embeds[0]["description"]
    assert "**Hai vinto**: alice ha abbandonato la partita." in said, said
    assert "bob" not in said, said
    assert enabled_buttons(mine) == ["Replay"]
    assert enabled_buttons(theirs) == ["Rivedi la partita"]

    record = await alice.click(mine, "Replay")
    page = await record.wait_for_response()
    assert page.ephemeral
    assert embed_title(page).startswith(f"Replay of BingoMagic #{match_id} — alice vs bob")
    assert "Next" in enabled_buttons(page)
    assert "You resigned" in bingo.emu.messages[mine.id].embeds[0]["description"]  # kept
    await alice.click(page, "Next")
    await bingo.emu.wait_for(
        lambda: "Step 1 " in bingo.emu.messages[page.id].text, message="the next step"
    )

    record = await bob.click(theirs, "Rivedi la partita")
    page = await record.wait_for_response()
    assert embed_title(page).startswith(f"Replay di BingoMagic #{match_id}")
