"""Rules search finds a word in any of its forms, typed with or without diacritics."""

from __future__ import annotations

import pytest

from app.rules_text import finds, plain, rules_page, search, stem

FORMS = ("traukti", "traukimas", "trauk", "traukia", "traukiamą")


@pytest.mark.parametrize("query", FORMS)
@pytest.mark.parametrize("text", FORMS)
def test_forms_of_one_verb_find_each_other(query, text):
    assert finds(query, f"Žaidėjas {text} kortą.", "lt")


def test_diacritics_and_case_may_be_left_out():
    assert plain("ŠIRDYS Ąžuolas") == "sirdys azuolas"
    assert finds("sirdys", "Kozirių spalva – širdys.", "lt")
    assert finds("sirdys", "širdžių dama", "lt")
    assert finds("Širdys", "sirdziu dama", "lt")


def test_other_words_are_not_found():
    assert not finds("traukti", "Žaidėjas praleidžia ėjimą.", "lt")
    assert not finds("pirkinys", "Pirmas ėjimas.", "lt")
    assert not finds("korta valetas", "Viena korta ant stalo.", "lt")  # every word is needed


def test_short_words_keep_their_ending():
    assert stem("ir", "lt") == "ir" and stem("tas", "lt") == "tas"
    assert stem("draws", "en") == "draw" and stem("drawing", "en") == "draw"


def test_the_bumas_page_is_found_by_any_form_of_traukti():
    pages = {query: search("bumas", "lt", query) for query in ("traukti", "traukimas", "trauk")}
    assert pages["traukti"] and pages["traukti"] == pages["traukimas"] == pages["trauk"]
    _, paragraphs = rules_page("bumas", "lt")
    assert len(pages["traukti"]) < len(paragraphs)


def test_a_suit_typed_without_diacritics_finds_its_paragraph():
    found = [
        p
        for game in ("ramsas", "bumas", "devynake", "domino")
        for p in search(game, "lt", "sirdziu")
    ]
    assert found and all("širdžių" in (p.title + p.body).casefold() for p in found)


def test_the_words_found_are_marked():
    from app.rules_text import marked

    pieces = marked("traukimas", "Kas negali dėti, traukia kortą; traukti galima tol.", "lt")
    assert [text for text, hit in pieces if hit] == ["traukia", "traukti"]
    assert (
        "".join(text for text, _ in pieces) == "Kas negali dėti, traukia kortą; traukti galima tol."
    )
    assert marked("sirdys", "Širdžių eilė", "lt")[0] == ("Širdžių", True)
