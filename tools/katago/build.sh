#!/usr/bin/env bash
# Build KataGo (CPU / Eigen backend) outside the repository, for use as an
# outside judge by tools/katago/judge.py.  Not needed by ./test.sh.
#
#   tools/katago/build.sh            # builds into ~/.cache/katago
#   KATAGO_DIR=/some/dir tools/katago/build.sh
#
# Result:
#   $KATAGO_DIR/src/cpp/build/katago                      the engine
#   $KATAGO_DIR/g170-b6c96-s175395328-d26788732.bin.gz    a small real network
#   $KATAGO_DIR/analysis.cfg                              analysis config
#
# Idempotent: every step is skipped when its result already exists.
# Source: the local bare mirror /work/.mirror/lightvector+KataGo/repo if it
# exists (override with KATAGO_MIRROR), else a clone of GitHub at v1.17.2.
set -euo pipefail

KATAGO_DIR=${KATAGO_DIR:-$HOME/.cache/katago}
KATAGO_TAG=${KATAGO_TAG:-v1.17.2}
KATAGO_MIRROR=${KATAGO_MIRROR:-/work/.mirror/lightvector+KataGo/repo}
NET=g170-b6c96-s175395328-d26788732.bin.gz
SRC=$KATAGO_DIR/src
BUILD=$SRC/cpp/build
NICE="nice -n 15"

mkdir -p "$KATAGO_DIR"

# 1. Source.
if [ ! -f "$SRC/cpp/CMakeLists.txt" ]; then
  rm -rf "$SRC"
  mkdir -p "$SRC"
  if [ -d "$KATAGO_MIRROR" ]; then
    echo "== exporting KataGo $KATAGO_TAG from $KATAGO_MIRROR"
    # The mirror may lack a few large test blobs; leave out those we do not
    # need (only the b6c96 .bin.gz network is used). git may still print "invalid object"
    # for them; the archive is complete all the same.
    git --git-dir="$KATAGO_MIRROR" archive -o "$KATAGO_DIR/src.tar" "$KATAGO_TAG" -- . \
      ':!cpp/tests/models/*.txt.gz' \
      ':!cpp/tests/models/b4c256h4nbttflrs-fson-silu-rsnh.bin.gz' \
      ':!cpp/tests/models/g170e-b10c128-s1141046784-d204142634.bin.gz'
    tar -xf "$KATAGO_DIR/src.tar" -C "$SRC"
    rm -f "$KATAGO_DIR/src.tar"
  else
    echo "== cloning KataGo $KATAGO_TAG from GitHub"
    rm -rf "$SRC"
    git clone --depth 1 --branch "$KATAGO_TAG" https://github.com/lightvector/KataGo "$SRC"
  fi
fi

# 2. Build dependencies (Debian / Ubuntu).
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v g++ >/dev/null || need+=(g++)
[ -d /usr/include/eigen3 ] || need+=(libeigen3-dev)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/zip.h ] || need+=(libzip-dev)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get install -y "${need[@]}"
fi

# 3. Build.
if [ ! -x "$BUILD/katago" ]; then
  avx2=()
  if grep -qw avx2 /proc/cpuinfo; then avx2=(-DUSE_AVX2=1); fi
  mkdir -p "$BUILD"
  (cd "$BUILD" &&
    $NICE cmake .. -DUSE_BACKEND=EIGEN -DNO_GIT_REVISION=1 -DCMAKE_BUILD_TYPE=Release "${avx2[@]}" &&
    $NICE make -j"${JOBS:-2}")
fi

# 4. Network.
if [ ! -f "$KATAGO_DIR/$NET" ]; then
  if [ -f "$SRC/cpp/tests/models/$NET" ]; then
    cp "$SRC/cpp/tests/models/$NET" "$KATAGO_DIR/$NET"
  elif [ -d "$KATAGO_MIRROR" ]; then
    git --git-dir="$KATAGO_MIRROR" show "$KATAGO_TAG:cpp/tests/models/$NET" > "$KATAGO_DIR/$NET"
  else
    echo "network $NET not found" >&2; exit 1
  fi
fi

# 5. Analysis config (keys from cpp/configs/analysis_example.cfg).
if [ ! -f "$KATAGO_DIR/analysis.cfg" ]; then
  cat > "$KATAGO_DIR/analysis.cfg" <<'EOF'
# Minimal KataGo analysis config for tools/katago/judge.py.
logDir = analysis_logs
logToStderr = false
logAllRequests = false
logAllResponses = false
logSearchInfo = false
# Report winrate and scoreLead from Black's point of view.
reportAnalysisWinratesAs = BLACK
# Deterministic-ish, plain search.
wideRootNoise = 0.0
# Rules (chinese) and komi (7.5) are sent with every query by judge.py.
maxVisits = 400
numAnalysisThreads = 1
numSearchThreads = 2
nnMaxBatchSize = 8
nnCacheSizePowerOfTwo = 20
nnMutexPoolSizePowerOfTwo = 14
numNNServerThreadsPerModel = 1
EOF
fi

# 6. Smoke test.
echo '{"id":"smoke","moves":[["B","E5"]],"rules":"chinese","komi":7.5,"boardXSize":9,"boardYSize":9,"maxVisits":20}' |
  (cd "$KATAGO_DIR" && $NICE "$BUILD/katago" analysis -config analysis.cfg -model "$NET" 2>/dev/null) |
  head -c 300
echo
echo "== KataGo ready: $BUILD/katago  model $KATAGO_DIR/$NET  config $KATAGO_DIR/analysis.cfg"
