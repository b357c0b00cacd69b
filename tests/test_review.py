"""The review of the learner's rounds: grades from the advisor's values on the learner's view, reasons,
words in both languages, personal puzzles in the review queue, and ``cassino-tutor replay``."""

from __future__ import annotations

import random
import time
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from deals import PERSONAL_MOVES, cards, last_deal, personal_data
from shell_helpers import open_shell, play_first_moves, right_answer

from tutor.cli.main import main
from tutor.content.presets import preset_names, variant
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import instant_so_far
from tutor.core.search import solve_deal
from tutor.core.solver import Goal, GoalError
from tutor.loading.puzzles import load_puzzles
from tutor.loading.yamlfile import FileError
from tutor.play.advisor import Advice, Expert, MoveValue
from tutor.play.game import Ply, play_one_round
from tutor.play.players import player
from tutor.play.review import (
    GRADES,
    MARGINS,
    RoundReview,
    Why,
    grade_of,
    margin,
    outcome,
    reasons,
    review_round,
    set_apart,
)
from tutor.play.review import mark as mark_of
from tutor.play.table_game import Settings, TableGame
from tutor.play.view import SeatView
from tutor.render import Renderer
from tutor.render.review import review_brief, review_text
from tutor.shell.commands import dispatch, welcome
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.review_screen import REVIEW_WORLDS, Replay, reviewed_round
from tutor.shell.state import Shell
from tutor.shell.toolbar import toolbar_text
from tutor.storage import ProgressError
from tutor.storage.game_files import read_game_file
from tutor.teaching.advised import ADVICE
from tutor.teaching.personal import PREFIX, personal_puzzle
from tutor.teaching.skill_evidence import failing, round_evidence
from tutor.teaching.skill_map import reason_skills


def round_review(shell: Shell, plies: list[Ply], seat: int, seed: int = 0) -> tuple[RoundReview, str]:
    """The shell's review of a round (queued puzzles, evidence), and its words in full, as ``analysis`` shows."""
    review, note = reviewed_round(shell, plies, seat, seed, game="test", match=True, replay=Replay(1, 1))
    return review, "\n".join(filter(None, [review_text(shell.ui, review), note]))


def round_review_text(shell: Shell, plies: list[Ply], seat: int, seed: int = 0) -> str:
    return round_review(shell, plies, seat, seed)[1]


WORLDS = 8
"""Few worlds keep the tests fast; the margins are measured with the default (docs/review.md)."""


def played_out(pos: Position, first: Move) -> list[Ply]:
    """``first``, then both seats' best play to the end of the round."""
    plies = [Ply(pos.copy(), first)]
    play = pos.copy()
    play.push(first)
    while not play.is_round_over():
        move = solve_deal(play.copy()).moves[0].move
        plies.append(Ply(play.copy(), move))
        play.push(move)
    return plies


BLUNDER = "KS"
SWEEPS = ("8D x 5H+2S+AC", "8H x 5H+2S+AC")


@pytest.fixture(scope="module")
def blundered() -> list[Ply]:
    pos = last_deal()
    return played_out(pos, pos.parse_move(BLUNDER))


def test_grades_rise_with_the_loss_and_start_at_the_margin() -> None:
    for players in (2, 3, 4):
        assert grade_of(0.0, players) is None and grade_of(margin(players) - 0.01, players) is None
        assert [grade_of(least, players) for least in MARGINS[players]] == list(GRADES)
        assert grade_of(100.0, players) == "blunder"
    assert margin(4) > margin(2)  # four players are the noisiest


def test_a_trail_instead_of_a_sweep_is_the_one_blunder(blundered: list[Ply]) -> None:
    review = review_round(blundered, 0, worlds=WORLDS)
    pos = blundered[0].before
    assert [m.review.index for m in review.marks] == [0]  # the best play after it is not marked
    mark = review.marks[0]
    assert mark.review.grade == "blunder" and mark.review.loss >= 2.0
    assert pos.notation(mark.better.facts.move) in SWEEPS
    assert {pos.notation(m) for m in mark.accepted} == set(SWEEPS)  # both eights are as good
    codes = [w.code for w in mark.reasons]
    assert codes[0] == "sweep"
    points = next(w for w in mark.reasons if w.code == "points")
    assert points.params == {"n": 3, "cards": cards("AC 2S"), "hand": [], "sweep": True}
    assert len(review.moves) == sum(1 for p in blundered if p.seat == 0 and len(p.before.generate()) > 1)


def test_the_move_marked_is_never_accepted_by_its_review_puzzle(blundered: list[Ply]) -> None:
    """A trailed A♣ the review marked (it lost 1.0 against 4♣, confirmed over more deals) was accepted by its
    review puzzle, "close enough to the best": the advice's first 48 worlds had valued it within the margin of
    their best.  The puzzle asks for a better move than the one played; the played move is never accepted."""
    reviewed = review_round(blundered, 0, worlds=WORLDS).marks[0].review
    pos = blundered[0].before
    first = [(SWEEPS[0], 1.0), (BLUNDER, 1.0 - margin(2) / 2), (SWEEPS[1], 0.9), ("8D", -8.0), ("8H", -8.0),
             ("8D b8 5H+2S+AC", -8.0), ("8H b8 5H+2S+AC", -8.0)]
    advice = Advice("expert", 48, tuple(MoveValue(pos.parse_move(m), v, 0.0) for m, v in first))
    marked = mark_of(SeatView.of(pos, 0), reviewed, advice)
    assert pos.parse_move(BLUNDER) not in marked.accepted
    assert {pos.notation(m) for m in marked.accepted} == set(SWEEPS)


def test_a_stored_review_puzzle_that_accepts_its_played_move_no_longer_does() -> None:
    """Review puzzles saved with the played move among the accepted ones (above) do not accept it either."""
    puzzle = personal_puzzle(PREFIX + "kept", personal_data([1.0, 0.9, 0.8, -8.0, -8.0, -8.0, -8.0], 3))
    assert puzzle is not None and PERSONAL_MOVES[2] == BLUNDER
    assert puzzle.position.parse_move(BLUNDER) not in puzzle.solution
    assert puzzle.ranking is not None and puzzle.position.parse_move(BLUNDER) not in puzzle.ranking.best


def test_the_review_sees_only_what_the_learner_saw(blundered: list[Ply]) -> None:
    """Swapping the opponent's unseen cards with the stock's cannot change a move's review."""
    pos = last_deal()
    # one card from each captured pile goes back out: to the stock, hidden from seat 0 as seat 1's hand is
    assert pos.captured is not None and pos.stock is not None
    a, b = pos.captured[0].pop(), pos.captured[1].pop()
    pos.stock = [a, b]
    other = pos.copy()
    other.hands[1], other.stock = [a, b, other.hands[1][2]], [*other.hands[1][:2]]
    reviews = [review_round([Ply(p, p.parse_move(BLUNDER))], 0, worlds=WORLDS) for p in (pos, other)]
    assert reviews[0].moves[0].played == reviews[1].moves[0].played
    assert reviews[0].moves[0].best == reviews[1].moves[0].best


def test_the_same_seed_gives_the_same_review() -> None:
    record = play_one_round(variant("classic"), [player("random"), player("club")], 5)
    first, again = (review_round(record.plies, 0, worlds=WORLDS, seed=3) for _ in range(2))
    assert first == again
    assert first.marks, "a random player's round has marks"


@pytest.mark.slow
def test_a_round_the_expert_played_against_itself_has_no_blunder() -> None:
    """The expert plays with 16 worlds to be quick; the review has the default worlds its margins are measured
    with (with few worlds, noise alone can reach a blunder's margin)."""
    expert = Expert(worlds=16, budget=None)
    record = play_one_round(variant("classic"), [expert, expert], 11)
    for seat in (0, 1):
        review = review_round(record.plies, seat)
        assert review.count("blunder") == 0, [(m.review.ply.move, m.review.loss) for m in review.marks]


def points_reason(hand: str, table: str, played: str, better: str) -> Why:
    """The ``points`` reason of ``better`` over ``played`` for seat 0 of two-player classic (the other hand hidden)."""
    pos = Position(variant("classic"), 2, [cards(hand), []], cards(table), [], to_move=0, dealer=1, hidden=[0, 4],
                   captured=[[], []], stock_hidden=36)
    why = reasons(pos, outcome(pos, pos.parse_move(played)), outcome(pos, pos.parse_move(better)))
    return next(w for w in why if w.code == "points")


def test_a_card_kept_to_take_next_turn_is_a_reason() -> None:
    """Trailing 3D leaves 7C a take of 3D+4S next turn; trailing 7C leaves no take to 8H and 3D."""
    pos = Position(variant("classic"), 2, [cards("8H 7C 3D"), []], cards("4S KH"), [], to_move=0, dealer=1,
                   hidden=[0, 3], captured=[[], []], stock_hidden=42)
    why = reasons(pos, outcome(pos, pos.parse_move("7C")), outcome(pos, pos.parse_move("3D")))
    take = next(w for w in why if w.code == "next_take")
    assert take.params["card"] == Card.from_str("7C") and set(take.params["cards"]) == set(cards("3D 4S"))
    assert take.params["points"] == 0
    assert not any(w.code == "next_take" for w in reasons(pos, outcome(pos, pos.parse_move("3D")),
                                                          outcome(pos, pos.parse_move("7C"))))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_more_points_lists_only_what_the_better_move_takes_more(lang: str) -> None:
    """Both moves take AC: only 10D is more; the learner's own capturing card is not taken from the table."""
    ui = Renderer(lang)
    shared = points_reason("10H 4H", "10D 5C AC 9H", "10H x 9H+AC", "10H x 10D 9H+AC")
    assert shared.params == {"n": 2, "cards": cards("10D"), "hand": [], "sweep": False}
    own = points_reason("AD 5C", "AS 9H 7C 6D", "AD", "AD x AS")  # the ace trailed is given up: it counts
    assert own.params == {"n": 2, "cards": cards("AS"), "hand": cards("AD"), "sweep": False}
    words = {"en": ["takes two more points now (10♦ from the table)",
                    "takes two more points now (A♠ from the table and A♦ from your hand)"],
             "de": ["nimmt jetzt zwei Punkte mehr ein (10♦ vom Tisch)",
                    "nimmt jetzt zwei Punkte mehr ein (A♠ vom Tisch und A♦ aus deiner Hand)"]}[lang]
    assert [ui.message("review.why_points", **why.params) for why in (shared, own)] == words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_review_in_words(blundered: list[Ply], lang: str) -> None:
    review = review_round(blundered, 0, worlds=WORLDS)
    ui = Renderer(lang, symbols=False)
    text = review_text(ui, review)
    better = ui.move(blundered[0].before, review.marks[0].better.facts.move)  # 8D x 5H+2S+AC, 8Ka x 5H+2P+AKr
    words = {
        "en": ["Your move 1: KS (trail) was a blunder", f"Better: {better} (capture)", "sweeps the table",
               "reviewed: 1 blunder; "],
        "de": ["Dein 1. Zug: KP (Ablegen) war ein grober Fehler", f"Besser: {better} (Einnehmen)",
               "macht eine Kehre", "besprochen: 1 grober Fehler; "],
    }[lang]
    for said in words:
        assert said in text, text


def test_no_marks_is_said(blundered: list[Ply]) -> None:
    pos = last_deal()
    review = review_round(played_out(pos, pos.parse_move(SWEEPS[0])), 0, worlds=WORLDS)
    assert not review.marks
    assert "none surely lost 0.5 points or more" in review_text(Renderer("en"), review)
    assert "Keiner hat sicher 0,5 Punkte oder mehr" in review_text(Renderer("de"), review)


def test_one_move_reviewed_unmarked_is_said_as_one_not_as_none_of_many() -> None:
    """A round with one move of the learner's to review (Michigan to 5 ends a round at three penalties) said '1 move
    reviewed: none surely lost 0.5 points or more. Well played: together they lost less than 0.5 points' ('1 Zug
    besprochen: Keiner hat … Zusammen haben sie …'): one move is 'it', not 'none' of several or 'they together'."""
    pos = last_deal()
    plies = played_out(pos, pos.parse_move(SWEEPS[0]))
    review = review_round(plies, 0, worlds=WORLDS)
    seen = review_round(plies[:1], 0, worlds=WORLDS)  # the learner's one move alone, no reply yet
    assert len(seen.own) == 1 and not seen.marks and seen.well_played, seen
    for lang, one, many in (
            ("en", ["1 move reviewed: it did not surely lose 0.5 points or more",
                    "Well played: it lost less than 0.5 points by the advisor's values."],
             ["none surely lost", "together they"]),
            ("de", ["1 Zug besprochen: Er hat nicht sicher 0,5 Punkte oder mehr",
                    "Gut gespielt: Er hat nach den Werten des Beraters weniger als 0,5 Punkte verloren."],
             ["Keiner hat", "Zusammen haben sie"])):
        ui = Renderer(lang)
        for text in (review_brief(ui, seen), review_text(ui, seen)):
            flat = " ".join(text.split())
            assert all(said in flat for said in one) and not any(said in flat for said in many), flat
        if len(review.own) > 1 and review.well_played:  # several moves: as before
            assert many[0] in " ".join(review_text(ui, review).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_marked_position_is_a_personal_puzzle_to_solve(tmp_path: Path, blundered: list[Ply], lang: str) -> None:
    with open_shell(tmp_path, lang, symbols=False) as shell:
        review, said = round_review(shell, blundered, 0)
        assert len(review.marks) == 1
        assert ("review" if lang == "en" else "wiederholen") in said.splitlines()[-1]
        shown = dispatch(shell, "review").text
        run = shell.activity
        assert isinstance(run, PuzzleRun) and run.puzzle.id.startswith(PREFIX)
        intro = {"en": "A position from your game of 29 Nov 2026: you played KS here, a blunder",
                 "de": "Eine Stellung aus deinem Spiel vom 29.11.2026. Du hast hier KP gespielt, ein grober Fehler"}
        assert intro[lang] in shown
        assert ("could know" if lang == "en" else "wissen konntest") in shown
        assert shell.ui.cards(cards("8C QD 7C")) in shown  # every hand shown, as in any puzzle
        head = shown.splitlines()[0]
        assert head == ("── Review ──" if lang == "en" else "── Wiederholung ──")  # not rated: no rating shown
        sentences = [s.strip() for s in shown.replace("\n", " ").split(". ") if s.strip()]
        assert len(sentences) == len(set(sentences)) and shown.count("better move") + shown.count("besseren Zug") == 1
        wrong = dispatch(shell, "KS").text
        # the last deal, every card known: valued with best play, said once, not an advisor's average (83b723b)
        assert wrong.count("with best play" if lang == "en" else "bei bestem Spiel") == 1, wrong
        assert ("advisor" if lang == "en" else "Berater") not in wrong and "average" not in wrong
        assert "Solved" not in wrong and "gelöst" not in wrong.split("\n")[0]
        right = dispatch(shell, SWEEPS[1]).text  # the other eight: as good as the advised one
        assert run.solved
        assert ("one of the best moves" if lang == "en" else "einer der besten Züge") in right
        assert shell.progress.attempted(run.puzzle.id)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_personal_puzzle_is_named_by_the_learners_day_not_utcs(tmp_path: Path, blundered: list[Ply],
                                                                  monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """A game in Berlin at 00:30 on 30 November is 23:30 on the 29th in UTC: its position in the review queue, and
    the toolbar over it, name the 30th, the learner's day (the review's time is kept in UTC)."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        with open_shell(tmp_path, lang, symbols=False) as shell:
            shell.clock.now = datetime(2026, 11, 29, 23, 30, tzinfo=timezone.utc)  # type: ignore[attr-defined]
            round_review(shell, blundered, 0)
            shown = dispatch(shell, "review" if lang == "en" else "wiederholen").text
            day = {"en": "30 Nov 2026", "de": "30.11.2026"}[lang]
            assert (f"your game of {day}:" if lang == "en" else f"deinem Spiel vom {day}.") in shown, shown
            assert day in toolbar_text(shell), toolbar_text(shell)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_personal_puzzle_is_not_rated_and_comes_back_when_missed(tmp_path: Path, blundered: list[Ply]) -> None:
    with open_shell(tmp_path) as shell:
        before = shell.progress.learner_rating()
        round_review_text(shell, blundered, 0)
        dispatch(shell, "review")
        dispatch(shell, "KS")
        failed = dispatch(shell, "8D").text  # the trail: a second miss shows the answer
        assert "8D x 5H+2S+AC" in failed.replace("♦", "D").replace("♥", "H").replace("♠", "S").replace("♣", "C")
        assert shell.progress.learner_rating() == before
        assert shell.progress.due_reviews(shell.clock()) == []
        shell.clock.advance(1.01)  # type: ignore[attr-defined]
        assert len(shell.progress.due_reviews(shell.clock())) == 1


WORDS = {"en": ("review", "show", "next"), "de": ("wiederholen", "zeige", "weiter")}
"""The commands of a review in each language."""


@pytest.mark.parametrize("lang, game, done", [
    ("en", "Review: your game of 29 Nov 2026", "Reviews done"),
    ("de", "Wiederholung: dein Spiel vom 29.11.2026", "Wiederholungen erledigt"),
])
def test_the_toolbar_names_a_game_position_by_its_game_never_by_its_id(tmp_path: Path, blundered: list[Ply],
                                                                       lang: str, game: str, done: str) -> None:
    """A position of the learner's game is named in words, by the game's day, before and after it is missed (the
    screen shown again too), never by its id; once the queue is done the toolbar names no puzzle."""
    review, show, following = WORDS[lang]
    with open_shell(tmp_path, lang, symbols=False) as shell:
        shell.width = lambda: 120
        round_review(shell, blundered, 0)
        dispatch(shell, review)
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        bars = [toolbar_text(shell)]
        dispatch(shell, "KS")
        dispatch(shell, "8D")
        assert run.over
        bars.append(toolbar_text(shell))
        screen = dispatch(shell, show).text
        assert all(bar.startswith(" " + game + " · ") for bar in bars), bars
        assert all(PREFIX not in text for text in [*bars, screen])
        dispatch(shell, following)
        assert toolbar_text(shell).startswith(" " + done + " · ")


@pytest.mark.parametrize("lang, praise, back", [
    ("en", "Well done!", "The puzzle you did not solve on your own comes back on 30 Nov 2026."),
    ("de", "Gut gemacht!", "Die Aufgabe, die du nicht allein gelöst hast, kommt am 30.11.2026 wieder."),
])
@pytest.mark.parametrize("solve", [True, False])
def test_a_queue_done_is_praised_only_when_solved(tmp_path: Path, blundered: list[Ply], lang: str, praise: str,
                                                   back: str, solve: bool) -> None:
    """The last review solved: the end of the queue praises it; missed (twice, its answer shown): no praise, and
    the words say when it comes back, the day the scheduler put it on (a day later)."""
    review, _, following = WORDS[lang]
    with open_shell(tmp_path, lang, symbols=False) as shell:
        round_review(shell, blundered, 0)
        dispatch(shell, review)
        for move in [SWEEPS[0]] if solve else ["KS", "8D"]:
            dispatch(shell, move)
        done = dispatch(shell, following).text
        queue = shell.progress.review_queue()
        assert (praise in done) == solve and (back in done) != solve, done
        assert solve or [item.due.date() for item in queue] == [date(2026, 11, 30)]


@pytest.mark.parametrize("lang, over, one, two", [
    ("en", "No more reviews due now.",
     "The review is over, but 1 puzzle you skipped is still due: type “review” to see it again.",
     "The review is over, but 2 puzzles you skipped are still due: type “review” to see them again."),
    ("de", "Jetzt ist keine Wiederholung mehr fällig.",
     "Die Wiederholung ist zu Ende, aber 1 übersprungene Aufgabe ist noch fällig: Tippe „wiederholen“, um sie noch "
     "einmal zu sehen.",
     "Die Wiederholung ist zu Ende, aber 2 übersprungene Aufgaben sind noch fällig: Tippe „wiederholen“, um sie "
     "noch einmal zu sehen."),
])
def test_a_review_skipped_by_next_is_said_to_be_still_due(tmp_path: Path, lang: str, over: str, one: str,
                                                          two: str) -> None:
    """Three failed puzzles due: ``next`` skips the first, the second is solved, ``next`` skips the third; the end
    does not say nothing is due, it counts the two skipped (still due, given again by ``review``), and praises
    nothing.  Then one solved and one skipped again: one is said to be left; then that one solved: nothing is
    due, and the end says so."""
    review, _, following = WORDS[lang]
    with open_shell(tmp_path, lang, symbols=False) as shell:
        failed = [p for p in shell.catalog.puzzles if not p.line][:3]
        for p in failed:
            shell.progress.record_attempt(p.id, p.themes, p.rating, False, 0, now=shell.clock())
        shell.clock.advance(2)  # type: ignore[attr-defined]
        assert len(shell.progress.due_reviews(shell.clock())) == 3
        dispatch(shell, review)
        _skip(shell, following)  # skipped, unanswered
        dispatch(shell, right_answer(shell))
        dispatch(shell, following)
        end = _skip(shell, following)  # the third skipped too
        left = shell.progress.due_reviews(shell.clock())
        assert len(left) == 2 and over not in end and two in end and "!" not in end, end
        dispatch(shell, review)
        assert isinstance(shell.activity, PuzzleRun) and shell.activity.puzzle.id == left[0]
        dispatch(shell, right_answer(shell))
        dispatch(shell, following)
        end = _skip(shell, following)  # the other skipped again
        assert one in end and "!" not in end, end
        dispatch(shell, review)
        dispatch(shell, right_answer(shell))
        end = dispatch(shell, following).text
        assert not shell.progress.due_reviews(shell.clock()) and end.startswith(over), end
        ended = shell.activity
        assert dispatch(shell, following).text != end and shell.activity is not ended  # next goes on past the end


def _skip(shell: Shell, following: str) -> str:
    """``next`` on an open puzzle says it is still open; typed again it skips it: what it then says."""
    assert dispatch(shell, following).text == shell.ui.message("shell.puzzle_open")
    return dispatch(shell, following).text


@pytest.mark.parametrize("lang, left, done", [
    ("en", "Review over, {} still due", "Reviews done"),
    ("de", "Wiederholung zu Ende, {} noch fällig", "Wiederholungen erledigt"),
])
def test_the_toolbar_says_a_review_is_done_only_when_nothing_it_showed_is_due(tmp_path: Path, lang: str, left: str,
                                                                            done: str) -> None:
    """Two failed puzzles due, both skipped by ``next``: at the review's end the toolbar counts the two still due,
    as the end's words do, and does not say the reviews are done; once both are solved it does."""
    review, _, following = WORDS[lang]
    with open_shell(tmp_path, lang, symbols=False) as shell:
        shell.width = lambda: 120
        for p in [p for p in shell.catalog.puzzles if not p.line][:2]:
            shell.progress.record_attempt(p.id, p.themes, p.rating, False, 0, now=shell.clock())
        shell.clock.advance(2)  # type: ignore[attr-defined]
        dispatch(shell, review)
        _skip(shell, following)
        _skip(shell, following)  # both skipped: the end
        assert len(shell.progress.due_reviews(shell.clock())) == 2
        bar = toolbar_text(shell)
        assert bar.startswith(" " + left.format(2) + " · ") and done not in bar, bar
        dispatch(shell, review)
        for _ in range(2):
            dispatch(shell, right_answer(shell))
            dispatch(shell, following)
        assert not shell.progress.due_reviews(shell.clock())
        assert toolbar_text(shell).startswith(" " + done + " · ")


def test_broken_personal_data_is_passed_over(tmp_path: Path) -> None:
    assert personal_puzzle(PREFIX + "x", "{not json") is None
    assert personal_puzzle(PREFIX + "x", '{"format": "cassino-tutor personal puzzle"}') is None
    with open_shell(tmp_path) as shell:
        shell.progress.add_personal_puzzles({PREFIX + "broken": "[]"}, 800.0, now=shell.clock())
        assert dispatch(shell, "review").text == shell.ui.message("shell.no_reviews")  # dropped, not waiting
        assert shell.progress.review_queue() == []


DUE_WORDS = {"en": ("due for review", "Nothing is due yet"),
             "de": ("zur Wiederholung fällig", "Noch ist nichts fällig")}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_due_puzzle_that_no_longer_loads_is_dropped_and_counted_nowhere(tmp_path: Path, lang: str) -> None:
    """A failed puzzle since gone from the collection and a personal puzzle whose data is broken, both due, and a
    failed puzzle due tomorrow: the welcome and the dashboard count none due, ``review`` says the one waiting and
    its day (not a day past), and the two that cannot be shown have left the queue."""
    with open_shell(tmp_path, lang, symbols=False) as shell:
        shell.progress.record_attempt("gone-from-the-collection", ("sweep",), 800, False, 0, now=shell.clock())
        shell.progress.add_personal_puzzles({PREFIX + "broken": "[]"}, 800.0, now=shell.clock())
        shell.clock.advance(2)  # type: ignore[attr-defined]
        kept = [p for p in shell.catalog.puzzles if not p.line][0]
        shell.progress.record_attempt(kept.id, kept.themes, kept.rating, False, 0, now=shell.clock())
        assert len(shell.progress.due_reviews(shell.clock())) == 2
        (waiting,) = [item for item in shell.progress.review_queue() if item.puzzle_id == kept.id]
        assert waiting.due > shell.clock()
        due, later = DUE_WORDS[lang]
        greeting = welcome(shell)
        board = dispatch(shell, "progress" if lang == "en" else "fortschritt").text
        assert due not in greeting and due not in " ".join(board.split()), (greeting, board)
        said = dispatch(shell, WORDS[lang][0]).text
        assert said == shell.ui.message("shell.reviews_later", count=1, due=waiting.due) and said.startswith(later)
        assert [item.puzzle_id for item in shell.progress.review_queue()] == [kept.id]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_puzzles_waiting_counts_only_those_that_load(tmp_path: Path, lang: str) -> None:
    """None due: ``review`` says how many wait and when the first is due, counting only puzzles that can be shown,
    also those queued after the first (a failed puzzle since gone from the collection), and drops those from the
    queue."""
    with open_shell(tmp_path, lang, symbols=False) as shell:
        kept = [p for p in shell.catalog.puzzles if not p.line][0]
        shell.progress.record_attempt(kept.id, kept.themes, kept.rating, False, 0, now=shell.clock())
        shell.clock.advance(0.5)  # type: ignore[attr-defined]
        shell.progress.record_attempt("gone-from-the-collection", ("sweep",), 800, False, 0, now=shell.clock())
        queue = shell.progress.review_queue()
        assert [item.puzzle_id for item in queue] == [kept.id, "gone-from-the-collection"]
        assert not shell.progress.due_reviews(shell.clock())
        said = dispatch(shell, WORDS[lang][0]).text
        assert said == shell.ui.message("shell.reviews_later", count=1, due=queue[0].due), said
        assert [item.puzzle_id for item in shell.progress.review_queue()] == [kept.id]


def test_a_puzzle_that_no_longer_loads_is_not_counted_while_the_file_cannot_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file busy, the drop is not written: the puzzle is still passed over and counted nowhere, and the welcome
    and ``review`` do not fail; it stays queued, to be dropped when next met."""
    with open_shell(tmp_path) as shell:
        shell.progress.record_attempt("gone-from-the-collection", ("sweep",), 800, False, 0, now=shell.clock())
        shell.clock.advance(2)  # type: ignore[attr-defined]

        def busy(puzzle_id: str) -> None:
            raise ProgressError("busy", shell.progress.path, seconds=10)

        monkeypatch.setattr(shell.progress, "drop_review", busy)
        assert "due for review" not in welcome(shell)
        assert dispatch(shell, "review").text == shell.ui.message("shell.no_reviews")
        assert len(shell.progress.review_queue()) == 1  # not dropped
        monkeypatch.undo()
        assert dispatch(shell, "review").text == shell.ui.message("shell.no_reviews")
        assert shell.progress.review_queue() == []


@pytest.fixture
def saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """A one-round game played in the shell (the learner plays its first legal move), its file, and the
    review in full the shell shows after the round (``analysis``); few worlds, for the shell and replay alike."""
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)
    with open_shell(tmp_path, symbols=False) as shell:
        play_first_moves(shell, "round level=greedy seed=5", round_only=True)
        said = dispatch(shell, "analysis").text  # the review in full, one command away from the round's end
        review = said[said.index("Review of your moves"):]
        path = tmp_path / "game.json"
        dispatch(shell, f"games export 1 {path}")
    return path, review


def words(text: str) -> str:
    return " ".join(text.split())


def test_replay_prints_the_game_and_the_review_the_shell_showed(saved_game: tuple[Path, str],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path, review = saved_game
    assert main(["replay", str(path), "--ascii", "--lang", "en", "--review", "1"]) == 0
    out = capsys.readouterr().out
    for said in (f"Game {read_game_file(path).id}: Classic Cassino, 2 players, you (Player 1) against the “greedy” level", "Round 1, dealer:",
                 "Deal 1:", "Round score:", "Player 2 wins the round"):
        assert said in words(out)
    assert words(review) in words(out)  # the same review as after the round
    assert max(len(line) for line in out.splitlines()) <= 80


def test_replay_in_german(saved_game: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = saved_game
    assert main(["replay", str(path), "--lang", "de", "--review", "all"]) == 0
    out = capsys.readouterr().out
    for said in (f"Spiel {read_game_file(path).id}: Klassisches Cassino, 2 Spieler, du (Spieler 1)", "Runde 1, Geber:",
                 "1. Blatt:", "Besprechung deiner Züge"):
        assert said in words(out)


def test_replay_of_a_broken_file_is_one_line(saved_game: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = saved_game
    path.write_text(path.read_text().replace('"moves": ["', '"moves": ["9Z x ', 1))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and str(path) in captured.err and "round 1, move 1" in captured.err


def test_the_advice_goal_is_the_advisors_and_no_file_names_it() -> None:
    assert str(ADVICE) == "advice"  # the teaching room's goal: the rules core parses no such name
    with pytest.raises(GoalError, match="unknown goal 'advice'"):
        Goal.from_str("advice")
    puzzle = """puzzles:
  - id: mine
    variant: classic
    position: {hands: [[7S], [3D]], table: [7D]}
    goal: advice
    themes: [pairing]
    rating: 800
    hints: [{en: Pair it., de: Paar.}]
"""
    with pytest.raises(FileError, match="unknown goal 'advice'"):
        load_puzzles(puzzle, "mine.yaml")



def test_puzzles_that_cannot_be_saved_leave_the_review_shown(tmp_path: Path, blundered: list[Ply],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with open_shell(tmp_path) as shell:
        def busy(*args: object, **kwargs: object) -> None:
            raise ProgressError("busy", shell.progress.path, seconds=10)

        monkeypatch.setattr(shell.progress, "add_personal_puzzles", busy)
        said = round_review_text(shell, blundered, 0)
        assert "was a blunder" in said and "stayed locked by another program" in said
        assert "review queue" not in said


def test_a_move_played_after_a_hint_is_no_evidence_of_the_learners_skills() -> None:
    """A review with its moves after a hint set apart (:func:`set_apart`) gives no evidence of them, marked or not,
    whoever asks: the review itself says which they are (until 5 December 2026 only a caller that passed the plies
    again left them out, and a set-apart mark counted as a move not marked)."""
    record = play_one_round(variant("classic"), [player("random"), player("club")], 1)
    review = review_round(record.plies, 0, worlds=WORLDS, seed=4)
    whole, marked = round_evidence(review, 4), {m.review.index for m in review.marks}
    evidenced = [m.index for m in review.moves if f"4/{m.index}" in whole]
    hinted = {next(i for i in evidenced if i in marked), next(i for i in evidenced if i not in marked)}
    kept = round_evidence(set_apart(review, hinted), 4)
    assert set(whole) - set(kept) == {f"4/{index}" for index in hinted}


def test_a_reviewed_round_is_evidence_of_the_skills_it_tested(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each marked move fails the skills its reasons name (those of them the move shows it failed, where there are
    any), the others pass what their positions tested: all kept."""
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", WORLDS)
    record = play_one_round(variant("classic"), [player("random"), player("club")], 1)  # a quick review, 2 marks
    with open_shell(tmp_path) as shell:
        review, _ = round_review(shell, record.plies, 0, seed=4)
        expected = round_evidence(review, 4)
        skills = {s.skill: s for s in shell.progress.skills()}
    assert review.marks
    assert sum(s.evidence for s in skills.values()) == sum(len(pieces) for pieces in expected.values())
    for mark in review.marks:
        failed = expected[f"4/{mark.review.index}"]
        pos = SeatView.of(mark.review.ply.before, 0).position()
        moves = pos.generate()
        fails = failing(pos, moves)
        played, better = moves.index(mark.review.ply.move), moves.index(mark.review.best.move)
        named = set(reason_skills(why.code for why in mark.reasons))
        shown = {skill for skill in named if skill in fails and fails[skill][played] and not fails[skill][better]}
        assert {p.skill for p in failed} == (shown or named)
        assert all(p.score == 0 for p in failed)
    assert any(p.score == 1 for pieces in expected.values() for p in pieces)


def test_the_instant_points_so_far_are_those_the_game_scored_move_by_move() -> None:
    """instant_so_far read off a position is what the game added up move by move (instant_points), in every
    preset with 2 to 4 players, a match's earlier points aside."""
    checked = 0
    for i, (preset, players) in enumerate((p, n) for p in preset_names() for n in (2, 3, 4)):
        game = TableGame(Settings(variant(preset), players, "greedy", i))
        game.begin_round()
        rng = random.Random(i)
        while not game.round_over and not game.over:
            assert game.scores == instant_so_far(game.position), (preset, players)
            checked += any(game.scores)
            game.push(rng.choice(game.position.generate()))
    assert checked > 50


def score_line(screen: str) -> str:
    """The score line of a position on ``screen`` (English or German)."""
    return next(line for line in screen.splitlines() if line.startswith(("Score:", "Punkte:")))


@pytest.mark.parametrize("kind", ["round ", ""])
@pytest.mark.parametrize("lang, score", [("en", "Score: you: 0 · Player 2: 4"), ("de", "Punkte: du: 0 · Spieler 2: 4")])
def test_a_personal_puzzle_shows_the_score_the_game_showed(tmp_path: Path, lang: str, score: str, kind: str) -> None:
    """Michigan to 5: Player 2's two sweeps scored 4 at once; the position of the learner's marked breach showed
    4 in the game and showed 0 in the review (the walk's game, seed 170239).  The score line is the game's whole:
    the target named in a match's, none in a one-round game's (the review named it in both)."""
    with open_shell(tmp_path, lang, symbols=False) as shell:
        said = [dispatch(shell, f"play {kind}michigan-5 seed=170239").text]
        said += [dispatch(shell, line).text for line in ("7D x 7C", "6S", "KC", "KH x KC", "JD x JC")]
        assert score in said[-1]
        assert ("(target 5)" in said[-1] or "(Ziel 5)" in said[-1]) == (kind == "")
        dispatch(shell, "2H b7 5H")
        shell.clock.advance(2)  # type: ignore[attr-defined]
        review = dispatch(shell, "review" if lang == "en" else "wiederholen").text
        assert isinstance(shell.activity, PuzzleRun) and "2H b7 5H" in review
        assert score_line(review) == score_line(said[-1])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_mark_valued_over_more_draws_than_a_hint_says_how_many(lang: str) -> None:
    """A hint's values are its advice's worlds; a mark's, where its loss was confirmed over more: the mark says
    so, with both counts, so that a learner who asked for a hint is not left with two values for one move."""
    record = play_one_round(variant("classic"), [player("club"), player("random")], 1)
    review = review_round(record.plies, 1, worlds=2, seed=1)
    [confirmed] = [m for m in review.marks if m.drawn is not None and m.drawn > m.advice.worlds]
    assert confirmed.review.sample is not None and confirmed.drawn == confirmed.review.sample.worlds == 64
    text = review_text(Renderer(lang), review)
    said = {"en": "average 64 random draws of the hidden cards, more than a hint's 2",
            "de": "Schnitt über 64 zufällige Ziehungen, wie die verdeckten Karten liegen könnten, mehr als die 2"
                  " eines „tipp“, damit die Bewertung feststeht: Die Werte eines „tipp“"}[lang]  # a sentence: capital
    assert text.count(said) == 1  # the exact mark (the last deal) is over every card, and says nothing of it


def test_a_random_players_unmarked_rounds_are_not_praised_and_an_experts_are() -> None:
    """"Well played!" followed every round in which no move was surely marked; with four players the advisor's
    noise hides a random player's losses one by one, and 4 of 16 of its rounds were praised.  The praise is now
    given where the learner's moves together lost less than the margin by the advisor's values (each move's best
    value minus its played one, none below 0), and says so; recomputed here from the values, in both languages,
    on real rounds: a random learner against club (none of its unmarked rounds praised) and the expert (praised)."""
    praised: dict[str, list[bool]] = {"random": [], "expert": []}
    for level, seeds in (("random", range(1, 13)), ("expert", range(1, 5))):
        for seed in seeds:
            seats = [player(level), *[player("club")] * 3]
            plies = play_one_round(variant("classic"), seats, seed).plies
            review = review_round(plies, 0, worlds=REVIEW_WORLDS, seed=seed)
            if review.marks:
                continue
            lost = sum(max(0.0, m.best.value - m.played.value) for m in review.moves)
            earned = lost < MARGINS[4][0]
            praised[level].append(earned)
            for lang, words in (("en", "Well played: together they lost less than 1.25 points by the advisor's "
                                       "values."),
                                ("de", "Gut gespielt: Zusammen haben sie nach den Werten des Beraters weniger als "
                                       "1,25 Punkte verloren.")):
                ui = Renderer(lang)
                for text in (review_brief(ui, review), review_text(ui, review)):
                    assert (words in text) == earned, (level, seed, lost, text)
                    assert (words.split(":")[0] in text) == earned
    assert len(praised["random"]) >= 3 and not any(praised["random"]), praised
    assert len(praised["expert"]) >= 3 and sum(praised["expert"]) >= 3, praised
