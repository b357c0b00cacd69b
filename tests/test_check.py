"""``cassino-tutor check`` on lesson and puzzle files: what the solver proves, what it refutes."""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from tutor.cli import engine
from tutor.cli.main import main
from tutor.shell.status import StatusLine

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", "check", *args], capture_output=True, text=True, cwd=ROOT)


def lesson(lesson_id: str, steps: str, requires: str = "[]") -> str:
    return (f"lesson: {lesson_id}\ntitle: {{en: T, de: T}}\nsummary: {{en: S, de: S}}\nvariant: classic\n"
            f"requires: {requires}\nsteps:\n{steps}")


def puzzle(puzzle_id: str, position: str, goal: str, solution: str = "") -> str:
    """One puzzle entry; its mapping starts on the entry's first line, column 5."""
    text = (f"  - id: {puzzle_id}\n    variant: classic\n    position: {position}\n    goal: {goal}\n"
            "    themes: [sums]\n    rating: 800\n    hints: [{en: H, de: H}]\n")
    return text + (f"    solution: {solution}\n" if solution else "")


EXERCISE = "  - exercise:\n      text: {{en: E, de: E}}\n      position: {position}\n      {task}\n"
WHY = "  - why:\n      text: {{en: W, de: W}}\n      position: {position}\n      move: {move}\n      choices: {choices}\n"

# the nine takes 5+4, the one capture; it cannot take the 8 (each position is one of a real deal)
TWO_NINES = ("{hands: [[9S, 2H, KC], 2], table: [5D, 4C, 8H], dealer: 0, captured: [[10H, 10C], [9D, 9C]], "
             "stock: 40, last_capturer: 1}")
TWO_WAYS = ("{hands: [[9S, 8C], 2], table: [5D, 4C, 6H, 2H], captured: [[9D, 9C], [2D, 2C]], stock: 40, "
            "last_capturer: 1}")
FACES = ("{hands: [[KS, QD], 2], table: [5D], captured: [[10H, 10C], [2H, 2D, 2C, KD, KC]], stock: 40, "
         "last_capturer: 1}")
GOOD = {
    "good-lesson.yaml": lesson("good", EXERCISE.format(position=TWO_NINES, task="goal: cards")
                               + WHY.format(position=TWO_NINES, move="9S x 8H", choices="[sum_mismatch, named_twice]")),
    "good-puzzles.yaml": "puzzles:\n" + puzzle("nine", TWO_NINES, "cards", "[9S x 5D+4C]")
    + puzzle("two-ways", TWO_WAYS, "cards", "[9S x 5D+4C, 8C x 6H+2H]"),
}


def test_good_files_pass_with_a_summary(tmp_path: Path) -> None:
    for name, text in GOOD.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "position.yaml").write_text("hands: [[7S], 2]\ntable: [7C]\n", encoding="utf-8")
    result = run(str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "checked 1 lesson, 2 puzzles, 1 position: all good (no problems)"


#: file name -> (its text, the start of the one problem expected in it)
BAD = {
    "unproven.yaml": ("puzzles:\n" + puzzle("unproven", TWO_NINES, "cards", "[9S x 5D+4C, 2H]"),
                      "unproven.yaml:9:28: the solution 2H is not best for goal cards: it is worth 0, the best 2"),
    "missing.yaml": ("puzzles:\n" + puzzle("missing", TWO_WAYS, "cards", "[9S x 5D+4C]"),
                     "missing.yaml:2:5: goal cards accepts 2 best moves; list every one under solution: (missing: 8C x 6H+2H)"),
    "unlisted.yaml": ("puzzles:\n" + puzzle("unlisted", TWO_WAYS, "cards"),
                      "unlisted.yaml:2:5: goal cards has 2 best moves (9S x 5D+4C, 8C x 6H+2H)"),
    "all-best.yaml": ("puzzles:\n" + puzzle("all-best", FACES, "points"),
                      "all-best.yaml:2:5: all 2 legal moves are best for goal points: nothing to learn"),
    "deal-unknown.yaml": ("puzzles:\n" + puzzle("deal", TWO_NINES, "deal"), "deal-unknown.yaml:2:5: goal deal cannot be solved here"),
    "no-build.yaml": (lesson("no-build", EXERCISE.format(position=TWO_NINES, task="find: raise")),
                      "no-build.yaml:7:5: no legal move here is a raise"),
    "all-trails.yaml": (lesson("all-trails", EXERCISE.format(position=FACES, task="find: trail")),
                        "all-trails.yaml:7:5: every legal move here is a trail: nothing to learn"),
    "same-value.yaml": (lesson("same-value", EXERCISE.format(position="{hands: [[KS], 1], table: [5D], captured: [[3H, 3D, 3C, 10H, 10C], [2D, 2C, KD, KC]], stock: 40, last_capturer: 1}", task="goal: cards")),
                        "same-value.yaml:7:5: the only legal move is best for goal cards: nothing to learn"),
    "legal-why.yaml": (lesson("legal-why", WHY.format(position=TWO_NINES, move="9S x 5D+4C", choices="[sum_mismatch, named_twice]")),
                       "legal-why.yaml:7:5: the move '9S x 5D+4C' is legal here"),
    "wrong-choices.yaml": (lesson("wrong-choices", WHY.format(position=TWO_NINES, move="9S x 8H", choices="[named_twice, no_value]")),
                           "wrong-choices.yaml:7:5: the engine says '9S x 8H' breaks rule sum_mismatch"),
    "hidden-hand.yaml": (lesson("hidden-hand", EXERCISE.format(position="{hands: [2, [9S]], table: [9D], dealer: 0, captured: [[3D, 3C, 10H, 10C], [2D, 2C, 9H, 9C]], stock: 40, last_capturer: 1}", task="goal: cards")),
                         "hidden-hand.yaml:7:5: the hand of Player 1 (seat 0), to move, must be listed card by card"),
    "broken.yaml": ("puzzles:\n  - id: [broken\n", "broken.yaml:3:1: the list opened at line 2, column 9 is not closed"),
    # a goal naming a card no move can take was 'all 5 legal moves are best ...: nothing to learn', at the puzzle
    "off-table.yaml": ("puzzles:\n" + puzzle("off-table", TWO_NINES, "card:5H"),
                       "off-table.yaml:5:11: goal card:5H names 5H, which is not on the table (loose or in a build): "
                       "no move can take it; name a card on the table"),
    "off-table-lesson.yaml": (lesson("off-table", EXERCISE.format(position=TWO_NINES, task="goal: cards,card:9S")),
                              "off-table-lesson.yaml:10:13: goal cards,card:9S names 9S, which is not on the table"),
}


@pytest.fixture(scope="module")
def bad_run(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    folder = tmp_path_factory.mktemp("bad")
    for name, (text, _) in BAD.items():
        (folder / name).write_text(text, encoding="utf-8")
    return run(*(str(folder / name) for name in BAD))


def test_bad_files_fail_without_a_traceback(bad_run: subprocess.CompletedProcess[str]) -> None:
    assert bad_run.returncode == 2
    assert "Traceback" not in bad_run.stderr and bad_run.stdout == ""
    lines = bad_run.stderr.strip().splitlines()
    assert lines[-1] == f"{len(lines) - 1} problems found"
    assert all(re.match(r"\S+\.yaml:\d+:\d+: ", line) for line in lines[:-1]), lines


@pytest.mark.parametrize("name", list(BAD))
def test_each_false_claim_is_located(bad_run: subprocess.CompletedProcess[str], name: str) -> None:
    expected = BAD[name][1]
    mine = [line for line in bad_run.stderr.splitlines() if f"/{name}:" in line]
    assert len(mine) == 1, mine
    assert mine[0][mine[0].index(name):].startswith(expected), mine


def write_lessons(tmp_path: Path, lessons: dict[str, str]) -> list[str]:
    step = EXERCISE.format(position=TWO_NINES, task="goal: cards")
    paths = []
    for name, requires in lessons.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(lesson(name.split("-", 1)[1], step, requires), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_lessons_that_require_each_other_in_a_circle(tmp_path: Path) -> None:
    paths = write_lessons(tmp_path, {"01-start": "[]", "02-left": "[start, right]", "03-right": "[left]"})
    result = run(*paths)
    assert result.returncode == 2
    assert "02-left.yaml:1:1: these lessons require each other in a circle, so none can be started: left -> right -> left" in result.stderr


def test_unknown_lessons_and_ids_used_twice(tmp_path: Path) -> None:
    paths = write_lessons(tmp_path, {"01-start": "[]", "02-next": "[strat]", "03-start": "[]"})
    (tmp_path / "p1.yaml").write_text("puzzles:\n" + puzzle("nine", TWO_NINES, "cards", "[9S x 5D+4C]"), encoding="utf-8")
    (tmp_path / "p2.yaml").write_text("puzzles:\n" + puzzle("nine", TWO_NINES, "cards", "[9S x 5D+4C]"), encoding="utf-8")
    result = run(*paths, str(tmp_path / "p1.yaml"), str(tmp_path / "p2.yaml"))
    assert result.returncode == 2
    # at the requirement, as a lesson requiring itself is (02-next.yaml: "requires: [strat]" on its fifth line)
    assert "02-next.yaml:5:12: lesson next requires strat, but there is no lesson strat" in result.stderr
    assert "03-start.yaml:1:1: the lesson id start is also used at " in result.stderr
    assert "p2.yaml:2:5: the puzzle id nine is also used at " in result.stderr
    # one file alone is checked against the installed course, which has no lesson strat either
    alone = run(paths[1])
    assert alone.returncode == 2 and "02-next.yaml:5:12: lesson next requires strat" in alone.stderr


def test_the_documented_examples_pass(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    lessons: list[str] = []
    others: list[str] = []
    for n, block in enumerate(blocks):
        path = tmp_path / f"example{n}.yaml"
        path.write_text(block, encoding="utf-8")
        (lessons if block.startswith("lesson:") else others).append(str(path))
    assert len(lessons) == 1 and sum(b.startswith("puzzles:") for b in blocks) == 1
    # the example lesson requires a lesson of the real course, so it is checked on its own
    for files in (lessons, others):
        result = run(*files)
        assert result.returncode == 0, result.stderr


def test_a_folder_without_yaml_files_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# not content\n", encoding="utf-8")
    result = run(str(tmp_path))
    assert result.returncode == 2
    assert "no YAML files" in result.stderr and "Traceback" not in result.stderr


def test_a_lesson_checked_alone_requires_lessons_of_the_installed_course(tmp_path: Path) -> None:
    """A teacher's lesson file checked on its own: a required lesson of the course passes, one that no lesson has
    is refused at its place, as the shell would refuse to start with the file in lessons/."""
    steps = EXERCISE.format(position=TWO_NINES, task="goal: cards")
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(lesson("club-good", steps, "[table, pairing]"), encoding="utf-8")
    bad.write_text(lesson("club-bad", steps, "[table, pairs]"), encoding="utf-8")
    assert run(str(good)).returncode == 0
    result = run(str(bad))
    assert result.returncode == 2
    assert result.stderr.startswith(f"{bad}:5:19: lesson club-bad requires pairs, but there is no lesson pairs"), (
        result.stderr)


def test_a_file_checked_alone_may_not_reuse_an_id_of_the_installed_course(tmp_path: Path) -> None:
    """A teacher's puzzle or lesson file with a shipped id: refused at its place, naming where the course has it (the
    shell refuses to start with such a file in puzzles/ or lessons/); a shipped file checked alone is not its own
    twin, and a new id passes."""
    entry = puzzle("ID", TWO_NINES, "cards", "[9S x 5D+4C]")
    mine, new = tmp_path / "mine.yaml", tmp_path / "new.yaml"
    mine.write_text("puzzles:\n" + entry.replace("ID", "pair-the-sixes"), encoding="utf-8")
    new.write_text("puzzles:\n" + entry.replace("ID", "club-nines"), encoding="utf-8")
    result = run(str(mine))
    assert result.returncode == 2
    shipped = ROOT / "puzzles" / "captures.yaml"
    assert result.stderr.startswith(f"{mine}:2:5: the puzzle id pair-the-sixes is also used at {shipped}:"), (
        result.stderr)
    assert run(str(new)).returncode == 0, run(str(new)).stderr
    assert run(str(shipped)).returncode == 0
    mine_lesson = tmp_path / "table.yaml"
    mine_lesson.write_text(lesson("table", EXERCISE.format(position=TWO_NINES, task="goal: cards")), encoding="utf-8")
    result = run(str(mine_lesson))
    assert result.returncode == 2 and "the lesson id table is also used at" in result.stderr, result.stderr


@pytest.mark.parametrize(("lang", "files", "advised"), [
    ("en", "check: 0 of 1 files checked (0.6 s)", "check: the answers of {} of 4 puzzles weighed by the advisor"),
    ("de", "check: 0 von 1 Dateien geprüft (0,6 s)", "check: die Antworten von {} von 4 Aufgaben vom Berater geprüft")])
def test_check_counts_its_files_then_its_puzzles_on_a_progress_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, files: str,
        advised: str) -> None:
    """``check`` of the installed content took 44 s in the compiled build (21 s of CPU: each puzzle proved by the
    solver, then its answers weighed by the advisor) with nothing on the screen.  The clock moves on 0.6 s each
    time the line reads it, so that each count shows; the line is taken away before the result."""
    err = io.StringIO()
    monkeypatch.setattr(engine, "StatusLine", lambda: StatusLine(partial(next, itertools.count(0, 0.6)), err,
                                                                 always=True, environ={"TERM": "xterm"}))
    assert main(["check", str(ROOT / "puzzles" / "defence.yaml"), "--lang", lang]) == 0
    shown = [line.rsplit(" (", 1)[0] for line in err.getvalue().split("\r\033[K")[1:]]
    assert err.getvalue().split("\r\033[K")[1] == files
    assert shown[1:] == [advised.format(n) for n in range(5)] + [""], shown
    assert capsys.readouterr().err == ""


def test_a_file_named_twice_is_checked_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``check a.yaml a.yaml``, or a folder and a file in it: its puzzles were counted (and proved) twice."""
    (tmp_path / "good-puzzles.yaml").write_text(GOOD["good-puzzles.yaml"], encoding="utf-8")
    same = str(tmp_path / "good-puzzles.yaml")
    assert main(["check", same, str(tmp_path / ".." / tmp_path.name / "good-puzzles.yaml"), str(tmp_path), same]) == 0
    assert capsys.readouterr().out.strip() == "checked 0 lessons, 2 puzzles, 0 positions: all good (no problems)"
