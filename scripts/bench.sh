#!/usr/bin/env bash
# Runs the engine's scaling benchmarks (crates/engine/benches/rollout.rs) and prints
# one line per benchmark with criterion's middle estimate. Takes a few minutes.
#   scripts/bench.sh            all benchmarks
#   scripts/bench.sh sync/      only those whose name contains "sync/"
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo bench -p dsplay-engine --bench rollout -- "$@" 2>&1 | tee "$log" >&2
echo
printf '%-36s %s\n' "benchmark" "time (median estimate)"
awk '
  /time:/ {
    if ($1 != "time:") name = $1
    match($0, /\[[^]]*\]/)
    split(substr($0, RSTART + 1, RLENGTH - 2), t, " ")
    printf "%-36s %s %s\n", name, t[3], t[4]
    next
  }
  NF == 1 && $1 ~ /\// { name = $1 }
' "$log"
