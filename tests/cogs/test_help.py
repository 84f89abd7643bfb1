"""``/help`` pages built from a command tree: every command on exactly one page, pages
within Discord's embed limits, and top-level commands Discord hides from a member hidden
from them too."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.ui.controls import HelpButton
from cogs.guide._help import EMBED_TOTAL, FIELD_VALUE, FIELDS, MARKS, help_page, help_pages


async def _noop(interaction: discord.Interaction[Any]) -> None:
    return None


def _tree(groups: int, per_group: int) -> app_commands.CommandTree:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    for g in range(groups):
        group = app_commands.Group(name=f"group{g}", description="A group.")
        for c in range(per_group):
            group.add_command(
                app_commands.Command(
                    name=f"command{c}",
                    description=f"Command {c} of group {g}, with a long description. " * 2,
                    callback=_noop,
                )
            )
        tree.add_command(group)
    admin = app_commands.Command(name="purge", description="Managers only.", callback=_noop)
    admin.default_permissions = discord.Permissions(manage_guild=True)
    tree.add_command(admin)
    return tree


def _listed(language: str, tree: app_commands.CommandTree, **kwargs: Any) -> list[str]:
    return [
        line
        for page in help_pages(language, tree, **kwargs)
        for _, value in page.fields
        for line in value.splitlines()
    ]


def test_many_commands_fill_several_pages_within_discords_limits() -> None:
    tree = _tree(groups=8, per_group=20)
    pages = help_pages("en", tree)
    assert len(pages) > 1
    for number in range(len(pages)):
        embed, view = help_page("en", tree, number)
        assert len(embed) <= EMBED_TOTAL  # discord.py counts as Discord does
        assert len(embed.fields) <= FIELDS
        assert all(len(f.value or "") <= FIELD_VALUE for f in embed.fields)
        assert view is not None
        prev, nxt = view.children
        assert isinstance(prev, HelpButton) and isinstance(nxt, HelpButton)
        assert prev.item.disabled == (number == 0)
        assert nxt.item.disabled == (number == len(pages) - 1)
        assert (prev.page, nxt.page) == (max(number - 1, 0), min(number + 1, len(pages) - 1))
    assert [p.intro for p in pages] == [True] + [False] * (len(pages) - 1)
    listed = _listed("en", tree)
    assert len(listed) == 8 * 20 + 1 == len(set(listed))


def test_a_top_level_command_is_hidden_as_discord_hides_it() -> None:
    """``default_member_permissions`` on a top-level command: members without them do not
    see it (nor in /help); managers and administrators do; outside a guild it shows."""
    tree = _tree(groups=1, per_group=2)
    member = discord.Permissions(send_messages=True)

    def has_purge(**kwargs: Any) -> bool:
        return any("`/purge`" in line for line in _listed("en", tree, **kwargs))

    assert not has_purge(permissions=member)
    assert has_purge(permissions=discord.Permissions(manage_guild=True))
    assert has_purge(permissions=discord.Permissions(administrator=True))
    assert has_purge(permissions=None)


def test_one_page_has_no_buttons() -> None:
    embed, view = help_page("it", _tree(groups=1, per_group=2), 0)
    assert view is None
    assert embed.description and "Pagina" not in (embed.footer.text or "")


def test_a_section_longer_than_a_field_says_it_continues() -> None:
    """A section split over several fields is named once; the fields after the first
    say "(continued)"."""
    tree = _tree(groups=2, per_group=20)  # groups of no section of their own: "Other"
    names = [name for page in help_pages("en", tree) for name, _ in page.fields]
    assert len(names) > 2
    assert names == ["Other"] + ["Other (continued)"] * (len(names) - 1)


def test_a_command_for_some_members_is_listed_to_them_only() -> None:
    """A command whose ``audience`` is organizers is listed, marked, to organizers (and
    outside a server, to everyone), and not to other members; the legend of the marks
    shows only when a marked command is listed."""
    tree = _tree(groups=1, per_group=2)
    group = tree.get_command("group0")
    assert isinstance(group, app_commands.Group)
    group.add_command(
        app_commands.Command(
            name="create", description="Organizers only.", callback=_noop,
            extras={"audience": "organizers"},
        )
    )  # fmt: skip

    def create_line(**kwargs: Any) -> list[str]:
        return [line for line in _listed("en", tree, **kwargs) if "`/group0 create`" in line]

    assert create_line(audiences=frozenset()) == []
    assert create_line(audiences=frozenset({"moderators"})) == []
    assert create_line(audiences=frozenset({"organizers"}))[0].startswith(MARKS["organizers"])
    assert create_line()[0].startswith(MARKS["organizers"])  # outside a server
    member, _ = help_page("en", tree, 0, audiences=frozenset())
    organizer, _ = help_page("en", tree, 0, audiences=frozenset({"organizers"}))
    assert MARKS["organizers"] not in (member.footer.text or "")
    assert MARKS["organizers"] in (organizer.footer.text or "")
