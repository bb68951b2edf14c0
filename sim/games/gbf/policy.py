"""Granblue Fantasy TCG policies (what each does: docs/policies_gbf.md).

- random:  uniform over the legal main-phase actions and pass; random attackers and target; coins for
           ougi, counter steps, armor and replenishment choices; keeps each opening card on a coin.
- aggro:   deploys the highest-ATK members; attacks the leader whenever no member guards it, with as
           few attackers per battle as still break armor; every ougi it can pay; never counters.
- curve:   fills the rank capacity (highest rank first), plays summons and activated effects when
           they have a target; attacks the highest-ATK member a group of attackers can KO, with the
           least overkill; counters only to save the battle partner or KO an attack card.
           Every scripted policy counts a payable +ATK summon stone and its ougi's +ATK in its attack
           plan, plays the stone in the attack step (r. 7-2-1-3-4) when it turns the battle's damage
           into a KO, pursues after a counter step that left the damage short (r. 7-3-1-3), attacks
           with units whose ougi pays when no group KOs, and uses Assists from the hand in its main
           phase when their effect has something to do (r. 6-3-1-2-2).
- control: deploys the highest-HP members; keeps `reserve` crystals active for the counter step,
           keeps `ougi_spare` face-up gauge cards beyond an ougi's cost; attacks like curve;
           counters like curve and also at the end of the opponent's battle phase.
Parameters (params, < 0 = the policy's default): keep_rank (mulligan keeps members of rank <= it),
reserve, ougi_spare.
"""

from __future__ import annotations

from numba import njit

from sim.cards.effects import E_AMOUNT, E_COST, E_OP, E_TARGET
from sim.engine.compiled import K_HP, K_KW, K_NAMEH, K_POWER, K_RANK, K_TRIGS, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import SUB_POLICY0
from sim.games.gbf.rules import (
    G_BATTLE,
    G_PAR,
    G_POL,
    G_PSLOT,
    G_VOCAB,
    KW_ASSIST,
    LDK0,
    LEADER_SLOT,
    M_ACTED,
    M_ATT,
    M_CARD,
    M_DMG,
    M_OUGI,
    MEMBER,
    NPAR,
    O_ACCUM,
    O_LEADER_STACK,
    OP_BREAK,
    OP_BREAK_ARMOR,
    OP_DAMAGE,
    OP_DRAW,
    OP_DULL,
    OP_GAIN,
    OP_LOSE,
    OP_NEGATE_RECEIVED,
    OP_PUMP,
    OP_RESET,
    OP_SHIELD,
    P_ACT,
    P_ARM,
    P_CRY,
    P_GDN,
    P_GUP,
    P_HAND,
    P_JC,
    P_LATT,
    P_LB,
    P_LCHR,
    P_LDK,
    P_LDMG,
    P_LEAD,
    P_LOUGI,
    P_PREV_RANK,
    SLOTS,
    SUMMON,
    TG_ALL,
    TG_ALL_OPP,
    TG_OPP_LEADER,
    TG_SELF,
    TR_ACTION,
    TR_ATTACK,
    TR_CAST,
    VOC_ACT_PUMP,
    Z_HAND,
    action_effect,
    best_opp_member,
    can_deploy,
    can_pay,
    card,
    lb_slot,
    mcol,
    member_rank,
    n_members,
    names_in_play,
    opt,
    ougi_cost,
    random_index,
    received_target,
    reset_target,
    stone_condition,
    summon_cost,
    unit_active,
    unit_atk,
    unit_hp,
    vE,
    vG,
    vS,
    zoff,
)

POLICY_NAMES = ("random", "aggro", "curve", "control")
RANDOM, AGGRO, CURVE, CONTROL = range(4)
PARAM_NAMES = ("keep_rank", "reserve", "ougi_spare")
# defaults per policy: keep_rank, reserve, ougi_spare
DEFAULTS = ((3, 0, 0), (1, 0, 0), (2, 0, 0), (3, 2, 1))
# main-phase action codes: kind * ACT + index
ACT = 64
A_PASS, A_DEPLOY, A_SUMMON, A_LB, A_JC, A_EFFECT, A_ASSIST = range(7)


@njit(cache=True, inline="always")
def policy(s, p):
    return vG(s)[G_POL + p]


@njit(cache=True, inline="always")
def param(s, p, k):
    return vG(s)[G_PAR + p * NPAR + k]  # gbf._game_template put the policy's default in for < 0


@njit(cache=True, inline="always")
def coin(s, p, n):
    return random_index(s, SUB_POLICY0 + p, n)


@engine_jit
def keep_card(s, p, c):
    """Mulligan (r. 5-2-1-5-1): keep this opening card?"""
    if policy(s, p) == RANDOM:
        return coin(s, p, 2) == 1
    if card(s, p, c, K_TYPE) == MEMBER:
        return card(s, p, c, K_RANK) <= param(s, p, 0)
    return policy(s, p) == CONTROL


@engine_jit
def deploy_score(s, p, c):
    pol = policy(s, p)
    if pol == AGGRO:
        return card(s, p, c, K_POWER) * 16 + card(s, p, c, K_HP)
    if pol == CONTROL:
        return card(s, p, c, K_HP) * 16 + card(s, p, c, K_POWER)
    return card(s, p, c, K_RANK) * 256 + card(s, p, c, K_POWER) * 16 + card(s, p, c, K_HP)


@engine_jit
def best_deploy(s, p):
    """Hand index of the member to deploy (policy's metric; random: any), -1 if none fits."""
    S = vS(s)
    # can_deploy's slot scan once for the whole hand: a free slot, the names in play, the rank left
    h0, h1, h2 = names_in_play(s, p)
    if h0 >= 0 and h1 >= 0 and h2 >= 0:
        return -1
    room = S[p, P_CRY] - member_rank(s, p, -1)
    rand = policy(s, p) == RANDOM
    best, score = -1, -(1 << 30)
    for i in range(S[p, P_HAND]):
        c = S[p, zoff(s, Z_HAND) + i]
        if card(s, p, c, K_TYPE) != MEMBER or card(s, p, c, K_RANK) > room:
            continue
        h = card(s, p, c, K_NAMEH)
        if h == h0 or h == h1 or h == h2:
            continue
        v = coin(s, p, 1 << 20) if rand else deploy_score(s, p, c)
        if v > score:
            best, score = i, v
    return best


@engine_jit
def jc_target(s, p, i):
    """r. 10-3: leader-deck card i can job-change in (rank limit; no icon condition, §3 [AMBIGUOUS])."""
    S = vS(s)
    r = card(s, p, S[p, LDK0 + i], K_RANK)
    if opt(s, O_LEADER_STACK):
        r += S[p, P_PREV_RANK] + card(s, p, S[p, P_LEAD], K_RANK)
    return r + S[p, P_LCHR] <= S[p, P_CRY]  # the leader's rank chips carry to the new leader (r. 10-16-1-3)


@engine_jit
def useful(s, p, c, k, defending):
    """Whether effect k of card c has something to do now (r. 8-6-3-4: no target, no effect)."""
    E = vE(s)
    q = 1 - p
    op, x, tg = E[p, c, k, E_OP], E[p, c, k, E_AMOUNT], E[p, c, k, E_TARGET]
    if op == OP_DRAW or op == OP_GAIN:
        return not defending
    if op == OP_DAMAGE:
        if tg == TG_OPP_LEADER:
            return n_members(s, q) == 0 and not defending
        if tg == TG_ALL_OPP:
            return n_members(s, q) > 0
        if tg == TG_ALL:  # each member of both players: worth it when it KOs more of the opponent's than of p's
            return sweep_kills(s, q, x) > sweep_kills(s, p, x)
        return best_opp_member(s, q, x, True) >= 0
    if op == OP_BREAK:
        return best_opp_member(s, q, E[p, c, k, 4], True) >= 0 or n_members(s, q) > 0 and not defending
    if op == OP_SHIELD:
        return defending
    if op == OP_DULL:
        return False  # nothing in the vocabulary cares about a rested member but attacks
    if op == OP_BREAK_ARMOR:  # the opponent's armor (its own never: a break gives the owner a card)
        return tg == TG_OPP_LEADER and vS(s)[q, P_ARM] > 0 and not defending
    if op == OP_NEGATE_RECEIVED:  # an opposing unit that has received a raised ATK / HP or chips
        return received_target(s, q) >= 0
    if op == OP_RESET:  # an opposing unit with a raised ATK / HP (an attack card first, reset_target)
        return reset_target(s, q, E[p, c, k, 4]) >= 0
    if op == OP_LOSE:  # r. 1-2-5: the opponent loses now (its armor is low enough); never the own loss
        return tg == TG_OPP_LEADER and vS(s)[q, P_ARM] <= E[p, c, k, 4]
    return not defending and vG(s)[G_BATTLE] != 0


@engine_jit
def sweep_kills(s, r, x):
    """How many of r's members x damage each would KO (printed damage, before additions and reductions)."""
    k = 0
    for j in range(SLOTS):
        if vS(s)[r, mcol(j, M_CARD)] >= 0 and x >= unit_hp(s, r, j):
            k += 1
    return k


@engine_jit
def first_effect(s, p, c, trigger):
    E = vE(s)
    if not (card(s, p, c, K_TRIGS) >> trigger) & 1:
        return -1
    for k in range(E.shape[2]):
        if E[p, c, k, E_OP] != 0 and E[p, c, k, 0] == trigger:
            return k
    return -1


@engine_jit
def main_actions(s, p, pick):
    """Walk the legal main-phase actions (r. 6-3-1-2): with pick < 0 return their count, else the
    code of action number `pick`."""
    S = vS(s)
    n = 0
    if not S[p, P_JC]:
        for i in range(S[p, P_LDK]):
            if jc_target(s, p, i):
                if n == pick:
                    return A_JC * ACT + i
                n += 1
    for i in range(S[p, P_HAND]):
        c = S[p, zoff(s, Z_HAND) + i]
        t = card(s, p, c, K_TYPE)
        ok = False
        kind = A_DEPLOY
        if t == MEMBER and can_deploy(s, p, c):
            ok = True
        elif t == MEMBER and not S[p, P_LB] and lb_slot(s, p, c) >= 0:
            ok, kind = True, A_LB
        elif t == SUMMON:
            cost, elem = summon_cost(s, p, c)
            ok, kind = can_pay(s, p, cost, elem) and stone_condition(s, p, c), A_SUMMON
        if ok:
            if n == pick:
                return kind * ACT + i
            n += 1
    for j in range(SLOTS):
        c = S[p, mcol(j, M_CARD)]
        if c >= 0 and not S[p, mcol(j, M_ACTED)] and not card(s, p, c, K_KW) & KW_ASSIST:
            k = action_effect(s, p, c)
            if k >= 0 and can_pay(s, p, vE(s)[p, c, k, E_COST], 0):
                if n == pick:
                    return A_EFFECT * ACT + j
                n += 1
    for i in range(S[p, P_HAND]):  # r. 6-3-1-2-2 / 10-18: an Assist is an activated effect used from the hand
        c = S[p, zoff(s, Z_HAND) + i]
        if card(s, p, c, K_KW) & KW_ASSIST:
            k = action_effect(s, p, c)
            if k >= 0 and can_pay(s, p, vE(s)[p, c, k, E_COST], 0):
                if n == pick:
                    return A_ASSIST * ACT + i
                n += 1
    return n if pick < 0 else A_PASS * ACT


@engine_jit
def main_action(s, p):
    """The next main-phase action code (A_PASS * ACT = pass to the battle phase, r. 6-3-1-3)."""
    S = vS(s)
    pol = policy(s, p)
    if pol == RANDOM:
        n = main_actions(s, p, -1)
        k = coin(s, p, n + 1)
        return A_PASS * ACT if k == n else main_actions(s, p, k)
    if not S[p, P_JC]:  # job change into the highest-rank leader that fits (r. 10-3)
        best, rk = -1, card(s, p, S[p, P_LEAD], K_RANK)
        for i in range(S[p, P_LDK]):
            if jc_target(s, p, i) and card(s, p, S[p, LDK0 + i], K_RANK) > rk:
                best, rk = i, card(s, p, S[p, LDK0 + i], K_RANK)
        if best >= 0:
            return A_JC * ACT + best
    members = n_members(s, p)
    if not S[p, P_LB] and members > 0:  # limit break: +2 ATK / +2 HP and an extra life (r. 10-4-3-3)
        h0, h1, h2 = names_in_play(s, p)
        for i in range(S[p, P_HAND]):
            c = S[p, zoff(s, Z_HAND) + i]
            h = card(s, p, c, K_NAMEH)  # lb_slot only for a card whose name is in play (most are not)
            if (h == h0 or h == h1 or h == h2) and lb_slot(s, p, c) >= 0:
                return A_LB * ACT + i
    i = best_deploy(s, p) if members < SLOTS else -1
    if i >= 0:
        return A_DEPLOY * ACT + i
    spare = S[p, P_ACT] - param(s, p, 1)
    for i in range(S[p, P_HAND]):
        c = S[p, zoff(s, Z_HAND) + i]
        if card(s, p, c, K_TYPE) != SUMMON:
            continue
        cost, elem = summon_cost(s, p, c)
        if cost <= spare and can_pay(s, p, cost, elem) and stone_condition(s, p, c):
            k = first_effect(s, p, c, TR_CAST)  # read only for a stone that can be played
            if k < 0 or useful(s, p, c, k, False):
                return A_SUMMON * ACT + i
    for j in range(SLOTS):
        c = S[p, mcol(j, M_CARD)]
        if c >= 0 and not S[p, mcol(j, M_ACTED)] and not card(s, p, c, K_KW) & KW_ASSIST:
            k = action_effect(s, p, c)
            if k >= 0 and vE(s)[p, c, k, E_COST] <= spare and can_pay(s, p, vE(s)[p, c, k, E_COST], 0) \
                    and useful(s, p, c, k, False):
                return A_EFFECT * ACT + j
    for i in range(S[p, P_HAND]):  # r. 10-18: an Assist from the hand when its effect has something to do
        c = S[p, zoff(s, Z_HAND) + i]
        if card(s, p, c, K_KW) & KW_ASSIST:
            k = action_effect(s, p, c)
            if k >= 0 and vE(s)[p, c, k, E_COST] <= spare and can_pay(s, p, vE(s)[p, c, k, E_COST], 0) \
                    and useful(s, p, c, k, False):
                return A_ASSIST * ACT + i
    return A_PASS * ACT


@engine_jit
def ougi_ready(s, p, slot, spare):
    """The unit's ougi cost if it can fire now (gauge, once per card per turn r. 2-6-1-1-3), else -1."""
    S = vS(s)
    c = S[p, P_LEAD] if slot == LEADER_SLOT else S[p, mcol(slot, M_CARD)]
    used = S[p, P_LOUGI] if slot == LEADER_SLOT else S[p, mcol(slot, M_OUGI)]
    n = ougi_cost(s, p, c)
    if n < 0 or used or S[p, P_GUP] < n + spare:
        return -1
    return n


@engine_jit
def use_ougi(s, p, slot):
    if policy(s, p) == RANDOM:
        return ougi_ready(s, p, slot, 0) >= 0 and coin(s, p, 2) == 1
    return ougi_ready(s, p, slot, (param(s, p, 2) if policy(s, p) == CONTROL else 0)) >= 0


@engine_jit
def ougi_pump(s, p, slot):
    """(the unit's ougi cost if it is unused this turn and the gauge holds it, else -1; the +ATK the
    ougi gives the card itself, r. 2-6-1-1-2, else 0)."""
    n = ougi_ready(s, p, slot, 0)
    if n < 0:
        return -1, 0
    c = vS(s)[p, P_LEAD] if slot == LEADER_SLOT else vS(s)[p, mcol(slot, M_CARD)]
    k = first_effect(s, p, c, TR_ATTACK)
    E = vE(s)
    return n, (E[p, c, k, E_AMOUNT] if E[p, c, k, E_OP] == OP_PUMP and E[p, c, k, E_TARGET] == TG_SELF else 0)


@njit(cache=True, inline="always")
def group_atk(mask, atk, cost, bonus, gauge, spare):
    """The damage of attack group `mask` with the ougi the policy fires on the way (join_battle's
    order: slots 0-2, then the leader; each while the face-up gauge holds its cost + spare), and the
    face-up gauge left."""
    total, g = 0, gauge
    for j in range(SLOTS + 1):
        if mask >> j & 1:
            total += atk[j]
            if cost[j] >= 0 and g >= cost[j] + spare:
                g -= cost[j]
                total += bonus[j]
    return total, g


@engine_jit
def attack_plan(s, p):
    """The next battle (r. 7-2-1-3): mask of attack cards (bit = slot, bit 3 = leader; the lowest
    declares, the others pursue) * 4 + target slot (3 = the leader, only when the opponent has no
    member, r. 7-2-1-3-1-2); -1 = end the battle phase."""
    q = 1 - p
    avail = 0
    for j in range(SLOTS + 1):
        if unit_active(s, p, j):
            avail |= 1 << j
    if avail == 0:
        return -1
    leader_only = n_members(s, q) == 0
    pol = policy(s, p)
    if pol == RANDOM:
        k = 0
        for j in range(SLOTS + 1):
            if avail >> j & 1:
                k += 1
        if coin(s, p, k + 1) == 0:
            return -1
        mask = 0
        while mask == 0:
            mask = coin(s, p, 16) & avail
        if leader_only:
            return mask * 4 + LEADER_SLOT
        t = coin(s, p, SLOTS)
        while vS(s)[q, mcol(t, M_CARD)] < 0:
            t = coin(s, p, SLOTS)
        return mask * 4 + t
    a0 = unit_atk(s, p, 0) if avail & 1 else 0  # scalars, not an array: no allocation per call
    a1 = unit_atk(s, p, 1) if avail & 2 else 0
    a2 = unit_atk(s, p, 2) if avail & 4 else 0
    a3 = unit_atk(s, p, 3) if avail & 8 else 0
    n0, x0 = ougi_pump(s, p, 0) if avail & 1 else (-1, 0)  # the ougi's +ATK counts (r. 2-6, 7-2-1-3-1-4)
    n1, x1 = ougi_pump(s, p, 1) if avail & 2 else (-1, 0)
    n2, x2 = ougi_pump(s, p, 2) if avail & 4 else (-1, 0)
    n3, x3 = ougi_pump(s, p, 3) if avail & 8 else (-1, 0)
    atk, cost, bonus = (a0, a1, a2, a3), (n0, n1, n2, n3), (x0, x1, x2, x3)
    gauge, spare = vS(s)[p, P_GUP], (param(s, p, 2) if policy(s, p) == CONTROL else 0)
    boost = pump_stone(s, p, 0)  # r. 7-2-1-3-4: a +ATK stone it can play in the attack step counts
    boost = boost // ACT if boost >= 0 else 0
    # the targets (the leader only when the opponent has no member, r. 7-2-1-3-1-2): their HP and worth, read once
    targets, top, top_value = 0, -1, -(1 << 30)
    h0, h1, h2, h3, w0, w1, w2, w3 = 0, 0, 0, 0, 0, 0, 0, 0
    for t in range(SLOTS + 1):
        if (t == LEADER_SLOT) != leader_only or (t < SLOTS and vS(s)[q, mcol(t, M_CARD)] < 0):
            continue
        targets |= 1 << t
        hp, value = unit_hp(s, q, t), 100 if t == LEADER_SLOT else unit_atk(s, q, t)
        if t == 0:
            h0, w0 = hp, value
        elif t == 1:
            h1, w1 = hp, value
        elif t == 2:
            h2, w2 = hp, value
        else:
            h3, w3 = hp, value
        if value > top_value:
            top, top_value = t, value
    hps, worth = (h0, h1, h2, h3), (w0, w1, w2, w3)
    # each group's damage once for all targets; the pick is the first best in (target, group) order, so a later
    # target replaces an equal score only if it comes first
    best, score, best_t = -1, -(1 << 30), SLOTS + 1
    mask = 0
    while True:  # the non-empty subsets of avail, in increasing order ((m - avail) & avail)
        mask = (mask - avail) & avail
        if mask == 0:
            break
        total, _g = group_atk(mask, atk, cost, bonus, gauge, spare)
        k = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1)
        for t in range(SLOTS + 1):
            if not targets >> t & 1:
                continue
            hp, value = hps[t], worth[t]
            if total + boost < hp:
                continue
            # aggro: fewest attackers (more battles, more armor); others: best target, least overkill;
            # a battle that needs the stone after one that does not
            over = total - hp if total >= hp else 500
            v = -k * 1000 + value - (500 if total < hp else 0) if pol == AGGRO else value * 1000 - over
            if v > score or (v == score and t < best_t):
                best, score, best_t = mask * 4 + t, v, t
    if best >= 0 or top < 0:
        return best
    # no group KOs: one battle of the units whose ougi pays (its effect has something to do now, or
    # the face-down gauge cards it adds make the chain burst a KO or an armor break, r. 6-5-1-2)
    mask, g, down = 0, gauge, vS(s)[p, P_GDN]
    for j in range(SLOTS + 1):
        if avail >> j & 1 and cost[j] >= 0 and g >= cost[j] + spare:
            c = vS(s)[p, P_LEAD] if j == LEADER_SLOT else vS(s)[p, mcol(j, M_CARD)]
            x = down + cost[j]  # the chain burst after it (r. 6-5-1-2-1): a KO, or with no member armor
            kos = x >= unit_hp(s, q, LEADER_SLOT) if leader_only else best_opp_member(s, q, x, True) >= 0
            if useful(s, p, c, first_effect(s, p, c, TR_ATTACK), False) or kos:
                mask |= 1 << j
                g -= cost[j]
                down += cost[j]
    return mask * 4 + top if mask else -1



@engine_jit
def battle_summon(s, p):
    """r. 7-2-1-3-4: the turn player may play summon stones in the attack step. The scripted policies
    play a +ATK stone (pump; it goes to an attack card, best_own_unit) when its ATK turns the battle's
    damage into a KO of the partner member, or a leader hit that breaks armor (r. 9-2-1-3-6): the
    cheapest such stone that can be paid, control keeping `reserve` crystals active as in the main
    phase. random and the stones' other effects: never (a hand index, or -1)."""
    G = vG(s)
    if policy(s, p) == RANDOM or not G[G_BATTLE] or G[G_PSLOT] < 0:
        return -1
    total, need = battle_need(s, p)
    if total >= need:
        return -1
    b = pump_stone(s, p, need - total)
    return b % ACT if b >= 0 else -1


@engine_jit
def battle_effect(s, p):
    """r. 7-2-1-3-3: the turn player may use activated effects in the attack step. The scripted policies use
    a member's +ATK one (pump; a once-per-turn one not used yet this turn, r. 10-5; on itself only while it is an
    attack card) when
    its ATK turns the battle's damage into a KO of the partner or an armor break, as battle_summon does with
    stones: the cheapest, control keeping `reserve` crystals. random and the other effects: never (a member
    slot, or -1)."""
    S, G = vS(s), vG(s)
    if not G[G_VOCAB] & VOC_ACT_PUMP or policy(s, p) == RANDOM or not G[G_BATTLE] or G[G_PSLOT] < 0:
        return -1
    total, need = battle_need(s, p)
    if total >= need:
        return -1
    spare = S[p, P_ACT] - param(s, p, 1)
    best, bcost = -1, 1 << 30
    for j in range(SLOTS):
        c = S[p, mcol(j, M_CARD)]
        if c < 0 or S[p, mcol(j, M_ACTED)] or card(s, p, c, K_KW) & KW_ASSIST:
            continue
        k = action_effect(s, p, c)
        if k < 0 or vE(s)[p, c, k, E_OP] != OP_PUMP or vE(s)[p, c, k, E_AMOUNT] < need - total:
            continue
        if vE(s)[p, c, k, E_TARGET] == TG_SELF and not S[p, mcol(j, M_ATT)]:
            continue
        cost = vE(s)[p, c, k, E_COST]
        if cost <= spare and cost < bcost and can_pay(s, p, cost, 0):
            best, bcost = j, cost
    return best


@engine_jit
def battle_need(s, p):
    """(the summed ATK of p's attack cards in the battle, the damage the partner needs to be KO'd or, a
    leader, to break armor: its HP less its damage under damage_accumulates)."""
    S, G = vS(s), vG(s)
    q, t = 1 - p, G[G_PSLOT]
    total = 0
    for j in range(SLOTS + 1):
        if (j == LEADER_SLOT and S[p, P_LATT]) or (j < SLOTS and S[p, mcol(j, M_ATT)]):
            total += unit_atk(s, p, j)
    need = unit_hp(s, q, t)
    if opt(s, O_ACCUM):
        need -= S[q, P_LDMG] if t == LEADER_SLOT else S[q, mcol(t, M_DMG)]
    return total, need


@engine_jit
def pursuit_pick(s, p):
    """r. 7-2-1-3-2 after a counter step (r. 7-3-1-3): the active unit to add to the battle as a
    pursuing attack card, -1 = none. The scripted policies pursue only when the battle's damage has
    fallen short of the partner's KO (or armor break): the lowest-ATK unit that makes it up alone,
    else, if all their active units and their +ATK stone together make it up, the highest-ATK one
    (the step comes back for the next). random: a unit on a coin, stopping with probability 1/(k+1)
    for k active units."""
    G = vG(s)
    if not G[G_BATTLE] or G[G_PSLOT] < 0:
        return -1
    avail, k = 0, 0
    for j in range(SLOTS + 1):
        if unit_active(s, p, j):
            avail |= 1 << j
            k += 1
    if avail == 0:
        return -1
    if policy(s, p) == RANDOM:
        x = coin(s, p, k + 1)
        for j in range(SLOTS + 1):
            if avail >> j & 1:
                if x == 0:
                    return j
                x -= 1
        return -1
    total, need = battle_need(s, p)
    if total >= need:
        return -1
    one, one_atk, top, top_atk, all_atk = -1, 1 << 30, -1, -(1 << 30), 0
    gauge, spare = vS(s)[p, P_GUP], (param(s, p, 2) if policy(s, p) == CONTROL else 0)
    for j in range(SLOTS + 1):
        if avail >> j & 1:
            n, x = ougi_pump(s, p, j)
            a = unit_atk(s, p, j) + (x if n >= 0 and gauge >= n + spare else 0)
            all_atk += a
            if total + a >= need and a < one_atk:
                one, one_atk = j, a
            if a > top_atk:
                top, top_atk = j, a
    if one >= 0:
        return one
    b = pump_stone(s, p, 0)
    if total + all_atk + (b // ACT if b >= 0 else 0) >= need:
        return top
    return -1


@engine_jit
def pump_stone(s, p, short):
    """The cheapest payable +ATK summon stone in hand giving at least `short` ATK (control: keeping
    `reserve` crystals): its amount * ACT + hand index, or -1. short <= 0: the largest amount."""
    S = vS(s)
    spare = S[p, P_ACT] - param(s, p, 1)
    best, bkey = -1, 1 << 30
    for i in range(S[p, P_HAND]):
        c = S[p, zoff(s, Z_HAND) + i]
        if card(s, p, c, K_TYPE) != SUMMON:
            continue
        k = first_effect(s, p, c, TR_CAST)
        if k < 0 or vE(s)[p, c, k, E_OP] != OP_PUMP:
            continue
        x = vE(s)[p, c, k, E_AMOUNT]
        cost, elem = summon_cost(s, p, c)
        key = cost if short > 0 else -x
        if (x >= short or short <= 0) and cost <= spare and key < bkey and can_pay(s, p, cost, elem) \
                and stone_condition(s, p, c):
            best, bkey = x * ACT + i, key
    return best


@engine_jit
def counter_action(s, p, in_battle):
    """Counter step (r. 7-3): hand index of a summon stone or Assist member to use, -1 = pass."""
    S = vS(s)
    pol = policy(s, p)
    if pol == AGGRO or (pol == CURVE and not in_battle):
        return -1
    threat = False
    if in_battle and vG(s)[G_PSLOT] >= 0:
        incoming = 0
        for j in range(SLOTS + 1):
            if (j == LEADER_SLOT and S[1 - p, P_LATT]) or (j < SLOTS and S[1 - p, mcol(j, M_ATT)]):
                incoming += unit_atk(s, 1 - p, j)
        threat = incoming >= unit_hp(s, p, vG(s)[G_PSLOT])
    if in_battle and not threat and pol != RANDOM:
        return -1  # nothing below can return an index and no coin is drawn
    n = 0
    pick = -1
    for i in range(S[p, P_HAND]):
        c = S[p, zoff(s, Z_HAND) + i]
        t = card(s, p, c, K_TYPE)
        if t == SUMMON:
            if not stone_condition(s, p, c):  # r. 6-3-1-2-3-1: e.g. a stone for its controller's turn only
                continue
            cost, elem = summon_cost(s, p, c)
            k = first_effect(s, p, c, TR_CAST)
        elif t == MEMBER and card(s, p, c, K_KW) & KW_ASSIST:
            k = first_effect(s, p, c, TR_ACTION)
            cost, elem = vE(s)[p, c, max(k, 0), E_COST], 0
        else:
            continue
        if k < 0 or not can_pay(s, p, cost, elem):
            continue
        if pol == RANDOM:
            n += 1
            if coin(s, p, n) == 0:
                pick = i
            continue
        if useful(s, p, c, k, True) and (threat or not in_battle):
            return i
    if pol == RANDOM and pick >= 0 and coin(s, p, 2) == 1:
        return pick
    return -1


@engine_jit
def want_optional(s, p):
    """"May" choices of rule processes (armor member / summon, r. 9-4-2-3-2): scripted always yes."""
    return policy(s, p) != RANDOM or coin(s, p, 4) != 0


@engine_jit
def replenish_pick(s, p):
    """r. 9-4-3-3-1: hand index of the member to deploy rested, -1 = none."""
    i = best_deploy(s, p)
    if i >= 0 and policy(s, p) == RANDOM and coin(s, p, 4) == 0:
        return -1
    return i


@engine_jit
def burst_target(s, p, x):
    """r. 6-5-1-2-1-1: an opposing member (the highest-ATK one x KOs, else the highest-ATK; random:
    any), the leader only when there is none."""
    q = 1 - p
    if n_members(s, q) == 0:
        return LEADER_SLOT
    if policy(s, p) == RANDOM:
        t = coin(s, p, SLOTS)
        while vS(s)[q, mcol(t, M_CARD)] < 0:
            t = coin(s, p, SLOTS)
        return t
    return best_opp_member(s, q, x, False)


@engine_jit
def choose_leader(s, p):
    """r. 5-2-1-7: index in the leader deck of the rank-0 leader to start with (highest HP, then ATK;
    random: any rank-0), -1 if none."""
    S = vS(s)
    best, score = -1, -(1 << 30)
    for i in range(S[p, P_LDK]):
        c = S[p, LDK0 + i]
        if card(s, p, c, K_RANK) != 0:
            continue
        v = coin(s, p, 1 << 20) if policy(s, p) == RANDOM else card(s, p, c, K_HP) * 64 + card(s, p, c, K_POWER)
        if v > score:
            best, score = i, v
    return best
