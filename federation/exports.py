"""A rating list as CSV (Excel's Russian: UTF-8 with BOM, semicolons), XLSX or JSON (issue 31 §2)."""

from __future__ import annotations

import csv
import io
import json

from django.http import HttpResponse
from openpyxl import Workbook

COLUMNS = [
    "rank",
    "federation_id",
    "surname",
    "name",
    "patronymic",
    "region",
    "rating",
    "experience",
    "matches",
]


def rows_of(items) -> list[list]:
    """(rank, person, rating, experience, matches) → plain rows; the federation ID is the person's number."""
    return [
        [rank, p.pk, p.surname, p.name, p.patronymic, p.region, round(rating, 2), experience, matches]
        for rank, p, rating, experience, matches in items
    ]


def respond(fmt: str, name: str, meta: dict, rows: list[list]) -> HttpResponse:
    if fmt == "json":
        body = json.dumps(
            {**meta, "rows": [dict(zip(COLUMNS, r, strict=True)) for r in rows]}, ensure_ascii=False
        )
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        ext = "json"
    elif fmt == "xlsx":
        wb = Workbook(write_only=True)
        ws = wb.create_sheet(meta.get("list", "rating")[:31])
        ws.append(COLUMNS)
        for r in rows:
            ws.append(r)
        buf = io.BytesIO()
        wb.save(buf)
        response = HttpResponse(
            buf.getvalue(), content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        )
        ext = "xlsx"
    else:
        out = io.StringIO()
        out.write("\ufeff")
        writer = csv.writer(out, delimiter=";")
        writer.writerow(COLUMNS)
        writer.writerows([[str(v).replace(".", ",") if isinstance(v, float) else v for v in r] for r in rows])
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
        ext = "csv"
    response["Content-Disposition"] = f'attachment; filename="{name}.{ext}"'
    return response
