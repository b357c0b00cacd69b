"""Why a better move is better: a reason code and its facts, the data a review mark gives (words: the templates).

The codes are grouped by where their facts come from: what the learner could
see at the table (:mod:`tutor.play.review`, :mod:`tutor.play.ideas`), and, in
a last deal whose value is exact, the solver's lines after the two moves
(:mod:`tutor.play.line_ideas`).  Each code's claim is checked by
:mod:`tutor.play.claims`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEEN_CODES = ("sweep", "deny_sweep", "points", "breach", "stranded", "keep", "exposure", "likely", "cards", "majority",
              "build", "protect", "steal", "safe", "next_take", "safe_trail")
"""The reasons read off the position the learner saw, in the order a mark gives them (``params`` in brackets):

- ``sweep``: it sweeps the table, the played move does not;
- ``deny_sweep``: the played move leaves the next player a sweep it could make (whatever unseen card it
  holds), the better move does not (``left``: the loose cards of the table the played move leaves, ``builds``: the
  piles of each build on it; ``takers``: the cards not yet seen that would sweep it);
- ``points``: it takes ``n`` more round points now (``cards``: the point cards it takes from the table that the
  played move does not; ``hand``: its own capturing card when that scores and the played move gives it up, trailing
  it or building with it: a card the played move keeps in hand is the learner's either way; ``sweep``: a sweep
  (that scores) the played move does not make);
- ``breach``: under build duty ``penalty`` (Michigan) the played move breaks the build duty and the better one
  does not: the learner's side loses ``n`` points at once (``neglect``: the played move took, raised or added to
  none of the learner's builds; else after it the learner controls a build whose value it does not hold);
- ``stranded``: under build duty ``penalty`` the played move leaves the learner controlling a build of ``value``
  that no card left in its hand can take, with ``turns`` turns (the cards in hand) still to play this deal, each of
  which costs ``n`` points unless it raises the build to a value the hand holds or another player takes
  the build first; the better move leaves no such build.  Where the learner's penalties reach the variant's
  instant limit (Michigan-5: three penalties or sweeps against a seat) before the hand is played out, ``turns``
  are those that reach it, the last ending the round, and ``limit`` is that limit (else None).  ``breach``
  tells of the move's own turn; this of the turns after it, which the advisor's playouts pay;
- ``keep``: the played move trails a point ``card`` (an ace, a Cassino) that the better move keeps in hand, and
  trails no card that scores as much itself;
- ``exposure``: the most the next player could take after the played move is ``n`` points more than after the
  better (each a worst case over the hands they may hold, not the difference for one hand, which may be more; not
  given where they are the points of the sweep ``deny_sweep`` names: the same thing twice);
- ``likely``: the next player is likely to take ``n`` points fewer (tenths rounded; the same worst case): the
  chance of holding each card that takes, :func:`~tutor.play.risk.likely_take`;
- ``cards``: it takes ``n`` more table cards now (``cards``: all it takes);
- ``majority``: after it the learner's side surely ``wins`` the ``item`` (``most_cards``, ``most_spades``: with
  ``n`` of the deck's ``total``, more than any other side can still reach) or ``denies`` it (no other side can
  reach more), and after the played move not (``partner``: four players, the counts are the partnership's);
- ``build``: it makes (or raises, or adds to) a build of ``value`` that a card the learner keeps could take next
  turn, the played move builds nothing;
- ``protect``: it puts the table ``cards`` into its build of ``value``, where only the unseen ``takers`` could take
  them, against ``exposed`` unseen cards that could take one of them from the table the played move leaves;
- ``steal``: the played move makes (or raises, or adds to) a build of ``value`` that the unseen ``takers`` could
  take from the table it leaves; the better move leaves no build of the learner's side that an unseen card could;
- ``safe``: the played move takes the table ``cards`` that the better move leaves loose, where no unseen card could
  take them from the table it leaves, and keeps ``by`` in hand, which could;
- ``next_take``: it keeps in hand a ``card`` that could take ``cards`` (their ``points``; ``sweep``: all the
  table it leaves) on the learner's next turn, more than any card the played move keeps could (and not only cards
  the played move takes);
- ``safe_trail``: it trails a ``card`` that no opponent could take with an unseen card from the table it leaves,
  where the played move trails ``played``, which the unseen ``takers`` could take from the table it leaves (not
  given where ``deny_sweep`` already names the sweep of that table).
"""

LINE_CODES = ("last_take", "line_cards", "line_majority", "line_sweeps", "line_spades", "line_penalties", "stolen")
"""The reasons read off the solver's lines in an exact last deal (:class:`~tutor.play.exact.ExactLines`), in the
order a mark gives them.  A side is named by its ``seats``; ``then`` is the played move's line:

- ``last_take``: on the better line the learner's side takes last (``partner``: the partner does), with ``card``
  taking ``taken``, and the table's leftover ``cards`` go to it; on the played line the side of ``seats`` takes
  last (none: nobody captures) and its leftovers are ``lost``;
- ``line_cards``: the point ``cards`` (Cassinos, aces) end with the learner's side on the better line and with the
  side of ``then`` on the played line (``how``: ``wins``), or with the side of ``seats`` rather than of ``then``
  (``decides``: three players, neither is the learner);
- ``line_majority``: the ``item`` (``most_cards``, ``most_spades``) goes to the learner's side on the better line
  (``wins``), to nobody (``denies``: a tie) or to the side of ``seats`` (``decides``), and to the side of ``then``
  on the played line; ``counts`` and ``then_counts``: each side's cards (or spades) at the round's end;
- ``line_sweeps``, ``line_spades`` (spades scored one by one), ``line_penalties``: the learner's side's count
  (sweeps, spade points, penalty turns) on each line, ``mine`` (better, played), and where it is the other
  sides' that change in the learner's favour, the side of ``seats``'s, ``theirs``;
- ``stolen``: on the played line an opponent (``seats``) takes the build of ``value`` the played move made,
  with ``card``.
"""

REASON_CODES = (*SEEN_CODES[:SEEN_CODES.index("exposure")], *LINE_CODES, *SEEN_CODES[SEEN_CODES.index("exposure"):],
                "later")
"""Every reason a mark may give, in order: what the better move does now (a sweep made or left, points taken or
kept), then what the lines show (in an exact last deal they are the idea), then risks and what comes later;
``later`` is given when no other is found: the better value is the
advisor's average over its ``worlds`` deals of the hidden cards (None: a review kept before their count was, which
does not say it), each played on to the deal's end, or with ``draw``
for ``turns`` moves of each seat (:func:`tutor.play.advisor.playout_turns`; 0 without ``draw``); ``ways``: where the
hidden hands can be dealt in no more ways than that (the holding rule kept), the values are the average over every
one of them, and ``ways`` is how many (else None); with ``draw`` those deals are of the hidden stock's order too,
and ``stock`` (given only then) is how many cards it hides."""


@dataclass(frozen=True)
class Why:
    """One reason a better move is better: a code of :data:`REASON_CODES` and its facts."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in REASON_CODES:
            raise ValueError(f"unknown review reason {self.code!r}")
