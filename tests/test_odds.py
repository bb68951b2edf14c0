"""Opening-hand odds: exact answers against closed forms, simulated answers against exact ones."""

from __future__ import annotations

import os
import subprocess
import sys
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.intervals import wilson
from sim.odds.compute import exact, rows, simulate
from sim.odds.counting import OddsQuestion, keep_composition
from sim.odds.profiles import PROFILES, generic_profile


def question(game: str, classes: list[int], need: tuple[int, ...], *, turns: int = 0, first: bool = True,
             keep_if: bool = False, max_mull: int | None = None, profile=None) -> OddsQuestion:
    p = profile or PROFILES[game]
    return OddsQuestion(tuple(classes), need, p, first, turns, keep_if, p.max_mulligans if max_mull is None else max_mull)


def at_least_one(deck: int, copies: int, seen: int) -> float:
    return 1 - comb(deck - copies, seen) / comb(deck, seen)


def deck_with(copies: int, size: int) -> list[int]:
    return [1] * copies + [0] * (size - copies)


@pytest.mark.parametrize("copies", [1, 3, 9])
def test_fftcg_exact_no_mulligan_is_hypergeometric(copies):
    q = question("fftcg", deck_with(copies, 50), (1,), turns=3)
    # FFTCG 9.2: the first player draws 1 on turn 1, then 2 per turn.
    seen = [5, 6, 8, 10]
    assert exact(q) == pytest.approx([at_least_one(50, copies, n) for n in seen], abs=1e-12)


@pytest.mark.parametrize("copies", [3, 6])
def test_fftcg_exact_keep_if_mulligans_whole_hand_to_bottom(copies):
    q = question("fftcg", deck_with(copies, 50), (1,), turns=2, first=False, keep_if=True)
    p = at_least_one(50, copies, 5)
    # FFTCG 8.2.2: a failed hand holds no copy and sits under the other 45 cards.
    expected = [p + (1 - p) * at_least_one(45, copies, n) for n in (5, 7, 9)]
    assert exact(q) == pytest.approx(expected, abs=1e-12)


def test_gbf_first_player_draws_nothing_on_turn_one():
    q = question("gbf", deck_with(4, 50), (1,), turns=2, first=True)
    assert exact(q) == pytest.approx([at_least_one(50, 4, n) for n in (5, 5, 7)], abs=1e-12)


def test_gbf_partial_mulligan_with_nothing_to_keep_redraws_five():
    q = question("gbf", deck_with(4, 50), (1,), keep_if=True)
    p = at_least_one(50, 4, 5)
    assert exact(q)[0] == pytest.approx(p + (1 - p) * at_least_one(45, 4, 5), abs=1e-12)


def test_gbf_keep_composition_keeps_only_what_helps():
    # wants: 2 of class bit 0, 1 of bit 1; hand: three bit-0 cards, one card with both bits, one blank
    kept = keep_composition({1: 3, 3: 1, 0: 1}, (2, 1))
    assert kept == {3: 1, 1: 1, 0: 0}


def test_pso2_draws_one_per_turn_and_first_player_skips_turn_one():
    q = question("pso2", deck_with(3, 50), (1,), turns=3, first=True)
    assert exact(q) == pytest.approx([at_least_one(50, 3, n) for n in (5, 5, 6, 7)], abs=1e-12)
    q2 = question("pso2", deck_with(3, 50), (1,), turns=2, first=False)
    assert exact(q2) == pytest.approx([at_least_one(50, 3, n) for n in (5, 6, 7)], abs=1e-12)


@pytest.mark.parametrize("copies,table", [(1, 0.100), (3, 0.277), (9, 0.656)])
def test_coj_opening_hand_matches_digest_table(copies, table):
    q = question("coj", deck_with(copies, 40), (1,), keep_if=False)
    assert exact(q)[0] == pytest.approx(table, abs=5e-4)


@pytest.mark.parametrize("mulligans", [0, 1, 3])
def test_coj_redraws_are_independent_fresh_hands(mulligans):
    q = question("coj", deck_with(3, 40), (1,), keep_if=True, max_mull=mulligans, turns=1, first=False)
    p4 = at_least_one(40, 3, 4)
    assert exact(q)[0] == pytest.approx(1 - (1 - p4) ** (mulligans + 1), abs=1e-12)
    # CoJ section 7: the second player draws 2 on round 1.
    stuck = (1 - p4) ** mulligans
    assert exact(q)[1] == pytest.approx(1 - stuck + stuck * at_least_one(40, 3, 6), abs=1e-12)


def test_generic_profile_two_of_seventeen_in_seven():
    q = question("generic", deck_with(17, 60), (2,), profile=generic_profile(60, 7, 1))
    p_less = sum(comb(17, k) * comb(43, 7 - k) for k in (0, 1)) / comb(60, 7)
    assert exact(q)[0] == pytest.approx(1 - p_less, abs=1e-12)


def test_two_wants_need_both():
    # 6 cards of class 1, 6 of class 2: P(>=1 of each in 5) by inclusion-exclusion
    q = question("fftcg", [1] * 6 + [2] * 6 + [0] * 38, (1, 1))
    none_a = comb(44, 5) / comb(50, 5)
    none_both = comb(38, 5) / comb(50, 5)
    assert exact(q)[0] == pytest.approx(1 - 2 * none_a + none_both, abs=1e-12)


@pytest.mark.parametrize("game,keep_if", [("fftcg", True), ("gbf", True), ("coj", True), ("pso2", False)])
def test_simulated_falls_inside_its_interval_of_exact(game, keep_if):
    size = PROFILES[game].deck_size
    classes = [1] * 7 + [2] * 5 + [3] * 2 + [0] * (size - 14)
    q = question(game, classes, (2, 1), turns=3, first=False, keep_if=keep_if)
    n = 200_000
    for r in rows(q, n, seed=7):
        # the 95% interval misses 1 time in 20, so the check uses the 99.9% one (z = 3.29)
        low, high = wilson(round(r["simulated"] * n), n, z=3.29)
        assert low <= r["exact"] <= high, r
        assert r["low"] <= r["simulated"] <= r["high"]


@settings(max_examples=25, deadline=None)
@given(
    game=st.sampled_from(["fftcg", "gbf", "coj", "pso2"]),
    a=st.integers(0, 12), b=st.integers(0, 12), both=st.integers(0, 4),
    need_a=st.integers(1, 3), need_b=st.integers(1, 2), turns=st.integers(0, 3), first=st.booleans(),
)
def test_exact_and_simulated_agree_for_random_decks(game, a, b, both, need_a, need_b, turns, first):
    size = PROFILES[game].deck_size
    classes = [1] * a + [2] * b + [3] * both + [0] * (size - a - b - both)
    q = question(game, classes, (need_a, need_b), turns=turns, first=first, keep_if=game != "pso2")
    n = 40_000
    hits = simulate(q, n, seed=11)
    for e, h in zip(exact(q), hits, strict=True):
        sd = (e * (1 - e) / n) ** 0.5
        assert abs(h / n - e) <= 5 * sd + 1e-9


def test_simulation_is_the_same_for_any_thread_count():
    code = (
        "from sim.odds.compute import simulate; from sim.odds.counting import OddsQuestion; from sim.odds.profiles import PROFILES;"
        "q = OddsQuestion(tuple([1]*9 + [2]*4 + [0]*37), (1, 1), PROFILES['gbf'], False, 3, True, 1);"
        "print(simulate(q, 30000, seed=5))"
    )
    outs = []
    for threads in ("1", "2"):
        env = {**os.environ, "NUMBA_NUM_THREADS": threads}
        outs.append(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)
    assert outs[0] == outs[1] and outs[0].startswith("[")


@pytest.mark.parametrize("keep", [(0, 0, 0, 0, 0), (1, 0, 1, 0, 0), (1, 1, 1, 1, 0), (0, 1, 0, 0, 1)])
def test_sampler_reads_past_a_mulligan_like_the_engines_move_cards(keep) -> None:
    """The sampler reads draws after a mulligan as order[hand + k - kept] instead of moving cards;
    that is the order sim.engine.opening leaves the deck in (FFTCG 8.2.2 all to the bottom, GBF r. 5-2-1-5-1)."""
    from sim.engine.opening import mulligan_partial

    hand, n = 5, 50
    order = np.random.default_rng(7).permutation(n).astype(np.int64)
    moved = order.copy()
    back = mulligan_partial(moved, n, hand, np.array(keep, np.int8))
    kept = hand - back
    assert list(moved[:kept]) == [order[i] for i in range(hand) if keep[i]]
    assert list(moved[kept:n - back]) == [order[hand + k - kept] for k in range(kept, n - back)]
    assert sorted(moved[n - back:]) == sorted(order[i] for i in range(hand) if not keep[i])


# ---- generic profile: Karsten's tables (Magic: 60 cards, 7-card hand, 1 draw a turn) -------------------
def hyper_at_least(deck: int, good: int, seen: int, k: int) -> float:
    return sum(comb(good, x) * comb(deck - good, seen - x) for x in range(k, min(good, seen) + 1)) / comb(deck, seen)


def magic(rule: str = "london", max_mull: int = 3) -> object:
    """Magic's numbers: 7-card hand, 1 draw a turn, none for the first player on turn 1."""
    return generic_profile(60, 7, 1, 0, rule, max_mull)


@pytest.mark.parametrize("first,published", [(True, 0.819), (False, 0.8805)])
def test_generic_first_turn_draw_reproduces_karsten_land_odds(first, published):
    """25 lands in 60: P(3+ lands by turn 3) is 81.9% on the play (9 cards) and 88.05% on the draw (10)."""
    q = question("generic", deck_with(25, 60), (3,), turns=3, first=first, profile=magic())
    p = exact(q)[3]
    assert p == pytest.approx(hyper_at_least(60, 25, 9 if first else 10, 3), abs=1e-12)
    assert p == pytest.approx(published, abs=5e-4)
    # a 4-of in the opening 7: 39.9% (no draw yet on either seat)
    q4 = question("generic", deck_with(4, 60), (1,), turns=0, first=first, profile=magic())
    assert exact(q4)[0] == pytest.approx(0.3995, abs=5e-5)


@pytest.mark.parametrize("mulls", [0, 1, 3])
def test_london_keep_if_a_four_of(mulls):
    """Keep a 7 with the 4-of, else mulligan (a full 7 again, bottom k): turn 0 succeeds with
    1 - (1 - p7)^(m + 1); a last hand without it draws from the other 53 cards (4 copies there)."""
    q = question("generic", deck_with(4, 60), (1,), turns=3, first=False, keep_if=True, max_mull=mulls,
                 profile=magic(max_mull=mulls))
    miss7 = comb(56, 7) / comb(60, 7)
    stuck = miss7 ** (mulls + 1)
    expect = [1 - stuck + stuck * (1 - comb(49, d) / comb(53, d)) for d in range(4)]
    assert exact(q) == pytest.approx(expect, abs=1e-12)


def test_london_three_lands_keeps_six_of_the_seven():
    """One London mulligan for "3+ lands": the second 7 keeps its lands (6 cards kept, so 3 lands fit);
    a last hand with x < 3 lands draws from the other 53 cards, 25 - x of them lands."""
    q = question("generic", deck_with(25, 60), (3,), turns=2, first=True, keep_if=True, max_mull=1,
                 profile=magic(max_mull=1))
    p = [hyper_at_least(60, 25, 7, x) - hyper_at_least(60, 25, 7, x + 1) for x in range(8)]  # P(X7 = x)
    hit = sum(p[3:])
    last = [sum(p[x] * hyper_at_least(53, 25 - x, d, 3 - x) for x in range(3)) for d in (0, 0, 1)]  # no draw on turn 1
    assert exact(q) == pytest.approx([hit + (1 - hit) * (hit + v) for v in last], abs=1e-12)


def test_vancouver_keep_if_a_four_of_with_scry():
    """Vancouver: hands of 7, 6, 5; the last (5 cards, no copy) scries: a copy on top (4 of 55) is the
    next draw, anything else goes to the bottom and the draws come from the other 54."""
    q = question("generic", deck_with(4, 60), (1,), turns=3, first=False, keep_if=True, max_mull=2,
                 profile=magic("vancouver", max_mull=2))
    miss = [comb(56, h) / comb(60, h) for h in (7, 6, 5)]
    stuck = miss[0] * miss[1] * miss[2]
    fail = [1.0] + [(51 / 55) * comb(50, d) / comb(54, d) for d in (1, 2, 3)]
    assert exact(q) == pytest.approx([1 - stuck * f for f in fail], abs=1e-12)


@pytest.mark.parametrize("rule", ["london", "vancouver"])
@pytest.mark.parametrize("need", [(1,), (3,), (2, 1)])
def test_generic_mulligans_simulated_agree_with_exact(rule, need):
    classes = [1] * 22 + [2] * 6 + [3] * 2 + [0] * 30 if len(need) == 2 else [1] * 24 + [0] * 36
    q = question("generic", classes, need, turns=3, first=True, keep_if=True, max_mull=2,
                 profile=magic(rule, max_mull=2))
    n = 200_000
    for r in rows(q, n, seed=3):
        low, high = wilson(round(r["simulated"] * n), n, z=3.29)
        assert low <= r["exact"] <= high, r


def test_generic_cli_seats_differ_and_mulligan_rule(tmp_path):
    from typer.testing import CliRunner

    from sim.cli.app import app

    deck = tmp_path / "lands.toml"
    deck.write_text('game = "generic"\nname = "Lands"\n[[card]]\ncode = "L"\ntype = "card"\ntags = ["land"]\ncopies = 25\n',
                    encoding="utf-8")
    base = ["odds", str(deck), "--want", "3+ tag=land", "--deck-size", "60", "--hand", "7", "--draws", "1",
            "--turns", "3", "--samples", "0", "--json"]
    import json

    got = {}
    for seat in ("first", "second"):
        r = CliRunner().invoke(app, [*base, "--seat", seat])
        assert r.exit_code == 0, r.output
        got[seat] = json.loads(r.stdout)["rows"][3]["exact"]
    assert got["first"] == pytest.approx(0.8190, abs=1e-4) and got["second"] == pytest.approx(0.8805, abs=1e-4)
    r = CliRunner().invoke(app, [*base, "--mulligan", "keep-if", "--mulligan-rule", "vancouver", "--max-mulligans", "1"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["rows"][0]["exact"] > hyper_at_least(60, 25, 7, 3)  # the mulligan helps
    r = CliRunner().invoke(app, [*base, "--max-mulligans", "7"])
    assert r.exit_code == 2 and "--max-mulligans" in r.output


def test_whole_deck_can_be_drawn_without_a_mulligan():
    """Only a mulligan puts cards under the deck; without keep-if all 20 cards can be seen."""
    from sim.errors import InputError

    q = question("generic", deck_with(2, 20), (1,), turns=13, first=False, profile=magic())
    assert exact(q)[13] == pytest.approx(1.0)
    with pytest.raises(InputError, match="--turns"):
        question("generic", deck_with(2, 20), (1,), turns=13, first=False, keep_if=True,
                 profile=magic()).check()
