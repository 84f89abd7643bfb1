"""The consent store (opt-outs, blocks, cooldowns, moderation settings) and the
one-live-match check of :meth:`create_match_if_free`."""

from __future__ import annotations

from bot.storage import Database
from bot.storage.consent import ConsentStore, ModerationSettings

G, A, B, C = 1, 10, 20, 30


def match_columns(guild_id: int, players: tuple[int, int]) -> dict[str, object]:
    return {
        "guild_id": guild_id, "channel_id": 2, "player_ids": players, "seed": 42,
        "options": {}, "state": {"turn": 1}, "decisions": [], "version": 0,
        "started_at": 100.0, "deadline": None, "ui": {},
    }  # fmt: skip


async def test_opt_outs_blocks_cooldowns_and_moderation(db: Database) -> None:
    """On SQLite and PostgreSQL (the ``db`` fixture)."""
    store = ConsentStore(db.backend)
    assert not await store.opted_out(G, A)
    await store.set_opted_out(G, A, True, 1.0)
    await store.set_opted_out(G, A, True, 2.0)  # twice: still one row
    assert await store.opted_out(G, A) and not await store.opted_out(G + 1, A)
    await store.set_opted_out(G, A, False, 3.0)
    assert not await store.opted_out(G, A)

    assert await store.set_block(A, B, True, 1.0)
    assert not await store.set_block(A, B, True, 2.0), "already blocked"
    assert await store.blocks(A, B) and not await store.blocks(B, A), "one-way"
    assert await store.set_block(A, B, False, 3.0) and not await store.blocks(A, B)

    assert await store.cooldown_until(G, A, B) == 0.0
    await store.set_cooldown(G, A, B, 100.0)
    await store.set_cooldown(G, A, B, 160.0)
    assert await store.cooldown_until(G, A, B) == 160.0
    assert await store.cooldown_until(G, B, A) == 0.0

    assert await store.moderation(G) == ModerationSettings()
    await store.set_moderation(G, 5, 6, 1.0)
    assert await store.moderation(G) == ModerationSettings(5, 6)
    await store.set_moderation(G, None, 6, 2.0)
    assert await store.moderation(G) == ModerationSettings(None, 6)


async def test_create_match_if_free_seats_nobody_twice(db: Database) -> None:
    first = await db.create_match_if_free(**match_columns(G, (A, B)))
    assert isinstance(first, int)
    assert await db.create_match_if_free(**match_columns(G, (C, B))) == (B,)
    assert await db.create_match_if_free(**match_columns(G, (B, A))) == (B, A)
    other_server = await db.create_match_if_free(**match_columns(G + 1, (A, C)))
    assert isinstance(other_server, int)
    assert (await db.active_match_of(G, C)) is None
