"""Issue 28 §5, §6: every page of the site at 390 px — a crawl of every URL of a set-up event of each kind
(Swiss, round robin, single and double elimination, mixed, team, a competition of several events, and an
event taking entries), as an anonymous visitor, as a participant and as the chief judge. On each page
(``tests/browser/layout.py``): the document is no wider than the screen
(``document.scrollingElement.scrollWidth <= 390``); no word is broken inside; the skip link lands after
the tournament's tabs; on the pages the public and the players read, no table pans inside its box either
(the crosstable and the bracket may: nothing folds them). The chief judge's pages are read again at 1280 px:
nothing spills past the content column.

Every URL pattern of the site (``config.urls``) is either crawled with the world's own ids, or named in
``NOT_PAGES`` with the reason (a PDF, an export, JSON, a fragment of a page, a redirect): a new page is
crawled as soon as it exists, and a page whose ids the crawl cannot fill fails
``test_every_url_of_the_site_is_crawled_or_said_why_not`` until it is taught them. Links found on the pages
are followed too (two URLs of each name per person), so the documents, protests and records are reached the
way a user reaches them.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import NoReverseMatch, Resolver404, URLPattern, URLResolver, get_resolver, resolve, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from draw import checkin, results
from draw import manager as draw_manager
from draw.models import Group, Match, Round, TeamMatch
from judging import links
from judging.models import Protest, Sanction
from public.management.commands.load_demo import DEMO_NAME, TEAM_NAME
from records.models import Record
from registration.models import Entry, EntryImport, Official, Person, TeamEntry
from season.models import Season, Series
from tests.browser import layout
from tests.factories import make_tournament, play_out
from tests.records.conftest import legal_text
from tests.registration.test_import import _csv, _rows
from tournaments.models import Competition, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE_WIDTH, LAPTOP_WIDTH = 390, 1280
LONG = ("Константинопольский-Задунайский", "Александр-Вячеслав", "Христофорович")
PER_NAME = 2  # URLs of one name a person's crawl opens: the kind of page, not every row of it

# URL names that are not pages, and why the crawl leaves them.
NOT_PAGES = {
    "health": "JSON for the load balancer",
    "set_language": "a POST that redirects back",
    "logout": "a POST that redirects",
    "federation:seed_by_list": "a POST that redirects to the participants",
    "public:home_live": "a fragment of the tournament's page (measured inside it)",
    "public:round_live": "a fragment of the round's page (measured inside it)",
    "public:export_standings": "a CSV or XLSX file",
    "public:export_crosstable": "a CSV or XLSX file",
    "public:export_participants": "a CSV or XLSX file",
    "public:export_pairings": "a CSV or XLSX file",
    "public:export_round": "a CSV or XLSX file",
    "public:export_tournament": "an XLSX file",
    "public:treasurer_xlsx": "an XLSX file (the treasurer's workbook)",
    "public:team_standings_pdf": "a PDF",
    "protocols:pdf": "a PDF (made on the way)",
    "protocols:pdf_key": "a PDF (made on the way)",
    "protocols:download": "a PDF",
    "protocols:status": "JSON of a document's progress",
    "protocols:judge_practice": "a PDF (a judge's practice certificate)",
    "protocols:season_judges": "a PDF (the season's judges' list)",
    "records:text": "the record's .mat text",
    "registration:import_template": "a CSV file",
    "registration:import_status": "JSON of an import's progress",
    "judging:protest_attachment": "a protest's attached file",
    "draw:absence_remove": "a POST that redirects back to the absences",
    "reporting:dossier": "a PDF (an athlete's rank dossier)",
    "reporting:download": "a ZIP file (the dossiers' archive or the report package)",
    "reporting:make": "a POST that redirects back to the event's reporting page",
    "reporting:send": "a POST that redirects back to the event's reporting page",
    "notify:confirm": "a one-time link from a mail: confirms and says so in one line",
    "notify:stop": "a signed link from a mail or a message: one line and one button (tests/notify)",
    "notify:webhook": "a POST from Telegram's Bot API (JSON)",
    "season:season_ics": "an iCal feed (issue 32 §1)",
    "season:person_ics": "a person's iCal feed through his match link",
    "season:regulation": "an event's regulation file",
    "season:series_pdf": "a PDF (the series standings)",
    "season:series_export": "a CSV or XLSX file (the series standings)",
    "season:current": "a redirect to this year's season",
    "season:seed_final": "a POST that redirects to the series",
    "federation:official_list": "exists once a list is frozen (`rating --freeze`), which no world does; "
    "the live list /rating/<list>/ is crawled and prints the same table",
}
# Ids a URL takes, and which of the world's objects give them (see ``_values``).
KNOWN_PARAMS = {
    "pk", "number", "match_pk", "participant_pk", "team_pk", "entry_pk", "official_pk", "protest_pk",
    "sanction_pk", "proposal_pk", "record_pk", "batch_pk", "group_number", "tm_pk", "kind", "key", "cpk",
    "person_pk", "token", "uidb64", "year", "series_pk",
}  # fmt: skip


def _patterns(resolver=None, namespace: str | None = None):
    """(name, its parameters) of every URL of the site but the admin's and the API's (JSON)."""
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            if str(p.pattern).startswith(("admin/", "api/")):
                continue
            yield from _patterns(p, p.namespace or namespace)
        elif isinstance(p, URLPattern) and p.name:
            name = f"{namespace}:{p.name}" if namespace else p.name
            yield name, sorted(p.pattern.converters) if hasattr(p.pattern, "converters") else []


def test_every_url_of_the_site_is_crawled_or_said_why_not():
    """The crawl below fills every URL's ids from its world; a URL it cannot fill says why it is no page."""
    unknown = {
        name: params
        for name, params in _patterns()
        if name not in NOT_PAGES and not set(params) <= KNOWN_PARAMS
    }
    assert unknown == {}


# --- the worlds ---------------------------------------------------------------------------------------------


@dataclass
class World:
    """A set-up event (or a competition of several) and its three people."""

    tournaments: list[Tournament]
    participant: User
    chief_judge: User
    competition: Competition | None = None
    extra: list[str] = field(default_factory=list)  # URLs no pattern gives (a private link)


def _account(person: Person, username: str) -> User:
    if person.user_id:
        return person.user
    user = User.objects.create_user(username, password="x")
    Person.objects.filter(pk=person.pk).update(user=user)
    return user


def _play(t: Tournament, user, rounds: int) -> None:
    """Draw, publish and play ``rounds`` rounds (fewer when the event ends first)."""
    for _ in range(rounds):
        number = t.round_set.count() + 1
        if number > 1 and not draw_manager.rounds_left(t):
            return
        rnd = draw_manager.draw_round(t, user, expected_number=number, seed=number)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
        for m in Match.objects.filter(round=rnd, result_kind="", player2__isnull=False):
            score = (7, 3) if m.pk % 2 else (4, 7)
            results.record_result(m.pk, user, results.ResultInput("played", *score), m.version)


def _judged(t: Tournament, secretary) -> None:
    """A protest, a warning, a player's protocol and a game record on a played match: their pages exist."""
    m = Match.objects.filter(round__tournament=t, result_kind="played").exclude(player2=None).first()
    Protest.objects.create(
        tournament=t, match=m, protester=m.player1, filed_at=m.ended_at, reasons="Счёт", arguments="Неверен"
    )
    Sanction(person=m.player2.person, tournament=t, kind="warning", violation="conduct", facts="Шум").apply(
        None, m.player2
    )
    client = Client()
    client.force_login(secretary)
    names = (str(m.player1.person.surname), str(m.player2.person.surname))
    response = client.post(
        reverse("records:attach", args=[t.pk, m.pk]), {"text": legal_text(players=names), "player1_side": "1"}
    )
    assert response.status_code == 302 and Record.objects.filter(match=m).exists()


def _demo_world(which: str) -> World:
    call_command("load_demo", verbosity=0)
    judge, secretary = User.objects.get(username="judge"), User.objects.get(username="secretary")
    if which == "swiss":
        t = Tournament.objects.get(name=DEMO_NAME)
        someone = t.participants.order_by("seed").last()
        Person.objects.filter(pk=someone.person_id).update(
            surname=LONG[0],
            name=LONG[1],
            patronymic=LONG[2],
            organisation="Федерация нард Ханты-Мансийского автономного округа — Югры",
        )
        _judged(t, secretary)
        player = User.objects.get(username="player")
        me = t.participants.get(person__user=player)
        played = Match.objects.filter(round__tournament=t).exclude(round__status="draft")
        m = played.exclude(player2=None).last()
        token = checkin.token_for(me)
        link = links.token_for(m, m.player1)
        notify = [reverse("notify:match", args=[link]), reverse("notify:checkin", args=[token])]
        return World([t], player, judge, extra=[links.url_for(m, m.player1), f"/c/{token}/", *notify])
    if which == "team":
        t = Tournament.objects.get(name=TEAM_NAME)
        member = t.participants.order_by("pk").first()
        team_entry = TeamEntry.objects.create(
            tournament=t,
            name="Сборная Ханты-Мансийского автономного округа — Югры",
            representative="Тренеров Тимофей Тимофеевич",
            organisation="Федерация нард Югры",
            region="Ханты-Мансийский автономный округ — Югра",
            disciplines="short",
            responsible_name="Ответственный Олег",
        )
        for person in Person.objects.filter(participations__tournament=t).distinct()[:3]:
            Entry.objects.create(
                tournament=t,
                person=person,
                team_entry=team_entry,
                organisation="Федерация нард Югры",
                region="Югра",
                disciplines="short",
                responsible_name="Ответственный Олег",
            )
        return World([t], _account(member.person, "member"), judge)
    # An event taking entries: the entries, an import's preview, the admission commission's pages.
    t = Tournament.objects.exclude(name__in=[DEMO_NAME, TEAM_NAME]).get()
    client = Client()
    client.force_login(secretary)
    rows = _rows(6, bad={3: ("Пол", "X"), 5: ("Дата рождения", "31.02.1990")})
    upload = SimpleUploadedFile("entries.csv", _csv(rows))
    assert client.post(reverse("registration:import", args=[t.pk]), {"file": upload}).status_code == 200
    entrant = Entry.objects.filter(tournament=t).first()
    return World([t], _account(entrant.person, "entrant"), judge)


def _made_world(system: str) -> World:
    secretary = User.objects.create_user("sec", password="x")
    Person.objects.create(user=secretary, surname="Секретарёва", name="Ольга")
    judge = User.objects.create_user("cj", password="x")
    Person.objects.create(user=judge, surname="Судейкин", name="Сергей")
    settings = {
        "round robin": {"system": "round_robin", "players": 6},
        "single elimination": {"system": "single_elimination", "players": 8},
        "double elimination": {"system": "double_elimination", "players": 6},
        "mixed": {"system": "mixed", "players": 8, "group_count": 2, "qualifiers_per_group": 2},
    }[system]
    t = make_tournament(secretary, judge, name=f"Турнир: {system}", **settings)
    if system in ("single elimination", "mixed"):
        client = Client()
        client.force_login(secretary)
        play_out(client, t, seed=3)  # finished: every page read-only
    else:
        _play(t, secretary, 2)
    me = t.participants.order_by("seed").first()
    return World([t], _account(me.person, "me"), judge)


def _competition_world() -> World:
    from tests.competitions.test_competition_registry import _competition, _form

    secretary = User.objects.create_user("sec", password="x")
    Person.objects.create(user=secretary, surname="Секретарёва", name="Ольга")
    judge = User.objects.create_user("cj", password="x")
    Person.objects.create(user=judge, surname="Судейкин", name="Сергей")
    c, events = _competition(secretary, judge)
    client = Client()
    client.force_login(secretary)  # the one entry form, as the tests of the competition fill it
    for surname in ("Алиев", "Бобров", "Ветров", "Гусев"):
        form = _form(surname, "male", events)
        assert client.post(reverse("public:competition_entry", args=[c.pk]), form).status_code == 302
    client.force_login(judge)
    for person in Person.objects.filter(surname__in=["Алиев", "Бобров", "Ветров", "Гусев"]):
        client.post(
            reverse("public:competition_admit", args=[c.pk, person.pk]),
            {"identity": "1", "medical": "1", "insurance": "1"},
        )
    client.force_login(secretary)
    for t in events[:2]:
        assert client.post(reverse("draw:draw", args=[t.pk]), {"number": 1}).status_code == 302
        assert client.post(reverse("draw:publish", args=[t.pk, 1])).status_code == 302
    aliev = Person.objects.get(surname="Алиев")
    return World(events, _account(aliev, "aliev"), judge, competition=c)


WORLDS = {
    "swiss": lambda: _demo_world("swiss"),
    "team": lambda: _demo_world("team"),
    "entries": lambda: _demo_world("entries"),
    "round robin": lambda: _made_world("round robin"),
    "single elimination": lambda: _made_world("single elimination"),
    "double elimination": lambda: _made_world("double elimination"),
    "mixed": lambda: _made_world("mixed"),
    "competition": _competition_world,
}


def _values(world: World, t: Tournament) -> dict[str, list]:
    """At most two ids of each kind in ``t``: a URL is crawled with each combination."""
    rounds = list(t.round_set.order_by("number").values_list("number", flat=True))
    matches = Match.objects.filter(round__tournament=t).exclude(player2=None)
    played, open_ = matches.exclude(result_kind="").first(), matches.filter(result_kind="").first()
    me = t.participants.filter(person__user=world.participant).first()
    protests = Protest.objects.filter(match__round__tournament=t)
    user = world.participant
    values = {
        "pk": [t.pk],
        "number": ([rounds[0], rounds[-1]] if len(rounds) > 1 else rounds),
        "match_pk": [m.pk for m in (played, open_) if m is not None],
        "participant_pk": [p.pk for p in [me, t.participants.exclude(pk=getattr(me, "pk", 0)).last()] if p],
        "team_pk": list(t.teams.values_list("pk", flat=True)[:1]),
        "entry_pk": list(Entry.objects.filter(tournament=t).values_list("pk", flat=True)[:2]),
        "official_pk": list(Official.objects.filter(tournament=t).values_list("pk", flat=True)[:1]),
        "protest_pk": list(protests.values_list("pk", flat=True)[:1]),
        "sanction_pk": list(Sanction.objects.filter(tournament=t).values_list("pk", flat=True)[:1]),
        "record_pk": list(Record.objects.filter(match__round__tournament=t).values_list("pk", flat=True)[:1]),
        "batch_pk": list(EntryImport.objects.filter(tournament=t).values_list("pk", flat=True)[:1]),
        "group_number": list(Group.objects.filter(stage__tournament=t).values_list("number", flat=True)[:1]),
        "tm_pk": list(TeamMatch.objects.filter(round__tournament=t).values_list("pk", flat=True)[:1]),
        "cpk": [world.competition.pk] if world.competition else [],
        "person_pk": [me.person_id] if me else [],
        "uidb64": [urlsafe_base64_encode(force_bytes(user.pk))],
        "token": [default_token_generator.make_token(user)],
        # The season's pages (issue 32): the seasons and series the world has
        # (tests/browser/test_season_phone.py builds its own).
        "year": list(Season.objects.values_list("year", flat=True)[:1]),
        "series_pk": list(Series.objects.values_list("pk", flat=True)[:1]),
    }
    return values


def _seeds(world: World) -> list[str]:
    """Every URL of every pattern this world's ids fill, then the world's own (private links)."""
    urls = ["/", reverse("login"), reverse("judging:disqualifications")]
    for t in world.tournaments:
        values = _values(world, t)
        for name, params in _patterns():
            if name in NOT_PAGES or not params or not all(values.get(p) for p in params):
                continue
            if name in ("judging:link", "draw:checkin_link", "notify:match", "notify:checkin"):
                continue  # tokens of their own: the world's extra URLs
            for combo in itertools.product(*(values[p] for p in params)):
                try:
                    urls.append(reverse(name, kwargs=dict(zip(params, combo))))
                except NoReverseMatch:
                    pass
    return list(dict.fromkeys(urls + world.extra))


# --- the crawl ----------------------------------------------------------------------------------------------


def _name(path: str) -> str | None:
    try:
        match = resolve(path)
    except Resolver404:
        return None
    return match.view_name


def _context(browser, live_server, user: User | None, width: int):
    context = browser.new_context(
        locale="ru-RU",
        viewport={"width": width, "height": 844 if width < 600 else 900},
        is_mobile=width < 600,
        has_touch=width < 600,
    )
    context.set_default_timeout(40_000)
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
        )
    return context


def _crawl(browser, live_server, world: World, user: User | None, width: int, public: bool) -> dict:
    """Visit the world's URLs and the links found on them; return {url: [problems]} and what was opened."""
    context = _context(browser, live_server, user, width)
    page = context.new_page()
    queue = list(_seeds(world))
    seen, per_name, found, errors = set(), defaultdict(int), {}, set()
    while queue:
        url = queue.pop(0)
        path = urlsplit(url).path
        name = _name(path)
        if path in seen or name is None or name in NOT_PAGES or name.startswith(("admin:", "api")):
            continue
        seen.add(path)
        if per_name[name] >= PER_NAME and url not in world.extra:
            continue
        per_name[name] += 1
        answer = page.request.get(live_server.url + url, max_redirects=0)
        kind = answer.headers.get("content-type", "")
        if answer.status >= 500:
            found[url] = [f"HTTP {answer.status}"]
            continue
        if not kind.startswith("text/html") or answer.status in (301, 302, 405) or not answer.body():
            continue
        if answer.status != 200:
            if answer.status in errors:
                continue  # one refusal page of each code is enough
            errors.add(answer.status)
        page.goto(live_server.url + url)
        wrong = layout.problems(page, public=public)
        if wrong:
            found[url] = wrong
            page.screenshot(path=f"/tmp/crawl-{width}-{path.strip('/').replace('/', '_') or 'home'}.png")
        for href in page.eval_on_selector_all("main a[href]", "els => els.map(e => e.getAttribute('href'))"):
            target = urlsplit(href)
            if target.netloc or not target.path.startswith("/"):
                continue
            queue.append(target.path)
    context.close()
    return {"problems": found, "opened": per_name}


@pytest.mark.parametrize("kind", list(WORLDS))
def test_every_page_fits_a_390_px_phone_as_a_visitor_a_participant_and_the_chief_judge(
    live_server, browser, kind
):
    world = WORLDS[kind]()
    too_wide = {}
    opened = set()
    for who, user, public in [
        ("anonymous", None, True),
        ("participant", world.participant, True),
        ("chief judge", world.chief_judge, False),
    ]:
        crawl = _crawl(browser, live_server, world, user, PHONE_WIDTH, public)
        too_wide.update({f"{who}: {url}": wrong for url, wrong in crawl["problems"].items()})
        opened |= set(crawl["opened"])
    assert not too_wide, "\n".join(f"{url}: {'; '.join(wrong)}" for url, wrong in too_wide.items())
    # The crawl reached the pages that make this kind of event (not a login page 40 times).
    assert {"public:detail", "public:standings", "public:participant", "protocols:list"} <= opened


@pytest.mark.parametrize("kind", ["swiss", "team", "entries", "mixed", "competition"])
def test_the_chief_judges_pages_keep_to_the_content_column_at_1280_px(live_server, browser, kind):
    world = WORLDS[kind]()
    crawl = _crawl(browser, live_server, world, world.chief_judge, LAPTOP_WIDTH, False)
    assert not crawl["problems"], "\n".join(f"{u}: {'; '.join(w)}" for u, w in crawl["problems"].items())
    assert len(crawl["opened"]) > 20
