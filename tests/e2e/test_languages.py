"""English and Italian, through the emulator: localized slash commands, a
whole match in an Italian server with Italian clients, a mixed match where each player
reads their own language privately and the board follows the server, and the
``/bingo language`` override."""

from __future__ import annotations

import re

from bot.i18n import attribute

from . import language_helpers as lang
from .helpers import board, embed_title

#: Words only an Italian reader sees, and Italian words an English reader must never see.
ITALIAN_PRIVATE = ("La mano di", "Territori", "Mano")
ITALIAN_PUBLIC = ("contro", "Territorio:", "Mazzo degli scarti:", "Mazzo")
ITALIAN_WORDS = re.compile(
    r"Tocca a te|In attesa di|\bTieni\b|Lascia risolvere|Posiziona|Territorio|"
    r"Mazzo degli scarti|La mano di|\bcarte\b|Turno \d|pesca una carta|Accetta|ti sfida"
)


italian_server = lang.world_fixture("it")  # english_server is in conftest.py (shared)


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
        for kind, node in lang.localized_nodes(command):
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
    alice = lang.speaks(bw, "alice", "it")
    record = await alice.slash(bw.channel, "bingo abbandona")
    assert record.acknowledged
    answer = await alice.wait_for_message(bw.channel, lambda m: m.ephemeral)
    assert answer.content == "Non stai giocando una partita in questo server."
    await alice.slash(bw.channel, "bingo sfida", avversario=bw.world.user("alice"))
    answer = await alice.wait_for_message(
        bw.channel, lambda m: m.ephemeral and "sfidare" in m.content
    )
    assert answer.content == "Non puoi sfidare te stesso."


async def test_command_names_join_words_with_hyphens_and_options_with_underscores(
    english_server,
) -> None:
    """In every language, as registered: a command's, group's or subcommand's name joins
    its words with ``-`` (``house-rules``, ``ręka-dnia``), an option's with ``_``
    (``free_first``, ``pierwszy_darmowy``), so a member never guesses which one to type."""
    bw = english_server
    wrong: list[tuple[str, str]] = []

    def walk(node: dict, command: bool) -> None:
        names = [node["name"], *(node.get("name_localizations") or {}).values()]
        wrong.extend((node["name"], n) for n in names if ("_" if command else "-") in n)
        for option in node.get("options") or []:
            walk(option, option["type"] in (1, 2))

    for command in bw.emu.commands(bw.world.guild) + bw.emu.commands():
        walk(command, True)
    assert wrong == []


# -- whole matches ---------------------------------------------------------------------


async def test_a_whole_match_in_an_italian_server_with_italian_clients(italian_server) -> None:
    """Every message each player sees, public or private, is Italian from challenge to
    result."""
    bw = italian_server
    alice, bob, match_id = await lang.localized_match(
        bw, "it", "bingo sfida", "Accetta", "avversario"
    )
    assert embed_title(board(bw, match_id)) == f"BingoMagic #{match_id} — alice contro bob"
    result = await lang.localized_play_out(bw, match_id)
    assert " vince con " in result.content and "turni)" in result.content
    final = board(bw, match_id)
    assert "vince con" in (final.embeds[0].get("description") or "")

    lang.assert_read_in(
        bw,
        (alice, bob),
        lambda name: (f"La mano di {name}", *ITALIAN_PRIVATE),
        (*ITALIAN_PUBLIC, "ti sfida", "ha accettato la sfida"),
    )


async def test_a_mixed_match_each_reads_their_own_language(italian_server) -> None:
    """In an Italian server, alice (Italian client) and bob (English client) each read
    their panels, buttons and private answers in their own language; the board and the
    result are in the server's language."""
    bw = italian_server
    alice, bob = lang.speaks(bw, "alice", "it"), lang.speaks(bw, "bob", "en-US")
    match_id = await lang.localized_start(
        bw, alice, "bob", "bingo sfida", "Accetta", option="avversario"
    )
    # bob, on an English client, types the English names; his answer is English.
    await bob.slash(bw.channel, "bingo challenge", opponent=bw.world.user("carol"))
    busy = await bob.wait_for_message(bw.channel, lambda m: m.ephemeral)
    assert busy.content == "You're already in a match here. Finish it or `/bingo resign`."
    await lang.localized_play_out(bw, match_id)

    alice_private, bob_private = lang.private_text(alice), lang.private_text(bob)
    assert "La mano di alice" in alice_private and "bob's hand" in bob_private
    assert not lang.ENGLISH_WORDS.search(alice_private), lang.ENGLISH_WORDS.search(alice_private)
    assert not ITALIAN_WORDS.search(bob_private), ITALIAN_WORDS.search(bob_private)
    assert "Keep" in bob_private and "Tieni" in alice_private
    public = lang.public_text(bw)
    assert f"BingoMagic #{match_id} — alice contro bob" in public
    assert not lang.ENGLISH_WORDS.search(public), lang.ENGLISH_WORDS.search(public)


async def test_bingo_language_overrides_the_client(english_server) -> None:
    """``/bingo language`` makes an English client's private text Italian (stored with
    the member), the board stays in the server's language, and ``auto`` goes back."""
    bw = english_server
    alice, bob = bw.driver("alice"), bw.driver("bob")
    await lang.choose_language(bw, "alice", "Italiano", "Ti scriverò in privato in italiano.", "it")

    match_id = await lang.localized_start(bw, alice, "bob", "bingo challenge", "Accept")
    panel = await bw.emu.wait_for(lambda: lang.dm_panel(alice, live=False), message="alice's panel")
    assert embed_title(panel) == f"La mano di alice — BingoMagic #{match_id}"
    assert "Mano" in [field["name"] for field in panel.embeds[0]["fields"]]
    bob_panel = await bw.emu.wait_for(lambda: lang.dm_panel(bob, live=False), message="bob's panel")
    assert embed_title(bob_panel) == f"bob's hand — BingoMagic #{match_id}"
    assert embed_title(board(bw, match_id)) == f"BingoMagic #{match_id} — alice vs bob"
    await alice.slash(bw.channel, "bingo hand")
    shown = await alice.wait_for_message(
        bw.channel, lambda m: m.ephemeral and lang.PANEL.search(embed_title(m))
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
        bw.channel, lambda m: m.ephemeral and m.id != shown.id and lang.PANEL.search(embed_title(m))
    )
    assert embed_title(again) == f"alice's hand — BingoMagic #{match_id}"
