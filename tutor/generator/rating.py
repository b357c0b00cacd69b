"""A first rating for a generated puzzle, from its study (formula in ``docs/generator.md``).

The rating is only a start: the trainer moves each puzzle's rating with the
learners' results (Glicko-2).
"""

from __future__ import annotations

from ..course import RATING_RANGE
from .facts import Study
from .plans import VARIANT_THEMES
from .selection import GAPS

BASE = {"cards": 500, "points": 550, "sweep": 550, "safe": 1000, "deal": 1500}
"""Where each goal starts: one move judged at once is easier than a deal played out."""

PER_MOVE = 12  # each legal move beyond four is one more to weigh
PER_SUM = 250  # each sum taken: adding up is harder than seeing a pair
PER_SUM_CARD = 60  # each card of a sum beyond two
PER_BUILD_TAKEN = 250  # each build taken: a build is easy to overlook as a capture
PER_ITEM = 100  # each group or build taken beyond the first
BUILD_MOVE = 250  # the answer builds, raises or adds: a plan for a later turn
QUIET_MOVE = 120  # the answer takes nothing
PER_HAND_CARD = 100  # deal: each card in the hands beyond two a seat
PER_GAP = 40  # each unit of gap beyond the least kept makes the answer stand out more
SECOND_ANSWER = 80  # two accepted answers are easier to hit than one
VARIANT = 100  # rules other than classic
PER_EXTRA_SEAT = 75  # each player beyond two


def rating(study: Study) -> int:
    """The puzzle's first rating, rounded to tens, within the rating range."""
    pos, ranking = study.position, study.ranking
    goal = ranking.goal.name
    first = study.best[0]
    value = BASE[goal] + PER_MOVE * (len(ranking.moves) - 4)
    if study.shapes:
        shape = study.shapes[0]
        value += PER_SUM * len(shape.sums) + PER_SUM_CARD * sum(len(g) - 2 for g in shape.sums)
        value += PER_BUILD_TAKEN * len(shape.builds) + PER_ITEM * (shape.items - 1)
    if first.kind in ("build", "raise", "add"):
        value += BUILD_MOVE
    elif first.kind == "trail":
        value += QUIET_MOVE
    if goal == "deal":
        value += PER_HAND_CARD * (sum(map(len, pos.hands)) - 2 * pos.players)
    value -= PER_GAP * min(study.gap - GAPS[goal], 5)
    value -= SECOND_ANSWER * (len(study.best) - 1)
    value += VARIANT * any(gives(pos.variant) for gives in VARIANT_THEMES.values())
    value += PER_EXTRA_SEAT * (pos.players - 2)
    low, high = RATING_RANGE
    return max(low, min(high, round(value, -1)))
