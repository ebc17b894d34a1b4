#!/usr/bin/env bash
# Runs every test: the full build (with the 3D view; the render test starts its own Xvfb), then
# the headless core alone, after checking that it pulls in no window or render crate.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d ../shared ]; then
  echo "== ../shared is not beside the repository: the checks against the team's rules files and"
  echo "   the community data are skipped (each says so on stderr); everything else runs"
fi

echo "== headless core: no window or render crate"
if cargo tree --no-default-features -e normal --prefix none | grep -Ei '^(wgpu|winit|egui|bevy_render|bevy_winit|bevy_egui) '; then
  echo "the headless build depends on a window or render crate (above)" >&2
  exit 1
fi

echo "== tests, headless core (--no-default-features)"
cargo test --no-default-features

echo "== tests, full build (gui)"
cargo test
