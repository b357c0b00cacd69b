"""How much a search keeps before it forgets, and how it is stopped."""

from __future__ import annotations

POSITIONS_KEPT = 500_000
"""Transposition entries kept before they are forgotten (about 140 MB)."""
MOVE_LISTS_KEPT = 80_000
"""Move lists kept, with the tables they lead to, before they are forgotten (about 100 MB).
Only the hardest positions reach either limit: the search then goes on, still exact."""
STOP_EVERY = 1024
"""Nodes between two calls of a search's ``stop``."""


class SearchStopped(Exception):
    """A search's ``stop`` said to stop; ``lower`` and ``upper``: what was proven of the value
    being sought when it did (None: nothing on that side)."""

    def __init__(self, lower: int | None = None, upper: int | None = None) -> None:
        super().__init__(lower, upper)
        self.lower, self.upper = lower, upper
