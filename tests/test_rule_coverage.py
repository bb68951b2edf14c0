"""sim.bench.rule_coverage: every rule number of the GBF and PSO2 digests is tested, or listed in
docs/engines/<game>.md as definitional, not implemented or implemented without a test."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.bench.rule_coverage import ROOT, coverage, listed_rules, unaccounted

DIGESTS = ROOT.parent / "shared" / "rules"  # the digests beside the checkout (docs cite ../shared/rules)


def digest(game: str) -> Path:
    if not (DIGESTS / f"{game}.md").exists():
        pytest.skip(f"no {game} rules digest in {DIGESTS}")
    return DIGESTS / f"{game}.md"


def test_listed_rules_reads_the_three_sections(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("# X\n\n## Definitional rules\n\n1-1-1, 2-2.\n\n## Rules not implemented\n\n- 3-3 loops\n\n"
                   "## Implemented without a scenario test\n\n4-4-1\n\n## Other\n\n5-5\n")
    assert listed_rules("gbf", doc) == {"1-1-1": "defn", "2-2": "defn", "3-3": "not-impl", "4-4-1": "untested"}


@pytest.mark.parametrize("game", ["gbf", "pso2"])
def test_every_digest_rule_is_tested_or_listed(game):
    rows, cited_untested = coverage(game, digest(game))
    listed = listed_rules(game, ROOT / "docs" / "engines" / f"{game}.md")
    assert cited_untested == []
    assert unaccounted(rows, listed) == []
