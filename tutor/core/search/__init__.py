"""Exact play to the end of the round: the ``deal`` goal.

With every hand known and the stock empty, :func:`solve_deal` gives the
game-theoretic value of every legal move: both sides choose best to the end of
the round, and the round is counted exactly as :func:`~tutor.core.scoring.score_round`
counts it.  The value is the mover's side's round points minus the best other
side's; with three players the other two play against the mover.

The search is alpha-beta (fail-soft) driven by MTD(f) null-window tests, with
a transposition table, the table's best move tried first and captures of points
ordered first.  It keeps its own compact state and never pushes a move on a
:class:`Position`: hands are bit masks, a table is interned once with what the
search needs to know of it, and the moves of a hand on a table are generated
once, unless forgotten (see below): the captures first, the other moves only
when the search gets past the captures; what a move leaves is worked out when
it is first searched.  Cards that differ only in a suit the rules and the scoring
ignore count as one in the key.

Bounds on what is still to come cut the search: the cards still out all going
one way or the other, and sweeps only while no card on the table is out of
reach of every hand.  With two sides (two players, or partnerships) the value
is linear in what is taken, so a move's points are banked as it is made and a
node's value is what is still to come: the key then holds no points, and card
and spade counts only as far as they can still decide a majority.  The last
card of the round is valued without playing it: whatever it does, the whole
table ends with one side.

Each root move is valued exactly in turn, the transposition table carried from
one to the next.  A long search may share out the root moves still to value
(through a :class:`Share`; :mod:`tutor.parallel.workers` shares them over helper
processes that start from what was learned so far): the values and lines are
the same, the nodes the sum of what each process searched.

Turns pass over seats whose hands are empty, as in :class:`Position` (a last
deal need not come out even).  Memory is bounded: when the transposition table
or the move lists reach their limits they are forgotten and the search goes
on, slower but still exact.

The modules, each used only by those after it:

- ``limits``: what a search keeps before it forgets, and how it is stopped;
- ``results``: what it answers;
- ``state``: its compact state (nodes, interned tables, move lists, what a move does);
- ``tables``: the interned tables, the caches keyed by them and the forgetting;
- ``movelists``: the moves at a node, generated, ordered and made;
- ``bounds``: the values at the end of the round and the bounds that cut the search;
- ``alphabeta``: the search, and the exact value and line of a root move;
- this module: :func:`solve_deal`, which values each root move in turn or shares them out.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from operator import itemgetter
from typing import Protocol, TypeVar

from ..moves import Move
from ..position import Position
from .alphabeta import Search
from .limits import MOVE_LISTS_KEPT, POSITIONS_KEPT, STOP_EVERY, SearchStopped
from .results import DealSolution, LineValue, SearchError, Unfinished

__all__ = [
    "LONG_DEAL_CARDS", "SHARE_AFTER", "STOP_EVERY", "DealSolution", "LineValue", "SearchError", "Share", "Unfinished",
    "solve_deal",
]

LONG_DEAL_CARDS = 12
"""More cards than this in the hands, and an exact deal search may take over a minute (the
benchmarks' four-player deals of 12 cards take 1.6 s at the median and a minute at worst)."""
SHARE_AFTER = 5_000
"""Nodes searched before the root moves left are shared out (starting a process costs milliseconds)."""

_T = TypeVar("_T")


class Share(Protocol):
    """Runs tasks ``0 .. tasks-1`` (``run(i)`` each), maybe in other processes: their results by task.

    ``run`` keeps its state between the tasks one process runs, and gives the same
    result wherever it runs (:func:`tutor.parallel.workers.sharing` makes one).
    """

    def __call__(self, tasks: int, run: Callable[[int], _T]) -> dict[int, _T]: ...


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The search makes many small objects that reference counting frees; the cycle
    collector would only walk its growing tables over and over (a fifth of the time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def solve_deal(
    pos: Position, positions_kept: int = POSITIONS_KEPT, move_lists_kept: int = MOVE_LISTS_KEPT, share: Share | None = None,
    stop: Callable[[], bool] | None = None,
) -> DealSolution:
    """Every legal move of ``pos`` with its exact round value and best line, best first.

    The limits bound the memory: the search forgets what it has seen when it
    has kept that many positions, or move lists, and goes on.  Given ``share``,
    a search that takes long (:data:`SHARE_AFTER` nodes) shares the root moves
    left through it: the same answer, sooner, and ``nodes`` counts the
    positions searched wherever they were.  Given ``stop``, called every :data:`STOP_EVERY`
    nodes, the search ends when it says so, with what it has proven (``unfinished``).
    """
    if any(pos.hidden_counts) or pos.stock_size:
        raise SearchError("the deal goal needs every hand known and the stock empty")
    with _no_cycle_collection():
        solution = _solve(Search(pos, positions_kept, move_lists_kept, stop), pos.generate(), share)
    played = pos.copy()
    return DealSolution(
        tuple(LineValue(m.move, m.value, _as_played(played, m.line)) for m in solution.moves), solution.nodes,
        solution.unfinished,
    )


def _as_played(pos: Position, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """``line`` as the legal moves of the positions it passes through from ``pos``.

    The search keeps a table's cards and builds in one order of its own, so a
    move it returns may list two or more cards or builds in another order than
    the same move generated on the table as it was really played.
    """
    out = []
    for move in line:
        if len(move.loose) > 1 or len(move.builds) > 1:
            same = _unordered(move)
            move = next(m for m in pos.generate() if _unordered(m) == same)
        out.append(move)
        pos.push(move)
    for _ in out:
        pos.pop()
    return tuple(out)


def _unordered(move: Move) -> tuple[object, ...]:
    """A move with its cards and builds as sets."""
    return (move.card, move.kind, move.value, frozenset(move.loose), frozenset(move.builds))


def _solve(search: Search, moves: list[Move], share: Share | None) -> DealSolution:
    """:func:`solve_deal` once the position is known to be searchable (``moves``: its legal moves)."""
    root, banked = search.root()
    groups: dict[tuple[object, ...], list[Move]] = {}  # moves equal up to interchangeable cards
    for order, move in sorted([(search.order(m), m) for m in moves], key=itemgetter(0)):
        groups.setdefault(order, []).append(move)
    todo = list(groups.values())
    guess = 0

    def run(i: int) -> tuple[list[LineValue] | Unfinished, int]:
        """Group ``i`` solved (or, the search stopped, its first move with the bounds proven), and the nodes it took."""
        nonlocal guess
        nodes = search.nodes
        try:
            solved = search.solve_group(root, banked, todo[i], guess)
        except SearchStopped as stop:
            return Unfinished(todo[i][0], stop.lower, stop.upper), search.nodes - nodes
        guess = solved[0].value
        return solved, search.nodes - nodes

    outcomes: list[list[LineValue] | Unfinished] = []
    while len(outcomes) < len(todo) and (share is None or search.nodes < SHARE_AFTER):
        outcomes.append(run(len(outcomes))[0])
    nodes = search.nodes
    done = len(outcomes)
    if share is not None and done < len(todo):
        shared = share(len(todo) - done, lambda i: run(done + i))
        for i in range(len(shared)):
            solved, used = shared[i]
            outcomes.append(solved)
            nodes += used
    results = [lv for o in outcomes if not isinstance(o, Unfinished) for lv in o]
    unfinished = [Unfinished(m, o.lower, o.upper) for o, group in zip(outcomes, todo) if isinstance(o, Unfinished)
                  for m in group]
    results.sort(key=lambda r: -r.value)
    return DealSolution(tuple(results), nodes, tuple(unfinished))
