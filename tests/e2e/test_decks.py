"""Saved decks and exact odds through the emulator, with a local fake of Scryfall."""

from __future__ import annotations

from .helpers import embed_field, embed_title
from .test_practice import hand_count, hand_message

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


async def _save(bingo, name: str, text: str):
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "mulligan deck save", name=name)
    assert record.modal is not None, "a modal for the decklist"
    field_id = record.modal["components"][0]["components"][0]["custom_id"]
    submitted = await alice.submit_modal(record, {field_id: text})
    return alice, await bingo.emu.wait_for(
        lambda: submitted.message and not submitted.message.loading and submitted.message
    )


async def test_save_a_deck_and_practise_with_it(bingo) -> None:
    """A pasted list is saved with its lands from Scryfall, listed, and dealt from."""
    alice, reply = await _save(bingo, "Burn", DECKLIST)
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

    listed = await alice.slash(bingo.channel, "mulligan deck list")
    assert "**Burn** — 60 cards, 24 lands" in listed.message.text

    await alice.slash(bingo.channel, "mulligan practice", deck="Burn", private=True)
    hand = await bingo.emu.wait_for(lambda: hand_message(bingo, alice, private=True))
    assert "Opening hand — Burn" == embed_title(hand) and hand_count(hand) == 7


async def test_bad_lines_are_reported_and_nothing_is_saved(bingo) -> None:
    """Each bad line comes back with its number; the deck is not saved."""
    alice, reply = await _save(bingo, "Broken", "4 Lightning Bolt\nfour Mountains\n0 Island\n")
    assert "Nothing was saved" in reply.text
    assert "Line 2:" in reply.text and "Line 3:" in reply.text
    assert await bingo.db.get_deck(bingo.world.user("alice").id, "Broken") is None


async def test_unreachable_scryfall_names_unchecked_cards(bingo) -> None:
    """When Scryfall fails, the reply names the cards that count as non-lands."""
    bingo.scryfall.script.extend([(500, {})] * 3)
    alice, reply = await _save(bingo, "Offline", DECKLIST)
    assert "could not be reached" in reply.text and "Dryad Arbor" in reply.text
    assert "60 cards, 20 lands" in reply.text


async def test_delete_a_deck(bingo) -> None:
    """A saved deck can be deleted; deleting it again says it does not exist."""
    alice, _ = await _save(bingo, "Burn", DECKLIST)
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
    assert "0 lands:   2.16%" in embed_field(record.message, "Lands in the opening 7")
    bad = await carol.slash(bingo.channel, "mulligan odds", size=60)
    assert bad.message.ephemeral and "both `size` and `lands`" in bad.message.text
