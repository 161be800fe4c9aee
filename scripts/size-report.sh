#!/usr/bin/env bash
# What a browser downloads for the playground: the release build in dist/
# (wasm + js + css), raw and gzip -9, as a Markdown table.
#
#   scripts/size-report.sh                 print the table
#   scripts/size-report.sh --update-docs   also replace it in docs/sizes-and-benchmarks.md,
#                                          between <!-- sizes:start --> and <!-- sizes:end -->
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist="$root/dist"
if [[ ! -d "$dist" ]]; then
  echo "size-report: no dist/; run \`make build\` first" >&2
  exit 1
fi

kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1024 }'; }

table() {
  local total_raw=0 total_gz=0 f raw gz kind
  echo "| file | kind | raw | gzip -9 |"
  echo "|---|---|---:|---:|"
  shopt -s nullglob
  for f in "$dist"/*.wasm "$dist"/*.js "$dist"/*.css; do
    raw=$(stat -c %s "$f")
    gz=$(gzip -9 -c "$f" | wc -c)
    kind="${f##*.}"
    total_raw=$((total_raw + raw))
    total_gz=$((total_gz + gz))
    # Trunk adds a content hash to each name; the kind is what matters here.
    echo "| $(basename "$f" | sed -E "s/-[0-9a-f]{15,16}//") | $kind | $(kb "$raw") | $(kb "$gz") |"
  done
  echo "| **total** | | **$(kb "$total_raw")** | **$(kb "$total_gz")** |"
}

report="$(table)"
echo "$report"

if [[ "${1:-}" == "--update-docs" ]]; then
  readme="$root/docs/sizes-and-benchmarks.md"
  if ! grep -q '<!-- sizes:start -->' "$readme"; then
    echo "size-report: $readme has no <!-- sizes:start --> marker" >&2
    exit 1
  fi
  tmp="$(mktemp)"
  awk -v report="$report" '
    /<!-- sizes:start -->/ { print; print report; skip = 1; next }
    /<!-- sizes:end -->/ { skip = 0 }
    !skip { print }
  ' "$readme" >"$tmp"
  mv "$tmp" "$readme"
  echo "size-report: $readme updated"
fi
