"""The evidence each answered lesson step, tried puzzle and reviewed game move gives of the skills
(docs/skills.md): which skills (:mod:`.skill_map`), a score, a weight and a difficulty.

A task that tests several skills shares its weight among them: which one failed is not known.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tutor.content.course import Lesson
from tutor.content.skills import Evidence
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.play.heuristics import BUILD_KINDS
from tutor.play.ideas import after, majority_state, opponent_takers, sweep_takers
from tutor.play.review import Mark, MoveReview, RoundReview
from tutor.play.view import SeatView

from .skill_map import reason_skills, step_skills, verdict_skills

LESSON_STEP_DIFFICULTY = 800.0
"""A lesson step is made for a newcomer: as hard as the collection's beginner puzzles (600 to 900)."""
GAME_MOVE_DIFFICULTY = 1500.0
"""A move at the table, the centre of the rating scale (the collection's middle half is 1340 to 2130), for a skill
its position's legal moves do not say how hard it was (:func:`tested`)."""
BLIND = 800.0
"""A newcomer, where every skill starts: a move chosen blind passes a skill as often as such a learner does."""
SHARE_BOUNDS = (0.05, 0.95)
"""The least and most share of failing moves a difficulty is worked out from (one move in twenty)."""
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
    """How much a position (a seat's view) tested each skill a move there could fail without a long search: the
    share of the legal moves that fail it: for ``sweeps`` those that do not sweep, when a scoring sweep was there to
    make; for ``safe_play`` and ``point_cards`` those that leave the next player a sweep, or trail a point card; for
    ``majorities`` those that take fewer cards than the most a move takes, while the most cards are still open; for
    ``build_fights`` those that take no build of another side's, when one can be taken; for ``counting`` those that
    leave an opponent a take of points with a card not seen yet, when another move leaves one only to cards already
    taken; for ``last_take`` those that take nothing with the round's last card, when a capture would win the table's
    leftovers from the other side."""
    worth = pos.variant.card_points
    sweeps = sum(1 for m in moves if pos.is_sweep(m)) if pos.variant.sweep_points else 0
    shares = {
        "sweeps": (len(moves) - sweeps) / len(moves) if sweeps else 0.0,
        "safe_play": sum(1 for m in moves if sweep_takers(pos, m)) / len(moves),
        "point_cards": sum(1 for m in moves if m.kind == "trail" and worth[m.card]) / len(moves),
        "majorities": _majority_share(pos, moves),
        "build_fights": _steal_share(pos, moves),
        "counting": _count_share(pos, moves),
        "last_take": _last_take_share(pos, moves),
    }
    return {skill: share for skill, share in shares.items() if share > 0}


def _majority_share(pos: Position, moves: Sequence[Move]) -> float:
    """The share of ``moves`` taking fewer cards than the most a move takes, while the most cards are open."""
    if not pos.variant.most_cards or majority_state(pos, "most_cards")[0] != "open":
        return 0.0
    taken = [len(m.captured_cards()) for m in moves]
    return sum(1 for n in taken if n < max(taken)) / len(moves)


def _steal_share(pos: Position, moves: Sequence[Move]) -> float:
    """The share of ``moves`` that take no build of another side's, when some move takes one."""
    side = pos.side_of(pos.to_move)
    steals = sum(1 for m in moves if any(pos.side_of(b.owner) != side for b in m.builds))
    return (len(moves) - steals) / len(moves) if steals else 0.0


def _count_share(pos: Position, moves: Sequence[Move]) -> float:
    """The share of ``moves`` after which an opponent could take points (sweep the table, or take a point card) with a
    card not seen yet, when some other move leaves such a take only to cards already taken this round: a move safe
    to one who counts the cards taken, and to nobody else."""
    assert pos.captured is not None
    gone = sorted({card for pile in pos.captured for card in pile})
    if not gone:
        return 0.0
    side = pos.side_of(pos.to_move)
    exposed = counted = 0
    for move in moves:
        later = after(pos, move)
        scoring = _scoring_take(later)
        if opponent_takers(later, side, scoring):
            exposed += 1
        elif opponent_takers(later, side, scoring, gone):
            counted += 1
    return exposed / len(moves) if counted else 0.0


def _scoring_take(later: Position) -> Callable[[Move], bool]:
    """Whether a capture on ``later``'s table scores: a sweep (where sweeps score) or a point card taken."""
    worth, sweeps = later.variant.card_points, bool(later.variant.sweep_points)
    return lambda m: (sweeps and later.is_sweep(m)) or any(worth[card] for card in m.captured_cards())


def _last_take_share(pos: Position, moves: Sequence[Move]) -> float:
    """The share of ``moves`` that take nothing, when every move ends the round (its last card) and a capture would
    take the table's leftovers that a move taking nothing leaves to another side (or to nobody)."""
    took = pos.last_capturer
    if pos.hand_size(pos.to_move) != 1 or took is not None and pos.side_of(took) == pos.side_of(pos.to_move):
        return 0.0
    captures = sum(1 for m in moves if m.is_capture)
    if not captures or not all(after(pos, m).is_round_over() for m in moves):
        return 0.0
    return (len(moves) - captures) / len(moves)


def shown(pos: Position, move: Move, moves: Sequence[Move]) -> dict[str, float]:
    """The skill a move itself uses, and how much: a capture ``captures``, a build, raise or add ``builds``, the
    share of the legal moves that are not of its sort (the ways to miss it)."""
    skill = _used(move)
    share = sum(1 for m in moves if _used(m) != skill) / len(moves)
    return {skill: share} if skill is not None and share > 0 else {}


def _used(move: Move) -> str | None:
    return "captures" if move.is_capture else "builds" if move.kind in BUILD_KINDS else None


def share_difficulty(share: float) -> float:
    """How hard a move is for a skill that ``share`` of the legal moves fail: a task :data:`BLIND` passes with the
    chance a move chosen blind has, ``1 - share``, on the Elo scale of the ratings (400 points a factor of ten in
    the odds; the share kept within :data:`SHARE_BOUNDS`)."""
    low, high = SHARE_BOUNDS
    share = min(max(share, low), high)
    return BLIND + 400 * math.log10(share / (1 - share))


def move_evidence(move: MoveReview, mark: Mark | None, seat: int) -> list[Evidence]:
    """A reviewed move: a mark fails the skills its reasons name (weighted by its grade); a move not marked
    passes each skill its position tested, weighted by how much (:func:`tested`).  A skill the position tested is
    as hard as the share of moves that fail it (:func:`share_difficulty`); another, :data:`GAME_MOVE_DIFFICULTY`."""
    pos = SeatView.of(move.ply.before, seat).position()
    moves = pos.generate()
    shares = tested(pos, moves)
    if mark is not None:
        assert move.grade is not None
        skills = reason_skills(why.code for why in mark.reasons)
        return [Evidence(piece.skill, 0.0, piece.weight, _difficulty(shares, piece.skill))
                for piece in shared(skills, 0.0, GAME_MOVE_DIFFICULTY, GRADE_WEIGHTS[move.grade])] if skills else []
    passed = {**shown(pos, move.ply.move, moves), **shares}
    return [Evidence(skill, 1.0, share, share_difficulty(share)) for skill, share in passed.items()]


def _difficulty(shares: dict[str, float], skill: str) -> float:
    return share_difficulty(shares[skill]) if skill in shares else GAME_MOVE_DIFFICULTY


def round_evidence(review: RoundReview, seed: int) -> dict[str, list[Evidence]]:
    """Every reviewed move's evidence, keyed ``seed/ply`` (the deal's seed, the ply's index)."""
    marks = {m.review.index: m for m in review.marks}
    found = {f"{seed}/{move.index}": move_evidence(move, marks.get(move.index), review.seat)
             for move in review.moves}
    return {ref: evidence for ref, evidence in found.items() if evidence}
