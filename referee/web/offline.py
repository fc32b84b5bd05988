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

bp = Blueprint("offline", __name__)

# What a table page needs with no signal, relative to static/ (game styles: every file in css/games).
ASSETS = ("vendor/htmx-2.0.11.min.js", "js/app.js", "js/offline.js", "js/pickers.js", "css/app.css",
          "css/live.css", "css/pickers.css", "css/offline.css", "icon.svg", "icons/icon-192.png",
          "icons/icon-512.png")  # fmt: skip


def _names(root: Path) -> list[str]:
    games = [*(root / "css" / "games").glob("*.css"), *(root / "js" / "games").glob("*.js")]
    return [*ASSETS, *sorted(p.relative_to(root).as_posix() for p in games)]


@lru_cache(maxsize=4)
def _hashed(static_folder: str, _stamp: tuple[float, ...]) -> tuple[tuple[str, ...], str]:
    root = Path(static_folder)
    names = _names(root)
    digest = hashlib.sha256((root / "js" / "sw.js").read_bytes())
    for name in names:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    return tuple(names), digest.hexdigest()[:16]


def _assets(static_folder: str) -> tuple[tuple[str, ...], str]:
    """The cached asset paths and a short hash of their bytes (and of the worker itself); hashed
    again only when a file's modification time changes."""
    root = Path(static_folder)
    stamp = tuple((root / name).stat().st_mtime for name in ["js/sw.js", *_names(root)])
    return _hashed(static_folder, stamp)


@bp.get("/sw.js")
def service_worker():
    names, version = _assets(str(current_app.static_folder))
    urls = [url_for("static", filename=name) for name in names]
    head = f"self.REFEREE_VERSION = {json.dumps(version)};\nself.REFEREE_ASSETS = {json.dumps(urls)};\n"
    body = (Path(str(current_app.static_folder)) / "js" / "sw.js").read_text(encoding="utf-8")
    return Response(head + body, mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})  # fmt: skip


@bp.get("/manifest.webmanifest")
def manifest():
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
