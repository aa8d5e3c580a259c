"""Build the demo: a Swiss long-nardy tournament of 24 participants with 3 of 7 rounds played,
and accounts for a secretary, a chief judge and a participant. Safe to run again (it starts over)."""

from __future__ import annotations

import datetime
import random

from django.contrib.auth.models import Permission, User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from draw import manager as draw_manager
from draw import results
from draw.models import Round
from judging.models import Protest, RemovalProposal, Sanction
from judging.tasks import finalize_results
from registration import manager
from registration.models import (
    Entry,
    Gender,
    Official,
    Participant,
    Person,
    RegistrationSettings,
    Source,
    Team,
)
from tournaments.models import Character, Discipline, System, Tournament

DEMO_NAME = "Кубок федерации по длинным нардам (демо)"
OPEN_NAME = "Открытое первенство по коротким нардам (демо, идёт регистрация)"
TEAM_NAME = "Командный кубок регионов (демо)"
TEAMS = [
    "Москва",
    "Дагестан",
    "Санкт-Петербург",
    "Краснодар",
    "Татарстан",
    "Армения-клуб",
    "Азербайджан-клуб",
    "Ростов",
]
PASSWORD = "demo12345"  # noqa: S105 - demo accounts on a local machine
SURNAMES = [
    "Алиев",
    "Бабаян",
    "Васильев",
    "Гасанов",
    "Давыдов",
    "Ершов",
    "Жуков",
    "Зайцев",
    "Иванов",
    "Карапетян",
    "Лебедев",
    "Магомедов",
    "Никитин",
    "Орлов",
    "Петросян",
    "Рахимов",
    "Смирнов",
    "Тарасов",
    "Усманов",
    "Фёдоров",
    "Хачатрян",
    "Цветков",
    "Шамилов",
    "Юсупов",
]
NAMES = ["Артур", "Борис", "Вадим", "Георгий", "Давид", "Евгений", "Иван", "Карен", "Леонид", "Максим"]
PATRONYMICS = ["Александрович", "Борисович", "Викторович", "Олегович", "Рустамович", "Сергеевич"]
CLUBS = [
    ("Клуб «Шеш-беш»", "Москва"),
    ("Федерация нард Дагестана", "Республика Дагестан"),
    ("Клуб «Длинные нарды»", "Санкт-Петербург"),
    ("Клуб «Марс»", "Краснодарский край"),
]


class Command(BaseCommand):
    help = "Load the demo tournament and the demo accounts (secretary, judge, player; password demo12345)."

    @staticmethod
    def _clear(names: list[str]) -> None:
        """The demo tournaments from a previous run, with what the judging app protects from deletion
        (protests, removal proposals, sanctions): safe to run again whatever was done in the demo."""
        old = Tournament.objects.filter(name__in=names)
        RemovalProposal.objects.filter(tournament__in=old).delete()
        Protest.objects.filter(tournament__in=old).delete()
        Sanction.objects.filter(tournament__in=old).delete()
        old.delete()

    def handle(self, *args, **options):
        rng = random.Random(2026)
        with transaction.atomic():
            self._clear([DEMO_NAME, OPEN_NAME, TEAM_NAME])
            secretary = self._user("secretary", "Ольга", "Секретарёва", can_create=True)
            judge = self._user("judge", "Сергей", "Судейкин")
            player = self._user("player", NAMES[0], SURNAMES[0])
            User.objects.filter(username="admin").exists() or User.objects.create_superuser(
                "admin", "admin@example.org", PASSWORD
            )
            today = timezone.localdate()
            t = Tournament.objects.create(
                name=DEMO_NAME,
                discipline=Discipline.LONG,
                system=System.SWISS,
                rounds=7,
                match_length=7,
                start_date=today,
                end_date=today + datetime.timedelta(days=1),
                venue="Москва, ЦДШ",
                created_by=secretary,
            )
            Official.objects.create(
                tournament=t, person=self._person(secretary), role=Official.Role.CHIEF_SECRETARY
            )
            Official.objects.create(tournament=t, person=self._person(judge), role=Official.Role.CHIEF_JUDGE)
            for i, surname in enumerate(SURNAMES):
                club, region = CLUBS[i % len(CLUBS)]
                person = (
                    self._person(player)
                    if i == 0
                    else Person.objects.get_or_create(
                        surname=surname,
                        name=NAMES[i % len(NAMES)],
                        patronymic=PATRONYMICS[i % len(PATRONYMICS)],
                        birth_date=datetime.date(1960 + i, 1 + i % 12, 1 + i % 28),
                        defaults={"gender": Gender.MALE, "organisation": club, "region": region},
                    )[0]
                )
                if i == 0:
                    person.organisation, person.region = club, region
                    person.birth_date = datetime.date(1990, 5, 17)
                    person.save()
                Participant.objects.create(tournament=t, person=person, seed=i + 1)
            for number in (1, 2, 3):
                rnd = draw_manager.draw_round(t, secretary, expected_number=number, seed=rng.randrange(2**31))
                Round.objects.filter(pk=rnd.pk).update(
                    status=Round.Status.PUBLISHED, published_at=timezone.now()
                )
                for m in rnd.matches.filter(result_kind=""):
                    loser = rng.randrange(0, 7)
                    first_wins = rng.random() < 0.5
                    data = results.ResultInput(
                        "played", 7 if first_wins else loser, loser if first_wins else 7
                    )
                    results.record_result(m.pk, secretary, data, m.version)
                # The first three rounds were played this morning, an hour each: their protest windows
                # have long closed, so their results are final.
                start = timezone.now() - datetime.timedelta(hours=4 - number)
                Round.objects.filter(pk=rnd.pk).update(start_time=start)
                rnd.matches.update(started_at=start, ended_at=start + datetime.timedelta(minutes=50))
            finalize_results()
            draw_manager.draw_round(t, secretary, expected_number=4, seed=rng.randrange(2**31))
            self._open_registration(secretary, judge, today)
            self._team_event(secretary, judge, today, rng)
        self.stdout.write(
            self.style.SUCCESS(f"Demo tournament: {DEMO_NAME} (3 of 7 rounds played, round 4 drawn)")
        )
        self.stdout.write(f"and: {OPEN_NAME} (entries on the site until its deadline; entries to examine)")
        self.stdout.write(f"and: {TEAM_NAME} (8 teams, 4 boards, 2 of 4 rounds played, round 3 published)")
        self.stdout.write("Logins (password demo12345): secretary, judge, player; superuser admin")

    def _open_registration(self, secretary: User, judge: User, today: datetime.date) -> None:
        """A short-nardy tournament in two weeks, taking entries on the site, with entries in each state."""
        start = today + datetime.timedelta(days=14)
        t = Tournament.objects.create(
            name=OPEN_NAME,
            discipline=Discipline.SHORT,
            system=System.SINGLE_ELIMINATION,
            match_length=5,
            start_date=start,
            end_date=start,
            venue="Казань",
            created_by=secretary,
        )
        Official.objects.create(
            tournament=t, person=self._person(secretary), role=Official.Role.CHIEF_SECRETARY
        )
        Official.objects.create(tournament=t, person=self._person(judge), role=Official.Role.CHIEF_JUDGE)
        RegistrationSettings.objects.create(
            tournament=t,
            self_registration=True,
            deadline=timezone.now() + datetime.timedelta(days=12),
        )
        people = [
            # surname, name, birth date, documents shown (identity, medical, insurance), decision
            ("Абрамов", "Руслан", datetime.date(1985, 3, 2), (True, True, True), Entry.Status.ADMITTED),
            ("Байрамов", "Эльдар", datetime.date(1979, 7, 19), (True, True, True), Entry.Status.ADMITTED),
            ("Власова", "Марина", datetime.date(1992, 11, 5), (True, True, True), Entry.Status.ADMITTED),
            ("Гусейнов", "Тимур", datetime.date(1990, 1, 30), (True, True, False), Entry.Status.PENDING),
            ("Дьяченко", "Олег", datetime.date(1988, 6, 12), (False, False, False), Entry.Status.PENDING),
            # Turns 18 the day after the first day (004 §2.3.1): the check refuses him.
            (
                "Ефимов",
                "Кирилл",
                start.replace(year=start.year - 18) + datetime.timedelta(days=1),
                (True, True, True),
                Entry.Status.REFUSED,
            ),
        ]
        for surname, name, born, (ident, medical, insurance), decision in people:
            person, _ = Person.objects.get_or_create(
                surname=surname,
                name=name,
                patronymic="",
                birth_date=born,
                defaults={"gender": Gender.FEMALE if surname.endswith("а") else Gender.MALE},
            )
            entry = Entry.objects.create(
                tournament=t,
                person=person,
                organisation="Федерация нард Татарстана",
                region="Республика Татарстан",
                disciplines="short",
                responsible_name="Хабибуллин Рамиль",
                responsible_phone="+7 843 000-00-00",
                source=Source.SELF,
            )
            manager.record_documents(
                entry,
                secretary,
                has_identity_document=ident,
                has_medical_clearance=medical,
                has_insurance=insurance,
            )
            if decision == Entry.Status.ADMITTED:
                manager.decide(entry, decision, "", secretary)
            elif decision == Entry.Status.REFUSED:
                manager.decide(
                    entry, decision, "Не исполнилось 18 лет в первый день турнира (004 §2.3.1)", judge
                )

    def _team_event(self, secretary: User, judge: User, today: datetime.date, rng: random.Random) -> None:
        """A team Swiss (004 §1.3.4): 8 teams of 5 (4 boards and a reserve), 2 rounds played, round 3 on."""
        t = Tournament.objects.create(
            name=TEAM_NAME,
            discipline=Discipline.SHORT,
            system=System.SWISS,
            character=Character.TEAM,
            boards=4,
            rounds=4,
            match_length=5,
            start_date=today,
            end_date=today,
            venue="Москва",
            time_control_minutes=15,
            time_control_increment=10,
            created_by=secretary,
        )
        Official.objects.create(
            tournament=t, person=self._person(secretary), role=Official.Role.CHIEF_SECRETARY
        )
        Official.objects.create(tournament=t, person=self._person(judge), role=Official.Role.CHIEF_JUDGE)
        for i, name in enumerate(TEAMS):
            team = Team.objects.create(tournament=t, name=name, seed=i + 1)
            for j in range(5):
                person, _ = Person.objects.get_or_create(
                    surname=SURNAMES[(i * 5 + j) % len(SURNAMES)],
                    name=NAMES[(i + j) % len(NAMES)],
                    patronymic=PATRONYMICS[(i * 5 + j) % len(PATRONYMICS)],
                    birth_date=datetime.date(1970 + i, 1 + j, 10 + i),
                    defaults={"gender": Gender.MALE, "region": name},
                )
                Participant.objects.create(tournament=t, person=person, team=team, board_order=j + 1)
            team.captain = team.members.get(board_order=1)
            team.save(update_fields=["captain"])
        for number in (1, 2, 3):
            rnd = draw_manager.draw_round(t, secretary, expected_number=number, seed=rng.randrange(2**31))
            Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())
            matches = list(rnd.matches.filter(result_kind="").order_by("table"))
            if number == 3:
                matches = matches[:6]  # round 3 under way: a few boards finished
            for m in matches:
                loser = rng.randrange(0, 5)
                first_wins = rng.random() < 0.5
                data = results.ResultInput("played", 5 if first_wins else loser, loser if first_wins else 5)
                results.record_result(m.pk, secretary, data, m.version)

    def _user(self, username: str, first: str, last: str, can_create: bool = False) -> User:
        user, _ = User.objects.get_or_create(
            username=username, defaults={"first_name": first, "last_name": last}
        )
        user.set_password(PASSWORD)
        user.save()
        if can_create:
            user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
        return user

    def _person(self, user: User) -> Person:
        person, _ = Person.objects.get_or_create(
            user=user, defaults={"surname": user.last_name, "name": user.first_name}
        )
        return person
