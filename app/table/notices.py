"""What the table is told: a refusal (loud, kind), news, a note; the violations waiting for
the table's ruling; the summary of a deal that ended."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.i18n import tr, trn
from app.memo import memo
from app.table.buttons import action_button, icon_button
from app.table.model import TableModel
from app.table.state import PendingViolation

NOTICE_COLOURS = {
    "refused": (ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
    "violation": (ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER),
    "info": (ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER),
}


def no_notice() -> ft.Control:
    """The banner's place while there is nothing to tell."""
    return ft.Container(height=0)


def NoticeBanner(tm: TableModel, on_rule) -> ft.Control:
    notice = tm.notice
    if notice is None:
        return no_notice()
    bg, fg = NOTICE_COLOURS[notice.kind]
    icon = {"refused": ft.Icons.BLOCK, "violation": ft.Icons.GAVEL, "info": ft.Icons.INFO}[
        notice.kind
    ]
    extra: list[ft.Control] = []
    if notice.anchor:
        extra.append(
            icon_button(
                "action-rule",
                ft.Icons.MENU_BOOK,
                tr(tm.lang, "notice.rule"),
                lambda: on_rule(notice.anchor),
                fg,
            )
        )
    if notice.kind == "info":  # a refusal or news stays until the next tap answers it
        extra.append(
            icon_button(
                "action-dismiss", ft.Icons.CLOSE, tr(tm.lang, "notice.close"), tm.dismiss, fg
            )
        )
    return ft.Semantics(
        identifier=f"notice-{notice.kind}",
        live_region=True,
        content=ft.Container(
            bgcolor=bg,
            border_radius=10,
            padding=ft.Padding.only(left=10, top=4, bottom=4, right=0),
            content=ft.Row(
                [
                    ft.Icon(icon, color=fg, size=22),
                    ft.Text(
                        notice.text, color=fg, size=15, expand=True, weight=ft.FontWeight.W_500
                    ),
                    *extra,
                ],
                spacing=8,
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
) -> ft.Control:
    """Flagged violations waiting for the table: the proof in words and the two rulings.

    One at a time, the oldest first, and how many more wait: four of them in full would
    fill a phone's pinned top and push the deal's summary and buttons out of reach.
    """
    bg, fg = NOTICE_COLOURS["violation"]
    panels: list[ft.Control] = []
    for item in items[:1]:
        choices = [
            action_button(
                "let-stand", tr(lang, "violation.let_stand"), lambda k=item.key: on_stand(k)
            )
        ]
        if item.can_annul:
            choices.append(
                action_button(
                    "annul-violation",
                    tr(lang, "action.annul"),
                    lambda k=item.key: on_annul(k),
                    primary=True,
                )
            )
        panels.append(
            ft.Container(
                bgcolor=bg,
                border_radius=10,
                padding=ft.Padding.only(left=10, top=6, bottom=6, right=8),
                content=ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.GAVEL, color=fg, size=22),
                                ft.Text(
                                    f"{item.text} {tr(lang, 'penalty.flag')}",
                                    color=fg,
                                    size=15,
                                    expand=True,
                                    weight=ft.FontWeight.W_500,
                                ),
                            ],
                            spacing=8,
                        ),
                        ft.Row(choices, wrap=True, spacing=8, run_spacing=6),
                    ],
                    spacing=4,
                ),
            )
        )
    if len(items) > 1:
        panels.append(
            ft.Text(
                trn(lang, "violation.more", len(items) - 1),
                size=14,
                weight=ft.FontWeight.W_600,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return ft.Semantics(
        identifier="notice-violation", live_region=True, content=ft.Column(panels, spacing=6)
    )


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
