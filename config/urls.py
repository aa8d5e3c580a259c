from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from config.health import health

urlpatterns = [
    path("health/", health, name="health"),
    # Browsers ask the root for these whatever the page says (the admin's and the API's pages name none).
    path("favicon.ico", RedirectView.as_view(url=static("favicon.ico"), permanent=True)),
    path("apple-touch-icon.png", RedirectView.as_view(url=static("apple-touch-icon.png"), permanent=True)),
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
    path("", include("federation.urls")),
    path("", include("fees.urls")),
    path("", include("public.urls")),
    path("", include("season.urls")),
    path("", include("reporting.urls")),
    path("", include("notify.urls")),
]
