"""Every command that searches is bounded (issue 22): advise's time limit, said when reached; arena's pool stops
at Ctrl-C and takes no more processes than there are cores."""

from __future__ import annotations

import io
import json
import multiprocessing
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from functools import partial
from pathlib import Path

import pytest
from shell_helpers import open_shell

from tutor.cli import advise as advise_cli
from tutor.cli import arena as arena_cli
from tutor.cli import engine as engine_cli
from tutor.cli import puzzles as puzzles_cli
from tutor.cli.main import build_parser, main
from tutor.cli.replay import replay_text
from tutor.content.presets import variant
from tutor.core.cards import parse_cards
from tutor.core.position import Position
from tutor.generator.runner import Outcome
from tutor.parallel import pool
from tutor.play import table_game
from tutor.play.advisor import advise, world_values
from tutor.play.review import RoundReview, review_round
from tutor.play.table_game import GameError, Settings, TableGame
from tutor.play.view import SeatView
from tutor.play.worlds import sampled_worlds
from tutor.render import Renderer
from tutor.render.review import review_brief, review_text
from tutor.shell import review_screen
from tutor.shell import status as status_module
from tutor.shell.commands import dispatch
from tutor.shell.game_text import result_text
from tutor.shell.play import GameRun
from tutor.shell.status import StatusLine
from tutor.storage.game_files import read_game_file
from tutor.storage.games import SavedGame, game_text, game_to_data

ROOT = Path(__file__).resolve().parents[1]

MANY_MOVES = """variant: classic
players: 2
to_move: 0
hands: [[5S, 6S, 7S, 8S], 4]
table: [AS, AH, AD, AC, 2S, 2H, 2D, 2C, 3S, 3H, 3D]
stock: 20
"""
"""The issue's position of 2,938 legal moves: a world took 43.7 s."""

UNHELD = """variant: classic
players: 2
to_move: 0
hands: [[8S, 8D, 8H, 2C], 4]
table: [{build: [5D, 3S], owner: 1}, 8C]
"""
"""Seat 1 owns an 8-build, and every 8 is in sight: no world can deal it a card to take it."""


def ticking(step: float) -> Iterator[float]:
    """A clock that moves on ``step`` seconds each time it is read."""
    now = 0.0
    while True:
        yield now
        now += step


def a_view() -> SeatView:
    """Seat 0's view in classic, four cards each and some in the stock: a few dozen moves."""
    v = variant("classic")
    mine, theirs = parse_cards("7S 8D KC 2H".split()), parse_cards("5H 9C 10S 7D".split())
    table, stock = parse_cards("7C 3H 4D 5S 9H".split()), parse_cards("AD 2D 5D 6D".split())
    used = {*mine, *theirs, *table, *stock}
    pos = Position(v, 2, hands=[mine, theirs], loose=table, builds=[], stock=stock,
                   captured=[[c for c in v.deck_cards if c not in used], []])
    return SeatView.of(pos, 0)


def test_a_budget_on_the_clock_stops_between_worlds_and_says_so() -> None:
    view = a_view()
    clock = ticking(0.01)
    advice = advise(view, worlds=48, seed=1, budget=1.0, clock=partial(next, clock))
    assert advice.stopped and 0 < advice.worlds < 48 and advice.unvalued == 0
    assert len(advice.moves) == len(view.legal_moves())
    full = advise(view, worlds=advice.worlds, seed=1)  # the same worlds, unhurried: the same values
    assert not full.stopped
    assert {mv.move: mv.value for mv in advice.moves} == pytest.approx({mv.move: mv.value for mv in full.moves})


def test_a_budget_spent_in_the_first_world_gives_the_moves_valued_and_counts_the_others() -> None:
    view = a_view()
    clock = ticking(1.0)
    advice = advise(view, worlds=48, seed=1, budget=4.5, clock=partial(next, clock))
    total = len(view.legal_moves())
    assert advice.stopped and advice.worlds == 1 and 0 < len(advice.moves) < total
    assert advice.unvalued == total - len(advice.moves)
    [world] = sampled_worlds(view.position(), 1, 1)
    for mv in advice.moves:  # each value given is the move's true value in that first world
        assert mv.value == pytest.approx(world_values(world, [mv.move])[0])


def test_a_budget_not_reached_changes_nothing() -> None:
    view = a_view()
    timed, free = advise(view, worlds=6, seed=2, budget=1e9), advise(view, worlds=6, seed=2)
    assert not timed.stopped and timed.unvalued == 0 and timed == free


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


def test_advise_reports_a_stop_at_its_time_limit(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text(MANY_MOVES, encoding="utf-8")
    result = run("advise", str(path), "--json", "--time-limit", "0.2")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["stopped_early"] is True and data["time_limit"] == 0.2
    assert data["unvalued"] > 0 and data["unvalued"] + len(data["moves"]) == 2938
    assert data["move"] == data["moves"][0]["notation"]
    text = run("advise", str(path), "--time-limit", "0.2", "--lang", "en")
    assert "Stopped at the time limit (0.2 s)" in text.stdout and "not valued in time" in text.stdout


def test_advise_refuses_a_build_no_hidden_hand_can_hold_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "unheld.yaml"
    path.write_text(UNHELD, encoding="utf-8")
    result = run("advise", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "seat 1 controls the 8-build but no card it may hold takes it" in result.stderr


def test_the_progress_line_shows_after_half_a_second() -> None:
    err = io.StringIO()
    clock = ticking(0.2)
    line = StatusLine(partial(next, clock), err, always=True, environ={"TERM": "xterm"})
    show = advise_cli.progress_line(Renderer("en"), 7.0, 48, line)
    show(0)  # 0.2 s in: quiet
    show(1)  # 0.4 s
    assert err.getvalue() == ""
    show(3)
    show(4)
    assert err.getvalue().split("\r\033[K")[1:] == ["advise: 3/48 deals valued, 0.6 s of 7 s",
                                                    "advise: 4/48 deals valued, 0.8 s of 7 s"]


def test_on_a_dumb_terminal_the_progress_line_is_covered_with_spaces_not_erased_by_an_escape_code() -> None:
    """``TERM=dumb`` shows escape codes as they are: the line erased with ``ESC [K`` left "^[[K" before every
    showing; it is rewritten over the one before, spaces covering what is longer, and cleared with spaces."""
    err = io.StringIO()
    line = StatusLine(partial(next, ticking(0.6)), err, always=True, environ={"TERM": "dumb"})
    line.show(lambda s: "a long line")
    line.show(lambda s: "short")
    line.clear()
    assert err.getvalue() == "\ra long line\ra long line" "\rshort      \rshort" "\r     \r"
    assert "\033" not in err.getvalue()


def slow_square(marks: Path, i: int) -> int:
    """Task ``i`` of the pool test: the first at once, the others slowly, each leaving a mark when done."""
    if i:
        time.sleep(3)
    (marks / str(i)).touch()
    return i * i


def test_ctrl_c_stops_the_pool_without_waiting_for_its_tasks(tmp_path: Path) -> None:
    results = pool.in_order(partial(slow_square, tmp_path), 3, 2)
    assert next(results) == 0
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)  # Ctrl-C, as the main process gets it
    try:
        with pytest.raises(KeyboardInterrupt):
            next(results)
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert multiprocessing.active_children() == []
    time.sleep(3.5)  # long enough for a worker left running to finish its task
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0"]


def test_a_pool_left_unread_stops_its_workers(tmp_path: Path) -> None:
    results = pool.in_order(partial(slow_square, tmp_path), 3, 2)
    assert next(results) == 0
    results.close()
    assert multiprocessing.active_children() == []
    time.sleep(3.5)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0"]


def test_arena_jobs_are_capped_at_the_usable_cores(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(arena_cli, "cores_available", lambda: 1)
    asked: list[int] = []
    real = pool.in_order

    def spy(work: Callable[[int], float], tasks: int, jobs: int) -> Iterator[float]:
        asked.append(jobs)
        return real(work, tasks, jobs)

    monkeypatch.setattr(arena_cli, "in_order", spy)
    assert main(["arena", "--a", "club", "--b", "random", "--pairs", "2", "--jobs", "8", "--lang", "en"]) == 0
    assert asked == [1]
    assert "--jobs 8 asks for more processes than the 1 core this program may use; using 1" in capsys.readouterr().err


def finished_round_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A one-round game against greedy, the learner playing its first legal move, exported as a file."""
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)
    game = TableGame(Settings(variant("classic"), 2, "greedy", 3, kind="round"))
    while not game.over:
        if not game.rounds:
            game.begin_round()
        elif game.learner_to_move:
            game.push(game.view().legal_moves()[0])
        else:
            game.push(game.computer_move())
    path = home / "game.json"
    saved = SavedGame.new(game, datetime(2026, 1, 1, tzinfo=timezone.utc))
    saved.stamp(saved.started)
    path.write_text(game_text(game_to_data(saved)), encoding="utf-8")
    return path


def test_replay_reviews_on_demand_and_says_which_rounds_it_did_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = finished_round_file(tmp_path, monkeypatch)
    assert main(["replay", str(path), "--lang", "en"]) == 0
    plain = " ".join(capsys.readouterr().out.split())
    assert "Review of your moves" not in plain
    assert "1 round is shown without the review of your moves: give --review N for round N" in plain
    assert main(["replay", str(path), "--lang", "en", "--review", "1"]) == 0
    reviewed = " ".join(capsys.readouterr().out.split())
    assert "Review of your moves" in reviewed and "without the review" not in reviewed
    # one round over: "must be 1", not "must be from 1 to 1"
    for lang, said in (("en", "--review must be 1, not 2"), ("de", "--review muss 1 sein, nicht 2")):
        assert main(["replay", str(path), "--review", "2", "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, err
    for lang, said in (("en", "(1), not 'x'"), ("de", "(1), nicht „x“")):
        assert main(["replay", str(path), "--review", "x", "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert said in err and "1 to 1" not in err and "1 bis 1" not in err, err


def test_replay_shows_its_progress_while_it_reviews(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = read_game_file(finished_round_file(tmp_path, monkeypatch))
    err, clock = io.StringIO(), ticking(1.0)
    replay_text(Renderer("en"), saved, {1}, StatusLine(partial(next, clock), err, always=True))
    assert "replay: reviewing round 1 of 1: 0 of " in err.getvalue()


@pytest.mark.parametrize(("lang", "line"), [("en", "replay: reviewing round 1 of 1: 2 of {} moves done (0.6 s)"),
                                            ("de", "replay: bespreche Runde 1 von 1: 2 von {} Zügen besprochen (0,6 s)")])
def test_replay_shows_its_progress_move_by_move_within_a_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, line: str) -> None:
    """``replay --review`` told its progress only before each round's review, when its line was still quiet: a
    one-round game's review (2.9 s in the compiled build, a 3-player Draw round) showed nothing. It counts the moves
    reviewed, as the shell's review does (the clock moves on 0.2 s each time the line reads it)."""
    saved = read_game_file(finished_round_file(tmp_path, monkeypatch))
    err = io.StringIO()
    with StatusLine(partial(next, ticking(0.2)), err, always=True, environ={"TERM": "xterm"}) as status:
        replay_text(Renderer(lang), saved, {1}, status)
    moves = len(review_round(saved.game.rounds[0].plies, saved.game.learner, worlds=4, seed=3).moves)
    shown = err.getvalue().split("\r\033[K")[1:]
    assert shown[0] == line.format(moves) and shown[-1] == ""  # taken away at the end


def test_a_match_ends_after_its_most_rounds_with_the_side_ahead_winning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_game, "MAX_ROUNDS", 2)
    game = TableGame(Settings(variant({"preset": "classic", "target": 999}), 2, "greedy", 5))
    while not game.over:
        if not game.rounds or game.round_over:
            game.begin_round()
        else:
            game.push(game.computer_move() if not game.learner_to_move else game.view().legal_moves()[0])
    assert len(game.rounds) == 2 and max(game.scores) < 999
    result = game.result
    assert result is not None and result.reason == "rounds"
    leaders = [side for side, p in enumerate(game.scores) if p == max(game.scores)]
    assert result.winner == (leaders[0] if len(leaders) == 1 else None)
    with pytest.raises(GameError):
        game.begin_round()
    for lang, words in (("en", "after 100 rounds, the most a match lasts"),
                        ("de", "nach 100 Runden, der längsten Dauer einer Partie")):
        assert words in result_text(Renderer(lang), game)


def test_a_saved_game_of_more_rounds_than_a_match_lasts_is_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = finished_round_file(tmp_path, monkeypatch)
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(kind="match", finished=None, result=None, rounds=data["rounds"] * (table_game.MAX_ROUNDS + 1))
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "101 rounds, more than the 100 a match lasts" in err


def test_a_round_review_on_a_budget_stops_at_a_move_and_counts_the_rest() -> None:
    game = TableGame(Settings(variant("classic"), 2, "greedy", 4, kind="round"))
    while not game.over:
        if not game.rounds:
            game.begin_round()
        else:
            game.push(game.computer_move() if not game.learner_to_move else game.view().legal_moves()[-1])
    plies = game.current.plies
    full = review_round(plies, 0, worlds=4, seed=9)
    clock = ticking(0.01)
    cut = review_round(plies, 0, worlds=4, seed=9, budget=2.0, clock=partial(next, clock))
    assert full.unreviewed == 0 and cut.unreviewed > 0
    assert len(cut.moves) + cut.unreviewed == len(full.moves)
    assert cut.moves == full.moves[:len(cut.moves)]  # the moves reviewed are judged as without a budget


def test_the_shells_hint_and_review_say_when_their_time_ran_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_screen, "REVIEW_WORLDS", 4)
    monkeypatch.setattr(review_screen, "HINT_BUDGET", 0.0)
    monkeypatch.setattr(review_screen, "REVIEW_BUDGET", 0.0)
    monkeypatch.setattr(review_screen, "BACKGROUND", False)  # else the moves reviewed during the round in time are not cut
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun)
        hint = " ".join(dispatch(shell, "hint").text.split())
        assert "The advisor stopped at its time limit of 0 s" in hint and "its best so far" in hint  # its budget
        while not run.game.round_over:
            pos = run.position
            said = dispatch(shell, pos.notation(pos.generate()[0])).text
    assert "The review stopped at its time limit" in " ".join(said.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_review_stopped_before_its_first_move_praises_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """The review's time limit ran out before its first move: the round's end said "0 moves reviewed: none surely
    lost 0.5 points or more. Well played!" over the note that 23 moves were not reviewed, and so did ``analysis``
    and ``cassino-tutor replay``. They say that the review stopped before it reviewed any move, and how to review
    the round in full; a review stopped later praises nothing either."""
    monkeypatch.setattr(review_screen, "REVIEW_WORLDS", 4)
    monkeypatch.setattr(review_screen, "REVIEW_BUDGET", 0.0)
    monkeypatch.setattr(review_screen, "BACKGROUND", False)  # else moves are reviewed during the round, in time
    ui = Renderer(lang)
    praise = "Well played" if lang == "en" else "Gut gespielt"
    stopped = {"en": "stopped at its time limit of 0 s before it reviewed any of your moves",
               "de": "bei ihrem Zeitlimit von 0 s angehalten, bevor sie einen deiner Züge besprochen hat"}[lang]
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, ("play round" if lang == "en" else "spiele runde") + " level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun)
        while not run.game.round_over:
            pos = run.position
            said = dispatch(shell, pos.notation(pos.generate()[0])).text
        assert run.reviewed is not None and not run.reviewed[1].moves and run.reviewed[1].unreviewed  # the premise
        analysis = dispatch(shell, "analysis" if lang == "en" else "besprechung").text
        plies, seat = run.game.current.plies, run.game.learner
    for text in (said, analysis):
        assert stopped in " ".join(text.split()) and "--review" in text and praise not in text, text
        assert not any(line.startswith(("0 moves", "0 Züge")) for line in text.splitlines()), text
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    assert main(["replay", "1", "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert praise not in out and ("before it reviewed any" if lang == "en" else "bevor sie einen deiner") in out, out
    full = review_round(plies, seat, worlds=4, seed=5)
    cut = RoundReview(full.players, seat, full.moves[:1], (), len(full.moves) - 1)  # stopped after a move, unmarked
    for text in (review_brief(ui, cut), review_text(ui, cut)):
        assert praise not in text and ("1 move reviewed" if lang == "en" else "1 Zug besprochen") in text, text
    assert praise in review_brief(ui, RoundReview(full.players, seat, full.moves[:1], ()))  # a whole review of one


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_review_stopped_by_its_time_limit_gives_the_command_that_reviews_its_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """The note under a review its time limit stopped said "“cassino-tutor replay” with --review reviews the whole
    round" (German "… mit --review=all …"): it names the game's number and the round, the command as replay takes
    it, here game 2 (a game played before it), round 2 of a match: at the round's end, on ``analysis``, and under
    the kept review that ``replay`` shows."""
    monkeypatch.setattr(review_screen, "REVIEW_WORLDS", 4)
    monkeypatch.setattr(review_screen, "BACKGROUND", False)  # else moves are reviewed during the round, in time
    w = {"en": ("play", "resign yes", "next", "analysis"), "de": ("spiele", "aufgeben ja", "weiter", "besprechung")}
    play, resign, deal, analysis = w[lang]
    command = ("“cassino-tutor replay 2 --review=2” reviews the whole round" if lang == "en" else
               "„cassino-tutor replay 2 --review=2“ bespricht die ganze Runde")
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{play} round level=greedy seed=5" if lang == "en" else f"{play} runde level=greedy seed=5")
        dispatch(shell, resign)
        dispatch(shell, f"{play} level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun) and run.saved.key == 2
        while len(run.game.rounds) < 2 or not run.game.round_over:
            if run.game.round_over:
                monkeypatch.setattr(review_screen, "REVIEW_BUDGET", 0.0)  # round 2's review stops at once
                dispatch(shell, deal)
            else:
                pos = run.position
                said = dispatch(shell, pos.notation(pos.generate()[0])).text
        assert run.reviewed is not None and run.reviewed[0] == 2 and run.reviewed[1].unreviewed  # the premise
        full = dispatch(shell, analysis).text
    for text in (said, full):
        assert command in " ".join(text.split()), text
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    assert main(["replay", "2", "--lang", lang]) == 0
    assert command in " ".join(capsys.readouterr().out.split())
    assert main(["replay", "2", "--lang", lang, "--review=2"]) == 0  # the command as given
    out = " ".join(capsys.readouterr().out.split())
    assert ("Round 2" if lang == "en" else "Runde 2") in out and command not in out


@pytest.mark.parametrize(("lang", "line"), [("en", "Playing on: 3 moves so far (4.0 s)"),
                                            ("de", "Es wird weitergespielt: bisher 3 Züge (4,0 s)")])
def test_the_computers_turns_show_a_progress_line_once_they_take_half_a_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, line: str) -> None:
    """Three players: the learner's move and the two computers' replies, each counted as it is played (the
    clock moves on a second each time it is read)."""
    err = io.StringIO()
    monkeypatch.setattr("tutor.shell.play.StatusLine", lambda: StatusLine(partial(next, ticking(1.0)), err, always=True))
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round players=3 level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun) and run.game.learner_to_move
        pos = run.position
        dispatch(shell, pos.notation(pos.generate()[0]))
    assert line in err.getvalue()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_note_of_a_stopped_review_names_a_command_replay_takes(lang: str) -> None:
    """The English note said "“cassino-tutor replay” with --review reviews the whole round", and a bare --review is
    refused ("argument --review: expected one argument"). Each note now names the whole command, the game's number
    and the round's, and replay's parser takes it; a game not kept names none."""
    for key in ("review.stopped", "review.replay_stopped"):
        for reviewed in (0, 3):
            note = " ".join(Renderer(lang).message(key, n=2, limit=15.0, reviewed=reviewed, game=4, round=2).split())
            command = re.search(r"cassino-tutor (replay \S+ --review=\S+)[“”„]", note)
            assert command is not None, note
            args = build_parser().parse_args(command[1].split())
            assert (args.file, args.review) == ("4", "2"), note
            assert "--review" not in Renderer(lang).message(key, n=2, limit=15.0, reviewed=reviewed, game=None,
                                                                  round=2)


def stopped_after(steps: int, progress: Callable[..., None], *told: int) -> None:
    """Work that tells ``progress`` of ``steps`` steps (each with ``told`` after its number), then is stopped by
    Ctrl-C."""
    for done in range(steps):
        progress(done, *told)
    raise KeyboardInterrupt


def lines_on(err: io.StringIO) -> Callable[[], StatusLine]:
    """Status lines on ``err`` whose clock moves on 0.6 s each time it is read, from 0 (a ``quiet_from`` of the
    real clock is left aside): each showing is seen."""
    return lambda quiet_from=None: StatusLine(partial(next, ticking(0.6)), err, always=True, environ={"TERM": "xterm"})


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_during_advise_takes_its_progress_line_away(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """Ctrl-C while ``advise`` thought left its line: "advise: 0/48 deals valued, 2.6 s of 7 s^Ccassino-tutor:
    interrupted"; the line is taken away before the interruption is said."""
    err = io.StringIO()
    monkeypatch.setattr(advise_cli, "StatusLine", lines_on(err))
    monkeypatch.setattr(advise_cli, "advise", lambda *a, progress, **k: stopped_after(3, lambda d: progress(d)))
    assert main(["advise", str(ROOT / "docs" / "examples" / "start.yaml"), "--lang", lang]) == 130
    assert err.getvalue().count("\r\033[K") == 5 and err.getvalue().endswith("\r\033[K")  # 4 showings, then away
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_during_a_hint_or_a_review_made_again_takes_its_progress_line_away(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Ctrl-C while the shell's ``hint``, or ``analysis``'s review of a resumed round, thought left the progress
    line beside the shell's "Stopped." (the session says it after the command)."""
    err = io.StringIO()
    monkeypatch.setattr("tutor.shell.play.StatusLine", lines_on(err))
    monkeypatch.setattr("tutor.shell.play.hint_advice", lambda game, progress: stopped_after(3, progress))
    monkeypatch.setattr("tutor.shell.play.review_again",
                        lambda plies, seat, seed, hinted, progress: stopped_after(3, progress, 9))
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, ("play round" if lang == "en" else "spiele runde") + " level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun) and run.game.learner_to_move
        err.seek(0), err.truncate()  # the computers' first moves had their line
        with pytest.raises(KeyboardInterrupt):
            dispatch(shell, "hint" if lang == "en" else "tipp")
        assert err.getvalue().count("\r\033[K") == 5 and err.getvalue().endswith("\r\033[K")
        with pytest.raises(KeyboardInterrupt):
            run.review_again(run.game.current.plies, 5, set())
    assert err.getvalue().count("\r\033[K") == 9 and err.getvalue().endswith("\r\033[K")


def test_on_a_terminal_the_line_comes_and_its_seconds_go_on_between_two_steps_of_the_work() -> None:
    """The line was drawn only when the work told of a step: a step that took long (a computer's move, the last
    move's review) kept the screen still past half a second, then showed seconds that stood still.  On a
    terminal a thread draws the last words again every tenth of a second, and stops with the line."""
    err = io.StringIO()
    line = StatusLine(stream=err, always=True, environ={"TERM": "xterm"}, quiet_from=time.perf_counter() - 0.5,
                      ticking=True)
    with line:
        line.show(lambda spent: f"step 1 ({spent:.1f} s)")
        time.sleep(0.45)  # one long step
    shown = err.getvalue().split("\r\033[K")[1:]
    assert len(shown) >= 4 and shown[-1] == "" and len(set(shown[:-1])) >= 3, shown
    time.sleep(0.25)
    assert err.getvalue().endswith("\r\033[K"), "nothing drawn once the line was taken away"


def test_a_rounds_review_shows_its_line_from_the_half_second_its_last_moves_began(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The round's last moves and its review each had a line quiet for half a second of its own: 0.45 s of the
    computers' moves then 0.67 s of review (a 4-player Draw round, compiled build) showed nothing for 1.1 s.
    The review's line shows from the moves' half second on, with the review's own seconds (one clock for both,
    moving on 0.125 s a reading)."""
    err, clock = io.StringIO(), ticking(0.125)
    monkeypatch.setattr(review_screen, "REVIEW_WORLDS", 4)
    monkeypatch.setattr(review_screen, "BACKGROUND", False)  # every move is reviewed at the round's end
    monkeypatch.setattr("tutor.shell.play.StatusLine", lambda quiet_from=None: StatusLine(
        partial(next, clock), err, always=True, environ={"TERM": "xterm"}, quiet_from=quiet_from))
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun)
        while not run.game.round_over:
            err.seek(0), err.truncate()
            pos = run.position
            dispatch(shell, pos.notation(pos.generate()[0]))
    reviewing = [s for s in err.getvalue().split("\r\033[K") if s.startswith("Reviewing your moves")]
    assert re.fullmatch(r"Reviewing your moves: 0 of \d+ \(0\.1 s\)", reviewing[0]), reviewing  # its own seconds


@pytest.mark.parametrize(("lang", "words"), [("en", "Searching the deal exactly: 0.6 s"),
                                             ("de", "Exakte Suche im Blatt: 0,6 s")])
def test_solve_says_it_searches_a_deal_and_takes_the_line_away(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    """``solve --goal deal`` searched a deal of 16 cards for minutes with nothing on the screen but the warning
    before it.  A progress line says it searches (here the clock moves on 0.6 s a reading); a goal valued move by
    move at once has none."""
    err = io.StringIO()
    monkeypatch.setattr(engine_cli, "StatusLine", lines_on(err))
    endgame = str(ROOT / "docs" / "examples" / "endgame.yaml")
    assert main(["solve", endgame, "--goal", "deal", "--jobs", "1", "--lang", lang]) == 0
    assert err.getvalue().split("\r\033[K")[1:] == [words, ""]
    err.seek(0), err.truncate()
    assert main(["solve", endgame, "--goal", "points", "--lang", lang]) == 0
    assert err.getvalue() == ""
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("lang", "words"), [("en", "arena: [{}] {}/2 pairs ({} s)"),
                                             ("de", "Arena: [{}] {}/2 Paare ({} s)")])
def test_the_arenas_bar_comes_at_half_a_second_and_is_taken_away_at_the_end(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    """The bar was drawn when a pair was played: 4 pairs of expert against club in 3-player Draw showed nothing for
    19 s (compiled build, 2 jobs), then stood at 2/4 for 19 s more; Ctrl-C left it beside "cassino-tutor:
    interrupted".  It is a progress line now, with its seconds (the clock moves on 0.6 s a reading)."""
    err = io.StringIO()
    monkeypatch.setattr(arena_cli, "StatusLine", lines_on(err))
    assert main(["arena", "--a", "club", "--b", "random", "--pairs", "2", "--jobs", "1", "--lang", lang]) == 0
    spent = [Renderer(lang).decimal(0.6 * n) for n in (1, 2, 3)]
    bars = ["." * 30, "#" * 15 + "." * 15, "#" * 30]
    assert err.getvalue().split("\r\033[K")[1:] == [words.format(b, n, s) for n, (b, s) in
                                                     enumerate(zip(bars, spent))] + [""]
    assert capsys.readouterr().err == ""


def test_a_progress_line_stays_within_the_terminals_width(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``puzzles generate``'s counter grows past 80 columns ("puzzles: 0/3; rejected 2,720: only capture 2,011, one
    capturer 80, small gap 368, too many best 159, ..."): at 80 columns each count wrapped, and the screen scrolled a
    line a count.  On a terminal each line is cut to its width less one, the status lines' too."""
    monkeypatch.setattr(puzzles_cli, "columns", lambda stream: 40)
    assert main(["puzzles", "generate", "--theme", "pairing", "--count", "3", "--jobs", "1", "--progress",
                 "--lang", "en"]) == 0
    counter = capsys.readouterr().err.split("\n")[0].split("\r")[1:]
    assert counter and all(len(line) <= 39 for line in counter) and counter[-1].startswith("puzzles: 3/3; rejected")
    err = io.StringIO()
    monkeypatch.setattr(status_module, "columns", lambda stream: 20)
    with StatusLine(partial(next, ticking(0.6)), err, always=True, environ={"TERM": "xterm"}) as line:
        line.show(lambda spent: "Reviewing your moves: 1 of 14")
    assert err.getvalue() == "\r\033[KReviewing your move\r\033[K"  # 19 columns


def test_ctrl_c_during_puzzles_generate_ends_the_counters_line_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The counter is kept (a log of the run); Ctrl-C wrote "cassino-tutor: interrupted" on its line."""
    def stopped(request: object, jobs: int, show: Callable[[object], None]) -> None:
        show(Outcome([], Counter(grab=2)))
        raise KeyboardInterrupt

    monkeypatch.setattr(puzzles_cli, "generate", stopped)
    assert main(["puzzles", "generate", "--theme", "pairing", "--count", "3", "--progress", "--lang", "en"]) == 130
    assert capsys.readouterr().err == "\rpuzzles: 0/3; rejected 2: grab 2\ncassino-tutor: interrupted\n"
