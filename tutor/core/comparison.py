"""Explanation data: a learner's move set against the best, as facts to put into words.

Templates render these; nothing here is text a learner reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .moves import Move
from .position import Position
from .solver import Goal, Ranking, move_points
from .threat import Threat, threat_after


@dataclass(frozen=True)
class MoveFacts:
    """What one move does: its kind, what it takes, its value for the goal, the line after it."""

    move: Move
    kind: str
    taken: tuple[Card, ...]
    points: int
    sweep: bool
    values: tuple[int, ...]
    line: tuple[Move, ...]


@dataclass(frozen=True)
class Comparison:
    """A played move against the best ones for a goal.

    ``missed_cards`` are cards the first best move takes that the played one
    does not; ``missed_points`` and ``missed_sweep`` what it scores more;
    ``missed_target`` the goal's card (``card:CODE``) when the played move
    leaves it; ``value_lost`` the difference in the goal's first value.
    """

    goal: Goal
    played: MoveFacts
    best: tuple[MoveFacts, ...]
    is_best: bool
    missed_cards: tuple[Card, ...]
    missed_points: int
    missed_sweep: bool
    missed_target: Card | None
    value_lost: int

    def as_good(self, facts: MoveFacts) -> bool:
        """Whether the move of ``facts`` is just as good as the first best move: the same values (the advisor's
        in tenths, as they are shown).  The one rule for "just as good": a move the ranking accepts within a
        margin of the best (a personal puzzle's) is accepted, not as good."""
        return facts.values == self.best[0].values


def move_facts(pos: Position, move: Move, values: tuple[int, ...] = (), line: tuple[Move, ...] = ()) -> MoveFacts:
    """What ``move`` does in ``pos``; ``values`` and ``line`` come from a ranking when there is one."""
    return MoveFacts(
        move=move,
        kind=move.kind,
        taken=tuple(move.captured_cards()),
        points=move_points(pos, move),
        sweep=pos.is_sweep(move),
        values=values,
        line=line,
    )


def facts(pos: Position, ranking: Ranking, move: Move) -> MoveFacts:
    judged = ranking.judged(move)
    return move_facts(pos, move, judged.values, judged.line)


def compare(pos: Position, move: Move, ranking: Ranking) -> Comparison:
    """How ``move`` (legal in ``pos``) compares with the best moves of ``ranking``."""
    played = facts(pos, ranking, move)
    best = tuple(facts(pos, ranking, m) for m in ranking.best)
    top = best[0]
    target = ranking.goal.criteria[0].card
    return Comparison(
        goal=ranking.goal,
        played=played,
        best=best,
        is_best=move in ranking.best,
        missed_cards=tuple(c for c in top.taken if c not in played.taken),
        missed_points=max(0, top.points - played.points),
        missed_sweep=top.sweep and not played.sweep,
        missed_target=target if target is not None and target not in played.taken else None,
        value_lost=top.values[0] - played.values[0],
    )


@dataclass(frozen=True)
class Shortfall:
    """What a legal move that is not a best one falls short by, naming no best move.

    ``criterion`` is the index, in the goal's criteria, of the first one on
    which the move does worse than the best (it matches them on the earlier
    ones); ``gap`` how much more the best moves reach there (on its first
    value that differs: for ``safe``, points before cards).  ``replies``
    (goal ``deal``) are the other seats' moves that answer it on the best
    line, up to the learner's next turn.  ``threat``: when the move falls short on
    ``safe``, the worst capture it leaves the next player (None: none).
    """

    comparison: Comparison
    criterion: int
    gap: int
    replies: tuple[Move, ...]
    threat: Threat | None = None


def shortfall(pos: Position, comparison: Comparison) -> Shortfall:
    """How the played move of ``comparison`` (not a best one) in ``pos`` falls short."""
    goal = comparison.goal
    played, top = goal.split(comparison.played.values), goal.split(comparison.best[0].values)
    index = next(i for i, (mine, best) in enumerate(zip(played, top)) if mine != best)
    gap = next(best - mine for mine, best in zip(played[index], top[index]) if mine != best)
    replies: list[Move] = []
    line = comparison.played.line  # the played move, then the best play after it
    if line:
        after = pos.copy()
        after.push(line[0])
        for move in line[1:]:
            if after.to_move == pos.to_move:
                break
            replies.append(move)
            after.push(move)
    threat = threat_after(pos, comparison.played.move) if goal.criteria[index].name == "safe" else None
    return Shortfall(comparison, index, gap, tuple(replies), threat)
