#!/bin/sh
# Writes the posters of index.html's first screen: the default scenario's last frame in
# each language and theme, drawn by `dsplay poster`, between the first-screen markers.
# Run after changing the posters or the default scenario:
# `sh scripts/first-screen.sh [path/to/dsplay]`. crates/cli/tests/first_screen.rs fails
# while index.html holds posters other than the ones this would write.
set -eu
cd "$(dirname "$0")/.."
DSPLAY=${1:-target/debug/dsplay}
SCENARIO=crates/web/scenarios/getting-started.yaml
posters=$(mktemp)
trap 'rm -f "$posters"' EXIT
for lang in en zh; do
  for theme in light dark; do
    printf '      <div class="first-poster" data-poster-lang="%s" data-poster-theme="%s">' "$lang" "$theme"
    "$DSPLAY" poster "$SCENARIO" --frame end --lang "$lang" --theme "$theme" -o - 2>/dev/null
    printf '</div>\n'
  done
done >"$posters"
# Keep the markers' lines, replace what is between them.
awk -v posters="$posters" '
  /<!-- first-screen:posters:start -->/ { print; while ((getline line < posters) > 0) print line; skip = 1; next }
  /<!-- first-screen:posters:end -->/ { skip = 0 }
  !skip { print }
' index.html >index.html.new
mv index.html.new index.html
