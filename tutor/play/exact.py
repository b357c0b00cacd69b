"""The exact lines of a last-deal mark: what follows the better move and the move played, by the solver.

In the last deal (the stock empty) the learner can tell every card when the
cards they cannot see can lie only one way (:func:`tutor.play.worlds.one_way`:
with two players, the other hand is every card not yet seen).  The advisor
then values each move exactly by :func:`tutor.core.search.solve_deal`, as long
as the hands hold at most :data:`~tutor.play.advisor.EXACT_CARDS` cards; the
solver's best line after each move is what makes its value.

The solver's line is one of the best; others may be worth as much.  After the
move played, the line follows the round's own moves as long as each of them
is among the best, so that it shows what the learner saw where the game went
a best way (and never a line the game contradicts for no reason).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.search import LineValue, solve_deal

from .advisor import EXACT_CARDS
from .worlds import one_way, sampled_worlds


@dataclass(frozen=True)
class ExactLines:
    """The solver's lines in ``world`` (``pos`` with every card where the learner can tell it is): after the
    ``better`` move and after the ``played`` one, each starting with its move and played to the round's end."""

    world: Position
    better: LineValue
    played: LineValue


def exact_world(pos: Position) -> Position | None:
    """``pos`` (a seat's view) with every card where the learner can tell it is, or None where its value is not
    exact: before the last deal, with cards that could lie more than one way, or too many to search."""
    cards = sum(len(hand) for hand in pos.hands) + sum(pos.hidden_counts)
    if pos.stock_size or not one_way(pos) or cards > EXACT_CARDS[pos.players]:
        return None
    [world] = sampled_worlds(pos, 1, 0)
    return world


def exact_lines(pos: Position, better: Move, played: Move, then: Sequence[Move] = ()) -> ExactLines | None:
    """The lines after ``better`` and ``played`` in ``pos`` (a seat's view), or None where the value is not
    exact (:func:`exact_world`); ``then``: the moves the round went on with after ``played``, which its line
    follows while they are among the best (:func:`followed`)."""
    world = exact_world(pos)
    if world is None:
        return None
    lines = solved_lines(world)
    return ExactLines(world, lines[better], followed(world, lines[played], then))


def followed(world: Position, line: LineValue, then: Sequence[Move]) -> LineValue:
    """``line`` (a best line of ``world`` after its first move) with the moves ``then`` in place of the solver's
    for as long as each is among the best of its position: still a best line, of the same value.

    With three sides the others play against the mover of ``world`` (:func:`~tutor.core.search.solve_deal`), and
    a move best for another side itself need not be worst for the mover's: there the line leaves the round at the
    first move of another side's that is not the solver's."""
    pos, moves = world.copy(), [line.move]
    side = world.side_of(world.to_move)
    pos.push(line.move)
    rest = line.line[1:]
    for move in then:
        if not rest:
            break
        if move != rest[0]:
            if pos.sides > 2 and pos.side_of(pos.to_move) != side:
                break
            solved = solve_deal(pos).moves
            rest = next((lv.line for lv in solved if lv.move == move and lv.value == solved[0].value), ())
            if not rest:  # the game left the best moves here: the solver's line goes on from this position
                rest = solved[0].line
                break
        pos.push(move)
        moves.append(move)
        rest = rest[1:]
    return replace(line, line=(*moves, *rest))


def solved_lines(world: Position) -> dict[Move, LineValue]:
    """Every legal move of ``world`` (every card known, the last deal) with the solver's line after it."""
    return {lv.move: lv for lv in solve_deal(world).moves}
