import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from registration import admission
from registration.manager import FAILURES
from tournaments.rules import cite


class EntryTable(tables.Table):
    """The commission's list: who, from where, the checks' verdicts, the documents, the decision."""

    # The commission ticks entries for a decision on them all at once (issue 14 item 4).
    select = tables.CheckBoxColumn(
        accessor="entry__pk",
        attrs={
            "td__input": {"name": "entries"},
            # static/js/forms.js ticks every box the selector names
            "th__input": {
                "id": "select-all",
                "title": _("all"),
                "data-check-all": "#bulk input[name=entries]",
            },
        },
    )
    number = tables.Column(verbose_name=_("No."), accessor="entry__number")
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

    def render_birth_date(self, value, record):
        # «2003» when only the year is known (a federation's file), not «01.01.2003» (issue 28 §4).
        return record["entry"].person.birth_display or date_format(value, "d.m.Y")

    def render_checks(self, value):
        bad = admission.failed(value)
        if not bad:
            return format_html('<span class="ok">✓ {}</span>', _("all passed"))
        return format_html_join(
            " ",
            '<span class="badge refused" title="{}">{}</span>',
            ((cite(f"004 {v.clause}"), FAILURES[v.key]) for v in bad),
        )

    def render_status(self, record):
        entry = record["entry"]
        status = format_html('<span class="badge {}">{}</span>', entry.status, entry.get_status_display())
        if record.get("unpaid"):
            # Issue 34: the entry fee not paid in full, for the commission to see (the fees app's ledger).
            return format_html('{} <span class="badge refused">{}</span>', status, _("not paid"))
        return status


def participant_url(participant) -> str:
    return reverse("public:participant", args=[participant.tournament_id, participant.pk])


def participant_link(participant, won: bool = False):
    if participant is None:
        return "—"
    css = "winner" if won else ""
    return format_html('<a class="{}" href="{}">{}</a>', css, participant_url(participant), participant)


class ParticipantTable(tables.Table):
    """The participants: a table on a wide screen, a card each on a phone (issue 28 §5)."""

    seed = tables.Column(verbose_name=_("No."), empty_values=(), attrs={"td": {"class": "num"}})
    name = tables.Column(
        verbose_name=_("participant"), accessor="data__full_name", order_by=("person__surname",)
    )
    organisation = tables.Column(verbose_name=_("organisation"), accessor="data__organisation")
    region = tables.Column(verbose_name=_("region"), accessor="data__region")
    status = tables.Column(verbose_name=_("status"))

    class Meta:
        attrs = {"class": "table cards"}
        orderable = False

    def __init__(self, *args, editable: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.editable = (
            editable  # the tournament's officials: the link to a participant's data, his documents
        )

    def render_seed(self, record):
        return record.seed or "—"

    def render_status(self, record):
        if not self.editable:
            return record.get_status_display()
        unchecked = ""
        if not record.documents_checked and record.status == "active":
            unchecked = format_html(' <span class="badge refused">{}</span>', _("documents not checked"))
        if record.admission_doubts and record.status == "active":
            badge = format_html(' <span class="badge refused">{}</span>', _("admission to decide"))
            unchecked = format_html("{}{}", unchecked, badge)
        url = reverse("registration:participant_edit", args=[record.tournament_id, record.pk])
        return format_html(
            '{}{} <a class="small" href="{}">{}</a>', record.get_status_display(), unchecked, url, _("data")
        )

    def value_status(self, record):
        return record.get_status_display()

    def render_name(self, record):
        return participant_link(record)

    def value_name(self, record):
        return record.data.full_name
