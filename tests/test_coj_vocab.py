"""Everything the CoJ importer can emit is executed by the engine (no silent no-ops): each timing fires
a card at its event, each op and target changes the game state (sim/games/coj_vocab.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sim.cards.effects import OPS, TARGETS, Effect
from sim.games.coj import actions as A
from sim.games.coj import effects as FX
from sim.games.coj import engine as coj
from sim.games.coj import importer as T
from sim.games.coj import policy as PO
from sim.games.coj import rules as R
from sim.games.coj import vocab as VOC
from tests.test_coj_rules import V, card, field, state, zone


def test_everything_the_importer_emits_is_executed():
    ops = {T._op_fl(op)[0] for _, op in T._ON_IT} | {T._op_fl(op)[0] for _, op, _ in T._ALONE} | {"recover", "break_power"}
    ops |= {op for _, op, _, _ in T._ALONE_FL} | {op for _, op in T._ALONE_KIND} | {"search"}  # _SEARCH_FILTERED
    ops |= {"play"}  # _SUMMON
    # own_other and all_other are the importer's aliases, rewritten to own_character / all_characters + FL_OTHER
    targets = {target for _, _, target in T._ALONE} - {"own_other", "all_other"} | {target for _, _, target, _ in T._ALONE_FL}
    targets |= {"opp_character", "own_character"}
    assert ops <= VOC.OPS and targets <= VOC.TARGETS
    # CC_ORACLE reads the effect's own unit: test_every_modifier_changes_what_is_hit
    assert {kind for _, kind in T._CONDITIONS} <= set(COND_CASES) | set(COND_PREPARED) | {VOC.CC_ORACLE}
    assert {name for _, name in T._TRIGGERS} <= VOC.UNIT_TRIGGERS
    assert {name for _, name in T._ZONE_TRIGGERS} | {"cast"} <= VOC.ZONE_TRIGGERS
    assert set(VOC.KEYWORDS) == set(R.KEYWORDS)


# ---------------------------------------------------------------- every timing fires at its event

ATT = card("ATT", bp=(9000, 9000, 9000), kw=["speed_move"])  # seat 1's attacker: nothing blocks it
GUARD = card("GRD", bp=(1000, 1000, 1000), kw=["forced_defense"])  # seat 1's blocker


def _scene(x, unit_x):
    """Seat 0: X (copy 0) on the field (a unit) or set (a zone card, with a unit U on the field);
    seat 1: ATT, GUARD, a spare unit. Round 2, both with CP."""
    u = card("U", bp=(3000, 3000, 3000), kw=["speed_move", "forced_defense"])
    s = state([x, u, u], [ATT, GUARD, card("E")])
    if unit_x:
        field(s, 0, 0)
    else:
        zone(s, 0, 0)
        field(s, 0, 1)
    V(s)["G"][R.G_ROUND], V(s)["G"][R.G_TURN] = 2, 3
    V(s)["P"][0, R.P_CP] = V(s)["P"][1, R.P_CP] = 7
    return s


def _attack(s, p, blocked):
    if blocked and p == 0:
        field(s, 1, 1)
    V(s)["G"][R.G_TP] = p
    if p == 1 and not blocked:
        V(s)["U"][0, :, R.U_ACT] = 0  # seat 0 cannot block
    A.attack(s, p, field(s, p, 0) if p == 1 else 0)


EVENTS = {
    "enter0": lambda s: A.on_enter(s, 0, V(s)["U"][0, 0, R.U_UID]),
    "enter1": lambda s: A.on_enter(s, 1, V(s)["U"][1, field(s, 1, 2), R.U_UID]),
    "attack0": lambda s: _attack(s, 0, False),
    "blocked0": lambda s: _attack(s, 0, True),
    "attack1": lambda s: _attack(s, 1, False),
    "blocked1": lambda s: _attack(s, 1, True),
    "destroy0": lambda s: (FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, 0), FX.settle(s)),
    "oc0": lambda s: (R.set_level(s, 0, 0, 3), FX.settle(s)),
    "start0": lambda s: A.turn_start(s, 0),
    "end0": lambda s: A.turn_end(s, 0),
    "start1": lambda s: A.turn_start(s, 1),
    "end1": lambda s: A.turn_end(s, 1),
    "other_enter0": lambda s: A.on_enter(s, 0, V(s)["U"][0, field(s, 0, 1), R.U_UID]),
    "other_attack0": lambda s: _other_attacks(s),
    "other_block0": lambda s: _other_blocks(s),
    "other_destroy0": lambda s: _other_destroyed(s),
    "other_oc0": lambda s: (R.set_level(s, 0, field(s, 0, 2), 3), FX.settle(s)),
    "other_won0": lambda s: _other_wins(s),
    "zone_broken0": lambda s: _zone_broken(s, 0),
    "zone_broken1": lambda s: _zone_broken(s, 1),
    "delete0": lambda s: (FX.hit_unit(s, 1, 0, 0, R.OP_BREAK, 0, VOC.FL_DELETE), FX.settle(s)),
    "trigger_used0": lambda s: (R.queue_event(s, R.EVQ_TRIGGER, 0), FX.settle(s)),
    "trigger_used1": lambda s: (R.queue_event(s, R.EVQ_TRIGGER, 1), FX.settle(s)),
    "intercept_used0": lambda s: (R.queue_event(s, R.EVQ_INTERCEPT, 0), FX.settle(s)),
    "intercept_used1": lambda s: (R.queue_event(s, R.EVQ_INTERCEPT, 1), FX.settle(s)),
    "discarded0": lambda s: _discards(s, 0),
    "discarded1": lambda s: _discards(s, 1),
    "activate0": lambda s: A.do_action(s, 0, PO.act(PO.A_ACTIVATE, 0, 0)),
}


def _other_wins(s):
    """Seat 0's other unit (copy 1, U, 3000) attacks and wins the battle against seat 1's blocker (GUARD, 1000)."""
    field(s, 1, 1)
    V(s)["G"][R.G_TP] = 0
    A.attack(s, 0, field(s, 0, 1))


def _zone_broken(s, q):
    """The other seat's effect destroys the card set in seat q's trigger zone (copy 2, set for it)."""
    R.zone_add(s, q, 2)
    FX.resolve(s, 1 - q, R.OP_ZONE_BREAK, R.TG_OPP_PLAYER, 1, 0, -1, -1, -1)
    FX.settle(s)


def _discards(s, q):
    """Seat q discards a card of its hand by the other seat's effect."""
    R.add_to_hand(s, q, 2, 1)
    FX.resolve(s, 1 - q, R.OP_DISCARD, R.TG_OPP_PLAYER, 1, 0, -1, -1, -1)
    FX.settle(s)


def _other_attacks(s):
    """Seat 0's other unit (copy 1, U) attacks; nothing blocks it."""
    V(s)["G"][R.G_TP] = 0
    A.attack(s, 0, field(s, 0, 1))


def _other_blocks(s):
    """Seat 1 attacks and seat 0's other unit (U, 強制防御) blocks; X has no action right to block."""
    field(s, 0, 1)
    V(s)["U"][0, 0, R.U_ACT] = 0
    _attack(s, 1, True)
def _other_destroyed(s):
    """Seat 0's other unit (copy 1, U) is destroyed by seat 1's effect."""
    FX.hit_unit(s, 1, 0, field(s, 0, 1), R.OP_BREAK, 0, 0)
    FX.settle(s)


UNIT_EVENTS = {"enter": "enter0", "attack": "attack0", "block": "blocked1", "battle": "blocked0",
               "leave": "destroy0", "overclock": "oc0", "hit_player": "attack0", "turn_start": "start0",
               "turn_end": "end0", "opp_turn_start": "start1", "opp_turn_end": "end1", "opp_enters": "enter1",
               "opp_attacks": "attack1", "opp_hit_player": "attack1", "own_enters": "other_enter0",
               "own_attacks": "other_attack0", "own_blocks": "other_block0", "own_hit_player": "other_attack0",
               "own_destroyed": "other_destroy0", "own_overclock": "other_oc0", "own_trigger_used": "trigger_used0",
               "opp_trigger_used": "trigger_used1", "own_intercept_used": "intercept_used0",
               "opp_intercept_used": "intercept_used1", "own_discarded": "discarded0", "opp_discards": "discarded1",
               "own_battles": "other_won0", "deleted": "delete0", "opp_zone_broken": "zone_broken1",
               "own_zone_broken": "zone_broken0", "action": "activate0"}
ZONE_EVENTS = {"enter": "enter0", "own_enters": "enter0", "opp_enters": "enter1", "attack": "attack0",
               "own_attacks": "attack0", "opp_attacks": "attack1", "cast": "attack1", "own_battles": "blocked0",
               "own_blocks": "blocked1", "own_hit_player": "attack0", "opp_hit_player": "attack1",
               "leave": "destroy0", "turn_start": "start0", "opp_turn_start": "start1", "turn_end": "end0",
               "opp_turn_end": "end1", "own_overclock": "other_oc0", "opp_trigger_used": "trigger_used1",
               "opp_intercept_used": "intercept_used1", "own_discarded": "discarded0", "opp_discards": "discarded1",
               "opp_zone_broken": "zone_broken1"}


def test_every_timing_has_an_event():
    assert set(UNIT_EVENTS) == VOC.UNIT_TRIGGERS and set(ZONE_EVENTS) == VOC.ZONE_TRIGGERS


@pytest.mark.parametrize(("kind", "trigger"), [("unit", t) for t in sorted(UNIT_EVENTS)]
                         + [("intercept", t) for t in sorted(ZONE_EVENTS)] + [("trigger", t) for t in sorted(ZONE_EVENTS)])
def test_every_timing_fires(kind, trigger):
    """A card whose only ability heals 100 LP (nothing else moves LP that far) fires at its event."""
    unit = kind == "unit"
    x = card("X", type=kind, cost=0, colour="red" if unit else "colorless", bp=(3000, 3000, 3000) if unit else (0, 0, 0),
             kw=["forced_defense"] if unit else [], eff=[f"{trigger}:heal:100:own_player"])
    s = _scene(x, unit)
    EVENTS[(UNIT_EVENTS if kind == "unit" else ZONE_EVENTS)[trigger]](s)
    assert V(s)["P"][0, R.P_LP] >= 100, f"{kind} {trigger} did not fire"


# ---------------------------------------------------------------- every op changes the state

SEATS = {"opp_character": R.TG_OPP, "own_character": R.TG_OWN, "self": R.TG_SELF, "opp_player": R.TG_OPP_PLAYER,
         "own_player": R.TG_OWN_PLAYER, "any_character": R.TG_ANY, "all_opp_characters": R.TG_ALL_OPP,
         "all_players": R.TG_ALL_PLAYERS, "all_own_characters": R.TG_ALL_OWN, "all_characters": R.TG_ALL,
         "chosen": R.TG_CHOSEN}
OP_CASES = {  # op -> (target, amount, param)
    "draw": ("own_player", 1, 0), "damage": ("opp_character", 1000, 0), "break": ("opp_character", 2, 0),
    "break_power": ("opp_character", 0, 5000), "dull": ("opp_character", 0, 0), "freeze": ("opp_character", 0, 0),
    "pump": ("own_character", 1000, 1), "weaken": ("opp_character", 1000, 0), "bounce": ("opp_character", 0, 0),
    "search": ("own_player", 1, -1), "gain_cp": ("own_player", 1, 0), "player_damage": ("opp_player", 1, 0),
    "heal": ("own_player", 1, 0), "haste": ("own_character", 0, 0), "discard": ("opp_player", 1, 0),
    "level_up": ("own_character", 1, 0), "recover": ("own_player", 1, -1),
    "grant_keyword": ("own_character", 0, R.KEYWORDS.index("penetrate")), "activate": ("own_character", 0, 0),
    "zone_break": ("opp_player", 1, 0), "mill": ("own_player", 1, 0),
    "play": ("own_player", 1, VOC.play_param(VOC.PLAY_DISCARD, True, -1, -1)),
}


def _op_scene():
    s = state([card("A"), card("B"), card("C")], [card("D"), card("E"), card("F")])
    field(s, 0, 0, act=0, restr=1)
    field(s, 1, 0, lvl=2)
    R.add_to_hand(s, 1, 1, 1)
    zone(s, 1, 2)
    V(s)["P"][0, R.P_TOP] = 3  # seat 0's copies 1 and 2 are in the discard
    V(s)["P"][1, R.P_TOP] = 3
    return s


def _snapshot(s):
    return coj._SCENARIOS[s][2].copy()


def test_every_op_has_a_case():
    assert set(OP_CASES) == VOC.OPS and {t for t, _, _ in OP_CASES.values()} <= VOC.TARGETS


@pytest.mark.parametrize("op", sorted(OP_CASES))
def test_every_op_changes_the_state(op):
    target, amount, param = OP_CASES[op]
    s = _op_scene()
    before = _snapshot(s)
    assert FX.effect_possible(s, 0, OPS.index(op), SEATS[target], amount, param, -1, -1, -1)
    FX.resolve(s, 0, OPS.index(op), SEATS[target], amount, param, -1, -1, -1)
    FX.settle(s)
    assert (_snapshot(s) != before).any(), f"{op} changed nothing"


@pytest.mark.parametrize("target", sorted(VOC.TARGETS - {"own_player", "opp_player", "all_players", "self", "chosen"}))
def test_every_unit_target_is_hit(target):
    s = _op_scene()
    before = _snapshot(s)
    FX.resolve(s, 0, R.OP_PUMP, SEATS[target], 1000, 0, -1, -1, -1)
    assert (_snapshot(s) != before).any(), f"{target} hit nothing"
    assert TARGETS.index(target) == SEATS[target]


def test_chosen_is_the_unit_the_previous_effect_hit():
    s = _op_scene()
    FX.resolve(s, 0, R.OP_DAMAGE, R.TG_OPP, 1000, 0, -1, -1, -1)
    FX.resolve(s, 0, R.OP_DULL, R.TG_CHOSEN, 0, 0, -1, -1, -1)
    assert V(s)["U"][1, 0, R.U_DMG] == 1000 and V(s)["U"][1, 0, R.U_ACT] == 0


def test_param_variants_of_draw_pump_and_zone_break():
    """draw param 1 (up to a hand of `amount`), pump param 2 (BP x amount), zone_break own_player."""
    s = _op_scene()
    FX.resolve(s, 0, R.OP_DRAW, R.TG_OWN_PLAYER, 2, 1, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 2 and not FX.effect_possible(s, 0, R.OP_DRAW, R.TG_OWN_PLAYER, 2, 1, -1, -1, -1)
    FX.resolve(s, 0, R.OP_PUMP, R.TG_SELF, 3, 2, V(s)["U"][0, 0, R.U_UID], -1, -1)
    assert R.unit_bp(s, 0, 0) == 9000
    FX.resolve(s, 0, R.OP_HEAL, R.TG_OWN_PLAYER, 3, 9, -1, -1, -1)  # heal param: the LP cap (「ライフは10以上にはならない」)
    assert V(s)["P"][0, R.P_LP] == 9 and not FX.effect_possible(s, 0, R.OP_HEAL, R.TG_OWN_PLAYER, 1, 9, -1, -1, -1)
    R.zone_add(s, 0, 2)
    FX.resolve(s, 0, R.OP_ZONE_BREAK, R.TG_OWN_PLAYER, 1, 0, -1, -1, -1)
    assert V(s)["P"][0, R.P_ZONE] == 0 and V(s)["P"][1, R.P_ZONE] == 1


def test_gain_cp_changes_the_joker_gauge_with_param_gain_joker():
    """gain_cp param GAIN_JOKER: the joker gauge in percent, 0..joker_gauge_max; a loss needs a gauge to take."""
    s = _op_scene()
    assert not FX.effect_possible(s, 0, R.OP_GAIN_CP, R.TG_OPP_PLAYER, -5, VOC.GAIN_JOKER, -1, -1, -1)
    FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OWN_PLAYER, 20, VOC.GAIN_JOKER, -1, -1, -1)
    FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OPP_PLAYER, 90, VOC.GAIN_JOKER, -1, -1, -1)
    FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OPP_PLAYER, 20, VOC.GAIN_JOKER, -1, -1, -1)
    assert V(s)["P"][0, R.P_GAUGE] == 20 and V(s)["P"][1, R.P_GAUGE] == 100 and V(s)["P"][0, R.P_CP] == 0
    FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OWN_PLAYER, -50, VOC.GAIN_JOKER, -1, -1, -1)
    assert V(s)["P"][0, R.P_GAUGE] == 0


def test_self_and_all_players_targets():
    s = _op_scene()
    uid = V(s)["U"][0, 0, R.U_UID]
    FX.resolve(s, 0, R.OP_PUMP, R.TG_SELF, 1000, 0, uid, -1, -1)
    assert R.unit_bp(s, 0, 0) == 4000
    FX.resolve(s, 0, R.OP_PLAYER_DAMAGE, R.TG_ALL_PLAYERS, 1, 0, -1, -1, -1)
    assert V(s)["P"][0, R.P_LP] == 7 and V(s)["P"][1, R.P_LP] == 7


# ---------------------------------------------------------------- every condition and modifier gates

COND_CASES = {  # CC kind -> (n, a change to the op scene that flips it from holding to not)
    VOC.CC_OWN_FIELD_LE: (1, lambda s: field(s, 0, 1)),
    VOC.CC_OWN_FIELD_GE: (1, lambda s: R.remove_unit(s, 0, 0)),
    VOC.CC_OPP_FIELD_GE: (1, lambda s: R.remove_unit(s, 1, 0)),
    VOC.CC_OPP_FIELD_LE: (1, lambda s: field(s, 1, 1)),
    VOC.CC_LIFE_LE: (8, lambda s: FX.resolve(s, 0, R.OP_HEAL, R.TG_OWN_PLAYER, 1, 0, -1, -1, -1)),
    VOC.CC_OPP_HAND_LE: (1, lambda s: R.add_to_hand(s, 1, 2, 1)),
    VOC.CC_OPP_ZONE_EMPTY: (0, lambda s: None),
    VOC.CC_LEVEL: (1 | 1 << 2, lambda s: R.set_level(s, 0, 0, 2)),
    VOC.CC_PURPLE_LE: (0, lambda s: FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OWN_PLAYER, 1, 1, -1, -1, -1)),
    VOC.CC_PURPLE_GE: (0, lambda s: None),
    VOC.CC_OWN_SPECIES_GE: (0, lambda s: None),
    VOC.CC_ROUND_ODD: (0, lambda s: V(s)["G"].__setitem__(R.G_ROUND, 2)),
    VOC.CC_OWN_HAND_LE: (0, lambda s: R.add_to_hand(s, 0, 1, 1)),
    VOC.CC_OWN_FIELD_EQ: (1, lambda s: field(s, 0, 1)),
    VOC.CC_ALL_FIELD_GE: (2, lambda s: R.remove_unit(s, 1, 0)),
    VOC.CC_CP_GE: (0, lambda s: None),
    VOC.CC_OPP_HAND_GE: (1, lambda s: R.remove_from_hand(s, 1, 0)),
    VOC.CC_LIFE_GE: (8, lambda s: R.lp_loss(s, 0, 1, False)),
    VOC.CC_ATTACKING: (0, lambda s: V(s)["G"].__setitem__(R.G_TP, 1)),
    VOC.CC_BLOCKING: (0, lambda s: V(s)["G"].__setitem__(R.G_TP, 0)),
    VOC.CC_OPP_ZONE_GE: (1, lambda s: R.zone_remove(s, 1, 0)),
    VOC.CC_DECK_GE: (37, lambda s: R.draw(s, 0, 1)),
    VOC.CC_DECK_LE: (37, lambda s: V(s)["P"].__setitem__((0, R.P_TOP), 2)),
    VOC.CC_OWN_COLOURS_GE: (1, lambda s: R.remove_unit(s, 0, 0)),
}
COND_PREPARED = {  # CC kind -> (n, a change that makes it hold, one that flips it back)
    VOC.CC_ROUND_EVEN: (0, lambda s: V(s)["G"].__setitem__(R.G_ROUND, 2), lambda s: V(s)["G"].__setitem__(R.G_ROUND, 3)),
    VOC.CC_LIFE_BEHIND: (0, lambda s: V(s)["P"].__setitem__((0, R.P_LP), 5), lambda s: V(s)["P"].__setitem__((1, R.P_LP), 4)),
    VOC.CC_OPP_ACTED_GE: (1, lambda s: V(s)["U"].__setitem__((1, 0, R.U_ACT), 0),
                          lambda s: V(s)["U"].__setitem__((1, 0, R.U_ACT), 1)),
    VOC.CC_OWN_HAND_GE: (1, lambda s: R.add_to_hand(s, 0, 1, 1), lambda s: R.remove_from_hand(s, 0, 0)),
    VOC.CC_OPP_FIELD_MORE: (0, lambda s: field(s, 1, 1), lambda s: field(s, 0, 1)),
    # seat 0's discard holds copies 1 and 2; its unit (copy 0) joins them, then copy 1 goes to the hand
    VOC.CC_DISCARD_GE: (3, lambda s: R.remove_unit(s, 0, 0), lambda s: R.add_to_hand(s, 0, 1, 1)),
}


@pytest.mark.parametrize("kind", sorted(COND_PREPARED))
def test_conditions_made_to_hold_then_not(kind):
    n, prep, flip = COND_PREPARED[kind]
    s = _op_scene()
    assert not FX.cond_holds(s, 0, VOC.coj_cond(kind, n), 0, -1, -1, -1)
    prep(s)
    assert FX.cond_holds(s, 0, VOC.coj_cond(kind, n), 0, -1, -1, -1)
    flip(s)
    assert not FX.cond_holds(s, 0, VOC.coj_cond(kind, n), 0, -1, -1, -1)


@pytest.mark.parametrize("kind", sorted(COND_CASES))
def test_every_condition_holds_then_not(kind):
    n, flip = COND_CASES[kind]
    s = _op_scene()
    if kind == VOC.CC_OWN_SPECIES_GE:  # own units of a colour (-mask) or species: seat 0 has 1 red unit
        assert FX.cond_holds(s, 0, VOC.coj_cond(kind, 1), VOC.unit_filter(1), -1, -1, -1)
        assert not FX.cond_holds(s, 0, VOC.coj_cond(kind, 2), VOC.unit_filter(1), -1, -1, -1)
        return
    if kind == VOC.CC_CP_GE:
        V(s)["P"][0, R.P_CP] = 3
        assert FX.cond_holds(s, 0, VOC.coj_cond(kind, 3), 0, -1, -1, -1) and not FX.cond_holds(s, 0, VOC.coj_cond(kind, 4), 0, -1, -1, -1)
        return
    if kind == VOC.CC_BLOCKING:
        V(s)["G"][R.G_TP] = 1
    if kind == VOC.CC_PURPLE_GE:  # the purple gauge starts at 0
        assert not FX.cond_holds(s, 0, VOC.coj_cond(kind, 1), 0, -1, -1, -1)
        FX.resolve(s, 0, R.OP_GAIN_CP, R.TG_OWN_PLAYER, 9, 1, -1, -1, -1)
        assert FX.cond_holds(s, 0, VOC.coj_cond(kind, 5), 0, -1, -1, -1) and V(s)["P"][0, R.P_PURPLE] == R.PURPLE_MAX
        return
    if kind == VOC.CC_OPP_ZONE_EMPTY:
        assert not FX.cond_holds(s, 0, VOC.coj_cond(kind, n), 0, -1, -1, -1)  # seat 1 has a card set
        R.zone_remove(s, 1, 0)
        assert FX.cond_holds(s, 0, VOC.coj_cond(kind, n), 0, -1, -1, -1)
        return
    uid = V(s)["U"][0, 0, R.U_UID]
    assert FX.cond_holds(s, 0, VOC.coj_cond(kind, n), 0, uid, -1, -1)
    flip(s)
    assert not FX.cond_holds(s, 0, VOC.coj_cond(kind, n), 0, uid, -1, -1)


def test_a_second_condition_must_hold_too():
    """E_COND2: 「あなたのライフが8以下で、対戦相手のトリガーゾーンにカードがある場合」 heals only once both hold."""
    heal = Effect("enter", "heal", 1, "own_player", cond=VOC.coj_cond(VOC.CC_LIFE_LE, 8),
                  cond2=VOC.coj_cond(VOC.CC_OPP_ZONE_GE, 1))
    s = state([replace(card("X"), effects=(heal,))], [card("D"), card("E")])
    V(s)["P"][0, R.P_LP] = 5
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_LP] == 5
    zone(s, 1, 1)
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_LP] == 6


def test_every_modifier_changes_what_is_hit():
    s = _op_scene()  # seat 0's unit: exhausted; seat 1's: active, Lv.2, cost 1
    uid = V(s)["U"][0, 0, R.U_UID]
    assert FX.unit_affected(s, 1, 0, 0, R.OP_DAMAGE, 1000, VOC.FL_ACTED)
    assert not FX.unit_affected(s, 0, 1, 0, R.OP_DAMAGE, 1000, VOC.FL_ACTED)
    assert not FX.unit_affected(s, 0, 1, 0, R.OP_DULL, 0, 1 << VOC.COST_SHIFT)  # cost bound + 1: cost <= 0
    assert FX.unit_affected(s, 0, 1, 0, R.OP_DULL, 0, 2 << VOC.COST_SHIFT)  # cost <= 1
    assert FX.unit_affected(s, 0, 1, 0, R.OP_DULL, 0, 2 << VOC.LVL_SHIFT)
    assert not FX.unit_affected(s, 0, 1, 0, R.OP_DULL, 0, 3 << VOC.LVL_SHIFT)
    assert not FX.effect_possible(s, 0, R.OP_PUMP, R.TG_ALL_OWN, 1000, VOC.FL_OTHER, uid, -1, -1)
    assert FX.pick_target(s, 0, R.OP_PUMP, R.TG_OWN, 1000, VOC.FL_OTHER, uid, 0, uid) == -1
    assert FX.unit_affected(s, 0, 1, 0, R.OP_BREAK_POWER, 0, 4000 | VOC.FL_BP_MIN)  # D at Lv.2: BP 4000 >= 4000
    assert not FX.unit_affected(s, 0, 1, 0, R.OP_BREAK_POWER, 0, 5000 | VOC.FL_BP_MIN)
    FX.resolve(s, 0, R.OP_BREAK, R.TG_OPP, 0, VOC.FL_DELETE, -1, -1, -1)
    FX.settle(s)
    assert V(s)["P"][1, R.P_FIELD] == 0 and R.deleted(s, 1, 0)
    assert not FX.cond_holds(s, 0, VOC.coj_cond(VOC.CC_ORACLE, 0), 0, uid, -1, -1)
    FX.resolve(s, 0, R.OP_GRANT, R.TG_SELF, 1, R.KEYWORDS.index("oracle"), uid, -1, -1)
    assert FX.cond_holds(s, 0, VOC.coj_cond(VOC.CC_ORACLE, 0), 0, uid, -1, -1)
    FX.resolve(s, 0, R.OP_GRANT, R.TG_SELF, 2, R.KEYWORDS.index("oracle"), uid, -1, -1)  # amount 2: taken
    assert not FX.cond_holds(s, 0, VOC.coj_cond(VOC.CC_ORACLE, 0), 0, uid, -1, -1)
    FX.resolve(s, 0, R.OP_LEVEL_UP, R.TG_SELF, 3, 1, uid, -1, -1)  # level_up param 1: set the level
    assert V(s)["U"][0, 0, R.U_LVL] == 3
    assert FX.search_match(s, 0, 0, VOC.search_filter(0, 1, -1)) and not FX.search_match(s, 0, 0, VOC.search_filter(0, 2, -1))
    assert FX.search_match(s, 0, 0, VOC.search_filter(-1, 0, 1)) and not FX.search_match(s, 0, 0, VOC.search_filter(-1, 0, 2))


def test_choice_cost_and_if_done_run_as_written():
    """CC_CHOICE: one option; CC_COST / CC_IF_DONE: nothing runs past an unpaid cost."""
    from sim.cards.effects import Effect
    choice = [Effect("enter", "draw", 1, "own_player", 0, cond=VOC.coj_cond(VOC.CC_CHOICE, 1)),
              Effect("enter", "heal", 5, "own_player", 0, cond=VOC.coj_cond(VOC.CC_CHOICE, 2))]
    cost = [Effect("enter", "gain_cp", -2, "own_player", 0, cond=VOC.coj_cond(VOC.CC_COST, 0)),
            Effect("enter", "heal", 5, "own_player", 0, cond=VOC.coj_cond(VOC.CC_IF_DONE, 0))]
    s = state([replace(card("C"), effects=tuple(choice)), replace(card("D"), effects=tuple(cost)), card("E")])
    V(s)["P"][0, R.P_TOP] = 0
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_HAND] == 1 and V(s)["P"][0, R.P_LP] == 8  # option 1 only
    V(s)["P"][0, R.P_CP] = 1
    FX.run_effects(s, 0, 1, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_CP] == 1 and V(s)["P"][0, R.P_LP] == 8
    V(s)["P"][0, R.P_CP] = 2
    FX.run_effects(s, 0, 1, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_CP] == 0 and V(s)["P"][0, R.P_LP] == 13


def test_a_condition_is_checked_once_for_its_run_of_effects():
    """「[▼0]…紫ゲージが0以下の場合、あなたの紫ゲージを+1する。カードを1枚引く」: the gauge rises by the first
    effect, the second still runs (one check for the ability's condition)."""
    from sim.cards.effects import Effect
    le0 = VOC.coj_cond(VOC.CC_PURPLE_LE, 0)
    effs = (Effect("enter", "gain_cp", 1, "own_player", 1, cond=le0), Effect("enter", "draw", 1, "own_player", 0, cond=le0))
    s = state([replace(card("C"), effects=effs), card("D")])
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_PURPLE] == 1 and V(s)["P"][0, R.P_HAND] == 1
    FX.run_effects(s, 0, 0, R.TR_ENTER, -1, -1, -1)
    assert V(s)["P"][0, R.P_PURPLE] == 1 and V(s)["P"][0, R.P_HAND] == 1


def test_every_count_kind_counts():
    """coj_vocab FE_*: what 「[…×N]」 multiplies the amount by, in the op scene (seat 0: 1 exhausted unit,
    copies 1 and 2 in the discard; seat 1: 1 active unit, 1 card in hand, 1 set)."""
    s = _op_scene()
    V(s)["P"][0, R.P_PURPLE] = 2
    V(s)["P"][0, R.P_LP] = 5
    V(s)["G"][R.G_ROUND] = 3
    want = {VOC.FE_PURPLE: 2, VOC.FE_LP_LOST: 3, VOC.FE_LP: 5, VOC.FE_OPP_HAND: 1, VOC.FE_DECK: V(s)["P"][0, R.P_N] - 3,
            VOC.FE_DISCARD: 2, VOC.FE_OWN_UNITS: 1, VOC.FE_OPP_UNITS: 1, VOC.FE_OPP_ACTED: 0,
            VOC.FE_EVENT_COST: 1, VOC.FE_ROUND: 3, VOC.FE_ZONES: 1, VOC.FE_OWN_ZONE: 0, VOC.FE_OPP_ZONE: 1}
    assert set(want) == {v for k, v in vars(VOC).items() if k.startswith("FE_")}
    uid = V(s)["U"][1, 0, R.U_UID]
    for fe, n in want.items():
        assert FX.fe_count(s, 0, fe, 0, 1, uid) == n, fe
    assert FX.fe_count(s, 0, VOC.FE_OWN_UNITS, VOC.unit_filter(2), 1, uid) == 0  # no yellow unit
    assert FX.fe_count(s, 0, VOC.FE_DISCARD, VOC.unit_filter(1), 1, uid) == 2  # both discard cards are red
    assert FX.fe_count(s, 0, VOC.FE_DISCARD, VOC.unit_filter(2), 1, uid) == 0
    assert FX.unit_matches(s, 1, 0, VOC.cost_floor(1)) and not FX.unit_matches(s, 1, 0, VOC.cost_floor(2))
