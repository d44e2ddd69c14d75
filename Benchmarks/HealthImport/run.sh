#!/bin/sh
# Apple Health import benchmark (see BENCHMARKS.md): release build, then bench.py in one run.
# BIN_DIR=DIR uses the kiroku and KirokuBenchmarks already built there instead (Benchmarks/smoke.py passes the debug
# build); BENCH_SIZE_MB sets the export's size (default 220), BENCH_DIR the work directory.
set -e
cd "$(dirname "$0")/../.."
if [ -z "${BIN_DIR:-}" ]; then
    swift build -c release --product kiroku
    swift build -c release --product KirokuBenchmarks
    BIN_DIR="$(swift build -c release --show-bin-path)"
fi
python3 Benchmarks/HealthImport/bench.py "$BIN_DIR/kiroku" "${BENCH_DIR:-/tmp/kiroku-import-bench}" --size "${BENCH_SIZE_MB:-220}" \
    --floors "$BIN_DIR/KirokuBenchmarks"
