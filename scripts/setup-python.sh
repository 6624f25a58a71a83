#!/usr/bin/env bash
# Prepares Python for the runtime tests: checks for Python 3.10+ and installs uv from PyPI with pip
# when it is missing or older than the version CI tests (the MIN_UV_VERSION of
# src/main/runtime/uv.ts). uv does not read pip's configuration, so this also shows how Gatehouse
# will point uv at pip's index: at run time, from PIP_* variables and `pip config list`
# (src/main/runtime/pip-index.ts). Nothing is written into the repository; no registry host is named
# here; index URLs are shown without credentials. Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/.."

UV_VERSION="$(sed -n "s/^export const MIN_UV_VERSION = '\([0-9.]*\)';$/\1/p" src/main/runtime/uv.ts)"
[ -n "$UV_VERSION" ] || { echo "setup-python: cannot read MIN_UV_VERSION from src/main/runtime/uv.ts" >&2; exit 1; }

python="${GATEHOUSE_SMOKE_PYTHON:-$(command -v python3 || true)}"
[ -n "$python" ] || { echo "setup-python: no python3 on PATH; install Python 3.10 or newer (3.11+ for the TOML oracle test)" >&2; exit 1; }
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'; then
  echo "setup-python: $python is older than 3.10; install a newer Python or set GATEHOUSE_SMOKE_PYTHON" >&2
  exit 1
fi
echo "setup-python: Python $("$python" -c 'import platform; print(platform.python_version())') at $("$python" -c 'import sys; print(sys.executable)')"

version_ok() {
  # true when `uv --version` reports $UV_VERSION or newer
  local have
  have="$(uv --version 2>/dev/null | sed -n 's/^uv \([0-9][0-9.]*\).*/\1/p')"
  [ -n "$have" ] && [ "$(printf '%s\n%s\n' "$UV_VERSION" "$have" | sort -V | head -n1)" = "$UV_VERSION" ]
}

if command -v uv >/dev/null 2>&1 && version_ok; then
  echo "setup-python: $(uv --version) at $(command -v uv)"
else
  echo "setup-python: installing uv==$UV_VERSION with pip"
  # A Debian system Python refuses plain installs (PEP 668); fall back to the user site.
  "$python" -m pip install --disable-pip-version-check -q "uv==$UV_VERSION" \
    || "$python" -m pip install --disable-pip-version-check -q --user "uv==$UV_VERSION" \
    || "$python" -m pip install --disable-pip-version-check -q --user --break-system-packages "uv==$UV_VERSION"
  command -v pyenv >/dev/null 2>&1 && pyenv rehash || true
  # `site --user-base` prints the folder but exits non-zero when the user site is disabled (venvs).
  user_bin="$("$python" -m site --user-base || true)/bin"
  if ! command -v uv >/dev/null 2>&1 && [ -x "$user_bin/uv" ]; then
    echo "setup-python: uv is in $user_bin, which is not on PATH; run: export PATH=\"$user_bin:\$PATH\"" >&2
    exit 1
  fi
  command -v uv >/dev/null 2>&1 || { echo "setup-python: uv is still not on PATH after pip install" >&2; exit 1; }
  echo "setup-python: $(uv --version) at $(command -v uv)"
fi

# How uv will be pointed at pip's index (the same rules as src/main/runtime/pip-index.ts).
pip_setting() {
  local env_name="$1" key="$2" value
  value="${!env_name:-}"
  if [ -z "$value" ]; then
    value="$("$python" -m pip config list 2>/dev/null | sed -n "s/^[^.=]*\.$key=['\"]\(.*\)['\"]$/\1/p" | tail -n1)"
  fi
  printf '%s' "$value"
}
hide_credentials() { sed -E 's#(://)[^/@]*@#\1<redacted>@#g; s#\?.*##'; }

index="$(pip_setting PIP_INDEX_URL index-url)"
extra="$(pip_setting PIP_EXTRA_INDEX_URL extra-index-url)"
links="$(pip_setting PIP_FIND_LINKS find-links)"
cert="$(pip_setting PIP_CERT cert)"
if [ -n "${UV_DEFAULT_INDEX:-}${UV_INDEX_URL:-}" ]; then
  echo "setup-python: uv default index: set by the operator (UV_DEFAULT_INDEX/UV_INDEX_URL), kept as is"
elif [ -n "$index" ]; then
  echo "setup-python: uv default index: UV_DEFAULT_INDEX=$(printf '%s' "$index" | hide_credentials) (from pip's index-url)"
else
  echo "setup-python: uv default index: pip sets no index-url, so uv uses its built-in default index, as pip does"
fi
[ -z "$extra" ] || echo "setup-python: uv extra indexes: UV_INDEX=$(printf '%s' "$extra" | hide_credentials) (from pip's extra-index-url)"
if [ -n "$links" ]; then
  for link in $links; do
    if [ -e "$link" ] || [[ "$link" == *://* ]]; then echo "setup-python: uv find-links: $link (from pip's find-links; passed as UV_FIND_LINKS)"
    else echo "setup-python: uv find-links: $link is in pip's config but does not exist; left out"; fi
  done
fi
[ -z "$cert" ] || [ -n "${SSL_CERT_FILE:-}" ] || echo "setup-python: TLS: SSL_CERT_FILE=$cert (from pip's cert)"
echo "setup-python: Gatehouse reads these at run time for every uv it starts; nothing was written"
