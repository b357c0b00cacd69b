"""A move the learner played after asking the advisor (``hint`` in a game) is the advisor's: no evidence of their
skills and not in their points lost a move.  A learner who asked before every move was measured as losing 0.00 a
move, as strong as the expert, and rated strong in every skill those moves tested (QA walk of the learner model)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from shell_helpers import kept_games, open_shell

from tutor.cli.main import main
from tutor.play.review import review_round
from tutor.play.review_data import kept_losses, review_from_data
from tutor.render import Renderer
from tutor.render.review import review_text
from tutor.shell.commands import dispatch
from tutor.shell.play import GameRun
from tutor.shell.review_screen import REVIEW_WORLDS
from tutor.storage import Progress
from tutor.storage.games import GameFileError, game_text, game_to_data, parse_game
from tutor.teaching.personal import puzzle_id, puzzle_position


def hinted_round(home: Path) -> tuple[GameRun, set[int]]:
    """A one-round game the learner plays by its first legal move, asking the advisor before their second, fourth
    and sixth moves: the game, and those moves' ply indices."""
    with open_shell(home) as shell:
        dispatch(shell, "play round level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun)
        asked = set()
        turns = 0
        while not run.game.round_over:
            pos = run.position
            turns += 1
            if turns in (2, 4, 6):
                asked.add(len(run.game.current.plies))
                dispatch(shell, "hint")
            dispatch(shell, pos.notation(pos.generate()[0]))
        return run, asked


@pytest.fixture(scope="module")
def hinted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameRun, set[int]]:
    home = tmp_path_factory.mktemp("hinted")
    run, asked = hinted_round(home)
    return home, run, asked


def test_a_hinted_move_is_no_evidence_of_the_learners_skills(hinted: tuple[Path, GameRun, set[int]]) -> None:
    home, run, asked = hinted
    seed = run.game.rounds[0].seed
    with sqlite3.connect(home / "progress.sqlite3") as c:
        refs = {ref for (ref,) in c.execute("SELECT ref FROM skill_evidence WHERE source = 'game'")}
    moves = {ref.rsplit("/", 1)[1] for ref in refs if ref.startswith(f"{run.saved.id}/{seed}/")}
    assert moves, "the round's other moves are evidence"
    assert not moves & {str(ply) for ply in asked}


def test_a_hinted_move_is_kept_so_and_left_out_of_the_points_lost_a_move(hinted: tuple[Path, GameRun, set[int]]) -> None:
    home, run, asked = hinted
    with Progress.open(home / "progress.sqlite3") as progress:
        [data] = progress.games.reviews(run.saved.key).values()  # type: ignore[arg-type]
        [losses] = progress.games.review_losses()
    marked = [entry["index"] for entry in data["moves"] if entry.get("hinted")]
    assert marked and set(marked) == asked & {entry["index"] for entry in data["moves"]}  # a move with a choice
    assert len(losses) == len(data["moves"]) - len(marked) == len(kept_losses(data))


def test_the_saved_game_keeps_the_hinted_ply_and_reads_it_back(hinted: tuple[Path, GameRun, set[int]]) -> None:
    home, run, asked = hinted
    [saved] = kept_games(home)
    document = game_to_data(saved)
    assert document["rounds"][0]["hinted"] == sorted(asked)
    assert parse_game(game_text(document), "g.json").game.rounds[0].hinted == asked


def test_a_hint_is_kept_at_once_so_a_move_played_after_leaving_and_resuming_is_still_the_advisors(
        tmp_path: Path) -> None:
    """The hinted ply was saved only with the next move: asking the advisor, leaving, resuming and playing its move
    counted that move as the learner's own, in their skills and their points lost a move."""
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round level=greedy seed=5")
        dispatch(shell, "hint")
        dispatch(shell, "quit")
    [saved] = kept_games(tmp_path)
    assert saved.game.rounds[0].hinted == {len(saved.game.rounds[0].plies)}
    with open_shell(tmp_path) as shell:
        dispatch(shell, "resume")
        run = shell.activity
        assert isinstance(run, GameRun)
        ply = len(run.game.current.plies)
        pos = run.position
        dispatch(shell, pos.notation(pos.generate()[0]))
        assert run.game.current.hinted == {ply}


@pytest.mark.parametrize("value", [[1000], [-1], ["2"], [True], 3])
def test_a_hinted_ply_that_is_no_ply_of_the_round_is_refused(value: object, hinted_game: dict[str, Any]) -> None:
    document = json.loads(json.dumps(hinted_game))
    document["rounds"][0]["hinted"] = value
    with pytest.raises(GameFileError, match="'hinted' must be a list of ply numbers from 0 to"):
        parse_game(json.dumps(document), "g.json")


@pytest.fixture(scope="module")
def hinted_game(hinted: tuple[Path, GameRun, set[int]]) -> dict[str, Any]:
    [saved] = kept_games(hinted[0])
    return game_to_data(saved)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the move you then play counts for neither your skills nor your playing strength"),
    ("de", "dein Zug danach zählt weder für deine Fähigkeiten noch für deine Spielstärke"),
])
def test_the_help_on_hints_says_a_hinted_move_does_not_count(tmp_path: Path, lang: str, said: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        assert said in " ".join(dispatch(shell, "help hint").text.split())


@pytest.fixture(scope="module")
def against_hints(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameRun, set[int], str, str]:
    """A one-round game the learner plays by its first legal move, asking the advisor before every other move and
    then not playing its advice: the game, the hinted plies, what the round's end said, and ``analysis``."""
    home = tmp_path_factory.mktemp("against")
    with open_shell(home) as shell:
        dispatch(shell, "play round level=greedy seed=5")
        run = shell.activity
        assert isinstance(run, GameRun)
        asked, turns, said = set(), 0, ""
        while not run.game.round_over:
            pos = run.position
            turns += 1
            if turns % 2 == 0:
                asked.add(len(run.game.current.plies))
                dispatch(shell, "hint")
            said = dispatch(shell, pos.notation(pos.generate()[0])).text
        return home, run, asked, said, dispatch(shell, "analysis").text


def test_a_move_played_after_a_hint_is_no_mistake_of_the_learners_and_no_personal_puzzle(
        against_hints: tuple[Path, GameRun, set[int], str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A move played after a hint was marked at the round's end as the learner's mistake, counted in the points
    lost, and queued as a personal puzzle.  The review (the round's end, ``analysis``, the kept review and ``replay``
    of it, ``replay --review``) shows it as played after a hint, not counted as theirs, without a grade; the
    learner's own marks are as before; no puzzle is made of it."""
    home, run, asked, said, analysis = against_hints
    current = run.game.rounds[0]
    raw = review_round(current.plies, run.game.learner, worlds=REVIEW_WORLDS, seed=current.seed)
    hinted = [m for m in raw.marks if m.review.index in asked]
    own = [m for m in raw.marks if m.review.index not in asked]
    assert hinted and own, "the round has marks of both kinds"
    after = sorted(m.turn for m in raw.moves if m.index in asked)
    for m in own:
        assert f"  Move {m.review.turn}: " in said, said
    for m in hinted:
        assert f"  Move {m.review.turn}: " not in said, said
    assert f"{len(raw.moves) - len(after)} moves reviewed, {len(own)} marked, " in said, said
    listed = Renderer("en").message("words.listing", head=[str(t) for t in after[:-1]], last=str(after[-1]))
    assert f"Played after a hint and not counted as yours: moves {listed}." in said, said
    with sqlite3.connect(home / "progress.sqlite3") as c:
        made = {puzzle for (puzzle,) in c.execute("SELECT id FROM personal_puzzle")}
    with Progress.open(home / "progress.sqlite3") as progress:
        [data] = progress.games.reviews(run.saved.key).values()  # type: ignore[arg-type]
    pos_id = {m.review.index: puzzle_id(puzzle_position(m.review.ply.before),
                                        puzzle_position(m.review.ply.before).notation(m.review.ply.move))
              for m in raw.marks}
    assert made == {pos_id[m.review.index] for m in own}
    kept = review_from_data(current.plies, data)
    assert [m.review.index for m in kept.marks] == [m.review.index for m in own]
    assert [m.review.index for m in kept.hinted_marks] == [m.review.index for m in hinted]
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(home))
    for lang, head in (("en", "Your move {}, played after a hint (not counted as yours): "),
                       ("de", "Dein {}. Zug, nach einem Tipp gespielt (nicht als deiner gezählt): ")):
        texts = [review_text(Renderer(lang), kept), *([analysis] if lang == "en" else [])]
        for review in ([], ["--review", "1"]):
            assert main(["replay", "1", "--lang", lang, *review]) == 0
            texts.append(capsys.readouterr().out)
        for text in texts:
            for m in hinted:
                assert head.format(m.review.turn) in text, text
                assert ("Your move {}: " if lang == "en" else "Dein {}. Zug: ").format(m.review.turn) not in text
            for m in own:
                assert ("Your move {}: " if lang == "en" else "Dein {}. Zug: ").format(m.review.turn) in text


@pytest.mark.parametrize(("lang", "turns", "line"), [
    ("en", ["3"], "Played after a hint and not counted as yours: move 3."),
    ("en", ["3", "7"], "Played after a hint and not counted as yours: moves 3 and 7."),
    ("de", ["3"], "Nach einem Tipp gespielt und nicht als deiner gezählt: Zug 3."),
    ("de", ["3", "7"], "Nach einem Tipp gespielt und nicht als deine gezählt: Züge 3 und 7."),
])
def test_the_line_of_moves_played_after_a_hint_agrees_with_their_number(lang: str, turns: list[str],
                                                                       line: str) -> None:
    """The German line said one move 'nicht als deine gezählt' (as of 'Züge'); one 'Zug' is 'deiner'."""
    assert Renderer(lang).message("review.after_hint", turns=turns) == line
