"""CODE OF JOKER policies: the decisions (docs/policies_coj.md has the prose).

Every function here only reads the state (and draws from the seat's policy RNG); actions.py
carries the chosen actions out. Actions are small ints: kind * 256 + a * 16 + b.

- random:  every decision uniform over the legal choices (actions including "end turn", blocks
           including "no block", intercepts use/pass, keep/redraw).
- aggro:   keeps 2+ cheap units; plays speed movers and the cheapest units first, evolves ready units;
           attacks with everything; blocks only to win (chump at 1 LP).
- curve:   keeps 1+ cheap unit and 2+ units; spends CP as fully as possible (most expensive playable
           first); sets spare units as same-colour cost reducers; attacks when no blocker can beat
           the attacker (or for lethal / on the last turn); blocks to win or trade, chumps at <= 2 LP.
- control: sets triggers and intercepts first, keeps CP for its cheapest set intercept once it has
           2 units; attacks only with units no blocker can stop, keeping a defender; blocks to win
           or trade, chumps at <= 4 LP.
All scripted policies override whenever they can, use a joker when it has an effect, use usable
intercepts, use each unit's 【起動】 ability once it can act (after the plays, before the attacks), and discard down to 5 cards at turn end so the next draw of 2 is not cut (§7).
"""


from sim.engine.compiled import K_BP1, K_COST, K_ELEM, K_KW, K_NAME, K_TYPE
from sim.engine.jit import engine_jit, inline_jit
from sim.engine.kernel import SUB_POLICY0, randbelow
from sim.games.coj.activated import any_activatable, can_activate
from sim.games.coj.effects import (
    card_usable,
)
from sim.games.coj.rules import (
    CT_EVO,
    CT_INTERCEPT,
    CT_JOKER,
    CT_TRIGGER,
    CT_UNIT,
    FIELD_MAX,
    G_PAR,
    G_POL,
    G_ROUND,
    G_TURN,
    K_DIM,
    K_JGAUGE,
    KW_ATTACK_BAN,
    KW_BLOCK_BAN,
    KW_DIM,
    KW_EVOLUTION_BAN,
    KW_FORCED,
    KW_PENETRATE,
    KW_RETREAT_BAN,
    KW_SPEED,
    KW_UNBLOCKABLE,
    NPAR,
    O_ATTACK_BAN_LIFTED,
    O_GAUGE_COST,
    O_GAUGE_LARGE,
    O_GAUGE_MEDIUM,
    O_GAUGE_SMALL,
    O_JOKERS,
    P_CP,
    P_FIELD,
    P_GAUGE,
    P_HAND,
    P_HEVO,
    P_HMINC,
    P_HOVR,
    P_HREM,
    P_HSCAN,
    P_HSET,
    P_HVER,
    P_JOKER_USED,
    P_LP,
    P_NJOKERS,
    P_NOPLAY,
    P_NPCP,
    P_NPNF,
    P_NPZ,
    P_ORDER,
    P_ZONE,
    P_ZVER,
    ROUNDS,
    U_ACT,
    U_CARD,
    U_ENTERED,
    U_LVL,
    U_RESTR,
    ZONE_MAX,
    entry_cost,
    joker_row,
    reducer_colours,
    rng,
    same_colour,
    unit_bp,
    unit_kw,
    vG,
    vH,
    vHL,
    vK,
    vP,
    vU,
    vZ,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards or units, vector bodies never run

POL_RANDOM, POL_AGGRO, POL_CURVE, POL_CONTROL = 0, 1, 2, 3
POLICY_NAMES = ("random", "aggro", "curve", "control")

# Policy parameters (params_a / params_b; a negative value keeps the policy's default).
PAR_KEEP_UNITS, PAR_CHUMP_LP, PAR_HAND_TARGET, PAR_CP_RESERVE = 0, 1, 2, 3
PARAM_NAMES = ("keep_units", "chump_lp", "hand_target", "cp_reserve")

A_END, A_OVERRIDE, A_DRIVE, A_OVERDRIVE, A_SET, A_ATTACK, A_RETREAT, A_DISCARD, A_JOKER, A_ACTIVATE = range(10)


@engine_jit
def act(kind, a, b):
    return kind * 256 + a * 16 + b


@engine_jit
def policy(s, p):
    return vG(s)[G_POL + p]


@engine_jit
def par(s, p, k, default):
    v = vG(s)[G_PAR + p * NPAR + k]
    return default if v < 0 else v


@engine_jit
def coin(s, p):
    return randbelow(rng(s, SUB_POLICY0 + p), 2) == 1


# ---------------------------------------------------------------- legality

@engine_jit
def can_override(s, p, top, bottom):
    """§8 オーバーライド: same-name unit/evolution cards in hand, the bottom one below Lv.3."""
    H, HL, cards = vH(s), vHL(s), vK(s)
    if top == bottom:
        return False
    ct, cb = H[p, top], H[p, bottom]
    t = cards[p, cb, K_TYPE]
    return ((t == CT_UNIT or t == CT_EVO) and cards[p, ct, K_NAME] == cards[p, cb, K_NAME]
            and HL[p, bottom] < 3)


@engine_jit
def can_drive(s, p, i):
    c = vH(s)[p, i]
    return (vK(s)[p, c, K_TYPE] == CT_UNIT and vP(s)[p, P_FIELD] < FIELD_MAX
            and entry_cost(s, p, c) <= vP(s)[p, P_CP])


@engine_jit
def can_overdrive(s, p, i, j):
    """§3 overdrive: onto a same-colour own unit, even with 5 units on the field."""
    c = vH(s)[p, i]
    return (vK(s)[p, c, K_TYPE] == CT_EVO and same_colour(s, p, c, vU(s)[p, j, U_CARD])
            and not unit_kw(s, p, j) & KW_EVOLUTION_BAN  # §10 進化禁止 (catalog keywords.json)
            and entry_cost(s, p, c) <= vP(s)[p, P_CP])


@engine_jit
def can_set(s, p, i):
    return vP(s)[p, P_ZONE] < ZONE_MAX and vK(s)[p, vH(s)[p, i], K_TYPE] != CT_JOKER


@engine_jit
def can_attack(s, p, j):
    """§8: action right, no attack restriction; §6 none in the first player's round 1; §10 攻撃禁止."""
    U, G = vU(s), vG(s)
    if G[G_ROUND] == 1 and vP(s)[p, P_ORDER] == 0:
        return False
    if not U[p, j, U_ACT] or U[p, j, U_RESTR]:
        return False
    return not attack_banned(s, p, j, unit_kw(s, p, j))


@engine_jit
def attack_banned(s, p, j, kw):
    """§10 攻撃禁止 (kw: the unit's keywords): not on the turn it entered, unless the option lifts it at
    Lv.3 or with Speed Move."""
    U, G = vU(s), vG(s)
    return (kw & KW_ATTACK_BAN) != 0 and U[p, j, U_ENTERED] == G[G_TURN] \
        and not (G[O_ATTACK_BAN_LIFTED] and (U[p, j, U_LVL] == 3 or kw & KW_SPEED))


@engine_jit
def can_block(s, q, j, p, aj):
    """Whether unit j of defender q can block attacker slot aj of p (blocker_mask)."""
    return (blocker_mask(s, q, p, aj)[0] >> j) & 1 != 0


@inline_jit
def blocker_mask(s, q, p, aj):
    """Masks (bit j for unit j) of defender q's units that can block attacker slot aj of p, and of those among
    them with a printed 強制防御: blockers need the action right and no 防御禁止; 次元干渉/コストN forbids printed
    cost >= N (§10); nothing blocks an attacker given 「ブロックされない」. The attacker's keywords are read once for
    all blockers, and each blocker's card row once for both masks (choose_blocker walks the field once less)."""
    P, U, cards = vP(s), vU(s), vK(s)
    ka = unit_kw(s, p, aj)
    if ka & KW_UNBLOCKABLE:
        return 0, 0
    dim = cards[p, U[p, aj, U_CARD], K_DIM] if ka & KW_DIM else 1 << 30
    m, forced, nq = 0, 0, P[q, P_FIELD]
    for j in range(FIELD_MAX):  # every slot, the empty ones masked (strongest_blocker)
        c = U[q, j, U_CARD]
        can = (j < nq) & (U[q, j, U_ACT] != 0) & ((unit_kw(s, q, j) & KW_BLOCK_BAN) == 0) & (cards[q, c, K_COST] < dim)
        bit = (1 << j) if can else 0
        m |= bit
        forced |= bit if cards[q, c, K_KW] & KW_FORCED else 0
    return m, forced


@engine_jit
def can_joker(s, p, k):
    """§9 mode A: gauge and CP paid, one joker per turn, and its effect must do something."""
    P, G = vP(s), vG(s)
    return (G[O_JOKERS] != 0 and k < P[p, P_NJOKERS] and not P[p, P_JOKER_USED]
            and P[p, P_GAUGE] >= joker_gauge_cost(s, p, k) and vK(s)[p, joker_row(s, k), K_COST] <= P[p, P_CP]
            and card_usable(s, p, joker_row(s, k), -1, -1, -1))


# ---------------------------------------------------------------- opening hand (§6)

@engine_jit
def keep_hand(s, p):
    pol = policy(s, p)
    if pol == POL_RANDOM:
        return coin(s, p)
    cards, H = vK(s), vH(s)
    cheap, units, spells = 0, 0, 0
    for i in range(vP(s)[p, P_HAND]):
        c = H[p, i]
        t = cards[p, c, K_TYPE]
        if t == CT_UNIT or t == CT_EVO:
            units += 1
            if t == CT_UNIT and cards[p, c, K_COST] <= 3:
                cheap += 1
        elif t == CT_TRIGGER or t == CT_INTERCEPT:
            spells += 1
    if pol == POL_AGGRO:
        return cheap >= par(s, p, PAR_KEEP_UNITS, 2)
    if pol == POL_CURVE:
        return cheap >= par(s, p, PAR_KEEP_UNITS, 1) and units >= 2
    return cheap >= par(s, p, PAR_KEEP_UNITS, 1) and (units >= 2 or spells >= 1)


# ---------------------------------------------------------------- blocks and intercepts

@inline_jit
def choose_blocker(s, q, p, aj):
    """Defender q's blocker against attacker slot aj of p, or -1. §10 強制防御 forces a block."""
    P, U, cards = vP(s), vU(s), vK(s)
    pol = policy(s, q)
    kwa = cards[p, U[p, aj, U_CARD], K_KW]
    m, forced_m = blocker_mask(s, q, p, aj)
    if m == 0:
        return -1
    forced = forced_m != 0
    if pol == POL_RANDOM and not forced:
        n = 0
        for j in range(P[q, P_FIELD]):
            n += (m >> j) & 1
        k = randbelow(rng(s, SUB_POLICY0 + q), n + 1)
        for j in range(P[q, P_FIELD]):
            if (m >> j) & 1:
                if k == 0:
                    return j
                k -= 1
        return -1
    a = unit_bp(s, p, aj)
    able = forced_m if forced else m  # blocker_mask's forced bits are among its blockers'
    win, win_bp, trade, chump, chump_bp = -1, 1 << 30, -1, -1, 1 << 30
    for j in range(P[q, P_FIELD]):
        if not (able >> j) & 1:
            continue
        b = unit_bp(s, q, j)
        if b > a and b < win_bp:
            win, win_bp = j, b
        elif b == a:
            trade = j
        elif b < chump_bp:
            chump, chump_bp = j, b
    if win >= 0:
        return win
    chump_lp = par(s, q, PAR_CHUMP_LP, 1 if pol == POL_AGGRO else (2 if pol == POL_CURVE else 4))
    if trade >= 0 and (pol != POL_AGGRO or forced or P[q, P_LP] <= chump_lp):
        return trade
    if forced or (P[q, P_LP] <= chump_lp and not kwa & KW_PENETRATE):
        return chump if chump >= 0 else trade
    return -1


@engine_jit
def joker_gauge_cost(s, p, k):
    """§9 gauge cost of seat p's joker k: by its catalog gauge size (K_JGAUGE 1 小, 2 中, 3 大/特大),
    else the joker_gauge_cost option."""
    g = vK(s)[p, joker_row(s, k), K_JGAUGE]
    G = vG(s)
    return G[O_GAUGE_SMALL] if g == 1 else (G[O_GAUGE_MEDIUM] if g == 2 else (G[O_GAUGE_LARGE] if g == 3
                                                                            else G[O_GAUGE_COST]))


# ---------------------------------------------------------------- the action phase

@engine_jit
def enum_actions(s, p, k):
    """Walk the legal actions in a fixed order; returns (count, the k-th action or A_END)."""
    P = vP(s)
    count, found = 1, act(A_END, 0, 0)  # action 0 is "end turn"
    nh, nf = P[p, P_HAND], P[p, P_FIELD]
    for i in range(nh):
        for b in range(nh):
            if can_override(s, p, i, b):
                if count == k:
                    found = act(A_OVERRIDE, i, b)
                count += 1
        if can_drive(s, p, i):
            if count == k:
                found = act(A_DRIVE, i, 0)
            count += 1
        for j in range(nf):
            if can_overdrive(s, p, i, j):
                if count == k:
                    found = act(A_OVERDRIVE, i, j)
                count += 1
        if can_set(s, p, i):
            if count == k:
                found = act(A_SET, i, 0)
            count += 1
        if count == k:
            found = act(A_DISCARD, i, 0)
        count += 1
    for j in range(nf):
        if can_attack(s, p, j):
            if count == k:
                found = act(A_ATTACK, j, 0)
            count += 1
        if not unit_kw(s, p, j) & KW_RETREAT_BAN:  # §10 撤退禁止 (catalog keywords.json)
            if count == k:
                found = act(A_RETREAT, j, 0)
            count += 1
    for j in range(2):
        if can_joker(s, p, j):
            if count == k:
                found = act(A_JOKER, j, 0)
            count += 1
    if any_activatable(s, p):
        for j in range(nf):
            if can_activate(s, p, j):
                if count == k:
                    found = act(A_ACTIVATE, j, 0)
                count += 1
    return count, found


@engine_jit
def random_action(s, p):
    count, _ = enum_actions(s, p, -1)
    _, found = enum_actions(s, p, randbelow(rng(s, SUB_POLICY0 + p), count))
    return found


@inline_jit
def hand_facts(s, p):
    """The hand facts that depend on the hand alone, as scan_hand keeps them: the override found (-1: none), the
    first trigger/intercept (-1: none), the lowest printed cost of a unit/evolution (1 << 20: none), whether an
    evolution is in hand."""
    P, H, HL, cards = vP(s), vH(s), vHL(s), vK(s)
    nh = P[p, P_HAND]
    ovr, first_set, minc, evo = -1, -1, 1 << 20, 0
    seen, twice = 0, 0  # name ids mod 64 in the hand: an override needs two cards of one name
    for b in range(nh):
        cb = H[p, b]
        bit = 1 << (cards[p, cb, K_NAME] & 63)
        twice |= seen & bit
        seen |= bit
        t = cards[p, cb, K_TYPE]
        unit = (t == CT_UNIT) | (t == CT_EVO)
        cost = cards[p, cb, K_COST]
        minc = min(minc, cost if unit else minc)
        evo |= t == CT_EVO
        first_set = b if (first_set < 0) & ((t == CT_TRIGGER) | (t == CT_INTERCEPT)) else first_set
    if twice:
        for b in range(nh):
            cb = H[p, b]
            t = cards[p, cb, K_TYPE]
            lb = HL[p, b]
            if (t != CT_UNIT and t != CT_EVO) or lb >= 3 or not twice & (1 << (cards[p, cb, K_NAME] & 63)):
                continue
            name = cards[p, cb, K_NAME]
            for i in range(nh):
                # §8 override; the lower-level copy goes on top so the higher one gains the level
                if i != b and HL[p, i] <= lb and cards[p, H[p, i], K_NAME] == name:
                    ovr = act(A_OVERRIDE, i, b)
                    break
            if ovr >= 0:
                break
    return ovr, first_set, minc, evo


@inline_jit
def scan_hand(s, p):
    """The hand facts (hand_facts) in rules P_HOVR..P_HEVO, made at the hand's version (P_HSCAN), for hand_scan."""
    P = vP(s)
    P[p, P_HOVR], P[p, P_HSET], P[p, P_HMINC], P[p, P_HEVO] = hand_facts(s, p)
    P[p, P_HSCAN] = P[p, P_HVER] + 1


@inline_jit
def hand_scan(s, p):
    """Bring p's hand scan up to date: redone only when the hand changed since the last one, so the
    calls of a turn between which only the field, zone or CP changed (attacks) skip it; when the one
    change since is a card removed (rules P_HREM: a drive, a set, a discard), scan_removed updates it."""
    P = vP(s)
    if P[p, P_HSCAN] == P[p, P_HVER] + 1:
        return
    if not (((P[p, P_HSCAN] > 0) & (P[p, P_HSCAN] == P[p, P_HVER]) & (P[p, P_HREM] == P[p, P_HVER]))
            and scan_removed(s, p)):
        scan_hand(s, p)


@inline_jit
def scan_removed(s, p):
    """scan_hand's result after the removal of one card (P_HREM) from the hand of the last scan, when it can be had
    without the scan (returns False when not): no override was found (a removal makes none), and the card was not
    an evolution nor a unit of the lowest cost (either may change P_HEVO, P_HMINC). The first trigger or intercept
    moves down one slot past the removed card, or is the next one when it was the one removed."""
    P, H, cards = vP(s), vH(s), vK(s)
    i, c = P[p, P_HREM + 1], P[p, P_HREM + 2]
    t = cards[p, c, K_TYPE]
    if (P[p, P_HOVR] >= 0) | (t == CT_EVO) | ((t == CT_UNIT) & (cards[p, c, K_COST] == P[p, P_HMINC])):
        return False
    first = P[p, P_HSET]
    if first == i:
        first = -1
        for b in range(i, P[p, P_HAND]):
            tb = cards[p, H[p, b], K_TYPE]
            if tb == CT_TRIGGER or tb == CT_INTERCEPT:
                first = b
                break
    elif first > i:
        first -= 1
    P[p, P_HSET] = first
    P[p, P_HSCAN] = P[p, P_HVER] + 1
    return True


@inline_jit
def choose_play(s, p, pol):
    """Drive or overdrive choice by policy; -1 if nothing fits (or control keeps its reserve)."""
    P, H, HL, U, Z, cards = vP(s), vH(s), vHL(s), vU(s), vZ(s), vK(s)
    reducers = reducer_colours(s, p)
    cp, nf = P[p, P_CP], P[p, P_FIELD]
    if cp < P[p, P_HMINC] - (1 if reducers else 0):  # the hand scan is current: choose_action made it
        return -1  # no unit or evolution in hand costs cp or less, even reduced
    reserve = 0
    if pol == POL_CONTROL and P[p, P_FIELD] >= 2:
        reserve = 1 << 20
        for i in range(P[p, P_ZONE]):
            if cards[p, Z[p, i], K_TYPE] == CT_INTERCEPT:
                reserve = min(reserve, cards[p, Z[p, i], K_COST])
        reserve = par(s, p, PAR_CP_RESERVE, 0 if reserve == 1 << 20 else reserve)
    best, best_score = -1, -(1 << 30)
    for i in range(P[p, P_HAND]):
        c = H[p, i]
        t = cards[p, c, K_TYPE]
        cost = cards[p, c, K_COST]
        cost = max(0, cost - 1) if cards[p, c, K_ELEM] & reducers else cost  # §4 reducer
        if ((t != CT_UNIT) & (t != CT_EVO)) | (cost > cp) | (cp - cost < reserve):
            continue
        bp = cards[p, c, K_BP1 + HL[p, i] - 1]
        if t == CT_UNIT:
            if nf >= FIELD_MAX:
                continue
            if pol == POL_AGGRO:
                score = (1 << 24 if cards[p, c, K_KW] & KW_SPEED else 0) - cost * 65536 + bp // 16
            else:
                score = cost * 65536 + bp // 16
            if score > best_score:
                best, best_score = act(A_DRIVE, i, 0), score
            continue
        for j in range(nf):
            if not cards[p, c, K_ELEM] & cards[p, U[p, j, U_CARD], K_ELEM]:
                continue
            gain = bp - unit_bp(s, p, j)
            if gain <= 0:
                continue
            if pol == POL_AGGRO:
                score = (1 << 25 if U[p, j, U_ACT] and not U[p, j, U_RESTR] else 0) + gain // 16
            else:
                score = cost * 65536 + (32768 if U[p, j, U_ACT] else 0) + gain // 16
            if score > best_score:
                best, best_score = act(A_OVERDRIVE, i, j), score
    return best


@engine_jit
def reducer_wanted(s, p, pol):
    """Whether choose_reducer may set a unit: not aggro, 4 cards in hand or more, 2 zone slots free. Checked by the
    caller so that the common case makes no call."""
    return pol != POL_AGGRO and vP(s)[p, P_HAND] >= 4 and vP(s)[p, P_ZONE] < ZONE_MAX - 1


@inline_jit
def choose_reducer(s, p, pol):
    """Curve/control set a spare unit as a reducer once nothing more can be played (triggers and
    intercepts were set already: choose_action sets them first, from the hand scan); called only when
    reducer_wanted."""
    P, H, cards = vP(s), vH(s), vK(s)
    reducers = reducer_colours(s, p)
    best, best_cost = -1, 1 << 30
    for i in range(P[p, P_HAND]):
        c = H[p, i]
        if cards[p, c, K_TYPE] != CT_UNIT or cards[p, c, K_ELEM] & reducers:
            continue
        mates = 0
        for k in range(P[p, P_HAND]):
            t = cards[p, H[p, k], K_TYPE]
            mate = (k != i) & ((t == CT_UNIT) | (t == CT_EVO)) & ((cards[p, c, K_ELEM] & cards[p, H[p, k], K_ELEM]) != 0)
            mates += 1 if mate else 0
        if mates >= 2 and cards[p, c, K_COST] < best_cost:
            best, best_cost = i, cards[p, c, K_COST]
    return act(A_SET, best, 0) if best >= 0 else -1


@inline_jit
def strongest_blocker(s, q, dim):
    """The highest BP among q's units that can block an attacker of 次元干渉 cost `dim` (-1: none)."""
    P, U, cards = vP(s), vU(s), vK(s)
    nq, strongest = P[q, P_FIELD], -1
    for k in range(FIELD_MAX):  # every slot, the empty ones (stale rows) masked: no field-size loop exit
        can = ((k < nq) & (U[q, k, U_ACT] != 0) & (cards[q, U[q, k, U_CARD], K_COST] < dim)
               & ((unit_kw(s, q, k) & KW_BLOCK_BAN) == 0))
        bp = unit_bp(s, q, k)
        strongest = max(strongest, bp if can else -1)
    return strongest


@inline_jit
def choose_attack(s, p, pol):
    """The attacker by policy (strongest first), or -1."""
    P, G, U, cards = vP(s), vG(s), vU(s), vK(s)
    q = 1 - p
    if G[G_ROUND] == 1 and P[p, P_ORDER] == 0:
        return -1  # §6: no attacks in the first player's round 1
    # aggro, the game's last turn and lethal attack with everything; the others skip attackers a
    # possible blocker beats. Lethal (ready attackers past the blockers reach the opponent's LP) needs
    # the counts only when that LP is at most FIELD_MAX, the most attackers there can be.
    screen = pol != POL_AGGRO and not (G[G_ROUND] == ROUNDS and P[p, P_ORDER] == 1)
    if screen and P[q, P_LP] <= FIELD_MAX:
        ready = blockers = 0
        for j in range(FIELD_MAX):  # every slot, the empty ones masked (strongest_blocker)
            ready += 1 if (j < P[p, P_FIELD]) & (U[p, j, U_ACT] != 0) & (U[p, j, U_RESTR] == 0) else 0
            blockers += 1 if (j < P[q, P_FIELD]) & (U[q, j, U_ACT] != 0) else 0
        screen = ready - blockers < P[q, P_LP]
    best, best_bp = -1, -(1 << 30)
    unlimited = -2  # the strongest blocker against attackers without 次元干渉 (-2: not yet needed)
    for j in range(P[p, P_FIELD]):
        a = unit_bp(s, p, j)
        if (U[p, j, U_ACT] == 0) | (U[p, j, U_RESTR] != 0) | (a <= best_bp):
            continue
        c = U[p, j, U_CARD]
        k = cards[p, c, K_KW]
        if attack_banned(s, p, j, k):
            continue
        if screen:
            if unit_kw(s, p, j) & KW_UNBLOCKABLE:
                strongest = -1
            elif k & KW_DIM:
                strongest = strongest_blocker(s, q, cards[p, c, K_DIM])
            else:
                if unlimited == -2:
                    unlimited = strongest_blocker(s, q, 1 << 20)
                strongest = unlimited
            if strongest >= a:
                continue
            if pol == POL_CONTROL and strongest >= 0:
                keep = 0  # keep one other defender with its action right
                for m in range(P[p, P_FIELD]):
                    if m != j and U[p, m, U_ACT]:
                        keep += 1
                if keep == 0:
                    continue
        best, best_bp = j, a
    return best


@inline_jit
def choose_activation(s, p):
    """The unit whose 【起動】 ability a scripted policy uses (activated.py): the first one that can, once the
    plays are made and before the attacks; -1 if none."""
    if not any_activatable(s, p):
        return -1
    for j in range(vP(s)[p, P_FIELD]):
        if can_activate(s, p, j):
            return j
    return -1


@engine_jit
def discard_wanted(s, p):
    """Whether the hand is above the hand target (choose_discard), checked by the caller."""
    return vP(s)[p, P_HAND] > par(s, p, PAR_HAND_TARGET, 5)


@inline_jit
def choose_discard(s, p):
    """Hand index to discard at turn end (highest cost first); called only above the hand target (discard_wanted)."""
    P, H = vP(s), vH(s)
    best, best_cost = -1, -1
    for i in range(P[p, P_HAND]):
        cost = vK(s)[p, H[p, i], K_COST]
        if cost >= best_cost:
            best, best_cost = i, cost
    return best


@engine_jit
def no_play(s, p):
    """choose_play and choose_reducer found nothing in this same state: the same hand (with no
    evolution, whose choice reads the field's units), zone, CP and field size (attacks change none)."""
    P = vP(s)
    return ((P[p, P_NOPLAY] == P[p, P_HVER] + 1) & (P[p, P_HEVO] == 0) & (P[p, P_NPZ] == P[p, P_ZVER])
            & (P[p, P_NPCP] == P[p, P_CP]) & (P[p, P_NPNF] == P[p, P_FIELD]))


@inline_jit
def choose_action(s, p):
    """The next action of the turn player p (A_END when done)."""
    pol = policy(s, p)
    if pol == POL_RANDOM:
        return random_action(s, p)
    P = vP(s)
    hand_scan(s, p)
    if P[p, P_HOVR] >= 0:
        return P[p, P_HOVR]
    if vG(s)[O_JOKERS]:
        for k in range(2):
            if can_joker(s, p, k):
                return act(A_JOKER, k, 0)
    if P[p, P_HSET] >= 0 and P[p, P_ZONE] < ZONE_MAX:
        return act(A_SET, P[p, P_HSET], 0)
    if not no_play(s, p):
        # no unit or evolution in hand costs CP or less, even reduced by 1: choose_play would find none
        a = choose_play(s, p, pol) if P[p, P_CP] >= P[p, P_HMINC] - 1 else -1
        if a >= 0:
            return a
        if reducer_wanted(s, p, pol):
            a = choose_reducer(s, p, pol)
            if a >= 0:
                return a
        P[p, P_NOPLAY], P[p, P_NPZ], P[p, P_NPCP], P[p, P_NPNF] = P[p, P_HVER] + 1, P[p, P_ZVER], P[p, P_CP], P[p, P_FIELD]
    j = choose_activation(s, p)
    if j >= 0:
        return act(A_ACTIVATE, j, 0)
    j = choose_attack(s, p, pol)
    if j >= 0:
        return act(A_ATTACK, j, 0)
    if discard_wanted(s, p):
        return act(A_DISCARD, choose_discard(s, p), 0)
    return act(A_END, 0, 0)
