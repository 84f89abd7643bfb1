"""The control router reads the custom_ids of buttons posted by older code.

Live buttons (in members' DMs, under boards and results) keep the custom_id they were
posted with. :data:`tests.cogs.old_controls.OLD` holds, for each of the 15 kinds of
control, custom_ids exactly as the code before the router made them. The router must
parse each to the same kind and fields and hand it to the handler registered for that
kind.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from bot.ui import controls
from bot.ui.controls import (
    KINDS,
    CardSelect,
    Control,
    ControlRouter,
    RematchButton,
    ShowHandButton,
)
from cogs.bingo._views import decision_view

from .old_controls import ADDED, OLD


def test_the_old_custom_ids_cover_every_kind() -> None:
    # the 14 kinds of commit 8ce512b, HelpButton, AccessibleButton, and those in ADDED
    assert len(KINDS) == 16 + len({kind for _, kind, _ in ADDED})
    assert {kind for _, kind, _ in OLD + ADDED} == set(KINDS)


@pytest.mark.parametrize(
    ("custom_id", "kind", "fields"), OLD + ADDED, ids=[c for c, _, _ in OLD + ADDED]
)
def test_an_old_custom_id_parses_to_its_kind_and_fields(
    custom_id: str, kind: type[Control[Any]], fields: dict[str, Any]
) -> None:
    matching = [k for k in KINDS if k.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert matching == [kind]  # one template only: discord.py tries them all
    control = controls.parse(custom_id)
    assert type(control) is kind
    assert {name: getattr(control, name) for name in fields} == fields
    assert control.custom_id == custom_id  # made again, it is the same string


async def test_the_router_hands_each_old_custom_id_to_its_kinds_handler() -> None:
    """Every kind has its own handler; each old custom_id reaches its kind's, once,
    with the parsed control."""
    calls: list[tuple[type[Control[Any]], Control[Any], object]] = []
    router = ControlRouter()

    def handler_of(kind: type[Control[Any]]):
        async def handle(interaction: object, control: Any) -> None:
            calls.append((kind, control, interaction))

        return handle

    for kind in KINDS:
        router.register(kind, handler_of(kind))
    for custom_id, kind, fields in OLD:
        control = controls.parse(custom_id)
        assert control is not None
        await router.dispatch(interaction := object(), control)  # type: ignore[arg-type]
        assert calls[-1] == (kind, control, interaction)
        assert {name: getattr(calls[-1][1], name) for name in fields} == fields
    assert len(calls) == len(OLD)


def test_a_kind_registered_again_replaces_its_handler() -> None:
    router = ControlRouter()

    async def first(interaction: object, control: ShowHandButton) -> None: ...

    async def second(interaction: object, control: ShowHandButton) -> None: ...

    router.register(ShowHandButton, first)
    router.register(ShowHandButton, second)
    assert router.handler_for(ShowHandButton) is second


async def test_a_click_on_a_kind_with_no_handler_fails_loudly() -> None:
    """An unloaded cog's controls raise (``run_guarded`` answers with an error id)."""
    router = ControlRouter()

    async def handle(interaction: object, control: RematchButton) -> None: ...

    router.register(RematchButton, handle)
    router.unregister(RematchButton)
    assert router.handler_for(RematchButton) is None
    with pytest.raises(RuntimeError, match="RematchButton"):
        await router.dispatch(object(), RematchButton(10))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "custom_id",
    [
        "bingo:m:7:x:keep",  # a version that is not a number
        "bingo:c:5:maybe",
        "bingo:tips:",
        "mull:a:21:2:pass",  # not a practice action
        "mull:s:21:3:top",
        "guide:rules:1:up",
        "guide:help:-1:next",
        "bingo:h:7 ",  # fullmatch: nothing after the id
        "other:h:7",
    ],
)
def test_custom_ids_of_no_template_parse_to_nothing(custom_id: str) -> None:
    assert controls.parse(custom_id) is None


def test_controls_are_left_to_the_router_by_discord_pys_view_store() -> None:
    """A view of controls is not dispatchable: discord.py keeps no view of it per message
    and builds none per click; the wrapped item itself is."""
    view = controls.view_of(ShowHandButton(7), RematchButton(7))
    assert not view.is_dispatchable()
    assert all(item.item.is_dispatchable() for item in view.children)  # type: ignore[attr-defined]


async def test_a_routed_select_hands_its_chosen_values_to_the_handler() -> None:
    router = ControlRouter()
    seen: list[list[str]] = []

    async def handle(interaction: object, control: CardSelect) -> None:
        seen.append(control.actions)

    router.register(CardSelect, handle)
    control = controls.parse("mull:s:21:3:bottom")
    assert isinstance(control, CardSelect)

    class Click:
        data = {"custom_id": "mull:s:21:3:bottom", "component_type": 3, "values": ["2:0", "5:1"]}

    await router.route(Click(), control)  # type: ignore[arg-type]
    assert seen == [["bottom:2", "bottom:5"]]


async def test_a_sent_view_is_taken_apart_so_no_cycle_outlives_its_request() -> None:
    """``sent_once``: during the request the view has its buttons; afterwards its items
    are off it, and the view is freed as soon as it is dropped (no reference cycle left
    for a garbage collection), where a view not taken apart is not."""
    actions = ["place:0", "place:1", "pass"]
    gc.disable()  # only reference counting frees anything below
    try:
        view = decision_view(7, 3, actions, ["Ann", "Bo"], 0, "en")
        assert view is not None
        with controls.sent_once(view) as sent:
            assert sent is view and len(view.children) == 3
        assert view.children == []
        freed = weakref.ref(view)
        del view, sent
        assert freed() is None
        kept = decision_view(7, 3, actions, ["Ann", "Bo"], 0, "en")
        cycle = weakref.ref(kept)
        del kept
        assert cycle() is not None  # its items and it hold each other
    finally:
        gc.enable()
    gc.collect()
    assert cycle() is None
    with controls.sent_once(None) as nothing:
        assert nothing is None
