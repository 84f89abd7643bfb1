"""Tips in a member's first match against the bot (learning the game).

A member who has never finished a match against the bot in this server, and has not
turned tips off (``UserPrefs.tips``), gets a short tip on their private panel at the
first decision of each kind: their first turn, the mulligan, the scry, the counter window
and each effect (Swamp, Mountain, Forest). The tip stays on that decision's panel (and on
its redraws) and is not shown again for later decisions of that kind. A **Turn tips
off** button under the tip stores ``set_user_tips(user, False)`` and redraws the panel
without it; later matches show no tips.

What was shown is part of the match's configuration (``MatchConfig.tips``:
:class:`bot.matches.config.Tips`, or ``None``), stored with it, so a restart neither
repeats nor loses a tip.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.actions import Decision
from bot.i18n import t
from bot.matches import PlayerView
from bot.matches.config import Tips
from bot.ui.controls import Buttons, TipsOffButton
from cogs.reply import Reply

from ._table import table_of

if TYPE_CHECKING:
    from bot.storage import Database

    from ._ports import PanelHost

log = logging.getLogger(__name__)

#: The decisions that get a tip, and the tip's name (``tips-<name>`` in tips.ftl).
TIPS: dict[str, str] = {
    Decision.MAIN.value: "turn",
    Decision.DECLARE.value: "mulligan",
    Decision.SCRY.value: "scry",
    Decision.COUNTER.value: "counter",
    Decision.SWAMP.value: "swamp",
    Decision.MOUNTAIN.value: "mountain",
    Decision.FOREST.value: "forest",
}


async def first_match_tips(db: Database, guild_id: int, user_id: int, player: int) -> Tips | None:
    """The tips of a new match against the bot: for seat ``player``, none shown yet,
    when ``user_id`` has tips on and has never finished a match against the bot in
    ``guild_id`` (any level, ``Database.bot_records``), else ``None``."""
    prefs = await db.user_prefs(user_id)
    if not prefs.tips:
        return None
    if any(record.played for record in await db.bot_records(guild_id, user_id)):
        return None
    return Tips(player)


def tip_key(tips: Tips | None, view: PlayerView) -> tuple[str | None, Tips | None]:
    """The catalog key of the tip for the panel of ``view`` (a ``player_view``), or
    ``None``, and the match's ``tips`` with the tip's kind marked as shown at this
    version (so the same decision keeps its tip on every redraw and a later decision of
    that kind gets none; the same ``tips`` when nothing changed)."""
    player = view.viewer
    if tips is None or player != tips.player or view.result is not None:
        return None, tips
    if view.current_player != player:
        return None, tips
    kind = TIPS.get(view.decision)
    if kind is None:
        return None, tips
    shown = tips.version_of(kind)
    if shown is not None and shown != view.version:
        return None, tips
    if shown is None:
        tips = tips.showing(kind, view.version)
    return f"tips-{kind}", tips


async def tips_off(
    service: PanelHost, interaction: discord.Interaction[Any], control: TipsOffButton
) -> None:
    """ "Turn tips off": turn the clicking member's tips off (every match from now on,
    this one included) and answer with their panel without the tip (or a private note
    when the match is over)."""
    ctx = Reply(interaction)
    await service.db.set_user_tips(ctx.user_id, False)
    match = service.runtime.get(control.match_id)
    player = match.seat_of(ctx.user_id) if match is not None else None
    if service is not None and match is not None and player is not None:
        for live in service.matches.values():
            if live.seat_of(ctx.user_id) is not None:
                table = table_of(live)
                table.config = table.config.with_tips(None)
        await service.answer_with_panel(ctx, match, player)
        service.delivery.kick(match)
        return
    await ctx.tell("tips-off")


def with_tip(
    embed: discord.Embed,
    controls: Buttons | None,
    key: str,
    match_id: int,
    locale: str | None,
) -> Buttons:
    """Add the tip ``key`` to a panel's embed and "Turn tips off" to its controls (new
    controls when it has none). The button is left out of controls that are already
    full."""
    embed.add_field(name=t(locale, "tips-title"), value=t(locale, key), inline=False)
    return (controls or Buttons()).adding(TipsOffButton(match_id, locale))
