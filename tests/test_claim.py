"""Claiming the target (rules.md section 7, option ``claim``) in the learner's game: the command in both languages,
true and false claims counted item by item as the engine counts them, the computers' claims, the claim saved,
shown again and replayed, and the command where no claim can be made (the rule sheet's words: test_sheets.py)."""

from __future__ import annotations

import copy
import json
import signal
from datetime import datetime, timezone
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from shell_helpers import game_run, kept_games, open_shell, shell_process

from tutor.cli.main import main
from tutor.content.presets import variant
from tutor.core.round import MatchResult, count_claim
from tutor.core.scoring import certain_items
from tutor.play.game import claims
from tutor.play.table_game import GameError, Settings, TableGame
from tutor.play.view import SeatView
from tutor.render import Renderer
from tutor.render.chart import fit
from tutor.render.views import score_rows
from tutor.shell.commands import dispatch
from tutor.shell.completer import TutorCompleter
from tutor.shell.game_text import claim_text
from tutor.shell.play import GameRun
from tutor.shell.state import Shell
from tutor.shell.toolbar import toolbar_text
from tutor.storage import Progress
from tutor.storage.games import GameFileError, SavedGame, game_text, game_to_data, parse_game

LEARNER_CLAIMS = "claim=true target=9 level=greedy seed=21"
"""A match the learner (capturing first) may claim in round 2, most cards and most spades certain among its items."""
COMPUTER_CLAIMS = "claim=true target=3 level=greedy seed=1"
"""A match whose computer claims in round 1, before the learner (capturing first) can."""
WORDS = {"en": {"play": "play", "claim": "claim", "yes": "yes", "next": "next", "round": "round"},
         "de": {"play": "spiele", "claim": "ansagen", "yes": "ja", "next": "weiter", "round": "runde"}}


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review after each round with few worlds keeps these tests fast (the review's own: test_review.py)."""
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)


def learner_move(shell: Shell) -> str:
    """The learner's move: its first capture, else its first legal move, from what its seat sees."""
    pos = game_run(shell).position
    moves = pos.generate()
    return pos.notation(next((m for m in moves if m.kind == "capture"), moves[0]))


def play_until_claimable(shell: Shell, lang: str) -> None:
    """Play the game open in ``shell`` (rounds dealt with ``next``) until the learner's claim would be true, as the
    engine counts it."""
    run = game_run(shell)
    for _ in range(200):
        game = run.game
        assert not game.over, "the game ended before the learner could claim"
        if game.round_over:
            dispatch(shell, WORDS[lang]["next"])
        elif count_claim(game.match, game.position, game.learner_side).true:
            return
        else:
            dispatch(shell, learner_move(shell))
    raise AssertionError("no claim within 200 lines")


def claim_block(said: str, heading: str) -> list[str]:
    """The lines of a claim's count, from its heading to the line of its total."""
    lines = said.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(("The claim counts", "Die Ansage zählt")))
    return lines[start:end + 1]


def check_count(ui: Renderer, said: str, game: TableGame) -> None:
    """The count on the screen is the engine's: each certain item recomputed from the position (its points, its
    card or its counts), and the total against the target."""
    claim = game.claimed
    assert claim is not None
    side = claim.count.side
    items = certain_items(game.position, side)
    assert claim.count == count_claim(game.match, game.position, side) and claim.count.items == items
    heading = "Certain this round for" if ui.lang == "en" else "Sicher in dieser Runde für"
    block = claim_block(said, heading)
    rows = [line for line in block if line.startswith(("  +", "  −"))]
    expected = score_rows(items)
    assert [int(line.split()[0].replace("−", "-")) for line in rows] == [row.points for row in expected]
    for line, row in zip(rows, expected):
        if row.code == "point_card":
            assert ui.card(row.detail) in line, line  # type: ignore[arg-type]
        elif row.code == "aces":
            assert all(ui.card(c) in line for c in row.detail), line  # type: ignore[union-attr]
        elif row.code in ("most_cards", "most_spades"):
            deck = claim.count.deck_cards if row.code == "most_cards" else claim.count.deck_spades
            assert f"{row.detail} {'of' if ui.lang == 'en' else 'von'} {deck}" in line, line
    count, total = claim.count, block[-1]
    numbers = (f"{count.before} points before this round and {count.certain} certain in it: {count.total}"
               if ui.lang == "en" else
               f"{count.before} Punkte vor dieser Runde und {count.certain} sichere in ihr, zusammen {count.total}")
    assert numbers in total, total
    assert f"{count.target}" in total


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_true_claim_wins_at_once_counted_item_by_item_as_the_engine_counts(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    ui = Renderer(lang)
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{w['play']} {LEARNER_CLAIMS}")
        play_until_claimable(shell, lang)
        game = game_run(shell).game
        assert len(game.rounds) == 2 and game.match.scores[0] > 0  # points before the round count too
        hinted = dispatch(shell, "hint" if lang == "en" else "tipp").text  # the claim first, no move
        assert hinted == ui.message("play.hint_claim", target=9)
        asked = dispatch(shell, w["claim"]).text
        assert asked.endswith("[y/N]" if lang == "en" else "[j/N]") and not game.over
        said = dispatch(shell, w["yes"]).text
        assert game.over and game.result == MatchResult(0, "claim") and game.claimed is not None
        assert game.claimed.seat == 0 and game.claimed.count.true
        codes = {item.code for item in game.claimed.count.items}
        assert {"most_cards", "most_spades", "point_card"} <= codes
        check_count(ui, said, game)
        assert ("You claim to have reached 9 points" if lang == "en"
                else "Du sagst an, das Ziel von 9 Punkten erreicht zu haben") in said
        assert ("You win the match: the claim is true." if lang == "en"
                else "Du gewinnst die Partie: Die Ansage stimmt.") in said
        assert all(len(line) <= 80 for line in fit(said, 80).splitlines())
        again = dispatch(shell, w["claim"]).text  # the game is over: nothing to claim
        assert again == ui.message("play.game_over")
        listing = dispatch(shell, "games" if lang == "en" else "partien").text
    assert ("won by a claim" if lang == "en" else "gewonnen durch Ansage") in listing


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_false_claim_loses_the_match_and_says_what_is_not_certain_yet(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    ui = Renderer(lang)
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{w['play']} {LEARNER_CLAIMS}")
        run = game_run(shell)
        while len(run.game.rounds) < 2 or not run.game.learner_to_move:  # round 2, with points before it
            dispatch(shell, w["next"] if run.game.round_over else learner_move(shell))
        said = dispatch(shell, f"{w['claim']} {w['yes']}").text  # no question
        game = run.game
    assert game.result == MatchResult(1, "false_claim", loser=0) and game.claimed is not None
    count = game.claimed.count
    assert not count.true and count.before == game.match.scores[0] > 0
    check_count(ui, said, game)
    unsure = "Not yet certain: most cards, 3 points ({} of 52 taken, certain from 27)" if lang == "en" else \
        "Noch offen: meiste Karten, 3 Punkte ({} von 52 eingenommen, sicher ab 27)"
    assert unsure.format(count.cards) in " ".join(said.split())
    assert (f"{count.target - count.total} short of the target of {count.target}" if lang == "en" else
            f"{count.target - count.total} weniger als das Ziel von {count.target}") in " ".join(said.split())
    assert ("You lose the match: the claim is false; Player 2 wins." if lang == "en" else
            "Du verlierst die Partie: Die Ansage ist falsch; Spieler 2 gewinnt.") in said


@pytest.mark.parametrize(("lang", "seat", "words"), [
    ("en", 0, "You claim that you and Player 3 have reached 21 points,"),
    ("en", 1, "Player 2 claims that they and Player 4 have reached 21 points,"),
    ("en", 2, "Player 3 (your partner) claims that your side has reached 21 points,"),
    ("de", 0, "Du sagst an, dass du und Spieler 3 das Ziel von 21 Punkten erreicht habt;"),
    ("de", 1, "Spieler 2 sagt an, dass er und Spieler 4 das Ziel von 21 Punkten erreicht haben;"),
    ("de", 2, "Spieler 3 (dein Partner) sagt an, dass deine Seite das Ziel von 21 Punkten erreicht hat;"),
])
def test_a_partnerships_claim_names_the_claimer_once(lang: str, seat: int, words: str) -> None:
    """With four players a claim named its maker twice: "Player 3 (your partner) claims that you and Player 3 have
    reached …", "Player 2 claims that Players 2 and 4 have …" ("Spieler 3 (dein Partner) sagt an, dass du und
    Spieler 3 …")."""
    game = TableGame(Settings(variant({"preset": "classic", "claim": True}), 4, "greedy", 1))
    game.begin_round()
    while game.position.to_move != seat:
        game.push(game.position.generate()[0])
    game.claim(seat)
    said = " ".join(claim_text(Renderer(lang), game).split("\n")[0].split())
    assert said.startswith(words), said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_claim_asked_and_answered_no_keeps_the_game(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{w['play']} {LEARNER_CLAIMS}")
        assert "[" in dispatch(shell, w["claim"]).text
        kept = dispatch(shell, "no" if lang == "en" else "nein").text
        assert kept == Renderer(lang).message("play.claim_kept")
        assert not game_run(shell).game.over and game_run(shell).game.claimed is None
        assert dispatch(shell, f"{w['claim']} maybe").text == Renderer(lang).message("play.claim_usage")


@pytest.mark.parametrize(("lang", "claimer", "ended"), [
    ("en", "learner", "Game over: won by a claim vs greedy"), ("de", "learner", "Spielende: gewonnen durch Ansage"),
    ("en", "false", "Game over: lost by a false claim vs greedy"),
    ("de", "false", "Spielende: verloren durch falsche Ansage"),
    ("en", "computer", "Game over: lost to a claim vs greedy"), ("de", "computer", "Spielende: verloren durch Ansage")])
def test_the_toolbar_of_a_game_a_claim_ended_says_how_not_the_points_before_the_round(
        tmp_path: Path, lang: str, claimer: str, ended: str) -> None:
    """A claim ends the match with the round's points not added: the toolbar said "Game over: 0:0 vs club" after
    the learner's side had won by a claim in round 1; it now says who won and how."""
    w = WORDS[lang]
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{w['play']} {COMPUTER_CLAIMS if claimer == 'computer' else LEARNER_CLAIMS}")
        run = game_run(shell)
        if claimer == "learner":
            play_until_claimable(shell, lang)
        while not run.game.over:
            dispatch(shell, f"{w['claim']} {w['yes']}" if claimer != "computer" else learner_move(shell))
        assert run.game.result is not None and run.game.result.reason == ("false_claim" if claimer == "false"
                                                                          else "claim")
        assert toolbar_text(shell).startswith(f" {ended}"), toolbar_text(shell)


def test_the_computer_claims_at_the_first_turn_its_view_shows_the_claim_true(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, f"play {COMPUTER_CLAIMS}").text
        run = game_run(shell)
        while not run.game.over:
            said = dispatch(shell, learner_move(shell)).text
        game = run.game
    assert game.claimed is not None and game.claimed.seat == 1
    assert game.result == MatchResult(1, "claim") and game.claimed.count.true
    assert "Player 2 claims to have reached 3 points, counting only the points certain this round." in \
        " ".join(said.split())
    assert "Player 2 wins the match: the claim is true." in said
    check_count(Renderer("en"), said, game)
    for ply in game.current.plies:  # not once before, at the start of a turn of its own
        if ply.seat == 1:
            assert not count_claim(game.match, ply.before, 1).true
    assert game.position.to_move == 1
    dealt = game.position.stock_size < game.current.plies[-1].before.stock_size  # hands dealt before the claim
    assert dealt == ("New hands are dealt" in said.split("Player 2 claims")[0].splitlines()[-1])


def test_a_computer_claims_from_its_view_only_what_the_engine_judges_true() -> None:
    """At every turn of many games (every seat a computer's choice, the learner's seat playing the same way), the
    claim a seat's view shows true is the one the engine judges true with every card known."""
    checked = 0
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        game = TableGame(Settings(variant("classic").with_options(claim=True, target=5), players, "greedy", seed))
        game.begin_round()
        while not game.over and checked < 2000:
            if game.round_over:
                game.begin_round()
                continue
            pos = game.position
            for seat in range(players):
                side = pos.side_of(seat)
                assert claims(SeatView.of(pos, seat)) == count_claim(game.match, pos, side).true
                checked += 1
            if pos.to_move == game.learner:
                view = game.view().position()
                game.push(view.generate()[0])
            else:
                game.advance()
        assert game.claimed is None or game.claimed.count.true
    assert checked > 200


def test_the_claim_is_saved_shown_again_and_replayed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, f"play {LEARNER_CLAIMS}")
        play_until_claimable(shell, "en")
        dispatch(shell, "claim yes")
        game = game_run(shell).game
        (saved,) = kept_games(tmp_path)  # read back: its moves replayed and the claim judged again
        assert saved.game.claimed == game.claimed and saved.game.result == game.result
        assert saved.finished is not None
        data = game_to_data(saved)
        assert [r.get("claim") for r in data["rounds"]] == [None, 0]
        shown = GameRun(shell, saved).show()  # the kept game opened again
        check_count(Renderer("en"), shown, saved.game)
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    assert main(["replay", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "You claim to have reached 9 points" in " ".join(out.split())
    assert "You win the match: the claim is true." in " ".join(out.split())
    assert "Certain this round for you:" in out


def test_a_saved_game_without_a_claim_loads_and_a_claim_that_cannot_be_made_is_refused() -> None:
    game = TableGame(Settings(variant("classic").with_options(claim=True, target=3), 2, "greedy", 1))
    game.begin_round()
    game.advance()
    saved = SavedGame.new(game, datetime(2026, 12, 1, tzinfo=timezone.utc))
    data = game_to_data(saved)
    assert "claim" not in data["rounds"][0]  # a game without a claim is written as before
    again = parse_game(game_text(data), "old.json").game
    assert again.claimed is None and not again.over and again.learner_to_move

    def refused(claim: object, options: dict[str, object] | None = None) -> str:
        changed = copy.deepcopy(data)
        changed["rounds"][0]["claim"] = claim
        if options is not None:  # the game's and its round's
            changed["variant"] = changed["rounds"][0]["start"]["variant"] = {"preset": "classic", **options}
        with pytest.raises(GameFileError) as err:
            parse_game(json.dumps(changed), "file.json")
        return str(err.value)

    assert "seat 1 cannot claim after its moves: it is not that seat's turn" in refused(1)
    assert "the variant has no claims" in refused(0, {"target": 3})
    assert "'claim' must be a seat from 0 to 1, not 2" in refused(2)
    claimed = {**data, "rounds": [{**data["rounds"][0], "claim": 0}], "finished": data["updated"]}
    loaded = parse_game(json.dumps(claimed), "file.json").game
    assert loaded.result == MatchResult(1, "false_claim", loser=0) and loaded.claimed is not None
    with pytest.raises(GameError):
        loaded.claim()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_where_claims_are_off_the_command_says_so_and_is_not_offered(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    ui = Renderer(lang)
    with open_shell(tmp_path, lang) as shell:
        completer = TutorCompleter(shell)

        def offered() -> tuple[bool, bool]:
            helped = dispatch(shell, "help" if lang == "en" else "hilfe").text
            completed = [c.text for c in completer.get_completions(Document(w["claim"][:3]),
                                                                   CompleteEvent(completion_requested=True))]
            return f"\n  {w['claim']} " in helped, w["claim"] in completed

        assert dispatch(shell, w["claim"]).text == ui.message("play.claim_none", waiting=False)
        assert offered() == (False, False)
        dispatch(shell, f"{w['play']} seed=3")
        assert dispatch(shell, w["claim"]).text == ui.message("play.claim_off")
        assert "claim=true" in ui.message("play.claim_off")
        assert offered() == (False, False)
        dispatch(shell, "resign yes")
        dispatch(shell, f"{w['play']} {w['round']} claim=true seed=3")
        assert dispatch(shell, w["claim"]).text == ui.message("play.claim_round")
        assert offered() == (False, False)
        dispatch(shell, "resign yes")
        opening = dispatch(shell, f"{w['play']} claim=true seed=3").text
        assert ("“claim” claims the target on your turn." if lang == "en"
                else "„ansagen“ sagt das Ziel an, wenn du am Zug bist.") in " ".join(opening.split())
        assert offered() == (True, True)
        rules = dispatch(shell, "rules match" if lang == "en" else "regeln partie").text
        assert ("on your turn you may claim" if lang == "en" else "In deinem Zug darfst du ansagen") in \
            " ".join(rules.split())


def test_a_claim_between_rounds_says_the_round_is_over(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, f"play {LEARNER_CLAIMS}")
        run = game_run(shell)
        while not run.game.round_over:
            dispatch(shell, learner_move(shell))
        said = dispatch(shell, "claim yes").text
        assert said.startswith("Round 1 is over.") and "next" in said and run.game.claimed is None


@pytest.mark.slow
def test_a_claim_said_is_kept_when_the_shell_is_killed(tmp_path: Path) -> None:
    proc = shell_process(tmp_path)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write("play claim=true level=greedy seed=3\nclaim yes\n")
        proc.stdin.flush()
        while "the claim is false" not in (line := proc.stdout.readline()):
            assert line, "the shell ended early"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    (saved,) = kept_games(tmp_path)
    assert saved.game.claimed is not None and saved.game.result == MatchResult(1, "false_claim", loser=0)
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert progress.games.waiting(saved.started) is None  # over: nothing to resume


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_claim_made_instead_of_a_first_move_is_not_said_to_leave_no_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """A claim at the learner's first turn ends the round before any move of theirs: ``analysis`` and ``replay``
    said "you had no choice to make in this round", where the learner had four cards to choose from and claimed."""
    w, ui = WORDS[lang], Renderer(lang)
    no_choice = "no choice" if lang == "en" else "keine Wahl"
    ended = ("the round ended before you made one" if lang == "en"
             else "Die Runde endete, bevor du einen gemacht hast")
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{w['play']} claim=true level=greedy seed=3")
        assert len(game_run(shell).position.generate()) > 1  # the premise: a choice of moves
        dispatch(shell, f"{w['claim']} {w['yes']}")
        analysis = dispatch(shell, "analysis" if lang == "en" else "besprechung").text
    assert ended in analysis and no_choice not in analysis, analysis
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    for review in ([], ["--review", "1"]):
        assert main(["replay", "1", "--lang", lang, *review]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert ui.message("review.none_to_review", moved=False) in out and no_choice not in out, out
    assert ended in ui.message("review.none_to_review", moved=False)
    assert no_choice in ui.message("review.none_to_review", moved=True)  # moves made, each the only legal one


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_claim_typed_before_the_learners_turn_says_none_was_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    lang: str) -> None:
    """With the computer to move first, stopped by Ctrl-C, "claim yes" lets it play on and claims nothing: the
    reply said only the computer's move, and the learner could think the claim made."""
    w, ui = WORDS[lang], Renderer(lang)
    real = TableGame.advance

    def stopped(self: TableGame, *args: object) -> list[object]:
        raise KeyboardInterrupt  # Ctrl-C before the computer's first move

    with open_shell(tmp_path, lang) as shell:
        monkeypatch.setattr(TableGame, "advance", stopped)
        with pytest.raises(KeyboardInterrupt):
            dispatch(shell, f"{w['play']} claim=true level=greedy seed=4")
        monkeypatch.setattr(TableGame, "advance", real)
        game = game_run(shell).game
        assert not game.current.plies and not game.learner_to_move  # the premise: the computer is to move first
        said = dispatch(shell, f"{w['claim']} {w['yes']}").text
        assert game.claimed is None and game.learner_to_move and len(game.current.plies) == 1
        assert said.endswith(ui.message("play.claim_later")), said
