from django.contrib import admin

from registration import permissions
from registration.models import (
    Entry,
    EntryImport,
    Official,
    Participant,
    Person,
    RegistrationSettings,
    Team,
    TeamEntry,
)
from tournaments.admin import ReadOnlyAdmin


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    """The shared record of a person across tournaments: only a league official (or a superuser) changes it
    here — his identity, his account, his confirmation (issue 25 item 3; ``permissions.is_league_official``).
    Other staff read it."""

    list_display = ("surname", "name", "patronymic", "birth_date", "organisation", "region", "confirmed")
    list_filter = ("confirmed",)
    search_fields = ("surname", "name", "organisation")
    raw_id_fields = ("user",)

    def has_add_permission(self, request):
        return permissions.is_league_official(request.user)

    def has_change_permission(self, request, obj=None):
        return permissions.is_league_official(request.user)

    def has_delete_permission(self, request, obj=None):
        return permissions.is_league_official(request.user)


@admin.register(Participant)
class ParticipantAdmin(ReadOnlyAdmin):
    """A participant's status and results change on the site only (withdrawal, removal, §5.7.3), logged."""

    list_display = ("person", "tournament", "seed", "status")
    list_filter = ("status", "tournament")


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    """Decisions are taken on the site (checks, documents, the change log); the admin only reads them."""

    list_display = (
        "person",
        "tournament",
        "organisation",
        "region",
        "status",
        "invalid",
        "source",
        "created_at",
    )
    list_filter = ("status", "invalid", "source", "tournament")
    search_fields = ("person__surname", "person__name", "organisation", "region")
    list_select_related = ("person", "tournament")
    readonly_fields = ("status", "decision_reason", "decided_by", "decided_at", "invalid", "invalid_reason")
    raw_id_fields = ("person", "partner", "team_entry", "submitted_by")

    def get_readonly_fields(self, request, obj=None):
        # Whose entry it is ties it to a shared record: a league official's (issue 25 item 3).
        fixed = super().get_readonly_fields(request, obj)
        return fixed if permissions.is_league_official(request.user) else (*fixed, "person", "partner")


@admin.register(TeamEntry)
class TeamEntryAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament", "organisation", "region", "representative")
    list_filter = ("tournament",)


@admin.register(RegistrationSettings)
class RegistrationSettingsAdmin(admin.ModelAdmin):
    list_display = ("tournament", "self_registration", "deadline", "women_in_mens_event")


@admin.register(EntryImport)
class EntryImportAdmin(admin.ModelAdmin):
    list_display = ("file_name", "tournament", "rows", "bad_rows", "status", "created_by", "created_at")
    exclude = ("data",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


admin.site.register(Team)
admin.site.register(Official)
