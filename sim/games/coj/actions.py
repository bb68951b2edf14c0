"""CODE OF JOKER turn steps and player actions (§7 turn structure, §3/§8 actions, §8 battle).

The policies (policy.py) choose; these functions carry the choice out under the rules.
"""


from sim.engine.compiled import K_COST
from sim.engine.jit import engine_jit, inline_jit
from sim.engine.results import T_AVAILABLE
from sim.games.coj.activated import activate
from sim.games.coj.effects import (
    fire_triggers_both,
    fire_unit,
    fire_units,
    intercept_round,
    resolve_card,
    settle,
    settle_leaves,
)
from sim.games.coj.policy import (
    A_ACTIVATE,
    A_ATTACK,
    A_DISCARD,
    A_DRIVE,
    A_END,
    A_JOKER,
    A_OVERDRIVE,
    A_OVERRIDE,
    A_RETREAT,
    A_SET,
    choose_action,
    choose_blocker,
    joker_gauge_cost,
)
from sim.games.coj.rules import (
    CAUSE_BATTLE,
    CAUSE_EFFECT,
    CAUSE_OTHER,
    CP_TABLE,
    EV_ENTER,
    EV_OPP_ATTACK,
    EV_OPP_ENTER,
    EV_OPP_HIT,
    EV_OPP_TURN_END,
    EV_OPP_TURN_START,
    EV_OWN_ATTACK,
    EV_OWN_BATTLE,
    EV_OWN_BLOCK,
    EV_OWN_HIT,
    EV_TURN_END,
    EV_TURN_START,
    G_BATTLE_A,
    G_BATTLE_B,
    G_BKW,
    G_CAUSE,
    G_DETAIL,
    G_LOCK,
    G_OVER,
    G_ROUND,
    G_TP,
    G_TURN,
    G_WON,
    KW_BIND,
    KW_INDOMITABLE,
    KW_PENETRATE,
    KW_SILENCE,
    O_GAIN_TURN,
    O_GAUGE_MAX,
    O_INDOMITABLE_ALL,
    O_JOKERS,
    O_LV3_DRIVE_OC,
    O_OVERDRIVE_LEVEL,
    O_REMOVED_ATTACKER,
    O_RETREAT_DESTROY,
    OCK_ENTRY,
    P_CP,
    P_DEALT,
    P_FIELD,
    P_FTRIG,
    P_GAUGE,
    P_JOKER_USED,
    P_NINT,
    P_NTRIG,
    P_ORDER,
    P_PLAYED,
    P_SPENT,
    TR_ATTACK,
    TR_BATTLE,
    TR_BLOCK,
    TR_ENTER,
    TR_HIT_PLAYER,
    TR_OPP_ATTACKS,
    TR_OPP_ENTERS,
    TR_OPP_HIT,
    TR_OPP_TURN_END,
    TR_OPP_TURN_START,
    TR_OWN_ATTACKS,
    TR_OWN_BATTLES,
    TR_OWN_BLOCKS,
    TR_OWN_ENTERS,
    TR_OWN_HIT,
    TR_STATIC,
    TR_TURN_END,
    TR_TURN_START,
    U_ACT,
    U_BKW,
    U_DMG,
    U_FROZEN,
    U_GKW,
    U_LVL,
    U_RESTR,
    U_TEMP,
    U_UID,
    destroy,
    draw,
    find_unit,
    init_unit,
    joker_row,
    lp_loss,
    overclock,
    pay_entry,
    place_unit,
    record_played,
    refresh_static,
    remove_from_hand,
    remove_unit,
    set_level,
    spend,
    static_inputs_changed,
    take_damage,
    unit_bp,
    unit_derive,
    unit_kw,
    vG,
    vH,
    vHL,
    vK,
    vP,
    vT,
    vU,
    zone_add,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards or units, vector bodies never run

MAX_ACTIONS = 200  # per turn; a safety bound (every action spends something, so it is never reached)


@inline_jit
def event(s, tp, first_trig, trig_tp, trig_ntp, ev_tp, ev_ntp, ctx_seat, ctx_uid):
    """An event (event_run) when a field unit has one of its timings or a zone card answers it."""
    P = vP(s)
    if ((first_trig >= 0 and (P[ctx_seat, P_FTRIG] >> first_trig) & 1)
            or (trig_tp >= 0 and (P[tp, P_FTRIG] >> trig_tp) & 1)
            or (trig_ntp >= 0 and (P[1 - tp, P_FTRIG] >> trig_ntp) & 1)
            or (ev_tp >= 0 and P[tp, P_NTRIG + ev_tp] + P[tp, P_NINT + ev_tp] > 0)
            or (ev_ntp >= 0 and P[1 - tp, P_NTRIG + ev_ntp] + P[1 - tp, P_NINT + ev_ntp] > 0)):
        event_run(s, tp, first_trig, trig_tp, trig_ntp, ev_tp, ev_ntp, ctx_seat, ctx_uid)


@engine_jit
def event_run(s, tp, first_trig, trig_tp, trig_ntp, ev_tp, ev_ntp, ctx_seat, ctx_uid):
    """One event through the §9 priority table: unit abilities (tier 1: the acting unit ctx_uid with
    timing first_trig, then the turn player's units oldest first with trig_tp, then the other
    player's with trig_ntp), trigger cards (tier 2: zone events ev_tp / ev_ntp), intercepts
    alternating (tier 3); "when destroyed" effects interrupt and OC abilities come last (settle).
    -1 = no such timing / event."""
    if first_trig >= 0:
        j = find_unit(s, ctx_seat, ctx_uid)
        if j >= 0:
            fire_unit(s, ctx_seat, j, first_trig, ctx_seat, ctx_uid)
            settle_leaves(s)
    if trig_tp >= 0:
        fire_units(s, tp, trig_tp, ctx_seat, ctx_uid, ctx_uid)
        settle_leaves(s)
    if trig_ntp >= 0:
        fire_units(s, 1 - tp, trig_ntp, ctx_seat, ctx_uid, ctx_uid)
        settle_leaves(s)
    if vG(s)[G_OVER]:
        return
    fire_triggers_both(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid)
    settle_leaves(s)
    intercept_round(s, tp, ev_tp, ev_ntp, ctx_seat, ctx_uid)
    settle(s)  # OC abilities come after every other effect of the event (§9)


@engine_jit
def on_enter(s, p, uid):
    """「フィールドに出た時」: the unit's own abilities, its side's other units and the opponent's units
    watching entries, then its owner's and the opponent's trigger cards and intercepts (§9)."""
    event(s, p, TR_ENTER, TR_OWN_ENTERS, TR_OPP_ENTERS, EV_ENTER, EV_OPP_ENTER, p, uid)


# ---------------------------------------------------------------- turn start / end (§7)

@inline_jit
def turn_start(s, p):
    P, U, G = vP(s), vU(s), vG(s)
    G[G_TP] = p
    static_inputs_changed(s)  # the round may have changed (a field effect counting it)
    P[p, P_SPENT] = 0
    P[p, P_PLAYED] = 0
    P[p, P_DEALT] = 0
    P[p, P_JOKER_USED] = 0
    # 1. action right recovery, attack restriction removal (呪縛 / frozen units stay exhausted)
    for j in range(P[p, P_FIELD]):
        back = ((unit_kw(s, p, j) & KW_BIND) == 0) & (U[p, j, U_FROZEN] == 0)
        U[p, j, U_ACT] = 1 if back else U[p, j, U_ACT]
        U[p, j, U_FROZEN] = 0
        U[p, j, U_RESTR] = 0
    # 2. CP set to the round's table value; no carry-over (§4)
    P[p, P_CP] = CP_TABLE[P[p, P_ORDER], G[G_ROUND] - 1]
    if G[G_DETAIL] >= 1:
        vT(s)[G[G_TURN] - 1, T_AVAILABLE] = P[p, P_CP]
    # 3. draw 2, except the first player's round 1 (§6)
    if not (P[p, P_ORDER] == 0 and G[G_ROUND] == 1):
        draw(s, p, 2)
    # 5. §7 turn-start effects of BOTH players: 「あなたのターン開始時」 of the turn player's cards,
    # 「対戦相手のターン開始時」 of the other's, in §9 priority order
    event(s, p, -1, TR_TURN_START, TR_OPP_TURN_START, EV_TURN_START, EV_OPP_TURN_START, p, -1)


@inline_jit
def turn_end(s, p):
    P, U, G = vP(s), vU(s), vG(s)
    # 1. joker gauge rise (mode A, a constant per own turn)
    if G[O_JOKERS]:
        P[p, P_GAUGE] = min(G[O_GAUGE_MAX], P[p, P_GAUGE] + G[O_GAIN_TURN])
    # 2. §7 turn-end effects: 「あなたのターン終了時」 of the turn player's cards, 「対戦相手のターン終了時」
    # of the other's (§9 priority order), before the damage reset
    event(s, p, -1, TR_TURN_END, TR_OPP_TURN_END, EV_TURN_END, EV_OPP_TURN_END, p, -1)
    if G[G_OVER]:
        return
    for q in range(2):
        for j in range(P[q, P_FIELD]):
            # 不屈 regains the action right (at every turn end by default)
            back = ((unit_kw(s, q, j) & KW_INDOMITABLE) != 0) & ((q == p) | (G[O_INDOMITABLE_ALL] != 0))
            U[q, j, U_ACT] = 1 if back else U[q, j, U_ACT]
            # 3. damage reset: damage, temporary BP changes and keywords granted "until end of turn"
            # end; base BP changes stay. A unit with none of them keeps its BP and keywords: no recompute
            if U[q, j, U_DMG] | U[q, j, U_TEMP] | U[q, j, U_GKW]:
                U[q, j, U_DMG] = 0
                U[q, j, U_TEMP] = 0
                U[q, j, U_GKW] = 0
                unit_derive(s, q, j)
    if ((P[0, P_FTRIG] | P[1, P_FTRIG]) >> TR_STATIC) & 1:
        refresh_static(s)  # a 沈黙 granted until end of turn ends: its unit's field effects are back
        settle(s)


# ---------------------------------------------------------------- actions (§7 action phase)

@engine_jit
def drive(s, p, i):
    """ドライブ: pay (a same-colour reducer is mandatory), enter at the hand level (§3, §4, §8)."""
    c, lvl = vH(s)[p, i], vHL(s)[p, i]
    remove_from_hand(s, p, i)
    pay_entry(s, p, c)
    record_played(s, p, c)
    j = place_unit(s, p, c, lvl)
    on_enter(s, p, vU(s)[p, j, U_UID])
    settle(s)  # §9: a Lv.3 entry's OC abilities resolve now, even when nothing answered the entry


@inline_jit
def overdrive(s, p, i, j):
    """オーバードライブ: the evolution replaces a same-colour unit (base to the discard), copies its
    action right, has no attack restriction; a Lv.3 evolution overclocks (§3, §8)."""
    U, G = vU(s), vG(s)
    c, lvl = vH(s)[p, i], vHL(s)[p, i]
    remove_from_hand(s, p, i)
    pay_entry(s, p, c)
    record_played(s, p, c)
    base_act = U[p, j, U_ACT]
    if G[O_OVERDRIVE_LEVEL]:
        lvl = max(lvl, U[p, j, U_LVL])
    init_unit(s, p, j, c, lvl)
    U[p, j, U_ACT] = base_act
    U[p, j, U_RESTR] = 0
    if lvl == 3 and G[O_LV3_DRIVE_OC]:
        U[p, j, U_ACT] = 1  # init_unit overclocked it (OC abilities queued) before the base's right was copied
    elif lvl == 3:
        overclock(s, p, j, OCK_ENTRY)
    on_enter(s, p, U[p, j, U_UID])
    settle(s)  # §9: a Lv.3 entry's OC abilities resolve now, even when nothing answered the entry


@engine_jit
def set_card(s, p, i):
    """Set a card in the trigger zone (free, §7); it fills from the left (§5)."""
    c = vH(s)[p, i]
    remove_from_hand(s, p, i)
    zone_add(s, p, c)
    record_played(s, p, c)


@engine_jit
def override(s, p, top, bottom):
    """オーバーライド: the bottom card gains a level, the top goes to the discard, draw 1 (§8)."""
    vHL(s)[p, bottom] += 1
    remove_from_hand(s, p, top)  # also voids the policy's hand scan (the level changed too)
    draw(s, p, 1)


@engine_jit
def retreat(s, p, j):
    """撤退: own turn, free, to the discard; not "destroyed" unless the option says so (§10)."""
    if vG(s)[O_RETREAT_DESTROY]:
        vG(s)[G_CAUSE] = CAUSE_OTHER
        destroy(s, p, j)
        vG(s)[G_CAUSE] = CAUSE_EFFECT
        settle(s)
    else:
        remove_unit(s, p, j)


@engine_jit
def use_joker(s, p, k):
    """§9 mode A: pay gauge and CP; the joker stays in its zone; at most one per turn."""
    P = vP(s)
    P[p, P_GAUGE] -= joker_gauge_cost(s, p, k)
    spend(s, p, vK(s)[p, joker_row(s, k), K_COST])
    P[p, P_JOKER_USED] = 1
    P[p, P_PLAYED] += 1
    resolve_card(s, p, joker_row(s, k), -1, -1, -1)
    settle(s)


@engine_jit
def attack(s, p, aj):
    """§8 アタック・ブロック (attack_steps); at the end of the battle the keywords granted until then
    (「戦闘終了時まで」, U_BKW) end, whether or not it was blocked, and effects can be used again (G_LOCK)."""
    attack_steps(s, p, aj)
    P, U, G = vP(s), vU(s), vG(s)
    G[G_LOCK] = 0
    if not G[G_BKW]:
        return
    G[G_BKW] = 0
    ended = 0
    for q in range(2):
        for j in range(P[q, P_FIELD]):
            ended |= U[q, j, U_BKW]
            U[q, j, U_BKW] = 0
            unit_derive(s, q, j)
    if ended & KW_SILENCE and ((P[0, P_FTRIG] | P[1, P_FTRIG]) >> TR_STATIC) & 1:
        refresh_static(s)  # a 沈黙 that ends: its unit's field effects are back
        settle(s)


@inline_jit
def attack_steps(s, p, aj):
    """§8 アタック・ブロック: declaration, block, triggers, battle damage, life damage, end of battle."""
    U, G = vU(s), vG(s)
    q = 1 - p
    U[p, aj, U_ACT] = 0  # 1. attacking consumes the action right
    auid = U[p, aj, U_UID]
    # the attacker's "when attacks" abilities, then its side's other units and the opponent's units
    # watching attacks (§9 tier 1);
    # intercepts answer the declaration
    event(s, p, TR_ATTACK, TR_OWN_ATTACKS, TR_OPP_ATTACKS, -1, -1, p, auid)
    intercept_round(s, p, EV_OWN_ATTACK, EV_OPP_ATTACK, p, auid)
    settle(s)
    if G[G_OVER]:
        return
    # 2. block declaration (one blocker at most, §11.22); trigger cards resolve after it
    aj = find_unit(s, p, auid)
    buid = -1
    if aj >= 0:
        bj = choose_blocker(s, q, p, aj)
        if bj >= 0:
            buid = U[q, bj, U_UID]
    fire_triggers_both(s, p, EV_OWN_ATTACK, EV_OPP_ATTACK, p, auid)
    settle(s)
    if G[G_OVER]:
        return
    aj = find_unit(s, p, auid)
    if buid < 0:
        # 4. unblocked: exactly 1 LP (an attacker already removed deals none by default, §11.17)
        if aj >= 0 or G[O_REMOVED_ATTACKER]:
            lp_loss(s, q, 1, False)
            if aj >= 0 and not G[G_OVER]:  # 「プレイヤーアタックに成功した時」 of the attacker, both zones
                event(s, p, TR_HIT_PLAYER, TR_OWN_HIT, TR_OPP_HIT, EV_OWN_HIT, EV_OPP_HIT, p, auid)
        return
    # §9 「ブロックした時」 and 「戦闘した時」 are one event: the blocker's block and battle abilities,
    # the attacker's battle abilities; the blocker's side's other units and cards watching its blocks
    G[G_BATTLE_A], G[G_BATTLE_B] = auid, buid
    event(s, p, TR_BATTLE, -1, -1, -1, -1, p, auid)
    event(s, p, TR_BLOCK, -1, TR_OWN_BLOCKS, -1, -1, q, buid)
    event(s, p, TR_BATTLE, -1, -1, EV_OWN_BATTLE, EV_OWN_BATTLE, q, buid)
    event(s, q, -1, -1, -1, EV_OWN_BLOCK, -1, q, buid)
    G[G_BATTLE_A], G[G_BATTLE_B] = 0, 0
    if G[G_OVER]:
        return
    aj = find_unit(s, p, auid)
    bj = find_unit(s, q, buid)
    if aj < 0 or bj < 0:
        return  # §8: a battler removed before damage: no damage, no winner, no 貫通, no clock-up
    # 3. battle damage: both deal their current BP at once
    a, b = unit_bp(s, p, aj), unit_bp(s, q, bj)
    a_dead = take_damage(s, p, aj, b, False)
    b_dead = take_damage(s, q, bj, a, False)
    a_wins = b_dead and a > b  # 戦闘に勝利: destroyed the opponent with more BP
    b_wins = a_dead and b > a
    penetrate = a_wins and unit_kw(s, p, aj) & KW_PENETRATE
    G[G_CAUSE] = CAUSE_BATTLE
    if b_dead:
        destroy(s, q, bj)
    if a_dead:
        destroy(s, p, find_unit(s, p, auid))
    G[G_CAUSE] = CAUSE_EFFECT
    settle(s)
    if penetrate:
        lp_loss(s, q, 1, False)  # 貫通 happens even if the attacker was removed after damage
    if G[G_OVER]:
        return
    # 「戦闘に勝利した時」: the winner's abilities and its side's cards, once the battle's destructions
    # have settled and before the clock-up
    if a_wins:
        battle_won(s, p, p, auid)
    if b_wins:
        battle_won(s, p, q, buid)
    if G[G_OVER]:
        return
    # 5. end of battle: the winner clocks up (heals; Lv.3 = overclock, action right back, OC abilities)
    if a_wins:
        aj = find_unit(s, p, auid)
        if aj >= 0 and U[p, aj, U_LVL] < 3:
            set_level(s, p, aj, U[p, aj, U_LVL] + 1)
    if b_wins:
        bj = find_unit(s, q, buid)
        if bj >= 0 and U[q, bj, U_LVL] < 3:
            set_level(s, q, bj, U[q, bj, U_LVL] + 1)
    settle(s)


@engine_jit
def battle_won(s, tp, w, uid):
    """The battle-won event of seat w's unit uid (vocab CC_WON rows: its "battle" abilities, seat w's
    "own_battles" trigger and intercept cards), in turn player tp's turn."""
    if find_unit(s, w, uid) < 0:
        return
    vG(s)[G_WON] = 1  # the winner's side's units watching its wins: own_battles rows (CC_WON)
    event(s, tp, TR_BATTLE, TR_OWN_BATTLES if w == tp else -1, TR_OWN_BATTLES if w != tp else -1,
          EV_OWN_BATTLE if w == tp else -1, EV_OWN_BATTLE if w != tp else -1, w, uid)
    vG(s)[G_WON] = 0


@inline_jit
def do_action(s, p, a):
    kind, x, y = a // 256, (a // 16) % 16, a % 16
    if kind == A_OVERRIDE:
        override(s, p, x, y)
    elif kind == A_DRIVE:
        drive(s, p, x)
    elif kind == A_OVERDRIVE:
        overdrive(s, p, x, y)
    elif kind == A_SET:
        set_card(s, p, x)
    elif kind == A_ATTACK:
        attack(s, p, x)
    elif kind == A_RETREAT:
        retreat(s, p, x)
    elif kind == A_DISCARD:
        remove_from_hand(s, p, x)
    elif kind == A_JOKER:
        use_joker(s, p, x)
    elif kind == A_ACTIVATE:
        activate(s, p, x)


@engine_jit
def action_phase(s, p):
    """「行動開始」: the policy acts until it ends the turn (or the game ends, §1)."""
    for _ in range(MAX_ACTIONS):
        a = choose_action(s, p)
        if a // 256 == A_END:
            return
        do_action(s, p, a)
        if vG(s)[G_OVER]:
            return
