"""Opening-hand procedures (deal and mulligan) shared by the engines and the odds sampler.

Decks are arrays in draw order (index 0 = top). Each game's mulligan is one function here; the
decision to take it is the caller's (a policy in the engines, the wants in the odds sampler).
"""

from numba import njit

from sim.engine.jit import engine_jit
from sim.engine.kernel import move_block_to_bottom, shuffle_prefix


@njit(cache=True, inline="always")
def deal(state, order, n, settle):
    """Shuffle so that the top `settle` cards are a uniform random sequence (the rest is never looked at)."""
    shuffle_prefix(state, order, n, settle)


@engine_jit
def mulligan_all_to_bottom(order, n, hand):
    """FFTCG 8.2.2: the whole hand goes to the bottom, unshuffled; the next `hand` cards are the new hand."""
    move_block_to_bottom(order, 0, hand, n)


@engine_jit
def mulligan_partial(order, n, hand, keep):
    """GBF r. 5-2-1-5-1: cards with keep[i] == 0 go to the bottom; as many are drawn again.

    Kept cards stay at the top in their order; the returned ones keep theirs at the bottom.
    Returns how many cards were returned.
    """
    nk = 0
    for i in range(hand):  # stable partition in place: kept cards first
        if keep[i]:
            v = order[i]
            for j in range(i, nk, -1):
                order[j] = order[j - 1]
            order[nk] = v
            nk += 1
    move_block_to_bottom(order, nk, hand - nk, n)
    return hand - nk


@njit(cache=True, inline="always")
def redraw(state, order, n, settle):
    """CoJ section 6: the hand goes back, the deck is reshuffled, and a fresh hand is dealt."""
    shuffle_prefix(state, order, n, settle)
