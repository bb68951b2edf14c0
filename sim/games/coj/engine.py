"""CODE OF JOKER engine (rules digest ../shared/rules/coj.md; §n below are its sections).

A game: random first player (§1), 8 LP each, 4-card hands with free full redraws (§6, bounded by
the `max_mulligans` option and decided by the policy), then up to 10 rounds of a first-player and
a second-player turn (§7): action rights back, CP set from the round table (§4, no carry-over, cap
12 for effects), draw 2 (none in the first player's round 1; hand limit 7 cuts draws; a short deck
is rebuilt as a fresh 40, §5), turn-start effects, then the policy acts: override, drive, overdrive,
set in the trigger zone, attack, retreat, discard, joker, a unit's 【起動】 ability (activated). LP 0 ends the game at once (both at 0:
DOUBLE_LOSS, END_SIMULTANEOUS); after round 10 more LP wins and a tie goes to the second player
(END_ROUND_LIMIT). Games never reach the turn cap (MAX_TURNS = 20 = 10 rounds).

Modules: rules (state layout, zones, draws, units, damage), effects (card effects, trigger
zone timings, the destruction queue), activated (【起動】 abilities), policy (decisions), actions (turn steps,
actions, battle), this one (interface, compiling, the batch kernel and the game loop).

Policies (ids in POLICIES; details in docs/policies_coj.md and policy's docstring):
- random:  uniform over legal actions / blocks / keep-or-redraw / intercept use.
- aggro:   redraw until 2 units of cost <= 3; cheapest units and Speed Move first; attacks with
           everything; blocks only to win (chump at 1 LP).
- curve:   redraw until 1 cheap unit and 2 units; spends CP as fully as possible; sets spare units
           as reducers; attacks when no blocker beats the attacker; blocks to win or trade.
- control: sets triggers/intercepts first and keeps CP for an intercept; attacks only when safe;
           blocks whenever it wins or trades, chumps at <= 4 LP.
Policy parameters (params_a / params_b, int; < 0 = default): keep_units, chump_lp, hand_target,
cp_reserve (policy.PARAM_NAMES).

Results: G_FINAL_A/B = LP at the end (FINAL_MEASURE "lp"). Turns detail: T_AVAILABLE = the CP
set at turn start, T_SPENT = CP spent on the own turn (intercepts paid on the opponent's turn are
not counted; T_PAID is the same, CP is paid exactly), T_PLAYED = cards driven, overdriven, set and jokers used, T_DAMAGE = LP damage dealt.
Cards detail: a copy is its position in the compiled 40; a rebuilt deck reuses the same copy ids,
so C_DRAWN / C_PLAYED hold the FIRST own turn the copy was drawn / played (0 = opening hand).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from numba import njit

from sim.cards.effects import E_NCOLS, MAX_EFFECTS, TRIGGERS, Effect
from sim.cards.model import Deck
from sim.engine.compiled import K_KW, K_NCOLS, K_TRIGS, CompiledDeck, compile_deck
from sim.engine.jit import engine_jit
from sim.engine.kernel import SUB_COIN, SUB_SEAT0, derive_seed, randbelow
from sim.engine.opening import deal, redraw
from sim.engine.options import option_values
from sim.engine.results import (
    DOUBLE_LOSS,
    END_LIFE,
    END_ROUND_LIMIT,
    END_SIMULTANEOUS,
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
from sim.games.coj.actions import action_phase, turn_end, turn_start
from sim.games.coj.policy import NPAR, POLICY_NAMES, hand_facts, keep_hand
from sim.games.coj.rules import (
    CP_MAX,
    CP_TABLE,
    DQ_MAX,
    FIELD_MAX,
    G_CHECK,
    G_DETAIL,
    G_FIRST,
    G_NCOLS,
    G_OPT,
    G_OVER,
    G_PAR,
    G_POL,
    G_ROUND,
    G_TURN,
    G_VIOL,
    HAND_MAX,
    K_ANY_SIDE,
    K_DIM,
    K_JGAUGE,
    K_STATIC_IN,
    K_TRIGS_HI,
    K_USES,
    KEYWORDS,
    KW_DIM,
    LP_START,
    O_CP_FLOOR,
    O_MAX_MULL,
    OFF_DK,
    OFF_DQ,
    OFF_G,
    OFF_H,
    OFF_HL,
    OFF_OQ,
    OFF_P,
    OFF_T,
    OFF_U,
    OFF_Z,
    OPTION_SPECS,
    OQ_MAX,
    P_CP,
    P_DEALT,
    P_FIELD,
    P_HAND,
    P_HEVO,
    P_HMINC,
    P_HOVR,
    P_HSCAN,
    P_HSET,
    P_HVER,
    P_LP,
    P_MULL,
    P_N,
    P_NCOLS,
    P_NJOKERS,
    P_ORDER,
    P_PLAYED,
    P_REBUILDS,
    P_SPENT,
    P_TOP,
    P_ZONE,
    ROUNDS,
    TRIG_HI,
    U_BP,
    U_CARD,
    U_KWS,
    U_NCOLS,
    ZONE_MAX,
    add_to_hand,
    clear_game,
    hand_changed,
    new_state,
    record_drawn,
    rng,
    state_of,
    statics_reading_inputs,
    unit_derive,
    vC,
    vDK,
    vG,
    vH,
    vP,
    vT,
    vU,
    vZ,
)
from sim.games.coj.vocab import CC_ANY_SIDE

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards or units, vector bodies never run

GAME = "coj"
POLICIES: dict[str, int] = {name: i for i, name in enumerate(POLICY_NAMES)}
OPTIONS: dict[str, tuple[int, str]] = {name: (default, doc) for name, default, doc in OPTION_SPECS}
FINAL_MEASURE = "lp"
MAX_TURNS = 2 * ROUNDS  # §1: the game ends after the second player's round-10 turn
HAND_START = 4  # §6
DETAIL_CODES = {"games": 0, "turns": 1, "cards": 2}
GAUGE_SIZES = {"small": 1, "medium": 2, "large": 3, "extra_large": 3}
_DIM = re.compile(r"^dimensional_interference[_:=/]?(\d+)$")

__all__ = ["GAME", "KEYWORDS", "POLICIES", "OPTIONS", "FINAL_MEASURE", "MAX_TURNS", "compile_matchup", "play",
           "check_invariants", "check_results"]

# Invariant violations (check_invariants: bits of the per-game mask, checked after the opening
# hands, after every turn and at game end; 0 = all held).
# Card conservation (V_ZONES): the live zones are the deck (order DK[top:n]), the hand, the field and
# the trigger zone. The discard is not stored (effects read it only through the copies in no live
# zone) and the deleted zone (§5 消滅) only as a mask (rules P_DEL), so discard + deleted = the
# copies in no live zone: "in exactly one zone" means "in at most one live zone". §5 rebuild: the deck becomes a fresh 40 while the hand,
# field and trigger zone keep their cards, so after r rebuilds of a seat a copy may be live up to
# r + 1 times (once per deck generation). Always conserved: the deck array is a permutation of the
# seat's n copies, 0 <= top <= n, and every live card is a valid copy id (jokers never enter a zone).
V_ZONES = 1  # a copy live twice (more than rebuilds + 1 times), a bad copy id, or the deck not a permutation
V_NEGATIVE = 2  # a negative count (hand, field, trigger zone, deck top) or deck top past the deck
V_CP = 4  # CP below 0 (below cp_floor if that is negative) or above the cap of 12 (§4)
V_LIMITS = 8  # hand above 7, field above 5, trigger zone above 4 (§5)
V_LP = 16  # LP below 0 or above LP_CHECK_MAX, or an LP of 0 while the game goes on (§1)
V_END = 32  # the game did not end: past round 10 / 20 turns, or stopped early without an LP of 0 (§1)
V_DERIVED = 64  # a kept value differs from its recomputation: a unit's U_KWS / U_BP, the policy's current hand scan
LP_CHECK_MAX = 64  # §1 has no LP cap (heals add freely); a sanity bound for V_LP


@dataclass
class CojCompiledDeck(CompiledDeck):
    """A compiled main deck plus its joker zone (§9; up to 2 jokers, used only with the jokers option)."""

    jokers: CompiledDeck | None = None


def _compile(deck: Deck, name_ids: dict[str, int]) -> CojCompiledDeck:
    main = compile_deck(deck, KEYWORDS, name_ids)
    jokers = compile_deck(deck, KEYWORDS, name_ids, zone="joker")
    for table, cards in ((main.cards, deck.main_cards()),
                         (jokers.cards, [c for c, k in deck.zone("joker") for _ in range(k)])):
        for i, card in enumerate(cards):
            # §10 次元干渉/コストN: keyword "dimensional_interference_N" sets the flag and N (plain: no N, no effect)
            n = max([int(m.group(1)) for k in card.keywords if (m := _DIM.match(k))] or [0])
            table[i, K_DIM] = n
            table[i, K_KW] = (table[i, K_KW] | KW_DIM) if n > 0 else (table[i, K_KW] & ~KW_DIM)
            # §9 the joker's gauge cost follows its catalog size (coj_catalog tags gauge_small ...)
            table[i, K_JGAUGE] = next((v for k, v in GAUGE_SIZES.items() if f"gauge_{k}" in card.tags), 0)
            # an intercept used several times (coj_catalog tag uses_N) stays set until its Nth use
            table[i, K_USES] = max([int(t[5:]) for t in card.tags if t.startswith("uses_")] or [0])
            # a 「ユニットがフィールドに出た時」 trigger / intercept also answers the opponent's entries (zone_answers)
            table[i, K_ANY_SIDE] = int(bool(card.effects) and card.effects[0].cond & CC_ANY_SIDE != 0)
            table[i, K_TRIGS], table[i, K_TRIGS_HI] = _trigger_words(card.effects)
    for compiled in (main, jokers):
        compiled.cards[:, K_STATIC_IN] = statics_reading_inputs(compiled.effects)
    return CojCompiledDeck(main.game, main.name, main.cards, main.effects, main.codes, main.names, jokers)


def _trigger_words(effects: tuple[Effect, ...]) -> tuple[int, int]:
    """K_TRIGS and K_TRIGS_HI of a card: one bit per timing of its effects (rules.has_trigger)."""
    lo = hi = 0
    for e in effects[:MAX_EFFECTS]:
        t = TRIGGERS.index(e.trigger)
        if t < TRIG_HI:
            lo |= 1 << t
        else:
            hi |= 1 << (t - TRIG_HI)
    return lo, hi


def compile_matchup(deck_a: Deck, deck_b: Deck) -> tuple[CojCompiledDeck, CojCompiledDeck]:
    for deck in (deck_a, deck_b):
        if deck.game != GAME:
            raise InputError(deck.path, f"a {deck.game} deck cannot play CODE OF JOKER")
        if deck.size < HAND_START:
            raise InputError(deck.path, f"the deck has {deck.size} cards, fewer than a {HAND_START}-card hand")
    name_ids: dict[str, int] = {}
    return _compile(deck_a, name_ids), _compile(deck_b, name_ids)


def _params(params: np.ndarray | None) -> np.ndarray:
    out = np.full(NPAR, -1, np.int32)
    if params is not None:
        p = np.asarray(params).reshape(-1)[:NPAR]
        out[:p.size] = p
    return out


def _tables(a: CompiledDeck, b: CompiledDeck) -> tuple[np.ndarray, ...]:
    """Both decks as seat-indexed arrays (padded to the longer deck), each seat's jokers in the last 2 rows."""
    nmax = max(len(a), len(b))
    cards = np.zeros((2, nmax + 2, K_NCOLS), np.int32)
    effs = np.zeros((2, nmax + 2, MAX_EFFECTS, E_NCOLS), np.int32)
    sizes = np.zeros(2, np.int32)
    njokers = np.zeros(2, np.int32)
    for seat, deck in enumerate((a, b)):
        k = len(deck)
        cards[seat, :k], effs[seat, :k], sizes[seat] = deck.cards, deck.effects, k
        jokers = getattr(deck, "jokers", None)
        if jokers is not None and len(jokers):
            m = min(2, len(jokers))
            cards[seat, nmax:nmax + m], effs[seat, nmax:nmax + m] = jokers.cards[:m], jokers.effects[:m]
            njokers[seat] = m
    return cards, effs, sizes, njokers


def _game_template(policy_a: int, policy_b: int, detail: str, options: dict[str, int] | None,
                   params_a: np.ndarray | None, params_b: np.ndarray | None) -> np.ndarray:
    """The G array every game starts from: options, policies, policy parameters, detail level."""
    if detail not in DETAIL_CODES:
        raise InputError("detail", f"unknown detail {detail!r} (one of: {', '.join(DETAIL_CODES)})")
    for pol in (policy_a, policy_b):
        if pol not in POLICIES.values():
            raise InputError("policy", f"unknown coj policy id {pol}")
    g0 = np.zeros(G_NCOLS, np.int32)
    opts = option_values("coj", OPTION_SPECS, options)
    g0[G_OPT:G_OPT + opts.size] = opts
    g0[G_POL], g0[G_POL + 1] = policy_a, policy_b
    g0[G_PAR:G_PAR + NPAR], g0[G_PAR + NPAR:G_PAR + 2 * NPAR] = _params(params_a), _params(params_b)
    g0[G_DETAIL] = DETAIL_CODES[detail]
    return g0


def play(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int, stream: int,
         start: int, n: int, detail: str = "games", options: dict[str, int] | None = None,
         params_a: np.ndarray | None = None, params_b: np.ndarray | None = None) -> Batch:
    """Games start..start+n-1 of (seed, stream); deck A is seat 0, deck B seat 1."""
    g0 = _game_template(policy_a, policy_b, detail, options, params_a, params_b)
    cards, effs, sizes, njokers = _tables(a, b)
    nmax = cards.shape[1] - 2
    batch = new_batch(n, detail, MAX_TURNS, nmax)
    # numba needs arrays, not None: unused detail arrays are 1-game dummies that are never written
    turns = batch.turns if batch.turns is not None else np.full((1, MAX_TURNS, T_NCOLS), -1, np.int32)
    copies = batch.cards if batch.cards is not None else np.full((1, 2, nmax, 2), -1, np.int16)
    run_chunks(_play_batch, -(-n // CHUNK), cards, effs, sizes, njokers, g0, np.int64(seed), np.int64(stream),
               np.int64(start), n, batch.games, turns, copies, np.zeros(1, np.int64))
    return batch


def check_invariants(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int,
                     stream: int = 0, start: int = 0, n: int, options: dict[str, int] | None = None) -> np.ndarray:
    """Play games start..start+n-1 of (seed, stream) (the same games as `play`) with invariant checks
    after the opening hands, after every turn and at game end; per game an int64 bitmask of violated
    invariants (V_*), 0 = all held."""
    g0 = _game_template(policy_a, policy_b, "games", options, None, None)
    g0[G_CHECK] = 1
    cards, effs, sizes, njokers = _tables(a, b)
    games = new_batch(n, "games", MAX_TURNS, cards.shape[1] - 2).games
    viol = np.zeros(max(n, 1), np.int64)
    run_chunks(_play_batch, -(-n // CHUNK), cards, effs, sizes, njokers, g0, np.int64(seed), np.int64(stream),
               np.int64(start), n, games, np.full((1, MAX_TURNS, T_NCOLS), -1, np.int32),
               np.full((1, 2, cards.shape[1] - 2, 2), -1, np.int16), viol)
    return viol[:n]


def scenario_state(a: CompiledDeck, b: CompiledDeck, *, first: int = 0, policies: tuple[int, int] = (2, 2),
                   options: dict[str, int] | None = None, seed: int = 0, rnd: int = 1) -> tuple:
    """A game state for rule scenarios (tests): seat `first` goes first, 8 LP, nothing dealt, the
    decks in list order (deck index i = compiled copy i); numba functions of coj_* act on it. Its
    arrays are kept for the life of the process (the state holds only their addresses)."""
    g0 = _game_template(policies[0], policies[1], "cards", options, None, None)
    cards, effs, sizes, njokers = _tables(a, b)
    owned = new_state(cards, effs)
    s = state_of(owned)
    _SCENARIOS[s] = owned
    v = views(s)
    v["G"][:] = g0
    v["G"][G_FIRST], v["G"][G_ROUND], v["G"][G_TURN] = first, rnd, 2 * rnd - 1
    for sub in range(5):
        owned[3][sub] = derive_seed(seed, 0, 0, sub)
    for p in range(2):
        v["P"][p, P_N], v["P"][p, P_LP], v["P"][p, P_ORDER] = sizes[p], LP_START, 0 if p == first else 1
        v["P"][p, P_NJOKERS] = njokers[p]
        v["DK"][p, :sizes[p]] = np.arange(sizes[p])
    return s


_SCENARIOS: dict[tuple, tuple] = {}  # scenario state -> the arrays it points into


def views(s: tuple) -> dict[str, np.ndarray]:
    """Numpy views of a scenario state's parts by name (U, P, H, HL, Z, G, DQ, T, DK, C), for tests
    and debugging."""
    owned = _SCENARIOS[s]
    st, n = owned[2], owned[0].shape[1] - 2
    shapes = {"U": (OFF_U, (2, FIELD_MAX, U_NCOLS)), "P": (OFF_P, (2, P_NCOLS)), "H": (OFF_H, (2, HAND_MAX + 1)),
              "HL": (OFF_HL, (2, HAND_MAX + 1)), "Z": (OFF_Z, (2, ZONE_MAX)), "G": (OFF_G, (G_NCOLS,)),
              "DQ": (OFF_DQ, (DQ_MAX, 2)),
              "OQ": (OFF_OQ, (OQ_MAX, 2)), "T": (OFF_T, (MAX_TURNS, T_NCOLS)), "DK": (OFF_DK, (2, n)),
              "C": (OFF_DK + 2 * n, (2, n, 2))}
    return {k: st[off:off + int(np.prod(shape))].reshape(shape) for k, (off, shape) in shapes.items()}


CHUNK = 64  # games per unit of parallel work, sharing one set of state arrays (cleared between games)


@njit(nogil=True, cache=True)
def _play_batch(cards, effs, sizes, njokers, g0, seed, stream, start, n, games, turns, copies, viol, lo, hi):
    """Chunks lo..hi-1 of CHUNK games (sim.engine.threads.run_chunks gives each thread a block of chunks); a
    game's randomness comes only from new_rng(seed, stream, index, SUB_*). With g0[G_CHECK] set,
    viol[i] receives game i's violated V_* bits (else viol is a dummy)."""
    for k in range(lo, hi):
        owned = new_state(cards, effs)
        for i in range(k * CHUNK, min(n, (k + 1) * CHUNK)):
            if i > k * CHUNK:
                clear_game(owned, g0[G_DETAIL])
            run_game(owned, g0, sizes, njokers, seed, stream, start, i, games, turns, copies, viol)


@engine_jit
def run_game(owned, g0, sizes, njokers, seed, stream, start, i, games, turns, copies, viol):
    """Game i of the batch on cleared arrays from new_state (`owned`, alive for this call)."""
    s = state_of(owned)
    for sub in range(5):
        rng(s, sub)[0] = derive_seed(seed, stream, start + i, sub)
    play_game(s, g0, sizes, njokers, games[i])
    if g0[G_CHECK]:
        viol[i] = vG(s)[G_VIOL]
    if g0[G_DETAIL] >= 1:
        t = vT(s)
        for k in range(t.shape[0]):  # element copies: see remove_unit
            for col in range(t.shape[1]):
                turns[i, k, col] = t[k, col]
    if g0[G_DETAIL] >= 2:
        c = vC(s)
        for p in range(2):
            for k in range(sizes[p]):
                copies[i, p, k, 0] = c[p, k, 0]
                copies[i, p, k, 1] = c[p, k, 1]


@engine_jit
def deal_opening(s, p):
    """§6: 4 cards; each redraw returns the whole hand and deals 4 from the reshuffled 40 (kernel
    shuffle via sim.engine.opening, shared with the odds sampler); the policy decides, max_mulligans bounds."""
    P, DK, G = vP(s), vDK(s), vG(s)
    n = P[p, P_N]
    for i in range(n):
        DK[p, i] = i
    deal(rng(s, SUB_SEAT0 + p), DK[p], n, n)
    while True:
        P[p, P_HAND] = 0
        hand_changed(s, p)
        for i in range(min(HAND_START, n)):
            add_to_hand(s, p, DK[p, i], 1)
        P[p, P_TOP] = min(HAND_START, n)
        if P[p, P_MULL] >= G[O_MAX_MULL] or keep_hand(s, p):
            break
        P[p, P_MULL] += 1
        redraw(rng(s, SUB_SEAT0 + p), DK[p], n, n)
    for i in range(P[p, P_HAND]):
        record_drawn(s, p, vH(s)[p, i])


@engine_jit
def record_turn(s, p):
    P, G, T = vP(s), vG(s), vT(s)
    if G[G_DETAIL] >= 1:
        k = G[G_TURN] - 1
        T[k, T_SEAT] = p
        T[k, T_TURN] = G[G_ROUND]
        T[k, T_SPENT] = P[p, P_SPENT]
        T[k, T_PAID] = P[p, P_SPENT]  # CP is paid exactly
        T[k, T_HAND] = P[p, P_HAND]
        T[k, T_PLAYED] = P[p, P_PLAYED]
        T[k, T_DAMAGE] = P[p, P_DEALT]


@engine_jit
def check_state(s, end):
    """The V_* invariants on the current state (check mode only); ORs the violated bits into G[G_VIOL]."""
    P, G, DK, H, U, Z = vP(s), vG(s), vDK(s), vH(s), vU(s), vZ(s)
    v = 0
    for p in range(2):
        n = P[p, P_N]
        nh, nf, nz, top = P[p, P_HAND], P[p, P_FIELD], P[p, P_ZONE], P[p, P_TOP]
        if nh < 0 or nf < 0 or nz < 0 or top < 0 or top > n:
            v |= V_NEGATIVE
        if nh > HAND_MAX or nf > FIELD_MAX or nz > ZONE_MAX:
            v |= V_LIMITS
        if P[p, P_CP] < min(0, G[O_CP_FLOOR]) or P[p, P_CP] > CP_MAX:
            v |= V_CP
        if P[p, P_LP] < 0 or P[p, P_LP] > LP_CHECK_MAX or (P[p, P_LP] == 0 and not G[G_OVER]):
            v |= V_LP
        if v & (V_NEGATIVE | V_LIMITS):
            continue  # the counts cannot be trusted to walk the zones
        for j in range(nf):
            kws, bp = U[p, j, U_KWS], U[p, j, U_BP]
            unit_derive(s, p, j)
            if kws != U[p, j, U_KWS] or bp != U[p, j, U_BP]:
                v |= V_DERIVED
            U[p, j, U_KWS], U[p, j, U_BP] = kws, bp  # only read: a checked game plays as the normal one
        if P[p, P_HSCAN] == P[p, P_HVER] + 1:
            ovr, first_set, minc, evo = hand_facts(s, p)
            if (ovr != P[p, P_HOVR] or first_set != P[p, P_HSET] or minc != P[p, P_HMINC]
                    or evo != P[p, P_HEVO]):
                v |= V_DERIVED
        seen = np.zeros(n, np.int32)
        for i in range(n):  # the deck array is always a permutation of the n copies (§5 rebuild, search)
            c = DK[p, i]
            if c < 0 or c >= n or seen[c]:
                v |= V_ZONES
            else:
                seen[c] = 1
        live = np.zeros(n, np.int32)
        bad = False
        for i in range(top, n):
            c = DK[p, i]
            if 0 <= c < n:
                live[c] += 1
        for i in range(nh):
            c = H[p, i]
            if c < 0 or c >= n:
                bad = True
            else:
                live[c] += 1
        for j in range(nf):
            c = U[p, j, U_CARD]
            if c < 0 or c >= n:
                bad = True
            else:
                live[c] += 1
        for i in range(nz):
            c = Z[p, i]
            if c < 0 or c >= n:
                bad = True
            else:
                live[c] += 1
        limit = P[p, P_REBUILDS] + 1  # one instance per deck generation (see V_ZONES)
        for c in range(n):
            if live[c] > limit:
                bad = True
        if bad:
            v |= V_ZONES
    if G[G_TURN] > MAX_TURNS or G[G_ROUND] > ROUNDS:
        v |= V_END
    if end:
        if G[G_OVER]:
            if P[0, P_LP] != 0 and P[1, P_LP] != 0:
                v |= V_END
        elif G[G_ROUND] != ROUNDS or G[G_TURN] != MAX_TURNS:
            v |= V_END
    G[G_VIOL] |= v


@engine_jit
def play_game(s, g0, sizes, njokers, out):
    P, G = vP(s), vG(s)
    for k in range(G.shape[0]):  # not G[:] = g0: a slice assignment from an array compiles numba's
        G[k] = g0[k]  # string-formatting shape error, seconds of a cold start
    first = randbelow(rng(s, SUB_COIN), 2)  # §1: seats assigned at random
    G[G_FIRST] = first
    for p in range(2):
        P[p, P_N] = sizes[p]
        P[p, P_LP] = LP_START
        P[p, P_ORDER] = 0 if p == first else 1
        P[p, P_NJOKERS] = njokers[p]
    for p in range(2):
        deal_opening(s, p)
    if G[G_CHECK]:
        check_state(s, False)
    for rnd in range(1, ROUNDS + 1):
        for k in range(2):
            p = first if k == 0 else 1 - first
            G[G_ROUND] = rnd
            G[G_TURN] += 1
            turn_start(s, p)  # records T_AVAILABLE: the table CP, before turn-start effects change it
            if not G[G_OVER]:
                action_phase(s, p)
            if not G[G_OVER]:
                turn_end(s, p)
            record_turn(s, p)
            if G[G_CHECK]:
                check_state(s, False)
            if G[G_OVER]:
                break
        if G[G_OVER]:
            break
    if G[G_CHECK]:
        check_state(s, True)
    lp0, lp1 = P[0, P_LP], P[1, P_LP]
    if G[G_OVER]:
        if lp0 == 0 and lp1 == 0:
            out[G_WINNER], out[G_REASON] = DOUBLE_LOSS, END_SIMULTANEOUS
        else:
            out[G_WINNER], out[G_REASON] = (0 if lp1 == 0 else 1), END_LIFE
    else:
        # §1: after round 10 more LP wins; equal LP -> the second player
        winner = 0 if lp0 > lp1 else (1 if lp1 > lp0 else 1 - first)
        out[G_WINNER], out[G_REASON] = winner, END_ROUND_LIMIT
    out[R_FIRST] = first
    out[G_TURNS] = G[G_TURN]
    out[G_FINAL_A], out[G_FINAL_A + 1] = lp0, lp1
    out[G_MULL_A], out[G_MULL_A + 1] = P[0, P_MULL], P[1, P_MULL]


def check_results(batch: Batch) -> list[str]:
    """Output-level checks on a finished batch: the recorded end reason, winner and final LP agree
    with §1 and the turns detail stays within the limits; returns the problems found (the zone-level
    invariants after every turn are check_invariants')."""
    from sim.engine.results import END_REASONS, G_FINAL_B

    problems = []
    g = batch.games
    for i in range(g.shape[0]):
        lp = (g[i, G_FINAL_A], g[i, G_FINAL_B])
        if not (0 <= lp[0] <= 64 and 0 <= lp[1] <= 64):
            problems.append(f"game {i}: LP out of range {lp}")
        if not 1 <= g[i, G_TURNS] <= MAX_TURNS:
            problems.append(f"game {i}: {g[i, G_TURNS]} turns")
        reason = END_REASONS[g[i, G_REASON]]
        if reason == "life" and min(lp) != 0:
            problems.append(f"game {i}: ended on life with LP {lp}")
        if reason == "simultaneous" and lp != (0, 0):
            problems.append(f"game {i}: double loss with LP {lp}")
        if reason == "round_limit":
            if g[i, G_TURNS] != MAX_TURNS or min(lp) == 0:
                problems.append(f"game {i}: round limit after {g[i, G_TURNS]} turns with LP {lp}")
            second = 1 - g[i, R_FIRST]
            expect = 0 if lp[0] > lp[1] else (1 if lp[1] > lp[0] else second)
            if g[i, G_WINNER] != expect:
                problems.append(f"game {i}: round-limit winner {g[i, G_WINNER]}, expected {expect}")
    if batch.turns is not None:
        # §4: the CP a turn starts with is its round's table value (recorded before turn-start effects);
        # CP above 12 and hands above 7 at any moment are check_invariants' (V_CP, V_LIMITS)
        t = batch.turns
        for i in range(t.shape[0]):
            for k in range(t.shape[1]):
                seat, rnd = t[i, k, T_SEAT], t[i, k, T_TURN]
                if seat < 0:
                    continue
                order = 0 if seat == g[i, R_FIRST] else 1
                if not 1 <= rnd <= ROUNDS or t[i, k, T_AVAILABLE] != CP_TABLE[order, rnd - 1]:
                    problems.append(f"game {i} turn {k + 1}: CP {t[i, k, T_AVAILABLE]} at the start of round {rnd}")
    return problems
