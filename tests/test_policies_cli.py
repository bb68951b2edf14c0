"""`--policies` end to end: balance and compare on the shipped FFTCG decks, small game counts."""

from __future__ import annotations

import html
import json
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal
from scipy import stats
from typer.testing import CliRunner

from sim.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
DECKS = [str(ROOT / "decks" / "fftcg" / f"{k}.toml") for k in ("aggro", "control", "midrange")]
runner = CliRunner()


def games_of(results: Path) -> pl.DataFrame:
    return pl.read_parquet(sorted((results / "games").glob("*.parquet")))


def test_balance_policies_section_tables_and_report_rebuild(tmp_path: Path) -> None:
    out = tmp_path / "sens"
    r = runner.invoke(app, ["balance", *DECKS, "--games", "100", "--policies", "curve,control", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "Policy sensitivity" in r.output and "rank correlation curve vs control, 3 decks" in r.output
    md = (out / "report.md").read_text()
    assert "## Policy sensitivity" in md and "## Conclusions that depend on the policy" in md
    assert 'id="policy_sensitivity"' in (out / "report.html").read_text()

    # every pairing's games are kept, and the table's win rates are theirs
    games = games_of(out / "results")
    assert sorted(games.select("policy_a", "policy_b").unique().rows()) == [("control", "control"), ("curve", "curve")]
    rates = pl.read_csv(out / "tables" / "policy_sensitivity.csv")
    assert rates.height == 6
    for row in rates.iter_rows(named=True):
        mine = games.filter((pl.col("policy_a") == row["pairing"])
                            & ((pl.col("deck_a") == row["deck"]) | (pl.col("deck_b") == row["deck"])))
        wins = mine.filter(((pl.col("deck_a") == row["deck"]) & (pl.col("winner") == "a"))
                           | ((pl.col("deck_b") == row["deck"]) & (pl.col("winner") == "b"))).height
        assert (row["games"], row["wins"]) == (mine.height, wins) == (400, round(row["win_rate"] * 400))
    for (_,), g in rates.group_by("pairing"):
        assert g.sort("win_rate", descending=True)["rank"].to_list() == sorted(g["rank"].to_list())
    corr = pl.read_csv(out / "tables" / "policy_rank_correlation.csv").row(0, named=True)
    wide = rates.pivot(on="pairing", index="deck", values="win_rate").sort("deck")
    assert corr["spearman"] == stats.spearmanr(wide["curve"], wide["control"]).statistic

    comparisons = pl.read_csv(out / "tables" / "policy_comparisons.csv")
    assert comparisons.height == 2 * 3 * 2  # two kinds x three deck pairs x two pairings
    assert ((comparisons["p_holm"] < 0.05) == (comparisons["verdict"] != 0)).all()
    flipping = comparisons.filter(pl.col("flips")).select("kind", "deck_1", "deck_2").unique().height
    flips = pl.read_csv(out / "tables" / "policy_flips.csv")
    assert flips.height == flipping
    assert all(s in html.unescape(md.replace("\\", "")) for s in flips["statement"].to_list())

    again = tmp_path / "again"
    r = runner.invoke(app, ["report", str(out / "results"), "--out", str(again)])
    assert r.exit_code == 0, r.output
    for stem in ("policy_sensitivity", "policy_rank_correlation", "policy_comparisons", "policy_flips"):
        # the same numbers up to float summation order (streaming aggregation)
        assert_frame_equal(pl.read_csv(again / "tables" / f"{stem}.csv"), pl.read_csv(out / "tables" / f"{stem}.csv"),
                           check_exact=False)

    # without --policies: one pairing, no section, and the same games as the curve pairing (same streams)
    plain = tmp_path / "plain"
    r = runner.invoke(app, ["balance", *DECKS, "--games", "100", "--out", str(plain)])
    assert r.exit_code == 0, r.output
    assert "Policy sensitivity" not in r.output and "Policy sensitivity" not in (plain / "report.md").read_text()
    assert not (plain / "tables" / "policy_sensitivity.csv").exists()
    hint = "tcgsim balance DECKS --policies curve,search"  # one line on how to check it under the search
    assert hint in (plain / "report.md").read_text().replace("\\", "") and hint not in md.replace("\\", "")
    cols = ["game_id", "deck_a", "deck_b", "first_player", "winner", "turns"]
    curve = games.filter(pl.col("policy_a") == "curve").select(cols).sort("game_id")
    assert curve.equals(games_of(plain / "results").select(cols).sort("game_id"))


def test_compare_policies_json_text_and_kept_games(tmp_path: Path) -> None:
    aggro, control, midrange = DECKS
    out = tmp_path / "cmp"
    args = ["compare", aggro, midrange, "--against", control, "--games", "100", "--policies", "curve,control"]
    r = runner.invoke(app, [*args, "--json", "--out", str(out)])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [p["policy"] for p in doc["pairings"]] == ["curve", "control"]
    rows = doc["sensitivity"]["rows"]
    assert [row["pairing"] for row in rows] == ["curve", "control"]
    for pairing, row in zip(doc["pairings"], rows, strict=True):
        assert row["diff"] == pairing["overall"]["diff"] and row["low"] == pairing["overall"]["low"]
        assert row["p_holm"] >= row["p"] and row["verdict"] == (0 if row["p_holm"] >= 0.05 else
                                                                (1 if row["diff"] > 0 else -1))
        kept = games_of(out / pairing["policy"])
        assert set(kept["policy_a"]) == set(kept["policy_b"]) == {pairing["policy"]}
        assert kept.height == 4 * 100  # (A, B) x two seat orders x 100 games against one opponent
    table = pl.read_csv(out / "tables" / "policy_sensitivity.csv")
    assert table["diff"].to_list() == [row["diff"] for row in rows]
    md = (out / "report.md").read_text()
    assert "## Policy sensitivity" in md and doc["sensitivity"]["verdict"].split(":")[0] in md

    # the report is rebuilt from the kept games and compare.json alone
    again = tmp_path / "again"
    r = runner.invoke(app, ["report", str(out), "--out", str(again)])
    assert r.exit_code == 0, r.output
    assert_frame_equal(pl.read_csv(again / "tables" / "policy_sensitivity.csv"), table)
    assert_frame_equal(pl.read_csv(again / "tables" / "compare_by_pairing.csv"),
                       pl.read_csv(out / "tables" / "compare_by_pairing.csv"))

    # the control pairing is exactly `compare --policy control` (the same seeds)
    single = runner.invoke(app, ["compare", aggro, midrange, "--against", control, "--games", "100",
                                 "--policy", "control", "--json"])
    assert json.loads(single.stdout)["overall"] == doc["pairings"][1]["overall"]

    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "pairing curve vs curve:" in text.output and "pairing control vs control:" in text.output
    assert "Policy sensitivity: B - A" in text.output and doc["sensitivity"]["verdict"] in text.output


def test_names_come_from_the_engine_registry() -> None:
    """A policy an engine adds (here a registry that also accepts parameterised names, like FFTCG's
    "search:N") is accepted without a change to the check; others are refused with the registry's names."""
    from types import SimpleNamespace

    from sim.errors import InputError
    from sim.run.pairings import parse_pairings

    class Registry(dict):
        def __contains__(self, name: object) -> bool:
            return dict.__contains__(self, name) or (isinstance(name, str) and name.startswith("deep:"))

    engine = SimpleNamespace(GAME="toy", POLICIES=Registry(curve=0, deep=1))
    assert parse_pairings("curve, deep,deep:8", engine) == ["curve", "deep", "deep:8"]
    with pytest.raises(InputError, match=r"unknown policy 'control' for toy \(one of: curve, deep\)") as err:
        parse_pairings("curve,control", engine)
    assert err.value.where == "--policies"
