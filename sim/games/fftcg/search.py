"""FFTCG search policy: determinised Monte Carlo over the searching seat's own decisions.

At each main-phase decision (cast a card, use an action ability, or pass) and each attack declaration
(attack with one Forward, with a party, or end the Attack Phase) of its own turn, and at each block in the
opponent's turn (which active Forward, or none), the searching seat lists its legal candidates and scores each
by rollouts: the position is copied with what the seat cannot see re-sampled (the order of its own deck; the
opponent's hand and deck shuffled together and dealt back, so the opponent's hand is any hand consistent with
its size), the candidate is applied, and the game is played on by the curve policy for both seats (the search
does not know the opponent's policy). Every candidate alive in a round plays the same worlds with the same
random streams (common random numbers).

`search` (`search:N`, `search:N:D`): a rollout stops at the end of the opponent's D-th turn from the decision
on (DEFAULT_DEPTH; a block is decided in the opponent's turn, which counts as the first; at least OPENING_DEPTH in
each seat's first main phases), with the searching seat to move, and is scored by the win-probability model WIN_MODEL (a logistic regression on `features`, fitted on
curve games by sim.bench.winmodel); a game that ended in the rollout scores 1, 0 or 1/2 (draw). The N
rollouts are spent by successive halving: ceil(log2 n) rounds for n candidates, each round giving its
survivors an equal share (N // (survivors * rounds) worlds each, at least one) and keeping the better half by
total score (ties keep the earlier in the current order: at first the listing order, curve's own choice
first); racing (drop_clear_losers) drops a candidate as soon as it is clearly behind the leader and ends the
decision when one is left. D = 0 plays rollouts to the end of the game.

The model is data: the search kernel gets each seat's (search_workspace, seat_model), WIN_MODEL for `search`;
`search-adapt` (`search-adapt:N`, `search-adapt:N:D`; the ADAPT bit in its code) is the same search with its
matchup's model (sim.games.fftcg.adapt), which engine.seat_models passes in.

`search-full` (`search-full:N`): the reference search it replaced: the N rollouts split evenly over the
candidates (at least one world each), every rollout played to the end of the game; the most wins (a draw
counts half) is taken, ties keep the earlier listed.

Every other choice of the searching seat (payments and discards for CP, instant-speed responses,
targets, the End Phase discard, the mulligan) is the curve policy's. The policy code sits in
prm[p, PR_BUDGET] (BUDGET_MASK, DEPTH_SHIFT, FULL). Not re-sampled: the order of the opponent's
face-down LB deck (its contents are public to neither side in the real game; here the search reads
them as they are).
"""


import numpy as np
from numba import carray, types

from sim.cards.effects import E_TRIGGER
from sim.engine.compiled import K_COST, K_NAME, K_NEFF, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import address, next_u64, pointer_intrinsic, randbelow
from sim.engine.results import DRAW
from sim.games.fftcg.core import (
    BACKUP,
    BLOB_SIZE,
    CURVE,
    DYN_SIZE,
    FORWARD,
    K_WORTH,
    KW_BRAVE,
    KW_FIRST_STRIKE,
    KW_HASTE,
    KW_NO_BLOCK,
    L_BKP,
    L_FIELD,
    L_FWD,
    L_HAND,
    L_ORDER,
    N_Q,
    NPARAM,
    OFF_Q,
    OFF_VAR,
    P_DMG,
    P_FN,
    P_HN,
    P_NB,
    P_NF,
    P_NMAIN,
    P_NTOT,
    P_POLICY,
    P_TOP,
    PR_BUDGET,
    QCAP,
    RANDOM,
    S_DULL,
    S_FROZEN,
    S_ZONE,
    SUMMON,
    TR_ACTION,
    TR_ACTION_BREAK,
    TR_CAST,
    X_OVER,
    X_QH,
    X_QT,
    X_WINNER,
    Z_BREAK,
    Z_DECK,
    Z_HAND,
    Z_LB,
    W,
    check_over,
    hand_reserve,
    has_kw,
    has_trigger,
    keep_alive,
    power,
    st_cards,
    st_cs,
    st_dyn,
    st_effs,
    st_gs,
    st_ls,
    st_prm,
    st_ps,
    st_rng,
    st_scr,
    st_whole,
)
from sim.games.fftcg.policy import (
    ACTIVATE,
    CAST,
    ability_useful,
    beyond_cp,
    can_activate,
    can_attack,
    can_cast,
    card_useful,
    choose_attack,
    choose_block,
    choose_main,
    party_for,
    prepare_cast_context,
    rng,
)
from sim.games.fftcg.turn import (
    ACTION_CAP,
    activate,
    attack_phase,
    attack_phase_start,
    begin_turn,
    cast,
    close_turn,
    declare_attack,
    end_phase,
    main_phase,
    one_attack,
    resolve_attack,
    take_turn,
)

MAX_TURNS = 60  # game turns (fftcg.MAX_TURNS): rollouts end where real games do
MAIN, ATTACK, BLOCK = 0, 1, 2  # the decisions it searches
NAMES = 2 * W  # name ids are shared by the two decks of a matchup
MAX_CAND = 32  # candidates per decision (hand of at most ~15 cards, 8 LB cards, abilities, pass)

# prm[p, PR_BUDGET] of a searching seat: rollouts per decision in the low bits, the rollout depth + 1 above them
# (0: DEFAULT_DEPTH), and FULL for today's reference search (flat budget split, every rollout to the end)
BUDGET_MASK = (1 << 17) - 1
DEPTH_SHIFT = 17
DEPTH_MASK = 63
FULL = 1 << 23
ADAPT = 1 << 24  # search-adapt: the seat scores with its matchup's model (sim.games.fftcg.adapt), not WIN_MODEL
DEFAULT_BUDGET = 32  # rollouts per decision of plain "search"
DEFAULT_DEPTH = 1  # opponent turns a rollout plays before the model scores it (0: to the end of the game)
# main-phase decisions of game turns 1..OPENING_TURNS (each seat's first turn) play their rollouts at least
# OPENING_DEPTH opponent turns deep: the decision log found the truncated search's costliest disagreements with
# search-full there (casting a Forward where a Backup's CP pays off after the horizon; docs/policies_fftcg.md)
OPENING_TURNS = 2
OPENING_DEPTH = 2
FULL_BUDGET = 128  # rollouts per decision of plain "search-full"
RACE_MIN = 3  # worlds every alive candidate plays before racing may drop one
RACE_Z = 2.5  # standard errors of the per-world difference that make a candidate's deficit clear


# ---- the win-probability model that scores truncated rollouts --------------------------------------------------
NSIDE = 24  # features per seat (see features)
NFEAT = 2 * NSIDE
# the features whose pairwise products (each pair once, squares included) the model adds to the linear terms:
# per seat damage, hand size, Forwards, Backups, their power, the ready ones and their power, hand and field
# worth, lethal pressure (interactions such as "damage x the opponent's ready power" decide races)
PAIRED = np.array([0, 3, 5, 6, 7, 8, 9, 10, 11, 12, NSIDE, NSIDE + 3, NSIDE + 5, NSIDE + 6, NSIDE + 7, NSIDE + 8,
                   NSIDE + 9, NSIDE + 10, NSIDE + 11, NSIDE + 12])
NPAIRED = len(PAIRED)
NTERMS = NFEAT + NPAIRED * (NPAIRED + 1) // 2
NX = NFEAT + NPAIRED  # a feature buffer's size: the features, then model_z's copy of the PAIRED ones
# [intercept, NFEAT linear coefficients, the products' coefficients in `expand` order]: `python -m
# sim.bench.winmodel` (calibration and data in docs/policies_fftcg.md)
WIN_MODEL = np.array([
    0.3098399, -0.2760974, -0.1753341, -0.007693606, 0.4603301, -0.2363267, -0.05989276, 0.7566019, 0.255578,
    -0.1012062, 0.004041242, 0.07303085, -0.01776513, -0.03198184, 0.1600734, -0.04509244, 0.07165385, -0.5361591,
    0.01758648, 0.09055346, 0.04986034, 0.3647652, 0.1748416, 0.07881115, -0.0652452, 0.2562374, 0.1343038, 0.1698286,
    -0.3238777, 0.2425195, 0.4210687, -0.6446916, -0.2949541, 0.2923629, -0.03858324, -0.08249593, 0.0385909,
    -0.02871717, 0.01141997, 0.03517021, -0.04276046, 0.3314134, -0.01968255, -0.07999843, -0.05536256, -0.248089,
    -0.2226141, -0.07603001, 0.07080417, -0.03488151, 0.008616644, -0.04283189, -0.01921137, -0.01280027, 0.0377977,
    0.003565278, -0.001271455, 0.002661755, 0.12053, -0.01171525, -0.003994906, -0.07236564, 0.06437594, 0.0013471,
    -0.01269631, 0.01080431, 0.004430894, -0.01106313, -0.09718808, -0.06149262, -0.02962146, -0.03324317, -0.004013549,
    -0.009339426, -0.003457618, 0.03480805, 0.03391695, -0.07337044, -0.02085597, -0.03425815, 0.137854, -0.01312658,
    -0.03506521, -0.01029573, -0.003066059, 0.008827734, 0.0166838, 0.04753763, 0.2208658, -0.03891057, -0.02025885,
    0.1929321, -0.009443979, 0.003152599, -0.02301239, -0.1580677, -0.01199588, -0.03137237, -0.0009998483, 0.008768207,
    -0.01674241, 0.01654153, -0.1028931, 0.02222501, 0.04172856, 0.1064199, -0.0293165, -0.007136363, 0.01573137,
    -0.003548423, 0.007771409, -0.009937187, -0.01431464, -0.05556568, 0.02071821, 0.1156972, -0.0006606237,
    -0.01177809, -0.1383016, 0.0261521, -0.001268339, -0.003345929, 0.03164577, 0.001234803, -0.04264159, 0.003459921,
    0.003546749, -0.007642328, -0.02499349, -0.001397928, -0.01514013, -0.05622591, 0.007422668, 0.01092915,
    -0.01469918, 0.01415043, -0.003188839, -0.007178685, -0.001170971, 0.1708391, -0.03898595, 0.01233752, 0.003796167,
    -0.1387515, 0.03741063, -0.04944414, -0.007451887, -0.01408844, 0.01101387, 0.02973065, 0.04476998, -0.01896344,
    -0.0273655, 0.1336454, -0.0004813514, -0.002822941, 0.007976012, 0.06242156, 0.0007998489, 0.03076023, 0.0450513,
    -0.002109528, -0.004618007, 0.0840192, -0.01879346, 0.0006894039, 0.002122331, -0.01427326, -0.005835025,
    -0.009578179, -0.01951167, 0.009395507, 0.007027889, -0.005555486, -0.005966021, 0.005971244, 0.002663242,
    0.001276332, -0.003644666, -0.005413929, 0.003422085, 0.001766069, -0.02199233, 0.01841258, -0.005025079,
    -0.02581607, -0.004546535, -0.003104616, -0.03111032, 0.005354396, 0.001362774, 0.00871549, -0.007932997,
    0.08484194, 0.05735412, 0.009808687, 0.04190495, -0.008853225, 0.01242983, 0.00082335, -0.05192686, -0.007357903,
    0.009736577, -0.09991064, 0.04901739, -0.006263836, 0.01465498, 0.008308972, 0.01178341, 0.06009875, -0.0201744,
    0.001143786, -0.001568585, -0.00887654, 0.05977258, -0.04194115, -0.003562378, 0.01806871, 0.001141451,
    -0.005843656, -0.02679665, -0.02019198, 0.08180854, -0.3302873, 0.02926493, 0.06036284, -0.2484742, 0.03640915,
    0.03126415, 0.04355439, -0.02932144, 0.01749968, -0.001087126, 0.02030538, -0.01120467, -0.00244005, 0.02251643,
    0.03690558, 0.002516631, 0.009582156, -0.007560092, -0.004681025, -0.01373035, -0.01113323, -0.2444516, 0.06701485,
    -0.0067714, -0.03027494, -0.07639039, -0.001306818, 0.001779248, 0.00781641, 0.03907436, 0.004368924, 0.004333585,
    0.0006751545, 0.00424649, -0.01014032, 0.000153312])
WIN_MODELS = np.stack([WIN_MODEL, WIN_MODEL])  # both seats' models when neither adapts (search_workspace)
# a seat's model as the search reads it (seat_model): the intercept and linear coefficients, then the products'
# coefficients as an upper-triangular NPAIRED x NPAIRED matrix (row a holds x[PAIRED[a]] * x[PAIRED[b]], b >= a),
# so that model_z reads each row without index arithmetic
PRODUCTS_AT = 1 + NFEAT
SEAT_MODEL = PRODUCTS_AT + NPAIRED * NPAIRED  # float64 words per seat


@engine_jit
def features(S, p, x):
    """x[:NFEAT] := the position as seat p, the next to move, sees it: per seat (p first, then the opponent) its
    damage, damage >= 5, damage >= 6, hand size, how far its deck is below 6 cards (deck-out pressure), Forwards,
    Backups, total Forward power (in thousands), the Forwards ready for the next turn (p's: not Frozen, they
    will untap; the opponent's: not dull, they can block) with their power, the worth (K_WORTH, in CP) of its hand
    and of its Forwards, its lethal pressure (how many ready Forwards it has beyond the other seat's damage left to
    lose, plus one); then the Forwards, Backups and Summons in its hand and the hand's total cost, the Backups with
    abilities and the Backups' worth, the Forwards with Haste, Brave and First Strike (printed or granted by a
    until end of turn or by a static ability) and with abilities, and the cards in its Break Zone."""
    cards, cs, ps, ls = st_cards(S), st_cs(S), st_ps(S), st_ls(S)
    for k in range(2):
        s = p if k == 0 else 1 - p
        o = k * NSIDE
        d = ps[s, P_DMG]
        x[o] = d
        x[o + 1] = 1.0 if d >= 5 else 0.0
        x[o + 2] = 1.0 if d >= 6 else 0.0
        x[o + 3] = ps[s, P_HN]
        x[o + 4] = max(0, 6 - (ps[s, P_NMAIN] - ps[s, P_TOP]))
        x[o + 5] = ps[s, P_NF]
        x[o + 6] = ps[s, P_NB]
        for i in range(13, NSIDE):
            x[o + i] = 0.0
        total, ready, ready_power, field_worth = 0.0, 0.0, 0.0, 0.0
        for j in range(ps[s, P_NF]):
            f = ls[s, L_FWD, j]
            w = power(S, s, f) / 1000.0
            total += w
            field_worth += cards[s, f, K_WORTH]
            if (cs[s, S_FROZEN, f] == 0) if k == 0 else (cs[s, S_DULL, f] == 0):
                ready += 1.0
                ready_power += w
            x[o + 19] += 1.0 if has_kw(S, s, f, KW_HASTE) else 0.0
            x[o + 20] += 1.0 if has_kw(S, s, f, KW_BRAVE) else 0.0
            x[o + 21] += 1.0 if has_kw(S, s, f, KW_FIRST_STRIKE) else 0.0
            x[o + 22] += 1.0 if cards[s, f, K_NEFF] > 0 else 0.0
        x[o + 7] = total
        x[o + 8] = ready
        x[o + 9] = ready_power
        hand_worth = 0.0
        for j in range(ps[s, P_HN]):
            c = ls[s, L_HAND, j]
            hand_worth += cards[s, c, K_WORTH]
            t = cards[s, c, K_TYPE]
            if t == FORWARD or t == BACKUP or t == SUMMON:  # the three in the order of their type codes
                x[o + 13 + t] += 1.0
            x[o + 16] += cards[s, c, K_COST] / 10.0
        for j in range(ps[s, P_NB]):
            c = ls[s, L_BKP, j]
            x[o + 17] += 1.0 if cards[s, c, K_NEFF] > 0 else 0.0
            x[o + 18] += cards[s, c, K_WORTH] / 10.0
        broken = 0  # an integer count, which the compiler vectorises (a float sum in x it could not)
        for c in range(ps[s, P_NTOT]):
            broken += cs[s, S_ZONE, c] == Z_BREAK
        x[o + 23] = broken
        x[o + 10] = hand_worth / 10.0
        x[o + 11] = field_worth / 10.0
        x[o + 12] = max(0.0, ready + 1.0 - (7 - ps[1 - s, P_DMG]))


# ---- worlds and rollouts ------------------------------------------------------------------------------------
@engine_jit
def copy_position(src, dst):
    """dst's position := src's (the blob's changing part, st_dyn), but for the effect queue's rows outside its
    pending part [X_QH, X_QT): nothing reads a row before a push writes it (core.push, core.resolve), and the
    queue is most of the part (1,536 of 4,912 words) and empty at the search's decisions."""
    a, b = st_dyn(src), st_dyn(dst)
    for i in range(OFF_Q):
        b[i] = a[i]
    gs = st_gs(src)
    for t in range(gs[X_QH], gs[X_QT]):
        r = OFF_Q + (t % QCAP) * N_Q
        for i in range(r, r + N_Q):
            b[i] = a[i]
    for i in range(OFF_VAR, DYN_SIZE):
        b[i] = a[i]


@engine_jit
def deal_world(S, B, p, wrng, pool):
    """B := S as seat p knows it, with the unseen re-sampled: p's deck order; the opponent's hand and
    deck shuffled together and dealt back (same hand size); fresh random streams for both seats.
    Both seats then play curve (the search does not know the opponent's policy)."""
    copy_position(S, B)
    cs, ps, ls = st_cs(B), st_ps(B), st_ls(B)
    top, nmain = ps[p, P_TOP], ps[p, P_NMAIN]
    for i in range(nmain - 1, top, -1):
        j = top + randbelow(wrng, i - top + 1)
        ls[p, L_ORDER, i], ls[p, L_ORDER, j] = ls[p, L_ORDER, j], ls[p, L_ORDER, i]
    q = 1 - p
    hn, top, nmain = ps[q, P_HN], ps[q, P_TOP], ps[q, P_NMAIN]
    n = 0
    for k in range(hn):
        pool[n] = ls[q, L_HAND, k]
        n += 1
    for k in range(top, nmain):
        pool[n] = ls[q, L_ORDER, k]
        n += 1
    for i in range(n - 1, 0, -1):
        j = randbelow(wrng, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    for k in range(hn):
        ls[q, L_HAND, k] = pool[k]
        cs[q, S_ZONE, pool[k]] = Z_HAND
    for k in range(top, nmain):
        ls[q, L_ORDER, k] = pool[hn + k - top]
        cs[q, S_ZONE, pool[hn + k - top]] = Z_DECK
    rs = st_rng(B)
    for i in range(4):
        rs[i, 0] = next_u64(wrng)
    prm = st_prm(B)
    for s in range(2):  # the searcher's own parameters are curve's (fftcg._prepare)
        ps[s, P_POLICY] = CURVE
        for k in range(NPARAM):
            prm[s, k] = prm[p, k] if k != PR_BUDGET else 0


@engine_jit
def play_out(T, s, gturn, threshold, stop):
    """From the end of seat s's turn gturn, play on to the end of game turn `stop` (or the end of the game)."""
    gs = st_gs(T)
    g = gturn
    while g < stop and not gs[X_OVER]:
        g += 1
        s = 1 - s
        take_turn(T, s, g, threshold, 0)


@engine_jit
def value(T, p, stop, x, model):
    """Seat p's score of a finished rollout, in [0, 1]: 1 win, 0 loss, 1/2 a draw or no result at the turn cap;
    a game still on before the cap (a truncated rollout, p to move) is scored by p's win-probability model
    (`model`: seat_model; x: a scratch feature buffer of NX entries, allocated once per decision by the caller)."""
    gs = st_gs(T)
    if gs[X_OVER]:
        if gs[X_WINNER] == DRAW:
            return 0.5
        return 1.0 if gs[X_WINNER] == p else 0.0
    if stop >= MAX_TURNS:
        return 0.5
    features(T, p, x)
    return 1.0 / (1.0 + np.exp(-model_z(x, model)))


@engine_jit
def model_z(x, model):
    """The log-odds of `model` (a seat's, laid out by seat_model) for the features x[:NFEAT]: its intercept,
    linear terms and PAIRED products (each pair a <= b once, in the order sim.bench.winmodel.expand lays them out),
    summed in that order. x[NFEAT:NX] is scratch: the PAIRED features are copied there so the products read them
    in a row."""
    z = model[0]
    for i in range(NFEAT):
        z += model[1 + i] * x[i]
    y = x[NFEAT:NX]
    for a in range(NPAIRED):
        y[a] = x[PAIRED[a]]
    for a in range(NPAIRED):
        ya = y[a]
        row = model[PRODUCTS_AT + a * NPAIRED:PRODUCTS_AT + (a + 1) * NPAIRED]
        for b in range(a, NPAIRED):
            z += row[b] * ya * y[b]
    return z


@engine_jit
def after_main(T, p, phase, gturn, threshold, stop):
    """The rest of p's turn after its main phase `phase` ended, then the game on to `stop`."""
    if phase == 2:
        end_phase(T, p)
        play_out(T, p, gturn, threshold, stop)
        return
    attack_phase_start(T, p, threshold)
    if st_gs(T)[X_OVER]:
        return
    attack_phase(T, p, threshold, 0)
    if st_gs(T)[X_OVER]:
        return
    after_attacks(T, p, gturn, threshold, stop)


@engine_jit
def after_attacks(T, p, gturn, threshold, stop):
    """Main Phase 2 and the End Phase of p's turn, then the game on to `stop`."""
    close_turn(T, p, False, threshold, 0)
    play_out(T, p, gturn, threshold, stop)


@engine_jit
def rollout_main(T, p, phase, action, gturn, threshold, stop):
    """Apply main-phase candidate `action` (kind * 65536 + card * 16 + slot; 0 = pass) in T, play on."""
    kind, c, k = action // 65536, (action % 65536) // 16, action % 16
    if kind != 0:
        ok = cast(T, p, c, -1, -1, 0) if kind == CAST else activate(T, p, c, k, 0)
        if check_over(T, threshold):
            return
        if ok:  # a failed payment ends the phase, as in main_phase
            main_phase(T, p, phase, threshold, 0, False)
            if st_gs(T)[X_OVER]:
                return
    after_main(T, p, phase, gturn, threshold, stop)


@engine_jit
def declare(T, p, action):
    """Fill scr[2] with attack candidate `action` (Forward * 2, + 1 for its party); returns its size."""
    f = action // 2
    if action % 2:
        return party_for(T, p, f)
    st_scr(T)[2, 0] = f
    return 1


@engine_jit
def rollout_attack(T, p, action, gturn, threshold, stop):
    """Apply attack candidate `action` (-1 = end the Attack Phase) in T, play on."""
    if action >= 0:
        if one_attack(T, p, declare(T, p, action), threshold, 0):
            return
        attack_phase(T, p, threshold, 0)
        if st_gs(T)[X_OVER]:
            return
    after_attacks(T, p, gturn, threshold, stop)


@engine_jit
def search_workspace(S, models):
    """The search's workspace for the games of one matchup, int32: two blobs back to back, each holding S's card
    and effect tables (which games never write), for the worlds and rollouts of its decisions (score_candidates;
    positions are copied in by copy_position: their changing parts are left unset), then each seat's
    win-probability model (models: float64 [2, 1 + NTERMS] in WIN_MODEL's layout) as seat_model reads it. Made once
    per batch of games of one matchup, not per decision (the tables are four fifths of a blob)."""
    src = st_whole(S)
    size = src.size
    work = np.empty(2 * size + 2 * 2 * SEAT_MODEL, np.int32)  # 2 * size words: the models start 8-byte aligned
    for i in range(DYN_SIZE, size):  # element loop, not slice assignment (see fftcg.new_blob)
        work[i] = src[i]
        work[size + i] = src[i]
    for p in range(2):
        m = seat_model(work, p)
        m[:] = 0.0
        for i in range(PRODUCTS_AT):
            m[i] = models[p, i]
        k = PRODUCTS_AT
        for a in range(NPAIRED):
            for b in range(a, NPAIRED):
                m[PRODUCTS_AT + a * NPAIRED + b] = models[p, k]
                k += 1
    return work


@engine_jit
def seat_model(work, p):
    """Seat p's model in the workspace (search_workspace): [intercept, NFEAT linear coefficients, the products'
    upper-triangular NPAIRED x NPAIRED matrix by rows], float64."""
    return carray(_f64_at(address(work), BLOB_SIZE + p * SEAT_MODEL), (SEAT_MODEL,))


_f64_at = pointer_intrinsic(types.float64)


@engine_jit
def rollout_block(T, q, b, n, gturn, threshold, stop):
    """Defender q blocks the n attackers in scr[2] with b (-1: no block) in T; the attacker's turn and
    the game play on."""
    p = 1 - q
    if not resolve_attack(T, p, n, b, threshold, 0):
        attack_phase(T, p, threshold, 0)
        if not st_gs(T)[X_OVER]:
            after_attacks(T, p, gturn, threshold, stop)


@engine_jit
def horizon(code, kind, gturn):
    """The game turn a rollout stops after: the end of the opponent's depth-th turn from the decision on (a block
    is decided in the opponent's turn, which counts as the first), so the searching seat is next to move and the
    model sees the positions it was fitted on; at least OPENING_DEPTH for a main-phase decision of game turn
    OPENING_TURNS or earlier; depth 0 (and FULL) play to the turn cap."""
    depth = (code >> DEPTH_SHIFT) & DEPTH_MASK
    depth = DEFAULT_DEPTH if depth == 0 else depth - 1
    if code & FULL or depth == 0:
        return MAX_TURNS
    if kind == MAIN and gturn <= OPENING_TURNS:
        depth = max(depth, OPENING_DEPTH)
    return min(MAX_TURNS, gturn + 2 * depth - (2 if kind == BLOCK else 1))


@engine_jit
def drop_clear_losers(vals, score, alive, m, k):
    """Racing: drop every alive candidate whose deficit to the leader (the best total so far) over the k worlds both
    played is more than RACE_Z standard errors of the per-world difference (common random numbers make the
    differences far less noisy than the scores); the others keep their order. Returns the number left."""
    lead = alive[0]
    for j in range(1, m):
        if score[alive[j]] > score[lead]:
            lead = alive[j]
    left = 0
    for j in range(m):
        i = alive[j]
        keep = True
        if i != lead:
            total, squares = 0.0, 0.0
            for w in range(k):
                d = vals[lead, w] - vals[i, w]
                total += d
                squares += d * d
            mean = total / k
            var = max(0.0, (squares - k * mean * mean) / (k - 1))
            keep = mean <= RACE_Z * np.sqrt(var / k)
        if keep:
            alive[left] = i
            left += 1
    return left


@engine_jit
def best_candidate(S, p, cand, n, kind, arg, gturn, threshold, work):
    """Index of the candidate with the best rollout score for seat p under its own policy code (score_candidates)."""
    return score_candidates(S, p, cand, n, kind, arg, gturn, threshold, st_prm(S)[p, PR_BUDGET],
                            np.empty(n, np.float64), np.empty(n, np.int64), work)


@engine_jit
def score_candidates(S, p, cand, n, kind, arg, gturn, threshold, code, mean, played, work):
    """Index of the candidate with the best rollout score for seat p (the first on ties) under policy code `code`;
    mean[i] := candidate i's mean score over the played[i] worlds it played; the worlds and rollouts are played in
    the workspace `work` (search_workspace of S's matchup) and scored with p's model there. kind: MAIN (arg: the
    phase), ATTACK, BLOCK (arg: the number of attackers in scr[2]). FULL: every candidate plays budget // n worlds (at least one);
    otherwise successive halving with racing (see the module docstring). Ties go to the earlier in the current
    order: at first the listing order, curve's choice first."""
    budget = code & BUDGET_MASK
    stop = horizon(code, kind, gturn)
    score = np.zeros(n, np.float64)
    played[:n] = 0
    pool = np.empty(st_ps(S)[1 - p, P_NTOT] + 1, np.int64)
    B = address(work)
    T = B + 4 * BLOB_SIZE  # int32 words
    model = seat_model(work, p)
    x = np.empty(NX, np.float64)
    wrng = rng(S, p)
    alive = np.arange(n)
    m = n
    race = not code & FULL  # successive halving with racing; FULL: one round, a flat split
    rounds = 1
    if race:
        while (1 << rounds) < n:
            rounds += 1
    vals = np.empty((n, budget + rounds), np.float64)  # per candidate, its score in each world played so far
    k = 0  # worlds played so far by every alive candidate
    for _ in range(rounds):
        worlds = max(1, budget // (m * rounds))
        for _ in range(worlds):
            deal_world(S, B, p, wrng, pool)
            for j in range(m):
                i = alive[j]
                R = B  # the world's last candidate plays in B itself: the next world is dealt afresh
                if j < m - 1:
                    copy_position(B, T)
                    R = T
                if kind == ATTACK:
                    rollout_attack(R, p, cand[i], gturn, threshold, stop)
                elif kind == BLOCK:
                    rollout_block(R, p, cand[i], arg, gturn, threshold, stop)
                else:
                    rollout_main(R, p, arg, cand[i], gturn, threshold, stop)
                v = value(R, p, stop, x, model)
                vals[i, k] = v
                score[i] += v
                played[i] += 1
            k += 1
            if race and m > 1 and k >= RACE_MIN:
                m = drop_clear_losers(vals, score, alive, m, k)
            if m == 1:
                break
        if m == 1:
            break
        # the better half by total score; the stable sort keeps ties in the current order
        alive[:m] = alive[:m][np.argsort(-score[alive[:m]], kind="mergesort")]
        m = (m + 1) // 2
    keep_alive(work)
    for i in range(n):
        mean[i] = score[i] / max(1, played[i])
    return alive[0]


# ---- the decision log (sim.bench.search_disagreements) -------------------------------------------------------
# log[0] is the header: rows used (row 0 included), the policy code compared with the seat's own, the game index,
# the judge's worlds per disputed candidate (0: no judge). Each later row is one candidate of one logged decision:
LG_DECISION, LG_GAME, LG_TURN, LG_KIND, LG_ARG, LG_INDEX, LG_ACTION, LG_OWN, LG_OWN_WORLDS, LG_OTHER, \
    LG_OTHER_WORLDS, LG_JUDGE, LG_OWN_CHOICE, LG_OTHER_CHOICE, LG_DMG, LG_OPP_DMG, LG_HAND = range(17)
LOG_COLS = 17
JUDGE_SALT = np.uint64(0x5DEECE66D)  # the judge's worlds are drawn from the seat's stream xor this, not its own


@engine_jit
def no_log():
    """The log of an unlogged game: no rows, so nothing is recorded."""
    return np.zeros((0, LOG_COLS), np.float64)


@engine_jit
def logged_candidate(S, p, cand, n, kind, arg, gturn, threshold, log, work):
    """best_candidate, and with a log (log.shape[0] > 0, room for n more rows), one row per candidate: its value
    under the seat's own code and under the compared code log[0, 1] (same position, the same random stream, which
    is restored after it, so the seat's own choice and the game are those of the unlogged game), and where the two
    choose differently, both choices' mean over log[0, 3] full-length rollouts in worlds of a stream of their own
    (the judge)."""
    used = int(log[0, 0]) if log.shape[0] > 0 else 0
    if used == 0 or used + n > log.shape[0]:
        return best_candidate(S, p, cand, n, kind, arg, gturn, threshold, work)
    wrng = rng(S, p)
    saved = wrng[0]
    own, own_n = np.empty(n, np.float64), np.empty(n, np.int64)
    other, other_n = np.empty(n, np.float64), np.empty(n, np.int64)
    b = score_candidates(S, p, cand, n, kind, arg, gturn, threshold, np.int64(log[0, 1]), other, other_n,
                         work)
    wrng[0] = saved
    a = score_candidates(S, p, cand, n, kind, arg, gturn, threshold, st_prm(S)[p, PR_BUDGET], own, own_n,
                         work)
    judge = np.full(n, np.nan)
    if a != b and log[0, 3] > 0:
        after = wrng[0]
        wrng[0] = saved ^ JUDGE_SALT
        pair = np.array([cand[a], cand[b]], np.int64)
        jv, jn = np.empty(2, np.float64), np.empty(2, np.int64)
        score_candidates(S, p, pair, 2, kind, arg, gturn, threshold, FULL | (2 * np.int64(log[0, 3])), jv, jn,
                         work)
        judge[a], judge[b] = jv[0], jv[1]
        wrng[0] = after
    decision = log[used - 1, LG_DECISION] + 1 if used > 1 else 0
    ps = st_ps(S)
    for i in range(n):
        r = log[used + i]
        r[LG_DECISION], r[LG_GAME], r[LG_TURN], r[LG_KIND], r[LG_ARG] = decision, log[0, 2], gturn, kind, arg
        r[LG_INDEX], r[LG_ACTION], r[LG_OWN], r[LG_OWN_WORLDS] = i, cand[i], own[i], own_n[i]
        r[LG_OTHER], r[LG_OTHER_WORLDS], r[LG_JUDGE] = other[i], other_n[i], judge[i]
        r[LG_OWN_CHOICE], r[LG_OTHER_CHOICE] = i == a, i == b
        r[LG_DMG], r[LG_OPP_DMG], r[LG_HAND] = ps[p, P_DMG], ps[1 - p, P_DMG], ps[p, P_HN]
    log[0, 0] = used + n
    return a


# ---- the searching seat's decisions -------------------------------------------------------------------------
@engine_jit
def add_candidate(cand, n, action):
    for i in range(n):
        if cand[i] == action:
            return n
    cand[n] = action
    return n + 1


@engine_jit
def main_candidates(S, p, phase, cand):
    """cand[:n]: curve's own choice first, then pass, every castable card (one per name and zone; a
    Summon only when one of its effects would do something) and every useful action ability."""
    cards, effs, cs, ps, ls = st_cards(S), st_effs(S), st_cs(S), st_ps(S), st_ls(S)
    kind, c, k = choose_main(S, p, phase, False)
    n = add_candidate(cand, 0, 0 if kind == 0 else kind * 65536 + c * 16 + k)
    n = add_candidate(cand, n, 0)
    keep = hand_reserve(S, p)
    prepare_cast_context(S, p, keep)
    seen = np.zeros(2 * NAMES, np.bool_)  # name id x (hand, LB) already listed
    for c in range(ps[p, P_NTOT]):
        z = cs[p, S_ZONE, c]
        if (z != Z_HAND and z != Z_LB) or beyond_cp(S, p, c) or n >= MAX_CAND:
            continue
        key = 2 * min(cards[p, c, K_NAME], NAMES - 1) + (z == Z_LB)
        if seen[key] or not can_cast(S, p, c, False):
            continue
        if cards[p, c, K_TYPE] == SUMMON and not card_useful(S, p, c, TR_CAST, -1, -1):
            continue
        seen[key] = True
        n = add_candidate(cand, n, CAST * 65536 + c * 16)
    for j in range(ps[p, P_FN]):
        c = ls[p, L_FIELD, j]
        if not (has_trigger(S, p, c, TR_ACTION) or has_trigger(S, p, c, TR_ACTION_BREAK)):
            continue
        for k in range(cards[p, c, K_NEFF]):
            trig = effs[p, c, k, E_TRIGGER]
            if (trig == TR_ACTION or trig == TR_ACTION_BREAK) and n < MAX_CAND \
                    and can_activate(S, p, c, k, keep) and ability_useful(S, p, c, k):
                n = add_candidate(cand, n, ACTIVATE * 65536 + c * 16 + k)
    return n


@engine_jit
def attack_candidates(S, p, cand):
    """cand[:n]: curve's own declaration first, then end (-1), each eligible Forward alone and with its
    party (15.1.1.9)."""
    ps, ls, scr = st_ps(S), st_ls(S), st_scr(S)
    m = choose_attack(S, p)
    first = -1
    if m == 1:
        first = 2 * scr[2, 0]
    elif m > 1:
        first = 2 * scr[2, 0] + 1
    n = add_candidate(cand, 0, first)
    n = add_candidate(cand, n, -1)
    for j in range(ps[p, P_NF]):
        f = ls[p, L_FWD, j]
        if can_attack(S, p, f):
            n = add_candidate(cand, n, 2 * f)
            if party_for(S, p, f) >= 2:
                n = add_candidate(cand, n, 2 * f + 1)
    return n


@engine_jit
def search_main(S, p, phase, gturn, threshold, log, work):
    """The searching seat's next main-phase action: (kind, card, slot), kind 0 = pass."""
    cand = np.empty(MAX_CAND + 2, np.int64)
    n = main_candidates(S, p, phase, cand)
    a = cand[0] if n == 1 else cand[logged_candidate(S, p, cand, n, MAIN, phase, gturn, threshold, log, work)]
    return a // 65536, (a % 65536) // 16, a % 16


@engine_jit
def search_attack(S, p, gturn, threshold, work):
    """The searching seat's next attack: fills scr[2] and returns its size; 0 ends the Attack Phase."""
    cand = np.empty(2 * MAX_CAND + 2, np.int64)
    n = attack_candidates(S, p, cand)
    a = cand[0] if n == 1 else cand[best_candidate(S, p, cand, n, ATTACK, 0, gturn, threshold, work)]
    return 0 if a < 0 else declare(S, p, a)


@engine_jit
def block_candidates(S, q, n, cand):
    """cand[:m]: curve's own blocker for the n attackers in scr[2] first, then no block (-1) and every
    active Forward of q that may block (10.1.3)."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    m = add_candidate(cand, 0, choose_block(S, q, n))
    m = add_candidate(cand, m, -1)
    for j in range(ps[q, P_NF]):
        b = ls[q, L_FWD, j]
        if cs[q, S_DULL, b] == 0 and not has_kw(S, q, b, KW_NO_BLOCK):
            m = add_candidate(cand, m, b)
    return m


@engine_jit
def search_block(S, q, n, gturn, threshold, log, work):
    """The searching defender's blocker for the n attackers in scr[2], -1 for none."""
    cand = np.empty(MAX_CAND + 2, np.int64)
    m = block_candidates(S, q, n, cand)
    return cand[0] if m == 1 else cand[logged_candidate(S, q, cand, m, BLOCK, n, gturn, threshold, log, work)]


@engine_jit
def block_for(S, q, n, gturn, threshold, log, work):
    if st_prm(S)[q, PR_BUDGET] > 0:
        return search_block(S, q, n, gturn, threshold, log, work)
    return choose_block(S, q, n)


@engine_jit
def attack_with(S, p, n, gturn, threshold, check, log, work):
    """declare_attack, the defender's block (searched if the defender searches), resolve_attack."""
    n = declare_attack(S, p, n, threshold, check)
    if n <= 0:
        return n < 0
    return resolve_attack(S, p, n, block_for(S, 1 - p, n, gturn, threshold, log, work), threshold, check)


@engine_jit
def take_turn_search(S, p, gturn, threshold, check, work):
    """take_turn for a searching seat: its main-phase actions and attacks are searched (in the workspace `work`,
    search_workspace)."""
    searched_turn(S, p, gturn, threshold, check, no_log(), work)


@engine_jit
def searched_turn(S, p, gturn, threshold, check, log, work):
    """take_turn_search, its main-phase decisions logged in `log` (logged_candidate)."""
    if begin_turn(S, p, gturn, threshold):
        return
    for phase in (1, 2):
        for _ in range(ACTION_CAP):
            kind, c, k = search_main(S, p, phase, gturn, threshold, log, work)
            if kind == 0:
                break
            ok = cast(S, p, c, -1, -1, check) if kind == CAST else activate(S, p, c, k, check)
            if check_over(S, threshold) or not ok:
                break
        if st_gs(S)[X_OVER]:
            return
        if phase == 1:
            attack_phase_start(S, p, threshold)
            if st_gs(S)[X_OVER]:
                return
            for _ in range(ACTION_CAP):
                n = search_attack(S, p, gturn, threshold, work)
                if n == 0 or attack_with(S, p, n, gturn, threshold, check, log, work):
                    break
            if st_gs(S)[X_OVER]:
                return
    end_phase(S, p)


@engine_jit
def take_turn_defended(S, p, gturn, threshold, check, work):
    """take_turn for a scripted seat whose opponent searches: the opponent's blocks are searched (in `work`)."""
    defended_turn(S, p, gturn, threshold, check, no_log(), work)


@engine_jit
def defended_turn(S, p, gturn, threshold, check, log, work):
    """take_turn_defended, the searching opponent's blocks logged in `log` (logged_candidate)."""
    if begin_turn(S, p, gturn, threshold):
        return
    passed = main_phase(S, p, 1, threshold, check, False)
    if st_gs(S)[X_OVER]:
        return
    started = attack_phase_start(S, p, threshold)
    if st_gs(S)[X_OVER]:
        return
    attacks = 0
    for _ in range(ACTION_CAP):
        n = choose_attack(S, p)
        if n == 0 or attack_with(S, p, n, gturn, threshold, check, log, work):
            break
        attacks += 1
    if not st_gs(S)[X_OVER]:  # as in take_turn
        close_turn(S, p, passed and not started and attacks == 0 and st_ps(S)[p, P_POLICY] != RANDOM, threshold,
                   check)
