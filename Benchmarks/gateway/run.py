#!/usr/bin/env python3
"""Gateway ingest benchmark, every gateway in one run on one machine (run it through run.sh, which builds Kiroku
in release and makes the venv). Cases, in this order:
  ceiling       the load generator against a server that answers a constant: its own limit
  relay         Kiroku with the Kafka outbox relay and durable commits (--durable-commits: fsync before answering)
  sqlite        Kiroku without Kafka, durable commits
  gateway-only  one stateless Kiroku gateway (`serve --gateway-only`), answered after Kafka's acks (acks=all)
  peer          FastAPI + confluent-kafka (peer_gateway.py), 2 uvicorn workers, one produce per sample, flush per request
Kafka is librdkafka's mock cluster (`KirokuBenchmarks kafka-mock`, real protocol on loopback, one partition), run
by default with the peer's librdkafka (the one in confluent-kafka's wheel, --mock-librdkafka peer): Debian 12's
2.0.2 mock answers a newer client's overlapping produce requests tens of milliseconds late (two threads each
flushing 100 messages: 88 ms a flush against 0.3 ms with the 2.16 mock), which slowed the peer about tenfold and
Kiroku not at all. `--mock-librdkafka system` gives the setup of every figure in BENCHMARKS.md before 2026-11-28's
eleventh session. `--kiroku-librdkafka peer` runs Kiroku itself with the wheel's librdkafka instead of Debian's.

The load: --clients processes, each with one keep-alive connection, posting --batches batches of 100 samples in
the phone app's format one after another (the next when the last is answered). Every body is built before the
clock starts; every sample has its own id and its own start time. Throughput is samples answered 200 over the time
from the common start to the last answer; latency is per request, measured by the client around send and answer.
Kiroku with the relay also reports how long after the last answer its outbox was empty (published and acked).
With --warmup N, each client first posts N more batches (their own ids and times) and only then waits for the common
start: the figures are then of a server past its start (the relay connected, pages cached). The default, 0, measures
from the first request, as every figure in BENCHMARKS.md before 2026-11-27's third session did."""
import argparse
import asyncio
import ctypes
import glob
import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
PORT = 28713  # away from the 180xx ports tests and other benchmarks use


def bodies_for(client, batches):
    """The client's request bodies, each sample with its own id and start minute (distinct across clients)."""
    base = datetime(2026, 1, 1, tzinfo=timezone.utc)
    bodies = []
    for batch in range(batches):
        samples = []
        for i in range(100):
            start = base + timedelta(minutes=((client * batches + batch) * 100 + i))
            samples.append({
                "id": str(uuid.uuid4()), "type": "stepCount", "value": 10 + i, "unit": "count",
                "startDate": start.strftime("%Y-%m-%dT%H:%M:%SZ"), "endDate": (start + timedelta(seconds=59)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "sourceBundle": "com.apple.health", "metadata": {"device": "iPhone"}, "isSynced": False,
                "createdAt": "2026-11-26T00:00:00Z", "timezone": "Asia/Tokyo", "timezoneOffset": 540,
            })
        bodies.append(json.dumps({
            "deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": f"bench-{client}",
            "timestamp": "2026-11-26T00:00:00Z", "appVersion": "1.0.0", "samples": samples,
        }).encode())
    return bodies


def read_response(sock, buffer):
    """Reads one HTTP/1.1 response (Content-Length or chunked); returns (status, rest of the buffer)."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("server closed the connection")
        buffer += chunk
    head, _, buffer = buffer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(b":") for line in lines[1:])}
    if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
        while True:
            while b"\r\n" not in buffer:
                buffer += sock.recv(65536)
            size_line, _, buffer = buffer.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            while len(buffer) < size + 2:
                buffer += sock.recv(65536)
            buffer = buffer[size + 2:]
            if size == 0:
                return status, buffer
    length = int(headers.get(b"content-length", b"0"))
    while len(buffer) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("server closed the connection")
        buffer += chunk
    return status, buffer[length:]


def client_process(client, batches, port, path, key, ready, go, results, warmup=0):
    requests = [
        b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + (b"X-API-Key: " + key.encode() + b"\r\n" if key else b"")
        + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
        for body in bodies_for(client, warmup + batches)
    ]
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    buffer = b""
    for request in requests[:warmup]:
        sock.sendall(request)
        _, buffer = read_response(sock, buffer)
    requests = requests[warmup:]
    ready.release()
    go.wait()
    latencies, failures = [], 0
    started = time.monotonic()
    for request in requests:
        sent = time.monotonic()
        sock.sendall(request)
        status, buffer = read_response(sock, buffer)
        latencies.append(time.monotonic() - sent)
        failures += status != 200
    results.put((started, time.monotonic(), latencies, failures))
    sock.close()


def load(port, path, key, clients, batches, warmup=0):
    ready, go, results = multiprocessing.Semaphore(0), multiprocessing.Event(), multiprocessing.Queue()
    processes = [multiprocessing.Process(target=client_process, args=(c, batches, port, path, key, ready, go, results, warmup)) for c in range(clients)]
    for process in processes:
        process.start()
    for _ in processes:
        ready.acquire()  # every client has built its bodies and connected
    go.set()
    outcomes = [results.get() for _ in processes]
    for process in processes:
        process.join()
    start, end = min(o[0] for o in outcomes), max(o[1] for o in outcomes)
    latencies = sorted(l for o in outcomes for l in o[2])
    failures = sum(o[3] for o in outcomes)
    return {
        "samples_per_s": (len(latencies) - failures) * 100 / (end - start),
        "p50_ms": latencies[len(latencies) // 2] * 1000,
        "p99_ms": latencies[max(0, int(len(latencies) * 0.99) - 1)] * 1000,
        "failures": failures, "last_answer": end,
    }


def wait_up(url, process=None):
    for _ in range(600):
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{url}: server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up")


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


async def constant_server(port):
    """Answers every request with the same small JSON after reading its body: the load generator's ceiling."""
    answer = json.dumps({"status": "success", "success": True, "syncedCount": 100, "failedCount": 0}).encode()
    response = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + str(len(answer)).encode() + b"\r\n\r\n" + answer

    async def serve(reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), 0)
                await reader.readexactly(length)
                if head.startswith(b"GET"):
                    writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
                else:
                    writer.write(response)
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", port)
    async with server:
        await server.serve_forever()


def run_constant_server(port):
    asyncio.run(constant_server(port))


def ceiling_case(bins, brokers, args):
    server = multiprocessing.Process(target=run_constant_server, args=(PORT,), daemon=True)
    server.start()
    try:
        wait_up(f"http://127.0.0.1:{PORT}/health")
        return load(PORT, "/api/v1/health-data/", None, args.clients, args.batches, args.warmup)
    finally:
        server.terminate()
        server.join()


def outbox_depth(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("kiroku_gateway_outbox_messages "):
                return float(line.split()[1])
    raise RuntimeError("no kiroku_gateway_outbox_messages in /metrics")


def librdkafka_dir(which):
    """None for the system's librdkafka; for "peer", a directory whose librdkafka.so.1 is the one confluent-kafka's
    wheel bundles (under a hashed name), for LD_LIBRARY_PATH. Kiroku and the mock link librdkafka.so.1 by that name and
    use only its stable C API, so either library serves them."""
    if which == "system":
        return None
    import confluent_kafka  # noqa: F401  (the venv's, which run.sh installs)
    found = glob.glob(os.path.join(os.path.dirname(os.path.dirname(confluent_kafka.__file__)), "confluent_kafka.libs", "librdkafka-*.so.1"))
    if not found:
        sys.exit("confluent-kafka's wheel holds no librdkafka here: use --mock-librdkafka system")
    directory = os.path.join(HERE, "..", "..", ".build-bench", "librdkafka-peer")
    os.makedirs(directory, exist_ok=True)
    link = os.path.join(directory, "librdkafka.so.1")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(found[0], link)
    return os.path.realpath(directory)


def librdkafka_env(directory):
    return dict(os.environ, LD_LIBRARY_PATH=directory) if directory else None


def librdkafka_version(directory):
    library = ctypes.CDLL(os.path.join(directory, "librdkafka.so.1") if directory else "librdkafka.so.1")
    library.rd_kafka_version_str.restype = ctypes.c_char_p
    return library.rd_kafka_version_str().decode()


def kiroku_case(bins, brokers, args):
    kiroku = os.path.join(bins, "kiroku")
    data = tempfile.mkdtemp(prefix="kiroku-gw-bench-")
    try:
        subprocess.run([kiroku, "user", "create", "bench", "--password-stdin", "--data-dir", data], input="correct horse battery\n", text=True, check=True, capture_output=True)
        token = subprocess.run([kiroku, "token", "create", "--user", "bench", "--name", "bench", "--data-dir", data], text=True, check=True, capture_output=True).stdout.strip()
        command = [kiroku, "serve", "--port", str(PORT), "--data-dir", data, "--gateway-rate", "1000000", "--log-level", "warning", "--durable-commits"]
        if brokers:
            command += ["--kafka-brokers", brokers, "--gateway-outbox-limit", "10000000"]
        server = subprocess.Popen(command, env=librdkafka_env(args.kiroku_librdkafka_dir), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_up(f"http://127.0.0.1:{PORT}/health", server)
            result = load(PORT, "/api/v1/health-data/", token, args.clients, args.batches, args.warmup)
            if brokers:
                # Drained: every outbox row published and acknowledged, counted from the last answer.
                while outbox_depth(PORT) > 0:
                    time.sleep(0.01)
                result["drain_s"] = time.monotonic() - result["last_answer"]
            return result
        finally:
            stop(server)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def gateway_only_case(bins, brokers, args):
    kiroku = os.path.join(bins, "kiroku")
    directory = tempfile.mkdtemp(prefix="kiroku-gw-only-bench-")
    try:
        keys = os.path.join(directory, "gateway-keys")
        key = subprocess.run([kiroku, "gateway-key", "create", "--owner", "bench", "--file", keys], text=True, check=True, capture_output=True).stdout.strip()
        server = subprocess.Popen([kiroku, "serve", "--gateway-only", "--port", str(PORT), "--kafka-brokers", brokers, "--gateway-keys", keys,
                                   "--gateway-rate", "1000000", "--log-level", "warning"],
                                  env=librdkafka_env(args.kiroku_librdkafka_dir), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_up(f"http://127.0.0.1:{PORT}/health", server)
            return load(PORT, "/api/v1/health-data/", key, args.clients, args.batches, args.warmup)
        finally:
            stop(server)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def peer_case(bins, brokers, args):
    env = dict(os.environ, KAFKA_BROKERS=brokers)
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "peer_gateway:app", "--port", str(PORT), "--workers", "2", "--log-level", "warning", "--no-access-log"],
                              cwd=HERE, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up(f"http://127.0.0.1:{PORT}/health", server)
        time.sleep(1)  # both workers up, not only the first
        return load(PORT, "/api/v1/health-data/", None, args.clients, args.batches, args.warmup)
    finally:
        stop(server)


CASES = {
    "ceiling": ("load generator ceiling (constant answer)", ceiling_case, False),
    "relay": ("Kiroku + Kafka outbox relay, durable commits", lambda b, k, a: kiroku_case(b, k, a), True),
    "sqlite": ("Kiroku, SQLite only, durable commits", lambda b, k, a: kiroku_case(b, None, a), False),
    "gateway-only": ("Kiroku --gateway-only (1 instance, after Kafka's acks)", gateway_only_case, True),
    "peer": ("peer: FastAPI + confluent-kafka, 2 workers", peer_case, True),
}


def port_is_free(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


def main():
    if not port_is_free(PORT):
        sys.exit(f"port {PORT} is taken: every case listens there, so stop what uses it first")
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin-dir", required=True, help="where kiroku and KirokuBenchmarks are")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--batches", type=int, default=200, help="batches of 100 samples per client")
    parser.add_argument("--warmup", type=int, default=0, help="batches per client posted before the clock starts")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated, from: " + ", ".join(CASES))
    parser.add_argument("--mock-librdkafka", choices=["peer", "system"], default="peer", help="the mock cluster's librdkafka")
    parser.add_argument("--kiroku-librdkafka", choices=["system", "peer"], default="system", help="Kiroku's librdkafka")
    args = parser.parse_args()
    mock_librdkafka = librdkafka_dir(args.mock_librdkafka)
    args.kiroku_librdkafka_dir = librdkafka_dir(args.kiroku_librdkafka)
    mock = subprocess.Popen([os.path.join(args.bin_dir, "KirokuBenchmarks"), "kafka-mock"], env=librdkafka_env(mock_librdkafka), stdout=subprocess.PIPE, text=True)
    brokers = mock.stdout.readline().strip()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True).stdout.strip()
    rows = []
    try:
        for case in args.cases.split(","):
            name, run, _ = CASES[case]
            load_before = os.getloadavg()[0]
            result = run(args.bin_dir, brokers, args)
            rows.append((name, result, load_before))
            print(f"{name}: {result['samples_per_s']:,.0f} samples/s", file=sys.stderr)
    finally:
        stop(mock)
    warmup = f" after {args.warmup} unmeasured" if args.warmup else ""
    # The binaries may come from another checkout (--bin-dir): say which file ran, not only where the repository is.
    kiroku = os.path.join(args.bin_dir, "kiroku")
    built = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(os.path.getmtime(kiroku)))
    print(f"repository at {commit}; ran {os.path.realpath(kiroku)}, modified {built}")
    print(f"{args.clients} client processes x {args.batches} batches of 100 samples{warmup}, loopback, mock Kafka, {os.cpu_count()} cores")
    import confluent_kafka
    print(f"librdkafka: mock cluster {librdkafka_version(mock_librdkafka)} ({args.mock_librdkafka}), Kiroku {librdkafka_version(args.kiroku_librdkafka_dir)}"
          f" ({args.kiroku_librdkafka}), peer {confluent_kafka.libversion()[0]}")
    print("| gateway | samples/s | p50 ms | p99 ms | failed requests | outbox drained after last answer | load average before |")
    print("|---|---|---|---|---|---|---|")
    for name, r, load_before in rows:
        drain = f"{r['drain_s']:.2f} s" if "drain_s" in r else ""
        print(f"| {name} | {r['samples_per_s']:,.0f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {r['failures']} | {drain} | {load_before:.1f} |")
    results = {name: r for name, r, _ in rows}
    peer = results.get(CASES["peer"][0])
    relay = results.get(CASES["relay"][0])
    if peer and relay:
        print(f"Kiroku + Kafka (durable) / peer: {relay['samples_per_s'] / peer['samples_per_s']:.1f}x")
    # Like for like: both forward to Kafka, store nothing and answer after Kafka's acks.
    forwarding = results.get(CASES["gateway-only"][0])
    if peer and forwarding:
        print(f"Kiroku --gateway-only / peer: {forwarding['samples_per_s'] / peer['samples_per_s']:.1f}x")


if __name__ == "__main__":
    main()
