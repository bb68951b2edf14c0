"""FFTCG: two rules gaps of issue 33 closed, one scenario per card code on pool cards: "gain 《C》" gains a Crystal,
which is not CP (rule 6.8), so it no longer gives CP to spend; "choose up to n / choose n Forwards. <do> them" chooses
n different Forwards (rule 11.3.3), so a Forward is never dealt the damage twice."""

from __future__ import annotations

from functools import cache

import pytest

from sim.cards.model import Card
from sim.decks.card_table import line_status
from sim.decks.pools import load_pool
from sim.games.fftcg import core as K
from sim.games.fftcg.importer import ability_lines, parse_fftcg_text
from tests.test_fftcg_conformance import DATA, _line_card
from tests.test_fftcg_conformance_cards import cast, fwd
from tests.test_fftcg_rules import make, put

POOL = DATA / "cards_fftcgsim_square_api.json"
pytestmark = pytest.mark.skipif(not POOL.is_file(), reason="shared FFTCG data absent")


@cache
def _pool() -> dict[str, Card]:
    return load_pool(POOL)


def pool_line_card(code: str, start: str) -> Card:
    """The pool card `code` with only its line starting `start`, cost 0."""
    c = _pool()[code]
    return _line_card(c, next(ln for ln in ability_lines(c.text) if ln.startswith(start)))


# -- "gain 《C》": a Crystal, not CP (6.8) -------------------------------------------------------------------------------

def test_21_006C_samurai_gain_crystal_line_is_not_modelled():
    samurai = _pool()["21-006C"]
    parsed = parse_fftcg_text(samurai.text, samurai.name, samurai.type, samurai.power)
    assert "When Samurai enters the field, gain 《C》." in parsed.unmodelled
    assert all(e.op != "gain_cp" for e in parsed.effects)


def test_24_013R_neon_deals_5000_damage_and_gains_no_cp():
    neon = pool_line_card("24-013R", "When Neon enters the field")
    assert [e.op for e in neon.effects] == ["damage"]
    assert line_status(neon, next(ln for ln in ability_lines(neon.text) if ln.startswith("When Neon")))[0] \
        == "approximate"
    S, v = make([neon], [fwd("OPP", 7000)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    assert v["cs"][1, K.S_DMG, 0] == 5000
    assert v["ps"][0, K.P_BONUS] == 0  # no CP left over to spend this turn


# -- "choose up to 2 Forwards opponent controls. Deal them 4000 damage": two different Forwards (11.3.3) ---------------

@pytest.mark.parametrize("policy", [K.CURVE, K.RANDOM])
def test_14_006R_ifrit_deals_4000_damage_to_two_different_forwards(policy: int):
    ifrit = pool_line_card("14-006R", "EX BURST When Ifrit, Lord of the Inferno enters the field")
    S, v = make([ifrit], [fwd("BIG", 9000), fwd("MID", 7000)], filler=12, pa=policy)
    put(v, 1, 0, K.Z_FIELD)
    put(v, 1, 1, K.Z_FIELD)
    cast(S, v)
    assert [int(v["cs"][1, K.S_DMG, k]) for k in range(2)] == [4000, 4000]
    assert all(v["cs"][1, K.S_ZONE, k] == K.Z_FIELD for k in range(2))


def test_14_006R_ifrit_deals_its_4000_damage_once_to_a_lone_forward():
    ifrit = pool_line_card("14-006R", "EX BURST When Ifrit, Lord of the Inferno enters the field")
    S, v = make([ifrit], [fwd("LONE", 9000)], filler=12)
    put(v, 1, 0, K.Z_FIELD)
    cast(S, v)
    assert v["cs"][1, K.S_DMG, 0] == 4000
    assert v["cs"][1, K.S_ZONE, 0] == K.Z_FIELD
