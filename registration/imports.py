"""Entries from a CSV or XLSX file, through django-import-export, with a preview before anything is saved.

The file is read by import-export's formats (tablib, openpyxl); every row goes through ``EntryResource``,
whose widgets turn the file's words ("М", "КМС", "длинные") into codes and whose ``import_instance`` hands
the row to ``EntryForm`` — the same validation as the web form. The preview is a dry run inside a
transaction that is rolled back; the confirmation imports the same file again, and a row that fails is not
saved.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

import openpyxl
import tablib
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from import_export import fields, resources, widgets
from import_export.formats.base_formats import CSV

from registration.forms import EntryForm
from registration.manager import AdmissionError, Identity, PeopleLookup, clean_name
from registration.models import Entry, Qualification, Source
from tournaments.models import Character, Tournament

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 5000
# Bounds on what is read from a workbook (issue 13 item 11): a 1.7 KB XLSX may declare A1:XFD1048576.
MAX_COLUMNS = 60  # cells read per row: the header's width, at most this
MAX_UNPACKED = 64 * 1024 * 1024  # bytes a workbook may unpack to (a zip bomb is refused before reading)
EMPTY_ROWS_END = 50  # this many empty rows in a row end the sheet
PROGRESS_EVERY = 100  # rows between two progress reports


class ImportFileError(Exception):
    """The file cannot be read as entries at all: nothing was saved, and the message says why."""


def _words(text: str) -> str:
    return " ".join(str(text).replace("ё", "е").replace(".", " ").replace("/", " ").split()).casefold()


class ChoiceWordsWidget(widgets.Widget):
    """A cell written as a code, a label in either language, or a usual abbreviation → the code."""

    def __init__(self, words: dict[str, str], hint):
        super().__init__()
        self.words = {_words(k): v for k, v in words.items()}
        self.hint = hint

    def clean(self, value, row=None, **kwargs):
        if value is None or str(value).strip() == "":
            return ""
        found = self.words.get(_words(value))
        if found is None:
            raise ValueError(_("not understood: «%(v)s»; %(h)s") % {"v": value, "h": self.hint})
        return found


class DisciplinesWidget(widgets.Widget):
    WORDS = {
        "long": "long",
        "длинные": "long",
        "длинные нарды": "long",
        "short": "short",
        "короткие": "short",
        "короткие нарды": "short",
    }

    def clean(self, value, row=None, **kwargs):
        if value is None or str(value).strip() == "":
            return []
        out = []
        for part in str(value).replace(";", ",").split(","):
            if not part.strip():
                continue
            code = self.WORDS.get(_words(part))
            if code is None:
                raise ValueError(_("discipline not understood: %(v)s") % {"v": part.strip()})
            out.append(code)
        return out


class TextWidget(widgets.Widget):
    def clean(self, value, row=None, **kwargs):
        if value is None:
            return ""
        if isinstance(value, float) and value.is_integer():  # a phone number typed into a spreadsheet
            value = int(value)
        return str(value).strip()


class TickWidget(widgets.Widget):
    """A document seen: «да», «+», «1», «x», «✓» (or empty / «нет» / «-» / «0» for not seen)."""

    YES = {"да", "+", "1", "x", "х", "✓", "v", "yes", "true", "есть"}
    NO = {"", "нет", "-", "0", "no", "false"}

    def clean(self, value, row=None, **kwargs):
        text = str(value if value is not None else "").strip().casefold()
        if isinstance(value, bool):
            return value
        if text in self.YES:
            return True
        if text in self.NO:
            return False
        raise ValueError(_("not understood: «%(v)s»; write «да» or leave it empty") % {"v": value})


class NumberWidget(widgets.Widget):
    """A whole number from 1 to 100,000 (a seeding number, a rating), or empty."""

    def clean(self, value, row=None, **kwargs):
        if value is None or str(value).strip() == "":
            return None
        try:
            number = float(str(value).strip().replace(",", "."))
        except ValueError:
            raise ValueError(_("not a number: «%(v)s»") % {"v": value}) from None
        if not number.is_integer() or not 1 <= number <= 100_000:
            raise ValueError(_("a whole number from 1 to 100000, not «%(v)s»") % {"v": value})
        return int(number)


class RawWidget(widgets.Widget):
    """Dates pass as they are: a spreadsheet gives a date, a CSV gives text that ``EntryForm`` parses."""

    def clean(self, value, row=None, **kwargs):
        return value.strip() if isinstance(value, str) else value


def _gender_words() -> dict[str, str]:
    return {
        "м": "male",
        "муж": "male",
        "мужской": "male",
        "мужчина": "male",
        "m": "male",
        "male": "male",
        "ж": "female",
        "жен": "female",
        "женский": "female",
        "женщина": "female",
        "f": "female",
        "w": "female",
        "female": "female",
    }


def _qualification_words() -> dict[str, str]:
    words = {code: code for code in Qualification.values}
    for language in ("ru", "en"):
        with translation.override(language):
            words.update({str(label): code for code, label in Qualification.choices})
    words.update(
        {
            "б р": "none",
            "бр": "none",
            "без разряда": "none",
            "нет": "none",
            "3 юн": "youth3",
            "3 юношеский": "youth3",
            "iii юн": "youth3",
            "2 юн": "youth2",
            "2 юношеский": "youth2",
            "ii юн": "youth2",
            "1 юн": "youth1",
            "1 юношеский": "youth1",
            "i юн": "youth1",
            "3": "adult3",
            "3 разряд": "adult3",
            "iii": "adult3",
            "iii разряд": "adult3",
            "2": "adult2",
            "2 разряд": "adult2",
            "ii": "adult2",
            "ii разряд": "adult2",
            "1": "adult1",
            "1 разряд": "adult1",
            "i": "adult1",
            "i разряд": "adult1",
            "кмс": "cms",
            "мс": "ms",
            "мсмк": "msmk",
            "змс": "zms",
        }
    )
    return words


# (form field, the column's name in the file, other names accepted for it)
COLUMNS = [
    ("surname", "Фамилия", ["surname", "last name"]),
    ("name", "Имя", ["name", "first name"]),
    ("patronymic", "Отчество", ["patronymic", "middle name"]),
    ("birth_date", "Дата рождения", ["birth date", "date of birth", "birth_date", "дата рожд"]),
    ("gender", "Пол", ["gender", "sex"]),
    ("organisation", "Организация", ["organisation", "organization", "командирующая организация", "клуб"]),
    ("region", "Регион", ["region", "субъект рф"]),
    ("qualification", "Разряд", ["qualification", "rank", "спортивный разряд", "квалификация"]),
    ("disciplines", "Дисциплины", ["disciplines", "дисциплина", "discipline"]),
    ("team_name", "Команда", ["team", "team name", "наименование команды"]),
    ("responsible_name", "Ответственное лицо", ["responsible person", "responsible", "ответственный"]),
    ("responsible_phone", "Телефон", ["phone", "телефон ответственного лица"]),
    ("responsible_email", "E-mail", ["email", "e mail", "электронная почта", "эл почта", "почта"]),
    (
        "identity_document_number",
        "Документ",
        ["identity document", "паспорт", "документ удостоверяющий личность"],
    ),
    ("insurance_policy_number", "Полис ОМС", ["insurance policy", "полис", "полис омс"]),
    # What the commission has seen and how the draw seeds (issue 14 item 4): optional columns.
    (
        "has_identity_document",
        "Документ предъявлен",
        ["identity document shown", "паспорт предъявлен", "документ проверен"],
    ),
    ("has_medical_clearance", "Медицинский допуск", ["medical clearance", "допуск врача", "мед допуск"]),
    ("has_insurance", "Страховка предъявлена", ["insurance shown", "страховка", "полис предъявлен"]),
    ("seed", "Стартовый номер", ["seed", "seeding number", "посев", "номер посева"]),
    ("rating", "Рейтинг", ["rating", "рейтинг игрока"]),
]
# Columns kept on the entry as they are, outside ``EntryForm`` (a public form never sets them).
EXTRA = ("has_identity_document", "has_medical_clearance", "has_insurance", "seed", "rating")
REQUIRED = ["surname", "name", "birth_date", "gender", "organisation", "region", "responsible_name"]
HEADER = {key: header for key, header, _aliases in COLUMNS}
_ALIASES = {_words(alias): header for _key, header, aliases in COLUMNS for alias in [header, *aliases]}


# How a cell becomes a value; plain text where not named here.
WIDGETS = {
    "birth_date": RawWidget(),
    "gender": ChoiceWordsWidget(_gender_words(), gettext_lazy("write М or Ж")),
    "qualification": ChoiceWordsWidget(
        _qualification_words(), gettext_lazy("write б/р, 3 юн., 1 разряд, КМС, МС, МСМК or ЗМС")
    ),
    "disciplines": DisciplinesWidget(),
    "has_identity_document": TickWidget(),
    "has_medical_clearance": TickWidget(),
    "has_insurance": TickWidget(),
    "seed": NumberWidget(),
    "rating": NumberWidget(),
}


def _field(key: str) -> fields.Field:
    return fields.Field(attribute=key, column_name=HEADER[key], widget=WIDGETS.get(key, TextWidget()))


class EntryResource(resources.ModelResource):
    """One row of the file = one entry; validated by ``EntryForm``, saved by it (person found or created)."""

    surname = _field("surname")
    name = _field("name")
    patronymic = _field("patronymic")
    birth_date = _field("birth_date")
    gender = _field("gender")
    organisation = _field("organisation")
    region = _field("region")
    qualification = _field("qualification")
    disciplines = _field("disciplines")
    team_name = _field("team_name")
    responsible_name = _field("responsible_name")
    responsible_phone = _field("responsible_phone")
    responsible_email = _field("responsible_email")
    identity_document_number = _field("identity_document_number")
    insurance_policy_number = _field("insurance_policy_number")
    has_identity_document = _field("has_identity_document")
    has_medical_clearance = _field("has_medical_clearance")
    has_insurance = _field("has_insurance")
    seed = _field("seed")
    rating = _field("rating")

    class Meta:
        model = Entry
        fields = [key for key, _header, _aliases in COLUMNS]
        force_init_instance = True  # every row is a new entry; a person already entered is a duplicate
        skip_diff = True
        clean_model_instances = False  # EntryForm validates
        use_transactions = True

    def __init__(self, tournament: Tournament, user=None, progress: Callable[[int, int], None] | None = None):
        super().__init__()
        self.tournament = tournament
        self.user = user
        self.progress = progress
        self.lookup = PeopleLookup(tournament)  # the file's people and entries, read at once
        self.seen: dict[Identity, int] = {}  # identity → the file's row that named it first
        self.done = 0
        self.total = 0

    def before_import(self, dataset, **kwargs):
        self.total = len(dataset)
        surnames = {str(v).strip() for v in dataset[HEADER["surname"]] if v is not None}
        self.lookup.preload({s for name in surnames for s in (name, clean_name(name))})

    def import_row(self, row, instance_loader, **kwargs):
        try:
            return super().import_row(row, instance_loader, **kwargs)
        finally:
            self.done += 1
            if self.progress is not None and (self.done % PROGRESS_EVERY == 0 or self.done == self.total):
                self.progress(self.done, self.total)

    def import_instance(self, instance, row, **kwargs):
        instance.blank = _is_blank(row.values())
        if instance.blank:
            return
        errors = {}
        try:
            super().import_instance(instance, row, **kwargs)
        except ValidationError as exc:
            errors = exc.message_dict
        data = {key: getattr(instance, key, "") for key, _header, _aliases in COLUMNS if key not in errors}
        if not data.get("disciplines"):
            data["disciplines"] = [self.tournament.discipline]
        if data.get("team_name") and self.tournament.character == Character.PERSONAL:
            errors.setdefault("team_name", []).append(_("This tournament is personal: leave the team empty."))
        form = EntryForm(data=data, tournament=self.tournament, lookup=self.lookup)
        form.is_valid()
        for key, messages in form.errors.items():
            errors.setdefault(key, messages)  # a cell the widget could not read has said so already
        if not errors:
            identity = form.identity()
            line = self.done + 2  # the header is line 1
            first = self.seen.setdefault(identity, line)
            if first != line:
                errors["__all__"] = [
                    _("%(p)s is already in row %(n)s of this file.") % {"p": identity.full_name, "n": first}
                ]
        if errors:
            raise ValidationError(errors)
        instance.form = form

    def skip_row(self, instance, original, row, import_validation_errors=None):
        return instance.blank

    def validate_instance(self, instance, import_validation_errors=None, validate_unique=True):
        if import_validation_errors:
            raise ValidationError(import_validation_errors)

    def save_instance(self, instance, is_create, row, **kwargs):
        if kwargs.get("dry_run"):
            return  # the preview saves nothing: every check is in EntryForm and the file's own duplicates
        try:
            entry = instance.form.save(source=Source.IMPORT, user=self.user)
        except AdmissionError as exc:
            raise ValidationError({"__all__": [str(exc)]}) from None
        extra = {key: getattr(instance, key, None) for key in EXTRA}
        extra = {k: v for k, v in extra.items() if v not in (None, "")}
        if entry is not None and extra:
            Entry.objects.filter(pk=entry.pk).update(**extra)


@dataclass(frozen=True)
class RowProblem:
    line: int  # the row's number in the spreadsheet: the header is line 1
    who: str
    problems: tuple[tuple[str, str], ...]  # (column, message)


@dataclass(frozen=True)
class Outcome:
    rows: int
    good: int
    saved: int  # 0 in a preview
    problems: tuple[RowProblem, ...]
    ignored_columns: tuple[str, ...]


def read_file(name: str, data: bytes):
    """The file as a ``tablib.Dataset`` with the expected column names; ``ImportFileError`` when it is not
    a CSV or XLSX file of entries. Returns (file format, dataset, the columns that were not understood)."""
    if not data:
        raise ImportFileError(_("The file is empty."))
    if len(data) > MAX_BYTES:
        raise ImportFileError(_("The file is larger than 2 MB."))
    lower = name.lower()
    if lower.endswith(".xlsx"):
        file_format, dataset = "xlsx", _read_xlsx(data)
    elif lower.endswith(".csv") or lower.endswith(".txt"):
        file_format, dataset = "csv", _read_csv(data)
    else:
        raise ImportFileError(
            _("Only CSV or XLSX files can be imported (an .xls file: save it as .xlsx first).")
        )
    headers, ignored = [], []
    for header in dataset.headers or []:
        known = _ALIASES.get(_words(header or ""))
        if known is None and header not in (None, ""):
            ignored.append(str(header))
        headers.append(known or f"?{len(headers)}")
    missing = [HEADER[key] for key in REQUIRED if HEADER[key] not in headers]
    if missing:
        raise ImportFileError(
            _("The file lacks the columns: %(m)s. The first row must hold the column names.")
            % {"m": ", ".join(missing)}
        )
    dataset.headers = headers
    if all(_is_blank(row) for row in dataset):
        raise ImportFileError(_("The file has no entries under its header."))
    if len(dataset) > MAX_ROWS:
        raise ImportFileError(_("At most %(n)s rows at once.") % {"n": MAX_ROWS})
    return file_format, dataset, tuple(ignored)


def _read_xlsx(data: bytes):
    """The first sheet as a dataset, read in openpyxl's read-only (streaming) mode and bounded: no wider than
    the header (at most MAX_COLUMNS), no longer than MAX_ROWS rows, ending after EMPTY_ROWS_END empty rows —
    whatever dimension the workbook declares."""
    if not data.startswith(b"PK\x03\x04"):
        raise ImportFileError(_("The file is not an XLSX workbook."))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_UNPACKED:
            raise ImportFileError(_("The XLSX workbook is too large when unpacked."))
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            return _bounded_rows(book.worksheets[0].iter_rows(values_only=True, max_col=MAX_COLUMNS))
        finally:
            book.close()
    except ImportFileError:
        raise
    except Exception:  # openpyxl and zipfile raise many kinds for a damaged workbook
        raise ImportFileError(_("The XLSX workbook cannot be read; save it again and retry.")) from None


def _bounded_rows(rows) -> tablib.Dataset:
    header = None
    for row in rows:
        if not _is_blank(row):
            header = list(row)
            break
    if header is None:
        raise ImportFileError(_("The file is empty."))
    while header and (header[-1] is None or str(header[-1]).strip() == ""):
        header.pop()
    width = len(header)
    dataset = tablib.Dataset(headers=[h if h is None else str(h) for h in header])
    empty = 0
    for row in rows:
        cells = list(row[:width]) + [None] * (width - len(row[:width]))
        if _is_blank(cells):
            empty += 1
            if empty >= EMPTY_ROWS_END:
                break
            continue
        dataset.extend([[None] * width] * empty)  # blank rows inside the data keep their row numbers
        empty = 0
        dataset.append(cells)
        if len(dataset) > MAX_ROWS:
            raise ImportFileError(_("At most %(n)s rows at once.") % {"n": MAX_ROWS})
    return dataset


def _read_csv(data: bytes):
    if b"\x00" in data:
        raise ImportFileError(_("The file is not a text CSV file."))
    for encoding in ("utf-8-sig", "cp1251"):  # Excel in Russia saves CSV in cp1251
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1251 decodes nearly anything
        raise ImportFileError(_("The file is not a text CSV file."))
    if not text.strip():
        raise ImportFileError(_("The file is empty."))
    first_line = text.lstrip().splitlines()[0]
    try:
        delimiter = csv.Sniffer().sniff(first_line, delimiters=";,\t").delimiter
    except csv.Error:
        delimiter = ","
    try:
        return CSV().create_dataset(text, delimiter=delimiter)
    except Exception:
        raise ImportFileError(
            _("The CSV file cannot be read: check that its rows have the same columns.")
        ) from None


def run(tournament: Tournament, dataset, user, *, dry_run: bool, ignored=(), progress=None) -> Outcome:
    """Import ``dataset``: a dry run for the preview (nothing is kept), or for real (the good rows are saved,
    each bad row is not). ``progress(done, total)`` is called every PROGRESS_EVERY rows."""
    resource = EntryResource(tournament, user, progress)
    result = resource.import_data(dataset, dry_run=dry_run, raise_errors=False, use_transactions=True)
    found = {invalid.number: invalid.error.message_dict for invalid in result.invalid_rows}
    for number, errors in result.row_errors():  # an unexpected failure of one row: reported, not saved
        found[number] = {"__all__": [str(e.error) for e in errors]}
    problems = tuple(
        _problem(number, dict(zip(dataset.headers, dataset[number - 1])), found[number])
        for number in sorted(found)
    )
    rows = sum(1 for row in dataset if not _is_blank(row))
    good = rows - len(problems)
    # An unexpected failure makes import-export roll the whole file back: then nothing was saved.
    saved = 0 if dry_run or result.has_errors() else good
    return Outcome(rows, good, saved, problems, tuple(ignored))


def _is_blank(values) -> bool:
    return all(v is None or str(v).strip() == "" for v in values)


def _problem(number: int, values: dict, message_dict: dict) -> RowProblem:
    who = " ".join(str(values.get(HEADER[k]) or "") for k in ("surname", "name", "patronymic")).strip()
    problems = []
    for key, messages in message_dict.items():
        column = HEADER.get(key, _("row"))
        for message in messages:
            problems.append((column, str(message)))
    return RowProblem(line=number + 1, who=who, problems=tuple(problems))


def template_csv() -> str:
    """An empty file with the column names, for the secretary to fill in."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow([header for _key, header, _aliases in COLUMNS])
    writer.writerow(
        [
            "Иванов",
            "Иван",
            "Иванович",
            "15.03.1990",
            "М",
            "Клуб «Шеш-беш»",
            "Москва",
            "КМС",
            "длинные",
            "",
            "Петров Пётр Петрович",
            "+7 900 000-00-00",
            "club@example.org",
            "",
            "",
            "да",
            "да",
            "да",
            "",
            "1500",
        ]
    )
    return out.getvalue()


def preview(tournament: Tournament, name: str, data: bytes, user, progress=None) -> Outcome:
    """The whole preview of a file (what the Celery task runs): read it within the bounds, check every row."""
    _format, dataset, ignored = read_file(name, data)
    return run(tournament, dataset, user, dry_run=True, ignored=ignored, progress=progress)


def confirm(tournament: Tournament, name: str, data: bytes, user, progress=None) -> Outcome:
    """Import a previewed file for real: the good rows are saved, each bad row is not."""
    _format, dataset, ignored = read_file(name, data)
    return run(tournament, dataset, user, dry_run=False, ignored=ignored, progress=progress)
