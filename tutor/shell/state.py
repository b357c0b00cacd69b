"""What the shell keeps between commands (content, progress, language) and the activity the learner is in."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from tutor.content.course import Catalog
from tutor.core.position import Position
from tutor.core.variant import Variant
from tutor.loading.catalog import LeftOut
from tutor.render import LANGS, Renderer, find_name
from tutor.storage import Progress, ProgressError
from tutor.teaching.coach import Challenge

from .challenge_text import goal_text, listing_text, verdict_text

OLD_THEME_NAMES = {
    "italienisch": "italian",
    "bilder-sammeln": "face-gather",
    "letzter-stich": "last-take",
}
"""German theme names of earlier versions (now named as the cards and presets are); learners may still type them."""

DEFAULT_WIDTH = 80
"""Columns of text when the terminal's width is not known."""


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def default_width() -> int:
    return DEFAULT_WIDTH


class Shell:
    """The tutor's state; commands read and change it, and answer with text."""

    def __init__(
        self,
        catalog: Catalog,
        progress: Progress,
        lang: str,
        symbols: bool = True,
        clock: Callable[[], datetime] = utc_now,
        width: Callable[[], int] = default_width,
        kept_lang: str | None = None,
        left_out: tuple[LeftOut, ...] = (),
    ) -> None:
        self.catalog = catalog
        self.left_out = left_out
        """The content files that could not be read: the catalog lacks their lessons or puzzles until fixed."""
        self.caught_up = ""
        """What the start did of what the last session left undone (:mod:`.catch_up`): the welcome says it."""
        self.progress = progress
        self.symbols = symbols
        self.clock = clock
        self.width = width  # the terminal's columns now (it may be resized)
        self.ui = Renderer(lang, symbols)
        self._kept_lang = kept_lang or lang
        """The language a session started without ``--lang`` has: the one kept, else the locale's."""
        self._activity: Activity | None = None
        self.finished = False
        self.asked: str | None = None
        """The command that asked to be confirmed (``resign``): the next line answers it."""
        self.answers_shown: set[str] = set()
        """Puzzles whose answer this session showed (missed, or the solution asked): one solved again counts as helped."""
        self.unsaved: dict[str, tuple[str, dict[str, Any]]] = {}
        """What could not be saved, by what it is (``game``, ``progress``): a message key and its parameters,
        said when the learner leaves."""
        self.notes: list[str] = []
        """What the line being run could not save, though it went on (a lesson's step on a full disk): said under
        its reply."""

    @property
    def activity(self) -> Activity | None:
        """The lesson, puzzle, streak or game the learner is in."""
        return self._activity

    @activity.setter
    def activity(self, new: Activity | None) -> None:
        old = self._activity
        self._activity = new
        if old is not None and old is not new:
            old.leave()

    @property
    def lang(self) -> str:
        return self.ui.lang

    def theme_name(self, theme: str) -> str:
        """A theme as the learner reads it in their language."""
        return self.ui.message(f"themes.{theme}")

    def theme_names(self) -> list[str]:
        """The themes of the collection, in the learner's language."""
        return [self.theme_name(t) for t in self.catalog.themes()]

    def find_theme(self, word: str) -> str | None:
        """The theme ``word`` names: its id, or its name in any language (or an earlier name)."""
        typed = word.strip().lower()  # not casefold: that would make "großes" "grosses"
        return find_name(OLD_THEME_NAMES.get(typed, typed), self.catalog.themes(), "themes.{}")

    def lesson_name(self, lesson: str) -> str:
        """A lesson's id as the learner reads and types it in their language (``tisch`` for ``table``); a
        teacher's own lesson, which ``lesson_ids`` does not name, by its id as written."""
        key = f"lesson_ids.{lesson}"
        return self.ui.message(key) if self.ui.has_message(key) else lesson

    def lesson_names(self) -> list[str]:
        """The course's lessons as the learner types them, in course order."""
        return [self.lesson_name(lesson.id) for lesson in self.catalog.lessons]

    def find_lesson(self, word: str) -> str | None:
        """The lesson ``word`` names: its id, or its id in any language."""
        return find_name(word, (lesson.id for lesson in self.catalog.lessons), "lesson_ids.{}")

    @property
    def kept_lang(self) -> str:
        """The language kept for later sessions now: the progress file's, which another window's ``lang`` may have
        changed since this one started; else (none kept, or the file unreadable) the one this session started with
        as kept."""
        try:
            stored = self.progress.get_setting("lang")
        except ProgressError:
            return self._kept_lang
        return stored if stored in LANGS else self._kept_lang

    def set_lang(self, lang: str) -> None:
        """Switch the language for everything shown from now on, and keep it for later sessions."""
        self.ui = Renderer(lang, self.symbols)
        self.progress.set_setting("lang", lang)
        self._kept_lang = lang


class Activity(ABC):
    """A lesson or a puzzle in progress.  Every method answers with text to show."""

    kind: str

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    @property
    def ui(self) -> Renderer:
        return self.shell.ui

    @abstractmethod
    def title(self) -> str:
        """A short name for the toolbar."""

    @abstractmethod
    def show(self) -> str:
        """The current position and what to do."""

    @abstractmethod
    def answer(self, text: str) -> str:
        """Take a typed move or answer."""

    @abstractmethod
    def hint(self) -> str:
        ...

    @abstractmethod
    def solution(self) -> str:
        ...

    @abstractmethod
    def next(self) -> str:
        """Go on: the next step or puzzle."""

    @property
    def finished(self) -> bool:
        """Whether ``next`` goes past it, to the next step (``next_choice.plan``), rather than on with it."""
        return False

    @abstractmethod
    def going_on(self) -> str:
        """What ``next`` goes on with, in words (the dashboard's "what next" while it is open and not finished)."""

    @property
    def challenge(self) -> Challenge | None:
        """The position and task being solved now, if any."""
        return None

    def task_line(self) -> str:
        """What the learner is asked to find now, in one sentence, as the screen ends with it (empty when nothing is
        asked): said again under a screen that went through the pager, which may have been left above its foot."""
        challenge = self.challenge
        return goal_text(self.ui, challenge) if challenge is not None else ""

    @property
    def position(self) -> Position | None:
        challenge = self.challenge
        return challenge.position if challenge is not None else None

    @property
    def move_position(self) -> Position | None:
        """The position a move typed now is played on, whose cards and moves Tab offers: :attr:`position`, unless
        the activity asks no move now (a lesson's question or demo)."""
        return self.position

    @property
    def rules_of(self) -> tuple[Variant, int] | None:
        """The variant and the number of players that ``rules`` speaks of: the position's (None: no rules in play)."""
        pos = self.position
        return (pos.variant, pos.players) if pos is not None else None

    def used_help(self) -> None:
        """The learner looked at the moves or had one explained: count it as a hint."""

    def leave(self) -> None:
        """The learner went on to something else (or left the tutor): let go of what this activity holds."""

    def moves(self) -> str | None:
        """Every legal move with its value for the task (``None`` when nothing is asked)."""
        challenge = self.challenge
        if challenge is None:
            return None
        self.used_help()
        return listing_text(self.ui, challenge)

    def explain(self, text: str) -> str | None:
        """How a move would do, without playing it (``None`` when nothing is asked)."""
        challenge = self.challenge
        if challenge is None:
            return None
        self.used_help()
        return verdict_text(self.ui, challenge, challenge.judge(text), explained=True)
