"""Which positions make puzzles: the best answer clearly better than the next, not obvious, and few.

:func:`rejection` applies the rules of ``docs/generator.md`` to a position
and the solver's ranking of its moves for one goal, in this order; the first
three need no ranking (:func:`rejection_before`):

- ``one_card``: the mover holds a single card, so there is no card to choose;
- ``only_capture``: there is a single capture to make (if the answer takes anything, it is that);
- ``one_capturer``: several captures, all by one card of the hand;
- ``small_gap``: the best move is not :data:`GAPS` better than every other;
- ``too_many_best``: more than :data:`MAX_BEST` moves are best;
- ``grab``: a move taking the most table cards now (the obvious grab) is best (but for a sweep mined as one);
- ``obvious``: a capture goal, and the simple capture worth the most (:func:`obvious_moves`) is best;
- ``sweep_alone``: mined for ``sweep``, goal ``points``, and the answer's points are its sweep's alone: the goal
  would say "sweep" (``cards`` is tried next, as the hand-written sweeps without a point card ask).

The drafting and the runner add ``no_theme`` (the position does not show
the theme asked for), ``too_hard`` (rated above the run's ``--max-rating``), ``unsound`` (a ``safe``, ``points`` or ``cards``
answer surely loses the review's margin against the advisor's best move from
the learner's view, :mod:`tutor.teaching.soundness`), ``unproved`` (the
checker refuses the draft) and ``near_duplicate`` (:func:`likeness`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Ranking, move_points

from .difficulty import capturing_cards, grab_moves
from .facts import capture_shape, gap
from .plans import CAPTURE_GOALS

GAPS: dict[str, int] = {"cards": 2, "points": 1, "sweep": 1, "safe": 1, "deal": 2}
"""How much better than every other move the best must be, in the goal's unit
(cards, points, a sweep, what the next player can take: points, else cards; round points)."""

MAX_BEST = 2
"""Most best moves a puzzle may have: each is listed in its solution."""

REJECTIONS = ("one_card", "only_capture", "one_capturer", "small_gap", "too_many_best", "grab", "obvious",
              "sweep_alone", "no_theme", "too_hard", "unsound", "short_line", "unproved", "near_duplicate")
"""Every reason a draft is rejected for, in the order the rules are applied."""


def rejection_before(pos: Position, moves: Sequence[Move]) -> str | None:
    """The rules read off the legal moves alone, before any goal: ``one_card``, ``only_capture``, ``one_capturer``."""
    if len(pos.hands[pos.to_move]) < 2:
        return "one_card"
    if sum(m.is_capture for m in moves) < 2:
        return "only_capture"
    if len(capturing_cards(moves)) < 2:
        return "one_capturer"
    return None


def rejection(pos: Position, ranking: Ranking, theme: str | None = None) -> str | None:
    """Why this position makes no puzzle for the ranking's goal (a code of :data:`REJECTIONS`), or None to keep it.

    Mined for ``theme`` ``sweep``, a best grab is no reason when every best move sweeps: a capture that clears
    the table is always the biggest, and seeing it is the skill; ``obvious`` still refuses a sweep a glance
    finds (a lone pair, sum of two or build that is the whole table), and ``sweep_alone`` goal ``points`` where the
    sweep is all the answer scores."""
    moves = [j.move for j in ranking.moves]
    early = rejection_before(pos, moves)
    if early is not None:
        return early
    goal = ranking.goal.name
    found = gap(ranking)
    if found is None or found < GAPS[goal]:
        return "small_gap"
    best = ranking.best
    if len(best) > MAX_BEST:
        return "too_many_best"
    sweeps = theme == "sweep" and all(pos.is_sweep(m) for m in best)
    if not sweeps and any(m in best for m in grab_moves(pos, moves)):
        return "grab"
    if goal in CAPTURE_GOALS and any(m in best for m in obvious_moves(pos, ranking)):
        return "obvious"
    if sweeps and goal == "points" and all(move_points(pos, m) <= pos.variant.sweep_points for m in best):
        return "sweep_alone"
    return None


def obvious_moves(pos: Position, ranking: Ranking) -> list[Move]:
    """For a capture goal, the simple captures (one pair, one sum of two cards, or one build) worth the most."""
    simple = [j for j in ranking.moves if j.move.is_capture and capture_shape(pos, j.move).simple]
    top = max((j.values for j in simple), default=None)
    return [j.move for j in simple if j.values == top]


def likeness(pos: Position, best: tuple[Move, ...], goal: str) -> tuple[tuple[object, ...], ...]:
    """Two keys of the puzzle's idea; a puzzle sharing either with one already kept is a near-duplicate.

    The cards as ranks (the hand's and the table's, suits ignored), and for an
    answer that takes, builds, raises or adds, the answer as ranks: the card
    played, the cards it takes or joins, the value it makes.
    """
    hand = _ranks(pos.hands[pos.to_move])
    table = _ranks(pos.loose), tuple(sorted(_ranks(b.cards) for b in pos.builds))
    keys: list[tuple[object, ...]] = [("cards", goal, pos.players, hand, table)]
    answers = sorted((m.kind, m.card.rank, _ranks((*m.loose, *(c for b in m.builds for c in b.cards))), m.value)
                     for m in best if m.kind != "trail")
    if answers:
        keys.append(("answer", goal, pos.players, tuple(answers)))
    return tuple(keys)


def _ranks(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(sorted(c.rank for c in cards))
