"""How ``scripts/serve.sh`` serves the app: nginx on the LAN port in front of gunicorn on a unix socket.

Why a front: gunicorn's gthread worker hands a connection to a thread once its first bytes arrive, and
the thread then reads the rest of the request and writes the whole answer, blocking. 40 clients that
sent half a request and waited held all 16 threads for 90 s (no answer to anyone, ``/healthz``
included), and a phone reading a big answer slowly holds a thread as long. nginx reads whole requests
(headers and body) and whole answers (into memory, or a temporary file) in its event loop, so such a
client costs it a connection, and gunicorn's threads only ever run the app, for requests that have
fully arrived, writing to nginx at loopback speed. Everything the app relies on stays as it is:
gunicorn's hooks (``gunicorn.conf.py``), the live gate, LISTEN/NOTIFY. It is README's club-server
set-up, with nginx on the LAN port instead of TLS; nginx sets ``X-Forwarded-For`` to the phone's own
address and the app trusts exactly this one proxy (``REFEREE_PROXIES`` + 1), so rate limits count
each phone. A server with its own buffering event loop (waitress) would be a single process without
gunicorn's hooks; green threads (gevent) would need every database call to yield, and SQLite's never do.

The same module gives gunicorn its one-server-per-port check (``refuse_taken_addresses``).
"""

from __future__ import annotations

import errno
import gc
import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

DEFAULT_BIND = "0.0.0.0:8000"
STARTUP_GUARD_S = 300  # a server that neither answers nor exits in this time has hung: give up
STOP_GRACE_S = 25  # gunicorn's graceful_timeout (20 s) and a margin


class Stop(Exception):
    """A signal asked the server to stop (Ctrl-C, or SIGTERM from a service manager)."""


def settle_collector() -> None:
    """A worker's garbage collector, once the app is loaded (gunicorn.conf.py; the replay benchmarks
    measure under it too): ``gc.freeze`` keeps the collector from walking the objects loaded by now
    (the app, its templates, the rules: they live as long as the worker) again and again, and a larger
    first threshold makes collections rarer while requests make many short-lived objects."""
    gc.freeze()
    gc.set_threshold(20000, 50, 100)


def _stop(signum: int, _frame: object) -> None:
    raise Stop(signum)


def refuse(sentence: str) -> NoReturn:
    """Serving cannot start: say why and what to do in one sentence, and end with exit status 1."""
    print(sentence, file=sys.stderr, flush=True)
    raise SystemExit(1)


def taken_sentence(where: str) -> str:
    return (
        f"Another server is already listening on {where}, so referee did not start: stop that one, or "
        "choose another port with REFEREE_BIND (for example REFEREE_BIND=0.0.0.0:8001)."
    )


def tcp_address_taken(host: str, port: int) -> bool:
    """Whether some socket listens on host:port already (this address, or all addresses, any program).

    A trial bind without ``SO_REUSEPORT`` fails exactly then (``SO_REUSEADDR`` lets it ignore the
    connections of a server stopped a moment ago), and unlike a trial connection it also sees a
    server that is too busy to accept, or listens on another of this machine's addresses only."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind((host, port))
        except OSError as exc:  # another failure (no such address, a privileged port): the server's own
            return exc.errno == errno.EADDRINUSE  # bind then reports it
    return False


def unix_address_taken(path: str) -> bool:
    """Whether a server answers on this unix socket (gunicorn would unlink it and take its place)."""
    if not os.path.exists(path):
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as trial:
        try:
            trial.connect(path)
        except OSError:  # a socket file left by a server that is gone
            return False
    return True


def refuse_taken_addresses(addresses: Iterable[object]) -> None:
    """gunicorn's ``on_starting``: refuse to start when another server listens on one of its addresses.
    A re-executed master (``USR2``) or systemd socket activation inherits its sockets: nothing to check."""
    if "GUNICORN_FD" in os.environ or "LISTEN_FDS" in os.environ:
        return
    for address in addresses:
        if isinstance(address, tuple):
            host, port = str(address[0]), int(address[1])
            if tcp_address_taken(host, port):
                raise RuntimeError(taken_sentence(f"{host}:{port}"))
        elif isinstance(address, str) and unix_address_taken(address):
            raise RuntimeError(taken_sentence(address))


def parse_bind(bind: str) -> tuple[str, int]:
    """``REFEREE_BIND`` as host and port ("0.0.0.0:8000", "[::]:8000", or a bare port for all addresses)."""
    host, _, port = bind.strip().rpartition(":")
    host = host.strip("[]") or "0.0.0.0"
    if not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
        refuse(
            f"REFEREE_BIND must be an address and a port such as 0.0.0.0:8000 (got {bind!r}), so referee did "
            "not start."
        )
    return host, int(port)


PROXY_REFUSED_BODY = "X-Referee-Body-Too-Large"
"""The header nginx sets only on its request for the app's answer to a body it refused for its size
(referee/web/site/errors.py); a client's own is cleared. Without nginx, a client that sends it only
refuses its own request."""


def nginx_conf(host: str, port: int, run_dir: Path, upstream: Path, access_log: bool) -> str:
    """nginx's whole configuration: nothing of /etc/nginx is read, everything it writes is in run_dir."""
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    # As root, nginx would run its workers as "nobody", who may not reach a socket in a private folder.
    user = (
        f"user {pwd.getpwuid(os.geteuid()).pw_name} {grp.getgrgid(os.getegid()).gr_name};"
        if os.geteuid() == 0
        else ""
    )
    temp = {kind: run_dir / "tmp" / kind for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(parents=True, exist_ok=True)
    temp_paths = "\n".join(f"    {kind}_temp_path {path};" for kind, path in temp.items())
    return f"""# Written by referee/serving.py (scripts/serve.sh) at every start: edits are lost.
{user}
daemon off;
worker_processes 1;
worker_rlimit_nofile 8192;
pid {run_dir / "nginx.pid"};
error_log stderr warn;
events {{ worker_connections 4096; }}
http {{
    access_log {"/dev/stdout" if access_log else "off"};
    server_tokens off;
{temp_paths}
    # A request reaches gunicorn only once nginx holds all of it; an answer is read from gunicorn at
    # once (memory, then a temporary file) and sent to the phone at the phone's pace.
    proxy_request_buffering on;
    proxy_buffering on;
    proxy_buffers 64 16k;
    client_max_body_size 16m;  # above the app's limits (2 MB for JSON, 15 MB for a photo), so that the app's own 413 sentence is the answer
    client_header_timeout 30s;
    client_body_timeout 30s;
    send_timeout 30s;
    gzip on;
    gzip_types text/css application/javascript application/json;
    upstream referee {{ server unix:{upstream}; }}
    server {{
        listen {listen};
        # A body over client_max_body_size: the app's own answer to it (JSON for the API, a page in the
        # reader's language otherwise), asked with the same method and address and no body.
        error_page 413 = @body_too_large;
        location / {{
            proxy_pass http://referee;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header {PROXY_REFUSED_BODY} "";
            proxy_read_timeout 90s;
        }}
        location @body_too_large {{
            proxy_pass http://referee;
            proxy_pass_request_body off;
            proxy_set_header Content-Length "";
            proxy_set_header Content-Type "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header {PROXY_REFUSED_BODY} 1;
        }}
    }}
}}
"""


def find_nginx() -> str:
    """Debian's nginx (in /usr/sbin, which a non-root PATH may lack), or a sentence saying how to get it."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if not found:
        refuse(
            "nginx is not installed, so referee did not start: run scripts/serve.sh as root (it installs "
            "Debian's nginx), or install it with: sudo apt-get install -y nginx"
        )
    return found


def answers(family: int, address: str | tuple[str, int]) -> bool:
    """Whether ``GET /healthz`` answers 200 at the address (a unix socket path or a (host, port))."""
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.settimeout(5)
        try:
            probe.connect(address)
            probe.sendall(b"GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n")
            status_line = probe.recv(64)
        except OSError:
            return False
    return status_line.split(b" ")[1:2] == [b"200"]


def wait_until_answering(proc: subprocess.Popen[bytes], family: int, address: str | tuple[str, int]) -> bool:
    """True once the server answers; False if its process ended first."""
    deadline = time.monotonic() + STARTUP_GUARD_S
    while time.monotonic() < deadline:
        if answers(family, address):
            return True
        try:
            proc.wait(timeout=0.2)
            return False
        except subprocess.TimeoutExpired:
            continue
    return False


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Ask each to stop, then wait for all; whatever has not stopped after the grace period is killed."""
    for proc in processes:
        if proc.poll() is None:
            proc.terminate()  # gunicorn: graceful; nginx: fast shutdown (answers are already buffered)
    deadline = time.monotonic() + STOP_GRACE_S
    for proc in processes:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main() -> int:
    """Serve from the current folder (the repository, as serve.sh leaves it) until a signal or a failure."""
    from click import UsageError

    from .cli import echo_serving_address, public_url

    host, port = parse_bind(os.environ.get("REFEREE_BIND") or DEFAULT_BIND)
    try:
        public_url()
    except UsageError as exc:
        refuse(f"{exc.message} So referee did not start.")
    if tcp_address_taken(host, port):
        refuse(taken_sentence(f"port {port}"))
    nginx = find_nginx()
    run_dir = Path("instance").resolve() / f"serve-{port}"
    run_dir.mkdir(parents=True, exist_ok=True)
    upstream = run_dir / "gunicorn.sock"
    env = dict(os.environ, REFEREE_BIND=f"unix:{upstream}")
    proxies = env.get("REFEREE_PROXIES", "0").strip() or "0"
    if proxies.isascii() and proxies.isdigit():  # anything else: the app refuses it with its own sentence
        env["REFEREE_PROXIES"] = str(int(proxies) + 1)
    access_log = bool(env.pop("REFEREE_ACCESS_LOG", ""))  # nginx logs (with the phones' addresses)
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "wsgi:app"], env=env
    )
    running = [gunicorn]
    signals = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    try:
        for sig in signals:
            signal.signal(sig, _stop)
        if not wait_until_answering(gunicorn, socket.AF_UNIX, str(upstream)):
            return gunicorn.poll() or 1
        conf = run_dir / "nginx.conf"
        conf.write_text(nginx_conf(host, port, run_dir, upstream, access_log))
        front = subprocess.Popen([nginx, "-p", str(run_dir), "-c", str(conf), "-e", "stderr"])
        running.append(front)
        probe_host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
        family = socket.AF_INET6 if ":" in probe_host else socket.AF_INET
        if not wait_until_answering(front, family, (probe_host, port)):
            if tcp_address_taken(host, port):  # another server took the port meanwhile
                refuse(taken_sentence(f"port {port}"))
            return front.poll() or 1
        echo_serving_address(port)
        while all(proc.poll() is None for proc in running):
            time.sleep(0.2)
        return 1
    except Stop:
        return 0
    finally:
        for sig in signals:
            signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C must not cut the stop short
        stop(running)


if __name__ == "__main__":
    sys.exit(main())
