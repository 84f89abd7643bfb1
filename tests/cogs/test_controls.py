"""The control router reads the custom_ids of buttons posted by older code.

Live buttons (in members' DMs, under boards and results) keep the custom_id they were
posted with. :data:`tests.cogs.old_controls.OLD` holds, for each of the 15 kinds of
control, custom_ids exactly as the code before the router made them. The router must
parse each to the same kind and fields and hand it to the handler registered for that
kind.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.ui import controls
from bot.ui.controls import KINDS, Control, ControlRouter, RematchButton, ShowHandButton

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
    added: list[type[Control[Any]]] = []
    router = ControlRouter(added.append)

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
    assert added == list(KINDS)  # each kind handed to discord.py once


def test_a_kind_registered_again_replaces_its_handler_and_is_added_once() -> None:
    added: list[type[Control[Any]]] = []
    router = ControlRouter(added.append)

    async def first(interaction: object, control: ShowHandButton) -> None: ...

    async def second(interaction: object, control: ShowHandButton) -> None: ...

    router.register(ShowHandButton, first)
    router.register(ShowHandButton, second)
    assert router.handler_for(ShowHandButton) is second
    assert added == [ShowHandButton]


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
