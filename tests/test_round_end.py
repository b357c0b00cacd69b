"""Screens that fit 80×24 and say what can be played: the end of a round (the score and the result first, a line
for each marked move, the full review one command away), ``help play``'s presets and levels, and what a game's
variant changes from Classic Cassino, said at its start."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path

import pytest
from shell_helpers import Clock, game_run

from tutor.cli.main import main
from tutor.content import presets
from tutor.content.course import Catalog
from tutor.core.round import MatchResult
from tutor.core.scoring import majority_ties, score_round
from tutor.loading import load_catalog
from tutor.play.players import LEVELS
from tutor.play.table_game import Settings, TableGame
from tutor.render import Renderer
from tutor.render.chart import fit
from tutor.render.review import BRIEF_MARKS
from tutor.render.views import score_rows
from tutor.sheets import rules_text
from tutor.sheets.content import TOPICS
from tutor.sheets.document import dealt_point_cards, option_view
from tutor.shell.commands import dispatch
from tutor.shell.game_text import result_text, round_over_text
from tutor.shell.pager import needs_paging
from tutor.shell.play import GameRun
from tutor.shell.registry import COMMANDS, lookup, typed_command
from tutor.shell.state import Shell
from tutor.shell.variant_words import changed_topics, variant_summary
from tutor.storage import Progress
from tutor.storage.game_store import GameSummary
from tutor.storage.games import SavedGame

ROWS = 24 - 3
"""Rows a reply has on a 24-row terminal: the typed line above it, the prompt line and the toolbar below it."""


@pytest.fixture(autouse=True)
def one_world(monkeypatch: pytest.MonkeyPatch) -> None:
    """One world a move keeps each round's review cheap (and its marks many, as a noisy review's are)."""
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 1)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    """The course, read once for the module (reading it is most of a shell's cost)."""
    return load_catalog()


@contextmanager
def shell_on(home: Path, catalog: Catalog, lang: str = "en") -> Iterator[Shell]:
    with Progress.open(home / "progress.sqlite3") as progress:
        shell = Shell(catalog, progress, lang, clock=Clock())
        try:
            yield shell
        finally:
            shell.activity = None  # as when the learner leaves: a game's review worker ends


def to_round_end(shell: Shell) -> str:
    """The learner plays its first legal move until the round ends; the last reply, as 80 columns show it."""
    said = ""
    while not game_run(shell).game.round_over:
        pos = game_run(shell).position
        said = dispatch(shell, pos.notation(pos.generate()[0])).text
    return fit(said, 80)


CASES = [(preset, players, ("en", "de")[i % 2], ("round", "match")[i // 2 % 2])
         for i, (preset, players) in enumerate((p, n) for p in presets.preset_names() for n in (2, 3, 4))]
"""Every preset with 2, 3 and 4 players, in both languages, one-round games and matches."""


@pytest.mark.parametrize(("preset", "players", "lang", "kind"), CASES)
def test_the_end_of_a_round_fits_24_rows_with_the_score_and_result_first_and_a_line_a_mark(
        tmp_path: Path, catalog: Catalog, preset: str, players: int, lang: str, kind: str) -> None:
    with shell_on(tmp_path, catalog, lang) as shell:
        dispatch(shell, f"play {kind} {preset} players={players} level=greedy seed=2")
        said = to_round_end(shell)
        run = game_run(shell)
        assert run.reviewed is not None
        marks = run.reviewed[1].marks
        lines = said.split("\n")
        assert len(lines) <= ROWS, said
        game = run.game
        total = next(i for i, line in enumerate(lines) if line.startswith(("Total:", "Gesamt:")))
        outcome = (run.result_text(scored_above=True) if game.over else run.standing()).split("\n")[0]
        assert lines[total + 1] == outcome  # the result (or the match's standing) right under the score
        mark_lines = [line for line in lines if line.startswith(("  Move ", "  Zug "))]
        assert len(mark_lines) == min(len(marks), BRIEF_MARKS)  # a line a mark, the costliest when there are many
        assert ("analysis" if lang == "en" else "besprechung") in said or not marks
        assert not any(line.startswith(("  Better:", "  Besser:")) for line in lines)  # the reasons: "analysis"


DRAWN = {"en": (" draws a card.", " draw a card."), "de": (" zieht eine Karte.", " ziehst eine Karte.")}
"""A language's words that end the line of a move after which its player (another, the learner) draws a card."""


OPENING_SEEDS = {"random": (1, 2, 3, 4, 8), "greedy": (1, 2, 3, 4), "club": (1, 2, 3, 4, 5), "expert": (1,)}
"""The seeds each level opens games with in the wide check below: the expert, slow to move, with fewer.  Random's
seed 8 and club's 5 open four-player Michigan games of 23 and 24 rows in German when said in full (Michigan's five
changes, breaches of the build duty): they are said more briefly (tutor/shell/game_text.py, SCREEN_ROWS)."""
TALL_SEEDS = {"random": (1, 8), "greedy": (1,), "club": (5,)}
"""The suite's own seeds: the quick levels, and the seeds whose four-player openings were tall (the expert's openings,
a few seconds each with four players, are in the wide check)."""


def tall_openings(tmp_path: Path, catalog: Catalog, lang: str, players: int, seeds: dict[str, tuple[int, ...]]
                  ) -> list[tuple[str, int]]:
    """The game openings, with their rows, that a 24-row terminal would page: every preset, one-round games and
    matches, each level at its ``seeds``."""
    play, count, level, one_round, resign = (
        ("play", "players", "level", "round", "resign yes") if lang == "en" else
        ("spiele", "spieler", "stufe", "runde", "aufgeben ja"))
    tall = []
    with shell_on(tmp_path, catalog, lang) as shell:
        for preset in presets.preset_names():
            for kind in (one_round, ""):
                for name, levels_seeds in seeds.items():
                    for seed in levels_seeds:
                        word = shell.ui.message(f"levels.{name}").lower()
                        line = f"{play} {kind} {preset} {count}={players} {level}={word} seed={seed}"
                        said = fit(dispatch(shell, line).text, 80)
                        assert isinstance(shell.activity, GameRun), said
                        if needs_paging(said, 24, terminal=True):
                            tall.append((line, said.count("\n") + 1))
                        dispatch(shell, resign)
    return tall


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_of_a_game_fits_24_rows_unpaged(tmp_path: Path, catalog: Catalog, lang: str, players: int) -> None:
    """The first screen of a game, up to the learner's first move, is not paged on a 24-row terminal (a pager quit
    early would hide the table and the prompt): every preset, 2, 3 and 4 players, every level, one-round games and
    matches.  With four players, three moves come before the learner's, each with a breach of Michigan's build
    duty at the random level (their lines made the German screens 27 rows)."""
    assert tall_openings(tmp_path, catalog, lang, players, TALL_SEEDS) == []


@pytest.mark.slow
@pytest.mark.wide
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_of_a_game_fits_24_rows_on_more_seeds(tmp_path: Path, catalog: Catalog, lang: str,
                                                        players: int) -> None:
    assert tall_openings(tmp_path, catalog, lang, players, OPENING_SEEDS) == []


@pytest.mark.parametrize(("lang", "line", "brief"), [
    ("en", "play royal seed=1", ""),
    ("de", "spiele royal startwert=1", ""),
    ("en", "play michigan-5 players=4 level=random seed=8", "Type “rules” to read more."),
    ("de", "spiele michigan-5 spieler=4 stufe=random startwert=8", "Tippe „regeln“, um mehr zu lesen."),
])
def test_a_tall_first_screen_leaves_the_topics_first_then_more_to_help(tmp_path: Path, catalog: Catalog, lang: str,
                                                                      line: str, brief: str) -> None:
    """A first screen that fits says it all: the level, the commands, the topics that differ; one that would be
    taller leaves the topics to ``rules``, then the level's description to ``help play``, then the commands to
    ``help``, and still names every option its variant changes."""
    with shell_on(tmp_path, catalog, lang) as shell:
        said = dispatch(shell, line).text
        run = game_run(shell)
    settings, ui = run.game.settings, Renderer(lang)
    full = variant_summary(ui, settings.variant, settings.players, settings.kind == "round")
    fitted = fit(said, 80)
    assert not needs_paging(fitted, 24, terminal=True), fitted
    assert full.split(". ")[0] in said  # what differs, before the topics
    if not brief:
        assert full in said and ui.message(f"levels.{settings.level}_about", players=settings.players) in said
        return
    assert full not in said and brief in said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_turn_of_a_four_player_draw_round_fits_24_rows_its_draws_in_the_moves_lines(
        tmp_path: Path, catalog: Catalog, lang: str) -> None:
    """Four players in Draw Cassino: the reply to each move (the learner's, three others', each with the card drawn
    after it, the table; a learner who builds when it can, as the table then grows) fits 80×24, so it is not paged:
    the card drawn is said in the line of the move it follows, not in a line of its own."""
    others, mine = DRAWN[lang]
    turns = full = 0
    for seed in range(3):
        rng = random.Random(seed)
        with shell_on(tmp_path / str(seed), catalog, lang) as shell:
            dispatch(shell, f"play round draw players=4 level=club seed={seed}")
            run = game_run(shell)
            while not run.game.round_over:
                pos = run.position
                moves = pos.generate()
                built = [m for m in moves if m.kind in ("build", "raise", "add")]
                reply = dispatch(shell, run.ui.typed_move(pos.notation(rng.choice(built or moves)))).text
                said = fit(reply, 80)
                if run.game.round_over:
                    break  # the round's end: its own test
                lines = said.split("\n")
                assert len(lines) <= ROWS, said
                turns += 1
                narrated = reply.split("\n\n")[0].split("\n")
                full += len(narrated) == 4 and narrated[0].endswith(mine) and all(m.endswith(others) for m in narrated[1:])
    assert turns > 20 and full > 10, (turns, full)


SCREEN_SEEDS = (1, 2, 3)
"""The seeds of the games whose every screen is measured below: the odd ones one-round games, the even ones matches.
Before the screens were said more briefly, seeds 1 and 3 played four-player Michigan rounds whose moves' screens
and ends were 23 to 26 rows (each move's breach of the build duty two or three lines, and the round's end its
score, the cards left on the table, three marked moves)."""


def tall_screens(tmp_path: Path, catalog: Catalog, lang: str, players: int) -> list[tuple[str, str, int]]:
    """The screens of games at the random level (whose moves breach Michigan's build duty most), every preset, each
    game played to its first round's end by a learner who plays a random legal move, that a 24-row terminal would
    page (or cut off, as a pager that quits at once on a screen of 24 rows would, the prompt and the toolbar below
    it): the game's command or move, which screen it is (its first, a move's, the round's end, the next round's
    first), and its rows."""
    play, count, level, one_round, seed_word, then, resign = (
        ("play", "players", "level", "round", "seed", "next", "resign yes") if lang == "en" else
        ("spiele", "spieler", "stufe", "runde", "startwert", "weiter", "aufgeben ja"))
    tall = []
    with shell_on(tmp_path, catalog, lang) as shell:
        for preset in presets.preset_names():
            for seed in SCREEN_SEEDS:
                rng = random.Random(seed)
                kind = one_round if seed % 2 else ""
                random_level = shell.ui.message("levels.random").lower()
                line = f"{play} {kind} {preset} {count}={players} {level}={random_level} {seed_word}={seed}"
                screens = [(line, "first", dispatch(shell, line).text)]
                run = game_run(shell)
                while not run.game.round_over:
                    pos = run.position
                    typed = run.ui.typed_move(pos.notation(rng.choice(pos.generate())))
                    said = dispatch(shell, typed).text
                    screens.append((f"{line}: {typed}", "end" if run.game.round_over else "move", said))
                if not run.game.over:
                    screens.append((f"{line}: {then}", "next", dispatch(shell, then).text))
                dispatch(shell, resign)
                tall += [(where, which, fitted.count("\n") + 1) for where, which, said in screens
                         if needs_paging(fitted := fit(said, 80), 24, terminal=True)]
    return tall


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_screen_of_a_game_fits_24_rows_unpaged(tmp_path: Path, catalog: Catalog, lang: str,
                                                     players: int) -> None:
    """A game's first screen, each move's, the round's end and the next round's first fit 80×24 unpaged, with the
    prompt and the toolbar under them: every preset, 2, 3 and 4 players, both languages.  A screen that would be
    taller is said more briefly (tutor/shell/game_text.py, SCREEN_ROWS), and still shows the table, the learner's
    hand, whose turn it is and the score."""
    assert tall_screens(tmp_path, catalog, lang, players) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_games_command_outside_a_game_offers_resume_only_when_a_game_waits(tmp_path: Path, catalog: Catalog,
                                                                            lang: str) -> None:
    """A learner who left a finished game for a puzzle typed "analysis" and was told to type "resume", which
    said no game was waiting."""
    with shell_on(tmp_path, catalog, lang) as shell:
        word, again = ("analysis", "resume") if lang == "en" else ("besprechung", "fortsetzen")
        said = dispatch(shell, word).text
        assert again not in said and dispatch(shell, again).text == shell.ui.message("play.nothing_to_resume")
        dispatch(shell, "play round royal level=greedy seed=2")
        dispatch(shell, "puzzle" if lang == "en" else "aufgabe")  # the game is left, unfinished: it waits
        assert f"“{again}”" in dispatch(shell, word).text or f"„{again}“" in dispatch(shell, word).text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_analysis_shows_the_round_in_full_each_mark_with_its_reasons(tmp_path: Path, catalog: Catalog,
                                                                     lang: str) -> None:
    with shell_on(tmp_path, catalog, lang) as shell:
        word = "analysis" if lang == "en" else "besprechung"
        assert dispatch(shell, word).text == shell.ui.message("play.no_game_open", command=word, waiting=False)
        dispatch(shell, "play round royal level=greedy seed=2")
        assert dispatch(shell, word).text == shell.ui.message("play.no_round_over")
        to_round_end(shell)
        run = game_run(shell)
        assert run.reviewed is not None
        number, review = run.reviewed
        full = dispatch(shell, word).text
        assert len(review.marks) > BRIEF_MARKS  # more than the round's end lists: every one is here
        head = "Your move {}:" if lang == "en" else "Dein {}. Zug"
        assert all(head.format(m.review.turn) in full for m in review.marks), full
        assert full.count("Better:" if lang == "en" else "Besser:") == len(review.marks)
        run.reviewed = None  # as after a resume: made again, the same
        assert dispatch(shell, word).text == full


def test_a_sides_aces_share_one_row_and_every_point_is_kept(tmp_path: Path, catalog: Catalog) -> None:
    with shell_on(tmp_path, catalog) as shell:
        dispatch(shell, "play round players=3 level=greedy seed=5")
        to_round_end(shell)
        end = game_run(shell).game.position
        score = score_round(end)
        rows = score_rows(score.items)
        assert [sum(r.points for r in rows if r.side == side) for side in range(3)] == list(score.totals)
        aces = [i.detail for i in score.items if i.code == "point_card" and str(i.detail).startswith("A")]
        grouped = [c for r in rows if r.code == "aces" and isinstance(r.detail, tuple) for c in r.detail]
        assert sorted(map(str, grouped)) == sorted(map(str, aces))
        assert len({r.side for r in rows if r.code == "aces"}) == sum(1 for r in rows if r.code == "aces")


# ---- what can be played -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_play_lists_each_preset_with_what_it_changes_and_the_levels(tmp_path: Path, catalog: Catalog,
                                                                        lang: str) -> None:
    with shell_on(tmp_path, catalog, lang) as shell:
        said = dispatch(shell, "help play").text
    ui = Renderer(lang)
    rows = {line.split()[0]: line for line in said.split("\n") if line.startswith("  ") and "(" in line
            and line.split()[0] in presets.preset_names()}
    assert list(rows) == presets.preset_names()
    classic = presets.variant().options()
    for name, line in rows.items():
        options = presets.variant(name).options()
        changed = [k for k, v in options.items() if v != classic[k]  # the most spades where the spades score: gone,
                   and not (k == "most_spades" and options["spade_points"])]  # as the spades' own words say
        assert bool(changed) == (name != "classic")
        for key in changed:  # every option that differs, in words; none that does not
            shown = dealt_point_cards(presets.variant(name)) if key == "point_cards" else options[key]  # as dealt
            view = option_view(ui, key, shown)
            assert f"{view.name}: {view.value}" in line, (name, line)
        named = [k for k in classic if f"{ui.message(f'options.{k}')}: " in line]
        assert set(named) <= set(changed) | {"most_cards"} and set(changed) <= set(named)
    assert "jack 11, queen 12, king 13" in rows["royal"] or "Bube 11, Dame 12, König 13" in rows["royal"]
    for level in LEVELS:
        assert f"  {ui.message(f'levels.{level}')}: {ui.message(f'levels.{level}_about', players=2)}" in said


READ_MORE = {"en": re.compile(r"Type ((?:“[^”]+”, )*(?:“[^”]+” or )?“[^”]+”) to read more\.$"),
             "de": re.compile(r"Tippe ((?:„[^“]+“, )*(?:„[^“]+“ oder )?„[^“]+“), um mehr zu lesen\.$")}
"""A variant summary's pointer to the rules: the commands to type, each quoted (``rules`` alone, or with a
topic)."""


def commands_named(summary: str, lang: str) -> list[str]:
    """The commands a variant summary says to type to read more (none when it names none)."""
    found = READ_MORE[lang].search(summary)
    return re.findall(r"[“„]([^”“]+)[”“]", found[1]) if found else []


def topics_named(summary: str, lang: str) -> list[str]:
    """The ``rules`` topics a variant summary names (none when it names none)."""
    return [typed.split(" ", 1)[1] for typed in commands_named(summary, lang) if " " in typed]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_in_a_variant_starts_with_what_differs_from_classic_and_where_to_read_more(
        tmp_path: Path, catalog: Catalog, lang: str) -> None:
    ui = Renderer(lang)
    with shell_on(tmp_path, catalog, lang) as shell:
        said = dispatch(shell, "play round royal players=4 level=greedy seed=3").text
        dispatch(shell, "resign yes")
        plain = dispatch(shell, "play round players=4 level=greedy seed=3").text
    head = "What differs from Classic Cassino" if lang == "en" else "Anders als im klassischen Cassino"
    assert head not in plain
    summary = next(line for line in said.split("\n") if line.startswith(head))
    view = option_view(ui, "values", "royal")
    assert f"{view.name} ({view.value})" in summary
    topics = topics_named(summary, lang)
    assert ("cards" if lang == "en" else "karten") in topics
    royal, classic = presets.variant("royal"), presets.variant()
    for topic in topics:  # each topic named says something else in Royal Cassino than in Classic
        assert rules_text(royal, 4, lang, topic) != rules_text(classic, 4, lang, topic)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("preset", "players"), [("royal", 4), ("italian", 2), ("michigan", 3)])
def test_the_commands_a_games_summary_says_to_type_are_the_shells_and_show_their_topics(
        tmp_path: Path, catalog: Catalog, lang: str, preset: str, players: int) -> None:
    """The summary ended "See “rules”: moves or controller.", leaving the learner to make the command up; it names
    each command to type, and each is the shell's ``rules`` in the learner's language (its registry's word) and
    shows that topic of the game's rules when typed, as ``rules`` alone, which the summary names when brief, shows
    their list."""
    ui, variant = Renderer(lang), presets.variant(preset)
    with shell_on(tmp_path, catalog, lang) as shell:
        dispatch(shell, f"play round {preset} players={players} level=random seed=1")
        typed = commands_named(variant_summary(ui, variant, players, one_round=True), lang)
        brief = commands_named(variant_summary(ui, variant, players, one_round=True, brief=True), lang)
        word = typed_command(shell, "rules")
        assert len(typed) == len(changed_topics(variant, players, one_round=True)) > 1 and brief == [word]
        for line in [*typed, *brief]:
            said, topic = line.split(" ", 1) if " " in line else (line, None)
            assert said == word and lookup(said) is COMMANDS["rules"]
            shown = rules_text(variant, players, lang, topic)
            assert shown is not None and dispatch(shell, line).text == shown, line


BRIEF = {"en": (re.compile(r"^(\d+) moves? reviewed, (\d+) marked, (-?[\d.]+) points? lost"),
                re.compile(r"^  Move (\d+): .+, lost (-?[\d.]+); better: (.+)$"),
                re.compile(r"^Your move (\d+): .* it lost (-?[\d.]+) points?")),
         "de": (re.compile(r"^(\d+) (?:Zug|Züge) besprochen, (\d+) markiert, (-?[\d,]+) Punkte verloren"),
                re.compile(r"^  Zug (\d+): .+, (-?[\d,]+) verloren; besser: (.+)$"),
                re.compile(r"^Dein (\d+)\. Zug: .* (-?[\d,]+) Punkte? verloren"))}
"""A language's head line of the short review, its line for a mark, and the full review's head line of a mark."""


def number(shown: str) -> Decimal:
    return Decimal(shown.replace(",", "."))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_short_review_says_what_the_full_one_says_of_the_moves_that_lost_most(
        tmp_path: Path, catalog: Catalog, lang: str) -> None:
    """Each line of the round's end names a marked move with the loss and the better move the full review gives it;
    those listed lost at least as much as those left to ``analysis`` (as it shows the losses); the head's counts are
    the review's, its total the sum of the losses the full review shows."""
    head, line, full_head = BRIEF[lang]
    with shell_on(tmp_path, catalog, lang) as shell:
        dispatch(shell, "play round royal level=greedy seed=2")
        end = to_round_end(shell).replace("\n    ", " ").split("\n")  # a mark's line joined again
        run = game_run(shell)
        assert run.reviewed is not None
        review = run.reviewed[1]
        full = dispatch(shell, "analysis").text.split("\n")
    shown = {int(m[1]): number(m[2]) for m in map(full_head.match, full) if m}  # each mark's loss, by its turn
    better = [l.split(": ", 1)[1].split(" (")[0] for l in full if l.startswith(("  Better: ", "  Besser: "))]
    assert sorted(shown) == sorted(m.review.turn for m in review.marks) and len(better) == len(shown)
    [counts] = [m for m in map(head.match, end) if m]
    assert (int(counts[1]), int(counts[2])) == (len(review.moves), len(review.marks))
    assert number(counts[3]) == sum(shown.values())
    listed = [m for m in map(line.match, end) if m]
    assert len(listed) == min(BRIEF_MARKS, len(review.marks)) < len(review.marks)
    better_of = dict(zip(shown, better))
    for m in listed:
        assert number(m[2]) == shown[int(m[1])] and m[3] == better_of[int(m[1])], m[0]
    turns = {int(x[1]) for x in listed}
    left = [loss for turn, loss in shown.items() if turn not in turns]
    assert left and max(left) <= min(shown[turn] for turn in turns)  # "… more that cost no more than these"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cards_left_at_a_rounds_end_are_said_to_go_to_whoever_took_last(
        tmp_path: Path, catalog: Catalog, lang: str) -> None:
    """Recomputed from the moves alone: whoever captured last, and the cards no move took (nobody captured: no
    line; said briefly, how many they are), in random rounds of every preset and player count."""
    said_any = 0
    with shell_on(tmp_path, catalog, lang) as shell:
        ui = shell.ui
        for i, (preset, players) in enumerate((p, n) for p in presets.preset_names() for n in (2, 3, 4)):
            game = TableGame(Settings(presets.variant(preset), players, "greedy", i))
            game.begin_round()
            rng = random.Random(i)
            while not game.round_over:
                game.push(rng.choice(game.position.generate()))
            plies, end = game.current.plies, game.position
            takers = [p.seat for p in plies if p.move.kind == "capture"]
            taken = [c for p in plies if p.move.kind == "capture" for c in (p.move.card, *p.move.captured_cards())]
            held = [*(c for hand in end.hands for c in hand), *(end.stock or [])]
            left = sorted(set(end.variant.deck_cards) - set(taken) - set(held))
            run = GameRun(shell, SavedGame.new(game, shell.clock()))
            said = run.residue()
            if not takers or not left:
                assert said == run.residue(brief=True) == "", (preset, players)
                continue
            me = game.learner
            who = {"me": takers[-1] == me, "who": ui.player_name(end, me, takers[-1]), "count": len(left)}
            words = ui.message("play.residue", cards="@", **who)
            before, after = words.split("@")
            assert said.startswith(before) and said.endswith(after), (said, words)
            assert sorted(said[len(before):len(said) - len(after)].split(" ")) == sorted(ui.card(c) for c in left)
            assert run.residue(brief=True) == ui.message("play.residue", cards="", **who)  # counted, not named
            said_any += 1
    assert said_any > 10


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Player 2 took last and so takes the card left on the table (7♣).",
     "You took last and so take the cards left on the table (7♣ 9♦)."),
    ("de", "Spieler 2 hat zuletzt eingenommen und bekommt darum die Karte, die noch auf dem Tisch liegt (7♣).",
     "Du hast zuletzt eingenommen und bekommst darum die Karten, die noch auf dem Tisch liegen (7♣ 9♦)."),
])
def test_the_cards_left_at_a_rounds_end_are_one_card_or_several(lang: str, one: str, two: str) -> None:
    """One card named was said as "the cards" ("die Karten, die noch auf dem Tisch liegen (7♣)")."""
    ui = Renderer(lang)
    assert ui.message("play.residue", count=1, cards="7♣", me=False, who=ui.seat_name(1)) == one
    assert ui.message("play.residue", count=2, cards="7♣ 9♦", me=True, who=ui.seat_name(0, 0)) == two


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("one_round", [False, True])
def test_what_a_games_variant_changes_is_every_option_that_differs_and_each_topic_named_reads_otherwise(
        lang: str, players: int, one_round: bool) -> None:
    """Every preset: the start of a game names each option whose value differs from Classic Cassino's (the point
    cards as the deck holds them) and changes the rules (put back, some topic of the rules reads otherwise: not
    Spade's most_spades 0, which its spade points imply), and no other; each ``rules`` topic it names reads
    otherwise than Classic's.  A one-round game leaves the match out: its topic and the options that change only
    it (Spade's target of 61)."""
    ui, classic = Renderer(lang), presets.variant()
    head = "What differs from Classic Cassino" if lang == "en" else "Anders als im klassischen Cassino"
    topics_read = [t for t in TOPICS if not (one_round and t == "match")]
    for name in presets.preset_names():
        v = presets.variant(name)
        said = variant_summary(ui, v, players, one_round)
        changed = [k for k, value in v.options().items() if value != classic.options()[k]
                   and any(rules_text(v, players, lang, t) != rules_text(v.with_options(**{k: classic.options()[k]}),
                                                                         players, lang, t) for t in topics_read)]
        assert said.startswith(head) == bool(changed), name
        for key in changed:
            shown = dealt_point_cards(v) if key == "point_cards" else v.options()[key]
            view = option_view(ui, key, shown)
            assert f"{view.name} ({view.value})" in said, (name, said)
        named = [k for k in classic.options() if f"{ui.message(f'options.{k}')} (" in said]
        assert set(named) == set(changed) or set(named) == set(changed) | {"most_cards"}, (name, said)
        topics = topics_named(said, lang)
        assert bool(topics) == bool(changed), name
        for topic in topics:
            assert topic in {ui.message(f"topic_ids.{t}") for t in topics_read}, (name, topic)
            assert rules_text(v, players, lang, topic) != rules_text(classic, players, lang, topic), (name, topic)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_one_round_games_result_names_the_side_with_the_most_points_or_a_tie(
        tmp_path: Path, catalog: Catalog, lang: str) -> None:
    """Random one-round games of every preset and player count: the winner named is the side whose count of the
    round's score items (recomputed at its end) is the highest, alone; a tie where two share it."""
    ties = 0
    with shell_on(tmp_path, catalog, lang) as shell:
        ui = shell.ui
        for i, (preset, players) in enumerate((p, n) for p in presets.preset_names() for n in (2, 3, 4)):
            game = TableGame(Settings(presets.variant(preset), players, "greedy", i, kind="round"))
            game.begin_round()
            rng = random.Random(i)
            while not game.round_over:
                game.push(rng.choice(game.position.generate()))
            assert game.over and game.current.score is not None
            totals = [0] * len(game.side_seats)
            for item in game.current.score.items:
                totals[item.side] += item.points
            said = result_text(ui, game)
            best = [side for side, points in enumerate(totals) if points == max(totals)]
            names = [ui.side_name(seats, game.learner) for seats in game.side_seats]
            if len(best) > 1:
                ties += 1
                assert said.startswith(("The round ends in a tie", "Die Runde endet unentschieden")), (preset, said)
            else:
                assert said.startswith(names[best[0]][0].upper() + names[best[0]][1:] + " "), (preset, totals, said)
                margin = max(totals) - sorted(totals)[-2]
                under_score = result_text(ui, game, scored_above=True)  # the Total line is just above it
                unit = ("point" if margin == 1 else "points") if lang == "en" else ("Punkt" if margin == 1 else "Punkten")
                assert f" {margin} {unit}" in under_score and ":" not in under_score, (preset, totals, under_score)
    assert 0 < ties < 33


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_match_standing_is_the_sum_of_the_rounds_replayed_and_scored(tmp_path: Path, catalog: Catalog,
                                                                         lang: str) -> None:
    with shell_on(tmp_path, catalog, lang) as shell:
        dispatch(shell, "play match level=random seed=11")
        checked = 0
        for _ in range(2):
            said = to_round_end(shell)
            game = game_run(shell).game
            if game.over:
                break
            checked += 1
            totals = [0] * len(game.side_seats)
            for played in game.rounds:
                pos = played.plies[-1].before.copy()  # the last deal's hands are dealt in play, not by a move
                pos.push(played.plies[-1].move)
                for side, points in enumerate(score_round(pos).totals):
                    totals[side] += points
            standing = next(line for line in said.splitlines() if line.startswith(("Match:", "Partie:")))
            assert [int(n) for n in re.findall(r": (\d+)", standing)[-len(totals):]] == totals, standing
            dispatch(shell, "next" if lang == "en" else "weiter")
        assert checked == 2  # a standing after one round, and one that adds two


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rounds_negative_points_read_with_a_minus_sign(lang: str) -> None:
    """Michigan to 5, four players, played at random until a round ends with a side below zero (penalties): its
    score's rows and Total line write the minus as a minus sign, never a hyphen."""
    ui = Renderer(lang)
    for seed in range(50):
        game = TableGame(Settings(presets.variant("michigan-5"), 4, "random", seed, kind="round"))
        game.begin_round()
        rng = random.Random(seed)
        while not game.round_over:
            game.push(rng.choice(game.position.generate()))
        score = game.current.score
        if score is not None and min(score.totals) < 0:
            break
    assert score is not None and min(score.totals) < 0
    said = ui.score(game.position, score, game.learner)
    total = said.splitlines()[-1]
    assert f": −{-min(score.totals)}" in total and not re.search(r"-\d", said), said


def test_the_points_a_round_hands_out_are_those_its_items_score_even_when_it_ends_early() -> None:
    """The total's "of N points this round": every point scored, a majority tied apart; where the instant limit
    ends a round early (Michigan to 5), the point cards still in a hand or the stock hand out nothing (the walk's
    round of michigan-5, seed 170239, said "of 15 points" where 10 were scored). Only a round ended early is said
    to be over early."""
    early, ui = 0, Renderer("en", symbols=False)
    for i, (preset, players) in enumerate((p, n) for p in presets.preset_names() for n in (2, 3, 4)):
        for seed in range(4):
            game = TableGame(Settings(presets.variant(preset), players, "greedy", seed))
            game.begin_round()
            rng = random.Random(100 * i + seed)
            while not game.round_over:
                game.push(rng.choice(game.position.generate()))
            end = game.position
            score = score_round(end)
            handed_out = score.available - sum(t.points for t in majority_ties(end, score))
            assert handed_out == sum(item.points for item in score.items if item.points > 0), (preset, players, seed)
            cut = bool(end.stock_size or any(end.hands))
            early += cut
            assert (" early: " in round_over_text(ui, game)) == cut, (preset, players, seed)
    assert early > 0


@pytest.mark.parametrize("lang, said", [
    ("en", "Round 1 is over early: you have three instant scores against you (two sweeps by the other side, one "
           "penalty), and in this game the round ends at three. You took last"),
    ("de", "Runde 1 ist vorzeitig vorbei: Gegen dich stehen drei Sofortwertungen (zwei Kehren der Gegenseite, eine "
           "Strafe), und in diesem Spiel endet die Runde bei drei. Du hast zuletzt eingenommen"),
])
def test_a_round_the_instant_limit_ends_early_says_so_and_why(tmp_path: Path, catalog: Catalog, lang: str,
                                                               said: str) -> None:
    """Michigan to 5: two sweeps of Player 2's and the learner's breach end the round with 32 cards in the stock;
    the walk's learner was told only that the round was over."""
    with shell_on(tmp_path, catalog, lang) as shell:
        shell.symbols = False
        dispatch(shell, "play round michigan-5 seed=170239")
        for line in ("7D x 7C", "6S", "KC", "KH x KC", "JD x JC"):
            dispatch(shell, line)
        assert not game_run(shell).game.round_over
        reply = dispatch(shell, "2H b7 5H").text
        assert game_run(shell).game.round_over and game_run(shell).game.position.stock_size == 32
        assert said in " ".join(reply.split())
        assert ("of 10 points this round" if lang == "en" else "von 10 Punkten dieser Runde") in reply


@pytest.mark.parametrize("lang, said", [
    ("en", "Round 1 is over early: you have three instant scores against you (three penalties), and in this game "
           "the round ends at three."),
    ("de", "Runde 1 ist vorzeitig vorbei: Gegen dich stehen drei Sofortwertungen (drei Strafen), und in diesem "
           "Spiel endet die Runde bei drei."),
])
def test_instant_scores_of_one_kind_alone_are_said_without_the_other(tmp_path: Path, catalog: Catalog, lang: str,
                                                                      said: str) -> None:
    """Michigan to 5, the learner's three breaches (a build of sevens with no seven left, a trail and a capture
    beside it) end the round: the walk's learner read "(zero sweeps by the other side, three penalties)" ("(null
    Kehren der Gegenseite, drei Strafen)"); a kind of instant score with none is left out."""
    with shell_on(tmp_path, catalog, lang) as shell:
        shell.symbols = False
        dispatch(shell, "play round michigan-5 seed=3")
        for line in ("7S b7 7C", "QD"):
            dispatch(shell, line)
        reply = " ".join(dispatch(shell, "QS x QD").text.split())
        assert game_run(shell).game.round_over
        assert said in reply


@pytest.mark.parametrize("lang, said", [
    ("en", "The round ends early: you have 3 instant scores against you (the other side's sweeps and your own "
           "penalties), and in this game the round ends at 3."),
    ("de", "Die Runde endet vorzeitig: Gegen dich stehen 3 Sofortwertungen (Kehren der Gegenseite und eigene "
           "Strafen), und in diesem Spiel endet die Runde bei 3."),
])
def test_a_line_the_instant_limit_ends_says_so(tmp_path: Path, catalog: Catalog, lang: str, said: str) -> None:
    """The walk's round of Michigan to 5 as a line (``replay`` shows rounds so): its last move, the learner's
    breach, ends the round early, and the line says why; the move before it ends nothing.  Two players: the sweeps
    are the other side's (it said "the other sides'", "der anderen Seiten", as the game's screen does not)."""
    with shell_on(tmp_path, catalog, lang) as shell:
        shell.symbols = False
        dispatch(shell, "play round michigan-5 seed=170239")
        for line in ("7D x 7C", "6S", "KC", "KH x KC", "JD x JC", "2H b7 5H"):
            dispatch(shell, line)
        plies = game_run(shell).game.current.plies
    ui = Renderer(lang, symbols=False)
    assert said in " ".join(ui.line(plies[-1].before, [plies[-1].move], 0, score=False).split())
    assert said.split(":")[0] not in ui.line(plies[-2].before, [plies[-2].move], 0, score=False)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_three_player_round_that_ends_in_a_tie_says_who_tied(tmp_path: Path, catalog: Catalog, lang: str) -> None:
    """Three players, two sharing the most points: "The round ends in a tie: you 5 · Player 2 5 · Player 3 2" did
    not say who tied; the result names them (the learner first, "you", "dir"), and no one else."""
    found = 0
    with shell_on(tmp_path, catalog, lang) as shell:
        ui = shell.ui
        for seed in range(60):
            game = TableGame(Settings(presets.variant(), 3, "greedy", seed, kind="round"))
            game.begin_round()
            rng = random.Random(seed)
            while not game.round_over:
                game.push(rng.choice(game.position.generate()))
            best = [side for side, points in enumerate(game.scores) if points == max(game.scores)]
            if len(best) == 1:
                continue
            found += 1
            names = [("you" if lang == "en" else "dir") if side == game.learner_side
                     else ui.side_name(game.side_seats[side], game.learner) for side in best]
            head = {"en": "The round ends in a tie between ", "de": "Die Runde endet unentschieden zwischen "}[lang]
            listed = ui.message("words.listing", head=names[:-1], last=names[-1])
            assert result_text(ui, game).startswith(f"{head}{listed}: "), result_text(ui, game)
    assert found
    others = {"en": ("Player 2 and Player 3", "you, Player 2 and Player 3"),
              "de": ("Spieler 2 und Spieler 3", "dir, Spieler 2 und Spieler 3")}[lang]
    for scores, tied in zip(((2, 5, 5), (4, 4, 4)), others):
        settings = Settings(presets.variant(), 3, kind="round")
        summary = GameSummary(1, datetime(2026, 12, 4, tzinfo=timezone.utc), settings, None, 1, scores,
                              MatchResult(None, "round"))
        assert result_text(Renderer(lang), summary).startswith(f"{head}{tied}: ")


INSTANT_WIN = "sudden-death target=1 level=greedy seed=3"
"""A match whose computer moves first and takes a point at once: the match is won before the learner's first move."""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_match_won_before_the_learners_first_move_has_no_review_to_praise(
        tmp_path: Path, catalog: Catalog, lang: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """An instant win before the learner's first move of the round said "0 moves reviewed: none surely lost …
    Well played!" at the round's end (the computers' moves played after Ctrl-C stopped them), on ``analysis``
    and in ``replay --review``, and replay called the round shown without its review. The round's end says
    nothing of a review, as after a claim made before the learner's first move; ``analysis`` and ``replay`` say
    that there is no move of the learner's to review."""
    ui = Renderer(lang)
    praise = ("Well played", "reviewed") if lang == "en" else ("Gut gespielt", "besprochen")
    real = TableGame.advance

    def stopped(self: TableGame, *args: object) -> list[object]:
        raise KeyboardInterrupt  # Ctrl-C before the computer's first move

    with shell_on(tmp_path, catalog, lang) as shell:
        monkeypatch.setattr(TableGame, "advance", stopped)
        with pytest.raises(KeyboardInterrupt):
            dispatch(shell, f"{'play' if lang == 'en' else 'spiele'} {INSTANT_WIN}")
        monkeypatch.setattr(TableGame, "advance", real)
        game = game_run(shell).game
        assert not game.over and not game.current.plies  # the premise: the computer is to move first
        said = dispatch(shell, "7S x 7D").text  # not the learner's turn: the computers play on, and win at once
        assert game.over and game.result is not None and game.result.winner == 1 and not any(
            ply.seat == game.learner for ply in game.current.plies)
        assert result_text(ui, game, scored_above=True) in said
        assert not any(word in said for word in praise), said
        analysis = dispatch(shell, "analysis" if lang == "en" else "besprechung").text
        assert analysis == ui.message("play.analysis_head", round=1) + "\n" + ui.message("review.none_to_review", moved=False)
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    for review in ([], ["--review", "1"]):
        assert main(["replay", "1", "--lang", lang, *review]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert ui.message("review.none_to_review", moved=False) in out, out
        assert not any(word in out for word in praise), out
        assert ("without the review" if lang == "en" else "ohne die Besprechung") not in out


INSTANT_LATER = "sudden-death target=5 level=greedy seed=3"
"""A game whose computer reaches the target mid-round, with points scored as they fell: 5 of them, with 9 in the
round's score as it stood (the majorities of cards and spades too), two aces still in play."""


@pytest.mark.parametrize("kind", ["match", "round"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_round_an_instant_win_ends_says_its_total_is_not_counted(tmp_path: Path, catalog: Catalog, lang: str,
                                                                   kind: str) -> None:
    """The round's score "Total: you: 0 · Player 2: 9" stood above "Player 2 wins the match (at once, on points
    scored as they fell): you: 0 · Player 2: 5" (in a one-round game "… by 5 points"), as if the totals disagreed.
    The score says it is the round as it stood, not counted; the result says the target was reached with points
    scored as they fell, and gives the match's points (a one-round game's too, not a margin)."""
    with shell_on(tmp_path, catalog, lang) as shell:
        dispatch(shell, f"play {kind} {INSTANT_LATER}")
        said = " ".join(to_round_end(shell).split())
        game = game_run(shell).game
        assert game.result is not None and game.result.reason == "instant"
        assert game.current.score is not None and game.current.score.totals != game.scores  # the premise
    heading, result = {
        "en": ("Round score as it stood (not counted: the game was decided at once):",
               f"Player 2 wins the {kind} at once, with points scored as they fell reaching the target of 5 points"
               f"{'. Match: ' if kind == 'match' else ': '}you: 0 · Player 2: 5."),
        "de": ("Rundenwertung, wie sie stand (zählt nicht: Das Spiel ist sofort entschieden):",
               f"Spieler 2 gewinnt die {'Partie' if kind == 'match' else 'Runde'} sofort, denn mit Punkten, wie sie "
               f"fielen, ist das Ziel von 5 Punkten erreicht{'. Partie: ' if kind == 'match' else ': '}du: 0 · Spieler 2: 5."),
    }[lang]
    assert heading in said and result in said, said
    # the match ended at once, the round did not run its course: it said "Round 1 is over." above the score
    cut = {"en": ("Round 1 was cut short.", "Round 1 is over"), "de": ("Runde 1 wurde abgebrochen.", "ist vorbei")}
    assert cut[lang][0] in said and cut[lang][1] not in said, said
    assert ("Total: you: 0 · Player 2: 9" if lang == "en" else "Gesamt: du: 0 · Spieler 2: 9") in said
    # the points handed out are the 9 its items score: the two aces still in play (16 cards in the stock) hand out
    # nothing, as in a round the instant limit ends early; it said "of 11 points this round"
    assert ("(of 9 points this round)" if lang == "en" else "(von 9 Punkten dieser Runde)") in said, said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_match_won_with_cards_in_play_says_nobody_is_to_move(tmp_path: Path, catalog: Catalog, lang: str) -> None:
    """The computer wins the match at once with its first move: the screen under the result said "Your hand (to
    move)" and "You are to move." (a round still in play, by its cards). The game is over: the round is over too."""
    ui = Renderer(lang)
    with shell_on(tmp_path, catalog, lang) as shell:
        said = dispatch(shell, f"{'play' if lang == 'en' else 'spiele'} {INSTANT_WIN}").text
        game = game_run(shell).game
        assert game.over and not game.position.is_round_over()  # the premise: cards still in play
    turn = {"en": ("(to move)", "You are to move."), "de": ("(am Zug)", "Du bist am Zug.")}[lang]
    assert not any(words in said for words in turn), said
    assert ("The round is over." if lang == "en" else "Die Runde ist vorbei.") in said
    assert result_text(ui, game, scored_above=True) in said or result_text(ui, game) in said
