"""Exact play to the end of the round: the ``deal`` goal.

With every hand known and the stock empty, :func:`solve_deal` gives the
game-theoretic value of every legal move: both sides choose best to the end of
the round, and the round is counted exactly as :func:`~tutor.core.scoring.score_round`
counts it.  The value is the mover's side's round points minus the best other
side's; with three players the other two play against the mover.

The search is alpha-beta (fail-soft) driven by MTD(f) null-window searches,
with a transposition table keyed on what can still change the result (cards
that differ only in an irrelevant suit count as one), the table's best move
tried first and captures ordered by what they take.  (Cutting on the points
still available was tried and measured: the bounds are too loose, since any
remaining play may sweep, and cost more than they saved.)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, Card
from .moves import Move
from .position import Position
from .scoring import round_points

INF = 10_000


class SearchError(ValueError):
    """The position cannot be searched exactly (unknown cards)."""


@dataclass(frozen=True)
class LineValue:
    """A root move, its exact value, and the best play that follows (starting with it)."""

    move: Move
    value: int
    line: tuple[Move, ...]


@dataclass(frozen=True)
class DealSolution:
    """Every legal move valued exactly, best first; ``nodes`` positions searched."""

    moves: tuple[LineValue, ...]
    nodes: int

    @property
    def value(self) -> int | None:
        return self.moves[0].value if self.moves else None

    @property
    def best(self) -> tuple[LineValue, ...]:
        return tuple(m for m in self.moves if m.value == self.value)


class _Search:
    def __init__(self, pos: Position) -> None:
        assert pos.captured is not None
        self.pos = pos
        self.root_side = pos.side_of(pos.to_move)
        self.tt: dict[tuple[object, ...], tuple[int, int, Move | None]] = {}
        self.nodes = 0
        self.move_lists: dict[tuple[object, ...], list[Move]] = {}
        v = pos.variant
        self.variant = v
        self.card_points = v.card_points
        self.round_points = round_points(v)
        # Cards that differ only in a suit the rules and the scoring ignore are
        # interchangeable: the key counts cards per class (three bits a class).
        classes: dict[tuple[int, bool, int], int] = {}
        self.weight = [
            1 << 3 * classes.setdefault((c.rank_index, c.suit == "S", self.card_points[c]), len(classes))
            for c in ALL_CARDS
        ]
        self.per_seat_state = v.instant_limit is not None
        self.side_of = [pos.side_of(s) for s in range(pos.players)]
        # per side: cards taken, spades taken, points of the cards taken
        self.taken = [[0, 0, 0] for _ in range(pos.sides)]
        for seat, pile in enumerate(pos.captured):
            self._count(seat, pile, 1)

    def _count(self, seat: int, cards: list[Card], sign: int) -> None:
        stats = self.taken[self.side_of[seat]]
        stats[0] += sign * len(cards)
        stats[1] += sign * sum(1 for c in cards if c % 4 == 0)
        stats[2] += sign * sum(self.card_points[c] for c in cards)

    def push(self, move: Move) -> list[int]:
        """Play a move, keeping the per-side counts; returns what :meth:`pop` needs."""
        pos = self.pos
        assert pos.captured is not None
        lengths = [len(p) for p in pos.captured]
        pos.push(move)
        for seat, n in enumerate(lengths):
            pile = pos.captured[seat]
            if len(pile) > n:
                self._count(seat, pile[n:], 1)
        return lengths

    def pop(self, lengths: list[int]) -> None:
        pos = self.pos
        assert pos.captured is not None
        for seat, n in enumerate(lengths):
            pile = pos.captured[seat]
            if len(pile) > n:
                self._count(seat, pile[n:], -1)
        pos.pop()

    # ---- evaluation ----------------------------------------------------------

    def totals(self) -> list[int]:
        """Round points per side from the running counts (what score_round totals)."""
        pos, v = self.pos, self.variant
        assert pos.sweeps is not None and pos.penalties is not None
        taken = self.taken
        totals = [t[2] for t in taken]
        for index, points in ((0, v.most_cards), (1, v.effective_most_spades)):
            if points:
                counts = [t[index] for t in taken]
                top = max(counts)
                if counts.count(top) == 1:
                    totals[counts.index(top)] += points
        if v.skunk == "bonus" and self.round_points in totals:
            totals[totals.index(self.round_points)] += 1
        for seat in range(pos.players):
            side = self.side_of[seat]
            totals[side] += pos.sweeps[seat] * v.sweep_points - pos.penalties[seat] * v.default_penalty
        return totals

    def terminal(self) -> int:
        totals = self.totals()
        mine = totals[self.root_side]
        return mine - max(t for s, t in enumerate(totals) if s != self.root_side)

    def key(self) -> tuple[object, ...]:
        pos = self.pos
        assert pos.sweeps is not None and pos.penalties is not None
        weight = self.weight
        hands = tuple(sum([weight[c] for c in h]) for h in pos.hands)
        loose = sum([weight[c] for c in pos.loose])
        builds = tuple(sorted((sum([weight[c] for c in b.cards]), b.value, b.owner) for b in pos.builds))
        taken = tuple(tuple(t) for t in self.taken)
        last = None if pos.last_capturer is None else self.side_of[pos.last_capturer]
        seats = (tuple(pos.sweeps), tuple(pos.penalties)) if self.per_seat_state else None
        if not seats and (pos.variant.sweep_points or pos.variant.default_penalty):
            seats = (tuple(self._per_side(pos.sweeps)), tuple(self._per_side(pos.penalties)))
        return (pos.to_move, hands, loose, builds, last, taken, seats)

    def _per_side(self, per_seat: list[int]) -> list[int]:
        out = [0] * len(self.taken)
        for seat, n in enumerate(per_seat):
            out[self.side_of[seat]] += n
        return out

    # ---- search --------------------------------------------------------------

    def moves(self) -> list[Move]:
        """The legal moves here that lead to different positions up to interchangeable cards.

        Generated once per exact table and hand (searches revisit them).  Two
        moves that play cards of one class and take or use cards of the same
        classes lead to positions of equal value, so only the first is kept.
        """
        pos = self.pos
        key = (pos.to_move, tuple(pos.hands[pos.to_move]), tuple(pos.loose), tuple(pos.builds))
        moves = self.move_lists.get(key)
        if moves is None:
            weight = self.weight
            distinct: dict[tuple[object, ...], Move] = {}
            for m in pos.generate():
                sig = (weight[m.card], m.kind, m.value, sum([weight[c] for c in m.loose]), m.builds)
                distinct.setdefault(sig, m)
            moves = self.move_lists[key] = list(distinct.values())
        return list(moves)

    def ordered(self, moves: list[Move], first: Move | None) -> list[Move]:
        """The table's best move first, then captures (most points and cards first), builds, trails."""
        point_of = self.card_points

        def priority(m: Move) -> int:
            if m.kind == "capture":
                return -(1000 + 100 * (sum([point_of[c] for c in m.loose]) + point_of[m.card]) + 10 * len(m.loose) + 50 * len(m.builds))
            return 0 if m.kind == "trail" else -500

        moves.sort(key=priority)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def search(self, alpha: int, beta: int) -> int:
        """The value of the position for the root side, fail-soft within (alpha, beta)."""
        self.nodes += 1
        pos = self.pos
        if not any(pos.hands) or (self.per_seat_state and pos.limit_reached()):
            return self.terminal()
        key = self.key()
        entry = self.tt.get(key)
        best_move = None
        if entry is not None:
            lower, upper, best_move = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        start_alpha, start_beta = alpha, beta
        maximizing = pos.side_of(pos.to_move) == self.root_side
        best = -INF if maximizing else INF
        for move in self.ordered(self.moves(), best_move):
            undo = self.push(move)
            value = self.search(alpha, beta)
            self.pop(undo)
            if maximizing:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                break
        lower, upper = (entry[0], entry[1]) if entry is not None else (-INF, INF)
        if best <= start_alpha:
            upper = min(upper, best)
        elif best >= start_beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.tt[key] = (lower, upper, best_move)
        return best

    def exact(self, guess: int) -> int:
        """The exact value by MTD(f): null-window searches from ``guess``."""
        lower, upper = -INF, INF
        g = guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self.search(beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def line(self, value: int) -> list[Move]:
        """The best play from here, given the position's exact value."""
        pos = self.pos
        if pos.is_round_over():
            return []
        for move in self.ordered(pos.generate(), self.tt.get(self.key(), (0, 0, None))[2]):
            undo = self.push(move)
            if self.search(value - 1, value + 1) == value:
                rest = self.line(value)
                self.pop(undo)
                return [move, *rest]
            self.pop(undo)
        raise AssertionError("no move reaches the position's value")


def solve_deal(pos: Position) -> DealSolution:
    """Every legal move of ``pos`` with its exact round value and best line, best first."""
    if any(pos.hidden_counts) or pos.stock_size:
        raise SearchError("the deal goal needs every hand known and the stock empty")
    search = _Search(pos)
    results = []
    guess = 0
    for move in search.ordered(pos.generate(), None):
        undo = search.push(move)
        value = search.exact(guess)
        line = search.line(value)
        search.pop(undo)
        results.append(LineValue(move, value, (move, *line)))
        guess = value
    results.sort(key=lambda r: -r.value)
    return DealSolution(tuple(results), search.nodes)
