"""New match: the game, the players in seating order, the first dealer and the table's options."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from app.describe import option_value, option_words
from app.games import ordered
from app.i18n import tr
from rules import GAMES
from rules.grammar import FEMININE, MASCULINE, guess_gender
from rules.match import Game
from rules.names import BadName, clean_name, name_key
from rules.options import Option, OptionError
from rules.options import help_text as option_help

# Every touch target at least 48 × 48 px: a chip is 32 px high as Flutter draws it
# on the web, so it is given the height; an icon button gets a minimum size.
TOUCH = ft.BoxConstraints(min_width=48, min_height=48)
CHIP_HEIGHT = 48
NARROW = 520  # below this screen width a seated player's buttons go under the name


@ft.observable
@dataclass
class NewMatchModel:
    game: str = field(default_factory=lambda: ordered()[0].id)
    players: list[str] = field(default_factory=list)
    first_dealer: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    # Genders chosen for names new to the roster, by name key (a roster player keeps his own).
    genders: dict[str, str] = field(default_factory=dict)

    @property
    def spec(self) -> type[Game]:
        return GAMES[self.game]

    def all_options(self) -> tuple[Option, ...]:
        return self.spec.all_options()

    def value(self, option: Option) -> Any:
        seats = max(len(self.players), self.spec.MIN_SEATS)
        return self.options.get(option.name, option.default_for(seats))

    def seat_limits(self) -> tuple[int, int]:
        """Fewest and most players the game takes with the options chosen so far."""
        return self.spec.seat_limits(self.options)

    def choose_game(self, game: str, defaults: dict[str, Any] | None = None) -> None:
        """Switch the form to ``game`` with the table's saved defaults for it."""
        self.game, self.options, self.error = game, dict(defaults or {}), None

    def add_player(self, name: str, lang: str, roster: Sequence[str] = ()) -> bool:
        """Seat a typed name (the roster's spelling where it means a known player).

        False, with the reason in ``error``, when the name cannot be seated: the
        form then keeps the text so that nothing typed is lost.
        """
        if not name.strip():
            return False
        try:
            name = clean_name(name)
        except BadName as bad:
            self.error = tr(lang, f"name.{bad.reason}")
            return False
        key = name_key(name)
        name = next((known for known in roster if name_key(known) == key), name)
        if key in (name_key(p) for p in self.players):
            self.error = tr(lang, "new.duplicate", name=name)
            return False
        if len(self.players) >= self.spec.MAX_SEATS:
            self.error = tr(lang, "new.too_many", high=self.spec.MAX_SEATS)
            return False
        self.players = [*self.players, name]
        if name not in roster:  # a new name: the screen offers its gender, guessed at first
            self.genders = {**self.genders, key: guess_gender(name)}
        self.error = None
        return True

    def gender(self, seat: int) -> str | None:
        """The gender chosen for a new name at ``seat``; None for a roster player."""
        return self.genders.get(name_key(self.players[seat]))

    def toggle_gender(self, seat: int) -> None:
        key = name_key(self.players[seat])
        if key in self.genders:
            other = FEMININE if self.genders[key] == MASCULINE else MASCULINE
            self.genders = {**self.genders, key: other}

    def remove_player(self, seat: int) -> None:
        players = list(self.players)
        del players[seat]
        self.players = players
        self.first_dealer = min(self.first_dealer, max(len(players) - 1, 0))

    def move_player(self, seat: int, step: int) -> None:
        other = seat + step
        if not 0 <= other < len(self.players):
            return
        players = list(self.players)
        players[seat], players[other] = players[other], players[seat]
        self.players = players
        if self.first_dealer in (seat, other):
            self.first_dealer = other if self.first_dealer == seat else seat

    def set_option(self, name: str, value: Any) -> None:
        self.options = {**self.options, name: value}

    def validated(self, lang: str) -> dict[str, Any] | None:
        """The match to create, or None with ``error`` saying what to fix."""
        spec, seats = self.spec, len(self.players)
        low, high = self.seat_limits()
        if not low <= seats <= high:
            self.error = tr(lang, "new.player_count", low=low, high=high)
            choice = self._choice_seating(seats, lang)
            if choice is not None:
                self.error += " " + tr(lang, "new.player_count_option", **choice)
            return None
        try:
            spec(seats, dict(self.options))
        except OptionError as exc:
            self.error = tr(lang, "new.bad_options", problem=exc.message(lang, option_words(lang)))
            return None
        self.error = None
        return {
            "game": self.game,
            "players": list(self.players),
            "options": dict(self.options),
            "first_dealer": self.first_dealer,
            "genders": [self.gender(seat) or "" for seat in range(seats)],
        }

    def _choice_seating(self, seats: int, lang: str) -> dict[str, Any] | None:
        """Too many players: an option choice under which the game takes them, if one does."""
        if seats <= self.seat_limits()[1]:
            return None
        for option in self.spec.OPTIONS:
            for choice in option.choices if option.max_seats else ():
                most = self.spec.seat_limits({**self.options, option.name: choice})[1]
                if most >= seats:
                    title = tr(lang, f"option.{option.name}")
                    return {"option": title, "value": option_value(lang, choice), "more": most}
        return None


def seat_circle(
    players: list[str], dealer: int, lang: str, width: float = 300, height: float = 190
) -> ft.Control:
    """The seating as the table sees it: seat 1 at the bottom, then clockwise; the dealer marked."""
    if not players:
        return ft.Container()
    box_w, box_h = 100, 32
    rx, ry = width / 2 - box_w / 2 - 2, height / 2 - box_h / 2 - 2
    seats = []
    for seat, name in enumerate(players):
        angle = 2 * math.pi * seat / len(players)  # clockwise from the bottom
        seats.append(
            ft.Container(
                left=width / 2 - rx * math.sin(angle) - box_w / 2,
                top=height / 2 + ry * math.cos(angle) - box_h / 2,
                width=box_w,
                height=box_h,
                border_radius=16,
                alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.PRIMARY_CONTAINER
                if seat == dealer
                else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                content=ft.Text(
                    f"{seat + 1}. {name}"
                    + (f" · {tr(lang, 'new.dealer_short')}" if seat == dealer else ""),
                    size=12,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
            )
        )
    return ft.Semantics(
        identifier="seat-circle",
        content=ft.Stack(
            [
                ft.Container(
                    left=width / 2 - 16,
                    top=height / 2 - 16,
                    width=32,
                    height=32,
                    content=ft.Icon(ft.Icons.ROTATE_RIGHT, color=ft.Colors.OUTLINE),
                    tooltip=tr(lang, "new.clockwise"),
                ),
                *seats,
            ],
            width=width,
            height=height,
        ),
    )


def option_control(nm: NewMatchModel, option: Option, lang: str) -> ft.Control:
    value = nm.value(option)
    help_text = option_help(nm.game, option, lang)
    title = ft.Text(tr(lang, f"option.{option.name}"), size=15, weight=ft.FontWeight.W_600)
    if option.switch:
        control: ft.Control = ft.Switch(
            value=value,
            height=48,  # the switch's whole row height: a thumb's target
            on_change=lambda e: nm.set_option(option.name, e.control.value),
        )
    else:
        if option.choices:
            by_key = {str(c): c for c in option.choices}
            control = ft.Dropdown(
                value=str(value),
                width=160,
                options=[
                    ft.DropdownOption(key=key, text=option_value(lang, choice))
                    for key, choice in by_key.items()
                ],
                on_select=lambda e: nm.set_option(option.name, by_key[e.control.value]),
            )
        elif option.listed:
            control = ft.TextField(
                value=", ".join(str(v) for v in value),
                width=110,
                on_blur=lambda e: nm.set_option(option.name, _typed_list(e.control.value)),
            )
        else:
            control = ft.TextField(
                value="" if value is None else str(value),
                width=110,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_blur=lambda e: nm.set_option(option.name, _typed(e.control.value)),
            )
    return ft.Semantics(
        identifier=f"option-{option.name}",
        content=ft.Container(
            padding=ft.Padding.symmetric(vertical=4),
            content=ft.Row(
                [
                    ft.Column(
                        [title, ft.Text(help_text, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                        spacing=2,
                        expand=True,
                    ),
                    control,
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


def _typed(text: str | None) -> Any:
    """A form value as the option wants it: a whole number where it is one, else the text."""
    if text is None or text.strip() == "" or text.strip().lower() == "null":
        return None
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else text


def _typed_list(text: str | None) -> Any:
    """A list option as typed ("2, 1" or "2 1"): its whole numbers, or the text as it was
    when a part is not one (the form then says the value is not allowed)."""
    parts = (text or "").replace(",", " ").split()
    return [int(p) for p in parts] if all(p.isascii() and p.isdigit() for p in parts) else text


def gender_chip(nm: NewMatchModel, seat: int, lang: str) -> list[ft.Control]:
    """For a name new to the roster: "jis" or "ji", a tap changes it (sentences agree)."""
    gender = nm.gender(seat)
    if gender is None:
        return []
    return [
        ft.Semantics(
            identifier=f"gender-{seat}",
            label=tr(lang, "new.gender_hint"),
            content=ft.OutlinedButton(
                tr(lang, f"gender.{gender}"),
                width=60,  # "ji" alone is narrower than a thumb
                height=48,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),  # "jis" whole
                tooltip=tr(lang, "new.gender_hint"),
                on_click=lambda _: nm.toggle_gender(seat),
            ),
        )
    ]


def game_chips(chosen: str, lang: str, on_game: Callable[[str], None]) -> ft.Control:
    """The games as chips, ``chosen`` selected (the new-match and organiser's screens)."""
    return ft.Row(
        [
            ft.Semantics(
                identifier=f"choose-{g}",
                content=ft.Chip(
                    height=CHIP_HEIGHT,
                    label=ft.Text(tr(lang, f"game.{g}.name")),
                    selected=chosen == g,
                    on_select=lambda _, g=g: on_game(g),
                ),
            )
            for g in (game.id for game in ordered())
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def seat_row(nm: NewMatchModel, seat: int, name: str, lang: str, *, narrow: bool) -> ft.Control:
    """A seated player: the number, the name and its gender, then the first dealer's chip
    and the buttons that move and remove the player. A phone puts the buttons on a line of
    their own under the name, which would otherwise get what they leave and break mid-word."""
    named = [
        ft.Text(f"{seat + 1}.", width=24),
        ft.Text(name, size=16, expand=True),
        *gender_chip(nm, seat, lang),
    ]
    buttons = [
        ft.Semantics(
            identifier=f"dealer-{seat}",
            content=ft.Chip(
                height=CHIP_HEIGHT,
                label=ft.Text(tr(lang, "new.dealer")),
                selected=nm.first_dealer == seat,
                on_select=lambda _: setattr(nm, "first_dealer", seat),
            ),
        ),
        ft.IconButton(
            ft.Icons.ARROW_UPWARD,
            size_constraints=TOUCH,
            tooltip=tr(lang, "new.up"),
            on_click=lambda _: nm.move_player(seat, -1),
        ),
        ft.IconButton(
            ft.Icons.ARROW_DOWNWARD,
            size_constraints=TOUCH,
            tooltip=tr(lang, "new.down"),
            on_click=lambda _: nm.move_player(seat, 1),
        ),
        ft.IconButton(
            ft.Icons.DELETE,
            size_constraints=TOUCH,
            tooltip=tr(lang, "new.remove"),
            on_click=lambda _: nm.remove_player(seat),
        ),
    ]
    middle = ft.CrossAxisAlignment.CENTER
    if not narrow:
        return ft.Row([*named, *buttons], spacing=4, vertical_alignment=middle)
    return ft.Column(
        [
            ft.Row(named, spacing=0, vertical_alignment=middle),
            ft.Row(buttons, spacing=0, alignment=ft.MainAxisAlignment.END),
        ],
        spacing=0,
    )


@ft.component
def NewMatchScreen(
    nm: NewMatchModel,
    lang: str,
    roster: list[str],
    on_start: Callable[[], None],
    on_back: Callable[[], None],
    on_game: Callable[[str], None],
    on_save_defaults: Callable[[], None],
    message: str | None,
    width: float = 360,
) -> ft.Control:
    games = game_chips(nm.game, lang, on_game)
    seated = [
        seat_row(nm, seat, name, lang, narrow=width < NARROW)
        for seat, name in enumerate(nm.players)
    ]
    at_table = {name_key(p) for p in nm.players}
    free = [name for name in roster if name_key(name) not in at_table]
    # The name being typed is kept in a ref and given back as the field's value, so that a
    # later re-render never sends the field an older text. Typing itself updates nothing:
    # an update per keystroke would echo the text back while the player is still typing
    # and cut it. After a name is added the empty value clears the field.
    draft = ft.use_ref("")

    def typed(e: ft.Event[ft.TextField]) -> None:
        ft.context.disable_auto_update()  # type: ignore[no-untyped-call]  # untyped in Flet
        draft.current = e.control.value or ""

    def add(name: str) -> None:
        if nm.add_player(name, lang, roster):
            draft.current = ""

    name_field = ft.TextField(
        label=tr(lang, "new.name"),
        value=draft.current or "",
        on_change=typed,
        on_submit=lambda e: add(e.control.value),
    )
    low, high = nm.seat_limits()
    return ft.Column(
        [
            ft.Text(tr(lang, "new.title"), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(tr(lang, "new.game"), size=16, weight=ft.FontWeight.W_600),
            games,
            ft.Text(
                tr(lang, "new.players", low=low, high=high),
                size=16,
                weight=ft.FontWeight.W_600,
            ),
            ft.Text(tr(lang, "new.order_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            *seated,
            ft.Row(
                [seat_circle(nm.players, nm.first_dealer, lang)],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            ft.Row(
                [
                    ft.Semantics(identifier="new-name", content=name_field, expand=True),
                    ft.Semantics(
                        identifier="action-add-player",
                        content=ft.FilledTonalButton(
                            tr(lang, "new.add"),
                            icon=ft.Icons.PERSON_ADD,
                            height=48,
                            on_click=lambda _: add(draft.current or ""),
                        ),
                    ),
                ]
            ),
            ft.Row(
                [
                    ft.Chip(
                        height=CHIP_HEIGHT,
                        label=ft.Text(name),
                        on_click=lambda _, n=name: nm.add_player(n, lang, roster),
                    )
                    for name in free
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
            if free
            else ft.Container(),
            ft.Text(tr(lang, "new.options"), size=16, weight=ft.FontWeight.W_600),
            *[option_control(nm, option, lang) for option in nm.all_options()],
            ft.Semantics(
                identifier="action-save-defaults",
                content=ft.TextButton(
                    tr(lang, "new.save_defaults"),
                    icon=ft.Icons.SAVE,
                    height=48,
                    on_click=lambda _: on_save_defaults(),
                ),
            ),
            ft.Text(message, size=13) if message else ft.Container(),
            ft.Text(nm.error or "", color=ft.Colors.ERROR, size=14) if nm.error else ft.Container(),
            ft.Semantics(
                identifier="action-start",
                content=ft.FilledButton(
                    tr(lang, "new.start"),
                    icon=ft.Icons.PLAY_ARROW,
                    height=52,
                    on_click=lambda _: on_start(),
                ),
            ),
        ],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
