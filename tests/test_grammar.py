"""Sentences about a player agree with the player's gender, and participles with the card."""

from __future__ import annotations

import re

import pytest
from wordings import facts as named_facts
from wordings import keys, wordings

from app.describe import card_words
from app.i18n import tr
from rules.cards import Card, Suit
from rules.codes import Code
from rules.entries import Refused
from rules.grammar import FEMININE, MASCULINE, Name, guess_gender, seat_genders
from rules.knowledge import Violation
from rules.messages import card_words as words_of
from rules.messages import refusal_message, violation_message

# Words that may only be said of a man, and of a woman, in each language.
ONLY_OF = {
    ("lt", MASCULINE): {"jo", "jis", "jį"},
    ("lt", FEMININE): {"jos", "ji", "ją"},
    ("en", MASCULINE): {"his", "he", "him"},
    ("en", FEMININE): {"her", "she"},
}
OTHER = {MASCULINE: FEMININE, FEMININE: MASCULINE}
TABLES = {MASCULINE: ["Jonas", "Rūta"], FEMININE: ["Ona", "Tomas"]}  # seat 0 is the player
CARDS = {MASCULINE: Card.parse("AD"), FEMININE: Card.parse("QH")}  # tūzas, dama
# Ranks whose Lithuanian noun is masculine: dvejetas … penketas, valetas, karalius, tūzas.
MASCULINE_RANKS = (2, 3, 4, 5, 11, 13, 14)


@pytest.mark.parametrize(
    ("name", "gender"),
    [
        ("Rūta", FEMININE),
        ("Ona", FEMININE),
        ("Eglė", FEMININE),
        ("rūta jonaitė", FEMININE),
        ("Jonas", MASCULINE),
        ("Tomas Rūta", MASCULINE),  # the first name decides
        ("John", MASCULINE),
        ("", MASCULINE),
        # One letter is no woman's name; men's names in -a are men's.
        ("A", MASCULINE),
        ("B.", MASCULINE),
        ("Jogaila", MASCULINE),
        ("Mykola Jonaitis", MASCULINE),
        ("luka", MASCULINE),
        ("Nikita", MASCULINE),
        ("Ema", FEMININE),
        ("Ąžuolė", FEMININE),
    ],
)
def test_gender_is_guessed_from_the_first_name(name, gender):
    assert guess_gender(name) == gender


def test_a_gender_given_beats_the_name_and_the_guess():
    assert seat_genders(["Jogaila", Name("Kim", FEMININE), "Rūta"], [MASCULINE]) == [
        MASCULINE,
        FEMININE,
        FEMININE,
    ]
    assert Name("Jogaila", MASCULINE).gender == MASCULINE and Name("Eglė").gender == FEMININE


def facts(reason: str, card: Card) -> dict[str, object]:
    """Every fact the reason's sentences name: seat 0 acts, seat 1 is the other one."""
    named = {n for text in wordings(f"refusal.{reason}") for n in named_facts(text)}
    values = {"player": 0, "expected": 1, "other": 1, "card": card, "suit": Suit.HEARTS}
    values.update(top=card, face=card)  # the card on the pile, at the end: cards too
    return {n: values.get(n, 3) for n in named}


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.casefold()))


def agrees(text: str, lang: str, gender: str, card: Card) -> None:
    """No word of the other gender about the player; each participle before the card agrees."""
    assert not words(text) & ONLY_OF[(lang, OTHER[gender])], text
    for ending in re.findall(r"\b(?:padėt|žinom|parodyt)(as|a) " + card_words(card, lang), text):
        assert ending == ("as" if card.rank in MASCULINE_RANKS else "a"), text


def grid(key: str, names_card: bool) -> list[tuple[str, str, str, str]]:
    """(key, player's gender, card's gender, language) for each case whose text can differ:
    only a Lithuanian sentence that names a card agrees with the card's gender."""
    return [
        (key, gender, card_gender, lang)
        for lang in ("lt", "en")
        for gender in (MASCULINE, FEMININE)
        for card_gender in (MASCULINE, FEMININE)
        if card_gender == MASCULINE or (lang == "lt" and names_card)
    ]


def names_card(key: str) -> bool:
    return any("card" in named_facts(text) for text in wordings(key))


@pytest.mark.parametrize(
    ("reason", "gender", "card_gender", "lang"),
    [case for r in keys("refusal") for case in grid(r, names_card(f"refusal.{r}"))],
)
def test_every_refusal_agrees_with_the_player(reason, gender, card_gender, lang):
    card = CARDS[card_gender]
    given = facts(reason, card)
    text = refusal_message(
        Refused(Code.BAD_EVENT, reason, **given),
        lang,
        TABLES[gender],
        lambda c: card_words(c, lang),
    )
    assert "{" not in text and "?" not in text, text
    if "player" in given:
        assert TABLES[gender][0] in text
        agrees(text, lang, gender, card)


@pytest.mark.parametrize(
    ("code", "gender", "card_gender", "lang"),
    [
        (Code(c), *case[1:])
        for c in keys("violation")
        if "." not in c
        for case in grid(c, names_card=True)  # a violation names the card that broke it
    ],
)
@pytest.mark.parametrize("moment", [None, (1, Card.parse("KH"))], ids=["number", "moment"])
def test_every_violation_agrees_with_the_player(code, gender, card_gender, lang, moment):
    card = CARDS[card_gender]
    text = violation_message(
        Violation(2, 5, 0, code, card, moment), lang, TABLES[gender], lambda c: card_words(c, lang)
    )
    assert TABLES[gender][0] in text and "{" not in text
    agrees(text, lang, gender, card)
    if moment is not None and code is not Code.TRUMP_ACE_NOT_LED:  # a lead has no moment
        said = words_of(moment[1], lang, "acc" if lang == "lt" else "")
        assert TABLES[gender][1] in text and said in text


def test_the_checks_above_catch_a_sentence_that_does_not_agree():
    with pytest.raises(AssertionError):
        agrees("Ona privalo dėti kozirį – žinomas jo koziris.", "lt", FEMININE, CARDS[FEMININE])
    with pytest.raises(AssertionError):
        agrees(
            "Jonas tokios kortos turėti negali: visos jos kortos.",
            "lt",
            MASCULINE,
            CARDS[MASCULINE],
        )
    with pytest.raises(AssertionError):
        agrees("vėliau padėta būgnų tūzas", "lt", MASCULINE, CARDS[MASCULINE])
    with pytest.raises(AssertionError):
        agrees("vėliau padėtas širdžių dama", "lt", FEMININE, CARDS[FEMININE])


def lt_words(card: Card) -> str:
    return card_words(card, "lt")


def test_the_issue_examples_read_right():
    ace, queen = Card.parse("AD"), Card.parse("QH")
    led = violation_message(
        Violation(0, 4, 0, Code.TRUMP_ACE_NOT_LED, ace), "lt", ["Ona"], lt_words
    )
    assert "vėliau padėtas būgnų tūzas" in led
    headed = violation_message(
        Violation(0, 4, 0, Code.FAILED_TO_HEAD, queen), "lt", ["Rūta"], lt_words
    )
    assert headed.endswith("nors galėjo: vėliau padėta jos širdžių dama.")
    refused = Refused(Code.NOT_HELD, "not_held", player=0, card=queen)
    assert "visos jos likusios" in refusal_message(refused, "lt", ["Ona"])
    assert "visos jo likusios" in refusal_message(refused, "lt", ["Jonas"])
    assert "all her remaining" in refusal_message(refused, "en", ["Ona"])
    assert "all his remaining" in refusal_message(refused, "en", ["Ona"], genders=[MASCULINE])
    lone = Refused(Code.WRONG_PHASE, "lone_player", player=0)
    assert refusal_message(lone, "lt", [Name("Kim", FEMININE)]).endswith(
        "prieš ją niekas nežaistų."
    )


def test_deal_reasons_agree_with_the_players():
    assert tr("lt", "why.lone", player="Ona", about=["Ona"]) == "Ona liko žaisti viena: +5."
    assert tr("lt", "why.lone", player="Jonas", about=["Jonas"]) == "Jonas liko žaisti vienas: +5."
    pair = {
        (a, b): tr("lt", "why.bank", first=a, second=b, about=(a, b))
        for a in ("Ona", "Jonas")
        for b in ("Rūta", "Tomas")
    }
    assert pair[("Ona", "Rūta")] == "Pirma išėjo Ona, antra Rūta: jos dalijasi banką."
    assert pair[("Ona", "Tomas")] == "Pirma išėjo Ona, antras Tomas: jie dalijasi banką."
    assert pair[("Jonas", "Rūta")] == "Pirmas išėjo Jonas, antra Rūta: jie dalijasi banką."
    assert pair[("Jonas", "Tomas")] == "Pirmas išėjo Jonas, antras Tomas: jie dalijasi banką."
    assert tr("en", "why.lone", player="Ona", about=["Ona"]) == tr("en", "why.lone", player="Ona")
