"""The ideas the solver's lines show, in a last deal whose value is exact: what the better move changes by the end.

:class:`~tutor.play.exact.ExactLines` holds the solver's line after the better
move and after the move played, each to the round's end.  The two ends are
compared item by item (:data:`~tutor.play.why.LINE_CODES`): who takes last and
collects the table's leftovers, who ends with each point card and majority,
the sweeps, spades and penalties each side ends with, and whether the played
move's build is taken by an opponent.  A reason is given for each item that
goes the learner's way on the better line; since an exact mark's better line
ends better for the learner, some item always does.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import RoundScore, score_round

from .exact import ExactLines
from .heuristics import BUILD_KINDS
from .why import Why

TALLIES = {"sweeps": "line_sweeps", "spade_points": "line_spades", "penalty": "line_penalties"}
"""The score items counted per side, and the reason code of each."""


@dataclass(frozen=True)
class LineEnd:
    """A line played to the round's end from ``start``, starting with ``first``: the score, the line's last capture
    (its seat and move; None: it makes none), the table's leftovers the last capturer collects, and the opponent
    who took the build the line's first move made (its seat and move; None: nobody, or the first move made none)."""

    start: Position
    first: Move
    score: RoundScore
    last: tuple[int, Move] | None
    leftovers: tuple[Card, ...]
    stolen: tuple[int, Move] | None

    def seats(self, side: int | None) -> list[int]:
        """The seats of ``side`` (none for None)."""
        return [] if side is None else [s for s in range(self.start.players) if self.start.side_of(s) == side]

    def holder(self, code: str, card: Card | None = None) -> int | None:
        """The side that scores the item ``code`` (a point card: ``card``), or None."""
        return next((i.side for i in self.score.items if i.code == code and (card is None or i.detail == card)), None)

    @property
    def last_side(self) -> int | None:
        """The side that takes last (a capture before this deal counts, when the line makes none), or None."""
        seat = self.start.last_capturer if self.last is None else self.last[0]
        return None if seat is None else self.start.side_of(seat)

    def tally(self, code: str, side: int) -> int:
        """What ``side`` ends with of a counted item: sweeps, spade points or penalty turns."""
        item = next((i for i in self.score.items if i.code == code and i.side == side), None)
        if item is None:
            return 0
        return item.points if code == "spade_points" else int(item.detail)  # type: ignore[arg-type]

    def leading(self, side: int) -> list[int]:
        """The sides other than ``side`` with the most round points."""
        others = {s: t for s, t in enumerate(self.score.totals) if s != side}
        return [s for s, t in others.items() if t == max(others.values())]


def line_end(world: Position, line: tuple[Move, ...]) -> LineEnd:
    """Play ``line`` (from ``world`` to the round's end) on a copy: what it comes to."""
    play, first = world.copy(), line[0]
    last: tuple[int, Move] | None = None
    stolen: tuple[int, Move] | None = None
    leftovers: tuple[Card, ...] = ()
    for move in line:
        loose, builds = play.table_after(move)
        seat = play.to_move
        if move.is_capture:
            last = (seat, move)
            if stolen is None and first.kind in BUILD_KINDS and any(first.card in b.cards for b in move.builds):
                stolen = (seat, move)
        play.push(move)
        leftovers = tuple([*loose, *(c for b in builds for c in b.cards)]) if play.is_round_over() else ()
    assert play.is_round_over(), "a solver's line goes to the round's end"
    if stolen is not None and world.side_of(stolen[0]) == world.side_of(world.to_move):
        stolen = None
    taker = world.last_capturer if last is None else last[0]
    return LineEnd(world, first, score_round(play), last, leftovers if taker is not None else (), stolen)


def last_take(side: int, seat: int, better: LineEnd, played: LineEnd) -> list[Why]:
    """``last_take``: the learner's side takes last on the better line and collects leftovers; not on the other.
    Both lines' leftovers in one order (the cards'), so that the same cards read alike."""
    if better.last is None or better.start.side_of(better.last[0]) != side or not better.leftovers:
        return []
    other = played.last_side
    if other == side:
        return []
    by, move = better.last
    return [Why("last_take", {"card": move.card, "taken": move.captured_cards(), "cards": sorted(better.leftovers),
                              "partner": by != seat, "seats": played.seats(other), "lost": sorted(played.leftovers)})]


def how_it_goes(side: int, now: int | None, then: int | None, played: LineEnd) -> str | None:
    """How an item held by ``now`` on the better line and by ``then`` on the played line (None: by nobody) goes the
    learner's way: ``wins`` (the learner's side holds it), else, where ``then`` leads the other sides on the played
    line (the exact value counts against the best of them), ``denies`` (nobody holds it) or ``decides`` (another
    side does); None when it goes no better."""
    if now == then or then == side:
        return None
    if now == side:
        return "wins"
    if then is None or then not in played.leading(side):
        return None
    return "denies" if now is None else "decides"


def point_cards(side: int, better: LineEnd, played: LineEnd) -> list[Why]:
    """``line_cards``: the point cards that go the learner's way on the better line (:func:`how_it_goes`), grouped
    by where they go on each line."""
    table = better.start.variant.point_card_table
    groups: dict[tuple[str, int | None, int | None], list[Card]] = {}
    for card in better.start.variant.deck_cards:
        if not table[card]:
            continue
        now, then = better.holder("point_card", card), played.holder("point_card", card)
        how = how_it_goes(side, now, then, played)
        if how is not None:
            groups.setdefault((how, now, then), []).append(card)
    return [Why("line_cards", {"cards": cards, "how": how, "seats": better.seats(now) if how == "decides" else [],
                               "then": played.seats(then)})
            for (how, now, then), cards in groups.items()]


def majorities(side: int, better: LineEnd, played: LineEnd) -> list[Why]:
    """``line_majority``: each majority the better line wins, denies or decides for the learner's side."""
    found = []
    for item, counts, then_counts in (("most_cards", better.score.cards, played.score.cards),
                                      ("most_spades", better.score.spades, played.score.spades)):
        now, then = better.holder(item), played.holder(item)
        how = how_it_goes(side, now, then, played)
        if how is not None:
            found.append(Why("line_majority", {"item": item, "how": how,
                                               "seats": better.seats(now) if how == "decides" else [],
                                               "then": played.seats(then), "n": counts[side],
                                               "n_then": then_counts[side],
                                               "m_then": then_counts[then] if then is not None else 0}))
    return found


def tallies(side: int, better: LineEnd, played: LineEnd) -> list[Why]:
    """``line_sweeps``, ``line_spades``, ``line_penalties``: a count that ends better for the learner's side, or
    worse for another's (the one it changes most for)."""
    found = []
    for item, code in TALLIES.items():
        good = -1 if item == "penalty" else 1  # penalties count against the side that pays them
        mine = [better.tally(item, side), played.tally(item, side)]
        gains = {s: good * (played.tally(item, s) - better.tally(item, s))
                 for s in range(better.start.sides) if s != side}
        other = max(gains, key=gains.__getitem__, default=None)
        if other is not None and gains[other] <= 0:
            other = None
        if good * (mine[0] - mine[1]) > 0 or other is not None:
            theirs = [better.tally(item, other), played.tally(item, other)] if other is not None else [0, 0]
            found.append(Why(code, {"mine": mine, "seats": better.seats(other), "theirs": theirs}))
    return found


def stolen(side: int, better: LineEnd, played: LineEnd) -> list[Why]:
    """``stolen``: an opponent takes the played move's build on its line, and not the better move's on the other."""
    if played.stolen is None or better.stolen is not None:
        return []
    seat, move = played.stolen
    made = next(b for b in played.start.table_after(played.first)[1] if played.first.card in b.cards)
    if made not in move.builds:  # raised or added to before it was taken: no longer the build the move made
        return []
    return [Why("stolen", {"value": made.value, "card": move.card, "seats": played.seats(played.start.side_of(seat))})]


def line_ideas(lines: ExactLines) -> list[Why]:
    """The reasons the two lines show, in the order of :data:`~tutor.play.why.LINE_CODES`."""
    world = lines.world
    seat = world.to_move
    side = world.side_of(seat)
    better, played = line_end(world, lines.better.line), line_end(world, lines.played.line)
    return [*last_take(side, seat, better, played), *point_cards(side, better, played),
            *majorities(side, better, played), *tallies(side, better, played), *stolen(side, better, played)]
