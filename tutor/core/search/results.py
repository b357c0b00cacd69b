"""What a deal search answers: every root move's exact value and line, or what it proved."""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import Move


class SearchError(ValueError):
    """The position cannot be searched exactly (unknown cards)."""


@dataclass(frozen=True)
class Unfinished:
    """A root move a stopped search did not value: what it proved of its value (None: nothing)."""

    move: Move
    lower: int | None
    upper: int | None


@dataclass(frozen=True)
class LineValue:
    """A root move, its exact value, and the best play that follows (starting with it)."""

    move: Move
    value: int
    line: tuple[Move, ...]


@dataclass(frozen=True)
class DealSolution:
    """Every legal move valued exactly, best first; ``nodes`` positions searched.

    A search stopped early lists the moves it valued in ``moves`` and the others in ``unfinished``.
    """

    moves: tuple[LineValue, ...]
    nodes: int
    unfinished: tuple[Unfinished, ...] = ()

    @property
    def value(self) -> int | None:
        return self.moves[0].value if self.moves else None

    @property
    def best(self) -> tuple[LineValue, ...]:
        return tuple(m for m in self.moves if m.value == self.value)
