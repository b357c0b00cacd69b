"""cassino-tutor replay: what a reader needs to follow the learner's own game (the table, their hand, the partner)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shell_helpers import open_shell, play_first_moves

from tutor.cli.main import main
from tutor.render import Renderer
from tutor.shell.commands import dispatch
from tutor.storage.game_files import read_game_file


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)


def played_round(home: Path, settings: str) -> Path:
    """A one-round game played in the shell, the learner always playing its first legal move; the file
    ``games export`` wrote it to."""
    path = home / "shared" / "game.json"
    path.parent.mkdir(parents=True)
    with open_shell(home) as shell:
        play_first_moves(shell, f"round {settings}")
        assert "was written to" in dispatch(shell, f"games export 1 {path}").text
    return path


@pytest.mark.parametrize(("lang", "table", "deal"), [
    ("en", "Table at the start: {}.", "Deal {}: your hand {}"),
    ("de", "Tisch zu Beginn: {}.", "{}. Blatt: deine Hand {}"),
])
def test_the_starting_table_and_the_learners_hand_at_each_deal_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, table: str, deal: str) -> None:
    path = played_round(tmp_path, "level=greedy seed=6")
    assert main(["replay", str(path), "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    ui = Renderer(lang)
    plies = read_game_file(path).game.rounds[0].plies
    assert table.format(ui.cards(plies[0].before.loose)) in lines
    starts = [p.before for i, p in enumerate(plies) if i == 0 or p.before.stock_size != plies[i - 1].before.stock_size]
    hands = [deal.format(n, ui.cards(pos.hands[0])) for n, pos in enumerate(starts, 1)]
    assert [line for line in lines if "hand" in line.lower() and not line.startswith(" ")] == hands
    others = {ui.cards([c]) for pos in starts for c in pos.hands[1]}
    shown = {word for line in hands for word in line.split()}
    assert not others & shown, "the computer's hand is never shown as a hand"


@pytest.mark.parametrize(("lang", "partner"), [("en", "Player 3 (your partner): "), ("de", "Spieler 3 (dein Partner): ")])
def test_the_partner_is_named_as_in_the_live_game(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str,
                                                  partner: str) -> None:
    path = played_round(tmp_path, "players=4 level=greedy seed=4")
    assert main(["replay", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert ("you (Player 1) against the “greedy” level" if lang == "en" else "du (Spieler 1) gegen die Stufe „Raffer“") in " ".join(out.split())
    plays = [line.strip() for line in lines if line.startswith("  ") and ": " in line]
    by_partner = [line for line in plays if line.startswith(partner)]
    assert len(by_partner) == sum(p.seat == 2 for p in read_game_file(path).game.rounds[0].plies)
    assert not any("Partner" in line or "partner" in line for line in plays if line.startswith(("Player 2", "Spieler 2")))
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize(("lang", "review", "said"), [
    ("en", "x", "--review takes all, none or the number of a round played to its end (1), not 'x'"),
    ("de", "1,2", "--review braucht all, none oder die Nummer einer zu Ende gespielten Runde (1), nicht „1,2“"),
    ("de", "2", "--review muss 1 sein, nicht 2"),
])
def test_a_bad_review_value_is_answered_in_one_line_in_the_learners_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, review: str, said: str) -> None:
    path = played_round(tmp_path, "level=greedy seed=6")
    assert main(["replay", str(path), "--lang", lang, "--review", review]) == 2
    assert capsys.readouterr().err == f"cassino-tutor replay: {said}\n"


@pytest.mark.parametrize(("lang", "none", "head"), [
    ("en", "No game is kept yet: start the tutor (“cassino-tutor”) and type “play”.", "Your games, newest first"),
    ("de", "Noch ist kein Spiel gespeichert: Starte den Tutor („cassino-tutor“) und tippe „spiele“.",
     "Deine Spiele, die neuesten zuerst"),
])
def test_replay_without_a_game_lists_the_games_to_choose_from(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch, lang: str, none: str,
                                                              head: str) -> None:
    """``replay`` alone was refused ("the following arguments are required: N|FILE"), leaving the learner to find
    the numbers in the shell: it lists the games kept, as the shell's ``games`` does, with how to replay one."""
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    assert main(["replay", "--lang", lang]) == 0
    assert capsys.readouterr().out.strip() == none
    played_round(tmp_path, "level=greedy seed=6")
    capsys.readouterr()
    assert main(["replay", "--lang", lang]) == 0
    listed = capsys.readouterr().out
    assert listed.startswith(head) and "\n  1  " in listed and "cassino-tutor replay N" in listed
    assert max(len(line) for line in listed.splitlines() if str(tmp_path) not in line) <= 80  # a path is not cut


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "cassino-tutor replay: game 9: no such game; “cassino-tutor replay” lists the games kept"),
    ("de", "cassino-tutor replay: Spiel 9: Dieses Spiel gibt es nicht. „cassino-tutor replay“ zeigt die gespeicherten "
           "Spiele."),
])
def test_a_game_that_is_not_kept_says_where_the_list_is(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    played_round(tmp_path, "level=greedy seed=6")
    capsys.readouterr()
    assert main(["replay", "9", "--lang", lang]) == 2
    assert capsys.readouterr().err.strip() == said


def test_the_learners_own_games_are_replayed_in_the_language_the_tutor_keeps(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner who chose German in the shell (``lang de``) was shown their games in the locale's English by
    ``cassino-tutor replay``, which the German ``partien`` tells them to type."""
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    path = played_round(tmp_path, "level=greedy seed=6")
    with open_shell(tmp_path) as shell:
        dispatch(shell, "lang de")
    capsys.readouterr()
    assert main(["replay"]) == 0
    assert capsys.readouterr().out.startswith("Deine Spiele, die neuesten zuerst")
    assert main(["replay", "1"]) == 0
    assert "Tisch zu Beginn:" in capsys.readouterr().out
    assert main(["replay", "1", "--lang", "en"]) == 0
    assert "Table at the start:" in capsys.readouterr().out
    assert main(["--lang", "en", "replay", "1"]) == 0
    assert "Table at the start:" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0  # a file, perhaps someone else's: the locale's language
    assert "Table at the start:" in capsys.readouterr().out
