"""Every BingoMagic text renders in every language from stored events:
no catalog key shows through, Italian uses the rulebook's words, and no English key word
is left in an Italian board, panel, log line or button."""

from __future__ import annotations

import re

import pytest

from bot.engine import BingoOptions, MulliganRule
from bot.engine.events import Destroy, Discard, event_from_json
from bot.engine.outcome import Reason
from bot.i18n import LANGUAGES, attribute
from cogs.bingo._render import event_line, reason_text, result_line, rules_text

from .render_helpers import ENGLISH, NAMES_AB, everything

#: A catalog key that fell through (``t`` shows a missing key as itself).
KEY = re.compile(r"\b(bingo|land|common|choice)-[a-z0-9_-]+")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.PARTIAL_PARIS])
def test_every_text_has_a_message(language: str, rule: MulliganRule) -> None:
    """No key falls through, whatever the events, in any language."""
    for seed in range(6):
        for text in everything(seed, rule, language):
            assert not KEY.search(text), text


@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.LONDON])
def test_italian_text_has_no_english(rule: MulliganRule) -> None:
    """Italian boards, panels, log lines and buttons are Italian throughout, in the
    rulebook's words."""
    seen = "\n".join(t for seed in range(6) for t in everything(seed, rule, "it"))
    for text in seen.splitlines():
        assert not ENGLISH.search(text), text
    for word in ("Territorio", "Mazzo degli scarti", "Mazzo", "Posiziona", "Tieni"):
        assert word in seen, word


def test_the_same_events_render_in_either_language() -> None:
    """A stored event is drawn in the language asked when it is shown."""
    event = event_from_json({"type": "counter", "player": 0, "land": 3, "discarded": [1, 4]})
    assert event_line(event, NAMES_AB) == (
        "Alice **counters** with 💧 Island + 🌳 Forest! 🔥 Mountain goes to the discard pile."
    )
    assert event_line(event, NAMES_AB, locale="it") == (
        "Alice **neutralizza** con 💧 Isola + 🌳 Foresta! 🔥 Montagna va nel mazzo degli scarti."
    )
    destroy = Destroy(player=1, target=0, land=0)
    assert event_line(destroy, NAMES_AB, locale="it") == "Bob distrugge ☀️ Pianura di Alice."
    swamp = Discard(player=1, land=2)
    assert event_line(swamp, NAMES_AB, locale="it") == "Bob scarta 💀 Palude."


def test_results_and_rules_in_italian() -> None:
    """Results name their reason with the table's limits; rules name the mulligan."""
    options = BingoOptions(max_timeouts=3, free_first=True)
    win = result_line({"winner": 1, "reason": Reason.FIVE_COLORS}, NAMES_AB, options, "it")
    assert win == "🏆 **Bob** vince con cinque terre di colore diverso!"
    assert reason_text(Reason.TIMEOUT, options, "it") == "3 turni di fila scaduti"
    assert reason_text(Reason.TIMEOUT, BingoOptions(max_timeouts=1), "it") == (
        "1 turno di fila scaduto"
    )
    rule = attribute("it", "choice-vancouver", "name")  # the Italian source's name
    assert rules_text(options, "it") == f"{rule}, primo gratuito"
    assert rules_text(options) == "Vancouver (2015) mulligans, free first"
