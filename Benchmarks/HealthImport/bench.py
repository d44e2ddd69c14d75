#!/usr/bin/env python3
"""Apple Health import benchmark: kiroku import vs healthkit-to-sqlite (PyPI) on the same generated export,
in the same run. Measures wall time, records/s and peak RSS (from /usr/bin/time -v) for:
  kiroku, fresh database          (export.zip)
  kiroku, re-import into the same database (adds nothing)
  kiroku, fresh database, half-size file   (RSS must not grow with file size)
  healthkit-to-sqlite, fresh database      (export.zip)
and, given the benchmark binary, the import's two floors on the same file (KirokuBenchmarks import-floors):
  parse only (inflate, read and map every item, write nothing) and write only (the same mapped items, held in
  memory, committed into a fresh database by the import's own writer); an import that overlaps them perfectly
  takes as long as the larger.
Usage: bench.py KIROKU_BINARY WORK_DIR [--size MB] [--floors KIROKU_BENCHMARKS_BINARY]"""
import argparse, json, os, re, shutil, sqlite3, subprocess, sys, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, **kwargs):
    """Runs command under /usr/bin/time -v; returns (stdout, seconds, peak RSS in MB).

    The disk is synced first, so that no run waits on the write-back of what an earlier one wrote (a fresh import
    leaves a few hundred MB of dirty pages, and the peer's commits wait for the disk)."""
    os.sync()
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stdout}\n{result.stderr}")
    elapsed = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    hours, minutes, seconds = elapsed.groups()
    wall = int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds)
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
    cpu = sum(float(x) for x in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", result.stderr))
    return result.stdout, wall, rss, cpu


def export(work, size):
    xml = os.path.join(work, f"export-{size}.xml")
    archive = os.path.join(work, f"export-{size}.zip")
    if not os.path.exists(archive):
        subprocess.run([sys.executable, os.path.join(HERE, "generate_export.py"), xml, "--size", str(size)], check=True)
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(xml, "apple_health_export/export.xml")
    return xml, archive


def kiroku_total(output, column):
    line = next(l for l in output.splitlines() if l.startswith("Total"))
    return int(line.split()[column])


def kiroku_run(binary, work, archive, fresh):
    data = os.path.join(work, "kiroku-data")
    if fresh:
        shutil.rmtree(data, ignore_errors=True)
        subprocess.run([binary, "user", "create", "bench", "--password-stdin", "--data-dir", data],
                       input="correct horse battery\n", text=True, check=True, capture_output=True)
    env = dict(os.environ, LANG="en_US.UTF-8")
    out, wall, rss, cpu = timed([binary, "import", archive, "--user", "bench", "--data-dir", data], env=env)
    imported, present = kiroku_total(out, 1), kiroku_total(out, 2)
    return imported + present, imported, wall, rss, cpu


def healthkit_to_sqlite(work, archive):
    venv = os.path.join(work, "venv")
    tool = os.path.join(venv, "bin", "healthkit-to-sqlite")
    if not os.path.exists(tool):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "healthkit-to-sqlite"], check=True)
    database = os.path.join(work, "healthkit.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    _, wall, rss, cpu = timed([tool, archive, database])
    connection = sqlite3.connect(database)
    tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    rows = sum(connection.execute(f"SELECT COUNT(*) FROM [{table}]").fetchone()[0] for table in tables)
    version = subprocess.run([os.path.join(venv, "bin", "pip"), "show", "healthkit-to-sqlite"], capture_output=True, text=True).stdout
    return rows, wall, rss, cpu, re.search(r"Version: (\S+)", version).group(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("work")
    parser.add_argument("--size", type=int, default=220)
    parser.add_argument("--floors", help="the KirokuBenchmarks binary: also measure the parse-only and write-only floors")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    os.makedirs(args.work, exist_ok=True)
    xml, archive = export(args.work, args.size)
    _, half = export(args.work, args.size // 2)
    print(f"export: {os.path.getsize(xml) / 2**20:.0f} MiB XML, {os.path.getsize(archive) / 2**20:.1f} MiB zip")

    rows = []
    items, imported, wall, rss, cpu = kiroku_run(args.binary, args.work, archive, fresh=True)
    rows.append(("kiroku import, fresh", items, imported, wall, rss, cpu))
    fresh_rate = items / wall
    items, imported, wall, rss, cpu = kiroku_run(args.binary, args.work, archive, fresh=False)
    rows.append(("kiroku import, re-import", items, imported, wall, rss, cpu))
    items, imported, wall, rss, cpu = kiroku_run(args.binary, args.work, half, fresh=True)
    rows.append((f"kiroku import, fresh, {args.size // 2} MB file", items, imported, wall, rss, cpu))
    hk_rows, wall, rss, cpu, version = healthkit_to_sqlite(args.work, archive)
    rows.append((f"healthkit-to-sqlite {version}, fresh", hk_rows, hk_rows, wall, rss, cpu))

    print(f"| run | records | added | wall s | records/s | CPU s | peak RSS MiB |")
    print(f"|---|---:|---:|---:|---:|---:|---:|")
    for name, items, added, wall, rss, cpu in rows:
        print(f"| {name} | {items:,} | {added:,} | {wall:.1f} | {items / wall:,.0f} | {cpu:.1f} | {rss:.0f} |")
    print(f"ratio (records/s, fresh): kiroku / healthkit-to-sqlite = {fresh_rate / (hk_rows / rows[-1][3]):.1f}x")
    if args.floors:
        floor_dir = os.path.join(args.work, "floors")
        shutil.rmtree(floor_dir, ignore_errors=True)
        out, wall, rss, cpu = timed([args.floors, "import-floors", archive, floor_dir])
        floors = json.loads(out.strip().splitlines()[-1])
        larger = max(floors["parse_seconds"], floors["write_seconds"])
        print(f"floors: parse only {floors['parse_seconds']:.2f} s ({floors['items']:,} items), "
              f"write only {floors['write_seconds']:.2f} s ({floors['write_rows_added']:,} rows added)")
        print(f"kiroku fresh import / larger floor = {rows[0][3] / larger:.2f}x")
    load = os.getloadavg()
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
