#!/usr/bin/env bash
# Installs what the site and the tests need, and only what is missing, so it is safe to
# run again. Run by scripts/serve.sh, scripts/test.sh and scripts/publish.sh; `setup.sh
# browser` also installs Debian's Chromium headless shell for the browser tests.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

say() { printf '[setup] %s\n' "$*"; }

python_bin=${PYTHON:-python3}
if ! "$python_bin" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "[setup] Python 3.11 or newer is needed (found: $("$python_bin" --version 2>&1))" >&2
  exit 1
fi
command -v npm >/dev/null || { echo "[setup] Node.js and npm are needed (apt-get install nodejs npm)" >&2; exit 1; }

apt_install() {
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  say "installing Debian packages: $*"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

# Pyodide comes from npm, pinned by package-lock.json; reinstalled when the lock changes.
# npm works in the background while Python's packages install, and is waited for at the end.
lock_stamp=node_modules/.installed-$(sha256sum package-lock.json | cut -c1-16)
npm_pid=""
if [ ! -f "$lock_stamp" ]; then
  say "installing Pyodide from npm (package-lock.json)"
  npm ci --no-audit --no-fund --loglevel=error &
  npm_pid=$!
  # If a later step fails, npm is stopped with this script rather than left running.
  trap 'kill "$npm_pid" 2>/dev/null || true' EXIT
fi

if [ "${1:-}" = browser ] && ! command -v chromium-headless-shell >/dev/null; then
  apt_install chromium-headless-shell
fi

# The virtual environment is rebuilt only when pyproject.toml changes.
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  say "creating the virtual environment in .venv"
  [ -x .venv/bin/python ] || "$python_bin" -m venv .venv
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[site,test]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi

if [ -n "$npm_pid" ]; then
  wait "$npm_pid" || { echo "[setup] npm ci failed (see above)" >&2; exit 1; }
  trap - EXIT
  touch "$lock_stamp"
fi
