"""Opening-hand and by-turn odds: the question (counting, question, wants, profiles), exact answers (counting, generic) and the sampler (compute)."""
