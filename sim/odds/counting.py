"""The odds question and the exact counting it rests on (shared by the exact answers of every mulligan rule).

A card's class is the set of wants it matches (a bitmask). The exact answer counts the ways to
draw each class (multivariate hypergeometric, by dynamic programming over classes with counts
capped at what each want needs) and walks every first hand for the mulligan rules. The simulated
answer deals hands with sim.engine.opening, exactly as the engines do, and reports a Wilson interval.

"Seen by turn t" counts every card drawn into the hand up to the start of the seat's own turn t
(turn 0 = the opening hand after mulligans). Cards played or discarded still count; the CoJ hand
limit, PSO2's optional PP-phase draw and effects that draw are left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from sim.errors import InputError
from sim.odds.profiles import (
    MULL_ALL_TO_BOTTOM,
    MULL_LONDON,
    MULL_PARTIAL_TO_BOTTOM,
    MULL_VANCOUVER,
    Profile,
)

# Mulligans that put cards under the deck: draws must stop short of them (OddsQuestion.check).
TO_BOTTOM = (MULL_ALL_TO_BOTTOM, MULL_PARTIAL_TO_BOTTOM, MULL_LONDON, MULL_VANCOUVER)


@dataclass(frozen=True)
class OddsQuestion:
    classes: tuple[int, ...]  # class bitmask of each card copy
    need: tuple[int, ...]  # copies wanted per want
    profile: Profile
    seat_first: bool
    turns: int
    keep_if: bool  # mulligan hands that miss the wants (per the game's procedure)
    max_mulligans: int

    @property
    def deck_size(self) -> int:
        return len(self.classes)

    def draws(self) -> list[int]:
        """Cards seen by own turn t, for t = 0..turns."""
        return [self.profile.hand + self.profile.draws_by_turn(self.seat_first, t) for t in range(self.turns + 1)]

    def check(self) -> None:
        seen = self.draws()[-1]
        # without keep-if no card goes to the bottom, so the whole deck can be drawn
        to_bottom = self.keep_if and self.profile.mulligan in TO_BOTTOM
        room = self.deck_size - (self.profile.hand if to_bottom else 0)
        if seen > room:
            raise InputError("--turns", f"by turn {self.turns} the seat would see {seen} cards but only {room} "
                                        "can be drawn before the deck runs out or reaches mulliganed cards")


# ---------------------------------------------------------------- exact
def _popcount(c: int) -> int:
    return bin(c).count("1")


def _capped(counts: tuple[int, ...], need: tuple[int, ...], cls: int, x: int) -> tuple[int, ...]:
    return tuple(min(need[j], counts[j] + (x if cls >> j & 1 else 0)) for j in range(len(need)))


@lru_cache(maxsize=65536)
def _success_ways(sizes: tuple[tuple[int, int], ...], n: int, start: tuple[int, ...], need: tuple[int, ...]) -> int:
    """Ways to draw n cards from classes (cls, size) so that the capped counts, from `start`, reach `need`."""
    states: dict[tuple[int, tuple[int, ...]], int] = {(0, start): 1}
    for cls, size in sizes:
        nxt: dict[tuple[int, tuple[int, ...]], int] = {}
        for (drawn, counts), ways in states.items():
            for x in range(min(size, n - drawn) + 1):
                key = (drawn + x, _capped(counts, need, cls, x))
                nxt[key] = nxt.get(key, 0) + ways * math.comb(size, x)
        states = nxt
    return sum(w for (drawn, counts), w in states.items() if drawn == n and counts == need)


def _p_seen(sizes: dict[int, int], n: int, start: tuple[int, ...], need: tuple[int, ...]) -> Fraction:
    total = sum(sizes.values())
    if n > total:
        raise ValueError("drawing more cards than the deck holds")
    items = tuple(sorted((c, s) for c, s in sizes.items() if s > 0))
    return Fraction(_success_ways(items, n, start, need), math.comb(total, n))


def _hands(sizes: dict[int, int], hand: int):
    """Every first-hand composition {class: count} with its probability."""
    classes = sorted(sizes)
    total = math.comb(sum(sizes.values()), hand)

    def rec(i: int, left: int, acc: dict[int, int], ways: int):
        if i == len(classes):
            if left == 0:
                yield dict(acc), Fraction(ways, total)
            return
        c = classes[i]
        for x in range(min(sizes[c], left) + 1):
            acc[c] = x
            yield from rec(i + 1, left - x, acc, ways * math.comb(sizes[c], x))
        del acc[c]

    yield from rec(0, hand, {}, 1)


def _counts_of(comp: dict[int, int], need: tuple[int, ...]) -> tuple[int, ...]:
    counts = tuple(0 for _ in need)
    for cls, x in comp.items():
        counts = _capped(counts, need, cls, x)
    return counts


def keep_composition(comp: dict[int, int], need: tuple[int, ...], budget: int | None = None) -> dict[int, int]:
    """GBF keep-if: keep cards that still help an unmet want, most-useful class first (matches
    _partial_keep); London keeps at most `budget` of them."""
    have = [0] * len(need)
    kept: dict[int, int] = {}
    left = sum(comp.values()) if budget is None else budget
    for cls in sorted((c for c, x in comp.items() if x), key=lambda c: (-_popcount(c), -c)):
        k = 0
        for _ in range(comp[cls]):
            if left == 0 or not any(cls >> j & 1 and have[j] < need[j] for j in range(len(need))):
                break
            left -= 1
            k += 1
            for j in range(len(need)):
                if cls >> j & 1:
                    have[j] += 1
        kept[cls] = k
    return kept
