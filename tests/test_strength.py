"""The learner's playing strength on the ladder's scale (issue 24, point 5) and the game proposed at the level that
fits it (point 4): points lost a move from kept reviews, the levels' figures file, and ``next``."""

from __future__ import annotations

import json
import random
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from shell_helpers import classic_course_done, open_shell

from tutor.content.presets import variant
from tutor.loading.level_losses import LEVEL_LOSSES, LEVEL_NAMES, LevelLossError, read_level_losses
from tutor.play.game import play_one_round
from tutor.play.players import player
from tutor.play.review import review_round
from tutor.play.review_data import ReviewDataError, kept_losses, review_to_data
from tutor.play.strength import RECENT_GAMES, Measure, pair_losses, round_losses, strength
from tutor.play.table_game import Settings, TableGame
from tutor.render.chart import fit
from tutor.shell import game_choice
from tutor.shell.commands import dispatch, welcome
from tutor.shell.game_text import game_words, result_text
from tutor.shell.pager import needs_paging
from tutor.shell.play import GameRun
from tutor.shell.state import Shell
from tutor.storage.games import SavedGame

ROOT = Path(__file__).resolve().parent.parent
FIGURES = {"random": 0.8, "greedy": 0.5, "club": 0.1, "expert": 0.02}
"""Made-up figures of a worked example (the measured ones are in tutor/content/level_losses.json)."""


def review_data(losses: list[float]) -> dict[str, object]:
    """Kept review data whose moves lose ``losses``, each marked (only what the losses are read from is filled in)."""
    return {"moves": [{"played": ["x", -1.0 - loss, 0.0], "best": ["y", -1.0, 0.0], "grade": "mistake" if loss else None}
                      for loss in losses]}


def keep_games(shell: Shell, games: list[list[float]], preset: str | dict[str, object] = "classic", players: int = 2,
               first: int = 0, practice: bool = False) -> None:
    """One kept game of ``preset`` with ``players`` a list of losses, the first started first (``first`` hours
    after the first of all), each with its review kept as round 1; ``practice``: a move was taken back in each."""
    store = shell.progress.games
    start = datetime(2026, 11, 1, tzinfo=timezone.utc) + timedelta(hours=first)
    for n, losses in enumerate(games):
        game = TableGame(Settings(variant(preset), players, "club", n), practice_from=1 if practice else None)
        game.resign()  # over: the game no longer waits to be resumed
        saved = SavedGame.new(game, start + timedelta(hours=n))
        store.add(saved, start + timedelta(hours=n))
        assert saved.key is not None
        store.keep_review(saved.key, 1, review_data(losses))


def write_figures(path: Path, figures: dict[str, float], preset: str = "classic", players: int = 2) -> Path:
    data = {"variant": preset, "players": players, "opponent": "club", "pairs": 40,
            "levels": {name: {"mean": mean, "low": mean - 0.01, "high": mean + 0.01, "moves": 900}
                       for name, mean in figures.items()}}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture()
def figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = write_figures(tmp_path / "level_losses.json", FIGURES)
    monkeypatch.setattr(game_choice, "LEVEL_LOSSES", path)
    return path


# ---- the measure --------------------------------------------------------------------------------------------


def test_kept_losses_are_the_reviews_own_losses() -> None:
    """Read back from the kept data, each move's loss is the review's: the same measure for learner and levels."""
    played = play_one_round(variant("classic"), [player("random"), player("club")], 5)
    review = review_round(played.plies, 0, worlds=4, seed=5)
    losses = round_losses(review)
    assert losses and review.marks and len(review.marks) < len(review.moves)
    # the points the review's marks lost, over every reviewed move: a move not marked loses nothing
    assert sum(losses) == pytest.approx(sum(m.review.loss for m in review.marks))
    assert [loss > 0 for loss in losses] == [move.grade is not None for move in review.moves]
    assert kept_losses(review_to_data(review, played.plies)) == pytest.approx(losses)


def test_a_move_not_marked_loses_nothing_whatever_its_values() -> None:
    data = {"moves": [{"played": ["x", 0.7, 0.1], "best": ["y", 1.0, 0.1], "grade": None},
                      {"played": ["x", -1.0, 0.1], "best": ["y", 1.5, 0.1], "grade": "blunder"}]}
    assert kept_losses(data) == [0.0, 2.5]


def test_kept_losses_refuse_data_that_is_not_a_review() -> None:
    for bad in ({}, {"moves": [{"best": ["x", 1.0, 0.0], "grade": "mistake"}]},
                {"moves": [{"best": ["x", "nan", 0], "played": ["y", 0, 0], "grade": "mistake"}]}):
        with pytest.raises(ReviewDataError):
            kept_losses(bad)


def test_points_lost_a_move_from_stored_reviews_a_worked_example(tmp_path: Path) -> None:
    games = [[1.0, 0.5, 1.5], [0.0, 1.0], [0.5], [0.25, 0.25], [0.0, 0.0, 0.0], [0.5, 0.5], [0.1, 0.1, 0.1, 0.1]]
    assert RECENT_GAMES == 5
    with open_shell(tmp_path) as shell:
        keep_games(shell, games)
        found = game_choice.learner_strength(shell, game_choice.level_figures())
    # 17 moves losing 6.4 in all; the last 5 games 12 moves losing 2.4, the 2 before 5 moves losing 4.0
    assert found is not None
    assert (found.games, found.moves, found.recent_games) == (7, 17, 5)
    assert found.mean == pytest.approx(6.4 / 17)
    assert found.recent == pytest.approx(2.4 / 12)
    assert found.earlier == pytest.approx(4.0 / 5)


def test_a_broken_kept_review_is_left_out_and_no_review_is_no_figure(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        assert game_choice.learner_strength(shell, None) is None
        keep_games(shell, [[0.5, 1.5]])
        shell.progress.games.keep_review(1, 2, {"moves": "not a list of moves"})
        found = game_choice.learner_strength(shell, game_choice.level_figures())
    assert found is not None and (found.moves, found.mean, found.earlier) == (2, 1.0, None)
    assert strength([[], []]) is None


def test_a_levels_figure_is_measured_by_the_same_review() -> None:
    """A pair reviews the measured level's moves in both seats, and nothing but them."""
    measure = Measure("greedy", "club", variant("classic"), 2, 3, worlds=4)
    losses = pair_losses(measure, 0)
    seed = measure.deal_seed(0)
    expected = []
    for seats, seat in ((["greedy", "club"], 0), (["club", "greedy"], 1)):
        played = play_one_round(measure.variant, [player(level) for level in seats], seed)
        expected += round_losses(review_round(played.plies, seat, worlds=4, seed=seed))
    assert losses == expected and len(losses) > 20


# ---- the levels' figures file -------------------------------------------------------------------------------


def test_the_measured_figures_file_is_read_and_documented() -> None:
    found = read_level_losses(LEVEL_LOSSES)
    assert [f.level for f in found.levels] == list(LEVEL_NAMES)
    data = json.loads(LEVEL_LOSSES.read_text(encoding="utf-8"))
    doc = (ROOT / "docs" / "strength.md").read_text(encoding="utf-8")
    assert data["command"] in doc
    for f in found.levels:  # the docs' table shows the file's figures
        assert re.search(rf"\| {f.level} \| {f.mean:.3f} \| {f.low:.3f} \.\. {f.high:.3f} \| {f.moves} \|", doc), f
    means = [f.mean for f in found.levels]
    assert means == sorted(means, reverse=True)  # every rung loses less than the one below


@pytest.mark.parametrize("text, why", [
    (None, "no such file"),
    ("{not json", "not the benchmark's figures"),
    ('{"variant": "classic", "players": 2, "opponent": "club", "pairs": 3, "levels": {}}', "no level measured"),
    ('{"variant": "classic", "players": 2, "opponent": "club", "pairs": 3, '
     '"levels": {"club": {"mean": 0.5, "low": 0.6, "high": 0.7, "moves": 9}}}', "not a mean inside its interval"),
])
def test_a_missing_or_broken_figures_file_says_why(tmp_path: Path, text: str | None, why: str) -> None:
    path = tmp_path / "level_losses.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(LevelLossError, match=why):
        read_level_losses(path)


@pytest.mark.parametrize("lang, said", [("en", "The computer levels' figures are missing"),
                                        ("de", "Die Zahlen der Computerstufen fehlen")])
def test_without_the_figures_progress_and_next_fall_back_and_say_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    monkeypatch.setattr(game_choice, "LEVEL_LOSSES", tmp_path / "missing.json")
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        keep_games(shell, [[0.3] * 25])
        assert said in dispatch(shell, "progress").text
        reply = dispatch(shell, "next").text
        assert said in reply
        run = shell.activity
        assert isinstance(run, GameRun) and run.game.settings.level == game_choice.DEFAULT_LEVEL


# ---- the game proposed --------------------------------------------------------------------------------------

WHY_GAME = {
    "en": r"You lose about (?P<mine>[\d.]+) points a move in your last (?P<games>\d+) games? of Classic Cassino "
          r"with two players;.*?, (?P<level>[^,]+), "
          r"loses (?P<theirs>[\d.]+): a round at that level \(“play round level=(?P<typed>[^”]+)”\)",
    "de": r"Du verlierst etwa (?P<mine>[\d,]+) Punkte pro Zug in deinen letzten (?P<games>\d+) Spiel(en)? "
          r"\(Klassisches Cassino zu zweit\);.*?, "
          r"(?P<level>[^,]+), verliert (?P<theirs>[\d,]+): eine Runde auf dieser Stufe \(„spiele runde "
          r"stufe=(?P<typed>[^“]+)“\)",
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("loss, level", [(0.3, "club"), (0.6, "greedy"), (1.2, "random"), (0.01, "expert")])
def test_next_proposes_a_game_at_the_fitting_level_when_no_skill_is_weak(
        tmp_path: Path, figures: Path, lang: str, loss: float, level: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        keep_games(shell, [[loss] * 12, [loss] * 12])
        reply = dispatch(shell, "next" if lang == "en" else "weiter").text
        run = shell.activity
        assert isinstance(run, GameRun) and run.game.settings.level == level
        found = re.search(WHY_GAME[lang], " ".join(reply.split()))
        assert found, reply
        number = (lambda text: float(text.replace(",", ".")))
        assert number(found["mine"]) == round(loss, 2) and int(found["games"]) == 2
        assert found["level"] == found["typed"] == shell.ui.message(f"levels.{level}")
        assert number(found["theirs"]) == FIGURES[level]
        # the weakest level that loses fewer points a move than the learner, or the strongest
        weaker = [name for name in LEVEL_NAMES if FIGURES[name] < loss]
        assert level == (weaker[0] if weaker else LEVEL_NAMES[-1])
        # every level's figure after the reason line, in the same reply
        assert shell.ui.message("levels.random") in reply.split("\n", 1)[-1]


SEEDS = range(6)
"""The deals of the games ``next`` starts in the test of its reply's rows (the reply's last lines are the table)."""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("games", [1, 6])
def test_next_says_the_learners_figure_once_and_its_reply_fits_80_by_24(
        tmp_path: Path, figures: Path, monkeypatch: pytest.MonkeyPatch, lang: str, games: int) -> None:
    """After reviewed games and no weak skill, ``next``'s reply names the learner's figure in its reason line only
    (then their earlier games' figure, when there are some, and the levels' figures), and is not paged at 80×24 at
    any level, whatever the deal (German at the club level was paged with the trend: 23 or 24 rows)."""
    said, tall = {"en": "You lose about", "de": "Du verlierst etwa"}[lang], []
    before = {"en": "In the game before them you lost {} a move (the same).",
              "de": "In dem Spiel davor waren es {} pro Zug (gleich)."}[lang]
    for loss, level in [(0.3, "club"), (0.6, "greedy"), (1.2, "random"), (0.01, "expert")]:
        for seed in SEEDS:
            monkeypatch.setattr("tutor.shell.play_settings.secrets.randbelow", lambda _: seed)
            with open_shell(tmp_path / f"{loss}-{seed}", lang) as shell:
                classic_course_done(shell)
                keep_games(shell, [[loss] * 25] * games)
                reply = fit(dispatch(shell, "next" if lang == "en" else "weiter").text, 80)
                run = shell.activity
            assert isinstance(run, GameRun) and run.game.settings.level == level
            flat = " ".join(reply.split())
            earlier = before.format(f"{loss:.2f}".replace(".", "," if lang == "de" else "."))
            assert flat.lower().count(said.lower()) == 1, reply
            assert (earlier in flat) == (games > RECENT_GAMES) and shell.ui.message("levels.random") in flat, reply
            if needs_paging(reply, 24, terminal=True):
                tall.append((level, seed, reply.count("\n") + 1))
    assert tall == []


@pytest.mark.parametrize("lang, said", [
    ("en", "Your play in Classic Cassino with two players is measured on 6 moves only"),
    ("de", "Dein Spiel (Klassisches Cassino zu zweit) ist erst an 6 Zügen gemessen"),
])
def test_on_thin_game_evidence_the_game_is_at_the_default_level_and_says_why(
        tmp_path: Path, figures: Path, lang: str, said: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        keep_games(shell, [[2.0] * 6])
        reply = " ".join(dispatch(shell, "next").text.split())
        assert said in reply
        run = shell.activity
        assert isinstance(run, GameRun) and run.game.settings.level == game_choice.DEFAULT_LEVEL


def test_before_the_classic_lessons_are_done_the_course_goes_on(tmp_path: Path, figures: Path) -> None:
    with open_shell(tmp_path) as shell:
        keep_games(shell, [[0.3] * 25])
        reply = dispatch(shell, "next").text
        assert "course goes on in its order" in reply and not isinstance(shell.activity, GameRun)


# ---- like with like: the levels were measured in two-player classic ------------------------------------------

COMPARED = {"en": r"level loses \d|loses fewer", "de": r"verliert \d"}
"""The learner's figure set beside a level's, in ``progress`` or ``next``."""
ELSEWHERE = {
    "en": ("You lose about 0.30 points a move (200 moves reviewed in 8 games), in games other than Classic Cassino "
           "with two players: the computer levels are measured in that game only, so their figures do not compare "
           "with yours.",
           "Your play in Classic Cassino with two players is not measured yet", "Trend:"),
    "de": ("Du verlierst etwa 0,30 Punkte pro Zug (200 besprochene Züge in 8 Spielen), in Spielen mit anderen "
           "Regeln oder Spielerzahlen als denen, in denen die Computerstufen gemessen sind (Klassisches Cassino zu "
           "zweit); also ist deine Zahl mit ihren nicht vergleichbar.", "Dein Spiel (Klassisches Cassino zu zweit) ist noch nicht gemessen", "Verlauf:"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_games_of_other_variants_or_player_counts_are_not_set_beside_the_levels(
        tmp_path: Path, figures: Path, lang: str) -> None:
    """Michigan games (a breach of the build duty costs 2 points there) and a three-player classic one: the
    learner's figure alone, said to be of other games; no level's beside it, no trend, the game at the default
    level."""
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        keep_games(shell, [[0.3] * 25] * 7, preset="michigan")
        keep_games(shell, [[0.3] * 25], players=3, first=7)
        choice = game_choice.game_choice(shell)
        progress = " ".join(dispatch(shell, "progress").text.split())
        reply = " ".join(dispatch(shell, "next" if lang == "en" else "weiter").text.split())
        run = shell.activity
    alone, unmeasured, trend = ELSEWHERE[lang]
    assert choice is not None and choice.strength is None and not choice.measured
    assert alone in progress and trend not in progress and not re.search(COMPARED[lang], progress)
    assert unmeasured in reply and trend not in reply and not re.search(COMPARED[lang], reply)
    assert isinstance(run, GameRun) and run.game.settings.level == game_choice.DEFAULT_LEVEL


@pytest.mark.parametrize("lang", ["en", "de"])
def test_only_the_games_like_the_levels_are_set_beside_them_and_choose_the_level(
        tmp_path: Path, figures: Path, lang: str) -> None:
    """Two two-player classic games losing 0.3 a move choose the club level (0.1); Michigan games, a three-player
    classic one and a classic one with an option changed, each losing 2.0, are left out of the figure, its trend
    (no earlier games among the two) and the choice."""
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        keep_games(shell, [[2.0] * 12] * 5, preset="michigan")
        keep_games(shell, [[0.3] * 12] * 2, first=5)
        keep_games(shell, [[2.0] * 12], players=3, first=7)
        keep_games(shell, [[2.0] * 12], preset={"preset": "classic", "build_duty": "penalty"}, first=8)
        choice = game_choice.game_choice(shell)
        progress = " ".join(dispatch(shell, "progress").text.split())
        reply = dispatch(shell, "next" if lang == "en" else "weiter").text
        run = shell.activity
    assert choice is not None and choice.measured and choice.level == "club" and choice.strength is not None
    assert (choice.strength.games, choice.strength.moves) == (2, 24)
    assert choice.strength.mean == pytest.approx(0.3) and choice.strength.earlier is None
    mine = {"en": "Classic Cassino with two players: you lose about 0.30 points a move (24 moves reviewed in 2 games); "
                  "the club level loses 0.10.",
            "de": "Klassisches Cassino zu zweit: Du verlierst etwa 0,30 Punkte pro Zug (24 besprochene Züge in 2 "
                  "Spielen); die Stufe Vereinsspieler verliert 0,10."}
    assert mine[lang] in progress and ELSEWHERE[lang][2] not in progress
    found = re.search(WHY_GAME[lang], " ".join(reply.split()))
    assert found and found["mine"] in ("0.30", "0,30") and found["games"] == "2", reply
    assert isinstance(run, GameRun) and run.game.settings.level == "club"


def test_the_games_compared_are_read_from_the_figures_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Figures measured in two-player Michigan set the learner's Michigan games beside them, not the classic ones."""
    monkeypatch.setattr(game_choice, "LEVEL_LOSSES", write_figures(tmp_path / "michigan.json", FIGURES, "michigan"))
    with open_shell(tmp_path) as shell:
        keep_games(shell, [[0.3] * 12])
        keep_games(shell, [[0.6] * 12], preset="michigan", first=1)
        found = game_choice.learner_strength(shell, game_choice.level_figures())
        text = " ".join(dispatch(shell, "progress").text.split())
    assert found is not None and (found.games, found.moves) == (1, 12) and found.mean == pytest.approx(0.6)
    assert "Michigan Cassino with two players: you lose about 0.60 points a move" in text


def test_a_practice_game_is_left_out_of_the_playing_strength(tmp_path: Path) -> None:
    """A move taken back and played again, knowing the replies, measures no strength: the game counts as practice
    (the undo says so), and its reviewed moves were still in "you lose about ... a move"."""
    with open_shell(tmp_path) as shell:
        keep_games(shell, [[0.3] * 12])
        keep_games(shell, [[2.0] * 12], first=1, practice=True)
        found = game_choice.learner_strength(shell, None)
    assert found is not None and (found.games, found.moves) == (1, 12) and found.mean == pytest.approx(0.3)


def test_the_rounds_before_the_first_move_taken_back_still_count(tmp_path: Path) -> None:
    """One undo left the whole game out of the playing strength, the rounds played before it too.  Now the game is
    practice from the round of the first undo: round 1's reviewed moves count, round 2's do not; the round is
    kept with the game (``practice_from``), and a game kept before says only ``practice``: all of it."""
    with open_shell(tmp_path) as shell:
        store = shell.progress.games
        game = TableGame(Settings(variant("classic"), 2, "club", 5))
        rng = random.Random(5)
        game.next_round()
        while not game.round_over:
            game.play(player("greedy").choose(game.view(), rng))
        game.next_round()
        game.play(player("greedy").choose(game.view(), rng))
        assert game.undo() and game.practice_from == 2
        game.play(player("greedy").choose(game.view(), rng))
        assert game.undo() and game.practice_from == 2, "the first undo's round"
        game.resign()
        saved = SavedGame.new(game, datetime(2026, 11, 1, tzinfo=timezone.utc))
        store.add(saved, datetime(2026, 11, 1, tzinfo=timezone.utc))
        assert saved.key is not None
        store.keep_review(saved.key, 1, review_data([0.3] * 12))
        store.keep_review(saved.key, 2, review_data([2.0] * 12))
        assert store.load(saved.key).game.practice_from == 2
        assert store.review_losses() == [pytest.approx([0.3] * 12)]
        found = game_choice.learner_strength(shell, None)
        assert found is not None and (found.games, found.moves) == (1, 12) and found.mean == pytest.approx(0.3)
        assert "From round 2 on it counts as practice" in result_text(shell.ui, game)


# ---- shown in progress --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, mine, trend", [
    ("en", "Classic Cassino with two players: you lose about 0.38 points a move (17 moves reviewed in 7 games); the "
           "club level loses 0.10.",
     "Trend: 0.20 a move in your last 5 games, 0.80 in the 2 before them (better)."),
    ("de", "Klassisches Cassino zu zweit: Du verlierst etwa 0,38 Punkte pro Zug (17 besprochene Züge in 7 Spielen); "
           "die Stufe Vereinsspieler verliert 0,10.",
     "Verlauf: 0,20 pro Zug in deinen letzten 5 Spielen, 0,80 in den 2 davor (besser)."),
])
def test_progress_shows_the_strength_beside_a_levels_and_its_trend_at_80_columns(
        tmp_path: Path, figures: Path, lang: str, mine: str, trend: str) -> None:
    games = [[1.0, 0.5, 1.5], [0.0, 1.0], [0.5], [0.25, 0.25], [0.0, 0.0, 0.0], [0.5, 0.5], [0.1, 0.1, 0.1, 0.1]]
    with open_shell(tmp_path, lang) as shell:
        keep_games(shell, games)
        text = dispatch(shell, "progress").text
    assert all(len(line) <= 80 for line in text.splitlines())
    flat = " ".join(text.split())
    assert mine in flat and trend in flat


@pytest.mark.parametrize("lang, why, trend", [
    ("en", "You lose about 0.14 points a move in your last 5 games of Classic Cassino with two players; the weakest "
           "level that loses fewer, club, loses 0.10",
     "Trend: 0.14 a move in your last 5 games, 0.80 in the 2 before them (better)."),
    ("de", "Du verlierst etwa 0,14 Punkte pro Zug in deinen letzten 5 Spielen (Klassisches Cassino zu zweit); die "
           "schwächste Stufe, die weniger verliert, Vereinsspieler, verliert 0,10",
     "Verlauf: 0,14 pro Zug in deinen letzten 5 Spielen, 0,80 in den 2 davor (besser)."),
])
def test_the_welcome_proposes_the_game_with_the_trend(
        tmp_path: Path, figures: Path, lang: str, why: str, trend: str) -> None:
    games = [[1.0, 0.5, 1.5], [0.0, 1.0], [0.5], [0.25, 0.25], [0.0, 0.0, 0.0], [0.5, 0.5], [0.1] * 20]
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        keep_games(shell, games)
        flat = " ".join(welcome(shell).split())
    # the last 5 games: 28 moves losing 4.0; the 2 before: 5 moves losing 4.0
    assert why in flat and trend in flat


@pytest.mark.parametrize("lang", ["en", "de"])
def test_with_a_game_waiting_next_goes_on_with_it_rather_than_propose_a_new_round(tmp_path: Path, lang: str) -> None:
    """A learner back after a while, the classic lessons done and a match left unfinished: the welcome and the
    dashboard said "a round at club level (“play round level=club”). Type “next”", and ``next`` said the same
    reason, then "Your game … is not finished … then “play” starts a new one": the step they named was refused.
    With a game waiting, that game is the next step: ``next`` goes on with it, and the welcome and the dashboard
    say so."""
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        dispatch(shell, "play seed=3" if lang == "en" else "spiele startwert=3")
        run = shell.activity
        assert isinstance(run, GameRun)
        key = run.saved.key
        shell.activity = None  # the learner left; the game is saved
    with open_shell(tmp_path, lang) as shell:
        greeting = " ".join(welcome(shell).split())
        board = dispatch(shell, "progress").text
        what_next = " ".join(board[board.index({"en": "What next", "de": "Wie es weitergeht"}[lang]):].split())
        command = shell.ui.message("strength.play_round_command", level=shell.ui.message("levels.club"))
        waiting = shell.progress.games.waiting(shell.clock())
        assert waiting is not None
        refused = shell.ui.message("play.in_progress", **game_words(shell.ui, waiting))
        assert command not in greeting and command not in what_next
        said = dispatch(shell, "next" if lang == "en" else "weiter").text
        assert command not in said and refused not in said
        resumed = shell.activity
        assert isinstance(resumed, GameRun) and resumed.saved.key == key
        line = " ".join(shell.ui.message("strength.next_why_resume", **game_words(shell.ui, waiting)).split())
        assert line in greeting and line in what_next
        offer = " ".join(shell.ui.message("play.offer_resume", **game_words(shell.ui, waiting)).split())
        assert offer not in greeting  # the game is named once, with its details, as what comes first
        go_on = {"en": "Type “next” to go on with it.", "de": "Tippe „weiter“, um weiterzuspielen."}[lang]
        assert f"{line} {go_on}" in greeting  # not "to begin": it has begun


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_waiting_is_named_by_a_welcome_that_continues_a_lesson(tmp_path: Path, lang: str) -> None:
    """The welcome left out its line about the game waiting where that game is the next step (its reason names
    it); but a lesson begun and left comes first in the welcome, whose line of what comes next then names the
    lesson, not the game: the game went unmentioned."""
    with open_shell(tmp_path, lang) as shell:
        classic_course_done(shell)
        dispatch(shell, "play seed=3" if lang == "en" else "spiele startwert=3")
        assert isinstance(shell.activity, GameRun)
        shell.activity = None  # the learner left; the game is saved
        dispatch(shell, "learn royal" if lang == "en" else "lerne royal")
        shell.activity = None  # and left the lesson after its first step
    with open_shell(tmp_path, lang) as shell:
        greeting = " ".join(welcome(shell).split())
        waiting = shell.progress.games.waiting(shell.clock())
        assert waiting is not None
        words = game_words(shell.ui, waiting)
        lesson = shell.catalog.lesson("royal").title.get(lang)
        assert lesson in greeting
        assert " ".join(shell.ui.message("play.offer_resume", **words).split()) in greeting
