"""The course covers the rulebook: every section of rules.md and every preset has a lesson.

The section headings are read from ``rules.md`` at test time, so a new section
fails here until it is mapped to the lessons that teach it (or listed, with a
reason, as not teachable on its own).  The options within each section are
audited one by one in lessons/README.md (tests/test_option_lessons.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.content.course import Catalog, DemoStep, ExerciseStep, Lesson, QuestionStep, TextStep, WhyStep
from tutor.content.presets import preset_names
from tutor.loading import load_catalog
from tutor.loading.positions import variant_to_data

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "spec" / "rules.md"

#: rules.md section number -> the lessons that teach it (lesson ids).
SECTION_LESSONS: dict[str, tuple[str, ...]] = {
    "1": ("table", "pairing", "sums", "faces", "royal", "aces-high", "italian"),  # cards, decks, values
    "2": ("builds", "multiple"),  # loose cards and builds, single and multiple
    "3": ("table",),  # one card a turn: trail, capture or build
    "3.1": ("table", "controller", "trailing-rules"),  # trailing, and when it is not allowed (forced_capture)
    "3.2": ("pairing", "sums", "faces", "face-gather", "combine-builds", "own-builds"),  # face_capture, build_in_sum
    "3.3": ("builds", "multiple"),
    "3.4": ("raising", "own-builds"),  # raise_own
    "3.5": ("adding", "own-builds"),  # add_to_others
    "3.6": ("face-gather",),
    "3.7": ("raising", "controller"),  # the mover becomes the controller
    "3.8": ("sudden-death",),  # the five of spades sweep, an option taught with sudden death
    "4": ("controller",),
    "4.1": ("builds", "controller"),  # the holding rule
    "4.2": ("controller", "take-or-add", "michigan", "trailing-rules"),  # build duties: all four
    "4.3": ("partners",),
    "5": ("table", "residue", "partners", "draw"),  # deals, players, draw, the residue
    "6": ("scoring", "sweeps", "spade", "italian", "michigan", "sudden-death", "scoring-options"),  # and its options
    "7": ("match", "sudden-death", "michigan", "match-endings"),  # target, tie-breaks, instant wins, claims
}

#: Sections that are not a topic of their own, and why.  (The text before the
#: first numbered heading is the rulebook's introduction; it has no heading.)
NOT_TAUGHT: dict[str, str] = {
    "8": "the table of presets: each preset is checked against the lessons by test_every_preset_is_taught",
    "9": "worked examples of sections 1-8; they are taught as steps of those sections' lessons",
}

#: Presets taught inside another preset's lesson rather than by a lesson of
#: their own: preset -> the lesson with steps played under it, and why.
PRESET_IN_STEPS: dict[str, tuple[str, str]] = {
    "michigan-5": ("michigan", "rounds to 5 is Michigan with a lower target and an instant-score limit"),
}

HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*$")
NUMBERED = re.compile(r"(\d+(?:\.\d+)*)\.?\s+\S")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="module")
def sections() -> list[str]:
    """The section numbers of rules.md's ``##`` and ``###`` headings, in order."""
    if not RULES.is_file():
        pytest.skip(f"rules.md is not at {RULES} (not a checkout with the shared spec next to it, e.g. a wheel build)")
    numbers = []
    for line in RULES.read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        if heading is None:
            continue
        number = NUMBERED.match(heading[2])
        assert number, f"rules.md heading {line!r} has no section number; number it, or teach this test to read it"
        numbers.append(number[1])
    assert numbers, f"no ## or ### headings found in {RULES}"
    return numbers


def _preset_of(lesson_or_step_variant: object) -> str | None:
    """The preset name when the variant is exactly that preset, else None (options set on top)."""
    data = variant_to_data(lesson_or_step_variant)  # type: ignore[arg-type]
    return data if isinstance(data, str) else None


def _step_presets(lesson: Lesson) -> set[str]:
    return {
        preset
        for step in lesson.steps
        if not isinstance(step, TextStep) and (preset := _preset_of(step.position.variant)) is not None
    }


def test_every_section_has_a_lesson(sections: list[str]) -> None:
    missing = [s for s in sections if s not in SECTION_LESSONS and s not in NOT_TAUGHT]
    assert not missing, f"rules.md sections with no lesson: {', '.join(missing)}; map them in SECTION_LESSONS"
    both = sorted(set(SECTION_LESSONS) & set(NOT_TAUGHT))
    assert not both, f"sections both mapped to lessons and listed as not taught: {', '.join(both)}"


def test_the_mapping_names_only_real_sections(sections: list[str]) -> None:
    stale = [s for s in [*SECTION_LESSONS, *NOT_TAUGHT] if s not in sections]
    assert not stale, f"sections mapped here but not in rules.md: {', '.join(stale)}; update the tables"


def test_every_mapped_lesson_exists(catalog: Catalog) -> None:
    ids = {lesson.id for lesson in catalog.lessons}
    for section, lessons in SECTION_LESSONS.items():
        assert lessons, f"section {section} is mapped to no lesson"
        unknown = [lesson for lesson in lessons if lesson not in ids]
        assert not unknown, f"section {section} is mapped to lessons that do not exist: {', '.join(unknown)}"


def test_every_preset_is_taught(catalog: Catalog) -> None:
    lesson_presets = {_preset_of(lesson.variant) for lesson in catalog.lessons}
    for preset in preset_names():
        if preset in PRESET_IN_STEPS:
            lesson_id, _why = PRESET_IN_STEPS[preset]
            assert preset not in lesson_presets, f"{preset} has a lesson of its own; drop it from PRESET_IN_STEPS"
            host = catalog.lesson(lesson_id)
            assert preset in _step_presets(host), f"lesson {lesson_id} has no step played under preset {preset}"
        else:
            assert preset in lesson_presets, f"no lesson has variant: {preset}"


def test_every_lesson_shows_and_asks(catalog: Catalog) -> None:
    for lesson in catalog.lessons:
        demos = sum(isinstance(step, DemoStep) for step in lesson.steps)
        asked = sum(isinstance(step, (ExerciseStep, WhyStep, QuestionStep)) for step in lesson.steps)
        assert demos >= 1, f"lesson {lesson.id} has no demonstration"
        assert asked >= 3, f"lesson {lesson.id} has {asked} exercise, why or question steps; it needs at least 3"
