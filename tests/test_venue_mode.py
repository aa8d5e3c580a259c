"""The venue mode's parts (issue 28 §2; README, "The venue"): the laptop's LAN address, the secret kept on
disk, the settings it makes (a deliberate exception: production unchanged), every QR link and slip on
SITE_URL, the terminal's QR. The whole mode as phones meet it: ``tests/browser/test_venue_lan.py``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse

from config import venue
from draw import checkin
from draw import manager as draw_manager
from draw.models import Round
from judging import links
from tests.factories import make_tournament
from tournaments import qr

ROOT = Path(__file__).resolve().parents[1]

IP_ADDR = """\
1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever
3: docker0    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0\\       valid_lft forever
4: wlp2s0    inet 192.168.1.20/24 brd 192.168.1.255 scope global dynamic wlp2s0\\       valid_lft 86000sec
"""
IFCONFIG = """\
lo0: flags=8049<UP,LOOPBACK,RUNNING,MULTICAST> mtu 16384
\tinet 127.0.0.1 netmask 0xff000000
en0: flags=8863<UP,BROADCAST,SMART,RUNNING,SIMPLEX,MULTICAST> mtu 1500
\tinet 10.0.0.7 netmask 0xffffff00 broadcast 10.0.0.255
"""


def test_the_lan_address_is_the_default_routes_not_loopback_nor_a_bridge():
    found = venue.parse_ip_addr(IP_ADDR)
    assert [i.address for i in found] == ["172.17.0.1", "192.168.1.20"]
    device = venue.default_route_device("default via 192.168.1.1 dev wlp2s0 proto dhcp metric 600\n")
    assert device == "wlp2s0"
    assert venue.choose_address(found, device) == "192.168.1.20"
    assert venue.choose_address([], "") == ""
    assert [i.address for i in venue.parse_ifconfig(IFCONFIG)] == ["10.0.0.7"]


def test_a_host_the_phones_cannot_reach_or_type_is_refused():
    assert venue.check_host("nardy.local") == "nardy.local"
    assert venue.check_host("192.168.1.20") == "192.168.1.20"
    for bad in ("127.0.0.1", "0.0.0.0", "::1", "bad host", "a/b", "-x.local"):
        with pytest.raises(venue.VenueError):
            venue.check_host(bad)
    for bad in ("0", "70000", "eighty"):
        with pytest.raises(venue.VenueError, match="PORT"):
            venue.check_port(bad)
    assert venue.site_url("192.168.1.20", 8000, False) == "http://192.168.1.20:8000"
    assert venue.site_url("nardy.local", 443, True) == "https://nardy.local"


def test_the_secret_key_is_made_once_kept_0600_and_read_again(tmp_path):
    key = venue.secret_key(tmp_path / "v")
    path = tmp_path / "v" / "secret_key"
    assert len(key) >= 50 and oct(path.stat().st_mode & 0o777) == "0o600"
    assert venue.secret_key(tmp_path / "v") == key  # the slips printed before a restart stay valid
    path.write_text("short")
    with pytest.raises(venue.VenueError, match="delete it"):
        venue.secret_key(tmp_path / "v")


def test_the_childrens_environment_has_no_database_broker_or_debug():
    env = venue.environment(
        {"DATABASE_URL": "postgres://x", "CELERY_BROKER_URL": "redis://x", "DEBUG": "1", "PATH": "/bin"},
        url="http://192.168.1.20:8000",
        key="k" * 60,
        hosts=["192.168.1.20"],
    )
    assert "DATABASE_URL" not in env and "CELERY_BROKER_URL" not in env and "DEBUG" not in env
    assert env["VENUE_URL"] == "http://192.168.1.20:8000" and env["PATH"] == "/bin"
    assert env["ALLOWED_HOSTS"] == "192.168.1.20,127.0.0.1,localhost"
    args = venue.gunicorn_args(8000)
    assert args[args.index("--bind") + 1] == "0.0.0.0:8000" and "runserver" not in args
    assert "--certfile" in venue.gunicorn_args(8443, certfile="c.pem", keyfile="k.pem")


def _settings(**env: str) -> dict:
    """config.settings imported in a fresh process under ``env`` (the environment a process starts with)."""
    code = (
        "import json; from config import settings as s; print(json.dumps({k: getattr(s, k) for k in "
        "['DEBUG', 'ALLOWED_HOSTS', 'CSRF_TRUSTED_ORIGINS', 'SITE_URL', 'SECURE_SSL_REDIRECT', "
        "'SECURE_HSTS_SECONDS', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'MIDDLEWARE', "
        "'CELERY_TASK_ALWAYS_EAGER']}, default=str))"
    )
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "DEBUG"}}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**base, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        return {"error": done.stderr.strip().splitlines()[-1]}
    import json

    return json.loads(done.stdout)


def test_the_venue_settings_are_a_deliberate_exception_and_production_is_unchanged():
    key = "k" * 60
    lan = _settings(VENUE_URL="http://192.168.1.20:8000", SECRET_KEY=key)
    assert lan["DEBUG"] is False
    assert lan["ALLOWED_HOSTS"] == ["192.168.1.20", "127.0.0.1", "localhost"]
    assert lan["SITE_URL"] == lan["CSRF_TRUSTED_ORIGINS"][0] == "http://192.168.1.20:8000"
    # Plain HTTP on the LAN: no redirect to an HTTPS nobody serves, no HSTS, cookies that come back.
    assert lan["SECURE_SSL_REDIRECT"] is False and lan["SECURE_HSTS_SECONDS"] == 0
    assert lan["SESSION_COOKIE_SECURE"] is False and lan["CSRF_COOKIE_SECURE"] is False
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in lan["MIDDLEWARE"]
    assert lan["CELERY_TASK_ALWAYS_EAGER"] is True
    tls = _settings(VENUE_URL="https://nardy.local:8443", SECRET_KEY=key)
    assert tls["SESSION_COOKIE_SECURE"] is True and tls["CSRF_COOKIE_SECURE"] is True
    assert tls["SECURE_HSTS_SECONDS"] == 0  # a LAN name must not lock the next event's phones out
    production = _settings(DEBUG="0", SECRET_KEY=key, ALLOWED_HOSTS="nardy.example.org")
    assert production["SECURE_SSL_REDIRECT"] is True and production["SECURE_HSTS_SECONDS"] == 31_536_000
    assert production["SESSION_COOKIE_SECURE"] is True and production["SITE_URL"] == ""
    assert "whitenoise.middleware.WhiteNoiseMiddleware" not in production["MIDDLEWARE"]


def test_the_venue_settings_refuse_debug_a_database_url_and_nonsense():
    key = "k" * 60
    assert "DEBUG off" in _settings(VENUE_URL="http://192.168.1.20:8000", SECRET_KEY=key, DEBUG="1")["error"]
    refused = _settings(VENUE_URL="http://192.168.1.20", SECRET_KEY=key, DATABASE_URL="postgres://x/y")
    assert "unset DATABASE_URL" in refused["error"]
    assert "VENUE_URL must be" in _settings(VENUE_URL="ftp://x", SECRET_KEY=key)["error"]
    assert "SECRET_KEY" in _settings(VENUE_URL="http://192.168.1.20")["error"]


def test_the_command_refuses_a_loopback_host_and_half_a_certificate(tmp_path):
    with pytest.raises(CommandError, match="cannot be reached from a phone"):
        call_command("venue", "--host", "127.0.0.1", "--dir", str(tmp_path), "--check")
    with pytest.raises(CommandError, match="both CERT"):
        call_command("venue", "--host", "192.168.1.20", "--cert", "c.pem", "--dir", str(tmp_path), "--check")
    with pytest.raises(CommandError, match="PORT"):
        call_command("venue", "--host", "192.168.1.20", "--port", "x", "--dir", str(tmp_path), "--check")
    assert not (tmp_path / "secret_key").exists()  # refused before anything was made


def test_the_terminal_qr_draws_light_modules_with_a_quiet_zone():
    text = qr.terminal("http://192.168.1.20:8000/")
    lines = text.splitlines()
    size = len(qr.matrix("http://192.168.1.20:8000/")) + 2 * qr.QUIET
    assert all(len(line) == size for line in lines) and len(lines) == (size + 1) // 2
    assert lines[0] == "█" * size  # the quiet zone is light


@pytest.mark.django_db
@override_settings(SITE_URL="http://192.168.1.20:8000")
def test_every_slip_carries_the_venue_address_whatever_address_the_secretary_browses(client, secretary):
    """The secretary at the laptop browses http://127.0.0.1:8000; the phones reach only the LAN address."""
    t = make_tournament(secretary, players=4)
    p = t.participants.first()
    client.force_login(t.created_by)
    page = client.get(reverse("draw:checkin_slips", args=[t.pk]), HTTP_HOST="127.0.0.1").content.decode()
    token = reverse("draw:checkin_link", args=[checkin.token_for(p)])
    assert f'data-text="http://192.168.1.20:8000{token}"' in page and "http://127.0.0.1" not in page
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    m = rnd.matches.get(table=1)
    page = client.get(
        reverse("judging:slips", args=[t.pk, rnd.number]), HTTP_HOST="127.0.0.1"
    ).content.decode()
    link = "http://192.168.1.20:8000" + links.url_for(m, m.player1)
    assert f'data-text="{link}"' in page and f'href="{link}"' in page and "http://127.0.0.1" not in page


@pytest.mark.django_db
def test_the_venue_page_shows_the_address_and_its_qr(client, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    page = client.get(reverse("public:venue")).content.decode()
    assert 'data-text="http://192.168.1.20:8000/"' in page and ">http://192.168.1.20:8000/<" in page
