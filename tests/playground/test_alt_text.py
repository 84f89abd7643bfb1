"""The page shows an attachment's alt text on the picture an embed displays, as Discord
does: the attachment's ``description`` ("Uploading Files": "description — for the
attachment", shown as alt text) also when the embed shows it (``attachment://``)."""

from __future__ import annotations

import io

from PIL import Image

from emulator.core import UploadedFile

ALT = "Chart of alice's chance to win over the match, turn by turn."


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (800, 540), (43, 45, 49)).save(buffer, format="PNG")
    return buffer.getvalue()


async def test_an_embeds_picture_carries_its_attachments_alt_text(open_tab, playground) -> None:
    alice = await open_tab("alice")
    emu = playground.emu
    channel = playground.web.channel
    body = {
        "embeds": [{"title": "Analysis", "image": {"url": "attachment://analysis.png"}}],
        "attachments": [{"id": 0, "filename": "analysis.png", "description": ALT}],
    }
    picture = UploadedFile("files[0]", "analysis.png", "image/png", _png())
    emu.create_message(channel, emu.bot_user, body, files=[picture])
    image = alice.page.locator(".embed-image img")
    await image.wait_for()
    assert await image.get_attribute("alt") == ALT
    # shown once: in the embed, not again below the message
    assert await alice.page.locator(".attachment-image img").count() == 0
