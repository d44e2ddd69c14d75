#!/usr/bin/env python3
"""Health Auto Export backfill benchmark (see BENCHMARKS.md): a year of minute-level heart rate and steps
(1,051,200 samples, 88 MB of JSON) posted to a release `kiroku serve` in one request, then posted again (the app's
retry). Prints the answer time of each post and the server's peak RSS (VmHWM) after it.
Usage: bench.py KIROKU_BINARY WORK_DIR [--minutes N]
--minutes sets the length of the backfill (default 525,600, a year); a smaller one only checks that the script runs."""
import argparse, os, shutil, socket, subprocess, sys, time, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def peak_rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("work")
    parser.add_argument("--minutes", type=int, default=525_600)
    args = parser.parse_args()
    binary, work = args.binary, args.work
    os.makedirs(work, exist_ok=True)
    body_path = os.path.join(work, f"backfill-{args.minutes}.json")
    if not os.path.exists(body_path):
        subprocess.run([sys.executable, os.path.join(HERE, "generate_backfill.py"), str(args.minutes), body_path], check=True)
    data = os.path.join(work, "data")
    shutil.rmtree(data, ignore_errors=True)
    subprocess.run([binary, "user", "create", "bench", "--password-stdin", "--data-dir", data],
                   input="correct horse battery\n", text=True, check=True, capture_output=True)
    token = subprocess.run([binary, "token", "create", "--user", "bench", "--name", "bench", "--data-dir", data],
                           text=True, check=True, capture_output=True).stdout.strip()
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--data-dir", data],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        body = open(body_path, "rb").read()
        print(f"backfill: {len(body) / 2**20:.1f} MiB JSON")
        for name in ("first post", "retry"):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/health-auto-export", data=body,
                                             headers={"api-key": token, "Content-Type": "application/json"})
            started = time.monotonic()
            answer = urllib.request.urlopen(request, timeout=600).read().decode()
            elapsed = time.monotonic() - started
            print(f"{name}: {elapsed:.1f} s, peak RSS {peak_rss_mib(server.pid):.0f} MiB, answer {answer}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
