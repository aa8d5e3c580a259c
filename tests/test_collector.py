"""Issue 35 §2: the collector out of the web worker's hot path — config/wsgi.py freezes what the worker has
loaded and sets the thresholds of ``GC_THRESHOLDS`` (bench/bench_worker_memory.py measures the effect)."""

from __future__ import annotations

import gc
import importlib

import pytest

from config import collector


def test_the_worker_freezes_what_it_loaded_and_sets_the_thresholds_issue_35_2(monkeypatch, restore_gc):
    monkeypatch.delenv("GC_THRESHOLDS", raising=False)
    gc.unfreeze()
    import config.wsgi

    importlib.reload(config.wsgi)
    assert gc.get_threshold() == collector.DEFAULT
    assert gc.get_freeze_count() > 10_000  # Django and the apps: never scanned again


def test_the_thresholds_are_a_setting_and_0_keeps_pythons_issue_35_2(monkeypatch, restore_gc):
    monkeypatch.setenv("GC_THRESHOLDS", "1000,5,5")
    assert collector.thresholds() == (1000, 5, 5)
    monkeypatch.setenv("GC_THRESHOLDS", "0")
    before = gc.get_threshold()
    collector.tune()
    assert gc.get_threshold() == before


@pytest.mark.parametrize("raw", ["abc", "1,2", "0,1,1", "-5,1,1"])
def test_a_bad_gc_thresholds_value_is_refused_with_a_clear_message(monkeypatch, raw):
    monkeypatch.setenv("GC_THRESHOLDS", raw)
    with pytest.raises(ValueError, match="GC_THRESHOLDS"):
        collector.thresholds()
