"""The ``games`` command: the games kept in the progress file, listed by number, written to a file, read from one.

``games`` lists them newest first from the columns kept beside each game
(nothing is replayed); ``games export N FILE`` writes game N as the JSON of
docs/formats.md (for sharing, or ``cassino-tutor replay FILE``), into FILE
or, FILE a folder, into a file of the program's name in it, never over an
existing file; ``games import FILE`` keeps the game of a file as a new
game, under a new number.
"""

from __future__ import annotations

import errno
import os
import shlex
from datetime import datetime
from pathlib import Path
from typing import Any

from tutor.core.text import escaped
from tutor.render import Renderer
from tutor.render.os_errors import os_reason
from tutor.storage import Progress, ProgressError
from tutor.storage.game_files import export_target
from tutor.storage.game_store import GameKept, GameSummary, summary_of
from tutor.storage.games import GameFileError

from .game_text import game_words, problem_text
from .play import store
from .progress_words import progress_problem
from .state import Shell

EXPORT_WORDS = ("export", "exportiere", "exportieren")
IMPORT_WORDS = ("import", "importiere", "importieren")
MAX_NUMBER_DIGITS = 18
"""A game's number is SQLite's; more digits than this name no game."""
QUOTES = {'"': '"', "'": "'", "“": "”", "„": "“", "‘": "’", "«": "»", "»": "«"}
"""The quotes a file's name may be typed in, as in a system shell or as the tutor's messages quote (each opening
quote and its closing one): they are not part of the name."""


def games_command(shell: Shell, arg: str) -> str:
    """``games``, ``games export N FILE`` or ``games import FILE``."""
    word, _, rest = arg.partition(" ")
    if not arg:
        return listing(shell)
    if word.lower() in EXPORT_WORDS:
        number, _, file = rest.strip().partition(" ")
        return export(shell, number, unquoted(file.strip()))
    if word.lower() in IMPORT_WORDS:
        return import_(shell, unquoted(rest.strip()))
    return shell.ui.message("play.games_usage")


def unquoted(file: str) -> str:
    """A file's name as typed, without the quotes around it (``"my game.json"`` is ``my game.json``, not a name with
    quotes in it; ``""`` no name)."""
    if len(file) >= 2 and QUOTES.get(file[0]) == file[-1]:
        return file[1:-1].strip()
    return file


def typed_back(path: Path) -> str:
    """``path`` as a system shell takes it back (quoted when it holds a space or the like)."""
    if os.name == "posix":
        return shlex.quote(str(path))
    return f'"{path}"' if " " in str(path) else str(path)


def shown(path: Path) -> str:
    """``path`` as a message names it: a control character in it escaped (``\\u0009`` for a tab), as the screen
    shows one anywhere, so that a name is said as it is written (a tab kept on the screen was lost when its line
    was wrapped)."""
    return escaped(str(path))


def listing(shell: Shell) -> str:
    """Every game of the shell's progress file, newest first, with its number (:func:`games_text`)."""
    return games_text(shell.ui, shell.progress, shell.clock())


def games_text(ui: Renderer, progress: Progress, now: datetime) -> str:
    """Every game kept in ``progress``, newest first, with its number; one that cannot be read in one line with why
    (``now``: whether another window still holds a game is judged at this time)."""
    rows: list[dict[str, Any]] = []
    for game in progress.games.summaries(now):
        if isinstance(game, GameFileError):
            number = game.where.removeprefix("game ") if game.where.startswith("game ") else ""
            rows.append({"broken": problem_text(ui, game), "number": number, "where": "" if number else game.where})
        else:
            rows.append(summary_row(ui, game))
    return ui.render("shell/games.j2", games=rows, path=str(progress.path))


def summary_row(ui: Renderer, game: GameSummary) -> dict[str, Any]:
    result = game.result
    winner = loser = ""
    if result is not None and result.winner is not None:
        winner = ui.side_name(game.side_seats[result.winner], game.learner)
    if result is not None and result.loser is not None:
        loser = ui.side_name(game.side_seats[result.loser], game.learner)
    return {**game_words(ui, game), "over": result is not None, "won": result is not None and
            result.winner == game.learner_side, "lost": result is not None and result.loser == game.learner_side,
            "winner": winner, "loser": loser, "reason": result.reason if result else "", "held": game.held_by or ""}


def game_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS else None


def number_or_words(ui: Renderer, text: str, usage: str) -> int | str:
    """The game number ``text`` names; else what to say: that there is no such game (digits too many for any
    game's number), or the message ``usage``."""
    number = game_number(text)
    if number is not None:
        return number
    if text.isascii() and text.isdigit():
        return ui.message("play.no_such_game", number=text)
    return ui.message(usage)


def export(shell: Shell, number_text: str, file: str) -> str:
    ui = shell.ui
    if not file:
        return ui.message("play.export_usage")
    number = number_or_words(ui, number_text, "play.export_usage")
    if isinstance(number, str):
        return number
    if "\0" in file:  # no system takes it (Python's ValueError)
        return ui.message("play.file_name_nul")
    path = Path(os.path.expanduser(file)).absolute()  # Path.expanduser raised for ~NAME of no user
    # os.path's looks, not Path's: a name the system cannot look up (too long) is no folder, and writing says why
    if file.endswith(("/", os.sep)) and not os.path.isdir(path):  # a folder's name (Path drops the slash)
        if os.path.exists(path):  # a file of that name, no folder
            return ui.message("play.export_failed", path=shown(path) + os.sep, reason=os_reason(
                ui.message, NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))))
        return ui.message("play.export_no_folder", folder=shown(path))
    path = export_target(path, number)
    try:
        store(shell).export(number, path)
    except GameFileError as err:
        if err.said is not None and err.said.code == "game_files.no_such_game":
            return ui.message("play.no_such_game", number=number)
        return ui.message("play.unreadable", number=number, problem=problem_text(ui, err))
    except FileExistsError:
        return ui.message("play.export_exists", path=shown(path))
    except OSError as err:
        if isinstance(err, FileNotFoundError) and not os.path.isdir(path.parent):
            return ui.message("play.export_no_folder", folder=shown(path.parent))
        return ui.message("play.export_failed", path=shown(path), reason=os_reason(ui.message, err))
    return ui.message("play.exported", number=number, path=shown(path), command=escaped(typed_back(path)))


def import_(shell: Shell, file: str) -> str:
    ui = shell.ui
    if not file:
        return ui.message("play.import_usage")
    if "\0" in file:
        return ui.message("play.file_name_nul")
    path = Path(os.path.expanduser(file)).absolute()
    try:
        saved = store(shell).import_file(path, shell.clock())
    except GameFileError as err:
        return ui.message("play.import_failed", problem=f"{escaped(err.where)}: {problem_text(ui, err)}")
    except GameKept as kept:
        return ui.message("play.import_kept", path=shown(path), number=kept.key)
    except ProgressError as err:
        return progress_problem(ui, err)
    summary = summary_of(saved)
    return ui.message("play.imported", path=shown(path), unfinished=not summary.over, **game_words(ui, summary))
