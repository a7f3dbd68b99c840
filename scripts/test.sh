#!/usr/bin/env bash
# Runs every test: engine, vault compiler, the strict site build and the browser tests
# in Debian's Chromium, in two worker processes (pytest-xdist; TEST_WORKERS=N for more, or
# 0 for none). Tests that share a built site or the browser run in one worker together
# (tests/conftest.py). Extra arguments go to pytest (e.g. -k guardian).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh" browser
cd "$root"
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --dist loadgroup "$@"
