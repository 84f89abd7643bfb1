"""The queue's rule (``bot.queue.policy``) and the pairs a pass proposes
(``bot.queue.service.proposals``): pure, no database."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot import limits
from bot.queue import Queued, acceptable, choose, proposals, window
from bot.queue.policy import bot_offered, expired, next_widening, queue_skill
from bot.ratings import DEFAULT_SIGMA, Skill
from bot.storage.queue import QueueEntry

T0 = 1000.0


def entry(user_id: int, mu: float, sigma: float = 2.0, joined: float = T0) -> QueueEntry:
    return QueueEntry(user_id, None, None, f"m{user_id}", None, mu, sigma, joined, "waiting")


def test_the_window_widens_on_schedule() -> None:
    assert window(2.0, 0) == 2.0 and window(2.0, -5) == 2.0
    assert window(2.0, limits.QUEUE_WIDEN_SECONDS) == 4.0
    assert window(0.2, 0) == limits.QUEUE_SIGMA_FLOOR
    assert next_widening(0) == 20.0 and next_widening(25) == 15.0


def test_each_must_accept_the_other() -> None:
    """A long wait widens one's own window only: the other must accept the gap too."""
    patient = Queued(1, 25.0, 2.0, T0 - 200)  # window 22
    fresh = Queued(2, 30.0, 2.0, T0)  # window 2
    assert not acceptable(patient, fresh, T0)
    assert acceptable(patient, fresh, T0 + 60)  # fresh's window is 8 by then


def test_choose_the_closest_then_the_longest_waiting() -> None:
    me = Queued(1, 25.0, 3.0, T0)
    near_new = Queued(2, 26.0, 3.0, T0)
    near_old = Queued(3, 24.0, 3.0, T0 - 5)
    far = Queued(4, 27.5, 3.0, T0)
    assert choose(me, [far, near_new, near_old], T0) == near_old
    assert choose(me, [far, near_new, near_old], T0, frozenset({3})) == near_new
    assert choose(me, [Queued(5, 40.0, 3.0, T0)], T0) is None


@given(
    st.lists(
        st.tuples(st.floats(10, 40), st.floats(0.5, 8.4), st.floats(0, 300)),
        min_size=0,
        max_size=40,
    )
)
def test_proposals_pair_each_member_once_and_only_acceptable_pairs(people) -> None:
    """Every proposed pair is acceptable and no member is in two; no two members left
    out could have been paired with each other... unless the rule's greed took one of
    them (so only: at least one pair when some pair is acceptable)."""
    waiting = [entry(i, mu, sigma, T0 - waited) for i, (mu, sigma, waited) in enumerate(people)]
    pairs = proposals(waiting, T0)
    seen = [uid for pair in pairs for uid in pair]
    assert len(seen) == len(set(seen))
    by_id = {e.user_id: Queued(e.user_id, e.mu, e.sigma, e.joined_at) for e in waiting}
    assert all(acceptable(by_id[a], by_id[b], T0) for a, b in pairs)
    people_ = list(by_id.values())
    any_pair = any(acceptable(a, b, T0) for i, a in enumerate(people_) for b in people_[i + 1 :])
    assert bool(pairs) == any_pair


def test_offers_and_expiry() -> None:
    assert not bot_offered(limits.QUEUE_BOT_OFFER_SECONDS - 1)
    assert bot_offered(limits.QUEUE_BOT_OFFER_SECONDS)
    assert not expired(limits.QUEUE_MAX_SECONDS - 1) and expired(limits.QUEUE_MAX_SECONDS)


def test_a_newcomer_queues_with_the_prior_and_a_rating_grows_idle() -> None:
    assert queue_skill(None, None, T0) == Skill()
    idle = queue_skill(Skill(30.0, 2.0), T0 - 30 * 86_400, T0)
    assert idle.mu == 30.0 and 2.0 < idle.sigma < DEFAULT_SIGMA
