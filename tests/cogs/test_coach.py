"""The coach in words: the BingoMagic coach (cogs.mulligan._coach) and the land-drop
coach's "what decides it" (cogs.mulligan._service), in every language; the numbers are
tests/ai/test_coach.py's."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.ai.coach import (
    COACH_TURNS,
    BingoAdvice,
    LandAdvice,
    WinEstimate,
    bingo_advice,
    land_advice,
    mulligan_advice,
)
from bot.engine import MulliganRule
from bot.engine.practice import PRESETS, PracticeDeck, PracticeOptions, PracticeState
from bot.i18n import t
from cogs.mulligan._coach import bingo_coach, bingo_words
from cogs.mulligan._render import hand_embed, percent, prompt
from cogs.mulligan._service import decides_line, land_words, mulligan_note, mulligan_phrase

GAMES = 30  # enough to exercise the path; the figures' precision is not under test


def kept(seed: int, mulligans: int = 0) -> PracticeState:
    state, _ = PracticeState.new(seed, PRESETS["bingomagic"], PracticeOptions())
    for _ in range(mulligans):
        state.apply("mulligan")
    while not state.is_over:
        legal = state.legal_actions()
        state.apply("keep" if "keep" in legal else legal[0])
    return state


def test_the_words_follow_the_verdict_on_real_estimates() -> None:
    state = kept(3)
    advice = bingo_advice(state, GAMES)
    text, agreed = bingo_coach(state, GAMES)
    assert agreed is advice.agreed and text == bingo_words(advice)
    assert ("❌" in text) is not agreed
    assert ("✅" in text) is (advice.comparison == "keep-better")
    assert ("⚖️" in text) is (advice.comparison == "too-close")
    assert "95% interval" in text and f"{GAMES} simulated matches" in text
    assert bingo_coach(state, GAMES) == bingo_coach(kept(3), GAMES), "seeded from the deal"


def test_each_comparison_has_its_words() -> None:
    def words(low: float, high: float) -> str:
        keep = WinEstimate((low + high) / 2, low, high, 200)
        return bingo_words(BingoAdvice(5, True, 200, keep, WinEstimate(0.5, 0.45, 0.55, 200), 4))

    assert "better choice" in words(0.60, 0.70)
    assert "Too close to call" in words(0.42, 0.52)
    assert "would have done better" in words(0.30, 0.40)


def test_the_verdict_never_contradicts_the_figures_shown() -> None:
    """A member's report: 51.5 % against 39.5 % read "as good as a mulligan"; the
    verdict now follows the figures and their uncertainty."""
    keep, instead = WinEstimate(0.515, 0.446, 0.583, 200), WinEstimate(0.395, 0.329, 0.464, 200)
    text = bingo_words(BingoAdvice(5, True, 200, keep, instead, 4))
    assert "51.5%" in text and "39.5%" in text
    assert "better choice" in text and "as good as" not in text


def test_a_hand_with_no_mulligan_possible_is_not_rated() -> None:
    text, agreed = bingo_coach(kept(1, mulligans=5), GAMES)
    assert agreed is None and "not rated" in text


def test_a_land_drop_tie_is_not_called_a_better_keep() -> None:
    """Exact figures that are equal read "exactly as good", never "the better choice"."""
    state, _ = PracticeState.new(4, PRESETS["constructed"], PracticeOptions())
    state.apply("keep")
    half = Fraction(1, 2)
    facts = {"lands": 2, "spells": ((1, 5),), "mulligan_to": 6}
    tie = land_words(LandAdvice(7, COACH_TURNS, half, half, **facts), state, "en")
    assert "exactly as good" in tie and "better" not in tie
    better = land_words(LandAdvice(7, COACH_TURNS, half, Fraction(1, 3), **facts), state, "en")
    assert "better choice" in better


BURN = PracticeDeck.from_entries(
    "Burn",
    [(4, "Lightning Bolt"), (4, "Goblin Guide"), (20, "Mountain"), (32, "Lava Spike")],
    {"Mountain"},
)


def _burn(seed: int, rule: MulliganRule = MulliganRule.LONDON, **options) -> PracticeState:
    state, _ = PracticeState.new(seed, BURN, PracticeOptions(rule, **options))
    return state


def _burn_keep(seed: int, rule: MulliganRule = MulliganRule.LONDON, **options) -> PracticeState:
    state = _burn(seed, rule, **options)
    state.apply("keep")
    return state


#: The head of the line, how 2 lands of 7 cards read, the play/draw words and the
#: mulligan's clause for Burn's seed 2 (Goblin Guide, 4× Lava Spike), per language.
DECIDES = {
    "en": ("**What decides it:** keeping these 7 cards (2 lands), you make every land drop "
           "through turn 4 on the play", "; a mulligan to 6 costs a card and gives up this "
           "hand's Goblin Guide and 4× Lava Spike."),
    "it": ("**Cosa decide:** tenendo queste 7 carte (2 terre), giochi una terra a ogni turno "
           "fino al turno 4 se inizi tu", "; un mulligan a 6 costa una carta e rinuncia a "
           "Goblin Guide e 4× Lava Spike di questa mano."),
    "pl": ("**Co decyduje:** zatrzymując te 7 kart (2 lądy), zagrywasz ląd w każdej kolejce "
           "aż do kolejki 4 (gdy zaczynasz)", "; mulligan do 6 kart kosztuje kartę i oddaje "
           "z tej ręki Goblin Guide i 4× Lava Spike."),
    "ja": ("**判断の決め手**：この7枚（土地2枚）をキープすると、"
           "先攻で4ターン目まで毎ターン土地を置ける確率は",
           "マリガンで6枚にすると、カードが1枚減り、"
           "この手札のGoblin Guide、4× Lava Spikeを手放します。"),
}  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "it", "pl", "ja"])
def test_a_rated_keep_says_what_decides_it(locale: str) -> None:
    """A 2-land 7 the coach would mulligan, in each language: the kept hand and its
    lands, the exact figure through turn 4 on the play (as dealt), and every spell a
    mulligan to 6 gives up, joined as the language lists them; then the mulligan's
    figure and the verdict."""
    state = _burn_keep(2)
    advice = land_advice(state)
    assert advice.lands == 2 and advice.mulligan_to == 6 and advice.comparison
    lines = land_words(advice, state, locale).splitlines()
    head, tail = DECIDES[locale]
    verdict = t(locale, f"mulligan-coach-{advice.comparison}")
    assert lines[0].startswith(t(locale, "mulligan-coach-head")) and lines[0].endswith(verdict)
    line = lines[1]
    assert line.startswith(head) and line.endswith(tail)
    assert f"**{percent(advice.keep, locale)}**" in line
    assert f"**{percent(advice.instead, locale)}**" in lines[2]
    assert t(locale, "mulligan-coach-policy") in lines[2], "the policy after it, spelled out"


@pytest.mark.parametrize(
    ("locale", "one", "few", "many", "none"),
    [
        ("en", "this card (1 land)", "these 2 cards (2 lands)", "these 5 cards (5 lands)",
         "these 7 cards (no land)"),
        ("it", "questa carta (1 terra)", "queste 2 carte (2 terre)", "queste 5 carte (5 terre)",
         "queste 7 carte (nessuna terra)"),
        ("pl", "tę 1 kartę (1 ląd)", "te 2 karty (2 lądy)", "te 5 kart (5 lądów)",
         "te 7 kart (bez lądów)"),
        ("ja", "この1枚（土地1枚）", "この2枚（土地2枚）", "この5枚（土地5枚）",
         "この7枚（土地なし）"),
    ],
)  # fmt: skip
def test_the_counts_follow_each_languages_plural_rules(
    locale: str, one: str, few: str, many: str, none: str
) -> None:
    """Cards and lands are counted with Fluent plural selectors: English one/other,
    Polish one/few/many, a zero of its own; the mulligan's size too ("1 card")."""
    state = _burn_keep(1)
    half = Fraction(1, 2)

    def words(cards: int, lands: int) -> str:
        spells = ((3, cards - lands),) if cards > lands else ()
        advice = LandAdvice(cards, COACH_TURNS, half, half, lands, spells, max(0, cards - 1))
        return land_words(advice, state, locale).splitlines()[1]

    assert one in words(1, 1) and few in words(2, 2) and many in words(5, 5)
    assert none in words(7, 0)
    to_one = {"en": "a mulligan to 1 costs", "it": "un mulligan a 1 costa",
              "pl": "mulligan do 1 karty kosztuje", "ja": "マリガンで1枚にすると"}  # fmt: skip
    assert to_one[locale] in words(2, 2)


def _rule_seed(rule: MulliganRule, qualifies: bool = True) -> int:
    """A Burn deal whose first hand the 1994 rule allows a mulligan of (or not); the
    first deal for the other rules."""
    if rule is not MulliganRule.EARLY_1994:
        return 1
    return next(
        seed for seed in range(2000)
        if ("mulligan" in _burn(seed, rule).legal_actions()) == qualifies
    )  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "it", "pl", "ja"])
@pytest.mark.parametrize("rule", list(MulliganRule))
def test_every_rule_says_what_decides_it(rule: MulliganRule, locale: str) -> None:
    """Every rule rates a keep against a mulligan under that rule and says what decides
    it: what the mulligan gives up (Partial Paris: what it sets aside and draws), a
    Vancouver keep below 7 its scry; the 1994 rule's one mulligan is free."""
    state = _burn(_rule_seed(rule), rule)
    if rule is MulliganRule.VANCOUVER:
        state.apply("mulligan")  # a 6-card keep gets the scry
    while not state.is_over:
        legal = state.legal_actions()
        state.apply("keep" if "keep" in legal else legal[0])
    advice = land_advice(state)
    text = land_words(advice, state, locale)
    assert advice.comparison is not None and decides_line(advice, state, locale) in text
    phrase = mulligan_phrase(advice, state, locale)
    if rule is MulliganRule.PARTIAL_PARIS:
        assert t(locale, "mulligan-coach-sets-aside", size=6, given="X", drawn=0, done="no")[
            :8
        ] in (phrase)
    else:
        free = "yes" if rule is MulliganRule.EARLY_1994 else "no"
        start = t(locale, "mulligan-coach-gives-up", size=advice.mulligan_to, free=free,
                  count=1, spells="X", done="no").split("X")[0]  # fmt: skip
        assert phrase.startswith(start)
    scry = {"en": "and scrying 1", "it": "e facendo scry 1", "pl": "i robiąc scry 1",
            "ja": "占術1を行う"}[locale]  # fmt: skip
    assert (scry in text) is (rule is MulliganRule.VANCOUVER)


@pytest.mark.parametrize("locale", ["en", "it", "pl", "ja"])
def test_a_keep_the_1994_rule_cannot_rate_says_why(locale: str) -> None:
    state = _burn_keep(
        _rule_seed(MulliganRule.EARLY_1994, qualifies=False), MulliganRule.EARLY_1994
    )
    text = land_words(land_advice(state), state, locale)
    assert t(locale, "mulligan-coach-unrated-1994") in text
    assert t(locale, "mulligan-coach-head") not in text.splitlines()[0][-5:]


def test_the_given_up_spells_read_as_a_list_and_presets_as_a_count() -> None:
    """Names joined as a sentence ("A and B"); a preset's stand-in "Spell" cards are
    counted instead; a free mulligan costs no card; a hand of lands gives up no spell."""
    state = _burn_keep(1)
    line = land_words(land_advice(state), state, "en").splitlines()[1]
    assert "costs a card and gives up this hand's 2× Goblin Guide and 5× Lava Spike." in line
    preset, _ = PracticeState.new(5, PRESETS["commander"], PracticeOptions(free_first=True))
    preset.apply("keep")
    words = land_words(land_advice(preset), preset, "en")
    assert "(2 lands), you make" in words
    assert "; a free mulligan to 7 gives up this hand's 5 spells." in words
    lands_only = LandAdvice(7, COACH_TURNS, Fraction(1), Fraction(1, 2), 7, (), 6)
    assert "7 cards (7 lands)" in land_words(lands_only, preset, "en")
    assert "a mulligan to 6 costs a card and gives up the whole hand, with no spell in it." in (
        land_words(lands_only, preset, "en")
    )


def test_a_partial_paris_mulligan_counts_what_the_policy_sets_aside_among_like_cards() -> None:
    """The policy's set-aside is named when it is every spell of the hand, and counted
    when it is some of several like cards (which ones does not change the figure)."""
    state = _burn_keep(6, MulliganRule.PARTIAL_PARIS)  # 5 lands, 2 spells: one goes
    advice = land_advice(state)
    assert advice.aside is not None and advice.aside_cards == ()
    assert "a mulligan to 6 sets aside one of its spells and draws no card instead" in (
        land_words(advice, state, "en")
    )
    spells = _burn_keep(1, MulliganRule.PARTIAL_PARIS)
    assert "sets aside 2× Goblin Guide and 5× Lava Spike and draws 6 cards instead" in (
        land_words(land_advice(spells), spells, "en")
    )


# -- the coach on a mulligan taken --------------------------------------------------------


NOTES = {
    "en": ("**Coach, on your mulligan:** {verdict} Kept, those 7 cards (2 lands) would have "
           "made every land drop through turn 4 on the play",
           "your mulligan to 6 cost a card and gave up that hand's Goblin Guide and 4× Lava "
           "Spike, for"),
    "it": ("**Allenatore, sul tuo mulligan:** {verdict} Tenendo quelle 7 carte (2 terre) "
           "avresti giocato una terra a ogni turno fino al turno 4 se inizi tu",
           "il tuo mulligan a 6 è costato una carta e ha rinunciato a Goblin Guide e 4× Lava "
           "Spike di quella mano, per il"),
    "pl": ("**Trener o twoim mulliganie:** {verdict} Zatrzymanie tamtych 7 kart (2 lądy) "
           "dawałoby ląd w każdej kolejce aż do kolejki 4 (gdy zaczynasz)",
           "twój mulligan do 6 kart kosztował kartę i oddał z tamtej ręki Goblin Guide i 4× "
           "Lava Spike, co daje"),
    "ja": ("**コーチ（あなたのマリガンについて）**：{verdict}その7枚（土地2枚）をキープしていれば、"
           "先攻で4ターン目まで",
           "マリガンで6枚にしたので、カードが1枚減り、"
           "その手札のGoblin Guide、4× Lava Spikeを手放しました。"),
}  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "it", "pl", "ja"])
def test_a_mulligan_says_what_decided_it(locale: str) -> None:
    """After a mulligan, above the next hand: the hand given up, its exact figure had it
    been kept, what the mulligan gave up, its figure, and the verdict on the mulligan."""
    state = _burn(2)
    assert mulligan_note(state, locale) is None, "nothing to judge before a mulligan"
    state.apply("mulligan")
    note = mulligan_note(state, locale)
    advice = mulligan_advice(state)
    assert note is not None and advice is not None and advice.comparison == "mulligan-better"
    head, clause = NOTES[locale]
    verdict = t(locale, "mulligan-coach-mulligan-was-better")
    assert note.startswith(head.replace("{verdict}", verdict)) and clause in note
    assert f"**{percent(advice.keep, locale)}**" in note
    assert f"**{percent(advice.instead, locale)}**" in note
    assert t(locale, "mulligan-coach-policy") in note


def test_a_london_mulligan_after_another_counts_the_bottom_and_a_bad_one_says_so() -> None:
    """Keeping a hand after a London mulligan means putting a card on the bottom; a
    mulligan the figures do not support is called worse than keeping."""
    state = _burn(6)  # 5 lands and 2 spells: a fine 7
    state.apply("mulligan")
    note = mulligan_note(state, "en")
    assert note is not None and "mulligan:** ❌ Keeping would have done better. Kept, those" in note
    state.apply("mulligan")
    note = mulligan_note(state, "en")
    assert note is not None and "Kept (putting 1 card on the bottom), those 7 cards (" in note


def test_the_note_stands_above_the_prompt_of_the_next_hand() -> None:
    state = _burn(1)
    state.apply("mulligan")
    note = mulligan_note(state, "en")
    description = hand_embed(state, None, "en", note=note).description
    assert description is not None and description.startswith(note or "?")
    assert description.endswith(prompt(state, "en"))
