#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer harnesses in Fuzz/ (address sanitizer on, into .build-fuzz) and runs each for
# FUZZ_RUNS inputs (default 1,000,000), starting from its corpus in Fuzz/Corpus. Inputs libFuzzer finds interesting
# go to .build-fuzz/corpus (never into the repository); a crash or a broken invariant leaves its input in
# .build-fuzz/crashes/<target>/. A summary table is written to .build-fuzz/summary.md.
# FUZZ_TARGETS picks targets; FUZZ_FLAGS adds libFuzzer flags (-jobs=2, -max_total_time=…).
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${FUZZ_RUNS:-1000000}
targets=${FUZZ_TARGETS:-FuzzXMLExport FuzzJSONScanner FuzzCSVRecords FuzzWorkoutCSV FuzzDates}
scratch=.build-fuzz
export KIROKU_FUZZ=1
# The Swift runtime's crash reporter would take libFuzzer's crash signals first (and wait for a terminal).
export SWIFT_BACKTRACE=enable=no
build=(swift build -c release --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
       -Xcc -fsanitize=fuzzer-no-link,address)

for target in $targets; do
  "${build[@]}" --product "$target" || exit 1
done
bin=$("${build[@]}" --show-bin-path)

summary=$scratch/summary.md
{
  echo "| target | inputs run | seconds | inputs/s | corpus | result |"
  echo "|---|---:|---:|---:|---:|---|"
} > "$summary"
failed=0
for target in $targets; do
  mkdir -p "$scratch/corpus/$target" "$scratch/crashes/$target"
  log=$scratch/$target.log
  # Export documents need room for a DOCTYPE and a few records; one line or cell is far shorter.
  case $target in FuzzXMLExport | FuzzJSONScanner) max_len=16384 ;; FuzzDates) max_len=64 ;; *) max_len=4096 ;; esac
  started=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$bin/$target" -runs="$runs" -max_len=$max_len -dict="Fuzz/Dictionaries/$target.dict" -timeout=20 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$scratch/crashes/$target/" ${FUZZ_FLAGS:-} \
    "$scratch/corpus/$target" "Fuzz/Corpus/$target" > "$log" 2>&1
  status=$?
  seconds=$(echo "$(date +%s.%N) - $started" | bc)
  executed=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  corpus=$(ls "$scratch/corpus/$target" | wc -l)
  if [ "$status" -eq 0 ]; then
    result="no crash"
  else
    failed=1
    crash=$(ls -t "$scratch/crashes/$target" 2>/dev/null | head -1)
    reason=$(grep -m1 -E 'Invariant broken|ERROR: AddressSanitizer|Fatal error|deadly signal|ERROR: libFuzzer' "$log" | cut -c1-160)
    result="**stopped** ($reason) — input: $scratch/crashes/$target/$crash"
  fi
  rate=$(echo "${executed:-0} / $seconds" | bc)
  printf '| %s | %s | %.0f | %s | %s | %s |\n' "$target" "${executed:-0}" "$seconds" "$rate" "$corpus" "$result" >> "$summary"
  echo "$target: ${executed:-0} inputs in ${seconds%.*} s — $result (log: $log)"
done
echo
cat "$summary"
exit $failed
