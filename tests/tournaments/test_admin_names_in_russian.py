"""Issue 28 §6: every model of the project has its name and plural in Russian («Audit entrys» is no word), and
the admin's index says them."""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.utils import translation

PROJECT_APPS = {
    "tournaments", "registration", "draw", "judging", "records", "protocols",
    "federation", "interchange", "fees", "season", "reporting", "notify",
}  # fmt: skip
CYRILLIC = re.compile("[а-яё]", re.I)


def test_every_model_names_itself_and_its_plural_in_russian():
    wrong = []
    with translation.override("ru"):
        for model in apps.get_models():
            meta = model._meta
            if meta.app_label not in PROJECT_APPS:
                continue
            explicit = {"verbose_name", "verbose_name_plural"} <= set(meta.original_attrs)
            russian = CYRILLIC.search(str(meta.verbose_name)) and CYRILLIC.search(
                str(meta.verbose_name_plural)
            )
            if not (explicit and russian):  # «настройки регистрации» is its own plural: no other check
                wrong.append(f"{meta.label}: {meta.verbose_name} / {meta.verbose_name_plural}")
    assert wrong == []


@pytest.mark.django_db
def test_the_admin_index_names_the_models_in_russian(client):
    admin = User.objects.create_superuser("root", password="x")
    client.force_login(admin)
    page = client.get("/admin/").content.decode()
    assert "Audit entrys" not in page and "entrys" not in page
    assert "Записи журнала изменений" in page and "Туры" in page and "Предложения об удалении" in page
