"""The outbox, through the local Discord emulator with a real discord.py client:
priorities, a queue per bucket, pacing from Discord's rate-limit headers, the DM-channel
cache, the closed-DM policy, retries and "gone" answers."""

from __future__ import annotations

import asyncio
import io
import types
from collections.abc import Callable

import discord
import pytest
import pytest_asyncio

from bot import metrics
from bot.outbox import Outbox, Priority, SendStatus, bucket_of, classify, once
from bot.storage import Database
from emulator.server import Emulator
from tests.emulator.fixtures import build_world, emulator, running_client  # noqa: F401


@pytest_asyncio.fixture
async def setup(emulator: Emulator, tmp_path):  # noqa: F811
    world = build_world(emulator)
    db = await Database.open(tmp_path / "outbox.db")
    instruments = metrics.Instruments()  # wired as bot.client.BingoBot does
    client = discord.Client(
        intents=discord.Intents.default(), guild_ready_timeout=0.05, http_trace=instruments.trace
    )
    outbox = Outbox(client, db, per_second=200.0, attempts=3, backoff=0.01)
    outbox.attach(instruments.trace)
    try:
        async with running_client(emulator, client):
            yield emulator, world, db, outbox
            await outbox.close()
    finally:
        await db.close()


def posts(emu: Emulator, path_end: str) -> int:
    return sum(1 for r in emu.requests if r.method == "POST" and r.path.endswith(path_end))


async def test_dm_channel_is_opened_once(setup) -> None:
    """Two DMs to one user open the DM channel with one request, and both arrive."""
    emu, world, _, outbox = setup
    alice = world.user("alice")
    assert (await outbox.dm(alice.id, content="one")).ok
    assert (await outbox.dm(alice.id, content="two")).ok
    assert posts(emu, "/users/@me/channels") == 1
    contents = [m.content for m in emu.channel_messages(emu.dm_channel(alice))]
    assert contents == ["one", "two"]


async def test_dms_at_once_to_one_user_share_one_opening(setup) -> None:
    """Three DMs sent together to a user whose DM channel is not open yet open it with
    one request between them, and all three arrive."""
    emu, world, _, outbox = setup
    alice = world.user("alice")
    sent = await asyncio.gather(*(outbox.dm(alice.id, content=str(i)) for i in range(3)))
    assert all(s.ok for s in sent)
    assert posts(emu, "/users/@me/channels") == 1
    contents = sorted(m.content for m in emu.channel_messages(emu.dm_channel(alice)))
    assert contents == ["0", "1", "2"]


async def test_dm_channels_opened_ahead_are_not_opened_again(setup) -> None:
    """``open_dms_ahead`` opens each DM channel once in the background; DMs sent after
    it (or while it is in flight) need no opening of their own."""
    emu, world, _, outbox = setup
    alice, bob = world.user("alice"), world.user("bob")
    outbox.open_dms_ahead((alice.id, bob.id))
    outbox.open_dms_ahead((alice.id,))  # already being opened: nothing more
    assert (await outbox.dm(alice.id, content="hand")).ok
    await emu.wait_for(lambda: posts(emu, "/users/@me/channels") == 2, message="two openings")
    assert (await outbox.dm(bob.id, content="hand")).ok
    await asyncio.sleep(0.05)
    assert posts(emu, "/users/@me/channels") == 2


async def test_closed_dms_are_remembered_and_skipped(setup) -> None:
    """A 403/50007 marks the user closed in the database; the next DM is skipped with
    no request; a forced DM is tried again and, when it arrives, clears the mark."""
    emu, world, db, outbox = setup
    bob = world.user("bob")
    emu.set_dms_closed(bob, True)
    sent = await outbox.dm(bob.id, content="hand")
    assert sent.status is SendStatus.DM_CLOSED and await db.is_dm_closed(bob.id)
    before = len(emu.requests)
    assert (await outbox.dm(bob.id, content="again")).status is SendStatus.DM_CLOSED
    assert len(emu.requests) == before
    emu.set_dms_closed(bob, False)
    assert (await outbox.dm(bob.id, force=True, content="asked")).ok
    assert not await db.is_dm_closed(bob.id)


async def test_edit_of_a_deleted_message_is_message_gone(setup) -> None:
    """Editing a deleted message reports MESSAGE_GONE (the caller posts a new one)."""
    emu, world, _, outbox = setup
    sent = await outbox.send(world.channel.id, content="board")
    assert sent.ok and sent.value is not None
    emu.delete_message(sent.value.id)
    edited = await outbox.edit(world.channel.id, sent.value.id, content="board v2")
    assert edited.status is SendStatus.MESSAGE_GONE


async def test_a_deleted_channel_is_channel_gone(setup) -> None:
    """Posting in a deleted channel reports CHANNEL_GONE, without retrying."""
    emu, world, _, outbox = setup
    emu.delete_channel(world.channel)
    sent = await outbox.send(world.channel.id, content="board")
    assert sent.status is SendStatus.CHANNEL_GONE and sent.attempts == 1


async def test_a_channel_without_send_permission_is_channel_gone(setup) -> None:
    """403/50013 Missing Permissions on a post reports CHANNEL_GONE."""
    emu, world, _, outbox = setup
    emu.revoke_send_messages(world.channel)
    sent = await outbox.send(world.channel.id, content="board")
    assert sent.status is SendStatus.CHANNEL_GONE


async def test_a_429_discord_gave_up_on_is_tried_again(setup) -> None:
    """When discord.py gives up on a request after repeated 429s, the outbox tries it
    again after a backoff and it arrives."""
    emu, world, _, outbox = setup
    emu.burst_429(count=5, retry_after=0.01)
    sent = await outbox.send(world.channel.id, content="result")
    assert sent.ok and sent.attempts == 2
    assert [m.content for m in emu.channel_messages(world.channel)] == ["result"]


async def test_persistent_429s_are_given_up(setup) -> None:
    """After ``attempts`` tries the outbox gives up with FAILED (no exception)."""
    emu, world, _, outbox = setup
    emu.burst_429(count=50, retry_after=0.01)
    sent = await outbox.send(world.channel.id, content="result")
    emu.clear_rate_limits()
    assert sent.status is SendStatus.FAILED and sent.attempts == 3
    assert isinstance(sent.error, discord.HTTPException) and sent.error.status == 429


def _creates(method: str, path: str) -> bool:
    return method == "POST" and path.endswith("/messages")


#: A picture's bytes, long enough that a partly read upload would show.
PICTURE = b"\x89PNG" + bytes(range(256)) * 64


@pytest.mark.parametrize("drop", [False, True], ids=["503", "dropped"])
async def test_a_post_discord_made_but_did_not_answer_is_not_posted_again(
    setup, drop: bool
) -> None:
    """Discord creates the post (with its picture) and the DM, then answers 503 or
    drops the connection, twice: the third try, with the same nonce, gets each message
    back, and nothing is posted twice."""
    emu, world, _, outbox = setup
    alice = world.user("alice")
    assert (await outbox.dm_channel(alice.id)).ok
    failures = [
        emu.fail_route(
            _creates, status=503, count=2, applied=True, drop=drop,
            body_filter=lambda body, text=text: body.get("content") == text,
        )
        for text in ("board", "panel")
    ]  # fmt: skip
    picture = discord.File(io.BytesIO(PICTURE), filename="board.png")
    sent = await outbox.send(world.channel.id, content="board", file=picture)
    dm = await outbox.dm(alice.id, content="panel")
    assert [len(f.failed) for f in failures] == [2, 2]
    assert sent.ok and dm.ok and (sent.attempts, dm.attempts) == (3, 3)
    posted = emu.channel_messages(world.channel)
    assert [m.content for m in posted] == ["board"] and sent.value.id == posted[0].id
    assert emu.attachment_data[int(posted[0].attachments[0]["id"])] == PICTURE
    assert [m.content for m in emu.channel_messages(emu.dm_channel(alice))] == ["panel"]


async def test_a_file_is_uploaded_whole_on_every_try(setup) -> None:
    """A post refused with 503 before Discord made it: the next try uploads the whole
    picture again (discord.py reads a ``File`` to its end), and so does an edit."""
    emu, world, _, outbox = setup
    emu.fail_route(_creates, status=503, count=1)
    picture = discord.File(io.BytesIO(PICTURE), filename="board.png")
    sent = await outbox.send(world.channel.id, file=picture)
    assert sent.ok and sent.attempts == 2 and sent.value is not None
    [posted] = emu.channel_messages(world.channel)
    assert emu.attachment_data[int(posted.attachments[0]["id"])] == PICTURE

    emu.fail_route(lambda method, path: method == "PATCH", status=503, count=1)
    again = discord.File(io.BytesIO(PICTURE[::-1]), filename="board.png")
    edited = await outbox.edit(world.channel.id, posted.id, attachments=[again])
    assert edited.ok and edited.attempts == 2
    assert emu.attachment_data[int(posted.attachments[0]["id"])] == PICTURE[::-1]


def test_each_try_of_a_message_has_its_nonce_and_fresh_files() -> None:
    """:func:`bot.outbox.once`: the caller's nonce, else one drawn once (at most 25
    characters); files made anew, whole, on every call; other values as given."""
    kept = discord.Object(1)
    tries = once({"content": "x", "attachments": [discord.File(io.BytesIO(b"abc"), "a.png"), kept]})
    first, second = tries(), tries()
    assert first["nonce"] == second["nonce"] and len(first["nonce"]) <= 25
    assert first["attachments"][0] is not second["attachments"][0]
    assert [f["attachments"][0].fp.read() for f in (first, second)] == [b"abc", b"abc"]
    assert first["attachments"][1] is kept and first["content"] == "x"
    assert once({"nonce": "result-12"})()["nonce"] == "result-12"


async def test_later_delivers_in_the_background(setup) -> None:
    """later() runs the request as a task and reports its outcome to ``done``."""
    emu, world, _, outbox = setup
    seen = []
    channel = outbox.channel(world.channel.id)
    task = outbox.later(lambda: channel.send(content="hi"), what="hi", done=seen.append)
    sent = await task
    assert sent.ok and seen == [sent]


def _http_error(status: int, code: int) -> discord.HTTPException:
    response = types.SimpleNamespace(status=status, reason="x")  # aiohttp's two fields
    return discord.HTTPException(response, {"code": code, "message": "x"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("status", "code", "expected"),
    [
        (500, 0, None),
        (503, 0, None),
        (429, 0, None),
        (403, 50007, SendStatus.DM_CLOSED),
        (403, 50013, SendStatus.CHANNEL_GONE),
        (403, 50001, SendStatus.CHANNEL_GONE),
        (404, 10003, SendStatus.CHANNEL_GONE),
        (404, 10008, SendStatus.MESSAGE_GONE),
        (400, 50035, SendStatus.FAILED),
    ],
)
def test_classify(status: int, code: int, expected: SendStatus | None) -> None:
    """Each Discord answer maps to one outcome; ``None`` means try again later."""
    assert classify(_http_error(status, code)) is expected


async def test_server_errors_are_retried_with_a_bounded_backoff() -> None:
    """5xx answers are retried; the waits double and never exceed max_backoff."""
    waits: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        waits.append(seconds)

    outbox = Outbox(
        object(),  # type: ignore[arg-type]  # no request reaches the client here
        object(),  # type: ignore[arg-type]
        attempts=5,
        backoff=1.0,
        max_backoff=3.0,
        sleep=fake_sleep,
    )
    calls = 0

    async def flaky() -> str:
        nonlocal calls
        calls += 1
        if calls < 5:
            raise _http_error(503, 0)
        return "ok"

    sent = await outbox.call(flaky)
    assert sent.ok and sent.value == "ok" and sent.attempts == 5
    assert waits == [1.0, 2.0, 3.0, 3.0]


# -- priorities, buckets and Discord's rate-limit headers ------------------------------


def sample(name: str, **labels: str) -> float:
    """The current value of one series of the default registry (0 when absent)."""
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value(name, labels) or 0.0


def contents(emu: Emulator, channel) -> list[str]:
    return [m.content for m in emu.channel_messages(channel)]


def edits_in(channel_id: int) -> Callable[[str, str, object], bool]:
    return lambda method, path, body: (
        method == "PATCH" and path.startswith(f"/channels/{channel_id}/messages/")
    )


@pytest.mark.parametrize(
    ("method", "path", "expected"),
    [
        ("POST", "/api/v10/channels/12/messages", ("post", 12)),
        ("PATCH", "/api/v10/channels/12/messages/34", ("edit", 12)),
        ("DELETE", "/channels/12/messages/34", ("delete", 12)),
        ("POST", "/api/v10/users/@me/channels", ("open-dm",)),
        ("POST", "/api/v10/channels/12/messages/34/threads", ("thread", 12)),
        ("POST", "/api/v10/channels/12/threads", ("thread", 12)),
        ("GET", "/api/v10/users/56", ("fetch-user",)),
        ("GET", "/api/v10/guilds/7/members/56", ("fetch-member", 7)),
        ("POST", "/api/v10/interactions/1/tok/callback", None),
        ("PATCH", "/api/v10/webhooks/1/tok/messages/@original", None),
        ("GET", "/api/v10/channels/12/messages/34", None),
    ],
)
def test_bucket_of(method: str, path: str, expected: tuple | None) -> None:
    """Each route the outbox sends has its bucket (kind, major parameter); interaction
    callbacks and webhooks have none."""
    assert bucket_of(method, path) == expected


async def test_turn_overtakes_queued_public_and_tidy() -> None:
    """Requests queued together are served TURN first, then RESULT, then PUBLIC in
    arrival order, then TIDY, whatever order they arrived in."""
    outbox = Outbox(object(), object(), per_second=1000.0)  # type: ignore[arg-type]
    served: list[str] = []

    def op(name: str):
        async def run() -> str:
            served.append(name)
            return name

        return run

    order = [
        ("tidy", Priority.TIDY, ("delete", 1)),
        ("public-1", Priority.PUBLIC, ("edit", 1)),
        ("public-2", Priority.PUBLIC, ("post", 2)),
        ("public-3", Priority.PUBLIC, None),
        ("result", Priority.RESULT, ("post", 4)),
        ("turn", Priority.TURN, ("post", 3)),
    ]
    tasks = [
        asyncio.create_task(outbox.call(op(name), priority=priority, bucket=bucket))
        for name, priority, bucket in order
    ]
    results = await asyncio.gather(*tasks)
    assert all(sent.ok for sent in results)
    assert served == ["turn", "result", "public-1", "public-2", "public-3", "tidy"]
    await outbox.close()


async def test_a_held_bucket_does_not_delay_another_bucket(setup) -> None:
    """An edit Discord has not answered holds only its channel's edits: the next edit of
    that channel stays queued in the outbox (not sent), while a post elsewhere and an edit
    in another channel go through; released, the held channel's edits arrive in order."""
    emu, world, _, outbox = setup
    other = emu.create_text_channel(world.guild, "other")
    board = (await outbox.send(world.channel.id, content="board")).value
    panel = (await outbox.send(other.id, content="panel")).value
    assert board is not None and panel is not None
    hold = emu.hold(edits_in(world.channel.id))
    first = asyncio.create_task(outbox.edit(world.channel.id, board.id, content="board v2"))
    await hold.wait_held()
    second = asyncio.create_task(outbox.edit(world.channel.id, board.id, content="board v3"))
    assert (await outbox.send(other.id, content="result")).ok
    assert (await outbox.edit(other.id, panel.id, content="panel v2")).ok
    assert len(hold.held) == 1 and outbox.queued(("edit", world.channel.id)) == 1
    assert not first.done() and not second.done()
    hold.release()
    assert (await first).ok and (await second).ok
    assert contents(emu, world.channel) == ["board v3"]
    edits = [r.json["content"] for r in emu.requests if r.method == "PATCH"]
    assert edits.index("board v2") < edits.index("board v3")


async def test_remaining_zero_defers_the_bucket_until_its_reset(setup) -> None:
    """After an answer with X-RateLimit-Remaining 0 (here to a post made outside the
    outbox), the next post to that channel waits in the outbox, discord.py not even asked,
    while another channel's post goes; it is sent after the reset, and never answered 429."""
    emu, world, _, outbox = setup
    other = emu.create_text_channel(world.guild, "other")
    bucket = ("post", world.channel.id)
    path = f"/channels/{world.channel.id}/messages"
    emu.rate_limit(lambda method, p: method == "POST" and p == path, limit=1, per=1.0)
    # discord.py returns from a request that emptied its bucket only at the reset.
    direct = asyncio.create_task(outbox.channel(world.channel.id).send(content="one"))
    await emu.wait_for(lambda: not outbox.ready(bucket), interval=0.002)
    later = asyncio.create_task(outbox.send(world.channel.id, content="two"))
    assert (await outbox.send(other.id, content="elsewhere")).ok
    assert outbox.queued(bucket) == 1 and not later.done()
    assert contents(emu, world.channel) == ["one"]
    await direct
    sent = await later
    assert sent.ok and sent.attempts == 1
    assert contents(emu, world.channel) == ["one", "two"]
    assert emu.rate_limited == []


async def test_a_429_holds_its_bucket_for_retry_after(setup) -> None:
    """A 429 as Discord sends it (user scope, body retry_after) holds that channel's posts
    until retry_after has passed; another channel's post is not held."""
    emu, world, _, outbox = setup
    other = emu.create_text_channel(world.guild, "other")
    headers = {"Retry-After": "1", "X-RateLimit-Scope": "user", "X-RateLimit-Limit": "5"}
    path = f"/api/v10/channels/{world.channel.id}/messages"
    outbox.observe("POST", path, 429, headers, {"retry_after": 0.4, "global": False})
    held = asyncio.create_task(outbox.send(world.channel.id, content="held"))
    assert (await outbox.send(other.id, content="free")).ok
    assert not held.done() and outbox.queued(("post", world.channel.id)) == 1
    assert contents(emu, world.channel) == []
    assert (await held).ok
    assert contents(emu, world.channel) == ["held"]


async def test_a_global_429_pauses_every_paced_request_but_not_unpaced_ones(setup) -> None:
    """A global 429 stops every paced request for retry_after; an unpaced request (an
    interaction webhook) still runs; a waiting request cancelled leaves the queue."""
    emu, world, _, outbox = setup
    headers = {"Retry-After": "30", "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
    outbox.observe("POST", "/api/v10/users/@me/channels", 429, headers, {"retry_after": 30.0})
    waiting = asyncio.create_task(outbox.send(world.channel.id, content="waits"))
    channel = outbox.channel(world.channel.id)
    unpaced = await outbox.call(lambda: channel.send(content="now"), paced=False)
    assert unpaced.ok and outbox.queued() == 1 and not waiting.done()
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert outbox.queued() == 0 and contents(emu, world.channel) == ["now"]


async def test_metrics_count_requests_waits_429s_and_invalid_requests(setup) -> None:
    """Each request the outbox lets go is counted by kind and priority and its wait
    observed; a 429 is counted by scope (user: a route limit) and as an
    invalid request, and the request then arrives."""
    emu, world, _, outbox = setup
    alice = world.user("alice")
    before = {
        "dm": sample("bingomagic_outbox_requests_total", kind="dm", priority="turn"),
        "post": sample("bingomagic_outbox_requests_total", kind="post", priority="public"),
        "waits": sample("bingomagic_outbox_wait_seconds_count", priority="public"),
        "429": sample("bingomagic_http_429_scope_total", scope="user"),
        "invalid": sample("bingomagic_http_invalid_total", status="429"),
        "responses": sample("bingomagic_http_responses_total"),
    }
    assert (await outbox.dm(alice.id, content="your turn")).ok
    emu.burst_429(count=1, retry_after=0.01)
    assert (await outbox.send(world.channel.id, content="board")).ok
    assert sample("bingomagic_outbox_requests_total", kind="dm", priority="turn") == (
        before["dm"] + 1
    )
    assert sample("bingomagic_outbox_requests_total", kind="post", priority="public") == (
        before["post"] + 1
    )
    assert sample("bingomagic_outbox_wait_seconds_count", priority="public") == before["waits"] + 1
    assert sample("bingomagic_http_429_scope_total", scope="user") == before["429"] + 1
    assert sample("bingomagic_http_invalid_total", status="429") == before["invalid"] + 1
    # open DM, DM, the 429 and the post that followed it
    assert sample("bingomagic_http_responses_total") >= before["responses"] + 4
    assert sample("bingomagic_outbox_queued", priority="public") == 0
