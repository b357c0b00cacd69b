"""Saved games (tutor/storage/games.py): the round trip, the atomic write, and broken files in one line."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_table_game import learner_move, moves_of, play_out

from tutor.content.presets import variant
from tutor.play.table_game import Settings, TableGame
from tutor.storage import games
from tutor.storage.games import (
    GameFileError,
    SavedGame,
    game_to_data,
    list_games,
    load_game,
    save_game,
    unfinished_game,
)

NOW = datetime(2026, 12, 1, 18, 0, tzinfo=timezone.utc)


def game_in_round_two(players: int = 3, preset: str = "classic", seed: int = 6) -> TableGame:
    """A match in its second round, with the learner's and the computers' moves in it."""
    game = TableGame(Settings(variant(preset), players, "club", seed))
    rng = random.Random(seed)
    game.next_round()
    while len(game.rounds) < 2 or len(game.current.plies) < 5:
        if game.round_over:
            game.next_round()
        else:
            game.play(learner_move(game, rng))
    return game


def test_a_saved_game_loads_as_it_was_and_plays_on_the_same(tmp_path: Path) -> None:
    game = game_in_round_two()
    saved = SavedGame.new(game, NOW)
    path = save_game(tmp_path, saved, NOW + timedelta(minutes=5))
    assert path == tmp_path / "games" / f"{saved.id}.json"
    loaded = load_game(path)
    assert game_to_data(loaded) == game_to_data(saved)
    assert loaded.started == NOW and loaded.updated == NOW + timedelta(minutes=5) and loaded.finished is None
    assert moves_of(loaded.game) == moves_of(game) and loaded.game.scores == game.scores
    for each in (game, loaded.game):
        play_out(each, random.Random(1))
    assert moves_of(loaded.game) == moves_of(game), "the computers play on as they would have"


def test_the_file_is_what_formats_md_says(tmp_path: Path) -> None:
    game = game_in_round_two(players=4, preset="royal")
    data = json.loads(save_game(tmp_path, SavedGame.new(game, NOW), NOW).read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["variant"], data["preset"]) == ("cassino-tutor game", 1, "royal", "royal")
    assert (data["players"], data["learner"], data["levels"], data["kind"]) == (4, 0, [None, "club", "club", "club"], "match")
    assert data["finished"] is None and data["result"] is None and data["practice"] is False
    first, second = data["rounds"]
    assert first["score"]["totals"] == list(game.rounds[0].score.totals)  # type: ignore[union-attr]
    assert sum(first["score"]["totals"]) == sum(i["points"] for i in first["score"]["items"])
    assert second["score"] is None and len(second["moves"]) == len(game.current.plies)
    assert len(second["start"]["stock"]) + 4 + 4 * 4 == 52
    assert second["start"]["scores"] == data["scores"] or game.match.instant != [0, 0]


def test_a_finished_game_is_marked_finished_with_its_result(tmp_path: Path) -> None:
    game = TableGame(Settings(variant("classic"), 2, "greedy", 2, kind="round"))
    play_out(game, random.Random(2))
    saved = SavedGame.new(game, NOW)
    data = json.loads(save_game(tmp_path, saved, NOW + timedelta(minutes=9)).read_text(encoding="utf-8"))
    assert data["finished"] == data["updated"] and data["result"]["reason"] == "round"
    assert data["kind"] == "round" and len(data["rounds"]) == 1


def test_a_crash_between_the_temporary_file_and_the_rename_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_in_round_two()
    saved = SavedGame.new(game, NOW)
    path = save_game(tmp_path, saved, NOW)
    old = path.read_text(encoding="utf-8")
    game.play(learner_move(game, random.Random(0)))

    def crash(src: object, dst: object) -> None:
        raise OSError("killed before the rename")

    monkeypatch.setattr(games.os, "replace", crash)
    with pytest.raises(OSError):
        save_game(tmp_path, saved, NOW)
    assert path.read_text(encoding="utf-8") == old
    assert [p.name for p in (tmp_path / "games").iterdir()] == [path.name]
    monkeypatch.undo()
    save_game(tmp_path, saved, NOW)
    assert moves_of(load_game(path).game) == moves_of(game)


def test_games_are_listed_newest_first_with_broken_ones_and_the_unfinished_one_offered(tmp_path: Path) -> None:
    done = TableGame(Settings(variant("classic"), 2, "greedy", 2, kind="round"))
    play_out(done, random.Random(2))
    first = SavedGame.new(done, NOW)
    save_game(tmp_path, first, NOW)
    going = SavedGame.new(game_in_round_two(), NOW + timedelta(hours=1))
    save_game(tmp_path, going, NOW + timedelta(hours=1))
    (tmp_path / "games" / "29991231-000000-broken.json").write_text("{", encoding="utf-8")
    listed = list_games(tmp_path)
    assert [p.stem for p, _ in listed] == ["29991231-000000-broken", going.id, first.id]
    assert isinstance(listed[0][1], GameFileError)
    offered = unfinished_game(tmp_path)
    assert offered is not None and offered.id == going.id
    assert list_games(tmp_path / "nowhere") == [] and unfinished_game(tmp_path / "nowhere") is None


def saved_data(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = save_game(tmp_path, SavedGame.new(game_in_round_two(players=2), NOW), NOW)
    return path, json.loads(path.read_text(encoding="utf-8"))


BROKEN = [
    (lambda d: [d], "not a saved game"),
    (lambda d: {**d, "format": "chess game"}, "not a saved game"),
    (lambda d: {**d, "version": 2}, "update cassino-tutor"),
    (lambda d: {**d, "variant": "poker"}, "unknown preset"),
    (lambda d: {**d, "players": "two"}, "'players' must be"),
    (lambda d: {**d, "levels": [None, "wizard"]}, "levels are"),
    (lambda d: {**d, "levels": ["club", None]}, "'levels' must name"),
    (lambda d: {**d, "levels": [None, ["club"]]}, "'levels' must name"),
    (lambda d: {**d, "variant": {"preset": ["classic"]}}, "'variant'"),
    (lambda d: {**d, "players": 10**100}, "'players' must be 2, 3 or 4"),
    (lambda d: {**d, "learner": -1}, "'learner' must be a seat from 0 to 1"),
    (lambda d: {**d, "kind": "tournament"}, "match or a round"),
    (lambda d: {**d, "practice": "no"}, "'practice' must be true or false"),
    (lambda d: {**d, "rounds": [{**d["rounds"][0], "moves": ["ZZ x 99"]}]}, "round 1, move 1"),
    (lambda d: {**d, "rounds": [{**d["rounds"][0], "moves": d["rounds"][0]["moves"][1:]}]}, "round 1, move"),
    (lambda d: {**d, "rounds": [{**d["rounds"][0], "start": {**d["rounds"][0]["start"], "dealer": 1}}]}, "dealer"),
    (lambda d: {**d, "rounds": [{**d["rounds"][0], "start": {**d["rounds"][0]["start"], "table": ["1X"]}}]}, "start"),
    (lambda d: {**d, "rounds": [d["rounds"][1]]}, "round 1: the round's dealer"),
    (lambda d: {**d, "rounds": [{**d["rounds"][0], "start": {**d["rounds"][0]["start"], "scores": [5, 0]}}]},
     "the match stands at [0, 0]"),
    (lambda d: {**d, "rounds": "all of them"}, "'rounds' must be"),
    (lambda d: {**d, "started": "yesterday"}, "ISO 8601"),
]


@pytest.mark.parametrize(("change", "said"), BROKEN)
def test_a_broken_game_file_is_one_line_naming_the_file_and_the_fault(tmp_path: Path, change: Any, said: str) -> None:
    path, data = saved_data(tmp_path)
    path.write_text(json.dumps(change(data)), encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    text = str(caught.value)
    assert "\n" not in text and text.startswith(str(path)) and said in text, text


@pytest.mark.parametrize(("content", "said"), [
    (b"", "1:1: not valid JSON"), (b'{"format": ', "not valid JSON"), (b"\xff\xfe\x00", "not a text file"),
])
def test_a_file_that_is_not_json_is_one_line(tmp_path: Path, content: bytes, said: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(GameFileError, match=said):
        load_game(path)
    with pytest.raises(GameFileError, match="no such file"):
        load_game(tmp_path / "missing.json")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["variant", "players", "learner", "levels", "seed", "kind", "practice", "rounds", "id",
                            "started", "updated", "finished"]),
       where=st.sampled_from(["top", "round", "start", "moves", "level"]), value=JSON)
def test_any_value_anywhere_gives_a_game_or_one_line(tmp_path: Path, key: str, where: str, value: Any) -> None:
    path, data = saved_data(tmp_path)
    if where == "top":
        data[key] = value
    elif where == "round":
        data["rounds"][0][key] = value
    elif where == "start":
        data["rounds"][0]["start"][key] = value
    elif where == "moves":
        data["rounds"][0]["moves"][len(key) % 5] = value
    else:
        data["levels"][1] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    try:
        load_game(path)
    except GameFileError as err:
        assert "\n" not in str(err) and str(err).startswith(str(path))


def test_a_file_too_big_to_be_a_game_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as out:
        out.truncate(games.MAX_BYTES + 1)
    with pytest.raises(GameFileError, match="too big"):
        load_game(path)
