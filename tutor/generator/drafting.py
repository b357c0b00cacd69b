"""One candidate position to one proved puzzle: select, study, tag, rate, hint, write, verify."""

from __future__ import annotations

from tutor.core.position import Position
from tutor.core.solver import rank_moves
from tutor.teaching.soundness import advised, unsound_answer

from .difficulty import puzzle_rating
from .facts import study
from .hints import hints
from .plans import Plan
from .selection import likeness, rejection, rejection_before
from .tagging import themes
from .writing import Draft, draft, problems


def draft_puzzle(pos: Position, plan: Plan, max_rating: int | None = None) -> tuple[Draft | None, list[str]]:
    """The puzzle ``pos`` (as the learner sees it) makes for the plan's theme, proved, or None; and the
    reason (a code of :data:`tutor.generator.selection.REJECTIONS`) each goal tried was rejected for.

    The rules read off the moves alone are applied once; then the plan's goals
    are tried in order, and the first that keeps the position, tags the theme,
    is rated ``max_rating`` or less (``too_hard``; no limit when None) and
    gives an answer the advisor finds good (``unsound``) wins.
    """
    early = rejection_before(pos, pos.generate())
    if early is not None:
        return None, [early]
    rejected: list[str] = []
    for goal in plan.goals:
        ranking = rank_moves(pos, goal)
        why = rejection(pos, ranking, plan.theme)
        if why is not None:
            rejected.append(why)
            continue
        found = study(pos, ranking)
        tags = themes(found, plan.theme)
        if plan.theme not in tags:
            rejected.append("no_theme")
            continue
        rating = puzzle_rating(pos, goal, ranking=ranking)
        if max_rating is not None and rating > max_rating:
            rejected.append("too_hard")
            continue
        # the advisor from the learner's view: the costliest rule, so the last before the proof
        if advised(goal) and unsound_answer(pos, found.best) is not None:
            rejected.append("unsound")
            continue
        solution = [pos.notation(m) for m in found.best]
        made = draft(pos, str(goal), tags, rating, hints(found, tags), solution,
                     likeness=likeness(pos, found.best, goal.name))
        # the checker's own proof; a draft it refuses is dropped, never written
        if problems(made):
            rejected.append("unproved")
            continue
        return made, rejected
    return None, rejected
