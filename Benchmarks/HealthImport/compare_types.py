#!/usr/bin/env python3
"""Per-type counts of one Apple Health export.zip: what the file holds, what healthkit-to-sqlite (PyPI) stored and
what `kiroku import` stored (typed samples plus rows kept raw), side by side, so every difference can be explained.
Usage: compare_types.py KIROKU_BINARY HEALTHKIT_TO_SQLITE_BINARY (export.zip | --generate MB) WORK_DIR
--generate writes generate_export.py's export of that size, with a small GPX file for every route it names."""
import collections, os, re, shutil, sqlite3, subprocess, sys, zipfile
from xml.etree import ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG = os.path.join(HERE, "..", "..", "Sources", "Health", "MetricCatalog.swift")


def catalog_types():
    """Kiroku metric id -> HealthKit identifier, read from the catalog's source (one `Metric(` entry each)."""
    text = open(CATALOG, encoding="utf-8").read()
    mapping = {}
    for entry in text.split("Metric(")[1:]:
        metric = re.search(r'id: "(\w+)"', entry)
        identifier = re.search(r'healthKitIdentifier: (?:hk\("(\w+)"\)|"(\w+)")', entry)
        if metric and identifier:
            quantity, other = identifier.groups()
            mapping[metric.group(1)] = "HKQuantityTypeIdentifier" + quantity if quantity else other
    return mapping


def in_file(archive):
    """Per type: top-level records, records inside a Correlation; and workouts, correlations, activity summaries,
    route points (inline and in the zip's GPX files)."""
    top, nested, other = collections.Counter(), collections.Counter(), collections.Counter()
    with zipfile.ZipFile(archive) as z:
        name = next(n for n in z.namelist() if n.endswith("export.xml") and "cda" not in n)
        depth, correlation = 0, False
        for event, el in ET.iterparse(z.open(name), events=("start", "end")):
            if event == "start":
                depth += 1
                if el.tag == "Correlation":
                    correlation = True
                continue
            depth -= 1
            if el.tag == "Record":
                (nested if correlation else top)[el.get("type")] += 1
            elif el.tag == "Correlation":
                correlation = False
                other["Correlation " + el.get("type")] += 1
            elif el.tag in ("Workout", "ActivitySummary", "Location"):
                other[el.tag] += 1
            if depth == 1:
                el.clear()
        for gpx in (n for n in z.namelist() if n.endswith(".gpx")):
            other["GPX trkpt"] += z.read(gpx).count(b"<trkpt")
    return top, nested, other


def healthkit_to_sqlite(tool, archive, work):
    database = os.path.join(work, "healthkit.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    subprocess.run([tool, archive, database], check=True, capture_output=True)
    connection = sqlite3.connect(database)
    counts = {}
    for (table,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        counts[table] = connection.execute(f"SELECT COUNT(*) FROM [{table}]").fetchone()[0]
    return counts


def kiroku(binary, archive, work):
    data = os.path.join(work, "kiroku-data")
    shutil.rmtree(data, ignore_errors=True)
    subprocess.run([binary, "user", "create", "compare", "--password-stdin", "--data-dir", data],
                   input="correct horse battery\n", text=True, check=True, capture_output=True)
    subprocess.run([binary, "import", archive, "--user", "compare", "--data-dir", data], check=True, capture_output=True)
    connection = sqlite3.connect(os.path.join(data, "kiroku.sqlite"))
    samples = dict(connection.execute("SELECT metric, COUNT(*) FROM healthRecord GROUP BY metric"))
    raw = dict(connection.execute("SELECT type, COUNT(*) FROM healthRawItem WHERE element = 'Record' GROUP BY type"))
    elements = dict(connection.execute("SELECT element, COUNT(*) FROM healthRawItem WHERE element != 'Record' GROUP BY element"))
    other = {
        "Workout": connection.execute("SELECT COUNT(*) FROM healthWorkout").fetchone()[0],
        "Correlation": connection.execute("SELECT COUNT(*) FROM healthCorrelation").fetchone()[0],
        "route points": connection.execute("SELECT COUNT(*) FROM healthWorkoutRoutePoint").fetchone()[0],
    }
    return samples, raw, elements, other


def generated(size, work):
    """generate_export.py's export.xml zipped as the Health app does, with the GPX files its workouts name."""
    xml = os.path.join(work, f"compare-{size}.xml")
    archive = os.path.join(work, f"compare-{size}.zip")
    subprocess.run([sys.executable, os.path.join(HERE, "generate_export.py"), xml, "--size", str(size)], check=True)
    text = open(xml, encoding="utf-8").read()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(xml, "apple_health_export/export.xml")
        for path in sorted(set(re.findall(r'FileReference path="([^"]+)"', text))):
            day = re.search(r"route_(\d{4}-\d{2}-\d{2})", path).group(1)
            points = "".join(
                f'<trkpt lon="139.7{i}" lat="35.6{i}"><ele>{10 + i}</ele><time>{day}T09:0{i}:00Z</time>'
                f"<extensions><speed>2.5</speed><course>90</course><hAcc>5</hAcc><vAcc>4</vAcc></extensions></trkpt>"
                for i in range(3)
            )
            z.writestr("apple_health_export" + path, '<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" '
                       'creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>'
                       + points + "</trkseg></trk></gpx>")
    return archive


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    binary, tool = sys.argv[1:3]
    work = sys.argv[-1]
    os.makedirs(work, exist_ok=True)
    archive = generated(int(sys.argv[4]), work) if sys.argv[3] == "--generate" else sys.argv[3]
    top, nested, other = in_file(archive)
    hk = healthkit_to_sqlite(tool, archive, work)
    samples, raw, elements, kiroku_other = kiroku(binary, archive, work)
    by_type = collections.Counter()
    types = catalog_types()
    for metric, count in samples.items():
        by_type[types.get(metric, metric)] += count
    for kind, count in raw.items():
        by_type[kind] += count

    def hk_table(kind):
        return "r" + kind.replace("HKQuantityTypeIdentifier", "").replace("HKCategoryTypeIdentifier", "")

    print("| type | in the file (top level + in correlations) | healthkit-to-sqlite rows | kiroku (samples + kept raw) |")
    print("|---|---:|---:|---:|")
    for kind in sorted(set(top) | set(nested)):
        shown = f"{top[kind]:,}" + (f" + {nested[kind]:,}" if nested[kind] else "")
        print(f"| {kind} | {shown} | {hk.get(hk_table(kind), 0):,} | {by_type[kind]:,} |")
    print(f"| Workout | {other['Workout']:,} | {hk.get('workouts', 0):,} | {kiroku_other['Workout']:,} |")
    print(f"| route points (inline + GPX) | {other['Location'] + other['GPX trkpt']:,} | {hk.get('workout_points', 0):,} | {kiroku_other['route points']:,} |")
    print(f"| ActivitySummary | {other['ActivitySummary']:,} | {hk.get('activity_summary', 0):,} | {elements.get('ActivitySummary', 0):,} (kept raw) |")
    correlations = sum(v for k, v in other.items() if k.startswith("Correlation "))
    print(f"| Correlation | {correlations:,} | not stored | {kiroku_other['Correlation']:,} |")


if __name__ == "__main__":
    main()
