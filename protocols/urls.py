from django.urls import path

from protocols import views

app_name = "protocols"
urlpatterns = [
    path("t/<int:pk>/documents/", views.document_list, name="list"),
    path("t/<int:pk>/documents/schedule/plan/", views.schedule_edit, name="schedule_edit"),
    path("t/<int:pk>/documents/report/notes/", views.report_edit, name="report_edit"),
    path("t/<int:pk>/documents/report/judges/", views.judges_evaluation, name="judges_evaluation"),
    path("t/<int:pk>/documents/<slug:kind>/pdf/", views.document_pdf, name="pdf"),
    path("t/<int:pk>/documents/<slug:kind>/<int:key>/pdf/", views.document_pdf, name="pdf_key"),
    path("t/<int:pk>/documents/<slug:kind>/", views.document, name="document"),
    path("t/<int:pk>/documents/<slug:kind>/<int:key>/", views.document, name="document_key"),
    path("documents/<int:doc_pk>/status/", views.document_status, name="status"),
    path("documents/<int:doc_pk>/file/", views.download, name="download"),
    # The federation register's documents (issue 31 §1)
    path("people/<int:person_pk>/judging-practice.pdf", views.judge_practice_pdf, name="judge_practice"),
    path("judges/<int:year>.pdf", views.season_judges_pdf, name="season_judges"),
]
