"""One context per interaction (cogs/reply.py): its languages are resolved once, and
its answers are the first response or a follow-up, whichever is due.

The interaction here is a stand-in with only what :class:`Reply` reads; the end-to-end
tests drive the real one through the emulator.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from cogs.reply import Reply
from tests.interaction_fakes import FakeFollowup, FakeResponse


class Languages:
    """A language service that counts its look-ups."""

    def __init__(self) -> None:
        self.private_calls: list[tuple[int, str | None]] = []
        self.public_calls: list[tuple[int, str | None]] = []

    async def private(self, user_id: int, client: str | None) -> str:
        self.private_calls.append((user_id, client))
        return "it"

    async def public(self, guild_id: int, guild: str | None) -> str:
        self.public_calls.append((guild_id, guild))
        return "pl"


def interaction(guild_id: int | None) -> Any:
    return SimpleNamespace(
        client=SimpleNamespace(languages=Languages()),
        user=SimpleNamespace(id=7),
        guild_id=guild_id,
        guild=None,
        locale="it",
        guild_locale="pl" if guild_id is not None else None,
        response=FakeResponse(),
        followup=FakeFollowup(),
    )


async def test_each_language_is_resolved_once_per_interaction() -> None:
    ctx = Reply(interaction(guild_id=5))
    languages = ctx.client.languages
    assert [await ctx.private(), await ctx.private()] == ["it", "it"]
    await ctx.tell("a11y-on")
    assert [await ctx.public(), await ctx.public()] == ["pl", "pl"]
    assert languages.private_calls == [(7, "it")]
    assert languages.public_calls == [(5, "pl")]


async def test_outside_a_server_public_text_is_in_the_private_language() -> None:
    ctx = Reply(interaction(guild_id=None))
    assert await ctx.public() == "it"
    assert await ctx.private() == "it"
    assert ctx.client.languages.private_calls == [(7, "it")]
    assert ctx.client.languages.public_calls == []


async def test_answers_are_the_first_response_then_follow_ups() -> None:
    ctx = Reply(interaction(guild_id=5))
    await ctx.tell("a11y-on")
    await ctx.tell("a11y-off")
    await ctx.reply_public("hello")
    response, followup = ctx.interaction.response, ctx.interaction.followup
    assert [kwargs for _, kwargs in response.sent] == [{"ephemeral": True}]
    assert [kwargs for _, kwargs in followup.sent] == [{"ephemeral": True}, {}]
    assert followup.sent[1][0] == "hello"
    assert response.sent[0][0] != followup.sent[0][0]  # on, then off, in Italian


async def test_a_public_answer_first_is_the_response() -> None:
    ctx = Reply(interaction(guild_id=5))
    await ctx.reply_public("hello")
    assert ctx.interaction.response.sent == [("hello", {})]
    assert ctx.interaction.followup.sent == []
