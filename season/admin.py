from django.contrib import admin

from .models import CalendarEvent, DisciplineCode, Season


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
