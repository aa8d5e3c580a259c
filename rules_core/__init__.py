"""Rules core for short and long nardy: positions, legal plays, cube and match scoring, the .mat record format
and validation of whole records. Pure Python, no Django. See README.md for the contract."""

from .findings import CONTACT_RESIGNATION, DEFAULT_CONTACT_RESIGNATION, KINDS, NOTE_CODES, PLAY_CODES
from .matfile import Action, GameRecord, MatchRecord, MatParseError, parse_mat, write_mat
from .moves import Play, Step, format_steps, legal_plays
from .notation import NotationError, parse_play
from .position import LONG, SHORT, Position, PositionError, from_gnubg_id, start_position, to_gnubg_id
from .scoring import DEFAULT_KOKS_ZONE, KOKS_ZONES, game_multiplier, game_points
from .validate import Finding, GameResult, PlayVerdict, Report, Snapshot, judge_play, replay, validate_record

__all__ = [
    "CONTACT_RESIGNATION",
    "DEFAULT_CONTACT_RESIGNATION",
    "DEFAULT_KOKS_ZONE",
    "KINDS",
    "KOKS_ZONES",
    "NOTE_CODES",
    "PLAY_CODES",
    "LONG",
    "SHORT",
    "Action",
    "Finding",
    "GameRecord",
    "GameResult",
    "MatParseError",
    "MatchRecord",
    "NotationError",
    "Play",
    "PlayVerdict",
    "Position",
    "PositionError",
    "Report",
    "Snapshot",
    "Step",
    "format_steps",
    "from_gnubg_id",
    "game_multiplier",
    "game_points",
    "judge_play",
    "legal_plays",
    "parse_mat",
    "parse_play",
    "replay",
    "start_position",
    "to_gnubg_id",
    "validate_record",
    "write_mat",
]
