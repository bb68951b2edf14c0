"""The card model: card and deck records (model.py), the effect opcode vocabulary (effects.py) and card specs from TOML/CSV (cardspec.py)."""
