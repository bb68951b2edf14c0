"""One test per deck construction rule, named after the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.cards.model import Card, Deck
from sim.decks.validate import fftcg_card_number, validate_deck

ROOT = Path(__file__).resolve().parent.parent


def card(code: str, type_: str, **kw) -> Card:
    return Card(code=code, name=kw.pop("name", code), type=type_, **kw)


def deck(game: str, main: list[tuple[Card, int]], **zones) -> Deck:
    d = Deck(game=game, name="t", path=Path("t.toml"), zones={"main": main, **zones})
    d.rules["format"] = zones.pop("format", "constructed") if "format" in zones else "constructed"
    return d


def fillers(game: str, type_: str, total: int, per: int = 3, prefix: str = "X", **kw) -> list[tuple[Card, int]]:
    out, i = [], 0
    while total > 0:
        n = min(per, total)
        out.append((card(f"{prefix}-{i:03d}", type_, **kw), n))
        total -= n
        i += 1
    return out


def rules_of(d: Deck) -> list[str]:
    return [v.rule for v in validate_deck(d)]


# ---- FFTCG
def test_fftcg_8_1_1_1_constructed_deck_is_exactly_50():
    assert rules_of(deck("fftcg", fillers("fftcg", "forward", 50))) == []
    assert "FFTCG 8.1.1.1" in rules_of(deck("fftcg", fillers("fftcg", "forward", 49)))
    assert "FFTCG 8.1.1.1" in rules_of(deck("fftcg", fillers("fftcg", "forward", 51)))


def test_fftcg_8_1_1_1_limited_deck_is_40_or_more_with_no_copy_limit():
    d = deck("fftcg", fillers("fftcg", "forward", 45, per=9))
    d.rules["format"] = "limited"
    assert rules_of(d) == []
    d2 = deck("fftcg", fillers("fftcg", "forward", 39))
    d2.rules["format"] = "limited"
    assert rules_of(d2) == ["FFTCG 8.1.1.1"]


def test_fftcg_8_1_1_2_three_copies_per_card_number_counting_reprints():
    main = fillers("fftcg", "forward", 46) + [(card("1-011C", "forward"), 2), (card("6-006C/1-011C", "forward"), 2)]
    assert fftcg_card_number("6-006C/1-011C") == "1-011"
    violations = validate_deck(deck("fftcg", main))
    assert [(v.rule, v.card) for v in violations] == [("FFTCG 8.1.1.2", "1-011")]


def test_fftcg_8_1_3_lb_cards_not_in_main_deck_and_lb_deck_only_lb_cards():
    main = fillers("fftcg", "forward", 49) + [(card("LB-1", "forward", lb_cost=2), 1)]
    assert "FFTCG 8.1.3" in rules_of(deck("fftcg", main))
    d = deck("fftcg", fillers("fftcg", "forward", 50), lb=[(card("NL-1", "summon"), 1)])
    assert rules_of(d) == ["FFTCG 8.1.3"]


def test_fftcg_8_1_1_1_lb_deck_holds_at_most_8():
    lb = [(card(f"LB-{i}", "summon", lb_cost=1), 3) for i in range(3)]
    assert rules_of(deck("fftcg", fillers("fftcg", "forward", 50), lb=lb)) == ["FFTCG 8.1.1.1"]


# ---- GBF
def gbf_leaders(*specs) -> list[tuple[Card, int]]:
    return [(card(f"L-{i}", "leader", rank=r, gender=g), 1) for i, (r, g) in enumerate(specs)]


def test_gbf_5_1_2_leader_deck_holds_at_most_5():
    d = deck("gbf", fillers("gbf", "member", 50, per=4), leader=gbf_leaders(*[(0, "female")] * 6))
    assert "GBF 5-1-2" in rules_of(d)


def test_gbf_5_1_2_1_four_copies_per_number_in_leader_deck():
    d = deck("gbf", fillers("gbf", "member", 50, per=4), leader=[(card("L-0", "leader", rank=0, gender="male"), 5)])
    assert "GBF 5-1-2-1" in rules_of(d)


def test_gbf_5_1_2_2_one_gender():
    d = deck("gbf", fillers("gbf", "member", 50, per=4), leader=gbf_leaders((0, "female"), (1, "male")))
    assert rules_of(d) == ["GBF 5-1-2-2"]


def test_gbf_5_1_2_3_needs_a_rank_zero_leader():
    d = deck("gbf", fillers("gbf", "member", 50, per=4), leader=gbf_leaders((1, "female")))
    assert rules_of(d) == ["GBF 5-1-2-3"]


def test_gbf_5_1_3_main_deck_is_exactly_50_and_5_1_3_1_four_per_number():
    ok = deck("gbf", fillers("gbf", "member", 50, per=4), leader=gbf_leaders((0, "female")))
    assert rules_of(ok) == []
    assert rules_of(deck("gbf", fillers("gbf", "member", 48, per=4), leader=gbf_leaders((0, "female")))) == ["GBF 5-1-3"]
    five = deck("gbf", fillers("gbf", "member", 50, per=5), leader=gbf_leaders((0, "female")))
    assert set(rules_of(five)) == {"GBF 5-1-3-1"}


def test_gbf_5_1_3_2_at_most_8_summon_stones():
    main = fillers("gbf", "member", 41, per=4) + fillers("gbf", "summon_stone", 9, per=3, prefix="S")
    assert rules_of(deck("gbf", main, leader=gbf_leaders((0, "male")))) == ["GBF 5-1-3-2"]


# ---- PSO2
def pso2_player(color="red", cls="hunter", size=50) -> list[tuple[Card, int]]:
    return [(card("P", "player", elements=(color,), cls=cls, deck_size=size), 1)]


def pso2_chars(total: int, **kw) -> list[tuple[Card, int]]:
    return fillers("pso2", "character", total, elements=("red",), **kw)


def test_pso2_100_1_exactly_one_player_card_and_one_mag():
    assert rules_of(deck("pso2", pso2_chars(50), player=pso2_player())) == []
    assert "PSO2 100.1" in rules_of(deck("pso2", pso2_chars(50)))
    two_mags = deck("pso2", pso2_chars(50), player=pso2_player(), mag=[(card("M", "mag"), 2)])
    assert rules_of(two_mags) == ["PSO2 100.1"]


def test_pso2_100_1_1_black_player_uses_no_mag():
    d = deck("pso2", fillers("pso2", "character", 50, elements=("black",)), player=pso2_player("black"),
             mag=[(card("M", "mag"), 1)])
    assert rules_of(d) == ["PSO2 100.1.1"]


def test_pso2_100_2_deck_size_is_set_by_the_player_card():
    assert rules_of(deck("pso2", pso2_chars(48), player=pso2_player(size=48))) == []
    assert rules_of(deck("pso2", pso2_chars(50), player=pso2_player(size=48))) == ["PSO2 100.2"]


def test_pso2_100_3_three_per_name_and_title_and_302_11_proliferate_allows_nine():
    main = pso2_chars(46) + [(card("Z1", "character", name="Zeno", elements=("red",)), 2),
                             (card("Z2", "character", name="Zeno", title="Veteran", elements=("red",)), 2)]
    assert rules_of(deck("pso2", main, player=pso2_player())) == []
    four = pso2_chars(46) + [(card("Z1", "character", name="Zeno", elements=("red",)), 4)]
    assert rules_of(deck("pso2", four, player=pso2_player())) == ["PSO2 100.3"]
    prolif = pso2_chars(41) + [(card("Q", "character", elements=("red",), keywords=frozenset({"proliferate"})), 9)]
    assert rules_of(deck("pso2", prolif, player=pso2_player())) == []


def test_pso2_100_4_and_100_5_actives_and_items_match_the_player_class():
    main = pso2_chars(47) + [(card("A", "active", cls="force", elements=("red",)), 1),
                             (card("I", "item", cls="force", elements=("red",)), 1),
                             (card("C", "character", cls="force", elements=("red",)), 1)]
    assert rules_of(deck("pso2", main, player=pso2_player())) == ["PSO2 100.4", "PSO2 100.5"]
    fine = pso2_chars(49) + [(card("A", "active", cls="all", elements=("red",)), 1)]
    assert rules_of(deck("pso2", fine, player=pso2_player())) == []


def test_pso2_100_6_at_most_nine_drop_cards():
    main = pso2_chars(40) + fillers("pso2", "active", 10, prefix="D", cls="hunter", elements=("red",),
                                    keywords=frozenset({"drop"}))
    assert rules_of(deck("pso2", main, player=pso2_player())) == ["PSO2 100.6"]


def test_pso2_100_7_black_player_takes_black_or_erosion_and_black_needs_black_player():
    main = fillers("pso2", "character", 47, elements=("black",)) + [
        (card("R", "character", elements=("red",)), 1),
        (card("E", "character", elements=("red",), keywords=frozenset({"erosion"})), 2)]
    assert rules_of(deck("pso2", main, player=pso2_player("black"))) == ["PSO2 100.7"]
    mixed = pso2_chars(49) + [(card("B", "character", elements=("black",)), 1)]
    assert rules_of(deck("pso2", mixed, player=pso2_player())) == ["PSO2 100.7 (option black_needs_black_player)"]


# ---- CoJ
def jokers(a="Hypnos", b="Thanatos") -> list[tuple[Card, int]]:
    return [(card("J1", "joker", name=a), 1), (card("J2", "joker", name=b), 1)]


def test_coj_2_deck_is_exactly_40_with_three_per_name():
    assert rules_of(deck("coj", fillers("coj", "unit", 40), joker=jokers())) == []
    assert rules_of(deck("coj", fillers("coj", "unit", 41), joker=jokers())) == ["CoJ 2"]
    same_name = fillers("coj", "unit", 36) + [(card("A1", "unit", name="Pixie"), 2), (card("A2", "unit", name="Pixie"), 2)]
    assert rules_of(deck("coj", same_name, joker=jokers())) == ["CoJ 2"]


def test_coj_2_two_jokers_of_different_characters():
    assert rules_of(deck("coj", fillers("coj", "unit", 40))) == ["CoJ 2 (jokers, Ver.2.0)"]
    assert rules_of(deck("coj", fillers("coj", "unit", 40), joker=jokers("Hypnos", "Hypnos"))) == ["CoJ 2 (jokers, Ver.2.0)"]


@pytest.mark.parametrize("path", sorted((ROOT / "decks").glob("*/*.toml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_decks_are_legal(path):
    from sim.decks.deckfile import load_deck

    assert validate_deck(load_deck(path)) == []
