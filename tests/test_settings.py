"""Language from the device, theme and per-game defaults kept across restarts."""

from __future__ import annotations

import pytest

from app.model import AppModel
from app.settings_model import device_language
from models import Store


@pytest.mark.parametrize(
    "tags, lang",
    [
        (["en_GB.UTF-8"], "en"),
        (["lt-LT"], "lt"),
        (["de_DE"], "lt"),
        (["C.UTF-8", "en_US"], "en"),
        ([""], "lt"),
        (["POSIX", "lt_LT.UTF-8"], "lt"),
    ],
)
def test_device_language(tags, lang):
    assert device_language(tags) == lang


def test_choices_survive_a_restart(store_url):
    store = Store(store_url)
    model = AppModel.start(store, None, local=False)
    assert model.lang == "lt" and model.theme == "system"
    model.set_language("en")
    model.set_theme("dark")
    model.open_new("ramsas")
    model.new_match.set_option("target", 25)
    model.save_defaults()
    assert model.message == "Saved as the default options of Ramsas."
    store.close()
    again = AppModel.start(Store(store_url), None, local=False)
    assert (again.lang, again.theme) == ("en", "dark")
    again.open_new("ramsas")
    assert again.new_match.options == {"target": 25}
    again.open_new("bumas")
    assert again.new_match.options == {}


def test_device_locale_event_only_when_not_chosen(store_url):
    store = Store(store_url)
    model = AppModel.start(store, None, local=False)
    model.device_locale(["en_US"])
    assert model.lang == "en"
    model.set_language("lt")
    model.device_locale(["en_US"])
    assert model.lang == "lt"
    store.close()


def test_import_and_roster_messages(store_url):
    import json

    from conftest import SCENARIOS

    store = Store(store_url)
    model = AppModel.start(store, None, local=False)
    model.import_files([(SCENARIOS / "ramsas-two-players.json").read_bytes()])
    assert model.message == "Įkeltas 1 žaidimas."
    model.import_files([b"{nope"])
    assert model.message == (
        "Failo nepavyko perskaityti: ne JSON: lauko pavadinimas turi būti dvigubose kabutėse "
        "(eilutė 1, stulpelis 2)."
    )
    model.import_files([json.dumps({"format": 1, "game": "chess"}).encode()])
    assert model.message.startswith("Ne žaidimo įrašas")
    model.rename("Jonas", "Ona")
    assert model.message == "Vardas Ona jau užimtas – galbūt sujungti?"
    model.rename("Jonas", "Jonas J.")
    assert model.message == "Jonas dabar vadinasi Jonas J.."
    [summary] = model.matches()
    model.open_match(summary.id)
    assert model.route == f"/history/{summary.id}"
    assert model.viewing.deal_lines(0)[-1].startswith("15. ")
    store.close()
