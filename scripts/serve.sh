#!/usr/bin/env bash
# Command 1 of README: install, migrate the SQLite database and serve referee on port 8000 for the LAN:
# nginx on the port (it holds slow and unfinished connections), gunicorn behind it (referee/serving.py).
set -euo pipefail
source "$(dirname "$0")/setup.sh" nginx
# PostgreSQL's driver only for a PostgreSQL database (README: Configuration); SQLite needs nothing more.
case "${REFEREE_DATABASE_URL:-}" in postgresql*) install_app ".[postgres]" ;; *) install_app . ;; esac
mkdir -p instance
if [ -z "${REFEREE_SECRET_KEY:-}" ]; then
  [ -s instance/secret_key ] || .venv/bin/python -c 'import secrets; print(secrets.token_hex(32))' > instance/secret_key
  export REFEREE_SECRET_KEY=$(cat instance/secret_key)
fi
export REFEREE_ENV=${REFEREE_ENV:-production}
.venv/bin/python -m flask --app wsgi db upgrade
exec .venv/bin/python -m referee.serving
