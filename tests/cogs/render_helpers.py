"""Shared by the rendering tests (``tests/cogs/test_render*.py``): the players' names,
the text of an embed, every text of random matches in a language, and the English words
no translated text may show."""

from __future__ import annotations

import random
import re

import discord

from bot.engine import BingoOptions, BingoState, MulliganRule
from bot.matches import events_for, player_view, public_view
from cogs.bingo._render import action_label, board_embed, event_line, panel_embed

NAMES_AB = ["Alice", "Bob"]
#: English words that must not appear in a translated board, panel, log line or button.
ENGLISH = re.compile(
    r"\b(Your turn|Waiting for|Keep|Place|Pass|Territory|Discard pile|Library|Hand|cards?|"
    r"wins|draws|places|counters|discards|destroys|takes|Plains|Island|Swamp|Mountain|"
    r"Forest|Turn|Match|only you|Recent|bottom|top|library)\b"
)


def embed_text(embed: discord.Embed) -> str:
    """An embed's title, description, footer and fields (``name value``), one a line."""
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def everything(seed: int, rule: MulliganRule, language: str) -> list[str]:
    """Every text a random match (``seed``, ``rule``) shows, in ``language``: log lines
    for the public and each player, boards, panels and the labels of every legal
    action."""
    options = BingoOptions(mulligan_rule=rule, free_first=True, forest_any_pile=True)
    state, events = BingoState.new(seed, options)
    rng = random.Random(seed)
    texts: list[str] = []
    log: list[dict] = []
    while True:
        for viewer in (None, 0, 1):
            for event in events_for(events, viewer):
                line = event_line(event, NAMES_AB, viewer, options, language)
                if line:
                    texts.append(line)
        log += [event.to_json() for event in events_for(events, None)]
        texts.append(embed_text(board_embed(1, public_view(state), NAMES_AB, log, 1.0, language)))
        for player in (0, 1):
            view = player_view(state, player)
            texts.append(embed_text(panel_embed(1, view, NAMES_AB, 1.0, language)))
            texts += [action_label(a, NAMES_AB, player, language)[0] for a in view.legal_actions]
        if state.is_over:
            return texts
        events = state.apply(rng.choice(state.legal_actions()))
