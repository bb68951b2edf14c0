"""End-to-end CLI: compare, balance and report on the null game (a coin decides every game)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from sim.cli.app import app

runner = CliRunner()


def deck_file(folder: Path, stem: str, name: str, game: str = "fftcg") -> Path:
    kind = {"fftcg": "forward", "coj": "unit"}[game]
    cards = "\n".join(f'[[card]]\ncode = "{stem}-{i}"\nname = "{name} card {i}"\ntype = "{kind}"\ncost = {1 + i % 5}\n'
                      f'elements = ["{"fire" if game == "fftcg" else "red"}"]\ncopies = 3\n' for i in range(10))
    path = folder / f"{stem}.toml"
    path.write_text(f'game = "{game}"\nname = "{name}"\n{cards}', encoding="utf-8")
    return path


@pytest.fixture
def decks(tmp_path: Path) -> dict[str, Path]:
    return {k: deck_file(tmp_path, k, n) for k, n in
            (("a", "Variant A"), ("b", "Variant B"), ("x", "Opponent X"), ("y", "<script>alert(1)</script>"))}


def test_compare_json_common_random_numbers(decks: dict[str, Path]) -> None:
    r = runner.invoke(app, ["compare", str(decks["a"]), str(decks["b"]), "--against", str(decks["x"]),
                            "--against", str(decks["y"]), "--engine", "null", "--games", "300", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert [row["opponent"] for row in doc["rows"]] == ["Opponent X", "<script>alert(1)</script>"]
    assert set(doc["rows"][0]) == {"opponent", "win_rate_a", "win_rate_b", "diff", "low", "high"}
    # The null game's winner comes from the per-game RNG only, so with common random numbers A and
    # B win exactly the same games: the paired difference is 0 with a zero-width interval, and the
    # seat swap makes each variant win exactly half.
    for row in doc["rows"]:
        assert row["win_rate_a"] == row["win_rate_b"] == 0.5
        assert row["diff"] == row["low"] == row["high"] == 0.0
    assert doc["overall"] == {"diff": 0.0, "low": 0.0, "high": 0.0, "discordance": 0.0}


def test_compare_text_and_until_decided(decks: dict[str, Path]) -> None:
    r = runner.invoke(app, ["compare", str(decks["a"]), str(decks["b"]), "--against", str(decks["x"]),
                            "--engine", "null", "--games", "400", "--until-decided"])
    assert r.exit_code == 0, r.output
    assert "overall" in r.output and "B - A" in r.output
    # identical outcomes: B - A is 0 on every deal, so the first look (100 games) accepts H0 both ways
    assert "sequential test: stopped early after 100 games per matchup: no difference of 5 pts" in r.output
    assert "discordance: A and B got different results in 0.0% of the pairs" in r.output
    assert "H0: B - A = 0 win-rate points; H1: B - A = +5 (B better)" in r.output and "2.5% per direction" in r.output
    assert "% of the way to -" in r.output and "pentanomial" in r.output
    r = runner.invoke(app, ["compare", str(decks["a"]), str(decks["b"]), "--against", str(decks["x"]),
                            "--engine", "null", "--games", "400", "--until-decided", "--batch", "400", "--json"])
    doc = json.loads(r.stdout)
    assert doc["sprt"]["decision"] == "no_difference" and doc["sprt"]["stopped_early"] is False
    assert doc["sprt"]["deals"] == 400 and doc["sprt"]["pentanomial_a"] == doc["sprt"]["pentanomial_b"]
    assert doc["sprt"]["llr_b"] <= doc["sprt"]["lower"] < 0 < doc["sprt"]["upper"]


def test_compare_bad_input_exit_2(decks: dict[str, Path], tmp_path: Path) -> None:
    r = runner.invoke(app, ["compare", str(decks["a"]), str(tmp_path / "missing.toml"), "--against",
                            str(decks["x"]), "--engine", "null"])
    assert r.exit_code == 2 and "missing.toml" in r.output
    r = runner.invoke(app, ["compare", str(decks["a"]), str(decks["b"]), "--against", str(decks["x"]),
                            "--engine", "null", "--policy", "nonsense", "--games", "10"])
    assert r.exit_code == 2 and "nonsense" in r.output


def test_balance_writes_report_and_report_command(decks: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "rep"
    r = runner.invoke(app, ["balance", str(decks["a"]), str(decks["x"]), str(decks["y"]), "--engine", "null",
                            "--games", "200", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert str(out / "report.html") in r.output
    assert "Win rate against the other decks" in r.output and "<script>alert(1)</script>" in r.output
    assert "Opening-hand odds" in r.output
    page = (out / "report.html").read_text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>" not in page
    assert "<td>1,200</td>" in page  # 3 decks: 6 ordered matchups x 200 games
    assert (out / "tables" / "cards.csv").exists() and (out / "results" / "manifest.json").exists()
    again = tmp_path / "again"
    r = runner.invoke(app, ["report", str(out / "results"), "--out", str(again)])
    assert r.exit_code == 0, r.output
    assert (again / "report.md").read_text().count("| Opponent X |") >= 1


def test_balance_rejects_mixed_games_and_duplicate_names(decks: dict[str, Path], tmp_path: Path) -> None:
    coj = deck_file(tmp_path, "c", "Joker Deck", game="coj")
    r = runner.invoke(app, ["balance", str(decks["a"]), str(coj), "--games", "10", "--out", str(tmp_path / "o")])
    assert r.exit_code == 2
    assert "a.toml" in r.output and "c.toml" in r.output and "coj" in r.output
    twin = deck_file(tmp_path, "twin", "Variant A")
    r = runner.invoke(app, ["balance", str(decks["a"]), str(twin), "--engine", "null", "--games", "10",
                            "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "Variant A" in r.output


def test_report_on_empty_dir_exit_2(tmp_path: Path) -> None:
    r = runner.invoke(app, ["report", str(tmp_path), "--out", str(tmp_path / "rep")])
    assert r.exit_code == 2 and "no results" in r.output


def test_paired_interval_narrower_than_unpaired_on_played_games(decks: dict[str, Path]) -> None:
    from sim.decks.deckfile import load_deck
    from sim.workflows.compare import compare_variants

    a, b, x = (load_deck(decks[k]) for k in "abx")
    r = compare_variants(a, b, [x], games=200, policy="curve", seed=3, engine="null")
    assert r.games == 200 and r.comparison.overall.n == 400  # 200 seeds x 2 seat orders
    paired = r.comparison.overall.high - r.comparison.overall.low
    unpaired = r.comparison.unpaired.high - r.comparison.unpaired.low
    assert paired < unpaired and unpaired > 0.1


def test_card_order_in_the_deck_file_does_not_change_the_games(tmp_path: Path) -> None:
    """The engine sees each zone sorted by code, so a deck listed in another order plays the same games."""
    from sim.decks.deckfile import load_deck
    from sim.run.chunks import MatchupSpec
    from sim.run.runner import run_matchups

    forward = deck_file(tmp_path, "p", "Ordered")
    text = forward.read_text(encoding="utf-8")
    head, *blocks = text.split("[[card]]")
    backward = tmp_path / "q.toml"
    backward.write_text(head + "".join("[[card]]" + b for b in reversed(blocks)), encoding="utf-8")
    x = deck_file(tmp_path, "x", "Opponent X")
    frames = []
    for path in (forward, backward):
        spec = MatchupSpec(load_deck(path), load_deck(x), "curve", "curve", 0, engine="null")
        out = run_matchups([spec], 50, 7, tmp_path / path.stem, detail="cards")
        cards = pl.read_parquet(sorted((out / "cards").glob("*.parquet")))
        frames.append(cards.filter(pl.col("seat") == "a").select("game_id", "copy", "code", "turn_drawn")
                      .sort("game_id", "copy"))
    assert frames[0]["code"].head(30).to_list() == sorted(frames[0]["code"].head(30).to_list())
    assert frames[0].equals(frames[1])
