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
on (DEFAULT_DEPTH; a block is decided in the opponent's turn, which counts as the first), with the searching seat
to move, and is scored by the win-probability model WIN_MODEL (a logistic regression on `features`, fitted on
curve games by sim.bench.winmodel); a game that ended in the rollout scores 1, 0 or 1/2 (draw). The N
rollouts are spent by successive halving: ceil(log2 n) rounds for n candidates, each round giving its
survivors an equal share (N // (survivors * rounds) worlds each, at least one) and keeping the better half by
total score (ties keep the earlier in the current order: at first the listing order, curve's own choice
first); racing (drop_clear_losers) drops a candidate as soon as it is clearly behind the leader and ends the
decision when one is left. D = 0 plays rollouts to the end of the game.

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

from sim.cards.effects import E_TRIGGER
from sim.engine.compiled import K_NAME, K_NEFF, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import address, next_u64, randbelow
from sim.engine.results import DRAW
from sim.games.fftcg.core import (
    CURVE,
    DYN_SIZE,
    K_WORTH,
    KW_NO_BLOCK,
    L_FIELD,
    L_FWD,
    L_HAND,
    L_ORDER,
    NPARAM,
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
    RANDOM,
    S_DULL,
    S_FROZEN,
    S_ZONE,
    SUMMON,
    TR_ACTION,
    TR_ACTION_BREAK,
    TR_CAST,
    X_OVER,
    X_WINNER,
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
DEFAULT_BUDGET = 32  # rollouts per decision of plain "search"
DEFAULT_DEPTH = 1  # opponent turns a rollout plays before the model scores it (0: to the end of the game)
FULL_BUDGET = 128  # rollouts per decision of plain "search-full"
RACE_MIN = 3  # worlds every alive candidate plays before racing may drop one
RACE_Z = 2.5  # standard errors of the per-world difference that make a candidate's deficit clear


# ---- the win-probability model that scores truncated rollouts --------------------------------------------------
NSIDE = 13  # features per seat (see features)
NFEAT = 2 * NSIDE
# the features whose pairwise products (each pair once, squares included) the model adds to the linear terms:
# per seat damage, hand size, Forwards, Backups, their power, the ready ones and their power, hand and field
# worth, lethal pressure (interactions such as "damage x the opponent's ready power" decide races)
PAIRED = np.array([0, 3, 5, 6, 7, 8, 9, 10, 11, 12, NSIDE, NSIDE + 3, NSIDE + 5, NSIDE + 6, NSIDE + 7, NSIDE + 8,
                   NSIDE + 9, NSIDE + 10, NSIDE + 11, NSIDE + 12])
NTERMS = NFEAT + len(PAIRED) * (len(PAIRED) + 1) // 2
# [intercept, NFEAT linear coefficients, the products' coefficients in `expand` order]: `python -m
# sim.bench.winmodel` (calibration and data in docs/policies_fftcg.md)
WIN_MODEL = np.array([
    0.2284469, -0.2561041, -0.1837744, -0.07856078, 0.3511878, -0.2000268, -0.1449505, 1.019433, 0.4148655,
    -0.2012347, -0.03397423, 0.08090319, -0.1723676, -0.008394066, 0.2151726, 0.05282792, 0.2889723, -0.2833996,
    0.1665456, 0.1798936, -0.8882186, -0.3171192, 0.25323, -0.0385059, -0.07954919, 0.1731437, -0.02137124,
    -0.02074412, -0.06212449, -0.1311476, 0.003495876, -0.01694007, 0.0006163254, 0.01354675, 0.002823738,
    0.001979124, 0.1046546, 0.001669998, 0.01584097, -0.1363212, 0.0912994, 0.005670827, 0.07667328, -0.002486015,
    -0.009358814, -0.007246481, -0.08477016, -0.03347766, 0.08147401, 0.07881941, 0.005033763, 0.08062345,
    -0.03505456, 0.04033462, 0.04362016, -0.1364207, -0.02037503, 0.1143394, 0.08561776, -0.03650245, -0.002956094,
    -0.06230748, 0.007252605, -0.0185295, -0.03876992, 0.09235492, 0.1063287, -0.02056465, -0.03333311, 0.09336739,
    0.07655552, -0.01739425, 0.04188797, -0.02029845, 0.06205505, 0.1094823, -0.02085971, 0.03516276, 0.0124542,
    -0.107597, -0.03223002, -0.01102832, -0.05176101, 0.09773556, -0.0446944, 0.004318494, 0.02504669, -0.02365268,
    -0.008023413, 0.0136308, 0.03833295, -0.09636637, 0.06146097, 0.006709574, -0.01232338, -0.002700104,
    0.01464793, 0.01920791, 0.003087565, -0.003617699, 0.02663269, 0.003561929, 0.02622024, -0.00837323,
    -0.005424551, -0.01025697, -0.01978144, -0.007524852, -0.06102454, -0.08792083, -0.008831636, 0.01270146,
    -0.08372866, 0.01600554, 0.01181813, -0.009663832, -0.02878508, 0.02892198, -0.1478515, -0.03676618, 0.07404567,
    -0.01390133, 0.03586744, 0.1184481, 0.004156495, -0.01780188, 0.04150526, -0.07842792, -0.03383581, -0.01903218,
    -0.01118773, 0.1267087, 0.0123084, 0.0114029, -0.006124304, 0.007460791, 0.002378109, 0.03142315, 0.04826906,
    0.007610651, -0.01122721, 0.08515465, -0.008064292, -0.008090256, 0.01315063, 0.03234808, -0.009191692,
    -0.004761856, 0.02699663, 0.01093906, -0.02498067, 0.03444508, -0.005167579, -0.004441144, -0.04893695,
    0.007466377, 0.001876614, 0.006313681, -0.02447068, -0.001714791, 0.03105547, 0.01120181, 0.03982507,
    0.08588612, -0.001696011, -0.0100672, 0.08431019, -0.008708412, -0.009670154, 0.001778578, -0.05656166,
    0.04930356, 0.0128405, -0.1066193, 0.01696024, -0.006446644, -0.001953321, -0.007015199, -0.05209619,
    0.07299439, 0.03481793, -0.08702745, 0.03655419, 0.06681539, 0.08972084, -0.001484634, 0.001763137,
    -0.0006754491, -0.008476831, -0.0040381, 0.01175628, -0.0222241, 0.1122889, -0.1079015, -0.1092801, 0.01285169,
    0.1249364, -0.02488382, -0.04947052, -0.038567, 0.06129997, -0.09083411, 0.08422767, 0.02951148, -0.3143433,
    0.009680677, 0.03300326, -0.05763473, -0.1464779, 0.03129994, 0.006929129, 0.02968021, -0.01642723, 0.01373884,
    -0.01296604, -0.03242548, 0.004162281, 0.008347146, -0.00288164, -0.001197661, -0.01204221, 0.01919978,
    -0.2453818, 0.1567832, 0.007678522, -0.01272863, -0.1122588, -0.01426594, -0.001255424, 0.008480526, 0.0536332,
    0.00939716, 0.005187204, -0.04913917, 0.01399946, -0.008472512, -0.06880151])


@engine_jit
def features(S, p, x):
    """x[:NFEAT] := the position as seat p, the next to move, sees it: per seat (p first, then the opponent) its
    damage, damage >= 5, damage >= 6, hand size, how far its deck is below 6 cards (deck-out pressure), Forwards,
    Backups, total Forward power (in thousands), the Forwards ready for the next turn (p's: not Frozen, they
    will untap; the opponent's: not dull, they can block) with their power, the worth (K_WORTH, in CP) of its hand
    and of its Forwards, and its lethal pressure: how many ready Forwards it has beyond the other seat's damage
    left to lose, plus one."""
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
        total, ready, ready_power = 0.0, 0.0, 0.0
        for j in range(ps[s, P_NF]):
            f = ls[s, L_FWD, j]
            w = power(S, s, f) / 1000.0
            total += w
            if (cs[s, S_FROZEN, f] == 0) if k == 0 else (cs[s, S_DULL, f] == 0):
                ready += 1.0
                ready_power += w
        x[o + 7] = total
        x[o + 8] = ready
        x[o + 9] = ready_power
        hand_worth = 0.0
        for j in range(ps[s, P_HN]):
            hand_worth += cards[s, ls[s, L_HAND, j], K_WORTH]
        x[o + 10] = hand_worth / 10.0
        field_worth = 0.0
        for j in range(ps[s, P_NF]):
            field_worth += cards[s, ls[s, L_FWD, j], K_WORTH]
        x[o + 11] = field_worth / 10.0
        x[o + 12] = max(0.0, ready + 1.0 - (7 - ps[1 - s, P_DMG]))


# ---- worlds and rollouts ------------------------------------------------------------------------------------
@engine_jit
def copy_position(src, dst):
    a, b = st_dyn(src), st_dyn(dst)
    for i in range(DYN_SIZE):
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
def value(T, p, stop):
    """Seat p's score of a finished rollout, in [0, 1]: 1 win, 0 loss, 1/2 a draw or no result at the turn cap;
    a game still on before the cap (a truncated rollout, p to move) is scored by the win-probability model."""
    gs = st_gs(T)
    if gs[X_OVER]:
        if gs[X_WINNER] == DRAW:
            return 0.5
        return 1.0 if gs[X_WINNER] == p else 0.0
    if stop >= MAX_TURNS:
        return 0.5
    x = np.empty(NFEAT, np.float64)
    features(T, p, x)
    return 1.0 / (1.0 + np.exp(-model_z(x)))


@engine_jit
def model_z(x):
    """The model's log-odds for features x: WIN_MODEL's intercept, linear terms and PAIRED products (each pair
    a <= b once, in the order sim.bench.winmodel.expand lays them out)."""
    z = WIN_MODEL[0]
    for i in range(NFEAT):
        z += WIN_MODEL[1 + i] * x[i]
    k = 1 + NFEAT
    for a in range(len(PAIRED)):
        xa = x[PAIRED[a]]
        for b in range(a, len(PAIRED)):
            z += WIN_MODEL[k] * xa * x[PAIRED[b]]
            k += 1
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
def whole_blob(S):
    src = st_whole(S)
    blob = np.empty(src.size, np.int32)
    for i in range(src.size):  # element loop, not slice assignment (see fftcg.new_blob)
        blob[i] = src[i]
    return blob


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
    model sees the positions it was fitted on; depth 0 (and FULL) play to the turn cap."""
    depth = (code >> DEPTH_SHIFT) & DEPTH_MASK
    depth = DEFAULT_DEPTH if depth == 0 else depth - 1
    if code & FULL or depth == 0:
        return MAX_TURNS
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
def best_candidate(S, p, cand, n, kind, arg, gturn, threshold):
    """Index of the candidate with the best rollout score for seat p (the first on ties). kind: MAIN
    (arg: the phase), ATTACK, BLOCK (arg: the number of attackers in scr[2]). FULL: every candidate plays
    budget // n worlds (at least one); otherwise successive halving with racing (see the module docstring). Ties go
    to the earlier in the current order: at first the listing order, curve's choice first."""
    code = st_prm(S)[p, PR_BUDGET]
    budget = code & BUDGET_MASK
    stop = horizon(code, kind, gturn)
    score = np.zeros(n, np.float64)
    pool = np.empty(st_ps(S)[1 - p, P_NTOT] + 1, np.int64)
    bb, tb = whole_blob(S), whole_blob(S)  # the card and effect tables are copied once per decision
    B, T = address(bb), address(tb)
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
                copy_position(B, T)
                if kind == ATTACK:
                    rollout_attack(T, p, cand[i], gturn, threshold, stop)
                elif kind == BLOCK:
                    rollout_block(T, p, cand[i], arg, gturn, threshold, stop)
                else:
                    rollout_main(T, p, arg, cand[i], gturn, threshold, stop)
                v = value(T, p, stop)
                vals[i, k] = v
                score[i] += v
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
    keep_alive(bb)
    keep_alive(tb)
    return alive[0]


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
def search_main(S, p, phase, gturn, threshold):
    """The searching seat's next main-phase action: (kind, card, slot), kind 0 = pass."""
    cand = np.empty(MAX_CAND + 2, np.int64)
    n = main_candidates(S, p, phase, cand)
    a = cand[0] if n == 1 else cand[best_candidate(S, p, cand, n, MAIN, phase, gturn, threshold)]
    return a // 65536, (a % 65536) // 16, a % 16


@engine_jit
def search_attack(S, p, gturn, threshold):
    """The searching seat's next attack: fills scr[2] and returns its size; 0 ends the Attack Phase."""
    cand = np.empty(2 * MAX_CAND + 2, np.int64)
    n = attack_candidates(S, p, cand)
    a = cand[0] if n == 1 else cand[best_candidate(S, p, cand, n, ATTACK, 0, gturn, threshold)]
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
def search_block(S, q, n, gturn, threshold):
    """The searching defender's blocker for the n attackers in scr[2], -1 for none."""
    cand = np.empty(MAX_CAND + 2, np.int64)
    m = block_candidates(S, q, n, cand)
    return cand[0] if m == 1 else cand[best_candidate(S, q, cand, m, BLOCK, n, gturn, threshold)]


@engine_jit
def block_for(S, q, n, gturn, threshold):
    return search_block(S, q, n, gturn, threshold) if st_prm(S)[q, PR_BUDGET] > 0 else choose_block(S, q, n)


@engine_jit
def attack_with(S, p, n, gturn, threshold, check):
    """declare_attack, the defender's block (searched if the defender searches), resolve_attack."""
    n = declare_attack(S, p, n, threshold, check)
    if n <= 0:
        return n < 0
    return resolve_attack(S, p, n, block_for(S, 1 - p, n, gturn, threshold), threshold, check)


@engine_jit
def take_turn_search(S, p, gturn, threshold, check):
    """take_turn for a searching seat: its main-phase actions and attacks are searched."""
    if begin_turn(S, p, gturn, threshold):
        return
    for phase in (1, 2):
        for _ in range(ACTION_CAP):
            kind, c, k = search_main(S, p, phase, gturn, threshold)
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
                n = search_attack(S, p, gturn, threshold)
                if n == 0 or attack_with(S, p, n, gturn, threshold, check):
                    break
            if st_gs(S)[X_OVER]:
                return
    end_phase(S, p)


@engine_jit
def take_turn_defended(S, p, gturn, threshold, check):
    """take_turn for a scripted seat whose opponent searches: the opponent's blocks are searched."""
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
        if n == 0 or attack_with(S, p, n, gturn, threshold, check):
            break
        attacks += 1
    if not st_gs(S)[X_OVER]:  # as in take_turn
        close_turn(S, p, passed and not started and attacks == 0 and st_ps(S)[p, P_POLICY] != RANDOM, threshold,
                   check)
