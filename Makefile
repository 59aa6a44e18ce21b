# Ironsight: two commands set a fresh machine up: `make run` and `make test`. `make help` lists every target.

.DEFAULT_GOAL := help
SHELL := /bin/bash
CARGO ?= cargo
NPM ?= npm
# Where `make run` keeps its SQLite database.
DATA_DIR ?= ./data
LISTEN ?= 0.0.0.0:8080
# Where `make run`'s embedded MQTT broker listens for gateways. Not the server's default 1883, so the demo starts
# on a machine that already runs a Mosquitto there.
MQTT_LISTEN ?= 0.0.0.0:1884
# The server's default language, zh-CN or en: the language of the demo plant's names (`make run LANG_DEFAULT=en`).
LANG_DEFAULT ?= zh-CN

.PHONY: help
help: ## List the targets
	@grep -E '^[a-z][a-z0-9-]*:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-12s %s\n", $$1, $$2 }'

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && $(NPM) ci --no-audit --no-fund

.PHONY: deps
deps: web/node_modules/.package-lock.json e2e/node_modules/.package-lock.json ## Install the web and e2e npm packages

.PHONY: generate
generate: ## Regenerate files the web app reads from the server's sources (error catalogue, contract, widget types and page rules, reason texts, answer types)
	$(CARGO) run -q -p ironsight -- generate web/src/generated

.PHONY: web
web: web/node_modules/.package-lock.json ## Build the web app into web/dist (with brotli and gzip copies the server sends as they are)
	cd web && $(NPM) run build

.PHONY: build
build: web ## Build the web app and the release binaries (the server embeds the web app; the gateway agent; the simulator)
	$(CARGO) build --release -p ironsight -p ironsight-gateway -p ironsight-devsim

# Alarm speech (docs/alarm-sound.md): the server speaks alarm texts with espeak-ng. Installed with apt-get when it
# is missing and make runs as root; otherwise a hint. Without it the console still sounds a two-tone alert, so a
# failed install does not stop `make run`.
.PHONY: speech
speech: ## Install espeak-ng for alarm speech when it is missing (apt-get as root; otherwise print how)
	@if ! command -v espeak-ng >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing espeak-ng from Debian (alarm speech)"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng >/dev/null; } \
	      || echo "make: espeak-ng could not be installed: alarms sound an alert tone instead of speech"; \
	  else \
	    echo "make: espeak-ng is not installed: alarms sound an alert tone instead of speech (sudo apt-get install espeak-ng)"; \
	  fi; \
	fi

.PHONY: run
run: build speech ## Build and start the console with the demo accounts and the simulated demo water plant (LANG_DEFAULT=en for English names)
	./target/release/ironsight --demo --lang $(LANG_DEFAULT) --listen $(LISTEN) --mqtt-listen $(MQTT_LISTEN) --data-dir $(DATA_DIR)

.PHONY: test
test: ## Run every test, each stage timed, with a table of wall times at the end (scripts/test-all, docs/testing.md)
	MAKE="$(MAKE)" scripts/test-all

# The stages scripts/test-all runs, one target each, so any one can be run on its own (docs/testing.md). What they
# need is built once: `build-tests` compiles every Rust test binary and, with them, the debug server binary the
# browser tests start (target/debug/ironsight), in one profile with one feature set; `web-bundle` builds web/dist,
# which that binary serves from disk.
.PHONY: build-tests
build-tests: ## Build every Rust test binary and the debug server binary the browser tests use (no test runs)
	$(CARGO) nextest run --workspace --no-run

.PHONY: web-bundle
web-bundle: web/node_modules/.package-lock.json ## Bundle the web app into web/dist without the TypeScript check (the test run checks types as a stage of its own)
	cd web && $(NPM) run bundle

.PHONY: run-rust-tests
run-rust-tests:
	$(CARGO) nextest run --workspace
	@# nextest does not run doc tests; the server's show that an answer type not generated does not compile.
	@# `--workspace`, as the build above: `-p ironsight` alone unifies other features and compiled four crates
	@# again (1:22 on a fresh clone).
	$(CARGO) test --doc --workspace

.PHONY: web-typecheck
web-typecheck: web/node_modules/.package-lock.json
	cd web && $(NPM) run typecheck

.PHONY: run-vitest
run-vitest: web/node_modules/.package-lock.json
	cd web && $(NPM) test

.PHONY: run-e2e
run-e2e: e2e/node_modules/.package-lock.json
	cd e2e && $(NPM) test

.PHONY: test-rust
test-rust: test-venv build-tests run-rust-tests ## Rust unit and API tests with cargo-nextest, on SQLite and PostgreSQL (IRONSIGHT_TEST_PG, default postgres://postgres@127.0.0.1:5432)

.PHONY: test-web
test-web: web-typecheck run-vitest ## Web unit tests (Vitest) and the TypeScript check

.PHONY: test-e2e
test-e2e: web-bundle build-tests run-e2e ## Browser tests: headless Chromium against the real server binary (target/debug/ironsight)

# Python peers of the tests, in a virtual environment at .venv (ignored by git): aiosmtpd, the local SMTP server of
# the e-mail notification test (crates/server/tests/api/notify.rs), and pysparkplug, a third-party Sparkplug B edge
# node for the GM equipment tests (docs/gm-equipment.md; it needs paho-mqtt < 2). Without the venv those tests say
# they are skipped, unless IRONSIGHT_REQUIRE_PEERS is set (.ci/run sets it, so CI never skips).
AIOSMTPD_VERSION := 1.4.6
PYSPARKPLUG_VERSION := 0.6.1
PAHO_MQTT_VERSION := 1.6.1
.PHONY: test-venv
test-venv: ## Make .venv with the tests' Python peers (aiosmtpd for e-mail, pysparkplug for Sparkplug B) when they are missing
	@if ! .venv/bin/python -c 'import aiosmtpd, pysparkplug' >/dev/null 2>&1; then \
	  echo "make: making .venv with aiosmtpd $(AIOSMTPD_VERSION) and pysparkplug $(PYSPARKPLUG_VERSION) (the tests' Python peers)"; \
	  { python3 -m venv .venv && .venv/bin/pip install -q aiosmtpd==$(AIOSMTPD_VERSION) \
	      pysparkplug==$(PYSPARKPLUG_VERSION) paho-mqtt==$(PAHO_MQTT_VERSION); } \
	    || echo "make: .venv could not be made (Debian: apt-get install python3-venv): the e-mail and Sparkplug peer tests are skipped"; \
	fi

.PHONY: lint
lint: ## Clippy and rustfmt check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) fmt --all --check

.PHONY: openapi
openapi: ## Print the OpenAPI description of the HTTP API
	$(CARGO) run -q -p ironsight -- openapi

.PHONY: clean
clean: ## Remove build outputs (not ./data)
	$(CARGO) clean
	rm -rf web/dist e2e/screenshots

.PHONY: bench
bench: web e2e/node_modules/.package-lock.json test-venv ## Print performance figures, no thresholds: the API (and history queries), the gateway link (ingest, live latency, fan-out, 1,000 alarms a minute to socket, webhook and e-mail, memory) on SQLite and PostgreSQL, Sparkplug B DDATA ingest from 100 edge nodes (50,000 adopted metrics) on both, reports over 30 days of 1 s history of 10 signals (writing, rolling up, day, month and shift reports) on both, 20,000 idle sockets from one address, the history chart and the page designer with 1,000 widgets in Chromium, the JavaScript the login page and the monitor list load
	$(CARGO) build --release -p ironsight -p ironsight-gateway --bins --examples
	$(CARGO) run --release -q -p ironsight --example bench
	$(CARGO) run --release -q -p ironsight --example link_bench
	$(CARGO) run --release -q -p ironsight --example sparkplug_bench
	$(CARGO) run --release -q -p ironsight --example report_bench
	IRONSIGHT_BIN=$(CURDIR)/target/release/ironsight $(CARGO) run --release -q -p ironsight --example sockets_bench
	cd e2e && IRONSIGHT_BIN=$(CURDIR)/target/release/ironsight node bench/history-render.mjs
	cd e2e && IRONSIGHT_BIN=$(CURDIR)/target/release/ironsight node bench/designer.mjs
	cd e2e && IRONSIGHT_BIN=$(CURDIR)/target/release/ironsight node bench/bundle-size.mjs
