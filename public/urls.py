from django.urls import path

from public import (
    competition_manage,
    competition_views,
    entry,
    export_views,
    pages,
    team_views,
    treasurer,
    venue_views,
    views,
)

app_name = "public"
urlpatterns = [
    path("", pages.tournament_list, name="list"),
    path("t/new/", pages.tournament_create, name="create"),
    path("venue/", venue_views.venue, name="venue"),
    path("t/<int:pk>/", pages.tournament_detail, name="detail"),
    path("t/<int:pk>/settings/", pages.tournament_edit, name="edit"),
    path("t/<int:pk>/participants/", pages.participant_list, name="participants"),
    path("t/<int:pk>/rounds/<int:number>/", pages.round_detail, name="round"),
    path("t/<int:pk>/rounds/<int:number>/results/", entry.round_entry, name="round_entry"),
    path("t/<int:pk>/rounds/<int:number>/results/<int:match_pk>/", entry.save_row, name="round_entry_row"),
    path("t/<int:pk>/rounds/<int:number>/results/all/", entry.save_all, name="round_entry_all"),
    path("t/<int:pk>/log/", pages.audit_log, name="audit"),
    path("t/<int:pk>/standings/", views.standings, name="standings"),
    path("t/<int:pk>/crosstable/", views.crosstable, name="crosstable"),
    path("t/<int:pk>/bracket/", views.bracket_view, name="bracket"),
    path("t/<int:pk>/screen/", views.screen, name="screen"),
    path("t/<int:pk>/live/", views.home_live, name="home_live"),
    path("t/<int:pk>/rounds/<int:number>/live/", views.round_live, name="round_live"),
    path("t/<int:pk>/p/<int:participant_pk>/", views.participant, name="participant"),
    # Competitions of several events (004 §1.2): public/competition_views.py
    path("competition/new/", competition_manage.competition_create, name="competition_create"),
    path("competition/<int:cpk>/", competition_views.competition_home, name="competition"),
    path("competition/<int:cpk>/settings/", competition_manage.competition_edit, name="competition_edit"),
    path("competition/<int:cpk>/events/", competition_manage.competition_events, name="competition_events"),
    path(
        "competition/<int:cpk>/admission/",
        competition_manage.competition_admission,
        name="competition_admission",
    ),
    path("competition/<int:cpk>/entry/", competition_views.competition_entry, name="competition_entry"),
    path(
        "competition/<int:cpk>/schedule/", competition_views.competition_schedule, name="competition_schedule"
    ),
    path(
        "competition/<int:cpk>/documents/",
        competition_views.competition_documents,
        name="competition_documents",
    ),
    path(
        "competition/<int:cpk>/person/<int:person_pk>/",
        competition_views.competition_person,
        name="competition_person",
    ),
    path(
        "competition/<int:cpk>/admit/<int:person_pk>/",
        competition_views.competition_admit,
        name="competition_admit",
    ),
    # Team events (004 §1.3.4): public/team_views.py
    path("t/<int:pk>/teams/", team_views.team_standings, name="team_standings"),
    path("t/<int:pk>/teams/standings.pdf", team_views.team_standings_pdf, name="team_standings_pdf"),
    path("t/<int:pk>/teams/boards/", team_views.board_standings, name="board_standings"),
    path("t/<int:pk>/teams/<int:team_pk>/", team_views.team_page, name="team"),
    path("t/<int:pk>/teams/<int:team_pk>/lineup/", team_views.lineup_submit, name="team_lineup"),
    path("t/<int:pk>/teams/<int:team_pk>/remove/", team_views.team_remove, name="team_remove"),
    path("t/<int:pk>/teams/<int:team_pk>/order/", team_views.board_order_submit, name="team_order"),
    path("t/<int:pk>/rounds/<int:number>/teams/", team_views.team_round, name="team_round"),
    path("t/<int:pk>/team-matches/<int:tm_pk>/decider/", team_views.decider_add, name="team_decider"),
]

# Exports (issue 17): CSV for a Russian Excel (?dialect=ru, the default) or plain (?dialect=intl), XLSX.
urlpatterns += [
    path("t/<int:pk>/payments/treasurer.xlsx", treasurer.treasurer_xlsx, name="treasurer_xlsx"),
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
