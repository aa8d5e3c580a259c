import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from registration import admission
from registration.manager import FAILURES


class EntryTable(tables.Table):
    """The commission's list: who, from where, the checks' verdicts, the documents, the decision."""

    number = tables.Column(verbose_name=_("No."), accessor="entry__pk")
    person = tables.Column(verbose_name=_("participant"), accessor="entry__person")
    birth_date = tables.Column(verbose_name=_("date of birth"), accessor="entry__person__birth_date")
    organisation = tables.Column(verbose_name=_("organisation"), accessor="entry__organisation")
    region = tables.Column(verbose_name=_("region"), accessor="entry__region")
    team = tables.Column(verbose_name=_("team"), accessor="entry__team_entry", default="")
    checks = tables.Column(verbose_name=_("checks"), accessor="verdicts", empty_values=())
    status = tables.Column(verbose_name=_("decision"), accessor="entry__status")

    class Meta:
        attrs = {"class": "table entries"}
        orderable = False

    def render_person(self, record):
        entry = record["entry"]
        url = reverse("registration:entry", args=[entry.tournament_id, entry.pk])
        invalid = format_html(' <span class="badge refused">{}</span>', _("invalid")) if entry.invalid else ""
        return format_html('<a href="{}">{}</a>{}', url, entry.person.full_name, invalid)

    def render_birth_date(self, value):
        return date_format(value, "d.m.Y")

    def render_checks(self, value):
        bad = admission.failed(value)
        if not bad:
            return format_html('<span class="ok">✓ {}</span>', _("all passed"))
        return format_html_join(
            " ",
            '<span class="badge refused" title="004 {}">{}</span>',
            ((v.clause, FAILURES[v.key]) for v in bad),
        )

    def render_status(self, record):
        entry = record["entry"]
        return format_html('<span class="badge {}">{}</span>', entry.status, entry.get_status_display())
