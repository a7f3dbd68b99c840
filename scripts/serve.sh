#!/usr/bin/env bash
# Builds the site from a vault and serves it on http://127.0.0.1:${PORT:-8000}/, rebuilding
# when a note changes: `bash scripts/serve.sh [VAULT] [mkdocs serve options]`. VAULT is the
# folder Obsidian opens (with or without .obsidian/); without one it is docs/. Nothing is
# written into the vault: another folder's config goes under .cache/sites/
# (scripts/site/shell/site_config.py). Every calculator runs live in the browser. Problems in a note
# are printed as path:line warnings but do not stop the preview; --strict makes them stop
# it. --dirty: a save renders again only the pages it changed (the note, pages whose
# backlinks or embeds follow it; every page when the navigation changed), see
# scripts/site/shell/live_build.py.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
vault=""
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  vault=$(cd "$1" 2>/dev/null && pwd) || { echo "serve: $1: no such folder (give the folder Obsidian opens as the vault)" >&2; exit 2; }
  shift
fi
bash "$root/scripts/setup.sh"
cd "$root"
config=$(.venv/bin/python -m scripts.site.shell.site_config "$vault")
exec .venv/bin/mkdocs serve --dirty -f "$config" --dev-addr "127.0.0.1:${PORT:-8000}" "$@"
