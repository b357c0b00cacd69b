"""The review's reasons checked: what each :class:`~tutor.play.review.Why` claims, recomputed from engine facts.

A reason compares the move the learner played with a better one, in the
position the learner saw (the other hands hidden).  :func:`false_claim`
recomputes the claim of one reason from the rules alone (the points a card
scores in the variant, the cards a move takes, whether a sweep is open to any
hand the next player may hold, what the mover could take next turn) and says
what is false about it, or None when it holds.  A false claim is a bug of the
review, found by the tests; it is never shown to the learner.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

from tutor.core.cards import Card
from tutor.core.movegen import hand_moves
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import exposure_after, table_points, trial_hands, unseen_cards
from tutor.core.table import Build, piles

from .advisor import playout_turns
from .confirm import CONFIRM_FACTOR
from .deal_values import MOST_ORDERED
from .line_claims import LINE_CHECKS, PairCheck
from .review import LIKELY_LEAST, REASON_CODES, Why
from .risk import likely_take
from .worlds import deal_ways, every_deal, one_way

BUILDS = ("build", "raise", "add")


class Pair:
    """The two moves a reason compares, in the position the learner saw; ``worlds``: the advice's, ``drawn``: the
    worlds drawn at random the mark's values are over; ``then``: the moves the round went on with."""

    def __init__(self, pos: Position, played: Move, better: Move, worlds: int, drawn: int,
                 then: Sequence[Move] = ()) -> None:
        self.pos, self.played, self.better, self.worlds, self.drawn = pos, played, better, worlds, drawn
        self.then = then

    def after(self, move: Move) -> Position:
        """A copy of the position once ``move`` is played."""
        after = self.pos.copy()
        after.push(move)
        return after


Check = Callable[[Pair, dict[str, Any]], str | None]


def false_claim(pos: Position, played: Move, better: Move, why: Why, worlds: int,
                drawn: int | None = None, then: Sequence[Move] = ()) -> str | None:
    """What is false in ``why`` (a reason ``better`` beats ``played`` in ``pos``, the learner's view), or None.

    ``worlds``: how many worlds the advice that found the better move valued; ``drawn``: how many the mark's values
    are the mean of (its loss confirmed over more; ``worlds`` where not given); ``then``: the moves the round went
    on with after ``played`` (a last deal's line follows them while they are among the best).
    """
    pair = Pair(pos, played, better, worlds, worlds if drawn is None else drawn, then)
    return CHECKS[why.code](pair, why.params)


def sweepers(pos: Position, move: Move) -> set[Card]:
    """The cards with which some hand the next player may hold (an opponent, in this deal) captures the whole table
    ``move`` leaves."""
    side = pos.side_of(pos.to_move)
    after = pos.copy()
    after.push(move)
    seat = after.to_move
    if after.is_round_over() or after.side_of(seat) == side or not after.hand_size(seat) or not after.table_cards():
        return set()
    found = set()
    for hand in trial_hands(after, seat):
        after.hands[seat], after.hidden_counts[seat] = hand, 0
        found |= {m.card for m in hand_moves(after, others=False) if after.is_sweep(m)}
    return found


def sweep_open(pos: Position, move: Move) -> bool:
    """After ``move`` some hand the next player may hold (an opponent, in this deal) captures the whole table."""
    return bool(sweepers(pos, move))


def _sweep(pair: Pair, params: dict[str, Any]) -> str | None:
    if not pair.pos.is_sweep(pair.better):
        return "the better move does not sweep the table"
    return "the played move sweeps the table too" if pair.pos.is_sweep(pair.played) else None


def _deny_sweep(pair: Pair, params: dict[str, Any]) -> str | None:
    takers = sweepers(pair.pos, pair.played)
    if not takers:
        return "no hand the next player may hold sweeps the table the played move leaves"
    if sweepers(pair.pos, pair.better):
        return "the better move leaves the next player a sweep too"
    after = pair.after(pair.played)
    if sorted(params["left"]) != sorted(after.loose):
        return f"the played move leaves {sorted(after.loose)} loose, not {params['left']}"
    if params["builds"] != (builds := [piles(b, after.variant.value) for b in after.builds]):
        return f"the played move leaves the builds {builds}, not {params['builds']}"
    return None if set(params["takers"]) == takers else f"the cards that sweep are {sorted(takers)}"


def _points(pair: Pair, params: dict[str, Any]) -> str | None:
    """The items listed are each scored now by the better move and not by the played one; ``n`` is what they
    score less what the played move scores now that the better one does not."""
    pos, p, b = pair.pos, pair.played, pair.better
    cards, hand, sweep = _scored_over(pos, b, p)
    if list(params["cards"]) != cards:
        return f"the point cards the better move takes from the table and the played one leaves are {cards}"
    if list(params["hand"]) != hand:
        return f"the capturing card scored now that the played move gives up is {hand}, not {params['hand']}"
    if params["sweep"] != sweep:
        return f"a sweep that scores, made by the better move only: {sweep}, not {params['sweep']}"
    worth, lost = pos.variant.card_points, _scored_over(pos, p, b)
    n = sum(worth[c] for c in cards + hand) + sweep * pos.variant.sweep_points
    n -= sum(worth[c] for c in lost[0] + lost[1]) + lost[2] * pos.variant.sweep_points
    return None if params["n"] == n and n > 0 else f"the better move takes {n} more points now, not {params['n']}"


def _scored_over(pos: Position, move: Move, other: Move) -> tuple[list[Card], list[Card], bool]:
    """What ``move`` scores now that ``other`` does not: point cards from the table, its own capturing card when
    ``other`` gives that card up (trails it or builds with it; one kept in hand is the mover's either way), and a
    sweep that scores."""
    worth = pos.variant.card_points
    if move.kind != "capture":
        return [], [], False
    cards = [c for c in move.captured_cards() if worth[c] and c not in other.captured_cards()]
    hand = [move.card] if worth[move.card] and other.card == move.card and other.kind != "capture" else []
    return cards, hand, pos.is_sweep(move) and not pos.is_sweep(other) and pos.variant.sweep_points > 0


def _breach(pair: Pair, params: dict[str, Any]) -> str | None:
    """The played move's side loses ``n`` points at once for it, the better move's nothing; ``neglect``: every
    build the mover controlled before the played move is on the table it leaves as it was (a round a penalty
    ends at once, as in Michigan to 5, leaves none); ``shared`` (two values): after the played move the mover
    controls a build of each, and its hand holds cards that take each but only one card that takes either."""
    pos, seat = pair.pos, pair.pos.to_move
    turns = [pair.after(m).penalties for m in (pair.played, pair.better)]
    assert pos.penalties is not None and turns[0] is not None and turns[1] is not None
    lost = [t[seat] - pos.penalties[seat] for t in (turns[0], turns[1])]
    if lost != [1, 0] or params["n"] != pos.variant.default_penalty or not params["n"]:
        return f"penalty turns after the played and the better move: {lost}, each {pos.variant.default_penalty}"
    own = [b for b in pos.builds if b.owner == seat]
    left = pos.table_after(pair.played)[1]  # the table the move leaves
    untouched = bool(own) and all(b in left for b in own)
    if params["neglect"] != untouched:
        return f"the played move neglects the mover's builds: {untouched}"
    if shared := tuple(params["shared"]):
        hand, keys = [c for c in pos.hands[seat] if c != pair.played.card], pos.variant.holding_keys
        takers = [{c for c in hand if value in keys[c]} for value in shared]
        values = {b.value for b in left if b.owner == seat and not b.face}
        if untouched or not set(shared) <= values or not all(takers) or len(takers[0] | takers[1]) != 1:
            return f"one card only takes the mover's builds of {shared} after the played move: not so ({takers})"
    return None


def _stranded(pair: Pair, params: dict[str, Any]) -> str | None:
    """After the played move (the round not over) the mover controls a build of ``value`` that no card of the
    ``turns`` left in its hand can take (fewer, with ``limit``, where the mover's penalties reach the variant's
    instant limit first: that many end the round), each such turn costing ``n`` (the variant's penalty, not 0) by
    the rules' own test of a move (:meth:`~tutor.core.position.Position.penalised`: trailing any card of that
    hand); after the better move every build the mover controls has a card in its hand to take it, or its hand is
    empty."""
    pos, seat, n = pair.pos, pair.pos.to_move, params["n"]
    if not n or n != pos.variant.default_penalty:
        return f"a penalty is {pos.variant.default_penalty} points here, not {n}"
    played = pair.after(pair.played)
    hand = list(played.hands[seat])
    if played.is_round_over():
        return "the round is over after the played move"
    if played.variant.draw and played.stock_size:
        return f"{played.stock_size} cards are still to be drawn: one may take the build, and more turns are left"
    if (ends := _penalties_to_end(played, seat)) is not None and ends < len(hand):
        if (params["turns"], params["limit"]) != (ends, pos.variant.instant_limit):
            return (f"the round ends after {ends} more penalties of the mover ({len(hand)} turns left this deal), "
                    f"not {params['turns']} (limit {params['limit']})")
    elif (params["turns"], params["limit"]) != (len(hand), None):
        return f"the mover has {len(hand)} turns left this deal, not {params['turns']} (limit {params['limit']})"
    mine = [b for b in played.builds if b.owner == seat and b.value == params["value"]]
    later = _turn_of(played, seat)
    if not mine or not all(later.penalised(m) for m in later.generate() if m.kind == "trail"):
        return f"no build of {params['value']} is the mover's after the played move, or a trail would cost nothing"
    if any(m.is_capture and b in m.builds for m in later.generate() for b in mine):
        return f"a card left in the hand takes the build of {params['value']}"
    better = _turn_of(pair.after(pair.better), seat)
    takes = [b for m in better.generate() if m.is_capture for b in m.builds]
    left = [b for b in better.builds if b.owner == seat and b not in takes]
    if not better.is_round_over() and better.hands[seat] and left:
        return "the better move leaves the mover a build no card in its hand takes"
    return None


def _penalties_to_end(pos: Position, seat: int) -> int | None:
    """How many more penalties of ``seat`` end the round in ``pos`` (its own penalties and the other sides' sweeps
    count toward the instant limit), or None where the variant has no limit."""
    limit = pos.variant.instant_limit
    if limit is None:
        return None
    assert pos.penalties is not None and pos.sweeps is not None
    side = pos.side_of(seat)
    against = pos.penalties[seat] + sum(pos.sweeps[s] for s in range(pos.players) if pos.side_of(s) != side)
    return limit - against


def _turn_of(pos: Position, seat: int) -> Position:
    """A copy of ``pos`` with ``seat`` to move (its hand's moves generated, whoever's turn it is)."""
    turn = pos.copy()
    turn.to_move = seat
    return turn


def _keep(pair: Pair, params: dict[str, Any]) -> str | None:
    card = params["card"]
    if pair.played.kind != "trail" or pair.played.card != card:
        return f"the played move does not trail {card}"
    worth = pair.pos.variant.card_points
    if not worth[card]:
        return f"{card} scores nothing in this variant"
    if pair.better.kind == "trail" and worth[pair.better.card] >= worth[card]:
        return f"the better move trails {pair.better.card}, which scores as much"
    return f"the better move plays {card} too" if pair.better.card == card else None


def _exposure(pair: Pair, params: dict[str, Any]) -> str | None:
    n = exposure_after(pair.pos, pair.played).points - exposure_after(pair.pos, pair.better).points
    return None if n == params["n"] and n > 0 else f"the next player may take {n} points fewer, not {params['n']}"


def _likely(pair: Pair, params: dict[str, Any]) -> str | None:
    worth = lambda p, m: float(table_points(p, m))  # noqa: E731 - the worth of a capture: its points from the table
    n = round(likely_take(pair.pos, pair.played, worth) - likely_take(pair.pos, pair.better, worth), 1)
    return None if n == params["n"] and n >= LIKELY_LEAST else f"the likely take is {n} points fewer, not {params['n']}"


def _cards(pair: Pair, params: dict[str, Any]) -> str | None:
    taken = pair.better.captured_cards()
    n = len(taken) - len(pair.played.captured_cards())
    if n != params["n"] or n <= 0:
        return f"the better move takes {n} more table cards, not {params['n']}"
    return None if sorted(params["cards"]) == sorted(taken) else f"the better move takes {taken}, not {params['cards']}"


def _build(pair: Pair, params: dict[str, Any]) -> str | None:
    if (ends := _ends_first(pair)) is not None:
        return ends
    if pair.played.kind in BUILDS:
        return "the played move builds too"
    if pair.better.kind not in BUILDS or pair.better.value != params["value"]:
        return f"the better move makes no build of {params['value']}"
    later = pair.after(pair.better)
    later.to_move = pair.pos.to_move
    held = [m for m in _takes(later) if any(b.value == params["value"] for b in m.builds)]
    return None if held else f"the mover holds no card to take the build of {params['value']} on the next turn"


def _next_take(pair: Pair, params: dict[str, Any]) -> str | None:
    card, cards = params["card"], sorted(params["cards"])
    if (ends := _ends_first(pair)) is not None:
        return ends
    later = pair.after(pair.better)
    later.to_move = pair.pos.to_move
    if card not in later.hands[later.to_move]:
        return f"the better move does not keep {card} in hand"
    take = next((m for m in _takes(later) if m.card == card and sorted(m.captured_cards()) == cards), None)
    if take is None:
        return f"{card} cannot take {cards} from the table the better move leaves"
    points = sum(later.variant.card_points[c] for c in cards)
    if params["points"] != points:
        return f"{cards} score {points} points, not {params['points']}"
    sweep = later.is_sweep(take)
    return None if params["sweep"] == sweep else f"taking {cards} sweeps the table left: {sweep}, not {params['sweep']}"


HANDS_TRIED = 5000
"""The most hands of the next player :func:`_ends_first` tries one by one (else each unseen card alone, and all)."""


def _ends_first(pair: Pair) -> str | None:
    """Something happens "on your next turn" only if the round cannot end before it: after the better move no
    move of a hand the next player may hold (two players: every hand of its hidden count of the unseen cards, when
    there are few) reaches the instant limit; with more players between, no seat is that close to it."""
    later, seat = pair.after(pair.better), pair.pos.to_move
    limit, nxt = later.variant.instant_limit, later.to_move
    if limit is None or later.is_round_over() or nxt == seat:
        return None
    between = [s for s in range(later.players) if s != seat and later.hand_size(s)]
    close = [s for s in range(later.players) if later.instant_marks(s) + len(between) >= limit]
    if not close:
        return None
    if len(between) > 1:
        return f"a seat has {later.instant_marks(close[0])} instant marks of {limit}: the round may end first"
    unseen, hidden = unseen_cards(later), later.hidden_counts[nxt]
    many = math.comb(len(unseen), hidden) > HANDS_TRIED
    hands = [[c] for c in unseen] + [unseen] if many else [list(h) for h in itertools.combinations(unseen, hidden)]
    for hand in hands:
        trial = later.copy()
        trial.hands[nxt], trial.hidden_counts[nxt] = [*later.hands[nxt], *hand], 0
        for move in trial.generate():
            trial.push(move)
            over = trial.is_round_over()
            trial.pop()
            if over:
                return f"the next player may end the round ({trial.notation(move)}) before the mover's next turn"
    return None


def _majority(pair: Pair, params: dict[str, Any]) -> str | None:
    """The learner's side's count of the item after the better move, against what each other side could still reach
    (its own count and every card not yet taken): ``wins`` above every reach, ``denies`` at or above; the played
    move reaches less."""
    item, how = params["item"], params["how"]
    counted = (lambda c: True) if item == "most_cards" else (lambda c: c.suit == "S")
    total = sum(1 for c in pair.pos.variant.deck_cards if counted(c))
    sure = []
    for move in (pair.better, pair.played):
        later = pair.after(move)
        assert later.captured is not None
        side = later.side_of(pair.pos.to_move)
        counts = [0] * later.sides
        for seat, pile in enumerate(later.captured):
            counts[later.side_of(seat)] += sum(1 for c in pile if counted(c))
        out = total - sum(counts)
        reach = max(n + out for s, n in enumerate(counts) if s != side)
        sure.append(("wins" if counts[side] > reach else "denies" if counts[side] >= reach else "open", counts[side]))
    (now, n), (then, _) = sure
    if (now, n, total) != (how, params["n"], params["total"]):
        return f"after the better move the {item} is {now} with {n} of {total}, not {how} with {params['n']}"
    order = ("open", "denies", "wins")
    if order.index(then) >= order.index(now):
        return f"after the played move the {item} is {then} too"
    return None if params["partner"] == (pair.pos.players == 4) else "the count is a partnership's only with four"


def _could_take(later: Position, side: int, card: Card, wanted: Callable[[Move], bool]) -> bool:
    """Whether an opponent of ``side`` holding ``card`` (and any other card not yet seen) could make a capture with
    it that ``wanted``, on ``later``'s table."""
    unseen = unseen_cards(later)
    if later.is_round_over() or card not in unseen:
        return False
    for seat in (s for s in range(later.players) if later.side_of(s) != side):
        trial = later.copy()
        trial.to_move, trial.hands[seat], trial.hidden_counts[seat] = seat, unseen, 0
        if any(m.card == card and wanted(m) for m in hand_moves(trial, others=False)):
            return True
    return False


def _takers(later: Position, side: int, wanted: Callable[[Move], bool]) -> list[Card]:
    return [c for c in sorted(unseen_cards(later)) if _could_take(later, side, c, wanted)]


def _build_left(pair: Pair, move: Move, which: str) -> tuple[Position, Build] | str:
    """The position ``move`` (the ``which`` move: better or played) leaves and the build on its table that holds the
    move's card; else what is false."""
    if move.kind not in BUILDS:
        return f"the {which} move builds nothing"
    later = pair.after(move)
    build = next((b for b in later.builds if move.card in b.cards), None)
    return "the move's card is in no build on the table it leaves" if build is None else (later, build)


def _protect(pair: Pair, params: dict[str, Any]) -> str | None:
    if isinstance(left := _build_left(pair, pair.better, "better"), str):
        return left
    (later, build), side = left, pair.pos.side_of(pair.pos.to_move)
    cards = sorted(c for c in build.cards if c != pair.better.card)
    if (build.value, cards) != (params["value"], sorted(params["cards"])):
        return f"the better move's build is of {build.value} and holds {cards} from the table"
    hit = lambda m: not set(cards).isdisjoint(m.captured_cards())  # noqa: E731 - a capture that takes one of them
    takers, exposed = _takers(later, side, hit), _takers(pair.after(pair.played), side, hit)
    if takers != sorted(params["takers"]) or len(exposed) != params["exposed"]:
        return f"unseen cards could take them: {takers} in the build, {len(exposed)} after the played move"
    return None if len(takers) < len(exposed) else "the build leaves them to as many unseen cards"


def _steal(pair: Pair, params: dict[str, Any]) -> str | None:
    if isinstance(left := _build_left(pair, pair.played, "played"), str):
        return left
    (later, build), side = left, pair.pos.side_of(pair.pos.to_move)
    takers = _takers(later, side, lambda m: build in m.builds)
    if build.value != params["value"] or not takers or takers != sorted(params["takers"]):
        return f"the played move's build of {build.value} could be taken with {takers}"
    then = pair.after(pair.better)
    ours = [b for b in then.builds if then.side_of(b.owner) == side]
    exposed = _takers(then, side, lambda m: any(b in m.builds for b in ours))
    return f"after the better move {exposed} could take a build of the learner's side" if exposed else None


def _safe(pair: Pair, params: dict[str, Any]) -> str | None:
    seat, by, cards = pair.pos.to_move, params["by"], list(params["cards"])
    later = pair.after(pair.better)
    if not cards or not set(cards) <= set(pair.played.captured_cards()) or not set(cards) <= set(later.loose):
        return f"the played move takes {cards} and the better move leaves them loose: not so"
    if by not in later.hands[seat]:
        return f"the better move does not keep {by}"
    later.to_move = seat
    if any(not any(m.card == by and c in m.captured_cards() for m in _takes(later)) for c in cards):
        return f"{by} cannot take each of {cards} from the table the better move leaves"
    side = pair.pos.side_of(seat)
    taken = [c for c in cards if _takers(later, side, lambda m, c=c: c in m.captured_cards())]  # type: ignore[misc]
    return f"an unseen card could take {taken}" if taken else None


def _safe_trail(pair: Pair, params: dict[str, Any]) -> str | None:
    """The better move trails ``card``, which no opponent could take with an unseen card from the table it leaves;
    the played move trails ``played``, which exactly the unseen ``takers`` could."""
    card, played = params["card"], params["played"]
    side = pair.pos.side_of(pair.pos.to_move)
    for move, trailed in ((pair.better, card), (pair.played, played)):
        if move.kind != "trail" or move.card != trailed or trailed not in pair.after(move).loose:
            return f"{pair.pos.notation(move)} does not leave {trailed} trailed on the table"
    if taken := _takers(pair.after(pair.better), side, lambda m: card in m.captured_cards()):
        return f"an opponent could take {card} with {taken}"
    takers = _takers(pair.after(pair.played), side, lambda m: played in m.captured_cards())
    if not takers or takers != sorted(params["takers"]):
        return f"the unseen cards that could take {played} are {takers}, not {params['takers']}"
    return None


def _later(pair: Pair, params: dict[str, Any]) -> str | None:
    """``ways``: the deals of the hidden hands the holding rule allows where there are at most half as many ways to
    deal them as the most worlds a loss is confirmed over (the values are then over every deal), else None; with
    ``draw`` such deals are of the hidden stock's order too, and ``stock`` says how many cards it hides;
    ``worlds``: the worlds drawn at random the values are over, said where they are not over every deal."""
    worlds, turns = pair.worlds, playout_turns(pair.pos)
    ways = deal_ways(pair.pos)
    ordered = all(n <= MOST_ORDERED for n in pair.pos.hidden_counts)
    exact = ordered and 1 < ways and 2 * ways <= CONFIRM_FACTOR * worlds
    deals = len(every_deal(pair.pos)) if exact else 0
    if params["worlds"] != (drawn := worlds if deals else pair.drawn):
        return f"the values are the mean of {drawn} worlds drawn at random, not {params['worlds']}"
    if params["ways"] != (deals or None):
        over = f"every one of {deals} deals" if deals else "worlds drawn at random"
        return f"the values are over {over} of the hidden hands, not {params['ways']}"
    stock = pair.pos.stock_hidden if deals and pair.pos.variant.draw else 0
    if params.get("stock", 0) != stock:  # with draw the deals are of the stock's order too
        return f"the deals are of the hidden stock's {stock} cards in every order, not {params.get('stock', 0)}"
    if (worlds == 1) != (one := one_way(pair.pos)):  # one world is said to be the only way the hidden cards lie
        return f"the advice valued {worlds} worlds; the hidden cards can lie {'only one way' if one else 'more ways'}"
    return None if params["turns"] == turns else f"the playouts go {turns} moves a seat, not {params['turns']}"


def _takes(pos: Position) -> list[Move]:
    """The captures the seat to move in ``pos`` could make with its hand (none when the round is over)."""
    if pos.is_round_over() or not pos.hands[pos.to_move]:
        return []
    return hand_moves(pos, others=False)


def on_pair(check: PairCheck) -> Check:
    """A check of the lines' reasons (:mod:`tutor.play.line_claims`) on a :class:`Pair`."""
    return lambda pair, params: check(pair.pos, pair.played, pair.better, pair.then, params)


CHECKS: dict[str, Check] = {
    "sweep": _sweep, "deny_sweep": _deny_sweep, "points": _points, "breach": _breach, "stranded": _stranded,
    "keep": _keep,
    "exposure": _exposure, "likely": _likely, "cards": _cards, "majority": _majority, "build": _build,
    "protect": _protect, "steal": _steal, "safe": _safe, "next_take": _next_take,
    "safe_trail": _safe_trail,
    **{code: on_pair(check) for code, check in LINE_CHECKS.items()},
    "later": _later,
}
assert set(CHECKS) == set(REASON_CODES), "every reason code has its check"

