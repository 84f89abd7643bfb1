"""Japanese through the emulator: every slash command registered with a valid Japanese
name (unique among its siblings in every language, as Discord requires) and description,
a Japanese client typing them, ``/bingo language`` offering 日本語, and a whole match in a
Japanese server with Japanese clients, with no English word left."""

from __future__ import annotations

import re

from bot.i18n import LANGUAGES

from .helpers import BotWorld, board, embed_title, preferring
from .language_helpers import (
    assert_read_in,
    choose_language,
    localized_match,
    localized_nodes,
    localized_play_out,
    speaks,
    world_fixture,
)

japanese_server = world_fixture("ja")

#: Discord's rule for command and option names (its "Application Command Naming" docs),
#: for scripts with no letter case: letters and numbers of any script, "-" and "_".
NAME = re.compile(r"^[-_\w]{1,32}$")


def _commands(bw: BotWorld, locale: str | None = None) -> list[dict]:
    guild = bw.world.guild
    if locale is None:
        return bw.emu.commands(guild) + bw.emu.commands()
    return bw.emu.commands(guild, locale=locale) + bw.emu.commands(locale=locale)


def _sibling_names(commands: list[dict]) -> list[list[str]]:
    """The names of each set of siblings: the commands, then each command's or option's
    options (choices are not names)."""
    found = [[c["name"] for c in commands]]
    stack = list(commands)
    while stack:
        node = stack.pop()
        options = [o for o in node.get("options") or [] if "name" in o]
        if options:
            found.append([o["name"] for o in options])
        stack += options
    return found


async def test_a_japanese_client_sees_japanese_commands(english_server) -> None:
    """Every command, option and choice has a Japanese name and description; names are
    valid Discord names and unique among their siblings as each language's client shows
    them; a Japanese client types the Japanese names and is answered in Japanese."""
    bw = english_server
    for command in _commands(bw):
        for kind, node in localized_nodes(command):
            where = f"/{command['name']} {kind} {node['name']}"
            assert (node.get("name_localizations") or {}).get("ja"), where
            if kind != "choice":
                assert 1 <= len(node["description_localizations"]["ja"]) <= 100, where
    for language in LANGUAGES:
        shown = _commands(bw, "en-US" if language == "en" else language)
        for names in _sibling_names(shown):
            assert len(set(names)) == len(names), (language, sorted(names))
            for name in names:
                assert NAME.match(name) and name == name.lower(), (language, name)

    japanese = {c["name"]: c for c in _commands(bw, "ja")}
    assert {"bingo", "マリガン", "ヘルプ"} <= set(japanese)
    subcommands = {o["name"]: o for o in japanese["bingo"]["options"]}
    assert {"挑戦", "手札", "投了", "成績", "ランキング", "言語", "設定"} <= set(subcommands)
    challenge = {o["name"]: o for o in subcommands["挑戦"]["options"]}
    assert [c["name"] for c in challenge["強さ"]["choices"]] == ["簡単", "普通", "難しい"]
    rules = [c["name"] for c in challenge["マリガン"]["choices"]]
    assert "バンクーバー・マリガン（2015）" in rules and "ロンドン・マリガン（2019）" in rules

    alice = speaks(bw, "alice", "ja")
    record = await alice.slash(bw.channel, "bingo 投了")
    assert record.acknowledged
    answer = await alice.wait_for_message(bw.channel, lambda m: m.ephemeral)
    assert answer.content == "このサーバーで参加中の対戦はありません。"
    await alice.slash(bw.channel, "bingo 挑戦", 相手=bw.world.user("alice"))
    answer = await alice.wait_for_message(bw.channel, lambda m: m.ephemeral and "挑戦" in m.content)
    assert answer.content == "自分自身には挑戦できません。"


async def test_bingo_language_offers_japanese(english_server) -> None:
    """An English client chooses 日本語 for its private text, and is told so in Japanese."""
    bw = english_server
    await choose_language(bw, "alice", "日本語", "個別のメッセージは日本語でお送りします。", "ja")


def _japanese_policy(labels: list[str]) -> str:
    """Keep, let everything resolve, leave the scried card on top, else place a land."""
    return preferring(
        labels, ("キープ", "解決させる", "一番上に残す"), lambda label: label.endswith("を置く")
    )


async def test_a_whole_match_in_a_japanese_server_with_japanese_clients(
    japanese_server,
) -> None:
    """From challenge to result, every message each player sees, public or private, is
    Japanese, in the words of Japanese Magic (手札, 陣地, 墓地, ライブラリー)."""
    bw = japanese_server
    alice, bob, match_id = await localized_match(bw, "ja", "bingo 挑戦", "受ける", "相手")
    assert embed_title(board(bw, match_id)) == f"BingoMagic #{match_id} — alice vs bob"
    result = await localized_play_out(bw, match_id, policy=_japanese_policy)
    assert f"（BingoMagic #{match_id}、" in result.content and "ターン）" in result.content

    assert_read_in(
        bw,
        (alice, bob),
        lambda name: (f"{name}の手札", "陣地", "キープ"),
        ("陣地：", "墓地：", "ライブラリー", "からBingoMagicの挑戦です", "挑戦を受けました"),
    )
