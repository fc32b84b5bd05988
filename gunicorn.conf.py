"""gunicorn settings for ``gunicorn -c gunicorn.conf.py wsgi:app``; REFEREE_BIND etc. override."""

import os

bind = os.environ.get("REFEREE_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("REFEREE_WORKERS", "2"))
worker_class = "gthread"  # threads keep long-lived live-update connections cheap
threads = int(os.environ.get("REFEREE_THREADS", "8"))
timeout = 60
graceful_timeout = 20
forwarded_allow_ips = os.environ.get("REFEREE_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-" if os.environ.get("REFEREE_ACCESS_LOG") else None
# Each worker its own listening socket (SO_REUSEPORT): the kernel spreads new connections evenly, where
# a shared socket lets one worker's accept loop take most of the phones, which then stay kept-alive on
# it (benchmarks/live_load.py measured 377 vs 34 connections, 65% vs 14% of a core). Not on a unix
# socket (scripts/serve.sh's, behind nginx), where Linux has no such option.
reuse_port = not bind.startswith("unix:")


def on_starting(server):
    """One server per port: with ``reuse_port`` a second gunicorn would bind the same port and take
    half of the new connections (a club's phones split between two servers, one of them perhaps an old
    version); so a start on an address something already listens on is refused in one sentence."""
    from referee.serving import refuse_taken_addresses

    refuse_taken_addresses(server.cfg.address)


def post_worker_init(worker):
    """A CPU-heavy request (a full replay of a big table) hands the GIL to a light one after 1 ms,
    not 5: the light request's many short waits (each query, each socket write) stay short.

    The objects loaded by now (the app, its templates, the rules) live as long as the worker, so
    the collector is set for that (``settle_collector``). Measured with
    ``benchmarks/live_load.py --scenarios 50x4+50 --db postgresql`` on the idle machine: workers
    75% -> 66% of a core, entry p95 31-40 ms -> 28 ms (2026-11-25, before the changes of
    benchmarks/RESULTS.md section 9e)."""
    import sys

    from referee.serving import settle_collector

    sys.setswitchinterval(0.001)
    settle_collector()
    # The heavy reads' child (web/offload.py) starts now, so the first look back at a table does not
    # wait for a fresh interpreter to import the app.
    start_child = getattr(worker.wsgi.wsgi_app, "start_child", None)
    if start_child is not None:
        start_child()


def worker_exit(server, worker):
    """The heavy reads' child stops with its worker, without the worker waiting for it (web/offload.py)."""
    app = getattr(worker, "wsgi", None)  # none yet when the server is stopped while the worker still loads it
    stop_child = getattr(getattr(app, "wsgi_app", None), "stop_child", None)
    if stop_child is not None:
        stop_child()
