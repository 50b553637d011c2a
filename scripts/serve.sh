#!/usr/bin/env bash
# Set up and start mdqa on its embedded default: SQLite, in-process worker, bundled models, no other service.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/mdqa serve "$@"
