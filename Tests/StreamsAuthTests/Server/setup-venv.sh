#!/usr/bin/env bash
# Creates (or brings up to date) the Python virtual environment that runs the OAuth 2.0
# test server, and installs requirements.txt into it.
#
#   Tests/StreamsAuthTests/Server/setup-venv.sh          # venv at <repo>/.venv-oauth
#
# Environment:
#   STREAMS_OAUTH_VENV    where the venv lives (default: <repo root>/.venv-oauth, ignored by git)
#   STREAMS_OAUTH_PYTHON  the interpreter that creates it (default: python3 on PATH)
#
# Idempotent: a marker inside the venv records the hash of requirements.txt and the Python
# version; when it matches, the script exits 0 at once and prints nothing. Concurrent runs
# (two test processes starting at once) are serialised with flock(1) where it exists.
# Progress goes to stderr; stdout stays empty.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$here/../../.." && pwd)"
venv="${STREAMS_OAUTH_VENV:-$repo_root/.venv-oauth}"
python="${STREAMS_OAUTH_PYTHON:-python3}"
requirements="$here/requirements.txt"

say() { printf 'setup-venv: %s\n' "$*" >&2; }

if ! command -v "$python" >/dev/null 2>&1; then
  say "error: '$python' was not found. Install CPython 3.10 or newer (with the venv module), or set STREAMS_OAUTH_PYTHON."
  exit 127
fi

if ! "$python" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
  say "error: '$python' is not CPython 3.10+ with the venv module ($("$python" --version 2>&1 || true)); Django 5.2 needs 3.10+."
  exit 1
fi

hash_file() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d' ' -f1; else shasum -a 256 | cut -d' ' -f1; fi
}
python_version="$("$python" -c 'import sys; print(".".join(map(str, sys.version_info[:3])))')"
wanted="$({ cat "$requirements"; echo "python=$python_version"; } | hash_file)"
marker="$venv/.streams-oauth-requirements"

is_current() {
  [[ -f "$marker" ]] && [[ "$(cat "$marker")" == "$wanted" ]] && "$venv/bin/python" -c 'import django, oauth2_provider' >/dev/null 2>&1
}

if is_current; then exit 0; fi

if command -v flock >/dev/null 2>&1; then
  # The lock is taken on requirements.txt, opened read-only: it exists before the venv
  # does, and nothing is written next to it.
  exec 9<"$requirements"
  flock 9
  # Another process may have finished the job while this one waited for the lock.
  if is_current; then exit 0; fi
fi

started=$(date +%s)
if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  say "creating virtual environment at $venv with $python ($python_version)"
  # --clear: a venv whose interpreter is gone (Python upgraded or moved) is rebuilt whole.
  "$python" -m venv --clear "$venv"
fi

say "installing $(grep -cv '^\s*\(#\|$\)' "$requirements") pinned packages from requirements.txt"
rm -f "$marker"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install --no-input --quiet --requirement "$requirements" >&2
"$venv/bin/python" -c 'import django, oauth2_provider' >&2
echo "$wanted" >"$marker"
say "ready in $(($(date +%s) - started)) s: Django $("$venv/bin/python" -c 'import django; print(django.get_version())'), django-oauth-toolkit $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("django-oauth-toolkit"))')"
