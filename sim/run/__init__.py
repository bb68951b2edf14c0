"""Running jobs: the runner and its backends (runner, chunks, ray_backend), job files (jobs), results directories (manifest, parts, lock), policy pairings and PSO2 raids."""
