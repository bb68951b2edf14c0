"""FFTCG game flow within a turn: casting and abilities, the main phase, attacks and blocks, the End
Phase and the turn (digest sections 9-11, 15.2.8). sim/games/fftcg/engine.py plays whole games from these;
search.py plays rollouts from them. State and rule processes: core.py; choices:
policy.py.
"""


from sim.cards.effects import (
    COST_CP,
    E_COST,
    E_DULL,
    E_TRIGGER,
)
from sim.engine.compiled import K_TYPE
from sim.engine.jit import engine_jit
from sim.games.fftcg.core import (
    HAND_LIMIT,
    HT_ATTACK_PHASE,
    HT_OWN_ATTACK,
    HT_PARTY,
    HT_TURN_END,
    KW_BRAVE,
    KW_FIRST_STRIKE,
    L_FIELD,
    L_HAND,
    O_BLOCKED_IF_REMOVED,
    P_AVAIL,
    P_BONUS,
    P_DEALT,
    P_FN,
    P_HAS_TRIG,
    P_HN,
    P_NMAIN,
    P_NTOT,
    P_PAID,
    P_PARTY_ANY,
    P_PLAYED,
    P_POLICY,
    P_SPENT,
    P_TURN,
    RANDOM,
    S_ATTACKED,
    S_DMG,
    S_DULL,
    S_FROZEN,
    S_KW_EOT,
    S_ONCE,
    S_PAID,
    S_PLAYED,
    S_PUMP,
    S_SHIELD,
    S_SICK,
    S_ZONE,
    SUMMON,
    TR_ACTION_BREAK,
    TR_ATTACK,
    TR_ATTACK_PHASE,
    TR_BLOCK,
    TR_EACH_ATTACK_PHASE,
    TR_ENTER,
    TR_HIT_PLAYER,
    TR_OWN_ATTACKS,
    TR_TURN_END,
    TR_TURN_START,
    V_PAYMENT,
    X_ACTIVE,
    X_BATTLE,
    X_BLOCKER,
    X_DETAIL,
    X_GTURN,
    X_OVER,
    X_RP,
    X_VIOL,
    Z_BREAK,
    Z_FIELD,
    Z_LB,
    Z_LB_UP,
    W,
    ability_end,
    action_payment,
    check_over,
    commit_pay,
    counts_changed,
    cp_potential,
    damage_player,
    deal_damage,
    discard,
    draw,
    enter_field,
    hand_reserve,
    has_kw,
    leave_field,
    list_remove,
    party_triggers,
    pay_extra_cost,
    payment_legal,
    plan_pay,
    popcount,
    power,
    push,
    push_field,
    push_own,
    push_trigger,
    queued,
    resolve,
    settle,
    st_cards,
    st_cs,
    st_effs,
    st_gs,
    st_ls,
    st_opt,
    st_ps,
    st_scr,
    summon_cast,
)
from sim.games.fftcg.policy import (
    CAST,
    CX_B,
    CX_BMASK,
    CX_PLAN,
    CX_PLAN_G,
    CX_PLAN_NB,
    CX_PLAN_ND,
    CX_PLAN_SRC,
    CX_PLAN_UB,
    cast_requirement,
    choose_attack,
    choose_block,
    choose_discard,
    choose_instant,
    choose_main,
    extra_cp,
    first_strike_all,
    instant_idle,
    lb_cost,
    prepare_cast_context,
)

ACTION_CAP = 64  # actions per main phase (rule 13: loops are cut, the phase ends)

# ---- casting and abilities (11.3, 11.4, 11.6, 15.2.8) ------------------------------------------------------
@engine_jit
def flip_lb(S, p, c, x):
    """Pay the LB cost: turn X other face-down LB cards face up (15.2.8.3.1-2)."""
    cs, ps = st_cs(S), st_ps(S)
    for i in range(ps[p, P_NMAIN], ps[p, P_NTOT]):
        if x == 0:
            return
        if i != c and cs[p, S_ZONE, i] == Z_LB:
            cs[p, S_ZONE, i] = Z_LB_UP
            x -= 1


@engine_jit
def cast(S, p, c, hs, hc, check):
    """Cast card c of p from the hand or the LB deck (legality checked by the caller). Characters enter
    the field (a special action, 11.4); a Summon's cast effects are queued and it goes to the Break
    Zone, an LB card face up to the LB deck (15.2.8.4.3). Pays with curve_pays' kept plan when it is for c, else plans
    the payment. Returns False if the payment failed."""
    cards, cs, ps, gs = st_cards(S), st_cs(S), st_ps(S), st_gs(S)
    from_lb = cs[p, S_ZONE, c] == Z_LB
    cost, req = cast_requirement(S, p, c)
    keep = hand_reserve(S, p)
    excl = -1 if from_lb else c
    # "you may pay an extra ...": paid (every policy alike) when active Backups (and CP gained this turn) cover the
    # cost with the extra, with an active Backup of each required element, so that it takes no discard
    total = cost + extra_cp(S, p, c)
    if total > cost:
        # prepare_cast_context counts the active Backups (scr[4]); every reader of scr[4] prepares it first
        prepare_cast_context(S, p, keep)
        n, el = st_scr(S)[4, CX_B], st_scr(S)[4, CX_BMASK]
        if total > n + ps[p, P_BONUS] or (req & ~el) != 0:
            total = cost
    scr = st_scr(S)
    if scr[4, CX_PLAN] == p * W + c + 1 and total == cost:  # curve_pays planned this payment (kept_plan)
        g, nb, nd, ub = scr[4, CX_PLAN_G], scr[4, CX_PLAN_NB], scr[4, CX_PLAN_ND], scr[4, CX_PLAN_UB]
        for k in range(nb):
            scr[0, k] = scr[4, CX_PLAN_SRC + k]
        for k in range(nd):
            scr[1, k] = scr[4, CX_PLAN_SRC + nb + k]
    else:
        g, nb, nd, ub = plan_pay(S, p, total, req, excl, -1, keep, False)
    scr[4, CX_PLAN] = 0
    if g < 0:
        return False
    extra = total - cost
    cost = total
    if check and not payment_legal(S, p, cost, req, nb, nd, ub):
        gs[X_VIOL] |= V_PAYMENT
    commit_pay(S, p, nb, nd, ub, max(cost, popcount(req)) if cost > 0 else 0)
    if from_lb:
        flip_lb(S, p, c, lb_cost(S, p, c))
    else:
        list_remove(S, p, L_HAND, P_HN, c)
    ps[p, P_PLAYED] += 1
    counts_changed(S)  # the hand and the cards cast this turn
    if cs[p, S_PLAYED, c] < 0:
        cs[p, S_PLAYED, c] = ps[p, P_TURN]
    if cards[p, c, K_TYPE] == SUMMON:
        cs[p, S_ZONE, c] = Z_LB_UP if from_lb else Z_BREAK  # 11.11.10
        summon_cast(S, p, c, hs, hc)
    else:
        enter_field(S, p, c)
        if extra > 0:
            cs[p, S_PAID, c] = 1  # for its enter abilities' "if you paid the extra cost"
        push_trigger(S, p, p, c, TR_ENTER, hs, hc)  # 11.4.8
    # with nothing queued, resolve would only run the rule processes (settle)
    if queued(S) or st_gs(S)[X_RP]:
        resolve(S)
    return True


@engine_jit
def activate(S, p, c, k, check):
    """Action ability (11.6.2) starting at slot k: pay its CP cost (its element CP as printed), dull the card if the cost
    says so and pay its extra cost (discard / put the top cards of the deck into the Break Zone), then
    all of its effects (the slots chained to k) resolve."""
    effs, cs, gs = st_effs(S), st_cs(S), st_gs(S)
    st_scr(S)[4, CX_PLAN] = 0  # the position changes: a kept cast plan is stale
    v = effs[p, c, k, E_DULL]
    g, nb, nd, ub = action_payment(S, p, c, k, hand_reserve(S, p), False)
    if g < 0:
        return False
    if check and not payment_legal(S, p, effs[p, c, k, E_COST], 0, nb, nd, ub):
        gs[X_VIOL] |= V_PAYMENT
    commit_pay(S, p, nb, nd, ub, max(effs[p, c, k, E_COST] & COST_CP, 0))
    if v & 1:
        cs[p, S_DULL, c] = 1
    pay_extra_cost(S, p, c, v)
    cs[p, S_ONCE, c] |= 1 << k  # read only for a once-per-turn ability (once_used); cleared in the End Phase
    for j in range(k, ability_end(S, p, c, k)):  # the ability's effects, paid once
        push(S, p, p, c, j, -1, -1)
    if effs[p, c, k, E_TRIGGER] == TR_ACTION_BREAK:
        leave_field(S, p, c, Z_BREAK)  # a cost: put into the Break Zone, not a break (15.1.1.3.2)
    resolve(S)
    return True


@engine_jit
def main_phase(S, p, phase, threshold, check, settled):
    """Main Phase 1 or 2 (9.3): the turn player casts and activates until the policy passes. Returns
    True when it ended so. `settled`: nothing changed since a non-random policy passed in Main 1, so
    its first choice needs to look at the action abilities only (see choose_main)."""
    for _ in range(ACTION_CAP):
        kind, c, k = choose_main(S, p, phase, settled)
        settled = False
        if kind == 0:
            return True
        ok = cast(S, p, c, -1, -1, check) if kind == CAST else activate(S, p, c, k, check)
        if check_over(S, threshold) or not ok:
            return False
    return False


@engine_jit
def instant_window(S, p, attacking, hs, hc, threshold, check):
    """p's choices at a battle window (choose_instant): one cast, or after the battle (the defender, hc < 0) its
    removal abilities one at a time. Returns True when the game is over."""
    for _ in range(ACTION_CAP):
        c = choose_instant(S, p, attacking, hs, hc)
        if c < 0:
            break
        if attacking or hc >= 0:
            cast(S, p, c, hs, hc, check)
            break
        if not activate(S, p, c // 16, c % 16, check) or check_over(S, threshold):
            break
    return check_over(S, threshold)


# ---- attack phase (section 10) ----------------------------------------------------------------------------
@engine_jit
def deal_battle(S, p, n, q, b, first):
    """One damage pass between the attackers scr[2][:n] (seat p) and blocker b (seat q): those with
    First Strike if `first`, else those without (15.2.3). The blocker splits its damage over a party in
    1000s (10.1.4.2.1): it breaks the members it can, weakest first, the rest on the last."""
    cs, scr = st_cs(S), st_scr(S)
    b_fs = has_kw(S, q, b, KW_FIRST_STRIKE)
    a_fs = first_strike_all(S, p, n)  # a party has First Strike only if all members do (15.2.3.4)
    if cs[q, S_ZONE, b] != Z_FIELD:
        return
    if a_fs == first:
        for k in range(n):
            a = scr[2, k]
            if cs[p, S_ZONE, a] == Z_FIELD:
                deal_damage(S, p, a, q, b, max(power(S, p, a), 0), False, True)
    if b_fs == first:
        dmg = max(power(S, q, b), 0)
        last, hit = -1, -1
        for _ in range(n):  # weakest first
            best, best_left = -1, 1 << 30
            for j in range(n):
                a = scr[2, j]
                if cs[p, S_ZONE, a] == Z_FIELD and cs[p, S_DMG, a] < power(S, p, a):
                    left = power(S, p, a) - cs[p, S_DMG, a]
                    if left < best_left:
                        best, best_left = a, left
            if best < 0:
                break
            last = best
            need = ((best_left + 999) // 1000) * 1000
            if need > dmg:
                break
            deal_damage(S, q, b, p, best, need, False, True)
            hit = best
            dmg -= need
        if dmg > 0 and last >= 0:
            deal_damage(S, q, b, p, last, dmg, False, last != hit)  # notify once per pass


@engine_jit
def attack_phase_start(S, p, threshold):
    """Attack Preparation Step (10.1.1): the "at the beginning of the Attack Phase" abilities are queued and
    resolve before the first declaration, whether or not an attack follows: the turn player's ("during each of your
    turns" and "during each player's turn"), then the opponent's "during each player's turn" ones (only decks that
    have one look, HT_ATTACK_PHASE). Returns True when some resolved (the position may have changed)."""
    ps = st_ps(S)
    if (ps[p, P_HAS_TRIG] & HT_ATTACK_PHASE) != 0:
        push_field(S, p, TR_ATTACK_PHASE)
        push_field(S, p, TR_EACH_ATTACK_PHASE)
    if (ps[1 - p, P_HAS_TRIG] & HT_ATTACK_PHASE) != 0:
        push_field(S, 1 - p, TR_EACH_ATTACK_PHASE)
    if not queued(S):
        return False
    resolve(S)
    check_over(S, threshold)
    return True


@engine_jit
def attack_phase(S, p, threshold, check):
    """The declarations of the Attack Phase (10.1.2-10.1.4), after attack_phase_start: declare one Forward or a
    party, then one_attack; repeat from the declaration (10.1.4.6: back to 10.1.2, not to the Preparation Step,
    so its abilities do not trigger again) until the policy stops. Returns the number of declarations."""
    for i in range(ACTION_CAP):
        n = choose_attack(S, p)
        if n == 0 or one_attack(S, p, n, threshold, check):
            return i + (n > 0)
    return ACTION_CAP


@engine_jit
def one_attack(S, p, n, threshold, check):
    """One attack of the attackers scr[2][:n] (10.1.2-10.1.4): declare_attack, the defender's block
    (10.1.3), resolve_attack. Returns True when the game is over."""
    n = declare_attack(S, p, n, threshold, check)
    if n <= 0:
        return n < 0
    return resolve_attack(S, p, n, choose_block(S, 1 - p, n), threshold, check)


@engine_jit
def declare_attack(S, p, n, threshold, check):
    """The attackers scr[2][:n] dull unless Brave (10.1.2.2), their attack triggers resolve, the defender
    may respond. Returns how many are still on the field (scr[2] compacted), -1 if the game is over."""
    cs, ps, scr = st_cs(S), st_ps(S), st_scr(S)
    for k in range(n):
        a = scr[2, k]
        cs[p, S_ATTACKED, a] = 1
        if not has_kw(S, p, a, KW_BRAVE):
            cs[p, S_DULL, a] = 1
    st_gs(S)[X_BATTLE] = n  # "attacking" until the battle ends (resolve_attack)
    # without triggers resolve would only repeat rule processes that ran after the last change
    # (declaring dulls the attackers, which no rule process looks at)
    for k in range(n):
        push_trigger(S, p, p, scr[2, k], TR_ATTACK, -1, -1)
    if ps[p, P_HAS_TRIG] & HT_OWN_ATTACK:  # "when a <kind> you control attacks"
        for k in range(n):
            push_own(S, p, TR_OWN_ATTACKS, p, scr[2, k], 0)
    if ps[p, P_HAS_TRIG] & HT_PARTY:
        party_triggers(S, p, n)
    if queued(S):
        resolve(S)
    if check_over(S, threshold):
        return -1
    # instant_window would return check_over's False from just above when instant_idle
    if not instant_idle(S, 1 - p, False, scr[2, 0]) and instant_window(S, 1 - p, False, p, scr[2, 0], threshold, check):
        return -1
    alive = 0
    for k in range(n):
        if cs[p, S_ZONE, scr[2, k]] == Z_FIELD:
            scr[2, alive] = scr[2, k]
            alive += 1
    st_gs(S)[X_BATTLE] = alive
    return alive


@engine_jit
def resolve_attack(S, p, n, b, threshold, check):
    """Blocker b (-1: none) of the defender; the attacker may respond; damage (10.1.4): unblocked = 1
    damage to the player, blocked = power each way, First Strike first; then the defender's window (10.1.4.4, the
    turn player passing first: instant_window). Returns True when the game is over. The battle ends before that
    window: no Forward is attacking or blocking afterwards."""
    gs = st_gs(S)
    gs[X_BLOCKER] = b + 1
    over = battle(S, p, n, b, threshold, check)
    gs[X_BATTLE] = 0
    gs[X_BLOCKER] = 0
    return over or (not instant_idle(S, 1 - p, False, -1) and instant_window(S, 1 - p, False, p, -1, threshold, check))


@engine_jit
def battle(S, p, n, b, threshold, check):
    cs = st_cs(S)
    q = 1 - p
    if b >= 0:
        push_trigger(S, q, q, b, TR_BLOCK, -1, -1)
        if queued(S):  # (as for the attack triggers)
            resolve(S)
        if check_over(S, threshold):
            return True
        if not instant_idle(S, p, True, b) and instant_window(S, p, True, q, b, threshold, check):
            return True
    scr = st_scr(S)
    if b < 0 or (cs[q, S_ZONE, b] != Z_FIELD and st_opt(S)[O_BLOCKED_IF_REMOVED] == 0):
        alive = 0
        for k in range(n):
            if cs[p, S_ZONE, scr[2, k]] == Z_FIELD:
                alive += 1
        if alive > 0:
            damage_player(S, q, 1)  # 10.1.4.1; a party deals 1 in total
            for k in range(n):
                if cs[p, S_ZONE, scr[2, k]] == Z_FIELD:
                    push_trigger(S, p, p, scr[2, k], TR_HIT_PLAYER, -1, -1)  # 10.1.4.3
    elif cs[q, S_ZONE, b] == Z_FIELD:
        if has_kw(S, q, b, KW_FIRST_STRIKE) or first_strike_all(S, p, n):  # else the first pass deals nothing
            deal_battle(S, p, n, q, b, True)
            settle(S)  # a Forward broken by First Strike deals no damage (15.2.3)
        deal_battle(S, p, n, q, b, False)
    if queued(S) or st_gs(S)[X_RP]:  # as in cast
        resolve(S)
    return check_over(S, threshold)


# ---- the turn (section 9) ----------------------------------------------------------------------------------

@engine_jit
def end_phase(S, p):
    """End Phase (9.5): "at the end of each of your turns" abilities resolve (9.5.1.1), the turn player
    discards to 5 (9.5.1.2); damage on all characters and until-end-of-turn effects end (9.5.1.3)."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    if ps[p, P_HAS_TRIG] & HT_TURN_END:
        push_field(S, p, TR_TURN_END)
        if queued(S):
            resolve(S)
    while ps[p, P_HN] > HAND_LIMIT:
        discard(S, p, choose_discard(S, p))
    pumped = False
    for s in range(2):
        for k in range(ps[s, P_FN]):
            c = ls[s, L_FIELD, k]
            pumped |= cs[s, S_PUMP, c] > 0
            cs[s, S_DMG, c] = 0
            cs[s, S_PUMP, c] = 0
            cs[s, S_KW_EOT, c] = 0
            cs[s, S_SHIELD, c] = 0
            cs[s, S_ONCE, c] = 0
        ps[s, P_BONUS] = 0
        ps[s, P_PARTY_ANY] = 0
    # a Forward whose weaken ended cannot die; one whose pump ended can (power <= 0 without it)
    if pumped:
        st_gs(S)[X_RP] = 1
    settle(S)


@engine_jit
def begin_turn(S, p, gturn, threshold):
    """Active Phase, Draw Phase and the start-of-turn triggers of Main Phase 1. Returns True when the
    game is over."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    ps[p, P_TURN] += 1
    st_gs(S)[X_ACTIVE] = p
    st_gs(S)[X_GTURN] = gturn
    for s in range(2):
        ps[s, P_SPENT] = 0
        ps[s, P_PAID] = 0
        ps[s, P_PLAYED] = 0
        ps[s, P_DEALT] = 0
    # Active Phase (9.1): untap, except a Frozen card (15.2.4.2); summoning sickness ends
    for k in range(ps[p, P_FN]):
        c = ls[p, L_FIELD, k]
        if cs[p, S_FROZEN, c]:
            cs[p, S_FROZEN, c] = 0
        else:
            cs[p, S_DULL, c] = 0
        cs[p, S_SICK, c] = 0
        cs[p, S_ATTACKED, c] = 0
    # Draw Phase (9.2): 2 cards, the first player's first turn 1 (9.2.1.3)
    draw(S, p, 1 if gturn == 1 else 2)
    if check_over(S, threshold):
        return True
    if st_gs(S)[X_DETAIL]:
        ps[p, P_AVAIL] = cp_potential(S, p)  # turns detail only
    # Main Phase 1 (9.3): start-of-turn triggers first
    push_field(S, p, TR_TURN_START)
    if queued(S):  # without triggers resolve would only repeat the rule processes of the last End Phase
        resolve(S)
    return check_over(S, threshold)


@engine_jit
def take_turn(S, p, gturn, threshold, check):
    if begin_turn(S, p, gturn, threshold):
        return
    passed = main_phase(S, p, 1, threshold, check, False)
    if st_gs(S)[X_OVER]:
        return
    started = attack_phase_start(S, p, threshold)
    if st_gs(S)[X_OVER]:
        return
    attacks = attack_phase(S, p, threshold, check)
    if st_gs(S)[X_OVER]:
        return
    # a non-random policy's choices are functions of the position: if it passed in Main 1 and nothing
    # happened in the Attack Phase, it would pass on every cast again
    close_turn(S, p, passed and not started and attacks == 0 and st_ps(S)[p, P_POLICY] != RANDOM, threshold,
               check)


@engine_jit
def close_turn(S, p, settled, threshold, check):
    """Main Phase 2 (`settled`: see main_phase) and, unless the game ended in it, the End Phase."""
    main_phase(S, p, 2, threshold, check, settled)
    if not st_gs(S)[X_OVER]:
        end_phase(S, p)
