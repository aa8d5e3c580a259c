from django.urls import path

from public import entry, export_views, pages, views

app_name = "public"
urlpatterns = [
    path("", pages.tournament_list, name="list"),
    path("t/new/", pages.tournament_create, name="create"),
    path("t/<int:pk>/", pages.tournament_detail, name="detail"),
    path("t/<int:pk>/settings/", pages.tournament_edit, name="edit"),
    path("t/<int:pk>/participants/", pages.participant_list, name="participants"),
    path("t/<int:pk>/rounds/<int:number>/", pages.round_detail, name="round"),
    path("t/<int:pk>/rounds/<int:number>/results/", entry.round_entry, name="round_entry"),
    path("t/<int:pk>/rounds/<int:number>/results/<int:match_pk>/", entry.save_row, name="round_entry_row"),
    path("t/<int:pk>/log/", pages.audit_log, name="audit"),
    path("t/<int:pk>/standings/", views.standings, name="standings"),
    path("t/<int:pk>/crosstable/", views.crosstable, name="crosstable"),
    path("t/<int:pk>/bracket/", views.bracket_view, name="bracket"),
    path("t/<int:pk>/screen/", views.screen, name="screen"),
    path("t/<int:pk>/live/", views.home_live, name="home_live"),
    path("t/<int:pk>/rounds/<int:number>/live/", views.round_live, name="round_live"),
    path("t/<int:pk>/p/<int:participant_pk>/", views.participant, name="participant"),
]

# Exports (issue 17): CSV for a Russian Excel (?dialect=ru, the default) or plain (?dialect=intl), XLSX.
urlpatterns += [
    path("t/<int:pk>/export/standings.<str:fmt>", export_views.standings, name="export_standings"),
    path("t/<int:pk>/export/crosstable.<str:fmt>", export_views.crosstable, name="export_crosstable"),
    path("t/<int:pk>/export/participants.<str:fmt>", export_views.participants, name="export_participants"),
    path("t/<int:pk>/export/pairings.<str:fmt>", export_views.all_pairings, name="export_pairings"),
    path(
        "t/<int:pk>/export/rounds/<int:number>/pairings.<str:fmt>",
        export_views.round_pairings,
        name="export_round",
    ),
    path("t/<int:pk>/export/tournament.xlsx", export_views.tournament, name="export_tournament"),
]
