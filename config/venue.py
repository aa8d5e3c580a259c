"""The venue mode (issue 28 §2; README, "The venue"): the laptop at the venue serves the embedded default on
the venue's Wi-Fi so that the players' phones reach it — a production server (gunicorn), debug off, a
secret kept on disk, the laptop's LAN address (or a name the secretary gives) allowed and printed in every
QR link, plain HTTP stated honestly unless a certificate is given.

Plain functions of plain data; ``manage.py venue`` (``make venue``) calls them. Nothing here reads Django's
settings: the command runs before the venue's settings exist (it makes them, for its child processes).
"""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

# Where the venue keeps what must survive a restart and stay out of git (/var/ is in .gitignore): the secret
# key (the match and check-in links printed on the slips are signed with it) — the database is the embedded
# default's db.sqlite3 (SQLITE_PATH to move it).
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "var" / "venue"


class VenueError(Exception):
    """Bad input or a machine without what the venue needs: an English sentence for the terminal."""


@dataclass(frozen=True)
class Interface:
    name: str
    address: str


def parse_ip_addr(text: str) -> list[Interface]:
    """The IPv4 addresses of ``ip -4 -o addr show`` (Linux), loopback left out."""
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*\d+:\s+(\S+)\s+inet\s+([0-9.]+)/\d+", line)
        if m and not ipaddress.ip_address(m.group(2)).is_loopback:
            out.append(Interface(m.group(1).split("@")[0], m.group(2)))
    return out


def parse_ifconfig(text: str) -> list[Interface]:
    """The IPv4 addresses of ``ifconfig`` (macOS, the BSDs), loopback left out."""
    out, name = [], ""
    for line in text.splitlines():
        head = re.match(r"^(\S+?):? ", line)
        if head and not line.startswith((" ", "\t")):
            name = head.group(1)
        m = re.search(r"\binet (?:addr:)?([0-9.]+)", line)
        if m and name and not ipaddress.ip_address(m.group(1)).is_loopback:
            out.append(Interface(name, m.group(1)))
    return out


def default_route_device(text: str) -> str:
    """The interface of the default route in ``ip -4 route show default``: the one the Wi-Fi is on."""
    m = re.search(r"^default\b.*?\bdev (\S+)", text, re.MULTILINE)
    return m.group(1) if m else ""


def choose_address(interfaces: list[Interface], preferred_device: str = "") -> str:
    """The laptop's LAN address: the default route's interface first, then a private address (a venue's
    Wi-Fi), then any; empty when the machine has none but loopback."""
    if not interfaces:
        return ""
    for i in interfaces:
        if i.name == preferred_device:
            return i.address
    private = [i for i in interfaces if ipaddress.ip_address(i.address).is_private]
    return (private or interfaces)[0].address


def _run(*cmd: str) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=5, check=False).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def lan_interfaces() -> tuple[list[Interface], str]:
    """The machine's non-loopback IPv4 addresses and the default route's interface, asked of the system
    (``ip``, else ``ifconfig``, else the host name's addresses). Sends nothing on the network."""
    found = parse_ip_addr(_run("ip", "-4", "-o", "addr", "show", "up"))
    device = default_route_device(_run("ip", "-4", "route", "show", "default")) if found else ""
    if not found:
        found = parse_ifconfig(_run("ifconfig"))
    if not found:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            infos = []
        found = [
            Interface("", str(info[4][0]))
            for info in infos
            if not ipaddress.ip_address(str(info[4][0])).is_loopback
        ]
    return list(dict.fromkeys(found)), device


LABEL = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST_NAME = re.compile(rf"^(?=.{{1,253}}$){LABEL}(\.{LABEL})*$")


def check_host(host: str) -> str:
    """A host the phones can type: an IPv4 address or a DNS name (``nardy.local``). Refuses the rest."""
    host = host.strip()
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if not HOST_NAME.match(host):
            raise VenueError(f"HOST must be an IPv4 address or a host name, got {host!r}") from None
        return host.lower()
    if address.version != 4:
        raise VenueError(f"HOST must be an IPv4 address or a host name, got {host!r}")
    if address.is_loopback or address.is_unspecified:
        raise VenueError(f"HOST {host} cannot be reached from a phone: give the laptop's LAN address")
    return host


def check_port(port: str | int) -> int:
    try:
        value = int(port)
    except (TypeError, ValueError):
        raise VenueError(f"PORT must be a number from 1 to 65535, got {port!r}") from None
    if not 1 <= value <= 65535:
        raise VenueError(f"PORT must be a number from 1 to 65535, got {port!r}")
    return value


def site_url(host: str, port: int, https: bool) -> str:
    scheme = "https" if https else "http"
    default = 443 if https else 80
    return f"{scheme}://{host}" + ("" if port == default else f":{port}")


def secret_key(directory: Path) -> str:
    """The venue's SECRET_KEY, made once and kept in ``directory/secret_key`` (mode 0600, outside git): the
    links on the slips printed before a restart keep working after it."""
    path = directory / "secret_key"
    if path.exists():
        key = path.read_text().strip()
        if len(key) >= 50:
            return key
        raise VenueError(
            f"{path} holds no usable key (fewer than 50 characters): delete it to make a new one"
        )
    directory.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(60)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key


def environment(
    base: dict[str, str], *, url: str, key: str, hosts: list[str], static_root: Path | None = None
) -> dict[str, str]:
    """The child processes' environment: the venue's settings (``config.settings``, VENUE_URL) over the
    caller's, without a database, broker or cache URL (the embedded SQLite, Celery in-process, one process's
    cache) and without DEBUG."""
    env = {
        k: v
        for k, v in base.items()
        if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CACHE_URL", "DEBUG"}
        and not k.startswith("SECURE_")
        and k not in {"SITE_URL", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"}
    }
    env.update(
        VENUE_URL=url,
        SECRET_KEY=key,
        ALLOWED_HOSTS=",".join(dict.fromkeys([*hosts, "127.0.0.1", "localhost"])),
        PYTHONUNBUFFERED="1",
    )
    if static_root is not None:
        env["STATIC_ROOT"] = str(static_root)
    return env


def gunicorn_args(
    port: int, *, threads: int = 8, certfile: str = "", keyfile: str = "", bind: str = "0.0.0.0"
) -> list[str]:
    """gunicorn serving every interface: one process with threads (gthread: a phone on a slow Wi-Fi holds a
    thread, not the process; one process shares the rate-limit counters and the live pages' cache, which
    the embedded default keeps in memory; SQLite has one writer at a time anyway)."""
    args = [
        "config.wsgi:application",
        "--bind",
        f"{bind}:{port}",
        "--worker-class",
        "gthread",
        "--workers",
        "1",
        "--threads",
        str(threads),
        "--timeout",
        "60",
        "--keep-alive",
        "5",
        "--access-logfile",
        "-",
        "--error-logfile",
        "-",
        "--no-control-socket",
    ]
    if certfile:
        args += ["--certfile", certfile, "--keyfile", keyfile]
    return args


def banner(url: str, qr_text: str, *, https: bool, others: list[str]) -> str:
    """What the terminal shows on start: the address, its QR code, the venue screen's page, and what plain
    HTTP means, said plainly."""
    lines = [
        "",
        "Nardy — venue mode",
        "",
        f"  Players' phones open:   {url}/",
        f"  Venue screen (big QR):  {url}/venue/",
        "",
        qr_text,
        "",
    ]
    if others:
        lines.append("  Other addresses of this laptop (not in the QR links): " + ", ".join(others))
    if https:
        lines.append("  HTTPS with the certificate given: logins and results travel encrypted.")
    else:
        lines += [
            "  Plain HTTP on the venue's network: anybody on the same Wi-Fi can read what is sent,",
            "  passwords included. Use a network only the event uses (no guest Wi-Fi), or give a",
            "  certificate: make venue CERT=cert.pem KEY=key.pem.",
        ]
    lines += [
        "  Stop: Ctrl+C. The data stays in the database file; the links stay valid after a restart.",
        "",
    ]
    return "\n".join(lines)
