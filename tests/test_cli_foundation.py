"""`tcgsim validate` and `tcgsim odds` from the command line, including every kind of bad input."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def one_line_error(result, *needles: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "Traceback" not in result.output
    for needle in needles:
        assert needle in lines[0], lines[0]


@pytest.fixture
def inline_deck(tmp_path: Path):
    def write(body: str, name: str = "deck.toml") -> Path:
        p = tmp_path / name
        p.write_text(body, encoding="utf-8")
        return p

    return write


FORWARD = '[[card]]\ncode = "F-1"\nname = "Blade"\ntype = "forward"\ncost = 2\nelement = "fire"\npower = 7000\ncopies = {n}\n'


def test_validate_ok_exits_0_and_lists_every_violation_with_exit_1(inline_deck):
    good = run("validate", ROOT / "decks/gbf/aggro.toml")
    assert good.exit_code == 0 and "ok" in good.output
    bad = inline_deck('game = "fftcg"\nname = "Bad"\n' + FORWARD.format(n=10))
    result = run("validate", bad)
    assert result.exit_code == 1
    assert "FFTCG 8.1.1.1" in result.output and "FFTCG 8.1.1.2" in result.output and "F-1" in result.output


def test_validate_json_shape(inline_deck):
    bad = inline_deck('game = "fftcg"\nname = "Bad"\n' + FORWARD.format(n=50))
    result = run("validate", "--json", ROOT / "decks/pso2/aggro.toml", bad)
    data = json.loads(result.output)
    assert result.exit_code == 1
    assert data[0] == {"deck": str(ROOT / "decks/pso2/aggro.toml"), "ok": True, "errors": []}
    assert data[1]["ok"] is False
    assert data[1]["errors"] == [{"card": "F-1", "rule": "FFTCG 8.1.1.2", "message": "50 copies of card number F-1; at most 3"}]


@pytest.mark.parametrize("command", [["validate"], ["odds", "--want", "1+ type=forward"]])
def test_bad_input_is_one_line_exit_2(inline_deck, command):
    cases = {
        "malformed TOML": (inline_deck('game = "fftcg\n', "a.toml"), ["a.toml", "malformed TOML"]),
        "unknown game": (inline_deck('game = "mtg"\n', "b.toml"), ["b.toml", "unknown game 'mtg'"]),
        "unknown card": (inline_deck(f'game = "gbf"\npool = "{ROOT}/decks/gbf/cards.csv"\n[cards]\n"NOPE-1" = 3\n', "c.toml"),
                         ["c.toml", "NOPE-1"]),
        "wrong field type": (inline_deck('game = "fftcg"\n[[card]]\ncode = "X"\ntype = "forward"\ncost = "two"\ncopies = 3\n', "d.toml"),
                             ["d.toml", "'X'", "cost"]),
        "missing pool": (inline_deck('game = "fftcg"\npool = "nowhere.json"\n[cards]\n"1-001H" = 3\n', "e.toml"),
                         ["e.toml", "nowhere.json"]),
        "missing deck": (Path("no/such/deck.toml"), ["no/such/deck.toml", "no such file"]),
    }
    for label, (path, needles) in cases.items():
        result = run(*command, path)
        try:
            one_line_error(result, *needles)
        except AssertionError as exc:
            raise AssertionError(f"{label}: {exc}") from None


def test_odds_json_rows_and_exact_inside_interval():
    # wants the shipped aggro deck meets about 82-93% of the time (an interval strictly around the estimate)
    result = run("odds", ROOT / "decks/gbf/aggro.toml", "--want", "1+ type=summon_stone", "--want", "1+ element=fire",
                 "--turns", "2", "--seat", "second", "--mulligan", "keep-if", "--samples", "100000", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["turn"] for r in data["rows"]] == [0, 1, 2]
    for r in data["rows"]:
        assert set(r) == {"turn", "exact", "simulated", "low", "high"}
        assert r["low"] < r["simulated"] < r["high"]
        # a 95% interval misses 1 time in 20; four standard errors keep the test from flaking
        assert abs(r["simulated"] - r["exact"]) <= 4 * (r["exact"] * (1 - r["exact"]) / 100_000) ** 0.5 + 1e-9


def test_odds_bad_options_name_the_option():
    deck = ROOT / "decks/pso2/aggro.toml"
    one_line_error(run("odds", deck, "--want", "type=character"), "--want", "count")
    one_line_error(run("odds", deck, "--want", "1+ colour=red"), "--want", "colour")
    one_line_error(run("odds", deck, "--want", "1+ cost<=x"), "--want", "whole number")
    one_line_error(run("odds", deck, "--want", "1+ cost<=2", "--max-mulligans", "2"), "--max-mulligans")
    one_line_error(run("odds", deck, "--want", "1+ cost<=2", "--hand", "7"), "--hand")


def test_odds_generic_profile_pads_the_deck(inline_deck):
    lands = inline_deck('game = "generic"\nname = "Lands"\n[[card]]\ncode = "L"\ntype = "card"\ntags = ["land"]\ncopies = 17\n')
    result = run("odds", lands, "--game", "generic", "--deck-size", "60", "--hand", "7", "--draws", "1",
                 "--want", "2+ tag=land", "--samples", "0", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rows"][0]["exact"] == pytest.approx(1 - (comb(43, 7) + 17 * comb(43, 6)) / comb(60, 7), abs=1e-12)


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared card data not present")
def test_odds_on_a_real_starter_deck_with_its_pool():
    deck = SHARED / "fftcg/decks/starter/opus_starter__opus_iii_2017__ff_ix_fire_water_starter_deck.toml"
    result = run("odds", deck, "--pool", SHARED / "fftcg/cards_fftcgsim_square_api.json",
                 "--want", "1+ type=backup cost<=3", "--mulligan", "keep-if", "--samples", "50000", "--json")
    assert result.exit_code == 0, result.output
    row = json.loads(result.output)["rows"][0]
    assert row["low"] <= row["exact"] <= row["high"]
