"""What a fault of the store means for the user: one line, in English or Lithuanian.

Every fault the store raises for the user to read (a database that cannot be opened,
a file written by a newer Partija or by another program, a lock, a full disk, a
damaged file, a match that is not there) is a ``Told``: a key naming its sentence and
the facts that fill it. ``message(lang)`` is that sentence as one line – a driver's
words that come with several lines (``PRAGMA integrity_check`` lists one problem a
line) are joined first – so the command line prints one line on stderr and the app
one sentence, each in the user's language.

Standard library only: ``models.peek`` and the command line's first checks use it
before SQLAlchemy is loaded.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

FULL_BELOW = 1 << 20  # a disk with less free than this is full, whatever the driver says

# (English, Lithuanian) for each key.
TEXTS: dict[str, tuple[str, str]] = {
    "busy": (
        "{file} is busy: another program has been writing to it for {seconds:g} s. "
        "Close it, or wait, and try again.",
        "{file} užimta: kita programa į ją rašo jau {seconds:g} s. "
        "Uždarykite ją arba palaukite ir bandykite dar kartą.",
    ),
    "read_only": (
        "{file} cannot be written (read-only file or folder). Allow writing or choose "
        "another file with --db.",
        "Į {file} negalima rašyti (failas ar aplankas tik skaitomas). Leiskite rašyti arba "
        "pasirinkite kitą failą su --db.",
    ),
    "full": (
        "The disk holding {file} is full. Free some space and try again.",
        "Diskas, kuriame yra {file}, pilnas. Atlaisvinkite vietos ir bandykite dar kartą.",
    ),
    "schema": (
        "{file} is missing a part of its tables ({detail}). Restore it from a backup, or "
        "start with a new file (--db) and import your exported matches.",
        "{file} trūksta dalies lentelių ({detail}). Atkurkite ją iš atsarginės kopijos arba "
        "pradėkite naują failą (--db) ir importuokite eksportuotus žaidimus.",
    ),
    "damaged": (
        "{file} is damaged ({detail}). Close Partija and open it again: a damaged file is "
        "set aside and what can be read is kept.",
        "{file} sugadinta ({detail}). Uždarykite Partiją ir atidarykite iš naujo: sugadintas "
        "failas padedamas į šalį, o tai, ką galima perskaityti, išsaugoma.",
    ),
    "io": (
        "{file} could not be read or written ({detail}). Check the disk and try again.",
        "Nepavyko skaityti ar rašyti {file} ({detail}). Patikrinkite diską ir bandykite dar kartą.",
    ),
    "unavailable": (
        "{file} cannot be used ({detail}).",
        "{file} negalima naudoti ({detail}).",
    ),
    "folder": (
        "{file}: the folder cannot be created ({detail}). Choose another file with --db.",
        "{file}: nepavyksta sukurti aplanko ({detail}). Pasirinkite kitą failą su --db.",
    ),
    "not_server": (
        "{file}: not a database Partija can use; give a file, or a PostgreSQL URL "
        "(postgresql+psycopg://user@host/dbname).",
        "{file}: ne duomenų bazė, kurią Partija gali naudoti; nurodykite failą arba "
        "PostgreSQL adresą (postgresql+psycopg://naudotojas@serveris/bazė).",
    ),
    "no_driver": (
        "{file} is a PostgreSQL database, and its driver is not installed: run "
        "uv sync --group club (or pip install 'psycopg[binary]') and try again.",
        "{file} yra PostgreSQL duomenų bazė, o jos tvarkyklė neįdiegta: paleiskite "
        "uv sync --group club (arba pip install 'psycopg[binary]') ir bandykite dar kartą.",
    ),
    "unreachable": (
        "The database server of {file} cannot be reached ({detail}). Check that it is "
        "running and the address is right, and try again.",
        "Nepavyksta pasiekti {file} duomenų bazės serverio ({detail}). Patikrinkite, ar jis "
        "veikia ir ar adresas teisingas, ir bandykite dar kartą.",
    ),
    "timeout": (
        "The database server of {file} did not finish in {seconds:g} s ({detail}). "
        "Try again; if it goes on, ask whoever runs the server.",
        "{file} duomenų bazės serveris neatsakė per {seconds:g} s ({detail}). Bandykite dar "
        "kartą; jei kartojasi, kreipkitės į serverio prižiūrėtoją.",
    ),
    "foreign": (
        "{file} is not a Partija database (it has other tables); choose another file with --db.",
        "{file} nėra Partijos duomenų bazė (joje kitos lentelės); pasirinkite kitą failą su --db.",
    ),
    "newer": (
        "{file} was written by a newer version of Partija (schema {current}; this version "
        "knows up to {head}): update Partija to open it.",
        "{file} įrašė naujesnė Partijos versija (schema {current}; ši versija žino iki "
        "{head}): atnaujinkite Partiją, kad ją atidarytumėte.",
    ),
    "unknown_match": ("no match {match}", "žaidimo {match} nėra"),
    "club_name": ("the club needs a name", "klubui reikia pavadinimo"),
    "club_pin": (
        "the PIN must be at least {digits} digits",
        "PIN kodą turi sudaryti bent {digits} skaitmenys",
    ),
    "club_no_pin": (
        "give the PIN with --pin or $PARTIJA_CLUB_PIN",
        "nurodykite PIN kodą su --pin arba $PARTIJA_CLUB_PIN",
    ),
    "round_none": (
        "a round needs at least one table with players: --table NAME=PLAYER,PLAYER,...",
        "ratui reikia bent vieno stalo su žaidėjais: --table PAVADINIMAS=ŽAIDĖJAS,ŽAIDĖJAS,...",
    ),
    "round_twice": (
        "a table or a player is named twice in the round",
        "rate tas pats stalas ar žaidėjas nurodytas du kartus",
    ),
    "round_sizes": (
        "the movement needs tables with the same number of players",
        "persėdimui reikia stalų su vienodu žaidėjų skaičiumi",
    ),
    "round_unfinished": (
        "the round is still being played (tables: {tables}): let it end, or stop its matches first",
        "ratas dar žaidžiamas (stalai: {tables}): palaukite, kol baigs, arba pirma "
        "sustabdykite jo žaidimus",
    ),
    "round_no_last": (
        "there is no round to move on from: start one with --game and --table",
        "nėra rato, po kurio persėsti: pradėkite jį su --game ir --table",
    ),
    "club_none": (
        "this database has no club yet: run `main.py club init --name NAME --pin PIN` first",
        "šioje duomenų bazėje dar nėra klubo: pirma paleiskite "
        "`main.py club init --name PAVADINIMAS --pin PIN`",
    ),
    "club_web": (
        "--club serves the app to browsers: add --web",
        "--club rodo programą naršyklėms: pridėkite --web",
    ),
    "output": ("cannot write the output: {reason}", "nepavyksta išvesti: {reason}"),
    "backup_refused": (
        "{file} is not a backup this Partija can restore: {problem}. Nothing was changed.",
        "{file} nėra atsarginė kopija, kurią ši Partija gali atkurti: {problem}. "
        "Niekas nepakeista.",
    ),
    "backup_unreadable": (
        "{file} cannot be read ({detail}). Nothing was changed.",
        "Nepavyksta perskaityti {file} ({detail}). Niekas nepakeista.",
    ),
    "backup_unwritable": (
        "The backup {file} cannot be written ({detail}).",
        "Nepavyksta įrašyti atsarginės kopijos {file} ({detail}).",
    ),
}


def one_line(text: str) -> str:
    """``text`` on one line: SQLite's ``*** in database main ***`` heading dropped, line
    breaks and the runs of spaces around them made one space."""
    text = text.replace("*** in database main ***", " ")
    return " ".join(text.split())


class Told(Exception):
    """A fault told to the user: ``key`` names the sentence (``TEXTS``), ``facts`` fill it.

    ``str`` is the English line, for the log and for callers that have no language.
    """

    def __init__(self, key: str, **facts: object) -> None:
        self.key = key
        self.facts = facts
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        english, lithuanian = TEXTS[self.key]
        return one_line((lithuanian if lang == "lt" else english).format(**self.facts))


def disk_full(file: Path | str) -> bool:
    """Whether the disk holding ``file`` (or its nearest existing folder) is full.

    SQLite reports a write that found no space as "disk I/O error" as often as "disk is
    full" (a WAL index that cannot grow, a short write): the disk itself says which.
    """
    place = Path(file)
    while not place.exists() and place != place.parent:
        place = place.parent
    try:
        return shutil.disk_usage(place).free < FULL_BELOW
    except OSError:
        return False


def may_write(file: Path) -> bool:
    """Whether this process may write the file and its folder (a read-only one cannot)."""
    return os.access(file, os.W_OK) and os.access(file.parent, os.W_OK)
