"""What only several processes on one PostgreSQL show: servers that open an empty database
at the same moment all get a working store (the tables are created once, in turn)."""

from __future__ import annotations

import multiprocessing

from progress import open_store
from tests.support.postgres import new_database


def _open_and_write(url: str, name: str, results) -> None:
    try:
        store = open_store(url)
        store.create_profile(name)
        store.close()
        results.put(("ok", name))
    except Exception as error:  # the test reports which process failed and how
        results.put(("failed", f"{name}: {type(error).__name__}: {error}"))


def _servers():
    """Processes of their own, as servers are, forked from one that imported the store once:
    sixteen spawned interpreters each imported it again (about 16 CPU-seconds), and started
    one by one instead of at once."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["progress", __name__])
    return context


def test_eight_servers_opening_an_empty_database_at_once_all_succeed(postgres_base):
    context = _servers()
    for round_ in range(2):  # two races of eight: the suite's time
        url = new_database(postgres_base)
        results = context.Queue()
        procs = [context.Process(target=_open_and_write, args=(url, f"p{round_}-{i}", results)) for i in range(8)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        outcomes = [results.get(timeout=10) for _ in procs]
        assert [o for o in outcomes if o[0] != "ok"] == []
        store = open_store(url)
        try:
            assert len(store.profiles()) == 8
        finally:
            store.close()
