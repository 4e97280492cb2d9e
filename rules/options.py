"""Table options ("house rules"): names, defaults and allowed values per game.

A record naming an unknown option or giving a bad value is not a valid
record; the check says which option and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class OptionError(ValueError):
    """An option a game does not have, or a value it does not allow."""


def whole(low: int = 1) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and v >= low


def one_of(*choices: Any) -> Callable[[Any], bool]:
    # `True == 1` in Python: compare types too, so `true` is not the number 1.
    return lambda v: any(type(v) is type(c) and v == c for c in choices)


def boolean(v: Any) -> bool:
    return type(v) is bool


@dataclass(frozen=True)
class Option:
    """One option: ``default`` may depend on the number of seats."""

    name: str
    default: Any | Callable[[int], Any]
    allowed: Callable[[Any], bool]
    help_en: str
    help_lt: str

    def default_for(self, seats: int) -> Any:
        return self.default(seats) if callable(self.default) else self.default


COMMON = (
    Option(
        "violation_penalty",
        "flag",
        one_of("flag", "annul", "points"),
        "What a proven violation does: flag it for the table, annul the deal, or cost points.",
        "Ką daro įrodytas pažeidimas: tik pažymimas, partija anuliuojama arba baudžiama taškais.",
    ),
    Option(
        "penalty_points",
        5,
        whole(0),
        "Points a proven violation costs, with the 'points' penalty.",
        "Kiek taškų kainuoja įrodytas pažeidimas, kai bauda – taškai.",
    ),
)


def resolve(options: tuple[Option, ...], given: Any, seats: int) -> dict[str, Any]:
    """All option values for a match: the given ones checked, the rest defaulted."""
    if not isinstance(given, dict):
        raise OptionError("options must be an object")
    known = {o.name: o for o in options}
    for name, value in given.items():
        if name not in known:
            raise OptionError(f"unknown option {name!r}")
        if not known[name].allowed(value):
            raise OptionError(f"option {name!r} cannot be {value!r}")
    return {o.name: given[o.name] if o.name in given else o.default_for(seats) for o in options}
