"""Every string in both languages: the app's catalogues and the referee's messages."""

from __future__ import annotations

import gettext
import io
import re
import string
import time
from datetime import UTC, datetime

import pytest
from conftest import need_shared

from app.catalogues import TEMPLATE, extract_keys, template, template_text
from app.i18n import LANGUAGES, catalogue, format_number, format_percent, format_time, tr, trn
from app.rules_text import rules_page
from rules import GAMES
from rules.codes import VIOLATIONS, Code
from rules.grammar import plural_form
from rules.messages import AGREEING, MESSAGES, VIOLATION_MESSAGES


def fields(text: str) -> set[str]:
    """The facts a sentence names (words that only agree with them are not facts)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name} - AGREEING


def key(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def plain(lang: str) -> dict[str, object]:
    """A catalogue's messages by key, without the header and the gendered wordings."""
    return {key(m): m for m in catalogue(lang) if m.id and not m.context}


def test_catalogues_have_the_same_keys_and_placeholders():
    lt, en = plain("lt"), plain("en")
    assert lt.keys() == en.keys()
    for name in lt:
        assert isinstance(lt[name].id, tuple) == isinstance(en[name].id, tuple), name
        wanted = {lang: catalogue(lang).num_plurals for lang in LANGUAGES}
        for lang, message in (("lt", lt[name]), ("en", en[name])):
            texts = forms(message)
            assert all(texts) and len(texts) in (1, wanted[lang]), (lang, name)
        assert {frozenset(fields(t)) for t in forms(lt[name]) + forms(en[name])} == {
            frozenset(fields(forms(lt[name])[0]))
        }, name


def test_every_gendered_wording_varies_a_key_with_its_facts():
    for lang in LANGUAGES:
        texts = plain(lang)
        for message in catalogue(lang):
            if message.context:
                assert set(message.context) <= {"m", "f"} and "f" in message.context
                assert fields(message.string) == fields(texts[key(message)].string), key(message)


def test_the_template_is_what_extraction_gives_now():
    """After a key is added or dropped in the code: ``uv run python -m app.catalogues``."""
    assert TEMPLATE.read_bytes() == template_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogues_are_their_po_files_now(lang):
    """After a text changes in a ``.po``: ``uv run python -m app.catalogues``."""
    from app.i18n import CATALOGUES, compiled

    assert (CATALOGUES / f"{lang}.mo").read_bytes() == compiled(lang)


def test_extraction_leaves_nothing_out_and_both_catalogues_have_every_key():
    asked = {key(m) for m in template() if m.id}
    assert asked == plain("lt").keys() == plain("en").keys()


def test_the_extractor_finds_keys_asked_for_mentioned_and_built():
    source = b'tr(lang, "a.b", x=1)\ntrn(lang, "c.d", n)\nk = "e.f"\ntr(lang, f"g.{h}.i")\n'
    found = [
        (name, args) for _, name, args, _ in extract_keys(io.BytesIO(source), ["tr", "trn"], (), {})
    ]
    assert ("tr", (None, "a.b")) in found and ("trn", (None, "c.d", None)) in found
    assert ("<key>", ("e.f",)) in found and ("tr", (None, "g.\x00.i")) in found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_plural_forms_are_the_catalogues(lang):
    rule = gettext.c2py(catalogue(lang).plural_expr)
    assert [plural_form(lang, n) for n in range(250)] == [rule(n) for n in range(250)]


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


def test_every_code_has_both_messages():
    for code in Code:
        en, lt = VIOLATION_MESSAGES[code] if code in VIOLATIONS else MESSAGES[code.value]
        assert en and lt and en != lt, code
        assert fields(en) == fields(lt), code


def test_reasons_have_both_languages_with_the_same_facts():
    for reason, (en, lt) in MESSAGES.items():
        assert en and lt, reason
        assert fields(en) == fields(lt), reason


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_pages_in_both_languages_have_the_same_paragraphs(game):
    anchors = {lang: [p.anchor for p in rules_page(game, lang)[1]] for lang in LANGUAGES}
    assert anchors["lt"] == anchors["en"] and len(anchors["lt"]) >= 5


def test_every_option_has_a_label_in_both_languages():
    from rules.options import COMMON

    for game in GAMES.values():
        for option in game.OPTIONS + COMMON:
            assert option.help_en and option.help_lt
            for lang in LANGUAGES:
                assert f"option.{option.name}" in plain(lang), (lang, option.name)


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
