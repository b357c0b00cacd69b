"""Text from files and from the learner shown safely and short; deep YAML answered, not crashed on (issue 22)."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shell_helpers import open_shell

from tutor.core.text import EXCERPT_CHARS, LAYOUT, escaped, excerpt
from tutor.loading import FileError, load_position
from tutor.loading.options import OptionError, read_variant
from tutor.render import Renderer
from tutor.shell.commands import dispatch

ROOT = Path(__file__).resolve().parents[1]
START = ROOT / "docs" / "examples" / "start.yaml"
DEEP = "[" * 1000 + "]" * 1000
NESTED = "nested more than 32 deep"
ESCAPES = "\x1b]0;title\x07\x1b[2J\x9b\u202e"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


def unsafe(text: str) -> bool:
    """Whether ``text`` holds a character a terminal acts on rather than shows."""
    return escaped(text, keep=LAYOUT) != text


# ---- the helper -------------------------------------------------------------------------------------


@given(st.text(), st.integers(2, 200))
def test_an_excerpt_is_short_safe_and_the_text_itself_when_it_can_be(text: str, limit: int) -> None:
    shown = excerpt(text, limit)
    assert len(shown) <= limit and not unsafe(shown) and "\n" not in shown
    if shown.endswith("…") and shown != escaped(text):
        assert escaped(text).startswith(shown[:-1])
    else:
        assert shown == escaped(text)
    if text.isprintable() and len(text) <= limit:
        assert shown == text


BIDI_AND_LINES = set("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@given(st.text(st.characters(codec="utf-8")))
def test_escaping_writes_each_control_character_as_a_code_and_leaves_the_rest(text: str) -> None:
    shown = escaped(text, keep=LAYOUT)
    hidden = [c for c in text if c not in LAYOUT and (unicodedata.category(c) == "Cc" or c in BIDI_AND_LINES)]
    assert not any(unicodedata.category(c) == "Cc" and c not in LAYOUT or c in BIDI_AND_LINES for c in shown)
    assert len(shown) == len(text) + 5 * len(hidden)
    assert all(f"\\u{ord(c):04x}" in shown for c in hidden)
    if not hidden:
        assert shown == text


# ---- case 7: deep flow nesting ------------------------------------------------------------------------


def test_a_thousand_nested_brackets_get_the_nesting_message() -> None:
    with pytest.raises(FileError, match=NESTED):
        load_position(f"hands: [[7S], 3]\ntable: {DEEP}\n", "deep.yaml")


def test_check_says_the_nesting_and_still_lists_the_other_files(tmp_path: Path) -> None:
    deep = tmp_path / "a-deep.yaml"
    deep.write_text(f"hands: [[7S], 3]\ntable: {DEEP}\n", encoding="utf-8")
    broken = tmp_path / "b-broken.yaml"
    broken.write_text("hands: [[7S], 3]\ntable: [ZZ]\n", encoding="utf-8")
    result = run("check", str(tmp_path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{deep}:2:" in result.stderr and NESTED in result.stderr
    assert f"{broken}:2:" in result.stderr


def test_an_option_nested_a_thousand_deep_is_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match=NESTED) as info:
        read_variant("classic", [f"most_cards={DEEP}"], Renderer("en").message)
    assert len(str(info.value)) < 200
    result = run("sheet", "--set", f"most_cards={DEEP}")
    assert result.returncode == 2 and NESTED in result.stderr and result.stderr.count("\n") == 1


def test_play_with_an_option_nested_a_thousand_deep_says_so(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, f"play most_cards={DEEP}").text
    assert NESTED in said and len(said) < 200


# ---- case 15: unbounded quotes and numbers --------------------------------------------------------------


@pytest.mark.parametrize("seed", ["9" * 4000, "x" * 4000, "9" * 50])
def test_a_seed_of_thousands_of_characters_is_quoted_short(seed: str) -> None:
    result = run("advise", "--seed", seed, str(START))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert len(result.stderr) < 200 and "--seed" in result.stderr


def test_play_with_a_seed_of_thousands_of_digits_is_refused_in_a_short_line(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, "play seed=" + "9" * 4000).text
        assert "give a whole number from 0 to" in said and len(said) < 200
        said = dispatch(shell, "play " + "x" * 10_000).text
        assert len(said) < 1000 and "x" * (EXCERPT_CHARS + 1) not in said
        said = dispatch(shell, "y" * 10_000).text
        assert len(said) < 1000 and "y" * (EXCERPT_CHARS + 1) not in said


# ---- case 2: text from files and from the learner shown safely ----------------------------------------


def test_typed_escape_sequences_are_shown_escaped(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        for line in (f"hello{ESCAPES}", f"play {ESCAPES}", f"play level={ESCAPES}", f"puzzle {ESCAPES}"):
            said = dispatch(shell, line).text
            assert said and not unsafe(said) and "\\u001b" in said


def test_a_files_escape_sequences_reach_no_terminal(tmp_path: Path) -> None:
    path = tmp_path / f"pos{ESCAPES[:4]}.yaml"
    path.write_text(f'hands: [[7S], 3]\ntable: ["{ESCAPES}"]\n', encoding="utf-8")
    for command in ("moves", "check"):
        result = run(command, str(path))
        assert result.returncode in (1, 2) and not unsafe(result.stderr) and "\\u001b" in result.stderr


def test_the_shells_script_mode_echoes_no_escape_sequence(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "tutor"], input=f"foo{ESCAPES}\nquit\n", capture_output=True,
                            text=True, cwd=ROOT, env={"CASSINO_TUTOR_HOME": str(tmp_path), "PATH": ""})
    assert result.returncode == 0 and "\\u001b" in result.stdout and not unsafe(result.stdout)


def test_replay_shows_a_files_id_escaped(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round level=greedy seed=52")
        shared = tmp_path / "game.json"
        assert "was written to" in dispatch(shell, f"games export 1 {shared}").text
    data = json.loads(shared.read_text(encoding="utf-8"))
    data["id"] = f"game{ESCAPES}"
    shared.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(shared), "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert "game\\u001b]0;title\\u0007" in result.stdout and not unsafe(result.stdout)


@pytest.mark.parametrize("args", [
    ("moves", "x" * 9000), ("sheet", "--set", "x" * 9000 + "=1"), ("arena", "--a", "x" * 9000, "--b", "greedy"),
    ("sheet", "--variant", "v" * 1000), ("sheet", "--set", "o" * 1000 + "=1"), ("arena", "--a", "l" * 1000),
    ("solve", "--goal", "g" * 1000, str(START)), ("sheet", "--lang", "n" * 1000),
])
def test_a_long_argument_is_quoted_short(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and len(result.stderr) < 600, result.stderr


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_typed_line_of_thousands_of_characters_is_answered_short(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "puzzle")
        said = dispatch(shell, "z" * 9000).text
    assert "9000" in said and len(said) < 200 and "z" * (EXCERPT_CHARS + 1) not in said
