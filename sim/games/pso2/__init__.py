"""Phantasy Star Online 2 TCG: engine (engine.py), rules (rules.py), actions (actions.py), scripted policies (policy.py) and the co-op raid kernel (raid.py)."""
