#!/usr/bin/env python3
"""Gateway ingest benchmark: samples/s accepted (and, for Kiroku, durably committed) and request latency, with
batches of 100 from several concurrent clients on loopback. Measures, in one run on one machine:
  1. Kiroku without Kafka (SQLite only),
  2. Kiroku with the Kafka outbox relay (librdkafka's mock cluster),
  3. the reference gateway (FastAPI + kafka-python, same mock cluster),
  4. one stateless Kiroku gateway (`serve --gateway-only`): answered once Kafka acknowledged every sample (acks=all).
Usage: Benchmarks/gateway/run.py [--clients 8] [--batches 200] [--bin-dir DIR] [--cases sqlite,relay,reference,gateway-only]  (run from the repository root, after
`swift build -c release --product kiroku --product KirokuBenchmarks`; --bin-dir takes the binaries from elsewhere,
e.g. a debug build, to compare two builds of the same kind)."""
import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

import httpx

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def release_bin(name, bin_dir=None):
    path = bin_dir or subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(path, name)


def batch(n):
    return {
        "deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": "bench", "timestamp": "2026-11-22T00:00:00Z", "appVersion": "1.0.0",
        "samples": [{
            "id": str(uuid.uuid4()), "type": "stepCount", "value": 100 + i, "unit": "count",
            "startDate": "2026-11-21T09:00:00Z", "endDate": "2026-11-21T09:10:00Z", "sourceBundle": "com.apple.health",
            "metadata": {"device": "iPhone"}, "isSynced": False, "createdAt": "2026-11-22T00:00:00Z",
        } for i in range(n)],
    }


async def load(url, headers, clients, batches):
    latencies = []
    bodies = [batch(100) for _ in range(clients * batches)]
    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=clients)) as client:
        async def worker(index):
            for b in bodies[index::clients]:
                start = time.perf_counter()
                response = await client.post(url, json=b, headers=headers)
                latencies.append(time.perf_counter() - start)
                if response.status_code != 200:
                    raise RuntimeError(f"{response.status_code}: {response.text[:200]}")
        start = time.perf_counter()
        await asyncio.gather(*(worker(i) for i in range(clients)))
        elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "samples_per_s": len(bodies) * 100 / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "requests": len(bodies),
    }


def wait_up(url):
    for _ in range(300):
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up")


def kiroku_case(kiroku, brokers, args):
    data = tempfile.mkdtemp(prefix="kiroku-gw-bench-")
    subprocess.run([kiroku, "user", "create", "bench", "--password-stdin", "--data-dir", data], input="correct horse battery\n", text=True, check=True, capture_output=True)
    token = subprocess.run([kiroku, "token", "create", "--user", "bench", "--name", "bench", "--data-dir", data], text=True, check=True, capture_output=True).stdout.strip()
    command = [kiroku, "serve", "--port", "18081", "--data-dir", data, "--gateway-rate", "1000000", "--log-level", "warning"]
    if brokers:
        command += ["--kafka-brokers", brokers, "--gateway-outbox-limit", "10000000"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up("http://127.0.0.1:18081/health")
        result = asyncio.run(load("http://127.0.0.1:18081/api/v1/health-data/", {"X-API-Key": token}, args.clients, args.batches))
        if brokers:
            # Drained means published and acknowledged: wait for the outbox to empty and count that time too.
            start = time.perf_counter()
            while "kiroku_gateway_outbox_messages 0" not in httpx.get("http://127.0.0.1:18081/metrics").text:
                time.sleep(0.05)
            result["drain_after_load_s"] = time.perf_counter() - start
        return result
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(data, ignore_errors=True)


def gateway_only_case(kiroku, brokers, args):
    directory = tempfile.mkdtemp(prefix="kiroku-gw-only-bench-")
    keys = os.path.join(directory, "gateway-keys")
    key = subprocess.run([kiroku, "gateway-key", "create", "--owner", "bench", "--file", keys], text=True, check=True, capture_output=True).stdout.strip()
    server = subprocess.Popen([kiroku, "serve", "--gateway-only", "--port", "18083", "--kafka-brokers", brokers, "--gateway-keys", keys,
                               "--gateway-rate", "1000000", "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up("http://127.0.0.1:18083/health")
        return asyncio.run(load("http://127.0.0.1:18083/api/v1/health-data/", {"X-API-Key": key}, args.clients, args.batches))
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)


def reference_case(brokers, args):
    env = dict(os.environ, KAFKA_BROKERS=brokers)
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "reference_gateway:app", "--port", "18082", "--log-level", "warning"],
                              cwd=os.path.dirname(os.path.abspath(__file__)), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up("http://127.0.0.1:18082/health")
        return asyncio.run(load("http://127.0.0.1:18082/api/v1/health-data/", {}, args.clients, args.batches))
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--batches", type=int, default=100, help="batches of 100 samples per client")
    parser.add_argument("--bin-dir", help="where kiroku and KirokuBenchmarks are (default: the release build)")
    parser.add_argument("--cases", default="sqlite,relay,reference,gateway-only", help="which gateways to measure, comma-separated")
    args = parser.parse_args()
    cases = set(args.cases.split(","))
    kiroku = release_bin("kiroku", args.bin_dir)
    mock = subprocess.Popen([release_bin("KirokuBenchmarks", args.bin_dir), "kafka-mock"], stdout=subprocess.PIPE, text=True)
    brokers = mock.stdout.readline().strip()
    try:
        runs = [
            ("sqlite", "kiroku (SQLite only)", lambda: kiroku_case(kiroku, None, args)),
            ("relay", "kiroku + Kafka relay", lambda: kiroku_case(kiroku, brokers, args)),
            ("reference", "reference (FastAPI + kafka-python)", lambda: reference_case(brokers, args)),
            ("gateway-only", "kiroku --gateway-only (1 instance, answered after Kafka's acks)", lambda: gateway_only_case(kiroku, brokers, args)),
        ]
        results = {name: run() for case, name, run in runs if case in cases}
    finally:
        mock.terminate()
    print(f"{args.clients} clients x {args.batches} batches of 100 samples, loopback, mock Kafka at {brokers}")
    print("| gateway | samples/s | p50 ms | p99 ms | note |")
    print("|---|---|---|---|---|")
    for name, r in results.items():
        note = f"outbox drained {r['drain_after_load_s']:.2f} s after the last answer" if "drain_after_load_s" in r else ""
        print(f"| {name} | {r['samples_per_s']:,.0f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {note} |")


if __name__ == "__main__":
    main()
