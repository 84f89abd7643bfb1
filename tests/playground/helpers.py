"""Acting as a member in the playground's page, the way a person does: typing and clicking."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.playground.launcher import Playground
from tests.e2e.helpers import simple_policy
from tests.emulator.fixtures import World

if TYPE_CHECKING:
    from playwright.async_api import Page

#: Reads the messages of the channel on screen: id, author, text, embed title, buttons.
READ_MESSAGES = """() => [...document.querySelectorAll('#messages .message')].map(m => ({
  id: m.dataset.id,
  author: m.dataset.author,
  text: m.innerText,
  title: (m.querySelector('.embed-title') || {}).innerText || '',
  ephemeral: m.classList.contains('ephemeral'),
  buttons: [...m.querySelectorAll('button.component-button')].map(b => ({
    label: ((b.querySelector('.btn-label') || b).innerText || '').trim(),
    disabled: b.disabled,
    customId: b.dataset.customId,
  })),
}))"""


@dataclass
class Shown:
    """A message as the page shows it."""

    id: str
    author: str
    text: str
    title: str
    ephemeral: bool
    buttons: list[dict[str, Any]]

    @property
    def enabled(self) -> list[str]:
        """Labels of the enabled buttons."""
        return [b["label"] for b in self.buttons if not b["disabled"]]

    @property
    def decisions(self) -> list[str]:
        """Labels of the enabled buttons but the replay's (an end panel's "Replay" button,
        ``bingo:rp:…``, asks no decision)."""
        return [
            b["label"]
            for b in self.buttons
            if not b["disabled"] and not (b["customId"] or "").startswith("bingo:rp:")
        ]

    @property
    def controls(self) -> tuple[str, ...]:
        """The buttons' custom ids (they change with every new decision)."""
        return tuple(b["customId"] for b in self.buttons)


class MemberTab:
    """One browser tab of the page, acting as ``name``."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        #: What a hand panel's title holds (the bot's text in this member's language).
        self.hand_title = "'s hand"

    async def open(self, base_url: str, locale: str | None = None) -> None:
        """Load the page as this member and wait until the bot shows as online."""
        from playwright.async_api import expect

        url = f"{base_url}?member={self.name}"
        if locale:
            url += f"&locale={locale}"
        await self.page.goto(url)
        await expect(self.page.locator(".bot-status.online")).to_be_visible(timeout=20_000)

    async def show(self, channel: str) -> None:
        """Open ``"general"`` or ``"dm"`` (this member's DM with the bot)."""
        if channel == "dm":
            await self.page.click('.channel[data-kind="dm"]')
        else:
            await self.page.click(f'.channel[data-name="{channel}"]')

    async def show_thread(self, prefix: str = "BingoMagic #", timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Open the newest thread whose name starts with ``prefix`` from the sidebar (it
        may take a moment to appear there)."""
        threads = self.page.locator(".channel.thread").filter(
            has=self.page.locator(".name", has_text=re.compile(f"^{re.escape(prefix)}"))
        )
        await threads.last.wait_for(timeout=timeout * 1000)
        await threads.last.click()

    async def slash(self, command: str, **options: Any) -> None:
        """Type ``/command``, pick it from the list, fill the options in, and send it.

        Values of choice, boolean and member options are the labels the page shows
        (``"@bob"``, ``"True"``, ``"London (2019)"``); others are typed.
        """
        page = self.page
        await page.fill("#text-input", f"/{command}")
        await page.click(f'.popup-item[data-command="{command}"]')
        for name, value in options.items():
            field = page.locator(f'#option-fields [data-option="{name}"]')
            if await field.count() == 0:
                await page.click(f'[data-add-option="{name}"]')
            if await field.evaluate("e => e.tagName") == "SELECT":
                await field.select_option(label=str(value))
            else:
                await field.fill(str(value))
        await page.click("#send-button")

    async def messages(self) -> list[Shown]:
        """The messages of the channel on screen, oldest first."""
        return [Shown(**m) for m in await self.page.evaluate(READ_MESSAGES)]

    async def wait_for(
        self,
        predicate: Callable[[Shown], bool],
        timeout: float = 10.0,  # noqa: ASYNC109
        what: str = "a message",
    ) -> Shown:
        """The newest message on screen matching ``predicate`` (polls; AssertionError)."""
        deadline = time.monotonic() + timeout
        while True:
            for message in reversed(await self.messages()):
                if predicate(message):
                    return message
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no {what} within {timeout:.0f} s")
            await asyncio.sleep(0.05)

    async def click(self, message: Shown, label: str) -> None:
        """Click the button ``label`` of ``message``."""
        buttons = self.page.locator(f'.message[data-id="{message.id}"] button.component-button')
        exact = self.page.locator(".btn-label", has_text=re.compile(f"^{re.escape(label)}$"))
        await buttons.filter(has=exact).first.click()

    async def panel(self) -> Shown | None:
        """The newest hand panel offering a decision on screen, or None."""
        for message in reversed(await self.messages()):
            if self.hand_title in message.title and message.decisions:
                return message
        return None


async def play_until(
    tabs: list[MemberTab],
    done: Callable[[], bool],
    *,
    policy: Callable[[list[str]], str] = simple_policy,
    max_clicks: int = 400,
    stop_after: int | None = None,
    timeout: float = 150.0,  # noqa: ASYNC109
) -> int:
    """Each member (on their DM) clicks what ``policy`` picks on each new panel until
    ``done()`` (or ``stop_after`` clicks); returns the number of clicks.

    Raises AssertionError after ``max_clicks`` clicks or ``timeout`` seconds."""
    tried: set[tuple[str, tuple[str, ...]]] = set()
    clicks = 0
    deadline = time.monotonic() + timeout
    while not done() and (stop_after is None or clicks < stop_after):
        if clicks >= max_clicks or time.monotonic() > deadline:
            raise AssertionError(f"not finished after {clicks} clicks")
        progressed = False
        for tab in tabs:
            panel = await tab.panel()
            if panel is None or (panel.id, panel.controls) in tried:
                continue
            tried.add((panel.id, panel.controls))
            await tab.click(panel, policy(panel.enabled))
            clicks += 1
            progressed = True
            if stop_after is not None and clicks >= stop_after:
                break
        if not progressed:
            await asyncio.sleep(0.05)
    return clicks


async def at_bottom(tab: MemberTab) -> bool:
    """Whether the messages are scrolled to the end once every image has loaded."""
    return await tab.page.evaluate(
        """async () => {
          const box = document.getElementById('messages');
          await Promise.all([...box.querySelectorAll('img')].map((img) => img.complete
            ? null : new Promise((done) => img.addEventListener('load', done, { once: true }))));
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          return box.scrollHeight - box.scrollTop - box.clientHeight < 2;
        }"""
    )


def world_of(playground: Playground) -> World:
    """The playground's server as the e2e helpers know it."""
    web = playground.web
    assert web is not None
    return World(playground.emu, web.guild, web.channel, dict(playground.members))
