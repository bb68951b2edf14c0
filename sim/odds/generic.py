"""Exact odds under the generic profile's repeatable mulligans (London, Vancouver).

keep-if: a hand is kept when it meets the wants, else mulliganed, up to `max_mulligans` times;
the last hand is kept whatever it is. Every mulligan reshuffles the whole deck, so attempts are
independent and the answer sums over them: P(by turn t) = sum_k P(reach attempt k) *
(P(attempt k meets) + [k is the last] * P(the last hand meets by turn t | it misses now)).

- London (Magic since 2019): draw a full hand, then put k cards on the bottom after the k-th
  mulligan. The kept cards are keep_composition's (cards that help an unmet want, most wants
  first), cut to hand - k.
- Vancouver (Magic 2015-2019): draw hand - k cards; a kept hand smaller than the opening hand
  scries 1: the top card stays if it helps an unmet want, else it goes to the bottom.
`seen[t]` is the opening hand size plus the cards drawn by own turn t, as in OddsQuestion.draws.
"""

from __future__ import annotations

from fractions import Fraction

from sim.odds.counting import _capped, _counts_of, _hands, _p_seen, keep_composition
from sim.odds.profiles import MULL_LONDON


def _helps(cls: int, counts: tuple[int, ...], need: tuple[int, ...]) -> bool:
    return any(cls >> j & 1 and counts[j] < need[j] for j in range(len(need)))


def _rest(sizes: dict[int, int], comp: dict[int, int]) -> dict[int, int]:
    return {c: sizes[c] - comp.get(c, 0) for c in sizes}


def _last_hand_london(sizes, comp, counts, need, hand, seen) -> list[Fraction]:
    """The kept hand misses: the cards under it are drawn (the bottomed ones are out of reach)."""
    rest = _rest(sizes, comp)
    return [_p_seen(rest, n - hand, counts, need) for n in seen]


def _last_hand_vancouver(sizes, comp, counts, need, hand, size, seen) -> list[Fraction]:
    """The kept short hand misses; scry 1 when it is short, then draw."""
    rest = _rest(sizes, comp)
    if size == hand:  # no mulligan taken: no scry
        return [_p_seen(rest, n - hand, counts, need) for n in seen]
    total = sum(rest.values())
    out = [Fraction(0)] * len(seen)
    for cls, k in rest.items():
        if not k:
            continue
        p = Fraction(k, total)
        after = dict(rest)
        after[cls] -= 1
        for t, n in enumerate(seen):
            drawn = n - hand
            if _helps(cls, counts, need):  # stays on top: it is the next card drawn
                out[t] += p * (_p_seen(after, drawn - 1, _capped(counts, need, cls, 1), need) if drawn else 0)
            else:  # to the bottom, out of reach
                out[t] += p * _p_seen(after, drawn, counts, need)
    return out


def exact_repeatable(kind: int, sizes: dict[int, int], need: tuple[int, ...], hand: int, seen: list[int],
                     max_mulligans: int) -> list[float]:
    out = [Fraction(0)] * len(seen)
    reach = Fraction(1)
    for k in range(max_mulligans + 1):
        last = k == max_mulligans
        size = hand if kind == MULL_LONDON else hand - k
        hit = Fraction(0)
        for comp, p in _hands(sizes, size):
            kept = keep_composition(comp, need, budget=hand - k) if kind == MULL_LONDON else comp
            counts = _counts_of(kept, need)
            if counts == need:
                hit += p
            elif last:
                rest_odds = (_last_hand_london(sizes, comp, counts, need, hand, seen) if kind == MULL_LONDON
                             else _last_hand_vancouver(sizes, comp, counts, need, hand, size, seen))
                out = [o + reach * p * r for o, r in zip(out, rest_odds, strict=True)]
        out = [o + reach * hit for o in out]
        reach *= 1 - hit
    return [float(o) for o in out]
