#!/usr/bin/env bash
# Installs what the build and the tests need, and only what is missing:
#   Debian packages: emscripten, libeigen3-dev, doctest-dev, chromium, cmake, g++, clang (fuzzing),
#   clang-format and clang-tidy (npm run lint); poppler-utils (pdftoppm, pdftotext: the printed
#   chapter read back in tests/browser/print.test.mjs); firefox-esr, webkit2gtk-driver (WebKitWebDriver and
#   MiniBrowser) and xvfb for the firefox and webkit test stages (tests/engines)
#   npm packages: exactly the lock file's (npm ci), when node_modules is missing or older than the lock.
# Fast when everything is already there. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in emscripten libeigen3-dev doctest-dev chromium cmake g++ clang libclang-rt-14-dev clang-format clang-tidy \
  poppler-utils firefox-esr webkit2gtk-driver xvfb; do
  have_pkg "$p" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
      echo "setup: missing Debian packages and not root. Run as root:" >&2
      echo "  apt-get update && apt-get install -y ${need[*]}" >&2
      exit 1
    fi
  else SUDO=""; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q || { echo "setup: apt-get update failed; run: apt-get update && apt-get install -y ${need[*]}" >&2; exit 1; }
  $SUDO apt-get install -y -q --no-install-recommends "${need[@]}" \
    || { echo "setup: could not install; run: apt-get install -y ${need[*]}" >&2; exit 1; }
fi

stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "setup: installing npm packages from package-lock.json"
  # puppeteer-core (the Firefox stage's client) drives the Debian firefox-esr: no browser download.
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund || { echo "setup: 'npm ci' failed; run it by hand to see why" >&2; exit 1; }
fi
