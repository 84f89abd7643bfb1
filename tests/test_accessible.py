"""Screen-reader mode's sentences (bot/ui/accessible.py): words for every land, CLDR
plural forms in the four languages, only what the viewer may see, the decision actually
asked (a counter window on the other player's turn), the time left, the near wins, and
no emoji or symbol anywhere."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.engine.actions import Decision
from bot.engine.outcome import Reason, Result
from bot.i18n import t
from bot.matches import events_for, player_view, public_view
from bot.ui.accessible import board_sentence, closed, is_symbol, lands_in_words, panel_sentence
from bot.ui.lands import LAND_EMOJI, land_name
from cogs.bingo._render import log_lines

NAMES = ["alice", "bob"]


@pytest.mark.parametrize(
    ("locale", "counts", "words"),
    [
        ("en", [2, 1, 0, 0, 0], "2 Plains, 1 Island"),
        ("en", [1, 0, 2, 1, 3], "1 Plains, 2 Swamps, 1 Mountain, 3 Forests"),
        ("en", [0, 0, 0, 0, 0], "none"),
        ("it", [1, 2, 0, 1, 2], "1 Pianura, 2 Isole, 1 Montagna, 2 Foreste"),
        # Polish: one / few / many (CLDR), 22 is "few" again
        ("pl", [1, 2, 5, 22, 12], "1 Równina, 2 Wyspy, 5 Bagien, 22 Góry, 12 Lasów"),
        ("pl", [0, 0, 0, 0, 1], "1 Las"),
        ("ja", [1, 2, 0, 0, 3], "平地1枚、島2枚、森3枚"),
    ],
)
def test_lands_in_words(locale: str, counts: list[int], words: str) -> None:
    assert lands_in_words(counts, locale) == words


def _state(seed: int = 7) -> BingoState:
    state, _ = BingoState.new(seed)
    return state


def test_a_panel_sentence_names_whose_move_the_hand_and_the_choices_in_words() -> None:
    state = _state()
    player = state.current_player()
    assert player is not None
    view = player_view(state, player)
    sentence = panel_sentence(view, NAMES, "en", last="**bob** places ☀️ Plains.")
    assert sentence.startswith("Mulligans. Your move: keep or mulligan. Your territory: none; ")
    other = NAMES[1 - player]
    assert f"{other}'s territory: none." in sentence
    assert f"Your hand: {lands_in_words(view.hand, 'en')}." in sentence
    assert f"{other} holds {view.hand_sizes[1 - player]} cards." in sentence
    assert "Last: bob places Plains. You can" in sentence  # no markdown, no emoji left
    assert sentence.endswith("You can: Keep, Mulligan.")
    assert "\n" not in sentence and "  " not in sentence  # one line, nothing laid out
    without_emoji = sentence
    for emoji in LAND_EMOJI:
        without_emoji = without_emoji.replace(emoji, "")
    assert re.search(r"Your hand: (\d \w+(, )?)+\.", without_emoji)


def test_a_panel_sentence_never_reads_the_other_hand() -> None:
    """Two states that differ only in the other player's hand give the same sentence."""
    state = _state()
    player = state.current_player()
    assert player is not None
    other = 1 - player
    changed = BingoState.from_json(state.to_json())
    hand = changed.hands[other]
    kinds = [k for k in range(5) if hand[k]]
    hand[kinds[0]] -= 1
    hand[(kinds[0] + 1) % 5] += 1
    assert changed.hands[other] != state.hands[other]
    for locale in ("en", "it", "pl", "ja"):
        mine = panel_sentence(player_view(state, player), NAMES, locale)
        assert mine == panel_sentence(player_view(changed, player), NAMES, locale)


def test_a_waiting_panel_and_the_board_name_whose_move_it_is() -> None:
    state = _state()
    player = state.current_player()
    assert player is not None
    other = 1 - player
    waiting = panel_sentence(player_view(state, other), NAMES, "en")
    assert waiting.startswith(f"Mulligans. Waiting for {NAMES[player]}. ")
    assert "You can" not in waiting
    board = board_sentence(public_view(state), NAMES, "it")
    assert board.startswith(f"Mulligan. In attesa di {NAMES[player]}. ")
    assert "Territorio di alice: nessuna; territorio di bob: nessuna." in board
    size, library = sum(state.hands[0]), len(state.library)
    assert f"alice ha in mano {size} carte. bob ha in mano {size} carte." in board
    assert board.endswith(f"Mazzo: {library} carte.")


@pytest.mark.parametrize(
    ("locale", "start"),
    [("en", "Mulligans. "), ("it", "Mulligan. "), ("pl", "Mulligany. "), ("ja", "マリガン中。")],
)
def test_every_language_has_the_sentence(locale: str, start: str) -> None:
    state = _state()
    player = state.current_player()
    assert player is not None
    sentence = panel_sentence(player_view(state, player), NAMES, locale)
    assert sentence.startswith(start)
    assert "a11y-" not in sentence  # no missing key


def _play_until(seed: int, found, options: BingoOptions | None = None) -> BingoState:
    """A random match of ``seed`` played until ``found(state)``."""
    state, _ = BingoState.new(seed, options)
    rng = random.Random(seed)
    while not found(state):
        assert not state.is_over, "the match ended first"
        state.apply(rng.choice(state.legal_actions()))
    return state


def _counter_window(state: BingoState) -> bool:
    return state.decision() == Decision.COUNTER


def test_a_counter_window_says_what_is_decided_not_your_move() -> None:
    """On the other player's turn, the panel of the player who may counter says what
    was placed and what they may do; the placer's panel and the board say the land is
    on its way."""
    state = next(
        _play_until(seed, _counter_window) for seed in range(40) if _finds(seed, _counter_window)
    )
    decider = state.current_player()
    assert decider is not None
    placer = 1 - decider
    land = ["Plains", "Island", "Swamp", "Mountain", "Forest"][state.pending_land]
    sentence = panel_sentence(player_view(state, decider), NAMES, "en")
    assert f"{NAMES[placer]} placed {land}: you may counter it or let it resolve." in sentence
    assert "Your move" not in sentence
    assert sentence.endswith(".")
    waiting = panel_sentence(player_view(state, placer), NAMES, "en")
    assert f"You are placing {land}." in waiting
    board = board_sentence(public_view(state), NAMES, "en")
    assert f"{NAMES[placer]} is placing {land}." in board
    for locale in ("it", "pl", "ja"):
        said = panel_sentence(player_view(state, decider), NAMES, locale)
        name = land_name(state.pending_land, locale)
        assert t(locale, "a11y-decide-counter", name=NAMES[placer], land=name) in said, said


def _finds(seed: int, found) -> bool:
    try:
        _play_until(seed, found)
    except AssertionError:
        return False
    return True


def test_the_time_left_follows_whose_move_it_is() -> None:
    """The time left is said right after whose move it is, as Discord's relative
    timestamp (rendered, and kept current, as words), only to the player who decides;
    the board says it to everyone, and nothing once the match is over."""
    state = _state()
    player = state.current_player()
    assert player is not None
    mine = panel_sentence(player_view(state, player), NAMES, "en", deadline=1_700_000_123.6)
    assert mine.startswith(
        "Mulligans. Your move: keep or mulligan. Time runs out <t:1700000123:R>. "
    )
    other = panel_sentence(player_view(state, 1 - player), NAMES, "en", deadline=1_700_000_123)
    assert "<t:" not in other
    board = board_sentence(public_view(state), NAMES, "ja", deadline=1_700_000_123)
    assert "<t:1700000123:R>に時間切れになります。" in board


def test_the_sentence_warns_of_a_near_win_from_the_territories_only() -> None:
    state = _state()
    player = state.current_player()
    assert player is not None
    other = 1 - player
    state.territories[other] = [0, 0, 4, 0, 0]  # a fifth Swamp wins (RULES §1.6)
    state.territories[player] = [1, 1, 1, 1, 0]  # a Forest makes five colours
    mine = panel_sentence(player_view(state, player), NAMES, "en")
    assert f"{NAMES[other]} needs one Swamp to win." in mine
    assert "You need one Forest to win." in mine
    board = board_sentence(public_view(state), NAMES, "it")
    assert f"A {NAMES[other]} manca una Palude per vincere." in board
    assert f"A {NAMES[player]} manca una Foresta per vincere." in board
    # the hand never makes a warning: the same sentence with another hand
    hand = state.hands[player]
    kind = next(k for k in range(5) if hand[k])
    hand[kind] -= 1
    hand[(kind + 1) % 5] += 1
    again = panel_sentence(player_view(state, player), NAMES, "en")
    assert again.count("to win.") == mine.count("to win.") == 2


#: Discord's relative timestamp: markup Discord shows as words.
TIMESTAMP = re.compile(r"<t:\d+:R>")


@pytest.mark.parametrize("locale", ["en", "it", "pl", "ja"])
def test_the_sentence_holds_words_only(locale: str) -> None:
    """Every sentence of random matches (panels, both players, and the board, with what
    just happened as the cog renders it) holds no emoji and no symbol: no "🎲5", no
    "💀 Swamp", no "🏆", no "+" or "→" a screen reader would read by name."""
    checked = 0
    for seed in range(4):
        options = BingoOptions(mulligan_rule=MulliganRule.LONDON, max_turns=40)
        state, events = BingoState.new(seed, options)
        rng = random.Random(seed)
        log: list[dict] = []
        while True:
            log += [event.to_json() for event in events_for(events, None)]
            last = " ".join(log_lines(log, NAMES, options, locale, last=3, spoken=True))
            said = [board_sentence(public_view(state), NAMES, locale, last, 1.0e9)]
            for player in (0, 1):
                said.append(panel_sentence(player_view(state, player), NAMES, locale, last, 1.0e9))
            for sentence in said:
                bare = TIMESTAMP.sub("", sentence)
                assert not [c for c in bare if is_symbol(c)], sentence
                assert "–" not in bare and "—" not in bare, sentence
                checked += 1
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_a_name_made_safe_to_show_keeps_its_escapes() -> None:
    """Names come escaped for Markdown (``bot.ui.text.echo``): the symbol stripping keeps
    an escaped character, which Discord shows as itself ("john_doe", "a~b")."""
    state = _state()
    player = state.current_player()
    assert player is not None
    names = ["john\\_doe", "a\\~b 🎉"]
    sentence = board_sentence(public_view(state), names, "en")
    assert "john\\_doe's territory" in sentence
    assert "a\\~b 's territory" in sentence  # the emoji goes, the escaped ~ stays


@pytest.mark.parametrize(("locale", "stop"), [("en", "."), ("it", "."), ("pl", "."), ("ja", "。")])
def test_a_moderators_reason_is_closed_and_said_once(locale: str, stop: str) -> None:
    """A moderator's reason is the member's own words, with no full stop: the sentence
    closes it before the next clause, and says the ending once even when the log's last
    line is the same words."""
    view = replace(
        player_view(_state(), 0), result=Result(None, Reason.MODERATOR, note="left the table")
    )
    ended = "⛔ A moderator ended it. Reason: left the table"
    for last in (ended, closed(ended, locale)):  # the cog closes each line of the log
        sentence = panel_sentence(
            view, NAMES, locale, last="**bob** places ☀️ Plains. " + last, outcome=ended
        )
        assert sentence.startswith(f"A moderator ended it. Reason: left the table{stop}")
        assert sentence.count("Reason: left the table") == 1, sentence
    board = board_sentence(replace(public_view(_state()), result=None), NAMES, locale, last=ended)
    assert f"Reason: left the table{stop}" in board
