#!/usr/bin/env bash
# Runs every test of Tengen, installing what they need first (GNU Go for the differential
# rules test, Bevy's system libraries, Chromium for the browser test). Usage: ./test.sh
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
ensure_packages "${BUILD_PACKAGES[@]}" gnugo xvfb xauth mesa-vulkan-drivers chromium
# The browser build's tools (wasm-bindgen-cli, npm packages) install beside the native build,
# on the cores it leaves idle.
mkdir -p "$CARGO_TARGET_DIR"
web/tools.sh > "$CARGO_TARGET_DIR/web-tools.log" 2>&1 &
web_tools=$!
cargo test --workspace --locked
# The desktop game rendered for real under Xvfb: lobby, play and counting as PNGs.
tools/screenshots.sh
wait "$web_tools" || { cat "$CARGO_TARGET_DIR/web-tools.log"; exit 1; }
# The browser build (wasm, wasm-bindgen, wasm-opt without its slow size passes: see
# web/build.sh), played in headless Chromium.
web/build.sh --test
node web/e2e.mjs web/dist web/e2e-out
