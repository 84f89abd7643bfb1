"""``python -m bot.playground``: play with the bot in a browser, with no Discord account.

Starts a local Discord (one server, ``#general``, members alice, bob and carol; a second one,
``#lobby``, with dave), runs the bot
against it as its own process (``python -m bot``), serves the page and prints its address.
Stats and saved decks are kept in ``data/playground/`` (``--fresh`` starts over). Ctrl+C stops
everything, the bot included. Exit status 0 after a clean stop, 1 if the bot failed to start.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from bot.playground.launcher import (
    DEFAULT_DATA_DIR,
    DEFAULT_PORT,
    MEMBERS,
    SECOND_MEMBERS,
    Playground,
    PlaygroundOptions,
    listen_error,
)

log = logging.getLogger("bot.playground")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command line options."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.playground",
        description="Play with the bot in your browser, against a local Discord.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help="port of the page (0: any free port)"
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=DEFAULT_DATA_DIR,
        help="where the SQLite database and the bot's log are kept (default: data/playground)",
    )
    parser.add_argument("--fresh", action="store_true", help="start over with an empty database")
    parser.add_argument(
        "--scryfall-api-base",
        default=None,
        help="Scryfall API the bot asks about decklists (default: the real one)",
    )
    return parser.parse_args(argv)


async def run(options: PlaygroundOptions) -> int:
    """Run until SIGINT/SIGTERM; returns the exit status."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: KeyboardInterrupt instead
            pass
    playground = Playground(options)
    try:
        await playground.start()
    except OSError as exc:  # nothing is running yet: no "Stopping…"
        await playground.stop()
        reason = listen_error(options.host, options.port, exc)
        print(f"error: {reason}", file=sys.stderr, flush=True)
        return 2
    try:
        print(f"BingoMagic playground: {playground.url}", flush=True)
        for notice in playground.web.notices if playground.web else []:
            print(f"note: {notice}", flush=True)
        print(
            f"Open it in a browser; add ?member=bob (or {', '.join(MEMBERS + SECOND_MEMBERS)}) "
            "to be someone "
            "else in another tab. Ctrl+C stops everything.",
            flush=True,
        )
        ready = asyncio.create_task(playground.wait_until_ready())
        stopper = asyncio.create_task(stop.wait())
        await asyncio.wait({ready, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if ready.done():
            stopper.cancel()
            error = ready.exception()
            if error is not None:
                print(f"error: {error}", file=sys.stderr, flush=True)
                return 1
            pid = playground.process.pid if playground.process else None
            print(f"The bot is online (process {pid}, log: {playground.bot_log}).", flush=True)
            await stop.wait()
        else:
            ready.cancel()
        return 0
    finally:
        print("Stopping…", flush=True)
        status = await playground.stop()
        if status not in (None, 0):
            print(f"the bot exited with status {status}; see {playground.bot_log}", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    options = PlaygroundOptions(
        host=args.host,
        port=args.port,
        data_dir=args.data_dir,
        fresh=args.fresh,
        scryfall_api_base=args.scryfall_api_base,
    )
    try:
        return asyncio.run(run(options))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:  # raised elsewhere than listening (e.g. the data directory)
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
