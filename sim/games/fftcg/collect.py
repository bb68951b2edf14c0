"""search-adapt's collection as one compiled kernel: the curve games of a matchup, the positions the search scores
and their rollout labels (what sim.games.fftcg.adapt.collect_positions describes), played entirely in numba.

Called from Python, a numba helper is emitted as a program of its own without the optimisation across the
functions it calls (sim.engine.linking), so the collection's former Python loop ran play_out several times slower
than a kernel does and linked those helpers again in every new process. The kernel releases the GIL, so a run can
fit several matchups at once in threads (sim.run.runner).
"""

import numpy as np
from numba import njit

from sim.engine.jit import inline_jit
from sim.engine.kernel import address
from sim.engine.results import DRAW
from sim.games.fftcg.core import X_OVER, X_WINNER, keep_alive, st_gs
from sim.games.fftcg.engine import begin_game, deck_flags, new_blob
from sim.games.fftcg.search import (
    MAX_CAND,
    MAX_TURNS,
    NX,
    SEAT_MODEL,
    copy_position,
    deal_world,
    features,
    main_candidates,
    play_out,
    rollout_main,
    value,
)
from sim.games.fftcg.turn import begin_turn, take_turn


@inline_jit
def rollout_mean(T, p, gturn, threshold, B, wrng, pool, rollouts, x, model):
    """Seat p's mean result over `rollouts` curve games played to the end from position T (p to move after game
    turn gturn), each in a world re-sampled as p sees it in the scratch state B (adapt.rollout_mean's value)."""
    total = 0.0
    for _ in range(rollouts):
        deal_world(T, B, p, wrng, pool)
        play_out(B, 1 - p, gturn, threshold, MAX_TURNS)
        total += value(B, p, MAX_TURNS, x, model)
    return total / rollouts


@njit(nogil=True, cache=True)
def collect_kernel(cards, effs, nmain, ntot, pols, prms, opts, seed, stream, games, rollouts, candidates, wrng,
                   x, y, game, decision, mover):
    """Games 0..games-1 of (seed, stream), curve against curve (the tables from engine._prepare), their positions
    written in order into the rows of x (features), y (label), game, decision and mover; wrng is the rollouts'
    world stream, advanced in place. Returns (positions, decision ids used), or (-1, 0) as soon as the positions
    outgrow the arrays (the caller grows them and calls again with wrng as it was)."""
    cap = len(y)
    flags = deck_flags(cards, effs, nmain, ntot)
    blob = new_blob(cards, effs)
    # scratch states with the same card tables: a copy of the game, a world, a rollout
    turn, world, line = blob.copy(), blob.copy(), blob.copy()
    C, B, T = address(turn), address(world), address(line)
    deal = np.empty(ntot.max() + 1, np.int64)
    cand = np.empty(MAX_CAND + 2, np.int64)
    # value's feature buffer and model, unread: every rollout plays to the end
    vx, model = np.empty(NX), np.zeros(SEAT_MODEL)
    n, d = 0, 0
    for index in range(games):
        S, threshold, first = begin_game(blob, flags, nmain, ntot, pols, prms, opts, seed, stream, index, 0)
        for i in range(blob.size):  # an element loop, not a slice assignment: see engine.new_blob
            turn[i] = blob[i]
            world[i] = blob[i]
            line[i] = blob[i]
        gs = st_gs(S)
        start = n
        p, gturn = first, 0
        while gturn < MAX_TURNS and not gs[X_OVER]:
            gturn += 1
            if candidates and 1 < gturn < MAX_TURNS - 1:
                copy_position(S, C)
                if not begin_turn(C, p, gturn, threshold):
                    k = main_candidates(C, p, 1, cand)
                    deal_world(C, B, p, wrng, deal)
                    for j in range(k):
                        copy_position(B, T)
                        rollout_main(T, p, 1, cand[j], gturn, threshold, gturn + 1)
                        if not st_gs(T)[X_OVER]:
                            if n == cap:
                                return -1, 0
                            features(T, p, x[n])
                            # C is free once the candidates are listed and the world dealt: a rollout scratch
                            y[n] = rollout_mean(T, p, gturn + 1, threshold, C, wrng, deal, rollouts, vx, model)
                            game[n], decision[n], mover[n] = index, d, p
                            n += 1
                    d += 1
            take_turn(S, p, gturn, threshold, 0)
            p = 1 - p
            if not gs[X_OVER]:
                if n == cap:
                    return -1, 0
                features(S, p, x[n])
                y[n] = rollout_mean(S, p, gturn, threshold, B, wrng, deal, rollouts, vx, model) if rollouts else np.nan
                game[n], decision[n], mover[n] = index, -1, p
                n += 1
        if not rollouts:  # every position is one after a turn, labelled with its mover's result
            winner = gs[X_WINNER] if gs[X_OVER] else DRAW
            for r in range(start, n):
                y[r] = 0.5 if winner != 0 and winner != 1 else (1.0 if winner == mover[r] else 0.0)
    keep_alive(blob)
    keep_alive(turn)
    keep_alive(world)
    keep_alive(line)
    return n, d
