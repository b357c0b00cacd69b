"""Personal puzzles: the positions of the learner's games where the review marked a move.

Each becomes a puzzle of the review queue, played by the trainer like any
other: every hand is shown (the stock as a count), the text says it is a game
position valued on what the learner could know, and its moves are ranked by
the advisor's values from the learner's view (goal ``advice``, in tenths of a
point, rounded as every value shown is).  The played and the best move are
listed at the values the review confirmed (so the list agrees with the loss the
intro gives), and so is every move that could be listed near the best (one the
advice accepted, or one its value puts within the review's margin of the best):
each is valued in the worlds the review confirmed the loss in
(:func:`tutor.play.review.valued_as_confirmed`).  The other moves, listed at the
advice's values, lie the margin or more below the best.  The moves accepted are
those listed within the margin (:func:`tutor.play.review.margin`, measured as a
loss is) of the highest listed, the played one apart: a tick never stands by a
value the margin below the best, nor is a move listed within it refused.  Only
a move of the same value is said to be as good.
The progress file keeps a personal puzzle as the JSON of :func:`puzzle_data`;
:func:`personal_puzzle` makes the puzzle again.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date
from typing import Any

from tutor.content.course import LANGUAGES, FromGame, Puzzle, Text
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import instant_so_far, live_scores
from tutor.core.solver import Judged
from tutor.loading.positions import load_position, position_to_data
from tutor.loading.yamlfile import FileError
from tutor.play.exact import exact_world
from tutor.play.review import Mark, grade_of, valued_as_confirmed
from tutor.play.view import SeatView
from tutor.render import Renderer
from tutor.render.numbers import POINT_PLACES, tenths
from tutor.render.review import MORE_PLACES, grade_words, loss_places, shown_loss

from .advised import ADVICE, AdvisedRanking

FORMAT = "cassino-tutor personal puzzle"
VERSION = 2
"""Version 2 keeps the position's ``scores`` as every position block does (the match points before the round);
version 1 kept the score as the game showed it, with what the round had scored at once (:func:`stored_scores`)."""
PREFIX = "game-"
"""Personal puzzle ids start with this; the collection's never do (they are read from files)."""

REASON_THEMES = {"sweep": "sweep", "deny_sweep": "deny-sweep", "build": "building", "cards": "most-cards",
                 "last_take": "last-take", "steal": "stealing", "stolen": "stealing"}
"""The puzzle theme of a mark's reason, where one fits."""
KIND_THEMES = {"trail": "trailing", "build": "building", "raise": "raising", "add": "adding"}
"""The puzzle theme of the advised move's kind, where one fits."""
CARD_THEMES = {"A": "aces", "10D": "big-cassino", "2S": "little-cassino"}
"""The puzzle theme of a point card a mark's reason names (by rank, or by code)."""


def themes(mark: Mark) -> tuple[str, ...]:
    """The puzzle themes of a marked position: from its reasons and the advised move's kind; at least one."""
    found = [REASON_THEMES[w.code] for w in mark.reasons if w.code in REASON_THEMES]
    for why in mark.reasons:
        cards = [*why.params.get("cards", []), *why.params.get("hand", []), *([why.params["card"]] if "card" in why.params else [])]
        found += [CARD_THEMES.get(c.rank, CARD_THEMES.get(str(c), "")) for c in cards]
    found.append(KIND_THEMES.get(mark.better.facts.kind, ""))
    chosen = tuple(dict.fromkeys(t for t in found if t))
    return chosen or ("endgame" if not mark.review.ply.before.stock_size else "most-cards",)


def puzzle_position(pos: Position) -> Position:
    """A game position as a puzzle shows it: every hand known, the stock (nobody knows its order) as a count; its
    scores, as in every position, the match points before the round (the puzzle's screen adds what the round has
    scored at once, as the game's did)."""
    shown = pos.copy()
    assert shown.stock is not None
    shown.stock_hidden, shown.stock = shown.stock_size, []
    return shown


def puzzle_id(pos: Position, played: str) -> str:
    """The id of the personal puzzle of ``played`` in ``pos`` (:func:`puzzle_position`): from the position with the
    score the game showed (:func:`live_scores`), as version 1 stored it, so that the same mistake keeps its id."""
    shown = pos.copy()
    shown.scores = live_scores(pos)
    key = json.dumps([position_to_data(shown), played], sort_keys=True).encode()
    return PREFIX + hashlib.sha1(key).hexdigest()[:12]


def stored_scores(pos: Position, version: int) -> list[int]:
    """The match points before the round of a personal puzzle's position ``pos`` as data of ``version`` stored
    them: version 1 stored the score the game showed, with what the round had scored at once (taken off here)."""
    assert pos.scores is not None
    return list(pos.scores) if version >= 2 else [s - i for s, i in zip(pos.scores, instant_so_far(pos))]


def listed_values(mark: Mark) -> list[tuple[Move, float]]:
    """The advice's moves with their values as the puzzle lists them, best first: the played and the best move
    at the values the review confirmed (those its loss is the difference of), the moves that could be listed
    near the best valued in the same worlds (at the advice's values where those worlds are not known: a mark
    made again from a review's data), the others at the advice's."""
    review, players = mark.review, mark.review.ply.before.players
    confirmed = {review.played.move: review.played.value, review.best.move: review.best.value}
    near = [mv for mv in mark.advice.moves if mv.move not in confirmed
            and (mv.move in mark.accepted or grade_of(review.best.value - mv.value, players) is None)]
    confirmed |= {mv.move: mv.value for mv in valued_as_confirmed(review, near) or ()}
    valued = [(mv.move, confirmed.get(mv.move, mv.value)) for mv in mark.advice.moves]
    return sorted(valued, key=lambda pair: -tenths(pair[1]))  # stable: equal values keep the advice's order


def accepted_moves(listed: list[tuple[Move, float]], played: Move, players: int) -> list[Move]:
    """The moves a puzzle listing ``listed`` accepts, best first: those within the margin of the highest listed
    (the loss measured as the review measures one: not graded), but the ``played`` one."""
    top = max(value for _, value in listed)
    return [move for move, value in listed if move != played and grade_of(top - value, players) is None]


def puzzle_data(mark: Mark, day: date, rating: float, match: bool) -> tuple[str, str]:
    """The id and JSON data of the personal puzzle of ``mark``, made on ``day`` at the learner's ``rating``, from a
    game that was a ``match`` or a single round."""
    pos = puzzle_position(mark.review.ply.before)
    block = position_to_data(pos)
    played = pos.notation(mark.review.ply.move)
    listed = listed_values(mark)
    places = loss_places(mark.review, pos.players)
    accepted = accepted_moves(listed, mark.review.ply.move, pos.players)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "made": day.isoformat(),
        "rating": round(rating),
        "position": block,
        "match": match,
        "played": played,
        "grade": mark.review.grade,
        "upto": mark.review.upto,
        "loss": float(shown_loss(mark.review, places)),
        "places": places,
        "themes": list(themes(mark)),
        "moves": [{"move": pos.notation(move), "value": value} for move, value in listed],
        "accepted": [pos.notation(m) for m in accepted],
    }
    return puzzle_id(pos, played), json.dumps(data)


def personal_puzzle(puzzle_id: str, text: str, symbols: bool = True) -> Puzzle | None:
    """The puzzle ``text`` (:func:`puzzle_data`'s JSON) makes again; None when the data is broken
    (a hand edit): the queue then drops it, as it does a puzzle gone from the collection."""
    try:
        return _puzzle(puzzle_id, json.loads(text), symbols)
    except (ValueError, KeyError, TypeError, FileError, RecursionError):  # a MoveError is a ValueError; JSON nested
        return None  # deeper than Python reads, RecursionError


def exact(pos: Position) -> bool:
    """Whether the mover of ``pos`` (a puzzle's position, every hand shown) could tell every card at the table: the
    last deal, where the advisor's value is the solver's, exact (:func:`tutor.play.exact.exact_world`)."""
    return exact_world(SeatView.of(pos, pos.to_move).position()) is not None


def _places_of(loss: float) -> int:
    """The decimals of a loss kept before ``places`` was: as many as its float has, within the review's."""
    return min(max(POINT_PLACES, len(repr(loss).partition(".")[2])), MORE_PLACES)


def _puzzle(puzzle_id: str, data: dict[str, Any], symbols: bool) -> Puzzle:
    if data["format"] != FORMAT:
        raise ValueError(f"not a personal puzzle: {data['format']!r}")
    where = f"personal puzzle {puzzle_id}"
    pos = load_position(json.dumps(data["position"]), where)
    pos.scores = stored_scores(pos, int(data["version"]))
    valued = tuple(Judged(pos.parse_move(m["move"]), (tenths(m["value"]),)) for m in data["moves"])
    played, day = pos.parse_move(data["played"]), date.fromisoformat(data["made"])
    # the played move is never an answer, though a puzzle saved before 4 December 2026 may list it as accepted
    accepted = tuple(move for m in data["accepted"] if (move := pos.parse_move(m)) != played)
    texts: dict[str, str] = {}
    places = int(data["places"]) if "places" in data else _places_of(float(data["loss"]))
    known = exact(pos)
    for lang in LANGUAGES:
        ui = Renderer(lang, symbols)
        texts[lang] = ui.message("review.puzzle_text", day=day, played=ui.move(pos, played),
                                 grade=grade_words(ui, data["grade"], data.get("upto")),
                                 loss=ui.decimal(data["loss"], places), exact=known)
    ranking = AdvisedRanking(ADVICE, valued, 0, accepted=accepted)
    game = FromGame(day, bool(data.get("match", True)))  # kept before it was written: shown as before, with the target
    return Puzzle(puzzle_id, pos.variant, pos, ADVICE, tuple(data["themes"]), int(data["rating"]), None,
                  Text(texts['en'], texts['de']), (), accepted, where, ranking=ranking, game=game)
