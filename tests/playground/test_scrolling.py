"""The page keeps the newest message in view, also when its picture loads after it is drawn."""

from __future__ import annotations

import io

from PIL import Image

from bot.playground.core import UploadedFile

from .helpers import at_bottom


def tall_png() -> bytes:
    """A picture far taller than the space a message takes before it loads."""
    buffer = io.BytesIO()
    Image.new("RGB", (400, 1200), (88, 101, 242)).save(buffer, format="PNG")
    return buffer.getvalue()


async def test_a_picture_loading_keeps_the_newest_message_in_view(open_tab, playground) -> None:
    alice = await open_tab("alice", viewport={"width": 390, "height": 844})
    emu = playground.emu
    channel = playground.web.channel  # type: ignore[union-attr]
    for n in range(30):  # enough to scroll
        emu.create_message(channel, emu.bot_user, {"content": f"line {n}"})
    await alice.wait_for(lambda m: m.text.endswith("line 29"), what="the last line")
    assert await at_bottom(alice)
    picture = UploadedFile("files[0]", "tall.png", "image/png", tall_png())
    body = {"content": "a picture", "attachments": [{"id": 0, "filename": "tall.png"}]}
    emu.create_message(channel, emu.bot_user, body, files=[picture])
    await alice.page.locator('.attachment-image img[src$="tall.png"]').wait_for()
    assert await at_bottom(alice)
