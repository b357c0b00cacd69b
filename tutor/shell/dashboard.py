"""The ``progress`` dashboard: the facts from the progress file, with the course's names, put into words."""

from __future__ import annotations

from typing import Any

from tutor.content.skills import SKILLS
from tutor.render.chart import fit, stars
from tutor.storage import Dashboard
from tutor.storage.dashboard import MIN_THEME_ATTEMPTS, WEAK_RATE, judged
from tutor.storage.records import MAX_STARS
from tutor.storage.skills import MIN_EVIDENCE, TREND_SPAN

from .game_choice import game_why, strength_lines
from .next_choice import WEAK_BELOW, Plan, Step, open_activity, plan, resume_why, step_for, weak_skills, why_line
from .picker import due_counts, waiting_queue
from .state import Shell

MIN_WIDTH = 40
"""Narrower terminals get the dashboard laid out for this width (charts do not shrink further)."""
MAX_THEMES = 10
"""Theme rows shown; the rest (the strongest, or the least tried) are counted."""
BAR_FULL = 2 * WEAK_BELOW
"""A skill's bar is full at this rating: half full where every skill starts."""


def dashboard(shell: Shell) -> Dashboard:
    """The learner's dashboard facts, the next lesson taken from the course."""
    catalog = shell.catalog
    following = catalog.next_lesson(set(shell.progress.lesson_stars()))
    return shell.progress.dashboard(
        [lesson.id for lesson in catalog.lessons], following.id if following else None, shell.clock()
    )


def dashboard_text(shell: Shell) -> str:
    """The dashboard as text fitted to the shell's width."""
    # the queue first: a queued puzzle that no longer loads is dropped (picker.queued_puzzles), so that the facts
    # read after it count, and date, only puzzles that can be shown
    failed, positions = due_counts(shell)
    if not failed + positions:
        waiting_queue(shell)  # the date of the next review, said when none is due
    facts = dashboard(shell)
    width = max(MIN_WIDTH, shell.width())
    titles = {lesson.id: lesson.title.get(shell.lang) for lesson in shell.catalog.lessons}
    ids = {lesson.id: shell.lesson_name(lesson.id) for lesson in shell.catalog.lessons}
    # "what next" names what ``next`` goes on with, else what it opens; the reviews due are said under it
    going = open_activity(shell)
    step = plan(shell) if going is None else Plan()
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
        themes=themes,
        more=len(facts.themes) - len(themes),
        lesson_cells=[f"{stars(n, MAX_STARS, shell.symbols)} {titles[lesson]}" for lesson, n in facts.lessons.stars],
        max_stars=MAX_STARS,
        min_attempts=MIN_THEME_ATTEMPTS,
        weak_percent=round(100 * WEAK_RATE),
        failed=failed,
        positions=positions,
        going=going.going_on() if going is not None else "",
        why=why_line(shell, step.choice) if step.choice else "",
        game=resume_why(shell, step.resume) if step.resume else game_why(shell, step.game) if step.game else "",
        lesson=step.lesson,
        strength=strength_lines(shell),
        skills=skill_rows(shell),
        skill_span=TREND_SPAN,
        weak_below=round(WEAK_BELOW),
        min_evidence=MIN_EVIDENCE,
    )
    return fit(text, width)


def skill_rows(shell: Shell) -> list[dict[str, Any]]:
    """Every skill with its bar's share, rating, trend and evidence count; the weak ones with what works on them
    (``kind``: puzzles or lesson, ``target``: the theme or lesson as the learner types it)."""
    weak = {s.skill for s in weak_skills(shell, len(SKILLS))}
    rows: list[dict[str, Any]] = []
    for estimate in shell.progress.skills():
        step = step_for(shell, estimate.skill) if estimate.skill in weak else None
        kind, target = (step.kind, step.target) if step else ("", "")
        rows.append({
            "name": shell.ui.message(f"skills.{estimate.skill}"),
            "share": estimate.rating.rating / BAR_FULL,
            "rating": round(estimate.rating.rating),
            "trend": estimate.trend,
            "evidence": estimate.evidence,
            "weak": estimate.skill in weak,
            "kind": kind,
            "target": theme_name(shell, target) if kind == "puzzles" else shell.lesson_name(target) if target else "",
            "steps": steps_typed(step) if step and kind == "section" else "",
        })
    return rows


def steps_typed(step: Step) -> str:
    """A section's steps as ``learn`` takes them after the lesson: "5", or "4-5"."""
    first, last = step.first + 1, step.last + 1
    return str(last) if first == last else f"{first}-{last}"


def theme_name(shell: Shell, theme: str) -> str:
    """The theme in the learner's language; a theme since dropped from the collection by its id."""
    try:
        return shell.theme_name(theme)
    except KeyError:
        return theme
