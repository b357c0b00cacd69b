"""Line puzzles: the line: key read with file:line:col, proved by check, played by tutor.teaching.lines and by the shell."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shell_helpers import installed_catalog, open_shell, right_answer, wrong_answer
from test_shell_session import run_session

from tutor.content.course import Puzzle
from tutor.core.cards import RANKS
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Goal, rank_moves
from tutor.generator.lines import grab_is_best, main_line, notations, trivial
from tutor.generator.runner import Request, generate
from tutor.generator.writing import file_text
from tutor.loading.positions import load_position
from tutor.loading.puzzles import load_puzzles
from tutor.loading.yamlfile import FileError
from tutor.shell.commands import dispatch
from tutor.shell.puzzle import PuzzleRun
from tutor.teaching.lines import LinePlay, choose_reply, learner_turns
from tutor.teaching.verify import verify_puzzle

DEAL = Goal.from_str("deal")

# A last deal: seat 1 (the learner) holds four cards, seat 0 three; 2S and 5D are both best first moves.
POSITION = """\
      to_move: 1
      dealer: 1
      hands:
        - [9H, AH, 7D]
        - [5D, 2S, AS, QH]
      table: [QC, 7S, 8H]
      captured: [[AC, 2C, 3S, 3H, 3C, 4S, 4C, 5S, 5H, 5C, 6S, 6H, 6D, 7H, 7C, 9D, 9C, 10H,
          10D, JS, JH, JD, JC, QS, QD, KD, KC], [AD, 2H, 2D, 3D, 4H, 4D, 6C, 8S, 8D, 8C,
          9S, 10S, 10C, KS, KH]]
      last_capturer: 0
"""
MAIN = ("2S", "7D", "5D", "AH b9 8H", "AS", "9H x 7D+2S [8H+AH]", "QH x QC")


def last_deal(hands: str, table: str, last: int, more: str = "") -> str:
    """A last deal of two seats: the hands and table given, every other card taken, shared as evenly as captures
    allow (the cards of a rank taken two or three at a time, each lot to the seat with fewer cards, then fewer
    spades), so that the cards in play still decide both majorities."""
    shown = {c.strip() for c in hands.replace("[", " ").replace("]", " ").split(",") + table.strip("[]").split(",")}
    piles: list[list[str]] = [[], []]
    for rank in RANKS:
        left = [c for c in (f"{rank}{s}" for s in "SHDC") if c not in shown]
        assert len(left) != 1, f"one {rank} left to take alone"
        for lot in ([left[:2], left[2:]] if len(left) == 4 else [left]):
            if lot:
                min(piles, key=lambda p: (len(p), sum(c.endswith("S") for c in p))).extend(lot)
    captured = ", ".join("[" + ", ".join(p) + "]" for p in piles)
    return (f"      hands: {hands}\n      table: {table}\n      captured: [{captured}]\n{more}"
            f"      last_capturer: {last}\n")


def puzzle_text(line: Sequence[str], goal: str = "deal", position: str = POSITION, solution: str = "[2S, 5D]",
                variant: str = "classic") -> str:
    moves = "".join(f"      - {m}\n" for m in line)
    return (
        "puzzles:\n"
        "  - id: two-spades\n"
        f"    variant: {variant}\n"
        "    position:\n"
        f"{position}"
        f"    goal: {goal}\n"
        "    themes: [endgame]\n"
        "    rating: 1800\n"
        "    hints:\n"
        "      - {en: Think to the end of the round., de: Denk bis zum Ende der Runde.}\n"
        f"    solution: {solution}\n"
        "    line:\n"
        f"{moves}"
    )


def load(line: Sequence[str], position: str = POSITION, solution: str = "[2S, 5D]", variant: str = "classic") -> Puzzle:
    (puzzle,) = load_puzzles(puzzle_text(line, "deal", position, solution, variant), "lines.yaml")
    return puzzle


def problems(line: Sequence[str], goal: str = "deal", position: str = POSITION) -> list[str]:
    with pytest.raises(FileError) as caught:
        load_puzzles(puzzle_text(line, goal, position), "lines.yaml")
    return [str(p) for p in caught.value.problems]


def located(text: str, entry: str) -> str:
    """``lines.yaml:LINE:COL`` of the list entry ``      - ENTRY`` in ``text``."""
    number = text.splitlines().index(f"      - {entry}") + 1
    return f"lines.yaml:{number}:9"


# ---- the format -------------------------------------------------------------------


def test_the_main_line_is_read_move_by_move_on_the_positions_it_passes() -> None:
    puzzle = load(MAIN)
    assert len(puzzle.line) == len(MAIN)
    assert notations(puzzle.position, puzzle.line) == list(MAIN)
    assert learner_turns(puzzle.position, puzzle.line) == 4
    assert verify_puzzle(puzzle) == []


def test_an_illegal_move_in_the_line_is_named_with_its_place() -> None:
    line = ["2S", "7D", "5D x 7S"]
    (found,) = problems(line)
    assert found.startswith(f"{located(puzzle_text(line), '5D x 7S')}: line move 3 '5D x 7S' is not legal here (")


def test_a_line_that_ends_on_a_reply_is_refused_at_its_last_move() -> None:
    line = ["2S", "7D", "5D", "AH b9 8H"]
    (found,) = problems(line)
    assert found.startswith(f"{located(puzzle_text(line), 'AH b9 8H')}: the line ends on a move of seat 0")


def test_a_line_needs_two_learner_moves() -> None:
    (found,) = problems(["2S"])
    assert "a line has two moves of the learner (seat 1) or more; this one has 1" in found
    assert found.startswith("lines.yaml:")


def test_a_line_needs_goal_deal_and_known_hands() -> None:
    (wrong_goal,) = problems(MAIN, goal="cards")
    text = puzzle_text(MAIN, goal="cards")
    number = text.splitlines().index("    line:") + 2
    assert wrong_goal == f"lines.yaml:{number}:7: a line needs goal deal, not cards: " \
                         "the replies are the solver's best to the end of the round"
    hidden = POSITION.replace("- [9H, AH, 7D]", "- 3")
    assert any("a line needs every hand listed card by card" in p for p in problems(MAIN, position=hidden))


def test_a_move_after_the_end_of_the_round_is_refused() -> None:
    found = problems([*MAIN, "9H"])
    assert any("line move 8 comes after the end of the round" in p for p in found)


# ---- check ------------------------------------------------------------------------


def test_check_refuses_a_learner_move_that_is_not_best() -> None:
    start = load(MAIN).position
    play = start.copy()
    for move in load(MAIN).line[:2]:
        play.push(move)
    ranking = rank_moves(play, DEAL)
    worse = next(j.move for j in ranking.moves if j.move not in ranking.best)
    line = [*MAIN[:2], play.notation(worse)]
    messages = [p.message for p in verify_puzzle(load(line))]
    assert any(m.startswith(f"line move 3 ({play.notation(worse)}), the learner's, is not best for its side")
               for m in messages), messages


def test_check_refuses_a_reply_that_is_not_best() -> None:
    start = load(MAIN).position
    play = start.copy()
    play.push(load(MAIN).line[0])
    ranking = rank_moves(play, DEAL)
    worse = next(j.move for j in ranking.moves if j.move not in ranking.best)
    reply = play.notation(worse)
    play.push(worse)
    answer = play.notation(rank_moves(play, DEAL).best[0])
    messages = [p.message for p in verify_puzzle(load(["2S", reply, answer]))]
    assert any(m.startswith(f"line move 2 ({reply}), a reply of Player 1 (seat 0), is not best for its side") for m in messages)


def test_check_refuses_a_learner_turn_where_every_move_is_best() -> None:
    small = last_deal("[[5C, AS], [AH, 2D]]", "[5S, 9H]", 1)
    start = load(["5C x 5S", "2D", "AS"], position=small, solution="[5C x 5S, AS]")
    play = start.position.copy()
    for move in start.line[:2]:
        play.push(move)
    assert len(play.generate()) == 1  # the learner's last card can only be trailed
    messages = [p.message for p in verify_puzzle(start)]
    assert any(m.startswith("line move 3 (AS): the only legal move is best for the learner here") for m in messages)


# ---- playing a line -----------------------------------------------------------------


def test_every_best_first_move_is_accepted_and_answered_by_best_replies() -> None:
    puzzle = load(MAIN)
    best = rank_moves(puzzle.position.copy(), DEAL).best
    assert len(best) == 2
    for move in best:
        play = LinePlay(puzzle.position, puzzle.goal, puzzle.line)
        replies = play.play(move)
        assert replies and all(r.seat == 0 for r in replies)
        for reply in replies:
            assert reply.move in rank_moves(reply.before.copy(), DEAL).best
        assert play.challenge.position.to_move == 1 and play.played == 1 and not play.over


def test_the_main_line_is_followed_while_the_learner_follows_it() -> None:
    puzzle = load(MAIN)
    play = LinePlay(puzzle.position, puzzle.goal, puzzle.line)
    seen: list[Move] = []
    start = puzzle.position.copy()
    learner_moves = [m for i, m in enumerate(puzzle.line) if _mover(start, puzzle.line, i) == 1]
    for move in learner_moves:
        seen.append(move)
        seen += [r.move for r in play.play(move)]
    assert tuple(seen) == puzzle.line
    assert play.over and play.played == play.turns == 4


def _mover(start: Position, line: Sequence[Move], index: int) -> int:
    play = start.copy()
    for move in line[:index]:
        play.push(move)
    return play.to_move


def test_another_best_move_than_the_main_lines_goes_on_from_the_real_position() -> None:
    puzzle = load(MAIN)
    play = LinePlay(puzzle.position, puzzle.goal, puzzle.line)
    other = next(m for m in play.challenge.accepted() if m != puzzle.line[0])
    replies = play.play(other)
    assert puzzle.position.notation(other) == "5D"
    after = puzzle.position.copy()
    after.push(other)
    assert replies[0].before.state_key() == after.state_key()
    turns = 1
    while not play.over:
        play.play(play.challenge.accepted()[-1])
        turns += 1
    assert turns == learner_turns(puzzle.position, puzzle.line)


def test_a_move_that_is_not_best_does_not_go_on() -> None:
    puzzle = load(MAIN)
    play = LinePlay(puzzle.position, puzzle.goal, puzzle.line)
    worse = next(m for m in play.challenge.position.generate() if m not in play.challenge.accepted())
    with pytest.raises(ValueError):
        play.play(worse)
    assert play.played == 0


def test_a_reply_prefers_the_main_line_then_the_first_in_notation_order() -> None:
    pos = load(MAIN).position.copy()
    pos.push(load(MAIN).line[0])
    best = rank_moves(pos, DEAL).best
    assert len(best) > 1
    assert choose_reply(pos, best, best[-1]) == best[-1]
    assert choose_reply(pos, best, None) == min(best, key=pos.notation)
    worse = next(m for m in pos.generate() if m not in best)
    assert choose_reply(pos, best, worse) == min(best, key=pos.notation)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_best_moves_play_the_line_to_as_many_turns_as_the_main_line(data: st.DataObject) -> None:
    puzzle = load(MAIN)
    play = LinePlay(puzzle.position, puzzle.goal, puzzle.line)
    while not play.over:
        accepted = play.challenge.accepted()
        assert play.challenge.position.to_move == play.seat
        play.play(data.draw(st.sampled_from(accepted)))
    assert play.played == learner_turns(puzzle.position, puzzle.line)


# ---- the shell ----------------------------------------------------------------------


def shipped_line(players: int) -> Puzzle:
    return next(p for p in installed_catalog().puzzles if p.line and p.position.players == players)


@pytest.mark.slow
def test_a_line_puzzle_through_the_real_session_with_a_wrong_move(tmp_path: Path) -> None:
    puzzle = shipped_line(2)
    typed = [f"puzzle {puzzle.id}"]
    wrong_at = None
    with open_shell(tmp_path / "dry") as shell:
        dispatch(shell, typed[0])
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        while not run.over:
            seat = puzzle.position.to_move
            second_turn = len(run.challenge.position.hands[seat]) == len(puzzle.position.hands[seat]) - 1
            if second_turn and wrong_at is None:
                wrong = wrong_answer(shell)
                assert wrong is not None
                wrong_at = len(typed)
                typed.append(wrong)
                dispatch(shell, wrong)
            line = right_answer(shell)
            typed.append(line)
            dispatch(shell, line)
    said, (_, solved) = run_session(tmp_path / "real", "".join(t + "\r" for t in typed) + "quit\r")
    screen = "\n".join(said)
    assert "A line: you play" in screen
    turns = screen.count("is one of the best moves. ") + screen.count("is the best move. ")
    assert turns == learner_turns(puzzle.position, puzzle.line) - 1
    assert " answers " in screen
    assert "Try again" in screen and "Solved at the second try" in screen and "Solved!" not in screen
    assert solved == set()  # a wrong move on the way: the line counts as not solved


@pytest.mark.parametrize(("lang", "alone", "several"), [("en", "is the best move. ", "is one of the best moves. "),
                                                     ("de", "ist der beste Zug. ", "ist einer der besten Züge. ")])
@pytest.mark.parametrize(("puzzle_id", "best"), [("line-2p-endgame-13-1", 1), ("line-2p-endgame-13-2", 2)])
def test_a_line_turn_calls_the_move_the_best_only_when_no_other_is(tmp_path: Path, lang: str, alone: str,
                                                                   several: str, puzzle_id: str, best: int) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        dispatch(shell, f"puzzle {puzzle_id}")
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        assert len(run.challenge.accepted()) == best
        said = dispatch(shell, right_answer(shell)).text
    assert (alone if best == 1 else several) in said
    assert (several if best == 1 else alone) not in said


def test_a_line_solved_at_every_first_try_counts_as_solved(tmp_path: Path) -> None:
    puzzle = shipped_line(4)
    with open_shell(tmp_path) as shell:
        shown = dispatch(shell, f"puzzle {puzzle.id}").text
        said = []
        while not (isinstance(shell.activity, PuzzleRun) and shell.activity.over):
            said.append(dispatch(shell, right_answer(shell)).text)
        assert shell.progress.solved_puzzles() == {puzzle.id}
    assert "A line: you play" in shown
    text = "\n".join(said)
    assert ", your partner, answers " in text
    assert "Solved!" in said[-1]


def test_a_later_turn_hints_its_own_idea_then_the_card(tmp_path: Path) -> None:
    puzzle = shipped_line(2)
    with open_shell(tmp_path, lang="de") as shell:
        dispatch(shell, f"puzzle {puzzle.id}")
        dispatch(shell, right_answer(shell))
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        idea = dispatch(shell, "hint").text
        card = dispatch(shell, "hint").text
        best_cards = {run.ui.card(m.card) for m in run.challenge.accepted()}
    assert idea.startswith("Zu diesem Zug")
    assert card.startswith("Denk an deine") and any(c in card for c in best_cards)


# ---- the generator ------------------------------------------------------------------


def test_generated_lines_are_proved_and_no_greedy_grab_is_their_answer() -> None:
    drafts = generate(Request("endgame", 2, "classic", 4, seed=3, lines=True), jobs=1).kept
    assert len(drafts) == 2
    loaded = load_puzzles(file_text([(f"l{n}", d) for n, d in enumerate(drafts)], "test"), "gen.yaml")
    for puzzle in loaded:
        assert puzzle.line and verify_puzzle(puzzle) == []
        assert learner_turns(puzzle.position, puzzle.line) >= 2
        assert not grab_is_best(puzzle.position, rank_moves(puzzle.position.copy(), DEAL))


def test_a_line_whose_second_learner_turn_asks_nothing_is_dropped() -> None:
    pos = load(["5C x 5S", "2D", "AS"], position=last_deal("[[5C, AS], [AH, 2D]]", "[5S, 9H]", 1),
               solution="[5C x 5S, AS]").position
    ranking = rank_moves(pos.copy(), DEAL)
    assert not trivial(ranking)
    assert main_line(pos, ranking) == ()


def test_a_line_refuses_the_grab_of_the_most_cards_even_when_the_grab_of_points_is_not_best() -> None:
    pos = load_position("hands: [[9C, AD], [KH, 9H]]\ntable: [9S, 4C, 5H, AS]\n", "grab.yaml")
    ranking = rank_moves(pos.copy(), DEAL)
    most_cards = pos.parse_move("9C x 9S 5H+4C")
    assert most_cards in ranking.best and pos.parse_move("AD x AS") not in ranking.best
    assert grab_is_best(pos, ranking)


def test_lines_are_mined_for_last_deal_themes_only_and_written_with_their_command(tmp_path: Path) -> None:
    refused = subprocess.run([sys.executable, "-m", "tutor", "puzzles", "generate", "--lines", "--theme", "sums",
                              "--count", "1"], capture_output=True, text=True)
    assert refused.returncode == 2 and "--lines finds puzzles in last deals" in refused.stderr
    out = tmp_path / "lines.yaml"
    args = ["puzzles", "generate", "--lines", "--theme", "endgame", "--count", "2", "--seed", "5", "--jobs", "1"]
    made = subprocess.run([sys.executable, "-m", "tutor", *args, "-o", str(out)], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Generated by: cassino-tutor puzzles generate --lines --theme endgame --count 2")
    assert "id: line-2p-endgame-5-1" in text and "    line:\n" in text
    checked = subprocess.run([sys.executable, "-m", "tutor", "check", str(out)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_a_line_that_an_instant_limit_ends_early_is_solved_there(tmp_path: Path) -> None:
    # seat 1 has swept once; a second sweep ends the round at once
    sudden = last_deal("[[2C, KC, AH], [2S, 2H, 9H]]", "[2D, KS]", 1, "      sweeps: [0, 1]\n")
    puzzle = load(["2C x 2D", "2H", "AH", "9H", "KC x KS"], position=sudden, solution="[2C x 2D, KC x KS]",
                  variant="{preset: classic, instant_sweeps: true, instant_limit: 2}")
    assert verify_puzzle(puzzle) == []
    with open_shell(tmp_path) as shell:
        run = PuzzleRun(shell, puzzle, lambda: None)
        shell.activity = run
        said = dispatch(shell, "KC x KS").text  # best too, but it leaves the 2♦ to sweep
        assert run.over and shell.progress.solved_puzzles() == {puzzle.id}
    assert "Player 2 answers 2♠ x 2♦" in said and "Solved!" in said
