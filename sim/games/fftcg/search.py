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
from sim.engine.compiled import K_COST, K_NAME, K_NEFF, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import address, next_u64, randbelow
from sim.engine.results import DRAW
from sim.games.fftcg.core import (
    BACKUP,
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
NTERMS = NFEAT + len(PAIRED) * (len(PAIRED) + 1) // 2
# [intercept, NFEAT linear coefficients, the products' coefficients in `expand` order]: `python -m
# sim.bench.winmodel` (calibration and data in docs/policies_fftcg.md)
WIN_MODEL = np.array([
    0.264703, -0.287959, -0.1743022, 0.02946221, 0.3664448, -0.08021883, -0.1370755, 0.85437, 0.351307,
    -0.1755729, -0.01533581, 0.09221943, -0.1133743, 0.00694119, 0.1348415, 0.0004825422, 0.1420133, -0.5805626,
    0.1063467, 0.02985994, 0.1002576, 0.4001409, 0.3392247, 0.1657508, -0.06552392, 0.2905297, -0.003679207,
    0.1248877, -0.2515612, 0.1782075, 0.2365481, -0.7270385, -0.3405468, 0.2643907, -0.009465192, -0.05717487,
    0.154502, -0.01389394, -0.01865386, -0.003681367, -0.2087717, 0.2260787, -0.1146303, -0.01981141, -0.0843592,
    -0.2971915, -0.3239448, -0.1385307, 0.06469016, -0.03258029, -0.01964195, 0.01106164, -0.01223625,
    -0.03297284, -0.04537674, 0.02128011, 0.001687854, 0.005494656, 0.1052094, -0.003202632, -0.001186583,
    0.04856072, 0.05545204, -0.006404764, -0.02570012, 0.01150684, 0.004534527, -0.01947458, -0.07864254,
    -0.03934448, 0.04936079, -0.02873126, -0.06063873, 0.09584863, 0.006523823, 0.0275465, 0.07614952, 0.05410924,
    0.01365014, -0.020198, 0.08993087, -0.06664845, 0.001220563, -0.0126242, -0.007326139, 0.003665088,
    -0.02395453, -0.01264172, 0.1798754, -0.02046273, -0.0484744, 0.1871861, -0.02249075, -0.06439178,
    -0.02672533, -0.133472, -0.006667301, -0.06004179, -0.009086085, -0.04881548, 0.03405756, 0.006647286,
    -0.009452236, 0.0175113, 0.02128776, 0.04554628, -0.02700557, 0.004369853, -0.003997051, -0.01874938,
    0.00654283, 0.001302996, 0.01808332, -0.06781375, -0.00750002, 0.05262139, 0.007375266, 0.0005684991,
    -0.1446708, 0.0285433, -0.0004723261, -0.009878828, 0.007060797, -0.00310422, 0.006860116, 0.002636798,
    0.01630815, 0.02190519, -0.0537707, -0.00507875, -0.00771105, -0.0528852, 0.009695972, 0.00435206,
    -0.04019459, 0.003329063, -0.001005885, -0.002181818, 0.01390119, 0.1831473, -0.04852606, 0.02752852,
    0.04458681, -0.1213807, 0.02331729, -0.05192602, -0.0181957, 0.005415019, -0.01138534, 0.004799214,
    -0.06346248, -0.0207665, -0.04266081, 0.03022594, 3.679957e-05, -0.005797557, -0.004770516, 0.0566698,
    0.005689477, 0.02127735, -0.007976473, -0.001212811, 0.004916647, 0.07989606, -0.002596517, 0.001819737,
    0.004605547, -0.01809019, -0.005833822, -0.01446642, -0.0279117, -0.002018362, 0.005123052, 0.02563425,
    0.01194315, -0.003281433, -0.01671949, 0.003729033, -0.001486187, 0.00357552, 0.02366405, -0.01668003,
    0.02722187, 0.01321062, -0.005700962, 0.06932484, 0.004477331, -0.01288686, 0.006882554, 0.0008255258,
    -0.002487427, -0.001800805, -0.01768264, -0.04705996, 0.1159679, 0.02882419, 0.06643589, -0.001495111,
    -0.006116051, -0.03988709, -0.04182462, 0.001649865, 0.03754011, 0.01070542, 0.03730716, 0.03224553,
    0.01745114, 0.02049985, 0.01698769, 0.06679196, -0.02067063, -0.01074887, -0.003432139, -0.1229486, 0.1067781,
    0.00214077, -0.04892612, 0.006614535, -0.02501761, 0.005055285, -0.03444351, -0.01827662, 0.03682401,
    -0.1760212, 0.001856704, 0.004841832, -0.2221559, 0.0181061, 0.009216718, 0.04239777, 0.0298618, 0.0138868,
    0.00574532, 0.01770994, -0.01342961, 0.01010186, 0.009289949, 0.04840995, 0.009545523, 0.05250404,
    -0.008498797, -0.001949161, -0.02827776, -0.01665126, -0.1932771, 0.0817753, 0.008513772, -0.06428972,
    -0.0217584, -0.004861407, -0.003034968, 0.009198201, 0.03869838, 0.00383126, 0.005470139, 0.01735799,
    0.01954819, 0.006164681, -0.01703731])


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
        for c in range(ps[s, P_NTOT]):
            if cs[s, S_ZONE, c] == Z_BREAK:
                x[o + 23] += 1.0
        x[o + 10] = hand_worth / 10.0
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
def best_candidate(S, p, cand, n, kind, arg, gturn, threshold):
    """Index of the candidate with the best rollout score for seat p under its own policy code (score_candidates)."""
    return score_candidates(S, p, cand, n, kind, arg, gturn, threshold, st_prm(S)[p, PR_BUDGET],
                            np.empty(n, np.float64), np.empty(n, np.int64))


@engine_jit
def score_candidates(S, p, cand, n, kind, arg, gturn, threshold, code, mean, played):
    """Index of the candidate with the best rollout score for seat p (the first on ties) under policy code `code`;
    mean[i] := candidate i's mean score over the played[i] worlds it played. kind: MAIN (arg: the phase), ATTACK,
    BLOCK (arg: the number of attackers in scr[2]). FULL: every candidate plays budget // n worlds (at least one);
    otherwise successive halving with racing (see the module docstring). Ties go to the earlier in the current
    order: at first the listing order, curve's choice first."""
    budget = code & BUDGET_MASK
    stop = horizon(code, kind, gturn)
    score = np.zeros(n, np.float64)
    played[:n] = 0
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
    keep_alive(bb)
    keep_alive(tb)
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
def logged_candidate(S, p, cand, n, kind, arg, gturn, threshold, log):
    """best_candidate, and with a log (log.shape[0] > 0, room for n more rows), one row per candidate: its value
    under the seat's own code and under the compared code log[0, 1] (same position, the same random stream, which
    is restored after it, so the seat's own choice and the game are those of the unlogged game), and where the two
    choose differently, both choices' mean over log[0, 3] full-length rollouts in worlds of a stream of their own
    (the judge)."""
    used = int(log[0, 0]) if log.shape[0] > 0 else 0
    if used == 0 or used + n > log.shape[0]:
        return best_candidate(S, p, cand, n, kind, arg, gturn, threshold)
    wrng = rng(S, p)
    saved = wrng[0]
    own, own_n = np.empty(n, np.float64), np.empty(n, np.int64)
    other, other_n = np.empty(n, np.float64), np.empty(n, np.int64)
    b = score_candidates(S, p, cand, n, kind, arg, gturn, threshold, np.int64(log[0, 1]), other, other_n)
    wrng[0] = saved
    a = score_candidates(S, p, cand, n, kind, arg, gturn, threshold, st_prm(S)[p, PR_BUDGET], own, own_n)
    judge = np.full(n, np.nan)
    if a != b and log[0, 3] > 0:
        after = wrng[0]
        wrng[0] = saved ^ JUDGE_SALT
        pair = np.array([cand[a], cand[b]], np.int64)
        jv, jn = np.empty(2, np.float64), np.empty(2, np.int64)
        score_candidates(S, p, pair, 2, kind, arg, gturn, threshold, FULL | (2 * np.int64(log[0, 3])), jv, jn)
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
def search_main(S, p, phase, gturn, threshold, log):
    """The searching seat's next main-phase action: (kind, card, slot), kind 0 = pass."""
    cand = np.empty(MAX_CAND + 2, np.int64)
    n = main_candidates(S, p, phase, cand)
    a = cand[0] if n == 1 else cand[logged_candidate(S, p, cand, n, MAIN, phase, gturn, threshold, log)]
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
def search_block(S, q, n, gturn, threshold, log):
    """The searching defender's blocker for the n attackers in scr[2], -1 for none."""
    cand = np.empty(MAX_CAND + 2, np.int64)
    m = block_candidates(S, q, n, cand)
    return cand[0] if m == 1 else cand[logged_candidate(S, q, cand, m, BLOCK, n, gturn, threshold, log)]


@engine_jit
def block_for(S, q, n, gturn, threshold, log):
    return search_block(S, q, n, gturn, threshold, log) if st_prm(S)[q, PR_BUDGET] > 0 else choose_block(S, q, n)


@engine_jit
def attack_with(S, p, n, gturn, threshold, check, log):
    """declare_attack, the defender's block (searched if the defender searches), resolve_attack."""
    n = declare_attack(S, p, n, threshold, check)
    if n <= 0:
        return n < 0
    return resolve_attack(S, p, n, block_for(S, 1 - p, n, gturn, threshold, log), threshold, check)


@engine_jit
def take_turn_search(S, p, gturn, threshold, check):
    """take_turn for a searching seat: its main-phase actions and attacks are searched."""
    searched_turn(S, p, gturn, threshold, check, no_log())


@engine_jit
def searched_turn(S, p, gturn, threshold, check, log):
    """take_turn_search, its main-phase decisions logged in `log` (logged_candidate)."""
    if begin_turn(S, p, gturn, threshold):
        return
    for phase in (1, 2):
        for _ in range(ACTION_CAP):
            kind, c, k = search_main(S, p, phase, gturn, threshold, log)
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
                if n == 0 or attack_with(S, p, n, gturn, threshold, check, log):
                    break
            if st_gs(S)[X_OVER]:
                return
    end_phase(S, p)


@engine_jit
def take_turn_defended(S, p, gturn, threshold, check):
    """take_turn for a scripted seat whose opponent searches: the opponent's blocks are searched."""
    defended_turn(S, p, gturn, threshold, check, no_log())


@engine_jit
def defended_turn(S, p, gturn, threshold, check, log):
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
        if n == 0 or attack_with(S, p, n, gturn, threshold, check, log):
            break
        attacks += 1
    if not st_gs(S)[X_OVER]:  # as in take_turn
        close_turn(S, p, passed and not started and attacks == 0 and st_ps(S)[p, P_POLICY] != RANDOM, threshold,
                   check)
