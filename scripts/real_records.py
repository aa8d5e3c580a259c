"""Validate every game record under the given folders and print what the rules find (issue 29 §1).

    .venv/bin/python scripts/real_records.py tests/data/records              # the committed corpus
    .venv/bin/python scripts/real_records.py DIR --discipline short --contact-resignation note

Prints one line per file with findings or notes (its codes), then the totals: files read, unreadable (with
the line), files with findings, and the findings by code. Files are read as UTF-8, else cp1251, as the CLI
reads them; README files are skipped. Exit 0 always: it reports, it does not judge.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core import (  # noqa: E402
    CONTACT_RESIGNATION,
    DEFAULT_CONTACT_RESIGNATION,
    MatParseError,
    validate_record,  # noqa: E402
)


def _text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1251", errors="replace")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--discipline", default="short", choices=("short", "long"))
    parser.add_argument(
        "--contact-resignation", default=DEFAULT_CONTACT_RESIGNATION, choices=CONTACT_RESIGNATION
    )
    args = parser.parse_args(argv)
    files = sorted(
        p for folder in args.folders for p in folder.rglob("*") if p.is_file() and p.name != "README.md"
    )
    codes: Counter[str] = Counter()
    notes: Counter[str] = Counter()
    flagged = unreadable = 0
    for path in files:
        try:
            report = validate_record(
                _text(path), args.discipline, contact_resignation=args.contact_resignation
            )
        except MatParseError as exc:
            unreadable += 1
            print(f"{path}: unreadable: {exc}")
            continue
        codes.update(f.code for f in report.findings)
        notes.update(n.code for n in report.notes)
        if report.findings or report.notes:
            flagged += bool(report.findings)
            found = ", ".join(f"{f.code}@{f.game}" for f in report.findings)
            noted = ", ".join(f"{n.code}@{n.game}" for n in report.notes)
            print(f"{path}: {found}" + (f" | notes: {noted}" if noted else ""))
    print(f"\n{len(files)} files, {unreadable} unreadable, {flagged} with findings")
    print("findings:", ", ".join(f"{c} {n}" for c, n in codes.most_common()) or "none")
    print("notes:", ", ".join(f"{c} {n}" for c, n in notes.most_common()) or "none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
