"""Tournaments played to the end through the secretary's pages, and a helper to read PDFs back."""

from __future__ import annotations

import io
import re

import pytest


@pytest.fixture
def media(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def _played(client, secretary, judge, players: int, **settings):
    from tests.factories import make_tournament, play_out

    t = make_tournament(secretary, judge, players=players, **settings)
    client.force_login(secretary)
    play_out(client, t, seed=7)
    client.logout()
    t.refresh_from_db()
    return t


@pytest.fixture
def swiss(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 10)


@pytest.fixture
def round_robin(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 6, system="round_robin")


@pytest.fixture
def single(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 8, system="single_elimination")


@pytest.fixture
def double(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 6, system="double_elimination")


def pdf_text(pdf: bytes) -> list[str]:
    """The text of each page, with runs of whitespace made single spaces."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]


def pdf_reader(pdf: bytes):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf))


@pytest.fixture
def mixed(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 8, system="mixed", group_count=2, qualifiers_per_group=2)
