"""`progress` shows every skill: a bar, its rating, trend and evidence count, the weak ones marked with what
to do (issue 24, point 6)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from shell_helpers import classic_course_done, open_shell

from tutor.content.skills import SKILLS, Evidence
from tutor.render.chart import fit
from tutor.render.numbers import format_number
from tutor.shell.commands import dispatch
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.state import Shell
from tutor.teaching.skill_map import puzzle_skills

WEAK = {"en": "weak", "de": "schwach"}
WORK_ON = {"en": r"Work on (?P<skill>.+): type “(?P<command>[^”]+)”\.",
           "de": r"Übe (?P<skill>.+): Tippe „(?P<command>[^“]+)“\."}


def _lived(shell: Shell) -> None:
    for lesson in ("table", "pairing", "sums", "faces", "builds", "sweeps"):
        shell.progress.record_lesson(lesson, 3)
    plan = {"captures": [1.0, 1.0, 0.0, 1.0, 1.0], "sweeps": [0.0, 1.0, 0.0, 0.5, 0.0, 0.0],
            "safe_play": [0.0, 0.0, 1.0, 0.0], "counting": [0.0]}
    for skill, scores in plan.items():
        shell.progress.record_evidence("game", {f"g/{skill}/{i}": [Evidence(skill, s, 1.0, 800)]
                                                for i, s in enumerate(scores)})


def _stored(database: Path, skill: str) -> tuple[int, int, float]:
    """A skill's rating, evidence count and trend (the last rating minus the one before the tenth last piece, or
    the start of 800 with ten pieces or fewer), read from the database."""
    with sqlite3.connect(database) as c:
        row = c.execute("SELECT rating FROM skill WHERE id = ?", (skill,)).fetchone()
        after = [r[0] for r in c.execute("SELECT rating_after FROM skill_evidence WHERE skill = ? ORDER BY id",
                                         (skill,))]
    rating = 800 if row is None else round(row[0])
    before = after[-11] if len(after) > 10 else 800.0
    return rating, len(after), after[-1] - before if after else 0.0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_progress_shows_every_skill_with_its_evidence_at_80_columns(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        shell.width = lambda: 80
        classic_course_done(shell)  # past the course: a weak skill is worked on by puzzles
        _lived(shell)
        text = dispatch(shell, "progress").text
        lines = text.split("\n")
        assert max(len(line) for line in lines) <= 80
        weak_names = []
        for skill in SKILLS:
            name = shell.ui.message(f"skills.{skill}")
            (row,) = [line for line in lines if re.match(rf"  {re.escape(name)}  +[█░]+  ", line)]
            rating, count, trend = _stored(tmp_path / "progress.sqlite3", skill)
            fields = row.replace(WEAK[lang], "").split()[len(name.split()) + 1:]
            assert int(fields[0]) == rating and int(fields[-1]) == count, row
            if count > 1:
                assert fields[1] == format_number(trend, 0, True, locale=lang), row
            if row.endswith(WEAK[lang]):
                weak_names.append(name)
        # the weak: rated under the start with three pieces or more (sweeps and safe play; counting has one)
        assert weak_names == [shell.ui.message("skills.sweeps"), shell.ui.message("skills.safe_play")]
        links = {m["skill"]: m["command"] for m in (re.fullmatch(WORK_ON[lang], line.strip()) for line in lines) if m}
        assert set(links) == set(weak_names)
        dispatch(shell, links[shell.ui.message("skills.sweeps")])
        run = shell.activity
        assert isinstance(run, PuzzleRun) and "sweeps" in puzzle_skills(run.puzzle)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_progress_says_what_each_skill_covers(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        lines = fit(dispatch(shell, "help progress").text, 80).split("\n")  # as the shell shows it
        for skill in SKILLS:
            line = f"  {shell.ui.message(f'skills.{skill}')}: {shell.ui.message(f'skills.{skill}_about')}"
            assert line in lines
        assert max(len(line) for line in lines) <= 80
