"""The control router reads the custom_ids of buttons posted by older code.

Live buttons (in members' DMs, under boards and results) keep the custom_id they were
posted with. :data:`tests.cogs.old_controls.OLD` holds, for each of the 15 kinds of
control, custom_ids exactly as the code before the router made them. The router must
parse each to the same kind and fields and hand it to the handler registered for that
kind.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.engine.actions import Action
from bot.ui import controls
from bot.ui.controls import (
    KINDS,
    CardSelect,
    Control,
    ControlRouter,
    DecisionButton,
    RematchButton,
    ShowHandButton,
)
from cogs.bingo._render import action_label
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


async def test_decision_buttons_give_the_payload_of_discord_pys_buttons() -> None:
    """``decision_view`` builds the rows as payload (:class:`controls.Buttons`): the same
    rows, custom_ids, labels, emoji and styles as a view of :class:`DecisionButton`s."""
    actions = [
        "place:0",
        "place:1",
        "place:2",
        "place:3",
        "place:4",
        "counter:2",
        "take_opp:3",
        "pass",
    ]
    names = ["Ann", "Bo"]
    built = decision_view(7, 3, actions, names, 1, "it")
    assert built is not None and not built.is_dispatchable()
    styles = {"place": discord.ButtonStyle.success, "counter": discord.ButtonStyle.danger}
    reference = controls.view_of(
        *(
            DecisionButton(
                7,
                3,
                Action.parse(text),
                *action_label(text, names, 1, "it"),
                styles.get(text.split(":")[0], discord.ButtonStyle.secondary),
                row=index // controls.ROW_BUTTONS,
            )
            for index, text in enumerate(actions)
        )
    )
    assert built.to_components() == reference.to_components()
    assert len(built.rows) == 2 and "Ann" in built.rows[1][1]["label"]
    clicked = controls.parse(built.rows[-1][-1]["custom_id"])
    assert isinstance(clicked, DecisionButton)
    assert (clicked.match_id, clicked.version, clicked.action) == (7, 3, Action.parse("pass"))


async def test_buttons_are_added_to_the_first_row_with_room_and_left_out_when_full() -> None:
    five = [controls.button_payload(f"x:{i}", str(i)) for i in range(controls.ROW_BUTTONS)]
    short = controls.Buttons([five, five[:2]])
    added = short.adding(ShowHandButton(7))
    assert [len(row) for row in added.rows] == [5, 3] and [len(row) for row in short.rows] == [5, 2]
    assert added.rows[-1][-1]["custom_id"] == "bingo:h:7"
    assert [len(r) for r in controls.Buttons([five]).adding(ShowHandButton(7)).rows] == [5, 1]
    full = controls.Buttons([five] * controls.MAX_ROWS)
    assert full.adding(ShowHandButton(7)) is full
    assert controls.Buttons.of(ShowHandButton(7), RematchButton(7)).to_components() == (
        controls.view_of(ShowHandButton(7), RematchButton(7)).to_components()
    )
