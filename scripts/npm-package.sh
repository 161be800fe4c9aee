#!/usr/bin/env bash
# Builds the npm package of the engine, pkg/ (dsplay-wasm: ES module + .wasm + typed .d.ts),
# with wasm-pack offline:
#   - wasm-bindgen-cli must equal the pinned `wasm-bindgen` crate (=0.2.130); with
#     `--mode no-install` a mismatch fails at once instead of compiling another CLI;
#   - wasm-opt must be npm's binaryen (package.json), the only one that reads what
#     wasm-bindgen 0.2.130 writes (see ../shared/TOOLCHAIN.md), so node_modules/.bin
#     goes first on PATH.
#
#   scripts/npm-package.sh          build pkg/
#   scripts/npm-package.sh --test   also run the wasm-bindgen tests under Node first
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

wanted="0.2.130"
if ! command -v wasm-bindgen >/dev/null || [[ "$(wasm-bindgen --version)" != "wasm-bindgen $wanted" ]]; then
  echo "npm-package: wasm-bindgen $wanted is needed on PATH:" >&2
  echo "  cargo install wasm-bindgen-cli --version $wanted" >&2
  exit 1
fi
if ! command -v wasm-pack >/dev/null; then
  echo "npm-package: wasm-pack is needed: cargo install --locked wasm-pack --version 0.15.1" >&2
  exit 1
fi
if [[ ! -x node_modules/.bin/wasm-opt ]]; then
  npm ci --no-audit --no-fund
fi
export PATH="$root/node_modules/.bin:$PATH"

if [[ "${1:-}" == "--test" ]]; then
  wasm-pack test --node --mode no-install crates/wasm
fi
# --out-dir is relative to the crate: ../../pkg is the repository's pkg/.
wasm-pack build crates/wasm --target web --mode no-install --out-dir ../../pkg
ls -l pkg
