"""Round scoring (rules.md section 6) as data that templates explain.

:func:`score_round` gives one :class:`ScoreItem` per thing a side scores, in
the count-out order of section 7 (penalties first: they are off the score
before the count).  :func:`instant_points` gives what a move scores at once,
and :func:`certain_items` what a side is sure of for a claim, item by item.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .cards import SPADE, Card
from .frozen import pickled_by_constructor
from .moves import Move
from .position import Position
from .state import RoundState
from .variant import Variant

JACK_OF_SPADES = Card.from_str("JS")
_POINT_CARD_ORDER: tuple[Card, ...] = tuple(Card.from_str(c) for c in ("10D", "2S", "AS", "AC", "AH", "AD"))

Detail = Card | int | tuple[int, ...] | None
"""What explains an item (see :class:`ScoreItem`)."""


@dataclass(frozen=True)
class ScoreItem:
    """Points ``side`` scores for one reason (``code``).

    ``detail`` by code: ``most_cards`` cards per side; ``most_spades`` spades
    per side; ``spade_points`` (spades taken, 1 if the jack of spades is among
    them else 0); ``point_card`` the card; ``sweeps`` and ``penalty`` the
    count; ``skunk`` None.
    """

    code: str
    side: int
    points: int
    detail: Detail = None


@dataclass(frozen=True)
class RoundScore:
    """A round's score: items in count-out order, totals per side.

    ``cards`` and ``spades`` count what each side took (they explain a tie);
    ``available`` is what the round hands out (round points, sweeps made, a
    skunk bonus; at its end, less the point cards nobody took); ``skunk`` is
    the side that took every point, sweeps aside, when the ``skunk`` option is
    on.
    """

    items: tuple[ScoreItem, ...]
    totals: tuple[int, ...]
    cards: tuple[int, ...]
    spades: tuple[int, ...]
    available: int
    skunk: int | None = None


def point_card_order(card: Card) -> tuple[int, int]:
    """Count-out order of point cards: 10D, 2S, aces S C H D, then the others."""
    if card in _POINT_CARD_ORDER:
        return (_POINT_CARD_ORDER.index(card), 0)
    return (len(_POINT_CARD_ORDER), int(card))


def round_points(variant: Variant) -> int:
    """The points a round holds, sweeps aside: 11 classic, 24 spade, 10 italian."""
    points = variant.most_cards + variant.effective_most_spades + sum(variant.point_card_table)
    if variant.spade_points:
        spades = [c for c in variant.deck_cards if c.suit == "S"]
        points += len(spades) + (JACK_OF_SPADES in spades)
    return points


def seat_piles(pos: Position) -> list[list[Card]]:
    """Cards taken per seat; once the round is over the table's residue counts for the last capturer."""
    assert pos.captured is not None
    piles = [list(pile) for pile in pos.captured]
    if pos.last_capturer is not None and pos.is_round_over():
        piles[pos.last_capturer].extend(pos.table_cards())
    return piles


def side_piles(pos: Position) -> list[list[Card]]:
    """Cards taken per side (partners pooled), the residue included once the round is over (:func:`seat_piles`)."""
    piles: list[list[Card]] = [[] for _ in range(pos.sides)]
    for seat, pile in enumerate(seat_piles(pos)):
        piles[pos.side_of(seat)].extend(pile)
    return piles


def _per_side(pos: Position, per_seat: Sequence[int]) -> list[int]:
    out = [0] * pos.sides
    for seat, n in enumerate(per_seat):
        out[pos.side_of(seat)] += n
    return out


def _majority(counts: Sequence[int]) -> int | None:
    """The side with strictly more than every other, or None on a tie."""
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


def score_round(pos: Position) -> RoundScore:
    """Score what has been taken so far, with sweeps and penalties; at the end
    of a round, the round's score."""
    assert pos.sweeps is not None and pos.penalties is not None
    v = pos.variant
    piles = side_piles(pos)
    cards = tuple(len(p) for p in piles)
    spades = tuple(sum(map(SPADE.__getitem__, p)) for p in piles)
    items: list[ScoreItem] = []
    if v.default_penalty:
        for side, n in enumerate(_per_side(pos, pos.penalties)):
            if n:
                items.append(ScoreItem("penalty", side, -n * v.default_penalty, n))
    for code, points, counts in (("most_cards", v.most_cards, cards), ("most_spades", v.effective_most_spades, spades)):
        winner = _majority(counts)
        if points and winner is not None:
            items.append(ScoreItem(code, winner, points, counts))
    if v.spade_points:
        for side, pile in enumerate(piles):
            if spades[side]:
                jack = int(JACK_OF_SPADES in pile)
                items.append(ScoreItem("spade_points", side, spades[side] + jack, (spades[side], jack)))
    table = v.point_card_table
    owners = {c: side for side, pile in enumerate(piles) for c in pile if table[c]}
    for c in sorted(owners, key=point_card_order):
        items.append(ScoreItem("point_card", owners[c], table[c], c))
    if v.sweep_points:
        for side, n in enumerate(_per_side(pos, pos.sweeps)):
            if n:
                items.append(ScoreItem("sweeps", side, n * v.sweep_points, n))
    skunk = _skunk(pos, items) if v.skunk != "none" and pos.is_round_over() else None
    if skunk is not None and v.skunk == "bonus":
        items.append(ScoreItem("skunk", skunk, 1))
    totals = [0] * pos.sides
    for item in items:
        totals[item.side] += item.points
    available = round_points(v) + sum(pos.sweeps) * v.sweep_points + sum(i.code == "skunk" for i in items)
    if pos.is_round_over():  # cards nobody took (a round the instant limit ends early) hand out nothing
        taken = {c for pile in piles for c in pile}
        untaken = [c for c in v.deck_cards if c not in taken]
        available -= sum(table[c] for c in untaken)
        if v.spade_points:
            available -= sum(1 + (c == JACK_OF_SPADES) for c in untaken if c.suit == "S")
    return RoundScore(tuple(items), tuple(totals), cards, spades, available, skunk)


def round_margin(pos: Position, side: int) -> int:
    """``side``'s points of :func:`score_round` less the best other side's: at the end of a round, its value for
    ``side`` (the ``deal`` goal's)."""
    totals = score_round(pos).totals
    return totals[side] - max(t for s, t in enumerate(totals) if s != side)


class PileCounts:
    """What each seat's pile holds now (its length, point cards, spades, the jack of spades): where every position
    asked of later grew from this one (moves pushed, never one popped past it), :func:`taken_points` counts only
    the cards taken since.  A playout's end asks for a world's piles again and again, of which it adds a few."""

    def __init__(self, pos: Position) -> None:
        assert pos.captured is not None
        table = pos.variant.point_card_table
        self.lengths = [0] * pos.players
        self.points = [0] * pos.players
        self.spades = [0] * pos.players
        self.jack = -1  # the seat that took the jack of spades
        for seat, pile in enumerate(pos.captured):
            if _count_pile(pile, 0, seat, table, self.points, self.lengths, self.spades):
                self.jack = seat


def taken_points(pos: Position, base: PileCounts | None = None) -> tuple[list[int], list[int], list[int]]:
    """Each side's points from what it has taken, its sweeps and its penalties (:func:`score_round`'s items but
    the majorities and the skunk, summed), and the cards and spades each side took: for a playout's end, where
    the items themselves are not needed; ``base``, the piles of a position ``pos`` grew from, counted once."""
    assert pos.sweeps is not None and pos.penalties is not None
    assert pos.captured is not None
    v = pos.variant
    table = v.point_card_table
    points = [0] * pos.sides
    cards, spades = [0] * pos.sides, [0] * pos.sides
    jack = -1  # the side that took the jack of spades
    for seat, pile in enumerate(pos.captured):  # not copied into side_piles: a playout's end asks at every playout
        side = pos.side_of(seat)
        start = 0
        if base is not None:
            start = base.lengths[seat]
            cards[side] += start
            points[side] += base.points[seat]
            spades[side] += base.spades[seat]
            if base.jack == seat:
                jack = side
        if _count_pile(pile, start, side, table, points, cards, spades):
            jack = side
    if pos.last_capturer is not None and pos.is_round_over():  # the residue, as seat_piles counts it
        if _count_pile(pos.table_cards(), 0, pos.side_of(pos.last_capturer), table, points, cards, spades):
            jack = pos.side_of(pos.last_capturer)
    if v.spade_points:
        for side in range(pos.sides):
            if spades[side]:
                points[side] += spades[side] + (jack == side)
    if v.default_penalty:
        for side, n in enumerate(_per_side(pos, pos.penalties)):
            points[side] -= n * v.default_penalty
    if v.sweep_points:
        for side, n in enumerate(_per_side(pos, pos.sweeps)):
            points[side] += n * v.sweep_points
    return points, cards, spades


def _count_pile(pile: list[Card], start: int, side: int, table: tuple[int, ...], points: list[int], cards: list[int],
                spades: list[int]) -> bool:
    """Add the point cards (by ``table``), cards and spades of ``pile`` from its ``start``-th card to ``side``'s;
    whether they hold the jack of spades."""
    jack, total, spade = False, 0, 0
    the_jack: int = JACK_OF_SPADES
    for k in range(start, len(pile)):
        c: int = pile[k]  # unboxed: a tuple indexed by an int, not through the item protocol (a Card is no native int)
        total += table[c]
        spade += SPADE[c]
        if c == the_jack:
            jack = True
    cards[side] += len(pile) - start
    points[side] += total
    spades[side] += spade
    return jack


def _skunk(pos: Position, items: Sequence[ScoreItem]) -> int | None:
    """The side whose items, sweeps and penalties aside, are every point of the round."""
    whole = round_points(pos.variant)
    taken = [0] * pos.sides
    for item in items:
        if item.code not in ("sweeps", "penalty"):
            taken[item.side] += item.points
    return taken.index(whole) if whole and whole in taken else None


@dataclass(frozen=True)
class Tie:
    """A majority nobody scores: ``code`` (``most_cards``, ``most_spades``), the counts per side, and the
    ``points`` it would have scored."""

    code: str
    counts: tuple[int, ...]
    points: int


def majority_ties(pos: Position, score: RoundScore) -> tuple[Tie, ...]:
    """The majorities the variant scores that no side won outright."""
    v = pos.variant
    won = {item.code for item in score.items}
    majorities = (("most_cards", v.most_cards, score.cards), ("most_spades", v.effective_most_spades, score.spades))
    return tuple(Tie(code, counts, points) for code, points, counts in majorities if points and code not in won)


def instant_points(pos: Position, move: Move) -> tuple[ScoreItem, ...]:
    """What ``move`` (about to be pushed on ``pos``) scores at once for the
    mover's side: its penalty (build duty ``penalty``), the point cards it
    takes (``instant_points``) and its sweep (``instant_sweeps``)."""
    v = pos.variant
    side = pos.side_of(pos.to_move)
    items: list[ScoreItem] = []
    if v.default_penalty and pos.penalised(move):
        items.append(ScoreItem("penalty", side, -v.default_penalty, 1))
    if move.is_capture:
        if v.instant_points:
            table = v.point_card_table
            taken = sorted((c for c in (move.card, *move.captured_cards()) if table[c]), key=point_card_order)
            items += [ScoreItem("point_card", side, table[c], c) for c in taken]
        if v.instant_sweeps and v.sweep_points and pos.is_sweep(move):
            items.append(ScoreItem("sweeps", side, v.sweep_points, 1))
    return tuple(items)


def gained_at_once(pos: Position, move: Move) -> int:
    """The points ``move`` (about to be pushed on ``pos``) gains the mover's side at once: :func:`instant_points`
    without its penalty."""
    return sum(item.points for item in instant_points(pos, move) if item.code != "penalty")


def instant_so_far(pos: RoundState, residue: Collection[Card] = ()) -> list[int]:
    """What this round has scored at once so far, per side: the penalties, and the sweeps and point cards taken
    where they score the moment they are made (:func:`instant_points`, move by move).  ``residue``: the cards the
    last capturer got from the table at the round's end (:meth:`~tutor.core.position.Position.residue`); those
    already in its pile were never captured and scored nothing at once (docs/readings.md, 12)."""
    assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
    v, out = pos.variant, [0] * pos.sides
    for seat in range(pos.players):
        points = -pos.penalties[seat] * v.default_penalty
        points += pos.sweeps[seat] * v.sweep_points if v.instant_sweeps else 0
        if v.instant_points:
            pile = pos.captured[seat]
            points += sum(v.point_card_table[c] for c in pile)
            if seat == pos.last_capturer:
                points -= sum(v.point_card_table[c] for c in residue if c in pile)
        out[pos.side_of(seat)] += points
    return out


def live_scores(pos: RoundState, residue: Collection[Card] = ()) -> list[int]:
    """The score per side as a scoreboard at the table shows it now: the match points before this round (the
    position's ``scores``) with what the round has scored at once so far (:func:`instant_so_far`, ``residue`` as
    there); the count at the round's end is not in it."""
    assert pos.scores is not None
    return [s + i for s, i in zip(pos.scores, instant_so_far(pos, residue))]


SURE_CODES = ("penalty", "spade_points", "point_card", "sweeps")
"""The items of :func:`score_round` that no later card of the round can take from a side."""


def certain_items(pos: Position, side: int) -> tuple[ScoreItem, ...]:
    """The points ``side`` is sure of this round (for a claim), item by item in count-out order: its penalties,
    a majority once the side holds more than half of the deck's cards (``most_cards``) or spades
    (``most_spades``; ``detail`` the counts per side, as :func:`score_round` gives them), spades under
    ``spade_points``, its point cards and aces, and its sweeps."""
    v = pos.variant
    score = score_round(pos)
    sure = [i for i in score.items if i.side == side and i.code in SURE_CODES]
    majorities = [ScoreItem(code, side, points, counts) for code, points, counts, whole in (
        ("most_cards", v.most_cards, score.cards, len(v.deck_cards)),
        ("most_spades", v.effective_most_spades, score.spades, v.deck_spades)) if points and 2 * counts[side] > whole]
    penalties = [i for i in sure if i.code == "penalty"]
    return (*penalties, *majorities, *(i for i in sure if i.code != "penalty"))


def certain_points(pos: Position, side: int) -> int:
    """The points ``side`` is sure of this round (for a claim): the sum of :func:`certain_items`."""
    return sum(i.points for i in certain_items(pos, side))


pickled_by_constructor(ScoreItem, RoundScore, Tie)  # compiled by mypyc, see tutor.core.frozen
