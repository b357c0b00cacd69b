"""The project's texts are in its own words: no sheet, message, lesson or puzzle repeats a sentence of the rule
texts it started from (/work/shared/seeds/README.md: "Their sentences are not the project's to reuse")."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tutor.content.folders import content_dir
from tutor.content.presets import variant
from tutor.sheets import build_sheet, render_sheet

SEEDS = Path(os.environ.get("CASSINO_TUTOR_SEEDS", "/work/shared/seeds"))
RUN = 7  # words in a row; six-word runs are common phrases ("at the end of the round")
WORD = re.compile(r"[^\W_]+")


def runs(text: str) -> set[tuple[str, ...]]:
    """Every run of RUN words of ``text``, in lower case, punctuation and markup aside."""
    words = WORD.findall(text.casefold())
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def seed_runs() -> set[tuple[str, ...]]:
    texts = sorted(SEEDS.glob("0*.txt"))
    if not texts:
        pytest.skip(f"the seed texts are not at {SEEDS} (set CASSINO_TUTOR_SEEDS)")
    return set().union(*(runs(p.read_text(encoding="utf-8")) for p in texts))


def project_texts() -> dict[str, str]:
    """Every template and content file as written, and the rule sheets as printed (where sentences are joined)."""
    files = [p for kind in ("templates", "lessons", "puzzles") for p in sorted(content_dir(kind).rglob("*"))
             if p.suffix in (".yaml", ".j2", ".html")]
    texts = {str(p): p.read_text(encoding="utf-8") for p in files}
    for lang in ("en", "de"):
        for players in (2, 4):
            texts[f"classic sheet, {lang}, {players} players"] = render_sheet(
                build_sheet(variant("classic"), players), lang, "txt")
    return texts


def test_runs_find_a_copied_sentence() -> None:
    assert runs("Ablegen: Eine Karte offen auf den Tisch legen, ohne einzunehmen.") & runs(
        "eine karte offen auf den tisch legen")


def test_no_text_repeats_a_sentence_of_the_seed_texts() -> None:
    seeds = seed_runs()
    copied = [f"{where}: {' '.join(run)}" for where, text in project_texts().items() for run in runs(text) & seeds]
    assert not copied, "\n".join(copied)
