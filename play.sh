#!/usr/bin/env bash
# Builds and starts Tengen on the desktop, installing Bevy's system libraries first.
# Usage: ./play.sh [--mode ai --size 9 --level hard …]
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
ensure_packages "${BUILD_PACKAGES[@]}"
cargo run --release --locked --bin tengen -- "$@"
