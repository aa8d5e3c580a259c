from django.urls import path

from tournaments import public, views

app_name = "tournaments"
urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("t/new/", views.tournament_create, name="create"),
    path("t/<int:pk>/", views.tournament_detail, name="detail"),
    path("t/<int:pk>/settings/", views.tournament_edit, name="edit"),
    path("t/<int:pk>/participants/", views.participant_list, name="participants"),
    path("t/<int:pk>/participants/add/", views.participant_add, name="participant_add"),
    path("t/<int:pk>/participants/withdraw/", views.participant_withdraw, name="withdraw"),
    path("t/<int:pk>/draw/", views.round_draw, name="draw"),
    path("t/<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("t/<int:pk>/rounds/<int:number>/publish/", views.round_publish, name="publish"),
    path("t/<int:pk>/rounds/<int:number>/drop/", views.round_drop, name="drop"),
    path("t/<int:pk>/rounds/<int:number>/length/", views.round_length, name="round_length"),
    path("t/<int:pk>/rounds/<int:number>/start/", views.round_start, name="round_start"),
    path("t/<int:pk>/matches/<int:match_pk>/result/", views.match_result, name="match_result"),
    path("t/<int:pk>/standings/", public.standings, name="standings"),
    path("t/<int:pk>/crosstable/", public.crosstable, name="crosstable"),
    path("t/<int:pk>/bracket/", public.bracket_view, name="bracket"),
    path("t/<int:pk>/screen/", public.screen, name="screen"),
    path("t/<int:pk>/live/", public.home_live, name="home_live"),
    path("t/<int:pk>/rounds/<int:number>/live/", public.round_live, name="round_live"),
    path("t/<int:pk>/p/<int:participant_pk>/", public.participant, name="participant"),
    path("t/<int:pk>/finish/", views.tournament_finish, name="finish"),
    path("t/<int:pk>/log/", views.audit_log, name="audit"),
]
