#!/usr/bin/env bash
# Schemathesis (PyPI), pinned, in a venv of its own under .build, for the contract test (scripts/contract-test.sh).
# Does nothing when that version is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
VENV=.build/schemathesis-venv

if [ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]; then
  echo "Installing schemathesis $SCHEMATHESIS_VERSION from PyPI into $VENV"
  python3 -m venv --clear "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION"
fi
