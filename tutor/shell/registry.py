"""The shell's command words: each command registered with its handler, what it completes, its German alias and
when it is offered; the command a typed word names, and the word the learner types for one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.render import folded, near_name

from .state import Shell

Handler = Callable[[Shell, str], str]


@dataclass(frozen=True)
class Command:
    """A command word, what it completes as its argument, its German alias, other words that run it (not
    listed or completed: ``exit``, which other shells take for ``quit``), and when it is offered (listed by ``help``,
    completed, suggested for a mistyped word; always when None): typed, it runs whenever."""

    name: str
    handler: Handler
    argument: str = ""  # for help and completion: lesson, puzzle, move, lang, topic, command, confirm, …
    alias: str = ""
    synonyms: tuple[str, ...] = ()
    offered: Callable[[Shell], bool] | None = None

    def offered_in(self, shell: Shell) -> bool:
        return self.offered is None or self.offered(shell)


COMMANDS: dict[str, Command] = {}


def command(name: str, argument: str = "", alias: str = "", synonyms: tuple[str, ...] = (),
            offered: Callable[[Shell], bool] | None = None) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        COMMANDS[name] = Command(name, handler, argument, alias, synonyms, offered)
        return handler

    return register


def lookup(word: str) -> Command | None:
    """The command a word names (its English name, German alias or a synonym, any case, the German letters typed
    or not: ``zuege`` is ``züge``)."""
    word = folded(word)
    for cmd in COMMANDS.values():
        if word in (folded(w) for w in (cmd.name, cmd.alias, *cmd.synonyms) if w):
            return cmd
    return None


def offered_commands(shell: Shell) -> list[Command]:
    """The commands offered now (:attr:`Command.offered`), in their order."""
    return [cmd for cmd in COMMANDS.values() if cmd.offered_in(shell)]


def near_command(shell: Shell, word: str) -> str:
    """The offered command nearest a mistyped ``word`` (its English name or German alias: ``lektion`` is near
    ``lektionen``), as the learner types it in their language (:func:`typed_command`: ``lessons`` in English), or
    an empty string when none is near."""
    near = near_name(word, [w for cmd in offered_commands(shell) for w in (cmd.name, cmd.alias) if w])
    found = None if near is None else lookup(near)
    return "" if found is None else typed_command(shell, found.name)


def typed_command(shell: Shell, name: str) -> str:
    """The command ``name`` as the learner types it in their language: its German word in German."""
    cmd = COMMANDS[name]
    return cmd.alias if shell.lang == "de" and cmd.alias else cmd.name
