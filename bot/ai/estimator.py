"""The one win-chance estimator: a position played out to the end with the ``medium``
heuristic in both seats (RULES §1, §2), scored 1 win, ½ draw, 0 loss, and the mean of
those playouts turned into a calibrated chance by :func:`calibrate`.

The mulligan coach (:mod:`bot.ai.coach`, which the practice hands and the hand of the
day use) and the match analysis (:mod:`bot.ai.analysis`) both finish their simulated
matches with :func:`finish` and report :func:`calibrate` of their mean, so a percentage
means the same thing everywhere: "the chance to win from here", calibrated against
matches between the ``medium`` and the ``hard`` AI (docs/analysis.md "Calibration").
``python -m benchmarks.calibration`` measures how well it predicts real results, and
``--fit`` fits :data:`NOISE` and :data:`TEMPERATURE` on a separate range of seeds.

Every hidden card is sampled by the caller (:func:`determinize`) from what the deciding
player may see, never read from the real match.  Pure: no discord import, no I/O, all
chance from the ``random.Random`` passed in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bot.engine import BingoOptions, BingoState
from bot.engine.mulligan import DONE

from .heuristics import View, medium_action, medium_state_action, unseen_counts
from .ismcts import sample_world, world_template

#: The sampling noise of the playouts' mean, in playouts: of the log-odds of a mean over
#: *n* playouts only the share ``n / (n + NOISE)`` is trusted, the rest being the noise
#: of so few worlds (docs/analysis.md "Calibration"; fitted by
#: ``python -m benchmarks.calibration --fit``).
NOISE = 6.0
#: Factor on the log-odds of the chance that many playouts would give: a real match is
#: less certain than ``medium`` against ``medium`` says, the players being of other
#: strengths (< 1 draws toward ½; fitted with :data:`NOISE`).
TEMPERATURE = 0.875


def _policy_action(state: BingoState, rng: random.Random) -> str:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    mull = state.mulligans
    if mull is not None and mull.step != DONE:
        player = state.current_player()
        assert player is not None
        return medium_action(View.from_observation(state.observation(player)), rng)
    return medium_state_action(state, legal, rng)


def finish(state: BingoState, me: int, rng: random.Random) -> float:
    """Play ``state`` to its end with ``medium`` in both seats (changing it); the score
    of player ``me``: 1.0 win, 0.5 draw (RULES §1.8), 0.0 loss."""
    while state.result is None:
        state.apply_fast(_policy_action(state, rng))
    if state.result.winner is None:
        return 0.5
    return 1.0 if state.result.winner == me else 0.0


def determinize(
    state: BingoState, player: int, rng: random.Random, options: BingoOptions
) -> BingoState:
    """One world consistent with what ``player`` sees of ``state`` (its
    :meth:`~BingoState.observation`): the other hand and the library are dealt at random
    from the cards ``player`` cannot see (:func:`~bot.ai.heuristics.unseen_counts`),
    keeping the other hand's size and, in a scry, the card on top; the world's chance seed
    is random.  Only the *shape* of ``state`` (zones' sizes, whose turn, the mulligan
    bookkeeping) is read, never its hidden cards.  Raises ``ValueError`` when the counts
    do not add up to 60 cards (cards set aside by a Partial Paris mulligan)."""
    obs = state.observation(player)
    if obs["phase"] == "play":
        template = world_template(obs)
        template["options"] = options.to_json()
        template["timeouts_in_row"] = list(state.timeouts_in_row)
        return sample_world(obs, rng, template)
    counts = unseen_counts(obs)
    unseen = [k for k, n in enumerate(counts) for _ in range(n)]
    size = obs["hand_sizes"][1 - player]
    top = obs.get("scry_card")
    library_size = obs["library_size"] - (1 if top is not None else 0)
    if min(counts) < 0 or len(unseen) != size + library_size:
        raise ValueError("the observation's card counts do not add up to 60")
    rng.shuffle(unseen)
    other = [0] * len(counts)
    for k in unseen[:size]:
        other[k] += 1
    data = state.to_json()
    data["hands"][1 - player] = other
    data["library"] = unseen[size:] + ([top] if top is not None else [])
    data["seed"] = rng.getrandbits(48)
    data["history"] = []
    return BingoState.from_json(data)


def calibrate(
    rate: float, playouts: int, noise: float = NOISE, temperature: float = TEMPERATURE
) -> float:
    """The calibrated chance to win (0..1) of a position whose ``playouts`` simulated
    matches (:func:`finish`, ``playouts >= 0``) scored ``rate`` on average (0..1, draws
    half): the log-odds of ``q = (rate * playouts + ½) / (playouts + 1)`` (kept off 0
    and 1 by half a playout each way) multiplied by ``t = temperature * playouts /
    (playouts + noise)``, i.e. ``q**t / (q**t + (1 - q)**t)``.  The fewer the playouts,
    the more the estimate is drawn toward ½.  Strictly increasing in ``rate`` for
    ``playouts >= 1`` (so the order of actions is kept), symmetric
    (``calibrate(1 - r, n) == 1 - calibrate(r, n)``), ½ for no playouts, never exactly 0
    or 1 (a finished match is no estimate: callers report its result as it is).  The
    defaults :data:`NOISE` and :data:`TEMPERATURE` are fitted by ``python -m
    benchmarks.calibration --fit`` (docs/analysis.md "Calibration").  Raises
    ``ValueError`` for ``rate`` outside 0..1, a negative ``playouts`` or ``noise``, or a
    ``temperature`` not above 0."""
    if not 0.0 <= rate <= 1.0 or playouts < 0 or noise < 0 or temperature <= 0:
        raise ValueError(f"cannot calibrate rate {rate!r} over {playouts!r} playouts")
    if playouts == 0:
        return 0.5
    q = (rate * playouts + 0.5) / (playouts + 1)
    t = temperature * playouts / (playouts + noise)
    return 1.0 / (1.0 + math.exp(-t * math.log(q / (1.0 - q))))


def playouts(
    state: BingoState, player: int, rng: random.Random, worlds: int, options: BingoOptions
) -> list[float]:
    """:func:`finish` for ``player`` in each of ``worlds`` worlds sampled by
    :func:`determinize` from what ``player`` sees of ``state`` (which is not changed):
    ``worlds`` scores of 1.0, 0.5 or 0.0.  Raises ``ValueError`` as :func:`determinize`."""
    return [finish(determinize(state, player, rng, options), player, rng) for _ in range(worlds)]


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` (at least one) and its standard error (0.5, the largest a
    score in 0..1 can have, for one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.5
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def chance(samples: Sequence[float], over: bool) -> float:
    """The calibrated chance of an action whose playouts scored ``samples`` (1 win,
    ½ draw, 0 loss); ``over``: the action ended the match in every world, so the mean is
    its exact result (:func:`calibrate` otherwise)."""
    mean = sum(samples) / len(samples)
    return mean if over else calibrate(mean, len(samples))


def compare_actions(
    state: BingoState,
    player: int,
    rng: random.Random,
    worlds: int,
    options: BingoOptions,
    samples: dict[str, list[float]],
    over: dict[str, bool],
) -> None:
    """One batch of common-random-number playouts of ``player``'s legal actions in
    ``state`` (not changed): in each of ``worlds`` worlds sampled by :func:`determinize`,
    every action of ``samples`` (its keys) is applied and :func:`finish`-ed with one
    random stream shared by all the actions of that world.  Appends each action's
    ``worlds`` scores (1.0, 0.5 or 0.0) to ``samples[action]`` and keeps
    ``over[action]`` true only while the action has ended the match at once in every
    world.  Raises ``ValueError`` as :func:`determinize`."""
    for _ in range(worlds):
        world = determinize(state, player, rng, options)
        stream = rng.getrandbits(48)
        for action, scores in samples.items():
            copy = world.clone()
            copy.apply_fast(action)
            over[action] = over[action] and copy.result is not None
            scores.append(finish(copy, player, random.Random(stream)))


def estimate_position(
    state: BingoState, player: int, rng: random.Random, worlds: int, options: BingoOptions
) -> float:
    """``player``'s chance to win from ``state`` (0..1, draws half): :func:`calibrate` of
    the mean of :func:`playouts` over ``worlds`` worlds (``worlds >= 1``).  The mean's
    standard error is at most ``0.5 / sqrt(worlds)``.  Raises ``ValueError`` as
    :func:`determinize`."""
    scores = playouts(state, player, rng, worlds, options)
    return calibrate(sum(scores) / worlds, worlds)
