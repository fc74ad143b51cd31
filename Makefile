# make serve: build the site, serve it on http://127.0.0.1:8000, rebuild and reload on every edit
# make site:  build site/ only (what CI and deployments run), with only the packages building needs
# make test:  every test, in CPython, in Pyodide under Node, in headless Chromium (and a smoke suite in Firefox
#             and WebKit), on a throwaway PostgreSQL, and behind a throwaway nginx
# make lint:  ruff (check and format) on the Python, ESLint on the JavaScript; make test runs it first
# make bench: time the lesson page against a bare Pyodide boot, and the build (SAVE=1 updates bench/result.json)
# make mutate: mutation testing of the engine, grader and lesson checks; prints the share of mutants killed
# Each target does its own set-up on a fresh machine: .venv, pip install, npm ci.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: serve site test lint check browser postgres nginx clean

serve: $(VENV)/.serve-deps node_modules/.installed
	$(PY) build.py serve

site: $(VENV)/.site-deps node_modules/.installed
	$(PY) build.py

check: $(VENV)/.site-deps node_modules/.installed
	$(PY) build.py check

# One pytest worker per core, up to 4 (each drives a browser with three interpreters); a file's tests
# stay together in one worker. TESTS='-n 0 tests/test_engine.py' runs a part in this one process.
TESTS ?= -n auto --maxprocesses 4 --dist loadfile
test: lint browser postgres nginx
	$(PY) -m pytest $(TESTS)

lint: $(VENV)/.test-deps node_modules/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	npx --no-install eslint .

.PHONY: bench
bench: $(VENV)/.test-deps node_modules/.installed browser postgres
	$(PY) -m bench.run $(if $(SAVE),--out bench/result.json)

# mutmut works in mutants/ (a copy of the sources); results are kept there, so a second run
# re-tests only what changed. MUTANTS='engine.*' limits a run; JOBS=N sets the parallel workers.
# `.venv/bin/mutmut show NAME` shows one mutant's diff.
.PHONY: mutate
mutate: $(VENV)/.mutate-deps
	$(VENV)/bin/mutmut run $(if $(JOBS),--max-children $(JOBS)) $(MUTANTS) || true
	$(PY) -m tests.mutation_score

$(VENV)/.mutate-deps: pyproject.toml $(VENV)/.site-deps
	$(PY) -m pip install --quiet -e '.[mutate]'
	touch $@

$(VENV)/.created:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	touch $@

$(VENV)/.site-deps: pyproject.toml $(VENV)/.created
	$(PY) -m pip install --quiet -e .
	touch $@

# The server's packages (uvicorn, Starlette, the sync service's) come with `make serve` and `make test` only.
$(VENV)/.serve-deps: pyproject.toml $(VENV)/.site-deps
	$(PY) -m pip install --quiet -e '.[serve]'
	touch $@

$(VENV)/.test-deps: pyproject.toml $(VENV)/.site-deps
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Browser tests need a Chromium; Playwright cannot download its own here, so use Debian's.
# The smoke suite (tests/browser/test_engines.py) also needs a Firefox and a WebKitGTK: Debian's too.
browser:
	@$(PY) -m tests.browser.find_chromium >/dev/null 2>&1 || { \
	  echo "No Chromium found: installing Debian's (needs root and apt-get)"; \
	  (command -v apt-get >/dev/null && apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
	  || $(PY) -m playwright install chromium \
	  || { echo "Could not install a Chromium: install one, or set GRADLAB_CHROMIUM to its path"; exit 1; }; }
	@$(PY) -m tests.browser.find_engines firefox >/dev/null 2>&1 || { \
	  echo "No Firefox found: installing Debian's firefox-esr (needs root and apt-get)"; \
	  (command -v apt-get >/dev/null && apt-get update -qq && apt-get install -y -qq firefox-esr >/dev/null) \
	  || { $(PY) -m tests.browser.find_engines firefox; exit 1; }; }
	@$(PY) -m tests.browser.find_engines webkit >/dev/null 2>&1 || { \
	  echo "No WebKitGTK found: installing Debian's webkit2gtk-driver and xvfb (needs root and apt-get)"; \
	  (command -v apt-get >/dev/null && apt-get update -qq && apt-get install -y -qq webkit2gtk-driver xvfb >/dev/null) \
	  || { $(PY) -m tests.browser.find_engines webkit; exit 1; }; }

# The PostgreSQL tests start a server of their own from its programs (tests/postgres_server.py): Debian's.
# Its package may make a cluster of its own on port 5432; ours is another, on a free port.
postgres:
	@$(PY) -m tests.postgres_server >/dev/null 2>&1 || { \
	  echo "No PostgreSQL found: installing Debian's (needs root and apt-get)"; \
	  (command -v apt-get >/dev/null && apt-get update -qq \
	    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) \
	  || { echo "Could not install PostgreSQL: install it (apt-get install -y postgresql), or set GRADLAB_POSTGRES_BIN to the folder of its initdb"; exit 1; }; }

# The deployment test runs the service behind nginx (deploy/nginx.conf), as a throwaway process: Debian's.
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
	  echo "No nginx found: installing Debian's (needs root and apt-get)"; \
	  (command -v apt-get >/dev/null && apt-get update -qq \
	    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null) \
	  || { echo "Could not install nginx: install it (apt-get install -y nginx)"; exit 1; }; }

clean:
	rm -rf site .cache $(VENV) node_modules
