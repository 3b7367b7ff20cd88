#!/usr/bin/env bash
# Renders the real game under Xvfb (software Vulkan from Mesa) and saves a PNG of every screen,
# then checks each is a real picture. Quick by default (Chinese, light, 1280×800 and 400×800: what
# CI checks); `--all` adds 1000×760, English and the dark theme (both languages); `--docs` also
# writes the set the README shows to docs/screens (quantised with pngquant to keep the
# repository small).
# Usage: tools/screenshots.sh [--all|--docs] [OUT_DIR]   (default $CARGO_TARGET_DIR/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
mode=quick
case "${1:-}" in --all|--docs) mode=${1#--}; shift ;; esac
packages=("${BUILD_PACKAGES[@]}" xvfb xauth mesa-vulkan-drivers)
[ "$mode" = docs ] && packages+=(pngquant)
ensure_packages "${packages[@]}"
out=${1:-$CARGO_TARGET_DIR/screenshots}
# --workspace: the same features as `cargo test --workspace` (the worker crate adds some to syn),
# so the example is the one the tests already built instead of a second build of Bevy.
cargo build --locked --workspace --example screenshots
rm -rf "$out"
runtime=$(mktemp -d)
quick=$([ "$mode" = quick ] && echo quick || true)
XDG_RUNTIME_DIR=$runtime xvfb-run -a -s "-screen 0 1400x1024x24" \
    timeout "$([ "$mode" = quick ] && echo 1200 || echo 2700)" "$CARGO_TARGET_DIR/debug/examples/screenshots" "$out" $quick > "$runtime/log" 2>&1 \
    || { tail -40 "$runtime/log"; exit 1; }
count=0
for shot in "$out"/*.png; do
    bytes=$(stat -c %s "$shot")
    # A blank or black frame compresses to a few kilobytes; a drawn screen does not.
    [ "$bytes" -gt 12000 ] || { echo "screenshot $shot is blank ($bytes bytes)"; tail -40 "$runtime/log"; exit 1; }
    count=$((count + 1))
done
expected=$([ "$mode" = quick ] && echo 34 || echo 204)
[ "$count" -eq "$expected" ] || { echo "screenshots: $count of $expected pictures"; tail -40 "$runtime/log"; exit 1; }
echo "screenshots: $count pictures in $out"
if [ "$mode" = docs ]; then
    rm -rf docs/screens && mkdir -p docs/screens
    for shot in "$out"/*.png; do
        name=$(basename "$shot")
        case "$name" in *-en.png) [[ "$name" == *1280x800* ]] || continue ;; esac
        case "$name" in *-en-dark.png) continue ;; esac
        case "$name" in *-dark.png) [[ "$name" == *400x800* ]] || continue ;; esac
        pngquant --quality 70-90 --speed 1 -f -o "docs/screens/$name" "$shot"
    done
    echo "docs/screens: $(ls docs/screens | wc -l) pictures, $(du -sh docs/screens | cut -f1)"
fi
