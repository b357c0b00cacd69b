"""The learner's skills, each a Glicko-2 rating updated from every piece of evidence (docs/skills.md).

A piece of evidence (:class:`~tutor.content.skills.Evidence`) is one rating period of one
weighted game: the skill against a task of the evidence's difficulty (with a puzzle's
starting deviation), scored 0 to 1, counted ``weight`` times (:class:`.glicko2.Game`).
Each piece is kept with the rating it led to, for the skill's evidence count and trend.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.content.skills import SKILLS, SOURCES, Evidence

from .glicko2 import Game, Rating, expected, rate
from .rating_policy import LEARNER_START, TAU, after_idle, puzzle_start
from .timestamps import from_text

SKILL_START = LEARNER_START
"""A skill nobody has seen: the start of a new learner's puzzle rating, as unsure."""
TREND_SPAN = 10
"""The trend of a skill is its rating's change over its last this many pieces of evidence."""
MIN_EVIDENCE = 3
"""The least evidence a skill needs before it may be named among the weakest."""
ONCE = frozenset({"game"})
"""The sources whose items are evidence once: a game's move (``GAME/SEED/PLY``) is played once, and a round's end
taken back and played again is reviewed again with the same moves before it (the first review's evidence stands:
the learner has seen it since).  A lesson step answered again, a puzzle tried again, is new evidence each time."""


@dataclass(frozen=True)
class SkillEstimate:
    """What the model knows of one skill: its ``rating`` (estimate, deviation: the uncertainty), the pieces of
    ``evidence`` and their total ``weight``, and its ``trend`` (rating change over the last
    :data:`TREND_SPAN` pieces, from the rating before the first of them: the start with fewer; 0 with none)."""

    skill: str
    rating: Rating
    evidence: int
    weight: float
    trend: float


def updated(rating: Rating, evidence: Evidence) -> Rating:
    """A skill's rating after one piece of evidence."""
    task = puzzle_start(evidence.difficulty)
    return rate(rating, [Game(task, evidence.score, evidence.weight)], TAU)


def blamed(ratings: Sequence[Rating], evidence: Sequence[Evidence]) -> list[Evidence]:
    """One task's ``evidence`` (each piece's skill rated as ``ratings`` say) with the weight of its failed pieces
    (a score under 1) shared among them by blame: in proportion to each skill's chance of failing the task, by the
    model before it.  Which skill failed a task that tests several is not known, but the weaker is the likelier
    one (a task needs every skill it tests).  Passed pieces are kept as they are."""
    failed = [i for i, piece in enumerate(evidence) if piece.score < 1]
    if len(failed) < 2:
        return list(evidence)
    chances = {i: 1 - expected(ratings[i], puzzle_start(evidence[i].difficulty)) for i in failed}
    total, odds = sum(evidence[i].weight for i in failed), sum(chances.values())
    return [replace(piece, weight=min(1.0, total * chances[i] / odds)) if i in chances else piece
            for i, piece in enumerate(evidence)]


def record(c: sqlite3.Connection, source: str, ref: str, evidence: Sequence[Evidence], at: str) -> None:
    """Rate each piece of ``evidence`` (from ``source``'s item ``ref``, one task, at the time text ``at``), its
    failures :func:`blamed`, in order, inside the caller's write transaction; nothing when ``ref`` is an item of a
    source of :data:`ONCE` already recorded."""
    if source not in SOURCES:
        raise ValueError(f"unknown source of evidence {source!r}")
    if source in ONCE and c.execute("SELECT 1 FROM skill_evidence WHERE source = ? AND ref = ? LIMIT 1",
                                    (source, ref)).fetchone() is not None:
        return
    for piece in blamed([_rating(c, piece.skill, at) for piece in evidence], evidence):
        after = updated(_rating(c, piece.skill, at), piece)
        c.execute(
            "INSERT OR REPLACE INTO skill (id, rating, deviation, volatility) VALUES (?, ?, ?, ?)",
            (piece.skill, after.rating, after.deviation, after.volatility),
        )
        c.execute(
            "INSERT INTO skill_evidence (skill, at, source, ref, score, weight, difficulty, rating_after) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (piece.skill, at, source, ref, piece.score, piece.weight, piece.difficulty, after.rating),
        )


def _rating(c: sqlite3.Connection, skill: str, at: str | None = None) -> Rating:
    """A skill's rating; at the time text ``at`` (given) grown less sure by the days since its last evidence, as
    the learner's puzzle rating is (:func:`~.rating_policy.after_idle`): a skill not shown for weeks may have
    changed, and the next evidence moves it more."""
    row = c.execute("SELECT rating, deviation, volatility FROM skill WHERE id = ?", (skill,)).fetchone()
    if row is None:
        return SKILL_START
    last = None if at is None else c.execute(
        "SELECT at FROM skill_evidence WHERE skill = ? ORDER BY id DESC LIMIT 1", (skill,)).fetchone()
    if at is None or last is None:
        return Rating(*row)
    return after_idle(Rating(*row), (from_text(at) - from_text(last[0])).total_seconds() / 86400)


def estimates(c: sqlite3.Connection) -> list[SkillEstimate]:
    """Every skill of :data:`SKILLS`, in that order; one without evidence at :data:`SKILL_START`."""
    found = []
    for skill in SKILLS:
        count, weight = c.execute(
            "SELECT count(*), coalesce(sum(weight), 0) FROM skill_evidence WHERE skill = ?", (skill,)
        ).fetchone()
        recent = [row[0] for row in c.execute(  # the last TREND_SPAN pieces' ratings, and the one before them
            "SELECT rating_after FROM skill_evidence WHERE skill = ? ORDER BY id DESC LIMIT ?", (skill, TREND_SPAN + 1)
        )]
        before = recent[TREND_SPAN] if len(recent) > TREND_SPAN else SKILL_START.rating
        trend = recent[0] - before if recent else 0.0
        found.append(SkillEstimate(skill, _rating(c, skill), int(count), float(weight), trend))
    return found


def recent_scores(c: sqlite3.Connection, skill: str, n: int, after: str = "") -> list[float]:
    """The scores of the last ``n`` pieces of evidence of ``skill`` (recorded after the time ``after``, written as
    stored, when given), the latest first."""
    rows = c.execute("SELECT score FROM skill_evidence WHERE skill = ? AND at > ? ORDER BY id DESC LIMIT ?",
                     (skill, after, n))
    return [float(row[0]) for row in rows]


def missed_refs(c: sqlite3.Connection, skill: str, source: str, n: int) -> list[tuple[str, int]]:
    """The items (refs) of ``source`` whose newest evidence of ``skill`` scored under 1 (missed, and not passed
    since), among its last ``n`` pieces of that source, the latest first; each with how many of its pieces in a
    row, from the newest, scored under 1, counted over all its evidence: a run of misses is not cut short where
    its first miss is older than the last ``n`` pieces."""
    rows = c.execute("SELECT ref, score FROM skill_evidence WHERE skill = ? AND source = ? ORDER BY id DESC LIMIT ?",
                     (skill, source, n))
    newest: dict[str, float] = {}
    for ref, score in rows:
        newest.setdefault(str(ref), float(score))
    missed = [ref for ref, score in newest.items() if score < 1.0]
    history: dict[str, list[float]] = {ref: [] for ref in missed}
    marks = ", ".join("?" * len(missed))
    for ref, score in c.execute(f"SELECT ref, score FROM skill_evidence WHERE skill = ? AND source = ? "
                                f"AND ref IN ({marks}) ORDER BY id DESC", (skill, source, *missed)):
        history[str(ref)].append(float(score))
    found = [(ref, next((i for i, s in enumerate(scores) if s >= 1.0), len(scores)))
             for ref, scores in history.items()]
    return found


def last_source(c: sqlite3.Connection) -> str | None:
    """The source (``lesson``, ``puzzle``, ``game``) of the newest piece of evidence; None before any."""
    row = c.execute("SELECT source FROM skill_evidence ORDER BY id DESC LIMIT 1").fetchone()
    return None if row is None else str(row[0])


def weakest(found: Sequence[SkillEstimate], n: int, min_evidence: int = MIN_EVIDENCE) -> list[SkillEstimate]:
    """Up to ``n`` skills with at least ``min_evidence`` pieces of evidence, the lowest rated first
    (ties: the surer one, then by name)."""
    judged = [s for s in found if s.evidence >= min_evidence]
    return sorted(judged, key=lambda s: (s.rating.rating, s.rating.deviation, s.skill))[:n]
