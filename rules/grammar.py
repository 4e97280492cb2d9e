"""Grammatical gender of players, so a sentence about them agrees.

Lithuanian says "jo kortos" of Jonas and "jos kortos" of Rūta; English needs
the same for "his" and "her". The catalogues keep each wording
(``rules.i18n``); this module says which one a seat takes. A name does not
always tell: the roster keeps each player's gender, and a name carries it as
a ``Name`` wherever the table shows names, so every sentence built from that
name agrees without being told separately.
"""

from __future__ import annotations

from collections.abc import Sequence

MASCULINE, FEMININE = "m", "f"
GENDERS = (MASCULINE, FEMININE)

# Men's names that end in -a as women's do: Lithuanian, and the Slavic and other names
# a Lithuanian table meets. The roster, or a record's ``genders``, settles any other.
MEN_IN_A = frozenset(
    {
        *("jogaila", "skirgaila", "švitrigaila", "vaišvila", "mykola", "mikola", "jona"),
        *("luka", "luca", "nikita", "ilja", "danila", "kosta", "saša", "miša", "foma"),
        *("andrea", "joshua", "ezra", "attila", "mustafa", "musa", "isa"),
    }
)


def guess_gender(name: str) -> str:
    """A gender from the first name alone, until someone says otherwise.

    Lithuanian feminine given names end in -a or -ė (Rūta, Ona, Eglė), but not
    the men's names of ``MEN_IN_A`` (Jogaila, Mykola, Luka, Nikita), and a name of
    one letter ("A", "B.") is no name of a woman; every other name, a foreign one
    too, is taken as masculine.
    """
    words = name.split()
    first = words[0].casefold() if words else ""
    if sum(char.isalpha() for char in first) <= 1 or first in MEN_IN_A:
        return MASCULINE
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
