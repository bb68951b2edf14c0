"""The variant screen (sim/bench/search_screen.py): the policies play the same deals as search_strength.swapped,
in an order alternated deck by deck, and the table pairs each one's scores by deal with the first policy's."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from analysis.paired import paired_interval
from sim.bench import search_screen as SS
from sim.bench.search_strength import swapped
from sim.decks.deckfile import load_deck
from sim.errors import InputError
from sim.games.fftcg import engine as F

DECKS = Path(__file__).resolve().parents[1] / "decks" / "fftcg"


def test_the_order_alternates_deck_by_deck():
    assert SS.order_for(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert SS.order_for(["a", "b", "c"], 1) == ["c", "b", "a"]
    assert SS.order_for(["a", "b", "c"], 2) == ["a", "b", "c"]


def test_the_table_pairs_each_policy_with_the_first_by_deal():
    first = np.array([1.0, 0.0, 0.5, 1.0, 0.0, 1.0])
    second = np.array([1.0, 0.5, 0.5, 1.0, 1.0, 1.0])  # the same deals, two of them better
    rows = SS.table({"one": first, "two": second}, {"one": 2.0, "two": 3.0}, "curve", {"two": 0.5})
    assert rows[0].startswith("| policy | against curve | difference to one |")
    assert rows[2].split(" | ")[2] == ""  # the reference has no difference to itself
    d = paired_interval(second - first)
    assert f"{100 * d.diff:.1f} pts ({100 * d.low:.1f} to {100 * d.high:.1f})" in rows[3]
    assert rows[3].endswith("| 3.0 | 1.50 | 0.5 |")  # CPU seconds, the ratio to the first policy's, fitting
    assert rows[2].endswith("| 0.0 |")


def test_screen_plays_the_deals_search_strength_plays(capsys: pytest.CaptureFixture, tmp_path: Path):
    decks = [DECKS / "aggro.toml", DECKS / "control.toml"]
    scores, cpu, fits = SS.screen(decks, None, ["curve", "aggro"], "control", 3, 5)
    for policy in ("curve", "aggro"):
        expected = []
        for path in decks:
            deck = load_deck(path, None)
            a, b = F.compile_matchup(deck, deck)
            expected.append(swapped(a, b, policy, "control", 3, 5))
        assert np.array_equal(scores[policy], np.concatenate(expected))
    assert set(cpu) == {"curve", "aggro"} and min(cpu.values()) >= 0 and set(fits) == set(cpu)
    SS.main([*map(str, decks), "--policies", "curve,aggro", "--against", "control", "--games", "3", "--seed", "5",
             "--save", str(tmp_path / "s.npz")])
    out = capsys.readouterr().out
    assert "| curve |" in out and "| aggro |" in out and "3 deals per matchup from both seats, seed 5, 2 decks" in out
    assert np.array_equal(np.load(tmp_path / "s.npz")["aggro"], scores["aggro"])


def test_pairs_play_each_pairs_matchup_from_both_seats():
    decks = [DECKS / "aggro.toml", DECKS / "control.toml", DECKS / "midrange.toml", DECKS / "aggro.toml"]
    scores, _, _ = SS.screen(decks, None, ["curve"], "control", 3, 5, pairs=True)
    expected = [swapped(*F.compile_matchup(load_deck(x, None), load_deck(y, None)), "curve", "control", 3, 5)
                for x, y in ((decks[0], decks[1]), (decks[2], decks[3]))]
    assert np.array_equal(scores["curve"], np.concatenate(expected))
    with pytest.raises(InputError, match="two at a time: 3 given"):
        SS.screen(decks[:3], None, ["curve"], "control", 3, 5, pairs=True)
