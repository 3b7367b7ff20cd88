#!/usr/bin/env bash
# Hard against Pachi 12 without its neural network (one thread, ~1.4 s a move on 9×9, ~2.3 s on
# 19×19: stock Pachi keeps 2 s of its time budget back), GNU Go as referee. Pachi is built from its
# public source (github.com/pasky/pachi, GPL-2.0) in $PACHI_DIR for matches only; none of it is
# part of this repository.
# Usage: tools/pachi.sh [GAMES] [SIZE] [OUT_DIR]   (about 3 minutes a game on 9×9)
#   PACHI_SRC=/path/to/pachi/checkout   build from a local checkout instead of cloning
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
ensure_packages gnugo git make gcc
games=${1:-40}
size=${2:-9}
out=${3:-pachi-out}
pachi_dir=${PACHI_DIR:-$HOME/.cache/pachi}
if [ ! -x "$pachi_dir/pachi" ]; then
    rm -rf "$pachi_dir"
    git clone --quiet "${PACHI_SRC:-https://github.com/pasky/pachi}" "$pachi_dir"
    make -C "$pachi_dir" -j"$(nproc)" DCNN=0 JOSEKIFIX=0 > "$pachi_dir.build.log" 2>&1 \
        || { tail -20 "$pachi_dir.build.log"; exit 1; }
fi
seconds=$([ "$size" -ge 19 ] && echo 4.4 || echo 3.7)
cargo build --release --locked --bin tengen-gtp --bin tengen-match
bin=$CARGO_TARGET_DIR/release
mkdir -p "$out"
# Pachi reads its pattern files from the directory it starts in.
"$bin/tengen-match" --games "$games" --size "$size" --komi 7.5 \
    --a "$bin/tengen-gtp --level hard" \
    --b "cd $pachi_dir && ./pachi -t $seconds threads=1 2>/dev/null" \
    --referee "/usr/games/gnugo --mode gtp --chinese-rules" --sgf-dir "$out/hard-vs-pachi-$size" \
    | tee "$out/hard-vs-pachi-$size.txt"
