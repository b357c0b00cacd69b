"""One candidate position to one proved puzzle: select, study, tag, rate, hint, write, verify."""

from __future__ import annotations

from ..core.position import Position
from ..core.solver import rank_moves
from .facts import study
from .hints import hints
from .plans import Plan
from .rating import rating
from .selection import rejection
from .tagging import themes
from .writing import Draft, draft, problems


def draft_puzzle(pos: Position, plan: Plan) -> Draft | None:
    """The puzzle ``pos`` (as the learner sees it) makes for the plan's theme, proved; None if it makes none.

    The plan's goals are tried in order; the first that keeps the position
    and tags the theme wins.
    """
    for goal in plan.goals:
        ranking = rank_moves(pos, goal)
        if rejection(pos, ranking) is not None:
            continue
        found = study(pos, ranking)
        tags = themes(found)
        if plan.theme not in tags:
            continue
        solution = [pos.notation(m) for m in found.best]
        made = draft(pos, str(goal), tags, rating(found), hints(found, tags), solution)
        # the checker's own proof; a draft it refuses is dropped, never written
        if not problems(made):
            return made
    return None
