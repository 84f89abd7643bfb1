"""The public board carries a picture of the match, uploaded only when it changes, with
the picture in words as its alt text; the text embed stays."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from bot.ui.board_image import HEIGHT, WIDTH

from .helpers import board, play_out, start_match

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _board_versions(bingo, match_id: int):
    message = bingo.emu.messages[board(bingo, match_id).id]
    return message, message.versions


async def test_the_board_shows_a_picture_uploaded_only_when_it_changes(bingo) -> None:
    """Every version of a whole match's board has its text embed and alt text, and shows board.png
    through ``attachment://`` (resolved to the message's attachment, also after edits
    that upload nothing); a board whose picture did not change (mulligan declarations,
    "Show my hand" toggles, timers) is edited without a new upload. With
    ``WRITE_DOCS_BOARD=1`` the final picture is written to docs/board.png (full size)."""
    match_id = await start_match(bingo, seed=11)
    result = await play_out(bingo, match_id, pause=0.1)  # the board keeps up with people
    assert "wins" in result.content or "draw" in result.content
    await bingo.emu.settle()

    message, versions = _board_versions(bingo, match_id)
    ids = set()
    for version in versions:
        [attachment] = version.attachments
        assert attachment["filename"] == "board.png"
        alt = attachment["description"]  # alt text: the picture in words (board_alt_text)
        assert alt.startswith(f"BingoMagic match #{match_id} board.") and len(alt) <= 1024
        assert "Library:" in alt and ": territory " in alt
        [embed] = version.embeds
        assert embed["title"].startswith(f"BingoMagic #{match_id}")  # the text stays
        assert embed["image"]["url"] == attachment["url"]  # attachment://board.png resolved
        ids.add(attachment["id"])
    board_uploads = [a for a in bingo.emu.uploads if a["id"] in ids]
    assert len(board_uploads) == len(ids) <= len(bingo.emu.uploads)
    assert len(ids) < len(versions), "an unchanged board was uploaded again"
    assert len(ids) > 2, "the picture follows the match"

    png = bingo.emu.attachment_data[int(message.attachments[0]["id"])]
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    if os.environ.get("WRITE_DOCS_BOARD"):  # WRITE_DOCS_BOARD=1 pytest … refreshes it
        (DOCS / "board.png").write_bytes(png)


@pytest.mark.parametrize("bot_env", [{"BINGO_BOARD_EDIT_SECONDS": "1"}], indirect=True)
async def test_a_board_that_changes_faster_is_edited_once_a_second_and_ends_current(
    bingo,
) -> None:
    """``BINGO_BOARD_EDIT_SECONDS``: a match played at machine speed changes many times a
    second; its board is edited at most once a second meanwhile (the changes in between
    shown together), and the final board is not held back: it shows the result."""
    match_id = await start_match(bingo, seed=11)
    result = await play_out(bingo, match_id)
    await bingo.emu.settle()
    message, versions = _board_versions(bingo, match_id)
    clicks = len([r for r in bingo.emu.interactions.values() if r.description.startswith("click")])
    assert 2 <= len(versions) < clicks / 2, "the board followed every change"
    # At most one edit a second, the final one excepted: a bound on the count of edits
    # over the time they spanned, which a busy machine (later edits) cannot break, where
    # the gap between two edits that reach Discord can shrink when the first was delayed.
    span = (versions[-2].at - versions[0].at).total_seconds()
    assert len(versions) - 2 <= span / 1.0 + 1, (len(versions), span)
    final = versions[-1].embeds[0]
    assert final["description"].splitlines()[0] in result.content  # the result, not before
