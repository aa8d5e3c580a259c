"""The admin reads tournaments and their change log; it changes nothing.

Every change of a tournament goes through the site, where it is checked, locked and logged (004 §6.2.1: what
the panel signs must not drift). So the admin is strictly read-only here for everyone, superusers included: no
add, change or delete (deleting a tournament would delete its log with it)."""

from django.contrib import admin

from tournaments.models import AuditEntry, Competition, Tournament


class ReadOnlyAdmin(admin.ModelAdmin):
    """View only: no add, change or delete, for anyone (superusers included)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "discipline", "system", "start_date", "status")
    list_filter = ("discipline", "system", "status")


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """The change log is written by the app only and never edited (DESIGN: every change is recorded)."""

    list_display = ("at", "tournament", "user", "action", "summary")


@admin.register(Competition)
class CompetitionAdmin(ReadOnlyAdmin):
    """Read-only as its events are (issue 28 §3): a competition is created and changed on the site, where
    ``may_manage_competition`` decides (its judging panel) and every change lands in its events' logs."""

    list_display = ("name", "category", "start_date", "end_date", "venue", "organiser")
