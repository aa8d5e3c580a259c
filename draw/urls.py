from django.urls import path

from draw import checkin, views

app_name = "draw"
urlpatterns = [
    path("c/<str:token>/", checkin.link_page, name="checkin_link"),
    path("t/<int:pk>/checkin/", checkin.desk, name="checkin"),
    path("t/<int:pk>/checkin/present/", checkin.desk_check_in, name="checkin_present"),
    path("t/<int:pk>/checkin/absent/", checkin.desk_check_out, name="checkin_absent"),
    path("t/<int:pk>/checkin/all-present/", checkin.desk_all_present, name="checkin_all"),
    path("t/<int:pk>/checkin/withdraw-absent/", checkin.withdraw_absent, name="checkin_withdraw"),
    path("t/<int:pk>/checkin/slips/", checkin.slips, name="checkin_slips"),
    path("t/<int:pk>/checkin/slips/revoke/", checkin.revoke_link, name="checkin_revoke"),
    path("t/<int:pk>/participants/withdraw/", views.participant_withdraw, name="withdraw"),
    path("t/<int:pk>/draw/", views.round_draw, name="draw"),
    path("t/<int:pk>/absences/", views.absences, name="absences"),
    path("t/<int:pk>/absences/<int:absence_pk>/remove/", views.absence_remove, name="absence_remove"),
    path("t/<int:pk>/rounds/order/", views.round_order, name="round_order"),
    path("t/<int:pk>/rounds/<int:number>/publish/", views.round_publish, name="publish"),
    path("t/<int:pk>/rounds/<int:number>/review/", views.round_review, name="round_review"),
    path("t/<int:pk>/rounds/<int:number>/drop/", views.round_drop, name="drop"),
    path("t/<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="swap"),
    path("t/<int:pk>/rounds/<int:number>/length/", views.round_length, name="round_length"),
    path("t/<int:pk>/rounds/<int:number>/start/", views.round_start, name="round_start"),
    path("t/<int:pk>/matches/<int:match_pk>/result/", views.match_result, name="match_result"),
]
