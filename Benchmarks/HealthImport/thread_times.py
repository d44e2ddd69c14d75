#!/usr/bin/env python3
"""Which thread of an Apple Health import sets its time: one fresh import, and for each of its threads the CPU time, the
time it was ready but waited for a CPU, and the rest of its life (blocked: waiting for the other thread, or for I/O),
read from /proc/PID/task/*/schedstat every 20 ms while the import runs. The thread that is never idle is the one to
make faster; on two cores an import whose threads are both busy is bound by their sum.

Usage: thread_times.py KIROKU_BINARY EXPORT_ZIP [--data-dir DIR]
The import's reading thread lives until the import ends (it also finishes the job); its writing thread ends after the
last batch. Thread names are not reliable here (Foundation's threads show the dispatch queue's name)."""
import argparse
import os
import shutil
import subprocess
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kiroku")
    parser.add_argument("export")
    parser.add_argument("--data-dir", default="/tmp/kiroku-thread-times")
    args = parser.parse_args()
    shutil.rmtree(args.data_dir, ignore_errors=True)
    subprocess.run([args.kiroku, "user", "create", "bench", "--password-stdin", "--data-dir", args.data_dir],
                   input="correct horse battery\n", text=True, capture_output=True, check=True)
    os.sync()
    start = time.monotonic()
    process = subprocess.Popen([args.kiroku, "import", args.export, "--user", "bench", "--data-dir", args.data_dir],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = {}
    while process.poll() is None:
        now = time.monotonic() - start
        try:
            tids = os.listdir(f"/proc/{process.pid}/task")
        except OSError:
            tids = []
        for tid in tids:
            try:
                run, wait, _ = open(f"/proc/{process.pid}/task/{tid}/schedstat").read().split()
            except (OSError, ValueError):
                continue
            first = seen[tid][2] if tid in seen else now
            seen[tid] = (int(run) / 1e9, int(wait) / 1e9, first, now)
        time.sleep(0.02)
    wall = time.monotonic() - start
    print(f"import: {wall:.2f} s wall, exit status {process.returncode}")
    print("thread    CPU s  waiting for a CPU s  alive from–to s  otherwise idle s")
    for tid, (run, wait, first, last) in sorted(seen.items(), key=lambda item: -item[1][0])[:4]:
        print(f"{tid:>7} {run:7.2f} {wait:20.2f}   {first:5.2f}–{last:5.2f} {last - first - run - wait:17.2f}")
    shutil.rmtree(args.data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
