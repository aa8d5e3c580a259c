from django.contrib import admin

from protocols.models import Document


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    """Read-only: documents are made by the task from the data, never edited by hand."""

    list_display = ("tournament", "kind", "key", "status", "pages", "size", "created_at", "finished_at")
    list_filter = ("kind", "status")
    search_fields = ("tournament__name",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
