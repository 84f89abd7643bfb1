"""Challenges: creation, atomic closing, pending lookups and atomic acceptance."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import Challenge, ChallengeLimitError, Database
from tests.storage.helpers import CHANNEL, GUILD


async def _challenge(
    db: Database, challenger: int = 1, opponent: int = 2, *, guild_id: int = GUILD
) -> int:
    return await db.create_challenge(guild_id, CHANNEL, challenger, opponent, 10.0, 310.0)


async def _accept(db: Database, challenge_id: int, players: tuple[int, int] = (1, 2)) -> int | None:
    return await db.accept_challenge(
        challenge_id,
        player_ids=players,
        seed=7,
        options={"library": 60},
        state={"turn": 1},
        decisions=[],
        version=0,
        started_at=20.0,
        deadline=140.0,
        ui={},
    )


async def test_created_challenge_round_trips(db: Database) -> None:
    """A new challenge is stored pending with every field as given."""
    options = {"mulligan_rule": "london", "free_first": True}
    challenge_id = await db.create_challenge(GUILD, CHANNEL, 11, 22, 10.0, 310.0, options)
    assert await db.get_challenge(challenge_id) == Challenge(
        id=challenge_id,
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=11,
        opponent_id=22,
        message_id=None,
        status="pending",
        created_at=10.0,
        expires_at=310.0,
        match_id=None,
        options=options,
    )


async def test_missing_challenge_is_none(db: Database) -> None:
    """Looking up an unknown id returns None."""
    assert await db.get_challenge(999) is None


async def test_set_challenge_message_is_stored(db: Database) -> None:
    """The public message id is remembered."""
    challenge_id = await _challenge(db)
    await db.set_challenge_message(challenge_id, 5555)
    challenge = await db.get_challenge(challenge_id)
    assert challenge is not None and challenge.message_id == 5555


async def test_close_challenge_only_succeeds_once(db: Database) -> None:
    """The first close wins; a second close returns False and changes nothing."""
    challenge_id = await _challenge(db)
    assert await db.close_challenge(challenge_id, "declined") is True
    assert await db.close_challenge(challenge_id, "expired") is False
    challenge = await db.get_challenge(challenge_id)
    assert challenge is not None and challenge.status == "declined"


async def test_concurrent_closes_have_exactly_one_winner(db: Database) -> None:
    """Racing closes (accept vs. expire vs. cancel) change the challenge once."""
    challenge_id = await _challenge(db)
    results = await asyncio.gather(
        db.close_challenge(challenge_id, "expired"),
        db.close_challenge(challenge_id, "cancelled"),
        db.close_challenge(challenge_id, "declined"),
    )
    assert sorted(results) == [False, False, True]


async def test_close_challenge_of_unknown_id_is_false(db: Database) -> None:
    """Closing a challenge that does not exist reports no change."""
    assert await db.close_challenge(404, "expired") is False


async def test_close_challenge_rejects_pending_status(db: Database) -> None:
    """'pending' (or any unknown word) is not a closing status."""
    challenge_id = await _challenge(db)
    with pytest.raises(ValueError):
        await db.close_challenge(challenge_id, "pending")  # type: ignore[arg-type]


async def test_pending_challenges_lists_only_pending(db: Database) -> None:
    """Closed challenges disappear from the pending list; order is oldest first."""
    first = await _challenge(db, 1, 2)
    closed = await _challenge(db, 3, 4)
    third = await _challenge(db, 5, 6, guild_id=GUILD + 1)
    await db.close_challenge(closed, "cancelled")
    assert [c.id for c in await db.pending_challenges()] == [first, third]


async def test_pending_challenges_of_matches_both_roles_in_guild(db: Database) -> None:
    """A user's pending challenges include those they sent and received, in that guild only."""
    sent = await _challenge(db, 1, 2)
    received = await _challenge(db, 3, 1)
    await _challenge(db, 3, 4)
    await _challenge(db, 1, 5, guild_id=GUILD + 1)
    assert [c.id for c in await db.pending_challenges_of(GUILD, 1)] == [sent, received]


async def test_accept_challenge_creates_linked_match(db: Database) -> None:
    """Accepting creates an active match in the challenge's channel and links it."""
    challenge_id = await _challenge(db)
    match_id = await _accept(db, challenge_id, players=(2, 1))
    assert match_id is not None
    challenge = await db.get_challenge(challenge_id)
    assert challenge is not None
    assert (challenge.status, challenge.match_id) == ("accepted", match_id)
    match = await db.get_match(match_id)
    assert match is not None
    assert (match.guild_id, match.channel_id, match.player_ids) == (GUILD, CHANNEL, (2, 1))
    assert match.status == "active"


async def test_accept_challenge_twice_creates_one_match(db: Database) -> None:
    """A second accept returns None and creates no second match."""
    challenge_id = await _challenge(db)
    assert await _accept(db, challenge_id) is not None
    assert await _accept(db, challenge_id) is None
    assert len(await db.active_matches()) == 1


async def test_accept_after_decline_is_refused(db: Database) -> None:
    """A declined challenge cannot be accepted any more."""
    challenge_id = await _challenge(db)
    await db.close_challenge(challenge_id, "declined")
    assert await _accept(db, challenge_id) is None
    assert await db.active_matches() == []


async def test_accept_with_wrong_players_changes_nothing(db: Database) -> None:
    """Seat order must use the challenge's two players; otherwise nothing is written."""
    challenge_id = await _challenge(db)
    with pytest.raises(ValueError):
        await _accept(db, challenge_id, players=(1, 3))
    challenge = await db.get_challenge(challenge_id)
    assert challenge is not None and challenge.status == "pending"
    assert await db.active_matches() == []


# --- limits on pending challenges ---------------------------------------------------


async def _bounded(db: Database, challenger: int, opponent: int, *, at: float = 10.0) -> int:
    return await db.create_challenge(
        GUILD, CHANNEL, challenger, opponent, at, at + 300.0, per_pair=1, per_challenger=3
    )


async def test_one_pending_challenge_per_pair_either_way(db: Database) -> None:
    await _bounded(db, 1, 2)
    for challenger, opponent in ((1, 2), (2, 1)):
        with pytest.raises(ChallengeLimitError) as caught:
            await _bounded(db, challenger, opponent)
        assert caught.value.kind == "pair"
    assert len(await db.pending_challenges()) == 1


async def test_a_few_pending_challenges_per_challenger(db: Database) -> None:
    for opponent in (2, 3, 4):
        await _bounded(db, 1, opponent)
    with pytest.raises(ChallengeLimitError) as caught:
        await _bounded(db, 1, 5)
    assert caught.value.kind == "challenger" and caught.value.limit == 3
    await _bounded(db, 5, 1)  # others may still challenge them
    other_guild = await db.create_challenge(
        GUILD + 1, CHANNEL, 1, 5, 10.0, 310.0, per_pair=1, per_challenger=3
    )
    assert other_guild


async def test_closed_and_expired_challenges_do_not_count(db: Database) -> None:
    first = await _bounded(db, 1, 2)
    await db.close_challenge(first, "declined")
    await _bounded(db, 1, 2)  # the declined one no longer counts
    await _bounded(db, 1, 3, at=400.0)  # the one to 2 expired at 310 (timer not yet run)
    await _bounded(db, 1, 2, at=400.0)


async def test_simultaneous_challenges_respect_the_limit(db: Database) -> None:
    results = await asyncio.gather(*(_bounded(db, 1, 2) for _ in range(5)), return_exceptions=True)
    assert sum(isinstance(r, int) for r in results) == 1
    assert all(isinstance(r, int | ChallengeLimitError) for r in results)
