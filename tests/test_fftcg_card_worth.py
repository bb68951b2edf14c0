"""A card whose lines are not modelled is valued by its printed body only (issue 33, part 3): curve and control cast
and keep cards by what they are worth to the engine (sim.games.fftcg.worth, `K_WORTH`), not by their printed cost."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg.worth import body_cost, card_worth
from tests.test_fftcg_conformance import DATA, _card
from tests.test_fftcg_rules import card, make, put

LINE = "When BLANK enters the field, choose 1 Character Card in your Break Zone. Add it to your hand."


def blank(type: str, cost: int, power: int = 5000):
    """A card of the given body whose one line the engine does not play."""
    return replace(card("BLANK", type, cost=cost, el=("earth",), power=power), text=LINE, unmodelled=(LINE,))


def test_body_cost_follows_the_pools_cards_without_text():
    assert [body_cost(card("F", cost=9, power=p)) for p in (3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000)] \
        == [1, 1, 2, 2, 3, 4, 5, 6]
    assert body_cost(card("B", "backup", cost=4)) == 1
    assert body_cost(card("S", "summon", cost=4)) == body_cost(card("M", "monster", cost=4)) == 0


def test_unmodelled_lines_are_worth_nothing_and_modelled_ones_their_share():
    assert card_worth(blank("backup", 4)) == 10  # a 4-CP Backup that does nothing: a Backup's body
    assert card_worth(blank("forward", 4, power=5000)) == 20
    assert card_worth(blank("forward", 2, power=8000)) == 20  # the body is never worth more than the cost
    half = replace(blank("forward", 5, power=7000), text=f"{LINE}[[br]]Haste")  # one of two lines modelled
    assert card_worth(half) == 30 + 20 // 2
    assert card_worth(card("F", cost=3)) == 30  # no unmodelled line: its cost


@pytest.mark.skipif(not (DATA / "cards_fftcgsim_square_api.json").is_file(), reason="shared FFTCG data absent")
def test_1_133C_sage_is_a_backups_body_and_wedge_its_cost():
    sage = _card("1-133C")  # "When Sage enters the field, choose 1 Character Card in your Break Zone. ...": not modelled
    assert sage.cost == 4 and sage.unmodelled and card_worth(sage) == 10
    assert card_worth(_card("15-131S")) == 30  # Wedge: every line modelled


def useful_and_blank(pa: int):
    """Seat 0: 4 active earth Backups; in hand a 4-CP Backup that does nothing and a 3-CP Forward."""
    bkp = [card(f"B{i}", "backup", el=("earth",), name=f"B{i}") for i in range(4)]
    S, v = make(bkp + [blank("backup", 4), card("F3", cost=3, el=("earth",), power=7000)], pa=pa)
    for c in range(4):
        put(v, 0, c, K.Z_FIELD)
    put(v, 0, 4, K.Z_HAND)
    put(v, 0, 5, K.Z_HAND)
    return S, v


@pytest.mark.parametrize("pa", [K.CURVE, K.CONTROL])
def test_a_blank_backup_is_not_cast_over_a_useful_card(pa):
    S, v = useful_and_blank(pa)
    if pa == K.CURVE:
        assert P.choose_main(S, 0, 1, False) == (P.CAST, 5, 0)  # the Forward, not the 4-CP blank
        v["cards"][0, 4, K.K_WORTH] = 40  # valued at its printed cost, as before issue 33: the blank first
        assert P.choose_main(S, 0, 1, False) == (P.CAST, 4, 0)
    else:
        assert P.choose_main(S, 0, 1, False) == (P.CAST, 4, 0)  # control: Backups first, whatever they do


@pytest.mark.parametrize("pa", [K.CURVE, K.CONTROL])
def test_a_forward_with_unmodelled_lines_is_paid_away_before_a_useful_one(pa):
    S, v = make([blank("forward", 4, power=5000), card("F3", cost=3, el=("earth",), power=7000)], pa=pa)
    assert K.card_value(S, 0, 0) < K.card_value(S, 0, 1)
    v["cards"][0, 0, K.K_WORTH] = 40
    assert K.card_value(S, 0, 0) > K.card_value(S, 0, 1)
