"""FFTCG mulligan scenarios (rule 8.2.1.4: once, all five to the bottom in order, five drawn): the scripted policies'
redraw rule (PR_MULL < 0, `policy.redraw_better`) and the cards a deck's abilities ask for (`sim.games.fftcg.opening`)."""

from __future__ import annotations

from math import comb
from pathlib import Path

import numpy as np
import pytest

from sim.cards.model import Card, Deck
from sim.decks.deckfile import load_deck
from sim.games.fftcg import core as K
from sim.games.fftcg import engine as F
from sim.games.fftcg import opening as O
from sim.games.fftcg import policy as P

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "fftcg"
AVALANCHE = DATA / "decks" / "starter" / "two_player_starter__avalanche_vs_shinra_2021__avalanche_deck.toml"
CHEAP = Card(code="C", name="Cheap", type="forward", cost=2, elements=("fire",), power=5000, generic=True)
COSTLY = Card(code="X", name="Costly", type="forward", cost=6, elements=("fire",), power=9000, generic=True)


def state(cheap: int, params: int, policy: int = K.CURVE, seed: int = 0):
    """`cheap` 2-CP Forwards (copies 0..cheap-1), then 6-CP Forwards to 50 cards; PR_MULL = params for both seats."""
    deck = Deck("fftcg", "t", Path("t.toml"), {"main": [(CHEAP, cheap), (COSTLY, 50 - cheap)]})
    a, b = F.compile_matchup(deck, deck)
    S = F.new_state(a, b, policy, policy, seed=seed)
    v = F.views(S)
    v["prm"][:, K.PR_MULL] = params
    return S, v


def deal(v, p: int, copies: list[int]) -> None:
    """Put these copies in p's hand and the rest of its main deck in its deck (in its order otherwise)."""
    order = v["ls"][p, K.L_ORDER]
    v["cs"][p, K.S_ZONE, :v["ps"][p, K.P_NMAIN]] = K.Z_DECK
    rest = [c for c in order[:v["ps"][p, K.P_NMAIN]].tolist() if c not in copies]
    order[:v["ps"][p, K.P_NMAIN]] = copies + rest
    for k, c in enumerate(copies):
        v["cs"][p, K.S_ZONE, c] = K.Z_HAND
        v["ls"][p, K.L_HAND, k] = c
    v["ps"][p, K.P_HN] = len(copies)
    v["ps"][p, K.P_TOP] = len(copies)


def expected_capped(rest: int, kind: int, n: int, cap: int = 2) -> float:
    """E[min(X, cap)], X hypergeometric (n drawn from rest, kind of them of the kind), from the binomials."""
    return sum(min(x, cap) * comb(kind, x) * comb(rest - kind, n - x) / comb(rest, n) for x in range(n + 1))


def test_rule_8_2_1_4_redraw_keeps_two_early_plays_and_mulligans_one():
    # 25 of 50 cost 2: the redraw expects 1.85 of them (capped at 2) after a hand with one, 1.82 after a hand with
    # two: one is worse, two are not
    S, v = state(25, -2)
    deal(v, 0, [0, 30, 31, 32, 33])
    assert P.wants_mulligan(S, 0)
    deal(v, 0, [0, 1, 30, 31, 32])
    assert not P.wants_mulligan(S, 0)
    v["prm"][0, K.PR_MULL] = 1  # the count rule keeps a hand with one cheap character
    deal(v, 0, [0, 30, 31, 32, 33])
    assert not P.wants_mulligan(S, 0)


def test_rule_8_2_1_4_redraw_keeps_a_poor_hand_of_a_poorer_deck():
    # 3 of 50 cost 2: one in hand is better than the 0.22 the redraw expects; none is worse than 0.33
    S, v = state(3, -2)
    deal(v, 0, [0, 30, 31, 32, 33])
    assert not P.wants_mulligan(S, 0)
    deal(v, 0, [10, 30, 31, 32, 33])
    assert P.wants_mulligan(S, 0)
    for rest, kind, cap in ((45, 3, 2), (45, 2, 2), (45, 24, 2), (40, 0, 2), (45, 45, 2), (45, 44, 5), (45, 20, 3)):
        assert P.expected_capped(rest, kind, 5, cap) == pytest.approx(expected_capped(rest, kind, 5, cap))


@pytest.mark.parametrize("policy", [K.AGGRO, K.CURVE, K.CONTROL])
def test_rule_8_2_1_4_mulligan_puts_all_five_on_the_bottom_and_draws_five(policy):
    decided = set()
    for seed in range(12):
        keep, vk = state(12, 0, policy, seed)  # PR_MULL 0: never
        mull, vm = state(12, -2, policy, seed)  # up to 2 early plays count
        F.setup(keep, 0)
        F.setup(mull, 0)
        first = vk["ls"][0, K.L_ORDER, :50].copy()
        cheap = int((first[:5] < 12).sum())
        want = min(cheap, 2) < expected_capped(45, 12 - cheap, 5)
        assert vm["ps"][0, K.P_MULL] == int(want) and vk["ps"][0, K.P_MULL] == 0
        order = vm["ls"][0, K.L_ORDER, :50]
        if want:
            assert sorted(vm["ls"][0, K.L_HAND, :5].tolist()) == sorted(first[5:10].tolist())  # the next five
            assert order[45:].tolist() == first[:5].tolist()  # the first hand at the bottom, in order
            assert (vm["cs"][0, K.S_ZONE, first[:5]] == K.Z_DECK).all()
        else:
            assert sorted(vm["ls"][0, K.L_HAND, :5].tolist()) == sorted(first[:5].tolist())
        assert vm["ps"][0, K.P_HN] == 5 and (vm["cs"][0, K.S_DRAWN, vm["ls"][0, K.L_HAND, :5]] == 0).all()
        decided.add(want)
    assert decided == {True, False}  # both branches were played


@pytest.mark.skipif(not AVALANCHE.is_file(), reason="shared FFTCG data not present")
def test_card_15_139S_cloud_asks_for_job_avalanche_operatives():
    # Cloud: "When Cloud enters the field, if you control a Job AVALANCHE Operative Forward, ..."; Jessie 15-132S's
    # party of Operatives; Barret 15-133S's broken Operative: the Operatives are asked for, the Summons are not
    deck = load_deck(AVALANCHE, DATA / "cards_fftcgsim_square_api.json")
    a, _ = F.compile_matchup(deck, deck)
    asked = {a.codes[i]: int(a.cards[i, K.K_ASKED]) for i in range(a.n_main)}
    for code in ("15-131S", "15-132S", "15-133S", "15-134S"):  # Wedge, Jessie, Barret, Biggs: Operatives
        assert asked[code] & O.ASKED_COND
    for code in ("6-075R", "6-017C", "1-105C"):  # Titan, Bahamut, Evoker
        assert asked[code] == 0


@pytest.mark.skipif(not AVALANCHE.is_file(), reason="shared FFTCG data not present")
def test_rule_8_2_1_4_redraw_counts_the_cards_the_deck_asks_for():
    # a hand of five cheap characters without an Operative: kept on early plays alone, mulliganed once the
    # Operatives the deck's Cloud, Jessie and Barret ask for count too
    deck = load_deck(AVALANCHE, DATA / "cards_fftcgsim_square_api.json")
    a, b = F.compile_matchup(deck, deck)
    S = F.new_state(a, b, K.CURVE, K.CURVE)
    v = F.views(S)
    cheap = [i for i in range(a.n_main) if not a.cards[i, K.K_ASKED] and a.cards[i, K.K_TYPE] != K.SUMMON
             and a.cards[i, K.K_COST] <= 3]
    deal(v, 0, cheap[:5])
    v["prm"][0, K.PR_MULL] = -2  # up to 2 early plays count
    assert not P.wants_mulligan(S, 0)
    v["prm"][0, K.PR_MULL] = -22  # and up to 2 asked-for cards
    assert P.wants_mulligan(S, 0)
    assert np.count_nonzero(a.cards[:a.n_main, K.K_ASKED]) >= 12


@pytest.mark.skipif(not AVALANCHE.is_file(), reason="shared FFTCG data not present")
@pytest.mark.parametrize("policy", [K.AGGRO, K.CURVE, K.CONTROL])
def test_rule_8_2_1_4_default_rule_keeps_operatives_and_redraws_without_them(policy):
    # the shipped parameters (PR_MULL -31): an early play counts up to 1, asked-for cards up to 3; the Avalanche
    # redraw expects about 1 + 2.1 after three cheap Operatives (which score 1 + 3: kept) and 1 + 2.3 after five cheap
    # characters that no card asks for (1 + 0: redrawn)
    deck = load_deck(AVALANCHE, DATA / "cards_fftcgsim_square_api.json")
    a, b = F.compile_matchup(deck, deck)
    S = F.new_state(a, b, policy, policy)
    v = F.views(S)
    # aggro's and curve's -3001 also count ASKED_REF cards: the Avalanche deck has none that ASKED_COND does not mark
    assert v["prm"][0, K.PR_MULL] == F.DEFAULT_PARAMS[policy][K.PR_MULL] == (-31 if policy == K.CONTROL else -3001)
    assert not np.any(a.cards[:a.n_main, K.K_ASKED] == O.ASKED_REF)
    cheap = [i for i in range(a.n_main) if a.cards[i, K.K_TYPE] != K.SUMMON and a.cards[i, K.K_COST] <= 3]
    asked = [i for i in cheap if a.cards[i, K.K_ASKED]]
    plain = [i for i in cheap if not a.cards[i, K.K_ASKED]]
    summons = [i for i in range(a.n_main) if a.cards[i, K.K_TYPE] == K.SUMMON]
    deal(v, 0, asked[:3] + summons[:2])
    assert not P.wants_mulligan(S, 0)
    deal(v, 0, plain[:5])
    assert P.wants_mulligan(S, 0)


# -- the other printed references (ASKED_REF): searches, boosts and counts, unmodelled costs and "if you control" ---

POOL = DATA / "cards_fftcgsim_square_api.json"
needs_pool = pytest.mark.skipif(not POOL.is_file(), reason="shared FFTCG data not present")


def asked_flags(*cards: Card) -> dict[str, int]:
    """K_ASKED of each card (by code) in a deck of these cards, 3 copies each, filled to 50 with a 6-CP Forward."""
    deck = Deck("fftcg", "t", Path("t.toml"), {"main": [(c, 3) for c in cards] + [(COSTLY, 50 - 3 * len(cards))]})
    a, _ = F.compile_matchup(deck, deck)
    return {a.codes[i]: int(a.cards[i, K.K_ASKED]) for i in range(a.n_main)}


def pool(code: str) -> Card:
    from sim.decks.pools import load_pool
    return load_pool(POOL)[code]


def kin(job: str = "", category: str = "", name: str = "Kin", cost: int = 2) -> Card:
    """A vanilla Forward of that job or category."""
    return Card(code=name, name=name, type="forward", cost=cost, elements=("wind",), power=5000, job=job,
                category=category)


@needs_pool
def test_card_9_098C_reeve_search_target_is_not_asked_for():
    # "you may search for 1 Card Name Vincent or Card Name Cait Sith": the searcher stands in for its target, so
    # Vincent is not counted (counting what searches take measured worse); Prompto's "if you control" still is
    assert asked_flags(pool("9-098C"), pool("4-075H"))["4-075H"] == 0
    assert asked_flags(pool("18-134S"), pool("4-075H"), kin(name="Ignis"))["Ignis"] == O.ASKED_REF


@needs_pool
def test_card_11_042C_loz_asks_for_the_job_remnant_forwards_it_boosts():
    # "The Job Remnant Forwards other than Loz you control gain +2000 power"
    assert asked_flags(pool("11-042C"), kin("Remnant"))["Kin"] == O.ASKED_REF
    assert asked_flags(pool("11-042C"), kin("Turk"))["Kin"] == 0


@needs_pool
def test_card_3_109C_sice_asks_for_the_job_class_zero_cadets_it_counts():
    # "it loses 1000 power for each Job Class Zero Cadet Character you control"
    assert asked_flags(pool("3-109C"), kin("Class Zero Cadet"))["Kin"] == O.ASKED_REF


@needs_pool
def test_card_11_136S_cloud_asks_for_the_category_vii_forward_its_action_cost_puts_into_the_break_zone():
    # "《ダル》, put 1 Category VII Forward into the Break Zone: Search for ..." (a line the importer leaves unmodelled)
    cloud = pool("11-136S")
    assert any(line.startswith("《ダル》, put 1 Category VII") for line in cloud.unmodelled)
    assert asked_flags(cloud, kin(category="VII"))["Kin"] == O.ASKED_REF
    assert asked_flags(cloud, kin(category="X"))["Kin"] == 0


@needs_pool
def test_card_18_134S_prompto_asks_for_ignis_in_an_unmodelled_if_you_control():
    # "When Prompto attacks, if you control a Card Name Ignis and Card Name Gladiolus, draw 2 cards." (unmodelled)
    flags = asked_flags(pool("18-134S"), kin(name="Ignis"), kin(name="Gladiolus"))
    assert flags["Ignis"] == flags["Gladiolus"] == O.ASKED_REF
    assert O.printed_kinds(["When Prompto attacks, draw 2 cards."]) == set()


@needs_pool
def test_rule_8_2_1_4_redraw_counts_the_referenced_cards_with_the_thousands_digit():
    # Loz, 20 cheap vanilla Forwards and a hand of five 5-CP Remnants that only Loz's boost names: -31 sees no early
    # play (the redraw expects about 0.95) and redraws; -3001 also counts the Remnants (3, capped) and keeps them
    remnants = [kin("Remnant", name=f"R{i}", cost=5) for i in range(5)]
    deck = Deck("fftcg", "t", Path("t.toml"), {"main": [(pool("11-042C"), 3), (CHEAP, 20), (COSTLY, 22)]
                                               + [(c, 1) for c in remnants]})
    a, b = F.compile_matchup(deck, deck)
    S = F.new_state(a, b, K.CURVE, K.CURVE)
    v = F.views(S)
    deal(v, 0, [a.codes.index(f"R{i}") for i in range(5)])
    v["prm"][0, K.PR_MULL] = -31
    assert P.wants_mulligan(S, 0)
    v["prm"][0, K.PR_MULL] = -3001
    assert not P.wants_mulligan(S, 0)


@pytest.mark.skipif(not AVALANCHE.is_file(), reason="shared FFTCG data not present")
def test_rule_8_2_1_4_redraw_reads_the_main_deck_counts_recorded_once_per_matchup():
    """The main deck's counts of each kind redraw_better scores (early plays, asked for by a condition, Backups, asked
    for at all) are counted once per kernel call (deck_flags) and written by begin_game (P_MULL_KINDS), not counted
    again at each mulligan: they equal the counts over the deck, and redraw_better reads them."""
    deck = load_deck(AVALANCHE, DATA / "cards_fftcgsim_square_api.json")
    a, b = F.compile_matchup(deck, deck)
    cards, effs, nmain, ntot, pols, prms, opt, _ = F._prepare(a, b, K.CURVE, K.CURVE, None, None, None)
    main = a.cards[:a.n_main]
    kinds = [(main[:, K.K_TYPE] != K.SUMMON) & (main[:, K.K_COST] <= 3), main[:, K.K_ASKED] & 1 != 0,
             main[:, K.K_TYPE] == K.BACKUP, main[:, K.K_ASKED] != 0]
    want = sum(int(np.count_nonzero(k)) << (8 * b) for b, k in enumerate(kinds))
    flags = F.deck_flags(cards, effs, nmain, ntot)
    assert flags[0, 3] == flags[1, 3] == want
    blob = F.new_blob(cards, effs)
    S, _, _ = F.begin_game(blob, flags, nmain, ntot, pols, prms, opt, 7, 0, 0, 0)
    v = F.views(blob)
    assert v["ps"][0, K.P_MULL_KINDS] == want
    S = F.new_state(a, b, K.CURVE, K.CURVE)
    v = F.views(S)
    assert v["ps"][0, K.P_MULL_KINDS] == want
    deal(v, 0, [i for i in range(a.n_main) if main[i, K.K_TYPE] == K.SUMMON][:5])  # no early play in hand
    v["prm"][0, K.PR_MULL] = -1
    assert P.wants_mulligan(S, 0)  # some of the deck's cards are early plays
    v["ps"][0, K.P_MULL_KINDS] = want & ~255  # a deck of no early plays: nothing to redraw for
    assert not P.wants_mulligan(S, 0)
