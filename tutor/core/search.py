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
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import count
from operator import add, itemgetter
from typing import NamedTuple, Protocol, TypeVar

from .cards import ALL_CARDS, Card
from .movegen import captures_first, hand_moves
from .moves import Move, new_tuple
from .position import Position
from .rules import face_takes_one
from .scoring import round_points
from .table import Build

INF = 10_000
POSITIONS_KEPT = 500_000
"""Transposition entries kept before they are forgotten (about 140 MB)."""
MOVE_LISTS_KEPT = 80_000
"""Move lists kept, with the tables they lead to, before they are forgotten (about 100 MB).
Only the hardest positions reach either limit: the search then goes on, still exact."""
LONG_DEAL_CARDS = 12
"""More cards than this in the hands, and an exact deal search may take over a minute (the
benchmarks' four-player deals of 12 cards take 1.6 s at the median and a minute at worst)."""
SHARE_AFTER = 5_000
"""Nodes searched before the root moves left are shared out (starting a process costs milliseconds)."""
_SPADE = tuple(c.suit == "S" for c in ALL_CARDS)
_SPADES = sum(1 << c for c in ALL_CARDS if _SPADE[c])
_RANK = tuple(c.rank_index for c in ALL_CARDS)


_T = TypeVar("_T")


class Share(Protocol):
    """Runs tasks ``0 .. tasks-1`` (``run(i)`` each), maybe in other processes: their results by task.

    ``run`` keeps its state between the tasks one process runs, and gives the same
    result wherever it runs (:func:`tutor.parallel.workers.sharing` makes one).
    """

    def __call__(self, tasks: int, run: Callable[[int], _T]) -> dict[int, _T]: ...


class SearchError(ValueError):
    """The position cannot be searched exactly (unknown cards)."""


STOP_EVERY = 1024
"""Nodes between two calls of a search's ``stop``."""


class SearchStopped(Exception):
    """A search's ``stop`` said to stop; ``lower`` and ``upper``: what was proven of the value
    being sought when it did (None: nothing on that side)."""

    def __init__(self, lower: int | None = None, upper: int | None = None) -> None:
        super().__init__(lower, upper)
        self.lower, self.upper = lower, upper


@dataclass(frozen=True)
class Unfinished:
    """A root move a stopped search did not value: what it proved of its value (None: nothing)."""

    move: Move
    lower: int | None
    upper: int | None


@dataclass(frozen=True)
class LineValue:
    """A root move, its exact value, and the best play that follows (starting with it)."""

    move: Move
    value: int
    line: tuple[Move, ...]


@dataclass(frozen=True)
class DealSolution:
    """Every legal move valued exactly, best first; ``nodes`` positions searched.

    A search stopped early lists the moves it valued in ``moves`` and the others in ``unfinished``.
    """

    moves: tuple[LineValue, ...]
    nodes: int
    unfinished: tuple[Unfinished, ...] = ()

    @property
    def value(self) -> int | None:
        return self.moves[0].value if self.moves else None

    @property
    def best(self) -> tuple[LineValue, ...]:
        return tuple(m for m in self.moves if m.value == self.value)


_Pairs = tuple[tuple[int, int], ...]


def _exact_build(b: Build) -> tuple[tuple[Card, ...], int, int]:
    """A build as it enters a table's exact key."""
    return (b.cards, b.value, b.owner)


class _Table(NamedTuple):
    """A table as the search sees it; interned, so equal tables are one object."""

    serial: int  # with the mover's hand, the key of the move list
    loose: list[Card]
    builds: list[Build]
    mask: int  # the loose cards, a bit a card
    held: int  # the loose cards' class weights
    sig: int  # the table up to interchangeable cards
    cards: int  # cards, spades and points on it (the residue)
    spades: int
    points: int
    builds_exact: tuple[tuple[tuple[Card, ...], int, int], ...]  # its builds, as they enter its exact key
    builds_sig: tuple[tuple[int, int, int], ...]  # and up to interchangeable cards, as they enter ``sig``


class _Sweeps(NamedTuple):
    """What a table asks of the hands for a sweep to stay possible."""

    needs: _Pairs  # (cards, n): unless the hands hold n of them, nobody can sweep
    top: int  # the highest value on it
    faces: _Pairs  # (rank, n): n cards or face builds of a face rank without a value


class _Outcome(NamedTuple):
    """What a move does, worked out when it is first searched (most moves are cut off unsearched)."""

    table: _Table  # the table it leaves
    gain: int  # points banked for the root side (two sides only)
    delta: tuple[int, ...] | None  # added to the running score (None: nothing)
    capturer: int | None  # the mover's side for a capture
    bit: int  # the card's bit in the hands mask
    weight: int  # the card's class weight in the hands key
    sweep: int  # 1 for a sweep
    penalty: int  # 1 when the move costs a penalty


class _MoveList:
    """The moves of a hand on a table, in order, and what each does once searched.

    The captures are made first: they come first in the order, and most nodes
    are cut off by one of them.  The other moves are added when the search gets
    past the captures (``complete`` tells whether they are in).
    """

    __slots__ = ("complete", "moves", "outcomes")

    def __init__(self, moves: list[Move], complete: bool) -> None:
        self.moves = moves
        self.outcomes: list[_Outcome | None] = [None] * len(moves)
        self.complete = complete


class _HandCounts(NamedTuple):
    """What the hands hold: cards of the root side and of the others, spades and points."""

    mine: int
    theirs: int
    spades: int
    points: int


class _State(NamedTuple):
    """A node: seat to move, hands (a bit a card), hands key, table, last capturer's side, running score.

    The running score is (cards, spades) of the root side less the other side's
    with two sides, else cards, spades, points and sweeps less penalties, per side.
    """

    seat: int
    hands: int
    weights: int
    table: _Table
    last: int | None
    score: tuple[int, ...]


class _Search:
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
        self.tt: dict[tuple[object, ...], tuple[int, int, int]] = {}
        self.children_of: dict[tuple[int, int], _MoveList] = {}
        self.tables: dict[object, _Table] = {}
        self.sig_ids: dict[object, int] = {}  # tables up to interchangeable cards, numbered
        self.contents_of: dict[int, tuple[int, int, int]] = {}
        self.sweep_facts: dict[int, _Sweeps] = {}
        self.last_plays: dict[tuple[int, int, int], set[tuple[bool, int]]] = {}
        self.positions_kept, self.move_lists_kept = positions_kept, move_lists_kept
        # numbers for tables and table signatures, never reused once the caches are emptied
        self.serials, self.sigs = count(), count()
        self.hands = [list(h) for h in pos.hands]
        self.hand_lists: dict[int, list[Card]] = {}  # the cards of a hand, by its bit mask
        self.hand_counts: dict[int, _HandCounts] = {}  # what the hands hold, by their bit mask
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
            classes.setdefault((_RANK[c], _SPADE[c], self.card_points[c]), []).append(c)
        bits = max(len(members) for members in classes.values()).bit_length()
        self.weight = [0] * len(ALL_CARDS)
        for index, members in enumerate(classes.values()):
            for c in members:
                self.weight[c] = 1 << bits * index
        self.seat_shift = bits * len(classes)
        # shared by every move of a card (a move list's outcomes would each hold a copy)
        self.card_bit = [1 << c for c in ALL_CARDS]
        self.seat_weight = [[w << seat * self.seat_shift for w in self.weight] for seat in range(self.players)]
        self.deltas: dict[tuple[int, ...], tuple[int, ...]] = {}  # score changes, one tuple each
        self.point_masks = [
            (p, sum(1 << c for c in ALL_CARDS if self.card_points[c] == p)) for p in set(self.card_points) if p
        ]
        # the cards that take a value of at least w, and the cards of each rank
        self.takes = [sum(1 << c for c in ALL_CARDS if max(v.capture_values[c], default=0) >= w) for w in range(16)]
        self.rank_mask = [sum(1 << c for c in ALL_CARDS if _RANK[c] == r) for r in range(14)]
        self.capture_top = [max(v.capture_values[c], default=0) for c in ALL_CARDS]
        self.one_at_a_time = face_takes_one(v)
        self.capture_rank = [100 * self.card_points[c] + 10 for c in ALL_CARDS]  # points first, then cards

    # ---- states and tables -----------------------------------------------------

    def root(self) -> tuple[_State, int]:
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
            stats[1] += sum(_SPADE[c] for c in pile)
            stats[2] += sum(self.card_points[c] for c in pile)
            stats[3] += pos.sweeps[seat] * v.sweep_points - pos.penalties[seat] * v.default_penalty
        table = self.table(pos.loose, pos.builds)
        if self.linear:
            mine, theirs = per_side[self.root_side], per_side[1 - self.root_side]
            score = (mine[0] - theirs[0], mine[1] - theirs[1])
            return _State(pos.to_move, hands, weights, table, last, score), mine[2] + mine[3] - theirs[2] - theirs[3]
        return _State(pos.to_move, hands, weights, table, last, tuple(s[i] for i in range(4) for s in per_side)), 0

    def table(self, loose: list[Card], builds: list[Build]) -> _Table:
        """The interned table of these loose cards and builds."""
        mask = held = 0
        weight = self.weight
        for c in loose:
            mask |= 1 << c
            held += weight[c]
        return self.intern(loose, builds, mask, held)

    def intern(self, loose: list[Card], builds: list[Build], mask: int, held: int, source: _Table | None = None) -> _Table:
        """The interned table of these loose cards (their bit mask and class weights) and
        builds; ``source``, when given, is a table with these same builds (the move
        was a trail or a capture of loose cards only), whose build keys are reused."""
        builds_exact: tuple[tuple[tuple[Card, ...], int, int], ...] = ()
        exact: object = mask
        if builds:
            if source is not None:
                builds_exact = source.builds_exact
            else:
                builds_exact = tuple(sorted([_exact_build(b) for b in builds]))
            exact = (mask, builds_exact)
        table = self.tables.get(exact)
        if table is None:
            builds_sig: tuple[tuple[int, int, int], ...] = ()
            sig: object = held
            if builds:
                builds_sig = source.builds_sig if source is not None else tuple(sorted([self.build_sig(b) for b in builds]))
                sig = (held, builds_sig)
            sig_id = self.sig_ids.get(sig)
            if sig_id is None:
                sig_id = self.sig_ids[sig] = next(self.sigs)
            contents = self.contents_of.get(sig_id)
            if contents is None:  # the same on tables equal up to interchangeable cards
                contents = self.contents_of[sig_id] = self.contents(builds, mask)
            # in one order whatever move first led here, so its moves come out in one order
            # (of moves equal up to interchangeable cards, the first is the one kept)
            loose = sorted(loose)
            if source is None and len(builds) > 1:
                builds = sorted(builds, key=_exact_build)
            table = self.tables[exact] = new_tuple(
                _Table, (next(self.serials), loose, builds, mask, held, sig_id, *contents, builds_exact, builds_sig)
            )
        return table

    def build_sig(self, b: Build) -> tuple[int, int, int]:
        """The build up to interchangeable cards."""
        return (sum(map(self.weight.__getitem__, b.cards)), b.value, b.owner)

    def contents(self, builds: list[Build], mask: int) -> tuple[int, int, int]:
        """Cards, spades and points on the table (``mask``: the loose cards)."""
        for b in builds:
            for c in b.cards:
                mask |= 1 << c
        points = 0
        for p, cards in self.point_masks:
            points += p * (mask & cards).bit_count()
        return mask.bit_count(), (mask & _SPADES).bit_count(), points

    def sweep_needs(self, table: _Table) -> _Sweeps:
        """What the hands must hold for a sweep to stay possible on ``table``: a card that
        takes the highest value on it, and for each face rank without a value a card
        for each one when a face card takes one at a time (worked out when first asked)."""
        facts = self.sweep_facts.get(table.sig)
        if facts is None:
            values = self.variant.value
            top = 0
            faces: dict[int, int] = {}
            for c in table.loose:
                value = values[c]
                if value > top:
                    top = value
                elif not value:
                    faces[_RANK[c]] = faces.get(_RANK[c], 0) + 1
            for b in table.builds:
                if b.face:
                    faces[b.value] = faces.get(b.value, 0) + 1
                elif b.value > top:
                    top = b.value
            needs = [(self.takes[top], 1)] if top else []
            needs += [(self.rank_mask[rank], n if self.one_at_a_time else 1) for rank, n in faces.items()]
            facts = self.sweep_facts[table.sig] = _Sweeps(tuple(needs), top, tuple(faces.items()))
        return facts

    def sweepers(self, hands: int, cards: int, table: _Table) -> int:
        """How many of ``cards`` (some of ``hands``) may still sweep.

        A sweep takes every card on the table, so each card on it now must be taken
        by the sweeping card, or before by another card in the hands: one that takes
        its value, or for a face card without a value, a card of its rank for each
        such card when a face card takes one at a time.  A face card without a value
        needs a card of its rank to take at all.  (The five-of-spades sweep takes
        anything.)
        """
        if self.variant.five_of_spades_sweep:
            return cards.bit_count()
        needs, top, faces = self.sweep_needs(table)
        for mask, n in needs:
            if (hands & mask).bit_count() < n:
                return 0  # a card on the table stays there to the end
        takes, rank_mask = self.takes, self.rank_mask
        count = 0
        while cards:
            bit = cards & -cards
            cards ^= bit
            card = bit.bit_length() - 1
            others = hands ^ bit
            value, rank = self.capture_top[card], _RANK[card]
            if top > value and not others & takes[top]:
                continue
            for face, n in faces:
                needed = n - (face == rank) if self.one_at_a_time else face != rank
                if (others & rank_mask[face]).bit_count() < needed:
                    break
            else:
                count += bool(value or others & rank_mask[rank] or any(face == rank for face, _ in faces))
        return count

    # ---- moves -----------------------------------------------------------------

    def scratch(self, seat: int, hands: int, table: _Table) -> Position:
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

    def children(self, seat: int, hands: int, table: _Table) -> _MoveList:
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
            children = self.children_of[key] = _MoveList(self.unique(moves), complete)
        return children

    def add_others(self, children: _MoveList, seat: int, hands: int, table: _Table) -> None:
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

    def visit(self, seat: int, hands: int, move: Move, source: _Table) -> _Outcome:
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
            spades = source.spades - table.spades + _SPADE[card]
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
        return new_tuple(_Outcome, (table, gain, delta, capturer, bit, key_weight, sweep, penalty))

    def outcome(self, state: _State, children: _MoveList, i: int) -> _Outcome:
        """What the ``i``-th of ``children`` (the moves at ``state``) does."""
        outcome = children.outcomes[i]
        if outcome is None:
            outcome = children.outcomes[i] = self.visit(state.seat, state.hands, children.moves[i], state.table)
        return outcome

    def after(self, state: _State, outcome: _Outcome) -> _State:
        """The state a move leads to."""
        seat, hands, weights, _, last, score = state
        return _State(
            self.following(seat, hands ^ outcome.bit), hands ^ outcome.bit, weights - outcome.weight, outcome.table,
            last if outcome.capturer is None else outcome.capturer,
            score if outcome.delta is None else tuple(map(add, score, outcome.delta)),
        )

    def following(self, seat: int, hands: int) -> int:
        """The seat whose turn follows ``seat``'s: seats with no cards left are passed over,
        as :meth:`Position._next_seat` does (a last deal need not come out even)."""
        for after in self.turn[seat]:
            if hands & self.seat_mask[after]:
                return after
        return self.turn[seat][0]

    def mark(self, seat: int, outcome: _Outcome, sign: int) -> None:
        """Count the move's sweep and penalty on the scratch position (``sign`` -1 takes
        them back): under an instant limit they decide when the round ends."""
        pos = self.pos
        assert pos.sweeps is not None and pos.penalties is not None
        pos.sweeps[seat] += sign * outcome.sweep
        pos.penalties[seat] += sign * outcome.penalty

    # ---- values ----------------------------------------------------------------

    def terminal(self, last: int | None, score: tuple[int, ...], cards: int, spades: int, points: int) -> int:
        """The value still to come at the end of the round (all of it with more than two
        sides), the residue (``cards``, ``spades``, ``points``) going to ``last``."""
        if self.linear:
            taken, spades_taken = score
            if last is None:
                points = 0
            elif last == self.root_side:
                taken += cards
                spades_taken += spades
            else:
                taken -= cards
                spades_taken -= spades
                points = -points
            return points + self.most_cards * ((taken > 0) - (taken < 0)) + self.most_spades * (
                (spades_taken > 0) - (spades_taken < 0)
            )
        n = self.sides
        per_side = list(score)
        if last is not None:
            per_side[last] += cards
            per_side[n + last] += spades
            per_side[2 * n + last] += points
        totals = per_side[2 * n : 3 * n]
        for index, award in ((0, self.most_cards), (1, self.most_spades)):
            counts = per_side[index * n : index * n + n]
            top = max(counts)
            if award and counts.count(top) == 1:
                totals[counts.index(top)] += award
        if self.variant.skunk == "bonus" and self.round_points in totals:
            totals[totals.index(self.round_points)] += 1
        totals = [t + e for t, e in zip(totals, per_side[3 * n :])]
        mine = totals[self.root_side]
        return mine - max(t for s, t in enumerate(totals) if s != self.root_side)

    def last_play(self, seat: int, card: int, table: _Table, last: int | None, score: tuple[int, ...]) -> int:
        """The value of playing the round's last card: a capture leaves the mover's side
        the whole table, anything else leaves it, the card included, to ``last``."""
        key = (seat, self.weight[card], table.sig)
        outcomes = self.last_plays.get(key)
        if outcomes is None:
            pos = self.scratch(seat, 1 << card, table)
            outcomes = self.last_plays[key] = {
                (m.kind == "capture", pos.is_sweep(m) * self.sweep_points - pos.penalised(m) * self.penalty_points)
                for m in hand_moves(pos)
            }
        side = self.side_of[seat]
        cards, spades, points = table.cards + 1, table.spades + _SPADE[card], table.points + self.card_points[card]
        values = []
        for capture, extra in outcomes:
            if self.linear:
                gain = extra if side == self.root_side else -extra
                values.append(gain + self.terminal(side if capture else last, score, cards, spades, points))
            else:
                extended = list(score)
                extended[3 * self.sides + side] += extra
                values.append(self.terminal(side if capture else last, tuple(extended), cards, spades, points))
        return max(values) if self.maximizing[seat] else min(values)

    def count_hands(self, hands: int) -> _HandCounts:
        """What ``hands`` hold (kept: the same hands come back on many tables)."""
        mine = (hands & self.root_mask).bit_count()
        points = 0
        for p, mask in self.point_masks:
            points += p * (hands & mask).bit_count()
        counts = self.hand_counts[hands] = _HandCounts(mine, hands.bit_count() - mine, (hands & _SPADES).bit_count(), points)
        return counts

    def cut(
        self, hands: int, counts: _HandCounts, table: _Table, last: int | None, score: tuple[int, ...], alpha: int, beta: int
    ) -> int | None:
        """A bound on the value still to come outside (alpha, beta), or None.

        The bound gives every card still out to the root side, or to the others;
        on top, a sweep for each card of a side that may still sweep (see
        :meth:`sweepers`), and a penalty for each card.  With two sides the value
        grows with what the root side takes: at best it takes everything, at
        worst the other side does, and a side that has no card left and did not
        capture last takes nothing more.  With more sides see :meth:`spread`.
        """
        mine, theirs, spades_held, points_held = counts
        points_out = table.points + points_held
        penalty = self.penalty_points
        if self.linear:
            cards_out = mine + theirs + table.cards
            spades_out = spades_held + table.spades
            cards, spades = score
            root = self.root_side
            # +1: every card still out to the root side, -1: to the other side, 0: to nobody
            best = 1 if mine or last == root else 0 if last is None else -1
            c, s = cards + best * cards_out, spades + best * spades_out
            high = best * points_out + self.most_cards * ((c > 0) - (c < 0)) + self.most_spades * ((s > 0) - (s < 0))
            high += theirs * penalty
            if high <= alpha:
                high += self.sweep_points * self.sweepers(hands, hands & self.root_mask, table)
                return high if high <= alpha else None
            worst = -1 if theirs or last == 1 - root else 0 if last is None else 1
            c, s = cards + worst * cards_out, spades + worst * spades_out
            low = worst * points_out + self.most_cards * ((c > 0) - (c < 0)) + self.most_spades * ((s > 0) - (s < 0))
        else:
            low, high = self.spread(mine + theirs + table.cards, spades_held + table.spades, score, points_out)
            high += theirs * penalty
            if high <= alpha:
                high += self.sweep_points * self.sweepers(hands, hands & self.root_mask, table)
                return high if high <= alpha else None
        low -= mine * penalty
        if low >= beta:
            low -= self.sweep_points * self.sweepers(hands, hands & ~self.root_mask, table)
            return low if low >= beta else None
        return None

    def spread(self, cards_out: int, spades_out: int, score: tuple[int, ...], points_out: int) -> tuple[int, int]:
        """With more than two sides: the least and the most the cards still out can make
        of the value still to come, sweeps and penalties aside.  A majority may go
        either way, so each side's total is bounded on its own."""
        root = self.root_side
        n = self.sides
        counts, spade_counts, points, extra = (score[i * n : i * n + n] for i in range(4))

        def award(side: int, taken: tuple[int, ...], out: int, points: int, sure: bool) -> int:
            """``points`` if ``side`` takes the majority surely (``sure``) or possibly."""
            others = [c for s, c in enumerate(taken) if s != side]
            return points if (taken[side] - out if sure else taken[side] + out) > max(others) else 0

        def total(side: int, most: bool) -> int:
            """The most (or least) ``side`` can finish with."""
            return (
                points[side] + extra[side] + most * points_out
                + award(side, counts, cards_out, self.most_cards, not most)
                + award(side, spade_counts, spades_out, self.most_spades, not most)
            )

        mine_most, mine_least = total(root, True), total(root, False)
        return (
            mine_least - max(total(side, True) for side in self.opponents),
            mine_most - max(total(side, False) for side in self.opponents),
        )

    # ---- search ----------------------------------------------------------------

    def search(
        self, seat: int, hands: int, weights: int, table: _Table, last: int | None, score: tuple[int, ...],
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

    def forget_tables(self) -> None:
        """Forget the move lists and tables seen so far, to bound the memory.

        Values stay exact: these caches only save work, and numbers are never
        reused (a search still running on an old table keeps its own).  A table
        made again gets a new serial number, so move lists of old and new tables
        never mix, and keeps its number up to interchangeable cards, so the
        transposition table still knows it; its move list comes out in the same
        order, so a remembered best move is still the one tried first.
        """
        for cache in (self.children_of, self.tables, self.contents_of, self.sweep_facts, self.last_plays):
            cache.clear()

    def forget_positions(self) -> None:
        """Forget the transposition table, and with it the numbers of tables up to
        interchangeable cards (which key it) and everything made from them."""
        self.tt.clear()
        self.sig_ids.clear()
        self.forget_tables()

    def exact(self, state: _State, guess: int) -> int:
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

    def line(self, state: _State, value: int) -> list[Move]:
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

    def solve_group(self, root: _State, banked: int, moves: list[Move], guess: int) -> list[LineValue]:
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
        solution = _solve(_Search(pos, positions_kept, move_lists_kept, stop), pos.generate(), share)
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


def _solve(search: _Search, moves: list[Move], share: Share | None) -> DealSolution:
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
