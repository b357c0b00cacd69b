"""The shell's commands, each registered (:mod:`.registry`), and ``dispatch(shell, line)`` that runs one line.

``dispatch`` is pure with respect to the terminal: it takes the typed line and
returns the text to show, so every command is testable without one.  A line
that starts with no command word is a move (or an answer) for the lesson or
puzzle in progress.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.content.course import Lesson, Puzzle
from tutor.content.skills import SKILLS
from tutor.core.text import LAYOUT, escaped, excerpt
from tutor.play.players import LEVELS
from tutor.render import LANGS, folded, near_name
from tutor.render.problems import problem_words
from tutor.storage import ProgressError
from tutor.storage.reports import save_report

from .challenge_text import reads_as_card
from .claim import claim_command, claim_offered
from .dashboard import dashboard_text
from .game_choice import game_after, game_why
from .game_commands import (
    current_run,
    game_offer,
    game_waiting,
    open_run,
    play_command,
    resign_command,
    resume_command,
)
from .games import games_command
from .lesson import LessonRun
from .next_choice import Step, new_learner, next_why, open_activity, plan, why_line
from .picker import due_counts, pick_puzzle, pick_review, played_counts, waiting_queue
from .progress_words import note_unsaved, progress_problem
from .puzzle import PuzzleRun
from .registry import Command, command, lookup, near_command, offered_commands, typed_command
from .section import open_section, open_steps
from .state import Shell
from .streak import StreakRun, streak_order
from .theme_set import none_open, open_theme_set
from .variant_words import preset_rows


@dataclass(frozen=True)
class Reply:
    """What a line came to: text to show, and whether the shell should end."""

    text: str
    quit: bool = False


MAX_LINE_CHARS = 8192
"""The longest typed line read as a command (a path in it is at most this long too)."""


YES_WORDS = ("y", "yes", "j", "ja")
"""The answers that confirm what a command asked (``resign``, ``claim``), and its argument that needs no question."""
NO_WORDS = ("", "n", "no", "nein")
"""The answers that keep things as they are (an empty line too: no is the default)."""


def dispatch(shell: Shell, line: str) -> Reply:
    """Run one typed line and return what to show, any control character in it (typed, or from a file) escaped;
    under it, what the line could not save though it went on (:attr:`Shell.notes`), each said once."""
    try:
        reply = _answer(shell, line)
        text = "\n".join(filter(None, [reply.text, *dict.fromkeys(shell.notes)]))
    finally:
        shell.notes.clear()
    return Reply(escaped(text, keep=LAYOUT), quit=reply.quit)


def _answer(shell: Shell, line: str) -> Reply:
    """The line, when a command has asked to be confirmed: yes runs it, no (or an empty line) keeps things as they
    are, and any other line says so and runs as it would."""
    asked = shell.asked
    if asked is None:
        return _dispatch(shell, line)
    answer = line.strip().lower()
    if answer in YES_WORDS:
        shell.asked = None
        return _dispatch(shell, f"{asked} yes")
    kept = cancel_question(shell)
    if answer in NO_WORDS:
        return Reply(kept)
    reply = _dispatch(shell, line)
    return Reply("\n".join(filter(None, [kept, reply.text])), quit=reply.quit)


def cancel_question(shell: Shell) -> str:
    """Drop the question a command asked (Ctrl-C or Ctrl-D at it, or a line that is no yes): what that keeps, or an
    empty string when nothing was asked."""
    asked, shell.asked = shell.asked, None
    return "" if asked is None else shell.ui.message(f"play.{asked}_kept")


def _dispatch(shell: Shell, line: str) -> Reply:
    text = line.strip()
    if not text:
        return Reply("")
    if len(text) > MAX_LINE_CHARS:
        return Reply(shell.ui.message("shell.line_too_long", chars=len(text), most=MAX_LINE_CHARS, start=excerpt(text)))
    word, *after = text.split(maxsplit=1)  # any space after the word: a tab or a no-break space pasted too
    rest = after[0] if after else ""
    cmd = lookup(word)
    if cmd is not None and cmd.name == "quit":
        return Reply(farewell(shell), quit=True)
    try:
        if cmd is not None and rest.strip() and not cmd.argument:  # nothing to ignore silently
            return Reply(shell.ui.message("shell.no_argument", command=word.lower()))
        if cmd is not None:
            return Reply(cmd.handler(shell, rest.strip()))
        if folded(word) == "replay":  # the command line's, which "games" names: not "play", the nearest word here
            number = rest.strip()
            return Reply(shell.ui.message("shell.replay_outside", game=number if number.isascii() and number.isdigit()
                                          else "N"))
        if shell.activity is None:
            return Reply(shell.ui.message("shell.no_activity", text=excerpt(text), near=near_command(shell, word)))
        card = reads_as_card(word)
        near = "" if card else near_command(shell, word)
        if near:  # ``hitn`` in a puzzle: a mistyped command rather than a card
            return Reply(shell.ui.message("shell.near_command", word=excerpt(word), near=near))
        said = shell.activity.answer(text)
        if not card and word.isalpha():  # ``score`` in a game: no card, and no command near it either
            said += "\n" + shell.ui.message("shell.no_command_either", word=excerpt(word))
        return Reply(said)
    except ProgressError as err:
        # the file could not be written (disk full, locked): say so; what was saved stays
        if err.unsaved:
            note_unsaved(shell, err)
        return Reply(progress_problem(shell.ui, err))
    except Exception as err:  # noqa: BLE001 - the last line of defence: report it, keep the shell going
        report = save_report(shell.progress.path.parent, err, f"the shell, on the line {text[:200]!r}")
        return Reply(shell.ui.message("shell.crashed", path=str(report) if report else ""))


def farewell(shell: Shell) -> str:
    """What ``quit`` and Ctrl-D say: goodbye, what could not be saved, if anything could not, that ``resume`` goes
    on with the game left open, and how to keep the language, when it was this session's only."""
    kept = "" if shell.lang == shell.kept_lang else shell.ui.message("shell.lang_not_kept", lang=shell.lang)
    if shell.activity is not None:  # what leaving saves (a puzzle hinted and not answered), saved before it is said
        shell.activity.leave()
    left = list(dict.fromkeys(shell.notes))  # what leaving said (a puzzle left after a hint counts as missed)
    shell.notes.clear()
    run, gone = open_run(shell), shell.progress.moved()  # gone: the file was taken away, nothing is kept there
    game = shell.ui.message("shell.game_kept", saved=run.unsaved_key not in shell.unsaved) if run and not gone else ""
    if not shell.unsaved:
        return "\n".join(filter(None, [*left, shell.ui.message("shell.bye"), game, kept]))
    lines = [shell.ui.message(key, **params, gone=gone) for key, params in shell.unsaved.values()]
    return "\n".join(filter(None, [*left, shell.ui.message("shell.bye_unsaved"), *lines, game, kept]))


def farewell_due(shell: Shell) -> bool:
    """Whether the end of a piped script says :func:`farewell`: something was not saved, a game is left open, a
    puzzle is left after a hint (it counts as missed), or the language was this session's only."""
    helped = isinstance(shell.activity, PuzzleRun) and shell.activity.helped_unanswered
    return bool(shell.unsaved) or open_run(shell) is not None or helped or shell.lang != shell.kept_lang


def welcome(shell: Shell) -> str:
    """The greeting, proposing where to continue."""
    progress, catalog, lang = shell.progress, shell.catalog, shell.lang
    stars = progress.lesson_stars()
    unfinished_id, unfinished = "", ""
    last = progress.last_activity()
    following = catalog.next_lesson(set(stars))
    # the lesson touched last, unless it was just completed: one never done, or one done and opened again since,
    # left past its first step (``learn`` resumes either where it was left)
    if last is not None and last.kind == "lesson" and (last.id not in stars or progress.lesson_resume(last.id)[0]):
        left = last.id
    elif following is not None and any(r.lesson_id == following.id for r in progress.lessons()):
        left = following.id  # begun, though a puzzle or a game came after it
    else:
        left = ""
    if left:
        try:
            unfinished = catalog.lesson(left).title.get(lang)
            unfinished_id = shell.lesson_name(left)
        except KeyError:
            pass  # a lesson since removed from the course
    repair, imported, upgrade = progress.repair, progress.imported, progress.upgrade
    repaired = "\n\n".join(filter(None, [
        shell.ui.message("shell.progress_upgraded", found=upgrade.found, supported=upgrade.supported,
                         backup=str(upgrade.backup)) if upgrade else "",
        shell.ui.message("shell.progress_repaired", places=", ".join(repair.places), dropped=repair.dropped,
                         reset=repair.reset, backup=str(repair.backup)) if repair else "",
        shell.ui.message("shell.games_imported", imported=imported.imported, unreadable=imported.unreadable,
                         folder=str(progress.games.folder)) if imported.imported or imported.unreadable else "",
        shell.caught_up,  # said once: "show" later says the welcome without it
        left_out_notice(shell),
    ]))
    shell.caught_up = ""
    step = plan(shell)
    # the game that comes first is said with its details in the line of what comes next, not again as an offer;
    # but a lesson left unfinished takes that line (the welcome names it first), and the game is offered after it
    offer = game_offer(shell) if step.resume is None or unfinished else ""
    failed, positions = due_counts(shell)
    return repaired + ("\n\n" if repaired else "") + shell.ui.render(
        "shell/welcome.j2",
        back=last is not None or not new_learner(shell),
        lessons_done=len(stars),
        lessons=len(catalog.lessons),
        unfinished_id=unfinished_id,
        unfinished=unfinished,
        next_id=shell.lesson_name(following.id) if following else "",
        next_title=following.title.get(lang) if following else "",
        rating=round(progress.learner_rating().rating),
        why=next_why(shell, step),
        resume=step.resume is not None,
        failed=failed,
        positions=positions,
    ) + ("\n" + offer if offer else "")


MAX_SHOWN_PROBLEMS = 3
"""The problems of a left-out file the welcome shows; ``cassino-tutor check`` lists the rest."""


def left_out_notice(shell: Shell) -> str:
    """Each content file that could not be read: that its lessons or puzzles are left out until it is fixed, and
    its first problems (``file:line:col`` and what to fix); empty when every file reads."""
    said: list[str] = []
    for file in shell.left_out:
        shown = file.problems[:MAX_SHOWN_PROBLEMS]
        said += [shell.ui.message("shell.left_out", kind=file.kind, file=file.path),
                 *(f"  {problem_words(shell.ui, p)}" for p in shown)]
        if len(file.problems) > len(shown):
            said.append("  " + shell.ui.message("shell.left_out_more", n=len(file.problems) - len(shown)))
    return "\n".join(said + [shell.ui.message("shell.left_out_check")] if said else [])


# ---- commands ----------------------------------------------------------------


@command("help", "command", "hilfe")
def help_(shell: Shell, arg: str) -> str:
    ui = shell.ui
    if arg:
        word = arg.split()[0]  # ``help play junk``: the help of ``play``
        cmd = lookup(word)
        if cmd is None:
            offered = offered_commands(shell)
            return ui.message("shell.unknown_command", word=excerpt(word), near=near_command(shell, word),
                              commands=", ".join(c.name for c in offered),
                              aliases=", ".join(c.alias or c.name for c in offered))
        if cmd.name == "play":  # what can be played: the presets and the levels
            # described as in a two-player game, the level's whole description (club's last deal is exact there)
            levels = [{"name": ui.message(f"levels.{n}"), "about": ui.message(f"levels.{n}_about", players=2)}
                      for n in LEVELS]
            return ui.render("shell/help_play.j2", **_help_row(shell, cmd), presets=preset_rows(ui), levels=levels)
        if cmd.name == "progress":  # what each skill of the dashboard covers
            skills = [{"name": ui.message(f"skills.{s}"), "about": ui.message(f"skills.{s}_about")} for s in SKILLS]
            return ui.render("shell/help_progress.j2", **_help_row(shell, cmd), skills=skills)
        return ui.render("shell/help_command.j2", **_help_row(shell, cmd))
    rows = [_help_row(shell, c) for c in offered_commands(shell)]
    return ui.render("shell/help.j2", commands=rows)


def _help_row(shell: Shell, cmd: Command) -> dict[str, str]:
    return {
        "name": cmd.name,
        "alias": cmd.alias,
        "argument": shell.ui.message(f"shell.argument_{cmd.argument}") if cmd.argument else "",
        "text": shell.ui.message(f"shell.help_{cmd.name}"),
    }


@command("lessons", alias="lektionen")
def lessons(shell: Shell, arg: str) -> str:
    stars = shell.progress.lesson_stars()
    rows = []
    for lesson in shell.catalog.lessons:
        rows.append(
            {
                "id": shell.lesson_name(lesson.id),
                "title": lesson.title.get(shell.lang),
                "stars": stars.get(lesson.id),
                "open": lesson.open_to(stars.keys()),
                "requires": [shell.lesson_name(r) for r in lesson.requires],
            }
        )
    following = shell.catalog.next_lesson(set(stars))
    return shell.ui.render("shell/lessons.j2", lessons=rows, done=len(stars),
                           next_id=shell.lesson_name(following.id) if following else "")


@command("learn", "lesson", "lerne")
def learn(shell: Shell, arg: str) -> str:
    ui = shell.ui
    if not arg:
        return ui.message("shell.learn_usage", example=shell.lesson_names()[0])
    name, _, steps = " ".join(arg.split()).partition(" ")  # any space a paste may bring
    found = shell.find_lesson(name)
    if found is None:
        names = shell.lesson_names()
        return ui.message("shell.unknown_lesson", id=excerpt(arg), ids=", ".join(names), near=near_name(name, names))
    lesson = shell.catalog.lesson(found)
    if steps:
        return open_steps(shell, lesson, steps)
    # the step reached and the slips saved; a lesson done starts afresh (its completion forgot them), but one
    # opened again since and left resumes where it was left
    start, mistakes, hints = shell.progress.lesson_resume(lesson.id)
    run = LessonRun(shell, lesson, start, mistakes, hints)
    shell.activity = run
    if run.over:  # left after its last step was over, before "next": it is done
        return run.next()
    shell.progress.save_lesson_step(lesson.id, run.index, run.mistakes, run.hints, now=shell.clock())
    head = ui.message("shell.resuming", step=run.index + 1) + "\n" if run.index else ""
    return _builds_on(shell, lesson) + head + run.show()


def _builds_on(shell: Shell, lesson: Lesson) -> str:
    """A line naming the lessons ``lesson`` builds on that the learner has not done yet (it opens all the same,
    as ``lessons`` says), with the command for the first of them; "" when every one is done."""
    stars = shell.progress.lesson_stars()
    missing = [shell.lesson_name(r) for r in lesson.requires if r not in stars]
    if not missing:
        return ""
    return shell.ui.message("shell.lesson_builds_on", lessons=missing, first=missing[0]) + "\n"


@command("next", alias="weiter")
def next_(shell: Shell, arg: str) -> str:
    activity = open_activity(shell)
    if activity is not None:
        return activity.next()
    step = plan(shell)
    if step.choice is not None:
        return why_line(shell, step.choice) + "\n" + _open_step(shell, step.choice.step)
    if step.resume is not None:
        return resume(shell, "")
    game = step.game
    if game is not None:
        # the reason names the learner's figure; what follows it does not say it again, and the game's first screen
        # fits below them
        return "\n".join([game_why(shell, game), game_after(shell, game), play(shell, f"round level={game.level}")])
    course = "" if new_learner(shell) else shell.ui.message("shell.next_course") + "\n"  # to a new one, noise
    if step.lesson is not None:
        return course + learn(shell, step.lesson)
    return course + puzzle(shell, "")


def _open_step(shell: Shell, step: Step) -> str:
    """The lesson, section or puzzles ``step`` names, opened."""
    if step.kind == "puzzles":
        return open_theme_set(shell, step.target)
    if step.kind == "lesson":
        return learn(shell, step.target)
    return open_section(shell, shell.catalog.lesson(step.target), step.first, step.last)


@command("puzzle", "puzzle", "aufgabe")
def puzzle(shell: Shell, arg: str) -> str:
    ui, catalog = shell.ui, shell.catalog
    theme: str | None = None
    played = played_counts(shell)  # the puzzles given are of the player counts the learner plays first, as a set's
    if arg:
        try:
            chosen = catalog.puzzle(arg)
        except KeyError:
            theme = shell.find_theme(arg)
            if theme is None:
                themes = shell.theme_names()
                near = near_name(arg, [*themes, *(p.id for p in catalog.puzzles)])  # ``royal-1-99``: an id
                return ui.message("shell.unknown_puzzle", word=excerpt(arg), themes=", ".join(themes), near=near,
                                  near_puzzle=near is not None and near not in themes)
            found = pick_puzzle(shell, theme, played=played)
            if found is None:
                return none_open(shell, theme)
            chosen = found
    else:
        found = pick_puzzle(shell, played=played)
        if found is None:
            return ui.message("shell.no_more_puzzle")
        chosen = found
    seen: list[str] = []

    def following() -> Puzzle | None:
        seen.append(run.puzzle.id)
        return pick_puzzle(shell, theme, skip=seen, played=played)

    run = PuzzleRun(shell, chosen, following)
    shell.activity = run
    return run.show()


@command("review", alias="wiederholen")
def review(shell: Shell, arg: str) -> str:
    first = pick_review(shell)
    if first is None:
        waiting = waiting_queue(shell)
        if not waiting:
            return shell.ui.message("shell.no_reviews")
        return shell.ui.message("shell.reviews_later", count=len(waiting), due=waiting[0].due)
    seen: list[str] = []

    def following() -> Puzzle | None:
        seen.append(run.puzzle.id)
        return pick_review(shell, skip=seen)

    run = PuzzleRun(shell, first, following, mode="review")
    shell.activity = run
    return run.show()


@command("hint", alias="tipp")
def hint(shell: Shell, arg: str) -> str:
    if shell.activity is None:
        if game_waiting(shell):  # a hint in a game too, once it is resumed
            return shell.ui.message("play.hint_resume")
        return shell.ui.message("shell.no_activity_for", command=typed_command(shell, "hint"))
    run = current_run(shell)
    said = run.closed() if run is not None else None
    return said if said is not None else shell.activity.hint()


@command("moves", alias="züge")
def moves(shell: Shell, arg: str) -> str:
    said = shell.activity.moves() if shell.activity is not None else None
    if said is None and game_waiting(shell):
        said = shell.ui.message("play.moves_resume")
    return said if said is not None else no_move_asked(shell, "moves")


@command("solution", alias="lösung")
def solution(shell: Shell, arg: str) -> str:
    if shell.activity is None:
        return shell.ui.message("shell.no_activity_for", command=typed_command(shell, "solution"))
    return shell.activity.solution()


@command("explain", "move", "erkläre")
def explain(shell: Shell, arg: str) -> str:
    if shell.activity is None:
        return no_move_asked(shell, "explain")
    if not arg:
        return shell.ui.message("shell.explain_usage")
    said = shell.activity.explain(arg)
    return said if said is not None else no_move_asked(shell, "explain")


def no_move_asked(shell: Shell, name: str) -> str:
    """Why ``moves`` or ``explain`` has nothing to work on: in a lesson, its step asks for no move (a question,
    a text); elsewhere, no exercise or puzzle is open."""
    key = "shell.step_asks_no_move" if isinstance(shell.activity, LessonRun) else "shell.no_position"
    return shell.ui.message(key, command=typed_command(shell, name))


@command("show", alias="zeige")
def show(shell: Shell, arg: str) -> str:
    if shell.activity is None:
        return welcome(shell)
    return shell.activity.show()


@command("rules", "topic", "regeln")
def rules(shell: Shell, arg: str) -> str:
    from .rules import rules_text

    return rules_text(shell, arg)


@command("lang", "lang", "sprache")
def lang(shell: Shell, arg: str) -> str:
    choice = arg.lower()
    if choice not in LANGS:
        return shell.ui.message("shell.lang_usage", lang=shell.lang, typed=excerpt(arg))
    shell.set_lang(choice)
    return shell.ui.message("shell.lang_set")


@command("progress", alias="fortschritt")
def progress(shell: Shell, arg: str) -> str:
    return dashboard_text(shell)


@command("streak", "theme", "serie")
def streak(shell: Shell, arg: str) -> str:
    theme = shell.find_theme(arg) if arg else None
    if arg and theme is None:
        return shell.ui.message("shell.unknown_theme", theme=arg, themes=", ".join(shell.theme_names()))
    order = streak_order(shell, theme)
    if not order:
        return none_open(shell, theme) if theme else shell.ui.message("shell.no_more_puzzle")
    left = shell.activity  # a streak under way, with a puzzle solved, ends here: said, as it starts over from 0
    ended = left.count if isinstance(left, StreakRun) and not left.over and left.count else None
    run = StreakRun(shell, order)
    shell.activity = run
    start = shell.ui.message("shell.streak_start", best=shell.progress.best_streak())
    return (shell.ui.message("shell.streak_restarted", count=ended) + "\n" if ended else "") + start + "\n\n" + \
        run.show()


# ---- games against the computer (tutor/shell/game_commands.py, play.py) -------------------


@command("play", "game", "spiele")
def play(shell: Shell, arg: str) -> str:
    return play_command(shell, arg)


@command("resume", "number", alias="fortsetzen")
def resume(shell: Shell, arg: str) -> str:
    return resume_command(shell, arg)


def no_game_open(shell: Shell, name: str) -> str:
    """What a game's command ``name`` says outside a game: ``resume`` offered only when a game waits for it."""
    return shell.ui.message("play.no_game_open", command=typed_command(shell, name), waiting=game_waiting(shell))


@command("undo", alias="zurück")
def undo(shell: Shell, arg: str) -> str:
    run = current_run(shell)
    return run.undo() if run is not None else no_game_open(shell, "undo")


@command("taken", alias="genommen", synonyms=("eingenommen", "einnahmen"))
def taken(shell: Shell, arg: str) -> str:
    run = current_run(shell)
    return run.taken() if run is not None else no_game_open(shell, "taken")


@command("analysis", alias="besprechung")
def analysis(shell: Shell, arg: str) -> str:
    run = current_run(shell)
    return run.analysis() if run is not None else no_game_open(shell, "analysis")


@command("resign", "confirm", alias="aufgeben")
def resign(shell: Shell, arg: str) -> str:
    if arg and arg.lower() not in YES_WORDS:
        return shell.ui.message("play.resign_usage")
    return resign_command(shell, confirmed=bool(arg))


@command("claim", "confirm", alias="ansagen", offered=claim_offered)
def claim(shell: Shell, arg: str) -> str:
    if arg and arg.lower() not in YES_WORDS:
        return shell.ui.message("play.claim_usage")
    return claim_command(shell, confirmed=bool(arg))


@command("games", "games", "partien")
def games(shell: Shell, arg: str) -> str:
    return games_command(shell, arg)


@command("quit", alias="ende", synonyms=("exit", "beenden"))
def quit_(shell: Shell, arg: str) -> str:
    return farewell(shell)
