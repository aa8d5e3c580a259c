from django.urls import path

from fees import views

app_name = "fees"
urlpatterns = [
    path("t/<int:pk>/payments/", views.payments, name="payments"),
    path("t/<int:pk>/payments/paid/", views.mark_paid, name="mark_paid"),
    path("t/<int:pk>/payments/settings/", views.schedule_edit, name="schedule"),
    path("t/<int:pk>/payments/<int:person_pk>/", views.ledger, name="ledger"),
    path("t/<int:pk>/payments/<int:person_pk>/pay/", views.ledger_pay, name="ledger_pay"),
    path("t/<int:pk>/payments/<int:person_pk>/refund/", views.ledger_refund, name="ledger_refund"),
    path("t/<int:pk>/payments/<int:person_pk>/member/", views.ledger_member, name="ledger_member"),
]
