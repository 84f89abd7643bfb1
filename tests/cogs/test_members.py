"""How a member is named by id (cogs/members.py): a mention, or "deleted member" for an
erased member's pseudonym (docs/PRIVACY.md), here in tournament standings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.i18n import t
from bot.tournaments.swiss import Standing
from cogs.bingo._tournaments import standings_lines
from cogs.members import member_mention


@pytest.mark.parametrize("lang", ["en", "it", "pl", "ja"])
def test_a_pseudonym_reads_as_deleted_member_and_a_member_as_a_mention(lang: str) -> None:
    assert member_mention(123456789012345678, lang) == "<@123456789012345678>"
    deleted = member_mention(-987654321, lang)
    assert deleted == t(lang, "privacy-deleted-member") and "<@" not in deleted


def test_tournament_standings_show_an_erased_player_as_deleted_member() -> None:
    third = Fraction(1, 3)
    rows = [
        Standing(1, -42, 3, 1, 0, 0, 0, 1, Fraction(1), third, Fraction(1), third),
        Standing(2, 22, 0, 0, 1, 0, 0, 1, third, Fraction(1), third, Fraction(1)),
    ]
    header, first, second = standings_lines(rows, "en")
    assert "deleted member" in first and "<@-42>" not in first
    assert "<@22>" in second
