#!/usr/bin/env bash
# The ladder of the computer's levels (docs/ladder.md): every level against the one below on 9×9,
# GNU Go 3.8 at levels 0, 5 and 10 against the levels nearest them, optionally the same adjacent
# pairs on 13×13 and 19×19; then Elo ratings from all the games (tools/elo.py). GNU Go is the
# referee of every game, so our dead-stone judgement is compared with its own.
# Usage: tools/ladder.sh [OUT_DIR]
#   GAMES=20                      games a pair on 9×9 (colours alternate)
#   ANCHORS="0:7 0:8 5:7 5:8 10:9 10:10"   GNU Go level:our level pairings on 9×9
#   ANCHOR_GAMES=20               games a GNU Go pairing
#   BIG_GAMES=0                   games an adjacent pair on 13×13 and on 19×19 (the issue asks 6)
#   LOW=2                         the lowest level paired with the one below it
# A pairing whose result is already in OUT_DIR is not played again: stop it any time, and run it
# again to go on. Long: about two hours on one core at the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
ensure_packages gnugo python3
out=${1:-ladder-out}
games=${GAMES:-20}
anchor_games=${ANCHOR_GAMES:-20}
mkdir -p "$out"
cargo build --release --locked -p tengen-ai --bin tengen-gtp --bin tengen-match
bin=$CARGO_TARGET_DIR/release
gnugo="/usr/games/gnugo --mode gtp --chinese-rules"
# The top of the ladder, from the engine's own usage line ("--level 1..N|…").
max=$({ "$bin/tengen-gtp" --level 0 2>&1 || true; } | sed -n 's/.*--level 1\.\.\([0-9]*\).*/\1/p')
ours() { echo "$bin/tengen-gtp --level $1 --seed $2"; }
match() { # name size games a b
    if grep -q '^A wins' "$out/$1.txt" 2>/dev/null; then
        echo "== $1 (done)"
        return
    fi
    echo "== $1"
    "$bin/tengen-match" --games "$3" --size "$2" --a "$4" --b "$5" --referee "$gnugo" \
        --sgf-dir "$out/$1" > "$out/$1.txt"
    grep '^A wins' "$out/$1.txt"
}
for ((n = ${LOW:-2}; n <= max; n++)); do
    match "$n-vs-$((n - 1))-9x9" 9 "$games" "$(ours $n 1)" "$(ours $((n - 1)) 2)"
done
for pairing in ${ANCHORS:-0:7 0:8 5:7 5:8 10:9 10:10}; do
    gnu=${pairing%%:*} level=${pairing##*:}
    match "$level-vs-gnugo$gnu-9x9" 9 "$anchor_games" "$(ours "$level" 3)" "$gnugo --level $gnu"
done
if [ "${BIG_GAMES:-0}" -gt 0 ]; then
    for size in 13 19; do
        for ((n = ${LOW:-2}; n <= max; n++)); do
            match "$n-vs-$((n - 1))-${size}x$size" "$size" "$BIG_GAMES" "$(ours $n 1)" "$(ours $((n - 1)) 2)"
        done
    done
fi
python3 tools/elo.py "$out"/*-9x9 | tee "$out/elo-9x9.md"
