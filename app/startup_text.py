"""The web client's start text in the app's language: „Kraunama…", not Flet's "Working...".

Between the page's own splash and the app's first screen, Flet's web client shows
a spinner with a text of its own. Flet 1.0.5 lets a built app (``flet build``) set
that text, but the client it serves to a browser carries it compiled in, in
English; so the server hands out the client's program with that one text
replaced. Chromium runs the WebAssembly build (``main.dart.wasm``), where the
text is the name of an imported string constant, in the import section; other
browsers run the JavaScript build (``main.dart.js``), where it is a literal.

The page itself (``index.html``, served for every address of the app) gets the
same words for its splash's label, which a screen reader says, and the language's
code on its ``<html>`` element.

The language is the one the database's settings name, as the first screen's is;
else the app's first language (a browser's own is not known before the app
runs). Anything not as expected – the text not found once, a section not where
it should be – serves the client as it is: an English word is better than no app.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Callable
from enum import StrEnum
from functools import cache
from pathlib import Path

from app.i18n import tr
from app.server import ASGIApp, Message, Receive, Scope, Send

FLET_TEXT = "Working..."
IMPORT_SECTION = 2  # the WebAssembly binary's id of its import section
WASM_HEADER = 8  # magic number and version
NO_CACHE = b"no-cache"  # the same address answers in either language: always ask again


class Client(StrEnum):
    """The files of the web client that carry the start text, by address."""

    WASM = "/main.dart.wasm"
    JS = "/main.dart.js"


MEDIA = {Client.WASM: b"application/wasm", Client.JS: b"text/javascript; charset=utf-8"}


def leb128(value: int) -> bytes:
    """An unsigned integer as WebAssembly writes it."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def read_leb128(data: bytes, at: int) -> tuple[int, int]:
    """The unsigned integer at ``at`` and where the next field starts."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def name(text: str) -> bytes:
    """A WebAssembly name: its UTF-8 length, then its bytes."""
    raw = text.encode("utf-8")
    return leb128(len(raw)) + raw


def patched_wasm(data: bytes, text: str) -> bytes:
    """The WebAssembly client with its start text ``text``; unchanged when the import of
    Flet's text (module "", field "Working...") is not in its import section once."""
    at = WASM_HEADER
    while at < len(data):
        section = data[at]
        size, start = read_leb128(data, at + 1)
        end = start + size
        if section == IMPORT_SECTION:
            old = name("") + name(FLET_TEXT)
            body = data[start:end]
            if body.count(old) != 1:
                return data
            body = body.replace(old, name("") + name(text))
            return data[:at] + bytes([section]) + leb128(len(body)) + body + data[end:]
        at = end
    return data


def patched_js(data: bytes, text: str) -> bytes:
    """The JavaScript client with its start text ``text``; unchanged when Flet's text is
    not in it once."""
    old = json.dumps(FLET_TEXT).encode()
    if data.count(old) != 1:
        return data
    return data.replace(old, json.dumps(text, ensure_ascii=False).encode())


@cache
def client(folder: Path, file: Client, text: str) -> tuple[bytes, bytes]:
    """A client file of Flet's web client in ``folder``, with its start text ``text``;
    and its entity tag, which changes with every byte of it."""
    data = (folder / file.lstrip("/")).read_bytes()
    body = patched_wasm(data, text) if file is Client.WASM else patched_js(data, text)
    return body, b'"' + hashlib.blake2b(body, digest_size=16).hexdigest().encode() + b'"'


def served_language() -> str:
    """The language the database's settings name, else the app's first language."""
    from app.run import first_language
    from models.peek import home

    first = home(0)
    return first_language(first.settings if first is not None else {}, web=True)


FLET_LABEL = b'aria-label="Loading"'  # the page's splash, for a screen reader
HTML_TAG = b"<html>"
REPLACED = (b"content-length", b"etag", b"last-modified", b"cache-control")


def patched_page(data: bytes, lang: str, text: str) -> bytes:
    """Flet's page with its splash's label ``text`` and its language ``lang``; what is not
    found in it once is left as it is."""
    label = f'aria-label="{html.escape(text)}"'.encode()
    if data.count(FLET_LABEL) == 1:
        data = data.replace(FLET_LABEL, label)
    if data.count(HTML_TAG) == 1:
        data = data.replace(HTML_TAG, f'<html lang="{lang}">'.encode())
    return data


class StartupText:
    """ASGI middleware: the web client's program files, with the start text in the
    language ``language()`` names; and its page, with that text and language."""

    def __init__(self, app: ASGIApp, folder: Path, language: Callable[[], str]) -> None:
        self.app = app
        self.folder = folder  # Flet's web client
        self.language = language

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if path not in set(Client):
            if scope["method"] == "GET":  # the language is looked up for a page only
                send = PageSend(send, self.language)
            await self.app(scope, receive, send)
            return
        file = Client(path)
        body, tag = client(self.folder, file, tr(self.language(), "app.loading"))
        # Asked again every time, but answered "not modified" while the browser holds
        # these very bytes: it then keeps the 8.5 MB client and the code it compiled
        # from it, instead of fetching and compiling it anew at every start.
        if tag in if_none_match(scope):
            headers = [(b"etag", tag), (b"cache-control", NO_CACHE)]
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        headers = [
            (b"content-type", MEDIA[file]),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", NO_CACHE),
            (b"etag", tag),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send(
            {"type": "http.response.body", "body": body if scope["method"] == "GET" else b""}
        )


def if_none_match(scope: Scope) -> list[bytes]:
    """The entity tags the request says the browser holds."""
    return [
        tag.strip()
        for key, value in scope.get("headers", [])
        if key.lower() == b"if-none-match"
        for tag in value.split(b",")
    ]


class PageSend:
    """``send`` for one response: an HTML page is held until its last part, then sent
    patched (``patched_page``) with its length told anew; any other goes on as it comes."""

    def __init__(self, send: Send, language: Callable[[], str]) -> None:
        self.send = send
        self.language = language
        self.start: Message | None = None  # the page's start, held with its body
        self.body = b""

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start" and is_html(message):
            self.start = message
            return
        if self.start is None or message["type"] != "http.response.body":
            await self.send(message)
            return
        self.body += message.get("body", b"")
        if message.get("more_body", False):
            return
        lang = self.language()
        body = patched_page(self.body, lang, tr(lang, "app.loading"))
        # Its validators were the file's: this page is not that file, in any language.
        headers = [(k, v) for k, v in self.start["headers"] if k.lower() not in REPLACED]
        headers += [(b"content-length", str(len(body)).encode()), (b"cache-control", NO_CACHE)]
        await self.send({**self.start, "headers": headers})
        await self.send({"type": "http.response.body", "body": body})


def is_html(start: Message) -> bool:
    return any(
        key.lower() == b"content-type" and value.startswith(b"text/html")
        for key, value in start.get("headers", [])
    )
