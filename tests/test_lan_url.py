"""The serve command's LAN address: the one phones can reach (the default route's interface), never
127.0.0.1 when the hostname resolves to loopback; and when it cannot be told, it says so and how to find it."""

from __future__ import annotations

import socket

import pytest

from referee import cli
from tests.conftest import make_app


@pytest.fixture
def runner(tmp_path):
    return make_app(f"sqlite:///{tmp_path / 'lan.sqlite3'}").test_cli_runner()


def _hostname_resolves_to(monkeypatch, address: str) -> None:
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 0, "", (address, 0))]
    )


def test_the_default_route_address_comes_first_even_when_the_hostname_is_loopback(monkeypatch, runner):
    monkeypatch.setattr(cli, "default_route_address", lambda: "192.168.1.20")
    _hostname_resolves_to(monkeypatch, "127.0.1.1")
    out = runner.invoke(args=["lan-url", "--port", "8000"]).output
    assert "referee is serving at http://192.168.1.20:8000/" in out
    assert "127.0." not in out


def test_without_a_lan_address_it_says_so_and_how_to_find_it(monkeypatch, runner):
    monkeypatch.setattr(cli, "default_route_address", lambda: None)
    _hostname_resolves_to(monkeypatch, "127.0.1.1")
    result = runner.invoke(args=["lan-url", "--port", "8000"])
    assert result.exit_code == 0
    assert "cannot be told" in result.output and "ip -4 addr" in result.output
    assert "127.0." not in result.output


def test_a_public_url_is_printed_and_encoded_instead_of_the_lan_address(monkeypatch, runner):
    """REFEREE_PUBLIC_URL (a name, or a proxy's https://) is what phones open: no address is guessed."""
    monkeypatch.setattr(cli, "default_route_address", lambda: "192.168.1.20")
    monkeypatch.setenv("REFEREE_PUBLIC_URL", "https://club.example/")
    out = runner.invoke(args=["lan-url", "--port", "8000"]).output
    assert "referee is serving at https://club.example/" in out
    assert "192.168.1.20" not in out
    assert "█" in out or "▀" in out  # its QR code


@pytest.mark.parametrize("url", ["club.example", "ftp://club.example/"])
def test_a_public_url_that_is_not_http_is_refused_in_a_sentence(monkeypatch, runner, url):
    monkeypatch.setenv("REFEREE_PUBLIC_URL", url)
    result = runner.invoke(args=["lan-url", "--port", "8000"])
    assert result.exit_code != 0
    assert "REFEREE_PUBLIC_URL must start with http:// or https://" in result.output
