"""Granblue Fantasy TCG engine (rules digest ../shared/rules/gbf.md; r. x-y-z = its rule numbers).

A game: random first player with no choice (r. 5-2-1-4); each player shuffles, draws 5, may put any
cards on the bottom once and draw as many (r. 5-2-1-5, sim.engine.opening), takes 5 armor from the top
(r. 5-2-1-6) and a rank-0 leader (r. 5-2-1-7). A turn (r. 6): start (untap; draw 2, none on the first
player's first turn; the top card becomes a crystal, a summon stone among them trigger-activates),
main (deploy members for free within the rank and name limits, summon stones paid with crystals,
one job change and one limit break per turn, activated effects), battle (declare, pursue with more
attack cards, ougi on attack, the defender's counter step, one damage instance of the summed ATK),
burst (chain burst with the face-down gauge, recycled under the deck). Checkpoints run the defeat
check, armor breaks and member replenishment (r. 9-4). The game ends at a checkpoint that sees a
KO'd leader or an empty deck (both: a draw, r. 1-2-3), or at once when an effect makes a player lose
(r. 1-2-5) or a player concedes (r. 1-2-4: rules.concede, which the scripted policies never call). The cards' auto
effects ("at the start of" a turn, main phase, battle phase, attack step, damage step or burst phase, on deploy,
on job change / limit break, on a KO, the empty-hand state trigger) become pending where the rules place them and
resolve at the next checkpoint, the turn player's first (r. 8-7, 8-5-1), with a card's last-known data (r. 8-11);
a checkpoint runs before each priority (r. 4-6-2). The rules have no turn limit (digest §11.16):
the rules option turn_cap (default MAX_TURNS = 80, up to 1000) ends a game still on after that many
game turns as a draw recorded as turn_cap.

Modules: rules (state layout, zones, crystals, stats, damage, effects), policy (decisions),
actions (checkpoints, setup, phases, battle), this one (interface, compiling, the batch kernel).

Results: G_FINAL_A/B = armor left (FINAL_MEASURE "armor"). Turns detail: T_AVAILABLE = crystals
after the crystal step, T_SPENT = T_PAID = crystals rested on the own turn, T_PLAYED = members deployed,
summons played, limit breaks and job changes, T_DAMAGE = leader hits that broke armor or KO'd it.
Cards detail: C_DRAWN / C_PLAYED = the own turn a main-deck copy was first drawn / played (0 = opening);
a play in the counter step (the opponent's turn) counts with the player's latest own turn.
"""

from __future__ import annotations

import re
import sys

import numpy as np
from numba import njit

from sim.cards.effects import (
    COND_MY_TURN,
    E_NCOLS,
    E_OP,
    E_TRIGGER,
    MAX_EFFECTS,
    XC_DISCARD,
    Effect,
    text_hash,
)
from sim.cards.model import Card, Deck
from sim.engine.compiled import K_NAMEH, K_NCOLS, K_RANK, CompiledDeck, compile_cards
from sim.engine.jit import engine_jit
from sim.engine.kernel import SUB_COIN, derive_seed, randbelow
from sim.engine.options import check_options, option_values
from sim.engine.results import (
    DRAW,
    END_CARD_EFFECT,
    END_CONCESSION,
    END_DECK_OUT,
    END_LIFE,
    END_SIMULTANEOUS,
    END_TURN_CAP,
    G_FINAL_A,
    G_MULL_A,
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
from sim.engine.results import G_FIRST as R_FIRST
from sim.engine.threads import run_chunks
from sim.errors import InputError
from sim.games.gbf.actions import battle_phase, burst_phase, main_phase, setup, start_phase
from sim.games.gbf.policy import DEFAULTS, NPAR, POLICY_NAMES
from sim.games.gbf.rules import (
    ARM0,
    CHIP_ATK,
    CHIP_HP,
    CHIP_RANK,
    DMG_BECOMES,
    DMG_SOURCES,
    DSRC_BATTLE,
    DSRC_CARD,
    DSRC_STONE,
    G_CHECK,
    G_DETAIL,
    G_FIRST,
    G_NCOLS,
    G_OPT,
    G_OVER,
    G_PAR,
    G_POL,
    G_TP,
    G_TURN,
    G_VIOL,
    G_VOCAB,
    KEYWORDS,
    LDK0,
    LEAD_MAX,
    LOST_CONCEDED,
    LOST_DECK,
    LOST_EFFECT,
    LUP0,
    LV_MAX,
    M_BASE,
    M_CARD,
    M_CHR,
    M_LV,
    M_LVC,
    M_W,
    MAX_TURNS,
    NEG_OUGI,
    NEG_STATIC,
    O_TURN_CAP,
    OP_DMG_MOD,
    OP_GRANT,
    OP_KO_INSTEAD,
    OP_NEGATE,
    OP_PUMP,
    OPTION_SPECS,
    P_ACT,
    P_ARM,
    P_CRY,
    P_DEALT,
    P_DECK,
    P_GDN,
    P_GUP,
    P_HAND,
    P_HEAD,
    P_LACT,
    P_LDK,
    P_LEAD,
    P_LOST,
    P_LUP,
    P_MULL,
    P_N,
    P_NLEAD,
    P_OWN_TURN,
    P_PLAYED,
    P_SPENT,
    SLOTS,
    TR_ACTION,
    TR_ATTACK_STEP,
    TR_BATTLE_START,
    TR_BURST_START,
    TR_DAMAGE_STEP,
    TR_HAND_EMPTY,
    TR_MAIN_START,
    TR_STATIC,
    TR_TURN_START,
    TURN_CAP_MAX,
    VOC_ACT_PUMP,
    VOC_DMG_MOD,
    VOC_GRANT,
    VOC_HAND_EMPTY,
    VOC_KO_INSTEAD,
    VOC_NEGATE,
    VOC_TIMING,
    Z0,
    Z_CRY,
    Z_CRYA,
    Z_DK,
    Z_GDN,
    Z_GUP,
    Z_HAND,
    card,
    mcol,
    member_rank,
    new_arrays,
    rows,
    state_of,
    vC,
    vG,
    vR,
    vS,
    vT,
    zoff,
)

GAME = "gbf"
POLICIES: dict[str, int] = {name: i for i, name in enumerate(POLICY_NAMES)}
OPTIONS: dict[str, tuple[int, str]] = {name: (default, doc) for name, default, doc in OPTION_SPECS}
FINAL_MEASURE = "armor"
DETAIL_CODES = {"games": 0, "turns": 1, "cards": 2}
_BRACKETS = re.compile(r"\[[^\]]*\]|\([^)]*\)")

__all__ = ["GAME", "KEYWORDS", "POLICIES", "OPTIONS", "FINAL_MEASURE", "MAX_TURNS", "compile_matchup", "play",
           "check_invariants", "check_results", "scenario_state", "record_end"]

# Invariant violations (check_invariants: bits of the per-game mask, 0 = all held), checked after
# setup, after every turn and at the end.
V_ZONES = 1  # a main-deck copy not in exactly one zone (deck, hand, gauge up/down, crystals, armor,
#              member or level card), or a leader not exactly once (in play, leader deck face-down / up)
V_NEGATIVE = 2  # a zone count below 0 or above its size
V_LIMITS = 4  # armor above 5, level cards above LV_MAX, two members of one character name (r. 10-2-3-2-1)
V_RANK = 8  # the members' total rank (rank chips above 0 left out) above the crystal count (r. 10-2-3-1-1:
#            crystals never decrease here)
V_END = 16  # past the turn cap, or a finished game in which nobody lost
# V_QUEUE = 32 (rules.V_QUEUE): a pending auto effect found the queue full (rules.pend)


def char_name(name: str) -> str:
    """r. 2-1: the character name is the part of the card name outside [ ] and ( )."""
    return _BRACKETS.sub("", name).strip()


def _compile(deck: Deck, n_rows: int) -> CompiledDeck:
    """Main-deck copies in rows 0..n_rows-1 (padding rows are never dealt), the leader deck after them."""
    main = [c for c, k in deck.main for _ in range(k)]
    leaders = [c for c, k in deck.zone("leader") for _ in range(k)]
    if not main or len(leaders) > LEAD_MAX or not any(c.rank == 0 for c in leaders):
        raise InputError(deck.path, "a GBF game needs a main deck and a leader deck of 1-5 leaders with a "
                                    "rank-0 leader (r. 5-1-2, 5-1-2-3)")
    for c in main + leaders:
        for k, e in enumerate(c.effects):
            if e.op == "chip" and e.param not in (CHIP_ATK, CHIP_HP, CHIP_RANK):
                raise InputError(deck.path, f"card {c.code}: a chip's param is {CHIP_ATK} (ATK), {CHIP_HP} (HP) or "
                                            f"{CHIP_RANK} (rank), not {e.param} (r. 10-16-4-1)")
            if e.op == "reset" and e.param not in (CHIP_ATK, CHIP_HP):
                raise InputError(deck.path, f"card {c.code}: a reset's param is {CHIP_ATK} (ATK) or {CHIP_HP} (HP), "
                                            f"not {e.param} (r. 10-15)")
            if e.op == "ko_instead" and (e.trigger != "static" or c.type != "member"):
                raise InputError(deck.path, f"card {c.code}: ko_instead is a member's static replacement effect "
                                            "(static:ko_instead:N:self; r. 8-10)")
            _check_text_effect(deck, c, e, c.effects[k - 1] if k > 0 else None)
            if e.op == "lose" and e.target not in ("opp_player", "own_player"):
                raise InputError(deck.path, f"card {c.code}: a lose effect's target is opp_player or own_player, not "
                                            f"{e.target} (r. 1-2-5: a player loses)")
            if e.cond and (e.cond & 7 != COND_MY_TURN or c.type != "summon_stone" or e.trigger != "cast"):
                raise InputError(deck.path, f"card {c.code}: the only condition the GBF engine reads is a summon "
                                            "stone's my_turn on its cast effect (r. 6-3-1-2-3-1)")
            if e.trigger == "action" and not e.once and e.cost <= 0 and "assist" not in c.keywords:
                raise InputError(deck.path, f"card {c.code}: an activated effect without once per turn costs at "
                                            "least 1 crystal (r. 10-5-3: it is used while its cost is paid, and a cost of 0 never runs out)")
            if e.trigger == "leave" and c.type != "member":
                raise InputError(deck.path, f"card {c.code}: a leave effect is a member's: it triggers as the member is "
                                            "KO'd from the member area (r. 8-7-4)")
            if e.op == "damage" and e.amount == 0 and e.trigger != "leave":
                raise InputError(deck.path, f"card {c.code}: damage 0 (\"damage equal to this card's ATK\", as it "
                                            "last was) is read only by a leave effect (r. 8-7-4-1-2, 8-11-1)")
            if e.once and e.trigger != "action":
                raise InputError(deck.path, f"card {c.code}: once per turn is a cost token of an activated (action) "
                                            "effect (r. 10-5)")
    comp = compile_cards(GAME, deck.name, main + leaders, KEYWORDS, {})
    for i, c in enumerate(main + leaders):
        comp.cards[i, K_NAMEH] = text_hash(char_name(c.name))  # the name limit compares character names
    cards = np.zeros((n_rows + LEAD_MAX, K_NCOLS), np.int32)
    effects = np.zeros((n_rows + LEAD_MAX, MAX_EFFECTS, E_NCOLS), np.int32)
    cards[:len(main)], effects[:len(main)] = comp.cards[:len(main)], comp.effects[:len(main)]
    cards[n_rows:n_rows + len(leaders)] = comp.cards[len(main):]
    effects[n_rows:n_rows + len(leaders)] = comp.effects[len(main):]
    return GbfCompiledDeck(GAME, deck.name, cards, effects, comp.codes[:len(main)], comp.names[:len(main)],
                           len(main), len(leaders))


def _check_text_effect(deck: Deck, c: Card, e: Effect, before: Effect | None) -> None:
    """The damage sources and replacements, negations and grants the engine reads (r. 4-9, 8-10-1-1, 10-10)."""
    if e.op == "damage_mod" and not 0 <= e.param <= DMG_SOURCES | DMG_BECOMES:
        raise InputError(deck.path, f"card {c.code}: a damage_mod's param is the sum of the sources it reads "
                                    f"({DSRC_BATTLE} battle, {DSRC_STONE} summon stones, {DSRC_CARD} leaders' and "
                                    f"members' effects; 0 all, r. 4-9) and {DMG_BECOMES} for 'the damage becomes "
                                    f"amount' (r. 8-10-1-1), not {e.param}")
    if e.op == "damage_mod" and e.param & DMG_BECOMES and (e.target != "self" or e.amount < 0):
        raise InputError(deck.path, f"card {c.code}: 'the damage becomes N' replaces the damage the card itself "
                                    "receives (target self, N >= 0; r. 8-10-1-1)")
    if e.op == "negate" and (e.trigger != "static" or e.target != "all_opp_characters"
                             or not 0 < e.param <= NEG_OUGI | NEG_STATIC):
        raise InputError(deck.path, f"card {c.code}: a negate is static:negate:0:all_opp_characters:P with P "
                                    f"{NEG_OUGI} (the opponent's members' ougi), {NEG_STATIC} (their continuous "
                                    f"effects) or {NEG_OUGI | NEG_STATIC} (both) (r. 10-10-2)")
    if e.op == "grant":
        if e.trigger != "static" or e.target != "all_own_characters" or before is None \
                or (before.trigger, before.op, before.target) != ("static", "damage_mod", "self"):
            raise InputError(deck.path, f"card {c.code}: a grant is static:grant:0:all_own_characters after the "
                                        "static damage_mod (target self) it gives the other members (r. 10-10-1)")
    if e.op == "break_armor" and e.target not in ("opp_player", "own_player"):
        raise InputError(deck.path, f"card {c.code}: break_armor breaks armor cards of opp_player or own_player, not "
                                    f"{e.target} (r. 9-4-2-2)")
    if e.xcost and (e.trigger != "action" or e.xcost & 7 != XC_DISCARD or "assist" in c.keywords):
        raise InputError(deck.path, f"card {c.code}: the cost action the GBF engine reads besides crystals is "
                                    "discardN (put N hand cards into the gauge) on a member's activated effect "
                                    "(r. 8-4-2-3)")
    if e.op == "negate_received" and (e.trigger == "static" or e.target not in ("opp_character", "self")):
        raise InputError(deck.path, f"card {c.code}: negate_received ends the effects an opposing unit "
                                    "(opp_character) or the card itself (self) has received (r. 10-10-2-1)")


class GbfCompiledDeck(CompiledDeck):
    """A compiled main deck (the first `size` rows of `cards`) plus its leader deck (rows n_rows..)."""

    def __init__(self, game: str, name: str, cards: np.ndarray, effects: np.ndarray, codes: tuple[str, ...],
                 names: tuple[str, ...], size: int, n_leaders: int) -> None:
        super().__init__(game, name, cards, effects, codes, names)
        self.size, self.n_leaders = size, n_leaders

    def __len__(self) -> int:
        return self.size


def compile_matchup(deck_a: Deck, deck_b: Deck) -> tuple[GbfCompiledDeck, GbfCompiledDeck]:
    for deck in (deck_a, deck_b):
        if deck.game != GAME:
            raise InputError(deck.path, f"a {deck.game} deck cannot play Granblue Fantasy TCG")
    n_rows = max(deck_a.size, deck_b.size)
    return _compile(deck_a, n_rows), _compile(deck_b, n_rows)


def _tables(a: GbfCompiledDeck, b: GbfCompiledDeck) -> tuple[np.ndarray, ...]:
    n_rows = max(len(a), len(b))
    cards = np.zeros((2, n_rows + LEAD_MAX, K_NCOLS), np.int32)
    effs = np.zeros((2, n_rows + LEAD_MAX, MAX_EFFECTS, E_NCOLS), np.int32)
    for seat, d in enumerate((a, b)):
        own = d.cards.shape[0] - LEAD_MAX
        cards[seat, :len(d)], effs[seat, :len(d)] = d.cards[:len(d)], d.effects[:len(d)]
        cards[seat, n_rows:], effs[seat, n_rows:] = d.cards[own:], d.effects[own:]
    return cards, effs, np.array([len(a), len(b)], np.int32), np.array([a.n_leaders, b.n_leaders], np.int32)


def _vocab_flags(effs: np.ndarray) -> int:
    """G_VOCAB: the VOC_* bits of the effects in the two decks' tables."""
    trig, op = effs[..., E_TRIGGER], effs[..., E_OP]
    timings = np.isin(trig, [TR_TURN_START, TR_MAIN_START, TR_BATTLE_START, TR_ATTACK_STEP, TR_DAMAGE_STEP,
                             TR_BURST_START])
    return (VOC_HAND_EMPTY if (trig == TR_HAND_EMPTY).any() else 0) | \
        (VOC_DMG_MOD if ((trig == TR_STATIC) & (op == OP_DMG_MOD)).any() else 0) | \
        (VOC_TIMING if timings.any() else 0) | (VOC_ACT_PUMP if ((trig == TR_ACTION) & (op == OP_PUMP)).any() else 0) | \
        (VOC_KO_INSTEAD if ((trig == TR_STATIC) & (op == OP_KO_INSTEAD)).any() else 0) | \
        (VOC_NEGATE if ((trig == TR_STATIC) & (op == OP_NEGATE)).any() else 0) | \
        (VOC_GRANT if ((trig == TR_STATIC) & (op == OP_GRANT)).any() else 0)


def _game_template(policy_a: int, policy_b: int, detail: str, options: dict[str, int] | None,
                   params_a: np.ndarray | None, params_b: np.ndarray | None) -> np.ndarray:
    if detail not in DETAIL_CODES:
        raise InputError("detail", f"unknown detail {detail!r} (one of: {', '.join(DETAIL_CODES)})")
    for pol in (policy_a, policy_b):
        if pol not in POLICIES.values():
            raise InputError("policy", f"unknown gbf policy id {pol}")
    check_options(sys.modules[__name__], options)  # turn_cap sizes the turns arrays: refuse it out of range
    opts = option_values(GAME, OPTION_SPECS, options)
    g0 = np.zeros(G_NCOLS, np.int32)
    g0[G_OPT:G_OPT + opts.size] = opts
    g0[G_POL], g0[G_POL + 1] = policy_a, policy_b
    for seat, params in enumerate((params_a, params_b)):
        par = np.array(DEFAULTS[(policy_a, policy_b)[seat]], np.int32)
        if params is not None:
            p = np.asarray(params).reshape(-1)[:NPAR]
            par[:p.size] = np.where(p >= 0, p, par[:p.size])
        g0[G_PAR + seat * NPAR:G_PAR + (seat + 1) * NPAR] = par
    g0[G_DETAIL] = DETAIL_CODES[detail]
    return g0


def play(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int, stream: int,
         start: int, n: int, detail: str = "games", options: dict[str, int] | None = None,
         params_a: np.ndarray | None = None, params_b: np.ndarray | None = None) -> Batch:
    """Games start..start+n-1 of (seed, stream); deck A is seat 0, deck B seat 1."""
    g0 = _game_template(policy_a, policy_b, detail, options, params_a, params_b)
    cards, effs, sizes, nlead = _tables(a, b)
    g0[G_VOCAB] = _vocab_flags(effs)
    nmax = cards.shape[1] - LEAD_MAX
    cap = int(g0[O_TURN_CAP])
    batch = new_batch(n, detail, cap, nmax)
    turns = batch.turns if batch.turns is not None else np.full((1, cap, T_NCOLS), -1, np.int32)
    copies = batch.cards if batch.cards is not None else np.full((1, 2, nmax, 2), -1, np.int16)
    run_chunks(_play_batch, -(-n // CHUNK), cards, effs, sizes, nlead, g0, np.int64(seed), np.int64(stream),
               np.int64(start), n, batch.games, turns, copies, np.zeros(1, np.int64))
    return batch


def check_invariants(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int,
                     stream: int = 0, start: int = 0, n: int, options: dict[str, int] | None = None) -> np.ndarray:
    """The games of `play` with the V_* invariants checked after setup, every turn and the end; an
    int64 bitmask per game, 0 = all held."""
    g0 = _game_template(policy_a, policy_b, "games", options, None, None)
    g0[G_CHECK] = 1
    cards, effs, sizes, nlead = _tables(a, b)
    g0[G_VOCAB] = _vocab_flags(effs)
    nmax = cards.shape[1] - LEAD_MAX
    games = new_batch(n, "games", int(g0[O_TURN_CAP]), nmax).games
    viol = np.zeros(max(n, 1), np.int64)
    run_chunks(_play_batch, -(-n // CHUNK), cards, effs, sizes, nlead, g0, np.int64(seed), np.int64(stream),
               np.int64(start), n, games, np.full((1, MAX_TURNS, T_NCOLS), -1, np.int32),
               np.full((1, 2, nmax, 2), -1, np.int16), viol)
    return viol[:n]


def scenario_state(a: CompiledDeck, b: CompiledDeck, *, first: int = 0, policies: tuple[int, int] = (2, 2),
                   options: dict[str, int] | None = None, seed: int = 0) -> tuple:
    """A state for rule scenarios (tests): seat `first` is the turn player, no card dealt, each deck in
    list order (row i = compiled copy i) with its head at 0, the first rank-0 leader in play, all of
    the leader deck's other cards face-down, 5 armor slots empty, no member. Tests place cards with
    numpy on vS(s) (rules offsets) and call the functions of rules.py and actions.py."""
    g0 = _game_template(policies[0], policies[1], "cards", options, None, None)
    cards, effs, sizes, nlead = _tables(a, b)
    g0[G_VOCAB] = _vocab_flags(effs)
    n = cards.shape[1] - LEAD_MAX
    S, G, R, T, C = new_arrays(n, int(g0[O_TURN_CAP]))
    G[:] = g0
    G[G_FIRST], G[G_TP], G[G_TURN] = first, first, 1
    for sub in range(5):
        R[sub] = derive_seed(seed, 0, 0, sub)
    for p in range(2):
        S[p, P_N], S[p, P_NLEAD], S[p, P_DECK], S[p, P_OWN_TURN] = sizes[p], nlead[p], sizes[p], 1
        S[p, Z0 + Z_DK * n:Z0 + Z_DK * n + sizes[p]] = np.arange(sizes[p])
        leaders = [n + i for i in range(nlead[p])]
        lead = next(r for r in leaders if cards[p, r, K_RANK] == 0)
        S[p, P_LEAD], S[p, P_LACT] = lead, 1
        rest = [r for r in leaders if r != lead]
        S[p, P_LDK] = len(rest)
        S[p, LDK0:LDK0 + len(rest)] = rest
        for j in range(SLOTS):
            S[p, M_BASE + j * M_W + M_CARD] = -1
    s = state_of(S, G, cards, effs, R, T, C)
    _SCENARIOS[s] = (S, G, cards, effs, R, T, C)
    return s


_SCENARIOS: dict[tuple, tuple] = {}  # scenario state -> the arrays it points into


def views(s: tuple) -> tuple[np.ndarray, ...]:
    """The arrays of a scenario state: S, G, K, E, R, T, C (rules layout), for tests."""
    return _SCENARIOS[s]


CHUNK = 64  # games per unit of parallel work, sharing one set of state arrays (cleared between games)


@njit(nogil=True, cache=True)
def _play_batch(cards, effs, sizes, nlead, g0, seed, stream, start, n, games, turns, copies, viol, lo, hi):
    """Chunks lo..hi-1 of CHUNK games (sim.engine.threads.run_chunks); a game's randomness comes only from
    derive_seed(seed, stream, index, SUB_*)."""
    nmax = cards.shape[1] - LEAD_MAX
    for k in range(lo, hi):
        S = np.zeros((2, Z0 + 6 * nmax), np.int32)
        G = np.zeros(G_NCOLS, np.int32)
        R = np.zeros(5, np.uint64)
        T = np.full((g0[O_TURN_CAP], T_NCOLS), -1, np.int32)
        C = np.full((2, nmax, 2), -1, np.int32)
        for i in range(k * CHUNK, min(n, (k + 1) * CHUNK)):
            run_game((S, G, cards, effs, R, T, C), g0, sizes, nlead, seed, stream, start, i, games, turns, copies,
                     viol)


@engine_jit
def run_game(owned, g0, sizes, nlead, seed, stream, start, i, games, turns, copies, viol):
    """Game i on the arrays `owned` (S, G, K, E, R, T, C): the caller holds them, so the addresses in
    `s` stay valid for this call (numba frees a local array after its last use)."""
    s = state_of(owned[0], owned[1], owned[2], owned[3], owned[4], owned[5], owned[6])
    S, T, C = vS(s), owned[5], vC(s)  # T: the array (G holds the previous game's options until play_game)
    S[:] = 0
    if g0[G_DETAIL] >= 1:  # T and C are written and copied out only with these details
        T[:] = -1
    if g0[G_DETAIL] >= 2:
        C[:] = -1
    for sub in range(5):
        vR(s)[sub] = derive_seed(seed, stream, start + i, sub)
    play_game(s, g0, sizes, nlead, games[i])
    if g0[G_CHECK]:
        viol[i] = vG(s)[G_VIOL]
    if g0[G_DETAIL] >= 1:
        for r in range(T.shape[0]):
            for col in range(T_NCOLS):
                turns[i, r, col] = T[r, col]
    if g0[G_DETAIL] >= 2:
        for p in range(2):
            for c in range(sizes[p]):
                copies[i, p, c, 0] = C[p, c, 0]
                copies[i, p, c, 1] = C[p, c, 1]


@engine_jit
def play_game(s, g0, sizes, nlead, out):
    S, G = vS(s), vG(s)
    for k in range(G.shape[0]):  # element loop, not G[:] = g0 (numba's shape-error formatting)
        G[k] = g0[k]
    first = randbelow(vR(s)[SUB_COIN:SUB_COIN + 1], 2)  # r. 5-2-1-4: at random, no choice (r. 5-2-1-4-1)
    G[G_FIRST], G[G_TP] = first, first
    for k in range(2):  # r. 5-2-1-5-2: the first player mulligans first
        p = first if k == 0 else 1 - first
        S[p, P_N], S[p, P_NLEAD] = sizes[p], nlead[p]
        setup(s, p, nlead[p])
    if G[G_CHECK]:
        check_state(s, False)
    for turn in range(G[O_TURN_CAP]):  # §11.16: the cap is the engine's (option turn_cap), not a rule
        p = first if turn % 2 == 0 else 1 - first  # r. 6-5-1-4: then the opponent is the turn player
        G[G_TURN], G[G_TP] = turn + 1, p
        S[p, P_OWN_TURN] += 1
        S[p, P_SPENT], S[p, P_PLAYED], S[p, P_DEALT] = 0, 0, 0
        start_phase(s, p, turn == 0)
        avail = S[p, P_CRY]
        if not G[G_OVER]:
            main_phase(s, p)
        if not G[G_OVER]:
            battle_phase(s, p)
        if not G[G_OVER]:
            burst_phase(s, p)
        if G[G_DETAIL] >= 1:
            T = vT(s)
            T[turn, T_SEAT], T[turn, T_TURN], T[turn, T_AVAILABLE] = p, S[p, P_OWN_TURN], avail
            T[turn, T_SPENT], T[turn, T_HAND] = S[p, P_SPENT], S[p, P_HAND]
            T[turn, T_PAID] = S[p, P_SPENT]  # crystals pay costs exactly
            T[turn, T_PLAYED], T[turn, T_DAMAGE] = S[p, P_PLAYED], S[p, P_DEALT]
        if G[G_CHECK]:
            check_state(s, False)
        if G[G_OVER]:
            break
    if G[G_CHECK]:
        check_state(s, True)
    out[R_FIRST] = first
    out[G_TURNS] = G[G_TURN]
    out[G_FINAL_A], out[G_FINAL_A + 1] = S[0, P_ARM], S[1, P_ARM]
    out[G_MULL_A], out[G_MULL_A + 1] = S[0, P_MULL], S[1, P_MULL]
    record_end(s, out)


@engine_jit
def record_end(s, out):
    """The winner and end reason of the game: none over = the turn cap; a concession (r. 1-2-4) or an effect's
    loss (r. 1-2-5) ends the game at once, its player the loser whatever else was pending; otherwise the
    checkpoint's losses (both at once: a draw, r. 1-2-3)."""
    S, G = vS(s), vG(s)
    at_once = -1
    for p in range(2):
        if S[p, P_LOST] == LOST_CONCEDED or S[p, P_LOST] == LOST_EFFECT:
            at_once = p
    if not G[G_OVER]:
        out[G_WINNER], out[G_REASON] = DRAW, END_TURN_CAP
    elif at_once >= 0:
        out[G_WINNER] = 1 - at_once
        out[G_REASON] = END_CONCESSION if S[at_once, P_LOST] == LOST_CONCEDED else END_CARD_EFFECT
    elif S[0, P_LOST] and S[1, P_LOST]:
        out[G_WINNER], out[G_REASON] = DRAW, END_SIMULTANEOUS  # r. 1-2-3
    else:
        loser = 0 if S[0, P_LOST] else 1
        out[G_WINNER] = 1 - loser
        out[G_REASON] = END_DECK_OUT if S[loser, P_LOST] == LOST_DECK else END_LIFE


@engine_jit
def check_state(s, end):
    """The V_* invariants on the current state; ORs the violated bits into G[G_VIOL]."""
    S, G = vS(s), vG(s)
    n = rows(s)
    v = 0
    seen = np.zeros(n + LEAD_MAX, np.int32)
    for p in range(2):
        size = S[p, P_N]
        counts = (S[p, P_DECK], S[p, P_HAND], S[p, P_GUP], S[p, P_GDN], S[p, P_CRY])
        for x in counts:
            if x < 0 or x > size:
                v |= V_NEGATIVE
        if S[p, P_ARM] < 0 or S[p, P_ARM] > 5 or S[p, P_LDK] < 0 or S[p, P_LUP] < 0:
            v |= V_NEGATIVE
        if v & V_NEGATIVE:
            continue
        for c in range(n + LEAD_MAX):
            seen[c] = 0
        for i in range(S[p, P_DECK]):
            seen[S[p, zoff(s, Z_DK) + (S[p, P_HEAD] + i) % n]] += 1
        for z, cnt in ((Z_HAND, P_HAND), (Z_GUP, P_GUP), (Z_GDN, P_GDN), (Z_CRY, P_CRY)):
            for i in range(S[p, cnt]):
                seen[S[p, zoff(s, z) + i]] += 1
        for i in range(S[p, P_ARM]):
            a = S[p, ARM0 + i]
            seen[a if a >= 0 else -1 - a] += 1  # a named armor card is stored as -1 - c (rules.name_armor)
        names = np.zeros(SLOTS, np.int32)
        for j in range(SLOTS):
            c = S[p, mcol(j, M_CARD)]
            names[j] = card(s, p, c, K_NAMEH) if c >= 0 else -j - 1
            if c >= 0:
                seen[c] += 1
                lv = S[p, mcol(j, M_LV)]
                if lv < 0 or lv > LV_MAX:
                    v |= V_LIMITS
                else:
                    for k in range(lv):
                        seen[S[p, mcol(j, M_LVC + k)]] += 1
        if names[0] == names[1] or names[0] == names[2] or names[1] == names[2]:
            v |= V_LIMITS
        seen[S[p, P_LEAD]] += 1
        for i in range(S[p, P_LDK]):
            seen[S[p, LDK0 + i]] += 1
        for i in range(S[p, P_LUP]):
            seen[S[p, LUP0 + i]] += 1
        for c in range(size):
            if seen[c] != 1:
                v |= V_ZONES
        for c in range(size, n):
            if seen[c] != 0:
                v |= V_ZONES
        for c in range(n, n + LEAD_MAX):
            if seen[c] != (1 if c - n < S[p, P_NLEAD] else 0):
                v |= V_ZONES
        raised = 0  # a +rank chip placed after the deploy may lift the total: the limit is checked at placement only
        for j in range(SLOTS):
            raised += max(0, S[p, mcol(j, M_CHR)]) if S[p, mcol(j, M_CARD)] >= 0 else 0
        if member_rank(s, p, -1) - raised > S[p, P_CRY]:
            v |= V_RANK
        active = 0
        for i in range(S[p, P_CRY]):
            a = S[p, zoff(s, Z_CRYA) + i]
            active += a
            if a != 0 and a != 1:
                v |= V_NEGATIVE
        if active != S[p, P_ACT]:
            v |= V_NEGATIVE
    if G[G_TURN] > G[O_TURN_CAP] or (end and G[G_OVER] and not S[0, P_LOST] and not S[1, P_LOST]):
        v |= V_END
    G[G_VIOL] |= v


def check_results(batch: Batch) -> list[str]:
    """Output-level checks on a finished batch: armor 0..5, turns within the largest cap (turn_cap's
    bound; the batch does not hold its options), a leader-KO win leaves the loser without armor, a
    turn-cap game is a draw; returns the problems found."""
    from sim.engine.results import END_REASONS, G_FINAL_B

    problems = []
    g = batch.games
    for i in range(g.shape[0]):
        armor = (int(g[i, G_FINAL_A]), int(g[i, G_FINAL_B]))
        if not (0 <= armor[0] <= 5 and 0 <= armor[1] <= 5):
            problems.append(f"game {i}: armor out of range {armor}")
        if not 1 <= g[i, G_TURNS] <= TURN_CAP_MAX:
            problems.append(f"game {i}: {g[i, G_TURNS]} turns")
        reason = END_REASONS[g[i, G_REASON]]
        if reason == "life" and g[i, G_WINNER] in (0, 1) and armor[1 - g[i, G_WINNER]] != 0:
            problems.append(f"game {i}: leader KO with armor left {armor}")
        if reason == "turn_cap" and g[i, G_WINNER] != DRAW:
            problems.append(f"game {i}: turn cap without a draw")
    return problems

