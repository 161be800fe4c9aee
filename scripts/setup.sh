#!/usr/bin/env bash
# Installs what building and testing the playground needs, and nothing that is
# already there at the pinned version. Both `make serve` and `make test` call it,
# so a second run (or CI on a machine where an earlier run installed the tools)
# takes a few seconds.
#
# Nothing here downloads prebuilt binaries: Rust tools are built from source with
# `cargo install`, wasm-opt and Playwright come from the pinned npm lockfile, and
# Chromium comes from Debian's apt repository.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

TRUNK_VERSION="0.21.14"
WASM_PACK_VERSION="0.15.1"
# The fuzz suite's driver (fuzz/, docs/fuzzing.md); 0.13.2 builds with Rust 1.95, and
# RUSTC_BOOTSTRAP=1 lets the stable compiler take the -Z flags it passes.
CARGO_FUZZ_VERSION="0.13.2"
# wasm-bindgen-cli must equal the wasm-bindgen crate the app links against, or
# the generated JS glue and the wasm disagree.
WASM_BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if [[ -z "$WASM_BINDGEN_VERSION" ]]; then
  echo "setup: no wasm-bindgen package in Cargo.lock" >&2
  exit 1
fi

export PATH="$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf 'setup: %s\n' "$*"; }

as_root() {
  if [[ "$(id -u)" == 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo -n "$@"
  else
    echo "setup: need root for: $*" >&2
    return 1
  fi
}

apt_updated=""
apt_install() {
  if [[ -z "$apt_updated" ]]; then
    step "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
  step "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# `cargo install` a tool unless `<bin> --version` already reports the version.
cargo_tool() {
  local bin="$1" version="$2"
  shift 2
  local have
  have="$("$bin" --version 2>/dev/null | awk '{ print $2 }' || true)"
  if [[ "$have" == "$version" ]]; then
    step "$bin $version present"
    return
  fi
  step "$bin ${have:-missing}, building $version from source (takes minutes on 2 cores)"
  cargo install "$@" --version "$version"
}

# 1. The Rust toolchain and wasm target named in rust-toolchain.toml.
target="wasm32-unknown-unknown"
if rustup target list --installed | grep -qx "$target"; then
  step "rust target $target present"
else
  step "rustup target add $target"
  rustup target add "$target"
fi

# 2. Rust tools, built from source at pinned versions.
cargo_tool trunk "$TRUNK_VERSION" --locked trunk
# Not --locked: its lockfile pins a webpki-roots release the registry lacks.
cargo_tool wasm-bindgen "$WASM_BINDGEN_VERSION" wasm-bindgen-cli
cargo_tool wasm-pack "$WASM_PACK_VERSION" --locked wasm-pack
cargo_tool cargo-fuzz "$CARGO_FUZZ_VERSION" --locked cargo-fuzz

# 3. Node, then the pinned npm tools (binaryen's wasm-opt, Playwright).
if ! command -v npm >/dev/null; then
  apt_install nodejs npm
fi
stamp="node_modules/.dsplay-lock.sha256"
lock_sum="$(sha256sum package-lock.json | awk '{ print $1 }')"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$lock_sum" && -x node_modules/.bin/wasm-opt ]]; then
  step "npm packages match package-lock.json"
else
  step "npm ci"
  # Playwright drives Debian's Chromium; never fetch its own browser build.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
  echo "$lock_sum" >"$stamp"
fi

# 4. Chromium and its WebDriver, for Playwright and wasm-bindgen-test, and one
#    small CJK font so the 简体中文 screenshots show characters, not boxes.
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
[[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]] || missing+=(fonts-wqy-microhei)
if ((${#missing[@]})); then
  apt_install "${missing[@]}"
else
  step "chromium, chromedriver and a CJK font present"
fi

# 5. Every crate the build needs, so that Trunk's `cargo build --offline` works.
step "cargo fetch"
cargo fetch --quiet
# The fuzz targets are a workspace of their own.
cargo fetch --quiet --manifest-path fuzz/Cargo.toml
step "done"
