#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked gnome-keyring (the Secret
# Service), so the keychain tests use a real keychain and never the operator's own. Everything lives in
# a fresh temporary HOME with its own XDG folders: unlocking an existing keyring with another password
# makes gnome-keyring open a prompt, and every access then fails.
#
#   bash scripts/with-keychain.sh npx vitest run --project keychain
#
# The command sees GATEHOUSE_TEST_KEYCHAIN=1; the keychain tests refuse to run without it.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-keychain.sh COMMAND [ARG...]" >&2
  exit 64
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keychain: $tool is not installed; run scripts/setup-test-host.sh (packages dbus, gnome-keyring)" >&2
    exit 69
  fi
done

real_home="${HOME:-}"
base="$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-kc.XXXXXX")"
trap 'rm -rf "$base"' EXIT

export HOME="$base/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share" XDG_CACHE_HOME="$HOME/.cache"
# TMPDIR stays as it was: Chromium's singleton socket path must fit in 108 bytes, and the e2e tests nest
# their own temp folders in it.
export XDG_STATE_HOME="$HOME/.local/state" XDG_RUNTIME_DIR="$base/run"
# npm keeps its cache and logs under HOME; point it back at the real one so npx stays offline-capable.
if [ -n "$real_home" ]; then export npm_config_cache="${npm_config_cache:-$real_home/.npm}"; fi
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$base" "$XDG_RUNTIME_DIR"
export GATEHOUSE_TEST_KEYCHAIN=1
unset DBUS_SESSION_BUS_ADDRESS

status=0
dbus-run-session -- sh -c '
  printf %s test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || {
    echo "with-keychain: gnome-keyring-daemon did not start" >&2
    exit 69
  }
  exec "$@"
' with-keychain "$@" || status=$?
exit "$status"
