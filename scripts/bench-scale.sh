#!/usr/bin/env bash
# Whole-scenario scaling: a pool of N nodes, `settle`, `kubectl set image`, `advance 10h`,
# one DaemonSet rolling out at maxUnavailable 1, run by the release `dsplay test`.
# Prints wall time and peak memory (resident set) per size, from /usr/bin/time.
#   scripts/bench-scale.sh [nodes...]     (default: 500 2000 5000)
# Builds only the CLI (release; honours CARGO_TARGET_DIR). DSPLAY=<binary> measures that
# binary instead, without building (to compare two builds on the same machine).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
((${#sizes[@]})) || sizes=(500 2000 5000)

if [[ -n "${DSPLAY:-}" ]]; then
  dsplay="$DSPLAY"
else
  cargo build --quiet --release -p dsplay-cli
  dsplay="${CARGO_TARGET_DIR:-target}/release/dsplay"
fi

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

printf '%-8s %-9s %s\n' nodes wall "peak MB"
for nodes in "${sizes[@]}"; do
  file="$dir/rollout-$nodes.yaml"
  cat >"$file" <<EOF
apiVersion: dsplay/v1
kind: Scenario
metadata: {name: rollout-$nodes}
spec:
  nodePools: [{name: node, count: $nodes}]
  steps:
  - settle
  - kubectl set image ds/agent agent=example/agent:2.0
  - advance 10h
  - expect:
      status: {desiredNumberScheduled: $nodes, updatedNumberScheduled: $nodes, numberAvailable: $nodes}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 1}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: "example/agent:1.0"}]
EOF
  measured="$dir/time-$nodes"
  if ! /usr/bin/time -f '%e %M' -o "$measured" "$dsplay" test "$file" >"$dir/out-$nodes" 2>&1; then
    echo "scenario of $nodes nodes failed:" >&2
    cat "$dir/out-$nodes" >&2
    exit 1
  fi
  read -r wall kb <"$measured"
  printf '%-8s %-9s %s\n' "$nodes" "$wall s" "$((kb / 1024))"
done
