"""Issue 35 §3: a fresh web worker pays its first requests' imports, catalogs and template compilation at its
start (config/warmup.py, called by config/wsgi.py), not inside its first requests (bench/bench_ranking.py
``--fresh`` measures the effect)."""

from __future__ import annotations

import importlib

from django.template import engines

from config import warmup


def _cached_loader():
    engine = engines["django"].engine
    loader = engine.template_loaders[0]
    assert hasattr(loader, "get_template_cache"), "the cached loader (DEBUG off or on, Django ≥ 4.1)"
    return loader


def test_the_warming_compiles_every_project_template_into_the_cached_loader_issue_35_3():
    loader = _cached_loader()
    loader.reset()
    took = warmup.run()
    assert set(took) == {"urls", "translations", "templates"}
    names = warmup.template_names()
    assert "base.html" in names and "public/standings.html" in names
    assert set(names) <= set(loader.get_template_cache)


def test_the_worker_warms_itself_when_loaded_unless_told_not_to_issue_35_3(monkeypatch, restore_gc):
    monkeypatch.setenv("WARM_AT_START", "0")
    import config.wsgi

    calls: list[int] = []
    monkeypatch.setattr(warmup, "run", lambda: calls.append(1) or {})
    monkeypatch.delenv("WARM_AT_START", raising=False)
    importlib.reload(config.wsgi)
    assert calls == [1]
    monkeypatch.setenv("WARM_AT_START", "0")
    importlib.reload(config.wsgi)
    assert calls == [1]
