"""No move lost without a word (issue 22, cases 8 to 10): two shells on one home, a full disk or a file that
cannot be written, and a process killed while it saves."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import ExitStack
from datetime import datetime, timezone
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from shell_helpers import game_run, kept_games, open_shell, right_answer, shell_process, wrong_answer
from test_play_shell import learner_line, read_until
from test_shell import say

from tutor.play.table_game import TableGame
from tutor.shell.catch_up import catch_up
from tutor.shell.commands import dispatch, farewell, welcome
from tutor.shell.session import TutorSession
from tutor.shell.state import Shell

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="process ids, SIGKILL and file size limits are POSIX")


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)


BYE_GAME_SAVED = "Goodbye! Your progress is saved.\nYour game is saved: next time, type “resume” to go on with it."
"""What leaving says with a game open and everything saved."""


def move(shell: Shell) -> str:
    """The learner's first legal move, played; the reply."""
    return dispatch(shell, learner_line(shell)).text


def plies(game: TableGame) -> list[list[str]]:
    return [[p.before.notation(p.move) for p in r.plies] for r in game.rounds]


# ---- two shells on one home ------------------------------------------------------------------------------


def test_a_second_shell_may_not_play_the_game_the_first_plays_and_no_move_is_lost(tmp_path: Path) -> None:
    with ExitStack() as first_open, open_shell(tmp_path) as second:
        first = first_open.enter_context(open_shell(tmp_path))
        dispatch(first, "play players=3 level=greedy seed=17")
        for _ in range(3):
            move(first)
        pid = os.getpid()
        assert f"is open in another cassino-tutor window (process {pid}): go on with it there." in welcome(second)
        for typed in ("resume", "resign"):
            said = dispatch(second, typed).text
            assert said.startswith(f"Your game is being played in another cassino-tutor window (process {pid} on this "
                                   "computer)"), said
        assert "is not finished" in dispatch(second, "play").text and second.activity is None
        assert f"(open in another window, process {pid})" in dispatch(second, "games").text
        for _ in range(3):
            assert "not saved" not in move(first)
        shown = plies(game_run(first).game)
        assert plies(kept_games(tmp_path)[0].game) == shown
        assert dispatch(first, "quit").text == BYE_GAME_SAVED
        first_open.close()  # the first shell ends: the game is let go
        assert "Going on with your game" in dispatch(second, "resume").text
        assert plies(game_run(second).game) == shown, "every move the first shell showed"


def test_a_shell_whose_game_was_taken_up_elsewhere_says_its_move_was_not_saved_and_plays_no_more(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other shell takes the game up when the first looks gone (a process id reused, another computer's lease
    run out): the first shell's next save finds the game changed, writes nothing, and says so."""
    with open_shell(tmp_path) as first, open_shell(tmp_path) as second:
        dispatch(first, "play level=greedy seed=17")
        move(first)
        monkeypatch.setattr("tutor.storage.game_store.process_runs", lambda pid: False)
        assert "Going on with your game" in dispatch(second, "resume").text
        monkeypatch.undo()
        move(second)
        theirs = plies(game_run(second).game)
        said = move(first)
        assert (f"This move was not saved: your game was taken up in another cassino-tutor window "
                f"(process {os.getpid()}) since you opened it here.") in said
        assert plies(kept_games(tmp_path)[0].game) == theirs, "the other shell's game is kept as it played it"
        unsaved = game_run(first).unsaved_moves
        assert unsaved >= 1
        for typed in ("undo", "next", "hint", "taken", "7S"):
            assert dispatch(first, typed).text.startswith("Your game was taken up in another cassino-tutor window")
        for typed in ("resign", "resume"):
            assert dispatch(first, typed).text.startswith("Your game is being played in another cassino-tutor window")
        assert plies(kept_games(tmp_path)[0].game) == theirs
        assert farewell(first) == (
            f"Goodbye! Not everything could be saved:\n- {unsaved} move{'s' if unsaved > 1 else ''} of your game "
            f"could not be saved (another cassino-tutor window (process {os.getpid()}) took the game up); the game is "
            "kept as it was last saved.")
        assert farewell(second) == BYE_GAME_SAVED


def send(proc: subprocess.Popen[str], line: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def run_shell(home: Path, lines: str) -> str:
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "1000"}
    run = subprocess.run([sys.executable, "-m", "tutor", "--lang", "en"], input=lines, capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


@POSIX
@pytest.mark.slow
def test_two_shell_processes_one_refused_until_the_other_is_killed_then_every_shown_move_is_there(
        tmp_path: Path) -> None:
    first = shell_process(tmp_path)
    try:
        send(first, "play players=3 level=club seed=17")
        read_until(first, "Type your move")
        for _ in range(3):
            pos = kept_games(tmp_path)[0].game.view().position()
            send(first, pos.notation(pos.generate()[-1]))
            read_until(first, "Type your move")
        said = run_shell(tmp_path, "resume\nquit\n")
        assert f"being played in another cassino-tutor window (process {first.pid} on this computer)" in said
        assert "Goodbye! Your progress is saved." in said
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=30)
    shown = plies(kept_games(tmp_path)[0].game)
    said = run_shell(tmp_path, "resume\nquit\n")
    assert "Going on with your game" in said
    assert plies(kept_games(tmp_path)[0].game)[: len(shown)] == shown


# ---- a full disk, a file that cannot be written -----------------------------------------------------------


def test_moves_that_cannot_be_written_are_said_each_time_and_again_at_quit(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play level=greedy seed=17")
        move(shell)
        kept = plies(game_run(shell).game)
        shell.progress._conn.execute("PRAGMA query_only = 1")  # as a read-only file or folder would
        for _ in range(3):
            said = move(shell)
            assert (f"The game could not be saved in {tmp_path / 'progress.sqlite3'} (the file is read-only); "
                    "play goes on, and the next move tries again.") in said
        assert plies(kept_games(tmp_path)[0].game) == kept
        lost = game_run(shell).unsaved_moves
        assert lost == sum(map(len, plies(game_run(shell).game))) - sum(map(len, kept))
        dispatch(shell, "puzzle")
        said = dispatch(shell, "solution").text  # a puzzle's attempt: a change of the progress
        assert "Cannot save to the progress file" in said
        bye = dispatch(shell, "quit").text
        assert "saved." not in bye.splitlines()[0]
        assert bye.splitlines() == [
            "Goodbye! Not everything could be saved:",
            f"- {lost} moves of your game could not be saved (the file is read-only); the game is kept as it was "
            "last saved.",
            "- 1 change to your progress could not be saved (the file is read-only).",
        ]
        shown: list[str] = []
        with create_pipe_input() as pipe:  # Ctrl-D says the same as quit
            pipe.send_text("\x04")
            TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), say=shown.append).run()
        assert shown[-1] == bye
        shell.progress._conn.execute("PRAGMA query_only = 0")
        dispatch(shell, "resume")
        assert "could not be saved" not in move(shell)
        assert plies(kept_games(tmp_path)[0].game) == plies(game_run(shell).game)
        assert f"- {lost} moves of your game could not be saved" in dispatch(shell, "quit").text, \
            "moves left unsaved are lost, and still said"


@pytest.mark.parametrize(("lang", "resume", "quit_", "bye"), [
    ("en", "resume", "quit", "Goodbye! Your progress is saved."),
    ("de", "fortsetzen", "ende", "Auf Wiedersehen! Dein Fortschritt ist gespeichert."),
])
def test_a_game_not_taken_up_in_a_file_that_cannot_be_written_counts_no_change_lost(
        tmp_path: Path, lang: str, resume: str, quit_: str, bye: str) -> None:
    """``resume`` on a read-only progress file said 'Cannot save to the progress file … What was saved before is
    kept', and leaving then '1 change to your progress could not be saved', though the learner had changed nothing:
    the change was this shell's hold on the game. It now says the game cannot be played on there, and counts no
    change lost."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round level=greedy seed=17")
        move(shell)
    with open_shell(tmp_path, lang) as shell:
        shell.progress._conn.execute("PRAGMA query_only = 1")  # as a read-only file or folder would
        reason = shell.ui.message("storage_errors.read_only")
        for typed in (resume, f"{resume} 1"):
            assert dispatch(shell, typed).text == shell.ui.message("play.cannot_take", number=1, reason=reason)
        assert dispatch(shell, quit_).text.startswith(bye)


@pytest.mark.parametrize(("lang", "resume", "cannot"), [
    ("en", "type “resume”", "but cannot be played on here"),
    ("de", "Tippe „fortsetzen“", "kann hier aber nicht weitergespielt werden")])
def test_the_welcome_offers_no_resume_where_the_progress_file_cannot_be_written(
        tmp_path: Path, lang: str, resume: str, cannot: str) -> None:
    """The welcome said "type resume to go on with it" of the game in progress when the progress file was read-only,
    and ``resume`` then said the game could not be played on there. It now says so itself, with the reason, and
    the next step it proposes is not that game; the file writable again, it offers it as before."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round level=greedy seed=17")
        move(shell)
    with open_shell(tmp_path, lang) as shell:
        assert resume in welcome(shell)
        shell.progress._conn.execute("PRAGMA query_only = 1")  # as a read-only file or folder would
        said = welcome(shell)
        assert cannot in said and shell.ui.message("storage_errors.read_only") in said
        assert resume not in said and resume not in dispatch(shell, "next").text
        shell.progress._conn.execute("PRAGMA query_only = 0")
        assert resume in welcome(shell)


def test_in_german_too(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        dispatch(shell, "spiele stufe=Raffer seed=17")
        shell.progress._conn.execute("PRAGMA query_only = 1")
        said = move(shell)
        assert "Das Spiel konnte nicht in" in said
        bye = dispatch(shell, "ende").text
        assert bye.startswith("Auf Wiedersehen! Nicht alles konnte gespeichert werden:\n- ")
        assert "Züge deines Spiels konnten nicht gespeichert werden" in bye
        assert "ist gespeichert" not in bye


FULL_DISK = """
import resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))  # ulimit -f: no file may grow past this
from tutor.cli.main import main
sys.exit(main(["--lang", "en"]))
"""


@POSIX
@pytest.mark.slow
def test_a_disk_that_fills_up_mid_game_each_move_says_so_and_quit_names_what_was_lost(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round level=greedy seed=17")
        game = TableGame(game_run(shell).game.settings)  # the same game, played alongside: the learner's next move
        game.replay([(r.start, r.moves) for r in game_run(shell).game.rounds])
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "1000"}
    proc = subprocess.Popen([sys.executable, "-c", FULL_DISK, str(40_000)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    said: list[str] = []
    try:
        send(proc, "resume")
        read_until(proc, "Type your move")
        while not game.round_over and len(said) < 12:
            line = game.view().position().notation(game.view().legal_moves()[0])
            game.play(game.view().legal_moves()[0])
            send(proc, line)
            said.append(read_until(proc, "Type your move" if not game.round_over else "Round 1 is over"))
        send(proc, "quit")
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    failed = [i for i, reply in enumerate(said) if "could not be saved" in reply]
    assert failed and failed == list(range(failed[0], len(said))), "once full, every move says so"
    stored = sum(map(len, plies(kept_games(tmp_path)[0].game)))
    lost = sum(map(len, plies(game))) - stored
    assert lost > 0
    assert f"Goodbye! Not everything could be saved:\n- {lost} moves of your game could not be saved (" in out
    assert "Your progress is saved" not in out


# ---- kill -9 while saving -----------------------------------------------------------------------------------


KILLED_SAVER = """
import random, sys
from datetime import datetime, timezone
from pathlib import Path
from tutor.content.presets import variant
from tutor.play.table_game import Settings, TableGame
from tutor.storage import Progress
from tutor.storage.games import SavedGame
from tutor.storage.game_store import GameSummary
with Progress.open(Path(sys.argv[1])) as progress:
    store, now = progress.games, datetime.now(timezone.utc)
    waiting = store.waiting(now)
    if waiting is None:
        saved = SavedGame.new(TableGame(Settings(variant("classic"), 3, "greedy", 5)), now)
        saved.game.begin_round()
        store.add(saved, now)
    else:
        saved = store.take(waiting.key, now)
    game, rng = saved.game, random.Random(len(sys.argv[2]))
    while not game.over:
        if game.round_over:
            game.begin_round()
        elif game.learner_to_move:
            game.push(rng.choice(game.view().legal_moves()))
        else:
            game.push(game.computer_move())
        store.save(saved, datetime.now(timezone.utc))
        print(sum(len(r.plies) for r in game.rounds), flush=True)
"""


@POSIX
def test_a_process_killed_while_saving_loses_no_saved_move_and_leaves_nothing_to_clean(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    last = 0
    for kill in range(3):
        saver = subprocess.Popen([sys.executable, "-c", KILLED_SAVER, str(path), "x" * kill], stdout=subprocess.PIPE,
                                 text=True, cwd=ROOT)
        assert saver.stdout is not None
        printed = []
        for line in saver.stdout:
            printed.append(int(line))
            if len(printed) == 15:
                break
        saver.send_signal(signal.SIGKILL)  # a save is most of each step: the kill falls in one, or between two
        saver.wait()
        printed += [int(line) for line in saver.stdout.read().split()]
        saver.stdout.close()
        assert saver.returncode == -signal.SIGKILL and printed[0] in (last, last + 1)
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA quick_check").fetchone() == ("ok",)
        conn.close()
        [game] = kept_games(tmp_path)
        stored = sum(map(len, plies(game.game)))
        assert stored in (printed[-1], printed[-1] + 1), "every save printed is kept (and one more may be)"
        last = stored
        assert {p.name for p in tmp_path.iterdir()} <= {"progress.sqlite3", "progress.sqlite3-wal",
                                                         "progress.sqlite3-shm"}


def test_a_save_stopped_by_ctrl_c_is_not_said_saved_and_the_next_move_saves_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.storage.game_store import GameStore

    with open_shell(tmp_path) as shell:
        dispatch(shell, "play level=greedy seed=17")
        real = GameStore.save

        def stopped(self: GameStore, *args: object) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(GameStore, "save", stopped)
        with pytest.raises(KeyboardInterrupt):  # the session says "Stopped." and reads the next line
            move(shell)
        monkeypatch.setattr(GameStore, "save", real)
        assert farewell(shell) == ("Goodbye! Not everything could be saved:\n- 1 move of your game could not be saved "
                                   "(stopped by Ctrl-C while it was being saved); the game is kept as it was last "
                                   "saved.\nYour game is kept: next time, type “resume” to go on with it.")
        said = dispatch(shell, "7S x 7D").text  # not the learner's turn: the computers play on, and all is saved
        assert "Player 2 plays" in said and "could not be saved" not in said
        assert plies(kept_games(tmp_path)[0].game) == plies(game_run(shell).game)
        assert farewell(shell) == BYE_GAME_SAVED


def test_a_piped_script_that_ends_without_quit_says_what_could_not_be_saved(tmp_path: Path) -> None:
    import io

    from tutor.shell.app import run_script

    with open_shell(tmp_path) as shell:
        out = io.StringIO()
        run_script(shell, io.StringIO("play level=greedy seed=17\n"), out)
        said = " ".join(out.getvalue().split())  # as wrapped to the width
        assert said.endswith(" ".join(BYE_GAME_SAVED.split())), "all saved: the script ends saying how to go on"
        shell.progress._conn.execute("PRAGMA query_only = 1")
        out = io.StringIO()
        run_script(shell, io.StringIO(learner_line(shell) + "\n"), out)
        said = " ".join(out.getvalue().split())  # as wrapped to the width
        assert said.endswith(" ".join(farewell(shell).split())) and farewell(shell).startswith(
            f"Goodbye! Not everything could be saved:\n- {game_run(shell).unsaved_moves} moves of your game could not")


# ---- a terminal closed under the tutor --------------------------------------------------------------------


def hinted_then_stopped(home: Path, stop: signal.Signals) -> int:
    """A shell process on ``home`` opens a puzzle, takes a hint, lists the lessons (the hint is in), and is stopped
    by ``stop``: its return code."""
    shell = shell_process(home)
    try:
        send(shell, "puzzle")
        send(shell, "hint")
        send(shell, "lessons")
        read_until(shell, "The course (")
        shell.send_signal(stop)
        shell.communicate(timeout=30)
    finally:
        if shell.poll() is None:
            shell.kill()
    return shell.returncode


@pytest.mark.parametrize("stop", [signal.SIGHUP, signal.SIGTERM])
def test_a_closed_terminal_leaves_as_quit_does_a_hinted_puzzle_recorded(
        tmp_path: Path, stop: signal.Signals) -> None:
    """Closing the terminal window (SIGHUP) or a plain kill (SIGTERM) ended the tutor where it stood: a puzzle left
    after a hint was never recorded (it came back as never tried, a solve then the learner's own, though 'quit'
    records it as a miss)."""
    assert hinted_then_stopped(tmp_path, stop) == 128 + stop
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    try:
        assert conn.execute("SELECT solved, hints FROM attempt").fetchall() == [(0, 1)]
    finally:
        conn.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_puzzle_open_after_a_hint_in_a_killed_shell_counts_as_missed_at_the_next_start(
        tmp_path: Path, lang: str) -> None:
    """``kill -9`` after a hint lost it: nothing was recorded, and the puzzle came back as never tried, a solve
    then the learner's own.  The hint is now kept at once, and the next start counts the puzzle as missed and
    says so; a shell still running keeps its own puzzle open."""
    with open_shell(tmp_path) as running:
        running.clock.now = datetime.now(timezone.utc)  # type: ignore[attr-defined]  # as the other shells see it
        say(running, "puzzle")
        say(running, "hint")
        hinted_then_stopped(tmp_path, signal.SIGKILL)
        with open_shell(tmp_path, lang) as after:
            after.clock.now = running.clock.now  # type: ignore[attr-defined]
            after.caught_up = catch_up(after)  # as the shell's start does
            said = dispatch(after, "show").text
            assert {"en": "Last time the tutor stopped with a puzzle open after a hint: it counts as missed",
                    "de": "Beim letzten Mal endete das Programm, während eine Aufgabe nach einem Tipp offen war: Sie "
                          "zählt als nicht gelöst"}[lang] in " ".join(said.split())
        conn = sqlite3.connect(tmp_path / "progress.sqlite3")
        try:
            assert conn.execute("SELECT solved, hints FROM attempt").fetchall() == [(0, 1)]
            assert conn.execute("SELECT count(*) FROM puzzle_helped").fetchone() == (1,), "the running shell's"
        finally:
            conn.close()
        assert dispatch(running, "quit").text
    with open_shell(tmp_path) as last:
        assert catch_up(last) == ""
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    try:
        assert conn.execute("SELECT solved, hints FROM attempt").fetchall() == [(0, 1)] * 2, "quit records its own"
        assert conn.execute("SELECT count(*) FROM puzzle_helped").fetchone() == (0,)
    finally:
        conn.close()


@pytest.mark.parametrize("then", ["quit", "solve"])
def test_a_hint_after_a_miss_leaves_nothing_for_the_next_start_to_count_again(tmp_path: Path, then: str) -> None:
    """A hint after a wrong first answer (the attempt already recorded, the puzzle still open) was kept as help
    to settle: the answer after it, or leaving, recorded nothing more and left it there, and the next start
    counted the puzzle as missed a second time and said the tutor had stopped with it open after a hint."""
    ended = subprocess.Popen([sys.executable, "-c", ""])  # the shell's process, gone at the next start
    ended.wait()
    with open_shell(tmp_path) as shell:
        host, _, token = shell.progress.games.holder.rsplit("/", 2)
        shell.progress.games.holder = f"{host}/{ended.pid}/{token}"
        say(shell, "puzzle")
        say(shell, wrong_answer(shell) or "")
        say(shell, "hint")
        if then == "solve":
            assert "Solved" in say(shell, right_answer(shell))
        assert dispatch(shell, "quit").quit
    with open_shell(tmp_path) as later:
        assert catch_up(later) == ""
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    try:
        assert conn.execute("SELECT solved, hints FROM attempt").fetchall() == [(0, 0)], "the first answer's alone"
        assert conn.execute("SELECT count(*) FROM puzzle_helped").fetchone() == (0,)
    finally:
        conn.close()


HUNG_UP = """
import os, pty, signal, time
from tutor.shell.app import leave_on_hangup
main_end, tutor_end = pty.openpty()
os.dup2(tutor_end, 1)
os.dup2(tutor_end, 2)
os.close(main_end)  # the terminal window is closed
leave_on_hangup()
try:
    os.kill(os.getpid(), signal.SIGHUP)
    time.sleep(10)
finally:
    print("what leaving still writes", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal, as POSIX has it")
def test_what_the_tutor_writes_on_its_way_out_of_a_closed_terminal_fails_nothing() -> None:
    """Closing a tmux window under the tutor made a crash report: on its way out after the hangup, prompt_toolkit
    wrote to the terminal no longer there (an input/output error), which the last line of defence reported."""
    proc = subprocess.run([sys.executable, "-c", HUNG_UP], capture_output=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 128 + signal.SIGHUP
