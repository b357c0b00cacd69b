"""The search itself: alpha-beta (fail-soft) driven by MTD(f), and each root move's value and best line."""

from __future__ import annotations

from collections.abc import Callable
from itertools import count
from operator import add

from ..cards import ALL_CARDS, SPADE, Card
from ..moves import Move
from ..position import Position
from ..rules import face_takes_one
from ..scoring import round_points
from .bounds import Bounds
from .limits import MOVE_LISTS_KEPT, POSITIONS_KEPT, STOP_EVERY, SearchStopped
from .results import LineValue
from .state import RANK, State, Table

INF = 10_000


class Search(Bounds):
    """The search of one position: its tables, move lists and transposition table."""

    def __init__(
        self, pos: Position, positions_kept: int = POSITIONS_KEPT, move_lists_kept: int = MOVE_LISTS_KEPT,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        v = pos.variant
        self.stop = stop
        self.stopped = False  # once stopped, the search's own bookkeeping is left half done: it searches no more
        self.pos = pos.copy()  # a scratch position, set to a node only to generate its moves
        self.variant = v
        self.players = pos.players
        self.sides = pos.sides
        self.root_side = pos.side_of(pos.to_move)
        self.side_of = [pos.side_of(s) for s in range(pos.players)]
        self.maximizing = [side == self.root_side for side in self.side_of]
        self.card_points = v.card_points
        self.round_points = round_points(v)
        self.limit = v.instant_limit is not None
        self.linear = self.sides == 2 and v.skunk != "bonus"
        self.bounded = v.skunk != "bonus"  # the skunk bonus makes totals jump
        self.most_cards, self.most_spades = v.most_cards, v.effective_most_spades
        self.sweep_points = v.sweep_points
        self.penalty_duty = v.penalties  # build duty "penalty": a move may cost points
        self.penalty_points = v.default_penalty if v.penalties else 0
        self.nodes = 0
        self.tt = {}
        self.children_of = {}
        self.tables = {}
        self.sig_ids = {}  # tables up to interchangeable cards, numbered
        self.contents_of = {}
        self.sweep_facts = {}
        self.last_plays = {}
        self.positions_kept, self.move_lists_kept = positions_kept, move_lists_kept
        # numbers for tables and table signatures, never reused once the caches are emptied
        self.serials, self.sigs = count(), count()
        self.hands = [list(h) for h in pos.hands]
        self.hand_lists = {}  # the cards of a hand, by its bit mask
        self.hand_counts = {}  # what the hands hold, by their bit mask
        self.seat_mask = [sum(1 << c for c in h) for h in pos.hands]
        self.root_mask = sum(m for s, m in enumerate(self.seat_mask) if self.maximizing[s])
        # the seats after each seat in turn, the seat itself last
        self.turn = [[(seat + step) % self.players for step in range(1, self.players + 1)] for seat in range(self.players)]
        self.opponents = [side for side in range(self.sides) if side != self.root_side]
        # Cards that differ only in a suit the rules and the scoring ignore are
        # interchangeable: a key counts cards per class, in as few bits as the
        # largest class needs (two: a spade never shares a class with another suit).
        classes: dict[tuple[int, bool, int], list[Card]] = {}
        for c in ALL_CARDS:
            classes.setdefault((RANK[c], SPADE[c], self.card_points[c]), []).append(c)
        bits = max(len(members) for members in classes.values()).bit_length()
        self.weight = [0] * len(ALL_CARDS)
        for index, members in enumerate(classes.values()):
            for c in members:
                self.weight[c] = 1 << bits * index
        seat_shift = bits * len(classes)
        # shared by every move of a card (a move list's outcomes would each hold a copy)
        self.card_bit = [1 << c for c in ALL_CARDS]
        self.seat_weight = [[w << seat * seat_shift for w in self.weight] for seat in range(self.players)]
        self.deltas = {}  # score changes, one tuple each
        self.point_masks = [
            (p, sum(1 << c for c in ALL_CARDS if self.card_points[c] == p)) for p in set(self.card_points) if p
        ]
        # the cards that take a value of at least w, and the cards of each rank
        self.takes = [sum(1 << c for c in ALL_CARDS if max(v.capture_values[c], default=0) >= w) for w in range(16)]
        self.rank_mask = [sum(1 << c for c in ALL_CARDS if RANK[c] == r) for r in range(14)]
        self.capture_top = [max(v.capture_values[c], default=0) for c in ALL_CARDS]
        self.one_at_a_time = face_takes_one(v)
        self.capture_rank = [100 * self.card_points[c] + 10 for c in ALL_CARDS]  # points first, then cards

    def root(self) -> tuple[State, int]:
        """The state of the position searched, and the value banked so far (two sides)."""
        pos = self.pos
        assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
        v = self.variant
        hands = weights = 0
        for seat, hand in enumerate(pos.hands):
            for c in hand:
                hands |= 1 << c
                weights += self.seat_weight[seat][c]
        last = None if pos.last_capturer is None else self.side_of[pos.last_capturer]
        per_side = [[0, 0, 0, 0] for _ in range(self.sides)]  # cards, spades, points, sweeps less penalties
        for seat in range(self.players):
            stats = per_side[self.side_of[seat]]
            pile = pos.captured[seat]
            stats[0] += len(pile)
            stats[1] += sum(SPADE[c] for c in pile)
            stats[2] += sum(self.card_points[c] for c in pile)
            stats[3] += pos.sweeps[seat] * v.sweep_points - pos.penalties[seat] * v.default_penalty
        table = self.table(pos.loose, pos.builds)
        if self.linear:
            mine, theirs = per_side[self.root_side], per_side[1 - self.root_side]
            score = (mine[0] - theirs[0], mine[1] - theirs[1])
            return State(pos.to_move, hands, weights, table, last, score), mine[2] + mine[3] - theirs[2] - theirs[3]
        return State(pos.to_move, hands, weights, table, last, tuple(s[i] for i in range(4) for s in per_side)), 0

    def search(
        self, seat: int, hands: int, weights: int, table: Table, last: int | None, score: tuple[int, ...],
        alpha: int, beta: int,
    ) -> int:
        """The value still to come for the root side, fail-soft within (alpha, beta)."""
        self.nodes += 1
        if not self.nodes % STOP_EVERY and self.stop is not None and self.stop():
            self.stopped = True
            raise SearchStopped()
        pos = self.pos
        if not hands or (self.limit and pos.limit_reached()):
            return self.terminal(last, score, table.cards, table.spades, table.points)
        if not hands & (hands - 1) and hands & self.seat_mask[seat]:
            return self.last_play(seat, hands.bit_length() - 1, table, last, score)
        counts = self.hand_counts.get(hands) or self.count_hands(hands)
        # the key holds only what can still change the value to come
        if self.linear:
            # a count ahead by more than what is still out has decided its majority
            cards, spades = score
            out = counts.mine + counts.theirs + table.cards
            if not -out <= cards <= out:
                cards = out + 1 if cards > 0 else -out - 1
            out = counts.spades + table.spades
            if not -out <= spades <= out:
                spades = out + 1 if spades > 0 else -out - 1
            key: tuple[object, ...] = (weights, table.sig, last, cards, spades)
        else:
            key = (weights, table.sig, last, score)
        if self.limit:  # sweeps and penalties per seat decide when the round ends
            assert pos.sweeps is not None and pos.penalties is not None
            key = (*key, *pos.sweeps, *pos.penalties)
        entry = self.tt.get(key)
        best_index = 0
        if entry is not None:
            lower, upper, best_index = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        if self.bounded:
            bound = self.cut(hands, counts, table, last, score, alpha, beta)
            if bound is not None:
                return bound
        start_alpha, start_beta = alpha, beta
        maximizing = self.maximizing[seat]
        after = seat + 1 if seat + 1 < self.players else 0
        if not hands & self.seat_mask[after]:
            # the same for every move: only the mover's own hand changes, and when it
            # is left empty with every other hand, the round is over whoever is next
            after = self.following(seat, hands)
        best = -INF if maximizing else INF
        children = self.children(seat, hands, table)
        moves, outcomes = children.moves, children.outcomes
        if best_index >= len(moves):
            self.add_others(children, seat, hands, table)
        order: range | list[int] = range(len(moves))
        if best_index:
            order = [best_index, *range(best_index), *range(best_index + 1, len(moves))]
        limit, linear, search = self.limit, self.linear, self.search
        while True:  # the captures, then (unless one cuts off) the other moves
            for i in order:
                outcome = outcomes[i]
                if outcome is None:
                    outcome = outcomes[i] = self.visit(seat, hands, moves[i], table)
                next_table, gain, delta, capturer, bit, weight, sweep, penalty = outcome
                marks = limit and (sweep or penalty)
                if marks:
                    self.mark(seat, outcome, 1)
                value = gain + search(
                    after, hands ^ bit, weights - weight, next_table,
                    last if capturer is None else capturer,
                    score if delta is None else (score[0] + delta[0], score[1] + delta[1]) if linear else tuple(map(add, score, delta)),
                    alpha - gain, beta - gain,
                )
                if marks:
                    self.mark(seat, outcome, -1)
                if maximizing:
                    if value > best:
                        best, best_index = value, i
                        if value > alpha:
                            alpha = value
                elif value < best:
                    best, best_index = value, i
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    break
            else:
                if not children.complete:  # past the captures: on to the other moves
                    searched = len(moves)
                    self.add_others(children, seat, hands, table)
                    order = range(searched, len(moves))
                    continue
            break
        lower, upper = (entry[0], entry[1]) if entry is not None else (-INF, INF)
        if best <= start_alpha:
            if best < upper:
                upper = best
        elif best >= start_beta:
            if best > lower:
                lower = best
        else:
            lower = upper = best
        if len(self.tt) >= self.positions_kept:
            self.forget_positions()
        self.tt[key] = (lower, upper, best_index)
        return best

    def exact(self, state: State, guess: int) -> int:
        """The exact value still to come at ``state``, by MTD(f): null-window tests from ``guess``."""
        lower, upper = -INF, INF
        g = guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            try:
                g = self.search(*state, beta - 1, beta)
            except SearchStopped:
                raise SearchStopped(None if lower == -INF else lower, None if upper == INF else upper) from None
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def line(self, state: State, value: int) -> list[Move]:
        """The best play from ``state``, given its exact value still to come."""
        pos = self.pos
        if not state.hands or (self.limit and pos.limit_reached()):
            return []
        maximizing = self.maximizing[state.seat]
        children = self.children(state.seat, state.hands, state.table)
        self.add_others(children, state.seat, state.hands, state.table)
        for i, move in enumerate(children.moves):
            outcome = self.outcome(state, children, i)
            after = self.after(state, outcome)
            rest = value - outcome.gain
            self.mark(state.seat, outcome, 1)
            # no move is better than best: one null-window test tells whether it is as good
            if maximizing:
                found = self.search(*after, rest - 1, rest) >= rest
            else:
                found = self.search(*after, rest, rest + 1) <= rest
            line = self.line(after, rest) if found else []
            self.mark(state.seat, outcome, -1)
            if found:
                return [move, *line]
        raise AssertionError("no move reaches the position's value")

    def solve_group(self, root: State, banked: int, moves: list[Move], guess: int) -> list[LineValue]:
        """Root moves equal up to interchangeable cards, their one value found from ``guess``
        (``banked``: the value of the root state), each with its own best line.

        Stopped before the value is found, it raises :class:`SearchStopped` with the bounds
        proven; stopped while working out the lines, the lines it has not finished are the move alone.
        """
        solved: list[LineValue] = []
        value = None
        for move in moves:
            if self.stopped:
                if value is None:
                    raise SearchStopped()
                solved.append(LineValue(move, value, (move,)))
                continue
            outcome = self.visit(root.seat, root.hands, move, root.table)
            after = self.after(root, outcome)
            base = banked + outcome.gain
            self.mark(root.seat, outcome, 1)
            try:
                if value is None:
                    try:
                        value = base + self.exact(after, guess - base)
                    except SearchStopped as stop:
                        raise SearchStopped(*(None if b is None else base + b for b in (stop.lower, stop.upper))) from None
                line = self.line(after, value - base)
            except SearchStopped:
                if value is None:
                    raise
                line = []
            finally:
                self.mark(root.seat, outcome, -1)
            solved.append(LineValue(move, value, (move, *line)))
        return solved
