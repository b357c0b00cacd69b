"""The words of a game against the computer: its line in a list, its result (and the claim that ended it), a move
played, the hint, the score, and why a saved game cannot be read.  Shared by the shell's game (:mod:`.play`), its
list of games (:mod:`.games`) and ``cassino-tutor replay``."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tutor.core.moves import REASON_CODES
from tutor.core.position import Position
from tutor.core.scoring import gained_at_once
from tutor.play.advisor import Advice
from tutor.play.game import Ply
from tutor.play.ideas import neglects, shared_values
from tutor.play.table_game import MAX_ROUNDS, Settings, TableGame
from tutor.play.worlds import one_way
from tutor.render import Renderer
from tutor.render.chart import fit
from tutor.render.problems import said
from tutor.render.views import limit_seats
from tutor.storage.game_store import GameSummary
from tutor.storage.games import GameFileError
from tutor.teaching.coach import kind_of

from .pager import needs_paging
from .variant_words import classic_changed, match_only, variant_label, variant_summary

SCREEN_ROWS = 24
"""The rows of the smallest terminal a game's screens (its first, a move's, a round's end) are made to fit unpaged
(a pager quit early would hide the table and the prompt).  A taller one is said more briefly, a step at a time up
to :data:`BRIEFEST`: a first screen does not name the rules topics that differ (``rules`` names them), then does
not describe the level (``help play`` does), then leaves the commands to ``help``; the moves of a screen are said
without why a breach of the build duty is one (the reviews say it), and a round's end without naming the cards
left on the table (it counts them); then a move's screen without the blank line above the table, and a round's end
with one marked move, then none (its review's head line names ``analysis``, which lists them all)."""
BRIEFEST = 3


def fitted(say: Callable[[int], str], width: int) -> str:
    """A screen as ``say`` says it at a step of brevity (0, in full, up to :data:`BRIEFEST`): the first step whose
    text, wrapped at ``width`` columns, fits :data:`SCREEN_ROWS` rows unpaged, else the briefest."""
    said = ""
    for brief in range(BRIEFEST + 1):
        said = say(brief)
        if not needs_paging(fit(said, width), SCREEN_ROWS, terminal=True):
            break
    return said


def game_variant(ui: Renderer, settings: Settings, said: Collection[str] = ()) -> str:
    """The variant of a game of ``settings`` by name (:func:`variant_label`, but for the options ``said``), without
    the options of a match in a one-round game (it has no target to reach or claim)."""
    alone = match_only(settings.variant, settings.players) if settings.kind == "round" else []
    return variant_label(ui, settings.variant, said=[*said, *alone])


def game_words(ui: Renderer, game: GameSummary) -> dict[str, Any]:
    """What a line about a game says of it: variant, players, level, round (and whether it is over, the next not
    dealt), scores, date."""
    s = game.settings
    return {
        "variant": game_variant(ui, s), "players": s.players, "level": ui.message(f"levels.{s.level}"),
        "about": ui.message(f"levels.{s.level}_about", players=s.players),
        "kind": s.kind, "round": game.rounds, "between": game.between, "score": score_text(ui, game),
        "started": game.started, "practice": game.practice_from, "seed": s.seed,
        "number": game.key or "",
    }


def opening_text(ui: Renderer, width: int, game: GameSummary, opening: Callable[[int], str]) -> str:
    """A new game's first screen: that it started, what its variant changes, then ``opening`` (the moves before the
    learner's, the table and the prompt, as said at each step); said more briefly until it fits
    :data:`SCREEN_ROWS` rows of ``width`` columns."""
    s = game.settings
    one_round = s.kind == "round"
    named = classic_changed(s.variant, s.players, one_round)  # by the summary: the first line need not say them
    words = {**game_words(ui, game), "variant": game_variant(ui, s, said=named)}
    return fitted(lambda brief: "\n".join(filter(None, [
        ui.message("play.started", **words, brief=brief, claim=claimable(s)),
        variant_summary(ui, s.variant, s.players, one_round, brief=brief > 0), opening(brief)])), width)


def claimable(settings: Settings) -> bool:
    """Whether a game of ``settings`` has claims: a match of a variant with the option ``claim``."""
    return settings.variant.claim and settings.kind == "match"


def claim_text(ui: Renderer, game: TableGame) -> str:
    """The claim that ended ``game``: who claimed, then the engine's count of it (the points certain this round, item
    by item, against the target)."""
    claim = game.claimed
    assert claim is not None
    me, side = game.learner, game.side_seats[claim.count.side]
    named = ui.side_name(side, me)
    partner = next((ui.seat_name(s) for s in side if s != me), "") if me in side else ""
    mate = next((ui.seat_name(s, me) for s in side if s != claim.seat), "")  # the claimer's partner
    said = ui.message("play.claimed", who=ui.player_name(game.position, me, claim.seat), me=claim.seat == me,
                      side=named if len(side) > 1 else "", mine=me in side, target=claim.count.target, mate=mate)
    return said + "\n" + ui.claim(claim.count, game.settings.variant, named, me in side, partner)


def ended_text(ui: Renderer, game: TableGame, scored_above: bool = False) -> str:
    """How ``game`` ended (it is over): the claim that ended it, if one did, then the result (:func:`result_text`)."""
    claimed = claim_text(ui, game) if game.claimed is not None else ""
    return "\n".join(filter(None, [claimed, result_text(ui, game, scored_above)]))


def instant_win(game: TableGame | GameSummary) -> bool:
    """Whether an instant win (the target reached by points scored as they fell) decided ``game``: its last round
    ended there, and that round's score as it stood is not counted."""
    return game.result is not None and game.result.reason == "instant"


def skunk_win(game: TableGame | GameSummary) -> bool:
    """Whether a skunk decided ``game``: a side took every point of the match's first round (``skunk: win``)."""
    return game.result is not None and game.result.reason == "skunk"


def result_text(ui: Renderer, game: TableGame | GameSummary, scored_above: bool = False) -> str:
    """How the game ended (it is over): who won, or with three sides who tied for the most points, and the match
    points; after a claim, whether it was true (its count is :func:`claim_text`).  A one-round game whose round score
    is ``scored_above`` (its Total line just above) says by how many points instead of the points again, unless an
    instant win decided it (the points that reached the target are not that total)."""
    result = game.result
    assert result is not None
    seats, scores = game.side_seats, game.scores
    margin = None
    if scored_above and game.settings.kind == "round" and result.winner is not None and not instant_win(game):
        margin = game.scores[result.winner] - max(p for s, p in enumerate(game.scores) if s != result.winner)
    tied = []  # with three sides, those that share the most points, where that is the end
    if result.winner is None and result.reason in ("round", "rounds") and len(scores) > 2:
        tied = [side for side, points in enumerate(scores) if points == max(scores)]
    return ui.message(
        "play.result", reason=result.reason, kind=game.settings.kind, score=score_text(ui, game), margin=margin,
        target=game.settings.variant.target,
        winner=ui.side_name(seats[result.winner], game.learner) if result.winner is not None else "",
        won=result.winner == game.learner_side, practice=game.practice_from, most_rounds=MAX_ROUNDS,
        loser=ui.side_name(seats[result.loser], game.learner) if result.loser is not None else "",
        lost=result.loser == game.learner_side,
        me_tied=game.learner_side in tied,
        tied=[ui.side_name(seats[side], game.learner) for side in tied if side != game.learner_side],
    )


def played_text(ui: Renderer, ply: Ply, me: int, drew: int | None = None) -> str:
    """One move played, in words: who plays it, the move, its kind and what it takes (``me``: the learner's seat),
    and in Draw Cassino that the mover then draws a card, ``drew`` cards left in the stock (None: draws none)."""
    pos, move = ply.before, ply.move
    return ui.message(
        "play.played", who=ui.seat_name(ply.seat, me), me=ply.seat == me,
        partner=ply.seat != me and pos.side_of(ply.seat) == pos.side_of(me),
        move=ui.move(pos, move), kind=ui.move_kind(kind_of(pos, move)),
        taken=ui.cards(move.captured_cards()) if move.is_capture else "", drew=drew,
    )


def hint_text(ui: Renderer, pos: Position, advice: Advice, limit: float | None = None) -> str:
    """The in-game hint of ``advice`` on ``pos`` (the learner's view): the advisor's move, its value and how it was
    found (the hidden cards lying one way, every way they can lie averaged, or random draws of them averaged), and
    the next best's value; where the advice was stopped by its time budget of ``limit`` seconds, a line that says
    so, with the moves not valued."""
    best, *others = advice.moves
    said = ui.message(
        "play.hint", move=ui.move(pos, best.move), value=best.value, spread=best.spread, worlds=advice.worlds,
        deals=advice.deals, stock=pos.stock_size, one_way=one_way(pos),
        other=ui.move(pos, others[0].move) if others else "", other_value=others[0].value if others else 0.0,
    )
    if advice.stopped and limit is not None:
        said += "\n" + ui.message("play.hint_stopped", limit=limit, unvalued=advice.unvalued)
    return said


def breach_text(ui: Renderer, ply: Ply, me: int, brief: bool = False) -> str:
    """Under build duty ``penalty``, why a move breaks the duty (unless ``brief``) and the points its side loses: the
    mover neglected its builds (took, raised or added to none of them), or now controls a build whose value it does
    not hold (or two builds only one card of its hand takes: :func:`shared_values`); ``""`` for a move that keeps
    the duty."""
    pos, move, seat = ply.before, ply.move, ply.seat
    if not pos.penalised(move):
        return ""
    side = [s for s in range(pos.players) if pos.side_of(s) == pos.side_of(seat)]
    neglect = neglects(pos, move)
    return ui.message("play.breach", neglect=neglect, shared=() if neglect else shared_values(pos, move),
                      me=seat == me, side=ui.side_name(side, me),
                      seats=len(side), me_in_side=me in side, points=pos.variant.default_penalty, brief=brief)


def at_once_text(ui: Renderer, ply: Ply, me: int) -> str:
    """What a move scores the moment it is made, and for whom: a sweep under ``instant_sweeps`` (Michigan), the
    point cards it takes under ``instant_points``; ``""`` for a move that scores nothing at once (a breach's
    penalty is :func:`breach_text`'s)."""
    points = gained_at_once(ply.before, ply.move)
    if not points:
        return ""
    pos = ply.before
    side = [s for s in range(pos.players) if pos.side_of(s) == pos.side_of(ply.seat)]
    return ui.message("play.at_once", side=ui.side_name(side, me), seats=len(side), me_in_side=me in side,
                      points=points)


def round_over_text(ui: Renderer, game: TableGame) -> str:
    """``Round N is over``; when an instant win cut it short, that the game was decided at once; when the instant
    limit ended it early (cards still to play), whose instant scores reached it: the other sides' sweeps and the
    seat's own penalties (the learner's first, if at the limit)."""
    end, me = game.position, game.learner
    if instant_win(game):
        return ui.message("play.round_over", round=len(game.rounds), limit=0, decided=True)
    seats = limit_seats(end)
    if not seats:
        return ui.message("play.round_over", round=len(game.rounds), limit=0, decided=False)
    assert end.sweeps is not None and end.penalties is not None
    seat = min(seats, key=lambda s: s != me)
    sweeps = sum(end.sweeps[s] for s in range(end.players) if end.side_of(s) != end.side_of(seat))
    return ui.message("play.round_over", round=len(game.rounds), limit=end.variant.instant_limit, decided=False,
                      marks=end.instant_marks(seat), me=seat == me, who=ui.player_name(end, me, seat),
                      sweeps=sweeps, sides=end.sides, penalties=end.penalties[seat])


def score_text(ui: Renderer, game: TableGame | GameSummary) -> str:
    """The match points, side by side: ``you and Player 3: 5 · Players 2 and 4: 8``."""
    sides = [(ui.side_name(seats, game.learner), points) for seats, points in zip(game.side_seats, game.scores)]
    return ui.message("names.standing", sides=sides)


def problem_text(ui: Renderer, err: GameFileError) -> str:
    """Why a saved game cannot be read, in one line: a move that cannot be played is said in words."""
    fault = err.move
    if fault is None:
        return said(ui, err.said) if err.said is not None else err.problem
    if fault.kind == "reason" and fault.code in REASON_CODES:
        why = ui.message(f"reason_titles.{fault.code}")
    else:
        why = ui.message("play.saved_move_not_a_move" if fault.kind == "typo" else "play.saved_move_ambiguous")
    return ui.message("play.saved_move", round=fault.round, number=fault.number, move=fault.text, why=why)
