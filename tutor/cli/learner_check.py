"""The simulated-learner check of the skill model (docs/learner-model.md).

A simulated learner (:class:`~tutor.play.handicaps.Handicapped`: the first club
level, ``club-v1``, with one skill taken away) sits down at a fresh progress file, as a
learner would: it answers a set of puzzles (the collection's files, judged as
the shell judges a typed answer, recorded as the shell records an attempt),
then plays rounds against that club level, each reviewed as the shell reviews
a round, its evidence recorded as the shell records it.  After the puzzles and
after each round the model is asked which skill is weakest.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tutor.content.course import THEMES, Catalog, Puzzle
from tutor.content.skills import SKILLS, Evidence
from tutor.core.variant import Variant
from tutor.play.game import play_one_round
from tutor.play.heuristics import CLUB_V1, Club
from tutor.play.player import Player
from tutor.play.review import review_round
from tutor.play.view import SeatView
from tutor.shell.next_choice import missed_first, skill_to_work, theme_for
from tutor.shell.picker import SET_MIN, nearest_puzzle
from tutor.shell.review_screen import REVIEW_WORLDS
from tutor.storage import Progress
from tutor.teaching.coach import Challenge, Task
from tutor.teaching.skill_evidence import round_evidence
from tutor.teaching.skill_map import puzzle_skills

PLAYED_SKILLS = tuple(s for s in SKILLS if s != "rules")
"""The skills a classic game tests: the puzzle set draws one puzzle for each (the variants' rules apart)."""
START = datetime(2026, 1, 1, tzinfo=timezone.utc)
"""The simulated sitting's clock starts here and moves a minute an item (nothing here depends on it)."""


@dataclass(frozen=True)
class Sitting:
    """One simulated learner's run: the skill it lacks (None: the full club level), the puzzles it was given
    and whether it solved each, and the skill the model named weakest after the puzzles (index 0) and after
    each round (None: none yet had enough evidence); in the order ``next``, the skill of the set each round's
    puzzles came from (None: no skill was weak, so the puzzles nearest the learner of any theme)."""

    removed: str | None
    puzzles: tuple[tuple[str, bool], ...]
    named: tuple[str | None, ...]
    sets: tuple[str | None, ...] = ()

    def found_after(self) -> int | None:
        """The first check (0: after the puzzles, n: after round n) from which the model names the removed
        skill at every later check; None when it does not name it at the last."""
        first = None
        for i, name in enumerate(self.named):
            first = (first if first is not None else i) if name == self.removed else None
        return first


def puzzle_pool(catalog: Catalog, rules: Variant) -> list[Puzzle]:
    """The collection's puzzles a learner of ``rules`` with two players meets: one move to find, not a line."""
    return [p for p in catalog.puzzles if p.variant == rules and p.position.players == 2 and not p.line]


def puzzle_set(pool: Sequence[Puzzle], count: int, rng: random.Random) -> list[Puzzle]:
    """``count`` puzzles of ``pool``, one for each played skill in turn (drawn among those testing it, none
    twice), as a placement test that covers the skills evenly."""
    chosen: list[Puzzle] = []
    while len(chosen) < count:
        skill = PLAYED_SKILLS[len(chosen) % len(PLAYED_SKILLS)]
        left = [p for p in pool if skill in puzzle_skills(p) and p not in chosen]
        if not left:
            left = [p for p in pool if p not in chosen]
        chosen.append(rng.choice(left))
    return chosen


def solves(learner: Player, puzzle: Puzzle, rng: random.Random) -> bool:
    """Whether the learner's move in ``puzzle`` (from the seat's view) solves it, judged as the shell judges it."""
    pos = puzzle.position.copy()
    move = learner.choose(SeatView.of(pos, pos.to_move), rng)
    return Challenge(pos, Task(goal=puzzle.goal), puzzle.ranking).judge(pos.notation(move)).accepted


def answer(progress: Progress, learner: Player, puzzle: Puzzle, rng: random.Random, now: datetime) -> bool:
    """The learner's move in ``puzzle``, judged and recorded as the shell does a first answer without hints;
    whether it solved it."""
    solved = solves(learner, puzzle, rng)
    progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, solved, 0, now=now,
                            skills=puzzle_skills(puzzle))
    return solved


def reviewed_round(learner: Player, rules: Variant, seed: int, seat: int, dealer: int,
                   worlds: int) -> dict[str, list[Evidence]]:
    """The evidence of one round of ``learner`` at ``seat`` against the first club level (``club-v1``, the club
    the simulated learners are made from), ``dealer`` dealing, reviewed as the shell reviews a round but with no
    time budget (the same review on any machine)."""
    seats: list[Player] = [Club(weights=CLUB_V1), Club(weights=CLUB_V1)]
    seats[seat] = learner
    record = play_one_round(rules, seats, seed, dealer=dealer)
    return round_evidence(review_round(record.plies, seat, worlds=worlds, seed=seed), seed)


def play_reviewed(progress: Progress, learner: Player, rules: Variant, seed: int, seat: int, dealer: int,
                  worlds: int, now: datetime) -> None:
    """One round of ``learner`` (:func:`reviewed_round`), its evidence recorded as after a round in the shell."""
    progress.record_evidence("game", reviewed_round(learner, rules, seed, seat, dealer, worlds), now=now)


def weakest_named(progress: Progress) -> str | None:
    found = progress.weakest_skills(1)
    return found[0].skill if found else None


ORDERS = ("next", "placement")
"""When the puzzles come: after each round, as ``next`` gives them (a set on the theme of the skill it works on),
or all before the first round, one for each skill in turn (a placement test)."""


def set_skill(progress: Progress) -> str | None:
    """The skill of the set ``next`` opens (:func:`~tutor.shell.next_choice.skill_to_work`): after a round (the
    newest evidence a game's; a simulated learner is past the course) the weakest skill whatever its rating, as
    :func:`~tutor.shell.next_choice.after_game` says; otherwise only a weak one, and None (puzzles of any theme,
    as the course's puzzles) while none is weak."""
    worked = skill_to_work(progress.skills(), progress.last_evidence_source() == "game")
    return None if worked is None else worked.skill


def set_theme(progress: Progress, skill: str, pool: Sequence[Puzzle], given: Sequence[Puzzle]) -> str | None:
    """The theme of the set on ``skill`` that ``next`` opens: the first theme on it, those the learner mostly
    misses first (:func:`~tutor.shell.next_choice.missed_first`, :func:`~tutor.shell.next_choice.theme_for`), with
    :data:`~tutor.shell.picker.SET_MIN` puzzles of ``pool`` not yet ``given``; None (puzzles of any theme) when no
    such theme is left."""
    left = [p for p in pool if p not in given]
    themes = missed_first(THEMES, progress.theme_stats())
    return theme_for(themes, skill, lambda theme: sum(theme in p.themes for p in left) >= SET_MIN)


def next_puzzle(progress: Progress, pool: Sequence[Puzzle], given: Sequence[Puzzle], theme: str | None) -> Puzzle:
    """The puzzle of ``pool`` (of ``theme``, while it has one) not yet ``given`` that ``next`` gives: the one rated
    nearest the learner (:func:`~tutor.shell.picker.nearest_puzzle`)."""
    left = [p for p in pool if p not in given]
    on = [p for p in left if theme is None or theme in p.themes]
    found = nearest_puzzle(on or left, (), set, progress.learner_rating().rating)
    assert found is not None, "the pool ran out of puzzles"
    return found


def sit(learner: Player, removed: str | None, rules: Variant, pool: Sequence[Puzzle], seed: int, *,
        puzzles: int = 10, rounds: int = 3, order: str = "next", worlds: int = REVIEW_WORLDS,
        folder: Path | None = None) -> Sitting:
    """One learner's run from ``seed``: ``puzzles`` of ``pool`` and ``rounds`` reviewed rounds of ``rules`` (its
    seat and deals from the seed), the puzzles in ``order`` (:data:`ORDERS`; after each round its share, the
    later rounds the larger), on a fresh progress file in ``folder`` (a temporary one when None).  The model
    is asked after the placement puzzles, or before any (check 0), and after each round and its puzzles."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; orders are: {', '.join(ORDERS)}")
    rng = random.Random(f"learner-check/{seed}")
    with tempfile.TemporaryDirectory() as temp:
        progress = Progress.open((folder or Path(temp)) / f"sitting-{seed}.sqlite3")
        try:
            clock = iter(START + timedelta(minutes=i) for i in range(puzzles + rounds + 1))
            given: list[Puzzle] = []
            solved = []
            sets = []

            def puzzle(chosen: Puzzle) -> None:
                given.append(chosen)
                solved.append((chosen.id, answer(progress, learner, chosen, rng, next(clock))))

            if order == "placement":
                for chosen in puzzle_set(pool, puzzles, rng):
                    puzzle(chosen)
            named = [weakest_named(progress)]
            seat = rng.randrange(2)
            for r in range(rounds):  # the deal passes round by round, as in a game: the learner leads every other
                dealer = (1 - seat + r) % 2
                play_reviewed(progress, learner, rules, rng.randrange(2**32), seat, dealer, worlds, next(clock))
                if order == "next":
                    skill = set_skill(progress)
                    sets.append(skill)
                    theme = None if skill is None else set_theme(progress, skill, pool, given)
                    for _ in range(puzzles * (r + 1) // rounds - puzzles * r // rounds):
                        puzzle(next_puzzle(progress, pool, given, theme))
                named.append(weakest_named(progress))
        finally:
            progress.close()
    return Sitting(removed, tuple(solved), tuple(named), tuple(sets))
