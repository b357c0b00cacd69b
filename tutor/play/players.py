"""The ladder of computer players, by level; each chooses a move from its seat's view alone.

- **random**: any legal move.
- **greedy**: takes the most round points at once, then the most cards; never
  builds (unless the rules leave it nothing else), and trails its least
  valuable card.
- **club**: a heuristic player (see :class:`~tutor.play.heuristics.Club`).
- **expert**: values every legal move over sampled deals of the cards it cannot
  see (see :mod:`tutor.play.advisor`).

Beside the ladder, :data:`FROZEN` keeps earlier levels as they played, for the
arena to measure a new level against, and :data:`TRIALS` the candidates it
measures (neither is offered to a learner).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .advisor import EXPERT_TRIAL, EXPERT_V1, Expert
from .heuristics import CLUB_V1, FAIR_PLAYOUT, Club, Greedy, RandomPlayer
from .player import Player

LEVELS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "greedy": Greedy, "club": Club, "expert": Expert}
"""Every level by name, weakest first."""

FROZEN: dict[str, Callable[[], Player]] = {
    "club-v1": lambda: Club("club-v1", CLUB_V1),
    "expert-v1": lambda: EXPERT_V1,
}
"""Earlier levels kept as they played, by name (the arena's only: not on the ladder): ``club-v1`` and
``expert-v1`` are the club and the expert of the first strength figures (docs/strength.md);
tests/test_frozen_levels.py replays their recorded moves."""

TRIALS: dict[str, Callable[[], Player]] = {
    "expert-trial": lambda: EXPERT_TRIAL,
    "expert-replies": lambda: Expert("expert-replies", playout=CLUB_V1, replies=2),
    "expert-next-deal": lambda: Expert("expert-next-deal", playout=CLUB_V1, beyond=True),
    "expert-draw-2": lambda: Expert("expert-draw-2", draw_turns=2),
    "expert-draw-3": lambda: Expert("expert-draw-3", draw_turns=3),
    "expert-fair": lambda: Expert("expert-fair", playout=FAIR_PLAYOUT),
}
"""Candidate levels the arena measures against the frozen ones before one joins the ladder (docs/strength.md):
``expert-replies`` searches the next seat's reply among club's two first choices in each playout, and
``expert-next-deal`` plays each playout on through the next deal (both otherwise ``expert-v1``); neither
gained (docs/strength.md, "Searching deeper in the worlds").  ``expert-draw-2`` and ``expert-draw-3`` are the
ladder's expert with Draw's playouts cut to 2 or 3 moves a seat: cheaper, and weaker (docs/strength.md, "Shorter
playouts in Draw").  ``expert-fair`` is the ladder's expert with each playout player's exposure judged from what
it can see (:data:`~tutor.play.heuristics.FAIR_PLAYOUT`): no stronger (docs/strength.md, "What seeing every hand
is worth")."""


def player(level: str) -> Player:
    """The player of ``level`` (on the ladder, frozen or a trial); a ValueError names the levels for any other name."""
    make = LEVELS.get(level) or FROZEN.get(level) or TRIALS.get(level)
    if make is None:
        raise ValueError(f"unknown level {level!r}; levels are: {', '.join([*LEVELS, *FROZEN, *TRIALS])}")
    return make()


def players(levels: Sequence[str]) -> list[Player]:
    """One player a seat, by level name."""
    return [player(name) for name in levels]
