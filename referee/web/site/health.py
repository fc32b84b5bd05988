"""``/healthz``: a trivial endpoint (no database) for load balancers and as the benchmarks' baseline."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
