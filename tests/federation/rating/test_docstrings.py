"""The examples in the rating core's docstrings run and hold."""

from __future__ import annotations

import doctest

from federation.rating import core


def test_core_docstring_examples():
    result = doctest.testmod(core)
    assert result.attempted >= 1 and result.failed == 0
