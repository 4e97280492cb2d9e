"""Table options ("house rules"): names, defaults and allowed values per game.

Each option declares its values: a list of ``choices`` (true/false for a
switch), a whole number from ``minimum`` (and ``None`` where the option is
``open_ended``), or a list of such numbers (``listed``) at most as long as
``max_items`` gives for the seats. A choice may cap the seats (``max_seats``:
two decks of Bumas seat ten). The referee, the new-match form and Home all read these
declarations; a record naming an unknown option or giving a value the option
does not declare is not a valid record. What an option means, in words, is in
the catalogues (``help_text``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError
from .i18n import tr

__all__ = [
    "COMMON",
    "Option",
    "OptionError",
    "check",
    "help_text",
    "listed",
    "resolve",
    "switch",
    "whole",
]

SWITCH = (True, False)


def same(a: Any, b: Any) -> bool:
    """Equal and of one type: in Python ``True == 1``, but ``true`` is not the number 1."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class Option:
    """One option: ``default`` may depend on the number of seats."""

    name: str
    default: Any | Callable[[int], Any]
    choices: tuple[Any, ...] = ()  # the values allowed; none: a whole number from ``minimum``
    minimum: int = 1
    open_ended: bool = False  # ``None`` is allowed too (no limit)
    max_seats: tuple[int, ...] = ()  # per choice, the most seats it allows
    # A list of whole numbers from ``minimum``, one to ``max_items(seats)`` long.
    max_items: Callable[[int], int] | None = None

    def __post_init__(self) -> None:
        if self.max_seats and len(self.max_seats) != len(self.choices):
            raise ValueError(f"option {self.name}: one seat limit per choice")

    @property
    def listed(self) -> bool:
        """The value is a list of whole numbers, not one value."""
        return self.max_items is not None

    @property
    def switch(self) -> bool:
        """On or off (true or false), rather than one of several values."""
        return all(type(c) is bool for c in self.choices) and len(self.choices) == 2

    def allows(self, value: Any, seats: int | None = None) -> bool:
        """Whether the option may take ``value``; a list's length is checked against
        ``seats`` when they are known."""
        if self.choices:
            return any(same(value, c) for c in self.choices)
        if self.max_items is not None:
            return (
                type(value) is list
                and len(value) >= 1
                and (seats is None or len(value) <= self.max_items(seats))
                and all(type(v) is int and v >= self.minimum for v in value)
            )
        if value is None:
            return self.open_ended
        return type(value) is int and value >= self.minimum

    def default_for(self, seats: int) -> Any:
        value = self.default(seats) if callable(self.default) else self.default
        return list(value) if type(value) is list else value  # each match its own list

    def seat_cap(self, value: Any) -> int | None:
        """The most seats ``value`` allows, if this option limits them."""
        if not self.max_seats:
            return None
        for choice, cap in zip(self.choices, self.max_seats):
            if same(value, choice):
                return cap
        return None


def whole(name: str, default: Any, minimum: int = 1, open_ended: bool = False) -> Option:
    """An option whose value is a whole number from ``minimum``."""
    return Option(name, default, minimum=minimum, open_ended=open_ended)


def listed(
    name: str, default: list[int], max_items: Callable[[int], int], minimum: int = 1
) -> Option:
    """An option whose value is a list of whole numbers from ``minimum``, one to
    ``max_items(seats)`` long."""
    return Option(name, default, minimum=minimum, max_items=max_items)


def switch(name: str, default: bool) -> Option:
    """An option that is on or off."""
    return Option(name, default, choices=SWITCH)


COMMON = (
    Option("violation_penalty", "flag", choices=("flag", "annul", "points")),
    whole("penalty_points", 5, minimum=0),
)


def help_text(game: str, option: Option, lang: str) -> str:
    """What ``option`` means, in ``lang``: ``help.<option>`` for an option every game has,
    ``help.<game>.<option>`` for one of ``game``'s own (two games may mean different
    things by one name: Ramsas's and Pradeda devynakė's ``deck``)."""
    if option in COMMON:
        return tr(lang, f"help.{option.name}")
    return tr(lang, f"help.{game}.{option.name}")


def check(options: tuple[Option, ...], given: Any, seats: int | None = None) -> Mapping[str, Any]:
    """The given options, each known and with a value it allows (for ``seats``, when they
    are known); else ``OptionError``."""
    if not isinstance(given, dict):
        raise OptionError("options_not_object")
    known = {o.name: o for o in options}
    for name, value in given.items():
        if name not in known:
            raise OptionError("unknown_option", name=name)
        if not known[name].allows(value, seats):
            raise OptionError("bad_option", name=name, value=value)
    return given


def resolve(options: tuple[Option, ...], given: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """All option values for a match: the given ones (``check``ed), the rest defaulted."""
    return {o.name: given[o.name] if o.name in given else o.default_for(seats) for o in options}
