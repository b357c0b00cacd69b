"""Tab completion: commands, lesson ids, themes, languages and the cards of a position."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from shell_helpers import open_shell, right_answer

from tutor.content.course import ExerciseStep, WhyStep
from tutor.core.notation import parse_intent
from tutor.core.table import piles
from tutor.play.players import LEVELS
from tutor.shell.commands import dispatch
from tutor.shell.completer import TutorCompleter
from tutor.shell.lesson import LessonRun
from tutor.shell.play import GameRun
from tutor.shell.registry import COMMANDS, typed_command


def complete(shell, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    completer = TutorCompleter(shell)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_commands_in_the_learners_language_only(tmp_path: Path) -> None:
    """The English shell offered the German words too ("hi": hint, hilfe); either language's command is still read,
    and its argument completed."""
    with open_shell(tmp_path) as shell:
        assert complete(shell, "he") == ["help"]
        assert complete(shell, "hi") == ["hint"] and complete(shell, "hil") == []
        first = set(complete(shell, ""))
        assert first >= {"learn", "puzzle", "quit"} and not first & {c.alias for c in COMMANDS.values()}
        offered = [name for name in COMMANDS if name != "claim"]  # claims only in a game that allows them
        assert complete(shell, "help ") == offered and complete(shell, "help hi") == ["hint"]
        assert complete(shell, "hilfe qu") == ["quit"]
    with open_shell(tmp_path, "de") as shell:
        assert complete(shell, "hi") == ["hilfe"] and complete(shell, "he") == []
        first = set(complete(shell, ""))
        assert first >= {"lerne", "aufgabe", "ende"} and not first & set(COMMANDS)
        assert complete(shell, "hilfe en") == ["ende"] and complete(shell, "help en") == ["ende"]


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
        for card in pos.hands[pos.to_move]:
            moves = [m for m in pos.generate() if m.card == card]
            taken = {str(c) for m in moves if m.kind == "capture" for c in m.loose}
            after = complete(shell, f"{card} ")
            assert ("x" in after) == any(m.kind == "capture" for m in moves)
            assert ("b" in after) == any(m.kind in ("build", "raise", "add") for m in moves)
            assert taken <= set(after) and taken <= set(complete(shell, f"{card} x "))
        card = hand[0]
        assert set(complete(shell, f"{card[:-1]}")) >= {c for c in hand if c.startswith(card[:-1])}


def _items(notation: str) -> list[str]:
    """The cards and bracketed builds a move's notation names after its word (``3H+4D [5D+3S]``: three)."""
    return re.findall(r"\[[^\]]*\]|[^+\s\[\]]+", notation)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_offers_are_the_legal_moves_of_the_card_played(tmp_path: Path, lang: str) -> None:
    """After the card played, its legal moves word by word, and only those, in the learner's letters: the words of
    a capture and the items it takes (a pairing or a sum capture needs no word), a build's words with its values
    (``b8``), after a word the items moves of that kind and value use; after ``trail`` or ``ablegen`` the hand. The
    words are the learner's language's (the English shell offered ``nimm`` and ``baue`` too, the German ``take``
    and ``build``), as the commands are; either is read."""
    take, build, trail = {"en": ("take", "build", "trail"), "de": ("nimm", "baue", "ablegen")}[lang]
    with open_shell(tmp_path, lang) as shell:
        ui = shell.ui
        for puzzle in shell.catalog.puzzles[:15]:
            dispatch(shell, f"puzzle {puzzle.id}")
            pos = shell.activity.position  # type: ignore[union-attr]
            assert pos is not None
            expected: dict[str, set[str]] = {ui.typed_card(c): set() for c in pos.hands[pos.to_move]}
            assert {"trail", "ablegen"} & set(complete(shell, "")) == {trail}
            for move in pos.generate():
                card, *rest = ui.typed_move(pos.notation(move)).split(" ", 2)
                if move.kind == "trail":
                    assert card in complete(shell, "trail ") and card in complete(shell, "ablegen ")
                    continue
                word, items = rest[0], _items(rest[1]) if len(rest) > 1 else []
                if move.kind == "capture":
                    expected[card].update(("x", take, *items))
                    expected.setdefault(f"{card} x", set()).update(items)
                else:
                    expected[card].update(("b", build, word))
                    expected.setdefault(f"{card} b", set()).update(items)
                    expected.setdefault(f"{card} {word}", set()).update(items)
            for typed, offers in expected.items():
                assert set(complete(shell, f"{typed} ")) == offers, (puzzle.id, typed)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_build_word_is_not_completed_to_a_jack(tmp_path: Path, lang: str) -> None:
    """``b`` after a card that cannot take a jack offers the build's words and values, not the jacks on the table
    (German: Bube, typed B)."""
    with open_shell(tmp_path, lang) as shell:
        ui = shell.ui
        for puzzle in shell.catalog.puzzles:
            pos = puzzle.position
            card = next((c for c in pos.hands[pos.to_move] if c.rank != "J" and any(
                m.card == c and m.kind == "build" for m in pos.generate())), None)
            if card is not None and any(c.rank == "J" for c in pos.loose):
                break
        else:
            pytest.fail("no puzzle with a jack on the table and a build to make")
        dispatch(shell, f"puzzle {puzzle.id}")
        values = {ui.typed_move(pos.notation(m)).split()[1] for m in pos.generate() if m.card == card
                  and m.kind != "capture" and m.kind != "trail"}
        offered = complete(shell, f"{ui.typed_card(card)} b")
        assert set(offered) == {"b", *(["baue"] if lang == "de" else ["build"]), *values}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_builds_on_the_table_are_offered_in_brackets(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if any(m.builds for m in p.position.generate()
                                                                 if m.kind == "capture"))
        dispatch(shell, f"puzzle {puzzle.id}")
        pos = shell.activity.position  # type: ignore[union-attr]
        assert pos is not None and pos.builds
        ui = shell.ui
        played = next(m.card for m in pos.generate() if m.kind == "capture" and m.builds)
        card = ui.typed_card(played)
        taken = [b for b in pos.builds if any(b in m.builds for m in pos.generate() if m.card == played)]
        builds = {ui.typed_build(piles(b, pos.variant.value)) for b in taken}
        offered = set(complete(shell, f"{card} x "))
        assert builds <= offered
        assert all(b.startswith("[") and b.endswith("]") for b in builds)
        first = next(iter(builds))
        assert complete(shell, f"{card} x {first[:3]}") == sorted(b for b in builds if b.startswith(first[:3]))
        for b in taken:  # each offered text reads back as its build, in the learner's letters
            ref = parse_intent(f"{card} x {ui.typed_build(piles(b, pos.variant.value))}").builds[0]
            assert sorted(c for r in ref.cards for c in r.candidates(b.cards)) == sorted(b.cards)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_play_completes_every_word_in_the_learners_language_and_each_keys_values(tmp_path: Path, lang: str) -> None:
    """``play`` completed its first word alone, and in German offered the English ``round``, ``players=``,
    ``level=``; now each word, less what was chosen, with the values of ``level=`` and ``players=`` (the level's
    name as the learner reads it), and what is offered plays."""
    round_, players, level, seed = {"en": ("round", "players", "level", "seed"),
                                    "de": ("runde", "spieler", "stufe", "startwert")}[lang]
    with open_shell(tmp_path, lang) as shell:
        play = typed_command(shell, "play")
        first = complete(shell, f"{play} ")
        assert first[0] == round_ and {"classic", "royal", f"{players}=", f"{level}=", f"{seed}="} <= set(first)
        assert not {"round", "players=", "level=", "seed="} & set(first) or lang == "en"
        after = complete(shell, f"{play} {round_} royal ")
        assert after == [f"{players}=", f"{level}=", f"{seed}="]
        assert complete(shell, f"{play} {round_} royal {level}=x {seed}=1 ") == [f"{players}="]
        assert complete(shell, f"{play} {players}=") == [f"{players}=2", f"{players}=3", f"{players}=4"]
        levels = complete(shell, f"{play} {round_} {level}=")
        assert levels == [f"{level}={shell.ui.message(f'levels.{n}')}" for n in LEVELS]
        assert complete(shell, f"{play} build_d") == ["build_duty="]
        line = f"{play} {round_} {complete(shell, f'{play} {round_} roy')[0]} {levels[0]} {players}=3"
        dispatch(shell, line)  # the first level is "random", the quickest to play
        run = shell.activity
        settings = run.saved.game.settings if isinstance(run, GameRun) else None
        assert settings is not None and (settings.players, settings.level, settings.kind) == (3, "random", "round")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_explain_completes_a_whole_move_as_the_prompt_does(tmp_path: Path, lang: str) -> None:
    """``explain 7S `` completed nothing: only the card after ``explain`` was; now each word of the move, as a
    move typed alone is completed."""
    with open_shell(tmp_path, lang) as shell:
        explain = typed_command(shell, "explain")
        puzzle = next(p for p in shell.catalog.puzzles if any(m.kind == "capture" for m in p.position.generate()))
        dispatch(shell, f"puzzle {puzzle.id}")
        pos = shell.activity.position  # type: ignore[union-attr]
        assert pos is not None
        hand = [shell.ui.typed_card(c) for c in pos.hands[pos.to_move]]
        assert complete(shell, f"{explain} ") == [*hand, {"en": "trail", "de": "ablegen"}[lang]]
        for card in hand:
            for typed in (f"{card} ", f"{card} x ", f"{card} b "):
                assert complete(shell, f"{explain} {typed}") == complete(shell, typed), typed
        taker = next(m for m in pos.generate() if m.kind == "capture")
        assert complete(shell, f"{explain} {shell.ui.typed_card(taker.card)} "), "a capture's words are offered"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_item_typed_with_suit_glyphs_or_in_lower_case_is_not_offered_again(tmp_path: Path, lang: str) -> None:
    """``8♠ x 8♥ `` offered 8H again: the items typed were left out by their text alone, so a card typed as the
    screen shows it (a glyph), or a build typed so, was offered once more."""
    with open_shell(tmp_path, lang) as shell:
        ui = shell.ui
        puzzle = next(p for p in shell.catalog.puzzles if any(
            m.kind == "capture" and m.builds and m.loose for m in p.position.generate()))
        dispatch(shell, f"puzzle {puzzle.id}")
        pos = shell.activity.position  # type: ignore[union-attr]
        assert pos is not None
        move = next(m for m in pos.generate() if m.kind == "capture" and m.builds and m.loose)
        card, loose, build = ui.typed_card(move.card), move.loose[0], move.builds[0]
        loose_typed, build_typed = ui.typed_card(loose), ui.typed_build(piles(build, pos.variant.value))
        glyphs = "[" + " ".join("+".join(ui.card(c) for c in p) for p in piles(build, pos.variant.value)) + "]"
        assert any(suit in glyphs + ui.card(loose) for suit in "♠♥♦♣"), "as the screen shows them"
        for typed in (ui.card(loose), loose_typed.lower(), loose_typed):
            offered = complete(shell, f"{card} x {typed} ")
            assert loose_typed not in offered and build_typed in offered, typed
        for typed in (glyphs, build_typed.lower()):
            offered = complete(shell, f"{card} x {typed} ")
            assert build_typed not in offered and loose_typed in offered, typed


def test_a_german_word_completes_from_its_letters_typed_without_umlauts(tmp_path: Path) -> None:
    """``zue`` and ``loe`` completed nothing in German: the words are ``züge`` and ``lösung``."""
    with open_shell(tmp_path, "de") as shell:
        assert complete(shell, "zue") == ["züge"] and complete(shell, "loe") == ["lösung"]
        assert complete(shell, "ZÜ") == ["züge"] and complete(shell, "lerne erhoe") == ["erhöhen"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_lesson_step_that_asks_no_move_is_offered_no_cards(tmp_path: Path, lang: str) -> None:
    """At a why step (a rule to pick by its number), a question (a count) or a demo, Tab offered the hand's cards
    and the trail's word as if a move were asked, and a card typed there is no answer; an exercise offers them."""
    with open_shell(tmp_path, lang) as shell:
        lesson = shell.catalog.lessons[0]
        dispatch(shell, f"learn {lesson.id}")
        kinds: set[type] = set()
        run = shell.activity
        assert isinstance(run, LessonRun)
        while not run.done:
            step = run.step
            pos = getattr(step, "position", None)
            if pos is not None and not run.solved:
                hand = {shell.ui.typed_card(c) for c in pos.hands[pos.to_move]}
                offered = set(complete(shell, ""))
                asks = isinstance(step, ExerciseStep)
                assert bool(hand & offered) == asks and ({"trail", "ablegen"} & offered != set()) == asks, step
                kinds.add(type(step))
            dispatch(shell, right_answer(shell))
        assert {ExerciseStep, WhyStep} <= kinds


def test_a_puzzle_over_is_offered_no_cards(tmp_path: Path) -> None:
    """Once a puzzle is solved, a card typed is no answer ("This puzzle is finished"): Tab offered the cards still."""
    with open_shell(tmp_path) as shell:
        dispatch(shell, "puzzle")
        pos = shell.activity.position  # type: ignore[union-attr]
        assert pos is not None
        hand = {shell.ui.typed_card(c) for c in pos.hands[pos.to_move]}
        assert hand <= set(complete(shell, ""))
        dispatch(shell, right_answer(shell))
        assert not hand & set(complete(shell, "")) and "trail" not in complete(shell, "")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_games_import_and_export_complete_the_file(tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``games import <Tab>`` completed nothing, as a shell completes a file name (pgcli's ``\\i``)."""
    (tmp_path / "game-one.json").write_text("{}")
    (tmp_path / "gamut").mkdir()
    (tmp_path / "other.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    with open_shell(tmp_path / "home", lang) as shell:
        games = typed_command(shell, "games")
        completer = TutorCompleter(shell)

        def lines(text: str) -> set[str]:
            found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
            return {text[:len(text) + c.start_position] + c.text for c in found}

        assert lines(f"{games} import ga") == {f"{games} import game-one.json", f"{games} import gamut"}
        assert lines(f"{games} export 1 ot") == {f"{games} export 1 other.json"}
        assert lines(f"{games} import gamut/") == set() and lines(f"{games} ") == {f"{games} export", f"{games} import"}
        assert lines(f"{games} export ") == set(), "the game's number first"
        # a name begun in quotes, as 'games' reads it, completes too (it completed nothing)
        assert lines(f'{games} import "ga') == {f'{games} import "game-one.json', f'{games} import "gamut'}
        assert lines(f"{games} export 1 „ot") == {f"{games} export 1 „other.json"}


@pytest.mark.parametrize(("lang", "rules", "builds"), [("en", "rules", "builds"), ("de", "regeln", "bauten")])
def test_rules_completes_a_topic_or_a_preset_and_a_topic_after_a_preset(tmp_path: Path, lang: str, rules: str,
                                                                         builds: str) -> None:
    """``rules`` reads a preset too (``rules royal builds``): Tab offers the presets beside the topics, and the topics
    after a preset, nothing after a topic."""
    with open_shell(tmp_path, lang) as shell:
        assert complete(shell, f"{rules} ro") == ["royal", "royal-aces-high"]
        assert builds in complete(shell, f"{rules} ") and "royal" in complete(shell, f"{rules} ")
        assert complete(shell, f"{rules} royal {builds[:3]}") == [builds]
        assert complete(shell, f"{rules} {builds} ") == []
