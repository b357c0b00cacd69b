"""Tab completion: commands, lesson ids, puzzle ids and themes, languages, rule topics, moves, and play's words."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from tutor.content.presets import preset_names
from tutor.core.legality import build_matches
from tutor.core.moves import InvalidMoveError, Move
from tutor.core.notation import TRAIL_WORDS, Intent, parse_intent
from tutor.core.position import Position
from tutor.core.table import piles
from tutor.core.variant import OPTIONS
from tutor.play.players import LEVELS
from tutor.render import LANGS, find_name, folded

from .games import EXPORT_WORDS, IMPORT_WORDS, QUOTES
from .play_settings import KIND_WORDS, SETTING_KEYS
from .registry import lookup, offered_commands, typed_command
from .state import Shell

#: Words offered after the card played, in each language, when it can capture, and when it can build (the notation
#: reads more, in either language: see docs/formats.md).
CAPTURE_OFFERS = {"en": ("x", "take"), "de": ("x", "nimm")}
BUILD_OFFERS = {"en": ("b", "build"), "de": ("b", "baue")}
#: The word offered to start a trail, in each language.
TRAIL_STARTS = {"en": "trail", "de": "ablegen"}
#: ``play``'s words offered in each language: the kind of game (a match is the default) and its settings.
GAME_WORDS = {"en": ("round", "players=", "level=", "seed="), "de": ("runde", "spieler=", "stufe=", "startwert=")}
PATHS = PathCompleter(expanduser=True)
"""The files and folders a path typed may go on with (``~`` is the home folder, as ``games`` reads it)."""


class TutorCompleter(Completer):
    """Completes the first word as a command (in the learner's language) or a card in hand, and each command's
    argument."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        before = document.text_before_cursor
        word = document.get_word_before_cursor(WORD=True)
        words = before.split()
        if before and not before[-1].isspace():
            words = words[:-1]  # the word being typed is not finished
        if not words:
            candidates = [*self.commands(), *self.move_starts()]
        else:
            cmd = lookup(words[0])
            if cmd is None:
                candidates = self.move_words(words)
            elif cmd.argument == "move":  # ``explain 7S x 7H``: a whole move, as at the prompt
                candidates = self.move_words(words[1:]) if len(words) > 1 else self.move_starts()
            elif cmd.argument == "game":  # any number of words: ``play round royal level=club``
                candidates = self.game_words(words[1:], word)
            elif cmd.argument == "topic" and len(words) == 2:  # ``rules royal builds``: a topic after a preset
                named = find_name(words[1], preset_names(), "presets.{}") is not None
                candidates = list(self.arguments("topic")) if named else []
            elif cmd.argument == "games" and _file_wanted(words[1:]):  # ``games import FILE``, ``export N FILE``
                # a name begun in quotes (a name with a space, as in a system shell): its file, the quote kept
                typed = word[1:] if word[:1] in QUOTES else word
                yield from PATHS.get_completions(Document(typed), complete_event)
                return
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
            return self.commands()
        if kind == "topic":
            from tutor.sheets import topics

            return [topic for topic, _ in topics(shell.lang)] + preset_names()
        if kind == "games":
            return ["export", "import"]
        if kind == "confirm":
            return ["ja" if shell.lang == "de" else "yes"]
        return []

    def game_words(self, typed: list[str], word: str) -> list[str]:
        """What may follow ``play`` and the words ``typed`` after it, in the learner's language, less what they
        chose already: the kind of game, a preset, the settings' keys, and once a letter is typed the rule options'
        (``build_duty=``); after a key, its values (``level=club``, ``stufe=Vereinsspieler``, ``players=3``)."""
        key, sep, _ = word.partition("=")
        setting = SETTING_KEYS.get(key.lower())
        if sep and setting == "level":
            return [f"{key}={self.shell.ui.message(f'levels.{n}')}" for n in LEVELS]
        if sep and setting == "players":
            return [f"{key}={n}" for n in (2, 3, 4)]
        if sep:
            return []
        chosen = {SETTING_KEYS.get(w.partition("=")[0].lower()) or w.partition("=")[0].lower() for w in typed}
        kind, *settings = GAME_WORDS[self.shell.lang]
        named = any(w.lower() in KIND_WORDS for w in typed)
        preset = any(find_name(w, preset_names(), "presets.{}") is not None for w in typed)
        return [*([] if named else [kind]), *([] if preset else preset_names()),
                *(s for s in settings if SETTING_KEYS[s[:-1]] not in chosen),
                *(f"{o}=" for o in OPTIONS if word and o not in chosen)]

    def commands(self) -> list[str]:
        """The command words offered now, in the learner's language (the other's are read, not offered: ``hi``
        completes to ``hint`` in English, ``hilfe`` in German; ``claim`` only in a match that allows claims)."""
        return [typed_command(self.shell, cmd.name) for cmd in offered_commands(self.shell)]

    def position(self) -> Position | None:
        """The position a move is typed on now, if one is asked."""
        return self.shell.activity.move_position if self.shell.activity is not None else None

    def hand_cards(self) -> list[str]:
        pos = self.position()
        if pos is None:
            return []
        return [self.shell.ui.typed_card(c) for c in pos.hands[pos.to_move]]

    def move_starts(self) -> list[str]:
        """The words a move may start with: a card in hand, or the word of a trail (when there is a hand)."""
        cards = self.hand_cards()
        return [*cards, TRAIL_STARTS[self.shell.lang]] if cards else []

    def move_words(self, words: list[str]) -> list[str]:
        """What may follow the card played, from its legal moves: after the card, the words of the kinds of move it
        can make (a build's with each value it can build: ``b8``) and the table items it takes without a word;
        after a word, the table items that moves of its kind (and value) use, less those already typed."""
        if len(words) == 1 and words[0].lower() in TRAIL_WORDS:
            return self.hand_cards()
        pos = self.position()
        if pos is None:
            return []
        try:
            intent = parse_intent(" ".join(words))
        except InvalidMoveError:
            return []
        played = intent.card.candidates(pos.hands[pos.to_move])
        moves = [m for m in pos.generate() if m.card in played]
        captures = [m for m in moves if m.kind == "capture"]
        builds = [m for m in moves if m.kind not in ("capture", "trail")]
        if len(words) == 1:
            values = [self.shell.ui.typed_move(pos.notation(m)).split()[1] for m in builds]
            lang = self.shell.lang
            return [*(CAPTURE_OFFERS[lang] if captures else ()), *(BUILD_OFFERS[lang] if builds else ()), *values,
                    *self.items(pos, captures)]
        if intent.op == "build":
            chosen = [m for m in builds if intent.value is None or m.value == intent.value]
        else:
            chosen = captures if intent.op == "capture" else []
        named = self.named(pos, intent)
        return [text for text in self.items(pos, chosen) if text not in named]

    def named(self, pos: Position, intent: Intent) -> set[str]:
        """The table items the move typed so far names, each as :meth:`items` words it, however it was typed (``8♥``,
        ``8h``, ``[6♥+2♦]``); an item typed by a rank or a value that more than one item has names none of them."""
        ui, faces = self.shell.ui, pos.variant.face_builds
        loose = [found[0] for ref in intent.cards if len(found := ref.candidates(pos.loose)) == 1]
        builds = [homes[0] for ref in intent.builds
                  if len(homes := [b for b in pos.builds if build_matches(ref, b, faces)]) == 1]
        return {*(ui.typed_card(c) for c in loose), *(ui.typed_build(piles(b, pos.variant.value)) for b in builds)}

    def items(self, pos: Position, moves: list[Move]) -> list[str]:
        """The table items ``moves`` use, in the table's order: loose cards, then builds in brackets, as the
        learner types them."""
        ui = self.shell.ui
        used = {i for m in moves for i in (*m.loose, *m.builds)}
        return [*(ui.typed_card(c) for c in pos.loose if c in used),
                *(ui.typed_build(piles(b, pos.variant.value)) for b in pos.builds if b in used)]


def _file_wanted(words: list[str]) -> bool:
    """Whether the words after ``games`` are followed by a file: ``import``, or ``export`` and a number."""
    return bool(words) and (words[0].lower() in IMPORT_WORDS and len(words) == 1
                            or words[0].lower() in EXPORT_WORDS and len(words) == 2)


def _matching(candidates: Iterable[str], word: str) -> Iterator[Completion]:
    seen: set[str] = set()
    typed = folded(word)  # ``zue`` completes to ``züge``
    for text in candidates:
        if folded(text).startswith(typed) and text not in seen:
            seen.add(text)
            yield Completion(text, start_position=-len(word))
