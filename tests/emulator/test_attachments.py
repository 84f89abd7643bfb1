"""Attachments on edit, as Discord v10 treats them: an embed image at
``attachment://<name>`` shows the message's attachment of that name, also after an edit
that uploads nothing (the attachment is kept); ``attachments=[file]`` replaces it (one
more upload); ``attachments=[]`` drops it (the embed image no longer resolves)."""

from __future__ import annotations

import io

import discord
import pytest

from emulator import Emulator
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


async def test_an_attachment_keeps_its_alt_text_up_to_discords_1024_characters(
    emulator: Emulator, world: World
) -> None:
    """``discord.File(description=...)`` is the attachment's alt text: kept as sent up to
    1,024 characters, refused past that (400, 50035) as Discord does."""
    async with running_client(emulator, discord.Client(intents=discord.Intents.none())) as client:
        channel = client.get_partial_messageable(world.channel.id)
        alt = "a" * 1024
        sent = await channel.send(
            file=discord.File(io.BytesIO(b"png"), filename="board.png", description=alt)
        )
        [attachment] = emulator.messages[sent.id].attachments
        assert attachment["description"] == alt
        assert sent.attachments[0].description == alt  # what discord.py reads back
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(
                file=discord.File(io.BytesIO(b"png"), filename="b.png", description=alt + "a")
            )
        assert refused.value.status == 400 and refused.value.code == 50035
        [problem] = emulator.take_problems()
        assert "attachments.0.description" in problem
