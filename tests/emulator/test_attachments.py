"""Attachments on edit, as Discord v10 treats them: an embed image at
``attachment://<name>`` shows the message's attachment of that name, also after an edit
that uploads nothing (the attachment is kept); ``attachments=[file]`` replaces it (one
more upload); ``attachments=[]`` drops it (the embed image no longer resolves)."""

from __future__ import annotations

import io

import discord

from bot.playground import Emulator
from tests.emulator.fixtures import World, running_client


def _embed(text: str) -> discord.Embed:
    embed = discord.Embed(title=text)
    embed.set_image(url="attachment://board.png")
    return embed


async def test_an_edit_without_files_keeps_the_attachment_the_embed_shows(
    emulator: Emulator, world: World
) -> None:
    async with running_client(emulator, discord.Client(intents=discord.Intents.none())) as client:
        channel = client.get_partial_messageable(world.channel.id)
        sent = await channel.send(
            embed=_embed("one"), file=discord.File(io.BytesIO(b"png-1"), filename="board.png")
        )
        message = emulator.messages[sent.id]
        [first] = message.attachments
        assert message.embeds[0]["image"]["url"] == first["url"]
        assert len(emulator.uploads) == 1

        edited = await sent.edit(embed=_embed("two"))  # no files: nothing uploaded
        assert message.attachments == [first] and len(emulator.uploads) == 1
        assert message.embeds[0]["title"] == "two"
        assert message.embeds[0]["image"]["url"] == first["url"]
        assert edited.embeds[0].image.url == first["url"]  # what discord.py reads back

        file = discord.File(io.BytesIO(b"png-2"), filename="board.png")
        await sent.edit(embed=_embed("three"), attachments=[file])
        [second] = message.attachments
        assert second["id"] != first["id"] and len(emulator.uploads) == 2
        assert emulator.attachment_data[int(second["id"])] == b"png-2"
        assert message.embeds[0]["image"]["url"] == second["url"]
        # the earlier version still shows its own picture
        assert message.versions[1].embeds[0]["image"]["url"] == first["url"]

        await sent.edit(embed=_embed("four"), attachments=[])
        assert message.attachments == []
        assert message.embeds[0]["image"]["url"] == "attachment://board.png"  # shows nothing
