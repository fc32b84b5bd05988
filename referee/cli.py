"""Command-line helpers (``flask --app wsgi <command>``)."""

from __future__ import annotations

import io
import os
import socket
from pathlib import Path
from typing import Any

import click
import qrcode
from flask import Flask

from .store.database import db


def default_route_address() -> str | None:
    """The IPv4 address this machine sends from on its default route (its LAN interface), or None.

    Connecting a UDP socket sends no packet: the kernel only picks the route and source address. The
    hostname is no guide: on many machines it resolves to 127.0.1.1 whatever the LAN address is.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (documentation only): routed nowhere, never sent
            address = str(probe.getsockname()[0])
        except OSError:  # no default route
            return None
    return None if address.startswith(("127.", "0.")) else address


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as other devices on the LAN reach it:
    the default route's first, then any other the hostname resolves to."""
    primary = default_route_address()
    found: list[str] = [primary] if primary else []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found


class MigrationCommands(click.Command):
    """``flask db ...``: Flask-Migrate's own command group (alembic's upgrade, revision, ...), with
    Flask-Migrate bound to the app only when it is asked for. Bound in ``create_app`` it loaded alembic,
    mako and pygments (0.1-0.2 CPU-s) into every process that makes the app: each gunicorn worker and
    its heavy reads' child, each test process; only ``flask db`` uses them."""

    def __init__(self, app: Flask, migrations: Path) -> None:
        super().__init__("db", short_help="Perform database migrations (alembic, migrations/).")
        self.app = app
        self.migrations = migrations

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        """Flask-Migrate's group parses and runs the rest of the command line (binding it puts its group
        in the app's commands, in this one's place)."""
        from flask_migrate import Migrate

        Migrate(self.app, db, directory=str(self.migrations))
        return self.app.cli.commands["db"].make_context(info_name, args, parent, **extra)


def init_app(app: Flask, migrations: Path) -> None:
    app.cli.add_command(MigrationCommands(app, migrations))

    @app.cli.command("i18n")
    @click.argument("action", type=click.Choice(["update", "check"]))
    def i18n(action: str) -> None:
        """update: extract messages into each area's .po; check: list what lacks Japanese."""
        from . import translation_catalogs

        if action == "update":
            for path in translation_catalogs.update():
                click.echo(f"updated {path.relative_to(translation_catalogs.ROOT)}")
            return
        missing = translation_catalogs.untranslated()
        for area, ids in missing.items():
            for msgid in ids:
                click.echo(f"{area}: {msgid}")
        raise SystemExit(1 if missing else 0)

    @app.cli.command("lan-url")
    @click.option("--port", default=8000, show_default=True)
    def lan_url(port: int) -> None:
        """Print the URL phones at the table should open, with a QR code of it."""
        echo_serving_address(port)


def public_url() -> str:
    """``REFEREE_PUBLIC_URL``: the address phones should open when this machine's LAN address is not it
    (a name such as http://referee.lan:8000/, or the https:// of a proxy in front); "" when unset."""
    url = os.environ.get("REFEREE_PUBLIC_URL", "").strip()
    if url and not url.startswith(("http://", "https://")):
        raise click.UsageError(f"REFEREE_PUBLIC_URL must start with http:// or https:// (got {url!r}).")
    return url


def echo_serving_address(port: int) -> None:
    """The URL phones should open (REFEREE_PUBLIC_URL, else the LAN address and this port) and its QR
    code; or, when the LAN address cannot be told, how to find it."""
    url = public_url()
    addresses = [] if url else lan_addresses()
    if not url and not addresses:
        click.echo(
            f"referee is serving on port {port}, but this machine's LAN address cannot be told"
            " (no default route, and the hostname resolves only to loopback).\n"
            "Find it with `ip -4 addr show` (or `hostname -I`): the inet address of the Wi-Fi or"
            f" Ethernet interface, e.g. 192.168.1.20; then open http://THAT-ADDRESS:{port}/ on the phones"
            " (or set REFEREE_PUBLIC_URL to it)."
        )
        return
    url = url or f"http://{addresses[0]}:{port}/"
    click.echo(f"referee is serving at {url}")
    for other in addresses[1:]:
        click.echo(f"  also: http://{other}:{port}/")
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    click.echo(out.getvalue())
