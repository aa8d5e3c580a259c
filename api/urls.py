from django.urls import path

from api import team_api  # noqa: F401  (registers the team endpoints on the same api)
from api.api import api

urlpatterns = [path("", api.urls)]
