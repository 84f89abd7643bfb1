"""N simultaneous member-vs-member matches through the emulator, the bot in its own process.

    python -m benchmarks.load [--matches 100] [--db sqlite|postgres] [--seed 1]
                              [--think 2] [--ramp 30] [--seconds 0] [--bot-log FILE]

Starts the local Discord emulator (``bot.playground``) and ``python -m bot`` against it as
a subprocess, on SQLite (a temporary file) or PostgreSQL (a fresh schema of the server at
``DATABASE_URL``, else ``TEST_DATABASE_URL``, else postgresql://postgres@127.0.0.1:5432/test,
dropped afterwards). ``--matches`` pairs of members challenge each other, spread over
``--ramp`` seconds (matches that are live together were not all started in the same
instant), and each challenge is accepted as soon as it is posted. Then every member clicks a
random enabled button of their newest DM panel (random legal play, seeded by ``--seed``)
``--think`` seconds (0.5x to 1.5x) after it arrives, until every result is posted, or for
``--seconds`` of play. ``BINGO_*`` variables of this environment reach the bot (for
example ``BINGO_BOARD_EDIT_SECONDS``).

Prints the acknowledgement latency of every interaction as the members see it (p50, p95,
p99, max; Discord allows 3 s) and as the bot's own histogram sees it, matches per minute,
the CPU per click of the bot, of its render process and of this process (the emulator and
the members, which share the machine's cores with the bot), this process's event loop lag,
and the bot's resident memory (VmRSS of the subprocess, /proc/<pid>/status) per live
match, sampled when the most matches were live. Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import re
import secrets
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.playground import Emulator, Message

from .bot_matches import RESULT, _buttons

BOARD = re.compile(r"BingoMagic #(\d+) — ")
#: The challenged member, the first mention of a challenge post.
MENTION = re.compile(r"<@!?(\d+)>")
ROOT = Path(__file__).resolve().parents[1]
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
#: Quiet timers (nobody times out), no artificial pause, loose pacing.
BOT_ENV = {
    "BINGO_TURN_SECONDS": "600",
    "BINGO_COUNTER_SECONDS": "600",
    "BINGO_CHOICE_SECONDS": "600",
    "BINGO_CHALLENGE_SECONDS": "600",
    "BINGO_BOT_PAUSE_SECONDS": "0",
    "DISCORD_OUTBOUND_PER_SECOND": "45",
    "SCRYFALL_API_BASE": "http://127.0.0.1:9",
    **{k: v for k, v in os.environ.items() if k.startswith("BINGO_")},
}


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB (VmRSS of /proc/<pid>/status; 0 if gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _stat(pid: int) -> tuple[int, float] | None:
    """``(parent pid, CPU seconds used)`` of process ``pid`` (/proc/<pid>/stat: utime +
    stime), or None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds used so far by process ``pid`` and by its living descendants (the
    render and AI workers)."""
    own = _stat(pid)
    below = (_stat(child) for child in _descendants(pid))
    return (own[1] if own is not None else 0.0), sum(found[1] for found in below if found)


def pin_bot(pid: int) -> str:
    """Give the bot's process ``pid`` (every thread of it) the machine's first CPU to
    itself, and put its worker processes and this process (the emulator and the members)
    on the other CPUs (``os.sched_setaffinity``): the bot measured as if Discord and its
    users were elsewhere. Returns what it did, in words."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return "not pinned: this machine lets this process use one CPU"
    mine, rest = {cpus[0]}, set(cpus[1:])
    for task in Path(f"/proc/{pid}/task").iterdir():
        os.sched_setaffinity(int(task.name), mine)
    below = _descendants(pid)
    for child in [*below, os.getpid()]:
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{child}/task").iterdir():
                os.sched_setaffinity(int(task.name), rest)
    return (
        f"pinned: the bot on CPU {cpus[0]}; its {len(below)} worker processes and this "
        f"process on CPU {', '.join(map(str, sorted(rest)))}"
    )


def _descendants(pid: int) -> list[int]:
    """The living processes below ``pid`` (its children, theirs, ...)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := _stat(int(entry.name))) is not None:
            children.setdefault(found[0], []).append(int(entry.name))
    found_below, todo = [], list(children.get(pid, []))
    while todo:
        child = todo.pop()
        found_below.append(child)
        todo.extend(children.get(child, []))
    return found_below


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def bot_ack_quantiles(port: int) -> dict[float, float]:
    """The bot's own view of its acknowledgement latency (from the gateway event to its
    answer, without the emulator's side of the trip): the p50 / p95 / p99 upper bucket
    bounds (seconds) of ``bingomagic_interaction_ack_seconds`` on its metrics endpoint."""
    import aiohttp
    from prometheus_client.parser import text_string_to_metric_families

    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        text = await response.text()
    buckets = [
        (float(sample.labels["le"]), sample.value)
        for family in text_string_to_metric_families(text)
        if family.name == "bingomagic_interaction_ack_seconds"
        for sample in family.samples
        if sample.name.endswith("_bucket")
    ]
    total = buckets[-1][1] if buckets else 0
    return {
        q: next((bound for bound, count in buckets if count >= q * total), float("inf"))
        for q in (0.5, 0.95, 0.99)
    }


def _with_schema(url: str, schema: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def _pg(url: str, statement: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=10)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


async def run(
    matches: int,
    db: str,
    seed: int,
    think: float = 2.0,
    bot_log: str | None = None,
    window: float = 0.0,
    ramp: float = 30.0,
    freeze: bool = True,
    pin: bool = False,
) -> dict[str, float]:
    """Play ``matches`` matches at once on ``db`` ("sqlite" or "postgres"), started over
    ``ramp`` seconds, to the end or for ``window`` seconds of play when it is not 0;
    returns the figures (seconds, KiB) and prints them."""
    rng = random.Random(seed)
    server = os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or ""
    server = server.strip() or DEFAULT_POSTGRES
    schema = f"bench_{secrets.token_hex(6)}"
    async with Emulator() as emu:
        guild = emu.create_guild("Load Guild")
        channel = emu.create_text_channel(guild, "general")
        users = []
        for i in range(2 * matches):
            user = emu.create_user(f"m{i:04d}")
            emu.add_member(guild, user)
            users.append(user)
        drivers = {u.id: emu.user_driver(u) for u in users}
        with tempfile.TemporaryDirectory() as data:
            env = {
                "PATH": os.environ.get("PATH", ""),
                "PYTHONPATH": str(ROOT),
                "DISCORD_TOKEN": emu.bot_token,
                "DISCORD_API_BASE": emu.api_base,
                "DISCORD_GATEWAY_URL": emu.gateway_url,
                "DISCORD_GUILD_ID": str(guild.id),
                "METRICS_PORT": str(metrics_port := free_port()),
                **BOT_ENV,
            }
            if db == "postgres":
                await _pg(server, f'CREATE SCHEMA "{schema}"')
                env["DATABASE_URL"] = _with_schema(server, schema)
            else:
                env["DATABASE_PATH"] = str(Path(data) / "bingomagic.db")
            log = open(bot_log, "wb") if bot_log else None  # noqa: ASYNC230, SIM115 - closed below
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=data, env=env,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=log if log is not None else asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            try:
                await emu.wait_for(lambda: emu.command_syncs > 0, 60, message="commands")
                await emu.wait_for(emu.gateway.connected_sessions, 60, message="READY")
                await asyncio.sleep(0.5)
                idle_rss = rss_kib(process.pid)
                print(f"bot pid {process.pid}", flush=True)
                if pin:
                    print(pin_bot(process.pid), flush=True)
                figures = await _play(
                    emu, channel, users, drivers, rng, process.pid, think, window, ramp, freeze
                )
                try:
                    seen_by_bot = await asyncio.wait_for(bot_ack_quantiles(metrics_port), 15)
                except (OSError, TimeoutError) as error:
                    print(f"could not read the bot's metrics: {error!r}", flush=True)
                    seen_by_bot = {}
            finally:
                process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), 30)
                except TimeoutError:
                    print("the bot did not stop within 30 s of SIGTERM: killed", flush=True)
                    process.kill()
                    await process.wait()
                if log is not None:
                    log.close()
                if db == "postgres":
                    await _pg(server, f'DROP SCHEMA "{schema}" CASCADE')
        late = [p for p in emu.take_problems() if "not acknowledged" in p]
        records = [r for r in emu.interactions.values() if r.ack_latency is not None]
    seconds, peak_live, peak_rss, playing, play_started, cpu, finished = figures
    latencies = sorted(r.ack_latency for r in records)
    clicks = sorted(r.ack_latency for r in records if r.description.startswith("click"))
    commands = sorted(r.ack_latency for r in records if not r.description.startswith("click"))
    result = {
        "p50": statistics.median(latencies),
        "p95": _quantile(latencies, 0.95),
        "p99": _quantile(latencies, 0.99),
        "max": latencies[-1],
        "ended": finished,
        "per_minute": finished * 60 / seconds,
        "per_second": sum(1 for r in records if r.created_monotonic >= play_started)
        / max(playing, 1e-3),
        "cpu_ms_per_click": 1000 * cpu[0] / max(len(clicks), 1),
        "worker_cpu_ms_per_click": 1000 * cpu[1] / max(len(clicks), 1),
        "rss_per_match": peak_rss / max(peak_live, 1),
        "delta_per_match": (peak_rss - idle_rss) / max(peak_live, 1),
    }
    print(
        f"{matches} matches on {db}, think {think:g} s: {len(latencies)} interactions in "
        f"{seconds:.1f} s ({result['per_second']:.0f} interactions/s once every match began)"
    )
    for name, values in (("all", latencies), ("clicks", clicks), ("commands", commands)):
        if values:
            print(
                f"ack {name:<8} n={len(values):<6} p50 {statistics.median(values) * 1000:7.1f} ms"
                f"  p95 {_quantile(values, 0.95) * 1000:7.1f} ms"
                f"  p99 {_quantile(values, 0.99) * 1000:7.1f} ms"
                f"  max {values[-1] * 1000:7.1f} ms"
            )
    print(
        "ack as the bot sees it (gateway event to answer; histogram bucket bounds): "
        + ", ".join(f"p{round(q * 100)} <= {b * 1000:g} ms" for q, b in seen_by_bot.items())
    )
    print(f"matches per minute: {result['per_minute']:.0f}")
    print(
        f"bot CPU while playing: {100 * cpu[0] / max(playing, 1e-3):.0f} % of a core, "
        f"{result['cpu_ms_per_click']:.1f} ms per click; its workers (board pictures): "
        f"{100 * cpu[1] / max(playing, 1e-3):.0f} %, "
        f"{result['worker_cpu_ms_per_click']:.1f} ms per click"
    )
    print(
        f"harness CPU while playing (emulator and members, this process): "
        f"{100 * cpu[2] / max(playing, 1e-3):.0f} % of a core, "
        f"{1000 * cpu[2] / max(len(clicks), 1):.1f} ms per click"
    )
    print(
        f"bot RSS at peak: {peak_rss / 1024:.1f} MiB with {peak_live} live matches "
        f"({result['rss_per_match']:.0f} KiB per live match; idle {idle_rss / 1024:.1f} MiB, "
        f"{result['delta_per_match']:.0f} KiB per live match above idle)"
    )
    print(f"late acknowledgements (> 3 s): {len(late)}")
    return result


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted ``values`` (nearest rank)."""
    return values[min(len(values) - 1, int(q * len(values)))]


class _Table:
    """What the members see, kept up to date by an emulator message listener (no rescans):
    each member's newest DM hand panel with buttons, the boards posted and the results."""

    def __init__(self, emu: Emulator, channel_id: int, members: set[int]) -> None:
        self.emu = emu
        self.channel_id = channel_id
        self.panels: dict[int, Message] = {}
        self.wake = {user_id: asyncio.Event() for user_id in members}
        self.boards: set[int] = set()
        #: opponent id -> the challenge post to them with its buttons, once it is seen.
        self.challenges: dict[int, Message] = {}
        self.challenged = asyncio.Event()
        self.finished: set[int] = set()
        self.all_done = asyncio.Event()
        self.expected = len(members) // 2

    def __call__(self, event: str, message: Message) -> None:
        if message.channel_id == self.channel_id:
            if found := RESULT.search(message.content or ""):
                self.finished.add(int(found.group(1)))
                if len(self.finished) >= self.expected:
                    self.all_done.set()
            elif message.embeds and (board := BOARD.match(message.embeds[0].get("title", ""))):
                self.boards.add(int(board.group(1)))
            elif "challenges you" in (message.content or "") and _buttons(message):
                found = MENTION.search(message.content)
                if found is not None and int(found.group(1)) in self.wake:
                    self.challenges[int(found.group(1))] = message
                    self.challenged.set()
            return
        channel = self.emu.channels.get(message.channel_id)
        user_id = channel.recipient_id if channel is not None else None
        if user_id not in self.wake:
            return
        title = message.embeds[0].get("title", "") if message.embeds else ""
        if message.deleted or "'s hand" not in title or not _buttons(message):
            return
        best = self.panels.get(user_id)
        if best is None or message.created_order >= best.created_order:
            self.panels[user_id] = message
            self.wake[user_id].set()

    @property
    def live(self) -> int:
        return len(self.boards) - len(self.finished)


async def _member(table: _Table, driver, rng: random.Random, think: float) -> None:
    """One member: whenever their newest panel shows buttons they have not clicked yet,
    wait ``think`` seconds (0.5x to 1.5x, uniform), then click one of them at random."""
    user_id = driver.user.id
    wake = table.wake[user_id]
    clicked: set[str] = set()
    while not table.all_done.is_set():
        await wake.wait()
        wake.clear()
        if think > 0:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        message = table.panels.get(user_id)
        if message is None or message.deleted or not (labels := _buttons(message)):
            continue
        key = f"{message.id}:{message.components}"
        if key in clicked:
            continue
        clicked.add(key)
        try:
            await driver.click(message, rng.choice(labels))
        except LookupError:
            pass  # the panel changed between the look and the click: look again
        wake.set()  # the panel may have moved on while this click was answered


async def _start(table: _Table, challenger, opponent, channel, delay: float) -> None:
    """After ``delay`` seconds, ``challenger`` challenges ``opponent`` in ``channel``, and
    ``opponent`` accepts as soon as the challenge is posted."""
    await asyncio.sleep(delay)
    await challenger.slash(channel, "bingo challenge", opponent=opponent.user)
    while (message := table.challenges.get(opponent.user.id)) is None:
        table.challenged.clear()
        await asyncio.wait_for(table.challenged.wait(), 120)
    await opponent.click(message, "Accept")


class _Played(NamedTuple):
    """What :func:`_play` saw."""

    #: Wall seconds from the first challenge to the end.
    seconds: float
    #: The most live matches seen, and the bot's RSS (KiB) at that moment.
    peak_live: int
    peak_rss: int
    #: Seconds of play (from when every match had begun) and when it began
    #: (``time.monotonic()``).
    playing: float
    play_started: float
    #: CPU seconds during play of the bot, of its worker processes, of this process.
    cpu: tuple[float, float, float]
    #: Matches whose result was posted.
    ended: int


async def _play(emu, channel, users, drivers, rng, pid, think, window, ramp, freeze) -> _Played:
    """Challenges spread over ``ramp`` seconds, each accepted at once, then random clicks
    until every result is posted (or ``window`` seconds of play have passed, when it is not
    0)."""
    matches = len(users) // 2
    started = time.monotonic()
    table = _Table(emu, channel.id, {u.id for u in users})
    emu.message_listeners.append(table)
    members = [
        asyncio.create_task(_member(table, drivers[u.id], random.Random(rng.random()), think))
        for u in users
    ]
    await asyncio.gather(
        *(
            _start(table, drivers[users[2 * i].id], drivers[users[2 * i + 1].id], channel,
                   i * ramp / matches)
            for i in range(matches)
        )
    )  # fmt: skip
    play_started = time.monotonic()
    lags: list[float] = []
    lag_probe = asyncio.create_task(_loop_lag(lags))
    pauses = _GcPauses()
    freezer = asyncio.create_task(_freeze_every(FREEZE_SECONDS)) if freeze else None
    cpu_started = cpu_seconds(pid)
    harness_started = time.process_time()
    peak_live, peak_rss = 0, 0
    progress = (play_started, len(emu.interactions))
    try:
        while not table.all_done.is_set():
            now = time.monotonic()
            if now - started > 1800:
                raise TimeoutError(f"{len(table.finished)} of {matches} matches ended in 30 min")
            if window and now - play_started >= window:
                print(f"  stopped after {window:g} s of play", flush=True)
                break
            live = table.live
            if live >= peak_live:
                peak_live, peak_rss = live, rss_kib(pid)
            if now - progress[0] >= 15:
                acks = len(emu.interactions)
                print(
                    f"  {now - play_started:5.0f} s: {len(table.finished)} of {matches} ended, "
                    f"{live} live, {(acks - progress[1]) / (now - progress[0]):.0f} "
                    "interactions/s",
                    flush=True,
                )
                progress = (now, acks)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.all_done.wait(), 0.5)
    finally:
        lag_probe.cancel()
        pauses.stop()
        if freezer is not None:
            freezer.cancel()
            gc.unfreeze()
        for task in members:
            task.cancel()
        done, stuck = await asyncio.wait(members, timeout=10)
        if stuck:
            print(f"  {len(stuck)} members did not stop within 10 s", flush=True)
        emu.message_listeners.remove(table)
    ended = time.monotonic()
    cpu_ended = cpu_seconds(pid)
    cpu = (
        cpu_ended[0] - cpu_started[0],
        cpu_ended[1] - cpu_started[1],
        time.process_time() - harness_started,
    )
    if lags:
        lags.sort()
        print(
            f"harness event loop lag (a 10 ms sleep's overshoot): p50 "
            f"{statistics.median(lags) * 1000:.1f} ms, p99 {_quantile(lags, 0.99) * 1000:.1f} ms,"
            f" max {lags[-1] * 1000:.1f} ms"
        )
    print(f"harness garbage collections: {pauses}")
    return _Played(
        seconds=ended - started,
        peak_live=peak_live,
        peak_rss=peak_rss,
        playing=ended - play_started,
        play_started=play_started,
        cpu=cpu,
        ended=len(table.finished),
    )


#: Seconds between two ``gc.freeze()`` of this process while playing (``--freeze``).
FREEZE_SECONDS = 2.0


async def _freeze_every(seconds: float) -> None:
    """Until cancelled, move every object of this process out of the collector's sight
    every ``seconds`` (``gc.freeze``): the emulator keeps every message, request and
    interaction of the run, and a full collection walking them all stops this process
    (the emulator, so every ack in flight) for longer and longer as the run goes on. Cyclic
    garbage frozen meanwhile is not freed before the end of the run."""
    while True:
        gc.freeze()
        await asyncio.sleep(seconds)


class _GcPauses:
    """The garbage collections of this process from now until :meth:`stop`: how many of
    each generation, and the longest of each, in milliseconds."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self._started = 0.0
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        generation = info["generation"]
        self.count[generation] += 1
        pause = (time.perf_counter() - self._started) * 1000
        self.longest[generation] = max(self.longest[generation], pause)

    def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self)

    def __str__(self) -> str:
        return ", ".join(
            f"generation {g}: {self.count[g]} (longest {self.longest[g]:.0f} ms)" for g in range(3)
        )


async def _loop_lag(lags: list[float]) -> None:
    """Append to ``lags``, until cancelled, how late (seconds) this process's event loop
    wakes from 10 ms sleeps: the delay the emulator and the members add to every ack."""
    while True:
        started = time.monotonic()
        await asyncio.sleep(0.01)
        lags.append(time.monotonic() - started - 0.01)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--db", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--seed", type=int, default=1, help="the members' random clicks")
    parser.add_argument(
        "--think", type=float, default=2.0,
        help="seconds a member waits before each click (0.5x to 1.5x, uniform; 0: at once)",
    )  # fmt: skip
    parser.add_argument("--bot-log", help="write the bot process's log to this file")
    parser.add_argument(
        "--seconds", type=float, default=0.0,
        help="stop after this many seconds of play (0: when every match has ended)",
    )  # fmt: skip
    parser.add_argument(
        "--ramp", type=float, default=30.0,
        help="seconds over which the challenges are spread (0: all at once)",
    )  # fmt: skip
    parser.add_argument(
        "--pin", action="store_true",
        help="the bot alone on the first CPU; its workers and this process on the others",
    )  # fmt: skip
    parser.add_argument(
        "--no-freeze", dest="freeze", action="store_false",
        help="let this process's garbage collector walk the whole emulator (slow pauses)",
    )  # fmt: skip
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse()
    asyncio.run(
        run(
            args.matches,
            args.db,
            args.seed,
            args.think,
            args.bot_log,
            args.seconds,
            args.ramp,
            args.freeze,
            args.pin,
        )  # fmt: skip
    )
