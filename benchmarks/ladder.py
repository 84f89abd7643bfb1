"""N live ranked-queue matches across servers, with their ladder boards, through the
emulator and its rate limits; the bot in its own process.

    python -m benchmarks.ladder [--matches 100] [--servers 20] [--venue dm|thread]
                                [--db sqlite|postgres] [--seed 1] [--think-min 0.5]
                                [--think-max 2] [--ramp 30] [--seconds 0] [--bot-log FILE]

Starts the local Discord emulator, which enforces Discord's rate limits (global 50
requests/s per token, per-channel buckets, DM-open and thread-create buckets:
``emulator/ratelimits.py``), and ``python -m bot`` against it with the bot's own default
pacing (``BINGO_*`` variables of this environment reach it). ``--servers`` servers each
have a #play channel and a #ladder channel, set as their ladder channel
(``/bingo settings ladder``) by their owners. ``2 × --matches`` members queue with
``/bingo queue`` in their server's #play over ``--ramp`` seconds, two by two, so that each
two who queue together are paired:

* ``--venue dm`` (default): the two are members of different servers, so their match is
  played in their DMs, each DM with its own board (edited every
  ``BINGO_BOARD_EDIT_SECONDS``), and each server's ladder channel shows it in a thread
  (edited every ``LADDER_BOARD_SECONDS``): four public boards per match;
* ``--venue thread``: the two are members of one server, so the match is played in a
  thread of its ladder channel (one board).

Then every member clicks a random enabled button of their newest DM panel
``--think-min`` to ``--think-max`` seconds after it appears, until every result is in
both players' DMs (or for ``--seconds`` of play). Prints, "play" being from when every
match had begun to the end: the acknowledgement latency (ms), turn latency (a click's
acknowledgement to the next decision clickable), board lag of the players' DM boards and
of the ladder boards (a click's acknowledgement to the board showing a change), the most
matches live at once, decisions per second, and the REST requests per decision by kind,
with those counted against the global limit. Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import math
import os
import random
import re
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from emulator import Emulator, Message
from emulator_driver import UserDriver
from tests.storage.conftest import run_on_server

from .bot_matches import RESULT, _buttons
from .clicking import click_panels
from .load import (
    BOT_ENV,
    DEFAULT_POSTGRES,
    REQUEST_KINDS,
    ROOT,
    _Click,
    _kind,
    _line,
    _with_schema,
    cpu_seconds,
    free_port,
    rss_kib,
)

BOARD = re.compile(r"BingoMagic #(\d+) — ")
MATCH_ID = re.compile(r"BingoMagic #(\d+)")


class Table:
    """What the members see, kept up to date by an emulator message listener: each
    member's newest DM hand panel with enabled buttons, the DM boards, the ladder boards
    and the results in the DMs (``time.monotonic()`` of each change)."""

    def __init__(self, emu: Emulator, ladder_ids: set[int], members: set[int], expected: int):
        self.emu = emu
        self.ladder_ids = ladder_ids
        self.expected = expected
        self.panels: dict[int, Message] = {}
        self.wake = {user_id: asyncio.Event() for user_id in members}
        self.match_of: dict[int, int] = {}
        self.decisions: dict[int, list[float]] = {}
        self.clicks: dict[int, list[_Click]] = {}
        #: (match id, where: "dm:<user>" or "ladder:<thread>") -> [(time, what it shows)].
        self.boards: dict[tuple[int, str], list[tuple[float, str]]] = {}
        self.results: dict[int, float] = {}
        self._shown: dict[int, tuple[str, str]] = {}
        self.all_done = asyncio.Event()
        self.paired = asyncio.Event()

    def __call__(self, event: str, message: Message) -> None:
        now = time.monotonic()
        channel = self.emu.channels.get(message.channel_id)
        if channel is None or message.deleted:
            return
        title = message.embeds[0].get("title", "") if message.embeds else ""
        board = BOARD.match(title)
        if channel.is_thread and channel.parent_id in self.ladder_ids:
            if board:
                self._board(now, int(board.group(1)), f"ladder:{channel.id}", message)
            return
        if not channel.is_dm:
            return
        user_id = channel.recipient_id
        if user_id not in self.wake:
            return
        if board:
            self._board(now, int(board.group(1)), f"dm:{user_id}", message)
            return
        if found := RESULT.search(message.content or ""):
            self.results.setdefault(int(found.group(1)), now)
            if len(self.results) >= self.expected:
                self.all_done.set()
            return
        if "'s hand" not in title:
            return
        shown = (message.content or "", repr(message.components))
        changed = self._shown.get(message.id) != shown
        self._shown[message.id] = shown
        if not _buttons(message) or (found := MATCH_ID.search(title)) is None:
            return
        match_id = int(found.group(1))
        if self.match_of.setdefault(user_id, match_id) != match_id:
            self.match_of[user_id] = match_id
        if changed:
            self.decisions.setdefault(match_id, []).append(now)
        self.panels[user_id] = message
        self.wake[user_id].set()
        self.paired.set()

    def _board(self, now: float, match_id: int, where: str, message: Message) -> None:
        embed = message.embeds[0]
        shown = f"{embed.get('description', '')}\n{embed.get('fields', [])!r}"
        versions = self.boards.setdefault((match_id, where), [])
        if not versions or versions[-1][1] != shown:
            versions.append((now, shown))

    @property
    def live(self) -> int:
        return len(set(self.match_of.values())) - len(self.results)

    def turn_latencies(self) -> list[float]:
        found = []
        for match_id, unsorted in self.clicks.items():
            clicks = sorted(unsorted)
            times = sorted(self.decisions.get(match_id, []))
            for i, click in enumerate(clicks):
                after = bisect.bisect_left(times, click.sent)
                until = clicks[i + 1].sent if i + 1 < len(clicks) else math.inf
                if after < len(times) and times[after] < until:
                    found.append(max(0.0, times[after] - click.acked))
        return sorted(found)

    def board_lags(self, kind: str) -> list[float]:
        """Seconds from each click's acknowledgement until each board of its match of
        ``kind`` (``dm`` or ``ladder``) first showed a change."""
        found = []
        for (match_id, where), versions in self.boards.items():
            if not where.startswith(kind):
                continue
            times = [at for at, _ in versions]
            for click in self.clicks.get(match_id, []):
                after = bisect.bisect_right(times, click.acked)
                before = versions[after - 1][1] if after else None
                for at, shown in versions[after:]:
                    if shown != before:
                        found.append(at - click.acked)
                        break
        return sorted(found)


async def member(table: Table, driver: UserDriver, rng: random.Random, think: tuple[float, float]):
    """Click a random enabled button of the newest panel, ``think`` seconds after it shows
    (:func:`click_panels`); each click is noted under the member's match at that moment."""
    user_id = driver.user.id

    def note(sent: float, acked: float) -> None:
        match_id = table.match_of.get(user_id, -1)
        table.clicks.setdefault(match_id, []).append(_Click(sent, acked))

    await click_panels(driver, table.panels, table.wake[user_id], table.all_done, rng, think, note)


class Window(NamedTuple):
    """The play window, for :func:`requests`."""

    play_started: float
    play_ended: float


def requests(emu: Emulator, window: Window) -> dict[str, int]:
    counts = dict.fromkeys((f"req_{kind}" for kind in REQUEST_KINDS), 0)
    counts["req_global_counted"] = 0
    for record in emu.request_records:
        if window.play_started <= record.at <= window.play_ended:
            counts[f"req_{_kind(emu, record.method, record.path)}"] += 1
            counts["req_global_counted"] += record.global_counted
    counts["limited_all"] = sum(emu.rate_limited_by_scope.values())
    counts["requests_all"] = len(emu.request_records)
    return counts


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    matches, servers = args.matches, max(1, args.servers)
    async with Emulator() as emu:
        guilds, plays, ladders = [], [], []
        for s in range(servers):
            guild = emu.create_guild(f"Server {s}")
            guilds.append(guild)
            plays.append(emu.create_text_channel(guild, "play"))
            ladders.append(emu.create_text_channel(guild, "ladder"))
        users, home = [], []
        for i in range(2 * matches):
            s = i % servers if args.venue == "dm" else (i // 2) % servers
            user = emu.create_user(f"m{i:04d}")
            emu.add_member(guilds[s], user)
            users.append(user)
            home.append(s)
        drivers = [UserDriver(emu, u) for u in users]
        server = (
            os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or ""
        ).strip() or DEFAULT_POSTGRES
        schema = f"bench_{secrets.token_hex(6)}"
        with tempfile.TemporaryDirectory() as data:
            env = {
                "PATH": os.environ.get("PATH", ""),
                "PYTHONPATH": str(ROOT),
                "DISCORD_TOKEN": emu.bot_token,
                "DISCORD_API_BASE": emu.api_base,
                "DISCORD_GATEWAY_URL": emu.gateway_url,
                "METRICS_PORT": str(free_port()),
                **BOT_ENV,
            }
            if args.db == "postgres":
                await run_on_server(server, f'CREATE SCHEMA "{schema}"')
                env["DATABASE_URL"] = _with_schema(server, schema)
            else:
                env["DATABASE_PATH"] = str(Path(data) / "bingomagic.db")
            log = open(args.bot_log, "wb") if args.bot_log else None  # noqa: ASYNC230, SIM115
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=data, env=env,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=log if log is not None else asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            try:
                await emu.wait_for(lambda: emu.command_syncs > 0, 60, message="commands")
                await emu.wait_for(emu.gateway.connected_sessions, 60, message="READY")
                await asyncio.sleep(0.5)
                for guild, play, ladder in zip(guilds, plays, ladders, strict=True):
                    owner = UserDriver(emu, emu.get_user(guild.owner_id))
                    record = await owner.slash(play, "bingo settings ladder", channel=ladder)
                    reply = await record.wait_for_response()
                    assert "thread" in reply.text, reply.text
                await _play(emu, args, rng, users, drivers, home, plays, ladders, process.pid)
            finally:
                process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), 30)
                except TimeoutError:
                    process.kill()
                    await process.wait()
                if log is not None:
                    log.close()
                if args.db == "postgres":
                    await run_on_server(server, f'DROP SCHEMA "{schema}" CASCADE')


async def _play(emu, args, rng, users, drivers, home, plays, ladders, pid) -> None:
    matches = args.matches
    table = Table(emu, {c.id for c in ladders}, {u.id for u in users}, matches)
    emu.message_listeners.append(table)
    think = (args.think_min, args.think_max)
    tasks = [
        asyncio.create_task(member(table, d, random.Random(rng.random()), think)) for d in drivers
    ]
    started = time.monotonic()

    async def queue(i: int) -> None:
        await asyncio.sleep((i // 2) * args.ramp / matches + (i % 2) * 0.05)
        record = await drivers[i].slash(plays[home[i]], "bingo queue")
        await record.wait_for_response()

    await asyncio.gather(*(queue(i) for i in range(2 * matches)))
    await emu.wait_for(
        lambda: len(set(table.match_of.values())) >= matches, 180, message="every match begun"
    )
    play_started = time.monotonic()
    cpu_started = cpu_seconds(pid)[0]
    peak_live, peak_rss = 0, 0
    try:
        while not table.all_done.is_set():
            now = time.monotonic()
            if args.seconds and now - play_started >= args.seconds:
                break
            if now - started > 1800:
                raise TimeoutError(f"{len(table.results)} of {matches} matches ended in 30 min")
            if table.live >= peak_live:
                peak_live, peak_rss = table.live, rss_kib(pid)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.all_done.wait(), 0.5)
    finally:
        ended = time.monotonic()
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=10)
        emu.message_listeners.remove(table)
    cpu = cpu_seconds(pid)
    counts = requests(emu, Window(play_started, ended))
    decisions = sum(
        play_started <= c.acked <= ended for clicks in table.clicks.values() for c in clicks
    )
    acks = sorted(r.ack_latency for r in emu.interactions.values() if r.ack_latency is not None)
    print(
        f"{matches} queue matches ({args.venue} venue) over {len(plays)} servers with ladder "
        f"channels, on {args.db}, think {args.think_min:g}-{args.think_max:g} s: "
        f"{ended - play_started:.1f} s of play, {len(table.results)} of {matches} ended, "
        f"at most {peak_live} live at once (bot RSS {peak_rss / 1024:.0f} MiB)"
    )
    print(_line("ack", acks))
    print(_line("turn latency", table.turn_latencies()) + "  (click acked -> next decision)")
    print(_line("DM board lag", table.board_lags("dm")) + "  (click acked -> DM board changed)")
    print(_line("ladder lag", table.board_lags("ladder")) + "  (click acked -> ladder board)")
    per = max(decisions, 1)
    print(
        f"decisions: {decisions} ({decisions / max(ended - play_started, 1e-3):.1f}/s); "
        "requests per decision: "
        + ", ".join(f"{kind} {counts[f'req_{kind}'] / per:.3f}" for kind in REQUEST_KINDS)
        + f"; counted against the global limit {counts['req_global_counted'] / per:.3f}"
    )
    busy = 100 * (cpu[0] - cpu_started) / max(ended - play_started, 1e-3)
    print(
        f"429s over the whole run: {counts['limited_all']} of {counts['requests_all']} requests;"
        f" bot CPU while playing {busy:.0f} % of a core"
    )


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--servers", type=int, default=20)
    parser.add_argument("--venue", choices=("dm", "thread"), default="dm")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-min", type=float, default=0.5)
    parser.add_argument("--think-max", type=float, default=2.0)
    parser.add_argument("--ramp", type=float, default=30.0)
    parser.add_argument("--seconds", type=float, default=0.0)
    parser.add_argument("--bot-log")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(run(parse()))
