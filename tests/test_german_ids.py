"""English left in German screens (issue 14, point 19): lesson ids, rules topics and option names.

A German screen shows the German word for each; the English one is still understood.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from shell_helpers import open_shell, right_answer
from test_completer import complete

from tutor.content.folders import content_dir
from tutor.content.presets import preset_names, variant
from tutor.core.variant import OPTIONS, Variant
from tutor.loading import load_catalog as load_course
from tutor.render import LANGS, Renderer
from tutor.render.catalog import load_catalog
from tutor.sheets import FORMATS, TOPICS, build_sheet, render_sheet, rules_text, topics
from tutor.sheets.document import option_text
from tutor.shell.commands import dispatch
from tutor.shell.lesson import LessonRun
from tutor.shell.state import Shell

LESSON_IDS = [lesson.id for lesson in load_course().lessons]
GERMAN = {"table": "tisch", "sums": "summen", "take-or-add": "weiterbauen"}  # a few, as a reader checks them


def say(shell: Shell, line: str) -> str:
    return dispatch(shell, line).text


def words(lang: str, file: str) -> dict[str, str]:
    """The messages of ``templates/<lang>/messages/<file>.yaml`` by key."""
    prefix = f"{file}."
    catalog = load_catalog(content_dir("templates") / lang)
    return {k[len(prefix):]: v for k, v in catalog.items() if k.startswith(prefix)}


# ---- lesson ids ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_has_one_typed_word_in_each_language(lang: str) -> None:
    names = words(lang, "lesson_ids")
    assert sorted(names) == sorted(LESSON_IDS), "lesson_ids.yaml must name exactly the course's lessons"
    assert len(set(names.values())) == len(names)
    assert all(re.fullmatch(r"[a-zäöüß]+(-[a-zäöüß]+)*", n) for n in names.values()), names
    if lang == "en":
        assert all(key == name for key, name in names.items())  # the ids the progress file keeps


def test_no_word_names_two_lessons_across_the_languages(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        for lang in LANGS:
            for lesson, name in words(lang, "lesson_ids").items():
                assert shell.find_lesson(name) == lesson
                assert shell.find_lesson(name.upper()) == lesson


def test_german_screens_show_german_lesson_ids(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        english = {f"„lerne {i}“" for i in LESSON_IDS if i != shell.lesson_name(i)}
        seen = [say(shell, "zeige"), say(shell, "lerne"), say(shell, "lerne gibtsnicht"), say(shell, "fortschritt")]
        assert "„lerne tisch“" in seen[0] and "lerne tisch" in seen[1]
        assert "tisch, paare, summen" in seen[2] and "weiterbauen" in seen[2]
        assert "„lerne tisch“" in seen[3]
        listing = say(shell, "lektionen")
        column = [line.split()[0] for line in listing.splitlines() if line.startswith("     ")]
        assert column == [shell.lesson_name(i) for i in LESSON_IDS] and "tisch" in column
        assert "(nach tisch)" in listing and "„lerne tisch“" in listing
        assert "„lerne pik“" in say(shell, "aufgabe pik-cassino")  # the lesson that opens the theme
        say(shell, "lerne tisch")
        while not (isinstance(shell.activity, LessonRun) and shell.activity.done):
            seen.append(say(shell, right_answer(shell)))
        assert "„lerne paare“" in seen[-1]  # the lesson's end proposes the next one
        for text in [*seen, listing]:
            assert not any(e in text for e in english), text


def test_learn_takes_the_id_in_either_language_and_any_case(tmp_path: Path) -> None:
    for lang in LANGS:
        with open_shell(tmp_path / lang, lang=lang) as shell:
            for typed, lesson in [("tisch", "table"), ("TABLE", "table"), ("Weiterbauen", "take-or-add"),
                                  ("take-or-add", "take-or-add"), ("summen", "sums"), ("sums", "sums")]:
                shell.clock.advance(1e-6)  # type: ignore[attr-defined]  # the lessons opened one after the other
                say(shell, f"lerne {typed}")
                assert isinstance(shell.activity, LessonRun) and shell.activity.lesson.id == lesson, typed
                assert shell.progress.last_activity().id == lesson  # type: ignore[union-attr]


def test_completion_offers_the_learners_lesson_ids(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        assert complete(shell, "lerne ") == [shell.lesson_name(i) for i in LESSON_IDS]
        assert complete(shell, "lerne ti") == ["tisch"]
        assert complete(shell, "lerne ta") == []
        assert complete(shell, "learn wei") == ["weiterbauen"]
    with open_shell(tmp_path, lang="en") as shell:
        assert complete(shell, "learn ta") == ["table", "take-or-add"]


# ---- rules topics ----------------------------------------------------------------------------


def test_german_rules_show_german_topics_and_take_both(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        contents = say(shell, "regeln")
        assert re.search(r"^\s+karten\s+Karten$", contents, re.MULTILINE)
        assert re.search(r"^\s+rundenende\s+Rundenende$", contents, re.MULTILINE)
        assert not any(re.search(rf"^\s+{t}\b", contents, re.MULTILINE) for t in ("cards", "deal", "end", "sweeps"))
        section = say(shell, "regeln karten")
        assert section.startswith("KARTEN")
        assert say(shell, "regeln cards") == section == say(shell, "regeln KARTEN")
        assert say(shell, "regeln end") == say(shell, "regeln rundenende")
        unknown = say(shell, "regeln xyz")
        assert "karten, geben, züge" in unknown and "cards" not in unknown
        assert complete(shell, "regeln ") == [w for w, _ in topics("de")] + preset_names()  # a preset may come first
        assert complete(shell, "regeln ru") == ["rundenende"]
    with open_shell(tmp_path, lang="en") as shell:
        assert say(shell, "rules karten") == say(shell, "rules cards")
        assert complete(shell, "rules ") == list(TOPICS) + preset_names()


# ---- option names ----------------------------------------------------------------------------


def option_keys() -> set[str]:
    """The words every option needs: its name, and its values (each choice; a number; unset; cards)."""
    keys = set()
    for name, spec in OPTIONS.items():
        keys.add(name)
        if name == "point_cards":
            keys |= {"point_cards=cards", "point_cards=false"}
        elif spec.choices is not None:
            keys |= {f"{name}={option_text(c)}" for c in spec.choices}
        else:
            keys.add(f"{name}=n")
            if spec.default is None:
                keys.add(f"{name}=null")
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_and_value_has_words(lang: str) -> None:
    assert set(words(lang, "options")) == option_keys()


def other_value(name: str, value: Any) -> Any:
    """A value of the option ``name`` other than ``value``."""
    spec = OPTIONS[name]
    if name == "point_cards":
        return {"10D": 3, "7D": 1}
    if spec.choices is not None:
        return next(c for c in spec.choices if c != value)
    return 3 if value != 3 else 4


#: Every option changed from the classic preset at once.
EVERYTHING = {name: other_value(name, value) for name, value in Variant().options().items()}


def header(text: str, fmt: str) -> str:
    """A sheet's title and subtitle (what comes before the sentence on how it was written)."""
    if fmt == "html":
        text = re.sub(r"<[^>]*>", " ", text[text.index("<h1>"):])
    return text[: text.index("Von cassino-tutor" if "Von cassino-tutor" in text else "Written by")]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_german_sheet_names_every_option_in_german(fmt: str) -> None:
    top = " ".join(header(render_sheet(build_sheet(variant({"preset": "classic", **EVERYTHING}), 2), "de", fmt),
                          fmt).split())
    assert "klassisches cassino" in top.lower() and "classic" not in top.lower()
    assert "Bautenpflicht: einnehmen oder weiterbauen" in top and "Punktkarten: 7♦ 1 Punkt" in top  # 40 cards: no 10♦
    for name in OPTIONS:
        assert name not in top and Renderer("de").message(f"options.{name}") in top
    for value in ("take_or_add", "true", "false", "null", "opponents", "count_out", "italian40", "="):
        assert value not in top


def test_an_english_sheet_names_options_in_words_and_as_typed() -> None:
    sheet = build_sheet(variant({"preset": "michigan", "build_duty": "take_or_add", "target": 11}), 2)
    top = " ".join(header(render_sheet(sheet, "en", "md"), "md").split())
    assert "build duty: take your build or build on it, every turn (build_duty=take_or_add)" in top
    assert "match: to 11 points (target=11)" in top


def test_the_german_shell_names_the_rules_in_play_in_german(tmp_path: Path) -> None:
    assert "five_of_spades_sweep" in OPTIONS
    with open_shell(tmp_path, lang="de") as shell:
        say(shell, "lerne sofortiges-ende")
        run = shell.activity
        assert isinstance(run, LessonRun)
        while (pos := run.position) is None or not pos.variant.five_of_spades_sweep:
            say(shell, right_answer(shell))
        contents = " ".join(say(shell, "regeln").split())
    assert contents.startswith("Cassino-Regeln: Sofortiges Ende 2 Spieler; anders als in der Variante – Pik-5:")
    assert "five_of_spades_sweep" not in contents and "true" not in contents
    english = rules_text(pos.variant, 2, "en", None) or ""
    assert "(five_of_spades_sweep=true)" in english
