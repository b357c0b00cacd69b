"""A round's review kept as data, and the review made again from it without valuing a world.

What is kept is what took the worlds: each reviewed move's value and the best
one's (as confirmed), its grade and interval, and for a marked move the advice
it was judged by (each move's value and spread) and how many worlds drawn at
random its values are over (:func:`~tutor.play.review.drawn_worlds`).  The
rest of a mark (the outcomes, the reasons, the exact lines) is computed from
the round's moves again by :func:`tutor.play.review.mark`, as the review did.  Moves are kept in
move notation; the data names the round's moves by a digest, so a review is
never read against another line of play (a round undone and played again).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import Any

from tutor.core.moves import Move
from tutor.core.position import Position

from .advisor import Advice, MoveValue
from .game import Ply
from .review import GRADES, Mark, MoveReview, RoundReview, drawn_worlds, mark, set_apart
from .view import SeatView


class ReviewDataError(ValueError):
    """Kept review data that does not fit the round (another line of play, or a hand edit)."""


def plies_digest(plies: Sequence[Ply]) -> str:
    """The round's moves, in notation, as a short digest."""
    return moves_digest([p.before.notation(p.move) for p in plies])


def moves_digest(moves: Sequence[str]) -> str:
    """The short digest of a round's moves written as ``moves`` (their notation, one text a move)."""
    return hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16]


def review_to_data(review: RoundReview, plies: Sequence[Ply]) -> dict[str, Any]:
    """The review of a round of ``plies`` as JSON-ready data; a move played after the learner asked the advisor (its
    ply in :attr:`RoundReview.hinted`, set apart) is kept ``"hinted": true``, and :func:`kept_losses` leaves it
    out."""
    marks = {m.review.index: m for m in (*review.marks, *review.hinted_marks)}
    return {"plies": plies_digest(plies), "seat": review.seat, "players": review.players,
            "unreviewed": review.unreviewed,
            "moves": [_move_to_data(r, marks.get(r.index), r.index in review.hinted) for r in review.moves]}


def _move_to_data(r: MoveReview, marked: Mark | None, hinted: bool = False) -> dict[str, Any]:
    pos = r.ply.before
    entry: dict[str, Any] = {"index": r.index, "turn": r.turn, "played": _value_to_data(pos, r.played),
                             "best": _value_to_data(pos, r.best), "grade": r.grade, "upto": r.upto,
                             "interval": list(r.interval), "sure_sweep": r.sure_sweep}
    if hinted:
        entry["hinted"] = True
    if marked is not None:
        advice = marked.advice
        entry["advice"] = {"level": advice.level, "worlds": advice.worlds,
                           "moves": [_value_to_data(pos, mv) for mv in advice.moves]}
        if (drawn := drawn_worlds(r)) is not None:
            entry["drawn"] = drawn
    return entry


def _value_to_data(pos: Position, valued: MoveValue) -> list[Any]:
    return [pos.notation(valued.move), valued.value, valued.spread]


def review_from_data(plies: Sequence[Ply], data: Any) -> RoundReview:
    """The review kept as ``data`` for the round of ``plies``, its moves played after a hint set apart
    (:func:`~tutor.play.review.set_apart`); :class:`ReviewDataError` when it does not fit."""
    try:
        if data["plies"] != plies_digest(plies):
            raise ReviewDataError("the review is of another line of play")
        seat, players = data["seat"], data["players"]
        moves, marks = [], []
        for entry in data["moves"]:
            ply = plies[_whole(entry["index"], len(plies))]
            if ply.seat != seat:
                raise ReviewDataError("a reviewed move is not the learner's")
            grade, upto = entry["grade"], entry["upto"]
            if grade not in (None, *GRADES) or upto not in (None, *GRADES):
                raise ReviewDataError(f"no such grade: {grade!r}")
            low, high = (float(x) for x in entry["interval"])
            reviewed = MoveReview(entry["index"], _whole(entry["turn"], len(plies) + 1), ply,
                                  _value_from_data(ply.before, entry["played"]),
                                  _value_from_data(ply.before, entry["best"]), grade, upto, (low, high),
                                  bool(entry["sure_sweep"]))
            moves.append(reviewed)
            if grade is not None:
                found = entry["advice"]
                advice = Advice(str(found["level"]), _whole(found["worlds"], 1 << 20),
                                tuple(_value_from_data(ply.before, mv) for mv in found["moves"]))
                drawn = _whole(entry["drawn"], 1 << 20) if "drawn" in entry else None
                then = [later.move for later in plies[entry["index"] + 1:]]
                marks.append(mark(SeatView.of(ply.before, seat), reviewed, advice, drawn, then))
        hinted = {entry["index"] for entry in data["moves"] if entry.get("hinted") is True}
        return set_apart(RoundReview(_whole(players, 5), seat, tuple(moves), tuple(marks),
                                     _whole(data["unreviewed"], len(plies))), hinted)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise ReviewDataError(str(err)) from None


def fitting_review(plies: Sequence[Ply], data: Any, seat: int) -> RoundReview | None:
    """The review kept as ``data`` for the round of ``plies`` when it fits the round and reviews ``seat``'s moves
    (the learner's), else None."""
    try:
        review = review_from_data(plies, data)
    except ReviewDataError:
        return None
    return review if review.seat == seat else None


def _whole(value: Any, below: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < below:
        raise ReviewDataError(f"not a number from 0 to {below - 1}: {value!r}")
    return value


def _value_from_data(pos: Position, entry: Any) -> MoveValue:
    text, value, spread = entry
    move: Move = pos.parse_move(str(text))
    return MoveValue(move, float(value), float(spread))


def kept_losses(data: Any) -> list[float]:
    """What each move of a kept review lost, as :func:`tutor.play.strength.round_losses` counts it (a marked move
    the best move's value minus the played one's, a move not marked nothing), read from the data alone; a move
    played after the learner asked the advisor (``"hinted"``) is left out: it measures the advisor, not them.
    :class:`ReviewDataError` when the data is not a review's."""
    try:
        found = [float(entry["best"][1]) - float(entry["played"][1]) if entry["grade"] is not None else 0.0
                 for entry in data["moves"] if entry.get("hinted") is not True]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise ReviewDataError(str(err)) from None
    if not all(math.isfinite(loss) for loss in found):
        raise ReviewDataError("a value that is not a number")
    return found
