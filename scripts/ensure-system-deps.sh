#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: the three browser engines
# (Chromium and its headless shell, which the tests drive; Firefox ESR; WebKitGTK's WebDriver with
# Xvfb for its window), Noto CJK fonts so Japanese renders in screenshots, and Ghostscript so the QR
# tests can render the EPS files they produce; then the ja_JP and en_US locales WebKit takes the
# page's language from. Safe to run again.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v gs >/dev/null || missing+=(ghostscript)
# No grep -q: it would close the pipe early, and pipefail would read that as "not found".
fc-list : family 2>/dev/null | grep -i 'Noto Sans CJK' >/dev/null || missing+=(fonts-noto-cjk)
command -v localedef >/dev/null && [ -d /usr/share/i18n/locales ] || missing+=(locales)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing ${missing[*]} ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# WebKitGTK takes navigator.language from LANG, which needs the locale compiled.
for loc in ja_JP en_US; do
  if ! locale -a 2>/dev/null | grep -i "^${loc}\.utf-\?8$" >/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "Missing locale ${loc}.UTF-8. Make it with: sudo localedef -i ${loc} -f UTF-8 ${loc}.UTF-8" >&2
      exit 1
    fi
    localedef -i "$loc" -f UTF-8 "${loc}.UTF-8"
  fi
done
