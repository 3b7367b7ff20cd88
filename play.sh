#!/usr/bin/env bash
# Builds and starts Tengen on the desktop, installing Bevy's system libraries first.
# Usage: ./play.sh [--mode ai --size 9 --level hard …]
#        ./play.sh --web [PORT]   builds the browser version and serves it on http://localhost:PORT
set -euo pipefail
cd "$(dirname "$0")"
if [ "${1:-}" = --web ]; then
    web/build.sh
    port="${2:-8080}"
    echo "Open http://localhost:$port/ (or ?mode=ai&size=9&level=easy to start straight in a game)"
    exec python3 -m http.server "$port" --directory web/dist
fi
. scripts/deps.sh
ensure_packages "${BUILD_PACKAGES[@]}"
cargo run --release --locked --bin tengen -- "$@"
