"""The :class:`Renderer`: engine data and explanation data put into words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from functools import partial
from typing import Any

from tutor.content import presets
from tutor.content.course import Text
from tutor.core.cards import Card
from tutor.core.comparison import Comparison, Shortfall
from tutor.core.counting import CountPart, Miscount
from tutor.core.moves import AmbiguousMoveError, InvalidMoveError, Move, Reason
from tutor.core.position import Position
from tutor.core.round import ClaimCount
from tutor.core.scoring import RoundScore, majority_ties, score_round
from tutor.core.solver import Goal
from tutor.core.text import nearest
from tutor.core.threat import Threat
from tutor.core.variant import Variant

from .environment import language
from .langs import LANGS
from .numbers import POINT_PLACES, Number, format_number
from .views import MoveView, line_view, move_view, pile_views, position_view, score_row, score_rows, scoring_facts
from .words import CardLike


class Renderer:
    """Every word a learner reads, in one language (``en`` or ``de``).

    Text comes back plain: no colours, suits as glyphs (``10♦``) or, with
    ``symbols=False``, as letters (``10D``).
    """

    def __init__(self, lang: str, symbols: bool = True) -> None:
        self.lang = lang
        self.symbols = symbols
        self._language = language(lang, symbols)
        self._words = self._language.words

    # ---- the catalog and the templates -----------------------------------------

    def message(self, key: str, /, **params: Any) -> str:
        """The catalog message ``FILE.KEY`` (``reasons.round_over``)."""
        return self._language.messages(key, **params)

    def has_message(self, key: str) -> bool:
        """Whether the catalog holds the message ``FILE.KEY`` (a teacher's own lesson has no ``lesson_ids`` word)."""
        return key in self._language.messages

    def render(self, template: str, **params: Any) -> str:
        """A template of this language (``position`` means ``position.j2``), without a trailing newline."""
        name = template if "." in template else f"{template}.j2"
        return self._language.env.get_template(name).render(**params).rstrip("\n")

    # ---- cards, moves, players -------------------------------------------------

    def card(self, c: CardLike) -> str:
        """Short form in the learner's letters: ``Q♠``, ``D♠`` (``QS``, ``DP`` without symbols)."""
        return self._words.card(c)

    def card_name(self, c: CardLike) -> str:
        """Long form: ``10 of diamonds``, ``Karo-10``."""
        return self._words.card_name(c)

    def cards(self, cs: Iterable[CardLike]) -> str:
        """Short forms, space-separated: ``3♥ 4♦ 7♣``."""
        return self._words.cards(cs)

    def move(self, pos: Position, move: Move) -> str:
        """The move in the notation, as the learner may type it back (cards in the learner's letters)."""
        return self._words.notation(pos.notation(move))

    def listed_move(self, pos: Position, move: Move) -> str:
        """The move as a list of legal moves shows it: its notation, and a trail (the card alone) labelled so."""
        said = self.move(pos, move)
        return f"{said} ({self.message('moves.trail')})" if move.kind == "trail" else said

    def text(self, text: Text) -> str:
        """A text of a lesson or puzzle in the learner's language, its cards in the learner's letters."""
        return self._words.in_letters(text.get(self.lang))

    def decimal(self, x: Number, places: int | None = POINT_PLACES, signed: bool = False) -> str:
        """A number as the templates' ``decimal`` filter writes it in this language (``+1.2``, ``+1,2``)."""
        return format_number(x, places, signed, locale=self.lang)

    def typed_card(self, c: Card) -> str:
        """A card as the learner types it (``QS``, ``DP``), for completion."""
        return self._words.typed(c)

    def typed_move(self, notation: str) -> str:
        """A move written in the notation's English codes as the learner types it (``7S x 7H``, ``7P x 7H``)."""
        return self._words.typed_notation(notation)

    def typed_build(self, piles: Sequence[Sequence[Card]]) -> str:
        """A build as the learner types it (``[7C+2H]``, ``[7Kr+2H]``), for completion."""
        return "[" + " ".join("+".join(self._words.typed(c) for c in pile) for pile in piles) + "]"

    def move_kind(self, kind: str) -> str:
        """``trail``, ``capture``, ``build``, ``raise`` or ``add`` as a word."""
        return self.message(f"moves.{kind}")

    def seat_name(self, seat: int, me: int | None = None) -> str:
        """``Player 2`` (one-based), or ``you`` for the seat ``me``."""
        return self.message("names.you") if seat == me else self.message("names.seat", n=seat + 1)

    def player_name(self, pos: Position, me: int | None, seat: int) -> str:
        """The seat's name, with ``your partner`` when it sits on the side of ``me``."""
        name = self.seat_name(seat, me)
        if me is None or seat == me or pos.side_of(seat) != pos.side_of(me):
            return name
        return self.message("names.your_partner", name=name)

    def side_name(self, seats: Sequence[int], me: int | None = None) -> str:
        """A side by its seats: one seat's name, or a partnership."""
        if len(seats) == 1:
            return self.seat_name(seats[0], me)
        if me in seats:
            partner = next(s for s in seats if s != me)
            return self.message("names.you_and_partner", partner=self.seat_name(partner))
        return self.message("names.partners", seats=[s + 1 for s in seats])

    # ---- answers to a typed move -------------------------------------------------

    def reason(self, pos: Position, reason: Reason, by_other: bool = False) -> str:
        """Why the move tried in ``pos`` is illegal: the rule, with the cards that break it.  ``by_other``: the
        move is not the learner's (a lesson shows it), and the words name its player where they would say "you"."""
        card = reason.params.get("card")
        kept = [c for c in pos.hands[pos.to_move] if c != card]
        mover = self.seat_name(pos.to_move) if by_other else None
        return self.message(f"reasons.{reason.code}", kept=kept, mover=mover, **reason.params)

    def invalid(self, err: InvalidMoveError) -> str:
        """A typo: what is wrong, then the form a move takes, with an example."""
        what = self.message(f"typos.{err.code}", text=err.text, **err.params)
        return what + "\n" + self.move_form(err.example)

    def move_form(self, example: str) -> str:
        """The form a move takes, with ``example`` (a move in the notation) as the learner types it."""
        return self.message("typos.expected", example=self._words.typed_notation(example))

    def ambiguous(self, pos: Position, err: AmbiguousMoveError) -> str:
        """The moves a typed text could mean, one a line."""
        return self.message("typos.ambiguous", text=err.text, moves=[self.move(pos, m) for m in err.candidates])

    # ---- goals and comparisons ---------------------------------------------------

    def goal(self, goal: Goal, variant: Variant | None = None, players: int = 2, exact: bool = False) -> str:
        """What the goal asks for, as an instruction; later criteria break ties.  The points counted are
        the variant's, and a ``deal`` goal with three players says what its value assumes; ``exact``: a personal
        puzzle of the last deal, valued by the solver (the ``advice`` goal says so)."""
        facts = scoring_facts(variant or presets.variant())
        first, *ties = [self.message(f"goals.{c.name}", card=c.card, players=players, exact=exact, **facts)
                        for c in goal.criteria]
        return "\n".join([first, *(self.message("goals.tie_break", goal=t) for t in ties)])

    def comparison(self, pos: Position, cmp: Comparison, threat: Threat | None = None, exact: bool = False,
                   explained: bool = False) -> str:
        """The learner's move against the best ones for the goal, with what each achieves; ``threat``: what the
        played move (not a best one) leaves the next player, when it falls short on ``safe``; ``exact``: as for
        :meth:`goal`, an ``advice`` value is the solver's, not an average; ``explained``: a move the learner only
        asked about (``explain``), not one played, "the move", not "your move"."""
        goal = cmp.goal
        played = move_view(pos, cmp.played, self._words.notation)
        best = [move_view(pos, f, self._words.notation) for f in cmp.best]
        near = cmp.is_best and not cmp.as_good(cmp.played)  # accepted, though worth less than the best
        shown = played if cmp.is_best and not near else best[0]
        named = (played.notation, shown.notation)
        return self.render(
            "comparison",
            deal=goal.is_deal,
            is_best=cmp.is_best,
            near=near,
            played=played,
            best=shown,
            played_says=self._achieves(goal, played, pos.players, exact),
            best_says=self._achieves(goal, shown, pos.players, exact),
            others=[b.notation for f, b in zip(cmp.best, best) if cmp.as_good(f) and b.notation not in named],
            accepted=[b.notation for f, b in zip(cmp.best, best) if not cmp.as_good(f) and b.notation not in named],
            value_lost=cmp.value_lost,
            players=pos.players,
            name=partial(self.seat_name, me=pos.to_move),
            side=partial(self._side_of_index, pos, pos.to_move),
            threat=threat,
            explained=explained,
        )

    def shortfall(self, pos: Position, short: Shortfall, exact: bool = False, explained: bool = False) -> str:
        """What the learner's move (not a best one) falls short by, naming no best move (``exact`` and
        ``explained``: as for :meth:`comparison`)."""
        cmp = short.comparison
        goal = cmp.goal
        played = move_view(pos, cmp.played, self._words.notation)
        criteria = goal.criteria[: short.criterion + 1]
        after = pos.copy()
        after.push(cmp.played.move)
        return self.render(
            "shortfall",
            played=played,
            says=self._achieves(Goal(criteria), played, pos.players, exact),
            criterion=criteria[-1].name,
            gap=short.gap,
            matched=[self.message("shortfalls.matched", name=c.name, card=c.card, value=mine[0])
                     for c, mine in zip(criteria[:-1], goal.split(cmp.played.values))],
            card=criteria[-1].card,
            replies=line_view(after, short.replies, self._words.notation).steps,
            players=pos.players,
            name=partial(self.seat_name, me=pos.to_move),
            threat=short.threat,
            exact=exact,
            explained=explained,
        )

    def line(self, pos: Position, line: Sequence[Move], seat: int | None = None, partner: bool = False,
             score: bool = True) -> str:
        """``line`` played from ``pos`` move by move, with what changes hands, and (``score``) the round's
        score when it ends the round; ``partner``: the partner of ``seat`` is named as such."""
        view = line_view(pos, line, self._words.notation)
        text = self.render(
            "line", line=view, me=seat, spades=bool(pos.variant.effective_most_spades),
            name=partial(self.player_name, pos, seat) if partner else partial(self.seat_name, me=seat),
        )
        if score and view.end.is_round_over():
            text += "\n" + self.score(view.end, score_round(view.end), seat)
        return text

    def taken(self, pos: Position, seat: int | None = None, listed: bool = False, ended: bool = False) -> str:
        """What each side has taken so far: cards, spades, point cards, sweeps; ``listed``: every card taken;
        ``ended``: the game is over, and this was its last round."""
        return self.render(
            "taken", piles=pile_views(pos), spades=bool(pos.variant.effective_most_spades),
            side=partial(self._side_of_index, pos, seat), listed=listed, ended=ended,
        )

    def goal_values(self, goal: Goal | None, values: Sequence[int]) -> list[str]:
        """A move's values for ``goal`` as a listing shows them: the advisor's (in tenths) as points with one
        decimal and a sign, as everywhere a move's value is read; the others as whole numbers."""
        if goal is not None and [c.name for c in goal.criteria] == ["advice"]:
            return [self.decimal(Decimal(v) / 10, signed=True) for v in values]
        return [str(v) for v in values]

    def _achieves(self, goal: Goal, view: MoveView, players: int, exact: bool = False) -> str:
        """What a move achieves for each criterion of the goal, as one phrase (``exact``: an ``advice`` value is
        the solver's, with best play to the round's end).

        ``taken_card`` is the card of the criterion before, when the move takes it, so that
        ``takes the 10 of diamonds and one other table card`` need not say it twice.
        """
        phrases = []
        taken_card = None
        sweep_named = any(c.name == "sweep" for c in goal.criteria)
        for c, values in zip(goal.criteria, goal.split(view.values)):
            phrases.append(self.message(
                f"comparisons.{c.name}", n=values[0], values=values, move=view, card=c.card, taken_card=taken_card,
                sweep_named=sweep_named, players=players, exact=exact,
            ))
            taken_card = c.card if c.card is not None and values[0] else None
        return self._words.listing(phrases)

    # ---- counts --------------------------------------------------------------------

    def count_part(self, ask: str, part: CountPart) -> str:
        """A part of a count (``ask``) by name: a scoring item, a pile, the residue, cards in play, clubs."""
        item = part.item
        if item is None:
            seat = self.seat_name(part.seat) if part.seat is not None else ""
            return self.message(f"counts.{part.code}", counts=part.counts, cards=part.cards, seat=seat,
                                spades=ask == "spades")
        row = score_row(item)
        return self.message(f"counts.{item.code}", detail=row.detail, others=row.others)

    def miscount(self, pos: Position, wrong: Miscount) -> str:
        """A wrong count: too low or too high, and the parts left out or added that make it, if few do."""
        head = self.message("counts.too_low" if wrong.given < wrong.answer else "counts.too_high", given=wrong.given)
        if not wrong.readings:
            return head
        side = pos.side_of(wrong.seat)

        def name(part: CountPart) -> str:
            said = self.count_part(wrong.ask, part)
            item = part.item
            if part.counted or item is None or item.side == side:
                return said
            return self.message("counts.owned", name=said, owner=self._side_of_index(pos, None, item.side))

        more = self.message("counts.more", given=wrong.given) if wrong.more else ""
        singles = {len(r) for r in wrong.readings} == {1} and len(wrong.readings) > 1
        if singles and len({r[0].counted for r in wrong.readings}) == 1:
            key = "counts.one_out" if wrong.readings[0][0].counted else "counts.one_too"
            return _joined(head, self.message(key, given=wrong.given, names=[name(r[0]) for r in wrong.readings]), more)
        readings = []
        for reading in wrong.readings:
            said = [self.message(f"counts.{'leave_out' if p.counted else 'count_too'}", name=name(p)) for p in reading]
            readings.append(said[0] if len(said) == 1 else self.message("counts.both", first=said[0], second=said[1]))
        return _joined(head, self.message("counts.reading", given=wrong.given, readings=readings), more)

    # ---- positions and scores ------------------------------------------------------

    def position(self, pos: Position, seat: int | None = None, match: bool = True, turn: bool = True,
                 penalties: bool = True, counts: bool = True, ended: bool = False,
                 scores: Sequence[int] | None = None) -> str:
        """A compact picture of the position; ``seat`` is the learner's, called "you"; ``match``: the score
        is played to the variant's target (not in a one-round game); ``turn``: a last line says whose move it is
        (not where a prompt to move follows: the hand's "to move" and the prompt say it); ``penalties``: each seat's
        penalty turns are said (under build duty ``penalty``); ``counts``: how many cards each seat has taken (not where
        a question asks it); ``ended``: the game ended before the round did (nobody is to move); ``scores``: the score
        a game keeps (its match's, the round's count in it once the round is over), else the scoreboard's now: the
        match points before the round with what it has scored at once (:func:`tutor.core.scoring.live_scores`)."""
        return self.render(
            "position",
            view=position_view(pos, self._words.notation, penalties, ended, scores),
            me=seat,
            match=match,
            turn=turn,
            counts=counts,
            name=partial(self.seat_name, me=seat),
            side=partial(self._side_of_index, pos, seat),
        )

    def table(self, pos: Position, seat: int | None = None) -> str:
        """The table of the position alone, as :meth:`position` shows it: its loose cards, then a line a build."""
        return self.render("table", view=position_view(pos, self._words.notation), me=seat,
                           name=partial(self.seat_name, me=seat))

    def claim(self, count: ClaimCount, variant: Variant, side: str, me: bool, partner: str = "") -> str:
        """A claim as the engine counted it: the points certain this round item by item, the majorities of
        ``variant`` not certain yet with the count that would make them so (and whether too few cards are left to
        reach it), and the total against the target.  ``side`` names the claiming side; ``me``: it is the
        learner's (``partner``: the learner's partner, if any)."""
        counted = {item.code for item in count.items}
        majorities = (("most_cards", variant.most_cards, count.cards, count.deck_cards, count.left_cards),
                      ("most_spades", variant.effective_most_spades, count.spades, count.deck_spades,
                       count.left_spades))
        unsure = [{"code": code, "points": points, "taken": taken, "deck": deck, "sure": deck // 2 + 1,
                   "reachable": taken + left > deck // 2}
                  for code, points, taken, deck, left in majorities if points and code not in counted]
        return self.render("claim", count=count, rows=score_rows(count.items), unsure=unsure, side=side, me=me,
                           partner=partner)

    def score(self, pos: Position, score: RoundScore, seat: int | None = None, decided: bool = False,
              skunk_won: bool | None = None) -> str:
        """A round's scoring, item by item and side by side, with the totals; ``decided``: an instant win decided
        the game in the round, whose score as it stood is not counted (the points it says were handed out are those
        its items score: the cards still in play hand out nothing, as in a round the instant limit ends early);
        ``skunk_won``: this round's skunk won the match (it was the first) or not (a later round: a skunk is said to
        win only in the first); None where the round's place in a match is unknown (a lesson's position, a line)."""
        ties = majority_ties(pos, score)
        handed_out = sum(i.points for i in score.items if i.points > 0) if decided else \
            score.available - sum(tie.points for tie in ties)
        return self.render(
            "score",
            score=score,
            rows=score_rows(score.items),
            ties=ties,
            handed_out=handed_out,
            skunk_wins=pos.variant.skunk == "win" and score.skunk is not None,
            skunk_won=skunk_won,
            side=partial(self._side_of_index, pos, seat),
            decided=decided,
        )

    def _side_of_index(self, pos: Position, me: int | None, side: int) -> str:
        return self.side_name([s for s in range(pos.players) if pos.side_of(s) == side], me)


UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
"""The German letters as they are typed without them (``zuege`` for ``züge``; ``ß`` is ``ss`` by casefold)."""


def folded(word: str) -> str:
    """``word`` as names are compared: in any case, a German letter as typed without it (``Züge``, ``zuege``)."""
    return word.casefold().translate(UMLAUTS)


def find_name(word: str, keys: Iterable[str], *messages: str) -> str | None:
    """The key of ``keys`` that ``word`` names, in any case and with the German letters typed or not (:func:`folded`):
    the key itself, or one of its ``messages`` (``"themes.{}"``: the catalog message with the key put in) in any
    language."""
    typed = folded(word.strip())
    renderers = [Renderer(lang) for lang in LANGS]
    for key in keys:
        if typed == folded(key) or any(
            typed == folded(r.message(m.format(key))) for r in renderers for m in messages
            if r.has_message(m.format(key))
        ):
            return key
    return None


def near_name(word: str, keys: Iterable[str]) -> str | None:
    """The key of ``keys`` nearest a mistyped ``word`` (``clasic``: ``classic``), or None when none is near."""
    return nearest(word.strip().casefold(), list(keys)) or None


def _joined(head: str, readings: str, more: str) -> str:
    """A wrong count's sentences: on one line, or, where the readings are a list, ``more`` under it."""
    text = f"{head} {readings}"
    if more:
        text += ("\n" if "\n" in readings else " ") + more
    return text
