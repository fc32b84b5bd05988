"""scripts/serve.sh's pieces (referee/serving.py) without starting anything: the address it reads, the
nginx configuration it writes, and how it tells that a port is taken (tests/club/test_serve.py runs it)."""

from __future__ import annotations

import socket

import pytest

from referee import serving


@pytest.mark.parametrize(
    ("bind", "expected"),
    [
        ("0.0.0.0:8000", ("0.0.0.0", 8000)),
        ("127.0.0.1:8001", ("127.0.0.1", 8001)),
        ("[::]:8002", ("::", 8002)),
        ("8003", ("0.0.0.0", 8003)),
    ],
)
def test_the_bind_address_is_a_host_and_a_port(bind, expected):
    assert serving.parse_bind(bind) == expected


@pytest.mark.parametrize(
    "bind", ["abc", "0.0.0.0:", "0.0.0.0:0", "0.0.0.0:70000", "0.0.0.0:８０００", "unix:/x.sock"]
)
def test_a_bind_address_without_a_usable_port_is_refused_in_a_sentence(bind, capsys):
    with pytest.raises(SystemExit) as stopped:
        serving.parse_bind(bind)
    assert stopped.value.code == 1
    assert "REFEREE_BIND must be an address and a port" in capsys.readouterr().err


def test_a_port_is_taken_while_anything_listens_on_it_and_free_after():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        assert serving.tcp_address_taken("127.0.0.1", port)
        assert serving.tcp_address_taken("0.0.0.0", port)  # all addresses include this one
    assert not serving.tcp_address_taken("127.0.0.1", port)


def test_nginx_buffers_whole_requests_and_answers_and_says_who_the_phone_is(tmp_path):
    conf = serving.nginx_conf("0.0.0.0", 8000, tmp_path, tmp_path / "gunicorn.sock", access_log=False)
    for line in (
        "listen 0.0.0.0:8000;",
        "proxy_request_buffering on;",
        "proxy_buffering on;",
        f"server unix:{tmp_path / 'gunicorn.sock'};",
        "proxy_set_header X-Forwarded-For $remote_addr;",  # the phone's own address, never what it sent
        "proxy_set_header Host $http_host;",
        "access_log off;",
        "daemon off;",
    ):
        assert line in conf
    assert "reuseport" not in conf  # one server per port
    assert str(tmp_path / "tmp" / "proxy") in conf and (tmp_path / "tmp" / "proxy").is_dir()
