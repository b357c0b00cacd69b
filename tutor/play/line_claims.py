"""The claims of the reasons read off an exact last deal's lines, checked (:data:`~tutor.play.why.LINE_CODES`).

Each check asks the solver again for the two lines (:func:`~tutor.play.exact.exact_lines`), plays them out
and reads the facts off the cards each side ends with: who captured last and what was left on the table then,
whose pile holds each point card, the counts of cards and spades, the sweeps and penalty turns of each seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import score_round

from .exact import exact_lines

JACK_OF_SPADES = Card.from_str("JS")


@dataclass(frozen=True)
class End:
    """A line played out: the position at the round's end, each move with the seat that made it."""

    world: Position
    end: Position
    moves: tuple[tuple[int, Move], ...]

    def side(self, seat: int) -> int:
        return self.world.side_of(seat)

    def seats(self, side: int | None) -> list[int]:
        return [s for s in range(self.world.players) if side is not None and self.world.side_of(s) == side]

    def pile(self, side: int) -> list[Card]:
        """The cards ``side`` ends the round with, the leftovers included."""
        assert self.end.captured is not None
        return [c for s, pile in enumerate(self.end.captured) if self.side(s) == side for c in pile]

    @property
    def last(self) -> tuple[int, Move] | None:
        """The line's last capture, with its seat."""
        return next(((s, m) for s, m in reversed(self.moves) if m.kind == "capture"), None)

    @property
    def last_side(self) -> int | None:
        """The side that took last: the leftovers are in its pile (a capture before this deal counts)."""
        left = self.leftovers
        holders = {side for side in range(self.world.sides) if left and left[0] in self.pile(side)}
        if holders:
            return holders.pop()
        last = self.last
        seat = self.world.last_capturer if last is None else last[0]
        return None if seat is None else self.side(seat)

    @property
    def leftovers(self) -> list[Card]:
        """What the last capturer's side collects at the end: the cards it ends with that no capture of the round
        took (nor played to take), nor any capture made before this deal."""
        assert self.world.captured is not None and self.end.captured is not None
        taken = {c for _, m in self.moves if m.kind == "capture" for c in (m.card, *m.captured_cards())}
        taken.update(c for pile in self.world.captured for c in pile)
        return [c for pile in self.end.captured for c in pile if c not in taken]

    def holder(self, card: Card) -> int | None:
        return next((side for side in range(self.world.sides) if card in self.pile(side)), None)

    def count(self, item: str, side: int) -> int:
        return sum(1 for c in self.pile(side) if item == "most_cards" or c.suit == "S")

    def majority(self, item: str) -> int | None:
        counts = [self.count(item, side) for side in range(self.world.sides)]
        return counts.index(max(counts)) if counts.count(max(counts)) == 1 else None

    def tally(self, item: str, side: int) -> int:
        """Sweeps, spade points (a spade 1, the jack of spades 2) or penalty turns of ``side``."""
        assert self.end.sweeps is not None and self.end.penalties is not None
        if item == "spade_points":
            return sum(1 + (c == JACK_OF_SPADES) for c in self.pile(side) if c.suit == "S")
        per_seat = self.end.sweeps if item == "sweeps" else self.end.penalties
        return sum(n for s, n in enumerate(per_seat) if self.side(s) == side)

    def leading(self, side: int) -> set[int]:
        totals = score_round(self.end).totals
        most = max(t for s, t in enumerate(totals) if s != side)
        return {s for s, t in enumerate(totals) if s != side and t == most}


def ends(pos: Position, played: Move, better: Move, then: Sequence[Move] = ()) -> tuple[End, End] | None:
    """The better and the played line, played out; None when the value is not exact in ``pos``.  ``then``: the
    moves the round went on with, which the played line follows while they are among the best."""
    lines = exact_lines(pos, better, played, then)
    if lines is None:
        return None
    out = []
    for line in (lines.better.line, lines.played.line):
        end, moves = lines.world.copy(), []
        for move in line:
            moves.append((end.to_move, move))
            end.push(move)
        out.append(End(lines.world, end, tuple(moves)))
    return out[0], out[1]


LineCheck = Callable[[End, End, dict[str, Any]], str | None]


PairCheck = Callable[[Position, Move, Move, Sequence[Move], dict[str, Any]], str | None]
"""A check of a reason of ``better`` over ``played`` in a position, the round going on with the given moves:
what is false, or None."""


def exact(check: LineCheck) -> PairCheck:
    """``check`` on the two lines, or what is false when there are no exact lines."""
    def run(pos: Position, played: Move, better: Move, then: Sequence[Move], params: dict[str, Any]) -> str | None:
        both = ends(pos, played, better, then)
        return "the value is not exact here: no lines" if both is None else check(*both, params)
    return run


def _last_take(better: End, played: End, p: dict[str, Any]) -> str | None:
    seat = better.world.to_move
    side, last = better.side(seat), better.last
    if last is None or better.side(last[0]) != side or not better.leftovers:
        return "the learner's side does not take last on the better line, or collects nothing then"
    other = played.last_side
    if other == side or better.last_side != side:
        return "the learner's side takes last on the played line too, or not on the better one"
    facts = {"card": last[1].card, "taken": sorted(last[1].captured_cards()), "cards": sorted(better.leftovers),
             "partner": last[0] != seat, "seats": played.seats(other), "lost": sorted(played.leftovers)}
    said = {**p, "taken": sorted(p["taken"]), "cards": sorted(p["cards"]), "lost": sorted(p["lost"])}
    return None if said == facts else f"the lines show {facts}"


def _goes(better: End, played: End, now: int | None, then: int | None, p: dict[str, Any]) -> str | None:
    """Whether an item held by ``now`` on the better line and ``then`` on the played one goes as ``p`` says."""
    side = better.side(better.world.to_move)
    if then == side or now == then:
        return f"the item ends with the same side, or the learner's, on the played line ({then})"
    if p["then"] != played.seats(then):
        return f"on the played line it ends with the seats {played.seats(then)}"
    if p["how"] != "decides" and p["seats"]:
        return "only a side that decides an item is named"
    if p["how"] == "wins":
        return None if now == side else f"on the better line it ends with side {now}"
    if then is None or then not in played.leading(side):
        return "on the played line it does not end with a side that leads the others"
    if p["how"] == "denies":
        return None if now is None else f"on the better line it ends with side {now}"
    return None if now is not None and now != side and p["seats"] == better.seats(now) else f"it goes to {now}"


def _line_cards(better: End, played: End, p: dict[str, Any]) -> str | None:
    table = better.world.variant.point_card_table
    for card in p["cards"]:
        if not table[card]:
            return f"{card} scores nothing as a point card"
        if (problem := _goes(better, played, better.holder(card), played.holder(card), p)) is not None:
            return f"{card}: {problem}"
    return None


def _line_majority(better: End, played: End, p: dict[str, Any]) -> str | None:
    item, v = p["item"], better.world.variant
    if not (v.most_cards if item == "most_cards" else v.effective_most_spades):
        return f"{item} scores nothing here"
    side, then = better.side(better.world.to_move), played.majority(item)
    counts = [better.count(item, side), played.count(item, side), 0 if then is None else played.count(item, then)]
    if [p["n"], p["n_then"], p["m_then"]] != counts:
        return f"the learner's side ends with {counts[0]} (played line: {counts[1]}, the leader there {counts[2]})"
    return _goes(better, played, better.majority(item), then, p)


def _tally(item: str) -> LineCheck:
    def check(better: End, played: End, p: dict[str, Any]) -> str | None:
        side = better.side(better.world.to_move)
        good = -1 if item == "penalty" else 1
        mine = [better.tally(item, side), played.tally(item, side)]
        if p["mine"] != mine:
            return f"the learner's side ends with {mine} {item}"
        if p["seats"]:
            other = better.side(p["seats"][0])
            theirs = [better.tally(item, other), played.tally(item, other)]
            favour = good * (theirs[1] - theirs[0]) > 0
            if other == side or p["seats"] != better.seats(other) or p["theirs"] != theirs or not favour:
                return f"the side of {p['seats']} ends with {theirs} {item}: not in the learner's favour"
        elif good * (mine[0] - mine[1]) <= 0:
            return f"the learner's side ends with {mine} {item}: not more"
        return None
    return check


def _stolen(better: End, played: End, p: dict[str, Any]) -> str | None:
    side, card = played.side(played.world.to_move), played.moves[0][1].card
    if played.moves[0][1].kind not in ("build", "raise", "add"):
        return "the played move builds nothing"
    taker = next(((s, m, b) for s, m in played.moves[1:] if m.kind == "capture"
                  for b in m.builds if card in b.cards), None)
    if taker is None or played.side(taker[0]) == side:
        return "no opponent takes the played move's build on its line"
    after = played.world.copy()
    after.push(played.moves[0][1])
    if taker[2] not in after.builds:
        return "the build taken is not the one the played move made: it was raised or added to"
    facts = {"value": taker[2].value, "card": taker[1].card, "seats": played.seats(played.side(taker[0]))}
    return None if facts == p else f"the played line shows {facts}"


LINE_CHECKS: dict[str, PairCheck] = {
    "last_take": exact(_last_take), "line_cards": exact(_line_cards), "line_majority": exact(_line_majority),
    "line_sweeps": exact(_tally("sweeps")), "line_spades": exact(_tally("spade_points")),
    "line_penalties": exact(_tally("penalty")), "stolen": exact(_stolen),
}
"""The check of each line reason: ``check(pos, played, better, then, params)``, what is false or None."""
