"""The saved-game document (tutor/storage/games.py): the round trip, what formats.md says, broken documents in one
line, and files read bounded (tutor/storage/game_files.py)."""

from __future__ import annotations

import json
import os
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
from tutor.storage.game_files import read_game_file, write_new_file
from tutor.storage.games import GameFileError, SavedGame, game_text, game_to_data, parse_game

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


def text_of(saved: SavedGame) -> str:
    return game_text(game_to_data(saved))


def test_a_saved_game_loads_as_it_was_and_plays_on_the_same() -> None:
    game = game_in_round_two()
    saved = SavedGame.new(game, NOW)
    saved.stamp(NOW + timedelta(minutes=5))
    loaded = parse_game(text_of(saved), "here")
    assert game_to_data(loaded) == game_to_data(saved)
    assert loaded.started == NOW and loaded.updated == NOW + timedelta(minutes=5) and loaded.finished is None
    assert moves_of(loaded.game) == moves_of(game) and loaded.game.scores == game.scores
    for each in (game, loaded.game):
        play_out(each, random.Random(1))
    assert moves_of(loaded.game) == moves_of(game), "the computers play on as they would have"


def test_the_document_is_what_formats_md_says() -> None:
    game = game_in_round_two(players=4, preset="royal")
    data = json.loads(text_of(SavedGame.new(game, NOW)))
    assert (data["format"], data["version"], data["variant"], data["preset"]) == ("cassino-tutor game", 1, "royal", "royal")
    assert (data["players"], data["learner"], data["levels"], data["kind"]) == (4, 0, [None, "club", "club", "club"], "match")
    assert data["finished"] is None and data["result"] is None and data["practice"] is False
    first, second = data["rounds"]
    assert first["score"]["totals"] == list(game.rounds[0].score.totals)  # type: ignore[union-attr]
    assert sum(first["score"]["totals"]) == sum(i["points"] for i in first["score"]["items"])
    assert second["score"] is None and len(second["moves"]) == len(game.current.plies)
    assert len(second["start"]["stock"]) + 4 + 4 * 4 == 52
    assert second["start"]["scores"] == data["scores"] or game.match.instant != [0, 0]


def test_a_finished_game_is_marked_finished_with_its_result() -> None:
    game = TableGame(Settings(variant("classic"), 2, "greedy", 2, kind="round"))
    play_out(game, random.Random(2))
    saved = SavedGame.new(game, NOW)
    saved.stamp(NOW + timedelta(minutes=9))
    data = json.loads(text_of(saved))
    assert data["finished"] == data["updated"] and data["result"]["reason"] == "round"
    assert data["kind"] == "round" and len(data["rounds"]) == 1


def test_a_new_file_of_a_long_name_is_written_and_a_temporary_file_left_by_a_kill_is_no_obstacle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The temporary file was named ``.NAME.PID.tmp``: a name of 245 characters (the system takes 255) was refused
    as too long, and the temporary file of an export killed in a process of the same number said the file itself
    "exists already"."""
    saved = SavedGame.new(game_in_round_two(), NOW)
    path = tmp_path / ("g" * 245 + ".json")
    write_new_file(path, text_of(saved))
    assert moves_of(read_game_file(path).game) == moves_of(saved.game)
    other = tmp_path / "other.json"
    (tmp_path / f".other.json.{os.getpid()}.tmp").write_text("half a game", encoding="utf-8")
    write_new_file(other, text_of(saved))
    assert moves_of(read_game_file(other).game) == moves_of(saved.game)


def test_a_new_file_of_a_long_name_in_letters_of_two_bytes_is_written(tmp_path: Path) -> None:
    """``games export 1 ää…ä.json``, 120 letters ä (245 bytes: the system takes 255) said 'the name is too long':
    the temporary file's name was cut to 200 characters, and the system counts bytes, 400 for 200 letters ä."""
    saved = SavedGame.new(game_in_round_two(), NOW)
    path = tmp_path / ("ä" * 120 + ".json")
    write_new_file(path, text_of(saved))
    assert moves_of(read_game_file(path).game) == moves_of(saved.game)
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_new_file_is_written_whole_and_never_over_another(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = SavedGame.new(game_in_round_two(), NOW)
    path = tmp_path / "shared.json"
    write_new_file(path, text_of(saved))
    assert moves_of(read_game_file(path).game) == moves_of(saved.game)
    with pytest.raises(FileExistsError):
        write_new_file(path, "{}")
    assert moves_of(read_game_file(path).game) == moves_of(saved.game)

    def crash(src: object, dst: object) -> None:
        raise OSError("killed before the link")

    monkeypatch.setattr(os, "link", crash)
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_new_file(tmp_path / "other.json", text_of(saved))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shared.json"], "no half file, no temporary file"


def saved_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text_of(SavedGame.new(game_in_round_two(players=2), NOW)))
    return data


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
    (lambda d: {**d, "practice": True, "practice_from": 3}, "'practice_from' must be a round from 1 to 2"),
    (lambda d: {**d, "practice": True, "practice_from": "2"}, "'practice_from' must be a round from 1 to 2"),
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
    path = tmp_path / "game.json"
    path.write_text(json.dumps(change(saved_data())), encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        read_game_file(path)
    text = str(caught.value)
    assert "\n" not in text and text.startswith(str(path)) and said in text, text


def test_a_file_edited_by_hand_is_named_at_the_line_and_column_of_the_move_or_card_at_fault(tmp_path: Path) -> None:
    """A move taken out, a dealt card changed, a start that does not continue the match, a number out of range: the
    file's line and column of the move, card, start or value the reading stops at, and the start's own problem
    locating both places in the file (not in a copy of it)."""
    text = text_of(SavedGame.new(game_in_round_two(players=2), NOW))
    lines = text.splitlines()
    row = next(n for n, line in enumerate(lines) if '"moves": ["' in line)  # the first round, on a line of its own
    moves = json.loads(lines[row].rstrip(","))["moves"]
    first = json.loads(lines[row].rstrip(","))["start"]["hands"][0][0]
    removed = lines[row].replace(f'"{moves[0]}", ', "", 1)  # the replay stops at what is now its first move
    dealt = lines[row].replace(f'"{first}"', '"ZZ"', 1)
    dealer = lines[row].replace('"to_move": 1', '"to_move": 0', 1)  # the start no longer continues the match
    for changed, at in ((removed, removed.index('"moves": [') + len('"moves": [')), (dealt, dealt.index('"ZZ"')),
                        (dealer, dealer.index('"start": ') + len('"start": '))):
        path = tmp_path / f"game{at}.json"
        path.write_text("\n".join([*lines[:row], changed, *lines[row + 1:]]) + "\n", encoding="utf-8")
        with pytest.raises(GameFileError) as caught:
            read_game_file(path)
        assert caught.value.where == f"{path}:{row + 1}:{at + 1}", str(caught.value)
        assert "line 1," not in str(caught.value)
    players = next(n for n, line in enumerate(lines) if line.startswith(' "players": '))
    path = tmp_path / "players.json"  # a value of the wrong kind or range is named where it stands too
    path.write_text(text.replace('"players": 2', '"players": 5', 1), encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        read_game_file(path)
    column = lines[players].index("2") + 1  # where the value stands
    assert caught.value.where == f"{path}:{players + 1}:{column}", str(caught.value)
    with pytest.raises(GameFileError) as caught:  # the document of the progress file: no line of a file to name
        parse_game("\n".join([*lines[:row], removed, *lines[row + 1:]]), "game 3")
    assert caught.value.where == "game 3"


def test_an_illegal_saved_move_is_kept_as_data_the_move_and_its_reason_not_an_internal_code() -> None:
    data = saved_data()
    pos = parse_game(json.dumps(data), "x").game.rounds[0].plies[1].before  # the learner's first move
    foreign = next(c for c in pos.variant.deck_cards if all(c not in hand for hand in pos.hands))
    data["rounds"][0]["moves"][1] = str(foreign)
    with pytest.raises(GameFileError) as caught:
        parse_game(json.dumps(data), "x")
    assert caught.value.move == games.MoveFault(1, 2, str(foreign), "reason", "card_not_in_hand")
    assert "card_not_in_hand" not in str(caught.value) and "=" not in str(caught.value)
    assert games.GameFileError.from_data(caught.value.to_data()).move == caught.value.move


@pytest.mark.parametrize(("key", "value", "said"), [
    ("started", "0001-01-01T00:00:00", "from 1970 to 9998"),
    ("started", "9999-12-31T23:59:59-12:00", "from 1970 to 9998"),
    ("updated", "0001-01-02T00:00:00+00:00", "from 1970 to 9998"),
    ("finished", "2026-13-01T00:00:00", "from 1970 to 9998"),
    ("started", "2026-12-01T00:00:00" + " " * 100, "from 1970 to 9998"),
    ("seed", -1, "'seed' must be a whole number from 0 to 4294967295"),
    ("seed", 2**32, "'seed' must be a whole number"),
    ("finished", "2026-12-01T00:00:00+00:00", "'finished' says the game ended, but round 2 is still in play"),
])
def test_every_date_and_number_is_checked_when_read(key: str, value: Any, said: str) -> None:
    data = {**saved_data(), key: value}
    with pytest.raises(GameFileError, match=said) as caught:
        parse_game(json.dumps(data), "x")
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_a_time_without_an_offset_is_utc_and_any_accepted_time_shows_in_any_time_zone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "Etc/GMT+12")  # west of UTC: year 1970's first hours fall in 1969 there
    time.tzset()
    try:
        for text in ("1970-01-01T00:00:00", "9998-12-31T23:59:59-12:00"[:-6], "1970-01-01T00:00:00+00:00"):
            saved = parse_game(json.dumps({**saved_data(), "started": text}), "x")
            assert saved.started.tzinfo is not None
            saved.started.astimezone().strftime("%Y-%m-%d %H:%M")
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize("digits", [4_301, 5_000])
def test_a_number_of_thousands_of_digits_is_one_line(digits: int) -> None:
    text = json.dumps(saved_data()).replace('"seed": 6', '"seed": ' + "9" * digits, 1)
    with pytest.raises(GameFileError, match="too many digits"):
        parse_game(text, "x")
    with pytest.raises(GameFileError, match="not a number JSON allows"):
        parse_game(json.dumps(saved_data()).replace('"seed": 6', '"seed": NaN', 1), "x")


@pytest.mark.parametrize(("content", "said"), [
    (b"", "1:1: not valid JSON"), (b'{"format": ', "not valid JSON"), (b"\xff\xfe\x00", "not a text file"),
])
def test_a_file_that_is_not_json_is_one_line(tmp_path: Path, content: bytes, said: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(GameFileError, match=said):
        read_game_file(path)
    with pytest.raises(GameFileError, match="no such file"):
        read_game_file(tmp_path / "missing.json")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["variant", "players", "learner", "levels", "seed", "kind", "practice", "practice_from",
                            "rounds", "id", "started", "updated", "finished"]),
       where=st.sampled_from(["top", "round", "start", "moves", "level"]), value=JSON)
def test_any_value_anywhere_gives_a_game_or_one_line(key: str, where: str, value: Any) -> None:
    data = saved_data()
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
    try:
        parse_game(json.dumps(data), "the document")
    except GameFileError as err:
        assert "\n" not in str(err) and str(err).startswith("the document")


def test_a_file_too_big_to_be_a_game_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as out:
        out.truncate(games.MAX_BYTES + 1)
    with pytest.raises(GameFileError, match="too big"):
        read_game_file(path)


@pytest.mark.skipif(os.name != "posix", reason="devices, pipes and symbolic links as POSIX has them")
@pytest.mark.parametrize("kind", ["zero", "random", "fifo", "folder"])
def test_only_a_regular_file_is_read_a_device_a_pipe_or_a_folder_is_refused_unread(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "x.json"
    if kind == "fifo":
        os.mkfifo(path)  # nobody writes: a read would block for ever
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(f"/dev/{'zero' if kind == 'zero' else 'urandom'}")  # size 0, endless
    with pytest.raises(GameFileError, match="not a regular file|cannot be read"):
        read_game_file(path)
