"""Puzzle files: a list of puzzles under ``puzzles:`` (format: docs/formats.md).

:func:`load_puzzles` reads a puzzle file and :func:`puzzles_from_node` a
parsed one; both report every problem at once as a
:class:`~tutor.loading.yamlfile.FileError`.  Whether a listed solution is
really best is proved by :mod:`tutor.teaching.verify`.
"""

from __future__ import annotations

from tutor.content.course import RATING_RANGE, THEMES, Puzzle
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Goal

from .fields import FieldReader
from .words import thing
from .yamlfile import Node, load_document

FILE_KEYS = ("puzzles",)
PUZZLE_KEYS = ("id", "variant", "position", "goal", "themes", "rating", "title", "text", "hints", "solution", "line")
REQUIRED = ("id", "variant", "position", "goal", "themes", "rating", "hints")


def load_puzzles(text: str, filename: str) -> tuple[Puzzle, ...]:
    """The puzzles a puzzle file's text describes; raise FileError listing every problem."""
    return puzzles_from_node(load_document(text, filename), filename)


def puzzles_from_node(node: Node, filename: str) -> tuple[Puzzle, ...]:
    """The puzzles a parsed puzzle file describes; raise FileError listing every problem."""
    return _PuzzleReader(filename).puzzles(node)


class _PuzzleReader(FieldReader):
    def __init__(self, filename: str) -> None:
        super().__init__(filename)
        self.ids: dict[str, Node] = {}

    def puzzles(self, root: Node) -> tuple[Puzzle, ...]:
        p = self.problems
        if not self.mapping(root, thing("puzzle_file"), FILE_KEYS):
            p.raise_if_any()
        entries = self.required(root, "puzzles", thing("puzzle_file"))
        read = [self.puzzle(e) for e in self.items(entries, "puzzles")] if entries else []
        p.raise_if_any()
        return tuple(z for z in read if z is not None)

    def puzzle(self, node: Node) -> Puzzle | None:
        """One puzzle; None when anything in it is wrong (each problem noted)."""
        what = thing("a_puzzle")
        if not self.mapping(node, what, PUZZLE_KEYS):
            return None
        before = len(self.problems.items)
        found = {key: self.required(node, key, what) for key in REQUIRED}
        id_node, variant_node, pos_node, goal_node = (found[k] for k in ("id", "variant", "position", "goal"))
        puzzle_id = self.puzzle_id(id_node) if id_node is not None else None
        variant = self.variant(variant_node) if variant_node is not None else None
        default = variant_node if variant is not None else None
        pos = self.position(pos_node, default) if pos_node is not None else None
        if pos is not None and variant is not None and pos.variant != variant:
            assert pos_node is not None
            self.problems.add(pos_node.get("variant") or pos_node,
                              "the position's variant differs from the puzzle's variant:; "
                              "remove the position's variant (it defaults to the puzzle's)", "files.variant_differs")
        goal = self.goal(goal_node, pos) if goal_node is not None else None
        themes_node, rating_node, hints_node = found["themes"], found["rating"], found["hints"]
        themes = self.themes(themes_node) if themes_node is not None else ()
        rating = self.whole(rating_node, "rating", *RATING_RANGE) if rating_node is not None else None
        hints = self.texts(hints_node, "hints", thing("hint"), empty_ok=False, claims=True) if hints_node is not None else ()
        title_node, text_node, solution_node = node.get("title"), node.get("text"), node.get("solution")
        title = self.text(title_node, "title") if title_node is not None else None
        text = self.text(text_node, "text") if text_node is not None else None
        moves = self.items(solution_node, "solution") if solution_node is not None else ()
        solution = [self.move(pos, m, thing("solution")) for m in moves] if pos is not None else []
        line_node = node.get("line")
        line = self.line(line_node, pos, goal) if line_node is not None and pos is not None else ()
        if (len(self.problems.items) > before or puzzle_id is None or variant is None or pos is None or goal is None
                or rating is None):
            return None  # a part missing without a problem of its own was meant by a misspelt key, said before
        return Puzzle(puzzle_id, variant, pos, goal, themes, rating, title, text, hints,
                      tuple(m for m in solution if m is not None), self.where(node), line,
                      solution_at=tuple(map(self.where, moves)))

    def line(self, node: Node, pos: Position, goal: Goal | None) -> tuple[Move, ...]:
        """The main line, each move read on the position it is played in, ending on the learner's move."""
        entries = self.items(node, "line")
        if goal is not None and not goal.is_deal:
            self.problems.add(node, f"a line needs goal deal, not {goal}: the replies are the solver's best "
                                    "to the end of the round", "files.line_goal", goal=str(goal))
            return ()
        if any(pos.hidden_counts) or pos.stock_size:
            self.problems.add(node, "a line needs every hand listed card by card and the stock empty (goal deal)",
                              "files.line_open")
            return ()
        learner, play = pos.to_move, pos.copy()
        moves: list[Move] = []
        movers: list[int] = []
        for n, entry in enumerate(entries, 1):
            if play.is_round_over():
                self.problems.add(entry, f"line move {n} comes after the end of the round; remove it",
                                  "files.line_after_end", n=n)
                return ()
            move = self.move(play, entry, thing("line_move", n=n))
            if move is None:
                return ()  # the moves after it cannot be read on a position nobody knows
            moves.append(move)
            movers.append(play.to_move)
            play.push(move)
        turns = movers.count(learner)
        if movers and movers[-1] != learner:
            self.problems.add(entries[-1], f"the line ends on a move of seat {movers[-1]}; end it on a move of "
                                           f"the learner (seat {learner}, to move): remove the replies after it",
                              "files.line_end", seat=movers[-1], learner=learner)
        elif movers and turns < 2:
            self.problems.add(node, f"a line has two moves of the learner (seat {learner}) or more; this one has "
                                    f"{turns}: add the replies and the learner's next move, or remove line:",
                              "files.line_short", learner=learner, turns=turns)
        return tuple(moves)

    def themes(self, node: Node) -> tuple[str, ...]:
        read = [self.choice(t, THEMES, thing("theme")) for t in self.items(node, "themes")]
        return tuple(dict.fromkeys(t for t in read if t is not None))

    def puzzle_id(self, node: Node) -> str | None:
        """The puzzle's id, unique in the file."""
        puzzle_id = self.ident(node, thing("puzzle_id"))
        if puzzle_id is None:
            return None
        first = self.ids.setdefault(puzzle_id, node)
        if first is not node:
            self.problems.add(node, f"the puzzle id {puzzle_id} is used twice (also at line {first.line}); "
                                    "give each puzzle its own id", "files.id_twice", id=puzzle_id, first=first.line)
        return puzzle_id
