"""Games against the computer, kept in the progress file: a row a game, its key chosen here.

Every save is one transaction that writes the whole game (the document of
docs/formats.md) and the columns the ``games`` list shows, so that listing
replays nothing.  No name or place comes from a game's text: the key is
SQLite's and the document's id a new one.

Two shells on one data folder: the shell playing a game holds it (``holder``:
its computer, process and a random token; ``held_at``: when it last took or
saved it).  Another shell may not take it while that process runs (on
another computer: for :data:`LEASE_ELSEWHERE` after its last save).  A save
checks that the game is still this shell's, or unchanged since this shell
read it, else writes nothing and raises :class:`GameChanged`.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from tutor.content import presets
from tutor.core.round import MatchResult
from tutor.core.variant import Variant, VariantError
from tutor.loading.words import words
from tutor.play.review_data import kept_losses, moves_digest, plies_digest
from tutor.play.table_game import GameError, Settings

from .database import transaction
from .errors import ProgressError
from .game_files import (
    FOLDER,
    move_aside,
    old_game_files,
    process_runs,
    read_game_file,
    remove_old_temp_files,
    write_new_file,
)
from .games import GameFileError, SavedGame, game_text, game_to_data, new_id, parse_game, result_to_data
from .repair import kept_json
from .timestamps import checked_time, from_text, to_text, utc

LEASE_HERE = timedelta(hours=24)
"""How long a game stays held by a running shell on this computer without a save (a process id may be reused)."""
LEASE_ELSEWHERE = timedelta(minutes=15)
"""How long a game stays held by a shell on another computer (sharing the folder) after its last save."""


class GameHeld(Exception):
    """The game is being played in another shell: process ``pid``, on this computer when ``here``."""

    def __init__(self, key: int, pid: int | None, here: bool) -> None:
        super().__init__(f"game {key} is open in another cassino-tutor (process {pid})")
        self.key, self.pid, self.here = key, pid, here


class GameChanged(Exception):
    """A save refused: since this shell read or wrote the game, another shell (process ``pid``) took it up."""

    def __init__(self, key: int, pid: int | None) -> None:
        super().__init__(f"game {key} was taken up by another cassino-tutor (process {pid})")
        self.key, self.pid = key, pid


class GameKept(Exception):
    """An import refused: the file's game is kept already, as game ``key``."""

    def __init__(self, key: int) -> None:
        super().__init__(f"the game is kept already, as game {key}")
        self.key = key


@dataclass(frozen=True)
class GameSummary:
    """What the ``games`` list and the shell's lines say of a game, without replaying it."""

    key: int | None
    started: datetime
    settings: Settings
    practice_from: int | None
    """The round (from 1) from which the game is practice (the learner took a move back in it), None: none."""
    rounds: int
    scores: tuple[int, ...]
    result: MatchResult | None
    held_by: int | None = None
    """The process of another shell playing the game now, if one is."""
    between: bool = False
    """Whether the game goes on between rounds: its last round is over, the next not dealt."""

    @property
    def learner(self) -> int:
        return self.settings.learner

    @property
    def learner_side(self) -> int:
        return self.settings.learner_side

    @property
    def side_seats(self) -> list[list[int]]:
        return self.settings.side_seats

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def practice(self) -> bool:
        """Whether the learner took a move back in the game (it is practice from :attr:`practice_from`)."""
        return self.practice_from is not None


def summary_of(saved: SavedGame) -> GameSummary:
    """The summary of a game at hand."""
    game = saved.game
    return GameSummary(saved.key, saved.started, game.settings, game.practice_from, len(game.rounds),
                       tuple(game.scores), game.result, between=game.round_over and not game.over)


@dataclass(frozen=True)
class ImportReport:
    """What reading the old games folder did at this start."""

    imported: int = 0
    unreadable: int = 0


_LISTED = ("id, started, variant, players, learner, level, kind, seed, practice, rounds, scores, result, problem, "
           "holder, held_at, CASE WHEN problem IS NULL AND (result IS NULL OR practice = 1) THEN data END")
"""The columns of a game's summary, and the document of one not over (whether it is between rounds) or of a
practice game (the round it is practice from)."""


class GameStore:
    """The games of one progress file, seen from one shell (its :attr:`holder`)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self.holder = f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(4)}"
        self._held: set[int] = set()

    @property
    def folder(self) -> Path:
        """The old one-file-a-game folder beside the progress file."""
        return self.path.parent / FOLDER

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        return transaction(self._conn, self.path, write=True)

    def _read(self) -> AbstractContextManager[sqlite3.Connection]:
        return transaction(self._conn, self.path, write=False)

    # ---- one game -----------------------------------------------------------------------

    def add(self, saved: SavedGame, now: datetime) -> None:
        """Keep a new game under a new key, held by this shell."""
        saved.stamp(now)
        with self._write() as c:
            self._insert(c, saved, now, None)
        assert saved.key is not None
        self._held.add(saved.key)

    def _insert(self, c: sqlite3.Connection, saved: SavedGame, now: datetime, source: str | None) -> None:
        """Insert a game's row in the open transaction: held by this shell, or by none when read from ``source``."""
        holder, held_at = (self.holder, to_text(utc(now))) if source is None else (None, None)
        for attempt in range(3):  # a new id fails but once in 16 million games started in the same second
            values = _columns(saved)
            try:
                saved.key = c.execute(
                    f"INSERT INTO game (name, updated, version, holder, held_at, source, {', '.join(values)}) "
                    f"VALUES (?, ?, 1, ?, ?, ?{', ?' * len(values)})",
                    (saved.id, to_text(saved.updated or saved.started), holder, held_at, source, *values.values()),
                ).lastrowid
                break
            except sqlite3.IntegrityError:
                if attempt == 2:
                    raise
                saved.id = new_id(saved.started)
        saved.version = 1

    def save(self, saved: SavedGame, now: datetime) -> None:
        """Write the game as it stands; :class:`GameChanged` (nothing written) if another shell took it up."""
        assert saved.key is not None, "a game is added before it is saved"
        saved.stamp(now)
        values = _columns(saved)
        with self._write() as c:
            row = c.execute("SELECT version, holder, held_at FROM game WHERE id = ?", (saved.key,)).fetchone()
            if row is None:
                raise GameChanged(saved.key, None)
            version, holder, held_at = row
            if not isinstance(version, int):  # a hand edit's: counted afresh
                version = 0
            if holder != self.holder and (version != saved.version or self.held_elsewhere(holder, held_at, now)):
                raise GameChanged(saved.key, _pid(holder))
            c.execute(
                f"UPDATE game SET updated = ?, version = ?, holder = ?, held_at = ?, problem = NULL, "
                f"{', '.join(f'{name} = ?' for name in values)} WHERE id = ?",
                (to_text(utc(now)), version + 1, self.holder, to_text(utc(now)), *values.values(), saved.key),
            )
            _mark_review(c, saved)
        saved.version = version + 1
        self._held.add(saved.key)

    def take(self, key: int, now: datetime) -> SavedGame:
        """The game of ``key``, held by this shell from now on, to be played.

        :class:`GameHeld` if another shell is playing it; :class:`GameFileError`
        if it cannot be read (it is then listed so) or there is no such game.
        """
        with self._write() as c:
            row = c.execute("SELECT holder, held_at, version, problem, data FROM game WHERE id = ?", (key,)).fetchone()
            if row is None:
                raise GameFileError(f"game {key}", words("no such game", "game_files.no_such_game"))
            holder, held_at, version, problem, data = row
            if problem is None and self.held_elsewhere(holder, held_at, now):
                raise GameHeld(key, _pid(holder), _host(holder) == _host(self.holder))
            if problem is None:
                c.execute("UPDATE game SET holder = ?, held_at = ? WHERE id = ?", (self.holder, to_text(utc(now)), key))
        if problem is not None:
            raise _kept_error(problem)
        self._held.add(key)
        saved = self._parse(key, data)
        saved.key, saved.version = key, version
        return saved

    def load(self, key: int) -> SavedGame:
        """The game of ``key`` as saved, to be shown or exported (not held)."""
        with self._read() as c:
            row = c.execute("SELECT version, problem, data FROM game WHERE id = ?", (key,)).fetchone()
        if row is None:
            raise GameFileError(f"game {key}", words("no such game", "game_files.no_such_game"))
        version, problem, data = row
        if problem is not None:
            raise _kept_error(problem)
        saved = self._parse(key, data)
        saved.key, saved.version = key, version
        return saved

    def _parse(self, key: int, data: object) -> SavedGame:
        """A stored document read back; one that cannot be is marked, so that the list says so from now on."""
        try:
            saved = parse_game(data if isinstance(data, str) else "", f"game {key}")
        except GameFileError as err:
            with suppress(ProgressError), self._write() as c:
                c.execute("UPDATE game SET problem = ?, holder = NULL WHERE id = ?", (json.dumps(err.to_data()), key))
            self._held.discard(key)
            raise
        self._rekey_reviews(key, data, saved)
        return saved

    def _rekey_reviews(self, key: int, document: object, saved: SavedGame) -> None:
        """Keep the reviews of the rounds whose moves the document writes as an earlier version did (its notation:
        '6H b9 3H 9C' where this one writes '6H b9 9C 3H') under the digest of the same moves as this version writes
        them, which is what a review must fit: kept under the old digest, they were taken for reviews of another line
        of play and never shown.  A file that cannot be written keeps them as they are, to be done at the next
        reading."""
        changed: dict[int, tuple[str, str]] = {}
        try:
            kept = kept_json(document)["rounds"] if isinstance(document, str) else []
            for number, (entry, played) in enumerate(zip(kept, saved.game.rounds), 1):
                old, new = moves_digest([str(move) for move in entry["moves"]]), plies_digest(played.plies)
                if old != new:
                    changed[number] = (old, new)
        except (ValueError, TypeError, KeyError):
            return
        if not changed:
            return
        updates: list[tuple[str, int, int, str]] = []
        with suppress(ProgressError), self._read() as c:
            for number, text in c.execute("SELECT round, data FROM game_review WHERE game_id = ?", (key,)).fetchall():
                with suppress(ValueError, TypeError, KeyError):
                    review = kept_json(text)
                    if number in changed and review["plies"] == changed[number][0]:
                        updates.append((json.dumps({**review, "plies": changed[number][1]}), key, number, text))
        if updates:  # each as it was read: a review another shell kept meanwhile stays as it kept it
            with suppress(ProgressError), self._write() as c:
                c.executemany("UPDATE game_review SET data = ? WHERE game_id = ? AND round = ? AND data = ?", updates)

    def keep_review(self, key: int, round_number: int, data: dict[str, Any]) -> None:
        """Keep the review of round ``round_number`` of game ``key`` (:mod:`tutor.play.review_data`'s data),
        in place of any kept before; the round's review is no longer pending."""
        with self._write() as c:
            c.execute("INSERT OR REPLACE INTO game_review (game_id, round, data) VALUES (?, ?, ?)",
                      (key, round_number, json.dumps(data)))
            c.execute("DELETE FROM review_pending WHERE game_id = ? AND round = ?", (key, round_number))

    def pending_reviews(self, now: datetime) -> list[tuple[int, int]]:
        """The rounds over (game key, round number), the oldest first, whose review at their end was not kept: the
        tutor was stopped or killed while it ran.  Those of a game another shell plays now are left to it."""
        with self._read() as c:
            rows = c.execute("SELECT p.game_id, p.round, g.holder, g.held_at FROM review_pending p "
                             "JOIN game g ON g.id = p.game_id ORDER BY g.started, g.id, p.round").fetchall()
        return [(key, number) for key, number, holder, held_at in rows
                if not self.held_elsewhere(holder, held_at, now)]

    def drop_pending(self, key: int, round_number: int) -> None:
        """Round ``round_number`` of game ``key`` needs no review at its end (nothing of the learner's to review,
        or the game cannot be read)."""
        with self._write() as c:
            c.execute("DELETE FROM review_pending WHERE game_id = ? AND round = ?", (key, round_number))

    def reviews(self, key: int) -> dict[int, Any]:
        """The kept reviews of game ``key``, by round number (data as kept: it may not fit a round any more);
        one that is not JSON is left out."""
        with self._read() as c:
            rows = c.execute("SELECT round, data FROM game_review WHERE game_id = ?", (key,)).fetchall()
        found = {}
        for number, text in rows:
            with suppress(ValueError, TypeError):
                found[number] = kept_json(text)
        return found

    def review_losses(self, like: tuple[str, int] | None = None) -> list[list[float]]:
        """The loss of each reviewed move of every game with a kept review, a list a game, the first started first
        (its rounds in order); a kept review that is not a review's data is left out, and so are the rounds of a
        practice game from the one where a move was first taken back (played again, knowing the replies, it
        measures no strength).  With ``like`` (a preset's name and a player count) only the games of that preset,
        no option changed, with that many players."""
        with self._read() as c:
            rows = c.execute("SELECT r.game_id, r.round, r.data, g.variant, g.players, "
                             "CASE WHEN g.practice = 1 THEN g.data END FROM game_review r "
                             "JOIN game g ON g.id = r.game_id ORDER BY g.started, g.id, r.round").fetchall()
        games: dict[int, list[float]] = {}
        practice_from: dict[int, int] = {}
        for key, number, text, variant, players, practice in rows:
            with suppress(ValueError, TypeError):  # a ReviewDataError is a ValueError
                if practice is not None and key not in practice_from:
                    practice_from[key] = _practice_from(practice)
                if number >= practice_from.get(key, number + 1):
                    continue
                if like is None or (kept_json(variant), players) == like:
                    games.setdefault(key, []).extend(kept_losses(kept_json(text)))
        return list(games.values())

    def release(self, key: int) -> None:
        """Let another shell take the game up (best effort: a game left held is freed when this process ends)."""
        self._held.discard(key)
        with suppress(ProgressError), self._write() as c:
            c.execute("UPDATE game SET holder = NULL WHERE id = ? AND holder = ?", (key, self.holder))

    def release_all(self) -> None:
        for key in list(self._held):
            self.release(key)

    def held_elsewhere(self, holder: str | None, held_at: str | None, now: datetime) -> bool:
        """Whether ``holder``, another shell, still runs (plays the game, or has the puzzle open)."""
        if holder is None or holder == self.holder:
            return False
        try:
            since = abs(utc(now) - from_text(held_at or ""))  # a clock set wrong elsewhere holds it no longer
        except (ValueError, TypeError):
            return False
        if _host(holder) == _host(self.holder):
            pid = _pid(holder)
            return since < LEASE_HERE and pid is not None and process_runs(pid)
        return since < LEASE_ELSEWHERE

    # ---- the list -----------------------------------------------------------------------

    def summaries(self, now: datetime) -> list[GameSummary | GameFileError]:
        """Every game, newest first (one that cannot be read as why), then the old files that could not be read."""
        with self._read() as c:
            rows = c.execute(f"SELECT {_LISTED} FROM game ORDER BY started DESC, id DESC").fetchall()
            files = c.execute("SELECT name, problem FROM game_file WHERE problem IS NOT NULL ORDER BY name").fetchall()
        variants: dict[str, Any] = {}
        found = [self._summary(row, now, variants) for row in rows]
        return found + [_kept_error(problem) for _, problem in files]

    def empty(self) -> bool:
        """Whether no game is kept (the learner has never played one, or deleted them all)."""
        with self._read() as c:
            return c.execute("SELECT 1 FROM game LIMIT 1").fetchone() is None

    def player_counts(self) -> set[int]:
        """The player counts of the kept games (none kept: empty)."""
        with self._read() as c:
            return {row[0] for row in c.execute("SELECT DISTINCT players FROM game WHERE typeof(players) = 'integer'")}

    def variants(self) -> list[Variant]:
        """The variants of the kept games, each once, the one played last first; one that cannot be read (a hand
        edit) is left out."""
        with self._read() as c:
            rows = c.execute("SELECT variant FROM game GROUP BY variant ORDER BY MAX(started) DESC").fetchall()
        found: list[Variant] = []
        for (text,) in rows:
            with suppress(ValueError, TypeError, KeyError, VariantError):
                variant = presets.variant(kept_json(text))
                if variant not in found:
                    found.append(variant)
        return found

    def waiting(self, now: datetime) -> GameSummary | None:
        """The game played here last that is not over, if any (it may be held by another shell): the one a shell of
        this progress file took or saved last (``held_at``), or an earlier version's, of the old folder, saved
        last.  A game ``games import`` read is played here once it is taken: until then it waits for none."""
        with self._read() as c:
            rows = c.execute(f"SELECT {_LISTED} FROM game WHERE finished IS NULL AND problem IS NULL AND (held_at IS "
                             "NOT NULL OR id IN (SELECT game_id FROM game_file WHERE game_id IS NOT NULL)) "
                             "ORDER BY COALESCE(held_at, updated) DESC, id DESC LIMIT 10").fetchall()
        listed = (self._summary(row, now, {}) for row in rows)
        return next((s for s in listed if isinstance(s, GameSummary) and not s.over), None)

    def _summary(self, row: tuple[Any, ...], now: datetime, variants: dict[str, Any]) -> GameSummary | GameFileError:
        key, started, variant, players, learner, level, kind, seed, practice, rounds, scores, result, problem, \
            holder, held_at, data = row
        if problem is not None:
            return _kept_error(problem)
        try:
            if variant not in variants:
                variants[variant] = presets.variant(kept_json(variant))
            if not all(isinstance(n, int) for n in (players, learner, seed, rounds)):
                raise ValueError("not a number")
            points = kept_json(scores)
            if not (isinstance(points, list) and all(isinstance(n, int) for n in points)):
                raise ValueError("not a list of points")
            ended = kept_json(result) if result is not None else None
            outcome = None if ended is None else MatchResult(ended["winner"], str(ended["reason"]), ended["loser"])
            return GameSummary(key, checked_time(started), Settings(variants[variant], players, level, seed, kind, learner),
                               _practice_from(data) if practice == 1 else None, rounds, tuple(points), outcome,
                               _pid(holder) if self.held_elsewhere(holder, held_at, now) else None,
                               outcome is None and _last_round_over(data))
        except (ValueError, TypeError, KeyError, VariantError, GameError):
            return GameFileError(f"game {key}", words("its summary in the progress file is damaged (a hand edit?)",
                                                      "game_files.summary_damaged"))

    # ---- files --------------------------------------------------------------------------

    def import_file(self, path: Path, now: datetime) -> SavedGame:
        """Keep the game of a saved-game file as a new game (a new key and id); GameFileError if it cannot be read,
        :class:`GameKept` if a game of the same document (but its id and time of saving) is kept already."""
        saved = read_game_file(path)
        document = _written(saved)
        saved.id = new_id(saved.started)
        with self._write() as c:
            rows = c.execute("SELECT id, data FROM game WHERE started = ? AND problem IS NULL ORDER BY id",
                             (to_text(saved.started),)).fetchall()
            for key, data in rows:
                with suppress(ValueError):  # GameFileError: a game that cannot be read is not this one
                    if _written(parse_game(data if isinstance(data, str) else "", f"game {key}")) == document:
                        raise GameKept(key)
            self._insert(c, saved, now, str(path))
        return saved

    def export(self, key: int, path: Path) -> None:
        """Write game ``key`` to a new file at ``path`` (FileExistsError if there is one) as formats.md says."""
        write_new_file(path, game_text(game_to_data(self.load(key))))

    def import_folder(self, now: datetime, notice: Callable[[int], None] | None = None) -> ImportReport:
        """Move the games of the old ``games/`` folder into the progress file, each once.

        A file read is moved to ``games/imported/``; one that cannot be read is
        left where it is and listed with why, until it changes.  Temporary files
        left by a killed save of an earlier version are removed.  A progress
        file that cannot be written stops this, to be done at the next start.
        ``notice`` is told how many files are to be read, before they are.
        """
        folder = self.folder
        if not folder.is_dir():
            return ImportReport()
        remove_old_temp_files(folder)
        with self._read() as c:
            seen = {name: (size, mtime) for name, size, mtime in c.execute("SELECT name, size, mtime_ns FROM game_file")}
        imported = unreadable = 0
        changed = list(_changed_files(folder, seen))
        if changed and notice is not None:
            notice(len(changed))
        for path, mark in changed:
            try:
                saved: SavedGame | None = read_game_file(path)
                problem = None
            except GameFileError as err:
                saved, problem = None, json.dumps(err.to_data())
            try:
                if not self._claim(path, mark, saved, problem, now):
                    continue  # another shell read it meanwhile
            except ProgressError:
                break
            if saved is None:
                unreadable += 1
            else:
                imported += 1
                move_aside(path)
        return ImportReport(imported, unreadable)

    def _claim(self, path: Path, mark: tuple[int, int], saved: SavedGame | None, problem: str | None,
               now: datetime) -> bool:
        """Record, in one transaction, that an old file was read and keep its game, unless another shell did
        it first."""
        with self._write() as c:
            row = c.execute("SELECT size, mtime_ns FROM game_file WHERE name = ?", (path.name,)).fetchone()
            if row is not None and tuple(row) == mark:
                return False
            if saved is not None:
                saved.id = new_id(saved.started)
                self._insert(c, saved, now, str(path))
            c.execute("INSERT OR REPLACE INTO game_file (name, size, mtime_ns, game_id, problem, seen_at) "
                      "VALUES (?, ?, ?, ?, ?, ?)",
                      (path.name, *mark, None if saved is None else saved.key, problem, to_text(utc(now))))
        return True


def _changed_files(folder: Path, seen: dict[str, tuple[int, int]]) -> Iterator[tuple[Path, tuple[int, int]]]:
    """The old folder's game files not read yet as they are now, with their size and change time."""
    for path in old_game_files(folder):
        try:
            info = path.lstat()
        except OSError:
            continue
        mark = (info.st_size, info.st_mtime_ns)
        if seen.get(path.name) != mark:
            yield path, mark


def _practice_from(document: object) -> int:
    """The round from which a kept practice game is practice: all of it when its document does not say (a game kept
    before 5 December 2026, or a document that cannot be read: loading the game says what is wrong with it)."""
    try:
        data = kept_json(document) if isinstance(document, str) else None
    except ValueError:
        data = None
    found = data.get("practice_from") if isinstance(data, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) and found >= 1 else 1


def _columns(saved: SavedGame) -> dict[str, Any]:
    """The row of a game: the document, and the columns the list shows."""
    data = game_to_data(saved)
    game = saved.game
    return {
        "started": data["started"], "finished": data["finished"], "variant": json.dumps(data["variant"]),
        "players": data["players"], "learner": data["learner"], "level": game.settings.level, "kind": data["kind"],
        "seed": data["seed"], "practice": int(game.practice), "rounds": len(game.rounds),
        "scores": json.dumps(data["scores"]),
        "result": None if game.result is None else json.dumps(result_to_data(game.result)),
        "data": game_text(data),
    }


def _mark_review(c: sqlite3.Connection, saved: SavedGame) -> None:
    """In the transaction that saves a game, its last round's review: pending once the round is over (until its
    review is kept); a round not over (its end taken back) has none pending and no review kept."""
    game, key = saved.game, saved.key
    if not game.rounds:
        return
    number = len(game.rounds)
    if game.current.score is not None:
        c.execute("INSERT OR IGNORE INTO review_pending (game_id, round) SELECT ?, ? WHERE NOT EXISTS "
                  "(SELECT 1 FROM game_review WHERE game_id = ? AND round = ?)", (key, number, key, number))
    else:
        c.execute("DELETE FROM review_pending WHERE game_id = ? AND round = ?", (key, number))
        c.execute("DELETE FROM game_review WHERE game_id = ? AND round = ?", (key, number))


def _written(saved: SavedGame) -> Any:
    """A game's document as this version writes it (so that one an earlier version wrote, without a key added
    since, say ``practice_from``, or a move in its notation, is the same game), without what a copy changes."""
    return _content(json.loads(game_text(game_to_data(saved))))  # JSON's lists, not tuples


def _content(document: Any) -> Any:
    """A game's document without what a copy changes: its id, and when it was last saved."""
    return {k: v for k, v in document.items() if k not in ("id", "updated")} if isinstance(document, dict) else None


def _last_round_over(data: object) -> bool:
    """Whether the last round of a kept document is scored; False for a document that cannot be read so far (loading
    the game says what is wrong with it)."""
    try:
        last = kept_json(data)["rounds"][-1] if isinstance(data, str) else None
    except (ValueError, TypeError, KeyError, IndexError):
        return False
    return isinstance(last, dict) and last.get("score") is not None


def _kept_error(problem: str) -> GameFileError:
    try:
        return GameFileError.from_data(kept_json(problem))
    except (ValueError, TypeError):
        return GameFileError.from_data(None)


def _host(holder: str | None) -> str:
    return (holder or "").rsplit("/", 2)[0]


def _pid(holder: str | None) -> int | None:
    parts = (holder or "").rsplit("/", 2)
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None
