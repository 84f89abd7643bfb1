"""The emulator's languages: localized command registrations are validated and shown
per client locale, and a guild's preferred locale reaches the bot (GUILD_CREATE and
every interaction's ``guild_locale``)."""

from __future__ import annotations

import pytest

from emulator import Emulator
from emulator.errors import ApiError
from emulator.payloads import guild_payload
from emulator.validation import validate_command

COMMAND = {
    "name": "greet",
    "description": "Say hello",
    "name_localizations": {"it": "saluta"},
    "description_localizations": {"it": "Saluta"},
    "options": [
        {
            "type": 3,
            "name": "style",
            "description": "How",
            "name_localizations": {"it": "stile"},
            "description_localizations": {"it": "Come"},
            "choices": [{"name": "Warm", "value": "warm", "name_localizations": {"it": "Caldo"}}],
        }
    ],
}


def test_valid_localizations_pass() -> None:
    validate_command(COMMAND)


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("name_localizations", {"it": "Saluta Tutti"}),  # upper case and a space
        ("name_localizations", {"xx": "saluta"}),  # no such Discord locale
        ("description_localizations", {"it": ""}),
        ("description_localizations", {"it": "x" * 101}),
    ],
)
def test_bad_localizations_are_refused(where: str, value: dict) -> None:
    with pytest.raises(ApiError) as raised:
        validate_command({**COMMAND, where: value})
    assert raised.value.status == 400


def test_bad_option_and_choice_localizations_are_refused() -> None:
    option = {**COMMAND["options"][0], "name_localizations": {"it": "Stile"}}
    with pytest.raises(ApiError):
        validate_command({**COMMAND, "options": [option]})
    choice = {"name": "Warm", "value": "warm", "name_localizations": {"it": ""}}
    option = {**COMMAND["options"][0], "choices": [choice]}
    with pytest.raises(ApiError):
        validate_command({**COMMAND, "options": [option]})


async def test_commands_as_a_client_shows_them_and_guild_locale() -> None:
    async with Emulator() as emu:
        guild = emu.create_guild("Gilda", preferred_locale="it")
        channel = emu.create_text_channel(guild, "generale")
        user = emu.create_user("alice")
        emu.add_member(guild, user)
        emu.global_commands[1] = {**COMMAND, "id": "1", "type": 1}
        italian = emu.commands(locale="it")[0]
        assert (italian["name"], italian["description"]) == ("saluta", "Saluta")
        assert italian["options"][0]["name"] == "stile"
        assert italian["options"][0]["choices"][0]["name"] == "Caldo"
        assert emu.commands(locale="fr")[0]["name"] == "greet"
        assert emu.commands()[0]["name_localizations"] == {"it": "saluta"}
        assert guild_payload(emu, guild)["preferred_locale"] == "it"
        user.locale = "it"
        payload = emu.interaction_payload(
            interaction_id=1, token="t", itype=2, user=user, channel=channel, data=None
        )
        assert (payload["locale"], payload["guild_locale"]) == ("it", "it")
