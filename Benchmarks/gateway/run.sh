#!/usr/bin/env bash
# Gateway ingest benchmark: Kiroku (Kafka relay, SQLite only, --gateway-only) beside the FastAPI + confluent-kafka
# peer and the load generator's own ceiling, in one run. See run.py for what is measured.
# Usage: Benchmarks/gateway/run.sh [--bin-dir DIR] [--clients 4] [--batches 200] [--warmup 0] [--cases ceiling,relay,sqlite,gateway-only,peer]
#        [--mock-librdkafka peer|system] [--kiroku-librdkafka system|peer]
# Without --bin-dir it builds kiroku and KirokuBenchmarks in release first. The peer's packages go into
# .build-bench/venv (created here; needs python3-venv and PyPI).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
venv="$root/.build-bench/venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check -r Benchmarks/gateway/requirements.txt
args=("$@")
if [[ " $* " != *" --bin-dir "* ]]; then
    swift build -c release --product kiroku
    swift build -c release --product KirokuBenchmarks
    args+=(--bin-dir "$(swift build -c release --show-bin-path)")
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
exec "$venv/bin/python" Benchmarks/gateway/run.py "${args[@]}"
