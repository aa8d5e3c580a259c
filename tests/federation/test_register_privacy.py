"""No personal data on any of the register's public pages (issue 31 §1; the public-data crawl of the draft
pages, tests/public/test_draft_crawl.py, extended to the federation's pages): every page and export an
anonymous visitor reaches, crawled, holds no date of birth, no document or policy number, no contact."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from federation import manager
from federation.models import JudgeCategory
from judging.models import Sanction
from registration.models import Entry, Official
from tests.protocols.conftest import pdf_text

from .builders import finished_event, people

pytestmark = [pytest.mark.security, pytest.mark.django_db]

DAY = datetime.date(2026, 3, 1)


@pytest.fixture
def register(secretary):
    field = people(8)
    t = finished_event(secretary, field, end=DAY, seed=3)
    for i, p in enumerate(field):
        Entry.objects.create(
            tournament=t, person=p, status="admitted", identity_document_number=f"45 0{i} 77777{i}",
            insurance_policy_number=f"POLICY-{i}", responsible_email=f"secret{i}@example.org",
            responsible_phone=f"+7 999 000-00-0{i}", organisation="Клуб", region="Москва", disciplines="long",
            responsible_name="Ответственный",
        )  # fmt: skip
    manager.event_finished(t)
    call_command("rating", "--freeze", "2026-04-01", "--list", "long")
    JudgeCategory.objects.create(
        person=field[0], category="first", assigned_on=datetime.date(2025, 1, 1), order="Приказ № 7",
        lapses_on=datetime.date(2027, 1, 1),
    )  # fmt: skip
    Official.objects.create(tournament=t, person=field[0], role=Official.Role.JUDGE)
    Sanction.objects.create(person=field[1], tournament=t, kind="disqualification", starts_on=DAY)
    return field


def _secrets(field) -> list[str]:
    out = []
    for i, p in enumerate(field):
        out += [p.birth_date.strftime("%d.%m.%Y"), p.birth_date.isoformat(), f"77777{i}", f"POLICY-{i}"]
        out += [f"secret{i}@", f"000-00-0{i}"]
    return out


def _pages(field) -> list[str]:
    urls = [
        reverse("federation:people") + "?q=рейтинг",
        reverse("federation:people") + "?q=&region=Москва",
        reverse("federation:ratings"),
        reverse("federation:judges"),
        reverse("federation:sanctions"),
        "/api/rating/long/export",
    ]
    for key in manager.lists():
        url = reverse("federation:live_list", args=[key])
        urls += [url, url + "?format=csv", url + "?format=json"]
    url = reverse("federation:official_list", args=["long", "2026-04-01"])
    urls += [url, url + "?format=csv", url + "?format=json"]
    urls += [reverse("federation:person", args=[p.pk]) for p in field]
    return urls


def test_issue31_no_personal_data_on_any_public_register_page(client, register):
    secrets = _secrets(register)
    seen = set()
    pdfs = 0
    queue = _pages(register)
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        assert response.status_code == 200, url
        if response["Content-Type"] == "application/pdf":  # the judges' PDFs (issue 31 §1): their text
            body = " ".join(pdf_text(response.content))
            pdfs += 1
        else:
            body = response.content.decode("utf-8")
        leaked = [s for s in secrets if s in body]
        assert not leaked, f"{url} shows {leaked}"
        # Follow the register's own links (people, lists) one level: every page a visitor reaches.
        for link in re.findall(r'href="(/(?:people|rating|judges|sanctions)/[^"]*)"', body):
            queue.append(link.replace("&amp;", "&"))
    assert len(seen) > 20
    assert pdfs >= 2  # the judge's practice certificate and the season's judges' list were read
