"""What a report says: sections of explanation, display tables, figures and CSV tables.

The HTML and Markdown writers render the same `Report`, so both carry the same content.
Sections that need data the run did not record (turns or cards detail, deck files for costs and
odds) are kept with a note saying why they are empty, so a reader knows what is missing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
from matplotlib.figure import Figure

from analysis import cards as card_analysis
from analysis import curve as curve_analysis
from analysis import mulligan as mulligan_analysis
from analysis import winrates
from analysis.data import Results
from sim.model import Deck

ODDS_WANTS = ("1+ cost<=1", "1+ cost<=2", "1+ cost<=3")
ODDS_TURNS = 4
CARD_ROWS = 40
CURVE_TURNS = 6  # per deck in the display table; the CSV has every card


@dataclass
class Section:
    key: str  # file stem for the CSV and figure
    title: str
    text: str  # plain-text explanation: how to read this section
    figure: Figure | None = None
    figure_alt: str = ""
    table: pl.DataFrame | None = None  # display table (strings)
    csv: pl.DataFrame | None = None  # the numbers behind it
    note: str = ""  # why the section is empty or partial


@dataclass
class Report:
    title: str
    meta: list[tuple[str, str]]
    sections: list[Section] = field(default_factory=list)


def pct(rate: float | None, low: float | None = None, high: float | None = None) -> str:
    if rate is None or (isinstance(rate, float) and math.isnan(rate)):
        return "–"
    if low is None or high is None:
        return f"{100 * rate:.1f}%"
    return f"{100 * rate:.1f}% ({100 * low:.1f}–{100 * high:.1f})"


def signed(d: float | None, low: float | None, high: float | None) -> str:
    if d is None or math.isnan(d):
        return "–"
    return f"{100 * d:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})"


def _fmt(df: pl.DataFrame, columns: dict[str, Callable[[dict], str] | str]) -> pl.DataFrame:
    """Display table: header -> function of the row (or source column name)."""
    rows = df.to_dicts()
    out = {}
    for header, how in columns.items():
        out[header] = [how(r) if callable(how) else _cell(r[how]) for r in rows]
    return pl.DataFrame(out, schema={h: pl.String for h in columns})


def _cell(v: object) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.2f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def _rate(col: str) -> Callable[[dict], str]:
    return lambda r: pct(r[col], r[f"{col}_low"], r[f"{col}_high"])


def _meta(results: Results, games: int) -> list[tuple[str, str]]:
    m = results.manifest
    job = m.get("job", {})
    versions = m.get("versions") or {}
    meta = [("games", f"{games:,}"),
            ("games per matchup", _cell(job.get("games")) if job else "–"),
            ("seed", _cell(job.get("seed")) if job else "not recorded"),
            ("detail", job.get("detail", "–")),
            ("rules options", ", ".join(f"{k}={v}" for k, v in (job.get("options") or {}).items()) or "defaults"),
            ("tcgsim", str(m.get("tcgsim") or versions.get("tcgsim") or "unknown")),
            ("dependencies", ", ".join(f"{k} {v}" for k, v in versions.items() if k != "tcgsim") or "not recorded"),
            ("git revision", str(m.get("git") or "not recorded")),
            ("report written", datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))]
    if m.get("status") and m["status"] != "complete":
        meta.insert(0, ("WARNING", f"the run is {m['status']}: these results are partial"))
    return meta


def decks_from_manifest(manifest: dict) -> tuple[list[Deck], list[str]]:
    """Load the decks a run recorded (for card costs and odds); problems become notes, not errors."""
    from sim.deckfile import load_deck

    seen: dict[str, Deck] = {}
    problems = []
    for m in manifest.get("job", {}).get("matchups", []):
        for side in ("deck_a", "deck_b"):
            path = (m.get(side) or {}).get("path")
            if not path or path in seen:
                continue
            try:
                seen[path] = load_deck(Path(path))
            except Exception as exc:  # a moved or edited deck file must not stop the report
                problems.append(f"{path}: {exc}")
    return list(seen.values()), problems


def build(results: Results, decks: list[Deck] | None = None) -> Report:
    games = results.games.select(pl.len()).collect().item()
    notes: list[str] = []
    if decks is None:
        decks, notes = decks_from_manifest(results.manifest)
    report = Report("tcgsim balance report", _meta(results, games))
    report.sections += [_overview(results, games), _matrix(results), _first_player(results),
                        _length(results), _mulligans(results), _curve(results),
                        _costs(results, decks, notes), _cards(results), _odds(decks, notes)]
    return report


def _overview(results: Results, games: int) -> Section:
    s = winrates.deck_summary(results)
    table = _fmt(s, {"game": "game", "deck": "deck", "opponents": "opponents", "games": "games",
                     "win rate (95% interval)": _rate("win_rate"),
                     "draws": lambda r: _cell(r["draws"])})
    return Section("decks", "Decks at a glance",
                   f"{games:,} simulated games in total. Each deck's win rate against all other decks "
                   "(mirror matches left out), both seat orders combined. Win rate = wins / games; draws "
                   "and double losses count as not won and are shown separately. The interval in "
                   "brackets is a Wilson 95% confidence interval: with this many games the true rate "
                   "is very likely inside it.", table=table, csv=s)


def _matrix(results: Results) -> Section:
    from reports.figures import matchup_heatmap

    m = winrates.matchup_matrix(results)
    table = _fmt(m, {"deck": "deck", "opponent": "opponent", "games": "games",
                     "win rate (95% interval)": _rate("win_rate"), "draws": "draws"})
    return Section("matchups", "Matchup matrix",
                   "Win rate of the row deck against the column deck, from both seat orders (the row deck "
                   "going first in about half of the games). Blue cells favour the row deck, red cells the "
                   "column deck; each cell shows the rate and below it the 95% interval. Cells whose "
                   "interval contains 50% are not distinguishable from an even matchup.",
                   figure=matchup_heatmap(m, "Win rate of row deck vs column deck"),
                   figure_alt="Heat map of matchup win rates", table=table, csv=m)


def _first_player(results: Results) -> Section:
    from reports.figures import play_draw_chart

    fp = winrates.first_player(results)
    by_deck = winrates.first_player_by_deck(results)
    lines = "; ".join(f"{r['game']}: the first player won {pct(r['first_win_rate'], r['first_win_rate_low'], r['first_win_rate_high'])} "
                      f"of {r['games']:,} games ({r['draws']:,} draws)" for r in fp.iter_rows(named=True))
    pairs = winrates.first_player_by_matchup(results)
    lines += ". By matchup: " + "; ".join(
        f"{r['deck_1']} vs {r['deck_2']} {pct(r['first_win_rate'], r['first_win_rate_low'], r['first_win_rate_high'])}"
        for r in pairs.iter_rows(named=True))
    table = _fmt(by_deck, {"deck": "deck", "games on the play": "games_play",
                           "win rate on the play": _rate("win_rate_play"),
                           "games on the draw": "games_draw", "win rate on the draw": _rate("win_rate_draw"),
                           "play - draw": lambda r: signed(r["play_advantage"], r["play_advantage_low"],
                                                           r["play_advantage_high"])})
    pd = winrates.play_draw(results)
    return Section("first_player", "First-player advantage",
                   f"{lines}. The chart and table split each deck's games by whether it went first "
                   "(on the play) or second (on the draw); the last column is the difference in "
                   "percentage points with a 95% interval (Newcombe).",
                   figure=play_draw_chart(by_deck, "Win rate on the play vs on the draw"),
                   figure_alt="Bar chart of win rates on the play and on the draw per deck",
                   table=table, csv=pd)


def _length(results: Results) -> Section:
    from reports.figures import game_length_histogram

    gl = winrates.game_length(results)
    er = winrates.end_reasons(results)
    summary = winrates.game_length_summary(results)
    table = _fmt(er, {"game": "game", "ended by": "end_reason", "games": "count",
                      "share (95% interval)": _rate("share")})
    mean = (gl["turns"] * gl["games"]).sum() / max(1, gl["games"].sum())
    return Section("game_length", "Game length and how games end",
                   f"Game turns count both players' turns (mean {mean:.1f}). The table says how games "
                   "ended: life (damage / LP / leader), deck out, the engine's turn cap (a safety limit: "
                   "many turn-cap games mean the decks stall) and others. The CSV game_length.csv has "
                   "mean, median and 10th/90th percentile per matchup.",
                   figure=game_length_histogram(gl, "Game length"),
                   figure_alt="Histogram of game length in turns", table=table, csv=summary)


def _mulligans(results: Results) -> Section:
    mu = mulligan_analysis.mulligans(results)
    table = _fmt(mu, {"deck": "deck", "policy": "policy", "games": "games",
                      "mulligan rate": _rate("mulligan_rate"), "mean mulligans": "mean_mulligans",
                      "win rate after keeping": _rate("win_rate_keep"),
                      "win rate after a mulligan": _rate("win_rate_mulligan")})
    return Section("mulligans", "Mulligans",
                   "How often each deck (played by its policy) took a mulligan, and its win rate after "
                   "keeping its first hand vs after mulliganing. A lower win rate after a mulligan is "
                   "expected (the first hand was bad); the size of the gap is what the mulligan costs.",
                   table=table, csv=mu)


def _curve(results: Results) -> Section:
    from reports.figures import curve_chart

    title = "Resource curve"
    if results.turns is None:
        return Section("curve", title, "", note="Not available: this run did not record the turns detail "
                                                "(run with --detail turns or cards).")
    c = curve_analysis.curve(results)
    pooled = (c.filter(pl.col("turn").is_between(1, CURVE_TURNS))
              .group_by("deck", "policy", "turn")
              .agg(*(((pl.col(x) * pl.col("players")).sum() / pl.col("players").sum()).alias(x)
                     for x in ("available", "spent")),
                   (pl.col("made_play").sum() / pl.col("players").sum()).alias("made_play_by"))
              .sort("deck", "policy", "turn"))
    cells = pooled.with_columns(pl.format("{} of {} · {}%", pl.col("spent").round(1), pl.col("available").round(1),
                                          (100 * pl.col("made_play_by")).round(0).cast(pl.Int64)).alias("cell"))
    table = (cells.pivot(on="turn", index=["deck", "policy"], values="cell", sort_columns=True)
             .rename(lambda col: f"turn {col}" if col.isdigit() else col).sort("deck", "policy"))
    return Section("curve", title,
                   "Per own turn (1 = the player's first turn): resources available and spent on average, "
                   "and the share of players who had played at least one card by that turn. Averages at "
                   "turn t are over the players whose game lasted to their turn t. Wasted = available "
                   "but not spent. Each table cell reads \"spent of available · share that has made a "
                   "play\" for turns 1–6, both seats pooled; curve.csv splits on the play / on the "
                   "draw and has every turn with intervals.",
                   figure=curve_chart(c, "Resource curve (both seats, by own turn)"),
                   figure_alt="Line charts of resources and first play by turn", table=table, csv=c)


def _costs(results: Results, decks: list[Deck], notes: list[str]) -> Section:
    from reports.figures import cost_chart

    title = "Cost of cards played by turn"
    if results.cards is None:
        return Section("costs", title, "", note="Not available: this run did not record the cards detail "
                                                "(run with --detail cards).")
    costs = curve_analysis.card_costs(decks)
    if not costs:
        why = "; ".join(notes) or "the deck files are not recorded in the run's manifest"
        return Section("costs", title, "", note=f"Not available: card costs come from the deck files ({why}).")
    mc = curve_analysis.mean_cost_by_turn(results, costs)
    if mc.is_empty():
        return Section("costs", title, "", note="No card with a known cost was played in these games.")
    shown = mc.filter(pl.col("turn").is_between(1, 6))
    table = _fmt(shown, {"deck": "deck", "policy": "policy", "own turn": "turn", "cards played": "cards",
                         "mean cost": "mean_cost"})
    return Section("costs", title,
                   "Mean cost of the cards each deck played on each of its own turns (all games pooled). "
                   "costs.csv has the count per cost.", figure=cost_chart(mc, "Mean cost of cards played"),
                   figure_alt="Mean cost of cards played by turn", table=table,
                   csv=curve_analysis.cost_by_turn(results, costs))


def _cards(results: Results) -> Section:
    title = "Card statistics"
    if results.cards is None:
        return Section("cards", title, "", note="Not available: this run did not record the cards detail "
                                                "(run with --detail cards).")
    cs = card_analysis.card_stats(results)
    shown = (cs.sort(["deck", "gap"], descending=[False, True], nulls_last=True)
             .group_by("deck", maintain_order=True).head(CARD_ROWS))
    table = _fmt(shown, {"deck": "deck", "card": lambda r: f"{r['name']} ({r['code']})", "copies": "copies",
                         "in opening hand": _rate("win_rate_opening"), "drawn later": _rate("win_rate_drawn"),
                         "in hand (GIH)": _rate("win_rate_in_hand"), "not seen": _rate("win_rate_not_seen"),
                         "GIH - not seen": lambda r: signed(r["gap"], r["gap_low"], r["gap_high"]),
                         "avg turn played": "avg_turn_played", "dead rate": _rate("dead_rate")})
    return Section("cards", title,
                   "Win rate of the deck in the games where a card (any copy) was in the opening hand, was "
                   "drawn later, was in hand at any point (GIH), or was never seen; and the gap GIH - not "
                   "seen (positive: the deck wins more when it finds this card). Avg turn played is the "
                   "deck's own turn; dead rate = copies that reached the hand but were never played. "
                   "Scripted policies play these games, so a card's numbers also reflect how the policy "
                   "uses it. Sorted by the gap; cards.csv has every card with the counts.",
                   table=table, csv=cs)


def _deck_odds(deck: Deck, question_for: Callable, exact: Callable) -> list[dict]:
    """Rows per want and seat; turns 0..ODDS_TURNS, or the opening hand only for a tiny deck."""
    from sim.errors import InputError

    rows = []
    # GBF cards print no cost; a member's rank is what gates deploying it (r. 2-4-1, 10-2-3-1).
    key = "rank" if deck.game == "gbf" else "cost"
    for want in (w.replace("cost", key) for w in ODDS_WANTS):
        for seat_first in (True, False):
            try:
                probs = exact(question_for(Path(deck.path), [want], turns=ODDS_TURNS, seat_first=seat_first))
            except InputError:  # too few cards to see that many turns
                probs = exact(question_for(Path(deck.path), [want], turns=0, seat_first=seat_first))
            rows.append({"deck": deck.name, "want": want.removeprefix("1+ ").replace("<=", " ≤ "),
                         "seat": "first" if seat_first else "second",
                         **{f"turn {t}": probs[t] if t < len(probs) else None for t in range(ODDS_TURNS + 1)}})
    return rows


def _odds(decks: list[Deck], notes: list[str]) -> Section:
    title = "Opening-hand odds"
    try:
        from sim.odds import exact
        from sim.odds_setup import question_for
    except ImportError as exc:
        return Section("odds", title, "", note=f"Not available in this build of tcgsim ({exc}).")
    rows = []
    problems = list(notes)
    for deck in sorted(decks, key=lambda d: d.name):
        if not getattr(deck, "path", None):
            continue
        try:
            rows += _deck_odds(deck, question_for, exact)
        except Exception as exc:  # an unusual deck must not stop the report
            problems.append(f"{deck.name}: {exc}")
    if not rows:
        why = "; ".join(problems[:3]) or "no deck files recorded in the run's manifest"
        return Section("odds", title, "", note=f"Not available: {why}.")
    odds = pl.DataFrame(rows)
    table = odds.with_columns(pl.col(f"turn {t}").map_elements(pct, return_dtype=pl.String)
                              for t in range(ODDS_TURNS + 1))
    return Section("odds", title,
                   "Exact probability (hypergeometric, no mulligan) of holding at least one card of the "
                   "given cost by the start of each own turn; turn 0 is the opening hand. In most of these "
                   "games the first player draws less on turn 1, so the seats differ. Use `tcgsim odds` for other questions and "
                   "mulligan rules.", table=table, csv=odds,
                   note="; ".join(problems[:3]) if problems else "")
