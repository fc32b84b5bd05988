#!/usr/bin/env bash
# Shared set-up for scripts/serve.sh and scripts/test.sh: Debian packages (as root), the venv, the app.
# Works from a bare Debian 12 with python3 only: it installs python3-venv, waits for another apt run
# to finish instead of failing on its lock, and rebuilds a .venv left half-made by an interrupted run.
# usage: source scripts/setup.sh [extra apt packages...]; then install_app SPEC (below)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
apt_packages=(python3-venv fonts-ipaexfont-gothic "$@")
missing=()
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in "${apt_packages[@]}"; do installed "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt_get=(apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
    "${apt_get[@]}" update -qq
    "${apt_get[@]}" install -y -qq "${missing[@]}" >/dev/null
  else
    echo "WARNING: not root, so these Debian packages are not installed: ${missing[*]}" >&2
    echo "         install them with: sudo apt-get install -y ${missing[*]}" >&2
    echo "         (until then scripts/test.sh fails the tests that need them)" >&2
  fi
fi
# A usable venv has a python that runs and a pip that imports; anything less is rebuilt from scratch.
if ! { [ -x .venv/bin/python ] && .venv/bin/python -m pip --version >/dev/null 2>&1; }; then
  [ -e .venv ] && echo "rebuilding the incomplete virtualenv in .venv" >&2
  rm -rf .venv
  python3 -m venv .venv
fi
# install_app SPEC: pip install -e SPEC (".", ".[postgres]", or ".[test]" for the tests) with every indirect
# dependency pinned by requirements.lock (README: "Dependencies"), unless this .venv already holds it for these
# very pyproject.toml and requirements.lock (a stamp in .venv keeps their sha256 per SPEC; ".[test]" holds
# the others, any SPEC holds "."), so a later start does not spend 20 s asking pip about what is there. A
# rebuilt .venv has no stamp.
install_app() {
  local spec=$1 stamp=.venv/.referee-installed hash
  hash=$(cat pyproject.toml requirements.lock | sha256sum | cut -d' ' -f1)
  if [ -f "$stamp" ] && { grep -qxF -e "$hash $spec" -e "$hash .[test]" "$stamp" || { [ "$spec" = . ] && grep -q "^$hash " "$stamp"; }; }; then
    return
  fi
  echo "installing referee and its dependencies into .venv ($spec)" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check -c requirements.lock -e "$spec"
  echo "$hash $spec" >> "$stamp"
}
