"""CODE OF JOKER rules primitives: state layout, options, zones, draws, units and damage (rules/coj.md).

The engine (sim/games/coj/engine.py) runs the turn loop, the policies (policy.py) choose actions,
actions.py carries them out, effects.py resolves card effects; this module holds what they
share. Section numbers (§n) refer to the CoJ rules digest.

State is a tuple `s` of five integers, one game at a time: the data addresses of the four arrays
that `new_state` allocates and the rows per seat of the card tables (n + 2). The functions read the
arrays through numba.carray views at fixed offsets (vK, vE, vU, vP ... below). A tuple of arrays,
even of unreferenced carray views, cost a reference-count call per array on every call and inlined
helper that took `s` (hundreds per turn); integers cost nothing to pass. The arrays themselves are
owned by the caller of `state_of`, which must keep them alive while `s` is used:
    vK(s)  int32[2, n + 2, K_*]     both compiled decks (seat-indexed, padded to the longer one),
                                    then the seat's 2 jokers (rows n, n + 1; §9 mode A)
    vE(s)  int32[2, n + 2, 4, E_*]  their effect tables
    the mutable state, one int32 array viewed through:
         vU   [2, 5, U_*]   field units, left-packed in placement order (§5 field of 5)
         vP   [2, P_*]      per-player scalars (LP, CP, counts ...)
         vH   [2, 8]        hand (card row);  vHL [2, 8] hand clock levels (override)
         vZ   [2, 4]        trigger zone, left-packed (§5)
         vG   [G_*]         game scalars, rules options, policies and policy parameters
         vDQ  [DQ_MAX, 2]   destroyed units waiting for their "leave" effects (§9 interrupts)
         vT   [20, T_*]     turns detail;  vDK [2, n] deck order (P_TOP = next card);
         vC   [2, n, C_*]   cards detail (copied to the Batch after the game)
    rng(s, sub)  uint64[1]  RNG state of a kernel sub-stream (SUB_SEAT0/1, COIN, POLICY0/1)

No recursion (numba cache): an effect that destroys a unit only queues it (`destroy`); effects'
`settle` then fires the queued "leave" effects, which may queue more, until the queue is empty.
"""

import numpy as np
from numba import carray
from numba.core import types

from sim.cards.effects import (
    E_AMOUNT,
    E_COND,
    E_COND2,
    E_COND_PARAM,
    E_FE_PARAM,
    E_FOREACH,
    E_NCOLS,
    E_OP,
    E_PARAM,
    E_TARGET,
    E_THASH,
    E_TRIGGER,
    MAX_EFFECTS,
    OPS,
    TARGETS,
    TRIGGERS,
)
from sim.cards.model import CARD_TYPES, ELEMENTS
from sim.engine.compiled import (
    K_BP1,
    K_COST,
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
    K_TYPE,
)
from sim.engine.jit import engine_jit, inline_jit
from sim.engine.kernel import address, pointer_intrinsic
from sim.engine.opening import deal
from sim.engine.results import C_DRAWN, C_PLAYED, T_NCOLS
from sim.games.coj.vocab import (
    CC_BITS,
    CC_COST_LE,
    CC_LEVEL,
    CC_LIFE_LE,
    CC_MASK,
    CC_OPP_HAND_LE,
    CC_OWN_FIELD_LE,
    CC_OWN_SPECIES_GE,
    CC_PURPLE_GE,
    CC_PURPLE_LE,
    FE_LP,
    FE_LP_LOST,
    FE_OPP_HAND,
    FE_OPP_UNITS,
    FE_OWN_UNITS,
    FE_PURPLE,
    FE_ROUND,
    FE_ZONES,
    KEYWORDS,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards or units, vector bodies never run

KW_SPEED, KW_INDOMITABLE, KW_PENETRATE, KW_SELFLESS, KW_ANCHORED, KW_PROTECTION, KW_DIM, KW_BIND, \
    KW_IMMORTAL, KW_SHIELD, KW_SILENCE, KW_FORCED, KW_ATTACK_BAN, KW_KINGS, KW_BLOCK_BAN, KW_DESTROY_RESIST, \
    KW_SILENCE_RESIST, KW_RETREAT_BAN, KW_EVOLUTION_BAN, KW_DELETE_RESIST, KW_SELECT_HACK, KW_OVERHEAT, \
    KW_ORACLE, KW_UNBLOCKABLE = [1 << i for i in range(len(KEYWORDS))]
K_DIM = K_POWER  # CoJ has no power: compile_matchup stores the 次元干渉 cost N here
K_JGAUGE = K_HP  # nor HP: a joker's catalog gauge size (0 none, 1 小, 2 中, 3 大 / 特大; §9)
K_USES = K_LB_COST  # nor limit breaks: the uses of an intercept before it goes to the discard (0 / 1: one)
K_ANY_SIDE = K_EX  # nor EX bursts: 1 for a 「ユニットがフィールドに出た時」 card (its first effect flagged CC_ANY_SIDE)
# nor ranks: K_TRIGS's second word, bit t - TRIG_HI for each trigger t >= TRIG_HI (K_TRIGS keeps bits 0..30,
# one per trigger; the shared table gives the later triggers one bit, engine._compile splits them)
K_TRIGS_HI = K_RANK
TRIG_HI = 31
# nor generic cards: 1 for a card with a field effect under a condition on, or counting, an LP, a hand's size, a purple
# gauge, the trigger zones or the round, or one on units of a level (statics_reading_inputs), so that P_FSTATIC_IN
# tells static_inputs_changed without a walk over the field's effects whether such a unit is on the field
K_STATIC_IN = K_GENERIC

CT_UNIT, CT_EVO, CT_TRIGGER, CT_INTERCEPT, CT_JOKER = (CARD_TYPES["coj"].index(t) for t in
                                                       ("unit", "evolution", "trigger", "intercept", "joker"))
COLORLESS = 1 << ELEMENTS["coj"].index("colorless")

(TR_ENTER, TR_ATTACK, TR_CAST, TR_LEAVE, TR_TURN_START, TR_BLOCK, TR_OVERCLOCK, TR_HIT_PLAYER, TR_OWN_ENTERS,
 TR_OWN_ATTACKS, TR_OPP_ENTERS, TR_OPP_ATTACKS, TR_BATTLE, TR_OWN_BATTLES, TR_OWN_BLOCKS, TR_OWN_HIT,
 TR_OPP_HIT, TR_TURN_END, TR_OPP_TURN_START, TR_OPP_TURN_END, TR_OWN_DESTROYED, TR_OWN_OVERCLOCK, TR_OWN_TRIGGER_USED,
 TR_OPP_TRIGGER_USED, TR_OWN_INTERCEPT_USED, TR_OPP_INTERCEPT_USED, TR_OWN_DISCARDED, TR_OPP_DISCARDS, TR_DELETED,
 TR_OPP_ZONE_BROKEN, TR_OWN_ZONE_BROKEN, TR_ACTION) = (
    TRIGGERS.index(t) for t in (
    "enter", "attack", "cast", "leave", "turn_start", "block", "overclock", "hit_player", "own_enters",
    "own_attacks", "opp_enters", "opp_attacks", "battle", "own_battles", "own_blocks", "own_hit_player",
    "opp_hit_player", "turn_end", "opp_turn_start", "opp_turn_end", "own_destroyed", "own_overclock", "own_trigger_used",
    "opp_trigger_used", "own_intercept_used", "opp_intercept_used", "own_discarded", "opp_discards", "deleted",
    "opp_zone_broken", "own_zone_broken", "action"))
TR_STATIC = TRIGGERS.index("static")  # field effects (§10 フィールド効果): unit rows read by static_of
(OP_DRAW, OP_DAMAGE, OP_BREAK, OP_BREAK_POWER, OP_DULL, OP_FREEZE, OP_PUMP, OP_WEAKEN, OP_BOUNCE, OP_SEARCH,
 OP_GAIN_CP, OP_PLAYER_DAMAGE, OP_HEAL, OP_HASTE, OP_DISCARD, OP_LEVEL_UP, OP_RECOVER, OP_GRANT, OP_ACTIVATE,
 OP_ZONE_BREAK, OP_MILL, OP_PLAY) = (OPS.index(o) for o in (
    "draw", "damage", "break", "break_power", "dull", "freeze", "pump", "weaken", "bounce", "search",
    "gain_cp", "player_damage", "heal", "haste", "discard", "level_up", "recover", "grant_keyword", "activate",
    "zone_break", "mill", "play"))
(TG_NONE, TG_OPP, TG_OWN, TG_SELF, TG_OPP_PLAYER, TG_OWN_PLAYER, TG_ANY, TG_ALL_OPP,
 TG_ALL_PLAYERS, TG_ALL_OWN, TG_ALL, TG_CHOSEN) = (TARGETS.index(t) for t in (
    "none", "opp_character", "own_character", "self", "opp_player", "own_player", "any_character",
    "all_opp_characters", "all_players", "all_own_characters", "all_characters", "chosen"))

# Trigger-zone events, seen from the zone's owner (which cards answer them: see zone_event).
(EV_ENTER, EV_OWN_ATTACK, EV_OPP_ATTACK, EV_LEAVE, EV_TURN_START, EV_OPP_ENTER, EV_OWN_BATTLE, EV_OWN_BLOCK,
 EV_OWN_HIT, EV_OPP_HIT, EV_TURN_END, EV_OPP_TURN_START, EV_OPP_TURN_END, EV_OWN_OVERCLOCK, EV_OPP_TRIGGER_USED,
 EV_OPP_INTERCEPT_USED, EV_OWN_DISCARDED, EV_OPP_DISCARDS, EV_OPP_ZONE_BROKEN) = range(19)

LP_START, HAND_MAX, FIELD_MAX, ZONE_MAX, CP_MAX, ROUNDS = 8, 7, 5, 4, 12, 10
# §4 CP table by round, first player then second player.
CP_TABLE = np.array([[2, 3, 4, 5, 6, 7, 7, 7, 7, 7], [3, 3, 4, 5, 6, 7, 7, 7, 7, 7]], np.int32)

# field unit columns
# U_GKW: keywords granted until end of turn; U_PKW: granted while it stays on the field (§9 granting);
# U_BKW: granted until the end of the battle (「戦闘終了時まで」), cleared when the attack ends (actions.attack)
# U_LOST: keywords taken from it (「このユニットの【神託】を取り除く」; read only where such a keyword is)
# U_SBP / U_SKW: the BP change and keywords the field effects on the field give it now (static_of), kept by
# refresh_static at every change they depend on (field_changed, a 沈黙 granted or ending)
# U_USED: G_TURN + 1 of the turn its 【起動】 ability was last used (0 never; keywords.json 起動: once a turn)
# U_KWS / U_BP: its keywords and BP now (unit_kw, unit_bp), kept by unit_derive at every write of a column they
# are made of (the card, level, BP changes, damage, granted and field-effect keywords), so that the policies and
# the rules read one column instead of adding up five
U_CARD, U_LVL, U_BASE, U_TEMP, U_DMG, U_ACT, U_RESTR, U_ENTERED, U_FROZEN, U_UID, U_GKW, U_PKW, U_LOST, \
    U_SBP, U_SKW, U_BKW, U_USED, U_KWS, U_BP, U_NCOLS = range(20)
# player columns
# P_NTRIG + ev / P_NINT + ev (NEV columns each): trigger / intercept cards in the zone that answer
# event ev (zone_event), so the event scans skip zones holding none for it (curve decks set mostly
# units as reducers, and most events concern one card of a deck's kinds at most).
# P_HVER / P_ZVER count the changes to the hand (cards and levels, `hand_changed`) and to the trigger
# zone (`zone_count`). P_HSCAN..P_HEVO hold the policy's hand scan (policy.hand_scan) made at hand
# version P_HSCAN - 1 (0: none yet), reused while the hand stays the same: the override found (-1:
# none), the first trigger/intercept (-1: none), the lowest printed cost of a unit/evolution (1 << 20:
# none), whether an evolution is in hand. P_NOPLAY..P_NPNF: the hand version + 1, zone version, CP
# and field size at which the policy last found no drive and no reducer to set (policy.no_play).
NEV = 19
(P_LP, P_CP, P_HAND, P_ZONE, P_FIELD, P_TOP, P_N, P_ORDER, P_SPENT, P_PLAYED, P_DEALT, P_MULL, P_GAUGE,
 P_JOKER_USED, P_NJOKERS, P_REBUILDS, P_HVER, P_HSCAN, P_HOVR, P_HSET, P_HMINC, P_HEVO, P_ZVER, P_NOPLAY,
 P_NPZ, P_NPCP, P_NPNF, P_NTRIG) = range(28)
P_NINT = P_NTRIG + NEV
P_FTRIG = P_NINT + NEV  # OR of the K_TRIGS of p's field units (field_changed): events skip when none can fire
P_FTRIG_HI = P_FTRIG + 1  # the same of their K_TRIGS_HI
# §5 消滅: the deleted copies of p (bit c % DEL_BITS of P_DEL + c // DEL_BITS); they are not in the
# discard, so no recover picks them, and a §5 rebuild brings them back (the masks are cleared).
P_DEL = P_FTRIG_HI + 1
DEL_BITS = 30
DEL_COLS = 2  # copies 0..59: a deck is 40 (copies past that are never marked, i.e. stay discard cards)
# P_PURPLE: the purple gauge (紫ゲージ, Ver.2 cards; not in the digest [OUTSIDE]): 0..PURPLE_MAX, raised
# and lowered only by card effects. PURPLE_MAX is 5 because no catalog card asks for more (▲5, 5以上, +5).
P_PURPLE = P_DEL + DEL_COLS
PURPLE_MAX = 5
# P_ZUSE + i / P_ZWIN + i: the uses so far of the card in zone slot i (K_USES), and the intercept window
# (G_WIN) it was last used in: a card that stays set answers each event once
P_ZUSE = P_PURPLE + 1
P_ZWIN = P_ZUSE + ZONE_MAX
# P_FSTATIC_IN: the OR of the K_STATIC_IN of p's field units (field_changed)
P_FSTATIC_IN = P_ZWIN + ZONE_MAX
# P_HREM, P_HREM + 1, P_HREM + 2: the hand version a removal from the hand made (remove_from_hand), the index and
# the card removed, so that policy.hand_scan updates its scan for that one removal instead of redoing it
P_HREM = P_FSTATIC_IN + 1
P_NCOLS = P_HREM + 3
# game scalars; options from G_OPT, policies at G_POL (2), policy parameters at G_PAR (2 x NPAR)
G_ROUND, G_TP, G_TURN, G_OVER, G_FIRST, G_UID, G_DQ, G_DETAIL, G_CHECK, G_VIOL, G_OQ = range(11)
# G_CHOSEN_SEAT / G_CHOSEN_UID: the unit the last targeted effect hit (target "chosen": 「それ」 again,
# as in 「それの基本BPを+2000し、【加護】を与える」)
G_CHOSEN_SEAT, G_CHOSEN_UID = 11, 12
# G_FILTER: the E_THASH target filter of the effect being resolved or checked (vocab: > 0 a
# species, < 0 a colour mask; 0 none), set around each effect by effects (run_effects, card_usable)
G_FILTER = 13
# G_CAUSE: why units are being destroyed now (0 an effect, 1 a battle, 2 anything else: a retreat; 3 marks a
# deleted unit queued for its 「消滅した時」 effects, delete_unit),
# stored with each queued destruction (DQ seat column, bits above the seat); G_LEAVE_CAUSE: the cause
# of the destruction whose "when destroyed" effects are resolving (「戦闘によって / 効果によって破壊された時」)
G_CAUSE, G_LEAVE_CAUSE = 14, 15
CAUSE_EFFECT, CAUSE_BATTLE, CAUSE_OTHER, CAUSE_DELETE = 0, 1, 2, 3
# G_CHECK: 1 = invariant-check mode (coj.check_invariants); G_VIOL: the game's violated V_* bits
G_OPT = 16
NOPT = 24
G_POL = G_OPT + NOPT
G_PAR = G_POL + 2
NPAR = 4
# G_BATTLE_A / G_BATTLE_B: the attacker's and the blocker's uids during their battle's events (0: none),
# so that an own unit 「それ」 in 「あなたのユニットが戦闘した時」 is the own unit of that battle (pick_target)
G_BATTLE_A = G_PAR + 2 * NPAR
G_BATTLE_B = G_BATTLE_A + 1
# G_OC_KIND: while a queued unit's "overclock" rows resolve, how it got there: OCK_FIELD it reached
# Lv.3 on the field, OCK_ENTRY it entered the field at Lv.3 (driven or overdriven), OCK_CLOCKUP it
# rose to Lv.2 on the field (「フィールドでレベル3にクロックアップした時」 runs at OCK_FIELD only,
# 「クロックアップした時」 at OCK_FIELD and OCK_CLOCKUP, a plain OC ability at OCK_FIELD and OCK_ENTRY)
G_OC_KIND = G_BATTLE_B + 1
# G_RANDOM: 1 while an effect whose unit is picked 「ランダムで」 resolves (E_TMASK 1): pick_target draws
# the unit uniformly among the legal ones
G_RANDOM = G_OC_KIND + 1
# G_WON: 1 during the battle-won event of a battle's winner (「戦闘に勝利した時」, vocab CC_WON)
G_WON = G_RANDOM + 1
# G_STATIC: 1 once the field effects on the field were recomputed (refresh_static), until effects.settle
# has destroyed the units whose BP that took to 0 or below (§10: a field effect is lost at once)
G_STATIC = G_WON + 1
# G_WIN: the intercept window now open (a serial from G_NWIN; 0: none), P_ZWIN
G_WIN = G_STATIC + 1
G_NWIN = G_WIN + 1
# G_LEAVE_CARD: card row + 1 of the destroyed unit whose "when destroyed" effects are resolving (0: none), the
# event's unit of 「あなたの【X】ユニットが破壊された時」 (effects.cond_holds, last-known information)
G_LEAVE_CARD = G_NWIN + 1
# G_EVQ + 2 * kind + seat (EVQ_*): events raised inside an effect (a trigger or intercept card of the seat used,
# the seat's hand discarded or a card of its trigger zone destroyed by the opponent's effect) that a unit or set
# card watches, waiting for effects.settle (firing them at once would recurse); G_EVN: how many wait in all
EVQ_TRIGGER, EVQ_INTERCEPT, EVQ_DISCARD, EVQ_ZONE = 0, 1, 2, 3
G_EVQ = G_LEAVE_CARD + 1
G_EVN = G_EVQ + 8
# G_LOCK: 1 from 「戦闘終了時までお互いのプレイヤーは全ての効果を発動できない」 (gain_cp GAIN_LOCK) until the attack ends
# (actions.attack): no unit ability, trigger card or intercept of either player is used meanwhile (effects.run_effects,
# next_trigger, use_one_intercept)
G_LOCK = G_EVN + 1
# G_BKW: 1 once a keyword was granted until the end of the battle (U_BKW) since the last attack ended, so that the
# end of an attack walks the fields to take those keywords only when there are some (actions.attack)
G_BKW = G_LOCK + 1
G_NCOLS = G_BKW + 1
OCK_FIELD, OCK_ENTRY, OCK_CLOCKUP = 0, 1, 2
DQ_MAX = 64
OQ_MAX = 16  # overclocked units (seat, uid) waiting for their OC abilities (§9: after all other effects)

# Rules options: name -> (index, default, doc). Every [AMBIGUOUS] point of the digest we model.
OPTION_SPECS = (
    ("max_mulligans", 3, "§6: free full redraws allowed (the 5 s window has no count; this bounds it)"),
    ("jokers", 0, "§9: jokers on (1, mode A: own zone, gauge + CP, 1 per turn) or off (0, default)"),
    ("reducer_leftmost", 1, "§4 [AMBIGUOUS] which same-colour reducer is consumed: 1 leftmost, 0 rightmost"),
    ("refresh_after_cut", 1, "§5 [AMBIGUOUS] deck rebuild counts the draw after the hand-limit cut (1) "
                             "or before it (0)"),
    ("refresh_shuffle", 1, "§5 [AMBIGUOUS] the rebuilt 40-card deck is shuffled (1) or in list order (0)"),
    ("cp_floor", 0, "§4 [AMBIGUOUS] CP lowered by effects is clamped at this floor"),
    ("lv3_drive_overclock", 1, "§8 [AMBIGUOUS] driving a Lv.3 normal unit overclocks it (action right, "
                               "no attack restriction)"),
    ("overdrive_keeps_level", 0, "§8 [AMBIGUOUS] an evolution takes the base unit's level if higher (1); "
                                 "default 0: nothing but the action right carries over"),
    ("indomitable_every_turn_end", 0, "§10 [AMBIGUOUS] 不屈 recovers at every turn end (1) or only at "
                                      "its controller's (0, the catalog's keyword text: 自分のターン終了時)"),
    ("immortal_ignores_weaken", 0, "§10 [AMBIGUOUS] 不滅 also ignores BP reduction (1); default 0: "
                                   "reduction applies"),
    ("attack_ban_lifted", 0, "§10 [AMBIGUOUS] overclock / Speed Move lift 攻撃禁止 (1); default 0: no"),
    ("retreat_is_destroy", 0, "§10 [AMBIGUOUS] a retreat counts as destroyed and fires leave effects (1)"),
    ("removed_attacker_damage", 0, "§11.17 [AMBIGUOUS] an unblocked attacker removed before life "
                                   "damage still deals 1 LP (1); default 0"),
    ("trigger_cp", 0, "§3 [AMBIGUOUS] triggers pay their printed CP (1); default 0: triggers are free"),
    ("priority_alternate", 0, "§9 [AMBIGUOUS] simultaneous trigger cards of both players alternate "
                              "one at a time (1); default 0: the turn player's all first"),
    ("joker_gauge_max", 100, "§9 joker gauge maximum (not in the text; percent as on cards)"),
    ("joker_gain_turn", 25, "§9 gauge gained at the end of each own turn (time-based in the arcade)"),
    ("joker_gain_lp", 10, "§9 gauge gained per LP lost to the opponent's effects"),
    ("joker_gain_attack_lp", 0, "§9 [AMBIGUOUS] life damage from attacks also fills the gauge (1)"),
    ("joker_gauge_cost", 50, "§9 gauge cost of a joker without a catalog gauge size"),
    ("joker_gauge_small", 30, "§9 gauge cost of a catalog 小 (small) joker (numbers are not in the text)"),
    ("joker_gauge_medium", 50, "§9 gauge cost of a catalog 中 (medium) joker"),
    ("joker_gauge_large", 80, "§9 gauge cost of a catalog 大 / 特大 (large) joker"),
)
OPT = {name: i for i, (name, _, _) in enumerate(OPTION_SPECS)}
assert len(OPTION_SPECS) <= NOPT
(O_MAX_MULL, O_JOKERS, O_REDUCER_LEFT, O_REFRESH_AFTER_CUT, O_REFRESH_SHUFFLE, O_CP_FLOOR, O_LV3_DRIVE_OC,
 O_OVERDRIVE_LEVEL, O_INDOMITABLE_ALL, O_IMMORTAL_WEAKEN, O_ATTACK_BAN_LIFTED, O_RETREAT_DESTROY,
 O_REMOVED_ATTACKER, O_TRIGGER_CP, O_PRIORITY_ALT, O_GAUGE_MAX, O_GAIN_TURN, O_GAIN_LP, O_GAIN_ATTACK_LP,
 O_GAUGE_COST, O_GAUGE_SMALL, O_GAUGE_MEDIUM, O_GAUGE_LARGE) = (G_OPT + i for i in range(len(OPTION_SPECS)))


# ---------------------------------------------------------------- state

# offsets of the views into ST (the deck order and cards detail come last: their size depends on n)
OFF_U = 0
OFF_P = OFF_U + 2 * FIELD_MAX * U_NCOLS
OFF_H = OFF_P + 2 * P_NCOLS
OFF_HL = OFF_H + 2 * (HAND_MAX + 1)
OFF_Z = OFF_HL + 2 * (HAND_MAX + 1)
OFF_G = OFF_Z + 2 * ZONE_MAX
OFF_DQ = OFF_G + G_NCOLS
OFF_OQ = OFF_DQ + DQ_MAX * 2
OFF_T = OFF_OQ + OQ_MAX * 2
OFF_DK = OFF_T + 2 * ROUNDS * T_NCOLS


@engine_jit
def new_state(cards, effs):
    """One game's arrays (cards, effs, mutable state zeroed with detail rows -1, RNG states); `cards` /
    `effs` hold n deck rows + 2 joker rows. `state_of` gives the `s` that the engine passes around."""
    owned = (cards, effs, np.empty(OFF_DK + 6 * (cards.shape[1] - 2), np.int32), np.zeros(5, np.uint64))
    clear_state(owned)
    return owned


@engine_jit
def clear_state(owned):
    """The mutable state of `new_state`'s arrays as a new game finds it (so a batch reuses them)."""
    st, n = owned[2], owned[0].shape[1] - 2
    st[:] = 0
    st[OFF_T:OFF_DK] = -1
    st[OFF_DK + 2 * n:] = -1


@engine_jit
def clear_game(owned, detail):
    """clear_state for the next game of a batch on the same arrays, writing only what a game reads before it
    writes it: the destruction and OC queues are read below their counts (G_DQ, G_OQ), the deck order below
    P_N (deal_opening writes it), and the turns and cards detail only when recorded (detail >= 1, >= 2)."""
    st, n = owned[2], owned[0].shape[1] - 2
    st[:OFF_DQ] = 0
    if detail >= 1:
        st[OFF_T:OFF_DK] = -1
    if detail >= 2:
        st[OFF_DK + 2 * n:] = -1


_i32_at = pointer_intrinsic(types.int32)
_u64_at = pointer_intrinsic(types.uint64)


@engine_jit
def state_of(owned):
    """The `s` of the arrays from `new_state`; the caller keeps `owned` alive while `s` is used."""
    cards, effs, st, r = owned
    return (address(cards), address(effs), address(st), address(r), np.int64(cards.shape[1]))


@engine_jit
def deck_rows(s):
    return s[4] - 2


@engine_jit
def joker_row(s, k):
    return s[4] - 2 + k


@engine_jit
def vK(s):
    return carray(_i32_at(s[0], 0), (2, s[4], K_NCOLS))


@engine_jit
def vE(s):
    return carray(_i32_at(s[1], 0), (2, s[4], MAX_EFFECTS, E_NCOLS))


@engine_jit
def vU(s):
    return carray(_i32_at(s[2], OFF_U), (2, FIELD_MAX, U_NCOLS))


@engine_jit
def vP(s):
    return carray(_i32_at(s[2], OFF_P), (2, P_NCOLS))


@engine_jit
def vH(s):
    return carray(_i32_at(s[2], OFF_H), (2, HAND_MAX + 1))


@engine_jit
def vHL(s):
    return carray(_i32_at(s[2], OFF_HL), (2, HAND_MAX + 1))


@engine_jit
def vZ(s):
    return carray(_i32_at(s[2], OFF_Z), (2, ZONE_MAX))


@engine_jit
def vG(s):
    return carray(_i32_at(s[2], OFF_G), (G_NCOLS,))


@engine_jit
def vDQ(s):
    return carray(_i32_at(s[2], OFF_DQ), (DQ_MAX, 2))


@engine_jit
def vOQ(s):
    return carray(_i32_at(s[2], OFF_OQ), (OQ_MAX, 2))


@engine_jit
def vT(s):
    return carray(_i32_at(s[2], OFF_T), (2 * ROUNDS, T_NCOLS))


@engine_jit
def vDK(s):
    return carray(_i32_at(s[2], OFF_DK), (2, deck_rows(s)))


@engine_jit
def vC(s):
    n = deck_rows(s)
    return carray(_i32_at(s[2], OFF_DK + 2 * n), (2, n, 2))


@engine_jit
def rng(s, sub):
    """The 1-element RNG state of a kernel sub-stream (a view: draws advance it in place)."""
    return carray(_u64_at(s[3], sub), (1,))


@engine_jit
def kw(s, p, c):
    return vK(s)[p, c, K_KW]


@inline_jit
def unit_kw(s, p, j):
    """Printed keywords, the ones effects granted it (§9: a granted keyword is fully had) and the ones
    field effects give it (U_SBP, U_SKW: static_of); kept in U_KWS (unit_derive)."""
    return vU(s)[p, j, U_KWS]


@inline_jit
def unit_derive(s, p, j):
    """Recompute unit j's U_KWS and U_BP (unit_kw, unit_bp) from the columns they are made of: called after every
    write of one of those."""
    U, K = vU(s), vK(s)
    c = U[p, j, U_CARD]
    U[p, j, U_KWS] = K[p, c, K_KW] | U[p, j, U_GKW] | U[p, j, U_PKW] | U[p, j, U_BKW] | U[p, j, U_SKW]
    U[p, j, U_BP] = (K[p, c, K_BP1 + U[p, j, U_LVL] - 1] + U[p, j, U_BASE] + U[p, j, U_TEMP] - U[p, j, U_DMG]
                     + U[p, j, U_SBP])


@engine_jit
def refresh_static(s):
    """Recompute every field unit's U_SBP / U_SKW when a unit with field effects is or was on the field;
    G_STATIC asks effects.settle to destroy the units this took to BP 0 or below."""
    P, U = vP(s), vU(s)
    live = ((P[0, P_FTRIG] | P[1, P_FTRIG]) >> TR_STATIC) & 1
    for q in range(2):
        for j in range(P[q, P_FIELD]):
            bp = kws = 0
            if live:
                bp, kws = static_of(s, q, j)
            U[q, j, U_SBP] = bp
            U[q, j, U_SKW] = kws
            unit_derive(s, q, j)
    vG(s)[G_STATIC] = 1


@engine_jit
def static_of(s, q, j):
    """§10 フィールド効果: what the field effects (TR_STATIC rows) of the units on the field give unit j
    of seat q now: its BP change and the keyword bits granted, in one walk over the rows. A row reaches its own unit
    (self), its side's units (all_own_characters) or the other side's (all_opp_characters), of the kind in
    E_THASH (a species hash, or -colour mask; 0 any); 「N体につき」 multiplies the amount by the source
    side's units of the kind E_FE_PARAM (E_FOREACH FE_OWN_UNITS). A row with a condition on its side's
    field (E_COND CC_OWN_FIELD_LE, CC_OWN_SPECIES_GE: static_holds) gives only while it holds; field
    effects are recomputed at every field change, the only changes of those counts. A 沈黙 source gives
    nothing (its printed and effect-granted keywords: field effects never silence a source of field effects)."""
    P, U, K = vP(s), vU(s), vK(s)
    out = kws = 0
    c = U[q, j, U_CARD]
    for p in range(2):
        if not (P[p, P_FTRIG] >> TR_STATIC) & 1:
            continue
        for k in range(P[p, P_FIELD]):
            src = U[p, k, U_CARD]
            if not (K[p, src, K_TRIGS] >> TR_STATIC) & 1 or (K[p, src, K_KW] | U[p, k, U_GKW] | U[p, k, U_PKW] | U[p, k, U_BKW]) & KW_SILENCE:
                continue
            e = vE(s)[p, src]
            for r in range(e.shape[0]):
                op, tg = e[r, E_OP], e[r, E_TARGET]
                if e[r, E_TRIGGER] != TR_STATIC:
                    continue
                if (tg == TG_SELF and (p != q or k != j)) or (tg == TG_ALL_OWN and p != q) or (tg == TG_ALL_OPP and p == q):
                    continue
                if e[r, E_THASH] != 0 and not card_kind(s, q, c, e[r, E_THASH]):
                    continue
                if e[r, E_COND] != 0 and not static_holds(s, p, e[r, E_COND], e[r, E_COND_PARAM]):
                    continue
                if e[r, E_COND2] != 0 and not static_reaches(s, q, j, e[r, E_COND2]):
                    continue
                if op == OP_GRANT:
                    kws |= 1 << e[r, E_PARAM]
                    continue
                amount = e[r, E_AMOUNT]
                fe = e[r, E_FOREACH]
                if fe == FE_OWN_UNITS or fe == FE_OPP_UNITS:
                    side = p if fe == FE_OWN_UNITS else 1 - p
                    n = 0
                    for u in range(P[side, P_FIELD]):
                        n += 1 if e[r, E_FE_PARAM] == 0 or card_kind(s, side, U[side, u, U_CARD], e[r, E_FE_PARAM]) else 0
                    amount *= n
                elif fe != 0:
                    amount *= player_count(s, p, fe)
                out += amount if op == OP_PUMP else -amount
    return out, kws


@engine_jit
def static_reaches(s, q, j, cond):
    """A static row's E_COND2 on unit j of seat q that it reaches: CC_LEVEL its level (「あなたのレベル2以上のユニット」),
    CC_COST_LE its printed cost n or less (「対戦相手のコスト2以下のユニット」)."""
    n = cond >> CC_BITS
    if cond & CC_MASK == CC_COST_LE:
        return vK(s)[q, vU(s)[q, j, U_CARD], K_COST] <= n
    lvl = vU(s)[q, j, U_LVL]
    return (n & 3) <= lvl <= (n >> 2)


@engine_jit
def has_trigger(s, p, c, trig):
    """Whether card c of seat p has an effect with timing trig (K_TRIGS, or K_TRIGS_HI from TRIG_HI on)."""
    if trig < TRIG_HI:
        return (vK(s)[p, c, K_TRIGS] >> trig) & 1 != 0
    return (vK(s)[p, c, K_TRIGS_HI] >> (trig - TRIG_HI)) & 1 != 0


@engine_jit
def field_has_trigger(s, p, trig):
    """Whether one of p's field units has an effect with timing trig (P_FTRIG, P_FTRIG_HI)."""
    if trig < TRIG_HI:
        return (vP(s)[p, P_FTRIG] >> trig) & 1 != 0
    return (vP(s)[p, P_FTRIG_HI] >> (trig - TRIG_HI)) & 1 != 0


@engine_jit
def static_holds(s, p, cond, cparam):
    """A field effect's condition on its side p's field (「あなたのフィールドにユニットが2体以下の場合」,
    「…【獣】ユニットが4体以上いる場合」), or on an LP, a hand's size or the purple gauge (「あなたのライフが6以下の時」,
    「対戦相手の手札が2枚以下の時」, 「あなたの紫ゲージが3以上の場合」: recomputed as those change, static_inputs_changed); the
    importer emits no other kind on a static row."""
    kind, n = cond & CC_MASK, cond >> CC_BITS
    P, U = vP(s), vU(s)
    if kind == CC_OWN_FIELD_LE:
        return P[p, P_FIELD] <= n
    if kind == CC_LIFE_LE:
        return P[p, P_LP] <= n
    if kind == CC_OPP_HAND_LE:
        return P[1 - p, P_HAND] <= n
    if kind == CC_PURPLE_GE:
        return P[p, P_PURPLE] >= n
    if kind == CC_PURPLE_LE:
        return P[p, P_PURPLE] <= n
    m = 0
    for u in range(P[p, P_FIELD]):
        m += 1 if card_kind(s, p, U[p, u, U_CARD], cparam) else 0
    return kind == CC_OWN_SPECIES_GE and m >= n


@engine_jit
def card_kind(s, p, c, f):
    """Card c of seat p against a kind filter: a species (f > 0, first or second) or a colour mask (-f)."""
    K = vK(s)
    if f > 0:
        return K[p, c, K_JOBH] == f or K[p, c, K_JOB2H] == f
    return (K[p, c, K_ELEM] & -f) != 0


@engine_jit
def reducer_colours(s, p):
    """Colour mask of the units/evolutions set in p's trigger zone (the §4 reducers)."""
    P, Z, cards = vP(s), vZ(s), vK(s)
    m = 0
    for i in range(P[p, P_ZONE]):
        t = cards[p, Z[p, i], K_TYPE]
        if t == CT_UNIT or t == CT_EVO:
            m |= cards[p, Z[p, i], K_ELEM]
    return m


@inline_jit
def unit_bp(s, p, j):
    """Current BP = bp[level] + base modifier + temporary modifier - damage (§8, §10 基本BP), plus what
    field effects give it (U_SBP, U_SKW: static_of); kept in U_BP (unit_derive)."""
    return vU(s)[p, j, U_BP]


@inline_jit
def find_unit(s, p, uid):
    for j in range(vP(s)[p, P_FIELD]):
        if vU(s)[p, j, U_UID] == uid:
            return j
    return -1


@engine_jit
def same_colour(s, p, c1, c2):
    return (vK(s)[p, c1, K_ELEM] & vK(s)[p, c2, K_ELEM]) != 0


@engine_jit
def has_colour_unit(s, p, c):
    """§3 intercepts: a same-colour unit on the field, unless the card is colourless."""
    e = vK(s)[p, c, K_ELEM]
    if e == 0 or e & COLORLESS:
        return True
    for j in range(vP(s)[p, P_FIELD]):
        if vK(s)[p, vU(s)[p, j, U_CARD], K_ELEM] & e:
            return True
    return False


@engine_jit
def lp_loss(s, q, amount, by_effect):
    """LP damage to seat q; §1 the game ends at once when an LP reaches 0 (both at 0: double loss)."""
    P, G = vP(s), vG(s)
    if amount <= 0 or G[G_OVER]:
        return
    P[q, P_LP] = max(0, P[q, P_LP] - amount)
    P[1 - q, P_DEALT] += amount
    static_inputs_changed(s)
    if G[O_JOKERS] and (by_effect or G[O_GAIN_ATTACK_LP]):
        P[q, P_GAUGE] = min(G[O_GAUGE_MAX], P[q, P_GAUGE] + G[O_GAIN_LP] * amount)
    if P[q, P_LP] == 0:
        G[G_OVER] = 1


@engine_jit
def record_drawn(s, p, c):
    G = vG(s)
    if G[G_DETAIL] >= 2 and vC(s)[p, c, C_DRAWN] < 0:  # first draw of this copy, also after a rebuild
        vC(s)[p, c, C_DRAWN] = G[G_ROUND] if G[G_TURN] > 0 else 0


@engine_jit
def record_played(s, p, c):
    P, G = vP(s), vG(s)
    P[p, P_PLAYED] += 1
    if G[G_DETAIL] >= 2 and vC(s)[p, c, C_PLAYED] < 0:
        vC(s)[p, c, C_PLAYED] = G[G_ROUND]


# ---------------------------------------------------------------- deck, hand, draw (§5, §6)

@engine_jit
def rebuild(s, p):
    """§5 ドロー: the deck and discard are thrown away and a fresh copy of the 40-card list is set."""
    P, DK, G = vP(s), vDK(s), vG(s)
    n = P[p, P_N]
    for i in range(n):
        DK[p, i] = i
    if G[O_REFRESH_SHUFFLE]:
        deal(rng(s, p), DK[p], n, n)
    P[p, P_TOP] = 0
    P[p, P_REBUILDS] += 1
    for k in range(DEL_COLS):
        P[p, P_DEL + k] = 0


@engine_jit
def hand_changed(s, p):
    """Every change to p's hand (cards, order or levels) goes through here: it voids the policy's scan, and a
    hand's size may hold a field effect (static_inputs_changed)."""
    vP(s)[p, P_HVER] += 1
    static_inputs_changed(s)


@engine_jit
def static_inputs_changed(s):
    """Every change to an LP, a hand, a purple gauge, a trigger zone, the round or a field unit's level ends here: while a
    unit whose field effects are under a condition on them (static_holds, static_reaches) or count them is on the field
    (P_FSTATIC_IN), the field effects are recomputed (refresh_static)."""
    if vP(s)[0, P_FSTATIC_IN] | vP(s)[1, P_FSTATIC_IN]:
        refresh_static(s)


@engine_jit
def player_count_kind(fe):
    """Whether 「[…×N]」 kind fe counts something of a player (player_count), not of the field."""
    return fe == FE_PURPLE or fe == FE_LP_LOST or fe == FE_LP or fe == FE_OPP_HAND or fe == FE_ROUND or fe == FE_ZONES


@engine_jit
def player_count(s, p, fe):
    """What a 「[…×N]」 counts of a player or the game (FE_PURPLE, FE_LP_LOST, FE_LP, FE_OPP_HAND, FE_ROUND, FE_ZONES);
    effects.fe_count reads these kinds here."""
    P = vP(s)
    if fe == FE_PURPLE:
        return P[p, P_PURPLE]
    if fe == FE_LP_LOST:  # 「あなたの受けているライフダメージ」: LP below the starting 8
        return max(0, LP_START - P[p, P_LP])
    if fe == FE_LP:
        return P[p, P_LP]
    if fe == FE_OPP_HAND:
        return P[1 - p, P_HAND]
    if fe == FE_ROUND:
        return vG(s)[G_ROUND]
    if fe == FE_ZONES:
        return P[0, P_ZONE] + P[1, P_ZONE]
    return 0


def statics_reading_inputs(effs: np.ndarray) -> np.ndarray:
    """K_STATIC_IN of each card of an effect table int32[n, MAX_EFFECTS, E_NCOLS]: 1 where a field effect (TR_STATIC
    row) is under a condition on an LP, a hand's size or a purple gauge, counts one of those, the trigger zones' cards
    or the round (player_count_kind), or is on units of a level."""
    kind, fe, cond2 = effs[..., E_COND] & CC_MASK, effs[..., E_FOREACH], effs[..., E_COND2] & CC_MASK
    reads = ((kind == CC_LIFE_LE) | (kind == CC_OPP_HAND_LE) | (kind == CC_PURPLE_GE) | (kind == CC_PURPLE_LE)
             | (fe == FE_PURPLE) | (fe == FE_LP_LOST) | (fe == FE_LP) | (fe == FE_OPP_HAND) | (fe == FE_ROUND)
             | (fe == FE_ZONES) | (cond2 == CC_LEVEL))
    return ((effs[..., E_TRIGGER] == TR_STATIC) & reads).any(axis=1).astype(np.int32)


@engine_jit
def add_to_hand(s, p, c, lvl):
    P = vP(s)
    h = P[p, P_HAND]
    if h >= HAND_MAX and vG(s)[G_CHECK]:
        vG(s)[G_VIOL] |= 8  # coj.V_LIMITS: §5 a card added to a full hand of 7, seen as it happens
    vH(s)[p, h] = c
    vHL(s)[p, h] = lvl
    P[p, P_HAND] = h + 1
    hand_changed(s, p)


@engine_jit
def remove_from_hand(s, p, i):
    P, H, HL = vP(s), vH(s), vHL(s)
    c = H[p, i]
    for k in range(i, P[p, P_HAND] - 1):
        H[p, k] = H[p, k + 1]
        HL[p, k] = HL[p, k + 1]
    P[p, P_HAND] -= 1
    hand_changed(s, p)
    P[p, P_HREM], P[p, P_HREM + 1], P[p, P_HREM + 2] = P[p, P_HVER], i, c


@engine_jit
def draw(s, p, k):
    """Draw k: hand limit 7 cuts the draw (the rest stays in the deck); rebuild if the deck is short."""
    P, DK, G = vP(s), vDK(s), vG(s)
    take = min(k, HAND_MAX - P[p, P_HAND])
    need = take if G[O_REFRESH_AFTER_CUT] else k
    if need <= 0 or (take <= 0 and G[O_REFRESH_AFTER_CUT]):
        return 0
    if P[p, P_N] - P[p, P_TOP] < need:
        rebuild(s, p)  # §5: the remaining cards are not drawn; all come from the new deck
    got = 0
    for _ in range(take):
        if P[p, P_TOP] >= P[p, P_N]:
            break
        c = DK[p, P[p, P_TOP]]
        P[p, P_TOP] += 1
        add_to_hand(s, p, c, 1)
        record_drawn(s, p, c)
        got += 1
    return got


# ---------------------------------------------------------------- field and trigger zone

@engine_jit
def zone_event(s, p, c):
    """The event a set trigger/intercept answers (docs/policies_coj.md, "Trigger zone cards"): the
    trigger of its first effect, the printed timing (§9 trigger points). The hand-written timings of
    the shipped decks: enter = own_enters, cast = opp_attacks, attack = opp_attacks if the first effect
    targets an opposing unit (it hits the attacker), else own_attacks; leave = an own unit destroyed.
    A card whose lines answer different events (zone_multi) answers the events of its other rows too.
    """
    e = vE(s)[p, c]
    return trigger_event(e[0, E_TRIGGER], e[0, E_TARGET])


@engine_jit
def trigger_event(t, target):
    """The zone event of timing t on an effect with target `target` (zone_event), -1 if none."""
    if t == TR_ENTER or t == TR_OWN_ENTERS:
        return EV_ENTER
    if t == TR_OPP_ENTERS:
        return EV_OPP_ENTER
    if t == TR_CAST or t == TR_OPP_ATTACKS or (t == TR_ATTACK and target == TG_OPP):
        return EV_OPP_ATTACK
    if t == TR_ATTACK or t == TR_OWN_ATTACKS:
        return EV_OWN_ATTACK
    if t == TR_LEAVE:
        return EV_LEAVE
    if t == TR_OWN_BATTLES:
        return EV_OWN_BATTLE
    if t == TR_OWN_BLOCKS:
        return EV_OWN_BLOCK
    if t == TR_OWN_HIT:
        return EV_OWN_HIT
    if t == TR_OPP_HIT:
        return EV_OPP_HIT
    if t == TR_TURN_START:
        return EV_TURN_START
    if t == TR_OPP_TURN_START:
        return EV_OPP_TURN_START
    if t == TR_TURN_END:
        return EV_TURN_END
    if t == TR_OPP_TURN_END:
        return EV_OPP_TURN_END
    if t == TR_OWN_OVERCLOCK:
        return EV_OWN_OVERCLOCK
    if t == TR_OPP_TRIGGER_USED:
        return EV_OPP_TRIGGER_USED
    if t == TR_OPP_INTERCEPT_USED:
        return EV_OPP_INTERCEPT_USED
    if t == TR_OWN_DISCARDED:
        return EV_OWN_DISCARDED
    if t == TR_OPP_DISCARDS:
        return EV_OPP_DISCARDS
    if t == TR_OPP_ZONE_BROKEN:
        return EV_OPP_ZONE_BROKEN
    return -1


@inline_jit
def zone_multi(s, p, c):
    """Whether set card c of seat p has effects of more than one timing: a card whose printed lines answer
    different events (「あなたのユニットがフィールドに出た時、… / あなたの【精霊】ユニットがアタックした時、…」), whose
    rows other than the first may answer other events than zone_event (row_event)."""
    lo, hi = vK(s)[p, c, K_TRIGS], vK(s)[p, c, K_TRIGS_HI]
    return (lo & (lo - 1)) != 0 or (hi & (hi - 1)) != 0 or (lo != 0 and hi != 0)


@engine_jit
def row_event(s, p, c, k):
    """The event effect row k of set card c answers: zone_event for rows of the first row's timing, else
    the event of the row's own timing (a card of several events, zone_multi)."""
    e = vE(s)[p, c]
    if e[k, E_TRIGGER] == e[0, E_TRIGGER]:
        return trigger_event(e[0, E_TRIGGER], e[0, E_TARGET])
    return trigger_event(e[k, E_TRIGGER], e[k, E_TARGET])


@inline_jit
def zone_trigger(s, p, c, ev):
    """The timing of the rows of set card c that answer event ev when the card has several events
    (zone_multi; the importer gives each event one timing), else -1: every row runs (§9 a used card)."""
    return multi_trigger(s, p, c, ev) if zone_multi(s, p, c) else -1


@engine_jit
def multi_trigger(s, p, c, ev):
    """zone_trigger of a card of several events."""
    e = vE(s)[p, c]
    for k in range(e.shape[0]):
        if e[k, E_OP] != 0 and row_event(s, p, c, k) == ev:
            return e[k, E_TRIGGER]
    return -1


@inline_jit
def zone_answers(s, p, c, ev):
    """Whether set card c of seat p answers event ev: its zone_event, or an opponent's entry for a
    「ユニットがフィールドに出た時」 card (an own-entry card flagged CC_ANY_SIDE), or the event of one of
    its other rows on a card of several events (zone_multi)."""
    own = zone_event(s, p, c)
    if own == ev or (ev == EV_OPP_ENTER and own == EV_ENTER and vK(s)[p, c, K_ANY_SIDE] != 0):
        return True
    return zone_multi(s, p, c) and zone_trigger(s, p, c, ev) >= 0


@inline_jit
def zone_count(s, p, c, d):
    """Keep the per-event trigger / intercept counts and the zone version in step when card c enters
    (d = 1) or leaves (d = -1) p's zone: every change to the zone goes through here."""
    P = vP(s)
    P[p, P_ZVER] += 1
    static_inputs_changed(s)  # a field effect counting the set cards
    t = vK(s)[p, c, K_TYPE]
    if t != CT_TRIGGER and t != CT_INTERCEPT:
        return
    ev = zone_event(s, p, c)
    if ev >= 0:
        P[p, (P_NTRIG if t == CT_TRIGGER else P_NINT) + ev] += d
    if ev == EV_ENTER and vK(s)[p, c, K_ANY_SIDE]:
        P[p, (P_NTRIG if t == CT_TRIGGER else P_NINT) + EV_OPP_ENTER] += d
    if zone_multi(s, p, c):
        zone_count_more(s, p, c, ev, (P_NTRIG if t == CT_TRIGGER else P_NINT), d)


@engine_jit
def zone_count_more(s, p, c, first, base, d):
    """zone_count's part for the other events of a card of several events (zone_multi), each counted once."""
    e = vE(s)[p, c]
    seen = 0
    for k in range(e.shape[0]):
        if e[k, E_OP] == 0:
            continue
        ev = row_event(s, p, c, k)
        if ev >= 0 and ev != first and (seen >> ev) & 1 == 0:
            seen |= 1 << ev
            vP(s)[p, base + ev] += d


@inline_jit
def zone_add(s, p, c):
    """§5: a set card takes the leftmost free slot."""
    P = vP(s)
    vZ(s)[p, P[p, P_ZONE]] = c
    P[p, P_ZUSE + P[p, P_ZONE]] = 0
    P[p, P_ZWIN + P[p, P_ZONE]] = 0
    P[p, P_ZONE] += 1
    zone_count(s, p, c, 1)


@engine_jit
def zone_remove(s, p, i):
    """§5: the zone is left-packed; a used card leaves and the rest shift left."""
    P, Z = vP(s), vZ(s)
    zone_count(s, p, Z[p, i], -1)
    for k in range(i, P[p, P_ZONE] - 1):
        Z[p, k] = Z[p, k + 1]
        P[p, P_ZUSE + k] = P[p, P_ZUSE + k + 1]
        P[p, P_ZWIN + k] = P[p, P_ZWIN + k + 1]
    P[p, P_ZONE] -= 1


@engine_jit
def reducer_slot(s, p, c):
    """§4 cost reducer: a unit/evolution set in the zone with c's colour (leftmost by default)."""
    P, Z, cards = vP(s), vZ(s), vK(s)
    best = -1
    for i in range(P[p, P_ZONE]):
        z = Z[p, i]
        t = cards[p, z, K_TYPE]
        if (t == CT_UNIT or t == CT_EVO) and same_colour(s, p, z, c):
            best = i
            if vG(s)[O_REDUCER_LEFT]:
                return i
    return best


@engine_jit
def entry_cost(s, p, c):
    """CP to put c onto the field: printed cost, -1 (to 0) if a same-colour reducer is set (§4)."""
    cost = vK(s)[p, c, K_COST]
    if reducer_slot(s, p, c) >= 0:
        cost = max(0, cost - 1)
    return cost


@inline_jit
def pay_entry(s, p, c):
    """The reduction is mandatory: the reducer goes to the discard as the unit enters (§4)."""
    cost = vK(s)[p, c, K_COST]
    r = reducer_slot(s, p, c)
    if r >= 0:
        zone_remove(s, p, r)
        cost = max(0, cost - 1)
    spend(s, p, cost)


@engine_jit
def spend(s, p, cost):
    P = vP(s)
    P[p, P_CP] -= cost
    if vG(s)[G_TP] == p:
        P[p, P_SPENT] += cost


@engine_jit
def overclock(s, p, j, kind):
    """§8 オーバークロック: reaching Lv.3 restores the action right and lifts the attack restriction;
    its OC abilities wait in the OC queue (§9: they resolve after all other effects, effects.settle).
    kind: OCK_FIELD or OCK_ENTRY (kept with the queued unit, read as G_OC_KIND)."""
    U = vU(s)
    U[p, j, U_ACT] = 1
    U[p, j, U_RESTR] = 0
    queue_oc(s, p, j, kind)


@engine_jit
def queue_oc(s, p, j, kind):
    """Queue unit j's "overclock" rows (OC and clock-up abilities) with how it got its level (OCK_*), when it
    has such rows or its side watches its units overclock (own_overclock units, set cards: oc_watched)."""
    U, G, OQ = vU(s), vG(s), vOQ(s)
    if G[G_OQ] < OQ_MAX and (vK(s)[p, U[p, j, U_CARD], K_TRIGS] & (1 << TR_OVERCLOCK) or oc_watched(s, p)):
        OQ[G[G_OQ], 0] = p | kind << 1
        OQ[G[G_OQ], 1] = U[p, j, U_UID]
        G[G_OQ] += 1


@engine_jit
def oc_watched(s, p):
    """Whether a unit or a set card of p answers p's units overclocking or clocking up (own_overclock)."""
    P = vP(s)
    return (field_has_trigger(s, p, TR_OWN_OVERCLOCK) or P[p, P_NTRIG + EV_OWN_OVERCLOCK] > 0
            or P[p, P_NINT + EV_OWN_OVERCLOCK] > 0)


@engine_jit
def side_watched(s, p, own_trig, opp_trig, own_ev, opp_ev):
    """Whether a unit or set card answers an event of seat p: p's units with own_trig, the opponent's with
    opp_trig, p's zone cards answering own_ev, the opponent's opp_ev (-1: none)."""
    P = vP(s)
    return ((own_trig >= 0 and field_has_trigger(s, p, own_trig)) or (opp_trig >= 0 and field_has_trigger(s, 1 - p, opp_trig))
            or (own_ev >= 0 and P[p, P_NTRIG + own_ev] + P[p, P_NINT + own_ev] > 0)
            or (opp_ev >= 0 and P[1 - p, P_NTRIG + opp_ev] + P[1 - p, P_NINT + opp_ev] > 0))


@engine_jit
def queue_event(s, kind, p):
    """Raise event kind (EVQ_*) of seat p for effects.settle when something watches it (side_event's timings)."""
    watched = False
    if kind == EVQ_TRIGGER:
        watched = side_watched(s, p, TR_OWN_TRIGGER_USED, TR_OPP_TRIGGER_USED, -1, EV_OPP_TRIGGER_USED)
    elif kind == EVQ_INTERCEPT:
        watched = side_watched(s, p, TR_OWN_INTERCEPT_USED, TR_OPP_INTERCEPT_USED, -1, EV_OPP_INTERCEPT_USED)
    elif kind == EVQ_DISCARD:
        watched = side_watched(s, p, TR_OWN_DISCARDED, TR_OPP_DISCARDS, EV_OWN_DISCARDED, EV_OPP_DISCARDS)
    else:
        watched = side_watched(s, p, TR_OWN_ZONE_BROKEN, TR_OPP_ZONE_BROKEN, -1, EV_OPP_ZONE_BROKEN)
    if watched:
        G = vG(s)
        G[G_EVQ + 2 * kind + p] += 1
        G[G_EVN] += 1


@engine_jit
def set_level(s, p, j, lvl):
    """§8 clock up/down: base BP follows the level (base modifiers kept), damage heals; Lv.3 = OC."""
    U = vU(s)
    lvl = max(1, min(3, lvl))
    old = U[p, j, U_LVL]
    if lvl == old:
        return
    U[p, j, U_LVL] = lvl
    U[p, j, U_DMG] = 0
    unit_derive(s, p, j)
    static_inputs_changed(s)  # a field effect on units of a level
    if lvl == 3:
        overclock(s, p, j, OCK_FIELD)
    elif lvl > old:  # a clock-up to Lv.2: 「クロックアップした時」 abilities (queued as OC ones are)
        queue_oc(s, p, j, OCK_CLOCKUP)


@engine_jit
def place_unit(s, p, c, lvl):
    """Put card c on the field at its hand level; returns the slot. §3: action right, attack restriction."""
    P = vP(s)
    j = P[p, P_FIELD]
    P[p, P_FIELD] = j + 1
    init_unit(s, p, j, c, lvl)
    return j


@inline_jit
def init_unit(s, p, j, c, lvl):
    U, G = vU(s), vG(s)
    U[p, j, U_CARD] = c
    U[p, j, U_LVL] = lvl
    U[p, j, U_BASE] = 0
    U[p, j, U_TEMP] = 0
    U[p, j, U_DMG] = 0
    U[p, j, U_ACT] = 1
    U[p, j, U_RESTR] = 0 if kw(s, p, c) & KW_SPEED else 1  # §10 スピードムーブ
    U[p, j, U_ENTERED] = G[G_TURN]
    U[p, j, U_FROZEN] = 0
    U[p, j, U_GKW] = 0
    U[p, j, U_PKW] = 0
    U[p, j, U_BKW] = 0
    U[p, j, U_LOST] = 0
    U[p, j, U_SBP] = 0
    U[p, j, U_SKW] = 0
    U[p, j, U_USED] = 0
    G[G_UID] += 1
    U[p, j, U_UID] = G[G_UID]
    unit_derive(s, p, j)
    field_changed(s, p)
    if lvl == 3 and G[O_LV3_DRIVE_OC]:
        overclock(s, p, j, OCK_ENTRY)


@engine_jit
def remove_unit(s, p, j):
    """Take a unit off the field (to discard, hand or as an overdrive base); §8 its level resets to 1."""
    U, P = vU(s), vP(s)
    for k in range(j, P[p, P_FIELD] - 1):
        for col in range(U_NCOLS):  # element copies: a row assignment compiles numba's shape-error path
            U[p, k, col] = U[p, k + 1, col]
    P[p, P_FIELD] -= 1
    field_changed(s, p)


@engine_jit
def field_changed(s, p):
    """Every change to p's field cards goes through here: it keeps P_FTRIG / P_FTRIG_HI, the timings they have, and
    P_FSTATIC_IN."""
    m = hi = inputs = 0
    for k in range(vP(s)[p, P_FIELD]):
        m |= vK(s)[p, vU(s)[p, k, U_CARD], K_TRIGS]
        hi |= vK(s)[p, vU(s)[p, k, U_CARD], K_TRIGS_HI]
        inputs |= vK(s)[p, vU(s)[p, k, U_CARD], K_STATIC_IN]
    old = vP(s)[p, P_FTRIG] | vP(s)[1 - p, P_FTRIG]
    vP(s)[p, P_FTRIG] = m
    vP(s)[p, P_FTRIG_HI] = hi
    vP(s)[p, P_FSTATIC_IN] = inputs
    if ((m | old) >> TR_STATIC) & 1:  # a field effect may have come or gone, or the units it counts changed
        refresh_static(s)


@engine_jit
def delete_unit(s, p, j):
    """消滅 (§5 deleted zone): off the field, not destroyed (no "when destroyed"), not a discard card; a unit with
    「消滅した時」 abilities (deleted rows) waits in the destruction queue, marked CAUSE_DELETE (effects.settle)."""
    G, DQ = vG(s), vDQ(s)
    c = vU(s)[p, j, U_CARD]
    if has_trigger(s, p, c, TR_DELETED) and G[G_DQ] < DQ_MAX:
        DQ[G[G_DQ], 0] = p | CAUSE_DELETE << 1
        DQ[G[G_DQ], 1] = c
        G[G_DQ] += 1
    remove_unit(s, p, j)
    if c < DEL_BITS * DEL_COLS:
        vP(s)[p, P_DEL + c // DEL_BITS] |= 1 << (c % DEL_BITS)


@engine_jit
def undelete(s, p, c):
    """A deleted copy taken back (recover RECOVER_DELETED): no longer in the deleted zone."""
    if c < DEL_BITS * DEL_COLS:
        vP(s)[p, P_DEL + c // DEL_BITS] &= ~(1 << (c % DEL_BITS))


@engine_jit
def deleted(s, p, c):
    return c < DEL_BITS * DEL_COLS and (vP(s)[p, P_DEL + c // DEL_BITS] >> (c % DEL_BITS)) & 1 == 1


@engine_jit
def destroy(s, p, j):
    """破壊: to the discard; its "when destroyed" effects wait in the queue (last-known card)."""
    G, DQ = vG(s), vDQ(s)
    if G[G_DQ] < DQ_MAX:
        DQ[G[G_DQ], 0] = p | G[G_CAUSE] << 1
        DQ[G[G_DQ], 1] = vU(s)[p, j, U_CARD]
        G[G_DQ] += 1
    remove_unit(s, p, j)


@inline_jit
def take_damage(s, p, j, amount, enemy_effect):
    """Damage to a unit (§8 battle, effect damage); keywords that cancel it (§10). True if destroyed."""
    k = unit_kw(s, p, j)
    bp = unit_bp(s, p, j)
    if k & KW_IMMORTAL or (k & KW_KINGS and amount < bp) or (k & KW_SHIELD and enemy_effect):
        amount = 0
    vU(s)[p, j, U_DMG] += max(0, amount)
    unit_derive(s, p, j)
    return unit_bp(s, p, j) <= 0
