from django.urls import path

from registration import views

app_name = "registration"
urlpatterns = [
    path("t/<int:pk>/register/", views.register, name="register"),
    path("t/<int:pk>/register/team/", views.register_team, name="register_team"),
    path("t/<int:pk>/entries/", views.entry_list, name="entries"),
    path("t/<int:pk>/entries/new/", views.entry_add, name="entry_add"),
    path("t/<int:pk>/entries/bulk/", views.entries_bulk, name="entries_bulk"),
    path("t/<int:pk>/entries/team/new/", views.team_entry_add, name="team_entry_add"),
    path("t/<int:pk>/entries/team/<int:team_pk>/", views.team_entry, name="team_entry"),
    path("t/<int:pk>/entries/settings/", views.registration_settings, name="settings"),
    path("t/<int:pk>/entries/import/", views.entries_import, name="import"),
    path("t/<int:pk>/entries/import/template.csv", views.entries_import_template, name="import_template"),
    path("t/<int:pk>/entries/import/<int:batch_pk>/", views.entries_import_batch, name="import_batch"),
    path(
        "t/<int:pk>/entries/import/<int:batch_pk>/status/", views.entries_import_status, name="import_status"
    ),
    path(
        "t/<int:pk>/entries/import/<int:batch_pk>/confirm/",
        views.entries_import_confirm,
        name="import_confirm",
    ),
    path(
        "t/<int:pk>/entries/import/<int:batch_pk>/recheck/",
        views.entries_import_recheck,
        name="import_recheck",
    ),
    path("t/<int:pk>/entries/<int:entry_pk>/", views.entry_detail, name="entry"),
    path("t/<int:pk>/entries/<int:entry_pk>/edit/", views.entry_edit, name="entry_edit"),
    path("t/<int:pk>/entries/<int:entry_pk>/documents/", views.entry_documents, name="entry_documents"),
    path("t/<int:pk>/entries/<int:entry_pk>/decide/", views.entry_decide, name="entry_decide"),
    path("t/<int:pk>/entries/<int:entry_pk>/invalid/", views.entry_invalid, name="entry_invalid"),
    path("t/<int:pk>/entries/<int:entry_pk>/valid/", views.entry_valid, name="entry_valid"),
    path("t/<int:pk>/people/twins/", views.persons_twins, name="twins"),
    path("t/<int:pk>/people/merge/", views.persons_merge, name="merge_persons"),
    path("t/<int:pk>/officials/", views.officials, name="officials"),
    path(
        "t/<int:pk>/officials/<int:official_pk>/accredit/", views.official_accredit, name="official_accredit"
    ),
    path("t/<int:pk>/officials/<int:official_pk>/remove/", views.official_remove, name="official_remove"),
    path("t/<int:pk>/participants/add/", views.participant_add, name="participant_add"),
    path("t/<int:pk>/participants/seed/", views.participants_seed, name="seed"),
    path(
        "t/<int:pk>/participants/<int:participant_pk>/edit/", views.participant_edit, name="participant_edit"
    ),
    path(
        "t/<int:pk>/participants/<int:participant_pk>/agreement/",
        views.participant_agreement,
        name="participant_agreement",
    ),
    path("t/<int:pk>/rank-norms/", views.rank_norms, name="rank_norms"),
    path("t/<int:pk>/registration-protocol/", views.registration_protocol, name="protocol"),
]
