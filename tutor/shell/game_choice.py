"""The learner's playing strength on the ladder's scale, and the game at the level that fits it
(docs/strength.md, "Points lost a move"; docs/skills.md, "The next step").

The learner's figure is the points they lose a move by the game review's measure, from the
reviews kept with their games (:func:`tutor.play.strength.strength`); the levels' figures are
the measured ones the benchmark wrote (:mod:`tutor.loading.level_losses`).  Only like is set
beside like: the learner's figure beside the levels', its trend, and the level it chooses come
from the learner's games of the variant and player count the levels were measured in (a breach
in Michigan costs points no Classic round can lose).  The level that fits
is the weakest one that loses fewer points a move than the learner's recent games do: a little
stronger than the learner.  On thin evidence, or without the levels' figures, the game is at
:data:`DEFAULT_LEVEL`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path

from tutor.loading.level_losses import LEVEL_LOSSES, LevelLoss, LevelLossError, LevelLosses, read_level_losses
from tutor.play.strength import Strength, strength
from tutor.render.numbers import rounded

from .state import Shell

MIN_MOVES = 20
"""The reviewed moves the learner's figure needs before it chooses a level (a round of two-player classic has
about 20 moves with a choice)."""
DEFAULT_LEVEL = "club"
"""The level of a game when the learner's figure, or the levels', cannot choose one (``play``'s own default)."""
PLACES = 2
"""Points lost a move are shown with two decimals (the templates' ``decimal(2)``): the stronger levels lose a tenth
of a point or less."""


@dataclass(frozen=True)
class GameChoice:
    """A round at ``level``: the learner's ``strength`` in games like the levels' (None: no reviewed move), the
    levels' figures (None: they could not be read), and whether the learner's figure chose the level
    (``measured``)."""

    level: str
    strength: Strength | None
    figures: LevelLosses | None
    measured: bool


@cache
def _figures(path: Path) -> LevelLosses | None:
    try:
        return read_level_losses(path)
    except LevelLossError:
        return None


def level_figures() -> LevelLosses | None:
    """The levels' figures of :data:`LEVEL_LOSSES`, read once a process; None when the file is missing or not
    the benchmark's."""
    return _figures(LEVEL_LOSSES)


def learner_strength(shell: Shell, figures: LevelLosses | None) -> Strength | None:
    """The learner's points lost a move and its trend, from the kept reviews of their games like the ones
    ``figures`` were measured in (its preset, no option changed, and player count); of every game without them."""
    return strength(shell.progress.games.review_losses((figures.variant, figures.players) if figures else None))


def basis(shell: Shell, figures: LevelLosses) -> str:
    """The games the levels were measured in, in words ("Classic Cassino with two players")."""
    return shell.ui.message("strength.basis", variant=shell.ui.message(f"presets.{figures.variant}"),
                            players=figures.players)


def fitting_level(learner: float, figures: LevelLosses) -> LevelLoss:
    """The weakest level that loses fewer points a move than ``learner``, as both are shown; the strongest when
    none does."""
    return next((level for level in figures.levels if shown(level.mean) < shown(learner)), figures.levels[-1])


def shown(points: float) -> Decimal:
    """Points lost a move as the learner reads them."""
    return rounded(points, PLACES)


def classic_done(shell: Shell) -> bool:
    """Every lesson of the classic game is done: the learner knows the rules a game is played by.  A lesson of a
    table rule set on top of classic (forced capture, a claim...) is one of the variants', not of the classic game."""
    stars = shell.progress.lesson_stars()
    return all(lesson.id in stars for lesson in shell.catalog.lessons if not lesson.variant.changed_options())


def game_choice(shell: Shell) -> GameChoice | None:
    """A game, once the classic lessons are done; None before."""
    if not classic_done(shell):
        return None
    figures = level_figures()
    found = learner_strength(shell, figures)
    if found is None or found.moves < MIN_MOVES or figures is None:
        return GameChoice(DEFAULT_LEVEL, found, figures, False)
    return GameChoice(fitting_level(found.recent, figures).level, found, figures, True)


def game_why(shell: Shell, choice: GameChoice) -> str:
    """The one line that says why this game: the learner's figure beside the level's, or why it is not used."""
    ui, found, figures = shell.ui, choice.strength, choice.figures
    level = ui.message(f"levels.{choice.level}")
    command = ui.message("strength.play_round_command", level=level)
    games = basis(shell, figures) if figures else ""
    if not choice.measured:
        return ui.message("strength.next_why_game_unmeasured", moves=found.moves if found else 0, least=MIN_MOVES,
                          level=level, command=command, basis=games)
    assert found is not None and figures is not None
    chosen = figures.of(choice.level)
    assert chosen is not None
    return ui.message("strength.next_why_game", mine=found.recent, games=found.recent_games, level=level,
                      theirs=chosen.mean, stronger=shown(chosen.mean) < shown(found.recent), command=command,
                      basis=games)


def strength_lines(shell: Shell) -> str:
    """The learner's figure beside the fitting level's, its trend, and every level's figure, in words."""
    figures = level_figures()
    found = learner_strength(shell, figures)
    lines = [strength_line(shell, found, figures), trend_line(shell, found) if found and figures else "",
             levels_line(shell, figures)]
    return "\n".join(filter(None, lines))


def strength_line(shell: Shell, found: Strength | None, figures: LevelLosses | None) -> str:
    """The learner's figure (``found``, from :func:`learner_strength`): beside the fitting level's in games like the
    levels'; without such games, their figure in their other games, said to be no measure beside the levels'."""
    ui = shell.ui
    if figures is None:
        if found is None:
            return ui.message("strength.none", figures=False)
        return ui.message("strength.mine", mine=found.mean, moves=found.moves, games=found.games, level="",
                          theirs=0.0, basis="")
    if found is not None:
        beside = fitting_level(found.mean, figures)
        return ui.message("strength.mine", mine=found.mean, moves=found.moves, games=found.games,
                          level=ui.message(f"levels.{beside.level}"), theirs=beside.mean, basis=basis(shell, figures))
    others = strength(shell.progress.games.review_losses())
    if others is None:
        return ui.message("strength.none", figures=True)
    return ui.message("strength.mine_elsewhere", mine=others.mean, moves=others.moves, games=others.games,
                      basis=basis(shell, figures))


def levels_line(shell: Shell, figures: LevelLosses | None) -> str:
    """Every level's figure and the games they were measured in; or that they are missing."""
    ui = shell.ui
    if figures is None:
        return ui.message("strength.no_figures")
    return ui.message("strength.levels", pairs=figures.pairs, players=figures.players,
                      variant=ui.message(f"presets.{figures.variant}"),
                      opponent=ui.message(f"levels.{figures.opponent}"),
                      levels=[{"name": ui.message(f"levels.{f.level}"), "mean": f.mean} for f in figures.levels])


def game_after(shell: Shell, choice: GameChoice) -> str:
    """What follows :func:`game_why` when ``next`` starts the game, in few rows: the learner's earlier games (their
    recent ones are in the reason line) and every level's figure (their games too); or that the figures are
    missing."""
    ui, found, figures = shell.ui, choice.strength, choice.figures
    if figures is None:
        return ui.message("strength.no_figures")
    earlier = found.earlier if found is not None else None
    change = shown(found.recent) - shown(earlier) if found is not None and earlier is not None else 0
    return ui.message("strength.next_after", earlier=earlier, change=change,
                      earlier_games=found.games - found.recent_games if found is not None else 0,
                      levels=[{"name": ui.message(f"levels.{f.level}"), "mean": f.mean} for f in figures.levels])


def game_trend(shell: Shell, choice: GameChoice) -> str:
    """The trend of the learner's figure that chose ``choice``'s level; "" when it is over games of every kind (the
    levels' figures are missing) or has no earlier games."""
    return trend_line(shell, choice.strength) if choice.strength and choice.figures else ""


def trend_line(shell: Shell, found: Strength) -> str:
    """The learner's recent games against the earlier ones, in points lost a move; "" without earlier games.
    ``found`` is over games of one kind (:func:`learner_strength` with the levels' figures)."""
    if found.earlier is None:
        return ""
    return shell.ui.message("strength.trend", recent=found.recent, recent_games=found.recent_games,
                            earlier=found.earlier, earlier_games=found.games - found.recent_games,
                            change=shown(found.recent) - shown(found.earlier))
