"""A game against the computer in the shell: ``play``, ``resume``, ``resign``, ``undo``, ``taken``, ``games``.

The learner sits at seat 0 (Player 1) and sees only what that seat can know:
everything shown comes from :meth:`TableGame.view`.  The game is saved after
every move, the computers' included (:func:`tutor.storage.games.save_game`), so
quitting or a crash loses nothing, and ``resume`` (offered at start) goes on.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from tutor.content.presets import preset_names
from tutor.core.moves import MoveError
from tutor.core.position import Position
from tutor.loading.options import OptionError, read_variant
from tutor.play.game import Ply
from tutor.play.players import LEVELS
from tutor.play.table_game import Settings, TableGame
from tutor.render import Renderer, find_name, near_name
from tutor.storage.games import GameFileError, SavedGame, list_games, save_game, unfinished_game
from tutor.teaching.coach import kind_of

from .challenge_text import move_error_text
from .review_screen import hint_advice, round_review_text
from .state import Activity, Shell
from .variant_words import variant_label

KIND_WORDS = {"round": "round", "runde": "round", "match": "match", "partie": "match"}
"""The words that choose a game's kind, in both languages."""
SETTING_KEYS = {"players": "players", "spieler": "players", "level": "level", "stufe": "level", "seed": "seed"}
"""``KEY=VALUE`` settings of ``play`` besides the variant's options, in both languages."""


def games_home(shell: Shell) -> Path:
    """The folder of the progress file: the games are kept beside it."""
    return shell.progress.path.parent


class GameRun(Activity):
    """A game in progress: typed moves, the computers' replies, the rounds' scores, saved after every move."""

    kind = "game"

    def __init__(self, shell: Shell, saved: SavedGame) -> None:
        super().__init__(shell)
        self.saved = saved
        self.save_error = ""  # why the last save failed, said once

    @property
    def game(self) -> TableGame:
        return self.saved.game

    @property
    def position(self) -> Position:
        """What the learner's seat knows, as a position: the other hands and the stock as counts."""
        return self.game.view().position()

    def title(self) -> str:
        game = self.game
        return self.ui.message("play.toolbar", level=self.ui.message(f"levels.{game.settings.level}"),
                               round=len(game.rounds), points="–".join(map(str, game.scores)))

    # ---- what the learner sees ---------------------------------------------------

    def show(self) -> str:
        return self.head() + "\n" + self.table()

    def head(self) -> str:
        """The round's title."""
        game = self.game
        s = game.settings
        return self.ui.message("play.round_head", round=len(game.rounds), kind=s.kind, target=s.variant.target,
                               variant=variant_label(self.ui, s.variant))

    def table(self) -> str:
        """What the learner sees of the position, and what to do now."""
        game, ui = self.game, self.ui
        if game.over:
            said = self.result_text()
        elif game.round_over:  # resumed or shown between rounds: the round's score, then the match's
            score = game.current.score
            assert score is not None
            said = "\n".join(filter(None, [ui.score(game.position, score, game.learner), self.standing(),
                                            ui.message("play.type_next")]))
        else:
            said = ui.message("play.your_move")
        shown = self.position
        shown.scores = game.scores  # with the round's instant points so far
        return ui.position(shown, game.learner, match=game.settings.kind == "match") + "\n" + said

    def standing(self) -> str:
        """The match's standing after a round, to the target (nothing once the game is over)."""
        game = self.game
        if game.over or game.settings.kind != "match":
            return ""
        return self.ui.message("play.standing", score=score_text(self.ui, game), target=game.settings.variant.target)

    def describe(self, plies: list[Ply]) -> str:
        """Each move in words, as it happens, with the new hands when they are dealt (or the card drawn)."""
        ui, me = self.ui, self.game.learner
        lines = []
        stock = plies[0].before.stock_size if plies else 0
        for before, ply in zip([None, *plies], plies):
            pos, move = ply.before, ply.move
            if pos.stock_size < stock and before is not None:
                lines.append(self.refilled(before.seat, pos.stock_size))
            stock = pos.stock_size
            lines.append(ui.message(
                "play.played", who=ui.seat_name(ply.seat, me), me=ply.seat == me,
                partner=ply.seat != me and pos.side_of(ply.seat) == pos.side_of(me),
                move=ui.move(pos, move), kind=ui.move_kind(kind_of(pos, move)),
                taken=ui.cards(move.captured_cards()) if move.is_capture else "", sweep=pos.is_sweep(move),
            ))
        if plies and not self.game.round_over and self.game.position.stock_size < stock:
            lines.append(self.refilled(plies[-1].seat, self.game.position.stock_size))
        return "\n".join(lines)

    def refilled(self, seat: int, stock: int) -> str:
        """The hands filled from the stock after ``seat`` played: in Draw Cassino ``seat`` draws a card, else new
        hands are dealt."""
        if not self.game.settings.variant.draw:
            return self.ui.message("play.dealt", stock=stock)
        me = self.game.learner
        return self.ui.message("play.drew", who=self.ui.seat_name(seat, me), me=seat == me, stock=stock)

    def after_moves(self, plies: list[Ply]) -> str:
        """The moves just played, then the position, or the round's end."""
        said = "\n".join(filter(None, [self.describe(plies), self.save_error]))
        return "\n\n".join(filter(None, [said, self.round_end() if self.game.round_over else self.table()]))

    def round_end(self) -> str:
        """The round's score breakdown, the review of the learner's moves, then what comes next."""
        game, ui = self.game, self.ui
        score = game.current.score
        assert score is not None
        parts = [ui.message("play.round_over", round=len(game.rounds)), self.residue(),
                 ui.score(game.position, score, game.learner)]
        parts.append(self.review())
        parts.append(self.result_text() if game.over else self.standing() + "\n" + ui.message("play.type_next"))
        return "\n".join(filter(None, parts))

    def residue(self) -> str:
        """Who got the cards left on the table at the round's end, if any were."""
        last, end = self.game.current.plies[-1], self.game.position
        loose, builds = last.before.table_after(last.move)
        cards = [*loose, *(c for b in builds for c in b.cards)]
        if not cards or end.last_capturer is None or not end.is_round_over():
            return ""
        me = self.game.learner
        return self.ui.message("play.residue", cards=self.ui.cards(cards), me=end.last_capturer == me,
                               who=self.ui.player_name(end, me, end.last_capturer))

    def review(self) -> str:
        """The review of the learner's moves in the round just over (docs/review.md), with the round's deal seed
        (so ``replay`` shows the same); its marked positions join the review queue."""
        current = self.game.current
        return round_review_text(self.shell, current.plies, self.game.learner, seed=current.seed)

    def result_text(self) -> str:
        return result_text(self.ui, self.game)

    # ---- the learner's turn ---------------------------------------------------------

    def closed(self) -> str | None:
        """What a game command says once the game is over (finished or resigned): there is none to act on."""
        return self.ui.message("play.game_over") if self.game.over else None

    def answer(self, text: str) -> str:
        game = self.game
        if (said := self.closed()) is not None:
            return said
        if game.round_over:
            return self.ui.message("play.type_next")
        if not game.learner_to_move:  # the computers were stopped (Ctrl-C) before the learner's turn
            return self.after_moves(game.advance(self.save))
        pos = self.position
        try:
            move = pos.parse_move(text)
        except MoveError as err:
            return move_error_text(self.ui, pos, err)
        return self.after_moves(game.play(move, self.save))

    def save(self) -> None:
        """Write the game as it stands; a failure is said once and the game goes on."""
        try:
            save_game(games_home(self.shell), self.saved, self.shell.clock())
            self.save_error = ""
        except OSError as err:
            self.save_error = self.ui.message("play.cannot_save", path=str(games_home(self.shell)),
                                              reason=err.strerror or str(err))

    def next(self) -> str:
        game = self.game
        if game.over:
            return self.result_text() + "\n" + self.ui.message("play.play_again")
        if not game.round_over:
            return self.ui.message("play.finish_round") + "\n\n" + self.show()
        game.begin_round()
        self.save()
        return self.start()

    def start(self) -> str:
        """A round begun or resumed: the computers' moves up to the learner's turn, then the position."""
        game = self.game
        plies = [] if game.over or game.round_over else game.advance(self.save)
        return "\n".join(filter(None, [self.head(), self.describe(plies), self.save_error, self.table()]))

    # ---- help ---------------------------------------------------------------------------

    def hint(self) -> str:
        """The advisor's move from the learner's view only, its value and the next best's."""
        game, ui = self.game, self.ui
        if not game.learner_to_move:
            return ui.message("play.not_your_turn")
        advice = hint_advice(game)
        pos, (best, *others) = self.position, advice.moves
        return ui.message(
            "play.hint", move=ui.move(pos, best.move), value=best.value, spread=best.spread, worlds=advice.worlds,
            stock=pos.stock_size,
            other=ui.move(pos, others[0].move) if others else "", other_value=others[0].value if others else 0.0,
        )

    def solution(self) -> str:
        return self.ui.message("play.no_solution")

    def moves(self) -> str:
        if (said := self.closed()) is not None:
            return said
        if self.game.round_over:
            return self.ui.message("play.round_over", round=len(self.game.rounds)) + " " + self.ui.message("play.type_next")
        if not self.game.learner_to_move:
            return self.ui.message("play.not_your_turn")
        pos = self.position
        return self.ui.message("play.moves", moves=[self.ui.move(pos, m) for m in pos.generate()]).rstrip()

    def explain(self, text: str) -> str:
        return self.ui.message("play.no_explain")

    def undo(self) -> str:
        if (said := self.closed()) is not None:
            return said
        if not self.game.undo():
            return self.ui.message("play.nothing_to_undo")
        self.save()
        return "\n".join(filter(None, [self.ui.message("play.undone"), self.save_error, self.show()]))

    def taken(self) -> str:
        if (said := self.closed()) is not None:
            return said
        return self.ui.taken(self.position, self.game.learner, listed=True)

    def resign(self) -> str:
        self.game.resign()
        self.save()
        return "\n".join(filter(None, [self.save_error, self.result_text(), self.ui.message("play.play_again")]))


# ---- commands -------------------------------------------------------------------------


def read_settings(shell: Shell, arg: str) -> Settings | str:
    """The game ``play ARG`` asks for, or the words for what is wrong in ``ARG``."""
    ui = shell.ui
    preset, kind, options = "classic", "match", []
    chosen: dict[str, Any] = {"players": 2, "level": "club", "seed": secrets.randbelow(1_000_000)}
    for word in arg.split():
        key, sep, value = word.partition("=")
        name = SETTING_KEYS.get(key.lower())
        if word.lower() in KIND_WORDS:
            kind = KIND_WORDS[word.lower()]
        elif sep and name == "level":
            level = find_name(value, LEVELS, "levels.{}")
            if level is None:
                return ui.message("play.unknown_level", level=value, levels=[ui.message(f"levels.{n}") for n in LEVELS])
            chosen["level"] = level
        elif sep and name is not None:
            low, high = (2, 4) if name == "players" else (0, 2**32 - 1)
            if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
                return ui.message("play.bad_number", setting=key, value=value, low=low, high=high)
            chosen[name] = int(value)
        elif sep:
            options.append(word)
        elif (found := find_name(word, preset_names(), "presets.{}")) is not None:
            preset = found
        else:
            return ui.message("play.usage", word=word, presets=preset_names(), near=near_name(word, preset_names()),
                              levels=[ui.message(f"levels.{n}") for n in LEVELS])
    try:
        variant = read_variant(preset, options, ui.message)
    except OptionError as err:
        return str(err)
    return Settings(variant, chosen["players"], chosen["level"], chosen["seed"], kind)


def open_game(shell: Shell) -> SavedGame | None:
    """The game in progress: the one open in the shell, else the last one saved unfinished."""
    activity = shell.activity
    if isinstance(activity, GameRun) and not activity.game.over:
        return activity.saved
    return unfinished_game(games_home(shell))


def play_command(shell: Shell, arg: str) -> str:
    """``play [round] [PRESET] [players=N] [level=LEVEL] [seed=S] [OPTION=VALUE]``: a new game."""
    waiting = open_game(shell)
    if waiting is not None:
        return shell.ui.message("play.in_progress", **game_words(shell, waiting))
    settings = read_settings(shell, arg)
    if isinstance(settings, str):
        return settings
    game = TableGame(settings)
    run = GameRun(shell, SavedGame.new(game, shell.clock()))
    game.begin_round()
    run.save()
    shell.activity = run
    return shell.ui.message("play.started", **game_words(shell, run.saved)) + "\n" + run.start()


def resume_command(shell: Shell, arg: str) -> str:
    waiting = open_game(shell)
    if waiting is None:
        return shell.ui.message("play.nothing_to_resume")
    run = GameRun(shell, waiting)
    shell.activity = run
    return shell.ui.message("play.resumed", **game_words(shell, waiting)) + "\n" + run.start()


def resign_command(shell: Shell, arg: str) -> str:
    waiting = open_game(shell)
    if waiting is None:
        return shell.ui.message("play.no_game")
    run = current_run(shell)
    if run is None or run.saved is not waiting:
        run = GameRun(shell, waiting)
    shell.activity = run
    return run.resign()


def current_run(shell: Shell) -> GameRun | None:
    return shell.activity if isinstance(shell.activity, GameRun) else None


def game_words(shell: Shell, saved: SavedGame) -> dict[str, Any]:
    """What a line about a game says of it: variant, players, level, round, scores, date."""
    ui, game = shell.ui, saved.game
    s = game.settings
    return {
        "variant": variant_label(ui, s.variant), "players": s.players, "level": ui.message(f"levels.{s.level}"),
        "about": ui.message(f"levels.{s.level}_about"),
        "kind": s.kind, "round": len(game.rounds), "score": score_text(ui, game),
        "started": saved.started.astimezone().strftime("%Y-%m-%d %H:%M"), "practice": game.practice, "seed": s.seed,
    }


def result_text(ui: Renderer, game: TableGame) -> str:
    """How the game ended (it is over): who won and the match points."""
    result = game.result
    assert result is not None
    seats = game.side_seats
    return ui.message(
        "play.result", reason=result.reason, kind=game.settings.kind, score=score_text(ui, game),
        winner=ui.side_name(seats[result.winner], game.learner) if result.winner is not None else "",
        won=result.winner == game.learner_side, practice=game.practice,
    )


def score_text(ui: Renderer, game: TableGame) -> str:
    """The match points, side by side: ``you and Player 3: 5 · Players 2 and 4: 8``."""
    sides = [(ui.side_name(seats, game.learner), points) for seats, points in zip(game.side_seats, game.scores)]
    return ui.message("names.standing", sides=sides)


def games_command(shell: Shell, arg: str) -> str:
    """Every saved game, newest first: date, variant, players, level, result, practice, the file."""
    ui = shell.ui
    rows: list[dict[str, Any]] = []
    for path, saved in list_games(games_home(shell)):
        if isinstance(saved, GameFileError):
            rows.append({"broken": str(saved), "path": str(path)})
            continue
        game = saved.game
        result = game.result
        winner = ""
        if result is not None and result.winner is not None:
            winner = ui.side_name(game.side_seats[result.winner], game.learner)
        rows.append({**game_words(shell, saved), "path": str(path), "over": result is not None,
                     "won": result is not None and result.winner == game.learner_side, "winner": winner,
                     "reason": result.reason if result else ""})
    return ui.render("shell/games.j2", games=rows, folder=str(games_home(shell) / "games"))


def game_waiting(shell: Shell) -> bool:
    """Whether an unfinished game is saved, waiting for ``resume``."""
    return unfinished_game(games_home(shell)) is not None


def game_offer(shell: Shell) -> str:
    """The welcome's line about an unfinished game, if there is one."""
    waiting = unfinished_game(games_home(shell))
    return shell.ui.message("play.offer_resume", **game_words(shell, waiting)) if waiting is not None else ""
