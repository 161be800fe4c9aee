#!/bin/sh
# Writes www/embeds-example.html: three poster-first embeds of gallery scenarios, made
# by `dsplay poster --embed ./` (the playground beside the page). Run after changing
# the posters or those scenarios: `sh scripts/embeds-example.sh [path/to/dsplay]`.
set -eu
cd "$(dirname "$0")/.."
DSPLAY=${1:-target/release/dsplay}
OUT=www/embeds-example.html
embed() { "$DSPLAY" poster "gallery/$1.yaml" --frame "$2" --lang "$3" --theme "$4" --embed ./ -o -; }
{
cat <<'HTML'
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>DaemonSet Playground: poster-first embeds</title>
    <style>
      body { font: 15px/1.5 system-ui, sans-serif; margin: 24px auto; max-width: 900px; padding: 0 16px; }
      iframe { border: 1px solid #cfd7e3; border-radius: 8px; }
    </style>
  </head>
  <body>
    <h1>Three embedded playgrounds, a picture each until clicked</h1>
    <p>
      Each iframe below shows a poster of one frame of a scenario (an SVG inside the iframe's
      <code>srcdoc</code>, no script) and loads the playground only when its Play button is
      clicked. Made by <code>dsplay poster &lt;scenario&gt; --frame N --embed ./</code>: see
      <code>docs/embedding.md</code>.
    </p>
    <h2>A rolling update, one node at a time</h2>
HTML
embed node-exporter-rollout 52 en light
cat <<'HTML'
    <h2>Cordon and drain</h2>
HTML
embed cordon-and-drain 27 en dark
cat <<'HTML'
    <h2>零停机：maxSurge 滚动更新</h2>
HTML
embed zero-downtime-max-surge 14 zh light
cat <<'HTML'
  </body>
</html>
HTML
} > "$OUT"
echo "$OUT: $(wc -c < "$OUT") bytes"
