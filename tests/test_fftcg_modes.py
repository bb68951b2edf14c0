"""FFTCG modal abilities ("select [up to] n of the m following actions"): the player picks the options (digest rules
11.3.4, 11.8.10.2; the engine asks when the ability resolves). Cards come from their printed text (tcard)."""

from __future__ import annotations

from sim.cards.effects import MODE_FIRST, MODE_SHIFT, MODE_UP_TO
from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from sim.games.fftcg.importer import parse_fftcg_text
from tests.test_fftcg_rules import card, castable, make, put, tcard

RAMUH = ("Select up to 2 of the 4 following actions. \"Choose 1 Monster of cost 2 or less. Break it.\" \"Choose 1"
         " Forward of cost 4 or less. Dull it.\" \"Choose 1 active Forward. Deal it 7000 damage.\" \"Choose 1 Lightning"
         " Forward. It gains Haste until the end of the turn.\"")


def two_of(upto: bool) -> str:
    return (f"Select {'up to ' if upto else ''}1 of the 2 following actions. \"Choose 1 Forward opponent controls. Deal"
            " it 1000 damage.\" \"Choose 1 Forward opponent controls. Dull it.\"")


def test_importer_keeps_every_option_with_its_printed_place():
    parsed = parse_fftcg_text(RAMUH, "Ramuh", "summon")
    assert not parsed.unmodelled
    assert [e.op for e in parsed.effects] == ["break", "dull", "damage", "haste"]
    assert [e.mode >> 4 & 15 for e in parsed.effects] == [1, 2, 3, 4]
    assert all(e.mode & 15 == 2 and e.mode & MODE_UP_TO for e in parsed.effects)
    assert [bool(e.mode & MODE_FIRST) for e in parsed.effects] == [True, False, False, False]
    assert parsed.effects[0].row()[6] >> MODE_SHIFT == parsed.effects[0].mode


def test_importer_counts_a_modal_line_with_an_option_it_cannot_read_as_not_modelled():
    text = ("Select 1 of the 2 following actions. \"Choose 1 Forward opponent controls. Deal it 3000 damage.\""
            " \"Remove all the cards in your opponent's Break Zone from the game.\"")
    parsed = parse_fftcg_text(text, "X", "summon")
    assert len(parsed.unmodelled) == 1  # the player could never pick the second option
    assert [e.op for e in parsed.effects] == ["damage"]  # the first still plays


def ramuh_vs(opp_power: int):
    ramuh = tcard("RAMUH", RAMUH, "summon", cost=0)
    S, v = make([ramuh], [card("OPP", cost=3, power=opp_power)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    return S, v


def test_rule_11_3_4_the_player_picks_the_options_that_do_something():
    # the first two printed options (break a Monster: there is none; dull) are not what a player picks here
    S, v = ramuh_vs(5000)
    assert castable(S, 0, 0)
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK  # dealt 7000: not dulled first, it would no longer be active
    S, v = ramuh_vs(9000)  # 7000 does not break it: dull is the one useful option
    assert T.cast(S, 0, 0, -1, -1, 1)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD and v["cs"][1, K.S_DULL, 0] == 1 and v["cs"][1, K.S_DMG, 0] == 0


def test_rule_11_8_10_2_a_modal_ability_with_no_option_to_pick_cannot_be_cast():
    ramuh = tcard("RAMUH", RAMUH, "summon", cost=0)
    S, v = make([ramuh])  # no Monster, no Forward on either side
    put(v, 0, 0, K.Z_HAND)
    assert not castable(S, 0, 0)
    assert not K.has_targets(S, 0, 0, 0, K.TR_CAST)


def test_rule_11_3_4_select_n_picks_n_options_up_to_n_may_pick_none():
    for upto, damaged in ((False, 1000), (True, 0)):
        summon = tcard("SEL", two_of(upto), "summon", cost=0)
        S, v = make([summon], [card("OPP", power=5000)])
        put(v, 0, 0, K.Z_HAND)
        put(v, 1, 0, K.Z_FIELD, dull=1)  # neither option does anything worth doing to it
        assert T.cast(S, 0, 0, -1, -1, 1)
        assert v["cs"][1, K.S_DMG, 0] == damaged


def test_rule_11_3_4_the_random_policy_picks_n_options_among_those_it_can_pick():
    ramuh = tcard("RAMUH", RAMUH, "summon", cost=0)
    S, v = make([ramuh], [card("OPP", cost=3)], pa=K.RANDOM)
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    seen = set()
    for _ in range(60):
        picked = K.choose_modes(S, 0, 0, 0, 0)
        assert bin(picked).count("1") == 2 and not picked & (1 << 1 | 1 << 4)  # no Monster, no own Forward
        seen.add(picked)
    assert seen == {1 << 2 | 1 << 3}  # the only two it can pick
    S, v = make([ramuh, card("OWN", el=("lightning",))], [card("OPP", cost=3)], pa=K.RANDOM)  # option 4: Lightning
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD)
    seen = {K.choose_modes(S, 0, 0, 0, 0) for _ in range(200)}
    assert seen == {a | b for a in (4, 8, 16) for b in (4, 8, 16) if a < b}  # every pair of options 2, 3 and 4


def test_rule_11_3_4_modal_usefulness_counts_any_option():
    ramuh = tcard("RAMUH", RAMUH, "summon", cost=0)
    S, v = make([ramuh], [card("OPP", cost=3, power=5000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert P.summon_useful(S, 0, 0)
