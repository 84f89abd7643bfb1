"""Screen-reader mode: the state of a match as one plain line of words.

A member who turned the mode on (``/bingo accessibility``, ``UserPrefs.accessible``) sees
this line first on every panel and board of their matches. A screen reader reads a
Discord message in order, so the line goes first; it names every land in words (never an
emoji alone) and lays nothing out with spaces.

The builders are pure: they read a view of the match, never the engine state, so a
panel's line holds only what its player may see (:func:`bot.matches.views.player_view`:
their own hand, the other hand's size) and the board's line only the public
(:func:`bot.matches.views.public_view`). ``last``: what just happened, already rendered
for that audience (a line of the public log), or ``None``.

The sentence holds words only (:func:`words`): no emoji and no symbol is read aloud, so
lands are named, and the few symbols that carry meaning elsewhere (a die, "+", "→")
have their own wording (``a11y-event-*``, ``a11y-label-*``). One thing is markup: the
time left, ``<t:…:R>`` (Discord's relative timestamp, "in 2 minutes"). The sentence is
built once per change of the match and is not redrawn as the clock runs, so a count
written in words would go stale; Discord renders the timestamp in words and keeps it
current, and a screen reader reads what Discord renders (docs/accessibility.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from bot.engine.actions import Action, Decision, Verb
from bot.engine.cards import KINDS
from bot.i18n import bundle, language_of, t
from bot.matches.views import PlayerView, PublicView
from bot.ui.lands import land_name, one_land_wins

#: Catalog keys of a number of lands of each kind (``accessibility.ftl``), WUBRG.
COUNT_KEYS = (
    "a11y-count-plains",
    "a11y-count-island",
    "a11y-count-swamp",
    "a11y-count-mountain",
    "a11y-count-forest",
)


def plain(text: str) -> str:
    """``text`` without Discord's bold and italic markers, line breaks and runs of
    spaces: ``"**bob** places ☀️ Plains\\n"`` → ``"bob places ☀️ Plains"``."""
    return " ".join(text.replace("**", "").replace("__", "").split())


#: Unicode categories a screen reader reads aloud by name ("trophy", "plus sign"):
#: symbols (emoji among them) and format characters (zero-width joiners).
SYMBOLS = frozenset({"So", "Sm", "Sk", "Sc", "Cf"})


def is_symbol(char: str) -> bool:
    """Whether a screen reader would read ``char`` as a symbol's name rather than as
    part of a word: an emoji or another symbol, a joiner, a variation selector (the
    ``U+FE0F`` of ``"☀️"``), a keycap, or Markdown's ``*``, ``_``, `` ` ``, ``~``, ``#``,
    ``|``."""
    if char in "*_`~#|\u20e3":
        return True
    if "\ufe00" <= char <= "\ufe0f":
        return True
    return unicodedata.category(char) in SYMBOLS


def words(text: str) -> str:
    """``text`` as a screen reader should hear it: :func:`plain`, without symbols
    (:func:`is_symbol`): ``"🏆 **alice** wins!"`` → ``"alice wins!"``. A word that is
    only a symbol leaves its spaces (collapsed by :func:`plain`). A character escaped
    for Markdown (``"\\_"`` in a name made safe to show, :func:`bot.ui.text.echo`) is
    kept with its backslash: Discord shows it as the character itself."""
    kept: list[str] = []
    escaped = False
    for char in text:
        if escaped:
            kept.append(char)
            escaped = False
        elif char == "\\":
            kept.append(char)
            escaped = True
        else:
            kept.append("" if is_symbol(char) else char)
    return plain("".join(kept))


def has_message(locale: object, key: str) -> bool:
    """Whether the catalog of ``locale`` (else English) has ``key``."""
    return bundle(language_of(locale)).has_message(key) or bundle("en").has_message(key)


def lands_in_words(counts: Sequence[int], locale: object = None) -> str:
    """A count vector (lands per kind, WUBRG) in words: ``[2, 1, 0, 0, 0]`` →
    ``"2 Plains, 1 Island"`` (plural forms of ``locale``, CLDR); ``"none"`` when empty.

    Raises:
        ValueError: ``counts`` does not have one entry per kind.
    """
    if len(counts) != KINDS:
        raise ValueError(f"expected {KINDS} counts, got {len(counts)}")
    parts = [t(locale, COUNT_KEYS[k], n=n) for k, n in enumerate(counts) if n]
    if not parts:
        return t(locale, "a11y-none")
    return t(locale, "a11y-separator").join(parts)


def _decision(view: PlayerView, names: Sequence[str], locale: object) -> str:
    """What the viewer, who decides now, is asked, in words: ``"bob placed an Island:
    you may counter it or let it resolve."`` (a counter window on bob's turn)."""
    other = names[1 - view.viewer]
    decision = view.decision
    pending = view.pending_land
    if decision is Decision.COUNTER and pending is not None:
        return t(locale, "a11y-decide-counter", name=other, land=land_name(pending, locale))
    left = view.prompt.bottom_left if view.prompt is not None else 0
    return t(locale, f"a11y-decide-{decision.value}", name=other, n=left)


def _who_moves(view: PublicView, names: Sequence[str], locale: object) -> str:
    """The stage and whose move it is: on a player's view, their own decision in
    words (:func:`_decision`)."""
    if view.result is not None:
        return t(locale, "a11y-over")
    current = view.current_player
    stage = t(locale, "a11y-turn", turn=view.turn) if view.turn else t(locale, "a11y-mulligans")
    if current is not None and isinstance(view, PlayerView) and current == view.viewer:
        return stage + t(locale, "a11y-join") + _decision(view, names, locale)
    if current is None:
        return stage
    return stage + t(locale, "a11y-join") + t(locale, "a11y-waiting", name=names[current])


def _deadline(deadline: float | None, locale: object) -> str | None:
    """The time left as Discord's relative timestamp (see the module), or ``None``."""
    if deadline is None:
        return None
    return t(locale, "a11y-deadline", deadline=f"<t:{int(deadline)}:R>")


def near_win_words(view: PublicView, names: Sequence[str], locale: object = None) -> list[str]:
    """A sentence per player and land that would win at once (RULES §1.6,
    :func:`bot.ui.lands.near_wins`), from the territories only (never a hand): ``"You
    need one Swamp to win."`` for the viewer of a player's view, ``"bob needs one Swamp
    to win."`` otherwise; none once the match is over."""
    if view.result is not None:
        return []
    found: list[str] = []
    for player, kind in one_land_wins(view.territories):
        land = land_name(kind, locale)
        if player == view.viewer:
            found.append(t(locale, "a11y-near-win-you", land=land))
        else:
            found.append(t(locale, "a11y-near-win", name=names[player], land=land))
    return found


#: What may end a clause already; any other end gets the language's full stop
#: (``a11y-full-stop``): a clause can end with a member's own words (a moderator's reason).
CLAUSE_ENDS = tuple(".!?。！？…")


def closed(clause: str, locale: object) -> str:
    """``clause`` ending as a sentence does: ``"Reason: left"`` → ``"Reason: left."``
    (``"理由：left。"`` in Japanese); a clause that already ends so, or an empty one, is
    kept as it is."""
    if not clause or clause.endswith(CLAUSE_ENDS):
        return clause
    return clause + t(locale, "a11y-full-stop")


def _sentence(parts: Sequence[str], deadline: str | None, locale: object) -> str:
    """The clauses in words (:func:`words`), each closed (:func:`closed`), the time left
    (markup) after the first."""
    said = [closed(words(part), locale) for part in parts]
    if deadline is not None:
        said.insert(1, deadline)
    return plain(t(locale, "a11y-join").join(part for part in said if part))


def action_words(
    actions: Sequence[str], names: Sequence[str], player: int, locale: object = None
) -> list[str]:
    """The labels of ``player``'s legal actions in words, once each, in their order:
    ``["place:3", "place:3", "pass"]`` → ``["Place Mountain", "Pass"]``. Actions with
    no label (``timeout``, ``resign``, ``abandon``) are left out.

    Raises:
        ValueError: an action that is not well formed (``Action.parse``).
    """
    found: list[str] = []
    for text in actions:
        action = Action.parse(text)
        if action.verb in (Verb.TIMEOUT, Verb.RESIGN, Verb.ABANDON):
            continue
        kind = action.kind
        key = f"a11y-label-{action.verb.value}"
        if not has_message(locale, key):
            key = f"bingo-label-{action.verb.value}"
        word = words(
            t(
                locale,
                key,
                name=land_name(kind, locale) if kind is not None else "",
                other=names[1 - player],
            )
        )
        if word not in found:
            found.append(word)
    return found


def _stack_and_territories(
    view: PublicView, names: Sequence[str], locale: object, territories: str
) -> list[str]:
    """The sentences between whose move it is and the hands, on a panel and a board
    alike: the land on the stack (:func:`_pending`, if any), ``territories`` (the
    territories said for that reader), then who is one land from a win."""
    pending = _pending(view, names, locale)
    return [
        *([] if pending is None else [pending]),
        territories,
        *near_win_words(view, names, locale),
    ]


def _pending(view: PublicView, names: Sequence[str], locale: object) -> str | None:
    """The land on the stack, for whoever does not decide on it now (the decider is
    told by :func:`_decision`): ``"bob is placing Island."``, ``"You are placing
    Island."`` to its player."""
    pending = view.pending_land
    current = view.current_player
    if pending is None or view.result is not None or current is None:
        return None
    if current == view.viewer:
        return None
    land = land_name(pending, locale)
    placer = 1 - current
    if placer == view.viewer:
        return t(locale, "a11y-pending-you", land=land)
    return t(locale, "a11y-pending", name=names[placer], land=land)


def panel_sentence(
    view: PlayerView,
    names: Sequence[str],
    locale: object = None,
    last: str | None = None,
    deadline: float | None = None,
    outcome: str | None = None,
) -> str:
    """The first line of a player's panel in screen-reader mode, in words only (see the
    module), for example ``"Turn 3. bob placed Island: you may counter it or let it
    resolve. Time runs out <t:…:R>. Your territory: 2 Plains, 1 Island; bob's
    territory: 4 Swamps. bob needs one Swamp to win. Your hand: 1 Island, 2 Forests. bob
    holds 4 cards. Last: bob places Island. You can: Let it resolve, Counter with Island
    and Forest."``

    ``view``: :func:`bot.matches.views.player_view` (its ``viewer``, ``hand``,
    ``hand_sizes``, ``territories``, ``current_player``, ``decision``, ``prompt``,
    ``legal_actions``, ``turn``, ``result``, ``pending_land``, ``scry_card``); the other
    player's hand is read only as its size. ``names``: the two display names (safe to
    show). ``locale``: the viewer's language. ``last``: see the module. ``deadline``:
    Unix seconds the viewer's pending decision runs out (said only while it is theirs;
    ``None``: not said). ``outcome``: once the match is over, how it ended said to the
    viewer ("You win by resignation!"), said first instead of "The match is over."."""
    me = view.viewer
    other = 1 - me
    deciding = view.current_player == me and view.result is None
    over = view.result is not None and outcome is not None
    parts = [outcome if over and outcome else _who_moves(view, names, locale)]
    if over and outcome and last:
        # The log's last line may be the outcome itself (a moderator's ending, said the
        # same to both players): said once, first.
        heard, end = words(last), words(outcome)
        for said in (closed(end, locale), end):  # the log's lines come closed, or not
            if said and heard.endswith(said):
                last = heard[: -len(said)].strip() or None
                break
    mine, theirs = (lands_in_words(view.territories[p], locale) for p in (me, other))
    territories = t(locale, "a11y-territories", mine=mine, name=names[other], theirs=theirs)
    parts += _stack_and_territories(view, names, locale, territories)
    parts.append(t(locale, "a11y-hand", hand=lands_in_words(view.hand, locale)))
    parts.append(t(locale, "a11y-holds", name=names[other], n=view.hand_sizes[other]))
    if view.scry_card is not None and deciding:
        parts.append(t(locale, "a11y-scry", land=land_name(view.scry_card, locale)))
    if last:
        parts.append(t(locale, "a11y-last", line=last))
    if deciding:
        labels = action_words(view.legal_actions, names, me, locale)
        if labels:
            actions = t(locale, "a11y-separator").join(labels)
            parts.append(t(locale, "a11y-actions", actions=actions))
    return _sentence(parts, _deadline(deadline if deciding else None, locale), locale)


def board_sentence(
    view: PublicView,
    names: Sequence[str],
    locale: object = None,
    last: str | None = None,
    deadline: float | None = None,
) -> str:
    """The first line of the public board in screen-reader mode, in words only: ``"Turn
    3. Waiting for alice. Time runs out <t:…:R>. alice's territory: 2 Plains; bob's
    territory: 4 Swamps. bob needs one Swamp to win. alice holds 4 cards. bob holds 3
    cards. Library: 30 cards. Last: bob places Swamp."``

    ``view``: :func:`bot.matches.views.public_view` (hand sizes, no hand). ``names``,
    ``last``: as :func:`panel_sentence`; ``locale``: the board's (public) language;
    ``deadline``: Unix seconds the pending decision runs out (``None``: not said)."""
    parts = [_who_moves(view, names, locale)]
    a, b = (lands_in_words(view.territories[p], locale) for p in (0, 1))
    territories = t(locale, "a11y-board-territories", first=names[0], a=a, second=names[1], b=b)
    parts += _stack_and_territories(view, names, locale, territories)
    for player in (0, 1):
        parts.append(t(locale, "a11y-holds", name=names[player], n=view.hand_sizes[player]))
    parts.append(t(locale, "a11y-library", n=view.library_size))
    if last:
        parts.append(t(locale, "a11y-last", line=last))
    over = view.result is not None
    return _sentence(parts, _deadline(None if over else deadline, locale), locale)
