"""Tab completion: commands, lesson ids, themes, languages and the cards of a position."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from shell_helpers import open_shell

from tutor.core.notation import parse_intent
from tutor.core.table import piles
from tutor.shell.commands import dispatch
from tutor.shell.completer import TutorCompleter


def complete(shell, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    completer = TutorCompleter(shell)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_commands_and_german_aliases(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        assert complete(shell, "he") == ["help"]
        assert complete(shell, "hil") == ["hilfe"]
        assert set(complete(shell, "")) >= {"learn", "puzzle", "quit", "lerne"}


def test_lesson_ids_themes_and_languages(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        ids = [lesson.id for lesson in shell.catalog.lessons]
        assert complete(shell, "learn ") == ids
        assert complete(shell, f"learn {ids[0][:2]}") == [i for i in ids if i.startswith(ids[0][:2])]
        themes = complete(shell, "puzzle ")
        assert set(shell.theme_names()) <= set(themes)
        assert complete(shell, "lang ") == ["en", "de"]
        assert complete(shell, "help qu") == ["quit"]
        assert complete(shell, "learn x y") == []


def test_cards_in_hand_then_words_then_table_cards(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "puzzle")
        pos = shell.activity.position  # type: ignore[union-attr]
        assert pos is not None
        hand = [str(c) for c in pos.hands[pos.to_move]]
        first = complete(shell, "")
        assert set(hand) <= set(first)
        card = hand[0]
        after = complete(shell, f"{card} ")
        assert "x" in after and "b" in after
        assert {str(c) for c in pos.loose} <= set(after)
        assert set(complete(shell, f"{card} x ")) == {str(c) for c in pos.loose}
        assert set(complete(shell, f"{card[:-1]}")) >= {c for c in hand if c.startswith(card[:-1])}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_builds_on_the_table_are_offered_in_brackets(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if p.position.builds)
        dispatch(shell, f"puzzle {puzzle.id}")
        pos = shell.activity.position  # type: ignore[union-attr]
        assert pos is not None and pos.builds
        ui = shell.ui
        card = ui.typed_card(pos.hands[pos.to_move][0])
        builds = {ui.typed_build(piles(b, pos.variant.value)) for b in pos.builds}
        offered = set(complete(shell, f"{card} x "))
        assert offered == {ui.typed_card(c) for c in pos.loose} | builds
        assert all(b.startswith("[") and b.endswith("]") for b in builds)
        first = next(iter(builds))
        assert complete(shell, f"{card} x {first[:3]}") == sorted(b for b in builds if b.startswith(first[:3]))
        for b in pos.builds:  # each offered text reads back as its build, in the learner's letters
            ref = parse_intent(f"{card} x {ui.typed_build(piles(b, pos.variant.value))}").builds[0]
            assert sorted(c for r in ref.cards for c in r.candidates(b.cards)) == sorted(b.cards)
