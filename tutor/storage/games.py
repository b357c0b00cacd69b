"""Saved games: one JSON file a game in ``<home>/games/``, written after every move.

:func:`save_game` writes a game atomically (a temporary file in the same
folder, flushed to disk, then renamed over the old one), so a crash keeps
either the old file or the new one whole.  :func:`load_game` trusts only each
round's dealt position (``start``) and its moves: it replays them through the
engine, and reports anything wrong in a file as one line naming the file.
The format is described in docs/formats.md, "Saved games".
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tutor.content import presets
from tutor.core.moves import Move, MoveError
from tutor.core.position import Position
from tutor.core.round import MatchResult
from tutor.core.scoring import Detail, RoundScore
from tutor.core.variant import VariantError
from tutor.loading.positions import position_from_node, position_to_data, variant_to_data
from tutor.loading.yamlfile import FileError, load_document
from tutor.play.table_game import GameError, Settings, TableGame

from .timestamps import from_text, to_text, utc

FORMAT = "cassino-tutor game"
VERSION = 1
FOLDER = "games"
MAX_BYTES = 8 << 20
"""A saved game is a few kilobytes a round; a bigger file is not one."""


class GameFileError(ValueError):
    """A saved game that cannot be read; its str is one line: the file and what is wrong."""


@dataclass
class SavedGame:
    """A game with what its file says around it: its id and when it started, was saved, ended."""

    game: TableGame
    id: str
    started: datetime
    updated: datetime | None = None
    finished: datetime | None = None

    @classmethod
    def new(cls, game: TableGame, now: datetime) -> SavedGame:
        """A new game's record, with a fresh id (the start time, then random letters: ids sort by time)."""
        moment = utc(now)
        return cls(game, moment.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3), moment)


def games_folder(home: Path) -> Path:
    """Where the games of the learner whose progress file is in ``home`` are kept."""
    return home / FOLDER


def game_path(home: Path, game_id: str) -> Path:
    return games_folder(home) / f"{game_id}.json"


# ---- writing -------------------------------------------------------------------------


def score_to_data(score: RoundScore) -> dict[str, Any]:
    """A round's score breakdown as JSON data (see formats.md)."""

    def detail(value: Detail) -> Any:
        if isinstance(value, tuple):
            return list(value)
        return value if value is None or isinstance(value, int) else str(value)  # a card

    return {
        "totals": list(score.totals),
        "items": [{"code": i.code, "side": i.side, "points": i.points, "detail": detail(i.detail)} for i in score.items],
        "cards": list(score.cards),
        "spades": list(score.spades),
        "available": score.available,
        "skunk": score.skunk,
    }


def result_to_data(result: MatchResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"winner": result.winner, "reason": result.reason, "loser": result.loser}


def game_to_data(saved: SavedGame) -> dict[str, Any]:
    """The saved game as the JSON document of formats.md."""
    game, s = saved.game, saved.game.settings
    spec = variant_to_data(s.variant)
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": saved.id,
        "started": to_text(saved.started),
        "updated": to_text(saved.updated or saved.started),
        "finished": to_text(saved.finished) if saved.finished else None,
        "variant": spec,
        "preset": spec if isinstance(spec, str) else None,
        "players": s.players,
        "learner": s.learner,
        "levels": list(s.levels),
        "seed": s.seed,
        "kind": s.kind,
        "practice": game.practice,
        "resigned": game.resigned,
        "scores": game.scores,
        "result": result_to_data(game.result),
        "rounds": [
            {
                "seed": r.seed,
                "dealer": r.dealer,
                "start": position_to_data(r.start),
                "moves": [p.before.notation(p.move) for p in r.plies],
                "score": score_to_data(r.score) if r.score is not None else None,
            }
            for r in game.rounds
        ],
    }


def save_game(home: Path, saved: SavedGame, now: datetime) -> Path:
    """Write the game to ``<home>/games/<id>.json`` atomically; marks it finished once it is over."""
    saved.updated = utc(now)
    if saved.game.over and saved.finished is None:
        saved.finished = saved.updated
    elif not saved.game.over:
        saved.finished = None  # an undo may take back the move that ended it
    path = game_path(home, saved.id)
    write_atomically(path, game_text(game_to_data(saved)))
    return path


def game_text(data: dict[str, Any]) -> str:
    """The JSON text of a saved game: a key a line, and each round on a line of its own."""

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    rounds = ",\n  ".join(dumps(r) for r in data["rounds"])
    fields = [f" {dumps(k)}: {dumps(v)}" for k, v in data.items() if k != "rounds"]
    return "{\n" + ",\n".join([*fields, f' "rounds": [\n  {rounds}\n ]' if rounds else ' "rounds": []']) + "\n}\n"


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` so that a crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temp, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


# ---- reading -------------------------------------------------------------------------


def load_game(path: Path) -> SavedGame:
    """The game in ``path``, replayed move by move; :class:`GameFileError` (one line) if it cannot be."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise GameFileError(f"{path}: more than {MAX_BYTES >> 20} MB, too big to be a saved game")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise GameFileError(f"{path}: not a text file (a saved game is JSON)") from None
    except OSError as err:
        raise GameFileError(f"{path}: cannot be read ({err.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise GameFileError(f"{path}:{err.lineno}:{err.colno}: not valid JSON ({err.msg})") from None
    except RecursionError:
        raise GameFileError(f"{path}: nested too deep to be a saved game") from None
    return _Reader(path).game(data)


class _Reader:
    """Checks a saved game's JSON data key by key, each problem one line."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, message: str) -> GameFileError:
        return GameFileError(f"{self.path}: {message}")

    def get(self, data: dict[str, Any], key: str, kind: type, what: str) -> Any:
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise self.fail(f"{key!r} must be {what}, not {json.dumps(value)[:40]}")
        return value

    def time(self, data: dict[str, Any], key: str, optional: bool = False) -> datetime | None:
        value = data.get(key)
        if value is None and optional:
            return None
        try:
            return from_text(self.get(data, key, str, "a date and time (ISO 8601)"))
        except ValueError:
            raise self.fail(f"{key!r} must be a date and time (ISO 8601), not {value!r}") from None

    def game(self, data: Any) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise self.fail(f"not a saved game (a saved game is a JSON object with \"format\": \"{FORMAT}\")")
        version = data.get("version")
        if version != VERSION:
            raise self.fail(f"format version {version!r}; this cassino-tutor reads version {VERSION}"
                            + (" (update cassino-tutor)" if isinstance(version, int) and version > VERSION else ""))
        try:
            variant = presets.variant(data.get("variant"))
        except VariantError as err:
            raise self.fail(f"'variant': {err}") from None
        players = self.get(data, "players", int, "2, 3 or 4")
        if players not in (2, 3, 4):
            raise self.fail(f"'players' must be 2, 3 or 4, not {str(players)[:20]}")
        learner = self.get(data, "learner", int, "the learner's seat")
        if not 0 <= learner < players:
            raise self.fail(f"'learner' must be a seat from 0 to {players - 1}, not {str(learner)[:20]}")
        levels = self.get(data, "levels", list, "a list of a level a seat (null for the learner's)")
        computers = {level for seat, level in enumerate(levels) if seat != learner and isinstance(level, str)}
        if (len(levels) != players or len(computers) != 1 or levels[learner] is not None
                or not all(isinstance(level, str) for seat, level in enumerate(levels) if seat != learner)):
            raise self.fail("'levels' must name one level for every seat but the learner's, which is null")
        try:
            settings = Settings(variant, players, str(computers.pop()), self.get(data, "seed", int, "a whole number"),
                                self.get(data, "kind", str, "match or round"), learner)
        except GameError as err:
            raise self.fail(str(err)) from None
        resigned = data.get("resigned", False)
        if not isinstance(resigned, bool):
            raise self.fail(f"'resigned' must be true or false, not {json.dumps(resigned)[:40]}")
        game = TableGame(settings, self.get(data, "practice", bool, "true or false"))
        rounds = self.get(data, "rounds", list, "a list of rounds")
        for index, entry in enumerate(rounds, 1):
            self.replay_round(game, index, entry)
        game.resigned = resigned
        return SavedGame(game, self.get(data, "id", str, "the game's id"), self.time(data, "started") or utc(None),
                         self.time(data, "updated", True), self.time(data, "finished", True))

    def replay_round(self, game: TableGame, index: int, entry: Any) -> None:
        where = f"round {index}"
        if not isinstance(entry, dict):
            raise self.fail(f"{where} must be an object with \"start\" and \"moves\"")
        start = self.start(entry.get("start"), where)
        try:
            game.begin_round(start)
        except GameError as err:
            raise self.fail(f"{where}: {err}") from None
        moves = self.get(entry, "moves", list, f"the list of {where}'s moves")
        for number, text in enumerate(moves, 1):
            pos = game.position
            if not isinstance(text, str):
                raise self.fail(f"{where}, move {number}: a move is written as text, like \"7S x 7D\"")
            try:
                move: Move = pos.parse_move(text)
                game.push(move)
            except (MoveError, GameError) as err:
                first = str(err).splitlines()[0]  # the rest draws the position
                raise self.fail(f"{where}, move {number} ({text[:40]!r}): {first}") from None

    def start(self, data: Any, where: str) -> Position:
        if not isinstance(data, dict):
            raise self.fail(f"{where}'s \"start\" must be a position block (every hand and the stock as cards)")
        try:
            return position_from_node(load_document(json.dumps(data), str(self.path)), str(self.path))
        except FileError as err:
            raise self.fail(f"{where}'s start: {err.problems[0].message}") from None


# ---- the games of a learner ---------------------------------------------------------


def list_games(home: Path) -> list[tuple[Path, SavedGame | GameFileError]]:
    """Every game file in ``home``, newest first: the game, or why it cannot be read."""
    folder = games_folder(home)
    found: list[tuple[Path, SavedGame | GameFileError]] = []
    for path in sorted(folder.glob("*.json"), reverse=True) if folder.is_dir() else []:
        try:
            found.append((path, load_game(path)))
        except GameFileError as err:
            found.append((path, err))
    return found


def unfinished_game(home: Path) -> SavedGame | None:
    """The game last saved that is not over, if any.

    Only files whose ``finished`` is null are replayed (a learner's finished
    games are many; the shell asks at every start).
    """
    waiting: list[tuple[str, Path]] = []
    for path in games_folder(home).glob("*.json") if games_folder(home).is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8")) if path.stat().st_size <= MAX_BYTES else None
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and data.get("finished") is None:
            waiting.append((str(data.get("updated", "")), path))
    for _, path in sorted(waiting, reverse=True):
        try:
            saved = load_game(path)
        except GameFileError:
            continue
        if not saved.game.over:
            return saved
    return None
