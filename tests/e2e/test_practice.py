"""/mulligan practice through the emulator: every rule's whole flow, DMs closed, stats."""

from __future__ import annotations

import pytest

from bot.engine import MulliganRule
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState

from .helpers import embed_field, embed_title, enabled_buttons


def hand_message(bw, driver, private: bool = False):
    """The user's newest practice hand (DM, or ephemeral in the channel)."""
    messages = driver.ephemerals(bw.channel) if private else driver.dm_messages()
    for message in reversed(messages):
        if embed_title(message).startswith("Opening hand"):
            return message
    return None


def hand_count(message) -> int:
    total = 0
    for name in ("Lands", "Spells"):
        for embed in message.embeds:
            for field in embed.get("fields", []):
                if field["name"].startswith(name) and field["value"] != "—":
                    total += sum(int(line.split("×")[0]) for line in field["value"].splitlines())
    return total


def description(message) -> str:
    return message.embeds[0].get("description", "")


def select_options(message) -> list[dict]:
    for row in message.components:
        for component in row.get("components", []):
            if component.get("type") == 3:
                return component.get("options", [])
    return []


async def deal(bw, name="alice", private=False, **options):
    driver = bw.driver(name)
    before = hand_message(bw, driver, private)
    record = await driver.slash(bw.channel, "mulligan practice", private=private, **options)
    assert record.acknowledged
    message = await bw.emu.wait_for(
        lambda: (m := hand_message(bw, driver, private)) is not None and m is not before and m,
        message="a practice hand",
    )
    return driver, message


async def refresh(bw, message):
    return bw.emu.messages[message.id]


def assert_coached(message, rule: MulliganRule) -> None:
    text = description(message)
    assert "**Coach.**" in text and "land drop through turn 4" in text
    assert "Your next draws:" in text
    assert ("standard London policy" in text) == (rule is MulliganRule.LONDON)
    assert enabled_buttons(message) == ["Practice again"]


async def test_london_flow_with_bottom_select_and_practice_again(bingo) -> None:
    """London: mulligan, keep, bottom exactly one card by select, coach, practice again."""
    alice, message = await deal(bingo)
    assert enabled_buttons(message) == ["Keep", "Mulligan"]
    assert "The next mulligan gives you 6 cards" in description(message)
    assert hand_count(message) == 7
    await alice.click(message, "Mulligan")
    message = await refresh(bingo, message)
    assert hand_count(message) == 7 and "gives you 5 cards" in description(message)
    await alice.click(message, "Keep")
    message = await refresh(bingo, message)
    options = select_options(message)
    assert len(options) == 7, "one option per copy in hand"
    await alice.select(message, [options[0]["value"]])
    message = await refresh(bingo, message)
    assert hand_count(message) == 6
    assert_coached(message, MulliganRule.LONDON)
    await alice.click(message, "Practice again")
    again = await bingo.emu.wait_for(
        lambda: (m := hand_message(bingo, alice)) is not None and m.id != message.id and m
    )
    assert enabled_buttons(again) == ["Keep", "Mulligan"]


async def test_vancouver_flow_with_scry(bingo) -> None:
    """Vancouver: a mulligan to 6, keep, then Top/Bottom for the scry, then the coach."""
    alice, message = await deal(bingo, rule="vancouver")
    await alice.click(message, "Mulligan")
    message = await refresh(bingo, message)
    assert hand_count(message) == 6
    await alice.click(message, "Keep")
    message = await refresh(bingo, message)
    assert enabled_buttons(message) == ["Top", "Bottom"]
    assert "The top card of your library is" in description(message)
    await alice.click(message, "Bottom")
    assert_coached(await refresh(bingo, message), MulliganRule.VANCOUVER)


async def test_paris_flow(bingo) -> None:
    """Paris: two mulligans give 5 cards; keeping shows the coach without a London comparison."""
    alice, message = await deal(bingo, rule="paris")
    for expected in (6, 5):
        await alice.click(message, "Mulligan")
        message = await refresh(bingo, message)
        assert hand_count(message) == expected
    await alice.click(message, "Keep")
    assert_coached(await refresh(bingo, message), MulliganRule.PARIS)


async def test_partial_paris_flow_with_set_aside_select(bingo) -> None:
    """Partial Paris: set two cards aside by select, draw one, keep."""
    alice, message = await deal(bingo, rule="partial_paris")
    await alice.click(message, "Mulligan")
    message = await refresh(bingo, message)
    options = select_options(message)
    assert len(options) == 7
    await alice.select(message, [options[0]["value"], options[1]["value"]])
    message = await refresh(bingo, message)
    assert hand_count(message) == 6
    await alice.click(message, "Keep")
    assert_coached(await refresh(bingo, message), MulliganRule.PARTIAL_PARIS)


def _seed_1994(qualifies: bool) -> int:
    for seed in range(5000):
        state, _ = PracticeState.new(
            seed, PRESETS["constructed"], PracticeOptions(MulliganRule.EARLY_1994)
        )
        if ("mulligan" in state.legal_actions()) == qualifies:
            return seed
    raise AssertionError("no seed")


@pytest.mark.parametrize("qualifies", [True, False])
async def test_1994_mulligan_only_when_the_hand_qualifies(bingo, qualifies: bool) -> None:
    """1994: Mulligan is offered only for a hand of all lands or no lands."""
    bingo.bot.get_cog("Mulligan").service.seed_factory = lambda: _seed_1994(qualifies)
    alice, message = await deal(bingo, rule="early_1994")
    if not qualifies:
        assert enabled_buttons(message) == ["Keep"]
    else:
        assert enabled_buttons(message) == ["Keep", "Mulligan"]
        await alice.click(message, "Mulligan")
        message = await refresh(bingo, message)
        assert hand_count(message) == 7 and enabled_buttons(message) == ["Keep"]
    await alice.click(message, "Keep")
    assert_coached(await refresh(bingo, message), MulliganRule.EARLY_1994)


async def test_closed_dms_get_the_hand_ephemerally(bingo) -> None:
    """With DMs closed the hand comes ephemerally, and its whole flow works there."""
    bingo.emu.set_dms_closed(bingo.world.user("alice"))
    alice = bingo.driver("alice")
    await alice.slash(bingo.channel, "mulligan practice")
    message = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    assert "DMs are closed" in message.text
    await alice.click(message, "Keep")
    assert_coached(await refresh(bingo, message), MulliganRule.LONDON)
    assert "Opening hand" not in bingo.driver("bob").seen_text()


async def test_bingomagic_deck_deals_five(bingo) -> None:
    """The BingoMagic deck deals 5-card hands of basic lands."""
    alice, message = await deal(bingo, deck="bingomagic", private=True)
    assert hand_count(message) == 5
    assert embed_field(message, "Spells (0)") == "—"


async def test_stats_and_practice_leaderboard(bingo) -> None:
    """Twenty kept hands put a player on the practice leaderboard with their agreement rate."""
    alice = bingo.driver("alice")
    for _ in range(20):
        _, message = await deal(bingo, private=True)
        await alice.click(message, "Keep")
    await alice.slash(bingo.channel, "mulligan stats")
    stats = await alice.wait_for_message(
        bingo.channel, lambda m: embed_title(m).startswith("Mulligan practice —")
    )
    assert embed_field(stats, "Hands seen") == "20"
    assert embed_field(stats, "Mulligans taken") == "0"
    assert embed_field(stats, "Kept hand sizes") == "7: 20"
    await alice.slash(bingo.channel, "mulligan leaderboard")
    board = await alice.wait_for_message(
        bingo.channel, lambda m: embed_title(m) == "Mulligan practice leaderboard"
    )
    assert board.embeds[0]["description"].startswith(f"**1.** <@{bingo.world.user('alice').id}>")
