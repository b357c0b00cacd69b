"""The evidence each answered lesson step, tried puzzle and reviewed game move gives of the skills
(docs/skills.md): which skills (:mod:`.skill_map`), a score, a weight and a difficulty.

A task that tests several skills shares its weight among them: which one failed is not known.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.content.course import Lesson
from tutor.content.skills import Evidence
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.play.ideas import sweep_takers
from tutor.play.review import Mark, MoveReview, RoundReview
from tutor.play.view import SeatView

from .skill_map import reason_skills, step_skills, verdict_skills

LESSON_STEP_DIFFICULTY = 800.0
"""A lesson step is made for a newcomer: as hard as the collection's beginner puzzles (600 to 900)."""
GAME_MOVE_DIFFICULTY = 1500.0
"""A move at the table, the centre of the rating scale (the collection's middle half is 1340 to 2130)."""
GRADE_WEIGHTS = {"inaccuracy": 1 / 3, "mistake": 2 / 3, "blunder": 1.0}
"""How much a mark of each grade (its least, when a range) counts: a blunder as a whole failed task."""
HALF = 0.5
"""The score of a step answered after a wrong answer or a hint: partly known."""


def shared(skills: Sequence[str], score: float, difficulty: float, weight: float = 1.0) -> list[Evidence]:
    """One task's evidence: ``weight`` shared equally among ``skills``."""
    return [Evidence(skill, score, weight / len(skills), difficulty) for skill in skills]


def step_evidence(lesson: Lesson, index: int, misses: int, hints: int, shown: bool) -> list[Evidence]:
    """A lesson step ended: answered at once (1), after ``misses`` or ``hints`` (a half), or its answer
    ``shown`` (0: by ``solution``, or after the last try)."""
    score = 0.0 if shown else HALF if misses or hints else 1.0
    return shared(step_skills(lesson, index), score, LESSON_STEP_DIFFICULTY)


def illegal_evidence() -> list[Evidence]:
    """A move the rules forbid, typed as a lesson's answer: a failure of the skills an illegal verdict shows."""
    return shared(verdict_skills("illegal", ()), 0.0, LESSON_STEP_DIFFICULTY)


def tested(pos: Position, moves: Sequence[Move]) -> dict[str, float]:
    """How much a position (a seat's view) tested each skill a move there could fail without a long search:
    ``sweeps`` 1 when a scoring sweep was there to make; ``safe_play`` and ``point_cards`` the share of the
    legal moves that leave the next player a sweep, or trail a point card."""
    worth = pos.variant.card_points
    shares = {
        "sweeps": float(bool(pos.variant.sweep_points) and any(pos.is_sweep(m) for m in moves)),
        "safe_play": sum(1 for m in moves if sweep_takers(pos, m)) / len(moves),
        "point_cards": sum(1 for m in moves if m.kind == "trail" and worth[m.card]) / len(moves),
    }
    return {skill: share for skill, share in shares.items() if share > 0}


def move_evidence(move: MoveReview, mark: Mark | None, seat: int) -> list[Evidence]:
    """A reviewed move: a mark fails the skills its reasons name (weighted by its grade); a move not marked
    passes each skill its position tested, weighted by how much (:func:`tested`)."""
    if mark is not None:
        assert move.grade is not None
        skills = reason_skills(why.code for why in mark.reasons)
        return shared(skills, 0.0, GAME_MOVE_DIFFICULTY, GRADE_WEIGHTS[move.grade]) if skills else []
    pos = SeatView.of(move.ply.before, seat).position()
    return [Evidence(skill, 1.0, share, GAME_MOVE_DIFFICULTY)
            for skill, share in tested(pos, pos.generate()).items()]


def round_evidence(review: RoundReview, seed: int) -> dict[str, list[Evidence]]:
    """Every reviewed move's evidence, keyed ``seed/ply`` (the deal's seed, the ply's index)."""
    marks = {m.review.index: m for m in review.marks}
    found = {f"{seed}/{move.index}": move_evidence(move, marks.get(move.index), review.seat)
             for move in review.moves}
    return {ref: evidence for ref, evidence in found.items() if evidence}
