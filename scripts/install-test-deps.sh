#!/usr/bin/env bash
# What the tests need beyond the build: a real headless browser and its WebDriver, CJK fonts for screenshots,
# openssl for throwaway certificates, kcat to read Kafka from another process, sqlite3 to look inside a database
# while another process writes it, librsvg's rsvg-convert to draw the share card, python3-venv for the
# contract test's schemathesis and the benchmark scripts' peers, and GNU time (/usr/bin/time -v) for the import
# benchmark's peak RSS, which Benchmarks/smoke.py runs.
set -euo pipefail
cd "$(dirname "$0")"

./install-packages.sh chromium chromium-driver fonts-noto-cjk openssl kcat sqlite3 librsvg2-bin python3-venv time

# The OpenAPI document is checked by an independent validator (PyPI's openapi-spec-validator).
if ! python3 -c 'import openapi_spec_validator' 2>/dev/null; then
  echo "Installing openapi-spec-validator from PyPI"
  python3 -m pip install --quiet openapi-spec-validator \
    || python3 -m pip install --quiet --break-system-packages openapi-spec-validator \
    || echo "Could not install openapi-spec-validator; the OpenAPI check will fail" >&2
fi

# The contract test (scripts/contract-test.sh) runs PyPI's schemathesis, pinned, from a venv under .build.
./install-schemathesis.sh
