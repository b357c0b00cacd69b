"""The advisor: every legal move valued from one seat's information, by sampling the cards it cannot see.

A *world* is one way the unseen cards (:func:`tutor.core.solver.unseen_cards`)
may lie: dealt at random into the other hands (their sizes) and the stock (its
size).  Each legal move is valued in the same worlds (common random numbers, so
that two moves are compared on the same deals), and its value is the mean over
them, its spread the standard deviation.  After :data:`PRUNE_AFTER` worlds the
moves clearly behind the best are valued in no more worlds (their value and
spread are over those first worlds): the others get every world, and so does a
dropped move whose value over its first worlds ends above the best's (its lead
would be over other worlds: the best is always valued on every world).  With ``max_worlds`` (adaptive
worlds) the sample goes on past ``worlds`` until the best move is :func:`separated` from every other
still valued (behind by at least :data:`SEPARATED_ERRORS` standard errors of the difference world by
world), or ``max_worlds`` worlds are valued, or the budget is spent.

The unit of a value is the round's points, the mover's side's total minus the
best other side's, the same as :func:`tutor.core.search.solve_deal`'s: so a
value in the last deal and one earlier can be compared.  In a world:

- In the last deal (the stock empty), the move is valued exactly by
  :func:`~tutor.core.search.solve_deal` when the hands hold at most
  :data:`EXACT_CARDS` cards (two players: the whole last deal, one world, about
  20 ms; with three and four players an exact search of a full last deal takes
  up to seconds a world, so only its last 5 cards are searched).
- Otherwise the move is played, then every seat (the mover's too) plays on by
  :class:`~tutor.play.heuristics.Club`'s rules of thumb (:func:`club_move`) to the end
  of the deal (every hand empty; with ``draw``, for as many moves as a deal
  has: fewer cost less but play worse, docs/strength.md, "Shorter playouts in
  Draw"), and that position is valued by :func:`~.deal_end.deal_end_value`: what
  each side has taken for sure, and its expected share of the most cards and
  most spades.

With ``inference`` (:func:`advise`, :class:`Expert`) the worlds are not each as likely: each is weighted by
the chance of the other players' moves this deal in it (:mod:`tutor.play.inference`: club's values softened;
a world in which an observed move was not legal weighs nothing).  :data:`CANDIDATES` times as many worlds
are drawn and weighted, and the worlds valued are drawn from them by weight (sampling importance
resampling, :func:`weighed_worlds`): a world drawn ``k`` times is valued once and counts ``k`` times in
the weighted means, spreads and the pruning.  Where the history tells no world from another (no other
seat has moved this deal; with ``draw``, whose refilled hands hide what was held) the advice is exactly
the one without inference.

The same seed gives the same :class:`Advice`.  A time ``budget`` (seconds) is a
bound: once it is spent no further move is valued.  A world left half valued
then is dropped, unless it is the first (a position with thousands of moves can
take longer than the budget for one world): then the moves it valued are
given, valued first in club's order of preference, and the others are left out
(:attr:`Advice.unvalued`).  An exact search still running then is stopped (club's
playouts value that world instead).  Only a budget spent makes the answer depend
on the machine's speed; :attr:`Advice.stopped` says so, and :attr:`Advice.worlds`
how many worlds were valued.  Without a budget the advice is deterministic.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import islice

from tutor.core.frozen import pickled_by_constructor
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import next_deal
from tutor.core.scoring import PileCounts
from tutor.core.search import LONG_DEAL_CARDS, solve_deal

from .deal_end import deal_end_value
from .heuristics import CLUB, CLUB_V1, PLAYOUT, ClubWeights, club_best, club_value
from .inference import Inference, effective_size, resample, weights
from .playout_club import PlayoutClub, in_place
from .spread import pstdev, stdev
from .view import SeatView
from .worlds import one_way, world_stream

DEFAULT_WORLDS = 48
"""Worlds sampled when not told otherwise."""
EXPERT_BUDGET = 2.0
"""Seconds the expert player (:class:`Expert`) gives a move at most: a cap for the rare
slow position, which the default number of worlds keeps well under."""
EXACT_CARDS = {2: LONG_DEAL_CARDS, 3: 5, 4: 5}
"""By players: the most cards left in the hands for which a last deal is searched exactly in every world.

Two players have one world in the last deal (the mover can tell the other
hand), searched in about 20 ms for 8 cards.  With three and four players each
world is searched: 5 cards take under 15 ms a world in every preset measured,
6 cards up to 30 ms (michigan), 10 cards up to 6 s; so only the last cards are
searched, and club plays out the rest."""
EXACT_CARDS_DEEP = {2: LONG_DEAL_CARDS, 3: 6, 4: 8}
"""The expert of issue 25's :data:`EXACT_CARDS`: a world of 6 cards (3 players) or 8 (4 players) is searched
in 2 ms at the median and 9 ms (6 cards) or 20 ms (8 cards) at worst (michigan), so 48 worlds stay under 2 s."""
SEPARATED_ERRORS = 1.96
"""Standard errors of the paired difference by which the best move must lead every other for adaptive worlds
to stop: a one-sided test at 97.5%, each pair."""
PRUNE_AFTER = 8
"""Worlds after which the moves clearly behind the best (:func:`still_in_contention`) are valued in no more."""
PRUNE_BEHIND = 1.0
"""Round points a move must be behind the best to be dropped."""
PRUNE_ERRORS = 3.0
"""Standard errors a move must be behind the best to be dropped.

The same worlds value every move, so the error is that of the two moves'
difference world by world, far smaller than of either value alone (in
two-player classic a median of 1.7 points a world, against about 4)."""
CANDIDATES = 4
"""With inference, worlds drawn a world valued: they are weighted, and the worlds valued drawn from them by
weight (:func:`weighed_worlds`)."""
DRAW_TURNS: int | None = None
"""With ``draw``, the moves each seat makes in a playout (its horizon: the seats times these plies); None: as many
as a hand holds (a deal's worth of moves).  2 or 3 make a review two to four times cheaper but the expert weaker
(the arena's ``expert-draw-2`` and ``expert-draw-3``)."""


@dataclass(frozen=True)
class MoveValue:
    """A legal move, its mean value over the worlds and its standard deviation (0.0 for one world).

    The value is in round points: the mover's side's total minus the best other side's.  ``samples`` are
    its values world by world, in the order the worlds were drawn (the first worlds only, for a move
    dropped as clearly behind): two moves' samples pair up world by world.
    """

    move: Move
    value: float
    spread: float
    samples: tuple[float, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Advice:
    """Every legal move valued, best first (equal values in the order the moves are generated)."""

    level: str
    worlds: int
    moves: tuple[MoveValue, ...]
    stopped: bool = False
    """Whether the time budget ran out before every world asked for was valued."""
    unvalued: int = 0
    """Legal moves left out of ``moves``: the budget ran out before the first world valued them."""
    deals: int = 0
    """Where not 0, every move is valued exactly, over every one of so many deals of the hidden hands (each over every
    order of them: :func:`tutor.play.confirm.exact_advice`), not over ``worlds`` drawn at random."""

    @property
    def best(self) -> Move:
        return self.moves[0].move

    def value_of(self, move: Move) -> MoveValue:
        """The value of ``move``; a ValueError when it is not a legal move here."""
        for valued in self.moves:
            if valued.move == move:
                return valued
        raise ValueError(f"{move} is not a legal move in this position")


@dataclass(frozen=True)
class Expert:
    """The expert player: the advisor's best move from its view, the seed drawn from ``rng``.

    ``worlds``, ``budget`` (seconds a move at most), ``playout`` (the rules of thumb its playouts follow),
    ``inference``, ``max_worlds`` (adaptive worlds), ``exact`` (:data:`EXACT_CARDS`), ``replies`` and ``beyond``
    are :func:`advise`'s.
    The defaults are the expert of the first strength figures (:data:`EXPERT_V1`) but for its playouts, which
    count the penalty of a breach of the build duty (:data:`~tutor.play.heuristics.PLAYOUT`: the same moves
    wherever a breach costs nothing); a new setting is added with a default that keeps those moves.  The
    ladder's expert plays these defaults.
    """

    level: str = "expert"
    worlds: int = DEFAULT_WORLDS
    budget: float | None = EXPERT_BUDGET
    playout: ClubWeights = PLAYOUT
    inference: bool = False
    max_worlds: int | None = None
    exact: Mapping[int, int] = field(default_factory=lambda: EXACT_CARDS, hash=False)
    replies: int = 0
    beyond: bool = False
    draw_turns: int | None = DRAW_TURNS

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        return advise(view, worlds=self.worlds, seed=rng.randrange(2**32), budget=self.budget,
                      playout=self.playout, inference=self.inference, max_worlds=self.max_worlds,
                      exact=self.exact, replies=self.replies, beyond=self.beyond,
                      draw_turns=self.draw_turns).best


EXPERT_V1 = Expert("expert-v1", worlds=48, budget=2.0, playout=CLUB_V1, draw_turns=None)
"""The expert as it played when the arena first measured it: the arena's frozen ``expert-v1``."""
EXPERT_TRIAL = Expert("expert-trial", worlds=48, budget=EXPERT_BUDGET, playout=CLUB, max_worlds=192,
                      exact=EXACT_CARDS_DEEP)
"""A candidate expert (issue 25), the arena's ``expert-trial``: playouts by the new club's weights, adaptive
worlds (48 to 192) and the deeper exact search of three and four players (:data:`EXACT_CARDS_DEEP`).
Against :data:`EXPERT_V1` it gained +0.31 (-0.44 .. +1.06) a mirrored pair in two-player classic at two to
four times the time a move (docs/strength.md, "The expert of issue 25"): not what pays, so not the ladder's."""


Clock = Callable[[], float]
"""Seconds from some fixed point (``time.perf_counter``; a test's own clock)."""
Progress = Callable[[int], None]
"""Told the number of worlds fully valued, after each move valued."""
Enough = Callable[[list[Move], list[list[float]], int], bool]
"""Told the legal moves, their values world by world so far (a move dropped early: its first worlds only) and the
worlds valued: whether the advice may stop there."""


def advise(view: SeatView, *, level: str = "expert", worlds: int = DEFAULT_WORLDS, seed: int = 0,
           budget: float | None = None, clock: Clock = time.perf_counter, progress: Progress | None = None,
           playout: ClubWeights = PLAYOUT, inference: bool = False, max_worlds: int | None = None,
           exact: Mapping[int, int] = EXACT_CARDS, replies: int = 0, beyond: bool = False,
           draw_turns: int | None = DRAW_TURNS) -> Advice:
    """Every legal move of ``view``'s seat (to move) valued over ``worlds`` sampled worlds.

    ``level`` names the advisor (only ``expert`` exists); ``budget`` (seconds on ``clock``) bounds the time
    taken (see the module's words); ``progress`` hears of each move valued; ``playout`` is the club's rules of
    thumb the playouts follow.  With ``inference`` the worlds
    are weighted by the other players' moves this deal (:func:`weighed_worlds`); where these tell no world
    from another the advice is the same as without.  With ``max_worlds`` (above ``worlds``; without
    inference) more worlds are valued until the best move is :func:`separated` or ``max_worlds`` are valued;
    ``exact`` is :data:`EXACT_CARDS` by players; with ``replies`` each playout searches the next seat's reply
    among club's ``replies`` first choices, and with ``beyond`` plays on through the next deal
    (:func:`playout_value`).
    """
    _check(level, worlds)
    pos = view.position()
    model = Inference(view) if inference else None
    if model is None or not model.active or one_way(pos):
        most = worlds if max_worlds is None else max(worlds, max_worlds)
        return _advise(pos, islice(world_stream(pos, seed), most), level, budget, clock, progress, playout,
                       exact=exact, least=worlds, replies=replies, beyond=beyond, draw_turns=draw_turns)
    chosen, weight = weighed_worlds(pos, model, worlds, seed)
    return _advise(pos, iter(chosen), level, budget, clock, progress, playout, weight, exact, replies=replies,
                   beyond=beyond, draw_turns=draw_turns)


def advise_until(view: SeatView, enough: Enough, *, level: str = "expert", worlds: int = DEFAULT_WORLDS,
                 seed: int = 0, budget: float | None = None, clock: Clock = time.perf_counter) -> Advice:
    """:func:`advise`'s advice (its default playouts, no inference), stopped after the first world ``enough``
    says is enough: then :attr:`Advice.worlds` is below ``worlds``.  Up to there the worlds and values are
    :func:`advise`'s, so an advice that runs to the end is :func:`advise`'s with the same seed."""
    _check(level, worlds)
    pos = view.position()
    return _advise(pos, islice(world_stream(pos, seed), worlds), level, budget, clock, None, enough=enough)


def weighed_worlds(pos: Position, model: Inference, worlds: int, seed: int) -> tuple[list[Position], list[float]]:
    """Worlds to value and their weights (summing to one), by sampling importance resampling.

    :data:`CANDIDATES` times ``worlds`` worlds are drawn (:func:`world_stream`) and weighted by ``model``;
    ``worlds`` draws are made from them by weight (:func:`~tutor.play.inference.resample`); each world
    drawn is valued once, weighted by how often it was drawn, in the order first drawn.
    """
    candidates = list(islice(world_stream(pos, seed), CANDIDATES * worlds))
    drawn = resample(weights([model.likelihood(w) for w in candidates]), worlds, random.Random(f"resample/{seed}"))
    counts = {i: drawn.count(i) for i in dict.fromkeys(drawn)}
    return [candidates[i] for i in counts], [n / worlds for n in counts.values()]


def weighed_sample(view: SeatView, worlds: int, seed: int) -> list[float]:
    """The weights of the first ``worlds`` worlds of :func:`world_stream` by the view's history, summing to
    one (a measure: their :func:`~tutor.play.inference.effective_size` is what weighting them would keep)."""
    pos, model = view.position(), Inference(view)
    return weights([model.likelihood(w) for w in islice(world_stream(pos, seed), worlds)])


def advise_open(pos: Position, *, level: str = "expert", seed: int = 0, budget: float | None = None,
                clock: Clock = time.perf_counter, progress: Progress | None = None,
                playout: ClubWeights = PLAYOUT) -> Advice:
    """The advice when the position's real cards are the only world (``advise --open``).

    ``pos`` must show every hand and the stock; ``seed`` is accepted for a
    uniform call (one world needs no sampling); ``playout`` as :func:`advise`'s.
    """
    _check(level, 1)
    if any(pos.hidden_counts) or pos.stock_hidden:
        raise ValueError("an open position shows every hand and the stock")
    return _advise(pos, iter([pos.copy()]), level, budget, clock, progress, playout)


def _check(level: str, worlds: int) -> None:
    if level != "expert":
        raise ValueError(f"unknown advisor level {level!r}; the advisor's level is: expert")
    if worlds < 1:
        raise ValueError(f"worlds must be at least 1, not {worlds}")


def _advise(pos: Position, worlds: Iterator[Position], level: str, budget: float | None, clock: Clock,
            progress: Progress | None, playout: ClubWeights = PLAYOUT, weight: list[float] | None = None,
            exact: Mapping[int, int] = EXACT_CARDS, least: int | None = None, enough: Enough | None = None,
            replies: int = 0, beyond: bool = False, draw_turns: int | None = DRAW_TURNS) -> Advice:
    """The advice over ``worlds``, each as likely or of ``weight`` (one a world, in order), played out by ``playout``
    and searched exactly by ``exact``; with ``least``, the worlds stop after ``least`` once the best is
    :func:`separated`; with ``enough``, after the first world it says is enough."""
    moves = pos.generate()
    stop = None if budget is None else partial(_past, clock, clock() + budget)
    live = list(range(len(moves))) if stop is None else by_club(pos, moves, playout)
    values: list[list[float]] = [[] for _ in moves]
    seen: list[Position] = []
    done = 0
    stopped = False
    for world in worlds:
        seen.append(world)
        heard = None if progress is None else partial(progress, done)
        valued = world_values(world, [moves[i] for i in live], stop, heard, playout, exact, replies, beyond,
                              draw_turns)
        if len(valued) < len(live):  # the budget ran out within this world
            stopped = True
            if done:
                break
        for i, value in zip(live, valued):
            values[i].append(value)
        if stopped:
            break
        done += 1
        if done == PRUNE_AFTER:
            live = still_in_contention(values, live, weight)
        if least is not None and done >= least and separated(values, live):
            break
        if enough is not None and enough(moves, values, done):
            break
        if stop is not None and stop():
            stopped = next(worlds, None) is not None
            break
    if not stopped:
        for i in dropped_ahead(values, done, weight):  # valued on the rest of the worlds, to be judged on all
            for world in seen[len(values[i]):done]:
                values[i] += world_values(world, [moves[i]], None, None, playout, exact, replies, beyond, draw_turns)
    given = [_valued(m, v, weight) for m, v in zip(moves, values) if v]
    given.sort(key=lambda mv: -mv.value)  # stable: equal values keep the generation order
    return Advice(level, done or 1, tuple(given), stopped, len(moves) - len(given))


def dropped_ahead(values: list[list[float]], done: int, weight: list[float] | None = None) -> list[int]:
    """The moves dropped as clearly behind (valued on fewer than the ``done`` worlds) whose value over their first
    worlds ends above the best of those valued on all ``done``: their lead is over other worlds than the best's."""
    def mean(v: list[float]) -> float:
        return statistics.fmean(v) if weight is None else _weighted(v, weight)[0]
    full = [mean(v) for v in values if len(v) == done]
    if not full:
        return []
    top = max(full)
    return [i for i, v in enumerate(values) if 0 < len(v) < done and mean(v) > top]


def _valued(move: Move, values: list[float], weight: list[float] | None) -> MoveValue:
    """``move``'s mean value and spread over the worlds of ``values``, weighted when ``weight`` is given."""
    if weight is None:
        return MoveValue(move, statistics.fmean(values), pstdev(values), tuple(values))
    mean, spread = _weighted(values, weight)
    return MoveValue(move, mean, spread, tuple(values))


def _weighted(values: list[float], weight: list[float]) -> tuple[float, float]:
    """The mean and standard deviation of ``values`` under the first of ``weight``, rescaled to sum to one."""
    w = weight[:len(values)]
    total = sum(w)
    mean = sum(a * v for a, v in zip(w, values)) / total
    return mean, math.sqrt(max(0.0, sum(a * (v - mean) ** 2 for a, v in zip(w, values)) / total))


def by_club(pos: Position, moves: list[Move], weights: ClubWeights = PLAYOUT) -> list[int]:
    """The indices of ``moves``, club's preferred first (by ``weights``): valued in this order, the moves a budget
    leaves unvalued in the first world are those club thinks least of."""
    return sorted(range(len(moves)), key=lambda i: -club_value(pos, moves[i], weights))


def _past(clock: Clock, deadline: float) -> bool:
    return clock() > deadline


def still_in_contention(values: list[list[float]], live: list[int], weight: list[float] | None = None) -> list[int]:
    """The moves of ``live`` not clearly behind the best: behind by less than :data:`PRUNE_BEHIND` points,
    or by less than :data:`PRUNE_ERRORS` standard errors of their difference world by world (with
    ``weight``: weighted means, and the error over the weights' effective number of worlds)."""
    if weight is not None:
        return _weighted_contention(values, live, weight)
    best = values[max(live, key=lambda i: statistics.fmean(values[i]))]
    kept = []
    for i in live:
        differences = [v - b for v, b in zip(values[i], best)]
        behind = -statistics.fmean(differences)
        error = stdev(differences) / math.sqrt(len(differences))
        if behind < PRUNE_BEHIND or behind < PRUNE_ERRORS * error:
            kept.append(i)
    return kept


def separated(values: list[list[float]], live: list[int]) -> bool:
    """Whether the best of ``live`` (by mean) leads every other by at least :data:`SEPARATED_ERRORS` standard
    errors of their difference world by world (a move that matches it in every world is no rival)."""
    best = max(live, key=lambda i: statistics.fmean(values[i]))
    for i in live:
        if i == best:
            continue
        differences = [b - v for v, b in zip(values[i], values[best])]
        if len(differences) < 2:
            return False
        error = stdev(differences) / math.sqrt(len(differences))
        if statistics.fmean(differences) < SEPARATED_ERRORS * error:
            return False
    return True


def _weighted_contention(values: list[list[float]], live: list[int], weight: list[float]) -> list[int]:
    best = values[max(live, key=lambda i: _weighted(values[i], weight)[0])]
    n = effective_size(weight[:len(best)])
    kept = []
    for i in live:
        behind, spread = _weighted([b - v for v, b in zip(values[i], best)], weight)
        error = spread / math.sqrt(n - 1) if n > 1 else math.inf
        if behind < PRUNE_BEHIND or behind < PRUNE_ERRORS * error:
            kept.append(i)
    return kept


def world_values(world: Position, moves: list[Move], stop: Callable[[], bool] | None = None,
                 progress: Callable[[], None] | None = None, playout: ClubWeights = PLAYOUT,
                 exact: Mapping[int, int] = EXACT_CARDS, replies: int = 0, beyond: bool = False,
                 draw_turns: int | None = DRAW_TURNS) -> list[float]:
    """Each of ``moves`` (legal in ``world``) valued in that world, for the mover's side: every one, unless
    ``stop`` says to stop first (then the first ones only, at least one); ``progress`` hears of each; the
    playouts follow ``playout`` (with ``replies``: :func:`playout_value`'s); a last deal of at most
    ``exact[players]`` cards in the hands is searched.

    An exact search that ``stop`` ends early leaves the world to club's playouts.
    """
    if world.stock_size == 0 and sum(len(h) for h in world.hands) <= exact[world.players]:
        solution = solve_deal(world, stop=stop)
        if not solution.unfinished:
            solved = {lv.move: lv.value for lv in solution.moves}
            return [float(solved[m]) for m in moves]
    side, base = world.side_of(world.to_move), PileCounts(world)  # each playout's end grows from the world's piles
    club = PlayoutClub(playout) if in_place(world, playout) else None  # one for every playout of the world
    values: list[float] = []
    for m in moves:
        if stop is not None and values and stop():
            break
        values.append(playout_value(world, m, side, playout, replies, beyond, draw_turns, base, club))
        if progress is not None:
            progress()
    return values


def playout_turns(pos: Position, draw_turns: int | None = DRAW_TURNS) -> int:
    """With ``draw``, the moves each seat makes in a playout from ``pos``, the first included (``draw_turns``, else
    a hand's worth); 0 without ``draw``, whose playouts go on to the deal's end."""
    if not pos.variant.draw:
        return 0
    return pos.variant.hand_size_resolved if draw_turns is None else draw_turns


def playout_value(world: Position, move: Move, side: int, playout: ClubWeights = PLAYOUT, replies: int = 0,
                  beyond: bool = False, draw_turns: int | None = DRAW_TURNS, base: PileCounts | None = None,
                  club: PlayoutClub | None = None) -> float:
    """``move`` played in ``world``, then club play by ``playout`` to the end of the deal, valued for ``side``;
    ``world`` is left as it was (the moves are taken back).

    With ``replies``, the next seat's reply (when it is on another side) is not club's first choice but the best
    for its own side of club's ``replies`` first choices, each played out the same way (a two-ply search in the
    world).  With ``beyond`` (not with ``draw``) a playout that ends a deal before the last plays the next deal
    too, dealt from the world's stock, and values its end.  With ``draw`` the playout stops after ``draw_turns``
    moves a seat (:data:`DRAW_TURNS`), the first being ``move``; ``base``: the world's piles, counted; ``club``:
    the world's, to play in place where :func:`~.playout_club.in_place` holds (None: club's moves pushed)."""
    horizon = world.players * playout_turns(world, draw_turns) if world.variant.draw else None
    world.push(move)
    try:
        later = None if horizon is None else horizon - 1
        if replies and not _deal_over(world) and world.side_of(world.to_move) != side and horizon != 1:
            replier = world.side_of(world.to_move)
            options = world.generate()
            if len(options) > 1:
                ranked = sorted(options, key=lambda m: -club_value(world, m, playout))[:replies]
                outcomes = [_played_out(world, r, playout, later, (side, replier), beyond, base, club) for r in ranked]
                return max(outcomes, key=lambda o: o[1])[0]
        return _played_out(world, None, playout, later, (side,), beyond, base, club)[0]
    finally:
        world.pop()


def _deal_over(world: Position) -> bool:
    return world.is_round_over() or world.needs_deal()


def _played_out(world: Position, first: Move | None, playout: ClubWeights, horizon: int | None,
                sides: tuple[int, ...], beyond: bool, base: PileCounts | None, club: PlayoutClub | None) -> list[float]:
    """``first`` (if any) then club play by ``playout`` (by ``club`` in place, where given) for at most ``horizon``
    plies or to the deal's end: the end valued for each of ``sides`` (:func:`deal_end_value`, from ``base``);
    ``world`` is left as it was."""
    plies = 0
    if first is not None:
        world.push(first)
        plies = 1
    kept = None if club is None else club.play_out(world, horizon, plies)  # no pops
    while kept is None and not _deal_over(world) and plies != horizon:
        world.push(club_move(world, playout))
        plies += 1
    if beyond and world.needs_deal() and not world.variant.draw:
        values = _next_deal_values(world, playout, sides, base)
    else:
        values = [deal_end_value(world, s, base) for s in sides]
    if kept is not None:
        kept.restore(world)
    for _ in range(plies):
        world.pop()
    return values


def _next_deal_values(world: Position, playout: ClubWeights, sides: tuple[int, ...],
                      base: PileCounts | None) -> list[float]:
    """The next deal dealt from the world's stock (in a world, a random order of the unseen cards) and played out
    by ``playout`` on a copy of ``world``: its end valued for each of ``sides`` (from ``base``)."""
    after = world.copy()
    next_deal(after)
    while not _deal_over(after):
        after.push(club_move(after, playout))
    return [deal_end_value(after, s, base) for s in sides]


def club_move(world: Position, playout: ClubWeights = PLAYOUT) -> Move:
    """Club's choice in a world, its exposure judged on the next player's hand in that world.

    Club judges the exposure of a move on every hand the next player could
    hold; in a sampled world the hand it holds is itself a random draw of those
    cards, so the playout looks at that hand alone: the same rules of thumb, at
    a fraction of the cost.
    """
    return club_best(world, world.generate(), playout)


pickled_by_constructor(MoveValue, Advice, Expert)  # compiled by mypyc, see tutor.core.frozen
