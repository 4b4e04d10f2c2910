# The two quick-start commands: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench install install-test chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

install: $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -e .

install-test: $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'

run: install
	$(BIN)/flask --app companion db upgrade
	@echo "Open http://127.0.0.1:5000 in a browser (Ctrl+C stops the app)."
	$(BIN)/flask --app companion run --host 127.0.0.1 --port 5000

# The browser tests (tests/browser) drive Debian's chromium; install it when it is missing (root, or sudo).
# Never `playwright install`: it downloads a browser of its own.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "Installing Debian's chromium for the browser tests (apt-get)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi

# The whole suite twice: on SQLite, then on a throw-away PostgreSQL server (scripts/with-postgres.sh).
test: install-test chromium
	$(BIN)/python -m pytest
	bash scripts/with-postgres.sh $(BIN)/python -m pytest -p no:cacheprovider

bench: install
	$(BIN)/python bench/rules.py
