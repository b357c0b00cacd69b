"""Line puzzles mined from last deals: the learner's move, the solver's best replies, the learner again.

A last-deal position (stock empty, every hand known, the mover holding
:data:`LINE_HAND` cards) makes a line puzzle when its first move passes the
single-move selection for goal ``deal`` (:func:`~tutor.generator.selection.rejection`),
no greedy grab (the most cards now, then points) is best, and the solver's line from it
gives the learner a second turn that is not trivial (more than one legal
move, not all of them best).  The line goes on through the learner's turns
while each is not trivial.  Along it, each learner move and each reply is
chosen as the trainer chooses a reply (:func:`tutor.teaching.lines.choose_reply`):
the first best move in notation order.
"""

from __future__ import annotations

from tutor.content.course import Text
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Goal, Ranking, rank_moves
from tutor.teaching.hint_words import hint_text
from tutor.teaching.lines import choose_reply, learner_turns

from .difficulty import grab_key, puzzle_rating
from .facts import Study, study
from .hints import hints
from .mining import endgame_view
from .plans import Plan
from .selection import likeness, rejection
from .tagging import themes
from .writing import Draft, draft, problems

DEAL = Goal.from_str("deal")

LINE_HAND = {2: (3, 4), 3: (3, 3), 4: (3, 3)}
"""Cards in the mover's hand at which a last deal is looked at for a line, by players: enough for two
turns that both ask something, few enough for the exact solver to answer each reply at once."""

def line_view(pos: Position) -> Position | None:
    """The last deal ``pos`` with every hand known, when the mover holds :data:`LINE_HAND` cards; else None."""
    low, high = LINE_HAND[pos.players]
    if pos.stock_size or not low <= len(pos.hands[pos.to_move]) <= high:
        return None
    return endgame_view(pos)


def trivial(ranking: Ranking) -> bool:
    """Every legal move is best (one legal move included): a turn that asks nothing."""
    return len(ranking.best) == len(ranking.moves)


def main_line(pos: Position, ranking: Ranking) -> tuple[Move, ...]:
    """The main line from the first best move to the learner's last turn that is not trivial;
    empty when the learner's second turn is already trivial."""
    play, seat = pos.copy(), pos.to_move
    line: list[Move] = []
    pending: list[Move] = []  # replies, kept only if a learner turn worth playing follows
    current = ranking
    while not play.is_round_over():
        if play.to_move == seat and line and trivial(current):
            break
        move = choose_reply(play, current.best, None)
        pending.append(move)
        if play.to_move == seat:
            line += pending
            pending = []
        play.push(move)
        if not play.is_round_over():
            current = rank_moves(play, DEAL)
    return tuple(line) if learner_turns(pos, line) >= 2 else ()


def notations(pos: Position, line: tuple[Move, ...]) -> list[str]:
    """Each move of ``line`` in notation, written on the position it is played in."""
    play, out = pos.copy(), []
    for move in line:
        out.append(play.notation(move))
        play.push(move)
    return out


def grab_is_best(pos: Position, ranking: Ranking) -> bool:
    """Some greedy grab, taking the most cards now and then the most points, is a best move.

    (The selection's ``grab`` rule refuses more: any move taking the most cards being best.)
    """
    most = max(grab_key(pos, j.move) for j in ranking.moves)
    return any(grab_key(pos, m) == most for m in ranking.best)


def draft_line(pos: Position, plan: Plan, max_rating: int | None = None) -> tuple[Draft | None, list[str]]:
    """The line puzzle the last deal ``pos`` makes for the plan's theme, proved, or None; and why it was
    rejected (a code of :data:`tutor.generator.selection.REJECTIONS`; ``too_hard``: rated above ``max_rating``)."""
    ranking = rank_moves(pos, DEAL)
    why = rejection(pos, ranking) or ("grab" if grab_is_best(pos, ranking) else None)
    if why is not None:
        return None, [why]
    found = study(pos, ranking)
    tags = themes(found, plan.theme)
    if plan.theme not in tags:
        return None, ["no_theme"]
    line = main_line(pos, ranking)
    if not line:
        return None, ["short_line"]
    rating = puzzle_rating(pos, DEAL, line, ranking)
    if max_rating is not None and rating > max_rating:
        return None, ["too_hard"]
    made = draft(pos, str(DEAL), tags, rating, line_hints(found, tags), [pos.notation(m) for m in found.best],
                 notations(pos, line), likeness(pos, found.best, DEAL.name))
    # the checker's own proof; a draft it refuses is dropped, never written
    return (None, ["unproved"]) if problems(made) else (made, [])


def line_hints(found: Study, tags: tuple[str, ...]) -> tuple[Text, ...]:
    """A line puzzle's hints: the first move's, then :func:`line_hint`, then the first move's others."""
    first, *rest = hints(found, tags)
    return (first, line_hint(found.position.players), *rest)


def line_hint(players: int) -> Text:
    """The hint that the learner plays again after the reply, or the replies (with three players, the two others'
    assumed to play together against the learner, as the value does; with four, a partner's among them)."""
    return hint_text({2: "line_again", 3: "line_replies", 4: "line_partner"}[players], {})
