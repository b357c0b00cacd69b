"""argparse's own messages (usage, a missing or unknown argument, a refused choice) and the help of the commands
and options in the learner's language.

argparse words its messages through :func:`gettext.gettext`; while the command line is read, the calls go to
:class:`ParserWords`, which finds each message's words in the catalog (``argparse.*``) and leaves any other
message as argparse has it. The language is looked up only when argparse has something to say. The help texts
are English in :mod:`.main`; :func:`help_words` puts them in the words of ``cli_help.*`` when help is asked for.
"""

from __future__ import annotations

import argparse
import gettext
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property
from typing import Any

from tutor.content.presets import preset_names
from tutor.core.text import nearest

from .support import preset_arg

SHELL_COMMAND = "; %s is a command of the tutor: start cassino-tutor without a command and type it there"
"""What a refusal of a command adds when the word is one of the tutor's shell (``cassino-tutor play``)."""

KEYS = {
    "usage: ": "usage",
    "%(prog)s: error: %(message)s\n": "error",
    "argument %(argument_name)s: %(message)s": "argument",
    "the following arguments are required: %s": "required",
    "unrecognized arguments: %s": "unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "ignored explicit argument %r": "ignored_explicit",
    "not allowed with argument %s": "not_allowed_with",
    "one of the arguments %s is required": "one_required",
    "; did you mean %s?": "near",  # ours: what parse_command_line adds to an unrecognized option
    SHELL_COMMAND: "shell_command",  # ours: what NearestChoice adds to a command of the shell typed as the tool's
}
"""argparse's messages (its gettext ids) a user of ours can meet, and their keys in ``argparse.yaml``."""

PLACES = {name: f"%({name})s"
          for name in ("prog", "message", "argument_name", "value", "choices", "type", "option", "matches")}
PLACES |= {"s": "%s", "r": "%s"}
"""The placeholders argparse fills in, by the names the messages give them; a value argparse quotes by its
``repr`` (``value``, ``r``: 'doc') is given as it is, for the words to quote as their language does („doc“)."""


def asked_lang(words: Sequence[str]) -> str | None:
    """The language a ``--lang L`` (or ``--lang=L``) among ``words`` asks for: the last one that is ours (a
    command's ``--lang fr`` is refused in the language of the tool's ``--lang de``)."""
    asked = [(i, words[i + 1]) for i, w in enumerate(words[:-1]) if w == "--lang"] + [
        (i, w.partition("=")[2]) for i, w in enumerate(words) if w.startswith("--lang=")]
    ours = [lang for _, lang in sorted(asked) if lang in ("en", "de")]
    return ours[-1] if ours else None


class ParserWords(gettext.NullTranslations):
    """argparse's messages in the language ``--lang`` asks for, else the locale's."""

    def __init__(self, words: Sequence[str]) -> None:
        super().__init__()
        self.words = list(words)

    @cached_property
    def lang(self) -> str:
        from tutor.render import detect_lang

        return asked_lang(self.words) or detect_lang(os.environ)

    def gettext(self, message: str) -> str:
        key = KEYS.get(message)
        if key is None or self.lang == "en":
            return message
        from tutor.render import Renderer  # the templates load only when argparse has something to say

        ending = message[len(message.rstrip("\n")):]  # a template's last newline is not kept
        return Renderer(self.lang).message(f"argparse.{key}", **PLACES) + ending

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


def parse_command_line(parser: argparse.ArgumentParser, words: Sequence[str]) -> argparse.Namespace:
    """``parser.parse_args(words)``, but an argument no parser takes is refused by the command it was given to,
    with that command's usage (argparse refuses it with the tool's usage: ``usage: cassino-tutor [-h] ...`` for
    ``cassino-tutor moves FILE --jsn``), and the command's nearest option (``did you mean --json?``).  An option
    the tool does not know before the command is refused so too: argparse took the word after it for the command
    (``cassino-tutor --lnag de``: "invalid choice: 'de'")."""
    unknown = _unknown_before_command(parser, words)
    if unknown is not None:
        _refuse(parser, [unknown])
    args, extra = parser.parse_known_args(list(words))
    if extra:
        _refuse(_innermost(parser, args), extra)
    return args


def _refuse(owner: argparse.ArgumentParser, extra: Sequence[str]) -> None:
    """``owner`` refuses the ``extra`` words, with its option nearest the first; a preset's name given alone, where
    ``owner`` takes ``--variant``, with that option and the name (``sheet draw``: did you mean --variant draw?), the
    name in any case or the preset's name in either language as ``--variant`` takes it (``sheet Pik-Cassino``)."""
    message = argparse._("unrecognized arguments: %s") % " ".join(extra)  # type: ignore[attr-defined]
    options = [o for action in owner._actions for o in action.option_strings if o.startswith("--")]
    near = nearest(extra[0], options)
    if "--variant" in options and preset_arg(extra[0]) in preset_names():
        near = f"--variant {extra[0]}"
    if near:
        message += argparse._("; did you mean %s?") % near  # type: ignore[attr-defined]
    owner.error(message)


def _unknown_before_command(parser: argparse.ArgumentParser, words: Sequence[str]) -> str | None:
    """The first of the options before the command (or the first word that is not an option) that ``parser``
    does not know, abbreviations allowed; None when it knows them all."""
    known = {o: action for action in parser._actions for o in action.option_strings}
    i = 0
    while i < len(words) and words[i].startswith("-") and words[i] not in HELP_WORDS:
        name, equals, _ = words[i].partition("=")
        actions = {a for o, a in known.items() if o == name or (name.startswith("--") and o.startswith(name))}
        if len(actions) != 1:
            return words[i]
        i += 1 + (actions.pop().nargs is None and not equals)  # its value follows, unless given with "="
    return None


def _innermost(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the (sub)command ``args`` chose: the tool's own when it chose none."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(getattr(args, action.dest, None) or "")
            if chosen is not None:
                return _innermost(chosen, args)
    return parser


@contextmanager
def parser_words(words: Sequence[str]) -> Iterator[None]:
    """argparse worded by :class:`ParserWords` for ``words`` while the block runs."""
    translations = ParserWords(words)
    kept = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = translations.gettext, translations.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = kept  # type: ignore[attr-defined]


HELP_WORDS = ("-h", "--help")


def help_keys(parser: argparse.ArgumentParser, path: str = "") -> Iterator[tuple[str, argparse.ArgumentParser, Any]]:
    """Each help text of ``parser`` and its commands, as (key in ``cli_help``, the parser, the thing it is said
    of: the parser for its description, else an action); ``path`` names the command (``puzzles.generate.``)."""
    if parser.description:
        yield f"{path}description", parser, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action._choices_actions:
                yield f"{path}{command.dest}", parser, command
            for name, sub in action.choices.items():
                yield from help_keys(sub, f"{path}{name}.")
        elif isinstance(action, argparse._HelpAction):
            yield "help", parser, action
        elif isinstance(action, CommandLang):
            yield "command_lang", parser, action
        elif action.help and action.help != argparse.SUPPRESS:
            yield f"{path}{action.dest}", parser, action


def help_words(parser: argparse.ArgumentParser, say: Callable[..., str]) -> None:
    """The help of ``parser`` and its commands, and argparse's headings, in the words ``say`` finds
    (``Renderer.message``)."""
    for key, owner, said_of in help_keys(parser):
        if isinstance(said_of, argparse.ArgumentParser):
            said_of.description = say(f"cli_help.{key}")
        else:
            said_of.help = say(f"cli_help.{key}")
        owner._positionals.title = say("cli_help.positionals_title")
        owner._optionals.title = say("cli_help.options_title")
    placeholder_words(parser, say)


def placeholder_words(parser: argparse.ArgumentParser, say: Callable[..., str]) -> None:
    """The placeholders of ``parser`` and its commands (``FILE``, ``file``) in the words ``say`` finds, for the
    usage and the error messages that name them as well as for the help."""
    for action in actions(parser):
        if (name := placeholder(action)) is not None:
            action.metavar = say(f"cli_help.metavar_{name}")


class NearestChoice(argparse.ArgumentParser):
    """A parser whose refusal of a value not among an argument's choices names the nearest word among them
    (``cassino-tutor movs``: "invalid choice: 'movs' (choose from …); did you mean moves?"); its commands' parsers
    are of its class."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as err:
            if action.dest == "command" and isinstance(value, str) and shell_command(value):  # not "did you mean"
                where = argparse._(SHELL_COMMAND) % value  # type: ignore[attr-defined]
                raise argparse.ArgumentError(action, err.message + where) from None
            words = [str.__str__(c) for c in action.choices or () if isinstance(c, str)]
            near = nearest(value, words) if isinstance(value, str) else ""
            if not near:
                raise
            near_words = argparse._("; did you mean %s?") % near  # type: ignore[attr-defined]
            raise argparse.ArgumentError(action, err.message + near_words) from None


def shell_command(word: str) -> bool:
    """Whether ``word`` names a command of the tutor's shell, in either language (``play``, ``spiele``, ``help``)."""
    import tutor.shell.commands  # noqa: F401 - registers the shell's commands, loaded only for a command refused
    from tutor.shell.registry import lookup

    return lookup(word) is not None


class Choice(str):
    """A choice of an argument whose ``repr`` (how argparse lists the choices in a refusal) is ``shown``."""

    shown: str

    def __new__(cls, text: str, shown: str) -> Choice:
        choice = super().__new__(cls, text)
        choice.shown = shown
        return choice

    def __repr__(self) -> str:
        return self.shown


def choice_words(parser: argparse.ArgumentParser, say: Callable[..., str]) -> None:
    """The choices of ``parser`` and its commands that are words (commands, ``html``), each quoted as ``say``
    quotes (``argparse.quote``) where a refusal lists them; numbers as argparse has them."""
    for action in actions(parser):
        if isinstance(action.choices, dict):  # the commands: their parsers by name
            named = list(action.choices.items())
            action.choices.clear()
            action.choices.update((Choice(name, say("argparse.quote", text=name)), sub) for name, sub in named)
        elif action.choices is not None:
            action.choices = [Choice(c, say("argparse.quote", text=c)) if isinstance(c, str) else c
                              for c in action.choices]


class CommandLang(argparse._StoreAction):
    """The tool's ``--lang`` taken after the arguments of a command that has no ``--lang`` of its own; one help
    text for them all (``cli_help.command_lang``)."""


def take_tools_options(parser: argparse.ArgumentParser, lang_help: str) -> None:
    """Every command of ``parser`` (a command's commands too) takes the tool's options after its arguments as well
    as before the command, where it has no option of the same name: ``moves FILE --lang de`` as ``--lang de moves
    FILE`` (``check``, with a ``--lang`` of its own, took it; the others refused it).  Left out, they leave the
    tool's value as it is; the command's help shows its ``--lang`` (``lang_help``), the switches are the tool's."""
    tools = [a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]
    for command in command_parsers(parser):
        taken = {o for a in command._actions for o in a.option_strings}
        for tool in (t for t in tools if not taken & set(t.option_strings)):
            if tool.nargs == 0:  # a switch: --keep, --ascii, --no-color
                command.add_argument(*tool.option_strings, action=type(tool), dest=tool.dest,
                                     default=argparse.SUPPRESS, help=argparse.SUPPRESS)
            else:
                command.add_argument(*tool.option_strings, action=CommandLang, dest=tool.dest, choices=tool.choices,
                                     metavar="|".join(tool.choices or ()), default=argparse.SUPPRESS, help=lang_help)


def command_parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser of every command of ``parser``, and of their commands."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield sub
                yield from command_parsers(sub)


def actions(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    """Every action of ``parser`` and of its commands."""
    for action in parser._actions:
        yield action
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from actions(sub)


def placeholder(action: argparse.Action) -> str | None:
    """The name of the placeholder an action's help shows that is a word (``FILE``, ``LEVEL``, the name of a
    positional or an option without one: ``file``, ``goal``), keyed ``cli_help.metavar_NAME``; None for a letter
    (``N``), typed values (``en|de``, choices) or none."""
    if isinstance(action, argparse._HelpAction) or not isinstance(action.metavar or action.dest, str):
        return None
    shown = not action.option_strings or action.nargs != 0 and action.choices is None  # an option's value is shown
    name = str(action.metavar) if action.metavar is not None else action.dest if shown else ""
    if name.isupper() and len(name.replace("|", "").replace("=", "")) > 1 or name.islower() and name.isalpha():
        return name.lower().replace("|", "_or_").replace("=", "_is_")
    return None


def asks_help(words: Sequence[str]) -> bool:
    """Whether ``words`` ask for help (``-h`` or ``--help``)."""
    return any(w in HELP_WORDS for w in words)
