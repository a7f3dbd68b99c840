#!/usr/bin/env bash
# Runs every test: engine, vault compiler, the strict site build and the browser tests
# in Debian's Chromium. Extra arguments go to pytest (e.g. -k guardian).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh" browser
cd "$root"
exec .venv/bin/python -m pytest "$@"
