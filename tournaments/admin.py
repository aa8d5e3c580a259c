from django.contrib import admin

from draw.models import Match, Round, Stage
from tournaments.models import AuditEntry, Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "discipline", "system", "start_date", "status")
    list_filter = ("discipline", "system", "status")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "player1", "player2", "score1", "score2", "result_kind")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "tournament", "user", "action", "summary")

    # The log is never edited (DESIGN: every change is recorded).
    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.register(Stage)
admin.site.register(Round)
