"""The federation (staff) keeps the seasons, the calendar and the series here (issue 32 §1–§2); everyone
reads them on the public pages."""

from django.contrib import admin

from .models import CalendarEvent, DisciplineCode, RegionalQuota, Season, Series, SeriesStage, StageEntry


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("year", "name", "federation_email", "report_deadline_days")


@admin.register(CalendarEvent)
class CalendarEventAdmin(admin.ModelAdmin):
    list_display = ("name", "season", "status", "ekp_number", "start_date", "end_date", "competition")
    list_filter = ("season", "status")
    search_fields = ("name", "ekp_number")
    raw_id_fields = ("competition",)


@admin.register(DisciplineCode)
class DisciplineCodeAdmin(admin.ModelAdmin):
    list_display = ("discipline", "code")


class SeriesStageInline(admin.TabularInline):
    model = SeriesStage
    extra = 1
    raw_id_fields = ("tournament", "event")


class RegionalQuotaInline(admin.TabularInline):
    model = RegionalQuota
    extra = 0


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ("name", "season", "kind", "scoring", "drop_worst", "final_mode", "qualify_from")
    list_filter = ("season", "kind")
    search_fields = ("name",)
    inlines = [SeriesStageInline, RegionalQuotaInline]


@admin.register(StageEntry)
class StageEntryAdmin(admin.ModelAdmin):
    list_display = ("stage", "person", "place", "wins", "points", "own_points")
    list_filter = ("stage__series",)
    raw_id_fields = ("stage", "person")
