"""Mulligans in a match: declarations in turn order, the Vancouver scry, London bottoming."""

from __future__ import annotations

from .helpers import (
    LANDS,
    board,
    decide,
    embed_field,
    enabled_buttons,
    wait_prompt,
)

SEATS = ("alice", "bob")


def hand_size(panel) -> int:
    field = embed_field(panel, "Hand") or ""
    return sum(int(part.rsplit("×", 1)[1]) for part in field.split(" · ") if "×" in part)


async def _begin(bingo, **options) -> tuple[int, object, object]:
    alice = bingo.driver("alice")
    await alice.slash(bingo.channel, "bingo challenge", opponent=bingo.world.user("bob"), **options)
    message = await alice.wait_for_message(
        bingo.channel, lambda m: "challenges you" in m.content and enabled_buttons(m)
    )
    await bingo.driver("bob").click(message, "Accept")
    found = await bingo.emu.wait_for(lambda: board(bingo))
    match_id = int(found.embeds[0]["title"].split("#")[1].split(" ")[0])
    state = bingo.service.matches[match_id].state
    starter = bingo.driver(SEATS[state.starting])
    other = bingo.driver(SEATS[1 - state.starting])
    return match_id, starter, other


async def test_vancouver_mulligan_then_scry(bingo) -> None:
    """A mulligan to 4 is announced publicly in turn order and earns a scry of the top card."""
    match_id, starter, other = await _begin(bingo)
    await decide(bingo, starter, "Mulligan")
    await decide(bingo, other, "Keep")
    panel = await wait_prompt(bingo, starter, "Keep")
    assert hand_size(panel) == 4
    name = starter.user.username
    await bingo.emu.wait_for(lambda: "takes mulligan #1" in board(bingo, match_id).text)
    log = board(bingo, match_id).text
    assert log.index(f"{name} declares a mulligan") < log.index(f"{other.user.username} keeps")
    assert f"{name} takes mulligan #1 → 4 cards" in log

    await decide(bingo, starter, "Keep")
    panel = await wait_prompt(bingo, starter, "Put on bottom")
    assert "The top card of the library is" in panel.text
    shown = panel.text.split("The top card of the library is", 1)[1]
    top = next(land for land in LANDS if land in shown.split(".")[0])
    await decide(bingo, starter, "Put on bottom")
    await bingo.emu.wait_for(
        lambda: "scries 1 and puts the card on the bottom" in board(bingo, match_id).text
    )
    state = bingo.service.matches[match_id].state
    assert state.library[0] == LANDS.index(top)
    assert "puts the card on the bottom" in other.seen_text()
    assert f"puts {top}" not in other.seen_text()


async def test_london_mulligan_bottoms_a_card(bingo) -> None:
    """Under London a mulligan draws 5 again, then one card goes to the bottom on keeping."""
    match_id, starter, other = await _begin(bingo, mulligan="london")
    assert "London (2019) mulligans" in board(bingo, match_id).text
    await decide(bingo, starter, "Mulligan")
    await decide(bingo, other, "Keep")
    panel = await wait_prompt(bingo, starter, "Keep")
    assert hand_size(panel) == 5
    await decide(bingo, starter, "Keep")
    panel = await wait_prompt(bingo, starter)
    bottoms = [label for label in enabled_buttons(panel) if label.startswith("Bottom ")]
    assert bottoms, enabled_buttons(panel)
    await decide(bingo, starter, bottoms[0])
    await bingo.emu.wait_for(lambda: bingo.service.matches[match_id].state.phase == "play")
    state = bingo.service.matches[match_id].state
    assert sum(state.hands[state.starting]) == 4
    assert state.library[0] == LANDS.index(bottoms[0].removeprefix("Bottom "))
    assert state.phase == "play"
