"""Report sections about what the decks did in their games: curve, costs and card statistics."""

from __future__ import annotations

import polars as pl

from analysis import cards as card_analysis
from analysis import curve as curve_analysis
from analysis.data import Results
from reports.parts import INTERVAL_MEANING, Section, Table, diff, fmt, p_value, rate
from sim.cards.model import Deck

# What each gap column asks, and which one answers "should I play this card" (the card table's caption).
COLUMN_QUESTIONS = (
    "Which question each column answers: 'opening hand − not' asks whether the games that began with the "
    "card in hand went better than those that did not; the deal is random, so this is the nearest to an "
    "experiment, and it counts everything the card does, making games shorter or longer included. Read "
    "it for 'should I play this card'. 'in hand − not seen, same draws' asks whether, among games in "
    "which the seat drew as many cards, those in which it held the card went better: it holds game "
    "length fixed, so for a card that changes how long games last (a finisher ends them sooner, a "
    "stall card drags them on) it compares games that the card itself made different, and it can "
    "disagree with the opening-hand column, reproducibly, not by chance. It describes how games with the "
    "card went; it is not the card's value. 'in hand by turn {t} − not' sits between the two (the card "
    "early, among the games that got that far).")
CARD_ROWS = 40  # per deck in the display table; the CSV has every card
CURVE_TURNS = 6


def _missing(key: str, title: str, detail: str) -> Section:
    flag = "--detail turns or cards" if detail == "turns" else "--detail cards"
    return Section(key, title, "", note=f"Not available: this run did not record the {detail} detail (run with {flag}).")


def curve(results: Results, decks: list[Deck]) -> Section:
    from reports.figures import curve_chart

    title = "Resource curve"
    if results.turns is None:
        return _missing("curve", title, "turns")
    c = curve_analysis.curve(results)
    pooled = curve_analysis.pooled(c, CURVE_TURNS)
    types = curve_analysis.card_types(decks)
    if results.cards is not None and types:
        src = curve_analysis.sources_by_turn(results, types, CURVE_TURNS).select("deck", "policy", "turn", "sources")
        pooled = pooled.join(src, on=["deck", "policy", "turn"], how="left")
    else:
        pooled = pooled.with_columns(pl.lit(None, pl.Float64).alias("sources"))
    table = fmt(pooled, {"deck": "deck", "policy": "policy", "own turn": "turn", "players": "players",
                         "costs paid": "paid", "resources produced": "produced", "cards played": "cards_played",
                         "resource cards played by this turn": "sources"})
    return Section("curve", title,
                   f"Per own turn 1–{CURVE_TURNS} (1 = the player's first turn), both seats pooled: the costs "
                   "paid that turn, the resources produced to pay them, the cards played, and the resource "
                   "cards played so far. The two resource columns differ only in FFTCG, where CP is produced "
                   "1 per Backup dulled and 2 per card discarded, so a discard that makes 2 CP for a 1 CP "
                   "remainder produces 1 CP more than it pays (lost); elsewhere costs are paid exactly. "
                   "Resource cards are FFTCG Backups, which pay CP every turn; cards that left the field still "
                   "count, so this is an upper bound of those in play; CoJ's CP comes from the round, so it "
                   "has none. Means at turn t are over the players whose game lasted to their turn t (the "
                   "players column). curve.csv has this table and the cards left in hand at the end of each "
                   "turn; curve_by_seat.csv splits on the play / on the draw for every turn, with the "
                   "engine's 'available' resources (in FFTCG they count discarding the whole hand for CP).",
                   figure=curve_chart(pooled, "Resource curve (both seats, by own turn)"),
                   figure_alt="Line charts of costs paid and cards played by turn", table=table,
                   csv=[Table("curve", pooled, "the table above, with the cards left in hand at the end of the turn"),
                        Table("curve_by_seat", c, "every own turn, on the play and on the draw, with the "
                                                  "engine's available and wasted resources and the hand")])


def costs(results: Results, decks: list[Deck], notes: list[str]) -> Section:
    from reports.figures import cost_chart

    title = "Cost of cards played by turn"
    if results.cards is None:
        return _missing("costs", title, "cards")
    card_costs = curve_analysis.card_costs(decks)
    if not card_costs:
        why = "; ".join(notes) or "the deck files are not recorded in the run's manifest"
        return Section("costs", title, "", note=f"Not available: card costs come from the deck files ({why}).")
    by_cost = curve_analysis.cost_by_turn(results, card_costs)
    mc = curve_analysis.mean_cost_by_turn(by_cost)
    if mc.is_empty():
        return Section("costs", title, "", note="No card with a known cost was played in these games.")
    shown = mc.filter(pl.col("turn").is_between(1, CURVE_TURNS))
    table = fmt(shown, {"deck": "deck", "policy": "policy", "own turn": "turn", "cards played": "cards",
                        "mean cost": "mean_cost"})
    return Section("costs", title,
                   "Mean cost of the cards each deck played on each of its own turns (all games pooled).",
                   figure=cost_chart(mc, "Mean cost of cards played"),
                   figure_alt="Mean cost of cards played by turn", table=table,
                   csv=[Table("costs", mc, "mean cost per own turn, every turn"),
                        Table("costs_by_cost", by_cost, "how many cards of each cost were played per own turn, "
                                                          "in all and per player who began that turn")])


def cards(results: Results, table: pl.DataFrame | None = None) -> Section:
    """The card statistics section; `table` is card_stats(results) when the caller computed it already."""
    title = "Card statistics"
    if results.cards is None:
        return _missing("cards", title, "cards")
    cs = card_analysis.card_stats(results) if table is None else table
    tested = int(cs["gap_adjusted_p"].is_not_null().sum())
    # a deck played by several policies has a row per card and policy: say which
    by = ["deck", "policy"] if cs["policy"].n_unique() > 1 else ["deck"]
    shown = (cs.sort([*by, "gap_adjusted"], descending=[*(False for _ in by), True], nulls_last=True)
             .group_by(by, maintain_order=True).head(CARD_ROWS))
    t = card_analysis.BY_TURN
    table = fmt(shown, {**{c: c for c in by}, "card": lambda r: f"{r['name']} ({r['code']})", "copies": "copies",
                        "games": "games", "win rate, in opening hand": rate("win_rate_opening"),
                        "opening hand − not": diff("gap_opening"),
                        "p (Holm), opening": lambda r: p_value(r["gap_opening_p_holm"]),
                        f"in hand by turn {t} − not": diff("gap_by_turn"),
                        "in hand − not seen, same draws": diff("gap_adjusted"),
                        "p (Holm), same draws": lambda r: p_value(r["gap_adjusted_p_holm"]),
                        "win rate when played": rate("win_rate_played"),
                        "avg turn played": "avg_turn_played", "dead rate": rate("dead_rate")})
    return Section("cards", title,
                   "How the deck did in games where it held a card (any copy), in percentage points. "
                   "What the numbers can mean: whether games in which the policy found this card went "
                   "better than games of the same kind in which it did not. What they cannot mean: that "
                   "adding or cutting the card changes the win rate by that much (a card that is drawn "
                   "replaces another; the policies are scripted), and a raw 'in hand − not seen' gap is "
                   "mostly game length: a long game draws more cards, so a deck that wins long games shows "
                   "a positive gap for every card. So the columns compare like with like: opening hand − "
                   "not (the deal is random, before the game; mulligans aside), in hand by own turn "
                   f"{t} − not (among the games that reached it), and in hand − not seen within games in "
                   "which the seat drew as many cards (Mantel-Haenszel over own turns begun x seat order; "
                   "not over game turns, which with the seat would fix who won: a game mostly ends on "
                   "its winner's turn). "
                   f"{COLUMN_QUESTIONS.format(t=t)} Each interval is a 95% "
                   f"interval for one card; with {tested:,} cards tested at once some will exclude 0 by "
                   "chance, so the two p (Holm) columns are the p-values of the opening-hand gap and of the "
                   "same-length gap after Holm's correction over all "
                   f"{tested:,} cards of cards.csv (each column a family; family-wise error 5%): below "
                   "0.05 is a finding, an interval that merely excludes 0 is not. Win rate "
                   "when played counts games where a copy was played; dead rate = copies that reached the "
                   f"hand but were never played. {INTERVAL_MEANING.capitalize()}. Sorted by the adjusted gap; "
                   f"at most {CARD_ROWS} cards per deck{' and policy' if len(by) > 1 else ''} are shown.",
                   table=table,
                   csv=[Table("cards", cs, "every card, with the counts behind each rate and the unadjusted "
                                           "gap (column gap)")])

