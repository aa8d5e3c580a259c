"""Issue 28 §6: the change log shows what happened in Russian words and who did it by his name — not the raw
action codes (``result``, ``entry_decision``) and logins it stores."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.urls import reverse

from tournaments import audit
from tournaments.models import log

ROOT = Path(__file__).resolve().parents[2]
# tournaments.models.log, the judging app's thin wrapper of it, a bulk decision's note (registration)
LOGGERS = {"log", "_log", "note"}


def _logged_codes() -> dict[str, str]:
    """Every action code the code base hands to the change log: the third argument of ``log(...)`` and
    ``action=`` of a bulk-created ``AuditEntry`` (the result entry's), with where it is."""
    codes = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] in {".venv", "tests", "bench", "scripts", "docs"} or "migrations" in parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in LOGGERS and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                codes[node.args[2].value] = f"{path.relative_to(ROOT)}:{node.lineno}"
            if name == "AuditEntry":
                for kw in node.keywords:
                    if kw.arg == "action" and isinstance(kw.value, ast.Constant):
                        codes[kw.value.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return codes


def test_every_action_code_the_code_logs_has_its_words():
    codes = _logged_codes()
    assert {"result", "entry_decision", "draw", "sanction", "withdraw"} <= set(codes)  # the scan finds them
    missing = {code: where for code, where in codes.items() if code not in audit.ACTIONS}
    assert missing == {}, "add the words of these codes to tournaments/audit.py ACTIONS"
    assert set(audit.ACTIONS) - set(codes) == set(), "words of a code nothing logs any more"


@pytest.mark.django_db
def test_the_change_log_shows_russian_words_and_names_not_codes_and_logins(client, tournament, secretary):
    t = tournament
    log(t, secretary, "entry_decision", "Заявка № 1: допущен")
    log(t, None, "result", "Тур 1, стол 1: — → 7:3")
    client.force_login(secretary)
    page = client.get(reverse("public:audit", args=[t.pk])).content.decode()
    assert "решение о допуске" in page and "результат" in page
    assert ">entry_decision<" not in page and ">result<" not in page
    # The secretary by his person's name (make_user: "Secretary Test"), never the login "secretary".
    assert "Secretary Test" in page and ">secretary<" not in page


@pytest.mark.django_db
def test_an_unknown_code_reads_as_words_and_an_account_without_a_person_by_its_name(django_user_model):
    assert audit.action_label("something_new") == "something new"
    user = django_user_model.objects.create_user("ivanov", first_name="Иван", last_name="Иванов")
    assert audit.author(user) == "Иван Иванов"
    assert audit.author(django_user_model.objects.create_user("anon2")) == "anon2"
    assert audit.author(None) == "—"
