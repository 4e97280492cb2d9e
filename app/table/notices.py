"""What the table is told: a refusal (loud, kind), news, a note; the violations waiting for
the table's ruling; the summary of a deal that ended."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from app.i18n import tr, trn
from app.kept import Same
from app.memo import memo
from app.notices import Notice
from app.table import state
from app.table.buttons import action_button, icon_button
from app.table.model import TableModel
from app.table.state import PendingViolation

NOTICE_COLOURS = {
    "refused": (ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
    "violation": (ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER),
    "info": (ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER),
}


# The verdict's place at the top of a phone's table: the same height whether it holds a
# question, a refusal (three lines), a waiting violation with its two rulings, or nothing –
# so that nothing below it moves when a notice comes or goes (a tap meant for a card or a
# button lands on it, not on what moved there).
SLOT = 64


def slot(content: ft.Control | None, fixed: bool) -> ft.Control:
    return ft.Container(content, height=SLOT if fixed else None)


def banner(
    kind: str, identifier: str, text: str, extra: list[ft.Control], *, live: bool = True
) -> ft.Control:
    bg, fg = NOTICE_COLOURS[kind]
    icon = {"refused": ft.Icons.BLOCK, "violation": ft.Icons.GAVEL, "info": ft.Icons.INFO}[kind]
    return ft.Semantics(
        identifier=identifier,
        live_region=live,
        label=text,
        content=ft.Container(
            bgcolor=bg,
            border_radius=10,
            padding=ft.Padding.only(left=10, top=2, bottom=2, right=2),
            content=ft.Row(
                [
                    ft.Icon(icon, color=fg, size=22),
                    ft.Text(
                        text,
                        color=fg,
                        size=14,
                        expand=True,
                        weight=ft.FontWeight.W_500,
                        max_lines=3,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    *extra,
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


def NoticeBanner(tm: TableModel, on_rule: Callable[[str], None]) -> ft.Control:
    """A refusal (with the paragraph that explains it), news, or a note (closed by a tap)."""
    notice = tm.notice
    assert notice is not None
    fg = NOTICE_COLOURS[notice.kind][1]
    extra: list[ft.Control] = []
    if notice.action == "undo-correction" and tm.corrected is not None:
        extra.append(
            action_button(
                "undo-correction", tr(tm.lang, "action.undo_correction"), tm.undo_correction
            )
        )
    if notice.anchor:
        rule = notice.anchor
        extra.append(
            icon_button(
                "action-rule",
                ft.Icons.MENU_BOOK,
                tr(tm.lang, "notice.rule"),
                lambda: on_rule(rule),
                fg,
            )
        )
    if notice.kind == "info":  # a refusal or news stays until the next tap answers it
        extra.append(
            icon_button(
                "action-dismiss", ft.Icons.CLOSE, tr(tm.lang, "notice.close"), tm.dismiss, fg
            )
        )
    return banner(notice.kind, f"notice-{notice.kind}", notice.text, extra)


def Question(tm: TableModel) -> ft.Control:
    """A step that throws play away, asked once: yes, or back to the table as it was."""
    step = tm.confirming
    assert step is not None
    lang = tm.lang
    return ft.Semantics(
        identifier=f"confirm-{step}",
        live_region=True,
        label=tr(lang, f"confirm.{step}"),
        content=ft.Container(
            bgcolor=ft.Colors.ERROR_CONTAINER,
            border_radius=10,
            padding=ft.Padding.only(left=10, top=2, bottom=2, right=2),
            content=ft.Row(
                [
                    ft.Text(
                        tr(lang, f"confirm.{step}"),
                        size=14,
                        expand=True,
                        max_lines=3,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        color=ft.Colors.ON_ERROR_CONTAINER,
                        weight=ft.FontWeight.W_500,
                    ),
                    action_button(
                        f"confirm-{step}-yes",
                        tr(lang, f"confirm.yes.{step}"),
                        tm.confirm,
                        primary=True,
                    ),
                    action_button("keep-playing", tr(lang, "confirm.no"), tm.keep_playing),
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


@memo
@ft.component
def ViolationPanel(
    items: tuple[PendingViolation, ...],
    lang: str,
    on_stand: Callable[[tuple[int, int, int, str]], None],
    on_annul: Callable[[tuple[int, int, int, str]], None],
    on_more: Callable[[], None],
) -> ft.Control:
    """A flagged violation waiting for the table, folded to one line: who and what in
    short (a tap opens the whole sentence) and the two rulings; how many more wait.

    One at a time, the oldest first: the rulings are asked for each.
    """
    item = items[0]
    more = f". {trn(lang, 'violation.more', len(items) - 1)}" if len(items) > 1 else ""
    choices = [
        action_button(
            "let-stand",
            tr(lang, "violation.let_stand"),
            partial(on_stand, item.key),
            label=tr(lang, "violation.let_stand"),
        )
    ]
    if item.can_annul:
        choices.append(
            action_button(
                "annul-violation",
                tr(lang, "action.annul_short"),
                partial(on_annul, item.key),
                primary=True,
                label=tr(lang, "action.annul"),
            )
        )
    short = ft.Semantics(
        identifier="action-violation-more",
        button=True,
        label=item.text,
        expand=True,
        content=ft.Container(
            ft.Text(
                item.short + more,
                size=14,
                max_lines=3,
                overflow=ft.TextOverflow.ELLIPSIS,
                weight=ft.FontWeight.W_600,
                color=NOTICE_COLOURS["violation"][1],
            ),
            on_click=lambda _: on_more(),
            height=SLOT - 4,
            alignment=ft.Alignment.CENTER_LEFT,
        ),
    )
    bg, fg = NOTICE_COLOURS["violation"]
    return ft.Semantics(
        identifier="notice-violation",
        live_region=True,
        content=ft.Container(
            bgcolor=bg,
            border_radius=10,
            padding=ft.Padding.only(left=10, top=2, bottom=2, right=2),
            content=ft.Row(
                [ft.Icon(ft.Icons.GAVEL, color=fg, size=22), short, *choices],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


@memo
@ft.component
def ViolationText(
    text: str, lang: str, anchor: str | None, on_rule: Callable[[str], None]
) -> ft.Control:
    """The waiting violation's whole sentence, opened from its folded line, with the
    paragraph of the rules it broke."""
    extra = []
    if anchor is not None:
        extra.append(
            icon_button(
                "action-violation-rule",
                ft.Icons.MENU_BOOK,
                tr(lang, "notice.rule"),
                lambda: on_rule(anchor),
                NOTICE_COLOURS["violation"][1],
            )
        )
    return banner("violation", "violation-text", text, extra, live=False)


def verdict(tm: TableModel, on_rule: Callable[[str], None], fixed: bool) -> tuple[object, ...]:
    """The arguments of ``Verdict`` now: all it shows is drawn from them."""
    pending = () if tm.confirming or tm.notice else state.pending_violations(tm)
    return (Same([tm]), tm.confirming, tm.notice, tm.corrected, pending, tm.lang, on_rule, fixed)


@ft.component
def Verdict(
    table: Same[TableModel],
    confirming: str | None,
    notice: Notice | None,
    corrected: object,
    pending: tuple[PendingViolation, ...],
    lang: str,
    on_rule: Callable[[str], None],
    fixed: bool,
) -> ft.Control:
    """What the table is told or asked now, in the verdict's place: a question first, then
    a notice, then a violation waiting for its ruling. Drawn from ``verdict``'s values;
    the table (``table``, not observed) gives the handlers."""
    [tm] = table
    if confirming is not None:
        return slot(Question(tm), fixed)
    if notice is not None:
        return slot(NoticeBanner(tm, on_rule), fixed)
    if pending:
        panel = ViolationPanel(pending, lang, tm.let_stand, tm.annul_for, tm.toggle_violation)
        return slot(panel, fixed)
    return slot(None, fixed)


@memo
@ft.component
def DealSummary(text: str) -> ft.Control:
    """Why the deal ended as it did; it stays until the next deal starts."""
    return ft.Semantics(
        identifier="deal-summary",
        content=ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=10,
            padding=10,
            content=ft.Text(text, size=15, color=ft.Colors.ON_SECONDARY_CONTAINER),
        ),
    )
