"""The advisor's ranking of a game position: a goal and a ranking of the teaching room's own.

The rules core ranks moves by goals it can prove (:mod:`tutor.core.solver`).
The advisor (:mod:`tutor.play.advisor`) values them instead by averaging over
deals of the cards the learner could not see.  A personal puzzle
(:mod:`.personal`) carries that ranking, in tenths of a round point, under the
goal :data:`ADVICE`: only this room and the words know its criterion, the
solver and files do not.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.frozen import pickled_by_constructor
from tutor.core.moves import Move
from tutor.core.solver import Criterion, Goal, Ranking

ADVICE = Goal((Criterion("advice"),))
"""The advisor's value as a goal: the goal of a ranking the advisor made."""


@dataclass(frozen=True)
class AdvisedRanking(Ranking):
    """The advisor's ranking of a personal puzzle; its best moves are ``accepted``: those within the margin."""

    accepted: tuple[Move, ...] = ()

    @property
    def best(self) -> tuple[Move, ...]:
        return self.accepted


pickled_by_constructor(AdvisedRanking)  # compiled by mypyc, see tutor.core.frozen
