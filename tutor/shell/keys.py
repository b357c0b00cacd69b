"""Key bindings: F1 help, F2 hint, F3 show the position again, F4 the legal moves."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

#: Function keys and the command each one runs.
FUNCTION_KEYS = {"f1": "help", "f2": "hint", "f3": "show", "f4": "moves"}


def key_bindings(run: Callable[[str], None]) -> KeyBindings:
    """Each function key runs its command through ``run``, printing above the prompt:
    a half-typed line stays as it was."""
    bindings = KeyBindings()
    for key, command in FUNCTION_KEYS.items():
        bindings.add(key)(_runner(command, run))
    return bindings


def _runner(command: str, run: Callable[[str], None]) -> Callable[[KeyPressEvent], None]:
    def handler(event: KeyPressEvent) -> None:
        run_in_terminal(lambda: run(command))

    return handler
