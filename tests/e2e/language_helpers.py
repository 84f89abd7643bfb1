"""Shared by the end-to-end tests of languages (``test_languages.py``,
``test_japanese.py``, ``test_polish.py``): a bot world whose server speaks a given
locale, clients that speak theirs, a match started and played out through localized
commands and buttons, and the text each reader saw."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Sequence

import pytest_asyncio

from emulator.models import Message
from emulator.server import Emulator
from emulator_driver.driver import UserDriver
from tests.emulator.fixtures import build_world

from .helpers import (
    BOARD_TITLE,
    BotWorld,
    board,
    custom_ids,
    embed_title,
    enabled_buttons,
    next_to_decide,
    running_bot,
    settings_for,
)

#: The title of a player's hand panel, in any language.
PANEL = re.compile(r"— BingoMagic #(\d+)$")
#: The match a result line names, in any language (Japanese: full-width forms).
RESULT = re.compile(r"[(（]BingoMagic #(\d+)[,、] ?")

#: English words a reader of another language must never see.
ENGLISH_WORDS = re.compile(
    r"Your turn|Waiting for|\bKeep\b|Let it resolve|\bPlace \w|Territory|Discard pile|"
    r"Library|wins by|Match #|'s hand|Hand:|\bcards\b|Turn \d|draws a card|Show my hand|"
    r"\bAccept\b|challenges you|only you can see"
)


def world_fixture(server_locale: str):
    """A fixture: alice, bob and carol in a guild whose preferred locale is
    ``server_locale`` (set before the bot's GUILD_CREATE), the bot logged in with its
    commands synced. Assign it to the fixture's name in a test module or conftest."""

    @pytest_asyncio.fixture
    async def fixture(emulator: Emulator, tmp_path) -> AsyncIterator[BotWorld]:
        world = build_world(emulator, users=("alice", "bob", "carol"))
        world.guild.preferred_locale = server_locale  # before the bot's GUILD_CREATE
        settings = settings_for(emulator, tmp_path / "bingomagic.db")
        async with running_bot(emulator, world, settings) as bw:
            yield bw

    return fixture


def speaks(bw: BotWorld, name: str, locale: str) -> UserDriver:
    """``name``'s driver, their client set to ``locale`` (a Discord locale)."""
    bw.world.user(name).locale = locale
    return bw.driver(name)


async def localized_match(
    bw: BotWorld, locale: str, command: str, accept: str, option: str
) -> tuple[UserDriver, UserDriver, int]:
    """alice, bob and carol (the onlooker) all on ``locale`` clients; alice challenges
    bob with ``command`` (its opponent ``option`` named in that language) and bob
    clicks ``accept`` (:func:`localized_start`). ``(alice, bob, match id)``."""
    alice, bob = speaks(bw, "alice", locale), speaks(bw, "bob", locale)
    speaks(bw, "carol", locale)
    match_id = await localized_start(bw, alice, "bob", command, accept, option=option)
    return alice, bob, match_id


def localized_result(bw: BotWorld, match_id: int) -> Message | None:
    """The result line of ``match_id`` in the channel, in any language, or None."""
    for message in bw.driver("carol").messages(bw.channel):
        found = RESULT.search(message.content)
        if found and int(found.group(1)) == match_id:
            return message
    return None


def dm_panel(driver: UserDriver, *, live: bool = True) -> Message | None:
    """The user's newest DM panel (with buttons to press when ``live``), in any
    language."""
    for message in reversed(driver.dm_messages()):
        if PANEL.search(embed_title(message)) and (enabled_buttons(message) or not live):
            return message
    return None


def either_policy(labels: list[str]) -> str:
    """Keep, place a land when possible, let everything resolve: in English or Italian."""
    for wanted in ("Keep", "Tieni", "Let it resolve", "Lascia risolvere", "Leave on top",
                   "Lascia in cima"):  # fmt: skip
        if wanted in labels:
            return wanted
    places = [label for label in labels if label.startswith(("Place ", "Posiziona "))]
    return places[0] if places else labels[0]


async def choose_language(bw, name: str, choice: str, answer: str, stored: str) -> None:
    """``/bingo language`` by ``name`` in the channel, picking ``choice`` (the menu's
    label): the private answer reads ``answer`` and the member's stored language is
    ``stored``."""
    driver = bw.driver(name)
    await driver.slash(bw.channel, "bingo language", language=choice)
    said = await driver.wait_for_message(bw.channel, lambda m: m.ephemeral)
    assert said.content == answer
    assert (await bw.db.user_prefs(bw.world.user(name).id)).language == stored


async def localized_start(
    bw: BotWorld,
    challenger: UserDriver,
    opponent: str,
    command: str,
    accept: str,
    option: str = "opponent",
) -> int:
    """``command`` (as the challenger's client names it, with its ``option``) against
    ``opponent``, who presses ``accept``; returns the match id once the board is up."""
    await challenger.slash(bw.channel, command, **{option: bw.world.user(opponent)})
    posted = await challenger.wait_for_message(bw.channel, lambda m: accept in enabled_buttons(m))
    await bw.driver(opponent).click(posted, accept)
    found = await bw.emu.wait_for(lambda: board(bw), message="the board")
    title = BOARD_TITLE.match(embed_title(found))
    assert title is not None, embed_title(found)
    return int(title.group(1))


async def localized_play_out(
    bw: BotWorld,
    match_id: int,
    players: tuple[str, str] = ("alice", "bob"),
    policy: Callable[[list[str]], str] = either_policy,
) -> Message:
    """Click each player's DM panel by ``policy`` until the result is posted; returns
    the result message."""
    drivers = [bw.driver(name) for name in players]
    tried: set[tuple[int, str]] = set()

    def ready():
        if localized_result(bw, match_id):
            return "over"
        for driver in drivers:
            panel = dm_panel(driver)
            if panel is not None and (panel.id, str(custom_ids(panel))) not in tried:
                return driver, panel
        return None

    for _ in range(600):
        found = await next_to_decide(bw, ready, lambda: localized_result(bw, match_id))
        if isinstance(found, Message):
            return found
        driver, panel = found
        tried.add((panel.id, str(custom_ids(panel))))
        record = await driver.click(panel, policy(enabled_buttons(panel)))
        assert record.acknowledged
    raise AssertionError(f"match {match_id} did not end")


def private_text(driver: UserDriver) -> str:
    """Every version of every DM and ephemeral message the user saw."""
    emu = driver.emu
    parts = []
    for message in emu.messages.values():
        channel = emu.channels[message.channel_id]
        mine = channel.is_dm and channel.recipient_id == driver.user.id
        if message.visible_for(driver.user.id) and (message.ephemeral or mine):
            parts += [v.text for v in message.versions]
    return "\n".join(parts)


def public_text(bw: BotWorld) -> str:
    """Everything carol saw: she does not play, so all of it is public."""
    return bw.driver("carol").seen_text()


def assert_read_in(
    bw: BotWorld,
    players: Sequence[UserDriver],
    private: Callable[[str], Sequence[str]],
    public: Sequence[str],
    foreign: re.Pattern[str] = ENGLISH_WORDS,
) -> str:
    """After a whole match, everything was in one language: each of ``players``' private
    text (:func:`private_text`) holds every word of ``private(username)``, nothing any of
    them saw matches ``foreign``, and the public text (:func:`public_text`) holds every
    word of ``public`` and matches no ``foreign``. Returns the public text.

    Raises:
        AssertionError: a word is missing or a foreign one was seen (it is named).
    """
    for driver in players:
        text = private_text(driver)
        for word in private(driver.user.username):
            assert word in text, (driver.user.username, word)
        seen = driver.seen_text()
        assert not foreign.search(seen), foreign.search(seen)
    shown = public_text(bw)
    for word in public:
        assert word in shown, word
    assert not foreign.search(shown), foreign.search(shown)
    return shown


def localized_nodes(command: dict) -> list[tuple[str, dict]]:
    """Every node of a command that Discord localizes: the command, its subcommand
    groups, subcommands and options (name and description), and choices (name)."""
    found = [("command", command)]
    stack = list(command.get("options") or [])
    while stack:
        option = stack.pop()
        found.append(("option", option))
        stack += option.get("options") or []
        found += [("choice", c) for c in option.get("choices") or []]
    return found


def assert_localized(commands: list[dict], language: str) -> None:
    """Every node of ``commands`` that Discord localizes (:func:`localized_nodes`) has a
    name in ``language``, and every one but a choice a description too."""
    for command in commands:
        for kind, node in localized_nodes(command):
            where = f"/{command['name']} {kind} {node['name']}"
            assert (node.get("name_localizations") or {}).get(language), where
            if kind != "choice":
                assert (node.get("description_localizations") or {}).get(language), where
