# Sourced by play.sh and test.sh: installs the Debian packages the build and tests need, once.
# Linux only; elsewhere the Rust toolchain alone builds the game.

: "${CARGO_TARGET_DIR:=$HOME/.cache/tengen-target}"
export CARGO_TARGET_DIR

ensure_packages() {
    [ "$(uname -s)" = Linux ] && command -v dpkg >/dev/null || return 0
    local missing=()
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing ${missing[*]} …"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# What Bevy links against on Linux (sound, input devices, windows).
BUILD_PACKAGES=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev)
