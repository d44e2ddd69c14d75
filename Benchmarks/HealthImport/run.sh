#!/bin/sh
# Apple Health import benchmark (see BENCHMARKS.md): release build, then bench.py in one run.
set -e
cd "$(dirname "$0")/../.."
swift build -c release --product kiroku
swift build -c release --product KirokuBenchmarks
BIN_DIR="$(swift build -c release --show-bin-path)"
python3 Benchmarks/HealthImport/bench.py "$BIN_DIR/kiroku" "${BENCH_DIR:-/tmp/kiroku-import-bench}" --size "${BENCH_SIZE_MB:-220}" \
    --floors "$BIN_DIR/KirokuBenchmarks"
