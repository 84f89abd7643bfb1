"""Run the emulator standalone, without the page or the bot.

``python -m bot.playground.standalone [--port 0] [--users alice,bob]``.

Prints one JSON line (api_base, gateway_url, token, application_id, bot_user_id, guild_id,
channel_id, users {name: id}) to stdout, then serves until SIGINT/SIGTERM (exit code 0). A port
already in use exits with status 1 and a message naming ``--port``.
Point a bot at it with ``bot.endpoints.point_discord_at(api_base, gateway_url)``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys

from bot.playground.launcher import listen_error
from emulator.ratelimits import DiscordLimits
from emulator.server import Emulator

log = logging.getLogger(__name__)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command line options."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.playground.standalone", description=__doc__
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (printed)")
    parser.add_argument("--token", default="emulator-token", help="bot token the emulator accepts")
    parser.add_argument("--guild", default="Test Guild", help="name of the guild to create")
    parser.add_argument("--channel", default="general", help="name of the text channel to create")
    parser.add_argument("--users", default="alice,bob", help="comma separated user names")
    parser.add_argument(
        "--ack-deadline", type=float, default=3.0, help="interaction ack deadline (s)"
    )
    parser.add_argument(
        "--no-limits",
        action="store_true",
        help="do not enforce Discord's rate limits (enforced by default, as on Discord)",
    )
    parser.add_argument("--log-level", default="WARNING")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    """Start the emulator, print the connection JSON line, wait for SIGINT/SIGTERM."""
    emu = Emulator(
        args.token,
        host=args.host,
        port=args.port,
        ack_deadline=args.ack_deadline,
        limits=None if args.no_limits else DiscordLimits(),
    )
    try:
        await emu.start()
    except OSError as exc:
        await emu.stop()
        raise SystemExit(f"error: {listen_error(args.host, args.port, exc)}") from None
    guild = emu.create_guild(args.guild)
    channel = emu.create_text_channel(guild, args.channel)
    users: dict[str, str] = {}
    for name in filter(None, (n.strip() for n in args.users.split(","))):
        user = emu.create_user(name)
        emu.add_member(guild, user)
        users[name] = str(user.id)
    info = {
        "api_base": emu.api_base,
        "gateway_url": emu.gateway_url,
        "token": emu.bot_token,
        "port": emu.port,
        "application_id": str(emu.application_id),
        "bot_user_id": str(emu.bot_user.id),
        "guild_id": str(guild.id),
        "channel_id": str(channel.id),
        "users": users,
    }
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    print(json.dumps(info), flush=True)  # after the handlers: readers may signal right away
    try:
        await stop.wait()
    finally:
        await emu.stop()
        if emu.problems:
            for problem in emu.problems:
                print(f"problem: {problem}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), stream=sys.stderr)
    asyncio.run(serve(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
