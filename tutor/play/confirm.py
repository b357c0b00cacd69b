"""How sure a loss is: the advisor's difference between two moves, with more worlds until it is settled.

The advisor's worlds are independent samples of the hidden cards, and every
move is valued in the same worlds, so the loss of a played move against a
better one is the mean of their differences world by world, and its interval
is that mean give or take :data:`Z` standard errors.  When the interval holds
a threshold (a grade's least loss), :func:`confirm` values the two moves in
more worlds of the same seed (:func:`tutor.play.worlds.world_stream`),
doubling them, until the interval lies on one side of every threshold or the
worlds reach :data:`CONFIRM_FACTOR` times the advice's: the same seed, the
same answer.  A move the advisor dropped after its first worlds as clearly
behind is first valued in the rest of the advice's worlds.

The interval is looked at after each doubling, up to :data:`LOOKS` times, and
a loss is settled at the first look that settles it; so that a loss settles on
the wrong side of a threshold at most 5% of the time over all the looks, each
look's interval is a 99.2% one (:data:`Z`: 5% shared among the six looks).

Where the hidden hands can be dealt in at most half as many ways as the most
worlds a loss may be confirmed over (:func:`exact_deals`; the ways:
:func:`~tutor.play.deal_values.exact_ways`: a world's value depends on those
hands alone, and with ``draw`` on the hidden stock's order), the loss is *exact*
instead, from the first look: every deal once, each as likely, and in each the
two moves' values averaged over every order of the cards in the hidden hands
(:func:`~tutor.play.deal_values.deal_values`: a playout breaks a seat's ties in
its hand's order, which a world draws at random).  That is the mean the
worlds estimate, without their noise: its interval is the loss itself, the same
for every seed.  The advice's own sample is not looked at: it may have missed a
deal (a loss that is one point in eight deals of nine looks sure).  Until 5
December 2026 such a loss was sampled until the last doubling reached it, and a
seed could settle it, or leave it unmarked, on the wrong side of the exact
loss first (docs/review.md, "More deals exact").

When the unseen cards can lie only one way, there is one world and the loss
is exact: its interval is the loss itself.

The better move is the advice's best, unless the advice cannot tell other
moves from it (:func:`rivals`: behind it by less than its noise, as with the
many close first moves of a royal round): then the best of them once all are
valued in :data:`CHOOSE_FACTOR` times the advice's worlds of the same stream
(:func:`better_of`), or valued exactly where the loss is exact
(:func:`exact_deals`). Otherwise a seed whose advice took a weaker move for
best measured the loss against that move, and left unmarked a mistake that
other seeds marked. Where the deals are no more than the advice's worlds
(:func:`few_deals`), the advice itself is exact (:func:`exact_advice`: the
hint's too), and the better move is its best, whatever the seed.

Only a mark needs the confirmation: told the ``least`` loss that is marked,
:func:`confirm` stops at the first look whose mean is below it by a standard
error or more (:data:`UNMARKED_ERRORS`) and whose interval holds no other
threshold (:meth:`Loss.unmarked`).  Such a loss is not marked (its interval
reaches below the least), whether more worlds would settle it below that least
or not; a loss whose mean is closer to the least, or above it, is confirmed as
before, so a mark is as sure as ever (a mean just under the least, from 48
worlds, was too often a loss over it: other seeds marked it).  This spares the
dearest confirmations: the losses close under the least loss, which otherwise
take the most worlds to settle.

Nor is the last doubling of worlds spent where it would most likely settle
nothing (:meth:`Loss.hopeless`): a threshold in the interval lies closer to
the mean than the interval's half-width would shrink to with twice the worlds.
The loss is then a range (or not marked) one look early, as it would most
likely be after it.  In the benchmark's rounds
(``benchmarks/bench_grade_stability.py``) the grades are as stable from seed to
seed as with the last doubling.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import islice
from statistics import NormalDist

from tutor.core.position import Position

from .advisor import SEPARATED_ERRORS, Advice, MoveValue, world_values
from .deal_values import deal_values, exact_ways
from .spread import pstdev, stdev
from .worlds import Deal, every_deal, world_stream

CONFIRM_FACTOR = 32
"""The most worlds a loss is confirmed over, in times the advice's worlds (48 give at most 1536)."""
LOOKS = CONFIRM_FACTOR.bit_length()
"""The looks at the interval: at the advice's worlds, then at each doubling."""
Z = NormalDist().inv_cdf(1 - 0.05 / (2 * LOOKS))
"""Standard errors either side of the mean: a two-sided 5% shared among the looks (Bonferroni; the means are
over 48 worlds or more, so the normal's)."""
UNMARKED_ERRORS = 1.0
"""How many standard errors below the least loss marked a loss's mean must lie to be left unmarked without more
worlds (:meth:`Loss.unmarked`)."""
EARLY_LOOKS = (16, 24, 32)
"""The worlds after which the review looks at an advice for a played move that no other move can beat by the
least loss marked (:func:`within`): it then needs no more worlds."""
RIVALS = 2
"""At most so many moves besides the advice's best that the better move of a loss is chosen among (:func:`rivals`)."""
CHOOSE_FACTOR = 2
"""The worlds the better move of a loss is chosen on, in times the advice's worlds (:func:`better_of`)."""
EARLY_RISK = 0.05
"""The chance, shared among the looks and the other moves (Bonferroni), that :func:`within` passes a move some
other move beats by the least loss marked or more."""


@dataclass(frozen=True)
class Loss:
    """The better move's value minus the played one's over the same ``worlds``: ``better`` and ``played`` valued
    in them, and the interval (``low``, ``high``) of the difference (both the difference when exact)."""

    better: MoveValue
    played: MoveValue
    low: float
    high: float
    worlds: int
    stratified: bool = False
    """Its worlds are whole passes of every deal (:func:`stratified`), not the first ``worlds`` of the stream."""

    @property
    def mean(self) -> float:
        return self.better.value - self.played.value

    def settled(self, thresholds: Sequence[float]) -> bool:
        """Whether the interval lies on one side of each of ``thresholds``."""
        return all(self.high < t or self.low >= t for t in thresholds)

    def hopeless(self, thresholds: Sequence[float], have: int, upto: int) -> bool:
        """Whether even ``upto`` worlds would most likely leave the interval holding a threshold: one lies
        closer to the mean than the interval's half-width would shrink to (from ``have`` worlds)."""
        shrunk = (self.high - self.low) / 2 * math.sqrt(have / upto)
        return any(abs(self.mean - t) < shrunk and self.low < t <= self.high for t in thresholds)

    def unmarked(self, thresholds: Sequence[float], least: float | None) -> bool:
        """Whether the loss is left unmarked without more worlds: its mean is below ``least`` (None: no such
        rule) by :data:`UNMARKED_ERRORS` standard errors, and its interval settled about every other threshold."""
        error = (self.high - self.low) / (2 * Z)
        return (least is not None and self.mean + UNMARKED_ERRORS * error < least
                and self.settled([t for t in thresholds if t != least]))


def within(played: Sequence[float], others: Sequence[Sequence[float]], least: float) -> bool:
    """Whether each of ``others`` is surely less than ``least`` better than ``played`` (their values world by world,
    over the worlds both were valued in, at least two): the upper end of the one-sided interval of the difference
    lies below ``least``, with :data:`EARLY_RISK` shared among the :data:`EARLY_LOOKS` and the other moves.

    The interval is Student's t's (:func:`t_quantile`, ``n - 1`` degrees of freedom), not the normal's: the looks
    come after 16 to 32 worlds, and a move the advisor dropped early is compared on its first 8, where the
    normal's quantile, with the spread estimated from those few worlds, takes two and a half (over 16) to five
    times (over 8) the risk it is given (until 5 December 2026: docs/review.md, "The early look's interval")."""
    risk = EARLY_RISK / (len(EARLY_LOOKS) * max(1, len(others)))
    for other in others:
        differences = [o - p for o, p in zip(other, played)]
        n = len(differences)
        if n < 2:
            return False
        error = stdev(differences) / math.sqrt(n)
        if statistics.fmean(differences) + t_quantile(1 - risk, n - 1) * error >= least:
            return False
    return True


@lru_cache(maxsize=None)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``p`` above one half) of Student's t with ``df`` degrees of freedom (at least one): found
    by bisection on its distribution function, which for whole degrees of freedom is a finite sum (Abramowitz and
    Stegun 26.7.3 and 26.7.4)."""
    high = 1.0
    while _t_distribution(high, df) < p:
        high *= 2
    low = high / 2 if high > 1 else 0.0
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if _t_distribution(middle, df) < p else (low, middle)
    return high


def _t_distribution(t: float, df: int) -> float:
    """The chance that Student's t with ``df`` degrees of freedom is at most ``t`` (``t`` at least 0)."""
    theta = math.atan(t / math.sqrt(df))
    sine, cosine = math.sin(theta), math.cos(theta)
    if df % 2:  # odd: (2 / pi)(theta + sin(theta)(cos(theta) + 2/3 cos^3(theta) + ...)), up to cos^(df - 2)
        term, total = cosine, 0.0
        for j in range(1, (df - 1) // 2 + 1):
            total += term
            term *= cosine * cosine * (2 * j) / (2 * j + 1)
        inside = 2 / math.pi * (theta + sine * total)
    else:  # even: sin(theta)(1 + 1/2 cos^2(theta) + 1*3/(2*4) cos^4(theta) + ...), up to cos^(df - 2)
        term, total = 1.0, 0.0
        for j in range(1, df // 2 + 1):
            total += term
            term *= cosine * cosine * (2 * j - 1) / (2 * j)
        inside = sine * total
    return (1 + inside) / 2


def loss_of(better: MoveValue, played: MoveValue) -> Loss:
    """The loss over the worlds in which both moves were valued (the first ones, when one was dropped early)."""
    n = min(len(better.samples), len(played.samples))
    ours, theirs = better.samples[:n], played.samples[:n]
    differences = [b - p for b, p in zip(ours, theirs)]
    mean = statistics.fmean(differences)
    error = Z * stdev(differences) / math.sqrt(n) if n > 1 else 0.0
    return Loss(_over(better, ours), _over(played, theirs), mean - error, mean + error, n)


def _over(valued: MoveValue, samples: Sequence[float]) -> MoveValue:
    return MoveValue(valued.move, statistics.fmean(samples), pstdev(samples), tuple(samples))


def rivals(moves: Sequence[MoveValue], played: MoveValue) -> list[MoveValue]:
    """The moves of an advice (``moves``, best first) that it cannot tell from its best: valued in every world
    of it, not ``played``, and behind the best by less than :data:`~tutor.play.advisor.SEPARATED_ERRORS`
    standard errors of the difference world by world; the closest first, at most :data:`RIVALS`."""
    best = moves[0]
    n = len(best.samples)
    if n < 2:
        return []
    close: list[tuple[float, MoveValue]] = []
    for mv in moves[1:]:
        if mv.move == played.move or len(mv.samples) != n:
            continue
        differences = [b - v for b, v in zip(best.samples, mv.samples)]
        behind = statistics.fmean(differences)
        if behind < SEPARATED_ERRORS * stdev(differences) / math.sqrt(n):
            close.append((behind, mv))
    close.sort(key=lambda pair: pair[0])  # stable: equal ones in the advice's order
    return [mv for _, mv in close[:RIVALS]]


def better_of(pos: Position, seed: int, best: MoveValue, others: Sequence[MoveValue]) -> MoveValue:
    """Of ``best`` and ``others`` (valued by an advice on ``pos`` of ``seed`` over its worlds), the one with the
    highest mean once all are valued in :data:`CHOOSE_FACTOR` times as many worlds of the same stream (the
    advice's worlds first); ``best`` on a tie.  Its samples are over all those worlds.  Where a loss on ``pos``
    is exact (:func:`exact_deals`), they are valued exactly instead (:func:`exact_better`)."""
    n = len(best.samples)
    candidates = [best, *others]
    if exact_deals(pos, n):
        return exact_better(pos, candidates)
    added = [world_values(world, [mv.move for mv in candidates])
             for world in islice(world_stream(pos, seed), n, CHOOSE_FACTOR * n)]
    grown = [_over(mv, (*mv.samples, *(v[i] for v in added))) for i, mv in enumerate(candidates)]
    return max(grown, key=lambda mv: mv.value)  # the first of equal ones: best


def exact_advice(pos: Position, advice: Advice) -> Advice:
    """``advice`` on ``pos`` with every move valued exactly where its hidden hands can be dealt in few ways
    (:func:`few_deals`): over every deal, each over every order of the hidden hands
    (:func:`~tutor.play.deal_values.deal_values`), best first (equal ones in the order the rules list them), its
    ``deals`` saying how many; else (or where a time budget stopped it) ``advice`` as it is.  What its worlds
    estimate, without their noise: the hint and the review then agree on the best move whatever the seed."""
    if advice.stopped or not few_deals(pos, advice.worlds) or not (deals := every_deal(pos)):
        return advice
    values = deal_values(pos, deals, [mv.move for mv in advice.moves])
    order = {m: i for i, m in enumerate(pos.generate())}
    moves = sorted((_over(mv, [v[i] for v in values]) for i, mv in enumerate(advice.moves)),
                   key=lambda mv: (-mv.value, order[mv.move]))
    return replace(advice, moves=tuple(moves), deals=len(deals))


def exact_better(pos: Position, moves: Sequence[MoveValue]) -> MoveValue:
    """Of ``moves`` (valued by an advice, best first), the one with the highest value over every deal of the hidden
    hands, each over every order of them (:func:`~tutor.play.deal_values.deal_values`; the first of equal ones),
    as the advice valued it: its samples the advice's worlds, for :func:`confirm` to go on from."""
    deals = every_deal(pos)
    if not deals:  # the holding rule allows no deal of these sizes (a world then deals the holders first)
        return moves[0]
    values = deal_values(pos, deals, [mv.move for mv in moves])
    return moves[max(range(len(moves)), key=lambda i: (statistics.fmean(v[i] for v in values), -i))]


def exact_deals(pos: Position, worlds: int) -> bool:
    """Whether :func:`confirm`, given an advice of ``worlds`` worlds on ``pos``, values the loss over every deal
    from the first look: the hidden hands can be dealt in more ways than one and at most half as many as the most
    worlds a loss is confirmed over (:data:`CONFIRM_FACTOR` times ``worlds``)."""
    ways = exact_ways(pos)
    return ways is not None and 1 < ways and 2 * ways <= CONFIRM_FACTOR * worlds


def few_deals(pos: Position, worlds: int) -> bool:
    """Whether an advice of ``worlds`` worlds on ``pos`` is made exact (:func:`exact_advice`): the hidden hands can
    be dealt in more ways than one but no more than ``worlds`` (which may miss one)."""
    ways = exact_ways(pos)
    return ways is not None and 1 < ways <= worlds


def confirm(pos: Position, seed: int, worlds: int, better: MoveValue, played: MoveValue,
            thresholds: Sequence[float], least: float | None = None, exact: bool = False) -> Loss:
    """The loss of ``played`` against ``better`` (both valued by an advice on ``pos`` over ``worlds`` worlds
    of ``seed``), confirmed with more worlds until it is settled about ``thresholds`` or the worlds run out.

    A move valued in fewer of the advice's worlds (dropped early as clearly behind) is first valued in the
    rest of them: a loss is never settled on fewer worlds than the advice's.  Where the hidden hands can be
    dealt in at most half as many ways as the most worlds (:func:`exact_deals`), the loss is :func:`stratified`
    at once.  ``least``: the least loss that is marked, one of ``thresholds`` (see the module's words).  The last
    doubling is not made when it is :meth:`~Loss.hopeless`.  With ``exact``, both moves are valued over every
    deal already (:func:`exact_advice`): their loss is exact as it stands.
    """
    if exact:
        return exact_loss(better, played)
    most = CONFIRM_FACTOR * worlds
    if exact_deals(pos, worlds) and (deals := every_deal(pos)):
        return stratified(pos, deals, better, played)
    stream, streamed = world_stream(pos, seed), 0  # one stream: each look takes the worlds after the last's
    while True:
        have, goal = sorted((len(better.samples), len(played.samples)))
        loss = loss_of(better, played)
        if have == goal and (loss.settled(thresholds) or loss.unmarked(thresholds, least) or have >= most):
            return loss
        upto = goal if goal > have else min(most, 2 * have)
        if goal == have and upto == most and loss.hopeless(thresholds, have, upto):
            return loss
        short = [mv for mv in (better, played) if len(mv.samples) == have]
        added = [world_values(world, [mv.move for mv in short])
                 for world in islice(stream, have - streamed, upto - streamed)]
        streamed = upto
        if not added:  # the cards lie one way: there is no other world
            return loss
        grown = {mv.move: _over(mv, (*mv.samples, *(v[i] for v in added))) for i, mv in enumerate(short)}
        better, played = grown.get(better.move, better), grown.get(played.move, played)


def stratified(pos: Position, deals: list[Deal], better: MoveValue, played: MoveValue) -> Loss:
    """The loss of ``played`` against ``better`` over every one of ``deals``, each as likely, each valued over
    every order of the hidden hands (:func:`~tutor.play.deal_values.deal_values`): exact, its interval the loss."""
    values = deal_values(pos, deals, [better.move, played.move])
    return exact_loss(_over(better, [v[0] for v in values]), _over(played, [v[1] for v in values]))


def exact_loss(better: MoveValue, played: MoveValue) -> Loss:
    """The loss of ``played`` against ``better``, both valued over every deal (their samples, deal by deal): exact,
    its interval the loss."""
    loss = better.value - played.value
    return Loss(better, played, loss, loss, len(better.samples), stratified=True)


@dataclass(frozen=True)
class Sample:
    """The worlds a confirmed loss (:func:`confirm`) is over, so that other moves can be valued in them too: the
    first ``worlds`` of the stream of ``seed`` (the advice's seed), or where the loss is ``stratified`` every deal
    once (``worlds`` of them), over every order of the hidden hands."""

    seed: int
    worlds: int
    stratified: bool = False


def valued_in(pos: Position, sample: Sample, moves: Sequence[MoveValue]) -> list[MoveValue]:
    """``moves`` (valued by the advice on ``pos`` of the sample's seed) valued over the worlds of ``sample``, as
    the two moves of its loss were: their values compare with those.  Where the worlds are the stream's, the
    advice's values world by world are kept (those are its first worlds) and only the rest are valued."""
    if not moves:
        return []
    if sample.stratified:
        values = deal_values(pos, every_deal(pos), [mv.move for mv in moves])
        return [_over(mv, [v[i] for v in values]) for i, mv in enumerate(moves)]
    kept = min(sample.worlds, *(len(mv.samples) for mv in moves))
    worlds = list(islice(world_stream(pos, sample.seed), kept, sample.worlds))
    added = [world_values(world, [mv.move for mv in moves]) for world in worlds]
    return [_over(mv, (*mv.samples[:kept], *(v[i] for v in added))) for i, mv in enumerate(moves)]
