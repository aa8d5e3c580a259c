"""gunicorn's settings for the site (deploy/systemd/nardy-web.service): ``gunicorn --config
deploy/gunicorn.conf.py config.wsgi:application``. Command-line flags and GUNICORN_CMD_ARGS override them."""

import multiprocessing
import os

bind = "127.0.0.1:8001"  # nginx's upstream (deploy/nginx/nardy.conf)
# Sync workers: each serves one request at a time; WEB_CONCURRENCY sets how many (default 2 × cores + 1).
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
timeout = 30
graceful_timeout = 30
keepalive = 5
# A worker is replaced after about this many requests (bounds any slow growth of memory).
max_requests = 2000
max_requests_jitter = 200
# To the journal: the client's real address first (nginx's X-Real-IP), then nginx's own, the worker's pid.
accesslog = "-"
errorlog = "-"
access_log_format = '%({x-real-ip}i)s via %(h)s [%(p)s] "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
forwarded_allow_ips = "127.0.0.1"
# No control socket (gunicornc): systemctl reload sends HUP, and two sites on one machine never share it.
control_socket_disable = True
