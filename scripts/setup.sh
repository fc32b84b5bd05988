#!/usr/bin/env bash
# Shared set-up for scripts/serve.sh and scripts/test.sh: Debian packages (as root), the venv, the app.
# usage: source scripts/setup.sh [extra apt packages...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
apt_packages=(fonts-ipaexfont-gothic "$@")
missing=()
for p in "${apt_packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Please install as root: apt-get install -y ${missing[*]}" >&2
  fi
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
