"""Practice controls as restart-proof ``DynamicItem`` s.

==========================================  =========================================
``mull:a:<session>:<version>:<action>``      a button: keep, mulligan, scry_top/bottom
``mull:s:<session>:<version>:<bottom|aside>`` a select of exactly N (bottom) or 1..7
                                             (aside) cards, one option per copy
``mull:again:<session>``                     deal a fresh hand with the same options
==========================================  =========================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from bot import limits
from bot.engine.practice import dealable
from bot.i18n import t
from bot.interactions import run_guarded
from bot.ui.text import shorten

from ._render import plain_card_name

if TYPE_CHECKING:
    from bot.engine.practice import PracticeState

    from ._service import PracticeService

#: Each action's label (a catalog key) and style.
LABELS = {
    "keep": ("mulligan-button-keep", discord.ButtonStyle.success),
    "mulligan": ("mulligan-button-mulligan", discord.ButtonStyle.danger),
    "scry_top": ("mulligan-button-top", discord.ButtonStyle.primary),
    "scry_bottom": ("mulligan-button-bottom", discord.ButtonStyle.secondary),
}


def _service(interaction: discord.Interaction[Any]) -> PracticeService:
    cog = interaction.client.get_cog("Mulligan")
    if cog is None:
        raise RuntimeError("the Mulligan cog is not loaded")
    return cog.service


class PracticeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"mull:a:(?P<session>\d+):(?P<version>\d+):(?P<action>keep|mulligan|scry_top|scry_bottom)",
):
    """Keep, Mulligan, or the Vancouver scry's Top / Bottom, labelled in ``locale``'s
    language (the reader's)."""

    def __init__(self, session_id: int, version: int, action: str, locale: object = None) -> None:
        key, style = LABELS[action]
        super().__init__(
            discord.ui.Button(
                label=t(locale, key),
                style=style,
                custom_id=f"mull:a:{session_id}:{version}:{action}",
            )
        )
        self.session_id, self.version, self.action = session_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> PracticeButton:
        return cls(int(match["session"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction,
            _service(interaction).act(interaction, self.session_id, self.version, [self.action]),
            where=f"practice {self.custom_id}",
        )


def card_select(
    custom_id: str,
    step: str,
    options: list[discord.SelectOption] | None,
    count: tuple[int, int],
    locale: object,
) -> discord.ui.Select:
    """The select of cards from a hand (London ``bottom`` or Partial Paris ``aside``), one
    option per copy, choosing ``count`` = (fewest, most) of them; shared by practice deals
    and the hand of the day."""
    placeholder = (
        t(locale, "mulligan-select-bottom", count=count[0])
        if step == "bottom"
        else t(locale, "mulligan-select-aside")
    )
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder,
        min_values=count[0],
        max_values=count[1],
        options=options or [discord.SelectOption(label="…", value="0:0")],
    )


class CardSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"mull:s:(?P<session>\d+):(?P<version>\d+):(?P<step>bottom|aside)",
):
    """Choose cards from the hand, one option per copy: London bottom or Partial Paris."""

    def __init__(
        self,
        session_id: int,
        version: int,
        step: str,
        options: list[discord.SelectOption] | None = None,
        count: tuple[int, int] = (1, 1),
        locale: object = None,
    ) -> None:
        super().__init__(
            card_select(f"mull:s:{session_id}:{version}:{step}", step, options, count, locale)
        )
        self.session_id, self.version, self.step = session_id, version, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> CardSelect:
        return cls(int(match["session"]), int(match["version"]), match["step"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast(
            "dict[str, Any]", interaction.data or {}
        )  # a select's: discord.py types a union
        values = data.get("values", [])
        kinds = [int(value.split(":")[0]) for value in values]
        actions = [f"{self.step}:{k}" for k in kinds]
        if self.step == "aside":
            actions.append("aside_done")
        await run_guarded(
            interaction,
            _service(interaction).act(interaction, self.session_id, self.version, actions),
            where=f"practice {self.custom_id}",
        )


class AgainButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"mull:again:(?P<session>\d+)"
):
    """Deal a fresh hand with the same deck and options."""

    def __init__(self, session_id: int, locale: object = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(locale, "mulligan-button-again"),
                style=discord.ButtonStyle.primary,
                custom_id=f"mull:again:{session_id}",
            )
        )
        self.session_id = session_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> AgainButton:
        return cls(int(match["session"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction,
            _service(interaction).again(interaction, self.session_id),
            where=f"practice {self.custom_id}",
        )


DYNAMIC_ITEMS = (PracticeButton, CardSelect, AgainButton)


def copy_options(state: PracticeState, locale: object = None) -> list[discord.SelectOption]:
    """One select option per card copy in hand (values ``"<kind>:<copy>"``)."""
    options = []
    land = " " + t(locale, "mulligan-option-land")
    for kind, n in enumerate(state.hand):
        for copy in range(n):
            name = plain_card_name(state.deck, kind, locale)
            suffix = land if state.deck.is_land[kind] else ""
            label = shorten(name, limits.SELECT_OPTION - len(suffix)) + suffix
            options.append(discord.SelectOption(label=label, value=f"{kind}:{copy}"))
    return options


def practice_view(session_id: int, state: PracticeState, locale: object = None) -> discord.ui.View:
    """The controls for the current decision, or "Practice again" once kept, labelled
    in ``locale``'s language."""
    view = discord.ui.View(timeout=None)
    decision = state.decision()
    version = state.version
    if decision == "over":
        if dealable(state.deck, state.options):  # never offer a deal new() would refuse
            view.add_item(AgainButton(session_id, locale))
    elif decision == "bottom":
        n = state.bottom_count()
        options = copy_options(state, locale)
        view.add_item(CardSelect(session_id, version, "bottom", options, (n, n), locale))
    elif decision == "aside":
        options = copy_options(state, locale)
        view.add_item(CardSelect(session_id, version, "aside", options, (1, len(options)), locale))
    else:
        for action in state.legal_actions():
            view.add_item(PracticeButton(session_id, version, action, locale))
    return view
