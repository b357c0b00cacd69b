"""Rounds between computer players, each move chosen from the mover's view only (a whole match: the core's
:func:`tutor.core.round.play_match` with :func:`chooser`).

A round is dealt from a seed (:func:`tutor.core.round.deal_round`) and played
by the core (:func:`tutor.core.round.play_round`): the core deals the later
hands, ends the round at the instant limit, and in a match scores instant
points as they fall.  Each player draws from a random generator of its own,
seeded from the game's seed and its seat, so one seat's choices never depend
on another's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import Chooser, deal_round, play_round
from tutor.core.scoring import RoundScore, certain_points, score_round
from tutor.core.variant import Variant

from .player import Player
from .view import SeatView


class IllegalChoiceError(RuntimeError):
    """A player chose a move the rules do not allow: a bug in that player."""


@dataclass(frozen=True)
class Ply:
    """One move of a round and the position just before it (a copy: every hand known)."""

    before: Position
    move: Move

    @property
    def seat(self) -> int:
        return self.before.to_move


@dataclass(frozen=True)
class RoundRecord:
    """A round as played: its deal seed and first dealer, the moves, and its score.

    ``score`` is the round's score once it is over; a match that ended in the
    middle of a round (an instant win) scores what was taken so far.
    """

    seed: int
    dealer: int
    plies: tuple[Ply, ...]
    score: RoundScore


def seat_rngs(seed: int, players: int) -> list[random.Random]:
    """One random generator a seat, from the game's seed."""
    return [random.Random(f"{seed}/seat{seat}") for seat in range(players)]


def chooser(seats: Sequence[Player], rngs: Sequence[random.Random], plies: list[Ply]) -> Chooser:
    """The core's chooser: the mover's player picks from its view; each position and move is recorded."""

    def choose(pos: Position, moves: list[Move]) -> Move:
        seat = pos.to_move
        move = checked_choice(seats[seat], pos, rngs[seat], moves)
        plies.append(Ply(pos.copy(), move))
        return move

    return choose


def checked_choice(seat_player: Player, pos: Position, rng: random.Random, moves: Sequence[Move]) -> Move:
    """The move ``seat_player`` chooses from the view of the seat to move in ``pos``; it must be one of ``moves``
    (the legal ones), else :class:`IllegalChoiceError`."""
    seat = pos.to_move
    move = seat_player.choose(SeatView.of(pos, seat), rng)
    if move not in moves:
        raise IllegalChoiceError(f"{seat_player.level} at seat {seat} chose {move}, not a legal move:\n{pos}")
    return move


def claims(view: SeatView) -> bool:
    """Whether a computer at the seat of ``view`` claims the target now (option ``claim``): when its side's match
    points before the round and the points certain this round reach it, counted from what the seat sees (its side's
    cards taken, the sweeps and penalties: all public), so that it never claims falsely."""
    v = view.variant
    side = v.side_of(view.seat, view.players)
    return v.claim and view.scores[side] + certain_points(view.position(), side) >= v.target


def play_one_round(variant: Variant, seats: Sequence[Player], seed: int, dealer: int = 0) -> RoundRecord:
    """One round between ``seats`` (one player a seat: 2, 3 or 4) dealt from ``seed``."""
    pos = deal_round(variant, len(seats), dealer, seed)
    plies: list[Ply] = []
    play_round(pos, chooser(seats, seat_rngs(seed, len(seats)), plies))
    return RoundRecord(seed, dealer, tuple(plies), score_round(pos))

