"""CSV and XLSX writers of the public tables, safe to open in a spreadsheet (issue 13 item 9, issue 17).

Plain data in (a ``Sheet``: its name, its title lines, typed columns and rows), bytes out; no models here
(``public.export_views`` builds the sheets from the tournament and answers the requests).

**CSV** in two dialects, chosen on the page:

- ``ru`` (the default) — as a Russian Excel opens it by a double click: UTF-8 with a byte-order mark (without
  it Excel reads the file as cp1251 and the names turn to mojibake), ``;`` between cells (the list separator
  of the Russian locale), a decimal comma (``12,5``) and CRLF line ends;
- ``intl`` — the plain international CSV programs expect: ``,``, a decimal point, no BOM, CRLF (RFC 4180).

A CSV is one table, its header first (no title lines: a program reads it as it is). Scores are two number
columns, never ``7:3`` (Excel would read a time), and a shared place ``1–3`` is written with an en dash
(Excel would read ``1-3`` as a date).

**XLSX**: a named sheet per table, the title lines above the header (tournament, dates and venue, what the
table is and as of when: "after round 5" or final), the header frozen, columns as wide as their contents.
Points and tie-breaks are number cells with a number format that shows their exact halves (``12.5``); counts
are whole numbers; a place is a number cell when it is one player's (``1``, ``2``, … ``10``: a sorted column
reads 1, 2, …, 10) and text when shared (``20–21``) or no place (``removed``).

**Formulas**: a surname typed as ``=HYPERLINK(…)`` would become a live formula in a spreadsheet. Every text
cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading apostrophe, as
OWASP advises, in both formats; XLSX text cells are written as strings, never as formulas. Numbers stay
numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

TEXT = "text"  # names, places ("1–3"), results: written as text
INT = "int"  # tables, counts, seeding numbers
NUMBER = "number"  # points and tie-breaks: exact fractions (halves)
PLACE = "place"  # a place: a number when single ("7"), text when shared ("20–21") or none ("removed")


def neutralise(value):
    """The cell as a spreadsheet may safely read it."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


@dataclass(frozen=True)
class Column:
    header: str
    kind: str = TEXT


@dataclass
class Sheet:
    """One table: the tab's name, the title lines above it (XLSX only), its columns and rows."""

    name: str
    title: Sequence[str]
    columns: Sequence[Column]
    rows: Sequence[Sequence] = field(default_factory=list)


@dataclass(frozen=True)
class Dialect:
    key: str
    delimiter: str
    decimal: str
    bom: bool


DIALECTS = {
    "ru": Dialect("ru", ";", ",", True),  # Russian Excel: opens right by a double click
    "intl": Dialect("intl", ",", ".", False),  # RFC 4180, for programs and other locales
}
DEFAULT_DIALECT = "ru"


# --- numbers ---------------------------------------------------------------------------------------------


def decimals(value) -> int:
    """Digits after the point that show ``value`` exactly (12 → 0, 12½ → 1, 3¼ → 2); at most 3."""
    if not isinstance(value, Fraction):
        return 0 if isinstance(value, int) else 3
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    return min(max(twos, fives), 3) if d == 1 else 3


def decimal_text(value, point: str = ".") -> str:
    """A number as CSV text: ``12``, ``12,5`` (decimal comma) or ``12.5``; "" for None."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, int):
        return str(value)
    text = f"{float(value):.{decimals(Fraction(value))}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", point)


def cell_number(value):
    """A number for an XLSX cell: int when whole, else float (halves and quarters are exact in binary)."""
    if value is None or value == "":
        return None
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


# --- CSV -------------------------------------------------------------------------------------------------


def _csv_cell(value, kind: str, dialect: Dialect) -> str:
    if kind in (INT, NUMBER):
        return decimal_text(value, dialect.decimal)
    return neutralise("" if value is None else str(value))


def write_csv(sheet: Sheet, dialect: Dialect) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=dialect.delimiter, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow([neutralise(c.header) for c in sheet.columns])
    kinds = [c.kind for c in sheet.columns]
    writer.writerows(
        [_csv_cell(v, k, dialect) for v, k in zip(row, kinds, strict=True)] for row in sheet.rows
    )
    text = out.getvalue()
    return ("\ufeff" + text if dialect.bom else text).encode("utf-8")


# --- XLSX ------------------------------------------------------------------------------------------------

_SHEET_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def sheet_name(name: str, taken: Iterable[str] = ()) -> str:
    """A valid, unique tab name: at most 31 characters, none of ``[]:*?/\\``."""
    base = _SHEET_FORBIDDEN.sub(" ", name).strip("' ")[:31] or "Sheet"
    taken = {n.casefold() for n in taken}
    candidate, n = base, 2
    while candidate.casefold() in taken:
        suffix = f" ({n})"
        candidate, n = base[: 31 - len(suffix)] + suffix, n + 1
    return candidate


def _number_format(values: Iterable) -> str:
    digits = max((decimals(v) for v in values if isinstance(v, Fraction | float)), default=0)
    return "0" if digits == 0 else "0." + "0" * digits


def _width(values: Iterable) -> float:
    longest = max((len(str(v)) for v in values if v is not None), default=0)
    return min(max(longest + 2, 6), 60)


def place_value(value):
    """A place for an XLSX cell: a single place as a whole number, a shared one («20–21») or a word as
    text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii():
        return int(value.strip())
    return _text(value)


def _text(value) -> str | None:
    """A text cell's value: neutralised, without the control characters XML cannot hold; None when empty."""
    if value is None or value == "":
        return None
    return neutralise(ILLEGAL_CHARACTERS_RE.sub("", str(value))) or None


def write_xlsx(sheets: Sequence[Sheet]) -> bytes:
    """A workbook with one sheet per table (openpyxl's write-only mode: fast and lean for 10,000 rows)."""
    book = Workbook(write_only=True)
    names: list[str] = []
    bold, big = Font(bold=True), Font(bold=True, size=14)
    wrap = Alignment(wrap_text=True, vertical="top")
    for sheet in sheets:
        name = sheet_name(sheet.name, names)
        names.append(name)
        ws = book.create_sheet(name)
        columns = list(sheet.columns)
        formats = []
        for i, column in enumerate(columns):
            values = [row[i] for row in sheet.rows]
            formats.append(_number_format(values) if column.kind == NUMBER else None)
            shown = [decimal_text(v) if column.kind not in (TEXT, PLACE) else v for v in values]
            ws.column_dimensions[get_column_letter(i + 1)].width = _width([column.header, *shown])
        header_row = len(sheet.title) + 1
        # The title and the header stay on screen while the rows scroll.
        ws.freeze_panes = f"A{header_row + 1}"
        for j, line in enumerate(sheet.title):
            cell = WriteOnlyCell(ws, value=_text(line))
            cell.font = big if j == 0 else bold
            ws.append([cell])
        header = []
        for column in columns:
            cell = WriteOnlyCell(ws, value=_text(column.header))
            cell.font = bold
            cell.alignment = wrap
            header.append(cell)
        ws.append(header)
        # Plain values are written fastest; a text never starts with "=" once neutralised, so openpyxl
        # writes it as a string, never a formula. Only the fractional numbers carry a format.
        kinds = [(column.kind, fmt) for column, fmt in zip(columns, formats, strict=True)]
        for row in sheet.rows:
            cells = []
            for value, (kind, fmt) in zip(row, kinds, strict=True):
                if kind == TEXT:
                    cells.append(_text(value))
                elif kind == PLACE:
                    cells.append(place_value(value))
                elif fmt is None or value is None or value == "":
                    cells.append(cell_number(value))
                else:
                    cell = WriteOnlyCell(ws, value=cell_number(value))
                    cell.number_format = fmt
                    cells.append(cell)
            ws.append(cells)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
