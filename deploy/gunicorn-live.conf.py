"""gunicorn's settings for the live polls' own pool (deploy/systemd/nardy-live.service, issue 37):
``gunicorn --config deploy/gunicorn-live.conf.py config.wsgi:application``. The site's settings
(deploy/gunicorn.conf.py) with their own address and number of workers: nginx sends the phones' polls that its
shared copies do not answer here (deploy/nginx/nardy.conf, upstream nardy_polls), so the officials' requests
(result entry, the draw, documents) keep deploy/gunicorn.conf.py's workers to themselves, and the unit runs
this pool at a lower CPU priority (Nice=10): when the machine is busy the officials' work comes first."""

import os
import runpy

_here = os.path.dirname(os.path.abspath(__file__))
_site = runpy.run_path(os.path.join(_here, "gunicorn.conf.py"))
_settings = {k: v for k, v in _site.items() if not k.startswith("_") and isinstance(v, str | int | bool)}
globals().update(_settings)

bind = "127.0.0.1:8002"  # nginx's upstream nardy_polls
# Two workers keep up with the fragments nginx's copies miss (a few a second for any number of phones,
# bench/bench_phones.py); nginx lets at most as many polls in at once (max_conns) and answers the rest from
# its copies or with 503.
workers = int(os.environ.get("WEB_LIVE_CONCURRENCY", 2))
