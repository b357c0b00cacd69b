"""``cassino-tutor replay FILE|N``: a saved game, round by round, with the review of the learner's moves.

``N`` (digits only) is a game kept in the progress file, by its number in the
shell's ``games``; anything else is a file (``games export`` writes one); with
neither, the list of the games kept, as ``games`` shows it.

Each round shows who played what, deal by deal (the line of play the puzzles
show, with what changes hands) and its score breakdown.  The review
(:mod:`tutor.play.review`) of the learner's moves, computed with the round's
deal seed and the shell's worlds (the same review the shell showed after the
round, every time), is given for the rounds ``--review`` names, computed again
on demand (seconds a round: a progress line on standard error follows the
reviews).  Without ``--review``, a game kept in the progress file shows the
reviews kept with it (the shell keeps each round's review as it shows it), at
once; a file, or a round kept without one, shows none and says how to ask.
A game that cannot be read is one line, exit 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timezone
from functools import partial
from pathlib import Path

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.text import excerpt
from tutor.play.game import Ply
from tutor.play.review import RoundReview, review_round, reviewable, set_apart
from tutor.play.review_data import fitting_review
from tutor.play.table_game import GameRound
from tutor.render import LANGS, Renderer
from tutor.render.chart import fit
from tutor.render.review import none_to_review, review_text
from tutor.shell import review_screen
from tutor.shell.game_text import ended_text, problem_text, score_text
from tutor.shell.games import game_number, games_text
from tutor.shell.progress_words import progress_problem
from tutor.shell.state import DEFAULT_WIDTH
from tutor.shell.status import StatusLine
from tutor.storage import Progress, ProgressError
from tutor.storage.game_files import read_game_file
from tutor.storage.games import GameFileError, SavedGame

from .support import Say, UsageError, command_lang, english, whole_number


def replay(args: argparse.Namespace) -> tuple[str, int]:
    """The saved game of ``args.file`` (a file, or a kept game's number) in words, fitted to 80 columns."""
    ui = Renderer(replay_lang(args), symbols=not args.ascii)
    if args.file is None:
        return kept_games(ui), 0
    kept: dict[int, RoundReview] = {}
    number = game_number(args.file)
    try:
        if number is not None:
            saved, kept = kept_game(number, args.review != "none")
        else:
            saved = read_game_file(Path(args.file))
    except GameFileError as err:
        where = err.where if number is None else ui.message("game_files.kept_game", number=number)
        missing = err.said is not None and err.said.code == "game_files.no_such_game"
        listed = ui.message("arguments.replay_lists") if missing else ""  # its own separator: "; " or " "
        raise UsageError(f"{where}: {problem_text(ui, err)}{listed}") from None
    except ProgressError as err:
        raise UsageError(progress_problem(ui, err)) from None
    scored = [n for n, r in enumerate(saved.game.rounds, 1) if r.score is not None]
    with StatusLine() as status:  # Ctrl-C in a review leaves no line behind
        text = replay_text(ui, saved, reviewed(args.review, scored, ui.message), status, kept)
    return fit(text, DEFAULT_WIDTH), 0


def replay_lang(args: argparse.Namespace) -> str:
    """The language of the replay: ``--lang``; else, for the learner's own games (one by its number, or the list),
    the language the tutor keeps (its ``lang``, as the shell starts in); else the locale's."""
    own = args.file is None or game_number(args.file) is not None
    if own and args.replay_lang is None and args.lang is None:
        try:
            with Progress.open() as progress:
                kept = progress.get_setting("lang")
        except ProgressError:  # said when the game is read
            kept = None
        if kept in LANGS:
            return kept
    return command_lang(args.replay_lang, args.lang)


def kept_games(ui: Renderer) -> str:
    """The games kept in the progress file, as the shell's ``games`` lists them, to choose one to replay."""
    try:
        with Progress.open() as progress:
            if progress.games.empty():
                return ui.message("arguments.replay_no_games")
            return fit(games_text(ui, progress, datetime.now(timezone.utc)), DEFAULT_WIDTH)
    except ProgressError as err:
        raise UsageError(progress_problem(ui, err)) from None


def reviewed(text: str | None, scored: list[int], say: Say = english) -> set[int]:
    """The rounds ``--review`` names (``all``, ``none``, or a round's number) among the ``scored`` ones: by
    default none; a :class:`UsageError` in the words of ``say`` for any other value."""
    if text in (None, "all", "none"):
        return set(scored) if text == "all" else set()
    if not scored:
        raise UsageError(say("arguments.review_none_over"))
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()):
        raise UsageError(say("arguments.review_value", text=excerpt(text), quoted=repr(excerpt(text)),
                             most=max(scored)))
    number = whole_number(text, "--review", 1, max(scored), say)
    if number not in scored:
        raise UsageError(say("arguments.review_not_over", round=number))
    return {number}


def kept_game(number: int, with_reviews: bool) -> tuple[SavedGame, dict[int, RoundReview]]:
    """Game ``number`` of the progress file (``CASSINO_TUTOR_HOME``, else the user's data folder), and (when
    ``with_reviews``) the reviews kept with it, by round: those that fit the round's moves."""
    with Progress.open() as progress:
        saved = progress.games.load(number)
        found = progress.games.reviews(number) if with_reviews else {}
    rounds, learner = saved.game.rounds, saved.game.learner
    reviews = {}
    for n, data in found.items():
        if 1 <= n <= len(rounds) and rounds[n - 1].score is not None:
            if (review := fitting_review(rounds[n - 1].plies, data, learner)) is not None:
                reviews[n] = review
    return saved, reviews


def deals(plies: Sequence[Ply]) -> Iterator[tuple[Position, list[Move]]]:
    """A round's moves deal by deal: each deal's first position and its moves (one run with ``draw``,
    whose hands are filled from the stock move by move)."""
    start = 0
    for i in range(1, len(plies) + 1):
        if i == len(plies) or (not plies[i].before.variant.draw
                               and plies[i].before.stock_size != plies[i - 1].before.stock_size):
            yield plies[start].before, [p.move for p in plies[start:i]]
            start = i


def round_text(ui: Renderer, game_round: GameRound, number: int, learner: int, reviewing: bool,
               kept: RoundReview | None, game: int | None, progress: Callable[[int, int], None] | None = None) -> str:
    """Round ``number`` of game ``game`` (its number in the list of games; None: a file's): its starting table,
    then deal by deal the learner's hand (their own game: only what they held) and the moves, its score, and the
    review of the learner's moves once it is over: computed when ``reviewing`` (``progress`` told the moves reviewed
    and to review), else the ``kept`` one if any (with the command that reviews the round in full, where its time
    limit stopped it)."""
    parts = [ui.message("review.replay_round", round=number, dealer=ui.seat_name(game_round.dealer, learner))]
    if game_round.plies:
        parts.append(ui.message("review.replay_table", cards=ui.cards(game_round.plies[0].before.loose)))
    for deal, (start, moves) in enumerate(deals(game_round.plies), 1):
        parts += [ui.message("review.replay_deal", deal=deal, hand=ui.cards(start.hands[learner])),
                  ui.line(start, moves, learner, partner=True)]
    if game_round.score is None:
        parts.append(ui.message("review.replay_in_play"))
    elif not reviewable(game_round.plies, learner):  # ended before the learner's first move: nothing to review
        parts.append(none_to_review(ui, game_round.plies, learner))
    elif reviewing:
        review = set_apart(review_round(game_round.plies, learner, worlds=review_screen.REVIEW_WORLDS,
                                        seed=game_round.seed, progress=progress), game_round.hinted)
        parts.append(review_text(ui, review))
    elif kept is not None:
        parts.append(review_text(ui, kept))
        if kept.unreviewed:  # the shell's review stopped at its time limit
            parts.append(ui.message("review.replay_stopped", n=kept.unreviewed, round=number,
                                    reviewed=len(kept.moves), game=game))
    return "\n".join(parts)


def replay_text(ui: Renderer, saved: SavedGame, reviews: set[int], status: StatusLine,
                kept: dict[int, RoundReview] | None = None) -> str:
    """The whole game: what it was, each round (the review of those of ``reviews`` computed, told on ``status``;
    move by move; of the others, the ``kept`` one if any), and how it ended (with the claim that ended it, if one
    did)."""
    game = saved.game
    s = game.settings
    head = ui.message(
        "review.replay_head", id=saved.id, variant=ui.message(f"presets.{s.variant.preset}"), players=s.players,
        level=ui.message(f"levels.{s.level}"), seat=game.learner, started=saved.started, practice=game.practice_from,
    )
    parts = [head]
    kept = kept or {}
    for n, game_round in enumerate(game.rounds, 1):
        parts.append(round_text(ui, game_round, n, game.learner, n in reviews, kept.get(n), saved.key,
                                partial(_progress, ui, status, n, len(game.rounds))))
    status.clear()
    parts.append(ended_text(ui, game) if game.over else ui.message("review.replay_unfinished", score=score_text(ui, game)))
    # a round over before the learner's first move is no round without its review: it has none to give
    shown = {n for n in reviews | kept.keys() if reviewable(game.rounds[n - 1].plies, game.learner)}
    unreviewed = sum(r.score is not None and reviewable(r.plies, game.learner) for r in game.rounds) - len(shown)
    if unreviewed:
        parts.append(ui.message("review.replay_not_reviewed", n=unreviewed, reviewed=sorted(shown)))
    return "\n\n".join(parts)


def _progress(ui: Renderer, status: StatusLine, number: int, rounds: int, done: int, moves: int) -> None:
    """The review of round ``number`` (of ``rounds``) on ``status``: ``done`` of its ``moves`` reviewed."""
    status.show(lambda spent: ui.message("review.replay_progress", round=number, rounds=rounds, done=done,
                                         moves=moves, spent=spent))
