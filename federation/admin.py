from django.contrib import admin

from federation.models import CalibrationReport, EvskNorm, JudgeCategory, NormDocument, RankHeld, RatingList


@admin.register(JudgeCategory)
class JudgeCategoryAdmin(admin.ModelAdmin):
    """League officials keep the judges' categories: one row per order (a confirmation is a new row)."""

    list_display = ["person", "category", "assigned_on", "order", "lapses_on"]
    list_filter = ["category"]
    search_fields = ["person__surname", "order"]
    raw_id_fields = ["person"]
    date_hierarchy = "lapses_on"


@admin.register(RankHeld)
class RankHeldAdmin(admin.ModelAdmin):
    """League officials keep the ranks held: one row per order (a higher rank or a confirmation is a new
    row); the person page shows them."""

    list_display = ["person", "rank", "assigned_on", "order", "note"]
    list_filter = ["rank"]
    search_fields = ["person__surname", "order"]
    raw_id_fields = ["person"]
    date_hierarchy = "assigned_on"


@admin.register(RatingList)
class RatingListAdmin(admin.ModelAdmin):
    """Frozen lists are read here, never changed (``manage.py rating --freeze`` makes them)."""

    list_display = ["discipline", "as_of", "frozen_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CalibrationReport)
class CalibrationReportAdmin(admin.ModelAdmin):
    list_display = ["discipline", "made_at", "matches"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class EvskNormInline(admin.TabularInline):
    model = EvskNorm
    extra = 0


@admin.register(NormDocument)
class NormDocumentAdmin(admin.ModelAdmin):
    """The ЕВСК norms (issue 32 §3), one document with its rows; the federation's table page is
    ``reporting:norms``."""

    list_display = ["title", "dated", "valid_from"]
    inlines = [EvskNormInline]
