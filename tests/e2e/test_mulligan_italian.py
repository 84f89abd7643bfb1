"""/mulligan in Italian: an Italian client practises, asks odds and saves
decks; public answers follow the server's language, private ones the reader's."""

from __future__ import annotations

import time

from bot.engine import MulliganRule
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState

from .helpers import embed_field, embed_title, enabled_buttons
from .practice_helpers import answer, dealt, hand_count, placeholder, save_deck
from .practice_helpers import deal as english_deal

ITALIAN_RULES = {
    "paris": "Paris Mulligan (1997)",
    "vancouver": "Vancouver Mulligan (2015)",
    "london": "London Mulligan (2019)",
    "partial_paris": "Partial Paris Mulligan",
    "early_1994": "Primo mulligan ufficiale (1994)",
}


def italian(bw, *names: str) -> None:
    """Give ``names`` an Italian Discord client (every interaction carries ``it``)."""
    for name in names:
        bw.world.user(name).locale = "it"


def footer(message) -> str:
    return message.embeds[0].get("footer", {}).get("text", "")


def description(message) -> str:
    return message.embeds[0].get("description", "")


def assert_coach(text: str, head: str, verdicts: tuple[str, str], *parts: str) -> None:
    """The coach's ``text`` starts with ``head``, gives exactly one of the two
    ``verdicts`` and holds every one of ``parts``."""
    assert text.startswith(head)
    assert (verdicts[0] in text) != (verdicts[1] in text)
    for part in parts:
        assert part in text


async def deal(bw, name: str = "alice", private: bool = False, **options):
    return await dealt(bw, name, private, "Mano iniziale — ", **options)


async def test_london_practice_in_italian_by_dm(bingo) -> None:
    """The whole London flow reads Italian: the hand, the prompt, the buttons, the
    bottom select, the coach (with an Italian decimal comma) and "Un'altra mano"."""
    # Seed 1: the hand after one mulligan holds a land, so the bottom select offers one.
    bingo.bot.get_cog("Mulligan").service.seed_factory = lambda: 1
    italian(bingo, "alice")
    alice, record, message = await deal(bingo)
    told = await bingo.emu.wait_for(
        lambda: [
            m
            for m in alice.ephemerals(bingo.channel)
            if m.text == "La tua mano è nei tuoi messaggi diretti."
        ],
        message="the pointer to the DM",
    )
    assert told
    assert embed_title(message) == "Mano iniziale — Constructed (60 carte, 24 terre)"
    assert footer(message) == "London Mulligan (2019) · inizi tu · mulligan fatti: 0"
    assert "**Tieni o fai mulligan?** Il prossimo mulligan ti dà 6 carte." in description(message)
    assert enabled_buttons(message) == ["Tieni", "Mulligan"]
    assert any(f["name"].startswith("Terre (") for f in message.embeds[0]["fields"])
    assert any(f["name"].startswith("Magie (") for f in message.embeds[0]["fields"])
    cards = " ".join(f["value"] for f in message.embeds[0]["fields"])
    assert "× Terra" in cards or "× Magia" in cards, "the preset's cards in Italian"

    await alice.click(message, "Mulligan")
    message = bingo.emu.messages[message.id]
    assert footer(message).endswith("mulligan fatti: 1")
    # The coach on that mulligan, in Italian, above the new hand's question.
    note = description(message)
    assert_coach(
        note,
        "**Allenatore, sul tuo mulligan:** ",
        ("✅ Il mulligan era", "❌ Tenere sarebbe andato meglio."),
        " Tenendo quelle 7 carte (",
        "avresti giocato una terra a ogni turno fino al turno 4 se inizi tu nel **",
        "il tuo mulligan a 6 è costato una carta e ha rinunciato a",
        "(poi tenendo come fa l'allenatore: 7 carte con 2–5 terre,",
    )
    assert note.endswith("**Tieni o fai mulligan?** Il prossimo mulligan ti dà 5 carte.")
    await alice.click(message, "Tieni")
    message = bingo.emu.messages[message.id]
    assert "**Scegli una carta da mettere in fondo** al tuo mazzo." in description(message)
    assert placeholder(message) == "Scegli una carta da mettere in fondo"
    options = message.components[0]["components"][0]["options"]
    labels = {o["label"] for o in options}
    assert "Terra" in labels and not any("(terra)" in label for label in labels)  # no stutter
    await alice.select(message, [options[0]["value"]])
    message = bingo.emu.messages[message.id]

    text = description(message)
    assert_coach(
        text,
        "**Allenatore.** ",
        ("✅ Tenere era la scelta migliore.", "❌"),
        "\n**Cosa decide:** tenendo queste 6 carte (",
        "giochi una terra a ogni turno fino al turno 4 se inizi tu nel **",
        "; un mulligan a 5 costa una carta e rinuncia a",
        "Facendo invece mulligan (poi tenendo come fa l'allenatore: 7 carte con",
        "Le tue prossime pescate:",
    )
    figure = text.split("nel **", 1)[1].split("**", 1)[0]
    assert "," in figure and "." not in figure, f"an Italian decimal comma: {figure}"
    assert enabled_buttons(message) == ["Un'altra mano"]
    assert "Opening hand" not in alice.seen_text() and "Coach" not in alice.seen_text()


async def test_every_rule_has_its_italian_name(bingo) -> None:
    """Each rule's footer uses the Italian source's name; Vancouver's scry and Partial
    Paris's set-aside speak Italian too."""
    italian(bingo, "alice")
    for rule, name in ITALIAN_RULES.items():
        alice, _, message = await deal(bingo, private=True, rule=rule)
        assert footer(message).startswith(name + " · "), (rule, footer(message))
    alice, _, message = await deal(bingo, private=True, rule="vancouver")
    await alice.click(message, "Mulligan")
    await alice.click(bingo.emu.messages[message.id], "Tieni")
    message = bingo.emu.messages[message.id]
    assert description(message).startswith("**Scry 1.** La prima carta del tuo mazzo è **")
    assert enabled_buttons(message) == ["Sopra", "In fondo"]
    alice, _, message = await deal(bingo, private=True, rule="partial_paris")
    assert "Con un mulligan metti da parte delle carte" in description(message)
    await alice.click(message, "Mulligan")
    message = bingo.emu.messages[message.id]
    assert placeholder(message) == "Scegli le carte da mettere da parte"


def _seed_1994_keep_only() -> int:
    for seed in range(5000):
        options = PracticeOptions(MulliganRule.EARLY_1994)
        state, _ = PracticeState.new(seed, PRESETS["constructed"], options)
        if "mulligan" not in state.legal_actions():
            return seed
    raise AssertionError("no seed")


async def test_1994_refusals_and_prompt_in_italian(bingo) -> None:
    """The 1994 rule's prompt and its refusal for a deck of only lands are Italian."""
    italian(bingo, "alice")
    bingo.bot.get_cog("Mulligan").service.seed_factory = _seed_1994_keep_only
    alice, _, message = await deal(bingo, private=True, rule="early_1994")
    assert "Il primo mulligan ufficiale (1994) vale solo per una mano" in description(message)
    refused = await alice.slash(
        bingo.channel, "mulligan practice", deck="bingomagic", rule="early_1994"
    )
    assert refused.message.ephemeral
    assert "Il primo mulligan ufficiale (1994) è per i mazzi di Magic" in refused.message.text


async def test_the_bingomagic_coach_in_italian(bingo) -> None:
    """A kept BingoMagic hand: the estimate's progress line and figures are Italian."""
    italian(bingo, "alice")
    bingo.bot.get_cog("Mulligan").service.coach_games = 10
    alice, _, message = await deal(bingo, private=True, deck="bingomagic")
    assert embed_title(message) == "Mano iniziale — BingoMagic (60 terre base)"
    await alice.click(message, "Tieni")
    done = await bingo.emu.wait_for(
        lambda: "vinci una partita" in description(m := bingo.emu.messages[message.id]) and m,
        message="the Italian coach",
    )
    text = description(done)
    assert text.startswith("**Allenatore.** Tenendo queste 5 carte se inizi tu, vinci")
    assert "su 10 partite simulate" in text and "intervallo al 95%:" in text
    assert "Facendo invece mulligan a 4 carte:" in text
    assert "Le tue prossime pescate:" in text
    assert enabled_buttons(done) == ["Un'altra mano"]


async def test_the_language_override_beats_the_client(bingo) -> None:
    """A member with an English client who chose Italian (``/bingo language``) gets
    Italian privately."""
    await bingo.db.set_user_language(bingo.world.user("bob").id, "it")
    bob, record, message = await deal(bingo, name="bob", private=True)
    assert embed_title(message).startswith("Mano iniziale — ")


async def test_odds_public_in_the_servers_language_errors_in_the_readers(bingo) -> None:
    """In an Italian server the odds table is Italian for everyone; a bad request is
    refused privately in the reader's own language (Italian for alice, English for bob)."""
    bingo.world.guild.preferred_locale = "it"
    italian(bingo, "alice")
    alice, bob = bingo.driver("alice"), bingo.driver("bob")

    record = await bob.slash(bingo.channel, "mulligan odds", size=60, lands=24)
    message = record.message
    assert not message.ephemeral
    assert embed_title(message) == "Probabilità — 60 carte, 24 terre"
    lands = embed_field(message, "Terre nelle 7 carte iniziali")
    assert "0 terre:   2,16%" in lands and "1 terra:" in lands
    drops = embed_field(message, "Una terra a ogni turno fino al turno 4")
    assert "Se inizi tu:" in drops and "Se inizia l'avversario:" in drops and "Media:" in drops
    assert "Carte nella mano tenuta (strategia London)" in [
        f["name"] for f in message.embeds[0]["fields"]
    ]
    assert message.embeds[0]["footer"]["text"].startswith("Valori esatti")

    preset = await alice.slash(bingo.channel, "mulligan odds", deck="limited")
    assert embed_title(preset.message) == "Probabilità — Limited (40 carte, 17 terre)"

    refused = await alice.slash(bingo.channel, "mulligan odds", size=60)
    assert refused.message.ephemeral
    assert refused.message.text == "Indica un mazzo, oppure sia `carte` sia `terre`."
    refused = await bob.slash(bingo.channel, "mulligan odds", size=20, lands=30)
    assert refused.message.ephemeral
    assert refused.message.text == "A deck can't have more lands than cards."


async def test_deck_save_list_and_errors_in_italian(bingo) -> None:
    """Saving a deck speaks Italian: the modal, bad lines, too few cards, success, the
    list, autocomplete, deleting and unknown decks."""
    italian(bingo, "alice")
    alice = bingo.driver("alice")
    record = await alice.slash(bingo.channel, "mulligan deck save", name="Rotto")
    assert record.modal["title"] == "Salva una lista del mazzo"
    assert record.modal["components"][0]["components"][0]["label"] == "Lista del mazzo"

    alice, reply = await save_deck(bingo, "Rotto", "4 Lightning Bolt\nfour Mountains\n0 Island\n")
    assert reply.text.startswith("Non ho salvato niente. Correggi queste righe:")
    assert "Riga 2: four Mountains — manca il numero di copie" in reply.text
    assert "Riga 3: 0 Island — il numero 0 non è compreso tra 1 e 999" in reply.text
    _, reply = await save_deck(bingo, "Piccolo", "3 Mountain\n")
    assert reply.text == (
        "Non ho salvato niente: il mazzo ha 3 carte; per allenarsi ne servono almeno 7."
    )
    _, reply = await save_deck(bingo, "Rosso", "20 Mountain\n40 Lightning Bolt\n")
    assert "Salvato **Rosso**: 60 carte, 20 terre." in reply.text

    listed = await answer(bingo, await alice.slash(bingo.channel, "mulligan deck list"))
    assert "**Rosso** — 60 carte, 20 terre" in listed.text
    choices = await alice.autocomplete(bingo.channel, "mulligan practice", focused="deck", deck="")
    names = [c["name"] for c in choices]
    assert "Predefinito: Constructed (60 carte, 24 terre)" in names and "Salvato: Rosso" in names

    blank = await alice.slash(bingo.channel, "mulligan deck save", name="   ")
    assert blank.message.ephemeral
    assert "Il nome di un mazzo deve avere almeno un carattere" in blank.message.text
    missing = await alice.slash(bingo.channel, "mulligan practice", deck="Nessuno")
    assert missing.message.ephemeral
    assert missing.message.text.startswith("Non hai un mazzo salvato di nome “Nessuno”.")
    assert "`/mulligan mazzo salva`" in missing.message.text, "the Italian command names"
    deleted = await alice.slash(bingo.channel, "mulligan deck delete", name="rosso")
    assert deleted.message.text == "Mazzo **rosso** eliminato."


async def test_stats_and_leaderboard_follow_the_server_setting(bingo) -> None:
    """An English client in a server set to Italian sees Italian public stats."""
    await bingo.db.set_guild_settings(bingo.world.guild.id, time.time(), language="it")
    bob, message = await english_deal(bingo, name="bob", private=True)
    assert embed_title(message).startswith("Opening hand — "), "private: bob's own language"
    await bob.click(message, "Keep")
    assert hand_count(bingo.emu.messages[message.id]) == 7
    record = await bob.slash(bingo.channel, "mulligan stats")
    stats = record.message
    assert embed_title(stats) == "Allenamento al mulligan — bob"
    assert embed_field(stats, "Mani viste") == "1"
    assert embed_field(stats, "Carte nelle mani tenute") == "7: 1"
    record = await bob.slash(bingo.channel, "mulligan leaderboard")
    board = record.message
    assert embed_title(board) == "Classifica dell'allenamento al mulligan"
    assert board.embeds[0]["description"].startswith("Nessuno ha ancora fatto 20 mani")
