"""Hostile and extreme YAML: every limit answered with one located message, never a traceback (issue 15)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cli.main import main
from tutor.core.text import EXCERPT_CHARS
from tutor.loading import FileError, load_document, load_position
from tutor.loading.yamlfile import MAX_DEPTH, MAX_FILE_BYTES, MAX_VALUE_CHARS

ROOT = Path(__file__).resolve().parents[1]


def alias_bomb(levels: int) -> str:
    """The billion-laughs file of the issue: each level lists the one below nine times."""
    lines = ["x:", '  - &a0 "lol"']
    lines += [f"  - &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join([*lines, "hands: [[7S], 3]", f"table: *a{levels}", ""])


def only_problem(text: str) -> str:
    with pytest.raises(FileError) as info:
        load_position(text, "h.yaml")
    assert len(info.value.problems) == 1, info.value
    return str(info.value.problems[0])


@pytest.mark.parametrize("levels", [7, 9])
def test_an_alias_bomb_is_stopped_before_it_expands(levels: int) -> None:
    message = only_problem(alias_bomb(levels))
    assert message.startswith("h.yaml:") and "aliases expand this file to more than" in message


def test_a_few_aliases_still_read() -> None:
    node = load_document("a: &x [5H, 3C]\nb: *x\nc: *x\n", "ok.yaml")
    assert node.value == {"a": ["5H", "3C"], "b": ["5H", "3C"], "c": ["5H", "3C"]}


def test_deep_nesting_is_refused_where_it_passes_the_limit() -> None:
    text = "hands: [[7S], 3]\ntable: " + "[" * 500 + "]" * 500 + "\n"
    assert only_problem(text) == f"h.yaml:2:{7 + MAX_DEPTH}: lists and mappings are nested more than {MAX_DEPTH} deep here; flatten the file"


def test_a_long_value_is_refused_and_quoted_short() -> None:
    text = 'hands: [[7S], 3]\ntable: ["' + "x" * (MAX_VALUE_CHARS + 1) + '"]\n'
    message = only_problem(text)
    assert message.startswith("h.yaml:2:9: a value of 4,001 characters")
    assert len(message) < 200 and "x" * EXCERPT_CHARS not in message


@pytest.mark.parametrize("quoted", [False, True])
def test_a_key_too_long_for_yaml_is_said_not_a_line_without_a_colon(quoted: bool) -> None:
    """A key of 2,000 characters: 'line 3 has no ':'', of a line with its ':' (PyYAML looks no further for it)."""
    key = '"' + "k" * 1998 + '"' if quoted else "k" * 2000
    message = only_problem(f"hands: [[7S], 3]\ntable: [7C]\n{key}: 1\n")
    assert message == ("h.yaml:3:1: the key on line 3 is 2,000 characters long; YAML reads a key of at most 1,024: "
                       "shorten it"), message
    assert load_document("hands: [[7S], 3]\n" + "k" * 1000 + ": 1\n", "h.yaml").keys()[1] == "k" * 1000


def test_a_huge_file_is_refused_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("hands: [[7S], 3]\ntable: [" + "5H, " * (MAX_FILE_BYTES // 4) + "]\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tutor", "moves", str(path)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert result.stderr.strip().endswith("a YAML file may be at most 1,048,576 bytes (1 MiB)")
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def test_the_cli_answers_the_alias_bomb_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "lol.yaml"
    path.write_text(alias_bomb(7), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tutor", "moves", str(path)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert f"{path}:" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize(("lang", "said"), [
    ("en", ("not a regular file (a device, a pipe", "the symbolic links in the path lead round in a circle",
            "no such file")),
    ("de", ("keine gewöhnliche Datei (ein Gerät, eine Pipe", "die symbolischen Links im Pfad führen im Kreis",
            "Diese Datei gibt es nicht")),
])
def test_a_folder_checked_says_each_yaml_name_that_is_no_regular_file(
        tmp_path: Path, lang: str, said: tuple[str, str, str]) -> None:
    """A pipe, a loop of links and a link to nothing of a YAML name in a folder: ``check`` passed them over in
    silence ("no problems"), and so did the tutor's start in its content folders."""
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "loop.yaml").symlink_to("loop.yaml")
    (tmp_path / "gone.yml").symlink_to("nowhere.yaml")
    (tmp_path / "folder.yaml").mkdir()  # a folder of a YAML name is a folder: looked into, not read
    result = subprocess.run([sys.executable, "-m", "tutor", "--lang", lang, "check", str(tmp_path)],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    said_all = result.stdout + result.stderr
    assert result.returncode == 2, said_all
    for name, words in zip(("pipe.yaml", "loop.yaml", "gone.yml"), said):
        assert f"{tmp_path / name}:1:1: " in said_all and words in said_all, said_all
    assert "folder.yaml:" not in said_all and "Traceback" not in said_all


@pytest.mark.parametrize(("text", "quoted"), [
    ('variant: "\\e[2Jclassic"\nhands: [[7S], 3]\ntable: [7C]\n', "unknown preset '\\u001b[2Jclassic'"),
    ('variant: {preset: classic, "\\e[2J": 1}\nhands: [[7S], 3]\ntable: [7C]\n', "unknown option '\\u001b[2J'"),
    ('to_move: !!int "\\e[2J"\nhands: [[7S], 3]\ntable: [7C]\n', "cannot read '\\u001b[2J' as !!int"),
    ('players: "' + "\\e" * (MAX_VALUE_CHARS + 1) + '"\n', "('" + "\\u001b" * 6 + "…')"),  # never cut in one
])
def test_a_control_character_is_quoted_escaped_once(text: str, quoted: str) -> None:
    """The value quoted escaped, as the German words quote it: its repr doubled each escape's backslash
    ('\\\\u001b', a backslash the file does not hold)."""
    said = only_problem(text)
    assert quoted in said and "\\\\" not in said, said


# ---- generated hostile YAML --------------------------------------------------------

_scalars = st.one_of(st.sampled_from(["7S", "5H", "3", "~", "true", "&a x", "*a", "!!python/object:os.system x",
                                      "'", '"', "[", "{", ":", "- ", "\t", "%YAML 1.1", "---", "&", "*"]),
                     st.text(max_size=12))


@st.composite
def hostile_yaml(draw: st.DrawFn) -> str:
    """Text made of YAML's sharp parts: anchors and aliases at many levels, deep brackets, tags, stray marks."""
    parts = draw(st.lists(st.one_of(
        _scalars,
        st.integers(1, 200).map(lambda n: "[" * n),
        st.integers(1, 200).map(lambda n: "]" * n),
        st.integers(0, 12).map(lambda n: f"&a{n} [" + ", ".join(f"*a{max(n - 1, 0)}" for _ in range(9)) + "]"),
        st.sampled_from(["\n", "\n  ", ", ", "hands: ", "table: ", "- ", "? "]),
    ), max_size=40))
    return "".join(parts)


@settings(max_examples=300, deadline=2000)
@given(hostile_yaml())
def test_hostile_yaml_gets_a_tree_or_located_problems(text: str) -> None:
    try:
        load_document(text, "f.yaml")
    except FileError as err:
        assert err.problems and all(p.file == "f.yaml" and p.line >= 1 and p.col >= 1 for p in err.problems)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the byte 0xE9 here is not UTF-8: save the file as UTF-8 text"),
    ("de", "Das Byte 0xE9 hier ist kein UTF-8: Speichere die Datei als UTF-8-Text.")])
def test_a_text_saved_in_latin1_is_answered_at_its_first_foreign_byte(
        lang: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A lesson typed in an editor set to Latin-1: the é of line 4 was answered at 1:1 as "not a text file"."""
    from tutor.cli.main import main

    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_bytes("hands: [[7S, 8D], 2]\ntable: [7C]\n# ok\n# Café 7♠\n".encode("latin-1", "replace"))
    Path("b.yaml").write_bytes(bytes(range(256)))
    assert main(["--lang", lang, "check", "p.yaml", "b.yaml"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"p.yaml:4:6: {said}"
    assert lines[1] == "b.yaml:1:1: " + ("not a text file (UTF-8)" if lang == "en" else "Das ist keine Textdatei (UTF-8).")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the folder cannot be read (permission denied), so its files are not checked"),
    ("de", "Der Ordner lässt sich nicht lesen (keine Berechtigung), also werden seine Dateien nicht geprüft."),
])
def test_a_folder_checked_that_cannot_be_listed_is_said_not_passed_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
        said: str) -> None:
    """A folder without read permission, given to ``check`` or below one given: its files were passed over in
    silence ("all good (no problems)", or "no YAML files" for the folder itself)."""
    (tmp_path / "shut").mkdir()
    (tmp_path / "shut" / "broken.yaml").write_text("puzzles: [", encoding="utf-8")
    (tmp_path / "position.yaml").write_text("hands: [[7S], 2]\ntable: [7C]\n", encoding="utf-8")
    listed = os.scandir

    def scandir(path: Any = ".") -> Any:  # as without read permission (which root, running the tests, ignores)
        if Path(path) == tmp_path / "shut":
            raise PermissionError(13, "Permission denied", str(path))
        return listed(path)

    monkeypatch.setattr(os, "scandir", scandir)
    for target in (tmp_path, tmp_path / "shut"):
        assert main(["check", str(target), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert f"{tmp_path / 'shut'}:1:1: {said}" in err and "Traceback" not in err, err
