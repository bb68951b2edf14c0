"""tcgsim: Monte Carlo deck analytics for four Japanese trading card games."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tcgsim")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0+source"

from sim.engine.numba_cache import drop_stale_caches  # noqa: E402

drop_stale_caches()
