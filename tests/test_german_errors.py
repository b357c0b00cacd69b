"""Errors a German learner reads are German: option values, argparse's own messages (issue 23, point 15)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from shell_helpers import open_shell

from tutor.cli.main import main
from tutor.core.variant import OPTIONS
from tutor.loading.options import OptionError, read_variant
from tutor.render.renderer import Renderer
from tutor.shell.commands import dispatch

GERMAN = Renderer("de").message
ENGLISH = Renderer("en").message


def refusal(setting: str, say: object = GERMAN) -> str:
    with pytest.raises(OptionError) as err:
        read_variant("classic", [setting], say)  # type: ignore[arg-type]
    return str(err.value)


@pytest.mark.parametrize(("setting", "words"), [
    ("forced_capture=vielleicht",
     "Die Option forced_capture nimmt true oder false (auch ja oder nein), nicht vielleicht."),
    ("target=0", "Die Option target muss mindestens 1 sein, nicht 0."),
    ("target=1000", "Die Option target darf höchstens 999 sein, nicht 1000."),
    ("target=x", "Die Option target nimmt eine ganze Zahl von 1 bis 999, nicht x."),
    ("point_cards=7", "Die Option point_cards nimmt Karten mit ihren Punkten, etwa {10D: 2}, oder false "
                      "(auch nein) für keine, nicht 7."),
    ("point_cards={ZZ: 1}", "Option point_cards: ZZ ist keine Karte (etwa 10D oder AS)."),
])
def test_an_option_value_refused_in_german(setting: str, words: str) -> None:
    assert refusal(setting) == words


def test_an_option_value_refused_in_english_as_before() -> None:
    assert refusal("forced_capture=maybe", ENGLISH) == "option forced_capture takes true or false (also yes or no), not maybe"
    assert refusal("point_cards={ZZ: 1}", ENGLISH).startswith("option point_cards: 'ZZ' is not a card")


@pytest.mark.parametrize(("setting", "english", "german"), [
    ("skunk=yes", "option skunk takes none, bonus or win, not yes", "Die Option skunk nimmt none, bonus oder win, nicht yes."),
    ("skunk=no", "option skunk takes none, bonus or win, not no", "Die Option skunk nimmt none, bonus oder win, nicht no."),
    ("build_duty=", "option build_duty takes no_trail, take_or_add, free or penalty, not an empty value",
     "Die Option build_duty nimmt no_trail, take_or_add, free oder penalty, nicht einen leeren Wert."),
    ("target=", "option target takes a whole number from 1 to 999, not an empty value",
     "Die Option target nimmt eine ganze Zahl von 1 bis 999, nicht einen leeren Wert."),
    ("target=1_000", "option target must be at most 999, not 1_000",
     "Die Option target darf höchstens 999 sein, nicht 1_000."),
])
def test_a_refused_value_is_said_as_it_was_typed(setting: str, english: str, german: str, tmp_path: Path) -> None:
    """Not as YAML read it: "skunk=no" is not refused as "false", nor "build_duty=" as "null"."""
    assert refusal(setting, ENGLISH) == english
    assert refusal(setting) == german
    with open_shell(tmp_path) as shell:
        assert dispatch(shell, f"play {setting}").text == english[0].upper() + english[1:] + "."


@pytest.mark.parametrize(("setting", "english", "german"), [
    ("draw=maybe", "option draw takes true or false (also yes or no), not maybe",
     "Die Option draw nimmt true oder false (auch ja oder nein), nicht maybe."),
    ("hand_size=x", "option hand_size takes a whole number from 1 to 26 (or null for the default), not x",
     "Die Option hand_size nimmt eine ganze Zahl von 1 bis 26 (oder null für den Standardwert), nicht x."),
    ("instant_limit=none", "option instant_limit takes a whole number from 1 to 99 (or null for the default), not none",
     "Die Option instant_limit nimmt eine ganze Zahl von 1 bis 99 (oder null für den Standardwert), nicht none."),
    ("most_cards=three", "option most_cards takes a whole number from 0 to 99, not three",
     "Die Option most_cards nimmt eine ganze Zahl von 0 bis 99, nicht three."),
    ("point_cards=ja", "option point_cards takes a mapping of card to points (like {10D: 2, 2S: 1}), or false (also "
                       "no) for none, not ja",
     "Die Option point_cards nimmt Karten mit ihren Punkten, etwa {10D: 2}, oder false (auch nein) für keine, "
     "nicht ja."),
])
def test_every_kind_of_option_is_refused_with_the_forms_it_takes_alike_in_both_languages(
        setting: str, english: str, german: str) -> None:
    """The English refusal of a yes-or-no option did not say that yes and no are taken, where the German said ja and
    nein; a number's refusal did not say its range, nor point_cards' what was typed. Each form said is taken, in the
    language that says it (a file, read as YAML, takes yes and no, not ja and nein)."""
    assert refusal(setting, ENGLISH) == english
    assert refusal(setting) == german
    for typed, say in (("yes", ENGLISH), ("no", ENGLISH), ("ja", GERMAN), ("nein", GERMAN), ("yes", GERMAN)):
        assert read_variant("classic", [f"draw={typed}"], say).draw == (typed in ("yes", "ja"))  # type: ignore[arg-type]
    for typed, say in (("no", ENGLISH), ("nein", GERMAN), ("no", GERMAN), ("false", GERMAN)):
        assert read_variant("classic", [f"point_cards={typed}"], say).point_cards == ()  # type: ignore[arg-type]
    for typed in ("null", ""):
        assert read_variant("classic", [f"hand_size={typed}", f"instant_limit={typed}"], ENGLISH).hand_size is None  # type: ignore[arg-type]


@pytest.mark.parametrize(("value", "german", "english"), [
    ("[" * 40 + "]" * 40, "Listen und Zuordnungen sind hier mehr als 32 Ebenen tief verschachtelt; mach die Datei "
     "flacher.", "lists and mappings are nested more than 32 deep here; flatten the file"),
    ("[&a 1, " + "*a, " * 101 + "]", "Mehr als 100 Aliase (*Name) in einer Datei; schreibe die Werte aus.",
     "more than 100 aliases (*name) in one file; write the values out"),
])
def test_an_option_past_a_limit_of_yaml_refused_in_german(value: str, german: str, english: str) -> None:
    """A value past a limit of YAML files is refused before it is read, in the words of the language asked for."""
    said = refusal(f"most_cards={value}")
    assert said.startswith("most_cards=[") and said.endswith(f": {german}")
    assert refusal(f"most_cards={value}", ENGLISH).endswith(f": {english}")

def test_an_unknown_preset_refused_in_german() -> None:
    with pytest.raises(OptionError, match="^Eine Variante „royale“ gibt es nicht. Meintest du „royal“. Varianten: "):
        read_variant("royale", [], GERMAN)
    with pytest.raises(OptionError, match="^Eine Variante „xyzzy“ gibt es nicht. Varianten: classic, "):
        read_variant("xyzzy", [], GERMAN)
    with pytest.raises(OptionError, match="^Eine Option „traget“ gibt es nicht. Meintest du „target“. Optionen"):
        read_variant("classic", ["traget=11"], GERMAN)


def test_an_option_typed_near_its_german_name_is_suggested_as_it_can_be_typed(tmp_path: Path) -> None:
    """``spiele ansagen=ja`` (the command is ``ansagen``) was told 'Eine Option „ansagen“ gibt es nicht. Optionen:
    aces_high, …' with no suggestion, the nearest being searched among the codes only: the names a sheet gives
    (``Ziel ansagen``) are searched too, where no code is near, and suggested as typed (``ziel_ansagen``), which
    then plays; a code near stays the suggestion (``claims`` is ``claim``)."""
    with pytest.raises(OptionError, match="^Eine Option „ansagen“ gibt es nicht. Meintest du „ziel_ansagen“"):
        read_variant("classic", ["ansagen=ja"], GERMAN)
    with pytest.raises(OptionError, match="^unknown option 'claims' \\(did you mean claim\\?\\)"):
        read_variant("classic", ["claims=true"], ENGLISH)
    assert read_variant("classic", ["ziel_ansagen=ja"], GERMAN).claim is True
    with open_shell(tmp_path, "de") as shell:
        assert "Meintest du „ziel_ansagen“?" in dispatch(shell, "spiele ansagen=ja").text
        assert "„ansagen“ sagt das Ziel an" in " ".join(dispatch(shell, "spiele ziel_ansagen=ja").text.split())


def test_german_value_words_set_an_option() -> None:
    assert read_variant("classic", ["Einnahmezwang=ja"], GERMAN).forced_capture is True
    assert read_variant("royal", ["forced_capture=nein"], GERMAN).forced_capture is False
    assert read_variant("classic", ["forced_capture=yes"], ENGLISH).forced_capture is True


@pytest.mark.parametrize("option", [name for name, spec in OPTIONS.items() if spec.choices])
def test_each_choice_typed_as_the_german_sheet_words_it(option: str) -> None:
    for choice in OPTIONS[option].choices or ():
        code = str(choice).lower() if isinstance(choice, bool) else str(choice)
        setting = f"{GERMAN('options.' + option)}={GERMAN(f'options.{option}={code}')}"
        assert read_variant("classic", [setting], GERMAN).options()[option] == choice


def parse_refusal(capsys: pytest.CaptureFixture[str], *words: str) -> list[str]:
    with pytest.raises(SystemExit) as done:
        main(list(words))
    assert done.value.code == 2
    return capsys.readouterr().err.splitlines()


@pytest.mark.parametrize(("words", "last"), [
    (("--lang", "de", "moves"), "cassino-tutor moves: diese Argumente fehlen: DATEI"),
    (("--lang", "de", "perft"), "cassino-tutor perft: diese Argumente fehlen: DATEI, TIEFE"),
    (("--lang", "de", "puzzles", "rate"), "cassino-tutor puzzles rate: diese Argumente fehlen: DATEI"),
    (("sheet", "--lang", "de", "--paper", "b5"),
     "cassino-tutor sheet: Argument --paper: „b5“ ist ungültig (möglich sind „a4“, „letter“)"),
    (("--lang", "de", "moves", "a.yaml", "--bogus"), "cassino-tutor moves: unbekannte Argumente: --bogus"),
])
def test_argparse_refusals_in_german(capsys: pytest.CaptureFixture[str], words: tuple[str, ...], last: str) -> None:
    lines = parse_refusal(capsys, *words)
    assert lines[0].startswith("Aufruf: cassino-tutor") and lines[-1] == last


GERMAN_COMMANDS = "„moves“, „perft“, „solve“, „check“, „sheet“, „puzzles“, „arena“, „advise“, „replay“"
ENGLISH_COMMANDS = "'moves', 'perft', 'solve', 'check', 'sheet', 'puzzles', 'arena', 'advise', 'replay'"


@pytest.mark.parametrize(("words", "german", "english"), [
    (("bogus",), "cassino-tutor: Argument BEFEHL: „bogus“ ist ungültig (möglich sind „moves“, „perft“, „solve“, "
                 "„check“, „sheet“, „puzzles“, „arena“, „advise“, „replay“)",
     "cassino-tutor: error: argument COMMAND: invalid choice: 'bogus' (choose from 'moves', 'perft', 'solve', 'check', "
     "'sheet', 'puzzles', 'arena', 'advise', 'replay')"),
    (("movs", "a.yaml"), "cassino-tutor: Argument BEFEHL: „movs“ ist ungültig (möglich sind „moves“, „perft“, "
                         "„solve“, „check“, „sheet“, „puzzles“, „arena“, „advise“, „replay“); meintest du „moves“?",
     "cassino-tutor: error: argument COMMAND: invalid choice: 'movs' (choose from 'moves', 'perft', 'solve', 'check', "
     "'sheet', 'puzzles', 'arena', 'advise', 'replay'); did you mean moves?"),
    (("sheet", "--format=doc"), "cassino-tutor sheet: Argument --format: „doc“ ist ungültig (möglich sind „html“, "
                                "„md“, „txt“, „pdf“)",
     "cassino-tutor sheet: error: argument --format: invalid choice: 'doc' (choose from 'html', 'md', 'txt', 'pdf')"),
    (("moves", "a.yaml", "--json=1"), "cassino-tutor moves: Argument --json: überzähliger Wert „1“",
     "cassino-tutor moves: error: argument --json: ignored explicit argument '1'"),
    (("moves", "a.yaml", "--jsn"), "cassino-tutor moves: unbekannte Argumente: --jsn; meintest du „--json“?",
     "cassino-tutor moves: error: unrecognized arguments: --jsn; did you mean --json?"),
    (("puzzles", "generate", "--thme", "sums"), "cassino-tutor puzzles generate: unbekannte Argumente: --thme sums; "
                                                "meintest du „--theme“?",
     "cassino-tutor puzzles generate: error: unrecognized arguments: --thme sums; did you mean --theme?"),
    (("sheet", "draw"), "cassino-tutor sheet: unbekannte Argumente: draw; meintest du „--variant draw“?",
     "cassino-tutor sheet: error: unrecognized arguments: draw; did you mean --variant draw?"),
    (("arena", "royal", "--pairs", "2"), "cassino-tutor arena: unbekannte Argumente: royal; meintest du „--variant "
                                         "royal“?",
     "cassino-tutor arena: error: unrecognized arguments: royal; did you mean --variant royal?"),
    (("--asci", "--lnag", "en"), "cassino-tutor: unbekannte Argumente: --lnag; meintest du „--lang“?",  # not 'en'
     "cassino-tutor: error: unrecognized arguments: --lnag; did you mean --lang?"),
    (("--lang", "fr"), "cassino-tutor: Argument --lang: „fr“ ist ungültig (möglich sind „en“, „de“)",
     "cassino-tutor: error: argument --lang: invalid choice: 'fr' (choose from 'en', 'de')"),
    # a command of the tutor's shell typed as the tool's: where to type it ("play" was told "did you mean replay?")
    (("play", "royal"), f"cassino-tutor: Argument BEFEHL: „play“ ist ungültig (möglich sind {GERMAN_COMMANDS}); "
                        "„play“ tippt man im Tutor: Starte cassino-tutor ohne Befehl und tippe es dort.",
     f"cassino-tutor: error: argument COMMAND: invalid choice: 'play' (choose from {ENGLISH_COMMANDS}); play is a "
     "command of the tutor: start cassino-tutor without a command and type it there"),
    (("spiele",), f"cassino-tutor: Argument BEFEHL: „spiele“ ist ungültig (möglich sind {GERMAN_COMMANDS}); "
                  "„spiele“ tippt man im Tutor: Starte cassino-tutor ohne Befehl und tippe es dort.",
     f"cassino-tutor: error: argument COMMAND: invalid choice: 'spiele' (choose from {ENGLISH_COMMANDS}); spiele is a "
     "command of the tutor: start cassino-tutor without a command and type it there"),
    (("help",), f"cassino-tutor: Argument BEFEHL: „help“ ist ungültig (möglich sind {GERMAN_COMMANDS}); "
                "„help“ tippt man im Tutor: Starte cassino-tutor ohne Befehl und tippe es dort.",
     f"cassino-tutor: error: argument COMMAND: invalid choice: 'help' (choose from {ENGLISH_COMMANDS}); help is a "
     "command of the tutor: start cassino-tutor without a command and type it there"),
])
def test_argparse_quotes_in_the_quotes_of_the_language(capsys: pytest.CaptureFixture[str], words: tuple[str, ...],
                                                      german: str, english: str) -> None:
    """A German refusal quoted the value and the choices as Python does ('doc', 'html'); German quotes them
    „doc“, „html“ (a number of the choices as it is), the English as before.  An option no command takes is
    refused by the command it was given to, with its nearest option (the tool refused it, with its own usage); one
    before the command by the tool, which took the word after it for the command ("invalid choice: 'en'"); a
    misspelled choice with the nearest (a misspelled command was told only the list)."""
    assert parse_refusal(capsys, "--lang", "de", *words)[-1] == german
    assert parse_refusal(capsys, "--lang", "en", *words)[-1] == english


@pytest.mark.parametrize(("words", "usage"), [
    (("--lang", "de", "moves"), "Aufruf: cassino-tutor moves [-h] [--json] [--ascii] [--lang en|de] DATEI"),
    (("--lang", "de", "perft", "x.yaml"), "Aufruf: cassino-tutor perft [-h] [--lang en|de] DATEI TIEFE"),
    (("--lang", "de", "moves", "x.yaml", "--jsn"),
     "Aufruf: cassino-tutor moves [-h] [--json] [--ascii] [--lang en|de] DATEI"),
    (("--lang", "de", "puzzles", "bogus"), "Aufruf: cassino-tutor puzzles [-h] [--lang en|de] AKTION ..."),
    (("--lang", "de", "sheet", "--paper", "b5"), "Aufruf: cassino-tutor sheet [-h] [--variant VARIANTE] "
                                                 "[--set OPTION=WERT] [--players P] [--lang en|de] "
                                                  "[--format {html,md,txt,pdf}] [--paper {a4,letter}] [-o DATEI] "
                                                  "[--ascii]"),
])
def test_a_german_refusal_names_the_placeholders_as_the_german_help_does(
        capsys: pytest.CaptureFixture[str], words: tuple[str, ...], usage: str) -> None:
    """The usage above a refusal, and the refusal, said file, FILE, PRESET, ACTION where the help says DATEI,
    VARIANTE, AKTION; once, and the English as before."""
    lines = parse_refusal(capsys, *words)
    assert " ".join(" ".join(lines[:-1]).split()) == usage
    assert sum(line.startswith("Aufruf:") for line in lines) == 1
    assert not re.search(r"\b(file|FILE|depth|PRESET|ACTION|VALUE)\b", "\n".join(lines))
    english = parse_refusal(capsys, "--lang", "en", *words[2:])
    assert english[0].startswith("usage: cassino-tutor") and english[-1].startswith(f"cassino-tutor {words[2]}")
    assert re.search(r"\b(file|FILE|depth|PRESET|ACTION)\b", "\n".join(english))


def test_argparse_in_a_german_locale_and_english_as_before(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert parse_refusal(capsys, "moves")[-1] == "cassino-tutor moves: diese Argumente fehlen: DATEI"
    lines = parse_refusal(capsys, "--lang", "en", "moves")
    assert lines[0].startswith("usage: cassino-tutor moves")
    assert lines[-1] == "cassino-tutor moves: error: the following arguments are required: file"
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]  # argparse as it was after parsing


# ---- a position file's problems, kept at file:line:col ------------------------------------------------------

UNHELD = "hands: [[8S, 8D, 8H, 2C], 4]\ntable: [{build: [5D, 3S], owner: 1}, 8C]\n"
"""Seat 1 owns an 8-build, and every 8 is in sight: no world can deal it a card to take it."""


@pytest.mark.parametrize(("text", "words"), [
    ("hands: [[7S, 8D], [7S]]\ntable: [9H]\n", "p.yaml:1:20: 7♠ steht zweimal da: in der Hand von Platz 0 "
                                            "(Zeile 1, Spalte 10) und in der Hand von Platz 1 (Zeile 1, Spalte 20)."),
    ("hands: [[7S, 8D], [ZZ]]\ntable: [9H]\n", "p.yaml:1:20: Eine Karte ZZ gibt es nicht; eine Karte ist ein Rang und "
                                              "eine Farbe, etwa 7S oder 10D (Farben S, H, D, C)."),
    ("variant: italian\nhands: [[7S, 8D], [6S]]\ntable: [7H]\n",
     "p.yaml:2:14: 8♦ gehört nicht zum Kartenspiel italian40 (darin fehlen 8, 9 und 10)."),
    ("variant: {preset: classic, forced_capture: vielleicht}\nhands: [[7S], [6S]]\ntable: [9H]\n",
     "p.yaml:1:44: Die Option forced_capture nimmt true oder false, nicht vielleicht."),
    ("hands: [[2C, 3D], [4H]]\ntable: [{build: [5H, 3C], owner: 1}]\n",
     "p.yaml:2:9: Die Baute auf 8 gehört Platz 1, der aber keine Karte hat, die sie einnimmt (Halteregel)."),
])
def test_a_position_file_problem_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch,
                                           text: str, words: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text(text, encoding="utf-8")
    assert main(["--lang", "de", "moves", "p.yaml"]) == 2
    assert capsys.readouterr().err.strip() == f"cassino-tutor moves: {words}"
    assert main(["moves", "p.yaml"]) == 2  # English as before: the message names where each card stands
    assert "Zeile" not in capsys.readouterr().err


def test_advise_says_in_german_why_it_cannot_value_a_position(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "unheld.yaml"
    path.write_text(UNHELD, encoding="utf-8")
    assert main(["advise", "--lang", "de", str(path)]) == 2
    said = capsys.readouterr().err
    assert "Platz 1 gehört eine Baute (8), aber keine Karte, die er haben kann, nimmt sie ein" in said
    assert "seat" not in said and "holding" not in said


@pytest.mark.parametrize("command", [["check"], ["sheet"], ["replay", "1"], ["advise", "x.yaml"],
                                     ["arena", "--a", "greedy", "--b", "club"]])
def test_a_commands_language_we_lack_is_refused_in_the_tools_language(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang de check --lang fr`` was refused all in English ("usage: …", "error: argument --lang: invalid
    choice"), ``--lang de sheet --lang fr`` as "unknown language 'fr'": the tool's --lang de says it in German."""
    from tutor.cli.main import main

    try:
        status = main(["--lang", "de", *command, "--lang", "fr"])
    except SystemExit as stop:  # argparse's refusal (check's --lang has choices)
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2 and ("„fr“" in err or "'fr' ist ungültig" in err)
    assert not re.search(r"\b(unknown|language|usage|error|invalid)\b", err)
    try:
        main(["--lang", "en", *command, "--lang", "fr"])
    except SystemExit:
        pass
    assert "'fr'" in capsys.readouterr().err  # English as before
