#!/usr/bin/env bash
# Renders the real game under Xvfb (software Vulkan from Mesa) and saves PNGs of the lobby, a
# 19×19 game (wide and 400×800), counting, the result, the English lobby and the help pages on a
# 400-px-wide screen, then checks each is a real picture.
# Usage: tools/screenshots.sh [OUT_DIR]   (default $CARGO_TARGET_DIR/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
ensure_packages "${BUILD_PACKAGES[@]}" xvfb xauth mesa-vulkan-drivers
out=${1:-$CARGO_TARGET_DIR/screenshots}
cargo build --locked --example screenshots
rm -rf "$out"
runtime=$(mktemp -d)
XDG_RUNTIME_DIR=$runtime xvfb-run -a -s "-screen 0 1280x1024x24" \
    timeout 600 "$CARGO_TARGET_DIR/debug/examples/screenshots" "$out" > "$runtime/log" 2>&1 \
    || { tail -40 "$runtime/log"; exit 1; }
for shot in lobby game-19x19 phone-19x19 scoring-9x9 result-9x9 lobby-en help-phone; do
    bytes=$(stat -c %s "$out/$shot.png" 2>/dev/null || echo 0)
    # A blank or black frame compresses to a few kilobytes; a drawn board does not.
    [ "$bytes" -gt 20000 ] || { echo "screenshot $shot.png is missing or blank ($bytes bytes)"; tail -40 "$runtime/log"; exit 1; }
done
echo "screenshots: 7 pictures in $out"
