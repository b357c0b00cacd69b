"""Michigan Cassino's build duty costs points instead of forbidding moves: each move that breaks it is said as it
is played, with the points it costs and whose, for the learner and the computers alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shell_helpers import game_run, open_shell

from tutor.cli.replay import deals
from tutor.content.presets import variant
from tutor.loading.positions import load_position
from tutor.play.claims import CHECKS, Pair
from tutor.play.game import Ply, play_one_round
from tutor.play.ideas import breach, neglects, shared_values
from tutor.play.players import player
from tutor.render import Renderer
from tutor.render.chart import fit
from tutor.render.review import why_words
from tutor.shell.commands import dispatch
from tutor.shell.game_text import breach_text

BREACH = {"en": "Build duty broken", "de": "Bautenpflicht verletzt"}
LINE_BREACH = {"en": ", breaking the build duty (−2 points)", "de": ", Bautenpflicht verletzt (−2 Punkte)"}
LOSS = {  # (players, the learner's side?) -> how the side that loses the points is said
    "en": {(2, True): "you lose 2 points.", (2, False): "Player 2 loses 2 points.",
           (4, True): "you and Player 3 lose 2 points.", (4, False): "Players 2 and 4 lose 2 points."},
    "de": {(2, True): "du verlierst 2 Punkte.", (2, False): "Spieler 2 verliert 2 Punkte.",
           (4, True): "du und Spieler 3 verlieren 2 Punkte.", (4, False): "Spieler 2 und 4 verlieren 2 Punkte."},
}
WHY = {"en": ("took, raised or added to none of", "no card to take a build of"),  # builds left alone, or unheld
       "de": ("Bauten eingenommen, erhöht oder ergänzt", "keine Karte für eine")}
NAME_END = re.compile(r"\b(?:Players?|Spieler)$")
START = {"en": "play round michigan players={} level=random seed={}",
         "de": "spiele runde michigan spieler={} stufe=zufallsspieler seed={}"}


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review at the round's end with few worlds keeps this fast (the review's own: test_review.py)."""
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_every_breach_of_the_build_duty_is_said_with_its_cost(tmp_path: Path, lang: str, players: int,
                                                              seed: int) -> None:
    """The learner breaks the duty with their first moves that can: each breach, theirs, their partner's or an
    opponent's, is said once, after its move, with the side that loses the points; a move that keeps the duty is
    said without it.  The computers play at random, so that they break it too (the club now breaks it almost only
    where every move does)."""
    with open_shell(tmp_path, lang=lang) as shell:
        replies = [dispatch(shell, START[lang].format(players, seed)).text]
        mine = 0
        while not game_run(shell).game.round_over:
            pos = game_run(shell).position
            moves = pos.generate()
            breaking = [m for m in moves if pos.penalised(m)]
            keeping = [m for m in moves if not pos.penalised(m)]
            move = breaking[0] if breaking and (mine < 3 or not keeping) else keeping[0]
            said = dispatch(shell, pos.notation(move)).text
            first = said.split("\n")[0]
            assert first.startswith("You play" if lang == "en" else "Du spielst"), first
            assert (BREACH[lang] in first) == pos.penalised(move), first
            if pos.penalised(move):
                mine += 1
                assert LOSS[lang][players, True] in first, first
            replies.append(said)
            assert len(replies) < 40
        end = game_run(shell).game.position
        said = "\n".join(replies)
        ours = sum(n for s, n in enumerate(end.penalties) if end.side_of(s) == end.side_of(0))
        assert mine >= 3 and sum(end.penalties) > ours
        assert said.count(BREACH[lang]) == sum(end.penalties)
        assert sum(said.count(why) for why in WHY[lang]) == sum(end.penalties) and all(w in said for w in WHY[lang])
        assert said.count(LOSS[lang][players, True]) == ours
        assert said.count(LOSS[lang][players, False]) == sum(end.penalties) - ours
        for width in range(30, 121):  # a seat's name keeps its number: never "Player" / "2 holds no card"
            lines = fit(said, width).split("\n")
            split = [(a, b) for a, b in zip(lines, lines[1:]) if NAME_END.search(a) and b[:1].isdigit()]
            assert not split, (width, split)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_line_of_play_marks_each_move_that_breaks_the_build_duty(lang: str) -> None:
    """The replay of a Michigan round, deal by deal: each move that broke the build duty is marked with what it
    cost, and no other (the walk's replay showed "You: 6♠" where the game had said the duty was broken and 2 points
    lost, and the round's score only "penalty for 2 turns")."""
    record = play_one_round(variant("michigan"), [player("random")] * 2, 3)
    ui, marks = Renderer(lang), []
    for start, moves in deals(record.plies):
        steps = ui.line(start, moves, 0, partner=True, score=False).splitlines()[:len(moves)]
        marks += [LINE_BREACH[lang] in step for step in steps]
    assert marks == [p.before.penalised(p.move) for p in record.plies] and any(marks)


TALLY = {"en": re.compile(r"\b\d+ penalt(?:y|ies)\b"), "de": re.compile(r"\b\d+ Strafen?\b")}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("preset", "tally"), [("michigan", False), ("michigan-5", True)])
def test_a_breach_is_said_once_on_a_four_player_screen(tmp_path: Path, lang: str, preset: str, tally: bool) -> None:
    """A breach is said with its move, and the table under it does not say it again as the seat's penalty turns
    ("Player 4: 3 hidden cards · taken 4 cards, 1 penalty" under "Player 4 plays 7♠ (trail). Build duty broken
    ..."): its points are in the score line at once and the round's score counts them.  Only where the instant
    limit counts them (michigan-5) are a seat's penalty turns shown, as they bring the round's end nearer."""
    start = START[lang].replace("michigan", preset).format(4, 5)
    with open_shell(tmp_path, lang=lang) as shell:
        screens = [dispatch(shell, start).text]
        while not game_run(shell).game.round_over:
            pos = game_run(shell).position
            screens.append(dispatch(shell, pos.notation(pos.generate()[0])).text)
            assert len(screens) < 40
        breaches = sum(game_run(shell).game.position.penalties or [])
        assert breaches and sum(s.count(BREACH[lang]) for s in screens) == breaches
        tallies = [line for s in screens for line in s.split("\n") if TALLY[lang].search(line)]
        assert bool(tallies) == tally, tallies


SWEPT = {"en": ("You score 2 points at once.", "Player 2 scores 2 points at once."),
         "de": ("Du bekommst sofort 2 Punkte.", "Spieler 2 bekommt sofort 2 Punkte.")}
LINE_SWEPT = {"en": " at once", "de": " sofort "}
GREEDY = {"en": "play round michigan level=greedy seed=8", "de": "spiele runde michigan stufe=raffer seed=8"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_sweep_that_scores_at_once_says_so_with_its_move(tmp_path: Path, lang: str) -> None:
    """In Michigan a sweep scores the moment it is made: its move's line says the points and whose, as a breach's
    line says what it costs (the walk: a breach said its 2 points at once, a sweep nothing of its 2)."""
    with open_shell(tmp_path, lang=lang) as shell:
        replies = [dispatch(shell, GREEDY[lang]).text]
        while not game_run(shell).game.round_over:
            pos = game_run(shell).position
            sweeps = [m for m in pos.generate() if pos.is_sweep(m)]
            move = (sweeps or pos.generate())[0]
            said = dispatch(shell, pos.notation(move)).text
            first = said.split("\n")[0]
            assert (SWEPT[lang][0] in first) == bool(sweeps), first
            replies.append(said)
        swept = [p.seat for p in game_run(shell).game.current.plies if p.before.is_sweep(p.move)]
        said = "\n".join(replies)
        assert 0 in swept
        assert [said.count(words) for words in SWEPT[lang]] == [swept.count(0), swept.count(1)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("preset", "points"), [("michigan", 2), ("classic", 0)])
def test_a_line_of_play_marks_each_sweep_that_scores_at_once(lang: str, preset: str, points: int) -> None:
    """The replay of a round, deal by deal: where sweeps score at once (Michigan) each sweep's step says its 2 points
    at once, and no other step; where they score at the count (Classic), none says so."""
    record = play_one_round(variant(preset), [player("greedy")] * 2, 4)
    ui, marks = Renderer(lang), []
    for start, moves in deals(record.plies):
        steps = ui.line(start, moves, 0, partner=True, score=False).splitlines()[:len(moves)]
        marks += [f"{points}{' point' if lang == 'en' else ' Punkt'}" in step and LINE_SWEPT[lang] in step
                  for step in steps]
    sweeps = [p.before.is_sweep(p.move) for p in record.plies]
    assert any(sweeps)
    assert marks == (sweeps if points else [False] * len(sweeps))


@pytest.mark.parametrize(("lang", "line", "why"), [
    ("en", "Build duty broken (one card for your builds of 1 and 14, which takes only one)",
     "(you hold one card for your builds of 1 and 14, which takes only one)"),
    ("de", "Bautenpflicht verletzt (eine einzige Karte für deine Bauten auf 1 und 14, die nur eine davon einnimmt)",
     "(du hältst eine einzige Karte für deine Bauten auf 1 und 14, die nur eine davon einnimmt)")])
def test_one_ace_for_two_builds_is_a_breach_said_as_such(lang: str, line: str, why: str) -> None:
    """Michigan with royal aces high: the A♥ raising the 13-build to 14 leaves a build of 1 and one of 14, and the
    A♣ takes either but not both (rules 4.1, docs/readings.md 1), so the move costs the penalty; its breach line
    said "no card to take a build of yours", and the review "you hold no card to take a build of yours", beside the
    A♣ held (the refusal's words were mended for this case in ee4e1ea)."""
    pos = load_position("variant: {preset: michigan, values: royal, aces_high: true}\nhands: [[AH, AC, KD], 3]\n"
                        "table: [{build: [[AS], [AD]], owner: 0}, {build: [10C, 3D], owner: 0}]", "aces.yaml")
    raise14 = pos.parse_move("AH b14 [10C+3D]")
    take1 = next(m for m in pos.generate() if str(m.card) == "AC" and m.kind == "capture" and m.value == 1)
    assert pos.penalised(raise14) and not pos.penalised(take1) and not neglects(pos, raise14)
    assert shared_values(pos, raise14) == (1, 14)
    ui = Renderer(lang)
    assert breach_text(ui, Ply(pos.copy(), raise14), 0).startswith(line)
    [reason] = breach(pos, raise14, take1)
    assert CHECKS["breach"](Pair(pos, raise14, take1, 1, 1), dict(reason.params)) is None
    assert why in " ".join(why_words(ui, reason, 0, 2, pos.variant).split())
    nothing = load_position("variant: {preset: michigan, values: royal, aces_high: true}\nhands: [[AH, 5C], 3]\n"
                            "table: [{build: [10C, 3D], owner: 0}]", "aces.yaml")
    unheld = nothing.parse_move("AH b14 [10C+3D]")  # no ace left: no card for the 14-build at all
    assert shared_values(nothing, unheld) == () and WHY[lang][1] in breach_text(ui, Ply(nothing.copy(), unheld), 0)
