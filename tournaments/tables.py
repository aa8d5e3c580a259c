import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.models import Match


class ParticipantTable(tables.Table):
    seed = tables.Column(verbose_name=_("No."), empty_values=())
    name = tables.Column(
        verbose_name=_("participant"), accessor="person__full_name", order_by=("person__surname",)
    )
    organisation = tables.Column(verbose_name=_("organisation"), accessor="person__organisation")
    region = tables.Column(verbose_name=_("region"), accessor="person__region")
    status = tables.Column(verbose_name=_("status"))

    class Meta:
        attrs = {"class": "table"}
        orderable = False

    def render_seed(self, record):
        return record.seed or "—"


class PairingTable(tables.Table):
    table = tables.Column(verbose_name=_("table"))
    player1 = tables.Column(verbose_name=_("first player"))
    score = tables.Column(verbose_name=_("score"), empty_values=())
    player2 = tables.Column(verbose_name=_("second player"), empty_values=())
    state = tables.Column(verbose_name=_("result"), empty_values=())
    actions = tables.Column(verbose_name="", empty_values=())

    class Meta:
        attrs = {"class": "table pairings"}
        orderable = False

    def __init__(self, *args, can_enter: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not can_enter:
            self.exclude = ("actions",)

    def render_player1(self, record: Match):
        return _player(record.player1, record.winner_id == record.player1_id and not record.is_bye)

    def render_player2(self, record: Match):
        if not record.player2_id:
            return _("— rests —") if "rest" in record.flags else _("— bye —")
        return _player(record.player2, record.winner_id == record.player2_id)

    def render_score(self, record: Match):
        if record.score1 is None or record.score2 is None:
            return "—"
        return f"{record.score1} : {record.score2}"

    def render_state(self, record: Match):
        if not record.result_kind:
            return _("not played yet")
        if record.result_reason:
            return f"{record.get_result_kind_display()}: {record.result_reason}"
        return record.get_result_kind_display()

    def render_actions(self, record: Match):
        if record.is_bye or record.round.status == record.round.Status.DRAFT:
            return ""
        url = reverse("tournaments:match_result", args=[record.round.tournament_id, record.pk])
        return format_html('<a class="button small" href="{}">{}</a>', url, _("result"))


class StandingsTable(tables.Table):
    place = tables.Column(verbose_name=_("place"), accessor="row__place_label")
    participant = tables.Column(verbose_name=_("participant"))
    organisation = tables.Column(verbose_name=_("organisation"), accessor="participant__person__organisation")
    points = tables.Column(verbose_name=_("points"), accessor="row__points")
    wins = tables.Column(verbose_name=_("wins"), accessor="row__wins")
    losses = tables.Column(verbose_name=_("losses"), accessor="row__losses")
    buchholz = tables.Column(verbose_name=_("Buchholz"), accessor="row__metrics__buchholz", default="—")

    class Meta:
        attrs = {"class": "table standings"}
        orderable = False

    def render_points(self, value):
        return _fraction(value)

    def render_buchholz(self, value):
        return _fraction(value)


def _player(participant, won: bool):
    if won:
        return format_html('<span class="winner">{}</span>', participant)
    return str(participant)


def _fraction(value) -> str:
    if getattr(value, "denominator", 1) == 1:
        return str(int(value))
    return f"{float(value):g}"


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(verbose_name=_("when"), format="d.m.Y H:i:s")
    user = tables.Column(verbose_name=_("who"), default="—")
    action = tables.Column(verbose_name=_("action"))
    summary = tables.Column(verbose_name=_("what"))
    reason = tables.Column(verbose_name=_("reason"), default="")

    class Meta:
        attrs = {"class": "table"}
        orderable = False
