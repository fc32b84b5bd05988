"""requirements.lock pins what pyproject.toml pins, at the same versions, and every other package they
pull in: both README commands install through it (scripts/setup.sh), so a pin changed in pyproject.toml
without regenerating the lock (README: Dependencies) would install something nobody resolved."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def locked() -> dict[str, str]:
    """The lock's pins: package name -> version."""
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith((" ", "#")):
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version
    return pins


def declared() -> list[Requirement]:
    """Every requirement of pyproject.toml, the extras' too, except referee's own extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    return [Requirement(line) for line in lines if canonicalize_name(Requirement(line).name) != "referee"]


def test_the_lock_holds_every_declared_pin_at_its_version() -> None:
    pins = locked()
    for requirement in declared():
        assert pins.get(canonicalize_name(requirement.name)) in requirement.specifier, requirement


def test_the_lock_pins_more_than_the_declared_packages() -> None:
    """The indirect dependencies (Werkzeug, Jinja2, ...) are pinned too, each at one version."""
    pins = locked()
    assert {"werkzeug", "jinja2", "psycopg-binary", "greenlet"} <= pins.keys()
    assert len(pins) > len(declared())
    assert all(version and "=" not in version for version in pins.values())
