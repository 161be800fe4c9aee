# DaemonSet Playground. The two commands a user needs:
#   make serve   install what is missing, build, serve the playground on localhost
#   make test    install what is missing, run every test; last line `N passed, N failed`
SHELL := /usr/bin/env bash
# npm's wasm-opt (binaryen 132) must come before any other wasm-opt on PATH.
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: serve test setup build size test-native test-scenarios test-npm test-web test-e2e

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
