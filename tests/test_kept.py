"""``app.kept``: a drawing is handed back the controls and components of the last one
while they would show the same, and fresh ones where anything differs."""

from __future__ import annotations

import flet as ft

from app.kept import Kept, Same


def words(text: str) -> ft.Text:
    return ft.Text(text)


def test_a_control_is_kept_while_its_key_is_asked_for_in_every_drawing():
    kept = Kept()
    first = kept.get("a", words, "a")
    kept.done()
    assert kept.get("a", words, "a") is first
    kept.done()
    kept.done()  # a drawing that did not ask for it lets it go
    assert kept.get("a", words, "a") is not first


def test_one_key_twice_in_a_drawing_gives_two_controls():
    kept = Kept()
    assert kept.get("a", words, "a") is not kept.get("a", words, "a")


def test_a_component_called_with_equal_arguments_is_the_same_object():
    kept = Kept()
    first = kept.call("slot", words, "a")
    kept.done()
    again = kept.call("slot", words, "a")
    kept.done()
    changed = kept.call("slot", words, "b")
    assert again is first
    assert changed is not first and changed.value == "b"


def test_a_slot_called_twice_in_a_drawing_keeps_the_first_call():
    kept = Kept()
    first = kept.call("slot", words, "a")
    kept.done()
    other = kept.call("slot", words, "b")
    same_again = kept.call("slot", words, "a")  # the slot is taken in this drawing
    kept.done()
    assert other is not first and same_again is not first
    assert kept.call("slot", words, "b") is other


def test_a_call_with_another_component_is_not_kept():
    kept = Kept()
    first = kept.call("slot", words, "a")
    kept.done()
    assert kept.call("slot", lambda text: ft.Text(text), "a") is not first


def test_a_kept_handler_calls_what_the_latest_drawing_gave():
    kept = Kept()
    calls: list[str] = []
    made = kept.handler("tap", lambda code: calls.append(f"first {code}"))
    kept.done()
    kept.handler("tap", lambda code: calls.append(f"second {code}"))
    made("AS")  # the handler of the first drawing, held by a control kept since
    kept.done()
    made("KH")  # a drawing that gave none for the slot: the one before still stands
    kept.done()
    made("QD")  # two drawings without it: nothing is called
    assert calls == ["second AS", "second KH"]


def test_handlers_of_two_slots_are_apart():
    kept = Kept()
    calls: list[str] = []
    tap = kept.handler("tap", lambda: calls.append("tap"))
    undo = kept.handler("undo", lambda: calls.append("undo"))
    undo()
    tap()
    assert calls == ["undo", "tap"]


def row(items: Same[ft.Control]) -> ft.Row:
    return ft.Row(list(items))


def test_controls_given_as_same_keep_a_call_only_while_they_are_the_very_same():
    kept = Kept()
    button, other = words("Pass"), words("Draw")
    first = kept.call("row", row, Same([button, other]))
    kept.done()
    assert kept.call("row", row, Same([button, other])) is first
    kept.done()
    # An equal control made anew is another control: the call is made again.
    assert kept.call("row", row, Same([button, words("Draw")])) is not first
    assert Same([button]) != Same([button, other])
    assert Same([button]) != (button,)
