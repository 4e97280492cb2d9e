"""What a user reads names options, values, games and refusals in words, never by code."""

from __future__ import annotations

import itertools
import json
import re

import flet as ft
import pytest
from conftest import SCENARIOS

from app.describe import NAMED_CHOICES, option_value, option_words
from app.i18n import LANGUAGES, tr
from app.new_match import NewMatchModel, option_control
from app.table.model import TableModel
from models import Store
from rules import GAMES
from rules.errors import OptionError, ReadError
from rules.options import help_text
from rules.reader import read_record

OPTIONS = {option.name: option for game in GAMES.values() for option in game.all_options()}


def dropdown_texts(control: ft.Control) -> list[str]:
    """The texts a choice option's dropdown offers (the form's control, walked down)."""
    found = []
    stack: list[object] = [control]
    while stack:
        node = stack.pop()
        if isinstance(node, ft.Dropdown):
            found += [option.text for option in node.options]
        for name in ("content", "controls"):
            child = getattr(node, name, None)
            stack += child if isinstance(child, list) else [child] if child is not None else []
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_form_offers_each_choice_in_words(lang):
    for game in GAMES.values():
        form = NewMatchModel(game=game.id)
        for option in game.all_options():
            if option.choices and not option.switch:
                texts = dropdown_texts(option_control(form, option, lang))
                assert texts == [option_value(lang, c) for c in option.choices], option.name
    assert dropdown_texts(
        option_control(NewMatchModel(game="devynake"), OPTIONS["scoring"], "lt")
    ) == [
        "kortos",
        "bankas",
    ]


def test_every_named_choice_has_words_in_both_languages():
    for lang in LANGUAGES:
        for choice in NAMED_CHOICES:
            assert option_value(lang, choice) != f"value.{choice}", (lang, choice)
    assert option_value("lt", None) == "kol stalas sustos" and option_value("lt", 2) == "2"


def test_help_texts_name_values_by_their_words():
    for game in GAMES.values():
        for option, lang in itertools.product(game.all_options(), LANGUAGES):
            said = help_text(game.id, option, lang)
            assert "null" not in said, option.name
            for choice in option.choices:
                if type(choice) is str and option_value(lang, choice) != choice:
                    assert not re.search(rf"[„'‘]{choice}[“'’]", said), (option.name, lang)


def test_an_option_error_names_the_option_and_value_in_words():
    error = OptionError("bad_option", name="violation_penalty", value="points")
    assert (
        error.message("lt", option_words("lt"))
        == "taisyklė „Bauda už pažeidimą“ negali būti baudos taškai"
    )
    seats = OptionError("seats_with", game="bumas", option="decks", value=1, low=2, high=6, seats=8)
    said = seats.message("lt", option_words("lt"))
    assert said.startswith(f"{tr('lt', 'game.bumas.name')}, kai {tr('lt', 'option.decks')} = 1")
    # A name no game knows stays as typed; without words the referee shows the record's.
    assert "„colour“" in OptionError("unknown_option", name="colour").message(
        "lt", option_words("lt")
    )
    assert error.message("lt") == 'taisyklė „violation_penalty“ negali būti "points"'


def test_the_form_says_a_bad_option_in_words():
    form = NewMatchModel(game="devynake", players=["Ona", "Jonas", "Rūta"], options={"deals": 0})
    assert form.validated("lt") is None
    assert "„" + tr("lt", "option.deals") + "“" in (form.error or "")


def test_a_json_problem_is_said_in_lithuanian():
    with pytest.raises(ReadError) as caught:
        read_record(b'{"game": }')
    assert caught.value.message("lt").startswith("ne JSON: trūksta reikšmės")
    assert caught.value.message("en").startswith("not JSON: Expecting value")


def test_refused_entries_in_the_history_say_why(tmp_path):
    store = Store(tmp_path / "p.db")
    record = json.loads((SCENARIOS / "devynake-opening.json").read_text(encoding="utf-8"))
    [match_id] = store.import_records([record])
    codes = {
        r["code"] for deal in store.replay(match_id).verdict()["deals"] for r in deal["rejected"]
    }
    for lang in LANGUAGES:
        lines = TableModel(store.replay(match_id), lang).deal_lines(0)
        refused = [line for line in lines if tr(lang, "history.refused", reason="") in line]
        assert len(refused) == 3
        assert not any(code in line for code in codes for line in refused), refused
    store.close()
