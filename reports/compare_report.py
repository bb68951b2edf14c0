"""The report of `tcgsim compare ... --policies P,Q --out OUT`, rebuilt by `tcgsim report OUT`.

OUT holds one results dataset per pairing (OUT/<policy>/) and compare.json: the variants, the
opponents and the role of every matchup (which variant, which opponent, which seat), so the paired
comparison can be recomputed from the games alone.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import polars as pl

from analysis.intervals import wilson
from analysis.paired import Comparison, compare, paired_outcomes
from analysis.sensitivity import variant_comparisons, variant_verdict
from reports.content import provenance
from reports.parts import INTERVAL_MEANING, Report, Section, Table, fmt, p_value, rate, signed
from reports.write import write_pages
from sim.errors import InputError

ROLES = "compare.json"


def save_roles(out: Path, a: str, b: str, opponents: list[str], pairings: list[str], roles: list[dict]) -> None:
    doc = {"a": a, "b": b, "opponents": opponents, "pairings": pairings, "roles": roles}
    (Path(out) / ROLES).write_text(json.dumps(doc, indent=1), encoding="utf-8")


def is_compare_dir(path: Path) -> bool:
    return (Path(path) / ROLES).is_file()


def read_roles(root: Path) -> dict:
    try:
        doc = json.loads((Path(root) / ROLES).read_text(encoding="utf-8"))
        if not isinstance(doc, dict) or not {"a", "b", "opponents", "pairings", "roles"} <= set(doc):
            raise ValueError("missing keys")
        if not all(isinstance(p, str) and Path(p).name == p and p not in ("", ".", "..") for p in doc["pairings"]):
            raise ValueError("a pairing is not a policy name")  # it names a folder right below OUT
    except (ValueError, OSError) as exc:
        raise InputError(Path(root) / ROLES, f"not a compare record ({exc})") from None
    return doc


def comparisons(root: Path, doc: dict) -> dict[str, Comparison]:
    """Each pairing's paired comparison, recomputed from its games (OUT/<policy>/games)."""
    out = {}
    for p in doc["pairings"]:
        parts = sorted((Path(root) / p / "games").glob("*.parquet"))
        if not parts:
            raise InputError(Path(root) / p, "no results here (no games/*.parquet)")
        out[p] = compare(paired_outcomes(pl.scan_parquet(parts), doc["roles"]), doc["opponents"])
    return out


def _with_interval(rate: float, pairs: int, col: str) -> dict:
    """`col` and its Wilson 95% interval: a variant played one game per pair, so rate x pairs wins."""
    if pairs <= 0 or math.isnan(rate):
        return {col: None, f"{col}_low": None, f"{col}_high": None}
    low, high = wilson(round(rate * pairs), pairs)
    return {col: rate, f"{col}_low": low, f"{col}_high": high}


def build(doc: dict, by_pairing: dict[str, Comparison], meta: list[tuple[str, str]]) -> Report:
    a, b = f"A ({doc['a']})", f"B ({doc['b']})"
    rows = [{"pairing": f"{p} vs {p}", "opponent": r["opponent"], "pairs": r["games"],
             **_with_interval(r["win_rate_a"], r["games"], "win_rate_a"),
             **_with_interval(r["win_rate_b"], r["games"], "win_rate_b"),
             "diff": r["diff"], "low": r["low"], "high": r["high"]}
            for p, c in by_pairing.items() for r in c.rows]
    rows += [{"pairing": f"{p} vs {p}", "opponent": "overall (opponents weighted equally)", "pairs": c.overall.n,
              **_with_interval(math.nan, 0, "win_rate_a"), **_with_interval(math.nan, 0, "win_rate_b"),
              "diff": c.overall.diff, "low": c.overall.low, "high": c.overall.high} for p, c in by_pairing.items()]
    order = {f"{p} vs {p}": i for i, p in enumerate(by_pairing)}
    per = pl.DataFrame(rows).sort(pl.col("pairing").replace_strict(order), maintain_order=True)
    shown = fmt(per, {"pairing": "pairing", "opponent": "opponent", "pairs": "pairs",
                      "A wins (95% interval)": rate("win_rate_a"), "B wins (95% interval)": rate("win_rate_b"),
                      "B − A (95% interval, paired)": lambda r: signed(r["diff"], r["low"], r["high"])})
    table = variant_comparisons(a, b, {p: c.overall for p, c in by_pairing.items()})
    verdict = variant_verdict(table)
    summary = pl.DataFrame({
        "pairing": [f"{p} vs {p}" for p in table["pairing"]],
        "B − A (95% interval, paired)": [signed(r["diff"], r["low"], r["high"]) for r in table.iter_rows(named=True)],
        "p": [p_value(x) for x in table["p"]], "p (Holm)": [p_value(x) for x in table["p_holm"]],
        "verdict": [{1: "B better", -1: "A better", 0: "not significant"}[v] for v in table["verdict"]]})
    return Report("tcgsim compare report", meta, [
        Section("comparison", "Variant comparison under each pairing",
                f"{a} against {b}: both variants played the same seeds against each opponent, each seed from both "
                "seats, under each pairing (both seats playing that policy; the same seeds under every pairing). "
                "Win rates per opponent, each over the variant's games against that opponent (one per pair) with its "
                "Wilson 95% interval, and the paired difference B − A in win-rate points with its 95% t "
                "interval over the pairs (docs/statistics.md; narrower than the two win-rate intervals suggest, "
                "since A and B played the same deals); pairs = seeds x seat orders. "
                f"{INTERVAL_MEANING.capitalize()}.",
                table=shown,
                csv=[Table("compare_by_pairing", per, "the table above, as numbers")]),
        Section("policy_sensitivity", "Policy sensitivity",
                "B − A against the field under each pairing, with its p-value and the p-value after Holm's "
                f"correction over the {table.height} pairings. The verdict says whether B − A keeps its sign and "
                "significance under every pairing; 'not under Q' means the games under Q do not establish the "
                "difference, not that there is none. No pairing is the 'right' one: a flip says the conclusion "
                "depends on how the decks are played.",
                table=summary, items=[verdict],
                csv=[Table("policy_sensitivity", table, "per pairing: B − A, 95% interval, p, p (Holm), verdict, flips")]),
    ])


def write_compare_report(root: Path, out: Path) -> Path:
    """Recompute the comparison from OUT's games and write report.html, report.md and tables/ to `out`."""
    doc = read_roles(root)
    first = Path(root) / doc["pairings"][0] / "manifest.json"
    record = json.loads(first.read_text(encoding="utf-8")) if first.is_file() else {}
    job = record.get("job", {})
    meta = [("A", doc["a"]), ("B", doc["b"]), ("opponents", ", ".join(doc["opponents"])),
            ("pairings", ", ".join(f"{p} vs {p}" for p in doc["pairings"])),
            ("games per variant, opponent, seat order and pairing", f"{job.get('games', '–'):,}"
             if isinstance(job.get("games"), int) else "–"),
            ("seed", str(job.get("seed", "not recorded"))),
            ("rules options", ", ".join(f"{k}={v}" for k, v in (job.get("options") or {}).items()) or "defaults"),
            *provenance(record, str(root))]
    return write_pages(build(doc, comparisons(root, doc), meta), Path(out))
