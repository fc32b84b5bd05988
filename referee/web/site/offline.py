"""Working with no signal (issue 16): the service worker at ``/sw.js`` and the web app manifest.

The service worker (``static/js/sw.js``) is served from the site's root so that its scope covers
every page. Its cache name carries a hash of the assets it caches: a new app version changes the
hash, hence the worker's bytes, so the browser installs the new worker, which fetches the new
assets and drops the old cache (one reload later the page uses them). The manifest names the app
in the page's language, so "Add to home screen" shows it as the player reads it.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, current_app, url_for
from flask_babel import gettext

from referee.games import GAMES, package

bp = Blueprint("offline", __name__)

# What a table page needs with no signal, relative to static/; each game's own static/ is added whole.
ASSETS = ("vendor/htmx-2.0.11.min.js", "js/app.js", "js/offline.js", "js/pickers.js", "css/app.css",
          "css/live.css", "css/pickers.css", "css/offline.css", "icon.svg", "icons/icon-192.png",
          "icons/icon-512.png")  # fmt: skip


def _files() -> tuple[tuple[str, Path], ...]:
    """(address, file) of every cached asset: the site's own, then every file of each game's static/."""
    root = Path(str(current_app.static_folder))
    files = [(url_for("static", filename=name), root / name) for name in ASSETS]
    for game_id in GAMES:
        folder = current_app.blueprints[package(game_id)].static_folder
        for path in sorted(Path(str(folder)).glob("*")):
            files.append((url_for(f"{package(game_id)}.static", filename=path.name), path))
    return tuple(files)


@lru_cache(maxsize=4)
def _hashed(files: tuple[tuple[str, Path], ...], worker: Path, _stamp: tuple[float, ...]) -> str:
    digest = hashlib.sha256(worker.read_bytes())
    for url, path in files:
        digest.update(url.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _assets() -> tuple[tuple[str, ...], str]:
    """The cached asset addresses and a short hash of their bytes (and of the worker itself); hashed
    again only when a file's modification time changes."""
    files = _files()
    worker = Path(str(current_app.static_folder)) / "js" / "sw.js"
    stamp = tuple(path.stat().st_mtime for path in [worker, *(p for _, p in files)])
    return tuple(url for url, _ in files), _hashed(files, worker, stamp)


@bp.get("/sw.js")
def service_worker() -> Response:
    urls, version = _assets()
    head = f"self.REFEREE_VERSION = {json.dumps(version)};\nself.REFEREE_ASSETS = {json.dumps(list(urls))};\n"
    body = (Path(str(current_app.static_folder)) / "js" / "sw.js").read_text(encoding="utf-8")
    return Response(head + body, mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})  # fmt: skip


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    icons = [{"src": url_for("static", filename=f"icons/icon-{n}.png"), "sizes": f"{n}x{n}",
              "type": "image/png", "purpose": "any maskable"} for n in (192, 512)]  # fmt: skip
    data = {
        "name": gettext("referee: table-side referee"),
        "short_name": gettext("referee"),
        "start_url": url_for("pages.home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbfaf7",
        "theme_color": "#0b6e4f",
        "icons": icons,
    }
    return Response(json.dumps(data, ensure_ascii=False), mimetype="application/manifest+json",
                    headers={"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"})  # fmt: skip
