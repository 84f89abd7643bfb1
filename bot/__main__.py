"""``python -m bot``: run the BingoMagic Discord bot until SIGINT/SIGTERM.

Exit status: 0 after a clean shutdown, 2 for a configuration problem (bad
settings, unusable database, token rejected by Discord), 1 if the bot crashed.
Configuration problems print exactly one ``error: ...`` line on stderr.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Protocol

from bot.config import ConfigError, Settings
from bot.logs import setup_logging
from bot.storage import Database, DatabaseError

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_CRASH = 1
EXIT_CONFIG = 2

SHUTDOWN_GRACE_SECONDS = 10.0


class Runnable(Protocol):
    """What :func:`serve` needs from a bot (``BingoBot`` in production)."""

    async def start(self, token: str) -> None: ...

    async def close(self) -> None: ...


def print_error(message: object) -> None:
    """Print ``error: <message>`` as a single line on stderr."""
    text = " ".join(str(message).split())
    print(f"error: {text}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def handle_signals(stop: asyncio.Event) -> Iterator[None]:
    """While active, SIGINT and SIGTERM set ``stop`` instead of killing the process.

    Must be used inside a running event loop; platforms without loop signal
    handlers (Windows) keep the default behaviour.
    """
    loop = asyncio.get_running_loop()
    installed: list[signal.Signals] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            continue
        installed.append(sig)
    try:
        yield
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


async def serve(bot: Runnable, token: str, stop: asyncio.Event) -> int:
    """Run ``bot.start(token)`` until it ends or ``stop`` is set, then close the bot.

    Returns the exit status: 0 on a clean stop, 2 if Discord rejected the token
    (after printing one ``error:`` line), 1 if the bot crashed (logged).
    """
    runner = asyncio.create_task(bot.start(token), name="bot.start")
    stopper = asyncio.create_task(stop.wait(), name="stop.wait")
    try:
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopper.cancel()
        if stop.is_set():
            log.info("Shutting down")
        await bot.close()
        if not runner.done():
            try:
                await asyncio.wait_for(runner, SHUTDOWN_GRACE_SECONDS)
            except TimeoutError:
                log.warning("The bot did not stop within %s seconds", SHUTDOWN_GRACE_SECONDS)
            except Exception:
                pass  # reported below from runner.exception()
    if runner.cancelled():
        return EXIT_OK
    error = runner.exception()
    if error is None:
        return EXIT_OK
    from discord import LoginFailure  # lazy: config errors never import discord

    if isinstance(error, LoginFailure):
        print_error(f"Discord rejected DISCORD_TOKEN ({error})")
        return EXIT_CONFIG
    log.error("The bot stopped because of an unexpected error", exc_info=error)
    return EXIT_CRASH


def build_bot(settings: Settings, db: Database) -> Runnable:
    """The production bot (imported lazily so config errors never import cogs): an
    ``AutoShardedBot`` for ``SHARD_IDS`` when ``SHARD_COUNT`` is set (see
    :func:`bot.client.make_bot`)."""
    from bot.client import make_bot

    return make_bot(settings, db)


def serve_metrics(settings: Settings) -> bool:
    """Serve Prometheus metrics on ``METRICS_PORT`` when set (see :mod:`bot.metrics`);
    False after printing one ``error:`` line if the port cannot be bound."""
    if settings.metrics_port is None:
        return True
    from bot import metrics

    try:
        metrics.serve(settings.metrics_port)
    except OSError as exc:
        print_error(f"METRICS_PORT {settings.metrics_port} cannot be used: {exc}")
        return False
    return True


async def run(
    settings: Settings,
    *,
    bot_factory: Callable[[Settings, Database], Runnable] = build_bot,
    stop: asyncio.Event | None = None,
) -> int:
    """Open the database, run the bot until a signal (or ``stop``), close both.

    Returns the exit status (see :func:`serve`); 2 after printing one ``error:``
    line if the database cannot be opened or ``METRICS_PORT`` bound. The bot is closed
    before the database.
    """
    if not serve_metrics(settings):
        return EXIT_CONFIG
    try:
        db = await Database.open(settings.database_target)
    except DatabaseError as exc:
        print_error(exc)
        return EXIT_CONFIG
    try:
        bot = bot_factory(settings, db)
        if stop is None:
            stop = asyncio.Event()
        with handle_signals(stop):
            return await serve(bot, settings.token, stop)
    finally:
        await db.close()
        log.info("Database closed")


def main(environ: Mapping[str, str] | None = None) -> int:
    """Entry point: load settings, set up logging, run. Returns the exit status.

    ``environ`` overrides ``os.environ`` (and disables ``.env`` loading) for tests.
    """
    try:
        settings = Settings.from_env(environ)
    except ConfigError as exc:
        print_error(exc)
        return EXIT_CONFIG
    setup_logging(settings.log_level, [settings.token])
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(run(settings))


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (a dependency on Linux and macOS: the
    same asyncio API, with less of the bot's time per request spent in the loop itself),
    else ``None`` (asyncio's own)."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


if __name__ == "__main__":
    sys.exit(main())
