from django.contrib import admin

from tournaments.models import AuditEntry, Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "discipline", "system", "start_date", "status")
    list_filter = ("discipline", "system", "status")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The change log is written by the app only and never edited (DESIGN: every change is recorded)."""

    list_display = ("at", "tournament", "user", "action", "summary")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
