"""What numba compiles for each engine's default path stays within its budget (sim/bench/compile_budget.json).

The count (functions x type specialisations compiled in the game's own package) is recorded by the
session's cold compile (tests/conftest.py -> sim.bench.compile.warm_and_record), so the guard costs no
extra compile: it runs whenever this session compiled an engine from a cold cache (always on CI's
fresh clone; locally after an edit of the engine, which drops its cache) and is skipped otherwise.
Raising a budget is a deliberate, reviewed edit of compile_budget.json.
"""

import pytest

from sim.bench.compile import BUDGET_SLACK, load_budget, over_budget, recorded_compiles

TARGETS = ["fftcg", "fftcg-search", "coj", "gbf", "pso2", "null", "odds"]


@pytest.mark.parametrize("target", TARGETS)
def test_compiles_within_budget(target):
    recorded = recorded_compiles().get(target)
    if recorded is None:
        pytest.skip(f"{target} was not compiled from a cold cache for these sources (its cache was warm)")
    budget = load_budget()[target]
    assert over_budget(recorded, budget) == [], (
        f"{target} now compiles {recorded['family_compilations']} functions x signatures in its package, budget "
        f"{budget['family_compilations']} "
        f"(+{BUDGET_SLACK:.0%}); compile time grows with it. Shrink it, or raise the budget deliberately.")


def test_the_comparison_fails_over_budget_and_passes_within_it():
    budget = {"family_compilations": 100, "cold_s": 60}
    assert over_budget({"family_compilations": 110, "functions": 500}, budget) == []
    assert over_budget({"family_compilations": 111}, budget) == ["family_compilations: 111 > 100 + 10%"]
    for target, counts in load_budget().items():  # a planted 20% growth of every shipped budget fails
        n = int(counts["family_compilations"] * 1.2) + 1
        assert over_budget({"family_compilations": n}, counts) == [
            f"family_compilations: {n} > {counts['family_compilations']} + 10%"], target
