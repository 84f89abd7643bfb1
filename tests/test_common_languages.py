"""The shared answers of bot/interactions.py in the reader's language (common.ftl)."""

from __future__ import annotations

from discord import app_commands

from bot.i18n import t
from bot.interactions import NOT_CURRENT, UserFacingError, expected_error_message


def test_shared_answers_follow_the_locale() -> None:
    """Expected errors and the stale-click answer are worded in the interaction's
    language; a UserFacingError keeps the (already translated) text it carries."""
    mismatch = app_commands.CommandSignatureMismatch.__new__(app_commands.CommandSignatureMismatch)
    assert expected_error_message(mismatch) == (
        "This command is out of date; please try again in a minute."
    )
    assert expected_error_message(mismatch, "it") == (
        "Questo comando non è aggiornato: riprova tra un minuto."
    )
    assert expected_error_message(UserFacingError("Testo."), "it") == "Testo."
    assert expected_error_message(UserFacingError(), "it") == "Adesso non puoi farlo."
    assert expected_error_message(ValueError("boom"), "it") is None
    assert t("it", NOT_CURRENT) == "Questa scelta non è più valida."
    assert t("it", "common-went-wrong", id="abcd1234") == (
        "Qualcosa è andato storto (codice errore abcd1234)."
    )
