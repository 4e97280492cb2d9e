"""Every refusal, violation and expected-now line is a full sentence, for a woman and a man.

Lithuanian, as a native review asked: no bare infinitive for an instruction ("…pirma
traukti."), one colon a line at most (also where the app puts a refusal, a violation or
an entry into a line of its own: "Atšaukti: Ona – „žaisiu“"), no *tu* form in text that
says *jūs*, a question mark on a question, and a card named as itself, never as "Korta
širdžių dešimtakė". English gets the colons and the question marks. The messages are
every sentence the catalogues keep, filled as the engine fills them, for a feminine and
a masculine player, cards of both genders and counts that take every plural form.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict

import pytest
from wordings import facts, keys, texts, wordings

from app.describe import card_words, entry_line, expected_line
from app.i18n import LANGUAGES, catalogue, tr
from rules import Card, Code, Expected, Refused, Suit
from rules.grammar import FEMININE, MASCULINE
from rules.knowledge import Violation
from rules.messages import refusal_message, violation_message

TABLES = {FEMININE: ["Ona", "Tomas"], MASCULINE: ["Jonas", "Rūta"]}  # seat 0 acts
CARDS = [Card.parse(c) for c in ("AD", "QH", "5S", "10C")]  # tūzas, dama, penketas, dešimtakė
COUNTS = (0, 1, 2, 5, 11, 21)
# The expected-now lines the table composes (``describe.expected_line``), by what is expected.
KINDS = [
    ("buy",),
    ("stay",),
    ("trump",),
    ("starter",),
    ("reveal",),
    ("play", "draw"),
    ("play", "pass"),
    ("play", "jacks"),
    ("play",),
    (),
]


def refusals(lang: str, gender: str) -> list[str]:
    """Every refusal sentence, as the engine's facts fill it."""
    said = []
    names = TABLES[gender]
    for reason in keys("refusal"):
        named = {n for text in wordings(f"refusal.{reason}") for n in facts(text)}
        counted = [c for c in ("count", "left") if c in named] or [None]
        for card, count in itertools.product(CARDS, COUNTS):
            values = {
                "player": 0,
                "expected": 1,
                "other": 1,
                "card": card,
                "face": CARDS[1],
                "top": CARDS[1],
                "suit": Suit.HEARTS,
                "needs": [CARDS[0], CARDS[1]],
                **{c: count for c in counted if c},
            }
            refused = Refused(Code.BAD_EVENT, reason, **{n: values.get(n, 3) for n in named})
            said.append(refusal_message(refused, lang, names, lambda c: card_words(c, lang)))
    return said


def violations(lang: str, gender: str) -> list[str]:
    def words(card: Card) -> str:
        return card_words(card, lang)

    # Told by the entry's number, and by its moment (the card put down before it).
    return [
        violation_message(Violation(2, 5, 0, Code(code), card, moment), lang, TABLES[gender], words)
        for code in keys("violation")
        if "." not in code
        for card in CARDS
        for moment in (None, (1, card))
    ]


def expected_lines(lang: str, gender: str) -> list[str]:
    """The expected-now line for everything the table may wait for, and every other
    ``expect.*`` line the app shows (picking cards, correcting, a match over)."""
    names = TABLES[gender]
    lines = [expected_line(lang, Expected(0, kinds), names) for kinds in KINDS]
    params = defaultdict(lambda: "3", player=names[0], winners=", ".join(names))
    for message in catalogue(lang):
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key.startswith("expect.") and not message.context:
            lines.append(tr(lang, key).format_map(params))
    return lines


def entries(lang: str, gender: str) -> list[str]:
    """An entry of every kind as the deal's list writes it (and the undo names it)."""
    who = {"player": 0}
    events = [
        {"type": "play", **who, "card": "AD"},
        {"type": "play", **who, "card": "AD", "suit": "H", "end": "left"},
        {"type": "play", **who, "cards": [{"card": "9S", "end": "right"}, {"card": "9H"}]},
        {"type": "trump", "card": "QH"},
        {"type": "starter", "card": "QH"},
        {"type": "jacks", **who, "cards": ["JH", "JD"]},
        {"type": "reveal", **who, "cards": ["2S", "KC"]},
        {"type": "draw", **who, "count": 2},
        {"type": "stand", "event": 4},
        *({"type": kind, **who} for kind in ("pass", "buy", "no_buy", "stay", "fold", "ramsas")),
        {"type": "redeal"},
        {"type": "annul"},
    ]
    return [entry_line(lang, event, TABLES[gender]) for event in events]


def lines_with(lang: str, gender: str) -> list[str]:
    """The lines the app makes of a refusal, a violation or an entry."""
    made = [tr(lang, "table.last_refused", reason=r) for r in refusals(lang, gender)]
    made += [tr(lang, "history.refused", reason=r) for r in refusals(lang, gender)]
    made += [tr(lang, "deal.violation", text=v) for v in violations(lang, gender)]
    for entry in entries(lang, gender):
        made += [tr(lang, key, what=entry) for key in ("action.undo_what", "undo.done")]
    return made


# -- the checks ---------------------------------------------------------------------------
INFINITIVE = re.compile(r"\w+tis?")
# Words that may stand beside an infinitive in a bare instruction ("pirma traukti").
BESIDE = {"pirma", "pirmiausia", "dabar", "tik", "vėl", "dar", "ar", "arba", "ir", "ne"}
TU_WORDS = {
    *("tu", "tau", "tave", "tavo", "tavęs", "tavimi"),
    *("žaisi", "žaidi", "dedi", "trauki", "perki", "praleidi", "turėsi", "laimėsi", "padėsi"),
}
NOT_IMPERATIVE = {"tik", "kiek", "tiek", "tšk"}  # words in -k that tell nobody to do anything
QUESTION_LT = {"kas", "ką", "kuris", "kuri", "kokia", "kokią", "koks", "kiek", "kur", "kada", "ar"}
QUESTION_EN = {"who", "whom", "which", "what", "how", "where", "when", "is", "does", "do", "may"}
SUITS_LT = "širdžių|būgnų|kryžių|vynų"


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def bare_infinitives(text: str) -> list[str]:
    """Clauses that end a sentence with nothing but an infinitive ("…: pirma traukti."); a
    button's label ("Atšaukti: …") and a question ("žaisti ar ne?") are no such clause."""
    found = []
    for clause in re.split(r"[:;,]", text):
        said = words(clause)
        if not clause.strip().endswith(".") or not any(INFINITIVE.fullmatch(w) for w in said):
            continue
        if all(INFINITIVE.fullmatch(w) or w in BESIDE for w in said):
            found.append(clause.strip())
    return found


def tu_forms(text: str) -> list[str]:
    """Words of *tu*: its pronoun, the verbs the games use, imperatives (-k) and -tum."""
    said = words(text)
    imperative = {w for w in said if w.endswith("k") and w not in NOT_IMPERATIVE}
    return [w for w in said if w in TU_WORDS | imperative or w.endswith(("tum", "tumei"))]


def is_question(text: str, lang: str) -> bool:
    """A question by its first word, or after "Jonas: " an alternative ("dėti ar traukti")."""
    first = words(text)[:1]
    if first and first[0] in (QUESTION_LT if lang == "lt" else QUESTION_EN):
        return True
    asked = text.split(": ", 1)[-1].strip()
    alternative = r"\w+ (ar|arba) (ne|\w+ti)" if lang == "lt" else r"\w+ or (not|\w+)"
    return ":" in text and re.fullmatch(alternative + r"\??", asked) is not None


def problems(text: str, lang: str) -> list[str]:
    found = []
    if re.sub(r"\([^)]*\)", "", text).count(":") > 1:  # a note in brackets is its own
        found.append("two colons")
    if is_question(text, lang) and "?" not in text:
        found.append("a question without its mark")
    if lang == "lt":
        found += [f"bare infinitive: {c}" for c in bare_infinitives(text)]
        found += [f"tu form: {w}" for w in tu_forms(text)]
        if re.search(rf"\bKorta ({SUITS_LT})\b", text):
            found.append("a card named as 'Korta …'")
    return found


def full_sentence(text: str) -> bool:
    """A capital (or a card's number) first, after any opening quote; its closing mark last."""
    first = text.lstrip("„“'\"")[:1]
    return (first.isupper() or first.isdigit()) and text.endswith((".", "?", "!"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("gender", [FEMININE, MASCULINE])
def test_every_refusal_and_violation_is_a_full_sentence(lang, gender):
    said = refusals(lang, gender) + violations(lang, gender)
    assert len(said) > 300
    wrong = {text: problems(text, lang) for text in said if problems(text, lang)}
    assert not wrong, wrong
    assert all(full_sentence(text) for text in said), [t for t in said if not full_sentence(t)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("gender", [FEMININE, MASCULINE])
def test_every_expected_now_line_and_entry_reads_right(lang, gender):
    said = expected_lines(lang, gender) + entries(lang, gender) + lines_with(lang, gender)
    wrong = {text: problems(text, lang) for text in said if problems(text, lang)}
    assert not wrong, wrong


def test_no_text_says_tu():
    """The app speaks to the table as *jūs*: every Lithuanian text of both catalogues and of
    the rules pages (placeholders and anchors left out)."""
    for name, text in texts("lt"):
        assert not tu_forms(re.sub(r"\{[^}]*\}", "", text)), (name, text)


def test_the_checks_catch_what_the_review_found():
    assert bare_infinitives("Jonas negali praleisti, kol kaladėje yra kortų: pirma traukti.")
    assert bare_infinitives("Dabar perkamas pirkinys: pirma pirkti arba nepirkti.")
    assert not bare_infinitives("Perdalinti dabar negalima.")
    assert not bare_infinitives("Pirmiausia reikia nuspręsti – pirkti ar nepirkti.")
    assert "two colons" in problems("Atšaukti: Ona: žaisiu", "lt")
    assert not problems("Atšaukti: Ona – vynų tūzas (skelbta: širdys)", "lt")
    assert problems("Jonas: dėti ar traukti", "lt") and problems("Jonas: play or draw", "en")
    assert not problems("Jonas: dėti ar traukti?", "lt")
    assert tu_forms("Kortų atsikratymas: dėk tą pačią spalvą, neturi – trauk.") == ["dėk", "trauk"]
    assert tu_forms("Kiek partijų reikia laimėti, kad laimėtum žaidimą.") == ["laimėtum"]
    assert tu_forms("Jonas: žaisi ar ne?") == ["žaisi"]
    assert problems("Korta širdžių dešimtakė jau ant stalo.", "lt")
    assert not full_sentence("širdžių septynakė netinka.")
