"""The null game: shuffles and draws only; the baseline of `tcgsim bench`."""
