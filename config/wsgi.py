import os

from django.core.wsgi import get_wsgi_application

from config import collector, warmup

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# A fresh worker's first requests as cheap as its later ones (issue 35 §3): the URLconf, the catalogs and the
# templates loaded now, before the worker takes a request (and before the collector freezes what is loaded).
if warmup.enabled():
    warmup.run()
# The collector out of the hot path (issue 35 §2): what is loaded now is never scanned again.
collector.tune()
