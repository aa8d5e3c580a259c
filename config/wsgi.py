import os

from django.core.wsgi import get_wsgi_application

from config import collector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# The collector out of the hot path (issue 35 §2): what is loaded now is never scanned again.
collector.tune()
