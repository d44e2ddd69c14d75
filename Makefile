# Kiroku's commands. `make run` starts the server; `make test` installs what the tests need and runs them all.
SWIFT ?= swift
DATA_DIR ?= .kiroku
HOST ?= 127.0.0.1
PORT ?= 8080
FUZZ_RUNS ?= 1000000

.PHONY: run build test deps build-deps bench bench-import bench-hae bench-smoke fuzz format clean

# C libraries the build links: SQLite, and librdkafka for the gateway's Kafka producer.
build-deps:
	scripts/install-packages.sh libsqlite3-dev librdkafka-dev pkg-config

run: build-deps
	$(SWIFT) build --product kiroku
	$$($(SWIFT) build --show-bin-path)/kiroku serve --host $(HOST) --port $(PORT) --data-dir $(DATA_DIR)

build: build-deps
	$(SWIFT) build --build-tests

# System packages the build and the tests use.
deps: build-deps
	scripts/install-test-deps.sh

# Suites that SIGKILL servers, take Kafka away, or time a graceful shutdown or how soon a run ends run after the
# others, one test at a time: in the parallel pass, other tests' blocking waits hold the few cooperative threads and
# stretch their timing.
QUIET_SUITES = GatewayKafkaChaosTests|KafkaProducerTests|OutboxQuarantineRelayTests|GatewayKafkaMessageAsReceivedTests|GatewayScaleOutEndToEndTests|KafkaIngestEndToEndTests|KafkaBatchPublisherTests|GatewayOnlyTests|OutboxRelayTests|WaitTimeFeedPollerLifecycleTests|ProcessReaperTests|ImportShutdownEndToEndTests|ImportShutdownTests|SyncUnreachableGatewayTests

# Every test, then the contract test (schemathesis against a running server and its own /openapi.yaml), then every
# benchmark script once at a tiny size on the debug build (Benchmarks/smoke.py); fails too when a test leaves a
# process running (kiroku, chromedriver, chromium, kcat, …).
# The end-to-end suites, which start programs, run in a process of their own: Foundation's Process.run crashed
# (a bad memcpy) when the in-process server tests had left the test process holding about 1,350 descriptors.
# The suites that drive chromium (scripts/browser-suites.sh finds them) then run one test at a time: started together,
# their browsers starved each other on two cores and tests ran out of time waiting (CI of 459811d).
test: deps
	python3 -m openapi_spec_validator Sources/Server/Public/openapi.yaml
	$(SWIFT) build --build-tests
	scripts/run-tests-leaving-no-processes.py -- sh -c 'browsers=$$(scripts/browser-suites.sh) && $(SWIFT) test --skip-build --parallel --num-workers 2 --skip "EndToEndTests\.|$(QUIET_SUITES)" && $(SWIFT) test --skip-build --parallel --num-workers 2 --filter "EndToEndTests\." --skip "$$browsers|$(QUIET_SUITES)" && $(SWIFT) test --skip-build --no-parallel --filter "$$browsers" && $(SWIFT) test --skip-build --no-parallel --filter "$(QUIET_SUITES)" && scripts/contract-test.sh && python3 Benchmarks/smoke.py $$($(SWIFT) build --show-bin-path)'

# Release build of the benchmark executable; results and the machine go to BENCHMARKS.md.
bench: build-deps
	$(SWIFT) build -c release --product KirokuBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/KirokuBenchmarks
	$(MAKE) bench-import
	$(MAKE) bench-hae

# Apple Health import vs healthkit-to-sqlite (PyPI, installed into a venv) on a generated 220 MB export.
bench-import: build-deps
	Benchmarks/HealthImport/run.sh

# Every benchmark script once at a tiny size on the debug build, checking what each prints (part of `make test`).
bench-smoke: deps
	$(SWIFT) build --build-tests
	python3 Benchmarks/smoke.py $$($(SWIFT) build --show-bin-path)

# A year-long Health Auto Export backfill (1,051,200 samples in one request) against a release server.
bench-hae: build-deps
	$(SWIFT) build -c release --product kiroku
	python3 Benchmarks/HealthAutoExport/bench.py $$($(SWIFT) build -c release --show-bin-path)/kiroku $${BENCH_DIR:-/tmp/kiroku-hae-bench}

# libFuzzer over the import parsers, FUZZ_RUNS inputs each (not part of `make test`); results go to FUZZING.md.
fuzz: build-deps
	FUZZ_RUNS=$(FUZZ_RUNS) scripts/fuzz.sh

clean:
	rm -rf .build .build-fuzz
