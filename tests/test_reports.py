"""Report writers: content on a hand-built dataset, escaping, and a real render in headless Chromium."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import polars as pl
import pytest

from analysis.data import from_frames
from reports import html, markdown
from reports.content import build
from reports.write import write_report
from sim.cards.model import Card, Deck

EVIL = "<script>alert(1)</script>"


def _dataset() -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, list[Deck]]:
    rows, turns, cards = [], [], []
    for i in range(40):
        a, b = ("Fire", EVIL) if i % 2 == 0 else (EVIL, "Fire")
        winner = "a" if i % 3 else "b"
        rows.append({"game_id": i, "seed": 5, "matchup": i % 2, "index": i // 2, "game": "fftcg",
                     "deck_a": a, "deck_b": b, "policy_a": "curve", "policy_b": "curve",
                     "first_player": "a" if i % 4 < 2 else "b", "winner": winner, "end_reason": "life",
                     "turns": 8 + i % 5, "final_measure": "damage", "final_a": 0, "final_b": 0,
                     "mulligans_a": i % 5 == 0, "mulligans_b": 0})
        for seat, deck in (("a", a), ("b", b)):
            for t in range(1, 4):
                turns.append({"game_id": i, "matchup": i % 2, "game_turn": 2 * t, "seat": seat, "deck": deck,
                              "turn": t, "resources_available": t, "resources_spent": t - (i % 2),
                              "resources_paid": t - (i % 2) - (t == 3), "hand": 5, "cards_played": t % 2, "damage_dealt": 0})
            for c in range(4):
                cards.append({"game_id": i, "matchup": i % 2, "seat": seat, "deck": deck, "copy": c,
                              "code": f"{deck[:3]}-{c % 2}", "name": f"{deck} card {c % 2}",
                              "turn_drawn": (i + c) % 4 - 1, "turn_played": (i + c) % 3 - 1,
                              "opening": (i + c) % 4 == 1})
    g = pl.DataFrame(rows).with_columns(pl.col("mulligans_a").cast(pl.Int32))
    cd = pl.DataFrame(cards).with_columns(pl.col("turn_drawn", "turn_played").cast(pl.Int16))
    decks = [Deck("fftcg", name, None, {"main": [(Card(f"{name[:3]}-{k}", f"{name} card {k}", "forward", cost=k + 1), 3)
                                                 for k in range(2)]}) for name in ("Fire", EVIL)]
    return g, pl.DataFrame(turns), cd, decks


def test_report_sections_and_escaping(tmp_path: Path) -> None:
    g, t, c, decks = _dataset()
    results = from_frames(g, t, c, {"job": {"seed": 5, "games": 20}, "versions": {"tcgsim": "0.1.0", "polars": "x"}})
    report = build(results, decks)
    keys = [s.key for s in report.sections]
    assert keys == ["decks", "coverage", "policy_check", "matchups", "first_player", "game_length", "mulligans",
                    "curve", "costs", "cards", "odds", "examples"]
    assert dict(report.meta)["seed"] == "5" and dict(report.meta)["games"] == "40"
    check = next(s for s in report.sections if s.key == "policy_check")
    assert "--policies curve,search-adapt" in check.text  # the search that met issue 38's yardsticks, fits included
    page = html.render(report)
    assert EVIL not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script" not in page.lower()
    assert page.count("data:image/png;base64,") == 5
    md = markdown.render(report, {})
    assert EVIL not in md and "&lt;script&gt;" in md
    odds = next(s for s in report.sections if s.key == "odds")
    assert odds.note.startswith("Not available")  # in-memory decks have no files: said, not hidden


def test_missing_detail_is_explained(tmp_path: Path) -> None:
    g, _, _, _ = _dataset()
    report = build(from_frames(g), [])
    notes = {s.key: s.note for s in report.sections}
    assert "turns detail" in notes["curve"] and "cards detail" in notes["cards"]


def test_write_report_files(tmp_path: Path) -> None:
    g, t, c, decks = _dataset()
    src = tmp_path / "results"
    for name, df in (("games", g), ("turns", t), ("cards", c)):
        (src / name).mkdir(parents=True)
        df.write_parquet(src / name / "part-0000-0000000000.parquet")
    page = write_report(src, tmp_path / "rep", decks=decks)
    assert page.name == "report.html"
    assert {p.name for p in (tmp_path / "rep" / "tables").iterdir()} >= {"matchups.csv", "cards.csv", "curve.csv"}
    assert (tmp_path / "rep" / "report.md").read_text().count("figures/") == 5
    m = pl.read_csv(tmp_path / "rep" / "tables" / "matchups.csv")
    assert set(m["deck"].to_list()) == {"Fire", EVIL}


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(chromium() is None, reason="chromium is not installed (apt-get install -y chromium)")
def test_html_renders_in_chromium_without_console_errors(tmp_path: Path) -> None:
    g, t, c, decks = _dataset()
    results = from_frames(g, t, c)
    page = tmp_path / "report.html"
    page.write_text(html.render(build(results, decks)), encoding="utf-8")
    profile = tempfile.mkdtemp()
    try:
        run = subprocess.run(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=120)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    assert run.returncode == 0, run.stderr[-2000:]
    console = [line for line in run.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    dom = run.stdout
    assert "Matchup matrix" in dom
    # the evil deck name is text in a table cell, not an element
    assert "<td class=\"text\">&lt;script&gt;alert(1)&lt;/script&gt;</td>" in dom or \
           "<td class=text>&lt;script&gt;alert(1)&lt;/script&gt;</td>" in dom
    assert "<script>" not in dom


def test_heatmap_marks_no_game_cells_and_even_intervals_and_adds_margins() -> None:
    from analysis.intervals import wilson_exprs
    from analysis.winrates import matrix_margins
    from reports.figures import matchup_heatmap, short_labels

    long = "Earth-Lightning Midrange (FFTCG midrange)"
    names = [long, long.replace("midrange)", "control)"), "Fire"]
    labels = short_labels(names)
    assert len(set(labels)) == 3 and all(len(x) <= 28 for x in labels)
    rows = []
    for i, d in enumerate(names):
        for j, o in enumerate(names):
            if i != j:
                wins = 70 if (i, j) == (0, 2) else 30 if (i, j) == (2, 0) else 50
                rows.append({"deck": d, "opponent": o, "games": 100, "wins": wins})
    m = pl.DataFrame(rows).with_columns(*wilson_exprs(pl.col("wins"), pl.col("games"), "win_rate"))
    margins = matrix_margins(m)
    fire = margins.filter(pl.col("deck") == "Fire").row(0, named=True)
    assert (fire["wins"], fire["games"], fire["field_wins"], fire["field_games"]) == (80, 200, 120, 200)
    fig = matchup_heatmap(m, margins, "t")
    ax = fig.axes[0]
    grid = ax.images[0].get_array()
    assert grid.shape == (4, 4) and grid.mask[0, 0] and grid.mask[3, 3] and not grid.mask[0, 3]
    assert grid[3, 2] == pytest.approx(0.6)  # the field won 120 of 200 against Fire
    hatched = [p for p in ax.patches if p.get_hatch()]
    # the four 50/100 cells and the two 100/200 margins; 70/30 of 100 and 60/40 of 200 exclude 50%
    assert len(hatched) == 4 + 2
    assert [t.get_text() for t in ax.get_yticklabels()][-1] == "the field (all others)"


def test_percent_never_rounds_a_rate_to_certainty() -> None:
    from reports.parts import pct

    assert pct(0.9996) == "99.96%" and pct(0.00004) == "0.004%" and pct(1.0) == "100.0%"
    assert pct(1 - 1e-7) == ">99.9999%" and pct(1 - 1e-12) == "100.0%"
    assert pct(0.5, 0.49, 0.99996) == "50.0% (49.0–99.996)" and pct(0.25) == "25.0%"


def test_report_sections_explain_and_link_their_tables() -> None:
    g, t, c, decks = _dataset()
    report = build(from_frames(g, t, c), decks)
    s = {x.key: x for x in report.sections}
    assert [x.stem for x in s["first_player"].csv] == ["first_player", "play_draw"]
    assert "paired" in s["first_player"].csv[1].frame.columns  # play_draw: per deck and opponent
    assert [x.stem for x in s["game_length"].csv][:2] == ["end_reasons", "game_length"]
    assert "round_limit" in s["game_length"].text and "second player" in s["game_length"].text
    assert "is not what a mulligan costs" in s["mulligans"].text
    assert "after a mulligan − after keeping" in s["mulligans"].table.columns
    assert "made" not in " ".join(s["curve"].table.columns)
    assert "Holm" in s["cards"].text and "game length" in s["cards"].text
    assert "in hand − not seen, same draws" in s["cards"].table.columns
    assert "simulation noise" in html.render(report) and "real players" in s["decks"].text


def test_short_labels_keep_every_tail_of_a_colliding_group() -> None:
    from reports.figures import short_labels

    head = "Earth-Lightning Midrange Deck"
    names = [f"{head} (FFTCG {p})" for p in ("midrange", "control", "curve", "aggro")] + ["Fire"]
    labels = short_labels(names)
    assert len(set(labels)) == len(names) and all(len(x) <= 28 for x in labels)
    # every member of the group, the last included, keeps the tail that tells it apart
    for policy, label in zip(("midrange", "control", "curve", "aggro"), labels, strict=False):
        assert label.endswith(f"{policy})"), label
    assert labels[-1] == "Fire"
    # equal after head and tail as well: numbered, every one of them
    same = [f"{head} {x} (FFTCG midrange)" for x in ("one", "two", "six")]
    assert short_labels(same) == [f"{short_labels(same)[0].rsplit(' #', 1)[0]} #{k}" for k in (1, 2, 3)]


def _two_pairings() -> pl.DataFrame:
    """The fixture's games played again under a second policy pairing (control vs control)."""
    g, _, _, _ = _dataset()
    again = g.with_columns(pl.col("game_id") + 1000, pl.col("matchup") + 2,
                           pl.lit("control").alias("policy_a"), pl.lit("control").alias("policy_b"),
                           pl.when(pl.col("winner") == "a").then(pl.lit("b")).otherwise(pl.lit("a")).alias("winner"))
    return pl.concat([g, again])


def test_several_pairings_get_one_heatmap_each_with_only_played_cells() -> None:
    report = build(from_frames(_two_pairings()), [])
    s = {x.key: x for x in report.sections}
    assert s["matchups"].figure is None  # no 5x5 matrix of mostly "no games" cells
    assert s["matchups"].table.height == 4  # Fire and the other deck, each under two policies
    for key, policy in (("matchups_1", "curve"), ("matchups_2", "control")):
        sec = s[key]
        assert f"{policy} vs {policy}" in sec.title and f"{policy} vs {policy}" in sec.text
        ax = sec.figure.axes[0]
        assert f"{policy} vs {policy}" in ax.get_title()
        grid = ax.images[0].get_array()
        assert grid.shape == (3, 3)  # two decks and the field, not every deck and policy
        played = [(i, j) for i in range(2) for j in range(2) if not grid.mask[i, j]]
        assert played == [(0, 1), (1, 0)]  # only the diagonal (mirrors, never played) is grey
        labels = [t.get_text() for t in ax.get_yticklabels()]
        assert "Fire" in labels and not any(x.endswith(("(curve)", "(control)")) for x in labels)  # plain deck names within a pairing
    fire = {k: s[k].csv[0].frame.filter(pl.col("deck") == "Fire").row(0, named=True) for k in ("matchups_1", "matchups_2")}
    assert fire["matchups_1"]["wins"] + fire["matchups_2"]["wins"] == 40  # the winners were swapped
    page = html.render(report)
    assert page.count("data:image/png;base64,") == 4  # two heat maps, first player, game length


def test_card_table_has_no_deck_average_column(tmp_path: Path) -> None:
    """(1 - f) x gap shrinks cards seen in most games: gone from the table, the text, the CSV and the pages."""
    g, t, c, decks = _dataset()
    report = build(from_frames(g, t, c), decks)
    cards = next(x for x in report.sections if x.key == "cards")
    assert not any("deck average" in col for col in cards.table.columns) and "deck average" not in cards.text
    assert not any(col.startswith("vs_deck") for col in cards.csv[0].frame.columns)
    page = write_report(from_frames(g, t, c), tmp_path, decks=decks)
    assert "deck average" not in page.read_text() and "deck average" not in (tmp_path / "report.md").read_text()
    assert "vs_deck" not in (tmp_path / "tables" / "cards.csv").read_text().splitlines()[0]


def test_card_caption_says_what_each_column_asks_and_which_to_read() -> None:
    g, t, c, decks = _dataset()
    text = next(x for x in build(from_frames(g, t, c), decks).sections if x.key == "cards").text
    opening, same = text.index("'opening hand − not' asks"), text.index("'in hand − not seen, same draws' asks")
    read = text.index("Read it for 'should I play this card'")
    assert opening < read < same  # the advice follows the opening-hand column, before the same-draws one
    assert "game length fixed" in text and "disagree with the opening-hand column" in text
    assert "'in hand by turn 3 − not'" in text and "{t}" not in text


def test_curve_shows_costs_paid_apart_from_resources_produced_and_the_csv_has_the_hand(tmp_path) -> None:
    g, t, c, decks = _dataset()
    curve = next(x for x in build(from_frames(g, t, c), decks).sections if x.key == "curve")
    assert "costs paid" in curve.table.columns and "resources produced" in curve.table.columns
    paid, produced = curve.table["costs paid"].cast(pl.Float64), curve.table["resources produced"].cast(pl.Float64)
    assert (paid <= produced).all() and (paid < produced).any()  # the dataset has leftovers on turn 3
    assert "produces 1 CP more than it pays" in curve.text and "cards left in hand" in curve.text
    write_report(from_frames(g, t, c), tmp_path, decks=decks)
    header = (tmp_path / "tables" / "curve.csv").read_text().splitlines()[0].split(",")
    assert {"paid", "produced", "hand"} <= set(header)


def test_card_table_names_the_policy_when_decks_have_several() -> None:
    g, t, c, decks = _dataset()
    two = _two_pairings()
    c2 = pl.concat([c, c.with_columns(pl.col("game_id") + 1000, pl.col("matchup") + 2)])
    cards = next(x for x in build(from_frames(two, None, c2), decks).sections if x.key == "cards").table
    assert cards.columns[:3] == ["deck", "policy", "card"]
    assert cards.select("deck", "policy", "card").is_unique().all()  # no two rows that read the same
    assert set(cards["policy"].to_list()) == {"curve", "control"}
    one = next(x for x in build(from_frames(g, t, c), decks).sections if x.key == "cards").table
    assert "policy" not in one.columns  # one policy: no column to say it


def test_coverage_section_lists_the_lines_not_modelled_and_flags_a_deck_that_relies_on_them(tmp_path: Path) -> None:
    from reports.coverage_section import coverage

    blank = Card("8-085C", "Marlene", "backup", cost=4, text="Choose 1 of A, B or C.", unmodelled=("Choose 1 of A, B or C.",))
    plain = Card("1-001H", "Plain", "forward", cost=2, power=5000)
    leaning = Deck("fftcg", "Leaning", None, {"main": [(blank, 3), (plain, 1)]})
    clean = Deck("fftcg", "Clean", None, {"main": [(plain, 3)]})
    section = coverage([leaning, clean], [])
    flags = dict(zip(section.table["deck"], section.table["flag"], strict=True))
    assert flags == {"Leaning": "relies on unmodelled cards", "Clean": ""}
    assert len(section.items) == 1 and "Marlene (8-085C) x3" in section.items[0] and "RELIES" in section.items[0]
    lines = section.csv[1].frame
    assert lines.select("deck", "code", "copies").rows() == [("Leaning", "8-085C", 3)]
    assert "Not available" in coverage([], ["no manifest"]).note


def test_figures_drawn_while_building_are_the_report_figures(tmp_path: Path) -> None:
    """write_report draws each figure on a thread as its section is made (on_section): every section is
    seen once, in order, and each PNG written is the one its section's figure renders to."""
    from reports.figures import png

    g, t, c, decks = _dataset()
    results = from_frames(g, t, c, {"job": {"seed": 5, "games": 20}})
    seen: list[str] = []
    report = build(results, decks, on_section=lambda s: seen.append(s.key))
    assert seen == [s.key for s in report.sections]
    write_report(results, tmp_path, decks)
    drawn = {s.key: png(s.figure) for s in report.sections if s.figure is not None}
    assert sorted(p.stem for p in (tmp_path / "figures").glob("*.png")) == sorted(drawn)
    assert all((tmp_path / "figures" / f"{k}.png").read_bytes() == b for k, b in drawn.items())
