"""A broken lesson, puzzle, position or saved game, and the command line's help, in German (issue 23, point 15):
every problem as data (a message code and its parameters) worded in both languages, kept at file:line:col, its
English as before."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import io
import json
import re
from pathlib import Path

import pytest

from tutor.cli.main import build_parser, main
from tutor.cli.parser_words import actions, help_keys, placeholder
from tutor.content.course import FIND_KINDS, Catalog
from tutor.content.folders import content_dir
from tutor.core import occurrence
from tutor.core.moves import REASON_CODES
from tutor.core.solver import Goal, GoalError
from tutor.loading.catalog import LeftOut, load_catalog, load_file
from tutor.loading.reading import KINDS
from tutor.loading.words import THINGS, Words, words_from_data, words_to_data
from tutor.loading.yamlfile import FileError, Problem
from tutor.play.players import FROZEN, LEVELS, TRIALS
from tutor.render import Renderer
from tutor.render.catalog import load_catalog as load_messages
from tutor.render.problems import problem_words
from tutor.shell.commands import dispatch
from tutor.shell.game_text import problem_text
from tutor.storage.games import JSON_FAULTS, GameFileError, parse_game

GERMAN, ENGLISH = Renderer("de"), Renderer("en")
MESSAGES = load_messages(content_dir("templates") / "de")

# Broken files, each with the file:line:col and the English of one of its problems, as before this change.
BROKEN = {
    "list.yaml": ("hands: [[7S, 8D], [7S]]\ntable: [9H\n", "3:1", "the list opened at line 2, column 8 is not closed; "
                  "add ']' at its end"),
    "tab.yaml": ("hands:\n\t- [7S]\n", "2:1", "a tab character here; YAML indents and separates with spaces only: "
                 "replace the tab with spaces"),
    "key.yaml": ("hands: [[7S], [8D]]\ntable: [9H]\ntable: [8H]\n", "3:1", "the key 'table' appears twice (also at "
                 "line 2); keep only one"),
    "colon.yaml": ("key: value: more\n", "1:11", "this value contains ': '; put the whole value in quotes"),
    "indent.yaml": ("a: 1\n   b: 2\n", "2:5", "this line is indented more than line 1; line it up with the lines above"),
    "quote.yaml": ('a: "abc\n', "2:1", "the quote opened at line 1, column 4 is never closed; add the closing quote"),
    "alias.yaml": ("a: *nope\n", "1:4", "*nope refers to no anchor &nope defined above it"),
    "two.yaml": ("a: 1\n---\nb: 2\n", "2:1", "a file holds a single document; remove the '---' line and what follows it"),
    "space.yaml": ("a:1\nb: 2\n", "1:1", "line 1 needs a space after its ':' (write 'key: value')"),
    "nocolon.yaml": ("a: 1\nb 2\nc: 3\n", "2:1", "line 2 has no ':'; write it as 'key: value' (or as a list item "
                     "'- value')"),
    "nospace.yaml": ("a: 1\nb:2\nc: 3\n", "2:1", "line 2 needs a space after its ':' (write 'key: value')"),
    "german_card.yaml": ("hands: [[DKr, 7S], [8D, BH]]\n", "1:10", "card DKr is written in German letters; a "
                         "file writes cards in English letters: write QC"),
    "ace_as_one.yaml": ("hands: [[1S, 7S], [8D, 1H]]\n", "1:10", "card 1S does not exist: the ace is A, not 1: write "
                        "AS"),
    "letter_o.yaml": ("hands: [[1OD, 7S], [8D, 1OH]]\n", "1:10", "card 1OD does not exist: a ten is 10, with a "
                      "zero, not the letter O: write 10D"),
    "position.yaml": ("hands: [[7S, 8D], [7S]]\ntable: [9H, [1], {build: [[5D, 3S], 8H]}, {build: [5D, 4S], owner: 1, "
                      "value: 8}, {build: [KD, KS], owner: 0}]\nto_move: 7\nstock: x\n", "4:8",
                      "stock must be a number of unknown cards or a list of cards, not the text 'x'"),
    "lesson.yaml": ("lesson: Bad Id\ntitle: {en: T}\nsummary: 7\nvariant: clasic\nrequires: [bad-id]\nsteps:\n"
                    "  - txt: {en: a, de: b}\n"
                    "  - demo: {text: {en: a, de: b}, position: {hands: [[7S], [8D]], table: [7H]}, move: 7S x 9H}\n"
                    "  - why: {text: {en: a, de: b, fr: c}, position: {hands: [[7S], [8D]], table: [7H]}, "
                    "move: '7S x x', choices: [card_not_in_hand]}\n"
                    "  - question: {text: {en: a, de: b}, position: {hands: [[7S], [8D]], table: [7H]}, seat: 5, "
                    "ask: what}\n"
                    "  - exercise: {text: {en: a, de: b}, position: {hands: [[7S], [8D]], table: [7H]}}\n",
                    "7:5", "unknown step kind 'txt'; did you mean text? step kinds are: text, demo, exercise, why, "
                    "question"),
    "puzzles.yaml": ("puzzles:\n  - id: one\n    variant: classic\n    position: {hands: [[7S], 3], table: [7H, {build: "
                     "[5D], owner: 0}], stock: 30}\n    goal: cards,deal\n    themes: [sweeep]\n    rating: 99999\n"
                     "    hints: []\n  - id: one\n    variant: classic\n    position: {players: 5, hands: [[7S, ZZ, "
                     "'7 S'], [8D]], table: [7H], scores: [1]}\n    goal: card:ZZ\n    themes: [sweep]\n"
                     "    rating: 1200\n    hints: [{en: x}]\n    solution: [7S x 7C]\n    extra: 1\n", "8:12",
                     "hints is an empty list; give at least one"),
}


def problems_of(name: str) -> list[Problem]:
    text = BROKEN[name][0]
    with pytest.raises(FileError) as err:
        load_file(text, name)
    return err.value.problems


def codes(value: Words | Problem) -> list[str]:
    """The message codes of a problem, or of words, and of the words among their parameters."""
    code, params = value.code, value.params
    return [code] + [c for _, v in params if isinstance(v, Words) for c in codes(v)]


@pytest.mark.parametrize("name", BROKEN)
def test_every_problem_of_a_broken_file_is_data_worded_in_both_languages(name: str) -> None:
    found = problems_of(name)
    assert f"{name}:{BROKEN[name][1]}: {BROKEN[name][2]}" in [str(p) for p in found]  # the English as before
    for problem in found:
        assert problem.code, f"no code: {problem}"
        assert all(c in MESSAGES for c in codes(problem)), problem
        german = problem_words(GERMAN, problem)
        assert german.startswith(f"{name}:{problem.line}:{problem.col}: ") and german != str(problem)
        assert problem_words(ENGLISH, problem) == str(problem)


PREFIXES = {"games.py": "game_files.", "verify.py": "verify.", "reading.py": "reading."}
"""The message file of the codes a module's ``_said`` or ``_refused`` names by their key alone."""


def named_codes(path: Path) -> set[str]:
    """The message codes a module names as literal text: a whole code (``"files.twice"``), or a key its
    ``_said`` or ``_refused`` puts in its own message file."""
    found = set()
    for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(call, ast.Call):
            continue
        name = getattr(call.func, "id", getattr(call.func, "attr", ""))
        texts = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if name in ("_said", "_refused") and len(call.args) > 1 and isinstance(call.args[1], ast.Constant):
            found.add(PREFIXES[path.name] + str(call.args[1].value))
        found |= {t for t in texts if re.fullmatch(r"(?:files|yaml|reading|game_files|file_words|verify|check)\.\w+", t)}
    return found


def built_codes() -> set[str]:
    """The codes made of a prefix and a key given elsewhere: a goal's refusal, a fact no real deal shows, a kind
    of file, of value or of move, a fault json finds."""
    goals = []
    for text in ("", "cards,deal", "card:ZZ", "bogus"):
        with pytest.raises(GoalError) as err:
            Goal.from_str(text)
        goals.append(f"files.goal_{err.value.code}")
    source = Path(occurrence.__file__).read_text(encoding="utf-8")
    facts = {f"files.{call.args[3].value!s}" for call in ast.walk(ast.parse(source))
             if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Impossible"
             and len(call.args) > 3 and isinstance(call.args[3], ast.Constant)}
    assert len(facts) == 22
    return {*goals, *facts, *(f"reading.kind_{k}" for k in KINDS.values()), "file_words.kind_list",
            "file_words.kind_mapping", *(f"verify.kind_{k}" for k in FIND_KINDS),
            *(f"game_files.json_{k}" for k in JSON_FAULTS.values())}


def test_every_code_the_readers_name_exists_in_both_languages() -> None:
    english = load_messages(content_dir("templates") / "en")
    tutor = content_dir("templates").parent / "tutor"
    named = {code for folder in ("loading", "storage", "cli", "teaching") for path in (tutor / folder).glob("*.py")
             for code in named_codes(path)} | {f"file_words.{key}" for key in THINGS} | built_codes()
    assert {"game_files.must_be", "verify.not_best", "reading.missing", "files.twice", "yaml.tab"} <= named
    assert len(named) > 150
    assert not [c for c in named if c not in MESSAGES or c not in english]


def test_a_german_check_of_a_broken_file_says_it_in_german_at_file_line_col(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text(BROKEN["list.yaml"][0], encoding="utf-8")
    Path("l.yaml").write_text(BROKEN["lesson.yaml"][0], encoding="utf-8")
    assert main(["check", "p.yaml", "--lang", "de"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "p.yaml:3:1: Die Liste, geöffnet in Zeile 2, Spalte 8, wird nicht geschlossen; ergänze „]“ an ihrem Ende.",
        "1 Problem gefunden"]
    assert main(["--lang", "de", "check", "l.yaml"]) == 2
    said = capsys.readouterr().err.splitlines()
    assert "l.yaml:7:5: „txt“ gibt es nicht (Schrittart); meintest du „text“? Möglich sind: text, demo, exercise, " \
           "why, question." in said
    assert "l.yaml:2:8: title hat keinen deutschen Text; ergänze „de“ (jeder Text braucht en und de)." in said
    assert said[-1] == f"{len(said) - 1} Probleme gefunden"
    assert main(["check", "p.yaml", "--lang", "en"]) == 2  # English as before
    assert capsys.readouterr().err.splitlines() == [f"p.yaml:3:1: {BROKEN['list.yaml'][2]}", "1 problem found"]



@pytest.mark.parametrize(("text", "german", "detail"), [
    ("a: &\n", "p.yaml:1:5: Das ist kein gültiges YAML: Hier kommt der YAML-Leser nicht weiter, beim Lesen eines "
     "Ankers (&Name), begonnen in Zeile 1, Spalte 4", "expected alphabetic or numeric character, but found '\\n'"),
    ("a: !<x\n", "p.yaml:1:7: Das ist kein gültiges YAML: Hier kommt der YAML-Leser nicht weiter, beim Lesen eines "
     "Tags (!Name), begonnen in Zeile 1, Spalte 4", "expected '>', but found '\\n'"),
    ("%YAML 2.0\n---\na: 1\n", "p.yaml:1:1: Das ist kein gültiges YAML: Hier kommt der YAML-Leser nicht weiter",
     "found incompatible YAML document (version 1.* is required)"),
])
def test_yaml_broken_in_a_way_without_its_own_words_is_said_in_german(
        text: str, german: str, detail: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """PyYAML's own detail, which has no words of ours, is quoted as its English; the rest is German."""
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text(text, encoding="utf-8")
    assert main(["--lang", "de", "moves", "p.yaml"]) == 2
    assert capsys.readouterr().err == f"cassino-tutor moves: {german}; seine Meldung auf Englisch: „{detail}“.\n"
    assert main(["--lang", "en", "moves", "p.yaml"]) == 2
    assert capsys.readouterr().err.startswith(f"cassino-tutor moves: {german[:12]}this is not valid YAML: {detail}")

def test_a_penalty_turn_in_classic_is_refused_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text("variant: classic\nhands: [[7S], 1]\npenalties: [1, 0]\n", encoding="utf-8")
    assert main(["--lang", "de", "moves", "p.yaml"]) == 2
    assert capsys.readouterr().err == (
        "cassino-tutor moves: p.yaml:3:13: penalties: Platz 0 hat einen Strafzug, aber Strafzüge gibt es nur mit der "
        "Bautenpflicht penalty (die michigan-Varianten); setz in der Variante build_duty: penalty, oder schreib 0.\n")


def test_a_position_that_is_no_real_deal_says_why_in_german() -> None:
    text = "lesson: l\ntitle: {en: T, de: T}\nsummary: {en: S, de: S}\nvariant: classic\nsteps:\n" \
           "  - demo: {text: {en: a, de: b}, position: {hands: [[7S], [8D]], table: [7H]}, move: 7S x 7H}\n"
    with pytest.raises(FileError) as err:
        load_file(text, "l.yaml")
    german = problem_words(GERMAN, err.value.problems[0])
    assert german.startswith("l.yaml:6:44: Keine echte Verteilung: Diese Stellung legt 3 der 52 Karten")
    assert "Zähle die 49 übrigen zum Talon („stock“, bei diesen Händen hat er 40, 32, 24, 16, 8 oder 0 Karten)" in german


# ---- saved games ------------------------------------------------------------------------------------------


GAME = {"format": "cassino-tutor game", "version": 1, "started": "2026-12-01T10:00:00Z", "players": 7}


@pytest.mark.parametrize(("text", "english", "german"), [
    (json.dumps(GAME), "'players' must be 2, 3 or 4, not 7", "„players“ muss 2, 3 oder 4 sein; hier steht 7."),
    ('{"format": "other"}', 'not a saved game (a saved game is a JSON object with "format": "cassino-tutor game")',
     'Kein gespeichertes Spiel (ein gespeichertes Spiel ist ein JSON-Objekt mit "format": "cassino-tutor game").'),
    (json.dumps({**GAME, "version": 9}), "format version 9; this cassino-tutor reads version 1 (update cassino-tutor)",
     "Formatversion 9; dieser cassino-tutor liest Version 1 (aktualisiere cassino-tutor)."),
    ('{"format" "x"}', "not valid JSON (Expecting ':' delimiter)", "Kein gültiges JSON (hier fehlt „:“)."),
])
def test_a_broken_saved_game_in_german_its_english_as_before(text: str, english: str, german: str) -> None:
    with pytest.raises(GameFileError) as err:
        parse_game(text, "g.json")
    where = err.value.where  # g.json, or g.json:LINE:COL where json found the fault
    assert where.startswith("g.json") and str(err.value) == f"{where}: {english}"
    assert problem_text(ENGLISH, err.value) == english
    assert problem_text(GERMAN, err.value) == german
    kept = GameFileError.from_data(json.loads(json.dumps(err.value.to_data())))  # a kept game's problem
    assert problem_text(GERMAN, kept) == german and str(kept) == str(err.value)


def test_words_kept_as_data_read_back_or_refused() -> None:
    said = Words("a", "files.not_real", (("fact", Words("b", "files.taken_one", (("seat", 1),))), ("text", None)))
    assert words_from_data(json.loads(json.dumps(words_to_data(said)))) == said
    assert words_from_data({"text": "a", "code": "x", "params": [["p", {"text": 1}]]}) is None
    assert words_from_data("a") is None


def test_a_broken_game_file_imported_in_a_german_shell(tmp_path: Path) -> None:
    from shell_helpers import open_shell

    text = json.dumps(GAME)
    (tmp_path / "g.json").write_text(text, encoding="utf-8")
    with open_shell(tmp_path, "de") as shell:
        said = dispatch(shell, f"partien import {tmp_path / 'g.json'}").text
        missing = dispatch(shell, f"partien import {tmp_path / 'none.json'}").text
    at = text.index('"players": ') + len('"players": ') + 1  # the value's column, on the file's one line
    assert said == f"Nichts wurde hinzugefügt: {tmp_path / 'g.json'}:1:{at}: „players“ muss 2, 3 oder 4 sein; hier steht 7."
    assert missing.endswith("none.json: Diese Datei gibt es nicht.")


def test_a_course_file_that_cannot_be_read_is_said_in_the_learners_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The file is left out and the tutor starts, its welcome saying in German which file, where and what to fix."""
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "1000")
    left_out = LeftOut("puzzles", "list.yaml", tuple(problems_of("list.yaml")))
    monkeypatch.setattr("tutor.shell.app.cached_catalog", lambda folder, progress=None: (Catalog((), ()), (left_out,)))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == [
        GERMAN.message("shell.left_out", kind="puzzles", file="list.yaml"),
        "  list.yaml:3:1: Die Liste, geöffnet in Zeile 2, Spalte 8, wird nicht geschlossen; ergänze „]“ an ihrem Ende.",
        GERMAN.message("shell.left_out_check")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_puzzle_of_the_learners_own_reusing_an_id_stops_the_shell_as_check_does(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A file added to puzzles/ with a shipped puzzle's id loaded without a word (``check`` refuses it), and
    ``puzzle ID`` opened one of the two, their progress mixed."""
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    shipped = load_catalog()
    mine = dataclasses.replace(shipped.puzzles[0], where="puzzles/mine.yaml:2:5")
    both = Catalog(shipped.lessons, (*shipped.puzzles, mine))
    monkeypatch.setattr("tutor.shell.app.cached_catalog", lambda folder, progress=None: (both, ()))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["--lang", lang]) == 2
    said = capsys.readouterr().err.splitlines()
    ui = Renderer(lang)
    assert said[0] == ui.message("shell.course_unreadable") and len(said) == 2
    assert said[1].startswith("puzzles/mine.yaml:2:5: ") and shipped.puzzles[0].where in said[1]
    assert shipped.puzzles[0].id in said[1]
    monkeypatch.setattr("tutor.shell.app.cached_catalog", lambda folder, progress=None: (shipped, ()))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["--lang", lang]) == 0  # the shipped course alone starts


def test_one_card_missing_from_a_real_deal_is_counted_in_the_singular_in_german() -> None:
    """``Zähle die 1 übrigen zum Talon`` for a position one card short (the English says "the 1 other")."""
    def said(missing: int) -> str:
        return GERMAN.message("files.missing_cards", placed=52 - missing, deck=52, named=9, unknown=43 - missing,
                              missing=missing, stocks=[40, 32])
    assert "Zähle die übrige Karte zum Talon" in said(1) and "1 übrigen" not in said(1)
    assert "Zähle die 2 übrigen zum Talon" in said(2)
    assert "count the 1 other in stock" in ENGLISH.message(
        "files.missing_cards", placed=51, deck=52, named=9, unknown=42, missing=1, stocks=[40, 32])



def test_a_build_of_one_card_names_the_card_without_a_wrong_gender_in_german() -> None:
    """The card is a code of the file (8H): "eine einzelne 8H" gave the code a gender it does not have."""
    said = GERMAN.message("files.build_lone", card="8H")
    assert "8H allein ist eine lose Karte: Schreibe sie als 8H" in said and "einzelne" not in said


# ---- the command line's help ----------------------------------------------------------------------------


def test_every_help_text_has_its_words_and_the_english_ones_are_the_parsers() -> None:
    english = load_messages(content_dir("templates") / "en")
    for key, _, said_of in help_keys(build_parser()):
        text = said_of.description if isinstance(said_of, argparse.ArgumentParser) else said_of.help
        assert f"cli_help.{key}" in MESSAGES and ENGLISH.message(f"cli_help.{key}") == text, key
    for action in actions(build_parser()):
        name = placeholder(action)
        assert name is None or f"cli_help.metavar_{name}" in english and f"cli_help.metavar_{name}" in MESSAGES


@pytest.mark.parametrize("command", [[], ["check"], ["puzzles", "generate"], ["replay"], ["advise"], ["arena"]])
def test_help_in_german_has_no_english_help_text(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", *command, "--help"])
    german = capsys.readouterr().out
    assert german.startswith("Aufruf: cassino-tutor") and "\nOptionen:\n" in german
    assert "diese Hilfe zeigen und beenden" in german and "show this help" not in german
    flat = " ".join(german.split())
    english = [text for _, _, said_of in help_keys(build_parser()) if isinstance(said_of, argparse.Action)
               and (text := said_of.help) and len(text) > 12 and " ".join(text.split()) in flat]
    assert not english
    with pytest.raises(SystemExit):
        main([*command, "--help", "--lang", "en"])  # English as before
    assert capsys.readouterr().out.startswith("usage: cassino-tutor")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_arena_help_names_every_level_by_its_id_and_name(lang: str, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The German help listed the ids alone (random, greedy, …) where the refusals name the levels Zufallsspieler,
    Raffer, …; now each id with its name where the name is another word, both of which --a takes."""
    monkeypatch.setenv("COLUMNS", "1000")  # a line a help text: no name broken at its hyphen
    with pytest.raises(SystemExit):
        main(["arena", "--help", "--lang", lang])
    said = capsys.readouterr().out
    ui = Renderer(lang)
    for level in (*LEVELS, *FROZEN, *TRIALS):
        name = ui.message(f"levels.{level}")
        assert (level if name == level else f"{level} ({name})") in said, level


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("command", [[], ["moves"]])
def test_the_help_of_ascii_names_the_letters_ascii_writes(lang: str, command: list[str],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """German ``--ascii`` writes P H Ka Kr (7P x 4Ka+3H): its help must not promise S H D C."""
    letters = " ".join(Renderer(lang).message(f"cards.letter_{suit}") for suit in "SHDC")
    with pytest.raises(SystemExit):
        main(["--lang", lang, *command, "--help"])
    assert f"({letters})" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("words", "german"), [
    (["--keep", "--lang", "de", "moves", "x"], "cassino-tutor: --keep behält die Sprache und die Farbzeichen des "
                                               "Tutors für spätere Sitzungen. Starte den Tutor mit --lang en|de, "
                                               "--ascii oder --glyphs und --keep (und ohne Befehl)."),
    (["--lang", "de", "moves", "x" * 9000], "cassino-tutor: Ein Argument von 9.000 Zeichen („" + "x" * 39 + "…“); "
                                            "ein Argument darf höchstens 8.192 Zeichen haben."),
])
def test_the_command_lines_own_refusals_in_german(words: list[str], german: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(words) == 2
    assert capsys.readouterr().err.strip() == german


def test_solve_refuses_a_goal_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("hands: [[7S, 8D], [9H]]\ntable: [7H]\n", encoding="utf-8")
    assert main(["--lang", "de", "solve", str(path), "--goal", "cards,deal"]) == 2
    assert capsys.readouterr().err.strip() == ("cassino-tutor solve: Das Ziel „deal“ nimmt keinen Gleichstandsbrecher: "
                                               "Es spielt die Runde schon bis zum Ende.")
    assert main(["solve", str(path), "--goal", "cards,deal"]) == 2  # English as before
    assert capsys.readouterr().err.strip() == ("cassino-tutor solve: the deal goal takes no tie-break: it already "
                                               "plays the round to its end")


def test_a_german_check_says_what_the_solver_proves_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = (content_dir("puzzles") / "captures.yaml").read_text(encoding="utf-8").split("\n\n")[0]
    assert "      - 6S x 6D 6C" in first
    path = tmp_path / "wrong.yaml"
    wrong = first.replace("      - 6S x 6D 6C", "      - 2H x 2D").replace("id: pair-the-sixes", "id: wrong-sixes")
    path.write_text(wrong + "\n", encoding="utf-8")
    assert main(["check", str(path), "--lang", "de"]) == 2
    assert capsys.readouterr().err.splitlines() == [  # the wrong move at its own line, 19 (the puzzle's is 3)
        f"{path}:3:5: Für das Ziel „cards“ gilt 1 bester Zug; führe jeden unter „solution“ auf (es fehlen 6S x 6D 6C).",
        f"{path}:19:9: Die Lösung 2H x 2D ist für das Ziel „cards“ nicht die beste. Sie ist 1 wert, die beste 2 "
        "(6S x 6D 6C).",
        "2 Probleme gefunden"]
    assert main(["check", str(path)]) == 2  # English as before
    assert capsys.readouterr().err.splitlines()[1] == (f"{path}:19:9: the solution 2H x 2D is not best for goal cards: "
                                                        "it is worth 1, the best 2 (6S x 6D 6C)")


def test_a_german_check_of_an_illegal_lesson_move_has_no_english_rule_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A demo move the rules forbid, and a why step whose rule is not among its choices: the German names the
    rules' section and says the rule in German, where it quoted the English gloss of the reason code."""
    monkeypatch.chdir(tmp_path)
    position = "{hands: [[2C, 7H, 5S, KD], 4], table: [6S, 3D, JC, 9H], stock: 40}"
    Path("l.yaml").write_text(
        "lesson: l\ntitle: {en: T, de: T}\nsummary: {en: S, de: S}\nvariant: classic\nsteps:\n"
        f"  - demo: {{text: {{en: a, de: b}}, position: {position}, move: 7H b9 3D}}\n", encoding="utf-8")
    Path("w.yaml").write_text(
        "lesson: w\ntitle: {en: T, de: T}\nsummary: {en: S, de: S}\nvariant: classic\nsteps:\n"
        f"  - why: {{text: {{en: a, de: b}}, position: {position}, move: 2C b8 6S, choices: [sum_mismatch, no_value]}}\n",
        encoding="utf-8")
    german = {}
    for name in ("l.yaml", "w.yaml"):
        assert main(["--lang", "de", "check", name]) == 2
        german[name] = capsys.readouterr().err.splitlines()[0]
        assert main(["--lang", "en", "check", name]) == 2
        english = capsys.readouterr().err
        gloss = next(g.partition(": ")[2] for g in REASON_CODES.values() if g.partition(": ")[2] in english)
        assert gloss not in german[name]  # the English gloss stays in the English
    assert german["l.yaml"] == ("l.yaml:6:118: Der Zug der Vorführung „7H b9 3D“ ist hier nicht erlaubt (sum_mismatch, "
                                "Abschnitt 3.2/3.3 der Regeln): " + MESSAGES["reason_titles.sum_mismatch"])
    assert german["w.yaml"] == ("w.yaml:6:5: Laut Engine verstößt „2C b8 6S“ gegen die Regel value_not_held (Abschnitt "
                                "4.1 der Regeln), und die ist nicht unter den Antworten; ergänze sie. Die Regel: "
                                + MESSAGES["reason_titles.value_not_held"])


def test_a_card_twice_names_both_places_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """interfaces.md: a card that appears twice, both places named; the German named only the two lines."""
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text("hands: [[7S, 8D], [9H]]\ntable: [{build: [5D, 3S], owner: 0}, 9H]\n"
                              "captured: [[8D], []]\nstock: [5D]\n", encoding="utf-8")
    assert main(["--lang", "de", "check", "p.yaml"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "p.yaml:2:38: 9♥ steht zweimal da: in der Hand von Platz 1 (Zeile 1) und auf dem Tisch (Zeile 2).",
        "p.yaml:3:13: 8♦ steht zweimal da: in der Hand von Platz 0 (Zeile 1) und in den Einnahmen von Platz 0 "
        "(Zeile 3).",
        "p.yaml:4:9: 5♦ steht zweimal da: in einer Baute auf dem Tisch (Zeile 2) und im Talon (Zeile 4).",
        "3 Probleme gefunden"]
    assert main(["check", "p.yaml"]) == 2  # English as before
    assert capsys.readouterr().err.splitlines()[1:3] == [
        "p.yaml:3:13: 8D appears twice: in the hand of seat 0 (line 1) and in the cards seat 0 captured (line 3)",
        "p.yaml:4:9: 5D appears twice: in a build on the table (line 2) and in the stock (line 4)"]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["p.yaml:1:18: 7S appears twice in the hand of seat 0: at line 1, column 10, and at line 1, column 18",
            "p.yaml:2:19: 9H appears twice: in the cards seat 0 captured (line 2, column 13) and in the cards seat 1 "
            "captured (line 2, column 19)",
            "p.yaml:5:3: 3C appears twice on the table: at line 4 and at line 5",
            "3 problems found"]),
    ("de", ["p.yaml:1:18: 7♠ steht zweimal in der Hand von Platz 0: in Zeile 1, Spalte 10, und in Zeile 1, Spalte 18.",
            "p.yaml:2:19: 9♥ steht zweimal da: in den Einnahmen von Platz 0 (Zeile 2, Spalte 13) und in den Einnahmen "
            "von Platz 1 (Zeile 2, Spalte 19).",
            "p.yaml:5:3: 3♣ steht zweimal auf dem Tisch: in Zeile 4 und in Zeile 5.",
            "3 Probleme gefunden"]),
])
def test_a_card_twice_in_one_line_or_list_names_each_place_once(lang: str, said: list[str], tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A card twice in one list repeated its place: "in the hand of seat 0 (line 1) and in the hand of seat 0 (line 1)";
    each problem is at its second card, names the first's place and, on one line, the columns."""
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text("hands: [[7S, 8D, 7S], [KD]]\ncaptured: [[9H], [9H]]\ntable:\n- 3C\n- 3C\n",
                              encoding="utf-8")
    assert main(["--lang", lang, "check", "p.yaml"]) == 2
    assert capsys.readouterr().err.splitlines() == said


def test_a_missing_key_is_said_in_german_as_the_other_keys_are(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """„Die Lektion hat kein title:; ergänze es.“ was no German sentence; a missing hands: was already said as
    „Die Stellung hat keinen Schlüssel „hands““."""
    monkeypatch.chdir(tmp_path)
    Path("l.yaml").write_text("lesson: x\ntitle: {en: T, de: T}\nsummary: {en: S, de: S}\nsteps: []\n", encoding="utf-8")
    Path("p.yaml").write_text("puzzles:\n  - id: a\n    variant: classic\n    position: {hands: [[7S], [8D]], "
                              "table: [7H]}\n    themes: [sums]\n    rating: 1000\n    hints: [{en: h, de: h}]\n",
                              encoding="utf-8")
    assert main(["--lang", "de", "check", "l.yaml", "p.yaml"]) == 2
    said = capsys.readouterr().err.splitlines()
    assert "l.yaml:1:1: Die Lektion hat keinen Schlüssel „variant“; ergänze ihn." in said
    assert "p.yaml:2:5: Eine Aufgabe hat keinen Schlüssel „goal“; ergänze ihn." in said
    assert main(["--lang", "en", "check", "l.yaml"]) == 2  # English as before
    assert "l.yaml:1:1: the lesson has no variant:; add it" in capsys.readouterr().err.splitlines()


@pytest.mark.parametrize(("lang", "too_many", "missing"), [
    ("en", "p.yaml:1:1: this position has 53 cards (3 named, 50 unknown) but the deck has only 52: take 1 off "
     "(lower a count of unknown cards, or remove named ones)",
     "l.yaml:6:44: not a real deal: this position places 3 of the 52 cards (3 named, 0 unknown)"),
    ("de", "p.yaml:1:1: Diese Stellung hat 53 Karten (3 genannt, 50 unbekannt), aber das Kartenspiel hat nur 52: "
     "Entferne 1 Karte (senke eine Zahl unbekannter Karten oder streiche genannte).",
     "l.yaml:6:44: Keine echte Verteilung: Diese Stellung legt 3 der 52 Karten fest (3 genannt, 0 unbekannt)"),
])
def test_a_count_of_cards_names_no_internal_deck_name(lang: str, too_many: str, missing: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """"the standard52 deck", „das Kartenspiel standard52“: the option's value, which a file of the classic game
    never writes; the number of cards says what the deck is."""
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text("hands: [[7S, 8D], 50]\ntable: [7C]\n", encoding="utf-8")
    Path("l.yaml").write_text("lesson: l\ntitle: {en: T, de: T}\nsummary: {en: S, de: S}\nvariant: classic\nsteps:\n"
                              "  - demo: {text: {en: a, de: b}, position: {hands: [[7S], [8D]], table: [7H]}, "
                              "move: 7S x 7H}\n", encoding="utf-8")
    assert main(["--lang", lang, "check", "p.yaml", "l.yaml"]) == 2
    said = capsys.readouterr().err
    assert too_many + "\n" in said and missing in said and "standard52" not in said
