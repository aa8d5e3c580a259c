"""004 §6.2.1 item 7: the chief judge «оценивает работу судей, обслуживающих соревнование» — a mark per judge
with a comment, kept with his report and printed in it (issue 27, «Missing»)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from protocols.docs import report as report_doc
from protocols.models import JudgeEvaluation
from registration.models import Official
from tests.factories import make_tournament, make_user


@pytest.fixture
def judged(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=4)
    judge = Official.objects.create(tournament=t, person=make_user("tablej").person, role=Official.Role.JUDGE)
    tech = Official.objects.create(
        tournament=t, person=make_user("techj").person, role=Official.Role.TECHNICAL_JUDGE
    )
    return t, judge, tech


def _url(t):
    return reverse("protocols:judges_evaluation", args=[t.pk])


def test_the_chief_judge_marks_each_judge_and_the_report_prints_it_6_2_1(client, judged, chief_judge):
    t, judge, tech = judged
    client.force_login(chief_judge)
    page = client.get(_url(t)).content.decode()
    assert judge.person.full_name in page and tech.person.full_name in page
    chief = Official.objects.get(tournament=t, role="chief_judge")
    assert f"mark_{chief.pk}" not in page  # he does not mark himself
    data = {
        f"mark_{judge.pk}": "5",
        f"comment_{judge.pk}": "Чётко вёл протоколы",
        f"mark_{tech.pk}": "3",
        f"comment_{tech.pk}": "Часы на столе 4 не проверены до тура",
    }
    assert client.post(_url(t), data).status_code == 302
    assert JudgeEvaluation.objects.get(official=judge).mark == 5
    assert t.audit.filter(action="judges_evaluation", user=chief_judge).exists()
    report = report_doc.build(t)
    lines = {line.name: line for line in report.evaluations}
    assert lines[judge.person.full_name].mark == "5" and "Чётко" in lines[judge.person.full_name].comment
    assert report_doc.render(report).startswith(b"%PDF")


def test_only_the_chief_judge_evaluates_6_2_1(client, judged, secretary):
    t, judge, _tech = judged
    client.force_login(secretary)  # the chief secretary is evaluated, he evaluates nobody
    assert client.post(_url(t), {f"mark_{judge.pk}": "2", f"comment_{judge.pk}": "x"}).status_code == 403
    assert not JudgeEvaluation.objects.exists()


def test_a_mark_out_of_the_scale_changes_nothing_6_2_1(client, judged, chief_judge):
    t, judge, tech = judged
    client.force_login(chief_judge)
    data = {f"mark_{judge.pk}": "7", f"mark_{tech.pk}": "4"}
    assert client.post(_url(t), data).status_code == 400
    assert not JudgeEvaluation.objects.exists()
