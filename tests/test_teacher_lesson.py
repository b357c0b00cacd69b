"""A teacher's own lesson, added to the course folder: the shell lists it, opens it, takes its answers and shows
the progress without a lesson id of the tutor's (its id reads as written, in every language)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.content.folders import content_dir

LESSON = """\
lesson: club-pairs
title: {en: Club pairs, de: Paare im Verein}
summary: {en: A card takes the cards of its rank., de: Eine Karte nimmt die Karten ihres Rangs ein.}
variant: classic
requires: [table]
steps:
  - text: {en: A seven takes a seven., de: Eine Sieben nimmt eine Sieben ein.}
  - exercise:
      text: {en: Take as many cards as you can., de: Nimm so viele Karten ein wie möglich.}
      position: {hands: [[9S, 4H, QC, 2D], 4], table: [9D, 9C, 4S, KH], stock: 40}
      goal: cards
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_teachers_lesson_is_listed_opened_answered_and_counted(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "content"
    for kind in ("lessons", "puzzles"):
        shutil.copytree(content_dir(kind), root / kind)
    (root / "lessons" / "30-club-pairs.yaml").write_text(LESSON, encoding="utf-8")
    monkeypatch.setattr("tutor.loading.catalog.content_dir", lambda kind: root / kind)
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CASSINO_TUTOR_CACHE", "")
    monkeypatch.setenv("COLUMNS", "1000")
    monkeypatch.setattr("sys.stdin", io.StringIO("lessons\nlearn nothing-such\nlearn club-pairs\nnext\n"
                                                 "9S x 9D 9C\nprogress\nquit\n"))
    assert main(["--lang", lang]) == 0
    out, err = capsys.readouterr()
    assert not (tmp_path / "home" / "reports").exists(), out
    assert "Traceback" not in out + err
    assert "club-pairs" in out and ("Paare im Verein" if lang == "de" else "Club pairs") in out
    assert "★★★" in out
