"""The playground's page in every language, and who may do what: the page's own labels follow
the language selector (labels.json), the bot's texts follow the member's locale, and the
page says who owns and who moderates the server."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from PIL import Image

from bot.i18n import t as bot_t
from bot.playground.launcher import Playground
from bot.playground.web import STATIC_DIR
from emulator.core import UploadedFile

from .helpers import MemberTab, at_bottom, play_until

LABELS: dict[str, dict[str, str]] = json.loads((STATIC_DIR / "labels.json").read_text())
PHONE = {"width": 390, "height": 844}
#: Labels of a "next page" button (English and Polish, whatever the help's author picks).
NEXT = re.compile(r"^(Next|Następn[aey]|Dalej|›|▶|→|⟩)")


def label(locale: str, key: str, **args: Any) -> str:
    """The page's label ``key`` in ``locale``, placeholders filled in."""
    text = LABELS[locale][key]
    for name, value in args.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def registered(playground: Playground) -> list[dict[str, Any]]:
    """The slash commands the bot registered (default names, with their localizations)."""
    emu = playground.emu
    web = playground.web
    assert web is not None
    commands = [*emu.guild_commands.get(web.guild.id, {}).values(), *emu.global_commands.values()]
    return [c for c in commands if c.get("type", 1) == 1]


def leaf_paths(node: dict[str, Any], locale: str, prefix: tuple[str, ...] = ()) -> list[str]:
    """Every runnable command path under ``node``, named as a client in ``locale`` shows it."""
    name = (node.get("name_localizations") or {}).get(locale) or node["name"]
    path = (*prefix, name)
    subs = [o for o in node.get("options") or [] if o.get("type") in (1, 2)]
    if not subs:
        return [" ".join(path)]
    return [leaf for sub in subs for leaf in leaf_paths(sub, locale, path)]


def localized(playground: Playground, path: str, locale: str) -> str:
    """``path`` (default names) as a client in ``locale`` types it."""
    level = registered(playground)
    parts = []
    for name in path.split():
        node = next(o for o in level if o["name"] == name)
        parts.append((node.get("name_localizations") or {}).get(locale) or name)
        level = [o for o in node.get("options") or [] if o.get("type") in (1, 2)]
    return " ".join(parts)


def japanese_policy(labels: list[str]) -> str:
    """tests.e2e.helpers.simple_policy with the bot's Japanese labels: keep, place a land
    whenever possible, let everything resolve, else the first."""
    for key in ("bingo-label-keep", "bingo-label-allow", "bingo-label-scry_top"):
        if bot_t("ja", key) in labels:
            return bot_t("ja", key)
    place = bot_t("ja", "bingo-label-place", name="\u0000").split("\u0000")[-1]
    places = [text for text in labels if text.endswith(place)]
    return places[0] if places else labels[0]


def result_posted(playground: Playground) -> bool:
    """Whether a match result is in #general (peeking at the emulator, to stop clicking)."""
    channel = playground.web.channel  # type: ignore[union-attr]
    return any("(BingoMagic #" in m.content for m in playground.emu.channel_messages(channel))


def tall_png() -> bytes:
    """A picture far taller than the space a message takes before it loads."""
    buffer = io.BytesIO()
    Image.new("RGB", (400, 1200), (88, 101, 242)).save(buffer, format="PNG")
    return buffer.getvalue()


async def picture_keeps_the_newest_message_in_view(tab: MemberTab, playground: Playground) -> None:
    """Images load after their message is drawn: the page scrolls again when it was at the
    bottom. (Without that, the tall picture pushes the newest message out of view.)"""
    emu = playground.emu
    channel = playground.web.channel  # type: ignore[union-attr]
    for n in range(60):  # enough to scroll
        emu.create_message(channel, emu.bot_user, {"content": f"line {n}"})
    await tab.wait_for(lambda m: m.text.endswith("line 59"), what="the last line")
    assert await at_bottom(tab)
    picture = UploadedFile("files[0]", "tall.png", "image/png", tall_png())
    body = {"content": "a picture", "attachments": [{"id": 0, "filename": "tall.png"}]}
    emu.create_message(channel, emu.bot_user, body, files=[picture])
    await tab.page.locator('.attachment-image img[src$="tall.png"]').wait_for()
    assert await at_bottom(tab)


def test_the_selector_offers_four_languages_and_every_label_is_translated() -> None:
    """Not a browser test: the dictionary has the same keys and placeholders everywhere."""
    assert set(LABELS) == {"en-US", "it", "pl", "ja"}
    english = LABELS["en-US"]
    for locale, labels in LABELS.items():
        assert labels.keys() == english.keys(), locale
        for key, text in labels.items():
            assert text.strip(), (locale, key)
            places = sorted(re.findall(r"\{(\w+)\}", text))
            assert places == sorted(re.findall(r"\{(\w+)\}", english[key])), (locale, key)
    used_in_page = set()
    for path in Path(STATIC_DIR).glob("*.*"):
        if path.suffix in (".js", ".html"):
            text = path.read_text()
            used_in_page |= set(re.findall(r"""\bt(?:Parts)?\("(\w+)\"""", text))
            used_in_page |= set(re.findall(r'data-i18n(?:-aria|-title)?="(\w+)"', text))
    assert used_in_page - english.keys() == set()


async def test_page_labels_follow_the_language_selector(open_tab, playground) -> None:
    """In Italian the page's own words are Italian, and /aiuto's "used" line says /aiuto."""
    alice = await open_tab("alice")
    page = alice.page
    await page.select_option("#locale-select", label="Italiano")
    assert await page.locator("#locale-select option").all_inner_texts() == [
        "English",
        "Italiano",
        "Polski",
        "日本語",
    ]
    placeholder = await page.get_attribute("#text-input", "placeholder")
    assert placeholder == label("it", "message_channel", name="general")
    assert await page.locator('[data-i18n="you_are"]').inner_text() == "Sei"
    await page.fill("#text-input", "/")
    title = page.locator(".popup-title")
    assert (await title.inner_text()).lower() == label("it", "commands").lower()

    help_it = localized(playground, "help", "it")
    assert help_it == "aiuto"
    await alice.slash(help_it)
    answer = await alice.wait_for(lambda m: m.ephemeral, what="the help")
    assert label("it", "only_you") in answer.text and label("it", "dismiss") in answer.text
    assert "Only you can see this" not in answer.text
    used = page.locator(f'.message[data-id="{answer.id}"] .replied')
    assert await used.text_content() == label("it", "used", user="@alice", command="/aiuto")


async def test_the_page_says_who_owns_and_moderates(open_tab, playground) -> None:
    """bob sees that alice owns the server, why settings are not his, and becomes alice.
    (Also, on the same page: a picture loading keeps the newest message in view.)"""
    bob = await open_tab("bob")
    page = bob.page
    await picture_keeps_the_newest_message_in_view(bob, playground)
    # the names alone in the selector (a role after each would be cut), the role below it
    options = await page.locator("#member-select option").all_inner_texts()
    assert options == ["alice", "bob", "carol", "dave"]
    hint = page.locator("#role-line")
    assert (await hint.locator(".my-role").inner_text()).startswith("member")
    assert "alice — server owner" in await hint.inner_text()
    # the bot's moderators are a role of their own (carol's): settings are Manage Server's
    assert "Manage Server" in await hint.inner_text()
    assert await page.locator('.member[data-role="owner"] .crown').count() == 1
    await page.click("#switch-to-owner")
    await page.wait_for_url(re.compile(r"member=alice"))
    await page.locator(".bot-status.online").wait_for()
    assert await page.locator("#role-line .my-role").inner_text() == "server owner"
    assert await page.locator("#switch-to-owner").count() == 0
    assert await page.locator("#member-select").input_value() == "alice"


async def test_whole_match_against_the_bot_in_japanese_on_a_phone(open_tab, playground) -> None:
    """alice, on a phone in Japanese, challenges the bot with the Japanese command and plays
    the match to its end from her DM; the page and the bot speak Japanese, and the newest
    message stays in view when its picture loads."""
    alice = await open_tab("alice", viewport=PHONE, locale="ja")
    alice.hand_title = bot_t("ja", "bingo-panel-title", name="alice", id="").split("alice")[1]
    page = alice.page
    assert await page.locator('[data-i18n="you_are"]').inner_text() == "あなたは"
    challenge_name = localized(playground, "bingo challenge", "ja")
    bingo = next(c for c in registered(playground) if c["name"] == "bingo")
    challenge = next(o for o in bingo["options"] if o["name"] == "challenge")
    options = {o["name"]: o for o in challenge["options"]}
    level = options["level"]
    opponent = options["opponent"]["name_localizations"]["ja"]
    easy = level["choices"][0]["name_localizations"]["ja"]
    bot_option = f"@BingoMagic {label('ja', 'bot_tag')}"
    await alice.slash(
        challenge_name, **{opponent: bot_option, level["name_localizations"]["ja"]: easy}
    )
    await page.click("#menu-toggle")
    await alice.show("dm")
    assert await page.get_attribute("#text-input", "placeholder") == label(
        "ja", "message_user", name="BingoMagic"
    )
    panel = await alice.wait_for(lambda m: alice.hand_title in m.title, what="the hand panel")
    assert panel.title.startswith("aliceの手札")  # the bot's text, in Japanese
    assert await at_bottom(alice)
    await play_until([alice], lambda: result_posted(playground), policy=japanese_policy)
    last = (await alice.messages())[-1]
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", last.text + last.title), last
    assert "Only you can see this" not in await page.locator("#messages").inner_text()


async def test_help_in_polish_lists_every_command(open_tab, playground) -> None:
    """/pomoc (help in Polish) names every command of the registered tree, in Polish, across
    its pages (Next, if there is a Next button), to the server's owner (who may use them
    all: /help lists a member only what they may use)."""
    help_pl = localized(playground, "help", "pl")
    assert help_pl == "pomoc"
    wanted = {leaf for c in registered(playground) for leaf in leaf_paths(c, "pl")}
    owner = await open_tab("alice", locale="pl")
    await owner.slash(help_pl)
    answer = await owner.wait_for(lambda m: m.ephemeral, what="the help")
    used = owner.page.locator(f'.message[data-id="{answer.id}"] .replied')
    assert await used.text_content() == label("pl", "used", user="@alice", command="/pomoc")
    seen = answer.text
    for _ in range(20):  # pages
        nexts = [b for b in answer.buttons if NEXT.match(b["label"]) and not b["disabled"]]
        if not nexts:
            break
        before = answer.text
        await owner.click(answer, nexts[0]["label"])
        answer = await owner.wait_for(
            lambda m, id=answer.id, old=before: m.id == id and m.text != old, what="next page"
        )
        seen += "\n" + answer.text
    missing = sorted(path for path in wanted if f"/{path}" not in seen)
    assert not missing, f"not in /pomoc: {missing}"
