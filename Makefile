# DaemonSet Playground. The two commands a user needs:
#   make serve   install what is missing, build, serve the playground on localhost
#   make test    install what is missing, run every test; last line `N passed, N failed`
#   make fuzz    each cargo-fuzz target for FUZZ_SECONDS (default 600), docs/fuzzing.md
SHELL := /usr/bin/env bash
# npm's wasm-opt (binaryen 132) must come before any other wasm-opt on PATH.
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: serve test setup build size fuzz test-native test-scenarios test-npm test-web test-e2e test-size test-fuzz

serve: setup
	trunk serve --release

test: setup
	scripts/run-tests.sh

setup:
	scripts/setup.sh

build: setup
	trunk build --release

# Transfer size of the release build (wasm + js + css, gzip -9).
size: build
	scripts/size-report.sh

test-native:
	scripts/run-tests.sh native
test-scenarios:
	scripts/run-tests.sh scenarios
test-web:
	scripts/run-tests.sh web
test-npm:
	scripts/run-tests.sh npm
test-e2e:
	scripts/run-tests.sh e2e
test-size:
	scripts/run-tests.sh size
test-fuzz:
	scripts/run-tests.sh fuzz

# The longer fuzz run: every target for FUZZ_SECONDS, growing fuzz/corpus/<target>/;
# a crash stops it, its input in fuzz/artifacts/<target>/. Logs in target/fuzz-logs/.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS = console manifest patch scenario share_link
fuzz: setup
	scripts/fuzz-corpus.sh
	RUSTC_BOOTSTRAP=1 cargo fuzz build -a --target-dir target/fuzz
	mkdir -p target/fuzz-logs $(addprefix fuzz/corpus/,$(FUZZ_TARGETS))
	set -o pipefail; for t in $(FUZZ_TARGETS); do \
	  echo "=== fuzz $$t for $(FUZZ_SECONDS)s"; \
	  RUSTC_BOOTSTRAP=1 cargo fuzz run -a --target-dir target/fuzz $$t fuzz/corpus/$$t fuzz/seeds/$$t -- \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 2>&1 \
	    | tee target/fuzz-logs/$$t.log \
	    | grep --line-buffered -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE)' || exit 1; \
	done
