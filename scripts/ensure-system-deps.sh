#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: Chromium for the browser
# tests, Noto CJK fonts so Japanese renders in screenshots, and Ghostscript so the QR tests can
# render the EPS files they produce. Safe to run again.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v gs >/dev/null || missing+=(ghostscript)
# No grep -q: it would close the pipe early, and pipefail would read that as "not found".
fc-list : family 2>/dev/null | grep -i 'Noto Sans CJK' >/dev/null || missing+=(fonts-noto-cjk)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} ..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
