"""The page's pickers, thread chrome and timestamps, as a person meets them: the role picker
of ``/bingo settings moderation`` sets a role that then works; a locked thread says it takes no
post; thread names and headers are whole; times and True/False are in the page's language."""

from __future__ import annotations

import re
import time

from bot.i18n import t as bot_t
from bot.playground.launcher import MODERATOR_ROLE_NAME, Playground

from .helpers import MemberTab
from .test_languages import LABELS, PHONE, label, localized

#: Discord's own example timestamp ("Message Formatting"): 2021-04-20 21:20:30 UTC.
EXAMPLE = 1618953630


async def error_lines(tab: MemberTab) -> list[str]:
    """The error lines shown above the message box."""
    return await tab.page.locator(".system-line.failed").all_inner_texts()


async def test_the_role_picker_sets_the_moderator_role(open_tab, playground: Playground) -> None:
    """alice picks the server's Moderators role in /bingo settings moderation (a list, as in
    Discord, not a text box); carol, who has that role, is refused /bingo mod before and may
    use it after. The bot's answer names the role."""
    carol = await open_tab("carol")
    refused = bot_t("en", "mod-refused").split("`")[0].strip()  # before its markdown
    await carol.slash("bingo mod cancel", member="@bob")
    await carol.wait_for(lambda m: refused in m.text, what="the refusal")

    alice = await open_tab("alice")
    await alice.page.fill("#text-input", "/bingo settings moderation")
    await alice.page.click('.popup-item[data-command="bingo settings moderation"]')
    await alice.page.click('[data-add-option="role"]')
    role = alice.page.locator('#option-fields [data-option="role"]')
    assert await role.evaluate("e => e.tagName") == "SELECT"
    offered = await role.locator("option").all_inner_texts()
    assert offered[0] == label("en-US", "choose_role")
    assert f"@{MODERATOR_ROLE_NAME}" in offered and offered[-1] == "@everyone"
    await role.select_option(label=f"@{MODERATOR_ROLE_NAME}")
    await alice.page.click("#send-button")
    saved = await alice.wait_for(lambda m: m.ephemeral and "@Moderators" in m.text, what="saved")
    assert "<@&" not in saved.text
    assert await error_lines(alice) == []

    before = {m.id for m in await carol.messages()}
    await carol.slash("bingo mod cancel", member="@bob")
    answer = await carol.wait_for(lambda m: m.id not in before and m.ephemeral, what="an answer")
    assert refused not in answer.text, answer.text


async def test_a_locked_thread_says_so_and_a_refused_post_is_shown(
    open_tab, playground: Playground
) -> None:
    """bob, on a phone in Polish, opens a thread: its header is whole (no "null"). Once it is
    locked the message box gives way to "This thread is locked"; a post the page sent before
    it heard of the lock is refused with an error line, which goes when bob types again."""
    emu = playground.emu
    web = playground.web
    assert web is not None
    name = "BingoMagic #7 · alice vs BingoMagic"
    thread = emu.create_thread(web.channel, emu.bot_user, name)
    bob = await open_tab("bob", viewport=PHONE, locale="pl")
    page = bob.page
    await page.click("#menu-toggle")
    await bob.show_thread("BingoMagic #7")
    header = await page.locator("#chat-title").inner_text()
    assert "null" not in header and name in header
    assert await page.locator("#composer").is_visible()

    thread.locked = True  # locked, and the page not told yet (as in a race)
    await page.fill("#text-input", "gg")
    await page.press("#text-input", "Enter")
    await page.locator(".system-line.failed").wait_for()
    assert await error_lines(bob) == [label("pl", "send_block_thread_locked")]
    assert not any(m.text == "gg" for m in await bob.messages())
    await page.fill("#text-input", "g")
    assert await error_lines(bob) == []

    emu.update_thread(thread, locked=True)  # now the page hears of it
    notice = page.locator("#composer-blocked")
    await notice.wait_for()
    assert label("pl", "send_block_thread_locked") in await notice.inner_text()
    assert await page.locator("#composer").is_hidden()
    header = await page.locator("#chat-title").inner_text()
    assert "null" not in header and label("pl", "locked_flag") in header
    emu.update_thread(thread, locked=False)
    await page.locator("#composer").wait_for()
    assert await notice.is_hidden()


async def test_thread_names_are_whole_in_the_sidebar(open_tab, playground: Playground) -> None:
    """Archived threads differ only at the end of their names: the sidebar shows each whole
    (wrapped, not cut), with its state below, at desktop and phone widths."""
    emu = playground.emu
    web = playground.web
    assert web is not None
    names = [f"BingoMagic #{n} · alice vs BingoMagic" for n in (11, 12)]
    for name in names:
        emu.update_thread(emu.create_thread(web.channel, emu.bot_user, name), archived=True)
    for viewport, locale in ((None, "ja"), (PHONE, "en-US")):
        alice = await open_tab("alice", viewport=viewport, locale=locale)
        if viewport is PHONE:
            await alice.page.click("#menu-toggle")
        for name in names:
            item = alice.page.locator(".channel.thread", has_text=name)
            shown = await item.locator(".name").evaluate(
                "e => ({text: e.innerText, cut: e.scrollWidth > e.clientWidth})"
            )
            assert shown == {"text": name, "cut": False}
            assert label(locale, "archived") in await item.inner_text()


async def test_times_and_true_false_in_the_page_language(open_tab, playground: Playground) -> None:
    """Discord timestamps (<t:…:R> and the date styles) and the True/False choices of a
    boolean option are written in the page's language, as Discord's client does."""
    emu = playground.emu
    web = playground.web
    assert web is not None
    soon = int(time.time()) + 3 * 3600 + 900  # "in 3 hours" for the next 45 minutes
    emu.create_message(
        web.channel,
        emu.bot_user,
        {"content": f"R <t:{soon}:R> D <t:{EXAMPLE}:D> t <t:{EXAMPLE}:t>"},
    )
    expected = {
        "en-US": ("in 3 hours", "April"),
        "pl": ("za 3 godziny", "kwietnia 2021"),
        "ja": ("3 時間後", "2021年4月"),
    }
    for locale, (relative, date) in expected.items():
        tab = await open_tab("alice", locale=locale)
        shown = await tab.wait_for(lambda m: " D " in m.text, what="the times")
        assert relative in shown.text and date in shown.text, (locale, shown.text)
        if locale != "en-US":
            assert "hours" not in shown.text and "April" not in shown.text

        house_rules = localized(playground, "bingo settings house-rules", locale)
        await tab.page.fill("#text-input", f"/{house_rules}")
        await tab.page.click(f'.popup-item[data-command="{house_rules}"]')
        await tab.page.locator(".add-option").first.click()
        choices = await tab.page.locator("#option-fields select option").all_inner_texts()
        assert choices[1:] == [LABELS[locale]["true"], LABELS[locale]["false"]]
        if locale != "en-US":
            assert not {"True", "False"} & set(choices), choices
    # a change of language relabels the choices of the command being filled in
    await tab.page.select_option("#locale-select", label="Polski")
    choices = await tab.page.locator("#option-fields select option").all_inner_texts()
    assert choices == [LABELS["pl"][key] for key in ("choose", "true", "false")]
    assert re.search(r"[\u3040-\u30ff]", LABELS["ja"]["true"])


async def test_an_embed_footer_keeps_its_line_breaks(open_tab, playground: Playground) -> None:
    """Discord shows an embed footer's line breaks (the leaderboard's footer is three
    lines: how it ranks, who is listed, the page); the page does too, so a Japanese footer
    shows no space after 。 where a line ends."""
    emu = playground.emu
    web = playground.web
    assert web is not None
    footer = "指定してください。\n掲載：5戦以上のメンバー。"
    emu.create_message(
        web.channel, emu.bot_user, {"embeds": [{"title": "Footer", "footer": {"text": footer}}]}
    )
    tab = await open_tab("alice", locale="ja")
    await tab.wait_for(lambda m: m.title == "Footer", what="the embed")
    shown = await tab.page.locator(".embed-footer").last.inner_text()
    assert shown == footer
