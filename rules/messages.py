"""Sentences for refusals and violations, in English and Lithuanian.

Each refusal names a *reason* (by default its code) and the facts that fill
the sentence. Names are kept in the nominative so that Lithuanian sentences
stay grammatical whatever the player is called; pronouns and participles
({his}, {he}, {him}, {placed}, {known}) agree with the player's and the
card's gender (``grammar``). A word that follows a count is written with its
plural forms, ``{left:korta|kortos|kortų}``, and takes the one the count needs.
"""

from __future__ import annotations

import errno
import json
import string
from collections.abc import Callable, Sequence
from typing import Any

from .cards import ACE, JACK, KING, QUEEN, Card, Suit, rank_name
from .codes import Code
from .entries import Refused
from .grammar import FEMININE, MASCULINE, card_gender, plural_form, seat_genders
from .knowledge import Violation

LANGUAGES = ("en", "lt")

# reason -> (English, Lithuanian). Placeholders: {player}, {other}, {card}, {suit}, …
MESSAGES: dict[str, tuple[str, str]] = {
    # Codes (the default reason of each refusal).
    "bad_event": ("This entry is not understood.", "Šis įrašas neaiškus."),
    "bad_card": (
        "That is not a card of this game's deck.",
        "Tokios kortos šio žaidimo kaladėje nėra.",
    ),
    "deal_over": ("This deal is already over.", "Ši partija jau baigta."),
    "match_over": ("The match is already over.", "Žaidimas jau baigtas."),
    "not_in_play": (
        "{player} is not in play in this deal.",
        "{player} šioje partijoje nebežaidžia.",
    ),
    "cannot_buy": ("{player} may not buy now.", "{player} dabar pirkti negali."),
    "cannot_fold": ("{player} may not fold.", "{player} negali atsisakyti žaisti."),
    "redeal_not_allowed": ("A redeal is not allowed now.", "Perdalinti dabar negalima."),
    "wrong_phase": (
        "That entry is not allowed at this point of the deal.",
        "Toks įrašas šiuo partijos metu negalimas.",
    ),
    "not_your_turn": (
        "It is {expected}'s turn, not {player}'s.",
        "Dabar eina {expected}, ne {player}.",
    ),
    "card_gone": ("{card} is already on the table.", "Korta {card} jau ant stalo."),
    "not_held": (
        "{player} cannot hold {card}: all {his} remaining cards are known.",
        "{player} tokios kortos turėti negali ({card}): visos {his} likusios kortos žinomos.",
    ),
    "must_lead_trump_ace": (
        "{player} holds the trump ace and must lead it.",
        "{player} turi kozirių tūzą ir privalo juo pradėti.",
    ),
    "must_follow": ("{player} must follow suit.", "{player} privalo dėti tą pačią spalvą."),
    "must_trump": ("{player} must play a trump.", "{player} privalo dėti kozirį."),
    "must_head": (
        "{player} must beat the best card of the suit led.",
        "{player} privalo mušti stipriausią išeitos spalvos kortą.",
    ),
    "must_overtrump": (
        "{player} must play a higher trump.",
        "{player} privalo dėti aukštesnį kozirį.",
    ),
    "not_playable": ("{card} does not fit here.", "Korta {card} čia netinka."),
    "must_draw": (
        "{player} cannot pass while the stock has cards: draw first.",
        "{player} negali praleisti, kol kaladėje yra kortų: pirma traukti.",
    ),
    "stock_empty": (
        "The stock has only {left} {left:card|cards}.",
        "Kaladėje liko tik {left} {left:korta|kortos|kortų}.",
    ),
    "hand_mismatch": (
        "These cards do not match {player}'s hand.",
        "Šios kortos nesutampa su tuo, ką turi {player}.",
    ),
    "not_jacks": ("Those are not the jacks required.", "Tai ne reikiami valetai."),
    # More precise reasons.
    "nothing_to_stand": (
        "No violation of entry {number} waits for the table's ruling.",
        "Įrašo nr. {number} pažeidimas sprendimo nelaukia.",
    ),
    "not_object": ("An entry must be an object with a type.", "Įrašas turi būti objektas su tipu."),
    "unknown_type": ("'{type}' is not an entry of this game.", "„{type}“ – ne šio žaidimo įrašas."),
    "foreign_field": (
        "This entry does not take the field '{field}'.",
        "Šis įrašas neturi lauko „{field}“.",
    ),
    "bad_field": (
        "The field '{field}' is missing or wrong.",
        "Laukas „{field}“ trūksta arba klaidingas.",
    ),
    "no_such_seat": ("There is no seat {seat} at this table.", "Prie stalo nėra vietos {seat}."),
    "not_a_card": ("'{text}' is not a card.", "„{text}“ – ne korta."),
    "not_in_deck": (
        "{card} is not in this game's deck.",
        "Šio žaidimo kaladėje tokios kortos nėra: {card}.",
    ),
    "no_deal": ("No deal has started.", "Partija dar neprasidėjo."),
    "out_of_cards": ("{player} has no cards left.", "{player} nebeturi kortų."),
    "first_nine": (
        "The first card must be a nine; {card} is not.",
        "Pirmoji korta turi būti devynakė, o {card} – ne.",
    ),
    "row_adjacent": (
        "{card} does not fit: the {suit} row needs {needs}.",
        "Korta {card} netinka: {suit} eilei reikia: {needs}.",
    ),
    "row_missing": (
        "{card} does not fit: the {suit} row starts with the nine.",
        "Korta {card} netinka: {suit} eilė pradedama devynake.",
    ),
    # Kortų domino and Bumas.
    "no_starter": ("Turn the starter card first.", "Pirmiausia atverčiama pradinė korta."),
    "starter_twice": ("The starter card is already on the table.", "Pradinė korta jau atversta."),
    "first_card": (
        "The first player puts down a card before anyone draws or passes.",
        "Pirmasis žaidėjas pirma padeda kortą; tik tada galima traukti ar praleisti.",
    ),
    "no_fit_left": (
        "{card} does not fit the left end ({face}): same suit or rank needed.",
        "Korta {card} netinka prie kairiojo galo ({face}): reikia tos pačios spalvos "
        "arba nominalo.",
    ),
    "no_fit_right": (
        "{card} does not fit the right end ({face}): same suit or rank needed.",
        "Korta {card} netinka prie dešiniojo galo ({face}): reikia tos pačios spalvos "
        "arba nominalo.",
    ),
    "pile_mismatch": (
        "{card} does not fit on {top}: same suit or rank needed.",
        "Korta {card} netinka ant viršutinės kortos ({top}): reikia tos pačios spalvos arba nominalo.",
    ),
    "no_suit_choice": (
        "Only a wild ace names a suit, not {card}.",
        "Spalvą skelbti gali tik tūzas, kai tūzai laisvi; ši korta – {card}.",
    ),
    "suit_not_named": (
        "{card} is wild here: name the suit it stands for.",
        "Tūzas čia laisvas: paskelbkite, kokios spalvos jis bus ({card}).",
    ),
    "multi_off": (
        "At this table one card is played per turn.",
        "Prie šio stalo per ėjimą dedama viena korta.",
    ),
    "one_rank": (
        "Cards played together must be of one rank.",
        "Kartu dedamos kortos turi būti vieno nominalo.",
    ),
    "more_than_held": (
        "{player} holds only {count} {count:card|cards}.",
        "{player} turi tik {count} {count:kortą|kortas|kortų}.",
    ),
    "must_reshuffle": (
        "{player} cannot pass: the pile under the top card becomes the stock; draw first.",
        "{player} negali praleisti: krūvelė po viršutine korta tampa kalade, pirma traukti.",
    ),
    "play_over": (
        "Play is over: every player still holding cards shows them.",
        "Ėjimai baigti: kas dar turi kortų, jas parodo.",
    ),
    "not_over": (
        "Hands are shown only when play is over.",
        "Kortos rodomos tik pasibaigus ėjimams.",
    ),
    "revealed_twice": (
        "{player} has already shown {his} cards.",
        "{player} jau parodė savo kortas.",
    ),
    "reveal_count": (
        "{player} holds {count} {count:card|cards}, not {given}.",
        "{player} turi {count} {count:kortą|kortas|kortų}, ne {given}.",
    ),
    # Ramsas.
    "trump_first": (
        "The deal begins with the dealer's trump card.",
        "Partija pradedama dalintojui parodžius kozirį.",
    ),
    "trump_shown": ("The trump card has already been shown.", "Koziris jau parodytas."),
    "buying_now": (
        "The pirkinys is being bought: buy or decline first.",
        "Dabar perkamas pirkinys: pirma pirkti arba nepirkti.",
    ),
    "buying_over": ("Buying is over.", "Pirkimas jau baigtas."),
    "folding_over": ("Everyone has already said whether he plays.", "Visi jau pasakė, ar žais."),
    "jacks_window": (
        "Jacks are shown after the fold round and before the first card.",
        "Valetai rodomi, kai visi pasakė, ar žais, ir dar nepadėta pirmoji korta.",
    ),
    "lone_player": (
        "Nobody would play against {player}: {he} says first whether {he} plays.",
        "{player} pirma pasako, ar žais: kitaip prieš {him} niekas nežaistų.",
    ),
    "vetoed_buy": (
        "{player} is one point short of the target and may not buy.",
        "{player} negali pirkti: iki pergalės trūksta vieno taško.",
    ),
    "vetoed_fold": (
        "{player} is one point short of the target and must play.",
        "{player} privalo žaisti: iki pergalės trūksta vieno taško.",
    ),
    "buyer_fold": (
        "{player} bought the pirkinys and must play.",
        "{player} nupirko pirkinį ir privalo žaisti.",
    ),
    "redeal_table": (
        "A redeal needs four players and the 24-card deck.",
        "Perdalinti galima tik žaidžiant keturiese su 24 kortų kalade.",
    ),
    "redeal_late": (
        "A redeal comes right after the trump card is shown.",
        "Perdalinti galima tik iškart parodžius kozirį.",
    ),
    "redeal_not_nine": ("The trump card {card} is not a nine.", "Koziris {card} – ne devynakė."),
    "dealer_trump_card": (
        "{card} is the dealer's trump card: only {other} can have it.",
        "Korta {card} – dalintojo koziris: ją gali turėti tik {other}.",
    ),
    "known_elsewhere": (
        "{card} is known to be in {other}'s hand.",
        "Korta {card} jau žinoma kitoje rankoje: ją turi {other}.",
    ),
    "holds_suit_led": (
        "{player} holds {card} and must follow suit.",
        "{player} privalo dėti išeitą spalvą – {known} {his} {card}.",
    ),
    "holds_trump": (
        "{player} holds the trump {card} and must play a trump.",
        "{player} privalo dėti kozirį – žinomas {his} koziris: {card}.",
    ),
    "holds_header": (
        "{player} holds {card} and must beat the best card of the suit led.",
        "{player} privalo mušti stipriausią išeitos spalvos kortą – {known} {his} {card}.",
    ),
    "holds_higher_trump": (
        "{player} holds {card} and must play a higher trump.",
        "{player} privalo dėti aukštesnį kozirį – žinomas {his} koziris: {card}.",
    ),
    "jacks_pair": (
        "Show two jacks of one colour: hearts and diamonds, or spades and clubs.",
        "Rodomi du vienos spalvos valetai: širdžių ir būgnų arba vynų ir kryžių.",
    ),
    "ramsas_jacks": (
        "A ramsas shows the four jacks, each once.",
        "Ramsas – tai visi keturi valetai, kiekvienas po kartą.",
    ),
    "jacks_again": (
        "{player} has already shown these jacks.",
        "{player} šiuos valetus jau parodė.",
    ),
}

VIOLATION_MESSAGES: dict[Code, tuple[str, str]] = {
    Code.REVOKE: (
        "{player} did not follow suit at entry {event}, yet later played {card}.",
        "{player} įraše nr. {event} nesekė spalvos, nors tos spalvos turėjo: vėliau {placed} {his} {card}.",
    ),
    Code.FAILED_TO_TRUMP: (
        "{player} did not trump at entry {event}, yet later played the trump {card}.",
        "{player} įraše nr. {event} nedėjo kozirio, nors vėliau padėtas {his} koziris: {card}.",
    ),
    Code.FAILED_TO_HEAD: (
        "{player} did not beat the trick at entry {event}, yet later played {card}.",
        "{player} įraše nr. {event} nemušė, nors vėliau {placed} {his} {card}.",
    ),
    Code.FAILED_TO_OVERTRUMP: (
        "{player} did not overtrump at entry {event}, yet later played {card}.",
        "{player} įraše nr. {event} neperkirto aukštesniu koziriu, nors vėliau padėtas {his} koziris: {card}.",
    ),
    Code.TRUMP_ACE_NOT_LED: (
        "{player} led at entry {event} without the trump ace, yet later played {card}.",
        "{player} įraše nr. {event} pradėjo ne kozirių tūzu, nors tūzą turėjo: vėliau {placed} {card}.",
    ),
    Code.FALSE_PASS: (
        "{player} passed at entry {event}, yet later showed {card}, which fitted then.",
        "{player} įraše nr. {event} praleido ėjimą, nors turėjo tada tikusią kortą: {card}.",
    ),
    Code.FALSE_DRAW: (
        "{player} drew at entry {event}, yet later showed {card}, which fitted then.",
        "{player} įraše nr. {event} traukė kortą, nors turėjo tada tikusią kortą: {card}.",
    ),
}

# Why an input is not a match record (``errors.RecordError``): reason -> (English, Lithuanian).
RECORD_MESSAGES: dict[str, tuple[str, str]] = {
    "not_a_record": ("not a match record: {problem}", "ne žaidimo įrašas: {problem}"),
    # Players' names (``names.clean_name``) and who sits where.
    "name_empty": (
        "player {seat}: a name needs a letter",
        "{seat} žaidėjas: varde turi būti raidė",
    ),
    "name_too_long": (
        "player {seat}: a name has at most {limit} characters",
        "{seat} žaidėjas: vardas gali būti ne ilgesnis nei {limit} ženklų",
    ),
    "name_unusable": (
        "player {seat}: the name has characters that cannot be shown",
        "{seat} žaidėjas: varde yra ženklų, kurių negalima parodyti",
    ),
    "same_player": (
        "player {seat}: {name} sits at the table already",
        "{seat} žaidėjas: {name} jau sėdi prie stalo",
    ),
    # The file itself (``reader.ReadError``).
    "cannot_read": ("cannot read: {problem}", "nepavyko perskaityti: {problem}"),
    "not_a_file": (
        "not a regular file but a {kind}: a record is read from a file",
        "tai ne paprastas failas, o {kind}: įrašas skaitomas iš failo",
    ),
    "too_large": ("the file is larger than {limit}", "failas didesnis nei {limit}"),
    "not_utf8": ("not UTF-8 text (byte {position})", "ne UTF-8 tekstas (baitas {position})"),
    "not_json": (
        "not JSON: {detail} at line {line} column {column}",
        "ne JSON: {detail} ({line} eilutė, {column} stulpelis)",
    ),
    "too_deep": (
        "not JSON: nested too deeply (more than {limit} levels)",
        "ne JSON: per giliai įdėta (daugiau nei {limit} lygių)",
    ),
    "too_many_containers": (
        "more than {limit} arrays and objects",
        "daugiau nei {limit} sąrašų ir objektų",
    ),
    "number_too_long": (
        "a number has more than {limit} digits ({start}…)",
        "skaičius ilgesnis nei {limit} skaitmenų ({start}…)",
    ),
    "not_finite": ("not a finite number: {text}", "ne baigtinis skaičius: {text}"),
    "lone_surrogate": (
        "a text holds {escape}, half of a character: it is no text",
        "tekste yra {escape} – tik pusė simbolio, tai ne tekstas",
    ),
    "too_many_deals": ("more than {limit} deals", "daugiau nei {limit} partijų"),
    "too_many_entries": (
        "deals[{number}] has more than {limit} entries",
        "deals[{number}] turi daugiau nei {limit} įrašų",
    ),
    "record_not_object": (
        "the record must be a JSON object",
        "įrašas turi būti JSON objektas",
    ),
    "format": ("'format' must be {format}", "„format“ turi būti {format}"),
    "game_missing": ("'game' is missing or not a string", "„game“ nėra arba tai ne tekstas"),
    "unknown_game": (
        "unknown game {game} (known: {known})",
        "nežinomas žaidimas {game} (žinomi: {known})",
    ),
    "players_not_names": (
        "'players' must be a list of names",
        "„players“ turi būti vardų sąrašas",
    ),
    "players_count": (
        "'players' must have {low} to {high} names",
        "„players“ turi būti nuo {low} iki {high} vardų",
    ),
    "options_missing": (
        "'options' is missing or not an object",
        "„options“ nėra arba tai ne objektas",
    ),
    "deals_missing": ("'deals' is missing or not a list", "„deals“ nėra arba tai ne sąrašas"),
    "deal_shape": (
        "deals[{number}] must be an object with an 'events' list",
        "deals[{number}] turi būti objektas su sąrašu „events“",
    ),
    "stopped": ("'stopped' must be true or false", "„stopped“ turi būti true arba false"),
    "first_dealer": (
        "first_dealer must be a seat from 0 to {last}",
        "first_dealer turi būti vieta nuo 0 iki {last}",
    ),
    "options_not_object": ("options must be an object", "taisyklės turi būti objektas"),
    "unknown_option": ("unknown option '{name}'", "nežinoma taisyklė „{name}“"),
    "bad_option": ("option '{name}' cannot be {value}", "taisyklė „{name}“ negali būti {value}"),
    "seats": (
        "{game} is played by {low}–{high} players, not {seats}",
        "{game}: žaidžia {low}–{high} žaidėjai, ne {seats}",
    ),
    "seats_with": (
        "{game} with {option} {value} is played by {low}–{high} players, not {seats}",
        "{game}, kai {option} = {value}: žaidžia {low}–{high} žaidėjai, ne {seats}",
    ),
    "seats_with_more": (
        "{game} with {option} {value} is played by {low}–{high} players, not {seats}; "
        "with {option} {other}, up to {more}",
        "{game}, kai {option} = {value}: žaidžia {low}–{high} žaidėjai, ne {seats}; "
        "kai {option} = {other} – iki {more}",
    ),
}


def _short(value: Any) -> str:
    """A value as a record writes it, cut short: the line stays one line."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


# What Python's JSON reader says is wrong (``JSONDecodeError.msg``), in Lithuanian.
JSON_PROBLEMS_LT = {
    "Expecting value": "trūksta reikšmės",
    "Expecting ',' delimiter": "trūksta kablelio",
    "Expecting ':' delimiter": "trūksta dvitaškio",
    "Expecting property name enclosed in double quotes": (
        "lauko pavadinimas turi būti dvigubose kabutėse"
    ),
    "Unterminated string starting at": "neužbaigtas tekstas",
    "Invalid control character at": "valdymo ženklas tekste",
    "Invalid \\escape": "netinkama seka su „\\“",
    "Invalid \\uXXXX escape": "netinkama seka \\uXXXX",
    "Extra data": "po JSON dar kažkas yra",
}
# What a path is when it is no regular file (``rules.__main__.NOT_FILES``), in Lithuanian.
KINDS_LT = {
    "pipe": "kanalas (pipe)",
    "socket": "lizdas (socket)",
    "device": "įrenginys",
    "directory": "aplankas",
}
# Why a file could not be read (``OSError.errno``), in Lithuanian.
OS_PROBLEMS_LT = {
    errno.ENOENT: "tokio failo nėra",
    errno.EACCES: "neleidžiama skaityti",
    errno.EISDIR: "tai aplankas, ne failas",
}

FactWords = Callable[[str, Any], str | None]


def _fact(key: str, value: Any, lang: str, words: FactWords | None) -> Any:
    """A fact as the sentence shows it: in the caller's words if it has some, else as a record
    writes it (option values), else in Lithuanian where Python gave English."""
    said = words(key, value) if words is not None else None
    if said is not None:
        return said
    if key in ("value", "other"):
        return _short(value)
    if key == "detail" and lang == "lt":
        return JSON_PROBLEMS_LT.get(value, value)
    if key == "detail":  # Python's "Unterminated string starting at" leaves out the place
        return str(value).removesuffix(" at")
    if lang == "lt" and key == "kind":
        return KINDS_LT.get(value, value)
    return value


def record_message(
    reason: str, params: dict[str, Any], lang: str, words: FactWords | None = None
) -> str:
    """The sentence for a ``RecordError``.

    ``words(fact, value)`` may name a fact for people (the app gives an option
    its label, a value and a game their words); without them option values
    are shown as a record writes them, which is what the referee's user edits.
    """
    shown = {k: _fact(k, v, lang, words) for k, v in params.items()}
    if lang == "lt" and reason == "cannot_read" and params.get("errno") in OS_PROBLEMS_LT:
        shown["problem"] = OS_PROBLEMS_LT[params["errno"]]
    return RECORD_MESSAGES[reason][_lang_index(lang)].format(**shown)


SUIT_NAMES: dict[Suit, tuple[str, str]] = {
    Suit.HEARTS: ("hearts", "širdžių"),
    Suit.DIAMONDS: ("diamonds", "būgnų"),
    Suit.CLUBS: ("clubs", "kryžių"),
    Suit.SPADES: ("spades", "vynų"),
}


# Rank nouns (nominative); a rank without one is written as its number ("5").
RANK_NAMES: dict[int, tuple[str, str]] = {
    ACE: ("ace", "tūzas"),
    KING: ("king", "karalius"),
    QUEEN: ("queen", "dama"),
    JACK: ("jack", "valetas"),
    10: ("10", "dešimtakė"),
    9: ("9", "devynakė"),
    8: ("8", "aštuonakė"),
    7: ("7", "septynakė"),
    6: ("6", "šešiakė"),
}


def card_words(card: Card, lang: str) -> str:
    """A card in words: "širdžių dešimtakė", "10 of hearts" (the noun's gender: ``grammar``)."""
    rank = RANK_NAMES.get(card.rank, (rank_name(card.rank),) * 2)[_lang_index(lang)]
    suit = SUIT_NAMES[card.suit][_lang_index(lang)]
    return f"{suit} {rank}" if lang == "lt" else f"{rank} of {suit}"


def _lang_index(lang: str) -> int:
    return 1 if lang == "lt" else 0


CardText = Callable[[Card], str]


# Words that agree with the player a sentence is about ({player}), by gender.
PERSON_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        MASCULINE: {"he": "he", "his": "his", "him": "him"},
        FEMININE: {"he": "she", "his": "her", "him": "her"},
    },
    "lt": {
        MASCULINE: {"he": "jis", "his": "jo", "him": "jį"},
        FEMININE: {"he": "ji", "his": "jos", "him": "ją"},
    },
}
# Lithuanian participles that agree with the card ({card}) they describe.
CARD_WORDS: dict[str, dict[str, str]] = {
    MASCULINE: {"placed": "padėtas", "known": "žinomas"},
    FEMININE: {"placed": "padėta", "known": "žinoma"},
}
AGREEING = frozenset(
    {*PERSON_WORDS["en"][MASCULINE], *CARD_WORDS[MASCULINE]}
)  # placeholders filled by agreement, not by the facts of the entry


def _agreement(raw: dict[str, Any], genders: list[str], lang: str) -> dict[str, str]:
    """The words that agree with the entry's player and card, for either language."""
    words: dict[str, str] = {}
    player = raw.get("player")
    if type(player) is int and 0 <= player < len(genders):
        words.update(PERSON_WORDS["lt" if lang == "lt" else "en"][genders[player]])
    card = raw.get("card")
    if isinstance(card, Card):
        words.update(CARD_WORDS[card_gender(card)])
    return words


def _render(value: Any, names: Sequence[str], lang: str, key: str, card_text: CardText) -> str:
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, Suit):
        return SUIT_NAMES[value][_lang_index(lang)]
    if isinstance(value, (list, tuple)):
        joiner = " arba " if lang == "lt" else " or "
        return joiner.join(_render(v, names, lang, key, card_text) for v in value)
    if key in ("player", "expected", "other") and type(value) is int and 0 <= value < len(names):
        return names[value]
    return str(value)


def card_label(card: Card) -> str:
    """A card as its rank and suit symbol (``10♥``): the referee's English writes cards so."""
    return card.label


def refusal_message(
    refused: Refused,
    lang: str,
    names: Sequence[str],
    card_text: CardText = card_label,
    *,
    genders: Sequence[str] | None = None,
) -> str:
    """The sentence a player reads for a refused entry.

    ``card_text`` writes a card: its symbol label by default; the app passes
    words, since its offline font has no suit symbols. ``genders`` (one per
    seat, ``m`` or ``f``) make pronouns and participles agree; without them
    each name's own gender or the guess from its spelling is used.
    """
    template = MESSAGES.get(refused.reason) or MESSAGES[refused.code.value]
    params = {k: _render(v, names, lang, k, card_text) for k, v in refused.params.items()}
    params.update(_agreement(refused.params, seat_genders(names, genders), lang))
    words = _Sentence(lang)
    try:
        return words.format(template[_lang_index(lang)], **params)
    except (KeyError, IndexError):  # a reason used without all its facts: fall back to the code
        return words.vformat(MESSAGES[refused.code.value][_lang_index(lang)], (), _Blank(params))


def violation_message(
    v: Violation,
    lang: str,
    names: Sequence[str],
    card_text: CardText = card_label,
    *,
    genders: Sequence[str] | None = None,
) -> str:
    """The sentence for a proven violation; ``genders`` as for ``refusal_message``."""
    template = VIOLATION_MESSAGES[v.code][_lang_index(lang)]
    return template.format(
        player=_render(v.player, names, lang, "player", card_text),
        event=v.event + 1,
        card=card_text(v.card),
        **_agreement({"player": v.player, "card": v.card}, seat_genders(names, genders), lang),
    )


class _Sentence(string.Formatter):
    """``str.format`` that also picks a plural form: ``{count:card|cards}`` after the count."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" not in format_spec:
            return super().format_field(value, format_spec)
        forms = format_spec.split("|")
        form = plural_form(self.lang, int(value)) if str(value).isdigit() else len(forms) - 1
        return forms[min(form, len(forms) - 1)]


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"
