"""Entries from a federation's own file (CSV, Excel's «Текст Юникод», XLSX), with a preview of every row
before anything is saved.

Reading (``read_file``): the encoding is found (UTF-8 with or without BOM, UTF-16 LE/BE with BOM — what
Excel saves as «Текст Юникод» —, Windows-1251), the separator (``;``, tab or ``,``) and the header row: the
row among the first ``HEADER_SCAN`` that names most columns (``COLUMNS``: each field with the words
federations head it with), so a title block above the header is skipped and its rows keep their numbers.

Checking (``run``): each row is read into the words of ``EntryForm`` (a rank such as «2 р.», a year of birth
alone, «М»/«Ж»…), completed from the file's defaults (the responsible person and his phone given once), and
validated by the same ``EntryForm`` as the web form. Its person is then looked for: the same identity is the
same person; a person who differs only by ё/е, case, spaces or initials with the same date of birth is
*proposed* («возможно, это тот же человек») and the secretary chooses him or a new person — a twin is never
made silently. A person twice in the file is a row error naming the first row's real number. The preview
(``dry_run``) saves nothing; the confirmation checks every row again, then saves the good ones with the
secretary's choices at once — the new people in one bulk insert, the entries numbered from the one «last
number» in another (issue 35 §4) — as ``EntryForm.save`` would save each (a pairs event's rows, and a file
whose new person another registration made meanwhile, are saved so, row by row).
"""

from __future__ import annotations

import codecs
import copy
import csv
import datetime
import io
import itertools
import logging
import re
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import cast

import openpyxl
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _

from registration.forms import EntryForm, duplicate_message
from registration.manager import (
    AdmissionError,
    Identity,
    PeopleLookup,
    clean_name,
    confirm_person,
    lock_open,
    may_be_same,
    person_cards,
    team_entry_for,
)
from registration.models import Entry, Gender, Person, Qualification, Source, TeamEntry, fold
from registration.permissions import DECIDERS, Reach, may_rewrite, tournaments_of_people
from tournaments.models import Character, Tournament

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 5000
# Bounds on what is read from a workbook (issue 13 item 11): a 1.7 KB XLSX may declare A1:XFD1048576.
MAX_COLUMNS = 60  # cells read per row: the header's width, at most this
MAX_UNPACKED = 64 * 1024 * 1024  # bytes a workbook may unpack to (a zip bomb is refused before reading)
EMPTY_ROWS_END = 50  # this many empty rows in a row end the sheet
PROGRESS_EVERY = 100  # rows between two progress reports
HEADER_SCAN = 15  # the header row is looked for among this many first rows (below a title block)
BULK_BATCH = 500  # rows an INSERT of the bulk write carries (PostgreSQL takes at most 65,535 parameters)

logger = logging.getLogger(__name__)


class ImportFileError(Exception):
    """The file cannot be read as entries at all: nothing was saved, and the message says why."""


def _words(text) -> str:
    """A cell or a heading as compared: ё = е, case ignored; dots, slashes, hyphens, underscores: spaces."""
    text = str(text).replace("ё", "е").replace("Ё", "Е")
    for mark in "./-_":
        text = text.replace(mark, " ")
    return " ".join(text.split()).casefold()


def _header_words(text) -> str:
    """A column's heading as compared: also without «(дд.мм.гггг)»-like notes, «*», «:» and «№»."""
    text = re.sub(r"\([^)]*\)", " ", str(text))
    for mark in "*:№,":
        text = text.replace(mark, " ")
    return _words(text)


# --- the columns -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    key: str  # the field (``EntryForm``'s, or ``full_name`` split into three)
    header: str  # the name the preview, the messages and the sample file use
    synonyms: tuple[str, ...]  # other headings federations use (compared by ``_header_words``)


COLUMNS = [
    Column(
        "full_name",
        "ФИО",
        (
            "Ф.И.О.",
            "Фамилия Имя Отчество",
            "Фамилия, имя, отчество",
            "Участник",
            "Спортсмен",
            "ФИО участника",
            "ФИО спортсмена",
            "Фамилия и имя",
            "Full name",
        ),
    ),  # fmt: skip
    Column("surname", "Фамилия", ("Surname", "Last name")),
    Column("name", "Имя", ("Name", "First name")),
    Column("patronymic", "Отчество", ("Patronymic", "Middle name")),
    Column(
        "birth_date",
        "Дата рождения",
        (
            "Д.р.",
            "Д/р",
            "ДР",
            "Дата рожд.",
            "Год рождения",
            "Г.р.",
            "Год рожд.",
            "Дата (год) рождения",
            "Birth date",
            "Date of birth",
            "birth_date",
        ),
    ),  # fmt: skip
    Column("gender", "Пол", ("Gender", "Sex")),
    Column(
        "organisation",
        "Организация",
        (
            "Командирующая организация",
            "Направляющая организация",
            "Спортивная организация",
            "Organisation",
            "Organization",
        ),
    ),  # fmt: skip
    Column("club", "Клуб", ("Спортивный клуб", "Club")),
    Column("region", "Регион", ("Субъект РФ", "Субъект", "Город", "Регион, город", "Region", "City")),
    Column(
        "qualification",
        "Разряд",
        (
            "Звание",
            "Разряд, звание",
            "Спортивный разряд",
            "Спортивное звание",
            "Квалификация",
            "Спортивная квалификация",
            "Rank",
            "Qualification",
        ),
    ),  # fmt: skip
    Column("disciplines", "Дисциплины", ("Дисциплина", "Disciplines", "Discipline")),
    Column("team_name", "Команда", ("Наименование команды", "Team", "Team name")),
    Column("coach", "Тренер", ("ФИО тренера", "Тренер-преподаватель", "Личный тренер", "Coach")),
    Column(
        "responsible_name",
        "Ответственное лицо",
        (
            "Представитель",
            "Представитель спортсмена",
            "ФИО представителя",
            "Ответственный",
            "Контактное лицо",
            "Responsible person",
            "Responsible",
        ),
    ),  # fmt: skip
    Column(
        "responsible_phone",
        "Телефон",
        (
            "Тел.",
            "Тел",
            "Контактный телефон",
            "Мобильный телефон",
            "Телефон ответственного лица",
            "Телефон представителя",
            "Phone",
        ),
    ),  # fmt: skip
    Column("responsible_email", "E-mail", ("Email", "Электронная почта", "Эл. почта", "Почта")),
    Column(
        "identity_document_number",
        "Документ",
        ("Паспорт", "Документ, удостоверяющий личность", "Identity document"),
    ),
    Column("insurance_policy_number", "Полис ОМС", ("Полис", "Insurance policy")),
    # What the commission has seen and how the draw seeds (issue 14 item 4): optional columns.
    Column(
        "has_identity_document",
        "Документ предъявлен",
        ("Паспорт предъявлен", "Документ проверен", "Identity document shown"),
    ),
    Column(
        "has_medical_clearance", "Медицинский допуск", ("Допуск врача", "Мед. допуск", "Medical clearance")
    ),
    Column("has_insurance", "Страховка предъявлена", ("Страховка", "Полис предъявлен", "Insurance shown")),
    Column("seed", "Стартовый номер", ("Посев", "Номер посева", "Seed", "Seeding number")),
    Column("rating", "Рейтинг", ("Рейтинг игрока", "Rating")),
]
HEADER = {c.key: c.header for c in COLUMNS}
_SYNONYMS = {_header_words(word): c.key for c in COLUMNS for word in (c.header, *c.synonyms)}
# Columns kept on the entry as they are, outside ``EntryForm`` (a public form never sets them).
EXTRA = ("has_identity_document", "has_medical_clearance", "has_insurance", "seed", "rating")
REQUIRED = ["surname", "name", "birth_date", "gender", "organisation", "region", "responsible_name"]
# What the secretary may give once for the whole file (the upload page's fields).
DEFAULTABLE = ("organisation", "region", "responsible_name", "responsible_phone", "responsible_email")


def column_of(heading) -> str | None:
    """The field a heading names, or None: «Представитель» → responsible_name, «Д.р.» → birth_date."""
    if heading is None:
        return None
    return _SYNONYMS.get(_header_words(heading))


# --- cells -> values ----------------------------------------------------------------------------------------


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():  # a phone number typed into a spreadsheet
        value = int(value)
    return " ".join(str(value).split())


def _gender_words() -> dict[str, str]:
    male = ("м", "муж", "мужской", "мужчина", "m", "male")
    female = ("ж", "жен", "женский", "женщина", "f", "w", "female")
    return {w: "male" for w in male} | {w: "female" for w in female}


GENDERS = _gender_words()


def parse_gender(value) -> str:
    text = _text(value)
    if not text:
        return ""
    found = GENDERS.get(_words(text))
    if found is None:
        raise ValueError(_("not understood: «%(v)s»; write М or Ж") % {"v": text})
    return found


_ROMAN = {"i": "1", "ii": "2", "iii": "3", "і": "1", "іі": "2", "ііі": "3"}
_ORDINAL = {"первый": "1", "второй": "2", "третий": "3"}
_FILLER = {"спортивный", "сп", "разряд", "разр", "р", "й", "ый", "ой", "взрослый", "взр", "ranking"}
_YOUTH = {"юн", "юношеский", "юношеск", "ю"}


def _rank_words() -> dict[str, str]:
    words = {code: code for code in Qualification.values}
    for language in ("ru", "en"):
        with translation.override(language):
            words.update({_words(label): code for code, label in Qualification.choices})
    words.update(
        {
            "б р": "none",
            "бр": "none",
            "б разр": "none",
            "без разряда": "none",
            "нет": "none",
            "нет разряда": "none",
            "кмс": "cms",
            "кандидат в мастера спорта": "cms",
            "мс": "ms",
            "мастер спорта": "ms",
            "мс россии": "ms",
            "мсмк": "msmk",
            "мастер спорта международного класса": "msmk",
            "змс": "zms",
            "заслуженный мастер спорта": "zms",
        }
    )
    return words


RANKS = _rank_words()


def parse_rank(value) -> str:
    """A rank or title as federations write it → ``Qualification`` code ("" when the cell is empty).

    >>> [parse_rank(v) for v in ("КМС", "МС", "1 р.", "2 разряд", "II р.", "3р", "б/р", "1 юн.", "")]
    ['cms', 'ms', 'adult1', 'adult2', 'adult2', 'adult3', 'none', 'youth1', '']
    """
    text = _text(value)
    if not text or text in {"-", "—", "–"}:
        return ""
    words = _words(text)
    if words in RANKS:
        return RANKS[words]
    words = re.sub(r"(\d)([^\d\s])", r"\1 \2", words)  # "2р" → "2 р", "1юн" → "1 юн"
    tokens = [_ROMAN.get(w, _ORDINAL.get(w, w)) for w in words.split() if w not in _FILLER]
    youth = any(w in _YOUTH for w in tokens)
    numbers = [w for w in tokens if w not in _YOUTH]
    if len(numbers) == 1 and numbers[0] in {"1", "2", "3"}:
        return f"youth{numbers[0]}" if youth else f"adult{numbers[0]}"
    raise ValueError(
        _("rank not understood: «%(v)s»; write б/р, 3 юн., 2 р., 1 разряд, КМС, МС, МСМК or ЗМС")
        % {"v": text}
    )


_EXCEL_EPOCH = datetime.date(1899, 12, 30)


def parse_birth(value) -> tuple[datetime.date | None, bool]:
    """A date of birth as a file gives it → (date, year only). A year alone («1965», «1965 г.») is
    1 January of that year with the flag set; a spreadsheet's date, «08.06.1965», «8/6/1965» and
    «1965-06-08» are full dates. ``ValueError`` with a message for anything else.

    >>> parse_birth("1965 г.")
    (datetime.date(1965, 1, 1), True)
    >>> parse_birth("8.6.1965")
    (datetime.date(1965, 6, 8), False)
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None, False
    if isinstance(value, datetime.datetime):
        return value.date(), False
    if isinstance(value, datetime.date):
        return value, False
    if isinstance(value, int | float) and not isinstance(value, bool) and float(value).is_integer():
        number = int(value)
        if 1900 <= number <= 2100:
            return datetime.date(number, 1, 1), True
        if 1 <= number <= 80000:  # a date cell that lost its format: Excel's day number
            return _EXCEL_EPOCH + datetime.timedelta(days=number), False
    text = re.sub(r"\s*(г\.?|года?|гг\.?)$", "", str(value).strip(), flags=re.I)
    text = text.split(" ")[0] if re.match(r"\d{4}-\d\d-\d\d \d", text) else text  # "1965-06-08 00:00:00"
    try:
        if re.fullmatch(r"\d{4}", text):
            return datetime.date(int(text), 1, 1), True
        found = re.fullmatch(r"(\d{1,2})[./-](\d{1,2})[./-](\d{4})", text)
        if found:
            day, month, year = (int(g) for g in found.groups())
            return datetime.date(year, month, day), False
        found = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
        if found:
            year, month, day = (int(g) for g in found.groups())
            return datetime.date(year, month, day), False
    except ValueError:
        raise ValueError(_("no such date: «%(v)s»") % {"v": value}) from None
    short = re.fullmatch(r"(\d{1,2})[./-](\d{1,2})[./-](\d{2})", text) or re.fullmatch(
        r"(\d{2})(\d{2})(\d{2})", text
    )  # «12.02.42» or «120242» (ddmmyy, as some federations' programs write it)
    if short:
        proposal = _four_digit_year(*(int(g) for g in short.groups()))
        if proposal is not None:
            raise ValueError(
                _("«%(v)s»: a year of birth in two digits; if it is %(d)s, write it so")
                % {"v": value, "d": proposal}
            )
        raise ValueError(_("write the year of birth in four digits: «%(v)s»") % {"v": value})
    raise ValueError(
        _("date of birth not understood: «%(v)s»; write 15.03.1990 or the year 1990") % {"v": value}
    )


def _four_digit_year(day: int, month: int, yy: int) -> str | None:
    """The date a two-digit year most likely means, written in full («12.02.1942»): the latest century that
    does not put the birth in the future; None when there is no such day."""
    this_year = datetime.date.today().year
    year = 2000 + yy if 2000 + yy <= this_year else 1900 + yy
    try:
        return datetime.date(year, month, day).strftime("%d.%m.%Y")
    except ValueError:
        return None


def parse_disciplines(value) -> list[str]:
    words = {"long": "long", "длинные": "long", "длинные нарды": "long", "short": "short"}
    words |= {"короткие": "short", "короткие нарды": "short"}
    out = []
    for part in _text(value).replace(";", ",").split(","):
        if not part.strip():
            continue
        code = words.get(_words(part))
        if code is None:
            raise ValueError(_("discipline not understood: %(v)s") % {"v": part.strip()})
        out.append(code)
    return out


def parse_tick(value) -> bool:
    """A document seen: «да», «+», «1», «x», «✓» (or empty / «нет» / «-» / «0» for not seen)."""
    if isinstance(value, bool):
        return value
    text = _text(value).casefold()
    if text in {"да", "+", "1", "x", "х", "✓", "v", "yes", "true", "есть"}:
        return True
    if text in {"", "нет", "-", "0", "no", "false"}:
        return False
    raise ValueError(_("not understood: «%(v)s»; write «да» or leave it empty") % {"v": value})


def parse_number(value) -> int | None:
    """A whole number from 1 to 100,000 (a seeding number, a rating), or empty."""
    text = _text(value)
    if not text:
        return None
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        raise ValueError(_("not a number: «%(v)s»") % {"v": value}) from None
    if not number.is_integer() or not 1 <= number <= 100_000:
        raise ValueError(_("a whole number from 1 to 100000, not «%(v)s»") % {"v": value})
    return int(number)


_PARSERS: dict[str, Callable] = {
    "gender": parse_gender,
    "qualification": parse_rank,
    "disciplines": parse_disciplines,
    "has_identity_document": parse_tick,
    "has_medical_clearance": parse_tick,
    "has_insurance": parse_tick,
    "seed": parse_number,
    "rating": parse_number,
}


# A Russian patronymic (-ович, -евна, -ич, -инична …) or a Turkic one written with its word (оглы, кызы …).
_PATRONYMIC = re.compile(r"(ович|евич|ич|овна|евна|ична|инична)$", re.IGNORECASE)
_PATRONYMIC_WORDS = {"оглы", "оглу", "улы", "уулу", "кызы", "гызы", "кизи"}
# Titles foreign files write beside a name («Glienke Manfred Dr.»): not a part of it.
_TITLES = {"dr", "dr.", "prof", "prof.", "mr", "mr.", "mrs", "mrs.", "ms.", "ing.", "dipl.-ing.", "mag."}


@dataclass(frozen=True)
class NameSplit:
    """How «ФИО» in one column was split: the three parts and, when the split is a guess the secretary
    should look at, why (``note``; empty for the usual «Фамилия Имя Отчество» or «Фамилия И. О.»)."""

    surname: str
    name: str
    patronymic: str
    note: str = ""


def split_name(value) -> NameSplit:
    """«Ёлкин Пётр Семёнович» → (Ёлкин, Пётр, Семёнович); «Ёлкин П.С.» → (Ёлкин, П., С.). A third word is a
    patronymic only when it is one (a Russian ending, «Гусейн оглы», an initial): «Messina Giuseppe
    Ottavio» is (Messina, Giuseppe Ottavio, —) and «Glienke Manfred Dr.» (Glienke, Manfred, —), the title
    left out — each with a note for the preview, where the secretary corrects the split."""
    text = _text(value)
    words = text.split()
    titles = [w for w in words if w.casefold() in _TITLES]
    parts = [w for w in words if w.casefold() not in _TITLES]
    if len(parts) <= 2 or all(_is_initial(p) for p in parts[1:]) and len(parts) == 3:
        # «Фамилия Имя», or initials written apart («Ёлкин П. С.»); «Ёлкин П.С.» splits at the dots
        parts = re.findall(r"[^\s.]+\.?", " ".join(parts))
        if not parts:
            return NameSplit("", "", "")
        rest = " ".join(parts[2:])
        note = _("the title «%(t)s» is not a part of the name: left out") % {"t": " ".join(titles)}
        return NameSplit(parts[0], parts[1] if len(parts) > 1 else "", rest, note if titles else "")
    surname, given = parts[0], parts[1:]
    if given[-1].casefold() in _PATRONYMIC_WORDS and len(given) >= 3:
        patronymic = " ".join(given[-2:])  # «Алиев Рашид Гусейн оглы»
        given = given[:-2]
    elif _PATRONYMIC.search(given[-1]) or _is_initial(given[-1]):
        patronymic = given[-1]
        given = given[:-1]
    else:
        patronymic = ""
    notes = []
    if not patronymic:
        notes.append(
            _("«%(w)s» is not a patronymic: read as a second name") % {"w": " ".join(given[1:]) or given[0]}
        )
    elif len(given) > 1:
        notes.append(_("two given names: «%(w)s»") % {"w": " ".join(given)})
    if titles:
        notes.append(_("the title «%(t)s» is not a part of the name: left out") % {"t": " ".join(titles)})
    return NameSplit(surname, " ".join(given), patronymic, "; ".join(notes))


def split_full_name(value) -> tuple[str, str, str]:
    """The three parts of :func:`split_name`."""
    split = split_name(value)
    return split.surname, split.name, split.patronymic


_PHONE = re.compile(r"\+?\d[\d\s().\-]{8,}\d")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE_WORD = re.compile(r"(?<![\w])(тел|телефон|моб|т|phone|tel)\.?:?(?![\w])", re.IGNORECASE)


def split_contact(value: str) -> tuple[str, dict[str, str]]:
    """«Петров Пётр Петрович, +7 900 111-22-33» in one cell → the name and {"responsible_phone": …} (an
    e-mail too: {"responsible_email": …}). A cell with no phone or e-mail is the name as it is.

    >>> split_contact("Петров П. П., тел. 8 (900) 111-22-33")
    ('Петров П. П.', {'responsible_phone': '8 (900) 111-22-33'})
    """
    text = _text(value)
    found: dict[str, str] = {}
    email = _EMAIL.search(text)
    if email:
        found["responsible_email"] = email.group(0)
        text = text[: email.start()] + " " + text[email.end() :]
    phone = next((m for m in _PHONE.finditer(text) if len(re.sub(r"\D", "", m.group(0))) >= 10), None)
    if phone:
        found["responsible_phone"] = phone.group(0).strip()
        text = text[: phone.start()] + " " + text[phone.end() :]
    if found:
        text = _PHONE_WORD.sub(" ", text)
        text = " ".join(text.split()).strip(" ,;:–—-/")
    return text, found


def event_gender(tournament) -> str:
    """The gender of an event's group (004 §2.1: the men's, the women's), for a file without «Пол»."""
    return {"men": "male", "women": "female"}.get(getattr(tournament, "gender_group", ""), "")


# Lines under the table of a federation's form: signatures, the stamp, the officials' names.
_FOOTER = re.compile(
    r"(?<![\w])м\.?\s?п\.?(?![\w])|подпис|руководител|начальник|главн\w*\s+(?:судь|секретар)|(?<![\w])судья"
    r"|(?<![\w])секретарь|(?<![\w])врач|допущен|представитель\s+(?:команды|делегации|организации|клуба)"
    r"|_{3,}|расшифровка",
    re.IGNORECASE,
)


def _is_initial(part: str) -> bool:
    return len(part.rstrip(".")) == 1


# --- reading the file ---------------------------------------------------------------------------------------


@dataclass
class Sheet:
    """The file's rows under its header: ``rows`` are (the row's number in the file, its cells)."""

    file_format: str
    encoding: str
    header_line: int
    headers: list[str]
    columns: dict[str, int]  # field → the cell index
    ignored: tuple[str, ...]
    rows: list[tuple[int, list]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.rows)


def read_file(
    name: str, data: bytes, defaults: dict | None = None, gender: str = ""
) -> tuple[str, Sheet, tuple[str, ...]]:
    """The file's rows under its header; ``ImportFileError`` when it is not a file of entries. Returns
    (file format, sheet, the headings that were not understood). ``defaults`` (given once for the file) stand
    for the columns they fill, ``gender`` (the event's, ``event_gender``) for «Пол»."""
    if not data:
        raise ImportFileError(_("The file is empty."))
    if len(data) > MAX_BYTES:
        raise ImportFileError(_("The file is larger than 2 MB."))
    lower = name.lower()
    if lower.endswith(".xlsx"):
        sheet = _read_xlsx(data)
    elif lower.endswith((".csv", ".txt", ".tsv")):
        sheet = _read_text(data)
    else:
        raise ImportFileError(
            _("Only CSV or XLSX files can be imported (an .xls file: save it as .xlsx first).")
        )
    present = set(sheet.columns)
    if "full_name" in present:
        present |= {"surname", "name"}
    if "club" in present:
        present.add("organisation")  # a file without «Организация» sends players from their clubs
    present |= {key for key, value in (defaults or {}).items() if value}
    if gender:
        present.add("gender")  # 004 §2.1: a men's (women's) event's file need not say it
    missing = [HEADER[key] for key in REQUIRED if key not in present]
    if missing:
        raise ImportFileError(
            _(
                "The file lacks the columns: %(m)s. The column names must stand in one row among the first "
                "%(n)s (above it a title may stand); the page lists the names understood."
            )
            % {"m": ", ".join(missing), "n": HEADER_SCAN}
        )
    if not sheet.rows:
        raise ImportFileError(_("The file has no entries under its header."))
    if len(sheet.rows) > MAX_ROWS:
        raise ImportFileError(_("At most %(n)s rows at once.") % {"n": MAX_ROWS})
    return sheet.file_format, sheet, sheet.ignored


def _is_blank(values: Iterable) -> bool:
    return all(v is None or str(v).strip() == "" for v in values)


def _score(row: list) -> int:
    return len({column_of(cell) for cell in row if column_of(cell)})


def _sheet(file_format: str, encoding: str, rows: Iterable[list]) -> Sheet:
    """The header among the first HEADER_SCAN rows (the one naming most columns), then the rows under it,
    bounded: no wider than the header (at most MAX_COLUMNS), no more than MAX_ROWS, ending after
    EMPTY_ROWS_END empty rows, whatever the file declares."""
    rows = iter(rows)
    head: list[list] = []
    for row in rows:
        head.append(list(row[:MAX_COLUMNS]))
        if len(head) >= HEADER_SCAN:
            break
    if all(_is_blank(row) for row in head):
        raise ImportFileError(_("The file is empty."))
    scores = [_score(row) for row in head]
    best = max(range(len(head)), key=lambda i: (scores[i], -i))
    if scores[best] == 0:
        best = next(i for i, row in enumerate(head) if not _is_blank(row))
    header = head[best]
    while header and (header[-1] is None or str(header[-1]).strip() == ""):
        header.pop()
    width = len(header)
    columns: dict[str, int] = {}
    ignored = []
    for index, cell in enumerate(header):
        key = column_of(cell)
        if key is not None and key not in columns:
            columns[key] = index
        elif cell is not None and str(cell).strip():
            ignored.append(str(cell).strip())
    sheet = Sheet(file_format, encoding, best + 1, [_text(h) for h in header], columns, tuple(ignored))
    empty = 0
    numbered = ((best + 2 + i, row) for i, row in enumerate(head[best + 1 :]))
    rest = ((len(head) + 1 + i, row) for i, row in enumerate(rows))
    for line, row in itertools.chain(numbered, rest):
        cells = list(row[:width]) + [None] * (width - len(row[:width]))
        if _is_blank(cells):
            empty += 1
            if empty >= EMPTY_ROWS_END:
                break
            continue
        empty = 0
        sheet.rows.append((line, cells))
        if len(sheet.rows) > MAX_ROWS:
            raise ImportFileError(_("At most %(n)s rows at once.") % {"n": MAX_ROWS})
    return sheet


def _read_xlsx(data: bytes) -> Sheet:
    """The first sheet, read in openpyxl's read-only (streaming) mode within the bounds of ``_sheet``."""
    if not data.startswith(b"PK\x03\x04"):
        raise ImportFileError(_("The file is not an XLSX workbook."))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_UNPACKED:
            raise ImportFileError(_("The XLSX workbook is too large when unpacked."))
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            rows = book.worksheets[0].iter_rows(min_row=1, values_only=True, max_col=MAX_COLUMNS)
            return _sheet("xlsx", "", rows)
        finally:
            book.close()
    except ImportFileError:
        raise
    except Exception:  # openpyxl and zipfile raise many kinds for a damaged workbook
        raise ImportFileError(_("The XLSX workbook cannot be read; save it again and retry.")) from None


def decode(data: bytes) -> tuple[str, str]:
    """The text of a file and its encoding: a BOM decides (UTF-8, UTF-16 LE/BE — Excel's «Текст Юникод»);
    UTF-16 without a BOM is seen by its zero bytes; else UTF-8, else Windows-1251 (Excel in Russia)."""
    if data.startswith(codecs.BOM_UTF8):
        candidates = ["utf-8-sig"]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ["utf-16"]
    elif len(data) >= 4 and data[0] and not data[1] and data[2] and not data[3]:
        candidates = ["utf-16-le"]
    elif len(data) >= 4 and not data[0] and data[1] and not data[2] and data[3]:
        candidates = ["utf-16-be"]
    else:
        candidates = ["utf-8", "cp1251"]
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" in text:
            break
        return text, encoding
    raise ImportFileError(_("The file is not a text CSV file."))


def _read_text(data: bytes) -> Sheet:
    text, encoding = decode(data)
    if not text.strip():
        raise ImportFileError(_("The file is empty."))
    # The separator that makes a header of most columns among the first rows (a title block above it may
    # hold commas of its own).
    best, best_score = ";", -1
    for delimiter in (";", "\t", ","):
        try:
            head = [
                row for _i, row in zip(range(HEADER_SCAN), csv.reader(io.StringIO(text), delimiter=delimiter))
            ]
        except csv.Error:
            continue
        score = max((_score(row) for row in head), default=0)
        if score > best_score:
            best, best_score = delimiter, score
    try:
        return _sheet("csv", encoding, list(csv.reader(io.StringIO(text), delimiter=best)))
    except csv.Error:
        raise ImportFileError(
            _("The CSV file cannot be read: check that its rows have the same columns.")
        ) from None


# --- the rows as they will be saved ---------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """A person already registered who may be this row's ("возможно, это тот же человек")."""

    person: int
    label: str  # what this tournament's officials may see of him (``manager.person_cards``; issue 25 item 2)
    entry: int | None = None  # his entry's number in this tournament, if he has one (then not choosable)
    # Whether the row may be joined to him: his record is the importer's own (``permissions.may_rewrite``:
    # he is in no tournament outside the importer's powers, or the importer is a league official). Joining a
    # row to a person of other tournaments is a merge, and would show his whole record here (item 3).
    own: bool = False


@dataclass(frozen=True)
class RowPlan:
    """One row as it will be saved: ``status`` is "error" (not saved), "twin" (the secretary chooses the
    person), "known" (an entry for a registered person), "new" (a new person); after the import "saved" or
    "skipped" too."""

    line: int
    status: str
    who: str
    birth: str = ""
    gender: str = ""
    organisation: str = ""
    region: str = ""
    qualification: str = ""
    club: str = ""
    coach: str = ""
    team: str = ""
    responsible: str = ""
    filled: tuple[str, ...] = ()  # columns filled from the file's defaults
    problems: tuple[tuple[str, str], ...] = ()  # (column, message)
    candidates: tuple[Candidate, ...] = ()
    person: int | None = None
    may_be_new: bool = True  # False when the row names the person by initials only
    # «ФИО» in one column: how it was split (surname, name, patronymic), which the preview lets the secretary
    # correct, and why the split is a guess worth a look ("" for «Фамилия Имя Отчество»)
    split: tuple[str, ...] = ()
    split_note: str = ""


@dataclass(frozen=True)
class RowProblem:
    line: int  # the row's number in the file, as a spreadsheet shows it
    who: str
    problems: tuple[tuple[str, str], ...]  # (column, message)


ORDER = {"error": 0, "twin": 1, "new": 2, "known": 2, "saved": 3, "skipped": 3}


@dataclass(frozen=True)
class Outcome:
    rows: int
    good: int
    saved: int  # 0 in a preview
    problems: tuple[RowProblem, ...]
    ignored_columns: tuple[str, ...]
    plans: tuple[RowPlan, ...] = ()  # every row: the bad ones first, then the proposals, then the rest
    header_line: int = 1
    encoding: str = ""
    # rows under the table that are no entries (signatures, «М.П.»): skipped, each listed with its text
    footer: tuple[tuple[int, str], ...] = ()

    @property
    def twins(self) -> tuple[RowPlan, ...]:
        return tuple(p for p in self.plans if p.status == "twin")


class _SharedFields(dict):
    """A form's fields that a copy shares: each form gets its own dict of the same fields (``_row_form``)."""

    def __deepcopy__(self, memo) -> dict:
        return dict(self)


def _row_form() -> type[EntryForm]:
    """``EntryForm`` for one file's rows: the same fields, validation and messages, but its fields are copied
    once for the file, not for every row (Django's form deep-copies its 22 fields for each form: a third of a
    row's check, issue 35 §4). What ``EntryForm.__init__`` changes in them (a team event's «Команда» required,
    the choices of «Разряд») is the same for every row of the tournament's file."""
    form = cast(type[EntryForm], type("RowEntryForm", (EntryForm,), {}))
    form.base_fields = _SharedFields(copy.deepcopy(EntryForm.base_fields))  # after the metaclass made its own
    return form


class _Importer:
    def __init__(self, tournament, sheet: Sheet, defaults: dict, user, progress, names: dict | None = None):
        self.tournament = tournament
        self.sheet = sheet
        # the secretary's corrections of split «ФИО» cells: {line: (surname, name, patronymic)}
        self.names = {str(k): tuple(v) for k, v in (names or {}).items()}
        self.event_gender = event_gender(tournament) if "gender" not in sheet.columns else ""
        self.defaults = {k: _text(v) for k, v in (defaults or {}).items() if k in DEFAULTABLE and _text(v)}
        self.user = user
        self.progress = progress
        self.lookup = PeopleLookup(tournament)
        self.form_class = _row_form()
        self.next_number: int | None = None  # set by ``lock`` for a confirmation
        self.personal = tournament.character == Character.PERSONAL
        # Proposals show what every official of this tournament may see (the preview is shared by them),
        # and offer the people the tournament may join rows to (issue 25 items 2, 3).
        self.seeing = Reach.of_tournament(tournament)
        self.joining = Reach.of_user(user, DECIDERS)
        # The tournaments of the file's people (read with them, ``preload``): entered (entries and
        # participations: what seeing counts) and held (roles; rewriting counts both).
        self.entered: dict[int, set[int]] = {}
        self.held: dict[int, set[int]] = {}

    def lock(self) -> None:
        """The tournament under its row lock for the whole import (refused once finished: 004 §6.2.1 item 6),
        and the next entry number under it: every row saved then takes the next one."""
        lock_open(self.tournament.pk)
        self.next_number = Entry.next_number(self.tournament.pk)

    def footer_text(self, cells: list) -> str:
        """The text of a line under the table that is no entry («М.П.», «Руководитель делегации ____
        Иванов И. И.»): it names an office or a signature and gives no date of birth; "" for an entry."""
        text = " ".join(_text(c) for c in cells if _text(c))
        if not text or not _FOOTER.search(text):
            return ""
        try:
            born, _year_only = parse_birth(self.cell(cells, "birth_date"))
        except ValueError:
            born = None
        return "" if born else text

    def cell(self, cells: list, key: str):
        index = self.sheet.columns.get(key)
        return None if index is None else cells[index]

    @property
    def one_name_column(self) -> bool:
        return "surname" not in self.sheet.columns and "full_name" in self.sheet.columns

    def raw(self, cells: list, line: int | None = None) -> dict:
        """The row's values by field, the full name split when the file has one column for it (as the
        secretary corrected it, for ``line``)."""
        row = {key: self.cell(cells, key) for key in self.sheet.columns}
        if self.one_name_column:
            corrected = self.names.get(str(line)) if line is not None else None
            if corrected is not None and len(corrected) == 3:
                row["surname"], row["name"], row["patronymic"] = (_text(v) for v in corrected)
            else:
                row["surname"], row["name"], row["patronymic"] = split_full_name(row.get("full_name"))
        if "organisation" not in self.sheet.columns and "club" in self.sheet.columns:
            row["organisation"] = row.get("club")
        return row

    def contacts(self) -> dict[str, dict]:
        """A responsible person's phone and e-mail written once in the file count for all his rows."""
        known: dict[str, dict] = {}
        for _line, cells in self.sheet.rows:
            row = self.raw(cells)
            name, found = split_contact(_text(row.get("responsible_name")))
            name = fold(name)
            for key in ("responsible_phone", "responsible_email"):
                value = _text(row.get(key)) or found.get(key, "")
                if name and value:
                    known.setdefault(name, {}).setdefault(key, value)
        return known

    def preload(self) -> None:
        surnames = set()
        for line, cells in self.sheet.rows:
            surname = _text(self.raw(cells, line).get("surname"))
            if surname:
                surnames |= {surname, clean_name(surname)}
        self.lookup.preload(surnames)
        self.entered = tournaments_of_people(self.lookup.found, roles=False)
        self.held = tournaments_of_people(self.lookup.found, entries=False)

    def read(self, line: int, cells: list, contacts: dict) -> tuple[dict, dict, list[str], bool]:
        """(form data, errors by field, the columns filled from defaults, year only)."""
        row = self.raw(cells, line)
        errors: dict[str, list[str]] = {}
        data: dict = {}
        filled: list[str] = []
        year_only = False
        for key in ("surname", "name", "patronymic"):
            data[key] = _text(row.get(key))
        try:
            birth, year_only = parse_birth(row.get("birth_date"))
            data["birth_date"] = birth.isoformat() if birth else ""
        except ValueError as exc:
            errors["birth_date"] = [str(exc)]
        for key in ("organisation", "club", "region", "team_name", "coach", "responsible_name",
                    "responsible_phone", "responsible_email", "identity_document_number",
                    "insurance_policy_number"):  # fmt: skip
            data[key] = _text(row.get(key))
        for key, parse in _PARSERS.items():
            try:
                data[key] = parse(row.get(key))
            except ValueError as exc:
                errors[key] = [str(exc)]
        if self.event_gender and not data.get("gender"):
            # a men's (women's) event's file without «Пол»: the event's (004 §2.1), shown as filled
            data["gender"] = self.event_gender
            filled.append(HEADER["gender"])
        # «Петров Пётр, +7 900 111-22-33» in one «Представитель» cell: the name, and the phone (or e-mail)
        data["responsible_name"], found = split_contact(data["responsible_name"])
        for key, contact in found.items():
            data[key] = data[key] or contact
        responsible = fold(data["responsible_name"]) or fold(self.defaults.get("responsible_name", ""))
        for key in DEFAULTABLE:
            if data.get(key):
                continue
            value = contacts.get(responsible, {}).get(key) if key != "responsible_name" else None
            value = value or self.defaults.get(key, "")
            if value:
                data[key] = value
                filled.append(HEADER[key])
        if not data.get("disciplines"):
            data["disciplines"] = [self.tournament.discipline]
        if data["team_name"] and self.personal:
            # A personal event's «Команда» is the player's club (federation files head clubs so).
            data["club"] = data["club"] or data["team_name"]
            data["team_name"] = ""
        return data, errors, filled, year_only

    def plan(
        self, line: int, cells: list, contacts: dict, seen: dict
    ) -> tuple[RowPlan, EntryForm | None, bool]:
        data, errors, filled, year_only = self.read(line, cells, contacts)
        clean = {k: v for k, v in data.items() if k not in errors}
        form = self.form_class(data=clean, tournament=self.tournament, lookup=self.lookup)
        form.is_valid()
        for key, messages in form.errors.items():
            errors.setdefault(key, list(messages))
        who = " ".join(data[k] for k in ("surname", "name", "patronymic") if data.get(k))
        status, person = "new", None
        candidates: tuple[Candidate, ...] = ()
        initials = _is_initial(data.get("name", ""))  # «Ёлкин П. С.»: no name to register a person by
        if not errors:
            identity = form.identity()
            self.same_in_file(line, identity, year_only, seen, errors)
        if not errors:
            exact = self.lookup.person(identity)
            twins = [] if exact is not None else self.lookup.similar(identity, year_only)
            if exact is not None and (year_only or exact.birth_year_only) and not self.own(exact):
                # A name and a year are no identity: joined to a person of other tournaments, the row would
                # show his record here (issue 25 items 2, 3). The document's full date decides.
                errors["birth_date"] = [
                    _(
                        "A person of other tournaments is registered with this name and year of birth: give "
                        "the full date of birth from the identity document."
                    )
                ]
            elif exact is not None:
                status, person = "known", exact.pk
            elif twins:
                status = "twin"
                candidates = self.candidates(twins)
            elif initials:
                errors["name"] = [_("Write the name in full: an initial is not enough to register a person.")]
        labels = dict(Qualification.choices)
        gender = {"male": "М", "female": "Ж"}.get(data.get("gender", ""), "")
        birth = ""
        if data.get("birth_date"):
            day = datetime.date.fromisoformat(data["birth_date"])
            birth = str(day.year) if year_only else day.strftime("%d.%m.%Y")
        contact = ", ".join(
            v for v in (data["responsible_name"], data["responsible_phone"], data["responsible_email"]) if v
        )
        problems = tuple(
            (HEADER.get(key, _("row")), str(message))
            for key, messages in errors.items()
            for message in messages
        )
        plan = RowPlan(
            line=line,
            status="error" if errors else status,
            who=who,
            birth=birth,
            gender=str(gender),
            organisation=data.get("organisation", ""),
            region=data.get("region", ""),
            qualification=str(labels.get(data.get("qualification", ""), "")),
            club=data.get("club", ""),
            coach=data.get("coach", ""),
            team=data.get("team_name", ""),
            responsible=contact,
            filled=tuple(filled),
            problems=problems,
            candidates=candidates,
            person=person,
            may_be_new=not initials,
        )
        if self.one_name_column:
            guess = split_name(self.cell(cells, "full_name"))
            corrected = (data["surname"], data["name"], data["patronymic"]) != (
                guess.surname,
                guess.name,
                guess.patronymic,
            )
            plan = _with(
                plan,
                split=(data["surname"], data["name"], data["patronymic"]),
                split_note=str(_("corrected by the secretary")) if corrected else str(guess.note),
            )
        form.extra = {k: data.get(k) for k in EXTRA}
        form.year_only = year_only
        return plan, (form if not errors else None), year_only

    def candidates(self, twins: list[Person]) -> tuple[Candidate, ...]:
        """The proposed people as this tournament's officials may see them; their tournaments are read once
        per person for the whole file."""
        cards = person_cards(self.seeing, twins, self.entered)
        return tuple(
            Candidate(p.pk, cards[p.pk].label, getattr(self.lookup.entry(p), "number", None), self.own(p))
            for p in twins
        )

    def own(self, person: Person) -> bool:
        """Whether a row may be joined to this registered person (``Candidate.own``)."""
        return may_rewrite(self.joining, person, self.entered[person.pk] | self.held[person.pk])

    @staticmethod
    def same_in_file(line: int, identity: Identity, year_only: bool, seen: dict, errors: dict) -> None:
        """A person twice in the file: the second row names the first one's real number."""
        mine = (identity.surname, identity.name, identity.patronymic, identity.birth_date, year_only)
        for first, theirs in seen.get(fold(identity.surname), []):
            if theirs[:4] == mine[:4]:
                errors["__all__"] = [
                    _("%(p)s is already in row %(n)s of this file.") % {"p": identity.full_name, "n": first}
                ]
                return
            if may_be_same(theirs, mine):
                errors["__all__"] = [
                    _("Maybe the same person as in row %(n)s of this file (%(p)s): correct the file.")
                    % {"n": first, "p": " ".join(x for x in theirs[:3] if x)}
                ]
                return
        seen.setdefault(fold(identity.surname), []).append((line, mine))

    def choose(self, plan: RowPlan, decision: str | None, used: dict) -> tuple[RowPlan | None, Person | None]:
        """Whom a good row's entry is for, with the secretary's ``decision`` on a proposal: (None, the
        registered person) or (None, None) for a new one; or (the row's plan as it ends, None) when it is not
        saved — skipped, no choice made, the person already in an earlier row (``used``: person → row) or
        already entered here. Asks nothing of the database but for a chosen person outside the file's."""
        person = None
        if plan.status == "twin":
            ids = {c.person: c for c in plan.candidates}
            if decision == "skip":
                return _with(plan, status="skipped"), None
            if decision == "new" and plan.may_be_new:
                pass
            elif (
                decision
                and decision.isdigit()
                and int(decision) in ids
                and ids[int(decision)].entry is None
                and ids[int(decision)].own
            ):
                person = self.lookup.known.get(int(decision)) or Person.objects.get(pk=int(decision))
            else:
                return _failed(plan, _("Choose the person: the one proposed, or a new one.")), None
        chosen = person.pk if person is not None else plan.person
        if chosen is not None and chosen in used:
            message = _("%(p)s is already in row %(n)s of this file.") % {"p": plan.who, "n": used[chosen]}
            return _failed(plan, message), None
        if person is None and plan.person is not None:
            person = self.lookup.known.get(plan.person)  # read with the file's people: no query
        if person is not None and (entry := self.lookup.entry(person)):
            return _failed(plan, duplicate_message(entry)), None
        return None, person

    def save(self, plan: RowPlan, form: EntryForm, decision: str | None, used: dict) -> RowPlan:
        """Save one good row (the confirmation) in its own savepoint; the row's plan as it ended. The import
        holds the tournament's lock for its whole transaction (``lock``) and numbers the entries itself: a row
        asks neither again (issue 35 §4: three queries and a savepoint a row). The way row by row: a pairs
        event's file, and the file again when the bulk write (``prepare``, ``write``) meets a person or an
        entry another registration made meanwhile."""
        ended, person = self.choose(plan, decision, used)
        if ended is not None:
            return ended
        assert self.next_number is not None  # ``lock`` numbers a confirmation's rows
        try:
            # ``EntryForm.save`` is atomic: inside the confirmation's transaction, a savepoint per row.
            entry = form.save(
                source=Source.IMPORT,
                user=self.user,
                person=person,
                year_only=form.year_only,
                number=self.next_number,
            )
            extra = {k: v for k, v in form.extra.items() if v not in (None, "", False)}
            if entry is not None and extra:
                Entry.objects.filter(pk=entry.pk).update(**extra)
        except (AdmissionError, IntegrityError) as exc:
            message = str(exc) if isinstance(exc, AdmissionError) else _("Not saved: %(e)s") % {"e": exc}
            return _failed(plan, message)
        assert entry is not None  # only a public form's save answers None (a duplicate); an import's is not
        self.next_number += 1
        used[entry.person_id] = plan.line
        return _with(plan, status="saved", person=entry.person_id)

    def prepare(
        self, plan: RowPlan, form: EntryForm, decision: str | None, used: dict, good: list
    ) -> RowPlan:
        """The bulk way (issue 35 §4): the row's person chosen as ``save`` chooses him, nothing written; a row
        to save joins ``good`` (its plan stands in ``run``'s list until ``write`` says "saved")."""
        ended, person = self.choose(plan, decision, used)
        if ended is not None:
            return ended
        if person is not None:
            used[person.pk] = plan.line
        # After ``is_valid`` the model form's instance holds the row's entry fields (what ``EntryForm.save``
        # takes with ``save(commit=False)``); the form itself is not kept.
        good.append(
            _Good(plan, form.instance, form.identity(), form.cleaned_data, form.extra, form.year_only, person)
        )
        return plan

    def write(self, good: list[_Good]) -> dict[int, RowPlan]:
        """Save the ``prepare``d rows at once, as ``EntryForm.save`` saves each: the chosen people's records
        confirmed (a public form's record: logged), the new people, then the entries numbered from the one
        ``next_number`` with the file's other columns — two bulk inserts (``BULK_BATCH`` rows a statement), no
        savepoint a row.
        The rows' plans as saved, by line. ``_RowByRow`` when a new person turns out to be registered (another
        registration made him meanwhile): the caller then saves the file row by row."""
        assert self.next_number is not None  # ``lock`` numbers a confirmation's rows
        new: dict[tuple, Person] = {}
        for row in good:
            d = row.data
            if row.person is not None:
                confirm_person(
                    row.person,
                    self.tournament,
                    self.user,
                    gender=d["gender"],
                    organisation=d["organisation"],
                    region=d["region"],
                    year_only=row.year_only,
                )
                continue
            if row.key in new or self.lookup.person(row.identity) is not None:
                raise _RowByRow(row.key)
            # as ``manager.person_for`` makes him (``Person.save`` sets ``match_key``, bulk_create does not)
            new[row.key] = Person(
                **row.identity.lookup(),
                gender=d["gender"] or Gender.MALE,
                organisation=d["organisation"],
                region=d["region"],
                birth_year_only=row.year_only,
                confirmed=True,
                match_key=fold(row.identity.surname)[:100],
            )
        Person.objects.bulk_create(new.values(), batch_size=BULK_BATCH)
        teams: dict[str, TeamEntry | None] = {}
        entries = []
        number = self.next_number
        for row in good:
            entry = row.entry
            entry.tournament = self.tournament
            entry.person = row.person or new[row.key]
            name = row.data.get("team_name", "")
            if name not in teams:  # made with the first entry naming it, as ``EntryForm.save`` makes it
                teams[name] = team_entry_for(entry, name, self.user)
            entry.team_entry = teams[name]
            entry.partner = None  # a pairs event's file is saved row by row
            entry.source = Source.IMPORT
            entry.submitted_by = self.user if getattr(self.user, "is_authenticated", False) else None
            entry.number = number
            number += 1
            for key, value in row.extra.items():
                if value not in (None, "", False):
                    setattr(entry, key, value)
            entries.append(entry)
        Entry.objects.bulk_create(entries, batch_size=BULK_BATCH)
        self.next_number = number
        return {row.plan.line: _with(row.plan, status="saved", person=row.entry.person_id) for row in good}


@dataclass
class _Good:
    """A row the bulk write saves (``_Importer.prepare``): its plan, unsaved entry, who, the form's data."""

    plan: RowPlan
    entry: Entry
    identity: Identity
    data: dict
    extra: dict
    year_only: bool
    person: Person | None  # the registered person chosen; None: a new one

    @property
    def key(self) -> tuple:
        """The identity as the people's unique constraint compares it."""
        i = self.identity
        return (i.surname, i.name, i.patronymic, i.birth_date)


class _RowByRow(Exception):
    """The bulk write cannot save the file as checked (a new person is registered meanwhile): row by row."""


def _with(plan: RowPlan, **changes) -> RowPlan:
    return RowPlan(**{**plan.__dict__, **changes})


def _failed(plan: RowPlan, message: str) -> RowPlan:
    return _with(plan, status="error", problems=(*plan.problems, (str(_("row")), str(message))))


def run(
    tournament: Tournament,
    sheet: Sheet,
    user,
    *,
    dry_run: bool,
    ignored=(),
    progress=None,
    defaults: dict | None = None,
    decisions: dict | None = None,
    bulk: bool = True,
) -> Outcome:
    """Check every row (the preview, ``dry_run``: nothing is kept) or save the good ones with the secretary's
    ``decisions`` on the proposals ({line: person id, "new" or "skip"}; under "names", his corrections of
    split «ФИО» cells, {line: [surname, name, patronymic]}). ``progress(done, total)`` is called every
    PROGRESS_EVERY rows. Lines under the table that are no entries (signatures, «М.П.») are skipped and
    listed (``Outcome.footer``), not counted as rows.

    The good rows are saved at once after every row is checked (``bulk``, issue 35 §4), or each as it is
    checked in its own savepoint (``bulk=False``, a pairs event, or when the bulk write fails): the same rows,
    people, numbers and log lines either way."""
    decisions = dict(decisions or {})
    names = decisions.pop("names", None) or {}
    importer = _Importer(tournament, sheet, defaults or {}, user, progress, names=names)
    footer = tuple((line, text) for line, cells in sheet.rows if (text := importer.footer_text(cells)))
    skipped = {line for line, _text_ in footer}
    sheet.rows = [(line, cells) for line, cells in sheet.rows if line not in skipped]
    importer.preload()
    contacts = importer.contacts()
    decisions = {str(k): str(v) for k, v in decisions.items()}
    total = len(sheet.rows)
    plans: list[RowPlan] | None = None
    with transaction.atomic():
        if dry_run:
            plans = _rows(importer, contacts, decisions, dry_run=True)
        else:
            importer.lock()
            if bulk and not tournament.is_pairs:
                try:
                    # one savepoint for the whole file: a failed bulk write leaves nothing behind
                    with transaction.atomic():
                        plans = _rows(importer, contacts, decisions, dry_run=False, bulk=True)
                except (_RowByRow, IntegrityError) as exc:
                    logger.warning("import into tournament %s saved row by row: %r", tournament.pk, exc)
                    importer.preload()  # the records as they are again (the rolled-back confirmations)
            if plans is None:
                plans = _rows(importer, contacts, decisions, dry_run=False)
    assert plans is not None
    plans.sort(key=lambda p: (ORDER[p.status], p.line))
    problems = tuple(RowProblem(p.line, p.who, p.problems) for p in plans if p.status == "error")
    problems = tuple(sorted(problems, key=lambda p: p.line))
    good = sum(1 for p in plans if p.status != "error")
    saved = sum(1 for p in plans if p.status == "saved")
    return Outcome(
        total, good, saved, problems, tuple(ignored), tuple(plans), sheet.header_line, sheet.encoding, footer
    )


def _rows(
    importer: _Importer, contacts: dict, decisions: dict, *, dry_run: bool, bulk: bool = False
) -> list[RowPlan]:
    """Every row's plan in the file's order: checked, and saved unless ``dry_run`` — each as it is checked
    (``_Importer.save``), or all after the last is checked (``bulk``: ``prepare``, then ``write``)."""
    seen: dict = {}
    used: dict[int, int] = {}
    good: list[_Good] = []
    plans = []
    total = len(importer.sheet.rows)
    for done, (line, cells) in enumerate(importer.sheet.rows, start=1):
        plan, form, _year_only = importer.plan(line, cells, contacts, seen)
        if not dry_run and form is not None:
            decision = decisions.get(str(line))
            if bulk:
                plan = importer.prepare(plan, form, decision, used, good)
            else:
                plan = importer.save(plan, form, decision, used)
        plans.append(plan)
        if importer.progress is not None and (done % PROGRESS_EVERY == 0 or done == total):
            importer.progress(done, total)
    if good:
        saved = importer.write(good)
        plans = [saved.get(p.line, p) for p in plans]
    return plans


def template_csv() -> str:
    """An empty file with the column names, for the secretary to fill in."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    keys = ["surname", "name", "patronymic", "birth_date", "gender", "organisation", "club", "region",
            "qualification", "coach", "disciplines", "team_name", "responsible_name", "responsible_phone",
            "responsible_email", "identity_document_number", "insurance_policy_number",
            "has_identity_document", "has_medical_clearance", "has_insurance", "seed", "rating"]  # fmt: skip
    sample = {
        "surname": "Иванов",
        "name": "Иван",
        "patronymic": "Иванович",
        "birth_date": "15.03.1990",
        "gender": "М",
        "organisation": "Клуб «Шеш-беш»",
        "club": "Шеш-беш",
        "region": "Москва",
        "qualification": "КМС",
        "coach": "Сидоров С. С.",
        "disciplines": "длинные",
        "responsible_name": "Петров Пётр Петрович",
        "responsible_phone": "+7 900 000-00-00",
        "responsible_email": "club@example.org",
        "has_identity_document": "да",
        "has_medical_clearance": "да",
        "has_insurance": "да",
        "rating": "1500",
    }
    writer.writerow([HEADER[k] for k in keys])
    writer.writerow([sample.get(k, "") for k in keys])
    return out.getvalue()


def preview(
    tournament: Tournament,
    name: str,
    data: bytes,
    user,
    progress=None,
    defaults: dict | None = None,
    names: dict | None = None,
) -> Outcome:
    """The whole preview of a file (what the Celery task runs): read it within the bounds, check every row.
    ``names``: the secretary's corrections of split «ФИО» cells (a preview made again with them)."""
    _format, sheet, ignored = read_file(name, data, defaults, event_gender(tournament))
    return run(
        tournament,
        sheet,
        user,
        dry_run=True,
        ignored=ignored,
        progress=progress,
        defaults=defaults,
        decisions={"names": names or {}},
    )


def confirm(
    tournament: Tournament,
    name: str,
    data: bytes,
    user,
    progress=None,
    defaults: dict | None = None,
    decisions: dict | None = None,
    bulk: bool = True,
) -> Outcome:
    """Import a previewed file for real: the good rows are saved with the secretary's choices, each bad row
    is not. ``bulk``: all at once (``run``; False: row by row, the way before issue 35 §4)."""
    _format, sheet, ignored = read_file(name, data, defaults, event_gender(tournament))
    return run(
        tournament,
        sheet,
        user,
        dry_run=False,
        ignored=ignored,
        progress=progress,
        defaults=defaults,
        decisions=decisions,
        bulk=bulk,
    )
