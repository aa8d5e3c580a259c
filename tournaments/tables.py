"""django-tables2 tables of the tournaments themselves: the list and the change log."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments import audit


class AuditTable(tables.Table):
    """The change log: the action in words and the author by his name (issue 28 §6); a card per change on a
    phone (when · who · action, then what and why)."""

    at = tables.DateTimeColumn(verbose_name=_("when"), format="d.m.Y H:i:s", attrs={"td": {"class": "aside"}})
    user = tables.Column(verbose_name=_("who"), empty_values=(), attrs={"td": {"class": "aside"}})
    action = tables.Column(verbose_name=_("action"), attrs={"td": {"class": "action"}})
    summary = tables.Column(verbose_name=_("what"), attrs={"td": {"class": "full"}})
    reason = tables.Column(verbose_name=_("reason"), default="", attrs={"td": {"class": "full"}})

    class Meta:
        attrs = {"class": "table cards audit"}
        orderable = False

    def render_user(self, record):
        return audit.author(record.user)

    def render_action(self, value):
        return audit.action_label(value)


class TournamentTable(tables.Table):
    """The site's list of tournaments: a table on a wide screen, a card per tournament on a phone (its name,
    then the dates, discipline, system and status on a line: issue 28 §5)."""

    name = tables.Column(
        verbose_name=_("Tournament"),
        linkify=("public:detail", {"pk": tables.A("pk")}),
        attrs={"td": {"class": "lead"}},
    )
    start_date = tables.DateColumn(verbose_name=_("Dates"), format="d.m.Y", attrs={"td": {"class": "nowrap"}})
    discipline = tables.Column(verbose_name=_("Discipline"))
    system = tables.Column(verbose_name=_("System"))
    status = tables.Column(verbose_name=_("Status"))

    class Meta:
        attrs = {"class": "table cards tournaments"}
        orderable = False
        empty_text = _("No tournaments yet.")

    def render_start_date(self, record, value):
        if record.end_date != record.start_date:
            return f"{value:%d.%m.%Y}–{record.end_date:%d.%m.%Y}"
        return f"{value:%d.%m.%Y}"

    def render_status(self, record):
        return format_html('<span class="badge {}">{}</span>', record.status, record.get_status_display())
