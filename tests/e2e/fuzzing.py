"""Command fuzzing through the emulator, shared by tests/e2e/test_fuzz_commands.py and
``python -m benchmarks.fuzz_commands``.

The command tree is read from the emulator (what the bot registered), so a new command or
option is fuzzed without editing this file. For each (sub)command hypothesis draws a *case*:
who runs it, a value per option (or none for an optional one), texts for any modal the
command opens; options with autocomplete also get autocomplete cases.

Values: empty and whitespace-only strings; 1-6,000 characters of mixed Unicode (emoji, RTL
marks, zero-width characters, NUL and control characters, markdown, and mention syntax naming
real members and roles, @everyone, @here); names of decks that belong to someone else or do not
exist; numbers at, inside and just past each declared bound; user options naming another
member, the bot or the user themself. Values past a declared bound must be refused by the driver
(as Discord's client refuses them), never sent.

Checked for every case (a broken check is a *failure* with its case):

* ``late``: every interaction is answered within 3 s (the emulator's late-ack problem);
* ``error``: no emulator problem (e.g. a 400 for a reply past Discord's limits), no
  "Something went wrong", no ERROR log record or traceback from the bot;
* ``public-refusal``: a reply that reads as a refusal is ephemeral;
* ``ping``: nothing pinged, except the challenged member by ``/bingo challenge``;
* ``sent-past-bound`` / ``refused-in-bound``: the driver refused exactly the out-of-bound values;
* ``dead``: the bot still answers a normal command afterwards.
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from emulator.models import InteractionRecord, Message, User
from emulator.server import Emulator

from .helpers import BotWorld

log = logging.getLogger(__name__)

ACTORS = ("alice", "bob", "carol")
#: User-option targets: members, the bot, and the acting user themself.
USER_TARGETS = ("alice", "bob", "carol", "@bot", "@self")
#: Deck names: alice's saved deck (someone else's for bob and carol), and unknown names.
DECK_NAMES = ("Alice Burn", "alice burn", "ALICE BURN ", "No Such Deck", "Saved: Alice Burn")
ALICE_DECK = "Alice Burn"
ALICE_DECKLIST = "20 Mountain\n40 Lightning Bolt"

#: Pieces mixed into fuzz text. ``{alice}``/``{role}``... are replaced by real ids.
TOKENS = (
    "@everyone",
    "@here",
    "<@{bob}>",
    "<@!{carol}>",
    "<@&{role}>",
    "<@&{guild}>",
    "<@1>",
    "<#1>",
    "</bingo challenge:1>",
    "\x00",
    "\x01\x1b\x7f",
    "\r\n",
    "\t",
    "\u200b",
    "\u200d",
    "\ufeff",
    "\u202e",
    "\u200f",
    "\u2066",
    "🂡",
    "👍🏽",
    "👨‍👩‍👧",
    "**",
    "__",
    "`",
    "```",
    "~~",
    "||",
    "> ",
    "# ",
    "\\",
    "[link](https://example.com)",
    "ﷺ",
    "עברית",
    "Z̸̢̛a̷l̴g̶o",
)
WHITESPACE = (" ", "\t", "\n", "\u3000", "\u00a0", "\u2003")

REFUSAL = re.compile(
    r"\b(can(?:no|')t|not|no such|unknown|invalid|must|too (?:long|many)|isn't|doesn't|"
    r"don't|already|only)\b",
    re.IGNORECASE,
)
SOMETHING_WRONG = "Something went wrong"


# ------------------------------------------------------------------ command tree
@dataclass(frozen=True)
class CommandSpec:
    """One invocable (sub)command: ``path`` like ``"mulligan deck save"`` and its options."""

    path: str
    options: tuple[dict[str, Any], ...]


def command_specs(emu: Emulator, guild_id: int) -> list[CommandSpec]:
    """Every slash (sub)command the bot registered (guild and global), sorted by path."""
    specs: list[CommandSpec] = []

    def walk(prefix: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            specs.append(CommandSpec(prefix, tuple(options)))
            return
        for sub in subs:
            walk(f"{prefix} {sub['name']}", sub.get("options") or [])

    seen: set[str] = set()
    for cmd in [*emu.commands(guild=guild_id), *emu.commands()]:
        if cmd.get("type", 1) != 1 or cmd["name"] in seen:
            continue
        seen.add(cmd["name"])
        walk(cmd["name"], cmd.get("options") or [])
    return sorted(specs, key=lambda s: s.path)


# ------------------------------------------------------------------ strategies
def _repeat(piece: str, length: int) -> str:
    if not piece:
        return ""
    return (piece * (length // len(piece) + 1))[:length]


def fuzz_text(max_len: int = 6000) -> st.SearchStrategy[str]:
    """Empty, whitespace-only, short mixed Unicode, long repeated mixtures, and deck names."""
    mixed = st.lists(
        st.one_of(
            st.sampled_from(TOKENS),
            st.text(min_size=1, max_size=12),
            st.sampled_from(("Alice Burn", "deck", "Mountain", "7", "-1", "9" * 30)),
        ),
        min_size=1,
        max_size=12,
    ).map("".join)
    long = st.tuples(mixed, st.integers(1, max_len)).map(lambda t: _repeat(t[0], t[1]))
    edges = st.tuples(mixed, st.sampled_from(sorted({100, 101, 1024, 2000, 2001, 4000, max_len})))
    return st.one_of(
        st.just(""),
        st.lists(st.sampled_from(WHITESPACE), min_size=1, max_size=40).map("".join),
        mixed,
        long,
        edges.map(lambda t: _repeat(t[0], min(t[1], max_len))),
        st.sampled_from(DECK_NAMES),
    ).map(lambda s: s[:max_len])


def _int_strategy(opt: dict[str, Any]) -> st.SearchStrategy[Any]:
    lo, hi = opt.get("min_value"), opt.get("max_value")
    lo = -(2**53) if lo is None else int(lo)
    hi = 2**53 if hi is None else int(hi)
    edges = sorted({lo - 1, lo, lo + 1, (lo + hi) // 2, hi - 1, hi, hi + 1, 0, -1})
    return st.one_of(st.sampled_from(edges), st.integers(lo, hi))


def _str_strategy(opt: dict[str, Any]) -> st.SearchStrategy[Any]:
    lo, hi = opt.get("min_length"), opt.get("max_length")
    if lo is None and hi is None:
        return fuzz_text()
    lo = 0 if lo is None else int(lo)
    hi = 6000 if hi is None else int(hi)
    past = [n for n in (lo - 1, hi + 1) if n >= 0]
    inside = fuzz_text(hi).filter(lambda s: len(s) >= lo)
    padded = st.tuples(fuzz_text(hi), st.integers(max(lo, 1), hi)).map(
        lambda t: _repeat(t[0] or "x", t[1])
    )
    return st.one_of(
        inside,
        padded,
        st.sampled_from(past).map(lambda n: "x" * n) if past else inside,
    )


def option_strategy(opt: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values for one command option (see the module docstring)."""
    otype = opt["type"]
    if opt.get("choices"):
        values = [c["value"] for c in opt["choices"]]
        return st.sampled_from(values)
    if otype == 3:
        return _str_strategy(opt)
    if otype == 4:
        return _int_strategy(opt)
    if otype == 10:
        return st.one_of(_int_strategy(opt), st.floats(allow_nan=False, allow_infinity=False))
    if otype == 5:
        return st.booleans()
    if otype in (6, 9):
        return st.sampled_from(USER_TARGETS)
    return st.nothing()


@dataclass
class Case:
    """One fuzz input: ``kind`` is ``"slash"`` or ``"autocomplete"`` (of option ``focused``)."""

    path: str
    actor: str
    options: dict[str, Any]
    kind: str = "slash"
    focused: str | None = None
    modal: tuple[str, ...] = ()

    def short(self) -> str:
        """A compact, reproducible description (long strings summarised)."""

        def show(v: Any) -> str:
            if isinstance(v, str) and len(v) > 60:
                return f"{v[:40]!r}...({len(v)} chars)"
            return repr(v)

        opts = ", ".join(f"{k}={show(v)}" for k, v in self.options.items())
        extra = f" modal={[show(m) for m in self.modal]}" if self.modal else ""
        what = f"autocomplete[{self.focused}] " if self.kind == "autocomplete" else ""
        return f"{what}/{self.path} by {self.actor} ({opts}){extra}"


def case_strategy(spec: CommandSpec) -> st.SearchStrategy[Case]:
    """Cases for ``spec``: slash invocations, plus autocomplete of each autocomplete option."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for opt in spec.options:
        values = option_strategy(opt)
        fields[opt["name"]] = values if opt.get("required") else st.one_of(st.none(), values)
    options = st.fixed_dictionaries(fields).map(
        lambda d: {k: v for k, v in d.items() if v is not None}
    )
    modal = st.lists(fuzz_text(4000), min_size=1, max_size=3).map(tuple)
    slash = st.builds(
        Case, path=st.just(spec.path), actor=st.sampled_from(ACTORS), options=options, modal=modal
    )
    auto = [o["name"] for o in spec.options if o.get("autocomplete")]
    if not auto:
        return slash

    def autocomplete(focused: str) -> st.SearchStrategy[Case]:
        return st.builds(
            Case,
            path=st.just(spec.path),
            actor=st.sampled_from(ACTORS),
            options=st.fixed_dictionaries({focused: fuzz_text()}),
            kind=st.just("autocomplete"),
            focused=st.just(focused),
        )

    return st.one_of(slash, *(autocomplete(name) for name in auto))


def draw_cases(specs: list[CommandSpec], examples: int, seed: int | None = None) -> list[Case]:
    """About ``examples`` cases, shared evenly by every spec (each gets at least one, so a
    new command is always covered), drawn by hypothesis: derandomized (the same every run)
    when ``seed`` is None, else from ``seed``. Cases of different commands are interleaved."""
    per_spec = max(1, examples // max(1, len(specs)))
    drawn: list[list[Case]] = []
    for index, spec in enumerate(specs):
        cases: list[Case] = []
        drawn.append(cases)

        @settings(
            max_examples=per_spec,
            derandomize=seed is None,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case_strategy(spec))
        def collect(case: Case) -> None:
            drawn[-1].append(case)

        if seed is not None:
            collect = hypothesis_seed(seed + index)(collect)
        collect()
        del cases[per_spec:]
    interleaved = [case for group in zip_longest(*drawn) for case in group if case is not None]
    return interleaved


# ------------------------------------------------------------------ running cases
class LogCapture(logging.Handler):
    """Keeps every record at ERROR or above, and every record carrying a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)

    def __enter__(self) -> LogCapture:
        root = logging.getLogger()
        root.addHandler(self)
        self._level = root.level
        if root.level > logging.WARNING or root.level == logging.NOTSET:
            root.setLevel(logging.WARNING)
        return self

    def __exit__(self, *exc: object) -> None:
        root = logging.getLogger()
        root.removeHandler(self)
        root.setLevel(self._level)


@dataclass
class Outcome:
    """What one case did: ``status`` is ``answered``, ``private`` (every reply ephemeral),
    ``driver-refused`` or ``autocomplete``; ``failures`` lists ``(kind, detail)``."""

    case: Case
    status: str
    failures: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0


def violates_bound(opt: dict[str, Any], value: Any) -> bool:
    """True if Discord's client would refuse ``value`` for ``opt`` (declared or implicit)."""
    if opt.get("choices"):
        return value not in [c["value"] for c in opt["choices"]]
    if opt["type"] == 3 and isinstance(value, str):
        lo, hi = opt.get("min_length"), opt.get("max_length")
        return (lo is not None and len(value) < lo) or len(value) > (hi or 6000)
    if opt["type"] in (4, 10) and isinstance(value, int | float):
        lo, hi = opt.get("min_value"), opt.get("max_value")
        lo = -(2**53) if lo is None else lo
        hi = 2**53 if hi is None else hi
        return value < lo or value > hi
    return False


class Fuzzer:
    """Runs cases against a running bot (a :class:`BotWorld`) and checks each one."""

    def __init__(self, bw: BotWorld, capture: LogCapture) -> None:
        self.bw = bw
        self.emu = bw.emu
        self.capture = capture
        self.role = self.emu.create_role(bw.world.guild, "fuzzers")
        self.specs = command_specs(self.emu, bw.world.guild.id)
        self.by_path = {s.path: s for s in self.specs}
        self.normal = self._normal_command()

    def _normal_command(self) -> str:
        for wanted in ("bingo stats", "mulligan stats", "bingo leaderboard"):
            if wanted in self.by_path:
                return wanted
        for spec in self.specs:
            if not any(o.get("required") for o in spec.options):
                return spec.path
        raise AssertionError("no command without required options to check liveness")

    async def setup(self) -> None:
        """Alice saves a deck (so other members can name someone else's deck)."""
        alice = self.bw.driver("alice")
        try:
            rec = await alice.slash(self.bw.channel, "mulligan deck save", name=ALICE_DECK)
            if rec.modal is not None:
                field_ids = _text_inputs(rec.modal)
                await alice.submit_modal(rec, {field_ids[0]: ALICE_DECKLIST})
            await self.emu.settle()
        except (LookupError, ValueError) as exc:
            log.info("fuzz setup: could not save a deck: %s", exc)
        self.emu.take_problems()

    def _fill(self, text: str) -> str:
        world = self.bw.world
        return (
            text.replace("{bob}", str(world.user("bob").id))
            .replace("{carol}", str(world.user("carol").id))
            .replace("{role}", str(self.role.id))
            .replace("{guild}", str(world.guild.id))
        )

    def _value(self, value: Any, actor: User) -> Any:
        if isinstance(value, str):
            if value == "@bot":
                return self.emu.bot_user
            if value == "@self":
                return actor
            if value in ACTORS:
                return self.bw.world.user(value)
            return self._fill(value)
        return value

    async def run(self, case: Case) -> Outcome:
        """Run one case and check it."""
        emu = self.emu
        started = time.monotonic()
        self.emu.take_problems()
        pings_before = len(emu.pings)
        logs_before = len(self.capture.records)
        order_before = max((m.created_order for m in emu.messages.values()), default=0)
        edited_before = {m.id: len(m.history) for m in emu.messages.values()}
        spec = self.by_path[case.path]
        driver = self.bw.driver(case.actor)
        actor = driver.user
        options = {k: self._value(v, actor) for k, v in case.options.items()}
        specs = {o["name"]: o for o in spec.options}
        outcome = Outcome(case, "answered")
        if case.kind == "autocomplete":
            outcome.status = "autocomplete"
            try:
                await driver.autocomplete(
                    self.bw.channel, case.path, focused=case.focused or "", **options
                )
            except AssertionError as exc:
                outcome.failures.append(("error", f"autocomplete not answered: {exc}"))
        else:
            past = [n for n, v in options.items() if n in specs and violates_bound(specs[n], v)]
            try:
                rec = await driver.slash(self.bw.channel, case.path, **options)
            except (ValueError, TypeError) as exc:
                outcome.status = "driver-refused"
                if not past:
                    outcome.failures.append(("refused-in-bound", str(exc)[:200]))
                rec = None
            else:
                if past:
                    outcome.failures.append(("sent-past-bound", f"options {past} were sent"))
            if rec is not None:
                await self._after(rec, case, outcome)
        await self._settle()
        self._check(case, outcome, pings_before, logs_before, order_before, edited_before)
        await self._check_alive(outcome)
        outcome.seconds = time.monotonic() - started
        return outcome

    async def _settle(self) -> None:
        try:
            await self.emu.settle(quiet=0.05, timeout=5.0)
        except AssertionError:
            pass

    async def _after(self, rec: InteractionRecord, case: Case, outcome: Outcome) -> None:
        emu = self.emu
        records = [rec]
        if rec.modal is not None:
            inputs = _text_inputs(rec.modal)
            values = {
                cid: self._fill(case.modal[i % len(case.modal)]) for i, cid in enumerate(inputs)
            }
            driver = self.bw.driver(case.actor)
            try:
                records.append(await driver.submit_modal(rec, values))
            except (ValueError, TypeError):
                outcome.status = "driver-refused"  # e.g. a required text input left empty
                return
        await self._settle()
        replies: list[Message] = []
        for r in records:
            if r.message is not None and r.type != 3:
                replies.append(r.message)
            replies.extend(r.followups)
        if records[-1].response_type == 9 or records[-1].late:
            return
        replies = [m for m in replies if not m.deleted and m.author.id == emu.bot_user.id]
        public = [m for m in replies if not m.ephemeral]
        if replies and not public:
            outcome.status = "private"
        for message in public:
            text = message.text
            if REFUSAL.search(text) and not _is_result(case, text):
                outcome.failures.append(("public-refusal", f"public reply: {text[:160]!r}"))

    def _check(
        self,
        case: Case,
        outcome: Outcome,
        pings_before: int,
        logs_before: int,
        order_before: int,
        edited_before: dict[int, int],
    ) -> None:
        emu = self.emu
        for problem in emu.take_problems():
            kind = "late" if "not acknowledged within" in problem else "error"
            outcome.failures.append((kind, problem[:300]))
        for message in emu.messages.values():
            changed = message.created_order > order_before or len(message.history) > (
                edited_before.get(message.id, 0)
            )
            if changed and message.author.id == emu.bot_user.id:
                versions = message.versions[edited_before.get(message.id, 0) :]
                if any(SOMETHING_WRONG in v.text for v in versions):
                    outcome.failures.append(("error", f"reply: {message.text[:160]!r}"))
        for record in self.capture.records[logs_before:]:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                text += f" [{type(record.exc_info[1]).__name__}: {record.exc_info[1]}]"
            outcome.failures.append(
                ("error", f"log {record.levelname} {record.name}: {text[:300]}")
            )
        allowed: set[int] = set()
        if case.path == "bingo challenge" and "opponent" in case.options:
            opponent = self._value(case.options["opponent"], self.bw.driver(case.actor).user)
            allowed.add(opponent.id)
        for ping in emu.pings[pings_before:]:
            if set(ping.users) - allowed or ping.roles or ping.everyone:
                outcome.failures.append(("ping", ping.describe(emu)))

    async def _check_alive(self, outcome: Outcome) -> None:
        driver = self.bw.driver("carol")
        try:
            rec = await driver.slash(self.bw.channel, self.normal)
        except Exception as exc:  # noqa: BLE001 - reported as a failure of the case
            outcome.failures.append(("dead", f"/{self.normal}: {exc!r}"))
            return
        if not rec.acknowledged:
            outcome.failures.append(("dead", f"/{self.normal} not answered after the case"))
        await self._settle()
        self.emu.take_problems()


def _text_inputs(modal: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for top in modal.get("components") or []:
        children = top.get("components") or ([top["component"]] if top.get("component") else [])
        for child in children:
            if child.get("type") == 4 and child.get("custom_id"):
                found.append(child["custom_id"])
    return found


def _is_result(case: Case, text: str) -> bool:
    """Public answers that are results, not refusals, though they contain a refusal word."""
    if case.path == "bingo challenge":
        return "challenges you" in text
    if case.path == "mulligan odds":  # an odds table; its notes may say "not" or "can't"
        return "Lands in the opening" in text
    return False


# ------------------------------------------------------------------ summary
def table(outcomes: list[Outcome]) -> str:
    """A text table of outcomes per command."""
    columns = ("answered", "private", "driver-refused", "autocomplete", "error", "late", "ping",
               "public-refusal", "other")  # fmt: skip
    rows: dict[str, Counter[str]] = {}
    for o in outcomes:
        key = o.case.path if o.case.kind == "slash" else f"{o.case.path} [ac:{o.case.focused}]"
        counts = rows.setdefault(key, Counter())
        counts["cases"] += 1
        counts[o.status] += 1
        kinds = {k for k, _ in o.failures}
        for kind in kinds:
            counts[kind if kind in columns else "other"] += 1
    width = max([len(k) for k in rows] + [7])
    head = f"{'command':<{width}}  {'cases':>5}  " + "  ".join(f"{c:>{len(c)}}" for c in columns)
    lines = [head, "-" * len(head)]
    total: Counter[str] = Counter()
    for key in sorted(rows):
        counts = rows[key]
        total.update(counts)
        cells = "  ".join(f"{counts[c]:>{len(c)}}" for c in columns)
        lines.append(f"{key:<{width}}  {counts['cases']:>5}  {cells}")
    cells = "  ".join(f"{total[c]:>{len(c)}}" for c in columns)
    lines.append("-" * len(head))
    lines.append(f"{'total':<{width}}  {total['cases']:>5}  {cells}")
    return "\n".join(lines)


def distinct_failures(
    outcomes: list[Outcome],
) -> dict[tuple[str, str, str], tuple[Outcome, str]]:
    """First ``(outcome, detail)`` per (command, failure kind, normalised detail)."""
    found: dict[tuple[str, str, str], tuple[Outcome, str]] = {}
    for o in outcomes:
        for kind, detail in o.failures:
            norm = re.sub(r"\d{6,}", "N", detail)
            norm = re.sub(r"error id \w+", "error id X", norm)
            norm = re.sub(r"'.*", "'...", norm)
            norm = re.sub(r"after [\d.]+ s", "after T s", norm)[:80]
            found.setdefault((o.case.path, kind, norm), (o, detail))
    return found
