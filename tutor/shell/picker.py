"""Which puzzle comes next: open to the learner, not seen lately, near their rating; or a due review.

A puzzle is *open* when the learner has finished the lessons on its rules and, for three
or four players, the lesson on such games (see :func:`lessons_needed`); classic two-player
puzzles are always open, and while a lesson file is left out (it cannot be read) only they
are.  A puzzle is *recent* when it is among the last :data:`RECENT_COUNT` attempted, was
tried within :data:`RECENT_TIME`, or had its answer shown in this session; neither
``puzzle`` nor ``streak`` gives it again before then.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from datetime import timedelta
from typing import Any

from tutor.content.course import Catalog, Lesson, Puzzle
from tutor.core.variant import Variant
from tutor.storage import ProgressError, ReviewItem
from tutor.teaching.personal import PREFIX, personal_puzzle

from .state import Shell

RECENT_COUNT = 30
RECENT_TIME = timedelta(days=1)


def lessons_needed(catalog: Catalog, variant: Variant, players: int = 2) -> list[Lesson]:
    """The lessons on the rules of ``variant``: those whose variant changes from classic only
    what ``variant`` changes too (the royal lesson for royal, both royal lessons for royal
    with aces high, the Michigan lesson for Michigan to 5); none for classic.  With more than two
    ``players``, also the classic lessons that show a game of that many (the partners lesson)."""
    changed = variant.changed_options()
    needed = []
    for lesson in catalog.lessons:
        taught = lesson.variant.changed_options()
        if taught and all(k in changed and changed[k] == v for k, v in taught.items()):
            needed.append(lesson)
        elif players > 2 and not taught and players in lesson_players(lesson):
            needed.append(lesson)
    return needed


NOT_MATCHED = frozenset({"target", "hand_size", "packet"})
"""Options a game may set that no lesson of a variant is for: the target (the lesson on the match teaches it, for
any number) and the deal's sizes."""
BY_NAME = frozenset({"most_cards", "most_spades", "sweep_points", "point_cards", "default_penalty", "instant_limit"})
"""Options of a number (or the point cards) that a lesson showing another number still teaches: a game with sweeps
worth 3 is given the lessons that make them worth 2 or 0, after any that shows its own number."""


def lesson_options(lesson: Lesson) -> set[tuple[str, Any]]:
    """The options a lesson plays with off their default, each with its value: its variant's and those of its
    steps' positions (the five of spades sweep, in a step of sudden death)."""
    variants = {lesson.variant, *(pos.variant for step in lesson.steps
                                  if (pos := getattr(step, "position", None)) is not None)}
    return {(name, getattr(variant, name)) for variant in variants for name in variant.changed_options()}


def option_lessons(catalog: Catalog, variant: Variant) -> list[Lesson]:
    """The lessons on the options ``variant`` sets off their default (the target and the deal's sizes aside): those
    playing with the most of them at their value first, then those with the most at another number
    (:data:`BY_NAME`), then in course order; none for classic."""
    wanted = {(name, getattr(variant, name)) for name in variant.changed_options() if name not in NOT_MATCHED}
    names = {name for name, _ in wanted} & BY_NAME
    ranked: list[tuple[int, int, int, Lesson]] = []
    for n, lesson in enumerate(catalog.lessons):
        taught = lesson_options(lesson)
        exact, named = len(taught & wanted), len({name for name, _ in taught} & names)
        if exact or named:
            ranked.append((-exact, -named, n, lesson))
    return [lesson for *_, lesson in sorted(ranked, key=lambda t: t[:3])]


def lesson_players(lesson: Lesson) -> set[int]:
    """The player counts of the positions a lesson shows."""
    return {pos.players for step in lesson.steps if (pos := getattr(step, "position", None)) is not None}


def puzzle_lessons(catalog: Catalog, puzzle: Puzzle) -> list[Lesson]:
    """The lessons that open ``puzzle``: on its rules and, with more than two players, on such games."""
    return lessons_needed(catalog, puzzle.variant, puzzle.position.players)


def open_puzzles(shell: Shell, theme: str | None = None) -> list[Puzzle]:
    """The puzzles (of ``theme``) whose rules, and games of their player count, the learner has had every lesson
    on."""
    pool = shell.catalog.puzzles_for(theme) if theme else shell.catalog.puzzles
    done = set(shell.progress.lesson_stars())
    # a lesson file left out (it cannot be read) may be the lesson of any variant or player count: only classic
    # two-player puzzles open until it is fixed, not those whose lesson is missing, as if it were done
    missing = any(file.kind == "lessons" for file in shell.left_out)
    opened: dict[tuple[Variant, int], bool] = {}
    for p in pool:
        key = (p.variant, p.position.players)
        if key not in opened:
            lessons = puzzle_lessons(shell.catalog, p)
            opened[key] = not (missing and needs_lessons(p)) and all(l.id in done for l in lessons)
    return [p for p in pool if opened[(p.variant, p.position.players)]]


def needs_lessons(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` needs lessons to open: all but classic two-player puzzles (:func:`lessons_needed`)."""
    return bool(puzzle.variant.changed_options()) or puzzle.position.players > 2


def closed_lessons(shell: Shell, theme: str) -> list[Lesson]:
    """The unfinished lessons that would open puzzles of ``theme``, in course order."""
    done = set(shell.progress.lesson_stars())
    wanted = {l.id for p in shell.catalog.puzzles_for(theme) for l in puzzle_lessons(shell.catalog, p)}
    return [l for l in shell.catalog.lessons if l.id in wanted and l.id not in done]


def recent_puzzles(shell: Shell) -> set[str]:
    """The puzzles not to give again yet (see the module's note)."""
    return shell.progress.recent_puzzles(RECENT_COUNT, shell.clock() - RECENT_TIME) | shell.answers_shown


PUZZLE_REACH = 400
"""How far above the learner's rating a puzzle may be rated to be part of the set ``next`` opens on a weak skill
(about one solve in eleven at 400 points, by the ratings' logistic): a set whose nearest puzzle is beyond it
would only discourage, so the lesson teaching the skill comes first."""
SET_MIN = 3
"""The fewest puzzles a set ``next`` opens on a weak skill holds: a theme with fewer within reach is passed over
(one puzzle announced as "the set" was found by a QA walk of the learner model, issue 24)."""


def set_pool(shell: Shell, theme: str, rating: float, skip: Iterable[str] = ()) -> list[Puzzle]:
    """The puzzles a set on ``theme`` has left to give a learner whose reach is measured from ``rating``: open to
    them, neither recent nor in ``skip``, not solved yet, and rated at most :data:`PUZZLE_REACH` above ``rating``."""
    skipped = set(skip) | recent_puzzles(shell) | shell.progress.solved_puzzles()
    return [p for p in open_puzzles(shell, theme) if p.id not in skipped and p.rating - rating <= PUZZLE_REACH]


def played_counts(shell: Shell) -> set[int]:
    """The player counts of the learner's games; two players when they have kept none."""
    return shell.progress.games.player_counts() or {2}


def set_choice(pool: Sequence[Puzzle], played: Collection[int], own_only: bool, tried: Collection[str],
               rating: float, solved: Callable[[], Collection[str]] = frozenset) -> Puzzle | None:
    """The puzzle of a set's ``pool`` (:func:`set_pool`, or ``puzzle THEME``'s) to give next: the one rated nearest
    ``rating`` (never ``tried`` first, then not ``solved``: a set's pool holds none solved) of a player count the
    learner ``played`` (:func:`played_counts`); of another count only when none of theirs is left, and never when
    the set is of their counts ``own_only`` (it had :data:`SET_MIN` of those when it opened)."""
    own = [p for p in pool if p.position.players in played]
    chosen = nearest_puzzle(own, tried, solved, rating)
    return chosen if chosen is not None or own_only else nearest_puzzle(pool, tried, solved, rating)


def pick_puzzle(shell: Shell, theme: str | None = None, skip: Iterable[str] = (),
                played: Collection[int] = ()) -> Puzzle | None:
    """The open puzzle (of ``theme``) rated nearest the learner that was never tried; failing
    that, one not solved yet and not recent; of the player counts ``played`` first, as in a set
    (:func:`set_choice`).  ``skip`` lists puzzles not to give again."""
    progress = shell.progress
    skipped = set(skip) | recent_puzzles(shell)
    pool = [p for p in open_puzzles(shell, theme) if p.id not in skipped]
    return set_choice(pool, played, False, progress.attempted_puzzles(), progress.learner_rating().rating,
                      progress.solved_puzzles)


def nearest_puzzle(pool: Sequence[Puzzle], tried: Collection[str], solved: Callable[[], Collection[str]],
                   target: float) -> Puzzle | None:
    """The puzzle of ``pool`` rated nearest ``target`` (the learner's rating) that was never ``tried``; failing
    that, one not ``solved`` yet (asked only then)."""
    fresh = [p for p in pool if p.id not in tried]
    if not fresh:
        done = solved()
        fresh = [p for p in pool if p.id not in done]
    return min(fresh, key=lambda p: (abs(p.rating - target), p.id), default=None)


def pick_review(shell: Shell, skip: Iterable[str] = ()) -> Puzzle | None:
    """The first failed puzzle, or personal puzzle of a game, due for review (one at a time, until none is due)."""
    skipped = set(skip)
    due = (puzzle_id for puzzle_id in shell.progress.due_reviews(shell.clock()) if puzzle_id not in skipped)
    return next(queued_puzzles(shell, due), None)


def due_counts(shell: Shell) -> tuple[int, int]:
    """The reviews due now: failed puzzles of the collection, and positions from the learner's games (each loaded:
    one that no longer loads is dropped from the queue, and not counted)."""
    due = [puzzle.id for puzzle in queued_puzzles(shell, shell.progress.due_reviews(shell.clock()))]
    positions = sum(puzzle_id.startswith(PREFIX) for puzzle_id in due)
    return len(due) - positions, positions


def waiting_queue(shell: Shell) -> list[ReviewItem]:
    """The queued puzzles that load, by due time (those that do not are dropped from the queue): what ``review``
    counts and dates when none is due."""
    queue = shell.progress.review_queue()
    loads = {puzzle.id for puzzle in queued_puzzles(shell, (item.puzzle_id for item in queue))}
    return [item for item in queue if item.puzzle_id in loads]


def queued_puzzles(shell: Shell, ids: Iterable[str]) -> Iterator[Puzzle]:
    """The queued puzzles of ``ids``, in their order, each loaded when it is reached.  One that no longer loads (gone
    from the collection, or its data broken) is dropped from the review queue there and then: it can never be
    shown, so it is never due, and every count of the queue (the welcome's, the dashboard's, ``review``'s) agrees.
    While a puzzle file is left out (it cannot be read), a puzzle of the collection that is not there is passed
    over but kept in the queue: it may be one of that file's, due again once the file is fixed."""
    waiting = any(file.kind == "puzzles" for file in shell.left_out)
    for puzzle_id in ids:
        found = review_puzzle(shell, puzzle_id)
        if found is not None:
            yield found
            continue
        if waiting and not puzzle_id.startswith(PREFIX):
            continue
        try:
            shell.progress.drop_review(puzzle_id)
        except ProgressError:
            pass  # the file cannot be written now (locked, full): passed over still, and dropped when next met


def review_puzzle(shell: Shell, puzzle_id: str) -> Puzzle | None:
    """The queued puzzle of that id: the collection's, or a personal one; None when it is gone (removed
    from the collection) or its data is broken."""
    if puzzle_id.startswith(PREFIX):
        data = shell.progress.personal_puzzle(puzzle_id)
        return personal_puzzle(puzzle_id, data, shell.symbols) if data is not None else None
    try:
        return shell.catalog.puzzle(puzzle_id)
    except KeyError:
        return None
