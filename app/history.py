"""History: every stored match (unfinished first).

One opens its scoreboard and deal-by-deal entries.

Records and totals leave the app through the platform's save dialog and
come in through its file picker, as files a person can keep or send.
"""

from __future__ import annotations

import flet as ft

from app.i18n import format_time, number, signed, tr
from app.model import HISTORY_PAGE, AppModel
from app.table.model import TableModel
from app.table.scoreboard import Scoreboard
from models.summaries import MatchSummary
from rules.reader import MAX_BYTES


async def save_file(name: str, data: bytes) -> None:
    picker = ft.FilePicker()
    await picker.save_file(file_name=name, src_bytes=data)


async def pick_records(model: AppModel) -> None:
    picker = ft.FilePicker()
    files = await picker.pick_files(
        allow_multiple=True,
        with_data=True,
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=["json"],
    )
    contents = []
    for file in files or []:
        if file.bytes is not None:
            contents.append(file.bytes)
        elif file.path:
            with open(file.path, "rb") as handle:  # the reader refuses anything longer
                contents.append(handle.read(MAX_BYTES + 1))
    if contents:
        model.import_files(contents)


def _status(lang: str, summary: MatchSummary) -> str:
    if summary.stopped:
        return tr(lang, "history.stopped")
    return tr(lang, "history.finished" if summary.status == "finished" else "history.open.status")


def pages(model: AppModel, shown: int) -> list[ft.Control]:
    """Earlier and later pages of the list: it is read one page at a time."""
    lang = model.lang
    buttons: list[ft.Control] = []
    if model.history_page:
        buttons.append(
            ft.Semantics(
                identifier="action-newer",
                content=ft.OutlinedButton(
                    tr(lang, "history.newer"),
                    icon=ft.Icons.NAVIGATE_BEFORE,
                    height=48,
                    on_click=lambda _: model.history_more(-1),
                ),
            )
        )
    if shown == HISTORY_PAGE:
        buttons.append(
            ft.Semantics(
                identifier="action-older",
                content=ft.OutlinedButton(
                    tr(lang, "history.older"),
                    icon=ft.Icons.NAVIGATE_NEXT,
                    height=48,
                    on_click=lambda _: model.history_more(1),
                ),
            )
        )
    return [ft.Row(buttons, wrap=True, spacing=8)] if buttons else []


@ft.component
def HistoryScreen(model: AppModel) -> ft.Control:
    lang = model.lang
    rows: list[ft.Control] = []
    for m in model.matches():
        totals = ", ".join(f"{n} {number(t)}" for n, t in zip(m.players, m.totals))
        rows.append(
            ft.Semantics(
                identifier=f"match-{m.id}",
                button=True,
                content=ft.Card(
                    content=ft.ListTile(
                        title=ft.Text(
                            f"{tr(lang, f'game.{m.game}.name')} · {_status(lang, m)}",
                            weight=ft.FontWeight.W_600,
                        ),
                        subtitle=ft.Text(f"{format_time(lang, m.created_at)} · {totals}"),
                        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                        on_click=lambda _, i=m.id: model.open_match(i),
                    )
                ),
            )
        )
    return ft.Column(
        [
            ft.Text(tr(lang, "history.title"), size=22, weight=ft.FontWeight.BOLD),
            ft.Semantics(
                identifier="action-import",
                content=ft.OutlinedButton(
                    tr(lang, "history.import"),
                    icon=ft.Icons.UPLOAD_FILE,
                    height=48,
                    on_click=lambda _: ft.context.page.run_task(pick_records, model),
                ),
            ),
            ft.Text(model.message, size=14) if model.message else ft.Container(),
            *(rows or [ft.Text(tr(lang, "history.empty"))]),
            *pages(model, len(rows)),
        ],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


@ft.component
def MatchScreen(model: AppModel, tm: TableModel) -> ft.Control:
    """One stored match: its outcome, scoreboard and every deal's entries; it can be
    exported, resumed or (ended by the table) reopened."""
    lang = model.lang
    match_id = tm.keeper.match_id
    page = ft.context.page
    buttons: list[ft.Control] = [
        ft.Semantics(
            identifier="action-export",
            content=ft.OutlinedButton(
                tr(lang, "history.export"),
                icon=ft.Icons.DOWNLOAD,
                height=48,
                on_click=lambda _: page.run_task(
                    save_file,
                    model.export_name(match_id, "json"),
                    model.store.export_record(match_id),
                ),
            ),
        ),
        ft.Semantics(
            identifier="action-csv",
            content=ft.OutlinedButton(
                tr(lang, "history.csv"),
                icon=ft.Icons.TABLE_CHART,
                height=48,
                on_click=lambda _: page.run_task(
                    save_file,
                    model.export_name(match_id, "csv"),
                    model.store.totals_csv(match_id).encode("utf-8"),
                ),
            ),
        ),
    ]
    # A match going on is resumed; one the table ended (not the rules) can go on.
    go_on = None
    if not tm.match.finished:
        go_on = ("action-resume", tr(lang, "history.resume"), ft.Icons.PLAY_ARROW, model.resume)
    elif tm.match.stopped:
        go_on = ("action-reopen", tr(lang, "action.reopen"), ft.Icons.REPLAY, model.reopen)
    if go_on is not None:
        identifier, text, icon, action = go_on
        buttons.insert(
            0,
            ft.Semantics(
                identifier=identifier,
                content=ft.FilledButton(
                    text, icon=icon, height=48, on_click=lambda _: action(match_id)
                ),
            ),
        )
    headline = tm.headline() if tm.match.finished else tr(lang, "history.open")
    deals = []
    for log in tm.match.deals:
        points = (
            ""
            if log.points is None
            else " · " + ", ".join(f"{n} {signed(p)}" for n, p in zip(tm.names, log.points))
        )
        deals.append(
            ft.ExpansionTile(
                title=ft.Text(
                    tr(lang, "table.deal", number=log.number + 1, dealer=tm.names[log.dealer])
                    + points
                ),
                subtitle=ft.Text(tr(lang, f"history.deal.{log.status.value}")),
                controls=[
                    ft.Container(
                        ft.Column(
                            [ft.Text(line, size=13) for line in tm.deal_lines(log.number)],
                            spacing=2,
                        ),
                        padding=ft.Padding.only(left=16, bottom=8),
                    )
                ],
            )
        )
    return ft.Column(
        [
            ft.Text(tm.game.title(lang), size=22, weight=ft.FontWeight.BOLD),
            ft.Semantics(
                identifier="match-headline",
                content=ft.Text(
                    headline, size=16, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY
                ),
            ),
            ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            Scoreboard(tm.scores(), model.width - 2 * 12),  # the page's margins (``routes.view``)
            ft.Text(tr(lang, "history.deals"), size=15, weight=ft.FontWeight.BOLD),
            *deals,
        ],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
