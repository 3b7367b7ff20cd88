#!/usr/bin/env bash
# Runs every test of Tengen, installing what they need first (GNU Go for the differential
# rules test, Bevy's system libraries, Chromium for the browser test). Usage: ./test.sh
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
ensure_packages "${BUILD_PACKAGES[@]}" gnugo xvfb xauth mesa-vulkan-drivers chromium
cargo test --workspace --locked
# The desktop game rendered for real under Xvfb: lobby, play and counting as PNGs.
tools/screenshots.sh
# The browser build (wasm, wasm-bindgen, wasm-opt), played in headless Chromium.
web/build.sh
node web/e2e.mjs web/dist web/e2e-out
