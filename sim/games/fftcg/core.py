"""FFTCG engine core: state layout, zones, CP payment, targets, effects and rule processes.

Rule numbers are those of the FFTCG rules digest (../shared/rules/fftcg.md, source A = CR 3.2).
The game flow (turns, attacks, casting) is in sim/games/fftcg/engine.py; scripted choices in policy.py.

State of one game: S, the address (an int64) of one int32 array, the "blob", allocated once per kernel call (per thread)
inside the batch kernel and reset for each game, read through views (st_* accessors: small compiled functions that LLVM inlines):
    st_cards(S) [2, W, K_NCOLS]            compiled card table per seat (copied in, static)
    st_effs(S)  [2, W, MAX_EFFECTS, E_*]   compiled effects per seat (copied in, static)
    st_cs(S)    [2, N_S, W]   per card copy: zone, dull, frozen, sick, damage, modifiers...
    st_ps(S)    [2, N_P]      per seat: deck top, hand/field counts, damage, turn counters...
    st_ls(S)    [2, N_L, W]   per seat lists: hand, field, deck order, the field's Forwards and Backups
    st_gs(S)    [N_X]         game scalars: outcome, queue pointers, violations
    st_q(S)     [QCAP, N_Q]   pending effects (a FIFO that stands in for the stack)
    st_rng(S)   uint64 [4, 1] RNG states: seat 0/1 shuffles, seat 0/1 policy choices
    st_prm(S)   [2, NPARAM]   policy parameters;  st_opt(S) [N_OPT] rules options
    st_scr(S)   [5, W]        scratch: chosen backups, discards, attackers, candidates (or the
                              card values of a payment), context
One address rather than eleven arrays, or one array: every helper takes S, and each array passed costs
argument copies and reference-count calls (a tuple of eleven arrays: most of the run time; one array:
seven arguments and a reference-count call pair around every call). The views are built from the
address (carray), without reference counts, so the blob's owner must outlive every use of S: play_kernel
holds it to the end, and new_state returns a State (an int) that carries its blob.
Copy index i of seat p is the row of the compiled deck: 0..n_main-1 main deck, n_main.. the LB deck;
W (= 64) copies per seat.

numba's cache does not track edits across modules; sim.engine.numba_cache.drop_stale_caches drops the FFTCG
caches when any of the engine's source files changed.
"""

import numpy as np
from numba import carray, types

from sim.cards.effects import (
    ACT_CHAIN,
    ACT_ONCE,
    CNT_BREAK_ZONE,
    CNT_BROKEN,
    CNT_BROKEN_FORWARD,
    CNT_BZ_TYPES,
    CNT_CAST,
    CNT_OPP_DAMAGE,
    CNT_OPP_HAND,
    CNT_OWN_DAMAGE,
    CNT_OWN_HAND,
    CNT_PAID,
    COND_CHOSEN_GONE,
    COND_COUNT,
    COND_DAMAGE,
    COND_MY_TURN,
    COND_NOT,
    COND_OPP,
    COND_OTHER,
    COND_OWN,
    COST_CP,
    COST_ELEM_SHIFT,
    DIG_TO_BREAK,
    DISCARD_CHOOSE,
    DM_ABILITY,
    DM_DEALS,
    DM_DULL,
    DM_MIN,
    DM_ZERO,
    E_AMOUNT,
    E_COND,
    E_COND_PARAM,
    E_COST,
    E_DULL,
    E_FE_PARAM,
    E_FOREACH,
    E_NCOLS,
    E_OP,
    E_PARAM,
    E_TARGET,
    E_THASH,
    E_TMASK,
    E_TRIGGER,
    FE_CAST,
    FE_DULL,
    FE_OPP,
    FE_OPP_HAND,
    FE_OWN,
    FE_OWN_DAMAGE,
    FE_OWN_HAND,
    FE_SELF_POWER,
    MAX_EFFECTS,
    MODE_FIRST,
    MODE_SHIFT,
    MODE_UP_TO,
    NO_EX_BURST,
    OPS,
    PLAY_DULL,
    TARGETS,
    TMASK_COST_SHIFT,
    TMASK_ELEM_SHIFT,
    TMASK_NEW_PICK,
    TMASK_ONE_SIDE,
    TMASK_STATE_SHIFT,
    TRIGGER_ELEM_SHIFT,
    TRIGGERS,
    TS_ACTIVE,
    TS_ATTACKING,
    TS_BLOCKING,
    TS_DAMAGED,
    TS_DULL,
    XC_BACKUP,
    XC_COUNTER,
    XC_DISCARD,
    XC_MILL,
    XC_SELF,
    XC_SPECIAL,
)
from sim.engine.compiled import (
    K_BP1,
    K_BP2,
    K_CATH,
    K_COST,
    K_ELEM,
    K_EX,
    K_GENERIC,
    K_JOB2H,
    K_JOBH,
    K_KW,
    K_NAME,
    K_NAMEH,
    K_NCOLS,
    K_NEFF,
    K_POWER,
    K_TRIGS,
    K_TYPE,
)
from sim.engine.jit import engine_jit, inline_jit
from sim.engine.kernel import move_block_to_bottom, pointer_intrinsic, randbelow, shuffle
from sim.engine.results import (
    DRAW,
    END_DECK_OUT,
    END_EMPTY_DECK_DAMAGE,
    END_LIFE,
    END_SIMULTANEOUS,
    END_TURN_CAP,
)

# ---- card vocabulary (sim.cards.model.CARD_TYPES["fftcg"], ELEMENTS["fftcg"]) -------------------------
FORWARD, BACKUP, SUMMON, MONSTER = 0, 1, 2, 3
LIGHT_DARK = (1 << 6) | (1 << 7)  # rule 7.7.5 / 11.4.6.3
# FFTCG cards have no BP: the column holds what a card is worth to the policies (sim.games.fftcg.worth), tenths of CP
K_WORTH = K_BP1
K_ASKED = K_BP2  # nonzero: another card of the deck asks for or names this one (sim.games.fftcg.opening; the mulligan,
#                  card_value with PR_HOLD)
KEYWORDS = ("haste", "brave", "first_strike", "back_attack")  # section 15.2; bit i of K_KW
KW_HASTE, KW_BRAVE, KW_FIRST_STRIKE, KW_BACK_ATTACK = 1, 2, 4, 8
KW_NO_BLOCK, KW_NO_ATTACK = 16, 32  # restrictions until end of turn, kept with the keyword bits (S_KW_EOT)
KW_NOT_BY_ABILITIES, KW_NOT_BY_SUMMONS = 64, 128  # static "cannot be chosen by your opponent's ..." (S_KW_ST)
# until end of turn (S_KW_EOT): damage dealt to it is doubled; cannot be broken; cannot be returned to the
# hand by the opponent
KW_DOUBLE, KW_NO_BREAK, KW_NO_BOUNCE = 256, 512, 1024
# static (S_KW_ST): the opponent's choices must take it; the opponent's effects that deal no damage cannot break it
KW_TAUNT, KW_NO_BREAK_OPP = 2048, 4096
# static (S_KW_ST): "X can only attack if A, or if B" (10.1.2): it may attack only while it also has KW_MAY_ATTACK,
# granted under A and under B (sim.games.fftcg.importer ONLY_IF_BIT, MAY_ATTACK_BIT)
KW_ONLY_IF, KW_MAY_ATTACK = 8192, 16384

TR_ENTER = TRIGGERS.index("enter")
TR_ATTACK = TRIGGERS.index("attack")
TR_EX = TRIGGERS.index("ex_burst")
TR_CAST = TRIGGERS.index("cast")
TR_ACTION = TRIGGERS.index("action")
TR_LEAVE = TRIGGERS.index("leave")
TR_TURN_START = TRIGGERS.index("turn_start")
TR_STATIC = TRIGGERS.index("static")
TR_BLOCK = TRIGGERS.index("block")
TR_ACTION_BREAK = TRIGGERS.index("action_break")
TR_HIT_PLAYER = TRIGGERS.index("hit_player")
TR_DAMAGED = TRIGGERS.index("damaged")
TR_OPP_BROKEN = TRIGGERS.index("opp_forward_broken")
TR_OPP_LEAVES = TRIGGERS.index("opp_forward_leaves")
TR_OWN_SUMMON = TRIGGERS.index("own_summon")
TR_OPP_SUMMON = TRIGGERS.index("opp_summon")
TR_OWN_ATTACKS = TRIGGERS.index("own_attacks")
TR_OWN_ENTERS = TRIGGERS.index("own_enters")
TR_TURN_END = TRIGGERS.index("turn_end")
TR_OWN_BACKUP_ACT = TRIGGERS.index("own_backup_activated")
TR_OPP_DISCARDS = TRIGGERS.index("opp_discards")
TR_PARTY_ATTACK = TRIGGERS.index("party_attack")
TR_OWN_PARTY = TRIGGERS.index("own_party_attacks")
TR_ATTACK_PHASE = TRIGGERS.index("attack_phase")
TR_EACH_ATTACK_PHASE = TRIGGERS.index("each_attack_phase")
# P_HAS_TRIG bits: the deck has effects with these triggers (the engine looks for them only then)
HT_DAMAGED, HT_OPP_LEAVE, HT_SUMMON = 1, 2, 4
HT_DMOD, HT_OWN_ATTACK, HT_OWN_ENTER, HT_TAUNT = 8, 16, 32, 64  # static damage_mod / taunt effects, own_* triggers
HT_TURN_END, HT_BKP_ACT, HT_OPP_DISCARD = 128, 256, 512  # turn_end, own_backup_activated, opp_discards
HT_PARTY = 1024  # party_attack / own_party_attacks
HT_ATTACK_PHASE = 2048  # attack_phase, each_attack_phase
HT_REACT = 4096  # an action ability usable in the opponent's turn on a card with a removal effect (choose_instant's answer)

OP_DRAW = OPS.index("draw")
OP_DAMAGE = OPS.index("damage")
OP_BREAK = OPS.index("break")
OP_BREAK_POWER = OPS.index("break_power")
OP_DULL = OPS.index("dull")
OP_FREEZE = OPS.index("freeze")
OP_PUMP = OPS.index("pump")
OP_WEAKEN = OPS.index("weaken")
OP_BOUNCE = OPS.index("bounce")
OP_SEARCH = OPS.index("search")
OP_GAIN_CP = OPS.index("gain_cp")
OP_PLAYER_DAMAGE = OPS.index("player_damage")
OP_HEAL = OPS.index("heal")
OP_HASTE = OPS.index("haste")
OP_DISCARD = OPS.index("discard")
OP_RECOVER = OPS.index("recover")
OP_GRANT_KEYWORD = OPS.index("grant_keyword")
OP_ACTIVATE = OPS.index("activate")
OP_NO_BLOCK = OPS.index("no_block")
OP_NO_ATTACK = OPS.index("no_attack")
OP_COST_REDUCE = OPS.index("cost_reduce")
OP_PLAY = OPS.index("play")
OP_DIG = OPS.index("dig")
OP_UNTARGETABLE = OPS.index("untargetable")
OP_MILL = OPS.index("mill")
OP_DULL_POWER = OPS.index("dull_power")
OP_FIGHT = OPS.index("fight")
OP_DAMAGE_MOD = OPS.index("damage_mod")
OP_DAMAGE_DOUBLE = OPS.index("damage_double")
OP_SHIELD = OPS.index("shield")
OP_SET_POWER = OPS.index("set_power")
OP_CAST_IF = OPS.index("cast_if")
OP_TAUNT = OPS.index("taunt")
OP_NO_BREAK = OPS.index("no_break")
OP_NO_BOUNCE = OPS.index("no_bounce")
OP_PARTY_ANY = OPS.index("party_any")
OP_FLICKER = OPS.index("flicker")
OP_COUNTER = OPS.index("counter")
OP_EXTRA_COST = OPS.index("extra_cost")
OP_CAST_FREE = OPS.index("cast_free")

TG_OPP_CHAR = TARGETS.index("opp_character")
TG_OWN_CHAR = TARGETS.index("own_character")
TG_SELF = TARGETS.index("self")
TG_OWN_PLAYER = TARGETS.index("own_player")
TG_OPP_PLAYER = TARGETS.index("opp_player")
TG_ANY_CHAR = TARGETS.index("any_character")
TG_ALL_OPP = TARGETS.index("all_opp_characters")
TG_ALL_PLAYERS = TARGETS.index("all_players")
TG_ALL_OWN = TARGETS.index("all_own_characters")
TG_ALL = TARGETS.index("all_characters")
TG_CHOSEN = TARGETS.index("chosen")
TG_PARTY = TARGETS.index("party")

# ---- policies -------------------------------------------------------------------------------------
RANDOM, AGGRO, CURVE, CONTROL, SEARCH = 0, 1, 2, 3, 4  # SEARCH plays as CURVE wherever it does not search
# policy parameters (prm[p, PR_*]); defaults per policy in fftcg.DEFAULT_PARAMS
PR_MULL = 0  # >= 0: mulligan with fewer "keepers" in the opening hand; < 0: the redraw rule, its digits the caps
#              of each kind of card (policy.redraw_better)
PR_CHUMP_AT = 1  # block even at a loss once own damage >= this
PR_RESERVE = 2  # never discard for CP below this many cards left in hand
PR_RISK = 3  # attacks: 0 only if no blocker can break it, 1 also even trades, 2 always
PR_TRADE = 4  # cast a removal Summon in a main phase only on a target of cost >= its own - (this - 1); 0 = any
PR_SACRIFICE = 5  # a Backup's "put it into the Break Zone" ability: only with >= this many Backups, or to remove
PR_WAIT = 6  # cast order: bit 1, a character whose enter ability asks for a character not controlled yet is cast after
#             the others; bit 2 (curve), a card whose cost is reduced now scores 1 CP of worth per CP saved (worth_score)
PR_REACT = 7  # 1 = as the defender, use an action ability that removes an opposing character after a battle (10.1.4.4)
PR_SHIELD = 8  # 1 = a party that its own attack makes unbreakable (Biggs 15-134S) counts as losing no member
PR_HOLD = 9  # card_value adds this to a card another card of the deck asks for or names (K_ASKED; 0 = off)
PR_BUDGET = 10  # rollouts per searched decision (search); 0 = the seat does not search
NPARAM = 11

# ---- rules options (opt[O_*]); names, defaults and docs in fftcg.OPTIONS -----------------------------
O_LIMITED = 0
O_MULTI_BACKUP_ONE = 1
O_BLOCKED_IF_REMOVED = 2
O_PARTY_SHARED = 3
O_LB_UNDEFINED_COST = 4
O_PAYMENT_STRICT = 5
N_OPT = 6

# ---- state layout ---------------------------------------------------------------------------------
Z_DECK, Z_HAND, Z_FIELD, Z_BREAK, Z_DAMAGE, Z_LB, Z_LB_UP = 0, 1, 2, 3, 4, 5, 6
N_ZONES = 7
Z_REMOVED = -1  # leave_field's destination for a card removed from the game that comes back at once (flicker)
(S_ZONE, S_DULL, S_FROZEN, S_SICK, S_ATTACKED, S_DMG, S_PUMP, S_DRAWN, S_PLAYED, S_KW_EOT, S_STATIC, S_KW_ST,
 S_SHIELD, S_ONCE, S_PREV, S_COUNTERS, S_PAID, S_BROKEN) = range(18)
N_S = 18  # S_KW_ST: keywords granted by static abilities (recomputed with S_STATIC); S_SHIELD: the next
#           damage dealt to it this turn is reduced by this much; S_ONCE: bit k = its once-per-turn action
#           ability at slot k was used this turn; S_PREV: refresh_static's copy of the previous S_STATIC;
#           S_COUNTERS: counters placed on it (op counter), removed by an action cost (XC_COUNTER); S_PAID: 1
#           when it was cast paying its extra cost (op extra_cost, condition CNT_PAID); S_BROKEN: the game
#           turn (X_GTURN) in which it was last put from the field into the Break Zone (CNT_BROKEN*), 0: never
(P_TOP, P_HN, P_FN, P_DMG, P_NMAIN, P_NTOT, P_POLICY, P_TURN, P_MULL, P_BONUS, P_SPENT, P_PLAYED,
 P_DEALT, P_DREW_EMPTY, P_EMPTY_DMG, P_AVAIL, P_HAS_STATIC, P_HAS_CR, P_HAS_TRIG, P_PARTY_ANY, P_NF, P_NB,
 P_NLD, P_PAID, P_NSTAT, P_CKEY, P_LB_SPENT, P_MULL_KINDS) = range(28)
N_P = 28  # P_SPENT / P_PAID: CP produced to pay costs this turn (leftovers included) / the costs paid; P_NF / P_NB: Forwards / Backups on the field (the lengths of L_FWD / L_BKP); P_NLD: Light/Dark
#           characters on the field; P_HAS_CR: the deck has cost_reduce / cast_if effects (read from the
#           hand only then); P_PARTY_ANY: its Forwards may party with any Element this turn; P_HAS_STATIC:
#           bit 1 the deck has static effects, bit 2 (STATIC_OPP) some of them may read the opponent's
#           side, so they are recomputed when the opponent's field changes
STATIC_OPP = 2
STATIC_COUNT = 4  # P_HAS_STATIC bit: some static bonus has a COND_COUNT condition (a hand, damage or cast count):
#                   recomputed when those counts change (counts_changed)
STATIC_ALWAYS = 8  # P_HAS_STATIC bit of a state set up by hand (new_state: its field may not have come through
#                    enter_field): refresh_static runs on every call, without the shortcuts below
CK_OWN_HAND, CK_OPP_HAND, CK_OPP_DAMAGE, CK_CAST = 16, 32, 64, 128  # P_HAS_STATIC bits (deck_flags): the counts
#   the seat's static bonuses read that no refresh follows by itself; counts_changed recomputes the seat only when one
#   of them differs from its value at the last refresh (P_CKEY, count_key). Own damage needs no bit: damage and heal
#   recompute the damaged seat themselves
CK_EVERY = 256  # P_HAS_STATIC bit: a static bonus reads something else no refresh follows (the turn, dull
#                 characters, the Break Zone, ...): counts_changed recomputes the seat on every count change
STATIC_OPP_FIELD = 512  # P_HAS_STATIC bit: a static bonus reads the opponent's field (COND_OPP, FE_OPP); a seat with
#                         STATIC_OPP without it reads only counts there, so a change of the opponent's field
#                         recomputes it only when its counts changed (update_static_opp)
# P_NSTAT: field characters with a static bonus at the last refresh (+ STATIC_ALWAYS); 0: every field character's
#   S_STATIC and S_KW_ST is 0 and stays so until a character with a static ability enters (enter_field recomputes
#   then), so the other refreshes have nothing to do. P_CKEY: count_key at the last refresh
# P_LB_SPENT: 1 once policy.lb_castable found no face-down LB card of the seat that the others can pay for; it stays
#   so for the game, as face-down LB cards only leave the LB deck (setup alone puts cards there), so cast_candidates
#   asks it no more
# P_MULL_KINDS: policy.redraw_better's four counts of kinds of card over the main deck (policy.mull_kinds), the same in
#   every game of a matchup: counted once per kernel call (deck_flags), not per game
L_HAND, L_FIELD, L_ORDER, L_FWD, L_BKP = 0, 1, 2, 3, 4
N_L = 5
(X_ACTIVE, X_GTURN, X_OVER, X_WINNER, X_REASON, X_QH, X_QT, X_LOOP, X_VIOL, X_DETAIL, X_CHS, X_CHC, X_RP, X_MODES,
 X_BATTLE, X_BLOCKER, X_PICK_SRC, X_PICKED) = range(18)
N_X = X_PICKED + 4  # X_ACTIVE: the turn player; X_GTURN: the game turn (1, 2, ...; set by begin_turn);
#           X_CHS/X_CHC: the character the last targeted effect chose (-1: none);
#           X_RP: since the last rule processes a Forward may have come to need one (see settle)
#           X_MODES: the options picked for the modal ability now resolving (a mask of printed places)
#           X_BATTLE: the turn player's attackers in the battle now on (scr[2][:X_BATTLE], 0 outside a battle);
#           X_BLOCKER: the defender's blocker in it + 1 (0: none), for "attacking" / "blocking" targets
#           X_PICK_SRC: the card (seat * W + copy + 1) whose "choose up to n" ability is choosing its n cards (0: none),
#           X_PICKED..+3: the cards it has chosen so far, a bit per copy (seat 0: copies 0-31, 32-63, then seat 1)
Q_CTRL, Q_SEAT, Q_CARD, Q_SLOT, Q_HSEAT, Q_HCARD = range(6)
N_Q = 6
QCAP = 256
LOOP_CAP = 400  # rule 13.1: an effect chain this long is treated as an unstoppable loop (draw)
HAND_LIMIT = 5  # rule 9.5.1.2
MAX_BACKUPS = 5  # rule 7.7.4

# invariant violation bits (check mode)
V_ZONES = 1  # zone counts disagree with the lists
V_NEGATIVE = 2  # a negative count or resource
V_PAYMENT = 4  # a payment broke the no-surplus rule (11.4.6.4)
V_FIELD = 8  # a field limit broken (backups, uniqueness, Light/Dark)

# blob layout: fixed-size parts first, then the parts sized by the width W (st[0])
OFF_RNG = 2  # 4 uint64 RNG states (8-byte aligned)
OFF_GS = 16
OFF_PRM = OFF_GS + 24  # room for N_X
OFF_OPT = OFF_PRM + 2 * NPARAM
OFF_PS = OFF_OPT + 16
OFF_Q = OFF_PS + 2 * N_P
OFF_VAR = OFF_Q + QCAP * N_Q


W = 64  # the width: copies per seat the state holds (a deck is 50 cards, 8.1.1.1, plus at most 8 LB, 15.2.8.1).
#        A constant, so that every index into the state compiles to shifts and fixed offsets.
BLOB_SIZE = OFF_VAR + (2 * N_S + 2 * N_L + 5 + 2 * K_NCOLS + 2 * MAX_EFFECTS * E_NCOLS) * W
DYN_SIZE = OFF_VAR + (2 * N_S + 2 * N_L + 5) * W  # everything before the static card and effect tables


@engine_jit
def st_dyn(S):
    """The blob's changing part (all but the card and effect tables): copying it copies a position."""
    return carray(_i32_at(S, 0), (DYN_SIZE,))


@engine_jit
def st_whole(S):
    return carray(_i32_at(S, 0), (BLOB_SIZE,))


@engine_jit
def keep_alive(*arrays):
    """A use of blobs after their last use through S (their addresses)."""
    return len(arrays)


@engine_jit
def st_cs(S):
    return carray(_i32_at(S, OFF_VAR), (2, N_S, W))


@engine_jit
def st_ls(S):
    # unsigned: a card index read from a list indexes the card arrays without the negative-index wraparound
    return carray(_u32_at(S, OFF_VAR + 2 * N_S * W), (2, N_L, W))


@engine_jit
def st_scr(S):
    return carray(_i32_at(S, OFF_VAR + (2 * N_S + 2 * N_L) * W), (5, W))


@engine_jit
def st_cards(S):
    return carray(_i32_at(S, OFF_VAR + (2 * N_S + 2 * N_L + 5) * W), (2, W, K_NCOLS))


@engine_jit
def st_effs(S):
    return carray(_i32_at(S, OFF_VAR + (2 * N_S + 2 * N_L + 5 + 2 * K_NCOLS) * W), (2, W, MAX_EFFECTS, E_NCOLS))


@engine_jit
def st_rng(S):
    return carray(_u64_at(S, OFF_RNG // 2), (4, 1))  # in uint64 units


@engine_jit
def st_ps(S):
    return carray(_i32_at(S, OFF_PS), (2, N_P))


@engine_jit
def st_gs(S):
    return carray(_i32_at(S, OFF_GS), (N_X,))


@engine_jit
def st_q(S):
    return carray(_i32_at(S, OFF_Q), (QCAP, N_Q))


@engine_jit
def st_prm(S):
    return carray(_i32_at(S, OFF_PRM), (2, NPARAM))


@engine_jit
def st_opt(S):
    return carray(_i32_at(S, OFF_OPT), (N_OPT,))


_i32_at = pointer_intrinsic(types.int32)
_u32_at = pointer_intrinsic(types.uint32)  # the lists: see st_ls
_u64_at = pointer_intrinsic(types.uint64)


@engine_jit
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@engine_jit
def power(S, s, i):
    """Current power: printed power + until-end-of-turn modifiers + static ones (digest 10, simplification)."""
    s, i = np.uint64(s), np.uint64(i)  # unsigned: indexing skips the negative-index wraparound
    return st_cards(S)[s, i, K_POWER] + st_cs(S)[s, S_PUMP, i] + st_cs(S)[s, S_STATIC, i]


@engine_jit
def has_trigger(S, s, c, trig):
    """One of the card's effects has this trigger (K_TRIGS; triggers from 31 on share bit 31): the scans over its
    effect slots skip it if not."""
    return (st_cards(S)[np.uint64(s), np.uint64(c), K_TRIGS] >> min(trig, 31)) & 1 != 0


@engine_jit
def has_kw(S, s, i, bit):
    """Printed keyword, or one granted until end of turn (grant_keyword) or by a static ability."""
    cs = st_cs(S)
    s, i = np.uint64(s), np.uint64(i)  # as in power
    return ((st_cards(S)[s, i, K_KW] | cs[s, S_KW_EOT, i] | cs[s, S_KW_ST, i]) & bit) != 0


# ---- conditions and counted amounts (E_COND / E_FOREACH, encodings in sim.cards.effects) -------------------
@engine_jit
def matches(S, s, f, tmask, h):
    """Card f of s has a type in tmask (0 = any) and its name, job or category hashes to h (0 = any)."""
    cards = st_cards(S)
    if tmask != 0 and ((1 << cards[s, f, K_TYPE]) & tmask) == 0:
        return False
    return h == 0 or cards[s, f, K_NAMEH] == h or cards[s, f, K_JOBH] == h or cards[s, f, K_JOB2H] == h \
        or cards[s, f, K_CATH] == h


@engine_jit
def count_matching(S, s, code, h, self_s, self_c):
    """Characters on s's field matching the type mask (bits 4-7 of code) and hash h; bit 8 of code
    skips the card (self_s, self_c) itself ("other than X"); bit 3 (FE_DULL) counts dull ones only."""
    ps, ls = st_ps(S), st_ls(S)
    tmask = (code >> 4) & 15
    other = (code & COND_OTHER) != 0
    dull_only = (code & FE_DULL) != 0
    n = 0
    for k in range(ps[s, P_FN]):
        f = ls[s, L_FIELD, k]
        if (other and s == self_s and f == self_c) or (dull_only and st_cs(S)[s, S_DULL, f] == 0):
            continue
        if matches(S, s, f, tmask, h):
            n += 1
    return n


@engine_jit
def broken_this_turn(S, p, tmask, h):
    """p's main-deck cards matching (tmask, h) put from the field into the Break Zone in this game turn, wherever
    they are now: "has been put ... this turn" is about the event, which a later move does not undo."""
    cs, gturn = st_cs(S), st_gs(S)[X_GTURN]
    n = 0
    for i in range(st_ps(S)[p, P_NMAIN]):  # an LB card never reaches the Break Zone (15.2.8.4.1)
        if cs[p, S_BROKEN, i] == gturn and matches(S, p, i, tmask, h):
            n += 1
    return n


@engine_jit
def cond_ok(S, p, s, c, slot):
    """The condition of effect `slot` of card (s, c) holds for its controller p: "Damage n --" (own
    damage >= n), "if you control n or more X", "if your opponent controls X" (negatable), counts (CNT_*)."""
    effs = st_effs(S)
    v = effs[s, c, slot, E_COND]
    if v == 0:
        return True
    kind, n = v & 7, v >> 9
    ok = True
    if kind == COND_DAMAGE:
        ok = st_ps(S)[p, P_DMG] >= n
    elif kind == COND_OWN:
        ok = count_matching(S, p, v & ~COND_NOT, effs[s, c, slot, E_COND_PARAM], s, c) >= n
    elif kind == COND_OPP:
        ok = count_matching(S, 1 - p, v & ~COND_NOT, effs[s, c, slot, E_COND_PARAM], s, c) >= n
    elif kind == COND_MY_TURN:
        ok = st_gs(S)[X_ACTIVE] == p
    elif kind == COND_CHOSEN_GONE:
        gs = st_gs(S)
        ok = gs[X_CHS] >= 0 and st_cs(S)[gs[X_CHS], S_ZONE, gs[X_CHC]] != Z_FIELD
    elif kind == COND_COUNT:  # a count of the game (CNT_*) for p
        k, ps = (v >> 4) & 15, st_ps(S)
        if k == CNT_BROKEN or k == CNT_BROKEN_FORWARD:
            tmask = 1 << FORWARD if k == CNT_BROKEN_FORWARD else 0
            m = broken_this_turn(S, p, tmask, effs[s, c, slot, E_COND_PARAM])
        elif k == CNT_BZ_TYPES:  # how many of the four card types p's Break Zone holds (Titania 13-132S)
            cards, cs, seen = st_cards(S), st_cs(S), 0
            for i in range(ps[p, P_NMAIN]):
                if cs[p, S_ZONE, i] == Z_BREAK:
                    seen |= 1 << cards[p, i, K_TYPE]
            m = popcount(seen & 15)
        elif k == CNT_BREAK_ZONE:  # "if you have a Card Name X in your Break Zone" (Innocence 13-137S)
            cards, cs, m = st_cards(S), st_cs(S), 0
            for i in range(ps[p, P_NMAIN]):
                if cs[p, S_ZONE, i] == Z_BREAK and matches(S, p, i, 0, effs[s, c, slot, E_COND_PARAM]):
                    m += 1
        else:
            m = ps[p, P_HN] if k == CNT_OWN_HAND else ps[1 - p, P_HN] if k == CNT_OPP_HAND else ps[p, P_DMG] \
                if k == CNT_OWN_DAMAGE else ps[1 - p, P_DMG] if k == CNT_OPP_DAMAGE else ps[p, P_PLAYED] \
                if k == CNT_CAST else st_cs(S)[s, S_PAID, c] if k == CNT_PAID else 0
        ok = m >= n
    return ok != ((v & COND_NOT) != 0)  # COND_TRIGGER was checked when the ability triggered (push_own)


@inline_jit
def count_key(S, p):
    """The counts p's static bonuses read (the CK_* bits of P_HAS_STATIC) packed in one number, 7 bits each
    (a hand, a cast count or a Damage Zone holds at most W = 64 cards)."""
    ps = st_ps(S)
    fl = ps[p, P_HAS_STATIC]
    key = 0
    if fl & CK_OWN_HAND:
        key = ps[p, P_HN]
    if fl & CK_OPP_HAND:
        key |= ps[1 - p, P_HN] << 7
    if fl & CK_OPP_DAMAGE:
        key |= ps[1 - p, P_DMG] << 14
    if fl & CK_CAST:
        key |= ps[p, P_PLAYED] << 21
    return key


@engine_jit
def counts_changed(S):
    """A hand, damage or cast count changed: static bonuses under a COND_COUNT condition (STATIC_COUNT) are
    recomputed (recount_static). Kept this small so that it compiles into its callers: most decks have none."""
    ps = st_ps(S)
    if (ps[0, P_HAS_STATIC] | ps[1, P_HAS_STATIC]) & STATIC_COUNT:
        recount_static(S)


@engine_jit
def recount_static(S):
    """counts_changed's recount, on both sides (one may read the other's hand), for a seat with a static bonus on
    the field whose counts (count_key) differ from those of its last refresh, or that reads more than counts
    (CK_EVERY)."""
    ps = st_ps(S)
    for s in range(2):
        fl = ps[s, P_HAS_STATIC]
        if fl & STATIC_COUNT and ps[s, P_NSTAT] \
                and (fl & (CK_EVERY | STATIC_ALWAYS) or count_key(S, s) != ps[s, P_CKEY]):
            refresh_static(S, s)


@engine_jit
def effect_amount(S, p, s, c, slot):
    """The amount, times the "for each" count when the effect has one."""
    effs, ps = st_effs(S), st_ps(S)
    amount = effs[s, c, slot, E_AMOUNT]
    v = effs[s, c, slot, E_FOREACH]
    if v == 0:
        return amount
    kind = v & 7
    m = 0
    if kind == FE_OWN:
        m = count_matching(S, p, v, effs[s, c, slot, E_FE_PARAM], s, c)
    elif kind == FE_OPP:
        m = count_matching(S, 1 - p, v, effs[s, c, slot, E_FE_PARAM], s, c)
    elif kind == FE_OWN_HAND:
        m = ps[p, P_HN]
    elif kind == FE_OPP_HAND:
        m = ps[1 - p, P_HN]
    elif kind == FE_OWN_DAMAGE:
        m = ps[p, P_DMG]
    elif kind == FE_CAST:
        m = ps[p, P_PLAYED]
    elif kind == FE_SELF_POWER:  # its power on resolution; printed once it has left the field
        m = power(S, s, c) if st_cs(S)[s, S_ZONE, c] == Z_FIELD else st_cards(S)[s, c, K_POWER]
    cap = v >> 9  # "(up to 3 Forwards)"
    if cap > 0 and m > cap:
        m = cap
    return amount * m


# ---- lists and zones ------------------------------------------------------------------------------
@engine_jit
def list_add(S, p, which, count_col, c):
    ls, ps = st_ls(S), st_ps(S)
    ls[p, which, ps[p, count_col]] = c
    ps[p, count_col] += 1


@engine_jit
def list_remove(S, p, which, count_col, c):
    ls, ps = st_ls(S), st_ps(S)
    n = ps[p, count_col]
    for k in range(n):
        if ls[p, which, k] == c:
            ls[p, which, k] = ls[p, which, n - 1]
            ps[p, count_col] = n - 1
            return


@inline_jit
def index_field(S, p):
    """L_FWD / L_BKP: p's Forwards and Backups in field order (L_FIELD filtered), and P_NLD; rebuilt
    on every field change, so that a loop over one kind needs no type test and keeps the field's order."""
    cards, ls, ps = st_cards(S), st_ls(S), st_ps(S)
    nf, nb, nld = 0, 0, 0
    for k in range(ps[p, P_FN]):
        c = ls[p, L_FIELD, k]
        t = cards[p, c, K_TYPE]
        if t == FORWARD:
            ls[p, L_FWD, nf] = c
            nf += 1
        elif t == BACKUP:
            ls[p, L_BKP, nb] = c
            nb += 1
        if cards[p, c, K_ELEM] & LIGHT_DARK:
            nld += 1
    ps[p, P_NF] = nf
    ps[p, P_NB] = nb
    ps[p, P_NLD] = nld


@engine_jit
def to_hand(S, p, c):
    st_cs(S)[p, S_ZONE, c] = Z_HAND
    list_add(S, p, L_HAND, P_HN, c)
    counts_changed(S)


@engine_jit
def discard(S, p, c):
    """Hand -> Break Zone (rule 15.1.1.4)."""
    list_remove(S, p, L_HAND, P_HN, c)
    st_cs(S)[p, S_ZONE, c] = Z_BREAK
    counts_changed(S)


@engine_jit
def draw(S, p, n):
    """Draw n; drawing from an empty main deck marks a loss (rules 3.1.2, 12.4.2)."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    for _ in range(n):
        top = ps[p, P_TOP]
        if top >= ps[p, P_NMAIN]:
            ps[p, P_DREW_EMPTY] = 1
            return
        c = ls[p, L_ORDER, top]
        ps[p, P_TOP] = top + 1
        to_hand(S, p, c)
        if cs[p, S_DRAWN, c] < 0:
            cs[p, S_DRAWN, c] = ps[p, P_TURN]


@engine_jit
def mill(S, p, n):
    """The top n cards of p's main deck go to the Break Zone (no loss: only drawing or damage from an
    empty deck loses, 3.1.2-3)."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    for _ in range(n):
        top = ps[p, P_TOP]
        if top >= ps[p, P_NMAIN]:
            return
        cs[p, S_ZONE, ls[p, L_ORDER, top]] = Z_BREAK
        ps[p, P_TOP] = top + 1


@engine_jit
def discard_least(S, p, n):
    """p discards its n least valuable hand cards ("discard 1 card from your hand", a discard cost)."""
    ls, ps = st_ls(S), st_ps(S)
    for _ in range(n):
        hn = ps[p, P_HN]
        if hn == 0:
            return
        best, best_v = ls[p, L_HAND, 0], 1 << 30
        for k in range(hn):
            v = card_value(S, p, ls[p, L_HAND, k])
            if v < best_v:
                best, best_v = ls[p, L_HAND, k], v
        discard(S, p, best)


@engine_jit
def xcost_kind(v):
    """The XC_* kind of the extra action cost packed in E_DULL value v (bit 0 is the dull cost)."""
    return (v >> 1) & 7


@engine_jit
def xcost_n(v):
    """How many cards the extra action cost packed in E_DULL value v discards or puts away."""
    return (v >> 4) & 0xFFF  # bits 4-15 (ACT_CHAIN / ACT_ONCE above)


@engine_jit
def special_discard(S, p, c, v):
    """The hand card with c's name that a Special Ability's cost discards (11.7.1), -1 if none or the
    cost in E_DULL value v has no such part."""
    if xcost_kind(v) != XC_SPECIAL:
        return -1
    cards, ps, ls = st_cards(S), st_ps(S), st_ls(S)
    for k in range(ps[p, P_HN]):
        h = ls[p, L_HAND, k]
        if cards[p, h, K_NAME] == cards[p, c, K_NAME]:
            return h
    return -1


@engine_jit
def extra_cost_ok(S, p, c, v):
    """p can pay the extra cost of c's action ability packed in E_DULL value v (sim.cards.effects.XC_*): n
    cards in hand to discard, n cards in the deck to put into the Break Zone, a card with c's name to
    discard for a Special Ability (a cost must be paid in full, 11.6.2)."""
    kind, n = xcost_kind(v), xcost_n(v)
    ps = st_ps(S)
    if kind == XC_SPECIAL:
        return special_discard(S, p, c, v) >= 0
    if kind == XC_DISCARD:
        return ps[p, P_HN] >= n
    if kind == XC_MILL:
        return ps[p, P_NMAIN] - ps[p, P_TOP] >= n
    if kind == XC_COUNTER:
        return st_cs(S)[p, S_COUNTERS, c] >= n
    return True


@engine_jit
def extra_discards(v):
    """Cards the extra action cost in E_DULL value v discards (0 unless it is a discard cost)."""
    return xcost_n(v) if xcost_kind(v) == XC_DISCARD else 0


@engine_jit
def pay_extra_cost(S, p, c, v):
    """Pay the extra cost of c's action ability packed in E_DULL value v (11.6.2), after the CP."""
    kind, n = xcost_kind(v), xcost_n(v)
    if kind == XC_SPECIAL:
        discard(S, p, special_discard(S, p, c, v))
    elif kind == XC_DISCARD:
        discard_least(S, p, n)
    elif kind == XC_MILL:
        mill(S, p, n)
    elif kind == XC_COUNTER:
        st_cs(S)[p, S_COUNTERS, c] -= n


@engine_jit
def ability_end(S, p, c, k):
    """One past the last slot of the action ability that starts at slot k (k and the slots chained to it)."""
    effs = st_effs(S)
    j = k + 1
    while j < st_cards(S)[p, c, K_NEFF] and (effs[p, c, j, E_DULL] >> ACT_CHAIN) & 1:
        j += 1
    return j


@engine_jit
def action_head(v):
    """E_DULL value v belongs to the first slot of an action ability (not a chained one)."""
    return (v >> ACT_CHAIN) & 1 == 0


@engine_jit
def once_used(S, p, c, k):
    """c's once-per-turn action ability at slot k was used this turn."""
    return (st_effs(S)[p, c, k, E_DULL] >> ACT_ONCE) & 1 and (st_cs(S)[p, S_ONCE, c] >> k) & 1


@engine_jit
def action_payment(S, p, c, k, keep, dry):
    """plan_pay for c's action ability at slot k (11.6.2): its CP cost with its element CP, keeping `keep` cards
    plus those its extra cost discards, never discarding the Special Ability's same-name card (11.7.1)
    and, when the cost dulls c, not using c as a Backup."""
    effs = st_effs(S)
    v = effs[p, c, k, E_DULL]
    keep = max(keep, extra_discards(v))
    return plan_pay(S, p, effs[p, c, k, E_COST], 0, special_discard(S, p, c, v), c if v & 1 else -1, keep, dry)


@engine_jit
def spare_backup(S, p):
    """The Backup p gives up for a cost: a dull one first (its CP is spent), then the cheapest; -1 if none."""
    cards, cs, ps, ls = st_cards(S), st_cs(S), st_ps(S), st_ls(S)
    best, best_v = -1, 1 << 30
    for k in range(ps[p, P_NB]):
        f = ls[p, L_BKP, k]
        v = (1 - cs[p, S_DULL, f]) * 1000 + cards[p, f, K_COST]
        if v < best_v:
            best, best_v = f, v
    return best


@engine_jit
def pays_off(S, p, s, c, slot):
    """An optional cost is worth paying for effect `slot`: its op has a target, and damage would break it."""
    effs = st_effs(S)
    op = effs[s, c, slot, E_OP]
    if not targets_character(op):
        return True
    amount = effect_amount(S, p, s, c, slot)
    ts, tc = choose_target(S, p, op, amount, effs[s, c, slot, E_PARAM], effs[s, c, slot, E_TARGET], s, c, -1, -1,
                           effs[s, c, slot, E_TMASK], effs[s, c, slot, E_THASH])
    if ts < 0 or (ts == p) == harmful(op):  # "choose 1 dull Forward" may fall on one's own (choose_target)
        return False
    return op != OP_DAMAGE or power(S, ts, tc) - st_cs(S)[ts, S_DMG, tc] <= amount


@engine_jit
def push(S, ctrl, s, c, slot, hs, hc):
    q, gs = st_q(S), st_gs(S)
    t = gs[X_QT]
    if t - gs[X_QH] >= QCAP:  # a runaway chain: rule 13.1 draw
        gs[X_LOOP] = 1
        return
    k = t % QCAP
    q[k, Q_CTRL] = ctrl
    q[k, Q_SEAT] = s
    q[k, Q_CARD] = c
    q[k, Q_SLOT] = slot
    q[k, Q_HSEAT] = hs
    q[k, Q_HCARD] = hc
    gs[X_QT] = t + 1


@inline_jit
def push_trigger(S, ctrl, s, c, trig, hs, hc):
    """Queue the card's effects with this trigger (auto abilities, rule 11.8); returns how many were queued.
    The K_TRIGS test is in the callers' code (inline_jit): most calls are for a trigger the card does not have,
    and the call cost more than the test (callgrind)."""
    if not has_trigger(S, s, c, trig):
        return 0
    return queue_trigger(S, ctrl, s, c, trig, hs, hc)


@engine_jit
def queue_trigger(S, ctrl, s, c, trig, hs, hc):
    """push_trigger's queueing, for a card that has the trigger (K_TRIGS). A modal ability's options are all
    queued: the first to resolve picks them (exec_effect)."""
    cards, effs = st_cards(S), st_effs(S)
    n = 0
    for k in range(cards[s, c, K_NEFF]):
        if effs[s, c, k, E_TRIGGER] == trig:
            if effs[s, c, k, E_COND] & 7 == COND_DAMAGE and not cond_ok(S, ctrl, s, c, k):
                continue  # "Damage n -- When ...": the card has the ability only at n damage, so it triggers only then
            push(S, ctrl, s, c, k, hs, hc)
            n += 1
    return n


@engine_jit
def of_trigger_kind(S, p, f, k, m):
    """p's card m is of the kind that f's ability k counts (COND_TRIGGER in E_COND: the kind's hash in E_COND_PARAM,
    its elements from TRIGGER_ELEM_SHIFT; "other than X": f itself is not)."""
    v = st_effs(S)[p, f, k, E_COND]
    elems = (v >> TRIGGER_ELEM_SHIFT) & 255
    return not ((v & COND_OTHER) and m == f) and matches(S, p, m, (v >> 4) & 15, st_effs(S)[p, f, k, E_COND_PARAM]) \
        and (elems == 0 or st_cards(S)[p, m, K_ELEM] & elems != 0)


@engine_jit
def push_own(S, p, trig, hs, hc, n):
    """"When a <kind> you control attacks / enters your field" (the card hc; n = 0) and "When n or more <kind>
    Forwards you control form a party and attack" (the party scr[2][:n]): queue, with the hint (hs, hc), the
    abilities with this trigger of p's characters for which at least the count in COND_TRIGGER (E_COND; the
    kind's hash in E_COND_PARAM, its elements from TRIGGER_ELEM_SHIFT) of those cards match the kind ("other than
    X": X itself does not count)."""
    cards, effs, ls, scr = st_cards(S), st_effs(S), st_ls(S), st_scr(S)
    for j in range(st_ps(S)[p, P_FN]):
        f = ls[p, L_FIELD, j]
        if not has_trigger(S, p, f, trig):
            continue
        for k in range(cards[p, f, K_NEFF]):
            if effs[p, f, k, E_TRIGGER] != trig:
                continue
            members = 0
            for a in range(max(n, 1)):
                if of_trigger_kind(S, p, f, k, hc if n == 0 else scr[2, a]):
                    members += 1
            if members >= (effs[p, f, k, E_COND] >> 9) & 7:
                push(S, p, p, f, k, hs, hc)


@engine_jit
def party_triggers(S, p, n):
    """Queue what a party of p's n attackers scr[2][:n] triggers (15.1.1.9): "When X forms a party and attacks"
    of its members and own_party_attacks of p's characters (push_own)."""
    if n < 2:
        return
    for k in range(n):
        push_trigger(S, p, p, st_scr(S)[2, k], TR_PARTY_ATTACK, -1, -1)
    push_own(S, p, TR_OWN_PARTY, -1, -1, n)


@engine_jit
def ex_self_lethal(S, p, c):
    """Card c's EX Burst would deal its owner p damage that reaches p's losing damage (3.1.1)."""
    effs = st_effs(S)
    lose = 6 if st_opt(S)[O_LIMITED] else 7
    for k in range(st_cards(S)[p, c, K_NEFF]):
        if effs[p, c, k, E_OP] == OP_PLAYER_DAMAGE and effs[p, c, k, E_TARGET] == TG_OWN_PLAYER \
                and st_ps(S)[p, P_DMG] + effs[p, c, k, E_AMOUNT] >= lose:
            return True
    return False


@inline_jit
def ex_hurts_self(S, p, c):
    """Card c's EX Burst would choose one of p's own characters for a harmful "choose 1 Forward" (no opposing one is
    legal: choose_target falls back to p's side), so p does not use it (11.10: an EX Burst may be used)."""
    cards, effs = st_cards(S), st_effs(S)
    if has_trigger(S, p, c, TR_EX):
        trig = TR_EX
    elif cards[p, c, K_EX] == 0:
        return False  # no EX Burst
    else:
        trig = TR_CAST if cards[p, c, K_TYPE] == SUMMON else TR_ENTER
    for k in range(cards[p, c, K_NEFF]):
        op = effs[p, c, k, E_OP]
        if effs[p, c, k, E_TRIGGER] == trig and effs[p, c, k, E_TARGET] == TG_ANY_CHAR and harmful(op) \
                and mode_of(effs[p, c, k, E_DULL]) == 0:
            ts, _ = choose_target(S, p, op, effs[p, c, k, E_AMOUNT], effs[p, c, k, E_PARAM], TG_ANY_CHAR, p, c, -1, -1,
                                  effs[p, c, k, E_TMASK], effs[p, c, k, E_THASH])
            if ts == p:
                return True
    return False


@engine_jit
def push_ex_burst(S, p, c):
    """EX Burst (rule 11.10): explicit ex_burst effects; otherwise a Summon's whole text, a character's
    auto ability (enter effects) when the card has the EX Burst icon (rule 11.10.3)."""
    if st_ps(S)[p, P_POLICY] != RANDOM and (ex_self_lethal(S, p, c) or ex_hurts_self(S, p, c)):
        return  # an EX Burst may be used (11.10): none that deals its own player the losing damage (Bahamut 6-017C)
    if push_trigger(S, p, p, c, TR_EX, -1, -1) > 0 or st_cards(S)[p, c, K_EX] == 0:
        return
    push_trigger(S, p, p, c, TR_CAST if st_cards(S)[p, c, K_TYPE] == SUMMON else TR_ENTER, -1, -1)


@engine_jit
def damage_player(S, p, n):
    """n damage to player p (rule 6.5.2): each point moves the top deck card to the Damage Zone.
    EX Bursts are queued in reveal order and resolve after all points (6.5.2.1). Damage with an
    empty deck marks a loss (3.1.3, 12.4.3)."""
    damage_player_ex(S, p, n, True)


@engine_jit
def damage_player_ex(S, p, n, ex):
    """damage_player; ex False: "EX Bursts of cards put into the Damage Zone due to this damage cannot be used"
    (11.10)."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    dealt = 0
    for _ in range(n):
        top = ps[p, P_TOP]
        if top >= ps[p, P_NMAIN]:
            ps[p, P_EMPTY_DMG] = 1
            break
        c = ls[p, L_ORDER, top]
        ps[p, P_TOP] = top + 1
        cs[p, S_ZONE, c] = Z_DAMAGE
        ps[p, P_DMG] += 1
        dealt += 1
        if ex:
            push_ex_burst(S, p, c)
    ps[1 - p, P_DEALT] += dealt
    if dealt and ps[p, P_HAS_STATIC]:
        update_static(S, p)  # "Damage n --" static abilities (15.2.x) switch on with damage
    if dealt:
        counts_changed(S)


@engine_jit
def enter_field(S, p, c):
    """A character enters: Backups dull (5.2.3.1.1.3), others active; all summoning-sick (10.1.2.1.1)."""
    cs = st_cs(S)
    cs[p, S_ZONE, c] = Z_FIELD
    cs[p, S_DULL, c] = 1 if st_cards(S)[p, c, K_TYPE] == BACKUP else 0
    cs[p, S_SICK, c] = 1
    cs[p, S_FROZEN, c] = 0
    cs[p, S_ATTACKED, c] = 0
    cs[p, S_DMG, c] = 0
    cs[p, S_PUMP, c] = 0
    cs[p, S_KW_EOT, c] = 0
    cs[p, S_SHIELD, c] = 0
    cs[p, S_ONCE, c] = 0
    cs[p, S_COUNTERS, c] = 0
    list_add(S, p, L_FIELD, P_FN, c)
    index_field(S, p)
    if has_trigger(S, p, c, TR_STATIC):  # may be the first static bonus on the field (P_NSTAT)
        refresh_static(S, p)
    else:
        update_static(S, p)
    update_static_opp(S, 1 - p)
    if st_cards(S)[p, c, K_TYPE] == FORWARD and power(S, p, c) <= 0:
        st_gs(S)[X_RP] = 1
    if st_ps(S)[p, P_HAS_TRIG] & HT_OWN_ENTER:
        push_own(S, p, TR_OWN_ENTERS, p, c, 0)


@engine_jit
def leave_field(S, p, c, dest):
    """Field -> dest (Break Zone or hand). The card becomes a new object (7.4): damage and modifiers go.
    An LB card goes to the LB deck face up instead (15.2.8.4.1). A card put into the Break Zone queues its leave
    triggers and keeps the game turn in S_BROKEN."""
    cs, ps = st_cs(S), st_ps(S)
    list_remove(S, p, L_FIELD, P_FN, c)
    index_field(S, p)
    for col in (S_DULL, S_FROZEN, S_SICK, S_ATTACKED, S_DMG, S_PUMP, S_KW_EOT, S_STATIC, S_KW_ST, S_SHIELD, S_ONCE,
                S_COUNTERS, S_PAID):
        cs[p, col, c] = 0
    if c >= ps[p, P_NMAIN]:
        cs[p, S_ZONE, c] = Z_LB_UP
    elif dest == Z_HAND:
        to_hand(S, p, c)
    else:
        cs[p, S_ZONE, c] = dest  # Z_REMOVED: removed from the game for a moment (flicker), no leave abilities
        if dest == Z_BREAK:
            cs[p, S_BROKEN, c] = st_gs(S)[X_GTURN]  # "has been put from the field into the Break Zone this turn"
    if dest == Z_BREAK:  # "When X is put from the field into the Break Zone / is broken": not when returned to hand
        push_trigger(S, p, p, c, TR_LEAVE, -1, -1)
    if ps[1 - p, P_HAS_TRIG] & HT_OPP_LEAVE and st_cards(S)[p, c, K_TYPE] == FORWARD:
        q, ls = 1 - p, st_ls(S)
        for k in range(ps[q, P_FN]):
            f = ls[q, L_FIELD, k]
            push_trigger(S, q, q, f, TR_OPP_LEAVES, -1, -1)
            if dest == Z_BREAK:
                push_trigger(S, q, q, f, TR_OPP_BROKEN, -1, -1)
    update_static(S, p)
    update_static_opp(S, 1 - p)


@engine_jit
def update_static(S, p):
    """refresh_static, for decks with static effects (P_HAS_STATIC, set in setup) only, and only while a static bonus
    is on p's field (P_NSTAT)."""
    ps = st_ps(S)
    if ps[p, P_HAS_STATIC] and ps[p, P_NSTAT]:
        refresh_static(S, p)


@engine_jit
def update_static_opp(S, p):
    """refresh_static after a change on the other side: only for statics that may read it, while one is on p's
    field (P_NSTAT); for statics that read only counts there, only when those counts changed (count_key)."""
    ps = st_ps(S)
    fl = ps[p, P_HAS_STATIC]
    if fl & STATIC_OPP and ps[p, P_NSTAT] \
            and (fl & (STATIC_OPP_FIELD | CK_EVERY | STATIC_ALWAYS) or count_key(S, p) != ps[p, P_CKEY]):
        refresh_static(S, p)


@engine_jit
def static_bonus_op(op):
    """The static effects refresh_static applies (the rest act elsewhere: cost_reduce, damage_mod, ...)."""
    return op == OP_PUMP or op == OP_WEAKEN or op == OP_HASTE or op == OP_GRANT_KEYWORD or op == OP_UNTARGETABLE \
        or op == OP_TAUNT or op == OP_NO_BREAK


@engine_jit
def refresh_static(S, p):
    """Static power bonuses and keywords of p's characters (trigger static, op pump/weaken/haste/
    grant_keyword, target self or all_own_characters filtered by E_TMASK/E_THASH), under their
    conditions and "for each" counts; recomputed whenever a field or p's damage changes (11.9).
    A count of cards in hand is not tracked here (the importer does not emit it for statics).
    A bonus that went down may leave a Forward to the rule processes (X_RP). Keeps how many field characters have a
    static bonus (P_NSTAT) and the counts read (P_CKEY), which let the callers skip a refresh that would change nothing."""
    cards, effs, cs, ps, ls = st_cards(S), st_effs(S), st_cs(S), st_ps(S), st_ls(S)
    fn = ps[p, P_FN]
    for k in range(fn):
        f = ls[p, L_FIELD, k]
        cs[p, S_PREV, f] = cs[p, S_STATIC, f]
        cs[p, S_STATIC, f] = 0
        cs[p, S_KW_ST, f] = 0
    nsrc = 0
    for k in range(fn):
        c = ls[p, L_FIELD, k]
        if not has_trigger(S, p, c, TR_STATIC):
            continue
        src = 0
        for e in range(cards[p, c, K_NEFF]):
            if effs[p, c, e, E_TRIGGER] != TR_STATIC:
                continue
            op = effs[p, c, e, E_OP]
            if not static_bonus_op(op):
                continue
            src = 1
            if effs[p, c, e, E_COND] != 0 and not cond_ok(S, p, p, c, e):
                continue
            amount = effect_amount(S, p, p, c, e)
            if op == OP_WEAKEN:
                amount = -amount
            kw = 0
            if op == OP_HASTE:
                kw = KW_HASTE
            elif op == OP_GRANT_KEYWORD:
                kw = 1 << effs[p, c, e, E_PARAM]
            elif op == OP_UNTARGETABLE:
                kw = effs[p, c, e, E_AMOUNT] * KW_NOT_BY_ABILITIES  # bit 1 -> 64, bit 2 -> 128
            elif op == OP_TAUNT:
                kw = KW_TAUNT
            elif op == OP_NO_BREAK:
                kw = KW_NO_BREAK_OPP
            tgt = effs[p, c, e, E_TARGET]
            if tgt == TG_ALL_OWN:
                tmask, h = effs[p, c, e, E_TMASK], effs[p, c, e, E_THASH]
                other = (tmask & COND_OTHER) != 0  # "the Forwards other than X you control"
                tmask &= 15
                for j in range(fn):
                    f = ls[p, L_FIELD, j]
                    if other and f == c:
                        continue
                    # power bonuses go to Forwards; "cannot be chosen" to any matching character
                    if (cards[p, f, K_TYPE] == FORWARD or op == OP_UNTARGETABLE or op == OP_TAUNT) \
                            and (h == 0 and tmask == 0 or matches(S, p, f, tmask, h)):
                        if kw:
                            cs[p, S_KW_ST, f] |= kw
                        else:
                            cs[p, S_STATIC, f] += amount
            elif tgt == TG_SELF:
                if kw:
                    cs[p, S_KW_ST, c] |= kw
                else:
                    cs[p, S_STATIC, c] += amount
        nsrc += src
    for k in range(ps[p, P_NF]):  # only a Forward's power matters to the rule processes
        f = ls[p, L_FWD, k]
        if cs[p, S_STATIC, f] < cs[p, S_PREV, f]:
            st_gs(S)[X_RP] = 1
    ps[p, P_NSTAT] = nsrc + (ps[p, P_HAS_STATIC] & STATIC_ALWAYS)
    ps[p, P_CKEY] = count_key(S, p)


# ---- field limits ---------------------------------------------------------------------------------
@engine_jit
def name_on_field(S, p, c):
    """A non-generic character with this card's name is on p's field (rules 7.7.3, 7.7.3.1)."""
    cards, ls, ps = st_cards(S), st_ls(S), st_ps(S)
    nm = cards[p, c, K_NAME]
    for k in range(ps[p, P_FN]):
        f = ls[p, L_FIELD, k]
        if cards[p, f, K_NAME] == nm and cards[p, f, K_GENERIC] == 0:
            return True
    return False


@engine_jit
def can_enter(S, p, c):
    """Limits checked before casting (you cannot exceed them voluntarily): backups <= 5 (7.7.4),
    one non-generic per name (7.7.3), one Light/Dark character (7.7.5)."""
    cards = st_cards(S)
    t = cards[p, c, K_TYPE]
    if t == SUMMON:
        return True
    if t == BACKUP and st_ps(S)[p, P_NB] >= MAX_BACKUPS:
        return False
    if cards[p, c, K_GENERIC] == 0 and name_on_field(S, p, c):
        return False
    if (cards[p, c, K_ELEM] & LIGHT_DARK) and st_ps(S)[p, P_NLD] > 0:
        return False
    return True


# ---- card values (which cards a policy discards first) ------------------------------------------
@engine_jit
def is_removal(S, p, c):
    effs = st_effs(S)
    for k in range(st_cards(S)[p, c, K_NEFF]):
        op = effs[p, c, k, E_OP]
        if op == OP_DAMAGE or op == OP_BREAK or op == OP_BREAK_POWER or op == OP_BOUNCE or op == OP_FREEZE \
                or op == OP_FIGHT:
            return True
    return False


@engine_jit
def card_value(S, p, c):
    """card_value_inline as a call: for every caller but pick_discard, which asks it once per hand card of most
    payments (its code inline there saves the call's some 25 instructions, callgrind)."""
    return card_value_inline(S, p, c)


@inline_jit
def card_value_inline(S, p, c):
    """How much a policy wants to keep card c in hand; lowest is discarded first (CP, hand limit).
    Dead cards first: a non-generic character whose name p already controls, a 6th Backup. Curve and control
    value a card by what it is worth (K_WORTH: its unmodelled lines count for nothing), not its printed cost;
    curve values Backups and Forwards alike (150 + worth), control keeps every Backup. A card another card of the deck
    asks for or names (K_ASKED) gets the policy's PR_HOLD on top."""
    cards, ps = st_cards(S), st_ps(S)
    pol = ps[p, P_POLICY]
    if pol == RANDOM:
        return randbelow(st_rng(S)[2 + p], 1000)
    t = cards[p, c, K_TYPE]
    cost = cards[p, c, K_COST]
    if t != SUMMON and cards[p, c, K_GENERIC] == 0 and name_on_field(S, p, c):
        return -1000 + cost
    nb = ps[p, P_NB]
    if t == BACKUP and nb >= MAX_BACKUPS:
        return -900
    worth = cards[p, c, K_WORTH]  # tenths of CP
    if pol == AGGRO:
        if t == FORWARD:
            v = 300 - 20 * cost + (100 if has_kw(S, p, c, KW_HASTE) else 0)
        elif t == BACKUP:
            v = 150 if nb < 3 else 40
        elif t == SUMMON:
            v = 120 if is_removal(S, p, c) else 60
        else:
            v = 80
    elif pol == CURVE:
        # a Backup in hand is worth what a Forward of the same worth is: a flat value above every Forward paid
        # Cloud 15-139S (6 CP) away for a vanilla 1-CP Evoker (issue 33, part 4)
        if t == BACKUP or t == FORWARD:
            v = 150 + worth
        elif t == SUMMON:
            v = 120 + worth // 2
        else:
            v = 100
    # CONTROL
    elif t == BACKUP:
        v = 400
    elif t == SUMMON:
        v = 300 if is_removal(S, p, c) else 90
    elif t == FORWARD:
        v = 100 + 15 * worth // 10
    else:
        v = 80
    # a card another card of the deck asks for is kept over others (issue 33, part 4): Operatives for Cloud 15-139S
    # and for each other's cost reduction stay in hand while a Backup or a Summon pays
    return v + (st_prm(S)[p, PR_HOLD] if cards[p, c, K_ASKED] else 0)


@engine_jit
def hand_reserve(S, p):
    """Cards p keeps in hand when it discards for CP: its policy's PR_RESERVE (the random policy none)."""
    return 0 if st_ps(S)[p, P_POLICY] == RANDOM else st_prm(S)[p, PR_RESERVE]


# ---- CP payment (section 7) -----------------------------------------------------------------------
@engine_jit
def can_discard_for_cp(S, p, c):
    return (st_cards(S)[p, c, K_ELEM] & LIGHT_DARK) == 0  # rule 5.2.1.3: never Light/Dark


NO_VALUE = -(1 << 30)  # scr[3] during a payment: card value not computed yet
ELEMENT_NEEDS = (1 << 24) - 1  # a cost's element CP (cost_needs): 3 bits for each of the 8 elements
# cost_needs for a card's cost, read from tables by its element mask: 1 CP of each element (bit e -> 1 << 3e) and how
# many elements; the loop over the 8 elements it replaces was 47 instructions at each plan_pay (callgrind)
ELEMENT_SPREAD = np.array([sum(1 << 3 * e for e in range(8) if m >> e & 1) for m in range(256)], np.int64)
ELEMENT_COUNT = np.array([bin(m).count("1") for m in range(256)], np.int64)


@inline_jit
def pick_discard(S, p, bit, excl, nd, keep, dry):
    """The hand card to discard for 2 CP of an element in `bit` (lowest value), or -1.
    Respects the policy's hand reserve `keep` (cards left after this payment). In plan_pay's code (inline_jit):
    the call cost more than most of its scans."""
    cards, ps, ls, scr = st_cards(S), st_ps(S), st_ls(S), st_scr(S)
    hn = ps[p, P_HN]
    left = hn - nd - 1 - (1 if excl >= 0 else 0)
    if left < keep:
        return -1
    cached = ps[p, P_POLICY] != RANDOM  # plan_pay keeps the values of one payment in scr[3] (not random's draws)
    best, best_v = -1, 1 << 30
    # curve does not pay with a Forward valued more than 1 CP above the card it casts: Cloud 15-139S (6 CP) went as CP
    # on turn 1 for a 3-CP Forward (issue 33, part 4). The cap is computed at the first Forward it applies to, and a
    # dry run (any payment will do) values only the Forwards: card values are most of a payment's cost
    capped = excl >= 0 and ps[p, P_POLICY] == CURVE
    cap = NO_VALUE
    for k in range(hn):
        c = ls[p, L_HAND, k]
        if c == excl or not can_discard_for_cp(S, p, c) or (cards[p, c, K_ELEM] & bit) == 0:
            continue
        taken = False
        for j in range(nd):
            if scr[1, j] == c:
                taken = True
                break
        if taken:
            continue
        forward_capped = capped and cards[p, c, K_TYPE] == FORWARD
        if dry and not forward_capped:
            return c
        v = scr[3, k] if cached and not dry else NO_VALUE
        if v == NO_VALUE:
            v = card_value_inline(S, p, c)
            if cached and not dry:
                scr[3, k] = v
        if forward_capped:
            if cap == NO_VALUE:
                cap = card_value(S, p, excl) + 10
            if v > cap:
                continue
        if dry:
            return c
        if v < best_v:
            best, best_v = c, v
    return best


@inline_jit
def cost_needs(cost, req):
    """(CP to pay, the CP of each element it must include: 3 bits per element, ELEMENTS order, their sum and how many
    elements) of a cost: an ability's cost as the importer packs it in E_COST ("《雷》《雷》《1》": 3 CP, 2 of them
    Lightning; paid exactly as printed, 11.6.2), or a card's cost with its element mask req (at least 1 CP of each of
    its elements, 11.4.6). In its callers' code (inline_jit)."""
    need = cost >> COST_ELEM_SHIFT
    n, kinds = 0, 0
    if need == 0:  # a card's cost: 1 CP of each element of req (its 8 element bits)
        m = req & 255
        return cost & COST_CP, ELEMENT_SPREAD[m], ELEMENT_COUNT[m], ELEMENT_COUNT[m]
    rest = need & ELEMENT_NEEDS
    while rest:
        w = rest & 7
        n += w
        kinds += 1 if w else 0
        rest >>= 3
    return cost & COST_CP, need, n, kinds


@engine_jit
def covers(S, p, need, nb, nd, skip_b, skip_d):
    """Do the chosen sources still include the CP of each element need asks (cost_needs; rule 11.4.6.2)?
    Each discard declares one element and gives 2 CP of it (5.2.1.3); a multi-element Backup gives one chosen
    element unless option multi_backup_one_element is 0. Greedy matching, Backups first."""
    cards, scr, opt = st_cards(S), st_scr(S), st_opt(S)
    used = 0  # bitmask over chosen sources: bit k = backup k, bit 16+k = discard k
    for e in range(8):
        bit = 1 << e
        want = need >> (3 * e) & 7
        got = 0
        for k in range(nb):
            if got >= want:
                break
            if k == skip_b:
                continue
            el = cards[p, scr[0, k], K_ELEM]
            if el & bit and (opt[O_MULTI_BACKUP_ONE] == 0 or (used >> k) & 1 == 0):
                used |= 1 << k
                got += 1
        for k in range(nd):
            if got >= want:
                break
            if k == skip_d or (used >> (16 + k)) & 1:
                continue
            if cards[p, scr[1, k], K_ELEM] & bit:
                used |= 1 << (16 + k)
                got += 2
        if got < want:
            return False
    return True


@engine_jit
def plan_pay(S, p, cost, req, excl_hand, excl_field, keep, dry):
    """Choose the CP sources for `cost` with element requirement mask `req`, or an ability's cost with its element
    CP packed in (cost_needs; rules 11.4.6, 11.6.2, 5.2.1.3).

    Sources: dull an active Backup (1 CP), discard a non-Light/Dark card (2 CP of its element), plus
    CP granted this turn by effects (P_BONUS, generic). Greedy: one source per required element
    (Backup first, else the least valuable discard), then Backups, then discards; an odd shortfall
    takes a discard's 1-CP surplus instead of one more Backup. Finally redundant Backups are dropped,
    so the payment is minimal (digest section 7, condition (c)). Chosen backups go to scr[0], discards
    to scr[1]. Returns (total to pay or -1, backups, discards, bonus CP used)."""
    cards, cs, ps, ls, scr = st_cards(S), st_cs(S), st_ps(S), st_ls(S), st_scr(S)
    cost, need, element_cp, _ = cost_needs(cost, req)
    if cost <= 0:
        return 0, 0, 0, 0  # rule 11.4.6.2: cost 0 pays nothing
    total = max(cost, element_cp)
    nbf = ps[p, P_NB]
    nb, nd, gen = 0, 0, 0
    if not dry and ps[p, P_POLICY] != RANDOM:  # card values, computed when first needed (pick_discard)
        for k in range(ps[p, P_HN]):
            scr[3, k] = NO_VALUE
    covered = 0  # CP of each element the chosen sources give (need's packing)
    one = st_opt(S)[O_MULTI_BACKUP_ONE]
    rest, e = need & ELEMENT_NEEDS, 0
    while rest:  # the elements in order, up to the last one needed: most costs need one element
        bit = 1 << e
        while (covered >> (3 * e) & 7) < (need >> (3 * e) & 7):
            b = -1
            for k in range(nbf):
                c = ls[p, L_BKP, k]
                if c == excl_field or cs[p, S_DULL, c] or (cards[p, c, K_ELEM] & bit) == 0:
                    continue
                taken = False
                for j in range(nb):
                    if scr[0, j] == c:
                        taken = True
                if not taken:
                    b = c
                    break
            if b >= 0:
                scr[0, nb] = b
                nb += 1
                gen += 1
                for e2 in range(8):  # a multi-element Backup counts for each of its elements unless the option says one
                    if (e2 == e or (not one and cards[p, b, K_ELEM] >> e2 & 1)) \
                            and (covered >> (3 * e2) & 7) < (need >> (3 * e2) & 7):
                        covered += 1 << (3 * e2)
                continue
            d = pick_discard(S, p, bit, excl_hand, nd, keep, dry)
            if d < 0:
                return -1, 0, 0, 0
            scr[1, nd] = d
            nd += 1
            gen += 2
            covered += min(2, (need >> (3 * e) & 7) - (covered >> (3 * e) & 7)) << (3 * e)  # counted up to the need
        rest >>= 3
        e += 1
    rem = total - gen
    used_bonus = 0
    if rem > 0:
        used_bonus = min(ps[p, P_BONUS], rem)
        rem -= used_bonus
    if rem > 0:
        free = 0  # unchosen active backups
        for k in range(nbf):
            c = ls[p, L_BKP, k]
            if c != excl_field and cs[p, S_DULL, c] == 0:
                free += 1
        free -= nb
        take = rem if free >= rem else free
        if free < rem and (rem - free) % 2 == 1 and free > 0:
            take = free - 1
        k = 0
        while take > 0:
            c = ls[p, L_BKP, k]
            k += 1
            if c == excl_field or cs[p, S_DULL, c]:
                continue
            taken = False
            for j in range(nb):
                if scr[0, j] == c:
                    taken = True
            if taken:
                continue
            scr[0, nb] = c
            nb += 1
            gen += 1
            rem -= 1
            take -= 1
        while rem > 0:
            d = pick_discard(S, p, 0xFF, excl_hand, nd, keep, dry)
            if d < 0:
                return -1, 0, 0, 0
            scr[1, nd] = d
            nd += 1
            gen += 2
            rem -= 2
    # drop redundant backups (minimality, condition (c))
    k = 0
    while k < nb:
        if gen + used_bonus - 1 >= total and covers(S, p, need, nb, nd, k, -1):
            scr[0, k] = scr[0, nb - 1]
            nb -= 1
            gen -= 1
        else:
            k += 1
    return gen, nb, nd, used_bonus


@engine_jit
def payment_legal(S, p, cost, req, nb, nd, used_bonus):
    """The digest's legality predicate for the chosen sources (section 7): enough CP, every element,
    and (strict option) minimal: no single source can be removed; (literal option) surplus only
    from discards, at most 1 per required element."""
    cost, need, element_cp, kinds = cost_needs(cost, req)
    if cost <= 0:
        return nb == 0 and nd == 0
    total = max(cost, element_cp)
    gen = nb + 2 * nd + used_bonus
    if gen < total or not covers(S, p, need, nb, nd, -1, -1):
        return False
    if st_opt(S)[O_PAYMENT_STRICT]:
        for k in range(nb):
            if gen - 1 >= total and covers(S, p, need, nb, nd, k, -1):
                return False
        for k in range(nd):
            if gen - 2 >= total and covers(S, p, need, nb, nd, -1, k):
                return False
        return True
    return gen - total <= (max(1, kinds) if nd > 0 else 0)


@engine_jit
def commit_pay(S, p, nb, nd, used_bonus, paid):
    """Pay with plan_pay's sources; `paid` is the cost they pay, less than the CP they produce when a
    discard's 2 CP pays a 1-CP remainder (the leftover is lost)."""
    cs, ps, scr = st_cs(S), st_ps(S), st_scr(S)
    for k in range(nb):
        cs[p, S_DULL, scr[0, k]] = 1
    for k in range(nd):
        discard(S, p, scr[1, k])
    ps[p, P_BONUS] -= used_bonus
    ps[p, P_SPENT] += nb + 2 * nd + used_bonus
    ps[p, P_PAID] += paid


@engine_jit
def cp_potential(S, p):
    """Active Backups + 2 per hand card that may be discarded for CP (turns detail: available)."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    n = ps[p, P_BONUS]
    for k in range(ps[p, P_NB]):
        if cs[p, S_DULL, ls[p, L_BKP, k]] == 0:
            n += 1
    for k in range(ps[p, P_HN]):
        if can_discard_for_cp(S, p, ls[p, L_HAND, k]):
            n += 2
    return n


# ---- targets ----------------------------------------------------------------------------------------
@engine_jit
def harmful(op):
    return op == OP_DAMAGE or op == OP_BREAK or op == OP_BREAK_POWER or op == OP_DULL or op == OP_FREEZE \
        or op == OP_WEAKEN or op == OP_BOUNCE or op == OP_NO_BLOCK or op == OP_NO_ATTACK or op == OP_DULL_POWER \
        or op == OP_DAMAGE_DOUBLE or op == OP_SET_POWER


@engine_jit
def targets_character(op):
    return harmful(op) or op == OP_PUMP or op == OP_HASTE or op == OP_GRANT_KEYWORD or op == OP_ACTIVATE \
        or op == OP_FIGHT or op == OP_SHIELD or op == OP_NO_BREAK or op == OP_NO_BOUNCE or op == OP_FLICKER \
        or op == OP_COUNTER


@engine_jit
def forwards_only(op):
    """Only a Forward can be op's target (legal_target): choose_target and target_exists look at p's Forwards
    (L_FWD, in field order) instead of every character, so no Backup costs a call of legal_target."""
    return op == OP_DAMAGE or op == OP_WEAKEN or op == OP_PUMP or op == OP_HASTE or op == OP_GRANT_KEYWORD \
        or op == OP_NO_BLOCK or op == OP_NO_ATTACK or op == OP_FIGHT or op == OP_DAMAGE_DOUBLE or op == OP_SHIELD \
        or op == OP_SET_POWER or op == OP_FLICKER or op == OP_BREAK_POWER or op == OP_DULL_POWER


@engine_jit
def target_side(p, op, tgt):
    """Whose characters an effect chooses from: the printed side; "choose 1 Forward" (any_character) first the side a
    player would pick, the opponent's for harmful ops (choose_target falls back to the other side)."""
    if tgt == TG_OPP_CHAR or tgt == TG_ALL_OPP:
        return 1 - p
    if tgt == TG_OWN_CHAR or tgt == TG_ALL_OWN:
        return p
    return 1 - p if harmful(op) else p


@engine_jit
def target_state_ok(S, s, c, tmask):
    """The state (TS_*) and elements E_TMASK asks of a chosen target: "choose 1 dull / active / attacking /
    blocking / damaged <Fire> Forward"."""
    cs, gs = st_cs(S), st_gs(S)
    elems = (tmask >> TMASK_ELEM_SHIFT) & 255
    if elems and (st_cards(S)[s, c, K_ELEM] & elems) == 0:
        return False
    state = (tmask >> TMASK_STATE_SHIFT) & 7
    if state == TS_DULL:
        return cs[s, S_DULL, c] == 1
    if state == TS_ACTIVE:
        return cs[s, S_DULL, c] == 0
    if state == TS_DAMAGED:
        return cs[s, S_DMG, c] > 0
    if state == TS_BLOCKING:
        return s != gs[X_ACTIVE] and gs[X_BLOCKER] == c + 1
    if state == TS_ATTACKING and s == gs[X_ACTIVE]:
        for k in range(gs[X_BATTLE]):
            if st_scr(S)[2, k] == c:
                return True
    return state != TS_ATTACKING


@engine_jit
def legal_target(S, s, c, op, param, tmask, thash):
    """tmask/thash (E_TMASK/E_THASH): the text names a card type (Backup, Monster) or a name/job."""
    cards, cs = st_cards(S), st_cs(S)
    if cs[s, S_ZONE, c] != Z_FIELD:
        return False
    t = cards[s, c, K_TYPE]
    if (tmask & 15 != 0 or thash != 0) and not matches(S, s, c, tmask & 15, thash):
        return False
    if tmask >> TMASK_STATE_SHIFT and not target_state_ok(S, s, c, tmask):
        return False
    if param != 0 and op != OP_BREAK_POWER and op != OP_GRANT_KEYWORD and op != OP_DULL_POWER:  # a cost filter (> 0:
        # n or less, < 0: n or more)
        if (param > 0 and cards[s, c, K_COST] > param) or (param < 0 and cards[s, c, K_COST] < -param):
            return False
    if op == OP_BREAK_POWER or op == OP_DULL_POWER:
        return t == FORWARD and power(S, s, c) <= param
    if forwards_only(op):
        return t == FORWARD
    if op == OP_ACTIVATE:
        return cs[s, S_DULL, c] == 1
    return True  # break (its cost filter is checked above), dull, freeze, bounce: any character


@inline_jit
def target_score(S, s, c, op, amount, hs, hc):
    """Policy preference among legal targets (non-random policies): kill what can be killed, the
    strongest first; the battle hint (attacker/blocker) first when the effect decides the battle."""
    cards, cs = st_cards(S), st_cs(S)
    pw = max(power(S, s, c), 0)
    left = pw - cs[s, S_DMG, c]
    hint = 1 if (s == hs and c == hc) else 0
    if op == OP_DAMAGE or op == OP_WEAKEN:
        kill = left <= amount if op == OP_DAMAGE else pw - amount <= 0
        return (1_000_000 if kill else 0) + hint * 2_000_000 * (1 if kill else 0) + pw
    if op == OP_BREAK or op == OP_BREAK_POWER or op == OP_BOUNCE:
        return hint * 2_000_000 + cards[s, c, K_COST] * 10_000 + pw // 100 \
            + (5000 if cards[s, c, K_TYPE] == FORWARD else 0)
    if op == OP_FREEZE:  # a dull Forward stays dull through its controller's next turn (15.2.4.2)
        keep = cs[s, S_DULL, c] * (1 - cs[s, S_FROZEN, c])
        return hint * 2_000_000 + keep * (500_000 + (500_000 if cards[s, c, K_TYPE] == FORWARD else 0)) + pw
    if op == OP_DULL or op == OP_DULL_POWER:
        act = 1 - cs[s, S_DULL, c]
        fw = 1 if cards[s, c, K_TYPE] == FORWARD else 0
        return hint * 2_000_000 + act * (500_000 + fw * 500_000) + pw
    if op == OP_HASTE:
        return cs[s, S_SICK, c] * 1_000_000 + pw
    if op == OP_ACTIVATE:
        return (1_000_000 if cards[s, c, K_TYPE] == FORWARD else 0) + pw
    if op == OP_SET_POWER:  # the biggest loss of power
        return hint * 2_000_000 + max(pw - amount, 0)
    if op == OP_FLICKER:  # a Forward whose enter abilities fire again, the most expensive, the most damaged
        return (1_000_000 if has_trigger(S, s, c, TR_ENTER) else 0) + cards[s, c, K_COST] * 10_000 + cs[s, S_DMG, c]
    return hint * 2_000_000 + pw  # pump, damage_double, shield, no_break, no_bounce


@engine_jit
def choose_target(S, p, op, amount, param, tgt, src_s, src_c, hs, hc, tmask, thash):
    """(seat, copy) of the chosen character, or (-1, -1) if none is legal (rule 11.8.4). "Choose 1 Forward"
    (any_character) may choose a character of either side (11.8.4): the random policy uniformly among all of them;
    the others on the side target_side names, and only when it has none, the least affected on the other side.
    "Choose up to n" / "choose n" (E_TMASK TMASK_ONE_SIDE) only on target_side's side; its second to nth
    choices (TMASK_NEW_PICK) only among the cards its earlier choices left (X_PICKED, exec_effect)."""
    if tgt == TG_SELF:
        if legal_target(S, src_s, src_c, op, param, tmask, thash):
            return src_s, src_c
        return -1, -1
    s0 = target_side(p, op, tgt)
    ls, ps = st_ls(S), st_ps(S)
    rnd = ps[p, P_POLICY] == RANDOM
    best_s, best, best_v, seen = -1, -1, -1, 0
    gs = st_gs(S)
    new_pick = tmask & TMASK_NEW_PICK != 0 and gs[X_PICK_SRC] == src_s * W + src_c + 1
    fwd = forwards_only(op)
    for side in range(2 if tgt == TG_ANY_CHAR and tmask & TMASK_ONE_SIDE == 0 else 1):
        if side == 1 and best >= 0 and not rnd:
            break
        s = s0 if side == 0 else 1 - s0
        # "Summons and abilities of your opponent must choose X if possible"
        taunt = s != p and (ps[s, P_HAS_TRIG] & HT_TAUNT) != 0 and taunt_target(S, p, s, op, param, src_s, src_c,
                                                                                tmask, thash)
        for k in range(ps[s, P_NF] if fwd else ps[s, P_FN]):
            c = ls[s, L_FWD if fwd else L_FIELD, k]
            if not legal_target(S, s, c, op, param, tmask, thash) or protected(S, p, s, c, src_s, src_c) \
                    or (taunt and st_cs(S)[s, S_KW_ST, c] & KW_TAUNT == 0) \
                    or (tmask & COND_OTHER and s == src_s and c == src_c) \
                    or (new_pick and gs[X_PICKED + 2 * s + (c >> 5)] >> (c & 31) & 1):
                continue
            seen += 1
            if rnd:
                if randbelow(st_rng(S)[2 + p], seen) == 0:
                    best_s, best = s, c
            else:
                v = target_score(S, s, c, op, amount, hs, hc)
                if (s == p and harmful(op)) or side == 1:
                    v = 100_000_000 - v  # breaking one's own character ("select 1 Character you control"), or a
                    #                      choice forced onto the other side: the least affected
                if v > best_v:
                    best_s, best, best_v = s, c, v
    if best < 0:
        return -1, -1
    return best_s, best


@engine_jit
def taunt_target(S, p, s, op, param, src_s, src_c, tmask, thash):
    """s controls a legal target of p's effect that has a static "must be chosen if possible"."""
    ls = st_ls(S)
    for k in range(st_ps(S)[s, P_FN]):
        c = ls[s, L_FIELD, k]
        if st_cs(S)[s, S_KW_ST, c] & KW_TAUNT and legal_target(S, s, c, op, param, tmask, thash) \
                and not protected(S, p, s, c, src_s, src_c):
            return True
    return False


@engine_jit
def target_exists(S, p, op, param, tgt, src_s, src_c, tmask, thash):
    """The effect has a character it may choose (choose_target's candidates): the scan stops at the first."""
    if tgt == TG_CHOSEN:
        return True  # the previous effect of the ability checks for a target
    if tgt == TG_SELF:
        return legal_target(S, src_s, src_c, op, param, tmask, thash)
    fwd = forwards_only(op)
    for side in range(2 if tgt == TG_ANY_CHAR and tmask & TMASK_ONE_SIDE == 0 else 1):  # either side's (choose_target)
        s = target_side(p, op, tgt) if side == 0 else 1 - target_side(p, op, tgt)
        for k in range(st_ps(S)[s, P_NF] if fwd else st_ps(S)[s, P_FN]):
            f = st_ls(S)[s, L_FWD if fwd else L_FIELD, k]
            if legal_target(S, s, f, op, param, tmask, thash) and not protected(S, p, s, f, src_s, src_c) \
                    and not (tmask & COND_OTHER and s == src_s and f == src_c):
                return True
    return False


@engine_jit
def has_targets(S, p, s, c, trig):
    """Every character-targeting effect with this trigger has a legal target (rule 11.3: a Summon or ability
    that chooses cannot be cast without targets; slots_have_targets)."""
    if not has_trigger(S, s, c, trig):
        return True
    return slots_have_targets(S, p, s, c, 0, st_cards(S)[s, c, K_NEFF], trig)


@engine_jit
def slots_have_targets(S, p, s, c, k0, k1, trig):
    """Every effect among slots k0..k1-1 with this trigger that chooses has a legal target; of a modal ability,
    the effects of one option at least (11.8.10.2)."""
    effs = st_effs(S)
    for k in range(k0, k1):
        if effs[s, c, k, E_TRIGGER] != trig:
            continue
        m = mode_of(effs[s, c, k, E_DULL])
        if m & MODE_FIRST:
            if option_places(S, p, s, c, k)[1] == 0:
                return False
        elif m == 0 and not slot_has_target(S, p, s, c, k):
            return False
    return True


@engine_jit
def slot_has_target(S, p, s, c, k):
    """Effect slot k has a legal target, or chooses none."""
    effs = st_effs(S)
    op = effs[s, c, k, E_OP]
    if op == OP_FIGHT and not target_exists(S, p, OP_PUMP, 0, TG_OWN_CHAR, s, c, 0, 0):
        return False  # "Choose 1 Forward you control and 1 Forward opponent controls": both are chosen (11.3.3)
    return not targets_character(op) or target_exists(S, p, op, effs[s, c, k, E_PARAM], effs[s, c, k, E_TARGET], s, c,
                                                      effs[s, c, k, E_TMASK], effs[s, c, k, E_THASH])


# ---- modal abilities (11.3.4, 11.8.10): sim.cards.effects MODE_* ---------------------------------------------------
@engine_jit
def mode_of(v):
    """The MODE_* bits packed in E_DULL value v (0: not an option of a modal ability)."""
    return (v >> MODE_SHIFT) & 1023


@engine_jit
def modal_end(S, s, c, k):
    """One past the last slot of the modal ability whose first slot is k."""
    effs = st_effs(S)
    j = k + 1
    while j < st_cards(S)[s, c, K_NEFF] and effs[s, c, j, E_TRIGGER] == effs[s, c, k, E_TRIGGER]:
        m = mode_of(effs[s, c, j, E_DULL])
        if m == 0 or m & MODE_FIRST:
            break
        j += 1
    return j


@engine_jit
def option_places(S, p, s, c, k):
    """(options, pickable) of the modal ability starting at slot k, as bit masks of printed places: every
    option, and those whose choosing effects all have a legal target (11.3.3)."""
    effs = st_effs(S)
    places, blocked = 0, 0
    for j in range(k, modal_end(S, s, c, k)):
        bit = 1 << (mode_of(effs[s, c, j, E_DULL]) >> 4 & 15)
        places |= bit
        if not slot_has_target(S, p, s, c, j):
            blocked |= bit
    return places, places & ~blocked


@engine_jit
def choose_modes(S, p, s, c, k):
    """The options p picks for the modal ability starting at slot k (a mask of printed places): the random policy
    n options at random among those it can pick; the others the options that would accomplish something now
    (effect_useful), in printed order, except one that dulls before an option that needs an active Forward,
    then, unless it says "up to n", other options it can pick, to n."""
    effs = st_effs(S)
    m = mode_of(effs[s, c, k, E_DULL])
    n = m & 15
    _, pickable = option_places(S, p, s, c, k)
    have, best = name_choice(S, p, s, c, k)
    if have >= 0:  # a choice among names: a card of one of them, the one p values most (random: any of them)
        if st_ps(S)[p, P_POLICY] != RANDOM:
            return best
        pickable = have
    if st_ps(S)[p, P_POLICY] == RANDOM:
        picked = 0
        for _ in range(n):
            left = popcount(pickable & ~picked)
            if left == 0:
                break
            r = randbelow(st_rng(S)[2 + p], left)
            for place in range(16):
                if (pickable & ~picked) >> place & 1:
                    if r == 0:
                        picked |= 1 << place
                        break
                    r -= 1
        return picked
    useful, dulling = 0, 0
    for j in range(k, modal_end(S, s, c, k)):
        bit = 1 << (mode_of(effs[s, c, j, E_DULL]) >> 4 & 15)
        if pickable & bit and effect_useful(S, p, s, c, j, -1, -1):
            useful |= bit
            if effs[s, c, j, E_OP] == OP_DULL:
                dulling |= bit
            elif (effs[s, c, j, E_TMASK] >> TMASK_STATE_SHIFT) & 7 == TS_ACTIVE:
                useful &= ~dulling  # an earlier option would dull the active Forward this one needs (Ramuh)
    picked = first_places(useful, n)
    if m & MODE_UP_TO == 0:
        picked |= first_places(pickable & ~picked, n - popcount(picked))
    return picked


@engine_jit
def name_choice(S, p, s, c, k):
    """Of the modal ability starting at slot k when every option takes one card the same way (recover or search: a
    choice among names, "choose 1 Card Name A or Card Name B or Card Name C in your Break Zone", importer
    _name_options): (the options with a card to take, the one whose card p values most), as masks of printed
    places; (-1, 0) for another modal ability."""
    effs = st_effs(S)
    op = effs[s, c, k, E_OP]
    end = modal_end(S, s, c, k)
    if op != OP_RECOVER and op != OP_SEARCH:
        return -1, 0
    for j in range(k + 1, end):
        if effs[s, c, j, E_OP] != op:
            return -1, 0
    have, best, best_v = 0, 0, NO_VALUE
    ls = st_ls(S)
    for j in range(k, end):
        if op == OP_RECOVER:
            i = recover_pick(S, p, s, c, j)
        else:  # a match in p's deck, the one search would take
            i = deck_match(S, p, s, c, j, False)
            if i >= 0:
                i = ls[p, L_ORDER, i]
        if i < 0:
            continue
        bit = 1 << (mode_of(effs[s, c, j, E_DULL]) >> 4 & 15)
        have |= bit
        if st_ps(S)[p, P_POLICY] != RANDOM:
            v = card_value(S, p, i)
            if v > best_v:
                best, best_v = bit, v
    return have, best


@engine_jit
def first_places(mask, n):
    """The lowest n bits set in mask."""
    out = 0
    for place in range(16):
        if n <= 0:
            break
        if mask >> place & 1:
            out |= 1 << place
            n -= 1
    return out


# ---- effects ----------------------------------------------------------------------------------------
@engine_jit
def take_from_deck(S, p, k):
    """The card at place k of p's deck (k >= the top) goes to the hand; the top card takes its place."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    top = ps[p, P_TOP]
    c = ls[p, L_ORDER, k]
    ls[p, L_ORDER, k] = ls[p, L_ORDER, top]
    ls[p, L_ORDER, top] = c
    ps[p, P_TOP] = top + 1
    to_hand(S, p, c)
    if cs[p, S_DRAWN, c] < 0:
        cs[p, S_DRAWN, c] = ps[p, P_TURN]


@engine_jit
def excluded_name(S, s, c, tmask):
    """The name hash a search or play of card (s, c) may not take: its own ("other than Card Name X" with X this
    card's name: E_TMASK bit COND_OTHER), else 0."""
    return st_cards(S)[s, c, K_NAMEH] if tmask & COND_OTHER else 0


@engine_jit
def zone_pick_ok(S, p, c, tmask):
    """Card c of p has one of the elements and at most the cost E_TMASK asks of a card taken from the deck or the
    Break Zone (search, recover; bits 12-19 and 20-27, 0 = any)."""
    cards = st_cards(S)
    elems, most = (tmask >> TMASK_ELEM_SHIFT) & 255, (tmask >> TMASK_COST_SHIFT) & 255
    return (elems == 0 or (cards[p, c, K_ELEM] & elems) != 0) and (most == 0 or cards[p, c, K_COST] < most)


@engine_jit
def recover_pick(S, p, s, c, slot):
    """The card of p's Break Zone that recover effect `slot` of (s, c) takes, -1 if none: card type E_PARAM (-1 any),
    the elements and cost E_TMASK asks, name/job/category E_THASH, the latest first; E_TMASK bit COND_OTHER: "other
    than Card Name <this card's name>"."""
    cards, cs, effs = st_cards(S), st_cs(S), st_effs(S)
    param, tmask, thash = effs[s, c, slot, E_PARAM], effs[s, c, slot, E_TMASK], effs[s, c, slot, E_THASH]
    for i in range(st_ps(S)[p, P_NMAIN] - 1, -1, -1):
        if cs[p, S_ZONE, i] == Z_BREAK and (param < 0 or cards[p, i, K_TYPE] == param) \
                and zone_pick_ok(S, p, i, tmask) \
                and (thash == 0 and (tmask & 15) == 0 or matches(S, p, i, tmask & 15, thash)) \
                and not ((tmask & COND_OTHER) and cards[p, i, K_NAMEH] == cards[s, c, K_NAMEH]):
            return i
    return -1


@engine_jit
def search_match(S, p, c, ctype, tmask, thash, thash2, excl):
    """Card c of p is one a search (search's arguments) may take."""
    cards = st_cards(S)
    return (ctype < 0 or cards[p, c, K_TYPE] == ctype) and zone_pick_ok(S, p, c, tmask) and (
        matches(S, p, c, tmask & 15, thash) or (thash2 != 0 and matches(S, p, c, tmask & 15, thash2))) \
        and (excl == 0 or cards[p, c, K_NAMEH] != excl)


@engine_jit
def deck_match(S, p, s, c, k, first):
    """The place in p's deck of the card search effect k of (s, c) takes, -1 if none: of a card type E_PARAM (-1 any)
    that matches the types, elements, highest cost and name / job / category hash of the text (E_TMASK, E_THASH or
    E_FE_PARAM; 0 any), not a card named as excluded_name says. With `first` (does one exist?) or for the random
    policy the first from the top (a uniformly random match); else the match p values most in hand (card_value:
    not a second copy of a name it controls, ...)."""
    effs, ps, ls = st_effs(S), st_ps(S), st_ls(S)
    ctype, tmask, thash = effs[s, c, k, E_PARAM], effs[s, c, k, E_TMASK], effs[s, c, k, E_THASH]
    thash2, excl = effs[s, c, k, E_FE_PARAM], excluded_name(S, s, c, tmask)
    first = first or ps[p, P_POLICY] == RANDOM
    pick, best = -1, -(1 << 30)
    cards = st_cards(S)
    for d in range(ps[p, P_TOP], ps[p, P_NMAIN]):
        x = ls[p, L_ORDER, d]
        # search_match's type test first: a card of another type costs no call
        if (ctype >= 0 and cards[p, x, K_TYPE] != ctype) or not search_match(S, p, x, ctype, tmask, thash, thash2, excl):
            continue
        if first:
            return d
        v = card_value(S, p, x)
        if v > best:
            pick, best = d, v
    return pick


@engine_jit
def search(S, p, s, c, k):
    """Search (rule 15.1.1.8) by effect k of (s, c): the card deck_match picks goes to p's hand, then the deck is
    shuffled."""
    ps, ls = st_ps(S), st_ls(S)
    pick = deck_match(S, p, s, c, k, False)
    if pick >= 0:
        take_from_deck(S, p, pick)
    n = ps[p, P_NMAIN] - ps[p, P_TOP]
    if n > 1:
        shuffle(st_rng(S)[p], ls[p, L_ORDER, ps[p, P_TOP]:ps[p, P_NMAIN]], n)


@engine_jit
def exec_effect(S, ctrl, s, c, slot, hs, hc):
    """Resolve one effect of card (s, c) for its controller `ctrl` (targets chosen on resolution, and so the
    options of a modal ability: when its first slot resolves, its player picks them, choose_modes; the
    ability's slots were queued together, so they resolve one after the other)."""
    effs, cs, ps, ls = st_effs(S), st_cs(S), st_ps(S), st_ls(S)
    m = mode_of(effs[s, c, slot, E_DULL])
    if m:
        if m & MODE_FIRST:
            st_gs(S)[X_MODES] = choose_modes(S, ctrl, s, c, slot)
        if (st_gs(S)[X_MODES] >> (m >> 4 & 15)) & 1 == 0:
            return
    if effs[s, c, slot, E_COND] != 0 and effs[s, c, slot, E_TRIGGER] != TR_ACTION \
            and effs[s, c, slot, E_TRIGGER] != TR_ACTION_BREAK and not cond_ok(S, ctrl, s, c, slot):
        return  # checked on resolution ("if you control ..."); an action's condition only when used (can_activate)
    trig = effs[s, c, slot, E_TRIGGER]
    op = effs[s, c, slot, E_OP]
    xk = xcost_kind(effs[s, c, slot, E_DULL])
    if (xk == XC_SELF or xk == XC_BACKUP) and trig != TR_ACTION and trig != TR_ACTION_BREAK:
        # "you may put X / 1 Backup you control into the Break Zone. When you do so, ...": paid on resolution
        # when the effect pays off (a cost, so not a break: 15.1.1.3.2)
        b = c if xk == XC_SELF else spare_backup(S, ctrl)
        if b < 0 or cs[ctrl, S_ZONE, b] != Z_FIELD or not pays_off(S, ctrl, s, c, slot):
            return
        leave_field(S, ctrl, b, Z_BREAK)
    if effs[s, c, slot, E_COST] > 0 and trig != TR_ACTION and trig != TR_ACTION_BREAK:
        # "you may pay X. When you do so, ...": paid on resolution when the controller can (keeping its
        # policy's hand reserve), else nothing happens; its element CP as printed, like action costs
        keep = hand_reserve(S, ctrl)
        g, nb, nd, ub = plan_pay(S, ctrl, effs[s, c, slot, E_COST], 0, -1, -1, keep, False)
        if g < 0:
            return
        commit_pay(S, ctrl, nb, nd, ub, effs[s, c, slot, E_COST] & COST_CP)
    amount = effs[s, c, slot, E_AMOUNT] if effs[s, c, slot, E_FOREACH] == 0 else effect_amount(S, ctrl, s, c, slot)
    tgt = effs[s, c, slot, E_TARGET]
    param = effs[s, c, slot, E_PARAM]
    tmask, thash = effs[s, c, slot, E_TMASK], effs[s, c, slot, E_THASH]
    if op == OP_DULL_POWER and param == 0:
        param = power(S, s, c)  # "with a power equal or inferior to X's"
    if op == OP_BREAK_POWER and param == 0:
        param = power(S, s, c) - 1  # "if its power is less than X's power"
    if op == OP_BREAK and effs[s, c, slot, E_FOREACH] != 0:
        # "if its cost is equal to or less than the damage you have received, break it": the count is the
        # highest cost; a count of 0 lets nothing qualify
        if amount <= 0:
            return
        param = amount
    if op == OP_PLAY and effs[s, c, slot, E_FOREACH] != 0:
        # "choose 1 Forward in your Break Zone. If its cost is equal to or less than the number of X you control, play
        # it": the count is the highest cost (the importer writes it only for plays from the Break Zone, amount 1)
        param, amount = amount, effs[s, c, slot, E_AMOUNT]
    opp = 1 - ctrl
    if op == OP_DRAW:
        draw(S, ctrl, amount)
    elif op == OP_PLAYER_DAMAGE:
        if tgt == TG_ALL_PLAYERS:
            damage_player(S, ctrl, amount)
            damage_player(S, opp, amount)
        else:  # param NO_EX_BURST: the revealed cards' EX Bursts cannot be used (11.10)
            damage_player_ex(S, ctrl if tgt == TG_OWN_PLAYER else opp, amount, param & NO_EX_BURST == 0)
    elif op == OP_GAIN_CP:
        ps[ctrl, P_BONUS] += amount
    elif op == OP_SEARCH:
        search(S, ctrl, s, c, slot)
    elif op == OP_HEAL:
        # remove damage: the latest Damage Zone cards go to the Break Zone
        n = amount
        for i in range(ps[ctrl, P_NTOT] - 1, -1, -1):
            if n > 0 and cs[ctrl, S_ZONE, i] == Z_DAMAGE:
                cs[ctrl, S_ZONE, i] = Z_BREAK
                ps[ctrl, P_DMG] -= 1
                n -= 1
        if amount > 0:
            update_static(S, ctrl)  # "Damage n --" static abilities switch off again
            counts_changed(S)
    elif op == OP_DISCARD:
        # "your opponent discards" (opp_player): the opponent chooses, its least valuable card; or (param
        # DISCARD_CHOOSE) the opponent reveals the hand and the controller selects the most expensive card of cost >=
        # the param's low bits; "discard ... from your hand" (own_player): the controller's least valuable card;
        # "each player discards" (all_players): both; "that Forward's controller discards" (chosen): the controller of
        # the card the ability chose, either player
        gs = st_gs(S)
        for side in range(2):
            mine = side == ctrl
            if tgt == TG_CHOSEN:
                if gs[X_CHS] != side:
                    continue
            elif (mine and tgt != TG_OWN_PLAYER and tgt != TG_ALL_PLAYERS) or (not mine and tgt == TG_OWN_PLAYER):
                continue
            if mine:
                discard_least(S, side, amount)
                continue
            hn0 = ps[side, P_HN]
            for _ in range(amount):
                hn = ps[side, P_HN]
                if hn == 0:
                    break
                if param & DISCARD_CHOOSE:
                    d = most_expensive(S, side, param & 0xFFFF, tmask)
                    if d < 0:
                        break
                    discard(S, side, d)
                else:  # the discarding player chooses (card text): its least valuable card
                    discard_least(S, side, 1)
            if ps[side, P_HN] < hn0 and ps[ctrl, P_HAS_TRIG] & HT_OPP_DISCARD:
                push_field(S, ctrl, TR_OPP_DISCARDS)  # "when your opponent discards ... due to your abilities"
    elif op == OP_RECOVER:
        # `amount` cards of card type `param` (-1 any), of the elements and cost E_TMASK asks and name/job/category
        # E_THASH from the Break Zone to the hand, latest first; E_TMASK bit COND_OTHER: "other than Card Name <this
        # card's name>"
        for _ in range(amount):
            i = recover_pick(S, ctrl, s, c, slot)
            if i < 0:
                break
            to_hand(S, ctrl, i)
    elif op == OP_MILL:
        mill(S, opp if tgt == TG_OPP_PLAYER else ctrl, amount)
    elif op == OP_FIGHT:
        fs, fc = choose_target(S, ctrl, OP_PUMP, amount, 0, TG_OWN_CHAR, s, c, hs, hc, 0, 0)
        if fs >= 0:
            cs[fs, S_PUMP, fc] += amount  # until the End Phase, like pump
            st_gs(S)[X_RP] = 1
            ts, tc = choose_target(S, ctrl, OP_DAMAGE, power(S, fs, fc), param, tgt, s, c, hs, hc, tmask, thash)
            if ts >= 0:
                apply_op(S, ts, tc, OP_DAMAGE, power(S, fs, fc), 0, ctrl, fs, fc)
    elif op == OP_PLAY:  # amount: where from (& 3), and how many cards (>> 2; "any number of ...")
        for _ in range(max(amount >> 2 & 15, 1)):
            if not play_onto_field(S, ctrl, amount & 3, param, tmask, thash, excluded_name(S, s, c, tmask),
                                   amount & PLAY_DULL):
                break
    elif op == OP_DIG:
        # E_PARAM: how many to add (0: 1) and DIG_TO_BREAK (the rest go to the Break Zone)
        dig(S, ctrl, amount, max(param & 255, 1), param & DIG_TO_BREAK, tmask, thash, excluded_name(S, s, c, tmask))
    elif op == OP_PARTY_ANY:
        ps[ctrl, P_PARTY_ANY] = 1
    elif op == OP_CAST_FREE:
        cast_free(S, ctrl, param, amount)
    elif targets_character(op):
        # "when 1 or more dull Backups you control are activated due to your Summons or abilities": once per event
        before = dull_backups(S, ctrl) if op == OP_ACTIVATE and ps[ctrl, P_HAS_TRIG] & HT_BKP_ACT else -1
        if tgt == TG_ALL_OPP or tgt == TG_ALL_OWN or tgt == TG_ALL:
            # every legal character on the side(s): collect first, the field lists change as they leave
            m = 0
            buf = np.empty(2 * ls.shape[2], np.int32)
            for side in range(2):
                if (tgt == TG_ALL_OPP and side == ctrl) or (tgt == TG_ALL_OWN and side != ctrl):
                    continue
                for k in range(ps[side, P_FN]):
                    f = ls[side, L_FIELD, k]
                    if (tmask & COND_OTHER) and side == s and f == c:
                        continue  # "the Forwards other than X you control"
                    if legal_target(S, side, f, op, param, tmask, thash):
                        buf[m] = side * 65536 + f
                        m += 1
            for k in range(m):
                apply_op(S, buf[k] // 65536, buf[k] % 65536, op, amount, param, ctrl, s, c)
        elif tgt == TG_PARTY:  # "all the Forwards in that party": the attackers of the battle now on
            gs, scr = st_gs(S), st_scr(S)
            for k in range(gs[X_BATTLE]):
                if legal_target(S, ctrl, scr[2, k], op, param, tmask, thash):
                    apply_op(S, ctrl, scr[2, k], op, amount, param, ctrl, s, c)
        elif tgt == TG_CHOSEN:  # "it" of the previous effect, if still a legal target
            gs = st_gs(S)
            ts, tc = gs[X_CHS], gs[X_CHC]
            if ts >= 0 and legal_target(S, ts, tc, op, param, tmask, thash):
                apply_op(S, ts, tc, op, amount, param, ctrl, s, c)
        else:
            ts, tc = choose_target(S, ctrl, op, amount, param, tgt, s, c, hs, hc, tmask, thash)
            gs = st_gs(S)
            gs[X_CHS], gs[X_CHC] = ts, tc  # for "it" in the ability's next effects (TG_CHOSEN, COND_CHOSEN_GONE)
            if tmask & TMASK_NEW_PICK == 0:  # a first choice: "choose up to n" starts its n different cards (11.3.3)
                gs[X_PICK_SRC] = s * W + c + 1
                for k in range(4):
                    gs[X_PICKED + k] = 0
            if ts >= 0:
                gs[X_PICKED + 2 * ts + (tc >> 5)] |= 1 << (tc & 31)
            if ts >= 0:  # no legal target on resolution: nothing happens (11.3.9)
                apply_op(S, ts, tc, op, amount, param, ctrl, s, c)
        if before >= 0 and dull_backups(S, ctrl) < before:
            push_field(S, ctrl, TR_OWN_BACKUP_ACT)


@engine_jit
def dull_backups(S, p):
    cs, ls = st_cs(S), st_ls(S)
    n = 0
    for k in range(st_ps(S)[p, P_NB]):
        n += cs[p, S_DULL, ls[p, L_BKP, k]]
    return n


@engine_jit
def push_field(S, p, trig):
    """Queue the abilities with this trigger of every character on p's field."""
    ls = st_ls(S)
    for k in range(st_ps(S)[p, P_FN]):
        push_trigger(S, p, p, ls[p, L_FIELD, k], trig, -1, -1)


@engine_jit
def most_expensive(S, p, cost_min, tmask):
    """The card of p's hand the opponent selects after a reveal: the most expensive of cost >= cost_min and
    a card type in tmask (0 = any; the first in hand order on ties), -1 if none."""
    cards, ls = st_cards(S), st_ls(S)
    best, best_cost = -1, cost_min - 1
    for k in range(st_ps(S)[p, P_HN]):
        h = ls[p, L_HAND, k]
        if cards[p, h, K_COST] > best_cost and (tmask == 0 or (1 << cards[p, h, K_TYPE]) & tmask):
            best, best_cost = h, cards[p, h, K_COST]
    return best


@engine_jit
def apply_op(S, ts, tc, op, amount, param, ctrl, src_s, src_c):
    """Op on character (ts, tc), from an effect of `ctrl` whose source is card (src_s, src_c)."""
    cs = st_cs(S)
    if op == OP_DAMAGE:
        deal_damage(S, src_s, src_c, ts, tc, amount, True, True)
    elif op == OP_BREAK or op == OP_BREAK_POWER:
        kw = cs[ts, S_KW_EOT, tc] | cs[ts, S_KW_ST, tc]
        if kw & KW_NO_BREAK == 0 and (kw & KW_NO_BREAK_OPP == 0 or ts == ctrl):  # "cannot be broken"
            leave_field(S, ts, tc, Z_BREAK)
    elif op == OP_DULL or op == OP_DULL_POWER:
        cs[ts, S_DULL, tc] = 1  # 15.1.1.2
    elif op == OP_FREEZE:  # it does not dull (15.2.4.2; "Dull it and Freeze it" is two effects)
        cs[ts, S_FROZEN, tc] = 1  # 15.2.4: skips its controller's next untap
    elif op == OP_PUMP:
        cs[ts, S_PUMP, tc] += amount
        st_gs(S)[X_RP] = 1
    elif op == OP_WEAKEN:
        cs[ts, S_PUMP, tc] -= amount
        st_gs(S)[X_RP] = 1
    elif op == OP_BOUNCE:
        if cs[ts, S_KW_EOT, tc] & KW_NO_BOUNCE == 0 or ts == ctrl:
            leave_field(S, ts, tc, Z_HAND)  # 7.3: to its owner's hand
    elif op == OP_HASTE:
        cs[ts, S_SICK, tc] = 0  # may attack this turn (Haste, 15.2.2)
    elif op == OP_GRANT_KEYWORD:
        if 0 <= param < 4:
            cs[ts, S_KW_EOT, tc] |= 1 << param  # until the End Phase
    elif op == OP_ACTIVATE:
        cs[ts, S_DULL, tc] = 0  # 15.1.1.1
    elif op == OP_NO_BLOCK:
        cs[ts, S_KW_EOT, tc] |= KW_NO_BLOCK  # "cannot block this turn"
    elif op == OP_NO_ATTACK:
        cs[ts, S_KW_EOT, tc] |= KW_NO_ATTACK
    elif op == OP_DAMAGE_DOUBLE:
        cs[ts, S_KW_EOT, tc] |= KW_DOUBLE
    elif op == OP_SHIELD:
        cs[ts, S_SHIELD, tc] += amount
    elif op == OP_SET_POWER:
        cs[ts, S_PUMP, tc] += amount - power(S, ts, tc)  # "its power becomes n" until the End Phase
        st_gs(S)[X_RP] = 1
    elif op == OP_NO_BREAK:
        cs[ts, S_KW_EOT, tc] |= KW_NO_BREAK
    elif op == OP_NO_BOUNCE:
        cs[ts, S_KW_EOT, tc] |= KW_NO_BOUNCE
    elif op == OP_COUNTER:
        cs[ts, S_COUNTERS, tc] += amount
    elif op == OP_FLICKER:
        # removed from the game, then played onto the field dull: a new object (7.4) whose enter abilities
        # trigger; an LB card goes to its LB deck instead (15.2.8.4.1) and stays there
        leave_field(S, ts, tc, Z_REMOVED)
        if cs[ts, S_ZONE, tc] == Z_REMOVED:
            enter_field(S, ts, tc)
            cs[ts, S_DULL, tc] = 1
            push_trigger(S, ts, ts, tc, TR_ENTER, -1, -1)


@engine_jit
def damage_mods(S, p, c, n, ability, deals):
    """n changed by the static damage_mod effects of p's field that apply to p's character c: damage it
    receives (deals False) or deals to a Forward (deals True). "The damage becomes 0" wins; the rest add up."""
    cards, effs, cs, ls = st_cards(S), st_effs(S), st_cs(S), st_ls(S)
    delta = 0
    for j in range(st_ps(S)[p, P_FN]):
        f = ls[p, L_FIELD, j]
        if not has_trigger(S, p, f, TR_STATIC):
            continue
        for k in range(cards[p, f, K_NEFF]):
            if effs[p, f, k, E_OP] != OP_DAMAGE_MOD or effs[p, f, k, E_TRIGGER] != TR_STATIC:
                continue
            fl = effs[p, f, k, E_PARAM]
            if ((fl & DM_DEALS) != 0) != deals or (fl & DM_ABILITY and not ability) \
                    or (fl & DM_DULL and cs[p, S_DULL, c] == 0) or n < fl >> DM_MIN:
                continue
            tmask = effs[p, f, k, E_TMASK]
            if effs[p, f, k, E_TARGET] == TG_SELF:
                if f != c:
                    continue
            elif not matches(S, p, c, tmask & 15, effs[p, f, k, E_THASH]) or (tmask & COND_OTHER and f == c):
                continue
            if fl & DM_ZERO:
                return 0
            delta += effs[p, f, k, E_AMOUNT]
    return n + delta


@engine_jit
def deal_damage(S, src_s, src_c, ts, tc, n, ability, notify):
    """Forward (ts, tc) is dealt n damage by card (src_s, src_c) (battle, or an ability / Summon when
    `ability`), after the replacement effects: the source's "deals damage ... increases", the target's
    static modifiers, a doubling, then its "next damage is reduced" shield, which it uses up. The
    damage is marked until the End Phase (9.5.1.3.1); `notify` queues "when dealt damage" abilities."""
    cs, ps = st_cs(S), st_ps(S)
    if ps[src_s, P_HAS_TRIG] & HT_DMOD:
        n = damage_mods(S, src_s, src_c, n, ability, True)
    if ps[ts, P_HAS_TRIG] & HT_DMOD:
        n = damage_mods(S, ts, tc, n, ability, False)
    if cs[ts, S_KW_EOT, tc] & KW_DOUBLE:
        n *= 2
    if cs[ts, S_SHIELD, tc] > 0 and n > 0:
        n -= cs[ts, S_SHIELD, tc]
        cs[ts, S_SHIELD, tc] = 0
    if n <= 0:
        return
    cs[ts, S_DMG, tc] += n
    st_gs(S)[X_RP] = 1
    if notify:
        dealt_damage(S, ts, tc)


@engine_jit
def dealt_damage(S, s, c):
    """"When X is dealt damage" auto abilities (only decks that have them look)."""
    if st_ps(S)[s, P_HAS_TRIG] & HT_DAMAGED:
        push_trigger(S, s, s, c, TR_DAMAGED, -1, -1)


@engine_jit
def protected(S, p, s, c, src_s, src_c):
    """Card (s, c) cannot be chosen by p's effect from (src_s, src_c): static "cannot be chosen by your
    opponent's Summons / abilities" (only the opponent's choices are restricted)."""
    kw = st_cs(S)[s, S_KW_ST, c] & (KW_NOT_BY_ABILITIES | KW_NOT_BY_SUMMONS)
    if kw == 0 or s == p:
        return False
    summon = st_cards(S)[src_s, src_c, K_TYPE] == SUMMON
    return (kw & KW_NOT_BY_SUMMONS != 0 and summon) or (kw & KW_NOT_BY_ABILITIES != 0 and not summon)


@engine_jit
def dig(S, p, n, take, to_break, tmask, thash, excl):
    """Reveal the top n cards of p's deck, add `take` of those that match (types tmask, 0 = any; elements; hash; not
    named excl, 0 none) to the hand, and put the other revealed cards at the bottom in the order p picks ("in any
    order"), or into the Break Zone (to_break: "put the rest of the cards into the Break Zone", Nael 9-014L). The
    random policy takes the first matches from the top and returns the rest in a random order; the others take the
    matches they value most (card_value) and return the rest most valuable first (drawn first if the deck runs down
    to them)."""
    cards, ps, ls = st_cards(S), st_ps(S), st_ls(S)
    rnd = ps[p, P_POLICY] == RANDOM
    end = ps[p, P_TOP] + min(n, ps[p, P_NMAIN] - ps[p, P_TOP])
    while take > 0:
        pick, best_v = -1, NO_VALUE
        for k in range(ps[p, P_TOP], end):
            c = ls[p, L_ORDER, k]
            if matches(S, p, c, tmask & 15, thash) and zone_pick_ok(S, p, c, tmask) \
                    and (excl == 0 or cards[p, c, K_NAMEH] != excl):
                if rnd:
                    pick = k
                    break
                v = card_value(S, p, c)
                if v > best_v:
                    pick, best_v = k, v
        if pick < 0:
            break
        take_from_deck(S, p, pick)  # the top card, revealed and not taken, moves to place pick
        take -= 1
    top = ps[p, P_TOP]
    if to_break:
        mill(S, p, end - top)
        return
    if rnd:
        if end - top > 1:
            shuffle(st_rng(S)[2 + p], ls[p, L_ORDER, top:end], end - top)
    else:
        for k in range(top + 1, end):  # insertion sort of the few revealed cards, most valuable first
            c = ls[p, L_ORDER, k]
            v = card_value(S, p, c)
            j = k
            while j > top and card_value(S, p, ls[p, L_ORDER, j - 1]) < v:
                ls[p, L_ORDER, j] = ls[p, L_ORDER, j - 1]
                j -= 1
            ls[p, L_ORDER, j] = c
    move_block_to_bottom(ls[p, L_ORDER], top, end - top, ps[p, P_NMAIN])


@engine_jit
def play_choice(S, p, src, cost_max, tmask, thash, excl):
    """(card, its index in the source list) that play_onto_field would put onto p's field, or (-1, -1)."""
    cards, cs, ps, ls = st_cards(S), st_cs(S), st_ps(S), st_ls(S)
    best, best_cost, best_k = -1, -1, -1
    if src == 0:
        lo, hi = 0, ps[p, P_HN]
    elif src == 1:
        lo, hi = 0, ps[p, P_NMAIN]
    else:
        lo, hi = ps[p, P_TOP], ps[p, P_NMAIN]
    for k in range(lo, hi):
        c = ls[p, L_HAND, k] if src == 0 else (k if src == 1 else ls[p, L_ORDER, k])
        if src == 1 and cs[p, S_ZONE, c] != Z_BREAK:
            continue
        t = cards[p, c, K_TYPE]
        if t == SUMMON or ((tmask & 15) != 0 and ((1 << t) & tmask) == 0) or not zone_pick_ok(S, p, c, tmask):
            continue
        cost = cards[p, c, K_COST]
        if (cost_max >= 0 and cost > cost_max) or cost <= best_cost:
            continue
        if (thash != 0 and not matches(S, p, c, 0, thash)) or (excl != 0 and cards[p, c, K_NAMEH] == excl):
            continue
        if not can_enter(S, p, c):
            continue
        best, best_cost, best_k = c, cost, k
    return best, best_k


@engine_jit
def play_onto_field(S, p, src, cost_max, tmask, thash, excl, dull):
    """Put 1 card onto p's field without paying its cost (an effect, not a cast): from the hand (src 0),
    the Break Zone (1) or the deck (2, a search, then shuffle). The most expensive card that matches
    the types (tmask; 0 = any character) and elements, the hash and cost <= cost_max (-1 none) and fits the field
    limits (7.7.3-5) is chosen, not one named excl (a name hash, 0 none); it enters dull if `dull`; its enter abilities
    trigger (11.4.8). False if no card could be played."""
    ps, ls = st_ps(S), st_ls(S)
    best, best_k = play_choice(S, p, src, cost_max, tmask, thash, excl)
    if best < 0:
        return False
    if src == 0:
        list_remove(S, p, L_HAND, P_HN, best)
    elif src == 2:
        top = ps[p, P_TOP]
        ls[p, L_ORDER, best_k] = ls[p, L_ORDER, top]
        ls[p, L_ORDER, top] = best
        ps[p, P_TOP] = top + 1
        n = ps[p, P_NMAIN] - ps[p, P_TOP]
        if n > 1:
            shuffle(st_rng(S)[p], ls[p, L_ORDER, ps[p, P_TOP]:ps[p, P_NMAIN]], n)
    enter_field(S, p, best)
    if dull:
        st_cs(S)[p, S_DULL, best] = 1
    push_trigger(S, p, p, best, TR_ENTER, -1, -1)
    return True


@engine_jit
def summon_cast(S, p, c, hs, hc):
    """Summon c of p is cast: "when you / your opponent cast(s) a Summon" abilities go on the stack above it
    (they resolve first), then its cast effects."""
    ps = st_ps(S)
    for q in range(2):
        if ps[q, P_HAS_TRIG] & HT_SUMMON:
            push_field(S, q, TR_OWN_SUMMON if q == p else TR_OPP_SUMMON)
    push_trigger(S, p, p, c, TR_CAST, hs, hc)


@engine_jit
def free_summon(S, p, cost_max):
    """The Summon of p's hand an effect casts without paying its cost: the most expensive of cost <= cost_max
    whose choosing effects have targets; cost_max < 0: "of cost X or less" for an X paid now (generic CP,
    keeping the policy's hand reserve). -1 if none."""
    cards, ls = st_cards(S), st_ls(S)
    keep = hand_reserve(S, p)
    best, best_cost = -1, -1
    for k in range(st_ps(S)[p, P_HN]):
        h = ls[p, L_HAND, k]
        cost = cards[p, h, K_COST]
        if cards[p, h, K_TYPE] != SUMMON or cost <= best_cost or (cost_max >= 0 and cost > cost_max) \
                or not has_targets(S, p, p, h, TR_CAST):
            continue
        if cost_max < 0 and plan_pay(S, p, cost, 0, h, -1, keep, True)[0] < 0:
            continue
        best, best_cost = h, cost
    return best


@engine_jit
def cast_free(S, p, cost_max, back):
    """"Cast 1 Summon of cost n (X) or less from your hand without paying the cost" (free_summon): it counts
    as cast (P_PLAYED, Summon-cast abilities); `back`: "then, return that Summon to your hand after use" (it
    stays in the hand; its effects are queued) instead of the Break Zone."""
    ps, cs = st_ps(S), st_cs(S)
    c = free_summon(S, p, cost_max)
    if c < 0:
        return
    if cost_max < 0:  # X
        keep = hand_reserve(S, p)
        x = st_cards(S)[p, c, K_COST]
        g, nb, nd, ub = plan_pay(S, p, x, 0, c, -1, keep, False)
        commit_pay(S, p, nb, nd, ub, max(x, 0))
    ps[p, P_PLAYED] += 1
    if back:
        counts_changed(S)
    else:
        discard(S, p, c)  # to the Break Zone after use (11.11.10): not a discard for triggers; it recounts
    if cs[p, S_PLAYED, c] < 0:
        cs[p, S_PLAYED, c] = ps[p, P_TURN]
    summon_cast(S, p, c, -1, -1)


# ---- usefulness of effects (the non-random policies' choices, and modes) ---------------------------------
@engine_jit
def effect_useful(S, p, s, c, k, hs, hc):
    """Would this effect accomplish something now? (damage that kills, removal with a target, ...)"""
    effs, ps = st_effs(S), st_ps(S)
    op = effs[s, c, k, E_OP]
    if effs[s, c, k, E_COND] != 0 and not cond_ok(S, p, s, c, k):
        return False
    amount = effect_amount(S, p, s, c, k)
    if op == OP_DRAW:
        return ps[p, P_NMAIN] - ps[p, P_TOP] > amount + 4
    if op == OP_PLAY:  # only with a card to put there (Jessie 15-132S's "play Cloud from your hand" or the search)
        amt = effs[s, c, k, E_AMOUNT]
        most = effs[s, c, k, E_PARAM] if effs[s, c, k, E_FOREACH] == 0 else amount  # a counted highest cost
        return play_choice(S, p, amt & 3, most, effs[s, c, k, E_TMASK], effs[s, c, k, E_THASH],
                           excluded_name(S, s, c, effs[s, c, k, E_TMASK]))[0] >= 0
    if op == OP_SEARCH:  # a modal option (one of several names): only with a card of it in the deck
        return mode_of(effs[s, c, k, E_DULL]) == 0 or deck_match(S, p, s, c, k, True) >= 0
    if op == OP_PLAYER_DAMAGE:
        return True
    if op == OP_DISCARD:  # the opponent's cards (not "discard 1 card from your hand"; "that Forward's controller
        #                  discards": as useful as the choice before it)
        tgt = effs[s, c, k, E_TARGET]
        return tgt != TG_OWN_PLAYER and tgt != TG_CHOSEN and ps[1 - p, P_HN] > 0
    if op == OP_HEAL:
        return ps[p, P_DMG] > 0
    if op == OP_PUMP or op == OP_GRANT_KEYWORD:
        return hs == p and hc >= 0
    if op == OP_RECOVER:  # a modal option (one of several names): only with a card to take
        return mode_of(effs[s, c, k, E_DULL]) == 0 or recover_pick(S, p, s, c, k) >= 0
    if op == OP_CAST_FREE:  # a Summon to cast that removes an opposing Forward of cost >= 3 now
        return free_removal(S, p, free_summon(S, p, effs[s, c, k, E_PARAM]))
    if op == OP_COUNTER:  # until the card holds what its counter costs (XC_COUNTER) remove
        need = 0
        for j in range(st_cards(S)[s, c, K_NEFF]):
            if xcost_kind(effs[s, c, j, E_DULL]) == XC_COUNTER:
                need = max(need, xcost_n(effs[s, c, j, E_DULL]))
        return st_cs(S)[s, S_COUNTERS, c] < need
    if not targets_character(op):
        return False
    if op == OP_FIGHT:  # useful when p's Forward that apply_op picks, pumped, breaks the opposing one
        fs, fc = choose_target(S, p, OP_PUMP, amount, 0, TG_OWN_CHAR, s, c, hs, hc, 0, 0)
        if fs < 0:
            return False
        amount += power(S, fs, fc)
    ts, tc = choose_target(S, p, op if op != OP_FIGHT else OP_DAMAGE, amount, effs[s, c, k, E_PARAM],
                           effs[s, c, k, E_TARGET], s, c, hs, hc, effs[s, c, k, E_TMASK], effs[s, c, k, E_THASH])
    if ts < 0:
        return False
    if op == OP_DAMAGE or op == OP_FIGHT:
        return ts != p and power(S, ts, tc) - st_cs(S)[ts, S_DMG, tc] <= amount
    if op == OP_WEAKEN:
        return ts != p and power(S, ts, tc) <= amount
    if op == OP_HASTE:
        return ts == p and st_cs(S)[ts, S_SICK, tc] == 1
    if op == OP_ACTIVATE:
        return ts == p
    if op == OP_FREEZE:  # Freeze does not dull: it keeps a dull card dull (15.2.4.2)
        return ts != p and st_cs(S)[ts, S_DULL, tc] == 1 and st_cs(S)[ts, S_FROZEN, tc] == 0
    if op == OP_DULL or op == OP_NO_BLOCK or op == OP_NO_ATTACK or op == OP_DULL_POWER:
        return ts != p and st_cs(S)[ts, S_DULL, tc] == 0
    return ts != p  # break, bounce an opposing character


@engine_jit
def free_removal(S, p, h):
    """Summon h (-1: none) would break, or deal breaking damage to, an opposing Forward of cost >= 3 now: what
    the non-random policies give a card like Black Mage (a Backup) up for. Its own test, not effect_useful's
    (which asks this one: numba allows no call cycle)."""
    if h < 0:
        return False
    effs, cards = st_effs(S), st_cards(S)
    for k in range(cards[p, h, K_NEFF]):
        op = effs[p, h, k, E_OP]
        if effs[p, h, k, E_TRIGGER] != TR_CAST or (op != OP_DAMAGE and op != OP_BREAK and op != OP_BREAK_POWER):
            continue
        amount = effect_amount(S, p, p, h, k)
        ts, tc = choose_target(S, p, op, amount, effs[p, h, k, E_PARAM], effs[p, h, k, E_TARGET], p, h, -1, -1,
                               effs[p, h, k, E_TMASK], effs[p, h, k, E_THASH])
        if ts >= 0 and ts != p and cards[ts, tc, K_TYPE] == FORWARD and cards[ts, tc, K_COST] >= 3 \
                and (op != OP_DAMAGE or power(S, ts, tc) - st_cs(S)[ts, S_DMG, tc] <= amount):
            return True
    return False


@engine_jit
def cast_allowed(S, p, c):
    """The card's static cast_if conditions hold ("You can only cast X during your turn", "You must
    control a <kind> to play X"); only decks with hand-read statics (P_HAS_CR) look."""
    # the scan in a function of its own: this test alone is small enough for LLVM to inline at every caller
    return st_ps(S)[p, P_HAS_CR] == 0 or not has_trigger(S, p, c, TR_STATIC) or cast_if_ok(S, p, c)


@engine_jit
def cast_if_ok(S, p, c):
    """Every static cast_if condition of c holds (cast_allowed)."""
    effs = st_effs(S)
    for k in range(st_cards(S)[p, c, K_NEFF]):
        if effs[p, c, k, E_OP] == OP_CAST_IF and effs[p, c, k, E_TRIGGER] == TR_STATIC and not cond_ok(S, p, p, c, k):
            return False
    return True


@engine_jit
def rule_processes(S):
    """Section 12, repeated until stable: a Forward with power <= 0 goes to the Break Zone (12.4.4, not a
    break); damage >= power breaks it (12.4.5). 12.4.6-8 cannot arise: casting checks the limits."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    changed = True
    while changed:
        changed = False
        for s in range(2):
            k = 0
            while k < ps[s, P_NF]:  # leave_field re-indexes L_FWD: the next Forward takes place k
                c = ls[s, L_FWD, k]
                pw = power(S, s, c)
                if pw <= 0 or (cs[s, S_DMG, c] >= pw and cs[s, S_KW_EOT, c] & KW_NO_BREAK == 0):
                    leave_field(S, s, c, Z_BREAK)
                    changed = True
                    continue
                k += 1
    st_gs(S)[X_RP] = 0


@engine_jit
def settle(S):
    """rule_processes, when a Forward's damage, power or arrival may have made one needed since the last
    run (X_RP, set where those change): a run that finds nothing changes nothing."""
    if st_gs(S)[X_RP]:
        rule_processes(S)


@engine_jit
def queued(S):
    """Effects wait in the queue (resolve empties it, so after a resolve only new pushes show here)."""
    gs = st_gs(S)
    return gs[X_QH] < gs[X_QT]


@engine_jit
def resolve(S):
    """Resolve queued effects in order, with rule processes after each (11.1.3). Losses are checked by
    the caller once the queue is empty, so all EX Bursts of one damage resolve first (6.5.2.1)."""
    gs, q = st_gs(S), st_q(S)
    settle(S)
    steps = 0
    while gs[X_QH] < gs[X_QT]:
        k = gs[X_QH] % QCAP
        gs[X_QH] += 1
        exec_effect(S, q[k, Q_CTRL], q[k, Q_SEAT], q[k, Q_CARD], q[k, Q_SLOT], q[k, Q_HSEAT], q[k, Q_HCARD])
        settle(S)
        steps += 1
        if steps > LOOP_CAP:
            gs[X_LOOP] = 1
        if gs[X_LOOP]:
            gs[X_QH] = gs[X_QT]
    gs[X_PICK_SRC] = 0  # the choices made end with the resolution (a policy's look-ahead sees none)


@engine_jit
def check_over(S, threshold):
    """Losses (3.1, 12.4.1-3): damage >= threshold, drew from an empty deck, damage with an empty deck.
    Both at once: a draw (3.3). Returns True when the game is over."""
    ps, gs = st_ps(S), st_gs(S)
    if gs[X_OVER]:
        return True
    lost0 = ps[0, P_DMG] >= threshold or ps[0, P_DREW_EMPTY] or ps[0, P_EMPTY_DMG]
    lost1 = ps[1, P_DMG] >= threshold or ps[1, P_DREW_EMPTY] or ps[1, P_EMPTY_DMG]
    if gs[X_LOOP]:
        gs[X_OVER] = 1
        gs[X_WINNER] = DRAW  # rule 13.1
        gs[X_REASON] = END_TURN_CAP  # the loop cap is the engine's safety cap
        return True
    if not (lost0 or lost1):
        return False
    gs[X_OVER] = 1
    if lost0 and lost1:
        gs[X_WINNER] = DRAW
        gs[X_REASON] = END_SIMULTANEOUS
        return True
    loser = 0 if lost0 else 1
    gs[X_WINNER] = 1 - loser  # WIN_A = 0 wins when seat 1 lost
    if ps[loser, P_DMG] >= threshold:
        gs[X_REASON] = END_LIFE
    elif ps[loser, P_DREW_EMPTY]:
        gs[X_REASON] = END_DECK_OUT
    else:
        gs[X_REASON] = END_EMPTY_DECK_DAMAGE
    return True
