"""A saved game as the JSON document of docs/formats.md ("Saved games"): written, and read back checked.

:func:`game_to_data` and :func:`game_text` write a game.  :func:`parse_game`
trusts only each round's dealt position (``start``) and its moves: it replays
them through the engine, checks every date and number, and reports anything
wrong as :class:`GameFileError`, one line naming where the document came from.
Where games are kept is :mod:`.game_store`; files read and written are
:mod:`.game_files`.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tutor.content import presets
from tutor.core.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, MoveError
from tutor.core.position import Position
from tutor.core.round import MatchResult
from tutor.core.scoring import Detail, RoundScore
from tutor.core.variant import VariantError
from tutor.loading.positions import position_from_node, position_to_data, variant_to_data
from tutor.loading.words import Words, words, words_from_data, words_to_data
from tutor.loading.yamlfile import FileError, Node, Problem, load_document
from tutor.play.table_game import MAX_ROUNDS, GameError, Settings, TableGame

from .timestamps import FIRST_YEAR, LAST_YEAR, checked_time, to_text, utc

FORMAT = "cassino-tutor game"
VERSION = 1
MAX_BYTES = 8 << 20
"""A saved game is a few kilobytes a round; a bigger document is not one."""
SEED_LIMIT = 2**32
"""A game's seed is below this, as ``play seed=S`` takes it."""
JSON_FAULTS = {
    "Expecting value": "value", "Expecting ':' delimiter": "colon", "Expecting ',' delimiter": "comma",
    "Expecting property name enclosed in double quotes": "name", "Unterminated string starting at": "string",
    "Extra data": "extra", "Invalid control character at": "control", "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "unicode",
}
"""What :mod:`json` finds wrong, keyed for the words of other languages (``game_files.json_KEY``)."""


@dataclass(frozen=True)
class MoveFault:
    """A saved move that cannot be played: where it is, its text, and why as data.

    ``kind`` is ``reason`` (``code`` a legality reason of :mod:`tutor.core.legality`),
    ``typo`` (``code`` a typo code of :data:`tutor.core.moves.INVALID_CODES`) or
    ``ambiguous`` (the text names several moves).
    """

    round: int
    number: int
    text: str
    kind: str
    code: str = ""


class GameFileError(ValueError):
    """A saved game that cannot be read; its str is one line: where it came from and what is wrong.

    ``problem`` is in English; ``said`` the same as :class:`Words` (a code and its parameters) where there are
    such, for words in the learner's language. ``move`` holds the data of a saved move that cannot be played
    (the str says only that it is not legal there).
    """

    def __init__(self, where: str, problem: str | Words, move: MoveFault | None = None) -> None:
        self.where = where
        self.said = problem if isinstance(problem, Words) else None
        self.problem = str(problem)
        self.move = move
        super().__init__(f"{where}: {self.problem}")

    def to_data(self) -> dict[str, Any]:
        """The error as JSON data, to be kept and shown again (:meth:`from_data`)."""
        return {"where": self.where, "problem": self.problem, "move": None if self.move is None else vars(self.move),
                **({"said": words_to_data(self.said)} if self.said is not None else {})}

    @classmethod
    def from_data(cls, data: Any) -> GameFileError:
        if not isinstance(data, dict) or not isinstance(data.get("where"), str) or not isinstance(data.get("problem"), str):
            return cls("?", _said("a problem kept in a form this version does not read", "unread_problem"))
        move = data.get("move")
        try:
            fault = MoveFault(**move) if isinstance(move, dict) else None
        except TypeError:
            fault = None
        said = words_from_data(data.get("said"))
        return cls(data["where"], said if said is not None and said.text == data["problem"] else data["problem"], fault)


@dataclass
class SavedGame:
    """A game with what its document says around it: its id, when it started, was saved, ended.

    ``key`` is the number the store gave it (None for a game read from a file)
    and ``version`` the store's version of it last read or written here.
    """

    game: TableGame
    id: str
    started: datetime
    updated: datetime | None = None
    finished: datetime | None = None
    key: int | None = None
    version: int = 0

    @classmethod
    def new(cls, game: TableGame, now: datetime) -> SavedGame:
        """A new game's record, with a fresh id."""
        moment = utc(now)
        return cls(game, new_id(moment), moment)

    def stamp(self, now: datetime) -> None:
        """Mark the game saved at ``now``, and finished once it is over (an undo may take that back)."""
        self.updated = utc(now)
        if self.game.over and self.finished is None:
            self.finished = self.updated
        elif not self.game.over:
            self.finished = None


def new_id(started: datetime) -> str:
    """An id made by the program: the start time, then random letters (ids sort by time)."""
    return utc(started).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


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
        "practice_from": game.practice_from,
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
                **({"claim": game.claimed.seat} if game.claimed is not None and r is game.rounds[-1] else {}),
                **({"hinted": sorted(r.hinted)} if r.hinted else {}),
            }
            for r in game.rounds
        ],
    }


def game_text(data: dict[str, Any]) -> str:
    """The JSON text of a saved game: a key a line, and each round on a line of its own."""

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    rounds = ",\n  ".join(dumps(r) for r in data["rounds"])
    fields = [f" {dumps(k)}: {dumps(v)}" for k, v in data.items() if k != "rounds"]
    return "{\n" + ",\n".join([*fields, f' "rounds": [\n  {rounds}\n ]' if rounds else ' "rounds": []']) + "\n}\n"


# ---- reading -------------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_game(text: str, where: str, *, located: bool = False) -> SavedGame:
    """The game of a saved game's JSON ``text``, replayed move by move.

    Raises :class:`GameFileError` (one line starting with ``where``) if it cannot be; ``located`` (``where`` a
    file's name): a value, a round's start or a move that is wrong is named by its line and column in ``text`` too.
    """
    if len(text) > MAX_BYTES:
        raise GameFileError(where, _said(f"more than {MAX_BYTES >> 20} MB, too big to be a saved game", "too_big",
                                         mb=MAX_BYTES >> 20))
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        said = _said(f"not valid JSON ({err.msg})", "not_json", detail=err.msg, kind=JSON_FAULTS.get(err.msg, ""))
        raise GameFileError(f"{where}:{err.lineno}:{err.colno}", said) from None
    except RecursionError:
        raise GameFileError(where, _said("nested too deep to be a saved game", "too_deep")) from None
    except ValueError as err:  # a number of more digits than Python converts, or NaN
        if "digits" in str(err):
            raise GameFileError(where, _said("not a saved game: a number with too many digits", "digits")) from None
        raise GameFileError(where, _said(f"not a saved game: {err}", "number", detail=str(err))) from None
    return _Reader(where, text if located else None).game(data)


def _said(text: str, key: str, /, **params: Any) -> Words:
    """A saved game's problem: ``text`` in English, keyed ``game_files.KEY`` with ``params``."""
    return words(text, f"game_files.{key}", **params)


def _shown(value: Any) -> str:
    """A value quoted in a problem: its JSON, cut short."""
    try:
        text = json.dumps(value)
    except ValueError:
        text = "a number with too many digits"
    return text if len(text) <= 40 else text[:37] + "..."


class _Reader:
    """Checks a saved game's JSON data key by key, each problem one line; ``text``, that of a file, to locate
    them in."""

    def __init__(self, where: str, text: str | None = None) -> None:
        self.where = where
        self.text = text
        self.paths: dict[int, tuple[str | int, ...]] = {}
        """Where each object checked stands in the document (by its id): the keys and indexes leading to it."""

    def fail(self, message: str | Words, move: MoveFault | None = None, at: Node | None = None) -> GameFileError:
        return GameFileError(self.where if at is None else f"{self.where}:{at.line}:{at.col}", message, move)

    def node(self, *path: str | int) -> Node | None:
        """The value at ``path`` (keys and indexes from 0) in the file's text, read again with the lines and columns
        of its values (only once something is wrong); None when there is no file, or its JSON is more than YAML
        reads."""
        if self.text is None:
            return None
        try:
            node: Node | None = load_document(self.text, self.where)
        except FileError:
            return None
        for step in path:
            if node is None:
                break
            if isinstance(step, str):
                node = node.get(step) if node.is_mapping else None
            else:
                node = node.children[step] if node.is_list and step < len(node.children) else None
        return node

    def must_be(self, key: str, what: Words, value: Any, data: dict[str, Any] | None = None) -> GameFileError:
        """The value of ``key`` is not ``what``; ``data``, the object holding it, to locate it in a file."""
        base = self.paths.get(id(data)) if data is not None else None
        return self.fail(_said(f"{key!r} must be {what}, not {_shown(value)}", "must_be", key=key, what=what,
                               value=_shown(value)), at=None if base is None else self.node(*base, key))

    def get(self, data: dict[str, Any], key: str, kind: type, what: Words) -> Any:
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise self.must_be(key, what, value, data)
        return value

    def number(self, data: dict[str, Any], key: str, low: int, high: int, what: Words) -> int:
        value: int = self.get(data, key, int, what)
        if not low <= value <= high:
            raise self.must_be(key, what, value, data)
        return value

    def time(self, data: dict[str, Any], key: str, optional: bool = False) -> datetime | None:
        value = data.get(key)
        if value is None and optional:
            return None
        what = _said(f"a date and time (ISO 8601) from {FIRST_YEAR} to {LAST_YEAR}", "what_time", first=FIRST_YEAR,
                     last=LAST_YEAR)
        try:
            return checked_time(self.get(data, key, str, what))
        except ValueError:
            raise self.must_be(key, what, value, data) from None

    def game(self, data: Any) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise self.fail(_said(f"not a saved game (a saved game is a JSON object with \"format\": \"{FORMAT}\")",
                                  "not_game", format=FORMAT))
        self.paths[id(data)] = ()
        version = data.get("version")
        if version != VERSION:
            newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
            raise self.fail(_said(f"format version {_shown(version)}; this cassino-tutor reads version {VERSION}"
                                  + (" (update cassino-tutor)" if newer else ""), "version", version=_shown(version),
                                  reads=VERSION, newer=newer))
        started = self.time(data, "started")
        updated, finished = self.time(data, "updated", True), self.time(data, "finished", True)
        game = TableGame(self.settings(data))
        practice = self.get(data, "practice", bool, _said("true or false", "what_bool"))
        resigned = data.get("resigned", False)
        if not isinstance(resigned, bool):
            raise self.must_be("resigned", _said("true or false", "what_bool"), resigned, data)
        rounds = self.get(data, "rounds", list, _said("a list of rounds", "what_rounds"))
        if len(rounds) > MAX_ROUNDS:  # refused before any is replayed: that alone could take minutes
            raise self.fail(_said(f"{len(rounds):,} rounds, more than the {MAX_ROUNDS} a match lasts", "too_many_rounds",
                                  rounds=len(rounds), most=MAX_ROUNDS))
        for index, entry in enumerate(rounds, 1):
            self.replay_round(game, index, entry)
        game.resigned = resigned
        if practice:  # a game kept before 5 December 2026 says only that it is practice: all of it
            most = max(len(game.rounds), 1)
            game.practice_from = 1 if data.get("practice_from") is None else self.number(
                data, "practice_from", 1, most, _said(f"a round from 1 to {most}", "what_round", most=most))
        if finished is not None and not game.over:
            raise self.fail(_said(f"'finished' says the game ended, but round {len(game.rounds)} is still in play",
                                  "finished_in_play", round=len(game.rounds)) if game.rounds else
                            _said("'finished' says the game ended, but no round was dealt", "finished_undealt"))
        if finished is None and game.over:
            raise self.fail(_said("'finished' is null, but the game is over", "unfinished"))
        assert started is not None
        return SavedGame(game, self.get(data, "id", str, _said("the game's id", "what_id")), started, updated, finished)

    def settings(self, data: dict[str, Any]) -> Settings:
        try:
            variant = presets.variant(data.get("variant"))
        except VariantError as err:
            refused = words(str(err), f"sheet.option_{err.code}" if err.code else "files.variant_shape", **err.params)
            raise self.fail(_said(f"'variant': {err}", "variant", refused=refused)) from None
        players = self.number(data, "players", 2, 4, _said("2, 3 or 4", "what_players"))
        learner = self.number(data, "learner", 0, players - 1,
                              _said(f"a seat from 0 to {players - 1}", "what_seat", most=players - 1))
        levels = self.get(data, "levels", list, _said("a list of a level a seat (null for the learner's)", "what_levels"))
        computers = {level for seat, level in enumerate(levels) if seat != learner and isinstance(level, str)}
        if (len(levels) != players or len(computers) != 1 or levels[learner] is not None
                or not all(isinstance(level, str) for seat, level in enumerate(levels) if seat != learner)):
            raise self.fail(_said("'levels' must name one level for every seat but the learner's, which is null",
                                  "levels"))
        seed = self.number(data, "seed", 0, SEED_LIMIT - 1,
                           _said(f"a whole number from 0 to {SEED_LIMIT - 1}", "what_seed", most=SEED_LIMIT - 1))
        try:
            return Settings(variant, players, str(computers.pop()), seed,
                            self.get(data, "kind", str, _said("match or round", "what_kind")), learner)
        except GameError as err:
            raise self.fail(_said(str(err), "settings", detail=str(err))) from None

    def replay_round(self, game: TableGame, index: int, entry: Any) -> None:
        where = f"round {index}"
        if not isinstance(entry, dict):
            raise self.fail(_said(f"{where} must be an object with \"start\" and \"moves\"", "round_not_object",
                                  round=index), at=self.node("rounds", index - 1))
        self.paths[id(entry)] = ("rounds", index - 1)
        start = self.start(entry.get("start"), index)
        try:
            game.begin_round(start)
        except GameError as err:
            raise self.fail(_said(f"{where}: {err}", "round_refused", round=index, detail=str(err)),
                            at=self.node("rounds", index - 1, "start")) from None
        moves = self.get(entry, "moves", list, _said(f"the list of {where}'s moves", "what_moves", round=index))
        for number, text in enumerate(moves, 1):
            if not isinstance(text, str):
                raise self.fail(_said(f"{where}, move {number}: a move is written as text, like \"7S x 7D\"",
                                      "move_not_text", round=index, number=number),
                                at=self.node("rounds", index - 1, "moves", number - 1))
            try:
                move: Move = game.position.parse_move(text)
                game.push(move)
            except (MoveError, GameError) as err:
                fault = MoveFault(index, number, text[:40], *_fault(err))
                raise self.fail(f"{where}, move {number} ({text[:40]!r}) cannot be played there", fault,
                                self.node("rounds", index - 1, "moves", number - 1)) from None
        if entry.get("claim") is not None:
            self.claim(game, index, entry)
        self.hinted(game, index, entry)

    def hinted(self, game: TableGame, index: int, entry: dict[str, Any]) -> None:
        """Round ``index``'s plies the learner asked the advisor about (optional): each the index of a ply played, or
        of the next one."""
        hinted = entry.get("hinted", [])
        most = len(game.current.plies)
        what = _said(f"a list of ply numbers from 0 to {most}", "what_hinted", most=most)
        if not isinstance(hinted, list):
            raise self.must_be("hinted", what, hinted, entry)
        for ply in hinted:
            if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= most:
                raise self.must_be("hinted", what, hinted, entry)
        game.current.hinted = set(hinted)

    def claim(self, game: TableGame, index: int, entry: dict[str, Any]) -> None:
        """Round ``index``'s claim, made after its moves by the seat its ``claim`` names, judged again."""
        most = game.settings.players - 1
        seat = self.number(entry, "claim", 0, most, _said(f"a seat from 0 to {most}", "what_seat", most=most))
        refusal = game.claim_refusal(seat)
        if refusal is not None:
            why = {"off": "the variant has no claims (option claim)", "round": "a one-round game has no claims",
                   "over": "no round is in play then", "turn": "it is not that seat's turn"}[refusal]
            raise self.fail(_said(f"round {index}: seat {seat} cannot claim after its moves: {why}", "claim_refused",
                                  round=index, seat=seat, why=refusal))
        game.claim(seat)

    def start(self, data: Any, index: int) -> Position:
        where = f"round {index}"
        if not isinstance(data, dict):
            raise self.fail(_said(f"{where}'s \"start\" must be a position block (every hand and the stock as cards)",
                                  "start_not_object", round=index))
        try:
            return position_from_node(load_document(json.dumps(data), self.where), self.where)
        except FileError as err:
            first, at = self.located(err.problems[0], index)
            problem = Words(first.message, first.code, first.params) if first.code else first.message
            raise self.fail(_said(f"{where}'s start: {first.message}", "start_refused", round=index,
                                  problem=problem), at=at) from None

    def located(self, problem: Problem, index: int) -> tuple[Problem, Node | None]:
        """The first problem of round ``index``'s start read where it stands in the file (the lines and columns it
        names are the file's), and a node at its place; ``problem`` itself, and None, when there is no file."""
        node = self.node("rounds", index - 1, "start")
        if node is None:
            return problem, None
        try:
            position_from_node(node, self.where)
        except FileError as err:
            first = err.problems[0]
            return first, Node("scalar", first.line, first.col)
        return problem, node


def _fault(err: MoveError | GameError) -> tuple[str, str]:
    """Why a saved move cannot be played, as a kind and a code (see :class:`MoveFault`)."""
    if isinstance(err, IllegalMoveError):
        return "reason", err.reason.code
    if isinstance(err, AmbiguousMoveError):
        return "ambiguous", ""
    if isinstance(err, InvalidMoveError):
        return "typo", err.code
    return "reason", "not_a_move"  # the engine refused a parsed move
