"""Key bindings: F1 help, F2 hint, F3 show the position again, F4 the legal moves."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

#: Function keys and the command each one types.
FUNCTION_KEYS = {"f1": "help", "f2": "hint", "f3": "show", "f4": "moves"}


def key_bindings() -> KeyBindings:
    bindings = KeyBindings()
    for key, command in FUNCTION_KEYS.items():
        bindings.add(key)(_typer(command))
    return bindings


def _typer(command: str) -> Callable[[KeyPressEvent], None]:
    def handler(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        buffer.text = command
        buffer.validate_and_handle()

    return handler
