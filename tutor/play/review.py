"""The review of a learner's round: each of their moves valued by the advisor from what they could know.

Every move the learner chose (with more than one legal move to choose from)
is valued by :func:`tutor.play.advisor.advise` on the learner's
:class:`~tutor.play.view.SeatView` just before it: the other hands and the
stock hidden, as they were at the table.  The *loss* is the best move's value
minus the played one's, in round points for the learner's side; it is graded
by :data:`MARGINS` (measured in docs/review.md: below a margin the advisor's
own noise could make a move look that much worse than the best, so it is not
marked; four players are noisier than two or three).  A loss is confirmed with
more worlds until its grade is settled, or else graded as a range
(:func:`judge`, :mod:`tutor.play.confirm`); a sure sweep passed up is always
marked (:func:`missed_sweep`); in an exact last deal a mark carries the
solver's lines (:mod:`tutor.play.exact`).

Each mark says why the better move is better in facts of the position the
learner saw (:class:`Why`: a reason code and its parameters, put into words
by the templates): a sweep, a sweep left to the next player, points or cards
taken now, the points the next player could take, a build for a later take,
and the ideas of :mod:`tutor.play.ideas` (a majority made sure, cards kept
out of reach, a build left to be stolen, a card no unseen card can take, a trail none can take); in
an exact last deal also what the solver's lines show
(:mod:`tutor.play.line_ideas`: the last take and the table's leftovers, point
cards and majorities, sweeps, a stolen build).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.core.cards import Card
from tutor.core.comparison import MoveFacts, move_facts
from tutor.core.movegen import hand_moves
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Exposure, exposure_after, table_points
from tutor.core.table import piles

from .advisor import (
    DEFAULT_WORLDS,
    Advice,
    Clock,
    Enough,
    MoveValue,
    Progress,
    advise,
    advise_until,
    playout_turns,
)
from .confirm import (
    EARLY_LOOKS,
    Loss,
    Sample,
    better_of,
    confirm,
    exact_advice,
    exact_deals,
    few_deals,
    loss_of,
    rivals,
    valued_in,
    within,
)
from .exact import ExactLines, exact_lines
from .game import Ply
from .heuristics import BUILD_KINDS
from .ideas import safe_trail, seen_ideas, sweep_takers, turn_comes
from .line_ideas import line_ideas
from .risk import likely_take
from .view import SeatView
from .why import REASON_CODES as REASON_CODES  # the reasons' data, also where the review's callers find it
from .why import Why as Why
from .worlds import every_deal

GRADES = ("inaccuracy", "mistake", "blunder")
"""The grades of a marked move, the mildest first."""

MARGINS: dict[int, tuple[float, float, float]] = {2: (0.5, 1.0, 2.0), 3: (0.5, 1.5, 2.5), 4: (1.25, 2.5, 3.5)}
"""By players: the least loss (round points) of each grade of :data:`GRADES`, above the advisor's noise with
:data:`~tutor.play.advisor.DEFAULT_WORLDS` worlds (docs/review.md)."""

LIKELY_LEAST = 0.5
"""The least difference of the next player's likely take (round points) a mark gives as a reason."""


ROUNDING = 1e-9
"""A loss this close under a grade's least loss reaches it: the advisor's values are floats, and one point between
0.6814868285937381 and -0.31851317140626145 comes out 4e-16 short of 1 (the review said "an inaccuracy: it lost
1.0 point" with two players, where one point is a mistake)."""


def grade_of(loss: float, players: int) -> str | None:
    """The grade of a move that loses ``loss`` round points against the best; None below the margin."""
    earned = [grade for grade, least in zip(GRADES, MARGINS[players]) if loss >= least - ROUNDING]
    return earned[-1] if earned else None


def margin(players: int) -> float:
    """The least loss that is marked: moves within it of the best are as good as the best."""
    return MARGINS[players][0]


def missed_sweep(pos: Position, advice: Advice, played: Move) -> MoveValue | None:
    """The best *sure sweep* ``played`` passes up: a capture the mover could make now that takes everything on
    the table and scores a sweep (the variant's sweeps score), valued in ``advice``; None when ``played``
    sweeps or no move does."""
    if not pos.variant.sweep_points or pos.is_sweep(played):
        return None
    return next((mv for mv in advice.moves if pos.is_sweep(mv.move)), None)


def graded(loss: Loss, players: int, swept: Loss | None = None) -> tuple[str | None, str | None]:
    """The grades at the two ends of ``loss``'s interval (one grade: settled; the first None: not marked).

    ``swept`` is the loss against a missed sure sweep: when its interval lies above 0 (the sweep is surely
    worth more), the move is at least an inaccuracy, whatever the margins say.
    """
    low, high = grade_of(loss.low, players), grade_of(loss.high, players)
    if swept is not None and swept.low > 0:
        low, high = low or GRADES[0], high or GRADES[0]
    return low, high


@dataclass(frozen=True)
class Outcome:
    """What a move does in the position the learner saw: its facts, what the next player could then take (at
    worst, and likely) and the table it leaves (its loose cards, and the piles of each build), the cards with which
    the next player could sweep that table, the
    best capture the mover's kept cards could make on the table left (None: none) and
    whether it sweeps that table, and whether a kept card could take the build the move makes."""

    facts: MoveFacts
    exposed: Exposure
    left: tuple[Card, ...]
    left_builds: tuple[tuple[tuple[Card, ...], ...], ...]
    sweep_takers: tuple[Card, ...]
    likely: float
    next_take: Move | None
    next_size: tuple[int, int]
    next_sweep: bool
    holds_build: bool

    @property
    def builds(self) -> bool:
        return self.facts.kind in BUILD_KINDS


def outcome(pos: Position, move: Move) -> Outcome:
    """What ``move`` does in ``pos`` (a seat's view: the other hands hidden)."""
    exposed = exposure_after(pos, move)
    likely = likely_take(pos, move, lambda p, m: float(table_points(p, m)))
    seat = pos.to_move
    pos.push(move)
    left, left_builds = tuple(pos.loose), tuple(tuple(map(tuple, piles(b, pos.variant.value))) for b in pos.builds)
    comes = turn_comes(pos, seat)  # no next turn when the round may end first: nothing is said of one
    later = pos.copy()
    pos.pop()
    later.to_move = seat  # the table as left, the mover's kept cards: what they could take next turn
    takes = hand_moves(later, others=False) if comes else []
    sizes = {m: (table_points(later, m), len(m.captured_cards())) for m in takes}
    best = max(sizes, key=sizes.__getitem__, default=None)
    holds = move.kind in BUILD_KINDS and any(b.value == move.value for m in takes for b in m.builds)
    return Outcome(move_facts(pos, move), exposed, left, left_builds, tuple(sweep_takers(pos, move)), likely, best,
                   sizes[best] if best is not None else (0, 0), best is not None and later.is_sweep(best), holds)


def taken_now(facts: MoveFacts, other: MoveFacts, worth: Sequence[int]) -> int:
    """The round points a move takes now over ``other``: its own capturing card counts only when ``other`` gives
    that card up (trails it, builds with it); a card ``other`` keeps in hand stays the mover's."""
    kept = facts.kind == "capture" and not (other.move.card == facts.move.card and other.kind != "capture")
    return facts.points - (worth[facts.move.card] if kept else 0)


def reasons(pos: Position, played: Outcome, better: Outcome) -> tuple[Why, ...]:
    """Why ``better`` is better than ``played`` in ``pos``: each fact that differs, in the order of
    :data:`REASON_CODES` (``later`` apart: :func:`mark` gives it when none is found)."""
    p, b = played.facts, better.facts
    found = []
    worth = pos.variant.card_points
    if b.sweep and not p.sweep:
        found.append(Why("sweep"))
    if swept := bool(played.sweep_takers and not better.sweep_takers):
        found.append(Why("deny_sweep", {"left": list(played.left), "takers": list(played.sweep_takers),
                                        "builds": [list(map(list, build)) for build in played.left_builds]}))
    if (more := taken_now(b, p, worth) - taken_now(p, b, worth)) > 0:
        own = b.kind == "capture" and worth[b.move.card] and p.move.card == b.move.card and p.kind != "capture"
        found.append(Why("points", {"n": more, "cards": [c for c in b.taken if worth[c] and c not in p.taken],
                                    "hand": [b.move.card] if own else [],
                                    "sweep": b.sweep and not p.sweep and pos.variant.sweep_points > 0}))
    # not where the better move trails a card that scores as much: it gives as much away
    if (p.kind == "trail" and worth[p.move.card] and b.move.card != p.move.card
            and not (b.kind == "trail" and worth[b.move.card] >= worth[p.move.card])):
        found.append(Why("keep", {"card": p.move.card}))
    if (fewer := played.exposed.points - better.exposed.points) > 0:
        if not (swept and fewer == pos.variant.sweep_points):  # not where it is the points of the sweep left, said
            found.append(Why("exposure", {"n": fewer}))
    elif round(played.likely - better.likely, 1) >= LIKELY_LEAST:
        found.append(Why("likely", {"n": round(played.likely - better.likely, 1)}))
    if len(b.taken) > len(p.taken):
        found.append(Why("cards", {"n": len(b.taken) - len(p.taken), "cards": list(b.taken)}))
    if better.holds_build and not played.builds:
        found.append(Why("build", {"value": b.move.value}))
    # a kept take counts when it is more than taking back the better move's own trail or what the played move takes
    elif ((take := better.next_take) is not None and better.next_size > played.next_size
          and not set(take.captured_cards()) <= {*p.taken, b.move.card}):
        found.append(Why("next_take", {"card": take.card, "cards": take.captured_cards(),
                                       "points": sum(worth[c] for c in take.captured_cards()),
                                       "sweep": better.next_sweep}))
    if not swept:  # a sweep left names the cards that would take the played trail with the rest
        found.extend(safe_trail(pos, p.move, b.move))
    return in_order([*found, *seen_ideas(pos, p.move, b.move)])


def unrepeated(found: Sequence[Why], lines: ExactLines | None = None) -> tuple[Why, ...]:
    """``found`` without what another of its reasons says already: a take kept for the next turn (``next_take``)
    that the lines' last take names (the same card taking the same cards: said as the last take, which says what it
    wins), and the lines' sweeps (``line_sweeps``) where all they differ by is the sweep the next player makes at
    once on the played line, the one ``deny_sweep`` names with the table left and its takers."""
    last = [(w.params["card"], set(w.params["taken"])) for w in found if w.code == "last_take"]
    swept = sweeping_side(lines) if lines is not None and any(w.code == "deny_sweep" for w in found) else None
    return tuple(w for w in found
                 if not (w.code == "next_take" and (w.params["card"], set(w.params["cards"])) in last)
                 and not (w.code == "line_sweeps" and swept is not None and only_sweep(w.params, *swept)))


def sweeping_side(lines: ExactLines) -> tuple[Position, int] | None:
    """The world of ``lines`` and the side whose reply on the played line sweeps the table the played move leaves,
    if it does."""
    world, line = lines.world.copy(), lines.played.line
    world.push(line[0])
    return (world, world.side_of(world.to_move)) if len(line) > 1 and world.is_sweep(line[1]) else None


def only_sweep(params: dict[str, Any], world: Position, side: int) -> bool:
    """A ``line_sweeps`` whose only change is one sweep more after the played move, for ``side``."""
    mine, theirs, seats = params["mine"], params["theirs"], params["seats"]
    return mine[0] == mine[1] and theirs[1] - theirs[0] == 1 and bool(seats) and world.side_of(seats[0]) == side


def in_order(found: Sequence[Why]) -> tuple[Why, ...]:
    """Reasons in the order of :data:`REASON_CODES`."""
    return tuple(sorted(found, key=lambda why: REASON_CODES.index(why.code)))


@dataclass(frozen=True)
class MoveReview:
    """One move of the learner: the ply (``index`` in the round; the learner's move number ``turn``), its
    advisor value and the best one's (over the same worlds, as many as it took to settle the grade: for a move
    the advice's first worlds showed unmarked, those worlds), and its grade (None: not marked).

    ``grade`` is the least grade the loss's interval reaches (:mod:`~tutor.play.confirm`: 95% over all its
    looks), ``upto`` the most (the same: the grade is settled; else the grade is the range from one to the
    other); ``interval`` is that interval (the loss itself where it is exact); ``sure_sweep``: the move passed
    up a sweep surely worth more (it is marked); ``sample``: the worlds ``best`` and ``played`` were valued in, when
    the loss was confirmed (:func:`judge`; not kept in a review's data).
    """

    index: int
    turn: int
    ply: Ply
    played: MoveValue
    best: MoveValue
    grade: str | None
    upto: str | None
    interval: tuple[float, float]
    sure_sweep: bool = False
    sample: Sample | None = None

    @property
    def loss(self) -> float:
        return self.best.value - self.played.value


@dataclass(frozen=True)
class Mark:
    """A marked move: its review, the advice it was judged by, the better (advised) move's and the played
    move's outcomes, and why the better one is better.  ``accepted`` are the moves within the
    :func:`margin` of the best but the played one (its loss, confirmed over more worlds, marked it, though the
    advice's worlds alone may value it within the margin): a personal puzzle of this position accepts them all.
    ``lines``: where the value is exact, the solver's lines after the better move and the played one (the reasons
    include what they show)."""

    review: MoveReview
    advice: Advice
    played: Outcome
    better: Outcome
    reasons: tuple[Why, ...]
    accepted: tuple[Move, ...]
    lines: ExactLines | None = None
    drawn: int | None = None
    """The worlds drawn at random its values are over (:func:`drawn_worlds`): None where they are over every
    deal, or not known (a review kept before they were)."""


@dataclass(frozen=True)
class RoundReview:
    """The learner's moves of one round (those with a choice), and the marked ones; ``players`` at the table.

    A move played after the learner asked the advisor (``hint``; its ply in ``hinted``: :func:`set_apart`) is
    reviewed, but it is not counted as theirs: its mark, if any, is one of ``hinted_marks``, not of ``marks`` (no
    personal puzzle, no points lost), and it is no part of the praise (:attr:`well_played`)."""

    players: int
    seat: int
    moves: tuple[MoveReview, ...]
    marks: tuple[Mark, ...]
    unreviewed: int = 0
    """The learner's moves with a choice left unreviewed: the review's time budget ran out first."""
    hinted: frozenset[int] = frozenset()
    """The plies of the reviewed moves played after a hint."""
    hinted_marks: tuple[Mark, ...] = ()
    """The marks of the moves played after a hint, in the order played."""

    @property
    def own(self) -> tuple[MoveReview, ...]:
        """The reviewed moves counted as the learner's: all but those played after a hint."""
        return tuple(m for m in self.moves if m.index not in self.hinted)

    @property
    def cost(self) -> float:
        """What the learner's own moves (:attr:`own`) lost together by the advisor's values, marked or not: the sum of
        each one's :attr:`MoveReview.loss`, none counted below 0."""
        return sum((max(0.0, m.loss) for m in self.own), 0.0)

    @property
    def well_played(self) -> bool:
        """Whether the review praises the round: every move with a choice reviewed, at least one of them the
        learner's own, none of those marked, and together they lost less than the :func:`margin` (:attr:`cost`): a
        player at random is not praised for a round in which the advisor's noise hid each loss on its own."""
        return bool(self.own) and not self.marks and not self.unreviewed and self.cost < margin(self.players)

    def count(self, grade: str) -> int:
        """The marks settled at ``grade``."""
        return sum(1 for m in self.marks if m.review.grade == m.review.upto == grade)

    def ranges(self) -> dict[tuple[str, str], int]:
        """The marks whose grade is a range, counted by range (its least and most grade), mildest first."""
        found = Counter((r.grade, r.upto) for m in self.marks
                        if (r := m.review).grade is not None and r.upto is not None and r.grade != r.upto)
        return {key: found[key] for key in sorted(found, key=lambda k: (GRADES.index(k[0]), GRADES.index(k[1])))}


def set_apart(review: RoundReview, hinted: Collection[int]) -> RoundReview:
    """``review`` with its moves played after a hint (their plies among ``hinted``) set apart from the learner's own
    (:class:`RoundReview`)."""
    apart = review.hinted | {m.index for m in review.moves if m.index in hinted}
    newly = (m for m in review.marks if m.review.index in apart)
    return replace(review, hinted=frozenset(apart),
                   marks=tuple(m for m in review.marks if m.review.index not in apart),
                   hinted_marks=tuple(sorted((*review.hinted_marks, *newly), key=lambda m: m.review.index)))


def ply_seed(seed: int, index: int) -> int:
    """The advisor's seed for the ply ``index`` of a review with ``seed`` (the same in every process)."""
    return random.Random(f"review/{seed}/{index}").randrange(2**32)


def ply_advice(view: SeatView, seed: int, index: int, *, worlds: int = DEFAULT_WORLDS, level: str = "expert",
               budget: float | None = None, clock: Clock = time.perf_counter,
               progress: Progress | None = None) -> Advice:
    """The advice on ply ``index`` of a review with ``seed``, from ``view`` (the seat's view before that ply).

    The review judges the ply by it, and the shell's hint gives it: unless a time ``budget`` runs out (which
    :attr:`Advice.stopped` says) the advisor is deterministic, so the move a hint recommends is the review's
    best move on that same position.  Where the hidden hands can be dealt in few ways the advice is exact
    (:func:`~tutor.play.confirm.exact_advice`).
    """
    advice = advise(view, level=level, worlds=worlds, seed=ply_seed(seed, index), budget=budget, clock=clock,
                    progress=progress)
    return exact_advice(view.position(), advice)


Reviewed = tuple[MoveReview, Mark | None]
"""One move's review: the move judged, and its mark when it is marked."""

Ready = Callable[[int, float | None], Reviewed | None]
"""A move's review made beforehand (in a worker process while the round went on, say), given the move's ply index
and the seconds it may still be waited for (None: no limit): the review, or None to make it here."""


def review_turns(plies: Sequence[Ply], seat: int) -> list[tuple[int, int]]:
    """The moves ``seat`` made in ``plies`` with more than one legal move to choose from: each one's ply index and
    turn (the seat's move number in the round), the moves a review judges."""
    turns = [index for index, ply in enumerate(plies) if ply.seat == seat]
    return [(index, turn) for turn, index in enumerate(turns, 1) if _chosen(plies[index], seat)]


def reviewable(plies: Sequence[Ply], seat: int) -> bool:
    """Whether ``seat`` made a move in ``plies`` that a review judges (:func:`review_turns`): a round that ended
    before any (an instant win, a claim, before their first move) has nothing of theirs to review, nor to praise."""
    return bool(review_turns(plies, seat))


def last_review_turn(plies: Sequence[Ply], seat: int) -> tuple[int, int] | None:
    """The last of ``plies`` as :func:`review_turns` gives it, when a review judges it; else None."""
    if not plies or plies[-1].seat != seat or not _chosen(plies[-1], seat):
        return None
    return len(plies) - 1, sum(1 for ply in plies if ply.seat == seat)


def _chosen(ply: Ply, seat: int) -> bool:
    return len(SeatView.of(ply.before, seat).legal_moves()) >= 2


def review_move(ply: Ply, seat: int, index: int, turn: int, *, seed: int, worlds: int = DEFAULT_WORLDS,
                level: str = "expert", budget: float | None = None, clock: Clock = time.perf_counter,
                then: Sequence[Move] = ()) -> Reviewed | None:
    """The review of ``seat``'s move ``ply``, ply ``index`` and the seat's ``turn`` of a round reviewed with
    ``seed``, from the seat's view just before it (as :func:`review_round` judges it, wherever it runs); None when
    a time ``budget`` (seconds on ``clock``) cut its advice short: the move is never judged on fewer worlds.
    ``then``: the moves the round went on with, where known (:func:`mark`)."""
    view = SeatView.of(ply.before, seat)
    advice, reviewed = review_ply(view, ply, seed, index, turn, worlds=worlds, level=level, budget=budget,
                                  clock=clock)
    if reviewed is None:
        return None
    return reviewed, None if reviewed.grade is None else mark(view, reviewed, advice, then=then)


def review_round(plies: Sequence[Ply], seat: int, *, worlds: int = DEFAULT_WORLDS, seed: int = 0,
                 level: str = "expert", budget: float | None = None, clock: Clock = time.perf_counter,
                 progress: Callable[[int, int], None] | None = None, ready: Ready | None = None) -> RoundReview:
    """Review the moves ``seat`` made in a round's ``plies``, each from the seat's view; the same seed, the same review.

    A move is judged by :func:`ply_advice`'s advice (the hint's), but for one that advice's first worlds already
    show unmarked (:func:`early_enough`): no more of its worlds are valued (:func:`review_ply`).  A time ``budget``
    (seconds on ``clock``) ends the review at the first move whose advice it cut short: that move and the later
    ones are left unreviewed (:attr:`RoundReview.unreviewed`), never judged on fewer worlds than the rules above
    allow.  ``progress`` is told the moves reviewed so far and the moves to review.  ``ready`` gives the moves'
    reviews made beforehand (each :func:`review_move` with the same arguments); the others are made here.
    """
    deadline = None if budget is None else clock() + budget
    chosen = review_turns(plies, seat)
    moves: list[MoveReview] = []
    marks: list[Mark] = []
    for done, (index, turn) in enumerate(chosen):
        if progress is not None:
            progress(done, len(chosen))
        left = None if deadline is None else max(deadline - clock(), 0.0)
        then = [ply.move for ply in plies[index + 1:]]
        found = None if ready is None else ready(index, left)
        if found is not None and found[1] is not None and found[1].lines is not None and then:
            # made while the round went on: its played line follows the moves that came after it
            found = found[0], mark(SeatView.of(plies[index].before, seat), found[0], found[1].advice, then=then)
        if found is None:
            if ready is not None and deadline is not None:  # the time spent waiting for it counts
                left = max(deadline - clock(), 0.0)
            found = review_move(plies[index], seat, index, turn, seed=seed, worlds=worlds, level=level, budget=left,
                                clock=clock, then=then)
        if found is None:
            return RoundReview(plies[0].before.players, seat, tuple(moves), tuple(marks), len(chosen) - done)
        reviewed, marked = found
        moves.append(reviewed)
        if marked is not None:
            marks.append(marked)
    return RoundReview(plies[0].before.players if plies else 2, seat, tuple(moves), tuple(marks))


def review_ply(view: SeatView, ply: Ply, seed: int, index: int, turn: int, *, worlds: int = DEFAULT_WORLDS,
               level: str = "expert", budget: float | None = None,
               clock: Clock = time.perf_counter) -> tuple[Advice, MoveReview | None]:
    """The review of ``ply`` (the ply ``index`` of a review with ``seed``, the learner's move ``turn``) from
    ``view``, and the advice it was judged by: :func:`ply_advice`'s (then :func:`judge`), unless its first
    worlds already show the move unmarked (:func:`early_enough`: then only those worlds).  None for the review
    when a time ``budget`` cut the advice short."""
    advice = advise_until(view, early_enough(view, ply.move, worlds), level=level, worlds=worlds,
                          seed=ply_seed(seed, index), budget=budget, clock=clock)
    if advice.stopped:
        return advice, None
    if advice.worlds < worlds and advice.worlds in EARLY_LOOKS:
        return advice, unmarked(advice, index, turn, ply)
    advice = exact_advice(view.position(), advice)  # the whole advice, exact where the deals are few: the hint's
    return advice, judge(view, advice, ply_seed(seed, index), index, turn, ply)


def early_enough(view: SeatView, played: Move, worlds: int) -> Enough:
    """When an advice of ``worlds`` worlds on ``view`` may stop for the move ``played``: at a look of
    :data:`~tutor.play.confirm.EARLY_LOOKS` before its last world where ``played`` is still valued and every
    other move is surely less than the :func:`margin` better (:func:`~tutor.play.confirm.within`).  Never where
    ``played`` passes up a sure sweep (:func:`missed_sweep`), which is marked by other rules.

    Such a move is not marked: the advice's best (the hint's move) is never marked anyway, and judged by the
    whole advice, a move whose every rival is less than the margin better is left unmarked too (but rarely, by
    the noise of the rest of the worlds: at most :data:`~tutor.play.confirm.EARLY_RISK` over the looks).  Nor
    where the hidden hands can be dealt in so few ways that a loss is judged on every deal
    (:func:`~tutor.play.confirm.few_deals`): the advice's first worlds, drawn at random, may miss a deal."""
    pos, least = view.position(), margin(view.players)
    sweeps = bool(pos.variant.sweep_points) and not pos.is_sweep(played) and any(map(pos.is_sweep, pos.generate()))
    never = sweeps or few_deals(pos, worlds)

    def enough(moves: list[Move], values: list[list[float]], done: int) -> bool:
        if never or done >= worlds or done not in EARLY_LOOKS:
            return False
        mine = values[moves.index(played)]
        return len(mine) == done and within(mine, [v for m, v in zip(moves, values) if m != played and v], least)

    return enough


def unmarked(advice: Advice, index: int, turn: int, ply: Ply) -> MoveReview:
    """The review of a move an advice stopped early shows unmarked (:func:`early_enough`): its values and
    the loss's interval are over the advice's worlds."""
    played, best = advice.value_of(ply.move), advice.moves[0]
    loss = loss_of(best, played)
    return MoveReview(index, turn, ply, played, best, None, None,
                      (0.0, 0.0) if played.move == best.move else (loss.low, loss.high))


def judge(view: SeatView, advice: Advice, seed: int, index: int, turn: int, ply: Ply) -> MoveReview:
    """The review of ``ply``'s move by ``advice`` (of ``seed``): the advised move is never marked; otherwise the
    loss against the better move (the advice's best, or of the moves it cannot tell from it the best over more
    worlds: :func:`~tutor.play.confirm.rivals`, :func:`~tutor.play.confirm.better_of`; where the hidden hands can
    be dealt in few ways, the exact advice's best: :func:`~tutor.play.confirm.exact_advice`) is confirmed with more
    worlds until its grade is settled (:func:`~tutor.play.confirm.confirm`; one whose mean is below the
    :func:`margin` is left unmarked at once; exact as it stands after an exact advice), and against a missed sure
    sweep until it is sure whether the sweep is worth more."""
    played, best = advice.value_of(ply.move), advice.moves[0]
    if played.move == best.move:
        return MoveReview(index, turn, ply, played, best, None, None, (0.0, 0.0))
    pos, players = view.position(), view.players
    if advice.deals:  # exact (exact_advice): its best is the better move
        better = best
    else:
        close = rivals(advice.moves, played)
        better = better_of(pos, seed, best, close) if close else best
    sweep = missed_sweep(pos, advice, ply.move)
    swept_best = sweep is not None and sweep.move == better.move
    exact = bool(advice.deals)  # every move valued over every deal already: nothing to confirm
    loss = confirm(pos, seed, advice.worlds, better, played, (*MARGINS[players], *((0.0,) if swept_best else ())),
                   least=margin(players), exact=exact)
    swept = None if sweep is None else loss if swept_best else confirm(pos, seed, advice.worlds, sweep, played, (0.0,),
                                                                        exact=exact)
    grade, upto = graded(loss, players, swept)
    return MoveReview(index, turn, ply, loss.played, loss.better, grade, upto, (loss.low, loss.high),
                      swept is not None and swept.low > 0, Sample(seed, loss.worlds, loss.stratified))


def valued_as_confirmed(reviewed: MoveReview, moves: Sequence[MoveValue]) -> list[MoveValue] | None:
    """``moves`` of the advice ``reviewed`` was judged by, valued in the worlds its loss was confirmed in: their
    values compare with its best and played move's.  None where those worlds are not known (a review made again
    from its data, a move the advice's first worlds left unmarked)."""
    if reviewed.sample is None:
        return None
    return valued_in(SeatView.of(reviewed.ply.before, reviewed.ply.seat).position(), reviewed.sample, moves)


def drawn_worlds(reviewed: MoveReview) -> int | None:
    """The worlds drawn at random that ``reviewed``'s values are over: those its loss was confirmed over (more than
    the advice's where the loss lay close to a grade's least loss); None where they are over every deal, or not
    known (a review made again from its data)."""
    sample = reviewed.sample
    return sample.worlds if sample is not None and not sample.stratified else None


def mark(view: SeatView, reviewed: MoveReview, advice: Advice, drawn: int | None = None,
         then: Sequence[Move] = ()) -> Mark:
    """The mark of a move graded in ``advice``, with its reasons in the learner's world (and in the solver's lines,
    where the value is exact).  ``drawn``: the worlds drawn at random its values are over, where ``reviewed`` does
    not say (:func:`drawn_worlds`; else the advice's); ``then``: the moves the round went on with, which the
    played line follows while they are among the best (:func:`~tutor.play.exact.followed`)."""
    pos = view.position()
    played, better = outcome(pos, reviewed.ply.move), outcome(pos, reviewed.best.move)
    least = margin(view.players)
    accepted = tuple(m.move for m in advice.moves
                     if advice.moves[0].value - m.value < least and m.move != reviewed.ply.move)
    lines = exact_lines(pos, reviewed.best.move, reviewed.ply.move, then)
    why = unrepeated(in_order([*reasons(pos, played, better), *(line_ideas(lines) if lines is not None else [])]),
                     lines)
    drawn = drawn_worlds(reviewed) or drawn
    if not why:  # no idea of the position: the values over the rest of the deal (its deals counted only here)
        ways = deal_count(pos, advice.worlds)
        # a review kept before its draws were (no sample, nor ``drawn``): how many is not known, so not said
        known = ways or advice.worlds == 1 or reviewed.sample is not None
        params = {"worlds": drawn or (advice.worlds if known else None), "turns": playout_turns(pos), "ways": ways}
        if ways and pos.variant.draw and pos.stock_hidden:  # the deals are of the stock's order too
            params["stock"] = pos.stock_hidden
        why = (Why("later", params),)
    return Mark(reviewed, advice, played, better, why, accepted, lines, drawn)


def deal_count(pos: Position, worlds: int) -> int | None:
    """The ways the hidden hands can be dealt (the holding rule kept) where a mark's values are the average over
    every one of them (:func:`~tutor.play.confirm.exact_deals`: the confirmation takes each deal in turn), else
    None: the values are over worlds drawn at random, ``worlds`` of them and more."""
    return len(every_deal(pos)) or None if exact_deals(pos, worlds) else None
