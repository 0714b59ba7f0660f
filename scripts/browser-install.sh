#!/usr/bin/env bash
# browser-install.sh - install Debian's Chromium for the browser tests of the web pages
# (internal/web: headless Chromium driven by chromedp). Idempotent and quiet; works on a fresh
# Debian 12 machine as root. Prints nothing but a line on success.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if [[ -x /usr/bin/chromium ]]; then
  echo "browser install: chromium present"
  exit 0
fi
[[ $(id -u) == 0 ]] || { echo "browser install: must run as root to install chromium" >&2; exit 1; }
log=$(mktemp /tmp/browser-install.XXXXXX)
trap 'rm -f "$log"' EXIT
t0=$(date +%s%3N)
run() { # run quietly; show the output only when the command fails
  if ! "$@" >"$log" 2>&1; then
    echo "browser install: '$*' failed:" >&2
    tail -40 "$log" >&2
    exit 1
  fi
}
# apt-get update when the package lists are missing or older than 6 hours (fresh machines have none)
if [[ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -360 2>/dev/null | head -1)" ]]; then
  run apt-get update -q
fi
# Chromium's recommends (fonts, drivers) are not needed headless; fonts-dejavu-core gives the
# pages' Cyrillic a face in the screenshots.
run apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core
echo "browser install: installed chromium in $(( $(date +%s%3N) - t0 )) ms"
