"""Grammatical gender of players and cards, so a sentence about them agrees.

Lithuanian says "jo kortos" of Jonas and "jos kortos" of Rūta, and a
participle takes the gender of the card it describes: "padėtas būgnų
tūzas", "padėta širdžių dama". English needs the same for "his" and "her".
A name does not always tell: the roster keeps each player's gender, and a
name carries it as a ``Name`` wherever the table shows names, so every
sentence built from that name agrees without being told separately.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from functools import cache

from .cards import ACE, JACK, KING, Card

MASCULINE, FEMININE = "m", "f"
GENDERS = (MASCULINE, FEMININE)

# Lithuanian rank nouns that are masculine (tūzas, karalius, valetas); dama and the
# number cards (dešimtakė … šešiakė) are feminine.
_MASCULINE_RANKS = frozenset({ACE, KING, JACK})


def guess_gender(name: str) -> str:
    """A gender from the first name alone, until someone says otherwise.

    Lithuanian feminine given names end in -a or -ė (Rūta, Ona, Eglė); every
    other name, a foreign one too, is taken as masculine.
    """
    words = name.split()
    first = words[0].casefold() if words else ""
    return FEMININE if first.endswith(("a", "ė")) else MASCULINE


class Name(str):
    """A player's name as text, knowing the grammatical gender it takes."""

    gender: str

    def __new__(cls, text: str, gender: str | None = None) -> Name:
        name = super().__new__(cls, text)
        name.gender = gender if gender in GENDERS else guess_gender(text)
        return name


def gender_of(name: str) -> str:
    """The gender a name carries, else the guess from its spelling."""
    return name.gender if isinstance(name, Name) else guess_gender(name)


def seat_genders(names: Sequence[str], genders: Sequence[str] | None = None) -> list[str]:
    """One gender per seat: as given, else as each name carries or suggests it."""
    given = list(genders or ())
    return [
        given[seat] if seat < len(given) and given[seat] in GENDERS else gender_of(name)
        for seat, name in enumerate(names)
    ]


# Which plural form a count takes, as gettext's Plural-Forms say it (the same rules as
# Babel's for these locales, which the app's catalogues use; a test keeps them equal).
PLURAL_RULES = {
    "en": "(n != 1)",
    "lt": "(n % 10 == 1 && (n % 100 < 11 || n % 100 > 19) ? 0 : "
    "n % 10 >= 2 && n % 10 <= 9 && (n % 100 < 11 || n % 100 > 19) ? 1 : 2)",
}


@cache
def _plural_rule(lang: str) -> Callable[[int], int]:
    return gettext.c2py(PLURAL_RULES[lang if lang in PLURAL_RULES else "en"])


def plural_form(lang: str, count: int) -> int:
    """The index of the form ``count`` takes: Lithuanian 1 korta (0), 2 kortos (1), 10 kortų (2)."""
    return _plural_rule(lang)(count)


def card_gender(card: Card) -> str:
    """The gender of the Lithuanian noun that names the card's rank."""
    return MASCULINE if card.rank in _MASCULINE_RANKS else FEMININE
