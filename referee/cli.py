"""Command-line helpers (``flask --app wsgi <command>``)."""

from __future__ import annotations

import io
import socket

import click
import qrcode
from flask import Flask


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as other devices on the LAN reach it."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                found.add(address)
    except OSError:
        pass
    return sorted(found)


def init_app(app: Flask) -> None:
    @app.cli.command("i18n")
    @click.argument("action", type=click.Choice(["update", "check"]))
    def i18n(action: str) -> None:
        """update: extract messages into each area's .po; check: list what lacks Japanese."""
        from . import catalogs

        if action == "update":
            for path in catalogs.update():
                click.echo(f"updated {path.relative_to(catalogs.ROOT)}")
            return
        missing = catalogs.untranslated()
        for area, ids in missing.items():
            for msgid in ids:
                click.echo(f"{area}: {msgid}")
        raise SystemExit(1 if missing else 0)

    @app.cli.command("lan-url")
    @click.option("--port", default=8000, show_default=True)
    def lan_url(port: int) -> None:
        """Print the URL phones at the table should open, with a QR code of it."""
        addresses = lan_addresses() or ["127.0.0.1"]
        url = f"http://{addresses[0]}:{port}/"
        click.echo(f"referee is serving at {url}")
        for other in addresses[1:]:
            click.echo(f"  also: http://{other}:{port}/")
        qr = qrcode.QRCode(border=1)
        qr.add_data(url)
        out = io.StringIO()
        qr.print_ascii(out=out, invert=True)
        click.echo(out.getvalue())
