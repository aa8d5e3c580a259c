"""A disqualification takes effect at once (004 §2.3.2, §5.7.4), and one for N matches or N tournaments counts
only what the disqualified person misses."""

from __future__ import annotations

import datetime

from django.db.models import Q
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from judging.models import Sanction
from registration.models import Entry, Participant
from tests.factories import START, add_players, make_tournament
from tests.judging.conftest import at, frozen, play
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry

DAY = datetime.timedelta(days=1)


def _disqualify(client, t, p, **term):
    data = {
        "participant": p.pk,
        "kind": "disqualification",
        "violation": "conduct",
        "clause": "004 §5.7.4",
        "facts": "Оскорбление судьи",
        **term,
    }
    return client.post(reverse("judging:sanction_new", args=[t.pk]), data)


def test_a_disqualification_mid_tournament_acts_as_a_removal_and_bars_his_other_tournaments_2_3_2_5_7_4(
    client, running, chief_judge, secretary
):
    p = running.participants.exclude(person__user__isnull=False).order_by("seed").first()
    # He is here through his own admitted entry (his documents seen): the ban follows him everywhere.
    make_entry(running, person=p.person, status="admitted")
    # He is admitted to a tournament next month (not started) and has an entry pending for another.
    later = make_tournament(
        secretary, name="Кубок зимы", start_date=START + 20 * DAY, end_date=START + 21 * DAY
    )
    admitted = make_entry(later, person=p.person, status="admitted")
    Participant.objects.create(tournament=later, person=p.person, seed=1)
    add_players(later, 3, start=40)
    draw_manager.draw_round(later, secretary, expected_number=1, seed=2)  # a draft that pairs him
    pending_in = make_tournament(
        secretary, name="Кубок весны", start_date=START + 40 * DAY, end_date=START + 41 * DAY
    )
    pending = make_entry(pending_in, person=p.person, status="pending")
    beyond = make_tournament(
        secretary, name="Кубок лета", start_date=START + 200 * DAY, end_date=START + 201 * DAY
    )
    untouched = make_entry(beyond, person=p.person, status="pending")
    client.force_login(chief_judge)
    with frozen(at(30)):
        response = _disqualify(client, running, p, ends_on=(START + 60 * DAY).isoformat())
    assert response.status_code == 302, response.content.decode()[:3000]
    # Here: removed (004 §5.7.3), not paired again.
    p.refresh_from_db()
    assert p.status == "removed"
    assert Sanction.objects.get(kind="disqualification").outcome == "technical"
    with frozen(at(40)):
        rnd = draw_manager.draw_round(running, secretary, expected_number=2, seed=1)
    assert not rnd.matches.filter(Q(player1=p) | Q(player2=p)).exists()
    # Next month: withdrawn with the reason, the draft drawn again without him.
    there = Participant.objects.get(tournament=later, person=p.person)
    assert there.status == "withdrawn"
    admitted.refresh_from_db()
    assert admitted.status == "refused" and "004 §2.3.2" in admitted.decision_reason
    assert AuditEntry.objects.filter(tournament=later, action="withdraw", data__clause="004 §2.3.2").exists()
    draft = Round.objects.get(tournament=later, number=1)
    assert not draft.matches.filter(Q(player1=there) | Q(player2=there)).exists()
    # The pending entry inside the ban is refused with the clause; the one after the ban is left alone.
    pending.refresh_from_db()
    untouched.refresh_from_db()
    assert pending.status == "refused" and "004 §2.3.2" in pending.decision_reason
    assert untouched.status == "pending"


def _event(secretary, name, start, **settings):
    settings.setdefault("rounds", 3)
    t = make_tournament(secretary, name=name, start_date=start, end_date=start + DAY, **settings)
    add_players(t, 4, start=sum(map(ord, name)) % 500 + 100)
    return t


def _rounds_started(t, secretary, n, day):
    """Play rounds 1..n of ``t`` on ``day``, each started at its own hour."""
    for number in range(1, n + 1):
        when = datetime.datetime.combine(day, datetime.time(9 + number), tzinfo=datetime.UTC)
        with frozen(when):
            play(t, secretary, number)
        Round.objects.filter(tournament=t, number=number).update(start_time=when)


def test_a_ban_for_matches_counts_only_the_matches_he_could_have_played_5_7_4(
    running, chief_judge, secretary
):
    p = running.participants.order_by("seed").last()
    with frozen(at(30)):
        s = Sanction(
            person=p.person,
            tournament=running,
            kind="disqualification",
            facts="Неспортивное поведение",
            clause="004 §5.7.4",
            matches_count=3,
        )
        s.apply(chief_judge, p)
    assert p.person.gender == "male"
    on = START + 20 * DAY
    # An unrelated women's event, or another discipline, is no match he missed: the ban stays in force.
    _rounds_started(
        _event(secretary, "Женский кубок", START + 10 * DAY, gender_group="women"),
        secretary,
        3,
        START + 10 * DAY,
    )
    _rounds_started(
        _event(secretary, "Короткие нарды", START + 11 * DAY, discipline="short"),
        secretary,
        3,
        START + 11 * DAY,
    )
    assert Sanction.objects.disqualifying(p.person, on).exists()
    # Issue 27 item 6: nor a parallel men's event he never entered.
    _rounds_started(_event(secretary, "Параллельный кубок", START + 12 * DAY), secretary, 3, START + 12 * DAY)
    assert Sanction.objects.disqualifying(p.person, on).exists()
    men = _event(secretary, "Мужской кубок", START + 12 * DAY)
    make_entry(men, person=p.person, status="refused")  # he was entered, and refused for the ban
    _rounds_started(men, secretary, 2, START + 12 * DAY)
    assert Sanction.objects.disqualifying(p.person, on).exists()  # two of his three matches missed
    with frozen(datetime.datetime.combine(START + 12 * DAY, datetime.time(15), tzinfo=datetime.UTC)):
        play(men, secretary, 3)
    Round.objects.filter(tournament=men, number=3).update(
        start_time=datetime.datetime.combine(START + 12 * DAY, datetime.time(15), tzinfo=datetime.UTC)
    )
    assert not Sanction.objects.disqualifying(p.person, on).exists()  # the third: the ban is served


def test_a_ban_for_tournaments_counts_his_discipline_and_gender_group_or_what_he_entered_5_7_4(
    running, chief_judge, secretary
):
    p = running.participants.order_by("seed").last()
    with frozen(at(30)):
        Sanction(
            person=p.person,
            tournament=running,
            kind="disqualification",
            facts="x",
            clause="004 §5.7.4",
            tournaments_count=1,
        ).apply(chief_judge, p)
    _event(secretary, "Женский кубок", START + 10 * DAY, gender_group="women")
    _event(secretary, "Короткие нарды", START + 11 * DAY, discipline="short")
    on = START + 30 * DAY
    assert Sanction.objects.disqualifying(p.person, on).exists()
    # A short-nardy event he entered counts: he missed it.
    entered = _event(secretary, "Короткие нарды 2", START + 12 * DAY, discipline="short")
    make_entry(entered, person=p.person, status="refused")
    assert not Sanction.objects.disqualifying(p.person, on).exists()
    Entry.objects.filter(tournament=entered).delete()
    assert Sanction.objects.disqualifying(p.person, on).exists()
    _event(secretary, "Мужской кубок", START + 13 * DAY)  # his discipline, his group: he could enter
    assert not Sanction.objects.disqualifying(p.person, on).exists()


def test_a_disqualification_reaches_the_pair_he_plays_second_in_003_pairs_5_7_4(
    client, running, chief_judge, secretary
):
    """Issue 27 item 8 (003 «Пары», 004 §2.3.2, §5.7.4): the ban of a person reaches every pair he is part
    of — also a pairs event not started yet in which he is the second-named player: the pair is withdrawn
    and its entry refused, as when he is named first."""
    from registration.models import Person

    p = running.participants.exclude(person__user__isnull=False).order_by("seed").first()
    make_entry(running, person=p.person, status="admitted")
    pairs = make_tournament(
        secretary, name="Парный кубок", start_date=START + 20 * DAY, end_date=START + 21 * DAY
    )
    first = Person.objects.create(surname="Напарников", name="Олег", birth_date=datetime.date(1979, 3, 3))
    entry = make_entry(pairs, person=first, status="admitted")
    Entry.objects.filter(pk=entry.pk).update(partner=p.person)
    pair = Participant.objects.create(tournament=pairs, person=first, partner=p.person, seed=1)
    client.force_login(chief_judge)
    with frozen(at(30)):
        response = _disqualify(client, running, p, ends_on=(START + 60 * DAY).isoformat())
    assert response.status_code == 302, response.content.decode()[:3000]
    pair.refresh_from_db()
    entry.refresh_from_db()
    assert pair.status == "withdrawn"
    assert entry.status == "refused" and "004 §2.3.2" in entry.decision_reason


def test_a_ban_for_matches_ends_when_rounds_are_played_without_the_start_button_5_7_4(
    running, chief_judge, secretary
):
    """Issue 27 item 6 (004 §5.7.4): a round the secretary published and played without pressing «start
    round» (no start time) is still a match the disqualified person missed."""
    p = running.participants.order_by("seed").last()
    with frozen(at(30)):
        s = Sanction(
            person=p.person,
            tournament=running,
            kind="disqualification",
            facts="Неспортивное поведение",
            clause="004 §5.7.4",
            matches_count=2,
        )
        s.apply(chief_judge, p)
    cup = _event(secretary, "Кубок без кнопки", START + 12 * DAY)
    make_entry(cup, person=p.person, status="refused")
    for number in (1, 2):
        with frozen(
            datetime.datetime.combine(START + 12 * DAY, datetime.time(9 + number), tzinfo=datetime.UTC)
        ):
            play(cup, secretary, number)
    assert not Round.objects.filter(tournament=cup, start_time__isnull=False).exists()
    assert not Sanction.objects.disqualifying(p.person, START + 20 * DAY).exists()
