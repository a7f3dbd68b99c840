#!/usr/bin/env bash
# Builds the site from the vault in docs/ and serves it on http://127.0.0.1:${PORT:-8000}/,
# rebuilding when a note changes. Every calculator runs live in the browser. Problems in a
# note are printed as path:line warnings but do not stop the preview; the tests build with
# --strict, where they do. --dirty: a save renders again only the pages it changed (the
# note, pages whose backlinks or embeds follow it; every page when the navigation changed),
# see scripts/live_build.py.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
cd "$root"
exec .venv/bin/mkdocs serve --dirty --dev-addr "127.0.0.1:${PORT:-8000}" "$@"
