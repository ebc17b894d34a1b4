#!/usr/bin/env bash
# Installs the system packages warcry-sim needs to build, run and test on a fresh Debian
# machine. Idempotent: installs only what is missing. Needs root (or sudo) for apt-get.
#
# - Rust: the machine's toolchain (rustc 1.95 with cargo, rustfmt and clippy).
# - A window without a GPU: Xvfb plus Mesa's software Vulkan driver (lavapipe); Bevy 0.19
#   renders through Vulkan only.
# - The X11 client libraries winit loads at run time.
# - Chromium, headless: the overlay feed's test opens the overlay page in it as OBS would.
set -euo pipefail

packages=(
  xvfb xauth
  mesa-vulkan-drivers libvulkan1
  libx11-6 libx11-xcb1 libxcursor1 libxi6 libxrandr2 libxkbcommon-x11-0
  chromium
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "setup: system packages present"
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo is not on PATH: install Rust 1.95 (rustup) first" >&2
  exit 1
fi
for c in fmt clippy; do
  if ! cargo "$c" --version >/dev/null 2>&1; then
    echo "setup: adding the $c component"
    rustup component add "$([ "$c" = fmt ] && echo rustfmt || echo clippy)"
  fi
done
