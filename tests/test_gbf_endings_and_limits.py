"""Granblue Fantasy TCG scenarios for the digest rules issue 34 took off the "not implemented" list last
(rules/gbf.md, seed 000): concession and a card's win / loss, card text over the rules and prohibitions over
instructions, replacement effects, once per turn per effect text, summon stone conditions, the gender in a leader's name and a
card's own deck-construction rule. Each puts the cards in place with numpy and calls the
engine's own numba functions (or `tcgsim validate`'s checks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.cards.model import Card, Deck
from sim.decks.deckfile import load_deck
from sim.decks.validate import validate_deck
from sim.engine.results import DRAW, END_REASONS, G_REASON, G_WINNER, WIN_A, WIN_B, new_batch
from sim.errors import InputError
from sim.games.gbf import actions as A
from sim.games.gbf import engine as gbf
from sim.games.gbf import rules as R
from sim.games.gbf.policy import A_EFFECT, A_PASS, A_SUMMON, ACT, counter_action, main_action, main_actions
from tests.test_gbf_rules import (
    CURVE,
    RANDOM,
    G,
    N,
    S,
    armor,
    col,
    crystals,
    deck,
    field,
    hand,
    member,
    members,
    state,
    stone,
)

DECKS = Path(__file__).resolve().parents[1] / "decks" / "gbf"


def end_of(s) -> tuple[int, str]:
    """(winner, end reason) as the games table records them."""
    out = new_batch(1, "games", 80, N).games[0]
    gbf.record_end(s, out)
    return int(out[G_WINNER]), END_REASONS[out[G_REASON]]


# ---------------------------------------------------------------- 1-2-4 / 1-2-5: at once, no checkpoint


def test_rule_1_2_4_and_1_2_4_1_a_player_who_concedes_loses_at_once_and_nothing_replaces_it():
    """Seat 0 concedes in its own main phase while seat 1's leader KO waits for the checkpoint: the game ends
    at once with seat 0 the loser (the pending loss is never decided), recorded as `concession`."""
    s = state()
    R.deal_damage(s, 1, R.LEADER_SLOT, 6)  # no armor: seat 1's loss is decided at the next checkpoint
    assert S(s)[1, R.P_LOST] == R.LOST_LEADER and not G(s)[R.G_OVER]
    R.concede(s, 0)
    assert G(s)[R.G_OVER] == 1 and S(s)[0, R.P_LOST] == R.LOST_CONCEDED
    A.checkpoint(s)  # the game is over: no rule process runs
    assert end_of(s) == (WIN_B, "concession")
    R.concede(s, 1)  # a second concession after the end changes nothing
    assert S(s)[1, R.P_LOST] == R.LOST_LEADER and end_of(s) == (WIN_B, "concession")


def test_rule_1_2_5_an_effect_makes_a_player_lose_during_its_resolution():
    """Bahamut-like stone: the opponent loses if its armor area holds at most `param` cards. With armor left it
    does nothing; with none the game ends inside the resolution (no checkpoint), recorded as `card_effect`,
    even with members guarding the leader."""
    doom = stone("DOOM", cost=0, eff=["cast:lose:0:opp_player:0"])
    s = state(a=[doom], b=[member("B", hp=9)])
    field(s, 1, 0)
    armor(s, 1, 1)
    A.play_summon(s, 0, 0, True)
    assert not G(s)[R.G_OVER] and S(s)[1, R.P_LOST] == 0
    armor(s, 1)
    A.play_summon(s, 0, 0, True)
    assert G(s)[R.G_OVER] == 1 and S(s)[1, R.P_LOST] == R.LOST_EFFECT
    assert end_of(s) == (WIN_A, "card_effect")
    own = stone("OWN", cost=0, eff=["cast:lose:5:own_player:5"])  # "you lose": its controller, at any armor
    s = state(a=[own])
    armor(s, 0, 1, 2, 3)
    A.play_summon(s, 0, 0, True)
    assert end_of(s) == (WIN_B, "card_effect")


def test_rule_1_2_5_the_scripted_policies_cast_the_losing_effect_only_when_it_ends_the_game():
    doom = stone("DOOM", cost=1, eff=["cast:lose:0:opp_player:0"])
    s = state(a=[doom, member("C", atk=1, hp=1, rank=0)], policies=(CURVE, CURVE))
    hand(s, 0, 0)
    crystals(s, 0, 1)
    armor(s, 1, 2)
    assert main_action(s, 0) == A_PASS * ACT  # armor left: nothing to do
    armor(s, 1)
    assert main_action(s, 0) == A_SUMMON * ACT + 0


def test_a_lose_effect_with_another_target_is_refused_naming_the_card():
    bad = stone("BADLOSE", eff=["cast:lose:0:opp_character:0"])
    with pytest.raises(InputError, match=r"BADLOSE.*1-2-5"):
        gbf.compile_matchup(deck(bad), deck())


def test_a_concession_or_a_card_effect_loss_still_ends_a_batch_game_as_a_win():
    """The results contract: every end reason of the engine has its name, and the engine's own games (the
    toolbox deck, whose Bahamut Stone makes a player lose) keep a winner for each card_effect game."""
    assert END_REASONS[7] == "concession" and END_REASONS[8] == "card_effect"
    a, b = gbf.compile_matchup(load_deck(DECKS / "toolbox.toml"), load_deck(DECKS / "control.toml"))
    batch = gbf.play(a, b, CURVE, CURVE, seed=34, stream=1, start=0, n=200)
    effect = batch.games[:, G_REASON] == END_REASONS.index("card_effect")
    assert (batch.games[effect, G_WINNER] != DRAW).all()
    assert not gbf.check_results(batch)


# ---------------------------------------------------------------- 1-3-1 / 1-3-3: card text over the rules, prohibitions


def test_rule_1_3_1_a_ready_members_text_beats_the_rested_deploy_of_armor_and_replenishment():
    """The rules deploy an armor member and a replenished one rested (r. 9-4-2-3-2-1, 9-4-3-3-1); a `ready`
    member's text says it enters active, and the text wins. A plain member next to it still enters rested."""
    ready = member("READY", rank=0, name="Ready", kw=("ready",))
    plain = member("PLAIN", rank=0, name="Plain")
    s = state(b=[ready, plain, member("B", hp=2, rank=0, name="B"), member("ARM", rank=0, name="Arm")])
    armor(s, 1, 0, 3)
    S(s)[1, R.P_ARM] = 1  # only READY in the armor area
    crystals(s, 1, 10)
    R.deal_damage(s, 1, R.LEADER_SLOT, 6)
    A.checkpoint(s)
    assert members(s, 1)[0] == 0 and S(s)[1, col(0, R.M_ACT)] == 1
    j = field(s, 1, 2)
    hand(s, 1, 1)
    R.deal_damage(s, 1, j, 2)  # a KO: PLAIN is replenished, rested
    A.checkpoint(s)
    assert 1 in members(s, 1) and S(s)[1, col(members(s, 1).index(1), R.M_ACT)] == 0
    s = state(b=[ready, member("B", hp=2, rank=0, name="B")])
    j = field(s, 1, 1)
    hand(s, 1, 0)
    crystals(s, 1, 10)
    R.deal_damage(s, 1, j, 2)
    A.checkpoint(s)
    assert members(s, 1)[j] == 0 and S(s)[1, col(j, R.M_ACT)] == 1


def test_rule_1_3_1_1_the_member_areas_limit_beats_a_ready_members_text():
    """The 3-member limit (r. 3-6-3) is one the text cannot override: a ready armor member with 3 members in
    play goes to the hand (r. 9-4-2-3-2-1)."""
    ready = member("READY", rank=0, name="Ready", kw=("ready",))
    s = state(b=[ready] + [member(f"M{i}", rank=0, name=f"M{i}") for i in range(3)])
    for row in (1, 2, 3):
        field(s, 1, row)
    armor(s, 1, 0)
    crystals(s, 1, 10)
    R.deal_damage(s, 1, R.LEADER_SLOT, 6)
    A.checkpoint(s)
    assert members(s, 1) == [1, 2, 3] and S(s)[1, R.P_HAND] == 1


def test_rule_1_3_3_a_prohibition_beats_an_instruction_to_rest():
    """"Rest 2 opposing members" against a steadfast member (the opponent's effects cannot rest it): the
    instruction rests the other member and leaves the steadfast one active, even with a higher ATK."""
    binder = member("BINDER", rank=0, eff=["enter:dull:2:opp_character"])
    stalwart = member("STAL", atk=9, hp=5, rank=0, name="Stalwart", kw=("steadfast",))
    s = state(a=[binder], b=[stalwart, member("B", atk=1, rank=0, name="B")])
    js, jb = field(s, 1, 0), field(s, 1, 1)
    A.deploy(s, 0, 0, 1)
    A.checkpoint(s)  # its enter effects resolve (r. 8-7-2)
    assert S(s)[1, col(js, R.M_ACT)] == 1 and S(s)[1, col(jb, R.M_ACT)] == 0


# ---------------------------------------------------------------- 8-10: replacement effects


def test_rule_8_10_3_a_replacement_that_cannot_be_carried_out_is_not_applied():
    """A Bulwark Knight-like member (if it would be KO'd, a hand card goes to the gauge instead): with a card in
    hand the KO is replaced (the last hand card to the gauge, the member stays, no replenishment); with an empty
    hand it cannot be carried out, so the member is KO'd."""
    knight = member("KNIGHT", atk=3, hp=4, rank=0, name="Knight", eff=["static:ko_instead:1:self"])
    s = state(b=[knight, member("H1", rank=9, name="H1"), member("H2", rank=9, name="H2")])
    j = field(s, 1, 0)
    hand(s, 1, 1, 2)
    assert R.deal_damage(s, 1, j, 4) == 1
    assert members(s, 1)[j] == 0 and S(s)[1, R.P_HAND] == 1 and S(s)[1, R.P_GUP] == 1
    assert S(s)[1, R.P_PEND_REP] == 0
    hand(s, 1)
    R.deal_damage(s, 1, j, 4)
    assert members(s, 1)[j] == -1 and S(s)[1, R.P_PEND_REP] == 1 and S(s)[1, R.P_GUP] == 2


def test_rule_8_10_2_two_replacements_of_one_ko_apply_once_each_in_the_affected_players_order():
    """A limit-broken Knight (the level-card replacement, r. 9-2-3, and its own): the first KO sends the level card
    (no hand card spent), the second, with no level card left, a hand card; each replaced one event only."""
    knight = member("KNIGHT", atk=3, hp=4, rank=0, name="Knight", eff=["static:ko_instead:1:self"])
    s = state(b=[knight, member("LV", rank=0, name="Knight"), member("H1", rank=9, name="H1")])
    j = field(s, 1, 0)
    S(s)[1, col(j, R.M_LV)], S(s)[1, col(j, R.M_LVC)] = 1, 1
    hand(s, 1, 2)
    R.deal_damage(s, 1, j, 9)
    assert S(s)[1, col(j, R.M_LV)] == 0 and S(s)[1, R.P_HAND] == 1 and members(s, 1)[j] == 0
    R.deal_damage(s, 1, j, 9)
    assert S(s)[1, R.P_HAND] == 0 and members(s, 1)[j] == 0 and S(s)[1, R.P_GUP] == 2
    R.deal_damage(s, 1, j, 9)
    assert members(s, 1)[j] == -1


def test_a_ko_instead_effect_that_is_not_a_members_static_effect_is_refused_naming_the_card():
    odd = member("ODDKO", eff=["enter:ko_instead:1:self"])
    with pytest.raises(InputError, match=r"ODDKO.*8-10"):
        gbf.compile_matchup(deck(odd), deck())


# ---------------------------------------------------------------- 10-5: once per turn, per effect text


def test_rule_10_5_once_per_turn_is_per_card_and_an_effect_without_it_is_used_while_it_is_paid():
    """10-5-1 / 10-5-2: a "once per turn" effect is used once a turn by each card (two copies each use theirs);
    10-5-3: an effect without it is used again while its cost is paid."""
    once = member("ONCE", atk=1, hp=4, rank=0, name="Sage", eff=["action:draw:1:none:0:1:once"])
    twin = member("TWIN", atk=1, hp=4, rank=0, name="Sage Twin", eff=["action:draw:1:none:0:1:once"])
    free = member("FREE", atk=1, hp=4, rank=0, name="Channeler", eff=["action:draw:1:none:0:1"])
    s = state(a=[once, twin, free], policies=(RANDOM, RANDOM))
    j0, j1, j2 = field(s, 0, 0), field(s, 0, 1), field(s, 0, 2)
    crystals(s, 0, 3, 4, 5, 6)
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 10, N - 10
    A.use_effect(s, 0, j0)
    assert S(s)[0, col(j0, R.M_ACTED)] == 1 and S(s)[0, col(j1, R.M_ACTED)] == 0
    effects = {main_actions(s, 0, k) for k in range(main_actions(s, 0, -1))}
    assert A_EFFECT * ACT + j0 not in effects and {A_EFFECT * ACT + j1, A_EFFECT * ACT + j2} <= effects
    A.use_effect(s, 0, j2)
    A.use_effect(s, 0, j2)
    assert S(s)[0, col(j2, R.M_ACTED)] == 0 and S(s)[0, R.P_HAND] == 3 and S(s)[0, R.P_ACT] == 1
    assert A_EFFECT * ACT + j2 in {main_actions(s, 0, k) for k in range(main_actions(s, 0, -1))}
    A.use_effect(s, 0, j2)  # the last crystal: no cost left to pay, so no more uses
    assert A_EFFECT * ACT + j2 not in {main_actions(s, 0, k) for k in range(main_actions(s, 0, -1))}
    A.burst_phase(s, 0)  # r. 6-5-1-3: the once-per-turn uses end with the turn
    assert S(s)[0, col(j0, R.M_ACTED)] == 0


def test_rule_10_5_3_the_curve_policy_repeats_an_unlimited_effect_in_one_main_phase():
    """Ember Channeler-like member (〔1〕: 1 damage, no once per turn) against two 1-HP members: the main phase
    uses it twice, a KO each time; the replenishments have no member in the hand to bring."""
    ember = member("EMBER", atk=1, hp=4, rank=0, name="Ember", eff=["action:damage:1:opp_character:0:1"])
    s = state(a=[ember], b=[member("B1", hp=1, rank=0), member("B2", hp=1, rank=0, name="B2")])
    field(s, 0, 0)
    field(s, 1, 0)
    field(s, 1, 1)
    crystals(s, 0, 3, 4)
    S(s)[0, R.P_HEAD], S(s)[0, R.P_DECK] = 10, N - 10
    A.main_phase(s, 0)
    assert [int(S(s)[1, col(j, R.M_CARD)]) for j in range(3)] == [-1, -1, -1] and S(s)[0, R.P_ACT] == 0


def test_rule_10_5_the_shipped_cards_say_once_per_turn_where_their_text_does():
    cards = load_deck(DECKS / "toolbox.toml").main + load_deck(DECKS / "control.toml").main + \
        load_deck(DECKS / "midrange.toml").main + load_deck(DECKS / "aggro.toml").main
    for c, _ in cards:
        for e in c.effects:
            if e.trigger == "action" and "assist" not in c.keywords:
                assert e.once == ("once per turn)" in c.text), c.code


def test_an_activated_effect_without_once_per_turn_and_without_cost_is_refused_naming_the_card():
    free = member("FREELOOP", eff=["action:draw:1:none:0:0"])
    with pytest.raises(InputError, match=r"FREELOOP.*10-5"):
        gbf.compile_matchup(deck(free), deck())
    odd = member("ODDONCE", eff=["enter:draw:1:none:0:0:once"])
    with pytest.raises(InputError, match=r"ODDONCE.*10-5"):
        gbf.compile_matchup(deck(odd), deck())


# ---------------------------------------------------------------- 6-3-1-2-3-1: summon stone conditions


def test_rule_6_3_1_2_3_1_a_stone_whose_condition_fails_cannot_be_played_and_10_17_1_triggering_ignores_it():
    """A "your turn" stone (4 damage) is no counter: the defender's counter step passes it by, with a lethal
    attack on its member, while a stone without a condition is played; in its own turn it is cast, and an
    armor break that reveals it in the opponent's turn trigger-activates it all the same (r. 10-17-1-2)."""
    blaze = stone("BLAZE", cost=1, elem="earth", eff=["cast:damage:4:opp_character:0:0::my_turn"])
    plain = stone("PLAIN", cost=1, elem="earth", eff=["cast:damage:4:opp_character"])  # FILL crystals are earth
    attacker = member("ATT", atk=5, hp=3)
    guard = member("GRD", atk=1, hp=3, name="Guard")
    def attacked(held):
        """Seat 0's 5-ATK member attacks seat 1's 3-HP guard; seat 1 holds `held` and 2 active crystals."""
        s = state(a=[attacker], b=[held, guard], policies=(CURVE, CURVE))
        j, t = field(s, 0, 0), field(s, 1, 1)
        hand(s, 1, 0)
        crystals(s, 1, 2, 3)
        G(s)[R.G_TP], G(s)[R.G_BATTLE], G(s)[R.G_PSLOT] = 0, 1, t
        S(s)[0, col(j, R.M_ATT)] = S(s)[0, col(j, R.M_SER)]
        return s, j

    s, j = attacked(blaze)
    assert not R.stone_condition(s, 1, 0) and counter_action(s, 1, True) == -1
    assert counter_action(attacked(plain)[0], 1, True) == 0
    G(s)[R.G_TP], G(s)[R.G_BATTLE], G(s)[R.G_PSLOT] = 1, 0, -1  # seat 1's own turn: the condition holds
    S(s)[0, col(j, R.M_ATT)] = 0
    assert R.stone_condition(s, 1, 0) and main_action(s, 1) == A_SUMMON * ACT + 0
    s = state(a=[attacker], b=[blaze], policies=(CURVE, CURVE))
    j = field(s, 0, 0)
    armor(s, 1, 0)
    G(s)[R.G_TP] = 0
    A.armor_break(s, 1)  # the stone is revealed in seat 0's turn and trigger-activates into the gauge
    assert S(s)[0, col(j, R.M_CARD)] == -1 and S(s)[1, R.P_GUP] == 1


def test_a_condition_on_anything_but_a_stones_cast_effect_is_refused_naming_the_card():
    odd = member("ODDCOND", eff=["enter:draw:1:none:0:0::my_turn"])
    with pytest.raises(InputError, match=r"ODDCOND.*6-3-1-2-3-1"):
        gbf.compile_matchup(deck(odd), deck())


# ---------------------------------------------------------------- 2-1-1-3-1: gender in the leader's name


def test_rule_2_1_1_3_1_a_leaders_gender_is_the_brackets_of_its_name():
    """Leaders without a gender field take it from the ( ) of their name, so a male and a female one break
    5-1-2-2; a gender field that contradicts the name is refused under 2-1-1-3-1."""
    def lead(code: str, name: str, gender: str = "", rank: int = 0) -> Card:
        return Card(code=code, name=name, type="leader", elements=("fire",), power=2, hp=6, rank=rank, gender=gender)

    main = [(member(f"F{i}", rank=0, name=f"F{i}"), 1) for i in range(50)]

    def broken(*leaders: Card) -> set[str]:
        d = Deck("gbf", "v", Path("v.toml"), {"main": main, "leader": [(ld, 1) for ld in leaders]})
        return {v.rule.removeprefix("GBF ") for v in validate_deck(d)}

    assert not broken(lead("L0", "Hero (Female)"), lead("L1", "Hero (Female)", rank=1))
    assert "5-1-2-2" in broken(lead("L0", "Hero (Female)"), lead("L1", "Hero (Male)", rank=1))
    assert "2-1-1-3-1" in broken(lead("L0", "Hero (Female)", gender="male"))
    assert not broken(lead("L0", "Hero", gender="female"))  # no brackets: the field says it


def test_rule_2_1_1_3_1_the_shipped_leaders_names_agree_with_their_gender():
    for name in ("aggro", "control", "midrange", "toolbox"):
        assert not validate_deck(load_deck(DECKS / f"{name}.toml")), name


def test_rule_5_1_3_3_a_cards_construction_effect_replaces_the_copy_limit():
    """A card with `any_copies` ("a deck may hold any number of ...") may have more than 4 copies; the limit
    still holds for every other card (r. 5-1-3-1)."""
    sprite = Card(code="SPRITE", name="Sprite", type="member", elements=("wind",), power=2, hp=2, rank=0,
                  keywords=frozenset({"any_copies"}))
    plain = Card(code="PLAIN", name="Plain", type="member", elements=("wind",), power=2, hp=2, rank=0)
    rest = [(member(f"F{i}", rank=0, name=f"F{i}"), 1) for i in range(40)]
    lead = [(Card(code="L0", name="Hero (Female)", type="leader", elements=("fire",), power=2, hp=6, rank=0), 1)]

    def broken(main) -> set[str]:
        return {v.rule.removeprefix("GBF ") for v in validate_deck(Deck("gbf", "v", Path("v.toml"),
                                                                        {"main": main, "leader": lead}))}

    assert not broken([(sprite, 10)] + rest)
    assert "5-1-3-1" in broken([(plain, 10)] + rest)


def test_the_toolbox_deck_carries_the_cards_of_these_rules():
    deck_ = load_deck(DECKS / "toolbox.toml")
    effects = [e for c, _ in deck_.main for e in c.effects]
    assert any(e.op == "lose" for e in effects)
    assert any(e.trigger == "action" and not e.once for c, _ in deck_.main for e in c.effects
               if "assist" not in c.keywords)
    assert any(e.cond for e in effects)
    assert any("any_copies" in c.keywords and n > 4 for c, n in deck_.main)
    assert {"ready", "steadfast"} <= {k for c, _ in deck_.main for k in c.keywords}
    assert any(e.op == "ko_instead" for e in effects)
    a, b = gbf.compile_matchup(deck_, load_deck(DECKS / "control.toml"))
    assert not gbf.check_invariants(a, b, CURVE, CURVE, seed=34, n=60).any()
