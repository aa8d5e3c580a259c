from django.contrib import admin

from fees.models import Payment


@admin.register(Payment)
class PaymentAdmin(admin.ModelAdmin):
    """The ledger rows, read here, never changed: a mistake is undone by a refund with its reason on the
    payments page (``fees.manager.refund``), which logs it."""

    list_display = ["account", "kind", "amount", "method", "at", "receipt_number", "by"]
    list_filter = ["kind", "method"]
    search_fields = ["account__person__surname", "receipt_number", "provider_ref"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
