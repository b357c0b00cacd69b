"""Puzzles that are good Cassino (issue 21, section 2).

- A ``safe``, ``points`` or ``cards`` puzzle whose answer surely loses the review's margin against the advisor's
  best move from the learner's view is refused by ``check`` (one line: file:line, the id, the advisor's better
  move, the loss), the same way every run; a good one passes; the generator refuses such a candidate.
- A ``safe`` puzzle's hints name the threat a tempting move leaves (which cards, which rank takes them, a sweep
  or points), as a claim ``check`` recomputes: a false threat is refused.  A wrong move in a ``safe`` puzzle is
  answered with the threat it leaves, in both languages.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.content.course import Puzzle
from tutor.core.comparison import compare, shortfall
from tutor.core.position import Position
from tutor.core.solver import Goal, rank_moves
from tutor.core.threat import Threat, threat_after
from tutor.generator.drafting import draft_puzzle
from tutor.generator.facts import study
from tutor.generator.hints import hints
from tutor.generator.plans import plan_for
from tutor.loading.positions import load_position
from tutor.loading.puzzles import load_puzzles
from tutor.render import Renderer
from tutor.teaching.hint_claims import CHECKS, Setting, hint_problems
from tutor.teaching.hint_words import hint_text
from tutor.teaching.verify import verify_puzzle

ROOT = Path(__file__).resolve().parents[1]

# deny-sweep-1-4 as the generator first wrote it: the answer 3♦ b10 7♦ gives up the sure A♦ that 8♠ x 7♦+A♦ takes
BAD = """{variant: classic, to_move: 1, dealer: 1, hands: [2, [3D, 8S, 10C]], table: [AD, 10H, 7D],
        captured: [[AH, AC, 4S, 5S, 7S, 7C, 8D, 9S, 9D, 10D, KS, KC], [AS, 2S, 2H, 4D, 4C, 5H, 5C, 6H, 6C, 8H, 9H,
        9C, JS, JD, QS, QH]], stock: 16, last_capturer: 0}"""
# a good one: 8♣ x 7♠+A♥ takes the ace and leaves Q♦ 2♦ and the build, which the 10♣ kept takes; the advisor agrees
GOOD = """{variant: classic, dealer: 0, hands: [[8C, 10C], 1], table: [7S, QD, AH, 2D,
        {build: [5S, 5H], owner: 0, value: 10}], captured: [[2S, 8H, 10D], []], stock: 40, last_capturer: 0}"""


def entry(puzzle_id: str, position: str, solution: str) -> str:
    return (f"  - id: {puzzle_id}\n    variant: classic\n    position: {position}\n    goal: safe\n"
            f"    themes: [deny-sweep]\n    rating: 1200\n    hints: [{{en: H, de: H}}]\n    solution: {solution}\n")


def check(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", "check", *map(str, files)], capture_output=True,
                          text=True, cwd=ROOT)


def test_check_refuses_an_answer_the_advisor_finds_bad_and_passes_a_good_one(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    bad = entry("bad", BAD, "[3D b10 7D, 3D b10 7D 10H]")
    path.write_text("puzzles:\n" + entry("good", GOOD, "[8C x 7S+AH]") + bad, encoding="utf-8")
    first = check(path)
    assert first.returncode == 2
    lines = first.stderr.splitlines()
    assert lines[-1] == "1 problem found", first.stderr
    (line,) = lines[:-1]
    bad_line = 1 + ("puzzles:\n" + entry("good", GOOD, "[8C x 7S+AH]")).count("\n")
    assert line.startswith(f"{path}:{bad_line}:5: puzzle bad: the answer 3D b10 7D is not good Cassino"), line
    assert "prefers 8S x 7D+AD" in line and "loses" in line and "round points" in line
    assert check(path).stderr == first.stderr  # seeded: the same answer every run
    path.write_text("puzzles:\n" + entry("good", GOOD, "[8C x 7S+AH]"), encoding="utf-8")
    assert check(path).returncode == 0


def test_the_generator_refuses_an_answer_the_advisor_finds_bad() -> None:
    plan = plan_for("deny-sweep")
    made, rejected = draft_puzzle(load_position(BAD, "bad.yaml"), plan)
    assert made is None and "unsound" in rejected, rejected
    made, rejected = draft_puzzle(load_position(GOOD, "good.yaml"), plan)
    assert made is not None and made.solution == ("8C x 7S+AH",), rejected


# ---- the threat a safe puzzle names -------------------------------------------------------


def bad_position() -> Position:
    return load_position(BAD, "bad.yaml")


def test_the_threat_of_a_move_is_the_worst_capture_it_leaves() -> None:
    pos = bad_position()
    assert threat_after(pos, pos.parse_move("10C x 10H")) == Threat(
        tuple(pos.parse_move("8S x 7D+AD").captured_cards()), "8", 2, True)  # A♦ 7♦ for an 8: a sweep and the ace
    # after the answer a 10 takes the build of 3♦+7♦ and the 10♥, no point among them; the A♦ stays
    after = threat_after(pos, pos.parse_move("3D b10 7D"))
    assert after is not None and (after.rank, after.points, after.sweep) == ("10", 0, False)
    assert sorted(map(str, after.cards)) == ["10H", "3D", "7D"]
    assert threat_after(pos, pos.parse_move("8S x 7D+AD")) == Threat(tuple(pos.loose[1:2]), "10", 1, True)


def safe_setting(position: str) -> Setting:
    pos = load_position(position, "p.yaml")
    return Setting(pos, rank_moves(pos.copy(), Goal.from_str("safe")))


def threat_params(**changed: object) -> dict[str, object]:
    return {"move": "10C x 10H", "cards": ["AD", "7D"], "rank": "8", "points": 2, "sweep": 1, **changed}


def test_a_true_threat_holds_in_every_language() -> None:
    text = hint_text("safe_threat", threat_params())
    assert hint_problems(text, safe_setting(BAD)) == []
    assert text.en == "10♣ x 10♥ would leave A♦ 7♦ for an 8 to sweep: two points to the next player."
    assert text.de == ("Nach 10♣ x 10♥ könnte eine 8 A♦ 7♦ einnehmen und den Tisch abräumen (eine Kehre): zwei Punkte "
                       "für den nächsten Spieler.")


@pytest.mark.parametrize(("changed", "said"), [
    ({"rank": "7"}, "no card of rank 7"),
    ({"cards": ["AD"]}, "takes exactly AD"),
    ({"points": 1}, "can take at most 2 points, not 1"),
    ({"sweep": 0}, "and no sweep"),
    ({"move": "3D b10 7D"}, "is a best move"),
    ({"move": "9S x 10H"}, "is not a legal move here"),
])
def test_a_false_threat_is_refused(changed: dict[str, object], said: str) -> None:
    problems = hint_problems(hint_text("safe_threat", threat_params(**changed)), safe_setting(BAD))
    assert len(problems) == 1 and "is false here" in problems[0] and said in problems[0], problems


def test_check_refuses_a_false_threat_in_a_file() -> None:
    claim = "{key: safe_threat, move: 10C x 10H, cards: [AD, 7D], rank: '%s', points: 2, sweep: 1}"
    for rank, good in (("8", True), ("9", False)):
        text = hint_text("safe_threat", threat_params(rank=rank))
        hinted = entry("threat", BAD, "[3D b10 7D, 3D b10 7D 10H]").replace(
            "[{en: H, de: H}]", f"\n      - en: '{text.en}'\n        de: '{text.de}'\n        claim: {claim % rank}")
        (puzzle,) = load_puzzles("puzzles:\n" + hinted, "t.yaml")
        found = [p.message for p in verify_puzzle(puzzle)]  # check's proof of a puzzle
        assert found == [] if good else (len(found) == 1 and "hint 1: the hint 'safe_threat'" in found[0]
                                         and "no card of rank 9" in found[0]), found


def generated_safe_puzzles() -> list[Puzzle]:
    found = []
    for path in sorted((ROOT / "puzzles").glob("gen-*.yaml")):
        found += [p for p in load_puzzles(path.read_text(encoding="utf-8"), str(path)) if p.goal.name == "safe"]
    return found


def test_every_generated_safe_puzzle_names_a_threat_that_holds() -> None:
    puzzles = generated_safe_puzzles()
    assert len(puzzles) > 100
    for puzzle in puzzles:
        named = [h for h in puzzle.hints if h.claim is not None and h.claim.key == "safe_threat"]
        assert len(named) == 1, puzzle.id
        setting = Setting(puzzle.position, rank_moves(puzzle.position.copy(), puzzle.goal))
        assert hint_problems(named[0], setting) == [], puzzle.id


def test_the_generator_names_the_threat_of_the_most_tempting_move() -> None:
    setting = safe_setting(BAD)
    made = hints(study(setting.position, setting.ranking), ("deny-sweep",))
    threat = next(h for h in made if h.claim is not None and h.claim.key == "safe_threat")
    # 8♠ x 7♦+A♦ takes a point now, the most any move takes: it would leave 10♥ for a 10 to sweep
    assert threat.en == "8♠ x 7♦+A♦ would leave 10♥ for a 10 to sweep: one point to the next player."
    assert hint_problems(threat, setting) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wrong_safe_move_is_told_the_threat_it_leaves(lang: str) -> None:
    setting = safe_setting(BAD)
    pos, ranking = setting.position, setting.ranking
    checked = 0
    for judged in ranking.moves:
        if judged.move in ranking.best:
            continue
        short = shortfall(pos, compare(pos, judged.move, ranking))
        threat = short.threat
        assert threat is not None
        params = {"move": pos.notation(judged.move), "cards": list(threat.cards), "rank": threat.rank,
                  "points": threat.points, "sweep": int(threat.sweep)}
        assert CHECKS["safe_threat"](setting, params) is None  # recomputed by the claim's own check
        ui = Renderer(lang)
        said = ui.shortfall(pos, short)
        rank = ui.message("cards.a_rank", rank=threat.rank, case="acc")
        assert rank in said and ui.cards(threat.cards) in said, said
        assert (("sweep" if lang == "en" else "Kehre") in said) == threat.sweep, said
        checked += 1
    assert checked >= 4
    said = Renderer(lang).shortfall(pos, shortfall(pos, compare(pos, pos.parse_move("10C x 10H"), ranking)))
    assert said.splitlines()[-1] == {
        "en": "Holding an 8, the next player would take A♦ 7♦ and sweep the table: two points.",
        "de": "Hält der nächste Spieler eine 8, nimmt er A♦ 7♦ ein und räumt den Tisch ab (eine Kehre): zwei Punkte.",
    }[lang]
