#!/usr/bin/env bash
# Set up and run the whole test suite against the real PostgreSQL (127.0.0.1:5432, database `test`),
# Redis (127.0.0.1:6379), Celery workers and headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test

# The machine's services are started before a session; start them if they are down.
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi

.venv/bin/ruff check .
# Types first: a type error fails CI before the (long) suite starts. Configuration in pyproject.toml.
.venv/bin/mypy
exec .venv/bin/python -m pytest -p no:cacheprovider -ra "$@"
