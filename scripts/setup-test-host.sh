#!/usr/bin/env bash
# Installs what the full test suite needs on a Debian/Ubuntu host: Debian's Chromium for the e2e tests
# (test tools never download a browser), Xvfb for headful runs, gnome-keyring for the real keychain
# tests, bubblewrap for confined children, and nginx for the replicas proof (deploy/nginx; the proof
# runs its own nginx on free loopback ports). Safe to run twice.
# buildah (to build deploy/container's image) is optional: SETUP_BUILDAH=1 adds it.
set -euo pipefail

packages=(chromium xvfb xauth gnome-keyring bubblewrap dbus nginx)
[ "${SETUP_BUILDAH:-0}" = 1 ] && packages+=(buildah)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup-test-host: all packages present (${packages[*]})"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup-test-host: run as root or install sudo" >&2; exit 1; }
  sudo="sudo"
fi

echo "setup-test-host: installing ${missing[*]}"
$sudo apt-get update -qq
# A system nginx the package may start (port 80) does not matter: the proof runs its own on free loopback ports.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
