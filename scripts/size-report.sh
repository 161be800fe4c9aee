#!/usr/bin/env bash
# What a browser downloads for the playground: the release build in dist/
# (wasm + js + css), raw, gzip -9 and brotli (the .gz and .br files the build writes
# beside each, scripts/precompress.mjs), as a Markdown table.
#
#   scripts/size-report.sh                 print the table
#   scripts/size-report.sh --update-docs   also replace it in docs/sizes-and-benchmarks.md,
#                                          between <!-- sizes:start --> and <!-- sizes:end -->
#   scripts/size-report.sh --check         print the table, then fail (`0 passed, 1 failed`)
#                                          when a total is over size-budget.txt by more than 2%
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist="$root/dist"
if [[ ! -d "$dist" ]]; then
  echo "size-report: no dist/; run \`make build\` first" >&2
  exit 1
fi

kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1024 }'; }

# The size of `$1.$2` (the precompressed copy), or of `$1` compressed now.
compressed() {
  if [[ -f "$1.$2" ]]; then
    stat -c %s "$1.$2"
  elif [[ "$2" == gz ]]; then
    gzip -9 -c "$1" | wc -c
  else
    node -e 'const z = require("node:zlib"); process.stdout.write(String(z.brotliCompressSync(require("node:fs").readFileSync(process.argv[1]), { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11 } }).length))' "$1"
  fi
}

total_raw=0 total_gz=0 total_br=0
table() {
  local f raw gz br kind
  echo "| file | kind | raw | gzip -9 | brotli |"
  echo "|---|---|---:|---:|---:|"
  shopt -s nullglob
  for f in "$dist"/*.wasm "$dist"/*.js "$dist"/*.css; do
    raw=$(stat -c %s "$f")
    gz=$(compressed "$f" gz)
    br=$(compressed "$f" br)
    kind="${f##*.}"
    total_raw=$((total_raw + raw))
    total_gz=$((total_gz + gz))
    total_br=$((total_br + br))
    # Trunk adds a content hash to each name (before it for the initializer module);
    # the kind is what matters here.
    echo "| $(basename "$f" | sed -E "s/-[0-9a-f]{15,16}//; s/^[0-9a-f]{15,16}-//") | $kind | $(kb "$raw") | $(kb "$gz") | $(kb "$br") |"
  done
  echo "| **total** | | **$(kb "$total_raw")** | **$(kb "$total_gz")** | **$(kb "$total_br")** |"
  echo "totals $total_raw $total_gz $total_br"
}

lines="$(table)"
report="$(grep -v '^totals ' <<<"$lines")"
read -r _ total_raw total_gz total_br < <(grep '^totals ' <<<"$lines")
echo "$report"

if [[ "${1:-}" == "--check" ]]; then
  budget="$root/size-budget.txt"
  over=0
  for kind in gzip brotli; do
    limit=$(awk -v k="$kind" '$1 == k { print $2 }' "$budget")
    total=$([[ $kind == gzip ]] && echo "$total_gz" || echo "$total_br")
    allowed=$((limit * 102 / 100))
    if ((total > allowed)); then
      echo "size: $kind total $total bytes is over the budget $limit (+2% = $allowed) in size-budget.txt"
      over=1
    else
      echo "size: $kind total $total bytes, budget $limit (+2% = $allowed)"
    fi
  done
  if ((over)); then
    echo "0 passed, 1 failed"
    exit 1
  fi
  echo "1 passed, 0 failed"
fi

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
