"""FFTCG: the lines of the Avalanche and Shinra starters that played with an approximation (issue 33), each now played
as printed, one scenario per card code: the element CP of an ability's cost (11.6.2), "choose 1 Forward" of either
side (11.8.4), the best of several names (Marlene 8-085C), the Turk Tseng 15-135S adds and the order of the cards he
returns, and Rufus 15-140S's "Damage 5 --" read when the ability triggers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sim.cards.model import Card
from sim.games.fftcg import core as K
from sim.games.fftcg import policy as P
from sim.games.fftcg import turn as T
from tests.test_fftcg_conformance import DATA, _of_kind
from tests.test_fftcg_conformance_cards import cast, fwd, line_card, stack
from tests.test_fftcg_rules import card, make, put

pytestmark = pytest.mark.skipif(not (DATA / "cards_fftcgsim_square_api.json").is_file(),
                                reason="shared FFTCG data absent")

ELEMENT_OF = {"火": "fire", "氷": "ice", "土": "earth", "雷": "lightning"}


def backup(code: str, element: str) -> Card:
    return card(code, "backup", cost=1, el=(element,))


# (card, start of its line, what seat 0 needs for the line to have a target: own Break Zone cards / the opponent's
# field)
ELEMENT_COSTS = [
    ("5-082C", "《土》《1》《ダル》, put Miner", [fwd("GONE")], [card("OPP")]),
    ("11-010C", "《火》《1》《ダル》, put Warrior", [], [fwd("OPP")]),
    ("8-095C", "《雷》《雷》《ダル》, put Black Mage", [card("LS", "summon", el=("lightning",))], [card("OPP")]),
    ("4-027C", "《氷》《ダル》, put Bard", [], [fwd("OPP")]),
]


def ability_usable(code: str, start: str, gone: list[Card], theirs: list[Card], elements: list[str]) -> bool:
    """The line's action ability can be used with active Backups of these elements as the only CP."""
    c = line_card(code, start, element_cp=True)
    mine = [backup(f"B{k}", e) for k, e in enumerate(elements)]
    S, v = make([c, *mine, *gone], theirs, filler=12)
    put(v, 0, 0, K.Z_FIELD)
    for k in range(len(mine)):
        put(v, 0, 1 + k, K.Z_FIELD)
    for k in range(len(gone)):
        put(v, 0, 1 + len(mine) + k, K.Z_BREAK)
    for k in range(len(theirs)):
        put(v, 1, k, K.Z_FIELD)
    usable = bool(P.can_activate(S, 0, 0, 0, 0))
    if usable:  # and it is paid with the Backups the cost names
        assert T.activate(S, 0, 0, 0, 1)
        K.resolve(S)
        assert v["gs"][K.X_VIOL] == 0
    return usable


@pytest.mark.parametrize("code,start,gone,theirs", ELEMENT_COSTS, ids=[e[0] for e in ELEMENT_COSTS])
def test_5_082C_11_010C_8_095C_4_027C_an_action_cost_is_paid_with_the_cp_of_its_elements(code, start, gone, theirs):
    icons = start.split(",")[0]
    named = [ELEMENT_OF[ch] for ch in icons if ch in ELEMENT_OF]
    generic = sum(int(ch) for ch in icons if ch.isdigit())
    assert not ability_usable(code, start, gone, theirs, ["water"] * (len(named) + generic))
    if len(named) > 1:  # 《雷》《雷》: one Lightning CP is not enough
        assert not ability_usable(code, start, gone, theirs, [named[0]] + ["water"] * (len(named) - 1 + generic))
    assert ability_usable(code, start, gone, theirs, named + ["water"] * generic)


def test_8_095C_two_lightning_cp_from_one_discarded_lightning_card():
    c = line_card("8-095C", "《雷》《雷》《ダル》, put Black Mage", element_cp=True)
    S, v = make([c, card("LS", "summon", el=("lightning",)), card("L", el=("lightning",)), card("I", el=("ice",))],
                [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 3, K.Z_HAND)
    assert not P.can_activate(S, 0, 0, 0, 0)  # an Ice card's 2 CP are not Lightning
    put(v, 0, 2, K.Z_HAND)
    assert P.can_activate(S, 0, 0, 0, 0)
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 3] == K.Z_HAND
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_HAND  # the Lightning Summon came back


def test_9_062H_vincent_zoom_needs_an_earth_cp():
    c = line_card("9-062H", "Zoom", element_cp=True)
    for element, usable in (("fire", False), ("earth", True)):
        S, v = make([c, c, backup("B0", element), backup("B1", "fire")], [card("BK", "backup", cost=3)], filler=12)
        put(v, 0, 0, K.Z_FIELD)
        put(v, 0, 1, K.Z_HAND)  # the Special Ability's same-name discard (11.7.1)
        put(v, 0, 2, K.Z_FIELD)
        put(v, 0, 3, K.Z_FIELD)
        put(v, 1, 0, K.Z_FIELD)
        assert bool(P.can_activate(S, 0, 0, 0, 0)) == usable


@pytest.mark.parametrize("element,added", [("fire", False), ("earth", True)])
def test_9_071C_bangaa_pays_an_earth_cp_when_he_enters(element: str, added: bool):
    c = line_card("9-071C", "When Bangaa enters the field, you may pay", element_cp=True)
    S, v = make([c, backup("B", element), card("E", el=("earth",))], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD)
    put(v, 0, 2, K.Z_BREAK)
    cast(S, v)
    assert (v["cs"][0, K.S_ZONE, 2] == K.Z_HAND) == added
    assert v["cs"][0, K.S_DULL, 1] == int(added)


@pytest.mark.parametrize("hand", [("ice", "lightning"), ("ice", "ice")])
def test_15_140S_rufus_pays_two_ice_and_two_lightning_cp(hand: tuple[str, str]):
    c = line_card("15-140S", "Damage 5 -- When Rufus enters the field", element_cp=True)
    turk = _of_kind(fwd("Reno", cost=3), "job", "Member of the Turks")
    S, v = make([c, turk, card("H0", el=(hand[0],)), card("H1", el=(hand[1],))], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_HAND)
    put(v, 0, 3, K.Z_HAND)
    v["ps"][0, K.P_DMG] = 5
    v["ps"][0, K.P_BONUS] = 2  # the 《2》
    cast(S, v)
    assert (v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD) == (hand == ("ice", "lightning"))


# -- "choose 1 Forward": either side's (11.8.4) -------------------------------------------------------------------------

def test_2_005C_sage_gives_haste_to_an_opposing_forward_when_it_is_the_only_one():
    c = line_card("2-005C", "When Sage enters the field, choose 1 Forward.")
    S, v = make([c], [fwd("OPP")], filler=12)
    put(v, 1, 0, K.Z_FIELD, sick=1)
    cast(S, v)
    assert v["cs"][1, K.S_SICK, 0] == 0  # Haste: it may attack this turn (15.2.2)


@pytest.mark.parametrize("code,start,check", [
    ("5-017C", "《ダル》, put Ninja", lambda S, v: K.has_kw(S, 0, 1, K.KW_NO_BLOCK)),
    ("4-030C", "《ダル》, put Black Mage", lambda S, v: v["cs"][0, K.S_DMG, 1] == 4000),
    ("8-029C", "《ダル》, put Bard", lambda S, v: v["cs"][0, K.S_FROZEN, 1] == 1),
])
def test_5_017C_4_030C_8_029C_a_harmful_choice_falls_on_the_players_own_forward_when_it_is_the_only_one(code, start,
                                                                                                         check):
    """The ability can be used with only the player's own Forward to choose (it is a legal target); the policies do not
    find it useful, and used, it hits that Forward."""
    c = line_card(code, start)
    S, v = make([c, fwd("MINE", 8000)], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    assert P.can_activate(S, 0, 0, 0, 0) and not P.ability_useful(S, 0, 0, 0)
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert check(S, v)


def test_11_010C_warrior_pumps_an_opposing_forward_when_it_is_the_only_one():
    c = line_card("11-010C", "《ダル》, put Warrior")
    S, v = make([c], [fwd("OPP")], filler=12)
    put(v, 0, 0, K.Z_FIELD)
    put(v, 1, 0, K.Z_FIELD)
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert K.power(S, 1, 0) == 6000


def test_11_010C_warrior_deals_5000_to_an_opposing_forward_before_its_own():
    c = line_card("11-010C", "《火》《1》《ダル》, put Warrior", element_cp=True)
    S, v = make([c, fwd("MINE"), card("F", el=("fire",))], [fwd("OPP")], filler=12)
    for k in range(2):
        put(v, 0, k, K.Z_FIELD)
    put(v, 0, 2, K.Z_HAND)
    put(v, 1, 0, K.Z_FIELD)
    assert T.activate(S, 0, 0, 0, 1)
    K.resolve(S)
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD


@pytest.mark.parametrize("pol,broken", [(K.RANDOM, True), (K.CURVE, False)])
def test_6_038R_hades_may_break_its_casters_own_dull_forward(pol: int, broken: bool):
    """With only the caster's own dull Forward on the field Hades can be cast (11.3: it has a legal target); the random
    policy may cast it (and its caster discards), curve does not find it useful."""
    c = line_card("6-038R", "Choose 1 dull Forward. Break it.")
    S, v = make([c, fwd("MINE"), card("H")], [card("OPP")], filler=12, pa=pol)
    put(v, 0, 1, K.Z_FIELD, dull=1)
    put(v, 0, 2, K.Z_HAND)
    put(v, 0, 0, K.Z_HAND)
    assert K.has_targets(S, 0, 0, 0, K.TR_CAST)
    assert bool(K.effect_useful(S, 0, 0, 0, 0, -1, -1)) is False
    if broken:
        assert T.cast(S, 0, 0, -1, -1, 1)
        K.resolve(S)
        assert v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK and v["cs"][0, K.S_ZONE, 2] == K.Z_BREAK


def test_6_102R_ramuh_may_pick_the_7000_damage_on_its_casters_own_active_forward():
    c = line_card("6-102R", "Select up to 2 of the 4 following actions.")
    S, v = make([c, fwd("MINE", el=("lightning",))], [card("OPP")], filler=12)
    put(v, 0, 1, K.Z_FIELD)
    _, pickable = K.option_places(S, 0, 0, 0, 0)
    assert pickable & (1 << 3) and pickable & (1 << 4)  # the 7000 damage and the Haste both have a target
    assert K.choose_modes(S, 0, 0, 0, 0) & (1 << 3) == 0  # curve does not damage its own Forward ("up to 2")


@pytest.mark.parametrize("theirs,hit", [([], False), ([fwd("OPP", 9000)], True)])
def test_6_017C_bahamut_ex_burst_is_not_used_on_the_players_own_forward(theirs: list[Card], hit: bool):
    c = line_card("6-017C", "Choose 1 Forward. Deal it 10000 damage.")
    S, v = make([replace(c, ex_burst=True), fwd("MINE", 9000)], theirs, filler=12)
    put(v, 0, 1, K.Z_FIELD)
    for k in range(len(theirs)):
        put(v, 1, k, K.Z_FIELD)
    stack(v, 0, [0])
    K.damage_player(S, 0, 1)
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 1] == K.Z_FIELD
    assert v["ps"][0, K.P_DMG] == (2 if hit else 1)  # "Bahamut deals you 1 point of damage" only when used
    if hit:
        assert v["cs"][1, K.S_ZONE, 0] == K.Z_BREAK


# -- a choice among names, Tseng's pick and order, Rufus's "Damage 5 --" ------------------------------------------------

@pytest.mark.parametrize("pol", [K.CURVE, K.CONTROL])
def test_8_085C_marlene_takes_the_named_card_worth_most(pol: int):
    """Tifa (printed before Barret) and Barret in the Break Zone: the player takes Barret, the 3-cost Forward."""
    c = line_card("8-085C", "When Marlene enters the field, choose 1 Card Name Aerith or Card Name Cloud")
    S, v = make([c, fwd("Tifa", cost=2), fwd("Barret", cost=3)], [card("OPP")], filler=12, pa=pol)
    put(v, 0, 1, K.Z_BREAK)
    put(v, 0, 2, K.Z_BREAK)
    cast(S, v)
    assert v["cs"][0, K.S_ZONE, 2] == K.Z_HAND and v["cs"][0, K.S_ZONE, 1] == K.Z_BREAK


def test_8_085C_marlene_random_policy_takes_a_name_it_holds():
    c = line_card("8-085C", "When Marlene enters the field, choose 1 Card Name Aerith or Card Name Cloud")
    for seed_card in range(6):  # any of the names with a card: never a name without one (nothing)
        S, v = make([c, fwd("Tifa", cost=2), fwd("Barret", cost=3)] + [card(f"P{k}") for k in range(seed_card)],
                    [card("OPP")], filler=12, pa=K.RANDOM)
        put(v, 0, 1, K.Z_BREAK)
        put(v, 0, 2, K.Z_BREAK)
        cast(S, v)
        assert sum(v["cs"][0, K.S_ZONE, k] == K.Z_HAND for k in (1, 2)) == 1


def test_15_135S_tseng_adds_the_turk_worth_most_and_returns_the_rest_best_first():
    c = line_card("15-135S", "When Tseng enters the field")
    small = _of_kind(fwd("SMALL", cost=2), "job", "Member of the Turks")
    big = _of_kind(fwd("BIG", cost=4), "job", "Member of the Turks")
    others = [fwd("O1", cost=1), fwd("O3", cost=3), fwd("O5", cost=5)]
    S, v = make([c, small, big, *others], [card("OPP")], filler=12)
    put(v, 0, 0, K.Z_HAND)
    stack(v, 0, [1, 3, 2, 4, 5])  # SMALL is revealed first
    assert T.cast(S, 0, 0, -1, -1, 1)
    K.resolve(S)
    assert v["cs"][0, K.S_ZONE, 2] != K.Z_DECK and v["cs"][0, K.S_ZONE, 1] == K.Z_DECK
    n = int(v["ps"][0, K.P_NMAIN])
    bottom = [int(x) for x in v["ls"][0, K.L_ORDER, n - 4:n]]
    assert bottom == [5, 4, 1, 3]  # O5, O3, SMALL, O1: most valuable first (curve: 150 + 10 x cost)
