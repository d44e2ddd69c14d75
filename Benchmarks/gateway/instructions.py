#!/usr/bin/env python3
"""Instructions per gateway batch, counted by callgrind: repeatable on a busy machine, where wall-clock is not.
Starts `kiroku serve` under `valgrind --tool=callgrind`, posts --warmup batches, zeroes the counters, posts --batches batches of 100 distinct samples (the same bodies run.py
posts) one after the other on one connection, dumps, and prints the instructions per batch and the profile file
for callgrind_annotate. Usage (from the repository root):
  Benchmarks/gateway/instructions.py --kiroku .build/release/kiroku [--brokers HOST:PORT] [--batches 50] [--out FILE]"""
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

PORT = 18095


def records_bodies(count):
    """`{"records": [...]}` bodies of 1,000 weigh-ins each, a minute apart, none near another body's."""
    base = datetime(2025, 1, 1, tzinfo=timezone.utc)
    return [json.dumps({"records": [
        {"metric": "weight", "value": 60 + (i % 200) / 10, "start": (base + timedelta(minutes=body * 1000 + i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
         "clientId": str(uuid.uuid4())}
        for i in range(1000)
    ]}).encode() for body in range(count)]


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
    parser.add_argument("--records", action="store_true", help="POST /api/v1/records with 1,000 records instead of gateway batches")
    parser.add_argument("--batches", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--out", default=os.path.abspath("callgrind.out.gateway"))
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="kiroku-gw-callgrind-")
    try:
        subprocess.run([args.kiroku, "user", "create", "bench", "--password-stdin", "--data-dir", data], input="correct horse battery\n", text=True, check=True, capture_output=True)
        key = subprocess.run([args.kiroku, "token", "create", "--user", "bench", "--name", "bench", "--data-dir", data], text=True, check=True, capture_output=True).stdout.strip()
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={args.out}", "--dump-instr=no",
                   args.kiroku, "serve", "--port", str(PORT), "--data-dir", data, "--gateway-rate", "1000000", "--log-level", "warning"]
        if args.brokers:
            command += ["--kafka-brokers", args.brokers, "--gateway-outbox-limit", "10000000"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_up(f"http://127.0.0.1:{PORT}/health", server)
            bodies = records_bodies(args.warmup + args.batches) if args.records else bodies_for(0, args.warmup + args.batches)
            path = "/api/v1/records" if args.records else "/api/v1/health-data/"
            post_all(bodies[:args.warmup], key, path)
            time.sleep(1)
            subprocess.run(["callgrind_control", "--zero", str(server.pid)], check=True, capture_output=True)
            post_all(bodies[args.warmup:], key, path)
            time.sleep(2 if args.brokers else 0.5)  # the relay publishes what the batches wrote
            dumped = subprocess.run(["callgrind_control", "--dump=measured", str(server.pid)], check=True, capture_output=True, text=True)
        finally:
            server.terminate()
            server.wait()
        # The dump after the zero holds exactly the measured batches (and whatever background work ran meanwhile).
        parts = sorted(f for f in os.listdir(os.path.dirname(args.out)) if f.startswith(os.path.basename(args.out) + "."))
        measured = None
        for name in parts:
            path = os.path.join(os.path.dirname(args.out), name)
            with open(path, errors="replace") as file:
                text = file.read()
            if "Client Request: measured" in text[:2000]:
                measured = path
        totals = []
        if measured:
            with open(measured, errors="replace") as file:
                for line in file:
                    if line.startswith("summary:") or line.startswith("totals:"):
                        totals.append(int(line.split()[1]))
        if not totals:
            print(dumped.stdout, dumped.stderr, parts, file=sys.stderr)
            raise RuntimeError("no measured dump found")
        what = "POST /api/v1/records of 1,000 records" if args.records else "gateway batch of 100 samples"
        print(f"{totals[0] / args.batches:,.0f} instructions per {what} ({totals[0]:,} for {args.batches}); profile {measured}")
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
