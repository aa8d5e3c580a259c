"""schemathesis generates requests from the app's OpenAPI schema (the one served at /api/openapi.json:
checked equal below) against the live server: valid ids, unknown ones, boundary and invalid values.
No answer may be a 500 (``not_a_server_error``)."""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from api.api import api
from tests.factories import make_tournament, make_user, play_out
from tests.public.helpers import build_hand_swiss

SCHEMA = json.loads(json.dumps(api.get_openapi_schema(path_prefix="/api/")))  # as served: string keys
schema = schemathesis.openapi.from_dict(SCHEMA)


@pytest.fixture
def tournaments(live_server, transactional_db, client):
    secretary = make_user("sec", can_create=True)
    build_hand_swiss(secretary)
    t = make_tournament(secretary, players=5, system="single_elimination", name="Олимпийка")
    client.force_login(secretary)
    play_out(client, t, seed=2)
    return live_server.url


def test_the_schema_used_is_the_one_served(live_server, transactional_db):
    import requests

    served = requests.get(f"{live_server.url}/api/openapi.json", timeout=10).json()
    assert served == SCHEMA
    assert set(served["paths"]) >= {
        "/api/tournaments",
        "/api/tournaments/{tid}/rounds/{number}",
        "/api/tournaments/{tid}/standings",
        "/api/tournaments/{tid}/brackets",
        "/api/tournaments/{tid}/participants/{pid}",
    }


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_never_answers_500(case, tournaments):
    case.call_and_validate(base_url=tournaments, checks=[not_a_server_error])


def test_every_operation_answers_real_data_as_its_schema_says(tournaments, transactional_db):
    """The generated ids above mostly miss; here every operation is called with ids that exist, and each
    answer is checked against its documented schema (status code, content type, body)."""
    from tournaments.models import Tournament

    swiss = Tournament.objects.get(system="swiss")
    bracket = Tournament.objects.get(system="single_elimination")
    calls = 0
    for t in (swiss, bracket):
        # key: a rating list (the federation's export, issue 31)
        ids = {"tid": t.pk, "number": 1, "pid": t.participants.order_by("pk").first().pk, "key": "long"}
        for path in SCHEMA["paths"]:
            operation = schema[path]["GET"]
            wanted = {k: v for k, v in ids.items() if "{" + k + "}" in path}
            response = operation.Case(path_parameters=wanted).call_and_validate(base_url=tournaments)
            assert response.status_code == 200, (path, wanted)
            calls += 1
    assert calls == 2 * len(SCHEMA["paths"])
