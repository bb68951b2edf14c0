"""FFTCG games with the searching seat's decisions logged (search.logged_candidate), for
sim.bench.search_disagreements: a kernel of the FFTCG family, so that numba's cache of it is dropped with the
engine's (sim.engine.numba_cache)."""

from numba import njit

from sim.engine.kernel import address
from sim.engine.results import DRAW
from sim.games.fftcg import engine as F
from sim.games.fftcg import search as SR
from sim.games.fftcg.core import PR_BUDGET, X_OVER, X_WINNER, keep_alive, st_gs, st_prm


@njit(cache=True)
def logged_games(cards, effs, nmain, ntot, pols, prms, opts, seed, stream, start, n, log, winners, models):
    """Games start..start+n-1 of (seed, stream) as F.play plays them, the searching seat's main-phase decisions
    and blocks logged in `log` (search.logged_candidate; its header set by the caller); winners[j] := game j's.
    models: each seat's win-probability model (search.search_workspace)."""
    flags = F.deck_flags(cards, effs, nmain, ntot)
    blob = F.new_blob(cards, effs)
    work = SR.search_workspace(address(blob), models)
    for j in range(n):
        log[0, 2] = start + j
        S, threshold, first = F.begin_game(blob, flags, nmain, ntot, pols, prms, opts, seed, stream, start + j, 0)
        p, gturn = first, 0
        gs = st_gs(S)
        while gturn < F.MAX_TURNS and not gs[X_OVER]:
            gturn += 1
            if st_prm(S)[p, PR_BUDGET] > 0:
                SR.searched_turn(S, p, gturn, threshold, 0, log, work)
            else:
                SR.defended_turn(S, p, gturn, threshold, 0, log, work)
            p = 1 - p
        winners[j] = gs[X_WINNER] if gs[X_OVER] else DRAW
    keep_alive(blob)
    keep_alive(work)
