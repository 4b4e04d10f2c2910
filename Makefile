# The two quick-start commands: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench install install-test

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

test: install-test
	$(BIN)/python -m pytest

bench: install
	$(BIN)/python bench/rules.py
