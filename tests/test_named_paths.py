"""A file a docstring or comment sends the reader to exists (issue 30's rooms moved most of
``referee/web``: a newcomer following ``web/heavy.py`` found nothing). A path is read from the
repository, from ``referee/``, or from the folder of the file naming it or any folder above it; a
template or asset from where Flask looks for it (``templates/``, ``static/``, a game's own)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMED = re.compile(r"(?<![\w./<>-])((?:[a-z_]+/)+[a-z_]+\.(?:py|html|js|css))\b")


def missing_paths() -> list[str]:
    missing = []
    for top in ("referee", "printables"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in {".py", ".html", ".js", ".css"} or "translations" in path.parts:
                continue
            bases = [ROOT, ROOT / "referee", ROOT / "templates", ROOT / "static"]
            bases += [folder / room for folder in path.parents for room in ("", "templates", "static")]
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for named in NAMED.findall(line):
                    if not any((base / named).exists() for base in bases):
                        missing.append(f"{path.relative_to(ROOT)}:{number}: {named}")
    return missing


def test_every_file_named_in_the_source_exists() -> None:
    assert missing_paths() == []


def test_a_path_is_read_from_where_it_may_start() -> None:
    assert NAMED.findall("(web/site/heavy.py), ``referee/games/<game>/rules/stats.py``") == ["web/site/heavy.py"]
