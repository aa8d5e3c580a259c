# Two commands do all the set-up on a fresh machine:
#   make run    install into .venv, migrate, load the demo tournament, serve http://127.0.0.1:$(PORT)
#   make venue  the event day: serve the venue's LAN for the players' phones (README, "The venue")
#   make test   install the same way and run the whole suite on SQLite, then again on PostgreSQL, then start
#               the production stack (gunicorn, Celery worker and beat, nginx; scripts/stack_test.py)
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/nardy
REDIS_URL ?= redis://127.0.0.1:6379/14
# The production stack test's own database (dropped and created again by each run).
STACK_PG_URL ?= $(PG_URL)_stack

.PHONY: run venue test test-fast test-sqlite test-postgres test-stack stack-deps check install lint bench messages clean \
	browser screenshots security

# requirements.txt is the runtime (web and workers); requirements-dev.txt adds the tests and the linters.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

messages: install
	$(PY) manage.py compilemessages --ignore=.venv -v0

run: install messages
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py load_demo
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The venue (issue 28 §2; README, "The venue"): the site on the venue's LAN for the players' phones —
# gunicorn on every interface, the embedded SQLite, debug off, a secret key kept in var/venue/ (outside git),
# the address and its QR code printed. HOST=… the address or name phones use (default: the laptop's LAN
# address), PORT=8000, CERT=cert.pem KEY=key.pem for HTTPS. No demo: migrate only.
HOST ?=
CERT ?=
KEY ?=
venue: install messages
	$(PY) manage.py venue --port $(PORT) $(if $(HOST),--host $(HOST)) $(if $(CERT),--cert $(CERT) --key $(KEY))

# The browser tests drive Debian's chromium (Playwright's own download does not work here); the document tests
# read PDFs back with poppler's pdftoppm/pdftotext. CI runs as root.
browser:
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)
	command -v pdftoppm >/dev/null || (apt-get update -qq && apt-get install -y -qq poppler-utils)

screenshots: install messages browser
	$(PY) docs/public/make_screenshots.py

test: install messages browser stack-deps
	$(MAKE) --no-print-directory check
	$(MAKE) --no-print-directory test-sqlite
	$(MAKE) --no-print-directory test-postgres
	$(MAKE) --no-print-directory test-stack

# The production stack needs Debian's nginx (and redis-server, which runs Redis here anyway).
stack-deps:
	command -v nginx >/dev/null && command -v redis-server >/dev/null || \
		(apt-get update -qq && apt-get install -y -qq nginx redis-server)

# The production stack as the README's Deployment section sets it up (issue 25 item 5): a virtualenv with only
# requirements.txt (cached per its content in ~/.cache/nardy/), PostgreSQL, two Redis servers of its own,
# gunicorn, a Celery worker and beat from deploy/systemd, nginx with deploy/nginx; a result walked through it,
# then the Redis-down and PostgreSQL-restart tests. About a minute.
test-stack: install stack-deps
	STACK_PG_URL=$(STACK_PG_URL) STACK_PYTHON=$(PYTHON) $(PY) scripts/stack_test.py

# The habits CI holds: lint, formatting, no model change without its migration, types of the pure cores.
check: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run -v0
	$(VENV)/bin/mypy

# The inner loop: SQLite, no browser, no PostgreSQL, no Celery worker, none of the tests marked slow (the big
# fields, the full property runs: `make test` runs them; README "Tests").
test-fast: install messages
	$(PY) -m pytest -n 2 -p no:cacheprovider -m "not browser and not integration and not postgres and not slow"

# Security (README, "Security"): the role × officials-action matrix, the public-data crawl with a draft round
# present, the privacy of the public forms, rate limits, bounds and hardening — on SQLite, then the races,
# date ranges and killed workers on PostgreSQL (make test runs them too, with everything else).
security: install messages
	$(PY) -m pytest -n 2 -p no:cacheprovider -m "security and not postgres"
	CELERY_TEST_BROKER_URL=$(REDIS_URL) DATABASE_URL=$(PG_URL) $(PY) -m pytest -n 2 -p no:cacheprovider \
		-m "security and postgres"

test-sqlite:
	CELERY_TEST_BROKER_URL=$(REDIS_URL) $(PY) -m pytest -n 2 -p no:cacheprovider

# The pure packages (pairing, rules_core) touch no database: the second pass runs the Django suite,
# including the workers that share the database with the tests (records, protocols).
test-postgres:
	CELERY_TEST_BROKER_URL=$(REDIS_URL) DATABASE_URL=$(PG_URL) $(PY) -m pytest -n 2 -p no:cacheprovider \
		--ignore=tests/draw/pairing --ignore=tests/rules_core

lint: check

bench: install
	$(PY) bench/bench_pairing.py
	$(PY) bench/bench_rules.py
	$(PY) bench/bench_standings.py
	$(PY) bench/bench_protocols.py
	$(PY) bench/bench_import.py
	$(PY) bench/bench_round_entry.py
	$(PY) bench/bench_exports.py
	$(PY) bench/bench_api.py
	$(PY) bench/bench_scale.py
	$(PY) bench/bench_provisional.py --players 1000
	$(PY) bench/bench_ranking.py --players 1000
	$(PY) bench/bench_rating.py --core --event --pages
	$(PY) bench/bench_series.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
