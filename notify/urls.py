from django.urls import path

from notify import views

app_name = "notify"
urlpatterns = [
    path("m/<str:token>/notify/", views.match_page, name="match"),
    path("c/<str:token>/notify/", views.checkin_page, name="checkin"),
    path("n/confirm/<str:code>/", views.confirm, name="confirm"),
    path("n/stop/<str:token>/", views.stop, name="stop"),
    path("n/telegram/<str:secret>/", views.webhook, name="webhook"),
    path("t/<int:pk>/notifications/", views.failures, name="failures"),
]
