"""N simultaneous member-vs-member matches through the emulator, the bot in its own process.

    python -m benchmarks.load [--matches 100] [--channels 1] [--db sqlite|postgres]
                              [--seed 1] [--think-min 0.5] [--think-max 2] [--think T]
                              [--ramp 30] [--seconds 0] [--no-limits] [--bot-root PATH]
                              [--bot-log FILE] [--pin] [--no-freeze]
                              [--reminders] [--timers S]

Starts the local Discord emulator (``bot.playground``), which enforces Discord's rate
limits (global 50 requests/s per token, per-channel message buckets, DM-open and
thread-create buckets; see ``emulator/ratelimits.py``), and ``python -m bot``
against it as a subprocess with the bot's own default pacing, on SQLite (a temporary
file) or PostgreSQL (a fresh schema of the server at ``DATABASE_URL``, else
``TEST_DATABASE_URL``, else postgresql://postgres@127.0.0.1:5432/test, dropped
afterwards). ``--no-limits`` enforces no limit and raises the bot's pacing to 1,000
requests/s (``DISCORD_OUTBOUND_PER_SECOND``), to measure the bot's own speed.
``--bot-root PATH`` runs ``python -m bot`` from another checkout of the project (cwd and
PYTHONPATH PATH), to measure an older bot against this emulator and benchmark.

``--matches`` pairs of members challenge each other, round-robin over ``--channels`` text
channels and spread over ``--ramp`` seconds (matches that are live together were not all
started in the same instant); each challenge is accepted as soon as it is posted. Each
match is played in its own thread of its channel (or, by a bot without threads, in the
channel). Then every member clicks a random enabled button of their newest DM panel (a new
DM, or their panel edited in place; random legal play, seeded by ``--seed``) a uniform
``--think-min`` to ``--think-max`` seconds after it appears (``--think T``: 0.5 T to
1.5 T), until every result is posted, or for ``--seconds`` of play. ``BINGO_*`` variables
of this environment reach the bot (for example ``BINGO_BOARD_EDIT_SECONDS``), and so do
Python's own ``PYTHON*`` ones but ``PYTHONPATH`` (``PYTHONASYNCIODEBUG=1`` logs every step
that held the bot's event loop over 100 ms).

``--reminders``: every member turns your-turn reminders on (``/bingo reminders on``)
before challenging, and the decision timers (``--timers``, default 8 s with
``--reminders``, else 600 s) and think times (default 0.56 to 0.75 of the timers with
``--reminders``) are such that members click after half the timer, so every decision
waiting for a member gets its reminder; compare with the same ``--timers`` and think
times without ``--reminders``. The reminders seen during play are counted, per decision.

Prints, "play" being from when every match had begun to the end:

* the acknowledgement latency of every interaction as the members see it (p50, p95, p99,
  max, milliseconds; Discord allows 3 s), the clicks' split into decision buttons and the
  others (a finished match's Replay, Previous, Next), and as the bot's own histogram sees it;
* turn latency (ms): from a click's acknowledgement until a member of its match can click a
  newer decision (a new DM panel with enabled buttons, or an edit changing a panel's
  content or buttons that leaves enabled ones; 0 when the acknowledgement brings it), for
  the clicks followed by one;
* board lag (ms): from a click's acknowledgement until the match's board first shows an
  embed (description + fields) other than the one it showed then. An edit the bot rendered
  before the click but that arrives after it counts for the click: a lower bound then;
* result lag (ms, p50, p99, max): from the acknowledgement of a match's last click to its
  result in the channel;
* decisions (clicks acknowledged) per second during play, matches finished / started,
  matches per minute;
* with ``--reminders``, the reminders members received during play, per decision;
* REST requests per decision during play, by kind (interaction callbacks, interaction
  webhook edits and follow-ups, new DMs, channel and thread posts, message edits, deletes,
  DM opens, thread creates, thread updates, other), and those counted against the global
  limit (none with ``--no-limits``: nothing is counted); 429s by ``X-RateLimit-Scope``
  and invalid requests (401/403/429, but shared-scope 429s) of the whole run, as a share of
  all its requests;
* the CPU per click of the bot, of its render process and of this process (the emulator
  and the members, which share the machine's cores with the bot), this process's event loop
  lag and garbage collections, and the bot's resident memory (VmRSS of the subprocess,
  /proc/<pid>/status) per live match, sampled when the most matches were live.

Figures only. The module is over 600 lines because every figure is measured in the one
run (the members' clicks and what they saw); the click loop is :mod:`benchmarks.clicking`.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import math
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
from typing import Any, NamedTuple
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.metrics import PRIORITIES
from emulator import Emulator, Message
from emulator_driver import UserDriver
from tests.storage.conftest import run_on_server

from .bot_matches import RESULT, _buttons
from .clicking import click_panels

#: A match's board: the title of its embed.
BOARD = re.compile(r"BingoMagic #(\d+) — ")
#: The match id in a DM panel's title ("alice's hand — BingoMagic #12").
MATCH_ID = re.compile(r"BingoMagic #(\d+)")
#: The challenged member, the first mention of a challenge post.
MENTION = re.compile(r"<@!?(\d+)>")
ROOT = Path(__file__).resolve().parents[1]
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
#: Quiet timers (nobody times out), no artificial pause; the bot's own default pacing.
BOT_ENV = {
    "BINGO_TURN_SECONDS": "600",
    "BINGO_COUNTER_SECONDS": "600",
    "BINGO_CHOICE_SECONDS": "600",
    "BINGO_CHALLENGE_SECONDS": "600",
    "BINGO_BOT_PAUSE_SECONDS": "0",
    "SCRYFALL_API_BASE": "http://127.0.0.1:9",
    **{k: v for k, v in os.environ.items() if k.startswith("BINGO_")},
    **{
        k: v
        for k, v in os.environ.items()
        if k.startswith("PYTHON") and k not in ("PYTHONPATH", "PYTHONHOME")
    },
}
#: The bot's pacing (requests per second, ``DISCORD_OUTBOUND_PER_SECOND``) with
#: ``--no-limits``: far above what it sends, so only its own speed shows.
UNLIMITED_PER_SECOND = 1000


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


async def bot_metrics(port: int) -> str:
    """The text of the bot's metrics endpoint."""
    import aiohttp

    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        return await response.text()


def histogram_quantiles(
    text: str, name: str, labels: dict[str, str] | None = None
) -> dict[float, float]:
    """The p50 / p95 / p99 upper bucket bounds (seconds) of histogram ``name`` (its
    samples with ``labels``) in the metrics ``text``; {} when it counted nothing."""
    from prometheus_client.parser import text_string_to_metric_families

    buckets = [
        (float(sample.labels["le"]), sample.value)
        for family in text_string_to_metric_families(text)
        if family.name == name
        for sample in family.samples
        if sample.name.endswith("_bucket")
        and all(sample.labels.get(k) == v for k, v in (labels or {}).items())
    ]
    total = buckets[-1][1] if buckets else 0
    if not total:
        return {}
    return {
        q: next((bound for bound, count in buckets if count >= q * total), float("inf"))
        for q in (0.5, 0.95, 0.99)
    }


async def bot_ack_quantiles(port: int) -> dict[float, float]:
    """The bot's own view of its acknowledgement latency (from the gateway event to its
    answer, without the emulator's side of the trip): the p50 / p95 / p99 upper bucket
    bounds (seconds) of ``bingomagic_interaction_ack_seconds`` on its metrics endpoint."""
    return histogram_quantiles(await bot_metrics(port), "bingomagic_interaction_ack_seconds")


def _bounds(quantiles: dict[float, float]) -> str:
    return ", ".join(f"p{round(q * 100)} <= {b * 1000:g} ms" for q, b in quantiles.items())


def _with_schema(url: str, schema: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def run(
    matches: int,
    db: str,
    seed: int,
    think_min: float = 0.5,
    think_max: float = 2.0,
    bot_log: str | None = None,
    window: float = 0.0,
    ramp: float = 30.0,
    freeze: bool = True,
    pin: bool = False,
    channels: int = 1,
    limits: bool = True,
    bot_root: str | Path | None = None,
    reminders: bool = False,
    timers: float | None = None,
) -> dict[str, float]:
    """Play ``matches`` matches at once on ``db`` ("sqlite" or "postgres") in ``channels``
    text channels, started over ``ramp`` seconds, each member clicking ``think_min`` to
    ``think_max`` seconds after their controls appear, to the end or for ``window`` seconds
    of play when it is not 0; with Discord's rate limits (``limits``) or none, the bot run
    from ``bot_root`` (an absolute path; default: this checkout); with ``reminders``, every
    member turns your-turn reminders on first; ``timers``: every decision timer in seconds
    (default 600: nobody times out). Returns the figures (seconds, KiB, counts) and prints
    them."""
    if not 0 <= think_min <= think_max:
        raise ValueError(f"need 0 <= think_min <= think_max, got {think_min}, {think_max}")
    rng = random.Random(seed)
    server = os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or ""
    server = server.strip() or DEFAULT_POSTGRES
    schema = f"bench_{secrets.token_hex(6)}"
    root = Path(bot_root) if bot_root is not None else None
    emulator_options: dict[str, Any] = {} if limits else {"limits": None}
    async with Emulator(**emulator_options) as emu:
        guild = emu.create_guild("Load Guild")
        rooms = [emu.create_text_channel(guild, f"play-{i}") for i in range(max(1, channels))]
        users = []
        for i in range(2 * matches):
            user = emu.create_user(f"m{i:04d}")
            emu.add_member(guild, user)
            users.append(user)
        drivers = {u.id: UserDriver(emu, u) for u in users}
        with tempfile.TemporaryDirectory() as data:
            env = {
                "PATH": os.environ.get("PATH", ""),
                "PYTHONPATH": str(root or ROOT),
                "DISCORD_TOKEN": emu.bot_token,
                "DISCORD_API_BASE": emu.api_base,
                "DISCORD_GATEWAY_URL": emu.gateway_url,
                "DISCORD_GUILD_ID": str(guild.id),
                "METRICS_PORT": str(metrics_port := free_port()),
                **BOT_ENV,
            }
            if not limits:
                env["DISCORD_OUTBOUND_PER_SECOND"] = str(UNLIMITED_PER_SECOND)
            if timers is not None:
                for kind in ("TURN", "COUNTER", "CHOICE"):
                    env[f"BINGO_{kind}_SECONDS"] = f"{timers:g}"
            if db == "postgres":
                await run_on_server(server, f'CREATE SCHEMA "{schema}"')
                env["DATABASE_URL"] = _with_schema(server, schema)
            else:
                env["DATABASE_PATH"] = str(Path(data) / "bingomagic.db")
            log = open(bot_log, "wb") if bot_log else None  # noqa: ASYNC230, SIM115 - closed below
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=root or data, env=env,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=log if log is not None else asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            try:
                await emu.wait_for(lambda: emu.command_syncs > 0, 60, message="commands")
                await emu.wait_for(emu.gateway.connected_sessions, 60, message="READY")
                await asyncio.sleep(0.5)
                idle_rss = rss_kib(process.pid)
                print(f"bot pid {process.pid}" + (f", run from {root}" if root else ""), flush=True)
                if pin:
                    print(pin_bot(process.pid), flush=True)
                if reminders:
                    await _reminders_on(emu, rooms[0], list(drivers.values()))
                play = await _play(
                    emu, rooms, users, drivers, rng, process.pid, (think_min, think_max),
                    window, ramp, freeze,
                )  # fmt: skip
                try:
                    metrics_text = await asyncio.wait_for(bot_metrics(metrics_port), 15)
                except (OSError, TimeoutError) as error:
                    print(f"could not read the bot's metrics: {error!r}", flush=True)
                    metrics_text = ""
                seen_by_bot = histogram_quantiles(
                    metrics_text, "bingomagic_interaction_ack_seconds"
                )
                waits = {
                    priority: histogram_quantiles(
                        metrics_text, "bingomagic_outbox_wait_seconds", {"priority": priority}
                    )
                    for priority in PRIORITIES
                }
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
                    await run_on_server(server, f'DROP SCHEMA "{schema}" CASCADE')
        late = [p for p in emu.take_problems() if "not acknowledged" in p]
        records = [r for r in emu.interactions.values() if r.ack_latency is not None]
        requests = _requests(emu, play)
    acks = [(r.ack_latency, r.description) for r in records if r.ack_latency is not None]
    clicked = [
        (r.ack_latency, _custom_id(r.payload))
        for r in records
        if r.ack_latency is not None and r.description.startswith("click")
    ]
    latencies = sorted(ack for ack, _ in acks)
    clicks = sorted(ack for ack, _ in clicked)
    commands = sorted(ack for ack, what in acks if not what.startswith("click"))
    decided = sorted(ack for ack, custom in clicked if custom.startswith(DECISION_PREFIX))
    others = sorted(ack for ack, custom in clicked if not custom.startswith(DECISION_PREFIX))
    cpu = play.cpu
    result = {
        "p50": statistics.median(latencies),
        "p95": _quantile(latencies, 0.95),
        "p99": _quantile(latencies, 0.99),
        "max": latencies[-1],
        "ended": play.ended,
        "started": play.started,
        "per_minute": play.ended * 60 / play.seconds,
        "per_second": sum(1 for r in records if r.created_monotonic >= play.play_started)
        / max(play.playing, 1e-3),
        "cpu_ms_per_click": 1000 * cpu[0] / max(len(clicks), 1),
        "worker_cpu_ms_per_click": 1000 * cpu[1] / max(len(clicks), 1),
        "rss_per_match": play.peak_rss / max(play.peak_live, 1),
        "delta_per_match": (play.peak_rss - idle_rss) / max(play.peak_live, 1),
        "decisions": play.decisions,
        "decisions_per_second": play.decisions / max(play.playing, 1e-3),
        **_quantiles("turn", play.turn),
        **_quantiles("board", play.board),
        **_quantiles("result", play.result),
        **requests,
        "reminders": play.reminders,
        "reminders_per_decision": play.reminders / max(play.decisions, 1),
    }
    print(
        f"{matches} matches on {db} in {len(rooms)} channel(s), think {think_min:g}-"
        f"{think_max:g} s, Discord's rate limits {'on' if limits else 'off'}: "
        f"{len(latencies)} interactions in {play.seconds:.1f} s "
        f"({result['per_second']:.0f} interactions/s once every match began)"
    )
    for name, values in (("all", latencies), ("clicks", clicks), ("commands", commands)):
        if values:
            print(_line(f"ack {name}", values))
    for name, values in (("decisions", decided), ("other clicks", others)):
        if values:
            print(_line(f"  of these {name}", values))
    print(
        "ack as the bot sees it (gateway event to answer; histogram bucket bounds): "
        + _bounds(seen_by_bot)
    )
    print(
        "outbox wait for a turn, whole run (bot's histogram bucket bounds): "
        + "; ".join(f"{priority} {_bounds(found)}" for priority, found in waits.items() if found)
    )
    print(_line("turn latency", play.turn) + "  (click acked -> next decision clickable)")
    print(_line("  from click", play.turn_from_click) + "  (click sent -> next decision clickable)")
    print(_line("board lag", play.board) + "  (click acked -> board shows a change)")
    if play.board_starting:
        print(
            _line("  of these", play.board_starting)
            + f"  (clicks in the first {STARTING_SECONDS:g} s, while matches were starting)"
        )
    print(_line("result lag", play.result, (0.5, 0.99)) + "  (last click acked -> result)")
    print(
        f"decisions per second: {result['decisions_per_second']:.1f} ({play.decisions} "
        f"in {play.playing:.1f} s of play); matches finished / started: "
        f"{play.ended} / {play.started}"
    )
    print(f"matches per minute: {result['per_minute']:.0f}")
    per = max(play.decisions, 1)
    if reminders or play.reminders:
        print(f"reminders during play: {play.reminders} ({play.reminders / per:.3f} per decision)")
    print(
        "requests per decision: "
        + ", ".join(f"{kind} {requests[f'req_{kind}'] / per:.3f}" for kind in REQUEST_KINDS)
        + f"; counted against the global limit {requests['req_global_counted'] / per:.3f}"
    )
    total = max(requests["requests_all"], 1)
    limited = requests["limited_all"]
    print(
        f"429s: {limited} ({100 * limited / total:.2f} % of {requests['requests_all']} "
        "requests; by scope: "
        + ", ".join(f"{scope} {requests[f'limited_{scope}']}" for scope in SCOPES)
        + f"); invalid requests (401/403/429 but shared 429s): {requests['invalid']} "
        f"({100 * requests['invalid'] / total:.2f} %)"
    )
    print(
        f"bot CPU while playing: {100 * cpu[0] / max(play.playing, 1e-3):.0f} % of a core, "
        f"{result['cpu_ms_per_click']:.2f} ms per click; its workers (board pictures): "
        f"{100 * cpu[1] / max(play.playing, 1e-3):.0f} %, "
        f"{result['worker_cpu_ms_per_click']:.2f} ms per click"
    )
    print(
        f"harness CPU while playing (emulator and members, this process): "
        f"{100 * cpu[2] / max(play.playing, 1e-3):.0f} % of a core, "
        f"{1000 * cpu[2] / max(len(clicks), 1):.2f} ms per click"
    )
    print(
        f"bot RSS at peak: {play.peak_rss / 1024:.1f} MiB with {play.peak_live} live matches "
        f"({result['rss_per_match']:.0f} KiB per live match; idle {idle_rss / 1024:.1f} MiB, "
        f"{result['delta_per_match']:.0f} KiB per live match above idle)"
    )
    print(f"late acknowledgements (> 3 s): {len(late)}")
    return result


#: The custom id prefix of a match's decision buttons (``bot.ui.controls.DecisionButton``).
DECISION_PREFIX = "bingo:m:"


def _custom_id(payload: dict[str, Any]) -> str:
    """The custom id of the component an interaction's ``payload`` clicked ("" if none)."""
    data = payload.get("data")
    return str(data.get("custom_id") or "") if isinstance(data, dict) else ""


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted ``values`` (nearest rank)."""
    return values[min(len(values) - 1, int(q * len(values)))]


def _quantiles(name: str, values: list[float]) -> dict[str, float]:
    """``{name_p50, name_p95, name_p99, name_max, name_n}`` of sorted ``values`` (seconds;
    NaN when there are none)."""
    if not values:
        return {f"{name}_{k}": math.nan for k in ("p50", "p95", "p99", "max")} | {f"{name}_n": 0}
    return {
        f"{name}_p50": statistics.median(values),
        f"{name}_p95": _quantile(values, 0.95),
        f"{name}_p99": _quantile(values, 0.99),
        f"{name}_max": values[-1],
        f"{name}_n": len(values),
    }


def _line(name: str, values: list[float], qs: tuple[float, ...] = (0.5, 0.95, 0.99)) -> str:
    """``name n=.. p50 .. ms  p95 .. ms  p99 .. ms  max .. ms`` of sorted ``values``."""
    if not values:
        return f"{name:<13} n=0"
    parts = [
        f"p{round(q * 100)} {(statistics.median(values) if q == 0.5 else _quantile(values, q)) * 1000:7.1f} ms"  # noqa: E501
        for q in qs
    ]
    return (
        f"{name:<13} n={len(values):<6} " + "  ".join(parts) + f"  max {values[-1] * 1000:7.1f} ms"
    )


#: Kinds of REST request counted per decision (:func:`_kind`), in the order printed.
REQUEST_KINDS = (
    "callbacks",
    "webhooks",
    "new_dms",
    "channel_posts",
    "edits",
    "deletes",
    "dm_opens",
    "thread_creates",
    "thread_updates",
    "other",
)
#: ``X-RateLimit-Scope`` values of a 429 (Discord docs, "Rate Limits", "Header Format").
SCOPES = ("user", "global", "shared")
_CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback$")
_CHANNEL = re.compile(r"/channels/(\d+)(/.*)?$")


def _kind(emu: Emulator, method: str, path: str) -> str:
    """The kind (one of :data:`REQUEST_KINDS`) of a REST request, ``path`` below /api/v10:
    callbacks (POST /interactions/{id}/{token}/callback), webhooks (/webhooks/{app}/{token}
    edits and follow-ups), new_dms (POST a message in a DM channel), channel_posts (in a
    guild channel or thread), edits (PATCH a message), deletes (DELETE a message), dm_opens
    (POST /users/@me/channels), thread_creates, thread_updates (PATCH /channels/{thread}:
    archive, lock), other."""
    if method == "POST" and _CALLBACK.match(path):
        return "callbacks"
    if path.startswith("/webhooks/"):
        return "webhooks"
    if method == "POST" and path == "/users/@me/channels":
        return "dm_opens"
    found = _CHANNEL.match(path)
    if found is None:
        return "other"
    rest = found.group(2) or ""
    if method == "POST" and rest.endswith("/threads"):
        return "thread_creates"
    if method == "POST" and rest == "/messages":
        channel = emu.channels.get(int(found.group(1)))
        return "new_dms" if channel is not None and channel.is_dm else "channel_posts"
    if re.fullmatch(r"/messages/\d+", rest):
        return {"PATCH": "edits", "DELETE": "deletes"}.get(method, "other")
    if method == "PATCH" and not rest:
        channel = emu.channels.get(int(found.group(1)))
        return "thread_updates" if channel is not None and channel.is_thread else "other"
    return "other"


def _requests(emu: Emulator, play: _Played) -> dict[str, int]:
    """Counts of REST requests: ``req_<kind>`` and ``req_global_counted`` (requests that
    counted against the global limit) answered during play (from ``play.play_started`` to
    its end); ``requests_all``, ``limited_all``, ``limited_<scope>`` and ``invalid`` over the
    whole run (``emu.request_records``, ``emu.rate_limited_by_scope``,
    ``emu.invalid_requests``)."""
    counts = dict.fromkeys((f"req_{kind}" for kind in REQUEST_KINDS), 0)
    counts["req_global_counted"] = 0
    for record in emu.request_records:
        if play.play_started <= record.at <= play.play_ended:
            counts[f"req_{_kind(emu, record.method, record.path)}"] += 1
            counts["req_global_counted"] += record.global_counted
    counts["requests_all"] = len(emu.request_records)
    for scope in SCOPES:
        counts[f"limited_{scope}"] = emu.rate_limited_by_scope[scope]
    counts["limited_all"] = sum(emu.rate_limited_by_scope.values())
    counts["invalid"] = emu.invalid_requests
    return counts


class _Click(NamedTuple):
    """One decision of a member: when the click was sent and when it was acknowledged
    (``time.monotonic()`` seconds)."""

    sent: float
    acked: float


class _Table:
    """What the members see, kept up to date by an emulator message listener (no rescans):
    each member's newest DM hand panel with enabled buttons (created or edited), the boards
    and the results, with the times needed for the latencies (``time.monotonic()``).

    A board is a message whose embed title matches :data:`BOARD` in one of ``channel_ids``
    or in a thread of one of them (a match's thread; a bot without threads posts it in the
    channel); a result is a :data:`RESULT` message in one of ``channel_ids`` themselves.
    """

    def __init__(self, emu: Emulator, channel_ids: set[int], pair_of: dict[int, int]) -> None:
        self.emu = emu
        self.channel_ids = channel_ids
        #: member id -> index of their match among the challenges (0, 0, 1, 1, ...).
        self.pair_of = pair_of
        self.panels: dict[int, Message] = {}
        #: message id -> when a your-turn reminder DM was first seen.
        self.reminders: dict[int, float] = {}
        self.wake = {user_id: asyncio.Event() for user_id in pair_of}
        #: match id (BingoMagic #N) -> [(time, description + fields)] of every version of
        #: its board, in the order seen.
        self.boards: dict[int, list[tuple[float, str]]] = {}
        #: match index -> match id, learned from the members' panels.
        self.match_of_pair: dict[int, int] = {}
        #: match index -> times a member's DM got enabled buttons for a new decision.
        self.decisions: dict[int, list[float]] = {}
        #: match index -> its members' decisions (clicks acknowledged), in the order sent.
        self.clicks: dict[int, list[_Click]] = {}
        #: message id -> (content, components) of the DM message last seen.
        self._shown: dict[int, tuple[str, str]] = {}
        #: opponent id -> the challenge post to them with its buttons, once it is seen.
        self.challenges: dict[int, Message] = {}
        self.challenged = asyncio.Event()
        #: match id -> when its result was posted in its channel.
        self.results: dict[int, float] = {}
        self.all_done = asyncio.Event()
        self.expected = len(pair_of) // 2

    def __call__(self, event: str, message: Message) -> None:
        now = time.monotonic()
        channel = self.emu.channels.get(message.channel_id)
        if channel is None:
            return
        if message.channel_id in self.channel_ids or (
            channel.is_thread and channel.parent_id in self.channel_ids
        ):
            self._public(now, message, in_thread=message.channel_id not in self.channel_ids)
            return
        user_id = channel.recipient_id
        if user_id not in self.wake or message.deleted:
            return
        if not message.embeds and ("⏰" in message.content or "⚠️" in message.content):
            self.reminders.setdefault(message.id, now)  # a your-turn reminder (first seen)
            return
        title = message.embeds[0].get("title", "") if message.embeds else ""
        if "'s hand" not in title:
            return
        shown = (message.content or "", repr(message.components))
        changed = self._shown.get(message.id) != shown
        self._shown[message.id] = shown
        if not _buttons(message):
            return
        pair = self.pair_of[user_id]
        if (found := MATCH_ID.search(title)) is not None:
            self.match_of_pair.setdefault(pair, int(found.group(1)))
        if changed:
            self.decisions.setdefault(pair, []).append(now)
        self.panels[user_id] = message
        self.wake[user_id].set()

    def _public(self, now: float, message: Message, *, in_thread: bool) -> None:
        content = message.content or ""
        if not in_thread and (found := RESULT.search(content)):
            self.results.setdefault(int(found.group(1)), now)
            if len(self.results) >= self.expected:
                self.all_done.set()
        elif message.embeds and (board := BOARD.match(message.embeds[0].get("title", ""))):
            embed = message.embeds[0]
            shown = f"{embed.get('description', '')}\n{embed.get('fields', [])!r}"
            self.boards.setdefault(int(board.group(1)), []).append((now, shown))
        elif not in_thread and "challenges you" in content and _buttons(message):
            found = MENTION.search(content)
            if found is not None and int(found.group(1)) in self.wake:
                self.challenges[int(found.group(1))] = message
                self.challenged.set()

    @property
    def live(self) -> int:
        return len(self.boards) - len(self.results)

    def turn_latencies(self, *, from_click: bool = False) -> list[float]:
        """Seconds from each decision's acknowledgement (``from_click``: from the click)
        until a member of its match could click a newer decision: the first new
        enabled-button DM panel (create, or an edit changing its content or buttons) seen
        after the click was sent and before the match's next click was sent, less the
        click's acknowledgement time (0 when the acknowledgement itself brought it).
        Clicks followed by none are left out."""
        found = []
        for pair, unsorted in self.clicks.items():
            clicks = sorted(unsorted)
            times = sorted(self.decisions.get(pair, []))
            for i, click in enumerate(clicks):
                after = bisect.bisect_left(times, click.sent)
                until = clicks[i + 1].sent if i + 1 < len(clicks) else math.inf
                if after < len(times) and times[after] < until:
                    start = click.sent if from_click else click.acked
                    found.append(max(0.0, times[after] - start))
        return sorted(found)

    def board_lags(self, until: float = math.inf) -> list[float]:
        """Seconds from each decision's acknowledgement (before ``until``, a
        ``time.monotonic()``) until its match's board first showed an embed (description
        + fields) other than the one it showed at that moment."""
        found = []
        for pair, clicks in self.clicks.items():
            versions = self.boards.get(self.match_of_pair.get(pair, -1), [])
            times = [at for at, _ in versions]
            for click in clicks:
                if click.acked >= until:
                    continue
                after = bisect.bisect_right(times, click.acked)
                before = versions[after - 1][1] if after else None
                for at, shown in versions[after:]:
                    if shown != before:
                        found.append(at - click.acked)
                        break
        return sorted(found)

    def result_lags(self) -> list[float]:
        """Seconds from the acknowledgement of each finished match's last click (sent
        before its result) until its result was posted in its channel."""
        pairs = {match: pair for pair, match in self.match_of_pair.items()}
        found = []
        for match, posted in self.results.items():
            clicks = sorted(
                c for c in self.clicks.get(pairs.get(match, -1), []) if c.sent <= posted
            )
            if clicks:
                found.append(max(0.0, posted - clicks[-1].acked))
        return sorted(found)


async def _member(table: _Table, driver, rng: random.Random, think: tuple[float, float]) -> None:
    """One member: whenever their newest panel shows buttons they have not clicked yet,
    wait ``think`` seconds (uniform between its two bounds), then click one of them at
    random, and note the decision (:class:`_Click`; :func:`click_panels`)."""
    user_id = driver.user.id
    decisions = table.clicks.setdefault(table.pair_of[user_id], [])

    def note(sent: float, acked: float) -> None:
        decisions.append(_Click(sent, acked))

    await click_panels(driver, table.panels, table.wake[user_id], table.all_done, rng, think, note)


async def _reminders_on(emu: Emulator, channel, drivers: list[UserDriver]) -> None:
    """Every member runs ``/bingo reminders on`` in ``channel`` (a few at a time, as the
    interactions are answered), before any match."""
    gate = asyncio.Semaphore(8)

    async def one(driver: UserDriver) -> None:
        async with gate:
            record = await driver.slash(channel, "bingo reminders", mode="on")
            reply = await record.wait_for_response()
            if "**" not in reply.text:
                raise RuntimeError(f"/bingo reminders on answered {reply.text!r}")

    await asyncio.gather(*(one(driver) for driver in drivers))
    print(f"reminders on for {len(drivers)} members", flush=True)


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
    #: Seconds of play (from when every match had begun), when it began and ended
    #: (``time.monotonic()``).
    playing: float
    play_started: float
    play_ended: float
    #: CPU seconds during play of the bot, of its worker processes, of this process.
    cpu: tuple[float, float, float]
    #: Matches whose result was posted; matches whose board or panels were seen.
    ended: int
    started: int
    #: Decisions (clicks acknowledged) during play.
    decisions: int
    #: Sorted seconds: turn latencies, board lags, result lags (see :class:`_Table`).
    turn: list[float]
    board: list[float]
    #: The board lags of the clicks acknowledged in the first :data:`STARTING_SECONDS`.
    board_starting: list[float]
    result: list[float]
    #: Your-turn reminder DMs seen during play.
    reminders: int = 0
    #: Sorted seconds from each click sent to the next decision clickable.
    turn_from_click: list[float] = []


async def _play(emu, rooms, users, drivers, rng, pid, think, window, ramp, freeze) -> _Played:
    """Challenges spread over ``ramp`` seconds and round-robin over ``rooms``, each accepted
    at once, then random clicks until every result is posted (or ``window`` seconds of play
    have passed, when it is not 0)."""
    matches = len(users) // 2
    started = time.monotonic()
    table = _Table(emu, {room.id for room in rooms}, {u.id: i // 2 for i, u in enumerate(users)})
    emu.message_listeners.append(table)
    members = [
        asyncio.create_task(_member(table, drivers[u.id], random.Random(rng.random()), think))
        for u in users
    ]
    await asyncio.gather(
        *(
            _start(table, drivers[users[2 * i].id], drivers[users[2 * i + 1].id],
                   rooms[i % len(rooms)], i * ramp / matches)
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
                raise TimeoutError(f"{len(table.results)} of {matches} matches ended in 30 min")
            if window and now - play_started >= window:
                print(f"  stopped after {window:g} s of play", flush=True)
                break
            live = table.live
            if live >= peak_live:
                peak_live, peak_rss = live, rss_kib(pid)
            if now - progress[0] >= 15:
                acks = len(emu.interactions)
                print(
                    f"  {now - play_started:5.0f} s: {len(table.results)} of {matches} ended, "
                    f"{live} live, {(acks - progress[1]) / (now - progress[0]):.0f} "
                    "interactions/s",
                    flush=True,
                )
                progress = (now, acks)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.all_done.wait(), 0.5)
    finally:
        ended = time.monotonic()
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
        play_ended=ended,
        cpu=cpu,
        ended=len(table.results),
        started=len(set(table.boards) | set(table.match_of_pair.values())),
        decisions=sum(
            play_started <= click.acked <= ended
            for clicks in table.clicks.values()
            for click in clicks
        ),
        turn=table.turn_latencies(),
        turn_from_click=table.turn_latencies(from_click=True),
        board=table.board_lags(),
        board_starting=table.board_lags(until=play_started + STARTING_SECONDS),
        result=table.result_lags(),
        reminders=sum(play_started <= at <= ended for at in table.reminders.values()),
    )


#: Seconds from the last challenge accepted during which clicks count as "while matches
#: were starting" (a burst's DM channels open at a few a second: 40 s for 100 matches).
STARTING_SECONDS = 40.0

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
        "--channels", type=int, default=1,
        help="text channels the matches are spread over (round-robin)",
    )  # fmt: skip
    parser.add_argument(
        "--think-min", type=float, default=None,
        help="least seconds a member waits before each click (uniform up to --think-max;"
        " default 0.5)",
    )  # fmt: skip
    parser.add_argument(
        "--think-max", type=float, default=None,
        help="most seconds a member waits before a click (default 2)",
    )  # fmt: skip
    parser.add_argument(
        "--think", type=float,
        help="shorthand: --think-min 0.5 T --think-max 1.5 T (0: click at once)",
    )  # fmt: skip
    parser.add_argument(
        "--no-limits", dest="limits", action="store_false",
        help="enforce no rate limit and raise the bot's pacing to 1,000 requests/s",
    )  # fmt: skip
    parser.add_argument(
        "--bot-root", help="run python -m bot from this checkout of the project (cwd, PYTHONPATH)"
    )
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
    parser.add_argument(
        "--reminders", action="store_true",
        help="every member turns your-turn reminders on; think past half the timers",
    )  # fmt: skip
    parser.add_argument(
        "--timers", type=float, default=None,
        help="every decision timer, seconds (default 8 with --reminders, else 600)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.think is not None:
        args.think_min, args.think_max = 0.5 * args.think, 1.5 * args.think
    if args.reminders and args.timers is None:
        args.timers = REMINDER_TIMERS
    if args.think_min is None and args.think_max is None and args.timers is not None:
        # past half the timer (the reminder), with room before the time-out
        args.think_min, args.think_max = 0.56 * args.timers, 0.75 * args.timers
    args.think_min = 0.5 if args.think_min is None else args.think_min
    args.think_max = max(2.0, args.think_min) if args.think_max is None else args.think_max
    return args


#: The decision timers of ``--reminders`` (seconds): members think 0.56 to 0.75 of them.
REMINDER_TIMERS = 8.0


if __name__ == "__main__":
    args = parse()
    asyncio.run(
        run(
            args.matches,
            args.db,
            args.seed,
            think_min=args.think_min,
            think_max=args.think_max,
            bot_log=args.bot_log,
            window=args.seconds,
            ramp=args.ramp,
            freeze=args.freeze,
            pin=args.pin,
            channels=args.channels,
            limits=args.limits,
            bot_root=Path(args.bot_root).resolve() if args.bot_root else None,
            reminders=args.reminders,
            timers=args.timers,
        )
    )
