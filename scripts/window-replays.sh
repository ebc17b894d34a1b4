#!/usr/bin/env bash
# Plays N battles in the game's window (the built-in policy for your side, the solo AI for the
# other, all decided in one burst before the first frame), each kept by the window as a replay
# when it ends, then checks every replay with `replay --verify`.
#
#   scripts/window-replays.sh [N=100] [FIRST_SEED=1001]
#
# Needs a display: under Xvfb when DISPLAY is unset. Works in a fresh temporary folder, whose
# replays/ it leaves for a look.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100}
first=${2:-1001}
cargo build --quiet
bin=$PWD/target/debug/warcry-sim
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" "$@"
fi
work=$(mktemp -d /tmp/window-replays.XXXXXX)
cd "$work"
for seed in $(seq "$first" $((first + n - 1))); do
  "$bin" --seed "$seed" --autoplay 5000 --screenshot "$work/end.png" --exit --frames 5 \
    >/dev/null 2>&1 || { echo "the window failed on seed $seed" >&2; exit 1; }
done
kept=$(find replays -name '*.replay.ron' | wc -l)
failed=0
for f in replays/*.replay.ron; do
  "$bin" replay "$f" --verify >/dev/null || { echo "$f: does not verify" >&2; failed=$((failed + 1)); }
done
echo "$n battles played in the window, $kept replays kept, $((kept - failed)) verified, $failed failed ($work)"
[ "$kept" -eq "$n" ] && [ "$failed" -eq 0 ]
