"""The table screen's controller, in plain Python on a real SQLite store."""

from __future__ import annotations

import json

import pytest
from conftest import SCENARIOS

from app.table.mode import Answering, Playing
from app.table.model import TableModel
from models import Store
from rules import load, verdict


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "partija.db")
    yield s
    s.close()


def table(store, game, players, lang="en", **options):
    live = store.create_match(game=game, players=players, options=options)
    live.start_deal()
    return TableModel(live, lang)


def test_one_tap_per_card_stores_the_entry(store, tmp_path):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    assert tm.headline() == "Jonas: play or pass?"
    assert tm.card_state(__import__("rules").Card.parse("9H")) == "fits"
    tm.tap_card("9H")
    assert tm.notice is None
    assert tm.entries() == [(1, "Jonas plays 9 of hearts")]
    # Durable: a second store on the same file sees the entry.
    other = Store(tmp_path / "partija.db")
    record = json.loads(other.export_record(tm.keeper.match_id))
    assert record["deals"][0]["events"] == [{"type": "play", "player": 1, "card": "9H"}]
    other.close()


def test_refusal_is_shown_and_nothing_changes(store):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"], lang="lt")
    tm.tap_card("10H")
    assert tm.notice.kind == "refused" and tm.notice.code == "not_playable"
    assert tm.notice.text.startswith("Pirmoji korta turi būti devynakė")
    assert tm.notice.anchor == "rows"
    assert tm.entries() == []


def test_played_cards_are_dimmed_and_fitting_ones_lit(store):
    from rules import Card

    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    tm.tap_card("9H")
    assert tm.card_state(Card.parse("9H")) == "gone"
    assert tm.card_state(Card.parse("10H")) == "fits"
    assert tm.card_state(Card.parse("JH")) == "plain"


def false_pass(tm):
    tm.act("pass")  # Jonas passes with a nine in hand
    tm.tap_card("9H")  # Rūta
    tm.tap_card("10H")  # Ona
    tm.tap_card("9S")  # Jonas: proves his pass false


def test_a_flagged_violation_waits_for_the_tables_ruling(store):
    from app.table import state as table_state

    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    false_pass(tm)
    [pending] = table_state.pending_violations(tm)
    assert "The table decides" not in pending.text and pending.can_annul
    assert "Jonas" in pending.text
    flags = {line.number: line.flag for line in table_state.entry_lines(tm)}
    assert flags == {1: "violation", 2: "", 3: "", 4: "proof"}
    tm.tap_card("8S")  # the game goes on: the question stays, and so do the marks
    assert table_state.pending_violations(tm) == (pending,)
    assert {x.number: x.flag for x in table_state.entry_lines(tm)}[4] == "proof"
    tm.let_stand(pending.key)
    assert table_state.pending_violations(tm) == ()
    assert [x.flag for x in table_state.entry_lines(tm) if x.flag] == ["proof", "violation"]


def test_a_ruling_is_stored_and_a_waiting_violation_survives_a_restart(store, tmp_path):
    from app.table import state as table_state

    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    false_pass(tm)
    again = Store(tmp_path / "partija.db")  # the app started again on the same file
    try:
        [waiting] = table_state.pending_violations(TableModel(again.resume(tm.keeper.match_id)))
        assert waiting.key == table_state.pending_violations(tm)[0].key
        tm.let_stand(waiting.key)
        record = json.loads(again.export_record(tm.keeper.match_id))
        assert record["deals"][0]["events"][-1] == {"type": "stand", "event": 0}
        assert table_state.pending_violations(TableModel(again.resume(tm.keeper.match_id))) == ()
        assert tm.entries()[-1] == (5, "The violation at entry 1 stands")
    finally:
        again.close()


def test_the_table_may_annul_the_deal_for_a_flagged_violation(store):
    from app.table import state as table_state

    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    false_pass(tm)
    [pending] = table_state.pending_violations(tm)
    tm.annul_for(pending.key)
    assert tm.match.current.status.value == "annulled"
    assert table_state.pending_violations(tm) == ()
    summary = tm.deal_summary()
    assert summary.startswith("Deal annulled") and "Violation – Jonas" in summary


def test_violations_with_points_are_news_and_named_in_the_summary(store):
    from app.table import state as table_state

    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"], violation_penalty="points")
    false_pass(tm)
    assert tm.notice.kind == "violation" and tm.notice.code == "false_pass"
    assert tm.notice.evidence == (0, 3)
    assert "Points" in tm.notice.text or "point" in tm.notice.text
    assert table_state.pending_violations(tm) == ()  # nothing to rule on: the penalty acts
    tm.tap_card("8S")
    assert tm.notice is None
    assert [x.flag for x in table_state.entry_lines(tm) if x.flag] == ["proof", "violation"]


def test_a_card_played_out_of_turn_is_refused_naming_the_real_player(store):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    assert tm.expected().player == 1  # Jonas
    tm.ask_who()
    assert tm.headline() == "Who played? Choose the player"
    tm.tap_card("9H")  # the player comes first: nothing is entered
    assert tm.entries() == []
    tm.play_for(2)  # Rūta put the nine of hearts down
    assert tm.headline() == "Rūta: tap the card played"
    tm.tap_card("9H")
    assert tm.notice.code == "not_your_turn" and "Rūta" in tm.notice.text
    assert tm.entries() == [] and tm.mode == Playing()
    tm.tap_card("9H")  # the next tap is for the player expected again
    assert tm.entries() == [(1, "Jonas plays 9 of hearts")]


def test_played_cards_stay_dimmed_while_cards_are_picked(store):
    from rules import Card

    tm = table(store, "domino", ["Ona", "Jonas"], multi_play=True)
    tm.tap_card("7H")  # the starter
    tm.act("multi")
    tm.tap_card("7S")
    assert tm.card_state(Card.parse("7H")) == "gone"
    assert tm.card_state(Card.parse("7S")) == "picked"
    assert tm.card_state(Card.parse("7D")) == "plain"


def test_domino_asks_in_lithuanian_about_the_card_or_the_cards_it_names(store):
    tm = table(store, "domino", ["Ona", "Jonas"], "lt", multi_play=True)
    tm.tap_card("7H")  # the starter
    tm.tap_card("7S")  # Jonas: the ends are 7♥ and 7♠
    tm.tap_card("7D")  # Ona: fits both, each a different line
    assert tm.headline() == "Prie kurio galo dėti būgnų septynakę?"
    tm.cancel()
    tm.act("multi")  # two sevens, one after another: "the cards"
    tm.tap_card("7D")
    tm.tap_card("7C")
    tm.confirm_picking()
    assert tm.headline() == "Prie kurio galo dėti kortas?"


def test_undo_says_what_it_undid(store):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    tm.tap_card("9H")
    assert tm.undo_label() == "Undo: Jonas plays 9 of hearts"
    tm.undo()
    assert tm.notice.text == "Undone: Jonas plays 9 of hearts" and tm.entries() == []
    assert tm.undo_label() == "Undo the deal's start"
    tm.undo()  # the deal's start
    tm.undo()
    assert tm.notice.text == "Nothing to undo."


def test_domino_puts_a_card_where_it_fits_and_asks_when_both_ends_take_it(store):
    tm = table(store, "domino", ["Ona", "Jonas"])
    assert "starter" in tm.expected().kinds
    tm.tap_card("7H")  # the starter: one card, either end makes the same line
    tm.tap_card("7S")  # Jonas
    assert isinstance(tm.mode, Playing) and [str(c) for c in tm.deal.ends.values()] == [
        "7H",
        "7S",
    ]
    tm.tap_card("2H")  # Ona: fits only the left end (7H), goes there without a question
    assert tm.notice is None and [str(c) for c in tm.deal.ends.values()] == ["2H", "7S"]
    tm.tap_card("2S")  # Jonas: fits 2H (rank) and 7S (suit): the table is asked
    assert isinstance(tm.mode, Answering)
    assert tm.headline() == "Which end does the 2 of spades go to?"  # the card named
    left, right = tm.mode.question.options
    assert (str(left.card), str(right.card)) == ("2H", "7S")  # the end card each joins
    tm.answer(right)
    assert tm.entries()[-1][1] == "Jonas plays 2 of spades at the right end"
    tm.tap_card("AD")  # Ona: a wild ace fits both ends: which end, then which suit
    tm.answer(tm.mode.question.options[0])
    assert tm.headline() == "Which suit does the ace stand for?"
    [spades] = [o for o in tm.mode.question.options if o.suit is not None and o.suit.value == "S"]
    tm.answer(spades)
    assert tm.entries()[-1][1] == "Ona plays ace of diamonds as spades at the left end"
    tm.tap_card("3C")  # Jonas: fits neither end (AS face, 2S): refused, nothing asked
    assert tm.notice.code == "not_playable" and isinstance(tm.mode, Playing)


def test_draw_with_a_count_then_pass_rules(store):
    tm = table(store, "bumas", ["Ona", "Jonas", "Rūta"])
    tm.tap_card("8H")
    tm.set_draw_count(3)
    tm.act("draw")
    assert tm.entries()[-1][1] == "Rūta draws 3 cards" and tm.draw_count == 1
    tm.act("pass")
    assert tm.notice.code == "must_draw"


def test_ramsas_buying_folding_and_jacks(store):
    tm = table(store, "ramsas", ["Ona", "Jonas"])
    tm.tap_card("9D")  # trump card
    assert tm.headline() == "Jonas: buy or not?"
    tm.act("buy")
    assert tm.headline() == "Ona: play or fold?"
    tm.act("stay")
    tm.act("jacks")
    tm.choose_player(1)
    tm.tap_card("JD")
    tm.tap_card("JH")
    tm.confirm_picking()
    assert tm.entries()[-1][1] == "Jonas shows jack of diamonds, jack of hearts"


def test_reveal_in_domino_after_the_end(store):
    tm = table(store, "domino", ["Ona", "Jonas"])
    tm.tap_card("7H")
    deal = tm.deal
    deal.hands = [7, 1]  # Jonas holds one card: he goes out now
    tm.tap_card("7S")
    assert tm.pick_seats("reveal") == [0]
    tm.act("reveal")
    for card in ["2C", "3C", "4C", "5C", "6C", "8C", "9C"]:
        tm.tap_card(card)
    tm.confirm_picking()
    assert tm.match.current.points == [37, 0]
    assert tm.notice is None and "Points" in tm.deal_summary()  # the summary shows it


def test_scoreboard_and_chart_series_follow_the_verdict(store):
    record = json.loads((SCENARIOS / "devynake-full-deal.json").read_text(encoding="utf-8"))
    [match_id] = store.import_records([record])
    tm = TableModel(store.resume(match_id), "en")
    match, names = load(record)
    assert tm.totals() == verdict(match, names)["totals"]
    assert tm.score_rows() == [(1, "finished", [0, 0, 5, 0])]
    assert tm.running_totals() == [[0, 0], [0, 0], [0, 5], [0, 0]]
    tm.next_deal()  # a violation of the deal waits for its ruling: the table is asked first
    assert tm.confirming == "next_deal" and tm.match.current.dealer == 1
    tm.confirm()  # it stands, and the next deal starts
    assert tm.match.current.dealer == 2 and tm.notice is None
    assert tm.match.deals[0].stood == {v.event for v in tm.match.deals[0].violations}


def test_correcting_a_past_card_replays_and_says_what_changed(store):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    tm.tap_card("9H")  # Jonas
    tm.tap_card("10H")  # Rūta
    tm.tap_card("JH")  # Ona
    assert tm.editable(0)
    tm.start_correcting(0)
    assert tm.headline() == "Correcting entry 1: tap the right card, or “Pass”"
    tm.tap_card("9S")  # it was the nine of spades: now 10H and JH no longer fit
    assert tm.mode == Playing()
    assert tm.notice.text == (  # in words: which entries fell with it, and why
        "Entry 1 corrected (Jonas plays 9 of spades). Entry 2 (Rūta plays 10 of hearts) is now "
        "refused. 10 of hearts does not fit: the hearts row starts with the nine. Entry 3 (Ona "
        "plays jack of hearts) is now refused. It is Rūta's turn, not Ona's."
    )
    assert tm.undo_label() == "Undo: refused entry 3"  # what undo takes back, as it is
    tm.undo_correction()  # one tap puts it back as it was
    assert tm.entries() == [
        (1, "Jonas plays 9 of hearts"),
        (2, "Rūta plays 10 of hearts"),
        (3, "Ona plays jack of hearts"),
    ]
    assert tm.notice.text == "Correction taken back – entry 1 is again: Jonas plays 9 of hearts."
    tm.start_correcting(0)
    tm.tap_card("9S")
    tm.start_correcting(0)
    tm.tap_card("5H")  # not in this deck: refused, nothing changes
    assert tm.notice.code == "bad_card" and tm.entries()[0] == (1, "Jonas plays 9 of spades")


def test_ramsas_declared_by_a_chosen_player_wins_the_match(store):
    tm = table(store, "ramsas", ["Ona", "Jonas", "Rūta"])
    tm.tap_card("9D")
    for _ in range(3):
        tm.act("no_buy")
    for _ in range(3):
        tm.act("stay")
    tm.act("ramsas")
    assert tm.headline() == "Who shows all four jacks? Jonas"
    tm.choose_player(2)
    tm.confirm_picking()
    assert tm.match.finished and tm.match.winners == [2]
    assert tm.headline() == "The match is over. Won: Rūta"


def ramsas_deal_played(store):
    """The Ramsas sample's whole deal, entered through the table's controller."""
    record = json.loads((SCENARIOS / "ramsas-two-players.json").read_text(encoding="utf-8"))
    live = store.create_match(game="ramsas", players=["Ona", "Jonas"])
    live.start_deal()
    tm = TableModel(live, "en")
    for event in record["deals"][0]["events"]:
        tm.submit(event)
    return tm


def test_end_of_deal_says_why_and_who_deals_next(store):
    tm = ramsas_deal_played(store)
    assert tm.notice is None  # the summary stands on its own, until the next deal
    assert tm.deal_summary() == (
        "Deal over. Points: Ona +4, Jonas +6. Ona: 4 tricks. "
        "Jonas: 1 trick and +5 for the jacks. Violation – Jonas led at entry 5 without "
        "the trump ace, yet later played ace of diamonds. Jonas deals next."
    )


def test_a_pass_corrected_into_the_card_and_back(store):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    tm.act("pass")  # Jonas: in fact he placed the nine of hearts
    tm.tap_card("9S")  # Rūta
    tm.start_correcting(0)
    tm.tap_card("9H")
    assert tm.entries()[0] == (1, "Jonas plays 9 of hearts") and tm.notice.text.endswith(
        "No other entry changed."
    )
    tm.start_correcting(0)
    assert tm.can_correct_to_pass()
    tm.correct_to_pass()
    assert tm.entries()[0] == (1, "Jonas passes")
    tm.start_correcting(1)
    tm.cancel()
    assert tm.mode == Playing() and not tm.editable(5)


def test_a_failed_commit_says_not_saved_and_shows_nothing_as_accepted(store, monkeypatch):
    """A full disk, a lock held too long: the tap is not shown as accepted."""
    from models import StoreFault

    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"], lang="lt")
    told = []
    tm.on_stored = lambda: told.append("stored")

    def full(raw, revision=None):
        raise StoreFault("full", store.path, "database or disk is full")

    monkeypatch.setattr(tm.keeper, "add_entry", full)
    tm.tap_card("9H")
    assert tm.notice.kind == "refused"
    assert tm.notice.text.startswith("Neįrašyta: Diskas, kuriame yra")
    assert tm.entries() == [] and told == []
    monkeypatch.undo()
    tm.tap_card("9H")  # once there is room, the same tap goes in, and other screens hear
    assert tm.notice is None and tm.entries() == [(1, "Jonas – širdžių devynakė")]
    assert told == ["stored"]


def test_a_screen_behind_another_is_told_and_redrawn(store, tmp_path):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    other = Store(tmp_path / "partija.db")
    other.resume(tm.keeper.match_id).add_entry({"type": "play", "player": 1, "card": "9H"})
    tm.tap_card("9S")  # from the old picture: nobody had played yet
    assert tm.notice.kind == "info" and tm.notice.text.startswith("Another screen")
    assert tm.entries() == [(1, "Jonas plays 9 of hearts")]
    other.resume(tm.keeper.match_id).add_entry({"type": "play", "player": 2, "card": "10H"})
    tm.refresh_from_store()  # what PubSub calls when another tab of this server stored
    assert tm.notice.text.startswith("Another screen changed this match")
    assert [n for n, _ in tm.entries()] == [1, 2]
    other.close()


def test_a_tap_is_taken_as_made_on_the_picture_the_screen_showed(store, tmp_path):
    """Another tab's entry read in (PubSub) redraws this screen, but until the client has
    drawn it a tap means what the old picture showed: refused, saying what was recorded."""
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    other = Store(tmp_path / "partija.db")
    other.resume(tm.keeper.match_id).add_entry({"type": "play", "player": 1, "card": "9H"})
    tm.refresh_from_store()
    tm.tap_card("10H")  # the picture still had Jonas to play: not Rūta's card
    assert tm.notice.text.startswith("Another screen has just recorded: Jonas plays 9 of hearts")
    assert tm.entries() == [(1, "Jonas plays 9 of hearts")]
    tm.shown(tm.keeper.revision)  # the client drew the new picture
    tm.tap_card("10H")
    assert tm.notice is None and [n for n, _ in tm.entries()] == [1, 2]
    assert tm.keeper.match.deals[0].accepted[-1][1].player == 2
    other.close()


def test_ending_a_match_asks_and_can_be_taken_back(store, tmp_path):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    tm.tap_card("9H")
    tm.ask("stop")
    assert tm.confirming == "stop" and not tm.match.stopped  # one tap only asks
    tm.keep_playing()
    assert tm.confirming is None and not tm.match.stopped
    tm.ask("stop")
    tm.confirm()
    assert tm.match.stopped and tm.match.finished
    assert tm.undo_label() == "Undo: end of match"
    tm.undo()  # takes back the end, not the card
    assert not tm.match.stopped and not tm.match.finished
    assert tm.entries() == [(1, "Jonas plays 9 of hearts")]
    assert tm.notice.text == "The match goes on where it was ended."
    # and from the history, after a restart: the match reopened goes on
    tm.ask("stop")
    tm.confirm()
    other = Store(tmp_path / "partija.db")
    [summary] = other.list_matches()
    assert summary.stopped
    again = TableModel(other.resume(summary.id), "en")
    again.reopen()
    assert not again.match.stopped
    again.tap_card("10H")
    assert again.notice is None and [n for n, _ in again.entries()] == [1, 2]
    [summary] = other.list_matches()
    assert not summary.stopped and summary.status == "open"
    other.close()


def test_a_language_switch_keeps_the_banner_in_the_new_language(store, tmp_path):
    from app.model import AppModel

    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"], lang="lt")
    tm.tap_card("10H")
    assert tm.notice.text.startswith("Pirmoji korta turi būti devynakė")
    app = AppModel.start(store, None, local=True)
    app.table = tm
    app.set_language("en")
    assert tm.notice is not None and tm.notice.kind == "refused"
    assert not tm.notice.text.startswith("Pirmoji") and "nine" in tm.notice.text
    app.set_language("lt")
    assert tm.notice.text.startswith("Pirmoji korta turi būti devynakė")


def test_ramsas_entries_are_grouped_by_trick(store):
    from app.table import state as table_state

    tm = ramsas_deal_played(store)
    lines = list(reversed(table_state.entry_lines(tm)))  # in the order entered
    groups = [line.group for line in lines]
    assert groups[0] == 0  # the trump card belongs to no trick
    assert groups == sorted(groups) and max(groups) == len(tm.deal.view().trick_leads)
    plays = [line.group for line in lines if line.group]
    assert all(plays.count(n) == 2 for n in set(plays))  # two players: two cards a trick


def test_a_phone_shows_the_entry_list_and_scores_when_asked(store):
    tm = table(store, "devynake", ["Ona", "Jonas", "Rūta"])
    assert not tm.show_lists
    tm.toggle_lists()
    assert tm.show_lists
    tm.tap_card("9H")  # a tap leaves the choice as it was
    assert tm.show_lists
    tm.toggle_lists()
    assert not tm.show_lists


def test_violations_wait_one_at_a_time_saying_how_many_more():
    from controls import drawn, texts
    from flet.components.component import Renderer

    from app.table.notices import ViolationPanel
    from app.table.state import PendingViolation

    def panel(count: int) -> tuple[list[str], list[object]]:
        items = tuple(
            PendingViolation((0, n, n + 1, "revoke"), f"Visas {n}", True, f"Pažeidimas {n}")
            for n in range(count)
        )
        component = Renderer().render(
            lambda: ViolationPanel(items, "lt", lambda key: None, lambda key: None, lambda: None)
        )
        body = Renderer().render(component.fn, *component.args)
        return [t.value for t in texts(body)], drawn(body)

    words, controls = panel(4)
    assert any("Pažeidimas 0" in w for w in words)
    assert not any("Pažeidimas 1" in w for w in words)  # the next one waits its turn
    assert any(w.endswith("Dar 3 pažeidimai laukia sprendimo") for w in words)
    stands = [c for c in controls if getattr(c, "identifier", None) == "action-let-stand"]
    assert len(stands) == 1
    words, _ = panel(1)
    assert not any(w.startswith("Dar ") for w in words)
