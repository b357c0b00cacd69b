"""A set of puzzles on one theme, as ``next`` opens it for a weak skill, and why a theme has none to give."""

from __future__ import annotations

from tutor.content.course import Puzzle

from .picker import SET_MIN, closed_lessons, played_counts, set_choice, set_pool
from .puzzle import PuzzleRun
from .state import Shell


def open_theme_set(shell: Shell, theme: str) -> str:
    """The set of puzzles on ``theme`` that ``next`` opens for a weak skill: each the puzzle of its pool
    (:func:`~.picker.set_pool`) rated nearest the learner, never tried first, as ``puzzle THEME`` gives them, until
    none is left within reach; then ``next`` goes on to the next step.  The reach is measured from the learner's
    rating when the set opened, or now when it is higher: the set holds every puzzle it was chosen for
    (:data:`~.picker.SET_MIN` at least) however the learner's rating falls on the way.  Its puzzles are of the
    player counts the learner plays when it opens with enough of them, else those first
    (:func:`~.picker.set_choice`)."""
    opened = shell.progress.learner_rating().rating
    played = played_counts(shell)
    own_only = sum(p.position.players in played for p in set_pool(shell, theme, opened)) >= SET_MIN
    seen: list[str] = []

    def chosen() -> Puzzle | None:
        rating = shell.progress.learner_rating().rating
        pool = set_pool(shell, theme, max(opened, rating), skip=seen)
        return set_choice(pool, played, own_only, shell.progress.attempted_puzzles(), rating)

    def following() -> Puzzle | None:
        seen.append(run.puzzle.id)
        return chosen()

    first = chosen()
    if first is None:
        return none_open(shell, theme)
    run = PuzzleRun(shell, first, following, mode="set")
    shell.activity = run
    return run.show()


def none_open(shell: Shell, theme: str) -> str:
    """Why no puzzle of ``theme`` is given: lessons to do first, or none left for now."""
    closed = closed_lessons(shell, theme)
    if not closed:
        return shell.ui.message("shell.no_more_puzzle")
    titles = [lesson.title.get(shell.lang) for lesson in closed]
    return shell.ui.message("shell.puzzle_needs_lessons", lessons=titles, first=shell.lesson_name(closed[0].id))
