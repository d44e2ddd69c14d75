# Kiroku's commands. `make run` starts the server; `make test` installs what the tests need and runs them all.
SWIFT ?= swift
DATA_DIR ?= .kiroku
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: run build test deps bench bench-import format clean

run:
	$(SWIFT) build --product kiroku
	$$($(SWIFT) build --show-bin-path)/kiroku serve --host $(HOST) --port $(PORT) --data-dir $(DATA_DIR)

build:
	$(SWIFT) build --build-tests

# System packages the tests use: a real headless browser and its WebDriver, CJK fonts for screenshots.
deps:
	scripts/install-test-deps.sh

test: deps
	python3 -m openapi_spec_validator Sources/Server/Public/openapi.yaml
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2

# Release build of the benchmark executable; results and the machine go to BENCHMARKS.md.
bench:
	$(SWIFT) build -c release --product KirokuBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/KirokuBenchmarks
	$(MAKE) bench-import

# Apple Health import vs healthkit-to-sqlite (PyPI, installed into a venv) on a generated 220 MB export.
bench-import:
	Benchmarks/HealthImport/run.sh

clean:
	rm -rf .build
