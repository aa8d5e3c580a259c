from django.urls import path

from interchange import views

app_name = "interchange"
urlpatterns = [
    path("t/import-trf/", views.trf_upload, name="upload"),
    path("t/<int:pk>/export.trf", views.trf_download, name="download"),
]
