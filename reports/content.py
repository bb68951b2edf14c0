"""What a report says: sections of explanation, display tables, figures and CSV tables.

The HTML and Markdown writers render the same `Report`, so both carry the same content.
Sections that need data the run did not record (turns or cards detail, deck files for costs and
odds) are kept with a note saying why they are empty, so a reader knows what is missing.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import polars as pl

from analysis import cards as card_analysis
from analysis import mulligan as mulligan_analysis
from analysis import sensitivity, winrates
from analysis.data import Results
from reports import examples, play_sections, policy_sections
from reports.coverage_section import coverage
from reports.parts import INTERVAL_MEANING, Report, Section, Table, cell, diff, fmt, pct, rate
from sim.cards.model import Deck

ODDS_WANTS = ("1+ cost<=1", "1+ cost<=2", "1+ cost<=3")
ODDS_TURNS = 4

__all__ = ["Report", "Section", "build", "decks_from_manifest"]


def _meta(results: Results, games: int) -> list[tuple[str, str]]:
    m = results.manifest
    job = m.get("job", {})
    versions = m.get("versions") or {}
    meta = [("games", f"{games:,}"),
            ("games per matchup", cell(job.get("games")) if job else "–"),
            ("seed", cell(job.get("seed")) if job else "not recorded"),
            ("detail", job.get("detail", "–")),
            ("rules options", ", ".join(f"{k}={v}" for k, v in (job.get("options") or {}).items()) or "defaults"),
            *provenance(m, str(results.root) if results.root else "RESULTS_DIR"),
            ("tcgsim", str(m.get("tcgsim") or versions.get("tcgsim") or "unknown")),
            ("dependencies", ", ".join(f"{k} {v}" for k, v in versions.items() if k != "tcgsim") or "not recorded"),
            ("git revision", str(m.get("git") or "not recorded")),
            ("report written", datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))]
    if m.get("status") and m["status"] != "complete":
        meta.insert(0, ("WARNING", f"the run is {m['status']}: these results are partial"))
    return meta


def provenance(m: dict, where: str) -> list[tuple[str, str]]:
    """The command that wrote a run, its engines' source digests and how to confirm the games."""
    argv = m.get("command") or []
    command = "tcgsim " + shlex.join(argv[1:]) if argv else "not recorded"
    engines = (m.get("job") or {}).get("engines") or {}
    return [("command", command),
            ("engine digests", ", ".join(f"{k} {v[:16]}" for k, v in engines.items()) or "not recorded"),
            ("reproduce", f"tcgsim report {shlex.quote(where)} --check replays a sample of these games "
                          "and confirms they are identical")]


def decks_from_manifest(manifest: dict) -> tuple[list[Deck], list[str]]:
    """Load the decks a run recorded (for card costs and odds); problems become notes, not errors."""
    from sim.run.manifest import recorded_deck

    seen: dict[str, Deck | None] = {}  # None: the deck did not load (said once, not once per matchup)
    problems = []
    for m in manifest.get("job", {}).get("matchups", []):
        for side in ("deck_a", "deck_b"):
            entry = m.get(side) or {}
            path = entry.get("path")
            if not path or path in seen:
                continue
            seen[path] = None
            try:
                seen[path] = recorded_deck(entry)
            except Exception as exc:  # a moved or edited deck file must not stop the report
                said = str(exc)  # an InputError names its file already
                problems.append(said if path in said else f"{path}: {said}")
    return [d for d in seen.values() if d is not None], problems


def build(results: Results, decks: list[Deck] | None = None,
          on_section: Callable[[Section], object] | None = None) -> Report:
    """The report of `results`; `on_section` sees each section as soon as it is made, so a caller can
    draw its figure while the later sections (the card table above all) are still being computed."""
    games = results.games.select(pl.len()).collect().item()
    notes: list[str] = []
    if decks is None:
        decks, notes = decks_from_manifest(results.manifest)
    report = Report("tcgsim balance report", _meta(results, games))
    # The card table, most of the report's work, is a polars query (the GIL released while it runs): start
    # it first on its own thread so the sections before it, and their figures, are made meanwhile.
    with ThreadPoolExecutor(1, thread_name_prefix="card-table") as pool:
        card_table = pool.submit(card_analysis.card_stats, results) if results.cards is not None else None
        for s in _sections(results, games, decks, notes, card_table):
            if on_section is not None:
                on_section(s)
            report.sections.append(s)
    return report


def _sections(results: Results, games: int, decks: list[Deck], notes: list[str],
              card_table: Future[pl.DataFrame] | None) -> Iterator[Section]:
    yield _overview(results, games)
    yield coverage(decks, notes)
    yield from policy_sections.sections(results)
    yield from _matrix(results)
    yield _first_player(results)
    yield _length(results)
    yield _mulligans(results)
    yield play_sections.curve(results, decks)
    yield play_sections.costs(results, decks, notes)
    yield play_sections.cards(results, None if card_table is None else card_table.result())
    yield _odds(decks, notes)
    yield examples.section(results)


def _overview(results: Results, games: int) -> Section:
    s = winrates.deck_summary(results)
    table = fmt(s, {"game": "game", "deck": "deck", "opponents": "opponents", "games": "games",
                    "win rate (95% interval)": rate("win_rate"), "draws": lambda r: cell(r["draws"])})
    return Section("decks", "Decks at a glance",
                   f"{games:,} simulated games in total. Each deck's win rate against all other decks "
                   "(mirror matches left out), both seat orders combined. Win rate = wins / games; draws "
                   "and double losses count as not won and are shown separately. The interval in "
                   f"brackets is a Wilson 95% confidence interval: {INTERVAL_MEANING}.",
                   table=table, csv=[Table("decks", s, "the table above")])


HEATMAP_TEXT = ("Blue cells favour the row deck, red cells the column deck; each cell shows the rate and below "
                "it the 95% interval. Hatched cells have an interval that contains 50%: not distinguishable from "
                "an even matchup. Grey cells had no games (a deck is not played against itself in a round "
                "robin). The last column is each deck's win rate against all the others, the last row the "
                "others' win rate against the column deck (mirrors left out). Deck names are shortened to 28 "
                "characters in the figure; the table has them in full.")


def _matrix(results: Results) -> list[Section]:
    """The matchup table, with one heat map, or one heat map per policy pairing when the games hold
    several: the pairings never meet (curve decks never play control decks), so a single matrix of
    every deck and policy would be mostly cells without games."""
    from reports.figures import matchup_heatmap

    m = winrates.matchup_matrix(results)
    table = fmt(m, {"deck": "deck", "opponent": "opponent", "games": "games",
                    "win rate (95% interval)": rate("win_rate"),
                    "interval contains 50%": lambda r: "–" if r["win_rate"] is None else
                    ("yes" if r["win_rate_low"] <= 0.5 <= r["win_rate_high"] else "no"),
                    "draws": "draws"})
    text = ("Win rate of the row deck against the column deck, from both seat orders (the row deck going "
            "first in about half of the games).")
    csv = [Table("matchups", m, "the table above")]
    order = sensitivity.pairings(results)
    if len(order) < 2:
        margins = winrates.matrix_margins(m)
        return [Section("matchups", "Matchup matrix", f"{text} {HEATMAP_TEXT}",
                        figure=matchup_heatmap(m, margins, "Win rate of row deck vs column deck"),
                        figure_alt="Heat map of matchup win rates", table=table,
                        csv=[*csv, Table("matchup_margins", margins, "the overall row and column of the heat map")])]
    names = ", ".join(f"{p} vs {p}" for p in order)
    sections = [Section("matchups", "Matchup matrix",
                        f"{text} These games were played under {len(order)} policy pairings ({names}: both seats "
                        "played by that policy), which never meet, so there is one heat map per pairing below, "
                        "each with only the cells that pairing played. In the table a deck played by several "
                        "policies is named with its policy in brackets.", table=table, csv=csv)]
    for i, p in enumerate(order, 1):
        pm = winrates.matchup_matrix(sensitivity.pairing_results(results, p))
        margins = winrates.matrix_margins(pm)
        sections.append(Section(
            f"matchups_{i}", f"Matchup matrix, {p} vs {p}",
            f"Pairing {p} vs {p}: both seats played by the {p} policy; games under other pairings are left out, "
            f"and the margins are against the other decks of this pairing. {text} {HEATMAP_TEXT}",
            figure=matchup_heatmap(pm, margins, f"Win rate of row deck vs column deck, pairing {p} vs {p}"),
            figure_alt=f"Heat map of matchup win rates, pairing {p} vs {p}",
            csv=[Table(f"matchup_margins_{i}", margins, f"the overall row and column of the {p} vs {p} heat map")]))
    return sections


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
    table = fmt(by_deck, {"deck": "deck", "games on the play": "games_play",
                          "win rate on the play": rate("win_rate_play"),
                          "games on the draw": "games_draw", "win rate on the draw": rate("win_rate_draw"),
                          "play - draw": diff("play_advantage")})
    return Section("first_player", "First-player advantage",
                   f"{lines}. The chart and table split each deck's games by whether it went first "
                   "(on the play) or second (on the draw); the last column is the difference in "
                   "percentage points with a 95% interval: Newcombe's when the games on the play and on the "
                   "draw are different games; a mirror game has the deck in both seats, one seat's win "
                   "being the other's loss, so where mirrors are counted the interval is paired over games "
                   "(column paired in the CSVs). play_draw.csv has the same per deck and opponent.",
                   figure=play_draw_chart(by_deck, "Win rate on the play vs on the draw"),
                   figure_alt="Bar chart of win rates on the play and on the draw per deck",
                   table=table, csv=[Table("first_player", by_deck, "the table above"),
                                     Table("play_draw", winrates.play_draw(results), "per deck and opponent")])


def _length(results: Results) -> Section:
    from reports.figures import game_length_histogram

    gl = winrates.game_length(results)
    er = winrates.end_reasons(results)
    summary = winrates.game_length_summary(results)
    table = fmt(er, {"game": "game", "ended by": "end_reason", "games": "count",
                     "share (95% interval)": rate("share")})
    mean = (gl["turns"] * gl["games"]).sum() / max(1, gl["games"].sum())
    return Section("game_length", "Game length and how games end",
                   f"Game turns count both players' turns (mean {mean:.1f}). The table says how games "
                   "ended: life (damage / LP / leader), deck_out, empty_deck_damage (FFTCG: damage with no "
                   "cards left), simultaneous (both players lost at once and nobody wins: a draw, or in CODE OF "
                   "JOKER a double loss), simultaneous_turn_player_loses (PSO2: both lost at once and the "
                   "turn player loses, rule 101.7), concession (PSO2 rule 101.6, GBF 1-2-4: a player "
                   "conceded; the scripted policies never do), card_effect (GBF 1-2-5: a card's effect made a "
                   "player lose), round_limit (CODE OF JOKER: "
                   "after the second player's turn of round 10, 20 game turns, the player with more LP "
                   "wins and equal LP goes to the second player, rules digest section 1; a normal end of "
                   "the game, not a stall) and turn_cap (the engine's safety limit: many turn-cap games "
                   "mean the decks stall). game_length.csv has the mean, median and 10th/90th percentile "
                   "of game turns per matchup.",
                   figure=game_length_histogram(gl, "Game length"),
                   figure_alt="Histogram of game length in turns", table=table,
                   csv=[Table("end_reasons", er, "the table above"),
                        Table("game_length", summary, "game turns per matchup: mean, median, percentiles"),
                        Table("game_length_histogram", gl, "the histogram")])


def _mulligans(results: Results) -> Section:
    mu = mulligan_analysis.mulligans(results)
    table = fmt(mu, {"deck": "deck", "policy": "policy", "games": "games",
                     "mulligan rate": rate("mulligan_rate"), "mean mulligans": "mean_mulligans",
                     "win rate after keeping": rate("win_rate_keep"),
                     "win rate after a mulligan": rate("win_rate_mulligan"),
                     "after a mulligan − after keeping": diff("mulligan_minus_keep")})
    return Section("mulligans", "Mulligans",
                   "How often each deck (played by its policy) took a mulligan, and its win rate after "
                   "keeping its first hand vs after mulliganing, with the difference in percentage points. "
                   "The difference is not what a mulligan costs: the policy mulligans the hands it judges "
                   "bad, so the two groups started from different hands, and the same hands kept would "
                   "likely have done worse still. It shows how much worse the games that began with a "
                   "mulligan went, nothing more.",
                   table=table, csv=[Table("mulligans", mu, "the table above")])


def _deck_odds(deck: Deck, question_for: Callable, exact: Callable) -> list[dict]:
    """Rows per want and seat; turns 0..ODDS_TURNS, or the opening hand only for a tiny deck."""
    from sim.errors import InputError

    rows = []
    # GBF cards print no cost; a member's rank is what gates deploying it (r. 2-4-1, 10-2-3-1).
    key = "rank" if deck.game == "gbf" else "cost"
    for want in (w.replace("cost", key) for w in ODDS_WANTS):
        for seat_first in (True, False):
            ask = partial(question_for, Path(deck.path), [want], seat_first=seat_first, pool=deck.pool)
            try:
                probs = exact(ask(turns=ODDS_TURNS))
            except InputError:  # too few cards to see that many turns
                probs = exact(ask(turns=0))
            rows.append({"deck": deck.name, "want": want.removeprefix("1+ ").replace("<=", " ≤ "),
                         "seat": "first" if seat_first else "second",
                         **{f"turn {t}": probs[t] if t < len(probs) else None for t in range(ODDS_TURNS + 1)}})
    return rows


def _odds(decks: list[Deck], notes: list[str]) -> Section:
    title = "Opening-hand odds"
    try:
        from sim.odds.compute import exact
        from sim.odds.question import question_for
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
                   "mulligan rules. These are exact probabilities, not estimates, so they have no "
                   "interval.", table=table, csv=[Table("odds", odds, "the table above")],
                   note="; ".join(problems[:3]) if problems else "")
