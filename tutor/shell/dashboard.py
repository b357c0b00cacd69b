"""The ``progress`` dashboard: the facts from the progress file, with the course's names, put into words."""

from __future__ import annotations

from typing import Any

from tutor.render.chart import fit, stars
from tutor.storage import Dashboard
from tutor.storage.dashboard import MIN_THEME_ATTEMPTS, WEAK_RATE, judged
from tutor.storage.records import MAX_STARS

from .picker import due_counts
from .state import Shell

MIN_WIDTH = 40
"""Narrower terminals get the dashboard laid out for this width (charts do not shrink further)."""
MAX_THEMES = 10
"""Theme rows shown; the rest (the strongest, or the least tried) are counted."""


def dashboard(shell: Shell) -> Dashboard:
    """The learner's dashboard facts, the next lesson taken from the course."""
    catalog = shell.catalog
    following = catalog.next_lesson(set(shell.progress.lesson_stars()))
    return shell.progress.dashboard(
        [lesson.id for lesson in catalog.lessons], following.id if following else None, shell.clock()
    )


def dashboard_text(shell: Shell) -> str:
    """The dashboard as text fitted to the shell's width."""
    facts = dashboard(shell)
    failed, positions = due_counts(shell)
    width = max(MIN_WIDTH, shell.width())
    titles = {lesson.id: lesson.title.get(shell.lang) for lesson in shell.catalog.lessons}
    ids = {lesson.id: shell.lesson_name(lesson.id) for lesson in shell.catalog.lessons}
    names = {stat.theme: theme_name(shell, stat.theme) for stat in facts.themes}
    themes: list[dict[str, Any]] = [
        {
            "name": names[s.theme],
            "solved": s.solved,
            "attempts": s.attempts,
            "rate": s.rate,
            "weak": s.theme in facts.weak,
            "judged": judged(s),
        }
        for s in facts.themes[:MAX_THEMES]
    ]
    text = shell.ui.render(
        "shell/progress.j2",
        d=facts,
        width=width,
        titles=titles,
        ids=ids,
        names=names,
        themes=themes,
        more=len(facts.themes) - len(themes),
        lesson_cells=[f"{stars(n, MAX_STARS, shell.symbols)} {titles[lesson]}" for lesson, n in facts.lessons.stars],
        max_stars=MAX_STARS,
        min_attempts=MIN_THEME_ATTEMPTS,
        weak_percent=round(100 * WEAK_RATE),
        failed=failed,
        positions=positions,
    )
    return fit(text, width)


def theme_name(shell: Shell, theme: str) -> str:
    """The theme in the learner's language; a theme since dropped from the collection by its id."""
    try:
        return shell.theme_name(theme)
    except KeyError:
        return theme
