"""Every message and template, and the screens a learner meets, read cleanly in both languages
(issue 14): no ``..``, no doubled space between words, and no English word in German output
outside an allow-list.

Two sources of text: every catalog message and every template rendered with sample parameters
(an undefined parameter is a sample value, once false and empty, once true and full, so both
branches of most conditions are rendered), and real screens: the shell driven through every
lesson (hints, wrong answers, the list of moves), a puzzle of every file, goal and first theme
(hint, wrong answers, solution, moves), help, rules, progress, streak, and every rule sheet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from jinja2 import ChainableUndefined
from shell_helpers import open_shell, right_answer, wrong_answer

from tutor.content.folders import content_dir
from tutor.content.presets import preset_names, variant
from tutor.core.cards import Card
from tutor.core.moves import IllegalMoveError
from tutor.core.solver import GOAL_NAMES
from tutor.loading.builds import BUILD_KEYS
from tutor.loading.lessons import LESSON_KEYS, STEP_KEYS
from tutor.loading.positions import KEYS as POSITION_KEYS
from tutor.loading.positions import load_position
from tutor.loading.puzzles import PUZZLE_KEYS
from tutor.play.players import FROZEN, LEVELS, TRIALS
from tutor.render import LANGS, Renderer
from tutor.render.catalog import load_catalog
from tutor.render.environment import Language, load_language
from tutor.sheets import TOPICS, build_sheet, render_sheet
from tutor.shell.commands import dispatch
from tutor.shell.lesson import LessonRun
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.registry import COMMANDS

# ---- the checks ---------------------------------------------------------------------------------

# English words that are not German words (so "in", "so", "also", "was", "will", "Hand" are not here).
ENGLISH = frozenset("""
    the and of to is are it its this that with without from for on at by or not no yes if then than when what why how
    who which you your they their can may must should would each every only but more most less first
    takes take taken took build builds built trail trails capture captures raise add sweep sweeps move moves card
    cards point points score scores player players lesson lessons puzzle puzzles hint hints next rating table
    round deal hand hands goal step steps best try again type show help quit learn review streak progress
    solution solve solved theme themes rule rules value values sum sums group groups pair pairs face faces
    spades hearts diamonds clubs jack queen king ace aces seat stock win wins won lost done
""".split())
# Capitalised, they are English too (German capitalises its nouns, and none of these is one).
ENGLISH_CAPITALISED = frozenset(w.title() for w in ENGLISH) - {"Hand", "Rating"}

# Allowed in German output: what the learner types (English command names, which still work;
# option codes typed after --set, like build_duty=take_or_add; a command line's options, like --review;
# preset and level ids; card codes are no words here),
# and the glossary's English terms in brackets, as the German sheet gives them.
GLOSSARY_TERMS = re.findall(r"\(([a-z ]+)\)'", (content_dir("templates") / "de/sheet/glossary.j2").read_text(encoding="utf-8"))
TYPED_COMMANDS = re.compile(r"[„(](?:%s)[“)]" % "|".join(COMMANDS))
OPTION_CODES = re.compile(r"\b\w+=\w+\b|\b[a-z]+(?:_[a-z]+)+\b")
TYPED_LINES = re.compile(r"„cassino-tutor [^“]*“")  # a whole command line, quoted as typed
TYPED_OPTIONS = re.compile(r"(?<![\w-])--[a-z]+(?:-[a-z]+)*\b")  # a command line's option as typed: --review
PRESET_IDS = re.compile(r"\b(?:%s)\b" % "|".join(sorted(preset_names(), key=len, reverse=True)))  # typed after "spiele"
LEVEL_IDS = re.compile(r"\b(?:%s)\b" % "|".join(sorted([*LEVELS, *FROZEN, *TRIALS], key=len, reverse=True)))  # --a, --b
GLOSSARY = re.compile(r"\((?:%s)\)" % "|".join(GLOSSARY_TERMS))
# The keys and values of a content file or a saved game as they are written there, and the command line's
# subcommands, quoted: „goal“, „deal“, „hints“.
FILE_WORDS = re.compile(r"„(?:%s)[“:]" % "|".join(
    (*POSITION_KEYS, *BUILD_KEYS, *LESSON_KEYS, *STEP_KEYS, *PUZZLE_KEYS, *GOAL_NAMES, "card", "start", "moves",
     "match", "round", "finished", "levels", "captured", "find", "move", "generate", "replace", "rate")))


DOUBLE_DOT = re.compile(r"(?<!\.)\.\.(?!\.)")
ONE_NOUN = re.compile(r"\beins [A-ZÄÖÜ][a-zäöüß]")  # "eins Tischkarte": a number word where an article belongs
# Exactly two spaces after a word or a sentence's mark, before a word; columns use more, and
# lines that start indented are rows of a table.
DOUBLE_SPACE = re.compile(r"(?<=[^\W\d_]|[,;:.!?]) {2}(?=[^\W\d_])")


def english_words(line: str) -> list[str]:
    for allowed in (TYPED_LINES, TYPED_COMMANDS, OPTION_CODES, TYPED_OPTIONS, PRESET_IDS, LEVEL_IDS, GLOSSARY,
                    FILE_WORDS):
        line = allowed.sub(" ", line)
    words = re.findall(r"[^\W\d_]+", line)
    return [w for w in words if w in ENGLISH or w in ENGLISH_CAPITALISED]


def problems(text: str, lang: str) -> list[str]:
    """What is wrong with ``text``, line by line."""
    found = []
    for line in re.sub(r"<[^>]*>", " ", text).splitlines():  # HTML: its text, not its markup
        if DOUBLE_DOT.search(line):
            found.append(f"'..' in {line!r}")
        if not line.startswith(" ") and DOUBLE_SPACE.search(line):
            found.append(f"a doubled space in {line!r}")
        if lang == "de" and (english := english_words(line)):
            found.append(f"English {english} in {line!r}")
        if lang == "de" and ONE_NOUN.search(line):
            found.append(f"'eins' before a noun in {line!r}")
    return found


def test_the_checks_find_what_they_look_for() -> None:
    assert {"trail", "multiple build"} <= set(GLOSSARY_TERMS)
    assert problems("Nimm die Karo-10 ein..", "de") and problems("takes the  card", "en")
    assert problems("Dein Zug nimmt one table card ein", "de") and problems("nimmt eins Tischkarte mehr ein", "de")
    assert problems("Tippe „lerne table“", "de") and problems("auf dem table", "de")  # lesson ids are German too
    assert not problems("Stufen: expert-next-deal, club-v1", "de") and problems("die nächste deal", "de")  # level ids
    assert not problems("Nimm 7S x 3H+4D ein, oder tippe „hint“ oder „next“; --set build_duty=take_or_add", "de")
    assert not problems("Tisch: 10♦ · so viele wie möglich, also in der Hand... Die Kehre (sweep) zählt.", "de")
    assert not problems("„goal“ muss ein Ziel sein, etwa „deal“, also „value: K“", "de")
    assert problems("goal muss ein Ziel sein, etwa deal", "de")  # a file's word unquoted is English
    assert not problems("  moves        alle erlaubten Züge", "en")
    assert not problems("Sag es: „cassino-tutor puzzles rate DATEI...“", "de")
    assert problems("Sag es: cassino-tutor puzzles rate DATEI...", "de")  # unquoted, it reads as English


# ---- every message and template with sample parameters -----------------------------------------


def sample_class(full: bool) -> type[ChainableUndefined]:
    """An undefined parameter as a sample value: false, zero and empty, or true, two and two items."""

    class Sample(ChainableUndefined):
        __slots__ = ()

        def __str__(self) -> str:
            return "x"

        def __bool__(self) -> bool:
            return full

        def __iter__(self) -> Iterator[Any]:
            return iter([type(self)(), type(self)()] if full else [])

        def __len__(self) -> int:
            return 2 if full else 0

        def __int__(self) -> int:
            return 2 if full else 0

        def __float__(self) -> float:
            return float(int(self))

        def __round__(self, digits: int | None = None) -> int:
            return int(self)

        def __call__(self, *args: Any, **kwargs: Any) -> Sample:
            return self

        def __eq__(self, other: object) -> bool:
            return False

        def __ne__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 0

        def __lt__(self, other: object) -> bool:
            return False

        def __le__(self, other: object) -> bool:
            return not full

        def __gt__(self, other: object) -> bool:
            return full

        def __ge__(self, other: object) -> bool:
            return full

        def _same(self, *other: object) -> Sample:
            return self

        __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __floordiv__ = __mod__ = _same
        __neg__ = _same

    return Sample


SEVEN, THREE = Card.from_str("7D"), Card.from_str("3C")
# What the tutor's own filters get in place of a sample.
FILTER_SAMPLES: dict[str, Any] = {
    "card": SEVEN, "card_name": SEVEN, "the_card": SEVEN, "cards": [SEVEN, THREE], "build": [[SEVEN, THREE]],
    "notation": "7D x 7C", "typed": "7D x 7C", "listing": ["7♦", "3♣"], "number": 3, "date": date(2026, 12, 1),
    "moment": datetime(2026, 12, 1, 18, 46),
    "sparkline": [1500.0, 1520.0], "scores": [3, -2], "bar": 0.5, "stars": 2, "columns": ["Summen", "Paare"], "first_upper": "x",
}


def with_samples(filter_: Callable[..., Any], name: str) -> Callable[..., Any]:
    def filtered(value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, ChainableUndefined):
            value = FILTER_SAMPLES[name]
        return filter_(value, *(40 if isinstance(a, ChainableUndefined) else a for a in args), **kwargs)

    return filtered


def sample_language(lang: str, full: bool) -> Language:
    """The language's templates and catalog, rendering undefined parameters as samples."""
    language = load_language(content_dir("templates") / lang, symbols=True)
    env = language.env
    env.undefined = sample_class(full)
    for name in FILTER_SAMPLES:
        env.filters[name] = with_samples(env.filters[name], name)

    def msg(key: str, /, **params: Any) -> str:
        try:
            return language.messages(key, **params)
        except KeyError:
            if key.endswith("x"):  # a key made with a sample (scoring.tie_x) names no message: a sample
                return "x"
            raise

    env.globals["msg"] = msg
    return language


def sample_texts(lang: str) -> Iterator[tuple[str, str]]:
    for full in (False, True):
        language = sample_language(lang, full)
        for key in load_catalog(content_dir("templates") / lang):
            yield key, language.messages(key)
        for name in language.env.list_templates(extensions=("j2", "html")):
            yield name, language.env.get_template(name).render()


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_and_template_reads_cleanly(lang: str) -> None:
    texts = list(sample_texts(lang))
    assert len(texts) > 2 * 380  # every message and template, twice
    found = [f"{name}: {p}" for name, text in texts for p in problems(text, lang)]
    assert not found, "\n".join(found)


# ---- real screens --------------------------------------------------------------------------------


def screens(home: Path, lang: str) -> Iterator[tuple[str, str]]:
    """(typed line, reply) through the course, a puzzle of each kind and the other commands."""
    with open_shell(home, lang) as shell:

        def say(line: str) -> tuple[str, str]:
            return line, dispatch(shell, line).text

        def cmd(name: str, arg: str = "") -> tuple[str, str]:  # a command as a learner of the language types it
            word = COMMANDS[name].alias if lang == "de" and COMMANDS[name].alias else name
            return say(f"{word} {arg}".strip())

        def answer() -> tuple[str, str]:
            right = right_answer(shell)
            return cmd("next") if right == "next" else say(right)

        yield cmd("help")
        for name in COMMANDS:
            yield cmd("help", name)
        for name in ("lessons", "rules", "progress", "review", "show", "hint", "moves"):
            yield cmd(name)
        for topic in TOPICS:
            yield cmd("rules", topic)
        yield say("7S")
        for lesson in shell.catalog.lessons:
            yield cmd("learn", lesson.id)
            run = shell.activity
            assert isinstance(run, LessonRun)
            while not run.done:
                if not run.solved:
                    yield cmd("hint")
                    wrong = wrong_answer(shell)
                    if wrong is not None:
                        yield say(wrong)
                        yield cmd("hint")
                    if run.challenge is not None:
                        yield cmd("moves")
                        if wrong is not None:
                            yield cmd("explain", wrong)
                yield answer()
        yield cmd("lessons")
        kinds = set()
        for puzzle in shell.catalog.puzzles:
            kind = (puzzle.where.split(":")[0], str(puzzle.goal), puzzle.themes[0], bool(puzzle.line))
            if kind in kinds:
                continue
            kinds.add(kind)
            yield cmd("puzzle", puzzle.id)
            run = shell.activity
            assert isinstance(run, PuzzleRun)
            yield cmd("hint")
            for _ in range(1 + len(kinds) % 2):  # one miss, then the solution; or two, which show it
                wrong = wrong_answer(shell)
                if wrong is not None and not run.over:
                    yield say(wrong)
            if not run.over:
                yield cmd("solution")
            yield cmd("moves")
        for line in (cmd("progress"), cmd("review"), cmd("streak")):
            yield line
        yield answer()
        yield say(wrong_answer(shell) or "7S")
        yield cmd("progress")


def sheets(lang: str) -> Iterator[tuple[str, str]]:
    for preset in preset_names():
        for players in (2, 3, 4):
            for fmt in ("txt", "md"):
                yield f"sheet {preset} {players} {fmt}", render_sheet(build_sheet(variant(preset), players), lang, fmt)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_reads_cleanly(tmp_path: Path, lang: str) -> None:
    texts = [*screens(tmp_path, lang), *sheets(lang)]
    typed = {line.split()[0] for line, _ in texts if line}
    assert {"weiter", "tipp", "lösung", "züge", "erkläre", "serie"} <= typed if lang == "de" else {"next", "streak"} <= typed
    found = [f"{line}: {p}" for line, text in texts for p in problems(text, lang)]
    assert not found, "\n".join(dict.fromkeys(found))


# ---- a wrong sum, in words a newcomer follows (QA of issue 16) ----------------------------------

SUMS_TABLE = "hands: [[10S, QC, 3D, 3S, 2H], 4]\ntable: [5H, KD, 6H, 6S, JD, 4C, {build: [3C, 4D], owner: 1}]"
WRONG_SUMS = {
    "3S b10 6H": ("3♠ + 6♥ make 9, but a build of 10 needs cards adding up to 10.",
                  "3♠ + 6♥ ergeben 9, aber eine Baute auf 10 braucht Karten, die zusammen 10 ergeben."),
    "3S x 6S": ("The 3 of spades takes cards worth 3, or groups of cards adding up to 3; 6♠ is worth 6.",
                "Die Pik-3 nimmt Karten im Wert von 3 ein, oder Gruppen von Karten, die zusammen 3 ergeben; 6♠ ist 6 wert."),
    "10S x 5H+4C": ("The 10 of spades takes cards worth 10, or groups of cards adding up to 10; 5♥ + 4♣ make 9.",
                    "Die Pik-10 nimmt Karten im Wert von 10 ein, oder Gruppen von Karten, die zusammen 10 ergeben; "
                    "5♥ + 4♣ ergeben 9."),
    "3S b10 6H 6S 5H": ("3♠ + 6♥ + 6♠ + 5♥ make 20, but a build of 10 needs piles of exactly 10 each, and these cards "
                        "cannot be split that way.",
                        "3♠ + 6♥ + 6♠ + 5♥ ergeben 20, aber eine Baute auf 10 braucht Stapel von genau je 10, und "
                        "diese Karten lassen sich nicht so aufteilen."),
    "2H b9 [3C+4D] 6H": ("The 2 of hearts raises the build to 9, so loose cards added with it must also add up to 9; "
                         "6♥ is worth 6.",
                         "Spielst du die Herz-2, erhöhst du die Baute auf 9, und lose Karten, die dazukommen, müssen "
                         "ebenfalls zusammen 9 ergeben; 6♥ ist 6 wert."),
}


@pytest.mark.parametrize("typed", WRONG_SUMS)
def test_a_wrong_sum_says_what_the_cards_make_and_what_the_rule_needs(typed: str) -> None:
    pos = load_position(SUMS_TABLE, "t.yaml")
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(typed)
    assert err.value.reason.code == "sum_mismatch"
    said = tuple(Renderer(lang).reason(pos, err.value.reason) for lang in LANGS)
    assert said == WRONG_SUMS[typed]
    for lang, text in zip(LANGS, said):
        assert not problems(text, lang), text


@pytest.mark.parametrize(("typed", "english", "german"), [
    ("QS b1 QH", "bQ, not b1.", "bD, nicht b1."),
    ("QS bJ QH", "bQ, not bJ.", "bD, nicht bB."),
])
def test_a_face_build_named_wrong_is_told_its_name_in_the_learners_letters(typed: str, english: str,
                                                                            german: str) -> None:
    """A German screen once told the queens' build by its English name, bQ, which a German learner types as bD."""
    pos = load_position("variant: face-gather\nhands: [[QS, QC, 5H], 4]\ntable: [QH, 7C]", "t.yaml")
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(typed)
    assert err.value.reason.code == "face_build_value"
    said = [Renderer(lang, symbols=False).reason(pos, err.value.reason) for lang in LANGS]
    assert said[0].endswith(english) and said[1].endswith(german), said
    for lang, text in zip(LANGS, said):
        assert not problems(text, lang), text


@pytest.mark.parametrize(("typed", "shown"), [("9C x 7C+2H", "9♣ x [7♣+2♥]"), ("2S b9 7C", "[7♣+2♥]")])
def test_a_card_inside_a_build_shows_the_build_typed_in_brackets(typed: str, shown: str) -> None:
    pos = load_position("hands: [[9C, 2S], 3]\ntable: [AD, QC, {build: [7C, 2H], owner: 1}]", "t.yaml")
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(typed)
    assert err.value.reason.code == "card_in_build"
    english, german = (Renderer(lang).reason(pos, err.value.reason) for lang in ("en", "de"))
    assert f"in brackets: {shown}." in english
    assert f"in eckigen Klammern: {shown}." in german
    assert not problems(english, "en") and not problems(german, "de")
    plain = Renderer("de", symbols=False).reason(pos, err.value.reason)
    assert "[7Kr+2H]" in plain  # in the letters a German learner types


@pytest.mark.parametrize(("lang", "label"), [("en", "(trail)"), ("de", "(Ablegen)")])
def test_the_moves_of_a_game_label_each_trail(tmp_path: Path, lang: str, label: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play seed=3")
        pos = shell.activity.position  # type: ignore[union-attr]
        assert pos is not None
        lines = dispatch(shell, "moves").text.splitlines()[1:]
        legal = pos.generate()
        assert len(lines) == len(legal)
        for line, move in zip(lines, legal):
            assert line.strip() == (f"{shell.ui.move(pos, move)} {label}" if move.kind == "trail" else shell.ui.move(pos, move))
        assert any(m.kind == "trail" for m in legal) and any(m.kind != "trail" for m in legal)
