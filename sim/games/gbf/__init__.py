"""Granblue Fantasy TCG: engine (engine.py), rules (rules.py), actions (actions.py) and scripted policies (policy.py)."""
