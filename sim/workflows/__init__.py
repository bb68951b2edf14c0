"""The workflow layer: what a user asks for, as plain functions over decks and options.

simulate, compare (and compare_pairings), balance, raid, odds and report take loaded decks (or
paths) and options, write results directories exactly as documented, and return result objects.
The command line (sim.cli) and the web service call these and nothing below them for the work.
"""
