"""PSO2 TCG actions: card effects, playing cards, the battle (506) and the turn's phases (500-505).

The policies (policy) choose; this module carries out. The action right (103.6, `priority`, PvP) passes
back and forth: the turn player's main-phase plays and activations and its start phase's triggers go
onto the stack (406, `push_item`) and resolve newest first after two consecutive passes, the
opponent's Quick answers and the turn player's responses to them (103.7) in between; the battle steps
(506.3.1, 506.4, 506.5) and the turn end step (505.1.2) open with the turn player holding the right.
Triggered abilities met elsewhere resolve through the queue in `settle`, the non-turn player's first
(406.2.1), without a window (digest 13.2). Raid: the party answers in the Boss's turn (`quick_plays`).
Also here: the defender's Warcry, the weapons at engagement (attacker first, 506.5.2) and armour at
damage (506.6.1.1); activated abilities (300.3) of the turn player's characters, Player card and 付与
Actives in its main phase (504.1.4).
"""

from numba import njit

from sim.cards.effects import (
    COND_MY_TURN,
    E_AMOUNT,
    E_COND,
    E_COST,
    E_DULL,
    E_OP,
    E_PARAM,
    E_TARGET,
    E_THASH,
    E_TRIGGER,
    MAX_EFFECTS,
    XC_DISCARD,
)
from sim.engine.compiled import K_COST, K_ELEM, K_KW, K_POWER, K_TRIGS, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import shuffle
from sim.engine.results import C_PLAYED
from sim.games.pso2.policy import (
    A_ATTACK,
    A_END,
    A_PLAY,
    OP_BOUNCE,
    OP_BREAK,
    OP_DAMAGE,
    OP_DRAW,
    OP_FREEZE,
    OP_HEAL,
    OP_MILL,
    OP_PLAYER_DAMAGE,
    OP_PUMP,
    OP_SEARCH,
    OP_SET,
    OP_WEAKEN,
    QA_ACT,
    RESPONSE,
    TG_ALL_OPP,
    TG_OPP,
    TG_OPP_PLAYER,
    TG_OWN,
    TG_OWN_PLAYER,
    TG_SELF,
    action_row,
    attack_value,
    choose_main,
    choose_pitch,
    choose_warcry,
    discard_choice,
    effect_target,
    hand_cost,
    heal_mode_unit,
    heal_seat,
    host_side,
    matches,
    quick_choice,
    quick_ready,
    search_pick,
    take_pp_draw,
    use_weapon,
)
from sim.games.pso2.rules import (
    AMOUNT_OLD_ATK,
    AMOUNT_X,
    ARMOR_SLOTS,
    CT_ACTIVE,
    CT_CHARA,
    G_AIM,
    G_AIMP,
    G_BOSS,
    G_DETAIL,
    G_FOCUS,
    G_NSK,
    G_NTQ,
    G_OLDATK,
    G_OVER,
    G_PENDING,
    G_RAID,
    G_TARGET,
    G_TP,
    G_X,
    HAND_LIMIT,
    HMAX,
    K_PIERCE,
    K_QMIN,
    K_QUICK,
    K_SLOTS,
    KW_AMBUSH,
    KW_ARMOR,
    KW_ATTACH,
    KW_COMBO,
    KW_SNIPE,
    KW_WEAPON,
    O_NEW_PP_ON,
    O_PIERCE_SIDE,
    O_RAID_STRIKES_BACK,
    O_RAPID_TWICE,
    O_WEAPON_TURN,
    P_AVAIL,
    P_BOSS,
    P_DEALT,
    P_DECK,
    P_HAND,
    P_NACT,
    P_NDC,
    P_NIT,
    P_NPP,
    P_NQA,
    P_NQH,
    P_NU,
    P_NWC,
    P_OUT,
    P_PLAYED,
    P_QRDEAD,
    P_TAKEN,
    P_TURN,
    PP_ON,
    SK_AIM,
    SK_AIMP,
    SK_CARD,
    SK_FOCUS,
    SK_HOST,
    SK_HOSTP,
    SK_KIND,
    SK_MAX,
    SK_SEAT,
    SK_SRC,
    SK_TRIG,
    SK_X,
    SKK_ABILITY,
    SKK_CARD,
    TR_ACTION,
    TR_ATTACK,
    TR_CAST,
    TR_ENTER,
    TR_STATIC,
    TR_TURN_START,
    U_A0,
    U_AON0,
    U_AP0,
    U_ATK,
    U_ATT,
    U_ATTON,
    U_ATTP,
    U_CARD,
    U_COMBO,
    U_DB,
    U_DF,
    U_ENTRY,
    U_FROZEN,
    U_HP,
    U_ON,
    U_SET,
    U_WON,
    U_WPN,
    U_WPNP,
    U_XATK,
    U_XTURN,
    UNIT_BITS,
    add_unit,
    check_loss,
    damage_player,
    damage_unit,
    draw,
    has_action,
    heal_player,
    heal_unit,
    hp_modified,
    ko_unit,
    nseats,
    opponent,
    pay,
    player_row,
    put_pp,
    queue_trigger,
    quick_action,
    record_drawn,
    remove_unit,
    rng,
    take_from_hand,
    to_discard,
    unit_atk,
    vC,
    vDK,
    vE,
    vG,
    vH,
    vIT,
    vK,
    vP,
    vPP,
    vSK,
    vTQ,
    vU,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards, units or PP cards, vector bodies rarely run

MAX_ACTIONS = 96  # per main phase: a bound on a policy loop (every action spends PP or turns a unit OFF)


# ---------------------------------------------------------------- effects

@engine_jit
def find_entry(s, p, e):
    """The unit of seat p with entry id e (indices shift when units leave), or -1."""
    U = vU(s)
    for j in range(vP(s)[p, P_NU]):
        if U[p, j, U_ENTRY] == e:
            return j
    return -1


@njit(cache=True, inline="always")
def find_entry_at(s, p, e, j):
    """find_entry starting from a guess: unit j while it still has entry id e (entry ids are unique within
    a seat), else the search. A battle's units stay where they are unless one leaves the field."""
    if 0 <= j < vP(s)[p, P_NU] and vU(s)[p, j, U_ENTRY] == e:
        return j
    return find_entry(s, p, e)


@engine_jit
def resolve(s, p, c, trig, src):
    """The abilities of p's card row c with trigger `trig`, in the order of its text (103.4.2.3); `src` =
    its unit's entry id (-1: not on the field). 406.4.1: a targeted effect whose target is gone does
    nothing, and a card whose target chosen on the stack (G_AIM, 406.2.3) is gone does nothing at all; a
    target chosen on resolution may be missing (406.2.5: the rest still happens)."""
    E, G = vE(s), vG(s)
    if trig == TR_CAST and G[G_AIM] > 0 and find_entry(s, G[G_AIMP], G[G_AIM]) < 0:
        G[G_AIM] = 0
        return
    if vK(s)[p, c, K_TRIGS] & (1 << trig) == 0:  # no ability with this trigger: nothing to scan
        return
    for k in range(MAX_EFFECTS):
        op = E[p, c, k, E_OP]
        if op == 0 or E[p, c, k, E_TRIGGER] != trig:
            continue
        if vG(s)[G_OVER]:
            return
        apply_effect(s, p, src, op, E[p, c, k, E_AMOUNT], E[p, c, k, E_TARGET], E[p, c, k, E_PARAM],
                     E[p, c, k, E_THASH])


@engine_jit
def apply_effect(s, p, src, op, amount, tg, param, th):
    """One effect of p's ability; `th` = the name or class hash a character target must have (206.2,
    208.1.2.1; 0 any)."""
    q = opponent(s, p)
    P, U, K = vP(s), vU(s), vK(s)
    if amount == AMOUNT_X:  # X (209.3): the X paid for the card being played, 0 off the stack (209.3.1)
        amount = vG(s)[G_X]
    elif amount == AMOUNT_OLD_ATK:  # a zone-change trigger's card as it was in its old zone (300.2.2)
        amount = vG(s)[G_OLDATK]
    if op == OP_DRAW:
        if P[p, P_BOSS]:  # raid: making the Boss draw makes it play that many cards instead
            vG(s)[G_PENDING] += amount
        else:
            draw(s, p, amount)
    elif op == OP_PLAYER_DAMAGE:
        before = P[q, P_TAKEN]
        damage_unit(s, q, 0, amount, False)
        P[p, P_DEALT] += P[q, P_TAKEN] - before
    elif op == OP_MILL:
        damage_player(s, p if tg == TG_OWN_PLAYER else q, amount)
    elif op == OP_SEARCH:
        search(s, p, amount, param)
    elif op == OP_HEAL:  # 回復X (302.9), its mode chosen on the stack (G_AIM, 406.3) or now
        j = heal_mode_unit(s, p) if vG(s)[G_AIM] == 0 else find_entry(s, p, vG(s)[G_AIM])
        vG(s)[G_AIM] = 0
        if j > 0:
            heal_unit(s, p, j)
        else:
            heal_player(s, heal_seat(s, p), amount)
    elif tg == TG_ALL_OPP:
        for t in range(P[q, P_NU] - 1, 0, -1):
            char_effect(s, p, q, t, op, amount, param)
    elif tg == TG_SELF:
        j = find_entry(s, p, src) if src >= 0 else -1
        if j > 0:
            char_effect(s, p, p, j, op, amount, param)
    elif tg == TG_OPP or tg == TG_OWN:
        side = q if tg == TG_OPP else p
        if vG(s)[G_AIM] > 0:  # chosen as the card went onto the stack (406.2.3; resolve checked it is there)
            t = find_entry(s, vG(s)[G_AIMP], vG(s)[G_AIM])
            vG(s)[G_AIM] = 0
        elif vG(s)[G_FOCUS] > 0 and side == q:  # a Quick play aimed at this character (quick_plays)
            t = find_entry(s, q, vG(s)[G_FOCUS])
            if t > 0 and not matches(s, q, t, th):  # not of the name or class the effect refers to
                t = effect_target(s, p, side, op, amount, th)
        else:
            t = effect_target(s, p, side, op, amount, th)
        # 209.2: "cost N or less" reads the printed cost
        if t > 0 and (op != OP_BREAK or param == 0 or K[side, U[side, t, U_CARD], K_COST] <= param):
            char_effect(s, p, side, t, op, amount, param)
    elif tg == TG_OPP_PLAYER and op == OP_DAMAGE:
        damage_unit(s, q, 0, amount, False)


@engine_jit
def search(s, p, n, kind):
    """サーチ (301.2): up to n cards of card type `kind` (-1 any) from the own deck into the hand (found by
    the policy; "up to": it may find fewer), then the deck is shuffled, also when nothing was found
    (glossary). The deck is the HP (201.3), so each card found is 1 HP. The cards detail counts a found
    card as drawn (it entered the hand). Raid: the Boss's hand is always 0 cards, so the Boss finds none."""
    P, DK, H = vP(s), vDK(s), vH(s)
    if P[p, P_BOSS]:
        return
    for _ in range(n):
        if P[p, P_HAND] >= HMAX:
            break
        i = search_pick(s, p, kind)
        if i < 0:
            break
        c = DK[p, i]
        for k in range(i, P[p, P_DECK] - 1):
            DK[p, k] = DK[p, k + 1]
        P[p, P_DECK] -= 1
        H[p, P[p, P_HAND]] = c
        P[p, P_HAND] += 1
        if vK(s)[p, c, K_QUICK]:
            P[p, P_NQH] += 1
        record_drawn(s, p, c)
    shuffle(rng(s, p), DK[p], P[p, P_DECK])


@engine_jit
def char_effect(s, p, q, t, op, amount, param):
    U = vU(s)
    if op == OP_DAMAGE:
        damage_unit(s, q, t, amount, False)
    elif op == OP_BREAK:  # 破壊 (301.5): to the discard, 【戦闘不能時】 fires (302.3)
        ko_unit(s, q, t)
    elif op == OP_PUMP or op == OP_WEAKEN:  # +X/+Y, −X/−Y until end of turn (215.3): param = the HP change
        sign = 1 if op == OP_PUMP else -1
        U[q, t, U_ATK] += sign * amount
        if param != 0:
            U[q, t, U_HP] += sign * param
            hp_modified(s, q, t)
    elif op == OP_SET:  # ATK becomes `amount` this turn (103.5.4: additions apply after it; 103.5.5: it
        U[q, t, U_SET] = amount + 1  # overwrites the additions already made, so this turn's +X/-X go)
        U[q, t, U_ATK] = 0
    elif op == OP_FREEZE:  # フリーズ (301.3): no attack declarations until its controller's turn ends
        U[q, t, U_FROZEN] = 1
    elif op == OP_BOUNCE:  # back to the hand: equipment destroyed (205.4.6), no 【戦闘不能時】 (302.3)
        P, H = vP(s), vH(s)
        if P[q, P_HAND] >= HMAX:
            return
        c = U[q, t, U_CARD]
        remove_unit(s, q, t)
        P[q, P_NDC] -= 1  # remove_unit discarded the character last: it goes to the hand instead
        if P[q, P_BOSS]:  # raid: a Boss card returned to hand goes on top of the Boss deck
            vDK(s)[q, P[q, P_DECK]] = c
            P[q, P_DECK] += 1
        else:
            H[q, P[q, P_HAND]] = c
            P[q, P_HAND] += 1
            if vK(s)[q, c, K_QUICK]:
                P[q, P_NQH] += 1


@njit(cache=True, inline="always")
def settle(s):
    """Resolve waiting triggered abilities until none remain (resolve_queue), then the loss check (101.3).
    Inlined: most calls find the queue empty."""
    G = vG(s)
    if G[G_NTQ] > 0:
        resolve_queue(s)
    G[G_NTQ] = 0
    check_loss(s)


@engine_jit
def resolve_queue(s):
    """The waiting triggered abilities resolve: the non-turn player's first (406.2.1), then the turn
    player's; a resolution may queue more, and each is followed by the loss check (101.3); a game that
    ended ends at once, its waiting abilities unresolved (101.4). An ability of a card still on the field
    resolves with that unit as its source (its `self`); one whose card left has none."""
    G, TQ = vG(s), vTQ(s)
    while G[G_NTQ] > 0 and not G[G_OVER]:
        k = 0
        for i in range(G[G_NTQ]):
            if TQ[i, 0] != G[G_TP]:
                k = i
                break
        p, c, trig, G[G_OLDATK] = TQ[k, 0], TQ[k, 1], TQ[k, 2], TQ[k, 3]
        for i in range(k, G[G_NTQ] - 1):
            TQ[i, 0], TQ[i, 1], TQ[i, 2], TQ[i, 3] = TQ[i + 1, 0], TQ[i + 1, 1], TQ[i + 1, 2], TQ[i + 1, 3]
        G[G_NTQ] -= 1
        if vP(s)[p, P_OUT] == 0:
            src = -1
            U = vU(s)
            for j in range(vP(s)[p, P_NU]):
                if U[p, j, U_CARD] == c:
                    src = U[p, j, U_ENTRY]
                    break
            resolve(s, p, c, trig, src)
        G[G_OLDATK] = 0
        check_loss(s)


# ---------------------------------------------------------------- playing cards

@engine_jit
def record_played(s, p, c):
    P = vP(s)
    P[p, P_PLAYED] += 1
    if vG(s)[G_DETAIL] >= 2 and c < vDK(s).shape[1] and vC(s)[p, c, C_PLAYED] < 0:
        vC(s)[p, c, C_PLAYED] = P[p, P_TURN]


@engine_jit
def play_card(s, p, i, host):
    """504.2: pay for hand card i (pay_card) and resolve it at once (put_card): a Quick play, to which
    nobody responds here."""
    put_card(s, p, pay_card(s, p, i), host)


@engine_jit
def pay_card(s, p, i):
    """504.2: p's hand card i goes onto the stack: its cost paid (209.1.1; an X card, 209.3, its printed
    number + G_X, the X the policy chose). Returns the card."""
    K = vK(s)
    c = take_from_hand(s, p, i)
    pay(s, p, K[p, c, K_COST] + vG(s)[G_X], K[p, c, K_ELEM])
    record_played(s, p, c)
    return c


@engine_jit
def put_card(s, p, c, host):
    """The paid card c resolves. Characters enter the front row OFF (202.2) unless 奇襲 (302.6), then
    【登場時】 (302.2); normal Items enter the back row ON (205.3); weapons and armour are equipped on
    unit `host` of host_side (205.4; an opposing card for an equip_foe one, placed on that field, 403.2),
    replacing a weapon or the oldest armour on overflow (205.4.5), their abilities' `self` being the
    equipped card (205.4.7); an Active resolves and goes to the discard (204.2.1), a 付与 Active onto the
    character `host` of host_side (204.2.2; an opposing one, 403.2)."""
    K, U = vK(s), vU(s)
    t = K[p, c, K_TYPE]
    if t == CT_CHARA:
        j = add_unit(s, p, c, 1 if K[p, c, K_KW] & KW_AMBUSH else 0)
        resolve(s, p, c, TR_ENTER, U[p, j, U_ENTRY])
    elif t == CT_ACTIVE and K[p, c, K_KW] & KW_ATTACH:
        attach(s, p, host_side(s, p, c), host, c)
        resolve(s, p, c, TR_CAST, -1)
    elif t == CT_ACTIVE:
        resolve(s, p, c, TR_CAST, -1)
        to_discard(s, p, c)
    elif K[p, c, K_KW] & (KW_WEAPON | KW_ARMOR):
        h = host_side(s, p, c)
        if K[p, c, K_KW] & KW_WEAPON:
            if U[h, host, U_WPN] >= 0:
                to_discard(s, U[h, host, U_WPNP], U[h, host, U_WPN])
            U[h, host, U_WPN], U[h, host, U_WON], U[h, host, U_WPNP] = c, 1, p  # 205.4.2: enters ON
        else:
            equip_armor(s, p, h, host, c)
        if h == p:
            resolve(s, p, c, TR_ENTER, U[p, host, U_ENTRY])  # 205.4.7: the equipped card is the source
        else:
            resolve_on_host(s, p, c, h, host)
    else:
        P = vP(s)
        vIT(s)[p, P[p, P_NIT]] = c
        P[p, P_NIT] += 1
        resolve(s, p, c, TR_ENTER, -1)
    settle(s)


@engine_jit
def attach(s, p, h, j, c):
    """付与 (204.2.2, 301.8): p's Active is stacked on seat h's character j (its host, 204.2.2.1; h is p, or
    the opponent for a card aimed at an opposing character, placed on the host's owner's field, 403.2);
    while there, its `static` pump (+X) and weaken (-X) abilities change the host's ATK, those "during
    your turn" (501.1.3) in p's turns only (U_XTURN, added and taken off by the start and end phases).
    It leaves for its owner's discard with its host (204.2.2.2, remove_unit). It enters ON (204.2.2.3),
    the state its own 【ON⇒OFF】 activated ability pays (activate)."""
    U, E = vU(s), vE(s)
    U[h, j, U_ATT] = c
    U[h, j, U_ATTP] = p
    U[h, j, U_ATTON] = 1
    if h == p:  # its activated ability is offered on p's own characters only (policy.action_row)
        vP(s)[p, P_NACT] += has_action(s, p, c)
        vP(s)[p, P_NQA] += quick_action(s, p, c)
        vP(s)[p, P_QRDEAD] = 0
    for k in range(MAX_EFFECTS):
        op = E[p, c, k, E_OP]
        if (op == OP_PUMP or op == OP_WEAKEN) and E[p, c, k, E_TRIGGER] == TR_STATIC:
            x = E[p, c, k, E_AMOUNT] if op == OP_PUMP else -E[p, c, k, E_AMOUNT]
            if E[p, c, k, E_COND] & 7 == COND_MY_TURN:
                U[h, j, U_XTURN] += x
                if vG(s)[G_TP] == p:
                    U[h, j, U_XATK] += x
            else:
                U[h, j, U_XATK] += x


@engine_jit
def resolve_on_host(s, p, c, h, j):
    """205.4.7: the 【登場時】 abilities of p's equipment c on seat h's card j (an opposing one, 403.2), `self`
    being that card; engine.check_abilities lets such a card have `self` abilities only."""
    E = vE(s)
    for k in range(MAX_EFFECTS):
        op = E[p, c, k, E_OP]
        if op != 0 and E[p, c, k, E_TRIGGER] == TR_ENTER and not vG(s)[G_OVER]:
            char_effect(s, p, h, j, op, E[p, c, k, E_AMOUNT], E[p, c, k, E_PARAM])


@engine_jit
def equip_armor(s, p, h, j, c):
    """205.4.4: p's armour c on seat h's unit j: 3 armour slots, 装備枠X uses X; on overflow the oldest
    pieces are destroyed (205.4.5), each to its owner's discard."""
    U, K = vU(s), vK(s)
    while True:
        used, free = 0, -1
        for a in range(ARMOR_SLOTS):
            if U[h, j, U_A0 + a] >= 0:
                used += K[U[h, j, U_AP0 + a], U[h, j, U_A0 + a], K_SLOTS]
            elif free < 0:
                free = a
        if used + K[p, c, K_SLOTS] <= ARMOR_SLOTS and free >= 0:
            U[h, j, U_A0 + free], U[h, j, U_AON0 + free], U[h, j, U_AP0 + free] = c, 1, p
            return
        for a in range(ARMOR_SLOTS):
            if U[h, j, U_A0 + a] >= 0:
                to_discard(s, U[h, j, U_AP0 + a], U[h, j, U_A0 + a])
                U[h, j, U_A0 + a] = -1
                break


@engine_jit
def activate(s, p, j, which):
    """p's activated ability of unit j (activate_paid), resolved at once with nothing on top of it."""
    resolve(s, p, activate_paid(s, p, j, which), TR_ACTION, vU(s)[p, j, U_ENTRY])
    settle(s)


@engine_jit
def activate_paid(s, p, j, which):
    """504.1.4 / 300.3: p activates the ability of unit j's card (which 0) or of its 付与 Active (which 1):
    the cost is paid at the declaration (209.1.3.1), ① ... as that many PP of any colour (209.1.3, no
    colour requirement), 【ON⇒OFF】 by turning the card OFF, and a discard or return cost with cards of
    p's own hand (209.1.3.1.1, hand_cost). Returns the card row whose "action" slots resolve, "self"
    being the unit. The policy offers only a payable one (policy.can_activate)."""
    U, E = vU(s), vE(s)
    c = action_row(s, p, j, which)
    k = 0
    while E[p, c, k, E_TRIGGER] != TR_ACTION:  # the first action slot holds the ability's cost
        k += 1
    pay(s, p, E[p, c, k, E_COST], 0)
    if E[p, c, k, E_DULL] & 1:
        U[p, j, U_ATTON if which else U_ON] = 0
    n = hand_cost(E[p, c, k, E_DULL])
    if n:
        pay_hand(s, p, n, (E[p, c, k, E_DULL] >> 1) & 7 == XC_DISCARD)
    return c


@engine_jit
def pay_hand(s, p, n, discard):
    """209.1.3.1.1: n cards of p's own hand, picked like the hand-limit discards (policy.discard_choice),
    go to the discard (`discard`) or back to the deck: to its bottom ([NOT IN DOC]: the seed names no
    place; the bottom, as the face-down PP returns, 404.5), each one 1 HP again (201.3)."""
    P, DK = vP(s), vDK(s)
    for _ in range(n):
        c = take_from_hand(s, p, discard_choice(s, p))
        if discard:
            to_discard(s, p, c)
        else:
            for k in range(P[p, P_DECK], 0, -1):
                DK[p, k] = DK[p, k - 1]
            DK[p, 0] = c
            P[p, P_DECK] += 1


# ---------------------------------------------------------------- battle (506)

@engine_jit
def weapon_bonus(s, p, j):
    """506.5.2 / 205.5.1: an ON weapon may be turned OFF to add its ATK (a rule process, off the stack:
    205.5.1.1)."""
    U, K = vU(s), vK(s)
    w, o = U[p, j, U_WPN], U[p, j, U_WPNP]
    if w < 0 or not U[p, j, U_WON] or K[o, w, K_POWER] <= 0 or not use_weapon(s, p, j):
        return 0
    U[p, j, U_WON] = 0
    if vG(s)[O_WEAPON_TURN]:
        U[p, j, U_ATK] += K[o, w, K_POWER]
        return 0
    return K[o, w, K_POWER]


@engine_jit
def target_atk(s, q, t, weapon):
    """The attack a target deals back (506.6.1, 212.2), its weapon declared in the engagement step
    (506.5.2) if `weapon`. Raid: the Boss card deals none unless raid_boss_strikes_back: the seed's
    party turns are PvP turns whose damage to the Boss lowers its Life (§11), and it gives the Boss
    card's attack only to the Boss's own attack in the battle phase."""
    if t == 0 and vP(s)[q, P_BOSS] and not vG(s)[O_RAID_STRIKES_BACK]:
        return 0
    return unit_atk(s, q, t) + (weapon_bonus(s, q, t) if weapon else 0)


@engine_jit
def attack(s, p, j, t1, t2):
    """The battle phase for p's unit j against q's units t1 (and t2, 連続射撃) (506): its four steps in order
    (506.2.1); the attacker is "attacking" (506.4.1.1: 狙撃) until the damage step's triggers have
    resolved (506.6.3), then play returns to the main phase (506.6.4)."""
    U, K, P = vU(s), vK(s), vP(s)
    q = opponent(s, p)
    ae = U[p, j, U_ENTRY]
    c = U[p, j, U_CARD]
    tq = q
    e1 = U[q, t1, U_ENTRY]
    e2 = U[q, t2, U_ENTRY] if t2 >= 0 else -1
    # 506.3 battle start step: "when this attacks" triggers; a battle whose attacker or target left ends
    if K[p, c, K_TRIGS] & (1 << TR_ATTACK):  # queue_trigger's own test, without the call
        queue_trigger(s, p, c, TR_ATTACK)
    settle(s)
    j = find_entry_at(s, p, ae, j)
    t1 = find_entry_at(s, q, e1, t1)
    if step_window(s, p, ae, q, e1, -1 if j >= 0 and (t1 == 0 or t2 == 0) else 0, j):
        if not battle_on(s, p, ae, q, e1, j, t1):
            return
        j = find_entry_at(s, p, ae, j)
    elif vG(s)[G_OVER] or j < 0 or t1 < 0:  # battle_on of the units just found
        return
    # 506.4 attack participation step: the attacker becomes OFF (506.4.1); the last chance to Warcry (506.4.2)
    U[p, j, U_ON] = 0
    t1 = find_entry_at(s, q, e1, t1)
    t2 = find_entry_at(s, q, e2, t2) if e2 >= 0 else -1
    # a PvP defender without a Warcry character has nothing to choose (choose_warcry would return -1 unrandomly)
    w = choose_warcry(s, q, p, j, t1, unit_atk(s, p, j)) if vG(s)[G_RAID] or P[q, P_NWC] else -1
    if w >= 0:  # 302.1: ON -> OFF; every target becomes the Warcry card (another party seat's in a raid)
        tq = w >> UNIT_BITS
        t1 = w & ((1 << UNIT_BITS) - 1)
        U[tq, t1, U_ON] = 0
        e1 = U[tq, t1, U_ENTRY]
        e2 = e1 if t2 >= 0 and vG(s)[O_RAPID_TWICE] else -1
        t2 = t1 if e2 >= 0 else -1
    # without a window nothing since the last step removed a unit or ended the game: the battle goes on as it is
    if step_window(s, p, ae, tq, e1, -1 if t1 == 0 or t2 == 0 else 0, j):
        if not battle_on(s, p, ae, tq, e1, j, t1):
            return  # 506.4.3
        j = find_entry_at(s, p, ae, j)
        t1 = find_entry_at(s, tq, e1, t1)
        t2 = find_entry_at(s, tq, e2, t2) if e2 >= 0 else -1
    # 506.5 engagement step: weapons, attacker first (506.5.2); 連撃 when engaging the player (302.5)
    a_atk = unit_atk(s, p, j) + weapon_bonus(s, p, j)
    d1 = target_atk(s, tq, t1, True)
    d2 = 0
    if t2 >= 0:
        d2 = target_atk(s, tq, t2, t2 != t1)
    if K[p, c, K_KW] & KW_COMBO and not U[p, j, U_COMBO] and (t1 == 0 or t2 == 0):
        U[p, j, U_ON] = 1
        U[p, j, U_COMBO] = 1
        P[p, P_QRDEAD] = 0
    if step_window(s, p, ae, tq, e1, a_atk if t1 == 0 or t2 == 0 else 0, j) and not battle_on(s, p, ae, tq, e1, j, t1):
        return  # 506.5.3
    # 506.6 damage: simultaneous (212.2), dealt after the armour replacements (506.6.2); 狙撃 takes no
    # battle damage while attacking (302.8)
    back = 0 if K[p, c, K_KW] & KW_SNIPE else d1 + d2
    pierce = K[p, c, K_PIERCE]
    for k in range(2):
        e = e1 if k == 0 else e2
        if e < 0:
            continue
        t = find_entry_at(s, tq, e, t1 if k == 0 else t2)
        if t < 0:
            continue
        if t == 0:
            before = P[tq, P_TAKEN]
            damage_unit(s, tq, 0, a_atk, True)
            P[p, P_DEALT] += P[tq, P_TAKEN] - before
        elif damage_unit(s, tq, t, a_atk, True) and pierce > 0:  # 貫通X (glossary)
            side = p if vG(s)[O_PIERCE_SIDE] else tq
            before = P[side, P_TAKEN]
            damage_player(s, side, pierce)
            if side != p:
                P[p, P_DEALT] += P[side, P_TAKEN] - before
    j = find_entry_at(s, p, ae, j)
    if j >= 0 and back > 0:
        damage_unit(s, p, j, back, True)
    settle(s)


@engine_jit
def choose_on_stack(s, p, c):
    """406.2.3 / 406.3: as p's Active c goes onto the stack, the target of an ability that starts its text
    (its first cast effect aimed at a character) is chosen, or the mode of 回復 (302.9) that starts it;
    into G_AIM / G_AIMP, which that ability reads as it resolves (after any response, 103.7: a target
    gone by then leaves the whole card doing nothing, 406.4.1). Targets named later in the text are
    chosen as they resolve (406.2.5); a 付与 Active's host is chosen by the policy with the play."""
    K, E, G, U = vK(s), vE(s), vG(s), vU(s)
    G[G_AIM] = 0
    if K[p, c, K_TYPE] != CT_ACTIVE or K[p, c, K_KW] & KW_ATTACH:
        return
    for k in range(MAX_EFFECTS):
        op = E[p, c, k, E_OP]
        if op == 0 or E[p, c, k, E_TRIGGER] != TR_CAST:
            continue
        tg = E[p, c, k, E_TARGET]
        if op == OP_HEAL:
            j = heal_mode_unit(s, p)
            G[G_AIM], G[G_AIMP] = (U[p, j, U_ENTRY] if j > 0 else -1), p
        elif (tg == TG_OPP or tg == TG_OWN) and op != OP_DRAW and op != OP_PLAYER_DAMAGE and op != OP_MILL \
                and op != OP_SEARCH:  # the ops apply_effect aims at a character
            side = opponent(s, p) if tg == TG_OPP else p
            amount = E[p, c, k, E_AMOUNT]
            t = effect_target(s, p, side, op, G[G_X] if amount < 0 else amount, E[p, c, k, E_THASH])
            if t > 0:
                G[G_AIM], G[G_AIMP] = U[side, t, U_ENTRY], side
        return


@njit(cache=True, inline="always")
def step_window(s, p, ae, tq, e1, hit, j):
    """A battle step's window (103.6.1.1: the turn player gets the action right at each step), opened
    (open_step) when someone could answer (quick_window), against p's attacker with entry id `ae` (`hit` =
    the damage it would deal seat tq's player; -1: its attack_value as the step begins; `j` its unit as the
    step began). Returns whether a window opened: only then can the field have changed or the game have
    ended since the step began (battle_on decides whether the battle goes on). Inlined: most steps have
    no window."""
    if quick_window(s, p):
        open_step(s, p, ae, tq, hit, j)
        return True
    return False


@njit(cache=True, inline="always")
def battle_on(s, p, ae, tq, e1, j, t):
    """After a step's window: the battle goes on unless the game ended or the attacker (entry id `ae`) or the
    (first) target (entry id e1 on seat tq) left the field (506.3.2, 506.4.3, 506.5.3); `j` and `t` their
    units as the step began."""
    return not vG(s)[G_OVER] and find_entry_at(s, p, ae, j) >= 0 and find_entry_at(s, tq, e1, t) >= 0


@engine_jit
def open_step(s, p, ae, tq, hit, j):
    """step_window's window: PvP the action right passed back and forth (priority), raid the party's Quick
    plays (quick_plays)."""
    if hit < 0:
        hit = attack_value(s, p, j)
    if vG(s)[G_RAID]:
        j = find_entry_at(s, p, ae, j)
        if j >= 0 and not vG(s)[G_OVER]:
            quick_plays(s, p, j, tq, hit)
    else:
        priority(s, p, p, ae, tq, hit)


@njit(cache=True, inline="always")
def quick_window(s, p):
    """Can anyone answer in p's turn? PvP: the opponent has the ON PP for its cheapest Quick Active
    (K_QMIN), or a Quick activated ability it can pay now (one on its field, P_NQA, then quick_ready, whose
    scan is skipped while P_QRDEAD says none can be paid); raid: the Boss's turn (the party answers). A cheap
    test before quick_plays, which runs at every battle step and every turn end: when it fails, quick_plays
    would pass without a draw of the RNG."""
    G, P = vG(s), vP(s)
    if G[G_RAID]:
        return p == G[G_BOSS]
    return (P[1 - p, P_NQH] > 0 and P[1 - p, P_AVAIL] >= vK(s)[1 - p, player_row(s), K_QMIN]) \
        or (P[1 - p, P_NQA] > 0 and not P[1 - p, P_QRDEAD] and quick_ready(s, 1 - p))


@engine_jit
def quick_plays(s, p, j, tq, hit):
    """Raid: the party's Quick Actives and Quick activated abilities in the Boss's turn p (504.1.3.2,
    504.1.4.2), each resolving as it is played: the Boss has no hand and never holds an answer, so the
    action right passed between the Boss and a party player (103.6) reduces to the party's plays. Windows:
    each step of an attack by the Boss's unit j before its damage (step_window), `hit` = the damage it
    would deal seat tq's player; the turn end step (505.1.2, j = -1). Every surviving party player
    answers, from the target player on (the party may use abilities at this timing; party turns have no
    window). A play that KOs the attacker ends the battle (506.3.2)."""
    G, P, U = vG(s), vP(s), vU(s)
    if p != G[G_BOSS]:
        return
    n, first = G[G_BOSS], G[G_TARGET]
    ae = U[p, j, U_ENTRY] if j >= 0 else -1
    for k in range(n):
        r = (first + k) % n
        for _ in range(HMAX):
            if G[G_OVER] or P[r, P_OUT]:
                break
            if (P[r, P_NQH] == 0 or P[r, P_AVAIL] < vK(s)[r, player_row(s), K_QMIN]) and P[r, P_NQA] == 0:
                break
            jj = find_entry(s, p, ae) if ae >= 0 else j
            if ae >= 0 and jj < 0:
                return
            a = quick_choice(s, r, p, jj, hit if r == tq else 0)
            if a < 0:
                break
            t = (a >> 8) & 255
            G[G_FOCUS] = U[p, t, U_ENTRY] if t > 0 else 0
            if a & QA_ACT:  # a Quick activated ability of r's unit (504.1.4.2)
                activate(s, r, a & 255, (a >> 16) & 1)
            else:
                play_card(s, r, a & 255, -1)
            G[G_FOCUS] = 0


@engine_jit
def push_item(s, p, kind, c, trig, src, host, hostp):
    """406.1 / 103.6.2: p's card c (kind SKK_CARD, paid) or ability of card row c with trigger `trig`
    (SKK_ABILITY; `src` its unit's entry id, -1 none) goes onto the stack with what was chosen as it went
    there (X, G_AIM / G_AIMP, G_FOCUS; `host` the entry id of a 付与 Active's or equipment's host on seat
    `hostp`, -1 none). Those choices are the item's own: cleared for the next one."""
    G, SK = vG(s), vSK(s)
    k = G[G_NSK]
    SK[k, SK_SEAT], SK[k, SK_KIND], SK[k, SK_CARD], SK[k, SK_TRIG], SK[k, SK_SRC] = p, kind, c, trig, src
    SK[k, SK_HOST], SK[k, SK_HOSTP] = host, hostp
    SK[k, SK_X], SK[k, SK_AIM], SK[k, SK_AIMP], SK[k, SK_FOCUS] = G[G_X], G[G_AIM], G[G_AIMP], G[G_FOCUS]
    G[G_NSK] = k + 1
    G[G_X], G[G_AIM], G[G_FOCUS] = 0, 0, 0


@engine_jit
def resolve_top(s):
    """103.6.1.7: the newest item on the stack resolves (406.4), with the choices it made going there; a
    card whose host left meanwhile does nothing (406.4.1) and goes to the discard. Then the waiting
    triggered abilities and the rule processes (settle, 103.6.1.3)."""
    G, SK = vG(s), vSK(s)
    k = G[G_NSK] - 1
    G[G_NSK] = k
    p, c = SK[k, SK_SEAT], SK[k, SK_CARD]
    G[G_X], G[G_AIM], G[G_AIMP], G[G_FOCUS] = SK[k, SK_X], SK[k, SK_AIM], SK[k, SK_AIMP], SK[k, SK_FOCUS]
    if SK[k, SK_KIND] == SKK_CARD:
        y = find_entry(s, SK[k, SK_HOSTP], SK[k, SK_HOST]) if SK[k, SK_HOST] >= 0 else -1
        if y >= 0 or vK(s)[p, c, K_KW] & (KW_WEAPON | KW_ARMOR | KW_ATTACH) == 0:
            put_card(s, p, c, y)
        else:
            to_discard(s, p, c)
            settle(s)
    else:
        resolve(s, p, c, SK[k, SK_TRIG], SK[k, SK_SRC])
        settle(s)
    G[G_X], G[G_AIM], G[G_FOCUS] = 0, 0, 0


@engine_jit
def item_hit(s, k):
    """The damage stack item k's abilities deal the opposing player (player_damage, an X amount at the
    item's X; a card's 【登場時】 counted with its cast abilities): the hit the scripted answers weigh."""
    SK, E = vSK(s), vE(s)
    p, c, trig = SK[k, SK_SEAT], SK[k, SK_CARD], SK[k, SK_TRIG]
    hit = 0
    for e in range(MAX_EFFECTS):
        tr = E[p, c, e, E_TRIGGER]
        if E[p, c, e, E_OP] == OP_PLAYER_DAMAGE and (tr == trig or (SK[k, SK_KIND] == SKK_CARD and tr == TR_ENTER)):
            hit += SK[k, SK_X] if E[p, c, e, E_AMOUNT] < 0 else E[p, c, e, E_AMOUNT]
    return hit


@engine_jit
def answer(s, r, tp, ae, tq, hit):
    """What seat r does with the action right in tp's turn (PvP): a quick_choice answer, or -1 to pass.
    The scripted choices (every policy): pass when r's own item is on top of the stack (it resolves
    first, and r answers again after); the turn player passes on an empty stack outside its main phase
    (its Quick plays are made in the main phase, where choose_main weighs them) and answers the
    opponent's item on top as a response (103.7.2); the opponent answers tp's attacker with entry id `ae`
    (-1: the turn end step) on an empty stack (`hit` = the damage it would deal seat tq's player) and
    tp's item on top as a response (103.7)."""
    G, P, SK = vG(s), vP(s), vSK(s)
    n = G[G_NSK]
    if n >= SK_MAX or (n > 0 and SK[n - 1, SK_SEAT] == r) or (n == 0 and r == tp):
        return -1
    if (P[r, P_NQH] == 0 or P[r, P_AVAIL] < vK(s)[r, player_row(s), K_QMIN]) and P[r, P_NQA] == 0:
        return -1  # nothing it could play (the cheap test of quick_window)
    if n > 0:
        return quick_choice(s, r, 1 - r, RESPONSE, item_hit(s, n - 1))
    j = find_entry(s, tp, ae) if ae >= 0 else -1
    if ae >= 0 and j < 0:
        return -1
    return quick_choice(s, r, tp, j, hit if r == tq else 0)


@engine_jit
def use_right(s, r, a):
    """Seat r uses the action right (103.6.2.1) for quick_choice's answer `a`: a Quick Active paid and put
    onto the stack, or a Quick activated ability activated (its cost paid) and put there; `a`'s focus
    is a unit of the other seat."""
    G, U = vG(s), vU(s)
    t = (a >> 8) & 255
    G[G_FOCUS] = U[1 - r, t, U_ENTRY] if t > 0 else 0
    if a & QA_ACT:
        j = a & 255
        src = U[r, j, U_ENTRY]
        push_item(s, r, SKK_ABILITY, activate_paid(s, r, j, (a >> 16) & 1), TR_ACTION, src, -1, -1)
    else:
        push_item(s, r, SKK_CARD, pay_card(s, r, a & 255), TR_CAST, -1, -1, -1)


@engine_jit
def priority(s, tp, holder, ae, tq, hit):
    """103.6 (PvP): the action right passed back and forth in tp's turn, from seat `holder` on. Using it
    (a card played or an ability activated onto the stack, 103.6.2.1) or passing (103.6.1.5) hands it
    to the other player (103.6.1.6; one right at a time, 103.6.1.4). Two consecutive passes resolve the
    newest item (103.6.1.7), rule processes are carried out (103.6.1.3) and the turn player gets the
    right again; two consecutive passes with the stack empty end the step (103.6.1.8). A window that
    opened on a non-empty stack (a main-phase play or activation, a start-phase trigger) ends when its
    items have resolved: in the main phase the turn player then must act (103.6.1.5.1: no pass on an
    empty stack), and in the start phase only rule processes remain (103.6.1.2). Responses to responses
    (103.7.2) come from the same loop. The choices: answer. A game that ends stops it, its items
    unresolved (101.4)."""
    G = vG(s)
    opened = G[G_NSK]
    passes = 0
    for _ in range(4 * SK_MAX + 4 * HMAX):  # a bound: each use spends PP, a hand card or an 【ON⇒OFF】
        if G[G_OVER]:
            return
        a = answer(s, holder, tp, ae, tq, hit)
        holder = 1 - holder
        if a >= 0:
            use_right(s, 1 - holder, a)
            passes = 0
            continue
        passes += 1
        if passes < 2:
            continue
        if G[G_NSK] == 0:
            return
        resolve_top(s)
        if opened and G[G_NSK] == 0:
            return
        passes = 0
        holder = tp


# ---------------------------------------------------------------- turn (500)

@engine_jit
def start_phase(s, p):
    """501.1.1-2: the turn player's PP, allies (Player card, characters), items, equipment and 付与 Actives
    turn ON; 501.1.3: its "during your turn" continuous abilities switch on (U_XTURN, off again at
    the refresh step);
    501.1.4: "at the start of your turn" abilities of the Player card and the Mag (203: the rules give
    it no other mechanics) go onto the stack, the Player card's on top, and resolve after the action
    right has gone round (103.6.1.2, priority)."""
    P, U, PP = vP(s), vU(s), vPP(s)
    for i in range(P[p, P_NPP]):
        PP[p, i, PP_ON] = 1
    P[p, P_AVAIL] = P[p, P_NPP]
    P[p, P_QRDEAD] = 0
    for j in range(P[p, P_NU]):
        U[p, j, U_ON] = 1
        U[p, j, U_ATTON] = 1  # [AMBIGUOUS] 501.1.2 names no 付与 Active: untapped as a card on the field
        U[p, j, U_XATK] += U[p, j, U_XTURN]  # 501.1.3: "during your turn" abilities switch on
        if U[p, j, U_WPN] >= 0:
            U[p, j, U_WON] = 1
        for a in range(ARMOR_SLOTS):
            U[p, j, U_AON0 + a] = 1
    K, pr = vK(s), player_row(s)
    if (K[p, pr, K_TRIGS] | K[p, pr + 1, K_TRIGS]) & (1 << TR_TURN_START):
        for c in range(pr + 1, pr - 1, -1):  # the Player card's on top: it resolves first
            if K[p, c, K_TRIGS] & (1 << TR_TURN_START):
                push_item(s, p, SKK_ABILITY, c, TR_TURN_START, -1, -1, -1)
        # 103.6.1.2: a trigger on the stack gives the turn player the action right
        if quick_window(s, p) and not vG(s)[G_RAID]:
            priority(s, p, p, -1, -1, 0)
        while vG(s)[G_NSK] > 0 and not vG(s)[G_OVER]:
            resolve_top(s)


@engine_jit
def pp_phase(s, p):
    """503.1: optionally 1 card from hand into PP; if so, optionally draw 1 (503.1.2)."""
    i = choose_pitch(s, p)
    if i < 0:
        return
    c = take_from_hand(s, p, i)
    put_pp(s, p, c, vG(s)[O_NEW_PP_ON], 0)
    if take_pp_draw(s, p):
        draw(s, p, 1)
        check_loss(s)


@engine_jit
def main_phase(s, p):
    """504.1: plays, activated abilities and attacks, any number in the policy's order, until it declares
    the end phase (504.1.6), which ends the main phase at once (504.1.6.2). Each attack is a battle phase
    after which the main phase goes on (500.3). A card played or an ability activated goes onto the
    stack and the action right passes (priority) until it has resolved; the turn player, holding the
    right again on an empty stack, acts next (103.6.1.5.1)."""
    for _ in range(MAX_ACTIONS):
        if vG(s)[G_OVER] or vP(s)[p, P_OUT]:
            return
        a = choose_main(s, p)
        kind = a & 15
        if kind == A_END:
            return
        x, y, z = (a >> 4) & 255, ((a >> 12) & 255) - 1, ((a >> 20) & 255) - 1
        if kind == A_PLAY:
            vG(s)[G_X] = max(z, 0)  # 209.3: X while the card is played and resolves, else 0 (209.3.1)
            c = pay_card(s, p, x)
            choose_on_stack(s, p, c)
            h = host_side(s, p, c)
            push_item(s, p, SKK_CARD, c, TR_CAST, -1, vU(s)[h, y, U_ENTRY] if y >= 0 else -1, h)
        elif kind == A_ATTACK:
            attack(s, p, x, y, z)
            continue
        else:
            push_item(s, p, SKK_ABILITY, activate_paid(s, p, x, y), TR_ACTION, vU(s)[p, x, U_ENTRY], -1, -1)
        # 103.6.1.6: the opponent gets the action right; nobody able to answer, both pass (103.6.1.7)
        if quick_window(s, p) and not vG(s)[G_RAID]:
            priority(s, p, 1 - p, -1, -1, 0)
        else:
            resolve_top(s)


@engine_jit
def end_phase(s, p):
    """505.1: the turn end step (505.1.2: the opponents' Quick plays, quick_plays), then the refresh step
    (505.2): all damage on all characters is removed, "this turn" effects end (ATK/HP modifiers,
    連撃's once per turn, the turn player's フリーズ), then the hand limit: 8+ cards -> discard to 7."""
    if quick_window(s, p):
        if vG(s)[G_RAID]:
            quick_plays(s, p, -1, -1, 0)
        else:
            priority(s, p, p, -1, -1, 0)
        if vG(s)[G_OVER]:
            return
    P, U = vP(s), vU(s)
    for r in range(nseats(s)):
        for j in range(P[r, P_NU]):
            U[r, j, U_DF] = 0
            U[r, j, U_DB] = 0
            U[r, j, U_ATK] = 0
            U[r, j, U_HP] = 0
            U[r, j, U_SET] = 0
            U[r, j, U_COMBO] = 0
            if r == p:
                U[r, j, U_FROZEN] = 0
                U[r, j, U_XATK] -= U[r, j, U_XTURN]  # the "during your turn" ones switch off (501.1.3)
    while P[p, P_HAND] > HAND_LIMIT:
        to_discard(s, p, take_from_hand(s, p, discard_choice(s, p)))


@engine_jit
def party_turn(s, p, draws):
    """One player turn: start, then draw (501.1.5; `draws` cards: 502.1.1), PP, main, end (end_phase). A
    raid player eliminated during their own turn (their last card drawn) takes no further steps."""
    G, P = vG(s), vP(s)
    G[G_TP] = p
    P[p, P_TURN] += 1
    start_phase(s, p)
    draw(s, p, draws)
    check_loss(s)
    if not G[G_OVER] and not P[p, P_OUT]:
        pp_phase(s, p)
    if not G[G_OVER] and not P[p, P_OUT]:
        main_phase(s, p)
    if not G[G_OVER]:
        end_phase(s, p)
