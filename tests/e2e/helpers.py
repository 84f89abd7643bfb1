"""Playing BingoMagic through the emulator the way members do: by what they can see."""

from __future__ import annotations

import asyncio
import functools
import json
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.ai.heuristics import need
from bot.client import BingoBot
from bot.config import Settings
from bot.engine import BingoState
from bot.storage import Database
from emulator.models import InteractionRecord, Message
from emulator.permissions import MANAGE_GUILD
from emulator.server import Emulator
from emulator_driver.driver import UserDriver
from tests.emulator.fixtures import World, running_client

LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")

#: Long timers, so that no decision times out unless a test asks for it, and the bot's
#: pacing just under Discord's global limit (50 requests/s), which the emulator enforces.
QUIET_TIMERS = {
    "BINGO_TURN_SECONDS": "600",
    "BINGO_COUNTER_SECONDS": "600",
    "BINGO_CHOICE_SECONDS": "600",
    "BINGO_CHALLENGE_SECONDS": "600",
    "DISCORD_OUTBOUND_PER_SECOND": "45",
    "BINGO_BOT_PAUSE_SECONDS": "0",
    # Tests click at machine speed: every change of a board is shown, as for humans.
    "BINGO_BOARD_EDIT_SECONDS": "0",
}


#: A local port nothing listens on: tests never reach the real Scryfall.
NO_SCRYFALL = "http://127.0.0.1:9"


def settings_for(emu: Emulator, database: Path, **extra: str) -> Settings:
    """Bot settings pointing at ``emu``, with quiet timers unless ``extra`` says otherwise."""
    env = {
        "DISCORD_TOKEN": emu.bot_token,
        "DATABASE_PATH": str(database),
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "SCRYFALL_API_BASE": NO_SCRYFALL,
        **QUIET_TIMERS,
        **extra,
    }
    return Settings.from_env(env, dotenv=False)


BOARD_TITLE = re.compile(r"BingoMagic #(\d+) — ")

#: The players of the ``cup`` tournament (conftest.py), besides "olga", its organizer.
PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank")


@dataclass
class BotWorld:
    """The emulator, its guild and users, and the running bot."""

    emu: Emulator
    world: World
    bot: BingoBot
    db: Database
    scryfall: Any = None  # tests.decks.conftest.FakeScryfall when the bot has one

    @property
    def channel(self):
        return self.world.channel

    def driver(self, name: str) -> UserDriver:
        return self.world.driver(name)

    @property
    def service(self):
        return self.bot.get_cog("Bingo").service

    def deal(self, seed: int) -> None:
        """The next match uses ``seed`` (the engine's seeded shuffle)."""
        self.service.seed_factory = lambda: seed


@asynccontextmanager
async def running_bot(
    emu: Emulator, world: World, settings: Settings, scryfall: Any = None
) -> AsyncIterator[BotWorld]:
    """A bot process on ``settings``' database (opened here, closed on the way out) logged
    in to ``emu`` with its commands synced, as a :class:`BotWorld` of ``world``. Two in
    turn on one database are a restart (the second finds the commands already synced)."""
    db = await Database.open(settings.database_path)
    try:
        bot = BingoBot(settings, db, guild_ready_timeout=0.05)
        async with running_client(emu, bot):
            await emu.wait_for_commands()
            yield BotWorld(emu, world, bot, db, scryfall)
    finally:
        await db.close()


def players_of(bw: BotWorld, match_id: int) -> tuple[UserDriver, UserDriver]:
    """The drivers of alice and bob in live match ``match_id`` (as :func:`start_match`
    seats them): the starting player's first."""
    seat = bw.service.matches[match_id].state.starting
    return bw.driver(("alice", "bob")[seat]), bw.driver(("alice", "bob")[1 - seat])


async def opening_prompt(bw: BotWorld) -> tuple[int, UserDriver, UserDriver, Message]:
    """:func:`start_match`, then the starting player's first panel (offering Keep):
    ``(match id, the starter's driver, the other's driver, that panel)``."""
    match_id = await start_match(bw)
    starter, other = players_of(bw, match_id)
    return match_id, starter, other, await wait_prompt(bw, starter, "Keep")


async def private(bw: BotWorld, name: str, command: str, **options: Any) -> str:
    """Run ``command`` as ``name``; its answer must be private; return its text."""
    record = await bw.driver(name).slash(bw.channel, command, **options)
    reply = await record.wait_for_response()
    assert reply.ephemeral, (command, reply.text)
    return reply.text


async def start_tournament(
    bw: BotWorld, players: Sequence[str], organizer: str = "olga", **create: Any
) -> Message:
    """``/bingo tournament create`` by ``organizer`` (options ``create``: name, minutes,
    rounds), a Join click by each of ``players``, then ``/bingo tournament start``; each
    step acknowledged. Returns the signup message."""
    host = bw.driver(organizer)
    record = await host.slash(bw.channel, "bingo tournament create", **create)
    signup = await record.wait_for_response()
    for name in players:
        assert (await bw.driver(name).click(signup, "Join")).acknowledged
    assert (await host.slash(bw.channel, "bingo tournament start")).acknowledged
    return signup


async def wait_for_analysis(bw: BotWorld, first: Message) -> Message:
    """The private answer ``first`` of ``/bingo analyse`` once it shows the analysis
    (computed in the background: up to 60 s under load)."""
    return await bw.emu.wait_for(
        lambda: (
            (m := bw.emu.messages[first.id]).embeds and embed_title(m).startswith("Analysis") and m
        ),
        message="the analysis",
        timeout=60,
    )


def shard_world(emu: Emulator, shard: int, users: tuple[str, ...]) -> World:
    """A guild on ``shard`` (of the emulator's shard count) with #general and ``users``
    as members."""
    guild = emu.create_guild(f"Shard {shard}", shard=shard)
    world = World(emu=emu, guild=guild, channel=emu.create_text_channel(guild, "general"))
    for name in users:
        user = emu.create_user(name)
        emu.add_member(guild, user)
        world.users[name] = user
    return world


def embed_title(message: Message) -> str:
    return message.embeds[0].get("title", "") if message.embeds else ""


def embed_field(message: Message, name: str) -> str | None:
    for embed in message.embeds:
        for item in embed.get("fields", []):
            if item.get("name") == name:
                return item.get("value")
    return None


def enabled_buttons(message: Message) -> list[str]:
    labels = []
    for row in message.components:
        for component in row.get("components", []):
            if component.get("type") == 2 and not component.get("disabled"):
                labels.append(component.get("label") or "")
    return labels


#: The custom_id prefix of the replay's buttons (``bot.ui.controls.ReplayButton``): the
#: "Replay" button of an end panel is no decision.
REPLAY_PREFIX = "bingo:rp:"


def decision_buttons(message: Message) -> list[str]:
    """The labels of the enabled buttons of ``message`` but a replay's: what a panel
    still asks (an end panel's "Replay" button asks nothing)."""
    labels = []
    for row in message.components:
        for component in row.get("components", []):
            if component.get("type") != 2 or component.get("disabled"):
                continue
            if (component.get("custom_id") or "").startswith(REPLAY_PREFIX):
                continue
            labels.append(component.get("label") or "")
    return labels


def custom_ids(message: Message) -> list[str]:
    return [c.get("custom_id", "") for row in message.components for c in row.get("components", [])]


def public_messages(bw: BotWorld, name: str = "carol") -> list[Message]:
    """What ``name`` sees in the channel and in its threads (matches are played in
    threads), oldest first."""
    driver = bw.driver(name)
    found = driver.messages(bw.channel)
    for thread in driver.threads(bw.channel):
        found += driver.messages(thread)
    return sorted(found, key=lambda m: m.created_order)


def thread_of_match(bw: BotWorld, match_id: int):
    """The emulator's thread of match ``match_id`` (by its name), or None."""
    for thread in bw.emu.threads_of(bw.channel):
        if thread.name and thread.name.startswith(f"BingoMagic #{match_id} "):
            return thread
    return None


def board(bw: BotWorld, match_id: int | None = None) -> Message | None:
    """The newest public board (of ``match_id`` when given) in the channel or its
    threads."""
    for message in reversed(public_messages(bw)):
        found = BOARD_TITLE.match(embed_title(message))
        if found and (match_id is None or int(found.group(1)) == match_id):
            return message
    return None


def prompt(driver: UserDriver, channel: Any = None) -> Message | None:
    """The newest hand panel with decision buttons (:func:`decision_buttons`) this user
    can see (DM, or ephemeral in channel)."""
    candidates = driver.dm_messages()
    if channel is not None:
        candidates = candidates + driver.ephemerals(channel)
        if not driver.emu.get_channel(channel).is_thread:  # "Show my hand" under a board
            for thread in driver.threads(channel):
                candidates = candidates + driver.ephemerals(thread)
    candidates.sort(key=lambda m: m.created_order)
    for message in reversed(candidates):
        if "'s hand" in embed_title(message) and decision_buttons(message):
            return message
    return None


async def wait_prompt(bw: BotWorld, driver: UserDriver, label: str | None = None):
    """Wait for a panel of ``driver`` offering ``label`` (any button when None)."""

    def find():
        message = prompt(driver, bw.channel)
        if message and (label is None or label in enabled_buttons(message)):
            return message
        return None

    return await bw.emu.wait_for(find, message=f"{driver.user.username}: {label}")


async def decide(bw: BotWorld, driver: UserDriver, label: str):
    """Wait until ``driver`` is offered ``label``, then click it; returns the record."""
    message = await wait_prompt(bw, driver, label)
    before = custom_ids(message)
    record = await driver.click(message, label)
    assert record.acknowledged, f"{label!r} was not acknowledged"
    await bw.emu.wait_for(  # a deferred click updates its panel a little later
        lambda: custom_ids(bw.emu.messages[message.id]) != before,
        message=f"the panel after {label!r}",
    )
    return record


async def challenge(bw: BotWorld, challenger: str, opponent: str) -> Message:
    """``/bingo challenge`` and return the public challenge message."""
    a = bw.driver(challenger)
    await a.slash(bw.channel, "bingo challenge", opponent=bw.world.user(opponent))
    return await a.wait_for_message(
        bw.channel, lambda m: "challenges you" in m.content and bool(enabled_buttons(m))
    )


async def start_match(bw: BotWorld, challenger="alice", opponent="bob", seed=None) -> int:
    """Challenge, accept, and wait until the board is up; returns the match id."""
    if seed is not None:
        bw.deal(seed)
    earlier = board(bw)
    message = await challenge(bw, challenger, opponent)
    await bw.driver(opponent).click(message, "Accept")
    found = await bw.emu.wait_for(
        lambda: (latest := board(bw)) and latest is not earlier and latest, message="the board"
    )
    title = BOARD_TITLE.match(embed_title(found))
    assert title is not None, embed_title(found)
    return int(title.group(1))


#: The bot's search in threads of the test process, with a tiny hard budget.
FAST_AI = {"BINGO_AI_WORKERS": "0", "BINGO_AI_BUDGET_SECONDS": "0.02"}
BEGINS = re.compile(r"BingoMagic match #(\d+) begins")


async def play_the_bot(bw: BotWorld, member: str = "alice", level: str | None = None) -> int:
    """``/bingo challenge opponent:@bot [level:…]``; returns the match id once its board
    is up. The answer is public and there is no accept step."""
    options: dict[str, Any] = {"opponent": bw.emu.bot_user}
    if level is not None:
        options["level"] = level
    record = await bw.driver(member).slash(bw.channel, "bingo challenge", **options)
    reply = await record.wait_for_response()
    assert not reply.ephemeral, reply.text
    found = BEGINS.search(reply.text)
    assert found, reply.text
    match_id = int(found.group(1))
    await bw.emu.wait_for(lambda: board(bw, match_id), message="the board")
    return match_id


def make_admin(bw, name: str) -> None:
    """Give ``name`` a role with Manage Server (and nothing else)."""
    role = bw.emu.create_role(bw.world.guild, "Mods", permissions=MANAGE_GUILD)
    bw.emu.add_role(bw.world.guild, bw.world.user(name), role)


def result_posted(bw: BotWorld, match_id: int) -> Message | None:
    for message in bw.driver("carol").messages(bw.channel):
        if f"(BingoMagic #{match_id}," in message.content:
            return message
    return None


async def play_and_resign(bw: BotWorld, loser: str, winner: str) -> int:
    """``loser`` challenges ``winner``, who accepts, and resigns at once; returns the
    match id once its result is posted and rated (by the bot's listener, right after the
    result).

    Raises:
        AssertionError: the match was not rated within about 4 s.
    """
    match_id = await start_match(bw, loser, winner)
    await bw.driver(loser).slash(bw.channel, "bingo resign")
    await bw.emu.wait_for(lambda: result_posted(bw, match_id), message="the result")
    for _ in range(200):
        if await bw.db.backend.fetchval("SELECT rated FROM matches WHERE id = ?", (match_id,)):
            return match_id
        await asyncio.sleep(0.02)
    raise AssertionError(f"match {match_id} was not rated")


def preferring(choices: list[str], wanted: Sequence[str], is_place: Callable[[str], bool]) -> str:
    """The first of ``wanted`` that ``choices`` offers, else the first choice that places
    a land (``is_place``), else the first choice: the simple policy in any vocabulary
    (button labels in a language, or engine actions)."""
    for choice in wanted:
        if choice in choices:
            return choice
    places = [choice for choice in choices if is_place(choice)]
    return places[0] if places else choices[0]


def simple_policy(labels: list[str]) -> str:
    """Keep, place a land whenever possible, let everything resolve, else the first."""
    return preferring(
        labels, ("Keep", "Let it resolve", "Leave on top"), lambda label: label.startswith("Place ")
    )


async def next_to_decide(
    bw: BotWorld,
    ready: Callable[[], Any],
    result: Callable[[], Message | None],
) -> Message | tuple[UserDriver, Message]:
    """Wait until ``ready()`` returns ``"over"`` (then the match's ``result()`` message,
    which must be posted by then) or ``(driver, message)``: a player to click that
    message's buttons."""
    # 30 s: the next decision can take long to show when the machine's cores are saturated
    # (CI runs the load benchmark's test beside the rest), yet a hang still fails
    found = await bw.emu.wait_for(ready, 30, message="someone to decide")
    if found == "over":
        posted = result()
        assert posted is not None  # ready() saw it
        return posted
    return found


async def play_out(
    bw: BotWorld,
    match_id: int,
    players: tuple[str, str] = ("alice", "bob"),
    policy: Callable[[list[str]], str] = simple_policy,
    max_clicks: int = 600,
    until: Callable[[list[str]], bool] | None = None,
    pause: float = 0.0,
) -> Message | tuple[UserDriver, Message]:
    """Click each player's offered buttons by ``policy`` until the result is posted;
    returns the result message. ``pause``: seconds each player waits after a click, as
    a person would (0: machine speed, where a board shows several changes at once).

    With ``until``, stops instead (without clicking) as soon as a player is offered
    buttons for which ``until(labels)`` is true, and returns that ``(driver, panel)``.
    A player whose DMs are closed presses "Show my hand" when the board waits for them.
    """
    drivers = [bw.driver(name) for name in players]
    tried: set[tuple[int, str]] = set()  # (message id, its controls) already clicked
    shown: set[tuple[int, str]] = set()  # (board id, its embeds) answered with "Show my hand"
    clicks = 0

    def fresh(message: Message | None) -> bool:
        return message is not None and (message.id, str(custom_ids(message))) not in tried

    def ready():
        if result_posted(bw, match_id):
            return "over"
        for d in drivers:
            message = prompt(d, bw.channel)
            if fresh(message):
                return d, message
        current = board(bw, match_id)
        if current is None or "Show my hand" not in enabled_buttons(current):
            return None
        waiting = current.embeds[0].get("description") or ""
        if (current.id, _board_version(current)) in shown:
            return None  # this version of the board was answered: wait for the next
        for d in drivers:
            if f"Waiting for **{d.user.username}**" in waiting:
                return d, current
        return None

    while clicks < max_clicks:
        found = await next_to_decide(bw, ready, lambda: result_posted(bw, match_id))
        if isinstance(found, Message):
            return found
        driver, message = found
        labels = enabled_buttons(message)
        if until is not None and until(labels):
            return driver, message
        label = "Show my hand" if "Show my hand" in labels else policy(labels)
        tried.add((message.id, str(custom_ids(message))))
        record = await driver.click(message, label)
        assert record.acknowledged
        clicks += 1
        if pause:
            await asyncio.sleep(pause)
        if label == "Show my hand":  # wait for the private panel it brings
            # Discord paces board edits (5 per 5 s per channel): the board may still show
            # an earlier turn, so one version of it is answered once.
            shown.add((message.id, _board_version(message)))
            await bw.emu.wait_for(
                functools.partial(_panel_shown, bw, record), message="the private panel"
            )
    raise AssertionError(f"match {match_id} did not end within {max_clicks} clicks")


def _board_version(message: Message) -> str:
    """A board's whole embeds as text: two versions of a board may wait for the same
    player with the same description (two counter windows in one turn), but never with
    the same fields and log."""
    return json.dumps(message.embeds, sort_keys=True)


def _panel_shown(bw: BotWorld, record: InteractionRecord) -> bool:
    """Whether the private panel a click (``record``) brought is shown."""
    return record.message is not None and not bw.emu.messages[record.message.id].loading


def find_seed(script: Callable[[BingoState], list[str] | None], tries: int = 20000) -> int:
    """The first seed for which ``script`` (which plays a fresh state, returning the
    actions it applied or None when the deal does not fit) succeeds."""
    for seed in range(tries):
        state, _ = BingoState.new(seed)
        if script(state) is not None:
            return seed
    raise AssertionError("no seed fits the script")


def simple_action(legal: list[str]) -> str:
    """:func:`simple_policy` in engine actions (the panel lists them in this order)."""
    return preferring(legal, ("keep", "allow", "scry_top"), lambda a: a.startswith("place:"))


def blunder_now(state: BingoState) -> bool:
    """The moment for a planted blunder: the player to place holds a land that wins at
    once and the other hand is too small to counter it (RULES §1.3.3, §1.6)."""
    if state.phase != "play" or state.step != "main":
        return False
    me = state.active
    if sum(state.hands[1 - me]) >= 2:
        return False
    for k, n in enumerate(state.hands[me]):
        if n:
            after = list(state.territories[me])
            after[k] += 1
            if need(after) == 0:
                return True
    return False


def plant_blunder(state: BingoState) -> int | None:
    """Play ``state`` to its end by :func:`simple_action`, passing once at the first
    :func:`blunder_now` moment: the pass's index in the history, or None when that
    moment never came."""
    planted = None
    while state.result is None:
        if planted is None and blunder_now(state):
            planted = len(state.history)
            state.apply("pass")
            continue
        state.apply(simple_action(state.legal_actions()))
    return planted


async def play_out_with_blunder(bw: BotWorld, match_id: int) -> int:
    """:func:`play_out` the match by :func:`simple_policy`, but click "Pass" once at the
    first :func:`blunder_now` moment; the index of that pass in the match's history."""
    planted: list[int] = []

    def policy(labels: list[str]) -> str:
        state = bw.service.matches[match_id].state
        if not planted and blunder_now(state) and "Pass" in labels:
            planted.append(len(state.history))
            return "Pass"
        return simple_policy(labels)

    await play_out(bw, match_id, policy=policy)
    assert planted, "the blunder's moment never came"
    return planted[0]


async def eventually(check, what: str | None = None, timeout: float = 20.0):  # noqa: ASYNC109
    """Await the coroutine function ``check`` until it returns something truthy, and
    return that; AssertionError after ``timeout`` seconds naming ``what`` (else
    ``check``'s docstring). For what the bot stores after it answers (a click is
    acknowledged first, its writes follow), read from the database."""
    deadline = time.monotonic() + timeout
    while not (value := await check()):
        if time.monotonic() > deadline:
            raise AssertionError(
                f"timed out after {timeout:.0f} s waiting for {what or check.__doc__ or check}"
            )
        await asyncio.sleep(0.05)
    return value
