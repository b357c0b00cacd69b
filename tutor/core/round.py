"""Dealing and playing a round (rules.md section 5) and the match (section 7)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from .cards import Card
from .moves import Move
from .position import Position
from .scoring import RoundScore, ScoreItem, certain_items, instant_points, score_round
from .variant import Variant

TABLE_CARDS = 4
"""Cards dealt face up to the table on a round's first deal."""

Chooser = Callable[[Position, list[Move]], Move]
"""Picks one of the legal moves of a position."""


def deal_round(variant: Variant, players: int, dealer: int, seed: int, scores: Sequence[int] | None = None) -> Position:
    """A new round: the deck shuffled by ``random.Random(seed)``, the first
    hands dealt, four cards to the table, the rest the stock (next card first)."""
    if players not in (2, 3, 4):
        raise ValueError(f"Cassino is played by 2, 3 or 4 players, not {players}")
    stock = list(variant.deck_cards)
    random.Random(seed).shuffle(stock)
    pos = Position(
        variant, players, hands=[[] for _ in range(players)], loose=[], builds=[],
        to_move=(dealer + 1) % players, dealer=dealer, stock=stock,
        scores=None if scores is None else list(scores),
    )
    _deal_hands(pos)
    assert pos.stock is not None
    pos.loose, pos.stock = pos.stock[:TABLE_CARDS], pos.stock[TABLE_CARDS:]
    return pos


def next_deal(pos: Position) -> None:
    """Deal the next hands from the stock; only when :meth:`Position.needs_deal`."""
    if not pos.needs_deal():
        raise ValueError("no deal is due: a hand still holds cards, or the stock is empty")
    _deal_hands(pos)


def _deal_hands(pos: Position) -> None:
    """Fill each hand to the hand size from the stock, in packets, from the seat after the dealer."""
    assert pos.stock is not None and pos.dealer is not None
    if pos.stock_hidden:
        raise ValueError("the stock holds unknown cards")
    size, packet, stock = pos.variant.hand_size_resolved, pos.variant.packet, pos.stock
    order = [(pos.dealer + 1 + i) % pos.players for i in range(pos.players)]
    hands: list[list[Card]] = [[] for _ in range(pos.players)]
    taken = 0
    while taken < len(stock) and any(len(h) < size for h in hands):
        for seat in order:
            n = min(packet, size - len(hands[seat]), len(stock) - taken)
            hands[seat] += stock[taken : taken + n]
            taken += n
    pos.deal(hands)


def play_round(pos: Position, choose: Chooser, match: Match | None = None) -> list[Move]:
    """Play ``pos`` to the end of its round, dealing as needed; ``choose``
    picks each move.  With a ``match``, moves go through :meth:`Match.play`
    and play stops if the match ends.  Returns the moves played."""
    moves: list[Move] = []
    while not pos.is_round_over() and (match is None or match.result is None):
        if pos.needs_deal():
            next_deal(pos)
        move = choose(pos, pos.generate())
        if match is None:
            pos.push(move)
        else:
            match.play(pos, move)
        moves.append(move)
    return moves


@dataclass(frozen=True)
class MatchResult:
    """How a match ended.

    ``reason``: ``target`` (one side reached it), ``count_out`` or
    ``higher_total`` (the tie-break decided), ``skunk``, ``instant``,
    ``claim`` or ``false_claim``.  After a false claim ``loser`` is the
    claimant and ``winner`` the other side, or None with three sides.
    """

    winner: int | None
    reason: str
    loser: int | None = None


@dataclass
class Match:
    """Scores per side over the rounds of a match, and the dealer of the next round.

    ``scores`` are the points before the current round; ``instant`` what the
    current round has scored at once so far.
    """

    variant: Variant
    players: int
    dealer: int = 0
    scores: list[int] = field(default_factory=list)
    instant: list[int] = field(init=False)
    rounds: list[RoundScore] = field(default_factory=list)
    result: MatchResult | None = None

    def __post_init__(self) -> None:
        sides = Variant.sides(self.players)
        self.scores = self.scores or [0] * sides
        self.instant = [0] * sides

    @property
    def live_scores(self) -> list[int]:
        """The scores with this round's instant points."""
        return [s + i for s, i in zip(self.scores, self.instant)]

    def new_round(self, seed: int) -> Position:
        """Deal the next round (see :func:`deal_round`)."""
        return deal_round(self.variant, self.players, self.dealer, seed, self.scores)

    def play(self, pos: Position, move: Move) -> None:
        """Push ``move``, scoring at once what it scores at once; reaching the
        target that way ends the match."""
        items = instant_points(pos, move)
        pos.push(move)
        for item in items:
            self.instant[item.side] += item.points
        gain = [i for i in items if i.points > 0]
        if gain and self.live_scores[gain[0].side] >= self.variant.target:
            self.scores, self.instant = self.live_scores, [0] * len(self.scores)
            self.result = MatchResult(gain[0].side, "instant")

    def end_round(self, pos: Position) -> RoundScore:
        """Score the finished round, pass the deal and decide whether the match is over."""
        score = score_round(pos)
        before = self.scores
        self.scores = [b + t for b, t in zip(before, score.totals)]
        self.instant = [0] * len(self.scores)
        first = not self.rounds
        self.rounds.append(score)
        self.dealer = (self.dealer + 1) % self.players
        self.result = self._decide(before, score, first, pos.residue())
        return score

    def _decide(self, before: Sequence[int], score: RoundScore, first: bool,
                residue: Collection[Card]) -> MatchResult | None:
        v = self.variant
        if v.skunk == "win" and first and score.skunk is not None:
            return MatchResult(score.skunk, "skunk")
        reached = [s for s, p in enumerate(self.scores) if p >= v.target]
        if len(reached) <= 1:
            return MatchResult(reached[0], "target") if reached else None
        if v.tie_break == "count_out":
            eldest = v.side_of(self.dealer, self.players)  # the deal passed on: the round's dealer's left
            return MatchResult(count_out(before, score, v.target, eldest, scored_at_once(v), residue), "count_out")
        best = max(self.scores)
        leaders = [s for s, p in enumerate(self.scores) if p == best]
        return MatchResult(leaders[0], "higher_total") if len(leaders) == 1 else None


def count_out(before: Sequence[int], score: RoundScore, target: int, first: int = 0,
              at_once: Collection[str] = ("penalty",), residue: Collection[Card] = ()) -> int | None:
    """The first side to reach ``target`` counting the round's items in order
    from the scores ``before`` it.  The items of the codes ``at_once``, scored
    during play (:func:`scored_at_once`), are on the scoreboard already: they
    come first (docs/readings.md, 12).  The point cards of the ``residue``, the
    cards left on the table at the round's end, were never captured: they
    score at the count, in their place, under ``instant_points`` too.

    An item several sides score at once (each side's sweeps; each side's
    spades under ``spade_points``) is counted side by side in the order of
    play, from ``first``: the side of the player on the dealer's left
    (docs/readings.md, 11)."""
    running = list(before)
    played = [item.code in at_once and not (item.code == "point_card" and item.detail in residue)
              for item in score.items]
    for item, during_play in zip(score.items, played):
        if during_play:
            running[item.side] += item.points
    rest = [item for item, during_play in zip(score.items, played) if not during_play]
    for item in _in_counting_order(rest, first, len(before)):
        running[item.side] += item.points
        if running[item.side] >= target:
            return item.side
    return None


def scored_at_once(v: Variant) -> tuple[str, ...]:
    """The codes of the round's items that ``v`` scores during play, not at the count: the penalties, the sweeps
    under ``instant_sweeps`` and the point cards under ``instant_points`` (:func:`~tutor.core.scoring.instant_points`)."""
    return ("penalty", *(("sweeps",) if v.instant_sweeps else ()), *(("point_card",) if v.instant_points else ()))


def _in_counting_order(items: Sequence[ScoreItem], first: int, sides: int) -> list[ScoreItem]:
    """``items``, each run of one code (the point cards apart: each is its own item) ordered by side from
    ``first``."""
    ordered: list[ScoreItem] = []
    run: list[ScoreItem] = []
    for item in items:
        if run and (item.code != run[0].code or item.code == "point_card"):
            ordered += sorted(run, key=lambda i: (i.side - first) % sides)
            run = []
        run.append(item)
    return ordered + sorted(run, key=lambda i: (i.side - first) % sides)


@dataclass(frozen=True)
class ClaimCount:
    """A side's claim to have reached the target, counted: its match points ``before`` this round, the points
    certain this round item by item (:func:`~tutor.core.scoring.certain_items`), the cards and spades it has taken
    this round out of the deck's (a majority becomes certain past half of them), the ``target``, and the deck's
    cards and spades no side has taken yet (a majority past half out of reach when too few are left)."""

    side: int
    before: int
    items: tuple[ScoreItem, ...]
    cards: int
    spades: int
    deck_cards: int
    deck_spades: int
    target: int
    left_cards: int
    left_spades: int

    @property
    def certain(self) -> int:
        """The points certain this round."""
        return sum(i.points for i in self.items)

    @property
    def total(self) -> int:
        """The match points the claim counts: those before the round and the certain ones."""
        return self.before + self.certain

    @property
    def true(self) -> bool:
        return self.total >= self.target


def count_claim(match: Match, pos: Position, side: int) -> ClaimCount:
    """``side``'s claim counted on ``pos``, a round of ``match`` in play (judged by nobody: :func:`judge_claim`)."""
    v = match.variant
    score = score_round(pos)
    return ClaimCount(side, match.scores[side], certain_items(pos, side), score.cards[side], score.spades[side],
                      len(v.deck_cards), v.deck_spades, v.target, len(v.deck_cards) - sum(score.cards),
                      v.deck_spades - sum(score.spades))


def judge_claim(match: Match, pos: Position, side: int) -> ClaimCount:
    """Judge ``side``'s claim to have reached the target on points certain
    this round: a true claim wins the match, a false one loses it.  The count
    says which, and why."""
    if not match.variant.claim:
        raise ValueError("claims are off in this variant (option claim)")
    count = count_claim(match, pos, side)
    if count.true:
        match.result = MatchResult(side, "claim")
    else:
        others = [s for s in range(len(match.scores)) if s != side]
        match.result = MatchResult(others[0] if len(others) == 1 else None, "false_claim", loser=side)
    return count


def play_match(variant: Variant, players: int, choose: Chooser, seed: int, dealer: int = 0) -> Match:
    """Play whole rounds until the match ends; round seeds come from ``random.Random(seed)``."""
    match = Match(variant, players, dealer)
    rng = random.Random(seed)
    while match.result is None:
        pos = match.new_round(rng.randrange(2**32))
        play_round(pos, choose, match)
        if match.result is None:
            match.end_round(pos)
    return match
