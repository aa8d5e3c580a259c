"""The examples in the docstrings run, and every exported function documents itself."""

from __future__ import annotations

import doctest
import inspect

import pytest

import draw.pairing as pairing
from draw.pairing import api, elimination, mixed, round_robin, swiss


@pytest.mark.parametrize("module", [api, elimination, mixed, round_robin, swiss], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0


def test_exported_functions_have_parameters_returns_and_notes():
    for name in pairing.__all__:
        obj = getattr(pairing, name)
        if inspect.isfunction(obj) and name != "handle":
            doc = obj.__doc__ or ""
            for section in ("Parameters", "Returns", "Notes"):
                assert section in doc, f"{name}: no {section}"
            assert "004 §" in doc or "C.05" in doc, f"{name}: no clause cited"


def test_no_django_import_in_the_pure_package():
    import pathlib
    import re

    for path in pathlib.Path(pairing.__file__).parent.glob("*.py"):
        assert not re.search(r"^\s*(import|from)\s+django", path.read_text(), re.M), path
