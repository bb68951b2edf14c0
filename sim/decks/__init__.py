"""Decks: deck files (deckfile), card pools (pools, generic_pool), construction rules (validate) and importer coverage."""
