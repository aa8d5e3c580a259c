from django.urls import path

from judging import link_views, views

app_name = "judging"
urlpatterns = [
    path("m/<str:token>/", link_views.link_page, name="link"),
    path("t/<int:pk>/rounds/<int:number>/slips/", link_views.round_slips, name="slips"),
    path("t/<int:pk>/rounds/<int:number>/slips/revoke/", link_views.revoke_link, name="revoke_link"),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/", views.match_page, name="match"),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/submit/", views.protocol_submit, name="protocol_submit"),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/answer/", views.protocol_answer, name="protocol_answer"),
    path(
        "t/<int:pk>/matches/<int:match_pk>/protocol/certify/", views.protocol_certify, name="protocol_certify"
    ),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/protest/", views.protest_new, name="protest_new"),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/note/", views.match_note, name="match_note"),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/dice/", views.dice_replacement, name="dice_replacement"),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/equipment/", views.equipment, name="equipment"),
    path("t/<int:pk>/matches/<int:match_pk>/protocol/late/", views.late_arrival, name="late_arrival"),
    path("t/<int:pk>/protests/<int:protest_pk>/", views.protest_detail, name="protest"),
    path("t/<int:pk>/protests/<int:protest_pk>/review/", views.protest_review, name="protest_review"),
    path("t/<int:pk>/protests/<int:protest_pk>/decide/", views.protest_decide, name="protest_decide"),
    path(
        "t/<int:pk>/protests/<int:protest_pk>/files/<int:attachment_pk>/",
        views.protest_attachment,
        name="protest_attachment",
    ),
    path("t/<int:pk>/desk/", views.desk, name="desk"),
    path("t/<int:pk>/finish/", views.tournament_finish, name="finish"),
    path("t/<int:pk>/reopen/", views.tournament_reopen, name="reopen"),
    path("t/<int:pk>/cancel/", views.tournament_cancel, name="cancel"),
    path("competition/<int:cpk>/cancel/", views.competition_cancel, name="cancel_competition"),
    path("t/<int:pk>/rounds/", views.swiss_rounds, name="swiss_rounds"),
    path("t/<int:pk>/groups/<int:group_number>/tie/", views.group_tie, name="group_tie"),
    path("t/<int:pk>/desk/finalize/", views.finalize_now, name="finalize"),
    path("t/<int:pk>/sanctions/new/", views.sanction_new, name="sanction_new"),
    path(
        "t/<int:pk>/officials/<int:official_pk>/sanction/", views.official_sanction, name="official_sanction"
    ),
    path("sanctions/<int:sanction_pk>/lift/", views.sanction_lift, name="sanction_lift"),
    path("disqualifications/", views.disqualifications, name="disqualifications"),
    path("disqualifications/new/", views.league_disqualify, name="league_disqualify"),
    path("t/<int:pk>/teams/<int:team_pk>/sanction/", views.team_sanction_new, name="team_sanction"),
    path("t/<int:pk>/sanctions/proposals/<int:proposal_pk>/", views.proposal_decide, name="proposal_decide"),
]
