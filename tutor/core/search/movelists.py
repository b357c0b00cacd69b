"""The moves at a node: generated once per hand and table, ordered for the search, and what each does."""

from __future__ import annotations

from operator import add

from ..cards import SPADE, Card
from ..movegen import captures_first, hand_moves
from ..moves import Move, new_tuple
from ..position import Position
from .state import MoveList, Outcome, State, Table
from .tables import Tables


class MoveLists(Tables):
    """The move lists of the search, the outcomes of their moves, and the states they lead to."""

    # with those of Tables, set by Search.__init__ (alphabeta.py)
    pos: Position
    hands: list[list[Card]]
    hand_lists: dict[int, list[Card]]
    seat_mask: list[int]
    turn: list[list[int]]
    move_lists_kept: int
    capture_rank: list[int]
    card_bit: list[int]
    seat_weight: list[list[int]]
    card_points: tuple[int, ...]
    side_of: list[int]
    root_side: int
    sides: int
    linear: bool
    sweep_points: int
    penalty_duty: bool
    penalty_points: int
    deltas: dict[tuple[int, ...], tuple[int, ...]]

    def scratch(self, seat: int, hands: int, table: Table) -> Position:
        """The scratch position set to a node, to generate its moves (of the hands, only
        the mover's counts: a player's moves never depend on another's cards)."""
        pos = self.pos
        pos.to_move = seat
        mine = hands & self.seat_mask[seat]
        hand = self.hand_lists.get(mine)
        if hand is None:
            hand = self.hand_lists[mine] = [c for c in self.hands[seat] if mine >> c & 1]
        pos.hands[seat] = hand
        pos.loose, pos.builds = table.loose, table.builds
        return pos

    def children(self, seat: int, hands: int, table: Table) -> MoveList:
        """The moves of ``seat`` that lead to different positions up to interchangeable cards:
        the captures, or every move when there is none (see :meth:`add_others`).

        Generated once per hand and exact table (unless forgotten), ordered (see :meth:`order`) by a
        key that is the same on tables equal up to interchangeable cards (the
        transposition table remembers the best move by its place).
        """
        key = (hands & self.seat_mask[seat], table.serial)
        children = self.children_of.get(key)
        if children is None:
            moves, complete = captures_first(self.scratch(seat, hands, table))
            if len(self.children_of) >= self.move_lists_kept:
                self.forget_tables()
            children = self.children_of[key] = MoveList(self.unique(moves), complete)
        return children

    def add_others(self, children: MoveList, seat: int, hands: int, table: Table) -> None:
        """Add the moves other than captures to ``children`` (they all come after the captures).
        Its lists grow in place: a search running over them sees the new moves."""
        if not children.complete:
            more = self.unique(hand_moves(self.scratch(seat, hands, table), captures=False))
            children.moves += more
            children.outcomes += [None] * len(more)
            children.complete = True

    def unique(self, moves: list[Move]) -> list[Move]:
        """One of each set of moves equal up to interchangeable cards, in order."""
        if len(moves) < 2:
            return moves
        order = self.order
        if len(moves) == 2:  # the most common list, without a dict
            first, second = moves
            a, b = order(first), order(second)
            return [first] if a == b else moves if a < b else [second, first]
        unique = {order(move): move for move in reversed(moves)}
        return [unique[k] for k in sorted(unique)]

    def order(self, move: Move) -> tuple[object, ...]:
        """The move's place in the order: captures first, of points first, then of more
        cards; builds; trails; then the move up to interchangeable cards (moves
        equal so lead to equal positions).
        """
        card, kind, value, loose, builds = move
        weight = self.weight
        if kind == "trail":
            return (0, weight[card])
        used = 0
        if kind == "capture":
            rank = self.capture_rank
            priority = -1000 - rank[card] - 50 * len(builds)
            for c in loose:
                used += weight[c]
                priority -= rank[c]
            if not builds:
                return (priority, weight[card], value, used)
            for b in builds:
                for c in b.cards:
                    priority -= rank[c]
            return (priority, weight[card], value, used, tuple(sorted([self.build_sig(b) for b in builds])))
        for c in loose:
            used += weight[c]
        return (-500, weight[card], kind, value, used, tuple(sorted([self.build_sig(b) for b in builds])))

    def visit(self, seat: int, hands: int, move: Move, source: Table) -> Outcome:
        """What ``move`` does when ``seat`` plays it on ``source`` (``hands``: the hands before it)."""
        card, kind, _, used, taken = move
        if kind == "trail":
            mask = source.mask | 1 << card
            table = (not source.builds and self.tables.get(mask)) or self.intern(
                [*source.loose, card], source.builds, mask, source.held + self.weight[card], source
            )
        else:
            mask, held, weight = source.mask, source.held, self.weight
            for c in used:
                mask ^= 1 << c
                held -= weight[c]
            if kind == "capture" and not taken:
                table = (not source.builds and self.tables.get(mask)) or self.intern(
                    [c for c in source.loose if mask >> c & 1], source.builds, mask, held, source
                )
            else:
                # the move takes its loose cards off the table, as the mask above does
                pos = self.pos
                pos.to_move, pos.loose, pos.builds = seat, source.loose, source.builds
                table = self.intern(*pos.table_after(move), mask, held)
        side = self.side_of[seat]
        capturer = None
        cards = spades = points = sweep = 0
        if kind == "capture":  # what leaves the table, and the card played
            cards = source.cards - table.cards + 1
            spades = source.spades - table.spades + SPADE[card]
            points = source.points - table.points + self.card_points[card]
            sweep = int(not table.cards)
            capturer = side
        penalty = int(self.penalty_duty and self.scratch(seat, hands, source).penalised(move))
        extra = sweep * self.sweep_points - penalty * self.penalty_points
        delta: tuple[int, ...] | None = None
        if self.linear:
            sign = 1 if side == self.root_side else -1
            gain = sign * (points + extra)
            if cards:
                delta = (sign * cards, sign * spades)
        else:
            gain = 0
            if cards or extra:
                per_side = [0] * (4 * self.sides)
                for i, n in enumerate((cards, spades, points, extra)):
                    per_side[i * self.sides + side] = n
                delta = tuple(per_side)
        if delta is not None:
            delta = self.deltas.setdefault(delta, delta)
        bit, key_weight = self.card_bit[card], self.seat_weight[seat][card]
        return new_tuple(Outcome, (table, gain, delta, capturer, bit, key_weight, sweep, penalty))

    def outcome(self, state: State, children: MoveList, i: int) -> Outcome:
        """What the ``i``-th of ``children`` (the moves at ``state``) does."""
        outcome = children.outcomes[i]
        if outcome is None:
            outcome = children.outcomes[i] = self.visit(state.seat, state.hands, children.moves[i], state.table)
        return outcome

    def after(self, state: State, outcome: Outcome) -> State:
        """The state a move leads to."""
        seat, hands, weights, _, last, score = state
        return State(
            self.following(seat, hands ^ outcome.bit), hands ^ outcome.bit, weights - outcome.weight, outcome.table,
            last if outcome.capturer is None else outcome.capturer,
            score if outcome.delta is None else tuple(map(add, score, outcome.delta)),
        )

    def following(self, seat: int, hands: int) -> int:
        """The seat whose turn follows ``seat``'s: seats with no cards left are passed over,
        as :meth:`Position.next_seat` does (a last deal need not come out even)."""
        for after in self.turn[seat]:
            if hands & self.seat_mask[after]:
                return after
        return self.turn[seat][0]

    def mark(self, seat: int, outcome: Outcome, sign: int) -> None:
        """Count the move's sweep and penalty on the scratch position (``sign`` -1 takes
        them back): under an instant limit they decide when the round ends."""
        pos = self.pos
        assert pos.sweeps is not None and pos.penalties is not None
        pos.sweeps[seat] += sign * outcome.sweep
        pos.penalties[seat] += sign * outcome.penalty
