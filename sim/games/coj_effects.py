"""CODE OF JOKER card effects (§9): targets, use legality, resolution, trigger zone timings and the
"when destroyed" queue. State layout and rule primitives: coj_rules.py.
"""

from numba import njit

from sim.compiled import K_COST, K_NEFF, K_TYPE
from sim.effects import E_AMOUNT, E_OP, E_PARAM, E_TARGET, E_TRIGGER
from sim.games.coj_rules import (
    CP_MAX,
    CT_INTERCEPT,
    CT_TRIGGER,
    EV_LEAVE,
    G_DQ,
    G_OVER,
    HAND_MAX,
    KW_ANCHORED,
    KW_IMMORTAL,
    KW_PROTECTION,
    KW_SELFLESS,
    KW_SILENCE,
    O_CP_FLOOR,
    O_IMMORTAL_WEAKEN,
    O_PRIORITY_ALT,
    O_TRIGGER_CP,
    OP_BOUNCE,
    OP_BREAK,
    OP_BREAK_POWER,
    OP_DAMAGE,
    OP_DISCARD,
    OP_DRAW,
    OP_DULL,
    OP_FREEZE,
    OP_GAIN_CP,
    OP_HASTE,
    OP_HEAL,
    OP_LEVEL_UP,
    OP_PLAYER_DAMAGE,
    OP_PUMP,
    OP_SEARCH,
    OP_WEAKEN,
    P_CP,
    P_FIELD,
    P_HAND,
    P_LP,
    P_N,
    P_NTRIG,
    P_TOP,
    P_ZONE,
    TG_ALL_OPP,
    TG_ALL_PLAYERS,
    TG_ANY,
    TG_OPP,
    TG_OPP_PLAYER,
    TG_OWN_PLAYER,
    TG_SELF,
    TR_LEAVE,
    U_ACT,
    U_CARD,
    U_FROZEN,
    U_LVL,
    U_RESTR,
    U_TEMP,
    U_UID,
    add_to_hand,
    destroy,
    draw,
    find_unit,
    has_colour_unit,
    kw,
    lp_loss,
    record_drawn,
    remove_from_hand,
    remove_unit,
    rng,
    set_level,
    spend,
    take_damage,
    unit_bp,
    unit_kw,
    vDK,
    vDQ,
    vE,
    vG,
    vK,
    vP,
    vU,
    vZ,
    zone_event,
    zone_remove,
)
from sim.jit import engine_jit
from sim.kernel import SUB_POLICY0, randbelow


@njit(cache=True, inline="always")
def harmful(op):
    return (op == OP_DAMAGE or op == OP_BREAK or op == OP_BREAK_POWER or op == OP_DULL or op == OP_FREEZE
            or op == OP_WEAKEN or op == OP_BOUNCE)


@njit(cache=True, inline="always")
def targeted(op):
    return harmful(op) or op == OP_PUMP or op == OP_HASTE or op == OP_LEVEL_UP


@njit(cache=True, inline="always")
def legal_target(s, p, q, j, op, amount, param):
    """Can an effect of seat p's card target unit j of seat q? (§10 加護, 無我, 固着; "no effect" rule)."""
    U = vU(s)
    k = unit_kw(s, q, j)
    if k & KW_PROTECTION:
        return False
    if op == OP_BREAK:
        return param <= 0 or vK(s)[q, U[q, j, U_CARD], K_COST] <= param
    if op == OP_BREAK_POWER:
        return unit_bp(s, q, j) <= (param if param > 0 else amount)
    if op == OP_DULL or op == OP_FREEZE:
        return U[q, j, U_ACT] == 1 and not (q != p and k & KW_SELFLESS)
    if op == OP_BOUNCE:
        return not (q != p and k & KW_ANCHORED)
    if op == OP_HASTE:
        return U[q, j, U_RESTR] == 1
    if op == OP_LEVEL_UP:
        return U[q, j, U_LVL] < 3 if amount >= 0 else U[q, j, U_LVL] > 1
    return True


@njit(cache=True, inline="always")
def target_seat(p, op, target):
    if target == TG_OPP or target == TG_ALL_OPP or (target == TG_ANY and harmful(op)):
        return 1 - p
    return p


@engine_jit
def pick_target(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid):
    """The unit slot an effect hits, or -1. The event's unit (attacker, entering unit) comes first."""
    U, P = vU(s), vP(s)
    if target == TG_SELF:
        j = find_unit(s, p, src_uid)
        return j if j >= 0 and legal_target(s, p, p, j, op, amount, param) else -1
    q = target_seat(p, op, target)
    if ctx_seat == q:
        j = find_unit(s, q, ctx_uid)
        if j >= 0 and legal_target(s, p, q, j, op, amount, param):
            return j
    best, best_score = -1, -(1 << 30)
    for j in range(P[q, P_FIELD]):
        if not legal_target(s, p, q, j, op, amount, param):
            continue
        bp = unit_bp(s, q, j)
        if op == OP_DAMAGE or op == OP_WEAKEN:
            score = bp + (1 << 20 if bp <= amount else 0)  # a kill first, the biggest one
        elif op == OP_PUMP:
            score = bp + (1 << 20 if U[q, j, U_ACT] else 0)
        elif op == OP_LEVEL_UP:
            score = U[q, j, U_LVL] * (1 << 20) + bp
        else:
            score = bp
        if score > best_score:
            best, best_score = j, score
    return best


@njit(cache=True, inline="always")
def effect_possible(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid):
    """§9 use legality: a targeted effect needs a legal target; others need to change something."""
    P = vP(s)
    if target == TG_ALL_OPP:
        return P[1 - p, P_FIELD] > 0
    if targeted(op):
        return pick_target(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid) >= 0
    if op == OP_DRAW:
        return P[1 - p if target == TG_OPP_PLAYER else p, P_HAND] < HAND_MAX
    if op == OP_DISCARD:
        return P[1 - p, P_HAND] > 0
    if op == OP_SEARCH:
        return P[p, P_HAND] < HAND_MAX
    return op != 0


@engine_jit
def card_usable(s, p, c, src_uid, ctx_seat, ctx_uid):
    """A trigger/intercept (card row c) is usable iff every effect is possible (§9, §11.21)."""
    e = vE(s)[p, c]
    for k in range(e.shape[0]):
        if e[k, E_OP] != 0 and not effect_possible(s, p, e[k, E_OP], e[k, E_TARGET], e[k, E_AMOUNT],
                                                    e[k, E_PARAM], src_uid, ctx_seat, ctx_uid):
            return False
    return True


@engine_jit
def hit_unit(s, p, q, j, op, amount):
    """Apply a unit op of seat p's effect to unit j of seat q."""
    U, G = vU(s), vG(s)
    if op == OP_DAMAGE:
        if take_damage(s, q, j, amount, q != p):
            destroy(s, q, j)
    elif op == OP_BREAK or op == OP_BREAK_POWER:
        destroy(s, q, j)
    elif op == OP_DULL:
        U[q, j, U_ACT] = 0
    elif op == OP_FREEZE:
        U[q, j, U_ACT] = 0
        U[q, j, U_FROZEN] = 1
    elif op == OP_PUMP:
        U[q, j, U_TEMP] += amount
    elif op == OP_WEAKEN:
        if not (G[O_IMMORTAL_WEAKEN] and unit_kw(s, q, j) & KW_IMMORTAL):
            U[q, j, U_TEMP] -= amount
            if unit_bp(s, q, j) <= 0:
                destroy(s, q, j)
    elif op == OP_BOUNCE:
        c = U[q, j, U_CARD]
        remove_unit(s, q, j)
        if vP(s)[q, P_HAND] < HAND_MAX:  # §8: back to Lv.1 in hand; a full hand sends it to the discard
            add_to_hand(s, q, c, 1)
    elif op == OP_HASTE:
        U[q, j, U_RESTR] = 0
    elif op == OP_LEVEL_UP:
        set_level(s, q, j, U[q, j, U_LVL] + amount)


@engine_jit
def resolve(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid):
    """Resolve one effect of seat p (§9: do as much as possible; targets chosen by pick_target)."""
    P, G = vP(s), vG(s)
    if G[G_OVER]:
        return
    q = 1 - p
    if target == TG_ALL_OPP:
        j = P[q, P_FIELD] - 1
        while j >= 0:  # from the right so that destroyed units do not shift the ones still to hit
            if legal_target(s, p, q, j, op, amount, param):
                hit_unit(s, p, q, j, op, amount)
            j = min(j - 1, P[q, P_FIELD] - 1)
        return
    if targeted(op):
        j = pick_target(s, p, op, target, amount, param, src_uid, ctx_seat, ctx_uid)
        if j >= 0:
            hit_unit(s, p, target_seat(p, op, target), j, op, amount)
        return
    if op == OP_DRAW:
        draw(s, q if target == TG_OPP_PLAYER else p, amount)
    elif op == OP_PLAYER_DAMAGE:
        if target == TG_ALL_PLAYERS:  # one LP change for both: §1 simultaneous 0 is a double loss
            P[p, P_LP] = max(0, P[p, P_LP] - amount)
            lp_loss(s, q, amount, True)
            if P[p, P_LP] == 0:
                G[G_OVER] = 1
        else:
            lp_loss(s, p if target == TG_OWN_PLAYER else q, amount, True)
    elif op == OP_HEAL:
        P[p, P_LP] += amount
    elif op == OP_GAIN_CP:
        t = q if target == TG_OPP_PLAYER else p
        P[t, P_CP] = max(G[O_CP_FLOOR], min(CP_MAX, P[t, P_CP] + amount))  # §4 cap 12, floor (option)
    elif op == OP_DISCARD:
        for _ in range(amount):
            if P[q, P_HAND] == 0:
                break
            remove_from_hand(s, q, randbelow(rng(s, SUB_POLICY0 + p), P[q, P_HAND]))
    elif op == OP_SEARCH:
        DK = vDK(s)
        for i in range(P[p, P_TOP], P[p, P_N]):
            if vK(s)[p, DK[p, i], K_TYPE] == param and P[p, P_HAND] < HAND_MAX:
                c = DK[p, i]
                DK[p, i] = DK[p, P[p, P_TOP]]
                DK[p, P[p, P_TOP]] = c
                P[p, P_TOP] += 1
                add_to_hand(s, p, c, 1)
                record_drawn(s, p, c)
                break


@engine_jit
def resolve_card(s, p, c, src_uid, ctx_seat, ctx_uid):
    """All effects of one card (row c), in the order written (§9)."""
    e = vE(s)[p, c]
    for k in range(e.shape[0]):
        if e[k, E_OP] != 0:
            resolve(s, p, e[k, E_OP], e[k, E_TARGET], e[k, E_AMOUNT], e[k, E_PARAM], src_uid, ctx_seat, ctx_uid)


@njit(cache=True, inline="always")
def fire_unit(s, p, j, trig, ctx_seat, ctx_uid):
    """A unit's own abilities for an event (unless 沈黙); the unit is the source (target "self")."""
    if vK(s)[p, vU(s)[p, j, U_CARD], K_NEFF] > 0:
        fire_unit_effects(s, p, j, trig, ctx_seat, ctx_uid)


@engine_jit
def fire_unit_effects(s, p, j, trig, ctx_seat, ctx_uid):
    c = vU(s)[p, j, U_CARD]
    if kw(s, p, c) & KW_SILENCE:
        return
    uid = vU(s)[p, j, U_UID]
    e = vE(s)[p, c]
    for k in range(vK(s)[p, c, K_NEFF]):
        if e[k, E_TRIGGER] == trig and e[k, E_OP] != 0:
            resolve(s, p, e[k, E_OP], e[k, E_TARGET], e[k, E_AMOUNT], e[k, E_PARAM], uid, ctx_seat, ctx_uid)


@engine_jit
def next_trigger(s, p, ev, start, ctx_seat, ctx_uid):
    """Index of the leftmost usable trigger card of seat p for event ev at or after `start`, or -1."""
    P, Z = vP(s), vZ(s)
    if P[p, P_NTRIG + ev] == 0:
        return -1
    for i in range(start, P[p, P_ZONE]):
        c = Z[p, i]
        if vK(s)[p, c, K_TYPE] == CT_TRIGGER and zone_event(s, p, c) == ev:
            if vG(s)[O_TRIGGER_CP] and vK(s)[p, c, K_COST] > P[p, P_CP]:
                continue
            if card_usable(s, p, c, -1, ctx_seat, ctx_uid):
                return i
    return -1


@engine_jit
def use_zone_card(s, p, i, cost, ctx_seat, ctx_uid):
    """Use set card i: pay, to the discard (shift left), then resolve its effects."""
    c = vZ(s)[p, i]
    zone_remove(s, p, i)
    spend(s, p, cost)
    resolve_card(s, p, c, -1, ctx_seat, ctx_uid)


@njit(cache=True, inline="always")
def fire_triggers(s, p, ev, ctx_seat, ctx_uid):
    """§3/§9: trigger cards fire compulsorily, leftmost first; unusable ones stay set (§11.13)."""
    if vP(s)[p, P_NTRIG + ev] > 0:
        fire_zone_triggers(s, p, ev, ctx_seat, ctx_uid)


@engine_jit
def fire_zone_triggers(s, p, ev, ctx_seat, ctx_uid):
    i = next_trigger(s, p, ev, 0, ctx_seat, ctx_uid)
    while i >= 0 and not vG(s)[G_OVER]:
        c = vZ(s)[p, i]
        use_zone_card(s, p, i, vK(s)[p, c, K_COST] if vG(s)[O_TRIGGER_CP] else 0, ctx_seat, ctx_uid)
        i = next_trigger(s, p, ev, i, ctx_seat, ctx_uid)


@njit(cache=True, inline="always")
def fire_triggers_both(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid):
    """Priority tier 2: the turn player's trigger cards, then the other's (or alternating: option)."""
    if not vG(s)[O_PRIORITY_ALT]:
        fire_triggers(s, tp, ev_tp, ctx_seat, ctx_uid)
        fire_triggers(s, 1 - tp, ev_ntp, ctx_seat, ctx_uid)
        return
    p, ev, passes = tp, ev_tp, 0
    while passes < 2 and not vG(s)[G_OVER]:
        i = next_trigger(s, p, ev, 0, ctx_seat, ctx_uid)
        if i >= 0:
            use_zone_card(s, p, i, vK(s)[p, vZ(s)[p, i], K_COST] if vG(s)[O_TRIGGER_CP] else 0, ctx_seat, ctx_uid)
            passes = 0
        else:
            passes += 1
        p, ev = 1 - p, (ev_ntp if p == tp else ev_tp)


@njit(cache=True, inline="always")
def usable_intercept(s, p, i, ev, ctx_seat, ctx_uid):
    """§3 intercepts: the event matches, CP to pay, a same-colour unit (unless colourless), an effect."""
    c = vZ(s)[p, i]
    return (vK(s)[p, c, K_TYPE] == CT_INTERCEPT and zone_event(s, p, c) == ev
            and vK(s)[p, c, K_COST] <= vP(s)[p, P_CP] and has_colour_unit(s, p, c)
            and card_usable(s, p, c, -1, ctx_seat, ctx_uid))


@njit(cache=True, inline="always")
def settle(s):
    """Fire the queued "when destroyed" effects (§9: they interrupt; last-known information)."""
    if vG(s)[G_DQ] > 0:  # the common case, checked inline: nothing was destroyed
        settle_queue(s)


@engine_jit
def settle_queue(s):
    G, DQ = vG(s), vDQ(s)
    k = 0
    while k < G[G_DQ] and not G[G_OVER]:
        p, c = DQ[k, 0], DQ[k, 1]
        k += 1
        if not kw(s, p, c) & KW_SILENCE:
            e = vE(s)[p, c]
            for m in range(vK(s)[p, c, K_NEFF]):
                if e[m, E_TRIGGER] == TR_LEAVE and e[m, E_OP] != 0:
                    resolve(s, p, e[m, E_OP], e[m, E_TARGET], e[m, E_AMOUNT], e[m, E_PARAM], -1, -1, -1)
        fire_triggers(s, p, EV_LEAVE, -1, -1)
    G[G_DQ] = 0
