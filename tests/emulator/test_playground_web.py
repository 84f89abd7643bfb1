"""The playground page's server side, without a browser: what each message frame carries."""

from __future__ import annotations

from types import SimpleNamespace

from bot.playground import Emulator
from bot.playground.web import command_path, typed_command_path

GAME = {
    "id": "7",
    "type": 1,
    "name": "game",
    "description": "Games",
    "name_localizations": {"it": "gioco", "ja": "ゲーム"},
    "options": [
        {
            "type": 2,
            "name": "deck",
            "description": "Decks",
            "name_localizations": {"it": "mazzo"},
            "options": [
                {"type": 1, "name": "list", "description": "List", "options": []},
                {
                    "type": 1,
                    "name": "save",
                    "description": "Save",
                    "name_localizations": {"it": "salva"},
                    "options": [{"type": 3, "name": "name", "description": "Name"}],
                },
            ],
        },
    ],
}


def interaction(locale: str, *path: str) -> SimpleNamespace:
    """An application command interaction's record (only its payload is read)."""
    options: list[dict] = [{"type": 3, "name": "name", "value": "x"}]
    for index, name in reversed(list(enumerate(path[1:], start=1))):
        options = [{"type": 1 if index == len(path) - 1 else 2, "name": name, "options": options}]
    return SimpleNamespace(
        payload={"locale": locale, "data": {"id": "7", "name": path[0], "options": options}}
    )


async def test_used_line_names_the_command_as_the_user_typed_it() -> None:
    """Discord's "used /…" line shows the names of the user's client language."""
    async with Emulator() as emu:
        emu.global_commands[7] = GAME
        italian = interaction("it", "game", "deck", "save")
        assert command_path(italian) == "game deck save"  # what the bot receives
        assert typed_command_path(emu, italian) == "gioco mazzo salva"
        # a level without a localization keeps its default name
        assert typed_command_path(emu, interaction("ja", "game", "deck", "save")) == (
            "ゲーム deck save"
        )
        assert typed_command_path(emu, interaction("en-US", "game", "deck", "list")) == (
            "game deck list"
        )
        emu.global_commands.clear()  # the command is gone: its default names
        assert typed_command_path(emu, italian) == "game deck save"
