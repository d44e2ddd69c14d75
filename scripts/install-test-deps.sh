#!/usr/bin/env bash
# Installs the Debian packages Kiroku's tests need, when run as root and they are missing.
# Anyone else is told what is missing; the end-to-end tests then fail naming it.
set -euo pipefail

packages=(chromium chromium-driver fonts-noto-cjk libsqlite3-dev openssl)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  :
elif [ "$(id -u)" -eq 0 ]; then
  echo "Installing test dependencies: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Missing test dependencies (install as root): ${missing[*]}" >&2
fi

# The OpenAPI document is checked by an independent validator (PyPI's openapi-spec-validator).
if ! python3 -c 'import openapi_spec_validator' 2>/dev/null; then
  echo "Installing openapi-spec-validator from PyPI"
  python3 -m pip install --quiet openapi-spec-validator \
    || python3 -m pip install --quiet --break-system-packages openapi-spec-validator \
    || echo "Could not install openapi-spec-validator; the OpenAPI check will fail" >&2
fi
