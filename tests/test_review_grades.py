"""The review's grades: a loss confirmed with more worlds until its grade is settled at 95% or shown as a range,
a missed sure sweep always marked, and the solver's lines where a last deal's value is exact."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

import pytest

from tutor.content.presets import variant
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.search import solve_deal
from tutor.core.table import Build
from tutor.play.advisor import MoveValue, advise, world_values
from tutor.play.confirm import CONFIRM_FACTOR, UNMARKED_ERRORS, Loss, Z, confirm, exact_deals, loss_of
from tutor.play.deal_values import deal_values, exact_ways
from tutor.play.game import Ply, play_one_round
from tutor.play.players import player
from tutor.play.review import MARGINS, grade_of, graded, judge, ply_advice, ply_seed, review_ply, review_round
from tutor.play.view import SeatView
from tutor.play.worlds import deal_ways, every_deal, sampled_worlds, world_stream
from tutor.render import Renderer
from tutor.render.review import review_text

WORLDS = 8
"""Few worlds keep the tests fast (a loss is then confirmed over at most CONFIRM_FACTOR times as many)."""


def cards(text: str) -> list[Card]:
    return [Card.from_str(c) for c in text.split()]


def club_round(players: int, seed: int) -> tuple[Ply, ...]:
    return play_one_round(variant("classic"), [player("club")] * players, seed).plies


def unsettled_losses(plies: tuple[Ply, ...]) -> Iterator[tuple[int, Position, MoveValue, MoveValue, Loss]]:
    """The mid-round moves of ``plies`` with three legal moves or more whose loss of the worst move against the
    best is not settled by the advice's worlds, and is confirmed over sampled worlds (not over every deal): the
    ply's index, the seat's view as a position, the best and the worst move's values, and that first loss."""
    for index, ply in enumerate(plies):
        view = SeatView.of(ply.before, ply.seat)
        if len(view.legal_moves()) < 3 or ply.before.stock_size == 0 or exact_deals(view.position(), WORLDS):
            continue
        advice = ply_advice(view, 0, index, worlds=WORLDS)
        best, worst = advice.moves[0], advice.moves[-1]
        first = loss_of(best, worst)
        if not first.settled(MARGINS[2]) and first.worlds >= WORLDS:
            yield index, view.position(), best, worst, first


def test_more_worlds_of_a_seed_extend_the_same_sample() -> None:
    pos = SeatView.of(club_round(3, 4)[3].before, 0).position()
    longer = list(islice(world_stream(pos, 9), 12))
    assert [w.hands for w in longer[:5]] == [w.hands for w in sampled_worlds(pos, 5, 9)]
    assert len({str(w.hands) for w in longer}) == 12  # independent draws, not one world again


def test_a_loss_near_a_threshold_gets_more_worlds_until_settled_or_the_budget_is_spent() -> None:
    """The mid-round move of a club round whose loss straddles a grade's threshold after the advice's worlds:
    confirmed, its interval lies on one side of every threshold or it has every world it may have (or all but
    the last doubling, which would most likely settle nothing), and its values are the advisor's in the seed's
    own worlds."""
    for index, pos, best, worst, _ in unsettled_losses(club_round(2, 3)):
        loss = confirm(pos, ply_seed(0, index), WORLDS, best, worst, MARGINS[2])
        last = loss.worlds == CONFIRM_FACTOR * WORLDS // 2 and loss.hopeless(MARGINS[2], loss.worlds, 2 * loss.worlds)
        assert loss.settled(MARGINS[2]) or loss.worlds == CONFIRM_FACTOR * WORLDS or last
        assert loss.worlds > WORLDS and loss.low <= loss.mean <= loss.high
        worlds = sampled_worlds(pos, loss.worlds, ply_seed(0, index))
        recomputed = [world_values(w, [best.move, worst.move]) for w in worlds]
        assert loss.better.samples == tuple(v[0] for v in recomputed)
        assert loss.played.samples == tuple(v[1] for v in recomputed)
        return
    pytest.fail("the round has no loss to confirm")


def test_only_a_loss_that_may_be_marked_is_confirmed() -> None:
    """A loss whose mean is under the margin by a standard error or more, its interval holding no other
    threshold, is left unmarked at the advice's worlds (confirming it could only settle it as unmarked or mark
    it); one closer to the margin or above is confirmed as ever, and a mark stays as sure."""
    least = MARGINS[2][0]
    below = above = False
    for seed in range(2, 8):
        for index, pos, best, worst, first in unsettled_losses(club_round(2, seed)):
            if not first.settled(MARGINS[2][1:]):
                continue
            loss = confirm(pos, ply_seed(0, index), WORLDS, best, worst, MARGINS[2], least=least)
            if first.mean + UNMARKED_ERRORS * (first.high - first.low) / (2 * Z) < least:
                below = True
                assert loss == first and graded(loss, 2)[0] is None
                assert confirm(pos, ply_seed(0, index), WORLDS, best, worst, MARGINS[2]).worlds > WORLDS
            else:
                above = True
                assert loss.worlds > WORLDS and (loss.settled(MARGINS[2]) or loss.worlds == CONFIRM_FACTOR * WORLDS
                                                 or loss.mean < least)
            if below and above:
                return
    pytest.fail(f"no loss straddling the margin from {'above' if below else 'below'}")


def few_deals(other: int, unseen: str, loose: str = "5H AS 9C", builds: tuple[Build, ...] = ()) -> Position:
    """Classic, two players, seat 0 to move with 10♦ 5♣ A♥ in the middle of a round; seat 1 holds ``other`` of
    the ``unseen`` cards, the stock the rest; every other card is taken."""
    v = variant("classic")
    hand, shown = cards("10D 5C AH"), {*cards(loose), *(c for b in builds for c in b.cards), *cards(unseen)}
    rest = [c for c in v.deck_cards if c not in {*hand, *shown}]
    return Position(v, 2, [hand, []], cards(loose), list(builds), to_move=0, dealer=1, hidden=[0, other],
                    captured=[rest[:len(rest) // 2], rest[len(rest) // 2:]], stock_hidden=len(unseen.split()) - other)


def test_every_deal_of_the_hidden_hands_once_as_the_holding_rule_allows() -> None:
    pos = few_deals(2, "2C 3D 4H 6S 7C 9D")
    deals = every_deal(pos)
    assert deal_ways(pos) == len(deals) == 15
    assert len({frozenset(hand) for hand, _ in deals}) == 15
    assert all(sorted({*hand, *rest}) == sorted(cards("2C 3D 4H 6S 7C 9D")) for hand, rest in deals)
    assert {frozenset(w.hands[1]) for w in sampled_worlds(pos, 48, 1)} <= {frozenset(hand) for hand, _ in deals}
    # seat 1 owns a build of 9: it holds a nine in every deal
    owned = few_deals(2, "2C 3D 4H 6S 9D 9H", loose="AS", builds=(Build(9, tuple(cards("4S 5H")), 1, True),))
    assert deal_ways(owned) == 15
    assert len(every_deal(owned)) == 9 and all({*cards("9D 9H")} & {*hand} for hand, _ in every_deal(owned))
    drawn = Position(variant({"preset": "classic", "draw": True}), 2, pos.hands, pos.loose, [], to_move=0, dealer=1,
                     hidden=[0, 2], captured=pos.captured, stock_hidden=4)
    # a playout draws from the stock: each of its orders is a deal of its own
    assert deal_ways(drawn) == len(every_deal(drawn)) == 15 * 4 * 3 * 2
    assert len({(frozenset(hand), stock) for hand, stock in every_deal(drawn)}) == 360
    assert {(frozenset(w.hands[1]), tuple(w.stock)) for w in sampled_worlds(drawn, 48, 1)} <= \
        {(frozenset(hand), stock) for hand, stock in every_deal(drawn)}


def test_a_draw_loss_before_the_stock_runs_out_is_exact_over_every_order_of_the_stock() -> None:
    """Draw, 2 players, the grade benchmark's round of seed 6062 (bench_grade_stability --preset draw --seed 6061,
    round 1), ply 38: the stock hides 2 cards and the other hand 4 of the 6 unseen, 30 ways with the stock's order.
    Building 9 with 3♠ on 6♦ loses exactly 2.003 points against trailing A♥: a blunder for every seed.  Sampled
    (before 5 December 2026), 768 worlds left it a range from a mistake to a blunder for nine review seeds of ten
    and one (seed 0) settled a blunder."""
    plies = play_one_round(variant("draw"), [player("club"), player("club")], 6062, dealer=1).plies
    ply = plies[38]
    view = SeatView.of(ply.before, ply.seat)
    pos = view.position()
    assert (pos.stock_hidden, pos.hidden_counts, deal_ways(pos), str(ply.move)) == (2, [0, 4], 30, "3S b9 6D")
    reviews = [review_ply(view, ply, seed, 38, 0)[1] for seed in (0, 1)]
    assert all(r is not None and r.sample is not None and r.sample.stratified for r in reviews)
    reviewed, other = (replace(r, sample=None) for r in reviews if r is not None)
    assert reviewed == other and str(reviewed.best.move) == "AH"
    assert (reviewed.grade, reviewed.upto) == ("blunder", "blunder")
    assert reviewed.interval[0] == reviewed.interval[1] == pytest.approx(2.0034443335354326)


def test_a_loss_over_few_deals_is_their_mean_whatever_the_seed() -> None:
    """Seat 1 holds one hidden card of nine: the loss of 10♦ x 9♣+A♠ against A♥ x A♠ is 1 point with eight of
    them and less with one.  An advice of 16 worlds may miss that one or draw it twice; confirmed, the loss is
    the mean over the nine cards seat 1 could hold (one card has no order), whatever the seed: one grade."""
    unseen = "2C 3D 4H 6S 7C 8D JH QS KC"
    pos = few_deals(1, unseen)
    better, played = pos.parse_move("AH x AS"), pos.parse_move("10D x 9C+AS")
    by_card = []
    for card in cards(unseen):
        world = pos.copy()
        world.hands[1], world.hidden_counts[1] = [card], 0
        world.stock, world.stock_hidden = [c for c in cards(unseen) if c != card], 0
        by_card.append(world_values(world, [better, played]))
    exact = sum(b - p for b, p in by_card) / 9
    straddled, grades = False, set()
    for seed in range(5):
        advice = advise(SeatView.of(pos, 0), worlds=16, seed=seed)
        straddled |= not loss_of(advice.value_of(better), advice.value_of(played)).settled(MARGINS[2])
        loss = confirm(pos, seed, 16, advice.value_of(better), advice.value_of(played), MARGINS[2])
        assert loss.low == pytest.approx(exact) and loss.high == pytest.approx(exact)
        assert loss.worlds % 9 == 0
        grades.add(graded(loss, 2))
    assert straddled  # the advice's worlds alone could not settle it
    assert len(grades) == 1


def test_a_loss_over_few_deals_is_every_deal_once_over_every_order_of_the_hands() -> None:
    """Seat 1 holds two hidden cards of six (15 deals): the loss is each deal's values averaged over the orders of
    seat 1's hand (deal_values), every deal once: an interval of one point, the same for every seed."""
    pos = few_deals(2, "2C 3D 4H 6S 7C 9D")
    means = {}
    for seed in range(3):
        advice = advise(SeatView.of(pos, 0), worlds=16, seed=seed)
        best, worst = advice.moves[0], advice.moves[-1]
        loss = confirm(pos, seed, 16, best, worst, MARGINS[2])
        values = deal_values(pos, every_deal(pos), [best.move, worst.move])
        assert loss.stratified and loss.worlds == len(values) == 15
        assert loss.better.samples == tuple(v[0] for v in values)
        assert loss.played.samples == tuple(v[1] for v in values)
        assert loss.low == loss.high == pytest.approx(loss.mean)
        means.setdefault((best.move, worst.move), set()).add(loss.mean)
    assert all(len(found) == 1 for found in means.values())


def test_a_loss_over_more_deals_than_the_advice_has_worlds_is_exact_from_the_first_look() -> None:
    """Seat 1 holds two hidden cards of twelve: 66 deals, more than an advice's 16 worlds, no more than half the
    512 a loss may be confirmed over.  The loss is every deal once from the first look, not sampled looks that
    a seed may settle on the wrong side of it: the same for every seed.  With 64 worlds at most (an advice of 2),
    it is sampled."""
    pos = few_deals(2, "2C 3D 4H 6S 7C 9D 8H JS QD KH 2H 3S")
    assert exact_ways(pos) == 66
    means: dict[tuple[Move, Move], set[float]] = {}
    for seed in range(3):
        advice = advise(SeatView.of(pos, 0), worlds=16, seed=seed)
        best, worst = advice.moves[0], advice.moves[-1]
        loss = confirm(pos, seed, 16, best, worst, MARGINS[2])
        assert loss.stratified and loss.worlds == 66 and loss.low == loss.high
        values = deal_values(pos, every_deal(pos), [best.move, worst.move])
        assert loss.mean == pytest.approx(sum(v[0] - v[1] for v in values) / 66)
        means.setdefault((best.move, worst.move), set()).add(loss.mean)
    assert all(len(found) == 1 for found in means.values())
    advice = advise(SeatView.of(pos, 0), worlds=2, seed=0)
    assert not confirm(pos, 0, 2, advice.moves[0], advice.moves[-1], MARGINS[2]).stratified


def test_a_move_dropped_early_is_valued_in_every_world_of_the_advice_before_it_settles() -> None:
    """The advisor stops valuing a move clearly behind after its first worlds; its loss is never settled on those."""
    pos = Position(variant("classic"), 2, [cards("10D 5C AH"), []], cards("5H AS 9C"), [], to_move=0, dealer=1,
                   hidden=[0, 4], captured=[[], []], stock_hidden=40)
    advice = advise(SeatView.of(pos, 0), worlds=16, seed=1)
    dropped = next(mv for mv in advice.moves if len(mv.samples) < advice.worlds)
    loss = confirm(pos, 1, 16, advice.moves[0], dropped, MARGINS[2])
    assert loss.worlds >= 16 and len(loss.played.samples) == len(loss.better.samples) == loss.worlds


def test_grades_at_the_ends_of_the_interval() -> None:
    first = club_round(2, 3)[0]
    better = advise(SeatView.of(first.before, first.seat), worlds=WORLDS).moves[0]

    def loss(low: float, high: float) -> Loss:
        return replace(loss_of(better, better), low=low, high=high)

    assert graded(loss(2.1, 3.0), 2) == ("blunder", "blunder")
    assert graded(loss(0.8, 1.2), 2) == ("inaccuracy", "mistake")  # a range
    assert graded(loss(0.3, 0.7), 2) == (None, "inaccuracy")  # not surely an inaccuracy: not marked
    assert graded(loss(0.3, 0.7), 2, loss(0.1, 0.4)) == ("inaccuracy", "inaccuracy")  # a sure sweep passed up
    assert graded(loss(0.3, 0.7), 2, loss(-0.1, 0.4)) == (None, "inaccuracy")  # the sweep not surely better
    assert Z > 1.96  # the 95% is shared among the looks


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_range_of_grades_in_words(lang: str) -> None:
    """A mark whose grade is a range says both grades and the interval, and the summary counts it apart."""
    pos = Position(variant("classic"), 2, [cards("10D 5C AH"), []], cards("5H AS 9C"), [], to_move=0, dealer=1,
                   hidden=[0, 4], captured=[[], []], stock_hidden=40)
    review = review_round([Ply(pos, pos.parse_move("5C"))], 0, worlds=WORLDS)
    [mark] = review.marks
    ranged = replace(review, marks=(replace(mark, review=replace(mark.review, grade="mistake", upto="blunder",
                                                                 interval=(1.9, 2.3))),))
    text = review_text(Renderer(lang), ranged)
    said = {"en": ["was a mistake or a blunder", "(1.9 to 2.3 by the advisor's sampling, at 95%",
                   "1 move that was a mistake or a blunder"],
            "de": ["war ein Fehler oder ein grober Fehler", "(1,9 bis 2,3 nach den Stichproben des Beraters",
                   "1 Zug, der ein Fehler oder ein grober Fehler war"]}[lang]
    for words in said:
        assert words in text, text
    assert ("reviewed: 1 move that was" if lang == "en" else "besprochen: 1 Zug, der") in text, text
    assert "0 " not in text.split("\n\n")[-1].split(":")[1], text  # no grade counted 0
    for players in (2, 3, 4):  # the grades' least losses, which differ by players, are said under the marks
        least = [Renderer(lang).decimal(loss, places=None) for loss in MARGINS[players]]
        said_grades = {
            "en": f"a move that loses {least[0]} points or more is an inaccuracy, {least[1]} a mistake, {least[2]} a "
                  "blunder.",
            "de": f"ist ein Zug, der {least[0]} Punkte oder mehr verliert, eine Ungenauigkeit, ab {least[1]} ein "
                  f"Fehler, ab {least[2]} ein grober Fehler."}[lang]
        assert said_grades in review_text(Renderer(lang), replace(ranged, players=players))
    four = review_text(Renderer(lang), replace(ranged, players=4))
    assert ("loses 1.25 points or more is an inaccuracy, 2.5 a mistake, 3.5" if lang == "en" else
            "der 1,25 Punkte oder mehr verliert, eine Ungenauigkeit, ab 2,5 ein Fehler, ab 3,5") in four  # not 1.3


@pytest.mark.slow
def test_the_same_position_gets_the_same_grade_whatever_the_seed() -> None:
    """A club move whose single advice graded it an inaccuracy, a mistake or a blunder by the seed (losses of
    0.9 to 2.4): confirmed, every seed grades it alike."""
    ply = play_one_round(variant("classic"), [player("club")] * 2, 2027, dealer=1).plies[24]
    view = SeatView.of(ply.before, 0)
    single, confirmed = set(), set()
    for seed in range(10):
        advice = ply_advice(view, seed, 24)
        single.add(grade_of(advice.moves[0].value - advice.value_of(ply.move).value, 2))
        review = judge(view, advice, ply_seed(seed, 24), 24, 1, ply)
        confirmed.add((review.grade, review.upto))
    assert len(single) > 1  # what the review did before: the grade by the seed
    assert len(confirmed) == 1, confirmed


def swept(players: int) -> Position:
    """Seat 0 to move early in a round of classic: it can sweep K♦ with K♥; every other card is hidden."""
    hidden = [0] + [3] * (players - 1)
    return Position(variant("classic"), players, [cards("2S KH 9D")] + [[] for _ in range(players - 1)], cards("KD"),
                    [], to_move=0, dealer=players - 1, hidden=hidden, captured=[[] for _ in range(players)],
                    stock_hidden=48 - sum(hidden))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sure_sweep_passed_up_is_marked(players: int) -> None:
    pos = swept(players)
    review = review_round([Ply(pos, pos.parse_move("9D"))], 0, worlds=WORLDS)
    [mark] = review.marks
    assert mark.review.sure_sweep and mark.review.grade is not None
    assert pos.is_sweep(mark.better.facts.move) and mark.reasons[0].code == "sweep"
    assert mark.review.interval[0] > 0


def test_a_sure_sweep_passed_up_with_four_players_is_marked_whatever_the_seed() -> None:
    """A four-player club round: 2♠ trailed where K♥ x K♦ swept. One advice of few worlds puts its loss under
    the inaccuracy margin for some seeds; the sweep is surely worth more, so every seed marks it."""
    ply = club_round(4, 111)[5]
    pos = ply.before
    played = Ply(pos, pos.parse_move("2S"))
    assert pos.is_sweep(pos.parse_move("KH x KD"))
    single = [grade_of(a.moves[0].value - a.value_of(played.move).value, 4)
              for a in (ply_advice(SeatView.of(pos, ply.seat), s, 0, worlds=WORLDS) for s in range(3))]
    assert None in single  # the margins alone leave it unmarked by the seed
    for seed in range(3):
        [mark] = review_round([played], ply.seat, worlds=WORLDS, seed=seed).marks
        assert mark.review.sure_sweep


def test_a_sweep_is_not_sure_where_the_rules_score_no_sweep_or_the_move_played_sweeps_too() -> None:
    pos = swept(4)
    off = Position(variant({"preset": "classic", "sweep_points": 0}), 4, pos.hands, pos.loose, [], to_move=0, dealer=3,
                   hidden=pos.hidden_counts, captured=[[] for _ in range(4)], stock_hidden=pos.stock_hidden)
    assert not any(m.sure_sweep for m in review_round([Ply(off, off.parse_move("9D"))], 0, worlds=WORLDS).moves)
    two = Position(variant("classic"), 2, [cards("KS KH 9D"), []], cards("KD"), [], to_move=0, dealer=1,
                   hidden=[0, 3], captured=[[], []], stock_hidden=45)
    assert not any(m.sure_sweep for m in review_round([Ply(two, two.parse_move("KS x KD"))], 0, worlds=WORLDS).moves)


def last_deal_example() -> Position:
    """The issue's position: classic, two players, the last deal; the table 7♦ 4♠ J♣, the learner's hand 2♦ J♦
    7♠ A♦.  The other hand is every card not yet seen (here 10♥ 6♦ K♥ 8♦)."""
    v = variant("classic")
    hand, table, other = cards("2D JD 7S AD"), cards("7D 4S JC"), cards("10H 6D KH 8D")
    rest = [c for c in v.deck_cards if c not in {*hand, *table, *other}]
    return Position(v, 2, [hand, other], table, [], to_move=0, dealer=1, captured=[rest[:21], rest[21:]],
                    last_capturer=1)


@pytest.fixture(scope="module")
def example_review():  # type: ignore[no-untyped-def]
    pos = last_deal_example()
    return pos, review_round([Ply(pos, pos.parse_move("7S x 7D"))], 0, worlds=WORLDS)


def test_an_exact_last_deal_mark_has_the_solvers_lines(example_review) -> None:  # type: ignore[no-untyped-def]
    pos, review = example_review
    [mark] = review.marks
    assert pos.notation(mark.better.facts.move) == "2D" and mark.review.grade == "blunder"
    assert mark.review.loss == 8.0 and mark.review.interval == (8.0, 8.0)  # exact: one world, solved
    solution = {lv.move: lv for lv in solve_deal(pos).moves}
    assert mark.lines is not None
    assert mark.lines.better == solution[pos.parse_move("2D")]
    assert mark.lines.played == solution[pos.parse_move("7S x 7D")]
    assert mark.lines.better.value - mark.lines.played.value == mark.review.loss


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lines_in_words_follow_the_solver(example_review, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Each move of both lines is shown in order, and where the table's last cards go: after 2♦ the learner
    takes last with the jack and collects A♦; after 7♠ x 7♦ the other player does."""
    pos, review = example_review
    ui = Renderer(lang, symbols=False)
    text = review_text(ui, review)
    [mark] = review.marks
    assert mark.lines is not None
    at = 0
    for line in (mark.lines.better.line, mark.lines.played.line):
        play = pos.copy()
        for move in line:
            at = text.index(ui.move(play, move), at)
            play.push(move)
    residue = {"en": ["you took last and so take the cards left on the table (8D 10H AD KH)",
                      "Round points: 8 for you, 3 for Player 2",
                      "Player 2 took last and so takes the cards left on the table (AD 8D 2D KH)",
                      "Round points: 4 for you, 7 for Player 2"],
               "de": ["(8Ka 10H AKa KH), bekommst du", "Punkte der Runde: 8 (du), 3 (Spieler 2)",
                      "bekommt Spieler 2, der zuletzt eingenommen hat", "Punkte der Runde: 4 (du), 7 (Spieler 2)"]}[lang]
    for said in residue:
        assert said in text, text


def test_no_lines_where_the_value_is_sampled() -> None:
    pos = swept(2)
    [mark] = review_round([Ply(pos, pos.parse_move("9D"))], 0, worlds=WORLDS).marks
    assert mark.lines is None


def test_the_last_doubling_of_worlds_is_not_spent_where_it_would_most_likely_settle_nothing() -> None:
    """A loss whose interval, one doubling short of every world, holds a threshold closer to its mean than the
    interval's half-width would shrink to with twice the worlds is left there, one look early: a range, or not
    marked.  Another still gets every world or is settled (the test above)."""
    most = CONFIRM_FACTOR * WORLDS
    for seed in range(2, 12):
        for index, pos, best, worst, _ in unsettled_losses(club_round(2, seed)):
            loss = confirm(pos, ply_seed(0, index), WORLDS, best, worst, MARGINS[2])
            if loss.worlds == most // 2 and not loss.settled(MARGINS[2]):
                half = (loss.high - loss.low) / 2
                assert any(loss.low < t <= loss.high and abs(loss.mean - t) < half / 2 ** 0.5 for t in MARGINS[2])
                return
    pytest.fail("no loss left one doubling short of every world")


def test_a_loss_is_left_unmarked_at_once_only_a_standard_error_under_the_margin() -> None:
    """Worked examples with the two-player thresholds (0.5, 1.0, 2.0): a mean of 0.3 whose standard error is 0.15
    (0.3 + 0.15 < 0.5) is left unmarked at once; with an error of 0.25 (0.3 + 0.25 >= 0.5) it is confirmed, as is
    a mean of 0.1 whose interval reaches 1.0 (another threshold), and a mean at the margin."""
    move = next(iter(few_deals(2, "2D 3D 4D").generate()))

    def loss(mean: float, error: float) -> Loss:
        better, played = MoveValue(move, mean, 0.0, ()), MoveValue(move, 0.0, 0.0, ())
        return Loss(better, played, mean - Z * error, mean + Z * error, 48)

    assert UNMARKED_ERRORS == 1.0
    assert loss(0.3, 0.15).unmarked(MARGINS[2], 0.5)
    assert not loss(0.3, 0.25).unmarked(MARGINS[2], 0.5)
    assert not loss(0.1, 0.35).unmarked(MARGINS[2], 0.5)  # 0.1 + 0.35 < 0.5, but 0.1 + 2.64 * 0.35 reaches 1.0
    assert not loss(0.5, 0.01).unmarked(MARGINS[2], 0.5)
    assert not loss(0.3, 0.15).unmarked(MARGINS[2], None)


def test_a_loss_of_a_whole_margin_less_a_floats_rounding_error_earns_its_grade() -> None:
    """The values of the advisor are floats: 0.6814868285937381 against -0.31851317140626145, a loss of one point
    less 4e-16, was graded an inaccuracy with two players, where one point is a mistake (the review said "an
    inaccuracy: it lost 1.0 point"; the sweep of benchmarks/sweep_claims.py, classic, seed 14, seat 1, move 3)."""
    assert grade_of(0.6814868285937381 - -0.31851317140626145, 2) == "mistake"
    assert grade_of(1.0 - 1e-6, 2) == "inaccuracy"  # a loss truly under the margin is not
    seats = [player("random"), player("club")]
    review = review_round(play_one_round(variant("classic"), seats, 14).plies, 1, worlds=2, seed=14)
    (mark,) = [m for m in review.marks if m.review.turn == 3]
    assert mark.review.grade == mark.review.upto == "mistake"
    words = review_text(Renderer("en", symbols=False), review)
    assert "Your move 3: KD x KC (capture) was a mistake: it lost 1.0 point." in words


def test_a_hidden_hand_too_large_for_its_orders_to_be_counted_is_left_to_sampled_worlds() -> None:
    """Seat 1 holds six hidden cards of seven (7 deals, but 720 orders of a hand): the loss is not valued over
    every order (a hand of the option hand_size may hold up to 26 cards) but over worlds drawn as elsewhere."""
    pos = few_deals(6, "2C 3D 4H 6S 7C 9D 8H")
    assert deal_ways(pos) == 7 and exact_ways(pos) is None
    advice = advise(SeatView.of(pos, 0), worlds=16, seed=1)
    loss = confirm(pos, 1, 16, advice.moves[0], advice.moves[-1], MARGINS[2])
    assert not loss.stratified and loss.worlds >= 16
