"""PSO2 TCG rules primitives: state layout, options, zones, PP, damage = milling the deck, rows (rules/pso2.md).

Rule numbers are the document's own (the digest quotes them); "§n" is a digest section.

State `s` is a tuple of integers, as in CoJ (coj_rules explains why): the data addresses of the
card table, the effect table, the mutable int32 state and the RNG states, the rows per seat of
the card tables (n + 2: the deck's n copies, then the Player card at row n and the Mag at n + 1)
and the number of seats (2 in PvP; the raid has k party seats and the Boss last). Views:
    vK  [NS, n + 2, K_*]   cards;  vE [NS, n + 2, 4, E_*] effects
    vU  [NS, n + 1, U_*]   units on the field: unit 0 is the Player card (rule 201.5: never leaves),
                           1.. the characters in entry order (rule 202.2); equipment sits on its unit.
                           The field has no limit (403.3): n + 1 rows hold every copy of the deck
    vP  [NS, P_*]          per-seat scalars;  vG [G_*] game scalars, options, policies
    vH  [NS, HMAX]         hand;  vPP [NS, PPMAX, PP_*] the PP zone (card, ON, face-down)
    vIT [NS, n]            normal Items on the field (rule 205.3; every copy fits, 403.3)
    vTQ [TQ_MAX, 4]        triggered abilities waiting to resolve (seat, card row, trigger, the ATK the
                           card had in its old zone for a zone-change trigger, 300.2.2)
    vT  [MAX_TURNS, 7]     turns detail;  vDK [NS, n] deck, TOP AT THE END (P_DECK cards)
    vSK [SK_MAX, SK_*]     the stack (処理領域, 406.1): cards played and abilities activated or triggered
                           that wait to resolve, the newest last (G_NSK items)
    vDC [NS, n] discard (P_NDC cards);  vC [NS, n, 2] cards detail
    rng(s, k)  RNG states: k < NS seat k's shuffles, NS + k seat k's policy, 2 NS the coin
"""

import numpy as np
from numba import carray, njit
from numba.core import types

from sim.cards.effects import E_AMOUNT, E_NCOLS, E_OP, E_TRIGGER, MAX_EFFECTS, OPS, TRIGGERS
from sim.cards.model import CARD_TYPES
from sim.engine.compiled import (
    K_BP1,
    K_BP2,
    K_BP3,
    K_CATH,
    K_ELEM,
    K_EX,
    K_GENERIC,
    K_HP,
    K_JOB2H,
    K_JOBH,
    K_KW,
    K_LB_COST,
    K_NCOLS,
    K_POWER,
    K_RANK,
    K_TRIGS,
)
from sim.engine.jit import engine_jit
from sim.engine.kernel import address, pointer_intrinsic, shuffle
from sim.engine.results import C_DRAWN, T_NCOLS

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards, units or PP cards, vector bodies rarely run

# §10.2 keyword abilities, bit i of K_KW. Numbered keywords (pierce_X, defense_X, equip_slot_X) are
# compiled into their own columns by pso2.compile_deck.
KEYWORDS = (
    "warcry",  # ウォークライ 302.1: ON -> OFF, the attack's target becomes this card
    "ambush",  # 奇襲 302.6: enters ON
    "combo",  # 連撃 302.5: ON again when it engages the opposing player, once per turn
    "rapid_fire",  # 連続射撃 302.7: two attack targets, one battle
    "snipe",  # 狙撃 302.8: no battle damage while attacking
    "erosion",  # 侵食 302.10: attack restriction (option erosion_player_only)
    "proliferate",  # 増殖 302.11: 9 copies (deck building only: sim.decks.validate)
    "drop",  # ドロップ 302.4: fires when milled in the opponent's turn
    "weapon",  # 武器 205.4 / 205.5.1: an Item equipped in the weapon slot, adds its ATK in battle
    "armor",  # 防具 205.4 / 205.5.2: an Item in the armour slots, reduces damage by its defense
    "pierce",  # 貫通X (glossary): X in K_PIERCE
    "heal",  # the 回復 icon (302.9, glossary): heal mode (a) never returns such a card; 回復X is an effect
    "main",  # 【Main】 (glossary, 103.7.1.1.1): an Active played only in the own main phase; without it, Quick
    "attach",  # 付与 (204.2.2, 301.8): an Active that stays on a character, its `static` abilities applying
    "x_cost",  # 209.3: the cost is the printed number + X, X chosen as it is played; an effect amount of -1 is X
    "equip_foe",  # a weapon or armour whose card lets it be equipped on an opposing card (403.2: on that field)
)
KW_WARCRY, KW_AMBUSH, KW_COMBO, KW_RAPID, KW_SNIPE, KW_EROSION, KW_PROLIF, KW_DROP, KW_WEAPON, KW_ARMOR, \
    KW_PIERCE, KW_HEAL, KW_MAIN, KW_ATTACH, KW_X, KW_EQUIP_FOE = [1 << i for i in range(16)]
CLASSES = ("hunter", "ranger", "force", "fighter", "gunner", "techter", "bouncer", "summoner", "braver")
CLASS_ALL = (1 << len(CLASSES)) - 1  # 208.1.2: "ALL" has every class icon

# PSO2 meanings of compiled columns the game does not otherwise use
K_DEF = K_BP1  # armour defense (205.5.2)
K_SLOTS = K_BP2  # armour slots used, 装備枠X (205.4.4.1), default 1
K_PIERCE = K_BP3  # 貫通X
K_CLASS = K_GENERIC  # class bitmask over CLASSES (CLASS_ALL for "all", 0 for none)
K_VALUE = K_EX  # the policies' static value of a card (compile time)
K_CLASSH = K_CATH  # text_hash of the class: effects that refer to a class (208.1.2.1: 0 for "ALL" and none)
K_FOE = K_JOB2H  # 1: a 付与 Active or an equipment that goes on an opposing card (403.2)
# A Quick Active's answers (compile time; 0 for every other card): QK_QUICK, its cast effects' damage
# to one opposing character (bits 0-7), to every opposing character (bits 8-15) and 回復X (bits 16-23)
K_QUICK = K_LB_COST
QK_QUICK = 1 << 24
# On the Player card's row: the lowest cost of a Quick Active in its deck (QMIN_NONE: none), so the
# opponent's-turn windows skip a seat that cannot pay one (compile time)
K_QMIN = K_RANK
QMIN_NONE = 1 << 20
# The effect slot of the card's first cast (bits 0-3) and first activated (bits 4-7) ability aimed at a
# character (opp_character / own_character), and of its first activated ability of any kind (bits 8-11, the
# slot holding that ability's cost), plus 1 (0: none): the policies' legality and target tests read it for
# every hand card and unit they weigh, where a scan of the effects cost a call and a loop (compile time)
K_TSLOT = K_JOBH

CT_PLAYER, CT_MAG, CT_CHARA, CT_ITEM, CT_ACTIVE = range(5)
assert CARD_TYPES["pso2"] == ("player", "mag", "character", "item", "active")
TR_ENTER, TR_ATTACK, TR_CAST, TR_LEAVE, TR_DROP, TR_TURN_START, TR_STATIC, TR_ACTION = (TRIGGERS.index(t) for t in (
    "enter", "attack", "cast", "leave", "drop", "turn_start", "static", "action"))

OP_PUMP_ID = OPS.index("pump")  # a static ability is pump (+X) or weaken (-X): engine.check_abilities

HMAX, PPMAX, TQ_MAX, NSMAX = 24, 64, 64, 5
# Stack items (vSK): the seat, a card played (SKK_CARD) or an ability (SKK_ABILITY: activated or triggered),
# its card row and trigger, its source's entry id (-1 none), the host's entry id and seat (-1 none) and
# what was chosen as it went onto the stack: X (209.3), the target or 回復 mode (G_AIM, G_AIMP, 406.2.3)
# or the Quick play's focus (G_FOCUS). SK_MAX bounds the items waiting at once: each costs PP, a hand
# card or a unit's 【ON⇒OFF】, and the scripted policies never add one on top of their own.
(SK_SEAT, SK_KIND, SK_CARD, SK_TRIG, SK_SRC, SK_HOST, SK_HOSTP, SK_X, SK_AIM, SK_AIMP, SK_FOCUS,
 SK_NCOLS) = range(12)
SKK_CARD, SKK_ABILITY = 0, 1
SK_MAX = 64
UNIT_BITS = 8  # a field position in a policy's packed answer (encode, quick_choice, choose_warcry)
MAX_DECK = (1 << UNIT_BITS) - 2  # so that every copy of a deck fits on the field (403.3) in UNIT_BITS
WEAPON_SLOTS, ARMOR_SLOTS, HAND_LIMIT, OPENING = 1, 3, 7, 5  # 205.4.4, 402.3, 102.4
MAX_TURNS = 80  # [NOT IN DOC] no turn limit in the rules (§1); a cap hit is recorded as turn_cap
# effect amounts that read a number as the effect resolves: X (209.3), and the ATK a zone-change trigger's
# card had in the zone it left (300.2.2; written "-2" in a card's effects, a leave ability only)
AMOUNT_X, AMOUNT_OLD_ATK = -1, -2

# unit columns: card row, row (0 front / 1 back, 403.1), ON, damage this turn in the front / back
# row (213.3.1-2), ATK and HP modifiers until end of turn, frozen (301.3), combo used (302.5.1),
# weapon card (-1 none) and its ON state, armour cards (-1 none) and ON states, entry order,
# order of the move to the back row (raid attack order), the 付与 Active on it (-1 none; the engine
# holds one per character), the ATK its static abilities add and its ON state (204.2.2.3), the part of
# that ATK that applies during its controller's turn only (501.1.3), the ATK an effect set this turn
# (103.5.4: N + 1; 0 none), the seat that owns the 付与 Active and the seats that own the weapon and each
# armour (403.2: each may sit on an opposing card; its card row is read in its owner's table)
(U_CARD, U_ROW, U_ON, U_DF, U_DB, U_ATK, U_HP, U_FROZEN, U_COMBO, U_WPN, U_WON, U_A0, U_A1, U_A2, U_AON0, U_AON1,
 U_AON2, U_ENTRY, U_BACK, U_ATT, U_XATK, U_ATTON, U_XTURN, U_SET, U_ATTP, U_WPNP, U_AP0, U_AP1, U_AP2) = range(29)
# The rows of the unit, seat and PP views are padded to a power of two: their index is then a shift, where
# 29, 24 or 3 columns took a chain of two to five instructions at every access (docs/figures.md)
U_NCOLS = 32
# per-seat columns; P_NQH: Quick Actives in the hand (the opponent's-turn windows open only with one);
# P_NACT / P_NQA: the seat's field cards offering an activated ability / a Quick one (a unit's card, or its
# own 付与 Active: has_action, quick_action), so the main phase and those windows skip their unit scans at 0;
# P_NFD: face-down cards in PP (102.5: at most one), so pay looks for one only while it is there; P_NWC: the
# seat's characters with ウォークライ on the field, so a PvP attack on a seat without one skips the Warcry scan;
# P_QRDEAD: 1 while none of the seat's Quick activated abilities passes policy.cost_ready (set by quick_ready's
# scan; cleared wherever the seat gains ON PP, an ON card, a unit or a 付与 Active: put_pp, add_unit, the
# start phase, attach, 連撃), so the opponent's-turn windows and quick_choice skip that scan
(P_DECK, P_HAND, P_NPP, P_NU, P_NIT, P_NDC, P_N, P_ORDER, P_TURN, P_SPENT, P_PLAYED, P_DEALT, P_TAKEN,
 P_LIFE, P_BOSS, P_OUT, P_SEQ, P_AVAIL, P_PPCOL, P_NQH, P_NACT, P_NQA, P_NFD, P_NWC, P_QRDEAD) = range(25)
P_NCOLS = 32
PP_CARD, PP_ON, PP_FD = range(3)
PP_NCOLS = 4
# game columns; options from G_OPT, policies at G_POL (NSMAX), policy parameters at G_PAR
(G_TURN, G_TP, G_OVER, G_FIRST, G_DETAIL, G_CHECK, G_VIOL, G_LOSER, G_NTQ, G_RAID, G_TARGET, G_BOSS,
 G_CLEAR, G_PENDING, G_FOCUS, G_X, G_AIM, G_AIMP, G_OLDATK, G_NSK) = range(20)
# G_RAID: raid mode (the Boss is seat G_BOSS, G_TARGET its target player this turn, G_CLEAR the Boss
# beaten, G_PENDING Boss cards still to play: an effect making the Boss draw makes it play instead).
# G_FOCUS: entry id + 1 of the opposing character a Quick play in the opponent's turn aims at (0 none).
# G_X: the X of the card being played (209.3); 0 everywhere else (209.3.1)
# G_AIM: what the turn player chose as its main-phase card went onto the stack (406.2.3, 406.3): the entry
# id of the character its first ability aims at (on seat G_AIMP) or heals (302.9 mode (b)), -1 for 回復's
# mode (a), 0 nothing chosen yet; read and cleared by that ability as it resolves
# G_OLDATK: while a zone-change trigger resolves, the ATK its card had in the zone it left (300.2.2)
# G_NSK: items on the stack (vSK)
G_OPT = 20
NOPT = 20
G_POL = G_OPT + NOPT
G_PAR = G_POL + NSMAX
NPAR = 4
G_NCOLS = G_PAR + NSMAX * NPAR

# Rules options: every [AMBIGUOUS] point of the digest the engine meets, with its default.
OPTION_SPECS = (
    ("erosion_player_only", 1, "302.10 [AMBIGUOUS] 侵食: 1 = may attack only the opposing player; "
                               "0 = may not attack the player"),
    ("fd_pp_colour", 0, "102.5/404.5.1 [AMBIGUOUS] the face-down PP meets the colour requirement with the "
                        "Player card's colour (1); default 0: it has no colour"),
    ("new_pp_on", 1, "503.1.1 [NOT IN DOC] a card put into PP enters ON (1) or OFF (0); seed 001 names no "
                     "state: 215.1.1 upright is ON, only used PP turns OFF (215.1.3), entering OFF is a "
                     "rule for characters (302.6)"),
    ("player_attacks", 1, "215.2 [AMBIGUOUS] the Player card may declare attacks (1)"),
    ("armor_vs_effects", 1, "205.5.2 [AMBIGUOUS] armour also reduces effect damage (1); 0 = battle only"),
    ("weapon_bonus_turn", 0, "205.5.1 [AMBIGUOUS] the weapon's ATK lasts the battle (0) or the turn (1)"),
    ("rapid_warcry_twice", 0, "302.1 [AMBIGUOUS] a redirected 連続射撃 hits the Warcry card once (0) or "
                              "twice (1)"),
    ("rapid_same_target", 0, "302.7 [AMBIGUOUS] both 連続射撃 targets may be the same card (1)"),
    ("colour_gate_strict", 0, "209.1.2 [AMBIGUOUS] literal reading (0): a same-coloured card is in PP; "
                              "1 = it must be ON and is among the cards paid"),
    ("multicolour_all", 1, "209.1.2 [AMBIGUOUS] a multicolour card needs every colour in PP (1) or one (0)"),
    ("row_damage_running", 1, "213.3.1 [AMBIGUOUS] the half-HP row checks use the running total per row "
                              "per turn (1) or the single hit (0)"),
    ("pierce_attacker_side", 0, "貫通X [AMBIGUOUS] the damage goes to the destroyed character's "
                                "controller (0) or the attacker's controller (1)"),
    ("raid_difficulty", 0, "raid: 0 Normal (party first, its first player draws), 1 Hard (Boss first), "
                           "2 Very Hard (Boss first, plays party size + 1)"),
    ("raid_fd_pp_all", 0, "raid [AMBIGUOUS] face-down PP: 0 = every party player but the one taking "
                          "the game's first turn; 1 = every party player"),
    ("raid_boss_new_attack", 0, "raid [AMBIGUOUS] Boss characters played this turn attack too (1); "
                                "default 0: OFF ones skip (215.2), 奇襲 ones attack"),
    ("raid_party_tiebreak", 1, "raid: Boss card choices among equals: 1 = the party's pick (the least "
                               "harmful), 0 = random"),
    ("raid_boss_strikes_back", 0, "raid [NOT IN DOC] the Boss card deals its ATK back to a card attacking it "
                                  "(506.6.1, 1); default 0, the seed: party turns are PvP turns in which damage "
                                  "to the Boss lowers its Life, and the Boss card deals no damage back"),
    ("raid_boss_combo", 1, "302.5 raid [AMBIGUOUS] a Boss character whose 連撃 turned it ON attacks the "
                           "target again at once (1, the literal reading); 0 = once, by the fixed order"),
)
OPT = {name: i for i, (name, _, _) in enumerate(OPTION_SPECS)}
assert len(OPTION_SPECS) <= NOPT
(O_EROSION, O_FD_COLOUR, O_NEW_PP_ON, O_PLAYER_ATTACKS, O_ARMOR_FX, O_WEAPON_TURN, O_RAPID_TWICE, O_RAPID_SAME,
 O_GATE_STRICT, O_MULTI_ALL, O_ROW_RUNNING, O_PIERCE_SIDE, O_RAID_DIFF, O_RAID_FD_ALL, O_RAID_NEW_ATTACK,
 O_RAID_TIEBREAK, O_RAID_STRIKES_BACK, O_RAID_COMBO) = (G_OPT + i for i in range(len(OPTION_SPECS)))


# ---------------------------------------------------------------- state

HEADER = 16  # ints before the views: their offsets

@njit(cache=True, inline="always")
def offsets(ns, n):
    """Offsets of the views in the mutable state for ns seats of n deck rows, and its total size."""
    off_u = HEADER
    off_p = off_u + ns * (n + 1) * U_NCOLS
    off_h = off_p + ns * P_NCOLS
    off_pp = off_h + ns * HMAX
    off_it = off_pp + ns * PPMAX * PP_NCOLS
    off_g = off_it + ns * n
    off_tq = off_g + G_NCOLS
    off_t = off_tq + TQ_MAX * 4
    off_dk = off_t + MAX_TURNS * T_NCOLS
    off_dc = off_dk + ns * n
    off_c = off_dc + ns * n
    off_sk = off_c + ns * n * 2
    return (off_u, off_p, off_h, off_pp, off_it, off_g, off_tq, off_t, off_dk, off_dc, off_c, off_sk,
            off_sk + SK_MAX * SK_NCOLS)


@engine_jit
def new_state(cards, effs):
    """One game's arrays for the seat-indexed `cards` / `effs` (n deck rows + Player + Mag per seat)."""
    ns, n = cards.shape[0], cards.shape[1] - 2
    owned = (cards, effs, np.empty(offsets(ns, n)[12], np.int32), np.zeros(2 * ns + 1, np.uint64))
    clear_state(owned)
    return owned


@engine_jit
def clear_state(owned):
    st = owned[2]
    ns, n = owned[0].shape[0], owned[0].shape[1] - 2
    o = offsets(ns, n)
    # Not cleared: the units (add_unit writes a unit's whole row as it enters, and only rows below P_NU are
    # read) and the stack (an item is written whole as it goes on; only G_NSK items are read). The units'
    # rows hold every copy of a deck (403.3), so clearing them would be most of the per-game reset.
    st[o[1]:o[7]] = 0
    st[o[7]:o[8]] = -1  # turns detail rows unused
    st[o[8]:o[10]] = 0
    st[o[10]:o[11]] = -1  # cards detail: never drawn / played
    for k in range(12):  # the header: the views' offsets (read by _off)
        st[k] = o[k]


@engine_jit
def reset_state(owned, detail):
    """Between two games on the same arrays (clear_state's full clear done once): the seat scalars zeroed,
    the turns detail (detail >= 1) and cards detail (detail >= 2) rows set to unused. Every other zone is
    read only below its count, which the seat and game scalars (the game copies its G row from the
    template) start at 0; the header's offsets stay."""
    st = owned[2]
    ns, n = owned[0].shape[0], owned[0].shape[1] - 2
    o = offsets(ns, n)
    st[o[1]:o[2]] = 0
    st[o[5]:o[6]] = 0
    if detail >= 1:
        st[o[7]:o[8]] = -1
    if detail >= 2:
        st[o[10]:o[11]] = -1


_i32_at = pointer_intrinsic(types.int32)
_u64_at = pointer_intrinsic(types.uint64)


@njit(cache=True, inline="always")
def state_of(owned):
    """(card table, effects, state, RNG addresses, rows per seat, seats); the view offsets are the
    state's first ints (a load is cheaper than recomputing them, and `s` stays small to pass)."""
    cards, effs, st, r = owned
    return (address(cards), address(effs), address(st), address(r), np.int64(cards.shape[1]),
            np.int64(cards.shape[0]))


@njit(cache=True, inline="always")
def nseats(s):
    return s[5]


@njit(cache=True, inline="always")
def player_row(s):
    return s[4] - 2


@njit(cache=True, inline="always")
def _off(s, k):
    return carray(_i32_at(s[2], 0), (HEADER,))[k]


@njit(cache=True, inline="always")
def vK(s):
    return carray(_i32_at(s[0], 0), (s[5], s[4], K_NCOLS))


@njit(cache=True, inline="always")
def vE(s):
    return carray(_i32_at(s[1], 0), (s[5], s[4], MAX_EFFECTS, E_NCOLS))


@njit(cache=True, inline="always")
def vU(s):
    return carray(_i32_at(s[2], HEADER), (s[5], s[4] - 1, U_NCOLS))


@njit(cache=True, inline="always")
def vP(s):
    return carray(_i32_at(s[2], _off(s, 1)), (s[5], P_NCOLS))


@njit(cache=True, inline="always")
def vH(s):
    return carray(_i32_at(s[2], _off(s, 2)), (s[5], HMAX))


@njit(cache=True, inline="always")
def vPP(s):
    return carray(_i32_at(s[2], _off(s, 3)), (s[5], PPMAX, PP_NCOLS))


@njit(cache=True, inline="always")
def vIT(s):
    return carray(_i32_at(s[2], _off(s, 4)), (s[5], s[4] - 2))


@njit(cache=True, inline="always")
def vG(s):
    return carray(_i32_at(s[2], _off(s, 5)), (G_NCOLS,))


@njit(cache=True, inline="always")
def vTQ(s):
    return carray(_i32_at(s[2], _off(s, 6)), (TQ_MAX, 4))


@njit(cache=True, inline="always")
def vSK(s):
    return carray(_i32_at(s[2], _off(s, 11)), (SK_MAX, SK_NCOLS))


@njit(cache=True, inline="always")
def vT(s):
    return carray(_i32_at(s[2], _off(s, 7)), (MAX_TURNS, T_NCOLS))


@njit(cache=True, inline="always")
def vDK(s):
    return carray(_i32_at(s[2], _off(s, 8)), (s[5], s[4] - 2))


@njit(cache=True, inline="always")
def vDC(s):
    return carray(_i32_at(s[2], _off(s, 9)), (s[5], s[4] - 2))


@njit(cache=True, inline="always")
def vC(s):
    return carray(_i32_at(s[2], _off(s, 10)), (s[5], s[4] - 2, 2))


@njit(cache=True, inline="always")
def rng(s, k):
    return carray(_u64_at(s[3], k), (1,))


@njit(cache=True, inline="always")
def kw(s, p, c):
    return vK(s)[p, c, K_KW]


@njit(cache=True, inline="always")
def unit_kw(s, p, j):
    return vK(s)[p, vU(s)[p, j, U_CARD], K_KW]


@njit(cache=True, inline="always")
def opponent(s, p):
    """PvP: the other seat. Raid: a party seat's opponent is the Boss; the Boss's is this turn's target."""
    G = vG(s)
    if G[G_RAID] == 0:
        return 1 - p
    return G[G_TARGET] if p == G[G_BOSS] else G[G_BOSS]


# ---------------------------------------------------------------- units

@njit(cache=True, inline="always")
def unit_atk(s, p, j):
    """Attack (212), or the value an effect set it to this turn (103.5.4: the set value first, then the
    additions), plus this turn's modifiers and those of its 付与 Active (U_XATK; during its controller's
    turn also the "during your turn" ones, 501.1.3, added there by the start phase); blank = 0 (212.1.1).
    Clamped at 0 (103.5.3)."""
    U = vU(s)
    base = U[p, j, U_SET] - 1 if U[p, j, U_SET] else vK(s)[p, U[p, j, U_CARD], K_POWER]
    return max(0, base + U[p, j, U_ATK] + U[p, j, U_XATK])


@njit(cache=True, inline="always")
def unit_hp(s, p, j):
    """Max HP = printed HP + modifications (215.3.1)."""
    return vK(s)[p, vU(s)[p, j, U_CARD], K_HP] + vU(s)[p, j, U_HP]


@njit(cache=True, inline="always")
def has_action(s, p, c):
    """1 if p's card row c has an activated ability (300.3), else 0."""
    return 1 if vK(s)[p, c, K_TRIGS] & (1 << TR_ACTION) else 0


@njit(cache=True, inline="always")
def quick_action(s, p, c):
    """1 if p's card row c has an activated ability (300.3) and no 【Main】 (a Quick one, 504.1.4.2), else 0."""
    K = vK(s)
    return 1 if K[p, c, K_TRIGS] & (1 << TR_ACTION) and K[p, c, K_KW] & KW_MAIN == 0 else 0


@engine_jit
def add_unit(s, p, c, on):
    """A character enters the front row (202.2); returns its index. The field has no limit (403.3): the
    rows after the Player card hold every copy of the deck."""
    P, U = vP(s), vU(s)
    j = P[p, P_NU]
    for k in range(U_NCOLS):
        U[p, j, k] = 0
    U[p, j, U_CARD] = c
    U[p, j, U_ON] = on
    U[p, j, U_WPN] = -1
    U[p, j, U_A0] = -1
    U[p, j, U_A1] = -1
    U[p, j, U_A2] = -1
    U[p, j, U_ATT] = -1
    U[p, j, U_ATTP] = p
    U[p, j, U_WPNP] = p
    for a in range(ARMOR_SLOTS):
        U[p, j, U_AP0 + a] = p
    P[p, P_SEQ] += 1
    U[p, j, U_ENTRY] = P[p, P_SEQ]
    P[p, P_NU] = j + 1
    P[p, P_QRDEAD] = 0
    P[p, P_NACT] += has_action(s, p, c)
    P[p, P_NQA] += quick_action(s, p, c)
    if j > 0 and vK(s)[p, c, K_KW] & KW_WARCRY:
        P[p, P_NWC] += 1
    return j


@engine_jit
def to_discard(s, p, c):
    P = vP(s)
    vDC(s)[p, P[p, P_NDC]] = c
    P[p, P_NDC] += 1


@engine_jit
def remove_unit(s, p, j):
    """A character leaves the field to the discard (301.4/301.5); its equipment is destroyed with
    it (205.4.6) and its 付与 Active discarded (204.2.2.2), each to its owner's discard (403.2: an
    opposing player's card may sit on p's character). Later units shift left, keeping entry order
    (raid attack order)."""
    P, U = vP(s), vU(s)
    P[p, P_NACT] -= has_action(s, p, U[p, j, U_CARD])
    P[p, P_NQA] -= quick_action(s, p, U[p, j, U_CARD])
    if vK(s)[p, U[p, j, U_CARD], K_KW] & KW_WARCRY:
        P[p, P_NWC] -= 1
    if U[p, j, U_ATT] >= 0:
        if U[p, j, U_ATTP] == p:
            P[p, P_NACT] -= has_action(s, p, U[p, j, U_ATT])
            P[p, P_NQA] -= quick_action(s, p, U[p, j, U_ATT])
        to_discard(s, U[p, j, U_ATTP], U[p, j, U_ATT])
    if U[p, j, U_WPN] >= 0:
        to_discard(s, U[p, j, U_WPNP], U[p, j, U_WPN])
    for a in range(ARMOR_SLOTS):
        if U[p, j, U_A0 + a] >= 0:
            to_discard(s, U[p, j, U_AP0 + a], U[p, j, U_A0 + a])
    to_discard(s, p, U[p, j, U_CARD])
    for k in range(j, P[p, P_NU] - 1):
        for col in range(U_NCOLS):
            U[p, k, col] = U[p, k + 1, col]
    P[p, P_NU] -= 1


@engine_jit
def queue_trigger(s, p, c, trig):
    """A triggered ability waits in the processing area (103.4.2) until settle() resolves it; returns its
    place in the queue (-1: the card has no such ability)."""
    G, TQ = vG(s), vTQ(s)
    if vK(s)[p, c, K_TRIGS] & (1 << trig) == 0:  # K_TRIGS: the card has no ability with this trigger
        return -1
    if G[G_NTQ] < TQ_MAX:
        k = G[G_NTQ]
        TQ[k, 0], TQ[k, 1], TQ[k, 2], TQ[k, 3] = p, c, trig, 0
        G[G_NTQ] = k + 1
        return k
    return -1


@engine_jit
def ko_unit(s, p, j):
    """戦闘不能 (301.4): destroyed and discarded; 【戦闘不能時】 fires (302.3), a zone-change trigger (field to
    discard, 300.2.1) that reads the card as it was on the field (its ATK then, modifiers included) and
    as it is in the discard (it fires only because the card arrived there: a card returned to the hand
    does not fire it), 300.2.2."""
    c = vU(s)[p, j, U_CARD]
    atk = unit_atk(s, p, j)
    remove_unit(s, p, j)
    k = queue_trigger(s, p, c, TR_LEAVE)
    if k >= 0:
        vTQ(s)[k, 3] = atk


@engine_jit
def armor_reduce(s, p, j, amount):
    """205.5.2: armour turned OFF reduces the damage by its defense (a replacement, 506.6.1.1-506.6.1.2,
    a rule process off the stack, 205.5.2.1); the owner orders replacements (103.4.3.2): its pieces in
    descending defense (digest 13.2) while damage remains. Damage reduced to 0 is not dealt (103.4.3.1)."""
    U, K = vU(s), vK(s)
    while amount > 0:
        best, bdef = -1, 0
        for a in range(ARMOR_SLOTS):
            c = U[p, j, U_A0 + a]
            if c >= 0 and U[p, j, U_AON0 + a] and K[U[p, j, U_AP0 + a], c, K_DEF] > bdef:
                best, bdef = a, K[U[p, j, U_AP0 + a], c, K_DEF]
        if best < 0:
            break
        U[p, j, U_AON0 + best] = 0
        amount = max(0, amount - bdef)
    return amount


@engine_jit
def opponents_turn(s, p):
    """302.4: is it p's opponent's turn? (Raid: the Boss is every party player's opponent, and other
    party players are not.)"""
    G = vG(s)
    tp = G[G_TP]
    if not G[G_RAID]:
        return tp != p
    return (tp == G[G_BOSS]) != (p == G[G_BOSS])


@engine_jit
def damage_player(s, p, amount):
    """201.4 / 214.2: the top `amount` cards of the deck go to the discard, all at once (214.2.1: their
    【ドロップ】 abilities wait together; the Boss loses Life instead, raid). Milled 【ドロップ】 cards fire if it
    is not their owner's turn (302.4). Returns the damage."""
    P, DK, K = vP(s), vDK(s), vK(s)
    if amount <= 0:
        return 0
    if P[p, P_BOSS]:
        d = min(amount, P[p, P_LIFE])
        P[p, P_LIFE] -= d
        P[p, P_TAKEN] += d
        return d
    d = min(amount, P[p, P_DECK])
    for _ in range(d):
        P[p, P_DECK] -= 1
        c = DK[p, P[p, P_DECK]]
        to_discard(s, p, c)
        if K[p, c, K_KW] & KW_DROP and opponents_turn(s, p):
            queue_trigger(s, p, c, TR_DROP)
    P[p, P_TAKEN] += d
    return d


@engine_jit
def damage_unit(s, p, j, amount, battle):
    """Damage to unit j of seat p; returns 1 if a character was KO'd. Unit 0 is the player (mill).
    Characters (213.3, 214.3): total >= max HP is KO damage (213.2); in the front row, row damage >=
    half max HP (2 * dmg >= hp: half rounded up, 103.5.2.1) moves it to the back row (213.3.1), the
    same zone (403.1.4: no zone change, nothing triggers); in the back row it is KO damage (213.3.2).
    A hit of 0 is not dealt (103.2.1.2)."""
    U, G = vU(s), vG(s)
    if (battle or G[O_ARMOR_FX]) and (U[p, j, U_A0] >= 0 or U[p, j, U_A1] >= 0 or U[p, j, U_A2] >= 0):
        amount = armor_reduce(s, p, j, amount)
    if amount <= 0:
        return 0
    if j == 0:
        damage_player(s, p, amount)
        return 0
    hp = unit_hp(s, p, j)
    if U[p, j, U_ROW] == 0:
        U[p, j, U_DF] += amount
        row = U[p, j, U_DF] if G[O_ROW_RUNNING] else amount
    else:
        U[p, j, U_DB] += amount
        row = U[p, j, U_DB] if G[O_ROW_RUNNING] else amount
    if U[p, j, U_DF] + U[p, j, U_DB] >= hp:
        ko_unit(s, p, j)
        return 1
    if 2 * row >= hp:
        if U[p, j, U_ROW] == 0:
            U[p, j, U_ROW] = 1
            vP(s)[p, P_SEQ] += 1
            U[p, j, U_BACK] = vP(s)[p, P_SEQ]
        else:
            ko_unit(s, p, j)
            return 1
    return 0


@engine_jit
def hp_modified(s, p, j):
    """215.3.1: a character whose max HP a modification (−X/−Y) brought to 0 or less is KO'd; one whose
    damage now reaches its max HP has KO damage (213.2, 213.3). The row checks (213.3.1-2) act on
    damage as it is dealt, not here. Returns 1 if it was KO'd."""
    U = vU(s)
    hp = unit_hp(s, p, j)
    if hp <= 0 or U[p, j, U_DF] + U[p, j, U_DB] >= hp:
        ko_unit(s, p, j)
        return 1
    return 0


@engine_jit
def heal_player(s, p, x):
    """回復X mode (a) (302.9): up to X cards without 回復 from the discard into the deck, then shuffle."""
    P, DC, DK, K = vP(s), vDC(s), vDK(s), vK(s)
    moved = 0
    n = P[p, P_NDC]
    i = n - 1
    while i >= 0 and moved < x:  # from the top: the last cards into the discard go first
        c = DC[p, i]
        if K[p, c, K_KW] & KW_HEAL == 0:
            DK[p, P[p, P_DECK]] = c
            P[p, P_DECK] += 1
            moved += 1
        i -= 1
    if moved:
        # the discard closes up once over the part scanned, every card there without 回復 having moved
        w = i + 1
        for k in range(i + 1, n):
            if K[p, DC[p, k], K_KW] & KW_HEAL:
                DC[p, w] = DC[p, k]
                w += 1
        P[p, P_NDC] = w
        shuffle(rng(s, p), DK[p], P[p, P_DECK])
    return moved


@engine_jit
def heal_unit(s, p, j):
    """回復X mode (b) (302.9): all damage removed; a back-row character returns to the front row."""
    U = vU(s)
    U[p, j, U_DF] = 0
    U[p, j, U_DB] = 0
    U[p, j, U_ROW] = 0


# ---------------------------------------------------------------- cards: draw, hand, PP

@engine_jit
def record_drawn(s, p, c):
    if vG(s)[G_DETAIL] >= 2 and c < vDK(s).shape[1] and vC(s)[p, c, C_DRAWN] < 0:
        vC(s)[p, c, C_DRAWN] = vP(s)[p, P_TURN]


@engine_jit
def draw(s, p, k):
    """102.4.1: draw = take the top card; each draw is 1 HP (201.3). Returns the cards drawn: from a
    deck too small, the cards it has (103.1.3: the possible part of an instruction is carried out)."""
    P, H, DK = vP(s), vH(s), vDK(s)
    got = 0
    for _ in range(k):
        if P[p, P_DECK] == 0 or P[p, P_HAND] >= HMAX:
            break
        P[p, P_DECK] -= 1
        c = DK[p, P[p, P_DECK]]
        H[p, P[p, P_HAND]] = c
        P[p, P_HAND] += 1
        if vK(s)[p, c, K_QUICK]:
            P[p, P_NQH] += 1
        record_drawn(s, p, c)
        got += 1
    return got


@njit(cache=True, inline="always")
def take_from_hand(s, p, i):
    """p's hand card i leaves the hand (the later ones move up); returns it. Inlined: every play and pitch
    takes one."""
    P, H = vP(s), vH(s)
    c = H[p, i]
    for k in range(i, P[p, P_HAND] - 1):
        H[p, k] = H[p, k + 1]
    P[p, P_HAND] -= 1
    if vK(s)[p, c, K_QUICK]:
        P[p, P_NQH] -= 1
    return c


@engine_jit
def pp_colours(s, p):
    """Colour mask of the cards in PP, ON or OFF (209.1.2: presence). A face-down card has no colour
    unless the fd_pp_colour option gives it the Player card's (404.5.1 [AMBIGUOUS])."""
    P, PP, K, G = vP(s), vPP(s), vK(s), vG(s)
    m = 0
    for i in range(P[p, P_NPP]):
        if PP[p, i, PP_FD]:
            if G[O_FD_COLOUR]:
                m |= K[p, player_row(s), K_ELEM]
        else:
            m |= K[p, PP[p, i, PP_CARD], K_ELEM]
    return m


@njit(cache=True, inline="always")
def pp_on(s, p):
    """ON PP cards (kept in P_AVAIL by put_pp, pay and the start phase)."""
    return vP(s)[p, P_AVAIL]


@engine_jit
def put_pp(s, p, c, on, fd):
    """503.1.1: a card into PP, face up (404.2); the second player's opening card face down (102.5).
    ON (`on`, the option new_pp_on, default 1) because the seed (001) gives a card put into PP no state
    and so leaves it upright (215.1.1); only PP used for a cost turns OFF (215.1.3), and entering OFF
    is a rule for characters (302.6: 奇襲 changes "a character enters OFF")."""
    P, PP = vP(s), vPP(s)
    i = P[p, P_NPP]
    PP[p, i, PP_CARD], PP[p, i, PP_ON], PP[p, i, PP_FD] = c, on, fd
    P[p, P_NPP] = i + 1
    P[p, P_AVAIL] += on
    P[p, P_QRDEAD] = 0
    P[p, P_NFD] += fd
    P[p, P_PPCOL] |= (vK(s)[p, player_row(s), K_ELEM] if vG(s)[O_FD_COLOUR] else 0) if fd else vK(s)[p, c, K_ELEM]


@njit(cache=True, inline="always")
def colour_ok(s, p, c):
    """209.1.2: a coloured card needs a card of its colour in PP, even at cost 0 (209.1.2.1); white
    cards have none. Multicolour [AMBIGUOUS]: every colour (multicolour_all) or one."""
    e = vK(s)[p, c, K_ELEM]
    if e == 0:
        return True
    G = vG(s)
    m = on_colours(s, p) if G[O_GATE_STRICT] else vP(s)[p, P_PPCOL]
    if G[O_MULTI_ALL]:
        return (e & m) == e
    return (e & m) != 0


@engine_jit
def on_colours(s, p):
    """Strict gate: the colours of ON PP cards (one of them must be paid)."""
    P, PP, K = vP(s), vPP(s), vK(s)
    m = 0
    for i in range(P[p, P_NPP]):
        if PP[p, i, PP_ON] and not PP[p, i, PP_FD]:
            m |= K[p, PP[p, i, PP_CARD], K_ELEM]
    return m


@engine_jit
def pay(s, p, cost, colour):
    """209.1.1: turn `cost` ON PP cards OFF. The face-down card is paid first: turned OFF it goes to the
    bottom of the deck (404.5), one HP back. In strict mode one paid card has the card's colour."""
    P, PP, K, DK = vP(s), vPP(s), vK(s), vDK(s)
    left = cost
    if left > 0 and vG(s)[O_GATE_STRICT] and colour:
        for i in range(P[p, P_NPP]):
            if PP[p, i, PP_ON] and not PP[p, i, PP_FD] and K[p, PP[p, i, PP_CARD], K_ELEM] & colour:
                PP[p, i, PP_ON] = 0
                left -= 1
                break
    i, fd_left = 0, False
    while left > 0 and P[p, P_NFD] and i < P[p, P_NPP]:
        if PP[p, i, PP_ON] and PP[p, i, PP_FD]:
            fd_left = True
            c = PP[p, i, PP_CARD]
            for k in range(i, P[p, P_NPP] - 1):
                for col in range(PP_NCOLS):
                    PP[p, k, col] = PP[p, k + 1, col]
            P[p, P_NPP] -= 1
            P[p, P_NFD] -= 1
            for k in range(P[p, P_DECK], 0, -1):  # 404.5: to the bottom (index 0; the top is the end)
                DK[p, k] = DK[p, k - 1]
            DK[p, 0] = c
            P[p, P_DECK] += 1
            left -= 1
            continue
        i += 1
    for i in range(P[p, P_NPP]):
        if left == 0:
            break
        if PP[p, i, PP_ON]:
            PP[p, i, PP_ON] = 0
            left -= 1
    P[p, P_SPENT] += cost
    P[p, P_AVAIL] -= cost - left  # each unit of cost paid turned one ON card OFF or took the face-down one
    if fd_left:  # the colours are those of the cards present, ON or OFF (209.1.2): only a card leaving changes them
        P[p, P_PPCOL] = pp_colours(s, p)


# ---------------------------------------------------------------- losing

@njit(cache=True, inline="always")
def check_loss(s):
    """101.3: a player whose deck is 0 loses, checked after each resolution; 101.7: both at once, the
    turn player loses. Raid: a party player at 0 is eliminated and the party loses when all are
    (check_raid_loss). Inlined: it runs after every resolution, and almost always finds nothing."""
    P, G = vP(s), vG(s)
    if G[G_OVER]:
        return
    if G[G_RAID]:
        check_raid_loss(s)
        return
    zero0, zero1 = P[0, P_DECK] == 0, P[1, P_DECK] == 0
    if zero0 and zero1:
        G[G_OVER], G[G_LOSER] = 1, G[G_TP]
        P[G[G_TP], P_OUT] = 2  # both reached 0 (recorded as simultaneous_turn_player_loses)
    elif zero0 or zero1:
        G[G_OVER], G[G_LOSER] = 1, 0 if zero0 else 1


@engine_jit
def check_raid_loss(s):
    """check_loss in a raid that is not over: the Boss at 0 Life is beaten; a party player whose deck is 0
    is eliminated, and the party loses when none is left."""
    P, G = vP(s), vG(s)
    boss = G[G_BOSS]
    if P[boss, P_LIFE] <= 0:
        G[G_OVER], G[G_CLEAR] = 1, 1
        return
    alive = 0
    for q in range(boss):
        if P[q, P_OUT] == 0 and P[q, P_DECK] == 0:
            eliminate(s, q)
        if P[q, P_OUT] == 0:
            alive += 1
    if alive == 0:
        G[G_OVER] = 1


@engine_jit
def eliminate(s, q):
    """Raid: a party player whose deck reaches 0 is out (101.5: a player who loses leaves the game at
    once); all their cards leave the game, a 付与 Active or equipment of theirs on another seat's card
    (403.2) included, the 付与 Active's static ATK change with it (such a card has no "during your turn"
    ability). No other seat's card sits on theirs: the Boss equips nothing, and party players are not
    each other's opponents (403.2)."""
    P, U, E = vP(s), vU(s), vE(s)
    for r in range(s[5]):
        if r == q:
            continue
        for j in range(P[r, P_NU]):
            c = U[r, j, U_ATT]
            if j > 0 and c >= 0 and U[r, j, U_ATTP] == q:
                for k in range(MAX_EFFECTS):
                    if E[q, c, k, E_TRIGGER] == TR_STATIC and E[q, c, k, E_OP] != 0:
                        U[r, j, U_XATK] -= E[q, c, k, E_AMOUNT] * (1 if E[q, c, k, E_OP] == OP_PUMP_ID else -1)
                U[r, j, U_ATT] = -1
            if U[r, j, U_WPN] >= 0 and U[r, j, U_WPNP] == q:
                U[r, j, U_WPN] = -1
            for a in range(ARMOR_SLOTS):
                if U[r, j, U_A0 + a] >= 0 and U[r, j, U_AP0 + a] == q:
                    U[r, j, U_A0 + a] = -1
    P[q, P_OUT] = 1
    P[q, P_NU] = 1
    P[q, P_NWC] = 0
    P[q, P_NACT] = has_action(s, q, U[q, 0, U_CARD])
    P[q, P_NQA] = quick_action(s, q, U[q, 0, U_CARD])
    U[q, 0, U_WPN] = -1
    for a in range(ARMOR_SLOTS):
        U[q, 0, U_A0 + a] = -1
    P[q, P_HAND] = 0
    P[q, P_NQH] = 0
    P[q, P_NPP] = 0
    P[q, P_NFD] = 0
    P[q, P_AVAIL] = 0
    P[q, P_NIT] = 0


OUT_CONCEDED = 3  # P_OUT of a PvP player who conceded (101.6; 1 = eliminated in a raid, 2 = lost at 101.7)


@engine_jit
def concede(s, p):
    """101.6: player p concedes, at any point of the game, and loses at once, leaving the game (101.5);
    nothing overrides it. PvP: the game ends, p the loser (recorded as `concession`). Raid: a
    party player who concedes is eliminated like one at deck 0, and the party loses when none is left.
    The scripted policies never concede; this is the engine's entry point for a player that does."""
    P, G = vP(s), vG(s)
    if G[G_OVER] or P[p, P_OUT]:
        return
    if G[G_RAID] == 0:
        G[G_OVER], G[G_LOSER] = 1, p
        P[p, P_OUT] = OUT_CONCEDED
        return
    if p != G[G_BOSS]:  # the Boss is a script, not a player who could concede
        eliminate(s, p)
        check_loss(s)
