"""How hard a puzzle's answer is to find: its features, and the rating the model gives them.

A rating has two parts (docs/generator.md, "Ratings"):

- **the idea**: the goal, the tags of the answer (what it does and what it
  wins, :data:`IDEA_TAGS`), whether it wins only on the cards ``safe``
  leaves (a card fewer to take, not a point), how deep it lies (the
  shortest reading of :mod:`tutor.generator.readings` that finds it) and the
  learner's turns; two puzzles of one idea get the same idea part;
- **the position**: how far the answer is from the obvious grab, how many
  other moves look nearly as good, how many moves there are, how hidden the
  answer is, the players and the variant; each a share from 0 to 1, weighed
  by :data:`POSITION`, whose weights add up to at most 140.  So two puzzles
  of one idea are rated within 150 of each other, rounding included.

The weights were fitted by ``python -m tutor.generator.calibration`` to the
ratings that a ladder of simulated solvers gives seeded positions
(:mod:`tutor.generator.solvers`, :mod:`tutor.generator.elo`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.content.course import RATING_RANGE
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Goal, Ranking, move_points, rank_moves

from .facts import rivals, study
from .readings import Turn, turn
from .tagging import all_themes

IDEA_TAGS = (
    "pairing", "sums", "groups", "trailing", "building", "multiple-builds", "raising", "adding", "stealing",
    "big-cassino", "little-cassino", "aces", "most-cards", "most-spades", "sweep", "deny-sweep", "last-take",
    "royal", "spade", "italian", "draw", "face-gather",
)
"""The tags that name an idea: what the answer does, what it wins, and what the variant changes.  The
others tell where it is played (face cards on the table, a build held, partners, a last deal)."""

BASE = 440
GOAL = {"capture": 0, "safe": 50, "deal": -70}
FINE = 770
TAG = {
    "pairing": 230, "sums": 310, "groups": -90, "trailing": 40, "building": 530, "multiple-builds": 150,
    "raising": 460, "adding": 50, "stealing": 150, "big-cassino": -40, "little-cassino": 60, "aces": 70,
    "most-cards": 70, "most-spades": 70, "sweep": 0, "deny-sweep": 100, "last-take": -70, "royal": -20,
    "spade": 260, "italian": 260, "draw": 0, "face-gather": 0,
}
DEPTH = {1: 0, 2: 540, 3: 1050}
PER_TURN = 410
POSITION = {"grab": 15, "near": 15, "choice": 80, "hidden": 10, "players": 0, "variant": 0}
"""The model's weights, fitted by the calibration (docs/generator.md, "Ratings")."""

POSITION_BUDGET = 140
"""The most the position part adds: two puzzles of one idea stay within 150, rounding to tens included."""

NEAR = {"cards": 1, "card": 0, "points": 1, "sweep": 0, "safe": 1, "deal": 1}
"""The margin, in the goal's unit, of a move that looks nearly as good as the best."""


@dataclass(frozen=True)
class Features:
    """What the model rates.  The idea: ``goal`` (``capture``, ``safe`` or ``deal``), ``tags`` (of
    :data:`IDEA_TAGS`), ``fine`` (the answer beats its rivals only on the cards ``safe`` leaves: as many points
    left to take, a card fewer), ``depth`` (1: a
    glance finds the answer, 2: reading the reply, 3: further) and ``turns`` (the learner's); the position, each from 0 to 1: ``grab`` (the share of other moves the grab
    likes as much), ``near`` (the share within :data:`NEAR` of the best), ``choice`` (log2 of legal over best
    moves, over 5), ``hidden`` (the answer's hidden steps, over 3), ``players`` (beyond two, over 2) and
    ``variant`` (1 when not classic)."""

    goal: str
    tags: tuple[str, ...]
    fine: bool
    depth: int
    turns: int
    grab: float
    near: float
    choice: float
    hidden: float
    players: float
    variant: float

    @property
    def idea(self) -> tuple[str, tuple[str, ...], bool, int, int]:
        """The puzzle's idea: two puzzles with the same are rated within 150."""
        return self.goal, self.tags, self.fine, self.depth, self.turns

    def idea_terms(self) -> dict[str, float]:
        """The idea part's terms, each 0 or 1 (turns: each one beyond the first), by weight name."""
        terms = {f"goal {self.goal}": 1.0, "fine": float(self.fine), f"depth {self.depth}": 1.0,
                 "turn": float(self.turns - 1)}
        terms.update({f"tag {t}": 1.0 for t in self.tags})
        return terms

    def position_terms(self) -> dict[str, float]:
        """The position part's terms, each from 0 to 1, by the names of :data:`POSITION`."""
        return {name: getattr(self, name) for name in POSITION}


def weights() -> dict[str, float]:
    """Every weight of the model by term name (``base``, ``goal safe``, ``tag sums``, ``grab``, ...)."""
    out: dict[str, float] = {"base": BASE, "fine": FINE, "turn": PER_TURN}
    out.update({f"goal {g}": w for g, w in GOAL.items()})
    out.update({f"depth {d}": w for d, w in DEPTH.items()})
    out.update({f"tag {t}": w for t, w in TAG.items()})
    out.update(POSITION)
    return out


def rating(found: Features) -> int:
    """The model's rating, rounded to tens, within the rating range."""
    w = weights()
    value = w["base"] + sum(w[k] * v for k, v in (*found.idea_terms().items(), *found.position_terms().items()))
    low, high = RATING_RANGE
    return int(max(low, min(high, round(value, -1))))


def solver_turns(pos: Position, goal: Goal, line: Sequence[Move] = (),
                 ranking: Ranking | None = None) -> tuple[tuple[Turn, Ranking], ...]:
    """Each of the learner's turns of a puzzle (one without a line; along a line puzzle's main line, the
    replies played), with the solver's ranking for the goal (``ranking``: the first one's, when known)."""
    play, seat, rest = pos.copy(), pos.to_move, list(line)
    found = []
    while True:
        ranking = ranking or rank_moves(play.copy(), goal)
        found.append((turn(play, ranking), ranking))
        ranking = None
        if not rest:
            return tuple(found)
        play.push(rest.pop(0))
        while rest and play.to_move != seat:
            play.push(rest.pop(0))
        if not rest:
            return tuple(found)


def measure(pos: Position, goal: Goal, line: Sequence[Move] = (),
            ranking: Ranking | None = None) -> tuple[Features, tuple[Turn, ...]]:
    """The features of a puzzle and the solvers' view of each of its learner turns (``ranking``: the
    solver's ranking of the first, when known); ValueError when every move of the first turn is best."""
    turns = solver_turns(pos, goal, line, ranking)
    if all(turns[0][0].best):
        raise ValueError("every legal move is best: the puzzle asks nothing to rate")
    return features(pos, *turns[0], len(turns)), tuple(t for t, _ in turns)


def features(pos: Position, first: Turn, ranking: Ranking, turns: int = 1) -> Features:
    """The features of a puzzle whose first learner turn is ``first`` (``ranking`` its solver's ranking)."""
    goal = ranking.goal
    tags = all_themes(study(pos, ranking))
    best = [i for i, b in enumerate(first.best) if b]
    others = max(1, len(first.best) - len(best))
    grabbed = first.readings["grab"]
    top = max(grabbed[i] for i in best)
    values = [j.value for j in ranking.moves]
    rival = max((j.values for j in rivals(ranking)), default=None)
    near = sum(1 for v, b in zip(values, first.best) if not b and values[0] - v <= NEAR[goal.name])
    return Features(
        goal="deal" if goal.is_deal else "safe" if any(c.name == "safe" for c in goal.criteria) else "capture",
        tags=tuple(t for t in IDEA_TAGS if t in tags),
        fine=rival is not None and first_difference(ranking.moves[0].values, rival) in cards_left(goal),
        depth=depth(first),
        turns=turns,
        grab=sum(1 for v, b in zip(grabbed, first.best) if not b and v >= top) / others,
        near=near / others,
        choice=min(1.0, math.log2(len(first.best) / len(best)) / 5),
        hidden=min(1.0, min(first.hidden[i] for i in best) / 3),
        players=(pos.players - 2) / 2,
        variant=float(bool(pos.variant.changed_options())),
    )


def cards_left(goal: Goal) -> set[int]:
    """The indexes of a goal's values that count the cards a ``safe`` criterion leaves to take."""
    out, at = set(), 0
    for c in goal.criteria:
        if c.name == "safe":
            out.add(at + 1)
        at += c.width
    return out


def first_difference(a: Sequence[int], b: Sequence[int]) -> int:
    """The index of the first value where ``a`` and ``b`` differ (their length when none)."""
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), len(a))


def depth(first: Turn) -> int:
    """How deep the answer lies: 1 when a glance finds it, 2 when reading the reply does, 3 beyond."""
    return next((d for d, r in ((1, "glance"), (2, "reply")) if first.finds(r)), 3)


def puzzle_rating(pos: Position, goal: Goal, line: Sequence[Move] = (), ranking: Ranking | None = None) -> int:
    """The model's rating of a puzzle: its position, goal and main line (``ranking``: the solver's ranking
    of the first turn, when known)."""
    return rating(measure(pos, goal, line, ranking)[0])


def grab_key(pos: Position, move: Move) -> tuple[int, int]:
    """What the obvious grab maximises: table cards taken now, then points taken now."""
    return len(move.captured_cards()), move_points(pos, move)


def grab_moves(pos: Position, moves: Sequence[Move]) -> list[Move]:
    """Every move taking the most table cards now, whatever its points (the obvious grab and its ties)."""
    most = max((len(m.captured_cards()) for m in moves), default=0)
    return [m for m in moves if len(m.captured_cards()) == most]


def capturing_cards(moves: Sequence[Move]) -> set[Card]:
    """The hand cards that can capture something."""
    return {m.card for m in moves if m.is_capture}
