"""Games kept in the progress file (tutor/storage/game_store.py): the program's keys, the old games folder read
once, the list without a replay, export and import, and the cases of issue 22 where a file's text decided where a
game was written."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import shlex
import sqlite3
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from shell_helpers import kept_games, open_shell, play_first_moves
from test_play_shell import learner_line

from tutor.cli.main import main
from tutor.content.presets import preset_names, variant
from tutor.core.round import MatchResult
from tutor.play.players import LEVELS, player
from tutor.play.table_game import Settings, TableGame
from tutor.render import Renderer
from tutor.render.chart import fit
from tutor.shell.commands import dispatch, welcome
from tutor.shell.game_text import result_text
from tutor.shell.games import summary_row
from tutor.shell.play import GameRun
from tutor.storage import Progress, games
from tutor.storage.game_files import read_game_file
from tutor.storage.game_store import GameSummary
from tutor.storage.games import SavedGame, game_to_data

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@cache
def short_game(seed: int = 52) -> str:
    """The JSON of a one-round game against greedy, two of the learner's moves into it, as earlier versions
    wrote it in ``games/<id>.json``."""
    game = TableGame(Settings(variant("classic"), 2, "greedy", seed, kind="round"))
    game.begin_round()
    game.advance()
    for _ in range(2):
        game.play(game.view().legal_moves()[0])
    saved = SavedGame.new(game, NOW)
    saved.stamp(NOW)
    return json.dumps(game_to_data(saved))


def old_file(home: Path, name: str, **changes: Any) -> Path:
    """A game file of the old games folder, with ``changes`` to its document."""
    path = home / "games" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**json.loads(short_game()), **changes}), encoding="utf-8")
    return path


def everything_under(root: Path) -> set[Path]:
    return {p for p in root.rglob("*")}


# ---- issue 22, case 1: the file's text decided where a game was written -----------------------------


@pytest.mark.parametrize("game_id", ["ABSOLUTE", "../../../made/by/id", "with\x00nul", "x" * 300, "OTHER"])
def test_no_id_in_a_file_decides_where_anything_is_written(tmp_path: Path, game_id: str) -> None:
    home = tmp_path / "a" / "b" / "home"
    if game_id == "ABSOLUTE":
        game_id = str(tmp_path / "OUTSIDE")
    if game_id == "OTHER":  # another game's id: the old code overwrote that game
        old_file(home, "20261101-000000-aaaaaa.json", id="20261101-000000-aaaaaa", updated="2026-11-01T00:00:00")
        game_id = "20261101-000000-aaaaaa"
    old_file(home, "mine.json", id=game_id)
    before = everything_under(tmp_path) - everything_under(home)
    with open_shell(home) as shell:
        assert "1 game was read" in welcome(shell) or "2 games were read" in welcome(shell)
        said = dispatch(shell, "resume").text
        assert "Going on with your game" in said
        run = shell.activity
        assert isinstance(run, GameRun)
        played = run.game.current.moves
        said = dispatch(shell, learner_line(shell)).text
        assert "could not be saved" not in said and "not saved" not in said
        assert dispatch(shell, "quit").text == ("Goodbye! Your progress is saved.\n"
                                                "Your game is saved: next time, type “resume” to go on with it.")
        moves = run.game.current.moves
    assert everything_under(tmp_path) - everything_under(home) == before, "nothing written outside the home"
    assert not (tmp_path / "OUTSIDE.json").exists()
    kept = kept_games(home)
    mine = next(s for s in kept if s.game.current.moves == moves)
    assert len(moves) > len(played) and "/" not in mine.id and "\x00" not in mine.id and len(mine.id) < 30
    if game_id == "20261101-000000-aaaaaa":
        [other] = [s for s in kept if s is not mine]
        assert other.game.current.moves == played, "the other game is as it was"
    else:
        assert len(kept) == 1


def test_no_game_overwrites_another_and_each_gets_a_key_of_the_programs(tmp_path: Path) -> None:
    for name in ("a.json", "b.json"):
        old_file(tmp_path, name, id="same")
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        listed = progress.games.summaries(NOW)
        assert [g.key for g in listed if isinstance(g, GameSummary)] == [2, 1]
        ids = {progress.games.load(key).id for key in (1, 2)}
    assert len(ids) == 2 and "same" not in ids


# ---- the old games folder, read once -------------------------------------------------------------------


def test_the_old_folder_is_read_once_files_kept_in_imported_bad_ones_listed_with_why(tmp_path: Path) -> None:
    good = old_file(tmp_path, "20261101-000000-aaaaaa.json")
    bad = tmp_path / "games" / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    (tmp_path / "games" / "notes.txt").write_text("mine", encoding="utf-8")
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert (progress.imported.imported, progress.imported.unreadable) == (1, 1)
    text = good.read_text(encoding="utf-8") if good.exists() else ""
    assert text == "" and (tmp_path / "games" / "imported" / good.name).read_text(encoding="utf-8") == short_game()
    assert bad.exists() and (tmp_path / "games" / "notes.txt").exists(), "a file not read is left where it is"
    with Progress.open(tmp_path / "progress.sqlite3") as progress:  # the second start reads nothing again
        assert (progress.imported.imported, progress.imported.unreadable) == (0, 0)
        listed = progress.games.summaries(NOW)
        assert len(listed) == 2 and isinstance(listed[0], GameSummary)
        assert str(listed[1]).startswith(f"{bad}: not a saved game")
    bad.write_text(short_game(), encoding="utf-8")  # mended: read again
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert (progress.imported.imported, progress.imported.unreadable) == (1, 0)
        assert all(isinstance(g, GameSummary) for g in progress.games.summaries(NOW))


@pytest.mark.skipif(os.name != "posix", reason="symbolic links as POSIX has them")
def test_a_file_read_goes_beside_a_dangling_link_in_imported_not_over_it(tmp_path: Path) -> None:
    """A link in ``imported/`` to a file not there was taken for a free name, and the file read replaced it."""
    path = old_file(tmp_path, "g.json")
    (tmp_path / "games" / "imported").mkdir()
    link = tmp_path / "games" / "imported" / "g.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert progress.imported.imported == 1
    assert link.is_symlink() and os.readlink(link) == str(tmp_path / "elsewhere.json")
    assert not path.exists() and (tmp_path / "games" / "imported" / "g.2.json").read_text(encoding="utf-8") == \
        short_game()


def test_a_file_moved_back_into_the_folder_unchanged_is_not_read_twice(tmp_path: Path) -> None:
    path = old_file(tmp_path, "g.json")
    with Progress.open(tmp_path / "progress.sqlite3"):
        pass
    os.rename(tmp_path / "games" / "imported" / "g.json", path)
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert progress.imported.imported == 0 and len(progress.games.summaries(NOW)) == 1


def test_temporary_files_of_a_killed_save_of_the_old_version_are_removed_at_the_next_start(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    dead = folder / ".20261101-000000-aaaaaa.json.999999999.tmp"  # no process has this id
    running = folder / f".20261101-000000-bbbbbb.json.{os.getpid()}.tmp"  # an old version saving now
    for path in (dead, running):
        path.write_text('{"format": ', encoding="utf-8")
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert progress.games.summaries(NOW) == []
    assert not dead.exists() and running.exists()


# ---- a game that cannot be read: one line, the same everywhere ----------------------------------------


def finished_but_in_play(home: Path) -> Path:
    return old_file(home, "g.json", finished="2026-11-29T12:05:00+00:00")


def test_a_game_marked_finished_but_not_over_is_unreadable_everywhere_and_never_resumed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = finished_but_in_play(tmp_path)
    text = path.read_text()
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, "games").text
        assert f"{path}: cannot be read: 'finished' says the game ended, but round 1 is still in play" in said
        assert "in progress" not in said and "resume" not in welcome(shell)
        assert dispatch(shell, "resume").text.startswith("No game is waiting")
        assert dispatch(shell, "play seed=3").text.startswith("A new match")
    copy = tmp_path / "copy.json"
    copy.write_text(text, encoding="utf-8")
    assert main(["replay", str(copy), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'finished' says the game ended, but round 1 is still in play" in err


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "round 1, move 2 (“{}”) cannot be played there: You can only play a card from your own hand."),
    ("de", "Runde 1, Zug 2 („{}“) lässt sich dort nicht spielen: Man spielt nur Karten aus der eigenen Hand."),
])
def test_an_illegal_saved_move_is_said_in_words_the_move_and_why(tmp_path: Path, lang: str, words: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(short_game())
    start = read_game_file(old_file(tmp_path / "dry", "g.json")).game.rounds[0].plies[1].before
    foreign = next(str(c) for c in start.variant.deck_cards if all(c not in hand for hand in start.hands))
    data["rounds"][0]["moves"][1] = foreign
    path = old_file(tmp_path, "g.json", rounds=data["rounds"])
    copy = tmp_path / "copy.json"
    copy.write_text(path.read_text(), encoding="utf-8")
    with open_shell(tmp_path, lang=lang) as shell:
        said = dispatch(shell, "games" if lang == "en" else "partien").text
    assert words.format(foreign) in said and "card_not_in_hand" not in said
    assert main(["replay", str(copy), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert words.format(foreign) in err and "card_not_in_hand" not in err and err.count("\n") == 1


def test_a_stored_game_that_no_longer_replays_is_listed_with_why_from_then_on(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        dispatch(shell, "quit")
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    data = json.loads(conn.execute("SELECT data FROM game").fetchone()[0])
    data["rounds"][0]["moves"] = ["ZZ"]
    conn.execute("UPDATE game SET data = ?", (json.dumps(data),))
    conn.commit()
    conn.close()
    with open_shell(tmp_path) as shell:
        assert "resume" in welcome(shell)  # the list replays nothing: it cannot know yet
        said = dispatch(shell, "resume").text
        assert said.startswith("Game 1 cannot be read: round 1, move 1 (“ZZ”) cannot be played there: it is not a move")
        assert "  1  cannot be read: round 1, move 1" in dispatch(shell, "games").text
        assert "resume" not in welcome(shell) and dispatch(shell, "resume").text.startswith("No game is waiting")


# ---- the list and the start replay nothing -----------------------------------------------------------


def test_the_list_and_the_start_replay_no_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        for seed in range(6):
            game = TableGame(Settings(variant("classic"), 2, "greedy", seed, kind="round"))
            game.begin_round()
            progress.games.add(SavedGame.new(game, NOW), NOW)
    replayed: list[str] = []
    real = games.parse_game

    def counted(text: str, where: str) -> SavedGame:
        replayed.append(where)
        return real(text, where)

    monkeypatch.setattr("tutor.storage.game_store.parse_game", counted)
    with open_shell(tmp_path) as shell:
        assert "type “resume”" in welcome(shell)
        said = dispatch(shell, "games").text
        assert said.count("in progress, round 1") == 6 and [line.split()[0] for line in said.splitlines()
                                                           if "Classic Cassino" in line] == ["6", "5", "4", "3", "2", "1"]
        assert replayed == []
        dispatch(shell, "resume")
        assert replayed == ["game 6"], "only the game resumed is replayed"


# ---- export, import, replay N ---------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "games export 3", "There is no game 3: “games” lists yours by number."),
    ("de", "partien export 3", "Ein Spiel 3 gibt es nicht: „partien“ zeigt deine Spiele mit ihren Nummern."),
])
def test_exporting_a_game_that_is_not_there_says_so(tmp_path: Path, lang: str, typed: str, said: str) -> None:
    """Not "Game 3 cannot be read: no such game", as if a game 3 were there but broken."""
    with open_shell(tmp_path / "home", lang) as shell:
        assert dispatch(shell, f"{typed} {tmp_path / 'x.json'}").text == said
    assert not (tmp_path / "x.json").exists()


def test_export_writes_the_documented_json_never_over_a_file_and_import_keeps_it_as_a_new_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    home, shared = tmp_path / "home", tmp_path / "shared.json"
    with open_shell(home) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        run = shell.activity
        assert isinstance(run, GameRun)
        dispatch(shell, learner_line(shell))
        assert dispatch(shell, f"games export 1 {shared}").text.startswith(f"Game 1 was written to {shared}.")
        assert "exists already" in dispatch(shell, f"games export 1 {shared}").text
        # no game 7 is not a game that cannot be read
        assert dispatch(shell, f"games export 7 {tmp_path / 'x.json'}").text == (
            "There is no game 7: “games” lists yours by number.")
        assert "“games export N FILE”" in dispatch(shell, "games export one").text
        data = json.loads(shared.read_text(encoding="utf-8"))
        assert data == game_to_data(run.saved)
        # the game of the file is game 1: nothing is added (see the test of importing a file twice)
        assert dispatch(shell, f"games import {shared}").text.startswith("Nothing was added:")
        assert "Nothing was added:" in dispatch(shell, f"games import {tmp_path / 'none.json'}").text
    with open_shell(tmp_path / "other") as shell:
        said = dispatch(shell, f"games import {shared}").text
        assert said.startswith(f"The game of {shared} is kept as game 1: Classic Cassino against the “greedy” level")
    first, second = (run.saved, kept_games(tmp_path / "other")[0])
    assert second.key == 1 and second.id != first.id and second.game.current.moves == first.game.current.moves
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(home))
    assert main(["replay", "1", "--lang", "en"]) == 0
    by_number = capsys.readouterr().out
    assert main(["replay", str(shared), "--lang", "en"]) == 0
    assert capsys.readouterr().out == by_number
    assert main(["replay", "9", "--lang", "en"]) == 2
    assert capsys.readouterr().err.strip() == "cassino-tutor replay: game 9: no such game; “cassino-tutor replay” lists the games kept"
    assert main(["replay", "9", "--lang", "de"]) == 2
    assert capsys.readouterr().err.strip() == ("cassino-tutor replay: Spiel 9: Dieses Spiel gibt es nicht. „cassino-tutor replay“ zeigt die "
                                                 "gespeicherten Spiele.")


@pytest.mark.parametrize(("lang", "word"), [("en", "games"), ("de", "partien")])
def test_a_file_name_typed_in_quotes_is_the_name_without_them_and_the_replay_command_said_can_be_typed_back(
        tmp_path: Path, lang: str, word: str) -> None:
    """``games export 1 "my game.json"`` wrote a file named ``"my game.json"``, quotes and all, and ``games export 1
    ""`` one named ``""`` in the working folder; the replay command said for a name with a space did not name the
    file in a system shell. Quotes (a shell's, or the tutor's own) around a name are not part of it."""
    home, folder = tmp_path / "home", tmp_path / "out"
    folder.mkdir()
    target = folder / "my game.json"
    with open_shell(home, lang) as shell:
        dispatch(shell, ("play" if lang == "en" else "spiele") + " round seed=52 level=greedy")
        said = " ".join(dispatch(shell, f'{word} export 1 "{target}"').text.split())
        assert sorted(p.name for p in folder.iterdir()) == ["my game.json"], said
        command = said.split("replay ", 1)[1].split("“" if lang == "de" else "”")[0]
        assert shlex.split(command) == [str(target)], said
        for typed in ('""', "''", "“”"):
            assert ("N FILE" if lang == "en" else "N DATEI") in dispatch(shell, f"{word} export 1 {typed}").text
        assert dispatch(shell, f"{word} import '{target}'").text.startswith(
            "Nothing was added" if lang == "en" else "Nichts wurde hinzugefügt")
        assert dispatch(shell, f"{word} import „{target}“").text.startswith(
            "Nothing was added" if lang == "en" else "Nichts wurde hinzugefügt")
    assert sorted(p.name for p in folder.iterdir()) == ["my game.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "out"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_importing_a_game_kept_already_says_so_and_adds_nothing(tmp_path: Path, lang: str) -> None:
    """``games import FILE`` twice kept the game twice (games 1 and 2, the same game); a game exported and imported
    in the same tutor was kept again beside itself. A game of the same document but its id (and time of saving) is
    kept once; a game played on since it was exported is another game, and is added."""
    said = {"en": "Nothing was added: the game of {path} is kept already, as game {number}.",
            "de": "Nichts wurde hinzugefügt: Das Spiel aus {path} ist schon gespeichert, als Spiel {number}."}[lang]
    shared, played_on = tmp_path / "shared.json", tmp_path / "later.json"
    word, added = ("games", "is kept as game") if lang == "en" else ("partien", "ist jetzt Spiel")
    with open_shell(tmp_path / "home", lang) as shell:
        dispatch(shell, ("play" if lang == "en" else "spiele") + " round seed=52 level=greedy")
        dispatch(shell, f"{word} export 1 {shared}")
        assert dispatch(shell, f"{word} import {shared}").text == said.format(path=shared, number=1)
        dispatch(shell, learner_line(shell))  # the game goes on: the file no longer holds it as it is
        dispatch(shell, f"{word} export 1 {played_on}")
        assert added in dispatch(shell, f"{word} import {shared}").text  # game 2
        assert dispatch(shell, f"{word} import {shared}").text == said.format(path=shared, number=2)
        assert dispatch(shell, f"{word} import {played_on}").text == said.format(path=played_on, number=1)
    assert len(kept_games(tmp_path / "home")) == 2
    with open_shell(tmp_path / "other", lang) as shell:
        for number, path in ((1, shared), (2, played_on)):
            assert added in dispatch(shell, f"{word} import {path}").text
            assert dispatch(shell, f"{word} import {path}").text == said.format(path=path, number=number)
    assert len(kept_games(tmp_path / "other")) == 2


@pytest.mark.parametrize(("lang", "word", "written", "exists"), [
    ("en", "games", "Game 1 was written to {path}.", "{path} exists already; nothing was written."),
    ("de", "partien", "Spiel 1 wurde in {path} geschrieben.", "{path} gibt es schon; nichts wurde geschrieben."),
])
@pytest.mark.parametrize("slash", ["", "/"])
def test_export_to_a_folder_writes_the_game_into_it_as_cp_does(tmp_path: Path, lang: str, word: str, written: str,
                                                              exists: str, slash: str) -> None:
    """``games export 1 /tmp/`` (a folder that is there) said '/tmp exists already; nothing was written' until
    5 December 2026; now the game is written into it under the program's name for game 1, said, and refused only
    once that file is there."""
    folder, home = tmp_path / "out", tmp_path / "home"
    folder.mkdir()
    (folder / "other.json").write_text("kept", encoding="utf-8")
    target = folder / "cassino-tutor-game-1.json"
    with open_shell(home, lang) as shell:
        dispatch(shell, ("play" if lang == "en" else "spiele") + " round seed=52 level=greedy")
        run = shell.activity
        assert isinstance(run, GameRun)
        said = " ".join(dispatch(shell, f"{word} export 1 {folder}{slash}").text.split())
        assert said.startswith(written.format(path=target)), said
        assert json.loads(target.read_text(encoding="utf-8")) == game_to_data(run.saved)
        text = target.read_text(encoding="utf-8")
        dispatch(shell, learner_line(shell))  # the game changes: a second export would differ
        said = " ".join(dispatch(shell, f"{word} export 1 {folder}{slash}").text.split())
        assert said.startswith(exists.format(path=target)), said
    assert target.read_text(encoding="utf-8") == text and (folder / "other.json").read_text(encoding="utf-8") == "kept"
    assert sorted(p.name for p in folder.iterdir()) == ["cassino-tutor-game-1.json", "other.json"]


def test_a_game_an_earlier_version_kept_and_exported_is_kept_already(tmp_path: Path) -> None:
    """A version before 5 December 2026 wrote no ``practice_from``, in the game it kept and in the file it exported:
    that file imported by today's tutor was kept again, as game 2 beside game 1 (today's document of the file had the
    key, the kept one not, so they never matched)."""
    home, shared = tmp_path / "home", tmp_path / "shared.json"
    with open_shell(home) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        dispatch(shell, learner_line(shell))
        dispatch(shell, f"games export 1 {shared}")
    data = json.loads(shared.read_text(encoding="utf-8"))
    del data["practice_from"]  # as the earlier version wrote it
    shared.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with sqlite3.connect(home / "progress.sqlite3") as conn:
        [(kept,)] = conn.execute("SELECT data FROM game").fetchall()
        older = json.loads(kept)
        del older["practice_from"]
        conn.execute("UPDATE game SET data = ?", (json.dumps(older, indent=1),))
    with open_shell(home) as shell:
        assert dispatch(shell, f"games import {shared}").text == (
            f"Nothing was added: the game of {shared} is kept already, as game 1.")
    assert len(kept_games(home)) == 1


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "{path} could not be written ("), ("de", "{path} konnte nicht geschrieben werden ("),
])
def test_export_into_a_folder_that_takes_no_new_file_does_not_say_the_folder_is_not_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    """``games export 1 /proc``: the system refuses a new file in /proc with ENOENT, and the tutor said 'the folder
    /proc does not exist'; it says the file could not be written, with the system's reason in the learner's words."""
    folder = tmp_path / "out"
    folder.mkdir()

    def refused(path: Path, text: str) -> None:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))

    with open_shell(tmp_path / "home", lang) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        monkeypatch.setattr("tutor.storage.game_store.write_new_file", refused)
        text = " ".join(dispatch(shell, f"games export 1 {folder}").text.split())
    assert text.startswith(said.format(path=folder / "cassino-tutor-game-1.json")), text
    assert "does not exist" not in text and "gibt es nicht" not in text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Nothing was written: the folder {folder} does not exist."),
    ("de", "Nichts wurde geschrieben: Den Ordner {folder} gibt es nicht."),
])
def test_export_into_a_folder_that_does_not_exist_says_so_in_the_learners_language(
        tmp_path: Path, lang: str, said: str) -> None:
    """Not the system's own English words ("No such file or directory") on a German screen."""
    folder = tmp_path / "no" / "such"
    with open_shell(tmp_path / "home", lang) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        text = " ".join(dispatch(shell, f"games export 1 {folder / 'game.json'}").text.split())
    assert said.format(folder=folder) in text and "No such file" not in text
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Nothing was written: the folder {folder} does not exist."),
    ("de", "Nichts wurde geschrieben: Den Ordner {folder} gibt es nicht."),
])
def test_export_to_a_folder_name_that_does_not_exist_writes_no_file_of_that_name(
        tmp_path: Path, lang: str, said: str) -> None:
    """``games export 1 saved/``: the game was written to a file named ``saved``."""
    with open_shell(tmp_path / "home", lang) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        text = " ".join(dispatch(shell, f"games export 1 {tmp_path / 'saved'}/").text.split())
    assert said.format(folder=tmp_path / "saved") in text
    assert not (tmp_path / "saved").exists()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "could not be written (a part of the path is not a folder); nothing was written."),
    ("de", "konnte nicht geschrieben werden (ein Teil des Pfads ist kein Ordner); nichts wurde geschrieben."),
])
@pytest.mark.parametrize("through", ["/", "/game.json"])
def test_export_through_a_file_says_it_is_no_folder_in_the_learners_language(tmp_path: Path, lang: str, said: str,
                                                                            through: str) -> None:
    """A path through a file (the system's "Not a directory"), said in the learner's words, the file untouched;
    ``a-file/`` said 'the folder … does not exist' until 5 December 2026."""
    (tmp_path / "a-file").write_text("kept", encoding="utf-8")
    target = f"{tmp_path / 'a-file'}{through}"
    with open_shell(tmp_path / "home", lang) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        text = " ".join(dispatch(shell, f"games export 1 {target}").text.split())
    assert f"{target} {said}" in text and "Not a directory" not in text, text
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "kept"


@pytest.mark.parametrize(("lang", "word", "said"), [
    ("en", "games", "A file name cannot hold the character NUL; nothing was written or read."),
    ("de", "partien", "Ein Dateiname kann das Zeichen NUL nicht enthalten; nichts wurde geschrieben oder gelesen."),
])
def test_a_file_name_with_a_nul_is_refused_in_words_not_a_crash_report(
        tmp_path: Path, lang: str, word: str, said: str) -> None:
    """A script's line ``games export 1 a<NUL>b`` (or ``import``) made Python's ValueError, a crash report."""
    home = tmp_path / "home"
    with open_shell(home, lang) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        for line in (f"{word} export 1 {tmp_path / 'a'}\0b.json", f"{word} import {tmp_path / 'a'}\0b.json"):
            assert dispatch(shell, line).text.startswith(said)
    assert not (home / "reports").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home"]


@pytest.mark.parametrize(("lang", "word", "said"), [
    ("en", "games", ("no such file", "Nothing was written: the folder {folder} does not exist.")),
    ("de", "partien", ("Diese Datei gibt es nicht", "Nichts wurde geschrieben: Den Ordner {folder} gibt es nicht.")),
])
def test_a_file_under_the_home_of_no_user_is_a_file_of_that_name_not_a_crash_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, word: str, said: tuple[str, str]) -> None:
    """``games import ~nobody/x.json``: Path.expanduser raised RuntimeError, a crash report; now the name is taken
    as typed, as a shell leaves it."""
    monkeypatch.chdir(tmp_path)
    home = tmp_path / "home"
    with open_shell(home, lang) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        imported = " ".join(dispatch(shell, f"{word} import ~no-such-user-of-cassino-tutor/x.json").text.split())
        exported = " ".join(dispatch(shell, f"{word} export 1 ~no-such-user-of-cassino-tutor/x.json").text.split())
    assert said[0] in imported and str(tmp_path / "~no-such-user-of-cassino-tutor" / "x.json") in imported
    assert said[1].format(folder=tmp_path / "~no-such-user-of-cassino-tutor") in exported
    assert not (home / "reports").exists()


@pytest.mark.parametrize(("lang", "word", "said"), [
    ("en", "games", "could not be written (the name is too long); nothing was written."),
    ("de", "partien", "konnte nicht geschrieben werden (der Name ist zu lang); nichts wurde geschrieben."),
])
@pytest.mark.parametrize("tail", ["", "/", "/game.json"])
def test_a_file_name_too_long_for_the_system_is_said_in_words_not_a_crash_report(
        tmp_path: Path, lang: str, word: str, said: str, tail: str) -> None:
    """``games export 1 aaa…a.json`` with a name longer than the system allows (ENAMETOOLONG from the look whether
    it names a folder) made a crash report; it is said as any file that cannot be written is, and nothing is
    written (a name with a slash after it, a folder's, names a folder that cannot exist)."""
    home, name = tmp_path / "home", "a" * 300
    typed = f"{tmp_path / name}{tail or '.json'}"
    with open_shell(home, lang) as shell:
        dispatch(shell, ("play" if lang == "en" else "spiele") + " round seed=52 level=greedy")
        text = " ".join(dispatch(shell, f"{word} export 1 {typed}").text.split())
    assert not (home / "reports").exists(), text
    if tail == "/":
        assert ("does not exist" if lang == "en" else "gibt es nicht") in text, text
    else:
        assert f"{typed} {said}" in text, text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home"]


@pytest.mark.parametrize(("lang", "word"), [("en", "games"), ("de", "partien")])
@pytest.mark.parametrize("control", ["\t", "\x1b"])
def test_a_file_name_with_a_control_character_is_said_as_written_on_the_screen(
        tmp_path: Path, lang: str, word: str, control: str) -> None:
    """``games export 1 t<TAB>ab.json`` wrote ``t<TAB>ab.json`` and said 'Game 1 was written to …/tab.json', the
    replay command naming ``…/tab.json`` too: the screen kept the tab, and wrapping a line dropped it. A control
    character in a file's name is said escaped (``\\u0009``), as an escape character was already, wherever the
    name is said, wrapped at 80 columns or not."""
    home, folder = tmp_path / "home", tmp_path / "out"
    folder.mkdir()
    target = folder / f"t{control}ab.json"
    shown = str(target).replace(control, f"\\u{ord(control):04x}")
    with open_shell(home, lang) as shell:
        dispatch(shell, ("play" if lang == "en" else "spiele") + " round seed=52 level=greedy")
        for line in (f"{word} export 1 {target}", f"{word} export 1 {target}", f"{word} import {target}"):
            said = fit(dispatch(shell, line).text, 80)
            assert shown in " ".join(said.split()) and control not in said, said
            assert str(folder / "tab.json") not in said, said
    assert [p.name for p in folder.iterdir()] == [target.name]


def test_a_game_left_for_another_activity_is_let_go_and_leaves_nothing_unsaved(tmp_path: Path) -> None:
    with open_shell(tmp_path) as one, open_shell(tmp_path) as two:
        dispatch(one, "play round seed=52 level=greedy")
        assert "being played in another cassino-tutor window" in dispatch(two, "resume").text
        dispatch(one, "puzzle")
        assert "Going on with your game" in dispatch(two, "resume").text
        assert dispatch(one, "quit").text == "Goodbye! Your progress is saved."


@pytest.mark.skipif(os.name != "posix", reason="devices, pipes and symbolic links as POSIX has them")
def test_a_device_or_a_pipe_in_the_old_folder_is_listed_unread_and_the_tutor_starts(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "random.json").symlink_to("/dev/urandom")
    with open_shell(tmp_path) as shell:
        assert "3 files could not be read" in welcome(shell)
        said = dispatch(shell, "games").text
    assert said.count("cannot be read: not a regular file") == 3


def test_a_summary_a_hand_edit_broke_is_one_line_and_the_others_are_listed(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        for seed in (3, 4):
            dispatch(shell, f"play round seed={seed} level=greedy")
            dispatch(shell, "resign yes")
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    conn.execute("UPDATE game SET players = 'two', scores = '[' WHERE id = 1")
    conn.commit()
    conn.close()
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, "games").text
    assert "  1  cannot be read: its summary in the progress file is damaged (a hand edit?)" in said
    assert "  2  " in said and said.count("resigned") == 1


# ---- the words of the list ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_line_of_a_game_in_the_list_fits_80_columns(lang: str) -> None:
    """``  1  4.12.2026  Klassisch, einnehmen oder weiterbauen, 4 Spieler, gegen Zufallsspieler,`` wrapped past 80
    columns: the longest preset name, three and four players with long scores, the longest level's name, a
    game practice from round 12, a three-digit number and a two-digit day, in progress between rounds (held by another window)
    and over each way; every line of a game fits 80 columns unwrapped, and says all it said before."""
    ui = Renderer(lang)
    started = datetime(2026, 12, 24, 12, 0, tzinfo=timezone.utc)
    results = [None, MatchResult(0, "target"), MatchResult(1, "target"), MatchResult(None, "higher_total"),
               MatchResult(1, "resigned")]
    for preset in preset_names():
        for players, scores in ((3, (-48, 121, 100)), (4, (-48, 121))):
            for level in LEVELS:
                settings = Settings(variant(preset), players, level, seed=1, kind="round")
                rows = [summary_row(ui, GameSummary(100 + n, started, settings, 12, 12, scores, result,
                                                    held_by=4194304 if result is None else None,
                                                    between=result is None))
                        for n, result in enumerate(results)]
                said = ui.render("shell/games.j2", games=rows, path="/p")
                lines = [line for line in said.splitlines() if line.startswith(" ")]
                assert len(lines) > len(rows) and all(len(line) <= 80 for line in lines), (preset, lines)
                for row in rows:
                    for word in (row["variant"], row["level"], str(players), ui.message("words.date", day=24,
                                 month=12, year=2026), "4194304" if row["held"] else row["score"]):
                        assert word in said, (word, said)
                assert said.count("one round" if lang == "en" else "eine Runde") == len(rows), said
                assert said.count("practice from round 12" if lang == "en" else "Übung ab Runde 12") == len(rows), said


@pytest.mark.parametrize(("lang", "whole", "later"), [("en", ", practice\n", ", practice from round 2\n"),
                                                      ("de", ", Übung\n", ", Übung ab Runde 2\n")])
def test_the_games_list_says_from_which_round_a_game_is_practice(tmp_path: Path, lang: str, whole: str,
                                                                later: str) -> None:
    """``games`` said "practice" of a whole game whose first move taken back was in round 2 (``practice_from``),
    where round 1 still counts: it says "practice from round 2", and "practice" alone of a game practice from its
    first round (and of one kept before 5 December 2026, whose document says only that it is practice); the
    result of a finished one says the same round."""
    rng = random.Random(5)
    games = []
    for undo_round in (2, 1):
        game = TableGame(Settings(variant("classic"), 2, "club", 5))
        game.next_round()
        if undo_round == 2:
            while not game.round_over:
                game.play(player("greedy").choose(game.view(), rng))
            game.next_round()
        game.play(player("greedy").choose(game.view(), rng))
        assert game.undo() and game.practice_from == undo_round
        games.append(game)
    games[0].resign()
    with open_shell(tmp_path, lang) as shell:
        for game in games:
            shell.progress.games.add(SavedGame.new(game, NOW), NOW)
        listed = dispatch(shell, "games" if lang == "en" else "partien").text
        summaries = [s for s in shell.progress.games.summaries(NOW) if isinstance(s, GameSummary)]
    assert listed.count(later) == 1 and listed.count(whole) == 1, listed
    assert sorted(s.practice_from for s in summaries if s.practice_from) == [1, 2]
    ended = result_text(Renderer(lang), next(s for s in summaries if s.over))
    assert ("From round 2 on it counts as practice" if lang == "en" else "Ab Runde 2") in ended, ended




@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_games_list_writes_a_games_day_as_the_other_screens_do(tmp_path: Path, lang: str) -> None:
    """``games`` wrote "2026-11-29 12:00" where the welcome and ``replay`` write "29 Nov 2026" ("29.11.2026"):
    its lines write the day a game started with the language's date, as the replay's head does."""
    ui = Renderer(lang)
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round seed=3" if lang == "en" else "spiele runde startwert=3")
        said = dispatch(shell, "games" if lang == "en" else "partien").text
        now = shell.clock().astimezone()
    day = ui.message("words.date", day=now.day, month=now.month, year=now.year)
    assert f"  1  {day}  " in said, said
    assert not re.search(r"\d{4}-\d\d-\d\d", said), said


@pytest.mark.parametrize(("lang", "after", "during"), [("en", "after round 1", "round 1"),
                                                       ("de", "nach Runde 1", "Runde 1")])
def test_a_match_between_rounds_is_said_to_be_after_the_round_not_in_it(tmp_path: Path, lang: str, after: str,
                                                                         during: str) -> None:
    """Round 1 over, round 2 not dealt: ``games`` and the welcome said "in progress, round 1", as in the round.
    They, ``resume``, ``resign`` and ``play`` say "after round 1"; in round 2, "round 2" again."""
    with open_shell(tmp_path, lang) as shell:
        play_first_moves(shell, "target=61 seed=3 level=greedy", round_only=True)
        dispatch(shell, "quit")
    games_word, resume, resign = ("games", "resume", "resign") if lang == "en" else ("partien", "fortsetzen", "aufgeben")
    with open_shell(tmp_path, lang) as shell:
        listed = dispatch(shell, games_word).text
        assert f", {after}: " in listed and f"{during}:" not in listed.replace(after, ""), listed
        assert f"({after}, " in welcome(shell), welcome(shell)
        assert f"({after}, " in dispatch(shell, "play" if lang == "en" else "spiele").text
        assert f"({after}, " in dispatch(shell, resign).text
        dispatch(shell, "no" if lang == "en" else "nein")
        assert f": {after}, " in dispatch(shell, resume).text
        dispatch(shell, "next" if lang == "en" else "weiter")
        dispatch(shell, "quit")
    with open_shell(tmp_path, lang) as shell:
        listed = dispatch(shell, games_word).text
    assert ", Runde 2: " in listed if lang == "de" else ", round 2: " in listed, listed
