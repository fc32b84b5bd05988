"""Fixtures shared by every test: an app on a fresh SQLite file, its client, and for browser tests
one live server and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import threading

import pytest
from werkzeug.serving import make_server

from referee import create_app
from referee.extensions import db

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def make_app(database_url: str, **config):
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "TESTING": True, "RATELIMIT_ENABLED": False, **config})
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def app(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'test.sqlite3'}", WTF_CSRF_ENABLED=False)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app on a free loopback port, with CSRF on, as a phone would meet it."""
    path = tmp_path_factory.mktemp("live") / "live.sqlite3"
    app = make_app(f"sqlite:///{path}")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} not installed (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone: 390x844, touch, Chrome's mobile mode."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-GB",
    }
