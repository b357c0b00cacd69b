"""Judging moves against a goal: every legal move valued exactly, the best ones named.

Goals:

- ``cards``: table cards the move takes;
- ``points``: round points it takes at once (point cards and aces, the card
  played included; spade points in that variant; a sweep);
- ``sweep``: 1 for a sweep;
- ``card:CODE``: 1 when it takes that table card;
- ``safe``: two values, minus the most round points the next player can then
  take from the table with one move (point cards, spade points, a sweep; not
  the card played), and minus the most table cards; points decide, cards
  break ties.  Each is the worst
  case over every hand the next player may hold: its known cards and, for
  each hidden one, any card the mover cannot see (see :func:`trial_hands`);
- ``deal``: the exact value of playing to the end of the round (every hand
  known, stock empty; see :mod:`tutor.core.search`);

Goals join with commas into a tie-break order: ``points,cards`` ranks by
points, then cards.  ``deal`` stands alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from mypy_extensions import mypyc_attr

from .cards import RANKS, Card
from .frozen import pickled_by_constructor
from .movegen import build_key, hand_moves
from .moves import Move
from .position import Position
from .rules import holding_applies
from .scoring import round_margin
from .search import Share, Unfinished, solve_deal
from .text import excerpt, nearest

GOAL_NAMES = ("cards", "points", "sweep", "safe", "card:CODE", "deal")


class GoalError(ValueError):
    """A goal the solver does not know; ``code`` and ``params`` say the same as the (English) message as data,
    for words in another language (``files.goal_<code>``)."""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Criterion:
    """One goal of a tie-break order: a name and, for ``card:CODE``, the card."""

    name: str
    card: Card | None = None

    @property
    def width(self) -> int:
        """How many values the criterion gives a move: two for ``safe`` (points, cards), else one."""
        return 2 if self.name == "safe" else 1

    def __str__(self) -> str:
        return f"card:{self.card}" if self.card is not None else self.name


@dataclass(frozen=True)
class Goal:
    """What moves are judged by: criteria in tie-break order."""

    criteria: tuple[Criterion, ...]

    @classmethod
    def from_str(cls, text: str) -> Goal:
        """The goal ``text`` names."""
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if not parts:
            raise GoalError(f"no goal given; goals are: {', '.join(GOAL_NAMES)}", "none", goals=GOAL_NAMES)
        criteria = tuple(_criterion(p, text) for p in parts)
        if len(criteria) > 1 and any(c.name == "deal" for c in criteria):
            raise GoalError("the deal goal takes no tie-break: it already plays the round to its end", "deal_tie_break")
        return cls(criteria)

    @property
    def name(self) -> str:
        """The first criterion's name (``card`` for ``card:CODE``)."""
        return self.criteria[0].name

    @property
    def is_deal(self) -> bool:
        return self.name == "deal"

    def split(self, values: tuple[int, ...]) -> list[tuple[int, ...]]:
        """A move's values (:attr:`Judged.values`), criterion by criterion."""
        out = []
        for c in self.criteria:
            out.append(values[: c.width])
            values = values[c.width :]
        return out

    def __str__(self) -> str:
        return ",".join(str(c) for c in self.criteria)


def _criterion(part: str, text: str) -> Criterion:
    """The criterion ``part`` names, in any case; a refusal quotes it as written."""
    name = part.lower()
    if name.startswith("card:"):
        try:
            return Criterion("card", Card.from_str(part[5:]))
        except ValueError:
            raise GoalError(f"goal '{excerpt(text)}': '{excerpt(part[5:])}' is not a card; for example card:10D",
                            "no_card", goal=excerpt(text), card=excerpt(part[5:])) from None
    named = ("cards", "points", "sweep", "safe", "deal")
    if name in named:
        return Criterion(name)
    near = nearest(name, named)
    raise GoalError(f"unknown goal '{excerpt(part)}'{f' (did you mean {near}?)' if near else ''}; goals are: "
                    f"{', '.join(GOAL_NAMES)} (join several with commas)",
                    "unknown", goal=excerpt(part), goals=GOAL_NAMES, near=near)


@dataclass(frozen=True)
class Judged:
    """One legal move, its values for the goal (criterion by criterion, see :meth:`Goal.split`),
    and for ``deal`` the best line."""

    move: Move
    values: tuple[int, ...]
    line: tuple[Move, ...] = ()

    @property
    def value(self) -> int:
        return self.values[0]


@mypyc_attr(allow_interpreted_subclasses=True)  # tutor.teaching.advised.AdvisedRanking, when mypyc compiles this
@dataclass(frozen=True)
class Ranking:
    """Every legal move valued for a goal, best first; ``best`` are all the optimal ones."""

    goal: Goal
    moves: tuple[Judged, ...]
    nodes: int
    unfinished: tuple[Unfinished, ...] = ()
    """Moves a stopped ``deal`` search did not value, with the bounds it proved."""
    over: int | None = None
    """For ``deal`` where the round is over (no move left): its value as it ended."""

    @property
    def complete(self) -> bool:
        """Whether every legal move was valued."""
        return not self.unfinished

    @property
    def value(self) -> int | None:
        """The best move's value; with no move, a finished round's for ``deal``, else None (no move to judge)."""
        return self.moves[0].value if self.moves else self.over

    @property
    def best(self) -> tuple[Move, ...]:
        if not self.moves:
            return ()
        top = self.moves[0].values
        return tuple(j.move for j in self.moves if j.values == top)

    def judged(self, move: Move) -> Judged:
        return next(j for j in self.moves if j.move == move)


def move_points(pos: Position, move: Move) -> int:
    """Round points this move takes at once: point cards, spade points, a sweep."""
    if move.kind != "capture":
        return 0
    return pos.variant.card_points[move.card] + table_points(pos, move)


def table_points(pos: Position, move: Move) -> int:
    """Round points this move takes from the table: :func:`move_points` but for the card played."""
    if move.kind != "capture":
        return 0
    v = pos.variant
    card_points = v.card_points
    points = 0
    for c in move.loose:
        points += card_points[c]
    for b in move.builds:
        for c in b.cards:
            points += card_points[c]
    if pos.is_sweep(move):
        points += v.sweep_points
    return points


def unseen_cards(pos: Position) -> list[Card]:
    """Cards of the deck that the mover cannot see: hidden hands, the unknown stock, and
    cards taken this round when the position does not list them."""
    assert pos.captured is not None and pos.stock is not None
    seen = set(pos.table_cards()) | set(pos.stock)
    for hand in pos.hands:
        seen.update(hand)
    for pile in pos.captured:
        seen.update(pile)
    return [c for c in pos.variant.deck_cards if c not in seen]


@dataclass(frozen=True)
class Exposure:
    """The most the next player can take from the table with one move: round points, and cards.

    Each is its own worst case, over every hand the next player may hold and
    every capture of that hand: the two may come from different captures.  The
    points are those of the cards taken and of a sweep, not of the card played:
    that card is the next player's whatever the mover does.
    """

    points: int
    cards: int


NOTHING = Exposure(0, 0)


def exposure_after(pos: Position, move: Move) -> Exposure:
    """What the next player can take once the mover has played ``move``.

    Nothing when no opponent plays next in this deal: the round is over, the
    other hands are empty (a new deal's cards are not known yet), or the turn
    comes back to the mover's side.
    """
    side = pos.side_of(pos.to_move)
    pos.push(move)
    try:
        seat = pos.to_move
        if pos.is_round_over() or pos.side_of(seat) == side or not pos.hand_size(seat):
            return NOTHING
        return most_taken(pos, seat)
    finally:
        pos.pop()


def most_taken(pos: Position, seat: int) -> Exposure:
    """The most points and table cards ``seat`` (to move) can take with one move, whatever it holds."""
    points = cards = 0
    known, hidden = pos.hands[seat], pos.hidden_counts[seat]
    hands = trial_hands(pos, seat)
    try:
        pos.hidden_counts[seat] = 0
        for hand in hands:
            pos.hands[seat] = hand
            for m in hand_moves(pos, others=False):
                points = max(points, table_points(pos, m))
                cards = max(cards, len(m.captured_cards()))
    finally:
        pos.hands[seat] = known
        pos.hidden_counts[seat] = hidden
    return Exposure(points, cards)


def trial_hands(pos: Position, seat: int) -> list[list[Card]]:
    """Hands whose captures, together, are exactly those of every hand ``seat`` may hold.

    The seat holds its known cards and as many unseen ones as it hides.  Whether
    a capture is legal depends on the rest of the hand only through the holding
    rule (rules.md 4.1), and another card in the hand never makes it illegal.
    So the cards that hold none of the seat's builds (most of them) are tried
    together in one hand, beside as many holders of those builds as a hand has
    room for; a holder is tried in hands of its own.  Of holders that hold the
    same builds, only as many are tried as they hold builds (a card holds one).
    Each capture found is one of a hand the seat may hold (its holding cards
    fit in the hand's size), and every such capture is found: the values are
    exact, not bounds.
    """
    known, hidden = pos.hands[seat], pos.hidden_counts[seat]
    if not hidden:
        return [known] if known else []
    unseen = unseen_cards(pos)
    v = pos.variant
    own = {build_key(b) for b in pos.builds if b.owner == seat} if holding_applies(v) else set()
    holders = [c for c in unseen if own.intersection(v.holding_keys[c])]
    plain = [c for c in unseen if not own.intersection(v.holding_keys[c])]
    hands = [[*known, *held, *plain] for held in _holdings(pos, holders, own, hidden - 1)]
    if holders:  # a known card may have all the hidden ones to hold with
        hands += [[*known, *held] for held in _holdings(pos, holders, own, hidden)]
    for card in holders:
        others = [c for c in holders if c != card]
        hands += [[*known, card, *held] for held in _holdings(pos, others, own, hidden - 1)]
    return [hand for hand in hands if hand]


def _holdings(pos: Position, holders: list[Card], own: set[int], room: int) -> list[tuple[Card, ...]]:
    """The largest sets of at most ``room`` holders that differ in what they can hold."""
    if room <= 0:
        return [()]
    useful: list[Card] = []
    kept: dict[frozenset[int], int] = {}
    for card in holders:
        holds = frozenset(own.intersection(pos.variant.holding_keys[card]))
        if kept.get(holds, 0) < len(holds):
            kept[holds] = kept.get(holds, 0) + 1
            useful.append(card)
    if len(useful) <= room:
        return [tuple(useful)]
    return list(combinations(useful, room))


def move_values(pos: Position, move: Move, criterion: Criterion) -> tuple[int, ...]:
    """The move's values for one single-move criterion (two for ``safe``, else one)."""
    name = criterion.name
    if name == "safe":
        exposed = exposure_after(pos, move)
        return -exposed.points, -exposed.cards
    if name == "cards":
        return (len(move.captured_cards()),)
    if name == "points":
        return (move_points(pos, move),)
    if name == "sweep":
        return (int(pos.is_sweep(move)),)
    assert criterion.card is not None
    return (int(criterion.card in move.captured_cards()),)


def rank_moves(pos: Position, goal: Goal, share: Share | None = None, stop: Callable[[], bool] | None = None) -> Ranking:
    """Value every legal move for ``goal`` and sort them, best first (ties in generation
    order; for ``deal``, in the search's order).

    A long ``deal`` search shares its work through ``share``, and ends early when ``stop``
    says so, its ranking then not :attr:`~Ranking.complete` (see :func:`solve_deal`).
    """
    if goal.is_deal:
        solution = solve_deal(pos, share=share, stop=stop)
        judged = [Judged(lv.move, (lv.value,), lv.line) for lv in solution.moves]
        over = round_margin(pos, pos.side_of(pos.to_move)) if pos.is_round_over() else None
        return Ranking(goal, tuple(judged), solution.nodes, solution.unfinished, over)
    moves = pos.generate()
    judged = [Judged(m, tuple(v for c in goal.criteria for v in move_values(pos, m, c))) for m in moves]
    judged.sort(key=lambda j: tuple(-v for v in j.values))
    return Ranking(goal, tuple(judged), len(moves))


def forgetting(pos: Position, ranks: frozenset[str] | None = None) -> Position:
    """``pos`` as a seat reads it that forgets the cards taken this round (of ``ranks`` only, when given): they are
    no longer listed, so to :func:`unseen_cards` the next player may hold any of them."""
    assert pos.captured is not None
    forgetful = pos.copy()
    forgetful.captured = [[c for c in pile if ranks is not None and c.rank not in ranks] for pile in pos.captured]
    return forgetful


def counting_decides(pos: Position, ranking: Ranking) -> bool:
    """Whether counting the cards taken decides the answer: ``ranking`` (of ``pos``) is for goal ``safe``, and
    none of its best moves is best when the cards taken this round are read as unseen too, as by a seat that
    forgets them (:func:`forgetting`)."""
    assert pos.captured is not None
    if ranking.goal.name != "safe" or not any(pos.captured):
        return False
    return not set(ranking.best) & set(rank_moves(forgetting(pos), ranking.goal).best)


def counted_ranks(pos: Position, ranking: Ranking) -> tuple[str, ...]:
    """The ranks whose count makes a best move of ``ranking`` (goal ``safe``) safe: no card of the rank is unseen,
    some are among the cards taken this round, and with those alone forgotten (:func:`forgetting`) a best move
    would leave the next player more (a worse ``safe`` value)."""
    assert pos.captured is not None and ranking.goal.name == "safe"
    unseen = {c.rank for c in unseen_cards(pos)}
    taken = {c.rank for pile in pos.captured for c in pile}
    safe = ranking.goal.criteria[0]
    found = []
    for rank in (r for r in RANKS if r in taken and r not in unseen):
        forgetful = forgetting(pos, frozenset({rank}))
        if any(move_values(forgetful, m, safe) != move_values(pos, m, safe) for m in ranking.best):
            found.append(rank)
    return tuple(found)


pickled_by_constructor(Criterion, Goal, Judged, Ranking, Exposure)  # compiled by mypyc, see tutor.core.frozen
