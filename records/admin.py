"""Records are written by the attach page and verdicts by the validation task: read-only in the admin."""

from django.contrib import admin

from records.models import Record, Verdict


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Record)
class RecordAdmin(ReadOnly):
    list_display = ("match", "uploaded_by", "uploaded_at", "superseded_at", "record_length", "game_count")
    list_select_related = ("match__round__tournament", "uploaded_by")


@admin.register(Verdict)
class VerdictAdmin(ReadOnly):
    list_display = ("record", "valid", "checked_at", "discipline", "head_rule")
    list_select_related = ("record__match__round__tournament",)
