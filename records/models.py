"""A match's game record (the .mat text) and the verdict of rules_core on it.

A new upload supersedes the previous one; the old ones stay as history. The verdict belongs to one record and
is written only by the validation task. Whether the record agrees with the entered result is derived on every
view from the record's score and the match's current result, so a corrected result can never leave a stale
flag behind (one source of truth: DESIGN).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Side(models.IntegerChoices):
    LEFT = 1, _("left column (side 1)")
    RIGHT = 2, _("right column (side 2)")


class SidesBy(models.TextChoices):
    UPLOADER = "uploader", _("as the uploader said")
    NAMES = "names", _("by the players' names")
    DEFAULT = "default", _("assumed: the names did not decide")


class Record(models.Model):
    class Source(models.TextChoices):
        UPLOAD = "upload", _("file")
        PASTE = "paste", _("pasted text")
        PROTOCOL = "protocol", _("handed in with the match protocol")

    match = models.ForeignKey("draw.Match", on_delete=models.CASCADE, related_name="records")
    text = models.TextField(_("record"))
    source = models.CharField(_("source"), max_length=10, choices=Source.choices)
    filename = models.CharField(_("file name"), max_length=200, blank=True)
    # Which column of the record is the match's player 1 (the other column is player 2).
    player1_side = models.PositiveSmallIntegerField(_("player 1 of the match is"), choices=Side.choices)
    sides_by = models.CharField(max_length=10, choices=SidesBy.choices)
    record_players = models.JSONField(default=list)  # the two names of the record's score line
    record_length = models.PositiveSmallIntegerField(_("match length in the record"))
    game_count = models.PositiveSmallIntegerField(_("games"))
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    uploaded_at = models.DateTimeField(_("attached at"))
    superseded_at = models.DateTimeField(_("superseded at"), null=True, blank=True)

    class Meta:
        verbose_name = _("game record")
        verbose_name_plural = _("game records")
        ordering = ["match", "-uploaded_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(superseded_at__isnull=True), name="one_current_record"
            )
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.uploaded_at:%Y-%m-%d %H:%M}"

    @property
    def is_current(self) -> bool:
        return self.superseded_at is None

    @property
    def player1_record_name(self) -> str:
        players = list(self.record_players) + ["", ""]
        return players[self.player1_side - 1]

    def side_of(self, match_side: int) -> int:
        """The record's column (1 or 2) holding the match's player ``match_side``."""
        return self.player1_side if match_side == 1 else 3 - self.player1_side

    def name_of_side(self, record_side: int | None, short: bool = False) -> str:
        """The match player who sits in the record's column ``record_side``."""
        if record_side not in (1, 2):
            return ""
        player = self.match.player1 if record_side == self.player1_side else self.match.player2
        if player is None:
            return ""
        return player.data.short_name if short else str(player)


class Verdict(models.Model):
    """What rules_core found in one record (rules_core.Report), written by records.tasks.validate_record."""

    record = models.OneToOneField(Record, on_delete=models.CASCADE, related_name="verdict")
    discipline = models.CharField(max_length=10)
    head_rule = models.CharField(max_length=12)
    koks_zone = models.CharField(max_length=5, blank=True)  # long nardy: "13-18" or "19-24"
    valid = models.BooleanField(_("legal"))
    findings = models.JSONField(default=list)  # Report.to_json()["errors"]: code, args, clause, step, ...
    notes = models.JSONField(default=list)  # Report.to_json()["notes"]: what could not be checked
    games = models.JSONField(default=list)  # Report.to_json()["games"]
    score = models.JSONField(default=list)  # [side 1, side 2] by the rules (an unchecked game as written)
    error = models.TextField(
        blank=True
    )  # the record could not be read at all (not expected: checked on upload)
    checked_at = models.DateTimeField(_("checked at"))

    class Meta:
        verbose_name = _("verdict on a record")
        verbose_name_plural = _("verdicts on records")

    def __str__(self) -> str:
        return f"{self.record}: {'valid' if self.valid else 'invalid'}"

    def match_score(self) -> tuple[int, int] | None:
        """The record's score as (player 1 of the match, player 2)."""
        if len(self.score) != 2:
            return None
        p1 = self.record.player1_side
        return int(self.score[p1 - 1]), int(self.score[2 - p1])

    @property
    def unchecked_games(self) -> list[int]:
        """Games whose moves could not all be checked (their result is the record's own)."""
        return [g["game"] for g in self.games if not g.get("checked", True)]

    def checked_score(self) -> tuple[int, int]:
        """Points by the rules from the checked games only, as (player 1 of the match, player 2)."""
        by_side = [0, 0]
        for g in self.games:
            if g.get("checked", True) and g.get("winner") in (1, 2):
                by_side[g["winner"] - 1] += int(g.get("points") or 0)
        p1 = self.record.player1_side
        return by_side[p1 - 1], by_side[2 - p1]
