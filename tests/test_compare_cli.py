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


def test_report_states_provenance_and_check_replays_games(decks: dict[str, Path], tmp_path: Path) -> None:
    """The report names the command, seed, engine digests and rules options; `report --check` replays a
    sample and passes, then fails naming the first game whose stored row was changed."""
    out = tmp_path / "rep"
    r = runner.invoke(app, ["balance", str(decks["a"]), str(decks["x"]), "--engine", "null", "--games", "50",
                            "--seed", "9", "--out", str(out)])
    assert r.exit_code == 0, r.output
    md = (out / "report.md").read_text().replace("\\_", "_")  # Markdown escapes underscores
    results = out / "results"
    digest = json.loads((results / "manifest.json").read_text())["job"]["engines"]["null"]
    assert f"null {digest[:16]}" in md and "rules options" in md and "| seed | 9 |" in md
    assert "tcgsim " in md and f"tcgsim report {results} --check" in md
    r = runner.invoke(app, ["report", str(results), "--check", "--sample", "4"])
    assert r.exit_code == 0, r.output
    assert f"check: 8 games of 2 matchups replayed in {results}: identical games rows" in r.output
    part = sorted((results / "games").glob("*.parquet"))[0]
    games = pl.read_parquet(part)
    row = games["index"].to_list().index(49)  # the last game, always in the sample
    changed = games.with_columns(pl.when(pl.int_range(pl.len()) == row).then(pl.col("turns") + 1)
                                 .otherwise(pl.col("turns")).alias("turns"))
    changed.write_parquet(part)
    r = runner.invoke(app, ["report", str(results), "--check"])
    m = int(games["matchup"][0])
    assert r.exit_code == 1
    assert f"game 49 of matchup {m}" in r.output and "differs from its replay: turns stored" in r.output


def test_report_names_an_example_game_for_each_outcome(decks: dict[str, Path], tmp_path: Path) -> None:
    """Example games: the game named for "seat A loses on the play" and for a card stuck in hand does show
    that outcome; outside FFTCG the line gives seed, stream and game index (trace is FFTCG-only)."""
    out = tmp_path / "rep"
    r = runner.invoke(app, ["balance", str(decks["a"]), str(decks["x"]), "--engine", "null", "--games", "60",
                            "--seed", "4", "--out", str(out)])
    assert r.exit_code == 0, r.output
    ex = pl.read_csv(out / "tables" / "examples.csv")
    games = pl.read_parquet(out / "results" / "games" / "*.parquet")
    cards = pl.read_parquet(out / "results" / "cards" / "*.parquet")
    manifest = json.loads((out / "results" / "manifest.json").read_text())["job"]
    loss = ex.filter(pl.col("outcome") == "seat A loses on the play")
    assert loss.height == 2  # both matchups
    for row in loss.iter_rows(named=True):
        g = games.filter((pl.col("matchup") == row["matchup"]) & (pl.col("index") == row["index"]))
        assert g["first_player"][0] == "a" and g["winner"][0] == "b"
        earlier = games.filter((pl.col("matchup") == row["matchup"]) & (pl.col("index") < row["index"]))
        assert not ((earlier["first_player"] == "a") & (earlier["winner"] == "b")).any()  # the first such game
        stream = manifest["matchups"][row["matchup"]]["stream"]
        assert row["command"] == (f"seed 4, stream {stream}, game {row['index']} "
                                  "(tcgsim trace replays FFTCG games only)")
    stuck = ex.filter(pl.col("card").is_not_null()).row(0, named=True)
    g = games.filter((pl.col("matchup") == stuck["matchup"]) & (pl.col("index") == stuck["index"]))
    seat = stuck["outcome"].split("seat ")[1][0].lower()
    assert g["winner"][0] not in (seat, "draw")
    code = stuck["card"].rsplit("(", 1)[1].rstrip(")")
    held = cards.filter((pl.col("game_id") == g["game_id"][0]) & (pl.col("seat") == seat) & (pl.col("code") == code))
    assert ((held["turn_drawn"] >= 0) & (held["turn_played"] < 0)).any()
    md = (out / "report.md").read_text()
    assert "Example games" in md and "seat A loses on the play" in md


def test_example_command_is_the_trace_command_of_the_game() -> None:
    """Each example's command replays its own game: the matchup's decks, seed, stream, policies and options
    around that game's index (quoted once per matchup); a game trace cannot replay is named by seed instead."""
    from analysis.data import from_frames
    from reports.examples import section

    fftcg = {"index": 0, "engine": "fftcg", "deck_a": {"path": "/d/a deck.toml"}, "deck_b": {"path": "/d/b.toml"},
             "stream": 3, "policy_a": "curve", "policy_b": "control"}
    coj = {**fftcg, "index": 1, "engine": "coj", "stream": 4}
    games = pl.DataFrame({"matchup": [0, 0, 1, 1], "index": [12, 5, 8, 9], "deck_a": ["A", "A", "C", "C"],
                          "deck_b": ["B", "B", "D", "D"], "first_player": ["a", "b", "a", "b"],
                          "winner": ["b", "a", "b", "b"]})
    s = section(from_frames(games, manifest={"job": {"seed": 7, "options": {"turn_cap": 40},
                                                     "matchups": [fftcg, coj]}}))
    ex = s.csv[0].frame
    command = dict(zip(zip(ex["matchup"], ex["index"], strict=True), ex["command"], strict=True))
    assert command == {
        (0, 12): "tcgsim trace '/d/a deck.toml' /d/b.toml --seed 7 --stream 3 --game 12 --policy-a curve "
                 "--policy-b control -o turn_cap=40",
        (0, 5): "tcgsim trace '/d/a deck.toml' /d/b.toml --seed 7 --stream 3 --game 5 --policy-a curve "
                "--policy-b control -o turn_cap=40",
        (1, 8): "seed 7, stream 4, game 8 (tcgsim trace replays FFTCG games only)"}


def test_example_of_a_card_stuck_in_hand_is_the_first_game_its_seat_lost_with_it() -> None:
    """Copies of a card stuck in hand (drawn, never played) count once per game: two copies stuck in game 2 and
    one in game 7, both lost by their seat, name game 2; a game the seat won (game 1) is no example."""
    from analysis.data import from_frames
    from reports.examples import _examples

    games = pl.DataFrame({"game_id": [1, 2, 7], "matchup": [0, 0, 0], "index": [1, 2, 7], "deck_a": ["A"] * 3,
                          "deck_b": ["B"] * 3, "first_player": ["a", "a", "b"], "winner": ["a", "b", "b"]})
    stuck = [(1, 0, -1), (2, 0, -1), (2, 3, -1), (2, 1, 2), (7, 1, -1)]  # game, turn drawn, turn played
    cards = pl.DataFrame({"game_id": [g for g, _, _ in stuck], "seat": ["a"] * 5, "code": ["k"] * 5,
                          "name": ["Knight"] * 5, "turn_drawn": [d for _, d, _ in stuck],
                          "turn_played": [t for _, _, t in stuck]}).with_columns(pl.col("turn_drawn", "turn_played")
                                                                                  .cast(pl.Int16))
    ex = _examples(from_frames(games, cards=cards)).filter(pl.col("card").is_not_null())
    assert ex.select("matchup", "index", "outcome", "card").rows() == [
        (0, 2, "stuck in seat A's hand, a loss", "Knight (k)")]


def test_compare_report_states_provenance_and_checks_every_pairing(decks: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    r = runner.invoke(app, ["compare", str(decks["a"]), str(decks["b"]), "--against", str(decks["x"]), "--engine",
                            "null", "--games", "20", "--policies", "curve,control", "--out", str(out)])
    assert r.exit_code == 0, r.output
    md = (out / "report.md").read_text().replace("\\_", "_")
    assert "engine digests | null " in md and f"tcgsim report {out} --check" in md and "rules options" in md
    r = runner.invoke(app, ["report", str(out), "--check", "--sample", "2"])
    assert r.exit_code == 0, r.output
    for p in ("curve", "control"):
        assert f"check: 8 games of 4 matchups replayed in {out / p}: identical games rows" in r.output


def pool_deck(folder: Path) -> tuple[Path, Path]:
    """A deck whose cards are all in a pool file given with --pool (not shipped, not named by the deck)."""
    pool = folder / "pool" / "my_pool.csv"
    pool.parent.mkdir()
    rows = "\n".join(f"PX-{i:03d},Pool card {i},forward,{1 + i % 5},fire,{5000 + 1000 * (i % 3)},Warrior,tcgsim,,,"
                     f"false,,false," for i in range(10))
    pool.write_text("code,name,type,cost,elements,power,job,category,keywords,effects,ex_burst,lb_cost,generic,text\n"
                    + rows + "\n", encoding="utf-8")
    deck = folder / "pooled.toml"
    deck.write_text('game = "fftcg"\nname = "Pooled"\n[cards]\n' + "".join(f'"PX-{i:03d}" = 3\n' for i in range(10)),
                    encoding="utf-8")
    return deck, pool


def test_a_pool_given_with_pool_is_recorded_so_report_and_check_load_the_deck(decks: dict[str, Path],
                                                                                tmp_path: Path) -> None:
    """A deck read through --pool cannot be loaded from its path alone: the manifest records the pool, so
    the report finds its cards (costs, odds) and `report --check` replays its games."""
    deck, pool = pool_deck(tmp_path)
    out = tmp_path / "rep"
    r = runner.invoke(app, ["balance", str(deck), str(decks["x"]), "--pool", str(pool), "--engine", "null",
                            "--games", "20", "--out", str(out)])
    assert r.exit_code == 0, r.output
    entries = [m[s] for m in json.loads((out / "results" / "manifest.json").read_text())["job"]["matchups"]
               for s in ("deck_a", "deck_b")]
    assert {e["name"]: e["pool"] for e in entries} == {"Pooled": str(pool.resolve()), "Opponent X": None}
    r = runner.invoke(app, ["report", str(out / "results"), "--out", str(tmp_path / "again")])
    assert r.exit_code == 0, r.output
    for report in (out, tmp_path / "again"):  # the balance's own report, and one written later from the results
        md = (report / "report.md").read_text()
        assert "is not in the card pool" not in md
        assert "| Pooled | cost ≤ 2 | first |" in md  # its opening-hand odds
    r = runner.invoke(app, ["report", str(out / "results"), "--check"])
    assert r.exit_code == 0 and "identical games rows" in r.output, r.output


def test_a_deck_that_no_longer_loads_is_named_once_in_the_report(decks: dict[str, Path], tmp_path: Path) -> None:
    """A run recorded before pools were (or whose pool moved): each deck that fails is one note, however
    many matchups it played."""
    from reports.content import decks_from_manifest

    deck, pool = pool_deck(tmp_path)
    out = tmp_path / "rep"
    r = runner.invoke(app, ["balance", str(deck), str(decks["x"]), str(decks["a"]), "--pool", str(pool),
                            "--engine", "null", "--games", "10", "--out", str(out)])
    assert r.exit_code == 0, r.output
    manifest = json.loads((out / "results" / "manifest.json").read_text())
    assert len(manifest["job"]["matchups"]) == 6
    pool.unlink()
    loaded, problems = decks_from_manifest(manifest)
    assert sorted(d.name for d in loaded) == ["Opponent X", "Variant A"]
    assert len(problems) == 1 and str(deck) in problems[0] and problems[0].count(str(deck)) == 1
