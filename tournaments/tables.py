"""django-tables2 tables of the tournaments themselves: the list and the change log."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(verbose_name=_("when"), format="d.m.Y H:i:s")
    user = tables.Column(verbose_name=_("who"), default="—")
    action = tables.Column(verbose_name=_("action"))
    summary = tables.Column(verbose_name=_("what"))
    reason = tables.Column(verbose_name=_("reason"), default="")

    class Meta:
        attrs = {"class": "table"}
        orderable = False


class TournamentTable(tables.Table):
    name = tables.Column(verbose_name=_("Tournament"), linkify=("public:detail", {"pk": tables.A("pk")}))
    start_date = tables.DateColumn(verbose_name=_("Dates"), format="d.m.Y")
    discipline = tables.Column(verbose_name=_("Discipline"))
    system = tables.Column(verbose_name=_("System"))
    status = tables.Column(verbose_name=_("Status"))

    class Meta:
        attrs = {"class": "table"}
        orderable = False
        empty_text = _("No tournaments yet.")

    def render_start_date(self, record, value):
        if record.end_date != record.start_date:
            return f"{value:%d.%m.%Y}–{record.end_date:%d.%m.%Y}"
        return f"{value:%d.%m.%Y}"
