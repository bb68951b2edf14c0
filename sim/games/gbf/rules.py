"""Granblue Fantasy TCG: state layout, zones, crystals, stats and damage (digest ../shared/rules/gbf.md).

A game state is the tuple s of the data addresses of seven plain numpy arrays (S, G, K, E, R, T, C)
and N, read through numba.carray views (vS, vG, ...: a tuple of arrays costs reference counting on
every call, the CoJ engine's finding):
- S int32 [2, PW]: per player, the scalars P_* then the zones (fixed-size ones first, then six
  zones of N = main-deck rows each: deck ring, hand, gauge face-up, gauge face-down, crystals,
  crystal active flags);
- G int32 [G_NCOLS]: game scalars, rules options (G_OPT), policies and their parameters;
- K int32 [2, N + LEAD_MAX, K_NCOLS] / E int32 [2, N + LEAD_MAX, MAX_EFFECTS, E_NCOLS]: the card
  tables (sim.engine.compiled); rows 0..N-1 are main-deck copies, rows N.. the leader deck (r. 5-1-2);
- R uint64 [5]: RNG sub-streams (sim.engine.kernel SUB_*);
- T int32 [turn_cap, 7] / C int32 [2, N, 2]: the turns / cards detail rows (turn_cap: the option).
Damage is an interrupt (r. 9-2): it applies at once and only queues the check-type processes
(armor break, replenishment) and loss flags that the checkpoint (actions.checkpoint) runs.
"""

from __future__ import annotations

import numpy as np
from numba import carray, njit, types

from sim.cards.effects import (
    ACT_ONCE,
    COND_MY_TURN,
    E_AMOUNT,
    E_COND,
    E_COST,
    E_DULL,
    E_NCOLS,
    E_OP,
    E_PARAM,
    E_TARGET,
    E_TRIGGER,
    MAX_EFFECTS,
    OPS,
    TARGETS,
    TRIGGERS,
    XC_DISCARD,
)
from sim.engine.compiled import K_COST, K_ELEM, K_HP, K_KW, K_NAMEH, K_NCOLS, K_POWER, K_RANK, K_TRIGS, K_TYPE
from sim.engine.jit import engine_jit
from sim.engine.kernel import SUB_SEAT0, address, pointer_intrinsic, randbelow
from sim.engine.options import option_range
from sim.engine.results import T_NCOLS

# assist: the card's "action" effect is used from the hand (r. 10-18); ready: the member enters active when an armor
# break or a replenishment deploys it (card text over the rules, r. 1-3-1); steadfast: the opponent's effects
# cannot rest it (a prohibition, which beats an instruction, r. 1-3-3)
KEYWORDS = ("assist", "ready", "steadfast")
KW_ASSIST, KW_READY, KW_STEADFAST = 1, 2, 4
LEADER, MEMBER, SUMMON = 0, 1, 2  # sim.cards.model CARD_TYPES["gbf"] order (r. 2-11-2)
LEAD_MAX = 5  # r. 5-1-2
ARMOR_START = 5  # r. 5-2-1-6
SLOTS = 3  # r. 3-6-3
LV_MAX = 6  # level cards under one member (copies of one character name: the pool's bound)
LEADER_SLOT = 3  # "slot" 3 = the leader in attacker masks and damage targets
MAX_TURNS = 80  # the default of the turn_cap option (digest §11.16: not a rule), recorded as END_TURN_CAP
TURN_CAP_MAX = option_range("gbf", "turn_cap")[1]  # the option's upper bound

# effect vocabulary the engine plays (sim.cards.effects names)
TR_ENTER, TR_ATTACK, TR_CAST, TR_ACTION, TR_STATIC, TR_LEAVE = (
    TRIGGERS.index(t) for t in ("enter", "attack", "cast", "action", "static", "leave"))
(TR_TURN_START, TR_MAIN_START, TR_BATTLE_START, TR_ATTACK_STEP, TR_DAMAGE_STEP, TR_BURST_START, TR_JOB_CHANGE,
 TR_LIMIT_BREAK, TR_HAND_EMPTY) = (TRIGGERS.index(t) for t in (
    "turn_start", "main_start", "battle_start", "attack_step", "damage_step", "burst_start", "job_change",
    "limit_break", "hand_empty"))
(OP_DRAW, OP_DAMAGE, OP_BREAK, OP_PUMP, OP_SHIELD, OP_DULL, OP_GAIN, OP_ACTIVATE, OP_CHIP, OP_DISCARD, OP_DMG_MOD,
 OP_RESET, OP_LOSE, OP_KO_INSTEAD, OP_NEGATE, OP_GRANT, OP_NEGATE_RECEIVED, OP_BREAK_ARMOR) = (OPS.index(o) for o in (
    "draw", "damage", "break", "pump", "shield", "dull", "gain_cp", "activate", "chip", "discard", "damage_mod", "reset",
    "lose", "ko_instead", "negate", "grant", "negate_received", "break_armor"))
UNTIL_OWN_TURN = 1  # pump / shield param: the modification lasts until its controller's turn starts (r. 6-2-1)
CHIP_ATK, CHIP_HP, CHIP_RANK = 0, 1, 2  # chip param: the stat an "X+N chip" modifies (r. 10-16-4-1)
TG_OPP, TG_OWN, TG_SELF, TG_OPP_LEADER, TG_ALL_OPP, TG_ALL_OWN, TG_ALL = (TARGETS.index(t) for t in (
    "opp_character", "own_character", "self", "opp_player", "all_opp_characters", "all_own_characters",
    "all_characters"))
# the source of a damage instance (r. 4-9-1): an attack card in the damage step (r. 4-9-1-1), else the card whose
# effect deals it (r. 4-9-1-2): a summon stone, or a leader or member (its ougi, its other effects, an Assist);
# the chain burst is the rules' own damage and has none (DSRC_NONE)
DSRC_NONE, DSRC_BATTLE, DSRC_STONE, DSRC_CARD = 0, 1, 2, 4
# damage_mod param: the sources it applies to (DSRC_* bits, 0 = every damage, the chain burst's too) and
# DMG_BECOMES: the damage value becomes `amount` (a replacement of the number only, r. 8-10-1-1)
DMG_SOURCES, DMG_BECOMES = 7, 8
# a cost's element icons (r. 8-4-2-1) beyond the first ride in the `elem` argument of can_pay / pay above the element
# bits: a summon stone's are the E_COST of its cast effect (summon_cost; 0 or 1: one icon)
ICON_SHIFT, ELEM_MASK = 8, 255
XC_MASK = 0x7FFF  # E_DULL bits 1-15: an activated effect's extra cost action (sim.cards.effects Effect.xcost)
NEG_OUGI, NEG_STATIC = 1, 2  # negate param: the ougi, the continuous effects of the opponent's members (r. 10-10-2)

# ---- player row: scalars
(P_HEAD, P_DECK, P_HAND, P_GUP, P_GDN, P_CRY, P_ARM, P_LEAD, P_LACT, P_LATK, P_LHP, P_LDMG, P_LOUGI,
 P_LSER, P_LATT, P_PREV_RANK, P_LDK, P_LUP, P_JC, P_LB, P_LOST, P_PEND_ARM, P_PEND_REP, P_MULL, P_SPENT,
 P_PLAYED, P_DEALT, P_N, P_NLEAD, P_OWN_TURN, P_SERIAL, P_ACT, P_LATKU, P_LHPU, P_LCHA, P_LCHH,
 P_LCHR) = range(37)
# P_ACT: active crystals; P_LATK / P_LHP: the leader's effect modifications in all (this turn's, P_L*U: the part
# until its controller's turn starts, r. 6-2-1, and P_LCH*: the part of its ATK / HP chips, r. 10-16-4-1; its rank
# chips only in P_LCHR), so that a stat is read with one addition
# member slots: M_BASE + slot * M_W + M_*
M_BASE = 37
(M_CARD, M_ACT, M_ATK, M_HP, M_LV, M_DMG, M_OUGI, M_SER, M_ATT, M_ACTED, M_ATKU, M_HPU, M_CHA, M_CHH,
 M_CHR) = range(15)  # M_ATK / M_HP: every effect modification, of which M_*U until the controller's turn starts
#                     and M_CH* chips (as for the leader); rank chips only in M_CHR
M_LVC = 15  # level card copies (r. 10-4-3), LV_MAX of them
M_W = M_LVC + LV_MAX
ARM0 = M_BASE + SLOTS * M_W  # armor cards (r. 3-8), face-down, unordered for nobody may look
LDK0 = ARM0 + ARMOR_START  # face-down leader deck (K rows)
LUP0 = LDK0 + LEAD_MAX  # earlier leaders, face-up in the leader deck after a job change (r. 10-3-3)
# pending auto effects of the player (r. 8-7-2): PQ holds their count, then PQ_MAX rows of PQ_W from PQ0, oldest first
PQ = LUP0 + LEAD_MAX
PQ0 = PQ + 1
(Q_CARD, Q_TRIG, Q_SRC, Q_SER, Q_ATK) = range(5)  # the card, its trigger, the unit it was (slot / LEADER_SLOT), that
#                                                  unit's serial then and its ATK then (last-known data, r. 8-11)
PQ_W = 5
PQ_MAX = 48  # more than one checkpoint gathers (a leader and 3 members of each player per timing, 10 armor cards)
V_QUEUE = 32  # engine.check_invariants bit: a pending row found the queue full and was not kept
SRC_GONE = -2  # resolve's `src` for a card that left the zone where its effect triggered (r. 8-7-6)
Z0 = PQ0 + PQ_MAX * PQ_W
Z_DK, Z_HAND, Z_GUP, Z_GDN, Z_CRY, Z_CRYA = range(6)

# P_LOST: why the player lost (0: it has not): its leader KO'd (r. 9-4-1-3) or its deck empty (r. 9-4-1-4), both decided
# at a checkpoint; it conceded (r. 1-2-4) or an effect made it lose (r. 1-2-5), both at once
LOST_LEADER, LOST_DECK, LOST_CONCEDED, LOST_EFFECT = 1, 2, 3, 4

# ---- game row
(G_FIRST, G_TP, G_TURN, G_OVER, G_CHECK, G_VIOL, G_DETAIL, G_BATTLE, G_PSLOT, G_PSER, G_ATTSEEN) = range(11)
G_VOCAB = 11  # VOC_* bits: the game's decks have cards of these (set with the cards; the engine skips the work without)
VOC_HAND_EMPTY, VOC_DMG_MOD, VOC_TIMING, VOC_ACT_PUMP, VOC_KO_INSTEAD, VOC_NEGATE, VOC_GRANT = 1, 2, 4, 8, 16, 32, 64
# a hand_empty state trigger (r. 8-7-5), a static damage_mod (r. 9-2-1-3-2), an "at the start of" timing (r. 6-2-2
# ...), a member's +ATK activated effect, a static ko_instead replacement (r. 8-10), a static negate (r. 10-10-2), a
# static grant (r. 10-10-1)
G_POL = 12  # 2 policy ids
NPAR = 3
G_PAR = G_POL + 2  # NPAR parameters per seat
G_OPT = G_PAR + 2 * NPAR
OPTION_SPECS = (
    ("damage_accumulates", 0, "§8.3 [AMBIGUOUS] damage stays on a card and adds up (1); default 0: "
                              "each damage instance is compared with HP on its own"),
    ("armor_break_per_hit", 1, "§11.6 [AMBIGUOUS] several leader hits before one checkpoint break one "
                               "armor each (1, capped at the armor left) or only one (0)"),
    ("replenish_per_ko", 1, "§8.5 [AMBIGUOUS] one member replenishment per KO / summon armor (1) or at "
                            "most one per checkpoint (0)"),
    ("battle_ends_any_attacker", 0, "§11.14 [AMBIGUOUS] the battle ends when any attack card leaves (1); "
                                    "default 0: only when the partner or every attack card is gone"),
    ("leader_rank_stack", 0, "§7 [AMBIGUOUS] a job change counts the earlier face-up leaders' ranks "
                             "too (1); default 0: only the new leader's rank <= crystals"),
    ("trigger_pays_cost", 0, "§10 trigger activation [AMBIGUOUS] a triggered summon stone pays its "
                             "crystal cost if it can (1, else no effect); default 0: free"),
    ("counter_windows", 1, "§11.11 [AMBIGUOUS] counter steps the defender may open per battle (the "
                           "rules allow a loop; r. 11-1-1-3)"),
    ("assist_to_gauge", 1, "§11 [AMBIGUOUS] a used Assist card goes to the gauge (1) or stays in the "
                           "hand (0)"),
    ("reset_removes_chips", 1, "§10 [AMBIGUOUS] returning ATK / HP to the original value (r. 10-15) removes "
                               "that stat's chips too (1) or leaves them (0); level cards stay either way"),
    ("turn_cap", MAX_TURNS, "§11.16 [NOT IN DOC] the engine's turn cap (game turns, 1-1000; the rules have "
                            "no limit): a game still on after it is a draw recorded as turn_cap"),
)
NOPT = len(OPTION_SPECS)
(O_ACCUM, O_ARMOR_PER_HIT, O_REPL_PER_KO, O_ANY_ATTACKER, O_LEADER_STACK, O_TRIGGER_COST, O_COUNTERS,
 O_ASSIST_GAUGE, O_RESET_CHIPS, O_TURN_CAP) = (G_OPT + i for i in range(NOPT))
G_NCOLS = G_OPT + NOPT


def player_width(n: int) -> int:
    return Z0 + 6 * n


# ------------------------------------------------------------------ accessors


_i32_at = pointer_intrinsic(types.int32)
_u64_at = pointer_intrinsic(types.uint64)


@njit(cache=True, inline="always")
def rows(s):
    """Main-deck rows N (zone length)."""
    return s[7]


@njit(cache=True, inline="always")
def vS(s):
    return carray(_i32_at(s[0], 0), (2, Z0 + 6 * s[7]))


@njit(cache=True, inline="always")
def vG(s):
    return carray(_i32_at(s[1], 0), (G_NCOLS,))


@njit(cache=True, inline="always")
def vK(s):
    return carray(_i32_at(s[2], 0), (2, s[7] + LEAD_MAX, K_NCOLS))


@njit(cache=True, inline="always")
def vE(s):
    return carray(_i32_at(s[3], 0), (2, s[7] + LEAD_MAX, MAX_EFFECTS, E_NCOLS))


@njit(cache=True, inline="always")
def vR(s):
    return carray(_u64_at(s[4], 0), (5,))


@njit(cache=True, inline="always")
def vT(s):
    """The turns detail rows: one per game turn up to the turn_cap option (the T array's length)."""
    return carray(_i32_at(s[5], 0), (vG(s)[O_TURN_CAP], T_NCOLS))


@njit(cache=True, inline="always")
def vC(s):
    return carray(_i32_at(s[6], 0), (2, s[7], 2))


@njit(cache=True)
def state_of(S, G, K, E, R, T, C):
    """The `s` of a game's arrays (their data addresses and N); the caller keeps the arrays alive."""
    return (address(S), address(G), address(K), address(E), address(R), address(T), address(C),
            np.int64(K.shape[1] - LEAD_MAX))


@njit(cache=True, inline="always")
def zoff(s, z):
    return Z0 + z * rows(s)


@njit(cache=True, inline="always")
def mcol(slot, col):
    return M_BASE + slot * M_W + col


@njit(cache=True, inline="always")
def card(s, p, c, col):
    return vK(s)[p, c, col]


@njit(cache=True, inline="always")
def rng(s, sub):
    return vR(s)[sub:sub + 1]


@njit(cache=True, inline="always")
def opt(s, o):
    return vG(s)[o]


# ------------------------------------------------------------------ zones


@engine_jit
def draw_top(s, p):
    """Take the deck's top card (-1 if empty: drawing from an empty deck does nothing, r. 1-3-2)."""
    S = vS(s)
    if S[p, P_DECK] <= 0:
        return -1
    n = rows(s)
    c = S[p, zoff(s, Z_DK) + S[p, P_HEAD]]
    S[p, P_HEAD] = (S[p, P_HEAD] + 1) % n
    S[p, P_DECK] -= 1
    return c


@engine_jit
def to_bottom(s, p, c):
    """r. 6-5-1-2-1-4 / 5-2-1-5-1: a card goes under the deck (a ring of N rows: a seat owns N cards)."""
    S = vS(s)
    n = rows(s)
    S[p, zoff(s, Z_DK) + (S[p, P_HEAD] + S[p, P_DECK]) % n] = c
    S[p, P_DECK] += 1


@engine_jit
def add_hand(s, p, c):
    S = vS(s)
    S[p, zoff(s, Z_HAND) + S[p, P_HAND]] = c
    S[p, P_HAND] += 1


@engine_jit
def take_hand(s, p, i):
    """Remove hand index i (the last card fills the gap) and return its copy."""
    S = vS(s)
    base = zoff(s, Z_HAND)
    c = S[p, base + i]
    S[p, P_HAND] -= 1
    S[p, base + i] = S[p, base + S[p, P_HAND]]
    return c


@engine_jit
def to_gauge(s, p, c):
    """r. 3-4: face-up on top of the owner's gauge (r. 3-1-6)."""
    S = vS(s)
    S[p, zoff(s, Z_GUP) + S[p, P_GUP]] = c
    S[p, P_GUP] += 1


@engine_jit
def draw_cards(s, p, k):
    """Draw k, one at a time (r. 4-8, 3-2-3; k <= 0 draws nothing, r. 1-3-2-2); the cards detail records the own
    turn drawn."""
    for _ in range(k):
        c = draw_top(s, p)
        if c < 0:
            return
        add_hand(s, p, c)
        if vG(s)[G_DETAIL] >= 2 and vC(s)[p, c, 0] < 0:
            vC(s)[p, c, 0] = vS(s)[p, P_OWN_TURN]


@engine_jit
def crystal_from_deck(s, p):
    """r. 6-2-7 / 10-12: the deck's top card becomes an active crystal; returns it (-1: empty deck)."""
    S = vS(s)
    c = draw_top(s, p)
    if c >= 0:
        S[p, zoff(s, Z_CRY) + S[p, P_CRY]] = c
        S[p, zoff(s, Z_CRYA) + S[p, P_CRY]] = 1
        S[p, P_CRY] += 1
        S[p, P_ACT] += 1
    return c


@engine_jit
def active_crystals(s, p, elem):
    """Active crystals, of element bitmask `elem` if elem > 0."""
    S = vS(s)
    if elem == 0:
        return S[p, P_ACT]
    k = 0
    for i in range(S[p, P_CRY]):
        if S[p, zoff(s, Z_CRYA) + i] and (elem == 0 or card(s, p, S[p, zoff(s, Z_CRY) + i], K_ELEM) & elem):
            k += 1
    return k


@engine_jit
def can_pay(s, p, cost, elem):
    """r. 8-4-2: `cost` crystals in all, one of them of the card's element when it has one (the
    engine's summon-cost format: the digest gives none, §3 [AMBIGUOUS]; `elem` >> ICON_SHIFT of them when it says
    more, r. 8-4-2-1: both the element icons and the number icons are paid, r. 8-4-2-2-2), the others of any element
    (r. 8-4-2-2: a crystal with no element pays only those, r. 2-2-1-1-1); no partial payment (r. 8-4-2-4); a
    cost of 0 is paid by declaring the activation (r. 8-4-2-2-1). The callers offer only what this allows: no
    cost, no activation (r. 8-4-2-5)."""
    S = vS(s)
    if cost <= 0:
        return True
    if S[p, P_ACT] < cost:
        return False
    if elem == 0:
        return True
    need, bits = max(1, elem >> ICON_SHIFT), elem & ELEM_MASK
    for i in range(S[p, P_CRY]):  # enough active crystals of the element: stop there
        if S[p, zoff(s, Z_CRYA) + i] and card(s, p, S[p, zoff(s, Z_CRY) + i], K_ELEM) & bits:
            need -= 1
            if need == 0:
                return True
    return False


@engine_jit
def pay(s, p, cost, elem):
    """Rest the crystals of can_pay: those of the element icons first (r. 8-4-2-2-2), then the number icons'
    (non-matching first)."""
    S = vS(s)
    left = cost
    need = max(1, elem >> ICON_SHIFT) if elem != 0 and cost > 0 else 0
    bits = elem & ELEM_MASK
    for pass_ in range(3):
        for i in range(S[p, P_CRY]):
            if left <= 0 or (pass_ == 0 and need == 0):
                break
            a = zoff(s, Z_CRYA) + i
            if not S[p, a]:
                continue
            match = (card(s, p, S[p, zoff(s, Z_CRY) + i], K_ELEM) & bits) != 0
            if (pass_ == 0 and not match) or (pass_ == 1 and match):
                continue
            S[p, a] = 0
            S[p, P_ACT] -= 1
            left -= 1
            if pass_ == 0:
                need -= 1
    if vG(s)[G_TP] == p:
        S[p, P_SPENT] += cost


# ------------------------------------------------------------------ stats


@njit(cache=True, inline="always")
def unit_stat(s, p, slot, k_col, m_col, p_col):
    """Current ATK or HP (r. 2-7, 2-8): the printed value plus the effect modifications (this turn's, those until
    the controller's turn starts, r. 6-2-1, and the chips, r. 10-16-4-1, summed in one column) and 2 per level
    card (r. 10-4-3-3-1); not clamped: a value may be negative (r. 1-3-6)."""
    S = vS(s)
    if slot == LEADER_SLOT:
        return card(s, p, S[p, P_LEAD], k_col) + S[p, p_col]
    return card(s, p, S[p, mcol(slot, M_CARD)], k_col) + S[p, mcol(slot, m_col)] + 2 * S[p, mcol(slot, M_LV)]


@njit(cache=True, inline="always")
def unit_atk(s, p, slot):
    return unit_stat(s, p, slot, K_POWER, M_ATK, P_LATK)


@njit(cache=True, inline="always")
def unit_hp(s, p, slot):
    return unit_stat(s, p, slot, K_HP, M_HP, P_LHP)


@njit(cache=True, inline="always")
def unit_active(s, p, slot):
    if slot == LEADER_SLOT:
        return vS(s)[p, P_LACT] == 1
    return vS(s)[p, mcol(slot, M_CARD)] >= 0 and vS(s)[p, mcol(slot, M_ACT)] == 1


@njit(cache=True, inline="always")
def n_members(s, p):
    k = 0
    for j in range(SLOTS):
        if vS(s)[p, mcol(j, M_CARD)] >= 0:
            k += 1
    return k


@njit(cache=True, inline="always")
def member_rank(s, p, skip):
    """Total rank in the member area (r. 10-2-3-1, 10-2-3-1-1: checked at a deploy, never paid, r. 2-4-1),
    leaving out slot `skip` (-1 none), rank chips included (r. 10-16-4-1); level cards
    carry no card information (r. 3-6-3-1)."""
    k = 0
    for j in range(SLOTS):
        if j != skip and vS(s)[p, mcol(j, M_CARD)] >= 0:
            k += card(s, p, vS(s)[p, mcol(j, M_CARD)], K_RANK) + vS(s)[p, mcol(j, M_CHR)]
    return k


@engine_jit
def names_in_play(s, p):
    """The character-name hashes of p's member slots 0-2, -1 for an empty one (a text_hash is > 0)."""
    S = vS(s)
    m0, m1, m2 = S[p, mcol(0, M_CARD)], S[p, mcol(1, M_CARD)], S[p, mcol(2, M_CARD)]
    return (card(s, p, m0, K_NAMEH) if m0 >= 0 else -1, card(s, p, m1, K_NAMEH) if m1 >= 0 else -1,
            card(s, p, m2, K_NAMEH) if m2 >= 0 else -1)


@engine_jit
def can_deploy(s, p, c):
    """r. 10-2-3: a free slot (r. 3-6-3), the rank limit (total <= crystals, active or not) and the
    name limit (no member of the same character name in play, r. 10-2-3-2-1)."""
    S = vS(s)
    if card(s, p, c, K_TYPE) != MEMBER:
        return False
    free = False
    for j in range(SLOTS):
        m = S[p, mcol(j, M_CARD)]
        if m < 0:
            free = True
        elif card(s, p, m, K_NAMEH) == card(s, p, c, K_NAMEH):
            return False
    return free and member_rank(s, p, -1) + card(s, p, c, K_RANK) <= S[p, P_CRY]


@engine_jit
def lb_slot(s, p, c):
    """r. 10-4: the slot whose member a hand member `c` can limit-break (same character name, the rank
    limit with c's rank in place of the old card's, the slot's rank chips carried over (r. 10-16-1-3), a free
    level row), else -1."""
    S = vS(s)
    if card(s, p, c, K_TYPE) != MEMBER:
        return -1
    for j in range(SLOTS):
        m = S[p, mcol(j, M_CARD)]
        if m >= 0 and card(s, p, m, K_NAMEH) == card(s, p, c, K_NAMEH) and S[p, mcol(j, M_LV)] < LV_MAX \
                and member_rank(s, p, j) + card(s, p, c, K_RANK) + S[p, mcol(j, M_CHR)] <= S[p, P_CRY]:
            return j
    return -1


@engine_jit
def place_member(s, p, c, active):
    """Put `c` into a free slot (caller checked can_deploy); returns the slot. A new object (r. 3-1-4)."""
    S = vS(s)
    for j in range(SLOTS):
        if S[p, mcol(j, M_CARD)] < 0:
            for col in range(M_W):
                S[p, mcol(j, col)] = 0
            S[p, mcol(j, M_CARD)] = c
            S[p, mcol(j, M_ACT)] = active
            S[p, P_SERIAL] += 1
            S[p, mcol(j, M_SER)] = S[p, P_SERIAL]
            return j
    return -1


# ------------------------------------------------------------------ damage (r. 9-2)


@engine_jit
def ko_instead_cost(s, p, c):
    """The hand cards member c's ko_instead replacement puts into the gauge (r. 8-10), 0 if it has none."""
    E = vE(s)
    if not has_trig(s, p, c, TR_STATIC) or (vG(s)[G_VOCAB] & VOC_NEGATE and negated(s, p, NEG_STATIC)):
        return 0
    for e in range(E.shape[2]):
        if E[p, c, e, E_TRIGGER] == TR_STATIC and E[p, c, e, E_OP] == OP_KO_INSTEAD:
            return max(E[p, c, e, E_AMOUNT], 1)
    return 0


@engine_jit
def ko_member(s, p, j):
    """r. 9-2-2 / 9-2-3: the member would be KO'd. Two replacements may apply to the event, and the affected
    player orders them, each at most once (r. 8-10-2); the engine's order: a limit-broken member sends one level
    card to the gauge instead and stays (r. 9-2-3-2, 10-4-3-3-3; it costs no hand card); else a ko_instead
    member's controller puts its cost in hand cards (the last ones of the hand) into the gauge instead and it
    stays, which it always does when it can and cannot when the hand holds too few (r. 8-10-3: an optional
    replacement that cannot be carried out is not applied); otherwise its `leave` effects become pending, it goes to
    its owner's gauge (r. 9-2-2-3-1) and a replenishment is queued (r. 9-4-3-2)."""
    S = vS(s)
    lv = S[p, mcol(j, M_LV)]
    if lv > 0:
        to_gauge(s, p, S[p, mcol(j, M_LVC + lv - 1)])
        S[p, mcol(j, M_LV)] = lv - 1
        S[p, mcol(j, M_DMG)] = 0
        return
    if vG(s)[G_VOCAB] & VOC_KO_INSTEAD:
        k = ko_instead_cost(s, p, S[p, mcol(j, M_CARD)])
        if 0 < k <= S[p, P_HAND]:
            for _ in range(k):
                to_gauge(s, p, take_hand(s, p, S[p, P_HAND] - 1))
            S[p, mcol(j, M_DMG)] = 0
            return
    pend(s, p, S[p, mcol(j, M_CARD)], TR_LEAVE, j)  # r. 8-7-4: a zone-change trigger, its data taken before the move
    to_gauge(s, p, S[p, mcol(j, M_CARD)])
    S[p, mcol(j, M_CARD)] = -1
    S[p, mcol(j, M_ATT)] = 0
    S[p, P_PEND_REP] += 1


@njit(cache=True, inline="always")
def has_trig(s, p, c, t):
    """Whether card c has an effect of trigger t (K_TRIGS: one bit per trigger, bit 31 for all from 31 on; a
    hit on bit 31 is confirmed by the effect rows)."""
    return (card(s, p, c, K_TRIGS) >> min(t, 31)) & 1


@engine_jit
def negated(s, r, what):
    """r. 10-10-2: whether the `what` (NEG_OUGI / NEG_STATIC) of player r's members is negated: a static negate of
    the other player's leader or a member in play says so (r. 2-5-2). A negate is not one of the effects it
    negates, so two of them never depend on each other."""
    S, E = vS(s), vE(s)
    o = 1 - r
    for j in range(SLOTS + 1):
        c = S[o, P_LEAD] if j == LEADER_SLOT else S[o, mcol(j, M_CARD)]
        if c < 0 or not has_trig(s, o, c, TR_STATIC):
            continue
        for e in range(E.shape[2]):
            if E[o, c, e, E_TRIGGER] == TR_STATIC and E[o, c, e, E_OP] == OP_NEGATE and E[o, c, e, E_PARAM] & what:
                return True
    return False


@njit(cache=True, inline="always")
def damage_mod_applies(s, r, c, e, tg, src):
    """Whether effect e of r's card c is a static damage_mod of target tg that reads damage from `src` (its param's
    DSRC_* bits, none = every damage; r. 4-9)."""
    E = vE(s)
    sources = E[r, c, e, E_PARAM] & DMG_SOURCES
    return E[r, c, e, E_TRIGGER] == TR_STATIC and E[r, c, e, E_OP] == OP_DMG_MOD and E[r, c, e, E_TARGET] == tg \
        and (sources == 0 or sources & src != 0)


@engine_jit
def damage_value(s, p, slot, x, src):
    """r. 9-2-1-3-2 / 9-2-1-3-3: x from source `src` (DSRC_*, r. 4-9) with every addition applied, then every
    reduction. The vocabulary's static damage_mod effects (r. 8-1-3) of cards in the leader or member area
    (r. 2-5-2) whose sources include `src`: `all_opp_characters` on the other player's cards changes the damage p's
    members receive, `self` the damage the card itself receives (its own text, or text another of p's leader and
    members grants it, r. 10-10-1); a positive amount adds, a negative one reduces. A `self` one with DMG_BECOMES
    replaces the value first: it becomes `amount` (r. 8-10-1-1: only the number, so additions and reductions still
    apply to it; of several, the lowest, the order p would choose, r. 8-10-2). r. 8-9-1: the printed text, then the
    non-numeric effects (the other player's negate of p's members' continuous effects, grants, r. 10-10), then the
    numbers: a negated member's damage_mod and grants count for nothing."""
    S, E = vS(s), vE(s)
    add, red, becomes = 0, 0, -1
    neg = vG(s)[G_VOCAB] & VOC_NEGATE
    mine_off = neg and negated(s, p, NEG_STATIC)  # p's members' continuous effects (the leader's stay)
    theirs_off = neg and negated(s, 1 - p, NEG_STATIC)
    for k in range(SLOTS + 2 + (SLOTS + 1 if vG(s)[G_VOCAB] & VOC_GRANT else 0)):  # the other player's members and
        # leader (members hit only), the card hit, then p's members and leader that may grant it an effect
        r, j, tg = 1 - p, k, TG_ALL_OPP
        if k == SLOTS + 1:
            r, j, tg = p, slot, TG_SELF
        elif k > SLOTS + 1:
            r, j, tg = p, k - SLOTS - 2, TG_ALL_OWN
            if j == slot or slot == LEADER_SLOT:
                continue
        elif slot == LEADER_SLOT:
            continue
        if j != LEADER_SLOT and ((r == p and mine_off) or (r != p and theirs_off)):
            continue
        c = S[r, P_LEAD] if j == LEADER_SLOT else S[r, mcol(j, M_CARD)]
        if c < 0 or not has_trig(s, r, c, TR_STATIC):
            continue
        for e in range(E.shape[2]):
            g = e
            if tg == TG_ALL_OWN:  # a grant gives the card hit the effect in the slot before it (validated)
                if e == 0 or E[r, c, e, E_TRIGGER] != TR_STATIC or E[r, c, e, E_OP] != OP_GRANT:
                    continue
                g = e - 1
            if not damage_mod_applies(s, r, c, g, TG_SELF if tg == TG_ALL_OWN else tg, src):
                continue
            a = E[r, c, g, E_AMOUNT]
            if E[r, c, g, E_PARAM] & DMG_BECOMES:
                becomes = a if becomes < 0 else min(becomes, a)
            else:
                add += max(a, 0)
                red += max(-a, 0)
    if becomes >= 0:
        if becomes == 0:  # r. 9-2-1-3-1: a value of 0 goes no further
            return 0
        x = becomes
    return x + add - red


@engine_jit
def deal_damage(s, p, slot, x):
    """One damage instance of x with no source (the chain burst: r. 4-9 names none): deal_damage_from."""
    return deal_damage_from(s, p, slot, x, DSRC_NONE)


@engine_jit
def deal_damage_from(s, p, slot, x, src):
    """Player p's unit `slot` takes one damage instance of x from source `src` (DSRC_*, r. 4-9, r. 9-2-1): x <= 0
    does nothing (r. 9-2-1-3-1, 1-3-2-2); additions, then reductions (r. 9-2-1-3-2, 9-2-1-3-3: damage_value; a value
    they bring to 0 or below deals nothing); then receive_damage. Returns 1 if it KO'd a member / broke or queued a
    leader result."""
    if x <= 0:
        return 0
    if vG(s)[G_VOCAB] & VOC_DMG_MOD:
        x = damage_value(s, p, slot, x, src)
        if x <= 0:
            return 0
    return receive_damage(s, p, slot, x)


@engine_jit
def receive_damage(s, p, slot, x):
    """r. 9-2-1-3-4: the card receives damage value x > 0 against its HP: damage >= HP KOs a member
    (r. 9-2-1-3-5), and on the leader queues an armor break (armor left) or KOs it (r. 9-2-1-3-6).
    With damage_accumulates, damage adds up (reset by a KO or an armor break). Returns 1 if it KO'd
    a member / broke or queued a leader result."""
    S = vS(s)
    if slot == LEADER_SLOT:
        total = x
        if opt(s, O_ACCUM):
            S[p, P_LDMG] += x
            total = S[p, P_LDMG]
        if total < unit_hp(s, p, slot):
            return 0
        S[p, P_LDMG] = 0
        S[1 - p, P_DEALT] += 1
        if S[p, P_ARM] - S[p, P_PEND_ARM] > 0 or (S[p, P_ARM] > 0 and not opt(s, O_ARMOR_PER_HIT)):
            S[p, P_PEND_ARM] += 1  # r. 9-4-2-2: check-type, run at the next checkpoint
        elif S[p, P_ARM] == 0:
            S[p, P_LOST] = 1  # r. 9-4-1-3-1: the loss itself is decided at the checkpoint
        return 1
    if S[p, mcol(slot, M_CARD)] < 0:
        return 0
    total = x
    if opt(s, O_ACCUM):
        S[p, mcol(slot, M_DMG)] += x
        total = S[p, mcol(slot, M_DMG)]
    if total < unit_hp(s, p, slot):
        return 0
    ko_member(s, p, slot)
    return 1


@engine_jit
def damage_each_member(s, p, x, both, src):
    """x damage to each of the opponent's members (both: to each member of both players) at once: every value is
    taken before any card receives its damage, and the KOs they cause are processed for the turn player's members
    first, then the other player's (r. 9-2-2-1-1)."""
    S, G = vS(s), vG(s)
    if x <= 0:
        return
    v0, v1, v2, w0, w1, w2 = x, x, x, x, x, x  # v: the turn player's members, w: the other player's
    tp = G[G_TP]
    if G[G_VOCAB] & VOC_DMG_MOD:  # the values of the players hit
        if both or p != tp:
            v0, v1, v2 = (damage_value(s, tp, 0, x, src), damage_value(s, tp, 1, x, src),
                          damage_value(s, tp, 2, x, src))
        if both or p == tp:
            w0, w1, w2 = (damage_value(s, 1 - tp, 0, x, src), damage_value(s, 1 - tp, 1, x, src),
                          damage_value(s, 1 - tp, 2, x, src))
    for k in range(2):
        r = tp if k == 0 else 1 - tp
        if r == p and not both:
            continue
        for j in range(SLOTS):
            if S[r, mcol(j, M_CARD)] < 0:
                continue
            y = (v0 if j == 0 else v1 if j == 1 else v2) if k == 0 else (w0 if j == 0 else w1 if j == 1 else w2)
            if y > 0:
                receive_damage(s, r, j, y)


@engine_jit
def name_armor(s, r, chooser):
    """r. 9-4-2-2 / 9-4-2-3-1-1: an effect breaks one of r's armor cards and names it: `chooser` (the effect's
    controller) picks one not named yet, at random (nobody may look at armor, r. 3-8-2), with its own random
    stream; the card is marked named (stored as -1 - c) and an armor break is queued. The break turns that card
    face up (named_armor), not one r chooses."""
    S = vS(s)
    free = 0
    for i in range(S[r, P_ARM]):
        if S[r, ARM0 + i] >= 0:
            free += 1
    if free == 0:
        return
    k = random_index(s, SUB_SEAT0 + chooser, free)
    for i in range(S[r, P_ARM]):
        if S[r, ARM0 + i] >= 0:
            if k == 0:
                S[r, ARM0 + i] = -1 - S[r, ARM0 + i]
                S[r, P_PEND_ARM] += 1
                return
            k -= 1


@engine_jit
def named_armor(s, q):
    """The armor slot of q's first named armor card (name_armor), -1 if none."""
    S = vS(s)
    for i in range(S[q, P_ARM]):
        if S[q, ARM0 + i] < 0:
            return i
    return -1


@engine_jit
def received_target(s, q):
    """The opposing unit whose received effects (r. 10-10-2-1) matter most: the largest positive sum of its ATK and
    HP modifications and chips, attack cards first; -1 if none has one."""
    S = vS(s)
    best, score = -1, 0
    for j in range(SLOTS + 1):
        if j < SLOTS and S[q, mcol(j, M_CARD)] < 0:
            continue
        if j == LEADER_SLOT:
            m, att = S[q, P_LATK] + S[q, P_LHP] + S[q, P_LCHR], S[q, P_LATT]
        else:
            m, att = S[q, mcol(j, M_ATK)] + S[q, mcol(j, M_HP)] + S[q, mcol(j, M_CHR)], S[q, mcol(j, M_ATT)]
        v = m + (1000 if att else 0)
        if m > 0 and v > score:
            best, score = j, v
    return best


@engine_jit
def negate_received(s, r, j):
    """r. 10-10-2-1: the effects r's unit j has received end: its ATK and HP modifications (this turn's and those
    until its controller's turn starts) and its chips (what an effect put on it, r. 10-16-2). What an instant effect
    did (damage, a rest) is done and stays."""
    S = vS(s)
    if j == LEADER_SLOT:
        S[r, P_LATK], S[r, P_LHP], S[r, P_LATKU], S[r, P_LHPU] = 0, 0, 0, 0
        S[r, P_LCHA], S[r, P_LCHH], S[r, P_LCHR] = 0, 0, 0
    elif j >= 0:
        for col in (M_ATK, M_HP, M_ATKU, M_HPU, M_CHA, M_CHH, M_CHR):
            S[r, mcol(j, col)] = 0


@engine_jit
def lose_now(s, p, why):
    """Player p loses at once, with no checkpoint (why: LOST_CONCEDED, r. 1-2-4, or LOST_EFFECT, r. 1-2-5); the
    game is over, so nothing after it (a pending leader KO or deck-out of the other player) is decided."""
    if vG(s)[G_OVER]:
        return
    vS(s)[p, P_LOST] = why
    vG(s)[G_OVER] = 1


@engine_jit
def concede(s, p):
    """r. 1-2-4: player p concedes, at any point of the game, and loses at once; no card can affect, force or
    replace it (r. 1-2-4-1: nothing in the engine reads it but the end of the game). The scripted policies never
    concede: this is the engine's entry point for a player that does (end reason `concession`)."""
    lose_now(s, p, LOST_CONCEDED)


# ------------------------------------------------------------------ targets of effects


@engine_jit
def best_opp_member(s, q, x, kill_only):
    """The opposing member to hit with x damage: the highest-ATK one x KOs, else (unless kill_only)
    the highest-ATK one; attack cards of the current battle first. -1 if none."""
    S = vS(s)
    best, score = -1, -(1 << 30)
    for j in range(SLOTS):
        if S[q, mcol(j, M_CARD)] < 0:
            continue
        kills = x >= unit_hp(s, q, j) - (S[q, mcol(j, M_DMG)] if opt(s, O_ACCUM) else 0)
        if kill_only and not kills:
            continue
        v = unit_atk(s, q, j) + (1000 if kills else 0) + (500 if S[q, mcol(j, M_ATT)] else 0)
        if v > score:
            best, score = j, v
    return best


@engine_jit
def best_own_unit(s, p, want_partner):
    """Own unit for a boost: the battle partner when defending (want_partner), else an attack card,
    else the highest-ATK member, else the leader."""
    S, G = vS(s), vG(s)
    if want_partner and G[G_BATTLE] and G[G_TP] != p and G[G_PSLOT] >= 0:
        return G[G_PSLOT]
    if S[p, P_LATT]:
        return LEADER_SLOT
    best, score = LEADER_SLOT, -(1 << 30)
    for j in range(SLOTS):
        if S[p, mcol(j, M_CARD)] >= 0:
            v = unit_atk(s, p, j) + (1000 if S[p, mcol(j, M_ATT)] else 0)
            if v > score:
                best, score = j, v
    return best


@engine_jit
def divide_damage(s, q, x, n):
    """r. 10-13: the shares of x damage divided among up to n (r. 8-6-3-2) of q's members, one per slot (0 =
    not chosen), at least 1 each (r. 10-13-2), whole numbers (r. 1-3-5). The controller's choice: a share that
    KOs for the highest-ATK member it can still KO, repeatedly, the rest on the first chosen; with none to KO,
    all on best_opp_member (no member: no share, r. 8-6-3-4)."""
    S = vS(s)
    share0, share1, share2 = 0, 0, 0
    left, chosen = x, 0
    for _ in range(min(n, SLOTS)):
        best, score, need = -1, -(1 << 30), 0
        for j in range(SLOTS):
            taken = (j == 0 and share0 > 0) or (j == 1 and share1 > 0) or (j == 2 and share2 > 0)
            if S[q, mcol(j, M_CARD)] < 0 or taken:
                continue
            h = max(1, unit_hp(s, q, j) - (S[q, mcol(j, M_DMG)] if opt(s, O_ACCUM) else 0))
            if h <= left and unit_atk(s, q, j) > score:
                best, score, need = j, unit_atk(s, q, j), h
        if best < 0:
            break
        if best == 0:
            share0 = need
        elif best == 1:
            share1 = need
        else:
            share2 = need
        left -= need
        chosen += 1
    if chosen == 0:
        j = best_opp_member(s, q, x, False)
        return (x if j == 0 else 0), (x if j == 1 else 0), (x if j == 2 else 0)
    if share0 > 0:  # every point is dealt: the rest goes to the first chosen share
        share0 += left
    elif share1 > 0:
        share1 += left
    else:
        share2 += left
    return share0, share1, share2


@engine_jit
def reset_target(s, q, stat):
    """The opposing unit whose ATK / HP a reset lowers most: the largest positive sum of the modifications it
    removes (r. 10-15: all but the chips when option reset_removes_chips is 0), attack cards first; -1 if none
    has one."""
    S = vS(s)
    chips = opt(s, O_RESET_CHIPS)
    best, score = -1, 0
    for j in range(SLOTS + 1):
        if j < SLOTS and S[q, mcol(j, M_CARD)] < 0:
            continue
        if j == LEADER_SLOT:
            m = S[q, P_LATK + stat] - (0 if chips else S[q, P_LCHA + stat])
        else:
            m = S[q, mcol(j, M_ATK + stat)] - (0 if chips else S[q, mcol(j, M_CHA + stat)])
        att = S[q, P_LATT] if j == LEADER_SLOT else S[q, mcol(j, M_ATT)]
        v = m + (1000 if att else 0)
        if m > 0 and v > score:
            best, score = j, v
    return best


@engine_jit
def resolve(s, p, c, slot_eff, src, last_atk):
    """Resolve effect slot `slot_eff` of p's card `c` (source unit `src`, -1 from hand / a crystal, SRC_GONE for a
    pending effect whose card left the zone where it triggered: a `self` target is then not there, and that
    effect fails, r. 8-7-6; `last_atk`: the card's last-known ATK, r. 8-11-1, read by a damage amount of 0).
    The vocabulary (sim.cards.effects): draw; damage to an opposing member (target opp_character; with
    param n > 1 divided among up to n of them, r. 10-13; a hit on the leader needs opp_player) or to each
    (all_opp_characters; all_characters: each member of both players); break = KO an opposing member with HP <= param (r. 9-2-2); pump = +ATK, shield =
    +HP this turn (r. 2-6-1-1-2), or with param 1 until its controller's turn starts (r. 6-2-1); dull = rest
    N opposing members; gain_cp = make the deck's top card a crystal (r. 10-12); activate = untap; chip = an
    ATK / HP / rank chip (r. 10-16); discard = random opposing hand cards to the gauge (r. 10-14); reset = ATK
    (param 0) or HP (1) back to the original value (r. 10-15); negate_received = the effects an opposing unit (or
    the card itself) has received end (r. 10-10-2-1). Damage comes from the effect's card (r. 4-9-1-2); damage to
    each member (all_characters: both players') is dealt at once (damage_each_member, r. 9-2-2-1-1)."""
    S, E = vS(s), vE(s)
    q = 1 - p
    op, x, tg, par = E[p, c, slot_eff, E_OP], E[p, c, slot_eff, E_AMOUNT], E[p, c, slot_eff, E_TARGET], \
        E[p, c, slot_eff, E_PARAM]
    if src == SRC_GONE and tg == TG_SELF:
        return
    if op == OP_DAMAGE and x == 0:  # "damage equal to this card's ATK" (a leave effect: as it last was, r. 8-7-4-1-2)
        x = last_atk
    if op == OP_DRAW:
        draw_cards(s, p, x)
    elif op == OP_DAMAGE:
        src_kind = DSRC_STONE if card(s, p, c, K_TYPE) == SUMMON else DSRC_CARD  # r. 4-9-1-2: the effect's card
        if tg == TG_OPP_LEADER:
            deal_damage_from(s, q, LEADER_SLOT, x, src_kind)
        elif tg == TG_ALL_OPP or tg == TG_ALL:
            damage_each_member(s, p, x, tg == TG_ALL, src_kind)
        elif par > 1:  # r. 10-13-1: each share its own damage instance
            share0, share1, share2 = divide_damage(s, q, x, par)
            deal_damage_from(s, q, 0, share0, src_kind)
            deal_damage_from(s, q, 1, share1, src_kind)
            deal_damage_from(s, q, 2, share2, src_kind)
        else:
            j = best_opp_member(s, q, x, False)
            if j >= 0:  # no target: that part is ignored (r. 8-6-3-4)
                deal_damage_from(s, q, j, x, src_kind)
    elif op == OP_BREAK:
        best, score = -1, -1
        for j in range(SLOTS):
            if S[q, mcol(j, M_CARD)] >= 0 and unit_hp(s, q, j) <= par and unit_atk(s, q, j) > score:
                best, score = j, unit_atk(s, q, j)
        if best >= 0:
            ko_member(s, q, best)
    elif op == OP_PUMP or op == OP_SHIELD or op == OP_ACTIVATE:
        j = src if (tg == TG_SELF and src >= 0) else best_own_unit(s, p, op == OP_SHIELD)
        until = par == UNTIL_OWN_TURN  # r. 6-2-1: ends as its controller's turn starts, not with this turn
        if op == OP_ACTIVATE:
            if j == LEADER_SLOT:
                S[p, P_LACT] = 1
            else:
                S[p, mcol(j, M_ACT)] = 1
        elif j == LEADER_SLOT:
            S[p, P_LATK if op == OP_PUMP else P_LHP] += x
            if until:
                S[p, P_LATKU if op == OP_PUMP else P_LHPU] += x
        else:
            S[p, mcol(j, M_ATK if op == OP_PUMP else M_HP)] += x
            if until:
                S[p, mcol(j, M_ATKU if op == OP_PUMP else M_HPU)] += x
    elif op == OP_DULL:  # "rest N" (N <= 1: one): as many active members as there are, up to N (r. 8-6-3-1,
        # 8-6-3-3); a rested one is not "made rested" again (r. 1-3-2-1), a steadfast one cannot be (r. 1-3-3)
        for _ in range(max(x, 1)):
            best, score = -1, -(1 << 30)
            for j in range(SLOTS):
                c2 = S[q, mcol(j, M_CARD)]
                if c2 >= 0 and S[q, mcol(j, M_ACT)] and not card(s, q, c2, K_KW) & KW_STEADFAST \
                        and unit_atk(s, q, j) > score:
                    best, score = j, unit_atk(s, q, j)
            if best < 0:
                break
            S[q, mcol(best, M_ACT)] = 0
    elif op == OP_CHIP:  # r. 10-16-2: put a chip of `x` on the card itself, an own unit or an opposing member
        if tg == TG_OPP:
            r, j = q, best_opp_member(s, q, 0, False)
        else:
            r, j = p, src if (tg == TG_SELF and src >= 0) else best_own_unit(s, p, False)
        if j == LEADER_SLOT:
            S[r, P_LCHA + par] += x
            if par != CHIP_RANK:
                S[r, P_LATK + par] += x
        elif j >= 0:
            S[r, mcol(j, M_CHA + par)] += x
            if par != CHIP_RANK:
                S[r, mcol(j, M_ATK + par)] += x
    elif op == OP_RESET:  # r. 10-15: an opposing unit (target opp_character) or the card itself (self): its
        # effect modifications of the stat go (the chips with option reset_removes_chips), level cards stay
        # (r. 10-15-1-1)
        r, j = (p, src) if (tg == TG_SELF and src >= 0) else (q, reset_target(s, q, par))
        if j == LEADER_SLOT:
            if opt(s, O_RESET_CHIPS):
                S[r, P_LCHA + par] = 0
            S[r, P_LATK + par], S[r, P_LATKU + par] = S[r, P_LCHA + par], 0
        elif j >= 0:
            if opt(s, O_RESET_CHIPS):
                S[r, mcol(j, M_CHA + par)] = 0
            S[r, mcol(j, M_ATK + par)], S[r, mcol(j, M_ATKU + par)] = S[r, mcol(j, M_CHA + par)], 0
    elif op == OP_NEGATE_RECEIVED:  # r. 10-10-2-1: an opposing unit (opp_character) or the card itself (self)
        if tg == TG_SELF:
            negate_received(s, p, src)
        else:
            negate_received(s, q, received_target(s, q))
    elif op == OP_BREAK_ARMOR:  # r. 9-4-2-2: an armor-destroying effect queues armor breaks, of the cards it names
        for _ in range(max(x, 1)):
            name_armor(s, q if tg == TG_OPP_LEADER else p, p)
    elif op == OP_DISCARD:  # r. 10-14: x cards chosen at random from the opponent's hand go to its gauge
        for _ in range(x):
            if S[q, P_HAND] <= 0:
                break
            to_gauge(s, q, take_hand(s, q, random_index(s, SUB_SEAT0 + p, S[q, P_HAND])))
    elif op == OP_GAIN:
        for _ in range(x):
            crystal_from_deck(s, p)
    elif op == OP_LOSE:  # r. 1-2-5: during the resolution, without waiting for a checkpoint
        r = q if tg == TG_OPP_LEADER else p
        if S[r, P_ARM] <= par:
            lose_now(s, r, LOST_EFFECT)


@engine_jit
def fire(s, p, c, trigger, src):
    """Resolve every effect of card c with `trigger` (in slot order)."""
    if not has_trig(s, p, c, trigger):  # most cards have no effect of this trigger
        return
    E = vE(s)
    for k in range(E.shape[2]):
        if E[p, c, k, E_OP] != 0 and E[p, c, k, E_TRIGGER] == trigger:
            resolve(s, p, c, k, src, 0)


@engine_jit
def pend(s, p, c, trigger, src):
    """r. 8-7-2: card c's auto effects of `trigger` (its unit `src`: a member slot or LEADER_SLOT) become pending,
    once more for each time the condition is met (r. 8-7-2-1): one queue row for the card and the occurrence, whose
    effects resolve together in slot order at a checkpoint (resolve_pending). The row keeps the unit's serial and
    ATK as they are now, the card's last-known data (r. 8-7-4-1, 8-11-1). A row past PQ_MAX is not kept and sets
    the invariant bit V_QUEUE in G_VIOL (no shipped game comes near it)."""
    if not has_trig(s, p, c, trigger):  # most cards have no effect of this trigger
        return
    S = vS(s)
    n = S[p, PQ]
    if n >= PQ_MAX:
        vG(s)[G_VIOL] |= V_QUEUE
        return
    r = PQ0 + n * PQ_W
    S[p, r + Q_CARD], S[p, r + Q_TRIG], S[p, r + Q_SRC] = c, trigger, src
    S[p, r + Q_SER] = S[p, mcol(src, M_SER)] if 0 <= src < SLOTS else 0
    S[p, r + Q_ATK] = unit_atk(s, p, src) if 0 <= src <= LEADER_SLOT else 0
    S[p, PQ] = n + 1


@engine_jit
def resolve_pending(s, p):
    """r. 8-7-3: p activates one of its pending rows (the scripted controller takes the oldest) and resolves it, and
    that pending state is cancelled once. r. 8-7-6: it is activated even when its card left the zone where it
    triggered (the unit is gone: another serial, or the leader replaced); a part it can no longer carry out (a
    `self` target) fails, and the row is cancelled all the same (r. 8-7-3-1). The effect reads the card's
    last-known ATK (r. 8-7-4-1-2, 8-11-1)."""
    S, E = vS(s), vE(s)
    n = S[p, PQ]
    c, t, src = S[p, PQ0 + Q_CARD], S[p, PQ0 + Q_TRIG], S[p, PQ0 + Q_SRC]
    ser, atk = S[p, PQ0 + Q_SER], S[p, PQ0 + Q_ATK]
    for i in range((n - 1) * PQ_W):
        S[p, PQ0 + i] = S[p, PQ0 + PQ_W + i]
    S[p, PQ] = n - 1
    if src == LEADER_SLOT:
        here = S[p, P_LEAD] == c
    else:
        here = 0 <= src < SLOTS and S[p, mcol(src, M_CARD)] >= 0 and S[p, mcol(src, M_SER)] == ser
    for k in range(E.shape[2]):
        if E[p, c, k, E_OP] != 0 and E[p, c, k, E_TRIGGER] == t:
            resolve(s, p, c, k, src if here else SRC_GONE, atk)


@engine_jit
def fire_area(s, p, trigger):
    """r. 2-5-2: the leader's and then each member's effects of `trigger` (an "at the start of ..." timing of
    p's turn, r. 6-2-2, 6-3-1-1, 7-2-1-1, 7-4-1-1, 6-5-1-1, or the empty-hand state, r. 8-7-5) become pending
    (pend): text works in the leader and member areas only."""
    S = vS(s)
    pend(s, p, S[p, P_LEAD], trigger, LEADER_SLOT)
    for j in range(SLOTS):
        c = S[p, mcol(j, M_CARD)]
        if c >= 0:
            pend(s, p, c, trigger, j)


@njit(cache=True, inline="always")
def summon_cost(s, p, c):
    """(crystals in all, the element bits with the element icons above ICON_SHIFT when there are several: the E_COST
    of the stone's cast effect, r. 8-4-2-2-2)."""
    E = vE(s)
    icons = 0
    if has_trig(s, p, c, TR_CAST):
        for k in range(E.shape[2]):
            if E[p, c, k, E_OP] != 0 and E[p, c, k, E_TRIGGER] == TR_CAST:
                icons = E[p, c, k, E_COST]
                break
    elem = card(s, p, c, K_ELEM)
    return card(s, p, c, K_COST), (elem | icons << ICON_SHIFT if icons > 1 and elem != 0 else elem)


@njit(cache=True, inline="always")
def ougi_cost(s, p, c):
    """r. 2-6-1-1-1: the face-up gauge cards an ougi flips (E_COST of its "attack" effect); -1 = none."""
    E = vE(s)
    if not (card(s, p, c, K_TRIGS) >> TR_ATTACK) & 1:
        return -1
    if vG(s)[G_VOCAB] & VOC_NEGATE and card(s, p, c, K_TYPE) == MEMBER and negated(s, p, NEG_OUGI):
        return -1  # r. 10-10-2: a negated ougi is treated as absent
    for k in range(E.shape[2]):
        if E[p, c, k, E_OP] != 0 and E[p, c, k, E_TRIGGER] == TR_ATTACK:
            return E[p, c, k, E_COST]
    return -1


@njit(cache=True, inline="always")
def action_effect(s, p, c):
    """The card's activated effect slot (trigger "action"; an Assist's when KW assist), -1 if none or if a cost
    action besides its crystals cannot be paid now (r. 8-4-2-4: then none of the cost is paid; hand_cost)."""
    E = vE(s)
    if not (card(s, p, c, K_TRIGS) >> TR_ACTION) & 1:
        return -1
    for k in range(E.shape[2]):
        if E[p, c, k, E_OP] != 0 and E[p, c, k, E_TRIGGER] == TR_ACTION:
            return k if hand_cost(s, p, c, k) <= vS(s)[p, P_HAND] else -1
    return -1


@njit(cache=True, inline="always")
def hand_cost(s, p, c, k):
    """The hand cards activated effect k of card c puts into the gauge as a cost action besides its crystals (the
    `discardN` cost token, XC_DISCARD), 0 if none."""
    x = (vE(s)[p, c, k, E_DULL] >> 1) & XC_MASK
    return x >> 3 if x & 7 == XC_DISCARD else 0


@njit(cache=True, inline="always")
def action_once(s, p, c, k):
    """r. 10-5: whether activated effect k of card c says "once per turn" (ターン1回, the effect's `once` cost token):
    such an effect is used at most once per turn per card (two copies each use theirs); one without it may be used
    again while its cost is paid."""
    return (vE(s)[p, c, k, E_DULL] >> ACT_ONCE) & 1


@njit(cache=True, inline="always")
def stone_condition(s, p, c):
    """r. 6-3-1-2-3-1: whether summon stone c's condition lets p play it from the hand now: the condition is the
    `my_turn` filter of its cast effect (only in its controller's turn), none = always. Trigger activation ignores
    it (r. 10-17-1)."""
    E = vE(s)
    if not has_trig(s, p, c, TR_CAST):
        return True
    for k in range(E.shape[2]):
        if E[p, c, k, E_OP] != 0 and E[p, c, k, E_TRIGGER] == TR_CAST:
            return E[p, c, k, E_COND] & 7 != COND_MY_TURN or vG(s)[G_TP] == p
    return True


@njit(cache=True, inline="always")
def random_index(s, sub, n):
    return randbelow(rng(s, sub), n)


def new_arrays(n: int, max_turns: int) -> tuple[np.ndarray, ...]:
    """The mutable arrays of one game state for n main-deck rows: S, G, R, T, C."""
    return (np.zeros((2, player_width(n)), np.int32), np.zeros(G_NCOLS, np.int32), np.zeros(5, np.uint64),
            np.full((max_turns, T_NCOLS), -1, np.int32), np.full((2, n, 2), -1, np.int32))
