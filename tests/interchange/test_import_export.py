"""Issue 29 §4: TRF import, export, the standings command, the round trip and the officials' pages."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from draw import manager
from draw.models import Absence, Match, ResultKind
from draw.results import score_errors
from interchange import trf
from interchange.manager import export_trf, import_trf, standings_rows
from tests.factories import make_tournament, make_user
from tournaments.models import Tournament

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"
CAPO = DATA / "capo_dorso_2012.trf"
GROS = DATA / "gros_2010_round5.trf"

pytestmark = pytest.mark.django_db


def _import(path=CAPO, **kw):
    return import_trf(path.read_text(encoding="utf-8"), filename=path.name, **kw)


def _places(t):
    return {row["start_number"]: row["place"] for row in standings_rows(t)}


def test_the_real_84_player_event_imports_with_its_published_places_under_fide2009():
    report = _import(tiebreaks="buchholz,sonneborn_berger", unplayed="fide2009")
    t = report.tournament
    published = {p.number: str(p.rank) for p in trf.parse(CAPO.read_text(encoding="utf-8")).players}
    assert set(t.participants.values_list("seed", flat=True)) == set(published)  # start numbers kept
    places = _places(t)
    assert sum(places[n] == published[n] for n in published) == 84


def test_a_draw_of_another_sport_is_half_a_point_each_shown_as_a_draw_and_the_event_is_read_only():
    report = _import()
    t = report.tournament
    draws = Match.objects.filter(round__tournament=t, result_kind=ResultKind.DRAW)
    assert draws.count() == len(report.draws) == 99
    assert all(m.winner_id is None and m.score1 is None for m in draws)
    assert t.imported_from == CAPO.name and CAPO.name in t.read_only_reason  # read-only for results
    assert str(Match(result_kind=ResultKind.DRAW).get_result_kind_display()) in {
        "draw (imported, ½ each)",
        "ничья (импорт, по ½)",
    }


def test_a_nardy_result_never_is_a_draw():
    assert score_errors(ResultKind.DRAW, 5, 3, 3, None, "") != []


def test_absences_requested_byes_byes_and_forfeits_are_mapped_and_listed():
    report = _import(GROS)
    t = report.tournament
    data = trf.parse(GROS.read_text(encoding="utf-8"))
    codes = [g.code for p in data.players for g in p.games]
    # Round 5 of the file is the organisers' list before its draw: players 22 (Z), 28 (Z), 43 (H) out.
    assert len(report.forfeits) == codes.count("+") == 4  # 13–39, 42–16, 46–20, 8–21: technical results
    assert Match.objects.filter(round__tournament=t, result_kind=ResultKind.TECHNICAL).count() == 4
    assert len(report.byes) == codes.count("U") == 3
    half = Absence.objects.filter(tournament=t, kind=Absence.Kind.REQUESTED_BYE, points="0.5")
    assert half.count() == len(report.requested_byes) == codes.count("H")
    assert Absence.objects.filter(tournament=t, participant__seed=28, kind=Absence.Kind.ABSENT).count() == 5
    assert t.status == Tournament.Status.RUNNING  # 5 of its 9 rounds


def test_export_then_import_gives_the_same_standings():
    first = _import(tiebreaks="buchholz,sonneborn_berger", unplayed="fide2009").tournament
    text = export_trf(first)
    again = import_trf(text, filename="again.trf", tiebreaks="buchholz,sonneborn_berger", unplayed="fide2009")
    assert standings_rows(again.tournament) == standings_rows(first)
    parsed = trf.parse(text)
    assert {p.number: p.rank for p in parsed.players} == {
        p.number: p.rank for p in trf.parse(CAPO.read_text(encoding="utf-8")).players
    }


def test_a_nardy_swiss_exports_with_absences_and_byes_as_trf_codes():
    user = make_user("sec")
    t = make_tournament(user, players=3, rounds=3)
    first = t.participants.order_by("seed").first()
    Absence.objects.create(tournament=t, participant=first, round_number=1, kind="requested_bye", points=0.5)
    manager.draw_round(t, user)
    manager.publish_round(t, 1, user)
    parsed = trf.parse(export_trf(t))
    codes = sorted(g.code for p in parsed.players for g in p.games)
    assert codes == ["H"]  # the two others are paired, their match has no result yet: not written


def test_the_commands_print_the_id_the_standings_as_json_and_the_file(tmp_path):
    out = StringIO()
    options = ["--tiebreaks", "buchholz,sonneborn_berger", "--unplayed", "fide2009"]
    call_command("import_trf", str(CAPO), *options, stdout=out, stderr=StringIO())
    pk = int(out.getvalue().strip())
    out = StringIO()
    call_command("standings", str(pk), "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert rows[0] == {
        "place": "1",
        "start_number": 1,
        "name": rows[0]["name"],
        "points": 7.5,
        "tiebreaks": {"buchholz": 54, "sonneborn_berger": 44},
    }
    target = tmp_path / "out.trf"
    call_command("export_trf", str(pk), "-o", str(target))
    assert len(trf.parse(target.read_text(encoding="utf-8")).players) == 84


@pytest.mark.parametrize(
    "args, says",
    [
        (["--tiebreaks", "buchholz,nonsense"], "unknown tie-break keys: nonsense"),
        (["--unplayed", "fide1999"], "unknown rule for unplayed games"),
    ],
)
def test_bad_options_say_what_is_wrong_and_create_nothing(args, says):
    with pytest.raises(CommandError, match=says):
        call_command("import_trf", str(CAPO), *args, stdout=StringIO(), stderr=StringIO())
    assert not Tournament.objects.exists()


def test_a_broken_file_names_its_line_and_creates_nothing(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(CAPO.read_text(encoding="utf-8").replace("    22 w 1    10 b 1", "    22 w 1    10 b 0"))
    with pytest.raises(CommandError, match="disagree"):
        call_command("import_trf", str(bad), stdout=StringIO(), stderr=StringIO())
    assert not Tournament.objects.exists()


def test_officials_upload_and_download_strangers_get_403(client):
    creator = make_user("creator", can_create=True)
    stranger = make_user("stranger")
    client.force_login(stranger)
    assert client.get("/t/import-trf/").status_code == 403
    client.force_login(creator)
    with CAPO.open("rb") as f:
        response = client.post("/t/import-trf/", {"file": f, "unplayed": "fide2009", "tiebreaks": ""})
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert client.get(f"/t/{t.pk}/export.trf").status_code == 200
    client.force_login(stranger)
    assert client.get(f"/t/{t.pk}/export.trf").status_code == 403


def test_an_upload_that_is_not_a_trf_is_refused_with_a_message(client):
    creator = make_user("creator", can_create=True)
    client.force_login(creator)
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        "/t/import-trf/", {"file": SimpleUploadedFile("x.trf", b"hello"), "unplayed": "fide2009"}
    )
    assert response.status_code == 200 and "no player line" in response.content.decode()
    assert not Tournament.objects.exists()


def test_trf_2026_writes_142_202_and_240_where_it_differs_and_reads_back_the_same_standings(tmp_path):
    """TRF-2026 (FIDE Handbook TRF26, applied from 1 September 2025): the number of rounds as 142, the
    tie-breaks in C.07's codes as 202, the requested byes and known absences as 240 records per round; the
    player lines as TRF-16's, so an import of it gives the same standings."""
    report = _import(GROS, tiebreaks="buchholz_cut1,sonneborn_berger,direct", unplayed="fide2009")
    t = report.tournament
    text = export_trf(t, 26)
    lines = text.split("\r\n")
    assert "142 9" in lines and "XXR 9" not in lines and "XXR 9" in export_trf(t).split("\r\n")
    assert "202 BH/C1,SB,DE" in lines
    byes = [line for line in lines if line.startswith("240 ")]
    # Player 43's half-point bye in round 5; 22 and 28 known absent there (the organisers' list).
    assert any(line.startswith("240 H 005") and "0043" in line for line in byes)
    assert any(line.startswith("240 Z 005") and "0022" in line and "0028" in line for line in byes)
    again = import_trf(text, filename="t26.trf", tiebreaks="buchholz_cut1,sonneborn_berger,direct")
    assert again.tournament.rounds == 9  # read from 142
    assert standings_rows(again.tournament) == standings_rows(t)
    target = tmp_path / "t26.trf"
    call_command("export_trf", str(t.pk), "--trf", "26", "-o", str(target))
    assert target.read_text(encoding="utf-8").replace("\n", "\r\n").count("202 BH/C1,SB,DE") == 1
