"""Opening-hand and by-turn odds: exact (counting) and simulated (the engines' opening code).

A card's class is the set of wants it matches (a bitmask). The exact answer counts the ways to
draw each class (multivariate hypergeometric, by dynamic programming over classes with counts
capped at what each want needs; sim.odds.counting) and walks every first hand for the mulligan rules.
The simulated answer deals hands with sim.engine.opening, exactly as the engines do, and reports a
Wilson interval.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numba
import numpy as np
from numba import njit, prange

from analysis.intervals import wilson
from sim.engine.kernel import derive_seed, settle_range
from sim.engine.opening import deal, redraw
from sim.odds.counting import OddsQuestion, _counts_of, _hands, _p_seen, keep_composition
from sim.odds.generic import exact_repeatable
from sim.odds.profiles import (
    MULL_ALL_TO_BOTTOM,
    MULL_LONDON,
    MULL_NONE,
    MULL_REDRAW,
    MULL_VANCOUVER,
)


def exact(q: OddsQuestion) -> list[float]:
    q.check()
    sizes: dict[int, int] = {}
    for c in q.classes:
        sizes[c] = sizes.get(c, 0) + 1
    need, zero = q.need, tuple(0 for _ in q.need)
    seen = q.draws()
    kind = q.profile.mulligan if q.keep_if else MULL_NONE
    if kind == MULL_NONE or (kind == MULL_REDRAW and q.max_mulligans == 0):
        return [float(_p_seen(sizes, n, zero, need)) for n in seen]
    if kind in (MULL_LONDON, MULL_VANCOUVER):
        return exact_repeatable(kind, sizes, need, q.profile.hand, seen, q.max_mulligans)
    if kind == MULL_REDRAW:
        # CoJ: every redraw is a fresh hand from the full deck; the last one is kept whatever it is.
        miss = 1 - _p_seen(sizes, q.profile.hand, zero, need)
        stuck = miss ** q.max_mulligans
        return [float(1 - stuck + stuck * _p_seen(sizes, n, zero, need)) for n in seen]
    hand = q.profile.hand
    out = [Fraction(0)] * len(seen)
    for comp, p in _hands(sizes, hand):
        counts = _counts_of(comp, need)
        if counts == need:
            out = [o + p for o in out]
            continue
        rest = {c: sizes[c] - comp.get(c, 0) for c in sizes}
        if kind == MULL_ALL_TO_BOTTOM:
            out = [o + p * _p_seen(rest, n, zero, need) for o, n in zip(out, seen, strict=True)]
        else:  # MULL_PARTIAL_TO_BOTTOM
            kept = keep_composition(comp, need)
            returned = hand - sum(kept.values())
            start = _counts_of(kept, need)
            out = [o + p * _p_seen(rest, n - hand + returned, start, need) for o, n in zip(out, seen, strict=True)]
    return [float(o) for o in out]


# ---------------------------------------------------------------- simulated
BLOCKS = 64  # fixed work split: each block has its own RNG stream, so results never depend on threads


def class_increments(width: int) -> np.ndarray:
    """Per class bitmask, its increment of the packed want counter (one byte per want)."""
    inc = np.zeros(1 << width, np.uint64)
    for c in range(1 << width):
        inc[c] = sum(1 << (8 * j) for j in range(width) if c >> j & 1)
    return inc


@njit(cache=True, inline="always")
def _meets(acc, need):
    """Does the packed counter hold at least need[j] cards of every want j?"""
    for j in range(need.size):
        if np.int64((acc >> np.uint64(8 * j)) & np.uint64(255)) < need[j]:
            return False
    return True


@njit(cache=True, inline="always")
def _helps(c, acc, need):
    """Does a card of class c count toward a want the packed counter still lacks?"""
    for j in range(need.size):
        if (c >> j) & 1 and np.int64((acc >> np.uint64(8 * j)) & np.uint64(255)) < need[j]:
            return True
    return False


@njit(cache=True, inline="always")
def _count(order, lo, hi, inc):
    acc = np.uint64(0)
    for i in range(lo, hi):
        acc += inc[order[i]]
    return acc


def class_ranks(width: int) -> np.ndarray:
    """Per class bitmask, its place in keep_composition's order (more wants matched, then higher id)."""
    return np.array([bin(c).count("1") << width | c for c in range(1 << width)], np.int64)


@njit(cache=True, inline="always")
def _partial_keep(order, hand, need, inc, rank, hand_classes, budget):
    """GBF keep-if on a dealt hand, the rule of keep_composition: going through the hand's cards by
    rank, keep a card while one of its wants is still short (at most `budget` cards: London).
    Returns (packed counts kept, cards back)."""
    for i in range(hand):  # insertion sort of the hand's classes, best rank first
        c = order[i]
        k = i
        while k > 0 and rank[hand_classes[k - 1]] < rank[c]:
            hand_classes[k] = hand_classes[k - 1]
            k -= 1
        hand_classes[k] = c
    kept = np.uint64(0)
    back = 0
    for i in range(hand):
        c = hand_classes[i]
        useful = False
        for j in range(need.size):
            if (c >> j) & 1 and np.int64((kept >> np.uint64(8 * j)) & np.uint64(255)) < need[j]:
                useful = True
                break
        if useful and i - back < budget:
            kept += inc[c]
        else:
            back += 1
    return kept, back


@njit(cache=True, inline="always")
def _sample_one(state, order, n, hand, seen, need, inc, rank, kind, max_mull, hits, hand_classes):
    """One opening: deal, mulligan per the game's rule when the wants miss, then count by turn.

    Only the positions that get looked at are shuffled (partial Fisher-Yates, settled lazily; any
    starting order of the deck gives a uniform prefix, so the deck is never reset). A mulligan to
    the bottom is not carried out card by card: the returned cards sit under the rest of the deck,
    and OddsQuestion.check keeps every look above them, so the k-th card drawn afterwards is
    order[hand + k - kept] (tested against sim.engine.opening's moves).
    """
    deal(state, order, n, hand)
    back = 0  # cards returned to the bottom: the deck is read shifted by this much
    mulls = 0
    fresh = hand  # first position not yet settled by the shuffle
    acc = _count(order, 0, hand, inc)
    if kind == MULL_REDRAW:
        while mulls < max_mull and not _meets(acc, need):
            redraw(state, order, n, hand)
            mulls += 1
            acc = _count(order, 0, hand, inc)
    elif kind == MULL_LONDON:
        # a full hand every time; after k mulligans keep hand - k of it, the rest to the bottom
        acc, _ = _partial_keep(order, hand, need, inc, rank, hand_classes, hand)
        while mulls < max_mull and not _meets(acc, need):
            redraw(state, order, n, hand)
            mulls += 1
            acc, _ = _partial_keep(order, hand, need, inc, rank, hand_classes, hand - mulls)
    elif kind == MULL_VANCOUVER:
        # one card fewer per mulligan, so the draws start under the short hand (a negative shift);
        # a short kept hand scries its top card: it stays (the next draw) only if it helps
        while mulls < max_mull and not _meets(acc, need):
            mulls += 1
            redraw(state, order, n, hand - mulls)
            acc = _count(order, 0, hand - mulls, inc)
        back = -mulls
        fresh = hand - mulls
        if mulls > 0:
            settle_range(state, order, n, fresh, fresh + 1)
            if not _helps(order[fresh], acc, need):
                back += 1
            fresh += 1
    elif kind != MULL_NONE and not _meets(acc, need):
        mulls = 1
        if kind == MULL_ALL_TO_BOTTOM:
            back = hand
            acc = np.uint64(0)
        else:
            acc, back = _partial_keep(order, hand, need, inc, rank, hand_classes, hand)
        settle_range(state, order, n, hand, hand + back)
        acc += _count(order, hand, hand + back, inc)
        fresh = hand + back
    settle_range(state, order, n, fresh, seen[-1] + back)
    prev = hand
    for t in range(seen.size):
        acc += _count(order, prev + back, seen[t] + back, inc)
        prev = seen[t]
        if _meets(acc, need):
            for u in range(t, seen.size):
                hits[u] += 1
            break


@njit(cache=True, parallel=True)
def _sample(classes, need, inc, rank, hand, seen, kind, max_mull, samples, seed, stream, lo, hi):
    """Hits by turn of blocks lo..hi-1 of the BLOCKS that share `samples` (all of them: 0, BLOCKS)."""
    n = classes.size
    hits = np.zeros((hi - lo, seen.size), np.int64)
    per = (samples + BLOCKS - 1) // BLOCKS
    for j in prange(hi - lo):
        b = lo + j
        order = classes.copy()
        state = np.empty(1, np.uint64)
        state[0] = derive_seed(seed, stream, b, 0)
        hand_classes = np.zeros(hand, classes.dtype)
        mine = np.zeros(seen.size, np.int64)
        for _ in range(b * per, min(samples, (b + 1) * per)):
            _sample_one(state, order, n, hand, seen, need, inc, rank, kind, max_mull, mine, hand_classes)
        hits[j] = mine
    return hits.sum(axis=0)


SamplesListener = Callable[[int, list[int]], None]  # (openings dealt so far, hits by turn so far)


def simulate(q: OddsQuestion, samples: int, seed: int, stream: int = 0,
             on_samples: SamplesListener | None = None) -> list[int]:
    """Hits by turn over `samples` simulated openings (deterministic for any thread count). With
    `on_samples`, the blocks are dealt a thread's worth at a time and it hears the totals after each
    call (the same blocks, so the same hits)."""
    q.check()
    kind = q.profile.mulligan if q.keep_if else MULL_NONE
    classes = np.array(q.classes, np.uint8)
    w = len(q.need)
    args = (classes, np.array(q.need, np.int64), class_increments(w), class_ranks(w), q.profile.hand,
            np.array(q.draws(), np.int64), kind, q.max_mulligans, samples, seed, stream)
    if on_samples is None:
        return [int(h) for h in _sample(*args, 0, BLOCKS)]
    per, step = -(-samples // BLOCKS), max(1, numba.get_num_threads())
    hits = np.zeros(len(q.draws()), np.int64)
    for lo in range(0, BLOCKS, step):
        hi = min(BLOCKS, lo + step)
        hits += _sample(*args, lo, hi)
        on_samples(min(samples, hi * per), [int(h) for h in hits])
    return [int(h) for h in hits]


def rows(q: OddsQuestion, samples: int, seed: int, on_samples: SamplesListener | None = None
         ) -> list[dict[str, float | int]]:
    """Per turn: the exact odds, the simulated ones and their Wilson 95% interval; `on_samples`: simulate's."""
    ex = exact(q)
    hits = simulate(q, samples, seed, on_samples=on_samples) if samples > 0 else [0] * len(ex)
    out = []
    for t, (e, h) in enumerate(zip(ex, hits, strict=True)):
        low, high = wilson(h, samples) if samples > 0 else (float("nan"), float("nan"))
        out.append({"turn": t, "exact": e, "simulated": h / samples if samples else float("nan"),
                    "low": low, "high": high})
    return out


# ---------------------------------------------------------------- benchmark
@njit(cache=True, parallel=True)
def _shuffle_only(classes, hand, samples, seed):
    """Baseline: deal the same hands with no wants and no mulligan (only the shuffle and a read)."""
    n = classes.size
    sums = np.zeros(BLOCKS, np.int64)
    per = (samples + BLOCKS - 1) // BLOCKS
    for b in prange(BLOCKS):
        order = classes.copy()
        state = np.empty(1, np.uint64)
        state[0] = derive_seed(seed, 0, b, 0)
        acc = 0
        for _ in range(b * per, min(samples, (b + 1) * per)):
            deal(state, order, n, hand)
            for i in range(hand):
                acc += order[i]
        sums[b] = acc
    return sums.sum()


def bench_rows(samples: int = 4_000_000) -> list[dict[str, float | str]]:
    """Opening hands per second on one core, per game's mulligan rule, next to the shuffle-only baseline.

    The wants are "1+ of a 9-copy class" and "1+ of a 6-copy class", so roughly 60% of hands
    mulligan under keep-if. Call with numba's thread count set to 1 for per-core figures.
    """
    import time

    from sim.odds.profiles import PROFILES

    def rate(fn) -> float:
        fn(1000)  # compile / warm up outside the timing
        best = 0.0
        for _ in range(3):
            t0 = time.perf_counter()
            fn(samples)
            best = max(best, samples / (time.perf_counter() - t0))
        return best

    out: list[dict[str, float | str]] = []
    base = None
    for game in ("fftcg", "gbf", "pso2", "coj"):
        p = PROFILES[game]
        classes = np.array([1] * 9 + [2] * 6 + [0] * (p.deck_size - 15), np.uint8)
        need = np.array([1, 1], np.int64)
        seen = np.array([p.hand], np.int64)
        kind = p.mulligan
        if base is None:
            base = rate(lambda k, c=classes, h=p.hand: _shuffle_only(c, h, k, 1))
            out.append({"name": "odds baseline: shuffle and deal only (fftcg deck)", "per_s_per_core": base,
                        "baseline_ratio": 1.0})
        inc, rank = class_increments(need.size), class_ranks(need.size)
        r = rate(lambda k, c=classes, s=seen, kd=kind, m=p.max_mulligans, h=p.hand, w=need, i=inc, rk=rank:
                 _sample(c, w, i, rk, h, s, kd, m, k, 1, 0, 0, BLOCKS))
        out.append({"name": f"odds {game}: opening hand with keep-if mulligan", "per_s_per_core": r,
                    "baseline_ratio": r / base})
    return out
