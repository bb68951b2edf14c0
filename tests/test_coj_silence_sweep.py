"""CODE OF JOKER 沈黙 sweeps (rules/coj.md §9-10) with real catalog cards: 【沈黙】 given to every unit of
both sides, to every unit but the effect's own, or to every opposing unit together with a base BP change."""

from __future__ import annotations

from pathlib import Path

from sim.decks.deckfile import Deck
from sim.games.coj import actions as A
from sim.games.coj import engine as coj
from sim.games.coj import rules as R
from tests.test_coj_rules import FILLER, V, card, field, state, zone
from tests.test_coj_timing import needs_catalog, real, setup_turn


def _silenced(s, p):
    return [bool(R.unit_kw(s, p, j) & R.KW_SILENCE) for j in range(V(s)["P"][p, R.P_FIELD])]


@needs_catalog
def test_pr_127_alexander_silences_every_unit_but_itself():
    """滅王アレキサンダー (PR-127, evolution) 消散の一声: 「このユニットがフィールドに出た時、このユニット以外の全ての
    ユニットに【沈黙】を与える」: overdriven onto an own red unit, the own other unit and both opposing units are
    silenced, Alexander is not."""
    alex = real("PR-127")
    s = state([alex, card("BASE"), card("MINE")], [card("FOE1"), card("FOE2")])
    setup_turn(s, 0)
    base = field(s, 0, 1)
    field(s, 0, 2)
    field(s, 1, 0)
    field(s, 1, 1)
    R.add_to_hand(s, 0, 0, 1)
    A.overdrive(s, 0, 0, base)
    assert V(s)["U"][0, base, R.U_CARD] == 0
    assert _silenced(s, 0) == [False, True] and _silenced(s, 1) == [True, True]


@needs_catalog
def test_pr_124_quiet_night_silences_all_units_from_six_on_the_field():
    """静かな夜 (PR-124, trigger): 「あなたのターン開始時、フィールドにユニットが6体以上いる場合、全てのユニットに
    【沈黙】を与える」: with 3 + 3 units every unit of both sides is silenced and the card leaves the zone; with
    3 + 2 it stays set and nothing is silenced."""
    for foes, fires in ((3, True), (2, False)):
        s = state([real("PR-124"), card("A"), card("B"), card("C")], [card("X"), card("Y"), card("Z")])
        zone(s, 0, 0)
        V(s)["G"][R.G_ROUND] = 2
        for c in (1, 2, 3):
            field(s, 0, c)
        for c in range(foes):
            field(s, 1, c)
        A.turn_start(s, 0)
        assert _silenced(s, 0) == [fires] * 3 and _silenced(s, 1) == [fires] * foes
        assert V(s)["P"][0, R.P_ZONE] == (0 if fires else 1)


@needs_catalog
def test_silence_below_silences_and_lowers_base_bp_of_every_opposing_unit():
    """サイレンスビロウ (THE HERMIT joker): 「対戦相手の全てのユニットに【沈黙】を与え、基本ＢＰを－２０００する」:
    both opposing units are silenced and lose 2000 base BP (kept past turn end); a 2000 one is destroyed;
    the own unit is untouched."""
    joker = real("サイレンスビロウ")
    main = [(card("MINE"), 1), (FILLER, 39)]
    a = Deck("coj", "scenario", Path("scenario.toml"), {"main": main, "joker": [(joker, 1)]})
    b = Deck("coj", "scenario", Path("scenario.toml"),
             {"main": [(card("BIG", bp=(6000,) * 3), 1), (card("WEAK", bp=(2000,) * 3), 1), (FILLER, 38)]})
    ca, cb = coj.compile_matchup(a, b)
    s = coj.scenario_state(ca, cb, options={"jokers": 1})
    setup_turn(s, 0)
    field(s, 0, 0)
    field(s, 1, 0)
    field(s, 1, 1)
    V(s)["P"][0, R.P_GAUGE] = 100
    A.use_joker(s, 0, 0)
    assert V(s)["P"][1, R.P_FIELD] == 1 and R.unit_bp(s, 1, 0) == 4000 and _silenced(s, 1) == [True]
    assert _silenced(s, 0) == [False] and R.unit_bp(s, 0, 0) == 3000
    A.turn_end(s, 0)
    assert R.unit_bp(s, 1, 0) == 4000


@needs_catalog
def test_1_4_239_star_wish_bans_every_units_attack_for_the_turn_when_behind():
    """星の願い (1-4-239, trigger): 「対戦相手のターン開始時、対戦相手よりあなたのライフが少ない場合、全てのユニットに
    ターン終了時まで【攻撃禁止】を与える」: behind on life, both sides' units get 【攻撃禁止】 at the opponent's turn
    start, gone after that turn's end; level on life, the card stays set and nothing changes."""
    for own_lp, fires in ((3, True), (7, False)):
        s = state([real("1-4-239"), card("MINE")], [card("FOE")])
        zone(s, 0, 0)
        field(s, 0, 1)
        field(s, 1, 0)
        V(s)["G"][R.G_ROUND] = 2
        V(s)["P"][0, R.P_LP], V(s)["P"][1, R.P_LP] = own_lp, 7
        A.turn_start(s, 1)
        banned = [bool(R.unit_kw(s, p, 0) & R.KW_ATTACK_BAN) for p in (0, 1)]
        assert banned == [fires, fires] and V(s)["P"][0, R.P_ZONE] == (0 if fires else 1)
        A.turn_end(s, 1)
        assert not any(R.unit_kw(s, p, 0) & R.KW_ATTACK_BAN for p in (0, 1))
