"""The shell's game commands: ``play``, ``resume`` and ``resign``, and what the welcome and the other commands
ask of the game in progress (:class:`~.play.GameRun` plays it)."""

from __future__ import annotations

from tutor.play.table_game import TableGame
from tutor.storage import ProgressError
from tutor.storage.game_store import GameHeld, GameSummary, summary_of
from tutor.storage.games import GameFileError, SavedGame

from .game_text import fitted, game_words, opening_text, problem_text
from .games import number_or_words
from .play import GameRun, store
from .play_settings import read_settings
from .progress_words import progress_problem, progress_reason
from .state import Shell


def open_run(shell: Shell) -> GameRun | None:
    """The game open in this shell, if it is still to be played here."""
    run = current_run(shell)
    return run if run is not None and not run.game.over and not run.stale else None


def waiting_game(shell: Shell) -> GameSummary | None:
    """The game in progress: the one open in the shell, else the unfinished one played here last (an imported game
    once it was taken up here: :meth:`~tutor.storage.game_store.GameStore.waiting`)."""
    run = open_run(shell)
    return summary_of(run.saved) if run is not None else store(shell).waiting(shell.clock())


def resumable(shell: Shell) -> GameSummary | None:
    """The unfinished game saved that ``resume`` goes on with here; None when there is none, another shell plays
    it, or the progress file cannot be written (a game is played only where each move is saved)."""
    waiting = store(shell).waiting(shell.clock())
    if waiting is None or waiting.held_by is not None or shell.progress.unwritable() is not None:
        return None
    return waiting


def take_waiting(shell: Shell) -> GameRun | str:
    """The game in progress, to be played on here; or the words for why there is none to play."""
    run = open_run(shell)
    if run is not None:
        return run
    waiting = store(shell).waiting(shell.clock())
    if waiting is None or waiting.key is None:
        imported = next((s for s in store(shell).summaries(shell.clock())
                         if isinstance(s, GameSummary) and not s.over and s.key is not None), None)
        if imported is not None:  # every unfinished game not waiting is one imported and not taken up yet
            return shell.ui.message("play.imported_waits", number=imported.key)
        return shell.ui.message("play.nothing_to_resume")
    return take_game(shell, waiting.key, named=False)


def take_game(shell: Shell, key: int, named: bool = True) -> GameRun | str:
    """Game ``key`` of the ``games`` list, to be played on here; or the words for why it cannot be: there is no such
    game, it cannot be read, another window plays it, or it is over.  ``named``: the learner typed its number (and
    is told to type it again, not a ``resume`` that takes the game in progress)."""
    run = open_run(shell)
    if run is not None and run.saved.key == key:
        return run
    try:
        saved = store(shell).take(key, shell.clock())
    except GameHeld as err:
        return shell.ui.message("play.held", pid=err.pid or "", here=err.here, number=key if named else None)
    except GameFileError as err:
        if err.said is not None and err.said.code == "game_files.no_such_game":
            return shell.ui.message("play.no_such_game", number=key)
        return shell.ui.message("play.unreadable", number=key, problem=problem_text(shell.ui, err))
    except ProgressError as err:  # the hold not written: nothing of the learner's is lost, so none is counted unsaved
        return shell.ui.message("play.cannot_take", number=key, reason=progress_reason(shell.ui, err))
    if saved.game.over:
        store(shell).release(key)
        return shell.ui.message("play.resume_over", number=key)
    return GameRun(shell, saved)


def play_command(shell: Shell, arg: str) -> str:
    """``play [round] [PRESET] [players=N] [level=LEVEL] [seed=S] [OPTION=VALUE]``: a new game."""
    waiting = waiting_game(shell)
    if waiting is not None:
        return shell.ui.message("play.in_progress", **game_words(shell.ui, waiting))
    settings = read_settings(shell, arg)
    if isinstance(settings, str):
        return settings
    game = TableGame(settings)
    run = GameRun(shell, SavedGame.new(game, shell.clock()))
    game.begin_round()
    try:
        store(shell).add(run.saved, shell.clock())
    except ProgressError as err:  # nothing to play on: a game not kept could not be resumed
        return progress_problem(shell.ui, err)
    shell.activity = run
    # no round title: the first line, the toolbar and the score line say it
    return opening_text(shell.ui, shell.width(), summary_of(run.saved), run.begin(head=False))


def resume_command(shell: Shell, arg: str) -> str:
    """``resume``: the game in progress; ``resume N``: game N of the ``games`` list, any game not finished."""
    if arg:
        number = number_or_words(shell.ui, arg, "play.resume_usage")
        run = number if isinstance(number, str) else take_game(shell, number)
    else:
        run = take_waiting(shell)
    if isinstance(run, str):
        return run
    shell.activity = run
    resumed, screen = shell.ui.message("play.resumed", **game_words(shell.ui, summary_of(run.saved))), run.begin()
    return fitted(lambda brief: resumed + "\n" + screen(brief), shell.width())


def resign_command(shell: Shell, confirmed: bool) -> str:
    """Give up the game in progress once ``confirmed``; else ask, the next line answering (not about a game another
    window holds: that is said at once)."""
    waiting = waiting_game(shell)
    if waiting is None:
        return shell.ui.message("play.no_game")
    if not confirmed and waiting.held_by is None:
        shell.asked = "resign"
        return shell.ui.message("play.resign_ask", **game_words(shell.ui, waiting))
    run = take_waiting(shell)
    if isinstance(run, str):
        return run
    shell.activity = run
    return run.resign()


def current_run(shell: Shell) -> GameRun | None:
    return shell.activity if isinstance(shell.activity, GameRun) else None


def game_waiting(shell: Shell) -> bool:
    """Whether an unfinished game is saved, waiting for ``resume``."""
    return waiting_game(shell) is not None


def game_offer(shell: Shell) -> str:
    """The welcome's line about an unfinished game, if there is one."""
    waiting = store(shell).waiting(shell.clock())
    if waiting is None:
        return ""
    if waiting.held_by is not None:
        return shell.ui.message("play.offer_held", pid=waiting.held_by, **game_words(shell.ui, waiting))
    unwritable = shell.progress.unwritable()
    if unwritable is not None:
        return shell.ui.message("play.offer_unwritable", reason=progress_reason(shell.ui, unwritable),
                                **game_words(shell.ui, waiting))
    return shell.ui.message("play.offer_resume", **game_words(shell.ui, waiting))
