"""The comparisons and shortfalls checked: every value and difference they state, recomputed from the rules.

A :class:`~tutor.core.comparison.Comparison` tells the learner what a move
takes, scores or leaves, how it does for each criterion of the goal and what it
misses against the best; a :class:`~tutor.core.comparison.Shortfall` names the
criterion it falls short on, by how much, the replies that answer it and, on
``safe``, the threat the move leaves (:func:`threat_problem`).
:func:`comparison_problems` and :func:`shortfall_problems` recompute each of
these from the position (the cards a move takes, the points they score in the
variant, a sweep, what the next player could take, a line played to the round's
end and scored) and say what is false; nothing when all holds.  A false claim
is a bug, found by the tests.
"""

from __future__ import annotations

from .comparison import Comparison, MoveFacts, Shortfall
from .movegen import hand_moves
from .moves import Move
from .position import Position
from .scoring import round_margin
from .solver import Criterion, exposure_after, table_points, trial_hands
from .threat import Threat


def criterion_values(pos: Position, facts: MoveFacts, criterion: Criterion) -> tuple[int, ...]:
    """The values of the move of ``facts`` for one criterion, from the rules (``deal``: its line scored)."""
    move, v = facts.move, pos.variant
    taken = move.captured_cards()
    if criterion.name == "cards":
        return (len(taken),)
    if criterion.name == "points":
        if not move.is_capture:
            return (0,)
        return (v.card_points[move.card] + sum(v.card_points[c] for c in taken) + v.sweep_points * pos.is_sweep(move),)
    if criterion.name == "sweep":
        return (int(pos.is_sweep(move)),)
    if criterion.name == "card":
        return (int(criterion.card in taken),)
    if criterion.name == "safe":
        left = exposure_after(pos, move)
        return (-left.points, -left.cards)
    return (line_value(pos, facts.line),)


def line_value(pos: Position, line: tuple[Move, ...]) -> int:
    """The round points of the mover's side minus the best other side's once ``line`` is played to the end."""
    play = pos.copy()
    for move in line:
        play.push(move)
    assert play.is_round_over(), "a deal line is played to the end of the round"
    return round_margin(play, pos.side_of(pos.to_move))


def facts_problems(pos: Position, facts: MoveFacts, criteria: tuple[Criterion, ...]) -> list[str]:
    """What is false in the facts of one move: what it takes, scores, sweeps, and its values for the goal."""
    move, said = facts.move, pos.notation(facts.move)
    out = []
    if list(facts.taken) != move.captured_cards() or facts.kind != move.kind:
        out.append(f"{said} takes {move.captured_cards()} ({move.kind}), not {list(facts.taken)} ({facts.kind})")
    points = criterion_values(pos, facts, Criterion("points"))[0]
    if facts.points != points or facts.sweep != pos.is_sweep(move):
        out.append(f"{said} scores {points} points now (sweep: {pos.is_sweep(move)}), not {facts.points}")
    if facts.line and facts.line[0] != move:
        out.append(f"the line of {said} does not start with it")
    values = tuple(x for c in criteria for x in criterion_values(pos, facts, c))
    if facts.values != values:
        out.append(f"{said} is worth {values} for the goal, not {facts.values}")
    return out


def comparison_problems(pos: Position, cmp: Comparison) -> list[str]:
    """What is false in ``cmp`` (a move of ``pos`` against the best): each move's facts and what it misses."""
    criteria = cmp.goal.criteria
    out = [p for f in (cmp.played, *cmp.best) for p in facts_problems(pos, f, criteria)]
    top, played = cmp.best[0], cmp.played
    if any(b.values != top.values for b in cmp.best):
        out.append("the best moves are not worth the same")
    if cmp.is_best != (played.values == top.values):
        out.append(f"the played move is {'not ' * cmp.is_best}one of the best")
    if list(cmp.missed_cards) != [c for c in top.taken if c not in played.taken]:
        out.append(f"the cards the best move takes and the played one does not are not {list(cmp.missed_cards)}")
    if cmp.missed_points != max(0, top.points - played.points):
        out.append(f"the best move scores {max(0, top.points - played.points)} more now, not {cmp.missed_points}")
    if cmp.missed_sweep != (top.sweep and not played.sweep):
        out.append(f"the played move misses a sweep: {top.sweep and not played.sweep}, not {cmp.missed_sweep}")
    target = criteria[0].card
    if cmp.missed_target != (target if target is not None and target not in played.taken else None):
        out.append(f"the played move leaves the goal's card: {cmp.missed_target} is wrong")
    lost = top.values[0] - played.values[0]
    if cmp.value_lost != lost or lost < 0 or (lost == 0) != (cmp.is_best or top.values[0] == played.values[0]):
        out.append(f"the played move costs {lost}, not {cmp.value_lost}")
    return out


def shortfall_problems(pos: Position, short: Shortfall) -> list[str]:
    """What is false in ``short``: the criterion the played move first falls short on, the gap there, and the
    replies (the other seats' best moves after it, up to the learner's next turn)."""
    cmp = short.comparison
    out = comparison_problems(pos, cmp)
    mine, best = (cmp.goal.split(f.values) for f in (cmp.played, cmp.best[0]))
    first = next((i for i, (a, b) in enumerate(zip(mine, best)) if a != b), None)
    if cmp.is_best or first is None:
        return [*out, "a best move falls short of nothing"]
    gap = next(b - a for a, b in zip(mine[first], best[first]) if a != b)
    if (short.criterion, short.gap) != (first, gap) or gap <= 0:
        out.append(f"the move falls short on criterion {first} by {gap}, not {short.criterion} by {short.gap}")
    replies, after = [], pos.copy()
    for n, move in enumerate(cmp.played.line):
        if n and after.to_move == pos.to_move:
            break
        replies += [move] if n else []
        after.push(move)
    if list(short.replies) != replies:
        out.append(f"the replies up to the learner's next turn are {replies}, not {list(short.replies)}")
    safe = cmp.goal.criteria[first].name == "safe"
    if short.threat is not None and not safe:
        out.append("a threat is named only for a move that falls short on safe")
    elif short.threat is not None:
        out += [wrong] if (wrong := threat_problem(pos, cmp.played.move, short.threat)) else []
    elif safe and exposure_after(pos, cmp.played.move).cards:
        out.append("the move leaves the next player a capture, and names none")
    return out


def threat_problem(pos: Position, move: Move, threat: Threat) -> str | None:
    """What is false in ``threat`` as the worst capture ``move`` leaves the next player: a card of its rank in some
    hand the next player may hold takes exactly its cards, scoring its points (the most that move leaves, by
    :func:`~tutor.core.solver.exposure_after`) with a sweep or not, as it says; None when all holds."""
    said = pos.notation(move)
    most = exposure_after(pos, move).points
    if threat.points != most:
        return f"after {said} the next player can take at most {most} points, not {threat.points}"
    named = set(threat.cards)
    after = pos.copy()
    after.push(move)
    seat = after.to_move
    opponent = not after.is_round_over() and after.side_of(seat) != pos.side_of(pos.to_move)
    for hand in trial_hands(after, seat) if opponent else []:
        after.hands[seat], after.hidden_counts[seat] = hand, 0
        for m in hand_moves(after, others=False):
            if (m.is_capture and m.card.rank == threat.rank and set(m.captured_cards()) == named
                    and table_points(after, m) == threat.points and after.is_sweep(m) == threat.sweep):
                return None
    return (f"after {said} no card of rank {threat.rank} the next player may hold takes exactly "
            f"{' '.join(sorted(map(str, named)))} for {threat.points} points and {'a' if threat.sweep else 'no'} sweep")
