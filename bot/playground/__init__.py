"""The playground: a local Discord emulator, and a page to try the bot in a browser.

``python -m bot.playground`` starts the emulator, the bot against it, and the page. The
emulator (REST v10 + gateway v10) is faithful enough for the unmodified discord.py client;
the project's end-to-end tests drive the bot through it. Only the playground's entry point
and the tests import this package; the bot itself never does.

Typical use::

    async with Emulator() as emu:
        guild = emu.create_guild("Test Guild")
        channel = emu.create_text_channel(guild, "general")
        alice = emu.create_user("alice")
        emu.add_member(guild, alice)
        point_discord_at(emu.api_base, emu.gateway_url)  # from bot.endpoints
        ...start the bot, then drive users:
        rec = await emu.user_driver(alice).slash(channel, "ping")
"""

from bot.playground.driver import UserDriver
from bot.playground.errors import ApiError
from bot.playground.faults import Burst429, Hold, RateLimit, RateLimitedRequest, RouteFailure
from bot.playground.mentions import Mentions, Ping
from bot.playground.models import (
    Channel,
    Guild,
    InteractionRecord,
    Member,
    Message,
    MessageVersion,
    Role,
    SeenMessage,
    User,
)
from bot.playground.ratelimits import DiscordLimits, RouteLimit
from bot.playground.server import Emulator, RequestLog, RequestRecord, UploadedFile

__all__ = [
    "ApiError",
    "Burst429",
    "Channel",
    "DiscordLimits",
    "Emulator",
    "Guild",
    "Hold",
    "InteractionRecord",
    "Member",
    "Mentions",
    "Message",
    "MessageVersion",
    "Ping",
    "RateLimit",
    "RateLimitedRequest",
    "RequestLog",
    "RequestRecord",
    "Role",
    "RouteFailure",
    "RouteLimit",
    "SeenMessage",
    "UploadedFile",
    "User",
    "UserDriver",
]
