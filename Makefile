# Two commands do all the set-up on a fresh machine:
#   make serve   build the site and serve it on http://127.0.0.1:8000/
#   make test    lint (ruff, mypy, ESLint), build, and run every test (engine, build, browser)
# Everything they need is installed by `make setup` (venv + pinned pip packages, npm ci,
# Debian's chromium when it is missing).

PYTHON ?= $(shell command -v python3.13 || command -v python3.12 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup serve build engine-results test test-fast test-slow lint format bench bench-engine bench-solver bench-site bench-build bench-coach bench-drills bench-strategy bench-readiness bench-lessons clean

setup: $(VENV)/.installed node_modules/.installed chromium

$(VENV)/.installed: requirements-dev.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else "Python 3.12 or newer is needed (pyodide-build); set PYTHON=...")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  (echo "Installing Debian's chromium for the browser tests" && $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium)

build: $(VENV)/.installed node_modules/.installed
	$(PY) build.py $(if $(CI),--quiet)

serve: build
	$(PY) tools/serve.py --port $(PORT)

# the build's costly engine results, committed so that a clean clone builds without computing them
# (sitebuild/engine-results.jsonl; run after a change of the engine or of the lessons' puzzles)
engine-results: $(VENV)/.installed
	$(PY) tools/engine_results.py

# ruff for the Python, mypy (strict, on the packages [tool.mypy] in pyproject.toml lists) for its types,
# ESLint (eslint.config.mjs, pinned in package-lock.json) for the page scripts
lint: $(VENV)/.installed node_modules/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	npx --no-install eslint site

format: $(VENV)/.installed
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

# the tests reuse the _site just built (tests/conftest.py built_site: only while it is newer than every source),
# on every core (pytest-xdist --dist loadscope: a file's functions on one worker, a class apart, so the two
# languages' every-page and every-puzzle checks run side by side; the browser tests handed out first); the 25 slowest tests listed
# two workers more than cores: many browser tests wait on their page (cards that move, a review's
# clock), so a third and fourth worker fill the cores (clean-clone runs on 2 cores, 2026-12-07: three
# workers 17.8 and 19.2 minutes; four 15.9 with other work on the machine, 14.1 on a quiet one)
WORKERS ?= $(shell echo $$(( $$(nproc) + 2 )))
PARALLEL := -n $(WORKERS) --dist loadscope --no-loadscope-reorder
test: setup lint build
	HUUTOPUSSI_SITE=_site $(PY) -m pytest -q $(PARALLEL) --durations=25

test-fast: $(VENV)/.installed
	$(PY) -m pytest -q -m "not browser" $(PARALLEL)

test-slow: setup build
	HUUTOPUSSI_SITE=_site $(PY) -m pytest -q --runslow $(PARALLEL)

bench: bench-engine bench-solver bench-site bench-coach

bench-engine: $(VENV)/.installed
	$(PY) benchmarks/bench_engine.py

bench-solver: $(VENV)/.installed node_modules/.installed
	$(PY) benchmarks/bench_solver.py

bench-coach: setup build
	$(PY) benchmarks/bench_coach.py

bench-site: setup build
	$(PY) benchmarks/bench_site.py

bench-build: $(VENV)/.installed
	$(PY) benchmarks/bench_build.py

bench-drills: $(VENV)/.installed
	$(PY) benchmarks/bench_drills.py

# the rules of thumb the lessons teach, measured by the engine; writes lessons/measured.json
# (committed: the build fills the lessons' {measured:NAME} from it and never recomputes it)
bench-strategy: $(VENV)/.installed
	$(PY) benchmarks/bench_strategy.py --jobs 2

# the readiness test's bank (issue 38): decisions valued over sampled deals, kept where the best
# option beats the second clearly; writes lessons/readiness.json (committed; the build checks it
# and never re-values it). Resumable: a second run continues with the seeds not yet tried.
bench-readiness: $(VENV)/.installed
	$(PY) benchmarks/bench_readiness.py

bench-lessons: setup build
	$(PY) benchmarks/bench_lessons.py

clean:
	rm -rf _site dist build/og-cache .cache
