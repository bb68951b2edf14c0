"""A turn-by-turn account of one FFTCG game, for reading how a policy plays a deck.

The game is the one `simulate` plays as game `index` of (seed, stream): the same compiled steps as
fftcg.play_kernel / search_kernel (begin_game, then one take_turn, or search_turn when a seat searches, per game
turn), called from Python so that the position can be read between turns. Per turn it reports what the cards'
states show: the cards cast (S_PLAYED), the Forwards that attacked and are still on the field (S_ATTACKED), every
card that changed zone on either side from the start to the end of the turn (payments, breaks, searches, damage; a
card drawn this turn shows as "drawn"; listed by seat and card, not in the order they moved), and the position at
the end of the turn. Choices inside a turn (targets, blocks, the order of actions) are not recorded by the engine,
so the account shows their outcome, not the choice itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from sim.engine.compiled import K_COST, K_TYPE
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg.search import search_workspace
from sim.games.fftcg.turn import take_turn

ZONE_NAMES = {K.Z_DECK: "deck", K.Z_HAND: "hand", K.Z_FIELD: "field", K.Z_BREAK: "Break Zone",
              K.Z_DAMAGE: "Damage Zone", K.Z_LB: "LB deck", K.Z_LB_UP: "LB deck (face up)", K.Z_REMOVED: "removed"}
SEATS = "AB"


@dataclass
class TurnRecord:
    turn: int  # game turn, 1-based
    seat: int  # the turn player: 0 = deck A, 1 = deck B
    cast: list[str]
    attacked: list[str]
    moved: list[str]  # "B Rude: deck -> field"
    damage: tuple[int, int]  # each player's damage at the end of the turn
    position: list[str]  # one line per seat: field (power, dull, frozen) and hand


@dataclass
class GameTrace:
    first: int
    turns: list[TurnRecord] = field(default_factory=list)
    winner: int = -1  # sim.engine.results WIN_A / WIN_B / DRAW / DOUBLE_LOSS
    reason: int = -1  # sim.engine.results END_*


def _label(names: tuple[str, ...], cards: np.ndarray, c: int) -> str:
    return f"{names[c]} ({cards[c, K_COST]})"


def _origin(zone: int, drawn: bool) -> str:
    """Where a card came from this turn: a card drawn this turn and moved on shows as drawn, not as from the deck."""
    return "drawn" if drawn and zone == K.Z_DECK else ZONE_NAMES[int(zone)]


def _position(S, v, names, cards, p: int) -> str:
    cs, ls, ps = v["cs"], v["ls"], v["ps"]
    shown = []
    for k in range(ps[p, K.P_FN]):
        c = int(ls[p, K.L_FIELD, k])
        s = names[p][c]
        if cards[p][c, K_TYPE] == K.FORWARD:
            s += f" {int(K.power(S, p, c))}"
        if cs[p, K.S_FROZEN, c]:
            s += " frozen"
        elif cs[p, K.S_DULL, c]:
            s += " dull"
        shown.append(s)
    hand = [names[p][int(c)] for c in ls[p, K.L_HAND, :ps[p, K.P_HN]]]
    return f"{SEATS[p]} field: {', '.join(shown) or '-'} | hand ({len(hand)}): {', '.join(hand) or '-'}"


def trace_game(a: F.FFTCGDeck, b: F.FFTCGDeck, policy_a: int, policy_b: int, *, seed: int, stream: int = 0,
               index: int = 0, options: dict[str, int] | None = None, models: np.ndarray | None = None) -> GameTrace:
    """Play game `index` of (seed, stream) between compiled decks a (seat A) and b (seat B) and record it; a
    searching seat scores with its row of `models` (as F.play: by default F.seat_models)."""
    cards, effs, nmain, ntot, pols, prms, opt, _ = F._prepare(a, b, policy_a, policy_b, options, None, None)
    flags = F.deck_flags(cards, effs, nmain, ntot)
    blob = F.new_blob(cards, effs)  # held here: S is its address
    S, threshold, first = F.begin_game(blob, flags, nmain, ntot, pols, prms, opt, seed, stream, index, 0)
    v = F.views(blob)
    cs, ps, gs = v["cs"], v["ps"], v["gs"]
    work = None
    if prms[:, K.PR_BUDGET].any():  # as the kernels (fftcg.kernel_for)
        work = search_workspace(S, F.seat_models(a, b, policy_a, policy_b) if models is None else models)
    names = (a.names, b.names)
    out = GameTrace(first=int(first))
    p, gturn = int(first), 0
    while gturn < F.MAX_TURNS and not gs[K.X_OVER]:
        gturn += 1
        zones = cs[:, K.S_ZONE, :].copy()
        played = cs[:, K.S_PLAYED, :].copy()
        drawn = cs[:, K.S_DRAWN, :].copy()
        if work is None:
            take_turn(S, p, gturn, threshold, 0)
        else:
            F.search_turn(S, p, gturn, threshold, 0, work)
        cast = [_label(names[p], cards[p], c) for c in range(ntot[p]) if played[p, c] < 0 <= cs[p, K.S_PLAYED, c]]
        attacked = [names[p][c] for c in range(ntot[p])
                    if cs[p, K.S_ATTACKED, c] and cs[p, K.S_ZONE, c] == K.Z_FIELD]
        moved = [f"{SEATS[s]} {names[s][c]}: {_origin(zones[s, c], drawn[s, c] != cs[s, K.S_DRAWN, c])} -> "
                 f"{ZONE_NAMES[int(cs[s, K.S_ZONE, c])]}"
                 for s in (p, 1 - p) for c in range(ntot[s]) if zones[s, c] != cs[s, K.S_ZONE, c]]
        out.turns.append(TurnRecord(gturn, p, cast, attacked, moved, (int(ps[0, K.P_DMG]), int(ps[1, K.P_DMG])),
                                    [_position(S, v, names, cards, s) for s in range(2)]))
        p = 1 - p
    # as fftcg.end_game: a game still on at the turn cap is a draw
    out.winner = int(gs[K.X_WINNER]) if gs[K.X_OVER] else F.DRAW
    out.reason = int(gs[K.X_REASON]) if gs[K.X_OVER] else F.END_TURN_CAP
    F.keep_alive(blob)
    return out
