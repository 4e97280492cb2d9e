"""Every string in both languages: the app's catalogues and the referee's messages."""

from __future__ import annotations

import re
import string

import pytest
from conftest import need_shared

from app.i18n import CONTEXT, LANGUAGES, catalogue, read_po
from app.rules_text import rules_page
from rules import GAMES
from rules.codes import VIOLATIONS, Code
from rules.messages import AGREEING, MESSAGES, VIOLATION_MESSAGES


def fields(text: str) -> set[str]:
    """The facts a sentence names (words that only agree with them are not facts)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name} - AGREEING


def test_catalogues_have_the_same_keys_and_placeholders():
    lt, en = catalogue("lt"), catalogue("en")
    plain = {lang: {k for k in catalogue(lang) if CONTEXT not in k} for lang in LANGUAGES}
    assert plain["lt"] == plain["en"]
    for key in plain["lt"]:
        assert lt[key] and en[key], key
        assert fields(lt[key]) == fields(en[key]), key


def test_every_gendered_wording_varies_a_key_with_its_facts():
    for lang in LANGUAGES:
        texts = catalogue(lang)
        for key, text in texts.items():
            if CONTEXT in key:
                genders, plain = key.split(CONTEXT)
                assert set(genders) <= {"m", "f"} and "f" in genders, (lang, key)
                assert fields(text) == fields(texts[plain]), (lang, key)


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
                assert f"option.{option.name}" in catalogue(lang), (lang, option.name)


def test_po_reader_joins_lines_and_skips_comments():
    text = '# c\nmsgid ""\nmsgstr "header"\n\nmsgid "a"\nmsgstr "one "\n"two"\n'
    assert read_po(text) == {"a": "one two"}


def test_po_reader_keeps_a_context_apart():
    text = 'msgid "a"\nmsgstr "one"\n\nmsgctxt "f"\nmsgid "a"\nmsgstr "two"\n'
    assert read_po(text) == {"a": "one", f"f{CONTEXT}a": "two"}


def test_every_rule_link_leads_to_a_paragraph():
    """Refusals and violations link to a paragraph that exists in both languages."""
    from app.table_model import RULE_ANCHORS

    assert set(RULE_ANCHORS) == set(GAMES)
    for game, anchors in RULE_ANCHORS.items():
        assert set(anchors) <= {c.value for c in Code}
        for lang in LANGUAGES:
            present = {p.anchor for p in rules_page(game, lang)[1]}
            assert set(anchors.values()) <= present, (game, lang)
    for code in VIOLATIONS:
        games = [g for g in RULE_ANCHORS if code.value in RULE_ANCHORS[g]]
        assert games, code
