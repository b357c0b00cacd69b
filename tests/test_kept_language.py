"""The tutor's language: ``--lang`` for one session, kept by ``lang`` or ``--lang L --keep``, and said so when leaving."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.content.course import Catalog
from tutor.render import Renderer
from tutor.shell.commands import dispatch
from tutor.shell.state import Shell
from tutor.storage import Progress

NOT_KEPT = {lang: Renderer(lang).message("shell.lang_not_kept", lang=lang).split(":")[0] for lang in ("en", "de")}
WELCOME = {"en": "Welcome", "de": "Willkommen"}


@pytest.fixture
def tutor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    """Start the tutor with these arguments on an English locale, ``quit`` typed; its output (status, stdout, stderr)."""
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    # the words of leaving need no course
    monkeypatch.setattr("tutor.shell.app.cached_catalog", lambda folder, progress=None: (Catalog((), ()), ()))

    def run(*args: str, typed: str = "quit\n") -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(typed))
        status = main(list(args))
        out, err = capsys.readouterr()
        return status, out, err

    return run


def kept(tmp_path: Path) -> str | None:
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        return progress.get_setting("lang")


def test_lang_holds_for_one_session_and_says_so_when_leaving(tutor, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    status, out, _ = tutor("--lang", "de")
    assert status == 0 and WELCOME["de"] in out
    assert NOT_KEPT["de"] in out and out.index("Auf Wiedersehen") < out.index(NOT_KEPT["de"])
    assert kept(tmp_path) is None
    _, out, _ = tutor(typed="")  # the next session, its input ending without "quit": the locale's, nothing to say
    assert WELCOME["en"] in out and NOT_KEPT["en"] not in out and "Goodbye" not in out


def test_keep_keeps_it_and_the_flag_still_overrides_it(tutor, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _, out, _ = tutor("--lang", "de", "--keep")
    assert WELCOME["de"] in out and NOT_KEPT["de"] not in out
    assert kept(tmp_path) == "de"
    _, out, _ = tutor()
    assert WELCOME["de"] in out and NOT_KEPT["de"] not in out
    _, out, _ = tutor("--lang", "en", typed="")
    assert WELCOME["en"] in out and NOT_KEPT["en"] in out and "“--lang en --keep”" in out
    assert kept(tmp_path) == "de"


def test_the_lang_command_keeps_the_language_and_leaving_says_nothing_more(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        shell = Shell(Catalog((), ()), progress, "de", kept_lang="en")
        assert NOT_KEPT["de"] in dispatch(shell, "ende").text
        assert "späteren Sitzungen" in dispatch(shell, "sprache de").text
        reply = dispatch(shell, "ende")
        assert reply.quit and NOT_KEPT["de"] not in reply.text
        assert progress.get_setting("lang") == "de"


def test_leaving_speaks_of_the_language_kept_now_which_another_window_may_have_changed(tmp_path: Path) -> None:
    """Two windows on one progress file: one started with ``--lang en`` while German was kept, the other then kept
    English with ``lang en``.  Leaving, the first said English was for its session only, to be kept with ``lang
    en``: it was kept already.  And a window in the German kept when it started, English kept since by the other,
    left without a word, though its next start is in English."""
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        progress.set_setting("lang", "de")
        english = Shell(Catalog((), ()), progress, "en", kept_lang="de")
        german = Shell(Catalog((), ()), progress, "de", kept_lang="de")
        assert NOT_KEPT["en"] in dispatch(english, "quit").text and NOT_KEPT["de"] not in dispatch(german, "ende").text
        other = Shell(Catalog((), ()), progress, "de", kept_lang="de")
        assert "later sessions" in dispatch(other, "lang en").text
        assert NOT_KEPT["en"] not in dispatch(english, "quit").text
        assert NOT_KEPT["de"] in dispatch(german, "ende").text


@pytest.mark.parametrize("args", [["--keep"], ["--lang", "de", "--keep", "moves", "x.yaml"]])
def test_keep_without_the_tutors_lang_is_refused_in_one_line(tutor, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    status, out, err = tutor(*args)
    assert status == 2 and not out and len(err.strip().splitlines()) == 1 and "--lang en|de, --ascii" in err


@pytest.mark.parametrize(("args", "locale"), [(["--lang", "de", "--keep", "moves", "x.yaml"], "en_GB.UTF-8"),
                                              (["--keep"], "de_DE.UTF-8")])
def test_keep_refused_says_so_in_the_language_asked_for_else_the_locales(
        tutor, monkeypatch: pytest.MonkeyPatch, args: list[str], locale: str) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANG", locale)
    status, out, err = tutor(*args)
    assert status == 2 and err == "cassino-tutor: " + Renderer("de").message("arguments.keep_alone") + "\n"
    assert "Starte den Tutor mit --lang en|de, --ascii oder --glyphs und --keep" in err


def test_ascii_kept_for_later_sessions_and_glyphs_for_one_session_or_kept(  # type: ignore[no-untyped-def]
        tutor, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A learner who needs letters for suits (a screen reader) keeps them with --ascii --keep, as the language."""
    symbols: list[bool] = []
    monkeypatch.setattr("tutor.shell.app.run_script", lambda shell, lines, out: symbols.append(shell.symbols) or 0)
    for args in (["--ascii", "--keep"], [], ["--glyphs"], [], ["--glyphs", "--keep"], [], ["--ascii"], []):
        assert tutor(*args)[0] == 0
    assert symbols == [False, False, True, False, True, True, False, True]
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert progress.get_setting("suits") == "glyphs" and progress.get_setting("lang") is None



@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("args", "code"), [
    (["--glyphs", "moves", "docs/examples/start.yaml"], "glyphs_alone"),
    (["moves", "docs/examples/start.yaml", "--glyphs"], "glyphs_alone"),
    (["--glyphs", "replay"], "glyphs_alone"),
    (["--ascii", "--glyphs"], "ascii_and_glyphs"),
    (["--glyphs", "--keep", "--ascii"], "ascii_and_glyphs"),
])
def test_glyphs_with_a_command_or_with_ascii_is_refused_in_one_line(  # type: ignore[no-untyped-def]
        tutor, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], code: str, lang: str) -> None:
    """--glyphs undoes the tutor's kept --ascii; before or after a command it was taken and did nothing (a command
    keeps no --ascii, and an output that cannot write glyphs got letters all the same), and with --ascii the letters
    won without a word.  Each is refused, saying what --glyphs is for, and nothing is kept."""
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    status, out, err = tutor("--lang", lang, *args)
    assert (status, out) == (2, "") and err == "cassino-tutor: " + Renderer(lang).message(f"arguments.{code}") + "\n"
    assert not (tmp_path / "progress.sqlite3").exists()
