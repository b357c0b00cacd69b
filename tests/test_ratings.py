"""The collection's ratings are the difficulty model's: the files hold them, one idea is rated alike, and the
single-move puzzles spread over the scale; ``puzzles rate`` writes them and nothing else."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.content.course import RATING_RANGE, Puzzle
from tutor.generator.difficulty import Features, measure, rating
from tutor.loading.puzzles import load_puzzles

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"
FILES = sorted(p.name for p in PUZZLES.glob("*.yaml"))


@cache
def rated(name: str) -> tuple[tuple[Puzzle, Features], ...]:
    """The puzzles of one file with the model's features."""
    path = PUZZLES / name
    return tuple((p, measure(p.position, p.goal, p.line)[0]) for p in load_puzzles(path.read_text("utf-8"), str(path)))


def everything() -> list[tuple[Puzzle, Features]]:
    return [pair for name in FILES for pair in rated(name)]


@pytest.mark.parametrize("name", FILES)
def test_the_files_hold_the_models_ratings(name: str) -> None:
    """A rating the model would not give (a stale one, after a change to a position or to the model) fails:
    ``cassino-tutor puzzles rate puzzles/*.yaml`` writes them again."""
    stale = {p.id: (p.rating, rating(f)) for p, f in rated(name) if p.rating != rating(f)}
    assert stale == {}


def test_one_idea_is_rated_within_150_wherever_it_is() -> None:
    """An idea is the goal, the tags of the answer (what it does and wins), whether it wins only on the goal's
    tie-break, how deep it lies and the learner's turns (``Features.idea``), whatever the file."""
    ideas: dict[object, list[Puzzle]] = defaultdict(list)
    for p, f in everything():
        ideas[f.idea].append(p)
    shared = {k: v for k, v in ideas.items() if len(v) > 1}
    assert len(shared) >= 40
    wide = {k: sorted((p.rating, p.id) for p in v) for k, v in shared.items()
            if max(p.rating for p in v) - min(p.rating for p in v) > 150}
    assert wide == {}


def test_the_issues_examples() -> None:
    """Pairing aces is one idea in the hand-written three-aces and the generated face-cards-1-7; finding 5+4+A for
    the 10♦ (big-cassino-1-8-r1) is a beginner's puzzle."""
    found = {p.id: (p, f) for p, f in everything()}
    (aces, idea), (faces, other) = found["three-aces"], found["face-cards-1-7"]
    assert idea.idea == other.idea and abs(aces.rating - faces.rating) <= 150
    low, high = RATING_RANGE
    assert found["big-cassino-1-8-r1"][0].rating < low + (high - low) / 4


def test_single_move_puzzles_spread_over_the_scale() -> None:
    low, high = RATING_RANGE
    step = (high - low) / 4
    quarters = [0] * 4
    for name in FILES:
        path = PUZZLES / name
        for p in load_puzzles(path.read_text("utf-8"), str(path)):
            if not p.goal.is_deal:
                quarters[min(3, int((p.rating - low) // step))] += 1
    assert all(n >= 3 for n in quarters), quarters


def test_rate_rewrites_only_the_ratings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = ["points.yaml", "lines-3p.yaml"]
    stale = {}
    for name in names:
        # 2999: the model rounds to tens, so every rating is stale
        stale[name] = re.sub(r"(?m)^    rating: \d+$", "    rating: 2999", (PUZZLES / name).read_text("utf-8"))
        (tmp_path / name).write_text(stale[name], encoding="utf-8")
    files = [str(tmp_path / n) for n in names]
    assert main(["puzzles", "rate", *files]) == 0
    assert "rated 15 puzzles in 2 files; 15 ratings changed" in capsys.readouterr().out
    for name in names:
        after = (tmp_path / name).read_text("utf-8")
        changed = [(a, b) for a, b in zip(stale[name].splitlines(), after.splitlines()) if a != b]
        assert len(changed) == len(rated(name))
        assert all(a.startswith("    rating: ") and b.startswith("    rating: ") for a, b in changed)
        assert len(stale[name].splitlines()) == len(after.splitlines())
        assert [p.rating for p in load_puzzles(after, name)] == [rating(f) for _, f in rated(name)]
    assert main(["puzzles", "rate", *files]) == 0
    assert "0 ratings changed" in capsys.readouterr().out


def test_rate_keeps_a_hand_written_layout(tmp_path: Path) -> None:
    path = tmp_path / "captures.yaml"
    text = (PUZZLES / "captures.yaml").read_text("utf-8")
    text = re.sub(r"(?m)^    rating: \d+$", "    rating: 2720  # too high", text, count=1)
    path.write_text(text, encoding="utf-8")
    assert main(["puzzles", "rate", str(path)]) == 0
    assert "  # too high" in path.read_text("utf-8")
    assert [p.rating for p in load_puzzles(path.read_text("utf-8"), "x")] == [
        rating(f) for _, f in rated("captures.yaml")]


def test_rate_answers_a_broken_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("puzzles:\n  - id: x\n    rating: high\n", encoding="utf-8")
    assert main(["puzzles", "rate", str(broken), str(tmp_path / "missing.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "broken.yaml" in err
    assert broken.read_text("utf-8") == "puzzles:\n  - id: x\n    rating: high\n"


@pytest.mark.parametrize(("lang", "said"), [("en", "the file changed since it was read; nothing was written to it"),
                                            ("de", "Die Datei hat sich geändert, seit sie gelesen wurde")])
def test_rate_writes_nothing_over_a_file_changed_since_it_was_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str,
        said: str) -> None:
    """A teacher's edit saved while the command ran (an editor open on the file) was written over with what the
    command had read before it: the edit was lost. (``hints`` and ``replace``, which take longer, check the same.)"""
    from tutor.cli import puzzles as puzzle_commands

    path = tmp_path / "captures.yaml"
    text = re.sub(r"(?m)^    rating: \d+$", "    rating: 2999", (PUZZLES / "captures.yaml").read_text("utf-8"))
    path.write_text(text, encoding="utf-8")
    edited = text.replace("puzzles:", "# a note the teacher added\npuzzles:", 1)
    rerated = puzzle_commands.rerated

    def edited_meanwhile(*args: object) -> str:
        path.write_text(edited, encoding="utf-8")
        return rerated(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(puzzle_commands, "rerated", edited_meanwhile)
    assert main(["puzzles", "rate", str(path), "--lang", lang]) == 2
    assert said in capsys.readouterr().err
    assert path.read_text("utf-8") == edited
