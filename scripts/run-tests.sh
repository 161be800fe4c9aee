#!/usr/bin/env bash
# Runs every test suite of the project, even when an earlier one fails, and ends
# with one line that CI reads: `N passed, N failed` (summed over all suites).
# Exits non-zero when any test failed or any suite could not run at all.
#
#   scripts/run-tests.sh [native] [scenarios] [npm] [web] [e2e] [size] [fuzz]    (default: all seven)
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

logs="$root/target/test-logs"
mkdir -p "$logs"

# A CI run builds once: an incremental cache would only double target/'s size.
if [[ -n "${CI:-}" ]]; then
  export CARGO_INCREMENTAL=0
fi

total_passed=0
total_failed=0
summary=()
failures=()

# The lines of a failed suite's log that name its cause: compiler errors, panics,
# failed tests, a full disk.
first_errors() {
  grep -m 12 -E '^error|panicked at|FAILED|No space left|[0-9]+\) .*›|ERROR' "$1" | cut -c1-300
}

# Sums the counts a suite printed. Understands cargo's
# `test result: ok. 12 passed; 0 failed; ...`, dsplay's `3 passed, 0 failed` and
# Playwright's `  5 passed (3.1s)` / `  1 failed` and the fuzz suite's
# `fuzz scenario: passed (...)` / `fuzz scenario: failed (...)`, one per target.
count() {
  local log="$1" kind="$2"
  case "$kind" in
    cargo)
      awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
           END { print p + 0, f + 0 }' "$log" ;;
    dsplay)
      awk '/^[0-9]+ passed, [0-9]+ failed$/ { p = $1; f = $3 } END { print p + 0, f + 0 }' "$log" ;;
    playwright)
      awk '/^ +[0-9]+ passed/ { p = $1 } /^ +[0-9]+ failed/ { f = $1 } /^ +[0-9]+ flaky/ { f += $1 }
           END { print p + 0, f + 0 }' "$log" ;;
    fuzz)
      awk '/^fuzz [a-z_]+: passed/ { p++ } /^fuzz [a-z_]+: failed/ { f++ } END { print p + 0, f + 0 }' "$log" ;;
  esac
}

# suite <name> <count-kind> <command...>: runs the command, shows and logs its
# output, and adds its counts. A suite that fails without reporting a failed test
# (it did not compile, the server did not start) counts as one failure.
suite() {
  local name="$1" kind="$2"
  shift 2
  local log="$logs/$name.log" started=$SECONDS status
  printf '\n=== %s: %s\n' "$name" "$*"
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  local passed failed
  read -r passed failed < <(count "$log" "$kind")
  if ((status != 0 && failed == 0)); then
    failed=1
    echo "=== $name: exited with status $status"
  fi
  if ((status != 0)); then
    # CI shows the end of the output; keep the cause there, not only in the log.
    failures+=("--- $name: the first errors in $log" "$(first_errors "$log")")
  fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  summary+=("$(printf '%-10s %4d passed, %d failed  (%ds)' "$name" "$passed" "$failed" $((SECONDS - started)))")
}

native() {
  suite native cargo cargo test --workspace --no-fail-fast
}

scenarios() {
  # The conformance scenarios beside the project, the traces taken from the real upstream
  # controller, the project's own, and the gallery.
  # A debug build: the native suite has just compiled it, and the scenarios take seconds.
  local dirs=(../shared/conformance ../shared/upstream)
  [[ -d tests/scenarios ]] && dirs+=(tests/scenarios)
  [[ -d gallery ]] && dirs+=(gallery)
  suite scenarios dsplay cargo run --quiet -p dsplay-cli -- test "${dirs[@]}"
}

npm() {
  # The engine's npm package (crates/wasm) built for Node and tested there.
  suite npm cargo wasm-pack test --node --mode no-install crates/wasm
}

web() {
  # Component tests of the Yew app, compiled to wasm and run in headless Chromium
  # by wasm-bindgen-test-runner through chromedriver.
  CHROMEDRIVER="$(command -v chromedriver)" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    suite web cargo cargo test -p dsplay-web --target wasm32-unknown-unknown --no-fail-fast
}

e2e_run() {
  trunk build --release || return 1
  playwright test --config tests/e2e/playwright.config.mjs
}
e2e() {
  # The release build, served from dist/ on localhost, clicked through by Playwright.
  suite e2e playwright e2e_run
}

# One fuzz target for FUZZ_SECONDS (default 15) from the seeds of scripts/fuzz-corpus.sh;
# what it finds goes to a scratch corpus emptied each run, so the run stays short.
# Prints `fuzz <target>: passed|failed`; a failure also prints libFuzzer's report and the
# input that crashed (base64 and as text).
fuzz_target() {
  local target="$1" seconds="${FUZZ_SECONDS:-15}"
  local scratch="target/fuzz/smoke-corpus/$target" out="$logs/fuzz-$target.log"
  rm -rf "$scratch" && mkdir -p "$scratch"
  if RUSTC_BOOTSTRAP=1 cargo fuzz run -a --target-dir target/fuzz "$target" "$scratch" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 >"$out" 2>&1; then
    local runs
    runs="$(awk '/^stat::number_of_executed_units:/ { print $2 }' "$out")"
    echo "fuzz $target: passed (${runs:-?} runs in ${seconds}s, log $out)"
    return 0
  fi
  echo "--- fuzz $target: what failed (all of it in $out)"
  grep -m 6 -A 3 -E "panicked at|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|^error" "$out"
  echo "--- fuzz $target: the end of libFuzzer's report"
  grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)' "$out" | tail -n 60
  local artifact
  artifact="$(sed -n -E 's/.*Test unit written to ([^ ]+).*/\1/p' "$out" | tail -n 1)"
  if [[ -n "$artifact" && -f "$artifact" ]]; then
    echo "--- fuzz $target: the input ($artifact), base64:"
    base64 -w 0 "$artifact" && echo
    echo "--- as text:"
    head -c 4096 "$artifact" | cat -v && echo
    echo "--- reproduce: RUSTC_BOOTSTRAP=1 cargo fuzz run -a --target-dir target/fuzz $target $artifact"
  fi
  echo "fuzz $target: failed"
  return 1
}
fuzz_run() {
  scripts/fuzz-corpus.sh || return 1
  RUSTC_BOOTSTRAP=1 cargo fuzz build -a --target-dir target/fuzz || return 1
  local target status=0
  for target in $(cargo fuzz list); do
    fuzz_target "$target" || status=1
  done
  return "$status"
}
size() {
  # What a browser downloads, from the e2e suite's release build, against size-budget.txt.
  suite size dsplay scripts/size-report.sh --check
}
fuzz() {
  # cargo-fuzz targets (fuzz/, docs/fuzzing.md), a short smoke run of each; its own
  # target dir, so the other suites' builds stay cached.
  suite fuzz fuzz fuzz_run
}

suites=("$@")
((${#suites[@]})) || suites=(native scenarios npm web e2e size fuzz)
for s in "${suites[@]}"; do
  case "$s" in
    native | scenarios | npm | web | e2e | size | fuzz) "$s" ;;
    *) echo "unknown suite: $s (native, scenarios, npm, web, e2e, size, fuzz)" >&2; exit 2 ;;
  esac
done

if ((${#failures[@]})); then
  printf '\n=== what failed\n'
  printf '%s\n' "${failures[@]}"
  df -h "$root/target" | sed 's/^/disk: /'
fi
printf '\n=== summary (logs in target/test-logs/)\n'
printf '%s\n' "${summary[@]}"
echo "$total_passed passed, $total_failed failed"
((total_failed == 0))
