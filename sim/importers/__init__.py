"""Card pool importers: real card data (FFTCG, CODE OF JOKER) and our generic CSV/JSON pools -> sim.model.Card."""
