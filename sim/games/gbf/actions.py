"""Granblue Fantasy TCG: checkpoints, setup and the four phases of a turn (r. 5-2, 6, 7, 9)."""

from __future__ import annotations

from numba import njit

from sim.cards.effects import E_COST
from sim.engine.compiled import K_KW, K_RANK, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import SUB_SEAT0
from sim.engine.opening import deal, mulligan_partial
from sim.games.gbf.policy import (
    A_ASSIST,
    A_DEPLOY,
    A_EFFECT,
    A_JC,
    A_LB,
    A_SUMMON,
    ACT,
    attack_plan,
    battle_effect,
    battle_summon,
    burst_target,
    choose_leader,
    counter_action,
    keep_card,
    main_action,
    pursuit_pick,
    replenish_pick,
    use_ougi,
    want_optional,
)
from sim.games.gbf.rules import (
    ARM0,
    ARMOR_START,
    DSRC_BATTLE,
    G_ATTSEEN,
    G_BATTLE,
    G_DETAIL,
    G_OVER,
    G_PSER,
    G_PSLOT,
    G_TP,
    G_VOCAB,
    KW_ASSIST,
    KW_READY,
    LDK0,
    LEADER_SLOT,
    LUP0,
    M_ACT,
    M_ACTED,
    M_ATK,
    M_ATKU,
    M_ATT,
    M_CARD,
    M_CHA,
    M_CHH,
    M_HP,
    M_HPU,
    M_LV,
    M_LVC,
    M_OUGI,
    M_SER,
    MEMBER,
    O_ANY_ATTACKER,
    O_ARMOR_PER_HIT,
    O_ASSIST_GAUGE,
    O_COUNTERS,
    O_REPL_PER_KO,
    O_TRIGGER_COST,
    P_ACT,
    P_ARM,
    P_CRY,
    P_DECK,
    P_GDN,
    P_GUP,
    P_HAND,
    P_HEAD,
    P_JC,
    P_LACT,
    P_LATK,
    P_LATKU,
    P_LATT,
    P_LB,
    P_LCHA,
    P_LCHH,
    P_LDK,
    P_LEAD,
    P_LHP,
    P_LHPU,
    P_LOST,
    P_LOUGI,
    P_LUP,
    P_MULL,
    P_N,
    P_OWN_TURN,
    P_PEND_ARM,
    P_PEND_REP,
    P_PLAYED,
    P_PREV_RANK,
    PQ,
    SLOTS,
    SUMMON,
    TR_ACTION,
    TR_ATTACK,
    TR_ATTACK_STEP,
    TR_BATTLE_START,
    TR_BURST_START,
    TR_CAST,
    TR_DAMAGE_STEP,
    TR_ENTER,
    TR_HAND_EMPTY,
    TR_JOB_CHANGE,
    TR_LIMIT_BREAK,
    TR_MAIN_START,
    TR_TURN_START,
    VOC_HAND_EMPTY,
    VOC_TIMING,
    Z_CRYA,
    Z_DK,
    Z_GDN,
    Z_GUP,
    Z_HAND,
    action_effect,
    action_once,
    add_hand,
    can_deploy,
    can_pay,
    card,
    crystal_from_deck,
    deal_damage,
    deal_damage_from,
    draw_cards,
    fire,
    fire_area,
    hand_cost,
    lb_slot,
    mcol,
    named_armor,
    opt,
    ougi_cost,
    pay,
    pend,
    place_member,
    random_index,
    resolve_pending,
    rows,
    summon_cost,
    take_hand,
    to_bottom,
    to_gauge,
    unit_atk,
    vC,
    vE,
    vG,
    vR,
    vS,
    zoff,
)

HAND_START = 5  # r. 5-2-1-5


@engine_jit
def mark_played(s, p, c):
    """A play of copy c by seat p: the turn's count (the turns detail of p's own turns) and, the first
    time, the cards detail's turn_played = p's own turn number (a counter-step play in the opponent's
    turn: p's latest own turn, 0 before its first, as for cards drawn then)."""
    vS(s)[p, P_PLAYED] += 1
    if vG(s)[G_DETAIL] >= 2 and vC(s)[p, c, 1] < 0:
        vC(s)[p, c, 1] = vS(s)[p, P_OWN_TURN]


@engine_jit
def deploy(s, p, c, active):
    """r. 10-2: put member c into play (active from the hand r. 3-6-1-1, rested by rule processes);
    its "enter" effects become pending (r. 8-7-2) and resolve at the next checkpoint."""
    j = place_member(s, p, c, active)
    pend(s, p, c, TR_ENTER, j)
    return j


@engine_jit
def play_summon(s, p, c, free):
    """r. 6-3-1-2-3: pay (unless trigger-activated, r. 10-17), to the gauge, resolve (r. 6-3-1-2-3-2)."""
    if not free:
        cost, elem = summon_cost(s, p, c)
        pay(s, p, cost, elem)
    to_gauge(s, p, c)
    fire(s, p, c, TR_CAST, -1)


@engine_jit
def trigger_summon(s, p, c, to_gauge_too):
    """r. 10-17: a summon stone's effect activates ignoring its conditions; free by default, or paid
    when trigger_pays_cost is on (unpayable: no effect)."""
    if opt(s, O_TRIGGER_COST):
        cost, elem = summon_cost(s, p, c)
        if not can_pay(s, p, cost, elem):
            if to_gauge_too:
                to_gauge(s, p, c)
            return
        pay(s, p, cost, elem)
    if to_gauge_too:
        to_gauge(s, p, c)
    fire(s, p, c, TR_CAST, -1)


@engine_jit
def armor_break(s, q):
    """r. 9-4-2-3: a uniformly random armor card (the defender's choice, r. 9-4-2-3-1, among cards nobody
    may look at, r. 3-8-2); a member may deploy
    rested if it fits, else to hand; a summon stone may trigger into the gauge, else to hand, and a
    replenishment follows (r. 9-4-3-2)."""
    S = vS(s)
    k = named_armor(s, q)  # r. 9-4-2-3-1-1: a card an effect named, else the defender's choice
    if k < 0:
        k = random_index(s, SUB_SEAT0 + q, S[q, P_ARM])
    c = S[q, ARM0 + k]
    if c < 0:  # a named card (name_armor) that a break without a name turned up: the same card
        c = -1 - c
    S[q, P_ARM] -= 1
    S[q, ARM0 + k] = S[q, ARM0 + S[q, P_ARM]]
    if card(s, q, c, K_TYPE) == MEMBER:
        if can_deploy(s, q, c) and want_optional(s, q):
            deploy(s, q, c, 1 if card(s, q, c, K_KW) & KW_READY else 0)  # r. 1-3-1: a ready member's text
        else:
            add_hand(s, q, c)
    else:
        if want_optional(s, q):
            trigger_summon(s, q, c, True)
        else:  # r. 10-17-1-2
            add_hand(s, q, c)
        S[q, P_PEND_REP] += 1


@njit(cache=True, inline="always")
def checkpoint(s):
    """A checkpoint; most find nothing to do, so the rule processes run only if one may be due (or an auto effect
    is pending, r. 8-7-2, or a hand_empty state trigger may be, r. 8-7-5). Returns whether they ran: if not, the
    state is unchanged, so a caller need not read again what it knew before."""
    S = vS(s)
    if S[0, P_LOST] | S[1, P_LOST] | S[0, P_PEND_ARM] | S[1, P_PEND_ARM] | S[0, P_PEND_REP] | S[1, P_PEND_REP] \
            | S[0, PQ] | S[1, PQ] \
            or S[0, P_DECK] <= 0 or S[1, P_DECK] <= 0 \
            or (vG(s)[G_VOCAB] & VOC_HAND_EMPTY and (S[0, P_HAND] == 0 or S[1, P_HAND] == 0)):
        rule_processes(s)
        return True
    return False


@njit(cache=True, inline="always")
def timing(s, p, trigger):
    """An "at the start of" timing of p's turn: the effects of p's leader and members (fire_area), then a
    checkpoint; skipped when no card of the game has such a timing (G_VOCAB)."""
    if vG(s)[G_VOCAB] & VOC_TIMING:
        fire_area(s, p, trigger)
        checkpoint(s)


@engine_jit
def rule_processes(s):
    """r. 8-5-1 / 9-4: one rule process at a time: defeat check (r. 1-2-2, 9-3: a loss condition met is
    decided here; both at once = draw, r. 1-2-3, 9-4-1-2), armor breaks, then replenishments, the turn
    player's first (r. 9-4-2-1-1, 9-4-3-1-1); when none is left, one pending auto effect (r. 8-5-1-2, 8-5-1-3:
    the turn player's while it has one, then the non-turn player's; resolve_pending), and back to the rule
    processes. A state trigger (hand_empty effects of the leader and members of a player whose hand has no
    card, r. 8-7-5) becomes pending when its state is seen here; it is pending again after it resolves while its
    state holds (r. 8-7-5-1); the engine takes that up at the next checkpoint (once per player per checkpoint),
    so an effect that leaves the hand empty does not loop."""
    S, G = vS(s), vG(s)
    stated = 0  # bit q: q's hand_empty triggers became pending at this checkpoint
    while not G[G_OVER]:
        for q in range(2):  # r. 9-4-1: a KO'd leader (P_LOST 1, r. 9-4-1-3) or an empty deck (2, r. 9-4-1-4)
            if S[q, P_LOST] == 0 and S[q, P_DECK] <= 0:
                S[q, P_LOST] = 2
        if S[0, P_LOST] or S[1, P_LOST]:
            G[G_OVER] = 1
            return
        done = False
        for k in range(2):
            q = G[G_TP] if k == 0 else 1 - G[G_TP]
            if S[q, P_PEND_ARM] > 0:
                if S[q, P_ARM] <= 0:
                    S[q, P_PEND_ARM] = 0
                else:
                    S[q, P_PEND_ARM] = S[q, P_PEND_ARM] - 1 if opt(s, O_ARMOR_PER_HIT) else 0
                    armor_break(s, q)
                done = True
                break
        if done:
            continue
        for k in range(2):
            q = G[G_TP] if k == 0 else 1 - G[G_TP]
            if S[q, P_PEND_REP] > 0:
                S[q, P_PEND_REP] = S[q, P_PEND_REP] - 1 if opt(s, O_REPL_PER_KO) else 0
                i = replenish_pick(s, q)
                if i >= 0:
                    c = take_hand(s, q, i)
                    deploy(s, q, c, 1 if card(s, q, c, K_KW) & KW_READY else 0)  # r. 1-3-1
                done = True
                break
        if done:
            continue
        for k in range(2 if G[G_VOCAB] & VOC_HAND_EMPTY else 0):
            q = G[G_TP] if k == 0 else 1 - G[G_TP]
            if S[q, P_HAND] == 0 and not stated >> q & 1:
                stated |= 1 << q
                fire_area(s, q, TR_HAND_EMPTY)
        for k in range(2):
            q = G[G_TP] if k == 0 else 1 - G[G_TP]
            if S[q, PQ] > 0:
                resolve_pending(s, q)
                done = True
                break
        if not done:
            return


@engine_jit
def setup(s, p, n_leaders):
    """r. 5-2-1: leader deck face-down, shuffle, draw 5, one partial mulligan to the bottom (the same
    sim.engine.opening code as the odds sampler), 5 armor from the new top, a rank-0 leader face-up and active
    (r. 3-5-1-1)."""
    S, G = vS(s), vG(s)
    n = rows(s)
    base = zoff(s, Z_DK)
    order = S[p, base:base + n]  # a view: the deck ring starts linear with its head at 0
    size = S[p, P_N]
    for i in range(size):
        order[i] = i
    deal(vR(s)[SUB_SEAT0 + p:SUB_SEAT0 + p + 1], order, size, size)
    keep = S[p, zoff(s, Z_HAND):zoff(s, Z_HAND) + HAND_START]  # scratch: the hand zone is still empty
    for i in range(HAND_START):
        keep[i] = 1 if keep_card(s, p, order[i]) else 0
    S[p, P_MULL] = 1 if mulligan_partial(order, size, HAND_START, keep) > 0 else 0  # one mulligan at most
    for i in range(HAND_START):
        keep[i] = 0
    S[p, P_HEAD], S[p, P_DECK] = 0, size
    draw_cards(s, p, HAND_START)
    if G[G_DETAIL] >= 2:
        for i in range(S[p, P_HAND]):
            vC(s)[p, S[p, zoff(s, Z_HAND) + i], 0] = 0
    for i in range(ARMOR_START):  # r. 5-2-1-6
        c = S[p, base + S[p, P_HEAD]]
        S[p, P_HEAD] += 1
        S[p, P_DECK] -= 1
        S[p, ARM0 + i] = c
    S[p, P_ARM] = ARMOR_START
    S[p, P_LDK] = n_leaders
    for i in range(n_leaders):
        S[p, LDK0 + i] = n + i
    i = choose_leader(s, p)
    S[p, P_LEAD] = S[p, LDK0 + i]
    S[p, P_LDK] -= 1
    S[p, LDK0 + i] = S[p, LDK0 + S[p, P_LDK]]
    S[p, P_LACT] = 1
    for j in range(SLOTS):
        S[p, mcol(j, M_CARD)] = -1


@engine_jit
def start_phase(s, p, first_turn):
    """r. 6-2: "until your turn starts" modifications end (r. 6-2-1), "at the start of your turn" effects
    (r. 6-2-2) and a checkpoint; untap leader, members and crystals; draw 2 (none on the first player's first turn,
    r. 6-2-5); the deck's top card becomes a crystal (active, r. 3-7-1-1) and a summon stone
    trigger-activates without going to the gauge (r. 6-2-7, 10-17-1-1); a checkpoint after each step
    (r. 6-2-4, 6-2-6, 6-2-8)."""
    S = vS(s)
    S[p, P_LATK] -= S[p, P_LATKU]  # r. 6-2-1: "until your turn starts" ends
    S[p, P_LHP] -= S[p, P_LHPU]
    S[p, P_LATKU], S[p, P_LHPU] = 0, 0
    for j in range(SLOTS):
        S[p, mcol(j, M_ATK)] -= S[p, mcol(j, M_ATKU)]
        S[p, mcol(j, M_HP)] -= S[p, mcol(j, M_HPU)]
        S[p, mcol(j, M_ATKU)], S[p, mcol(j, M_HPU)] = 0, 0
    timing(s, p, TR_TURN_START)  # r. 6-2-2
    if vG(s)[G_OVER]:
        return
    S[p, P_LACT] = 1
    for j in range(SLOTS):
        S[p, mcol(j, M_ACT)] = 1
    for i in range(S[p, P_CRY]):
        S[p, zoff(s, Z_CRYA) + i] = 1
    S[p, P_ACT] = S[p, P_CRY]
    checkpoint(s)  # r. 6-2-4: a loss decided here ends the game before the draw (r. 1-2-1)
    if vG(s)[G_OVER]:
        return
    if not first_turn:
        draw_cards(s, p, 2)
    checkpoint(s)
    if vG(s)[G_OVER]:
        return
    c = crystal_from_deck(s, p)
    if c >= 0 and card(s, p, c, K_TYPE) == SUMMON:
        trigger_summon(s, p, c, False)
    checkpoint(s)


@engine_jit
def main_phase(s, p):
    """r. 6-3: "at the start of your main phase" effects and a checkpoint (r. 6-3-1-1), then the turn player's
    priority (r. 6-3-1-2, 4-6-3-1): a checkpoint, then one action of the policy, again until it passes (r. 4-6-2,
    8-5-2-1, 8-5-2-2); passing is followed by a checkpoint before the battle phase (r. 4-6-3-2, 8-5-2-3)."""
    S = vS(s)
    timing(s, p, TR_MAIN_START)
    for _ in range(64):  # every action uses up a card, a crystal or a once-per-turn right
        checkpoint(s)  # r. 4-6-2: before the priority is given
        if vG(s)[G_OVER]:
            return
        a = main_action(s, p)
        kind, i = a // ACT, a % ACT
        if kind == A_DEPLOY:
            c = take_hand(s, p, i)
            deploy(s, p, c, 1)
            mark_played(s, p, c)
        elif kind == A_SUMMON:
            c = take_hand(s, p, i)
            play_summon(s, p, c, False)
            mark_played(s, p, c)
        elif kind == A_LB:  # r. 10-4-3: the old card becomes a level card under the new one; once a turn (r. 10-4-2,
            # 6-3-1-2-5); not a deploy (r. 10-2-2): no name limit, no on-deploy ability; the new card keeps the
            # old one's state (r. 10-4-3-3-2)
            c = take_hand(s, p, i)
            j = lb_slot(s, p, c)
            lv = S[p, mcol(j, M_LV)]
            S[p, mcol(j, M_LVC + lv)] = S[p, mcol(j, M_CARD)]
            S[p, mcol(j, M_LV)] = lv + 1
            S[p, mcol(j, M_CARD)] = c
            S[p, P_LB] = 1
            mark_played(s, p, c)
            pend(s, p, c, TR_LIMIT_BREAK, j)  # r. 8-7-2-2: "on limit break" of the new card
        elif kind == A_JC:  # r. 10-3-3: the new leader inherits state and modifications; once a turn (r. 10-3-2), in
            # the main phase (r. 6-3-1-2-4); not a deploy (r. 10-2-1, 10-2-2)
            S[p, LUP0 + S[p, P_LUP]] = S[p, P_LEAD]
            S[p, P_LUP] += 1
            S[p, P_PREV_RANK] += card(s, p, S[p, P_LEAD], K_RANK)
            S[p, P_LEAD] = S[p, LDK0 + i]
            S[p, P_LDK] -= 1
            S[p, LDK0 + i] = S[p, LDK0 + S[p, P_LDK]]
            S[p, P_JC] = 1
            S[p, P_PLAYED] += 1
            pend(s, p, S[p, P_LEAD], TR_JOB_CHANGE, LEADER_SLOT)  # r. 8-7-2-2: "on job change" of the new leader
        elif kind == A_ASSIST:  # r. 6-3-1-2-2 / 10-18
            use_assist(s, p, i)
        elif kind == A_EFFECT:
            use_effect(s, p, i)
        else:
            checkpoint(s)  # r. 4-6-3-2: the pass
            return
    checkpoint(s)  # after a 64th action, which the loop's next round would have checked


@engine_jit
def use_effect(s, p, j):
    """r. 8-1-2: the activated effect of p's member in slot j, in the steps of r. 8-6-2 (no effect of the vocabulary
    needs a choice before its cost: targets are chosen as it resolves, r. 8-6-3): pay its cost, mark it used this
    turn if it is once per turn (r. 10-5: per card, so another copy still has its use), resolve."""
    c = vS(s)[p, mcol(j, M_CARD)]
    k = action_effect(s, p, c)
    pay(s, p, vE(s)[p, c, k, E_COST], 0)  # r. 8-4-2-3: the cost actions in text order, the crystals first
    for _ in range(hand_cost(s, p, c, k)):  # then hand cards into the gauge (action_effect checked there are enough)
        to_gauge(s, p, take_hand(s, p, vS(s)[p, P_HAND] - 1))
    if action_once(s, p, c, k):
        vS(s)[p, mcol(j, M_ACTED)] = 1
    fire(s, p, c, TR_ACTION, j)


@engine_jit
def attacker_in(s, p, j):
    """Whether attack card j is still in the battle (the same object: the slot's serial)."""
    S = vS(s)
    if j == LEADER_SLOT:
        return S[p, P_LATT] == 1
    return S[p, mcol(j, M_ATT)] != 0 and S[p, mcol(j, M_CARD)] >= 0 and S[p, mcol(j, M_SER)] == S[p, mcol(j, M_ATT)]


@engine_jit
def battle_on(s, p):
    """r. 7-2-1-3-1-3: in battle while the partner is present and (option) the attack cards are."""
    S, G = vS(s), vG(s)
    q = 1 - p
    t = G[G_PSLOT]
    if t != LEADER_SLOT and (S[q, mcol(t, M_CARD)] < 0 or S[q, mcol(t, M_SER)] != G[G_PSER]):
        return False
    left, gone = 0, 0
    for j in range(SLOTS + 1):
        if G[G_ATTSEEN] >> j & 1:
            if attacker_in(s, p, j):
                left += 1
            else:
                gone += 1
    return left > 0 and (gone == 0 or not opt(s, O_ANY_ATTACKER))


@engine_jit
def join_battle(s, p, j):
    """Declare (r. 7-2-1-3-1: an active leader or member, r. 7-1, rested, r. 7-2-1-3-1-1) or pursue
    (r. 7-2-1-3-2, against the same partner, r. 7-2-1-3-2-1): rest the card, it becomes an attack card;
    at the checkpoint its ougi may fire (r. 7-2-1-3-1-4, 7-2-1-3-2-2, 2-6-1-1). Returns whether the battle is
    still on afterwards (the game not over, battle_on), so the caller need not test it again."""
    S = vS(s)
    if j == LEADER_SLOT:
        S[p, P_LACT], S[p, P_LATT] = 0, 1
        c = S[p, P_LEAD]
    else:
        S[p, mcol(j, M_ACT)] = 0
        S[p, mcol(j, M_ATT)] = S[p, mcol(j, M_SER)]
        c = S[p, mcol(j, M_CARD)]
    vG(s)[G_ATTSEEN] |= 1 << j
    checkpoint(s)
    on = not vG(s)[G_OVER] and battle_on(s, p)
    if on and use_ougi(s, p, j):
        n = ougi_cost(s, p, c)
        for _ in range(n):  # flip n face-up gauge cards face-down (the top ones)
            S[p, P_GUP] -= 1
            S[p, zoff(s, Z_GDN) + S[p, P_GDN]] = S[p, zoff(s, Z_GUP) + S[p, P_GUP]]
            S[p, P_GDN] += 1
        if j == LEADER_SLOT:
            S[p, P_LOUGI] = 1
        else:
            S[p, mcol(j, M_OUGI)] = 1
        fire(s, p, c, TR_ATTACK, j)
        checkpoint(s)
        on = not vG(s)[G_OVER] and battle_on(s, p)
    return on


@engine_jit
def use_assist(s, p, i):
    """r. 10-18: the Assist of hand card i (a member's activated effect used from the hand, in the
    counter step or the own main phase, r. 6-3-1-2-2), in the steps of r. 8-6-2: pay, the card to the gauge
    (option assist_to_gauge, else it stays in the hand), resolve (its targets chosen then, r. 8-6-3); a play of
    that card."""
    c = vS(s)[p, zoff(s, Z_HAND) + i]
    k = action_effect(s, p, c)
    pay(s, p, vE(s)[p, c, k, E_COST], 0)
    if opt(s, O_ASSIST_GAUGE):
        take_hand(s, p, i)
        to_gauge(s, p, c)
    mark_played(s, p, c)
    fire(s, p, c, TR_ACTION, -1)


@engine_jit
def counter_step(s, q, in_battle):
    """r. 7-3: the non-turn player's priority: a checkpoint before each of its actions (r. 4-6-2, 8-5-2-1), then
    it plays summon stones and Assists (r. 10-18) from the hand until it passes (r. 4-6-3-1); returns whether it
    did anything (if not, the state is the checkpoint's, which follows every action before it: unchanged). The
    caller opens it only while the game goes on and, in a battle, the battle is on."""
    S = vS(s)
    acted = False
    for _ in range(16):  # the game on and the battle on at the start and after an action (below): a checkpoint that
        # ran nothing leaves them so
        if checkpoint(s) and (vG(s)[G_OVER] or (in_battle and not battle_on(s, 1 - q))):
            break
        i = counter_action(s, q, in_battle)
        if i < 0:
            break
        c = S[q, zoff(s, Z_HAND) + i]
        if card(s, q, c, K_TYPE) == SUMMON:
            take_hand(s, q, i)
            play_summon(s, q, c, False)
            mark_played(s, q, c)  # recorded like a main-phase play (the cards detail's turn_played)
        elif card(s, q, c, K_KW) & KW_ASSIST:
            use_assist(s, q, i)
        acted = True
        checkpoint(s)
        if vG(s)[G_OVER] or (in_battle and not battle_on(s, 1 - q)):
            break
    return acted


@engine_jit
def attack_step(s, p, on, pursue):
    """r. 7-2-1-3: the turn player's attack step while in battle: with `pursue` (back from a counter
    step, r. 7-3-1-3) it may first add pursuing attack cards (r. 7-2-1-3-2; the policy's pursuit_pick),
    then play summon stones from the hand (r. 7-2-1-3-4), paid, recorded as plays (battle_summon), and use its
    members' activated effects (r. 7-2-1-3-3, battle_effect).
    Returns whether the battle is still on."""
    while on and pursue:
        j = pursuit_pick(s, p)
        if j < 0:
            break
        on = join_battle(s, p, j)
    while on:
        i = battle_summon(s, p)
        if i >= 0:
            c = take_hand(s, p, i)
            play_summon(s, p, c, False)
            mark_played(s, p, c)
        else:
            j = battle_effect(s, p)
            if j < 0:
                break
            use_effect(s, p, j)
        checkpoint(s)
        on = not vG(s)[G_OVER] and battle_on(s, p)
    return on


@engine_jit
def end_battle(s, p):
    S, G = vS(s), vG(s)
    G[G_BATTLE], G[G_ATTSEEN], G[G_PSLOT] = 0, 0, -1
    S[p, P_LATT] = 0
    for j in range(SLOTS):
        S[p, mcol(j, M_ATT)] = 0


@engine_jit
def battle_phase(s, p):
    """r. 6-4 / 7: battles one at a time, each damage step back to the attack step (r. 7-4, 7-4-1-3):
    declare, pursue, the defender's counter steps (capped by
    counter_windows, §11.11), each followed by the turn player's attack step again (r. 7-3-1-3: new
    pursuits and summon stones), then one damage instance = the summed ATK of the attack cards still
    there (r. 7-4-1-2). When the turn player passes out of battle the defender may open a counter step
    (r. 7-2-1-4, up to counter_windows of them) and after each the turn player may declare again."""
    S, G = vS(s), vG(s)
    q = 1 - p
    ends = 0  # counter steps opened out of battle
    fresh = True  # a new attack step starts: the battle phase's first, or after a damage step (r. 7-4-1-3)
    for step in range(8 + opt(s, O_COUNTERS)):  # each battle rests at least one active card
        if fresh and G[G_VOCAB] & VOC_TIMING:  # r. 7-2-1-1 / 7-2-1-2: "at the start of the attack step", on the
            # first also "of the battle phase", then a checkpoint
            fire_area(s, p, TR_ATTACK_STEP)
            if step == 0:
                fire_area(s, p, TR_BATTLE_START)
            checkpoint(s)
        fresh = False
        if G[G_OVER]:
            return
        plan = attack_plan(s, p)
        if plan < 0:  # r. 7-2-1-4: the turn player passes out of battle
            if ends >= opt(s, O_COUNTERS) or not counter_step(s, q, False):
                return
            ends += 1
            continue  # r. 7-3-1-3: back to the attack step
        mask, t = plan // 4, plan % 4
        G[G_BATTLE], G[G_PSLOT], G[G_ATTSEEN] = 1, t, 0
        G[G_PSER] = S[q, mcol(t, M_SER)] if t < SLOTS else 0
        on = True  # the game not over and battle_on: it changes only when something happens
        for j in range(SLOTS + 1):
            if mask >> j & 1:
                on = join_battle(s, p, j)
                if not on:
                    break
        on = attack_step(s, p, on, False)
        for _w in range(opt(s, O_COUNTERS)):
            if not on or not counter_step(s, q, True):
                break
            on = attack_step(s, p, not G[G_OVER] and battle_on(s, p), True)  # r. 7-3-1-3: back to it
        fresh = on  # a damage step: the attack step it goes back to is a new one (r. 7-4-1-3)
        if on and G[G_VOCAB] & VOC_TIMING:  # r. 7-4-1-1: "at the start of the damage step" (the turn player's
            # cards, then the defender's), a checkpoint; the battle may have ended
            fire_area(s, p, TR_DAMAGE_STEP)
            fire_area(s, q, TR_DAMAGE_STEP)
            checkpoint(s)
            on = not G[G_OVER] and battle_on(s, p)
        if on:  # damage step
            total = 0
            for j in range(SLOTS + 1):
                if attacker_in(s, p, j):
                    total += unit_atk(s, p, j)
            deal_damage_from(s, q, t, total, DSRC_BATTLE)  # r. 4-9-1-1: the attack cards are its source
        end_battle(s, p)
        checkpoint(s)


@engine_jit
def burst_phase(s, p):
    """r. 6-5: "at the start of your burst phase" effects and a checkpoint (r. 6-5-1-1); chain burst = one damage instance of the face-down gauge count (r. 6-5-1-2-1-2) to an opposing member
    (the leader only if none), checkpoint, then those cards go under the deck; "this turn" effects end."""
    S = vS(s)
    timing(s, p, TR_BURST_START)  # r. 6-5-1-1
    if vG(s)[G_OVER]:
        return
    x = S[p, P_GDN]
    if x > 0:
        t = burst_target(s, p, x)
        deal_damage(s, 1 - p, t, x)
        checkpoint(s)  # r. 6-5-1-2-1-3
        for i in range(S[p, P_GDN]):  # r. 6-5-1-2-1-4, 3-1-5: in the owner's order; the scripted owners keep the
            # order the cards were flipped in, so the first flipped is the first of them drawn again
            to_bottom(s, p, S[p, zoff(s, Z_GDN) + i])
        S[p, P_GDN] = 0
    for r in range(2):  # r. 6-5-1-3: this turn's modifications, ougi and once-per-turn uses end (what lasts until
        # a turn starts and the chips stay)
        S[r, P_LATK], S[r, P_LHP], S[r, P_LOUGI] = S[r, P_LATKU] + S[r, P_LCHA], S[r, P_LHPU] + S[r, P_LCHH], 0
        for j in range(SLOTS):
            S[r, mcol(j, M_ATK)] = S[r, mcol(j, M_ATKU)] + S[r, mcol(j, M_CHA)]
            S[r, mcol(j, M_HP)] = S[r, mcol(j, M_HPU)] + S[r, mcol(j, M_CHH)]
            S[r, mcol(j, M_OUGI)], S[r, mcol(j, M_ACTED)] = 0, 0
    S[p, P_JC], S[p, P_LB] = 0, 0
    checkpoint(s)
