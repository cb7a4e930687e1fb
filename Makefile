# One entry point. Every target creates (once) and reuses the local virtualenv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install provision demo test test-fast test-parallel lint format bench bench-quick neo4j neo4j-stop clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "graphmem needs Python >= 3.10"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/graphmem demo

# Java 17 + Maven (local Neo4j), Chromium and a CJK font (screenshots): installed when
# this user can, else one message naming the command to run.
provision:
	tools/provision.sh

# Two tiers (markers in pyproject.toml, the mechanism in tests/conftest.py). test-fast: no
# Neo4j, nothing slow, in parallel. test: everything, one tier after the other: what needs no
# Neo4j in parallel, then the Neo4j tests in one process, so one Neo4j server serves them
# (each xdist worker would start its own). test-parallel runs the SQLite tier, the Neo4j
# tests and the slow Neo4j tests as three processes at once: faster where cores are spare,
# but on a 2-core machine the contention pushes Neo4j calls past the store timeout, so it is
# not the default (measured: README, "Test tiers").
XDIST ?= -n auto
test-fast: $(STAMP)
	$(BIN)/python -m pytest $(XDIST) -m "not neo4j and not slow"

test: provision $(STAMP)
	$(BIN)/python -m pytest $(XDIST) -m "not neo4j"
	$(BIN)/python -m pytest -m neo4j

test-parallel: provision $(STAMP)
	@logs=$$(mktemp -d); \
	$(BIN)/python -m pytest -m "neo4j and not slow" >"$$logs/neo4j.txt" 2>&1 & neo4j=$$!; \
	$(BIN)/python -m pytest -m "neo4j and slow" >"$$logs/neo4j-slow.txt" 2>&1 & slow=$$!; \
	trap 'kill $$neo4j $$slow 2>/dev/null' INT TERM; \
	$(BIN)/python -m pytest $(XDIST) -m "not neo4j"; sqlite=$$?; \
	wait $$neo4j; neo4j=$$?; wait $$slow; slow=$$?; \
	echo "== Neo4j tests, not slow (exit $$neo4j) =="; cat "$$logs/neo4j.txt"; \
	echo "== Neo4j tests, slow (exit $$slow) =="; cat "$$logs/neo4j-slow.txt"; rm -rf "$$logs"; \
	echo "make test-parallel: SQLite tier exit $$sqlite, Neo4j exit $$neo4j, Neo4j slow exit $$slow"; \
	test $$sqlite = 0 && test $$neo4j = 0 && test $$slow = 0

lint: $(STAMP)
	$(BIN)/ruff check graphmem tests benchmarks
	$(BIN)/ruff format --check graphmem tests benchmarks
	$(BIN)/mypy graphmem

format: $(STAMP)
	$(BIN)/ruff check --fix graphmem tests benchmarks
	$(BIN)/ruff format graphmem tests benchmarks

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run --neo4j auto

bench-quick: $(STAMP)
	$(BIN)/python -m benchmarks.run --quick

neo4j:
	tools/neo4j/neo4j.sh start

neo4j-stop:
	tools/neo4j/neo4j.sh stop

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache build *.egg-info
