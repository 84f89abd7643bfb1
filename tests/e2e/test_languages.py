"""English and Italian, through the emulator: localized slash commands, a
whole match in an Italian server with Italian clients, a mixed match where each player
reads their own language privately and the board follows the server, and the
``/bingo language`` override."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable

import pytest_asyncio

from bot.client import BingoBot
from bot.i18n import attribute
from bot.playground.driver import UserDriver
from bot.playground.models import Message
from bot.playground.server import Emulator
from bot.storage import Database
from tests.emulator.fixtures import build_world, running_client

from .helpers import (
    BotWorld,
    custom_ids,
    embed_title,
    enabled_buttons,
    public_messages,
    settings_for,
)

BOARD = re.compile(r"^BingoMagic #(\d+) — ")
PANEL = re.compile(r"— BingoMagic #(\d+)$")
RESULT = re.compile(r"[(（]BingoMagic #(\d+)[,、] ?")  # Japanese: full-width forms

#: Words only an Italian reader sees, and English words an Italian reader must never see.
ITALIAN_PRIVATE = ("La mano di", "Territori", "Mano")
ITALIAN_PUBLIC = ("contro", "Territorio:", "Mazzo degli scarti:", "Mazzo")
ENGLISH_WORDS = re.compile(
    r"Your turn|Waiting for|\bKeep\b|Let it resolve|\bPlace \w|Territory|Discard pile|"
    r"Library|wins by|Match #|'s hand|Hand:|\bcards\b|Turn \d|draws a card|Show my hand|"
    r"\bAccept\b|challenges you|only you can see"
)
ITALIAN_WORDS = re.compile(
    r"Tocca a te|In attesa di|\bTieni\b|Lascia risolvere|Posiziona|Territorio|"
    r"Mazzo degli scarti|La mano di|\bcarte\b|Turno \d|pesca una carta|Accetta|ti sfida"
)


def _world_fixture(server_locale: str):
    @pytest_asyncio.fixture
    async def fixture(emulator: Emulator, tmp_path) -> AsyncIterator[BotWorld]:
        world = build_world(emulator, users=("alice", "bob", "carol"))
        world.guild.preferred_locale = server_locale  # before the bot's GUILD_CREATE
        settings = settings_for(emulator, tmp_path / "bingomagic.db")
        db = await Database.open(settings.database_path)
        try:
            bot = BingoBot(settings, db, guild_ready_timeout=0.05)
            async with running_client(emulator, bot):
                await emulator.wait_for_commands()
                yield BotWorld(emulator, world, bot, db)
        finally:
            await db.close()

    return fixture


italian_server = _world_fixture("it")
english_server = _world_fixture("en-US")


def _speaks(bw: BotWorld, name: str, locale: str) -> UserDriver:
    bw.world.user(name).locale = locale
    return bw.driver(name)


def _board(bw: BotWorld, match_id: int) -> Message | None:
    for message in reversed(public_messages(bw)):
        found = BOARD.match(embed_title(message))
        if found and int(found.group(1)) == match_id:
            return message
    return None


def _result(bw: BotWorld, match_id: int) -> Message | None:
    for message in bw.driver("carol").messages(bw.channel):
        found = RESULT.search(message.content)
        if found and int(found.group(1)) == match_id:
            return message
    return None


def _panel(driver: UserDriver, *, live: bool = True) -> Message | None:
    """The user's newest DM panel (with buttons to press when ``live``)."""
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


async def _start(
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
    board = await bw.emu.wait_for(
        lambda: next(
            (m for m in reversed(public_messages(bw)) if BOARD.match(embed_title(m))),
            None,
        ),
        message="the board",
    )  # fmt: skip
    return int(BOARD.match(embed_title(board)).group(1))


async def _play_out(
    bw: BotWorld,
    match_id: int,
    players: tuple[str, str] = ("alice", "bob"),
    policy: Callable[[list[str]], str] = either_policy,
) -> Message:
    """Click each player's DM panel by ``policy`` until the result is posted."""
    drivers = [bw.driver(name) for name in players]
    tried: set[tuple[int, str]] = set()

    def ready():
        if _result(bw, match_id):
            return "over"
        for driver in drivers:
            panel = _panel(driver)
            if panel is not None and (panel.id, str(custom_ids(panel))) not in tried:
                return driver, panel
        return None

    for _ in range(600):
        found = await bw.emu.wait_for(ready, message="someone to decide")
        if found == "over":
            return _result(bw, match_id)
        driver, panel = found
        tried.add((panel.id, str(custom_ids(panel))))
        record = await driver.click(panel, policy(enabled_buttons(panel)))
        assert record.acknowledged
    raise AssertionError(f"match {match_id} did not end")


def _private_text(driver: UserDriver) -> str:
    """Every version of every DM and ephemeral message the user saw."""
    emu = driver.emu
    parts = []
    for message in emu.messages.values():
        channel = emu.channels[message.channel_id]
        mine = channel.is_dm and channel.recipient_id == driver.user.id
        if message.visible_for(driver.user.id) and (message.ephemeral or mine):
            parts += [v.text for v in message.versions]
    return "\n".join(parts)


def _public_text(bw: BotWorld) -> str:
    return bw.driver("carol").seen_text()


def _localized_nodes(command: dict) -> list[tuple[str, dict]]:
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


def _english_entries(commands: list[dict]):
    """``(catalog key, node, attribute)`` of every name and description registered
    (the key scheme of :mod:`bot.i18n.commands`)."""

    def walk(node: dict, path: list[str]):
        key = "cmd-" + "-".join(path)
        yield key, node, "name"
        yield key, node, "description"
        for option in node.get("options") or []:
            yield from walk(option, [*path, option["name"]])
        for choice in node.get("choices") or []:
            yield f"choice-{choice['value']}", choice, "name"

    for command in commands:
        yield from walk(command, [command["name"]])


# -- commands --------------------------------------------------------------------------


async def test_an_italian_client_sees_italian_commands(english_server) -> None:
    """Every command, subcommand, option and choice of both cogs is registered with an
    Italian name and description; an Italian client shows (and can type) them, and an
    English client still sees the English ones."""
    bw = english_server
    raw = bw.emu.commands(bw.world.guild) + bw.emu.commands()
    assert {c["name"] for c in raw} >= {"bingo", "mulligan"}
    for command in raw:
        for kind, node in _localized_nodes(command):
            where = f"/{command['name']} {kind} {node['name']}"
            assert (node.get("name_localizations") or {}).get("it"), where
            if kind != "choice":
                assert (node.get("description_localizations") or {}).get("it"), where

    differ = [  # the English catalog mirrors what the cogs declare
        (key, attr, node[attr])
        for key, node, attr in _english_entries(raw)
        if attribute("en", key, attr) != node[attr]
    ]
    assert differ == []

    guild = bw.world.guild
    italian = {
        c["name"]: c for c in bw.emu.commands(guild, locale="it") + bw.emu.commands(locale="it")
    }
    bingo = italian["bingo"]
    subcommands = {o["name"]: o for o in bingo["options"]}
    assert {"sfida", "mano", "abbandona", "statistiche", "classifica", "lingua"} <= set(subcommands)
    challenge = {o["name"]: o for o in subcommands["sfida"]["options"]}
    assert challenge["avversario"]["description"].startswith("Il membro che vuoi sfidare")
    assert [c["name"] for c in challenge["livello"]["choices"]] == ["Facile", "Medio", "Difficile"]
    assert "mulligan" in italian and "allenamento" in {
        o["name"] for o in italian["mulligan"]["options"]
    }
    english = {
        c["name"]: c
        for c in bw.emu.commands(guild, locale="en-US") + bw.emu.commands(locale="en-US")
    }
    assert "challenge" in {o["name"] for o in english["bingo"]["options"]}

    # The Italian client types the Italian names; the bot answers in Italian.
    alice = _speaks(bw, "alice", "it")
    record = await alice.slash(bw.channel, "bingo abbandona")
    assert record.acknowledged
    answer = await alice.wait_for_message(bw.channel, lambda m: m.ephemeral)
    assert answer.content == "Non stai giocando una partita in questo server."
    await alice.slash(bw.channel, "bingo sfida", avversario=bw.world.user("alice"))
    answer = await alice.wait_for_message(
        bw.channel, lambda m: m.ephemeral and "sfidare" in m.content
    )
    assert answer.content == "Non puoi sfidare te stesso."


# -- whole matches ---------------------------------------------------------------------


async def test_a_whole_match_in_an_italian_server_with_italian_clients(italian_server) -> None:
    """Every message each player sees, public or private, is Italian from challenge to
    result."""
    bw = italian_server
    alice, bob = _speaks(bw, "alice", "it"), _speaks(bw, "bob", "it")
    _speaks(bw, "carol", "it")
    match_id = await _start(bw, alice, "bob", "bingo sfida", "Accetta", option="avversario")
    board = _board(bw, match_id)
    assert embed_title(board) == f"BingoMagic #{match_id} — alice contro bob"
    result = await _play_out(bw, match_id)
    assert " vince con " in result.content and "turni)" in result.content
    final = _board(bw, match_id)
    assert "vince con" in (final.embeds[0].get("description") or "")

    for driver in (alice, bob):
        private = _private_text(driver)
        assert f"La mano di {driver.user.username}" in private
        for word in ITALIAN_PRIVATE:
            assert word in private, (driver.user.username, word)
        seen = driver.seen_text()
        assert not ENGLISH_WORDS.search(seen), ENGLISH_WORDS.search(seen)
    public = _public_text(bw)
    for word in (*ITALIAN_PUBLIC, "ti sfida", "ha accettato la sfida"):
        assert word in public, word
    assert not ENGLISH_WORDS.search(public), ENGLISH_WORDS.search(public)


async def test_a_mixed_match_each_reads_their_own_language(italian_server) -> None:
    """In an Italian server, alice (Italian client) and bob (English client) each read
    their panels, buttons and private answers in their own language; the board and the
    result are in the server's language."""
    bw = italian_server
    alice, bob = _speaks(bw, "alice", "it"), _speaks(bw, "bob", "en-US")
    match_id = await _start(bw, alice, "bob", "bingo sfida", "Accetta", option="avversario")
    # bob, on an English client, types the English names; his answer is English.
    await bob.slash(bw.channel, "bingo challenge", opponent=bw.world.user("carol"))
    busy = await bob.wait_for_message(bw.channel, lambda m: m.ephemeral)
    assert busy.content == "You're already in a match here. Finish it or `/bingo resign`."
    await _play_out(bw, match_id)

    alice_private, bob_private = _private_text(alice), _private_text(bob)
    assert "La mano di alice" in alice_private and "bob's hand" in bob_private
    assert not ENGLISH_WORDS.search(alice_private), ENGLISH_WORDS.search(alice_private)
    assert not ITALIAN_WORDS.search(bob_private), ITALIAN_WORDS.search(bob_private)
    assert "Keep" in bob_private and "Tieni" in alice_private
    public = _public_text(bw)
    assert f"BingoMagic #{match_id} — alice contro bob" in public
    assert not ENGLISH_WORDS.search(public), ENGLISH_WORDS.search(public)


async def test_bingo_language_overrides_the_client(english_server) -> None:
    """``/bingo language`` makes an English client's private text Italian (stored with
    the member), the board stays in the server's language, and ``auto`` goes back."""
    bw = english_server
    alice, bob = bw.driver("alice"), bw.driver("bob")
    await alice.slash(bw.channel, "bingo language", language="Italiano")
    answer = await alice.wait_for_message(bw.channel, lambda m: m.ephemeral)
    assert answer.content == "Ti scriverò in privato in italiano."
    assert (await bw.db.user_prefs(bw.world.user("alice").id)).language == "it"

    match_id = await _start(bw, alice, "bob", "bingo challenge", "Accept")
    panel = await bw.emu.wait_for(lambda: _panel(alice, live=False), message="alice's panel")
    assert embed_title(panel) == f"La mano di alice — BingoMagic #{match_id}"
    assert "Mano" in [field["name"] for field in panel.embeds[0]["fields"]]
    bob_panel = await bw.emu.wait_for(lambda: _panel(bob, live=False), message="bob's panel")
    assert embed_title(bob_panel) == f"bob's hand — BingoMagic #{match_id}"
    assert embed_title(_board(bw, match_id)) == f"BingoMagic #{match_id} — alice vs bob"
    await alice.slash(bw.channel, "bingo hand")
    shown = await alice.wait_for_message(
        bw.channel, lambda m: m.ephemeral and PANEL.search(embed_title(m))
    )
    assert embed_title(shown).startswith("La mano di alice")

    await alice.slash(bw.channel, "bingo language", language="auto")
    back = await alice.wait_for_message(
        bw.channel, lambda m: m.ephemeral and m.content.startswith("I will")
    )
    assert back.content == "I will write to you privately in your Discord language (English)."
    assert (await bw.db.user_prefs(bw.world.user("alice").id)).language is None
    await alice.slash(bw.channel, "bingo hand")
    again = await alice.wait_for_message(
        bw.channel, lambda m: m.ephemeral and m.id != shown.id and PANEL.search(embed_title(m))
    )
    assert embed_title(again) == f"alice's hand — BingoMagic #{match_id}"
