#!/bin/sh
# SQLite's own share of an import, without Kiroku: the health records of a database an import wrote are copied, in
# the order they were stored, into an empty copy of the table by the sqlite3 shell, with the indexes the schema has,
# with fewer of them, and with the secondary indexes built after the copy instead of during it. Last, the same
# samples stored as one row per owner, metric, source and hour (the compact layout issue 16's closing notes name),
# to size what such a layout would save. Each variant runs ROUNDS times (default 2); the shell prints each
# statement's time.
#
# Usage: Benchmarks/HealthImport/schema_floors.sh DATABASE [ROUNDS]
#   DATABASE: kiroku.sqlite after `make bench-import` (BENCH_DIR/kiroku-data/kiroku.sqlite) or any fresh import.
set -eu
source_db=$(realpath "$1")
rounds=${2:-2}
work=$(mktemp -d /tmp/kiroku-schema-floors-XXXXXX)
trap 'rm -rf "$work"' EXIT
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 shell (apt-get install sqlite3)" >&2; exit 1; }

records=$(sqlite3 "$source_db" "SELECT count(*) FROM healthRecord")
echo "source: $source_db, $records health records; sqlite $(sqlite3 --version | cut -d' ' -f1)"

# The table and indexes as the migrations leave them (ids and keys are copied, so the AUTOINCREMENT counter is not
# part of the work). The import's own settings: 8 MiB page cache, synchronous NORMAL, WAL.
schema="
PRAGMA journal_mode = WAL;
$(sqlite3 "$source_db" "SELECT sql || ';' FROM sqlite_master WHERE tbl_name = 'healthRecord' AND type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC")
"
settings="PRAGMA synchronous = NORMAL; PRAGMA cache_size = -8192; ATTACH '$source_db' AS src;"

# $1: label; $2: SQL run after the schema (drops); $3: SQL run after the copy (index builds).
variant() {
    for round in $(seq "$rounds"); do
        rm -f "$work"/floor.sqlite*
        printf '%s\n%s\n' "$schema" "$2" | sqlite3 "$work/floor.sqlite" >/dev/null
        times=$(printf '%s\n.timer on\nBEGIN;\nINSERT INTO healthRecord SELECT * FROM src.healthRecord ORDER BY id;\nCOMMIT;\n%s\n' "$settings" "$3" \
            | sqlite3 "$work/floor.sqlite" | awk '/^Run Time/ {s += $4} END {printf "%.2f", s}')
        echo "| $1 | $round | $times |"
    done
}

echo "| layout | round | seconds (copy + commit + index builds) |"
echo "|---|---:|---:|"
variant "healthRecord as it is (table + 3 indexes on these rows)" "" ""
variant "without (userId, startAt)" "DROP INDEX healthRecord_byUserStart;" ""
variant "without both time indexes" "DROP INDEX healthRecord_byUserStart; DROP INDEX healthRecord_byUserMetricStart;" ""
variant "both time indexes built after the copy" "DROP INDEX healthRecord_byUserStart; DROP INDEX healthRecord_byUserMetricStart;" \
    "$(sqlite3 "$source_db" "SELECT sql || ';' FROM sqlite_master WHERE name IN ('healthRecord_byUserStart', 'healthRecord_byUserMetricStart')")"
variant "without any index (table alone)" \
    "DROP INDEX healthRecord_byUserStart; DROP INDEX healthRecord_byUserMetricStart; DROP INDEX healthRecord_byNaturalKey;" ""

# One row per owner, metric, unit, source, device and hour, the samples' own fields packed into one value; staged in
# memory first so that only the insert is timed.
for round in $(seq "$rounds"); do
    rm -f "$work"/series.sqlite*
    times=$(sqlite3 "$work/series.sqlite" <<SQL | awk '/^Run Time/ {s += $4} END {printf "%.2f", s}'
PRAGMA journal_mode = WAL;
$settings
PRAGMA temp_store = MEMORY;
CREATE TEMP TABLE staged AS
    SELECT userId, metric, originalUnit, source, sourceName, device, substr(startAt, 1, 13) AS hour, count(*) AS n,
        group_concat(startAt || ',' || endAt || ',' || value || ',' || originalValue || ',' || naturalKey || ',' || ifnull(metadata, ''), ';') AS samples,
        min(id) AS firstId
    FROM src.healthRecord GROUP BY userId, metric, originalUnit, source, sourceName, device, hour;
CREATE TABLE healthSeries (id INTEGER PRIMARY KEY, userId INTEGER NOT NULL, metric TEXT NOT NULL, unit TEXT NOT NULL,
    source TEXT NOT NULL, sourceName TEXT, device TEXT, hour TEXT NOT NULL, count INTEGER NOT NULL, samples BLOB NOT NULL);
CREATE INDEX healthSeries_byUserMetricHour ON healthSeries(userId, metric, hour);
CREATE INDEX healthSeries_byUserHour ON healthSeries(userId, hour);
.timer on
BEGIN;
INSERT INTO healthSeries (userId, metric, unit, source, sourceName, device, hour, count, samples)
    SELECT userId, metric, originalUnit, source, sourceName, device, hour, n, samples FROM staged ORDER BY firstId;
COMMIT;
SQL
)
    rows=$(sqlite3 "$work/series.sqlite" "SELECT count(*) FROM healthSeries")
    echo "| one row per owner, metric, source and hour ($rows rows, 2 indexes) | $round | $times |"
done
