#!/usr/bin/env bash
# Runs every test of Tengen, installing what they need first (GNU Go for the differential
# rules test, Bevy's system libraries). Usage: ./test.sh
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
ensure_packages "${BUILD_PACKAGES[@]}" gnugo xvfb xauth mesa-vulkan-drivers
cargo test --workspace --locked
# The computer player also runs in the browser: it must build for wasm32.
rustup target list --installed | grep -q wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo build --locked -p tengen-ai --lib --target wasm32-unknown-unknown
# …and the game's browser-only paths (the stepped search) must keep compiling.
cargo check --locked -p tengen --target wasm32-unknown-unknown
# The desktop game rendered for real under Xvfb: lobby, play and counting as PNGs.
tools/screenshots.sh
