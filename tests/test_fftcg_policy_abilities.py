"""When the non-random FFTCG policies use action abilities in Main Phase 2 (sim.games.fftcg.policy.ability_worth): a
dull that ends at the opponent's Active Phase (rule 9.1) is no use there, and a Backup that puts itself into the
Break Zone (a cost, rule 15.1.1.3.2) is given up only to remove a Forward or with PR_SACRIFICE Backups on the
field. Cards come from their printed text (tcard)."""

from __future__ import annotations

from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from tests.test_fftcg_rules import card, make, put, tcard

FREEZE = tcard("BARD", "《ダル》, put BARD into the Break Zone: Choose 1 Forward. Freeze it.", "backup")
DULL = tcard("BARD2", "《ダル》, put BARD2 into the Break Zone: Choose 1 Forward. Dull it.", "backup")
SHOCK = tcard("BM", "《ダル》, put BM into the Break Zone: Choose 1 dull Forward. Deal it 4000 damage.", "backup")


def position(ability, backups: int, opp_power: int = 7000, opp_dull: int = 0):
    """Seat 0: the ability's Backup and `backups` - 1 plain Backups on the field; seat 1: one Forward."""
    plain = [card(f"B{i}", "backup", name=f"B{i}") for i in range(backups - 1)]
    S, v = make([ability, *plain], [card("OPP", cost=3, power=opp_power)])
    for c in range(backups):
        put(v, 0, c, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD, dull=opp_dull)
    return S, v


def test_rule_15_1_1_3_2_a_backup_is_not_given_up_for_a_freeze_with_few_backups():
    S, _ = position(FREEZE, 2, opp_dull=1)
    assert P.ability_useful(S, 0, 0, 0)  # the freeze would keep the dull Forward dull (15.2.4.2)...
    assert P.choose_main(S, 0, 2, False)[0] == 0  # ...but not worth a Backup of two
    S, _ = position(FREEZE, 5, opp_dull=1)
    assert P.choose_main(S, 0, 2, False) == (P.ACTIVATE, 0, 0)  # a full field of Backups can spare one


def test_rule_15_1_1_3_2_a_backup_is_given_up_to_remove_a_forward():
    S, _ = position(SHOCK, 2, opp_power=4000, opp_dull=1)
    assert P.choose_main(S, 0, 2, False) == (P.ACTIVATE, 0, 0)
    S, _ = position(SHOCK, 2, opp_power=7000, opp_dull=1)  # 4000 would not break it
    assert P.choose_main(S, 0, 2, False)[0] == 0


def test_rule_9_1_a_dull_in_main_phase_2_is_undone_by_the_opponents_active_phase():
    S, _ = position(DULL, 5)
    assert P.ability_useful(S, 0, 0, 0)
    assert P.choose_main(S, 0, 2, False)[0] == 0


CLOUD = ("When CLOUD enters the field, if you control a Job AVALANCHE Operative Forward, choose 1 Forward opponent"
         " controls. Deal it 10000 damage.")


def test_rule_11_8_curve_casts_the_card_that_meets_an_enter_condition_first():
    """Cloud's enter ability asks for an AVALANCHE Operative: curve casts the cheaper Operative first, so Cloud's
    ability resolves (cast by cost alone, Cloud would come first and do nothing)."""
    cloud = tcard("CLOUD", CLOUD, cost=0, power=8000)
    biggs = card("BIGGS", cost=0, power=7000)
    biggs = type(biggs)(**{**biggs.__dict__, "job": "AVALANCHE Operative"})
    S, v = make([cloud, biggs], [card("TSENG", power=8000)])
    put(v, 0, 0, K.Z_HAND)
    put(v, 0, 1, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert P.enter_waits(S, 0, 0)
    assert P.choose_main(S, 0, 1, False) == (P.CAST, 1, 0)
    T.main_phase(S, 0, 1, 7, 1, False)
    assert v["cs"][0, K.S_ZONE, 0] == K.Z_FIELD and v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK
