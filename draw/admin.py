from django.contrib import admin

from draw.models import Match, Round, Stage


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "player1", "player2", "score1", "score2", "result_kind")


admin.site.register(Stage)
admin.site.register(Round)
