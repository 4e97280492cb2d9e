"""The host names a served app answers to: loopback's own, and those it is given.

A browser tells the server which host it thinks it is talking to (the ``Host``
header, and ``Origin`` for a page's WebSocket). On loopback the names are
127.0.0.1, localhost and ::1 at the port served on. Served to other machines
(``--host``), the server answers only the names it was given: the public URL's
(``--public-url``) and each ``--allow-host``; without any it does not start, since
answering every name is what lets a DNS-rebinding page in. Kept apart from
``app.server`` so that the command line checks them without loading the server.
"""

from __future__ import annotations

import ipaddress
import urllib.parse
from collections.abc import Iterable

Host = tuple[str, int]  # a host name (lower case, IPv6 without brackets) and a port

LOOPBACK = ("127.0.0.1", "localhost", "::1")
DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}


class HostError(ValueError):
    """Served beyond loopback without a host name to answer, or given one that is no name."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def split_host(text: str, default_port: int) -> Host | None:
    """A ``Host`` header's (or an ``--allow-host``'s) name and port; None if it is neither."""
    try:
        parts = urllib.parse.urlsplit(f"//{text}")
        name, port = parts.hostname, parts.port
    except ValueError:  # a port that is no number, a bracket left open
        return None
    if not name or parts.netloc != text or "@" in text or any(c.isspace() for c in text):
        return None
    return name, port if port is not None else default_port


def named_hosts(public_url: str | None, allow: Iterable[str], port: int) -> list[Host]:
    """The hosts given by name: the public URL's and each ``--allow-host NAME[:PORT]``
    (without a port: the one served on)."""
    named = []
    if public_url:
        url = urllib.parse.urlsplit(public_url)
        found = (
            split_host(url.netloc, DEFAULT_PORTS[url.scheme])
            if url.scheme in ("http", "https")
            else None
        )
        if found is None:
            raise HostError(f"--public-url {public_url}: give it as http://NAME:PORT")
        named.append(found)
    for text in allow:
        found = split_host(text.strip().lower(), port)
        if found is None:
            raise HostError(f"--allow-host {text}: give a host name or address, NAME[:PORT]")
        named.append(found)
    return named


def url_of(host: Host) -> str:
    """The address a browser opens for this host (IPv6 in brackets; the port written out)."""
    name, port = host
    return f"http://[{name}]:{port}" if ":" in name else f"http://{name}:{port}"


def allowed_hosts(host: str, port: int, named: Iterable[Host] = ()) -> frozenset[Host]:
    """The hosts to answer when serving on ``host:port``: loopback's own names there, and
    the ``named`` ones. Beyond loopback there must be named ones (``HostError``)."""
    hosts = frozenset(named)
    if is_loopback(host):
        return hosts | {(name, port) for name in (*LOOPBACK, host.lower())}
    if not hosts:
        raise HostError(
            f"--host {host} serves other machines, so name the address their browsers "
            f"open: add --public-url http://NAME:{port} or --allow-host NAME (either may "
            "be given; --allow-host several times)"
        )
    return hosts
