"""Tab completion: commands, lesson ids, puzzle ids and themes, languages, rule topics, and moves."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from tutor.content.presets import preset_names
from tutor.core.notation import TRAIL_WORDS
from tutor.core.table import piles
from tutor.render import LANGS

from .commands import COMMANDS, lookup
from .state import Shell

#: Words offered after the card played (the notation accepts more: see docs/formats.md).
MOVE_WORDS = ("x", "take", "nimm", "b", "build", "baue")
#: Words that may start a trail.
TRAIL_STARTS = ("trail", "ablegen")


class TutorCompleter(Completer):
    """Completes the first word as a command or a card in hand, and each command's argument."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        before = document.text_before_cursor
        word = document.get_word_before_cursor(WORD=True)
        words = before.split()
        if before and not before[-1].isspace():
            words = words[:-1]  # the word being typed is not finished
        if not words:
            candidates = [*COMMANDS, *(c.alias for c in COMMANDS.values() if c.alias), *self.hand_cards()]
            if self.hand_cards():
                candidates += TRAIL_STARTS
        else:
            cmd = lookup(words[0])
            if cmd is None:
                candidates = self.move_words(words)
            else:
                candidates = list(self.arguments(cmd.argument)) if len(words) == 1 else []
        yield from _matching(candidates, word)

    def arguments(self, kind: str) -> Iterable[str]:
        shell = self.shell
        if kind == "lesson":
            return shell.lesson_names()
        if kind == "puzzle":
            return [*shell.theme_names(), *(p.id for p in shell.catalog.puzzles)]
        if kind == "theme":
            return shell.theme_names()
        if kind == "lang":
            return LANGS
        if kind == "command":
            return list(COMMANDS)
        if kind == "topic":
            from tutor.sheets import topics

            return [topic for topic, _ in topics(shell.lang)]
        if kind == "move":
            return self.hand_cards()
        if kind == "game":
            return ["round", *preset_names(), "players=", "level=", "seed="]
        if kind == "games":
            return ["export", "import"]
        return []

    def hand_cards(self) -> list[str]:
        pos = self.shell.activity.position if self.shell.activity is not None else None
        if pos is None:
            return []
        return [self.shell.ui.typed_card(c) for c in pos.hands[pos.to_move]]

    def table_items(self) -> list[str]:
        """The loose cards, then the builds in brackets, as the learner types them."""
        pos = self.shell.activity.position if self.shell.activity is not None else None
        if pos is None:
            return []
        ui = self.shell.ui
        return [*(ui.typed_card(c) for c in pos.loose), *(ui.typed_build(piles(b, pos.variant.value)) for b in pos.builds)]

    def move_words(self, words: list[str]) -> list[str]:
        """After the card played: the joining words, then the cards and builds on the table."""
        if len(words) == 1 and words[0].lower() in TRAIL_WORDS:
            return self.hand_cards()
        if len(words) == 1:
            return [*MOVE_WORDS, *self.table_items()]
        return self.table_items()


def _matching(candidates: Iterable[str], word: str) -> Iterator[Completion]:
    seen: set[str] = set()
    lowered = word.lower()
    for text in candidates:
        if text.lower().startswith(lowered) and text not in seen:
            seen.add(text)
            yield Completion(text, start_position=-len(word))
