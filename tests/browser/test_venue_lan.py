"""The venue mode as the phones meet it (issue 28 §2; README, "The venue").

``manage.py venue`` (what ``make venue`` runs) is started on a demo database with the round to play
published. The laptop's "LAN" is a veth pair to a second network namespace made for the test (``ip netns``;
the test runs as root, as CI does): the phone lives there and reaches the laptop only by its LAN address. The
secretary, on the laptop at 127.0.0.1, prints the round's players' slips to PDF; the QR codes are read back
from the page images (zxing-cpp); the phone — Chromium at 390 px inside the namespace — opens the link its
camera read and hands in the result. Also: the address and its QR on the terminal, debug off (a stranger's
Host refused, the site's own 404), static files served, and the slips printed before a restart still open
after it (the secret key kept on disk).

Without network namespaces (not root, no ``ip``) the phone reaches the laptop at a non-loopback address of
the machine instead; the test skips only when the machine has none.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from config import venue

pytestmark = [pytest.mark.integration, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
MANAGE = str(ROOT / "manage.py")
PY = sys.executable
PHONE_SCRIPT = str(Path(__file__).with_name("venue_phone.py"))
STRIPPED = ("DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "SITE_URL", "VENUE_URL", "DEBUG", "SECRET_KEY")


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in STRIPPED and not k.startswith("PYTEST")}
    env.update(SQLITE_PATH=str(tmp / "db.sqlite3"), STATIC_ROOT=str(tmp / "static"), **extra)
    return env


def _free_port() -> int:
    """A port the project may open (40600–40799) that nobody holds now."""
    for port in range(40600 + os.getpid() % 150, 40800):
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    pytest.skip("no free port in 40600–40799")


def _sh(*cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=30, check=False)


@contextmanager
def _lan():
    """A phone on the laptop's LAN: a network namespace joined to this one by a veth pair. Yields the
    laptop's address on it, the phone's and the command prefix that runs a program on the phone. Falls back
    to a non-loopback address of the machine (the phone on the laptop itself) where namespaces cannot be
    made."""
    tag = os.getpid() % 100000
    ns, host_if, phone_if = f"nardy-venue-{tag}", f"nv{tag}h", f"nv{tag}p"
    made = os.geteuid() == 0 and shutil.which("ip") and _sh("ip", "netns", "add", ns).returncode == 0
    if not made:
        interfaces, device = venue.lan_interfaces()
        address = venue.choose_address(interfaces, device)
        if not address:
            pytest.skip("no network namespaces (needs root and ip) and no non-loopback address to serve on")
        yield address, address, []
        return
    try:
        for octet in range(tag % 200 + 1, tag % 200 + 40):  # a /30 of 198.18.0.0/15 (RFC 2544: for tests)
            laptop, phone = f"198.18.{octet}.1", f"198.18.{octet}.2"
            steps = [
                ("ip", "link", "add", host_if, "type", "veth", "peer", "name", phone_if),
                ("ip", "link", "set", phone_if, "netns", ns),
                ("ip", "addr", "add", f"{laptop}/30", "dev", host_if),
                ("ip", "link", "set", host_if, "up"),
                ("ip", "netns", "exec", ns, "ip", "addr", "add", f"{phone}/30", "dev", phone_if),
                ("ip", "netns", "exec", ns, "ip", "link", "set", phone_if, "up"),
                ("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up"),
            ]
            failed = next((step for step in steps if _sh(*step).returncode), None)
            if failed is None:
                break
            _sh("ip", "link", "del", host_if)
        else:
            pytest.fail(f"could not join namespace {ns}: {failed}")
        yield laptop, phone, ["ip", "netns", "exec", ns]
    finally:
        _sh("ip", "link", "del", host_if)
        _sh("ip", "netns", "del", ns)


def _wait(url: str, seconds: float = 180, context=None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5, context=context) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise AssertionError(f"{url} did not answer within {seconds} s")


def _get(url: str, host: str = "") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@contextmanager
def _served(tmp: Path, address: str, port: int, log: Path, *extra: str, scheme: str = "http", context=None):
    """``manage.py venue`` (it becomes gunicorn: the pid is the server's), stopped at the end."""
    with log.open("ab") as out:
        server = subprocess.Popen(
            [
                PY,
                MANAGE,
                "venue",
                "--host",
                address,
                "--port",
                str(port),
                "--dir",
                str(tmp / "venue"),
                *extra,
            ],
            env=_env(tmp),
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )
    try:
        _wait(f"{scheme}://{address}:{port}/health/", context=context)
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _decode(png: Path) -> list[str]:
    import zxingcpp
    from PIL import Image

    return [b.text for b in zxingcpp.read_barcodes(Image.open(png)) if b.valid]


def _terminal_qr(text: str) -> list[str]:
    """The terminal's QR (▀ ▄ █, light modules drawn) read back as a picture: what a phone's camera sees."""
    import zxingcpp
    from PIL import Image

    rows = [line for line in text.splitlines() if line and set(line) <= set("█▀▄ ") and "█" in line]
    width, scale = max(len(r) for r in rows), 6
    img = Image.new("L", (width * scale, len(rows) * 2 * scale), 0)
    for y, line in enumerate(rows):
        for x, ch in enumerate(line):
            top, bottom = ch in "█▀", ch in "█▄"
            for half, lit in ((0, top), (1, bottom)):
                if lit:
                    img.paste(
                        255, (x * scale, (2 * y + half) * scale, (x + 1) * scale, (2 * y + half + 1) * scale)
                    )
    return [b.text for b in zxingcpp.read_barcodes(img) if b.valid]


def test_venue_phones_reach_the_laptop_and_a_slip_qr_opens_the_match(tmp_path, browser):
    if os.environ.get("DATABASE_URL"):
        pytest.skip("the venue runs the embedded SQLite: tested in the SQLite pass")
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm not found (make browser installs poppler-utils)")
    setup = [
        [PY, MANAGE, "migrate", "--noinput", "-v0"],
        [PY, MANAGE, "load_demo"],
        [
            PY,
            MANAGE,
            "shell",
            "-c",
            "from django.contrib.auth.models import User; from draw import manager; "
            "from public.management.commands.load_demo import DEMO_NAME; "
            "from tournaments.models import Tournament; t = Tournament.objects.get(name=DEMO_NAME); "
            "manager.publish_round(t, 4, User.objects.get(username='secretary')); print(t.pk)",
        ],
    ]
    for cmd in setup:
        done = subprocess.run(cmd, env=_env(tmp_path), capture_output=True, text=True, cwd=ROOT, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
    tournament = int(done.stdout.strip().splitlines()[-1])
    port = _free_port()
    log = tmp_path / "venue.log"
    with ExitStack() as stack:
        address, phone_address, on_phone = stack.enter_context(_lan())
        url = f"http://{address}:{port}"
        stack.enter_context(_served(tmp_path, address, port, log))
        printed = log.read_text()

        # The terminal: the address, its QR code (read back as a camera would), plain HTTP said plainly.
        assert f"Players' phones open:   {url}/" in printed
        assert f"{url}/venue/" in printed
        assert "Plain HTTP" in printed
        assert _terminal_qr(printed) == [f"{url}/"]
        key = tmp_path / "venue" / "secret_key"
        assert oct(key.stat().st_mode & 0o777) == "0o600"

        # Debug off: a stranger's Host is refused, a missing page is the site's own (Russian) 404.
        assert _get(f"{url}/", host="evil.example")[0] == 400
        status, body = _get(f"{url}/no-such-page/")
        assert status == 404 and "Страница не найдена" in body and "DEBUG" not in body
        status, body = _get(f"{url}/venue/")
        assert status == 200 and f'data-text="{url}/"' in body

        # The secretary on the laptop itself (127.0.0.1) prints round 4's slips.
        context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/accounts/login/")
        page.fill("input[name=username]", "secretary")
        page.fill("input[name=password]", "demo12345")
        with page.expect_navigation():
            page.click("main button[type=submit]")
        page.goto(f"http://127.0.0.1:{port}/t/{tournament}/rounds/4/slips/")
        first = page.locator(".slip").first
        name = first.locator("strong").inner_text()
        link = first.locator("a.slip-link").get_attribute("href")
        slips = page.locator(".slip").count()
        pdf = tmp_path / "slips.pdf"
        page.emulate_media(media="print")
        pdf.write_bytes(page.pdf(format="A4", print_background=True))
        context.close()
        assert link is not None and link.startswith(f"{url}/m/"), link  # the LAN address, not 127.0.0.1
        subprocess.run(["pdftoppm", "-r", "200", "-png", str(pdf), str(tmp_path / "slips")], check=True)
        decoded = [text for png in sorted(tmp_path.glob("slips*.png")) for text in _decode(png)]
        assert len(decoded) == slips == 24  # every slip's QR read back
        assert all(text.startswith(f"{url}/m/") for text in decoded)
        assert link in decoded

        # The phone, in its own namespace, opens what its camera read and hands in 7:3.
        done = subprocess.run(
            [*on_phone, PY, PHONE_SCRIPT, link], capture_output=True, text=True, timeout=300, cwd=ROOT
        )
        assert done.returncode == 0, done.stderr[-3000:]
        seen = json.loads(done.stdout)
        assert seen["status"] == 200
        assert name in seen["text"]
        assert seen["width"] <= 390
        assert seen["static"] and all(status == 200 for status in seen["static"].values()), seen["static"]
        assert "Результат сдан" in seen["after"], seen["after"]
        assert seen["after_url"] == link
        # gunicorn's access log: the phone's requests came from the phone's own address.
        path = link.removeprefix(url)
        assert f"{phone_address} - - " in log.read_text() and f'"POST {path} HTTP/1.1" 302' in log.read_text()

    # Restarted (the secret key on disk): the slip printed before still opens its match.
    with ExitStack() as stack:
        address2, _phone, _on_phone = stack.enter_context(_lan())
        url2 = f"http://{address2}:{port}"
        stack.enter_context(_served(tmp_path, address2, port, log))
        status, body = _get(link.replace(url, url2))
        assert status == 200 and name in body


def test_venue_with_a_certificate_serves_https_and_marks_its_cookies_secure(tmp_path):
    """``make venue CERT=… KEY=…``: HTTPS on the same port, the links and the QR say https://, the cookies are
    marked secure, and the terminal says the traffic is encrypted (no plain-HTTP warning)."""
    if os.environ.get("DATABASE_URL"):
        pytest.skip("the venue runs the embedded SQLite: tested in the SQLite pass")
    if not shutil.which("openssl"):
        pytest.skip("openssl not found (to make the test's self-signed certificate)")
    import ssl

    port = _free_port()
    log = tmp_path / "venue.log"
    with ExitStack() as stack:
        address, _phone, _on_phone = stack.enter_context(_lan())
        cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
        made = _sh(
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            f"/CN={address}",
            "-addext",
            f"subjectAltName=IP:{address}",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        )
        assert made.returncode == 0, made.stderr
        context = ssl.create_default_context(cafile=str(cert))
        url = f"https://{address}:{port}"
        stack.enter_context(
            _served(
                tmp_path,
                address,
                port,
                log,
                "--cert",
                str(cert),
                "--key",
                str(key),
                scheme="https",
                context=context,
            )
        )
        printed = log.read_text()
        assert f"Players' phones open:   {url}/" in printed and "HTTPS with the certificate" in printed
        assert "Plain HTTP" not in printed
        with urllib.request.urlopen(f"{url}/venue/", timeout=30, context=context) as r:
            body, cookie = r.read().decode(), r.headers.get("Set-Cookie", "")
            hsts = r.headers.get("Strict-Transport-Security")
        assert f'data-text="{url}/"' in body and "plain-http" not in body
        assert "Secure" in cookie and "csrftoken" in cookie
        assert hsts is None  # a LAN name and its certificate must not lock out the next event's phones
