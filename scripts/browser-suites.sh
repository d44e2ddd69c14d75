#!/bin/sh
# Prints the end-to-end suites that drive chromium, as one regular expression for `swift test --filter/--skip`.
# `make test` runs them one test at a time: run together, two dozen browsers on two cores starve each other and a
# test's time limit is spent waiting for the CPU instead of on the test (the CI runs of 459811d and before).
set -e
cd "$(dirname "$0")/.."
suites=$(grep -l -e 'BrowserHarness\.run(' -e 'WebDriver\.start(' Tests/EndToEndTests/*Tests.swift \
    | xargs sed -n 's/.*struct \([A-Za-z0-9_]*Tests\).*/\1/p' | sort -u | paste -sd '|' -)
if [ -z "$suites" ]; then
    echo "no browser suites found under Tests/EndToEndTests" >&2
    exit 1
fi
echo "EndToEndTests\.($suites)/"
