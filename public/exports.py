"""CSV and XLSX exports of the public tables, safe to open in a spreadsheet (issue 13 item 9).

A surname typed as ``=HYPERLINK(…)`` would become a live formula in Excel or LibreOffice (CSV) and in the XLSX
that openpyxl writes. Every text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
gets a leading apostrophe, as OWASP advises: the spreadsheet shows the text, never runs it. Numbers (points,
tie-breaks) are numbers, not text, and stay as they are.
"""

from __future__ import annotations

from django_tables2.export import TableExport

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value):
    """The cell as a spreadsheet may safely read it."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    """django-tables2's export with every cell (headers too) neutralised."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        headers = [neutralise(h) for h in dataset.headers or []]
        rows = [tuple(neutralise(cell) for cell in row) for row in dataset]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset
