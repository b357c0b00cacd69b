"""German texts in German: card codes in German letters that parse (issue 23, point 13), one word for each
thing of the glossary ``docs/glossary.md`` (point 14), and no English left on German screens (point 15)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from shell_helpers import open_shell

from tutor.cli.main import main
from tutor.content.course import Lesson, Puzzle, Text
from tutor.content.folders import content_dir
from tutor.core.cards import Card
from tutor.core.notation import parse_intent
from tutor.core.variant import OPTIONS
from tutor.loading import load_catalog, load_position, options
from tutor.play.players import LEVELS
from tutor.render import Renderer
from tutor.render.catalog import load_catalog as load_messages
from tutor.shell.commands import dispatch
from tutor.shell.puzzle import PuzzleRun

ENGLISH_CODE = re.compile(r"(?<![\w♠♥♦♣\[])(?:10|[2-9AJQK])[SHDC](?![\w♠♥♦♣])"  # a card
                          r"|(?<![\w♠♥♦♣])b[JQ](?![\w♠♥♦♣])")  # a face build's value
GERMAN_CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9ABDK])(?:Ka|Kr|P|H)(?![\w♠♥♦♣])")
SHARED = re.compile(r"^(?:10|[2-9AK])H$")  # a heart is H in both languages: 7H, AH, KH


def texts_in(value: object) -> Iterator[Text]:
    """Every :class:`Text` inside a lesson or puzzle."""
    if isinstance(value, Text):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from texts_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from texts_in(item)


@cache
def german_course_texts() -> tuple[tuple[str, str], ...]:
    """(where, text) for every German text of the lessons and puzzles, as a German screen shows it."""
    catalog = load_catalog()
    ui = Renderer("de", symbols=False)
    items: tuple[Lesson | Puzzle, ...] = (*catalog.lessons, *catalog.puzzles)
    return tuple((item.id, ui.text(text)) for item in items for text in texts_in(item))


def test_a_card_to_type_in_a_german_text_is_in_german_letters() -> None:
    ui = Renderer("de", symbols=False)
    assert ui.text(Text("for example 9C", "zum Beispiel 9C")) == "zum Beispiel 9Kr"
    assert ui.text(Text("QC x QH QD", "QC x QH QD")) == "DKr x DH DKa"
    assert ui.text(Text("", "QS bQ QH")) == "DP bD DH"
    assert Renderer("en").text(Text("QC x QH QD, as you like", "")) == "QC x QH QD, as you like"


def test_every_german_course_text_writes_cards_in_german_letters_that_parse() -> None:
    texts = german_course_texts()
    english = [f"{where}: {code}" for where, text in texts for code in ENGLISH_CODE.findall(text)
               if not SHARED.match(code)]
    assert not english, "\n".join(english)
    codes = {code for _, text in texts for code in GERMAN_CODE.findall(text)}
    assert {"7P", "DKr", "9Kr"} <= codes  # the lessons' examples are among them
    for code in codes:
        assert parse_intent(code).card.card is not None, code  # one card, not a rank or two suits



def test_a_sentence_of_a_player_named_playing_does_not_give_the_learner_what_it_takes() -> None:
    """``Spieler 1 spielt die Pik-7 und nimmt beide ein: drei Karten für deine Einnahmen``: Player 1 is shown
    playing, in the third person, and its cards are its own; the English said "for the pile"."""
    catalog = load_catalog()
    said = {"en": re.compile(r"Player \d plays[^.]*\b(?:your|you)\b"),
            "de": re.compile(r"Spieler \d spielt[^.]*\b(?:dein\w*|du|dir|dich)\b")}
    found = [f"{item.id} ({lang}): {m.group(0)!r}" for lang, pattern in said.items()
             for item in (*catalog.lessons, *catalog.puzzles) for text in texts_in(item)
             for m in pattern.finditer(" ".join(Renderer(lang).text(text).split()))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("symbols", [False, True])
def test_every_move_a_german_screen_shows_parses_back_to_itself(symbols: bool) -> None:
    """Face builds too: a German screen writes the queens' build ``bD``, which once read as the jack of diamonds."""
    pos = load_position("variant: face-gather\nhands: [[QS, QC, KS, JS, JD, 5H], 4]\ntable: [QH, KH, JH, 5C]\n",
                        "g.yaml")
    de = Renderer("de", symbols=symbols)
    shown = {pos.notation(move): de.move(pos, move) for move in pos.generate()}
    assert "DP bD DH" in shown.values() or "D♠ bD D♥" in shown.values()
    for notation, typed in shown.items():
        assert pos.notation(pos.parse_move(typed)) == notation, typed

# ---- point 14: the glossary -------------------------------------------------------------------------

GLOSSARY = Path(__file__).parents[1] / "docs" / "glossary.md"
JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
TEMPLATE_VALUES = ("sheet.md.j2",)  # templates of markup only: their words are the other templates'


def glossary() -> list[tuple[str, str, str, list[str]]]:
    """(German term, meaning, English term, words not to use) for each row of ``docs/glossary.md``."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("Deutsch",) and not set(cells[0]) <= set("-"):
            rows.append((cells[0], cells[1], cells[2], [w.strip() for w in cells[3].split(",") if w.strip()]))
    return rows


@cache
def german_template_texts() -> tuple[tuple[str, str], ...]:
    """(where, text) for every German message and template as written, comments left out: both branches of
    every condition, which no one rendering shows."""
    folder = content_dir("templates") / "de"
    messages = tuple(load_messages(folder).items())
    templates = tuple((str(path.relative_to(folder)), JINJA_COMMENT.sub("", path.read_text(encoding="utf-8")))
                      for path in sorted(folder.rglob("*.j2")))
    return messages + templates


def german_texts() -> tuple[tuple[str, str], ...]:
    return german_template_texts() + german_course_texts()


def test_a_sentence_after_a_colon_starts_with_a_capital() -> None:
    """German starts a whole sentence after a colon with a capital: „…: Tippe „weiter“.“, as most messages did; eight
    wrote „…: tippe …“."""
    found = [f"{where}: {text}" for where, text in german_texts() if re.search(r": tippe\b", text)]
    assert not found, found


# A word after a colon that opens a whole sentence: an imperative of the tutor's, or a subject pronoun (with its
# verb); a value's first branch counts as what follows the colon (``: {{ 'das zählt …' if …``).
SENTENCE_AFTER_COLON = re.compile(
    r": (?:\{\{ *'|\(')?(?:öffne|vertrau|versuch|ergänze|nimm|leg|lege|denk|zähle?|schreib|wähle|gib|behalte|füge"
    r"|finde|achte|schau|mach|baue|räume|starte|prüfe|verschiebe|setze|schließe|lass"
    r"|niemand|keiner|du|er|sie|für deine Wertungszahl zählt|das zählt)\b")


def test_a_sentence_after_a_colon_starts_with_a_capital_whatever_its_first_word() -> None:
    """„…: öffne zuerst eine Übung“, „Keine Tipps: vertrau dir selbst“, „(Gleichstand, 26 zu 26: niemand bekommt
    sie)“, „Mit Hilfe gelöst: das zählt als nicht gelöst“, „(Einnehmen: er nimmt 4♥ ein)“: a whole sentence after
    a colon, begun small, as the test above found only for „tippe“."""
    for wrong in ("Aufgabe: öffne zuerst eine Übung.", "(26 zu 26: niemand bekommt sie)",
                  "gelöst: {{ 'das zählt als nicht gelöst' if x }}", "(Einnehmen: er nimmt 4♥ ein)",
                  "statt 3: er gewinnt 2 Punkte."):
        assert SENTENCE_AFTER_COLON.search(wrong), wrong
    for right in ("Besser: die Pik-7", "face_capture: all", "Aufgabe: Öffne zuerst eine Übung.",
                  "Erstens: kein Ablegen", "(bei einer Bildbaute: ihres Rangs)"):
        assert not SENTENCE_AFTER_COLON.search(right), right
    found = [f"{where}: {m.group(0)!r}" for where, text in german_texts()
             for m in SENTENCE_AFTER_COLON.finditer(text)]
    assert not found, "\n".join(found)


def word(term: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])")


# Uses of a term for something else than its meaning in the glossary, where the words show it.
MISUSES = {
    "Stapel (the stock, or the cards taken)": re.compile(
        r"(?:dein|sein|ihr|eigen)\w* Stapel\b|Stapel (?:deiner|seiner|ihrer) Seite"
        r"|Stapel (?:ist )?(?:aufgebraucht|reicht)|Stapel von Spieler|auf den Stapel"),
    "Wertung (the rating)": re.compile(
        r"(?:[Dd]eine[rn]?|steigender|Aufgaben-) ?Wertung\b|· Wertung\b|\bWertung \{\{ 'etwa"),
    "Blatt (the deck)": re.compile(r"\bBlatt (?:von|mit) \d+ Karten|\b[Dd]as Blatt hat"),
    "Blätter (shuffles of the whole deck: Verteilungen)": re.compile(
        r"(?:zufällige|gespiegelte)\w* Blätter\w*|Paare: Blätter"),
    "Talon (a pile of taken cards)": re.compile(r"(?:dein|sein|ihr)\w* Talon"),
    "Spiel (the deck: a Kartenspiel)": re.compile(
        r"\b[Ss]piel (?:mit|von) (?:\d+|\{\{[^}]*\}\}) Karten|Standardspiel|(?:Karten|Pik) des Spiels"),
    "Partie (a saved game, which may be one round: a Spiel)": re.compile(
        r"gespeichert\w* Partie|Partie \{\{ (?:number|id)|Partienliste|[Dd]iese Partie gibt es nicht"),
    "Baute of a value named otherwise than „Baute auf 8“": re.compile(
        r"(?:\d|\}\}|')er-Bauten?\b|\bBauten? (?:von|mit) (?:\d|\{\{)|\bBauten? (?:mit dem )?Wert\b"
        r"|\b(?:[Mm]ehrfache )?Baute (?:\d|\{\{ *(?:\w+\.)?value)|Baute'\) ~ ' ' ~"
        r"|\b(?:Zwei|Drei|Vier|Fünf|Sechs|Sieben|Acht|Neun|Zehn|Elf|Zwölf|Dreizehn|Vierzehn)er-?[Bb]auten?\b"
        r"|\bgrößte Baute (?:ist |jetzt )+\d"),
    "nehmen for a capture (einnehmen)": re.compile(
        r"\b[Nn]ehmen (?:und|oder) bauen|\bgenommenen Karten|\b(?:ganz|sofort) genommen\b|\bum (?:sie|ihn|es) zu nehmen"
        r"|\b(?:sie|ihn|es) nehmen oder an|\betwas nehmen kann"),
    "Variante named where German declines it (als, in, mit, von: „als Klassischem Cassino“)": re.compile(
        r"\b(?:als|in|mit|von|aus|nach|bei) \{\{ ?(?:basis|variant|preset)\b"),
}


def test_the_glossary_gives_each_thing_one_word_and_each_word_one_thing() -> None:
    rows = glossary()
    terms = [german for german, *_ in rows]
    assert {"Talon", "Stapel", "Einnahmen", "mehrfache Baute", "Punktkarte", "Wertung", "Wertungszahl",
            "Großes Cassino", "Startwert"} <= set(terms)
    assert len(terms) == len(set(terms)), "a German term twice"
    english = [e for _, _, e, _ in rows]
    assert len(english) == len(set(english)), "two German terms for one English"
    avoided = {w for *_, words in rows for w in words}
    assert not avoided & set(terms), "a word both used and avoided"


def test_no_german_text_uses_a_word_the_glossary_avoids() -> None:
    texts = german_texts()
    assert len(texts) > 1000
    found = [f"{where}: {avoid!r} (say {german!r})" for german, _, _, words in glossary() for avoid in words
             for where, text in texts if word(avoid).search(text)]
    assert not found, "\n".join(found)


def test_no_german_text_uses_a_term_for_another_thing() -> None:
    found = [f"{where}: {misuse}: {m.group(0)!r}" for where, text in german_texts()
             for misuse, pattern in MISUSES.items() for m in pattern.finditer(text)]
    assert not found, "\n".join(found)
    for misuse, pattern in MISUSES.items():  # each check finds what it looks for
        assert pattern.search({"Stapel": "kommt auf deinen Stapel", "Wertung": "Deine Wertung: 1500",
                               "Blatt": "ein Blatt von 52 Karten", "Talon": "auf deinen Talon",
                               "Blätter": "mit gespiegelten Blättern",
                               "Partie": "aus einer gespeicherten Partie",
                               "Spiel": "Ein Spiel mit {{ f.deck_size }} Karten",
                               "Baute": "Deine Baute 8:", "nehmen": "Nehmen und bauen kann man nur",
                               "Variante": "in anderen Spielen als {{ basis }}"}[misuse.split()[0]])


# A capture is „einnehmen“: „die 7 nimmt die Baute ein“, never a bare „die 7 nimmt die Baute“. A form of „nehmen“
# standing alone (no prefix joined to it, none quoted as a command) must end its clause with a particle: „ein“ for a
# capture, or one of another verb („nimmt an“, „nimmt … zurück“, „nimmt … auf“, „nimmt … heraus“, „nimmt … dazu“).
BARE_NEHMEN = re.compile(r"(?<![\w\-„])(?:[Nn]imm(?:st|t)?|[Nn]ehmen?|[Nn]ahm(?:st|en)?|genommen\w*)(?![\w-])")
CLAUSE_END = re.compile(r"[.;:!?()\n]|,(?! ?\d)| [–—] ")
PARTICLE = re.compile(r"\b(?:ein|an|auf|zurück|heraus|dazu|hinzu|ab|teil|über)\s*(?:$|[,¦⟨]|(?:und|oder|wie)\b)")
# Uses of a bare „nehmen“ that are no capture: what an option or a goal accepts, a side's points, the author's cards
# to take off a position file's table, and the glossary's own definition of „Einnehmen“.
NOT_A_CAPTURE = re.compile(r"Option\s+\S*\s*nimmt|nimmt keinen Gleichstandsbrecher|nimm einfache Anführungszeichen"
                           r"|nimm Karten vom Tisch\.|Hand vom Tisch nehmen\.")


def value_word(value: re.Match[str]) -> str:
    """What a value of a template stands for here: „ein“ where it may say it (``{{ 'ebenfalls ein' if v }}``), else
    ⟨⟩, which may follow a particle (``ein{{ ' und räumt den Tisch ab' if sweep }}``) but is none."""
    return " ein " if re.search(r"\bein'", value.group(0)) else " ⟨⟩ "


def bare_nehmen(text: str) -> Iterator[str]:
    """Each form of „nehmen“ in ``text`` (markup taken out, both branches of a condition kept) whose clause does not
    end in a particle: a capture said without „ein“."""
    plain = TAG.sub(" ¦ ", VALUE.sub(value_word, JINJA_COMMENT.sub("", text)))  # ¦: the end of a branch
    for m in BARE_NEHMEN.finditer(plain):
        clause = CLAUSE_END.split(re.sub(r"\([^()]*\)", "", plain[m.end():]), maxsplit=1)[0]
        said = plain[max(0, m.start() - 40): m.end()] + clause
        if not PARTICLE.search(clause) and not NOT_A_CAPTURE.search(said + "."):
            yield " ".join(said.split())


def test_a_capture_is_said_with_einnehmen_in_german() -> None:
    """The glossary's word for a capture is „einnehmen“, but the rule sheets said „die 7 nimmt die Baute“, reason
    titles „Eine Bildkarte nimmt nur eine Karte ihres Rangs“, lessons „Die Pik-9 nimmt zwei Karten“ and puzzles
    „Welches Paar nehmen?“: every bare „nehmen“ of a German text is a capture said wrong, or one of the few uses
    for something else that ``NOT_A_CAPTURE`` names."""
    found = [f"{where}: {said!r}" for where, text in german_texts() for said in bare_nehmen(text)]
    assert not found, "\n".join(found)
    for wrong in ("Dir gehört die Baute auf 7; die 7 nimmt die Baute.", "Eine 7 nimmt 3+4 und die 7 in einem Zug.",
                  "Eine Dame nimmt eine Dame, nie beide auf einmal.", "Welches Paar nehmen?",
                  "Die Pik-9 nimmt zwei Karten. Schafft die Kreuz-5 mehr?", "die der dritte König nimmt.",
                  "Wenn du jetzt mit der Neun 7 + 2 nimmst, fehlt dir diese Karte.", "Nimm die Karo-2 vorher weg.",
                  "Er nimmt {{ taken | join(' ') }}{{ ', alles' if sweep }}.",
                  "Eine Dame nimmt {% if f.all %}eine oder mehrere Damen{% else %}genau eine Dame{% endif %}, ebenso"):
        assert list(bare_nehmen(wrong)), wrong
    for right in ("die 7 nimmt die Baute ein.", "Eine 7 nimmt 3+4 und die 7 in einem Zug ein und räumt den Tisch leer.",
                  "Liegen 3, 4 und 7 auf dem Tisch, nimmt eine 7 alle drei ein.", "Nimm {{ card }} ({{ card|card }}) ein.",
                  "Eine Dame nimmt {% if a %}zwei Damen ein{% else %}eine Dame ein{% endif %}, ebenso Buben.",
                  "„zurück“ nimmt deinen Zug zurück, „genommen“ zeigt die Einnahmen", "und der Wert nimmt an, dass",
                  "Die Option target nimmt eine ganze Zahl, nicht x.", "Welches Paar einnehmen?"):
        assert not list(bare_nehmen(right)), right


def test_a_move_played_says_who_takes_what() -> None:
    """„Du spielst 4♣ x 4♥ (Einnehmen: nimmst 4♥ ein)“: the bracket had no subject. The learner's line says „du“,
    another seat's and a partner's „er“ (a Spieler), and a line's reply the same."""
    de = Renderer("de")
    said = {who: de.message("play.played", who=de.seat_name(seat, 0), me=seat == 0, partner=seat == 2,
                            move="4♣ x 4♥", kind="Einnehmen", taken="4♥") for who, seat in (("me", 0), ("other", 1),
                                                                                             ("partner", 2))}
    assert said["me"] == "Du spielst 4♣ x 4♥ (Einnehmen: Du nimmst 4♥ ein)."
    assert said["other"] == "Spieler 2 spielt 4♣ x 4♥ (Einnehmen: Er nimmt 4♥ ein)."
    assert said["partner"] == "Spieler 3, dein Partner, spielt 4♣ x 4♥ (Einnehmen: Er nimmt 4♥ ein)."
    assert de.message("play.played", who=de.seat_name(0, 0), me=True, partner=False, move="4♣",
                      kind="Ablegen", taken="") == "Du spielst 4♣ (Ablegen)."
    assert de.message("shell.line_reply", who=de.seat_name(1), partner=False, move="4♣ x 4♥", kind="Einnehmen",
                      taken="4♥") == "Spieler 2 antwortet mit 4♣ x 4♥ (Einnehmen: Er nimmt 4♥ ein)."


def test_a_build_of_a_value_is_named_one_way_on_german_screens() -> None:
    """„Deine Baute 8:“ on the table, „deine Baute auf 8“ in the review of the same game: one build, two names.
    The table, the review, a rule sheet's example and a file's error all say „Baute auf 8“."""
    otherwise = MISUSES["Baute of a value named otherwise than „Baute auf 8“"]
    for wrong in ("Deine Baute 8:", "die 8er-Baute", "eine Baute von 14", "Bauten mit {{ values",
                  "eine {{ value }}er-Baute", "ergäbe eine Baute {{ value }}", "Mehrfache Baute 8 von Spieler 2",
                  "eine Neuner-Baute", "Zwei Achter-Bauten", "die Zehnerbaute", "die größte Baute ist 10",
                  "ist die größte Baute jetzt 14"):
        assert otherwise.search(wrong), wrong
    for right in ("Deine Baute auf 8:", "die Baute des Gegners auf 5", "Bauten auf 5 und 8",
                  "eine Baute auf dem Tisch", "der größte Bauwert ist 10"):
        assert not otherwise.search(right), right
    de = Renderer("de", symbols=False)
    pos = load_position("hands: [[8S, 8D, 2H], 3]\ntable: [{build: [5D, 3S], owner: 0}, "
                        "{build: [[8H], [5H, 3C]], owner: 1}, 7C]\n", "p.yaml")
    table = de.position(pos, 0)
    assert "Deine Baute auf 8: [5Ka+3P]" in table and "Mehrfache Baute auf 8 von Spieler 2: [8H 5H+3Kr]" in table
    assert "deine Baute auf 8 " in de.message("review.why_steal", value=8, takers=[Card.from_str("8C")])
    assert "Baute auf 7" in de.message("sheet.example_no_trail")
    assert de.message("files.unheld", value=8, seat=1).startswith("Die Baute auf 8 gehört Platz 1")


def test_the_rating_and_the_seed_have_their_own_words(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        assert "Wertungszahl" in dispatch(shell, "fortschritt").text
        assert "Wertungszahl" in shell.ui.message("shell.rating_change", before=1500, after=1510, change=10)
        said = dispatch(shell, "spiele runde startwert=283367").text
        assert "Startwert 283367." in said and "Seed" not in said
        assert shell.activity.game.settings.seed == 283367  # type: ignore[union-attr]


# ---- point 15: no English on German screens ------------------------------------------------------


def test_the_cassinos_are_named_in_german_in_a_score() -> None:
    de = Renderer("de")
    assert de.message("scoring.point_card", detail=Card.from_str("10D")).startswith("Großes Cassino, ")
    assert de.message("scoring.point_card", detail=Card.from_str("2S")).startswith("Kleines Cassino, ")
    assert de.message("review.cassinos", cards=[Card.from_str("10D")]) == " (Großes Cassino)"
    assert de.message("review.cassinos", cards=[Card.from_str("AS"), Card.from_str("10D")]) == " (10♦: Großes Cassino)"
    assert Renderer("en").message("scoring.point_card", detail=Card.from_str("10D")).startswith("Big Cassino, ")


def test_help_names_no_english_default_and_the_german_seed(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        helped = " ".join(dispatch(shell, "hilfe").text.split())
        unknown = dispatch(shell, "hilfe spiel").text
    assert "(classic)" not in helped and "seed=" not in helped
    assert "startwert=S" in helped
    assert "spiele, fortsetzen" in unknown and "play" not in unknown  # the commands as a German learner types them


def test_a_german_puzzle_is_named_by_its_number_which_opens_it(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        puzzle, number = next((p, n) for p, n in shell.catalog.numbers() if p.title and p != shell.catalog.puzzles[0])
        assert puzzle.title is not None
        dispatch(shell, f"aufgabe {puzzle.id}")
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        assert run.title() == "Aufgabe"  # nothing that could give the answer away
        dispatch(shell, "lösung")
        assert run.title() == f"Aufgabe {number}"
        shown = dispatch(shell, "zeige").text
        assert f"Aufgabe {number}: {puzzle.title.de}" in shown and puzzle.id not in shown
        dispatch(shell, f"aufgabe {number}")
        assert shell.activity.puzzle.id == puzzle.id  # type: ignore[union-attr]
        dispatch(shell, "sprache en")
        dispatch(shell, "solution")
        assert shell.activity.title() == f"Puzzle {puzzle.id}"  # type: ignore[union-attr]  # English keeps the id


@pytest.mark.parametrize(("args", "german"), [
    (["arena", "--b", "greedy"], "Gib mit --a eine Stufe an; Stufen: Zufallsspieler, Raffer, Vereinsspieler, Experte"),
    (["arena", "--a", "Großmeister", "--b", "greedy"], "--a: Eine Stufe „Großmeister“ gibt es nicht"),
    (["arena", "--a", "club", "--b", "greedy", "--pairs", "viele"], "--pairs braucht eine ganze Zahl (etwa --pairs 2), nicht „viele“"),
    (["arena", "--a", "club", "--b", "greedy", "--players", "5"], "--players muss zwischen 2 und 4 liegen, nicht 5"),
    (["arena", "--a", "club", "--b", "greedy", "--set", "foo=1"], "Eine Option „foo“ gibt es nicht"),
    (["arena", "--a", "club", "--b", "greedy", "--record", ""], "--record braucht einen Ordner"),
    (["advise", "--level", "club", "x.yaml"], "--level: Die Stufe „club“ gibt keinen Rat; Rat geben die Stufen: Experte, Experte-v1"),
    (["advise", "--time-limit", "bald", "x.yaml"], "--time-limit braucht eine Zahl von Sekunden über 0"),
    (["advise", "--worlds", "0", "x.yaml"], "--worlds muss zwischen 1 und 10.000 liegen"),
])
def test_arena_and_advise_say_what_is_wrong_in_german(capsys: pytest.CaptureFixture[str], args: list[str],
                                                      german: str) -> None:
    assert main([*args, "--lang", "de"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and german in err, err


def test_a_german_time_limit_takes_a_decimal_comma(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--time-limit 1,5`` with ``--lang de`` was refused (a number of seconds as German writes it); a bad one is
    refused in German, with an example as German writes it, and in English as before (a comma is no decimal
    point there)."""
    path = tmp_path / "p.yaml"
    path.write_text("hands: [[7S, 3H], 2]\ntable: [7D, 4C]\n", encoding="utf-8")
    assert main(["advise", "--lang", "de", "--time-limit", "1,5", "--worlds", "2", str(path)]) == 0
    assert main(["--lang", "de", "solve", "--time-limit", "0,5", str(path)]) == 0
    assert main(["--lang", "de", "solve", "--time-limit", "1.5", str(path)]) == 0  # a decimal point, as anywhere
    capsys.readouterr()
    for args, said in ((["advise", "--lang", "de", "--time-limit", "0,0"], "nicht „0,0“"),
                       (["--lang", "de", "solve", "--time-limit", "1,5,3"], "nicht „1,5,3“"),
                       (["--lang", "en", "solve", "--time-limit", "1,5"], "not '1,5'")):
        assert main([*args, str(path)]) == 2
        err = capsys.readouterr().err
        example = "(etwa --time-limit 1,5)" if "de" in args else "(such as --time-limit 1.5)"
        assert example in err and said in err and err.count("\n") == 1, err


def test_a_bad_number_of_players_for_a_sheet_is_said_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    """``sheet --players drei`` said argparse's „„drei“ ist kein Wert vom Typ int“; now what the other commands say,
    with an example."""
    assert main(["--lang", "de", "sheet", "--players", "drei"]) == 2
    said = capsys.readouterr().err
    assert said == "cassino-tutor sheet: --players braucht eine ganze Zahl (etwa --players 2), nicht „drei“\n"
    assert main(["--lang", "de", "sheet", "--players", "5"]) == 2
    assert capsys.readouterr().err == "cassino-tutor sheet: --players muss zwischen 2 und 4 liegen, nicht 5\n"
    assert main(["sheet", "--players", "3", "--format", "txt"]) == 0 and "3 players" in capsys.readouterr().out


@pytest.mark.parametrize(("lang", "pairs", "seed"), [
    ("en", "--pairs must be from 2 to 100,000, not 1", "--seed must be from 0 to 9,223,372,036,854,775,808, not -1"),
    ("de", "--pairs muss zwischen 2 und 100.000 liegen, nicht 1",
     "--seed muss zwischen 0 und 9.223.372.036.854.775.808 liegen, nicht -1"),
])
def test_a_range_is_written_as_the_language_writes_numbers(lang: str, pairs: str, seed: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The bounds of a range were written bare („zwischen 2 und 100000“, where --time-limit said „86.400“); with
    their thousands grouped, the seed's 2**63 must stay exact, not a float's 9,223,372,036,854,776,000."""
    for option, value, said in (("--pairs", "1", pairs), ("--seed", "-1", seed)):
        assert main(["arena", "--a", "club", "--b", "greedy", option, value, "--lang", lang]) == 2
        assert capsys.readouterr().err == f"cassino-tutor arena: {said}\n"


def test_a_level_is_named_in_either_language_in_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--lang", "de", "--a", "Vereinsspieler", "--b", "raffer", "--pairs", "2", "--json"]) == 0
    assert '"a": "club", "b": "greedy"' in capsys.readouterr().out


def test_set_takes_the_option_names_a_german_screen_shows() -> None:
    de, en = Renderer("de").message, Renderer("en").message
    names = options.option_names(de)
    assert len(names) == len(OPTIONS), "two options of one German name"
    assert names["einnahmezwang"] == "forced_capture" and names["bauten in summen"] == "build_in_sum"
    typed = options.read_variant("classic", ["Einnahmezwang=true", "bauten_in_summen=anyone", "target=11"], de)
    assert typed.forced_capture and typed.build_in_sum == "anyone" and typed.target == 11
    assert options.read_variant("classic", ["forced_capture=true"], de).forced_capture  # the codes still work
    assert options.read_variant("classic", ["forced_capture=true"], en).forced_capture


# ---- point 16: punctuation and grammar ---------------------------------------------------------


LABEL = re.compile(r"^\s*(?:- )?(?:\*\*)?[\w -]{1,30}(?:\*\*)?:\s")  # "Besser: ...", "- **Neue Baute**: ..."
VALUE, END, TAG = (re.compile(r"\{\{.*?\}\}", re.S), re.compile(r"\{%-? *end\w+ *-?%\}"),
                   re.compile(r"\{%.*?%\}", re.S))


def sentences(text: str) -> Iterator[str]:
    """The sentences of a text, its markup and a leading label taken out; a semicolon ends one too."""
    # a branch of a condition is a text of its own, and what follows the condition goes on its last branch
    for line in TAG.sub("\n", END.sub("", VALUE.sub("x", text))).splitlines():
        for sentence in re.split(r"(?<=[.!?;])\s+", LABEL.sub("", line)):
            yield re.sub(r"\d:\d\d|[\w.]+:\d+:\d+", "", sentence)  # a time of day, a file:line:col


def test_no_german_sentence_has_two_colons() -> None:
    assert sum(1 for _ in sentences("Spiel sicher: Lass x: y. Punkte: 3; das verwehrt er: x.")) == 3
    messages = german_template_texts()[: len(load_messages(content_dir("templates") / "de"))]
    texts = [*messages, *german_course_texts()]
    found = [f"{where}: {s!r}" for where, text in texts for s in sentences(text) if s.count(":") > 1]
    assert not found, "\n".join(found)
    de = Renderer("de")
    for goal in ("safe", "sweep", "cards"):
        tied = de.message("goals.tie_break", goal=de.message(f"goals.{goal}"))
        assert tied.count(":") == 1, tied


def test_no_comma_before_a_plain_oder() -> None:
    de = Renderer("de")
    assert de.message("shell.try_again") == "Versuch es noch einmal oder tippe „tipp“."
    prompt = de.message("play.your_move", example="7P x 7Ka")
    assert ", oder" not in prompt and ", oder" not in de.message("shell.solve_first")


def test_the_arena_names_its_levels_alike_and_declines_its_pair() -> None:
    de = Renderer("de")
    names = [de.message(f"levels.{level}") for level in LEVELS]
    assert all(name[:1].isupper() for name in names), names  # nouns all, as "Vereinsspieler"
    assert "je gespiegeltes Paar" in de.message("arena.result", mean=0.5, low=0.1, high=0.9)


@pytest.mark.parametrize("key", ["next_why_puzzles", "next_why_after_game", "next_why_lesson", "next_why_section"])
def test_why_next_agrees_with_one_miss_in_german(key: str) -> None:
    """``1 deiner letzten 5 Versuche darin gingen schief``: the verb follows the number of misses."""
    de = Renderer("de")

    def said(missed: int) -> str:
        return de.message(f"shell.{key}", skill="Summen", rating=700, missed=missed, tried=5, target="summen",
                          title="Summen", first=1, last=2, weak=True)
    assert "1 deiner letzten 5 Versuche darin ging schief oder brauchte Hilfe" in said(1)
    assert "3 deiner letzten 5 Versuche darin gingen schief oder brauchten Hilfe" in said(3)


# „Cassino“ is neuter, „das Große Cassino“: a masculine article before it (or before „der beiden Cassinos“).
MASCULINE_CASSINO = re.compile(r"\b(?:[Kk]einen|[Ee]inen|[Jj]eden) der (?:beiden )?Cassinos\b"
                               r"|\b(?:[Dd]en|[Ee]inen|[Kk]einen) (?:Großen|Kleinen) Cassino\b"
                               r"|\b(?:[Dd]er|[Kk]ein|[Ee]in) (?:Große|Kleine|Großer|Kleiner) Cassino\b")


def test_cassino_is_neuter_in_german() -> None:
    """„Spieler 2 hat … keinen der beiden Cassinos“: the Cassinos are „das Große“ and „das Kleine Cassino“."""
    for wrong in ("und keinen der beiden Cassinos", "den Großen Cassino", "der Kleine Cassino liegt"):
        assert MASCULINE_CASSINO.search(wrong), wrong
    for right in ("keines der beiden Cassinos", "das Große Cassino", "mit dem Kleinen Cassino",
                  "den Cassinos", "kein Großes Cassino"):
        assert not MASCULINE_CASSINO.search(right), right
    found = [f"{where}: {m.group(0)!r}" for where, text in german_texts() for m in MASCULINE_CASSINO.finditer(text)]
    assert not found, "\n".join(found)


def test_what_is_taken_from_the_table_is_no_tool_of_the_move() -> None:
    """„Einnehmen und bauen kann man nur mit Karten, die auf dem Tisch liegen“ said the table's cards do the taking;
    they are what is taken or built on („Einnehmen oder bebauen kann man nur Karten, die …“)."""
    de = Renderer("de", symbols=False)
    said = [de.message("reason_titles.card_not_on_table"),
            de.message("reasons.card_not_on_table", card=Card.from_str("7H"), mover="Spieler 1"),
            de.message("reasons.card_not_on_table", card=Card.from_str("7H"), mover="",
                       held=[Card.from_str("7H")])]
    for text in said:
        assert "mit Karten, die" not in text and "bebauen" in text, text


def test_the_first_rating_line_of_the_german_progress_has_one_colon(tmp_path: Path) -> None:
    """„Wertungszahl: 800 (± 350), eine erste Schätzung: noch keine Aufgabe gewertet“: two colons in one sentence."""
    with open_shell(tmp_path, lang="de") as shell:
        line = next(li for li in dispatch(shell, "fortschritt").text.splitlines() if li.startswith("Wertungszahl:"))
    assert line.count(":") == 1 and "erste Schätzung" in line, line


GENDERED_BEFORE_CARD = re.compile(
    r"\b(?:dein|deine|deinen|deinem|deiner|ein|eine|einen|einem|einer|der|die|das|den|dem)\s+\{\{\s*card\s*\}\}",
    re.IGNORECASE)


def test_no_german_text_puts_an_article_before_a_card_of_any_rank() -> None:
    """A card's German gender follows its rank (die Sieben, der König, die Dame, das Ass): an article or "dein"
    written before ``{{ card }}`` is wrong for some of them ("Deine A♠"); "deine Karte {{ card }}" is right for all."""
    root = Path(__file__).resolve().parent.parent / "templates" / "de"
    found = [f"{path.relative_to(root)}: {m.group(0)}" for path in sorted(root.rglob("*")) if path.is_file()
             for m in GENDERED_BEFORE_CARD.finditer(path.read_text(encoding="utf-8"))]
    assert found == []
