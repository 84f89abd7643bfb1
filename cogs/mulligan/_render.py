"""Text and embeds of mulligan practice: the hand, the coach, the odds tables."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from bot import limits
from bot.engine.mulligan import MulliganRule
from bot.engine.practice import PRESETS, PracticeDeck, PracticeState
from bot.i18n import join_list, t
from bot.ui.text import echo

from ._format import decimal, percent, play_or_draw  # noqa: F401 - re-exported

#: Characters of one card name in a hand field, a prompt or the coach's words.
CARD_NAME_SHOWN = 80
#: Characters of a deck name in a title or a reply (the whole name fits: limits.DECK_NAME).
DECK_NAME_SHOWN = limits.DECK_NAME

HAND_COLOR = discord.Colour.teal()


def more_lines(locale: object = None, key: str = "mulligan-more") -> Callable[[int], str]:
    """The "…and N more." of :func:`fit_lines` in ``locale``'s language."""
    return lambda n: t(locale, key, count=n)


def fit_lines(
    lines: Sequence[str], limit: int, more: str | Callable[[int], str] = "…and {n} more."
) -> str:
    """``lines`` joined by newlines, as many as fit in ``limit`` characters, then
    ``more`` (a template with ``{n}``, or a function of ``n``: the lines left out,
    e.g. :func:`more_lines`) when some did not fit.  Each line must already be shorter
    than ``limit`` (echo it with a limit); the result is at most ``limit`` characters."""
    rest_of: Callable[[int], str]
    if isinstance(more, str):
        rest_of = lambda n: more.format(n=n)  # noqa: E731
    else:
        rest_of = more
    shown: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        left = len(lines) - index - 1
        tail = len(rest_of(left + 1)) + 1 if left else 0
        cost = len(line) + (1 if shown else 0)
        if used + cost + tail > limit:
            rest = rest_of(len(lines) - index)
            return "\n".join([*shown, rest])[:limit]
        shown.append(line)
        used += cost
    return "\n".join(shown)


def rule_name(rule: MulliganRule, locale: object = None) -> str:
    """The rule's name in ``locale``'s language (the Italian follows the Italian
    source: "Vancouver Mulligan", "Primo mulligan ufficiale (1994)" …)."""
    return t(locale, f"mulligan-rule-{rule.value}")


def preset_key(deck: PracticeDeck) -> str | None:
    """The preset ``deck`` is (``"constructed"`` …), or ``None`` for a saved deck."""
    for key, preset in PRESETS.items():
        if deck == preset:
            return key
    return None


def deck_label(deck: PracticeDeck, locale: object = None) -> str:
    """The deck's title as members see it: a preset's in ``locale``'s language, a
    saved deck's name as saved (member text: escape it with :func:`deck_title`)."""
    key = preset_key(deck)
    return deck.title if key is None else t(locale, f"mulligan-preset-{key}")


#: The catalog keys of the presets' card names (the rest are member text, shown as is).
PRESET_CARD_KEYS = {
    "Land": "mulligan-card-land",
    "Spell": "mulligan-card-spell",
    "Plains": "land-plains",
    "Island": "land-island",
    "Swamp": "land-swamp",
    "Mountain": "land-mountain",
    "Forest": "land-forest",
}


def plain_card_name(deck: PracticeDeck, kind: int, locale: object = None) -> str:
    """The card's name, unescaped: a preset's (``Land``, ``Spell``, the basic lands) in
    ``locale``'s language, a saved deck's as pasted (member text: escape it to show it
    in markdown, see :func:`card_name`)."""
    name = deck.names[kind]
    key = PRESET_CARD_KEYS.get(name)
    if key is not None and preset_key(deck) is not None:
        return t(locale, key)
    return name


def card_name(state: PracticeState, kind: int, locale: object = None) -> str:
    """The card's name as members may see it: escaped and shortened (member text), a
    preset's in ``locale``'s language."""
    return echo(plain_card_name(state.deck, kind, locale), CARD_NAME_SHOWN)


def deck_title(
    state_or_title: PracticeState | str, room: int = DECK_NAME_SHOWN, locale: object = None
) -> str:
    """The deck's title (a preset's in ``locale``'s language), escaped and shortened
    to ``room`` characters."""
    if isinstance(state_or_title, str):
        return echo(state_or_title, room)
    return echo(deck_label(state_or_title.deck, locale), room)


def grouped(
    state: PracticeState, counts: list[int], lands: bool, locale: object = None
) -> list[str]:
    """``["2× Forest", "1× Island"]``: the cards of ``counts`` that are (not) lands."""
    deck = state.deck
    return [
        f"{n}× {card_name(state, k, locale)}"
        for k, n in enumerate(counts)
        if n and deck.is_land[k] == lands
    ]


def hand_fields(embed: discord.Embed, state: PracticeState, locale: object = None) -> None:
    """Add the hand to ``embed``, grouped by name, lands first."""
    lands = grouped(state, state.hand, True, locale)
    spells = grouped(state, state.hand, False, locale)
    land_count = state.hand_lands()
    more = more_lines(locale)
    embed.add_field(
        name=t(locale, "mulligan-hand-lands", count=land_count),
        value=fit_lines(lands, limits.FIELD_VALUE, more) or "—",
    )
    embed.add_field(
        name=t(locale, "mulligan-hand-spells", count=sum(state.hand) - land_count),
        value=fit_lines(spells, limits.FIELD_VALUE, more) or "—",
    )
    if state.deck.unchecked:
        embed.add_field(
            name=t(locale, "mulligan-hand-unchecked"),
            value=unchecked_text(state.deck, "mulligan-hand-unchecked-text", locale),
            inline=False,
        )


def unchecked_text(
    deck: PracticeDeck, key: str, locale: object = None, limit: int = limits.FIELD_VALUE
) -> str:
    """``key``'s sentence naming the deck's cards not checked yet (Scryfall could not
    be reached; they count as spells), within ``limit`` characters: as many names as
    fit, then how many more."""
    count = deck.unchecked_cards
    # The names are joined as the language lists them (join_list: "a, b and c",
    # "a、b、c"): at most two more characters per name, and the last "and".
    room = limit - len(t(locale, key, names="", count=count)) - 2 * len(deck.unchecked) - 8
    names = fit_lines(
        [echo(name, CARD_NAME_SHOWN) for name in deck.unchecked],
        room,
        more_lines(locale, "mulligan-more-short"),
    )
    return t(locale, key, names=join_list(locale, names.split("\n")), count=count)[:limit]


def prompt(state: PracticeState, locale: object = None) -> str:
    """What the player decides now, with how many cards the next mulligan gives."""
    decision = state.decision()
    rule = state.options.rule
    if decision == "declare":
        if "mulligan" not in state.legal_actions():
            if rule is MulliganRule.EARLY_1994:
                return t(locale, "mulligan-prompt-1994-needs")
            return t(locale, "mulligan-prompt-no-more")
        if rule is MulliganRule.PARTIAL_PARIS:
            return t(
                locale,
                "mulligan-prompt-partial-paris",
                size=sum(state.hand),
                next=state.next_hand_size(),
            )
        if rule is MulliganRule.EARLY_1994:
            return t(locale, "mulligan-prompt-1994")
        return t(locale, "mulligan-prompt-next", next=state.next_hand_size())
    if decision == "bottom":
        return t(locale, "mulligan-prompt-bottom", count=state.bottom_count())
    if decision == "aside":
        return t(locale, "mulligan-prompt-aside")
    if decision == "scry":
        top = state.scry_card()
        if top is None:
            name = t(locale, "mulligan-scry-nothing")
        else:
            name = card_name(state, top, locale)
        return t(locale, "mulligan-prompt-scry", card=name)
    return t(locale, "mulligan-kept")


def hand_embed(
    state: PracticeState,
    coach: str | None = None,
    locale: object = None,
    *,
    note: str | None = None,
) -> discord.Embed:
    """The practice hand: deck, rule, mulligans so far, the hand, and the prompt or
    coach, in ``locale``'s language (the reader's: the hand is private).  ``note``: the
    coach on the mulligan that led to this hand, above the prompt while it decides."""
    opts = state.options
    prefix = t(locale, "mulligan-hand-title", deck="")
    title = t(
        locale,
        "mulligan-hand-title",
        deck=deck_title(state, limits.EMBED_TITLE - len(prefix), locale),
    )
    embed = discord.Embed(title=title, colour=HAND_COLOR)
    if state.is_over and coach:
        text = coach
    else:
        text = prompt(state, locale)
        if note:
            text = f"{note}\n\n{text}"
    embed.description = text[: limits.EMBED_DESCRIPTION]
    hand_fields(embed, state, locale)
    rule = rule_name(opts.rule, locale)
    details = [
        t(
            locale,
            "mulligan-footer-rule-free" if opts.free_first else "mulligan-footer-rule",
            rule=rule,
        ),
        t(locale, "mulligan-footer-play", play=play_or_draw(opts.on_the_play)),
        t(locale, "mulligan-footer-taken", count=state.mulligans_taken),
    ]
    embed.set_footer(text=" · ".join(details))
    return embed
