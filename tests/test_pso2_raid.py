"""PSO2 co-op raid (digest §11, 協力レイドバトル): scenarios on the engine's functions, raids end to end,
the `tcgsim raid` command and a `mode = "raid"` job."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.cards.model import Card, Deck
from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.pso2 import engine as pso2
from sim.games.pso2 import raid as RAID
from sim.games.pso2 import rules as R
from sim.run.raid import load_boss, run_raid
from tests.test_pso2_rules import V, card, deck, onto_field

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "decks" / "pso2"
BOSSES = DECKS / "bosses"
CURVE, CONTROL = pso2.POLICIES["curve"], pso2.POLICIES["control"]


def boss_deck(*cards: Card, life: int = 10, atk: int = 2, size: int = 10) -> Deck:
    boss = Card(code="BOSS", name="Boss", type="player", hp=life, power=atk, elements=("black",))
    main = [(c, 1) for c in reversed(cards)]
    if size > len(cards):
        main.insert(0, (card("MINION", atk=1, hp=1), size - len(cards)))
    return Deck("pso2", "boss", Path("boss.toml"), {"main": main, "player": [(boss, 1)]})


def raid_state(party: list[Deck], boss: Deck, policies=None, options=None):
    """A raid scenario: seats 0..k-1 the party (nothing dealt), seat k the Boss, the Boss's turn."""
    names: dict[str, int] = {}  # not compile_raid: it sorts each deck by code, scenarios keep list order
    decks = [pso2._Pso2Deck.of(pso2.compile_deck(d, names)) for d in party]
    b = pso2._Pso2Deck.of(pso2.compile_deck(boss, names))
    k = len(party)
    s = pso2.scenario_state(decks + [b], policies=tuple(policies or [CURVE] * k) + (CURVE,), options=options)
    G, P = V(s)["G"], V(s)["P"]
    G[R.G_RAID], G[R.G_BOSS], G[R.G_TP], G[R.G_TARGET] = 1, k, k, 0
    P[k, R.P_BOSS], P[k, R.P_LIFE] = 1, boss.zone("player")[0][0].hp
    return s


def test_raid_party_damage_lowers_boss_life_and_clears():
    s = raid_state([deck(card("A", atk=3, hp=9))], boss_deck(life=3, atk=0))
    j, = onto_field(s, 0)
    V(s)["G"][R.G_TP] = 0
    from sim.games.pso2 import actions as A
    A.attack(s, 0, j, 0, -1)
    R.check_loss(s)
    assert V(s)["P"][1, R.P_LIFE] == 0 and V(s)["G"][R.G_CLEAR] == 1 and V(s)["G"][R.G_OVER] == 1


@pytest.mark.parametrize(("difficulty", "plays"), [(0, 2), (2, 3)])
def test_raid_boss_plays_party_size_cards_very_hard_one_more(difficulty, plays):
    s = raid_state([deck(), deck()], boss_deck(atk=0), options={"raid_difficulty": difficulty})
    RAID.boss_turn(s)
    assert V(s)["P"][2, R.P_NU] == 1 + plays and V(s)["P"][2, R.P_DECK] == 10 - plays


def test_raid_boss_characters_enter_off_and_skip_their_attack_unless_the_option():
    for opt, milled in ((0, 2), (1, 3)):
        s = raid_state([deck()], boss_deck(atk=2), options={"raid_boss_new_attack": opt})
        RAID.boss_turn(s)
        assert 20 - R_deck(s, 0) == milled  # the Boss's 2, plus its new minion's 1 with the option


def R_deck(s, p):  # noqa: N802
    return int(V(s)["P"][p, R.P_DECK])


def test_raid_boss_attacks_first_then_its_characters():
    """The Boss attacks before its characters: a single ON Warcry card covers the Boss's hit (5), and
    the two 奇襲 minions' hits (1 each) reach the target player."""
    amb = card("AMB", atk=1, hp=9, kw=["ambush"])
    s = raid_state([deck(card("W", atk=0, hp=20, kw=["warcry"]))], boss_deck(amb, amb, atk=5),
                   policies=[CONTROL], options={"raid_difficulty": 2})  # Very Hard: 2 plays for 1 player
    jw, = onto_field(s, 0)
    RAID.boss_turn(s)
    # Warcry on a minion's hit instead would have let the Boss's 5 through (19 - 6)
    assert V(s)["U"][0, jw, R.U_ON] == 0 and R_deck(s, 0) == 19 - 2


def test_raid_boss_never_decks_out():
    s = raid_state([deck()], boss_deck(atk=0, size=2))
    for _ in range(5):
        RAID.boss_turn(s)
        while V(s)["P"][1, R.P_NU] > 1:
            R.ko_unit(s, 1, 1)
        assert V(s)["P"][1, R.P_DECK] + V(s)["P"][1, R.P_NDC] == 2
    assert V(s)["P"][1, R.P_DECK] + V(s)["P"][1, R.P_NDC] == 2


def test_raid_warcry_covers_another_party_player():
    s = raid_state([deck(), deck(card("W", atk=0, hp=9, kw=["warcry"]))], boss_deck(atk=3),
                   policies=[CONTROL, CONTROL])
    jw, = onto_field(s, 1)
    V(s)["G"][R.G_TARGET] = 0
    from sim.games.pso2 import actions as A
    A.attack(s, 2, 0, 0, -1)
    assert R_deck(s, 0) == 20 and V(s)["U"][1, jw, R.U_DF] == 3 and V(s)["U"][1, jw, R.U_ON] == 0


def test_raid_drop_fires_in_the_boss_turn_only():
    drop = card("DR", type="active", kw=["drop"], eff=["drop:draw:1"])
    s = raid_state([deck(drop), deck()], boss_deck(atk=0))
    V(s)["G"][R.G_TP] = 1  # another party player's turn: not an opponent's turn
    R.damage_player(s, 0, 1)
    assert V(s)["G"][R.G_NTQ] == 0
    s = raid_state([deck(drop), deck()], boss_deck(atk=0))
    R.damage_player(s, 0, 1)  # the Boss's turn
    assert V(s)["G"][R.G_NTQ] == 1


def test_rule_101_5_raid_eliminated_players_leave_and_the_party_loses_when_all_are_out():
    s = raid_state([deck(), deck()], boss_deck())
    R.damage_player(s, 0, 20)
    R.check_loss(s)
    assert V(s)["P"][0, R.P_OUT] == 1 and V(s)["G"][R.G_OVER] == 0
    R.damage_player(s, 1, 20)
    R.check_loss(s)
    assert V(s)["G"][R.G_OVER] == 1 and V(s)["G"][R.G_CLEAR] == 0


def test_rule_101_6_and_101_5_raid_a_party_player_who_concedes_is_eliminated():
    """101.6 in a raid: the conceding party player leaves the game (101.5), its 付与 Active on a Boss
    character (403.2) with it; the party loses when nobody is left. The Boss, a script, never concedes."""
    from sim.games.pso2 import actions as A

    hex_ = card("HEX", type="active", kw=["attach"], eff=["static:weaken:2:opp_character"])
    s = raid_state([deck(hex_), deck()], boss_deck(card("B1", atk=3, hp=5)))
    jb, = onto_field(s, 2)
    R.draw(s, 0, 1)
    V(s)["G"][R.G_TP] = 0
    A.play_card(s, 0, 0, jb)
    assert R.unit_atk(s, 2, jb) == 1
    R.concede(s, 0)
    assert V(s)["P"][0, R.P_OUT] == 1 and V(s)["G"][R.G_OVER] == 0
    assert V(s)["U"][2, jb, R.U_ATT] == -1 and R.unit_atk(s, 2, jb) == 3
    R.concede(s, 2)
    assert V(s)["P"][2, R.P_OUT] == 0 and V(s)["G"][R.G_OVER] == 0
    R.concede(s, 1)
    assert V(s)["G"][R.G_OVER] == 1 and V(s)["G"][R.G_CLEAR] == 0


def test_raid_end_to_end_invariants_and_difficulty():
    party = [load_deck(DECKS / "aggro.toml"), load_deck(DECKS / "control.toml")]
    boss = load_boss(BOSSES / "dark_ragne.toml")
    rates = []
    for difficulty in (0, 1, 2):
        r = run_raid(party, boss, ["curve", "control"], 300, seed=2, options={"raid_difficulty": difficulty},
                     check=True)
        assert r.violations == 0
        s = r.summary()
        assert s["games"] == 300 and 0 <= s["clear_low"] <= s["clear_rate"] <= s["clear_high"] <= 1
        rates.append(s["clear_rate"])
    assert rates[0] >= rates[2]  # Very Hard is not easier than Normal
    for pols in (["random", "random"], ["aggro", "curve"]):
        assert run_raid(party, boss, pols, 200, seed=3, check=True).violations == 0


def test_raid_same_seed_same_raids():
    party = [load_deck(DECKS / "midrange.toml")]
    boss = load_boss(BOSSES / "falz_elder.toml")
    a = run_raid(party, boss, ["curve"], 150, seed=9).rows
    b = run_raid(party, boss, ["curve"], 150, seed=9).rows
    assert np.array_equal(a, b)


def test_boss_files_are_checked(tmp_path):
    path = tmp_path / "boss.toml"
    path.write_text(f'game = "pso2"\nname = "No Life"\npool = "{BOSSES / "boss_cards.csv"}"\n'
                    '[player]\n"BC-001" = 1\n[cards]\n"BC-002" = 3\n')
    with pytest.raises(InputError, match="Boss card"):
        load_boss(path)  # BC-001 is a character, not a Boss card with Life
    assert load_boss(BOSSES / "dark_ragne.toml").zone("player")[0][0].hp == 24


def test_raid_cli_and_raid_job(tmp_path):
    out = tmp_path / "raid"
    cmd = [sys.executable, "-m", "sim.cli.app", "raid", str(DECKS / "aggro.toml"), str(DECKS / "midrange.toml"),
           "--boss", str(BOSSES / "falz_elder.toml"), "--games", "200", "--out", str(out), "--json"]
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    assert summary["games"] == 200 and len(summary["players"]) == 2
    assert {"clear_rate", "clear_low", "clear_high", "rounds_to_clear_mean"} <= set(summary)
    assert (out / "report.md").read_text().startswith("# PSO2 raid report")
    job = tmp_path / "raid.toml"
    job.write_text(f'mode = "raid"\nseed = 1\ngames = 100\ncheck_invariants = true\n'
                   f'boss = "{BOSSES / "dark_ragne.toml"}"\nparty = ["{DECKS / "aggro.toml"}"]\n'
                   f'policies = ["curve", "random"]\nout = "{tmp_path / "job"}"\n')
    res = subprocess.run([sys.executable, "-m", "sim.cli.app", "run", str(job)], capture_output=True, text=True,
                         cwd=ROOT, timeout=600)
    assert res.returncode == 0, res.stderr
    assert "2 policy assignments x 100 raids" in res.stdout and "all held" in res.stdout
    assert len((tmp_path / "job" / "raids.csv").read_text().splitlines()) == 3


# ---------------------------------------------------------------- issue 34: the Boss card in battle, 連撃, Warcry


@pytest.mark.parametrize("strikes_back", [0, 1])
def test_rule_506_6_1_raid_the_boss_card_deals_no_damage_back_unless_the_option(strikes_back):
    """A party Player card (ATK 1) and a character (ATK 3) attack the Boss card (ATK 6): the seed's party
    turns are PvP turns with Life instead of milling, so nothing comes back; with
    raid_boss_strikes_back the Boss's 6 mills the Player's deck and damages the character."""
    from sim.games.pso2 import actions as A
    player = Card(code="PL1", name="Player", type="player", hp=20, deck_size=20, power=1, cls="hunter")
    s = raid_state([deck(card("A", atk=3, hp=9), player=player)], boss_deck(life=10, atk=6),
                   options={"raid_boss_strikes_back": strikes_back})
    j, = onto_field(s, 0)
    V(s)["G"][R.G_TP] = 0
    A.attack(s, 0, 0, 0, -1)  # the Player card
    A.attack(s, 0, j, 0, -1)
    assert V(s)["P"][1, R.P_LIFE] == 10 - 1 - 3
    assert R_deck(s, 0) == 19 - 6 * strikes_back
    assert V(s)["U"][0, j, R.U_DF] == 6 * strikes_back and V(s)["U"][0, j, R.U_ROW] == strikes_back


@pytest.mark.parametrize("combo", [0, 1])
def test_rule_302_5_raid_boss_combo_character_attacks_again(combo):
    """A Boss 奇襲 連撃 character (ATK 2) hits the target player, turns ON again (302.5) and, with the
    literal reading (raid_boss_combo, default 1), attacks again; once per turn (302.5.1)."""
    amb = card("CMB", atk=2, hp=9, kw=["ambush", "combo"])
    s = raid_state([deck()], boss_deck(amb, atk=0), options={"raid_boss_combo": combo})
    RAID.boss_turn(s)
    k = V(s)["P"][1, R.P_NU] - 1
    assert 20 - R_deck(s, 0) == 2 + 2 * combo
    assert V(s)["U"][1, k, R.U_ON] == 1 - combo  # attacked twice: OFF; once: left ON by 連撃
    assert pso2.OPTIONS["raid_boss_combo"][0] == 1


@pytest.mark.parametrize(("life", "boss_deck_size", "covers"), [(3, 10, True), (10, 3, False)])
def test_rule_302_1_raid_boss_warcry_lethal_test_uses_the_boss_life(life, boss_deck_size, covers):
    """The Boss's Warcry character (curve policy) covers a hit it does not survive only when the hit is
    lethal, and for the Boss that is its Life (§11), not the Boss deck's count."""
    from sim.games.pso2 import actions as A
    w = card("BW", atk=0, hp=2, kw=["warcry"])
    s = raid_state([deck(card("A", atk=4, hp=9))], boss_deck(w, life=life, atk=0, size=boss_deck_size))
    j, = onto_field(s, 0)
    jw, = onto_field(s, 1)
    V(s)["G"][R.G_TP] = 0
    A.attack(s, 0, j, 0, -1)
    assert V(s)["P"][1, R.P_LIFE] == (life if covers else life - 4)
    assert (V(s)["P"][1, R.P_NU] == 1) == covers  # the Warcry card took the 4 and was KO'd


def test_raid_heal_refills_the_party_member_with_the_fewest_deck_cards():
    """Digest §11: 回復 may target a party member, and mode (a) moves that player's discard into that
    player's deck (302.9). The scripted party player heals the surviving member with the fewest deck
    cards (itself on a tie); the random policy, the Boss and PvP heal themselves."""
    from sim.games.pso2 import actions as A

    for pol, healed in ((CURVE, 1), (pso2.POLICIES["random"], 0)):
        s = raid_state([deck(), deck()], boss_deck(atk=0), policies=[pol, CURVE])
        R.damage_player(s, 0, 2)
        R.damage_player(s, 1, 6)
        V(s)["G"][R.G_TP] = 0
        P = V(s)["P"]
        if pol != CURVE:
            V(s)["P"][0, R.P_NU] = 1  # random picks mode (a) only without characters to choose
        A.apply_effect(s, 0, -1, A.OP_HEAL, 3, 0, 0, 0)  # 回復3
        assert (P[0, R.P_DECK], P[1, R.P_DECK]) == ((18, 17) if healed == 1 else (20, 14))


def test_rule_403_2_raid_an_eliminated_players_equipment_on_a_boss_character_leaves_with_them():
    """101.5: the eliminated party player's cards leave the game, its equip_foe weapon on a Boss character
    (403.2) with them."""
    from sim.games.pso2 import actions as A

    gift = card("GIFT", type="item", kw=["weapon", "equip_foe"], atk=1)
    s = raid_state([deck(gift), deck()], boss_deck(card("B1", atk=3, hp=5)))
    jb, = onto_field(s, 2)
    R.draw(s, 0, 1)
    V(s)["G"][R.G_TP] = 0
    A.play_card(s, 0, 0, jb)
    assert V(s)["U"][2, jb, R.U_WPN] >= 0 and V(s)["U"][2, jb, R.U_WPNP] == 0
    R.damage_player(s, 0, 20)
    R.check_loss(s)
    assert V(s)["P"][0, R.P_OUT] == 1 and V(s)["U"][2, jb, R.U_WPN] == -1
