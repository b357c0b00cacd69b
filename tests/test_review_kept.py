"""The review kept with the saved game: ``replay`` shows it at once, computes one only on request, and a game kept
without one (or with one that does not fit its moves) still replays."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from shell_helpers import kept_games, open_shell, play_first_moves

from tutor.cli.main import main
from tutor.content.presets import variant
from tutor.play.game import play_one_round
from tutor.play.players import player
from tutor.play.review import review_round
from tutor.play.review_data import ReviewDataError, fitting_review, moves_digest, review_from_data, review_to_data
from tutor.render import Renderer
from tutor.render.review import review_text

WORLDS = 4
"""Few worlds keep the tests fast."""


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", WORLDS)


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The data folder of a one-round game played to its end in the shell (the learner always playing its first
    legal move), and the review of its round in each language, computed as the shell computes it."""
    home = tmp_path_factory.mktemp("kept")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", WORLDS)
        with open_shell(home) as shell:
            play_first_moves(shell, "round level=greedy seed=6")
    game = kept_games(home)[0].game
    review = review_round(game.rounds[0].plies, game.learner, worlds=WORLDS, seed=game.rounds[0].seed)
    assert review.moves
    return home, {lang: review_text(Renderer(lang), review) for lang in ("en", "de")}


def copied(kept: tuple[Path, dict[str, str]], home: Path) -> Path:
    """The kept game's progress file copied into ``home``: its path."""
    shutil.copy(kept[0] / "progress.sqlite3", home / "progress.sqlite3")
    return home / "progress.sqlite3"


def words(text: str) -> str:
    return " ".join(text.split())


def not_computed(*args: object, **kwargs: object) -> None:
    raise AssertionError("replay computed a review")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_replay_shows_the_review_kept_by_the_shell_without_computing_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        kept: tuple[Path, dict[str, str]], lang: str) -> None:
    copied(kept, tmp_path)
    review = kept[1][lang]
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr("tutor.cli.replay.review_round", not_computed)
    assert main(["replay", "1", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert words(review) in words(out)
    assert "--review" not in out  # nothing is said missing
    assert main(["replay", "1", "--review", "none", "--lang", lang]) == 0
    assert words(review) not in words(capsys.readouterr().out)


def test_a_game_kept_without_a_review_replays_and_reviews_on_request(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        kept: tuple[Path, dict[str, str]]) -> None:
    review = kept[1]["en"]
    with sqlite3.connect(copied(kept, tmp_path)) as conn:  # as a game kept before reviews were
        conn.execute("DELETE FROM game_review")
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    assert main(["replay", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert words(review) not in words(out) and "1 round is shown without the review of your moves" in words(out)
    assert main(["replay", "1", "--review", "1", "--lang", "en"]) == 0
    assert words(review) in words(capsys.readouterr().out)


def test_a_kept_review_of_another_line_of_play_is_not_shown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        kept: tuple[Path, dict[str, str]]) -> None:
    with sqlite3.connect(copied(kept, tmp_path)) as conn:
        [(text,)] = conn.execute("SELECT data FROM game_review").fetchall()
        data = json.loads(text)
        conn.execute("UPDATE game_review SET data = ?", (json.dumps({**data, "plies": "0" * 16}),))
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    assert main(["replay", "1", "--lang", "en"]) == 0
    assert "1 round is shown without the review of your moves" in words(capsys.readouterr().out)


def older_spelling(move: str) -> str:
    """A capture as an earlier version could write it: its groups, or the cards of its one sum, in another order
    (12-03's tutor wrote '6H b9 3H 9C' where today's writes '6H b9 9C 3H'); other moves as they are."""
    card, sep, taken = move.partition(" x ")
    if not sep or "[" in taken:
        return move
    groups = taken.split(" ")
    return f"{card} x {' '.join(reversed(groups)) if len(groups) > 1 else '+'.join(reversed(taken.split('+')))}"


def test_a_review_kept_by_a_version_that_wrote_the_moves_otherwise_is_shown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        kept: tuple[Path, dict[str, str]]) -> None:
    """A version that wrote some moves otherwise kept the review under the digest of the moves as it wrote them:
    the same moves, so the review is shown (it was taken for one of another line of play, and never shown again)."""
    with sqlite3.connect(copied(kept, tmp_path)) as conn:
        [(document,)] = conn.execute("SELECT data FROM game").fetchall()
        game = json.loads(document)
        moves = game["rounds"][0]["moves"]
        older = [older_spelling(move) for move in moves]
        assert older != moves
        game["rounds"][0]["moves"] = older
        [(text,)] = conn.execute("SELECT data FROM game_review").fetchall()
        conn.execute("UPDATE game SET data = ?", (json.dumps(game),))
        review = {**json.loads(text), "plies": moves_digest(older)}  # the digest of the moves as that version wrote
        conn.execute("UPDATE game_review SET data = ?", (json.dumps(review),))
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr("tutor.cli.replay.review_round", not_computed)
    for _ in range(2):  # the first reading keeps it under today's digest, which the second reads
        assert main(["replay", "1", "--lang", "en"]) == 0
        out = capsys.readouterr().out
        assert words(kept[1]["en"]) in words(out) and "--review" not in out
    with sqlite3.connect(tmp_path / "progress.sqlite3") as conn:
        [(text,)] = conn.execute("SELECT data FROM game_review").fetchall()
    assert json.loads(text)["plies"] == moves_digest(moves)


def test_a_review_made_again_from_its_data_is_the_same_review() -> None:
    """Marked moves included (their reasons and lines computed again); data of another round is refused."""
    made = []
    for seed in range(5, 12):
        plies = play_one_round(variant("classic"), [player("greedy"), player("club")], seed).plies
        review = review_round(plies, 0, worlds=WORLDS, seed=seed)
        data = json.loads(json.dumps(review_to_data(review, plies)))
        for lang in ("en", "de"):
            ui = Renderer(lang)
            assert review_text(ui, review_from_data(plies, data)) == review_text(ui, review)
        made.append((plies, data))
        if review.marks and len(made) > 1:
            break
    else:
        pytest.fail("no round with a marked move")
    with pytest.raises(ReviewDataError):
        review_from_data(made[0][0], made[1][1])


def test_a_kept_review_the_time_limit_cut_short_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        kept: tuple[Path, dict[str, str]]) -> None:
    with sqlite3.connect(copied(kept, tmp_path)) as conn:
        [(text,)] = conn.execute("SELECT data FROM game_review").fetchall()
        conn.execute("UPDATE game_review SET data = ?", (json.dumps({**json.loads(text), "unreviewed": 3}),))
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    assert main(["replay", "1", "--lang", "en"]) == 0
    assert ("3 of your moves were not reviewed. “cassino-tutor replay 1 --review=1” reviews the whole round"
            in words(capsys.readouterr().out))


def test_a_kept_review_is_used_only_for_its_round_and_the_learners_seat() -> None:
    """What ``analysis`` and ``replay`` both read: a kept review that fits, else none (they then review again)."""
    plies = play_one_round(variant("classic"), [player("greedy"), player("club")], 5).plies
    review = review_round(plies, 0, worlds=WORLDS, seed=5)
    data = json.loads(json.dumps(review_to_data(review, plies)))
    found = fitting_review(plies, data, 0)
    assert found is not None and review_text(Renderer("en"), found) == review_text(Renderer("en"), review)
    assert fitting_review(plies, data, 1) is None  # another seat's review is not the learner's
    assert fitting_review(plies[:-1], data, 0) is None  # another line of play
    assert fitting_review(plies, {**data, "moves": "x"}, 0) is None  # a hand edit


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_review_kept_before_its_draws_were_counted_does_not_guess_their_count(lang: str) -> None:
    """A review kept without ``drawn`` (before it was kept) cannot tell over how many random draws a mark's values
    are: a loss is confirmed over more than the advice's worlds. Its reason says random draws, with no count."""
    record = play_one_round(variant("classic"), [player("club"), player("random")], 12)
    review = review_round(record.plies, 1, worlds=2, seed=12)
    [later] = [m for m in review.marks if m.reasons[0].code == "later"]
    assert later.reasons[0].params["worlds"] == 2
    data = review_to_data(review, record.plies)
    for entry in data["moves"]:
        entry.pop("drawn", None)
    [old] = [m for m in review_from_data(record.plies, data).marks if m.reasons[0].code == "later"]
    assert old.reasons[0].params["worlds"] is None
    text = review_text(Renderer(lang), review_from_data(record.plies, data))
    said = {"en": "on the advisor's average over random draws", "de": "im Schnitt des Beraters über zufällige"}[lang]
    counted = {"en": "over 2 random draws", "de": "über 2 zufällige"}[lang]
    assert said in text and counted not in text
    assert counted in review_text(Renderer(lang), review)
