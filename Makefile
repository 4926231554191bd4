# The two commands of the README: `make serve` and `make test`. Each sets everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# `make test` runs the tests in parallel, one worker a core, with the lighter Hypothesis profile;
# `make test HYPOTHESIS_PROFILE=full` (or thorough) runs more examples (see tests/conftest.py).
WORKERS ?= auto
HYPOTHESIS_PROFILE ?= ci

.PHONY: serve test lint typecheck pytest bench clean system-packages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { \
	  echo "venv failed: installing Debian's python3-venv"; \
	  apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV); }

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# What the tests need from Debian: GNU Backgammon (the .mat import test), Chromium (the
# browser tests; no browser can be downloaded, so Playwright drives Debian's), PostgreSQL
# (the store's tests run on a throwaway PostgreSQL server as well as on SQLite) and Redis (the
# tests of several server processes start throwaway Redis servers, and kill them mid-game).
system-packages:
	@missing=""; \
	command -v gnubg >/dev/null 2>&1 || test -x /usr/games/gnubg || missing="$$missing gnubg"; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

serve: $(STAMP)
	$(BIN)/gamehall serve

# The web front end's type-check: TypeScript's tsc (pinned in package.json) over the plain
# JavaScript with its JSDoc types (jsconfig.json). It needs Node.js and npm, from Debian.
NODE_STAMP := node_modules/.installed

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "installing Debian packages: nodejs npm"; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	node_modules/.bin/tsc -p jsconfig.json

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) system-packages
	@pg=$$(mktemp -d -u /tmp/gamehall-pg.XXXXXX); \
	url=$$(tools/throwaway-postgres start $$pg) || exit 1; \
	echo "the store's tests also run on PostgreSQL at $$url"; \
	GAMEHALL_TEST_POSTGRES_URL=$$url HYPOTHESIS_PROFILE=$(HYPOTHESIS_PROFILE) \
	  $(BIN)/pytest --benchmark-disable -n $(WORKERS); status=$$?; \
	tools/throwaway-postgres stop $$pg; exit $$status

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/pytest benchmarks --benchmark-only --benchmark-columns=min,mean,ops,rounds

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis .benchmarks
