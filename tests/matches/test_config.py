"""MatchConfig: what a match was set up with, to and from its stored JSON."""

from __future__ import annotations

import dataclasses

import pytest

from bot.matches import Timing
from bot.matches.config import MatchConfig, Tips


def test_a_new_configuration_round_trips_through_json() -> None:
    base = Timing()
    timing = dataclasses.replace(base, turn_seconds=45.0, counter_seconds=600.0)
    config = MatchConfig.of(timing, (True, False)).with_language("it")
    stored = config.to_json()
    assert stored == {
        "quick": [True, False],
        "language": "it",
        "timing": {"turn": 45.0, "counter": 600.0, "choice": base.choice_seconds},
    }
    assert MatchConfig.from_json(stored) == config


def test_the_timers_apply_on_top_of_the_runtimes() -> None:
    base = Timing(agent_pause=0.25)
    config = MatchConfig(timing=(10.0, 20.0, 30.0))
    timing = config.timing_over(base)
    assert timing is not None
    assert (timing.turn_seconds, timing.counter_seconds, timing.choice_seconds) == (10, 20, 30)
    assert timing.agent_pause == 0.25
    assert MatchConfig().timing_over(base) is None


def test_a_match_stored_before_the_keys_existed_reads_as_their_defaults() -> None:
    config = MatchConfig.from_json({})
    assert (config.timing, config.quick, config.language) == (None, (False, False), None)
    assert not config.has_language
    assert "language" not in config.to_json()
    assert MatchConfig.from_json({"language": None}).has_language


def test_a_tournament_table_round_trips_and_an_older_match_has_none() -> None:
    config = MatchConfig().with_tournament(7)
    assert config.to_json()["tournament"] == 7
    assert MatchConfig.from_json(config.to_json()).tournament == 7
    assert MatchConfig.from_json({"quick": [False, False]}).tournament is None
    assert "tournament" not in MatchConfig().to_json()


def test_a_configuration_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        MatchConfig().language = "fr"  # type: ignore[misc]


def test_the_seats_languages_and_tips_round_trip_and_old_ui_keys_are_read() -> None:
    config = MatchConfig().with_seat_language(1, "pl").with_tips(Tips(0, (("turn", 2),)))
    stored = config.to_json()
    assert stored["languages"] == [None, "pl"]
    assert stored["tips"] == {"player": 0, "shown": {"turn": 2}}
    assert MatchConfig.from_json(stored) == config
    # as a ui written before they moved to the configuration held them
    old = MatchConfig.from_json({"languages": ["ja", None], "tips": None})
    assert (old.languages, old.tips) == (("ja", None), None)
    assert "languages" not in MatchConfig().to_json()  # nothing stored when unset
