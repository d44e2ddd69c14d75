#!/usr/bin/env python3
"""Runs every benchmark script once, at a tiny size, against an existing (debug) build, and checks what each prints:
`make test` calls it so that CI proves the scripts still run and still measure what they say, without running the
benchmarks themselves (their figures come from release builds at full size: `make bench`, BENCHMARKS.md).

Besides "it ran", each step checks what a reader of its output relies on: the import stored every record of the
generated export and the re-import added none, the write-only floor wrote as many rows as the import, the type
comparison finds no type whose count differs from the file, the Health Auto Export retry changed nothing, and every
gateway case answered every batch 200.

Usage: Benchmarks/smoke.py BIN_DIR [--work DIR]
  BIN_DIR holds kiroku and KirokuBenchmarks (`swift build --show-bin-path`). Needs /usr/bin/time, python3-venv, the
  sqlite3 shell and PyPI (healthkit-to-sqlite, and the gateway peer's packages), as `make deps` installs."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")


class SmokeFailure(Exception):
    pass


def run(command, env=None, timeout=900):
    """Runs command from the repository root; returns its stdout and stderr together, or fails with both."""
    result = subprocess.run(command, cwd=ROOT, env=dict(os.environ, **(env or {})), capture_output=True, text=True, timeout=timeout)
    output = result.stdout + result.stderr
    if result.returncode != 0:
        raise SmokeFailure(f"{' '.join(command)} exited with {result.returncode}:\n{output}")
    return output


def expect(condition, message, output):
    if not condition:
        raise SmokeFailure(f"{message}\n--- output ---\n{output}")


def number(text):
    return int(text.replace(",", ""))


def table_rows(output):
    """Markdown table rows as lists of cells, header and separator rows left out."""
    rows = []
    for line in output.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:] if rows else rows


def import_benchmark(bins, work):
    output = run(["sh", "Benchmarks/HealthImport/run.sh"], env={"BIN_DIR": bins, "BENCH_DIR": work, "BENCH_SIZE_MB": "2"})
    rows = {row[0]: row for row in table_rows(output)}
    fresh, again = rows.get("kiroku import, fresh"), rows.get("kiroku import, re-import")
    peer = next((row for name, row in rows.items() if name.startswith("healthkit-to-sqlite")), None)
    expect(fresh and again and peer, "the table lacks the fresh import, the re-import or healthkit-to-sqlite", output)
    expect(number(fresh[1]) > 0 and fresh[1] == fresh[2], "the fresh import did not add every record it read", output)
    expect(again[1] == fresh[1] and number(again[2]) == 0, "the re-import read other records or added some", output)
    expect(number(peer[1]) > 0, "healthkit-to-sqlite stored nothing", output)
    expect("kiroku / healthkit-to-sqlite = " in output, "no ratio line", output)
    floors = re.search(r"write only [\d.]+ s \(([\d,]+) rows added\)", output)
    expect(floors and floors.group(1) == fresh[2], "the write-only floor did not write the import's rows", output)
    expect("kiroku fresh import / larger floor = " in output, "no floor ratio line", output)
    return f"{fresh[1]} records"


def thread_times(bins, work):
    output = run([sys.executable, "Benchmarks/HealthImport/thread_times.py", os.path.join(bins, "kiroku"),
                  os.path.join(work, "export-2.zip"), "--data-dir", os.path.join(work, "thread-times")])
    expect("exit status 0" in output, "the import under thread_times.py failed", output)
    threads = [line for line in output.splitlines() if re.match(r"\s*\d+\s+[\d.]+\s+[\d.]+", line)]
    expect(len(threads) >= 2, "fewer than two threads were seen", output)
    return f"{len(threads)} threads"


def schema_floors(bins, work):
    output = run(["sh", "Benchmarks/HealthImport/schema_floors.sh", os.path.join(work, "kiroku-data", "kiroku.sqlite"), "1"])
    rows = table_rows(output)
    expect(len(rows) == 6 and all(re.fullmatch(r"[\d.]+", row[2]) for row in rows), "not six timed layouts", output)
    return f"{len(rows)} layouts"


def compare_types(bins, work):
    tool = os.path.join(work, "venv", "bin", "healthkit-to-sqlite")  # the import benchmark's venv
    output = run([sys.executable, "Benchmarks/HealthImport/compare_types.py", os.path.join(bins, "kiroku"), tool,
                  "--generate", "1", os.path.join(work, "compare")])
    rows = table_rows(output)
    expect(len(rows) >= 10, "fewer than ten types compared", output)
    for row in rows:
        in_file = number(row[1].split("+")[0].strip())  # top level only: a correlation's records are its own copies
        kiroku = number(row[3].split()[0])
        expect(in_file == kiroku, f"{row[0]}: {in_file} in the file, {kiroku} in Kiroku", output)
    return f"{len(rows)} types, none lost"


def health_auto_export(bins, work):
    output = run([sys.executable, "Benchmarks/HealthAutoExport/bench.py", os.path.join(bins, "kiroku"), os.path.join(work, "hae"),
                  "--minutes", "1440"])
    first = re.search(r'first post: .*"records":\{"inserted":(\d+),"unchanged":(\d+)', output)
    retry = re.search(r'retry: .*"records":\{"inserted":(\d+),"unchanged":(\d+)', output)
    expect(first and first.group(1) == "2880", "the first post did not store 2 × 1,440 samples", output)
    expect(retry and retry.groups() == ("0", "2880"), "the retry stored something again", output)
    return "2,880 samples, retry unchanged"


def gateway(bins, work):
    output = run(["bash", "Benchmarks/gateway/run.sh", "--bin-dir", bins, "--clients", "2", "--batches", "3"])
    rows = table_rows(output)
    expect(len(rows) == 5, "not five gateway cases", output)
    for row in rows:
        expect(number(row[1]) > 0 and row[4] == "0", f"{row[0]}: no throughput or failed requests", output)
    relay = next(row for row in rows if row[0].startswith("Kiroku + Kafka"))
    expect(relay[5].endswith(" s"), "the relay's outbox drain time is missing", output)
    expect("Kiroku + Kafka (durable) / peer: " in output and "Kiroku --gateway-only / peer: " in output, "no ratio lines", output)
    return "5 cases, 0 failed requests"


def cpu_per_request(bins, work):
    kiroku = os.path.join(bins, "kiroku")
    mock = subprocess.Popen([os.path.join(bins, "KirokuBenchmarks"), "kafka-mock"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        brokers = mock.stdout.readline().strip()
        expect(brokers, "the mock Kafka cluster printed no address", "")
        for mode in ([], ["--records"], ["--brokers", brokers], ["--brokers", brokers, "--gateway-only"]):
            output = run([sys.executable, "Benchmarks/gateway/cpu_per_request.py", "--kiroku", kiroku, "--batches", "2", "--warmup", "1"] + mode)
            expect(re.search(r"[\d.]+ ms of server CPU per ", output), f"no CPU figure with {mode}", output)
    finally:
        mock.terminate()
        mock.wait()
    return "4 modes"


def swift_benchmarks(bins, work):
    output = run([os.path.join(bins, "KirokuBenchmarks")], env={
        "KIROKU_BENCH_REPETITIONS": "1", "KIROKU_BENCH_REQUESTS": "2", "KIROKU_BENCH_HR_YEARS": "1", "KIROKU_BENCH_SETS": "2000",
        "KIROKU_BENCH_WAIT_WEEKS": "2", "TMPDIR": work,
    })
    for section in ("insert 10,000 records in one transaction", "forecast: one store, 2 weeks of history", "Workouts API, 2,000 sets",
                    "GET /insights (page)"):
        expect(section in output, f"no line for {section!r}", output)
    return "every section"


STEPS = [
    ("Apple Health import vs healthkit-to-sqlite, with floors (HealthImport/run.sh)", import_benchmark),
    ("CPU per import thread (HealthImport/thread_times.py)", thread_times),
    ("SQLite's share per layout (HealthImport/schema_floors.sh)", schema_floors),
    ("per-type counts beside healthkit-to-sqlite (HealthImport/compare_types.py)", compare_types),
    ("Health Auto Export backfill and retry (HealthAutoExport/bench.py)", health_auto_export),
    ("gateway cases beside the peer (gateway/run.sh)", gateway),
    ("server CPU per request (gateway/cpu_per_request.py)", cpu_per_request),
    ("KirokuBenchmarks, every section", swift_benchmarks),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bins")
    parser.add_argument("--work", help="kept afterwards; default: a temporary directory, removed")
    args = parser.parse_args()
    bins = os.path.abspath(args.bins)
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="kiroku-bench-smoke-")
    os.makedirs(work, exist_ok=True)
    print(f"Benchmark scripts, smoke run at tiny sizes with {bins}")
    started = time.monotonic()
    try:
        for index, (name, step) in enumerate(STEPS, 1):
            step_started = time.monotonic()
            print(f"[{index}/{len(STEPS)}] {name} …", end=" ", flush=True)
            try:
                summary = step(bins, work)
            except SmokeFailure as failure:
                print("FAILED")
                print(failure, file=sys.stderr)
                return 1
            print(f"ok: {summary} ({time.monotonic() - step_started:.0f} s)", flush=True)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    print(f"every benchmark script ran in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
