"""One term per concept across the app, the referee and the rules pages; numbers signed right.

A native review found two words for one thing: *vertė* for the rank cards are matched
by (it is *nominalas*; *vertė* is what a card is worth in points), the domino's first
card and its line under three names, two verb families for a redeal, cards 2–5 as
digits beside words for the rest; and negative numbers written with a hyphen. These
checks read every Lithuanian text a user may see (``wordings.texts``): both catalogues
and the rules pages.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from types import SimpleNamespace

import pytest
from conftest import ROOT, SCENARIOS
from wordings import texts

from app.home import ResumeTile
from app.i18n import LANGUAGES, format_number, format_percent, signed
from app.table.model import TableModel
from app.table.scoreboard import score_row
from app.table.state import deal_summary
from models import Store
from rules.cards import rank_name
from rules.i18n import number, tr

# The noun *vertė* in any case, not the adjective *vertas* ("kiek taškų vertas").
WORTH = re.compile(r"\bvert(ė|ės|ę|e|ei|ėje|ių|ėms|ėmis)\b", re.I)
TERMS = {
    # The domino's line is "domino eilė", its first card "pradinė korta".
    "linija (domino eilė)": re.compile(r"\blinij", re.I),
    "pradžios / pradžiai korta (pradinė korta)": re.compile(r"\bpradži\w* (kort|atverst)", re.I),
    "perdalyti (perdalinti)": re.compile(r"\bperdal(ij|y)\w*|\bdal(yti|ija|ijama) iš naujo", re.I),
    "a card's rank as a number (words)": re.compile(r"\b(širdžių|būgnų|kryžių|vynų) \d"),
}


def found(pattern: re.Pattern[str], lang: str = "lt") -> list[tuple[str, str]]:
    return [(where, text) for where, text in texts(lang) if pattern.search(text)]


def test_vertė_is_said_only_of_points_and_matching_is_by_nominalas():
    about_worth = found(WORTH)
    assert all(re.search(r"tašk", text) for _, text in about_worth), about_worth
    assert len(found(re.compile(r"\bnominal"))) >= 6


@pytest.mark.parametrize("term", sorted(TERMS))
def test_one_term_per_concept(term):
    assert not found(TERMS[term]), found(TERMS[term])


def test_the_domino_says_its_terms():
    assert found(re.compile(r"\bdomino eil")) and found(re.compile(r"\bpradin\w* kort"))
    assert found(re.compile(r"\bPerdalin"))


def test_every_rank_is_a_word_in_lithuanian_and_a_number_card_a_numeral_in_english():
    for rank in range(2, 15):
        lt, en = (tr(lang, f"card.rank.{rank_name(rank)}") for lang in ("lt", "en"))
        assert lt.isalpha(), (rank, lt)
        assert en.isdigit() == (rank <= 10), (rank, en)


def test_the_checks_catch_the_old_words():
    texts_then = [
        "Kortų atsikratymas: dėk tą pačią spalvą ar vertę, neturi – trauk.",
        "Paspauskite pirmąją linijos kortą",
        "Pradžios korta: {card}",
        "Perdalijama",
        "širdžių 5",
    ]
    assert not all(re.search(r"tašk", t) for t in texts_then if WORTH.search(t))
    for term, pattern in TERMS.items():
        assert any(pattern.search(t) for t in texts_then), term


# -- a negative number has a true minus sign (U+2212) ---------------------------------------
HYPHEN_MINUS = re.compile(r"(?<![\w\]}])-\d")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_writes_a_negative_number_with_a_hyphen(lang):
    assert not found(HYPHEN_MINUS, lang), found(HYPHEN_MINUS, lang)
    assert found(re.compile("\N{MINUS SIGN}5"), lang)  # the ramsas's no-trick penalty


def test_numbers_are_written_with_a_true_minus_sign():
    assert (number(-5), number(5)) == ("−5", "5")
    assert (signed(-5), signed(5), signed(0)) == ("−5", "+5", "+0")
    assert (format_number("lt", -1.25), format_number("en", -1.25)) == ("−1,25", "−1.25")
    assert format_percent("lt", -0.5) == "−50\xa0%"


RECORD = SCENARIOS / "ramsas-forgot-waiver-off.json"  # its second deal: +5 and −5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_referees_text_verdict_signs_with_a_minus(lang):
    out = subprocess.run(
        [sys.executable, "-m", "rules", str(RECORD), "--text", "--lang", lang],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    ).stdout
    assert "Jonas −5" in out and "Jonas −1" in out and not HYPHEN_MINUS.search(out)


def test_the_deal_summary_the_scoreboard_and_home_sign_with_a_minus(tmp_path):
    store = Store(tmp_path / "p.db")
    [match_id] = store.import_records([json.loads(RECORD.read_text(encoding="utf-8"))])
    summary = deal_summary(TableModel(store.replay(match_id), "lt"))
    tile = ResumeTile(SimpleNamespace(lang="lt", resume=print), store.summary(match_id))
    store.close()
    assert "Taškai: Ona +5, Jonas −5." in summary
    assert tile.content.content.subtitle.value == "Ona 6, Jonas −1"
    row = score_row(2, (5, -5), 2)
    assert [cell.content.value for cell in row.cells] == ["2", "+5", "−5"]
