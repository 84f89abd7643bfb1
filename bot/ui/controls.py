"""Every restart-proof control of the bot, and the one router that answers their clicks.

A control is a discord.py ``DynamicItem`` (discord.py docs: "Bot UI Kit", DynamicItem):
its ``custom_id`` carries everything a click needs, so a button posted before a restart
(or by an older version of the bot) still works. Each kind of control is a subclass of
:class:`Control` with one ``template`` and typed fields parsed from it. These are all
the templates there are; the strings never change, since live buttons in members' DMs
and channels carry them (``tests/cogs/test_controls.py`` clicks ones made by older
code):

===============================================  ============================================
``bingo:m:<match>:<version>:<action>``           :class:`DecisionButton`: a match decision
``bingo:c:<challenge>:<accept|decline>``         :class:`ChallengeButton`
``bingo:h:<match>``                              :class:`ShowHandButton`: "Show my hand"
``bingo:a:<match>``                              :class:`PlayAgainButton`: against the bot
``bingo:rp:<match>:<step>:<p|n>``                :class:`ReplayButton`: Previous / Next, or
                                                 "Replay" on an end panel (step 0, ``n``)
``bingo:r:<match>``                              :class:`RematchButton`
``bingo:an:<match>``                             :class:`AnalysisButton`: a match's analysis
``bingo:aw:<match>:<step>``                      :class:`WorstMoveButton`: its replay step
``bingo:km:<match>:<decision>``                  :class:`KeyMomentButton`: the position
                                                 before a key moment, with its choices
``bingo:tips:<match>``                           :class:`TipsOffButton`: "Turn tips off"
``bingo:sr:<match>``                             :class:`AccessibleButton`: screen-reader mode
``bingo:tj:<tournament>:<join|leave>``           :class:`SignupButton`: tournament sign-up
``bingo:q:<leave|bot>``                          :class:`QueueButton`: leave the ranked
                                                 queue, or play the bot instead
``mull:a:<session>:<version>:<action>``          :class:`PracticeButton`: keep, mulligan, scry
``mull:s:<session>:<version>:<bottom|aside>``    :class:`CardSelect`: a practice hand's cards
``mull:again:<session>``                         :class:`AgainButton`: "Practice again"
``mull:d:<guild>:<day>:<version>:<action>``      :class:`DailyButton`: the hand of the day
``mull:ds:<guild>:<day>:<version>:<step>``       :class:`DailySelect`: its cards
``guide:rules:<page>:<prev|next>``               :class:`RulesButton`: a rules page
``guide:help:<page>:<prev|next>``                :class:`HelpButton`: a ``/help`` page
``bingo:lb:<season|a>:<r|w>:<page>:<p|n>``       :class:`LeaderboardButton`: a page
``bingo:ts:<tournament>:<page>:<p|n>``           :class:`StandingsButton`: a page
``privacy:erase:<user>:<yes|no>``                :class:`EraseButton`: ``/privacy delete``
``bingo:season:<after>:<yes|no>[:<name>]``       :class:`SeasonStartButton`: a new season
``bingo:pz:<puzzle>:<day>:<action>``             :class:`PuzzleButton`: a puzzle's answer
``bingo:pzr:<puzzle>:<step>:<o|p|n>``            :class:`PuzzleReplayButton`: its match
``bingo:pzn:<puzzle>:<day>:<next|again>``        :class:`PuzzleNextButton`: on to another
``bingo:pzd:<guild>:<day>``                      :class:`PuzzleDayButton`: the day's puzzle
===============================================  ============================================

Actions inside ``bingo:m`` are read and written only by
:class:`bot.engine.actions.Action`.

The module is longer than 600 lines on purpose: it is the one place that lists every
control (one small class per kind, each its template and fields), so that a template is
never defined twice and a reader sees every ``custom_id`` the bot has ever posted.

**Routing.** The bot owns one :class:`ControlRouter` (``BingoBot.controls``); each cog
registers a handler per kind it answers (:meth:`ControlRouter.register`), and a click is
parsed into its kind's fields and handed to that handler through
:func:`bot.interactions.run_guarded` (the one error path). The views that carry controls
never time out (``timeout=None``, :func:`view_of`): a decision stops working when the
match's version moves on, not when a timer in this process fires.

The router, not discord.py's view store, dispatches the clicks
(:meth:`ControlRouter.route`, called from the client's ``on_interaction`` event):
registered as dynamic items, every click would first have discord.py rebuild a whole
``View`` of the clicked message (``ViewStore.schedule_dynamic_item_call`` calls
``View.from_message``) only to find the clicked item in it, the largest part of a click's
own cost. A control therefore tells discord.py it is not dispatchable
(:meth:`Control.is_dispatchable`), so that a message sent with controls is not kept in
the view store either (``ViewStore.add_view``). The panels rebuilt after every change of
a match carry :class:`Buttons`: the same buttons as payload, without a control object per
button (the router parses the clicks alike).

The labels are looked up here (``t``) from the catalog keys each kind uses, in the
``locale`` the caller gives (the reader's for private panels, the server's for public
posts); a decision's label comes from its caller (``cogs.bingo._render.action_label``).

The module is over 600 lines on purpose: every custom_id template lives here, beside the
router, so that no two controls can claim the same string unnoticed.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Any, ClassVar, Self, TypeVar

import discord

from bot.engine.actions import Action
from bot.i18n import t
from bot.interactions import run_guarded

#: The item a control wraps: a button or a string select.
ItemT = TypeVar("ItemT", discord.ui.Button[Any], discord.ui.Select[Any])
ControlT = TypeVar("ControlT", bound="Control[Any]")
#: ``handler(interaction, control)``: what a click on a control of one kind does.
Handler = Callable[[discord.Interaction[Any], ControlT], Awaitable[None]]


#: How a field of a control is written into its ``custom_id`` and read back from the
#: template's group: ``(write, read)``.
Codec = tuple[Callable[[Any], str], Callable[[str], Any]]
NUMBER: Codec = (str, int)
TEXT: Codec = (str, str)
#: A season's number, or ``a`` for all-time (``None``).
SEASON: Codec = (
    lambda season: "a" if season is None else str(season),
    lambda code: None if code == "a" else int(code),
)


def choice(kind: Callable[[str], Any]) -> Codec:
    """The codec of a ``StrEnum`` field ``kind`` (:class:`Answer`, :class:`QueueOp`)."""
    return (lambda member: member.value, kind)


class Control(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """A control: subclasses give a ``template`` and their fields.

    ``where`` names the kind in the log line of a failed click. Most kinds set ``prefix``
    and ``fields``, ``(attribute, template group, codec)`` of each field in ``custom_id``
    order: their ``custom_id`` is ``<prefix><field>:<field>…`` (:meth:`_take`), and
    :meth:`parse` reads the fields back from the template's groups and passes them to the
    constructor, in that order. A kind whose ``custom_id`` is of another form overrides
    :meth:`parse`.
    """

    where: ClassVar[str] = "control"
    prefix: ClassVar[str] = ""
    fields: ClassVar[tuple[tuple[str, str, Codec], ...]] = ()

    @classmethod
    def parse(cls, found: re.Match[str]) -> Self:
        """The control described by a ``custom_id`` matching the template."""
        return cls(*(codec[1](found[group]) for _, group, codec in cls.fields))

    def _take(self, *values: Any) -> str:
        """Keep ``values`` (one per field, in order) as the fields' attributes; the
        ``custom_id`` they make."""
        codes = []
        for (name, _, codec), value in zip(self.fields, values, strict=True):
            setattr(self, name, value)
            codes.append(codec[0](value))
        return self.prefix + ":".join(codes)

    @classmethod
    def _split(cls, args: tuple[Any, ...], *defaults: Any) -> tuple[tuple[Any, ...], list[Any]]:
        """``args`` of a constructor that takes the fields' values, then optional
        arguments: the values, and the optional ones (``defaults`` for those left out)."""
        count = len(cls.fields)
        rest: tuple[Any, ...] = args[count:]
        return args[:count], [*rest, *defaults[len(rest) :]]

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.parse(match)

    def is_dispatchable(self) -> bool:
        """``False``: discord.py's view store leaves controls alone (it neither keeps a
        view of them per message nor dispatches their clicks); :class:`ControlRouter`
        answers them (see the module docstring). The wrapped item itself stays
        dispatchable, as ``DynamicItem`` requires."""
        return False

    def clicked(self, data: dict[str, Any]) -> None:
        """Take what a click on this control carries besides its ``custom_id``
        (``data``: the interaction's data, Discord "Message Component Data Structure");
        nothing for a button."""


class ControlRouter:
    """The handler of every kind of control, registered by the cogs at load, and the
    dispatch of every click on a control (:meth:`route`)."""

    def __init__(self) -> None:
        self._handlers: dict[type[Control[Any]], Handler[Any]] = {}

    def register(self, kind: type[ControlT], handler: Handler[ControlT]) -> None:
        """Answer clicks on controls of ``kind`` with ``handler`` (replacing any)."""
        self._handlers[kind] = handler

    def unregister(self, *kinds: type[Control[Any]]) -> None:
        """Forget the handlers of ``kinds`` (their cog is unloading): later clicks on them
        are answered with an error id, as any failed click."""
        for kind in kinds:
            self._handlers.pop(kind, None)

    def handler_for(self, kind: type[ControlT]) -> Handler[ControlT] | None:
        """The handler registered for ``kind``, or ``None``."""
        return self._handlers.get(kind)

    async def dispatch(self, interaction: discord.Interaction[Any], control: Control[Any]) -> None:
        """Run the handler of ``control``'s kind.

        Raises:
            RuntimeError: no cog registered a handler for that kind (it is not loaded).
        """
        handler = self._handlers.get(type(control))
        if handler is None:
            raise RuntimeError(f"no handler for {type(control).__name__}: its cog is not loaded")
        await handler(interaction, control)

    async def route(self, interaction: discord.Interaction[Any], control: Control[Any]) -> None:
        """Answer a click on ``control`` (:func:`parse` of the clicked ``custom_id``, which
        the clicked message shows): the control takes the click's data
        (:meth:`Control.clicked`: a select's chosen values), then its kind's handler runs
        under :func:`bot.interactions.run_guarded` (an error is answered privately with
        an error id, never raised)."""
        data: Any = interaction.data or {}
        control.clicked(data)
        where = f"{control.where} {control.custom_id}"
        await run_guarded(interaction, self.dispatch(interaction, control), where=where)


def parse(custom_id: str) -> Control[Any] | None:
    """The control a ``custom_id`` describes (its kind and fields), or ``None`` when it
    fits no template. discord.py does the same matching for a click (``fullmatch``)."""
    for kind in KINDS:
        found = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if found is not None:
            return kind.parse(found)
    return None


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view of ``items`` that never times out (see the module docstring)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


#: Discord's most buttons in one action row, and action rows in one message ("Component
#: Reference", Action Row: "Can contain up to 5 buttons"; a message up to 5 rows).
ROW_BUTTONS = 5
MAX_ROWS = 5
MAX_BUTTONS = ROW_BUTTONS * MAX_ROWS


class Buttons(discord.ui.View):
    """Rows of buttons held as Discord's component payload (Discord "Component
    Reference", Button Object), for the panels rebuilt after every change of a match.

    To discord.py it is a view like any other (the ``view=`` of every send and edit),
    whose :meth:`to_components` gives the rows; but no ``discord.ui.Item`` is built per
    button, per panel (a view of six controls took about 50 µs to build and send, this
    about 10 µs). Like every view of controls it is not dispatchable: the router answers
    the clicks from their ``custom_id`` (module docstring). Immutable: :meth:`adding`
    returns a new one.

    ``rows``: each row's buttons, as :func:`button_payload` makes them."""

    def __init__(self, rows: Sequence[Sequence[dict[str, Any]]] = ()) -> None:
        super().__init__(timeout=None)
        self.rows: tuple[tuple[dict[str, Any], ...], ...] = tuple(tuple(r) for r in rows if r)

    @classmethod
    def of(cls, *controls: Control[discord.ui.Button[Any]]) -> Buttons:
        """The buttons of ``controls``, in rows of :data:`ROW_BUTTONS` in their order."""
        result = cls()
        for control in controls:
            result = result.adding(control)
        return result

    def adding(self, control: Control[discord.ui.Button[Any]]) -> Buttons:
        """These buttons and ``control``'s, in the first row with room (as
        ``View.add_item`` places an item without a row); these alone when every row is
        full."""
        button: dict[str, Any] = dict(control.item.to_component_dict())
        rows = list(self.rows)
        for index, row in enumerate(rows):
            if len(row) < ROW_BUTTONS:
                rows[index] = (*row, button)
                return Buttons(rows)
        if len(rows) < MAX_ROWS:
            return Buttons([*rows, (button,)])
        return self

    def to_components(self) -> list[dict[str, Any]]:
        """The action rows, as discord.py's views give them to a request."""
        return [{"type": 1, "components": list(row)} for row in self.rows]

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
        return False


@lru_cache(maxsize=256)
def _emoji_payload(emoji: str) -> dict[str, Any]:
    return dict(discord.PartialEmoji.from_str(emoji).to_dict())


def button_payload(
    custom_id: str,
    label: str,
    emoji: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
) -> dict[str, Any]:
    """One button of :class:`Buttons`: the payload discord.py's ``Button`` of the same
    arguments gives (Discord "Component Reference", Button Object)."""
    payload: dict[str, Any] = {
        "type": 2,
        "style": style.value,
        "disabled": False,
        "label": label,
        "custom_id": custom_id,
    }
    if emoji is not None:
        payload["emoji"] = dict(_emoji_payload(emoji))
    return payload


def _button(custom_id: str, label: str, **kwargs: Any) -> discord.ui.Button[Any]:
    return discord.ui.Button(custom_id=custom_id, label=label, **kwargs)


#: A button's look: the catalog key of its label, its emoji (``None``: none) and style.
Look = tuple[str, str | None, discord.ButtonStyle]


class LookButton(Control[discord.ui.Button[Any]], template=r"(?!)"):
    """A button labelled from the catalog: ``Kind(*values, locale=None)``, the fields'
    values then the label's locale. Its look is ``looks`` of the ``custom_id`` code of its
    last field (Accept or Decline, Join or Leave ...), or ``looks["*"]`` (one look)."""

    looks: ClassVar[dict[str, Look]]

    def __init__(self, *args: Any) -> None:
        values, (locale,) = self._split(args, None)
        custom_id = self._take(*values)
        key, emoji, style = self.looks.get(custom_id.rsplit(":", 1)[-1]) or self.looks["*"]
        super().__init__(_button(custom_id, t(locale, key), emoji=emoji, style=style))


class PageButton(Control[discord.ui.Button[Any]], template=r"(?!)"):
    """Previous or Next under pages (a replay's steps, a leaderboard, tournament
    standings, the guide): a grey button, ◀️ for Previous and ▶️ for Next, disabled at the
    first or last page. Each subclass has its own template and fields and makes its
    ``custom_id``; ``previous`` is the direction its custom_ids give Previous (``"p"``,
    the guide's ``"prev"``), any other is Next."""

    previous: ClassVar[str] = "p"

    def __init__(self, custom_id: str, direction: str, label: str, disabled: bool) -> None:
        emoji = "◀️" if direction == self.previous else "▶️"
        style = discord.ButtonStyle.secondary
        super().__init__(_button(custom_id, label, emoji=emoji, style=style, disabled=disabled))


def _page_label(locale: object, direction: str) -> str:
    """The label of a ``p`` (Previous) or ``n`` (Next) :class:`PageButton` in ``locale``."""
    return t(locale, "replay-previous" if direction == "p" else "replay-next")


class PagesButton(PageButton, template=r"(?!)"):
    """Previous (``p``) or Next (``n``) under numbered pages or replay steps, whose
    ``custom_id`` is ``<prefix><field>:<field>…``, the last field its ``direction``.

    Subclasses set ``prefix`` and ``fields`` (:class:`Control`); ``Kind(*values, locale,
    disabled=…)`` takes the fields' values, then the labels' locale. The handler that
    opens the page is the one registered for the subclass (:meth:`ControlRouter.register`)."""

    direction: str

    def __init__(self, *args: Any, disabled: bool = False) -> None:
        values, (locale,) = self._split(args, None)
        custom_id, direction = self._take(*values), values[-1]
        super().__init__(custom_id, direction, _page_label(locale, direction), disabled)

    def _opening(self, locale: object, label_key: str) -> Self:
        """This button restyled as the one that opens a replay in a new message: label
        ``label_key``, 🎞️, primary."""
        self.item.label = t(locale, label_key)
        self.item.emoji = "🎞️"
        self.item.style = discord.ButtonStyle.primary
        return self

    @classmethod
    def steps(cls, *key: Any, step: int, total: int, locale: object) -> tuple[Self, Self]:
        """Previous and Next around step ``step`` of steps ``0..total`` of ``key`` (the
        fields before the step): disabled at the first and last step."""
        return (
            cls(*key, max(step - 1, 0), "p", locale, disabled=step == 0),
            cls(*key, min(step + 1, total), "n", locale, disabled=step >= total),
        )

    @classmethod
    def pages(cls, *key: Any, page: int, pages: int, locale: object) -> discord.ui.View | None:
        """Previous and Next under page ``page`` (0-based) of ``pages`` of ``key`` (the
        fields before the page), disabled at the first and last page; ``None`` for one
        page. Next on the last page names the page after it (as it always has)."""
        if pages <= 1:
            return None
        return view_of(
            cls(*key, max(page - 1, 0), "p", locale, disabled=page == 0),
            cls(*key, page + 1, "n", locale, disabled=page + 1 >= pages),
        )


# -- BingoMagic matches -------------------------------------------------------------------


class DecisionButton(
    Control[discord.ui.Button[Any]],
    template=r"bingo:m:(?P<match>\d+):(?P<version>\d+):(?P<action>[a-z_]+(?::\d+)?)",
):
    """One legal action of one player at one state version. ``action`` is ``None`` when
    the custom_id holds no well-formed action (answered as no longer current)."""

    where = "bingo decision"

    def __init__(
        self,
        match_id: int,
        version: int,
        action: Action | None,
        label: str = "…",
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        raw: str | None = None,
    ) -> None:
        text = str(action) if action is not None else raw or ""
        super().__init__(
            _button(
                self.custom_id_of(match_id, version, text), label, emoji=emoji, style=style, row=row
            )
        )
        self.match_id = match_id
        self.version = version
        self.action = action

    @staticmethod
    def custom_id_of(match_id: int, version: int, action: Action | str) -> str:
        """The ``custom_id`` of ``action`` (or its text) at ``version`` of ``match_id``
        (also for :func:`button_payload`, without building the button)."""
        return f"bingo:m:{match_id}:{version}:{action}"

    @classmethod
    def parse(cls, found: re.Match[str]) -> Self:
        try:
            action: Action | None = Action.parse(found["action"])
        except ValueError:
            action = None
        return cls(int(found["match"]), int(found["version"]), action, raw=found["action"])


class Answer(StrEnum):
    """The two answers to a challenge."""

    ACCEPT = "accept"
    DECLINE = "decline"


class ChallengeButton(
    LookButton,
    template=r"bingo:c:(?P<challenge>\d+):(?P<answer>accept|decline)",
):
    """Accept or Decline on a challenge; only the challenged member may use it."""

    where = "bingo challenge"
    prefix = "bingo:c:"
    fields = (("challenge_id", "challenge", NUMBER), ("answer", "answer", choice(Answer)))
    looks = {
        "accept": ("bingo-button-accept", None, discord.ButtonStyle.success),
        "decline": ("bingo-button-decline", None, discord.ButtonStyle.danger),
    }
    challenge_id: int
    answer: Answer


class MatchButton(LookButton, template=r"(?!)"):
    """A button that names only a match: ``<prefix><match>``, in its one look
    (``looks["*"]``). Subclasses set ``prefix`` and ``looks``."""

    fields = (("match_id", "match", NUMBER),)
    match_id: int


class ShowHandButton(MatchButton, template=r"bingo:h:(?P<match>\d+)"):
    """On the public board when a player's DMs are closed: answers that player privately."""

    where = "bingo show hand"
    prefix = "bingo:h:"
    looks = {"*": ("bingo-button-show-hand", "🂠", discord.ButtonStyle.primary)}


class PlayAgainButton(MatchButton, template=r"bingo:a:(?P<match>\d+)"):
    """Under the result of a match against the bot: its member starts another one at the
    same level and table rules (anyone else is told privately it is not theirs)."""

    where = "bingo play again"
    prefix = "bingo:a:"
    looks = {"*": ("bingo-button-play-again", "🔁", discord.ButtonStyle.success)}


class RematchButton(MatchButton, template=r"bingo:r:(?P<match>\d+)"):
    """Under the result of a match between members: either player challenges the other
    again, with the same table rules."""

    where = "bingo rematch"
    prefix = "bingo:r:"
    looks = {"*": ("rematch-button", "⚔️", discord.ButtonStyle.primary)}


class ReplayButton(
    PagesButton,
    template=r"bingo:rp:(?P<match>\d+):(?P<step>\d+):(?P<dir>[pn])",
):
    """Previous (``p``) or Next (``n``) in a replay: shows step ``step`` of the match.

    ``bingo:rp:<match>:0:n`` is never a Next that can be clicked (Next leads to step 1
    or later, and is disabled on a match with no step), so it is the "Replay" button of a
    player's end-of-match panel (:meth:`opening`): it opens the replay at its first step
    as a new private message instead of turning the page it is on."""

    where = "bingo replay"
    prefix = "bingo:rp:"
    fields = (("match_id", "match", NUMBER), ("step", "step", NUMBER), ("direction", "dir", TEXT))
    match_id: int
    step: int

    @classmethod
    def opening(cls, match_id: int, locale: object = None) -> Self:
        """The "Replay" button under a player's end-of-match panel (``replay-open``):
        the replay of ``match_id`` from its first step, in a new private message."""
        return cls(match_id, 0, "n", locale)._opening(locale, "replay-open")

    @property
    def opens(self) -> bool:
        """Whether this is the "Replay" button of an end panel (see the class)."""
        return self.step == 0 and self.direction == "n"


class AnalysisButton(MatchButton, template=r"bingo:an:(?P<match>\d+)"):
    """ "Analysis" under a replay: the move-by-move analysis of a finished match, privately
    to whoever clicks (``cogs.bingo._analysis``)."""

    where = "bingo analysis"
    prefix = "bingo:an:"
    looks = {"*": ("analysis-button", "📈", discord.ButtonStyle.primary)}


class WorstMoveButton(
    Control[discord.ui.Button[Any]], template=r"bingo:aw:(?P<match>\d+):(?P<step>\d+)"
):
    """Under an analysis: the replay at step ``step``, the decision that lost the most
    win chance ("Biggest mistake"), or the first graded one ("Step through")."""

    where = "bingo analysis step"
    prefix = "bingo:aw:"
    fields = (("match_id", "match", NUMBER), ("step", "step", NUMBER))
    match_id: int
    step: int

    def __init__(
        self, match_id: int, step: int, locale: object = None, *, worst: bool = True
    ) -> None:
        label = t(locale, "analysis-worst" if worst else "analysis-step-through")
        style = discord.ButtonStyle.secondary
        super().__init__(_button(self._take(match_id, step), label, emoji="🔎", style=style))


class KeyMomentButton(
    Control[discord.ui.Button[Any]], template=r"bingo:km:(?P<match>\d+):(?P<decision>\d+)"
):
    """Under an analysis: key moment ``label`` (its number, player and turn), the
    replay at the position before decision ``decision`` (0-based) with the choices its
    player had, in a new private message (``cogs.bingo._analysis``)."""

    where = "bingo key moment"
    prefix = "bingo:km:"
    fields = (("match_id", "match", NUMBER), ("decision", "decision", NUMBER))
    match_id: int
    decision: int

    def __init__(self, match_id: int, decision: int, label: str = "…", row: int | None = None):
        custom_id, style = self._take(match_id, decision), discord.ButtonStyle.secondary
        super().__init__(_button(custom_id, label, emoji="🔎", style=style, row=row))


class TipsOffButton(MatchButton, template=r"bingo:tips:(?P<match>\d+)"):
    """ "Turn tips off" under a tip (``cogs.bingo._tips``): stores the choice and redraws
    the panel without it."""

    where = "bingo tips off"
    prefix = "bingo:tips:"
    looks = {"*": ("tips-turn-off", "🔕", discord.ButtonStyle.secondary)}


class AccessibleButton(MatchButton, template=r"bingo:sr:(?P<match>\d+)"):
    """ "Screen-reader mode" on the first panel of a member's first match
    (``cogs.bingo._accessible``): turns the mode on and redraws the panel with it."""

    where = "bingo screen-reader mode"
    prefix = "bingo:sr:"
    looks = {"*": ("a11y-offer", "🔊", discord.ButtonStyle.secondary)}


class SignupButton(
    LookButton,
    template=r"bingo:tj:(?P<tournament>\d+):(?P<op>join|leave)",
):
    """Join / Leave on a tournament's public sign-up message."""

    where = "tournament sign-up"
    prefix = "bingo:tj:"
    fields = (("tournament_id", "tournament", NUMBER), ("op", "op", TEXT))
    looks = {
        "join": ("tournament-button-join", None, discord.ButtonStyle.success),
        "leave": ("tournament-button-leave", None, discord.ButtonStyle.secondary),
    }
    tournament_id: int
    op: str


class QueueOp(StrEnum):
    """What a button of the ranked queue's waiting message does."""

    LEAVE = "leave"
    BOT = "bot"


class QueueButton(LookButton, template=r"bingo:q:(?P<op>leave|bot)"):
    """On a member's waiting message in the ranked queue (``/bingo queue``): leave the
    queue, or, once offered, play the bot instead. It names no entry: a member has one
    place in the queue at most, and a click acts on it as it is now."""

    where = "bingo queue"
    prefix = "bingo:q:"
    fields = (("op", "op", choice(QueueOp)),)
    looks = {
        "leave": ("queue-button-leave", "🚪", discord.ButtonStyle.secondary),
        "bot": ("queue-button-bot", "🤖", discord.ButtonStyle.primary),
    }
    op: QueueOp


# -- mulligan practice and the hand of the day ---------------------------------------------


class PracticeHand:
    """The fields a practice hand's controls start with: its session and state version."""

    hand: ClassVar[tuple[tuple[str, str, Codec], ...]] = (
        ("session_id", "session", NUMBER),
        ("version", "version", NUMBER),
    )
    session_id: int
    version: int


class DayHand:
    """The fields a hand of the day's controls start with: its server, day and state
    version."""

    hand: ClassVar[tuple[tuple[str, str, Codec], ...]] = (
        ("guild_id", "guild", NUMBER),
        ("day", "day", NUMBER),
        ("version", "version", NUMBER),
    )
    guild_id: int
    day: int
    version: int


#: Each hand action's look (its label's catalog key, no emoji, its style).
HAND_LOOKS: dict[str, Look] = {
    "keep": ("mulligan-button-keep", None, discord.ButtonStyle.success),
    "mulligan": ("mulligan-button-mulligan", None, discord.ButtonStyle.danger),
    "scry_top": ("mulligan-button-top", None, discord.ButtonStyle.primary),
    "scry_bottom": ("mulligan-button-bottom", None, discord.ButtonStyle.secondary),
}


class HandButton(LookButton, template=r"(?!)"):
    """Keep, Mulligan, or the Vancouver scry's Top / Bottom on a hand (``action``, its
    last field), labelled in ``locale``'s language (the reader's)."""

    looks = HAND_LOOKS
    action: str


class HandSelect(Control[discord.ui.Select[Any]], template=r"(?!)"):
    """Cards chosen from a hand, one option per copy (values ``"<kind>:<copy>"``, as
    ``cogs.mulligan._views.copy_options`` makes them): London ``bottom`` (exactly N) or
    Partial Paris ``aside`` (1..7). Subclasses set ``step``."""

    where = "practice"
    step: str

    def __init__(self, *args: Any) -> None:
        """``Kind(*values, options=None, count=(1, 1), locale=None)``: the fields' values
        (``step`` last), then the select of cards, choosing ``count`` = (fewest, most) of
        ``options``."""
        values, (options, count, locale) = self._split(args, None, (1, 1), None)
        custom_id = self._take(*values)
        placeholder = (
            t(locale, "mulligan-select-bottom", count=count[0])
            if self.step == "bottom"
            else t(locale, "mulligan-select-aside")
        )
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id,
            placeholder=placeholder,
            min_values=count[0],
            max_values=count[1],
            options=options or [discord.SelectOption(label="…", value="0:0")],
        )
        super().__init__(select)

    #: The values of the options the member chose (:meth:`clicked`); none until then.
    chosen: tuple[str, ...] = ()

    def clicked(self, data: dict[str, Any]) -> None:
        """Keep the chosen options' values (``data["values"]``, Discord "Message Component
        Data Structure": "values of the select menu options the user selected")."""
        self.chosen = tuple(str(value) for value in data.get("values") or ())

    @property
    def actions(self) -> list[str]:
        """What the chosen options mean, as practice actions (``bot.engine.practice``):
        ``bottom:K`` / ``aside:K`` per chosen copy, then ``aside_done`` for a set-aside."""
        actions = [f"{self.step}:{int(value.split(':')[0])}" for value in self.chosen]
        if self.step == "aside":
            actions.append("aside_done")
        return actions


class PracticeButton(
    HandButton,
    PracticeHand,
    template=r"mull:a:(?P<session>\d+):(?P<version>\d+):(?P<action>keep|mulligan|scry_top|scry_bottom)",
):
    """A hand action (:class:`HandButton`) on a practice deal."""

    where = "practice"
    prefix = "mull:a:"
    fields = (*PracticeHand.hand, ("action", "action", TEXT))


class CardSelect(
    HandSelect,
    PracticeHand,
    template=r"mull:s:(?P<session>\d+):(?P<version>\d+):(?P<step>bottom|aside)",
):
    """Choose cards from a practice hand (see :class:`HandSelect`)."""

    prefix = "mull:s:"
    fields = (*PracticeHand.hand, ("step", "step", TEXT))


class AgainButton(LookButton, template=r"mull:again:(?P<session>\d+)"):
    """Deal a fresh hand with the same deck and options."""

    where = "practice"
    prefix = "mull:again:"
    fields = (("session_id", "session", NUMBER),)
    looks = {"*": ("mulligan-button-again", None, discord.ButtonStyle.primary)}
    session_id: int


class DailyButton(
    HandButton,
    DayHand,
    template=r"mull:d:(?P<guild>\d+):(?P<day>\d+):(?P<version>\d+):(?P<action>keep|mulligan|scry_top|scry_bottom)",
):
    """A hand action (:class:`HandButton`) on a member's hand of the day."""

    where = "daily"
    prefix = "mull:d:"
    fields = (*DayHand.hand, ("action", "action", TEXT))


class DailySelect(
    HandSelect,
    DayHand,
    template=r"mull:ds:(?P<guild>\d+):(?P<day>\d+):(?P<version>\d+):(?P<step>bottom|aside)",
):
    """The London bottom cards (or Partial Paris's set-aside) of a hand of the day."""

    where = "daily"
    prefix = "mull:ds:"
    fields = (*DayHand.hand, ("step", "step", TEXT))


# -- leaderboards, standings and privacy -------------------------------------------------


class LeaderboardButton(
    PagesButton,
    template=r"bingo:lb:(?P<season>a|\d+):(?P<by>r|w):(?P<page>\d+):(?P<dir>[pn])",
):
    """Previous (``p``) or Next (``n``) under a leaderboard: shows page ``page`` (0-based)
    of season ``season`` (``a``: all-time), ranked by rating (``r``) or wins (``w``)."""

    where = "bingo leaderboard page"
    prefix = "bingo:lb:"
    fields = (
        ("season", "season", SEASON),
        ("by", "by", TEXT),
        ("page", "page", NUMBER),
        ("direction", "dir", TEXT),
    )
    season: int | None
    by: str
    page: int


class LadderButton(
    PagesButton,
    template=r"bingo:ld:(?P<season>a|\d+):(?P<page>\d+):(?P<dir>[pn])",
):
    """Previous (``p``) or Next (``n``) under the global ladder (``/bingo ladder show``):
    shows page ``page`` (0-based) of ladder season ``season`` (``a``: all-time)."""

    where = "bingo ladder page"
    prefix = "bingo:ld:"
    fields = (("season", "season", SEASON), ("page", "page", NUMBER), ("direction", "dir", TEXT))
    season: int | None
    page: int


class StandingsButton(
    PagesButton,
    template=r"bingo:ts:(?P<tournament>\d+):(?P<page>\d+):(?P<dir>[pn])",
):
    """Previous (``p``) or Next (``n``) under a tournament's standings: page ``page``."""

    where = "tournament standings page"
    prefix = "bingo:ts:"
    fields = (
        ("tournament_id", "tournament", NUMBER),
        ("page", "page", NUMBER),
        ("direction", "dir", TEXT),
    )
    tournament_id: int
    page: int


class EraseButton(
    Control[discord.ui.Button[Any]], template=r"privacy:erase:(?P<user>\d+):(?P<answer>yes|no)"
):
    """Confirm (``yes``) or cancel (``no``) ``/privacy delete`` of member ``user`` (only
    that member may answer)."""

    where = "privacy erase"
    prefix = "privacy:erase:"
    fields = (("user_id", "user", NUMBER), ("answer", "answer", TEXT))
    user_id: int
    answer: str

    def __init__(self, user_id: int, answer: str, label: str = "…") -> None:
        style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(_button(self._take(user_id, answer), label, style=style))


class SeasonStartButton(
    Control[discord.ui.Button[Any]],
    template=r"bingo:season:(?P<after>\d+):(?P<answer>yes|no)(?::(?P<name>.+))?",
):
    """Confirm (``yes``) or cancel (``no``) ``/bingo season start``: season ``name`` is to
    follow season ``after`` (0: none yet), so a second click, or a season another manager
    started meanwhile, starts nothing (a compare-and-set on the current season). The
    name (at most 64 characters, ``MAX_SEASON_NAME`` in ``cogs/bingo/_leaderboard.py``)
    keeps the custom_id within Discord's 100 characters."""

    where = "bingo season start"

    def __init__(self, after: int, answer: str, name: str = "", label: str = "…") -> None:
        custom_id = f"bingo:season:{after}:{answer}" + (f":{name}" if answer == "yes" else "")
        style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(_button(custom_id, label, style=style))
        self.after = after
        self.answer = answer
        self.name = name if answer == "yes" else ""

    @classmethod
    def parse(cls, found: re.Match[str]) -> Self:
        return cls(int(found["after"]), found["answer"], found["name"] or "")


# -- puzzles ---------------------------------------------------------------------------------


class PuzzleButton(
    Control[discord.ui.Button[Any]],
    template=r"bingo:pz:(?P<puzzle>\d+):(?P<day>\d+):(?P<action>[a-z_]+(?::\d+)?)",
):
    """One legal move of a puzzle (``cogs.bingo._puzzles``): clicking it answers the
    puzzle with ``action``. ``day``: the UTC day number of a puzzle of the day (its
    answer counts only that day), 0 for any other puzzle. The label and emoji are the
    caller's (the match panels' own, ``cogs.bingo._render.action_label``)."""

    where = "bingo puzzle"
    prefix = "bingo:pz:"
    fields = (("puzzle_id", "puzzle", NUMBER), ("day", "day", NUMBER), ("action", "action", TEXT))
    puzzle_id: int
    day: int
    action: str

    def __init__(
        self,
        puzzle_id: int,
        day: int,
        action: str,
        label: str = "…",
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        custom_id = self._take(puzzle_id, day, action)
        super().__init__(_button(custom_id, label, emoji=emoji, style=style, row=row))


class PuzzleReplayButton(
    PagesButton, template=r"bingo:pzr:(?P<puzzle>\d+):(?P<step>\d+):(?P<dir>[opn])"
):
    """Under a puzzle's answer, "Replay the match" (``o``: opens the replay of the match
    the puzzle came from at the puzzle's step, as a new private message); Previous
    (``p``) and Next (``n``) in the replay of a self-play puzzle's match, which has no
    match number of its own, showing step ``step``."""

    where = "bingo puzzle replay"
    prefix = "bingo:pzr:"
    fields = (("puzzle_id", "puzzle", NUMBER), ("step", "step", NUMBER), ("direction", "dir", TEXT))
    puzzle_id: int
    step: int

    def __init__(self, *args: Any, disabled: bool = False) -> None:
        super().__init__(*args, disabled=disabled)
        if self.direction == "o":
            self._opening(self._split(args, None)[1][0], "puzzle-button-replay")


class PuzzleNextButton(
    LookButton,
    template=r"bingo:pzn:(?P<puzzle>\d+):(?P<day>\d+):(?P<what>next|again)",
):
    """Under a puzzle's answer: "Next puzzle" (``next``: the member's next one, on the
    same message) or "Try again" (``again``: puzzle ``puzzle`` once more, unrated;
    ``day`` as in :class:`PuzzleButton`)."""

    where = "bingo puzzle next"
    prefix = "bingo:pzn:"
    fields = (("puzzle_id", "puzzle", NUMBER), ("day", "day", NUMBER), ("what", "what", TEXT))
    looks = {
        "next": ("puzzle-button-next", "🧩", discord.ButtonStyle.success),
        "again": ("puzzle-button-again", "🔁", discord.ButtonStyle.secondary),
    }
    puzzle_id: int
    day: int
    what: str


class PuzzleDayButton(LookButton, template=r"bingo:pzd:(?P<guild>\d+):(?P<day>\d+)"):
    """ "Solve it" under a server's public post of the puzzle of the day: the puzzle,
    privately to whoever clicks, while ``day`` (a UTC day number) lasts."""

    where = "bingo puzzle of the day"
    prefix = "bingo:pzd:"
    fields = (("guild_id", "guild", NUMBER), ("day", "day", NUMBER))
    looks = {"*": ("puzzle-button-solve", "🧩", discord.ButtonStyle.success)}
    guild_id: int
    day: int


# -- the guide -----------------------------------------------------------------------------


class GuideButton(PageButton, template=r"(?!)"):
    """Previous (``way`` ``"prev"``) or Next (``"next"``) on a page of the guide:
    ``<prefix><page>:<way>`` opens page ``page``. Subclasses set ``prefix``; the caller
    gives the label."""

    previous = "prev"
    fields = (("page", "page", NUMBER), ("way", "way", TEXT))
    page: int
    way: str

    def __init__(self, page: int, way: str, label: str = "…", disabled: bool = False) -> None:
        super().__init__(self._take(page, way), way, label, disabled)


class RulesButton(GuideButton, template=r"guide:rules:(?P<page>\d+):(?P<way>prev|next)"):
    """Previous or Next on a rules page: opens page ``page``."""

    where = "rules page"
    prefix = "guide:rules:"


class HelpButton(GuideButton, template=r"guide:help:(?P<page>\d+):(?P<way>prev|next)"):
    """Previous or Next on a ``/help`` page: opens page ``page``."""

    where = "help page"
    prefix = "guide:help:"


#: The kinds the Bingo cog answers, then the Mulligan cog's, then every kind there is (in
#: the order of the module docstring's table).
BINGO_KINDS: tuple[type[Control[Any]], ...] = (
    DecisionButton,
    ChallengeButton,
    ShowHandButton,
    PlayAgainButton,
    ReplayButton,
    RematchButton,
    TipsOffButton,
    AccessibleButton,
    SignupButton,
    AnalysisButton,
    WorstMoveButton,
    KeyMomentButton,
    LeaderboardButton,
    StandingsButton,
    SeasonStartButton,
    PuzzleButton,
    PuzzleReplayButton,
    PuzzleNextButton,
    PuzzleDayButton,
    QueueButton,
    LadderButton,
)
#: The kinds the privacy cog answers.
PRIVACY_KINDS: tuple[type[Control[Any]], ...] = (EraseButton,)
MULLIGAN_KINDS: tuple[type[Control[Any]], ...] = (
    PracticeButton,
    CardSelect,
    AgainButton,
    DailyButton,
    DailySelect,
)
KINDS: tuple[type[Control[Any]], ...] = (
    *BINGO_KINDS,
    *MULLIGAN_KINDS,
    RulesButton,
    HelpButton,
    *PRIVACY_KINDS,
)
