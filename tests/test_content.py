"""Lesson and puzzle files read into the course model; every problem located; the model's own logic."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.content import presets
from tutor.content.course import (
    Catalog,
    DemoStep,
    ExerciseStep,
    Lesson,
    Puzzle,
    QuestionStep,
    Text,
    TextStep,
    WhyStep,
    stars,
)
from tutor.core.cards import Card
from tutor.core.solver import Goal
from tutor.loading import FileError, load_catalog
from tutor.loading.lessons import load_lesson
from tutor.loading.puzzles import load_puzzles
from tutor.teaching.answers import question_answer, why_reason

LESSON = """\
lesson: royal-pairs
title: {en: Pairs, de: Paare}
summary:
  en: Royal values.
  de: Königliche Werte.
variant: royal
requires: [table]
steps:
  - text: {en: Read this., de: Lies das.}
  - demo:
      text: {en: Watch., de: Schau.}
      position: {hands: [[QS, 2H], 2], table: [JC, AD, 7H], captured: [[2D, 2C], [QH, QD, QC]], stock: 40, last_capturer: 1}
      move: QS x JC+AD
  - exercise:
      text: {en: Take most., de: Nimm viel.}
      position: {hands: [[9S, 4H], 2], table: [9D, 9C, 4S], captured: [[2H, 2D, 2C], [4D, 4C]], stock: 40, last_capturer: 1}
      goal: cards
      hints: [{en: Nines., de: Neunen.}]
  - exercise:
      text: {en: Trail., de: Ablegen.}
      position: {variant: classic, hands: [[9S, 4H], 2], table: [4S], captured: [[4D, 4C], [9H, 9D, 9C, 10H, 10C]], stock: 40, last_capturer: 1}
      find: trail
  - why:
      text: {en: "Why?", de: "Warum?"}
      position: {hands: [[7S, 4H], 2], table: [8C, 3D], captured: [[2H, 2D, 2C], [7H, 7D, 7C]], stock: 40, last_capturer: 1}
      move: 7S x 8C
      choices: [sum_mismatch, card_not_on_table]
  - question:
      text: {en: "How many?", de: "Wie viele?"}
      position: {hands: [[], []], table: [9H, 9D, 6C, KD, QC],
        captured: [[10D, AS, 2S, 5S, 2C], [3H, 3D]],
        sweeps: [0, 1],
        stock: 40,
        last_capturer: 0}
      seat: 0
      ask: points
"""

PUZZLES = """\
puzzles:
  - id: two-sevens
    variant: classic
    title: {en: Sevens, de: Siebenen}
    position: {hands: [[7S, 2C], 2], table: [7C, 7H, 5D], captured: [[3H, 3D, 3C], [4H, 4D]], stock: 40, last_capturer: 1}
    goal: cards
    themes: [pairing, groups]
    rating: 500
    hints: [{en: Sevens., de: Siebenen.}]
    solution: [7S x 7C 7H]
  - id: ace-point
    variant: {preset: classic, target: 11}
    position: {hands: [[AS, 9C], 2], table: [AD, 8H], captured: [[3H, 3D, 3C], [2H, 2D, 2C]], stock: 40, last_capturer: 1}
    goal: points
    themes: [aces]
    rating: 700
    hints: [{en: Aces., de: Asse.}]
"""


def lesson_problems(text: str) -> list[str]:
    with pytest.raises(FileError) as info:
        load_lesson(text, "l.yaml")
    return str(info.value).splitlines()


def puzzle_problems(text: str) -> list[str]:
    with pytest.raises(FileError) as info:
        load_puzzles(text, "p.yaml")
    return str(info.value).splitlines()


def test_a_lesson_becomes_steps_in_order() -> None:
    lesson = load_lesson(LESSON, "l.yaml")
    assert (lesson.id, lesson.requires, lesson.where) == ("royal-pairs", ("table",), "l.yaml:1:1")
    assert lesson.title == Text("Pairs", "Paare") and lesson.summary.get("de") == "Königliche Werte."
    assert lesson.variant.values == "royal"
    text, demo, best, trail, why, question = lesson.steps
    assert isinstance(text, TextStep) and text.where == "l.yaml:9:5"
    assert isinstance(demo, DemoStep) and demo.where == "l.yaml:10:5"
    # the step's position plays the lesson's variant: a royal queen (12) takes J (11) + A
    assert demo.position.variant.values == "royal"
    assert set(demo.move.captured_cards()) == {Card.from_str("JC"), Card.from_str("AD")}
    assert isinstance(best, ExerciseStep) and best.goal == Goal.from_str("cards") and best.find is None
    assert best.hints == (Text("Nines.", "Neunen."),)
    assert isinstance(trail, ExerciseStep) and trail.find == "trail" and trail.goal is None
    assert trail.position.variant.values == "classic"  # its own variant wins
    assert isinstance(why, WhyStep) and why.move == "7S x 8C" and why.choices == ("sum_mismatch", "card_not_on_table")
    assert isinstance(question, QuestionStep) and (question.seat, question.ask) == (0, "points")


def test_answers_come_from_the_engine() -> None:
    lesson = load_lesson(LESSON, "l.yaml")
    why, question = lesson.steps[4], lesson.steps[5]
    assert isinstance(why, WhyStep) and isinstance(question, QuestionStep)
    assert why_reason(why).code == "sum_mismatch"  # 7 does not take 8
    # seat 0: most cards (5 to 2) 3, most spades 1, 10D 2, AS 1, 2S 1
    assert question_answer(question) == 8
    assert question_answer(QuestionStep(question.text, question.position, 1, "points", "")) == 1  # its sweep
    assert question_answer(QuestionStep(question.text, question.position, 0, "spades", "")) == 3
    assert question_answer(QuestionStep(question.text, question.position, 1, "cards", "")) == 2


def test_a_legal_why_move_has_no_reason() -> None:
    why = load_lesson(LESSON.replace("move: 7S x 8C", "move: 7S"), "l.yaml").steps[4]
    assert isinstance(why, WhyStep)
    with pytest.raises(ValueError):
        why_reason(why)


def test_puzzles_read_with_their_variant() -> None:
    first, second = load_puzzles(PUZZLES, "p.yaml")
    assert (first.id, first.themes, first.rating, first.where) == ("two-sevens", ("pairing", "groups"), 500, "p.yaml:2:5")
    assert first.title == Text("Sevens", "Siebenen") and first.text is None
    assert [first.position.notation(m) for m in first.solution] == ["7S x 7C 7H"]
    assert second.variant.target == 11 and second.position.variant == second.variant
    assert second.solution == () and second.goal == Goal.from_str("points")


@pytest.mark.parametrize(
    "old,new,expected",
    [
        ("title: {en: Pairs, de: Paare}", "title: {en: Pairs}", "l.yaml:2:8: title has no German text; add de:"),
        ("  de: Königliche Werte.\n", "", "l.yaml:4:3: summary has no German text; add de:"),
        ("lesson: royal-pairs", "lesson: Royal Pairs", "l.yaml:1:9: the lesson id 'Royal Pairs' must be"),
        ("variant: royal", "variant: royale", "l.yaml:6:10: unknown preset 'royale'"),
        ("requires: [table]", "requires: [royal-pairs]", "l.yaml:7:12: lesson royal-pairs cannot require itself"),
        ("move: QS x JC+AD", "move: QS zz JC", "l.yaml:13:13: the demo move 'QS zz JC' cannot be read"),
        ("move: QS x JC+AD", "move: QS x 7H", "l.yaml:13:13: the demo move 'QS x 7H' is not legal here (sum_mismatch"),
        ("goal: cards", "goal: most", "l.yaml:17:13: unknown goal 'most'"),
        ("find: trail", "find: trial", "l.yaml:22:13: unknown move kind 'trial'; did you mean trail?"),
        ("choices: [sum_mismatch, card_not_on_table]", "choices: [sum_mismach, card_not_on_table]",
         "l.yaml:27:17: unknown reason code 'sum_mismach'; did you mean sum_mismatch?"),
        ("choices: [sum_mismatch, card_not_on_table]", "choices: [sum_mismatch]",
         "l.yaml:27:16: a why step needs at least two choices"),
        ("move: 7S x 8C", "move: 7S x 8C 8C[", "l.yaml:26:13: the move '7S x 8C 8C[' cannot be read"),
        ("ask: points", "ask: pints", "l.yaml:36:12: unknown question 'pints'; did you mean points?"),
        ("seat: 0", "seat: 2", "l.yaml:35:13: seat must be a whole number from 0 to 1"),
        ("  - text: {en: Read this., de: Lies das.}", "  - txet: {en: Read this., de: Lies das.}",
         "l.yaml:9:5: unknown step kind 'txet'; did you mean text?"),
        ("      find: trail", "      find: trail\n      goal: cards", "l.yaml:22:13: an exercise has either goal:"),
        ("      goal: cards\n", "", "l.yaml:15:7: an exercise needs goal:"),
        ("      position: {hands: [[9S, 4H], 2], table: [9D, 9C, 4S], ", "      position: {hands: [[9S, 4H], 2], table: [9D, 9X, 4S], ",
         "l.yaml:16:52: card 9X does not exist"),
    ],
)
def test_lesson_problems_are_located(old: str, new: str, expected: str) -> None:
    assert old in LESSON
    found = lesson_problems(LESSON.replace(old, new, 1))
    assert any(line.startswith(expected) for line in found), found


def test_every_lesson_problem_is_listed_at_once() -> None:
    text = LESSON.replace("title: {en: Pairs, de: Paare}", "title: Pairs").replace("goal: cards", "goal: most")
    text = text.replace("ask: points", "ask: pints")
    found = lesson_problems(text)
    assert [line.split(":")[1] for line in found] == ["2", "17", "36"]


def test_broken_yaml_is_one_problem_with_its_line() -> None:
    found = lesson_problems(LESSON.replace("title: {en: Pairs, de: Paare}", "title: {en: Pairs, de: Paare"))
    assert len(found) == 1 and found[0].startswith("l.yaml:3:")
    assert "not closed" in found[0]


def test_a_file_that_is_not_a_mapping() -> None:
    assert lesson_problems("- just\n- a list\n")[0].startswith("l.yaml:1:1: a lesson must be a mapping")
    assert puzzle_problems("puzzles: 3\n")[0].startswith("p.yaml:1:10: puzzles must be a list")


@pytest.mark.parametrize(
    "old,new,expected",
    [
        ("themes: [pairing, groups]", "themes: [paring, groups]", "p.yaml:7:14: unknown theme 'paring'; did you mean pairing?"),
        ("rating: 500", "rating: 5000", "p.yaml:8:13: rating must be a whole number from 400 to 3000"),
        ("rating: 500", "rating: 450.5", "p.yaml:8:13: rating must be a whole number"),
        ("hints: [{en: Sevens., de: Siebenen.}]", "hints: [{de: Siebenen.}]", "p.yaml:9:13: hint has no English text; add en:"),
        ("hints: [{en: Sevens., de: Siebenen.}]", "hints: []", "p.yaml:9:12: hints is an empty list"),
        ("solution: [7S x 7C 7H]", "solution: [7S x 7C 7D]", "p.yaml:10:16: the solution '7S x 7C 7D' is not legal here"),
        ("solution: [7S x 7C 7H]", "solution: [7S y]", "p.yaml:10:16: the solution '7S y' cannot be read"),
        ("position: {hands: [[7S, 2C], 2], table: [7C, 7H, 5D], ",
         "position: {variant: royal, hands: [[7S, 2C], 2], table: [7C, 7H, 5D], ",
         "p.yaml:5:25: the position's variant differs from the puzzle's variant"),
        ("  - id: ace-point", "  - id: two-sevens", "p.yaml:11:9: the puzzle id two-sevens is used twice (also at line 2)"),
        ("    goal: points\n", "", "p.yaml:11:5: a puzzle has no goal:; add it"),
        ("    variant: classic\n", "    variant: classic\n    level: 3\n", "p.yaml:4:5: unknown key 'level' in a puzzle"),
    ],
)
def test_puzzle_problems_are_located(old: str, new: str, expected: str) -> None:
    assert old in PUZZLES
    found = puzzle_problems(PUZZLES.replace(old, new, 1))
    assert any(line.startswith(expected) for line in found), found


def test_a_misspelt_key_is_said_once_not_also_as_missing() -> None:
    """``gaol:`` was two problems: the unknown key (with "did you mean goal?") and "a puzzle has no goal:"."""
    assert "    goal: points\n" in PUZZLES
    found = puzzle_problems(PUZZLES.replace("    goal: points\n", "    gaol: points\n", 1))
    assert any("unknown key 'gaol' in a puzzle; did you mean goal?" in line for line in found), found
    assert not any("has no goal:" in line for line in found), found
    found = puzzle_problems(PUZZLES.replace("    goal: points\n", "", 1))  # missing with no near key: said
    assert any("a puzzle has no goal:; add it" in line for line in found), found


def test_an_ambiguous_solution_names_the_moves() -> None:
    text = PUZZLES.replace("{hands: [[7S, 2C], 2], table: [7C, 7H, 5D], captured: [[3H, 3D, 3C], [4H, 4D]], ",
                           "{hands: [[7S, 7D, 2C], 2], table: [7C, 7H, 5D, 2D], dealer: 0, captured: [[], [3H, 3D, 3C]], ")
    found = puzzle_problems(text.replace("[7S x 7C 7H]", "[2C x 2D, 7 x 7C]"))
    assert any("'7 x 7C' could mean" in line for line in found), found


# ---- the catalog -----------------------------------------------------------------


def lesson(lesson_id: str, *requires: str) -> Lesson:
    return Lesson(lesson_id, Text(lesson_id, lesson_id), Text("", ""), presets.variant(), requires, (), f"{lesson_id}.yaml:1:1")


def test_next_lesson_follows_course_order_and_requirements() -> None:
    catalog = Catalog((lesson("a"), lesson("b", "a"), lesson("c", "a"), lesson("d", "b", "c")), ())
    assert catalog.next_lesson(set()) == catalog.lesson("a")
    assert catalog.next_lesson({"a"}) == catalog.lesson("b")
    assert catalog.next_lesson({"a", "b"}) == catalog.lesson("c")
    assert catalog.next_lesson({"a", "c"}) == catalog.lesson("b")
    assert catalog.next_lesson({"a", "b", "c", "d"}) is None
    with pytest.raises(KeyError):
        catalog.lesson("z")


def test_themes_and_puzzles_for_a_theme() -> None:
    puzzles = load_puzzles(PUZZLES, "p.yaml")
    catalog = Catalog((), puzzles)
    assert catalog.themes() == ("pairing", "groups", "aces")  # vocabulary order
    assert [p.id for p in catalog.puzzles_for("aces")] == ["ace-point"]
    assert catalog.puzzles_for("sweep") == ()
    assert catalog.puzzle("ace-point") is puzzles[1]
    with pytest.raises(KeyError):
        catalog.puzzle("nope")


@pytest.mark.parametrize("mistakes,hints,expected", [(0, 0, 3), (1, 0, 2), (0, 2, 2), (1, 1, 2), (2, 1, 1), (0, 3, 1)])
def test_stars(mistakes: int, hints: int, expected: int) -> None:
    assert stars(mistakes, hints) == expected


def test_text_in_each_language() -> None:
    text = Text("Sweep", "Kehre")
    assert (text.get("en"), text.get("de")) == ("Sweep", "Kehre")
    with pytest.raises(ValueError):
        text.get("fr")


def test_load_catalog_reads_folders_in_file_order(tmp_path: Path) -> None:
    lessons, puzzles = tmp_path / "lessons", tmp_path / "puzzles"
    lessons.mkdir()
    (puzzles / "more").mkdir(parents=True)
    (lessons / "02-second.yaml").write_text(LESSON.replace("royal-pairs", "second"), encoding="utf-8")
    (lessons / "01-first.yaml").write_text(LESSON.replace("royal-pairs", "first"), encoding="utf-8")
    (lessons / "README.md").write_text("not content", encoding="utf-8")
    (puzzles / "more" / "p.yaml").write_text(PUZZLES, encoding="utf-8")
    catalog = load_catalog(lessons, puzzles)
    assert [l.id for l in catalog.lessons] == ["first", "second"]
    assert [p.id for p in catalog.puzzles] == ["two-sevens", "ace-point"]
    assert isinstance(catalog.puzzles[0], Puzzle)


def test_load_catalog_lists_the_problems_of_every_file(tmp_path: Path) -> None:
    lessons, puzzles = tmp_path / "lessons", tmp_path / "puzzles"
    lessons.mkdir()
    puzzles.mkdir()
    (lessons / "a.yaml").write_text(LESSON.replace("ask: points", "ask: pints"), encoding="utf-8")
    (lessons / "b.yaml").write_text(LESSON.replace("goal: cards", "goal: most"), encoding="utf-8")
    (lessons / "c.yaml").write_text(LESSON, encoding="utf-8")
    (puzzles / "p.yaml").write_text(PUZZLES.replace("rating: 500", "rating: 5"), encoding="utf-8")
    (puzzles / "q.yml").write_text(LESSON, encoding="utf-8")  # a lesson where puzzles belong
    with pytest.raises(FileError) as info:
        load_catalog(lessons, puzzles)
    files = sorted(Path(p.file).name for p in info.value.problems)
    assert files[:3] == ["a.yaml", "b.yaml", "p.yaml"]
    assert any(p.file.endswith("q.yml") and "unknown key 'lesson'" in p.message for p in info.value.problems)
