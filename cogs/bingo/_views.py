"""The buttons of a BingoMagic match, as restart-proof ``DynamicItem`` s.

Every control carries what it needs in its ``custom_id``, so a click works the same
after a restart: the service looks the match up and checks the state version.

==================================  ==============================================
``bingo:m:<match>:<version>:<act>``  a decision (engine action ``act``) at a version
``bingo:c:<challenge>:<answer>``     Accept / Decline on a challenge
``bingo:h:<match>``                  "Show my hand" on the public board
==================================  ==============================================

The views that carry these items never time out (``timeout=None``): a control stops
working when the match's version moves on, not when a timer in this process fires.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.interactions import run_guarded

from ._render import action_label

if TYPE_CHECKING:
    from ._service import MatchService

ROW_WIDTH = 5


def _service(interaction: discord.Interaction[Any]) -> MatchService:
    cog = interaction.client.get_cog("Bingo")  # type: ignore[union-attr]
    if cog is None:
        raise RuntimeError("the Bingo cog is not loaded")
    return cog.service  # type: ignore[attr-defined]


class DecisionButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"bingo:m:(?P<match>\d+):(?P<version>\d+):(?P<action>[a-z_]+(?::\d+)?)",
):
    """One legal action of one player at one state version."""

    def __init__(
        self,
        match_id: int,
        version: int,
        action: str,
        label: str = "…",
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=style,
                row=row,
                custom_id=f"bingo:m:{match_id}:{version}:{action}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button, match: Any, /
    ) -> DecisionButton:
        return cls(int(match["match"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction,
            _service(interaction).act(interaction, self.match_id, self.version, self.action),
            where=f"bingo decision {self.custom_id}",
        )


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"bingo:c:(?P<challenge>\d+):(?P<answer>accept|decline)",
):
    """Accept or Decline on a challenge; only the challenged member may use it."""

    def __init__(self, challenge_id: int, answer: str) -> None:
        accept = answer == "accept"
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"bingo:c:{challenge_id}:{answer}",
            )
        )
        self.challenge_id = challenge_id
        self.answer = answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button, match: Any, /
    ) -> ChallengeButton:
        return cls(int(match["challenge"]), match["answer"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction,
            _service(interaction).answer_challenge(interaction, self.challenge_id, self.answer),
            where=f"bingo challenge {self.custom_id}",
        )


class ShowHandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bingo:h:(?P<match>\d+)"):
    """On the public board when a player's DMs are closed: answers that player privately."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Show my hand",
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=f"bingo:h:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button, match: Any, /
    ) -> ShowHandButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction,
            _service(interaction).show_hand(interaction, self.match_id),
            where=f"bingo show hand {self.custom_id}",
        )


DYNAMIC_ITEMS = (DecisionButton, ChallengeButton, ShowHandButton)


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def challenge_view(challenge_id: int) -> discord.ui.View:
    """Accept and Decline for one challenge."""
    return _view(ChallengeButton(challenge_id, "accept"), ChallengeButton(challenge_id, "decline"))


def board_view(match_id: int) -> discord.ui.View:
    """The board's single control: "Show my hand"."""
    return _view(ShowHandButton(match_id))


PRIMARY = {"keep", "place", "scry_top", "aside_done"}
DANGER = {"counter", "destroy"}


def decision_view(
    match_id: int, version: int, actions: list[str], names: list[str], player: int
) -> discord.ui.View | None:
    """One button per legal action (at most 25), or ``None`` when there are none."""
    if not actions:
        return None
    items = []
    for index, action in enumerate(actions[:25]):
        label, emoji = action_label(action, names, player)
        verb = action.partition(":")[0]
        style = (
            discord.ButtonStyle.success
            if verb in PRIMARY
            else discord.ButtonStyle.danger
            if verb in DANGER
            else discord.ButtonStyle.secondary
        )
        items.append(
            DecisionButton(match_id, version, action, label, emoji, style, row=index // ROW_WIDTH)
        )
    return _view(*items)
