"""A match's display bookkeeping (cogs/bingo/_display.py) read from the ``ui`` rows
earlier versions stored, and written back unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.bingo._display import Display, PanelRecord, names_of

#: The ``ui`` of a finished match in its thread, as the bot stored it before the display
#: bookkeeping was typed (dumped from tests/e2e/test_threads.py's match).
FINISHED_IN_THREAD: dict[str, Any] = {
    "names": ["alice", "bob"],
    "dm_closed": [False, False],
    "panels": [
        {"channel": 1575764843237998592, "message": 1575764843678400512, "version": 61,
         "controls": False, "ephemeral": False},
        {"channel": 1575764843363827712, "message": 1575764852574519296, "version": 61,
         "controls": False, "ephemeral": False},
    ],
    "board": 1575764852452884480,
    "pings": [None, None],
    "trash": [],
    "languages": ["en", "en"],
    "thread": 1575764842961174528,
    "board_image": "9189689c78b7e9db85ebaa0fd6066bc9",
    "thread_close_at": 1795762022.7332435,
    "thread_closed": True,
}  # fmt: skip

#: A match in progress (dumped from tests/e2e/test_quiet_dms.py), with a player whose DMs
#: are closed added: their ephemeral panel, their ping and an old panel to delete.
IN_PROGRESS: dict[str, Any] = {
    "names": ["alice", "bob"],
    "dm_closed": [False, True],
    "panels": [
        {"channel": 1575765019172274176, "message": 1575765019562344448, "version": 2,
         "controls": True, "ephemeral": False},
        {"channel": None, "message": None, "version": 2, "controls": True, "ephemeral": True},
    ],
    "board": 1575765023718899712,
    "pings": [None, 1575765023811174400],
    "trash": [[1575765019272937472, 1575765019999999999]],
    "languages": ["en", "it"],
    "tips": {"player": 0, "shown": {"mulligan": 1}},
    "thread": 1575765018937393152,
    "board_image": "6b86cff1eb53c02657bced9a78c24a0a",
}  # fmt: skip

MOVED = ("languages", "tips")  # now in the match's configuration


@pytest.mark.parametrize("stored", [FINISHED_IN_THREAD, IN_PROGRESS])
def test_a_stored_ui_round_trips_through_the_typed_record(stored: dict[str, Any]) -> None:
    display = Display.from_json(stored)
    assert display.to_json() == {k: v for k, v in stored.items() if k not in MOVED}
    assert Display.from_json(display.to_json()) == display


def test_the_fields_read_as_typed_values() -> None:
    display = Display.from_json(FINISHED_IN_THREAD)
    assert display.names == ("alice", "bob")
    assert display.thread == 1575764842961174528 and display.thread_closed
    assert display.thread_close_at == pytest.approx(1795762022.7332435)
    panel = display.panels[1]
    assert isinstance(panel, PanelRecord) and panel.message == 1575764852574519296
    progress = Display.from_json(IN_PROGRESS)
    assert progress.panels[1] == PanelRecord.private(2, True)
    assert progress.trash == [(1575765019272937472, 1575765019999999999)]


def test_a_row_of_the_first_versions_reads_with_defaults() -> None:
    """The first ``ui`` rows had no pings, trash, board picture nor thread."""
    old = {"names": ["carol", "dave"], "dm_closed": [True, False], "panels": [None, None],
           "board": 7, "log": ["carol kept"], "announced": True}  # fmt: skip
    display = Display.from_json(old)
    assert display == Display(("carol", "dave"), dm_closed=[True, False], board=7)
    assert display.to_json() == {
        "names": ["carol", "dave"], "dm_closed": [True, False], "panels": [None, None],
        "board": 7, "pings": [None, None], "trash": [],
    }  # fmt: skip
    assert names_of({}) == ("?", "?")
    with pytest.raises(KeyError):
        Display.from_json({"panels": [None, None]})  # no names: it cannot be shown


def test_replacing_a_dm_panel_sets_the_old_one_aside_once() -> None:
    display = Display.new(["alice", "bob"])
    display.replace_panel(0, PanelRecord.dm(5, 6, 1, True))
    display.replace_panel(0, PanelRecord.dm(5, 6, 2, False))  # the same message, redrawn
    assert display.trash == []
    display.replace_panel(0, PanelRecord.private(3, True))
    display.replace_panel(0, PanelRecord.dm(5, 9, 4, True))
    display.set_aside(5, 6)
    assert display.trash == [(5, 6)]
    display.pings[1] = 11
    assert list(display.messages(70)) == [(5, 9), (70, 11)]


def test_a_panel_record_is_stored_as_its_fields() -> None:
    """``to_json`` names every field of :class:`PanelRecord`, in order (it lists them
    itself, for speed, rather than calling ``dataclasses.asdict``)."""
    import dataclasses

    from cogs.bingo._display import PanelRecord

    for record in (PanelRecord.dm(1, 2, 3, True), PanelRecord.private(4, False)):
        assert list(record.to_json().items()) == list(dataclasses.asdict(record).items())
