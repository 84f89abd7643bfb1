"""The global ladder's pure rules (``bot.ladder``): its seasons (calendar quarters, UTC)
and the names members choose."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot import ladder as rules


def _at(*date: int) -> float:
    return datetime(*date, tzinfo=UTC).timestamp()


def test_seasons_are_calendar_quarters_from_the_first_year() -> None:
    first = rules.season(1)
    assert (first.year, first.quarter) == (rules.FIRST_YEAR, 1)
    assert (first.start, first.end) == (_at(2026, 1, 1), _at(2026, 4, 1))
    fourth, fifth = rules.season(4), rules.season(5)
    assert (fourth.start, fourth.end) == (_at(2026, 10, 1), _at(2027, 1, 1))
    assert (fifth.year, fifth.quarter, fifth.start) == (2027, 1, fourth.end)
    for number in range(1, 30):  # seasons tile time: each ends where the next starts
        assert rules.season(number).end == rules.season(number + 1).start
    with pytest.raises(ValueError):
        rules.season(0)


def test_the_season_of_a_moment() -> None:
    assert rules.season_at(_at(2026, 11, 29, 6)).number == 4
    assert rules.season_at(_at(2027, 1, 1)).number == 5
    assert rules.season_at(_at(2027, 1, 1) - 1).number == 4
    assert rules.season_at(_at(2026, 3, 31, 23, 59)).number == 1
    assert rules.season_at(_at(2020, 5, 1)).number == 1  # before the ladder: season 1


@pytest.mark.parametrize(
    ("raw", "name", "refusal"),
    [
        ("Alice", "Alice", None),
        ("  Ann   Lee ", "Ann Lee", None),
        ("アリス", "アリス", None),
        ("Zoë O'Brien-Smith", "Zoë O'Brien-Smith", None),
        ("ｆｕｌｌ", "full", None),  # NFKC: full-width letters become ordinary ones
        ("a", "a", "short"),
        ("x" * (rules.NAME_MAX + 1), "x" * (rules.NAME_MAX + 1), "long"),
        ("<@123456>", "<@123456>", "characters"),
        ("@everyone", "@everyone", "characters"),
        ("**bold**", "**bold**", "characters"),
        ("a_b", "a_b", "characters"),
        ("x`y`", "x`y`", "characters"),
        ("spoiler||x||", "spoiler||x||", "characters"),
        ("evil\u202ename", "evil\u202ename", "characters"),  # a bidirectional override
        ("<:e:1>", "<:e:1>", "characters"),
        ("12345", "12345", "letter"),
        ("line\nbreak", "line break", None),  # whitespace collapses to one space
    ],
)
def test_name_rules(raw: str, name: str, refusal: str | None) -> None:
    check = rules.check_name(raw)
    assert (check.name, check.refusal) == (name, refusal)


def test_names_that_differ_only_in_case_spaces_or_punctuation_are_one() -> None:
    keys = {
        rules.name_key(n) for n in ("Ann Lee", "ann-lee", "ANNLEE", "a.n.n lee", "ＡＮＮ ＬＥＥ")
    }
    assert keys == {"annlee"}
    assert rules.name_key("Ann Leo") != rules.name_key("Ann Lee")
