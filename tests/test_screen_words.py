"""The editor's pass over the screens (issue 23): what a newcomer read wrong at 80 columns, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shell_helpers import open_shell, right_answer

from tutor.content import presets
from tutor.content.course import WhyStep
from tutor.core.cards import Card
from tutor.core.moves import InvalidMoveError
from tutor.loading import load_position
from tutor.render import Renderer
from tutor.render.chart import fit
from tutor.render.review import MarkView
from tutor.shell.commands import dispatch
from tutor.shell.lesson import LessonRun
from tutor.shell.registry import COMMANDS
from tutor.shell.variant_words import classic_changes, variant_label, variant_line, variant_summary


def test_a_why_step_shows_the_refused_move_as_the_learner_types_it(tmp_path: Path) -> None:
    """The question under the position wrote the move in English codes (7S x 7H) on a German screen."""
    with open_shell(tmp_path, "de") as shell:
        said = dispatch(shell, "lerne tisch").text
        while not (isinstance(shell.activity, LessonRun) and isinstance(shell.activity.step, WhyStep)):
            said = dispatch(shell, right_answer(shell)).text
        question = next(line for line in said.splitlines() if line.startswith("Jemand versucht"))
    assert "7P x 7H" in question and "7S" not in question


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_commands_help_does_not_begin_with_the_command_word(tmp_path: Path, lang: str) -> None:
    """``weiter`` / ``weiter: der nächste Schritt``, ``show`` / ``show the position``: a word said twice."""
    with open_shell(tmp_path, lang) as shell:
        for name in COMMANDS:
            head, about = dispatch(shell, f"help {name}").text.splitlines()[:2]
            assert head.split()[0].lower() != about.split()[0].strip(":").lower(), (head, about)


def test_a_german_game_in_the_list_keeps_its_first_line_within_80_columns(tmp_path: Path) -> None:
    """``Klassisches Cassino, 2 Spieler, gegen Zufallsspieler, eine Runde`` wrapped its last words alone."""
    with open_shell(tmp_path, "de") as shell:
        dispatch(shell, "spiele runde stufe=zufallsspieler startwert=1")
        dispatch(shell, "aufgeben ja")
        listing = dispatch(shell, "partien").text
    games = [line for line in listing.splitlines() if re.match(r"\s+1\s", line)]
    assert games and all(len(line) <= 80 for line in games), games
    assert "eine Runde" in listing


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_loss_range_whose_bounds_read_alike_is_not_written_as_a_range(lang: str) -> None:
    """``it lost 1.5 points (1.5 to 1.5 by the advisor's sampling …)`` said a range that shows none."""
    ui = Renderer(lang)

    def said(low: str, high: str) -> str:
        mark = MarkView(turn=3, played="J♦", kind="trail", grade="an inaccuracy or a mistake", loss=low,
                        better="3♣ b7 4♥", better_kind="build", value_played="-1", value_better="0.5", gains=(),
                        interval=(low, high), sure_sweep=False, lines=None, players=3)
        return ui.render("review", marks=[mark], marked=True, moves=1, counts=[], lost=low, margin="0.5", players=3,
                         least=["0.5", "1.5", "2.5"], praise="", after_hint="")

    to = " to " if lang == "en" else " bis "
    assert f"1.4{to}1.6" in said("1.4", "1.6")
    same = said("1.5", "1.5")
    assert f"1.5{to}1.5" not in same and ("too close to tell" in same or "zu knapp" in same)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_positions_queued_are_counted_in_digits_as_the_marks_are(lang: str) -> None:
    """``10 marked`` above ``Ten positions join your review queue``: one number, two ways."""
    assert " 10 " in Renderer(lang).message("review.added_puzzles", n=10)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_several_answers_are_not_called_the_answer(lang: str) -> None:
    """``The answer: 9♣, 4♥, J♦, 7♠.`` read as one answer of four cards."""
    ui = Renderer(lang)
    one, many = (ui.message("shell.solution_moves", moves=moves) for moves in (["9♣"], ["9♣", "4♥"]))
    assert one.split(":")[0] != many.split(":")[0]
    assert ui.message("shell.hint_puzzle_missed", moves=["9♣", "4♥"]).count(many.split(":")[0]) == 1


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_no_sentence_of_a_variant_summary_has_two_colons(lang: str, players: int) -> None:
    """``What differs from Classic Cassino: card values: jack 11, …`` and ``Anders als im klassischen Cassino:
    „Kartenwerte: Bube 11 …“`` (point 16; quoted, still two colons): every preset with an option set on top, for a
    match and for one round, in full and brief. The line above a puzzle's task in a variant too: ``Scoring differs
    from Classic Cassino: sweeps: 2 points each; …`` (sweep-michigan-1-4), for each preset alone and with the
    option."""
    ui = Renderer(lang)
    for name in presets.preset_names():
        variant = presets.variant(name).with_options(target=7)
        said = [variant_line(ui, presets.variant(name)), variant_line(ui, variant)]
        for one_round, brief in ((False, False), (True, False), (False, True)):
            said.append(variant_summary(ui, variant, players, one_round, brief))
        for text in said:
            for sentence in re.split(r"(?<=[.])\s+", text):
                assert sentence.count(":") <= 1, (name, sentence)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_variant_named_with_several_options_has_one_colon(lang: str) -> None:
    """``Royal Cassino (match: to 11 points; claiming the target: allowed)`` (the games list, the toolbar, the
    line that resumes a game): two colons in one name. Several options are listed as the summary at a game's start
    lists them, after one colon; one option keeps its form in brackets."""
    ui = Renderer(lang)
    for name in presets.preset_names():
        variant = presets.variant(name).with_options(target=7, claim=True)
        said = variant_label(ui, variant)
        assert said.count(":") == 1, said
        for option in ("target", "claim"):
            assert ui.message(f"options.{option}") in said, said
        sentence = re.split(r"(?<=[.])\s+", variant_line(ui, variant))[0]
        assert sentence.count(":") <= 1, sentence
    one = presets.variant().with_options(target=11)
    assert variant_label(ui, one) == {"en": "Classic Cassino (match: to 11 points)",
                                      "de": "Klassisches Cassino (Partie: bis 11 Punkte)"}[lang]
    two = presets.variant("royal").with_options(target=11, claim=True)
    assert variant_label(ui, two) == {
        "en": "Royal Cassino with changes: match (to 11 points) and claiming the target (allowed)",
        "de": "Royal-Cassino mit Änderungen: Partie (bis 11 Punkte) und Ziel ansagen (erlaubt)"}[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_games_list_wraps_a_long_variant_under_itself(tmp_path: Path, lang: str) -> None:
    """Royal with a target and claiming: "  1  5 Dec 2026  Royal Cassino with changes: match (to 11 points) and
    claiming" ran past 80 columns and went on at column 4 ("    the target (allowed)"), left of the game's other
    lines at 5. The variant goes on a line of its own below the number and date, wrapped under itself; a short one
    stays beside them."""
    ui = Renderer(lang)
    play, games = ("play", "games") if lang == "en" else ("spiele", "partien")
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{play} round classic seed=1")
        dispatch(shell, "resign yes" if lang == "en" else "aufgeben ja")
        dispatch(shell, f"{play} royal target=11 claim=true seed=1")
        lines = fit(dispatch(shell, games).text, 80).splitlines()
    rows = [i for i, line in enumerate(lines) if re.match(r"  [12]  ", line)]
    assert len(rows) == 2, lines
    long = variant_label(ui, presets.variant("royal").with_options(target=11, claim=True))
    assert re.fullmatch(r"  2  \S.*\S", lines[rows[0]]) and long.split()[0] not in lines[rows[0]], lines
    assert lines[rows[0] + 1].startswith("     " + long.split()[0]) and lines[rows[0] + 2].startswith("       "), lines
    assert " ".join(" ".join(lines[rows[0] + 1:rows[0] + 3]).split()) == long, lines
    assert lines[rows[1]].endswith("  " + ui.message("presets.classic")), lines  # a short name beside its date
    assert all(len(line) <= 80 for line in lines[rows[0]:]), lines  # the path above is one word


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_option_that_changes_nothing_is_not_said_to_change_the_game(tmp_path: Path, lang: str) -> None:
    """``play round aces_high=true`` on Classic said "What differs from Classic Cassino: aces: an ace played from
    the hand may count 14", which the engine does not do without royal values (rules 1); with them it does."""
    ui = Renderer(lang)
    ace = ui.message("options.aces_high=true")
    with open_shell(tmp_path, lang) as shell:
        said = dispatch(shell, "play round aces_high=true seed=3" if lang == "en"
                        else "spiele runde aces_high=true startwert=3").text
        assert ace in said and f"{ace}, {ui.message('names.no_effect')}" in said.replace("\n", " ")
        assert not [line for line in said.splitlines() if line.startswith(("What differs", "Anders als"))]
        dispatch(shell, "resign" if lang == "en" else "aufgeben")
        dispatch(shell, "yes" if lang == "en" else "ja")
        said = dispatch(shell, "play round royal aces_high=true seed=3" if lang == "en"
                        else "spiele runde royal aces_high=true startwert=3").text
    assert ui.message("names.no_effect") not in said.replace("\n", " ")
    summary = " ".join(said.splitlines()[[i for i, line in enumerate(said.splitlines())
                                          if line.startswith(("What differs", "Anders als"))][0]:])
    assert ace.split()[-1] in summary


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("preset", ["", "royal "])
def test_a_games_first_lines_name_an_option_set_on_its_preset_once(tmp_path: Path, lang: str, preset: str) -> None:
    """``play target=3`` said "match: to 3 points" twice: in the first line, after the variant's name, and in what
    the variant changes from Classic just below it. The summary names it; the first line names the preset. A
    one-round game has no target: neither line names it (test_play_shell, the options of a match)."""
    ui = Renderer(lang)
    target = ui.message("options.target=n", n=3)  # "to 3 points": the first line's "match: …", the summary's "(…)"
    play = "play" if lang == "en" else "spiele"
    with open_shell(tmp_path, lang) as shell:
        said = dispatch(shell, f"{play} {preset}target=3 seed=1").text.replace("\n", " ")
        assert said.count(target) == 1, said
        name = ui.message(f"presets.{preset.strip() or 'classic'}")
        assert f"{name}:" in said or f"{name}, " in said, said  # the name alone, "(…)" no more
        dispatch(shell, "resign yes" if lang == "en" else "aufgeben ja")
        said = dispatch(shell, f"{play} {'round' if lang == 'en' else 'runde'} {preset}target=3 seed=1").text
    assert said.startswith(("A new one-round game", "Eine neue Runde")), said  # not "your game is not finished"
    assert target not in said.replace("\n", " "), said


def test_a_preset_in_help_play_names_only_cards_its_deck_holds() -> None:
    """``italian …: deck: 40 cards, without the 8s, 9s and 10s; … point cards: 10♦ 2 points``: no such card."""
    ui = Renderer("en", symbols=False)
    for name in presets.preset_names():
        variant = presets.variant(name)
        said = " ".join(f"{o.name}: {o.value}" for o in classic_changes(ui, variant))
        for code in re.findall(r"\b(?:10|[2-9AJQK])[SHDC]\b", said):
            assert Card.from_str(code) in variant.deck_cards, (name, code, said)
    assert "point cards" in " ".join(o.name for o in classic_changes(ui, presets.variant("italian")))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_advise_header_has_one_colon(lang: str) -> None:
    """``… from what Player 1 can know: 16 deals of the unseen cards, seed 0:``: two colons in one sentence."""
    said = Renderer(lang).message("advise.header", level="expert", seat="Player 1", open=False, worlds=16, seed=0)
    assert said.count(":") == 1, said


@pytest.mark.parametrize(("lang", "typed"), [("en", "“7S x 3H+4D”"), ("de", "„7P x 3H+4Ka“")])
def test_a_typos_example_is_written_as_the_learner_types_it(lang: str, typed: str) -> None:
    """``zum Beispiel 7♠ x 3♥+4♦`` under a typo, where the prompt says ``zum Beispiel „7P x 7Ka“``."""
    pos = load_position("hands: [[7S, 2C], 2]\ntable: [3H, 4D]\n", "p.yaml")
    with pytest.raises(InvalidMoveError) as err:
        pos.parse_move("zz9")
    assert Renderer(lang).invalid(err.value).endswith(f" {typed}.")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_lines_totals_never_set_a_players_number_beside_the_points(lang: str) -> None:
    """``Round points: you 9, Player 2 2``: the 2 of the name ran into the 2 points."""
    said = Renderer(lang).message("review.line_totals", totals=[("you", 9), ("Player 2", 2)])
    assert "Player 2 2" not in said and "2" in said.replace("Player 2", "")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_negative_number_of_points_has_a_true_minus_sign_as_the_score_has(lang: str) -> None:
    """A Michigan line's totals (``-29 for you``) and a rating that fell (``800 → 626 (-174)``) had a hyphen, where
    the score and the round's items beside them write ``−36``."""
    ui = Renderer(lang)
    totals = ui.message("review.line_totals", totals=[("you", -29), ("Player 2", 3)])
    fell, rose = (ui.message("shell.rating_change", before=800, after=800 + n, change=n) for n in (-174, 96))
    assert "−29" in totals and "-29" not in totals and "−" not in totals.replace("−29", "")
    assert fell.endswith("(−174).") and rose.endswith("(+96).")


@pytest.mark.parametrize(("lang", "command"), [("en", "lessons"), ("de", "lektionen")])
def test_the_lessons_footer_fills_its_lines_to_80_columns(tmp_path: Path, lang: str, command: str) -> None:
    """The German footer broke its first line after 62 characters, where the English one runs to 72: no line of
    the explanation under the list ends where the next line's first two words would still fit in 80 columns (one
    may move down, to keep a word from standing alone), and its last line, what to type, stands alone."""
    with open_shell(tmp_path, lang) as shell:
        text = dispatch(shell, command).text
    lines = text.splitlines()
    footer = lines[max(i for i, line in enumerate(lines) if line.startswith("  ")) + 1:]
    assert footer and all(len(line) <= 80 for line in footer), footer
    explanation = footer[:-1]
    assert len(explanation) <= 1 or len(explanation[0]) > 70, explanation
    for line, below in zip(explanation, explanation[1:]):
        assert len(line) + len(" ".join(["", *below.split()[:2]])) > 80, (line, below)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lessons_that_open_more_puzzles_are_listed_with_and(tmp_path: Path, lang: str) -> None:
    """``puzzle royal`` for a new learner said "More come with the lessons “Royal Cassino”, “Aces high”": the
    lessons are listed as any list is, the last after "and" ("und")."""
    with open_shell(tmp_path, lang) as shell:
        said = dispatch(shell, "puzzle royal" if lang == "en" else "aufgabe royal").text
    assert {"en": "the lessons “Royal Cassino” and “Aces high”: type “learn royal”",
            "de": "den Lektionen „Royal-Cassino“ und „Hohe Asse“: Tippe „lerne royal“"}[lang] in said, said
    three = Renderer(lang).message("shell.puzzle_needs_lessons", lessons=["A", "B", "C"], first="a")
    assert {"en": "“A”, “B” and “C”", "de": "„A“, „B“ und „C“"}[lang] in three, three
