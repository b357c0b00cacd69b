"""Every rule option is taught: the audit table of lessons/README.md names each option and value, and a lesson that
plays with it; ``next`` gives a learner the lesson on an option of their games; the new lessons' key facts hold by
the engine (what their texts say beyond the answers ``check`` proves)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from shell_helpers import classic_course_done, installed_catalog, open_shell, play_first_moves

from tutor.content import presets
from tutor.content.course import DemoStep, ExerciseStep, Lesson, QuestionStep, Text, WhyStep
from tutor.content.skills import Evidence
from tutor.core.legality import judge
from tutor.core.moves import Reason
from tutor.core.notation import parse_intent
from tutor.core.position import Position
from tutor.core.round import Match
from tutor.core.scoring import certain_points, score_round
from tutor.core.solver import rank_moves
from tutor.core.variant import OPTIONS
from tutor.loading.positions import load_position
from tutor.shell.commands import dispatch, welcome
from tutor.shell.game_choice import classic_done
from tutor.shell.lesson import LessonRun
from tutor.shell.next_choice import game_lesson
from tutor.shell.picker import lesson_options, option_lessons

README = Path(__file__).resolve().parents[1] / "lessons" / "README.md"
ROW = re.compile(r"^\| `(?P<option>\w+)` \| (?:`(?P<value>[^`]+)`|(?P<other>other)) \| (?P<lessons>.*) \|$")

NOT_PLAYED: dict[str, str] = {
    "hand_size": "the size of a deal: no move, count or ending changes",
    "packet": "how the cards are dealt: no move, count or ending changes",
}
"""Options no lesson needs to play with, and why: they change the deal, not what is legal or how points count."""

TAUGHT_WITH: dict[str, tuple[str, Any]] = {"default_penalty": ("build_duty", "penalty")}
"""Options that only mean something under another's value: a lesson playing with that value teaches them (the fine
is charged only under build duty ``penalty``; the Michigan lesson charges it, at its default 2)."""


def audit() -> list[tuple[str, Any, list[str], str]]:
    """The audit table's rows: option, value (None: any value but the default), lesson ids named, the cell."""
    rows = []
    for line in README.read_text(encoding="utf-8").splitlines():
        found = ROW.match(line)
        if found:
            value = None if found["other"] else yaml.safe_load(found["value"])
            rows.append((found["option"], value, re.findall(r"`([a-z-]+)`", found["lessons"]), found["lessons"]))
    return rows


def plays(lesson: Lesson, option: str, value: Any) -> bool:
    """Whether ``lesson`` (its variant or a step's) plays with ``option`` at ``value`` (None: not at the default)."""
    if option in TAUGHT_WITH:
        return TAUGHT_WITH[option] in lesson_options(lesson)
    return any(name == option and (value is None or shown == value) for name, shown in lesson_options(lesson))


def test_the_audit_has_a_row_for_every_option_and_value() -> None:
    rows = audit()
    assert len(rows) > 20, f"the audit table of {README} was not read"
    named = {(option, value) for option, value, _, _ in rows}
    for name, spec in OPTIONS.items():
        values = [c for c in spec.choices if c != spec.default] if spec.choices else [None]
        missing = [v for v in values if (name, v) not in named]
        assert not missing, f"lessons/README.md has no row for option {name} = {missing}"
    unknown = [option for option, *_ in rows if option not in OPTIONS]
    assert not unknown, f"rows for options the rulebook has not: {unknown}"


def test_every_option_that_changes_play_has_a_lesson_playing_with_it() -> None:
    lessons = {lesson.id: lesson for lesson in installed_catalog().lessons}
    for option, value, ids, cell in audit():
        if option in NOT_PLAYED:
            assert not ids and cell.startswith("none"), f"{option} changes only the deal: its row names no lesson"
            continue
        assert ids, f"option {option} = {value}: no lesson named"
        unknown = [i for i in ids if i not in lessons]
        assert not unknown, f"option {option}: no lesson {unknown}"
        assert any(plays(lessons[i], option, value) for i in ids), \
            f"option {option} = {value}: none of {ids} plays with it (its variant or a step's)"


# ---- next: the lesson on an option of the learner's games --------------------------------------------------


@pytest.mark.parametrize(("settings", "lesson"), [
    ("forced_capture=true", "trailing-rules"), ("raise_own=false", "own-builds"),
    ("sweep_points=0", "scoring-options"), ("tie_break=higher_total", "match-endings"),
])
def test_next_gives_a_weak_rules_learner_the_lesson_on_an_option_of_their_games(tmp_path: Path, settings: str,
                                                                             lesson: str) -> None:
    """Before, ``next`` gave the first lesson of the variants not done (royal), whatever rules the learner plays by;
    once the lesson on the option is done, the rules are worked on as before."""
    with open_shell(tmp_path) as shell:
        classic_course_done(shell, now=shell.clock())
        play_first_moves(shell, f"round level=random seed=2 {settings}", round_only=True)
        shell.progress.record_evidence("game", {f"g/rules/{i}": [Evidence("rules", s, 1.0, 800)]
                                                for i, s in enumerate([0.0, 0.0, 1.0, 0.0])}, now=shell.clock())
        shell.activity = None
        said = welcome(shell)
        assert f"learn {lesson}" in said  # the welcome says what next opens, and why
        assert f"(“learn {lesson}”), on a rule your games are played with." in " ".join(said.split())
        dispatch(shell, "next")
        run = shell.activity
        assert isinstance(run, LessonRun) and run.lesson.id == lesson
        shell.progress.record_lesson(lesson, 3, now=shell.clock())
        assert game_lesson(shell) != lesson
        shell.activity = None
        assert ("on a rule your games" in " ".join(welcome(shell).split())) == (game_lesson(shell) is not None)


def test_the_german_why_names_the_rule_of_the_games_too(tmp_path: Path) -> None:
    with open_shell(tmp_path, "de") as shell:
        classic_course_done(shell, now=shell.clock())
        play_first_moves(shell, "round level=random seed=2 forced_capture=true", round_only=True)
        shell.progress.record_evidence("game", {f"g/rules/{i}": [Evidence("rules", 0.0, 1.0, 800)] for i in range(3)},
                                       now=shell.clock())
        shell.activity = None
        assert ("(„lerne ablegen-regeln“), über eine Regel, mit der deine Spiele gespielt werden."
                in " ".join(welcome(shell).split()))


def test_without_games_of_other_rules_no_lesson_is_chosen_by_option(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        classic_course_done(shell, now=shell.clock())
        assert game_lesson(shell) is None
        play_first_moves(shell, "round level=random seed=2", round_only=True)
        assert game_lesson(shell) is None


def test_a_lesson_on_the_options_value_comes_before_one_on_another_number() -> None:
    catalog = installed_catalog()
    ids = [lesson.id for lesson in option_lessons(catalog, presets.variant({"sweep_points": 0}))]
    assert ids[:2] == ["scoring-options", "michigan"]
    ids = [lesson.id for lesson in option_lessons(catalog, presets.variant({"sweep_points": 2}))]
    assert ids[0] == "michigan" and "scoring-options" in ids
    ids = [lesson.id for lesson in option_lessons(catalog, presets.variant("royal-aces-high"))]
    assert ids[:2] == ["aces-high", "royal"]
    assert not option_lessons(catalog, presets.variant({"target": 11}))  # the match lesson teaches any target
    assert not option_lessons(catalog, presets.variant("classic"))


# ---- the new lessons' facts ---------------------------------------------------------------------------------


def _lesson(lesson_id: str) -> Lesson:
    return next(lesson for lesson in installed_catalog().lessons if lesson.id == lesson_id)


def test_forced_capture_leaves_only_the_card_that_takes_nothing_to_trail() -> None:
    """trailing-rules step 3 says the 4, 6 and 9 could each take something and the king nothing."""
    step = _lesson("trailing-rules").steps[2]
    assert isinstance(step, DemoStep)
    pos = step.position
    assert [pos.notation(m) for m in pos.generate() if m.kind == "trail"] == ["KS"]
    takers = {pos.notation(m).split()[0] for m in pos.generate() if m.kind == "capture"}
    assert takers == {"4C", "6D", "9H"}


def _match(pos: Position, first: bool = False) -> Match:
    assert pos.scores is not None
    match = Match(pos.variant, pos.players, scores=list(pos.scores))
    if not first:
        match.rounds.append(score_round(pos))  # a round before this one: no first-round skunk
    return match


def test_the_higher_total_wins_where_the_count_out_would_not() -> None:
    """match-endings steps 2-4: 15 + 8 against 19 + 3; counted out, most cards would win it for Player 2."""
    step = _lesson("match-endings").steps[1]
    assert isinstance(step, QuestionStep)
    pos = step.position
    match = _match(pos)
    match.end_round(pos.copy())
    assert match.scores == [23, 22] and match.result is not None
    assert (match.result.winner, match.result.reason) == (0, "higher_total")
    counted = _match(pos)
    counted.variant = pos.variant.with_options(tie_break="count_out")
    counted.end_round(pos.copy())
    assert counted.result is not None and (counted.result.winner, counted.result.reason) == (1, "count_out")


def test_the_skunk_of_the_first_round_wins_despite_the_other_sides_sweep() -> None:
    """match-endings steps 9-10: 11 points, no bonus, and the match."""
    step = _lesson("match-endings").steps[8]
    assert isinstance(step, QuestionStep)
    pos = step.position
    assert pos.sweeps is not None and pos.sweeps[0] == 1
    match = _match(pos, first=True)
    score = match.end_round(pos.copy())
    assert score.totals[1] == 11 and match.result is not None
    assert (match.result.winner, match.result.reason) == (1, "skunk")


def test_the_skunk_bonus_is_paid_despite_the_other_sides_sweep() -> None:
    """scoring-options step 7: a sweep of Player 2 does not spoil Player 1's bonus."""
    step = _lesson("scoring-options").steps[6]
    assert isinstance(step, QuestionStep)
    score = score_round(step.position)
    assert any(item.code == "skunk" and item.side == 0 for item in score.items)
    assert any(item.code == "sweeps" and item.side == 1 for item in score.items)


def test_instant_points_alone_win_the_match_at_once() -> None:
    """scoring-options step 5: the 10♦ taken at 19 wins at once, sweeps not scored at once."""
    step = _lesson("scoring-options").steps[4]
    assert isinstance(step, DemoStep)
    pos = step.position.copy()
    assert pos.variant.instant_points and not pos.variant.instant_sweeps
    match = _match(pos)
    match.play(pos, step.move)
    assert match.result is not None and (match.result.winner, match.result.reason) == (0, "instant")


@pytest.mark.parametrize("index", [5, 6])
def test_a_claim_after_the_capture_is_true(index: int) -> None:
    """match-endings step 6 (20 points, two aces: 22 certain) and step 7 (18 points: only the best capture makes
    3 certain, a capture of the 10♦ alone 2)."""
    step = _lesson("match-endings").steps[index]
    assert isinstance(step, (DemoStep, ExerciseStep))
    pos = step.position
    assert pos.variant.claim and pos.scores is not None
    if isinstance(step, DemoStep):
        moves = [step.move]
    else:
        assert step.goal is not None
        moves = list(rank_moves(pos, step.goal).best)
    for move in moves:
        after = pos.copy()
        after.push(move)
        assert pos.scores[0] + certain_points(after, 0) == (22 if isinstance(step, DemoStep) else 21)
    if isinstance(step, ExerciseStep):
        short = pos.copy()
        short.push(pos.parse_move("10C x 10D"))
        assert pos.scores[0] + certain_points(short, 0) < pos.variant.target


def test_the_new_lessons_play_with_the_options_they_are_for() -> None:
    taught = {lesson_id: lesson_options(_lesson(lesson_id)) for lesson_id in
              ("trailing-rules", "own-builds", "scoring-options", "match-endings")}
    assert {("forced_capture", True), ("build_duty", "free")} <= taught["trailing-rules"]
    assert {("raise_own", False), ("add_to_others", False), ("build_in_sum", "anyone")} <= taught["own-builds"]
    assert {("skunk", "bonus"), ("sweep_points", 0), ("instant_points", True)} <= taught["scoring-options"]
    assert {("tie_break", "higher_total"), ("claim", True), ("skunk", "win")} <= taught["match-endings"]


def test_the_lessons_of_table_rules_are_not_the_classic_games(tmp_path: Path) -> None:
    """Their variant is classic with an option set: a learner who has done the classic game's lessons is past the
    course (before, the lessons on forced capture or claims kept them in it, and no game or puzzle set was
    proposed until those were done too)."""
    with open_shell(tmp_path) as shell:
        classic_course_done(shell, now=shell.clock())
        assert classic_done(shell)
        assert not {"trailing-rules", "own-builds", "scoring-options", "match-endings"} & set(
            shell.progress.lesson_stars())


NUMBERS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "keine": 0, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8}
TOOK = {"en": re.compile(r"Player (\d) took (\d+) cards(?: with (\w+) spades)?"),
        "de": re.compile(r"Spieler (\d) hat (\d+) Karten(?: mit (\w+) Pik)?")}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_counting_questions_describe_the_piles_they_show(lang: str) -> None:
    """The questions of the new lessons say how many cards, spades and sweeps each player has: the position's."""
    said = 0
    for lesson_id in ("scoring-options", "match-endings"):
        for step in _lesson(lesson_id).steps:
            if not isinstance(step, QuestionStep):
                continue
            text, pos = getattr(step.text, lang), step.position
            assert pos.captured is not None and pos.sweeps is not None
            for seat, cards, spades in TOOK[lang].findall(text):
                pile = pos.captured[int(seat) - 1]
                assert len(pile) == int(cards), (lesson_id, text)
                if spades:
                    assert sum(c.suit == "S" for c in pile) == NUMBERS[spades], (lesson_id, text)
                said += 1
            for sentence in re.split(r"(?<=[.;]) ", text):
                seat_named = re.search(r"(?:Player|Spieler) (\d)", sentence)
                swept = re.search(r"(?:made (\w+) sweeps?|und (\w+) Kehren? gemacht)", sentence)
                if seat_named and swept:
                    count = swept[1] or swept[2]
                    assert pos.sweeps[int(seat_named[1]) - 1] == NUMBERS[count], (lesson_id, sentence)
                    said += 1
    assert said >= 10


def test_what_the_usual_rules_allow_and_forbid_where_trailing_rules_says() -> None:
    """trailing-rules: the 7♠ refused under forced capture may be trailed in the usual game (step 2), and the 2♦ a
    builder trails without the build duty is refused in classic Cassino (step 6)."""
    steps = _lesson("trailing-rules").steps
    why, demo = steps[1], steps[5]
    assert isinstance(why, WhyStep) and isinstance(demo, DemoStep)
    classic = presets.variant("classic")
    usual = replace(why.position.copy(), variant=classic)
    assert isinstance(judge(usual, why.intent), list)
    duty = replace(demo.position.copy(), variant=classic)
    found = judge(duty, parse_intent(demo.position.notation(demo.move)))
    assert isinstance(found, Reason) and found.code == "controller_may_not_trail"


def test_a_partner_may_raise_the_build_raise_own_forbids_its_controller_as_own_builds_says() -> None:
    """own-builds step 1 said that under ``raise_own: false`` 'only the other side raises' your build; the rule
    (rules 3.4) forbids the controller only, and in a game of partners the partner may raise it: it says 'another
    player' (ein anderer Spieler)."""
    lesson = _lesson("own-builds")
    text = lesson.steps[0].text
    assert isinstance(text, Text)
    assert "only another player may raise it" in " ".join(text.en.split())
    assert "Nur ein anderer Spieler darf sie erhöhen" in " ".join(text.de.split())
    data = {"variant": {"preset": "classic", "raise_own": False}, "players": 4, "to_move": 2, "stock": 32,
            "hands": [["5S", "9D", "2C"], 3, ["3D", "8S", "KC"], 3], "table": [{"build": ["3C", "2H"], "owner": 0}]}
    partner = load_position(yaml.safe_dump(data), "partners.yaml")
    assert "3D b8 [3C+2H]" in [partner.notation(m) for m in partner.generate()]
    controller = load_position(yaml.safe_dump({**data, "to_move": 0, "hands": [["5S", "3D", "8S"], 3, [], 3]}),
                               "controller.yaml")
    found = judge(controller, parse_intent("3D b8 [3C+2H]"))
    assert isinstance(found, Reason) and found.code == "raise_own_forbidden"


def test_the_claim_demo_says_the_claim_comes_on_the_next_turn() -> None:
    """match-endings step 6 said Player 1 'may now claim' after the capture; a claim is made on one's turn (rules 7;
    TableGame.claim_refusal: 'turn'), and after the capture Player 2 is to move: it says 'on their next turn'."""
    step = _lesson("match-endings").steps[5]
    assert isinstance(step, DemoStep) and isinstance(step.text, Text)
    after = step.position.copy()
    after.push(step.move)
    assert after.to_move != step.position.to_move == 0
    assert "on their next turn Player 1 may claim" in " ".join(step.text.en.split())
    assert "in seinem nächsten Zug darf Spieler 1 den Sieg ansagen" in " ".join(step.text.de.split())
