"""A document is one module (issue 26 part 1): each kind is registered by its own module of
``protocols/docs/``, and the app's kinds, the documents page, the document's page, who reads it and the file
name all come from that registration; ``Document.kind`` is checked against it. The exercise "a new document":
``example_document.py`` (one file, as ``protocols/docs/participants.py`` would be) and this test, nothing
else — no migration, no listing, no file-name table."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from protocols import registry
from protocols.models import Document
from tests.factories import make_tournament
from tests.protocols import example_document

pytestmark = pytest.mark.django_db


def test_every_kind_is_registered_by_its_own_module():
    kinds = registry.kinds()
    assert len(kinds) == 22  # issue 30: the Swiss table; issue 34: payers, receipt, prizes
    for k in kinds:
        assert k.render.__module__ == f"protocols.docs.{k.kind}", k.kind
        assert str(k.title) and len(k.kind) <= registry.MAX_KIND


def test_the_documents_kind_is_one_the_registry_knows(secretary):
    t = make_tournament(secretary)
    Document(tournament=t, kind="standings").full_clean()
    with pytest.raises(ValidationError) as error:
        Document(tournament=t, kind="nonsense").full_clean()
    assert "kind" in error.value.message_dict
    assert dict(Document._meta.get_field("kind").choices) == {k.kind: k.title for k in registry.kinds()}


@pytest.fixture
def participants():
    """The example document registered for the test's duration."""
    with registry.overridden(example_document.DOCUMENT) as spec:
        yield spec
    assert registry.get("participants") is None


def test_a_new_document_is_one_module_and_its_test(client, secretary, participants, media):
    t = make_tournament(secretary, name="Кубок города", players=3)
    # The documents page lists it, for anyone (its registration: listed always, public), after the standings.
    page = client.get(reverse("protocols:list", args=[t.pk])).content.decode()
    assert "list of participants" in page
    assert page.index("list of participants") < page.index("расписание встреч")
    # Its page and its PDF, named by its registration, for an anonymous reader.
    assert client.get(reverse("protocols:document", args=[t.pk, "participants"])).status_code == 200
    response = client.get(reverse("protocols:pdf", args=[t.pk, "participants"]))
    assert response.status_code == 200
    assert 'filename="kubok-goroda-spisok-uchastnikov.pdf"' in response["Content-Disposition"]
    text = PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages[0].extract_text()
    assert "Игрок000 Иван Петрович" in text and "Игрок002 Иван Петрович" in text
    doc = Document.objects.get(tournament=t, kind="participants")
    doc.full_clean()  # a kind the registry knows
    assert doc.get_kind_display() == "list of participants"
    # A key names nothing in a whole tournament's document.
    assert client.get(reverse("protocols:pdf_key", args=[t.pk, "participants", 1])).status_code == 404


def test_a_new_kind_needs_no_migration(participants):
    call_command("makemigrations", "protocols", "--check", "--dry-run", verbosity=0)
