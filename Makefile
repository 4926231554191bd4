# The two commands of the README: `make serve` and `make test`. Each sets everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The Python packages come from the locks in requirements/ (exact versions with their hashes),
# never from whatever the registry serves that day: `make serve` installs serve.txt, `make test`
# test.txt (the same versions, and the test tools). `make lock` writes them again after a change
# to pyproject.toml; `make upgrade` moves every package to its newest release (tools/lock).
SERVE_STAMP := $(VENV)/.installed-serve
TEST_STAMP  := $(VENV)/.installed-test
PIP_LOCKED  := $(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes
# gamehall itself, editable, built by the locked setuptools already in the venv.
PIP_SELF    := $(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps \
               --no-build-isolation -e .
# `make test` runs the tests in parallel, one worker a core, with the lighter Hypothesis profile;
# `make test HYPOTHESIS_PROFILE=full` (or thorough) runs more examples (see tests/conftest.py).
WORKERS ?= auto
HYPOTHESIS_PROFILE ?= ci

.PHONY: serve test lint typecheck pytest bench clean system-packages lock upgrade messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { \
	  echo "venv failed: installing Debian's python3-venv"; \
	  apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV); }

$(SERVE_STAMP): $(BIN)/python requirements/serve.txt pyproject.toml
	$(PIP_LOCKED) -r requirements/serve.txt
	$(PIP_SELF)
	touch $@

$(TEST_STAMP): $(BIN)/python requirements/test.txt pyproject.toml
	$(PIP_LOCKED) -r requirements/test.txt
	$(PIP_SELF)
	touch $@

lock: $(TEST_STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python tools/lock

upgrade: $(TEST_STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python tools/lock --upgrade

# The translations: `make messages` writes the catalog template from the English texts and
# carries each new or changed text into every language's catalog, for a translator to fill in
# (docs/translations.md); `make lint` fails when they are behind.
messages: $(TEST_STAMP)
	$(BIN)/python tools/messages

# What the tests need from Debian: GNU Backgammon (the .mat import test, gnubg as a house
# opponent, and gnubg playing our engine as its external player), Chromium (the
# browser tests; no browser can be downloaded, so Playwright drives Debian's), PostgreSQL
# (the store's tests run on a throwaway PostgreSQL server as well as on SQLite), Redis (the
# tests of several server processes start throwaway Redis servers, and kill them mid-game),
# HAProxy (tools/cluster puts it in front of several server processes, as in production), nginx
# (`nginx -t` checks deploy/nginx.conf) and systemd's systemd-analyze (it verifies
# deploy/gamehall@.service).
system-packages:
	@missing=""; \
	command -v gnubg >/dev/null 2>&1 || test -x /usr/games/gnubg || missing="$$missing gnubg"; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	test -x /usr/sbin/haproxy || missing="$$missing haproxy"; \
	test -x /usr/sbin/nginx || missing="$$missing nginx"; \
	command -v systemd-analyze >/dev/null 2>&1 || missing="$$missing systemd"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

serve: $(SERVE_STAMP)
	$(BIN)/gamehall serve

# The web front end's type-check: TypeScript's tsc (pinned in package.json) over the plain
# JavaScript with its JSDoc types (jsconfig.json), the API's among them generated from the
# server's schemas (static/js/api-types.js: the check fails when it is stale). It needs Node.js
# and npm, from Debian.
NODE_STAMP := node_modules/.installed

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "installing Debian packages: nodejs npm"; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

lint: $(TEST_STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests benchmarks tools/lock tools/messages tools/cluster
	$(BIN)/ruff format --check src tests benchmarks tools/lock tools/messages tools/cluster
	$(BIN)/python -m gamehall.server.jstypes --check
	$(BIN)/python tools/messages --check
	node_modules/.bin/tsc -p jsconfig.json

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

pytest: $(TEST_STAMP) system-packages
	@pg=$$(mktemp -d -u /tmp/gamehall-pg.XXXXXX); \
	url=$$(tools/throwaway-postgres start $$pg) || exit 1; \
	echo "the store's tests also run on PostgreSQL at $$url"; \
	GAMEHALL_TEST_POSTGRES_URL=$$url HYPOTHESIS_PROFILE=$(HYPOTHESIS_PROFILE) \
	  $(BIN)/pytest --benchmark-disable -n $(WORKERS); status=$$?; \
	tools/throwaway-postgres stop $$pg; exit $$status

test: lint typecheck pytest

bench: $(TEST_STAMP)
	$(BIN)/pytest benchmarks --benchmark-only --benchmark-columns=min,mean,ops,rounds

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis .benchmarks
