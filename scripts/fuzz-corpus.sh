#!/usr/bin/env bash
# Fills fuzz/seeds/<target>/ with seed inputs taken from the repository: the gallery,
# the project's scenarios, the conformance scenarios and upstream traces beside it
# (../shared), their steps as console lines, their `kubectl patch` bodies, and share
# links of each scenario. Seeds are named by their SHA-1 like libFuzzer's own, so a
# second run adds nothing twice. The directories are not committed (.gitignore).
# The smoke run of `make test` starts from these seeds only; `make fuzz` also reads and
# grows fuzz/corpus/<target>/, what earlier long runs found.
#
#   scripts/fuzz-corpus.sh [dsplay binary]   (default: target/debug/dsplay, built if missing)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
corpus="$root/fuzz/seeds"

dsplay="${1:-$root/target/debug/dsplay}"
if [[ ! -x "$dsplay" ]]; then
  cargo build --quiet -p dsplay-cli
fi

# seed <target>: stdin becomes one seed of that target.
seed() {
  local dir="$corpus/$1" tmp
  mkdir -p "$dir"
  tmp="$(mktemp "$dir/.seed.XXXXXX")"
  cat >"$tmp"
  mv "$tmp" "$dir/$(sha1sum "$tmp" | cut -c1-40)"
}

scenarios=()
for dir in gallery tests/scenarios ../shared/conformance ../shared/upstream; do
  [[ -d "$dir" ]] || continue
  for file in "$dir"/*.yaml; do
    [[ -f "$file" ]] && scenarios+=("$file")
  done
done
if ((${#scenarios[@]} == 0)); then
  echo "fuzz-corpus: no scenario files found" >&2
  exit 1
fi

for file in "${scenarios[@]}"; do
  seed scenario <"$file"
  seed manifest <"$file"
  link="$("$dsplay" encode "$file")"
  printf '%s' "$link" | seed share_link
  printf 'https://example.org/play/%s&f=3&n=node-01' "$link" | seed share_link
done

# The steps of every scenario as console lines: `  - kubectl ...` and the simulation's
# own commands (settle, advance, node ...), one line per seed.
sed -n -E 's/^  - ((kubectl|k|settle|advance|node|wait) .*|settle)$/\1/p' "${scenarios[@]}" | sort -u >"$corpus/.lines"
while IFS= read -r line; do
  printf '%s\n' "$line" | seed console
done <"$corpus/.lines"

# `kubectl patch ... -p '<body>'`: the body, for each case of the patch target
# (byte 0: the patch module; 1, 2: a DaemonSet; 3: a pod's status).
sed -n -E "s/^kubectl patch .* -p '(.*)'$/\1/p" "$corpus/.lines" | sort -u >"$corpus/.patches"
while IFS= read -r body; do
  { printf '\x00'; printf '{"spec":{"minReadySeconds":3,"template":{"spec":{"containers":[{"name":"a","image":"x"}]}}}}\0%s' "$body"; } | seed patch
  for selector in '\x01' '\x02' '\x03' '\x05' '\x09'; do
    { printf "$selector"; printf '%s' "$body"; } | seed patch
  done
done <"$corpus/.patches"
{ printf '\x00'; printf '{"a":{"b":[1,2],"c":null}}\0[{"op":"add","path":"/a/b/-","value":3},{"op":"remove","path":"/a/c"}]'; } | seed patch
{ printf '\x09'; printf '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"agent:2"}]'; } | seed patch
{ printf '\x05'; printf '{"spec":{"template":{"spec":{"containers":[{"name":"agent","$patch":"delete"}]}}}}'; } | seed patch
{ printf '\x03'; printf '{"status":{"conditions":[{"type":"Ready","status":"False"}]}}'; } | seed patch
rm -f "$corpus/.lines" "$corpus/.patches"

for target in scenario manifest share_link console patch; do
  printf 'fuzz-corpus: %-10s %4d seeds\n' "$target" "$(find "$corpus/$target" -type f | wc -l)"
done
