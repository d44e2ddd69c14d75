#!/usr/bin/env python3
"""Server CPU time per request: every thread's time on a CPU (/proc/PID/task/*/schedstat, nanoseconds) while it
handles --batches requests posted one after the other on one connection, after --warmup more. Unlike wall-clock,
this hardly moves when other work shares the machine, so it compares two builds on a busy machine. (Callgrind, the
first choice, could not be used: valgrind 3.19 crashes on Swift 6.3's binaries, and this VM has no hardware
instruction counters for perf.) Requests: gateway batches of 100 distinct samples (the bodies run.py posts), or with
--records, `POST /api/v1/records` with 1,000 distinct manual records each. Usage (from the repository root):
  Benchmarks/gateway/cpu_per_request.py --kiroku .build/release/kiroku [--brokers HOST:PORT [--gateway-only]] [--records] [--batches 200]
With --gateway-only the server is a stateless gateway (`serve --gateway-only`) forwarding to --brokers.
With --perf FILE, perf samples the measured requests; KIROKU_PERF_CALLGRAPH=dwarf,16384 unwinds with DWARF instead
of frame pointers, which keeps the Swift frames that frame-pointer stacks lose (a larger file, for fewer batches).
The machine's speed drifts by tens of per cent within an hour: compare two builds by alternating them in one loop."""
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import bodies_for, read_response, wait_up  # noqa: E402

PORT = 28714



def records_bodies(count):
    """`{"records": [...]}` bodies of 1,000 weigh-ins each, a minute apart, none near another body's."""
    base = datetime(2025, 1, 1, tzinfo=timezone.utc)
    return [json.dumps({"records": [
        {"metric": "weight", "value": 60 + (i % 200) / 10, "start": (base + timedelta(minutes=body * 1000 + i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
         "clientId": str(uuid.uuid4())}
        for i in range(1000)
    ]}).encode() for body in range(count)]


def cpu_seconds(pid):
    """Time every thread of the process has spent on a CPU so far."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as file:
                total += int(file.read().split()[0])
        except FileNotFoundError:
            pass  # a thread that ended: its time is lost, which the warm-up keeps rare
    return total / 1e9


def post_all(bodies, key, path):
    sock = socket.create_connection(("127.0.0.1", PORT))
    buffer = b""
    for body in bodies:
        auth = b"X-API-Key: " if "health-data" in path else b"Authorization: Bearer "
        sock.sendall(b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + auth
                     + key.encode() + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        status, buffer = read_response(sock, buffer)
        if status not in (200, 201):
            raise RuntimeError(f"answered {status}")
    sock.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kiroku", required=True)
    parser.add_argument("--brokers", help="Kafka bootstrap servers: count the outbox and relay too")
    parser.add_argument("--gateway-only", action="store_true", help="a stateless gateway (needs --brokers)")
    parser.add_argument("--records", action="store_true", help="POST /api/v1/records with 1,000 records instead of gateway batches")
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--perf", help="also sample the measured requests with perf (cpu-clock) into this file, for perf report")
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="kiroku-cpu-bench-")
    try:
        if args.gateway_only:
            if not args.brokers or args.records:
                sys.exit("--gateway-only needs --brokers and takes gateway batches only")
            keys = os.path.join(data, "gateway-keys")
            key = subprocess.run([args.kiroku, "gateway-key", "create", "--owner", "bench", "--file", keys], text=True, check=True, capture_output=True).stdout.strip()
            command = [args.kiroku, "serve", "--gateway-only", "--port", str(PORT), "--kafka-brokers", args.brokers, "--gateway-keys", keys,
                       "--gateway-rate", "1000000", "--log-level", "warning"]
        else:
            subprocess.run([args.kiroku, "user", "create", "bench", "--password-stdin", "--data-dir", data], input="correct horse battery\n", text=True, check=True, capture_output=True)
            key = subprocess.run([args.kiroku, "token", "create", "--user", "bench", "--name", "bench", "--data-dir", data], text=True, check=True, capture_output=True).stdout.strip()
            command = [args.kiroku, "serve", "--port", str(PORT), "--data-dir", data, "--gateway-rate", "1000000", "--log-level", "warning"]
            if args.brokers:
                command += ["--kafka-brokers", args.brokers, "--gateway-outbox-limit", "10000000"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_up(f"http://127.0.0.1:{PORT}/health", server)
            bodies = records_bodies(args.warmup + args.batches) if args.records else bodies_for(0, args.warmup + args.batches)
            path = "/api/v1/records" if args.records else "/api/v1/health-data/"
            post_all(bodies[:args.warmup], key, path)
            time.sleep(1)
            sampler = subprocess.Popen(["perf", "record", "-e", "cpu-clock", "-F", "1999", "--call-graph", os.environ.get("KIROKU_PERF_CALLGRAPH", "fp"), "-p", str(server.pid), "-o", args.perf],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) if args.perf else None
            before = cpu_seconds(server.pid)
            post_all(bodies[args.warmup:], key, path)
            time.sleep(2 if args.brokers and not args.gateway_only else 0.2)  # the relay publishes what the batches wrote
            used = cpu_seconds(server.pid) - before
            if sampler:
                sampler.send_signal(2)
                sampler.wait()
        finally:
            server.terminate()
            server.wait()
        what = "POST /api/v1/records of 1,000 records" if args.records else "gateway batch of 100 samples"
        print(f"{used / args.batches * 1000:.2f} ms of server CPU per {what} ({used:.2f} s for {args.batches}), load average {os.getloadavg()[0]:.1f}")
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
