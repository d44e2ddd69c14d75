#!/usr/bin/env bash
# Installs the Debian packages Kiroku's tests need, when run as root and they are missing.
# Anyone else gets told what is missing; the end-to-end tests then skip themselves and say why.
set -euo pipefail

packages=(chromium chromium-driver fonts-noto-cjk libsqlite3-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "Installing test dependencies: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Missing test dependencies (install as root): ${missing[*]}" >&2
fi
