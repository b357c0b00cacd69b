"""``claim`` (German ``ansagen``): the learner claims the target in a match whose variant allows claims.

On the learner's turn, after a question (or at once with ``claim yes``), the
engine judges the claim (:meth:`tutor.play.table_game.TableGame.claim`): the
match ends at once, and the game is saved with its claim before the claim and
its count are said, as a move is.  A one-round game has no target to claim;
between rounds, the next is dealt first.  The computers claim at the start of a
turn of theirs, when their view shows the claim true (:mod:`tutor.play.table_game`).
``help`` lists the command and Tab completes it only in a game that allows claims.
"""

from __future__ import annotations

from .game_commands import current_run, game_waiting, open_run
from .game_text import claimable, round_over_text
from .play import GameRun
from .state import Shell


def claim_command(shell: Shell, confirmed: bool) -> str:
    """``claim``: the learner claims the target in the game open here once ``confirmed`` (:func:`claim_in`); outside
    one, where claims are made."""
    run = current_run(shell)
    if run is None:
        return shell.ui.message("play.claim_none", waiting=game_waiting(shell))
    return claim_in(run, confirmed)


def claim_offered(shell: Shell) -> bool:
    """Whether ``claim`` is offered (listed, completed): in a game open here that allows claims."""
    run = open_run(shell)
    return run is not None and claimable(run.game.settings)


def claim_in(run: GameRun, confirmed: bool) -> str:
    """The learner claims the target in ``run`` once ``confirmed`` (else the question, the next line answering):
    judged by the engine, the game ends at once, and is saved before its end is said.  Where no claim can be made
    now, why: the variant has none, a one-round game has no target, the round is over; the computers stopped by
    Ctrl-C before the learner's turn play on first, and the learner is told that no claim was made (when one can be
    made now)."""
    if (said := run.closed()) is not None:
        return said
    game, ui = run.game, run.ui
    refusal = game.claim_refusal(game.learner)
    if refusal in ("off", "round"):
        return ui.message(f"play.claim_{refusal}")
    if refusal == "turn":  # no claim: the others play on first, and the learner may claim on their turn
        moved = run.play_on()
        return moved if game.claim_refusal(game.learner) else moved + "\n" + ui.message("play.claim_later")
    if refusal is not None:  # the round is over: the next is dealt by ``next``
        return round_over_text(ui, game) + " " + ui.message("play.type_next")
    if not confirmed:
        run.shell.asked = "claim"
        side = game.side_seats[game.learner_side]
        named = ui.side_name(side, game.learner) if len(side) > 1 else ""  # a partnership's
        return ui.message("play.claim_ask", side=named, target=game.settings.variant.target)
    game.claim()
    run.unsaved_moves += 1
    run.save()
    return run.after_moves([])
