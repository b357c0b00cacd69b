"""How puzzle attempts are rated: one Glicko-2 game between the learner and the puzzle."""

from __future__ import annotations

import math

from .glicko2 import SCALE, Game, Rating, rate

TAU = 0.5
"""Glicko-2 system constant: a middle value of Glickman's suggested 0.3 to 1.2."""
LEARNER_START = Rating(800.0, 350.0, 0.06)
"""A new learner: Glicko-2's usual deviation for a player nobody knows, around the rating of the
collection's beginner puzzles (600 to 900).  The mean is the prior of who opens a tutor: a
beginner; the deviation of 350 lets a stronger learner climb out of it in a few puzzles."""
PUZZLE_DEVIATION = 150.0
"""A puzzle's starting deviation: its file's rating is the rating model's estimate, surer than an
unknown player's 350 but far from an established rating's 50."""
PUZZLE_VOLATILITY = 0.06


def puzzle_start(initial_rating: float) -> Rating:
    """A puzzle's rating before anybody tried it, from the rating in its file."""
    return Rating(initial_rating, PUZZLE_DEVIATION, PUZZLE_VOLATILITY)


def rate_game(learner: Rating, puzzle: Rating, learner_won: bool) -> tuple[Rating, Rating]:
    """Learner and puzzle after one game, both rated from their ratings before it."""
    score = 1.0 if learner_won else 0.0
    return (
        rate(learner, [Game(puzzle, score)], TAU),
        rate(puzzle, [Game(learner, 1.0 - score)], TAU),
    )


IDLE_PERIOD_DAYS = 1.0
"""A day without a rated puzzle is an empty Glicko-2 rating period: the learner's deviation grows by its
volatility (Glickman, step 6 for a player who did not compete), so a rating left for weeks is less sure."""


def after_idle(learner: Rating, days: float) -> Rating:
    """``learner`` after ``days`` without a rated puzzle: each whole day an empty rating period, the deviation
    never above a new learner's (:data:`LEARNER_START`).  The closed form of :func:`~.glicko2.rate` with no games,
    once a period."""
    periods = max(0, math.floor(days / IDLE_PERIOD_DAYS))
    if not periods:
        return learner
    grown = math.sqrt(learner.deviation ** 2 + periods * (learner.volatility * SCALE) ** 2)
    return Rating(learner.rating, min(grown, LEARNER_START.deviation), learner.volatility)
