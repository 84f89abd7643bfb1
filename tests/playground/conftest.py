"""Browser tests of the playground: Playwright driving Debian's Chromium (never a download).

The browser is ``/usr/bin/chromium`` (``CHROMIUM`` overrides it). Without it, or without the
``playwright`` package, the browser tests are skipped, except with ``CI=true``, where that is a
failure. A failing test saves a screenshot of each of its tabs in its pytest tmp directory.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.playground.launcher import Playground, PlaygroundOptions
from tests.e2e.helpers import NO_SCRYFALL

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember each phase's report on the test item, for the screenshot on failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    """A headless Chromium (skipped when missing, failed when missing and CI=true)."""
    reason = browser_missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run: {reason}")
        pytest.skip(reason)
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            await chromium.close()


def playground_options(data_dir: Path, **bot_env: str) -> PlaygroundOptions:
    """A playground on a free port, with its own data, never reaching the real Scryfall.
    The bot waits 0.2 s before its moves (1.5 s by default, for people reading along)."""
    return PlaygroundOptions(
        port=0,
        data_dir=data_dir,
        fresh=True,
        scryfall_api_base=NO_SCRYFALL,
        bot_env={
            "DISCORD_OUTBOUND_PER_SECOND": "45",
            "BINGO_BOT_PAUSE_SECONDS": "0.2",
            **bot_env,
        },
    )


@pytest_asyncio.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    """The playground (emulator and page in-process, the bot as its own process), ready."""
    pg = Playground(playground_options(tmp_path / "playground"))
    await pg.start()
    try:
        await pg.wait_until_ready()
        yield pg
    finally:
        status = await pg.stop()
    assert status == 0, pg.log_tail()
    pg.emu.assert_no_problems()


OpenTab = Callable[..., Awaitable[Any]]


@pytest_asyncio.fixture
async def open_tab(
    browser: Any, playground: Playground, request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[OpenTab]:
    """``await open_tab("alice")``: a new browser tab with the page, as that member."""
    from tests.playground.helpers import MemberTab

    tabs: list[MemberTab] = []
    errors: list[str] = []

    async def open_(
        name: str, *, viewport: dict[str, int] | None = None, locale: str | None = None
    ):
        context = await browser.new_context(viewport=viewport or DESKTOP)
        page = await context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda exc: errors.append(f"{name}: {exc}"))
        tab = MemberTab(page, name)
        tabs.append(tab)
        await tab.open(playground.url, locale=locale)
        return tab

    yield open_
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        for tab in tabs:
            path = tmp_path / f"screenshot-{tab.name}.png"
            try:
                await tab.page.screenshot(path=str(path), full_page=True)
                print(f"screenshot of {tab.name}'s tab: {path}")
            except Exception as exc:  # the page may be gone; the failure itself matters more
                print(f"no screenshot of {tab.name}'s tab: {exc}")
    for tab in tabs:
        await tab.page.context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
