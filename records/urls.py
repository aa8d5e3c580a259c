from django.urls import path

from records import views

app_name = "records"
urlpatterns = [
    path("t/<int:pk>/matches/<int:match_pk>/record/", views.match_record, name="match_record"),
    path("t/<int:pk>/matches/<int:match_pk>/record/attach/", views.attach, name="attach"),
    path("t/<int:pk>/matches/<int:match_pk>/record/replay/", views.replay, name="replay"),
    path("t/<int:pk>/matches/<int:match_pk>/record/check/", views.revalidate, name="revalidate"),
    path("t/<int:pk>/matches/<int:match_pk>/record/<int:record_pk>.mat", views.text, name="text"),
]
