# One entry point. Every target creates (once) and reuses the local virtualenv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install provision demo test test-fast test-serial lint format bench bench-quick neo4j neo4j-stop clean

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
# Neo4j, nothing slow, in parallel. test: everything, as three pytest processes at once, since
# the Neo4j tests mostly wait (on the server, on restarts they cause, on subprocesses) while
# the SQLite tier keeps both cores busy: what needs no Neo4j (in parallel), the Neo4j tests
# that are not slow, and the slow ones (the fault and outage runs with servers of their
# own, the dev set, service processes). Each Neo4j process starts one server for its tests
# (an xdist worker would start its own); their output is printed after the SQLite tier's.
XDIST ?= -n auto
test-fast: $(STAMP)
	$(BIN)/python -m pytest $(XDIST) -m "not neo4j and not slow"

test: provision $(STAMP)
	@logs=$$(mktemp -d); \
	$(BIN)/python -m pytest -m "neo4j and not slow" >"$$logs/neo4j.txt" 2>&1 & neo4j=$$!; \
	$(BIN)/python -m pytest -m "neo4j and slow" >"$$logs/neo4j-slow.txt" 2>&1 & slow=$$!; \
	trap 'kill $$neo4j $$slow 2>/dev/null' INT TERM; \
	$(BIN)/python -m pytest $(XDIST) -m "not neo4j"; sqlite=$$?; \
	wait $$neo4j; neo4j=$$?; wait $$slow; slow=$$?; \
	echo "== Neo4j tests, not slow (exit $$neo4j) =="; cat "$$logs/neo4j.txt"; \
	echo "== Neo4j tests, slow (exit $$slow) =="; cat "$$logs/neo4j-slow.txt"; rm -rf "$$logs"; \
	echo "make test: SQLite tier exit $$sqlite, Neo4j exit $$neo4j, Neo4j slow exit $$slow"; \
	test $$sqlite = 0 && test $$neo4j = 0 && test $$slow = 0

# The same tests one tier after the other (the layout before the three processes): for a
# machine too loaded for Neo4j calls to finish within the store timeout while all run.
test-serial: provision $(STAMP)
	$(BIN)/python -m pytest $(XDIST) -m "not neo4j"
	$(BIN)/python -m pytest -m neo4j

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
