"""Every document of every sample tournament as text, to show a change to the documents' code changed nothing.

Run: ``.venv/bin/python scripts/document_snapshot.py --write /tmp/before`` on the old code, then
``.venv/bin/python scripts/document_snapshot.py --compare /tmp/before`` on the new (needs ``pdftotext`` from
poppler-utils). It builds, in a throw-away SQLite database and at a frozen clock, the samples of
``scripts/render_protocol_samples.py`` (the demo's Swiss played to the end with a federation's fields, a
protest, a sanction and a match record; the entries of the open tournament; the team demo; a round robin,
single and double elimination and a team round robin played out) plus a mixed event and a competition of two
events, with ``SITE_URL`` set (the match protocols' links). For each tournament it writes:

- the documents page's listing for an official and for an anonymous reader (``documents.available``), with
  each document's file name and whether an anonymous reader may read it (``documents.can_read``);
- the text of every listed document, of the match protocols of the first and the last round, of every team
  match protocol, of the competition's documents and of the team standings PDF (``pdftotext -layout``), and
  the sha256 of each PDF (reportlab's ``invariant`` mode: the same document gives the same bytes);
- which keys each kind refuses (Http404) among a few wrong ones.

``--compare`` writes the same into a temporary directory and prints the differences (exit 1 if any).
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CLOCK = datetime.datetime(2026, 5, 20, 9, 0, tzinfo=datetime.UTC)
KINDS = (
    "pairings match round_protocols standings crosstable bracket registration protest sanctions final "
    "schedule report diplomas comp_registration comp_schedule team_match team_protocols board_standings"
).split()
WRONG_KEYS = ("", "0", "999999", "x")
KEEP_PDF = False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="write the snapshot into this directory")
    group.add_argument("--compare", type=Path, help="compare with the snapshot in this directory")
    parser.add_argument("--keep-pdf", action="store_true", help="keep each PDF beside its text (to look at)")
    args = parser.parse_args()
    global KEEP_PDF
    KEEP_PDF = args.keep_pdf
    workdir = Path(tempfile.mkdtemp(prefix="document-snapshot-"))
    out = args.write or workdir / "now"
    out.mkdir(parents=True, exist_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/samples.sqlite3"
    os.environ["MEDIA_ROOT"] = str(workdir / "media")
    os.environ["SITE_URL"] = "https://nardy.example"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import time_machine

    with time_machine.travel(CLOCK, tick=False):
        snapshot(out)
    if args.compare:
        sys.exit(compare(args.compare, out))


def snapshot(out: Path) -> None:
    import django
    from reportlab import rl_config

    rl_config.invariant = 1  # no creation date, no random document id: the same document, the same bytes
    django.setup()
    from django.contrib.auth.models import AnonymousUser
    from django.core.management import call_command
    from django.http import Http404
    from django.test import Client
    from django.urls import reverse
    from django.utils import translation

    from draw.models import Match, TeamMatch
    from protocols import documents, names
    from public.management.commands.load_demo import DEMO_NAME
    from scripts import render_protocol_samples as samples
    from tournaments.models import Tournament

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    demo = Tournament.objects.get(name=DEMO_NAME)
    samples.federation_fields(demo)
    samples.extras(demo)
    samples.finish_swiss(demo)
    samples.played("Кубок клуба «Шеш-беш» (круговая система)", "round_robin", 12, match_length=3)
    samples.played("Кубок города по коротким нардам (олимпийская система)", "single_elimination", 19, "short")
    samples.played("Турнир ветеранов (с выбыванием после двух поражений)", "double_elimination", 11)
    samples.played_teams("Командное первенство области (круговая система)", 5)
    mixed_event()
    competition()

    anonymous = AnonymousUser()
    client = Client()
    for t in Tournament.objects.order_by("pk"):
        lines: list[str] = []
        docs: list[tuple[str, str]] = []
        with translation.override("ru"):
            for official in (True, False):
                lines.append(f"== listing, {'official' if official else 'anonymous'}")
                for section, items in documents.available(t, official):
                    lines.append(f"-- {section}")
                    for title, kind, key in items:
                        public = documents.can_read(anonymous, t, kind, key)
                        name = names.file_name(t, kind, key)
                        lines.append(f"{title} | {kind} | {key} | public={public} | {name}")
                        if official:
                            docs.append((kind, key))
        rounds = list(t.round_set.order_by("number"))
        for rnd in rounds[:1] + rounds[-1:]:
            for m in Match.objects.filter(round=rnd).exclude(player2=None).order_by("table", "board"):
                docs.append(("match", str(m.pk)))
        for tm in (
            TeamMatch.objects.filter(round__tournament=t).exclude(team2=None).order_by("round", "table")
        ):
            docs.append(("team_match", str(tm.pk)))
        if t.competition_id and t.competition.events.order_by("pk").first() == t:
            docs += [("comp_registration", ""), ("comp_schedule", "")]
        lines.append("== refused keys")
        for kind in KINDS:
            refused = []
            for key in WRONG_KEYS:
                try:
                    documents.check(t, kind, key)
                except Http404:
                    refused.append(key or "''")
            lines.append(f"{kind}: {' '.join(refused)}")
        lines.append("== file names and readers of the other documents")
        for kind, key in docs:
            if kind in ("match", "team_match", "comp_registration", "comp_schedule"):
                public = documents.can_read(anonymous, t, kind, key)
                lines.append(f"{kind} {key}: public={public} | {names.file_name(t, kind, key)}")
        folder = out / f"{t.pk:02d}"
        folder.mkdir(exist_ok=True)
        (folder / "index.txt").write_text("\n".join([t.name, *lines, ""]))
        for kind, key in dict.fromkeys(docs):
            write_pdf(folder / f"{kind}-{key or 'all'}", documents.render_document(t, kind, key)[0])
        if t.is_team_event:
            response = client.get(reverse("public:team_standings_pdf", args=[t.pk]))
            write_pdf(folder / "team-standings", response.content)
        print(f"{t.pk:>3} {t.name[:60]:<60} {len(dict.fromkeys(docs)):>4} documents", flush=True)


def write_pdf(stem: Path, pdf: bytes) -> None:
    stem.with_suffix(".pdf").write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(stem.with_suffix(".pdf")), "-"],
        check=True,
        capture_output=True,
    ).stdout
    stem.with_suffix(".txt").write_bytes(text)
    stem.with_suffix(".sha256").write_text(hashlib.sha256(pdf).hexdigest() + "\n")
    if not KEEP_PDF:
        stem.with_suffix(".pdf").unlink()


def mixed_event() -> None:
    """A mixed event (two groups, then a single-elimination playoff of four) played to the end."""
    from scripts import render_protocol_samples as samples

    samples.played("Кубок района (смешанная система)", "mixed", 12, group_count=2, qualifiers_per_group=2)


def competition() -> None:
    """A competition of two events: entries (one refused), participants, officials, planned rounds, a round
    drawn and published in the first event."""
    from django.contrib.auth.models import User
    from django.utils import timezone

    from draw import manager as draw_manager
    from draw.models import Round
    from protocols.models import ScheduledRound
    from registration.models import Entry, Official, Participant, Person
    from tournaments.models import Competition, Tournament

    secretary = User.objects.get(username="secretary")
    day = datetime.date(2026, 6, 2)
    c = Competition.objects.create(
        name="Чемпионат округа 2026", start_date=day, end_date=day + datetime.timedelta(days=1), venue="Уфа"
    )
    events = [
        Tournament.objects.create(
            name=name,
            discipline=discipline,
            system="swiss",
            start_date=day,
            end_date=day + datetime.timedelta(days=1),
            competition=c,
            created_by=secretary,
            rounds=3,
        )
        for name, discipline in (("Длинные нарды, мужчины", "long"), ("Короткие нарды, мужчины", "short"))
    ]
    for username, role in (("secretary", "chief_secretary"), ("judge", "chief_judge")):
        Official.objects.create(
            tournament=events[0], person=User.objects.get(username=username).person, role=role
        )
    people = list(Person.objects.filter(user__isnull=True).order_by("pk")[:9])
    for i, person in enumerate(people):
        for t in events[: 1 + i % 2]:
            status = Entry.Status.REFUSED if i == 8 and t == events[0] else Entry.Status.ADMITTED
            Entry.objects.create(
                tournament=t,
                person=person,
                status=status,
                region=person.region,
                decision_reason="004 §5.3.2: нет медицинского допуска"
                if status == Entry.Status.REFUSED
                else "",
            )
            if status == Entry.Status.ADMITTED:
                Participant.objects.create(tournament=t, person=person, seed=i + 1)
    for k, t in enumerate(events):
        for number in range(1, 4):
            start = datetime.datetime.combine(day, datetime.time(10 + k, 0)) + datetime.timedelta(
                hours=2 * number
            )
            ScheduledRound.objects.create(tournament=t, number=number, starts_at=timezone.make_aware(start))
    rnd = draw_manager.draw_round(events[0], secretary, 1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())


def compare(before: Path, now: Path) -> int:
    old = {p.relative_to(before): p for p in before.rglob("*") if p.is_file()}
    new = {p.relative_to(now): p for p in now.rglob("*") if p.is_file()}
    differences = 0
    for rel in sorted(old.keys() | new.keys()):
        if rel not in new or rel not in old:
            print(f"{'missing now' if rel not in new else 'new'}: {rel}")
            differences += 1
            continue
        a, b = old[rel].read_text(), new[rel].read_text()
        if a != b:
            differences += 1
            print(f"differs: {rel}")
            if rel.suffix != ".sha256":
                sys.stdout.writelines(
                    list(difflib.unified_diff(a.splitlines(True), b.splitlines(True), str(rel), str(rel)))[
                        :80
                    ]
                )
    texts = sum(1 for rel in old if rel.suffix == ".txt")
    print(f"{len(old)} files ({texts} texts) compared, {differences} differ")
    return 1 if differences else 0


if __name__ == "__main__":
    main()
