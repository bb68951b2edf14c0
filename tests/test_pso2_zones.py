"""PSO2 TCG scenarios for zone changes and the field's size: zone-change triggers (300.2.1, 300.2.2) and
the unlimited field (403.3); each named after its rule in the seed (001)."""

from __future__ import annotations

import pytest

from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.pso2 import actions as A
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import policy as POL
from sim.games.pso2 import rules as R
from tests.test_pso2_rules import DECKS, V, card, deck, deck_count, onto_field, state

# the pool's PC-026 Hitsugi: 【戦闘不能時】 damage equal to the ATK it had on the field
HITSUGI = card("HITSUGI", atk=3, hp=2, eff=["leave:player_damage:-2:opp_player"])
PUMP = card("PUMP", type="active", eff=["cast:pump:2:own_character"])


def test_rule_300_2_1_a_ko_from_the_field_to_the_discard_fires_the_zone_change_trigger():
    """300.2.1: 【戦闘不能時】 fires on the move from the field to the discard: a KO by damage or a
    破壊 does; a return to the hand (no discard) does not."""
    for how, fired in (("damage", True), ("break", True), ("bounce", False)):
        s = state(a=[HITSUGI])
        j, = onto_field(s, 0)
        if how == "damage":
            R.damage_unit(s, 0, j, 2, False)
        else:
            A.char_effect(s, 1, 0, j, POL.OP_BREAK if how == "break" else POL.OP_BOUNCE, 0, 0)
        A.settle(s)
        assert V(s)["P"][0, R.P_NU] == 1
        assert deck_count(s, 1) == (17 if fired else 20), how


def test_rule_300_2_2_the_trigger_reads_the_card_as_it_was_in_its_old_zone():
    """300.2.2: the ability reads the card's information in the zone it left: its ATK on the field with
    this turn's +2 (5 damage), not the printed 3 it has in the discard."""
    for pumped, dealt in ((False, 3), (True, 5)):
        s = state(a=[HITSUGI])
        j, = onto_field(s, 0)
        if pumped:
            A.char_effect(s, 0, 0, j, POL.OP_PUMP, 2, 0)
        assert R.unit_atk(s, 0, j) == dealt
        R.damage_unit(s, 0, j, 2, False)
        assert V(s)["G"][R.G_NTQ] == 1
        A.settle(s)
        assert deck_count(s, 1) == 20 - dealt and V(s)["P"][0, R.P_DEALT] == dealt
        assert V(s)["G"][R.G_OLDATK] == 0  # read while the trigger resolves only


def test_rule_300_2_2_the_old_zone_amount_is_a_leave_ability_only():
    with pytest.raises(InputError, match="300.2.2"):
        pso2.compile_matchup(deck(card("BAD", eff=["enter:player_damage:-2:opp_player"])), deck())
    with pytest.raises(InputError, match="103.5.1"):
        pso2.compile_matchup(deck(card("BAD", eff=["leave:player_damage:-3:opp_player"])), deck())


def test_rule_300_2_2_the_pool_card_is_in_a_shipped_deck():
    codes = {c.code for c, _ in load_deck(DECKS / "aggro.toml").main}
    assert "PC-026" in codes


def test_rule_403_3_every_copy_of_a_deck_fits_on_the_field():
    """403.3: no limit on the field: all 20 characters of a 20-card deck enter, and all are playable up
    to the last (the field never refuses one)."""
    s = state(a=[card(f"C{i}", atk=1, hp=1) for i in range(20)])
    units = onto_field(s, 0, 20)
    assert units == list(range(1, 21)) and V(s)["P"][0, R.P_NU] == 21
    assert V(s)["U"].shape[1] == 21  # the Player card and every copy
    assert V(s)["U"][1, 0, R.U_CARD] == R.player_row(s)  # seat 1's rows untouched by seat 0's full field


def test_rule_403_3_every_normal_item_fits_on_the_field():
    s = state(a=[card(f"I{i}", type="item") for i in range(20)])
    R.draw(s, 0, 20)
    for _ in range(20):
        assert POL.playable(s, 0, V(s)["H"][0, 0])
        A.put_card(s, 0, R.take_from_hand(s, 0, 0), -1)
    assert V(s)["P"][0, R.P_NIT] == 20 and V(s)["P"][1, R.P_NIT] == 0


def test_rule_403_3_a_deck_too_large_for_the_engine_is_refused_by_name():
    with pytest.raises(InputError, match="403.3"):
        pso2.compile_matchup(deck(size=R.MAX_DECK + 1), deck())
