from django.urls import path

from reporting import views

app_name = "reporting"
urlpatterns = [
    path("federation/norms/", views.norms, name="norms"),
    path("federation/norms/<int:pk>/", views.norm_document, name="norm_document"),
    path("t/<int:pk>/report/", views.event, name="event"),
    path("t/<int:pk>/report/dossiers/<int:participant>.pdf", views.dossier_pdf, name="dossier"),
    path("t/<int:pk>/report/make/<str:kind>/", views.make, name="make"),
    path("t/<int:pk>/report/archives/<int:archive>/", views.download, name="download"),
    path("t/<int:pk>/report/send/", views.send, name="send"),
]
