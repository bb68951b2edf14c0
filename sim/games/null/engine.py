"""The null game: the runner's test engine and the bench baseline.

It has the engine interface of a real game but no rules. Each game shuffles both decks with the
seats' own sub-streams, "draws" an opening hand of 5 plus 2 cards per own turn for `turns` turns
(about what an FFTCG game draws), and a coin from the per-game RNG picks the first player and
the winner. Real engines' speeds are reported as a ratio to this one, measured in the same run,
so numbers from noisy or different machines stay comparable (DESIGN.md, "Scale").

It accepts decks of any game: a deck's game is never "null".
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards.effects import E_NCOLS, MAX_EFFECTS
from sim.cards.model import Deck
from sim.engine.compiled import K_COST, K_NCOLS, CompiledDeck
from sim.engine.kernel import SUB_COIN, SUB_SEAT0, new_rng, randbelow, shuffle
from sim.engine.results import (
    C_DRAWN,
    C_PLAYED,
    DRAW,
    END_LIFE,
    G_FINAL_A,
    G_FIRST,
    G_REASON,
    G_TURNS,
    G_WINNER,
    T_AVAILABLE,
    T_DAMAGE,
    T_HAND,
    T_NCOLS,
    T_PAID,
    T_PLAYED,
    T_SEAT,
    T_SPENT,
    T_TURN,
    Batch,
    new_batch,
)
from sim.engine.threads import run_chunks

GAME = "null"
KEYWORDS: tuple[str, ...] = ()
# The policies are accepted for interface parity; a coin decides every game whatever they are.
POLICIES: dict[str, int] = {"random": 0, "aggro": 1, "curve": 2, "control": 3}
OPTIONS: dict[str, tuple[int, str]] = {
    "turns": (8, "own turns per seat; each seat draws 5 + 2 * turns cards (not a rule: the null game has none)"),
    "hand": (5, "opening hand size"),
    "draw_rate": (0, "per mille chance that a game is a draw instead of a coin-flip win (tests the draw path)"),
}
FINAL_MEASURE = "cost_drawn"  # total cost of the cards each seat drew: keeps the draws observable
MAX_TURNS = 64  # game turns; `turns` is clamped to MAX_TURNS // 2

HAND, DRAWS_PER_TURN = 5, 2


def compile_matchup(deck_a: Deck, deck_b: Deck) -> tuple[CompiledDeck, CompiledDeck]:
    """Card costs and identities only: the null game reads nothing else, so any game's deck fits."""
    return _compile(deck_a), _compile(deck_b)


def _compile(deck: Deck) -> CompiledDeck:
    cards = deck.main_cards()
    table = np.zeros((len(cards), K_NCOLS), np.int32)
    table[:, K_COST] = [c.cost for c in cards]
    effects = np.zeros((len(cards), MAX_EFFECTS, E_NCOLS), np.int32)
    return CompiledDeck(deck.game, deck.name, table, effects,
                        tuple(c.code for c in cards), tuple(c.name for c in cards))


def play(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int, stream: int,
         start: int, n: int, detail: str = "games", options: dict[str, int] | None = None,
         params_a: np.ndarray | None = None, params_b: np.ndarray | None = None) -> Batch:
    opts = {k: v for k, (v, _) in OPTIONS.items()} | (options or {})
    turns = max(0, min(int(opts["turns"]), MAX_TURNS // 2))
    deck_len = max(len(a), len(b), 1)
    batch = new_batch(n, detail, MAX_TURNS, deck_len)
    # numba needs arrays, not None: unused detail arrays are 1-row dummies that are never written
    t = batch.turns if batch.turns is not None else np.full((1, 1, T_NCOLS), -1, np.int32)
    c = batch.cards if batch.cards is not None else np.full((1, 2, 1, 2), -1, np.int16)
    run_chunks(_play, n, a.cards[:, K_COST].copy(), b.cards[:, K_COST].copy(), np.int64(seed), np.int64(stream),
               np.int64(start), turns, int(opts["hand"]), int(opts["draw_rate"]),
               batch.games, t, c, batch.turns is not None, batch.cards is not None)
    return batch


@njit(nogil=True, cache=True)
def _play(cost_a, cost_b, seed, stream, start, turns, hand, draw_rate, games, trows, crows, want_turns, want_cards,
          lo, hi):
    """Games lo..hi-1 of the batch (sim.engine.threads.run_chunks gives each thread a block)."""
    for i in range(lo, hi):
        index = start + i
        coin = new_rng(seed, stream, index, SUB_COIN)
        first = randbelow(coin, 2)
        for seat in range(2):
            cost = cost_a if seat == 0 else cost_b
            size = cost.shape[0]
            order = np.arange(size)
            shuffle(new_rng(seed, stream, index, SUB_SEAT0 + seat), order, size)
            drawn = min(size, hand + DRAWS_PER_TURN * turns)
            total = 0
            for k in range(drawn):
                total += cost[order[k]]
            games[i, G_FINAL_A + seat] = total
            if want_cards:
                for k in range(size):
                    # position k is drawn in the opening hand (turn 0) or on own turn 1 + (k - hand) // 2
                    crows[i, seat, order[k], C_DRAWN] = 0 if k < hand else (
                        1 + (k - hand) // DRAWS_PER_TURN if k < drawn else -1)
                    crows[i, seat, order[k], C_PLAYED] = -1
        games[i, G_FIRST] = first
        games[i, G_WINNER] = DRAW if randbelow(coin, 1000) < draw_rate else randbelow(coin, 2)
        games[i, G_REASON] = END_LIFE
        games[i, G_TURNS] = 2 * turns
        if want_turns:
            for g in range(2 * turns):
                own = g // 2 + 1
                trows[i, g, T_SEAT] = first if g % 2 == 0 else 1 - first
                trows[i, g, T_TURN] = own
                trows[i, g, T_AVAILABLE] = own
                trows[i, g, T_SPENT] = 0
                trows[i, g, T_PAID] = 0
                trows[i, g, T_HAND] = hand + DRAWS_PER_TURN * own
                trows[i, g, T_PLAYED] = 0
                trows[i, g, T_DAMAGE] = 0


# Invariant violations (check_invariants bits; 0 = all held). The null game has no zones to check:
V_DRAWN = 1  # a seat drew more cards than its deck holds, or not the 5 + 2 * turns (capped) it should
V_TURNS = 2  # the game ran past MAX_TURNS


def check_invariants(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int,
                     stream: int = 0, start: int = 0, n: int, options: dict[str, int] | None = None) -> np.ndarray:
    """The engine interface's invariant check, trivially: plays the games and checks per game that
    each seat drew min(deck size, hand + 2 * turns) distinct copies; an int64 bitmask (V_*) per game."""
    opts = {k: v for k, (v, _) in OPTIONS.items()} | (options or {})
    turns = max(0, min(int(opts["turns"]), MAX_TURNS // 2))
    batch = play(a, b, policy_a, policy_b, seed=seed, stream=stream, start=start, n=n, detail="cards",
                 options=options)
    viol = np.zeros(n, np.int64)
    for seat, deck in enumerate((a, b)):
        size = len(deck)
        drawn = (batch.cards[:, seat, :size, C_DRAWN] >= 0).sum(axis=1)
        viol[(drawn > size) | (drawn != min(size, int(opts["hand"]) + DRAWS_PER_TURN * turns))] |= V_DRAWN
    viol[batch.games[:, G_TURNS] > MAX_TURNS] |= V_TURNS
    return viol
