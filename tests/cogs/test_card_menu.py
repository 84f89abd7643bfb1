"""The menu of a hand's cards (London bottom, Partial Paris set-aside): each option
names its card once, with "(land)" only where the name does not already say it."""

from __future__ import annotations

import pytest

from bot.engine.practice import PRESETS, PracticeDeck, PracticeOptions, PracticeState
from bot.i18n import LANGUAGES, t
from cogs.mulligan._views import copy_options, land_suffix


def _hand(deck: PracticeDeck, seed: int = 1) -> PracticeState:
    state, _ = PracticeState.new(seed, deck, PracticeOptions())
    return state


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_presets_land_reads_once(language: str) -> None:
    """The Constructed preset's "Land" is not "Land (land)"."""
    state = _hand(PRESETS["constructed"])
    labels = [o.label for o in copy_options(state, language)]
    word = t(language, "mulligan-card-land")
    assert word in labels
    assert t(language, "mulligan-option-land") not in " ".join(labels)


def test_a_saved_decks_lands_are_marked() -> None:
    deck = PracticeDeck(
        "Mine", ("Verdant Catacombs", "Lightning Bolt", "Snow-Covered Land"), (20, 20, 20),
        (True, False, True),
    )  # fmt: skip
    assert land_suffix(deck, 0, "Verdant Catacombs", "en") == " (land)"
    assert land_suffix(deck, 1, "Lightning Bolt", "en") == ""
    assert land_suffix(deck, 2, "Snow-Covered Land", "en") == ""  # says it already
    assert land_suffix(deck, 0, "Verdant Catacombs", "it") == " (terra)"
    labels = {o.label for o in copy_options(_hand(deck), "en")}
    assert labels <= {"Verdant Catacombs (land)", "Lightning Bolt", "Snow-Covered Land"}
