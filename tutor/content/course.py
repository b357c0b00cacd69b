"""Lessons, their steps and puzzles as values, and the catalog of all content.

Files become these values in :mod:`tutor.loading.lessons` and
:mod:`tutor.loading.puzzles`; :mod:`tutor.teaching.verify` proves them with the solver
and :mod:`tutor.teaching.answers` computes what a step accepts.  Positions held here
are shared: copy one (``position.copy()``) before playing moves on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass
from datetime import date

from tutor.core.counting import COUNTS
from tutor.core.moves import Move
from tutor.core.notation import Intent
from tutor.core.position import Position
from tutor.core.solver import Goal, Ranking
from tutor.core.variant import Variant

LANGUAGES = ("en", "de")

#: What an exercise may ask the learner to find: a move kind, or a sweep.
FIND_KINDS = ("trail", "capture", "build", "raise", "add", "sweep")

#: What a question may ask about a side's captured cards.
ASK_KINDS = COUNTS

#: The puzzle themes, in the order the trainer lists them.
THEMES = (
    "pairing", "sums", "groups", "face-cards", "trailing", "building", "multiple-builds",
    "raising", "adding", "stealing", "holding", "big-cassino", "little-cassino", "aces",
    "most-cards", "most-spades", "sweep", "deny-sweep", "counting", "last-take", "endgame",
    "partnership", "royal", "spade", "italian", "draw", "face-gather",
)

THEME_LESSONS = {
    "pairing": "pairing", "sums": "sums", "groups": "sums", "face-cards": "faces", "trailing": "table",
    "building": "builds", "multiple-builds": "multiple", "raising": "raising", "adding": "adding",
    "stealing": "raising", "holding": "controller", "big-cassino": "scoring", "little-cassino": "scoring",
    "aces": "scoring", "most-cards": "scoring", "most-spades": "scoring", "sweep": "sweeps", "deny-sweep": "sweeps",
    "counting": "sweeps", "last-take": "residue", "endgame": "residue", "partnership": "partners", "royal": "royal",
    "spade": "spade", "italian": "italian", "draw": "draw", "face-gather": "face-gather",
}
"""The lesson (its id) that teaches what a puzzle of each theme asks."""

RATING_RANGE = (400, 3000)


ClaimValue = int | str | tuple[int | str, ...]
"""A parameter of a claim as a file holds it: a number, a word or a card code, or a list of them."""


@dataclass(frozen=True)
class Claim:
    """What an engine-made text says, as data: the message ``key`` it words and its parameters (cards by code).

    ``check`` recomputes the claim from the position (:mod:`tutor.teaching.hint_claims`)."""

    key: str
    params: tuple[tuple[str, ClaimValue], ...] = ()


@dataclass(frozen=True)
class Text:
    """A text a learner reads, in every language; ``claim``: what it says as data, when the engine wrote it."""

    en: str
    de: str
    claim: Claim | None = None

    def get(self, lang: str) -> str:
        """The text in ``lang`` (``en`` or ``de``)."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; languages are {', '.join(LANGUAGES)}")
        return self.en if lang == "en" else self.de


@dataclass(frozen=True)
class TextStep:
    """An explanation, nothing to do."""

    text: Text
    where: str


@dataclass(frozen=True)
class DemoStep:
    """A legal move shown on a position and explained."""

    text: Text
    position: Position
    move: Move
    where: str


@dataclass(frozen=True)
class ExerciseStep:
    """The learner plays a move: the best ones for ``goal``, or any of kind ``find``."""

    text: Text
    position: Position
    goal: Goal | None
    find: str | None
    hints: tuple[Text, ...]
    where: str


@dataclass(frozen=True)
class WhyStep:
    """An illegal move shown; the learner picks the rule it breaks from ``choices`` (reason codes)."""

    text: Text
    position: Position
    move: str
    intent: Intent
    choices: tuple[str, ...]
    where: str


@dataclass(frozen=True)
class QuestionStep:
    """How many points, cards or spades (``ask``) the side of ``seat`` has taken."""

    text: Text
    position: Position
    seat: int
    ask: str
    where: str


Step = TextStep | DemoStep | ExerciseStep | WhyStep | QuestionStep


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course; ``requires`` names the lessons to do first, ``requires_where`` where the file
    names each (empty for a lesson not read from a file)."""

    id: str
    title: Text
    summary: Text
    variant: Variant
    requires: tuple[str, ...]
    steps: tuple[Step, ...]
    where: str
    requires_where: tuple[str, ...] = ()

    def open_to(self, done: Set[str]) -> bool:
        """Whether a learner who has done the lessons ``done`` may take this one: every lesson it requires done."""
        return all(r in done for r in self.requires)


@dataclass(frozen=True)
class FromGame:
    """The learner's game a personal puzzle comes from: the ``day`` it was played (the learner's name for it), and
    whether it was a ``match`` (played to the variant's target, which its score line then names, as the game's did)
    or a one-round game."""

    day: date
    match: bool


@dataclass(frozen=True)
class Puzzle:
    """A position and a goal; ``solution`` lists every accepted move (empty: the solver's best).

    A line puzzle has a main ``line``: the learner's first move, the other
    seats' replies, the learner's next move, ..., ending on a learner move
    (goal ``deal``; every best move of the learner is accepted at each turn).

    A personal puzzle (a position of the learner's game, :mod:`tutor.teaching.personal`)
    brings its ``ranking``, the advisor's (goal ``advice``), instead of the solver's, and names the ``game`` it
    comes from.
    """

    id: str
    variant: Variant
    position: Position
    goal: Goal
    themes: tuple[str, ...]
    rating: int
    title: Text | None
    text: Text | None
    hints: tuple[Text, ...]
    solution: tuple[Move, ...]
    where: str
    line: tuple[Move, ...] = ()
    ranking: Ranking | None = None
    game: FromGame | None = None
    solution_at: tuple[str, ...] = ()
    """The ``file:line:col`` of each move of ``solution`` (none when it was not read from a file)."""

    @property
    def match(self) -> bool:
        """Whether the score is played to the variant's target (as the screen says): a position of a one-round game
        is not."""
        return self.game is None or self.game.match


NUMBER = re.compile(r"[0-9]{1,4}\.[0-9]{1,5}")
"""How a puzzle's number is written (:meth:`Catalog.numbers`)."""


@dataclass(frozen=True)
class Catalog:
    """Every lesson (in course order) and every puzzle; ``puzzle_files``: every puzzle file, in order, those that could
    not be read too (default: the files of ``puzzles``), which the puzzles' :meth:`number` counts."""

    lessons: tuple[Lesson, ...]
    puzzles: tuple[Puzzle, ...]
    puzzle_files: tuple[str, ...] = ()

    def lesson(self, lesson_id: str) -> Lesson:
        """The lesson with this id; KeyError if there is none."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)

    def next_lesson(self, done: Set[str]) -> Lesson | None:
        """The first lesson not done whose required lessons are all done."""
        for lesson in self.lessons:
            if lesson.id not in done and lesson.open_to(done):
                return lesson
        return None

    def puzzle(self, puzzle_id: str) -> Puzzle:
        """The puzzle with this id, or with this :meth:`number`; KeyError if there is none."""
        for puzzle in self.puzzles:
            if puzzle.id == puzzle_id:
                return puzzle
        if NUMBER.fullmatch(puzzle_id):
            for puzzle, number in self.numbers():
                if number == puzzle_id:
                    return puzzle
        raise KeyError(puzzle_id)

    def number(self, puzzle_id: str) -> str | None:
        """The puzzle's number (:meth:`numbers`); None for a puzzle not in the catalog (one from the learner's
        games)."""
        return next((number for puzzle, number in self.numbers() if puzzle.id == puzzle_id), None)

    def numbers(self) -> Iterator[tuple[Puzzle, str]]:
        """Each puzzle with its number: its file's place among the puzzle files and its place in the file, from 1
        (``12.3``), a name in no language for screens whose language is not the ids' (German); the same while
        another file cannot be read and is left out."""
        files = self.puzzle_files or dict.fromkeys(puzzle_file(p) for p in self.puzzles)
        order = {file: n for n, file in enumerate(files, 1)}
        place = dict.fromkeys(order, 0)
        for puzzle in self.puzzles:
            file = puzzle_file(puzzle)
            place[file] += 1
            yield puzzle, f"{order[file]}.{place[file]}"

    def themes(self) -> tuple[str, ...]:
        """The themes some puzzle has, in the order of :data:`THEMES`."""
        used = {t for p in self.puzzles for t in p.themes}
        return tuple(t for t in THEMES if t in used)

    def lessons_teaching(self, themes: Iterable[str]) -> list[Lesson]:
        """The lessons that teach ``themes`` (:data:`THEME_LESSONS`), in course order."""
        wanted = {THEME_LESSONS[theme] for theme in themes}
        return [lesson for lesson in self.lessons if lesson.id in wanted]

    def puzzles_for(self, theme: str) -> tuple[Puzzle, ...]:
        """The puzzles with this theme, in catalog order."""
        return tuple(p for p in self.puzzles if theme in p.themes)


def puzzle_file(puzzle: Puzzle) -> str:
    """The file ``puzzle`` was read from (its ``where`` without the line and column)."""
    return puzzle.where.rsplit(":", 2)[0]


def stars(mistakes: int, hints: int) -> int:
    """Stars for a finished lesson or puzzle: 3 flawless, 2 for up to two slips (mistakes and hints), else 1."""
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips <= 2 else 1
