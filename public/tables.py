"""django-tables2 tables of the public pages: pairings, standings, teams, crosstable, rounds.

Tables of derived data take plain dicts (sortable by django-tables2 in Python); every column that renders
HTML has a ``value_`` twin so that CSV and XLSX exports hold plain values.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import django_tables2 as tables
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableListData

from draw.models import Match
from judging.state import match_states, round_states
from registration.tables import participant_link, participant_url
from standings import metrics

NO_PLACE = 10**9  # removed players sort after everybody
WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}  # hidden on a phone
# The pairings' cells by column, for the phone's card of a table (issue 28 §5: static/css/phone.css).
CELL_CLASS = {
    "table": "tb",
    "group": "gr",
    "player1": "p1",
    "score": "sc",
    "player2": "p2",
    "state": "rs",
    "live": "lv",
    "actions": "ac",
}


def _cell(value) -> str:
    """A cell's text escaped as ``conditional_escape`` does (safe HTML kept, the rest escaped), without its
    lazy-argument check: the live tables write ~1,500 cells per rendering (issue 17)."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


class _UrlPattern:
    """``reverse(name, args=[a, b])`` for many rows: the resolver once, then string formatting."""

    A, B = 987654321, 123456789

    def __init__(self, name: str):
        self.head, rest = reverse(name, args=[self.A, self.B]).split(str(self.A), 1)
        self.middle, self.tail = rest.split(str(self.B), 1)

    def __call__(self, a: int, b: int) -> str:
        return f"{self.head}{a}{self.middle}{b}{self.tail}"


class PairingTable(tables.Table):
    """The pairings of a round by table, with each match's live state (``judging.state``)."""

    table = tables.Column(verbose_name=_("table"))
    group = tables.Column(verbose_name=_("group"), accessor="group__name", default="")
    player1 = tables.Column(verbose_name=_("first player"))
    score = tables.Column(verbose_name=_("score"), empty_values=())
    player2 = tables.Column(verbose_name=_("second player"), empty_values=())
    state = tables.Column(verbose_name=_("result"), empty_values=())
    live = tables.Column(verbose_name=_("state"), empty_values=())
    actions = tables.Column(verbose_name="", empty_values=())

    class Meta:
        attrs = {"class": "table pairings", "id": "pairings"}
        # The row's anchor: the result form returns to its page at the row (``#t<table>``).
        row_attrs = {"data-table": lambda record: record.table, "id": lambda record: f"t{record.table}"}
        orderable = False

    def __init__(self, data, *args, can_enter: bool = False, now=None, **kwargs):
        matches = list(data)
        self.states = match_states(matches, now or timezone.now())
        super().__init__(matches, *args, **kwargs)
        hidden = [] if can_enter else ["actions"]
        if not any(m.group_id for m in matches):
            hidden.append("group")  # only a mixed event's group stage has groups
        self.exclude = tuple(hidden)

    def as_html(self) -> str:
        """The table as django-tables2's template draws it, written directly: 500 tables in ~20 ms instead of
        ~450 ms through the template engine (issue 17: the live fragment is rendered afresh after every
        result). Same columns, attributes and cells as ``{% render_table %}``, without its whitespace."""
        columns = [(c.name, c.header) for c in self.columns]
        head = "".join(format_html("<th>{}</th>", header) for _name, header in columns)
        self._urls = _UrlPattern("public:participant")
        cells = {name: getattr(self, f"render_{name}", None) for name, _header in columns}
        out = [
            '<div class="table-container"><table class="table pairings" id="pairings"><thead><tr>',
            head,
            "</tr></thead><tbody>",
        ]
        try:
            for i, record in enumerate(self.data):
                parity = "odd" if i % 2 else "even"
                out.append(f'<tr data-table="{record.table}" id="t{record.table}" class="{parity}">')
                for name, _header in columns:
                    render = cells[name]
                    if render is not None:
                        value = render(record)
                    elif name == "group":
                        value = record.group.name if record.group_id else ""
                    else:
                        value = getattr(record, name)
                        value = "—" if value in (None, "") else value
                    css = CELL_CLASS.get(name, name)
                    if name == "state" and _plain(record):
                        css += " plain"  # only repeats the score or the state: left off a phone's card
                    out.append(f'<td class="{css}">{_cell(value)}</td>')
                out.append("</tr>")
        finally:
            self._urls = None
        out.append("</tbody></table></div>")
        return mark_safe("".join(out))  # noqa: S308 - every piece escaped above

    _urls: _UrlPattern | None = None

    def _link(self, participant, won: bool):
        if self._urls is None or participant is None:
            return participant_link(participant, won)
        return format_html(
            '<a class="{}" href="{}">{}</a>',
            "winner" if won else "",
            self._urls(participant.tournament_id, participant.pk),
            participant,
        )

    def render_player1(self, record: Match):
        return self._link(record.player1, record.winner_id == record.player1_id and not record.is_bye)

    def value_player1(self, record: Match):
        return str(record.player1)

    def render_player2(self, record: Match):
        if not record.player2_id:
            return _("— rests —") if "rest" in record.flags else _("— bye —")
        return self._link(record.player2, record.winner_id == record.player2_id)

    def value_player2(self, record: Match):
        return str(record.player2) if record.player2_id else ""

    def render_score(self, record: Match):
        # Each player's score in its own span: a phone's card puts it beside his name (issue 28 §5).
        if record.score1 is None or record.score2 is None:
            return mark_safe('<span class="sn">—</span>')
        return format_html(
            '<span class="s1">{}</span><span class="sep"> : </span><span class="s2">{}</span>',
            record.score1,
            record.score2,
        )

    def render_state(self, record: Match):
        if record.awaits_reflow:
            return _("waits for the replay of the match before it")
        if not record.result_kind:
            return _("replay ordered") if "replay" in record.flags else _("not played yet")
        if record.result_reason:
            return f"{record.get_result_kind_display()}: {record.result_reason}"
        return record.get_result_kind_display()

    def render_live(self, record: Match):
        state = self.states[record.pk]
        return format_html('<span class="state {}">{}</span>', state.key, state.text)

    def value_live(self, record: Match):
        return self.states[record.pk].text

    def render_actions(self, record: Match):
        if record.is_bye or record.round.status == record.round.Status.DRAFT or record.awaits_reflow:
            return ""
        url = reverse("draw:match_result", args=[record.round.tournament_id, record.pk])
        return format_html('<a class="button small" href="{}">{}</a>', url, _("result"))


def _plain(record: Match) -> bool:
    """A result column that only repeats the score, the state or the opponent's cell: a played score, a bye,
    or nothing played yet."""
    if record.awaits_reflow or "replay" in record.flags:
        return False
    return record.result_kind in ("played", "bye", "")


def number(value) -> int | float | str:
    """A Fraction for an export cell: an int when whole, else a float (0.5 steps are exact in binary)."""
    if value is None:
        return ""
    if getattr(value, "denominator", 1) == 1:
        return int(value)
    return float(value)


def fraction_text(value) -> str:
    if value is None or value == "":
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(value.numerator, value.denominator)
    if value.denominator == 2:
        return f"{whole}½" if whole else "½"
    return f"{float(value):.2f}".rstrip("0")


class NumberColumn(tables.Column):
    def render(self, value):
        return fraction_text(value)

    def value(self, value):
        return number(value)


def standings_records(rows) -> list[dict]:
    """Plain dicts for StandingsTable from ``ranking.StandingRow`` objects."""
    out = []
    for s in rows:
        p, row = s.participant, s.row
        record = {
            "participant": p,
            "name": p.full_name,
            "team": p.team.name if p.team_id else "",
            "organisation": p.data.organisation,
            "group": s.group,
            "place": gettext("in play") if getattr(s, "in_play", False) else row.place_label,
            "place_sort": row.place if row.place is not None else NO_PLACE,
            "points": row.points,
            "played": row.played + row.byes,
            "wins": row.wins,
            "losses": row.losses,
            "status": p.status,
        }
        for key, value in row.metrics.items():
            record[f"m_{key}"] = value
        out.append(record)
    return out


class _RecordsOnDemand(Sequence):
    """The standings rows as StandingsTable records, each built only when the page shows it."""

    def __init__(self, rows):
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return standings_records(self.rows[index])
        return standings_records([self.rows[index]])[0]

    def __iter__(self):
        return iter(standings_records(self.rows))


class StandingsData(TableListData):
    """Pages of 100 over the computed order build 100 records, not 5,000 (issue 20 item 4); a sort by a
    column (or an export) builds them all."""

    def __init__(self, rows):
        super().__init__(_RecordsOnDemand(rows))

    def order_by(self, aliases):
        if isinstance(self.data, _RecordsOnDemand):
            self.data = list(self.data)
        super().order_by(aliases)


class StandingsTable(tables.Table):
    place = tables.Column(verbose_name=_("place"), order_by=("place_sort", "name"))
    participant = tables.Column(verbose_name=_("participant"), order_by=("name",))
    organisation = tables.Column(verbose_name=_("organisation"), attrs=WIDE_ONLY)
    points = NumberColumn(verbose_name=_("points"), order_by=("points",), attrs={"td": {"class": "points"}})
    played = tables.Column(verbose_name=_("matches"), attrs=WIDE_ONLY)
    wins = tables.Column(verbose_name=_("wins"))
    losses = tables.Column(verbose_name=_("losses"))

    class Meta:
        # The rows come in standings order: no default sort (sorting 1,000 rows costs time on every request).
        attrs = {"class": "table standings", "id": "standings", "th": {"class": "sortable"}}
        # The header and the pages by django-tables2; the rows written directly (``body_html``).
        template_name = "public/_standings_table.html"

    def body_html(self) -> str:
        """The page's rows as django-tables2 would draw them, written directly (issue 17: the standings
        fragment is rendered afresh after every result; the template engine took ~1 ms a row)."""
        page = getattr(self, "page", None)
        records = [row.record for row in page.object_list] if page else list(self.data)
        columns = []
        for bound in self.columns:
            td = bound.attrs.get("td", {})
            attrs = format_html(' class="{}"', td["class"]) if td.get("class") else ""
            render = getattr(self, f"render_{bound.name}", None)
            columns.append((bound.name, attrs, render, bound.column))
        self._urls = _UrlPattern("public:participant")
        out = []
        try:
            for i, record in enumerate(records):
                out.append('<tr class="odd">' if i % 2 else '<tr class="even">')
                for name, attrs, render, column in columns:
                    if render is not None:
                        value = render(record)
                    else:
                        value = record.get(name)
                        if value in (None, ""):
                            value = column.default if column.default is not None else "—"
                        elif isinstance(column, NumberColumn):
                            value = fraction_text(value)
                    out.append(f"<td{attrs}>{_cell(value)}</td>")
                out.append("</tr>")
        finally:
            self._urls = None
        return mark_safe("".join(out))  # noqa: S308 - every piece escaped above

    _urls: _UrlPattern | None = None

    def __init__(self, data, *args, keys=(), team: bool = False, group: bool = False, **kwargs):
        extra = [
            (
                f"m_{key}",
                NumberColumn(
                    # The name on a wide screen, its abbreviation on a phone (the name in its title).
                    verbose_name=format_html(
                        '<span class="full-name">{}</span><span class="short-name">{}</span>',
                        gettext(metrics.METRICS[key].name),
                        gettext(metrics.METRICS[key].abbr),
                    ),
                    default="—",
                    attrs={"th": {"title": gettext(metrics.METRICS[key].name)}},
                ),
            )
            for key in keys
            if key != "wins"  # already a column of its own
        ]
        if team:
            extra.insert(0, ("team", tables.Column(verbose_name=_("team"))))
        if group:
            extra.insert(0, ("group", tables.Column(verbose_name=_("group"))))
        super().__init__(data, *args, extra_columns=extra, **kwargs)
        # django-tables2 has no types: mypy cannot read its ``sequence`` property (set before it is defined).
        sequence: list[str] = list(self.sequence)  # type: ignore[has-type]
        if len(sequence) > 3:  # keep place and name first, the metrics after the basic counts
            base = ["place", "participant", "organisation", "points", "played", "wins", "losses"]
            self.sequence = base + [c for c in sequence if c not in base]
        # A phone shows the essential columns: place, name, points and the first tie-break (issue 28 §5, as
        # Challonge and Tabbycat do); the rest is the wide screen's and the exports'. The bound columns are
        # this table's own copies (django-tables2 copies the class's), so no other table changes.
        first = next(iter(keys), None)
        essential = {"place", "participant", "points", "group", f"m_{first}"}
        if first == "wins":
            essential.add("wins")
        for bound in self.columns:
            if bound.name not in essential:
                attrs = bound.column.attrs
                bound.column.attrs = {**attrs, **{k: {**attrs.get(k, {}), **v} for k, v in WIDE_ONLY.items()}}

    def render_participant(self, record):
        p = record["participant"]
        # The full name on a wide screen, "Surname I. P." on a phone.
        name = format_html(
            '<a href="{}"><span class="full-name">{}</span><span class="short-name">{}</span></a>',
            self._urls(p.tournament_id, p.pk) if self._urls else participant_url(p),
            p.full_name,
            p.short_name,
        )
        if record["status"] == "removed":
            return format_html('{} <span class="badge removed">{}</span>', name, gettext("removed"))
        if record["status"] == "withdrawn":
            return format_html('{} <span class="badge">{}</span>', name, gettext("withdrew"))
        return name

    def value_participant(self, record):
        return record["name"]

    def value_place(self, record):
        return record["place"]


class TeamStandingsTable(tables.Table):
    place = tables.Column(verbose_name=_("place"), accessor="place_label", order_by=("place",))
    team = tables.Column(verbose_name=_("team"))
    members = tables.Column(verbose_name=_("players"), accessor="size")
    points = NumberColumn(verbose_name=_("points"))
    wins = tables.Column(verbose_name=_("wins"))
    game_difference = tables.Column(verbose_name=_("game-point difference"))

    class Meta:
        attrs = {"class": "table standings teams", "id": "teams"}
        orderable = False


def team_records(teams: list[metrics.TeamRow]) -> list[dict]:
    return [
        {
            "place": t.place,
            "place_label": t.place_label,
            "team": t.team,
            "size": len(t.members),
            "points": t.points,
            "wins": t.wins,
            "game_difference": t.game_difference,
        }
        for t in teams
    ]


class CrosstableTable(tables.Table):
    """The round-robin crosstable: a row per player in standings order, a column per opponent."""

    number = tables.Column(verbose_name="№")
    participant = tables.Column(verbose_name=_("participant"))

    class Meta:
        attrs = {"class": "table crosstable", "id": "crosstable"}
        orderable = False

    def __init__(self, rows, *args, **kwargs):
        data = []
        for r in rows:
            record = {
                "number": r.number,
                "participant": r.standing.participant,
                "points": r.standing.row.points,
                "place": r.standing.row.place_label,
            }
            for j, cells in enumerate(r.cells, start=1):
                record[f"c{j}"] = (cells, r.number == j)
            data.append(record)
        extra = [(f"c{j}", CrossCell(verbose_name=str(j), empty_values=())) for j in range(1, len(rows) + 1)]
        extra += [
            ("points", NumberColumn(verbose_name=_("points"))),
            ("place", tables.Column(verbose_name=_("place"))),
        ]
        super().__init__(data, *args, extra_columns=extra, **kwargs)

    def render_participant(self, value):
        return participant_link(value)

    def value_participant(self, value):
        return str(value)


class CrossCell(tables.Column):
    def render(self, value):
        cells, diagonal = value
        if diagonal:
            return format_html('<span class="diag">{}</span>', "■")
        if not cells:
            return ""
        # The score under the result, readable on a phone without hovering (issue 14).
        return format_html_join(
            " ",
            '<span class="{}" title="{}">{}<small class="cross-score">{}</small></span>',
            (
                ("won" if c.won else "lost" if c.won is False else "open", c.detail, c.text or "·", c.detail)
                for c in cells
            ),
        )

    def value(self, value):
        cells, diagonal = value
        if diagonal:
            return "x"
        return " ".join(c.text + (f" ({c.detail})" if c.detail else "") for c in cells)


class RoundTable(tables.Table):
    number = tables.Column(verbose_name=_("Round"))
    status = tables.Column(verbose_name=_("Status"))
    drawn_at = tables.DateTimeColumn(verbose_name=_("Drawn"), format="d.m.Y H:i")

    class Meta:
        attrs = {"class": "table"}
        orderable = False
        empty_text = _("No rounds yet.")

    def render_number(self, record):
        url = reverse("public:round", args=[record.tournament_id, record.number])
        stage = {"playoff": _("playoff"), "groups": _("groups")}.get(record.stage.kind)
        badge = format_html(' <span class="badge">{}</span>', stage) if stage else ""
        return format_html('<a href="{}">{} {}</a>{}', url, _("Round"), record.number, badge)

    def __init__(self, data, *args, now=None, **kwargs):
        rounds = list(data)
        self.states = round_states(rounds, now or timezone.now())
        super().__init__(rounds, *args, **kwargs)

    def render_status(self, record):
        state = self.states[record.pk]
        return format_html('<span class="badge {}">{}</span>', state.key, state.text)

    def value_status(self, record):
        return self.states[record.pk].text
