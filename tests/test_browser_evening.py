"""A club evening on a PostgreSQL server the suite starts: two tables, two rounds.

Two server processes share the database. The operator of table 1 logs in on the first
and sees his table's match only; table 2 enters from another device (the store, as
another server would). The club's board and a player's phone, on the second process,
follow both without a reload. After round 1 ``club round`` moves the players on; the
board and the operator's home show the new seating. At the end every match is
exported, imported into a fresh database and re-rated: the ratings are the same.
"""

from __future__ import annotations

import random
import subprocess
import sys

from test_browser_table import enter
from webapp import (
    PHONE,
    ROOT,
    browser_page,
    by_id,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
    type_into,
    wait_label,
)

from bench.table import next_entry
from models import Store
from models.club import SETTING, Club
from rules import Status

PIN = "2468"
ROOM = {"width": 1280, "height": 720}
FIRST = [("1", ["Ona", "Jonas", "Rūta", "Petras"]), ("2", ["Eglė", "Tomas", "Asta", "Linas"])]


def play_out(store, match_id, rng):
    """The match's deals to its end, entered from another device."""
    live = store.resume(match_id)
    while not live.match.finished:
        current = live.match.current
        if current is None or current.status is not Status.OPEN:
            live.start_deal()
        assert live.add_entry(next_entry(live.match, rng)).accepted


def test_two_tables_two_rounds_a_board_and_the_results(tmp_path, postgres_server):
    need_browser()
    db = postgres_server.create_database()
    copy = postgres_server.create_database()
    rng = random.Random(31)
    try:
        store = Store(db)
        club = Club.new("Kortų klubas", PIN)
        store.save_setting(SETTING, club.setting())
        one, two = store.start_round(1, "devynake", {"deals": 1}, FIRST)
        env = {"PARTIJA_DB": db}
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        with (
            serve(tmp_path / "a", env, mode=("--web", "--club")) as url_a,
            serve(tmp_path / "b", env, mode=("--web", "--club")) as url_b,
            browser_page(PHONE) as table,
        ):
            browser = table.context.browser
            board = browser.new_page(viewport=ROOM)
            phone = browser.new_page(viewport=PHONE)
            for page in (board, phone):
                page.set_default_timeout(60_000)
            open_app(table, url_a, first="pin")
            type_into(table, "pin", PIN)
            type_into(table, "table-name", "1")
            tap(table, "action-login", until=f"resume-{one.match_id}")
            assert by_id(table, f"resume-{two.match_id}").count() == 0  # bound to table 1
            tap(table, f"resume-{one.match_id}", until="last-entry")
            open_app(board, f"{url_b.rstrip('/')}/board/{club.board_token()}", "board")
            wait_label(board, f"board-table-{one.match_id}", "Stalas 1")
            watch = f"{url_b.rstrip('/')}/watch/{club.watch_token(one.match_id)}"
            open_app(phone, watch, first="watching")
            # Round 1: table 1 taps on the first server, table 2 enters elsewhere.
            mine, other = store.resume(one.match_id), store.resume(two.match_id)
            for number in range(1, 4):
                mine.refresh()
                enter(table, next_entry(mine.match, rng, pass_rate=0), FIRST[0][1])
                wait_label(phone, "last-entry", f": {number}. ")
                wait_label(board, f"board-last-{one.match_id}", f": {number}. ")
                assert other.add_entry(next_entry(other.match, rng)).accepted
                wait_label(board, f"board-last-{two.match_id}", f": {number}. ")
            shot(board, "club-evening-board-round-1")
            play_out(store, one.match_id, rng)
            play_out(store, two.match_id, rng)
            by_id(board, "board-standing-devynake-1").first.wait_for()
            # Round 2: the players move on (seat s goes s tables on).
            moved = subprocess.run(
                [sys.executable, str(ROOT / "main.py"), "--db", db, "club", "round"],
                capture_output=True,
                text=True,
                cwd=ROOT,
                timeout=120,
            )
            assert moved.returncode == 0, moved.stderr
            rows = [line.split("\t") for line in moved.stdout.splitlines()]
            assert [(r, t) for r, t, _, _ in rows] == [("2", "1"), ("2", "2")]
            three, four = (int(m) for _, _, m, _ in rows)
            assert rows[0][3] == "Ona, Tomas, Rūta, Linas"
            seated = wait_label(board, f"board-table-{three}", "Tomas")
            assert "Stalas 1" in seated and "2 ratas" in seated and "Linas" in seated
            tap(table, "action-home", until=f"resume-{three}")
            assert by_id(table, f"resume-{four}").count() == 0
            shot(board, "club-evening-board-round-2")
            play_out(store, three, rng)
            play_out(store, four, rng)
            board.close()
            phone.close()
        # The results: every match exported (with its finish time), imported elsewhere
        # and re-rated, gives the ratings stored.
        ids = [one.match_id, two.match_id, three, four]
        import json

        records = [json.loads(store.export_record(m)) for m in ids]
        assert all(r.get("finished_at") for r in records)
        other_store = Store(copy)
        other_store.import_records(records)
        other_store.rebuild_ratings()
        for before, after in zip(
            store.standings("devynake"), other_store.standings("devynake"), strict=True
        ):
            assert before.name == after.name and before.matches == after.matches == 2
            assert round(before.mu, 6) == round(after.mu, 6)
            assert round(before.sigma, 6) == round(after.sigma, 6)
        other_store.close()
        store.close()
    finally:
        postgres_server.drop_database(db)
        postgres_server.drop_database(copy)
