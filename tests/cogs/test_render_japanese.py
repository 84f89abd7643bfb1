"""Japanese BingoMagic and /mulligan text: boards, panels, log lines and buttons carry no
English word, and use the words of the Japanese mulligan text (seed 003: マリガン, キープ,
占術, 初期手札, ライブラリー, 手札) and of Japanese Magic cards (平地, 島, 沼, 山, 森, 墓地)."""

from __future__ import annotations

import pytest

from bot.engine import BingoOptions, MulliganRule
from bot.engine.actions import Reason
from bot.engine.events import event_from_json
from bot.engine.practice import PRESETS, PracticeDeck, PracticeOptions, PracticeState
from bot.i18n import t
from cogs.bingo._render import event_line, reason_text, result_line, rules_text
from cogs.mulligan._render import card_name, hand_embed, rule_name, unchecked_text
from cogs.mulligan._service import next_draws_line

from .render_helpers import ENGLISH, NAMES_AB, everything


@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.PARTIAL_PARIS])
def test_japanese_text_has_no_english(rule: MulliganRule) -> None:
    """Every Japanese board, panel, log line and button of random matches is free of the
    English words a forgotten key or message would show, and uses the Japanese terms."""
    seen = "\n".join(text for seed in range(6) for text in everything(seed, rule, "ja"))
    for text in seen.splitlines():
        assert not ENGLISH.search(text), text
    for word in ("陣地", "墓地", "ライブラリー", "手札", "キープ", "マリガン", "を置く"):
        assert word in seen, word
    if rule is MulliganRule.VANCOUVER:
        assert "占術1" in seen


@pytest.mark.parametrize("rule", [MulliganRule.VANCOUVER, MulliganRule.PARTIAL_PARIS])
def test_japanese_text_has_no_space_after_a_full_stop_nor_an_ascii_comma(
    rule: MulliganRule,
) -> None:
    """Japanese puts no space after 。 and separates a list with 、: the sentences and
    lists the code joins (a board's deadline, a mulligan prompt, the die rolls, declared
    mulligans) follow it too (``bot.i18n.sentences``, ``bot.i18n.join_list``)."""
    seen = [text for seed in range(6) for text in everything(seed, rule, "ja")]
    ties = {"type": "roll", "rolls": [[3, 3], [5, 2]], "starting": 0}
    seen.append(event_line(event_from_json(ties), NAMES_AB, locale="ja") or "")
    practice, _ = PracticeState.new(5, PRESETS["constructed"], PracticeOptions())
    seen.append(next_draws_line(practice, "ja"))
    for text in seen:
        shown = text.replace("**", "")
        assert "。 " not in shown and ", " not in shown, text
    assert "🎲3、Alice" in seen[-2]  # the two rolls, joined by 、
    assert "、" in seen[-1]


def test_events_in_japanese() -> None:
    """Stored events read as Japanese sentences with the printed land names."""
    counter = {"type": "counter", "player": 0, "land": 3, "discarded": [1, 4]}
    assert event_line(event_from_json(counter), NAMES_AB, locale="ja") == (
        "Aliceは💧 島 + 🌳 森で**打ち消し**ます！\u3000🔥 山は墓地に置かれます。"
    )
    destroy = {"type": "destroy", "player": 1, "target": 0, "land": 0}
    assert (
        event_line(event_from_json(destroy), NAMES_AB, locale="ja")
        == "BobはAliceの☀️ 平地を破壊します。"
    )
    swamp = {"type": "discard", "player": 1, "land": 2}
    assert event_line(event_from_json(swamp), NAMES_AB, locale="ja") == "Bobは💀 沼を捨てます。"


def test_results_and_rules_in_japanese() -> None:
    """A result names its reason; the table's rules name the mulligan as the seed does."""
    options = BingoOptions(max_timeouts=3, free_first=True)
    win = result_line({"winner": 1, "reason": Reason.FIVE_COLORS}, NAMES_AB, options, "ja")
    assert win == "🏆 **Bob** の勝利（全5色の土地1枚ずつ）！"
    assert reason_text(Reason.TIMEOUT, options, "ja") == "3ターン連続の時間切れ"
    assert rules_text(options, "ja") == "バンクーバー・マリガン（2015）、初回フリー"


def test_mulligan_names_and_hand_in_japanese() -> None:
    """Rule names follow the Japanese mulligan text (パリ・, バンクーバー・, ロンドン・マリガン;
    オールランド／ノーランド・マリガン for 1994); a practice hand says 初期手札 and 土地."""
    assert rule_name(MulliganRule.PARIS, "ja") == "パリ・マリガン（1997）"
    assert rule_name(MulliganRule.LONDON, "ja") == "ロンドン・マリガン（2019）"
    assert rule_name(MulliganRule.EARLY_1994, "ja").startswith("オールランド／ノーランド")
    state, _ = PracticeState.new(5, PRESETS["constructed"], PracticeOptions())
    embed = hand_embed(state, "", "ja")
    assert embed.title == "初期手札 — 構築（60枚、土地24枚）"
    shown = " ".join(f"{f.name} {f.value}" for f in embed.fields)
    assert "Land" not in shown and "Spell" not in shown and "土地" in shown
    bingo, _ = PracticeState.new(5, PRESETS["bingomagic"], PracticeOptions())
    names = {card_name(bingo, k, "ja") for k in range(5)}
    assert names == {
        t("ja", f"land-{n}") for n in ("plains", "island", "swamp", "mountain", "forest")
    }
    assert names == {"平地", "島", "沼", "山", "森"}


def test_cards_not_checked_yet_are_listed_with_a_japanese_comma() -> None:
    """The cards Scryfall could not check (a saved deck's practice hand) are listed as
    Japanese lists are (、), not with ", "."""
    deck = PracticeDeck(
        title="Boros",
        names=("Mountain", "Lightning Bolt", "Boros Charm"),
        counts=(24, 18, 18),
        is_land=(True, False, False),
        unchecked=("Lightning Bolt", "Boros Charm"),
    )
    text = unchecked_text(deck, "mulligan-hand-unchecked-text", "ja")
    assert "Lightning Bolt、Boros Charm" in text and ", " not in text
