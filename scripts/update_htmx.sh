#!/usr/bin/env bash
# Refresh the vendored htmx from the npm registry (developer-run, not part of CI or start-up).
# usage: scripts/update_htmx.sh 2.0.11
set -euo pipefail
VER=${1:?version, e.g. 2.0.11 (stay on 2.x: 4.x changes request headers and error swapping)}
DEST=$(cd "$(dirname "$0")/.." && pwd)/static/vendor
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
( cd "$tmp" && npm pack --silent "htmx.org@$VER" >/dev/null && tar -xzf "htmx.org-$VER.tgz" )
mkdir -p "$DEST"
cp "$tmp/package/dist/htmx.min.js" "$DEST/htmx-$VER.min.js"
cp "$tmp/package/LICENSE" "$DEST/htmx-LICENSE.txt"
( cd "$DEST" && sha256sum "htmx-$VER.min.js" > "htmx-$VER.min.js.sha256" )
grep -q "version:\"$VER\"" "$DEST/htmx-$VER.min.js" && echo "vendored htmx $VER -> $DEST"
