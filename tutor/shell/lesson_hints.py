"""The hints a lesson's exercise or question step gives after its written ones, from the engine."""

from __future__ import annotations

from collections.abc import Collection

from tutor.content.course import QuestionStep
from tutor.core.cards import Card
from tutor.core.counting import CountPart, count_parts
from tutor.core.position import Position
from tutor.render import Renderer
from tutor.teaching.coach import Challenge


def card_hint(ui: Renderer, challenge: Challenge, tried: Collection[Card]) -> str:
    """The card of an accepted move the learner has not played yet; when every such card has been
    played (in moves that were wrong), that the card is right and is to be played another way."""
    cards = list(dict.fromkeys(m.card for m in challenge.accepted()))
    fresh = [c for c in cards if c not in tried]
    if fresh:
        return ui.message("shell.hint_card", card=ui.card(fresh[0]))
    return ui.message("shell.hint_card_again", card=ui.card(cards[0]))


def question_hints(ui: Renderer, step: QuestionStep, told: Collection[CountPart] = ()) -> list[str]:
    """What to count, then what the count is made of (without how much): for points how many
    scoring items and the majorities nobody wins; for cards and spades the piles it takes in, when
    there are several, and the cards that look like part of it but are not, unless ``told`` (the
    parts a wrong count was already told of) holds them all."""
    pos, ask = step.position, step.ask
    side = ui.side_name(side_seats(pos, step.seat))
    hints = [recount_hint(ui, step)]
    parts = count_parts(pos, step.seat, ask)
    counted = [p for p in parts if p.counted]
    if ask == "points":
        ties = [ui.message(f"scoring.{p.code}", counts=p.counts) for p in parts
                if p.code.startswith("tie_") and p not in told]
        return [*hints, " ".join([ui.message("counts.items", n=len(counted), side=side), *ties])]
    traps = [p for p in parts if not p.counted and p.code != "pile" and p not in told]
    said = []
    if len(counted) > 1 and not all(p in told for p in counted):
        said.append(ui.message("counts.made_of", names=[ui.count_part(ask, p) for p in counted]))
    if traps:
        said.append(ui.message("counts.left_out", names=[ui.count_part(ask, p) for p in traps]))
    return hints + ([" ".join(said)] if said else [])


def recount_hint(ui: Renderer, step: QuestionStep) -> str:
    """What to count for a question, and how; a count of points that takes penalty turns off says so."""
    pos = step.position
    seats = side_seats(pos, step.seat)
    assert pos.penalties is not None
    penalties = pos.variant.penalties and any(pos.penalties[s] for s in seats)
    return ui.message(f"shell.hint_question_{step.ask}", side=ui.side_name(seats), penalties=penalties)


def side_seats(pos: Position, seat: int) -> list[int]:
    """The seats playing on ``seat``'s side."""
    return [s for s in range(pos.players) if pos.side_of(s) == pos.side_of(seat)]
