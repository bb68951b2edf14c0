"""CODE OF JOKER card effects (§9): targets, use legality, resolution, trigger zone timings and the
"when destroyed" queue. State layout and rule primitives: rules.py.
"""

import numpy as np

from sim.cards.effects import (
    E_AMOUNT,
    E_COND,
    E_COND2,
    E_COND_PARAM,
    E_FE_PARAM,
    E_FOREACH,
    E_OP,
    E_PARAM,
    E_TARGET,
    E_THASH,
    E_TMASK,
    E_TRIGGER,
)
from sim.engine.compiled import K_COST, K_ELEM, K_JOB2H, K_JOBH, K_TYPE
from sim.engine.jit import engine_jit, inline_jit
from sim.engine.kernel import SUB_POLICY0, randbelow
from sim.games.coj.rules import (
    CAUSE_BATTLE,
    CAUSE_DELETE,
    CAUSE_EFFECT,
    COLORLESS,
    CP_MAX,
    CT_EVO,
    CT_INTERCEPT,
    CT_JOKER,
    CT_TRIGGER,
    CT_UNIT,
    EV_LEAVE,
    EV_OPP_DISCARDS,
    EV_OPP_INTERCEPT_USED,
    EV_OPP_TRIGGER_USED,
    EV_OPP_ZONE_BROKEN,
    EV_OWN_BATTLE,
    EV_OWN_DISCARDED,
    EV_OWN_OVERCLOCK,
    EVQ_DISCARD,
    EVQ_INTERCEPT,
    EVQ_TRIGGER,
    EVQ_ZONE,
    FIELD_MAX,
    G_BATTLE_A,
    G_BATTLE_B,
    G_BKW,
    G_CHOSEN_SEAT,
    G_CHOSEN_UID,
    G_DQ,
    G_EVN,
    G_EVQ,
    G_FILTER,
    G_LEAVE_CARD,
    G_LEAVE_CAUSE,
    G_LOCK,
    G_NWIN,
    G_OC_KIND,
    G_OQ,
    G_OVER,
    G_POL,
    G_RANDOM,
    G_ROUND,
    G_STATIC,
    G_TP,
    G_UID,
    G_WIN,
    G_WON,
    HAND_MAX,
    K_USES,
    KW_ANCHORED,
    KW_DELETE_RESIST,
    KW_DESTROY_RESIST,
    KW_IMMORTAL,
    KW_ORACLE,
    KW_OVERHEAT,
    KW_PROTECTION,
    KW_SELECT_HACK,
    KW_SELFLESS,
    KW_SILENCE,
    KW_SILENCE_RESIST,
    KW_SPEED,
    NEV,
    O_CP_FLOOR,
    O_GAUGE_MAX,
    O_IMMORTAL_WEAKEN,
    O_PRIORITY_ALT,
    O_TRIGGER_CP,
    OCK_CLOCKUP,
    OCK_ENTRY,
    OCK_FIELD,
    OP_ACTIVATE,
    OP_BOUNCE,
    OP_BREAK,
    OP_BREAK_POWER,
    OP_DAMAGE,
    OP_DISCARD,
    OP_DRAW,
    OP_DULL,
    OP_FREEZE,
    OP_GAIN_CP,
    OP_GRANT,
    OP_HASTE,
    OP_HEAL,
    OP_LEVEL_UP,
    OP_MILL,
    OP_PLAY,
    OP_PLAYER_DAMAGE,
    OP_PUMP,
    OP_RECOVER,
    OP_SEARCH,
    OP_WEAKEN,
    OP_ZONE_BREAK,
    P_CP,
    P_FIELD,
    P_FTRIG,
    P_GAUGE,
    P_HAND,
    P_LP,
    P_N,
    P_NINT,
    P_NTRIG,
    P_PURPLE,
    P_TOP,
    P_ZONE,
    P_ZUSE,
    P_ZWIN,
    PURPLE_MAX,
    TG_ALL,
    TG_ALL_OPP,
    TG_ALL_OWN,
    TG_ALL_PLAYERS,
    TG_ANY,
    TG_CHOSEN,
    TG_OPP,
    TG_OPP_PLAYER,
    TG_OWN_PLAYER,
    TG_SELF,
    TR_ACTION,
    TR_BATTLE,
    TR_DELETED,
    TR_LEAVE,
    TR_OPP_DISCARDS,
    TR_OPP_INTERCEPT_USED,
    TR_OPP_TRIGGER_USED,
    TR_OPP_ZONE_BROKEN,
    TR_OVERCLOCK,
    TR_OWN_DESTROYED,
    TR_OWN_DISCARDED,
    TR_OWN_INTERCEPT_USED,
    TR_OWN_OVERCLOCK,
    TR_OWN_TRIGGER_USED,
    TR_OWN_ZONE_BROKEN,
    TR_STATIC,
    U_ACT,
    U_BASE,
    U_BKW,
    U_CARD,
    U_FROZEN,
    U_GKW,
    U_LOST,
    U_LVL,
    U_PKW,
    U_RESTR,
    U_TEMP,
    U_UID,
    ZONE_MAX,
    add_to_hand,
    card_kind,
    delete_unit,
    deleted,
    destroy,
    draw,
    field_has_trigger,
    find_unit,
    has_colour_unit,
    has_trigger,
    kw,
    lp_loss,
    oc_watched,
    place_unit,
    player_count,
    player_count_kind,
    queue_event,
    record_drawn,
    refresh_static,
    remove_from_hand,
    remove_unit,
    rng,
    row_event,
    set_level,
    spend,
    static_inputs_changed,
    take_damage,
    undelete,
    unit_bp,
    unit_derive,
    unit_kw,
    vDK,
    vDQ,
    vE,
    vG,
    vH,
    vK,
    vOQ,
    vP,
    vU,
    vZ,
    zone_add,
    zone_answers,
    zone_remove,
    zone_trigger,
)
from sim.games.coj.vocab import (
    BOUNCE_DECK,
    CC_ALL_FIELD_GE,
    CC_ATTACKING,
    CC_BITS,
    CC_BLOCKING,
    CC_BY_BATTLE,
    CC_BY_EFFECT,
    CC_CHOICE,
    CC_CLOCKUP,
    CC_COST,
    CC_CP_GE,
    CC_DECK_GE,
    CC_DECK_LE,
    CC_DISCARD_GE,
    CC_EVENT_COST_GE,
    CC_EVENT_EVO,
    CC_EVENT_OTHER_KIND,
    CC_EVENT_UNIT,
    CC_FLAGS,
    CC_IF_DONE,
    CC_LEVEL,
    CC_LIFE_BEHIND,
    CC_LIFE_GE,
    CC_LIFE_LE,
    CC_MASK,
    CC_ON_FIELD,
    CC_OPP_ACTED_GE,
    CC_OPP_FIELD_GE,
    CC_OPP_FIELD_LE,
    CC_OPP_FIELD_MORE,
    CC_OPP_HAND_GE,
    CC_OPP_HAND_LE,
    CC_OPP_TURN,
    CC_OPP_ZONE_EMPTY,
    CC_OPP_ZONE_GE,
    CC_ORACLE,
    CC_OWN_BATTLER,
    CC_OWN_COLOURS_GE,
    CC_OWN_FIELD_EQ,
    CC_OWN_FIELD_GE,
    CC_OWN_FIELD_LE,
    CC_OWN_HAND_GE,
    CC_OWN_HAND_LE,
    CC_OWN_SPECIES_GE,
    CC_PURPLE_GE,
    CC_PURPLE_LE,
    CC_ROUND_EVEN,
    CC_ROUND_ODD,
    CC_WON,
    CHOICE_OPP,
    COST_FLOOR,
    COST_SHIFT,
    FE_DECK,
    FE_DISCARD,
    FE_EVENT_COST,
    FE_OPP_ACTED,
    FE_OPP_UNITS,
    FE_OPP_ZONE,
    FE_OWN_ZONE,
    FL_ACTED,
    FL_BP_MIN,
    FL_DELETE,
    FL_OTHER,
    GAIN_JOKER,
    GAIN_LOCK,
    GAIN_PURPLE,
    GRANT_BATTLE,
    LVL_SHIFT,
    PICK_CHOSEN,
    PLAY_CHOSEN,
    PLAY_COST_MAX,
    PLAY_COST_MIN,
    PLAY_DECK,
    PLAY_DELETED,
    PLAY_NO_EVO,
    PV_BITS,
    PV_MASK,
    RECOVER_CHOSEN,
    RECOVER_DELETED,
    RECOVER_TO_DECK,
    SEARCH_TO_ZONE,
    TM_FOE,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards or units, vector bodies never run


@engine_jit
def harmful(op):
    return (op == OP_DAMAGE or op == OP_BREAK or op == OP_BREAK_POWER or op == OP_DULL or op == OP_FREEZE
            or op == OP_WEAKEN or op == OP_BOUNCE)


@engine_jit
def targeted(op):
    return (harmful(op) or op == OP_PUMP or op == OP_HASTE or op == OP_LEVEL_UP or op == OP_ACTIVATE
            or op == OP_GRANT)


@engine_jit
def sweep(target):
    return target == TG_ALL_OPP or target == TG_ALL_OWN or target == TG_ALL


@engine_jit
def unit_affected(s, p, q, j, op, amount, param):
    """Would seat p's effect change unit j of seat q? (§9 "no effect" rule; §10 無我, 固着, 耐性 keywords).
    加護 is not checked here: it stops only targeted effects (legal_target), never sweeps."""
    U = vU(s)
    if vG(s)[G_FILTER] != 0 and not unit_matches(s, q, j, vG(s)[G_FILTER]):
        return False
    k = unit_kw(s, q, j)
    enemy = q != p
    fl = param >> PV_BITS if param > 0 else 0  # CoJ modifiers (vocab FL_*)
    if fl:
        cost_max = ((param >> COST_SHIFT) & 31) - 1
        if ((fl & (FL_ACTED >> PV_BITS) and U[q, j, U_ACT] == 1)  # 「行動済」
                or (cost_max >= 0 and vK(s)[q, U[q, j, U_CARD], K_COST] > cost_max)
                or U[q, j, U_LVL] < (param >> LVL_SHIFT) & 3):
            return False
        param &= PV_MASK
    # 消滅 is not destroying: 破壊効果耐性 stops a destroy, 消滅効果耐性 a delete (§10, keywords.json)
    resist = enemy and k & (KW_DELETE_RESIST if fl & (FL_DELETE >> PV_BITS) else KW_DESTROY_RESIST)
    if op == OP_BREAK:
        if resist:
            return False
        if amount > 0 and U[q, j, U_LVL] < amount:  # CoJ "レベルN以上の" filter
            return False
        return param <= 0 or vK(s)[q, U[q, j, U_CARD], K_COST] <= param
    if op == OP_BREAK_POWER:
        if fl & (FL_BP_MIN >> PV_BITS):  # 「BPN以上の」
            return not resist and unit_bp(s, q, j) >= param
        return not resist and unit_bp(s, q, j) <= (param if param > 0 else amount)
    if op == OP_DULL or op == OP_FREEZE:
        return U[q, j, U_ACT] == 1 and not (enemy and k & KW_SELFLESS)
    if op == OP_BOUNCE:  # 固着 keeps it out of the hand only (its keyword text), not out of the deck
        return param == BOUNCE_DECK or not (enemy and k & KW_ANCHORED)
    if op == OP_HASTE:
        return U[q, j, U_RESTR] == 1
    if op == OP_LEVEL_UP:
        if param == 1:  # 「レベルをNにする」
            return U[q, j, U_LVL] != amount
        return U[q, j, U_LVL] < 3 if amount >= 0 else U[q, j, U_LVL] > 1
    if op == OP_ACTIVATE:
        return U[q, j, U_ACT] == 0
    if op == OP_GRANT:
        bit = 1 << param
        if amount == 2:  # take a keyword it has (「【神託】を取り除く」)
            return (k & bit) != 0 and (U[q, j, U_LOST] & bit) == 0
        if bit == KW_SILENCE and enemy and k & KW_SILENCE_RESIST:
            return False
        return (k & bit) == 0 or (bit == KW_SPEED and U[q, j, U_RESTR] == 1)
    return True


@engine_jit
def unit_matches(s, q, j, f):
    """Unit j of seat q against a target filter (G_FILTER): a species (f > 0) or a colour mask (-f)."""
    return card_matches(s, q, vU(s)[q, j, U_CARD], f)


@engine_jit
def card_matches(s, q, c, f):
    """Card c of seat q against a target filter: a species (f > 0), a cost floor or a colour mask (-f)."""
    K = vK(s)
    if f > 0:
        return K[q, c, K_JOBH] == f or K[q, c, K_JOB2H] == f
    if f <= -COST_FLOOR:  # 「コストN以上の」
        return K[q, c, K_COST] >= -f - COST_FLOOR
    return (K[q, c, K_ELEM] & -f) != 0


@engine_jit
def legal_target(s, p, q, j, op, amount, param):
    """Can an effect of seat p's card target unit j of seat q? §10 加護: no unit with it is targeted."""
    return not (unit_kw(s, q, j) & KW_PROTECTION) and unit_affected(s, p, q, j, op, amount, param)


@engine_jit
def target_seat(p, op, target):
    if target == TG_OPP or target == TG_ALL_OPP or (target == TG_ANY and harmful(op)):
        return 1 - p
    return p


@engine_jit
def pick_target(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid):
    """The unit slot an effect hits (of seat target_seat; FIELD_MAX + slot: of the other seat), or -1.
    The event's unit (attacker, entering unit) comes first,
    except for an own unit given up as a price (a harmful op on an own unit: the player picks the one
    it costs least). 「ユニットを1体選ぶ」 (any_character) level_up of a unit ability, which must be
    used, picks an opposing unit (the one it helps least) when no own unit can take it."""
    if target == TG_SELF:  # 「このユニット」 is not chosen: 加護 (keywords.json: 効果に選ばれない) does not stop it
        j = find_unit(s, p, src_uid)
        return j if j >= 0 and unit_affected(s, p, p, j, op, amount, param) else -1
    q = target_seat(p, op, target)
    skip = src_uid if param > 0 and param & FL_OTHER else -1
    if vG(s)[G_RANDOM] == TM_FOE:  # 「戦闘中の相手ユニット」: the other side's battler, not chosen (加護 no bar)
        G = vG(s)
        foe = G[G_BATTLE_A] if G[G_TP] != p else G[G_BATTLE_B]
        j = find_unit(s, 1 - p, foe) if foe > 0 else -1
        return j if j >= 0 and unit_affected(s, p, 1 - p, j, op, amount, param) else -1
    if vG(s)[G_RANDOM]:
        return random_unit(s, p, q, op, amount, param, skip)
    hack = q != p and select_hack(s, p, q, op, amount, param)  # §10 セレクトハック: it must be chosen
    if not (q == p and harmful(op)):
        if ctx_seat == q and ctx_uid != skip:
            j = find_unit(s, q, ctx_uid)
            if j >= 0 and legal_target(s, p, q, j, op, amount, param) and (not hack or unit_kw(s, q, j) & KW_SELECT_HACK):
                return j
        elif q == p and ctx_seat >= 0 and ctx_uid > 0:  # an own unit in a battle event: the own battler first
            peer = vG(s)[G_BATTLE_A] if ctx_uid == vG(s)[G_BATTLE_B] else 0
            j = find_unit(s, q, peer) if peer > 0 and peer != skip else -1
            if j >= 0 and legal_target(s, p, q, j, op, amount, param):
                return j
    best = best_unit(s, p, q, op, amount, param, skip, hack, 1)
    if best < 0 and target == TG_ANY and op == OP_LEVEL_UP and src_uid > 0:
        best = best_unit(s, p, 1 - q, op, amount, param, skip, q == p and select_hack(s, p, 1 - q, op, amount, param), -1)
        return best + FIELD_MAX if best >= 0 else -1  # a slot of the other seat than target_seat's
    return best


@engine_jit
def random_unit(s, p, q, op, amount, param, skip):
    """「ランダムで1体」: a uniformly random legal target of seat q (no player choice, so セレクトハック
    does not steer it; 加護 units are not legal targets), or -1."""
    U, n = vU(s), 0
    for j in range(vP(s)[q, P_FIELD]):
        if not (skip >= 0 and U[q, j, U_UID] == skip) and legal_target(s, p, q, j, op, amount, param):
            n += 1
    if n == 0:
        return -1
    k = randbelow(rng(s, SUB_POLICY0 + p), n)
    for j in range(vP(s)[q, P_FIELD]):
        if not (skip >= 0 and U[q, j, U_UID] == skip) and legal_target(s, p, q, j, op, amount, param):
            if k == 0:
                return j
            k -= 1
    return -1


@engine_jit
def best_unit(s, p, q, op, amount, param, skip, hack, sign):
    """The legal target of seat q the policy likes best (sign 1) or least (sign -1) for seat p's effect."""
    U = vU(s)
    best, best_score = -1, -(1 << 30)
    for j in range(vP(s)[q, P_FIELD]):
        if ((skip >= 0 and U[q, j, U_UID] == skip) or (hack and not unit_kw(s, q, j) & KW_SELECT_HACK)
                or not legal_target(s, p, q, j, op, amount, param)):
            continue
        bp = unit_bp(s, q, j)
        if q == p and harmful(op):  # an own unit as the effect's price: the one it costs least
            score = bp - (1 << 20 if bp <= amount else 0) if op == OP_DAMAGE or op == OP_WEAKEN else -bp
        elif op == OP_DAMAGE or op == OP_WEAKEN:
            score = bp + (1 << 20 if bp <= amount else 0)  # a kill first, the biggest one
        elif op == OP_PUMP or op == OP_GRANT:
            score = bp + (1 << 20 if U[q, j, U_ACT] else 0)
        elif op == OP_LEVEL_UP:
            score = U[q, j, U_LVL] * (1 << 20) + bp
        else:
            score = bp
        if sign * score > best_score:
            best, best_score = j, sign * score
    return best


@engine_jit
def select_hack(s, p, q, op, amount, param):
    """Whether seat q has a unit with セレクトハック that seat p's effect could target."""
    for j in range(vP(s)[q, P_FIELD]):
        if unit_kw(s, q, j) & KW_SELECT_HACK and legal_target(s, p, q, j, op, amount, param):
            return True
    return False


@engine_jit
def live_copy(s, p, c):
    """Whether copy c of seat p is in its deck, hand, field or trigger zone. The other copies are the
    discard and the deleted ones (§5 消滅, rules.deleted; engine.py V_ZONES); after a §5 rebuild the
    fresh deck holds every copy, so the discard starts empty again."""
    P, DK, H, U, Z = vP(s), vDK(s), vH(s), vU(s), vZ(s)
    for i in range(P[p, P_TOP], P[p, P_N]):
        if DK[p, i] == c:
            return True
    for i in range(P[p, P_HAND]):
        if H[p, i] == c:
            return True
    for j in range(P[p, P_FIELD]):
        if U[p, j, U_CARD] == c:
            return True
    for i in range(P[p, P_ZONE]):
        if Z[p, i] == c:
            return True
    return False


@engine_jit
def discard_pick(s, p, ctype, gone):
    """A random discard copy (gone: a deleted one) of seat p of card type ctype (-1 any) and of the kind
    G_FILTER (a species or colour, 0 any: 「あなたの捨札にある【盗賊】ユニットのカード」), or -1 (op recover)."""
    n = vP(s)[p, P_N]
    cands = np.empty(n, np.int32)
    m = 0
    f = vG(s)[G_FILTER]
    for c in range(n):
        if ((ctype < 0 or vK(s)[p, c, K_TYPE] == ctype) and (f == 0 or card_kind(s, p, c, f))
                and (deleted(s, p, c) if gone else not live_copy(s, p, c) and not deleted(s, p, c))):
            cands[m] = c
            m += 1
    return cands[randbelow(rng(s, SUB_POLICY0 + p), m)] if m > 0 else -1


@engine_jit
def costliest(s, p, cards, lo, hi, ctype):
    """Index in cards[lo:hi] of seat p's highest-cost card of type ctype (-1 any; the last of equals,
    as policy.choose_discard), or -1: what a scripted policy picks for 「選んで」."""
    best, best_cost = -1, -1
    for i in range(lo, hi):
        cost = vK(s)[p, cards[i], K_COST]
        if (ctype < 0 or vK(s)[p, cards[i], K_TYPE] == ctype) and cost >= best_cost:
            best, best_cost = i, cost
    return best


@engine_jit
def recover_type(param):
    """op recover's card type (-1 any) from its param (vocab RECOVER_CHOSEN marks a 「選んで」 pick,
    RECOVER_DELETED the deleted cards)."""
    param = recover_plain(param)
    return param - RECOVER_CHOSEN - 1 if param >= RECOVER_CHOSEN else param


@engine_jit
def recover_plain(param):
    """op recover's param without the RECOVER_DELETED offset."""
    return param - RECOVER_DELETED - 1 if param >= RECOVER_DELETED else param


@engine_jit
def discard_best(s, p, ctype, gone):
    """The discard copy (gone: the deleted one) of type ctype (-1 any) and kind G_FILTER (0 any) a scripted
    policy recovers: the highest cost, or -1."""
    best, best_cost = -1, -1
    f = vG(s)[G_FILTER]
    for c in range(vP(s)[p, P_N]):
        cost = vK(s)[p, c, K_COST]
        if ((ctype < 0 or vK(s)[p, c, K_TYPE] == ctype) and (f == 0 or card_kind(s, p, c, f)) and cost > best_cost
                and (deleted(s, p, c) if gone else not live_copy(s, p, c) and not deleted(s, p, c))):
            best, best_cost = c, cost
    return best


@engine_jit
def to_zone(param):
    """Whether op search sets its cards in the own trigger zone (vocab SEARCH_TO_ZONE in a filter param)."""
    return param <= -2 and ((-param - 2) & SEARCH_TO_ZONE) != 0


@engine_jit
def search_match(s, p, c, param):
    """op search's filter: param -1 any card, 0..4 a card type index, above that a species (text_hash
    of a 種族, matched on a unit or evolution's first or second species: K_JOBH, K_JOB2H)."""
    K = vK(s)
    if param <= -2:  # a type / colour / cost filter (vocab.search_filter)
        v = -param - 2
        ctype, colours, cost = (v & 7) - 1, (v >> 3) & 63, ((v >> 9) & 31) - 1
        return ((ctype < 0 or K[p, c, K_TYPE] == ctype) and (colours == 0 or K[p, c, K_ELEM] & colours != 0)
                and (cost < 0 or K[p, c, K_COST] == cost))
    if param < 0:
        return True
    if param <= CT_JOKER:
        return K[p, c, K_TYPE] == param
    t = K[p, c, K_TYPE]
    return (t == CT_UNIT or t == CT_EVO) and (K[p, c, K_JOBH] == param or K[p, c, K_JOB2H] == param)


@engine_jit
def play_match(s, p, c, param):
    """op play's card filter (vocab PLAY_*; the kind in G_FILTER): a unit, or an evolution unless
    PLAY_NO_EVO, within the cost bounds, of the species (G_FILTER > 0) or colour mask (-G_FILTER)."""
    K = vK(s)
    t = K[p, c, K_TYPE]
    if not (t == CT_UNIT or (t == CT_EVO and not param & PLAY_NO_EVO)):
        return False
    cost, hi = K[p, c, K_COST], ((param >> PLAY_COST_MAX) & 31) - 1
    if (hi >= 0 and cost > hi) or cost < (param >> PLAY_COST_MIN) & 31:
        return False
    f = vG(s)[G_FILTER]
    if f > 0:
        return K[p, c, K_JOBH] == f or K[p, c, K_JOB2H] == f
    return f == 0 or (K[p, c, K_ELEM] & -f) != 0


@engine_jit
def play_candidates(s, p, param, out):
    """What op play can put on seat p's field, into out: deck indices (PLAY_DECK), deleted copies
    (PLAY_DELETED) or discard copies (not live, not deleted); returns how many."""
    P, DK = vP(s), vDK(s)
    m = 0
    if param & PLAY_DECK:
        for i in range(P[p, P_TOP], P[p, P_N]):
            if play_match(s, p, DK[p, i], param):
                out[m] = i
                m += 1
    else:
        gone = param & PLAY_DELETED != 0
        for c in range(P[p, P_N]):
            if play_match(s, p, c, param) and (deleted(s, p, c) if gone else
                                               not live_copy(s, p, c) and not deleted(s, p, c)):
                out[m] = c
                m += 1
    return m


@engine_jit
def play_pick(s, p, param, cands, m):
    """The candidate op play takes: the player's pick for PLAY_CHOSEN (a scripted policy the highest cost,
    the last of equals as costliest; the random policy at random), else a uniform random one."""
    if not param & PLAY_CHOSEN or vG(s)[G_POL + p] == 0:
        return cands[randbelow(rng(s, SUB_POLICY0 + p), m)]
    best, best_cost = cands[0], -1
    for k in range(m):
        c = vDK(s)[p, cands[k]] if param & PLAY_DECK else cands[k]
        if vK(s)[p, c, K_COST] >= best_cost:
            best, best_cost = cands[k], vK(s)[p, c, K_COST]
    return best


@engine_jit
def kind_in_deck(s, p, i, pick, costliest_one):
    """Deck index (from i) of a card of seat p of the kind G_FILTER: the `pick`-th one, or with costliest_one the
    highest cost (the last of equals); -1 if none."""
    P, DK, f = vP(s), vDK(s), vG(s)[G_FILTER]
    best, best_cost = -1, -1
    for k in range(i, P[p, P_N]):
        if card_kind(s, p, DK[p, k], f):
            if costliest_one:
                if vK(s)[p, DK[p, k], K_COST] >= best_cost:
                    best, best_cost = k, vK(s)[p, DK[p, k], K_COST]
            elif pick == 0:
                return k
            else:
                pick -= 1
    return best


@engine_jit
def mill_kind(s, p, amount, chosen):
    """「デッキから【X】をN体選んで捨てる」: N cards of the kind G_FILTER from seat p's deck to the discard, the policy's
    picks (chosen: the highest cost) or uniformly random ones; fewer if the deck holds fewer."""
    P, DK = vP(s), vDK(s)
    for _ in range(amount):
        top = P[p, P_TOP]
        n = 0
        for k in range(top, P[p, P_N]):
            n += card_kind(s, p, DK[p, k], vG(s)[G_FILTER])
        if n == 0:
            return
        b = kind_in_deck(s, p, top, 0, True) if chosen else kind_in_deck(s, p, top, randbelow(rng(s, SUB_POLICY0 + p), n), False)
        DK[p, top], DK[p, b] = DK[p, b], DK[p, top]
        P[p, P_TOP] = top + 1  # to the discard (not stored: no live zone)


@engine_jit
def to_deck(s, p, c):
    """Copy c of seat p, just taken off the field, back into its deck at a uniformly random place
    (「デッキに戻す」). A copy a §5 rebuild already put back in the deck stays where it is."""
    P, DK = vP(s), vDK(s)
    top = P[p, P_TOP]
    for i in range(top):
        if DK[p, i] == c:
            DK[p, i] = DK[p, top - 1]
            top -= 1
            P[p, P_TOP] = top
            r = top + randbelow(rng(s, SUB_POLICY0 + p), P[p, P_N] - top)
            DK[p, top] = DK[p, r]
            DK[p, r] = c
            return


@engine_jit
def effect_possible(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid):
    """§9 use legality of one effect: a targeted effect needs a legal target, a sweep a unit it
    changes, the others must change something."""
    P = vP(s)
    if sweep(target):
        for q in range(2):
            if (q == p and target == TG_ALL_OPP) or (q != p and target == TG_ALL_OWN):
                continue
            for j in range(P[q, P_FIELD]):
                if unit_affected(s, p, q, j, op, amount, param) and not other_than(s, p, q, j, param, src_uid):
                    return True
        return False
    if target == TG_CHOSEN:
        q, j = chosen_unit(s)
        return j >= 0 and unit_affected(s, p, q, j, op, amount, param)
    if targeted(op):
        return pick_target(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid) >= 0
    if op == OP_DRAW:
        t = 1 - p if target == TG_OPP_PLAYER else p
        return P[t, P_HAND] < (min(amount, HAND_MAX) if param == 1 else HAND_MAX)
    if op == OP_DISCARD:
        return P[p if target == TG_OWN_PLAYER else 1 - p, P_HAND] > 0
    if op == OP_SEARCH:
        return P[p, P_ZONE] < ZONE_MAX if to_zone(param) else P[p, P_HAND] < HAND_MAX
    if op == OP_RECOVER and param == RECOVER_TO_DECK:
        return fe_count(s, p, FE_DISCARD, 0, -1, -1) > 0
    if op == OP_RECOVER:
        return P[p, P_HAND] < HAND_MAX and discard_pick(s, p, recover_type(param), param >= RECOVER_DELETED) >= 0
    if op == OP_ZONE_BREAK:
        return P[p if target == TG_OWN_PLAYER else 1 - p, P_ZONE] > 0
    if op == OP_MILL:
        return P[p, P_TOP] < P[p, P_N] and (vG(s)[G_FILTER] == 0 or kind_in_deck(s, p, P[p, P_TOP], 0, False) >= 0)
    if op == OP_PLAY:
        return P[p, P_FIELD] < FIELD_MAX and play_candidates(s, p, param, np.empty(P[p, P_N], np.int32)) > 0
    if op == OP_HEAL and param > 0:
        return P[p, P_LP] < param
    if op == OP_GAIN_CP and param == GAIN_PURPLE:  # the purple gauge: something to add or take
        g = P[1 - p if target == TG_OPP_PLAYER else p, P_PURPLE]
        return g < PURPLE_MAX if amount > 0 else g > 0
    if op == OP_GAIN_CP and param == GAIN_JOKER:  # the joker gauge likewise
        g = P[1 - p if target == TG_OPP_PLAYER else p, P_GAUGE]
        return g < vG(s)[O_GAUGE_MAX] if amount > 0 else g > 0
    return op != 0


@engine_jit
def chosen_unit(s):
    """(seat, slot) of the unit the last targeted effect hit, slot -1 if it has left the field."""
    q = vG(s)[G_CHOSEN_SEAT]
    return q, find_unit(s, q, vG(s)[G_CHOSEN_UID])


@engine_jit
def card_usable(s, p, c, src_uid, ctx_seat, ctx_uid):
    """§9: a trigger/intercept cannot be used only if ALL its effects would have no effect (a
    targeted one without a legal target has none); so it is usable iff one of them can act."""
    return card_usable_at(s, p, c, -1, src_uid, ctx_seat, ctx_uid)


@engine_jit
def card_usable_at(s, p, c, trig, src_uid, ctx_seat, ctx_uid):
    """card_usable counting only the effects of timing trig (-1: all; a card of several events answers
    one of them at a time: rules.zone_trigger)."""
    e = vE(s)[p, c]
    for k in range(e.shape[0]):  # an 「そうした場合」 effect is possible only once its cost is: the cost decides
        if trig >= 0 and e[k, E_TRIGGER] != trig:
            continue
        won = e[k, E_COND] & CC_WON != 0  # 「戦闘に勝利した時」: at the battle-won event only, and a plain
        if won != (vG(s)[G_WON] != 0) and (won or row_event(s, p, c, k) == EV_OWN_BATTLE):  # 「戦闘した時」 never
            continue
        if e[k, E_TRIGGER] == TR_OWN_OVERCLOCK and not oc_row_runs(e[k, E_COND], vG(s)[G_OC_KIND]):
            continue
        if row_possible(s, p, c, k, src_uid, ctx_seat, ctx_uid):
            return True
    return False


@inline_jit
def row_possible(s, p, c, k, src_uid, ctx_seat, ctx_uid):
    """Whether effect row k of seat p's card row c can act now: its conditions hold and it has an effect (§9).
    Takes the card row, not its effect table: an array argument costs a reference-count call each way."""
    e = vE(s)[p, c]
    cond = e[k, E_COND] & ~CC_FLAGS
    if e[k, E_OP] == 0 or cond & CC_MASK == CC_IF_DONE:
        return False
    # most rows have no condition: cond_holds is called only for one
    if cond != 0 and not cond_holds(s, p, cond, e[k, E_COND_PARAM], src_uid, ctx_seat, ctx_uid):
        return False
    if e[k, E_COND2] != 0 and not cond_holds(s, p, e[k, E_COND2], 0, src_uid, ctx_seat, ctx_uid):
        return False
    vG(s)[G_FILTER] = e[k, E_THASH]
    vG(s)[G_RANDOM] = e[k, E_TMASK] & TM_FOE  # the battle's foe or nothing; a random pick: any legal one
    ok = effect_possible(s, p, e[k, E_OP], e[k, E_TARGET], row_amount(s, p, e, k, ctx_seat, ctx_uid), e[k, E_PARAM], src_uid, ctx_seat,
                         ctx_uid)
    vG(s)[G_FILTER] = 0
    vG(s)[G_RANDOM] = 0
    return ok


@engine_jit
def action_rows_usable(s, p, c, src_uid):
    """§9 use legality of the 【起動】 ability of seat p's card row c (activated.py): one of its "action" rows can act."""
    e = vE(s)[p, c]
    for k in range(e.shape[0]):
        if e[k, E_TRIGGER] == TR_ACTION and row_possible(s, p, c, k, src_uid, -1, -1):
            return True
    return False


@engine_jit
def row_amount(s, p, e, k, ctx_seat, ctx_uid):
    """Effect row k's amount; 「[…×N]」 (E_FOREACH, vocab FE_*) multiplies it by a count."""
    if e[k, E_FOREACH] == 0:
        return e[k, E_AMOUNT]
    return e[k, E_AMOUNT] * fe_count(s, p, e[k, E_FOREACH], e[k, E_FE_PARAM], ctx_seat, ctx_uid)


@engine_jit
def fe_count(s, p, fe, fparam, ctx_seat, ctx_uid):
    """What a 「[…×N]」 counts for seat p (vocab FE_*)."""
    P, U = vP(s), vU(s)
    if player_count_kind(fe):
        return player_count(s, p, fe)
    if fe == FE_DECK:
        return P[p, P_N] - P[p, P_TOP]
    if fe == FE_OWN_ZONE or fe == FE_OPP_ZONE:  # 「[あなたのトリガーゾーンにあるカードの数×N]」
        return P[p if fe == FE_OWN_ZONE else 1 - p, P_ZONE]
    if fe == FE_EVENT_COST:
        j = find_unit(s, ctx_seat, ctx_uid) if ctx_seat >= 0 else -1
        return vK(s)[ctx_seat, U[ctx_seat, j, U_CARD], K_COST] if j >= 0 else 0
    if fe == FE_DISCARD:  # the copies in no live zone and not deleted (live_copy), of the kind fparam (0 any)
        m = 0
        for c in range(P[p, P_N]):
            m += 0 if live_copy(s, p, c) or deleted(s, p, c) or (fparam != 0 and not card_matches(s, p, c, fparam)) else 1
        return m
    q = 1 - p if fe == FE_OPP_UNITS or fe == FE_OPP_ACTED else p
    m = 0
    for j in range(P[q, P_FIELD]):
        if fe == FE_OPP_ACTED:
            m += 1 - U[q, j, U_ACT]
        elif fparam == 0 or unit_matches(s, q, j, fparam):
            m += 1
    return m


@engine_jit
def other_than(s, p, q, j, param, src_uid):
    """Whether unit j of seat q is the effect's own unit and the effect says 「このユニット以外の」."""
    return param > 0 and (param & FL_OTHER) != 0 and q == p and vU(s)[q, j, U_UID] == src_uid


@engine_jit
def cond_holds(s, p, cond, cparam, src_uid, ctx_seat, ctx_uid):
    """An effect's condition (E_COND, vocab CC_*; cparam = E_COND_PARAM) for seat p; 0 and choice
    options always hold."""
    if cond == 0:
        return True
    kind, n = cond & CC_MASK, cond >> CC_BITS
    P = vP(s)
    if kind == CC_OWN_FIELD_LE:
        return P[p, P_FIELD] <= n
    if kind == CC_OWN_FIELD_GE:
        return P[p, P_FIELD] >= n
    if kind == CC_OPP_FIELD_GE:
        return P[1 - p, P_FIELD] >= n
    if kind == CC_OPP_FIELD_LE:
        return P[1 - p, P_FIELD] <= n
    if kind == CC_LIFE_LE:
        return P[p, P_LP] <= n
    if kind == CC_OPP_HAND_LE:
        return P[1 - p, P_HAND] <= n
    if kind == CC_OPP_ZONE_EMPTY:
        return P[1 - p, P_ZONE] == 0
    if kind == CC_PURPLE_GE:
        return P[p, P_PURPLE] >= n
    if kind == CC_PURPLE_LE:
        return P[p, P_PURPLE] <= n
    if kind == CC_EVENT_UNIT or kind == CC_EVENT_COST_GE:  # the event's unit (entering, attacking, destroyed)
        return event_unit_is(s, p, kind, n, cparam, ctx_seat, ctx_uid)
    if kind == CC_ORACLE:
        j = find_unit(s, p, src_uid)
        return j >= 0 and unit_kw(s, p, j) & KW_ORACLE != 0 and vU(s)[p, j, U_LOST] & KW_ORACLE == 0
    if kind == CC_BY_BATTLE or kind == CC_BY_EFFECT:  # the destruction being settled (G_LEAVE_CAUSE)
        return vG(s)[G_LEAVE_CAUSE] == (CAUSE_BATTLE if kind == CC_BY_BATTLE else CAUSE_EFFECT)
    if kind == CC_EVENT_EVO:
        j = find_unit(s, ctx_seat, ctx_uid) if ctx_seat >= 0 else -1
        return j >= 0 and vK(s)[ctx_seat, vU(s)[ctx_seat, j, U_CARD], K_TYPE] == CT_EVO
    if kind == CC_CP_GE:
        return P[p, P_CP] >= n
    if kind == CC_OPP_HAND_GE:
        return P[1 - p, P_HAND] >= n
    if kind == CC_LIFE_GE:
        return P[p, P_LP] >= n
    if kind == CC_ATTACKING or kind == CC_BLOCKING:
        return (vG(s)[G_TP] == p) == (kind == CC_ATTACKING)
    if kind == CC_ROUND_ODD or kind == CC_ROUND_EVEN:
        return vG(s)[G_ROUND] % 2 == (1 if kind == CC_ROUND_ODD else 0)
    if kind == CC_OWN_HAND_LE:
        return P[p, P_HAND] <= n
    if kind == CC_OWN_FIELD_EQ:
        return P[p, P_FIELD] == n
    if kind == CC_ALL_FIELD_GE:
        return P[0, P_FIELD] + P[1, P_FIELD] >= n
    if kind == CC_LIFE_BEHIND:
        return P[p, P_LP] < P[1 - p, P_LP]
    if kind == CC_OWN_HAND_GE:
        return P[p, P_HAND] >= n
    if kind == CC_OPP_ZONE_GE:
        return P[1 - p, P_ZONE] >= n
    if kind == CC_DECK_GE or kind == CC_DECK_LE:
        left = P[p, P_N] - P[p, P_TOP]
        return left >= n if kind == CC_DECK_GE else left <= n
    if kind == CC_DISCARD_GE:  # 「あなたの捨札に(青属性の)カードがN枚以上ある場合」
        return fe_count(s, p, FE_DISCARD, cparam, -1, -1) >= n
    if kind == CC_OPP_ACTED_GE:
        m = 0
        for j in range(P[1 - p, P_FIELD]):
            m += 1 - vU(s)[1 - p, j, U_ACT]
        return m >= n
    if kind == CC_OWN_SPECIES_GE:
        m = 0
        for j in range(P[p, P_FIELD]):
            m += unit_matches(s, p, j, cparam)
        return m >= n
    if kind == CC_LEVEL:
        j = find_unit(s, p, src_uid)
        return j >= 0 and (n & 3) <= vU(s)[p, j, U_LVL] <= (n >> 2)
    if kind == CC_OPP_FIELD_MORE:
        return P[1 - p, P_FIELD] > P[p, P_FIELD]
    if kind == CC_OPP_TURN:
        return vG(s)[G_TP] != p
    if kind == CC_OWN_BATTLER:  # the own side's unit of the battle: the attacker on p's turn, else the blocker
        uid = vG(s)[G_BATTLE_A] if vG(s)[G_TP] == p else vG(s)[G_BATTLE_B]
        j = find_unit(s, p, uid) if uid > 0 else -1
        return j >= 0 and card_kind(s, p, vU(s)[p, j, U_CARD], cparam)
    if kind == CC_EVENT_OTHER_KIND:
        j = find_unit(s, ctx_seat, ctx_uid) if ctx_seat >= 0 else -1
        return j >= 0 and not card_kind(s, ctx_seat, vU(s)[ctx_seat, j, U_CARD], cparam)
    if kind == CC_OWN_COLOURS_GE:
        return field_colours(s, p) >= n
    return True


@engine_jit
def field_colours(s, p):
    """How many colours p's field units show (colourless is none)."""
    m = 0
    for j in range(vP(s)[p, P_FIELD]):
        m |= vK(s)[p, vU(s)[p, j, U_CARD], K_ELEM]
    m &= ~COLORLESS
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


@engine_jit
def event_unit_is(s, p, kind, n, cparam, ctx_seat, ctx_uid):
    """CC_EVENT_UNIT / CC_EVENT_COST_GE: the event's unit on the field (ctx) is of the kind cparam / costs n or
    more; in a destruction's effects (G_LEAVE_CARD, no ctx) the destroyed card of seat p, as it last was."""
    j = find_unit(s, ctx_seat, ctx_uid) if ctx_seat >= 0 else -1
    if j >= 0:
        if kind == CC_EVENT_UNIT:
            return unit_matches(s, ctx_seat, j, cparam)
        return vK(s)[ctx_seat, vU(s)[ctx_seat, j, U_CARD], K_COST] >= n
    c = vG(s)[G_LEAVE_CARD] - 1
    if ctx_seat >= 0 or c < 0:
        return False
    if kind == CC_EVENT_UNIT:
        return card_matches(s, p, c, cparam)
    return vK(s)[p, c, K_COST] >= n


@engine_jit
def hit_unit(s, p, q, j, op, amount, param):
    """Apply a unit op of seat p's effect to unit j of seat q."""
    U, G = vU(s), vG(s)
    if param > 0 and param >> PV_BITS:
        if param & FL_DELETE and (op == OP_BREAK or op == OP_BREAK_POWER):
            delete_unit(s, q, j)
            return
        param &= PV_MASK
    if op == OP_DAMAGE:
        if take_damage(s, q, j, 2 * amount if unit_kw(s, q, j) & KW_OVERHEAT else amount, q != p):
            destroy(s, q, j)
    elif op == OP_BREAK or op == OP_BREAK_POWER:
        destroy(s, q, j)
    elif op == OP_DULL:
        U[q, j, U_ACT] = 0
    elif op == OP_FREEZE:
        U[q, j, U_ACT] = 0
        U[q, j, U_FROZEN] = 1
    elif op == OP_PUMP:
        if param == 2:  # 「BPをN倍にする」 until end of turn: + (N - 1) x the current BP
            U[q, j, U_TEMP] += (amount - 1) * max(0, unit_bp(s, q, j))
        else:
            U[q, j, U_BASE if param == 1 else U_TEMP] += amount  # §10 基本BP: a base change survives turn end
        unit_derive(s, q, j)
    elif op == OP_WEAKEN:
        if not (G[O_IMMORTAL_WEAKEN] and unit_kw(s, q, j) & KW_IMMORTAL):
            U[q, j, U_BASE if param == 1 else U_TEMP] -= amount
            unit_derive(s, q, j)
            if unit_bp(s, q, j) <= 0:
                destroy(s, q, j)
    elif op == OP_BOUNCE:
        c = U[q, j, U_CARD]
        remove_unit(s, q, j)
        if param == BOUNCE_DECK:
            to_deck(s, q, c)
        elif vP(s)[q, P_HAND] < HAND_MAX:  # §8: back to Lv.1 in hand; a full hand sends it to the discard
            add_to_hand(s, q, c, 1)
    elif op == OP_HASTE:
        U[q, j, U_RESTR] = 0
    elif op == OP_LEVEL_UP:
        set_level(s, q, j, amount if param == 1 else U[q, j, U_LVL] + amount)
    elif op == OP_ACTIVATE:
        U[q, j, U_ACT] = 1  # 「行動権を回復する」
    elif op == OP_GRANT and amount == 2:
        U[q, j, U_LOST] |= 1 << param
    elif op == OP_GRANT:
        U[q, j, U_PKW if amount == 1 else U_BKW if amount == GRANT_BATTLE else U_GKW] |= 1 << param  # §9: granted keywords are fully had
        unit_derive(s, q, j)
        if amount == GRANT_BATTLE:
            vG(s)[G_BKW] = 1
        if (1 << param) == KW_SILENCE and (vP(s)[q, P_FTRIG] >> TR_STATIC) & 1:
            refresh_static(s)  # a silenced unit's field effects stop
        if (1 << param) == KW_SPEED:
            U[q, j, U_RESTR] = 0  # §10 スピードムーブ lifts the attack restriction of the turn it entered


@engine_jit
def sweep_units(s, p, q, op, amount, param, src_uid):
    """Every unit of seat q the effect changes (§10 加護 does not stop a sweep: nothing is targeted)."""
    j = vP(s)[q, P_FIELD] - 1
    while j >= 0:  # from the right so that destroyed units do not shift the ones still to hit
        if unit_affected(s, p, q, j, op, amount, param) and not other_than(s, p, q, j, param, src_uid):
            hit_unit(s, p, q, j, op, amount, param)
        j = min(j - 1, vP(s)[q, P_FIELD] - 1)


@engine_jit
def resolve(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid):
    """Resolve one effect of seat p (§9: do as much as possible; targets chosen by pick_target)."""
    P, G = vP(s), vG(s)
    if G[G_OVER]:
        return
    q = 1 - p
    if sweep(target):  # 「全てのユニット」: every such unit, own ("あなたの") or the opponent's or both
        if target != TG_ALL_OPP:
            sweep_units(s, p, p, op, amount, param, src_uid)
        if target != TG_ALL_OWN:
            sweep_units(s, p, q, op, amount, param, src_uid)
        return
    if target == TG_CHOSEN:  # 「それ」 again: the unit the previous effect chose, if it is still there
        t, j = chosen_unit(s)
        if j >= 0 and unit_affected(s, p, t, j, op, amount, param):
            hit_unit(s, p, t, j, op, amount, param)
        return
    if targeted(op):
        j = pick_target(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid)
        t = target_seat(p, op, target)
        if j >= FIELD_MAX:
            t, j = 1 - t, j - FIELD_MAX
        G[G_CHOSEN_SEAT] = t
        G[G_CHOSEN_UID] = vU(s)[t, j, U_UID] if j >= 0 else -1
        if j >= 0:
            hit_unit(s, p, t, j, op, amount, param)
        return
    if op == OP_DRAW:  # param 1: 「手札がN枚になるまでカードを引く」
        t = q if target == TG_OPP_PLAYER else p
        draw(s, t, max(0, amount - P[t, P_HAND]) if param == 1 else amount)
    elif op == OP_PLAYER_DAMAGE:
        if target == TG_ALL_PLAYERS:  # one LP change for both: §1 simultaneous 0 is a double loss
            P[p, P_LP] = max(0, P[p, P_LP] - amount)
            lp_loss(s, q, amount, True)  # (static_inputs_changed for both LPs)
            if P[p, P_LP] == 0:
                G[G_OVER] = 1
        else:  # §9 the gauge rises for LP lost to the OPPONENT's effects only
            t = p if target == TG_OWN_PLAYER else q
            lp_loss(s, t, amount, t != p)
    elif op == OP_HEAL:  # param > 0: the LP it cannot pass (「ライフはN以上にはならない」: N - 1)
        P[p, P_LP] = min(P[p, P_LP] + amount, param) if param > 0 else P[p, P_LP] + amount
        static_inputs_changed(s)
    elif op == OP_GAIN_CP:
        t = q if target == TG_OPP_PLAYER else p
        if param == GAIN_PURPLE:  # 紫ゲージ (rules P_PURPLE)
            P[t, P_PURPLE] = max(0, min(PURPLE_MAX, P[t, P_PURPLE] + amount))
            static_inputs_changed(s)
        elif param == GAIN_LOCK:  # no effects until the battle ends (rules G_LOCK)
            G[G_LOCK] = 1
        elif param == GAIN_JOKER:  # ジョーカーゲージ in percent (§9, rules P_GAUGE)
            P[t, P_GAUGE] = max(0, min(G[O_GAUGE_MAX], P[t, P_GAUGE] + amount))
        else:
            P[t, P_CP] = max(G[O_CP_FLOOR], min(CP_MAX, P[t, P_CP] + amount))  # §4 cap 12, floor (option)
    elif op == OP_DISCARD:  # the opponent's hand, or the own one (own_player: 「あなたは手札を…捨てる」)
        t = p if target == TG_OWN_PLAYER else q
        n = 0
        for _ in range(amount):
            if P[t, P_HAND] == 0:
                break
            if param == PICK_CHOSEN and vG(s)[G_POL + t] != 0:  # 「選んで捨てる」: the discarding player's policy
                remove_from_hand(s, t, costliest(s, t, vH(s)[t], 0, P[t, P_HAND], -1))
            else:
                remove_from_hand(s, t, randbelow(rng(s, SUB_POLICY0 + p), P[t, P_HAND]))
            n += 1
        if n > 0 and t != p:  # 「対戦相手の効果によってあなたが手札を捨てた時」 and its other side
            queue_event(s, EVQ_DISCARD, t)
    elif op == OP_SEARCH:
        DK = vDK(s)
        got = 0
        zone = to_zone(param)
        for i in range(P[p, P_TOP], P[p, P_N]):
            if got >= amount or (P[p, P_ZONE] >= ZONE_MAX if zone else P[p, P_HAND] >= HAND_MAX):
                break
            if search_match(s, p, DK[p, i], param):
                c = DK[p, i]
                DK[p, i] = DK[p, P[p, P_TOP]]
                DK[p, P[p, P_TOP]] = c
                P[p, P_TOP] += 1
                if zone:  # 「デッキから1枚ランダムでトリガーゾーンにセットする」: set, as the Set action does (§5)
                    zone_add(s, p, c)
                else:
                    add_to_hand(s, p, c, 1)
                record_drawn(s, p, c)
                got += 1
    elif op == OP_RECOVER and param == RECOVER_TO_DECK:  # 「あなたの捨札を全てデッキに戻す」
        for c in range(P[p, P_N]):
            if not live_copy(s, p, c) and not deleted(s, p, c):
                to_deck(s, p, c)
    elif op == OP_RECOVER:
        ctype = recover_type(param)
        gone = param >= RECOVER_DELETED
        chosen = recover_plain(param) >= RECOVER_CHOSEN and vG(s)[G_POL + p] != 0  # 「選んで」: the policy's pick
        for _ in range(amount):
            c = -1 if P[p, P_HAND] >= HAND_MAX else discard_best(s, p, ctype, gone) if chosen else discard_pick(s, p, ctype, gone)
            if c < 0:
                break
            if gone:
                undelete(s, p, c)
            add_to_hand(s, p, c, 1)  # §5: cards in the discard are Lv.1
    elif op == OP_MILL and vG(s)[G_FILTER] != 0:  # 「デッキから【四聖獣】を1体選んで捨てる」: cards of a kind
        mill_kind(s, p, amount, param == PICK_CHOSEN and vG(s)[G_POL + p] != 0)
    elif op == OP_MILL:  # 「デッキからカードをN枚ランダムで捨てる」: the deck is shuffled, so its top N cards
        if param == PICK_CHOSEN and vG(s)[G_POL + p] != 0:  # 「選んで捨てる」: the policy's picks go on top first
            DK = vDK(s)
            for i in range(P[p, P_TOP], min(P[p, P_N], P[p, P_TOP] + amount)):
                b = costliest(s, p, DK[p], i, P[p, P_N], -1)
                DK[p, i], DK[p, b] = DK[p, b], DK[p, i]
        P[p, P_TOP] = min(P[p, P_N], P[p, P_TOP] + amount)  # to the discard (not stored: no live zone)
    elif op == OP_PLAY:  # 【特殊召喚】: placed, not entered: no 「フィールドに出た時」 ability fires (keywords.json)
        DK = vDK(s)
        cands = np.empty(P[p, P_N], np.int32)
        for _ in range(amount):
            m = play_candidates(s, p, param, cands) if P[p, P_FIELD] < FIELD_MAX else 0
            if m == 0:
                break
            c = play_pick(s, p, param, cands, m)
            if param & PLAY_DECK:
                i, c = c, DK[p, c]
                DK[p, i] = DK[p, P[p, P_TOP]]
                DK[p, P[p, P_TOP]] = c
                P[p, P_TOP] += 1
            elif param & PLAY_DELETED:
                undelete(s, p, c)
            j = place_unit(s, p, c, 1)  # §5: a discard card is Lv.1, and so is a deck card
            G[G_CHOSEN_SEAT] = p  # 「それ」 after it: the unit placed
            G[G_CHOSEN_UID] = vU(s)[p, j, U_UID]
    elif op == OP_ZONE_BREAK:  # the opponent's zone, or the own one (own_player)
        t = p if target == TG_OWN_PLAYER else q
        n = 0
        for _ in range(amount):
            if P[t, P_ZONE] == 0:
                break
            zone_remove(s, t, randbelow(rng(s, SUB_POLICY0 + p), P[t, P_ZONE]))
            n += 1
        if n > 0 and t != p:  # 「あなたの効果によって対戦相手のトリガーゾーンにあるカードを破壊した時」 and its other side
            queue_event(s, EVQ_ZONE, t)


@engine_jit
def resolve_card(s, p, c, src_uid, ctx_seat, ctx_uid):
    """All effects of one card (row c), in the order written (§9)."""
    run_effects(s, p, c, -1, src_uid, ctx_seat, ctx_uid)


@engine_jit
def run_effects(s, p, c, trig, src_uid, ctx_seat, ctx_uid):
    """The effects of card row c of seat p with timing trig (-1: all of them: a used zone card or
    joker), in the order written (§9). A condition (E_COND) is checked as its effect resolves; of a
    choice (CC_CHOICE) only the options chosen by pick_option run."""
    if vG(s)[G_LOCK]:  # no effect can be used until the battle ends
        return
    e = vE(s)[p, c]
    opt = -1
    paid = True
    last, last_cp, last2, held = 0, 0, 0, True  # a run of effects under one condition is checked once, at its first
    for k in range(e.shape[0]):
        if e[k, E_OP] == 0 or (trig >= 0 and e[k, E_TRIGGER] != trig):
            continue
        cond = e[k, E_COND]
        if (e[k, E_TRIGGER] == TR_OVERCLOCK or e[k, E_TRIGGER] == TR_OWN_OVERCLOCK) and not oc_row_runs(cond, vG(s)[G_OC_KIND]):
            continue
        if cond & CC_WON:  # 「戦闘に勝利した時」 rows at the battle-won event only
            if not vG(s)[G_WON]:
                continue
        elif trig == TR_BATTLE and vG(s)[G_WON]:  # 「戦闘した時」 ones never there
            continue
        cond &= ~CC_FLAGS
        if cond != 0:
            kind = cond & CC_MASK
            if kind == CC_CHOICE:
                if opt < 0:
                    opt = pick_option(s, p, c, trig, src_uid, ctx_seat, ctx_uid)
                if (cond >> CC_BITS) & (CHOICE_OPP - 1) != opt:
                    continue
            elif kind == CC_COST:
                vG(s)[G_FILTER] = e[k, E_THASH]  # a cost of a unit of a kind (「あなたの【不死】ユニットを1体選ぶ」) needs one
                paid = paid and payable(s, p, e[k, E_OP], e[k, E_TARGET], row_amount(s, p, e, k, ctx_seat, ctx_uid), e[k, E_PARAM], src_uid,
                                        ctx_seat, ctx_uid)
                vG(s)[G_FILTER] = 0
                if not paid:  # §9 no partial payment
                    continue
            elif kind == CC_IF_DONE:
                if not paid:
                    continue
            else:
                if cond != last or e[k, E_COND_PARAM] != last_cp or e[k, E_COND2] != last2:
                    last, last_cp, last2 = cond, e[k, E_COND_PARAM], e[k, E_COND2]
                    held = (cond_holds(s, p, cond, last_cp, src_uid, ctx_seat, ctx_uid)
                            and cond_holds(s, p, last2, 0, src_uid, ctx_seat, ctx_uid))
                if not held:
                    continue
        vG(s)[G_FILTER] = e[k, E_THASH]
        vG(s)[G_RANDOM] = e[k, E_TMASK]  # how the unit is picked: 「ランダムで」 (TM_RANDOM) or the battle's foe
        resolve(s, p, e[k, E_OP], e[k, E_TARGET], row_amount(s, p, e, k, ctx_seat, ctx_uid), e[k, E_PARAM], src_uid, ctx_seat, ctx_uid)
        vG(s)[G_FILTER] = 0
        vG(s)[G_RANDOM] = 0


@engine_jit
def oc_row_runs(cond, kind):
    """Whether an "overclock" row runs for a unit queued as kind (rules OCK_*): 「クロックアップした時」
    (CC_CLOCKUP) on any rise on the field, 「フィールドでレベル3にクロックアップした時」 (CC_ON_FIELD) on
    reaching Lv.3 on the field, an OC ability on reaching Lv.3 there or entering at Lv.3."""
    if cond & CC_CLOCKUP:
        return kind != OCK_ENTRY
    if cond & CC_ON_FIELD:
        return kind == OCK_FIELD
    return kind != OCK_CLOCKUP


@engine_jit
def payable(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid):
    """Whether a 「そうした場合」 cost can be paid in full (§9): CP or cards in hand enough, a target."""
    if op == OP_GAIN_CP and amount < 0:
        col = P_PURPLE if param == GAIN_PURPLE else P_GAUGE if param == GAIN_JOKER else P_CP
        return vP(s)[1 - p if target == TG_OPP_PLAYER else p, col] >= -amount
    if op == OP_DISCARD:  # 「手札を全て捨てる」 (amount HAND_MAX, the whole hand): paid with one card or more
        have = vP(s)[p if target == TG_OWN_PLAYER else 1 - p, P_HAND]
        return have >= amount if amount < HAND_MAX else have > 0
    return effect_possible(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid)


@engine_jit
def pick_option(s, p, c, trig, src_uid, ctx_seat, ctx_uid):
    """「以下の効果から1つを選び発動する」: the option a policy chooses among those with an effect that
    can act (§9 use legality): the random policy uniformly, the scripted ones the first (0: none can).
    The chooser is the card's owner, or the opponent for 「対戦相手は…選び」 (CHOICE_OPP)."""
    e = vE(s)[p, c]
    mask = 0
    chooser = p
    for k in range(e.shape[0]):
        cond = e[k, E_COND]
        if e[k, E_OP] != 0 and (trig < 0 or e[k, E_TRIGGER] == trig) and cond & CC_MASK == CC_CHOICE:
            vG(s)[G_FILTER] = e[k, E_THASH]
            if effect_possible(s, p, e[k, E_OP], e[k, E_TARGET], row_amount(s, p, e, k, ctx_seat, ctx_uid), e[k, E_PARAM], src_uid, ctx_seat,
                               ctx_uid):
                mask |= 1 << ((cond >> CC_BITS) & (CHOICE_OPP - 1))
            if (cond >> CC_BITS) & CHOICE_OPP:
                chooser = 1 - p
            vG(s)[G_FILTER] = 0
    if mask == 0:
        return 0
    n = 0
    for b in range(1, 8):
        n += (mask >> b) & 1
    pick = randbelow(rng(s, SUB_POLICY0 + chooser), n) if vG(s)[G_POL + chooser] == 0 else 0
    for b in range(1, 8):
        if (mask >> b) & 1:
            if pick == 0:
                return b
            pick -= 1
    return 0


@inline_jit
def fire_unit(s, p, j, trig, ctx_seat, ctx_uid):
    """A unit's own abilities for an event (unless 沈黙); the unit is the source (target "self")."""
    if has_trigger(s, p, vU(s)[p, j, U_CARD], trig):
        fire_unit_effects(s, p, j, trig, ctx_seat, ctx_uid)


@engine_jit
def fire_unit_effects(s, p, j, trig, ctx_seat, ctx_uid):
    c = vU(s)[p, j, U_CARD]
    if unit_kw(s, p, j) & KW_SILENCE:  # printed or granted (§9: a granted keyword is fully had)
        return
    run_effects(s, p, c, trig, vU(s)[p, j, U_UID], ctx_seat, ctx_uid)


@engine_jit
def fire_units(s, p, trig, ctx_seat, ctx_uid, skip_uid):
    """Every unit of seat p with an ability for event trig (fire_units_walk); the common case, no
    unit with that timing, is read from the field's timings (rules.field_has_trigger) without a walk."""
    if field_has_trigger(s, p, trig):
        fire_units_walk(s, p, trig, ctx_seat, ctx_uid, skip_uid)


@engine_jit
def fire_units_walk(s, p, trig, ctx_seat, ctx_uid, skip_uid):
    """Seat p's units for event trig, oldest placed first (§9 priority tier 1), except unit skip_uid
    (the acting unit, fired first by the caller). Walks by uid, not by slot: an evolution takes a
    new uid in its base's slot. A unit placed while the event resolves (【特殊召喚】) was not there when
    it happened and does not answer it."""
    last = 0
    newest = vG(s)[G_UID]
    while not vG(s)[G_OVER]:
        U = vU(s)
        j, best = -1, 1 << 30
        for k in range(vP(s)[p, P_FIELD]):
            u = U[p, k, U_UID]
            if last < u < best and u <= newest:
                j, best = k, u
        if j < 0:
            return
        last = best
        if best != skip_uid:
            fire_unit(s, p, j, trig, ctx_seat, ctx_uid)


@inline_jit
def next_trigger(s, p, ev, start, ctx_seat, ctx_uid):
    """Index of the leftmost usable trigger card of seat p for event ev at or after `start`, or -1."""
    P, Z = vP(s), vZ(s)
    if ev < 0 or P[p, P_NTRIG + ev] == 0 or vG(s)[G_LOCK]:
        return -1
    for i in range(start, P[p, P_ZONE]):
        c = Z[p, i]
        if vK(s)[p, c, K_TYPE] == CT_TRIGGER and zone_answers(s, p, c, ev):
            if vG(s)[O_TRIGGER_CP] and vK(s)[p, c, K_COST] > P[p, P_CP]:
                continue
            if card_usable_at(s, p, c, zone_trigger(s, p, c, ev), -1, ctx_seat, ctx_uid):
                return i
    return -1


@engine_jit
def use_zone_card(s, p, i, ev, cost, ctx_seat, ctx_uid):
    """Use set card i for event ev: pay, to the discard (shift left), then resolve its effects (of a card
    of several events, those answering ev: rules.zone_trigger); an intercept of several uses (K_USES)
    stays set until the last, marked with the window it was used in."""
    c = vZ(s)[p, i]
    trig = zone_trigger(s, p, c, ev)
    P = vP(s)
    if P[p, P_ZUSE + i] + 1 < vK(s)[p, c, K_USES]:
        P[p, P_ZUSE + i] += 1
        P[p, P_ZWIN + i] = vG(s)[G_WIN]
    else:
        zone_remove(s, p, i)
    spend(s, p, cost)
    run_effects(s, p, c, trig, -1, ctx_seat, ctx_uid)
    t = vK(s)[p, c, K_TYPE]  # 「トリガーカード / インターセプトカードの効果が発動した時」 (settle)
    if t == CT_TRIGGER or t == CT_INTERCEPT:
        queue_event(s, EVQ_TRIGGER if t == CT_TRIGGER else EVQ_INTERCEPT, p)


@inline_jit
def fire_triggers(s, p, ev, ctx_seat, ctx_uid):
    """§3/§9: trigger cards fire compulsorily, leftmost first; unusable ones stay set (§11.13)."""
    if ev >= 0 and vP(s)[p, P_NTRIG + ev] > 0:
        fire_zone_triggers(s, p, ev, ctx_seat, ctx_uid)


@engine_jit
def fire_zone_triggers(s, p, ev, ctx_seat, ctx_uid):
    i = 0
    while True:  # one call site of next_trigger, which is inlined
        i = next_trigger(s, p, ev, i, ctx_seat, ctx_uid)  # a used card has left: the next one is at i again
        if i < 0 or vG(s)[G_OVER]:
            return
        c = vZ(s)[p, i]
        use_zone_card(s, p, i, ev, vK(s)[p, c, K_COST] if vG(s)[O_TRIGGER_CP] else 0, ctx_seat, ctx_uid)


@inline_jit
def fire_triggers_both(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid):
    """Priority tier 2: the turn player's trigger cards, then the other's (or alternating: option)."""
    if not vG(s)[O_PRIORITY_ALT]:
        fire_triggers(s, tp, ev_tp, ctx_seat, ctx_uid)
        fire_triggers(s, 1 - tp, ev_ntp, ctx_seat, ctx_uid)
    else:
        fire_triggers_alternate(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid)


@engine_jit
def fire_triggers_alternate(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid):
    """fire_triggers_both under the priority_alternate option: the players' trigger cards one at a time, in turn."""
    p, ev, passes = tp, ev_tp, 0
    while passes < 2 and not vG(s)[G_OVER]:
        i = next_trigger(s, p, ev, 0, ctx_seat, ctx_uid)
        if i >= 0:
            use_zone_card(s, p, i, ev, vK(s)[p, vZ(s)[p, i], K_COST] if vG(s)[O_TRIGGER_CP] else 0, ctx_seat, ctx_uid)
            passes = 0
        else:
            passes += 1
        p, ev = 1 - p, (ev_ntp if p == tp else ev_tp)


@inline_jit
def next_intercept(s, p, ev, start, ctx_seat, ctx_uid):
    """Index of the leftmost usable intercept of seat p for event ev at or after `start`, or -1. §3: the event
    matches, CP to pay, a same-colour unit (unless colourless), an effect; the cheap checks come first (in the
    opponent's turn a player's CP is mostly spent)."""
    P, Z, K = vP(s), vZ(s), vK(s)
    for i in range(start, P[p, P_ZONE]):
        c = Z[p, i]
        if (K[p, c, K_TYPE] == CT_INTERCEPT and K[p, c, K_COST] <= P[p, P_CP] and P[p, P_ZWIN + i] != vG(s)[G_WIN]
                and zone_answers(s, p, c, ev) and has_colour_unit(s, p, c)
                and card_usable_at(s, p, c, zone_trigger(s, p, c, ev), -1, ctx_seat, ctx_uid)):
            return i
    return -1


@engine_jit
def want_intercept(s, q):
    """Intercepts are the only optional effects (§9): scripted policies use every usable one, the
    random policy tosses a coin (policy id 0 = random, policy.POL_RANDOM)."""
    return randbelow(rng(s, SUB_POLICY0 + q), 2) == 1 if vG(s)[G_POL + q] == 0 else True


@inline_jit
def use_one_intercept(s, p, ev, ctx_seat, ctx_uid):
    """Seat p uses its leftmost usable intercept for event ev that the policy wants; False = pass."""
    if ev < 0 or ev >= NEV or vP(s)[p, P_NINT + ev] == 0 or vG(s)[G_LOCK]:
        return False
    return use_intercept_set(s, p, ev, ctx_seat, ctx_uid)


@inline_jit
def use_intercept_set(s, p, ev, ctx_seat, ctx_uid):
    """use_one_intercept once seat p has an intercept set for event ev."""
    i = -1
    while True:  # one call site of next_intercept, which is inlined
        i = next_intercept(s, p, ev, i + 1, ctx_seat, ctx_uid)
        if i < 0:
            return False
        if want_intercept(s, p):
            use_zone_card(s, p, i, ev, vK(s)[p, vZ(s)[p, i], K_COST], ctx_seat, ctx_uid)
            return True


@inline_jit
def intercept_round(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid):
    """Intercept windows (intercept_turns) only when one of the players has a card set for the event."""
    if (ev_tp >= 0 and vP(s)[tp, P_NINT + ev_tp] > 0) or (ev_ntp >= 0 and vP(s)[1 - tp, P_NINT + ev_ntp] > 0):
        intercept_turns(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid)


@engine_jit
def intercept_turns(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid):
    """§9 priority tier 3: the right to use an intercept alternates, turn player first; each player
    uses one or passes, and two passes in a row close the window. Destroyed units' effects wait
    for settle (the caller's)."""
    G = vG(s)
    outer = G[G_WIN]
    G[G_NWIN] += 1
    G[G_WIN] = G[G_NWIN]  # this window's serial (a nested one takes its own)
    p, passes = tp, 0
    while passes < 2 and not G[G_OVER]:
        if use_one_intercept(s, p, ev_tp if p == tp else ev_ntp, ctx_seat, ctx_uid):
            passes = 0
        else:
            passes += 1
        p = 1 - p
    G[G_WIN] = outer


@inline_jit
def settle(s):
    """Fire the queued "when destroyed" effects (§9: they interrupt; last-known information), then
    the queued OC abilities (§9: after all other effects). Called once an event has run all its tiers.
    After a field effect came or went (G_STATIC) the units it took to BP 0 or below are destroyed first."""
    G = vG(s)
    if G[G_STATIC] or G[G_DQ] > 0 or G[G_OQ] > 0 or G[G_EVN] > 0:  # the common case: nothing to do
        settle_all(s)


@engine_jit
def settle_all(s):
    G = vG(s)
    while (G[G_STATIC] or G[G_DQ] > 0 or G[G_OQ] > 0 or G[G_EVN] > 0) and not G[G_OVER]:
        if G[G_STATIC]:
            static_check(s)
        if G[G_DQ] > 0 or G[G_OQ] > 0 or G[G_EVN] > 0:
            settle_queue(s, True)


@engine_jit
def static_check(s):
    """§10 フィールド効果 lost at once: destroy the units whose BP is 0 or below now (their "when
    destroyed" effects queue as any destruction's)."""
    vG(s)[G_STATIC] = 0
    for q in range(2):
        j = vP(s)[q, P_FIELD] - 1
        while j >= 0:
            if unit_bp(s, q, j) <= 0:
                destroy(s, q, j)
            j = min(j - 1, vP(s)[q, P_FIELD] - 1)


@engine_jit
def settle_event(s):
    """Fire the first waiting raised event (rules.queue_event): a trigger or intercept card of seat p used,
    or p's hand discarded or a card of p's trigger zone destroyed by the opponent's effect; units by the §9 tiers (turn player's first), then trigger
    cards, then intercepts."""
    G = vG(s)
    i = 0
    while G[G_EVQ + i] == 0:
        i += 1
    G[G_EVQ + i] -= 1
    G[G_EVN] -= 1
    kind, p = i // 2, i % 2
    if kind == EVQ_TRIGGER:
        side_event(s, p, TR_OWN_TRIGGER_USED, TR_OPP_TRIGGER_USED, -1, EV_OPP_TRIGGER_USED)
    elif kind == EVQ_INTERCEPT:
        side_event(s, p, TR_OWN_INTERCEPT_USED, TR_OPP_INTERCEPT_USED, -1, EV_OPP_INTERCEPT_USED)
    elif kind == EVQ_DISCARD:
        side_event(s, p, TR_OWN_DISCARDED, TR_OPP_DISCARDS, EV_OWN_DISCARDED, EV_OPP_DISCARDS)
    else:
        side_event(s, p, TR_OWN_ZONE_BROKEN, TR_OPP_ZONE_BROKEN, -1, EV_OPP_ZONE_BROKEN)


@engine_jit
def side_event(s, p, own_trig, opp_trig, own_ev, opp_ev):
    """An event of seat p: p's units with own_trig and the opponent's with opp_trig, then the zone cards of p
    answering own_ev and of the opponent opp_ev (-1: none). Units it destroys resolve in settle_queue's loop,
    after it (no settle_leaves here: settle_queue calls this)."""
    tp = vG(s)[G_TP]
    for i in range(2):
        x = tp if i == 0 else 1 - tp
        fire_units(s, x, own_trig if x == p else opp_trig, -1, -1, -1)
    ev_tp, ev_ntp = (own_ev, opp_ev) if tp == p else (opp_ev, own_ev)
    fire_triggers_both(s, tp, ev_tp, ev_ntp, -1, -1)
    intercept_round(s, tp, ev_tp, ev_ntp, -1, -1)


@engine_jit
def settle_leaves(s):
    """Fire the queued "when destroyed" effects only: between the tiers of an event, where an OC
    ability still has to wait for the rest of the event (§9)."""
    if vG(s)[G_DQ] > 0:
        settle_queue(s, False)


@engine_jit
def settle_queue(s, oc):
    G, DQ, OQ = vG(s), vDQ(s), vOQ(s)
    k = o = 0
    while (k < G[G_DQ] or (oc and (G[G_EVN] > 0 or o < G[G_OQ]))) and not G[G_OVER]:
        if k >= G[G_DQ] and G[G_EVN] > 0:  # raised events next, the OC abilities last (§9)
            settle_event(s)
        elif k < G[G_DQ]:
            p, c = DQ[k, 0] & 1, DQ[k, 1]
            G[G_LEAVE_CAUSE] = DQ[k, 0] >> 1
            G[G_LEAVE_CARD] = c + 1
            k += 1
            if G[G_LEAVE_CAUSE] == CAUSE_DELETE:  # 消滅: its own 「消滅した時」 abilities only (rules.delete_unit)
                if not kw(s, p, c) & KW_SILENCE:
                    run_effects(s, p, c, TR_DELETED, -1, -1, -1)
                G[G_LEAVE_CARD] = 0
                continue
            if not kw(s, p, c) & KW_SILENCE:
                run_effects(s, p, c, TR_LEAVE, -1, -1, -1)
            fire_units(s, p, TR_OWN_DESTROYED, -1, -1, -1)  # §9 tier 1: the own units that saw it
            fire_triggers(s, p, EV_LEAVE, -1, -1)
            intercept_round(s, p, EV_LEAVE, -1, -1, -1)  # §9: intercepts answer a destruction too
            G[G_LEAVE_CARD] = 0
        else:
            p, uid = OQ[o, 0] & 1, OQ[o, 1]
            G[G_OC_KIND] = OQ[o, 0] >> 1
            o += 1
            j = find_unit(s, p, uid)
            if j >= 0:  # an overclocked unit that left before its turn fires nothing
                fire_unit(s, p, j, TR_OVERCLOCK, p, uid)
                if oc_watched(s, p):  # then its side's units and set cards that watch it (§9 tiers)
                    fire_units(s, p, TR_OWN_OVERCLOCK, p, uid, uid)
                    fire_triggers(s, p, EV_OWN_OVERCLOCK, p, uid)
                    intercept_round(s, p, EV_OWN_OVERCLOCK, -1, p, uid)
            G[G_OC_KIND] = OCK_FIELD
    G[G_DQ] = 0
    if oc:
        G[G_OQ] = 0
