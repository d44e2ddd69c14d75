#!/usr/bin/env python3
"""Runs the test command, then fails if any process it started is still running — and kills those.

Usage: scripts/run-tests-leaving-no-processes.py -- swift test --skip-build ...

A process counts as started by this run when
  * its environment carries this run's KIROKU_TEST_RUN token (set here, inherited by the test process and by every
    program the tests start: kiroku, chromedriver and its chromium, kcat, openssl, python peers), or
  * it has one of the names the tests start, runs in this session, and did not exist before the run.
Processes that were running before the run began are never touched, so other test runs and servers on the same
machine are safe. The exit status is the test command's, or 1 when it passed but left processes behind.
"""
import os
import secrets
import signal
import subprocess
import sys
import time

# Names (as in /proc/PID/comm, 15 characters at most) of the programs the tests start.
WATCHED_NAMES = ("kiroku", "chromedriver", "chromium", "chrome", "chrome_crashpad", "kcat", "kafkacat", "openssl",
                 "sqlite3", "python3", "python", "timeout")
# Processes still exiting when the test command returns (chromium's crashpad handlers follow their browser within a
# second; the test process's watchdog exits once it has seen the test process go) are given this long.
GRACE_SECONDS = 8


def processes():
    """pid -> (start time, ppid, session, comm, command line, environment) for every process that can be read."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                stat = handle.read().decode(errors="replace")
            # comm may hold spaces and parentheses: the fields after it start at the last ')'.
            comm = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2:].split()
            ppid, session, start = int(fields[1]), int(fields[3]), int(fields[19])
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                command = handle.read().replace(b"\0", b" ").decode(errors="replace").strip()
            try:
                with open(f"/proc/{pid}/environ", "rb") as handle:
                    environment = handle.read()
            except OSError:
                environment = b""
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile, or a kernel thread
        table[pid] = (start, ppid, session, comm, command, environment)
    return table


def ancestors(table, pid):
    chain = set()
    while pid in table and pid not in chain and pid > 1:
        chain.add(pid)
        pid = table[pid][1]
    return chain


def leftovers(before, token):
    table = processes()
    ours = ancestors(table, os.getpid())
    session = os.getsid(0)
    marker = b"KIROKU_TEST_RUN=" + token.encode()
    found = {}
    for pid, (start, ppid, sid, comm, command, environment) in table.items():
        if pid in ours or (pid, start) in before:
            continue
        carries_token = marker in environment.split(b"\0")
        new_in_session = sid == session and comm.startswith(WATCHED_NAMES)
        if carries_token or new_in_session:
            found[pid] = (ppid, sid, comm, command)
    return found


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["--"]:
        arguments = arguments[1:]
    if not arguments:
        sys.exit(__doc__)
    token = secrets.token_hex(8)
    before = {(pid, row[0]) for pid, row in processes().items()}
    environment = dict(os.environ, KIROKU_TEST_RUN=token)
    status = subprocess.call(arguments, env=environment)

    deadline = time.monotonic() + GRACE_SECONDS
    left = leftovers(before, token)
    while left and time.monotonic() < deadline:
        time.sleep(0.5)
        left = leftovers(before, token)
    if not left:
        print("No test process left running.")
        sys.exit(status)

    print(f"\nThe tests left {len(left)} process(es) running (killed now):", file=sys.stderr)
    print(f"{'PID':>7} {'PPID':>7} {'SESSION':>7}  NAME             COMMAND", file=sys.stderr)
    for pid, (ppid, sid, comm, command) in sorted(left.items()):
        print(f"{pid:>7} {ppid:>7} {sid:>7}  {comm:<16} {command[:150]}", file=sys.stderr)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in left:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        time.sleep(1)
    sys.exit(status or 1)


if __name__ == "__main__":
    main()
