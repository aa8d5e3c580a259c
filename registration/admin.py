from django.contrib import admin

from registration.models import Official, Participant, Person, Team


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ("surname", "name", "patronymic", "birth_date", "organisation", "region")
    search_fields = ("surname", "name", "organisation")


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ("person", "tournament", "seed", "status")
    list_filter = ("status", "tournament")


admin.site.register(Team)
admin.site.register(Official)
