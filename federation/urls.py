from django.urls import path

from federation import views

app_name = "federation"
urlpatterns = [
    path("people/", views.people, name="people"),
    path("people/<int:pk>/", views.person, name="person"),
    path("rating/", views.ratings, name="ratings"),
    path("rating/calibration/", views.calibration, name="calibration"),
    path("rating/<str:key>/", views.live_list, name="live_list"),
    path("rating/<str:key>/<str:as_of>/", views.official_list, name="official_list"),
    path("judges/", views.judges, name="judges"),
    path("sanctions/", views.sanctions, name="sanctions"),
    path("t/<int:pk>/participants/seed-by-rating-list/", views.seed_by_list, name="seed_by_list"),
]
