# brewstats — the two commands a fresh Debian machine needs:
#   make report   install what is missing, build a release, write the weekly report for the sample journal
#   make test     install what is missing, run the whole test suite
# Also: make bench (release benchmarks + references), make gallery (chart gallery), make sample-data,
#       make fixtures (statistics reference fixtures), make clean.
# Shipping: make install / uninstall (PREFIX, DESTDIR), make man, make image (podman, no registry),
#       make fanout-test (the Kubernetes fan-out with podman; needs root).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

# Debian packages the build, the tests and the charts need (checked one by one; only missing ones are installed;
# man-db: the install test formats an installed page with `man -l`).
APT_PACKAGES := libcairo2-dev libpng-dev libsqlite3-dev pkg-config fonts-dejavu-core fonts-droid-fallback tzdata sqlite3 zip man-db
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
# make install: where (PREFIX) and under which staging root (DESTDIR, for packages and tests).
PREFIX ?= /usr/local
DESTDIR ?=
# Man pages as swift-argument-parser's generate-manual plugin writes them (one per subcommand).
MANUAL_DIR := .build/plugins/GenerateManual/outputs/brewstats

SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo >/dev/null && echo sudo)

.PHONY: report test deps bench-deps build release bench gallery screenshots sample-data fixtures clean help \
        man install uninstall image-deps image fanout-test

help:
	@echo "make report   - install missing packages, build a release, write $(REPORT_DIR)/ from $(SAMPLE)"
	@echo "make test     - install missing packages and run the whole test suite"
	@echo "make bench    - run the release benchmarks (with their references) into reports/bench/"
	@echo "make gallery  - render every chart kind in both themes into reports/gallery/"
	@echo "make screenshots - the sample report in headless Chromium, into reports/screenshots/"
	@echo "make install  - brewstats, its man pages and completions into PREFIX=$(PREFIX) (DESTDIR honoured)"
	@echo "make uninstall - remove them again"
	@echo "make image    - the container image brewstats:<version> (mmdebstrap + podman, no registry; root)"
	@echo "make fanout-test - the Kubernetes fan-out of deploy/kubernetes/ run with podman (root, ~2 min)"

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
	$(RELEASE_BIN) report $(SAMPLE) --out $(REPORT_DIR) --tz Europe/Berlin --today $(SAMPLE_TODAY)
	@echo "weekly report written to $(REPORT_DIR)/ (open $(REPORT_DIR)/index.html)"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: bench-deps
	$(SWIFT) build $(RELEASE) --product brewstats-bench
	$(SWIFT) build $(RELEASE) --product brewstats
	.build/release/brewstats-bench --out reports/bench --python $(VENV)/bin/python $(BENCH_ARGS)

gallery: deps
	BREWSTATS_WRITE_GALLERY=1 $(SWIFT) test --filter GalleryTests

# The sample report's index.html as a browser draws it (Debian's chromium, headless), desktop and phone widths.
screenshots: report
	@dpkg-query -W -f='$${Status}' chromium 2>/dev/null | grep -q "install ok installed" || \
	  { $(SUDO) apt-get update -qq; DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium; }
	@mkdir -p reports/screenshots
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,3420 \
	  --screenshot=reports/screenshots/sample-report.png file://$(CURDIR)/$(REPORT_DIR)/index.html
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=390,2400 \
	  --screenshot=reports/screenshots/sample-report-phone.png file://$(CURDIR)/$(REPORT_DIR)/index.html

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
