"""What the commands without a shell print, in German with ``--lang de`` (or a German locale): the listings of
``moves`` and ``solve``, the refusals of ``perft``, and ``puzzles generate|replace|hints|rate`` (issue 23,
point 15). Their ``--json`` stays the same in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tutor.cli.main import main
from tutor.content.folders import content_dir
from tutor.loading import dump_position, load_position
from tutor.loading.lessons import load_lesson
from tutor.loading.yamlfile import FileError

ROOT = Path(__file__).resolve().parents[1]
START = str(ROOT / "docs" / "examples" / "start.yaml")
ENDGAME = str(ROOT / "docs" / "examples" / "endgame.yaml")
CAPTURES = str(ROOT / "puzzles" / "captures.yaml")

ENGLISH = re.compile(r"\b(Player|seat|to move|legal|moves?|takes|capture|trail|build|sweep|Goal|best|value|then|"
                     r"positions|searched|at least|at most|not valued|wrote|puzzles?|theme|kept|rejected|replaced|"
                     r"hints|rated|ratings?|changed|file|give|unknown|needs|cannot|first)\b")
"""English words the plain output had (the command names, ``cassino-tutor puzzles``, taken out first)."""


def said(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = main(list(words))
    out, err = capsys.readouterr()
    return status, out, err


def english_in(text: str) -> list[str]:
    """The English words of :data:`ENGLISH` in ``text``, apart from the commands and options it names."""
    text = re.sub(r"cassino-tutor( [a-z]+)*|--[a-z-]+|\S+\.yaml", "", text)
    return ENGLISH.findall(text)


def test_moves_lists_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = said(capsys, "--lang", "de", "moves", START)
    lines = out.splitlines()
    assert status == 0 and lines[0] == "Spieler 1 (Platz 0) am Zug: 5 erlaubte Züge"
    assert lines[2].split() == ["7♠", "x", "7♣", "Einnehmen,", "nimmt", "1", "Karte", "ein"]
    assert lines[3].endswith("Einnehmen, nimmt 3 Karten ein")
    _, out, _ = said(capsys, "--lang", "de", "moves", ENDGAME, "--ascii")
    assert [line.split() for line in out.splitlines()[1:3]] == [["4H", "Ablegen"], ["4H", "b9", "5P", "neue", "Baute"]]
    assert english_in(out) == []


def test_moves_in_a_german_locale_without_lang(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert said(capsys, "moves", START)[1].startswith("Spieler 1 (Platz 0) am Zug")
    assert said(capsys, "--lang", "en", "moves", START)[1].startswith("Player 1 (seat 0) to move: 5 legal moves")


def test_solve_lists_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = said(capsys, "--lang", "de", "solve", ENDGAME, "--goal", "deal")
    head, rows = out.split("\n *", 1)
    best, *_, last = (" *" + rows).splitlines()
    assert status == 0
    assert " ".join(head.splitlines()) == ("Ziel „deal“: bester Wert 6 (Rundenpunkte der eigenen Seite minus die der besten anderen Seite), "
                     "1 bester Zug")
    assert best.startswith(" *     6  A♦ b9 5♠+3♥   dann 2♣, 9♣ x [5♠+3♥+A♦]")
    assert re.fullmatch(r"\(\d+ Stellungen in \d+ ms durchsucht\)", last)
    _, out, _ = said(capsys, "--lang", "de", "solve", START, "--goal", "card:10D")
    assert out.startswith("Ziel „card:10Ka“: bester Wert 0 (1, wenn er 10♦ einnimmt), 5 beste Züge\n")
    _, out, _ = said(capsys, "--lang", "de", "solve", START, "--goal", "safe")
    assert "(minus die Punkte, die der nächste Spieler einnehmen kann, dann minus die Karten)" in " ".join(out.split())
    assert english_in(out) == []


@pytest.mark.parametrize(("lang", "away"), [("en", "10♦ is not on the table: no move can take it."),
                                            ("de", "10♦ liegt nicht auf dem Tisch: Kein Zug kann sie einnehmen.")])
def test_solve_says_when_the_card_of_its_goal_is_not_on_the_table(capsys: pytest.CaptureFixture[str], lang: str,
                                                                  away: str) -> None:
    """``solve --goal card:10D`` where no 10♦ is on the table valued every move 0 and left the learner to wonder why;
    it now says so. A card in a build is on the table (5♦ of Player 2's build): nothing is added there."""
    assert said(capsys, "--lang", lang, "solve", START, "--goal", "card:10D")[1].splitlines()[1] == away
    for card in ("5D", "7C"):
        out = said(capsys, "--lang", lang, "solve", START, "--goal", f"card:{card}")[1]
        assert "not on the table" not in out and "nicht auf dem Tisch" not in out


@pytest.mark.parametrize("command", [["moves", START, "--json"], ["solve", ENDGAME, "--goal", "deal", "--json"]])
def test_the_json_is_the_same_in_every_language(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    data = [json.loads(said(capsys, "--lang", lang, *command)[1]) for lang in ("en", "de")]
    for one in data:
        one.pop("ms", None)
    assert data[0] == data[1]


@pytest.mark.parametrize(("words", "german"), [
    (["perft", ENDGAME, "x"], "Die Tiefe muss eine ganze Zahl sein, nicht „x“."),
    (["perft", ENDGAME, "-1"], "Die Tiefe muss 0 oder mehr sein."),
    (["perft", START, "2"], "perft zählt nur, wenn jede Hand bekannt und der Talon leer ist, aber Platz 1 hat 3 "
                            "unbekannte Karten."),
    (["solve", START, "--goal", "deal"], "Das Ziel „deal“ geht nur, wenn jede Hand bekannt und der Talon leer ist, "
                                         "aber Platz 1 hat 3 unbekannte Karten."),
])
def test_engine_refusals_in_german(words: list[str], german: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = said(capsys, "--lang", "de", *words)
    assert (status, out, err) == (2, "", f"cassino-tutor {words[0]}: {german}\n")


def test_advise_open_refused_in_german_as_a_german_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    """Was „--open braucht jede Hand und den Talon als Karten aufgeführt“: no German sentence."""
    status, _, err = said(capsys, "--lang", "de", "advise", START, "--open")
    assert (status, err) == (2, "cassino-tutor advise: --open geht nur, wenn jede Hand und der Talon als Karten "
                                "aufgeführt sind.\n")


@pytest.mark.parametrize(("lang", "said_of"), [
    ("en", "needs every hand known and the stock empty, but seat 1 holds 2 unknown cards, seat 2 holds 1 unknown "
           "card and the stock holds 1 card"),
    ("de", "nur, wenn jede Hand bekannt und der Talon leer ist, aber Platz 1 hat 2 unbekannte Karten, Platz 2 hat 1 "
           "unbekannte Karte und im Talon liegt 1 Karte."),
])
def test_perft_and_the_deal_goal_say_what_is_not_known(lang: str, said_of: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """They said only that every hand must be known ("perft braucht jede Hand bekannt und den Talon leer", not
    German a German would write): now which hands and the stock, the way to fix the file."""
    path = tmp_path / "p.yaml"
    path.write_text("players: 3\nhands: [[7S, 2C], 2, 1]\ntable: [7C]\nstock: 1\n", encoding="utf-8")
    for words in (["perft", str(path), "2"], ["solve", str(path), "--goal", "deal"]):
        status, out, err = said(capsys, "--lang", lang, *words)
        assert status == 2 and out == "" and err.startswith(f"cassino-tutor {words[0]}: ")
        assert err.rstrip("\n").endswith(said_of)


def test_a_hidden_hand_to_move_is_said_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("hands: [4, [7S, 8D, 2C, 3H]]\ntable: [9H, 5S, 6C, KD]\nstock: 40\n", encoding="utf-8")
    for command in ("moves", "solve"):
        assert said(capsys, "--lang", "de", command, str(path))[2] == (
            f"cassino-tutor {command}: Die Hand von Spieler 1 (Platz 0), am Zug, ist nicht bekannt; "
            "gib ihre Karten an.\n")


# ---- puzzles generate, replace, hints, rate -----------------------------------------------------------------


def test_puzzles_say_what_they_did_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "gen.yaml")
    status, out, err = said(capsys, "--lang", "de", "puzzles", "generate", "--theme", "summen", "--count", "1",
                            "--seed", "3", "--jobs", "1", "--progress", "-o", path)
    assert status == 0 and out == f"1 Aufgabe zum Thema summen in {path} geschrieben\n"
    counter, summary = err.rstrip("\n").split("\n")  # the counter rewrites its line after \r
    assert re.fullmatch(r"(\rAufgaben: [01]/1; verworfen [\d.]+(: [^\d:,]+ [\d.]+(, [^\d:,]+ [\d.]+)*)?)+", counter)
    german = set(yaml.safe_load((content_dir("templates") / "de" / "messages" / "rejections.yaml").read_text("utf-8")).values())
    reasons = re.findall(r"(?:: |, )([^\d:,]+) [\d.]+", counter.rsplit("\r", 1)[1])
    assert reasons and set(reasons) <= german, reasons  # the rejections by their German words, not their codes
    assert summary == "cassino-tutor puzzles: behalten 1; " + counter.rsplit("; ", 1)[1]
    assert Path(path).read_text("utf-8").startswith("# Generated by: cassino-tutor puzzles generate --theme sums ")
    words = [said(capsys, "--lang", "de", "puzzles", *command)[1]
             for command in (["replace", path, "sums-3-1", "--jobs", "1"], ["hints", path], ["rate", path])]
    replaced = f"1 Aufgabe von {path} ersetzt, unter neuen Kennungen: sums-3-1 durch sums-3-1-r1\n"
    assert words == [replaced, "Die Tipps von 1 Datei neu gemacht\n",
                     "1 Aufgabe in 1 Datei bewertet; 0 Wertungszahlen geändert\n"]
    assert english_in(out + err + "".join(words)) == []


def test_a_puzzle_that_asks_nothing_is_refused_rating_in_german(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "all-best.yaml"
    path.write_text(  # the capture is forced: each card takes one card, the most there is
        "puzzles:\n  - id: all-best\n    variant: {preset: classic, forced_capture: true}\n    position:\n"
        "      hands: [[6S, 9H], 2]\n      table: [6D, 9C]\n      stock: 40\n"
        "      captured: [[AS, AH], [AD, AC, 2S, 2H]]\n      last_capturer: 1\n    goal: cards\n"
        "    themes: [pairing]\n    rating: 720\n    hints:\n      - {en: Take a card., de: Nimm eine Karte ein.}\n"
        "    solution:\n      - 6S x 6D\n      - 9H x 9C\n",
        encoding="utf-8")
    assert said(capsys, "--lang", "de", "puzzles", "rate", str(path))[2] == (
        f"cassino-tutor puzzles: {path}:2:5: Aufgabe all-best: Jeder erlaubte Zug ist der beste, die Aufgabe fragt "
        "nichts, das sich bewerten ließe.\n")


@pytest.mark.parametrize(("words", "german"), [
    ([], "Sag, was zu tun ist: „cassino-tutor puzzles generate --theme THEMA --count N -o DATEI“,"),
    (["generate", "--count", "3"], "Gib mit --theme ein Thema an; Themen: paare, summen, gruppen,"),
    (["generate", "--theme", "xyzzy", "--count", "3"], "--theme: Ein Thema „xyzzy“ gibt es nicht; Themen: paare,"),
    (["generate", "--theme", "summe", "--count", "3"], "--theme: Ein Thema „summe“ gibt es nicht (meintest du „summen“?)"),
    (["generate", "--theme", "sums"], "Gib mit --count N an, wie viele Aufgaben es werden sollen."),
    (["generate", "--theme", "sums", "--count", "3", "--variant", "texas"],
     "--variant: Eine Variante „texas“ gibt es nicht; Varianten: classic,"),
    (["generate", "--theme", "partnership", "--count", "3", "--players", "2"],
     "Das Thema partnerschaft braucht --players 4."),
    (["generate", "--theme", "spade", "--count", "3", "--variant", "classic"],
     "Das Thema pik-cassino braucht eine Variante, die es spielt, etwa --variant spade."),
    (["generate", "--theme", "sums", "--count", "3", "--lines"],
     "--lines findet Aufgaben in letzten Blättern: Gib eines ihrer Themen an, bauen, mehrfache-bauten,"),
    (["replace", CAPTURES, "pair-the-sixes"],
     f"{CAPTURES}: Das ist keine erzeugte Aufgabendatei (ihre erste Zeile ist nicht „# Generated by: cassino-tutor "
     "puzzles generate...“); eine von Hand geschriebene Aufgabe wird von Hand berichtigt."),
    (["hints", CAPTURES], f"{CAPTURES}: Das ist keine erzeugte Aufgabendatei"),
    (["rate", "missing.yaml"], "missing.yaml:1:1: Diese Datei gibt es nicht."),
])
def test_puzzles_refusals_in_german(words: list[str], german: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = said(capsys, "--lang", "de", "puzzles", *words)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"cassino-tutor puzzles: {german}")
    assert english_in(err.replace("# Generated by: cassino-tutor puzzles generate...", "")) == []


def test_a_broken_puzzle_file_is_said_in_german_with_the_command_to_check_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("puzzles:\n  - id: x\n    rating: high\n", encoding="utf-8")
    err = said(capsys, "--lang", "de", "puzzles", "rate", str(path))[2]
    assert err.startswith(f"cassino-tutor puzzles: {path}:") and err.count("\n") == 1
    assert err.endswith(f" (berichtige zuerst die Datei: cassino-tutor check {path})\n")
    assert english_in(err) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_solve_fits_its_listing_to_the_terminal(lang: str, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The heading wraps as prose, a row's line of play goes on under the moves: no line past the terminal's
    width (the deal goal's heading had 99 columns in English, 108 in German), and not a word lost."""
    monkeypatch.setenv("COLUMNS", "1000")
    wide = said(capsys, "--lang", lang, "solve", ENDGAME, "--goal", "deal")[1]
    for columns in (80, 60):
        monkeypatch.setenv("COLUMNS", str(columns))
        out = said(capsys, "--lang", lang, "solve", ENDGAME, "--goal", "deal")[1]
        lines = out.splitlines()
        assert max(map(len, lines)) <= columns < max(map(len, wide.splitlines()))
        assert out.rsplit("\n(", 1)[0].split() == wide.rsplit("\n(", 1)[0].split()  # the last line: the time
        head = out.split("\n *")[0].splitlines()
        assert len(head) == 2 and not head[1].startswith(" ")
        later = [line for line in lines if line.startswith(" " * 10)]
        assert all(line[10] != " " for line in later) and bool(later) == (columns == 60)


@pytest.mark.parametrize("typed", ["card:DKa", "CARD:dka", "card:D♦", "card:QD"])
def test_solve_takes_a_card_goal_in_the_letters_a_german_screen_shows(
        typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``moves --ascii`` in German writes the queen of diamonds DKa; ``solve --goal card:DKa`` refused it ("„dka“
    ist keine Karte"). Either language's letters name the card, the goal is shown in the learner's, and the
    JSON keeps the English code."""
    _, out, _ = said(capsys, "--lang", "de", "--ascii", "moves", ENDGAME)
    assert "AKa" in out
    status, out, err = said(capsys, "--lang", "de", "solve", ENDGAME, "--goal", typed)
    assert status == 0 and err == ""
    assert out.startswith("Ziel „card:DKa“: bester Wert 0 (1, wenn er D♦ einnimmt), 6 beste Züge\n")
    english = json.loads(said(capsys, "solve", ENDGAME, "--goal", "card:QD", "--json")[1])
    assert json.loads(said(capsys, "--lang", "de", "solve", ENDGAME, "--goal", typed, "--json")[1]) | {"ms": 0} == \
        english | {"ms": 0}
    assert said(capsys, "--lang", "en", "solve", ENDGAME, "--goal", typed)[1].startswith("Goal card:QD: best value 0")


def test_a_card_goal_of_two_cards_or_none_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """DK could be the queen of Kreuz or of Karo: no card, as before."""
    for typed in ("card:DK", "card:11H"):
        status, _, err = said(capsys, "--lang", "de", "solve", ENDGAME, "--goal", typed)
        assert status == 2 and "ist keine Karte" in err


@pytest.mark.parametrize(("lang", "words"), [("en", "No legal move: the round is over."),
                                             ("de", "Kein erlaubter Zug: Die Runde ist vorbei.")])
def test_moves_of_a_round_over_names_nobody_to_move(lang: str, words: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """It said "Player 1 (seat 0) to move: 0 legal moves" of a round whose cards are all played; solve says
    the round is over, and so does moves now; the JSON keeps its shape."""
    path = tmp_path / "over.yaml"
    path.write_text("hands: [[], []]\ntable: [7C]\ncaptured: [[2S, 3S], [4S]]\nlast_capturer: 0\n", encoding="utf-8")
    assert said(capsys, "--lang", lang, "moves", str(path)) == (0, words + "\n", "")
    assert said(capsys, "--lang", lang, "solve", str(path))[1] == words + "\n"
    assert json.loads(said(capsys, "--lang", lang, "moves", str(path), "--json")[1]) == {"to_move": 0, "moves": []}


@pytest.mark.parametrize(("lang", "words", "advice"), [
    ("en", "No legal move: every hand is empty; the next deal comes first (8 cards in the stock).",
     "every hand is empty: the next deal comes first (8 cards in the stock); there is no move to advise"),
    ("de", "Kein erlaubter Zug: Alle Hände sind leer; zuerst wird neu gegeben (8 Karten im Talon).",
     "Alle Hände sind leer: Zuerst wird neu gegeben (8 Karten im Talon); es gibt keinen Zug, zu dem der Berater "
     "raten könnte."),
])
def test_a_position_between_deals_is_not_called_a_round_over(lang: str, words: str, advice: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Every hand empty and cards left in the stock: solve and advise said "the round is over", and moves "to move:
    0 legal moves"; the next deal is due, and they say so. The JSON keeps its shape."""
    for stock in ("8", "[AS, 2S, 3S, 4S, 5S, 6S, 7S, 8S]"):
        path = tmp_path / "between.yaml"
        path.write_text(f"hands: [[], []]\ntable: [7D]\ncaptured: [[9C], []]\nlast_capturer: 0\nstock: {stock}\n",
                        encoding="utf-8")
        assert said(capsys, "--lang", lang, "moves", str(path)) == (0, words + "\n", "")
        assert said(capsys, "--lang", lang, "solve", str(path)) == (0, words + "\n", "")
        assert said(capsys, "--lang", lang, "advise", str(path)) == (2, "", f"cassino-tutor advise: {advice}\n")
        assert json.loads(said(capsys, "moves", str(path), "--json")[1]) == {"to_move": 0, "moves": []}


def test_a_finished_round_has_the_deal_value_its_last_move_had(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``solve --goal deal --json`` of a round whose cards are all played said ``"value": null``: each line of the
    endgame, played to its end, now ends with the value its first move has, seen from the side then to move; the
    goals of one move have no move to judge and keep null."""
    start = json.loads(said(capsys, "solve", ENDGAME, "--goal", "deal", "--json")[1])
    pos = load_position(Path(ENDGAME).read_text(encoding="utf-8"), ENDGAME)
    assert len({entry["value"] for entry in start["moves"]}) > 2
    path = tmp_path / "end.yaml"
    for entry in start["moves"]:
        end = pos.copy()
        for notation in [entry["notation"], *entry["line"]]:
            end.push(next(m for m in end.legal_moves() if end.notation(m) == notation))
        assert end.is_round_over()
        path.write_text(dump_position(end), encoding="utf-8")
        status, out, err = said(capsys, "solve", str(path), "--goal", "deal", "--json")
        sign = 1 if end.side_of(end.to_move) == pos.side_of(pos.to_move) else -1
        assert (status, err) == (0, "")
        assert json.loads(out) | {"ms": 0} == {"goal": "deal", "value": sign * entry["value"], "best": [], "moves": [],
                                               "nodes": 0, "ms": 0, "complete": True}
    for goal in ("cards", "points", "sweep", "safe", "card:7C"):
        assert json.loads(said(capsys, "solve", str(path), "--goal", goal, "--json")[1])["value"] is None


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Goal deal: the round ended with the value {} (round points of the mover's side minus the best other "
           "side's)."),
    ("de", "Ziel „deal“: Die Runde endete mit dem Wert {} (Rundenpunkte der eigenen Seite minus die der besten "
           "anderen Seite)."),
])
def test_solve_says_the_value_of_a_finished_round(lang: str, words: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The listing of ``solve --goal deal`` of a round that is over gives its value, for the seat the file puts
    to move: seat 0 took 3 cards, 2 spades and 2S (the 7C left, theirs as last capturer), seat 1 one spade."""
    path = tmp_path / "over.yaml"
    for to_move, value in ((0, 5), (1, -5)):
        path.write_text(f"hands: [[], []]\ntable: [7C]\ncaptured: [[2S, 3S], [4S]]\nlast_capturer: 0\n"
                        f"to_move: {to_move}\n", encoding="utf-8")
        status, out, err = said(capsys, "--lang", lang, "solve", str(path), "--goal", "deal")
        assert (status, err) == (0, "")
        assert out.splitlines()[1:] == [words.format(value)]


@pytest.mark.parametrize(("lang", "said_to"), [
    ("en", "unknown goal 'card' (did you mean cards?); goals are: cards, points, sweep, safe, card:CODE, deal (join "
           "several with commas)"),
    ("de", "Ein Ziel „card“ gibt es nicht (meintest du „cards“?); Ziele sind: cards, points, sweep, safe, card:CODE, "
           "deal (mehrere mit Kommas verbunden)."),
])
def test_a_misspelled_goal_is_told_the_nearest(lang: str, said_to: str, capsys: pytest.CaptureFixture[str]) -> None:
    """"--goal card" was told only the list of goals, where a misspelled preset, option or option of a command is
    told the nearest name."""
    assert said(capsys, "--lang", lang, "solve", ENDGAME, "--goal", "card") == (2, "", f"cassino-tutor solve: {said_to}\n")


@pytest.mark.parametrize(("lang", "card", "goal"), [
    ("en", "goal 'card:QX': 'QX' is not a card; for example card:10D",
     "unknown goal 'Karten'; goals are: cards, points, sweep, safe, card:CODE, deal (join several with commas)"),
    ("de", "Ziel „card:QX“: „QX“ ist keine Karte; etwa „card:10D“.",
     "Ein Ziel „Karten“ gibt es nicht; Ziele sind: cards, points, sweep, safe, card:CODE, deal (mehrere mit Kommas "
     "verbunden)."),
])
def test_a_goal_refused_is_quoted_as_typed(lang: str, card: str, goal: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The refusal quoted the goal lowercased ("'qx' is not a card", „karten“), not what was typed."""
    assert said(capsys, "--lang", lang, "solve", ENDGAME, "--goal", "card:QX") == (2, "", f"cassino-tutor solve: {card}\n")
    assert said(capsys, "--lang", lang, "solve", ENDGAME, "--goal", "Karten") == (2, "", f"cassino-tutor solve: {goal}\n")


def test_a_files_goal_refused_is_quoted_as_typed() -> None:
    """A lesson's "goal: card:10X" was told "'10x' is not a card": the goal's reading lowercased it (the command
    line put the case back, a file did not)."""
    text = ("lesson: club\ntitle: {en: T, de: T}\nsummary: {en: S, de: S}\nvariant: classic\nsteps:\n"
            "  - exercise:\n      text: {en: E, de: E}\n      position: {hands: [[9S, 4H, QC, 2D], 4], "
            "table: [9D, 9C, 4S, KH], stock: 40}\n      goal: card:10X,Pionts\n")
    with pytest.raises(FileError) as info:
        load_lesson(text, "l.yaml")
    assert [str(p) for p in info.value.problems] == [
        "l.yaml:9:13: goal 'card:10X,Pionts': '10X' is not a card; for example card:10D"]
    with pytest.raises(FileError) as info:
        load_lesson(text.replace("card:10X,", ""), "l.yaml")
    assert [str(p) for p in info.value.problems] == [
        "l.yaml:9:13: unknown goal 'Pionts' (did you mean points?); goals are: cards, points, sweep, safe, "
        "card:CODE, deal (join several with commas)"]
