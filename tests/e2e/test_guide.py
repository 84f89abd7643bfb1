"""Learning the game inside Discord: ``/bingo rules`` in pages, ``/help``,
and tips in a member's first match against the bot."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.ui.rules import PAGES

from .helpers import FAST_AI, embed_title, enabled_buttons, play_out, play_the_bot, wait_prompt

PICTURE_PAGE = PAGES.index("effects")
TIP = "💡 Tip"


def _buttons(message) -> dict[str, bool]:
    """Button label → enabled."""
    return {
        c.get("label"): not c.get("disabled")
        for row in message.components
        for c in row.get("components", [])
        if c.get("type") == 2
    }


async def test_rules_are_private_pages_with_previous_and_next(bingo) -> None:
    """``/bingo rules`` answers privately with page 1; Next and Previous walk the pages
    (Previous off on the first, Next off on the last); the effects page carries the
    picture of the five lands, which other pages do not."""
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "bingo rules")
    message = await record.wait_for_response()
    assert message.ephemeral
    assert "The game" in embed_title(message) and "library" in message.embeds[0]["description"]
    assert _buttons(message) == {"Previous": False, "Next": True}
    assert f"Page 1 of {len(PAGES)}" in message.embeds[0]["footer"]["text"]
    assert not message.attachments

    titles = [embed_title(message)]
    for page in range(1, len(PAGES)):
        click = await alice.click(bingo.emu.messages[message.id], "Next")
        assert click.acknowledged
        await bingo.emu.wait_for(
            lambda p=page: (
                f"Page {p + 1} of" in bingo.emu.messages[message.id].embeds[0]["footer"]["text"]
            ),
            message=f"page {page + 1}",
        )
        current = bingo.emu.messages[message.id]
        titles.append(embed_title(current))
        if page == PICTURE_PAGE:
            [picture] = current.attachments
            assert picture["filename"] == "lands.png"
            assert "Plains: Draw a card" in picture["description"]  # alt text
            assert current.embeds[0]["image"]["url"] == picture["url"]
            image = Image.open(io.BytesIO(bingo.emu.attachment_data[int(picture["id"])]))
            assert image.format == "PNG"
        else:
            assert not current.attachments, f"page {page + 1} has no picture"
    assert len(set(titles)) == len(PAGES)
    assert _buttons(bingo.emu.messages[message.id]) == {"Previous": True, "Next": False}
    await alice.click(bingo.emu.messages[message.id], "Previous")
    await bingo.emu.wait_for(
        lambda: embed_title(bingo.emu.messages[message.id]) == titles[-2], message="back a page"
    )
    assert message.id not in {m.id for m in bingo.driver("bob").messages(bingo.channel)}


async def test_rules_in_italian(bingo) -> None:
    """An Italian client reads the rules in Italian, with the rulebook's words."""
    bingo.world.user("alice").locale = "it"
    record = await bingo.driver("alice").slash(bingo.channel, "bingo regole")
    message = await record.wait_for_response()
    assert "Regolamento di BingoMagic" in embed_title(message)
    assert "mazzo" in message.embeds[0]["description"]
    assert _buttons(message) == {"Indietro": False, "Avanti": True}


async def test_help_lists_every_command_on_one_screen(bingo) -> None:
    """``/help`` answers privately with what the bot does and every command."""
    record = await bingo.driver("alice").slash(bingo.channel, "help")
    message = await record.wait_for_response()
    assert message.ephemeral
    [embed] = message.embeds
    text = "\n".join(f["value"] for f in embed["fields"])
    for command in ("/bingo challenge", "/bingo rules", "/mulligan practice", "/help"):
        assert f"`{command}`" in text, command
    assert "BingoMagic" in embed["description"]

    bingo.world.user("bob").locale = "it"
    record = await bingo.driver("bob").slash(bingo.channel, "aiuto")
    message = await record.wait_for_response()
    text = "\n".join(f["value"] for f in message.embeds[0]["fields"])
    assert "`/bingo sfida`" in text and "`/aiuto`" in text


def _tip(message) -> str | None:
    for field in message.embeds[0].get("fields", []):
        if "Tip" in field["name"]:
            return field["value"]
    return None


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_tips_in_a_first_match_against_the_bot_and_turning_them_off(bingo) -> None:
    """alice's first match against the bot: her mulligan decision carries a tip and
    "Turn tips off"; the second decision of that kind has none; turning tips off redraws
    her panel without the tip, is stored, and her next match shows no tips."""
    alice = bingo.driver("alice")
    match_id = await play_the_bot(bingo, "alice")
    panel = await wait_prompt(bingo, alice, "Keep")
    assert _tip(panel) and "mulligan" in _tip(panel)
    assert "Turn tips off" in enabled_buttons(panel)

    # her first turn gets its own tip; then she turns tips off from it
    driver, panel = await play_out(
        bingo, match_id, players=("alice",), until=lambda labels: "Pass" in labels
    )
    assert _tip(panel) is not None and "place one land" in _tip(panel)
    await alice.click(panel, "Turn tips off")
    await bingo.emu.wait_for(
        lambda: _tip(bingo.emu.messages[panel.id]) is None, message="the panel without its tip"
    )
    current = bingo.emu.messages[panel.id]
    assert "Turn tips off" not in enabled_buttons(current)
    assert "Pass" in enabled_buttons(current)  # still her decision
    assert (await bingo.db.user_prefs(alice.user.id)).tips is False

    await play_out(bingo, match_id, players=("alice",))
    seen = alice.seen_text().count(TIP)
    again = await play_the_bot(bingo, "alice")
    await wait_prompt(bingo, alice, "Keep")
    assert again != match_id and alice.seen_text().count(TIP) == seen


@pytest.mark.parametrize("bot_env", [FAST_AI], indirect=True)
async def test_no_tips_after_a_first_match(bingo) -> None:
    """A member who already finished a match against the bot gets no tips."""
    alice = bingo.driver("alice")
    first = await play_the_bot(bingo, "alice")
    await play_out(bingo, first, players=("alice",))
    seen = alice.seen_text().count(TIP)
    assert seen > 0
    await play_the_bot(bingo, "alice")
    await wait_prompt(bingo, alice, "Keep")
    assert alice.seen_text().count(TIP) == seen
