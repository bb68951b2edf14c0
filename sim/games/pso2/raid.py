"""PSO2 TCG co-op raid (協力レイドバトル, digest §11): 1 to 4 party players against a scripted Boss.

Seats 0..k-1 are the party (each a normal deck and policy), seat k the Boss: its Player-card row is
the Boss card (`hp` = Life, `atk` = its attack) and its deck the Boss deck (a boss file: sim.run.raid).
Turn order P1 .. Pk, Boss (Normal: the party first, and its first player draws on turn 1; Hard and
Very Hard: the Boss first). Party turns are PvP turns against the Boss (damage to the Boss lowers
its Life; the Boss card deals no damage back to its attacker unless raid_boss_strikes_back). A Boss turn: a random surviving target player; untap; play the top `k` cards of the Boss
deck (Very Hard: k + 1; eliminated players count), no cost, characters to the front row OFF,
Actives resolve; then the Boss, its front-row characters in entry order and its back-row ones in
the order they moved back attack the target player (one whose 連撃 turned it ON attacks again at
once, option raid_boss_combo, 302.5); the end phase as in PvP. The Boss deck never
runs out (its discard is shuffled back in). The party wins when the Boss's Life is 0 and loses when
every party deck is 0; a player at 0 is eliminated (their cards leave the game).
Special rules: a party member's ON Warcry character may cover any party player (policy), a party
player's 回復 mode (a) may refill another party player's deck (policy heal_seat), the
party chooses among a Boss card's options (option raid_party_tiebreak), Drop fires in the Boss's
turn only (the other party players are not opponents), and the party plays Quick Actives in the
Boss's turn: at the battle start step of each Boss attack and in the Boss's end phase
(actions.quick_plays).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.engine.compiled import K_KW, K_POWER, K_TYPE, CompiledDeck
from sim.engine.jit import engine_jit
from sim.engine.kernel import randbelow, shuffle
from sim.engine.threads import run_chunks
from sim.games.pso2.actions import attack, end_phase, find_entry, party_turn, resolve, settle, start_phase
from sim.games.pso2.engine import (
    check_seat,
    deal_seat,
    game_template,
    seed_streams,
    setup_seats,
    tables,
)
from sim.games.pso2.rules import (
    CT_ACTIVE,
    CT_CHARA,
    G_BOSS,
    G_CHECK,
    G_CLEAR,
    G_DETAIL,
    G_OVER,
    G_PENDING,
    G_RAID,
    G_TARGET,
    G_TP,
    G_TURN,
    G_VIOL,
    K_HP,
    KW_AMBUSH,
    NSMAX,
    O_RAID_COMBO,
    O_RAID_DIFF,
    O_RAID_FD_ALL,
    O_RAID_NEW_ATTACK,
    P_BOSS,
    P_DECK,
    P_HAND,
    P_LIFE,
    P_N,
    P_NDC,
    P_NIT,
    P_NU,
    P_OUT,
    P_QRDEAD,
    P_TAKEN,
    TR_CAST,
    TR_ENTER,
    U_BACK,
    U_ENTRY,
    U_FROZEN,
    U_ON,
    U_ROW,
    add_unit,
    check_loss,
    new_state,
    player_row,
    reset_state,
    rng,
    state_of,
    to_discard,
    vDC,
    vDK,
    vG,
    vIT,
    vK,
    vP,
    vU,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards, units or PP cards, vector bodies rarely run

MAX_PARTY = NSMAX - 1
MAX_ROUNDS = 40  # [NOT IN DOC] a cap on full rounds (every seat's turn); reaching it is recorded as a timeout
# raid result columns (int64): outcome, rounds begun, game turns, Boss Life left, then per party seat
# the damage taken (cards milled by damage, 201.4) and whether it was eliminated
R_OUTCOME, R_ROUNDS, R_TURNS, R_LIFE = range(4)
R_TAKEN = 4
R_OUT = R_TAKEN + MAX_PARTY
R_NCOLS = R_OUT + MAX_PARTY
CLEAR, WIPED, TIMEOUT = 0, 1, 2
OUTCOMES = ("clear", "wiped", "timeout")
V_RAID = 128  # Boss Life below 0 or above its start, a Boss hand, a party player at 0 not out, or the end wrong
CHUNK = 64


def play_raid(party: list[CompiledDeck], boss: CompiledDeck, policies: list[int], *, seed: int, n: int,
              stream: int = 0, start: int = 0, options: dict[str, int] | None = None,
              check: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Raids start..start+n-1 of (seed, stream): per raid the R_* columns, and the V_* violation bits
    (zeros unless `check`: invariants after every turn)."""
    if not 1 <= len(party) <= MAX_PARTY:
        raise ValueError(f"a raid party has 1 to {MAX_PARTY} players")
    g0 = game_template(list(policies) + [2], "games", options, [None] * (len(party) + 1))
    g0[G_RAID], g0[G_BOSS], g0[G_CHECK] = 1, len(party), int(check)
    cards, effs, sizes = tables(list(party) + [boss])
    out = np.zeros((n, R_NCOLS), np.int64)
    viol = np.zeros(max(n, 1), np.int64)
    run_chunks(_raid_batch, -(-n // CHUNK), cards, effs, sizes, g0, np.int64(seed), np.int64(stream),
               np.int64(start), n, out, viol)
    return out, viol[:n]


@njit(nogil=True, cache=True)
def _raid_batch(cards, effs, sizes, g0, seed, stream, start, n, out, viol, lo, hi):
    for k in range(lo, hi):
        owned = new_state(cards, effs)
        for i in range(k * CHUNK, min(n, (k + 1) * CHUNK)):
            if i > k * CHUNK:
                reset_state(owned, g0[G_DETAIL])
            s = state_of(owned)
            seed_streams(s, seed, stream, start + i)
            raid_game(s, g0, sizes, out[i])
            viol[i] = vG(s)[G_VIOL]


@engine_jit
def raid_setup(s, g0, sizes):
    """Options, the Boss seat (Life from the Boss card, deck shuffled, no hand), the party's hands
    and face-down PP (option raid_fd_pp_all)."""
    P, G = vP(s), vG(s)
    for k in range(G.shape[0]):
        G[k] = g0[k]
    boss = G[G_BOSS]
    boss_first = G[O_RAID_DIFF] >= 1
    setup_seats(s, sizes, boss if boss_first else 0)
    for p in range(boss):
        deal_seat(s, p, G[O_RAID_FD_ALL] == 1 or boss_first or p > 0)
    P[boss, P_BOSS] = 1
    P[boss, P_LIFE] = vK(s)[boss, player_row(s), K_HP]
    n = P[boss, P_N]
    for k in range(n):
        vDK(s)[boss, k] = k
    shuffle(rng(s, boss), vDK(s)[boss], n)
    P[boss, P_DECK] = n


@engine_jit
def boss_refill(s, b):
    """The Boss never decks out: an empty Boss deck takes its shuffled discard at once."""
    P, DK, DC = vP(s), vDK(s), vDC(s)
    if P[b, P_DECK] > 0:
        return
    for i in range(P[b, P_NDC]):
        DK[b, i] = DC[b, i]
    P[b, P_DECK] = P[b, P_NDC]
    P[b, P_NDC] = 0
    shuffle(rng(s, b), DK[b], P[b, P_DECK])


@engine_jit
def boss_play_top(s, b):
    """The Boss plays its top card, paying nothing: a character to the front row OFF (奇襲: ON) with
    【登場時】; an Active resolves and is discarded; an Item's abilities resolve and it stays."""
    P, K = vP(s), vK(s)
    boss_refill(s, b)
    if P[b, P_DECK] == 0:
        return
    P[b, P_DECK] -= 1
    c = vDK(s)[b, P[b, P_DECK]]
    t = K[b, c, K_TYPE]
    if t == CT_CHARA:
        j = add_unit(s, b, c, 1 if K[b, c, K_KW] & KW_AMBUSH else 0)
        resolve(s, b, c, TR_ENTER, vU(s)[b, j, U_ENTRY])
    elif t == CT_ACTIVE:
        resolve(s, b, c, TR_CAST, -1)
        to_discard(s, b, c)
    else:
        vIT(s)[b, P[b, P_NIT]] = c
        P[b, P_NIT] += 1
        resolve(s, b, c, TR_ENTER, -1)
    settle(s)


@engine_jit
def boss_turn(s):
    P, G, U = vP(s), vG(s), vU(s)
    b = G[G_BOSS]
    G[G_TP] = b
    alive = 0
    for q in range(b):
        alive += 1 - P[q, P_OUT]
    k = randbelow(rng(s, 2 * s[5]), alive)  # target phase: a surviving party player at random
    for q in range(b):
        if P[q, P_OUT] == 0:
            if k == 0:
                G[G_TARGET] = q
                break
            k -= 1
    start_phase(s, b)
    G[G_PENDING] += b + (1 if G[O_RAID_DIFF] == 2 else 0)  # eliminated players count too
    while G[G_PENDING] > 0 and not G[G_OVER]:
        G[G_PENDING] -= 1
        boss_play_top(s, b)
    G[G_PENDING] = 0
    # battle: the Boss, then front-row characters by entry, then back-row ones by their move back
    order = np.empty(P[b, P_NU], np.int64)
    m = 0
    order[m] = 0
    m += 1
    for row in range(2):
        start = m
        for j in range(1, P[b, P_NU]):
            if U[b, j, U_ROW] == row:
                key = U[b, j, U_ENTRY] if row == 0 else U[b, j, U_BACK]
                x = m
                while x > start and order[x - 1] > key:  # insertion by key (entries are seat-unique)
                    order[x] = order[x - 1]
                    x -= 1
                order[x] = key
                m += 1
    for i in range(m):
        if G[G_OVER] or P[G[G_TARGET], P_OUT]:
            break
        j = 0 if i == 0 else find_key(s, b, order[i])
        if j < 0 or U[b, j, U_FROZEN]:
            continue
        if j == 0 and vK(s)[b, player_row(s), K_POWER] <= 0:  # a Boss card without attack does not attack
            continue
        if not U[b, j, U_ON]:
            if j == 0 or not G[O_RAID_NEW_ATTACK]:
                continue
            U[b, j, U_ON] = 1
            P[b, P_QRDEAD] = 0
        e = U[b, j, U_ENTRY]
        for _ in range(4):  # 302.5: 連撃 turned it ON again (once per turn, 302.5.1): it attacks again
            attack(s, b, j, 0, -1)
            j = find_entry(s, b, e)
            if not G[O_RAID_COMBO] or j < 0 or not U[b, j, U_ON] or U[b, j, U_FROZEN] or G[G_OVER] \
                    or P[G[G_TARGET], P_OUT]:
                break
    if not G[G_OVER]:
        end_phase(s, b)  # the party's Quick plays in the turn end step, then the refresh step


@engine_jit
def find_key(s, b, key):
    U = vU(s)
    for j in range(1, vP(s)[b, P_NU]):
        if (U[b, j, U_ROW] == 0 and U[b, j, U_ENTRY] == key) or (U[b, j, U_ROW] == 1 and U[b, j, U_BACK] == key):
            return j
    return -1


@engine_jit
def raid_check(s, tp):
    """Check mode: every live seat's invariants (check_seat; `tp` = the seat whose turn just ended,
    -1 after setup), and the raid's own (V_RAID)."""
    P, G = vP(s), vG(s)
    b = G[G_BOSS]
    v = 0
    for q in range(b):
        if P[q, P_OUT] == 0:
            v |= check_seat(s, q, tp)
            if P[q, P_DECK] == 0 and not G[G_OVER]:  # 0 -> eliminated at once (a cleared raid stops there)
                v |= V_RAID
        elif P[q, P_NU] != 1:
            v |= V_RAID
    v |= check_seat(s, b, tp)
    if P[b, P_LIFE] < 0 or P[b, P_LIFE] > vK(s)[b, player_row(s), K_HP] or P[b, P_HAND] != 0:
        v |= V_RAID
    if (P[b, P_LIFE] == 0) != (G[G_CLEAR] == 1):
        v |= V_RAID
    G[G_VIOL] |= v


@engine_jit
def raid_game(s, g0, sizes, out):
    P, G = vP(s), vG(s)
    raid_setup(s, g0, sizes)
    b = G[G_BOSS]
    if G[G_CHECK]:
        raid_check(s, -1)
    rounds = 0
    while rounds < MAX_ROUNDS and not G[G_OVER]:
        rounds += 1
        for k in range(b + 1):
            seat = k if G[O_RAID_DIFF] == 0 else (b if k == 0 else k - 1)
            if seat != b and P[seat, P_OUT]:
                continue
            G[G_TURN] += 1
            if seat == b:
                boss_turn(s)
            else:
                party_turn(s, seat, 1)  # raid Normal: the party's first player draws on turn 1 too
            check_loss(s)
            if G[G_CHECK]:
                raid_check(s, seat)
            if G[G_OVER]:
                break
    out[R_OUTCOME] = CLEAR if G[G_CLEAR] else (WIPED if G[G_OVER] else TIMEOUT)
    out[R_ROUNDS] = rounds
    out[R_TURNS] = G[G_TURN]
    out[R_LIFE] = P[b, P_LIFE]
    for q in range(b):
        out[R_TAKEN + q] = P[q, P_TAKEN]
        out[R_OUT + q] = P[q, P_OUT]
