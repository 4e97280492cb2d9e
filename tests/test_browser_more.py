"""Between deals in a real browser: a refusal's rule, the language switch, a finished match."""

from __future__ import annotations

import json

from conftest import SCENARIOS
from webapp import (
    PHONE,
    browser_page,
    by_id,
    label,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
    wait_label,
)


def store_at(folder):
    from models import Store

    return Store(folder / "partija.db")


def test_refusal_opens_its_rule_with_the_tables_options(tmp_path):
    need_browser()
    store = store_at(tmp_path)
    live = store.create_match(
        game="devynake", players=["Ona", "Jonas", "Rūta"], options={"scoring": "bank"}
    )
    live.start_deal()
    store.close()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first=f"resume-{live.match_id}")
        tap(page, f"resume-{live.match_id}", until="card-10H")
        tap(page, "card-10H", until="notice-refused")
        assert by_id(page, "notice-refused").count() == 1
        assert "devynakė" in label(page, "notice-refused")
        shot(page, "refusal-phone-lt")
        tap(page, "action-rule", until="rule-rows")
        assert by_id(page, "rule-rows").count() == 1
        assert by_id(page, "rules-options").count() == 1
        shot(page, "rules-from-refusal-phone-lt")


def test_language_switch_everywhere(tmp_path):
    need_browser()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first="action-new-match")
        assert "Naujas žaidimas" in label(page, "action-new-match")
        tap(page, "action-language")
        assert "New match" in wait_label(page, "action-new-match", "New match")
        tap(page, "nav-settings", until="action-home")
        shot(page, "settings-phone-en")
        tap(page, "action-language")
        tap(page, "action-home", until="action-new-match")
        assert "Naujas žaidimas" in wait_label(page, "action-new-match", "Naujas žaidimas")


def test_finished_match_from_the_history(tmp_path):
    need_browser()
    record = json.loads((SCENARIOS / "devynake-full-deal.json").read_text(encoding="utf-8"))
    record["options"] = {"deals": 1}
    store = store_at(tmp_path)
    [match_id] = store.import_records([record])
    store.close()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first="nav-history")
        tap(page, "nav-history", until=f"match-{match_id}")
        shot(page, "history-phone-lt")
        tap(page, f"match-{match_id}", until="match-headline")
        assert "Rūta" in label(page, "match-headline")
        assert by_id(page, "action-resume").count() == 0
        shot(page, "finished-match-phone-lt")


def test_killed_app_resumes_where_it_was(tmp_path):
    """Entries shown as accepted survive SIGKILL of the app; the match resumes at that point."""
    need_browser()
    store = store_at(tmp_path)
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    store.close()
    with serve(tmp_path, kill=True) as url, browser_page(PHONE) as page:
        open_app(page, url, first=f"resume-{live.match_id}")
        tap(page, f"resume-{live.match_id}", until="expected-now")
        for number, card in enumerate(("9H", "10H", "8H"), start=1):
            tap(page, f"card-{card}")
            wait_label(page, "last-entry", f"{number}.")
        assert "Jonas" in label(page, "expected-now")
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first=f"resume-{live.match_id}")
        tap(page, f"resume-{live.match_id}", until="expected-now")
        assert "Jonas" in label(page, "expected-now")
        assert by_id(page, "card-JH").count() == 1
        shot(page, "resumed-after-kill-phone")
    store = store_at(tmp_path)
    record = json.loads(store.export_record(live.match_id))
    store.close()
    assert [e["card"] for e in record["deals"][0]["events"]] == ["9H", "10H", "8H"]


def test_ending_a_match_asks_first_and_can_be_taken_back(tmp_path):
    need_browser()
    store = store_at(tmp_path)
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    store.close()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first=f"resume-{live.match_id}")
        tap(page, f"resume-{live.match_id}", until="card-9H")
        tap(page, "card-9H")
        tap(page, "action-stop", until="action-confirm-stop-yes")
        tap(page, "action-keep-playing", until="action-stop")
        tap(page, "action-stop", until="action-confirm-stop-yes")
        shot(page, "end-match-asks-phone-lt")
        tap(page, "action-confirm-stop-yes", until="action-reopen")
        assert "Atšaukti: žaidimo pabaiga" in label(page, "action-undo")
        tap(page, "action-undo", until="action-stop")  # the end taken back, not the card
        wait_label(page, "last-entry", "1.")
    store = store_at(tmp_path)
    [summary] = store.list_matches()
    record = json.loads(store.export_record(live.match_id))
    store.close()
    assert not summary.stopped
    assert [e["card"] for e in record["deals"][0]["events"]] == ["9H"]


def test_a_backup_saved_in_one_browser_is_restored_in_another(tmp_path):
    """ "Atsarginė kopija" in the settings: the file comes down through the browser's save,
    goes up into another device's app through its file picker, and both say in one line
    what the file holds and what was added."""
    need_browser()
    phone, tablet = tmp_path / "phone", tmp_path / "tablet"
    for folder in (phone, tablet):
        folder.mkdir()
    store = store_at(phone)
    store.import_records([json.loads((SCENARIOS / "devynake-full-deal.json").read_bytes())])
    store.close()
    saved = tmp_path / "partija-backup.jsonl"
    with serve(phone) as url, browser_page(PHONE) as page:
        open_app(page, url, first="nav-settings")
        tap(page, "nav-settings", until="action-backup")
        with page.expect_download() as download:
            by_id(page, "action-backup").first.click()
        download.value.save_as(saved)
        assert "žaidimų: 1, žaidėjų: 4" in wait_label(page, "settings-message", "žaidimų: 1")
    assert saved.read_bytes().startswith(b'{"format":"partija-backup"')
    with serve(tablet) as url, browser_page(PHONE) as page:
        open_app(page, url, first="nav-settings")
        tap(page, "nav-settings", until="action-restore")
        with page.expect_file_chooser() as chooser:
            by_id(page, "action-restore").first.click()
        chooser.value.set_files(str(saved))
        said = wait_label(page, "settings-message", "Atkurta")
        assert "pridėta žaidimų: 1 (jau buvo: 0), žaidėjų: 4" in said
    restored = store_at(tablet)
    assert len(restored.list_matches()) == 1
    restored.close()
