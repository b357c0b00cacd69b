"""What a puzzle's answer does, as data: the groups a capture takes, what a last deal's best line wins.

The tagger, the rater and the hint writer read a :class:`Study` of each kept
position; nothing here is text a learner reads.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import ScoreItem, score_round
from tutor.core.solver import Judged, Ranking, exposure_after
from tutor.core.table import Build, split_into

from .plans import CAPTURE_GOALS

BIG_CASSINO = Card.from_str("10D")
LITTLE_CASSINO = Card.from_str("2S")


@dataclass(frozen=True)
class CaptureShape:
    """A capture as its items: groups of loose cards (a pair is a group of one card) and builds."""

    played: Card
    value: int
    groups: tuple[tuple[Card, ...], ...]
    builds: tuple[Build, ...]

    @property
    def items(self) -> int:
        return len(self.groups) + len(self.builds)

    @property
    def cards(self) -> int:
        """Table cards taken."""
        return sum(map(len, self.groups)) + sum(len(b.cards) for b in self.builds)

    @property
    def pairs(self) -> tuple[tuple[Card, ...], ...]:
        """Groups of one card of the played card's rank."""
        return tuple(g for g in self.groups if len(g) == 1 and g[0].rank == self.played.rank)

    @property
    def sums(self) -> tuple[tuple[Card, ...], ...]:
        """Groups of two or more cards."""
        return tuple(g for g in self.groups if len(g) > 1)

    @property
    def simple(self) -> bool:
        """One item, and no more than two cards: what a player sees first."""
        return self.items == 1 and (bool(self.builds) or len(self.groups[0]) <= 2)


def capture_shape(pos: Position, move: Move) -> CaptureShape:
    """The items a capture (legal in ``pos``) takes.

    Loose cards are split into groups of the capture value; cards taken by
    rank (valueless face cards), by the five of spades, or with builds as
    terms of a sum are shown one a group.
    """
    values = pos.variant.value
    loose = list(move.loose)
    split = split_into(loose, move.value, values) if move.value and all(values[c] for c in loose) else None
    groups = tuple(tuple(g) for g in split) if split is not None else tuple((c,) for c in loose)
    return CaptureShape(move.card, move.value, groups, move.builds)


def rivals(ranking: Ranking) -> list[Judged]:
    """The moves that compete with the best ones.

    For the capture goals a rival is any move not best that is not part of a
    best capture (the same card taking some of the same items: a partial
    answer, not another one); for ``safe`` and ``deal`` any move not best.
    """
    best = ranking.best
    partial = _partial if ranking.goal.name in CAPTURE_GOALS else None
    return [j for j in ranking.moves
            if j.move not in best and not (partial and any(partial(j.move, b) for b in best))]


def gap(ranking: Ranking) -> int | None:
    """How much the best move beats its best rival (:func:`rivals`) by, in the first criterion where they differ
    (``safe``: points, then cards); None if it has none."""
    others = [j.values for j in rivals(ranking)]
    if not others:
        return None
    top, rival = ranking.moves[0].values, max(others)
    return next((a - b for a, b in zip(top, rival) if a != b), 0)


def leaves_sweep(pos: Position, move: Move) -> bool:
    """After ``move`` some hand the next player may hold takes the whole table (:func:`exposure_after`)."""
    loose, builds = pos.table_after(move)
    table = len(loose) + sum(len(b.cards) for b in builds)
    return table > 0 and exposure_after(pos, move).cards == table


def _partial(move: Move, whole: Move) -> bool:
    """``move`` plays the card of the capture ``whole`` and takes a part of what it takes."""
    return move.is_capture and move.card == whole.card and set(move.captured_cards()) < set(whole.captured_cards())


@dataclass(frozen=True)
class Outcome:
    """How a line played to the round's end scores for the mover's side: per theme the points of the mover's side
    and of the other sides, and whether the residue goes to the mover's side."""

    shares: tuple[tuple[str, int, int], ...]
    last_take: bool

    @property
    def edges(self) -> dict[str, int]:
        """Per theme, the mover's side's points minus the other sides'."""
        return {theme: mine - others for theme, mine, others in self.shares}

    def share(self, theme: str) -> tuple[int, int]:
        """The points of the mover's side and of the other sides for ``theme``."""
        return next(((m, o) for t, m, o in self.shares if t == theme), (0, 0))


def outcome(pos: Position, line: tuple[Move, ...]) -> Outcome:
    """Play ``line`` (to the round's end) on a copy of ``pos`` and score it for the side to move.

    A share is what the mover's side and the other sides score for one theme
    (most cards, most spades, Big and Little Cassino, aces, sweeps);
    ``last_take``: the cards left on the table at the end go to the mover's side.
    """
    play = pos.copy()
    side = pos.side_of(pos.to_move)
    residue = False
    for move in line:
        loose, builds = play.table_after(move)
        residue = bool(loose or builds)
        play.push(move)
    assert play.is_round_over(), "a deal line is played to the end of the round"
    mine: Counter[str] = Counter()
    others: Counter[str] = Counter()
    for item in score_round(play).items:
        theme = _item_theme(item)
        if theme is not None:
            (mine if item.side == side else others)[theme] += item.points
    last = play.last_capturer
    taken = residue and last is not None and play.side_of(last) == side
    return Outcome(tuple((t, mine[t], others[t]) for t in sorted(mine.keys() | others.keys())), taken)


def _item_theme(item: ScoreItem) -> str | None:
    if item.code != "point_card":
        return {"most_cards": "most-cards", "most_spades": "most-spades", "sweeps": "sweep"}.get(item.code)
    card = item.detail
    assert isinstance(card, Card)
    if card.rank == "A":
        return "aces"
    return {BIG_CASSINO: "big-cassino", LITTLE_CASSINO: "little-cassino"}.get(card)


def deal_gains(pos: Position, ranking: Ranking) -> tuple[str, ...]:
    """For ``deal``: the themes whose edge the best line improves on the line after the best other move,
    and ``last-take`` when only the best line leaves the table's rest to the mover's side (sorted)."""
    won, lost = best_and_next(pos, ranking)
    edge, other_edge = won.edges, lost.edges
    gains = {t for t in edge.keys() | other_edge.keys() if edge.get(t, 0) > other_edge.get(t, 0)}
    if won.last_take and not lost.last_take:
        gains.add("last-take")
    return tuple(sorted(gains))


def best_and_next(pos: Position, ranking: Ranking) -> tuple[Outcome, Outcome]:
    """For ``deal``: the outcomes of the best line and of the line after the best move that is not an answer."""
    other = next(j for j in ranking.moves if j.move not in ranking.best)
    return outcome(pos, ranking.moves[0].line), outcome(pos, other.line)


def deal_stakes(pos: Position, ranking: Ranking, gains: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """For ``deal``: the themes of ``gains`` the best move *wins* (the mover's side scores more for it than after
    the best other move) and those it only *denies* (the other sides score less: a tie, say)."""
    won, lost = best_and_next(pos, ranking)
    wins, denies = [], []
    for theme in gains:
        (mine, others), (mine_then, others_then) = won.share(theme), lost.share(theme)
        if theme == "last-take" or mine > mine_then:
            wins.append(theme)
        elif others < others_then:
            denies.append(theme)
    return tuple(wins), tuple(denies)


@dataclass(frozen=True)
class Study:
    """A kept position and everything read off its ranking.

    ``best``: the best moves in notation order; ``shapes``: those of them
    that capture, as items; ``gains``: for ``deal``, see :func:`deal_gains`;
    ``stakes``: those won and those denied, see :func:`deal_stakes`.
    """

    position: Position
    ranking: Ranking
    best: tuple[Move, ...]
    shapes: tuple[CaptureShape, ...]
    gains: tuple[str, ...]
    stakes: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


def study(pos: Position, ranking: Ranking) -> Study:
    """The study of a position kept for the ranking's goal (so some move is not best)."""
    best = tuple(sorted(ranking.best, key=pos.notation))
    assert gap(ranking) is not None, "a kept position has a move that is not best"
    shapes = tuple(capture_shape(pos, m) for m in best if m.is_capture)
    gains = deal_gains(pos, ranking) if ranking.goal.is_deal else ()
    stakes = deal_stakes(pos, ranking, gains) if ranking.goal.is_deal else ((), ())
    return Study(pos, ranking, best, shapes, gains, stakes)
