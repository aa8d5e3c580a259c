"""The production stack as an administrator starts it, and a bad day on it (issue 25 items 4, 5, 7).

    .venv/bin/python scripts/stack_test.py          # make test-stack (make test runs it)

What it starts, from a virtualenv with nothing but ``requirements.txt`` (built once per content of that file
and kept in ``STACK_VENV``, by default ``~/.cache/nardy/stack-venv-<hash>``):

- PostgreSQL: a fresh database ``STACK_PG_URL`` (dropped and created again; default ``nardy_stack``);
- two Redis servers of its own on free ports (``redis-server``): the broker, and the shared cache that the
  Redis-down test stops and kills; the machine's Redis is not touched;
- the README's release steps (``migrate``, ``collectstatic``, ``check --deploy``), the demo (``load_demo``);
- gunicorn (the site, and the live polls' own pool), a Celery worker and Celery beat: the ``ExecStart`` lines
  of ``deploy/systemd/*.service`` as written, with the environment of ``deploy/nardy.env.example`` (paths,
  ports and secrets swapped for temporary ones);
- nginx from Debian's package in front: ``deploy/nginx/nardy.conf`` as written (the same swaps), with a
  self-signed certificate.

Then, through nginx over HTTPS: the health endpoint; HTTP redirected to HTTPS; static files served by nginx,
media never; the client's forged X-Real-IP overruled; a secretary logs in (secure cookies, HSTS), publishes a
round, a player reports a result through his match link, beat sends the finality task and the worker makes the
result final; a document (PDF) made by the worker and downloaded. Then the Redis-down test (the cache stopped
with SIGSTOP — it accepts and never answers — then killed: the live fragment, a public page, the API, a
match-link report and the public entry form still answer 200/302, quickly) and the PostgreSQL-restart test
(``pg_terminate_backend`` on every connection to the stack's database: every gunicorn worker's next request
answers 200, and the worker still makes a document). Prints the time of each step; exits 1 on a failure,
with the logs' tails. ``--env KEY=VALUE`` overrides a setting of the stack (``--env CONN_HEALTH_CHECKS=0``
shows item 7's failure).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import fcntl
import hashlib
import http.client
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
HOST = "nardy.example.org"  # the name in deploy/: nginx's server_name, ALLOWED_HOSTS
DEMO_NAME = "Кубок федерации по длинным нардам (демо)"
OPEN_NAME = "Открытое первенство по коротким нардам (демо, идёт регистрация)"
DEV_ONLY = ("pytest", "playwright", "ruff", "hypothesis")  # must not be in the stack's virtualenv


class Failed(Exception):
    pass


def check(condition: object, what: str) -> None:
    if not condition:
        raise Failed(what)


_TAKEN: set[int] = set()


def _ephemeral() -> range:
    """The kernel's range for the local ports of outgoing connections (Linux: 32768–60999)."""
    try:
        low, high = map(int, open("/proc/sys/net/ipv4/ip_local_port_range").read().split())
    except (OSError, ValueError):
        low, high = 32768, 60999
    return range(low, high + 1)


def free_port() -> int:
    """A port nothing listens on, outside the kernel's ephemeral range: a port the kernel handed out (bind to
    0) may be given again as the local port of an outgoing connection (to PostgreSQL, Redis) before nginx
    binds it ("Address already in use", seen in a run)."""
    ephemeral = _ephemeral()
    rng = secrets.SystemRandom()
    for _ in range(500):
        port = rng.randrange(20000, 32000)
        if port in _TAKEN or port in ephemeral:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _TAKEN.add(port)
        return port
    raise Failed("no free port between 20000 and 32000")


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        raise Failed(f"{shlex.join(map(str, args))} failed:\n{done.stdout}\n{done.stderr}")
    return done


# --- the virtualenv: only requirements.txt ------------------------------------------------------------------


def stack_venv(python: str) -> Path:
    """A virtualenv with ``pip install -r requirements.txt`` and nothing else, made once per content of the
    file and the Python version, and reused (a marker says it was completed; a lock keeps two runs apart)."""
    version = run([python, "-c", "import sys; print(sys.version)"]).stdout.strip()
    digest = hashlib.sha256((ROOT / "requirements.txt").read_bytes() + version.encode()).hexdigest()[:16]
    default = Path.home() / ".cache" / "nardy" / f"stack-venv-{digest}"
    venv = Path(os.environ.get("STACK_VENV") or default)
    venv.parent.mkdir(parents=True, exist_ok=True)
    with open(f"{venv}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (venv / ".complete").exists():
            shutil.rmtree(venv, ignore_errors=True)
            print(f"  building {venv} from requirements.txt only", flush=True)
            run([python, "-m", "venv", str(venv)])
            run([str(venv / "bin/pip"), "install", "--quiet", "-r", str(ROOT / "requirements.txt")])
            (venv / ".complete").write_text(digest)
    for name in DEV_ONLY:
        found = subprocess.run([str(venv / "bin/python"), "-c", f"import {name}"], capture_output=True)
        check(found.returncode != 0, f"{name} is in the stack's virtualenv: it is not requirements.txt only")
    return venv


# --- processes ----------------------------------------------------------------------------------------------


class Processes:
    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.running: dict[str, subprocess.Popen] = {}

    def start(self, name: str, args: list[str], env: dict | None = None) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "wb")  # noqa: SIM115 - kept open while the process runs
        process = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.running[name] = process
        return process

    def log(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def wait_for_log(self, name: str, pattern: str, timeout: float = 60, after: int = 0) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, self.log(name)[after:])
            if found:
                return found
            process = self.running.get(name)
            check(process is None or process.poll() is None, f"{name} exited:\n{self.log(name)[-3000:]}")
            time.sleep(0.2)
        raise Failed(f"{name}: no {pattern!r} within {timeout} s:\n{self.log(name)[-3000:]}")

    def stop(self, name: str, sig: int = signal.SIGTERM) -> None:
        process = self.running.pop(name, None)
        if process is None or process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGCONT)
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)

    def stop_all(self) -> None:
        for name in list(self.running)[::-1]:
            self.stop(name, signal.SIGQUIT if name == "nginx" else signal.SIGTERM)


def exec_start(unit: str, swaps: dict[str, str]) -> list[str]:
    """The ExecStart line of a deploy/systemd unit, its paths swapped."""
    text = (DEPLOY / "systemd" / unit).read_text()
    (line,) = re.findall(r"^ExecStart=(.+)$", text, re.M)
    for old, new in swaps.items():
        line = line.replace(old, new)
    return shlex.split(line)


def environment(overrides: dict[str, str], extra: dict[str, str]) -> dict[str, str]:
    """deploy/nardy.env.example (what every unit reads), with the stack's values where they must differ
    (each a setting the example has), and the ``--env`` extras."""
    env = {}
    for line in (DEPLOY / "nardy.env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            env[key.strip()] = value.strip()
    missing = set(overrides) - set(env) - {"FINALIZE_EVERY_SECONDS", "GUNICORN_CMD_ARGS"}
    check(not missing, f"deploy/nardy.env.example lacks {sorted(missing)}")
    env.update(overrides)
    env.update(extra)
    base = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}
    return {**base, **env}


def nginx_conf(
    tmp: Path, swaps: dict[str, str], *, plain: bool = False, processes: str = "1", connections: int = 256
) -> Path:
    """deploy/nginx/nardy.conf with its production paths and ports swapped (each must be found: the test
    runs the file as written), inside a minimal main configuration like Debian's nginx.conf, in ``tmp/nginx``.
    ``plain``: the TLS lines taken off (bench/bench_phones.py serves plain HTTP); ``processes`` and
    ``connections``: nginx's workers and the connections each holds."""
    site = (DEPLOY / "nginx" / "nardy.conf").read_text()
    for old, new in swaps.items():
        check(old in site, f"deploy/nginx/nardy.conf no longer has {old!r}")
        site = site.replace(old, new)
    if plain:
        site = "\n".join(line for line in site.splitlines() if not line.strip().startswith("ssl_"))
    (tmp / "nginx").mkdir(exist_ok=True)
    (tmp / "nginx" / "nardy.conf").write_text(site)
    shutil.copy(DEPLOY / "nginx" / "nardy_proxy_params", tmp / "nginx" / "nardy_proxy_params")
    for sub in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp / "nginx" / sub).mkdir(exist_ok=True)
    main = tmp / "nginx" / "nginx.conf"
    rlimit = f"worker_rlimit_nofile {connections * 2};" if connections > 512 else ""
    main.write_text(
        f"""daemon off;
worker_processes {processes};
{rlimit}
pid {tmp}/nginx/nginx.pid;
error_log {tmp}/nginx/error.log;
{"user root;" if os.geteuid() == 0 else ""}
events {{ worker_connections {connections}; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path {tmp}/nginx/client_body;
    proxy_temp_path {tmp}/nginx/proxy;
    fastcgi_temp_path {tmp}/nginx/fastcgi;
    uwsgi_temp_path {tmp}/nginx/uwsgi;
    scgi_temp_path {tmp}/nginx/scgi;
    include {tmp}/nginx/nardy.conf;
}}
"""
    )
    return main


# --- a browser of sorts -------------------------------------------------------------------------------------


class Client:
    """HTTPS to nginx with the site's name (as a browser on port 443 would send it), cookies kept."""

    def __init__(self, port: int, cafile: Path, scheme: str = "https") -> None:
        self.port, self.scheme = port, scheme
        self.context = ssl.create_default_context(cafile=str(cafile))
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []

    def request(self, method: str, path: str, form: dict | None = None, headers: dict | None = None):
        if self.scheme == "https":
            conn = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context, timeout=60)
        else:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        sent = {"Host": HOST, "User-Agent": "stack-test"}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form, doseq=True)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Origin"] = f"https://{HOST}"
            sent["Referer"] = f"https://{HOST}{path}"
            if "csrftoken" in self.cookies:
                form.setdefault("csrfmiddlewaretoken", self.cookies["csrftoken"])
                body = urllib.parse.urlencode(form, doseq=True)
        sent.update(headers or {})
        started = time.monotonic()
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        data = response.read()
        response.seconds = time.monotonic() - started
        for header in response.headers.get_all("Set-Cookie") or []:
            self.set_cookies.append(header)
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";")[0]
        conn.close()
        response.body = data
        response.text = data.decode("utf-8", errors="replace")
        return response

    def get(self, path: str, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path: str, form: dict, **kwargs):
        return self.request("POST", path, form=dict(form), **kwargs)

    def csrf_from(self, path: str) -> str:
        page = self.get(path)
        check(page.status == 200, f"GET {path}: {page.status}")
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        check(found, f"no CSRF token on {path}")
        return found.group(1)


# --- the run ------------------------------------------------------------------------------------------------


class StackTest:
    def __init__(self, args) -> None:
        self.args = args
        self.tmp = Path(tempfile.mkdtemp(prefix="nardy-stack-"))
        os.chmod(self.tmp, 0o755)  # nginx's worker reads the static files here
        self.procs = Processes(self.tmp)
        self.times: list[tuple[str, float]] = []
        self.pg_url = os.environ.get("STACK_PG_URL", "postgres://postgres@127.0.0.1:5432/nardy_stack")
        self.db_name = urllib.parse.urlparse(self.pg_url).path.lstrip("/")

    @contextlib.contextmanager
    def step(self, name: str):
        started = time.monotonic()
        print(f"- {name} …", flush=True)
        yield
        self.times.append((name, time.monotonic() - started))
        print(f"  done in {self.times[-1][1]:.1f} s", flush=True)

    def sql(self, query: str, params=(), database: str | None = None, autocommit: bool = True):
        import psycopg

        url = urllib.parse.urlparse(self.pg_url)
        target = url._replace(path=f"/{database or self.db_name}").geturl()
        with psycopg.connect(target, autocommit=autocommit) as conn:
            cur = conn.execute(query, params)
            return cur.fetchall() if cur.description else None

    def manage(self, *args: str) -> str:
        return run([str(self.venv / "bin/python"), "manage.py", *args], cwd=ROOT, env=self.env).stdout

    def main(self) -> None:
        total = time.monotonic()
        try:
            self.prepare()
            self.start()
            self.walk()
            self.shared_copies()
            self.shedding()
            self.redis_down()
            self.postgres_restart()
        except Failed as exc:
            print(f"\nFAILED: {exc}\n", file=sys.stderr)
            for name in ("gunicorn", "live", "worker", "beat", "nginx"):
                print(f"--- {name}.log (tail) ---\n{self.procs.log(name)[-2500:]}", file=sys.stderr)
            err = self.tmp / "nginx" / "error.log"
            if err.exists():
                print(f"--- nginx error.log ---\n{err.read_text()[-1500:]}", file=sys.stderr)
            print(f"(logs kept in {self.tmp})", file=sys.stderr)
            self.procs.stop_all()
            sys.exit(1)
        self.procs.stop_all()
        shutil.rmtree(self.tmp, ignore_errors=True)
        print("\nThe production stack test passed:")
        for name, seconds in self.times:
            print(f"  {seconds:6.1f} s  {name}")
        print(f"  {time.monotonic() - total:6.1f} s  in all")

    # -- set-up --

    def prepare(self) -> None:
        for tool in ("nginx", "redis-server", "openssl"):
            check(shutil.which(tool), f"{tool} not found (make test-stack installs nginx with apt-get)")
        with self.step("virtualenv with requirements.txt only"):
            self.venv = stack_venv(os.environ.get("STACK_PYTHON", "python3.11"))
        with self.step("PostgreSQL database, two Redis servers, a certificate"):
            self.sql(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)', database="postgres")
            self.sql(f'CREATE DATABASE "{self.db_name}"', database="postgres")
            self.ports = {name: free_port() for name in ("cache", "broker", "web", "live", "http", "https")}
            for name in ("cache", "broker"):
                self.procs.start(
                    f"redis-{name}",
                    ["redis-server", "--port", str(self.ports[name]), "--bind", "127.0.0.1", "--save", "",
                     "--appendonly", "no", "--dir", str(self.tmp)],
                )  # fmt: skip
            for name in ("cache", "broker"):
                self.procs.wait_for_log(f"redis-{name}", r"Ready to accept connections", 20)
            self.cert, self.key = self.tmp / "cert.pem", self.tmp / "key.pem"
            run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                 f"/CN={HOST}", "-addext", f"subjectAltName=DNS:{HOST},IP:127.0.0.1",
                 "-keyout", str(self.key), "-out", str(self.cert)])  # fmt: skip
            (self.tmp / "nginx").mkdir()
            (self.tmp / "static").mkdir()
            (self.tmp / "media").mkdir()
            (self.tmp / "state").mkdir()
        self.env = environment(
            {
                "SECRET_KEY": secrets.token_urlsafe(60),
                "DATABASE_URL": self.pg_url,
                "CELERY_BROKER_URL": f"redis://127.0.0.1:{self.ports['broker']}/0",
                "CACHE_URL": f"redis://127.0.0.1:{self.ports['cache']}/0",
                "STATIC_ROOT": str(self.tmp / "static"),
                "MEDIA_ROOT": str(self.tmp / "media"),
                "WEB_CONCURRENCY": "2",
                # The beat's finality task every 2 s instead of 60 (the walk waits for it).
                "FINALIZE_EVERY_SECONDS": "2",
                "GUNICORN_CMD_ARGS": f"--bind 127.0.0.1:{self.ports['web']}",
            },
            dict(kv.split("=", 1) for kv in self.args.env),
        )
        with self.step("release steps: migrate, collectstatic, check --deploy; the demo"):
            self.manage("migrate", "--noinput", "-v0")
            self.manage("collectstatic", "--noinput", "-v0")
            report = run(
                [str(self.venv / "bin/python"), "manage.py", "check", "--deploy"], cwd=ROOT, env=self.env
            )
            print("  " + (report.stdout + report.stderr).strip().replace("\n", "\n  "))
            self.manage("load_demo")
            # The walk does not wait ten minutes for the protest window: the demo's is made 0 here.
            self.manage(
                "shell", "-c",
                "from tournaments.models import Tournament; "
                f"Tournament.objects.filter(name={DEMO_NAME!r}).update(protest_window_minutes=0)",
            )  # fmt: skip

    def start(self) -> None:
        swaps = {
            "/srv/nardy/venv": str(self.venv),
            "/srv/nardy/app": str(ROOT),
            "/var/lib/nardy": str(self.tmp / "state"),
        }
        with self.step("gunicorn, Celery worker and beat (the systemd units' ExecStart), nginx"):
            self.procs.start("gunicorn", exec_start("nardy-web.service", swaps), self.env)
            live_env = {**self.env, "GUNICORN_CMD_ARGS": f"--bind 127.0.0.1:{self.ports['live']}"}
            self.procs.start("live", exec_start("nardy-live.service", swaps), live_env)
            self.procs.start("worker", exec_start("nardy-worker.service", swaps), self.env)
            self.procs.start("beat", exec_start("nardy-beat.service", swaps), self.env)
            conf = nginx_conf(
                self.tmp,
                {
                    "server 127.0.0.1:8001": f"server 127.0.0.1:{self.ports['web']}",
                    "server 127.0.0.1:8002": f"server 127.0.0.1:{self.ports['live']}",
                    "listen 80;": f"listen 127.0.0.1:{self.ports['http']};",
                    "listen 443 ssl http2;": f"listen 127.0.0.1:{self.ports['https']} ssl http2;",
                    f"/etc/letsencrypt/live/{HOST}/fullchain.pem": str(self.cert),
                    f"/etc/letsencrypt/live/{HOST}/privkey.pem": str(self.key),
                    "/srv/nardy/staticfiles/": f"{self.tmp}/static/",
                    "/var/log/nginx/": f"{self.tmp}/nginx/",
                    "/var/lib/nginx/nardy-live": f"{self.tmp}/nginx/live-cache",
                    "/etc/nginx/nardy_proxy_params": f"{self.tmp}/nginx/nardy_proxy_params",
                },
            )
            nginx = [
                "nginx",
                "-p",
                str(self.tmp / "nginx"),
                "-e",
                str(self.tmp / "nginx/error.log"),
                "-c",
                str(conf),
            ]
            run([*nginx, "-t"])
            self.procs.start("nginx", nginx)
            self.procs.wait_for_log("gunicorn", r"Booting worker with pid: \d+[\s\S]*Booting worker", 60)
            self.procs.wait_for_log("live", r"Booting worker with pid: \d+[\s\S]*Booting worker", 60)
            self.procs.wait_for_log("worker", r"celery@\S+ ready", 60)
            self.procs.wait_for_log("beat", r"beat: Starting", 60)
            self.https = Client(self.ports["https"], self.cert)
            deadline = time.monotonic() + 30
            while True:
                try:
                    if self.https.get("/health/").status == 200:
                        break
                except OSError:
                    pass
                check(time.monotonic() < deadline, "the site did not answer through nginx")
                time.sleep(0.3)

    # -- the walk --

    def tournament_ids(self) -> tuple[int, int]:
        listed = json.loads(self.https.get("/api/tournaments?limit=100").text)
        items = listed["items"] if isinstance(listed, dict) else listed
        by_name = {t["name"]: t["id"] for t in items}
        check(DEMO_NAME in by_name and OPEN_NAME in by_name, f"the demo's tournaments: {sorted(by_name)}")
        return by_name[DEMO_NAME], by_name[OPEN_NAME]

    def match_links(self, client: Client, t: int, number: int) -> list[str]:
        page = client.get(f"/t/{t}/rounds/{number}/slips/")
        check(page.status == 200, f"slips: {page.status}")
        # A token is "match-participant-generation.signature": one player's link per match.
        one_per_match: dict[str, str] = {}
        for link, match in re.findall(r"(/m/(\d+)-\d+-\d+\.[A-Za-z0-9_\-]+/)", page.text):
            one_per_match.setdefault(match, link)
        check(len(one_per_match) >= 4, f"only {len(one_per_match)} matches' links on the slips page")
        return list(one_per_match.values())

    def report(self, link: str) -> int:
        """A player reports 7:3 for himself through his own link, with no account."""
        player = Client(self.ports["https"], self.cert)
        player.csrf_from(link)
        return player.post(link, {"action": "report", "mine": 7, "theirs": 3}).status

    def enter_publicly(self, surname: str) -> int:
        visitor = Client(self.ports["https"], self.cert)
        url = f"/t/{self.open_t}/register/"
        visitor.csrf_from(url)
        answer = visitor.post(
            url,
            {
                "surname": surname,
                "name": "Пётр",
                "birth_date": "1990-01-01",
                "gender": "male",
                "organisation": "Клуб",
                "region": "Москва",
                "disciplines": ["short"],
                "responsible_name": "Он",
                "responsible_phone": "+7 900 000-00-00",
            },
        )
        if answer.status == 200:
            errors = re.findall(r'class="errorlist[^"]*"[^>]*>(.*?)</ul>', answer.text, re.S)
            print(f"  the entry form answered 200 with: {errors}")
        return answer.status

    def walk(self) -> None:
        https = self.https
        with self.step("walk: health, TLS, static files, the real client address"):
            health = https.get("/health/")
            check(health.status == 200, f"health: {health.status} {health.text}")
            body = json.loads(health.text)
            check(
                body == {"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}, f"health: {body}"
            )
            plain = Client(self.ports["http"], self.cert, scheme="http").get("/t/1/", headers={
                "X-Forwarded-Proto": "https"})  # fmt: skip
            check(plain.status == 301 and plain.getheader("Location", "").startswith("https://"), "HTTP")
            static = https.get("/static/js/live.js")
            check(static.status == 200 and static.body == (ROOT / "static/js/live.js").read_bytes(), "static")
            check("public" in static.getheader("Cache-Control", ""), "static files' Cache-Control")
            check(https.get("/media/protests/1/x.png").status == 404, "media must not be served by nginx")
            home = https.get("/", headers={"X-Real-IP": "203.0.113.66", "X-Forwarded-For": "203.0.113.66"})
            check(home.status == 200, f"home: {home.status}")
            check("script-src 'self'" in home.getheader("Content-Security-Policy", ""), "CSP header")
            time.sleep(0.5)
            access = self.procs.log("gunicorn")
            check("/static/js/live.js" not in access, "a static file reached gunicorn")
            lines = [line for line in access.splitlines() if '"GET / HTTP' in line]
            check(lines and lines[-1].startswith("127.0.0.1 via 127.0.0.1 "), f"client address: {lines[-1:]}")
        with self.step("walk: a secretary publishes round 4, a player reports through his link, beat and the "
                       "worker make the result final"):  # fmt: skip
            self.demo_t, self.open_t = self.tournament_ids()
            self.secretary = Client(self.ports["https"], self.cert)
            self.secretary.csrf_from("/accounts/login/")
            login = self.secretary.post(
                "/accounts/login/", {"username": "secretary", "password": "demo12345"}
            )
            check(login.status == 302, f"login: {login.status}")
            session = [c for c in self.secretary.set_cookies if c.startswith("sessionid=")]
            check(session and "Secure" in session[-1] and "HttpOnly" in session[-1], f"cookie: {session}")
            check("max-age=31536000" in login.getheader("Strict-Transport-Security", ""), "HSTS")
            published = self.secretary.post(f"/t/{self.demo_t}/rounds/4/publish/", {})
            check(published.status == 302, f"publish: {published.status}")
            self.links = self.match_links(self.secretary, self.demo_t, 4)
            before = self.worker_finalized()
            check(self.report(self.links[0]) == 302, "the report through the match link")
            deadline = time.monotonic() + 60
            while not self.final_in_round(4):
                check(time.monotonic() < deadline, "the result did not become final within 60 s")
                time.sleep(0.5)
            check(self.worker_finalized() > before, "the worker did not run judging.finalize_results")
            check("Sending due task finalize-results" in self.procs.log("beat"), "beat did not send it")
        with self.step("walk: a document made by the worker and downloaded"):
            self.document("standings")

    def worker_finalized(self) -> int:
        return len(
            re.findall(r"Task judging\.finalize_results\[[^\]]+\] succeeded", self.procs.log("worker"))
        )

    def final_in_round(self, number: int) -> int:
        (row,) = self.sql(
            "SELECT count(*) FROM draw_match m JOIN draw_round r ON r.id = m.round_id "
            "WHERE r.tournament_id = %s AND r.number = %s AND m.final_at IS NOT NULL",
            (self.demo_t, number),
        )
        return row[0]

    def document(self, kind: str) -> None:
        made = len(re.findall(r"Task protocols\.generate\[[^\]]+\] succeeded", self.procs.log("worker")))
        url = f"/t/{self.demo_t}/documents/{kind}/"
        self.secretary.csrf_from(url)
        asked = self.secretary.post(url, {})
        check(asked.status == 302, f"document {kind}: {asked.status}")
        # The page shows the document of the tournament's current version, made or being made; when the
        # version moves meanwhile (beat's finality task marks a result final), the one asked for shows as the
        # previous version once ready. Either way its link comes: wait for it, watching the status.
        deadline = time.monotonic() + 90
        while True:
            page = self.secretary.get(url).text
            download = re.search(r'href="(/documents/\d+/file/)"', page)
            if download:
                break
            status_url = re.search(r'data-status="([^"]+)"', page)
            if status_url:
                status = json.loads(self.secretary.get(status_url.group(1)).text)
                check(status.get("status") != "failed", f"document {kind} failed: {status}")
            check(time.monotonic() < deadline, f"no download link for {kind} within 90 s")
            time.sleep(0.5)
        pdf = self.secretary.get(download.group(1))
        check(pdf.status == 200 and pdf.body.startswith(b"%PDF"), f"download {kind}: {pdf.status}")
        worker = self.procs.log("worker")
        check(
            len(re.findall(r"Task protocols\.generate\[[^\]]+\] succeeded", worker)) > made, "by the worker"
        )

    # -- a bad day --

    def public_side(self, link: str, surname: str) -> dict[str, tuple[int, float]]:
        anonymous = Client(self.ports["https"], self.cert)
        answers = {}
        for name, path in (
            ("round fragment", f"/t/{self.demo_t}/rounds/4/live/"),
            ("home live block", f"/t/{self.demo_t}/live/"),
            ("tournament page", f"/t/{self.demo_t}/"),
            ("API standings", f"/api/tournaments/{self.demo_t}/standings"),
        ):
            answer = anonymous.get(path)
            answers[name] = (answer.status, answer.seconds)
        started = time.monotonic()
        answers["match-link report"] = (self.report(link), time.monotonic() - started)
        started = time.monotonic()
        answers["public entry form"] = (self.enter_publicly(surname), time.monotonic() - started)
        return answers

    def expect_public_side(self, answers: dict[str, tuple[int, float]], when: str) -> None:
        for name, (status, seconds) in answers.items():
            print(f"    {name}: {status} in {seconds:.2f} s")
        wrong = {k: v for k, v in answers.items() if v[0] not in (200, 302)}
        check(not wrong, f"{when}: {wrong}")
        slow = {k: v for k, v in answers.items() if v[1] > 4}
        check(not slow, f"{when}: too slow {slow}")

    def shared_copies(self) -> None:
        """Issue 35 §1: an anonymous phone's poll is answered from nginx's copy — 24 phones at once cost the
        app one request, a phone holding the ETag gets its 304 from nginx, a client that takes no gzip gets
        the text — and an official's poll is his own, never the shared copy, never kept."""
        import threading

        with self.step("live polls: 24 phones at once, one request to the app; the official's poll his own"):
            url = f"/t/{self.demo_t}/rounds/4/live/?page=1"  # a fragment nobody asked for yet
            offset = len(self.procs.log("live"))
            start = threading.Barrier(24)
            answers: list = []

            def poll() -> None:
                client = Client(self.ports["https"], self.cert)
                start.wait()
                answers.append(client.get(url, headers={"X-Live": "1"}))

            threads = [threading.Thread(target=poll) for _ in range(24)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            check([a.status for a in answers] == [200] * 24, f"polls: {[a.status for a in answers]}")
            check(len({a.body for a in answers}) == 1, "the phones got different copies")
            check(
                b"<table" in answers[0].body,
                "the copy is not the fragment's text (gunzipped for this client)",
            )
            check("X-Accel-Expires" not in answers[0].headers, "nginx passed X-Accel-Expires on")
            etag = answers[0].getheader("ETag", "")
            again = Client(self.ports["https"], self.cert).get(
                url, headers={"X-Live": "1", "If-None-Match": etag, "Accept-Encoding": "gzip"}
            )
            check(again.status == 304, f"a phone holding the ETag: {again.status}")
            time.sleep(0.3)
            reached = self.procs.log("live")[offset:].count(f"GET {url}")
            print(f"    24 phones at once and one with the ETag: {reached} request(s) reached the live pool")
            check(reached == 1, f"{reached} polls reached the live pool (one expected)")
            # The secretary polls the same fragment: his answer (with the official's controls) comes from the
            # app, not from the copy, and is not kept for the next phone.
            official = self.secretary.get(url, headers={"X-Live": "1"})
            check(
                official.status == 200 and official.body != answers[0].body,
                "the official got the phones' copy",
            )
            phone = Client(self.ports["https"], self.cert).get(url, headers={"X-Live": "1"})
            check(phone.body == answers[0].body, "a phone got the official's answer")
            # A fragment gone from the public (a draft, a tournament deleted) is kept as gone too: its 403 or
            # 404 replaces the copy, so a copy is never served on after the app stopped giving it.
            gone = f"/t/{self.demo_t + 100000}/rounds/1/live/"
            offset = len(self.procs.log("live"))
            first, second = (
                Client(self.ports["https"], self.cert).get(gone, headers={"X-Live": "1"}) for _ in "12"
            )
            time.sleep(0.3)
            reached = self.procs.log("live")[offset:].count(f"GET {gone}")
            check(
                first.status == second.status == 404 and reached == 1,
                f"a gone fragment: {reached} requests; {first.status} {first.getheader('X-Cache')}, "
                f"{second.status} {second.getheader('X-Cache')}",
            )

    def shedding(self) -> None:
        """Issue 37: past max_conns polls in flight at the live pool nginx sheds the rest at once (503,
        Retry-After) before they reach gunicorn, and a request that is no poll (the secretary's page) is never
        shed. An official's polls are his own (never a shared copy), so they are the ones that reach the
        limit."""
        import threading

        with self.step("overload: polls past the limit shed by nginx with Retry-After, the secretary served"):
            url = f"/t/{self.demo_t}/rounds/4/live/"
            offset = len(self.procs.log("live"))
            start = threading.Barrier(25)
            answers: list[tuple[int, str, str]] = []

            def poll() -> None:
                client = Client(self.ports["https"], self.cert)
                client.cookies = dict(self.secretary.cookies)
                start.wait()
                r = client.get(url, headers={"X-Live": "1"})
                answers.append((r.status, r.getheader("Retry-After", ""), r.text))

            threads = [threading.Thread(target=poll) for _ in range(24)]
            for thread in threads:
                thread.start()
            start.wait()
            page = self.secretary.get(f"/t/{self.demo_t}/")  # no X-Live: never counted, never shed
            for thread in threads:
                thread.join(60)
            shed = [a for a in answers if a[0] == 503]
            served = [a for a in answers if a[0] == 200]
            print(f"    24 polls at once: {len(served)} served, {len(shed)} shed; the page {page.status}")
            check(len(answers) == 24 and len(served) + len(shed) == 24, f"polls: {[a[0] for a in answers]}")
            check(1 <= len(served) and len(shed) >= 1, "nothing shed: the limit is not in force")
            check(all(a[1] == "5" and a[2] == "busy\n" for a in shed), f"a shed poll: {shed[:1]}")
            check(page.status == 200, f"the secretary's page: {page.status}")
            time.sleep(0.3)
            reached = self.procs.log("live")[offset:].count(f"GET {url}")
            check(reached == len(served), f"{reached} polls reached the live pool, {len(served)} served")

    def redis_down(self) -> None:
        cache = self.procs.running["redis-cache"]
        with self.step("Redis-down test: the cache accepts and never answers (SIGSTOP)"):
            os.kill(cache.pid, signal.SIGSTOP)
            self.expect_public_side(self.public_side(self.links[1], "Заморозкин"), "cache stopped")
            health = self.https.get("/health/")
            check(
                health.status == 503 and json.loads(health.text)["cache"] == "down", f"health: {health.text}"
            )
            os.kill(cache.pid, signal.SIGCONT)
            back = self.https.get("/health/")
            check(back.status == 200, f"health after SIGCONT: {back.status} {back.text}")
        with self.step("Redis-down test: the cache killed"):
            self.procs.stop("redis-cache", signal.SIGKILL)
            self.expect_public_side(self.public_side(self.links[2], "Безредисов"), "cache killed")
            health = json.loads(self.https.get("/health/").text)
            check(health["cache"] == "down" and health["database"] == "ok", f"health: {health}")
            warnings = self.procs.log("gunicorn").count("unavailable (")
            check(
                1 <= warnings <= 6, f"the cache failure logged {warnings} times (once per burst and worker)"
            )

    def worker_pids(self) -> set[int]:
        master = self.procs.running["gunicorn"].pid
        children = set()
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError):
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == master:
                    children.add(int(stat.parent.name))
        return children

    def postgres_restart(self) -> None:
        with self.step("PostgreSQL-restart test: pg_terminate_backend on every connection of the stack"):
            workers = self.worker_pids()
            check(len(workers) == 2, f"gunicorn workers: {workers}")
            anonymous = Client(self.ports["https"], self.cert)
            for _ in range(12):  # every worker holds a connection (CONN_MAX_AGE)
                check(anonymous.get(f"/t/{self.demo_t}/").status == 200, "before the restart")
            (terminated,) = self.sql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (self.db_name,),
                database="postgres",
            )
            print(f"    {terminated[0]} backends terminated")
            check(terminated[0] >= len(workers), "fewer backends than gunicorn workers")
            offset = len(self.procs.log("gunicorn"))
            # Six at a time, so that every worker takes some (one after another, one worker may take all).
            with concurrent.futures.ThreadPoolExecutor(6) as pool:
                codes = list(pool.map(lambda _i: anonymous.get(f"/t/{self.demo_t}/").status, range(12)))
            print(f"    then 12 requests, six at a time: {codes}")
            check(codes == [200] * 12, f"after the terminated connections: {codes}")
            time.sleep(0.3)
            served = {
                int(p) for p in re.findall(r"\[<(\d+)>\] \"GET /t/", self.procs.log("gunicorn")[offset:])
            }
            check(served == workers, f"not every worker answered after the restart: {served} of {workers}")
            self.document("final")  # the worker's connection was terminated too


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE for the stack's settings")
    StackTest(parser.parse_args()).main()


if __name__ == "__main__":
    main()
