"""The playground's page in a real browser: members type commands and click, as people do."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
from pathlib import Path

from bot.playground.launcher import Playground
from bot.playground.web import STATIC_DIR
from tests.e2e.helpers import BOARD_TITLE, BotWorld, play_out, start_match

from .helpers import MemberTab, Shown, at_bottom, play_until, world_of

ROOT = Path(__file__).resolve().parents[2]
README_SCREENSHOT = ROOT / "docs" / "playground.png"
#: Clicks into a match after which the README screenshot is taken.
SCREENSHOT_AFTER_CLICKS = 6


def result_posted(playground: Playground) -> bool:
    """Whether a match result is in #general (peeking at the emulator, to stop clicking)."""
    channel = playground.emu.channels[playground.web.channel.id]  # type: ignore[union-attr]
    return any("(BingoMagic #" in m.content for m in playground.emu.channel_messages(channel))


async def save_readme_screenshot(tab: MemberTab, tmp_path: Path) -> None:
    """A screenshot of the match in progress; it replaces docs/playground.png when
    UPDATE_SCREENSHOTS=1 (else it stays in the test's tmp directory)."""
    path = tmp_path / "playground.png"
    await tab.page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(path, README_SCREENSHOT)


async def test_two_members_play_a_challenge_to_the_end(open_tab, playground, tmp_path) -> None:
    """alice challenges bob from her tab, bob accepts in his, both play from their DMs;
    the board and the result show in #general, and the leaderboard counts the match."""
    alice = await open_tab("alice")
    bob = await open_tab("bob")
    await alice.slash("bingo challenge", opponent="@bob")
    challenge = await bob.wait_for(lambda m: "Accept" in m.enabled, what="the challenge")
    assert "challenges you" in challenge.text
    await bob.click(challenge, "Accept")
    await alice.show_thread()  # the match is played in its thread
    board = await alice.wait_for(lambda m: BOARD_TITLE.match(m.title) is not None, what="board")
    assert "alice vs bob" in board.title

    await alice.show("dm")
    await bob.show("dm")
    # A few decisions, the README screenshot of the match in progress, then play on.
    clicks = await play_until([alice, bob], lambda: False, stop_after=SCREENSHOT_AFTER_CLICKS)
    watcher = await open_tab("carol")
    await watcher.show_thread()
    await watcher.wait_for(lambda m: BOARD_TITLE.match(m.title) is not None, what="the board")
    await save_readme_screenshot(alice, tmp_path)
    clicks += await play_until([alice, bob], lambda: result_posted(playground))

    for tab in (alice, bob):
        await tab.show("general")
        result = await tab.wait_for(lambda m: "(BingoMagic #" in m.text, what="the result")
        assert "wins" in result.text or "draw" in result.text
    # one rated match lists nobody by default (5): alice, the owner, lowers the minimum
    await alice.slash("bingo settings leaderboard", min_games=1)
    await alice.wait_for(lambda m: m.ephemeral and "Saved" in m.text, what="the setting saved")
    await alice.slash("bingo leaderboard")
    board = await alice.wait_for(lambda m: m.title == "BingoMagic leaderboard", what="leaderboard")
    assert "alice" in board.text and "bob" in board.text


async def test_deck_saved_through_the_modal_then_a_mulligan_practice(open_tab, playground) -> None:
    """The deck form opens as a dialog; the saved deck is offered by autocomplete; its
    practice hand is private to alice."""
    alice = await open_tab("alice")
    bob = await open_tab("bob")
    page = alice.page
    await alice.slash("mulligan deck save", name="Red Deck")
    dialog = page.locator("dialog#modal")
    await dialog.wait_for(state="visible")
    assert await page.locator("#modal-title").inner_text() == "Save a decklist"
    await page.get_by_role("textbox", name="Decklist").fill(
        "24 Mountain\n36 Shock\n\nSideboard\n2 Pyroblast"
    )
    await page.click("#modal-submit")
    saved = await alice.wait_for(lambda m: "Saved" in m.text, what="the saved deck")
    assert saved.ephemeral and "Red Deck" in saved.text and "Only you can see this" in saved.text

    await page.fill("#text-input", "/mulligan practice")
    await page.click('.popup-item[data-command="mulligan practice"]')
    await page.click('[data-add-option="deck"]')
    await page.fill('#option-fields [data-option="deck"]', "Red")
    await page.click('.popup-item[data-value="Red Deck"]')
    await page.click('[data-add-option="private"]')
    await page.select_option('#option-fields [data-option="private"]', label="True")
    await page.click("#send-button")
    hand = await alice.wait_for(lambda m: "Keep" in m.enabled, what="the practice hand")
    assert hand.ephemeral and "Red Deck" in hand.text
    await alice.click(hand, "Keep")
    await alice.wait_for(
        lambda m: m.id == hand.id and "Keep" not in m.enabled, what="the coach's verdict"
    )
    assert not any("Red Deck" in m.text for m in await bob.messages())


async def test_leaderboard_on_a_phone_in_italian(open_tab, playground) -> None:
    """carol, on a phone-sized window with the page in Italian, finds #general through the
    menu and asks for the leaderboard of a match alice and bob played; her locale reaches
    the bot; a command the bot does not answer in time says so."""
    world = world_of(playground)
    bw = BotWorld(playground.emu, world, bot=None, db=None)  # the bot is another process
    match_id = await start_match(bw, "alice", "bob")
    await play_out(bw, match_id)
    # one rated match lists nobody by default (5): the owner lowers the minimum
    setting = await bw.driver("alice").slash(bw.channel, "bingo settings leaderboard", min_games=1)
    assert setting.acknowledged

    carol = await open_tab("carol", viewport={"width": 390, "height": 844})
    page = carol.page
    assert not await page.locator("#member-list").is_visible()
    await page.select_option("#locale-select", label="Italiano")
    await page.click("#menu-toggle")
    await carol.show("general")
    await carol.slash("bingo classifica")  # an Italian client shows the Italian commands
    board = await carol.wait_for(lambda m: m.title == "BingoMagic leaderboard", what="leaderboard")
    assert re.search(r"alice|bob", board.text)
    assert playground.emu.interactions[max(playground.emu.interactions)].payload["locale"] == "it"

    hold = playground.emu.hold(lambda method, path, body: path.endswith("/callback"))
    await carol.slash("bingo statistiche")
    failed = json.loads((STATIC_DIR / "labels.json").read_text())["it"]["interaction_failed"]
    await page.get_by_text(failed).wait_for(timeout=6000)  # the page's own words, in Italian
    hold.release()
    problems = playground.emu.take_problems()
    assert problems and all("not acknowledged" in p for p in problems), problems


async def test_whole_match_against_the_bot(open_tab, playground) -> None:
    """alice challenges the bot itself at the easy level and plays the match to its
    result from her DM (no accept step)."""
    commands = {c["name"]: c for c in playground.web.commands()}  # type: ignore[union-attr]
    challenge = next(o for o in commands["bingo"]["options"] if o["name"] == "challenge")
    level = next(o for o in challenge.get("options", []) if o["name"] == "level")
    alice = await open_tab("alice")
    options = {"opponent": "@BingoMagic (bot)", "level": level["choices"][0]["name"]}
    await alice.slash("bingo challenge", **options)
    await alice.show_thread()
    await alice.wait_for(lambda m: BOARD_TITLE.match(m.title) is not None, what="the board")
    await alice.show("dm")
    await play_until([alice], lambda: result_posted(playground))
    await alice.show("general")
    result = await alice.wait_for(lambda m: "(BingoMagic #" in m.text, what="the result")
    assert "wins" in result.text or "draw" in result.text


async def test_a_replay_opened_from_an_older_end_panel_is_scrolled_to(open_tab, playground) -> None:
    """On a phone, alice scrolls back up to her finished match's end panel and clicks
    Replay again: the new replay lands far below it, and the page scrolls down to this
    answer to her own click (as it does for her commands) instead of seeming to do
    nothing."""
    alice = await open_tab("alice", viewport={"width": 390, "height": 844})
    await alice.slash("bingo challenge", opponent="@BingoMagic (bot)")
    await alice.page.click("#menu-toggle")  # the channel list, on a phone
    await alice.show("dm")
    await play_until([alice], lambda: result_posted(playground))

    def replay_button(message: Shown) -> bool:
        return any(
            (b["customId"] or "").startswith("bingo:rp:") and not b["disabled"]
            for b in message.buttons
        )

    end = await alice.wait_for(replay_button, what="the end panel")
    for _ in range(2):  # the second time, the first replay makes the DM taller than the screen
        await alice.page.evaluate(
            """async (id) => {
              document.querySelector(`.message[data-id="${id}"]`).scrollIntoView();
              await new Promise((done) => setTimeout(done, 200));  // its scroll event
            }""",
            end.id,
        )
        shown = len(await alice.messages())
        await alice.click(end, "Replay")
        for _ in range(200):  # up to 10 s for the replay
            if len(await alice.messages()) > shown:
                break
            await asyncio.sleep(0.05)
        newest = (await alice.messages())[-1]
        assert newest.title.startswith("Replay of"), newest.title
        assert await at_bottom(alice)


async def test_a_match_thread_in_the_sidebar(open_tab, playground) -> None:
    """The match's thread shows under #general; opened, it shows the board, whose button
    works there (bob's DMs are closed: "Show my hand" brings his panel, privately, in the
    thread); archived and locked, the sidebar and the header say so."""
    emu = playground.emu
    bob_user = playground.members["bob"]
    emu.set_dms_closed(bob_user)
    alice = await open_tab("alice")
    bob = await open_tab("bob")
    await alice.slash("bingo challenge", opponent="@bob")
    challenge = await bob.wait_for(lambda m: "Accept" in m.enabled, what="the challenge")
    await bob.click(challenge, "Accept")
    await bob.show_thread()
    names = await bob.page.locator("#channel-list .channel .name").all_inner_texts()
    general = names.index("general")
    assert names[general + 1].startswith("BingoMagic #") and "alice vs bob" in names[general + 1]
    header = await bob.page.locator("#chat-title").inner_text()
    assert "general" in header and "BingoMagic #" in header
    board = await bob.wait_for(
        lambda m: BOARD_TITLE.match(m.title) is not None and "Show my hand" in m.enabled,
        what="the board with Show my hand",
    )
    await bob.click(board, "Show my hand")
    panel = await bob.wait_for(lambda m: "'s hand" in m.title, what="bob's panel")
    assert panel.ephemeral
    assert not any("'s hand" in m.title for m in await alice.messages())

    (thread,) = emu.threads_of(playground.web.channel)  # type: ignore[union-attr]
    emu.update_thread(thread, archived=True, locked=True)
    item = bob.page.locator(".channel.thread.archived")
    await item.wait_for()
    assert "archived" in await item.inner_text()
    assert await item.locator('[title="Locked"]').count() == 1
    await bob.page.get_by_text("archived, locked").wait_for()
