"""Settings: defaults here, overridden by REFEREE_* environment variables (or create_app(overrides))."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

DEV_SECRET = "dev-only-not-secret"


def from_environment(instance_path: str) -> dict[str, Any]:
    env = os.environ
    database = env.get("REFEREE_DATABASE_URL") or f"sqlite:///{Path(instance_path) / 'referee.sqlite3'}"
    return {
        "SECRET_KEY": env.get("REFEREE_SECRET_KEY", DEV_SECRET),
        "REFEREE_ENV": env.get("REFEREE_ENV", "development"),
        "SQLALCHEMY_DATABASE_URI": database,
        # A pool as large as a worker's threads (gunicorn.conf.py: 8) plus two, so busy threads reuse
        # connections instead of opening and closing overflow ones on every request; the most recently
        # used first, and a connection pinged only after it idled (store/pool_health.py).
        "SQLALCHEMY_ENGINE_OPTIONS": {
            "pool_use_lifo": True,
            "pool_size": int(env.get("REFEREE_THREADS", "8")) + 2,
        },
        "BABEL_DEFAULT_LOCALE": "en",
        "LANGUAGES": ("en", "ja"),
        "WTF_CSRF_TIME_LIMIT": None,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "MAX_CONTENT_LENGTH": 2 * 1024 * 1024,  # a record of thousands of events is far smaller
        "MAX_FORM_MEMORY_SIZE": 2 * 1024 * 1024,  # a record pasted into the import page's text box
        "RATELIMIT_ENABLED": env.get("REFEREE_RATELIMIT_ENABLED", "true").lower() != "false",
        "REFEREE_PROXIES": env.get("REFEREE_PROXIES", "0"),
        "RATELIMIT_STORAGE_URI": env.get("REFEREE_RATELIMIT_STORAGE") or "referee-db://",
        "HEAVY_AT_ONCE": int(env.get("REFEREE_HEAVY_AT_ONCE", "2")),  # PDFs, records, club pages (web/site/heavy.py)
    }


def check(config: dict[str, Any]) -> None:
    """Refuse to serve outside development with the built-in secret, or with a bad proxy count."""
    proxies = str(config["REFEREE_PROXIES"]).strip()
    if not proxies.isdigit():
        raise RuntimeError(f"REFEREE_PROXIES must be a whole number of proxies (got {proxies!r})")
    config["REFEREE_PROXIES"] = int(proxies)
    if config["REFEREE_ENV"] != "development" and config["SECRET_KEY"] == DEV_SECRET:
        raise RuntimeError(
            f"REFEREE_SECRET_KEY must be set outside development (REFEREE_ENV={config['REFEREE_ENV']})"
        )
