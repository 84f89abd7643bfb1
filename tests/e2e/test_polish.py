"""Polish through the emulator: every command registered with a Polish name and
description, localized names unique among their siblings in every catalog language (as
Discord requires), a Polish client typing Polish names, a whole match in a Polish server
with Polish clients, and ``/bingo language`` set to Polish."""

from __future__ import annotations

import re
from collections import Counter

from bot.i18n import DEFAULT, LANGUAGES, t
from emulator_driver.driver import UserDriver

from . import language_helpers as lang
from .helpers import board, embed_title, simple_policy

polish_server = lang.world_fixture("pl")

#: Words a Polish reader sees (the Polish mulligan rules' "ręka" and "biblioteka", the
#: land names of Polish cards), and English words a Polish reader must never see.
POLISH_PRIVATE = ("Ręka:", "Terytoria", "Zatrzymaj")
POLISH_PUBLIC = ("kontra", "Terytorium:", "Stos odrzuconych:", "Biblioteka")
ENGLISH_WORDS = re.compile(
    r"Your turn|Waiting for|\bKeep\b|Let it resolve|\bPlace \w|Territory|Discard pile|"
    r"Library|wins by|Match #|'s hand|Hand:|\bcards\b|Turn \d|draws a card|Show my hand|"
    r"\bAccept\b|challenges you|only you can see|Plains|Island|Swamp|Mountain|Forest"
)


def polish_policy(labels: list[str]) -> str:
    """:func:`simple_policy` on Polish buttons (their labels read back in English)."""
    keys = ("keep", "allow", "scry_top")
    english = {t("pl", f"bingo-label-{k}"): t("en", f"bingo-label-{k}") for k in keys}
    place = (t("pl", "bingo-label-place", name=""), t("en", "bingo-label-place", name=""))
    read = [
        place[1] + label.removeprefix(place[0])
        if label.startswith(place[0])
        else english.get(label, label)
        for label in labels
    ]
    return labels[read.index(simple_policy(read))]


def _siblings(command: dict) -> list[list[dict]]:
    """The commands' groups of siblings: each node's subcommands and options, and the
    choices of each option."""
    groups = []
    stack = [command]
    while stack:
        node = stack.pop()
        options = node.get("options") or []
        groups += [options, node.get("choices") or []]
        stack += options
    return groups


async def test_a_polish_client_sees_polish_commands(english_server) -> None:
    """Every command, subcommand, option and choice has a Polish name and description;
    no two siblings share a localized name in any language; a Polish client types the
    Polish names and the bot answers in Polish."""
    bw = english_server
    raw = bw.emu.commands(bw.world.guild) + bw.emu.commands()
    for command in raw:
        for kind, node in lang.localized_nodes(command):
            where = f"/{command['name']} {kind} {node['name']}"
            assert (node.get("name_localizations") or {}).get("pl"), where
            if kind != "choice":
                assert (node.get("description_localizations") or {}).get("pl"), where
    for language in [code for code in LANGUAGES if code != DEFAULT]:
        for group in [raw, *(g for c in raw for g in _siblings(c))]:
            names = [(n.get("name_localizations") or {}).get(language, n["name"]) for n in group]
            twice = [name for name, count in Counter(names).items() if count > 1]
            assert twice == [], (language, twice)

    guild = bw.world.guild
    polish = {
        c["name"]: c for c in bw.emu.commands(guild, locale="pl") + bw.emu.commands(locale="pl")
    }
    subcommands = {o["name"] for o in polish["bingo"]["options"]}
    assert {"wyzwij", "ręka", "poddaj", "statystyki", "ranking", "język", "zasady"} <= subcommands
    assert "trening" in {o["name"] for o in polish["mulligan"]["options"]}

    alice = lang.speaks(bw, "alice", "pl")
    answers = {  # Polish names typed, Polish answers
        "bingo poddaj": ({}, "Nie grasz żadnego meczu na tym serwerze."),
        "bingo wyzwij": ({"przeciwnik": bw.world.user("alice")}, "Nie możesz wyzwać siebie."),
    }
    seen: set[int] = set()
    for command, (options, expected) in answers.items():
        assert (await alice.slash(bw.channel, command, **options)).acknowledged
        answer = await alice.wait_for_message(
            bw.channel, lambda m: m.ephemeral and m.id not in seen
        )
        seen.add(answer.id)
        assert answer.content == expected


async def test_a_whole_match_in_a_polish_server_with_polish_clients(polish_server) -> None:
    """Every message each player sees, public or private, is Polish from challenge to
    result, with the Polish cards' land names."""
    bw = polish_server
    alice, bob, match_id = await lang.localized_match(
        bw, "pl", "bingo wyzwij", "Akceptuj", "przeciwnik"
    )
    assert embed_title(board(bw, match_id)) == f"BingoMagic #{match_id} — alice kontra bob"
    result = await lang.localized_play_out(bw, match_id, policy=polish_policy)
    assert re.search(
        r"(wygrywa: |remisem).*\(BingoMagic #\d+, \d+ kolej(ka|ki|ek)\)", result.content
    )

    public = lang.assert_read_in(
        bw,
        (alice, bob),
        lambda name: (f"Ręka: {name} — BingoMagic #{match_id}", *POLISH_PRIVATE),
        (*POLISH_PUBLIC, "wyzywa cię", "przyjmuje wyzwanie"),
        ENGLISH_WORDS,
    )
    assert any(land in public for land in ("Równina", "Wyspa", "Bagno", "Góra", "Las"))


async def test_bingo_language_polish_overrides_the_client(english_server) -> None:
    """``/bingo language`` offers Polish by its own name; an English client's private
    text is then Polish, stored with the member."""
    bw = english_server
    alice: UserDriver = bw.driver("alice")
    await lang.choose_language(
        bw, "alice", "Polski", "Będę pisać do ciebie prywatnie po polsku.", "pl"
    )
    match_id = await lang.localized_start(bw, alice, "bob", "bingo challenge", "Accept")
    panel = await bw.emu.wait_for(lambda: lang.dm_panel(alice, live=False), message="alice's panel")
    assert embed_title(panel) == f"Ręka: alice — BingoMagic #{match_id}"
