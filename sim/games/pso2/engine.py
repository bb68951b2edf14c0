"""Phantasy Star Online 2 TCG engine (rules digest ../shared/rules/pso2.md; rule numbers are the document's).

A game: random first player (102.1), decks shuffled (102.2), 5-card hands and no mulligan (102.4),
the second player's top card face down into PP (102.5). Turns alternate (500.1): start (untap,
501.1), draw 1 (none on the first player's first turn, 502.1.1), PP (503: pitch a card, then an
optional draw), main (504: plays and attacks, each attack a battle, 506), end (505.2: damage
removed from every character, hand limit 7). The deck is the player's HP (201.3): damage mills it
(201.4), and a player whose deck reaches 0 loses, drawing the last card included (101.3); both at
once: the turn player loses (101.7, recorded as "simultaneous_turn_player_loses"). The rules have no turn limit; a
game reaching MAX_TURNS is recorded as turn_cap (a draw).

Modules: rules (state, zones, PP, damage and rows), policy (decisions), actions
(effects, plays, battle, phases), this one (interface, compiling, batch kernel, game loop),
raid (the co-op raid against a scripted Boss).

The action right passes back and forth (103.6, actions.priority): cards played and abilities activated
in the main phase, and the start phase's triggers, go onto a stack (406) and resolve after two
consecutive passes, with responses and responses to responses (103.7); Quick Actives and Quick
activated abilities are played in the opponent's turn at the battle start, participation and engagement
steps, the turn end step and in response; activated abilities,
付与 Actives and equipment (on an opposing character too, 403.2), Search, X costs, HP modifications, set values, name
and class filters, hand costs, "during your turn" abilities, equipment as the source of its abilities, the
Mag's start-of-turn abilities, zone-change triggers reading the card's old zone (300.2.2), an
unlimited field (403.3) and concession (rules.concede) are modelled. Not modelled (docs/engines/pso2.md):
windows for triggered abilities outside the start phase, the Player card's two faces.

Results: G_FINAL_A/B = the deck (HP) at the end (FINAL_MEASURE "hp"). Turns detail: T_AVAILABLE =
PP cards at the end of the turn (a paid face-down card has left), T_SPENT = T_PAID = PP turned OFF for plays, T_PLAYED = cards played, T_DAMAGE =
cards milled from the opponent by this seat's attacks and effects.
"""

from __future__ import annotations

import re

import numpy as np
from numba import njit

from sim.cards.effects import (
    COND_MY_TURN,
    E_NCOLS,
    E_OP,
    E_TARGET,
    E_TRIGGER,
    MAX_EFFECTS,
    TARGETS,
    cond_code,
    text_hash,
)
from sim.cards.model import Card, Deck
from sim.engine.compiled import K_HP, K_KW, K_NCOLS, CompiledDeck, compile_cards
from sim.engine.jit import engine_jit
from sim.engine.kernel import SUB_COIN, SUB_POLICY0, SUB_SEAT0, derive_seed, randbelow, shuffle
from sim.engine.options import option_values as shared_option_values
from sim.engine.results import (
    DRAW,
    END_CONCESSION,
    END_DECK_OUT,
    END_SIMULTANEOUS_TP_LOSES,
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
from sim.games.pso2.actions import party_turn
from sim.games.pso2.policy import NPAR, POLICY_NAMES
from sim.games.pso2.rules import (
    AMOUNT_OLD_ATK,
    CLASS_ALL,
    CLASSES,
    G_CHECK,
    G_DETAIL,
    G_FIRST,
    G_LOSER,
    G_NCOLS,
    G_NSK,
    G_OPT,
    G_OVER,
    G_PAR,
    G_POL,
    G_TURN,
    G_VIOL,
    HAND_LIMIT,
    K_CLASS,
    K_CLASSH,
    K_DEF,
    K_FOE,
    K_PIERCE,
    K_QMIN,
    K_QUICK,
    K_SLOTS,
    K_TSLOT,
    K_VALUE,
    KEYWORDS,
    KW_PIERCE,
    KW_WARCRY,
    MAX_DECK,
    MAX_TURNS,
    O_ROW_RUNNING,
    OPENING,
    OPTION_SPECS,
    OUT_CONCEDED,
    P_AVAIL,
    P_DEALT,
    P_DECK,
    P_HAND,
    P_N,
    P_NACT,
    P_NDC,
    P_NFD,
    P_NIT,
    P_NPP,
    P_NQA,
    P_NQH,
    P_NU,
    P_NWC,
    P_ORDER,
    P_OUT,
    P_PLAYED,
    P_SPENT,
    P_TURN,
    PP_CARD,
    PP_FD,
    PP_ON,
    QK_QUICK,
    QMIN_NONE,
    SK_CARD,
    SK_KIND,
    SK_SEAT,
    SKK_CARD,
    TR_ACTION,
    TR_CAST,
    U_A0,
    U_AP0,
    U_ATT,
    U_ATTP,
    U_CARD,
    U_DB,
    U_DF,
    U_HP,
    U_ROW,
    U_WPN,
    U_WPNP,
    add_unit,
    draw,
    has_action,
    new_state,
    player_row,
    put_pp,
    quick_action,
    reset_state,
    rng,
    state_of,
    unit_hp,
    vC,
    vDC,
    vDK,
    vG,
    vH,
    vIT,
    vK,
    vP,
    vPP,
    vSK,
    vT,
    vU,
)

NONNEGATIVE_INDICES = True  # sim.engine.indexing: no index here is negative (a -1 sentinel is tested first)
LOOP_VECTORIZE = False  # sim.engine.vectorize: loops of a few cards, units or PP cards, vector bodies rarely run

GAME = "pso2"
POLICIES: dict[str, int] = {name: i for i, name in enumerate(POLICY_NAMES)}
OPTIONS: dict[str, tuple[int, str]] = {name: (default, doc) for name, default, doc in OPTION_SPECS}
FINAL_MEASURE = "hp"
DETAIL_CODES = {"games": 0, "turns": 1, "cards": 2}
_NUMBERED = re.compile(r"^(pierce|defense|equip_slot)_?(\d+)$")

__all__ = ["GAME", "KEYWORDS", "POLICIES", "OPTIONS", "FINAL_MEASURE", "MAX_TURNS", "compile_matchup", "play",
           "check_invariants", "check_results", "scenario_state", "views"]

# Invariant violations (check_invariants bits, checked after setup, after every turn and at the end)
V_ZONES = 1  # a copy not in exactly one place (deck, hand, PP, field, equipment, 付与, items, discard, stack)
V_NEGATIVE = 2  # a negative count, a count above its array, or the Quick Actives in hand, the activated abilities or the Warcry characters on the field counted wrong
V_HAND = 4  # the turn player holds more than 7 cards after its refresh step (402.3.1)
V_ROWS = 8  # a character on the field with KO damage, or back-row damage the rules act on (213.3; not after a -HP, 215.3.1)
V_DAMAGE = 16  # damage left on a character after a refresh step (505.2)
V_END = 32  # a deck at 0 while the game goes on, or a game over with no deck at 0 (101.3)
V_PP = 64  # more than one face-down PP card, one that is OFF (404.5), or the ON or face-down count kept wrong


def card_value(card: Card) -> int:
    """The scripted policies' static value of a card (what to pitch into PP and discard last)."""
    if card.type == "character":
        return 2 * card.power + card.hp + 2 * len(card.keywords) + len(card.effects) * 2
    if card.type == "item":
        return 2 * card.power + 3 + len(card.effects) * 2
    return 2 * card.cost + 2 + len(card.effects)


def quick_profile(card: Card) -> int:
    """K_QUICK of a card: for an Active without 【Main】 or 付与 (a Quick Active, 103.7.1.1.1), QK_QUICK and
    the amounts of its cast effects the opponent's-turn windows look at; 0 for any other card. An X card
    (209.3) is played in the own main phase only, where the policy chooses X: 0 here."""
    if card.type != "active" or {"main", "attach", "x_cost"} & card.keywords:
        return 0
    amount = {(e.op, e.target): min(e.amount, 255) for e in reversed(card.effects) if e.trigger == "cast"}
    heal = max((min(e.amount, 255) for e in card.effects if e.trigger == "cast" and e.op == "heal"), default=0)
    return (QK_QUICK | amount.get(("damage", "opp_character"), 0) | amount.get(("damage", "all_opp_characters"), 0) << 8
            | heal << 16)


def attaches_to_foe(card: Card) -> bool:
    """A 付与 Active whose static abilities aim at an opposing character goes on one (403.2)."""
    return "attach" in card.keywords and any(e.trigger == "static" and e.target == "opp_character"
                                             for e in card.effects)


def goes_on_foe(card: Card) -> bool:
    """K_FOE: the card goes on an opposing card, placed on that player's field (403.2): a 付与 Active aimed
    at an opposing character, or a weapon or armour whose card says so (keyword equip_foe)."""
    return attaches_to_foe(card) or "equip_foe" in card.keywords


def target_slots(effects: np.ndarray) -> np.ndarray:
    """K_TSLOT of each card row of a compiled effects table: 1 + the slot of its first cast ability aimed at a
    character (bits 0-3), of its first activated one aimed at a character (bits 4-7) and of its first
    activated ability of any kind (bits 8-11, where that ability's cost is written), 0 for none."""
    aimed = (effects[:, :, E_OP] != 0) & np.isin(effects[:, :, E_TARGET],
                                                  (TARGETS.index("opp_character"), TARGETS.index("own_character")))
    out = np.zeros(len(effects), np.int32)
    action = effects[:, :, E_TRIGGER] == TR_ACTION
    for shift, hit in ((0, aimed & (effects[:, :, E_TRIGGER] == TR_CAST)), (4, aimed & action), (8, action)):
        out |= (np.where(hit.any(axis=1), hit.argmax(axis=1) + 1, 0) << shift).astype(np.int32)
    return out


def _pso2_columns(table: np.ndarray, cards: list[Card]) -> None:
    for i, card in enumerate(cards):
        numbers = {m.group(1): int(m.group(2)) for k in card.keywords if (m := _NUMBERED.match(k))}
        table[i, K_DEF] = numbers.get("defense", card.hp if "armor" in card.keywords else 0)
        table[i, K_SLOTS] = numbers.get("equip_slot", 1)
        table[i, K_PIERCE] = numbers.get("pierce", 0)
        if "pierce" in numbers:
            table[i, K_KW] |= KW_PIERCE
        table[i, K_CLASS] = CLASS_ALL if card.cls == "all" else (1 << CLASSES.index(card.cls) if card.cls in CLASSES
                                                                 else 0)
        table[i, K_VALUE] = card_value(card)
        table[i, K_QUICK] = quick_profile(card)
        # 208.1.2.1: an "ALL" card is no class's card for effects that refer to a class
        table[i, K_CLASSH] = text_hash(card.cls) if card.cls in CLASSES else 0
        table[i, K_FOE] = int(goes_on_foe(card))
        if card.type == "item" and "armor" in card.keywords:
            table[i, K_HP] = 0  # an armour's printed number is its defense, not HP


def check_abilities(deck: Deck, cards: list[Card]) -> None:
    """Refuse abilities the engine cannot play as written: an activated ability (300.3, "cost ⇒ effect")
    needs a cost, ① PP (the effect's cost) or 【ON⇒OFF】 (its dull flag, 209.1.3.1), and a card on the
    field as a unit to carry it (a character, the Player card or a 付与 Active); a static ability
    changes ATK only (a 付与 Active's +X, 204.2.2)."""
    for card in cards:
        for e in card.effects:
            if e.trigger == "action" and e.cost <= 0 and not e.dull:
                raise InputError(deck.path, f"{card.code}: an activated ability needs a cost, ① PP or 【ON⇒OFF】 "
                                            "(300.3, 209.1.3): write trigger:op:amount:target:param:COST:dull")
            if e.trigger == "action" and not (card.type in ("character", "player") or "attach" in card.keywords):
                raise InputError(deck.path, f"{card.code}: activated abilities are played on characters, the "
                                            f"Player card and 付与 Actives, not on a {card.type} card")
            if e.amount == -1 and "x_cost" not in card.keywords:
                raise InputError(deck.path, f"{card.code}: an effect amount of -1 is X (209.3); the card needs the "
                                            "keyword x_cost")
            if e.amount == AMOUNT_OLD_ATK and e.trigger != "leave":
                raise InputError(deck.path, f"{card.code}: an effect amount of -2 is the ATK the card had on the field "
                                            "as it left (a zone-change trigger, 300.2.2): a leave ability only")
            if e.amount < AMOUNT_OLD_ATK:
                raise InputError(deck.path, f"{card.code}: an effect amount is a number of 0 or more (103.5.1), -1 "
                                            "(X, 209.3) or -2 (the ATK on leaving the field, 300.2.2)")
            if e.trigger == "static" and (e.op not in ("pump", "weaken") or e.param != 0):
                raise InputError(deck.path, f"{card.code}: a static ability changes ATK only (+X or -X, 204.2.2); "
                                            "an HP change (param) or another op is played by enter/cast/action "
                                            "abilities")
            if e.cond and (e.cond != cond_code(COND_MY_TURN) or e.trigger != "static"):
                raise InputError(deck.path, f"{card.code}: the only condition is my_turn, on a static ability "
                                            "(\"during your turn\", 501.1.3)")
            if e.xcost and e.trigger != "action":
                raise InputError(deck.path, f"{card.code}: a discard or return cost belongs to an activated "
                                            "ability (209.1.3.1, 209.1.3.1.1)")
            if e.thash and e.target not in ("opp_character", "own_character"):
                raise InputError(deck.path, f"{card.code}: a name or class filter (206.2, 208.1.2.1) needs an "
                                            "opp_character or own_character target")
        if "equip_foe" in card.keywords and (card.type != "item" or not {"weapon", "armor"} & card.keywords
                                             or any(e.trigger != "enter" or e.target != "self" for e in card.effects)):
            raise InputError(deck.path, f"{card.code}: equip_foe is a weapon or armour Item equipped on an opposing "
                                        "character (403.2); its abilities are 【登場時】 (enter) ones on the equipped "
                                        "card (target self, 205.4.7)")
        if attaches_to_foe(card) and any(e.trigger == "action" or e.cond or e.target == "own_character" for e in card.effects):
            raise InputError(deck.path, f"{card.code}: a 付与 Active on an opposing character (403.2) has static "
                                        "abilities on its host only, with no activated ability or my_turn "
                                        "condition")


def compile_deck(deck: Deck, name_ids: dict[str, int]) -> CompiledDeck:
    """The main deck's copies, then the Player card and the Mag card as the last two rows."""
    for zone, kind in (("player", "player"), ("mag", "mag")):
        cards = [c for c, k in deck.zone(zone) for _ in range(k)]
        if len(cards) > 1 or (zone == "player" and len(cards) != 1) or any(c.type != kind for c in cards):
            raise InputError(deck.path, "a PSO2 deck needs exactly 1 Player card and at most 1 Mag (100.1)")
    main = deck.main_cards()
    if len(main) > MAX_DECK:
        raise InputError(deck.path, f"the deck has {len(main)} cards; the engine plays decks of up to {MAX_DECK}, "
                                    "so that every copy fits on the field at once (403.3: no limit) in its "
                                    "8-bit field positions")
    extra = [deck.zone("player")[0][0]] + [c for c, _ in deck.zone("mag")][:1]
    check_abilities(deck, main + extra)
    if len(extra) == 1:
        extra.append(Card("-", "no Mag", "mag"))
    compiled = compile_cards(deck.game, deck.name, main + extra, KEYWORDS, name_ids)
    _pso2_columns(compiled.cards, main + extra)
    compiled.cards[:, K_TSLOT] = target_slots(compiled.effects)
    compiled.cards[len(main), K_QMIN] = min((c.cost for c in main if quick_profile(c)), default=QMIN_NONE)
    return compiled


def compile_matchup(deck_a: Deck, deck_b: Deck) -> tuple[CompiledDeck, CompiledDeck]:
    """Both decks as int32 tables (n main rows + the Player card + the Mag); `len()` is the main deck."""
    out = []
    name_ids: dict[str, int] = {}
    for deck in (deck_a, deck_b):
        if deck.game != GAME:
            raise InputError(deck.path, f"a {deck.game} deck cannot play PSO2")
        if deck.size <= OPENING:
            raise InputError(deck.path, f"the deck has {deck.size} cards; a game needs more than the {OPENING}-card hand")
        out.append(_Pso2Deck.of(compile_deck(deck, name_ids)))
    return out[0], out[1]


class _Pso2Deck(CompiledDeck):
    """A compiled deck whose len() is the main deck (the last two rows are the Player card and Mag)."""

    @classmethod
    def of(cls, d: CompiledDeck) -> _Pso2Deck:
        return cls(d.game, d.name, d.cards, d.effects, d.codes[:-2], d.names[:-2])

    def __len__(self) -> int:
        return self.cards.shape[0] - 2


def option_values(options: dict[str, int] | None) -> np.ndarray:
    return shared_option_values(GAME, OPTION_SPECS, options)


def tables(decks: list[CompiledDeck]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seat-indexed card and effect tables, each deck padded to the longest; Player and Mag rows last."""
    nmax = max(len(d) for d in decks)
    ns = len(decks)
    cards = np.zeros((ns, nmax + 2, K_NCOLS), np.int32)
    effs = np.zeros((ns, nmax + 2, MAX_EFFECTS, E_NCOLS), np.int32)
    sizes = np.zeros(ns, np.int32)
    for seat, d in enumerate(decks):
        k = len(d)
        cards[seat, :k], effs[seat, :k] = d.cards[:k], d.effects[:k]
        cards[seat, nmax:nmax + 2], effs[seat, nmax:nmax + 2] = d.cards[k:k + 2], d.effects[k:k + 2]
        sizes[seat] = k
    return cards, effs, sizes


def game_template(policies: list[int], detail: str, options: dict[str, int] | None,
                  params: list[np.ndarray | None]) -> np.ndarray:
    if detail not in DETAIL_CODES:
        raise InputError("detail", f"unknown detail {detail!r} (one of: {', '.join(DETAIL_CODES)})")
    g0 = np.zeros(G_NCOLS, np.int32)
    opts = option_values(options)
    g0[G_OPT:G_OPT + opts.size] = opts
    for seat, pol in enumerate(policies):
        if pol not in POLICIES.values():
            raise InputError("policy", f"unknown pso2 policy id {pol}")
        g0[G_POL + seat] = pol
        par = np.full(NPAR, -1, np.int32)
        if params[seat] is not None:
            v = np.asarray(params[seat]).reshape(-1)[:NPAR]
            par[:v.size] = v
        g0[G_PAR + seat * NPAR:G_PAR + (seat + 1) * NPAR] = par
    g0[G_DETAIL] = DETAIL_CODES[detail]
    return g0


def play(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int, stream: int,
         start: int, n: int, detail: str = "games", options: dict[str, int] | None = None,
         params_a: np.ndarray | None = None, params_b: np.ndarray | None = None) -> Batch:
    """Games start..start+n-1 of (seed, stream); deck A is seat 0, deck B seat 1."""
    g0 = game_template([policy_a, policy_b], detail, options, [params_a, params_b])
    cards, effs, sizes = tables([a, b])
    nmax = cards.shape[1] - 2
    batch = new_batch(n, detail, MAX_TURNS, nmax)
    turns = batch.turns if batch.turns is not None else np.full((1, MAX_TURNS, T_NCOLS), -1, np.int32)
    copies = batch.cards if batch.cards is not None else np.full((1, 2, nmax, 2), -1, np.int16)
    run_chunks(_play_batch, -(-n // CHUNK), cards, effs, sizes, g0, np.int64(seed), np.int64(stream),
               np.int64(start), n, batch.games, turns, copies, np.zeros(1, np.int64))
    return batch


def check_invariants(a: CompiledDeck, b: CompiledDeck, policy_a: int, policy_b: int, *, seed: int,
                     stream: int = 0, start: int = 0, n: int, options: dict[str, int] | None = None) -> np.ndarray:
    """The same games as `play` with the V_* checks after setup, every turn and the end; a bitmask per game."""
    g0 = game_template([policy_a, policy_b], "games", options, [None, None])
    g0[G_CHECK] = 1
    cards, effs, sizes = tables([a, b])
    games = new_batch(n, "games", MAX_TURNS, cards.shape[1] - 2).games
    viol = np.zeros(max(n, 1), np.int64)
    run_chunks(_play_batch, -(-n // CHUNK), cards, effs, sizes, g0, np.int64(seed), np.int64(stream),
               np.int64(start), n, games, np.full((1, MAX_TURNS, T_NCOLS), -1, np.int32),
               np.full((1, 2, cards.shape[1] - 2, 2), -1, np.int16), viol)
    return viol[:n]


_SCENARIOS: dict[tuple, tuple] = {}  # scenario state -> the arrays it points into


def scenario_state(decks: list[CompiledDeck], *, first: int = 0, policies: tuple[int, ...] = (2, 2),
                   options: dict[str, int] | None = None, seed: int = 0) -> tuple:
    """A state for rule scenarios (tests): seat `first` goes first, nothing dealt, each deck in list order
    with its last copy on top (deck index i = compiled copy i), the Player cards on the field. Its arrays
    live for the process (the state holds only their addresses)."""
    g0 = game_template(list(policies), "cards", options, [None] * len(policies))
    cards, effs, sizes = tables(decks)
    owned = new_state(cards, effs)
    s = state_of(owned)
    _SCENARIOS[s] = owned
    G = vG(s)
    G[:] = g0
    G[G_FIRST] = first
    for k in range(owned[3].size):
        owned[3][k] = derive_seed(seed, 0, 0, k)
    setup_seats(s, sizes, first)
    for p in range(len(decks)):
        vDK(s)[p, :sizes[p]] = np.arange(sizes[p])
        vP(s)[p, P_DECK] = sizes[p]
    return s


def views(s: tuple) -> dict[str, np.ndarray]:
    """Numpy views of a scenario state by name, for tests."""
    return {"U": vU(s), "P": vP(s), "H": vH(s), "PP": vPP(s), "IT": vIT(s), "G": vG(s), "DK": vDK(s),
            "DC": vDC(s), "T": vT(s), "C": vC(s)}


CHUNK = 64  # games per unit of parallel work, sharing one set of state arrays


@njit(nogil=True, cache=True)
def _play_batch(cards, effs, sizes, g0, seed, stream, start, n, games, turns, copies, viol, lo, hi):
    """Chunks lo..hi-1 of CHUNK games; a game's randomness comes only from (seed, stream, index)."""
    for k in range(lo, hi):
        owned = new_state(cards, effs)
        for i in range(k * CHUNK, min(n, (k + 1) * CHUNK)):
            if i > k * CHUNK:
                reset_state(owned, g0[G_DETAIL])
            run_game(owned, g0, sizes, seed, stream, start, i, games, turns, copies, viol)


@engine_jit
def seed_streams(s, seed, stream, index):
    """RNG sub-streams: seats' shuffles and policies (the kernel's SUB_* ids for seats 0 and 1), the coin."""
    ns = s[5]
    for p in range(ns):
        rng(s, p)[0] = derive_seed(seed, stream, index, SUB_SEAT0 + p if p < 2 else 16 + p)
        rng(s, ns + p)[0] = derive_seed(seed, stream, index, SUB_POLICY0 + p if p < 2 else 32 + p)
    rng(s, 2 * ns)[0] = derive_seed(seed, stream, index, SUB_COIN)


@engine_jit
def run_game(owned, g0, sizes, seed, stream, start, i, games, turns, copies, viol):
    s = state_of(owned)
    seed_streams(s, seed, stream, start + i)
    play_game(s, g0, sizes, games[i])
    if g0[G_CHECK]:
        viol[i] = vG(s)[G_VIOL]
    if g0[G_DETAIL] >= 1:
        T = vT(s)
        for r in range(MAX_TURNS):
            for col in range(T_NCOLS):
                turns[i, r, col] = T[r, col]
    if g0[G_DETAIL] >= 2:
        c = vC(s)
        for p in range(2):
            for k in range(sizes[p]):
                copies[i, p, k, 0] = c[p, k, 0]
                copies[i, p, k, 1] = c[p, k, 1]


@engine_jit
def setup_seats(s, sizes, first):
    """Per seat: its size, turn order and the Player card as unit 0 (201.2), ON."""
    P = vP(s)
    for p in range(s[5]):
        P[p, P_N] = sizes[p]
        P[p, P_ORDER] = 0 if p == first else 1
        add_unit(s, p, player_row(s), 1)


@engine_jit
def deal_seat(s, p, face_down):
    """102.2: shuffle; 102.4: draw 5; 102.5: the second player's top card face down into PP."""
    P, DK = vP(s), vDK(s)
    n = P[p, P_N]
    for k in range(n):
        DK[p, k] = k
    shuffle(rng(s, p), DK[p], n)
    P[p, P_DECK] = n
    draw(s, p, OPENING)
    if face_down and P[p, P_DECK] > 0:
        P[p, P_DECK] -= 1
        put_pp(s, p, DK[p, P[p, P_DECK]], 1, 1)


@engine_jit
def play_game(s, g0, sizes, out):
    P, G, T = vP(s), vG(s), vT(s)
    for k in range(G.shape[0]):  # an element loop, not G[:] = g0 (see sim.engine.jit on slice assignment)
        G[k] = g0[k]
    first = randbelow(rng(s, 2 * s[5]), 2)  # 102.1: random
    G[G_FIRST] = first
    setup_seats(s, sizes, first)
    for p in range(2):
        deal_seat(s, p, p != first)
    if G[G_CHECK]:
        check_state(s, -1)
    for g in range(1, MAX_TURNS + 1):
        p = first if g % 2 == 1 else 1 - first
        G[G_TURN] = g
        P[p, P_SPENT], P[p, P_PLAYED], P[p, P_DEALT] = 0, 0, 0
        party_turn(s, p, 0 if g == 1 else 1)  # 502.1.1: the first player skips its first draw
        if G[G_DETAIL] >= 1:
            T[g - 1, T_SEAT], T[g - 1, T_TURN] = p, P[p, P_TURN]
            T[g - 1, T_AVAILABLE], T[g - 1, T_SPENT] = P[p, P_NPP], P[p, P_SPENT]
            T[g - 1, T_PAID] = P[p, P_SPENT]  # PP pays costs exactly
            T[g - 1, T_HAND], T[g - 1, T_PLAYED], T[g - 1, T_DAMAGE] = P[p, P_HAND], P[p, P_PLAYED], P[p, P_DEALT]
        if G[G_CHECK]:
            check_state(s, p)
        if G[G_OVER]:
            break
    out[R_FIRST] = first
    out[G_TURNS] = G[G_TURN]
    out[G_FINAL_A], out[G_FINAL_A + 1] = P[0, P_DECK], P[1, P_DECK]
    out[G_MULL_A], out[G_MULL_A + 1] = 0, 0
    game_outcome(s, out)


@engine_jit
def game_outcome(s, out):
    """The winner and end reason into a games row: the turn cap (a draw), 101.7 (both decks at 0, the turn
    player loses), a concession (101.6) or a deck-out (101.3)."""
    P, G = vP(s), vG(s)
    if not G[G_OVER]:
        out[G_WINNER], out[G_REASON] = DRAW, END_TURN_CAP
        return
    out[G_WINNER] = 1 - G[G_LOSER]
    out_code = P[G[G_LOSER], P_OUT]
    out[G_REASON] = (END_SIMULTANEOUS_TP_LOSES if out_code == 2 else END_CONCESSION if out_code == OUT_CONCEDED
                     else END_DECK_OUT)


@engine_jit
def check_state(s, tp):
    """The V_* invariants (check mode); ORs violated bits into G[G_VIOL]. `tp` = the seat whose turn
    just ended (-1 after setup)."""
    P, G = vP(s), vG(s)
    v = check_seat(s, 0, tp) | check_seat(s, 1, tp)
    zero = P[0, P_DECK] == 0 or P[1, P_DECK] == 0 or P[G[G_LOSER], P_OUT] == OUT_CONCEDED
    if zero != (G[G_OVER] == 1):
        v |= V_END
    G[G_VIOL] |= v


@engine_jit
def check_seat(s, p, tp):
    """Seat p's invariants: every copy in exactly one place, counts in range, rows and damage (213.3,
    505.2), the face-down PP (404.5), the hand limit after the own refresh step (402.3.1)."""
    P, G, U, DK, H, PP, IT, DC = vP(s), vG(s), vU(s), vDK(s), vH(s), vPP(s), vIT(s), vDC(s)
    v = 0
    n = P[p, P_N]
    if min(P[p, P_DECK], P[p, P_HAND], P[p, P_NPP], P[p, P_NIT], P[p, P_NDC]) < 0 or P[p, P_NU] < 1 \
            or P[p, P_DECK] > n or P[p, P_NDC] > n:
        return V_NEGATIVE
    seen = np.zeros(n, np.int32)
    for i in range(P[p, P_DECK]):
        seen_add(seen, DK[p, i])
    quick = 0
    for i in range(P[p, P_HAND]):
        seen_add(seen, H[p, i])
        if 0 <= H[p, i] < n and vK(s)[p, H[p, i], K_QUICK]:
            quick += 1
    if quick != P[p, P_NQH]:
        v |= V_NEGATIVE
    act, qa = 0, 0
    for j in range(P[p, P_NU]):
        act += has_action(s, p, U[p, j, U_CARD])
        qa += quick_action(s, p, U[p, j, U_CARD])
        if U[p, j, U_ATT] >= 0 and U[p, j, U_ATTP] == p:
            act += has_action(s, p, U[p, j, U_ATT])
            qa += quick_action(s, p, U[p, j, U_ATT])
    if act != P[p, P_NACT] or qa != P[p, P_NQA]:
        v |= V_NEGATIVE
    wc = 0
    for j in range(1, P[p, P_NU]):
        wc += 1 if vK(s)[p, U[p, j, U_CARD], K_KW] & KW_WARCRY else 0
    if wc != P[p, P_NWC]:
        v |= V_NEGATIVE
    fd, on = 0, 0
    for i in range(P[p, P_NPP]):
        seen_add(seen, PP[p, i, PP_CARD])
        on += PP[p, i, PP_ON]
        if PP[p, i, PP_FD]:
            fd += 1
            if not PP[p, i, PP_ON]:
                v |= V_PP
    if fd > 1 or fd != P[p, P_NFD] or on != P[p, P_AVAIL]:
        v |= V_PP
    for j in range(P[p, P_NU]):
        if j > 0:
            seen_add(seen, U[p, j, U_CARD])
            hp = unit_hp(s, p, j)
            # a max HP lowered after the damage (215.3.1) does not redo the back-row check (digest §3.3)
            if U[p, j, U_DF] + U[p, j, U_DB] >= hp or (U[p, j, U_ROW] == 1 and 2 * U[p, j, U_DB] >= hp
                                                        and G[O_ROW_RUNNING] and U[p, j, U_HP] >= 0):
                v |= V_ROWS
            if tp >= 0 and U[p, j, U_DF] + U[p, j, U_DB] > 0 and not G[G_OVER]:
                v |= V_DAMAGE
    for r in range(s[5]):  # equipment and 付与 Actives, on any seat's cards (403.2), counted for their owner
        for j in range(P[r, P_NU]):
            if U[r, j, U_WPN] >= 0 and U[r, j, U_WPNP] == p:
                seen_add(seen, U[r, j, U_WPN])
            for a in range(3):
                if U[r, j, U_A0 + a] >= 0 and U[r, j, U_AP0 + a] == p:
                    seen_add(seen, U[r, j, U_A0 + a])
            if j > 0 and U[r, j, U_ATT] >= 0 and U[r, j, U_ATTP] == p:
                seen_add(seen, U[r, j, U_ATT])
    for i in range(P[p, P_NIT]):
        seen_add(seen, IT[p, i])
    SK = vSK(s)
    for k in range(G[G_NSK]):  # a card on the stack: only when the game ended before it resolved (101.4)
        if SK[k, SK_SEAT] == p and SK[k, SK_KIND] == SKK_CARD:
            seen_add(seen, SK[k, SK_CARD])
    for i in range(P[p, P_NDC]):
        seen_add(seen, DC[p, i])
    for c in range(n):
        if seen[c] != 1:
            v |= V_ZONES
    if p == tp and not G[G_OVER] and P[p, P_HAND] > HAND_LIMIT:
        v |= V_HAND
    return v


@njit(cache=True, inline="always")
def seen_add(seen, c):
    if 0 <= c < seen.shape[0]:
        seen[c] += 1
    else:
        seen[0] += 2  # a bad copy id: forces V_ZONES


def check_results(batch: Batch) -> list[str]:
    """Output-level checks: an HP of 0 for the loser of a deck-out, a turn count within the cap."""
    from sim.engine.results import END_REASONS, G_FINAL_B

    problems = []
    g = batch.games
    for i in range(g.shape[0]):
        hp = (int(g[i, G_FINAL_A]), int(g[i, G_FINAL_B]))
        reason = END_REASONS[g[i, G_REASON]]
        if not 1 <= g[i, G_TURNS] <= MAX_TURNS:
            problems.append(f"game {i}: {g[i, G_TURNS]} turns")
        if reason == "deck_out" and hp[1 - int(g[i, G_WINNER])] != 0:
            problems.append(f"game {i}: deck-out loser has HP {hp}")
        if reason == "concession" and min(hp) == 0:
            problems.append(f"game {i}: a concession with HP {hp}")
        if reason == "simultaneous_turn_player_loses" and hp != (0, 0):
            problems.append(f"game {i}: simultaneous end with HP {hp}")
        if reason == "turn_cap" and (g[i, G_TURNS] != MAX_TURNS or min(hp) == 0):
            problems.append(f"game {i}: turn cap after {g[i, G_TURNS]} turns with HP {hp}")
    return problems
