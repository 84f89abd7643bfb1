"""Every BingoMagic text renders in every language from stored events:
no catalog key shows through, Italian uses the rulebook's words, and no English key word
is left in an Italian board, panel, log line or button."""

from __future__ import annotations

import random
import re

import pytest

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.events import Destroy, Discard, event_from_json
from bot.engine.outcome import Reason
from bot.i18n import LANGUAGES, attribute
from bot.matches import events_for, player_view, public_view
from cogs.bingo._render import (
    action_label,
    board_embed,
    event_line,
    panel_embed,
    reason_text,
    result_line,
    rules_text,
)

NAMES_AB = ["Alice", "Bob"]
#: A catalog key that fell through (``t`` shows a missing key as itself).
KEY = re.compile(r"\b(bingo|land|common|choice)-[a-z0-9_-]+")
#: English words that must not appear in Italian text.
ENGLISH = re.compile(
    r"\b(Your turn|Waiting for|Keep|Place|Pass|Territory|Discard pile|Library|Hand|cards?|"
    r"wins|draws|places|counters|discards|destroys|takes|Plains|Island|Swamp|Mountain|"
    r"Forest|Turn|Match|only you|Recent|bottom|top|library)\b"
)


def _text(embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def _everything(seed: int, rule: MulliganRule, language: str) -> list[str]:
    """Every text a random match shows, in ``language``: log lines for the public and
    each player, boards, panels and the labels of every legal action."""
    options = BingoOptions(mulligan_rule=rule, free_first=True, forest_any_pile=True)
    state, events = BingoState.new(seed, options)
    rng = random.Random(seed)
    texts: list[str] = []
    log: list[dict] = []
    while True:
        for viewer in (None, 0, 1):
            for event in events_for(events, viewer):
                line = event_line(event, NAMES_AB, viewer, options, language)
                if line:
                    texts.append(line)
        log += [event.to_json() for event in events_for(events, None)]
        texts.append(_text(board_embed(1, public_view(state), NAMES_AB, log, 1.0, language)))
        for player in (0, 1):
            view = player_view(state, player)
            texts.append(_text(panel_embed(1, view, NAMES_AB, 1.0, language)))
            texts += [action_label(a, NAMES_AB, player, language)[0] for a in view["legal_actions"]]
        if state.is_over:
            return texts
        events = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.PARTIAL_PARIS])
def test_every_text_has_a_message(language: str, rule: MulliganRule) -> None:
    """No key falls through, whatever the events, in any language."""
    for seed in range(6):
        for text in _everything(seed, rule, language):
            assert not KEY.search(text), text


@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.LONDON])
def test_italian_text_has_no_english(rule: MulliganRule) -> None:
    """Italian boards, panels, log lines and buttons are Italian throughout, in the
    rulebook's words."""
    seen = "\n".join(t for seed in range(6) for t in _everything(seed, rule, "it"))
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
