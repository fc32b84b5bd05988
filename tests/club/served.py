"""README's command 1 run as a newcomer runs it: ``bash scripts/serve.sh`` in a copy of the repository.

The copy holds the repository's files as a clone would (no ``.venv``, no ``instance/``), so serve.sh
makes its own database and secret there and the developer's are never touched. Its ``.venv`` is a bare
virtualenv whose path includes this test run's site-packages (a ``.pth`` line): every dependency is
already there and serve.sh's install step only adds the copy itself, in seconds, as it would on a
clone whose ``.venv`` a first run filled. Nothing is installed into the test run's own environment.

Run as a script (``first_answer_on_8000_command``), it starts serve.sh with no variable set, in a network
of its own where the machine allows one (so port 8000 is free whatever else the machine runs), waits
for the first 200 on port 8000, stops it with Ctrl-C's signal, and prints what happened as JSON.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTUP_GUARD_S = 300  # fails a serve.sh that never answers; not a speed check
NOT_A_CLONE = shutil.ignore_patterns(
    ".git", ".venv", "instance", "__pycache__", ".*_cache", ".hypothesis", "node_modules", "*.egg-info"
)
# What serve.sh's output must never hold: bash, Python, gunicorn and nginx errors.
ERROR_MARKS = (
    "unbound variable", "command not found", "Traceback", "Error:", "ERROR:", "[ERROR]", "[CRITICAL]",
    "[emerg]", "[alert]", "[crit]", "[error]",
)  # fmt: skip


def newcomer_copy(dest: Path) -> Path:
    """A copy of the repository as a fresh clone has it, with a .venv that reuses this run's packages."""
    shutil.copytree(ROOT, dest, ignore=NOT_A_CLONE, symlinks=True)
    base_python = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    subprocess.run([str(base_python), "-m", "venv", "--without-pip", str(dest / ".venv")], check=True)
    site = Path(
        sysconfig.get_path("purelib", vars={"base": str(dest / ".venv"), "platbase": str(dest / ".venv")})
    )
    (site / "reuse-the-test-run-packages.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return dest


def newcomer_env(**variables: str) -> dict[str, str]:
    """The environment of a shell that set nothing of referee's (and points Python at nothing)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("REFEREE_") and k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
    }
    return env | variables


def healthz(port: int, timeout: float = 5) -> int | None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status
    except OSError:
        return None
    finally:
        conn.close()


class ServeSh:
    """``bash scripts/serve.sh`` in a folder, its output in a log; in its own process group."""

    def __init__(self, folder: Path, env: dict[str, str], log: Path) -> None:
        self.folder, self.env, self.log = folder, env, log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServeSh:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                ["bash", "scripts/serve.sh"], cwd=self.folder, env=self.env, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        return self

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def first_200(self, port: int) -> bool:
        """Wait until /healthz answers 200 on the port and the address for phones is printed (True), or
        serve.sh ends (False)."""
        assert self.proc is not None
        deadline = time.monotonic() + STARTUP_GUARD_S
        while time.monotonic() < deadline:
            if "referee is serving" in self.output() and healthz(port) == 200:
                return True
            try:
                self.proc.wait(timeout=0.3)
                return False
            except subprocess.TimeoutExpired:
                continue
        raise RuntimeError(f"serve.sh neither answered nor ended: {self.output()[-3000:]}")

    def wait(self, timeout: float = 120) -> int:
        assert self.proc is not None
        return self.proc.wait(timeout=timeout)

    def interrupt(self) -> int:
        """Ctrl-C in its terminal (SIGINT to the whole group), then its exit status."""
        assert self.proc is not None
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
        try:
            return self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
            raise


PHONES_OWN_ERRORS = ("client intended to send too large body",)
"""What nginx logs at its "error" level for a phone's mistake, not the server's: a body over its limit
(answered by the app's own refusal, test_serve.py)."""


def errors_in(output: str) -> list[str]:
    return [
        line
        for line in output.splitlines()
        if any(mark in line for mark in ERROR_MARKS) and not any(own in line for own in PHONES_OWN_ERRORS)
    ]


def _loopback_up() -> None:
    """A new network namespace's loopback is down: bring it up (what ``ip link set lo up`` does)."""
    import fcntl
    import struct

    siocsifflags, iff_up, iff_loopback, iff_running = 0x8914, 0x1, 0x8, 0x40
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        fcntl.ioctl(s, siocsifflags, struct.pack("16sH", b"lo", iff_up | iff_loopback | iff_running))


def _first_answer_on_8000(folder: Path, log: Path, own_network: bool) -> dict[str, object]:
    if own_network:
        _loopback_up()
    served = ServeSh(folder, newcomer_env(), log).start()
    answered = served.first_200(8000)
    status = served.interrupt()
    return {"answered": answered, "status": status, "output": served.output()}


def first_answer_on_8000_command(folder: Path) -> list[str]:
    """The command that runs ``_first_answer_on_8000`` in a network of its own (``unshare --net``, as
    root), or, where this machine allows none, in its own network (port 8000 must then be free)."""
    own = subprocess.run(["unshare", "--net", "true"], capture_output=True).returncode == 0
    command = [sys.executable, __file__, str(folder)]
    return ["unshare", "--net", *command, "--own-network"] if own else command


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    print(json.dumps(_first_answer_on_8000(folder, folder / "serve-8000.log", "--own-network" in sys.argv)))
