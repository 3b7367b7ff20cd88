#!/usr/bin/env bash
# Runs every test of Tengen, installing what they need first (GNU Go for the differential
# rules test, Bevy's system libraries, Chromium for the browser test). Usage: ./test.sh
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
ensure_packages "${BUILD_PACKAGES[@]}" gnugo xvfb xauth mesa-vulkan-drivers chromium
# The browser build's tools (wasm-bindgen-cli, npm packages) install beside the native build,
# on the cores it leaves idle; the browser build then runs beside the tests and screenshots.
mkdir -p "$CARGO_TARGET_DIR"
web/tools.sh > "$CARGO_TARGET_DIR/web-tools.log" 2>&1 &
web_tools=$!
# A failure stops the background builds too.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
cargo test --workspace --locked --no-run
wait "$web_tools" || { cat "$CARGO_TARGET_DIR/web-tools.log"; exit 1; }
# The browser build (wasm, wasm-bindgen, wasm-opt without its slow size passes: see
# web/build.sh).
web/build.sh --test > "$CARGO_TARGET_DIR/web-build.log" 2>&1 &
web_build=$!
cargo test --workspace --locked
# The desktop game rendered for real under Xvfb: lobby, play and counting as PNGs.
tools/screenshots.sh
wait "$web_build" || { cat "$CARGO_TARGET_DIR/web-build.log"; exit 1; }
grep '^tengen:web-size site' "$CARGO_TARGET_DIR/web-build.log"
# The browser build played in headless Chromium, with nothing else running (it measures times).
node web/e2e.mjs web/dist web/e2e-out
