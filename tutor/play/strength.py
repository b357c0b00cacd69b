"""Playing strength on the ladder's scale: round points lost a move, by the game review's measure.

The review counts the points a round's marked moves lost (each the best
move's value minus the played one's, :attr:`tutor.play.review.MoveReview.loss`,
as confirmed); a move not marked is as good as the best within the advisor's
noise and loses nothing.  A player's strength is those points over their
reviewed moves (those with a choice): points lost a move.  The learner's comes from their kept reviews
(:func:`tutor.play.review_data.kept_losses`); a computer level's is measured
here, with the same review, over mirrored deals (docs/strength.md, "Points lost
a move"): each deal is played twice against a fixed opponent level, the
measured level in each seat in turn, and the measured level's moves in both
rounds are reviewed as the shell reviews the learner's (the round's deal seed,
the review's worlds).  A pair's value is its points lost a move; the figure is
the mean over the pairs with its 95% interval (:func:`tutor.play.arena.interval`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.core.variant import Variant

from .advisor import DEFAULT_WORLDS
from .arena import arrangements
from .game import play_one_round
from .players import player
from .review import RoundReview, review_round


def round_losses(review: RoundReview) -> list[float]:
    """What each reviewed move of a round lost, as the review counts points lost: a marked move its loss, a move
    not marked (as good as the best within the advisor's noise) nothing."""
    return [move.loss if move.grade is not None else 0.0 for move in review.moves]


def per_move(losses: Sequence[float]) -> float | None:
    """The points lost a move: the mean of ``losses``; None when there is none."""
    return sum(losses) / len(losses) if losses else None


@dataclass(frozen=True)
class Measure:
    """What is measured: ``level`` against ``opponent`` in ``variant`` with ``players``, deals from ``seed``,
    each move reviewed with ``worlds`` worlds."""

    level: str
    opponent: str
    variant: Variant
    players: int
    seed: int
    worlds: int = DEFAULT_WORLDS

    def deal_seed(self, index: int) -> int:
        """The seed of pair ``index``'s deal (the same for every level measured with this seed)."""
        return random.Random(f"strength/{self.seed}/{index}").randrange(2**32)


def pair_losses(measure: Measure, index: int) -> list[float]:
    """Pair ``index``: its deal played in every arrangement (the level as ``a``), the loss of each of the
    level's reviewed moves."""
    seed = measure.deal_seed(index)
    losses: list[float] = []
    for arrangement in arrangements(measure.players):
        levels = [measure.level if side == "a" else measure.opponent for side in arrangement]
        played = play_one_round(measure.variant, [player(level) for level in levels], seed)
        for seat, side in enumerate(arrangement):
            if side == "a":
                losses += round_losses(review_round(played.plies, seat, worlds=measure.worlds, seed=seed))
    return losses


RECENT_GAMES = 5
"""The trend compares the learner's last this many games with the games before them."""


@dataclass(frozen=True)
class Strength:
    """The learner's points lost a move over ``moves`` reviewed moves of ``games`` games (``mean``), and its
    trend: over the last :data:`RECENT_GAMES` games (``recent``) and over the ones before (``earlier``: None
    when there are none)."""

    games: int
    moves: int
    mean: float
    recent: float
    earlier: float | None
    recent_games: int


def strength(games: Sequence[Sequence[float]]) -> Strength | None:
    """The strength shown by the losses of each game's reviewed moves (the oldest game first); None without a
    reviewed move.  Each figure is the mean over the moves, so a long game weighs more than a short one."""
    played = [losses for losses in games if losses]
    recent, earlier = played[-RECENT_GAMES:], played[:-RECENT_GAMES]
    mean = per_move([loss for losses in played for loss in losses])
    if mean is None:
        return None
    recent_mean = per_move([loss for losses in recent for loss in losses])
    assert recent_mean is not None
    return Strength(len(played), sum(map(len, played)), mean, recent_mean,
                    per_move([loss for losses in earlier for loss in losses]), len(recent))
