"""The picture of a match analysis in docs/analysis.md, taken from the playground.

    python -m benchmarks.analysis_screenshot [--out docs/analysis-playground.png] [--worlds 40]

Starts the playground (:class:`bot.playground.launcher.Playground`, its data in a temporary
directory), opens its page in Debian's Chromium (``/usr/bin/chromium``, ``CHROMIUM``
overrides it; never a download) as alice, who plays a match against the bot from her DM
(:func:`tests.e2e.helpers.simple_policy`), then asks ``/bingo analyse match:`` in #general
and screenshots its private answer (both players' accuracy, average loss and grade
counts, each player's key moments in words with their buttons, and the win-chance
chart) at a 1280x900 window, made 2000 px tall for the picture (the answer is taller
than 900 px, and the page scrolls its messages, not itself). ``--worlds`` sets
``BINGO_ANALYSIS_WORLDS`` (default the bot's :data:`~bot.ai.analysis.DEFAULT_WORLDS`, 40;
the whole run takes 10 to 30 s on 2 cores, the bot pausing 0.2 s before its moves). The
page is in English (the clicks read English labels). The match is not seeded, so each run
shows another match.
Prints the match id and the seconds taken. Not a test: nothing here is collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bot.ai.analysis import DEFAULT_WORLDS
from bot.playground.launcher import Playground
from tests.playground.conftest import CHROMIUM, CHROMIUM_ARGS, browser_missing, playground_options
from tests.playground.helpers import MemberTab, play_until

if TYPE_CHECKING:
    from playwright.async_api import Browser, ViewportSize

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "docs" / "analysis-playground.png"
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
#: The window while the answer is photographed: tall enough for all of it.
TALL: ViewportSize = {"width": 1280, "height": 2000}
#: The result line in #general: "… (BingoMagic #12, …)".
RESULT = re.compile(r"\(BingoMagic #(\d+),")


def finished_match(playground: Playground) -> int | None:
    """The id of the first match whose result is posted in #general, or None."""
    web = playground.web
    assert web is not None
    channel = playground.emu.channels[web.channel.id]
    for message in playground.emu.channel_messages(channel):
        found = RESULT.search(message.content)
        if found:
            return int(found.group(1))
    return None


async def take(out: Path, worlds: int) -> int:
    """Play, analyse and write the screenshot to ``out``; returns the match id.

    Raises RuntimeError when the browser is missing, AssertionError when the page does
    not show what is expected in time."""
    reason = browser_missing()
    if reason is not None:
        raise RuntimeError(reason)
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory() as data:
        options = playground_options(
            Path(data), BINGO_ANALYSIS_WORLDS=str(worlds), BINGO_BOT_PAUSE_SECONDS="0.2"
        )
        playground = Playground(options)
        await playground.start()
        try:
            await playground.wait_until_ready()
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
                )
                try:
                    return await _play_and_shoot(browser, playground, out)
                finally:
                    await browser.close()
        finally:
            if await playground.stop() != 0:
                print(f"the bot did not stop cleanly:\n{playground.log_tail()}", file=sys.stderr)


async def _play_and_shoot(browser: Browser, playground: Playground, out: Path) -> int:
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    page.set_default_timeout(20_000)
    alice = MemberTab(page, "alice")
    await alice.open(playground.url)
    await alice.slash("bingo challenge", opponent="@BingoMagic (bot)")
    await alice.show("dm")
    await play_until([alice], lambda: finished_match(playground) is not None, timeout=240)
    match_id = finished_match(playground)
    assert match_id is not None

    await alice.show("general")
    await alice.slash("bingo analyse", match=match_id)
    answer = await alice.wait_for(
        lambda m: m.ephemeral and m.title.startswith("Analysis of"),
        timeout=240,
        what="the analysis",
    )
    await page.set_viewport_size(TALL)
    message = page.locator(f'.message[data-id="{answer.id}"]')
    await message.locator("img").first.wait_for()
    await page.evaluate(
        """async (id) => {
          const m = document.querySelector(`.message[data-id="${id}"]`);
          await Promise.all([...m.querySelectorAll('img')].map((img) => img.complete
            ? null : new Promise((done) => img.addEventListener('load', done, { once: true }))));
          m.scrollIntoView({ block: 'end' });
        }""",
        answer.id,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    await message.screenshot(path=str(out))
    return match_id


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    match_id = asyncio.run(take(args.out, args.worlds))
    elapsed = time.perf_counter() - start
    print(f"match #{match_id} analysed with {args.worlds} worlds: {args.out} ({elapsed:.1f} s)")


if __name__ == "__main__":
    main()
