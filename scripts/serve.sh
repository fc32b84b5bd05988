#!/usr/bin/env bash
# Command 1 of README: install, migrate the SQLite database and serve referee on port 8000 for the LAN.
set -euo pipefail
source "$(dirname "$0")/setup.sh"
.venv/bin/pip install -q --disable-pip-version-check -e .
mkdir -p instance
if [ -z "${REFEREE_SECRET_KEY:-}" ]; then
  [ -s instance/secret_key ] || .venv/bin/python -c 'import secrets; print(secrets.token_hex(32))' > instance/secret_key
  export REFEREE_SECRET_KEY=$(cat instance/secret_key)
fi
export REFEREE_ENV=${REFEREE_ENV:-production}
.venv/bin/flask --app wsgi db upgrade
port=${REFEREE_BIND##*:}
.venv/bin/flask --app wsgi lan-url --port "${port:-8000}"
exec .venv/bin/gunicorn -c gunicorn.conf.py wsgi:app
