from django.contrib import admin
from django.urls import include, path

from config.health import health

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("api.urls")),
    path("", include("registration.urls")),
    path("", include("judging.urls")),
    path("", include("protocols.urls")),
    path("", include("records.urls")),
    path("", include("draw.urls")),
    path("", include("interchange.urls")),
    path("", include("public.urls")),
]
