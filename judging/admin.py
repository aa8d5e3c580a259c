"""Rulings and sanctions are never edited: the admin shows them read-only (DESIGN: every change recorded)."""

from django.contrib import admin

from judging.models import (
    DiceReplacement,
    EquipmentNote,
    LateArrival,
    MatchProtocol,
    Protest,
    ProtestAttachment,
    RemovalProposal,
    Sanction,
    TeamSanction,
)
from tournaments.admin import ReadOnlyAdmin


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ("issued_at", "tournament", "person", "kind", "violation", "clause", "issued_by")
    list_filter = ("kind", "violation")


@admin.register(Protest)
class ProtestAdmin(ReadOnlyAdmin):
    list_display = ("filed_at", "tournament", "match", "protester", "status", "consequence", "decided_by")
    list_filter = ("status",)


@admin.register(MatchProtocol)
class MatchProtocolAdmin(ReadOnlyAdmin):
    list_display = ("match", "score1", "score2", "status", "submitted_at", "certified_by")


@admin.register(RemovalProposal)
class RemovalProposalAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "tournament", "participant", "status", "decided_by")


@admin.register(TeamSanction)
class TeamSanctionAdmin(ReadOnlyAdmin):
    list_display = ("issued_at", "tournament", "team", "kind", "clause", "issued_by")


admin.site.register(ProtestAttachment, ReadOnlyAdmin)


@admin.register(DiceReplacement)
class DiceReplacementAdmin(ReadOnlyAdmin):
    list_display = ("at", "match", "requested_by", "game", "decided_as", "decided_by")


@admin.register(EquipmentNote)
class EquipmentNoteAdmin(ReadOnlyAdmin):
    list_display = ("at", "match", "moment", "by")


@admin.register(LateArrival)
class LateArrivalAdmin(ReadOnlyAdmin):
    list_display = ("recorded_at", "match", "participant", "arrived_at", "minutes_lost", "consequence")
