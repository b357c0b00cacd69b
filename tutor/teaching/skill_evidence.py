"""The evidence each answered lesson step, tried puzzle and reviewed game move gives of the skills
(docs/skills.md): which skills (:mod:`.skill_map`), a score, a weight and a difficulty.

A task that tests several skills shares its weight among them: which one failed is not known.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tutor.content.course import Lesson
from tutor.content.skills import Evidence
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import forgetting
from tutor.play.exact import exact_world, solved_lines
from tutor.play.heuristics import BUILD_KINDS, CLUB_V1
from tutor.play.ideas import after, majority_state, opponent_takers, sweep_takers
from tutor.play.line_ideas import line_end
from tutor.play.review import Mark, MoveReview, RoundReview
from tutor.play.risk import likely_take
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
UNMARKED_MISS = GRADE_WEIGHTS["inaccuracy"]
"""How much a move not marked counts against a skill it fails where the best move does not (:func:`move_evidence`):
as the mildest mark, times the share of the moves that fail the skill."""
HALF = 0.5
"""The score of a step answered after a wrong answer or a hint: partly known."""
COUNT_MARGIN = 0.25
"""How much more the next player is likely to take after a move than after the safest, the cards taken this round
counted, for the move to fail ``counting`` where it looks as safe to one who forgets them (:func:`_likely_fails`):
a quarter point of the club's worth of a take (its points, a sweep included, and 0.3 a card), half the least
likely take a review's mark names (:data:`~tutor.play.review.LIKELY_LEAST`)."""


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


def failing(pos: Position, moves: Sequence[Move]) -> dict[str, list[bool]]:
    """Which of the legal ``moves`` fail each skill the position (a seat's view) tests, told without a long search:
    for ``sweeps`` those that do not sweep, when a scoring sweep was there to make; for ``safe_play`` and
    ``point_cards`` those that leave the next player a sweep, or trail a point card; for ``majorities`` those that
    take fewer cards than the most a move takes, while the most cards are still open; for ``build_fights`` those that
    take no build of another side's, when one can be taken; for ``counting`` those that leave an opponent a take of
    points with a card not seen yet, when another move leaves one only to cards already taken, and those the cards
    taken show likely to leave clearly more than the safest move that look as safe to one who forgets them
    (:func:`_likely_fails`); for ``last_take``, in a last deal whose value is exact, those after which the solver's
    line leaves the table's leftovers to another side.  A skill no move fails is not tested."""
    worth = pos.variant.card_points
    found = {
        "sweeps": _sweep_fails(pos, moves),
        "safe_play": [bool(sweep_takers(pos, m)) for m in moves],
        "point_cards": [m.kind == "trail" and bool(worth[m.card]) for m in moves],
        "majorities": _majority_fails(pos, moves),
        "build_fights": _steal_fails(pos, moves),
        "counting": _count_fails(pos, moves),
        "last_take": _last_take_fails(pos, moves),
    }
    return {skill: fails for skill, fails in found.items() if any(fails)}


def tested(pos: Position, moves: Sequence[Move]) -> dict[str, float]:
    """How much a position (a seat's view) tested each skill: the share of the legal ``moves`` that fail it
    (:func:`failing`)."""
    return shares_of(failing(pos, moves), len(moves))


def shares_of(fails: dict[str, list[bool]], moves: int) -> dict[str, float]:
    """For each skill of ``fails`` (:func:`failing`), the share of the ``moves`` that fail it."""
    return {skill: sum(failed) / moves for skill, failed in fails.items()}


def _sweep_fails(pos: Position, moves: Sequence[Move]) -> list[bool]:
    """The moves that do not sweep, when sweeps score and some move sweeps."""
    sweeping = [pos.is_sweep(m) for m in moves] if pos.variant.sweep_points else []
    return [not sweeps for sweeps in sweeping] if any(sweeping) else []


def _majority_fails(pos: Position, moves: Sequence[Move]) -> list[bool]:
    """The moves taking fewer cards than the most a move takes, while the most cards are open."""
    if not pos.variant.most_cards or majority_state(pos, "most_cards")[0] != "open":
        return []
    taken = [len(m.captured_cards()) for m in moves]
    return [n < max(taken) for n in taken]


def _steal_fails(pos: Position, moves: Sequence[Move]) -> list[bool]:
    """The moves that take no build of another side's, when some move takes one."""
    side = pos.side_of(pos.to_move)
    steals = [any(pos.side_of(b.owner) != side for b in m.builds) for m in moves]
    return [not steal for steal in steals] if any(steals) else []


def _count_fails(pos: Position, moves: Sequence[Move]) -> list[bool]:
    """The moves that fail ``counting`` by the worst case (:func:`_worst_fails`) or by the likely case
    (:func:`_likely_fails`), when the round has cards taken."""
    assert pos.captured is not None
    gone = sorted({card for pile in pos.captured for card in pile})
    if not gone:
        return []
    found = [fails for fails in (_worst_fails(pos, moves, gone), _likely_fails(pos, moves)) if fails]
    return [any(fails) for fails in zip(*found)] if found else []


def _worst_fails(pos: Position, moves: Sequence[Move], gone: Sequence[Card]) -> list[bool]:
    """The moves after which an opponent could take points (sweep the table, or take a point card) with a card not
    seen yet, when some other move leaves such a take only to cards already taken this round (``gone``): a move
    safe to one who counts the cards taken, and to nobody else."""
    side = pos.side_of(pos.to_move)
    exposed, counted = [], False
    for move in moves:
        later = after(pos, move)
        scoring = _scoring_take(later)
        exposed.append(bool(opponent_takers(later, side, scoring)))
        counted = counted or (not exposed[-1] and bool(opponent_takers(later, side, scoring, gone)))
    return exposed if counted else []


def _likely_fails(pos: Position, moves: Sequence[Move]) -> list[bool]:
    """The moves that leave the next player a likely take (:func:`~tutor.play.risk.likely_take`, the club's worth
    of a take) at least :data:`COUNT_MARGIN` above the least a move leaves, the cards taken this round counted,
    while to one who reads them as unseen (:func:`~tutor.core.solver.forgetting`) they leave no more than the
    safest such move does: a move as safe as the safest to one who forgets, and clearly less safe to one who
    counts."""
    worth = CLUB_V1.table_worth
    counted = [likely_take(pos, m, worth) for m in moves]
    least = min(counted)
    if max(counted) < least + COUNT_MARGIN:
        return []
    forgetful = forgetting(pos)
    forgot = [likely_take(forgetful, m, worth) for m in moves]
    seen = min(f for c, f in zip(counted, forgot) if c == least) + 1e-9  # as safe but for the floats' rounding
    return [c >= least + COUNT_MARGIN and f <= seen for c, f in zip(counted, forgot)]


def _scoring_take(later: Position) -> Callable[[Move], bool]:
    """Whether a capture on ``later``'s table scores: a sweep (where sweeps score) or a point card taken."""
    worth, sweeps = later.variant.card_points, bool(later.variant.sweep_points)
    return lambda m: (sweeps and later.is_sweep(m)) or any(worth[card] for card in m.captured_cards())


def _last_take_fails(pos: Position, moves: Sequence[Move]) -> list[bool]:
    """In a last deal whose value is exact (:func:`~tutor.play.exact.exact_world`: the round's last card among
    them), the moves after which the solver's line leaves the table's leftovers to another side
    (:func:`~tutor.play.line_ideas.line_end`)."""
    world = exact_world(pos)
    if world is None:
        return []
    side = pos.side_of(pos.to_move)
    lines = solved_lines(world)
    ends = [line_end(world, lines[m].line) for m in moves]
    return [end.last_side != side and bool(end.leftovers) for end in ends]


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
    """A reviewed move: a mark fails the skills its reasons name (weighted by its grade); of them only those the
    played move fails where the better one does not (:func:`failing`), when there are any: what the move did shows
    which skill failed, and the model's blame (:func:`~tutor.storage.skills.blamed`) would rather pick the skill
    rated lower, whatever the move did.  A move not marked passes
    each skill its position tested that it does not fail itself (:func:`failing`), weighted by how much (the share
    of the moves that fail it); one it fails, where the advice's best move does not, is failed as the mildest mark
    counts (:data:`UNMARKED_MISS`): as good as the best by value, it did what a player without the skill does, where
    a move as good did not.  A skill the position tested is as hard as the share of moves that fail it
    (:func:`share_difficulty`); another, :data:`GAME_MOVE_DIFFICULTY`."""
    pos = SeatView.of(move.ply.before, seat).position()
    moves = pos.generate()
    fails = failing(pos, moves)
    shares = shares_of(fails, len(moves))
    played, best = moves.index(move.ply.move), moves.index(move.best.move)
    missed = [skill for skill, failed in fails.items() if failed[played] and not failed[best]]
    if mark is not None:
        assert move.grade is not None
        named = reason_skills(why.code for why in mark.reasons)
        skills = [skill for skill in named if skill in missed]
        return [Evidence(piece.skill, 0.0, piece.weight, _difficulty(shares, piece.skill))
                for piece in shared(skills or named, 0.0, GAME_MOVE_DIFFICULTY, GRADE_WEIGHTS[move.grade])
                ] if named else []
    passed = {**shown(pos, move.ply.move, moves),
              **{skill: share for skill, share in shares.items() if not fails[skill][played]}}
    return ([Evidence(skill, 1.0, share, share_difficulty(share)) for skill, share in passed.items()]
            + [Evidence(skill, 0.0, shares[skill] * UNMARKED_MISS, share_difficulty(shares[skill]))
               for skill in missed])


def _difficulty(shares: dict[str, float], skill: str) -> float:
    return share_difficulty(shares[skill]) if skill in shares else GAME_MOVE_DIFFICULTY


def round_evidence(review: RoundReview, seed: int) -> dict[str, list[Evidence]]:
    """Every reviewed move's evidence, keyed ``seed/ply`` (the deal's seed, the ply's index); none of a move
    played after the learner asked the advisor (set apart: :attr:`RoundReview.own`): chosen with the advice known,
    it is not theirs."""
    marks = {m.review.index: m for m in review.marks}
    found = {f"{seed}/{move.index}": move_evidence(move, marks.get(move.index), review.seat) for move in review.own}
    return {ref: evidence for ref, evidence in found.items() if evidence}
