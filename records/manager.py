"""The one converter between the records models and rules_core: read, attach, compare, replay."""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules_core
from draw.models import Match, ResultKind
from records.models import Record, SidesBy, Verdict
from tournaments.models import log

logger = logging.getLogger(__name__)

# A 25-point match of about 1,000 plays is some 40 KB; a quarter of a megabyte leaves room for comments.
MAX_BYTES: int = getattr(settings, "RECORDS_MAX_BYTES", 256 * 1024)


class RecordError(ValueError):
    """A user error: the record cannot be accepted. The message is translated and shown as it is."""


# rules_core's parse errors are English and fixed; the ones with a fixed text are translated here.
_PARSE_MESSAGES = {
    "more than two entries on one line": gettext_lazy("more than two entries on one line"),
    "expected 'Doubles => N'": gettext_lazy("expected 'Doubles => N'"),
    "expected 'Wins N points'": gettext_lazy("expected 'Wins N points'"),
    "two entries in the right column": gettext_lazy("two entries in the right column"),
    "the record must be text": gettext_lazy("the record must be text"),
    "game without a score line": gettext_lazy("a game without a score line"),
    "expected 'N point match'": gettext_lazy("expected 'N point match'"),
    "expected 'Game 1'": gettext_lazy("expected 'Game 1'"),
    "expected the score line 'Player1 : 0    Player2 : 0'": gettext_lazy(
        "expected the score line 'Player1 : 0    Player2 : 0'"
    ),
    "expected a numbered line 'n) ...' or 'Wins N points'": gettext_lazy(
        "expected a numbered line 'n) ...' or 'Wins N points'"
    ),
    "empty record: expected 'N point match'": gettext_lazy("the record is empty: expected 'N point match'"),
    "no game in the record": gettext_lazy("there is no game in the record"),
}


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), else cp1251 as the rules_core CLI reads it; binary data is refused."""
    if b"\x00" in data:
        raise RecordError(_("The file is not a text record (.mat or .txt)."))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1251")
    except UnicodeDecodeError:
        raise RecordError(_("The file is not a text record (.mat or .txt).")) from None


def read(text: str) -> rules_core.MatchRecord:
    """Parse the text or raise RecordError naming the line (in Russian by default)."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise RecordError(_("The record is too long: at most %(kb)s KB.") % {"kb": MAX_BYTES // 1024})
    try:
        return rules_core.parse_mat(text)
    except rules_core.MatParseError as exc:
        raise RecordError(parse_error_message(exc, text)) from None


def parse_error_message(exc: rules_core.MatParseError, text: str) -> str:
    detail = _PARSE_MESSAGES.get(exc.message)
    unreadable = re.fullmatch(r"cannot read (['\"])(?P<w>.*)\1", exc.message)
    if detail:
        detail = str(detail)
    elif unreadable:
        detail = _("cannot read «%(w)s»") % {"w": unreadable["w"]}
    else:
        detail = _("cannot read it (%(detail)s)") % {"detail": exc.message}
    if not exc.line:
        return _("The record cannot be read: %(detail)s.") % {"detail": detail}
    lines = text.splitlines()
    quoted = lines[exc.line - 1].strip() if 0 < exc.line <= len(lines) else ""
    if len(quoted) > 80:
        quoted = quoted[:77] + "…"
    return _("The record cannot be read: line %(line)s «%(text)s»: %(detail)s.") % {
        "line": exc.line,
        "text": quoted,
        "detail": detail,
    }


def _words(name: str) -> set[str]:
    return {w for w in re.split(r"[\W_]+", name.casefold().replace("ё", "е")) if len(w) > 1}


def _fits(record_name: str, participant) -> bool:
    """A record name names a participant when it shares his surname (any order of words, any case)."""
    if participant is None:
        return False
    person = participant.person
    surname = _words(person.surname)
    return bool(surname) and surname <= _words(record_name)


def guess_sides(players: tuple[str, str], match: Match) -> tuple[int, str]:
    """Which record column is the match's player 1: by surnames when they decide, else the left column."""
    straight = _fits(players[0], match.player1) or _fits(players[1], match.player2)
    crossed = _fits(players[1], match.player1) or _fits(players[0], match.player2)
    if straight and not crossed:
        return 1, SidesBy.NAMES
    if crossed and not straight:
        return 2, SidesBy.NAMES
    return 1, SidesBy.DEFAULT


def attach(
    match: Match, user, text: str, *, source: str, filename: str = "", player1_side: int | None = None
) -> Record:
    """Store a new current record for the match (the previous one is kept, superseded); then validate it."""
    parsed = read(text)
    if player1_side in (1, 2):
        side, sides_by = player1_side, SidesBy.UPLOADER
    else:
        side, sides_by = guess_sides(parsed.players, match)
    now = timezone.now()
    with transaction.atomic():
        # The row lock makes two uploads at once supersede each other in order, never both stay current.
        locked = Match.objects.select_for_update().get(pk=match.pk)
        Record.objects.filter(match=locked, superseded_at__isnull=True).update(superseded_at=now)
        record = Record.objects.create(
            match=locked,
            text=text,
            source=source,
            filename=filename[:200],
            player1_side=side,
            sides_by=sides_by,
            record_players=list(parsed.players),
            record_length=parsed.length,
            game_count=len(parsed.games),
            uploaded_by=user if getattr(user, "is_authenticated", False) else None,
            uploaded_at=now,
        )
        tournament = match.round.tournament
        log(
            tournament,
            user,
            "record",
            _("Game record attached: round %(r)s, table %(t)s") % {"r": match.round.number, "t": match.table},
            match=match.pk,
            record=record.pk,
        )
        if tournament.validate_records:
            transaction.on_commit(lambda: queue_validation(record.pk))
    return record


def queue_validation(record_id: int) -> None:
    """Hand the record to Celery. A broker that is down or a bug in a check must not lose the stored record:
    the page then says the check is pending, and the secretary can run it again."""
    from records.tasks import validate_record

    try:
        validate_record.delay(record_id)
    except Exception:  # noqa: BLE001 - logged; the record itself is safely stored
        logger.exception("validation of record %s could not run", record_id)


def judge(record: Record) -> Verdict:
    """Validate one record and store its only verdict; a second run gives the same verdict (idempotent)."""
    tournament = record.match.round.tournament
    discipline, head_rule = tournament.discipline, tournament.head_rule
    fields: dict = {"discipline": discipline, "head_rule": head_rule, "checked_at": timezone.now()}
    try:
        report = rules_core.validate_record(record.text, discipline, head_rule=head_rule)
    except rules_core.MatParseError as exc:
        fields.update(
            valid=False, findings=[], games=[], score=[], error=parse_error_message(exc, record.text)
        )
    else:
        data = report.to_json()
        fields.update(
            valid=report.valid, findings=data["errors"], games=data["games"], score=data["score"], error=""
        )
    verdict, _created = Verdict.objects.update_or_create(record=record, defaults=fields)
    return verdict


@dataclass(frozen=True)
class Agreement:
    """The record against the entered result, both as (player 1 of the match, player 2)."""

    state: str  # "agrees", "differs", "no_result" (nothing played entered yet), "unchecked"
    record_score: tuple[int, int] | None
    match_score: tuple[int, int] | None
    length_differs: bool

    @property
    def flagged(self) -> bool:
        return self.state == "differs" or self.length_differs


def agreement(record: Record, verdict: Verdict | None) -> Agreement:
    match = record.match
    length_differs = record.record_length != match.match_length
    record_score = verdict.match_score() if verdict is not None else None
    entered = match.result_kind == ResultKind.PLAYED and match.score1 is not None and match.score2 is not None
    match_score = (match.score1, match.score2) if entered else None
    if record_score is None:
        state = "unchecked"
    elif match_score is None:
        state = "no_result"
    else:
        state = "agrees" if record_score == match_score else "differs"
    return Agreement(state, record_score, match_score, length_differs)


def current_verdict(record: Record) -> Verdict | None:
    try:
        return record.verdict
    except Verdict.DoesNotExist:
        return None


def snapshots(record: Record) -> list[dict]:
    """rules_core.replay as plain JSON rows for the board (side 1's numbering, as rules_core gives it).

    The rows are cached under the text's digest and the rules (never under a row id, which a database may
    reuse): replaying a 25-point match takes most of a second, stepping through it should not."""
    tournament = record.match.round.tournament
    digest = hashlib.sha256(record.text.encode("utf-8")).hexdigest()
    key = f"records:snapshots:{digest}:{tournament.discipline}:{tournament.head_rule}"
    rows = cache.get(key)
    if rows is None:
        rows = _snapshots(record.text, tournament.discipline, tournament.head_rule)
        cache.set(key, rows, 3600)
    return rows


def _snapshots(text: str, discipline: str, head_rule: str) -> list[dict]:
    rows = []
    for s in rules_core.replay(text, discipline, head_rule=head_rule):
        rows.append(
            {
                "game": s.game,
                "move": s.move,
                "side": s.side,
                "kind": s.kind,
                "dice": list(s.dice) if s.dice else None,
                "play": s.play,
                "board": list(s.board),
                "bar": list(s.bar),
                "off": list(s.off),
                "cube": s.cube,
                "owner": s.cube_owner,
                "score": list(s.score),
                "crawford": s.crawford,
                "turn": s.turn,
            }
        )
    return rows
