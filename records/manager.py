"""The one converter between the records models and rules_core: read, attach, compare, replay."""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules_core
from draw.models import Match, ResultKind
from records.models import Record, Verdict

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
    # GNU Backgammon's text export and the variations of .mat (issue 29)
    "expected 'The score (after N games) is: …'": gettext_lazy(
        "expected GNU Backgammon's line 'The score (after N games) is: …'"
    ),
    "expected the score line 'The score (after N games) is: A 0, B 0'": gettext_lazy(
        "expected GNU Backgammon's line 'The score (after N games) is: A 0, B 0'"
    ),
    "a play without its roll ('Move number N: … to play ab')": gettext_lazy(
        "a play without its roll ('Move number N: … to play ab')"
    ),
    "'Illegal play (' without its ')'": gettext_lazy("'Illegal play (' without its ')'"),
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


# What ``read`` returns, named here for the forms and views (they reach rules_core only through this module).
Parsed = rules_core.MatchRecord


def read(text: str) -> rules_core.MatchRecord:
    """Parse the text or raise RecordError naming the line (in Russian by default)."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise RecordError(_("The record is too long: at most %(kb)s KB.") % {"kb": MAX_BYTES // 1024})
    try:
        return rules_core.parse_mat(text)
    except rules_core.MatParseError as exc:
        raise RecordError(parse_error_message(exc, text)) from None


def parse_error_message(exc: rules_core.MatParseError, text: str) -> str:
    known = _PARSE_MESSAGES.get(exc.message)
    unreadable = re.fullmatch(r"cannot read (['\"])(?P<w>.*)\1", exc.message)
    if known:
        detail = str(known)
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


def rules_of(tournament) -> dict:
    """The tournament's rules for rules_core: discipline, head rule and (long nardy) koks zone. The koks zone
    is read with ``getattr`` until the tournament model has the setting (the default is rules_core's)."""
    return {
        "discipline": tournament.game,
        "head_rule": tournament.head_rule,
        "koks_zone": getattr(tournament, "koks_zone", "") or rules_core.DEFAULT_KOKS_ZONE,
    }


def options_of(tournament) -> dict:
    """What the tournament decides about findings (not about the board): a resignation in a contact position
    is an error or a note (003 «Завершение партии и матча»; the regulation's ``contact_resignation``)."""
    return {
        "contact_resignation": getattr(tournament, "contact_resignation", "")
        or rules_core.DEFAULT_CONTACT_RESIGNATION
    }


def _validate(text: str, tournament) -> rules_core.Report:
    rules = rules_of(tournament)
    return rules_core.validate_record(
        text,
        rules["discipline"],
        head_rule=rules["head_rule"],
        koks_zone=rules["koks_zone"],
        **options_of(tournament),
    )


def judge(record: Record) -> Verdict:
    """Validate one record and store its only verdict; a second run gives the same verdict (idempotent)."""
    tournament = record.match.round.tournament
    rules = rules_of(tournament)
    fields: dict = {**rules, "checked_at": timezone.now()}
    try:
        report = _validate(record.text, tournament)
    except rules_core.MatParseError as exc:
        fields.update(
            valid=False,
            findings=[],
            notes=[],
            games=[],
            score=[],
            error=parse_error_message(exc, record.text),
        )
    else:
        data = report.to_json()
        fields.update(
            valid=report.valid,
            findings=data["errors"],
            notes=data["notes"],
            games=data["games"],
            score=data["score"],
            error="",
        )
    verdict, _created = Verdict.objects.update_or_create(record=record, defaults=fields)
    return verdict


@dataclass(frozen=True)
class Agreement:
    """The record against the entered result, both as (player 1 of the match, player 2).

    The record's score is the rules' for every game that was checked; a game whose moves could not all be
    checked leaves the comparison "partly" (never a mismatch) unless the checked games alone already give a
    player more than the entered result ("differs")."""

    state: str  # "agrees", "differs", "partly", "no_result" (nothing played entered yet), "unchecked"
    record_score: tuple[int, int] | None
    match_score: tuple[int, int] | None
    length_differs: bool
    unchecked_games: tuple[int, ...] = ()
    checked_score: tuple[int, int] | None = None

    @property
    def flagged(self) -> bool:
        return self.state == "differs" or self.length_differs


def agreement(record: Record, verdict: Verdict | None) -> Agreement:
    match = record.match
    length_differs = record.record_length != match.match_length
    record_score = verdict.match_score() if verdict is not None else None
    match_score: tuple[int, int] | None = None
    if match.result_kind == ResultKind.PLAYED and match.score1 is not None and match.score2 is not None:
        match_score = (match.score1, match.score2)
    unchecked = tuple(verdict.unchecked_games) if verdict is not None else ()
    checked = verdict.checked_score() if verdict is not None and unchecked else None
    if record_score is None:
        state = "unchecked"
    elif match_score is None:
        state = "no_result"
    elif not unchecked:
        state = "agrees" if record_score == match_score else "differs"
    else:
        assert checked is not None  # some games unchecked: the verdict's score of the checked ones
        # The checked games alone may already give a player more than was entered.
        state = "differs" if checked[0] > match_score[0] or checked[1] > match_score[1] else "partly"
    return Agreement(state, record_score, match_score, length_differs, unchecked, checked)


def current_verdict(record: Record) -> Verdict | None:
    try:
        return record.verdict
    except Verdict.DoesNotExist:
        return None


class ReplayError(ValueError):
    """The record cannot be replayed (not expected: it was read when attached). The message is shown."""


def snapshots(record: Record) -> list[dict]:
    """rules_core.replay as plain JSON rows for the board (side 1's numbering, as rules_core gives it).

    The rows are cached under the text's digest and the rules (never under a row id, which a database may
    reuse); replaying a 25-point match takes a few hundredths of a second, stepping through it none."""
    rules = rules_of(record.match.round.tournament)
    digest = hashlib.sha256(record.text.encode("utf-8")).hexdigest()
    key = f"records:snapshots:v2:{digest}:{rules['discipline']}:{rules['head_rule']}:{rules['koks_zone']}"
    rows = cache.get(key)
    if rows is None:
        try:
            rows = _snapshots(record.text, **rules)
        except (rules_core.MatParseError, ValueError) as exc:
            raise ReplayError(str(exc)) from None
        cache.set(key, rows, 3600)
    return rows


def _snapshots(text: str, discipline: str, head_rule: str, koks_zone: str) -> list[dict]:
    rows = []
    for s in rules_core.replay(text, discipline, head_rule=head_rule, koks_zone=koks_zone):
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
                "path": [list(p) for p in s.path],
                "legal": s.legal,
                "checked": s.checked,
            }
        )
    return rows


def step_index(record: Record) -> dict[tuple, int]:
    """(game, move, side) → the replay step showing that entry; for findings stored without their step."""
    index: dict = {}
    try:
        rows = snapshots(record)
    except ReplayError:
        return index
    for i, s in enumerate(rows):
        index.setdefault((s["game"], s["move"], s["side"]), i)
    return index


@dataclass(frozen=True)
class GameLine:
    """One game for the match protocol (003), in the match's player order (player 1, player 2)."""

    number: int
    winner: int  # 1 or 2: the match's player 1 or player 2
    cube: int
    multiplier: int  # 1 simple game, 2 mars, 3 koks (003 «Результат партии»)
    points: int
    score1: int  # the score after the game
    score2: int
    checked: bool  # False: the rules could not check this game; its result is the record's own


def match_games(match: Match) -> tuple[GameLine, ...] | None:
    """The game-by-game lines of the match's current record, in the match's player order, for the protocol.

    Results by the rules where the record was checked, else as the record writes them; None if the match
    has no record. Uses the stored verdict when it was made under the tournament's current rules, otherwise
    judges the text on the spot (nothing stored)."""
    record = (
        match.records.filter(superseded_at__isnull=True)
        .select_related("verdict", "match__round__tournament")
        .first()
    )
    if record is None:
        return None
    rules = rules_of(record.match.round.tournament)
    verdict = current_verdict(record)
    if verdict is not None and not verdict.error and all(getattr(verdict, k) == v for k, v in rules.items()):
        games = verdict.games
    else:
        try:
            games = _validate(record.text, record.match.round.tournament).to_json()["games"]
        except rules_core.MatParseError:
            return None
    lines, score = [], [0, 0]
    for g in games:
        checked = g.get("checked", True)
        side = g["winner"] if checked else g["claimed_winner"]
        points = g["points"] if checked else g["claimed_points"]
        if side not in (1, 2) or not points:
            continue  # a game without a result is not a line of the protocol
        winner = 1 if side == record.player1_side else 2
        cube = int(g.get("cube") or 1)
        multiplier = g.get("multiplier") or max(1, points // cube)
        score[winner - 1] += points
        lines.append(
            GameLine(g["game"], winner, cube, int(multiplier), int(points), score[0], score[1], checked)
        )
    return tuple(lines)
