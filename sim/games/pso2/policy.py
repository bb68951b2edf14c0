"""PSO2 TCG policies: the decisions (docs/policies_pso2.md has the prose).

Functions here only read the state (and draw from the seat's policy RNG); actions carries the
choices out. A main-phase action is an int: kind | a << 4 | (b + 1) << 12 | (c + 1) << 20
(kind A_END; A_PLAY hand index a, host unit b, X c (209.3; -1 none); A_ATTACK unit a at target units b and
c (-1 none);
A_ACT the activated ability of unit a's card (b 0) or of its 付与 Active (b 1)).

- random:  every decision uniform over the legal choices (PP pitch or not, the PP draw, each play and
           each attack with each target, or ending the main phase; Warcry, weapons, Heal mode).
- aggro:   pitches while PP < 4; takes the PP draw while the deck holds more than 8; plays the
           cheapest cards first; attacks the opposing player with everything; Warcry only against a
           lethal hit.
- curve:   pitches while PP < 7; PP draw above 12 cards; plays the most expensive affordable card
           first (spends PP as fully as possible); attacks a character it KOs and survives, else the
           player; Warcry when the Warcry card survives the hit.
- control: pitches while PP < 8; PP draw above 15 cards; removal Actives first; keeps its ON Warcry
           characters home; attacks characters it KOs safely, the player with the rest; Warcry
           whenever the player or a character that would be KO'd is attacked.
Every scripted policy answers in the opponent's turn with Quick Actives (quick_choice): removal that
KOs the attacking character at the battle start step, 回復 against an attack that would empty the
deck, removal that KOs an opposing character in the opponent's turn end step; in its own main phase
it plays a Quick damage Active only when it KOs (worth_playing), keeping it for those windows.
Activated abilities (300.3): random counts each payable one as a main-phase choice; the scripted
policies use one after their plays when its effect has a use now (worth_activating); aggro never pays
【ON⇒OFF】 with a character that can attack instead.
"""

from numba import njit

from sim.cards.effects import (
    E_AMOUNT,
    E_COST,
    E_DULL,
    E_OP,
    E_TARGET,
    E_THASH,
    E_TRIGGER,
    OPS,
    TARGETS,
    XC_DISCARD,
    XC_RETURN,
)
from sim.engine.compiled import K_COST, K_KW, K_NAMEH, K_POWER, K_TRIGS, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import randbelow
from sim.games.pso2.rules import (
    CT_ACTIVE,
    CT_CHARA,
    CT_ITEM,
    G_BOSS,
    G_PAR,
    G_POL,
    G_RAID,
    K_CLASS,
    K_CLASSH,
    K_FOE,
    K_QUICK,
    K_SLOTS,
    K_TSLOT,
    K_VALUE,
    KW_ARMOR,
    KW_ATTACH,
    KW_EQUIP_FOE,
    KW_EROSION,
    KW_MAIN,
    KW_RAPID,
    KW_SNIPE,
    KW_WARCRY,
    KW_WEAPON,
    KW_X,
    NPAR,
    O_EROSION,
    O_PLAYER_ATTACKS,
    O_RAID_TIEBREAK,
    O_RAPID_SAME,
    P_BOSS,
    P_DECK,
    P_HAND,
    P_LIFE,
    P_NACT,
    P_NDC,
    P_NPP,
    P_NQA,
    P_NU,
    P_OUT,
    P_QRDEAD,
    TR_ACTION,
    TR_CAST,
    U_A0,
    U_AP0,
    U_ATT,
    U_ATTON,
    U_ATTP,
    U_CARD,
    U_DB,
    U_DF,
    U_FROZEN,
    U_ON,
    U_ROW,
    U_WON,
    U_WPN,
    U_WPNP,
    UNIT_BITS,
    colour_ok,
    nseats,
    opponent,
    pp_on,
    rng,
    unit_atk,
    unit_hp,
    vDK,
    vE,
    vG,
    vH,
    vK,
    vP,
    vU,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards, units or PP cards, vector bodies rarely run

POLICY_NAMES = ("random", "aggro", "curve", "control")
PL_RANDOM, PL_AGGRO, PL_CURVE, PL_CONTROL = range(4)
PARAM_NAMES = ("pp_target", "pp_draw_min", "keep_warcry", "unused")
PP_TARGET = (0, 4, 7, 8)
PP_DRAW_MIN = (1, 8, 12, 15)
# an equip_foe card (403.2) spends a card and PP on an opposing character: worth it on one that hits hard
FOE_HOST_ATK = 3
A_END, A_PLAY, A_ATTACK, A_ACT = 0, 1, 2, 3
NOT_PLAYABLE = -2  # play_host: no legal play (-1 is a legal play without a host)
QA_ACT = 1 << 20  # quick_choice: the answer is an activated ability (unit | which << 16), not a hand card
RESPONSE = -2  # quick_choice's j in a response to the other seat's card or ability on the stack (103.7, 103.7.2)
OP_DRAW, OP_DAMAGE, OP_BREAK, OP_PUMP, OP_FREEZE, OP_BOUNCE, OP_PLAYER_DAMAGE, OP_HEAL, OP_MILL, OP_SEARCH, \
    OP_WEAKEN, OP_SET = (OPS.index(o) for o in ("draw", "damage", "break", "pump", "freeze", "bounce", "player_damage",
                                                "heal", "mill", "search", "weaken", "set_power"))
TG_OPP, TG_OWN, TG_SELF, TG_OPP_PLAYER, TG_OWN_PLAYER, TG_ANY, TG_ALL_OPP = (TARGETS.index(t) for t in (
    "opp_character", "own_character", "self", "opp_player", "own_player", "any_character", "all_opp_characters"))


@njit(cache=True, inline="always")
def encode(kind, a, b, c):
    return kind | a << 4 | (b + 1) << 12 | (c + 1) << 20


@njit(cache=True, inline="always")
def policy(s, p):
    return vG(s)[G_POL + p]


@njit(cache=True, inline="always")
def prng(s, p):
    return rng(s, nseats(s) + p)


@engine_jit
def param(s, p, k, default):
    v = vG(s)[G_PAR + p * NPAR + k]
    return default if v < 0 else v


# ---------------------------------------------------------------- PP phase

@engine_jit
def choose_pitch(s, p):
    """503.1.1: the hand index to put into PP, or -1. Scripted: the lowest-value card, while PP is
    below the policy's target."""
    P, H, K = vP(s), vH(s), vK(s)
    nh = P[p, P_HAND]
    if nh == 0:
        return -1
    pol = policy(s, p)
    if pol == PL_RANDOM:
        k = randbelow(prng(s, p), nh + 1)
        return k if k < nh else -1
    if P[p, P_NPP] >= param(s, p, 0, PP_TARGET[pol]):
        return -1
    best, bv = -1, 1 << 30
    for i in range(nh):
        c = H[p, i]
        v = K[p, c, K_VALUE]
        if K[p, c, K_COST] > P[p, P_NPP] + 3:  # far off the curve: a fine PP card
            v -= 20
        if v < bv:
            best, bv = i, v
    return best


@engine_jit
def take_pp_draw(s, p):
    """503.1.2: the optional draw costs 1 HP; never at 1 card (it would lose, 101.3)."""
    deck = vP(s)[p, P_DECK]
    if deck <= 1:
        return False
    pol = policy(s, p)
    if pol == PL_RANDOM:
        return randbelow(prng(s, p), 2) == 1
    return deck > param(s, p, 1, PP_DRAW_MIN[pol])


# ---------------------------------------------------------------- playing cards

@njit(cache=True, inline="always")
def host_side(s, p, c):
    """The seat whose unit p's card c goes on: the opponent's for a 付与 Active or an equip_foe equipment
    on an opposing card (403.2, K_FOE), else p's own."""
    return opponent(s, p) if vK(s)[p, c, K_FOE] else p


@njit(cache=True, inline="always")
def host_ok(s, p, j, c):
    """205.4.3: the equipment's class matches the host's (ALL fits all; a classless card fits any);
    a weapon needs the weapon slot free or replaces it (205.4.5), armour needs its slots. An equip_foe
    equipment goes on an opposing character (403.2), a 付与 Active on a character of host_side without
    one. Inlined into the host scans (best_host, random_host)."""
    K, U = vK(s), vU(s)
    h = host_side(s, p, c)
    if K[p, c, K_KW] & KW_ATTACH:  # 付与 (204.2.2): on a character, one per character (the engine's limit)
        return j > 0 and U[h, j, U_ATT] < 0
    if h != p and j == 0:
        return False
    ic, hc = K[p, c, K_CLASS], K[h, U[h, j, U_CARD], K_CLASS]
    if ic != 0 and (ic & hc) == 0:
        return False
    if K[p, c, K_KW] & KW_ARMOR:
        used = 0
        for a in range(3):
            if U[h, j, U_A0 + a] >= 0:
                used += K[U[h, j, U_AP0 + a], U[h, j, U_A0 + a], K_SLOTS]
        return used + K[p, c, K_SLOTS] <= 3 or used == 0
    return True


@engine_jit
def best_host(s, p, c):
    """The unit to equip or attach to: the strongest matching one without a weapon (weapons) / the one
    with most HP (armour, 付与); a 付与 Active on an opposing character (403.2): the strongest one."""
    U, K = vU(s), vK(s)
    best, bv = -1, -(1 << 30)
    h = host_side(s, p, c)
    for j in range(vP(s)[h, P_NU]):
        if not host_ok(s, p, j, c):
            continue
        if j == 0 and not vG(s)[O_PLAYER_ATTACKS] and K[p, c, K_KW] & KW_WEAPON:
            continue  # a Player card that cannot attack has no use for a weapon
        v = unit_atk(s, h, j) * 4 + (unit_hp(s, h, j) if j > 0 else 3)
        if K[p, c, K_KW] & KW_WEAPON and U[h, j, U_WPN] >= 0:
            v -= 100
        if v > bv:
            best, bv = j, v
    return best


@njit(cache=True, inline="always")
def needs_target(s, p, c):
    """406.2.4: an Active whose effect targets a character needs a legal one to be played: the
    target kind it needs (TG_OPP / TG_OWN) or -1."""
    k = target_slot(s, p, c, TR_CAST)
    return vE(s)[p, c, k, E_TARGET] if k >= 0 else -1


@njit(cache=True, inline="always")
def target_slot(s, p, c, trig):
    """The effect slot of the first `trig` ability (TR_CAST or TR_ACTION) of card c that targets a character
    (TG_OPP / TG_OWN), or -1: compiled into K_TSLOT (engine.target_slots)."""
    return ((vK(s)[p, c, K_TSLOT] >> (0 if trig == TR_CAST else 4)) & 15) - 1


@njit(cache=True, inline="always")
def matches(s, q, t, th):
    """206.2 / 208.1.2.1: seat q's unit t has the name (its title aside) or the class an effect refers to
    (E_THASH, 0 = any); an "ALL" card has no class of its own (K_CLASSH 0)."""
    c = vU(s)[q, t, U_CARD]
    return th == 0 or vK(s)[q, c, K_NAMEH] == th or vK(s)[q, c, K_CLASSH] == th


@njit(cache=True, inline="always")
def has_target(s, p, c, trig):
    """406.2.4: the first targeted `trig` ability of p's card c has a character to aim at (of the name or
    class it refers to, 206.2, 208.1.2.1); True for a card without one (no call then)."""
    k = target_slot(s, p, c, trig)
    return k < 0 or slot_has_target(s, p, c, k)


@engine_jit
def slot_has_target(s, p, c, k):
    """has_target for the ability in effect slot k."""
    E = vE(s)
    q = opponent(s, p) if E[p, c, k, E_TARGET] == TG_OPP else p
    th = E[p, c, k, E_THASH]
    if th == 0:
        return vP(s)[q, P_NU] > 1
    for t in range(1, vP(s)[q, P_NU]):
        if matches(s, q, t, th):
            return True
    return False


@engine_jit
def play_host(s, p, c):
    """504.2: NOT_PLAYABLE unless the cost is payable with ON PP (209.1.1), the colour gate (209.1.2) passes
    and a legal target or host is there; else the unit an equipment or 付与 card goes on (best_host; one scan
    for both the legality and the play) or -1 for a card without one."""
    K = vK(s)
    if K[p, c, K_COST] > pp_on(s, p) or not colour_ok(s, p, c):
        return NOT_PLAYABLE
    t, kw = K[p, c, K_TYPE], K[p, c, K_KW]
    # the field has no limit for a character (403.3)
    if t != CT_CHARA and t != CT_ITEM and t != CT_ACTIVE \
            or t == CT_ACTIVE and kw & KW_ATTACH == 0 and not has_target(s, p, c, TR_CAST):
        return NOT_PLAYABLE
    if kw & (KW_WEAPON | KW_ARMOR | KW_ATTACH) == 0:
        return -1
    host = best_host(s, p, c)
    if host < 0 and (t == CT_ITEM and kw & (KW_WEAPON | KW_ARMOR) or t == CT_ACTIVE and kw & KW_ATTACH):
        return NOT_PLAYABLE
    return host


@njit(cache=True, inline="always")
def playable(s, p, c):
    """504.2: p can play hand card c now (play_host)."""
    return play_host(s, p, c) != NOT_PLAYABLE


# ---------------------------------------------------------------- activated abilities (300.3)

@njit(cache=True, inline="always")
def action_row(s, p, j, which):
    """The card row whose activated ability unit j offers: the unit's card (which 0) or its own 付与 Active
    (which 1; an opposing player's on it, 403.2, has none); -1 if that card has none."""
    c = vU(s)[p, j, U_CARD] if which == 0 else vU(s)[p, j, U_ATT]
    if c < 0 or (which and vU(s)[p, j, U_ATTP] != p) or vK(s)[p, c, K_TRIGS] & (1 << TR_ACTION) == 0:
        return -1
    return c


@njit(cache=True, inline="always")
def action_slot(s, p, c):
    """The effect slot of the first activated ability of p's card row c (which holds its cost, 300.3); c has
    one (action_row): compiled into K_TSLOT bits 8-11."""
    return ((vK(s)[p, c, K_TSLOT] >> 8) & 15) - 1


@njit(cache=True, inline="always")
def cost_ready(s, p, j, which, c):
    """can_activate's first two tests for unit j's ability of card row c (action_row's answer): its ① cost
    payable with ON PP (209.1.3) and its 【ON⇒OFF】 card ON (209.1.3.1). Inlined into the unit scans, which
    call can_activate only for an ability that passes: most fail here (a unit that attacked is OFF)."""
    E = vE(s)
    k = action_slot(s, p, c)
    if E[p, c, k, E_COST] > pp_on(s, p):
        return False
    return not (E[p, c, k, E_DULL] & 1 and not vU(s)[p, j, U_ATTON if which else U_ON])


@engine_jit
def can_activate(s, p, j, which):
    """504.1.4: the ability's ① cost payable with ON PP of any colour (209.1.3), its 【ON⇒OFF】 card ON
    (209.1.3.1), the cards its discard or return cost takes in the own hand (209.1.3.1.1), and a
    character for a targeted effect (406.2.4)."""
    c = action_row(s, p, j, which)
    if c < 0 or not cost_ready(s, p, j, which, c):
        return False
    if hand_cost(vE(s)[p, c, action_slot(s, p, c), E_DULL]) > vP(s)[p, P_HAND]:
        return False
    return has_target(s, p, c, TR_ACTION)


@njit(cache=True, inline="always")
def hand_cost(dull):
    """The hand cards an ability's discard or return cost takes (209.1.3.1.1; E_DULL bits 1-15, XC_*)."""
    x = (dull >> 1) & 0x7FFF
    return x >> 3 if (x & 7) == XC_DISCARD or (x & 7) == XC_RETURN else 0


@engine_jit
def worth_activating(s, p, j, which):
    """Scripted: the ability's first effect has a use now: damage that KOs an opposing character,
    removal, a freeze or −X/−Y with an opposing character to aim at, a draw or Search while the deck
    holds more than 10 cards (each card is 1 HP, 201.3), damage to the opposing player, a pump, a heal
    with cards in the discard. Aggro keeps a character that can attack for the attack instead of
    paying 【ON⇒OFF】."""
    c = action_row(s, p, j, which)
    E = vE(s)
    k = 0
    while E[p, c, k, E_TRIGGER] != TR_ACTION:
        k += 1
    if policy(s, p) == PL_AGGRO and which == 0 and E[p, c, k, E_DULL] & 1 and can_attack(s, p, j):
        return False
    op, amount = E[p, c, k, E_OP], E[p, c, k, E_AMOUNT]
    q = opponent(s, p)
    if op == OP_DAMAGE and E[p, c, k, E_TARGET] != TG_OPP_PLAYER:
        for t in range(1, vP(s)[q, P_NU]):
            if kills(s, q, t, amount):
                return True
        return False
    if op == OP_DRAW or op == OP_SEARCH:
        return vP(s)[p, P_DECK] > 10
    if op == OP_HEAL:
        return vP(s)[p, P_NDC] > 0
    if op == OP_BREAK or op == OP_FREEZE or op == OP_BOUNCE or op == OP_WEAKEN:
        return vP(s)[q, P_NU] > 1
    return True


# ---------------------------------------------------------------- attacks

@engine_jit
def can_attack(s, p, j):
    """215.2 / 504.1.5: an ON ally, not frozen (301.3); the Player card only with the player_attacks option."""
    U = vU(s)
    if not U[p, j, U_ON] or U[p, j, U_FROZEN]:
        return False
    if j == 0:
        return vG(s)[O_PLAYER_ATTACKS] == 1 and (unit_atk(s, p, 0) > 0 or (U[p, 0, U_WPN] >= 0 and U[p, 0, U_WON]))
    return True


@engine_jit
def target_ok(s, p, j, t):
    """506.3.1: the opposing player (unit 0) or any opposing character; 侵食 restricts (302.10)."""
    if unit_kw_of(s, p, j) & KW_EROSION:
        return (t == 0) == (vG(s)[O_EROSION] == 1)
    return True


@njit(cache=True, inline="always")
def unit_kw_of(s, p, j):
    return vK(s)[p, vU(s)[p, j, U_CARD], K_KW]


@engine_jit
def kills(s, q, t, dmg):
    """Would `dmg` KO opposing character t (total, or the back-row half-HP rule)?"""
    U = vU(s)
    hp = unit_hp(s, q, t)
    if U[q, t, U_DF] + U[q, t, U_DB] + dmg >= hp:
        return True
    return U[q, t, U_ROW] == 1 and 2 * (U[q, t, U_DB] + dmg) >= hp


@engine_jit
def attack_value(s, p, j):
    a = unit_atk(s, p, j)
    U, K = vU(s), vK(s)
    if U[p, j, U_WPN] >= 0 and U[p, j, U_WON]:
        a += K[U[p, j, U_WPNP], U[p, j, U_WPN], K_POWER]
    return a


@engine_jit
def pick_target(s, p, j):
    """The scripted policies' target for attacker j: a character it KOs and survives (curve, control),
    else the player; -1 if it has no legal target worth attacking."""
    q = opponent(s, p)
    pol = policy(s, p)
    a = attack_value(s, p, j)
    snipe = unit_kw_of(s, p, j) & KW_SNIPE
    best, bv = -1, -1
    if pol != PL_AGGRO or not target_ok(s, p, j, 0):
        for t in range(1, vP(s)[q, P_NU]):
            if not target_ok(s, p, j, t) or not kills(s, q, t, a):
                continue
            if j > 0 and not snipe and kills(s, p, j, attack_value(s, q, t)) and pol != PL_AGGRO:
                continue
            v = vK(s)[q, vU(s)[q, t, U_CARD], K_COST] * 4 + unit_atk(s, q, t)
            if v > bv:
                best, bv = t, v
    if best < 0 and target_ok(s, p, j, 0):
        best = 0
    if best < 0 and pol == PL_AGGRO:  # erosion_player_only = 0: any character
        for t in range(1, vP(s)[q, P_NU]):
            if target_ok(s, p, j, t):
                return t
    return best


@engine_jit
def second_target(s, p, j, t1):
    """連続射撃 (302.7): a second target, distinct from the first unless rapid_same_target."""
    q = opponent(s, p)
    if policy(s, p) == PL_RANDOM:
        n = vP(s)[q, P_NU]
        t = randbelow(prng(s, p), n)
        if (t == t1 and not vG(s)[O_RAPID_SAME]) or not target_ok(s, p, j, t):
            return -1
        return t
    for t in range(vP(s)[q, P_NU]):
        if t != t1 and target_ok(s, p, j, t):
            return t
    return t1 if vG(s)[O_RAPID_SAME] else -1


# ---------------------------------------------------------------- main phase

@engine_jit
def random_main(s, p):
    """Uniform over: each playable hand card, each (attacker, target) pair, ending the main phase."""
    P, H = vP(s), vH(s)
    q = opponent(s, p)
    nq = P[q, P_NU]
    count = 1
    for i in range(P[p, P_HAND]):
        if playable(s, p, H[p, i]):
            count += 1
    for j in range(P[p, P_NU]):
        if can_attack(s, p, j):
            for t in range(nq):
                if target_ok(s, p, j, t):
                    count += 1
    acts = 0
    for j in range(P[p, P_NU]):
        for which in range(2):
            acts += can_activate(s, p, j, which)
    k = randbelow(prng(s, p), count + acts)
    if k == 0:
        return encode(A_END, 0, -1, -1)
    k -= 1
    for i in range(P[p, P_HAND]):
        c = H[p, i]
        if playable(s, p, c):
            if k == 0:
                host = -1
                if vK(s)[p, c, K_KW] & (KW_WEAPON | KW_ARMOR | KW_ATTACH):
                    host = random_host(s, p, c)
                return encode(A_PLAY, i, host, choose_x(s, p, c))
            k -= 1
    for j in range(P[p, P_NU]):
        if can_attack(s, p, j):
            for t in range(nq):
                if target_ok(s, p, j, t):
                    if k == 0:
                        t2 = second_target(s, p, j, t) if unit_kw_of(s, p, j) & KW_RAPID else -1
                        return encode(A_ATTACK, j, t, t2)
                    k -= 1
    for j in range(P[p, P_NU]):
        for which in range(2):
            if can_activate(s, p, j, which):
                if k == 0:
                    return encode(A_ACT, j, which, -1)
                k -= 1
    return encode(A_END, 0, -1, -1)


@engine_jit
def random_host(s, p, c):
    n = 0
    h = host_side(s, p, c)
    for j in range(vP(s)[h, P_NU]):
        if host_ok(s, p, j, c):
            n += 1
    k = randbelow(prng(s, p), n)
    for j in range(vP(s)[h, P_NU]):
        if host_ok(s, p, j, c):
            if k == 0:
                return j
            k -= 1
    return -1


@engine_jit
def play_score(s, p, c):
    """Order of plays: aggro cheapest first, curve most expensive first, control removal first."""
    K = vK(s)
    pol = policy(s, p)
    cost = K[p, c, K_COST]
    if pol == PL_AGGRO:
        return 100 - cost
    if pol == PL_CONTROL and K[p, c, K_TYPE] == CT_ACTIVE and needs_target(s, p, c) == TG_OPP:
        return 200 + cost
    return cost * 10 + K[p, c, K_VALUE] % 10


@engine_jit
def scripted_main(s, p):
    P, H = vP(s), vH(s)
    best, bv, host = -1, -1, -1
    K, on = vK(s), pp_on(s, p)
    for i in range(P[p, P_HAND]):
        c = H[p, i]
        # the cost (playable's first test) first: most of a hand is too dear after the first play; then the
        # score, and legality only for a card that would win
        if K[p, c, K_COST] > on:
            continue
        v = play_score(s, p, c)
        if v <= bv:
            continue
        h = play_host(s, p, c)
        if h != NOT_PLAYABLE and worth_playing(s, p, c, h):
            best, bv, host = i, v, h
    if best >= 0:
        return encode(A_PLAY, best, host, choose_x(s, p, H[p, best]))
    if P[p, P_NACT]:  # rules.has_action: a field without an activated ability has nothing to scan
        for j in range(P[p, P_NU]):
            for which in range(2):  # action_row and cost_ready (inlined) first: most units fail them
                c = action_row(s, p, j, which)
                if c >= 0 and cost_ready(s, p, j, which, c) and can_activate(s, p, j, which) \
                        and worth_activating(s, p, j, which):
                    return encode(A_ACT, j, which, -1)
    pol = policy(s, p)
    home = 0
    for j in range(P[p, P_NU] - 1, -1, -1):  # back-row and later units first; the Player card last
        if not can_attack(s, p, j):
            continue
        if pol == PL_CONTROL and j > 0 and unit_kw_of(s, p, j) & KW_WARCRY and home < param(s, p, 2, 1):
            home += 1  # stays ON to Warcry in the opponent's turn (§8.4)
            continue
        t = pick_target(s, p, j)
        if t < 0:
            continue
        t2 = second_target(s, p, j, t) if unit_kw_of(s, p, j) & KW_RAPID else -1
        return encode(A_ATTACK, j, t, t2)
    return encode(A_END, 0, -1, -1)


@njit(cache=True, inline="always")
def worth_playing(s, p, c, host):
    """Given the unit the card goes on (play_host), scripted policies skip an X card (209.3) whose X would be 0, an Active for their own characters
    when they have none, an equipment
    whose best host already has one of its kind, an equip_foe equipment (403.2) whose opposing host
    attacks for less than FOE_HOST_ATK, and a Quick damage Active that KOs no opposing
    character now: they keep it for the opponent's turn (quick_choice: an attacker, or at the end
    step a character damaged in that turn's battles)."""
    K = vK(s)
    if K[p, c, K_KW] & KW_X and K[p, c, K_COST] >= pp_on(s, p):
        return False  # an X of 0 (209.3): its X effects would do nothing
    if K[p, c, K_TYPE] == CT_ACTIVE and needs_target(s, p, c) == TG_OWN:
        return vP(s)[p, P_NU] > 1
    dmg = K[p, c, K_QUICK] & 255
    if dmg > 0:
        q = opponent(s, p)
        for t in range(1, vP(s)[q, P_NU]):
            if kills(s, q, t, dmg):
                return True
        return False
    if K[p, c, K_KW] & KW_EQUIP_FOE:
        return attack_value(s, host_side(s, p, c), host) >= FOE_HOST_ATK
    if K[p, c, K_KW] & KW_WEAPON:
        return vU(s)[p, host, U_WPN] < 0
    return True


@engine_jit
def choose_x(s, p, c):
    """209.3 / 103.5.1: the X to pay for card c (a whole number from 0), -1 for a card without X: the
    scripted policies spend every ON PP left after the printed cost, random a uniform X up to that."""
    if vK(s)[p, c, K_KW] & KW_X == 0:
        return -1
    most = max(0, min(pp_on(s, p) - vK(s)[p, c, K_COST], 254))
    if policy(s, p) == PL_RANDOM:
        return randbelow(prng(s, p), most + 1)
    return most


@engine_jit
def choose_main(s, p):
    if policy(s, p) == PL_RANDOM:
        return random_main(s, p)
    return scripted_main(s, p)


# ---------------------------------------------------------------- battle and effect choices

@engine_jit
def choose_warcry(s, q, p, j, t, dmg):
    """302.1: an ON Warcry character of the defending side (raid: of any party player) to redirect the
    attack on q's unit t, or -1. Returns seat << UNIT_BITS | unit."""
    P, U, G = vP(s), vU(s), vG(s)
    pol = policy(s, q)
    lo, hi = q, q + 1
    if G[G_RAID] and q != G[G_BOSS]:
        lo, hi = 0, G[G_BOSS]  # raid special rule: a party member's ally may be covered
    n = 0
    for r in range(lo, hi):
        if P[r, P_OUT]:
            continue
        for w in range(1, P[r, P_NU]):
            if U[r, w, U_ON] and unit_kw_of(s, r, w) & KW_WARCRY and not (r == q and w == t):
                if pol == PL_RANDOM:
                    n += 1
                    continue
                if t == 0:  # the player's HP: its deck (201.3); the Boss's: its Life (raid, §11)
                    lethal = dmg >= (P[q, P_LIFE] if P[q, P_BOSS] else P[q, P_DECK])
                    if pol == PL_CONTROL or lethal or (pol == PL_CURVE and not kills(s, r, w, dmg)):
                        return r << UNIT_BITS | w
                elif pol != PL_AGGRO and kills(s, q, t, dmg) and \
                        vK(s)[r, U[r, w, U_CARD], K_COST] < vK(s)[q, U[q, t, U_CARD], K_COST]:
                    return r << UNIT_BITS | w
    if pol != PL_RANDOM or n == 0:
        return -1
    k = randbelow(prng(s, q), n + 1)
    for r in range(lo, hi):
        if P[r, P_OUT]:
            continue
        for w in range(1, P[r, P_NU]):
            if U[r, w, U_ON] and unit_kw_of(s, r, w) & KW_WARCRY and not (r == q and w == t):
                if k == 0:
                    return r << UNIT_BITS | w
                k -= 1
    return -1


@engine_jit
def use_weapon(s, p, j):
    """205.5.1 / 506.5.2: turn an ON weapon OFF for its ATK (random: a coin; scripted: always)."""
    if policy(s, p) == PL_RANDOM:
        return randbelow(prng(s, p), 2) == 1
    return True


@engine_jit
def heal_mode_unit(s, p):
    """302.9: the ally character for heal mode (b), or -1 for mode (a) (cards back into the deck).
    Scripted: mode (b) on a damaged back-row character when the deck is not short."""
    P, U = vP(s), vU(s)
    pol = policy(s, p)
    if pol == PL_RANDOM:
        k = randbelow(prng(s, p), P[p, P_NU])
        return k if k > 0 else -1
    if P[p, P_DECK] < 15:
        return -1
    for j in range(1, P[p, P_NU]):
        if U[p, j, U_ROW] == 1 and U[p, j, U_DF] + U[p, j, U_DB] > 0:
            return j
    return -1


@engine_jit
def heal_seat(s, p):
    """Digest §11 (raid): 回復 may target a party member; mode (a) then moves that player's discard
    into that player's deck. The seat whose deck heal mode (a) refills: in a raid, a scripted party
    player picks the surviving party player with the fewest deck cards (itself on a tie); otherwise
    (PvP, the Boss, random) itself."""
    P, G = vP(s), vG(s)
    if not G[G_RAID] or p == G[G_BOSS] or policy(s, p) == PL_RANDOM:
        return p
    best = p
    for r in range(G[G_BOSS]):
        if P[r, P_OUT] == 0 and P[r, P_DECK] < P[best, P_DECK]:
            best = r
    return best


@engine_jit
def effect_target(s, p, q, op, amount, th):
    """A character of seat q for p's effect (op, amount), of the name or class `th` refers to (206.2,
    208.1.2.1; 0 any); -1 if none. Own effects pick the best target; the Boss's choices are made by the
    party (raid): the least harmful, or random."""
    P, U, K, G = vP(s), vU(s), vK(s), vG(s)
    n = P[q, P_NU]
    if n <= 1:
        return -1
    boss_choice = G[G_RAID] and p == G[G_BOSS]
    if th != 0:
        m = 0
        for t in range(1, n):
            m += matches(s, q, t, th)
        if m == 0:
            return -1
    if policy(s, p) == PL_RANDOM or (boss_choice and not G[O_RAID_TIEBREAK]):
        if th == 0:
            return 1 + randbelow(prng(s, p), n - 1)
        k = randbelow(prng(s, p), m)
        for t in range(1, n):
            if matches(s, q, t, th):
                if k == 0:
                    return t
                k -= 1
    best, bv = -1, -(1 << 30)
    for t in range(1, n):
        if not matches(s, q, t, th):
            continue
        c = U[q, t, U_CARD]
        if q == p:  # own character: pump the strongest ON one, heal the most damaged
            v = unit_atk(s, q, t) * 2 + U[q, t, U_ON] * 10 + U[q, t, U_DF] + U[q, t, U_DB]
        else:
            v = K[q, c, K_COST] * 4 + unit_atk(s, q, t)
            if op == OP_DAMAGE and kills(s, q, t, amount):
                v += 100
            if op == OP_FREEZE:
                v += 50 * U[q, t, U_ON]
        if boss_choice:
            v = -v
        if v > bv:
            best, bv = t, v
    return best


@engine_jit
def discard_choice(s, p):
    """402.3.1: the hand index to discard at the refresh step (lowest value; random: uniform)."""
    P, H, K = vP(s), vH(s), vK(s)
    if policy(s, p) == PL_RANDOM:
        return randbelow(prng(s, p), P[p, P_HAND])
    best, bv = 0, 1 << 30
    for i in range(P[p, P_HAND]):
        v = K[p, H[p, i], K_VALUE]
        if v < bv:
            best, bv = i, v
    return best


# ---------------------------------------------------------------- Quick plays and Search

@engine_jit
def quick_choice(s, r, p, j, hit):
    """Seat r's Quick Active in seat p's turn (504.1.3, 504.1.3.2: an Active without 【Main】; characters,
    items, 【Main】 and 付与 Actives wait for the own main phase, 504.1.1, 504.1.2, 504.1.3.1): hand index |
    focus unit of p << 8 (0: no focus), or -1 to pass; or, with QA_ACT, r's unit | which << 16 (as for
    A_ACT) | focus << 8: a Quick activated ability (504.1.4.2: its card has no 【Main】), looked at when
    r's field has one (P_NQA). j = p's attacking unit in a battle step (-1: the turn end
    step; RESPONSE: a response to p's card or ability on the stack, 103.7, p being either player, 103.7.2);
    hit = the damage the attack or the item would deal r's deck. Scripted, Actives first, then abilities
    alike: a damage Active that KOs the attacker (the battle ends, 506.3.2),
    a 回復 Active when the hit would empty the deck, and at the end step a damage Active that KOs one
    of p's characters (the most expensive; PP left ON untaps at r's own start phase anyway, 501.1.1).
    Random: uniform over passing and every playable Quick Active."""
    P, H, K = vP(s), vH(s), vK(s)
    pol = policy(s, r)
    if j == RESPONSE and hit < P[r, P_DECK] and pol != PL_RANDOM:
        return -1  # the scripted response is 回復 against a hit that would empty the deck: none to give
    n = 0
    for i in range(P[r, P_HAND]):
        c = H[r, i]
        qk = K[r, c, K_QUICK]  # 0 unless a Quick Active (K_QUICK: compiled once, read in every window)
        if qk == 0 or K[r, c, K_COST] > pp_on(s, r):
            continue
        if pol == PL_RANDOM:
            n += playable(s, r, c)
            continue
        # the answer first, legality (playable) only for a card that gives one
        dmg, sweep = qk & 255, (qk >> 8) & 255
        if j > 0 and ((dmg > 0 and kills(s, p, j, dmg)) or (sweep > 0 and kills(s, p, j, sweep))) \
                and playable(s, r, c):
            return i | (j << 8 if dmg > 0 else 0)
        if j != -1 and hit >= P[r, P_DECK] and (qk >> 16) & 255 and P[r, P_NDC] > 0 and playable(s, r, c):
            return i
        if j == -1 and dmg > 0:
            best, bv = 0, -1
            for t in range(1, P[p, P_NU]):
                if kills(s, p, t, dmg) and vK(s)[p, vU(s)[p, t, U_CARD], K_COST] > bv:
                    best, bv = t, vK(s)[p, vU(s)[p, t, U_CARD], K_COST]
            if best > 0 and playable(s, r, c):
                return i | best << 8
    m = 0
    if P[r, P_NQA] and not P[r, P_QRDEAD]:  # r's field offers a Quick activated ability (rules.quick_action)
        for u in range(P[r, P_NU]):
            for which in range(2):
                if not quick_ability(s, r, u, which):
                    continue
                if pol == PL_RANDOM:
                    m += 1
                    continue
                a = ability_answer(s, r, p, j, hit, u, which)
                if a >= 0:
                    return a
    if n + m == 0:
        return -1
    k = randbelow(prng(s, r), n + m + 1)
    for i in range(P[r, P_HAND]):
        c = H[r, i]
        if K[r, c, K_QUICK] == 0 or not playable(s, r, c):
            continue
        if k == 0:
            return i
        k -= 1
    for u in range(P[r, P_NU]):
        for which in range(2):
            if quick_ability(s, r, u, which):
                if k == 0:
                    return QA_ACT | u | which << 16
                k -= 1
    return -1


@engine_jit
def quick_ability(s, r, u, which):
    """Can seat r use unit u's activated ability (which 0: its card, 1: its 付与 Active) in the
    opponent's turn: payable (can_activate) and Quick (504.1.4.2: the card has no 【Main】)?"""
    c = action_row(s, r, u, which)
    return c >= 0 and vK(s)[r, c, K_KW] & KW_MAIN == 0 and can_activate(s, r, u, which)


@engine_jit
def quick_ready(s, r):
    """Has seat r a Quick activated ability it can use now (quick_ability, on any of its units)? A scan in
    which none passes cost_ready sets P_QRDEAD: until r gains ON PP, an ON card or a unit (which clears it),
    none can, and the callers skip the scan."""
    P, K = vP(s), vK(s)
    live = False
    for u in range(P[r, P_NU]):
        for which in range(2):
            c = action_row(s, r, u, which)
            if c < 0 or K[r, c, K_KW] & KW_MAIN or not cost_ready(s, r, u, which, c):
                continue
            live = True
            if can_activate(s, r, u, which):
                return True
    P[r, P_QRDEAD] = 0 if live else 1
    return False


@engine_jit
def ability_answer(s, r, p, j, hit, u, which):
    """The scripted answers of quick_choice for an ability (its first action effect): damage to an
    opposing character that KOs p's attacker j, 回復 when the hit would empty r's deck, or at the turn
    end step (j < 0) damage that KOs one of p's characters (the most expensive); -1 if none."""
    c = action_row(s, r, u, which)
    E = vE(s)
    k = 0
    while E[r, c, k, E_TRIGGER] != TR_ACTION:
        k += 1
    op, amount, tg = E[r, c, k, E_OP], E[r, c, k, E_AMOUNT], E[r, c, k, E_TARGET]
    base = QA_ACT | u | which << 16
    if op == OP_DAMAGE and tg == TG_OPP:
        if j > 0 and kills(s, p, j, amount):
            return base | j << 8
        if j == -1:
            best, bv = 0, -1
            for t in range(1, vP(s)[p, P_NU]):
                if kills(s, p, t, amount) and vK(s)[p, vU(s)[p, t, U_CARD], K_COST] > bv:
                    best, bv = t, vK(s)[p, vU(s)[p, t, U_CARD], K_COST]
            if best > 0:
                return base | best << 8
    if op == OP_HEAL and j != -1 and hit >= vP(s)[r, P_DECK] and vP(s)[r, P_NDC] > 0:
        return base
    return -1


@engine_jit
def search_pick(s, p, kind):
    """サーチ (301.2): the deck index of the card to find among those of card type `kind` (-1 any), or
    -1 if none: the highest-value one (scripted), uniform (random)."""
    P, DK, K = vP(s), vDK(s), vK(s)
    pol = policy(s, p)
    n, best, bv = 0, -1, -(1 << 30)
    for i in range(P[p, P_DECK]):
        c = DK[p, i]
        if kind >= 0 and K[p, c, K_TYPE] != kind:
            continue
        n += 1
        if K[p, c, K_VALUE] > bv:
            best, bv = i, K[p, c, K_VALUE]
    if pol != PL_RANDOM or n == 0:
        return best
    k = randbelow(prng(s, p), n)
    for i in range(P[p, P_DECK]):
        if kind < 0 or K[p, DK[p, i], K_TYPE] == kind:
            if k == 0:
                return i
            k -= 1
    return -1
