"""The web client's start text is the app's, in the app's language: never Flet's "Working...".

The served client files are read over HTTP from the running server (both builds:
WebAssembly, which Chromium runs, and JavaScript); a real Chromium, whose
connection to the app is held back so the start screen stays, shows the text.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from webapp import PHONE, WAIT_MS, browser_page, need_browser, serve, shot

from app.startup_text import (
    FLET_TEXT,
    Client,
    client,
    leb128,
    name,
    patched_js,
    patched_page,
    patched_wasm,
    read_leb128,
)
from models import Store

LT, EN = "Kraunama…", "Loading…"


def wasm(*sections: tuple[int, bytes]) -> bytes:
    """A WebAssembly binary of these (id, body) sections."""
    out = b"\0asm\1\0\0\0"
    for section, body in sections:
        out += bytes([section]) + leb128(len(body)) + body
    return out


def text_import(text: str) -> bytes:
    """An import section with one string constant: module "", field ``text``, an
    immutable (ref extern) global, as dart2wasm writes it."""
    return leb128(1) + name("") + name(text) + b"\x03\x64\x6f\x00"


def sections(data: bytes) -> list[tuple[int, bytes]]:
    found, at = [], 8
    while at < len(data):
        size, start = read_leb128(data, at + 1)
        found.append((data[at], data[start : start + size]))
        at = start + size
    return found


def test_the_import_of_flets_text_is_renamed_and_the_sections_stay_whole():
    long = "Ž" * 70  # a longer name: the section's size takes two bytes now
    before = wasm((1, b"\x01\x60\x00\x00"), (2, text_import(FLET_TEXT)), (10, b"\x00"))
    for text in (LT, long):
        after = patched_wasm(before, text)
        assert sections(after) == [(1, b"\x01\x60\x00\x00"), (2, text_import(text)), (10, b"\x00")]
    assert len(leb128(len(text_import(long)))) == 2 > len(leb128(len(text_import(FLET_TEXT))))


def test_a_client_not_as_expected_is_served_as_it_is():
    twice = wasm((2, text_import(FLET_TEXT) + name("") + name(FLET_TEXT)))
    assert patched_wasm(twice, LT) == twice
    elsewhere = wasm((10, name("") + name(FLET_TEXT)))  # the name outside the imports
    assert patched_wasm(elsewhere, LT) == elsewhere
    assert patched_js(b'x=[30,"Working..."];', LT) == 'x=[30,"Kraunama…"];'.encode()
    assert patched_js(b'"Working...";"Working..."', LT) == b'"Working...";"Working..."'


def fetch(url: str, file: str) -> bytes:
    with urllib.request.urlopen(url + file, timeout=WAIT_MS / 1000) as answer:
        assert answer.headers["Cache-Control"] == "no-cache"  # the language may change
        return bytes(answer.read())


def asked_again(url: str, file: str) -> tuple[int, bytes]:
    """The client file fetched, then asked for again with its entity tag: the second
    answer's status and body."""
    with urllib.request.urlopen(url + file, timeout=WAIT_MS / 1000) as answer:
        tag = answer.headers["ETag"]
        answer.read()
    again = urllib.request.Request(url + file, headers={"If-None-Match": tag})
    try:
        with urllib.request.urlopen(again, timeout=WAIT_MS / 1000) as answer:
            return answer.status, bytes(answer.read())
    except urllib.error.HTTPError as answer:  # urllib counts a 304 as an error
        return answer.code, bytes(answer.read())


def choose(folder: Path, lang: str) -> None:
    store = Store(folder / "partija.db")
    try:
        store.save_setting("lang", lang)
    finally:
        store.close()


@pytest.mark.parametrize("lang, text", [(None, LT), ("lt", LT), ("en", EN)])
def test_the_served_client_says_loading_in_the_chosen_language(tmp_path, lang, text):
    if lang is not None:
        choose(tmp_path, lang)
    with serve(tmp_path) as url:
        client = fetch(url, "main.dart.wasm")
        assert client.startswith(b"\0asm") and name("") + name(text) in client
        assert FLET_TEXT.encode() not in client
        script = fetch(url, "main.dart.js")
        assert f'[30,"{text}"]'.encode() in script and FLET_TEXT.encode() not in script
        for file in ("main.dart.wasm", "main.dart.js"):  # a browser that has it keeps it
            assert asked_again(url, file) == (304, b"")
        for address in ("", "settings"):  # the page, for every address of the app
            page = fetch(url, address).decode()
            assert f'<html lang="{lang or "lt"}">' in page
            assert f'aria-label="{text}"' in page and 'aria-label="Loading"' not in page
            assert "<title>Partija</title>" in page


def test_the_client_in_another_language_is_another_entity(tmp_path):
    """A browser that holds the Lithuanian client is sent the English one whole."""
    (tmp_path / "main.dart.js").write_bytes(b'x=[30,"Working..."];')
    lt, lt_tag = client(tmp_path, Client.JS, LT)
    en, en_tag = client(tmp_path, Client.JS, EN)
    assert lt != en and lt_tag != en_tag
    assert client(tmp_path, Client.JS, LT) == (lt, lt_tag)


def test_a_page_not_as_expected_is_served_as_it_is():
    page = b'<html><div aria-label="Loading"></div></html>'
    assert (
        patched_page(page, "lt", LT)
        == '<html lang="lt"><div aria-label="Kraunama…"></div></html>'.encode()
    )
    twice = b"<html><html>"
    assert patched_page(twice, "en", EN) == twice


def test_a_lithuanian_player_sees_kraunama_while_the_app_starts(tmp_path):
    need_browser()
    # A page of its own: the stopped socket stays with the page.
    with serve(tmp_path) as url, browser_page(PHONE, fresh=True) as page:
        page.route_web_socket("**/ws", lambda socket: None)  # the app never answers
        page.goto(url)
        page.wait_for_function("document.getElementById('loading') === null")
        placeholder = page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached")
        placeholder.dispatch_event("click")  # the start screen's text into the page's tree
        page.get_by_text(LT, exact=True).first.wait_for()
        assert page.get_by_text("Working", exact=False).count() == 0
        shot(page, "startup-phone-lt")
