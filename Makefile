# The two quick-start commands: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench install install-test chromium container image

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# pip's errors only (--quiet twice): a machine's own pip settings can make it warn about dozens of package
# folders before `make run` prints the address; a failed install still says why.
PIP_INSTALL := $(BIN)/pip install --quiet --quiet --disable-pip-version-check

install: $(BIN)/python
	$(PIP_INSTALL) -e .

install-test: $(BIN)/python
	$(PIP_INSTALL) -e '.[test]'

# Serves the home network (waitress, companion/server.py) and prints the address phones open (with a QR code);
# `make run LOCAL=1` serves this machine only, `make run PORT=8080` another port.
PORT ?= 5000
run: install
	$(BIN)/flask --app companion serve --port $(PORT) $(if $(LOCAL),--local)

# The browser tests (tests/browser) drive Debian's chromium, and the home-network tests make "another
# device" with iproute2's `ip`; install them when missing (root, or sudo).
# Never `playwright install`: it downloads a browser of its own.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

chromium:
	@if [ ! -x $(CHROMIUM) ] || ! command -v ip >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then \
		echo "Installing Debian's chromium, iproute2 and nodejs for the browser, home-network and script tests (apt-get)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium iproute2 $$(command -v node >/dev/null || echo nodejs); \
	fi

# The container test (tests/test_container.py) builds and runs the image with Debian's podman (runc: these
# machines' hybrid cgroups), on a base image made from Debian's packages by mmdebstrap
# (scripts/container-base.sh), since container registries may be out of reach.
container:
	@if ! command -v podman >/dev/null 2>&1 || ! command -v mmdebstrap >/dev/null 2>&1 || ! command -v runc >/dev/null 2>&1; then \
		echo "Installing Debian's podman, runc and mmdebstrap for the container test (apt-get)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc mmdebstrap >/dev/null; \
	fi
	CONTAINERS_CONF=$(CURDIR)/tests/containers.conf bash scripts/container-base.sh

# The container image (Containerfile): the app's wheels and its dependencies' are built here first, for the
# image's Python (3.11) on this machine's processor, so the image build itself needs no network.
IMAGE ?= localhost/rummy-companion:latest
ENGINE ?= podman
image: install
	rm -rf build/wheels
	$(BIN)/pip wheel --quiet --no-deps --wheel-dir build/wheels .
	$(BIN)/pip download --quiet --only-binary=:all: --python-version 3.11 --implementation cp \
		--platform manylinux2014_$$(uname -m) --platform manylinux_2_28_$$(uname -m) \
		--dest build/wheels build/wheels/companion-*.whl
	$(ENGINE) build -f Containerfile -t $(IMAGE) .

# Lint (ruff on the repository), types (mypy on companion/, strict on the rules engine), then the whole suite twice:
# on SQLite, then on a throw-away PostgreSQL server (scripts/with-postgres.sh), where only the modules that can
# touch a database run again (tests/conftest.py: the engine's tests prove nothing new there).
# Two processes, one per core (pytest-xdist): a test file runs whole in one of them, in its own order.
PARALLEL ?= -n 2 --dist loadfile
test: install-test chromium container
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --strict --follow-imports=silent companion/rules
	node --test tests/js/*.test.js
	$(BIN)/python -m pytest $(PARALLEL)
	COMPANION_DATABASE_TESTS_ONLY=1 bash scripts/with-postgres.sh $(BIN)/python -m pytest -p no:cacheprovider $(PARALLEL)

bench: install
	$(BIN)/python bench/rules.py
