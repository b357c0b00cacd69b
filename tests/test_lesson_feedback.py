"""Lessons teach like puzzles (issue 21): a wrong answer is told what is wrong with it without the
answer, which shows after the second miss or on ``solution``; hints skip what is already out or
told; a wrong count names what it leaves out or adds.  Everything through ``dispatch`` on the
course's own lessons, each claim recomputed from the engine."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from shell_helpers import open_shell, right_answer, wrong_answer

from tutor.content.course import DemoStep, ExerciseStep, Lesson, QuestionStep, Step, TextStep, WhyStep, stars
from tutor.core.comparison import compare, shortfall
from tutor.core.counting import count_parts, miscount
from tutor.core.moves import IllegalMoveError
from tutor.core.position import Position
from tutor.core.scoring import instant_points, score_round
from tutor.core.solver import move_points
from tutor.loading.catalog import load_catalog
from tutor.render import Renderer
from tutor.shell.challenge_text import TRIES
from tutor.shell.commands import dispatch, typed_command
from tutor.shell.lesson import LessonRun
from tutor.shell.lesson_hints import side_seats
from tutor.shell.state import Shell
from tutor.teaching.answers import question_answer, why_reason


def say(shell: Shell, line: str) -> str:
    reply = dispatch(shell, line)
    assert not reply.quit
    return reply.text


def open_step(shell: Shell, lesson: str, wanted: Callable[[Step], bool]) -> LessonRun:
    """The lesson opened at its first step that asks something and that ``wanted`` accepts."""
    say(shell, f"learn {lesson}")
    run = shell.activity
    assert isinstance(run, LessonRun)
    while run.solved or not wanted(run.step):
        assert not run.done, f"lesson {lesson} has no such step"
        say(shell, right_answer(shell))
    return run


def accepted_moves(shell: Shell, run: LessonRun) -> list[str]:
    """The accepted moves as the screen writes them."""
    challenge = run.challenge
    assert challenge is not None
    return [shell.ui.move(challenge.position, m) for m in challenge.accepted()]


def illegal_move(pos: Position, but: str = "") -> tuple[str, IllegalMoveError]:
    """A capture the rules refuse in ``pos``, and why; ``but``: another than this one."""
    for card in pos.hands[pos.to_move]:
        for target in pos.loose:
            text = f"{card} x {target}"
            if text == but:
                continue
            try:
                pos.parse_move(text)
            except IllegalMoveError as err:
                return text, err
    raise AssertionError("no illegal capture found")


def goal_exercise(step: Step) -> bool:
    return isinstance(step, ExerciseStep) and step.goal is not None


# ---- 1. a first wrong answer says what is wrong, without the answer --------------------------------


def test_a_move_that_is_not_best_is_told_its_shortfall_and_the_answer_waits_for_the_second_miss(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "pairing", goal_exercise)
        challenge = run.challenge
        assert challenge is not None and challenge.ranking is not None
        pos, best = challenge.position, accepted_moves(shell, run)
        wrong = wrong_answer(shell)
        assert wrong is not None
        first = say(shell, wrong)
        expected = shell.ui.shortfall(pos, shortfall(pos, compare(pos, pos.parse_move(wrong), challenge.ranking)))
        assert expected in first and "Try again" in first
        assert not any(move in first for move in best), first
        assert not run.solved and run.mistakes == 1
        second = say(shell, wrong_answer(shell, but=wrong) or "")
        assert "here is the answer" in second and all(move in second for move in best)
        assert run.solved and run.mistakes == 2
        assert "nothing to answer" in say(shell, wrong).lower()  # the step is over: no third miss


def test_an_illegal_move_is_told_the_rule_it_breaks_and_counts_as_a_miss(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "pairing", goal_exercise)
        challenge = run.challenge
        assert challenge is not None
        pos, best = challenge.position, accepted_moves(shell, run)
        text, err = illegal_move(pos)
        first = say(shell, text)
        assert shell.ui.reason(pos, err.reason) in first and not any(move in first for move in best)
        second = say(shell, illegal_move(pos, but=text)[0])
        assert all(move in second for move in best) and run.solved and run.mistakes == 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_move_that_cannot_be_played_is_told_why_and_is_no_wrong_answer(tmp_path: Path, lang: str) -> None:
    """``learn table``'s trail: after a wrong answer, a card not in the hand (``9D``) or a table card not on the
    table is told why, as a typo is, and counts as nothing: no second miss, no answer shown, no mistake."""
    with open_shell(tmp_path, lang) as shell:
        run = open_step(shell, "table", lambda s: isinstance(s, ExerciseStep))
        challenge = run.challenge
        assert challenge is not None
        ui, pos = shell.ui, challenge.position
        wrong = wrong_answer(shell)
        assert wrong is not None
        say(shell, wrong)
        assert (run.misses, run.mistakes) == (1, 1)
        hand = pos.hands[pos.to_move]
        absent = next(c for c in pos.variant.deck_cards if c not in hand and c not in pos.loose)
        for typed in (str(absent), f"{hand[0]} x {absent}"):
            said = say(shell, typed)
            with pytest.raises(IllegalMoveError) as err:
                pos.parse_move(typed)
            assert said.startswith(ui.reason(pos, err.value.reason)) and ui.message("shell.try_again") in said
            assert ui.message("shell.step_answer", tries=TRIES) not in said  # not the second miss
            assert (run.misses, run.mistakes, run.solved) == (1, 1, False)
        say(shell, right_answer(shell))
        assert run.mistakes == 1


def test_a_move_of_the_wrong_kind_is_told_its_kind(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "builds", lambda s: isinstance(s, ExerciseStep) and s.find == "build")
        challenge = run.challenge
        assert challenge is not None
        ui, pos, best = shell.ui, challenge.position, accepted_moves(shell, run)
        trails = [m for m in pos.generate() if m.kind == "trail"]
        said = [say(shell, pos.notation(m)) for m in trails[:2]]
        kind = ui.message("shell.wrong_kind", move=ui.move(pos, trails[0]), kind=ui.move_kind("trail"),
                          wanted=ui.move_kind("build"))
        assert kind in said[0] and not any(move in said[0] for move in best)
        assert all(move in said[1] for move in best) and run.solved and run.mistakes == 2


def test_the_answer_after_two_misses_costs_what_solution_after_one_does(tmp_path: Path) -> None:
    """Stars stay as hard to earn: a learner who misses twice, or misses and asks for the solution,
    has two mistakes at the step; one who finds the answer at the second try, one."""
    mistakes = []
    for tail in (["wrong", "wrong"], ["wrong", "solution"], ["wrong", "right"]):
        with open_shell(tmp_path / "-".join(tail)) as shell:
            run = open_step(shell, "pairing", goal_exercise)
            start = run.index
            tried = None
            for typed in tail:
                answer = {"wrong": wrong_answer(shell, but=tried), "right": right_answer(shell)}.get(typed) or typed
                say(shell, answer)
                tried = answer
            # over: the answer shown and "next" awaited, or solved and on to the next step
            assert (run.index, run.solved) == ((start + 1, False) if "right" in tail else (start, True))
            mistakes.append(run.mistakes)
    assert mistakes == [2, 2, 1]
    assert stars(2, 0) == 2 and stars(3, 0) == 1  # so two such steps in a lesson leave one star


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_why_step_shows_the_rule_after_two_wrong_choices(tmp_path: Path, lang: str) -> None:
    """After the second wrong choice, what is wrong with it comes first, then "Two wrong answers: here is the
    answer." and the rule; the line that announces the answer stood above the feedback on the choice just made."""
    with open_shell(tmp_path, lang) as shell:
        run = open_step(shell, "sums", lambda s: isinstance(s, WhyStep) and len(s.choices) >= 3)
        step, ui = run.step, shell.ui
        assert isinstance(step, WhyStep)
        right = why_reason(step)
        wrong = [str(i) for i, c in enumerate(step.choices, 1) if c != right.code]
        assert ui.message("shell.try_again") in say(shell, wrong[0])
        second = say(shell, wrong[1])
        assert ui.reason(step.position, right, by_other=True) in second and run.solved and run.mistakes == 2
        lines = [ui.message("shell.wrong_choice"), ui.message("shell.step_answer", tries=TRIES),
                 ui.reason(step.position, right, by_other=True), ui.message("shell.type_next")]
        assert second == "\n".join(lines), second


@pytest.mark.parametrize(("lang", "again"), [("en", "You tried {} already, and it was not it"),
                                            ("de", "{} hast du schon versucht, und das war es nicht")])
@pytest.mark.parametrize("kind", ["move", "illegal", "choice", "number"])
def test_a_wrong_answer_given_again_at_a_step_is_told_so_and_is_no_second_mistake(tmp_path: Path, lang: str,
                                                                                  again: str, kind: str) -> None:
    """A step's wrong answer typed again (a move, a move the rules forbid, a why step's choice, a count) was the
    second mistake and showed the answer: it is a slip, told so, and the step waits for another answer."""
    with open_shell(tmp_path, lang) as shell:
        if kind == "choice":
            run = open_step(shell, "sums", lambda s: isinstance(s, WhyStep) and len(s.choices) >= 3)
            assert isinstance(run.step, WhyStep)
            code = why_reason(run.step).code
            number = next(i for i, c in enumerate(run.step.choices, 1) if c != code)
            typed, shown = str(number), ("Antwort " if lang == "de" else "answer ") + str(number)
        elif kind == "number":
            run = open_step(shell, "table", lambda s: isinstance(s, QuestionStep))
            typed = shown = wrong_answer(shell) or ""
        else:
            run = open_step(shell, "pairing", goal_exercise)
            assert run.challenge is not None
            pos = run.challenge.position
            if kind == "move":
                typed = wrong_answer(shell) or ""
                shown = shell.ui.move(pos, pos.parse_move(typed))
            else:
                typed = illegal_move(pos)[0]
                shown = ("„{}“" if lang == "de" else "“{}”").format(typed)
        say(shell, typed)
        assert run.mistakes == 1 and not run.solved
        text = say(shell, typed)
        assert text.startswith(again.format(shown)), text
        assert run.mistakes == 1 and run.misses == 1 and not run.solved


# ---- 2. hints skip what is already out ----------------------------------------------------------------


def test_a_hint_never_rules_out_a_choice_already_tried(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "sums", lambda s: isinstance(s, WhyStep) and len(s.choices) == 3)
        step = run.step
        assert isinstance(step, WhyStep)
        right = why_reason(step).code
        wrong = [c for c in step.choices if c != right]
        title = {c: shell.ui.message(f"reason_titles.{c}") for c in step.choices}
        say(shell, str(step.choices.index(wrong[0]) + 1))  # the first wrong choice, which a hint used to rule out first
        hints = [say(shell, "hint") for _ in range(2)]
        # one wrong choice stays open beside the right one, so no hint rules out another, nor the one tried
        assert all(h.startswith("Still open:") for h in hints)
        assert all(title[right] in h and title[wrong[1]] in h and title[wrong[0]] not in h for h in hints)


def test_exercise_hints_never_repeat_and_follow_the_moves_tried(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "pairing", goal_exercise)
        step, challenge = run.step, run.challenge
        assert isinstance(step, ExerciseStep) and challenge is not None
        hints = [say(shell, "hint") for _ in range(len(step.hints) + 1)]
        card = challenge.accepted()[0].card
        assert hints[-1] == shell.ui.message("shell.hint_card", card=shell.ui.card(card))
        assert len(set(hints)) == len(hints)
        assert say(shell, "hint") == shell.ui.message("shell.hint_none_left")
        pos = challenge.position
        other = next(m for m in pos.generate() if m.card == card and m not in challenge.accepted())
        say(shell, pos.notation(other))  # the right card, played wrong
        again = say(shell, "hint")
        assert again == shell.ui.message("shell.hint_card_again", card=shell.ui.card(card))
        assert run.hints == len(hints) + 2


def test_a_question_hint_does_not_repeat_what_a_wrong_count_was_told(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "table", lambda s: isinstance(s, QuestionStep) and s.ask == "cards")
        step = run.step
        assert isinstance(step, QuestionStep)
        table = step.position.table_cards()
        assert table and not step.position.is_round_over()
        shown = shell.ui.cards(table)
        told = say(shell, str(question_answer(step) + len(table)))
        assert shown in told and "too high" in told
        hints = [say(shell, "hint") for _ in range(2)]
        assert not any(shown in h for h in hints)
        assert hints[-1] == shell.ui.message("shell.hint_none_left")


# ---- 3. a wrong count names what it leaves out or adds ------------------------------------------------


def test_a_count_of_cards_too_high_names_the_cards_still_on_the_table(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "table", lambda s: isinstance(s, QuestionStep) and s.ask == "spades")
        step = run.step
        assert isinstance(step, QuestionStep)
        pos = step.position
        taken = {c for pile in pos.captured or () for c in pile}
        on_table = [c for c in pos.table_cards() if c.suit == "S" and c not in taken]
        clubs = [c for c in pos.captured[step.seat] if c.suit == "C"] if pos.captured else []
        assert len(on_table) == len(clubs) == 1  # the lesson's position: one of each
        said = say(shell, str(question_answer(step) + 1))
        assert "too high" in said and "nobody has taken it yet" in said and "clubs" in said
        assert shell.ui.card(on_table[0]) in said and shell.ui.card(clubs[0]) in said


def test_a_count_of_points_names_the_item_it_leaves_out(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_step(shell, "table", lambda s: isinstance(s, QuestionStep) and s.ask == "points")
        step = run.step
        assert isinstance(step, QuestionStep)
        score = score_round(step.position)
        side = step.position.side_of(step.seat)
        most = next(i for i in score.items if i.code == "most_cards")
        assert most.side == side
        said = say(shell, str(question_answer(step) - most.points))
        others = [n for s, n in enumerate(score.cards) if s != side]
        assert "too low" in said and f"leave out the most cards ({score.cards[side]} against {others[0]})" in said


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("  - leave out the 10 of diamonds,", "  - leave out the penalty for 1 turn and leave out the 2 sweeps,")),
    ("de", ("  - die Karo-10 weglässt,", "  - die Strafe für 1 Zug weglässt und die 2 Kehren weglässt,")),
])
def test_a_count_of_points_names_every_way_to_the_number_not_the_first(tmp_path: Path, lang: str,
                                                                       words: tuple[str, ...]) -> None:
    """Michigan, the round's points with the sweeps and the fine: 7 was explained "leave out the 10♦" alone, though
    leaving out the sweeps and the fine makes 7 too (the readings of two parts were looked for only when no single
    part fitted).  Four ways are a list, a way a line, not one sentence wrapped over five lines."""
    with open_shell(tmp_path, lang) as shell:
        run = open_step(shell, "michigan", lambda s: isinstance(s, QuestionStep) and s.ask == "points")
        step = run.step
        assert isinstance(step, QuestionStep) and question_answer(step) == 9
        said = say(shell, "7").split("\n")
        assert all(w in said for w in words), said
        ways = [line for line in said if line.startswith("  - ")]
        assert len(ways) == 4 and ways[-1].startswith(("  - or ", "  - oder ")) and ways[-1].endswith("."), said


def test_every_question_of_the_course_names_a_part_it_leaves_out_or_adds(tmp_path: Path) -> None:
    """For each part of each count: the number that leaves out (or adds) just that part is told so,
    whenever few enough parts explain it."""
    named = 0
    with open_shell(tmp_path) as shell:
        for lesson in shell.catalog.lessons:
            for index, step in enumerate(lesson.steps):
                if not isinstance(step, QuestionStep):
                    continue
                pos, answer = step.position, question_answer(step)
                for part in count_parts(pos, step.seat, step.ask):
                    given = answer + part.effect
                    if given < 0 or not miscount(pos, step.seat, step.ask, given).readings:
                        continue
                    say(shell, f"learn {lesson.id}")
                    run = shell.activity
                    assert isinstance(run, LessonRun)
                    run.index = index - 1  # the step before, to enter this one fresh
                    run.solved = True
                    say(shell, "next")
                    said = say(shell, str(given))
                    assert shell.ui.count_part(step.ask, part) in said, (step.where, said)
                    assert ("too low" if given < answer else "too high") in said
                    named += 1
    assert named >= 40


# ---- 4. both languages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "club", "hint"), [
    ("en", "the club 8♣ (♣ is clubs", "It leaves out 6♠ on the table (nobody has taken it yet) and the club 8♣"),
    ("de", "die Kreuz-Karte 8♣ (♣ ist Kreuz",
     "Die Zahl umfasst nicht 6♠ auf dem Tisch (noch von niemandem eingenommen) und die Kreuz-Karte 8♣"),
])
def test_a_count_names_one_card_in_the_singular(tmp_path: Path, lang: str, club: str, hint: str) -> None:
    """The course's spades of Player 2 take one club, 8♣, which a German screen called "die Kreuz-Karten 4♣"; its
    hint said "Nicht dazu gehören" before names in the accusative ("den Schneider-Bonus")."""
    with open_shell(tmp_path, lang=lang) as shell:
        run = open_step(shell, "table", lambda s: isinstance(s, QuestionStep) and s.ask == "spades")
        step = run.step
        assert isinstance(step, QuestionStep)
        hints = [say(shell, "hint") for _ in range(2)]
        assert any(hint in h for h in hints), hints
        assert club in say(shell, str(question_answer(step) + 1))


def test_a_score_of_one_item_is_told_in_the_singular() -> None:
    assert Renderer("en").message("counts.items", n=1, side="Player 2") == (
        "One item of the scoring table makes up the score of Player 2.")
    assert Renderer("de").message("counts.items", n=1, side="Spieler 2") == (
        "Ein Posten der Wertungstabelle ergibt die Punkte von Spieler 2.")  # not "Eins Posten … ergeben"


def test_german_feedback_uses_the_games_terms(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        run = open_step(shell, "table", lambda s: isinstance(s, QuestionStep) and s.ask == "spades")
        step = run.step
        assert isinstance(step, QuestionStep)
        said = say(shell, str(question_answer(step) + 1))
        assert "zu viel" in said and "Kreuz-Karte" in said and "♣ ist Kreuz, ♠ ist Pik" in said
        assert "clubs" not in said and "spades" not in said
        run = open_step(shell, "pairing", goal_exercise)
        wrong = wrong_answer(shell)
        assert wrong is not None
        said = say(shell, wrong)
        assert "Ein anderer Zug" in said and "Versuch es noch einmal" in said
        hints = [say(shell, "tipp") for _ in range(4)]
        assert hints[-1] == shell.ui.message("shell.hint_none_left") and "Lösung" in hints[-1]


@pytest.mark.parametrize(("lang", "yours", "typing", "mover"), [
    ("en", re.compile(r"\b(you|your|yours|yourself)\b", re.I), re.compile(r"(?:^|[.,:;]\s+)(type|name)\b"),
     "Player 1's move tries to take two"),
    ("de", re.compile(r"\b(du|dein\w*|dir|dich)\b", re.I), re.compile(r"\b(tippe|nenne)\b", re.I),
     "Spieler 1 will zwei einnehmen"),
])
def test_a_why_answer_does_not_call_another_players_move_yours(
        tmp_path: Path, lang: str, yours: re.Pattern[str], typing: re.Pattern[str], mover: str) -> None:
    """Every why step of the course shows another player's move ("Player 1 wants both queens…"), yet its answer
    spoke to the learner as the mover: "but your move tries to take 2", "You control the build … you would hold
    4♣ 10♥", "While you control …", "belongs to your side", "after playing the 2 of clubs you would hold only …".
    Neither the right choice's answer nor "solution" addresses the learner, and the words for another's move
    differ from those for a learner's own only where these address the learner ("Player 1 controls …"); nor do
    they tell the learner to type the move another player would ("To take the build, type it in brackets: 9♣ x
    [5♠+4♦]", "tippe sie in eckigen Klammern", where the learner was asked why Player 1's 4H x 4D 4C fails)."""
    named = []
    with open_shell(tmp_path, lang=lang) as shell:
        for lesson in shell.catalog.lessons:
            for index, step in enumerate(lesson.steps):
                if not isinstance(step, WhyStep):
                    continue
                for answer in (str(step.choices.index(why_reason(step).code) + 1), "solution"):
                    say(shell, f"learn {lesson.id}")
                    run = shell.activity
                    assert isinstance(run, LessonRun)
                    run.index, run.solved = index - 1, True  # the step before, to enter this one fresh
                    say(shell, "next")
                    said = say(shell, typed_command(shell, answer) if answer == "solution" else answer)
                    told = said.split("\n\n")[0]  # the answer, before the next step (if any)
                    assert not yours.search(told), (step.where, answer, told)
                    named += [step.where] if mover in said else []
                theirs = shell.ui.reason(step.position, why_reason(step), by_other=True)
                own = shell.ui.reason(step.position, why_reason(step))
                assert theirs == own or yours.search(own) or typing.search(own), (step.where, own, theirs)
                assert not yours.search(theirs) and not typing.search(theirs), (step.where, theirs)
    assert len(named) == 2  # the pairing lesson's queens, answered and shown


THEIR_REFUSALS = [  # (lesson, move, language, the answer for Player 1's move, the start of the learner's own)
    ("builds", "8S x 4D+4H", "en", "Player 1 controls the build [5♦+3♥] of 8: after playing the 8 of spades they would"
     " have no card left to take it (they would hold 4♣ 10♥).", "You control the build [5♦+3♥] of 8: after playing"),
    ("builds", "8S x 4D+4H", "de", "Spieler 1 gehört die Baute auf 8, [5♦+3♥]. Spielt er die Pik-8, bleibt ihm keine"
     " Karte, um sie einzunehmen (er hätte nur 4♣ 10♥).", "Dir gehört die Baute auf 8, [5♦+3♥]. Spielst du"),
    ("builds", "2C b8 6S", "en", "To build 8 Player 1 must keep a card that takes 8 in hand; after playing the 2 of"
     " clubs they would hold only 7♥ 5♠ K♦.", "To build 8 you must keep a card that takes 8 in your hand; after"),
    ("builds", "2C b8 6S", "de", "Für eine Baute auf 8 muss Spieler 1 eine Karte auf der Hand behalten, die 8"
     " einnimmt. Spielt er die Kreuz-2, bleiben ihm nur 7♥ 5♠ K♦.", "Für eine Baute auf 8 musst du eine Karte"),
    ("controller", "KD", "en", "While Player 1 controls a build ([5♣+4♦]) they may not trail, not even the king of"
     " diamonds: they must capture something, or build.", "While you control a build ([5♣+4♦]) you may not trail"),
    ("controller", "KD", "de", "Solange Spieler 1 eine Baute gehört ([5♣+4♦]), darf er nicht ablegen, also auch den"
     " Karo-König nicht: Er muss etwas einnehmen oder bauen.", "Solange dir eine Baute gehört ([5♣+4♦]), darfst du"),
    ("take-or-add", "6D x 6H", "en", "While Player 1 controls [5♣+3♥], every turn they must take one of their builds"
     " or build on one.", "While you control [5♣+3♥], every turn you must take one of your builds"),
    ("take-or-add", "6D x 6H", "de", "Solange Spieler 1 eine eigene Baute hat ([5♣+3♥]), muss er in jedem Zug eine"
     " seiner Bauten einnehmen oder an einer davon weiterbauen.", "Solange du eine eigene Baute hast ([5♣+3♥]), musst"),
    ("combine-builds", "9S x [4H+3D]+2C", "en", "[4♥+3♦] belongs to Player 1's side, and only an opponent may"
     " count a build in a sum: the 9 of spades cannot count it toward 9.", "[4♥+3♦] belongs to your side,"),
    ("combine-builds", "9S x [4H+3D]+2C", "de", "[4♥+3♦] gehört der Seite von Spieler 1, und in einer Summe darf nur"
     " ein Gegner eine Baute mitzählen: Die Pik-9 kann sie nicht zu 9 mitzählen.", "[4♥+3♦] gehört deiner Seite,"),
]


@pytest.mark.parametrize(("lesson", "move", "lang", "theirs", "own"), THEIR_REFUSALS,
                         ids=[f"{lesson}:{move}:{lang}" for lesson, move, lang, _, _ in THEIR_REFUSALS])
def test_a_why_answer_tells_the_rule_of_another_players_move_in_the_third_person(
        lesson: str, move: str, lang: str, theirs: str, own: str) -> None:
    """The reasons a why step of the course shows name Player 1 and speak of that player in the third person, with the
    German verb forms and pronouns that go with it; for the learner's own move they still say "you"/"du"."""
    steps = next(x.steps for x in load_catalog().lessons if x.id == lesson)
    step = next(s for s in steps if isinstance(s, WhyStep) and s.move == move)
    ui = Renderer(lang)
    assert " ".join(ui.reason(step.position, why_reason(step), by_other=True).split()) == theirs
    assert ui.reason(step.position, why_reason(step)).startswith(own)


def test_a_demo_says_which_of_its_points_score_at_once(tmp_path: Path) -> None:
    """Sudden death's demo said its A♠ earned 1 point "for the count at the end of the round", where the lesson
    (and the game) score it the moment it is taken and so win the match; Michigan's sweep likewise.  A demo says
    what its move scores at once and what waits for the count, as the engine has it."""
    seen = set()
    with open_shell(tmp_path) as shell:
        for lesson in shell.catalog.lessons:
            for index, step in enumerate(lesson.steps):
                if not isinstance(step, DemoStep):
                    continue
                shown = LessonRun(shell, lesson, start=index).show()
                pos = step.position.copy()
                now = sum(item.points for item in instant_points(pos, step.move) if item.code != "penalty")
                later = move_points(pos, step.move) - now
                assert (f"This move scores {now} point" in shown) == (now > 0), (lesson.id, shown)
                assert ("earns" in shown and "for the count at the end of the round" in shown) == (later > 0), \
                    (lesson.id, shown)
                seen.add((now > 0, later > 0))
    assert {(True, False), (False, True)} <= seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_demo_shows_the_table_after_its_move(tmp_path: Path, lang: str) -> None:
    """Lesson 1's demo said "the K♥ now lies on the table" under the table before the move, where it did not: a demo
    shows the table its move leaves, the loose cards and each build, as the engine has it after the move."""
    with open_shell(tmp_path, lang) as shell:
        ui = shell.ui
        heading = {"en": "After the move:", "de": "Nach dem Zug:"}[lang]
        shown_builds = 0
        for lesson in shell.catalog.lessons:
            for index, step in enumerate(lesson.steps):
                if not isinstance(step, DemoStep):
                    continue
                lines = LessonRun(shell, lesson, start=index).show().split("\n")
                after = step.position.copy()
                after.push(step.move)
                table = lines[lines.index(heading) + 1:]
                word = "Table" if lang == "en" else "Tisch"
                if after.loose:
                    assert table[0] == f"{word}: " + " ".join(ui.card(c) for c in after.loose), (lesson.id, table)
                else:
                    gone = step.position.loose
                    assert table[0].startswith(f"{word}: ") and not any(ui.card(c) in table[0] for c in gone)
                builds = [line for line in table[1:] if line.startswith("  ")]
                assert len(builds) == len(after.builds), (lesson.id, table)
                for build, line in zip(after.builds, builds):
                    assert all(ui.card(c) in line for c in build.cards), (lesson.id, table)
                    shown_builds += 1
        assert shown_builds > 0


S = TypeVar("S", bound=Step)


def steps_shown(shell: Shell, kind: type[S]) -> Iterator[tuple[Lesson, int, S, str]]:
    """Every step of the course of ``kind``, with its lesson, its index and its screen."""
    for lesson in shell.catalog.lessons:
        for index, step in enumerate(lesson.steps):
            if isinstance(step, kind):
                yield lesson, index, step, LessonRun(shell, lesson, start=index).show()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_question_of_cards_taken_does_not_show_their_count(tmp_path: Path, lang: str) -> None:
    """Lesson 1 asked how many cards Player 2 had taken under a screen that said "taken 8 cards" and "(8 cards)": where
    the question is the count of cards, neither the position nor the piles count them; elsewhere both do."""
    word = {"en": " card", "de": " Karte"}[lang]
    asks = set()
    with open_shell(tmp_path, lang) as shell:
        for lesson, _, step, shown in steps_shown(shell, QuestionStep):
            counted = [len(cards) for cards in step.position.captured or ()]
            said = [n for n in counted if f"{n}{word}" in shown]
            if step.ask == "cards":
                assert said == [], (lesson.id, shown)
                assert all(shell.ui.card(c) in shown for pile in step.position.captured or () for c in pile)
            else:
                assert said == counted, (lesson.id, shown)
            asks.add(step.ask)
    assert "cards" in asks and len(asks) > 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cards_taken_of_a_question_start_a_line_for_each_seat(tmp_path: Path, lang: str) -> None:
    """Lesson 1's counting questions showed both sides' cards taken glued in one paragraph, wrapped across the
    screen ("… K♥ (30 cards, 1 sweep)  Player 2: A♦ A♣ …"): under the heading, each seat's cards start a line
    of their own, with the seat's name, partners one after the other.  The partners' question ("each seat shows
    the cards it took. How many have Player 1 and Player 3 taken together?") pooled them in one line ("Players 1
    and 3: …"), so there was nothing to add up, and a wrong count's "leave out the cards Player 1 took" named a
    pile the screen did not show."""
    with open_shell(tmp_path, lang) as shell:
        partners = False
        for lesson in shell.catalog.lessons:
            for index, step in enumerate(lesson.steps):
                if not isinstance(step, QuestionStep):
                    continue
                pos = step.position
                assert pos.captured is not None
                shown = LessonRun(shell, lesson, start=index).show().splitlines()
                heading = shown.index({"en": "Cards taken:", "de": "Eingenommene Karten:"}[lang])
                seats = sorted(range(pos.players), key=pos.side_of)
                rows: list[str] = []  # each row's lines joined: a row starts at two spaces, goes on at more
                for line in shown[heading + 1:]:
                    if line.startswith("  ") and not line.startswith("   "):
                        rows.append(line.strip())
                    elif line.startswith("   ") and rows:
                        rows[-1] += " " + line.strip()
                names = [shell.ui.side_name([seat]) for seat in seats]
                assert [row.split(":")[0] for row in rows[:len(seats)]] == names, (lesson.id, shown)
                for seat, row in zip(seats, rows):
                    residue = pos.table_cards() if seat == pos.last_capturer and pos.is_round_over() else []
                    listed = row.split(":", 1)[1].split("(")[0].split()
                    assert sorted(listed) == sorted(shell.ui.card(c) for c in [*pos.captured[seat], *residue]), row
                partners = partners or len(side_seats(pos, step.seat)) > 1
        assert partners


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_after_a_step_whose_answer_was_shown_does_not_say_it_was_solved(tmp_path: Path, lang: str) -> None:
    """After two wrong answers, or "solution", a lesson's "hint" said "You have already solved this one": it says the
    step was not solved and its answer is shown, as a missed puzzle's does."""
    with open_shell(tmp_path, lang) as shell:
        ui = shell.ui
        for end in ("miss", "solution"):
            run = open_step(shell, "pairing", lambda step: isinstance(step, ExerciseStep))
            if end == "miss":
                wrong = None
                for _ in range(TRIES):
                    wrong = wrong_answer(shell, but=wrong)
                    assert wrong is not None
                    say(shell, wrong)
            else:
                say(shell, "solution")
            assert run.solved
            said = say(shell, "hint")
            assert said != ui.message("shell.no_hint_needed")
            assert said == ui.message("shell.hint_step_shown")
            say(shell, "lessons")  # leaves the lesson open: "learn" takes it up at its step


@pytest.mark.parametrize("lang", ["en", "de"])
def test_solution_at_a_step_that_is_over_says_how_it_ended(tmp_path: Path, lang: str) -> None:
    """After two wrong answers showed the answer, "solution" said "Nothing to answer here" (German: "Hier gibt es
    nichts zu beantworten") at the step that had just asked: it says, as "hint" does, that the step is over with its
    answer shown above; a text step still has nothing to answer."""
    with open_shell(tmp_path, lang) as shell:
        ui = shell.ui
        run = open_step(shell, "pairing", lambda step: isinstance(step, ExerciseStep))
        wrong: str | None = None
        for _ in range(TRIES):
            wrong = wrong_answer(shell, but=wrong)  # a wrong answer typed again is no second miss
            assert wrong is not None
            say(shell, wrong)
        assert run.shown
        mistakes = run.mistakes
        assert say(shell, "solution") == ui.message("shell.hint_step_shown")
        assert run.mistakes == mistakes
        say(shell, "learn table")
        assert isinstance(run := shell.activity, LessonRun) and isinstance(run.step, TextStep)
        assert say(shell, "solution") == ui.message("shell.nothing_asked")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_moves_and_explain_at_a_step_that_asks_no_move_say_so(tmp_path: Path, lang: str) -> None:
    """At lesson 1's question "why is 7S x 7H refused?", "explain 7S x 7H" and "moves" answered "needs a position with
    a task: open an exercise or a puzzle first", with the lesson's position and task on the screen: they say that
    this step asks for no move, and count as no hint."""
    with open_shell(tmp_path, lang) as shell:
        run = open_step(shell, "table", lambda step: isinstance(step, (WhyStep, QuestionStep)))
        hints = run.hints
        for line, name in (("explain 7S x 7H", "explain"), ("moves", "moves")):
            said = say(shell, line)
            assert said == shell.ui.message("shell.step_asks_no_move", command=typed_command(shell, name))
        assert run.hints == hints and not run.solved


@pytest.mark.parametrize(("lang", "hint", "fines"), [
    ("en", "Go through the scoring table: the majorities first, then the point cards, then the sweeps",
     ", and take off the penalties."),
    ("de", "Geh die Wertungstabelle durch: zuerst die Mehrheiten, dann die Punktkarten, dann die Kehren",
     ", und zieh die Strafen ab."),
])
def test_the_first_hint_on_a_count_of_points_names_the_penalties_it_takes_off(tmp_path: Path, lang: str, hint: str,
                                                                              fines: str) -> None:
    """Michigan's questions count Player 1's fines (step 6: one, −2 of 9; step 8, rounds to 5: two, −4 of 2), and
    the first hint named the majorities, the point cards and the sweeps alone: the walk's learner, led by it, left
    the fines out.  A count with no penalty turn (the scoring lesson's) says nothing of them."""
    word = {"en": "hint", "de": "tipp"}[lang]
    with open_shell(tmp_path / "michigan", lang) as shell:
        lesson = next(lesson for lesson in shell.catalog.lessons if lesson.id == "michigan")
        for index in (5, 7):
            shell.activity = LessonRun(shell, lesson, start=index)
            assert isinstance(shell.activity.step, QuestionStep) and shell.activity.step.ask == "points"
            assert say(shell, word) == hint + fines
    with open_shell(tmp_path / "scoring", lang) as shell:
        run = open_step(shell, "scoring", lambda step: isinstance(step, QuestionStep) and step.ask == "points")
        assert run.step.position.variant.penalties is False
        assert say(shell, word) == hint + "."


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "This move breaks the build duty: Player 1 loses 2 points at once."),
    ("de", "Dieser Zug verletzt die Bautenpflicht: Spieler 1 verliert sofort 2 Punkte."),
])
def test_a_demo_says_the_fine_its_move_pays(tmp_path: Path, lang: str, said: str) -> None:
    """Michigan's step 5 trails the 2♦ beside Player 1's build of 8: its text says the trail costs 2 points at once,
    where the move's own lines (a sweep's "scores 2 points at once") said nothing of it.  Every demo says a fine
    exactly when the engine charges its move one."""
    with open_shell(tmp_path, lang) as shell:
        for lesson, index, step, shown in steps_shown(shell, DemoStep):
            fined = any(item.code == "penalty" for item in instant_points(step.position.copy(), step.move))
            assert (said.split(":")[0] in shown) == fined, (lesson.id, index, shown)
            if lesson.id == "michigan" and index == 4:
                assert fined and said in shown, shown
