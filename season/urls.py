from django.urls import path

from season import views

app_name = "season"
urlpatterns = [
    path("season/", views.seasons, name="seasons"),
    path("season/now/", views.current_season, name="current"),
    path("season/<int:year>/", views.season_page, name="season"),
    path("season/<int:year>/calendar.ics", views.season_ics, name="season_ics"),
    path("season/event/<int:event_pk>/regulation/", views.regulation, name="regulation"),
    path("m/<str:token>/calendar.ics", views.person_ics, name="person_ics"),
    path("series/<int:series_pk>/", views.series_page, name="series"),
    path("series/<int:series_pk>/seed-final/", views.seed_final, name="seed_final"),
    path("series/<int:series_pk>/standings.pdf", views.series_pdf, name="series_pdf"),
    path("series/<int:series_pk>/standings.<str:fmt>", views.series_export, name="series_export"),
]
