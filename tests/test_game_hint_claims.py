"""Every claim of the in-game hint is true: its move, numbers and comparison words recomputed from the advice's samples
and the rules (tutor/shell/hint_claims.py), over the positions of seeded rounds in several presets with 2, 3 and 4
players, in English and German; and the checker finds a false word when there is one."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from tutor.content.presets import variant
from tutor.core.position import Position
from tutor.play.advisor import Advice, advise
from tutor.play.deal_values import deal_values
from tutor.play.game import play_one_round
from tutor.play.players import player
from tutor.play.review import ply_advice, ply_seed
from tutor.play.view import SeatView
from tutor.play.worlds import deal_ways, every_deal, world_stream
from tutor.render import Renderer
from tutor.shell.game_text import hint_text
from tutor.shell.hint_claims import advice_problems, exact_problems, game_hint_problems, hint_word_problems, ways

PRESETS = ("classic", "michigan", "draw")
WIDE_PRESETS = ("classic", "royal", "draw", "spade", "michigan", "michigan-5", "italian")
EVERY = 4
"""Every fourth ply of a round gives a hint (the suite's run), each valued on few worlds: the claims hold whatever
the values."""


def hinted(name: str, players: int, seed: int, every: int, worlds: int) -> Iterator[tuple[Position, Advice]]:
    """The learner's view and the hint's advice (the review's seed and ply) at every ``every``-th ply with a choice of
    a round of club players."""
    record = play_one_round(variant(name), [player("club")] * players, seed)
    for index, ply in enumerate(record.plies):
        view = SeatView.of(ply.before, ply.seat)
        if index % every == 0 and len(view.legal_moves()) >= 2:
            yield view.position(), ply_advice(view, seed, index, worlds=worlds)


def check_rounds(presets: tuple[str, ...], seeds: range, every: int, worlds: int) -> Counter[str]:
    seen: Counter[str] = Counter()
    for name, players, seed in itertools.product(presets, (2, 3, 4), seeds):
        for pos, advice in hinted(name, players, seed, every, worlds):
            assert game_hint_problems(pos, advice) == [], (name, players, seed, pos.notation(advice.best))
            en = " ".join(hint_text(Renderer("en"), pos, advice).split())
            seen["hints"] += 1
            seen["one way"] += "nothing to average" in en
            seen["same"] += "the same to a tenth" in en
            seen["differs"] += "The next best" in en and "the same to a tenth" not in en
    return seen


def test_every_hint_of_seeded_rounds_says_only_what_its_advice_holds() -> None:
    seen = check_rounds(PRESETS, range(1, 2), EVERY, 4)
    assert seen["hints"] > 60 and seen["one way"] and seen["same"] and seen["differs"], seen


@pytest.mark.slow
@pytest.mark.wide
def test_every_hint_of_more_seeded_rounds_on_the_shells_worlds_holds() -> None:
    seen = check_rounds(WIDE_PRESETS, range(2, 4), 3, 48)
    assert seen["hints"] > 400, seen


def position(name: str, players: int, seed: int, index: int) -> tuple[SeatView, Position]:
    ply = play_one_round(variant(name), [player("club")] * players, seed).plies[index]
    view = SeatView.of(ply.before, ply.seat)
    return view, view.position()


def test_a_hint_cut_short_in_its_first_world_says_so_and_not_that_every_card_is_lying_one_way() -> None:
    """A hint whose time ran out within the first world has one world valued: it said "the cards you cannot see are
    all in the stock now, so there is nothing to average" (worlds == 1) where the opponent's hand hides cards too."""
    view, pos = position("classic", 2, 1, 4)
    ticks = itertools.count()
    advice = ply_advice(view, 1, 4, worlds=48, budget=0.5, clock=lambda: float(next(ticks)))
    assert advice.stopped and advice.worlds == 1 and ways(pos) > 1 and deal_ways(pos) != 1
    assert game_hint_problems(pos, advice, 0.5, 48) == []
    for lang, words in (("en", "On one random draw of how the hidden cards could lie"),
                        ("de", "Nach einer einzigen zufälligen Ziehung")):
        ui = Renderer(lang)
        text = " ".join(hint_text(ui, pos, advice).split())
        assert words in text
        old = {"en": "The cards you cannot see are all in the stock now, so there is nothing to average: ",
               "de": "Was du nicht siehst, liegt jetzt alles im Talon, es gibt also nichts zu mitteln: Der Zug "}
        said_before = re.sub(r"(On one|Nach einer einzigen).*?\), ", old[lang], text)
        assert said_before != text and hint_word_problems(ui, pos, advice, said_before), said_before


def test_a_hint_over_draws_that_repeat_does_not_call_them_ways_the_cards_could_lie() -> None:
    """Three players, the stock empty: the hidden hands can be dealt 20 ways, and the 48 draws of the advice hold
    only some of them, several times over; the hint said "averaged over 48 ways the hidden cards could lie"."""
    view, pos = position("classic", 3, 1, 38)
    advice = advise(view, worlds=48, seed=ply_seed(1, 38))  # as `cassino-tutor advise` gives it: sampled
    draws = itertools.islice(world_stream(pos, ply_seed(1, 38)), 48)
    drawn = {tuple(frozenset(w.hands[s]) for s in range(3)) for w in draws}
    assert ways(pos) == deal_ways(pos) == 20 and len(drawn) < 48 and advice.worlds == 48
    assert game_hint_problems(pos, advice) == []
    for lang, wrong in (("en", "48 ways"), ("de", "48 Möglichkeiten")):
        text = " ".join(hint_text(Renderer(lang), pos, advice).split())
        assert wrong not in text and "48" in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_checker_finds_each_false_word(lang: str) -> None:
    """The checks can fail: a number off by a tenth, the next best said the same or not, another move named, a count
    of draws or a spread not the samples'."""
    view, pos = position("classic", 3, 1, 3)
    advice = ply_advice(view, 1, 3, worlds=6)
    ui = Renderer(lang)
    text = " ".join(hint_text(ui, pos, advice).split())
    assert hint_word_problems(ui, pos, advice, text) == []
    best, other = advice.moves[0], advice.moves[1]
    shown = [ui.decimal(best.value, signed=True), ui.decimal(other.value, signed=True), ui.decimal(best.spread)]
    assert len(set(shown[:2])) == 2, shown  # the next best differs here
    same = {"en": " too: the same to a tenth of a point.", "de": ": auf ein Zehntel Punkt genau gleich gut."}[lang]
    wrongs = [
        text.replace(shown[0], ui.decimal(best.value + 0.1, signed=True), 1),
        text.replace(f"±{shown[2]}", f"±{ui.decimal(best.spread + 0.1)}"),
        text.replace(" 6 ", " 7 ", 1),
        text.replace(ui.move(pos, best.move), ui.move(pos, other.move), 1),
        text[:-1] + same if lang == "en" else text.replace(" wert.", " wert" + same),
    ]
    for wrong in wrongs:
        assert wrong != text and hint_word_problems(ui, pos, advice, wrong), wrong
    tied = replace(advice, moves=(best, replace(other, value=best.value, samples=best.samples), *advice.moves[2:]))
    tied_text = " ".join(hint_text(ui, pos, tied).split())
    assert same.strip(" .:") in tied_text and hint_word_problems(ui, pos, tied, tied_text) == []
    assert hint_word_problems(ui, pos, tied, text), "the same values shown as different"


def test_the_checker_finds_an_advice_not_its_samples_and_a_last_deal_not_its_exact_value() -> None:
    view, pos = position("classic", 3, 1, 3)
    advice = ply_advice(view, 1, 3, worlds=6)
    best, other, *rest = advice.moves
    assert advice_problems(pos, advice) == []
    assert advice_problems(pos, replace(advice, moves=(other, best, *rest)))  # not best first
    assert advice_problems(pos, replace(advice, moves=(replace(best, value=best.value + 0.01), other, *rest)))
    assert advice_problems(pos, replace(advice, moves=(replace(best, spread=best.spread + 0.01), other, *rest)))
    assert advice_problems(pos, replace(advice, unvalued=1))
    view, last = position("classic", 2, 1, 45)  # the last deal: every card known
    exact = ply_advice(view, 1, 45, worlds=48)
    assert last.stock_size == 0 and ways(last) == 1 and exact.worlds == 1
    assert exact_problems(last, exact) == [] and game_hint_problems(last, exact) == []
    top = exact.moves[0]
    assert exact_problems(last, replace(exact, moves=(replace(top, value=top.value + 1), *exact.moves[1:])))


def test_a_move_dropped_as_behind_is_never_named_best_on_its_first_worlds_alone() -> None:
    """Royal, three players, the sweep's round of seed 2 (one random player), ply 40: 10D was dropped as clearly
    behind after 8 worlds at −8.0, and the best, KD, ended at −8.06 over 48, so the hint named 10D, "averaged over
    48 random draws", on 8 of them.  Now such a move is valued on every world, and ranked by all of them."""
    seats = [player("club"), player("club"), player("random")]
    ply = play_one_round(variant("royal"), seats, 2).plies[40]
    view = SeatView.of(ply.before, ply.seat)
    pos, advice = view.position(), advise(view, worlds=48, seed=ply_seed(2, 40))  # sampled, as `advise` gives it
    assert len(advice.moves[0].samples) == advice.worlds == 48
    assert any(len(mv.samples) < 48 for mv in advice.moves), "a move is still dropped early"
    assert game_hint_problems(pos, advice) == []


def ticked_advice(budget: float) -> tuple[Position, Advice]:
    """The hint's advice on a two-player classic position asked for 48 worlds, on a clock that ticks a second at
    each look: stopped by a ``budget`` of a few ticks."""
    view, pos = position("classic", 2, 1, 4)
    ticks = itertools.count()
    return pos, ply_advice(view, 1, 4, worlds=48, budget=budget, clock=lambda: float(next(ticks)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_checker_reads_the_time_limit_line(lang: str) -> None:
    """The line under a hint its time budget stopped ("The advisor stopped at its time limit of 5 s: this is its
    best so far (1 move not valued in time), ..."): said exactly where the advice was stopped, with the budget it
    was given and the moves the rules allow that it did not value; it was not read back at all."""
    ui = Renderer(lang)
    for budget in (0.5, 30.0):  # stopped in the first world (a move not valued), and after 15 worlds
        pos, advice = ticked_advice(budget)
        unvalued = len(pos.generate()) - len(advice.moves)
        assert advice.stopped and (unvalued > 0) == (budget < 1) and advice.worlds < 48
        text = hint_text(ui, pos, advice, budget)
        line = ui.message("play.hint_stopped", limit=budget, unvalued=unvalued)
        assert text.endswith(line) and hint_word_problems(ui, pos, advice, text, budget, 48) == []
        assert game_hint_problems(pos, advice, budget, 48) == []
        plain = hint_text(ui, pos, advice)
        wrongs = [
            plain,  # stopped, not said
            plain + "\n" + ui.message("play.hint_stopped", limit=budget + 1, unvalued=unvalued),
            plain + "\n" + ui.message("play.hint_stopped", limit=budget, unvalued=unvalued + 1),
        ]
        for wrong in wrongs:
            assert hint_word_problems(ui, pos, advice, wrong, budget, 48), wrong
        assert hint_word_problems(ui, pos, advice, text, None, 48)  # no budget was given
    pos, full = ticked_advice(200.0)
    assert not full.stopped and full.worlds == 48
    text = hint_text(ui, pos, full, 200.0)
    assert hint_word_problems(ui, pos, full, text, 200.0, 48) == []
    said = text + "\n" + ui.message("play.hint_stopped", limit=200.0, unvalued=0)
    assert hint_word_problems(ui, pos, full, said, 200.0, 48)  # said where the advice was not stopped
    claimed = replace(full, stopped=True)  # an advice that says it stopped, yet valued everything on every world
    assert hint_word_problems(ui, pos, claimed, said, 200.0, 48)
    assert hint_word_problems(ui, pos, claimed, said, 200.0) == []  # which only the worlds asked for can tell


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_where_the_hands_lie_in_few_ways_is_exact_and_says_so(lang: str) -> None:
    """Three players, the stock empty, the hidden hands dealt 20 ways, 10 of them as the holding rule allows: the hint
    values every move over those 10 deals, each over every order of the hidden hands (the review's confirmation
    there is exact too), names that best move, and says it averaged all 10 ways; the sampled advice's 48 draws
    held only some of them."""
    view, pos = position("classic", 3, 1, 38)
    advice = ply_advice(view, 1, 38, worlds=48)
    deals = every_deal(pos)
    assert advice.deals == len(deals) == 10 and deal_ways(pos) == 20 and advice.worlds == 48
    exact = deal_values(pos, deals, [mv.move for mv in advice.moves])
    assert [mv.samples for mv in advice.moves] == [tuple(v[i] for v in exact) for i in range(len(advice.moves))]
    assert game_hint_problems(pos, advice) == []
    text = " ".join(hint_text(Renderer(lang), pos, advice).split())
    assert ("all 10 ways" if lang == "en" else "alle 10 Möglichkeiten") in text
    wrong = hint_text(Renderer(lang), pos, replace(advice, deals=0))  # said as draws: the checker finds it
    assert hint_word_problems(Renderer(lang), pos, advice, " ".join(wrong.split()))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_over_one_or_two_deals_says_so_in_words(lang: str) -> None:
    """Three players, the stock empty, a card in each hidden hand: the hands lie in two ways, or in one where the
    holding rule leaves one.  The hint said "averaged over all 2 ways" and "over all 1 ways" (with a spread of 0.0);
    now "both ways", and one way said as nothing to average, for the holding rule; the checker reads both back."""
    said = {"en": ("Averaged over both ways the hidden cards could lie",
                   "The cards you cannot see can lie only one way, as the owner of each build holds a card that "
                   "takes it, so there is nothing to average"),
            "de": ("Im Mittel über beide Möglichkeiten, wie die verdeckten Karten liegen könnten",
                   "Was du nicht siehst, kann nur auf eine Weise liegen, da der Besitzer jeder Baute eine Karte hält, "
                   "die sie einnimmt; es gibt also nichts zu mitteln")}[lang]
    for (seed, index), words in zip(((1, 44), (22, 44)), said):
        view, pos = position("classic", 3, seed, index)
        advice = ply_advice(view, seed, index, worlds=48)
        assert advice.deals == len(every_deal(pos)) == (2 if seed == 1 else 1)
        text = " ".join(hint_text(Renderer(lang), pos, advice).split())
        assert words in text and ("±" in text) == (seed == 1), text
        assert game_hint_problems(pos, advice) == []
        wrong = hint_text(Renderer(lang), pos, replace(advice, deals=0))  # said as draws: the checker finds it
        assert hint_word_problems(Renderer(lang), pos, advice, " ".join(wrong.split()))
