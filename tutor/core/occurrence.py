"""Whether a position can occur in a real deal (rules sections 4.2, 5, 6 and 7).

A round is dealt and played by the rules: :func:`moments` lists every moment
of a round between two plays by its counts alone (cards in each hand, in the
stock, the seat to move, the cards each seat has played).  A position can
occur only at one of them, with every card of the deck in one place (a hand,
the table, a pile taken, the stock), captures, sweeps and penalties that the
plays so far allow, and scores the match allows.  :func:`impossibilities`
names each fact that cannot hold, as data: the position key it concerns, the
seat or side, and a message saying what to fix.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from .cards import Card
from .movegen import build_key, held_keys
from .round import TABLE_CARDS
from .rules import FIVE_OF_SPADES, holding_applies
from .scoring import live_scores
from .state import RoundState
from .variant import Variant


@dataclass(frozen=True)
class Moment:
    """A moment of a round before a play (or once every hand is empty): what the counts are then."""

    hands: tuple[int, ...]
    stock: int
    to_move: int
    played: tuple[int, ...]
    dealt_played: tuple[int, ...]
    """The cards each seat has played since the hands were last dealt (this round under ``draw``)."""


@dataclass(frozen=True)
class Impossible:
    """A fact of a position that no real deal has: the key it concerns (``""`` for the whole position),
    the seat or side within it (None for the whole key), and what to fix."""

    key: str
    index: int | None
    message: str
    code: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    """The message as data where there is one: a key of the words' ``files.yaml`` and its parameters."""


@cache
def moments(variant: Variant, players: int, dealer: int) -> tuple[Moment, ...]:
    """Every moment of a round dealt by ``dealer``, in order: deals in packets from the seat after the
    dealer, four cards to the table on the first, one card a turn in seat order (seats without cards
    passed), a card drawn after each play under ``draw``, new deals while the stock lasts otherwise."""
    size, packet = variant.hand_size_resolved, variant.packet
    stock = len(variant.deck_cards)
    hands = [0] * players
    played = [0] * players
    since = [0] * players
    order = [(dealer + 1 + i) % players for i in range(players)]

    def deal() -> None:
        nonlocal stock
        since[:] = [0] * players
        while stock and any(h < size for h in hands):
            for seat in order:
                n = min(packet, size - hands[seat], stock)
                hands[seat] += n
                stock -= n

    deal()
    stock -= min(TABLE_CARDS, stock)
    to_move = order[0]
    out: list[Moment] = []
    while True:
        out.append(Moment(tuple(hands), stock, to_move, tuple(played), tuple(since)))
        if not any(hands):
            if not stock or variant.draw:
                return tuple(out)
            deal()
            continue
        hands[to_move] -= 1
        played[to_move] += 1
        since[to_move] += 1
        if variant.draw and stock:
            hands[to_move] += 1
            stock -= 1
        to_move = next((s for s in ((to_move + k) % players for k in range(1, players + 1)) if hands[s]),
                       (to_move + 1) % players)


def impossibilities(pos: RoundState) -> list[Impossible]:
    """What in ``pos`` no real deal can show; empty when it can occur."""
    out = _cards(pos)
    moment, shape = _moment(pos)
    if shape is not None:
        out.append(shape)
    if moment is not None:
        out += _captures(pos, moment) + _piles(pos, moment) + _penalties(pos, moment)
    return out + unheld_builds(pos) + _last_capture(pos) + _scores(pos)


# ---- the cards and the deal ----------------------------------------------------------


def _cards(pos: RoundState) -> list[Impossible]:
    assert pos.captured is not None and pos.stock is not None
    deck = len(pos.variant.deck_cards)
    named = sum(map(len, pos.hands)) + len(pos.table_cards()) + sum(map(len, pos.captured)) + len(pos.stock)
    unknown = sum(pos.hidden_counts) + pos.stock_hidden
    missing = deck - named - unknown
    if missing <= 0:
        return []  # too many cards is the reader's own problem
    stocks = _stocks(pos, pos.dealer)
    told = f" (with these hands it holds {_counts(stocks)})" if stocks else ""
    others = "other" if missing == 1 else "others"
    return [Impossible("", None, f"this position places {named + unknown} of the {deck} cards "
                                 f"({named} named, {unknown} unknown): in a real deal "
                                 f"every card is somewhere; count the {missing} {others} in stock:{told} or "
                                 "list them under captured: (the cards taken this round)", "missing_cards",
                       (("placed", named + unknown), ("deck", deck), ("named", named),
                        ("unknown", unknown), ("missing", missing), ("stocks", stocks)))]


def _moment(pos: RoundState) -> tuple[Moment | None, Impossible | None]:
    """The moment of the round the hands, the stock and the seat to move show, or why there is none."""
    assert pos.dealer is not None
    sizes = tuple(pos.hand_size(s) for s in range(pos.players))
    found = _matching(pos, pos.dealer, sizes)
    if found is not None:
        return found, None
    shown = _listing([str(n) for n in sizes])
    told = f"hands of {shown} cards with seat {pos.to_move} to move and seat {pos.dealer} dealing"
    params = (("sizes", list(sizes)), ("to_move", pos.to_move), ("dealer", pos.dealer))
    dealers = [d for d in range(pos.players) if d != pos.dealer and _matching(pos, d, sizes) is not None]
    if dealers:
        return None, Impossible("dealer", None, f"{told} cannot occur: seats play in turn from the seat after the "
                                                f"dealer; with seat {dealers[0]} dealing they can (dealer: "
                                                f"{dealers[0]})", "other_dealer", (*params, ("other", dealers[0])))
    stocks = _stocks(pos, pos.dealer)
    if stocks:
        return None, Impossible("stock", None, f"with {told}, the stock holds {_counts(stocks)} cards in a real "
                                               f"deal, not {pos.stock_size}", "stock_size",
                                (*params, ("stocks", stocks), ("stock", pos.stock_size)))
    size = pos.variant.hand_size_resolved
    return None, Impossible("hands", None, f"{told} cannot occur in a real deal: each deal gives every seat "
                                           f"{size} cards, and the seats play one card a turn, in order from "
                                           "the seat after the dealer; give the other hands as many cards as "
                                           "that leaves them", "hand_sizes", (*params, ("size", size)))


def _stocks(pos: RoundState, dealer: int | None) -> list[int]:
    """The stock sizes a real deal shows with the position's hands, seat to move and dealer, largest first."""
    sizes = tuple(pos.hand_size(s) for s in range(pos.players))
    assert dealer is not None
    return sorted({m.stock for m in moments(pos.variant, pos.players, dealer)
                   if m.hands == sizes and (m.to_move == pos.to_move or not any(sizes))}, reverse=True)


def _matching(pos: RoundState, dealer: int, sizes: tuple[int, ...]) -> Moment | None:
    for m in moments(pos.variant, pos.players, dealer):
        if m.hands == sizes and m.stock == pos.stock_size and (m.to_move == pos.to_move or not any(sizes)):
            return m
    return None


# ---- captures, sweeps, the last capture ------------------------------------------------


def _captures(pos: RoundState, moment: Moment) -> list[Impossible]:
    """Each capture takes the card played and at least one more, so a seat's pile and sweeps need plays; a
    build is made with a card played, so its controller has played; under the holding rule (4.1) a seat's last
    card of a deal leaves it no build, so it has played since the hands were dealt."""
    assert pos.captured is not None and pos.sweeps is not None
    out: list[Impossible] = []
    for b in pos.builds:
        if not moment.played[b.owner]:
            out.append(Impossible("table", None, f"seat {b.owner} controls the {b.value_label}-build but has not "
                                                 "played a card this round", "build_unplayed",
                                  (("seat", b.owner), ("value", b.value_label))))
            break
        if not moment.dealt_played[b.owner] and holding_applies(pos.variant):
            out.append(Impossible("table", None, f"seat {b.owner} controls the {b.value_label}-build but has not "
                                                 "played a card since the hands were dealt: under the holding "
                                                 "rule (4.1) a seat's last card of a deal leaves it no build; "
                                                 "give it a card fewer", "build_undealt",
                                  (("seat", b.owner), ("value", b.value_label))))
            break
    for seat, (pile, sweeps, played) in enumerate(zip(pos.captured, pos.sweeps, moment.played)):
        if pile and not played:
            out.append(Impossible("captured", seat, f"seat {seat} has taken cards but has not played a card "
                                                    "this round", "taken_unplayed", (("seat", seat),)))
        elif len(pile) == 1:
            out.append(Impossible("captured", seat, f"seat {seat} has taken 1 card, but a capture takes the "
                                                    "card played and at least one from the table", "taken_one",
                                  (("seat", seat),)))
        if sweeps > played:
            out.append(Impossible("sweeps", seat, f"seat {seat} has made {_count(sweeps, 'sweep')} but played "
                                                  f"only {_count(played, 'card')} this round", "sweeps_unplayed",
                                  (("seat", seat), ("sweeps", sweeps), ("played", played))))
        elif len(pile) < 2 * sweeps:
            out.append(Impossible("sweeps", seat, f"seat {seat} has made {_count(sweeps, 'sweep')} but taken "
                                                  f"only {_count(len(pile), 'card')}; each sweep takes 2 or more",
                                  "sweeps_untaken", (("seat", seat), ("sweeps", sweeps), ("taken", len(pile)))))
    return out


SPLIT_STEPS = 20_000
"""The steps :func:`_splits` takes before it gives up and lets a pile pass: a pile of many low cards that
does not split could otherwise take very long to rule out."""

FACE_NAMES = {"J": "jack", "Q": "queen", "K": "king"}


def _piles(pos: RoundState, moment: Moment) -> list[Impossible]:
    """Each pile taken is made of captures, no more of them than its seat has played: in each, the card played
    with one or more groups of its capture value (loose cards or a build's piles), or a valueless face card
    with one card of its rank (any number of them, face builds too, under ``face_capture: all``)."""
    assert pos.captured is not None
    if pos.is_round_over():
        return []  # the table's rest has gone to the last capturer
    v = pos.variant
    out: list[Impossible] = []
    for seat, (pile, played) in enumerate(zip(pos.captured, moment.played)):
        if len(pile) < 2 or not played or (v.five_of_spades_sweep and FIVE_OF_SPADES in pile):
            continue  # taken_one's and taken_unplayed's; the five of spades may take any table
        faces: dict[str, list[Card]] = {}
        for c in pile:
            if not v.capture_values[c]:
                faces.setdefault(c.rank, []).append(c)
        odd = next((rank for rank, cards in faces.items()
                    if len(cards) == 1 or (len(cards) % 2 and not v.face_builds)), None)
        if odd is not None:
            cards = [str(c) for c in faces[odd]]
            name = FACE_NAMES[odd]
            told = (f"is taken only by a {name}: {name}s are taken two or more at a time" if v.face_builds
                    else f"takes one {name} a capture: {name}s are taken two at a time")
            out.append(Impossible("captured", seat, f"seat {seat} has taken {' '.join(cards)}, but a {name} without "
                                                    f"a value {told}", "taken_faces",
                                  (("seat", seat), ("rank", odd), ("cards", cards), ("gather", v.face_builds))))
            continue
        face_captures = sum(1 if v.face_builds else len(cards) // 2 for cards in faces.values())
        numbers = [c for c in pile if v.capture_values[c]]
        if numbers and not _splits(v, numbers, played - face_captures):
            cards = [str(c) for c in numbers]
            out.append(Impossible("captured", seat, f"seat {seat} has taken {' '.join(cards)}, which the "
                                                    f"{_count(played, 'card')} it has played this round cannot have "
                                                    "taken: a capture is the card played with table cards of its "
                                                    "value or adding up to it", "taken_unsplit",
                                  (("seat", seat), ("cards", cards), ("played", played))))
    return out


class _GaveUp(Exception):
    pass


def _splits(variant: Variant, cards: Sequence[Card], most: int) -> bool:
    """Whether ``cards`` (with values) split into at most ``most`` captures: groups of one value each, at least
    two of a value, one of them a single card that captures that value from the hand (the card played).
    True also when the search gives up (:data:`SPLIT_STEPS`)."""
    if _split_plainly(variant, cards, most):
        return True
    ordered = sorted(cards, key=lambda c: -variant.value[c])
    values = [variant.value[c] for c in ordered]
    top = variant.max_build
    tried: set[tuple[int, int]] = set()
    steps = 0

    def fits(left: int, made: _Made) -> bool:
        nonlocal steps
        if not left:
            return made.bits == made.done
        if (left, made.bits) in tried:
            return False
        tried.add((left, made.bits))
        first = (left & -left).bit_length() - 1
        rest = [k for k in range(first + 1, len(values)) if left >> k & 1]
        for value in range(values[first], top + 1):
            single = value in variant.capture_values[ordered[first]]
            for group in _groups(values, rest, value - values[first]):
                steps += 1
                if steps > SPLIT_STEPS:
                    raise _GaveUp
                more = made.plus(value, single and not group)
                if more.used <= most and fits(left & ~group & ~(1 << first), more):
                    return True
        for value in variant.capture_values[ordered[first]]:
            more = made.plus(value, True)  # an ace counting 14
            if value != values[first] and more.used <= most and fits(left & ~(1 << first), more):
                return True
        return False

    try:
        return fits((1 << len(values)) - 1, _Made(0, 0, 0))
    except _GaveUp:
        return True


def _split_plainly(variant: Variant, cards: Sequence[Card], most: int) -> bool:
    """Whether ``cards`` split as most piles taken do, found without a search: each value held twice or more
    taken by one of its cards, and each card of a value held once, from the highest, either played to take
    cards that add up to its value, or added up with cards to a value already taken, the cards added being of
    values held once or beyond two of a value. False says only that this way finds no split."""
    count: dict[int, int] = {}
    for c in cards:
        count[variant.value[c]] = count.get(variant.value[c], 0) + 1
    taken = {v for v, n in count.items() if n > 1}
    seen: dict[int, int] = {}
    spare = []  # each card of a value held once, and each beyond the first two of a value
    for c in sorted(cards, key=lambda c: -variant.value[c]):
        seen[variant.value[c]] = seen.get(variant.value[c], 0) + 1
        if count[variant.value[c]] == 1 or seen[variant.value[c]] > 2:
            spare.append(c)
    values = [variant.value[c] for c in spare]
    free = (1 << len(spare)) - 1
    top = variant.max_build
    for i, card in enumerate(spare):
        if count[values[i]] > 1 or not free >> i & 1:
            continue  # it may stay with the others of its value
        free &= ~(1 << i)
        rest = [k for k in range(len(spare)) if free >> k & 1]
        if values[i] in variant.capture_values[card]:
            group = next(_groups(values, rest, values[i]), 0)
            if group:
                free &= ~group
                taken.add(values[i])
                continue
        joined = next((group for v in sorted(taken) if values[i] < v <= top
                       for group in _groups(values, rest, v - values[i])), 0)
        if not joined:
            return False
        free &= ~joined
    return len(taken) <= most and all(any(v in variant.capture_values[c] for c in cards if variant.value[c] == v)
                                      for v in taken)


class _Made(NamedTuple):
    """The groups of a split so far, by value, as bits: 3 from ``3 * value``, the groups of that value counted
    to 2 and, in the third, whether one of them is a card played."""

    bits: int
    done: int
    """``bits`` as they read when each value used has 2 groups or more, one a card played (0b110 each)."""
    used: int
    """How many values have a group: the captures the split makes."""

    def plus(self, value: int, single: bool) -> _Made:
        """One more group of ``value`` (a card played when ``single``)."""
        shift = 3 * value
        old = self.bits >> shift & 7
        new = min((old & 3) + 1, 2) | old & 4 | (4 if single else 0)
        if old:
            return _Made(self.bits ^ (old ^ new) << shift, self.done, self.used)
        return _Made(self.bits | new << shift, self.done | 6 << shift, self.used + 1)


def _groups(values: Sequence[int], indices: Sequence[int], need: int, start: int = 0) -> Iterator[int]:
    """The sets (as bit masks) of ``indices`` from ``start`` whose values total ``need``: each set of values once
    (``indices`` run through cards of equal value side by side, the values not rising), the first cards of each
    value taken, as cards of one value are alike here."""
    if not need:
        yield 0
        return
    for j in range(start, len(indices)):
        k = indices[j]
        if j > start and values[k] == values[indices[j - 1]]:
            continue  # the same set of values as with the card before
        if values[k] <= need:
            for more in _groups(values, indices, need - values[k], j + 1):
                yield more | 1 << k


def _last_capture(pos: RoundState) -> list[Impossible]:
    """Someone has captured exactly when some pile holds cards; an empty table in play follows a sweep."""
    assert pos.captured is not None and pos.sweeps is not None
    last = pos.last_capturer
    if last is None:
        if any(pos.captured):
            return [Impossible("last_capturer", None, "cards have been taken this round, so last_capturer: "
                                                      "must name the seat that captured last", "no_last_capturer")]
        return []
    if not pos.captured[last]:
        return [Impossible("last_capturer", None, f"the last capturer, seat {last}, has taken no cards",
                           "last_capturer_untaken", (("seat", last),))]
    if pos.table_empty and not pos.is_round_over() and not pos.sweeps[last]:
        return [Impossible("sweeps", last, f"the table is empty in the middle of a round, which only a sweep "
                                           f"does; the last capturer, seat {last}, has made none", "empty_table",
                           (("seat", last),))]
    return []


# ---- penalties and scores --------------------------------------------------------------


def _penalties(pos: RoundState, moment: Moment) -> list[Impossible]:
    """A penalty turn is a turn played under build duty ``penalty``; one is due for a build its controller
    cannot take; the instant limit ends the round when it is reached."""
    assert pos.penalties is not None
    v = pos.variant
    out: list[Impossible] = []
    for seat, (count, played) in enumerate(zip(pos.penalties, moment.played)):
        if count > played:  # a count without build duty penalty is refused by the reader (loading.positions)
            out.append(Impossible("penalties", seat, f"seat {seat} has {_count(count, 'penalty turn')} but has "
                                                     f"played only {_count(played, 'card')} this round",
                                  "penalties_unplayed", (("seat", seat), ("count", count), ("played", played))))
        elif not count and v.penalties and _holds_too_little(pos, seat):
            out.append(Impossible("penalties", seat, f"seat {seat} controls a build it holds no card for, "
                                                     "which cost a penalty turn when it came about; count it",
                                  "penalty_uncounted", (("seat", seat),)))
        if v.instant_limit is not None and pos.instant_marks(seat) > v.instant_limit:
            out.append(Impossible("penalties", seat, f"seat {seat} has {pos.instant_marks(seat)} instant scores "
                                                     f"against it, but the round ends at {v.instant_limit}",
                                  "instant_limit", (("seat", seat), ("marks", pos.instant_marks(seat)),
                                                    ("limit", v.instant_limit))))
    return out


def _holds_too_little(pos: RoundState, seat: int) -> bool:
    """The seat cannot take each of its builds with a card it may hold: its known cards and, when it hides
    some, any card no seat can see."""
    mine = {build_key(b) for b in pos.builds if b.owner == seat}
    if not mine:
        return False
    cards = [*pos.hands[seat], *(_unseen(pos) if pos.hidden_counts[seat] else ())]
    return not held_keys(pos.variant, cards).covers(mine)


def _unseen(pos: RoundState) -> list[Card]:
    """The deck's cards that the position does not name (in a hidden hand or the unknown stock)."""
    assert pos.captured is not None and pos.stock is not None
    named = {*pos.table_cards(), *pos.stock, *(c for hand in pos.hands for c in hand),
             *(c for pile in pos.captured for c in pile)}
    return [c for c in pos.variant.deck_cards if c not in named]


def unheld_builds(pos: RoundState) -> list[Impossible]:
    """Under the holding rule (4.1) a build's controller always holds a card that takes it."""
    if not holding_applies(pos.variant):
        return []
    return [Impossible("table", None, f"seat {seat} controls the {_builds(pos, seat)} but no card it may hold "
                                      "takes it, and the holding rule (4.1) keeps such a card in the "
                                      "controller's hand; leave one where the seat may hold it (its hand, "
                                      "or unseen)", "unheld_seen",
                       (("seat", seat), ("values", [b.value_label for b in pos.builds if b.owner == seat])))
            for seat in range(pos.players) if _holds_too_little(pos, seat)]


def _builds(pos: RoundState, seat: int) -> str:
    labels = [f"{b.value_label}-build" for b in pos.builds if b.owner == seat]
    return _listing(labels) + ("" if len(labels) == 1 else "s")


def _scores(pos: RoundState) -> list[Impossible]:
    """Round points are never negative without fines; the match ends when a side reaches the target, at the
    end of a round (unless ``higher_total`` finds the leaders tied) or at once by an instant score."""
    assert pos.scores is not None
    v = pos.variant
    out: list[Impossible] = []
    for side, score in enumerate(pos.scores):
        if score < 0 and not v.penalties:
            out.append(Impossible("scores", side, f"side {side} has {score} points, but no round costs points "
                                                  "in this variant", "negative_score", (("side", side), ("score", score))))
    best = max(pos.scores)
    tied = sum(s == best for s in pos.scores) > 1
    if best >= v.target and not (v.tie_break == "higher_total" and tied):
        side = pos.scores.index(best)
        out.append(Impossible("scores", side, f"side {side} has {best} points and the target is {v.target}: "
                                              "the match would be over before this round", "over_before",
                              (("side", side), ("score", best), ("target", v.target))))
    elif not pos.is_round_over():
        for side, live in enumerate(live_scores(pos)):
            if live >= v.target > pos.scores[side]:
                out.append(Impossible("scores", side, f"with what this round has scored at once, side {side} "
                                                      f"has {live} points and the target is {v.target}: the match "
                                                      "would be over", "over_now",
                                      (("side", side), ("score", live), ("target", v.target))))
    return out


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'s' if n != 1 else ''}"


def _counts(numbers: Sequence[int]) -> str:
    """``40, 32 or 24``; a long run as ``40, 38, … or 0``."""
    shown = [str(n) for n in numbers]
    if len(shown) > 6:
        return f"{shown[0]}, {shown[1]}, … or {shown[-1]}"
    return _listing(shown, "or")


def _listing(items: Sequence[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"
