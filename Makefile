# brewstats — the two commands a fresh Debian machine needs:
#   make report   install what is missing, build a release, write the weekly report for the sample journal
#   make test     install what is missing, run the whole test suite
# Also: make bench (release benchmarks + references), make gallery (chart gallery), make sample-data,
#       make fixtures (statistics reference fixtures), make clean.
# Hardening: make fuzz (each libFuzzer target for FUZZ_SECONDS), make sanitize (tests under ASan and TSan),
#       make faultinject (the LD_PRELOAD shim the output fault tests use); make test also smoke-runs the fuzzers.
# Shipping: make install / uninstall (PREFIX, DESTDIR), make deb and make dist (dist/), make man, make image
#       (podman, no registry),
#       make fanout-test (the Kubernetes fan-out with podman; needs root).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

# Debian packages the build, the tests and the charts need (checked one by one; only missing ones are installed;
# man-db: the install test formats an installed page with `man -l`).
# gcc, libc6-dev: the fault-injection shim (tools/faultinject/) is C, built with cc.
# librsvg2-bin: rsvg-convert, which the SVG pixel tests (SVGPixelTests) rasterise our SVG charts with.
APT_PACKAGES := libcairo2-dev libpng-dev libsqlite3-dev pkg-config fonts-dejavu-core fonts-droid-fallback tzdata sqlite3 zip man-db \
	gcc libc6-dev librsvg2-bin python3 python3-venv python3-pip
# chromium: the browser test (tools/pagecheck.py) opens every page kind in it, headless; poppler-utils: pdftoppm and
# pdftotext, to look at and read the PDFs.
TEST_APT_PACKAGES := chromium poppler-utils
# Extra packages only the benchmarks need (python references; GNU time for each run's peak memory).
BENCH_APT_PACKAGES := python3-venv python3-pip time
# Extra packages `make image` and `make fanout-test` need (runc: crun fails on some hosts' cgroup setup).
IMAGE_APT_PACKAGES := podman runc mmdebstrap binutils python3-yaml

SWIFT ?= swift
RELEASE_BIN := .build/release/brewstats
# Release binaries carry the Swift runtime and Foundation inside (no libswiftCore.so to install where they are
# copied, e.g. a batch job's container image). It also starts faster: no dynamic symbol binding for the runtime,
# about 14 % of a one-chart process at 100,000 brews (measured: 9 chart processes 1.00 s dynamic, 0.86 s static).
RELEASE := -c release --static-swift-stdlib
SAMPLE := sample-data/journal.sqlite
REPORT_DIR := reports/sample
# "Today" for the sample report, pinned so that a regenerated reports/sample/ does not change with the calendar
# (the sample journal ends Sunday 2026-11-22; today decides whether its last week is still in progress).
SAMPLE_TODAY := 2026-11-23
VENV := .venv
# The reference tools the test suite itself runs (the BrewSpec schema validator), from PyPI.
TEST_VENV := .venv-test
# make install: where (PREFIX) and under which staging root (DESTDIR, for packages and tests).
PREFIX ?= /usr/local
DESTDIR ?=
# Man pages as swift-argument-parser's generate-manual plugin writes them (one per subcommand).
MANUAL_DIR := .build/plugins/GenerateManual/outputs/brewstats

SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo >/dev/null && echo sudo)

.PHONY: report test deps test-deps bench-deps build release bench gallery screenshots browser-pages browser-test sample-data fixtures clean help \
        man install uninstall deb dist image-deps image fanout-test fuzz fuzz-build fuzz-smoke sanitize faultinject

help:
	@echo "make report   - install missing packages, build a release, write $(REPORT_DIR)/ from $(SAMPLE)"
	@echo "make test     - install missing packages and run the whole test suite"
	@echo "make bench    - run the release benchmarks (with their references) into reports/bench/"
	@echo "make gallery  - render every chart kind in both themes into reports/gallery/"
	@echo "make screenshots - every page kind in headless Chromium at 390 and 1280 px, into docs/screenshots/"
	@echo "make browser-test - every page kind in headless Chromium: no sideways scrolling, no text under 11 px, dark charts"
	@echo "make install  - brewstats, its man pages and completions into PREFIX=$(PREFIX) (DESTDIR honoured)"
	@echo "make uninstall - remove them again"
	@echo "make deb      - the Debian package dist/brewstats_VERSION_ARCH.deb (apt install ./dist/brewstats_….deb)"
	@echo "make dist     - a tarball of the same files, dist/brewstats-VERSION-linux-ARCH.tar.gz"
	@echo "make image    - the container image brewstats:<version> (mmdebstrap + podman, no registry; root)"
	@echo "make fanout-test - the Kubernetes fan-out of deploy/kubernetes/ run with podman (root, ~2 min)"
	@echo "make fuzz     - every libFuzzer target under fuzz/ for FUZZ_SECONDS=$(FUZZ_SECONDS) s each, logs in reports/fuzz/"
	@echo "make sanitize - the test suite under AddressSanitizer, the concurrency suites under ThreadSanitizer"

# $(call apt_install,PACKAGES): install whichever of PACKAGES is missing (checked one by one with dpkg-query;
# a no-op when all are present), with sudo when not root.
apt_install = missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

## Install whatever of APT_PACKAGES is missing (no-op when all are present).
deps:
	@command -v $(SWIFT) >/dev/null || { echo "error: Swift 6 toolchain not found on PATH (swift.org/install)" >&2; exit 1; }
	@$(call apt_install,$(APT_PACKAGES))

bench-deps: deps
	@$(call apt_install,$(BENCH_APT_PACKAGES))
	@[ -x $(VENV)/bin/python ] || python3 -m venv $(VENV)
	@$(VENV)/bin/pip install -q -r tools/bench/requirements.txt

release: deps
	$(SWIFT) build $(RELEASE) --product brewstats

report: release
	$(RELEASE_BIN) report $(SAMPLE) --out $(REPORT_DIR) --tz Europe/Berlin --today $(SAMPLE_TODAY) --formats svg,png,pdf
	@echo "weekly report written to $(REPORT_DIR)/ (open $(REPORT_DIR)/index.html)"

## The test suite's Python reference tools (tools/reference/requirements-test.txt) in their own venv.
test-deps: deps
	@$(call apt_install,$(TEST_APT_PACKAGES))
	@[ -x $(TEST_VENV)/bin/python ] || python3 -m venv $(TEST_VENV)
	@$(TEST_VENV)/bin/python -c 'import jsonschema, yaml, websockets, numpy, statsmodels' 2>/dev/null || $(TEST_VENV)/bin/pip install -q -r tools/reference/requirements-test.txt

test: deps faultinject test-deps
	python3 tools/source_rules.py
	$(SWIFT) build --build-tests
	FAULTINJECT_LIB=$(CURDIR)/$(FAULTINJECT_LIB) $(SWIFT) test --skip-build
	$(MAKE) browser-test
	$(MAKE) fuzz-smoke

## Hardening: fuzzing, sanitizers, fault injection

# The libFuzzer targets (fuzz/Sources/fuzz-NAME), each with a seed corpus fuzz/corpus/NAME/ and a dictionary
# fuzz/dict/NAME.dict. Built as their own package (fuzz/Package.swift) with the fuzzer and AddressSanitizer.
FUZZ_TARGETS := csv json beanconqueror-json beanconqueror-zip mapping-toml dates numbers store shots brewspec \
	decenza decent-export beanconqueror-merge
FUZZ_SECONDS ?= 300
# make test: every corpus input once, then this many seconds of mutation per target.
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_BIN := fuzz/.build/release
FUZZ_WORK := fuzz/.build/work
# A hang is an input that takes longer than this (seconds); memory above the limit is a failure too.
# Leaks are not failures: Foundation's file APIs leak a few bytes per call (LeakSanitizer reports them).
FUZZ_FLAGS := -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -detect_leaks=0
FUZZ_NICE ?= nice -n 19
export ASAN_OPTIONS ?= detect_leaks=0
# A crash under the fuzzer must not start swift-backtrace (it can hang for minutes on a sanitized binary).
FUZZ_ENV := SWIFT_BACKTRACE=enable=no
# Long runs (make fuzz) record no call stack for each allocation and free: collecting them was a sixth of the JSON
# targets' time. Every error is still caught and reported with its own stack; replaying the saved input
# (fuzz/.build/release/fuzz-NAME FILE, default options) shows where the memory was allocated and freed. What
# ASAN_OPTIONS says comes last and wins.
# They also keep the last 16 MB of freed memory in quarantine instead of 256 MB: a use after free is still caught
# while the memory is among those 16 MB, and cycling through 256 MB cost the store target a sixth of its CPU time
# and 500 MB of resident memory (20,000 executions from the seed corpus, two runs each: 19.2 → 16.3 s of CPU;
# resident 669 → 146 MB in the long run).
FUZZ_RUN_ASAN ?= malloc_context_size=0:quarantine_size_mb=16:$(ASAN_OPTIONS)

# The sanitizers go in one -sanitize=fuzzer,address: given as two flags (as `swift build --sanitize=fuzzer
# --sanitize=address` passes them) swiftc keeps only the last, and the Swift code would get no coverage
# instrumentation. C and C++ targets (TOMLKit's toml++, Yams' libyaml) get the matching clang flags.
FUZZ_SANITIZE := -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address
# The fuzz package reaches the root package by path, and SwiftPM does not re-plan a build when files are added to a
# path dependency's targets (its cached plan kept compiling BrewShots without files added since): the plan is removed
# first, so it is made again from the tree as it is (the compiled objects stay; the build remains incremental).
fuzz-build: deps
	@rm -f fuzz/.build/release.yaml fuzz/.build/*/release/description.json
	$(SWIFT) build --package-path fuzz -c release $(FUZZ_SANITIZE)

# Each target for FUZZ_SECONDS from its committed corpus plus what earlier runs found (fuzz/.build/work/NAME,
# not committed); crashes land in reports/fuzz/artifacts/, the log and libFuzzer's final stats in reports/fuzz/.
fuzz: fuzz-build
	@mkdir -p reports/fuzz/artifacts
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_WORK)/$$t; \
	  echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_ENV) ASAN_OPTIONS=$(FUZZ_RUN_ASAN) $(FUZZ_NICE) $(FUZZ_BIN)/fuzz-$$t $(FUZZ_WORK)/$$t fuzz/corpus/$$t -dict=fuzz/dict/$$t.dict $(FUZZ_FLAGS) \
	    -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=reports/fuzz/artifacts/$$t- \
	    > reports/fuzz/$$t.log 2>&1 || { tail -40 reports/fuzz/$$t.log; exit 1; }; \
	  grep -E "^stat::|#[0-9]+.*DONE" reports/fuzz/$$t.log | sed "s/^/  /"; \
	done
	python3 fuzz/tools/summarize.py

# The smoke run of make test: a crash, sanitizer report or hang on any corpus input (or found within
# FUZZ_SMOKE_SECONDS) fails it. New inputs go to a throw-away folder, so the committed corpus is unchanged.
fuzz-smoke: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  work=$$(mktemp -d); \
	  $(FUZZ_ENV) $(FUZZ_BIN)/fuzz-$$t $$work fuzz/corpus/$$t -dict=fuzz/dict/$$t.dict $(FUZZ_FLAGS) \
	    -max_total_time=$(FUZZ_SMOKE_SECONDS) -artifact_prefix=$$work/ > $$work/log 2>&1 \
	    || { echo "fuzz-$$t: FAILED"; tail -60 $$work/log; rm -rf $$work; exit 1; }; \
	  echo "fuzz-$$t: $$(ls fuzz/corpus/$$t | wc -l) corpus inputs and $$(grep -o 'stat::number_of_executed_units: [0-9]*' $$work/log | grep -o '[0-9]*$$') executions, no crash"; \
	  rm -rf $$work; \
	done

# The test suite under AddressSanitizer (a build folder of its own), then the suites that run threads under
# ThreadSanitizer. Which suites run under which sanitizer: README, "Reliability".
SANITIZE_NICE ?= nice -n 10
TSAN_FILTER := BatchTests|StoreReadAheadTests|CSVChunkedImportTests|ConcurrentTextTests|ReportWriterTests|InterruptTests|StagingOfSamePIDTests|DialInRowsTests
sanitize: deps faultinject
	$(SANITIZE_NICE) $(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	FAULTINJECT_LIB=$(CURDIR)/$(FAULTINJECT_LIB) ASAN_OPTIONS=detect_leaks=0:suppressions=$(CURDIR)/tools/sanitize/asan.supp \
	  $(SANITIZE_NICE) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan
	$(SANITIZE_NICE) $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1:suppressions=$(CURDIR)/tools/sanitize/tsan.supp $(SANITIZE_NICE) $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan \
	  --filter '$(TSAN_FILTER)'

# The LD_PRELOAD shim that fails the N-th write/fsync/rename/mkdir/open (tools/faultinject/faultinject.c).
FAULTINJECT_LIB := .build/faultinject/libfaultinject.so
faultinject: $(FAULTINJECT_LIB)
$(FAULTINJECT_LIB): tools/faultinject/faultinject.c
	@mkdir -p $(dir $@)
	cc -shared -fPIC -O2 -Wall -Wextra -o $@ $< -ldl

bench: bench-deps
	$(SWIFT) build $(RELEASE) --product brewstats-bench
	$(SWIFT) build $(RELEASE) --product brewstats
	.build/release/brewstats-bench --out reports/bench --python $(VENV)/bin/python $(BENCH_ARGS)

gallery: deps
	BREWSTATS_WRITE_GALLERY=1 $(SWIFT) test --filter GalleryTests

# Every page kind as a browser draws it (Debian's chromium, headless, over its DevTools protocol: tools/pagecheck.py):
# the sample's weekly report and one of its bean pages, the year in review of the real 2020 Beanconqueror backup
# (PEER_DATA; the sample's year when it is absent) with no options, so in the backup's own zone, the report of the
# sample shot folder, a comparison of two of its shots, and the sample's back-test (every grinder × method); each at
# 390 and 1280 px, light and dark. The pages are made by PAGE_BIN (the debug build in make test, the release in make
# screenshots) into $(BROWSER_PAGES).
PEER_DATA ?= ../shared/peer-data
BEANCONQUEROR_2020 := $(PEER_DATA)/beanconqueror/Beanconqueror_old.json
BROWSER_PAGES := .build/browser-pages
PAGE_BIN ?= .build/debug/brewstats
# The sample's bean shown: one with grind panels and a roast date, so that every chart of a bean page appears.
SAMPLE_BEAN := aceh-gayo
browser-pages:
	@rm -rf $(BROWSER_PAGES) && mkdir -p $(BROWSER_PAGES)
	$(PAGE_BIN) report $(SAMPLE) --out $(BROWSER_PAGES)/week --tz Europe/Berlin --today $(SAMPLE_TODAY) >/dev/null
	@if [ -f "$(BEANCONQUEROR_2020)" ]; then \
	  $(PAGE_BIN) review "$(BEANCONQUEROR_2020)" --out $(BROWSER_PAGES)/review >/dev/null; \
	else \
	  echo "the 2020 Beanconqueror backup is absent ($(BEANCONQUEROR_2020)): the year in review is the sample's"; \
	  $(PAGE_BIN) review $(SAMPLE) --year 2026 --out $(BROWSER_PAGES)/review --tz Europe/Berlin >/dev/null; \
	fi
	$(PAGE_BIN) report sample-data/shots --out $(BROWSER_PAGES)/shots --tz Europe/Berlin >/dev/null
	$(PAGE_BIN) compare sample-data/shots/shot-00001.json sample-data/shots/shot-00000.json --out $(BROWSER_PAGES)/compare >/dev/null
	$(PAGE_BIN) backtest $(SAMPLE) --out $(BROWSER_PAGES)/backtest --tz Europe/Berlin >/dev/null

# $(BROWSER_PAGES)'s pages as pagecheck's NAME=FILE arguments.
browser_page_list = week=$(BROWSER_PAGES)/week/index.html \
	bean=$(BROWSER_PAGES)/week/$$(grep -o 'href="beans/[^"]*\.html"' $(BROWSER_PAGES)/week/index.html | sed 's/^href="//; s/"$$//' | grep -i -m1 '$(SAMPLE_BEAN)') \
	review=$(BROWSER_PAGES)/review/index.html shots=$(BROWSER_PAGES)/shots/index.html compare=$(BROWSER_PAGES)/compare/index.html \
	backtest=$(BROWSER_PAGES)/backtest/index.html

browser-test: test-deps
	@[ -x $(PAGE_BIN) ] || $(SWIFT) build --product brewstats
	$(MAKE) browser-pages
	$(TEST_VENV)/bin/python tools/pagecheck.py $(browser_page_list)

# docs/screenshots/: each page kind at 1280 and 390 px (light), cropped, from the release build.
screenshots: release test-deps
	$(MAKE) browser-pages PAGE_BIN=$(RELEASE_BIN)
	$(TEST_VENV)/bin/python tools/pagecheck.py --screenshots docs/screenshots --max-height 2400 $(browser_page_list)
	@for f in docs/screenshots/*.png; do python3 tools/screenshot-trim.py $$f; done

sample-data: release
	tools/make-sample-data.sh $(RELEASE_BIN)

fixtures:
	@[ -x $(VENV)/bin/python ] || python3 -m venv $(VENV)
	@$(VENV)/bin/pip install -q numpy scipy pandas statsmodels
	$(VENV)/bin/python tools/reference/make_fixtures.py

## Shipping

# One man page per subcommand, from swift-argument-parser's generate-manual plugin. It builds every product
# first; in debug mode, so that the static release binary (`make release`, its flags differ) is left alone.
man: deps
	$(SWIFT) package generate-manual --configuration debug --multi-page

install: deps
	@DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" deploy/install.sh check
	$(MAKE) release
	$(MAKE) man
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" deploy/install.sh install $(RELEASE_BIN) $(MANUAL_DIR)

uninstall:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" deploy/install.sh uninstall

# The Debian package of the static release binary, its man pages and completions (dpkg-deb; `apt install
# ./dist/brewstats_VERSION_ARCH.deb`), and a tarball of the same files (deploy/deb/build.sh).
DIST_DIR := dist
deb: deps
	$(MAKE) release
	$(MAKE) man
	deploy/deb/build.sh deb $(RELEASE_BIN) $(MANUAL_DIR) $(DIST_DIR)

dist: deps
	$(MAKE) release
	$(MAKE) man
	deploy/deb/build.sh dist $(RELEASE_BIN) $(MANUAL_DIR) $(DIST_DIR)

image-deps: deps
	@$(call apt_install,$(IMAGE_APT_PACKAGES))
	@deploy/image/build.sh --check-tools

image: image-deps
	$(MAKE) release
	deploy/image/build.sh $(RELEASE_BIN)

fanout-test: image
	tools/fanout/fanout-test.sh

clean:
	rm -rf .build
