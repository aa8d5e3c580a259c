"""Running calls at the same instant in real threads (PostgreSQL race tests)."""

from __future__ import annotations

import threading


def race(*calls, timeout: float = 60) -> list:
    """Run the calls in threads released at the same instant; return what each returned or raised.

    Each thread has its own database connection (Django's are per thread) and closes it at the end.
    """
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(i, call):
        from django.db import connections

        try:
            barrier.wait()
            outcomes[i] = call()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test inspects
            outcomes[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=timeout)
    return outcomes
