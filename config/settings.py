"""One settings file; every knob comes from the environment through small typed helpers.

Embedded default (nothing set): SQLite file, Celery eager, Europe/Moscow, Russian UI, DEBUG on.
Production: set SECRET_KEY, DEBUG=0, ALLOWED_HOSTS, DATABASE_URL, CELERY_BROKER_URL (see README).
"""

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    lowered = value.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), got {value!r}")


def envint(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from exc


def envfloat(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return float(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a number, got {value!r}") from exc


def envlist(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# The venue mode (issue 28 §2; README, "The venue"): ``manage.py venue`` (``make venue``) serves the embedded
# default on the venue's LAN with gunicorn and sets VENUE_URL to the address the phones reach
# (http://192.168.1.20:8000, or https://… with a certificate). A deliberate, documented exception to the
# production settings below, made here in one place: debug off, that one address allowed and printed in every
# QR link, plain HTTP allowed when no certificate is given (no HTTPS redirect, no HSTS, cookies not marked
# secure), static files served by the app (WhiteNoise), SQLite and Celery eager. Production is unchanged.
VENUE_URL = os.environ.get("VENUE_URL", "").rstrip("/")
VENUE = urlsplit(VENUE_URL) if VENUE_URL else None
if VENUE is not None:
    if VENUE.scheme not in {"http", "https"} or not VENUE.hostname:
        raise ImproperlyConfigured(
            f"VENUE_URL must be http://host:port or https://host:port, got {VENUE_URL!r}"
        )
    if envbool("DEBUG", False):
        raise ImproperlyConfigured("The venue mode (VENUE_URL) runs with DEBUG off: unset DEBUG")
    for _name in ("DATABASE_URL", "CELERY_BROKER_URL"):
        if os.environ.get(_name):
            raise ImproperlyConfigured(
                f"The venue mode (VENUE_URL) runs the embedded SQLite and Celery in-process: unset {_name}"
            )

DEBUG = VENUE is None and envbool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-change-me"  # noqa: S105 - development default only
ALLOWED_HOSTS = envlist(
    "ALLOWED_HOSTS",
    ["127.0.0.1", "localhost", "testserver"]
    if DEBUG
    else [VENUE.hostname, "127.0.0.1", "localhost"]
    if VENUE is not None and VENUE.hostname
    else [],
)
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [VENUE_URL] if VENUE_URL else [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "import_export",
    "axes",
    # In the order of their imports: a lower app never imports a higher one (tests/test_layers.py).
    "tournaments",
    "registration",
    "draw",
    "standings",
    "judging",
    "records",
    "federation",
    "fees",
    "protocols",
    "interchange",
    "public",
    "season",
    "reporting",
    "notify",
    "api",
    "config",  # the site's system checks (config/checks.py)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.ChosenLanguageMiddleware",
    "api.http.ApiMiddleware",  # /api/ only: its language, JSON errors, gzip (api/README.md)
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it answers a locked-out login with its lockout page.
    "axes.middleware.AxesMiddleware",
]

# Static files from the app itself where no nginx stands in front of it: the venue mode (WhiteNoise serves
# STATIC_ROOT, filled by collectstatic; the venue command runs it). SERVE_STATIC=1 turns it on elsewhere.
SERVE_STATIC = envbool("SERVE_STATIC", VENUE is not None)
if SERVE_STATIC:
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")
# Under DEBUG (make run) a missing page is the site's own 404 in Russian, not Django's English technical
# page (issue 28 §6; config.middleware.SiteNotFoundMiddleware); TECHNICAL_404=1 brings Django's back.
if DEBUG and not envbool("TECHNICAL_404", False):
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.middleware.common.CommonMiddleware") + 1,
        "config.middleware.SiteNotFoundMiddleware",
    )

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"


def sqlite_database(path: str) -> dict[str, Any]:
    """The embedded default (issue 20 item 6): write-ahead log (readers never wait for a writer, a commit is
    an append), synchronous=NORMAL (no fsync per commit in WAL mode: a power cut may lose the last commits,
    never corrupt the file), a writer waits up to SQLITE_BUSY_MS for another instead of failing, foreign keys
    enforced; transactions take the write lock when they begin (IMMEDIATE), so two writers queue on the busy
    timeout instead of one failing at once with "database is locked"."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        "OPTIONS": {
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                f"PRAGMA busy_timeout={envint('SQLITE_BUSY_MS', 20_000)}; PRAGMA foreign_keys=ON"
            ),
            "transaction_mode": "IMMEDIATE",
        },
    }


DATABASE_URL = os.environ.get("DATABASE_URL", "")
DATABASES: dict[str, Any]
if DATABASE_URL:
    # A reused connection is checked before a request uses it (issue 25 item 7): after a PostgreSQL restart
    # (or a terminated backend) the next request opens a new one instead of answering 500.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=envint("CONN_MAX_AGE", 60),
            conn_health_checks=envbool("CONN_HEALTH_CHECKS", True),
        )
    }
    if DATABASES["default"]["ENGINE"].endswith("postgresql"):
        # PostgreSQL's JIT compiles a query whose estimated cost passes jit_above_cost: the counts of results
        # still in their protest window (issue 36) spent 21 s compiling and 0.6 s running on a loaded 2-core
        # machine. Off unless PG_JIT=1.
        options = DATABASES["default"].setdefault("OPTIONS", {})
        jit = "on" if envbool("PG_JIT", False) else "off"
        options["options"] = f"{options.get('options', '')} -c jit={jit}".strip()
else:
    DATABASES = {"default": sqlite_database(os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- rate limits (issue 13 item 6; README, "Security") ------------------------------------------------------
# The client's address: REMOTE_ADDR, or the header the reverse proxy sets (CLIENT_IP_HEADER=HTTP_X_REAL_IP
# with nginx's "proxy_set_header X-Real-IP $remote_addr"); never a header a client could forge past the proxy.
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "REMOTE_ADDR")
# Logins: django-axes locks a login from one address after LOGIN_FAILURE_LIMIT failures, for
# LOGIN_COOLOFF_MINUTES; a success resets the count. Attempts are kept in the database (every process sees
# them).
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = envint("LOGIN_COOLOFF_MINUTES", 15) / 60  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.middleware.client_ip"
AXES_VERBOSE = False
AXES_LOCKOUT_CALLABLE = "config.middleware.locked_out"
# Public entry forms: at most PUBLIC_FORMS_RATE submissions per address (django-ratelimit, on the cache).
PUBLIC_FORMS_RATE = os.environ.get("PUBLIC_FORMS_RATE", "10/h")
# Private match links (issue 14 item 2): unknown or revoked tokens per address, and answers sent through one
# link. A venue's players often share one address, so the first counts only failures.
MATCH_LINK_BAD_RATE = os.environ.get("MATCH_LINK_BAD_RATE", "30/m")
# The site's address as players reach it (https://nardy.example.org): the match protocol PDF prints each
# player's match link as a QR code with it. Empty: no QR codes in the PDFs (the slips page has them).
# The venue mode prints its own address (VENUE_URL) in every QR link and slip.
SITE_URL = (os.environ.get("SITE_URL", "") or VENUE_URL).rstrip("/")
MATCH_LINK_POST_RATE = os.environ.get("MATCH_LINK_POST_RATE", "30/h")
RATELIMIT_IP_META_KEY = "config.middleware.client_ip"
# The cache holds the rate-limit counters and the public pages' rendered fragments: local memory (one process)
# unless CACHE_URL names a shared Redis, which production with several web processes needs
# (CACHE_URL=redis://redis:6379/2; config.checks warns without it when DEBUG is off). It fails open
# (config/cache.py, issue 25 item 4): Redis down or hung answers as a miss within CACHE_TIMEOUT_SECONDS,
# then the process leaves Redis alone for CACHE_RETRY_SECONDS; pages and reporting keep working, and the rate
# limits are not counted meanwhile (RATE_LIMITS_FAIL_OPEN=0: refuse the limited forms instead; README).
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHE_TIMEOUT_SECONDS = envfloat("CACHE_TIMEOUT_SECONDS", 0.5)
CACHES = {
    "default": (
        {
            "BACKEND": "config.cache.FailOpenRedisCache",
            "LOCATION": CACHE_URL,
            "OPTIONS": {
                "socket_timeout": CACHE_TIMEOUT_SECONDS,
                "socket_connect_timeout": CACHE_TIMEOUT_SECONDS,
                "retry_seconds": envfloat("CACHE_RETRY_SECONDS", 5),
            },
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
RATELIMIT_FAIL_OPEN = envbool("RATE_LIMITS_FAIL_OPEN", True)
# How long nginx may answer every anonymous phone with one copy of a live fragment before asking the app again
# (public/live.py sends it as X-Accel-Expires; deploy/nginx/nardy.conf; issue 35 §1). 0: never shared.
LIVE_SHARED_SECONDS = envint("LIVE_SHARED_SECONDS", 1)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # The user's own date of birth, and this site's guessable words (issue 13, low).
    {"NAME": "registration.passwords.PersonalDataValidator"},
]

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", _("Russian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Moscow")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", str(BASE_DIR / "media")))
# Protest evidence (images or PDF), checked by content; served only to the panel and the protester.
PROTEST_ATTACHMENT_MAX_BYTES = envint("PROTEST_ATTACHMENT_MAX_BYTES", 5 * 1024 * 1024)
PROTEST_ATTACHMENTS_MAX = envint("PROTEST_ATTACHMENTS_MAX", 5)
# An image's pixels are checked before it is decoded: a few-KB PNG may declare 20000×20000 (issue 13, low).
PROTEST_IMAGE_MAX_PIXELS = envint("PROTEST_IMAGE_MAX_PIXELS", 40_000_000)

# Password reset mails: printed to the console unless EMAIL_BACKEND says otherwise (README, "Security").
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = envint("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "nardy@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "public:list"
LOGOUT_REDIRECT_URL = "public:list"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Over plain HTTP (the venue mode without a certificate) a cookie marked secure would never come back.
HTTPS_ONLY = not DEBUG and (VENUE is None or VENUE.scheme == "https")
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", HTTPS_ONLY)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", HTTPS_ONLY)
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if envbool("BEHIND_HTTPS_PROXY", False) else None
)
# HTTPS only in production (README, "Security"): plain HTTP is redirected (behind the proxy, it tells the
# scheme in X-Forwarded-Proto), and browsers are told to come back over HTTPS only (HSTS).
# The venue mode: no redirect (gunicorn serves one scheme on one port) and no HSTS (a LAN address or a
# self-signed certificate must not lock the phones out of the next event's laptop).
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", not DEBUG and VENUE is None)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0 if DEBUG or VENUE is not None else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG and VENUE is None)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", False)
SECURE_REFERRER_POLICY = "same-origin"
# Content-Security-Policy (issue 25 item 12; config.middleware): scripts and styles only from the site's own
# files (static/js, static/css): no inline script, no on…= handler, no style attribute or style element.
# Images may be data: URIs (Swagger UI's icons); nothing is framed. Empty: no header.
CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
)
# The health endpoint answers a local probe over plain HTTP too (curl http://127.0.0.1:8001/health/).
SECURE_REDIRECT_EXEMPT = [r"^health/$"]

# Celery: a real broker when CELERY_BROKER_URL is set, otherwise tasks run in-process.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://"
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# A broker that is down is noticed in about a second (then documents are made in the request).
CELERY_BROKER_CONNECTION_TIMEOUT = envint("CELERY_BROKER_CONNECTION_TIMEOUT", 2)
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
# A pending or running document whose worker has been silent this long is queued again (issue 13 item 4).
DOCUMENTS_LEASE_SECONDS = envint("DOCUMENTS_LEASE_SECONDS", 120)
# Documents of a field above this many participants are never made inside a web request: by the Celery worker,
# or in the embedded default (eager) by a thread of the web process after the commit (issue 20 item 3).
DOCUMENTS_BACKGROUND_ABOVE = envint("DOCUMENTS_BACKGROUND_ABOVE", 500)
# Entry files above this many rows are never checked (preview) or saved inside a web request: by the Celery
# worker, or in the embedded default by a thread of the web process after the commit (issue 25 item 13).
IMPORT_BACKGROUND_ABOVE = envint("IMPORT_BACKGROUND_ABOVE", 500)
# Results become final when their protest windows close (004 §5.10); the task is idempotent.
CELERY_BEAT_SCHEDULE = {
    "finalize-results": {
        "task": "judging.finalize_results",
        "schedule": envint("FINALIZE_EVERY_SECONDS", 60),
    },
    "requeue-stuck-documents": {
        "task": "protocols.requeue_stuck",
        "schedule": envint("DOCUMENTS_REQUEUE_EVERY_SECONDS", 60),
    },
    # The monthly official rating lists (issue 31 §2): frozen as of the first of the month; run daily, so a
    # beat that was down on the first catches up; idempotent.
    "freeze-rating-lists": {
        "task": "federation.freeze_monthly_lists",
        "schedule": crontab(minute=5, hour=0),
    },
    # Notifications (issue 33): a sweep of the outbox, so the messages of a worker that died go out once its
    # lease has passed even when no new event queues a delivery.
    "notify-deliver": {
        "task": "notify.deliver",
        "schedule": envint("NOTIFY_SWEEP_EVERY_SECONDS", 30),
    },
    # The players whose protest window closes within 3 minutes are told (issue 33).
    "notify-protest-windows": {
        "task": "notify.protest_windows",
        "schedule": 60,
    },
}

# Notifications (issue 33, notify/README.md). Telegram is offered only with a token. The webhook's secret is
# part of its URL and the header Telegram sends back (setWebhook's secret_token); without one the bot is
# served by long polling (``manage.py telegram_poll``).
TELEGRAM_BOT_TOKEN = os.environ.get("TELEGRAM_BOT_TOKEN", "")
TELEGRAM_BOT_NAME = os.environ.get("TELEGRAM_BOT_NAME", "")
TELEGRAM_API_URL = os.environ.get("TELEGRAM_API_URL", "https://api.telegram.org")
TELEGRAM_WEBHOOK_SECRET = os.environ.get("TELEGRAM_WEBHOOK_SECRET", "")
# Telegram's limits: about 30 messages a second overall, one a second per chat.
TELEGRAM_RATE_PER_SECOND = envfloat("TELEGRAM_RATE_PER_SECOND", 30.0)
TELEGRAM_CHAT_INTERVAL_SECONDS = envfloat("TELEGRAM_CHAT_INTERVAL_SECONDS", 1.0)
# A worker's claim on a message; a worker killed mid-send leaves it to the next one after this.
NOTIFY_LEASE_SECONDS = envint("NOTIFY_LEASE_SECONDS", 60)
NOTIFY_MAX_ATTEMPTS = envint("NOTIFY_MAX_ATTEMPTS", 5)
# Embedded default (no broker): deliver in a thread after the commit, not in the request. Tests turn it off.
NOTIFY_DELIVER_IN_THREAD = envbool("NOTIFY_DELIVER_IN_THREAD", True)
# A document is desk news when it took at least this long to make (the others are on the page at once).
NOTIFY_DOCUMENT_SECONDS = envint("NOTIFY_DOCUMENT_SECONDS", 10)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "one_line_403": {"()": "config.logfilters.OneLineForbidden"},
        "one_line_host": {"()": "config.logfilters.OneLineRefusedHost"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "django.request": {"filters": ["one_line_403"]},
        # A wrong Host (answered 400) is one line, not a traceback (issue 25 item 14).
        "django.security.DisallowedHost": {"filters": ["one_line_host"]},
    },
}


# The federation's rating (issue 31 §2; README, Choices). Which disciplines make a list of their own: each
# tournament discipline -> its list ("" = not rated); the blitz disciplines have their own lists by default.
RATING_LISTS = {
    "long": os.environ.get("RATING_LIST_LONG", "long"),
    "short": os.environ.get("RATING_LIST_SHORT", "short"),
    "long_blitz": os.environ.get("RATING_LIST_LONG_BLITZ", "long_blitz"),
    "short_blitz": os.environ.get("RATING_LIST_SHORT_BLITZ", "short_blitz"),
    "short_pairs": "",  # two players share a board: not a person's result
}
# The formula: "fibs" (default) or "skill" with RATING_SKILL_C (S(N) = 1 + C(N-1)/2).
RATING_FORMULA = os.environ.get("RATING_FORMULA", "fibs")
RATING_SKILL_C = envfloat("RATING_SKILL_C", 1.0)
# Which results count besides the played ones: a loss on time is a game played and lost (003); technical
# defeats (walk-overs, removals) are not; byes and annulled matches never count.
RATING_COUNT_TIME = envbool("RATING_COUNT_TIME", True)
RATING_COUNT_TECHNICAL = envbool("RATING_COUNT_TECHNICAL", False)
# The year of birth on the public person pages (only where the federation's own lists print it).
REGISTER_BIRTH_YEAR = envbool("REGISTER_BIRTH_YEAR", False)
# The monthly official lists frozen by Celery beat on the first of each month (federation/tasks.py).
RATING_MONTHLY_FREEZE = envbool("RATING_MONTHLY_FREEZE", True)
