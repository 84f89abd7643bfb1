"""Typed actions and decisions, and the one ``verb:K`` grammar.

Every action is a short string, so that it fits in a Discord ``custom_id``, in a match's
JSON and in its history: a *verb*, and for verbs that choose a card, ``:`` and a kind
index ``K`` (for BingoMagic a WUBRG position, 0 = Plains … 4 = Forest; practice decks
have more kinds).  :class:`Action` is the one parser (:meth:`Action.parse`) and the one
formatter (``str(action)``) of that grammar; the strings are exactly the ones stored
matches and live buttons already use.

=================  ========  ======================================================
action             decision  meaning
=================  ========  ======================================================
``place:K``        main      the active player places a land of kind K (RULES §1.3)
``pass``           main      the active player passes
``allow``          counter   the opponent lets the announced land resolve
``counter:K``      counter   the opponent discards an Island and a card of kind K (§1.5)
``discard:K``      swamp     the opponent discards a card of kind K (§1.4)
``destroy:K``      mountain  a land of kind K leaves the opponent's territory (§1.4)
``take:K``         forest    a land of kind K from the player's own discard pile (§1.4)
``take_opp:K``     forest    house rule: a land of kind K from the opponent's pile
``keep``           declare   keep this hand (London: then bottom N cards) (§2)
``mulligan``       declare   take a mulligan (Partial Paris: then set cards aside)
``bottom:K``       bottom    London: put one card of kind K on the bottom
``aside:K``        aside     Partial Paris: set one card of kind K aside
``aside_done``     aside     Partial Paris: finish setting aside (at least one card)
``scry_top``       scry      Vancouver scry 1: leave the top card where it is
``scry_bottom``    scry      Vancouver scry 1: put the top card on the bottom
``timeout``        any       recorded in a history only: the decision ran out (§1.8)
``resign``         any       recorded in a history only: the player resigned (§1.8)
``abandon``        any       recorded in a history only: stopped from outside
=================  ========  ======================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .outcome import Reason as Reason  # defined in .outcome; kept importable from here

#: The largest kind index the grammar accepts (practice decks have a handful of kinds).
MAX_KIND = 99


class Verb(StrEnum):
    """The first part of an action string."""

    PLACE = "place"
    PASS = "pass"
    ALLOW = "allow"
    COUNTER = "counter"
    DISCARD = "discard"
    DESTROY = "destroy"
    TAKE = "take"
    TAKE_OPP = "take_opp"
    KEEP = "keep"
    MULLIGAN = "mulligan"
    BOTTOM = "bottom"
    ASIDE = "aside"
    ASIDE_DONE = "aside_done"
    SCRY_TOP = "scry_top"
    SCRY_BOTTOM = "scry_bottom"
    TIMEOUT = "timeout"
    RESIGN = "resign"
    ABANDON = "abandon"

    @property
    def takes_kind(self) -> bool:
        """Whether the verb names a card kind (``place:K``) or stands alone (``pass``)."""
        return self in KIND_VERBS

    @property
    def recorded_only(self) -> bool:
        """Whether the verb appears in histories only, never in ``legal_actions()``."""
        return self in RECORDED_ONLY


#: Verbs followed by ``:K``.
KIND_VERBS = frozenset(
    {
        Verb.PLACE,
        Verb.COUNTER,
        Verb.DISCARD,
        Verb.DESTROY,
        Verb.TAKE,
        Verb.TAKE_OPP,
        Verb.BOTTOM,
        Verb.ASIDE,
    }
)
#: History entries that are not legal actions: ``apply_timeout``, ``resign``, ``abandon``.
RECORDED_ONLY = frozenset({Verb.TIMEOUT, Verb.RESIGN, Verb.ABANDON})


class Decision(StrEnum):
    """The kind of decision pending in a match (``BingoState.decision()``)."""

    MAIN = "main"  # place or pass (RULES §1.3)
    COUNTER = "counter"  # the counter window (§1.5)
    SWAMP = "swamp"  # Swamp discard (§1.4)
    MOUNTAIN = "mountain"  # Mountain target (§1.4)
    FOREST = "forest"  # Forest return (§1.4)
    DECLARE = "declare"  # keep or mulligan (§2)
    BOTTOM = "bottom"  # London bottoming
    ASIDE = "aside"  # Partial Paris set-aside
    SCRY = "scry"  # Vancouver scry 1
    OVER = "over"  # nothing: the match is over


#: The decisions of the play phase, and of the mulligan phase.
PLAY_DECISIONS = (Decision.MAIN, Decision.COUNTER, Decision.SWAMP, Decision.MOUNTAIN,
                  Decision.FOREST)  # fmt: skip
MULLIGAN_DECISIONS = (Decision.DECLARE, Decision.BOTTOM, Decision.ASIDE, Decision.SCRY)


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a verb and, for the verbs in :data:`KIND_VERBS`, a kind index.

    ``str(Action(Verb.PLACE, 2))`` is ``"place:2"``; :meth:`parse` inverts it.
    """

    verb: Verb
    kind: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.verb, Verb):
            raise ValueError(f"not a verb: {self.verb!r}")
        if self.verb in KIND_VERBS:
            kind = self.kind
            if type(kind) is not int or not 0 <= kind <= MAX_KIND:
                raise ValueError(f"{self.verb.value} needs a kind 0-{MAX_KIND}, not {kind!r}")
        elif self.kind is not None:
            raise ValueError(f"{self.verb.value} takes no kind")

    def __str__(self) -> str:
        if self.kind is None:
            return self.verb.value
        return f"{self.verb.value}:{self.kind}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """``"place:2"`` → ``Action(Verb.PLACE, 2)``; ``"pass"`` → ``Action(Verb.PASS)``.

        Only the canonical form is accepted (``str(Action.parse(s)) == s``): no spaces,
        no sign, no leading zero, kinds 0 to :data:`MAX_KIND`.  Raises ``ValueError`` on
        anything else (unknown verb, missing or extra kind, not a string).
        """
        if type(text) is not str:
            if isinstance(text, str):  # a StrEnum member such as Verb.PASS
                text = str.__str__(text)
            else:
                raise ValueError(f"an action is a string, not {type(text).__name__}")
        hit = PARSED.get(text)
        if hit is not None:
            return cls(*hit)
        name, colon, arg = text.partition(":")
        try:
            verb = Verb(name)
        except ValueError:
            raise ValueError(f"unknown action {text!r}") from None
        if verb not in KIND_VERBS:
            if colon:
                raise ValueError(f"{name} takes no kind: {text!r}")
            return cls(verb)
        if not (arg.isascii() and arg.isdigit()) or (len(arg) > 1 and arg[0] == "0"):
            raise ValueError(f"{name} needs a kind index: {text!r}")
        kind = int(arg)
        if kind > MAX_KIND:
            raise ValueError(f"kind out of range: {text!r}")
        return cls(verb, kind)


def action_string(verb: Verb, kind: int | None = None) -> str:
    """``(Verb.PLACE, 2)`` → ``"place:2"``: the formatter, without building an Action."""
    return str(Action(verb, kind))


def all_actions(kinds: int) -> list[str]:
    """Every action string that ``legal_actions()`` can return for ``kinds`` card kinds
    (no history-only verb), in :class:`Verb` order then kind order."""
    out: list[str] = []
    for verb in Verb:
        if verb in RECORDED_ONLY:
            continue
        if verb in KIND_VERBS:
            out += [f"{verb.value}:{kind}" for kind in range(kinds)]
        else:
            out.append(verb.value)
    return out


def _kind_actions(verb: Verb) -> tuple[str, ...]:
    return tuple(f"{verb.value}:{kind}" for kind in range(MAX_KIND + 1))


#: ``KIND_ACTIONS[verb][k] == f"{verb}:{k}"``, built once, for the engine's hot paths.
KIND_ACTIONS: dict[Verb, tuple[str, ...]] = {verb: _kind_actions(verb) for verb in KIND_VERBS}
#: Every well-formed action string → ``(verb, kind)``: :meth:`Action.parse` without the
#: object, used by the engine to read an action in one dictionary look-up.
PARSED: dict[str, tuple[Verb, int | None]] = {
    **{verb.value: (verb, None) for verb in Verb if verb not in KIND_VERBS},
    **{
        text: (verb, kind)
        for verb, texts in KIND_ACTIONS.items()
        for kind, text in enumerate(texts)
    },
}
