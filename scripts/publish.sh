#!/usr/bin/env bash
# Builds the deployable site into site/ for the address in SITE_URL, strictly, with .gz and
# .br copies beside large files: SITE_URL=https://example.org/rules/ bash scripts/publish.sh
# (README, "Publish", says how to serve it).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -z "${SITE_URL:-}" ]; then
  echo "publish: SITE_URL is not set: SITE_URL=https://example.org/rules/ bash scripts/publish.sh" >&2
  exit 2
fi
bash "$root/scripts/setup.sh"
cd "$root"
exec .venv/bin/python -m scripts.publish "$@"
