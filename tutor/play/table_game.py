"""The learner's game: one seat is the learner's, the others are computer players of a level.

A :class:`TableGame` is a whole match to the variant's target (``kind``
``match``) or one round (``round``), between 2, 3 or 4 seats; with 4 the
learner's partner is a computer too.  Everything it holds follows from its
settings, each round's dealt position and the moves played in it, so a game is
rebuilt by replaying those (:meth:`TableGame.replay`): that is how a saved game
is loaded and how :meth:`TableGame.undo` takes moves back.

The computer seats choose from their :class:`~tutor.play.view.SeatView` only,
each move with a random generator seeded from the game's seed, the round, the
ply and the seat, so a game resumed from its moves plays on exactly as it would
have.

Under the option ``claim`` (rules.md section 7) a seat may claim, on its turn in
a match, that its side has reached the target on the points certain this round
(:meth:`TableGame.claim`, judged by :func:`~tutor.core.round.judge_claim`): the
match ends at once, won or lost.  A computer checks at the start of each of its
turns, before it chooses its move, and claims when its view shows the claim true
(:func:`~tutor.play.game.claims`), so it never claims falsely.  A claim is the
last thing of its game, after the last round's moves: a saved game keeps the
seat that made it, and replaying the moves and that claim rebuilds the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import ClaimCount, Match, MatchResult, judge_claim, next_deal
from tutor.core.scoring import RoundScore, score_round
from tutor.core.variant import Variant

from .game import Ply, checked_choice, claims
from .players import LEVELS, player
from .view import SeatView

KINDS = ("match", "round")
"""A whole match to the target, or a single round."""
MAX_ROUNDS = 100
"""The most rounds a match lasts: after them it ends (``reason`` ``rounds``), even short of the target, so
that options under which the target is out of reach (or far) still give a game that ends."""

Saver = Callable[[], None]
"""Told after every move pushed (to save the game)."""


class GameError(ValueError):
    """A move or a setting the game cannot take (a bug in the caller, or a broken saved game)."""


@dataclass(frozen=True)
class Settings:
    """What a game is: the variant, the number of seats, the learner's seat, the computers' level, the seed."""

    variant: Variant
    players: int = 2
    level: str = "club"
    seed: int = 0
    kind: str = "match"
    learner: int = 0

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise GameError(f"Cassino is played by 2, 3 or 4 players, not {self.players}")
        if not 0 <= self.learner < self.players:
            raise GameError(f"the learner's seat must be 0 to {self.players - 1}, not {self.learner}")
        if self.level not in LEVELS:
            raise GameError(f"unknown level {self.level!r}; levels are: {', '.join(LEVELS)}")
        if self.kind not in KINDS:
            raise GameError(f"a game is a {' or a '.join(KINDS)}, not {self.kind!r}")

    @property
    def learner_side(self) -> int:
        """The learner's side."""
        return self.variant.side_of(self.learner, self.players)

    @property
    def side_seats(self) -> list[list[int]]:
        """The seats of each side."""
        return seats_of_sides(self.variant, self.players)

    @property
    def levels(self) -> tuple[str | None, ...]:
        """Each seat's level; ``None`` for the learner's."""
        return tuple(None if s == self.learner else self.level for s in range(self.players))

    def round_seed(self, index: int) -> int:
        """The deal seed of round ``index``."""
        return random.Random(f"game/{self.seed}/round{index}").randrange(2**32)

    def move_rng(self, index: int, ply: int, seat: int) -> random.Random:
        """The random generator for the computer's move at ``ply`` of round ``index``."""
        return random.Random(f"game/{self.seed}/round{index}/ply{ply}/seat{seat}")


@dataclass
class GameRound:
    """One round as played so far: its seed, first dealer, dealt position, plies, and its score once over."""

    seed: int
    dealer: int
    start: Position
    plies: list[Ply] = field(default_factory=list)
    score: RoundScore | None = None
    hinted: set[int] = field(default_factory=set)
    """The plies (by index) the learner asked the advisor about before playing: their moves were chosen with the
    advice known, evidence of no skill and no strength, and the review sets them apart
    (:func:`~tutor.play.review.set_apart`; :meth:`TableGame.note_hint`)."""

    @property
    def moves(self) -> list[Move]:
        return [p.move for p in self.plies]


ClaimRefusal = Literal["off", "round", "over", "turn"]
"""Why a seat may not claim now (:meth:`TableGame.claim_refusal`): the variant has no claims, the game is one round
(no match target to claim), no round is in play (the game is over, or between rounds), it is not the seat's turn."""


@dataclass(frozen=True)
class Claim:
    """A claim made in the game: the seat that made it, on its turn after the last round's moves, and its count."""

    seat: int
    count: ClaimCount


class TableGame:
    """A game in progress; see the module's description."""

    def __init__(self, settings: Settings, practice_from: int | None = None, resigned: bool = False) -> None:
        self.settings = settings
        self.practice_from = practice_from
        """The round (from 1) in which the learner first took a move back: from it on the game is practice, the
        rounds before still count; None when no move was taken back."""
        self.resigned = resigned
        self._reset()

    @property
    def practice(self) -> bool:
        """Whether the learner has taken a move back in this game (it is practice from :attr:`practice_from`)."""
        return self.practice_from is not None

    def _reset(self) -> None:
        s = self.settings
        self.match = Match(s.variant, s.players)
        self.rounds: list[GameRound] = []
        self._pos: Position | None = None
        self.claimed: Claim | None = None

    # ---- facts -----------------------------------------------------------------

    @property
    def learner(self) -> int:
        return self.settings.learner

    @property
    def learner_side(self) -> int:
        return self.settings.learner_side

    @property
    def side_seats(self) -> list[list[int]]:
        """The seats of each side."""
        return self.settings.side_seats

    @property
    def position(self) -> Position:
        """The current round's position, every card known (show the learner only :meth:`view`)."""
        if self._pos is None:
            raise GameError("no round has been dealt")
        return self._pos

    def view(self) -> SeatView:
        """What the learner's seat knows now."""
        return SeatView.of(self.position, self.learner)

    @property
    def current(self) -> GameRound:
        if not self.rounds:
            raise GameError("no round has been dealt")
        return self.rounds[-1]

    @property
    def round_over(self) -> bool:
        return bool(self.rounds) and self.current.score is not None

    @property
    def result(self) -> MatchResult | None:
        """How the game ended, or None while it goes on.

        A match ends as :class:`~tutor.core.round.Match` decides, or after :data:`MAX_ROUNDS` rounds
        (``reason`` ``rounds``, the winner the side ahead, None on a tie); a one-round
        game when its round is over: ``reason`` ``round``, the winner the side
        with the most points (None on a tie), unless an instant win cut the
        round short.  A game the learner resigned is lost (``reason``
        ``resigned``, ``loser`` the learner's side; with three sides no winner).
        """
        if self.resigned:
            others = [side for side in range(len(self.scores)) if side != self.learner_side]
            return MatchResult(others[0] if len(others) == 1 else None, "resigned", loser=self.learner_side)
        if self.settings.kind == "match" and self.match.result is None and self.round_over \
                and len(self.rounds) >= MAX_ROUNDS:
            return _leader(self.scores, "rounds")
        if self.settings.kind == "match" or not self.round_over:
            return self.match.result
        if self.match.result is not None and not self.position.is_round_over():
            return self.match.result
        return _leader(self.current.score.totals if self.current.score else (), "round")

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> list[int]:
        """Match points per side, with the current round's instant points."""
        return self.match.live_scores

    @property
    def learner_to_move(self) -> bool:
        return bool(self.rounds) and not self.round_over and self.position.to_move == self.learner

    # ---- playing ---------------------------------------------------------------

    def begin_round(self, start: Position | None = None) -> None:
        """Deal the next round (or take ``start``, a dealt round read from a file: it must fit the match)."""
        if self.over or (self.rounds and not self.round_over):
            raise GameError("a round is still in play" if not self.over else "the game is over")
        index, match = len(self.rounds), self.match
        seed = self.settings.round_seed(index)
        if start is None:
            start = match.new_round(seed)
        else:
            _check_start(start, match)
        self.rounds.append(GameRound(seed, match.dealer, start.copy()))
        self._pos = start.copy()

    def push(self, move: Move) -> None:
        """Play ``move`` for the seat to move (it must be legal), dealing and scoring as the rules say."""
        if not self.rounds or self.round_over:
            raise GameError("no round is in play")
        pos = self.position
        if move not in pos.generate():
            raise GameError(f"{pos.notation(move)} is not a legal move here")
        self.current.plies.append(Ply(pos.copy(), move))
        self.match.play(pos, move)
        if pos.is_round_over() or self.match.result is not None:
            m = self.match
            self.current.score = m.end_round(pos) if m.result is None else score_round(pos)
        elif pos.needs_deal():
            next_deal(pos)

    def computer_move(self) -> Move:
        """The move the computer at the seat to move chooses, from its view only."""
        pos, index = self.position, len(self.rounds) - 1
        seat = pos.to_move
        level = self.settings.levels[seat]
        if level is None:
            raise GameError("it is the learner's turn")
        rng = self.settings.move_rng(index, len(self.current.plies), seat)
        return checked_choice(player(level), pos, rng, pos.generate())

    def advance(self, saver: Saver | None = None) -> list[Ply]:
        """The computers' moves up to the learner's turn (or the round's end, or a computer's claim), ``saver``
        told after each and after a claim; the plies played."""
        done = len(self.current.plies)
        while not self.over and not self.round_over and self.position.to_move != self.learner:
            if self.claim_wins(self.position.to_move):
                self.claim(self.position.to_move)
            else:
                self.push(self.computer_move())
            if saver is not None:
                saver()
        return self.current.plies[done:]

    def claim_wins(self, seat: int) -> bool:
        """Whether ``seat`` may claim now and its view shows the claim true (:func:`~tutor.play.game.claims`): a
        computer then claims, and the learner's hint says so."""
        return self.claim_refusal(seat) is None and claims(SeatView.of(self.position, seat))

    def play(self, move: Move, saver: Saver | None = None) -> list[Ply]:
        """The learner's move, then the computers' replies, ``saver`` told after each; every ply played."""
        if self.over or not self.learner_to_move:
            raise GameError("it is not the learner's turn")
        done = len(self.current.plies)
        self.push(move)
        if saver is not None:
            saver()
        self.advance(saver)
        return self.current.plies[done:]

    def claim_refusal(self, seat: int) -> ClaimRefusal | None:
        """Why ``seat`` may not claim now; None when it may."""
        if not self.settings.variant.claim:
            return "off"
        if self.settings.kind != "match":
            return "round"
        if self.over or not self.rounds or self.round_over:
            return "over"
        return None if self.position.to_move == seat else "turn"

    def claim(self, seat: int | None = None) -> Claim:
        """``seat`` (the learner's by default) claims on its turn that its side has reached the target: the engine
        judges the claim and the match ends at once, the round scored as far as it went."""
        seat = self.learner if seat is None else seat
        if (refusal := self.claim_refusal(seat)) is not None:
            raise GameError(f"seat {seat} may not claim now ({refusal})")
        pos = self.position
        count = judge_claim(self.match, pos, pos.side_of(seat))
        self.current.score = score_round(pos)
        self.claimed = Claim(seat, count)
        return self.claimed

    def resign(self) -> None:
        """The learner gives the game up: it is over, lost."""
        self.resigned = True

    def next_round(self) -> list[Ply]:
        """Deal the next round and play the computers' moves up to the learner's turn."""
        self.begin_round()
        return self.advance()

    def undo(self) -> bool:
        """Take back the learner's last move of this round and the computer moves after it.

        The game counts as practice from this round on.  False (nothing changed) when
        the learner has not moved yet this round, or resigned.
        """
        if not self.rounds or self.resigned:
            return False
        seats = [p.seat for p in self.current.plies]
        if self.learner not in seats:
            return False
        keep = len(seats) - 1 - seats[::-1].index(self.learner)
        rounds = [(r.start, r.moves) for r in self.rounds]
        rounds[-1] = (rounds[-1][0], rounds[-1][1][:keep])
        if self.practice_from is None:
            self.practice_from = len(self.rounds)
        hinted = [r.hinted for r in self.rounds]
        self.replay(rounds)
        for again, before in zip(self.rounds, hinted):  # the move taken back is played again with the advice known
            again.hinted = {index for index in before if index <= len(again.plies)}
        return True

    def note_hint(self) -> None:
        """The learner asked the advisor on their turn: the move they play now is not their own judgement."""
        if self.rounds and not self.round_over:
            self.current.hinted.add(len(self.current.plies))

    def replay(self, rounds: Sequence[tuple[Position, Sequence[Move]]]) -> None:
        """Start again and play each round from its dealt position through its moves."""
        self._reset()
        for start, moves in rounds:
            self.begin_round(start)
            for move in moves:
                self.push(move)


def seats_of_sides(variant: Variant, players: int) -> list[list[int]]:
    """The seats of each side, side by side."""
    return [[seat for seat in range(players) if variant.side_of(seat, players) == side]
            for side in range(Variant.sides(players))]


def _check_start(start: Position, match: Match) -> None:
    """A dealt round read from elsewhere must be the start of the match's next round."""
    if start.variant != match.variant or start.players != match.players:
        raise GameError("the round's variant or number of players is not the game's")
    if start.dealer != match.dealer:
        raise GameError(f"the round's dealer is seat {start.dealer}, but it is seat {match.dealer}'s turn to deal")
    if list(start.scores or ()) != match.scores:
        raise GameError(f"the round starts at scores {start.scores}, but the match stands at {match.scores}")
    if any(start.captured or ()) or any(start.hidden or ()) or start.stock_hidden:
        raise GameError("a round starts with nothing taken and every card known")


def _leader(points: Sequence[int], reason: str) -> MatchResult:
    """The side with the most ``points`` wins (None on a tie), for ``reason``."""
    best = max(points)
    leaders = [side for side, p in enumerate(points) if p == best]
    return MatchResult(leaders[0] if len(leaders) == 1 else None, reason)
