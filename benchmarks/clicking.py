"""The members' click loop shared by the emulator benchmarks (``benchmarks.load``,
``benchmarks.ladder``): each member clicks a random enabled button of their newest hand
panel, a random think time after it shows."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping

from emulator import Message
from emulator_driver import UserDriver

from .bot_matches import _buttons


async def click_panels(
    driver: UserDriver,
    panels: Mapping[int, Message],
    wake: asyncio.Event,
    done: asyncio.Event,
    rng: random.Random,
    think: tuple[float, float],
    note: Callable[[float, float], None],
) -> None:
    """Until ``done`` is set: each time ``wake`` is set (the listener saw a new panel of
    this member), wait ``think`` seconds (uniform between its two bounds; none when the
    upper bound is 0), then click one of the buttons of ``panels[driver.user.id]`` at
    random unless that panel, with those buttons, was clicked already. Each click
    acknowledged calls ``note(sent, acked)`` (``time.monotonic()`` seconds: when the click
    was sent, and when it was acknowledged)."""
    user_id = driver.user.id
    clicked: set[str] = set()
    while not done.is_set():
        await wake.wait()
        wake.clear()
        if think[1] > 0:
            await asyncio.sleep(rng.uniform(*think))
        message = panels.get(user_id)
        if message is None or message.deleted or not (labels := _buttons(message)):
            continue
        key = f"{message.id}:{message.components}"
        if key in clicked:
            continue
        clicked.add(key)
        try:
            record = await driver.click(message, rng.choice(labels))
        except LookupError:
            pass  # the panel changed between the look and the click: look again
        else:
            if record.ack_latency is not None:
                sent = record.created_monotonic
                note(sent, sent + record.ack_latency)
        wake.set()  # the panel may have moved on while this click was answered
