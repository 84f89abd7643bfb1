"""Saved decks and exact odds through the emulator, with a local fake of Scryfall."""

from __future__ import annotations

import pytest

from bot import limits
from bot.engine import odds

from .helpers import embed_field, embed_title
from .practice_helpers import answer, hand_count, hand_message, save_deck

OOPS = "Something went wrong"

DECKLIST = """Deck
4 Lightning Bolt
4 Fire // Ice (MH2) 290
2 Lim-Dûl's Vault
4x Dryad Arbor
20 Mountain
26 Grizzly Bears

Sideboard
3 Aether Vial
"""


def assert_private_and_within_limits(message) -> None:
    assert message.ephemeral, "a refusal is private"
    assert len(message.content) <= limits.CONTENT and OOPS not in message.text


async def test_save_a_deck_and_practise_with_it(bingo) -> None:
    """A pasted list is saved with its lands from Scryfall, listed, and dealt from."""
    alice, reply = await save_deck(bingo, "Burn", DECKLIST)
    assert "Saved **Burn**: 60 cards, 24 lands." in reply.text
    assert bingo.scryfall.requests, "lands were looked up on the fake Scryfall"
    asked = {n for r in bingo.scryfall.requests for n in r.names}
    assert "Mountain" not in asked and "Aether Vial" not in asked

    choices = await alice.autocomplete(
        bingo.channel, "mulligan practice", focused="deck", deck="bu"
    )
    assert {"name": "Saved: Burn", "value": "Burn"} in choices
    assert not await bingo.driver("bob").autocomplete(
        bingo.channel, "mulligan deck delete", focused="name", name="bu"
    ), "decks are private to their owner"

    listed = await answer(bingo, await alice.slash(bingo.channel, "mulligan deck list"))
    assert "**Burn** — 60 cards, 24 lands" in listed.text

    await alice.slash(bingo.channel, "mulligan practice", deck="Burn", private=True)
    hand = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    assert "Opening hand — Burn" == embed_title(hand) and hand_count(hand) == 7


async def test_bad_lines_are_reported_and_nothing_is_saved(bingo) -> None:
    """Each bad line comes back with its number; the deck is not saved."""
    alice, reply = await save_deck(bingo, "Broken", "4 Lightning Bolt\nfour Mountains\n0 Island\n")
    assert "Nothing was saved" in reply.text
    assert "Line 2:" in reply.text and "Line 3:" in reply.text
    assert await bingo.db.get_deck(bingo.world.user("alice").id, "Broken") is None


async def test_unreachable_scryfall_names_unchecked_cards(bingo) -> None:
    """When Scryfall fails, the reply counts and names the cards not checked yet."""
    bingo.scryfall.script.extend([(500, {})] * 3)
    alice, reply = await save_deck(bingo, "Offline", DECKLIST)
    assert "could not be reached" in reply.text and "Dryad Arbor" in reply.text
    assert "60 cards, 20 lands, 40 not checked yet." in reply.text


OFFLINE_DECK = """4 Sacred Foundry
4 Inspiring Vantage
4 Dryad Arbor
16 Mountain
32 Lightning Bolt
"""


def _unchecked_field(message) -> str | None:
    for field in message.embeds[0].get("fields", []):
        if field["name"].startswith("Not checked yet"):
            return field["value"]
    return None


async def test_a_deck_saved_offline_is_told_and_counted_right_once_scryfall_answers(
    bingo,
) -> None:
    """Scryfall refusing every request: shocklands and fastlands still count as lands
    (the shipped list), the cards left are named as "not checked yet" in the reply, the
    deck list, the odds and the practice hand; once Scryfall answers, the next use looks
    them up and every count is right."""
    bingo.scryfall.script.extend([(503, {})] * 50)  # down for the whole first part
    alice, reply = await save_deck(bingo, "Boros", OFFLINE_DECK)
    assert "Saved **Boros**: 60 cards, 24 lands, 36 not checked yet." in reply.text
    assert "count as spells" in reply.text
    assert "Dryad Arbor" in reply.text and "Lightning Bolt" in reply.text
    assert "Sacred Foundry" not in reply.text and "Inspiring Vantage" not in reply.text
    asked = {n for r in bingo.scryfall.requests for n in r.names}
    assert asked == {"Dryad Arbor", "Lightning Bolt"}, "known lands need no lookup"

    listed = await answer(bingo, await alice.slash(bingo.channel, "mulligan deck list"))
    assert "**Boros** — 60 cards, 24 lands, 36 not checked yet" in listed.text

    odds_record = await alice.slash(bingo.channel, "mulligan odds", deck="Boros")
    odds_message = await answer(bingo, odds_record)
    assert "36 cards of this deck are not checked yet" in odds_message.text
    assert embed_title(odds_message) == "Odds — Boros"

    await alice.slash(bingo.channel, "mulligan practice", deck="Boros", private=True)
    hand = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    spells = next(f["value"] for f in hand.embeds[0]["fields"] if f["name"].startswith("Spells"))
    assert "Sacred Foundry" not in spells and "Inspiring Vantage" not in spells
    unchecked = _unchecked_field(hand)
    assert unchecked is not None and "Dryad Arbor" in unchecked and "Lightning Bolt" in unchecked

    bingo.scryfall.script.clear()  # Scryfall is back
    listed = await answer(bingo, await alice.slash(bingo.channel, "mulligan deck list"))
    assert "**Boros** — 60 cards, 28 lands" in listed.text and "not checked" not in listed.text
    await alice.slash(bingo.channel, "mulligan practice", deck="Boros", private=True)
    again = await bingo.emu.wait_for(
        lambda: (
            (m := hand_message(bingo, alice, private=True)) is not None and m.id != hand.id and m
        )
    )
    assert _unchecked_field(again) is None
    record = await alice.slash(bingo.channel, "mulligan odds", deck="Boros")
    assert "not checked" not in record.message.text


async def test_practice_looks_unchecked_cards_up_again(bingo) -> None:
    """A deck saved while Scryfall was down is looked up again by the next practice,
    which then deals with the right lands."""
    bingo.scryfall.script.extend([(500, {})])
    alice, reply = await save_deck(bingo, "Later", OFFLINE_DECK)
    assert "36 not checked yet" in reply.text
    await alice.slash(bingo.channel, "mulligan practice", deck="Later", private=True)
    hand = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    assert _unchecked_field(hand) is None
    deck = await bingo.db.cached_card_types(["Dryad Arbor", "Lightning Bolt"])
    assert deck == {"Dryad Arbor": True, "Lightning Bolt": False}, "the answers are cached"


async def test_delete_a_deck(bingo) -> None:
    """A saved deck can be deleted; deleting it again says it does not exist."""
    alice, _ = await save_deck(bingo, "Burn", DECKLIST)
    first = await alice.slash(bingo.channel, "mulligan deck delete", name="burn")
    assert "Deleted" in first.message.text
    second = await alice.slash(bingo.channel, "mulligan deck delete", name="burn")
    assert "no saved deck" in second.message.text


async def test_odds_for_the_presets(bingo) -> None:
    """/mulligan odds prints the land, kept-size and land-drop tables of each preset."""
    carol = bingo.driver("carol")
    expected = {
        "constructed": ("71.99%", "81.16%", "76.57%"),
        "limited": ("77.42%", "86.00%", "81.71%"),
        "commander": ("64.44%", "74.18%", "69.31%"),
    }
    for deck, (play, draw, average) in expected.items():
        await carol.slash(bingo.channel, "mulligan odds", deck=deck)
        message = await carol.wait_for_message(
            bingo.channel, lambda m, d=deck: embed_title(m).startswith("Odds —") and m.embeds
        )
        drops = embed_field(message, "Every land drop through turn 4")
        assert f"On the play: {play:>7}" in drops and f"On the draw: {draw:>7}" in drops
        assert f"Average:     {average:>7}" in drops


async def test_odds_for_numbers(bingo) -> None:
    """/mulligan odds size:60 lands:24 matches the Constructed preset's first row."""
    carol = bingo.driver("carol")
    record = await carol.slash(bingo.channel, "mulligan odds", size=60, lands=24)
    lands = embed_field(record.message, "Lands in the opening 7")
    assert "0 lands:   2.16%" in lands and "1 land:" in lands and "1 lands" not in lands
    bad = await carol.slash(bingo.channel, "mulligan odds", size=60)
    assert bad.message.ephemeral and "both `size` and `lands`" in bad.message.text


async def test_odds_without_options_assume_a_constructed_deck(bingo) -> None:
    """/mulligan odds alone answers for the Constructed preset (60 cards, 24 lands)
    instead of refusing."""
    carol = bingo.driver("carol")
    record = await carol.slash(bingo.channel, "mulligan odds")
    message = record.message
    assert message is not None and not message.ephemeral, "the table, not a refusal"
    assert embed_title(message) == "Odds — Constructed (60 cards, 24 lands)"
    drops = embed_field(message, "Every land drop through turn 4")
    assert "On the play:  71.99%" in drops


# -- every input answered ----------------------------------------------------------------


async def test_a_deck_name_of_only_spaces_is_refused_privately(bingo) -> None:
    """No modal, and a clear private refusal instead of "Something went wrong"."""
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "mulligan deck save", name="     ")
    assert record.modal is None and record.message is not None
    assert_private_and_within_limits(record.message)
    assert "besides spaces" in record.message.text


def _options(bingo, *path: str) -> list[dict]:
    commands = bingo.emu.commands(bingo.world.guild) or bingo.emu.commands()
    node = next(c for c in commands if c["name"] == path[0])
    for name in path[1:]:
        node = next(o for o in node["options"] if o["name"] == name)
    return node["options"]


@pytest.mark.parametrize(
    ("path", "option"),
    [
        (("mulligan", "deck", "save"), "name"),
        (("mulligan", "deck", "delete"), "name"),
        (("mulligan", "practice"), "deck"),
        (("mulligan", "odds"), "deck"),
    ],
)
async def test_every_deck_name_option_declares_its_max_length(bingo, path, option) -> None:
    """Discord's client refuses longer values, so the bot never gets a 3,000-character name."""
    declared = next(o for o in _options(bingo, *path) if o["name"] == option)
    assert declared.get("max_length") == limits.DECK_NAME
    with pytest.raises(ValueError):  # the emulator's client refuses, as Discord's does
        await bingo.driver("alice").slash(bingo.channel, " ".join(path), **{option: "x" * 3000})


@pytest.mark.parametrize(
    ("command", "option"),
    [("mulligan deck delete", "name"), ("mulligan practice", "deck"), ("mulligan odds", "deck")],
)
async def test_an_unknown_deck_name_is_echoed_safely(bingo, command, option) -> None:
    """The longest name, all markdown and mentions, is echoed escaped within the limits."""
    name = ("@everyone <@&1> " + "*_`|" * 30)[: limits.DECK_NAME]
    record = await bingo.driver("alice").slash(bingo.channel, command, **{option: name})
    message = await answer(bingo, record)
    assert_private_and_within_limits(message)
    assert "no saved deck named" in message.text and "@\u200beveryone" in message.text
    bingo.emu.assert_no_pings()


@pytest.mark.parametrize(
    ("size", "lands", "turns", "through"),
    [(7, 7, 10, None), (7, 0, 1, None), (12, 5, 10, 5)],
)
async def test_odds_for_a_deck_that_runs_out(bingo, size, lands, turns, through) -> None:
    """The turns that can be computed are answered, and the turn the library is empty."""
    carol = bingo.driver("carol")
    record = await carol.slash(bingo.channel, "mulligan odds", size=size, lands=lands, turns=turns)
    message = record.message
    assert message is not None and not message.ephemeral and OOPS not in message.text
    empty = next(f for f in message.embeds[0]["fields"] if "runs out" in f["name"])
    library = size - 7
    assert f"it holds {library} cards" in empty["value"]
    assert f"empty from turn {library + 1} on the draw" in empty["value"]
    drops = embed_field(message, f"Every land drop through turn {through}")
    if through is None:
        assert "Every land drop" not in message.text
    else:
        expected = odds.land_drops_for_deck(size, lands, turns=through).on_the_play
        assert f"{float(expected) * 100:.2f}%" in drops


async def test_mentions_in_a_deck_name_are_escaped_and_ping_nobody(bingo) -> None:
    """A deck named "@everyone <@&ROLE> <@USER>" is shown escaped by /mulligan odds and
    practice, and no message of the bot pings anyone."""
    role = bingo.emu.create_role(bingo.world.guild, "players")
    bob = bingo.world.user("bob")
    name = f"@everyone <@&{role.id}> <@{bob.id}>"
    alice, reply = await save_deck(bingo, name, DECKLIST)
    assert "Saved **@\u200beveryone <\u200b@&" in reply.text
    record = await alice.slash(bingo.channel, "mulligan odds", deck=name)
    title = embed_title(record.message)
    assert "@\u200beveryone" in title and f"<\u200b@&{role.id}>" in title
    assert f"<\u200b@{bob.id}>" in title and "@everyone" not in title
    await alice.slash(bingo.channel, "mulligan practice", deck=name)
    hand = await bingo.emu.wait_for(lambda: hand_message(bingo, alice))
    assert "@\u200beveryone" in embed_title(hand)
    bingo.emu.assert_no_pings()


async def test_deck_list_of_30_long_names_fits_one_message(bingo) -> None:
    """30 decks (saved before the cap) with 100-character markdown names: one private
    message within 2,000 characters that says how many more there are."""
    user_id = bingo.world.user("alice").id
    for index in range(30):
        name = f"{index:02} " + "*_" * 48 + "x"
        await bingo.db.save_deck(user_id, name, [(40, "Island")], [], 1.0, limit=30)
    message = await answer(
        bingo, await bingo.driver("alice").slash(bingo.channel, "mulligan deck list")
    )
    assert_private_and_within_limits(message)
    assert "— 40 cards, 40 lands" in message.text and "more." in message.text


async def test_saved_decks_per_member_are_capped(bingo) -> None:
    """At the cap a new name is refused before the form opens; a saved name still opens it."""
    user_id = bingo.world.user("alice").id
    for index in range(limits.DECKS_PER_MEMBER):
        await bingo.db.save_deck(user_id, f"Deck {index}", [(40, "Island")], [], 1.0)
    alice = bingo.driver("alice")
    refused = await alice.slash(bingo.channel, "mulligan deck save", name="One more")
    assert refused.modal is None
    assert_private_and_within_limits(refused.message)
    assert f"({limits.DECKS_PER_MEMBER})" in refused.message.text
    _, reply = await save_deck(bingo, "deck 3", DECKLIST)  # saving over one is fine
    assert "Saved **deck 3**: 60 cards" in reply.text
    assert await bingo.db.deck_count(user_id) == limits.DECKS_PER_MEMBER


async def test_a_deck_past_the_bound_is_refused(bingo) -> None:
    """666 lines of "999 a" (665,334 cards before) are refused: nothing is saved."""
    alice, reply = await save_deck(bingo, "Huge", "999 a\n" * 666)
    assert_private_and_within_limits(reply)
    assert "Nothing was saved" in reply.text and f"passes {limits.DECK_CARDS} cards" in reply.text
    assert await bingo.db.get_deck(bingo.world.user("alice").id, "Huge") is None


async def test_a_save_error_on_a_3046_character_word_fits(bingo) -> None:
    """The bad word is quoted shortened, and the reply stays within 2,000 characters."""
    alice, reply = await save_deck(bingo, "Word", "4" + "a" * 3045 + "\n20 Mountain")
    assert_private_and_within_limits(reply)
    assert "Nothing was saved" in reply.text and "Line 1:" in reply.text


async def test_save_success_with_many_long_unchecked_names_fits(bingo) -> None:
    """Scryfall down, 19 cards of 200-character names: saved, and the reply lists what
    fits within 2,000 characters."""
    bingo.scryfall.script.extend([(500, {})] * 3)
    names = [f"{index:02} " + "y" * 197 for index in range(19)]
    alice, reply = await save_deck(bingo, "Long", "\n".join(f"1 {n}" for n in names))
    assert_private_and_within_limits(reply)
    assert (
        "Saved **Long**: 19 cards, 0 lands, 19 not checked yet." in reply.text
        and "could not be reached" in reply.text
    )
    assert await bingo.db.get_deck(bingo.world.user("alice").id, "Long") is not None


async def test_a_hand_of_long_card_names_fits_its_fields(bingo) -> None:
    """Seven cards of 200-character names: every embed field within 1,024 characters,
    through the keep and the coach."""
    alice = bingo.driver("alice")
    cards = [(1, f"{index:02} " + "z*" * 98 + "z") for index in range(12)]
    await bingo.db.save_deck(bingo.world.user("alice").id, "Long names", cards, [], 1.0)
    await alice.slash(bingo.channel, "mulligan practice", deck="Long names", private=True)
    hand = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    fields = hand.embeds[0]["fields"]
    assert all(len(f["value"]) <= limits.FIELD_VALUE for f in fields)
    assert embed_field(hand, "Spells (7)").count("1× ") == 7, "each card, shortened"
    await alice.click(hand, "Keep")
    kept = bingo.emu.messages[hand.id]
    assert "**Coach.**" in kept.embeds[0]["description"] and OOPS not in alice.seen_text()
