from django.http import HttpRequest, HttpResponse
from django.urls import path

from api.api import api
from api.http import CONTENT_TYPE, dumps


def openapi_json(request: HttpRequest) -> HttpResponse:
    """The schema as UTF-8 JSON like every answer (ninja's own view escapes it and says no charset)."""
    return HttpResponse(dumps(api.get_openapi_schema(path_params={})), content_type=CONTENT_TYPE)


urlpatterns = [
    path("openapi.json", openapi_json, name="openapi-json-utf8"),  # before ninja's, which it replaces
    path("", api.urls),
]
