"""Engine data as the templates read it: plain values, no words.

The templates name seats, sides and scoring items themselves; these views
gather what they show, with cards and moves in the renderer's card form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.content import presets
from tutor.core.cards import Card
from tutor.core.comparison import MoveFacts
from tutor.core.moves import Move
from tutor.core.notation import build_text
from tutor.core.position import Position
from tutor.core.scoring import Detail, ScoreItem, gained_at_once, live_scores, point_card_order, score_round, side_piles
from tutor.core.variant import Variant

Show = Callable[[str], str]
"""Text in the move notation (card codes like ``QS``) as the learner reads it (``Q♠``, ``D♠``)."""

_NOTATION_ITEM = re.compile(r"(?:\[[^\]]*\]|[^\s\[\]])+")  # a build may join a group: [4C+2D]+3H


@dataclass(frozen=True)
class BuildView:
    """A build on the table: its cards as piles (``[5♦+3♠]``), value (a face build's: its rank's letter), controller."""

    text: str
    value: str
    owner: int
    multiple: bool
    face: bool


@dataclass(frozen=True)
class SeatView:
    """One seat: known cards, unknown ones, what it has taken this round."""

    seat: int
    cards: tuple[Card, ...]
    hidden: int
    taken: int
    sweeps: int
    penalties: int
    to_move: bool


@dataclass(frozen=True)
class PositionView:
    """A position for the terminal; ``seats`` start with the seat to move.

    ``sides`` lists the seats of each side, ``scores`` its points as a scoreboard at the table shows them at
    that moment: the match points with what the round has scored at once so far (docs/formats.md, Positions).
    """

    loose: tuple[Card, ...]
    builds: tuple[BuildView, ...]
    seats: tuple[SeatView, ...]
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    target: int
    stock: int
    to_move: int
    round_over: bool
    penalties: bool


def position_view(pos: Position, show: Show, penalties: bool = True, ended: bool = False,
                  scores: Sequence[int] | None = None) -> PositionView:
    """The view of ``pos``, builds in the notation as ``show`` shows it; ``penalties``: each seat's penalty turns
    are shown (under build duty ``penalty``); ``ended``: the game ended with cards still in play (an instant win, a
    claim), so that the round is over and nobody is to move; ``scores``: the score to show where a game keeps it
    (after a round's count), else the position's :func:`live_scores`."""
    assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
    values = pos.variant.value
    builds = tuple(
        BuildView(show(build_text(b, values)), b.value_label, b.owner, not b.single and not b.face, b.face)
        for b in pos.builds
    )
    over = ended or pos.is_round_over()
    first = 0 if over else pos.to_move  # nobody is to move once the round is over: seat order
    order = [(first + i) % pos.players for i in range(pos.players)]
    seats = tuple(
        SeatView(
            s, tuple(pos.hands[s]), pos.hidden_counts[s], len(pos.captured[s]), pos.sweeps[s], pos.penalties[s],
            s == pos.to_move,
        )
        for s in order
    )
    sides = tuple(tuple(s for s in range(pos.players) if pos.side_of(s) == side) for side in range(pos.sides))
    return PositionView(
        tuple(pos.loose), builds, seats, sides, tuple(live_scores(pos, pos.residue()) if scores is None else scores),
        pos.variant.target, pos.stock_size, pos.to_move, over, penalties and pos.variant.penalties,
    )


@dataclass(frozen=True)
class Step:
    """One move of a line of play: who plays it, in the notation, and what changes hands.

    ``taken`` are the table cards it takes; ``point_cards`` the cards with
    round points among the card played and those taken, ``spades`` the spades
    among them; ``sweep`` whether it clears the table; ``breach`` whether it breaks the build duty where that costs
    the mover's side (Michigan); ``at_once`` the points it scores the moment it is made (a sweep under
    ``instant_sweeps``, point cards under ``instant_points``; its penalty apart); ``played_counts`` whether the card
    played is among the point cards or the spades counted (where the most spades score), which the words then say.
    """

    seat: int
    notation: str
    kind: str
    taken: tuple[Card, ...]
    point_cards: tuple[tuple[Card, int], ...]
    spades: int
    sweep: bool
    breach: bool = False
    at_once: int = 0
    played_counts: bool = False


@dataclass(frozen=True)
class LineView:
    """A line of play move by move; ``residue`` the cards left on the table at the end of
    the round, which go to the seat ``residue_seat`` (the last to capture); ``end`` the
    position the line leads to; ``limit_seat``: the seat whose instant scores (the other sides' sweeps and its
    own penalties) reached the variant's instant limit, when that ended the round early (cards still to play)."""

    steps: tuple[Step, ...]
    residue: tuple[Card, ...]
    residue_seat: int | None
    end: Position
    limit_seat: int | None = None


def scored_cards(pos: Position, move: Move) -> tuple[tuple[tuple[Card, int], ...], int]:
    """The point cards (with their points) and the number of spades a capture puts in a pile."""
    if not move.is_capture:
        return (), 0
    cards = (move.card, *move.captured_cards())
    card_points = pos.variant.card_points
    return tuple((c, card_points[c]) for c in cards if card_points[c]), sum(c.suit == "S" for c in cards)


def line_view(pos: Position, line: Sequence[Move], show: Show) -> LineView:
    """``line`` played from ``pos`` (on a copy), with what each move takes."""
    after = pos.copy()
    steps: list[Step] = []
    residue: tuple[Card, ...] = ()
    for move in line:
        points, spades = scored_cards(after, move)
        steps.append(Step(
            after.to_move, show(after.notation(move)), move.kind, tuple(move.captured_cards()), points, spades,
            after.is_sweep(move), after.penalised(move), gained_at_once(after, move),
            move.is_capture and (bool(after.variant.card_points[move.card])
                                 or (bool(after.variant.effective_most_spades) and move.card.suit == "S")),
        ))
        left = after.table_after(move)
        after.push(move)
        if after.is_round_over() and after.last_capturer is not None:
            residue = (*left[0], *(c for b in left[1] for c in b.cards))
    at_limit = limit_seats(after)
    return LineView(tuple(steps), residue, after.last_capturer if residue else None, after,
                    at_limit[0] if at_limit else None)


def limit_seats(pos: Position) -> list[int]:
    """The seats whose instant scores (the other sides' sweeps and their own penalties) reached the variant's
    instant limit, when that has ended the round early (cards still to play); else none."""
    limit = pos.variant.instant_limit
    if limit is None or not pos.limit_reached() or not (any(pos.hands) or pos.stock_size > 0):
        return []
    return [s for s in range(pos.players) if pos.instant_marks(s) >= limit]


@dataclass(frozen=True)
class PileView:
    """What one side has taken so far: cards, spades, the point cards (with their points) and the
    points they make together, sweeps; ``taken`` the cards themselves."""

    side: int
    cards: int
    spades: int
    point_cards: tuple[tuple[Card, int], ...]
    points: int
    sweeps: int
    taken: tuple[Card, ...]


def pile_views(pos: Position) -> tuple[PileView, ...]:
    """Each side's pile in ``pos`` (partners pooled), its point cards in the count-out order, as the score names
    them."""
    assert pos.sweeps is not None
    card_points = pos.variant.card_points
    views = []
    for side, pile in enumerate(side_piles(pos)):
        point_cards = tuple((c, card_points[c]) for c in sorted(pile, key=point_card_order) if card_points[c])
        views.append(PileView(
            side,
            len(pile),
            sum(c.suit == "S" for c in pile),
            point_cards,
            sum(n for _, n in point_cards),
            sum(n for seat, n in enumerate(pos.sweeps) if pos.side_of(seat) == side),
            tuple(sorted(pile)),
        ))
    return tuple(views)


@dataclass(frozen=True)
class MoveView:
    """A move of a comparison and what it achieves.

    ``items`` are the groups and builds it names after the card and the
    operator (``3♥+4♦``, ``7♣``); ``point_cards`` the cards with round points
    among the card played and the cards taken; ``line`` (goal ``deal``) the
    play to the end of the round, starting with this move, and ``totals`` the
    round points per side at its end.
    """

    notation: str
    card: Card
    kind: str
    items: tuple[str, ...]
    taken: tuple[Card, ...]
    point_cards: tuple[tuple[Card, int], ...]
    sweep: bool
    sweep_points: int
    values: tuple[int, ...]
    line: tuple[Step, ...]
    totals: tuple[int, ...]


def move_view(pos: Position, facts: MoveFacts, show: Show) -> MoveView:
    """The view of one move of a comparison in ``pos`` (a line is replayed on a copy)."""
    move = facts.move
    notation = show(pos.notation(move))
    items = tuple(_NOTATION_ITEM.findall(notation)[2:]) if move.kind != "trail" else ()
    # in the count-out order, as the score names them (a line's step names the card played first)
    point_cards = tuple(sorted(scored_cards(pos, move)[0], key=lambda scored: point_card_order(scored[0])))
    line: tuple[Step, ...] = ()
    totals: tuple[int, ...] = ()
    if facts.line:
        played = line_view(pos, facts.line, show)
        line = played.steps
        if played.end.is_round_over():
            totals = score_round(played.end).totals
    sweep_points = pos.variant.sweep_points if facts.sweep else 0
    return MoveView(
        notation, move.card, move.kind, items, facts.taken, point_cards, facts.sweep, sweep_points, facts.values,
        line, totals,
    )


@dataclass(frozen=True)
class ScoreRow:
    """One item of a round's score.

    ``detail`` is the item's (:class:`~tutor.core.scoring.ScoreItem`), except
    for a majority: there it is the winner's count and ``others`` are the
    other sides' counts.
    """

    code: str
    side: int
    points: int
    detail: Detail | tuple[Card, ...]
    others: tuple[int, ...] = ()


def score_row(item: ScoreItem) -> ScoreRow:
    """One item of a round's score as a row (a majority's detail holds the counts of every side)."""
    if item.code in ("most_cards", "most_spades"):
        counts = item.detail
        assert isinstance(counts, tuple)
        others = counts[: item.side] + counts[item.side + 1 :]
        return ScoreRow(item.code, item.side, item.points, counts[item.side], others)
    return ScoreRow(item.code, item.side, item.points, item.detail)


def score_rows(items: Sequence[ScoreItem]) -> tuple[ScoreRow, ...]:
    """A score's items as rows, in their order, except that a side's aces share one row (code ``aces``, the
    cards as detail, their points added), where the first of them is: a round's score fits a 24-row screen."""
    rows: list[ScoreRow] = []
    aces: dict[int, int] = {}  # a side's row of aces, by its place in rows
    for item in items:
        card = item.detail
        if item.code != "point_card" or not isinstance(card, Card) or card.rank != "A":
            rows.append(score_row(item))
        elif item.side not in aces:
            aces[item.side] = len(rows)
            rows.append(ScoreRow("aces", item.side, item.points, (card,)))
        else:
            row = rows[aces[item.side]]
            assert isinstance(row.detail, tuple)
            rows[aces[item.side]] = ScoreRow("aces", item.side, row.points + item.points, (*row.detail, card))
    return tuple(rows)


def scoring_facts(variant: Variant) -> dict[str, Any]:
    """What a move's points count in ``variant``, for the ``points`` goal's words: ``cards``, the point cards
    with their points when they differ from Classic's (else None), in the count-out order of rules 7, as every list
    of them; ``spades``, every spade scores; ``sweep``, a sweep's points."""
    classic = presets.variant()
    table = variant.point_card_table
    cards = None
    if table != classic.point_card_table:
        cards = [(c, table[c]) for c in sorted(variant.deck_cards, key=point_card_order) if table[c]]
    return {"cards": cards, "spades": variant.spade_points, "sweep": variant.sweep_points}
