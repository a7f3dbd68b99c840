#!/usr/bin/env bash
# Builds the deployable site into site/ for the address in SITE_URL, with .gz and .br copies
# beside large files: SITE_URL=https://example.org/rules/ bash scripts/publish.sh [VAULT]
# [--strict] [--out DIR]. VAULT is the folder Obsidian opens (docs/ when none is given).
# The vault's own problems are listed as path:line and the build goes on; --strict makes
# them stop it (README, "Publish", says how to serve the result).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -z "${SITE_URL:-}" ]; then
  echo "publish: SITE_URL is not set: SITE_URL=https://example.org/rules/ bash scripts/publish.sh [VAULT]" >&2
  exit 2
fi
args=()
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  vault=$(cd "$1" 2>/dev/null && pwd) || { echo "publish: $1: no such folder (give the folder Obsidian opens as the vault)" >&2; exit 2; }
  args+=(--vault "$vault")
  shift
fi
bash "$root/scripts/setup.sh"
cd "$root"
exec .venv/bin/python -m scripts.site.shell.publish "${args[@]}" "$@"
