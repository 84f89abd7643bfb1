"""Helpers of the /mulligan practice and saved-deck tests (DMs, private answers, the
deck modal)."""

from __future__ import annotations

from .helpers import embed_title


def hand_message(bw, driver, private: bool = False, title: str = "Opening hand"):
    """The user's newest practice hand (DM, or ephemeral in the channel): the newest
    message whose embed title starts with ``title`` (the hand's title in its language)."""
    messages = driver.ephemerals(bw.channel) if private else driver.dm_messages()
    for message in reversed(messages):
        if embed_title(message).startswith(title):
            return message
    return None


def select_menu(message) -> dict:
    """The first select menu (component type 3) of ``message``, or ``{}``."""
    for row in message.components:
        for component in row.get("components", []):
            if component.get("type") == 3:
                return component
    return {}


def placeholder(message) -> str:
    """The placeholder of ``message``'s select menu (``""`` without one)."""
    return select_menu(message).get("placeholder", "")


def hand_count(message) -> int:
    """How many cards a practice hand's embed lists (its Lands and Spells fields)."""
    total = 0
    for name in ("Lands", "Spells"):
        for embed in message.embeds:
            for field in embed.get("fields", []):
                if field["name"].startswith(name) and field["value"] != "—":
                    total += sum(int(line.split("×")[0]) for line in field["value"].splitlines())
    return total


async def dealt(bw, name="alice", private=False, title="Opening hand", **options):
    """``/mulligan practice`` by ``name``: ``(their driver, the interaction, the new
    hand's message)``, the hand found by its embed ``title`` (see :func:`hand_message`)."""
    driver = bw.driver(name)
    before = hand_message(bw, driver, private, title)
    record = await driver.slash(bw.channel, "mulligan practice", private=private, **options)
    assert record.acknowledged
    message = await bw.emu.wait_for(
        lambda: (
            (m := hand_message(bw, driver, private, title)) is not None and m is not before and m
        ),
        message=f"a practice hand titled {title!r}",
    )
    return driver, record, message


async def deal(bw, name="alice", private=False, **options):
    """``/mulligan practice`` by ``name``: ``(their driver, the new hand's message)``."""
    driver, _, message = await dealt(bw, name, private, **options)
    return driver, message


async def answer(bingo, record):
    """The (private) answer of an interaction once it is no longer "thinking"."""
    assert record.acknowledged
    return await bingo.emu.wait_for(
        lambda: record.message and not record.message.loading and record.message,
        message="the answer",
    )


async def save_deck(bingo, name: str, text: str):
    """alice saves ``text`` as her deck ``name`` (``/mulligan deck save``, its modal):
    ``(her driver, the answer)``."""
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "mulligan deck save", name=name)
    assert record.modal is not None, "a modal for the decklist"
    field_id = record.modal["components"][0]["components"][0]["custom_id"]
    submitted = await alice.submit_modal(record, {field_id: text})
    return alice, await bingo.emu.wait_for(
        lambda: submitted.message and not submitted.message.loading and submitted.message
    )
