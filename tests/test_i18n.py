"""Every string in every language: the app's catalogues and the referee's (``rules`` domain)."""

from __future__ import annotations

import gettext
import io
import itertools
import re
import time
from datetime import UTC, datetime

import pytest
from conftest import need_shared
from wordings import facts as fields
from wordings import forms, keys
from wordings import key_of as key

from app.catalogues import DOMAINS, RULES, extract_keys, template, template_text
from app.i18n import LANGUAGES, catalogue, format_number, format_percent, format_time, tr, trn
from app.rules_text import rules_page
from rules import GAMES
from rules import i18n as referee
from rules.cards import deck, rank_name
from rules.codes import VIOLATIONS, Code
from rules.messages import card_words
from rules.options import COMMON, help_text

FOLDERS = [domain.catalogues for domain in DOMAINS]
NAMES = ["app", "rules"]


def plain(lang: str, folder=DOMAINS[0].catalogues) -> dict[str, object]:
    """A catalogue's messages by key, without the header and the variant wordings."""
    return {key(m): m for m in catalogue(lang, folder) if m.id and not m.context}


@pytest.mark.parametrize("folder", FOLDERS, ids=NAMES)
def test_catalogues_have_the_same_keys_and_placeholders(folder):
    texts = {lang: plain(lang, folder) for lang in LANGUAGES}
    source = texts[LANGUAGES[0]]
    for lang in LANGUAGES:
        assert texts[lang].keys() == source.keys(), lang
    wanted = {lang: catalogue(lang, folder).num_plurals for lang in LANGUAGES}
    for name, first in source.items():
        found = [(lang, texts[lang][name]) for lang in LANGUAGES]
        for lang, message in found:
            assert isinstance(message.id, tuple) == isinstance(first.id, tuple), (lang, name)
            assert all(forms(message)) and len(forms(message)) in (1, wanted[lang]), (lang, name)
        assert {frozenset(fields(t)) for _, m in found for t in forms(m)} == {
            frozenset(fields(forms(first)[0]))
        }, name


def _contexts(key: str) -> set[str]:
    """What a variant of ``key`` may agree with: a word that agrees with a card (``word.*``),
    the card's rank; a card's words, the grammatical case a sentence names it in; any other
    text, the genders of the people it names, one of them a woman."""
    if key.startswith("word."):
        return {rank_name(rank) for rank in range(2, 15)}
    if key.startswith("card."):
        return {"gen", "acc"}  # a card named by a sentence's genitive or object
    return {"".join(p) for n in (1, 2, 3) for p in itertools.product("mf", repeat=n) if "f" in p}


@pytest.mark.parametrize("folder", FOLDERS, ids=NAMES)
def test_every_variant_varies_a_key_with_its_facts(folder):
    for lang in LANGUAGES:
        texts = plain(lang, folder)
        for message in catalogue(lang, folder):
            if message.context:
                assert message.context in _contexts(key(message)), (lang, key(message))
                assert {frozenset(fields(t)) for t in forms(message)} == {
                    frozenset(fields(forms(texts[key(message)])[0]))
                }, key(message)


@pytest.mark.parametrize("domain", DOMAINS, ids=NAMES)
def test_the_template_is_what_extraction_gives_now(domain):
    """After a key is added or dropped in the code: ``uv run python -m app.catalogues``."""
    assert domain.template.read_bytes() == template_text(domain)


@pytest.mark.parametrize("folder", FOLDERS, ids=NAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogues_are_their_po_files_now(lang, folder):
    """After a text changes in a ``.po``: ``uv run python -m app.catalogues``."""
    from app.i18n import compiled

    assert (folder / f"{lang}.mo").read_bytes() == compiled(lang, folder)


@pytest.mark.parametrize("domain", DOMAINS, ids=NAMES)
def test_extraction_leaves_nothing_out_and_every_catalogue_has_every_key(domain):
    asked = {key(m) for m in template(domain) if m.id}
    for lang in LANGUAGES:
        assert asked == plain(lang, domain.catalogues).keys(), lang


def test_a_key_no_longer_named_drops_out_of_the_template():
    """A reason is kept by the code that names it: one the code stops naming is no key."""
    extracted = {key(m) for m in template(RULES) if m.id}
    assert {"refusal.must_follow", "refusal.holds_suit_led", "violation.revoke"} <= extracted
    assert {"refusal.no_fit_left", "record.name_empty", "record.not_json"} <= extracted
    found = list(extract_keys(io.BytesIO(b'raise Refused(Code.X, "gone_now")\n'), [], (), {}))
    assert not any("refusal.gone_now" in args for _, _, args, _ in found)
    reasons = {"reasons": RULES.reasons}
    found = list(extract_keys(io.BytesIO(b'raise Refused(Code.X, "new")\n'), [], (), reasons))
    assert ("<key>", ("refusal.new",)) in [(name, args) for _, name, args, _ in found]


def test_the_extractor_finds_keys_asked_for_mentioned_and_built():
    source = b'tr(lang, "a.b", x=1)\ntrn(lang, "c.d", n)\nk = "e.f"\ntr(lang, f"g.{h}.i")\n'
    found = [
        (name, args) for _, name, args, _ in extract_keys(io.BytesIO(source), ["tr", "trn"], (), {})
    ]
    assert ("tr", (None, "a.b")) in found and ("trn", (None, "c.d", None)) in found
    assert ("<key>", ("e.f",)) in found and ("tr", (None, "g.\x00.i")) in found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_referee_counts_as_the_app_does(lang):
    rule = gettext.c2py(catalogue(lang).plural_expr)
    counted = referee.catalogue(lang).plural
    assert [counted(n) for n in range(250)] == [rule(n) for n in range(250)]


def test_counts_take_their_plural_form():
    drawn = {n: trn("lt", "entry.draw", n, player="Ona") for n in (1, 2, 10, 21, 22, 111)}
    assert drawn == {
        1: "Ona traukia 1 kortą",
        2: "Ona traukia 2 kortas",
        10: "Ona traukia 10 kortų",
        21: "Ona traukia 21 kortą",
        22: "Ona traukia 22 kortas",
        111: "Ona traukia 111 kortų",
    }
    tricks = [trn("lt", "why.tricks", n, player="Jonas", extra="") for n in (1, 3, 12)]
    assert tricks == ["Jonas: 1 kirtis.", "Jonas: 3 kirčiai.", "Jonas: 12 kirčių."]
    assert trn("en", "entry.draw", 1, player="Ona") == "Ona draws 1 card"
    assert trn("en", "history.imported", 3) == "3 matches imported."


def test_numbers_are_written_as_the_language_writes_them():
    assert (format_percent("lt", 0.5), format_number("lt", 1.25)) == ("50\xa0%", "1,25")
    assert (format_percent("en", 0.5), format_number("en", 1.25)) == ("50%", "1.25")


def test_times_are_shown_on_the_devices_clock(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Vilnius")
    time.tzset()
    try:
        stored = datetime(2026, 12, 2, 10, 0)  # UTC, as SQLite gives it back: without a zone
        assert format_time("lt", stored) == "2026-12-02 12:00"
        assert format_time("lt", stored.replace(tzinfo=UTC)) == "2026-12-02 12:00"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_missing_key_falls_back_to_lithuanian_then_to_itself():
    assert tr("en", "no.such.key") == "no.such.key"
    assert tr("xx", "app.title") == tr("lt", "app.title")


def contract_codes() -> set[str]:
    """The codes RECORDS.md lists: the first cell of each row of its code tables."""
    text = need_shared("RECORDS.md").read_text(encoding="utf-8").split("### Codes", 1)[1]
    return {
        code
        for row in re.findall(r"^\| (`[a-z_]+`(?: / `[a-z_]+`)*) \|", text, re.M)
        for code in re.findall(r"`([a-z_]+)`", row)
    }


def test_code_enum_is_exactly_the_contract():
    assert {c.value for c in Code} == contract_codes()


def test_every_code_has_its_sentence_in_every_language():
    for code in Code:
        name = f"violation.{code.value}" if code in VIOLATIONS else f"refusal.{code.value}"
        said = [referee.tr(lang, name) for lang in LANGUAGES]
        assert name not in said and len(set(said)) == len(said), code


def test_every_card_has_its_words_in_every_language():
    for lang in LANGUAGES:
        said = {card_words(card, lang) for card in deck(52)}
        assert len(said) == 52 and not any("card." in words for words in said), lang


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_pages_in_both_languages_have_the_same_paragraphs(game):
    anchors = {lang: [p.anchor for p in rules_page(game, lang)[1]] for lang in LANGUAGES}
    assert anchors["lt"] == anchors["en"] and len(anchors["lt"]) >= 5


def test_every_option_has_a_label_and_its_meaning_in_every_language():
    meant = set()
    for game in GAMES.values():
        for option in game.OPTIONS + COMMON:
            for lang in LANGUAGES:
                assert f"option.{option.name}" in plain(lang), (lang, option.name)
                assert not help_text(game.id, option, lang).startswith("help."), (game.id, option)
            meant.add(option.name if option in COMMON else f"{game.id}.{option.name}")
    assert meant == set(keys("help")), "a meaning kept for an option no game has"


def test_every_rule_link_leads_to_a_paragraph():
    """Refusals and violations link to a paragraph that exists in both languages."""
    from app.games import GAMES as GAME_UIS

    RULE_ANCHORS = {game.id: game.anchors for game in GAME_UIS.values()}
    assert set(RULE_ANCHORS) == set(GAMES)
    for game, anchors in RULE_ANCHORS.items():
        assert set(anchors) <= {c.value for c in Code}
        for lang in LANGUAGES:
            present = {p.anchor for p in rules_page(game, lang)[1]}
            assert set(anchors.values()) <= present, (game, lang)
    for code in VIOLATIONS:
        games = [g for g in RULE_ANCHORS if code.value in RULE_ANCHORS[g]]
        assert games, code
