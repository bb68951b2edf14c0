"""CODE OF JOKER: abilities fire when the card says (rules/coj.md §7, §9, §10), with real catalog cards
where one exists (read from ../shared/data; skipped with a reason if absent)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from sim.decks.pools import load_pool
from sim.engine.results import T_AVAILABLE
from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import engine as coj
from sim.games.coj import policy as POL
from sim.games.coj import rules as R
from sim.games.coj import vocab as VOC
from sim.games.coj.importer import parse_body
from sim.games.coj.vocab import CC_BITS, CC_COST, CC_IF_DONE, CC_MASK, FL_DELETE
from tests.test_coj_rules import BLANK, CATALOG, V, card, deck, field, state, zone

needs_catalog = pytest.mark.skipif(not CATALOG.is_file(), reason=f"shared CoJ catalog not present at {CATALOG}")
_POOL: dict = {}


def real(code: str):
    if not _POOL:
        _POOL.update(load_pool(CATALOG))
    return _POOL[code]


def hand(s, p, *cs):
    for c in cs:
        R.add_to_hand(s, p, c, 1)


def setup_turn(s, p, rnd=2, cp=7):
    V(s)["G"][R.G_TP], V(s)["G"][R.G_ROUND] = p, rnd
    V(s)["P"][p, R.P_CP] = cp


# §9 trigger and intercept cards keep their printed timing ------------------------------------------

@needs_catalog
def test_rule_9_intercept_fires_when_your_unit_enters_not_on_attack():
    """アーマーブレイク (1-0-077): 「あなたのユニットがフィールドに出た時」 3000 damage."""
    armor, fighter, mummy = real("1-0-077"), real("1-0-002"), real("1-0-027")
    assert armor.effects[0].trigger == "own_enters"
    s = state([armor, fighter], [mummy, card("BIG", bp=(9000, 9000, 9000), kw=["speed_move"])])
    zone(s, 0, 0)
    field(s, 0, 1)  # a red unit: the intercept's colour condition
    setup_turn(s, 1)
    field(s, 1, 1)
    A.attack(s, 1, 0)  # the opponent attacks: not this card's timing
    assert V(s)["P"][0, R.P_ZONE] == 1
    field(s, 1, 0)
    setup_turn(s, 0)
    hand(s, 0, 1)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_FIELD] == 1  # ミイラくん (1000) destroyed


@needs_catalog
def test_rule_9_intercept_on_your_attack_destroys_level_2():
    """ムーンセイヴァー (1-0-089): 「あなたのユニットがアタックした時」 destroy an opposing Lv.2+ unit."""
    moon, skull, mummy = real("1-0-089"), real("1-0-028"), real("1-0-027")
    s = state([moon, skull], [mummy, mummy])
    zone(s, 0, 0)
    setup_turn(s, 0)
    j = field(s, 0, 1)
    field(s, 1, 0, lvl=1)
    field(s, 1, 1, lvl=2)
    A.attack(s, 0, j)
    assert V(s)["P"][0, R.P_ZONE] == 0
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["U"][1, 0, R.U_LVL] == 1  # only the Lv.2 one


@needs_catalog
def test_rule_9_intercept_on_player_attack_success():
    """チェックメイト (1-0-090): 「あなたのユニットがプレイヤーアタックに成功した時」 the opponent discards 1."""
    mate, skull = real("1-0-090"), real("1-0-028")
    s = state([mate, skull], [skull, skull, skull])
    zone(s, 0, 0)
    setup_turn(s, 0)
    hand(s, 1, 0, 1)
    A.attack(s, 0, field(s, 0, 1))
    assert V(s)["P"][1, R.P_LP] == 7 and V(s)["P"][1, R.P_HAND] == 1 and V(s)["P"][0, R.P_ZONE] == 0


def test_rule_9_zone_cards_at_turn_start_and_end_of_either_player():
    mine = [card(f"T{k}", type="trigger", colour="colorless", eff=[f"{t}:draw:1:own_player"])
            for k, t in enumerate(("turn_start", "opp_turn_start", "turn_end", "opp_turn_end"))]
    s = state(mine, mine)
    zone(s, 0, 0, 2)  # seat 0: its own turn start and end
    zone(s, 1, 1, 3)  # seat 1: the opponent's turn start and end
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 3
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][1, R.P_ZONE] == 1  # both turn-start cards fired
    A.turn_end(s, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_ZONE] == 0
    assert V(s)["P"][1, R.P_HAND] == 2


def test_rule_9_battle_and_block_zone_cards():
    battles = card("BAT", type="trigger", colour="colorless", eff=["own_battles:draw:1:own_player"])
    blocks = card("BLK", type="trigger", colour="colorless", eff=["own_blocks:draw:1:own_player"])
    atk = card("ATK", bp=(5000, 6000, 7000))
    guard = card("GRD", bp=(1000, 1000, 1000), kw=["forced_defense"])
    s = state([battles, blocks, atk], [battles, blocks, guard])
    zone(s, 0, 0, 1)
    zone(s, 1, 0, 1)
    setup_turn(s, 0)
    field(s, 1, 2)
    A.attack(s, 0, field(s, 0, 2))
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["P"][0, R.P_ZONE] == 1  # attacker's side: battle only
    assert V(s)["P"][1, R.P_HAND] == 2 and V(s)["P"][1, R.P_ZONE] == 0  # blocker's side: battle and block


# §9 unit abilities on overclock, block, battle, player attack, turn end -----------------------------

@needs_catalog
def test_rule_8_overclock_fires_the_units_oc_ability():
    """ブラッドハウンド (1-0-001): OC 4000 damage; it reaches Lv.3 by winning a battle (§8 clock up)."""
    hound = real("1-0-001")
    forced = card("F", bp=(1000, 1000, 1000), kw=["forced_defense"])
    s = state([hound], [forced, card("M4", bp=(4000, 4000, 4000))])
    setup_turn(s, 0)
    j = field(s, 0, 0, lvl=2)
    field(s, 1, 0)
    field(s, 1, 1)
    A.attack(s, 0, j)
    assert V(s)["U"][0, 0, R.U_LVL] == 3
    assert V(s)["P"][1, R.P_FIELD] == 0  # the blocker lost the battle, the 4000 BP unit took the OC damage


def test_rule_9_block_and_battle_abilities():
    blocker = card("B", bp=(3000, 3000, 3000), kw=["forced_defense"], eff=["block:pump:5000:self"])
    attacker = card("A", bp=(5000, 5000, 5000), eff=["battle:draw:1:own_player"])
    s = state([attacker], [blocker])
    setup_turn(s, 0)
    field(s, 1, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_HAND] == 1  # the attacker's battle ability
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][1, R.P_FIELD] == 1  # 8000 blocker won


@needs_catalog
def test_rule_9_player_attack_success_ability():
    """中忍月影 (1-0-032): 「プレイヤーアタックに成功した時」 the opponent discards 1 at random."""
    ninja = real("1-0-032")
    s = state([ninja], [ninja, ninja])
    setup_turn(s, 0)
    hand(s, 1, 0, 1)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_LP] == 7 and V(s)["P"][1, R.P_HAND] == 1


def test_rule_7_turn_end_and_both_players_turn_start_unit_abilities():
    own = card("O", eff=["turn_end:draw:1:own_player", "turn_start:draw:1:own_player"])
    other = card("X", eff=["opp_turn_start:draw:1:own_player", "opp_turn_end:draw:1:own_player"])
    s = state([own], [other])
    field(s, 0, 0)
    field(s, 1, 0)
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 3
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_HAND] == 3 and V(s)["P"][1, R.P_HAND] == 1  # draw 2 + own; the opponent's
    A.turn_end(s, 0)
    assert V(s)["P"][0, R.P_HAND] == 4 and V(s)["P"][1, R.P_HAND] == 2


def test_rule_9_turn_start_pass_reaches_units_after_an_overdrive():
    """The evolution takes a new uid in its base's slot; the unit placed after the base still fires."""
    base = card("U", eff=["turn_start:draw:1:own_player"])
    evo = card("E", type="evolution", eff=["turn_start:draw:1:own_player"])
    s = state([base, base, evo])
    field(s, 0, 0)
    field(s, 0, 1)
    setup_turn(s, 0)
    hand(s, 0, 2)
    A.overdrive(s, 0, 0, 0)
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 3, 5
    A.turn_start(s, 0)
    assert V(s)["P"][0, R.P_HAND] == 4  # draw 2 + both units


# §10 基本BP, own LP loss and the joker gauge -------------------------------------------------------------

@needs_catalog
def test_rule_10_base_bp_survives_turn_end_and_own_lp_loss_fills_no_gauge():
    """ユーベル・ヘルメス (1-0-037): 基本BP +5000, then 1 life damage to yourself (no gauge)."""
    hermes = real("1-0-037")
    s = state([hermes], options={"jokers": 1})
    setup_turn(s, 0)
    j = field(s, 0, 0)
    A.on_enter(s, 0, V(s)["U"][0, j, R.U_UID])
    assert R.unit_bp(s, 0, j) == 9000 and V(s)["P"][0, R.P_LP] == 7 and V(s)["P"][0, R.P_GAUGE] == 0
    A.turn_end(s, 0)
    assert R.unit_bp(s, 0, j) == 9000


def test_rule_9_opponents_effect_lp_loss_fills_the_gauge():
    s = state(options={"jokers": 1})
    FX.resolve(s, 0, R.OP_PLAYER_DAMAGE, R.TG_OPP_PLAYER, 1, 0, -1, -1, -1)
    assert V(s)["P"][1, R.P_GAUGE] == 10 and V(s)["P"][0, R.P_GAUGE] == 0


@needs_catalog
def test_rule_9_jokers_use_their_catalog_gauge_size():
    from sim.decks.deckfile import load_deck

    red = load_deck(Path(__file__).resolve().parent / "fixtures" / "coj" / "catalog_red.toml")
    a, b = coj.compile_matchup(red, red)
    s = coj.scenario_state(a, b, options={"jokers": 1})
    # インペイルメント is 小 (small), ブレイブシールド 中 (medium)
    assert [POL.joker_gauge_cost(s, 0, k) for k in range(2)] == [30, 50]
    V(s)["P"][0, R.P_GAUGE], V(s)["P"][0, R.P_CP] = 30, 7
    V(s)["P"][0, R.P_NJOKERS] = 2
    field(s, 1, 0)
    assert POL.can_joker(s, 0, 0) and not POL.can_joker(s, 0, 1)


# ops the importer emits: activate, recover, grant_keyword, zone_break; sweeps; 加護 ---------------------

@needs_catalog
def test_rule_9_activate_recovers_the_action_right():
    """ブレイブシールド (JUSTICE joker): 「それの行動権を回復する」."""
    assert real("ブレイブシールド").effects[0].op == "activate"
    s = state([card("U")])
    field(s, 0, 0, act=0)
    FX.resolve(s, 0, R.OP_ACTIVATE, R.TG_OWN, 0, 0, -1, -1, -1)
    assert V(s)["U"][0, 0, R.U_ACT] == 1


@needs_catalog
def test_rule_5_recover_takes_a_unit_from_the_discard():
    """スカルウォーカー (1-0-028): destroyed -> a random unit card of the discard to the hand."""
    skull = real("1-0-028")
    trig = card("TR", type="trigger", colour="colorless")
    s = state([skull, trig, card("GONE")])
    field(s, 0, 0)
    V(s)["P"][0, R.P_TOP] = 3  # copies 0-2 left the deck: 1 and 2 are in the discard
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    got = V(s)["H"][0, 0]
    assert V(s)["P"][0, R.P_HAND] == 1 and got in (0, 2)  # a unit (itself or GONE), never the trigger


@needs_catalog
def test_rule_10_granted_speed_move_lifts_the_attack_restriction():
    """インペリアルソード (1-0-078): the entering unit gets 【スピードムーブ】 until end of turn."""
    sword, fighter = real("1-0-078"), real("1-0-002")
    s = state([sword, fighter, fighter])
    zone(s, 0, 0)
    field(s, 0, 1)
    setup_turn(s, 0)
    hand(s, 0, 2)
    A.drive(s, 0, 0)
    j = V(s)["P"][0, R.P_FIELD] - 1
    assert V(s)["U"][0, j, R.U_RESTR] == 0 and POL.can_attack(s, 0, j)
    A.turn_end(s, 0)
    assert not R.unit_kw(s, 0, j) & R.KW_SPEED


@needs_catalog
def test_rule_9_zone_break_destroys_set_cards():
    """ヘルハウンド (1-0-005): enters -> 1 random card of the opponent's trigger zone is destroyed."""
    s = state([real("1-0-005")], [BLANK, BLANK])
    zone(s, 1, 0, 1)
    setup_turn(s, 0)
    j = field(s, 0, 0)
    A.on_enter(s, 0, V(s)["U"][0, j, R.U_UID])
    assert V(s)["P"][1, R.P_ZONE] == 1


def test_rule_9_all_your_units_hit_every_unit():
    s = state([card("U", eff=["enter:pump:1000:all_own_characters"]), card("V")], [card("W")])
    field(s, 0, 1)
    field(s, 1, 0)
    j = field(s, 0, 0)
    A.on_enter(s, 0, V(s)["U"][0, j, R.U_UID])
    assert [R.unit_bp(s, 0, k) for k in range(2)] == [4000, 4000] and R.unit_bp(s, 1, 0) == 3000


def test_rule_10_protection_stops_targeted_effects_only():
    s = state([], [card("P", kw=["protection"])])
    field(s, 1, 0)
    assert not FX.effect_possible(s, 0, R.OP_DAMAGE, R.TG_OPP, 5000, 0, -1, -1, -1)
    FX.resolve(s, 0, R.OP_DAMAGE, R.TG_ALL_OPP, 5000, 0, -1, -1, -1)
    FX.settle(s)
    assert V(s)["P"][1, R.P_FIELD] == 0  # a sweep hits it


# §10 keywords of the catalog's keywords.json -------------------------------------------------------------

def test_rule_10_block_ban_destroy_resist_silence_resist_retreat_and_evolution_ban():
    s = state([card("A")], [card("BB", kw=["block_ban", "destroy_resist", "silence_resist", "retreat_ban",
                                           "evolution_ban"]), card("EV", type="evolution")])
    aj = field(s, 0, 0)
    bj = field(s, 1, 0)
    assert not POL.can_block(s, 1, bj, 0, aj)
    assert not FX.effect_possible(s, 0, R.OP_BREAK, R.TG_OPP, 0, 0, -1, -1, -1)  # opponent's destroy
    assert FX.effect_possible(s, 1, R.OP_BREAK, R.TG_OWN, 0, 0, -1, -1, -1)  # its own side's still works
    assert not FX.unit_affected(s, 0, 1, bj, R.OP_GRANT, 1, R.KEYWORDS.index("silence"))
    hand(s, 1, 1)
    V(s)["P"][1, R.P_CP] = 7
    assert not POL.can_overdrive(s, 1, 0, bj)
    V(s)["G"][R.G_TP] = 1
    n, _ = POL.enum_actions(s, 1, -1)
    kinds = {POL.enum_actions(s, 1, k)[1] // 256 for k in range(n)}
    assert POL.A_RETREAT not in kinds


# §9 use legality and intercept windows -------------------------------------------------------------------

def test_rule_9_card_usable_when_one_effect_can_act():
    ic = card("I", type="intercept", cost=0, colour="colorless", eff=["opp_attacks:draw:1:own_player",
                                                               "opp_attacks:damage:1000:opp_character"])
    s = state([ic], [card("A", kw=["speed_move"])])
    zone(s, 0, 0)
    hand(s, 0, *([0] * 7))  # a full hand: the draw cannot act, the damage can
    setup_turn(s, 1)
    A.attack(s, 1, field(s, 1, 0))
    assert V(s)["P"][0, R.P_ZONE] == 0


def test_rule_9_intercepts_alternate_between_players():
    hit = card("H", type="intercept", cost=0, colour="colorless", eff=["turn_start:player_damage:1:opp_player"])
    back = card("K", type="intercept", cost=0, colour="colorless", eff=["opp_turn_start:player_damage:1:opp_player"])
    s = state([hit, hit], [back])
    zone(s, 0, 0, 1)
    zone(s, 1, 0)
    V(s)["P"][0, R.P_LP], V(s)["P"][1, R.P_LP] = 2, 2
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 3
    A.turn_start(s, 0)
    # turn player, then the other, then the turn player again: 2 -> 1 (0), 2 -> 1 (1), 1 -> 0 (0)
    assert V(s)["P"][0, R.P_LP] == 1 and V(s)["P"][1, R.P_LP] == 0


def test_rule_9_intercept_window_on_destruction():
    ic = card("I", type="intercept", cost=0, colour="colorless", eff=["leave:draw:1:own_player"])
    s = state([ic, card("U")])
    zone(s, 0, 0)
    field(s, 0, 1)
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["P"][0, R.P_ZONE] == 0


def test_check_results_flags_a_wrong_turn_start_cp():
    ca, cb = coj.compile_matchup(deck(fill=BLANK), deck(fill=BLANK))
    batch = coj.play(ca, cb, 2, 2, seed=1, stream=0, start=0, n=4, detail="turns")
    assert coj.check_results(batch) == []
    batch.turns[0, 3, T_AVAILABLE] += 1
    assert any("CP" in p for p in coj.check_results(batch))


def test_check_invariants_flags_a_card_added_to_a_full_hand():
    s = state()
    V(s)["G"][R.G_CHECK] = 1
    hand(s, 0, *range(7))
    assert V(s)["G"][R.G_VIOL] == 0
    R.add_to_hand(s, 0, 7, 1)
    assert V(s)["G"][R.G_VIOL] & coj.V_LIMITS


@needs_catalog
def test_rule_9_species_search_takes_a_unit_of_that_species():
    """堕天馬アルゲニブ (1-0-035): destroyed -> 「あなたは【獣】ユニットを1枚引く」 (from the deck)."""
    argenib, mummy, hound = real("1-0-035"), real("1-0-027"), real("1-0-001")
    s = state([argenib, mummy, mummy, hound])  # 珍獣 is not 獣: the search skips both ミイラくん
    field(s, 0, 0)
    V(s)["P"][0, R.P_TOP] = 1
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["H"][0, 0] == 3


# issue 20, whole catalog: 消滅, choices, 「そうした場合」, levels, conditions, filters -----------------------

def _enter(s, p, j):
    A.on_enter(s, p, V(s)["U"][p, j, R.U_UID])
    FX.settle(s)


@needs_catalog
def test_rule_5_delete_is_not_destroy_and_not_a_discard_card():
    """人柱のシズク (1-4-314): enters -> deletes itself; destroyed -> 「それを消滅させる」: the deleted unit
    fires no "when destroyed" ability, no recover returns it, and a §5 rebuild brings it back."""
    shizuku = real("1-4-314")
    assert [e.trigger for e in shizuku.effects if e.param & FL_DELETE] == ["enter", "leave"]
    victim = card("VIC", eff=["leave:heal:5:own_player"])
    s = state([shizuku], [victim])
    field(s, 0, 0)
    field(s, 1, 0)
    V(s)["P"][1, R.P_TOP] = 1  # the victim's copy left the deck
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][1, R.P_LP] == 8  # gone, its leave ability silent
    assert R.deleted(s, 1, 0) and FX.discard_pick(s, 1, -1, False) == -1
    R.rebuild(s, 1)
    assert not R.deleted(s, 1, 0)


@needs_catalog
def test_rule_9_choose_one_runs_one_usable_option():
    """のろいのはにわ (2-0-315): 「以下の効果から1つを選び発動する」 1: the opponent discards 1,
    2: a 【珍獣】 unit from the deck. A scripted policy takes the first option that can act; only one runs."""
    haniwa, mummy = real("2-0-315"), real("1-0-027")  # ミイラくん is a 珍獣
    assert {e.cond >> CC_BITS for e in haniwa.effects} == {1, 2}
    s = state([haniwa, mummy], [mummy, mummy])
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 1
    hand(s, 1, 0)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_HAND] == 0 and V(s)["P"][0, R.P_HAND] == 0  # option 1 only
    _enter(s, 0, field(s, 0, 0))  # the opponent's hand is empty: option 1 cannot act, option 2 does
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["H"][0, 0] == 1


@needs_catalog
def test_rule_9_if_you_do_is_an_all_or_nothing_cost():
    """不知火伍式 (1-0-010), the digest's example: on attack 「あなたは手札を1枚選んで捨てる。そうした場合、
    ターン終了時までこのユニットのBPを+4000する。」: with an empty hand no +4000; with a card, both."""
    shiranui = real("1-0-010")
    assert [e.cond & CC_MASK for e in shiranui.effects[:2]] == [CC_COST, CC_IF_DONE]
    s = state([shiranui, card("X")])
    j = field(s, 0, 0)
    uid = V(s)["U"][0, j, R.U_UID]
    before = R.unit_bp(s, 0, j)
    FX.run_effects(s, 0, 0, R.TR_ATTACK, uid, -1, -1)
    assert R.unit_bp(s, 0, j) == before
    hand(s, 0, 1)
    FX.run_effects(s, 0, 0, R.TR_ATTACK, uid, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 0 and R.unit_bp(s, 0, j) == before + 4000
    cp = parse_body("あなたのCPを-3する。そうした場合、対戦相手の全てのユニットに4000ダメージを与える。", "enter")
    assert [(e.op, e.amount, e.cond & CC_MASK) for e in cp] == [("gain_cp", -3, CC_COST), ("damage", 4000, CC_IF_DONE)]
    s = state([replace(card("CP"), effects=tuple(cp))], [card("O")])
    field(s, 1, 0)
    V(s)["P"][0, R.P_CP] = 2  # cannot pay 3: nothing is paid, no damage
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_CP] == 2 and V(s)["U"][1, 0, R.U_DMG] == 0
    V(s)["P"][0, R.P_CP] = 3
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_CP] == 0 and V(s)["U"][1, 0, R.U_DMG] == 4000


@needs_catalog
def test_rule_8_level_dependent_ability_reads_the_units_level():
    """ポクポ仮面 (2-1-001): enters -> 【レベル1】 2000 damage, 【レベル2以上】 5000 damage."""
    poku = real("2-1-001")
    s = state([poku, poku], [card("BIG", bp=(6000, 6000, 6000)), card("BIG2", bp=(6000, 6000, 6000))])
    setup_turn(s, 0)
    field(s, 1, 0)
    _enter(s, 0, field(s, 0, 0, lvl=1))
    assert V(s)["U"][1, 0, R.U_DMG] == 2000
    _enter(s, 0, field(s, 0, 1, lvl=2))
    assert V(s)["P"][1, R.P_FIELD] == 0  # 2000 + 5000 >= 6000


@needs_catalog
def test_rule_9_condition_life_at_most_3():
    """強者の風格 (1-0-120): 「あなたのライフが3以下の場合」 +4000 to the battling unit; not at 4 LP."""
    trig = real("1-0-120")
    s = state([trig, card("U")])
    zone(s, 0, 0)
    j = field(s, 0, 1)
    uid = V(s)["U"][0, j, R.U_UID]
    V(s)["P"][0, R.P_LP] = 4
    assert not FX.card_usable(s, 0, 0, -1, 0, uid)
    V(s)["P"][0, R.P_LP] = 3
    assert FX.card_usable(s, 0, 0, -1, 0, uid)
    FX.resolve_card(s, 0, 0, -1, 0, uid)
    assert R.unit_bp(s, 0, j) == 7000


@needs_catalog
def test_rule_3_colour_search_takes_a_card_of_that_colour_and_type():
    """カパエル (1-1-007): 「黄属性のユニットカードを1枚ランダムで手札に加える」 (from the deck)."""
    kapa = real("1-1-007")
    red_unit = card("RU", colour="red")
    yellow_trigger = card("YT", type="trigger", colour="yellow")
    yellow_unit = card("YU", colour="yellow")
    s = state([kapa, red_unit, yellow_trigger, yellow_unit])
    V(s)["P"][0, R.P_TOP] = 1
    setup_turn(s, 0)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["H"][0, 0] == 3


@needs_catalog
def test_rule_9_other_than_this_unit_and_acted_units():
    """フレイムソルジャー (1-4-002): 「自身以外の全てのユニットに1000ダメージ」; ダメージブレイク (1-0-018):
    「対戦相手の行動済ユニットを1体選ぶ」 hits the exhausted unit, never the active one."""
    soldier, breaker = real("1-4-002"), real("1-0-018")
    s = state([soldier, card("MINE")], [card("A"), card("B")])
    setup_turn(s, 0)
    field(s, 0, 1)
    field(s, 1, 0)
    j = field(s, 0, 0)
    _enter(s, 0, j)
    assert V(s)["U"][0, j, R.U_DMG] == 0 and V(s)["U"][0, 0, R.U_DMG] == 1000 and V(s)["U"][1, 0, R.U_DMG] == 1000
    s = state([breaker], [card("ACTIVE", bp=(5000, 5000, 5000)), card("SPENT", bp=(3000, 3000, 3000))])
    setup_turn(s, 0)
    field(s, 1, 0)
    field(s, 1, 1, act=0)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["U"][1, 0, R.U_CARD] == 0


@needs_catalog
def test_rule_9_both_players_discard_and_cost_bound_on_dull():
    """ポイズンディナー (1-1-097): 「お互いのプレイヤーは手札を2枚ランダムで捨てる」; システムγ (PR-022):
    「対戦相手のコスト2以下のユニット1体を選ぶ。それの行動権を消費する」 skips a cost-3 unit."""
    dinner = real("1-1-097")
    s = state([dinner, card("U"), card("H1"), card("H2"), card("H3")], [card("O1"), card("O2"), card("O3")])
    hand(s, 0, 2, 3, 4)
    hand(s, 1, 0, 1, 2)
    FX.resolve_card(s, 0, 0, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["P"][1, R.P_HAND] == 1
    gamma = real("PR-022")
    s = state([gamma], [card("C3", cost=3), card("C2", cost=2)])
    setup_turn(s, 0)
    field(s, 1, 0)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["U"][1, 0, R.U_ACT] == 1  # only a cost-3 unit: nothing to dull
    field(s, 1, 1)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["U"][1, 0, R.U_ACT] == 1 and V(s)["U"][1, 1, R.U_ACT] == 0


@needs_catalog
def test_rule_8_set_level_to_3_overclocks():
    """雪解刀のヤヨイ (2-2-017): 「対戦相手のユニットを1体選ぶ。それのレベルを3にする」."""
    s = state([real("2-2-017")], [card("O", bp=(1000, 2000, 3000))])
    setup_turn(s, 0)
    field(s, 1, 0, act=0)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["U"][1, 0, R.U_LVL] == 3 and V(s)["U"][1, 0, R.U_ACT] == 1  # §8 OC recovers the action right


@needs_catalog
def test_rule_9_dogeza_recovers_and_pumps_the_same_chosen_unit():
    """土下座 (1-1-038), a §9 example: 「あなたの行動済ユニットを1体選ぶ。それの行動権を回復し、ターン終了時まで
    BPを+1000する」: unusable without an exhausted unit; both actions hit the one chosen unit."""
    dogeza = real("1-1-038")
    assert [e.target for e in dogeza.effects] == ["own_character", "chosen"]
    s = state([dogeza, card("A", colour="yellow"), card("B", colour="yellow")])
    zone(s, 0, 0)
    field(s, 0, 1)
    field(s, 0, 2)
    assert not FX.card_usable(s, 0, 0, -1, -1, -1)
    V(s)["U"][0, 1, R.U_ACT] = 0
    FX.resolve_card(s, 0, 0, -1, -1, -1)
    assert V(s)["U"][0, 1, R.U_ACT] == 1 and R.unit_bp(s, 0, 1) == 4000 and R.unit_bp(s, 0, 0) == 3000


@needs_catalog
def test_rule_9_draw_to_seven_and_bp_doubled():
    """メガソーラー・チャージ (1-0-116): 「手札が7枚になるまでカードを引く」; アイアンフィスト (PR-004):
    「ターン終了時までこのユニットのBPを2倍にする」."""
    assert any(e.op == "draw" and e.param == 1 and e.amount == 7 for e in real("1-0-116").effects)
    s = state([real("PR-004")], [card("O")])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    before = R.unit_bp(s, 0, j)
    FX.run_effects(s, 0, 0, R.TR_ATTACK, V(s)["U"][0, j, R.U_UID], -1, -1)
    assert R.unit_bp(s, 0, j) == 2 * before
    A.turn_end(s, 0)
    assert R.unit_bp(s, 0, j) == before


@needs_catalog
def test_rule_5_all_trigger_zones_destroyed_and_own_discard_then_draw():
    """黄泉の五条大橋 (1-2-040): 「全てのトリガーゾーンにあるカードを破壊する」; 亡霊を喚ぶ街 (1-4-040):
    「あなたは手札を1枚選んで捨て、カードを2枚引く」 (the discard is random: docs/policies_coj.md)."""
    s = state([real("1-2-040"), BLANK, BLANK], [BLANK, BLANK])
    zone(s, 0, 1, 2)
    zone(s, 1, 0, 1)
    FX.run_effects(s, 0, 0, R.TR_BATTLE, -1, -1, -1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_ZONE] == 0
    town = real("1-4-040")
    assert [(e.op, e.target) for e in town.effects] == [("discard", "own_player"), ("draw", "own_player")]
    s = state([town, card("H")])
    hand(s, 0, 1)
    V(s)["P"][0, R.P_TOP] = 2
    FX.resolve_card(s, 0, 0, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 2 and 1 not in V(s)["H"][0, :2]


@needs_catalog
def test_rule_9_own_unit_as_a_price_is_the_cheapest_one():
    """ダークテイマー (1-1-012): 「あなたのユニットを1体選ぶ。それを破壊する。そうした場合、あなたのCPを+2する」:
    the policy destroys its weakest unit; with no unit to destroy, no CP."""
    tamer = real("1-1-012")
    s = state([tamer, card("BIG", bp=(9000, 9000, 9000)), card("SMALL", bp=(1000, 1000, 1000))])
    setup_turn(s, 0, cp=0)
    field(s, 0, 1)
    field(s, 0, 2)
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    FX.settle(s)
    assert V(s)["P"][0, R.P_FIELD] == 1 and V(s)["U"][0, 0, R.U_CARD] == 1 and V(s)["P"][0, R.P_CP] == 2
    s = state([tamer])
    setup_turn(s, 0, cp=0)
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_CP] == 0


@needs_catalog
def test_rule_9_purple_gauge_and_its_icon_condition():
    """ダークチャージ (PR-170): enters -> 「あなたの紫ゲージを+1する」; ナイトガーデン (2-0-148): 「[▲3]…あなたの
    紫ゲージが3以上の場合、あなたのCPを+2する。あなたはカードを1枚引く」: unusable below 3 (it stays set)."""
    charge, garden = real("PR-170"), real("2-0-148")
    s = state([charge, garden, card("U", colour="purple")])
    setup_turn(s, 0, cp=1)  # the intercept's cost
    zone(s, 0, 1)
    j = field(s, 0, 2)
    V(s)["P"][0, R.P_PURPLE] = 1
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_PURPLE] == 2 and V(s)["P"][0, R.P_ZONE] == 1  # the intercept waits: gauge 2 < 3
    V(s)["P"][0, R.P_PURPLE] = 5
    _enter(s, 0, j)
    assert V(s)["P"][0, R.P_PURPLE] == 5 and V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_CP] == 1 - 1 + 2
    assert V(s)["P"][0, R.P_HAND] == 1


@needs_catalog
def test_rule_8_sweeps_with_a_level_floor_or_cost_bound():
    """ハッピーキャット (1-0-087): turn start -> 「対戦相手の全てのレベル2以上のユニットの行動権を消費する」;
    外無双 (1-3-010): OC -> 「全てのコスト1以下のユニットを消滅させる」."""
    s = state([real("1-0-087")], [card("L1"), card("L2")])
    field(s, 0, 0)
    field(s, 1, 0, lvl=1)
    field(s, 1, 1, lvl=2)
    A.turn_start(s, 0)
    assert V(s)["U"][1, 0, R.U_ACT] == 1 and V(s)["U"][1, 1, R.U_ACT] == 0
    s = state([card("MINE", cost=1)], [card("C1", cost=1), card("C2", cost=2)])
    field(s, 0, 0)
    field(s, 1, 0)
    field(s, 1, 1)
    sweep = next(e for e in real("1-3-010").effects if e.trigger == "overclock")
    FX.resolve(s, 0, R.OP_BREAK, R.TG_ALL, sweep.amount, sweep.param, -1, -1, -1)
    FX.settle(s)
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][1, R.P_FIELD] == 1 and R.deleted(s, 1, 0)


@needs_catalog
def test_rule_3_colour_or_species_filtered_target():
    """レッド・クロック (1-2-001): turn start -> 「あなたの赤属性ユニットを1体選ぶ。それのレベルを+1する」: the
    blue Lv.2 unit (which the engine would otherwise level first) is not a legal target."""
    s = state([real("1-2-001"), card("BLUE", colour="blue")])
    field(s, 0, 0)
    field(s, 0, 1, lvl=2)
    A.turn_start(s, 0)
    FX.settle(s)
    assert V(s)["U"][0, 0, R.U_LVL] == 2 and V(s)["U"][0, 1, R.U_LVL] == 2
    samurai = real("1-3-013")  # 「あなたの【侍】ユニットを1体選ぶ。それに【加護】を与える」
    s = state([samurai, card("BIG", bp=(9000, 9000, 9000))])
    V(s)["G"][R.G_FILTER] = samurai.effects[0].thash
    field(s, 0, 1)
    assert not FX.effect_possible(s, 0, R.OP_GRANT, R.TG_OWN, 1, 5, -1, -1, -1)
    field(s, 0, 0)
    assert FX.pick_target(s, 0, R.OP_GRANT, R.TG_OWN, 1, 5, -1, -1, -1) == 1


@needs_catalog
def test_rule_10_delete_resist_select_hack_and_overheat():
    """火炎将軍スルト (1-4-105) 【消滅効果耐性】: the opponent's delete skips it (a destroy still takes it);
    勇王機神バトルカイザー (1-4-230) 【セレクトハック】: the opponent's targeted effect must choose it;
    邪神エキドナ (2-2-005): 「対戦相手のユニットがフィールドに出た時、それに【オーバーヒート】を与える」 (the entering
    opposing unit), which then takes double damage from effects."""
    surt, kaiser, echidna = real("1-4-105"), real("1-4-230"), real("2-2-005")
    s = state([card("X")], [surt])
    field(s, 1, 0)
    FX.resolve(s, 0, R.OP_BREAK, R.TG_OPP, 0, FL_DELETE, -1, -1, -1)
    assert V(s)["P"][1, R.P_FIELD] == 1
    FX.resolve(s, 0, R.OP_BREAK, R.TG_OPP, 0, 0, -1, -1, -1)
    FX.settle(s)
    assert V(s)["P"][1, R.P_FIELD] == 0
    s = state([card("X")], [card("BIG", bp=(9000, 9000, 9000)), kaiser])
    field(s, 1, 0)
    field(s, 1, 1)
    assert FX.pick_target(s, 0, R.OP_DAMAGE, R.TG_OPP, 9000, 0, -1, -1, -1) == 1  # not the one the damage kills
    assert echidna.effects[0].target == "opp_character"
    s = state([echidna], [card("O", bp=(5000, 5000, 5000))])
    field(s, 0, 0)
    setup_turn(s, 1)
    _enter(s, 1, field(s, 1, 0))
    assert R.unit_kw(s, 1, 0) & R.KW_OVERHEAT and not R.unit_kw(s, 0, 0) & R.KW_OVERHEAT
    FX.resolve(s, 0, R.OP_DAMAGE, R.TG_OPP, 2500, 0, -1, -1, -1)
    FX.settle(s)
    assert V(s)["P"][1, R.P_FIELD] == 0  # 2 x 2500 >= 5000


@needs_catalog
def test_rule_9_two_timings_and_a_species_count_condition():
    """金剛・ヴァジュラ (1-4-214): 「このユニットがフィールドに出た時、またはあなたのターン開始時、対戦相手のコスト3以下の
    ユニットを1体選ぶ。それの行動権を消費する。あなたの【武身】が4体以上いる場合、対戦相手のターン開始時にも発動する」
    (its other ability, 武身転生 at the opponent's turn end, is left out: tests/test_coj_summon.py)."""
    vajra = real("1-4-214")
    vajra = replace(vajra, effects=tuple(e for e in vajra.effects if e.trigger != "opp_turn_end"))
    assert [e.trigger for e in vajra.effects] == ["enter", "turn_start", "opp_turn_start"]
    others = [replace(card(f"W{k}"), job="武身") for k in range(3)]  # 武身 units without abilities
    s = state([vajra, *others], [card("A", cost=1), card("B", cost=1), card("C", cost=1)])
    field(s, 0, 0)
    field(s, 0, 1)
    field(s, 0, 2)
    for k in range(3):
        field(s, 1, k, act=0)
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 4
    A.turn_start(s, 1)  # 3 武身: nothing
    FX.settle(s)
    assert V(s)["U"][1, :3, R.U_ACT].sum() == 3
    A.turn_end(s, 1)
    field(s, 0, 3)
    A.turn_start(s, 1)  # 4 武身: it fires at the opponent's turn start too
    FX.settle(s)
    assert V(s)["U"][1, :3, R.U_ACT].sum() == 2


@needs_catalog
def test_rule_7_round_parity_and_species_count_conditions():
    """夜陰の泥棒猫 (1-4-109): turn start, 「ラウンド数が偶数の場合」 dull an opposing unit; 炎式機工甲冑 (2-2-004):
    enters, 「あなたのフィールドに【機械】ユニットが3体以上いる場合」 【スピードムーブ】 to itself."""
    s = state([real("1-4-109")], [card("O")])
    field(s, 0, 0)
    field(s, 1, 0)
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 3, 5
    A.turn_start(s, 0)
    assert V(s)["U"][1, 0, R.U_ACT] == 1
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 4, 7
    A.turn_start(s, 0)
    assert V(s)["U"][1, 0, R.U_ACT] == 0
    armour = real("2-2-004")
    machine = replace(card("M"), job="機械")
    s = state([armour, machine, machine, armour])
    setup_turn(s, 0)
    field(s, 0, 1)
    j = field(s, 0, 0, restr=1)
    _enter(s, 0, j)
    assert V(s)["U"][0, j, R.U_RESTR] == 1  # 2 機械 (itself and one)
    field(s, 0, 2)
    j = field(s, 0, 3, restr=1)
    _enter(s, 0, j)
    assert V(s)["U"][0, j, R.U_RESTR] == 0


@needs_catalog
def test_rule_9_species_sweep_and_attacking_condition():
    """威圧 (1-1-032): 「あなたのユニットが戦闘した時、ターン終了時まであなたの全ての【悪魔】ユニットのBPを+3000する」
    (the other units are untouched); 悪の覚醒 (1-0-081): 「それがアタック中だった場合」 only on the attacker's side."""
    demon = replace(card("D"), job="悪魔")
    s = state([real("1-1-032"), demon, card("X")])
    field(s, 0, 1)
    field(s, 0, 2)
    FX.run_effects(s, 0, 0, R.TR_OWN_BATTLES, -1, -1, -1)
    assert R.unit_bp(s, 0, 0) == 6000 and R.unit_bp(s, 0, 1) == 3000
    awaken = real("1-0-081")
    s = state([awaken, card("U")])
    j = field(s, 0, 1)
    V(s)["G"][R.G_TP] = 1  # the opponent's turn: the own unit in the battle blocks
    assert not FX.card_usable(s, 0, 0, -1, 0, V(s)["U"][0, j, R.U_UID])
    V(s)["G"][R.G_TP] = 0
    FX.resolve_card(s, 0, 0, -1, 0, V(s)["U"][0, j, R.U_UID])
    assert R.unit_bp(s, 0, j) == 6000


@needs_catalog
def test_rule_9_zone_card_for_an_entering_unit_of_a_kind():
    """VIP待遇 (PR-147): 「あなたのコスト6以上のユニットがフィールドに出た時」 draw 1, CP +1: a cost-5 unit's entry
    leaves it set."""
    vip = real("PR-147")
    s = state([vip, card("C5", cost=5, colour="green"), card("C6", cost=6, colour="green")])  # a green intercept
    setup_turn(s, 0, cp=7)
    V(s)["P"][0, R.P_TOP] = 3
    zone(s, 0, 0)
    _enter(s, 0, field(s, 0, 1))
    assert V(s)["P"][0, R.P_ZONE] == 1 and V(s)["P"][0, R.P_HAND] == 0
    _enter(s, 0, field(s, 0, 2))
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_HAND] == 1 and V(s)["P"][0, R.P_CP] == 7 - 0 + 1


@needs_catalog
def test_rule_8_destroyed_by_battle_not_by_effect_and_evolution_entries():
    """クンフーマスター: 「このユニットが戦闘によって破壊された時」 CP +1 and draw 1, not when an effect destroys it;
    海鳴のセレナーデ (1-2-036): 「対戦相手の進化ユニットがフィールドに出るたび」 2 LP, not for a plain unit."""
    kungfu = real("クンフーマスター")
    s = state([kungfu, kungfu], [card("BIG", bp=(9000, 9000, 9000), kw=["speed_move"])])
    setup_turn(s, 1, cp=0)
    V(s)["P"][0, R.P_CP] = 0
    V(s)["P"][0, R.P_TOP] = 2
    field(s, 0, 0)
    FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0)
    FX.settle(s)
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][0, R.P_CP] == 0 and V(s)["P"][0, R.P_HAND] == 0
    field(s, 0, 1, lvl=1)
    V(s)["P"][0, R.P_LP] = 1  # seat 0 blocks to survive (every policy blocks at 1 LP)
    A.attack(s, 1, field(s, 1, 0))
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][0, R.P_CP] == 1 and V(s)["P"][0, R.P_HAND] == 1
    serenade = real("1-2-036")
    s = state([serenade], [card("U"), card("EVO", type="evolution")])
    field(s, 0, 0)
    setup_turn(s, 1)
    _enter(s, 1, field(s, 1, 0))
    assert V(s)["P"][1, R.P_LP] == 8
    _enter(s, 1, field(s, 1, 1))
    assert V(s)["P"][1, R.P_LP] == 6


@needs_catalog
def test_rule_5_mill_and_both_players_draw():
    """勝手気まま (2-0-114): 「あなたのデッキからカードを3枚ランダムで捨てる」 (the top 3 of the shuffled deck);
    幸せの贈り物 (2-0-007): 「お互いのプレイヤーはカードを1枚引く」."""
    s = state([real("2-0-114"), real("2-0-007")], [card("O")])
    V(s)["P"][0, R.P_TOP] = 2
    V(s)["P"][1, R.P_TOP] = 1
    FX.run_effects(s, 0, 0, R.TR_BATTLE, -1, -1, -1)
    assert V(s)["P"][0, R.P_TOP] == 5 and V(s)["P"][0, R.P_HAND] == 0
    FX.run_effects(s, 0, 1, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["P"][1, R.P_HAND] == 1


@needs_catalog
def test_rule_9_one_unit_of_each_side():
    """ブロウ・アップ (1-1-031): 「あなたのユニットと対戦相手のユニットをそれぞれ1体ずつ選ぶ。それらに5000ダメージ」."""
    s = state([real("1-1-031"), card("MINE", bp=(9000, 9000, 9000))], [card("O", bp=(9000, 9000, 9000))])
    field(s, 0, 1)
    field(s, 1, 0)
    FX.resolve_card(s, 0, 0, -1, -1, -1)
    assert V(s)["U"][0, 0, R.U_DMG] == 5000 and V(s)["U"][1, 0, R.U_DMG] == 5000


@needs_catalog
def test_rule_9_it_alone_is_the_event_unit():
    """ブラックホール (1-2-080): 「対戦相手のユニットがフィールドに出た時、それに7000ダメージを与える」: the entering unit,
    not the bigger one already there."""
    s = state([real("1-2-080"), card("MINE", colour="red")], [card("OLD", bp=(6000, 6000, 6000)), card("NEW")])
    zone(s, 0, 0)
    field(s, 0, 1)
    setup_turn(s, 1)
    V(s)["P"][0, R.P_CP] = 9
    field(s, 1, 0)
    _enter(s, 1, field(s, 1, 1))
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["U"][1, 0, R.U_CARD] == 0 and V(s)["P"][0, R.P_ZONE] == 0


@needs_catalog
def test_rule_9_the_entering_unit_after_an_own_cost():
    """泡沫の微熱 (2-2-101): 「対戦相手のユニットがフィールドに出た時、このユニットを破壊する。そうした場合、フィールドに
    出たユニットに5000ダメージを与える」."""
    s = state([real("2-2-101")], [card("OLD", bp=(5000, 5000, 5000)), card("NEW", bp=(5000, 5000, 5000))])
    field(s, 0, 0)
    setup_turn(s, 1)
    field(s, 1, 0)
    _enter(s, 1, field(s, 1, 1))
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][1, R.P_FIELD] == 1 and V(s)["U"][1, 0, R.U_CARD] == 0


@needs_catalog
def test_rule_9_counted_amount():
    """オルレアンの英雄 (1-0-049): enters -> 「このユニットの基本BPを+[あなたの受けているライフダメージ×2000]する」."""
    hero = real("1-0-049")
    s = state([hero])
    V(s)["P"][0, R.P_LP] = 5
    setup_turn(s, 0)
    j = field(s, 0, 0)
    before = R.unit_bp(s, 0, j)
    _enter(s, 0, j)
    assert R.unit_bp(s, 0, j) == before + 3 * 2000


@needs_catalog
def test_rule_9_bp_floor_and_the_opponent_choosing():
    """デリート (1-1-081): 「対戦相手のBP8000以上のユニットを1体選ぶ。それを破壊する」 skips a 7000 unit;
    選告・深緑の魔素 (2-1-016): 「対戦相手は以下の効果から1つを選び発動する」: one option runs (the opponent's
    scripted policy takes the first: CP +2 for the card's owner)."""
    s = state([real("1-1-081")], [card("S", bp=(7000, 7000, 7000)), card("B", bp=(8000, 8000, 8000))])
    setup_turn(s, 0)
    field(s, 1, 0)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_FIELD] == 1
    field(s, 1, 1)
    _enter(s, 0, 0)
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["U"][1, 0, R.U_CARD] == 0
    s = state([real("2-1-016"), card("U")])
    setup_turn(s, 0, cp=3)
    field(s, 0, 1)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_CP] == 5 and R.unit_bp(s, 0, 0) == 3000


@needs_catalog
def test_rule_10_oracle_miracle_runs_once():
    """【神託】 (2-0-011, 奇跡・出会いは必然): 「あなたのターン開始時、このユニットに【神託】がある場合、あなたのデッキから
    カードを1枚選んで手札に加える。このユニットの【神託】を取り除く」: the first turn start only."""
    miracle = real("2-0-011")
    assert "oracle" in miracle.keywords
    s = state([miracle, card("A"), card("B")])
    V(s)["P"][0, R.P_TOP] = 1
    j = field(s, 0, 0)
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 3
    A.turn_start(s, 0)  # the turn's draw of 2, then the miracle's card
    FX.settle(s)
    assert V(s)["P"][0, R.P_HAND] == 3 and V(s)["U"][0, j, R.U_LOST] & R.KW_ORACLE
    A.turn_end(s, 0)
    A.turn_start(s, 0)
    FX.settle(s)
    assert V(s)["P"][0, R.P_HAND] == 5


@needs_catalog
def test_rule_8_cost_floor_sweep_level_down_and_overclock_all():
    """ウェイト・イリュージョン (PR-042): 「対戦相手のコスト3以上の全てのユニットの行動権を消費する」; 永久の苦しみ
    (1-2-021): 「あなたのターン終了時、このユニットのレベルを-1する」; 伝説の大盗賊 (1-2-006): 「全てのユニットを
    オーバークロックさせる」 (Lv.3)."""
    s = state([real("PR-042")], [card("C2", cost=2), card("C3", cost=3)])
    setup_turn(s, 0)
    field(s, 1, 0)
    field(s, 1, 1)
    _enter(s, 0, field(s, 0, 0))
    assert V(s)["U"][1, 0, R.U_ACT] == 1 and V(s)["U"][1, 1, R.U_ACT] == 0
    s = state([real("1-2-021")])
    j = field(s, 0, 0, lvl=3)
    FX.run_effects(s, 0, 0, R.TR_TURN_END, V(s)["U"][0, j, R.U_UID], -1, -1)
    assert V(s)["U"][0, j, R.U_LVL] == 2
    thief = real("1-2-006")
    s = state([thief], [card("O")])
    field(s, 0, 0)
    field(s, 1, 0)
    FX.run_effects(s, 0, 0, R.TR_HIT_PLAYER, -1, -1, -1)
    FX.settle(s)
    assert V(s)["U"][0, 0, R.U_LVL] == 3 and V(s)["U"][1, 0, R.U_LVL] == 3


@needs_catalog
def test_rule_9_own_battles_it_is_the_own_unit_in_that_battle():
    """悪の覚醒 (1-0-081): 「あなたのユニットが戦闘した時、それがアタック中だった場合、ターン終了時までそれのBPを+3000
    する」: the attacker gets it, not the bigger ready unit beside it."""
    s = state([real("1-0-081"), card("ATK", bp=(5000, 5000, 5000)), card("BIG", bp=(9000, 9000, 9000))],
              [card("GRD", bp=(6000, 6000, 6000), kw=["forced_defense"])])
    zone(s, 0, 0)
    setup_turn(s, 0)
    a = field(s, 0, 1)
    field(s, 0, 2)
    field(s, 1, 0)
    A.attack(s, 0, a)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_FIELD] == 0  # 5000 + 3000 beat the 6000 blocker
    assert R.unit_bp(s, 0, 1) == 9000


# issue 35: OC timing, clock-up on the field, the player's choices ----------------------------------

def _drive_lv3(s, p, c):
    hand(s, p, c)
    V(s)["HL"][p, V(s)["P"][p, R.P_HAND] - 1] = 3
    A.drive(s, p, V(s)["P"][p, R.P_HAND] - 1)


@needs_catalog
def test_rule_9_1_0_001_oc_of_a_lv3_drive_resolves_at_once():
    """ブラッドハウンド (1-0-001) driven at Lv.3 with nothing answering its entry: the OC 4000 damage lands
    as it enters (it used to wait in the queue until the opponent's next attack)."""
    s = state([real("1-0-001")], [card("M4", bp=(4000, 4000, 4000))])
    setup_turn(s, 0)
    field(s, 1, 0)
    _drive_lv3(s, 0, 0)
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["G"][R.G_OQ] == 0


@needs_catalog
def test_rule_9_oc_abilities_come_after_the_events_other_effects():
    """§9: OC abilities resolve after every tier of the event. ブラッドハウンド (1-0-001) enters at Lv.3
    with アーマーブレイク (1-0-077, 「あなたのユニットがフィールドに出た時」 3000 damage) set: the intercept
    kills the 3000 BP unit first, then the OC's 4000 goes to the 7000 one (OC first: it would kill the
    3000 one and the intercept's 3000 would go to the 7000 one)."""
    s = state([real("1-0-001"), real("1-0-077")], [card("M3", bp=(3000, 3000, 3000)), card("M7", bp=(7000, 7000, 7000))])
    setup_turn(s, 0)
    zone(s, 0, 1)
    field(s, 1, 0)
    field(s, 1, 1)
    _drive_lv3(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_FIELD] == 1
    assert V(s)["U"][1, 0, R.U_CARD] == 1 and V(s)["U"][1, 0, R.U_DMG] == 4000


@needs_catalog
@pytest.mark.parametrize("code", ["1-2-008", "1-2-021", "1-2-027", "1-3-206", "PR-059"])
def test_rule_8_clock_up_on_the_field_is_not_an_entry_at_lv3(code):
    """「フィールドでレベル3にクロックアップした時」 (1-2-008, 1-2-021, 1-2-027, 1-3-206, PR-059): the OC rows
    carry CC_ON_FIELD; driven from hand at Lv.3 the ability does not fire."""
    unit = real(code)
    rows = [e for e in unit.effects if e.trigger == "overclock"]
    assert rows and all(e.cond & VOC.CC_ON_FIELD for e in rows)
    s = state([unit], [card("O", bp=(1000, 1000, 1000))])
    setup_turn(s, 0)
    field(s, 1, 0, act=0)
    _drive_lv3(s, 0, 0)
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["P"][0, R.P_FIELD] == 1


@needs_catalog
def test_rule_8_1_2_008_dragon_volcano_clocks_up_at_turn_start():
    """ドラゴンボルケーノ (1-2-008): Lv.2 -> its turn start +1 -> Lv.3 on the field: 10000 to every unit, at
    once (it used to wait for a later event and wipe the board in the middle of an attack)."""
    s = state([real("1-2-008"), card("MINE", bp=(9000, 9000, 9000))], [card("O", bp=(9000, 9000, 9000))])
    V(s)["G"][R.G_ROUND] = 2
    field(s, 0, 0, lvl=2)
    field(s, 0, 1)
    field(s, 1, 0)
    A.turn_start(s, 0)
    assert V(s)["G"][R.G_OQ] == 0
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][0, R.P_FIELD] == 0  # 10000 BP at Lv.3: itself too


@needs_catalog
def test_rule_9_1_4_261_pain_shadow_gives_up_the_cheapest_unit():
    """ペイン・シャドウ (1-4-261): 「あなたのユニットがフィールドに出た時、あなたのユニットを1体選ぶ。それを破壊する」:
    the player gives up its weakest unit, not the one that just entered."""
    s = state([real("1-4-261"), card("SMALL", colour="blue", bp=(1000, 1000, 1000)),
               card("BIG", colour="blue", bp=(9000, 9000, 9000))])
    setup_turn(s, 0)
    zone(s, 0, 0)
    field(s, 0, 1)
    hand(s, 0, 2)
    A.drive(s, 0, 0)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_FIELD] == 1 and V(s)["U"][0, 0, R.U_CARD] == 2


@needs_catalog
def test_rule_10_1_0_021_indomitable_at_its_own_turn_end_only():
    """護符剣士ライマル (1-0-021) 【不屈】: 「あなたのターン終了時」 (keywords.json), not the opponent's."""
    s = state([real("1-0-021")])
    field(s, 0, 0, act=0)
    A.turn_end(s, 1)
    assert V(s)["U"][0, 0, R.U_ACT] == 0
    A.turn_end(s, 0)
    assert V(s)["U"][0, 0, R.U_ACT] == 1
    s = state([real("1-0-021")], options={"indomitable_every_turn_end": 1})
    field(s, 0, 0, act=0)
    A.turn_end(s, 1)
    assert V(s)["U"][0, 0, R.U_ACT] == 1


@needs_catalog
def test_rule_9_1_0_010_chosen_discard_is_the_policys():
    """不知火伍式 (1-0-010) 地獄剣: 「あなたは手札を1枚選んで捨てる。そうした場合、…BPを+4000」: a scripted
    policy discards its highest-cost card (as at turn end), not a random one."""
    s = state([real("1-0-010"), card("C1"), card("C7", cost=7), card("C2", cost=2)])
    setup_turn(s, 0)
    hand(s, 0, 1, 2, 3)
    j = field(s, 0, 0)
    FX.run_effects(s, 0, 0, R.TR_ATTACK, V(s)["U"][0, j, R.U_UID], 0, V(s)["U"][0, j, R.U_UID])
    assert sorted(V(s)["H"][0, :2]) == [1, 3] and R.unit_bp(s, 0, j) == 9000


@needs_catalog
def test_rule_9_1_0_093_magic_book_recovers_the_policys_pick():
    """マジックブック (1-0-093): 「あなたの捨札にあるカードを1枚選ぶ。それを手札に加える」: the highest cost."""
    book = real("1-0-093")
    assert book.effects[0].param == VOC.RECOVER_CHOSEN  # any card type
    s = state([book, card("C1"), card("C6", cost=6), card("C2", cost=2)])
    V(s)["P"][0, R.P_TOP] = 4  # copies 0-3 left the deck: in the discard (the book itself too, cost 2)
    FX.resolve_card(s, 0, 0, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["H"][0, 0] == 2
    s = state([book, card("C1"), card("C6", cost=6), card("C2", cost=2)], policies=(0, 0))
    V(s)["P"][0, R.P_TOP] = 4
    FX.resolve_card(s, 0, 0, -1, -1, -1)  # the random policy: any of them
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["H"][0, 0] in (0, 1, 2, 3)


@needs_catalog
def test_rule_9_2_1_013_setsuka_mills_and_recovers_by_choice():
    """雪娘セツカ (2-1-013): enters -> 「デッキからカードを1枚選んで捨てる」 (the policy's pick: the highest
    cost); OC -> 「捨札にあるカードを1枚選ぶ。それを手札に加える」 (that card back)."""
    s = state([real("2-1-013"), card("C1"), card("C12", cost=12), card("C2", cost=2)])  # the filler costs 9
    setup_turn(s, 0)
    V(s)["P"][0, R.P_TOP] = 1  # copy 0 left the deck
    j = field(s, 0, 0)
    _enter(s, 0, j)
    assert V(s)["P"][0, R.P_TOP] == 2 and V(s)["DK"][0, 1] == 2  # C12 went to the discard
    R.set_level(s, 0, j, 3)
    FX.settle(s)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["H"][0, 0] == 2


@needs_catalog
@pytest.mark.parametrize("code", ["2-0-036", "1-3-108"])
def test_rule_9_level_up_any_unit_falls_back_to_an_opposing_one(code):
    """カウンター・クロック (2-0-036, 1-3-108): 「ユニットを1体選ぶ。それのレベルを+1する」: any unit. The
    policy raises its own; with none that can rise (all Lv.3) it must raise an opposing one, the lowest."""
    unit = real(code)
    assert any(e.op == "level_up" and e.target == "any_character" for e in unit.effects)
    s = state([unit], [card("O1"), card("O2")])
    setup_turn(s, 1)
    j = field(s, 0, 0)
    field(s, 1, 0, lvl=2)
    field(s, 1, 1)
    FX.run_effects(s, 0, 0, R.TR_OPP_HIT, V(s)["U"][0, j, R.U_UID], -1, -1)
    assert V(s)["U"][0, j, R.U_LVL] == 2 and list(V(s)["U"][1, :2, R.U_LVL]) == [2, 1]
    V(s)["U"][0, j, R.U_LVL] = 3
    R.unit_derive(s, 0, j)  # its BP now (U_BP) follows the level written
    FX.run_effects(s, 0, 0, R.TR_OPP_HIT, V(s)["U"][0, j, R.U_UID], -1, -1)
    assert list(V(s)["U"][1, :2, R.U_LVL]) == [2, 2]


@needs_catalog
def test_rule_8_1_2_012_clock_up_ability_fires_at_every_rise_on_the_field():
    """ダメージブレイク (1-2-012): 「このユニットがクロックアップするたび、対戦相手のユニットを1体選ぶ。それに5000
    ダメージを与える」: Lv.1 -> 2 and Lv.2 -> 3 on the field fire it; entering at Lv.3 does not."""
    unit = real("1-2-012")
    rows = [e for e in unit.effects if e.cond & VOC.CC_CLOCKUP]
    assert rows and all(e.trigger == "overclock" for e in rows)
    s = state([unit, unit], [card("O1", bp=(5000, 5000, 5000)), card("O2", bp=(5000, 5000, 5000)),
                             card("O3", bp=(5000, 5000, 5000))])
    setup_turn(s, 0)
    for c in range(3):
        field(s, 1, c)
    j = field(s, 0, 0)
    R.set_level(s, 0, j, 2)
    FX.settle(s)
    assert V(s)["P"][1, R.P_FIELD] == 2
    R.set_level(s, 0, j, 3)
    FX.settle(s)
    assert V(s)["P"][1, R.P_FIELD] == 1
    _drive_lv3(s, 0, 1)
    assert V(s)["P"][1, R.P_FIELD] == 1 and V(s)["P"][0, R.P_FIELD] == 2


@needs_catalog
def test_rule_8_2_0_036_level_rise_adds_to_the_purple_gauge():
    """大見得斬り (2-0-036): 「このユニットのレベルが上がった時、あなたの紫ゲージを+1する」: once per rise."""
    s = state([real("2-0-036")])
    setup_turn(s, 0)
    j = field(s, 0, 0)
    R.set_level(s, 0, j, 2)
    FX.settle(s)
    R.set_level(s, 0, j, 1)
    FX.settle(s)
    assert V(s)["P"][0, R.P_PURPLE] == 1


@needs_catalog
def test_rule_9_2_0_004_random_unit_is_a_uniform_pick():
    """狂獣乱破 (2-0-004): 「対戦相手のユニットからランダムで1体に5000ダメージを与える」 picks uniformly among the
    legal units (no 加護 one), not the unit the policy would choose (the one it kills)."""
    assert [e.tmask for e in real("2-0-004").effects if e.trigger == "battle"] == [1]
    hit = set()
    for seed in range(16):
        s = state([real("2-0-004")], [card("SMALL", bp=(3000,) * 3), card("BIG", bp=(9000,) * 3),
                                      card("SAFE", bp=(1000,) * 3, kw=["protection"])], seed=seed)
        setup_turn(s, 0)
        j = field(s, 0, 0)
        for c in range(3):
            field(s, 1, c)
        FX.run_effects(s, 0, 0, R.TR_BATTLE, V(s)["U"][0, j, R.U_UID], -1, -1)
        FX.settle(s)
        alive = list(V(s)["U"][1, :V(s)["P"][1, R.P_FIELD], R.U_CARD])
        assert 2 in alive and len(alive) in (2, 3)
        hit.add("SMALL" if 0 not in alive else "BIG")
    assert hit == {"SMALL", "BIG"}


@needs_catalog
def test_rule_8_1_1_053_battle_won_fires_for_the_winner_only():
    """チャージ (1-1-053): 「このユニットが戦闘に勝利した時、あなたのCPを+2する」: at its won battle, not at a
    battle it does not win (nor at the battle event itself)."""
    s = state([real("1-1-053")], [card("WEAK", bp=(1000,) * 3, kw=["forced_defense"])])
    setup_turn(s, 0, cp=0)
    field(s, 1, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][0, R.P_CP] == 2
    s = state([real("1-1-053")], [card("WALL", bp=(9000,) * 3, kw=["forced_defense"])])
    setup_turn(s, 0, cp=0)
    field(s, 1, 0)
    A.attack(s, 0, field(s, 0, 0))
    assert V(s)["P"][0, R.P_FIELD] == 0 and V(s)["P"][0, R.P_CP] == 0


@needs_catalog
def test_rule_9_1_0_060_zone_card_answers_your_units_won_battle():
    """アドバンスエネルギー (1-0-060, trigger): 「あなたのユニットが戦闘に勝利した時、CPを+2する」: it stays set
    through the battle event and fires when the own unit wins (here the blocker, in the opponent's turn)."""
    s = state([real("1-0-060"), card("GUARD", bp=(9000,) * 3)], [card("RUSH", bp=(3000,) * 3)])
    zone(s, 0, 0)
    field(s, 0, 1)
    setup_turn(s, 1)
    V(s)["P"][0, R.P_CP] = 0
    A.attack(s, 1, field(s, 1, 0))  # the curve policy blocks with the unit that wins
    assert V(s)["P"][1, R.P_FIELD] == 0 and V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][0, R.P_CP] == 2
    s = state([real("1-0-060"), card("GUARD", bp=(1000,) * 3, kw=["forced_defense"])], [card("RUSH", bp=(3000,) * 3)])
    zone(s, 0, 0)
    field(s, 0, 1)
    setup_turn(s, 1)
    A.attack(s, 1, field(s, 1, 0))
    assert V(s)["P"][0, R.P_ZONE] == 1  # lost the battle: still set
