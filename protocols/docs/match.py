"""The match protocol (003): one match on one A4 page — start and end, the match judge, the breaks allowed,
the game lines of the match's validated record (the Crawford game marked), the dice replacement, the
secretary's line; a blank form with lines for all of it before the result. ПРОЕКТ on a draft round.

``story(data)`` is the page's flowables: the round's bundle (``protocols.docs.round_protocols``) prints
one per match.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Prefetch
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from draw.models import Match
from judging.models import DiceReplacement, LateArrival, MatchNote
from protocols import keys
from protocols.facts import (
    Heading,
    Signature,
    heading,
    local_time,
    official,
    person_name,
    planned_starts,
    signature,
)
from protocols.layout import (
    BODY,
    FRAME_W,
    SMALL,
    Progress,
    facts_table,
    grid,
    label_value,
    p,
    pairs_table,
    pdf,
    signatures,
    title_block,
)
from protocols.registry import register
from records.manager import GameLine
from records.manager import match_games as record_games
from records.models import Record
from registration.models import Official
from rules_core.scoring import crawford_game
from tournaments.models import Tournament, breaks_per_player
from tournaments.rules import cite, cite_text

# --- data ------------------------------------------------------------------------------------------------


# 003 «Перерывы»: the breaks the documents print are the regulation's own (``tournaments.models``).
breaks_allowed = breaks_per_player


@dataclass(frozen=True)
class ProtocolGame:
    """One line of the match protocol: a game of the record, with the Crawford game marked."""

    number: int
    winner: int
    cube: int
    multiplier: int
    points: int
    score1: int
    score2: int
    checked: bool
    crawford: bool  # 003 «Куб удвоения» п. 15: the game after a player reaches match point, no cube


def protocol_games(lines: tuple[GameLine, ...], length: int) -> tuple[ProtocolGame, ...]:
    out = []
    before, played = (0, 0), False
    for g in lines:
        crawford = crawford_game(length, before, played)
        played = played or crawford
        out.append(
            ProtocolGame(
                g.number, g.winner, g.cube, g.multiplier, g.points, g.score1, g.score2, g.checked, crawford
            )
        )
        before = (g.score1, g.score2)
    return tuple(out)


@dataclass(frozen=True)
class MatchProtocolData:
    heading: Heading
    round: int
    table: int
    player1: str
    player2: str
    match_length: int
    breaks: int
    start_time: str
    filled: bool  # the result is in
    score1: int | None
    score2: int | None
    winner: str
    result: str  # the kind of result, e.g. "technical defeat", with its reason
    games: tuple[ProtocolGame, ...]  # from the match's record (records.manager.match_games)
    blank_games: int  # empty grid lines to print
    protocol_status: str
    note: str
    signatures: tuple[Signature, ...]
    end_time: str = ""
    judge: str = ""  # the match judge ("" : a line to write him in)
    dice: str = ""  # the dice replacement noted by the judges (003 «Игральные кости» п. 2)
    equipment: str = ""  # the technical judge's checks and faults (004 §6.2.4)
    late: str = ""  # a late arrival and its consequence (003 «Начало турнира»)
    draft: str = ""
    time_control: str = ""
    rules: tuple[str, ...] = ()  # the clauses the form quotes: breaks, dice, Crawford, protocols
    # The round's public page as a QR code (with SITE_URL set and the round published). Never a player's
    # private match link: this is the table's shared sheet, and with both links on it the winner reported
    # on the first and «confirmed» on the second (issue 25 item 6); each link is on its player's slip only.
    link: str = ""


@dataclass(frozen=True)
class Shared:
    """What every match protocol of a round reads alike, read once for the round's bundle
    (``protocols.docs.round_protocols``): not three queries a match (issue 30)."""

    heading: Heading
    secretary: Signature  # the chief secretary's line, for a protocol nobody certified yet
    planned: dict[int, datetime.datetime]  # the round's planned starts (``planned_starts``)
    notes: dict[int, MatchNote]  # the judges' notes by match
    recorded: frozenset[int]  # the matches with a current game record


def shared(rnd) -> Shared:
    t = rnd.tournament
    return Shared(
        heading=heading(t),
        secretary=signature(_("Secretary"), official(t, Official.Role.CHIEF_SECRETARY)),
        planned=planned_starts(t),
        notes={
            n.match_id: n for n in MatchNote.objects.filter(match__round=rnd).select_related("judge__person")
        },
        recorded=frozenset(
            Record.objects.filter(match__round=rnd, superseded_at__isnull=True).values_list(
                "match_id", flat=True
            )
        ),
    )


def build(match: Match, common: Shared | None = None) -> MatchProtocolData:
    rnd = match.round
    t = rnd.tournament
    length = match.match_length
    filled = bool(match.result_kind)
    games: tuple[ProtocolGame, ...] = ()
    protocol_status = note = ""
    protocol = getattr(match, "protocol", None)
    if protocol is not None and filled:
        protocol_status = str(protocol.get_status_display())
    if filled and (common is None or match.pk in common.recorded):
        # The match's one record (records): game lines in the match's player order, checked by the rules.
        games = protocol_games(record_games(match) or (), length)
        if any(not g.checked for g in games):
            note = _("Games marked * could not be checked by the rules; their results are the record's own.")
    result = ""
    if filled:
        result = str(match.get_result_kind_display())
        if match.result_reason:
            result = f"{result}: {cite_text(match.result_reason)}"
    if common is None:
        judging = MatchNote.objects.filter(match=match).select_related("judge__person").first()
    else:
        judging = common.notes.get(match.pk)
    # The secretary who certified the protocol signs on his line; before that, the chief secretary's name.
    certifier = getattr(getattr(protocol, "certified_by", None), "person", None) if protocol else None
    if certifier is not None:
        secretary = Signature(_("Secretary"), certifier.short_name)
    elif common is not None:
        secretary = common.secretary
    else:
        secretary = signature(_("Secretary"), official(t, Official.Role.CHIEF_SECRETARY))
    planned = common.planned if common is not None else None
    # A grid long enough for a match of one-point games, capped to fit the page.
    blank = 0 if games else min(max(2 * length - 1, 9), 25)
    return MatchProtocolData(
        heading=common.heading if common is not None else heading(t),
        round=rnd.number,
        table=match.table,
        player1=person_name(match.player1),
        player2=person_name(match.player2) or _("bye"),
        match_length=length,
        breaks=breaks_allowed(length, t.is_blitz),
        start_time=local_time(
            match.started_at
            or rnd.start_time
            or (planned if planned is not None else planned_starts(t)).get(rnd.number)
        ),
        filled=filled,
        score1=match.score1 if filled else None,
        score2=match.score2 if filled else None,
        winner=person_name(match.winner) if filled else "",
        result=result,
        games=games,
        blank_games=blank,
        protocol_status=protocol_status,
        note=note,
        signatures=(
            Signature(_("Player 1"), match.player1.short_name if match.player1 else ""),
            Signature(_("Player 2"), match.player2.short_name if match.player2 else ""),
            secretary,
        ),
        end_time=local_time(match.ended_at) if filled else "",
        judge=judging.judge.person.full_name if judging and judging.judge else "",
        dice=dice_text(match, judging),
        equipment="; ".join(n.line() for n in match.equipment_notes.all()),
        late="; ".join(x.text() for x in match.late_arrivals.all()),
        draft=_("DRAFT: round not published") if rnd.is_draft else "",
        time_control=t.time_control_for(rnd.stage.kind),
        rules=(
            cite("003 «Перерывы»"),
            cite("003 «Игральные кости» п. 2"),
            cite("003 «Куб удвоения» п. 15"),
            cite("003 «Фиксация результатов»"),
        ),
        link=_round_link(match),
    )


def judging_records() -> tuple[Prefetch, ...]:
    """What a match protocol prints of the judges' records, prefetched with the people they name: a round's
    bundle reads each kind once, not once a match (issue 30); a single protocol reads them the same way."""
    return (
        Prefetch("equipment_notes"),
        Prefetch("late_arrivals", queryset=LateArrival.objects.select_related("participant__person")),
        Prefetch(
            "dice_replacements",
            queryset=DiceReplacement.objects.select_related(
                "requested_by__person", "requested_by__partner", "decided_by__person"
            ),
        ),
    )


def dice_text(match: Match, note: MatchNote | None) -> str:
    """The replacements of the dice (003 «Игральные кости»), one after another; a note written as free text
    before they were recorded one by one comes first, as it was."""
    rows = match.dice_replacements.all()
    parts = [note.dice_replacement] if note is not None and note.dice_replacement else []
    return "; ".join(parts + [row.text() for row in rows])


def _round_link(match: Match) -> str:
    """The public page of the match's round (its pairings and results), or "" for a draft (nothing of it
    is public) or without the site's address."""
    rnd = match.round
    if not settings.SITE_URL or rnd.is_draft:
        return ""
    return settings.SITE_URL + reverse("public:round", args=[rnd.tournament_id, rnd.number])


# --- PDF -------------------------------------------------------------------------------------------------


def story(data: MatchProtocolData) -> list[Flowable]:
    w = FRAME_W
    story = title_block(data.heading, _("Match protocol"))
    blank = "____________"
    breaks_rule, dice_rule, crawford_rule, protocol_rule = (list(data.rules) + ["", "", "", ""])[:4]
    facts = [
        (_("Round"), str(data.round)),
        (_("Table"), str(data.table)),
        (_("Match to, points"), str(data.match_length)),
        (_("Time control"), data.time_control or blank),
        (_("Start"), data.start_time or blank),
        (_("End"), data.end_time or blank),
        (_("Breaks to each player"), str(data.breaks) if data.breaks else _("none")),
        (_("Match judge"), data.judge or blank),
    ]
    story.append(pairs_table(facts, w))
    story.append(facts_table([(_("Player 1"), data.player1), (_("Player 2"), data.player2)], w))
    if data.link:
        story.append(_link_code(data.link, w))
    story.append(Spacer(1, 3 * mm))
    header = [
        _("Game"),
        _("Winner (1 or 2)"),
        _("Cube value"),
        _("×1 / mars ×2 / koks ×3"),
        _("Points"),
        _("Score: player 1"),
        _("Score: player 2"),
        _("Crawford game"),
    ]
    widths = [w * 0.08, w * 0.14, w * 0.11, w * 0.2, w * 0.1, w * 0.13, w * 0.13, w * 0.11]
    if data.games:
        rows = [
            [
                f"{g.number}{'' if g.checked else '*'}",
                str(g.winner),
                "—" if g.crawford else str(g.cube),
                f"×{g.multiplier}",
                str(g.points),
                str(g.score1),
                str(g.score2),
                pgettext("Crawford game", "C") if g.crawford else "",
            ]
            for g in data.games
        ]
    else:
        rows = [[str(i), "", "", "", "", "", "", ""] for i in range(1, data.blank_games + 1)]
    story.append(grid(header, rows, widths, font_size=8, center=range(8), row_height=5.3 * mm))
    story.append(Spacer(1, 2 * mm))
    story.append(
        p(
            _(
                "C — the Crawford game: the first game after a player reaches match point is played without "
                "the cube (%(rule)s)."
            )
            % {"rule": crawford_rule},
            SMALL,
        )
    )
    if data.breaks:
        boxes = " ".join("☐" for _i in range(data.breaks))
        story.append(
            p(
                _(
                    "Breaks taken (at most 4 minutes, only between games; %(rule)s): player 1 %(b)s, "
                    "player 2 %(b)s"
                )
                % {"b": boxes, "rule": breaks_rule},
                SMALL,
            )
        )
    story.append(Spacer(1, 1.5 * mm))
    if data.late:
        late_label = _("Late arrival (%(rule)s)") % {"rule": cite("003 «Начало турнира»")}
        story.append(label_value(late_label, data.late, SMALL))
    if data.equipment:
        equipment_label = _("Equipment (%(rule)s)") % {"rule": cite("004 §6.2.4")}
        story.append(label_value(equipment_label, data.equipment, SMALL))
    dice_label = _("Dice replaced (%(rule)s)") % {"rule": dice_rule}
    if data.filled:
        story.append(label_value(dice_label, data.dice or _("no"), SMALL))
    else:
        story.append(label_value(dice_label, "_" * 70, SMALL))
    if data.filled:
        score = f"{data.score1}:{data.score2}" if data.score1 is not None and data.score2 is not None else "—"
        story.append(Spacer(1, 2 * mm))
        story.append(label_value(_("Result"), f"{score} · {data.result}"))
        if data.winner:
            story.append(label_value(_("Winner"), data.winner))
        if data.protocol_status:
            story.append(label_value(_("Protocol"), data.protocol_status))
        if data.note:
            story.append(p(data.note, SMALL))
    else:
        story.append(Spacer(1, 2 * mm))
        story.append(p(_("Result: ______ : ______   Winner: ____________________________"), BODY))
        story.append(
            p(
                _(
                    "Handed in by the winner of the match; a game is not counted until the protocol is "
                    "handed in; corrections until either player starts the next match (%(rule)s)."
                )
                % {"rule": protocol_rule},
                SMALL,
            )
        )
    story.append(signatures(data.signatures, w))
    return story


def _link_code(url: str, width: float) -> Table:
    """The round's public page as a QR code; where each player's own code is (his slip)."""
    size = 24 * mm
    widget = QrCodeWidget(url, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    caption = p(
        _(
            "The round's pairings and results: this code. Each player reports or confirms the result "
            "through the code on his own slip only."
        ),
        SMALL,
    )
    table = Table([[drawing, caption]], colWidths=[size + 2 * mm, width - size - 2 * mm])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return table


def render(data: MatchProtocolData, progress: Progress | None = None) -> bytes:
    return pdf(data.heading, _("Match protocol"), story(data), progress=progress, draft=data.draft)


# --- the registration ------------------------------------------------------------------------------------


def get(t: Tournament, key: str) -> Match:
    """The match of the tournament by its id, not a bye (Http404 otherwise)."""
    try:
        return Match.objects.select_related(
            "round__tournament",
            "round__stage",
            "player1__person",
            "player2__person",
            "winner__person",
            "protocol",
        ).get(round__tournament=t, pk=int(key), player2__isnull=False)
    except (ValueError, Match.DoesNotExist) as exc:
        raise Http404 from exc


def _file_name(t: Tournament, key: str) -> str:
    match = Match.objects.filter(pk=key, round__tournament=t).select_related("round").first()
    return f"тур {match.round.number} стол {match.table} протокол матча" if match else f"матч {key}"


def _subtitle(key: str) -> str:
    return _("match %(n)s") % {"n": key}


DOCUMENT = register(
    kind="match",
    title=gettext_lazy("match protocol"),
    build=lambda t, key: build(get(t, key)),
    render=render,
    public=keys.officials_only,
    exists=get,
    file_name=_file_name,
    subtitle=_subtitle,
)
