"""Rounds and matches are read in the admin, never changed there: a result changes through the result form or
a ruling of the panel, checked and logged (004 §6.1.2); see ``tournaments.admin``."""

from django.contrib import admin

from draw.models import Match, Round, Stage
from tournaments.admin import ReadOnlyAdmin


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("round", "table", "player1", "player2", "score1", "score2", "result_kind")


admin.site.register(Stage, ReadOnlyAdmin)
admin.site.register(Round, ReadOnlyAdmin)
