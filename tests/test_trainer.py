"""The trainer teaches: hidden themes, wrong answers explained without the answer, one meaning
of a hint, puzzles chosen by lessons done and time since seen, deal lines explained card by card."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from shell_helpers import open_shell, right_answer, wrong_answer

from tutor.content.course import Puzzle
from tutor.content.presets import variant
from tutor.core.comparison import compare, shortfall
from tutor.core.scoring import side_piles
from tutor.loading import load_catalog
from tutor.render import Renderer
from tutor.shell.commands import dispatch
from tutor.shell.picker import RECENT_COUNT, lessons_needed, open_puzzles, pick_puzzle, puzzle_lessons
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.session import TutorSession
from tutor.shell.state import Shell
from tutor.shell.streak import StreakRun, streak_order
from tutor.shell.toolbar import toolbar
from tutor.teaching.coach import Challenge, Task

CATALOG = load_catalog()
SINGLE_MOVE_GOALS = ("cards", "points", "sweep", "card", "safe")


def say(shell: Shell, line: str) -> str:
    return dispatch(shell, line).text


def theme_names(shell: Shell, puzzle: Puzzle) -> list[str]:
    return [shell.theme_name(t) for t in puzzle.themes]


def untold(puzzle: Puzzle) -> bool:
    """Whether nothing the puzzle always shows (id, title, text) names one of its themes."""
    shown = " ".join([puzzle.id, puzzle.title.en if puzzle.title else "", puzzle.text.en if puzzle.text else ""])
    return not any(re.search(rf"\b{re.escape(t)}\b", shown) for t in puzzle.themes)


def single_move_puzzle() -> Puzzle:
    """A classic puzzle of a one-move goal whose id and title name none of its themes."""
    return next(
        p for p in CATALOG.puzzles
        if p.goal.name in SINGLE_MOVE_GOALS and p.variant.preset == "classic" and untold(p) and len(p.position.generate()) > 2
    )


def deal_puzzle() -> Puzzle:
    """The quickest puzzle played to the end of the round that has captures along its answer."""
    deals = [p for p in CATALOG.puzzles if p.goal.is_deal and any(p.position.captured or ())]
    return min(deals, key=lambda p: (sum(map(len, p.position.hands)), p.id))


def open_puzzle(shell: Shell, puzzle: Puzzle) -> tuple[PuzzleRun, str]:
    text = say(shell, f"puzzle {puzzle.id}")
    run = shell.activity
    assert isinstance(run, PuzzleRun) and run.puzzle == puzzle
    return run, text


def best_notations(shell: Shell, run: PuzzleRun) -> list[str]:
    pos = run.challenge.position
    return [shell.ui.move(pos, m) for m in run.challenge.accepted()]


def toolbar_text(shell: Shell) -> str:
    return "".join(part[1] for part in toolbar(shell))


# ---- themes are hidden until the puzzle is over ----------------------------------------------


@pytest.mark.parametrize("how", ["solved", "solution", "two misses"])
def test_themes_are_hidden_until_the_puzzle_is_over(tmp_path: Path, how: str) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path) as shell:
        run, first = open_puzzle(shell, puzzle)
        names = theme_names(shell, puzzle)
        listed = ", ".join(names)
        before = [first, say(shell, "show"), say(shell, "moves"), toolbar_text(shell), say(shell, "help")]
        if how == "two misses":
            wrong = wrong_answer(shell)
            assert wrong is not None
            before.append(say(shell, wrong))
        for screen in before:
            assert listed not in screen and "Themes:" not in screen
            assert not any(re.search(rf"\b{re.escape(n)}\b", screen.splitlines()[0] if screen else "") for n in names)
        if how == "solved":
            end = say(shell, right_answer(shell))
        elif how == "solution":
            end = say(shell, "solution")
        else:
            end = say(shell, wrong_answer(shell, but=wrong) or "")  # another wrong move: the same is no miss
        assert run.over
        assert f"Themes: {listed}." in end
        assert listed in say(shell, "show").splitlines()[0]


def test_german_themes_show_at_the_end_too(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path, lang="de") as shell:
        _, first = open_puzzle(shell, puzzle)
        listed = ", ".join(theme_names(shell, puzzle))
        assert listed not in first
        assert f"Themen: {listed}." in say(shell, "lösung")


# ---- a wrong answer is explained, and tries again ------------------------------------------


def test_a_first_wrong_answer_names_nothing_of_the_solution_and_the_second_shows_it(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path) as shell:
        run, _ = open_puzzle(shell, puzzle)
        wrong = wrong_answer(shell)
        assert wrong is not None
        comparison = run.challenge.judge(wrong).comparison
        assert comparison is not None
        text = say(shell, wrong)
        assert not run.over and "Try again" in text
        assert "Your move" in text and "Another move" in text
        for best in best_notations(shell, run):
            assert best not in text
        for card in comparison.missed_cards:
            assert shell.ui.card(card) not in text
        assert "best move" not in text and "The answer" not in text and "an answer" not in text
        assert run.puzzle.id in shell.progress.attempted_puzzles()  # the miss is counted at once
        text = say(shell, wrong_answer(shell, but=wrong) or "")
        assert run.over and "Not this one either" in text
        assert best_notations(shell, run)[0] in text


def test_every_wrong_move_of_every_one_move_puzzle_is_explained_without_the_answer() -> None:
    """Shortfalls for every legal move that is not a best one, in both languages: the gap is
    real, and neither a best move nor a card only a best move takes is named (the goal's card,
    the cards the learner's own move names and those it leaves the next player, in a ``safe``
    puzzle, aside)."""
    ui = {lang: Renderer(lang) for lang in ("en", "de")}
    checked = 0
    for puzzle in CATALOG.puzzles:
        if puzzle.goal.name not in SINGLE_MOVE_GOALS:
            continue
        challenge = Challenge(puzzle.position.copy(), Task(goal=puzzle.goal))
        pos, ranking = challenge.position, challenge.ranking
        assert ranking is not None
        best = set(ranking.best)
        for judged in ranking.moves:
            if judged.move in best:
                continue
            short = shortfall(pos, compare(pos, judged.move, ranking))
            assert short.gap > 0 and short.replies == ()
            mine, top = puzzle.goal.split(judged.values), puzzle.goal.split(ranking.moves[0].values)
            assert mine[: short.criterion] == top[: short.criterion] and mine[short.criterion] < top[short.criterion]
            move = judged.move
            named = {move.card, *move.loose, *(c for b in move.builds for c in b.cards), puzzle.goal.criteria[0].card}
            named |= set(short.threat.cards if short.threat else ())  # what the learner's own move leaves
            for renderer in ui.values():
                text = renderer.shortfall(pos, short)
                own = renderer.move(pos, judged.move)
                assert "{" not in text and own in text
                # a best move may be a part of the learner's own (a trail of its card, a smaller capture)
                assert not any(renderer.move(pos, m) in text.replace(own, "") for m in best)
                assert not any(renderer.card(c) in text for c in short.comparison.missed_cards if c not in named)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("lang", "told"), [
    ("en", "The best move, 10♠ x 10♦ 5♥+4♠+A♣, scores three points (10♦ and A♣)."),
    ("de", "Der beste Zug, 10♠ x 10♦ 5♥+4♠+A♣, bringt drei Punkte (10♦ und A♣)."),
])
def test_the_points_a_move_scores_are_named_in_the_count_out_order(tmp_path: Path, lang: str, told: str) -> None:
    """A comparison named a move's point cards as the capture holds them, "scores three points (A♣ and 10♦)", the
    pile, the line and the round's score below in the count-out order of rules 7 (Big Cassino, Little Cassino, the
    aces by suit: spades, clubs, hearts, diamonds): one order.  (A line's step names the card played first, "with
    the card played: A♥ 1 point, A♣ 1 point", as test_render checks.)"""
    with open_shell(tmp_path, lang) as shell:
        say(shell, "puzzle ten-over-nine")
        say(shell, "9H x 5H+4S")
        text = " ".join(say(shell, "10S x 10D").split())
    assert told in text, text


@pytest.mark.parametrize(("lang", "left", "rating"), [
    ("en", "You left the puzzle after help (“hint” or “explain”): it counts as missed, and comes back for review on",
     "Your rating: 800 → "),
    ("de", "Du hast die Aufgabe nach einer Hilfe („tipp“ oder „erkläre“) verlassen: Sie zählt als nicht gelöst und "
           "kommt am", "Deine Wertungszahl: 800 → "),
])
@pytest.mark.parametrize("then", ["puzzle pair-the-sixes", "quit"])
@pytest.mark.parametrize("helped", ["hint", "explain AH x AS"])
def test_a_puzzle_left_after_a_hint_says_it_counts_as_missed(tmp_path: Path, lang: str, left: str, rating: str,
                                                            then: str, helped: str) -> None:
    """A puzzle left after a hint or an explanation (another command, or quit) is recorded as missed, the rating
    down by 174, and nothing was said of it; a shell killed after a hint says so at the next start.  Leaving now
    says it too, under the reply of the line that left it, with the rating's change, once."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, "puzzle three-aces")
        say(shell, helped)
        text = " ".join(say(shell, then).split())
        assert left in text and rating in text, text
        assert left not in " ".join(say(shell, "show").split())
    with open_shell(tmp_path / "unhinted", lang) as shell:
        say(shell, "puzzle three-aces")
        assert left not in " ".join(say(shell, then).split())


def test_a_wrong_deal_move_tells_the_points_lost_and_the_reply(tmp_path: Path) -> None:
    puzzle = deal_puzzle()
    with open_shell(tmp_path) as shell:
        run, _ = open_puzzle(shell, puzzle)
        wrong = wrong_answer(shell)
        assert wrong is not None
        verdict = run.challenge.judge(wrong)
        assert verdict.comparison is not None
        lost = verdict.comparison.value_lost
        text = say(shell, wrong)
        assert "better for your side" in text and shell.ui.message("words.number", n=lost) in text
        for best in best_notations(shell, run):
            assert best not in text
        short = shortfall(run.challenge.position, verdict.comparison)
        if short.replies:
            assert "Best play answers it" in text


@pytest.mark.parametrize(("lang", "reply"), [("en", "Best play answers it with 2♠ from Player 1."),
                                           ("de", "Die beste Antwort darauf: 2♠ von Spieler 1.")])
def test_the_best_reply_names_its_card_before_the_seat(tmp_path: Path, lang: str, reply: str) -> None:
    """``Best play answers it: Player 1 2♠`` set the seat's number against the card's: ``1 2♠``."""
    with open_shell(tmp_path, lang) as shell:
        run, _ = open_puzzle(shell, CATALOG.puzzle("endgame-1-3"))
        text = say(shell, "8H x 7H+AS")
        assert reply in text.splitlines(), text
        assert not re.search(r"(?:Player|Spieler) \d+ (?:10|[2-9AJQKBD])[♠♥♦♣]", text), text


def test_explain_in_an_open_puzzle_is_a_hint_and_names_no_best_move(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path) as shell:
        run, _ = open_puzzle(shell, puzzle)
        wrong = wrong_answer(shell)
        assert wrong is not None
        text = say(shell, f"explain {wrong}")
        assert "Another move" in text and not any(b in text for b in best_notations(shell, run))
        assert run.hints == 1
        say(shell, "explain ZZ")  # a typo tells nothing: no hint
        assert run.hints == 1


PLAYED = {"en": re.compile(r"\b[Yy]our move\b"), "de": re.compile(r"\b(?:Dein Zug|deinem Zug)\b")}
"""The words that say a move was the learner's own, played."""


@pytest.mark.parametrize(("lang", "explain", "head"), [("en", "explain", "The move "), ("de", "erkläre", "Der Zug ")])
def test_explain_says_the_move_it_was_asked_about_not_your_move_which_a_played_one_stays(
        tmp_path: Path, lang: str, explain: str, head: str) -> None:
    """``explain MOVE`` said "Your move X ..." of a move the learner only asked about: in an open puzzle (what it
    falls short by), once it is over (against the best), and in a deal puzzle ("your move costs", "After your
    move"); a move answered, played, is still "your move"."""
    for puzzle in (single_move_puzzle(), deal_puzzle()):
        with open_shell(tmp_path / puzzle.id, lang=lang) as shell:
            run, _ = open_puzzle(shell, puzzle)
            wrong = wrong_answer(shell)
            assert wrong is not None
            shown = shell.ui.move(run.challenge.position, run.challenge.judge(wrong).move)  # type: ignore[arg-type]
            asked = say(shell, f"{explain} {wrong}")
            say(shell, "solution")
            for text in (asked, say(shell, f"{explain} {wrong}")):
                assert text.startswith(head + shown) and not PLAYED[lang].search(text), text
        with open_shell(tmp_path / f"{puzzle.id}-played", lang=lang) as shell:
            open_puzzle(shell, puzzle)
            played = say(shell, wrong)
            assert PLAYED[lang].search(played) and head + shown not in played, played


def test_moves_lists_the_legal_moves_without_values_until_the_puzzle_is_over(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path) as shell:
        run, _ = open_puzzle(shell, puzzle)
        pos = run.challenge.position
        listed = say(shell, "moves").splitlines()[1:]
        assert [line.strip() for line in listed] == [shell.ui.listed_move(pos, m) for m in pos.generate()]
        assert run.hints == 0  # it tells nothing of the answer
        say(shell, "solution")
        after = say(shell, "moves")
        marked = [line.strip(" ✓").split("   ")[0] for line in after.splitlines() if line.lstrip().startswith("✓")]
        assert sorted(marked) == sorted(best_notations(shell, run))


# ---- a hint has one meaning: a solve after it counts as a miss, and says so ------------------


def test_a_hinted_solve_says_it_counts_as_a_miss(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path) as shell:
        open_puzzle(shell, puzzle)
        before = shell.progress.learner_rating().rating
        say(shell, "hint")
        text = say(shell, right_answer(shell))
        assert "Solved with help: this counts as a miss for your rating" in text
        assert "Solved!" not in text
        assert shell.progress.learner_rating().rating < before
        due = shell.progress.review_queue()[0].due.astimezone()  # shown as a local day, "30 Nov 2026"
        assert f"comes back for review on {due.day} {due:%b %Y}" in text and text.count("comes back") == 1


def test_a_hinted_solve_in_review_says_it_stays_in_the_queue(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path, lang="de") as shell:
        open_puzzle(shell, puzzle)
        say(shell, "lösung")
        shell.clock.advance(2)  # type: ignore[attr-defined]
        say(shell, "wiederholen")
        assert isinstance(shell.activity, PuzzleRun) and shell.activity.puzzle.id == puzzle.id
        rating = shell.progress.learner_rating()
        say(shell, "tipp")
        text = say(shell, right_answer(shell))
        assert "Mit Hilfe gelöst: Das zählt als nicht gelöst" in text and "Gelöst!" not in text
        assert shell.progress.learner_rating() == rating  # a review is not rated
        assert shell.progress.due_reviews(shell.clock() + timedelta(days=1)) == [puzzle.id]


def test_a_solve_after_a_miss_says_the_miss_counted(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path) as shell:
        open_puzzle(shell, puzzle)
        say(shell, wrong_answer(shell) or "")
        text = say(shell, right_answer(shell))
        assert "Solved at the second try" in text and "Solved!" not in text


@pytest.mark.parametrize("lang, comes_back", [("en", "The puzzle comes back for review on {day} {month}"),
                                               ("de", "Die Aufgabe kommt am {day}.{month} zur Wiederholung")])
@pytest.mark.parametrize("end", ["right", "solution"])
def test_a_missed_puzzle_says_when_it_comes_back_for_review(tmp_path: Path, lang: str, comes_back: str,
                                                            end: str) -> None:
    """A miss puts the puzzle in the review queue; once it is over (solved later, or its solution asked) the
    learner is told the day it comes back, as a solve with a hint tells it (the walk's learner was told nothing)."""
    puzzle = single_move_puzzle()
    with open_shell(tmp_path, lang) as shell:
        open_puzzle(shell, puzzle)
        first = say(shell, wrong_answer(shell) or "")
        text = say(shell, right_answer(shell) if end == "right" else ("solution" if lang == "en" else "lösung"))
        due = shell.progress.review_queue()[0].due.astimezone()
        words = comes_back.format(day=due.day, month=f"{due:%b %Y}" if lang == "en" else f"{due.month}.{due.year}")
        assert words not in first and words in " ".join(text.split()), text
        assert text.count("comes back" if lang == "en" else "zur Wiederholung") == 1


def test_a_clean_solve_says_nothing_of_a_review(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path) as shell:
        open_puzzle(shell, puzzle)
        text = say(shell, right_answer(shell))
        assert "Solved!" in text and "review" not in text and not shell.progress.review_queue()


def test_a_streak_has_no_hints_and_its_first_miss_shows_the_answer(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        say(shell, "streak")
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        assert "No hints" in say(shell, "hint") and "No hints" in say(shell, f"explain {right_answer(shell)}")
        assert run.hints == 0
        text = say(shell, right_answer(shell))
        assert "Streak: 1!" in text and "Themes:" in text
        wrong = wrong_answer(shell)
        assert wrong is not None
        text = say(shell, wrong)
        assert best_notations(shell, run)[0] in text and "ends at 1" in text


@pytest.mark.parametrize(("lang", "ended"), [
    ("en", "Your streak so far ends at 1 (your best is kept); a new streak starts.\nStreak: solve puzzles"),
    ("de", "Deine bisherige Serie endet bei 1 (deine beste bleibt gespeichert); eine neue Serie beginnt.\nSerie: "),
])
def test_streak_typed_during_a_streak_says_the_streak_so_far_ended(tmp_path: Path, lang: str, ended: str) -> None:
    """``streak`` in a streak started a new one from 0 without a word of the one under way; a streak over (its
    end said), or with nothing solved yet, starts again as any first one does."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, "streak")
        first = say(shell, "serie" if lang == "de" else "streak")  # nothing solved yet: no streak to end
        assert first.startswith(shell.ui.message("shell.streak_start", best=0)), first
        say(shell, right_answer(shell))
        run = shell.activity
        assert isinstance(run, StreakRun) and run.count == 1
        assert say(shell, "serie" if lang == "de" else "streak").startswith(ended)
        assert shell.progress.best_streak() == 1 and shell.activity is not run
        say(shell, "solution")  # this streak over: its end is said, and the next starts as a first one
        again = say(shell, "serie" if lang == "de" else "streak")
        assert again.startswith(shell.ui.message("shell.streak_start", best=1)), again


@pytest.mark.parametrize(("lang", "back"), [("en", "The puzzle comes back for review on"),
                                            ("de", "Die Aufgabe kommt am")])
@pytest.mark.parametrize("ending", ["wrong", "solution"])
def test_a_streak_puzzle_missed_says_when_it_comes_back_for_review(tmp_path: Path, lang: str, back: str,
                                                                   ending: str) -> None:
    """A streak's miss (or its solution) put the puzzle in the review queue and said nothing of it, where any
    other puzzle missed says when it comes back."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, "streak")
        text = say(shell, (wrong_answer(shell) or "") if ending == "wrong" else "solution")
        due = shell.progress.review_queue()
        assert len(due) == 1 and back in text, text
        assert text.index(back) < text.index({"en": "The streak ends", "de": "Die Serie endet"}[lang])


@pytest.mark.parametrize(("lang", "over"), [("en", "This streak is over"), ("de", "Diese Serie ist vorbei")])
def test_a_hint_after_a_streak_ends_says_it_is_over(tmp_path: Path, lang: str, over: str) -> None:
    """Not "No hints in a streak … type solution to end it" about a streak already ended."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, "streak")
        assert "solution" in say(shell, "hint") or "lösung" in say(shell, "hint")  # while it runs
        say(shell, "solution")
        said = say(shell, "hint")
        assert said.startswith(over) and said == say(shell, "7S"), said


# ---- which puzzle comes next ------------------------------------------------------------------


def test_the_lessons_a_variant_needs() -> None:
    def needed(spec: object) -> list[str]:
        return [lesson.id for lesson in lessons_needed(CATALOG, variant(spec))]  # type: ignore[arg-type]

    assert needed("classic") == []
    assert needed("royal") == ["royal"]
    assert needed("royal-aces-high") == ["royal", "aces-high"]
    assert needed("michigan-5") == ["michigan"]
    assert needed("spade") == ["spade"]
    assert needed({"preset": "classic", "build_duty": "take_or_add"}) == ["take-or-add"]
    assert [lesson.id for lesson in lessons_needed(CATALOG, variant("classic"), 3)] == ["partners"]
    assert [lesson.id for lesson in lessons_needed(CATALOG, variant("royal"), 4)] == ["partners", "royal"]


def test_a_newcomer_gets_no_game_of_three_or_four_before_the_lesson_on_them(tmp_path: Path) -> None:
    """A puzzle of three or four players (partnerships pool their cards) opens with the lesson on such games, as
    a variant's puzzles open with the lesson on its rules: neither ``puzzle`` nor ``streak`` gives one before."""
    many = {p.id for p in CATALOG.puzzles if p.position.players > 2 and not p.variant.changed_options()}
    assert many, "the collection has classic puzzles of three and four players"
    with open_shell(tmp_path) as shell:
        assert all(p.position.players == 2 for p in open_puzzles(shell))
        assert all(p.position.players == 2 for p in streak_order(shell, None))
        text = say(shell, "puzzle partnership")
        assert "learn partners" in text and shell.activity is None
        shell.progress.record_lesson("partners", 3)
        assert {p.id for p in open_puzzles(shell)} >= many


@pytest.mark.parametrize(("lang", "command", "said"), [
    ("en", "streak partnership", "They open with the lesson “Three players and partnerships”: type “learn partners”"),
    ("de", "serie partnerschaft", "Sie öffnen sich mit der Lektion „Zu dritt und zu viert“: Tippe „lerne partner“"),
    ("en", "streak royal", "They open with the lessons “Royal Cassino” and “Aces high”: type “learn royal”"),
])
def test_a_streak_of_a_theme_whose_lessons_are_not_done_says_which_open_it(tmp_path: Path, lang: str, command: str,
                                                                             said: str) -> None:
    """``streak partnership`` for a new learner said "No puzzle is left for you here just now: you have solved
    them, or tried them lately", of puzzles never tried: the theme's puzzles wait for a lesson, and the streak says
    which, as ``puzzle partnership`` does."""
    with open_shell(tmp_path, lang) as shell:
        text = say(shell, command)
        assert said in " ".join(text.split()) and shell.activity is None, text
        assert text == say(shell, command.replace("streak", "puzzle").replace("serie", "aufgabe"))


def test_a_learner_without_the_spade_lesson_never_gets_a_spade_puzzle(tmp_path: Path) -> None:
    spade = [p for p in CATALOG.puzzles if p.variant.spade_points]
    assert spade, "the collection has spade puzzles"
    with open_shell(tmp_path) as shell:
        given = []
        while (found := pick_puzzle(shell, skip=[p.id for p in given])) is not None:
            given.append(found)
        assert given and all(not puzzle_lessons(CATALOG, p) for p in given)
        assert {p.id for p in given} == {p.id for p in CATALOG.puzzles if not puzzle_lessons(CATALOG, p)}
        assert not any(p.variant.spade_points for p in streak_order(shell, None))
        text = say(shell, "puzzle spade-cassino")
        assert "learn spade" in text and shell.activity is None
        shell.progress.record_lesson("spade", 3)
        assert {p.id for p in open_puzzles(shell, "spade")} >= {p.id for p in spade}
        say(shell, "puzzle spade-cassino")
        run = shell.activity
        assert isinstance(run, PuzzleRun) and run.puzzle.variant.spade_points


def test_a_new_learner_gets_beginner_puzzles(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        rating = shell.progress.learner_rating()
        assert rating.rating == 800 and rating.deviation == 350
        assert "rating about 800" in toolbar_text(shell)
        say(shell, "puzzle")
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        assert abs(run.puzzle.rating - 800) <= 200
        open_ratings = [p.rating for p in open_puzzles(shell)]
        assert abs(run.puzzle.rating - 800) == min(abs(r - 800) for r in open_ratings)


def test_a_puzzle_tried_lately_does_not_come_back(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        for lesson in CATALOG.lessons:  # every puzzle open: with some closed, the answer names their lesson instead
            shell.progress.record_lesson(lesson.id, 3)
        theme = min(CATALOG.themes(), key=lambda t: len(open_puzzles(shell, t)))
        pool = open_puzzles(shell, theme)
        assert 0 < len(pool) < RECENT_COUNT
        for puzzle in pool:  # every puzzle of the theme tried and missed
            shell.progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, False, 0, now=shell.clock())
        assert pick_puzzle(shell, theme) is None
        assert "tried them lately" in say(shell, f"puzzle {shell.theme_name(theme)}")
        shell.clock.advance(2)  # type: ignore[attr-defined]
        assert pick_puzzle(shell, theme) is None  # still among the last attempted
        others = [p for p in open_puzzles(shell) if p.id not in {q.id for q in pool}][:RECENT_COUNT]
        for puzzle in others:
            shell.progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, True, 0, now=shell.clock())
        back = pick_puzzle(shell, theme)
        assert back is not None and back in pool


# ---- deal puzzles: what each side has, and what changes hands ------------------------------


@pytest.mark.parametrize(("lang", "again", "either"), [
    ("en", "You tried {} already, and it was not it", "Not this one either"),
    ("de", "{} hast du schon versucht, und das war es nicht", "Auch das ist es nicht"),
])
def test_a_wrong_move_typed_again_is_told_so_and_is_no_second_miss(tmp_path: Path, lang: str, again: str,
                                                                   either: str) -> None:
    """The same wrong move typed twice was the second miss and ended the puzzle ("Not this one either."): it is a
    slip, told so, and the puzzle stays open for another move."""
    with open_shell(tmp_path, lang) as shell:
        run, _ = open_puzzle(shell, single_move_puzzle())
        wrong = wrong_answer(shell)
        assert wrong is not None
        say(shell, wrong)
        before = shell.progress.attempted_puzzles()
        text = say(shell, wrong)
        shown = shell.ui.move(run.challenge.position, run.challenge.position.parse_move(wrong))
        assert text.startswith(again.format(shown)), text
        assert not run.over and run.misses == 1 and either not in text
        assert shell.progress.attempted_puzzles() == before
        assert either in say(shell, wrong_answer(shell, but=wrong) or "") and run.over


def test_a_deal_puzzle_shows_the_piles_and_explains_the_best_line_card_by_card(tmp_path: Path) -> None:
    puzzle = deal_puzzle()
    with open_shell(tmp_path) as shell:
        run, first = open_puzzle(shell, puzzle)
        pos = run.challenge.position
        assert "Taken so far:" in first
        for pile in side_piles(pos):
            assert f": {len(pile)} card" in first
        end = say(shell, "solution")
        ranking = run.challenge.ranking
        assert ranking is not None
        line = ranking.moves[0].line
        assert line, "a deal answer comes with its line"
        rows = end[end.index("the card played included") :].splitlines()[1:]
        after = pos.copy()
        for row, move in zip(rows, line):
            assert shell.ui.move(after, move) in row
            if move.is_capture:
                assert "taking " + shell.ui.cards(move.captured_cards()) in row
                assert ("sweeping" in row) == after.is_sweep(move)
            after.push(move)
        assert after.is_round_over() and "Round score:" in end


def test_a_wrong_answer_and_a_second_try_through_the_real_session(tmp_path: Path) -> None:
    puzzle = single_move_puzzle()
    with open_shell(tmp_path / "dry") as shell:
        run, _ = open_puzzle(shell, puzzle)
        wrong, right = wrong_answer(shell), right_answer(shell)
        best = best_notations(shell, run)
    said: list[str] = []
    with open_shell(tmp_path / "real") as shell, create_pipe_input() as pipe:
        pipe.send_text(f"puzzle {puzzle.id}\r{wrong}\r{right}\rquit\r")
        assert TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), say=said.append).run() == 0
    missed = next(text for text in said if "Try again" in text)
    assert "Another move" in missed and not any(b in missed for b in best)
    assert any("Solved at the second try" in text for text in said)


def test_piles_and_lines_in_german() -> None:
    puzzle = deal_puzzle()
    challenge = Challenge(puzzle.position.copy(), Task(goal=puzzle.goal))
    pos, ranking = challenge.position, challenge.ranking
    assert ranking is not None
    ui = Renderer("de")
    taken = ui.taken(pos, pos.to_move)
    assert taken.startswith("Bisher eingenommen:") and "Du:" in taken
    line = ui.line(pos, ranking.moves[0].line, pos.to_move)
    captures = [m for m in ranking.moves[0].line if m.is_capture]
    assert line.count("eingenommen:") == len(captures) and "Rundenwertung" in line
