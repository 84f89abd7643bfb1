"""The board picture at the sizes Discord shows it: 400 px wide on desktop, about 300 on a
phone. With UPDATE_SCREENSHOTS=1 the README's docs/board-400.png and docs/board-300.png
are taken again (else they stay in the test's tmp directory)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from bot.ui.board_image import DISPLAY_WIDTH, HEIGHT, PHONE_WIDTH, WIDTH
from tests.e2e.helpers import BotWorld, play_out, start_match

from .conftest import DESKTOP
from .helpers import world_of

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: A phone window whose message column shows an embed image about 300 px wide.
PHONE = {"width": 396, "height": 844}


async def test_the_board_picture_at_discords_desktop_and_phone_sizes(
    open_tab, playground, tmp_path
) -> None:
    """A finished match's board in its thread: its picture is loaded at its natural size
    (WIDTH x HEIGHT) and shown 400 px wide on a desktop window, about 300 on a phone's,
    the shape kept; each is screenshot at that size."""
    bw = BotWorld(playground.emu, world_of(playground), bot=None, db=None)
    match_id = await start_match(bw, "alice", "bob")
    await play_out(bw, match_id)

    for name, viewport, shown in (
        ("carol", DESKTOP, DISPLAY_WIDTH),
        ("alice", PHONE, PHONE_WIDTH),
    ):
        tab = await open_tab(name, viewport=viewport)
        if viewport is PHONE:
            await tab.page.click("#menu-toggle")
        await tab.show_thread()  # the board is in the match's thread
        picture = tab.page.locator(".embed-image img").last
        await picture.scroll_into_view_if_needed()
        await tab.page.wait_for_function(
            "i => i.complete && i.naturalWidth > 0", arg=await picture.element_handle()
        )
        natural_w, natural_h, width, height = await picture.evaluate(
            "i => [i.naturalWidth, i.naturalHeight, i.getBoundingClientRect().width,"
            " i.getBoundingClientRect().height]"
        )
        assert (natural_w, natural_h) == (WIDTH, HEIGHT)
        assert abs(width - shown) <= 12, (name, width)
        assert abs(height - width * HEIGHT / WIDTH) <= 1
        path = tmp_path / f"board-{shown}.png"
        await picture.screenshot(path=str(path))
        assert path.stat().st_size > 5_000
        if os.environ.get("UPDATE_SCREENSHOTS") == "1":
            shutil.copyfile(path, DOCS / f"board-{shown}.png")
