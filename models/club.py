"""A club's server: its name, the operators' PIN and the secret behind the watch links.

Kept as the store's ``club`` setting, so it lives in the club's database with
everything else. The PIN is never stored: only an scrypt hash of it (memory-hard:
16 MiB a try, so a stolen database does not give up a four-digit PIN in a blink)
with its own salt; ``models.pin_gate`` slows guesses at the door down. A watch link
names its match and carries an HMAC of the match id under the club's secret: it
cannot be guessed, it needs no table of its own, and it opens that one match
read-only. The club's board (every table at once) has a link of the same kind.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .faults import Told

SETTING = "club"
# scrypt's cost: 2**14 × 8 × 128 bytes = 16 MiB of memory, about 50 ms a try here.
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
MIN_PIN = 4
TOKEN = re.compile(r"([1-9][0-9]{0,11})-([0-9a-f]{32})")  # a match id and its HMAC


class ClubError(Told, ValueError):
    """A club cannot be set up as asked (an empty name, a PIN too short, none given)."""


def _hash(pin: str, salt: bytes) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, dklen=32, maxmem=64 * 2**20, **SCRYPT)


class Role(StrEnum):
    """Who a PIN lets in: a table's operator, or the evening's organiser (who may open
    any table's match, whichever table his device is bound to)."""

    OPERATOR = "operator"
    ORGANISER = "organiser"


@dataclass(frozen=True)
class Club:
    name: str
    salt: bytes
    pin_hash: bytes
    secret: bytes
    # The organiser's PIN, hashed under a salt of its own: (salt, hash), or none set.
    organiser: tuple[bytes, bytes] | None = None

    @classmethod
    def new(cls, name: str, pin: str, secret: bytes | None = None) -> Club:
        """A club with this name and PIN; ``secret``: keep the old one, so that watch
        links already handed out stay good when only the PIN changes."""
        name = " ".join(name.split())
        if not name:
            raise ClubError("club_name")
        if len(pin) < MIN_PIN or not pin.isdigit():
            raise ClubError("club_pin", digits=MIN_PIN)
        salt = secrets.token_bytes(16)
        return cls(name, salt, _hash(pin, salt), secret or secrets.token_bytes(32))

    @classmethod
    def from_setting(cls, value: Any) -> Club | None:
        """The club kept in the setting, or None if the setting is not a club's."""
        try:
            organiser = None
            if value.get("organiser_hash"):
                organiser = (
                    bytes.fromhex(value["organiser_salt"]),
                    bytes.fromhex(value["organiser_hash"]),
                )
            return cls(
                str(value["name"]),
                bytes.fromhex(value["salt"]),
                bytes.fromhex(value["pin_hash"]),
                bytes.fromhex(value["secret"]),
                organiser,
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return None

    def with_organiser(self, pin: str) -> Club:
        """The club with the organiser's PIN set (as long as an operator's, at least)."""
        if len(pin) < MIN_PIN or not pin.isdigit():
            raise ClubError("club_pin", digits=MIN_PIN)
        salt = secrets.token_bytes(16)
        return replace(self, organiser=(salt, _hash(pin, salt)))

    def setting(self) -> dict[str, str]:
        kept = {
            "name": self.name,
            "salt": self.salt.hex(),
            "pin_hash": self.pin_hash.hex(),
            "secret": self.secret.hex(),
        }
        if self.organiser is not None:
            kept["organiser_salt"], kept["organiser_hash"] = (v.hex() for v in self.organiser)
        return kept

    def role(self, pin: str) -> Role | None:
        """Whom the PIN lets in, if anyone (the organiser's is checked first)."""
        if self.organiser is not None:
            salt, hashed = self.organiser
            if hmac.compare_digest(_hash(pin, salt), hashed):
                return Role.ORGANISER
        return Role.OPERATOR if self.pin_ok(pin) else None

    def pin_ok(self, pin: str) -> bool:
        return hmac.compare_digest(_hash(pin, self.salt), self.pin_hash)

    def _mac(self, match_id: int) -> str:
        digest = hmac.new(self.secret, f"watch:{match_id}".encode(), hashlib.sha256)
        return digest.hexdigest()[:32]

    def board_token(self) -> str:
        """The club board's link: every table at once, read-only, for a screen in the room."""
        return hmac.new(self.secret, b"board", hashlib.sha256).hexdigest()[:32]

    def is_board(self, token: str) -> bool:
        return hmac.compare_digest(token.encode(), self.board_token().encode())

    def watch_token(self, match_id: int) -> str:
        return f"{match_id}-{self._mac(match_id)}"

    def watched_match(self, token: str) -> int | None:
        """The match a watch token opens, or None for any text this club did not give.

        Only the exact shape ``watch_token`` writes is read (ASCII digits without a
        leading zero, a dash, 32 lower-case hex digits): ``str.isdigit`` would take
        '²', which ``int`` refuses, and ``hmac.compare_digest`` refuses non-ASCII text.
        """
        found = TOKEN.fullmatch(token)
        if found is None:
            return None
        match_id = int(found[1])
        return match_id if hmac.compare_digest(found[2], self._mac(match_id)) else None
