"""Every kind of decision through the emulator: the counter, each effect's choice,
closed DMs, double clicks, strangers, resigning and timers."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import BingoState
from bot.engine.table import kinds_in
from bot.ui.lands import LAND_EMOJI

from .helpers import (
    LANDS,
    board,
    challenge,
    decide,
    embed_field,
    enabled_buttons,
    play_out,
    prompt,
    result_posted,
    start_match,
    wait_prompt,
)

ISLAND, SWAMP, MOUNTAIN, FOREST, PLAINS = 1, 2, 3, 4, 0
SEATS = ("alice", "bob")  # the challenger is player 0


class Misfit(Exception):
    """The deal does not fit the script."""


def effects_script(state: BingoState) -> list[tuple[int, str]] | None:
    """Swamp (discard X), Forest (take X back), Mountain (destroy the Forest), then a
    counter with Island + Y.  Returns ``(player, action)`` steps, or None if the deal
    cannot play it."""
    starter, other = state.starting, 1 - state.starting
    steps: list[tuple[int, str]] = []

    def do(player: int, action: str) -> None:
        if state.current_player() != player or action not in state.legal_actions():
            raise Misfit
        state.apply(action)
        steps.append((player, action))

    try:
        do(starter, "keep")
        do(other, "keep")
        do(starter, f"place:{SWAMP}")
        do(other, "allow")
        spare = [k for k in kinds_in(state.hands[other]) if k not in (PLAINS, FOREST)]
        if not spare:
            raise Misfit
        do(other, f"discard:{spare[0]}")
        do(other, f"place:{FOREST}")
        do(starter, "allow")
        do(other, f"take:{spare[0]}")
        do(starter, f"place:{MOUNTAIN}")
        do(other, "allow")
        do(starter, f"destroy:{FOREST}")
        do(other, f"place:{PLAINS}")
        hand = state.hands[starter]
        extra = [k for k in kinds_in(hand) if k != ISLAND or hand[ISLAND] >= 2]
        if not hand[ISLAND] or not extra:
            raise Misfit
        do(starter, f"counter:{extra[0]}")
    except Misfit:
        return None
    return steps


def label_of(action: str) -> str:
    verb, _, arg = action.partition(":")
    name = LANDS[int(arg)] if arg else ""
    return {
        "keep": "Keep",
        "allow": "Let it resolve",
        "place": f"Place {name}",
        "discard": f"Discard {name}",
        "take": f"Take {name}",
        "destroy": f"Destroy {name}",
        "counter": f"Counter (Island + {name})",
    }[verb]


def first_fitting_seed() -> tuple[int, list[tuple[int, str]]]:
    for seed in range(20000):
        state, _ = BingoState.new(seed)
        steps = effects_script(state)
        if steps:
            return seed, steps
    raise AssertionError("no seed fits")


def board_field(bw, match_id: int, seat: int) -> str:
    """The board's field for ``seat`` (its name carries a die when that seat started)."""
    message = board(bw, match_id)
    return embed_field(message, SEATS[seat]) or embed_field(message, SEATS[seat] + " 🎲")


def pile(field: str) -> str:
    return field.split("Discard pile:")[1]


async def test_counter_and_each_effect_choice(bingo) -> None:
    """Swamp discard, Forest take, Mountain destroy and a counter, each chosen by button."""
    seed, steps = first_fitting_seed()
    match_id = await start_match(bingo, seed=seed)
    drivers = [bingo.driver(name) for name in SEATS]
    for player, action in steps:
        await decide(bingo, drivers[player], label_of(action))
        verb = action.partition(":")[0]
        other = 1 - player
        if verb == "discard":
            await bingo.emu.wait_for(lambda: "discards" in board(bingo, match_id).text)
            assert LAND_EMOJI[int(action[-1])] in pile(board_field(bingo, match_id, player))
        if verb == "take":
            panel = drivers[player].dm_messages()[-1]
            assert LANDS[int(action[-1])] in embed_field(panel, "Hand")
        if verb == "destroy":
            await bingo.emu.wait_for(lambda: "destroys" in board(bingo, match_id).text)
            assert "Territory: —" in board_field(bingo, match_id, other)
        if verb == "counter":
            await bingo.emu.wait_for(lambda: "counters" in board(bingo, match_id).text)
            assert "💧" in pile(board_field(bingo, match_id, player))
            assert "☀️" in pile(board_field(bingo, match_id, other))
            assert "Territory: ☀️" not in board_field(bingo, match_id, other)

    record = await bingo.db.get_match(match_id)
    replayed = BingoState.replay(seed, None, record.decisions)
    expected = BingoState.new(seed)[0]
    for _player, action in steps:
        expected.apply(action)
    assert replayed.to_json() == expected.to_json()


@pytest.mark.slow
async def test_closed_dms_use_show_my_hand_and_pings(bingo) -> None:
    """With bob's DMs closed the match goes on through "Show my hand", ephemerally. bob is
    pinged in the match's thread for each decision; the old pings are deleted behind the
    new ones (the delivery's tidy lane: for a moment several may show), and none is left once the
    match is over (here: bob resigns); nobody else is ever pinged."""
    bingo.emu.set_dms_closed(bingo.world.user("bob"))
    match_id = await start_match(bingo)
    await bingo.emu.wait_for(lambda: "Show my hand" in enabled_buttons(board(bingo, match_id)))

    carol = bingo.driver("carol")
    where = board(bingo, match_id).channel_id  # the match's thread
    await carol.click(board(bingo, match_id), "Show my hand")
    assert "This isn't your match." in carol.ephemerals(where)[-1].text
    bob_id = bingo.world.user("bob").id

    def pings(include_deleted: bool) -> list:
        return [
            m
            for m in bingo.emu.channel_messages(where, include_deleted=include_deleted)
            if m.content.startswith(f"<@{bob_id}>, your decision")
        ]

    # Pinged for three decisions (each ping in the thread's bucket, 5 per 5 s as on
    # Discord), then bob resigns
    await play_out(bingo, match_id, until=lambda labels: len(pings(True)) >= 3)
    await bingo.driver("bob").slash(bingo.channel, "bingo resign")
    await bingo.emu.wait_for(lambda: result_posted(bingo, match_id), message="the result")
    bob = bingo.driver("bob")
    assert bob.dm_messages() == []
    panels = [m for m in bob.ephemerals(where) if "bob's hand" in m.text]
    assert panels, "bob saw his hand ephemerally"
    assert "bob's hand" not in bingo.driver("alice").seen_text()
    assert "bob's hand" not in carol.seen_text()
    record = await bingo.db.get_match(match_id)
    assert record.status == "finished"

    bingo.emu.assert_no_pings(users=[bingo.world.user("bob")])
    decisions = [p for p in bingo.emu.pings if "your decision" in p.content]
    assert decisions and all(p.users == (bob_id,) for p in decisions), decisions
    await bingo.emu.wait_for(lambda: not pings(False), message="no ping left")
    assert len(pings(True)) >= 3


async def test_double_click_applies_once(bingo) -> None:
    """Two clicks on the same button arriving together apply once; the other is told."""
    match_id = await start_match(bingo)
    state = bingo.service.matches[match_id].state
    starter = bingo.driver(SEATS[state.starting])
    message = await wait_prompt(bingo, starter, "Keep")
    first, second = await asyncio.gather(
        starter.click(message, "Keep"), starter.click(message, "Keep")
    )
    assert first.acknowledged and second.acknowledged
    await bingo.emu.wait_for(lambda: bingo.service.matches[match_id].state.version >= 1)
    record = await bingo.db.get_match(match_id)
    assert [a for _, a in record.decisions] == ["keep"]
    await bingo.emu.wait_for(
        lambda: [m for m in starter.dm_messages() if "no longer current" in m.text]
    )
    await asyncio.sleep(0.1)
    stale = [m for m in starter.dm_messages() if "no longer current" in m.text]
    assert len(stale) == 1
    assert [a for _, a in (await bingo.db.get_match(match_id)).decisions] == ["keep"]


async def test_resign_ends_the_match_and_counts_a_loss(bingo) -> None:
    """/bingo resign loses the match; the opponent gets the win."""
    match_id = await start_match(bingo)
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "bingo resign")
    reply = await record.wait_for_response()
    assert reply.ephemeral and "resigned" in reply.text
    await bingo.emu.wait_for(lambda: result_posted(bingo, match_id))
    assert "**bob** wins by resignation" in result_posted(bingo, match_id).content
    stats = await bingo.db.player_stats(bingo.world.guild.id, bingo.world.user("alice").id)
    assert (stats.wins, stats.losses) == (0, 1)
    again = await alice.slash(bingo.channel, "bingo resign")
    assert "not in a match" in (await again.wait_for_response()).text


async def test_hand_command_resends_controls_privately(bingo) -> None:
    """/bingo hand answers ephemerally with the player's hand and working controls."""
    match_id = await start_match(bingo)
    state = bingo.service.matches[match_id].state
    starter = bingo.driver(SEATS[state.starting])
    record = await starter.slash(bingo.channel, "bingo hand")
    reply = await record.wait_for_response()
    assert reply.ephemeral
    assert f"{SEATS[state.starting]}'s hand" in reply.text
    await starter.click(reply, "Keep")
    await bingo.emu.wait_for(lambda: bingo.service.matches[match_id].state.version == 1)
    carol = await bingo.driver("carol").slash(bingo.channel, "bingo hand")
    assert "not in a match" in (await carol.wait_for_response()).text


FAST = {"BINGO_TURN_SECONDS": "0.2", "BINGO_CHOICE_SECONDS": "0.2", "BINGO_COUNTER_SECONDS": "0.2"}


@pytest.mark.parametrize(
    ("bot_env", "limit"),
    [(FAST, 3), ({**FAST, "BINGO_MAX_TIMEOUTS": "2"}, 2)],
    indirect=["bot_env"],
)
async def test_timed_out_turns_forfeit(bingo, limit: int) -> None:
    """Nobody acts: mulligans keep, turns pass, and ``BINGO_MAX_TIMEOUTS`` timed-out
    turns lose (§1.8); the result names that setting, not a fixed number."""
    match_id = await start_match(bingo)
    message = await bingo.emu.wait_for(lambda: result_posted(bingo, match_id), timeout=10)
    assert f"wins by {limit} timed-out turns in a row" in message.content
    record = await bingo.db.get_match(match_id)
    state = BingoState.from_json(record.state)
    assert record.loser_id == bingo.world.user(SEATS[state.starting]).id
    # Both declarations time out (and keep), then the starter's turns and the other's.
    assert [a for _, a in record.decisions].count("timeout") == 2 + limit + (limit - 1)
    for name in SEATS:  # each panel's last edit may follow the result post (another lane)
        await bingo.emu.wait_for(
            lambda name=name: prompt(bingo.driver(name)) is None,
            message=f"no controls left on {name}'s panel after the match",
        )


async def test_a_click_on_an_older_version_is_answered_privately(bingo) -> None:
    """A player clicks a panel as their client still shows it, after the bot edited it
    (the click's custom_id is no longer on the message): a private "no longer current",
    not "This interaction failed", and nothing changes."""
    match_id = await start_match(bingo)
    state = bingo.service.matches[match_id].state
    starter = bingo.driver(SEATS[state.starting])
    panel = await wait_prompt(bingo, starter, "Keep")
    seen = starter.look(panel)
    await decide(bingo, starter, "Keep")  # the bot edits the panel: no more Keep on it
    record = await starter.click(seen, "Keep")
    assert record.acknowledged, "the stale click was left unanswered"
    await bingo.emu.wait_for(
        lambda: [m for m in starter.dm_messages() if "no longer current" in m.text],
        message="the private answer",
    )
    assert [a for _, a in (await bingo.db.get_match(match_id)).decisions] == ["keep"]


async def test_a_click_on_the_challenge_before_its_edit_is_answered(bingo) -> None:
    """Accept, clicked on the challenge as it was before the bot marked it accepted,
    gets a private answer and leaves the accepted message alone."""
    message = await challenge(bingo, "alice", "bob")
    bob = bingo.driver("bob")
    seen = bob.look(message)
    await bob.click(message, "Accept")
    await bingo.emu.wait_for(lambda: "accepted" in bingo.emu.messages[message.id].content)
    record = await bob.click(seen, "Accept")
    assert record.acknowledged
    assert record.message is not None and record.message.ephemeral
    assert "accepted" in bingo.emu.messages[message.id].content
