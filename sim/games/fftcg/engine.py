"""Final Fantasy TCG engine: full games between scripted policies (numba).

Rules: ../shared/rules/fftcg.md (the digest of the Comprehensive Rules 3.2); comments cite its rule
numbers. This file: setup, one game, the invariant check, the batch kernel and the Python interface.
The turn (Active, Draw, Main 1, Attack, Main 2, End), casting, attacks and blocks: turn.py.
State layout, CP payment, effects and rule processes: core.py. Choices: policy.py.

Modelled: setup with the all-or-nothing mulligan to the bottom (8.2.1); draws 2 (first player's
first turn 1, 9.2.1.3); CP from discards (2, never Light/Dark) and Backups (1), element requirements
(mono, multi, Light/Dark), no carry-over, the no-surplus rule (section 7); Forwards, Backups (max 5,
enter dull), Summons, Monsters; same-name and Light/Dark limits; summoning sickness and Haste;
single and party attacks, one optional active blocker, battle damage, break at damage >= power,
First Strike, Brave, Back Attack, Freeze; 1 damage per unblocked attack with EX Bursts; the LB deck
(15.2.8); losses at 7 damage (6 with `limited`), by drawing from an empty deck and by damage with
an empty deck; simultaneous loss = draw; damage and until-end-of-turn effects cleared each End Phase.
Simplified (digest section 14): the stack is a FIFO of effects, resolved before the next decision;
instant speed only in two battle windows (the defender after an attack declaration, the attacker
after the block); targets, and a modal ability's options (11.3.4, picked by its player's policy), are
chosen on resolution. Not modelled: Warp, Priming, element icons in
action-ability costs, static amounts "for each card in hand", abilities used from the Break Zone.

Card effects (sim/cards/effects.py; the full list with its approximations is in docs/policies_fftcg.md):
triggered abilities (enter, attack, block, leave, damaged, hit the player, turn start, the beginning of the
own Attack Phase (10.1.1: after Main Phase 1, before the first declaration, once per turn), end of the own turn
(9.5.1.1, before the hand-limit discard), own or opposing Summon cast, own Forward attacks or character
enters, opposing Forward broken or leaves, own dull Backups activated by own effects, the opponent
discarding due to own effects, a party's attack: "When X forms a party and attacks", "When n or more <kind>
Forwards you control form a party and attack", 15.1.1.9), EX Bursts (11.10), Summons, action abilities with
CP, dull and extra costs (discard, mill, remove counters, a Special Ability's same-name discard, 11.7.1; once
per turn), and static abilities (power, keywords, attack / block restrictions, untargetable, cost reduction
with a floor, "Damage n --" 15.2.x). Conditions ("Damage n --", "if you control ...", counts: cards cast this
turn, hand sizes, the opponent's damage, own Characters / Forwards of a kind put from the field into the Break
Zone this turn) and "for each" amounts (including cards cast this turn) are checked on resolution (an action
ability's condition when it is used); statics under a count condition are recomputed when hands, damage or
the cards cast change. Targets may be asked to be dull, active, attacking, blocking or damaged, and of given
elements (checked when chosen and on resolution); "all the Forwards in that party" is the attacking party.
Ops: draw, damage, break (cost/power limits), dull, freeze, pump/weaken, bounce,
search, dig, play, recover, mill, fight, gain_cp, player_damage, heal, haste, activate, discard (the
discarding player's least valuable card, or the most expensive fitting card after a reveal), no_block/no_attack,
grant_keyword, flicker
(remove from the game and play again dull), counters (placed by effects, removed by action costs),
cast_free (a Summon from the hand without paying its cost; "《X》": X paid on resolution). A card's optional
extra cost on cast ("you may pay an extra ...") is paid when active Backups cover it and the cost (no
discard). EX Burst: a card revealed as damage resolves its ex_burst effects; without any, a card with
the EX icon resolves its cast (Summon) or enter (character) effects (11.10.3). The player always uses it.

Policies (full text in docs/policies_fftcg.md):
- random: uniform over the legal actions at each decision: which card to cast / ability to use / pass;
  attack with one eligible Forward / its party / end; block with any active Forward / none; at each
  battle window cast any instant (Summon, Back Attack) / none; mulligan on a coin flip. Discards for
  CP and at the End Phase, targets and the party's damage split are random too (split: see battle).
- aggro: pays with active Backups first, then discards Backups (once it has 3), then non-removal
  Summons, expensive Forwards last; casts Forwards first (Haste, then power), Backups while < 4,
  removal Summons; attacks with every eligible Forward (biggest first), forms a same-element party
  when one blocker would break each attacker alone; blocks only to break the attacker and survive, or
  when at >= 6 damage; after a block, uses removal on the blocker. Mulligans as curve.
- curve: pays with Backups first, then discards the cheapest cards (Summons and cheap Forwards, Backups
  last); casts the most expensive castable card, again and again (a card whose lines are not all modelled counts
  at its worth, sim.games.fftcg.worth: its body and its modelled lines' share of its cost; a character whose enter ability asks for a
  character not controlled yet after the others; spends CP as fully as possible; with a
  card in hand that gets cheaper per card cast this turn, the cards costing <= 2 first while it stays
  affordable, then it), a removal Summon only on a target of cost >= its own - 1; attacks when no blocker
  would break the attacker and survive (at >= 5 opponent damage: also even trades); blocks to survive, to trade with
  a costlier attacker, or at >= 6 damage; answers attacks with removal at >= 4 damage. Mulligans when
  the five cards it would draw are expected to score more than the hand: its characters of cost <= 3 up to 1,
  plus the cards other cards of the deck ask for up to 3 (policy.redraw_better, sim.games.fftcg.opening).
- control: pays with Backups first and never discards below 2 cards in hand, discarding cheap
  Forwards first (by worth, as curve) and keeping Backups and removal; casts Backups to 5, then characters, holds removal
  Summons for the opponent's attacks (kills the attacker at instant speed) and casts a Back Attack
  Forward to block; attacks only when no active opposing Forward could break the attacker; blocks to
  survive or trade, or at >= 4 damage. Mulligans as curve.
- search (`search`, `search:N` for N rollouts per decision, `search:N:D` for rollouts D opponent turns deep;
  search.py): determinised Monte Carlo over its own main-phase actions, attack declarations and blocks, with
  curve rollouts cut after the opponent's next turn and scored by a fitted win-probability model, the budget
  spent by successive halving; every other choice is curve's. `search-full` (`search-full:N`) is the
  reference it was measured against: flat budget split, every rollout played to the end. `search-adapt`
  (`search-adapt:N`, `search-adapt:N:D`) is the search scoring with its deck's model moving against the other
  deck, fitted on the matchup's curve games before they are played (adapt.py; seat_models).
All policies use action abilities in Main Phase 2 when the effect is useful and lasts (no dull of an opposing
Forward there; a self-sacrificing Backup only to remove a Forward or with PR_SACRIFICE Backups; the random one
any ability any time; the others also, as the defender after a battle, one that removes an opposing character,
PR_REACT), take EX Bursts, and cast LB cards like hand cards. Parameters: DEFAULT_PARAMS (PR_* in core).
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from sim.cards.effects import (
    ACT_MY_TURN,
    CNT_CAST,
    CNT_OPP_DAMAGE,
    CNT_OPP_HAND,
    CNT_OWN_DAMAGE,
    CNT_OWN_HAND,
    COND_COUNT,
    COND_DAMAGE,
    COND_OPP,
    COND_OWN,
    E_COND,
    E_DULL,
    E_FOREACH,
    E_NCOLS,
    E_OP,
    E_TRIGGER,
    FE_CAST,
    FE_DULL,
    FE_OPP,
    FE_OPP_HAND,
    FE_OWN,
    FE_OWN_DAMAGE,
    FE_OWN_HAND,
    MAX_EFFECTS,
    TRIGGERS,
)
from sim.cards.model import Deck
from sim.engine.compiled import K_NCOLS, K_NEFF, K_TYPE, CompiledDeck, compile_cards
from sim.engine.jit import engine_jit, inline_jit
from sim.engine.kernel import (
    SUB_COIN,
    SUB_POLICY0,
    SUB_SEAT0,
    address,
    derive_seed,
    move_block_to_bottom,
    new_rng,
    randbelow,
    shuffle,
)
from sim.engine.results import (
    C_DRAWN,
    C_PLAYED,
    DRAW,
    END_TURN_CAP,
    G_FINAL_A,
    G_FINAL_B,
    G_FIRST,
    G_MULL_A,
    G_MULL_B,
    G_REASON,
    G_TURNS,
    G_WINNER,
    T_AVAILABLE,
    T_DAMAGE,
    T_HAND,
    T_NCOLS,
    T_PAID,
    T_PLAYED,
    T_SEAT,
    T_SPENT,
    T_TURN,
    Batch,
    new_batch,
)
from sim.engine.threads import run_chunks
from sim.errors import InputError
from sim.games.fftcg import adapt
from sim.games.fftcg.core import (
    AGGRO,
    BACKUP,
    BLOB_SIZE,
    CK_CAST,
    CK_EVERY,
    CK_OPP_DAMAGE,
    CK_OPP_HAND,
    CK_OWN_HAND,
    CONTROL,
    CURVE,
    FORWARD,
    HT_ATTACK_PHASE,
    HT_BKP_ACT,
    HT_DAMAGED,
    HT_DMOD,
    HT_OPP_DISCARD,
    HT_OPP_LEAVE,
    HT_OWN_ATTACK,
    HT_OWN_ENTER,
    HT_PARTY,
    HT_REACT,
    HT_SUMMON,
    HT_TAUNT,
    HT_TURN_END,
    K_ASKED,
    K_WORTH,
    KEYWORDS,
    L_BKP,
    L_FIELD,
    L_FWD,
    L_HAND,
    L_ORDER,
    MAX_BACKUPS,
    N_L,
    N_OPT,
    N_P,
    N_Q,
    N_S,
    N_X,
    N_ZONES,
    NPARAM,
    O_BLOCKED_IF_REMOVED,
    O_LB_UNDEFINED_COST,
    O_LIMITED,
    O_MULTI_BACKUP_ONE,
    O_PARTY_SHARED,
    O_PAYMENT_STRICT,
    OFF_GS,
    OFF_OPT,
    OFF_PRM,
    OFF_PS,
    OFF_Q,
    OFF_RNG,
    OFF_VAR,
    OP_BOUNCE,
    OP_BREAK,
    OP_BREAK_POWER,
    OP_CAST_FREE,
    OP_CAST_IF,
    OP_COST_REDUCE,
    OP_DAMAGE,
    OP_DAMAGE_MOD,
    OP_EXTRA_COST,
    OP_TAUNT,
    OP_WEAKEN,
    P_AVAIL,
    P_BONUS,
    P_DEALT,
    P_DMG,
    P_FN,
    P_HAS_CR,
    P_HAS_STATIC,
    P_HAS_TRIG,
    P_HN,
    P_MULL,
    P_MULL_KINDS,
    P_NB,
    P_NF,
    P_NLD,
    P_NMAIN,
    P_NSTAT,
    P_NTOT,
    P_PAID,
    P_PLAYED,
    P_POLICY,
    P_SPENT,
    P_TOP,
    P_TURN,
    PR_BUDGET,
    QCAP,
    RANDOM,
    S_DMG,
    S_DRAWN,
    S_PLAYED,
    S_ZONE,
    SEARCH,
    STATIC_ALWAYS,
    STATIC_COUNT,
    STATIC_OPP,
    STATIC_OPP_FIELD,
    TR_ACTION,
    TR_ACTION_BREAK,
    TR_ATTACK_PHASE,
    TR_DAMAGED,
    TR_EACH_ATTACK_PHASE,
    TR_OPP_BROKEN,
    TR_OPP_DISCARDS,
    TR_OPP_LEAVES,
    TR_OPP_SUMMON,
    TR_OWN_ATTACKS,
    TR_OWN_BACKUP_ACT,
    TR_OWN_ENTERS,
    TR_OWN_PARTY,
    TR_OWN_SUMMON,
    TR_PARTY_ATTACK,
    TR_STATIC,
    TR_TURN_END,
    V_FIELD,
    V_NEGATIVE,
    V_PAYMENT,
    V_ZONES,
    X_DETAIL,
    X_GTURN,
    X_OVER,
    X_REASON,
    X_VIOL,
    X_WINNER,
    Z_DAMAGE,
    Z_DECK,
    Z_FIELD,
    Z_HAND,
    Z_LB,
    Z_LB_UP,
    W,
    draw,
    keep_alive,
    st_cards,
    st_cs,
    st_effs,
    st_gs,
    st_ls,
    st_opt,
    st_prm,
    st_ps,
    st_rng,
    static_bonus_op,
)
from sim.games.fftcg.opening import asked_for
from sim.games.fftcg.policy import (
    deck_kinds,
    wants_mulligan,
)
from sim.games.fftcg.search import (
    ADAPT,
    BUDGET_MASK,
    DEFAULT_BUDGET,
    DEPTH_SHIFT,
    FULL,
    FULL_BUDGET,
    MAX_CAND,
    NX,
    SEAT_MODEL,
    WIN_MODELS,
    copy_position,
    deal_world,
    features,
    main_candidates,
    play_out,
    rollout_main,
    search_workspace,
    take_turn_defended,
    take_turn_search,
)
from sim.games.fftcg.search import value as position_value
from sim.games.fftcg.turn import begin_turn, take_turn
from sim.games.fftcg.worth import card_worth

GAME = "fftcg"
MAX_BUDGET = 1 << 16
MAX_DEPTH = 30


def search_code(name: object) -> int | None:
    """prm[PR_BUDGET] of a search policy name, else None: "search" (search.DEFAULT_BUDGET rollouts per decision),
    "search:N" (N rollouts, 1 <= N <= MAX_BUDGET), "search:N:D" (rollouts D opponent turns deep, 0 <= D <= MAX_DEPTH;
    0 plays them to the end of the game), "search-full" / "search-full:N" (the reference search: N rollouts split
    evenly over the candidates, each played to the end; search.FULL_BUDGET by default), "search-adapt" /
    "search-adapt:N" / "search-adapt:N:D" (the search scoring with its matchup's model: search.ADAPT, adapt.py)."""
    if not isinstance(name, str):
        return None
    # ASCII digits only, at most 6 of them: str.isdigit() accepts '²' (which int() refuses) and
    # '٣' (which int() reads as 3), and a 5,000-digit budget would hit Python's int-string limit
    m = re.fullmatch(r"search(-full|-adapt)?(?::([0-9]{1,6})(?::([0-9]{1,2}))?)?", name)
    if m is None or (m[1] == "-full" and m[3] is not None):
        return None
    full, bits = m[1] == "-full", ADAPT if m[1] == "-adapt" else 0
    budget = int(m[2]) if m[2] is not None else (FULL_BUDGET if full else DEFAULT_BUDGET)
    if not 1 <= budget <= MAX_BUDGET:
        return None
    if full:
        return budget | FULL
    if m[3] is None:
        return budget | bits
    depth = int(m[3])
    return budget | bits | (depth + 1) << DEPTH_SHIFT if depth <= MAX_DEPTH else None


SEARCH_NAMES = (f"search[:N[:D]], search-full[:N], search-adapt[:N[:D]] (N rollouts a decision, 1..{MAX_BUDGET}; "
                f"D opponent turns a rollout plays, 0..{MAX_DEPTH}, 0 = to the end)")


class PolicyNames(dict):
    """Policy name -> id. Besides the listed names, the search names of search_code; the id carries the code
    (SEARCH + 16 * code)."""

    def __missing__(self, name: str) -> int:
        code = search_code(name)
        if code is None:
            raise KeyError(name)
        return SEARCH + 16 * code

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self, name) or search_code(name) is not None

    def explain(self, name: str) -> str:
        """Why `name` is not a policy, for an error message (the search names' syntax when it looks like one)."""
        if name.startswith("search"):
            return f"unknown policy {name!r}: the search names are {SEARCH_NAMES}"
        return f"unknown policy {name!r}"


POLICIES = PolicyNames(random=RANDOM, aggro=AGGRO, curve=CURVE, control=CONTROL, search=SEARCH + 16 * DEFAULT_BUDGET,
                       **{"search-full": SEARCH + 16 * (FULL | FULL_BUDGET),
                          "search-adapt": SEARCH + 16 * (ADAPT | DEFAULT_BUDGET)})
# policies with a kernel of their own
POLICY_KERNELS = {"search": "search_kernel", "search-full": "search_kernel", "search-adapt": "search_kernel"}
FITTING = adapt  # search-adapt's model fitting, whose collection kernel numba_cache.compile_if_cold compiles cold
FINAL_MEASURE = "damage"  # G_FINAL_A/B: damage taken by each seat (cards in its Damage Zone)
MAX_TURNS = 60  # game turns; 50-card decks deck out by game turn 47 (digest section 5)
OPENING_HAND = 5  # rule 8.2.1.3
KERNEL_CHUNKS = 256  # play_kernel's units of parallel work (a thread's chunks share one state blob)

# Rules options: the [AMBIGUOUS] points of the digest, with its defaults.
OPTIONS: dict[str, tuple[int, str]] = {
    "limited": (0, "1 = Limited: lose at 6 damage (3.1.1); 0 = Constructed, 7 (12.4.1 and 7.8.2 say 7 "
                   "without mentioning Limited) [AMBIGUOUS, section 1]"),
    "multi_backup_one_element": (1, "1 = a multi-element Backup dulled for CP gives 1 CP of ONE chosen element; "
                                    "0 = it counts for each of its elements (5.2.1.3) [AMBIGUOUS, section 7]"),
    "blocked_if_blocker_removed": (1, "1 = an attacker whose blocker left the battle stays blocked and deals no "
                                      "player damage (10.1.4.1); 0 = it becomes unblocked (10.1.3.3) "
                                      "[AMBIGUOUS, section 8]"),
    "party_shared_element": (1, "1 = multi-element Forwards may form a party if they share one element; "
                                "0 = identical elements (15.1.1.9.2) [AMBIGUOUS, section 8]"),
    "lb_undefined_cost": (0, "LB cost of an LB-deck card without Limit Break (Limited, 8.1.3) "
                             "[AMBIGUOUS, section 12]"),
    "payment_strict": (1, "1 = a payment must be minimal: no single CP source removable (digest predicate (c)); "
                          "0 = the literal reading: surplus only from discards, <= 1 per required element "
                          "(11.4.6.4) [AMBIGUOUS, section 7]; the policies' payments are always minimal"),
}
_OPTION_INDEX = {"limited": O_LIMITED, "multi_backup_one_element": O_MULTI_BACKUP_ONE,
                 "blocked_if_blocker_removed": O_BLOCKED_IF_REMOVED, "party_shared_element": O_PARTY_SHARED,
                 "lb_undefined_cost": O_LB_UNDEFINED_COST, "payment_strict": O_PAYMENT_STRICT}

# Policy parameters [PR_MULL, PR_CHUMP_AT, PR_RESERVE, PR_RISK, PR_TRADE, PR_SACRIFICE, PR_WAIT, PR_REACT, PR_SHIELD,
# PR_HOLD]
# (core); the search policy plays curve's wherever it does not search, and adds PR_BUDGET.
DEFAULT_PARAMS: dict[int, tuple[int, ...]] = {
    RANDOM: (0, 0, 0, 2, 0, 0, 0, 0, 0, 0),
    AGGRO: (-3001, 6, 0, 2, 0, 5, 0, 1, 1, 30),
    CURVE: (-3001, 6, 0, 1, 2, 5, 3, 1, 1, 30),
    CONTROL: (-31, 4, 2, 0, 0, 5, 1, 1, 1, 30),
}


@engine_jit
def check_state(S):
    """Invariants (check mode): zones agree with the lists and counts, nothing negative, limits hold."""
    cards, cs, ps, ls, gs = st_cards(S), st_cs(S), st_ps(S), st_ls(S), st_gs(S)
    v = 0
    for p in range(2):
        cnt = np.zeros(N_ZONES, np.int64)
        for i in range(ps[p, P_NTOT]):
            z = cs[p, S_ZONE, i]
            if z < 0 or z >= N_ZONES:
                v |= V_ZONES
            else:
                cnt[z] += 1
            if i >= ps[p, P_NMAIN] and z != Z_LB and z != Z_LB_UP and z != Z_FIELD:
                v |= V_ZONES  # LB cards live in the LB deck or on the field only (15.2.8.4)
        nmain = ps[p, P_NMAIN]
        if cnt[Z_DECK] != nmain - ps[p, P_TOP] or cnt[Z_HAND] != ps[p, P_HN] or cnt[Z_FIELD] != ps[p, P_FN] \
                or cnt[Z_DAMAGE] != ps[p, P_DMG]:
            v |= V_ZONES
        for k in range(ps[p, P_TOP], nmain):
            if cs[p, S_ZONE, ls[p, L_ORDER, k]] != Z_DECK:
                v |= V_ZONES
        for k in range(ps[p, P_HN]):
            if cs[p, S_ZONE, ls[p, L_HAND, k]] != Z_HAND:
                v |= V_ZONES
        nb, nf, nld = 0, 0, 0
        for k in range(ps[p, P_FN]):
            c = ls[p, L_FIELD, k]
            if cs[p, S_ZONE, c] != Z_FIELD:
                v |= V_ZONES
            if cards[p, c, K_TYPE] == BACKUP:
                if nb >= ps[p, P_NB] or ls[p, L_BKP, nb] != c:
                    v |= V_ZONES  # L_BKP is the field's Backups in field order
                nb += 1
            elif cards[p, c, K_TYPE] == FORWARD:
                if nf >= ps[p, P_NF] or ls[p, L_FWD, nf] != c:
                    v |= V_ZONES
                nf += 1
            if cards[p, c, 2] & (3 << 6):
                nld += 1
            if cs[p, S_DMG, c] < 0:
                v |= V_NEGATIVE
        if nb != ps[p, P_NB] or nf != ps[p, P_NF] or nld != ps[p, P_NLD]:
            v |= V_ZONES
        if nb > MAX_BACKUPS or nld > 1:
            v |= V_FIELD
        if ps[p, P_TOP] < 0 or ps[p, P_TOP] > nmain or ps[p, P_HN] < 0 or ps[p, P_DMG] < 0 or ps[p, P_BONUS] < 0 \
                or ps[p, P_SPENT] < 0 or ps[p, P_PAID] < 0:
            v |= V_NEGATIVE
        if ps[p, P_PAID] > ps[p, P_SPENT]:
            v |= V_PAYMENT  # a cost paid with CP that was never produced
    gs[X_VIOL] |= v


# ---- setup (8.2.1) and one game -----------------------------------------------------------------------------
@engine_jit
def setup(S, first):
    """Shuffle (8.2.1.1), draw 5 (8.2.1.3), mulligan all 5 to the bottom unshuffled, first player first
    (8.2.1.4): the kernel primitives shared with the odds sampler."""
    cs, ps, ls = st_cs(S), st_ps(S), st_ls(S)
    for p in range(2):
        nmain = ps[p, P_NMAIN]
        for i in range(nmain):
            ls[p, L_ORDER, i] = i
            cs[p, S_ZONE, i] = Z_DECK
        for i in range(nmain, ps[p, P_NTOT]):
            cs[p, S_ZONE, i] = Z_LB  # face down, not shuffled (8.2.1.1)
        shuffle(st_rng(S)[p], ls[p, L_ORDER], nmain)
        draw(S, p, min(OPENING_HAND, nmain))
        for k in range(ps[p, P_HN]):
            cs[p, S_DRAWN, ls[p, L_HAND, k]] = 0
    for j in range(2):
        p = first if j == 0 else 1 - first
        h = ps[p, P_HN]
        if h < OPENING_HAND or ps[p, P_NMAIN] < 2 * OPENING_HAND or not wants_mulligan(S, p):
            continue
        for k in range(h):
            c = ls[p, L_HAND, k]
            cs[p, S_ZONE, c] = Z_DECK
            cs[p, S_DRAWN, c] = -1
        ps[p, P_HN] = 0
        ps[p, P_TOP] = 0
        move_block_to_bottom(ls[p, L_ORDER], 0, h, ps[p, P_NMAIN])
        draw(S, p, h)
        for k in range(ps[p, P_HN]):
            cs[p, S_DRAWN, ls[p, L_HAND, k]] = 0
        ps[p, P_MULL] += 1


# P_HAS_TRIG bit of each trigger that the engine looks for only in decks that have it (0: always looked for)
TRIGGER_FLAGS = np.zeros(len(TRIGGERS), np.int64)
for _trig, _bit in ((TR_OWN_ATTACKS, HT_OWN_ATTACK), (TR_OWN_ENTERS, HT_OWN_ENTER), (TR_DAMAGED, HT_DAMAGED),
                    (TR_OPP_BROKEN, HT_OPP_LEAVE), (TR_OPP_LEAVES, HT_OPP_LEAVE), (TR_OWN_SUMMON, HT_SUMMON),
                    (TR_OPP_SUMMON, HT_SUMMON), (TR_TURN_END, HT_TURN_END), (TR_OWN_BACKUP_ACT, HT_BKP_ACT),
                    (TR_OPP_DISCARDS, HT_OPP_DISCARD), (TR_PARTY_ATTACK, HT_PARTY), (TR_OWN_PARTY, HT_PARTY),
                    (TR_ATTACK_PHASE, HT_ATTACK_PHASE), (TR_EACH_ATTACK_PHASE, HT_ATTACK_PHASE)):
    TRIGGER_FLAGS[_trig] = _bit


# the CK_* bit of each count a static bonus may read: by the CNT_* kind of a COND_COUNT condition (own damage: none,
# damage and heal recompute the seat; the Break Zone and cast-with-extra-cost counts: CK_EVERY), and by the FE_* kind
# of a "for each" count (the fields and own damage: none, field changes and damage recompute the seat)
COUNT_READS = np.full(16, CK_EVERY, np.int64)
FOREACH_READS = np.full(8, CK_EVERY, np.int64)
for _kind, _bit in ((CNT_OWN_HAND, CK_OWN_HAND), (CNT_OPP_HAND, CK_OPP_HAND), (CNT_OWN_DAMAGE, 0),
                    (CNT_OPP_DAMAGE, CK_OPP_DAMAGE), (CNT_CAST, CK_CAST)):
    COUNT_READS[_kind] = _bit
for _kind, _bit in ((0, 0), (FE_OWN, 0), (FE_OPP, 0), (FE_OWN_DAMAGE, 0), (FE_OWN_HAND, CK_OWN_HAND),
                    (FE_OPP_HAND, CK_OPP_HAND), (FE_CAST, CK_CAST)):
    FOREACH_READS[_kind] = _bit


@inline_jit
def static_reads(cond, fe):
    """The P_HAS_STATIC bits of a static bonus with this condition and "for each" count: STATIC_COUNT under a
    COND_COUNT condition, STATIC_OPP_FIELD when it reads the opponent's field, and the counts it reads that
    counts_changed and update_static_opp compare (CK_*): CK_EVERY for a read no refresh follows and no count_key
    holds (the turn, a chosen character, dull characters, the Break Zone, ...)."""
    kind = cond & 7
    if kind == COND_COUNT:
        out = STATIC_COUNT | COUNT_READS[(cond >> 4) & 15]
    elif kind == COND_OPP:
        out = STATIC_OPP_FIELD
    elif kind == 0 or kind == COND_DAMAGE or kind == COND_OWN:
        out = 0
    else:
        out = CK_EVERY
    out |= FOREACH_READS[fe & 7]
    if (fe & 7) == FE_OPP:
        out |= STATIC_OPP_FIELD
    if fe & FE_DULL and (fe & 7) != 0:  # "for each dull Forward": dulling and activating recompute nothing
        out |= CK_EVERY
    return out


@engine_jit
def deck_flags(cards, effs, nmain, ntot):
    """Per seat [P_HAS_STATIC, P_HAS_CR, P_HAS_TRIG, P_MULL_KINDS]: which kinds of effects the deck has at all (the
    engine looks for them only then), and the main deck's counts the mulligan reads; the same for every game of a
    matchup. A static bonus counts as reading only its own side (no STATIC_OPP) when its condition and count are of its
    own field or damage."""
    flags = np.zeros((2, 4), np.int64)
    for p in range(2):
        flags[p, 3] = deck_kinds(cards, p, nmain[p])
        for i in range(ntot[p]):
            acts, removal = False, False
            for k in range(cards[p, i, K_NEFF]):
                trig = effs[p, i, k, E_TRIGGER]
                # HT_REACT, a card-wide bound of choose_instant's after-battle answer (ability_worth 2): an action slot
                # not limited to its controller's turn, and a removal op anywhere on the card
                acts |= (trig == TR_ACTION or trig == TR_ACTION_BREAK) and (effs[p, i, k, E_DULL] >> ACT_MY_TURN) & 1 == 0
                o = effs[p, i, k, E_OP]
                removal |= o == OP_BREAK or o == OP_BREAK_POWER or o == OP_DAMAGE or o == OP_WEAKEN or o == OP_BOUNCE \
                    or o == OP_CAST_FREE
                if trig == TR_STATIC:
                    flags[p, 0] |= 1
                    op = effs[p, i, k, E_OP]
                    cond, fe = effs[p, i, k, E_COND] & 7, effs[p, i, k, E_FOREACH] & 7
                    if static_bonus_op(op) \
                            and (cond not in (0, COND_DAMAGE, COND_OWN) or fe not in (0, FE_OWN, FE_OWN_DAMAGE)):
                        flags[p, 0] |= STATIC_OPP
                    if static_bonus_op(op):
                        flags[p, 0] |= static_reads(effs[p, i, k, E_COND], effs[p, i, k, E_FOREACH])
                    if op == OP_COST_REDUCE or op == OP_CAST_IF or op == OP_EXTRA_COST:
                        flags[p, 1] = 1
                    elif op == OP_DAMAGE_MOD:
                        flags[p, 2] |= HT_DMOD
                    elif op == OP_TAUNT:
                        flags[p, 2] |= HT_TAUNT
                else:
                    flags[p, 2] |= TRIGGER_FLAGS[trig]
            if acts and removal:
                flags[p, 2] |= HT_REACT
    return flags


@engine_jit
def new_blob(cards, effs):
    """A state blob with the static card and effect tables copied in; begin_game resets the rest, so one
    blob serves every game of a kernel call."""
    blob = np.empty(BLOB_SIZE, np.int32)
    blob[0] = W
    # element loops, not slice assignment from an array: that compiles numba's string-formatting shape
    # error per array rank, seconds of a cold start
    cv, ev = st_cards(address(blob)), st_effs(address(blob))
    for s in range(2):
        for i in range(W):
            for k in range(K_NCOLS):
                cv[s, i, k] = cards[s, i, k]
            for e in range(MAX_EFFECTS):
                for k in range(E_NCOLS):
                    ev[s, i, e, k] = effs[s, i, e, k]
    return blob


@engine_jit
def begin_game(blob, flags, nmain, ntot, pols, prms, opts, seed, stream, index, detail):
    """Reset `blob` (from new_blob; the caller owns it and keeps it alive) for game `index`, deal and
    mulligan: returns (S, threshold, first player). flags from deck_flags."""
    blob[:OFF_Q] = 0  # the lists, queue and scratch need no clearing: they are read only up to their counts
    blob[OFF_VAR:OFF_VAR + 2 * N_S * W] = 0
    blob[0] = W
    S = address(blob)  # uncounted: the caller owns the blob
    cs, ps, gs, rng = st_cs(S), st_ps(S), st_gs(S), st_rng(S)
    cs[:, S_DRAWN, :] = -1
    cs[:, S_PLAYED, :] = -1
    prm, opt = st_prm(S), st_opt(S)
    for k in range(NPARAM):  # element loops: see new_blob
        prm[0, k], prm[1, k] = prms[0, k], prms[1, k]
    for k in range(N_OPT):
        opt[k] = opts[k]
    gs[X_DETAIL] = detail
    # the states new_rng would return, written in place: its 1-element arrays were five allocations a game; the coin
    # draws from seat 0's row before that seat's own state is written
    rng[0, 0] = derive_seed(seed, stream, index, SUB_COIN)
    first = randbelow(rng[0], 2)  # 8.2.1.2: the chooser goes first
    for p in range(2):
        rng[p, 0] = derive_seed(seed, stream, index, SUB_SEAT0 + p)
        rng[2 + p, 0] = derive_seed(seed, stream, index, SUB_POLICY0 + p)
        ps[p, P_NMAIN] = nmain[p]
        ps[p, P_NTOT] = ntot[p]
        ps[p, P_POLICY] = pols[p]
        ps[p, P_HAS_STATIC], ps[p, P_HAS_CR], ps[p, P_HAS_TRIG] = flags[p, 0], flags[p, 1], flags[p, 2]
        ps[p, P_MULL_KINDS] = flags[p, 3]
    threshold = 6 if opts[O_LIMITED] else 7  # 3.1.1
    setup(S, first)
    return S, threshold, first


@engine_jit
def after_turn(S, p, gturn, j, detail, check, turns):
    """The turns detail row of game turn gturn (seat p) and, in check mode, the invariants. T_AVAILABLE is
    cp_potential at the start of the turn, T_SPENT the CP produced for payments (1 per Backup dulled, 2
    per card discarded, CP granted by effects), T_PAID the costs those payments paid (T_SPENT less the
    leftover of a 2-CP discard for a 1-CP remainder)."""
    ps = st_ps(S)
    if detail > 0:
        row = turns[j, gturn - 1]
        row[T_SEAT] = p
        row[T_TURN] = ps[p, P_TURN]
        row[T_AVAILABLE] = ps[p, P_AVAIL]
        row[T_SPENT] = ps[p, P_SPENT]
        row[T_PAID] = ps[p, P_PAID]
        row[T_HAND] = ps[p, P_HN]
        row[T_PLAYED] = ps[p, P_PLAYED]
        row[T_DAMAGE] = ps[p, P_DEALT]
    if check:
        check_state(S)


@engine_jit
def end_game(S, first, gturn, j, detail, check, ntot, games, cdetail, viol):
    """The game's row (and cards detail); a game still on at the turn cap is a draw (END_TURN_CAP)."""
    cs, ps, gs = st_cs(S), st_ps(S), st_gs(S)
    if not gs[X_OVER]:
        gs[X_WINNER] = DRAW
        gs[X_REASON] = END_TURN_CAP
    games[j, G_FIRST] = first
    games[j, G_WINNER] = gs[X_WINNER]
    games[j, G_REASON] = gs[X_REASON]
    games[j, G_TURNS] = gturn
    games[j, G_FINAL_A] = ps[0, P_DMG]
    games[j, G_FINAL_B] = ps[1, P_DMG]
    games[j, G_MULL_A] = ps[0, P_MULL]
    games[j, G_MULL_B] = ps[1, P_MULL]
    if detail > 1:
        for p in range(2):
            for i in range(ntot[p]):
                cdetail[j, p, i, C_DRAWN] = cs[p, S_DRAWN, i]
                cdetail[j, p, i, C_PLAYED] = cs[p, S_PLAYED, i]
    if check:
        check_state(S)
        viol[j] = gs[X_VIOL]


@njit(nogil=True, cache=True)
def play_kernel(cards, effs, nmain, ntot, pols, prms, opts, seed, stream, start, n, detail, check,
                games, turns, cdetail, viol, lo, hi):
    """Chunks lo..hi-1 of the n games (sim.engine.threads.run_chunks gives each thread a block of chunks)."""
    # the chunks of a call share one blob: games never write the card tables, so they are copied once per call
    # (per thread), and begin_game resets the rest; a game's result depends only on its index, so the chunking does
    # not change any game
    chunks = min(n, KERNEL_CHUNKS)
    flags = deck_flags(cards, effs, nmain, ntot)
    blob = new_blob(cards, effs)
    for ch in range(lo, hi):
        for j in range(ch * n // chunks, (ch + 1) * n // chunks):
            S, threshold, first = begin_game(blob, flags, nmain, ntot, pols, prms, opts, seed, stream, start + j,
                                             detail)
            p, gturn = first, 0
            while gturn < MAX_TURNS and not st_gs(S)[X_OVER]:
                gturn += 1
                take_turn(S, p, gturn, threshold, check)
                after_turn(S, p, gturn, j, detail, check, turns)
                p = 1 - p
            end_game(S, first, gturn, j, detail, check, ntot, games, cdetail, viol)
    keep_alive(blob)


@engine_jit
def search_turn(S, p, gturn, threshold, check, work):
    """One game turn of a game with a searching seat: the searching seat's turn, a turn against it (its blocks are
    searched), or a scripted one; the search plays in the workspace `work` (search.search_workspace)."""
    prm = st_prm(S)
    if prm[p, PR_BUDGET] > 0:
        take_turn_search(S, p, gturn, threshold, check, work)
    elif prm[1 - p, PR_BUDGET] > 0:
        take_turn_defended(S, p, gturn, threshold, check, work)
    else:
        take_turn(S, p, gturn, threshold, check)


@njit(nogil=True, cache=True)
def search_kernel(cards, effs, nmain, ntot, pols, prms, opts, seed, stream, start, n, detail, check,
                  games, turns, cdetail, viol, models, lo, hi):
    """play_kernel for games with a searching seat (search), each seat's rollouts scored with its model (models:
    float64 [2, 1 + NTERMS], seat_models): a kernel of its own, so that the scripted games' kernel does not compile
    the search (it doubles the cold compile)."""
    chunks = min(n, KERNEL_CHUNKS)
    flags = deck_flags(cards, effs, nmain, ntot)
    blob = new_blob(cards, effs)
    work = search_workspace(address(blob), models)  # the card tables and models are the kernel's for all its games
    for ch in range(lo, hi):
        for j in range(ch * n // chunks, (ch + 1) * n // chunks):
            S, threshold, first = begin_game(blob, flags, nmain, ntot, pols, prms, opts, seed, stream, start + j,
                                             detail)
            p, gturn = first, 0
            while gturn < MAX_TURNS and not st_gs(S)[X_OVER]:
                gturn += 1
                search_turn(S, p, gturn, threshold, check, work)
                after_turn(S, p, gturn, j, detail, check, turns)
                p = 1 - p
            end_game(S, first, gturn, j, detail, check, ntot, games, cdetail, viol)
    keep_alive(blob)
    keep_alive(work)


def kernel_for(prms: np.ndarray):
    """The batch kernel: search_kernel when a seat searches."""
    return search_kernel if prms[:, PR_BUDGET].any() else play_kernel


# ---- search-adapt's collection ---------------------------------------------------------------------------------
# One compiled kernel for the curve games of a matchup, the positions the search scores and their rollout labels
# (what adapt.collect_positions describes), played entirely in numba: called from Python, a helper is emitted as a
# program of its own without the optimisation across the functions it calls (sim.engine.linking), so the former
# Python loop cost about 1.25 times its CPU and linked those helpers again in every new process (a first fit 5.3
# CPU-s against 2.9). It releases the GIL, so a run can fit several matchups at once in threads (models.fit_all). It
# lives here, beside the other kernels, because it plays the engine's games (begin_game), and adapt, which the engine
# uses, reaches it through the engine module it is given.


@inline_jit
def collect_rollouts(T, p, gturn, threshold, B, wrng, pool, rollouts, x, model):
    """search-adapt's label: seat p's mean result over `rollouts` curve games played to the end from position T (p
    to move after game turn gturn), each in a world re-sampled as p sees it in the scratch state B (adapt.rollout_mean's
    value)."""
    total = 0.0
    for _ in range(rollouts):
        deal_world(T, B, p, wrng, pool)
        play_out(B, 1 - p, gturn, threshold, MAX_TURNS)
        total += position_value(B, p, MAX_TURNS, x, model)
    return total / rollouts


@njit(nogil=True, cache=True)
def collect_kernel(cards, effs, nmain, ntot, pols, prms, opts, seed, stream, games, rollouts, candidates, wrng,
                   x, y, game, decision, mover):
    """Games 0..games-1 of (seed, stream), curve against curve (the tables from engine._prepare), their positions
    written in order into the rows of x (features), y (label), game, decision and mover; wrng is the rollouts'
    world stream, advanced in place. Returns (positions, decision ids used), or (-1, 0) as soon as the positions
    outgrow the arrays (the caller grows them and calls again with wrng as it was)."""
    cap = len(y)
    flags = deck_flags(cards, effs, nmain, ntot)
    blob = new_blob(cards, effs)
    # scratch states with the same card tables: a copy of the game, a world, a rollout
    turn, world, line = blob.copy(), blob.copy(), blob.copy()
    C, B, T = address(turn), address(world), address(line)
    deal = np.empty(ntot.max() + 1, np.int64)
    cand = np.empty(MAX_CAND + 2, np.int64)
    # value's feature buffer and model, unread: every rollout plays to the end
    vx, model = np.empty(NX), np.zeros(SEAT_MODEL)
    n, d = 0, 0
    for index in range(games):
        S, threshold, first = begin_game(blob, flags, nmain, ntot, pols, prms, opts, seed, stream, index, 0)
        for i in range(blob.size):  # an element loop, not a slice assignment: see engine.new_blob
            turn[i] = blob[i]
            world[i] = blob[i]
            line[i] = blob[i]
        gs = st_gs(S)
        start = n
        p, gturn = first, 0
        while gturn < MAX_TURNS and not gs[X_OVER]:
            gturn += 1
            if candidates and 1 < gturn < MAX_TURNS - 1:
                copy_position(S, C)
                if not begin_turn(C, p, gturn, threshold):
                    k = main_candidates(C, p, 1, cand)
                    deal_world(C, B, p, wrng, deal)
                    for j in range(k):
                        copy_position(B, T)
                        rollout_main(T, p, 1, cand[j], gturn, threshold, gturn + 1)
                        if not st_gs(T)[X_OVER]:
                            if n == cap:
                                return -1, 0
                            features(T, p, x[n])
                            # C is free once the candidates are listed and the world dealt: a rollout scratch
                            y[n] = collect_rollouts(T, p, gturn + 1, threshold, C, wrng, deal, rollouts, vx, model)
                            game[n], decision[n], mover[n] = index, d, p
                            n += 1
                    d += 1
            take_turn(S, p, gturn, threshold, 0)
            p = 1 - p
            if not gs[X_OVER]:
                if n == cap:
                    return -1, 0
                features(S, p, x[n])
                y[n] = collect_rollouts(S, p, gturn, threshold, B, wrng, deal, rollouts, vx, model) if rollouts else np.nan
                game[n], decision[n], mover[n] = index, -1, p
                n += 1
        if not rollouts:  # every position is one after a turn, labelled with its mover's result
            winner = gs[X_WINNER] if gs[X_OVER] else DRAW
            for r in range(start, n):
                y[r] = 0.5 if winner != 0 and winner != 1 else (1.0 if winner == mover[r] else 0.0)
    keep_alive(blob)
    keep_alive(turn)
    keep_alive(world)
    keep_alive(line)
    return n, d


def adapting(policy: int) -> bool:
    """Whether policy id `policy` is a search-adapt (search.ADAPT in its code)."""
    return policy % 16 == SEARCH and bool(policy // 16 & ADAPT)


def seat_models(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int,
                say: Callable[[str], None] | None = None) -> np.ndarray:
    """Each seat's win-probability model (float64 [2, 1 + NTERMS]) for the search kernel: a search-adapt seat's is its
    deck's model moving against the other deck (adapt.matchup_models: from memory, the disk cache or a fit, which
    `say` hears about), every other seat's search.WIN_MODEL."""
    if not (adapting(policy_a) or adapting(policy_b)):
        return WIN_MODELS
    fitted = adapt.matchup_models(sys.modules[__name__], a, b, say=say)
    return np.stack([fitted[s] if adapting(pol) else WIN_MODELS[s] for s, pol in enumerate((policy_a, policy_b))])


def model_digests(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int,
                  say: Callable[[str], None] | None = None) -> dict[str, str]:
    """{seat ("a"/"b"): adapt.digest of its model} for each search-adapt seat (fitting the models if needed): what
    a run's manifest records per matchup, so that a replay can tell it plays the same models."""
    if not (adapting(policy_a) or adapting(policy_b)):
        return {}
    models = seat_models(a, b, policy_a, policy_b, say)
    return {seat: adapt.digest(models[s]) for s, (seat, pol) in enumerate((("a", policy_a), ("b", policy_b)))
            if adapting(pol)}


def fit_seconds(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int) -> float:
    """The estimated CPU seconds seat_models would spend fitting this matchup's models now (0 when no seat adapts
    or they are in memory or cached: adapt.cached)."""
    if not (adapting(policy_a) or adapting(policy_b)):
        return 0.0
    recipe = adapt.recipe_for(a, b)
    return 0.0 if adapt.cached(sys.modules[__name__], a, b, recipe) else adapt.fit_cost(recipe)


def _kernel_args(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, prms: np.ndarray,
                 models: np.ndarray | None) -> tuple[Callable[..., None], tuple[np.ndarray, ...]]:
    """The batch kernel and the arguments it takes beyond play_kernel's: search_kernel's seat models."""
    kernel = kernel_for(prms)
    if kernel is play_kernel:
        return kernel, ()
    models = seat_models(a, b, policy_a, policy_b) if models is None else np.ascontiguousarray(models, np.float64)
    if models.shape != WIN_MODELS.shape:
        raise ValueError(f"models: shape {models.shape}, expected {WIN_MODELS.shape} (each seat's, WIN_MODEL's layout)")
    return kernel, (models,)


# ---- Python interface ---------------------------------------------------------------------------------------
@dataclass
class FFTCGDeck(CompiledDeck):
    """A compiled FFTCG deck: rows 0..n_main-1 the main deck, then the LB deck (15.2.8)."""

    n_main: int = 0


def _normalise(card):
    kws = frozenset(k.strip().lower().replace(" ", "_").replace("-", "_") for k in card.keywords)
    return card if kws == card.keywords else dataclasses.replace(card, keywords=kws)


def compile_matchup(deck_a: Deck, deck_b: Deck) -> tuple[FFTCGDeck, FFTCGDeck]:
    """Compile both decks with shared name ids (uniqueness is by name, 7.7.3), each card's worth to the
    policies (sim.games.fftcg.worth) and whether the deck's abilities ask for it (sim.games.fftcg.opening)."""
    # ids in the order of the names sorted over both decks, not of first appearance: a deck compiles to the same
    # tables whichever seat it takes, so search-adapt's models of A against B serve B against A (adapt)
    names = sorted({c.full_name for deck in (deck_a, deck_b) for zone in ("main", "lb") for c, _ in deck.zone(zone)})
    name_ids = {name: i for i, name in enumerate(names)}
    out = []
    for deck in (deck_a, deck_b):
        if deck.game != GAME:
            raise InputError(deck.path, f"deck is for {deck.game!r}, not {GAME!r}")
        main = [_normalise(c) for c, copies in deck.zone("main") for _ in range(copies)]
        lb = [_normalise(c) for c, copies in deck.zone("lb") for _ in range(copies)]
        if not main:
            raise InputError(deck.path, "the main deck is empty")
        if len(main) + len(lb) > W:
            raise InputError(deck.path, f"{len(main) + len(lb)} cards: the engine holds at most {W} per deck "
                             "(a main deck has 50, rule 8.1.1.1, and an LB deck at most 8, 15.2.8.1)")
        cd = compile_cards(GAME, deck.name, main + lb, KEYWORDS, name_ids)
        cd.cards[:, K_WORTH] = [card_worth(c) for c in main + lb]
        cd.cards[:, K_ASKED] = asked_for(cd.cards, cd.effects, [c.unmodelled for c in main + lb])
        out.append(FFTCGDeck(cd.game, cd.name, cd.cards, cd.effects, cd.codes, cd.names, n_main=len(main)))
    return out[0], out[1]


def _options(options: dict[str, int] | None) -> np.ndarray:
    opt = np.zeros(N_OPT, np.int64)
    for name, (default, _) in OPTIONS.items():
        opt[_OPTION_INDEX[name]] = default
    for name, value in (options or {}).items():
        if name not in OPTIONS:
            raise InputError("options", f"unknown FFTCG rules option {name!r} (options: {', '.join(OPTIONS)})")
        opt[_OPTION_INDEX[name]] = int(value)
    return opt


def _prepare(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, options, params_a, params_b):
    bases, budgets = [], []
    for pol in (policy_a, policy_b):
        base, budget = pol, 0
        if pol % 16 == SEARCH and 0 < pol // 16 < 2 * ADAPT and 1 <= (pol // 16) & BUDGET_MASK <= MAX_BUDGET \
                and not (pol // 16 & FULL and pol // 16 & ADAPT):
            base, budget = CURVE, pol // 16
        if base not in DEFAULT_PARAMS:
            raise InputError("policy", f"unknown FFTCG policy id {pol} (policies: {dict(POLICIES)})")
        bases.append(base)
        budgets.append(budget)
    nmax = max(len(a), len(b), 16)
    cards = np.zeros((2, W, K_NCOLS), np.int32)
    effs = np.zeros((2, W, MAX_EFFECTS, E_NCOLS), np.int32)
    for s, d in enumerate((a, b)):
        cards[s, :len(d)] = d.cards
        effs[s, :len(d)] = d.effects
    nmain = np.array([getattr(d, "n_main", 0) or len(d) for d in (a, b)], np.int64)
    ntot = np.array([len(a), len(b)], np.int64)
    prms = np.zeros((2, NPARAM), np.int64)
    for s, given in enumerate((params_a, params_b)):
        row = np.asarray(DEFAULT_PARAMS[bases[s]] if given is None else given, np.int64)[:PR_BUDGET]
        prms[s, :len(row)] = row
        prms[s, PR_BUDGET] = budgets[s]
    pols = np.array(bases, np.int64)
    return cards, effs, nmain, ntot, pols, prms, _options(options), nmax


def new_state(a: CompiledDeck, b: CompiledDeck, policy_a: int = CURVE, policy_b: int = CURVE, *,
              options: dict[str, int] | None = None, seed: int = 0) -> State:
    """A game state for scenario tests and debugging, in game turn 1: every main-deck card in its deck in
    compiled order (not shuffled, nothing dealt), LB cards face down: the S the njit functions take."""
    cards, effs, nmain, ntot, pols, prms, opt, _ = _prepare(a, b, policy_a, policy_b, options, None, None)
    blob = np.zeros(BLOB_SIZE, np.int32)
    blob[0] = W
    v = views(blob)
    v["cards"][:] = cards
    v["effs"][:] = effs
    v["rng"][:, 0] = [new_rng(seed, 0, 0, SUB_SEAT0 + p)[0] for p in range(2)] + \
        [new_rng(seed, 0, 0, SUB_POLICY0 + p)[0] for p in range(2)]
    v["cs"][:, S_DRAWN, :] = -1
    v["cs"][:, S_PLAYED, :] = -1
    v["prm"][:, :] = prms
    v["opt"][:] = opt
    v["gs"][X_GTURN] = 1  # as begin_turn sets it: S_BROKEN 0 (never put into the Break Zone) is no game turn
    for p in range(2):
        v["ps"][p, P_NMAIN], v["ps"][p, P_NTOT], v["ps"][p, P_POLICY] = nmain[p], ntot[p], pols[p]
        v["ps"][p, P_MULL_KINDS] = deck_kinds(cards, p, nmain[p])
        v["ps"][p, P_HAS_CR] = 1
        v["ps"][p, P_HAS_TRIG] = HT_DAMAGED | HT_OPP_LEAVE | HT_SUMMON | HT_DMOD | HT_OWN_ATTACK | HT_OWN_ENTER | HT_TAUNT \
            | HT_TURN_END | HT_BKP_ACT | HT_OPP_DISCARD | HT_PARTY | HT_ATTACK_PHASE | HT_REACT
        # static bonuses always recomputed (setup narrows this down)
        v["ps"][p, P_HAS_STATIC] = 1 | STATIC_OPP | STATIC_OPP_FIELD | STATIC_COUNT | STATIC_ALWAYS
        v["ps"][p, P_NSTAT] = STATIC_ALWAYS
        v["ls"][p, L_ORDER, :nmain[p]] = np.arange(nmain[p])
        v["cs"][p, S_ZONE, nmain[p]:ntot[p]] = Z_LB
    return State.of(blob)


class State(int):
    """S held from Python (tests, debugging): the blob's address, an int the njit functions take as
    is, carrying the blob so that it lives as long as S."""

    blob: np.ndarray

    @classmethod
    def of(cls, blob: np.ndarray) -> State:
        s = cls(blob.ctypes.data)
        s.blob = blob
        return s

    def copy(self) -> State:
        return State.of(self.blob.copy())


def views(S: State | np.ndarray) -> dict[str, np.ndarray]:
    """Numpy views of a Python-held state (what the st_* accessors return, for tests)."""
    S = S.blob if isinstance(S, State) else S
    w = int(S[0])
    o = [OFF_VAR]
    for size in (2 * N_S, 2 * N_L, 5, 2 * K_NCOLS, 2 * MAX_EFFECTS * E_NCOLS):
        o.append(o[-1] + size * w)
    return {"cs": S[o[0]:o[1]].reshape(2, N_S, w), "ls": S[o[1]:o[2]].reshape(2, N_L, w),
            "scr": S[o[2]:o[3]].reshape(5, w), "cards": S[o[3]:o[4]].reshape(2, w, K_NCOLS),
            "effs": S[o[4]:o[5]].reshape(2, w, MAX_EFFECTS, E_NCOLS),
            "rng": S[OFF_RNG:OFF_RNG + 8].view(np.uint64).reshape(4, 1),
            "ps": S[OFF_PS:OFF_PS + 2 * N_P].reshape(2, N_P), "gs": S[OFF_GS:OFF_GS + N_X],
            "q": S[OFF_Q:OFF_Q + QCAP * N_Q].reshape(QCAP, N_Q),
            "prm": S[OFF_PRM:OFF_PRM + 2 * NPARAM].reshape(2, NPARAM), "opt": S[OFF_OPT:OFF_OPT + N_OPT]}


def play(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int, stream: int,
         start: int, n: int, detail: str = "games", options: dict[str, int] | None = None,
         params_a: np.ndarray | None = None, params_b: np.ndarray | None = None,
         models: np.ndarray | None = None) -> Batch:
    """Play games start..start+n-1 of (seed, stream): deck A is seat 0, deck B seat 1. A searching seat scores
    its rollouts with its row of `models` (float64 [2, 1 + NTERMS]; default seat_models: WIN_MODEL, or a search-adapt
    seat's matchup model)."""
    cards, effs, nmain, ntot, pols, prms, opt, nmax = _prepare(a, b, policy_a, policy_b, options, params_a, params_b)
    batch = new_batch(n, detail, MAX_TURNS, nmax)
    level = {"games": 0, "turns": 1, "cards": 2}[detail]
    turns = batch.turns if batch.turns is not None else np.zeros((1, 1, T_NCOLS), np.int32)
    cdet = batch.cards if batch.cards is not None else np.zeros((1, 2, 1, 2), np.int16)
    viol = np.zeros(max(n, 1), np.int64)
    kernel, extra = _kernel_args(a, b, policy_a, policy_b, prms, models)
    run_chunks(kernel, min(n, KERNEL_CHUNKS), cards, effs, nmain, ntot, pols, prms, opt, seed, stream, start, n,
               level, 0, batch.games, turns, cdet, viol, *extra)
    return batch


def check_invariants(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int,
                     stream: int = 0, start: int = 0, n: int, options: dict[str, int] | None = None,
                     models: np.ndarray | None = None) -> np.ndarray:
    """Play the games with invariant checks after every turn; per game a bitmask of violated
    invariants (core.V_*), 0 = all held. models: as play's."""
    cards, effs, nmain, ntot, pols, prms, opt, _ = _prepare(a, b, policy_a, policy_b, options, None, None)
    games = np.zeros((n, 8), np.int64)
    viol = np.zeros(n, np.int64)
    kernel, extra = _kernel_args(a, b, policy_a, policy_b, prms, models)
    run_chunks(kernel, min(n, KERNEL_CHUNKS), cards, effs, nmain, ntot, pols, prms, opt, seed, stream, start, n,
               0, 1, games, np.zeros((1, 1, T_NCOLS), np.int32), np.zeros((1, 2, 1, 2), np.int16), viol, *extra)
    return viol
