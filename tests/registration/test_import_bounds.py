"""Imports cannot exhaust a worker (issue 13 item 11): a workbook is read no wider than its header and no
longer than its rows, whatever dimension it declares; a zip bomb is refused before reading."""

from __future__ import annotations

import io
import re
import zipfile

import openpyxl
import pytest

from registration import imports

pytestmark = pytest.mark.security

HEADER = ["Фамилия", "Имя", "Дата рождения", "Пол", "Организация", "Регион", "Ответственное лицо"]
ROW = ["Иванов", "Иван", "01.02.1990", "М", "Клуб", "Москва", "Петров"]


def _workbook(rows: list[list], dimension: str | None = None, far_cell: bool = False) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buf = io.BytesIO()
    book.save(buf)
    if dimension is None and not far_cell:
        return buf.getvalue()
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(buf.getvalue())) as src,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst,
    ):
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                text = data.decode()
                if dimension:
                    text = re.sub(r'<dimension ref="[^"]+"/>', f'<dimension ref="{dimension}"/>', text)
                if far_cell:  # one real cell at the sheet's last row and column
                    far = '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'
                    text = text.replace("</sheetData>", far + "</sheetData>")
                data = text.encode()
            dst.writestr(item, data)
    return out.getvalue()


@pytest.mark.parametrize("dimension", ["A1:XFD30", "A1:XFD1048576"])
def test_a_declared_dimension_does_not_grow_the_read_11(dimension):
    data = _workbook([HEADER, ROW, ROW], dimension=dimension)
    assert len(data) < 10_000  # a small file...
    _format, dataset, _ignored = imports.read_file("bomb.xlsx", data)
    assert len(dataset.headers) == len(HEADER) and len(dataset) == 2  # ...read as what it holds


def test_a_far_away_cell_ends_the_read_at_the_first_empty_rows_11():
    data = _workbook([HEADER, ROW], far_cell=True)
    _format, dataset, _ignored = imports.read_file("far.xlsx", data)
    assert len(dataset) == 1 and len(dataset.headers) == len(HEADER)


def test_more_rows_than_allowed_is_refused_while_reading_11(monkeypatch):
    monkeypatch.setattr(imports, "MAX_ROWS", 10)
    data = _workbook([HEADER] + [ROW] * 11)
    with pytest.raises(imports.ImportFileError, match="10"):
        imports.read_file("long.xlsx", data)


def test_a_zip_bomb_is_refused_before_it_is_read_11(monkeypatch):
    monkeypatch.setattr(imports, "MAX_UNPACKED", 1000)
    with pytest.raises(imports.ImportFileError):
        imports.read_file("bomb.xlsx", _workbook([HEADER, ROW]))
