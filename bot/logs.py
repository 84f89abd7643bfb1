"""Logging setup: one stderr handler on the root logger that never prints secrets."""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable

REDACTED = "[redacted]"
LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"

_HANDLER_NAME = "bingomagic-stderr"

# Interaction tokens: in gateway payloads (``"token": "..."``, logged by discord.gateway at
# DEBUG) and in webhook and callback URLs (``/webhooks/<app id>/<token>``,
# ``/interactions/<id>/<token>/callback``, logged by discord.webhook). A token lets anyone
# answer or edit as the bot in that conversation for 15 minutes.
_TOKEN_PATTERNS = (
    re.compile(r"""(?P<head>['"]token['"]\s*:\s*['"])[^'"]+"""),
    re.compile(r"(?P<head>/webhooks/\d+/)[A-Za-z0-9._~-]+"),
    re.compile(r"(?P<head>/interactions/\d+/)[A-Za-z0-9._~-]+"),
)


class RedactingFilter(logging.Filter):
    """Replace every secret in a record's message, arguments and traceback text.

    Attached to a handler, it rewrites the record before formatting: ``msg`` becomes
    the fully interpolated, redacted message (``args`` are cleared), and
    ``exc_text``/``stack_info`` are rendered and redacted, so the formatter only
    ever sees clean text. Always returns True (never drops a record).
    """

    def __init__(self, secrets: Iterable[str]) -> None:
        """``secrets``: strings to hide; empty strings are ignored."""
        super().__init__()
        # Longest first, so a secret containing another is replaced whole.
        self._secrets = sorted({s for s in secrets if s}, key=len, reverse=True)
        self._formatter = logging.Formatter()

    def redact(self, text: str) -> str:
        """``text`` with every secret, and every interaction token, replaced by
        ``[redacted]``."""
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        for pattern in _TOKEN_PATTERNS:
            text = pattern.sub(lambda m: m.group("head") + REDACTED, text)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record`` in place; always keep it."""
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: keep what we can, still redacted
            message = f"{record.msg!r} % {record.args!r}"
        record.msg = self.redact(message)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = self._formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def setup_logging(level: str, secrets: Iterable[str]) -> None:
    """Send all logs at ``level`` and above to stderr, with secrets redacted.

    ``level`` is a logging level name (e.g. "INFO"). Installs one handler on the
    root logger (replacing the one from an earlier call), quiets ``discord.http``
    to WARNING, and attaches a :class:`RedactingFilter` for ``secrets`` (e.g. the
    bot token) to the handler.

    Raises:
        ValueError: ``level`` is not a logging level name.
    """
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        raise ValueError(f"unknown log level {level!r}")

    root = logging.getLogger()
    for existing in list(root.handlers):
        if existing.get_name() == _HANDLER_NAME:
            root.removeHandler(existing)
            existing.close()

    handler = logging.StreamHandler(sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(RedactingFilter(secrets))
    root.addHandler(handler)
    root.setLevel(numeric)
    logging.getLogger("discord.http").setLevel(logging.WARNING)
