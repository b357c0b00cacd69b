"""The ladder of computer players, by level; each chooses a move from its seat's view alone.

- **random**: any legal move.
- **greedy**: takes the most round points at once, then the most cards; never
  builds (unless the rules leave it nothing else), and trails its least
  valuable card.
- **club**: a heuristic player (see :class:`~tutor.play.heuristics.Club`).
- **expert**: values every legal move over sampled deals of the cards it cannot
  see (see :mod:`tutor.play.advisor`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .advisor import Expert
from .heuristics import Club, Greedy, RandomPlayer
from .player import Player

LEVELS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "greedy": Greedy, "club": Club, "expert": Expert}
"""Every level by name, weakest first."""


def player(level: str) -> Player:
    """The player of ``level``; a ValueError names the levels for any other name."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are: {', '.join(LEVELS)}")
    return LEVELS[level]()


def players(levels: Sequence[str]) -> list[Player]:
    """One player a seat, by level name."""
    return [player(name) for name in levels]
