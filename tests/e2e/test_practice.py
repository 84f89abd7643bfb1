"""/mulligan practice through the emulator: every rule's whole flow, DMs closed, stats."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from bot import limits
from bot.ai.coach import land_advice, mulligan_advice
from bot.engine import MulliganRule, odds
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from cogs.mulligan import _service as service_module
from cogs.mulligan._render import percent
from cogs.mulligan._service import bingo_coach_text
from cogs.mulligan._views import AgainButton, practice_view

from .helpers import embed_field, embed_title, enabled_buttons, eventually
from .practice_helpers import deal, hand_count, hand_message, placeholder, select_menu


def description(message) -> str:
    return message.embeds[0].get("description", "")


def select_options(message) -> list[dict]:
    return select_menu(message).get("options", [])


async def refresh(bw, message):
    return bw.emu.messages[message.id]


def lands_shown(message) -> int:
    """The lands of the hand a practice embed shows (its "Lands (N)" field)."""
    for field in message.embeds[0].get("fields", []):
        if field["name"].startswith("Lands ("):
            return int(field["name"][len("Lands (") : -1])
    raise AssertionError("no Lands field")


def lands_words(lands: int) -> str:
    return "no land" if lands == 0 else f"{lands} land{'' if lands == 1 else 's'}"


async def stored(bw, message) -> PracticeState:
    """The deal behind a practice hand, as the database holds it."""
    session_id = int(custom_ids_of(message)[0].split(":")[2])
    record = await bw.db.get_practice(session_id)
    assert record is not None
    return PracticeState.from_json(record.state)


async def assert_coached(bw, message, rule: MulliganRule, rated: bool = True) -> None:
    """The kept hand's coach: its figure, and for a rated keep what decides it (the
    kept hand and its lands, the exact figure from the stored deal on the play or the
    draw as dealt, what a mulligan instead gives up), the mulligan's figure and one
    verdict; a keep the rule cannot rate says why."""
    text = description(message)
    assert "**Coach.**" in text and "land drop through turn 4" in text
    assert "Your next draws:" in text
    assert enabled_buttons(message) == ["Practice again"]
    state = await stored(bw, message)
    advice = land_advice(state)
    assert advice.keep is not None and f"**{percent(advice.keep)}**" in text
    play = "on the play" if state.options.on_the_play else "on the draw"
    cards, lands = hand_count(message), lands_shown(message)
    assert (sum(state.hand), state.hand_lands()) == (cards, lands)
    if not rated:
        assert "**What decides it:**" not in text and advice.instead is None
        assert "so this keep is not rated" in text
        return
    verdict, decides = text.splitlines()[:2]
    assert verdict in ("**Coach.** ✅ Keeping was the better choice.",
                       "**Coach.** ✅ Keeping was exactly as good as a mulligan.",
                       "**Coach.** ❌ A mulligan would have done better.")  # fmt: skip
    assert decides.startswith("**What decides it:** keeping these ")
    assert f"{cards} cards ({lands_words(lands)})" in decides
    assert f"every land drop through turn 4 {play} **{percent(advice.keep)}**" in decides
    mulligan = "sets aside" if rule is MulliganRule.PARTIAL_PARIS else "gives up"
    assert f"a mulligan to {advice.mulligan_to} " in decides and mulligan in decides
    assert advice.instead is not None and text.splitlines()[2] == (
        "Mulliganing instead (then keeping as the coach does: 7 cards with 2–5 lands, 6 or 5 "
        f"with 2–4, any 4 or fewer): **{percent(advice.instead)}**."
    )
    assert sum(mark in text for mark in ("✅", "❌")) == 1, "one verdict"
    assert ("and scrying 1" in decides) is (rule is MulliganRule.VANCOUVER and cards < 7)


async def assert_mulligan_coached(bw, message, before: int, given: str = "gave up") -> None:
    """After a mulligan, above the next hand's prompt: the hand given up (``before``
    lands), the exact figures of keeping it and of the mulligan taken, the verdict."""
    text = description(message)
    state = await stored(bw, message)
    advice = mulligan_advice(state)
    assert advice is not None and advice.keep is not None and advice.instead is not None
    note, prompt = text.split("\n\n")
    verdict = {
        "mulligan-better": "✅ The mulligan was the better choice.",
        "tie": "✅ The mulligan was exactly as good as keeping.",
        "keep-better": "❌ Keeping would have done better.",
    }[advice.comparison or ""]
    assert note.startswith(
        f"**Coach, on your mulligan:** {verdict} Kept"
    )  # fmt: skip
    assert f" those {advice.cards} cards (" in note
    assert f"({lands_words(before)})" in note and advice.lands == before
    assert f"**{percent(advice.keep)}**" in note and f"**{percent(advice.instead)}**" in note
    assert f"mulligan to {advice.mulligan_to} " in note and given in note
    assert sum(mark in note for mark in ("✅", "❌")) == 1, "one verdict on the mulligan"
    assert prompt.startswith("**"), "the prompt stays below, in bold"


async def test_london_flow_with_bottom_select_and_practice_again(bingo) -> None:
    """London: mulligan, keep, bottom exactly one card by select, coach, practice again."""
    alice, message = await deal(bingo)
    assert enabled_buttons(message) == ["Keep", "Mulligan"]
    assert "The next mulligan gives you 6 cards" in description(message)
    assert "on your mulligan" not in description(message), "no mulligan to judge yet"
    assert hand_count(message) == 7
    lands = lands_shown(message)
    await alice.click(message, "Mulligan")
    message = await refresh(bingo, message)
    assert hand_count(message) == 7 and "gives you 5 cards" in description(message)
    await assert_mulligan_coached(bingo, message, lands)
    await alice.click(message, "Keep")
    message = await refresh(bingo, message)
    options = select_options(message)
    assert len(options) == 7, "one option per copy in hand"
    assert "**Choose 1 card to put on the bottom**" in description(message), "not card(s)"
    assert placeholder(message) == "Choose 1 card for the bottom"
    await alice.select(message, [options[0]["value"]])
    message = await refresh(bingo, message)
    assert hand_count(message) == 6
    await assert_coached(bingo, message, MulliganRule.LONDON)
    assert "a mulligan to 5 costs a card and gives up" in description(message)
    await alice.click(message, "Practice again")
    again = await bingo.emu.wait_for(
        lambda: (m := hand_message(bingo, alice)) is not None and m.id != message.id and m
    )
    assert enabled_buttons(again) == ["Keep", "Mulligan"]


async def test_vancouver_flow_with_scry(bingo) -> None:
    """Vancouver: a mulligan to 6, keep, then Top/Bottom for the scry, then the coach."""
    alice, message = await deal(bingo, rule="vancouver")
    lands = lands_shown(message)
    await alice.click(message, "Mulligan")
    message = await refresh(bingo, message)
    assert hand_count(message) == 6
    await assert_mulligan_coached(bingo, message, lands)
    await alice.click(message, "Keep")
    message = await refresh(bingo, message)
    assert enabled_buttons(message) == ["Top", "Bottom"]
    assert "The top card of your library is" in description(message)
    await alice.click(message, "Bottom")
    await assert_coached(bingo, await refresh(bingo, message), MulliganRule.VANCOUVER)


async def test_slow_coach_words_acknowledge_the_click_first(bingo, monkeypatch) -> None:
    """When the coach's figures take longer than the budget, the click is acknowledged
    at once and the hand edited when they are ready: nothing is lost."""
    monkeypatch.setattr(service_module, "WORDS_BUDGET", 0.0)
    alice, message = await deal(bingo, rule="paris", private=True)
    lands = lands_shown(message)
    record = await alice.click(message, "Mulligan")
    assert record.acknowledged
    message = await bingo.emu.wait_for(
        lambda: "on your mulligan" in description(m := bingo.emu.messages[message.id]) and m,
        message="the coach on the mulligan",
    )
    await assert_mulligan_coached(bingo, message, lands)
    await alice.click(message, "Keep")
    message = await bingo.emu.wait_for(
        lambda: "**Coach.**" in description(m := bingo.emu.messages[message.id]) and m,
        message="the coach on the keep",
    )
    await assert_coached(bingo, message, MulliganRule.PARIS)


async def test_paris_flow(bingo) -> None:
    """Paris: two mulligans give 5 cards, each judged above the next hand; keeping
    shows the coach, rated against a Paris mulligan."""
    alice, message = await deal(bingo, rule="paris")
    for expected in (6, 5):
        lands = lands_shown(message)
        await alice.click(message, "Mulligan")
        message = await refresh(bingo, message)
        assert hand_count(message) == expected
        await assert_mulligan_coached(bingo, message, lands)
    await alice.click(message, "Keep")
    await assert_coached(bingo, await refresh(bingo, message), MulliganRule.PARIS)


async def test_partial_paris_flow_with_set_aside_select(bingo) -> None:
    """Partial Paris: set two cards aside by select, draw one, keep."""
    alice, message = await deal(bingo, rule="partial_paris")
    lands = lands_shown(message)
    await alice.click(message, "Mulligan")
    message = await refresh(bingo, message)
    assert "on your mulligan" not in description(message), "judged once the cards are chosen"
    options = select_options(message)
    assert len(options) == 7
    await alice.select(message, [options[0]["value"], options[1]["value"]])
    message = await refresh(bingo, message)
    assert hand_count(message) == 6
    await assert_mulligan_coached(bingo, message, lands, given="set aside")
    await alice.click(message, "Keep")
    await assert_coached(bingo, await refresh(bingo, message), MulliganRule.PARTIAL_PARIS)


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
        lands = lands_shown(message)
        await alice.click(message, "Mulligan")
        message = await refresh(bingo, message)
        assert hand_count(message) == 7 and enabled_buttons(message) == ["Keep"]
        await assert_mulligan_coached(bingo, message, lands, "free mulligan to 7 gave up")
    await alice.click(message, "Keep")
    # The hand after the 1994 mulligan, or one of both lands and spells: no mulligan left.
    await assert_coached(bingo, await refresh(bingo, message), MulliganRule.EARLY_1994, False)


async def test_closed_dms_get_the_hand_ephemerally(bingo) -> None:
    """With DMs closed the hand comes ephemerally, and its whole flow works there."""
    bingo.emu.set_dms_closed(bingo.world.user("alice"))
    alice = bingo.driver("alice")
    await alice.slash(bingo.channel, "mulligan practice")
    message = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    assert "DMs are closed" in message.text
    await alice.click(message, "Keep")
    await assert_coached(bingo, await refresh(bingo, message), MulliganRule.LONDON)
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


# -- coach figures and inputs users met --------------------------------------------------


def _service(bw):
    return bw.bot.get_cog("Mulligan").service


async def test_a_forced_keep_of_nothing_counts_the_whole_hand_as_bottomed(bingo) -> None:
    """Seed 2, Constructed on the draw, 7 London mulligans: the coach's figure
    comes from the 53 cards (23 lands) above the bottomed hand, not from all 60."""
    _service(bingo).seed_factory = lambda: 2
    alice, message = await deal(bingo, on_the_play=False, private=True)
    for _ in range(7):
        await alice.click(message, "Mulligan")
        message = await refresh(bingo, message)
    text = description(message)
    right = odds.land_drops_for_hand(53, 23, 0, 4, on_the_play=False)
    wrong = odds.land_drops_for_hand(60, 24, 0, 4, on_the_play=False)
    assert "Keeping these 0 cards" in text and f"**{percent(right)}**" in text
    assert percent(wrong) not in text


async def test_a_click_of_an_old_panel_is_refused_privately_and_changes_nothing(bingo) -> None:
    """A Keep drawn before a mulligan (both clicked at once, or the first panel kept
    open) is refused as no longer current: the mulligan stands, applied once."""
    alice, message = await deal(bingo, private=True)
    before = alice.look(message)  # the panel as a client that missed the edit shows it
    first = await alice.click(message, "Mulligan")
    assert first.acknowledged
    shown = await refresh(bingo, message)
    assert hand_count(shown) == 7 and "Keep" in enabled_buttons(shown)
    record = await alice.click(before, "Keep")
    assert record.acknowledged and record.message.ephemeral
    assert "no longer current" in record.message.text
    assert bingo.emu.messages[message.id].embeds == shown.embeds, "nothing changed"
    session_id = int(custom_ids_of(shown)[0].split(":")[2])
    stored = await bingo.db.get_practice(session_id)
    assert stored is not None and PracticeState.from_json(stored.state).mulligans_taken == 1


async def test_expired_deals_are_deleted_and_their_buttons_say_so(bingo) -> None:
    """Deals untouched for PRACTICE_RETENTION_DAYS, finished or abandoned, are deleted
    when the cog starts (and every few hours); their buttons then answer privately."""
    service = _service(bingo)
    cog = bingo.bot.get_cog("Mulligan")
    assert cog.cleanup.is_running()
    alice, abandoned = await deal(bingo, private=True)
    _, finished = await deal(bingo, private=True)
    await alice.click(finished, "Keep")
    _, recent = await deal(bingo, private=True)
    long_ago = time.time() - limits.PRACTICE_RETENTION_DAYS * 24 * 3600 - 60
    old_ids = []
    for message in (abandoned, finished):
        session_id = int(custom_ids_of(bingo.emu.messages[message.id])[0].split(":")[2])
        record = await bingo.db.get_practice(session_id)
        await bingo.db.save_practice_cas(
            session_id, record.version, state=record.state, version=record.version, now=long_ago
        )
        old_ids.append(session_id)
    await bingo.bot.reload_extension("cogs.mulligan")  # start-up runs the clean-up
    for _ in range(100):
        if all([await bingo.db.get_practice(i) is None for i in old_ids]):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the expired deals were not deleted at start-up")
    for message in (abandoned, bingo.emu.messages[finished.id]):
        label = enabled_buttons(bingo.emu.messages[message.id])[0]
        record = await alice.click(bingo.emu.messages[message.id], label)
        assert record.acknowledged and record.message.ephemeral
        assert "deals are kept" in record.message.text
    assert "Something went wrong" not in alice.seen_text()
    await alice.click(recent, "Keep")  # the recent deal still works
    assert "**Coach.**" in description(bingo.emu.messages[recent.id])
    assert service is not _service(bingo)


async def test_practice_again_never_deals_1994_with_the_bingomagic_deck(bingo) -> None:
    """A stored 1994 deal of the BingoMagic deck (made before the check) offers no
    "Practice again", and its old button is refused privately with no new deal."""
    state, _ = PracticeState.new(5, PRESETS["bingomagic"], PracticeOptions())
    state.apply("keep")
    data = state.to_json()
    data["options"]["rule"] = MulliganRule.EARLY_1994.value
    alice_id = bingo.world.user("alice").id
    session_id = await bingo.db.create_practice(0, alice_id, data, state.version, time.time())
    legacy = PracticeState.from_json(data)
    assert not practice_view(session_id, legacy).children, "nothing to offer"
    view = discord.ui.View(timeout=None)
    view.add_item(AgainButton(session_id))
    user = await bingo.bot.fetch_user(alice_id)
    await user.send("An old hand", view=view)
    alice = bingo.driver("alice")
    old = await alice.wait_for_message(None, lambda m: m.content == "An old hand")
    record = await alice.click(old, "Practice again")
    assert record.acknowledged and record.message.ephemeral
    assert "1994 mulligan is for Magic decks" in record.message.text
    assert hand_message(bingo, alice) is None, "no hand was dealt"


async def test_asking_for_1994_with_the_bingomagic_deck_is_refused_privately(bingo) -> None:
    alice = bingo.driver("alice")
    record = await alice.slash(
        bingo.channel, "mulligan practice", deck="bingomagic", rule="early_1994"
    )
    assert record.message.ephemeral and "1994 mulligan is for Magic decks" in record.message.text
    assert hand_message(bingo, alice) is None


def custom_ids_of(message) -> list[str]:
    return [c.get("custom_id", "") for row in message.components for c in row["components"]]


# -- the BingoMagic coach; practice DMs through the outbox ------------------------------


async def test_bingomagic_keep_shows_the_win_chance_with_interval_and_verdict(bingo) -> None:
    """A kept BingoMagic hand first shows "Estimating…", then the chance of winning a
    match (95 % interval) against a mulligan, with a verdict; the figure is the one the
    deal's seed gives, and the keep is rated in the stats."""
    service = _service(bingo)
    service.seed_factory = lambda: 7
    service.coach_games = 40
    alice, message = await deal(bingo, deck="bingomagic", private=True)
    record = await alice.click(message, "Keep")
    assert record.acknowledged
    done = await bingo.emu.wait_for(
        lambda: "you win a BingoMagic" in description(m := bingo.emu.messages[message.id]) and m,
        message="the coach's estimate",
    )
    text = description(done)
    assert "land drop" not in text
    assert "you win a BingoMagic match" in text and "95% interval" in text
    assert "Mulliganing instead to 4 cards" in text
    assert sum(mark in text for mark in ("✅", "❌", "⚖️")) == 1, "one verdict"
    assert "Your next draws:" in text
    assert enabled_buttons(done) == ["Practice again"]
    shown = [v.embeds[0].get("description", "") for v in done.versions if v.embeds]
    assert any(d.startswith("**Coach.** Estimating") for d in shown), "progress shown first"
    state, _ = PracticeState.new(7, PRESETS["bingomagic"], PracticeOptions())
    state.apply("keep")
    assert text == bingo_coach_text(state, 40)[0], "seeded from the deal"
    agreed = bingo_coach_text(state, 40)[1]
    await alice.slash(bingo.channel, "mulligan stats")
    stats = await alice.wait_for_message(
        bingo.channel, lambda m: embed_title(m).startswith("Mulligan practice —")
    )
    assert embed_field(stats, "Coach agreed").endswith(f"({int(agreed)}/1)")


async def test_practice_dms_go_through_the_outbox(bingo) -> None:
    """Practice DMs are sent by the bot's outbox (paced, closed-DM policy): a 403 marks
    the DMs closed and the hand comes privately; asked again with DMs open, the DM is
    tried anyway, arrives, and the mark is cleared."""
    outbox = bingo.bot.outbox
    calls: list[str] = []
    call = outbox.call

    async def recording(op, *, what="request", **options):
        calls.append(what)
        return await call(op, what=what, **options)

    outbox.call = recording
    alice_id = bingo.world.user("alice").id
    bingo.emu.set_dms_closed(bingo.world.user("alice"))
    alice = bingo.driver("alice")
    await alice.slash(bingo.channel, "mulligan practice")
    message = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    assert "DMs are closed" in message.text

    async def marked():
        """alice's DMs marked closed"""
        return await bingo.db.is_dm_closed(alice_id)

    async def cleared():
        """alice's closed-DMs mark cleared"""
        return not await bingo.db.is_dm_closed(alice_id)

    await eventually(marked)
    bingo.emu.set_dms_closed(bingo.world.user("alice"), False)
    await deal(bingo)  # a DM
    await eventually(cleared)
    assert calls.count(f"DM to {alice_id}") == 2
